"""The decision table of docs/DESIGN.md#the-decision, row by row, in enforce and dry-run, plus the pinned autonomous
rows."""

from __future__ import annotations

import itertools

import pytest

from hook.decision import (
    ALLOW,
    BLOCK,
    WOULD_BLOCK,
    Check,
    Decision,
    Handoff,
    Policy,
    Situation,
    Trigger,
    UnbackedClaim,
    decide,
)
from hook.directives import load_directives

DIRECTIVES, _ = load_directives()
ACCEPTED = Check(True, "accepted for the test")
REJECTED = Check(False, "rejected for the test")
TRIGGER = Trigger("want me to", "fires: offer-shaped phrase")
MODES = ("enforce", "dry-run")
REFUSE = {"enforce": (BLOCK, "BLOCK"), "dry-run": (WOULD_BLOCK, "WOULD-BLOCK")}


def situation(
    mode: str = "enforce",
    *,
    deference: bool = True,
    lane_gates: bool = True,
    max_refusals: int = 3,
    **fields: object,
) -> Situation:
    """A Situation; `lane_gates` is the lane_continuation setting, `lane_continuation` the declared value."""
    values: dict[str, object] = {"operator_in_loop": False, "material": REJECTED, "clean": REJECTED}
    values.update(fields)
    policy = Policy(mode, deference, lane_gates, max_refusals)
    return Situation(policy=policy, **values)  # type: ignore[arg-type]


def judged(s: Situation) -> Decision:
    return decide(s, DIRECTIVES)


def shape(d: Decision) -> tuple[str, str, str, str]:
    return d.action, d.klass, d.tag, d.row


# ---- row D ----


@pytest.mark.parametrize("mode", MODES)
def test_row_d_refuses_a_firing_finding_on_an_autonomous_turn(mode: str) -> None:
    d = judged(situation(mode, trigger=TRIGGER, lane_outcome="valid", clean=ACCEPTED, material=ACCEPTED))
    assert shape(d) == (*REFUSE[mode], "deference", "D")
    assert d.reason == DIRECTIVES.deference("want me to", "fires: offer-shaped phrase")
    assert d.refused is True


@pytest.mark.parametrize("mode", MODES)
def test_row_d_never_fires_when_the_operator_is_in_the_loop(mode: str) -> None:
    d = judged(situation(mode, trigger=TRIGGER, operator_in_loop=True))
    assert shape(d) == (ALLOW, "ALLOW", "operator-dialogue", "L1")


def test_row_d_is_off_with_the_deference_setting() -> None:
    d = judged(situation(deference=False, trigger=TRIGGER, lane_outcome="absent"))
    assert shape(d) == (BLOCK, "BLOCK", "no-lane-state", "L5")


def test_row_d_comes_before_lane_continuation_off_and_background_work() -> None:
    d = judged(situation(lane_gates=False, background_work=True, trigger=TRIGGER))
    assert shape(d) == (BLOCK, "BLOCK", "deference", "D")


# ---- rows C and B ----


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("in_loop", [True, False])
def test_row_c_allows_everything_when_lane_continuation_is_off(mode: str, in_loop: bool) -> None:
    d = judged(situation(mode, lane_gates=False, operator_in_loop=in_loop))
    assert shape(d) == (ALLOW, "ALLOW", "lane-continuation-off", "C")
    assert d.refused is False


@pytest.mark.parametrize("mode", MODES)
def test_row_b_allows_while_a_background_task_runs(mode: str) -> None:
    d = judged(situation(mode, background_work=True, operator_in_loop=True, lane_continuation="active-lane"))
    assert shape(d) == (ALLOW, "ALLOW", "background-work", "B")


# ---- rows L1 and L2 (operator dialogue) ----


