"""Cut a message into the units the parser reads: paragraphs, list items and headings.

Only the unit holding a phrase is parsed, so a long message costs no more than its relevant paragraph.
A unit is handed to spaCy in compact form (whitespace runs collapsed, list markers dropped) with a map
back to the original offsets, so the parse never sees Markdown layout and offsets stay exact.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable

from lanegate_common.frozen import frozen

_LIST_MARKER = re.compile(r"^[ \t]*(?:[-*+]|\d+[.)]|#{1,6})[ \t]+", re.MULTILINE)
# A line that starts a unit: a run of blank lines (it ends one, and the line after it starts one), a list
# item, a heading or a table row. Whitespace inside a line is any but the line break (str.strip's, as a line
# reads). A run of blank lines is one separator: a megabyte of line breaks is one match, not a million.
_UNIT_LINE = re.compile(
    r"^(?:(?P<blank>[^\S\n]*(?:\n[^\S\n]*)*$)|[ \t]*(?:[-*+][^\S\n]|\d+[.)][^\S\n]|#{1,6}[^\S\n]|\|))", re.M
)
# A bullet or numbered list item's marker (not a heading's).
_ITEM_MARKER = re.compile(r"[ \t]*(?:[-*+]|\d+[.)])[ \t]+")
# A parenthetical aside within one line, not nested.
_ASIDE = re.compile(r"\([^()\n]*\)")
_STARTS_WITH_CONJUNCTION = re.compile(r"(?:or|and)\b", re.IGNORECASE)
# Issue 28 (r33i, docs/DESIGN.md#construction-classes): an answer-format hint — the answers the reader may give, set
# out as a short list of words between slashes or bars, in brackets or alone ('(yes/no)', '[Y/n]', '(a / b / c)',
# 'yes/no'): furniture of the question before it, never an answer to it nor a sentence of its own. Its shape decides,
# not its words. The blanks around a bracket are read only with the bracket, so no two open repeats can share a run of
# blanks (linear on a line of 20,000 of them).
_ANSWER_FORMAT = re.compile(
    r"[ \t*_]*(?:[(\[][ \t]*)?[A-Za-z0-9]{1,12}(?:[ \t]{0,3}[/|][ \t]{0,3}[A-Za-z0-9]{1,12}){1,5}(?:[ \t]*[)\]])?"
    r"[ \t.:*_]*"
)


def answer_format(sentence: str) -> bool:
    """The whole sentence is an answer-format hint ('(yes/no)', '[Y/n]'); a bracket opened is closed, and without
    brackets every option is a short word."""
    stripped = sentence.strip()
    if not stripped or _ANSWER_FORMAT.fullmatch(stripped) is None:
        return False
    if (stripped.count("(") + stripped.count("[")) > (stripped.count(")") + stripped.count("]")):
        return False
    if ")" in stripped or "]" in stripped:
        return True
    # unbracketed, only the short words of an answer ('yes/no', 'y/n'), never a path ('src/main')
    return all(len(word) <= 3 for word in re.findall(r"[A-Za-z0-9]+", stripped))


# More items than a choice ever offers: a longer list under "your call:" is a report, parsed line by line.
MAX_LISTED_ITEMS = 8
# The parse window around a phrase (docs/DESIGN.md#normalisation, bounded cost): characters of its sentence before and
# after the phrase's start. Past it the parser never reads, so no sentence can make a judgement slow; a
# relation that needs more than the window cannot be shown (the unit is `clipped`).
WINDOW_BEFORE = 600
WINDOW_AFTER = 600
# A run of punctuation or symbols longer than this reaches the parser cut to this length: "!!!", "---"
# and "?!" keep their shape, and the tokenizer's affix search (quadratic on a long run) stays short.
MAX_SYMBOL_RUN = 3


@frozen
class Unit:
    start: int
    end: int
    text: str  # compact text the parser reads
    offsets: tuple[int, ...]  # offsets[i] = original offset of text[i]
    clipped: bool = False  # the sentence ran past the parse window (WINDOW_BEFORE, WINDOW_AFTER)

    def to_compact(self, original_offset: int) -> int:
        """The compact index of the first compact character at or after an original offset."""
        return bisect_left(self.offsets, original_offset)


def unit_starts(view: str) -> list[int]:
    """Offsets where a paragraph, list item or heading starts (and the end of the text), in order.

    Computed once per message, so finding the unit of each of many phrases stays cheap; one regex pass,
    so a megabyte of line breaks costs no Python loop per line (docs/DESIGN.md#normalisation: linear, and fast).
    """
    starts = {0, len(view)}
    for m in _UNIT_LINE.finditer(view):
        starts.add(m.start())
        if m.lastgroup == "blank":
            starts.add(min(m.end() + 1, len(view)))
    return sorted(starts)


def unit_bounds(starts: list[int], offset: int) -> tuple[int, int]:
    """The [start, end) of the unit around `offset`, given `unit_starts` of the view."""
    k = bisect_right(starts, offset)
    start = starts[k - 1] if k > 0 else 0
    end = starts[k] if k < len(starts) else starts[-1]
    return start, end


# Where one sentence ends and the next begins: end punctuation, space, then something that can open one; after a
# question mark, or a full stop after a word that is no abbreviation, also a word in small letters (issue 28 phase 4:
# "which of these appeals to you? my pick would be …", "id split it into two PRs. that ok w/ u?"). r38a: 'e.g.' and
# 'i.e.' end no sentence whatever follows them ("(e.g. “Liked section” or …), we can plan it").
_SENTENCE_END = re.compile(
    r"(?<=[.!?])(?<!\be\.g\.)(?<!\bi\.e\.)[\"')\]”’*_]*\s+(?=[\"'(\[“‘*_`#>\-A-Z0-9])"
    r"|(?:(?<=\?)|(?<=[A-Za-z]{2}\.)(?<!\betc\.)(?<!\bvs\.)(?<!\bcf\.)(?<!\bal\.)(?<!\bapprox\.)(?<!\bincl\.)(?<!\bno\.))"
    r"[ \t]+(?=[a-z])"
)


def sentence_bounds(view: str, start: int, end: int, offset: int) -> tuple[int, int]:
    """Narrow a unit to the sentence around `offset`, so the parser reads one sentence, not a paragraph.

    Every grammar rule reads only the phrase's own sentence; splitting with a regex first keeps the
    per-message parse cost at one sentence's worth. Only the parse window around the phrase is searched
    (a sentence that starts or ends outside it is cut there anyway, by window()), so a paragraph of
    thousands of phrases costs each of them the window, not the paragraph.
    """
    low = max(start, offset - WINDOW_BEFORE - 1)
    high = min(end, offset + WINDOW_AFTER + 1)
    sentence_start, sentence_end = start, end
    for m in _SENTENCE_END.finditer(view, low, high):
        if m.end() <= offset:
            sentence_start = m.end()
        elif m.start() >= offset:
            sentence_end = m.start()
            break
    return sentence_start, sentence_end


def window(view: str, start: int, end: int, offset: int) -> tuple[int, int, bool]:
    """A sentence [start, end) cut to the parse window around the phrase at `offset`, at word edges,
    and whether anything was cut."""
    low, high = offset - WINDOW_BEFORE, offset + WINDOW_AFTER
    clipped = start < low or end > high
    if start < low:
        space = _next_space(view, low, offset)
        start = space if space is not None else low
    if end > high:
        space = view.rfind(" ", offset, high)
        end = space if space > offset else high
    return start, end, clipped


def _next_space(view: str, start: int, stop: int) -> int | None:
    for i in range(start, stop):
        if view[i].isspace():
            return i + 1
    return None


def listed_items_end(view: str, starts: list[int], start: int, end: int, *, heading: bool = False) -> int:
    """Where a sentence that ends in a colon ends once the list items it introduces are added to it.

    "Your call:\n- squash\n- rebase" states its object in the items below the colon (docs/DESIGN.md#decisive-relation:
    "your call: X"), so the items belong to the sentence; any other sentence ends where it ends. One blank
    line may stand between the colon and the list; the items are siblings (one indentation), and a list
    longer than MAX_LISTED_ITEMS is a report, not a choice, so it is left out. heading: the sentence is a
    Markdown heading, which governs the list under it as the colon form does (docs/DESIGN.md#carve-outs, rule
    `heading-list`).
    """
    if not heading and not view[start:end].rstrip().endswith(":"):
        return end
    pos = end
    blank = view.find("\n", pos)
    if blank != -1 and not view[pos:blank].strip():
        pos = blank + 1
    items_end, count, indent = end, 0, None
    while pos < len(view):
        item = _ITEM_MARKER.match(view, pos)
        line_end = view.find("\n", pos)
        line = view[pos : len(view) if line_end == -1 else line_end]
        if item is None or not line.strip(" \t*-_") or (indent is not None and _indent(line) != indent):
            break
        indent = _indent(line)
        count += 1
        k = bisect_right(starts, pos)
        pos = items_end = starts[k] if k < len(starts) else len(view)
    return items_end if 0 < count <= MAX_LISTED_ITEMS else end


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _inner_items(view: str, start: int, end: int) -> dict[int, int]:
    """The line breaks inside [start, end) that open a list item, each with the end of its marker."""
    items: dict[int, int] = {}
    newline = view.find("\n", start, end)
    while newline != -1:
        item = _ITEM_MARKER.match(view, newline + 1)
        if item is not None and item.end() <= end and newline > start:
            items[newline] = item.end()
        newline = view.find("\n", newline + 1, end)
    return items


def _asides(view: str, start: int, before: int, droppable: Callable[[str], bool]) -> dict[int, int]:
    """Parenthetical asides to leave out of the parse: each '(' with the end of its ')'.

    "Merge on the exception (CI is green on sha 3f9c2a1) or ask for the stamp, your call": the aside is
    another proposition, and the small model makes its verb the root of the whole sentence. Only asides
    that close before the unit's first phrase and follow some words of it are dropped, so "(squash or
    rebase), your call" and "your call (squash or rebase)" keep what they say; `droppable` judges the
    aside's words (a negation or an alternative inside it belongs to the relation).
    """
    asides: dict[int, int] = {}
    for m in _ASIDE.finditer(view, start, before):
        if any(ch.isalnum() for ch in view[start : m.start()]) and droppable(m.group()[1:-1]):
            asides[m.start()] = m.end()
    return asides


def compact_unit(
    view: str,
    start: int,
    end: int,
    before: int | None = None,
    droppable: Callable[[str], bool] | None = None,
    *,
    clipped: bool = False,
    cells: bool = False,
    gap: tuple[int, int] | None = None,
) -> Unit:
    """Collapse whitespace and long runs of punctuation or symbols (MAX_SYMBOL_RUN), drop list markers,
    keeping a map to the original offsets.

    The items of a list a colon introduces read as the series of alternatives they are: "Your call:
    squash, rebase or hold" (the joining words map to the line break before each item). before: the
    unit's first phrase; parenthetical asides that close before it are left out (_asides). cells: a table row
    whose cells the parser reads as sentences of their own (each pipe read as a full stop, same length). gap (r29b,
    rule `act-on-pointer`): the lists, headings and rows between the prose before a phrase and the phrase's own
    paragraph, left out, so the prose's last sentence and the phrase's are read as two sentences side by side.
    """
    chars: list[str] = []
    offsets: list[int] = []
    marker = _LIST_MARKER.match(view, start)
    i = marker.end() if marker and marker.end() <= end else start
    heading = marker is not None and "#" in marker.group()  # '## Your call' over a list: a colon joins them
    items = _inner_items(view, i, end)
    last_item = max(items, default=-1)
    asides = _asides(view, i, min(end, before), droppable) if before is not None and droppable else {}
    if gap is not None:
        asides[gap[0]] = gap[1]
        items = {k: v for k, v in items.items() if not gap[0] <= k < gap[1]}
        last_item = max(items, default=-1)
    pending_space = False
    symbol_run = 0
    while i < end:
        ch = "." if cells and view[i] == "|" else view[i]
        if i in asides:
            if gap is not None and i == gap[0] and chars and chars[-1].isalnum():
                chars.append(".")  # the prose's last words end their sentence where the gap begins
                offsets.append(i - 1)
            i = asides[i]
            rest = view[i:end].lstrip()
            pending_space = bool(chars) and bool(rest) and rest[0].isalnum()  # no space before ','
            continue
        if i in items:
            while chars and chars[-1] in ".!?":  # 'Squash now.' ends an item, not the sentence
                chars.pop()
                offsets.pop()
            own_or = _STARTS_WITH_CONJUNCTION.match(view, items[i]) is not None  # '- or rebase'
            last = i == last_item and len(items) > 1 and not own_or
            joiner = "" if not chars or chars[-1] in ":,;" else (" or" if last else ",")
            if heading and joiner and i == min(items):
                joiner = ":"
            chars.extend(joiner)
            offsets.extend([i] * len(joiner))
            pending_space = True
            i = items[i]
            continue
        if ch.isspace():
            pending_space = bool(chars)
            symbol_run = 0
        else:
            symbol_run = 0 if ch.isalnum() else symbol_run + 1
            if symbol_run > MAX_SYMBOL_RUN:
                i += 1
                continue
            if pending_space:
                chars.append(" ")
                offsets.append(i - 1)
                pending_space = False
            chars.append(ch)
            offsets.append(i)
        i += 1
    return Unit(start, end, "".join(chars), tuple(offsets), clipped)


def sentence_spans(view: str, start: int, end: int) -> list[tuple[int, int]]:
    """Every sentence of [start, end) in order, split as `sentence_bounds` splits them."""
    spans: list[tuple[int, int]] = []
    sentence_start = start
    for m in _SENTENCE_END.finditer(view, start, end):
        spans.append((sentence_start, m.start()))
        sentence_start = m.end()
    spans.append((sentence_start, end))
    return spans
