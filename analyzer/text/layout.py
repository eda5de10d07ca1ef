"""Markdown structure and typography that set what the parser reads (docs/DESIGN.md#decisive-relation and
docs/DESIGN.md#carve-outs, revision 2).

A table row's cells are separate units; a heading phrase governs the list under it; a sentence written
in capitals is parsed as the same sentence in ordinary case. Offsets never move: every rule here keeps
the text's length, or narrows the bounds of the unit.
"""

from __future__ import annotations

import re

# A table row: a line whose first non-blank character is a pipe.
_TABLE_ROW = re.compile(r"[ \t]*\|")
# A word of a sentence; a sentence of at most MAX_LONE_WORDS words is a phrase alone ('Your call.', 'Up to you!').
_WORD = re.compile(r"[^\W_]+")
MAX_LONE_WORDS = 3
# A word that points back at what the sentence before names (analyzer.grammar.reference): the parser reads that too;
# so does a decision mark with no verb of its own ('Whether and when is your call', 'whether or not').
_POINTER = re.compile(
    r"\b(?:it|that|this|them|those|these|so|whether\s+(?:and|or)\b|(?:when|if)\s+(?:and|or)\s+whether\b)", re.IGNORECASE
)
# A heading line: one to six '#' and a space.
_HEADING = re.compile(r"[ \t]*#{1,6}[ \t]+")
# r29b (docs/DESIGN.md#construction-classes, rule `act-on-pointer`): an act done on a pointer ('Purging them',
# 'Applying it', 'whether to revoke that') or in a place pointed at ('Running the apply there'): the sentence names its
# own act, and the pointer only the thing acted on or the place.
# The act opens its sentence, as its subject: a gerund or 'whether to' + verb.
_ACT_ON_POINTER = re.compile(
    r"[*_\s]*(?:(?!\w*thing\b)[A-Za-z]+ing|whether\s+(?:or\s+not\s+)?to\s+[A-Za-z]+)"
    r"(?:\s+(?:it|them|that|those|these|this)\b|[^.;:!?\n]{0,60}?\s+there\b)",
    re.IGNORECASE,
)
# A unit that is no prose: a list item, a heading, a table row (a block of checks between the prose and the phrase).
_NOT_PROSE = re.compile(r"[ \t]*(?:[-*+][ \t]|\d+[.)][ \t]|#{1,6}[ \t]|\|)")
# How many units of lists, headings and rows the thing acted on may lie back across.
MAX_UNITS_ACROSS = 12
# At least this many letters before a sentence counts as written in capitals.
MIN_CAPS_LETTERS = 6
# The share of upper-case letters that makes a sentence written in capitals.
CAPS_SHARE = 0.8


def table_cell(view: str, start: int, end: int, offset: int) -> tuple[int, int]:
    """In a Markdown table row a phrase attaches inside its own cell, never across '|'.
    Narrows the unit [start, end) of a row to the cell around `offset`; any other unit is returned as is."""
    line_start = view.rfind("\n", 0, offset) + 1
    if line_start < start or not _TABLE_ROW.match(view, line_start):
        return start, end
    line_end = view.find("\n", offset)
    line_end = len(view) if line_end == -1 else line_end
    left = view.rfind("|", line_start, offset)
    right = view.find("|", offset, line_end)
    return (left + 1 if left != -1 else line_start), (right if right != -1 else line_end)


