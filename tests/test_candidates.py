"""Phrase matching and carve-outs, without spaCy: the hook's cheap first pass."""

from __future__ import annotations

import pytest

from analyzer.text.candidates import find_candidates
from analyzer.text.carveouts import build_views


def found(text: str) -> list[tuple[str, str, int]]:
    return [(c.entry.canonical, c.text, c.start) for c in find_candidates(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Would you like me to open the PR?", [("would you like me to", "Would you like me to", 0)]),
        ("WANT ME TO rebase?", [("want me to", "WANT ME TO", 0)]),
        ("Do you want me to continue?", [("do you want me", "Do you want me", 0)]),
        ("I'll take it unless you want me elsewhere.", [("unless you want me", "unless you want me", 13)]),
        ("I can split it if you’d rather.", [("if you'd rather", "if you’d rather", 15)]),
        ("Next lane, unless you'd rather not.", [("unless you'd rather", "unless you'd rather", 11)]),
        ("Starting now — or steer me elsewhere.", [("or steer me elsewhere", "or steer me elsewhere", 15)]),
        ("Your call on the lane.", [("your call", "Your call", 0)]),
        ("your move, then.", [("your move", "your move", 0)]),
        ("I need your steer on it.", [("your steer on", "your steer on", 7)]),
        ("I can do it if you want it.", [("if you want it", "if you want it", 12)]),
        ("Keep it unless you want logs.", [("unless you want", "unless you want", 8)]),
    ],
)
def test_each_phrase_is_found_with_its_canonical_form_and_offset(text: str, expected: list) -> None:
    assert found(text) == expected


def test_leftmost_longest_reports_the_longer_phrase_once() -> None:
    assert found("do you want me to take it?") == [("do you want me", "do you want me", 0)]
    assert found("unless you want me to stop") == [("unless you want me", "unless you want me", 0)]


def test_soft_line_wrap_inside_a_phrase_still_matches_but_a_blank_line_does_not() -> None:
    assert found("Merge it or hold, your\ncall.") == [("your call", "your\ncall", 18)]
    assert found("your\n\ncall") == []


@pytest.mark.parametrize("space", ["\u00a0", "\u2009", "\u202f", "\u3000", " \u00a0 "])
def test_any_horizontal_space_separates_the_words_of_a_phrase(space: str) -> None:
    """A non-breaking or thin space between words is a space: the phrase is found, offsets unchanged."""
    text = f"Done. Want{space}me{space}to keep going?"
    assert found(text) == [("want me to", f"Want{space}me{space}to", 6)]


@pytest.mark.parametrize(
    "text",
    ["your_call", "your callback fires", "see your-move.ts", "the your_move flag", "yourcall", "your call.ts"],
)
def test_identifiers_and_longer_words_never_match(text: str) -> None:
    assert found(text) == []


def test_markdown_emphasis_does_not_hide_a_phrase() -> None:
    assert found("**your call**") == [("your call", "your call", 2)]
    assert found("_if you want it_") == [("if you want it", "if you want it", 1)]


@pytest.mark.parametrize(
    "text",
    [
        "```\nDo you want me to continue?\n```",
        "~~~text\nyour call\n~~~",
        "Before:\n```python\nwant me to = 1\n",  # unclosed fence runs to the end
        "Intro.\n\n    your call on the lane\n\nOutro.",  # indented code block
        "Run `your call` to see.",
        'The operator wrote "would you like me to" twice.',
        "She said “your move” and left.",
        "He typed 'your call' in the thread.",
        "He typed ‘your call’ in the thread.",
        "> Would you like me to merge?\n",
        "the phrase your call is on the list",
        "the lint's trigger want me to",
        "phrases like your move fire the lint",
        "I added want me to to the lexicon.",
    ],
)
def test_carve_outs_yield_no_candidate(text: str) -> None:
    assert found(text) == []


def test_list_indentation_is_not_code() -> None:
    assert found("- item one\n\n    continued, your call") == [("your call", "your call", 27)]


def test_apostrophes_inside_words_do_not_open_quotations() -> None:
    text = "I don't mind the agents' lanes, your call."
    assert found(text) == [("your call", "your call", 32)]


def test_views_keep_length_and_line_structure() -> None:
    text = "Run `make test`\n> quoted\n```\ncode\n```\n**your call**"
    views = build_views(text)
    assert len(views.match_view) == len(text) == len(views.parse_view)
    assert [i for i, ch in enumerate(views.match_view) if ch == "\n"] == [i for i, ch in enumerate(text) if ch == "\n"]
    assert [r.kind for r in views.regions] == ["inline-code", "blockquote", "code-fence"]
    assert views.parse_view.startswith("Run xxxxxxxxxxx\n")


def test_a_configured_phrase_whose_letters_fold_under_ignorecase_is_found_without_error() -> None:
    """'ſ' matches 's' under re.IGNORECASE; the match still names its own lexicon entry."""
    from analyzer.lexicon import default_lexicon

    lexicon = default_lexicon().extended(phrases=[{"canonical": "ſhip it", "family": "offer"}])
    assert [(c.entry.canonical, c.text) for c in find_candidates("We can ship it now.", lexicon)] == [
        ("ſhip it", "ship it")
    ]