@pytest.mark.parametrize(
    "declared",
    [None, "next-lane", "blocker-routed", "ACTIVE-LANE", "Active-Lane", "active-lane ", 1, True, ["active-lane"]],
)
@pytest.mark.parametrize("mode", MODES)
def test_row_l1_keeps_the_dialogue_allow_unless_exactly_active_lane(declared: object, mode: str) -> None:
    d = judged(situation(mode, operator_in_loop=True, lane_outcome="invalid", lane_continuation=declared))
    assert shape(d) == (ALLOW, "ALLOW", "operator-dialogue", "L1")
    assert d.reason == "operator dialogue: the operator takes the next turn"


@pytest.mark.parametrize("outcome", ["absent", "malformed"])
def test_row_l1_keeps_plain_q_and_a_without_a_block(outcome: str) -> None:
    d = judged(situation(operator_in_loop=True, lane_outcome=outcome))
    assert shape(d) == (ALLOW, "ALLOW", "operator-dialogue", "L1")


@pytest.mark.parametrize("mode", MODES)
def test_row_l2_refuses_active_lane_in_dialogue_even_with_accepted_exits(mode: str) -> None:
    s = situation(
        mode,
        operator_in_loop=True,
        lane_outcome="valid",
        lane_continuation="active-lane",
        material=ACCEPTED,
        clean=ACCEPTED,
    )
    d = judged(s)
    assert shape(d) == (*REFUSE[mode], "active-lane-in-dialogue", "L2")
    assert d.reason == DIRECTIVES.active_lane_in_dialogue()


# ---- rows L3 to L5 (autonomous) ----


def test_row_l3_material_artifact_wins_over_clean_terminal() -> None:
    d = judged(situation(lane_outcome="valid", material=Check(True, "PR created: u"), clean=ACCEPTED))
    assert shape(d) == (ALLOW, "MATERIAL-ALLOW", "material-artifact", "L3")
    assert d.reason == "PR created: u"


def test_row_l4_clean_terminal() -> None:
    d = judged(situation(lane_outcome="valid", clean=Check(True, "clean terminal: next-lane")))
    assert shape(d) == (ALLOW, "CLEAN-TERMINAL ALLOW", "clean-terminal", "L4")
    assert d.reason == "clean terminal: next-lane"


@pytest.mark.parametrize(
    ("outcome", "tag"),
    [
        ("absent", "no-lane-state"),
        ("malformed", "malformed-lane-state"),
        ("invalid", "invalid-lane-state"),
        ("valid", "valid-lane-state"),
    ],
)
@pytest.mark.parametrize("mode", MODES)
def test_row_l5_refuses_with_the_tag_of_the_lane_state_outcome(outcome: str, tag: str, mode: str) -> None:
    d = judged(situation(mode, lane_outcome=outcome, lane_details=("gate 1 has no checkedAt",)))
    assert shape(d) == (*REFUSE[mode], tag, "L5")


def test_row_l5_names_the_failed_rules() -> None:
    handoff = Handoff(ref="next task in lanegate", checked_at="2026-12-06T10:04Z")
    d = judged(situation(lane_outcome="invalid", lane_details=("gate 1 has no checkedAt", "unknown lane"),
                         handoff=handoff))
    assert d.reason == DIRECTIVES.no_hold_refusal(
        "invalid-lane-state", ("gate 1 has no checkedAt", "unknown lane"), handoff
    )
    assert '"ref": "next task in lanegate", "checkedAt": "2026-12-06T10:04Z"' in d.reason


def test_row_l5_on_a_valid_terminal_says_it_is_valid_and_why_it_is_sent_back() -> None:
    """docs/DESIGN.md#operators: a valid hand-off held back by the drive-ratchet is told so, with the count."""
    clean = Check(False, "clean terminal rejected: drive-ratchet 0 of 2")
    handoff = Handoff(drives=0, needed=2)
    d = judged(situation(lane_outcome="valid", clean=clean, material=Check(False, "no PR"), handoff=handoff))
    assert d.reason == DIRECTIVES.valid_block_refusal(handoff, "material artifact: no PR")
    assert d.reason.startswith("Your lane-state block is valid, and it is sent back: the drive-ratchet")
    assert "this is refusal 1 of the 2 it takes, 1 more after this one." in d.reason


