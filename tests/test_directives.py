"""The refusal texts of docs/DESIGN.md#directives: seed wording, the rule that fired, the length bound, overrides."""

from __future__ import annotations

import tomllib
from datetime import UTC, datetime
from pathlib import Path

import pytest

from hook.decision import Handoff
from hook.directives import MAX_CHARS, TEXT_KEYS, builtin_texts, load_directives
from hook.exits import clean_terminal, example_gate
from hook.lanestate import find_lane_state_block, parse_lane_state, validate_lane_state

ROOT = Path(__file__).resolve().parent.parent

SEED_001 = (
    "Answer delivered — and you declared this lane ACTIVE. Answer-plus-drive, not answer-plus-stop: "
    "continue the lane now, or hand it off honestly (next-lane with gates naming non-self actors)."
)
SEED_004 = (
    'It looks like you slipped into the "helpful assistant" bias. You are a maintainer of this repository '
    "and an equal peer 🖖. If you need validation or input, you can A2A message with peers or use the "
    "ideation-sandbox skill."
)
NEUTRAL = (
    'It looks like you slipped into the "helpful assistant" bias. You are a maintainer of this repository '
    "and an equal peer: a choice that is yours to make is not a question for the human. Decide it yourself "
    "and act on it now. A decision that is truly the human's — a merge, credentials, a release, a stamp — you "
    "hand over by name, in your lane-state block: a gate whose nextActor is that person."
)
SCOPE = (
    "Scope of the rule: only human-only decisions — merge, credentials, release, stamp — may be handed to "
    'the human, and only when the phrase\'s own relation names them ("your call on the merge", "the merge '
    'is yours"). Everything else — which lane, which design, a review disposition, what to do next — is '
    "yours to decide."
)


def test_dialogue_directive_is_seed_001_verbatim() -> None:
    """docs/DESIGN.md#directives row L2: the wording of seed 001 and nothing else; it names its own rule."""
    d, warnings = load_directives()
    assert warnings == ()
    assert d.dialogue == SEED_001
    assert d.active_lane_in_dialogue() == SEED_001


def test_helpful_assistant_directive_is_neutral_with_role_scope_and_trigger() -> None:
    """docs/DESIGN.md#directives revision 3: decide it yourself and act; a human's decision handed over by name; no tool
    named."""
    d, _ = load_directives()
    text = d.deference("your call", "fires: object 'the parser lane' is agent work")
    assert text == (
        f"{NEUTRAL} {SCOPE} (trigger: deference phrase \"your call\" — fires: object 'the parser lane' is agent work)"
    )
    assert "A2A" not in text and "sandbox" not in text and "skill" not in text


def test_the_seed_004_wording_ships_as_an_example_directives_file() -> None:
    data = tomllib.loads((ROOT / "examples" / "directives-seed004.toml").read_text(encoding="utf-8"))
    d, warnings = load_directives(data["directives"])
    assert warnings == ()
    text = d.deference("your call", "fires: object 'the parser lane' is agent work")
    assert text.startswith(f"{SEED_004} {SCOPE} (trigger: deference phrase")
    assert len(text) < MAX_CHARS


def test_the_directives_page_shows_every_default_text() -> None:
    page = (ROOT / "docs" / "DIRECTIVES.md").read_text(encoding="utf-8")
    missing = [key for key in TEXT_KEYS if str(builtin_texts()[key]) not in page]
    assert missing == []


def test_no_hold_directive_says_what_to_do_and_names_the_failed_rules() -> None:
    d, _ = load_directives()
    text = d.no_hold_refusal(
        "invalid-lane-state", ("gate 1 has no checkedAt", "laneContinuation 'hold' is unknown"), Handoff()
    )
    assert text.startswith("There is no hold state. Name your lane and do its next concrete action now")
    assert "parked, not driven" in text
    assert "```lane-state\n" in text
    assert text.endswith(
        "(rule: invalid-lane-state — the lane-state block breaks its rules: gate 1 has no checkedAt; "
        "laneContinuation 'hold' is unknown)"
    )


def test_no_hold_rule_line_without_details() -> None:
    d, _ = load_directives()
    assert d.no_hold_refusal("no-lane-state", (), Handoff()).endswith(
        "\n\n(rule: no-lane-state — the turn ended without a lane-state block)"
    )


@pytest.mark.parametrize("key", TEXT_KEYS)
def test_every_builtin_text_is_under_the_limit(key: str) -> None:
    assert len(str(builtin_texts()[key])) < MAX_CHARS


