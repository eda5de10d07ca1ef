"""Parse units: the sentence a phrase is judged in, and the compact text the parser reads."""

from __future__ import annotations

from analyzer.units import compact_unit, listed_items_end, sentence_bounds, unit_bounds, unit_starts


def unit_of(text: str, offset: int) -> tuple[int, int]:
    starts = unit_starts(text)
    start, end = sentence_bounds(text, *unit_bounds(starts, offset), offset)
    return start, listed_items_end(text, starts, start, end)


def test_a_colon_at_the_end_of_the_sentence_takes_in_the_list_items_below_it() -> None:
    text = "Your call:\n- squash\n- rebase\n\nCI is green."
    start, end = unit_of(text, 0)
    assert text[start:end] == "Your call:\n- squash\n- rebase\n"
    unit = compact_unit(text, start, end)
    assert unit.text == "Your call: squash or rebase"
    # Every compact character maps into the original text; the joining word maps to the line break.
    assert [text[o] for o in unit.offsets[unit.text.index(" or") : unit.text.index(" or") + 3]] == ["\n"] * 3
    assert all(text[o] == ch for o, ch in zip(unit.offsets, unit.text, strict=True) if ch not in " ,or")


def test_three_numbered_items_read_as_a_series() -> None:
    text = "Options, your call:\n1. merge on the exception\n2. ask for the stamp\n3. hold\n"
    start, end = unit_of(text, 9)
    assert compact_unit(text, start, end).text == (
        "Options, your call: merge on the exception, ask for the stamp or hold"
    )


def test_a_sentence_without_a_final_colon_keeps_its_own_line() -> None:
    text = "Your call.\n- squash\n- rebase\n"
    start, end = unit_of(text, 0)
    assert text[start:end] == "Your call.\n"
    assert compact_unit(text, start, end).text == "Your call."


def test_a_blank_line_or_a_heading_ends_the_items_a_colon_introduces() -> None:
    assert unit_of("Your call:\n\n- squash\n", 0) == (0, 11)
    text = "Your call:\n- squash\n## Next\n- rebase\n"
    assert text[slice(*unit_of(text, 0))] == "Your call:\n- squash\n"