def test_a_turn_the_harness_gives_nothing_to_judge_is_allowed_as_no_final_text() -> None:
    d = judged(situation(nothing_to_judge=True, lane_outcome="absent"))
    assert shape(d) == (ALLOW, "ALLOW", "no-final-text", "L5")


def test_an_autonomous_turn_that_ends_without_text_is_refused_like_any_other() -> None:
    """docs/DESIGN.md#the-decision L5: absent terminal on an autonomous turn refuses; silence is no way out."""
    d = judged(situation(lane_outcome="absent"))
    assert shape(d) == (BLOCK, "BLOCK", "no-lane-state", "L5")


def test_nothing_to_judge_does_not_hide_an_accepted_exit() -> None:
    d = judged(situation(nothing_to_judge=True, material=ACCEPTED))
    assert shape(d) == (ALLOW, "MATERIAL-ALLOW", "material-artifact", "L3")


# ---- the ceiling ----


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "fields",
    [
        {"trigger": TRIGGER},
        {"operator_in_loop": True, "lane_continuation": "active-lane"},
        {"lane_outcome": "absent"},
        {"lane_outcome": "valid"},
    ],
    ids=["D", "L2", "L5-absent", "L5-valid"],
)
def test_the_ceiling_turns_the_next_refusal_into_an_allow(mode: str, fields: dict[str, object]) -> None:
    below = judged(situation(mode, consecutive_refusals=2, **fields))
    assert below.action == REFUSE[mode][0]
    at = judged(situation(mode, consecutive_refusals=3, **fields))
    assert (at.action, at.klass, at.tag, at.row) == (ALLOW, "CEILING-ALLOW", "ceiling", "ceiling")
    assert at.reason == (
        f"3 consecutive refusals reached max_refusals=3; row {below.row} ({below.tag}) would have refused"
    )


def test_max_refusals_zero_means_no_ceiling() -> None:
    d = judged(situation(max_refusals=0, consecutive_refusals=500, lane_outcome="absent"))
    assert shape(d) == (BLOCK, "BLOCK", "no-lane-state", "L5")


def test_the_ceiling_does_not_touch_allows() -> None:
    d = judged(situation(consecutive_refusals=9, material=ACCEPTED))
    assert shape(d) == (ALLOW, "MATERIAL-ALLOW", "material-artifact", "L3")


# ---- regression pin: the autonomous quadrant (rows L3–L5) ----

