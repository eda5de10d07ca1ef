"""The fold (analyzer.text.disguise, docs/DESIGN.md#normalisation): what each kind of disguise reads as, and the map
back."""

from __future__ import annotations

import pytest

from analyzer.text.disguise import FORMAT, LOOK_ALIKE, MARKUP, fold, only_plain_symbols, without_markup


@pytest.mark.parametrize(
    ("written", "read", "kinds"),
    [
        ("yo\u200bur call", "your call", (FORMAT,)),
        ("your cal\u00adl", "your call", (FORMAT,)),
        ("\u0443\u043eur call", "your call", (LOOK_ALIKE,)),
        ("y\u03bfur call", "your call", (LOOK_ALIKE,)),
        ("\uff59\uff4f\uff55\uff52 call", "your call", (LOOK_ALIKE,)),
        ("\U0001d432our call", "your call", (LOOK_ALIKE,)),
        ("\ufb06eer me", "steer me", (LOOK_ALIKE,)),
        ("your <b>call", "your call", (MARKUP,)),
        ("your<br>call", "your call", (MARKUP,)),
        ("your <!-- x --> call", "your  call", (MARKUP,)),
        ("your&nbsp;call", "your\u00a0call", (MARKUP,)),
        ("y&#111;ur call", "your call", (MARKUP,)),
        ("y*our* call", "your* call", (MARKUP,)),
        ("w\u00ad*ould", "would", (FORMAT, MARKUP)),
    ],
)
def test_each_disguise_reads_as_the_plain_text_and_maps_back(written: str, read: str, kinds: tuple[str, ...]) -> None:
    folded = fold(written)
    assert folded.text == read
    assert folded.original_span(0, len(read)) == (0, len(written))
    assert folded.disguises(0, len(read)) == kinds


def test_markup_after_the_last_letter_is_not_part_of_the_span() -> None:
    folded = fold("your <b>call</b>.")
    assert (folded.text, folded.original_span(0, 9)) == ("your call.", (0, 12))


def test_offsets_inside_a_folded_text_point_at_the_original_characters() -> None:
    written = "Hi \u200b\u200bthere, yo\u200bur <i>call</i>."
    folded = fold(written)
    assert folded.text == "Hi there, your call."
    start = folded.text.index("your call")
    a, b = folded.original_span(start, start + len("your call"))
    assert written[a:b] == "yo\u200bur <i>call"
    assert folded.disguises(0, 2) == ()  # "Hi": nothing hidden inside it


@pytest.mark.parametrize("text", ["plain words", "an em dash \u2014 and \u201cquotes\u201d", "**bold** and _it_"])
def test_text_without_disguise_is_its_own_fold(text: str) -> None:
    folded = fold(text)
    assert (folded.text is text, folded.disguises(0, len(text))) == (True, ())


def test_a_lone_surrogate_is_replaced_and_is_no_disguise() -> None:
    folded = fold("ok \ud800 your call")
    assert (folded.text, folded.disguises(0, len(folded.text))) == ("ok \ufffd your call", ())


def test_the_pre_filter_helpers() -> None:
    assert only_plain_symbols("a \u2014 b \u2192 c \u201cd\u201d") is True
    assert [only_plain_symbols(t) for t in ("caf\u00e9", "\u24e8our", "a\u200bb", "a\u2800b")] == [False] * 4
    assert without_markup("your <b>call</b> &amp; y*our*") == "your call   your*"
    assert without_markup("y&#111;ur call") is None
