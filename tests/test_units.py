"""Parse units: the sentence a phrase is judged in, and the compact text the parser reads."""

from __future__ import annotations

import pytest

from analyzer.engine import status_aside
from analyzer.lexicon import default_lexicon
from analyzer.text.units import (
    MAX_LISTED_ITEMS,
    compact_unit,
    listed_items_end,
    sentence_bounds,
    unit_bounds,
    unit_starts,
)


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
    # The joining " or" maps to the line break before the item; every other character to itself.
    joiner = range(unit.text.index(" or"), unit.text.index(" or") + 3)
    assert [text[unit.offsets[k]] for k in joiner] == ["\n"] * 3
    kept = [(text[o], ch) for k, (o, ch) in enumerate(zip(unit.offsets, unit.text, strict=True)) if k not in joiner]
    assert all(original == ch or (ch == " " and original.isspace()) for original, ch in kept)


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


def test_one_blank_line_may_stand_between_the_colon_and_its_list() -> None:
    text = "Your call:\n\n- squash\n- rebase\n\nMore."
    start, end = unit_of(text, 0)
    assert compact_unit(text, start, end).text == "Your call: squash or rebase"
    assert unit_of("Your call:\n\n\n- squash\n", 0) == (0, 11)


def test_a_heading_or_a_nested_item_ends_the_items_a_colon_introduces() -> None:
    text = "Your call:\n- squash\n## Next\n- rebase\n"
    assert text[slice(*unit_of(text, 0))] == "Your call:\n- squash\n"
    nested = "Your call:\n- squash\n  - with a clean message\n- rebase\n"
    assert nested[slice(*unit_of(nested, 0))] == "Your call:\n- squash\n"


def test_item_full_stops_and_an_item_s_own_or_do_not_break_the_series() -> None:
    text = "Your call:\n- Squash now.\n- Or fix the docs lane first.\n"
    start, end = unit_of(text, 0)
    assert compact_unit(text, start, end).text == "Your call: Squash now, Or fix the docs lane first."


def test_a_long_list_under_a_colon_is_a_report_not_a_choice() -> None:
    text = "Your call:\n" + "".join(f"- merge {i}\n" for i in range(MAX_LISTED_ITEMS + 1))
    assert unit_of(text, 0) == (0, 11)
    short = "Your call:\n" + "".join(f"- merge {i}\n" for i in range(MAX_LISTED_ITEMS))
    assert unit_of(short, 0) == (0, len(short))


def test_reasons_quote_the_text_as_written_not_as_parsed() -> None:
    """The parser reads inline code as a placeholder word and curly apostrophes as straight ones; the
    reason a person reads quotes what the author wrote (the joining 'or' of a list stays as read)."""
    from analyzer import analyze

    code = analyze("Your call on the merge conflicts in `store.py`.").findings[0]
    assert code.reason == (
        # Rev 2 (rule modifier-names-head): 'merge' modifying 'conflicts' names agent work, no decision.
        "fires (object-form): object 'the merge conflicts in `store.py`' names work the agent owns ('conflicts')"
    )
    curly = analyze("The merge isn’t yours, your call.").findings[0]
    assert curly.reason == (
        "fires (copular-ownership, negated): the negation 'n’t' on 'is' cancels the hand-over the relation would make"
    )
    listed = analyze("Your call:\n- squash\n- rebase").findings[0]
    assert listed.reason == "exempt (object-form): object 'squash or rebase' is human-only work (merge)"


def test_asides_before_the_first_phrase_are_left_out_of_the_parse() -> None:
    text = "Merge on the exception (CI is green on sha 3f9c2a1) or ask for the stamp, your call."
    phrase = text.index("your call")
    unit = compact_unit(text, 0, len(text), before=phrase, droppable=lambda aside: True)
    assert unit.text == "Merge on the exception or ask for the stamp, your call."
    assert text[unit.offsets[unit.text.index("or ask")]] == "o"  # offsets skip the aside
    # An aside that opens the unit, or one after the phrase, says what the phrase is about: kept.
    opening = "(squash or rebase), your call."
    assert compact_unit(opening, 0, 30, before=20, droppable=lambda aside: True).text == opening
    tail = "Your call (squash or rebase)."
    assert compact_unit(tail, 0, len(tail), before=0, droppable=lambda aside: True).text == tail
    assert compact_unit(
        "Merge now (CI is green), or hold, your call.", 0, 44, before=34, droppable=lambda a: True
    ).text == ("Merge now, or hold, your call.")


@pytest.mark.parametrize(
    ("aside", "droppable"),
    [
        ("CI is green on sha 3f9c2a1", True),
        ("approved by two reviewers", True),
        ("not yet", False),
        ("no longer", False),
        ("CI isn't done", False),
        ("or let me rewrite it", False),
        ("and I'll update the notes", False),
        ("I still owe the tests", False),
        ("my docs lane", False),
        ("after the refactor", False),
    ],
)
def test_only_status_asides_leave_the_parse(aside: str, droppable: bool) -> None:
    """A negation, an added alternative or the agent's own work inside an aside belongs to the relation."""
    assert status_aside(default_lexicon(), aside) is droppable


# ---- the bounded parse unit (docs/DESIGN.md#normalisation) -----------------------------------------


def test_a_long_symbol_run_reaches_the_parser_cut_to_three() -> None:
    from analyzer.text.units import MAX_SYMBOL_RUN

    view = "Done" + "!" * 5000 + " ... your call --- ok"
    unit = compact_unit(view, 0, len(view))
    assert (MAX_SYMBOL_RUN, unit.text) == (3, "Done!!! ... your call --- ok")
    assert [view[o] for o in unit.offsets] == list(unit.text)
    assert unit.offsets[7] == 5004  # the space after the run maps back past the dropped characters


def test_the_window_cuts_a_long_sentence_at_word_edges_and_says_so() -> None:
    from analyzer.text.units import WINDOW_AFTER, WINDOW_BEFORE, window

    view = "word " * 400 + "your call " + "more " * 400
    offset = view.index("your call")
    start, end, clipped = window(view, 0, len(view), offset)
    assert clipped is True
    assert (offset - start <= WINDOW_BEFORE, end - offset <= WINDOW_AFTER) == (True, True)
    assert (view[start - 1], view[start : start + 5], view[end]) == (" ", "word ", " ")
    assert window(view, offset - 10, offset + 20, offset) == (offset - 10, offset + 20, False)
