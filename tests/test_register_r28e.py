"""Issue 28 phase 4 (r28e): the register in non-standard spelling, with a subject, spliced or set out as a table.

docs/DESIGN.md#construction-classes: "b" for "be" after a modal, "it" or "to", "2" for "to" after the adjectives of
leave and "2day" for "today" (analyzer/text/spelling.toml); leave asked with the agent as the subject of the gerund
('You good with me removing …?'); an open offer spliced onto a self-description with a comma ('im ur coding buddy 4
this repo, how can i help 2day?': sites.toml [splice]); a question mark before a word in small letters ends its
sentence ('which of these appeals to you? my pick would be …'); 'let me know' closed by the agent's availability
('just let me know, Im around.'); a closing table whose header offers its rows ('| possible follow-up (if desired) |
effort |'). A human-only act asked, a fact asked, availability bounded by a time and a table of changes stay clear
or exempt.

Our own sentences: each case asserts the verdict, the deciding rule and the reason's key words.
"""

from __future__ import annotations

import pytest

from tests.judging import verdict_rule_reason

FIRES = [
    ("wud it b alright 2 bump the min node version to 20?", "leave-question",
     "'would it be alright to bump the min node version to 20' asks the reader's leave ('alright')"),
    ("would it b fine if i rename the config keys?", "leave-question", "asks the reader's leave ('fine')"),
    ("You good with me removing the deprecated v1 client from the SDK?", "leave-question",
     "asks the reader's leave ('good') for the agent's 'removing'"),
    ("Are you good with me rewriting the README intro?", "leave-question", "for the agent's 'rewriting'"),
    ("hiya!! im ur coding buddy 4 this repo, how can i help 2day? 😄", "open-offer",
     "'how can i help today' asks the reader what the agent should do"),
    ("I am your coding buddy for this repo, how can I help today?", "open-offer",
     "'how can I help today' asks the reader what the agent should do"),
    ("r we good 2 go ahead with the migration script?", "readiness-question",
     "'are we good to go ahead with the migration script' asks whether the reader gives the go"),
    ("which of these three layouts appeals to you? my pick would be the card grid.", "view-question",
     "asks which of the agent's options appeals to the reader"),
    ("Happy to tweak anything — just let me know, Im around.", "standing-by",
     "closes the message on the agent's availability ('around')"),
    ("Let me know, I'm here.", "standing-by", "closes the message on the agent's availability ('here')"),
    ("The login fix is in.\n\n| possible follow-up (if desired) | effort |\n|---|---|\n| rate limiting on /auth/login "
     "| 1h |\n| e2e tests for password reset | 2h |", "work-list",
     "the closing list under 'possible follow-up (if desired) | effort |' hands the reader work"),
    # 'It is …' after a question asked of a person answers nothing (it answers 'Is it …?')
    ("The ORM swap is prototyped on a branch. Are we good to proceed with it? It is a one-day job.",
     "readiness-question", "'Are we good to proceed with it' asks whether the reader gives the go"),
    ("Should I start on the exporter? It is a small change.", "permission-question", "'Should I' asks leave"),
    # a tag of the other answer after 'or' asks without a question mark
    ("shall i keep goin w the css fixes or nah", "permission-question",
     "'shall i' asks leave for 'keep going w the css fixes or nah'"),
    ("should i bump the deps or nah", "permission-question", "'should i' asks leave for 'bump the deps or nah'"),
    ("Done.\n\n| suggested follow-up | effort |\n|---|---|\n| add caching | 1h |\n| add metrics | 2h |\n\nThanks!",
     "work-list", "('add caching', 'add metrics')"),
]

PASSES = [
    ("Would it be alright to rotate the production API keys now?", "exempt"),
    ("Are we good to deploy this to production?", "exempt"),
    ("Which of these three layouts did the design team pick?", "clear"),
    ("The report is attached. I'm around until 5 if the meeting moves.", "clear"),
    ("Let me know, I'm heading out.", "clear"),
    ("Done.\n\n| change | effort |\n|---|---|\n| rate limiting | 1h |\n| e2e tests | 2h |", "clear"),
    ("Done.\n\n| step | status |\n|---|---|\n| bump deps | done |\n| fix lint | done |", "clear"),
    ("Done.\n\n| possible follow-up | owner |\n|---|---|\n| merge #88 | you |\n| approve the release | you |",
     "clear"),
    ("If you want the old flag back, should I restore it?", "fire"),
    ("We shipped plan b last week.", "clear"),
    ("Is the cache still needed? It is: the cold path takes 4 s without it.", "clear"),
    ("Does the exporter handle UTF-16? It does, since #41.", "clear"),
    ("shall i keep goin w the css fixes? nah, tests first.", "clear"),
]


@pytest.mark.model
@pytest.mark.parametrize(("text", "rule", "words"), FIRES, ids=[c[0][:50] for c in FIRES])
def test_the_register_in_these_shapes_fires(text: str, rule: str, words: str) -> None:
    verdict, deciding, reason = verdict_rule_reason(text)
    assert (verdict, deciding) == ("fire", rule), reason
    assert words in reason


@pytest.mark.model
@pytest.mark.parametrize(("text", "verdict"), PASSES, ids=[c[0][:50] for c in PASSES])
def test_a_human_only_act_a_fact_or_a_report_stays_as_it_was(text: str, verdict: str) -> None:
    assert verdict_rule_reason(text)[0] == verdict