def named_before(
    view: str,
    unit: tuple[int, int],
    cell: tuple[int, int],
    sentence: tuple[int, int],
    again: re.Pattern[str] | None = None,
    starts: list[int] | None = None,
    reach: int | None = None,
) -> int | None:
    """Rule `named-before` (revision 4, docs/DESIGN.md#construction-classes): a phrase alone in its sentence ('Your
    call.') or in its table cell binds what is named before it — the sentence before it in its paragraph, or the row's
    other cells — so the parser reads that too; so does a sentence with a word that points back ('That's for you to
    say', 'Rotating them is up to you': analyzer.grammar.reference). The start of the wider stretch, or None when the
    phrase's sentence says more than the phrase (MAX_LONE_WORDS) and points back at nothing, or nothing comes before
    it. `again` (r28i): a definite noun that may name a domain term of the sentence before again ('the plan' after 'the
    Pro plan') points back too. `starts` and `reach` (r29b): an act on a pointer opening its paragraph ('Purging them is
    your call.') reads back across the lists, headings and table rows before it to the last sentence of prose, when
    that starts at or after `reach` (prose_before)."""
    start, end = sentence
    lone = len(_WORD.findall(view, start, end)) <= MAX_LONE_WORDS
    points = (
        _POINTER.search(view, start, end)
        or (again is not None and again.search(view, start, end))
        or _ACT_ON_POINTER.match(view, start, end)
    )
    if not lone and (cell != unit or not points):
        return None  # says more than the phrase, and points back at nothing ('do it', 'that decision', 'revoking it')
    if cell != unit:  # narrowed to a cell: the row, from its first pipe
        line_start = view.rfind("\n", 0, start) + 1
        first_pipe = view.find("|", line_start, start)
        return first_pipe if first_pipe != -1 and view.find("|", first_pipe + 1, start) != -1 else None
    before = view[unit[0] : start].rstrip()
    from analyzer.text.units import sentence_bounds

    if (
        (not before or not _WORD.search(before))
        and starts is not None
        and not _NOT_PROSE.match(view, unit[0])
        and _ACT_ON_POINTER.match(view, start, end)
    ):
        return prose_before(view, starts, unit[0], reach or 0)
    if not before or not _WORD.search(before):
        return None

    return sentence_bounds(view, unit[0], unit[1], unit[0] + len(before) - 1)[0]


def prose_before(view: str, starts: list[int], unit_start: int, reach: int) -> int | None:
    """Rule `act-on-pointer` (r29b, docs/DESIGN.md#construction-classes): the start of the last sentence of the prose
    paragraph before the unit at `unit_start`, across blank lines, list items, headings and table rows (a reader
    looks for what 'them' stands for in what the message says, not in its checks); None when that sentence starts
    before `reach` (the parse window) or no prose comes within MAX_UNITS_ACROSS units."""
    from bisect import bisect_left

    from analyzer.text.units import sentence_bounds

    k = bisect_left(starts, unit_start)
    for _ in range(MAX_UNITS_ACROSS):
        if k <= 0:
            return None
        k -= 1
        a, b = starts[k], starts[k + 1] if k + 1 < len(starts) else unit_start
        text = view[a:b].rstrip()
        if not _WORD.search(text) or _NOT_PROSE.match(view, a):
            continue
        first = sentence_bounds(view, a, b, a + len(text) - 1)[0]
        return first if first >= reach else None
    return None


def gap_before(view: str, starts: list[int], wider: int, start: int) -> tuple[int, int] | None:
    """Rule `act-on-pointer` (r29b): the stretch of lists, headings and rows between the prose paragraph holding
    `wider` (prose_before) and the phrase's sentence at `start`, which the parse leaves out; None when the two are in
    one paragraph."""
    from bisect import bisect_right

    k = bisect_right(starts, wider)
    end = starts[k] if k < len(starts) else len(view)
    if end >= start:
        return None
    prose_end = wider + len(view[wider:end].rstrip())
    return prose_end, start


def is_row(view: str, start: int) -> bool:
    """The stretch starting at `start` is a whole table row (named_before widened a cell to it)."""
    return view.startswith("|", start)


def is_heading(view: str, start: int) -> bool:
    """The unit starting at `start` is a Markdown heading ('## Your call')."""
    return _HEADING.match(view, start) is not None


