"""The bonus offer asked of its benefit (docs/DESIGN.md#construction-classes), r31c: a piece of work not yet made, or
the agent's act under 'if I', asked whether it would help the reader ('Would a follow-up PR be useful?'). Not one: a
definite thing, a thing that is no work, a question reported, a human-only act (exempt)."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

STATUS = "Bumped `axios` to 1.7.9 and re-ran the suite (312 passed).\n\n"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Would a follow-up PR that removes the feature flag be useful?", ["offers the agent's 'PR'", "('useful')"]),
        ("Would a follow-up PR be useful?", ["offers the agent's 'PR'"]),
        ("Would a small script to regenerate the fixtures be helpful?", ["offers the agent's 'script'", "('helpful')"]),
        ("Would it be useful if I added a dry-run flag?", ["offers the agent's 'added'"]),
        ("Would tests for the edge cases be worth adding?", ["offers the agent's 'tests'", "('worth')"]),
        ("would a benchmark for the parser be handy?", ["offers the agent's 'benchmark'"]),
        ("Would a migration guide for 1.x users help?", ["offers the agent's 'guide'", "('help')"]),
        ("Would it help if I wrote a fixture generator for the edge cases?", ["offers the agent's 'wrote'"]),
    ],
)
def test_a_proposed_piece_of_work_asked_of_its_benefit_fires(text: str, words: list[str]) -> None:
    assert_judged(STATUS + text, "fire", "benefit-question", words)


def test_the_agents_human_only_act_asked_of_its_benefit_is_exempt() -> None:
    assert_judged(STATUS + "Would it be useful if I published 2.4.0 to PyPI today?", "exempt", "benefit-question",
                  ["offers the agent's 'published'", "human-only work (release)"])


@pytest.mark.parametrize(
    "text",
    [
        "Would the 2.4.0 release be useful to ship this week?",
        "Would a larger instance type be useful for the nightly job? The logs show it swapping twice.",
        "Dana asked whether a follow-up PR would be useful; I opened it as #913.",
    ],
)
def test_a_definite_thing_no_work_or_a_report_is_no_offer(text: str) -> None:
    assert verdict_rule_reason(STATUS + text) == ("clear", None, "")
