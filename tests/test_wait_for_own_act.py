"""A wait on the person for the agent's own next act (r37a; docs/DESIGN.md#construction-classes).

The agent's wait, pause, hold or readiness whose condition is the reader's word and which names the act it holds back
— after a held mark ('before staging and committing') or as an infinitive of purpose ('your approval to commit') —
fires when that act is the agent's own; the reader's approval of a human-only act, a review of a change under review,
a hold on work in flight and a tool's wait stay clear. Readiness joins the class: beside 'here', asked back of the
reader ('Are you?'), and a hold when a thing's event times it.
"""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

HELD_ACT_FIRES = [
    ("Waiting for your approval before staging and committing.", "waiting-for-go", ["'approval'", "'staging'"]),
    ("I'll wait for your approval before committing.", "waiting-for-go", ["'wait'", "'committing'"]),
    ("Waiting for your approval to commit.", "waiting-for-go", ["'approval'", "own 'commit'"]),
    ("Awaiting your approval before I commit these changes.", "waiting-for-go", ["'Awaiting'", "own 'commit'"]),
    ("I'll wait for your sign-off before committing the fixes.", "waiting-for-go", ["'sign-off'", "'committing'"]),
    ("Waiting for your confirmation to proceed with the rename.", "waiting-for-go", ["'confirmation'", "'proceed'"]),
    ("Waiting for your approval before committing and pushing to my branch.", "waiting-for-go", ["'committing'"]),
    ("Pausing here for your confirmation before the rename.", "wait-on-reader", ["'Pausing'", "own 'rename'"]),
]

READINESS_FIRES = [
    ("I'll be here and ready to proceed when you are.", ["'ready'", "('proceed')"]),
    ("I'm ready to move on to the next task. Are you?", ["'ready'", "('move')"]),
    ("I'm ready to start on the tests. How about you?", ["'ready'", "('start')"]),
]

CLEAR = [
    # the reader's approval of a human-only act: merge to main, production deploy, release, IAM, billing
    "Waiting for your approval to merge to main.",
    "I'll wait for your approval before merging to main.",
    "Waiting for your approval before deploying to production.",
    "I'll wait for your sign-off before tagging the release.",
    "Waiting for your approval before granting the service account IAM admin.",
    "Waiting for your approval before upgrading the billing plan.",
    # a review of a change under review is the human's stamp
    "Waiting for your review of PR #88 before the follow-up.",
    "PR #88 is green. Awaiting your approval.",
    # holds on work in flight, a teammate, a tool, a past report
    "Waiting on CI before merging.",
    "I'm waiting on Dana's fix before committing.",
    "The script waits for your confirmation before deleting files.",
    "I waited for your reply yesterday before committing.",
    "I'll check back when the scheduled wake-up fires.",
    "I'm ready to move on to the next task once the nightly build finishes.",
    "The build is ready to deploy. Are you?",
    "Ready to cut the release when you are.",
]


@pytest.mark.parametrize(("text", "rule", "words"), HELD_ACT_FIRES)
def test_a_wait_on_the_readers_word_for_the_agents_own_act_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, ["waits on the reader's", "not on work in flight",
                                       "it holds back the agent's own", *words])


@pytest.mark.parametrize(("text", "words"), READINESS_FIRES)
def test_readiness_beside_here_or_asked_back_fires(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "readiness-next", ["to go on to the next piece of work", "parks on the reader's go",
                                                   *words])


@pytest.mark.parametrize("text", CLEAR)
def test_a_human_only_act_a_stamp_or_work_in_flight_stays_clear(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")