def test_every_rendered_refusal_is_under_the_limit_even_with_huge_inputs() -> None:
    d, _ = load_directives()
    huge = "x" * 5000
    rendered = [
        d.deference(huge, huge),
        d.active_lane_in_dialogue(),
        *(d.no_hold_refusal(tag, tuple([huge] * 60), Handoff(ref=huge, actor=huge, needed=9)) for tag in d.rules),
        d.valid_block_refusal(Handoff(failures=tuple([huge] * 60), drives=1, needed=2), huge),
        d.valid_block_refusal(Handoff(failures=(huge,), seat_closed=True), huge),
    ]
    assert [len(t) < MAX_CHARS for t in rendered] == [True] * len(rendered)


def test_long_detail_lists_are_cut_and_counted() -> None:
    d, _ = load_directives()
    text = d.no_hold_refusal("invalid-lane-state", tuple(f"v{i}" for i in range(8)), Handoff())
    assert text.endswith("breaks its rules: v0; v1; v2; v3; v4; 3 more)")


def test_role_and_texts_come_from_the_directives_table() -> None:
    d, warnings = load_directives({"role": "release engineer of lanegate", "dialogue": "Keep driving."})
    assert warnings == ()
    assert d.deference("want me to", "r").startswith(
        'It looks like you slipped into the "helpful assistant" bias. You are a release engineer of lanegate and'
    )
    assert d.active_lane_in_dialogue() == "Keep driving."


def test_rule_meanings_can_be_overridden() -> None:
    d, warnings = load_directives({"rules": {"no-lane-state": "end every turn with a lane-state block"}})
    assert warnings == ()
    assert d.no_hold_refusal("no-lane-state", (), Handoff()).endswith(
        "(rule: no-lane-state — end every turn with a lane-state block)"
    )


def test_unusable_overrides_keep_the_defaults_and_are_named() -> None:
    d, warnings = load_directives(
        {
            "dialogue": "   ",
            "no_hold": "y" * MAX_CHARS,
            "role": 7,
            "colour": "blue",
            "rules": {"no-such-rule": "x", "no-lane-state": ""},
        }
    )
    assert d.dialogue == SEED_001
    assert d.role == "maintainer of this repository"
    assert d.no_hold.startswith("There is no hold state.")
    assert warnings == (
        "directives.dialogue: unknown key or unusable text, kept the default",
        "directives.no_hold: unknown key or unusable text, kept the default",
        "directives.role: not a name of at most 120 characters, kept the default",
        "directives.colour: unknown key or unusable text, kept the default",
        "directives.rules.no-such-rule: unknown rule or unusable text, kept the default",
        "directives.rules.no-lane-state: unknown rule or unusable text, kept the default",
    )


def test_a_long_configured_role_cannot_push_the_directive_past_its_limit() -> None:
    d, warnings = load_directives({"role": "x" * 1400})
    assert d.role == "maintainer of this repository"
    assert warnings == ("directives.role: not a name of at most 120 characters, kept the default",)
    assert len(d.deference("want me to", "fires: " + "r" * 2000)) < MAX_CHARS


def test_unbacked_directive_quotes_the_claim_and_names_the_rule() -> None:
    directives, _ = load_directives()
    text = directives.unbacked_refusal("Picking up the next lane now.", "claim (participle, rule x)")
    assert text.startswith('You wrote "Picking up the next lane now." — and then the turn ended')
    assert text.endswith("(rule: unbacked-claim — the turn ended on an announced action: claim (participle, rule x))")
    assert len(text) < MAX_CHARS


def test_unbacked_directive_clips_a_huge_claim() -> None:
    directives, _ = load_directives()
    text = directives.unbacked_refusal("Picking " + "x " * 5000, "r" * 5000)
    assert len(text) < MAX_CHARS
    assert '"Picking x x' in text and "…\" — and then the turn ended" in text


def test_an_unknown_directive_key_names_the_nearest() -> None:
    _, warnings = load_directives({"helpful_asistant": "x", "rules": {"no-lanestate": "y"}})
    assert warnings == (
        "directives.helpful_asistant: unknown key or unusable text, kept the default "
        "(did you mean `helpful_assistant`?)",
        "directives.rules.no-lanestate: unknown rule or unusable text, kept the default "
        "(did you mean `no-lane-state`?)",
    )


# -- honest stops (docs/DESIGN.md#operators) ---------------------------------------------------------

NOW = datetime(2026, 12, 6, 10, 4, 31, tzinfo=UTC)
PROMPT_AT = datetime(2026, 12, 6, 10, 2, 5, tzinfo=UTC)


def _handoff(identity: str | None, project: str | None, **fields: object) -> Handoff:
    ref, checked_at, actor = example_gate(NOW, identity, project)
    return Handoff(ref=ref, checked_at=checked_at, actor=actor, **fields)  # type: ignore[arg-type]