# Frozen from the docs/DESIGN.md#the-decision table. mode, lane outcome, material accepted, clean accepted, consecutive
# refusals -> action, class, tag, row. Changing the dialogue rows must never change a line here.
AUTONOMOUS_TABLE = """
enforce absent    no  no  0 block       BLOCK                no-lane-state        L5
enforce absent    no  yes 0 allow       CLEAN-TERMINAL_ALLOW clean-terminal       L4
enforce absent    yes no  0 allow       MATERIAL-ALLOW       material-artifact    L3
enforce absent    yes yes 0 allow       MATERIAL-ALLOW       material-artifact    L3
enforce absent    no  no  3 allow       CEILING-ALLOW        ceiling              ceiling
enforce malformed no  no  0 block       BLOCK                malformed-lane-state L5
enforce malformed yes no  0 allow       MATERIAL-ALLOW       material-artifact    L3
enforce malformed no  no  3 allow       CEILING-ALLOW        ceiling              ceiling
enforce invalid   no  no  0 block       BLOCK                invalid-lane-state   L5
enforce invalid   yes no  0 allow       MATERIAL-ALLOW       material-artifact    L3
enforce invalid   no  no  3 allow       CEILING-ALLOW        ceiling              ceiling
enforce valid     no  no  0 block       BLOCK                valid-lane-state     L5
enforce valid     no  yes 0 allow       CLEAN-TERMINAL_ALLOW clean-terminal       L4
enforce valid     yes no  0 allow       MATERIAL-ALLOW       material-artifact    L3
enforce valid     yes yes 0 allow       MATERIAL-ALLOW       material-artifact    L3
enforce valid     no  no  2 block       BLOCK                valid-lane-state     L5
enforce valid     no  no  3 allow       CEILING-ALLOW        ceiling              ceiling
enforce valid     no  yes 3 allow       CLEAN-TERMINAL_ALLOW clean-terminal       L4
dry-run absent    no  no  0 would-block WOULD-BLOCK          no-lane-state        L5
dry-run absent    yes no  0 allow       MATERIAL-ALLOW       material-artifact    L3
dry-run absent    no  no  3 allow       CEILING-ALLOW        ceiling              ceiling
dry-run malformed no  no  0 would-block WOULD-BLOCK          malformed-lane-state L5
dry-run invalid   no  no  0 would-block WOULD-BLOCK          invalid-lane-state   L5
dry-run valid     no  no  0 would-block WOULD-BLOCK          valid-lane-state     L5
dry-run valid     no  yes 0 allow       CLEAN-TERMINAL_ALLOW clean-terminal       L4
dry-run valid     yes no  0 allow       MATERIAL-ALLOW       material-artifact    L3
dry-run valid     no  no  3 allow       CEILING-ALLOW        ceiling              ceiling
"""


def _pinned_rows() -> list[tuple[str, str, bool, bool, int, tuple[str, str, str, str]]]:
    rows = []
    for line in AUTONOMOUS_TABLE.strip().splitlines():
        mode, outcome, material, clean, consecutive, action, klass, tag, row = line.split()
        expected = (action, klass.replace("_", " "), tag, row)
        rows.append((mode, outcome, material == "yes", clean == "yes", int(consecutive), expected))
    return rows


@pytest.mark.parametrize(("mode", "outcome", "material", "clean", "consecutive", "expected"), _pinned_rows())
@pytest.mark.parametrize("declared", [None, "active-lane", "next-lane", "ACTIVE-LANE"])
def test_autonomous_rows_are_pinned(
    mode: str,
    outcome: str,
    material: bool,
    clean: bool,
    consecutive: int,
    expected: tuple[str, str, str, str],
    declared: object,
) -> None:
    """What the agent declares about its lane never reaches the dialogue rows on an autonomous turn."""
    s = situation(
        mode,
        lane_outcome=outcome,
        lane_continuation=declared,
        material=ACCEPTED if material else REJECTED,
        clean=ACCEPTED if clean else REJECTED,
        consecutive_refusals=consecutive,
    )
    assert shape(judged(s)) == expected


def test_every_autonomous_refusal_row_is_covered_by_the_pin() -> None:
    covered = {(m, o) for m, o, mat, cl, _, exp in _pinned_rows() if exp[3] == "L5"}
    assert covered == set(itertools.product(MODES, ("absent", "malformed", "invalid", "valid")))


# ---- row U (docs/DESIGN.md#the-decision, revision 2) ----

CLAIM = UnbackedClaim("Picking up the next lane now.", "participle", "claim (participle, rule subjectless-participle)")


@pytest.mark.parametrize("mode", MODES)
def test_row_u_refuses_an_unbacked_claim_on_an_autonomous_turn(mode: str) -> None:
    d = judged(situation(mode, claim=CLAIM, lane_outcome="valid", clean=ACCEPTED, material=ACCEPTED))
    assert shape(d) == (*REFUSE[mode], "unbacked-claim", "U")
    assert d.reason == DIRECTIVES.unbacked_refusal(CLAIM.text, CLAIM.reason)
    assert '"Picking up the next lane now."' in d.reason


def test_row_u_comes_after_row_d() -> None:
    d = judged(situation(trigger=TRIGGER, claim=CLAIM))
    assert shape(d) == (BLOCK, "BLOCK", "deference", "D")