def ordinary_case(text: str) -> str:
    """'PR #7 IS MERGE-ELIGIBLE, YOUR CALL.' is judged as 'Pr #7 is merge-eligible,
    your call.' — the small model reads words in capitals as proper nouns. Same length, so offsets hold;
    text mostly in ordinary case is returned unchanged."""
    letters = [ch for ch in text if ch.isalpha()]
    if len(letters) < MIN_CAPS_LETTERS or sum(ch.isupper() for ch in letters) < CAPS_SHARE * len(letters):
        return text
    lowered = text.lower()
    if len(lowered) != len(text):  # a letter whose lower case is longer ('İ'): leave the sentence as written
        return text
    first = next((k for k, ch in enumerate(lowered) if ch.isalpha()), None)
    return lowered if first is None else lowered[:first] + lowered[first].upper() + lowered[first + 1 :]


def instruction_case(text: str) -> str:
    """Rule `instruction-case`: an instruction or a list item opens with a capitalised verb ('Restart the dev
    server and tell me …', '- Cache the parsed config'), which the small model reads as a proper noun; it is
    parsed with that first letter in lower case (and in ordinary case when written in capitals). Same length."""
    text = ordinary_case(text)
    first = next((k for k, ch in enumerate(text) if ch.isalpha()), None)
    if first is None or not text[first].isupper() or text[first + 1 : first + 2].isupper():
        return text  # a word in capitals ('CI', 'PR') is a name
    lowered = text[first].lower()
    return text if len(lowered) != 1 else text[:first] + lowered + text[first + 1 :]


# r29a: a sentence opened in small letters by a subordinator ('if you want i can …', 'once u have …'), at the unit's
# start, after the mark that ended the sentence before it (a word of three letters or more, not an abbreviation:
# 'e.g. if'), or at a line's start.
_SMALL_CONDITION = re.compile(
    r"(?:\A[ \t>*_-]*|(?<=[A-Za-z]{3}[.!?])[ \t]+|\n[ \t>*_-]*)"
    r"(?=(?:if|when|whenever|once|unless|as soon as|after|before|since|because|though|although)\b)([a-z])"
)


def unit_case(text: str) -> str:
    """r29a: a unit the phrase rules parse, in ordinary case, with each sentence that a subordinator opens in small
    letters given its capital ('done. if you want i can convert the rest 2' reads 'Done. If you want …'): the small
    model hangs a small 'if' that opens a sentence on the clause before it. Other words keep their case (a reason
    quotes them as parsed: 'shall i …'). Same length."""
    text = ordinary_case(text)
    if not _SMALL_CONDITION.search(text):
        return text
    return _SMALL_CONDITION.sub(lambda m: m.group(0)[:-1] + m.group(1).upper(), text)


def sentence_case(text: str) -> str:
    """Issue 28 phase 4: a closing question written in small letters ('that ok w/ u?', 'how can i help 2day?') is
    parsed with its first letter capitalised, as the small model reads a sentence's opening word (it read 'that' as a
    subordinator). Then in ordinary case. Same length."""
    text = ordinary_case(text)
    first = next((k for k, ch in enumerate(text) if ch.isalpha()), None)
    if first is None or not text[first].islower() or (first > 0 and text[first - 1] in "`$/\\_-."):
        return text
    raised = text[first].upper()
    return text if len(raised) != 1 else text[:first] + raised + text[first + 1 :]


# Issue 28 phase 4: a remark after a detached hand-over ('Merge #415 now or wait for the nightly run — your pick, its
# green either way.'): a short phrase set off by a dash, then a comma and a clause about the options.
_DETACHED_BEFORE = re.compile(r"(?:[—–]|--|\s-)\s*\Z")
_REMARK_AFTER = re.compile(
    r"[^,.;:!?\n—–]{1,30}?(,)\s+(?:its|it['’]s|it\s+is|that['’]s|both\s+are|either\s+(?:is|way|works))\b", re.IGNORECASE
)


def remark_after(view: str, offset: int, end: int) -> int | None:
    """Where a hand-over set off by a dash ends when a remark about the options follows it after a
    comma ('— your pick, its green either way'): the comma's offset, so the parser reads the phrase's sentence without
    the remark (a remark is no object of the pick, and its parse would tangle the options); None otherwise."""
    if not _DETACHED_BEFORE.search(view, max(0, offset - 4), offset):
        return None
    found = _REMARK_AFTER.match(view, offset, end)
    return found.start(1) if found is not None else None