def test_the_no_lane_state_refusal_shows_a_hand_off_block_that_is_valid_at_this_stop() -> None:
    """Copied as it stands, the block the directive shows parses, validates against the turn and names a
    next actor who is not the agent: the honest stop is one copy away."""
    d, _ = load_directives()
    text = d.no_hold_refusal("no-lane-state", (), _handoff("@night-bot", "/work/lanegate", needed=2))
    block = find_lane_state_block(text)
    assert block == (
        '{"laneContinuation": "next-lane", "namedGates": [{"ref": "next task in lanegate", '
        '"checkedAt": "2026-12-06T10:04Z", "nextActor": "@operator"}]}'
    )
    lane = validate_lane_state(parse_lane_state(text), prompt_time=PROMPT_AT, now=NOW, tool_calls=())
    assert (lane.outcome, lane.violations) == ("valid", ())
    check = clean_terminal(lane, identity="@night-bot", valid_refusals=2, min_drives=2)
    assert check.accepted is True
    assert text.startswith("There is no hold state.")
    assert text.endswith(
        "The drive-ratchet sends valid blocks back until the lane is driven: 2 more before a hand-off is accepted."
        "\n\n(rule: no-lane-state — the turn ended without a lane-state block)"
    )
    assert len(text) < MAX_CHARS


def test_the_example_never_names_the_agent_and_escapes_the_project_name() -> None:
    d, _ = load_directives()
    text = d.no_hold_refusal("no-lane-state", (), _handoff("Operator", '/tmp/we"ird\nname'))
    lane = validate_lane_state(parse_lane_state(text), prompt_time=PROMPT_AT, now=NOW, tool_calls=())
    assert lane.outcome == "valid"
    assert [g["nextActor"] for g in lane.gates] == ["@maintainer"]
    assert [g["ref"] for g in lane.gates] == ['next task in we"ird\nname']
    assert example_gate(NOW, None, None) == ("the next task", "2026-12-06T10:04Z", "@operator")


def test_no_ratchet_sentence_once_the_lane_was_driven_or_on_a_seat_without_identity() -> None:
    d, _ = load_directives()
    driven = d.no_hold_refusal("no-lane-state", (), _handoff("@bot", None, drives=2, needed=2))
    closed = d.no_hold_refusal("no-lane-state", (), _handoff(None, None, needed=2, seat_closed=True))
    assert ["drive-ratchet" in driven, "drive-ratchet" in closed] == [False, False]
    assert "IDENTITY" not in closed and "identity" not in closed


@pytest.mark.parametrize(
    ("drives", "needed", "sentence"),
    [
        (0, 2, "this is refusal 1 of the 2 it takes, 1 more after this one."),
        (1, 2, "this is refusal 2 of the 2 it takes, so the next valid hand-off is accepted."),
        (0, 3, "this is refusal 1 of the 3 it takes, 2 more after this one."),
    ],
)
def test_a_valid_hand_off_sent_back_by_the_ratchet_is_told_it_is_valid_and_how_many_more(
    drives: int, needed: int, sentence: str
) -> None:
    d, _ = load_directives()
    text = d.valid_block_refusal(Handoff(drives=drives, needed=needed), "material artifact: none")
    assert text.startswith(
        "Your lane-state block is valid, and it is sent back: the drive-ratchet has a session drive its lane "
        "before it hands it off; " + sentence
    )
    assert "Declaring a lane is not driving it: do the lane's next concrete action now" in text
    assert text.endswith(
        "(rule: valid-lane-state — declaring a lane is not driving it, and no exit was accepted: "
        "material artifact: none)"
    )


def test_an_unset_identity_is_never_the_agents_task() -> None:
    """The agent hears that nothing in its block can open a seat without identity, and no setting name."""
    d, _ = load_directives()
    text = d.valid_block_refusal(Handoff(drives=0, needed=2, seat_closed=True), "material artifact: none")
    assert text.startswith(
        "Your lane-state block is valid, and it is sent back: this seat accepts no hand-off until its operator "
        "finishes setting it up (the audit log and lanegate doctor tell them); nothing in your block can change "
        "that. Declaring a lane"
    )
    assert [word in text for word in ("IDENTITY", "identity", "config", "drive-ratchet")] == [False] * 4


def test_what_the_agent_can_change_comes_first() -> None:
    d, _ = load_directives()
    handoff = Handoff(failures=("gate 1 names yourself (@bot) as nextActor",), drives=2, needed=2)
    text = d.valid_block_refusal(handoff, "material artifact: none")
    assert text.startswith(
        "Your lane-state block is valid, and it is sent back: as a hand-off it cannot be accepted — gate 1 names "
        "yourself (@bot) as nextActor. Declaring a lane is not driving it"
    )