def test_row_u_comes_before_rows_c_and_b() -> None:
    d = judged(situation(claim=CLAIM, lane_gates=False, background_work=True))
    assert shape(d) == (BLOCK, "BLOCK", "unbacked-claim", "U")


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"operator_in_loop": True}, (ALLOW, "ALLOW", "operator-dialogue", "L1")),
        ({"background_in_flight": True, "background_work": True}, (ALLOW, "ALLOW", "background-work", "B")),
        ({"background_in_flight": True}, (BLOCK, "BLOCK", "no-lane-state", "L5")),
    ],
    ids=["dialogue", "background-allowed", "background-blocks-setting"],
)
def test_row_u_never_fires_in_dialogue_or_with_background_work_in_flight(
    fields: dict[str, object], expected: tuple[str, str, str, str]
) -> None:
    assert shape(judged(situation(claim=CLAIM, **fields))) == expected


def test_row_u_is_off_with_the_deference_setting() -> None:
    assert shape(judged(situation(claim=CLAIM, deference=False))) == (BLOCK, "BLOCK", "no-lane-state", "L5")


@pytest.mark.parametrize("mode", MODES)
def test_row_u_respects_the_ceiling(mode: str) -> None:
    d = judged(situation(mode, claim=CLAIM, consecutive_refusals=3))
    assert shape(d) == (ALLOW, "CEILING-ALLOW", "ceiling", "ceiling")
    assert d.reason == "3 consecutive refusals reached max_refusals=3; row U (unbacked-claim) would have refused"


# ---- row U acts on action forms only (docs/DESIGN.md#the-decision, revision 3) ----

WAIT = UnbackedClaim("Standing by for the lead.", "waiting", "claim (waiting, rule announced-waiting)")


@pytest.mark.parametrize("form", ["participle", "progressive", "intention"])
def test_row_u_refuses_every_action_form(form: str) -> None:
    claim = UnbackedClaim("I'll open the PR now.", form, f"claim ({form})")
    assert shape(judged(situation(claim=claim))) == (BLOCK, "BLOCK", "unbacked-claim", "U")


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({}, (BLOCK, "BLOCK", "no-lane-state", "L5")),
        ({"material": ACCEPTED}, (ALLOW, "MATERIAL-ALLOW", "material-artifact", "L3")),
        ({"lane_outcome": "valid", "clean": ACCEPTED}, (ALLOW, "CLEAN-TERMINAL ALLOW", "clean-terminal", "L4")),
        ({"background_in_flight": True, "background_work": True}, (ALLOW, "ALLOW", "background-work", "B")),
    ],
    ids=["parked-L5", "material-L3", "clean-L4", "in-flight-B"],
)
def test_a_wait_is_left_to_rows_b_and_l(fields: dict[str, object], expected: tuple[str, str, str, str]) -> None:
    assert shape(judged(situation(claim=WAIT, **fields))) == expected


def test_a_parked_wait_gets_the_no_hold_directive_not_the_unbacked_one() -> None:
    d = judged(situation(claim=WAIT))
    assert d.reason == DIRECTIVES.no_hold_refusal("no-lane-state", (), Handoff())
    assert "Standing by" not in d.reason


def test_an_action_claim_is_still_row_u_after_a_material_artifact() -> None:
    d = judged(situation(claim=CLAIM, material=ACCEPTED))
    assert shape(d) == (BLOCK, "BLOCK", "unbacked-claim", "U")


def test_row_b_names_work_inferred_from_the_transcript() -> None:
    d = judged(situation(claim=WAIT, background_in_flight=True, background_work=True,
                         background_inferred=("engineer@sprint-4", "a4c1e9f07b2d8e635")))
    assert shape(d) == (ALLOW, "ALLOW", "background-work", "B")
    assert d.reason == ("a background task the agent started is still running (inferred from the transcript: "
                        "engineer@sprint-4, a4c1e9f07b2d8e635)")
