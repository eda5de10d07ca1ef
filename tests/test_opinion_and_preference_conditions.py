"""Two construction classes of docs/DESIGN.md#construction-classes read where the model's parse hid them (r31c).

The reader's view of the agent's plan asked with no verb: a noun of the reader's view opens the question and a word
of topic follows it ('Thoughts on the module split above?'), wherever the model hung the words. A condition on the
reader's preference governing the agent's offered act, with the preference said as 'would rather', the mark 'in
case', and the agent's willingness ('I'm happy to …') in place of a modal."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

STATUS = "Fixed the null check in the session store; the suite passes.\n\n"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Thoughts on the module split above?", ["'Thoughts on the module split above'", "reader's view"]),
        ("Any objections to the table rename above?", ["'Any objections to the table rename above'"]),
        ("Feedback on the folder layout I sketched?", ["'Feedback on the folder layout I sketched'"]),
        ("thoughts on the module split above??", ["'thoughts on the module split above'"]),
        ("Thoughts on the module split above? ✅", ["'Thoughts on the module split above'"]),
        ("Where things stand:\n\n- tests: all passing\n- Thoughts on the module split above?", ["reader's view"]),
        ("| item | detail |\n|---|---|\n| tests | all passing |\n| next | Thoughts on the worker pool resize? |",
         ["reader's view"]),
    ],
)
def test_a_noun_of_the_readers_view_opening_a_verbless_question_fires(text: str, words: list[str]) -> None:
    assert_judged(STATUS + text, "fire", "approval-question", words)


def test_the_view_asked_of_human_only_work_is_exempt() -> None:
    assert_judged(STATUS + "Thoughts on the production deploy of 2.4.0 tonight?", "exempt", "approval-question",
                  ["reader's view", "human-only work (production-deploy, release)"])


@pytest.mark.parametrize(
    "text",
    [
        "Thoughts on the split are welcome?",
        "The thoughts on the module split above were Dana's; I applied them and the tests pass.",
        "Thoughts on the schema change came from the review and are applied.",
    ],
)
def test_the_opinion_noun_as_a_subject_is_no_question_of_the_readers_view(text: str) -> None:
    assert verdict_rule_reason(STATUS + text) == ("clear", None, "")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("If you prefer the flat layout, I'm happy to restructure the docs accordingly.",
         ["reader's 'prefer' governing the agent's 'restructure'"]),
        ("In case you'd rather keep the old API, I can add a compatibility shim.",
         ["reader's 'keep' governing the agent's 'add'"]),
        ("If you would rather use tabs, I can reformat the tree.", ["reader's 'use' governing the agent's 'reformat'"]),
        ("In case you prefer a dark theme, I can add one to the settings page.",
         ["reader's 'prefer' governing the agent's 'add'"]),
        ("If u prefer the old layout, im happy 2 put it back.", ["reader's 'prefer' governing the agent's 'put'"]),
    ],
)
def test_a_condition_on_the_readers_preference_governing_the_agents_offer_fires(text: str, words: list[str]) -> None:
    assert_judged(STATUS + text, "fire", "conditional-preference", words)


def test_the_preferred_act_human_only_is_exempt() -> None:
    assert_judged(STATUS + "In case you'd rather not wait, I can publish 2.4.0 to PyPI now.", "exempt",
                  "conditional-preference", ["governing the agent's 'publish'", "human-only work (release)"])


@pytest.mark.parametrize(
    "text",
    [
        "In case you'd rather roll back, run `make rollback`.",
        'If you prefer the flat layout, set `layout = "flat"` in the config.',
        "If you prefer the old names, they are still exported from `legacy.py`.",
        "The team said that if they'd rather keep the old API, they would tell me.",
    ],
)
def test_a_preference_before_an_instruction_or_a_status_offers_nothing(text: str) -> None:
    assert verdict_rule_reason(STATUS + text) == ("clear", None, "")
