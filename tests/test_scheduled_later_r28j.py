"""r28j: an intention for the agent's next scheduled wake-up ('on the next wake-up', 'at the next tick') or for a time
of day ('at 14:00 UTC') is a plan for a named later time, not a claim of acting now (docs/DESIGN.md#claims)."""

from __future__ import annotations

import pytest

from analyzer import analyze


@pytest.mark.parametrize(
    "text",
    [
        "The e2e suite is running in CI; I'll read its result on the next wake-up at 03:00.",
        "I'll check the deploy logs at the next wake-up.",
        "I'll read the report at the next wakeup.",
        "I'll pick up the flaky test on the next tick.",
        "I'll rerun the benchmark at 14:00 UTC.",
        "I'll verify the cache hit rate during the next cron run.",
    ],
)
def test_a_plan_for_the_next_wake_up_or_a_clock_time_claims_nothing(text: str) -> None:
    assert analyze(text, claims=True).claims == ()


@pytest.mark.parametrize(
    ("text", "verb"),
    [
        ("I'll read the CI result now.", "I'll read"),
        ("I'll check the deploy logs at once.", "I'll check"),
        ("I'll pick up the flaky test on the next line of the suite.", "I'll pick"),
        ("I'll rerun the benchmark on the ARM box.", "I'll rerun"),
    ],
)
def test_an_intention_with_no_later_time_still_claims(text: str, verb: str) -> None:
    (claim,) = analyze(text, claims=True).claims
    assert (claim.form, claim.rule) == ("intention", "first-person-future")
    assert f"'{verb}' announces an action for now" in claim.reason
