"""Precision for the permission and standing-by classes (docs/DESIGN.md#construction-classes), r31c: the human-only
act stays the human's whatever is said around it — a clause of circumstance of the agent's ('while I'm in here') adds
no work of its own, a version sent or submitted to a registry is a release, and the reader's word that releases a
human-only act of the agent's ('Say the word and I'll apply the plan to the shared prod account') is that act's go."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

STATUS = "Bumped `axios` to 1.7.9 and re-ran the suite (312 passed).\n\n"


@pytest.mark.parametrize(
    ("text", "domain"),
    [
        ("Okay if I rotate the Stripe live keys while I'm in here?", "credential-rotation, credentials"),
        ("Okay if I rotate the production Stripe keys while I'm at it?", "credential-rotation"),
    ],
)
def test_a_circumstance_of_the_agents_adds_no_work_to_a_human_only_act(text: str, domain: str) -> None:
    assert_judged(STATUS + text, "exempt", "leave-question", [f"human-only work ({domain})"])


def test_the_agents_own_act_with_the_same_circumstance_still_fires() -> None:
    assert_judged(STATUS + "Okay if I swap the date helpers over to `date-fns` while I'm in here?", "fire",
                  "leave-question", ["for the agent's 'swap'", "names no human-only decision"])


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("Shall I send 2.4.0 off to PyPI?", "send 2.4.0 off to PyPI"),
        ("Shall I be sendin' 2.4.0 off to PyPI, cap'n?", "sending 2.4.0 off to PyPI"),
        ("Should I submit the crate to crates.io?", "submit the crate to crates.io"),
    ],
)
def test_a_version_sent_to_a_registry_is_a_release(text: str, act: str) -> None:
    assert_judged(STATUS + text, "exempt", "permission-question", [f"'{act}'", "human-only work (release)"])


@pytest.mark.parametrize(
    "text",
    [
        "Say the word and I'll apply the plan to the shared prod account.",
        "Just say go and I'll publish 2.4.0 to PyPI.",
    ],
)
def test_the_readers_word_releasing_a_human_only_act_is_its_go(text: str) -> None:
    assert verdict_rule_reason(STATUS + text) == ("clear", None, "")


@pytest.mark.parametrize(
    "text",
    [
        "Say the word and I'll apply the plan to my sandbox account.",
        "Say the word and I'll port the fix to 1.x.",
    ],
)
def test_the_readers_word_releasing_the_agents_own_work_stands_by(text: str) -> None:
    assert_judged(STATUS + text, "fire", "standing-by", ["'Say the word' waits for the reader's go"])
