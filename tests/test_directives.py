"""The refusal texts of SPEC §5.3: seed wording, the rule that fired, the length bound, overrides."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from hook.directives import MAX_CHARS, TEXT_KEYS, builtin_texts, load_directives

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
    """SPEC §5.3 row L2: the wording of seed 001 and nothing else; it names its own rule."""
    d, warnings = load_directives()
    assert warnings == ()
    assert d.dialogue == SEED_001
    assert d.active_lane_in_dialogue() == SEED_001


def test_helpful_assistant_directive_is_neutral_with_role_scope_and_trigger() -> None:
    """SPEC §5.3 revision 3: decide it yourself and act; a human's decision handed over by name; no tool named."""
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


def test_the_readme_shows_every_default_text() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = [key for key in TEXT_KEYS if str(builtin_texts()[key]) not in readme]
    assert missing == []


def test_no_hold_directive_says_what_to_do_and_names_the_failed_rules() -> None:
    d, _ = load_directives()
    text = d.no_hold_refusal("invalid-lane-state", ("gate 1 has no checkedAt", "laneContinuation 'hold' is unknown"))
    assert text.startswith("There is no hold state. Name your lane and do its next concrete action now")
    assert "parked, not driven" in text
    assert "```lane-state\n" in text
    assert text.endswith(
        "(rule: invalid-lane-state — the lane-state block breaks its rules: gate 1 has no checkedAt; "
        "laneContinuation 'hold' is unknown)"
    )


def test_no_hold_rule_line_without_details() -> None:
    d, _ = load_directives()
    assert d.no_hold_refusal("no-lane-state", ()).endswith(
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
        *(d.no_hold_refusal(tag, tuple([huge] * 60)) for tag in d.rules),
    ]
    assert [len(t) < MAX_CHARS for t in rendered] == [True] * len(rendered)


def test_long_detail_lists_are_cut_and_counted() -> None:
    d, _ = load_directives()
    text = d.no_hold_refusal("invalid-lane-state", tuple(f"v{i}" for i in range(8)))
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
    assert d.no_hold_refusal("no-lane-state", ()).endswith(
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
