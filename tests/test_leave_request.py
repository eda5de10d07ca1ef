"""Permission in every form (docs/DESIGN.md#construction-classes), r31c: leave asked inside a request to report back
('Let me know if I can proceed with …'), the agent the subject of the reported clause with a modal of leave or duty.
Not one: knowing, saying or helping, a request reported of someone else, the reader's own ability, a human-only act."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

STATUS = "Bumped React Native to 0.76 on the deps branch; both apps launch and the Detox suite passes.\n\n"


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("Let me know if I can proceed with migrating the remaining endpoints.", "proceed"),
        ("Let me know if I should go ahead with the Android build.", "go"),
        ("Tell me whether I can start on the settings screen.", "start"),
        ("Please confirm that I may proceed with the cleanup of the old hooks.", "proceed"),
        ("Just let me know if I can continue with the remaining screens!", "continue"),
    ],
)
def test_leave_asked_inside_a_request_to_report_back_fires(text: str, act: str) -> None:
    assert_judged(STATUS + text, "fire", "leave-request",
                  [f"asks the reader to report whether the agent may go on with its '{act}'"])


def test_leave_for_a_human_only_act_is_exempt() -> None:
    assert_judged(STATUS + "Let me know if I can publish 2.4.0 to npm today.", "exempt", "leave-request",
                  ["'publish'", "human-only work (release)"])


@pytest.mark.parametrize(
    "text",
    [
        "Let me know if you can reproduce the crash on your device.",
        "Dana asked me to let her know if I can proceed; I told her I already did.",
    ],
)
def test_the_readers_ability_or_a_reported_request_asks_no_leave(text: str) -> None:
    assert verdict_rule_reason(STATUS + text) == ("clear", None, "")
