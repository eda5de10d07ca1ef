"""Turn-taking and plan approval (docs/DESIGN.md#construction-classes, issue 28) in the shapes the rows missed: the
instruction asked as a question and followed by the agent's next act ('Could you run X and tell me what it prints? Then
I'll …'), the reader's work made the condition of the agent's act ('Once you've run make lint and sent me the output,
I'll fix …'), the reader's view asked with nothing after it ('What do you think?'), the elliptical approval verb
('Agree?'), the agent's plan measured against the reader's intent ('Does that fit what you had in mind?'), the reader's
preference among the agent's options ('Which of these do you like best?'). A human-only or reader-only act asked
of the reader, and a question about a fact, stay clear. Sentences of our own."""

from __future__ import annotations

import pytest

from tests.judging import verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Could you run the migration script against your local DB and tell me what it prints? Then I'll write "
         "the next one.", "turn-taking", "tells the reader to 'run …' and waits for the report back"),
        ("Can you check whether cargo test passes on your end? I'll take it from there.", "turn-taking",
         "tells the reader to 'check …' and waits for it"),
        ("Would you rebuild the image locally and paste the logs here?", "turn-taking",
         "tells the reader to 'rebuild …' and waits for the report back"),
        ("Once you've run make lint and sent me the output, I'll fix the remaining warnings.", "turn-taking",
         "tells the reader to 'run …' and waits for the report back"),
        ("After you rerun the benchmark and paste the numbers, I can compare them.", "turn-taking",
         "tells the reader to 'rerun …'"),
        ("Proposed approach: keep the REST API and add a thin GraphQL facade on top. What do you think?",
         "view-question", "asks what the reader thinks ('think') of what the message proposes"),
        ("So that's the split I'd use. What do you reckon?", "view-question", "asks what the reader thinks ('reckon')"),
        ("Plan: pin the flaky deps, bisect the failure, then patch. Agree?", "approval-question",
         "asks the reader to approve"),
        ("I'm leaning towards SQLite for the local queue. Does that fit what you had in mind?", "approval-question",
         "asks the reader's approval ('had')"),
        ("Does this schema match what you expected?", "approval-question", "asks the reader's approval ('expected')"),
        ("Which of these three layouts do you like best? I'd go with the second one myself.", "view-question",
         "the reader prefers ('like')"),
        ("I sketched two menus. Which one do you like more?", "view-question", "the reader prefers ('like')"),
    ],
)
def test_the_turn_or_the_plan_handed_back_fires(text: str, rule: str, words: str) -> None:
    verdict, deciding, reason = verdict_rule_reason(text)
    assert (verdict, deciding) == ("fire", rule)
    assert words in reason


@pytest.mark.parametrize(
    "text",
    [
        # a human-only act or what only the reader has, asked of the reader
        "Could you log in to the dashboard and tell me what it shows? Then I'll adjust the query.",
        "Can you merge #812 and tell me when it's in? I'll rebase then.",
        "Could you share the API key? I'll configure the deploy.",
        "Once you've merged #812 and told me, I'll rebase the stack.",
        # a question about a fact, no view of a plan
        "Could you explain what the flag does?",
        "What do you think caused the drift?",
        "Does the output match what you see locally?",
        "Which browser do you use?",
        "When you're back, the summary is in NOTES.md.",
    ],
)
def test_a_human_only_act_or_a_fact_does_not_fire(text: str) -> None:
    assert verdict_rule_reason(text)[:2] == ("clear", None)
