"""r37b (docs/DESIGN.md#construction-classes): the closed word classes the register rules read, audited against English
rather than samples — the hand-over idioms (the court as the reader's place, a decision that rests or lies with the
reader, 'your shout'), the reader's go as a noun (its lead, say, ratification; 'thumbs up' and
'sign off' in two words), approval predicates, readiness words and nouns of leave. Each member fires in its
construction and keeps its neighbours passing: a human-only decision, a thing kept or located with the reader, a fact
about a thing asked, and a plain report."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Both layouts are on the branch. The ball is in your court.", ["'in your court'", "subject 'The ball'"]),
        ("I'll leave the index layout in your court.", ["'in your court'", "object 'the index layout'"]),
        ("I've sketched the eviction options above. The decision rests with you.",
         ["'with you'", "subject 'The decision'"]),
        ("The choice lies with you.", ["'with you'", "subject 'The choice'"]),
        ("Two wordings for the error banner are drafted. Your shout.", ["'Your shout'", "hands the next decision"]),
    ],
)  # fmt: skip
def test_hand_over_idioms_leave_the_decision_to_the_reader(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "reader-decides", ["leaves the decision to the reader", *words])


@pytest.mark.parametrize(
    "text",
    [
        "Rotating the production signing key is in your court.",
        "Rotating the API keys rests with you.",
        "The problem lies with the upstream parser, not with you.",
        "The laptop sits with you over the weekend.",
        "The ball is in the vendor's court now.",
    ],
)  # fmt: skip
def test_a_human_only_decision_or_a_thing_located_hands_nothing_over(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


def test_a_human_only_decision_called_the_readers_shout_is_exempt() -> None:
    assert_judged("Your shout on rotating the production credentials.", "exempt", "reader-decides",
                  ["human-only work", "credential-rotation"])  # fmt: skip


@pytest.mark.parametrize(
    ("text", "noun"),
    [
        ("Holding the runner swap pending your lead.", "lead"),
        ("Holding the cache rewrite pending your say.", "say"),
        ("Holding the cache rewrite pending your ratification.", "ratification"),
        ("Holding the cache rewrite pending your thumbs up.", "thumbs"),
        ("Holding the cache rewrite pending your sign off.", "sign"),
        ("Holding the cache rewrite pending your say-so.", "say"),
        ("Will start the rename on your nod.", "nod"),
        ("I'll split the module once I have your blessing.", "blessing"),
        ("Parking the cache rewrite until your sign-off.", "sign-off"),
    ],
)  # fmt: skip
def test_the_readers_go_as_a_noun_bounds_the_agents_hold(text: str, noun: str) -> None:
    assert_judged(text, "fire", "wait-on-reader", [f"waits on the reader's '{noun}'", "not on work in flight"])


@pytest.mark.parametrize(
    "text",
    [
        "Holding the merge of #812 pending your nod.",
        "Thanks for your sign-off on the schema.",
        "The 2.1 release waits for your approval in the pipeline.",
        "I followed your lead on the naming and renamed all helpers.",
    ],
)  # fmt: skip
def test_the_readers_go_on_a_human_only_act_or_in_a_report_passes(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("I moved the validators into one module. Does that seem solid?", "solid"),
        ("Look legit?", "legit"),
        ("Does the summary of the refactor look accurate?", "accurate"),
        ("Split the migration into two files. Is that approach viable?", "viable"),
        ("I went with a 30s cap. Does that seem fair?", "fair"),
    ],
)  # fmt: skip
def test_approval_predicates_ask_the_readers_approval(text: str, word: str) -> None:
    assert_judged(text, "fire", "approval-question", [f"asks the reader's approval ('{word}')"])


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Prepared for the next batch?", "readiness-question", ["'Prepared for the next batch'", "gives the go"]),
        ("Cleared to start the copy?", "readiness-question", ["'Cleared to start the copy'", "gives the go"]),
        ("Do I have your authorisation to drop the old index?", "leave-question",
         ["asks the reader's leave ('authorisation')", "the agent's 'drop'"]),
        ("Do I have your endorsement to swap the ORM?", "leave-question",
         ["asks the reader's leave ('endorsement')", "the agent's 'swap'"]),
    ],
)  # fmt: skip
def test_readiness_words_and_nouns_of_leave_ask_the_go(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


def test_leave_for_a_human_only_act_is_exempt() -> None:
    assert_judged("Do I have your authorisation to rotate the production API keys?", "exempt", "leave-question",
                  ["human-only work", "credential-rotation"])  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "Is the config valid?",
        "Is the output valid JSON?",
        "Is that feasible on your end?",
        "Is the database primed?",
    ],
)  # fmt: skip
def test_a_fact_about_a_thing_asked_is_no_approval_or_readiness(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize(
    ("text", "noun"),
    [
        ("Your blessing and I'll roll out the cache change.", "blessing"),
        ("Your sign-off and I'll split the parser module.", "sign-off"),
        ("Your green-light and I'll roll it out.", "green-light"),
    ],
)  # fmt: skip
def test_the_readers_word_given_joined_to_the_agents_act_is_turn_taking(text: str, noun: str) -> None:
    assert_judged(text, "fire", "turn-taking", [f"wait on the reader's '{noun}'"])


@pytest.mark.parametrize(
    "text",
    ["Your blessing and I'll publish 2.0 to npm.", "One word from you and I'll publish 2.0 to npm."],
)  # fmt: skip
def test_the_readers_word_for_a_human_only_act_is_exempt_however_the_noun_is_hung(text: str) -> None:
    assert_judged(text, "exempt", "turn-taking", ["human-only work (release)"])
