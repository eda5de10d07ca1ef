"""One relation drawn the way displaCy draws a parse (its class names, its square arcs, words with their part
of speech and role below), laid out so that each label sits on its own arc's line."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from analyzer.explain.relations import Arc, Relation, head_position

if TYPE_CHECKING:

    pass



# The analyzer's own arcs in the picture, so they stand out from the parser's black ones.
HIGHLIGHT = "#d9480f"


# Colours a person reads in the picture: each role on its word and its mark, each verdict in its heading.
ROLE_COLOURS = {
    "phrase": HIGHLIGHT,
    "negation": "#c92a2a",
    "bound": "#5f3dc4",
    "attachment": "#1864ab",
    "claim": "#a61e4d",
}


VERDICT_COLOURS = {"fire": "#c92a2a", "exempt": "#2b8a3e", "claim": "#a61e4d", "clear": "#495057"}


# The picture is drawn the way displaCy draws a parse (its class names, its square arcs, words with their
# part of speech and role below), laid out here so that each label sits on its own arc's line.
# Sizes in the picture's own units (px at natural size; the picture scales with the page).
_WORD_PX = 16  # words, parts of speech and roles


_CHAR_PX = 0.6 * _WORD_PX  # a generous letter width, bold included, for sizing columns


_MIN_COLUMN = 100.0  # neighbouring words stay far enough apart for a label of seven letters


_COLUMN_GAP = 20.0  # between the widest texts of two neighbouring columns


_MARGIN_X = 50.0


_LABEL_PX = 13  # a label's size; its box is 1.25 times as tall


_LABEL_CHAR_PX = 8  # a label's letter at 13 px with 1px letter spacing, rounded up


_LABEL_PAD = 12.0  # kept between a label and its arc's vertical lines (the halo and the line's gap)


# Stacked lines are further apart than a label is tall, so labels on neighbouring lines cannot touch.
_LEVEL_PX = 20.0


_FIRST_LEVEL_PX = 24.0  # the lowest line above the arrowheads, with room for half a label


_SLOT_PX = 8.0  # between the vertical lines of arcs meeting at one word (an arrowhead is 8 px wide)


_TOP_MARGIN = 12.0  # above the highest line


_WORD_DROP = 35.0  # from the arcs' feet to the words' baseline


_ROW_EM = 2  # the part of speech and the role, each this many em under the row above


_BOTTOM_MARGIN = 16.0


# A picture takes the page's width but never more than its own, and never less than this share of it
# (12 px words); a narrower window scrolls the picture rather than shrink it further.
_MIN_SCALE = 0.75


@dataclass(frozen=True)
class DrawnArc:
    """An arc laid out: word positions (start < end), its level (1 = lowest line), where the arrowhead
    sits, its label and whether it is the analyzer's own."""

    start: int
    end: int
    level: int
    head_at_start: bool
    label: str
    own: bool


def svg(rel: Relation) -> str:
    """The picture of one relation: words in columns as wide as their texts, each arc a square bracket on
    a line of its own level, its label centred on that line in a gap of the line, drawn above every line.
    The picture scales with the page (viewBox, width 100%) between its natural size and `_MIN_SCALE`."""
    centres = column_centres(rel)
    arcs = stacked(_arcs_of(rel))
    top_level = max((arc.level for arc in arcs), default=1)
    feet = _TOP_MARGIN + _FIRST_LEVEL_PX + (top_level - 1) * _LEVEL_PX
    words_y = feet + _WORD_DROP
    width = round(centres[-1] + _MARGIN_X) if centres else 2 * _MARGIN_X
    height = round(words_y + 2 * _ROW_EM * _WORD_PX + _BOTTOM_MARGIN)
    ends = arc_ends(arcs, centres)
    lines, labels = [], []
    for index, arc in enumerate(arcs):
        line, label = _drawn(arc, ends[index], feet)
        lines.append(line)
        labels.append(label)
    style = (
        f"max-width: {width:g}px; min-width: {width * _MIN_SCALE:g}px; height: auto; color: #000000;"
        f" background: #ffffff; font-family: Arial; font-size: {_WORD_PX}px; direction: ltr"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" xml:lang="en" class="displacy" width="100%"'
        f' viewBox="0 0 {width:g} {height:g}" direction="ltr" style="{style}">\n'
        + "".join(_token(rel, position, centres[position], words_y) for position in range(len(rel.words)))
        + "".join(lines)
        + "".join(labels)
        + "</svg>"
    )


def column_centres(rel: Relation) -> list[float]:
    """The x of each word, its column as wide as `_column_widths` says."""
    widths = _column_widths(rel)
    centres, x = [], _MARGIN_X
    for position, column in enumerate(widths):
        if position:
            x += (widths[position - 1] + column) / 2
        centres.append(x)
    return centres


def _column_widths(rel: Relation) -> list[float]:
    """Every column is as wide as its widest text (word, part of speech, mark) and at least `_MIN_COLUMN`,
    so long sentences of short words stay narrow."""
    return [
        max(_MIN_COLUMN, _COLUMN_GAP + _CHAR_PX * max(len(word), len(token.pos_), len(mark_of(rel.roles, position))))
        for position, (word, token) in enumerate(zip(rel.words, rel.tokens, strict=True))
    ]


# The widest a picture's line is drawn: what a 1280 px window leaves a picture at the smallest scale.
_LINE_PX = (1280 - 2 * 32) / _MIN_SCALE


@dataclass(frozen=True)
class Line:
    """One line of a wrapped picture: the words it shows (a Relation of its own) and the arcs that leave
    it for another line, in words (head word, label, dependent word, and which line it continues on)."""

    rel: Relation
    across: tuple[str, ...]


def wrapped(rel: Relation, limit: float = _LINE_PX) -> list[Line]:
    """The relation as the lines a page shows: itself when it fits `limit` px, else cut between words where
    the fewest arcs cross (an arc of the analyzer's own counting as many), each line as wide as it may be."""
    widths = _column_widths(rel)
    arcs = _arcs_of(rel)
    if sum(widths) + 2 * _MARGIN_X <= limit:
        return [Line(rel, ())]
    cuts, start, used = [], 0, 2 * _MARGIN_X
    for position, width in enumerate(widths):
        if position > start and used + width > limit:
            lowest = start + 1 + (position - start) // 2  # a line holds at least half of what fits
            cut = min(range(lowest, position + 1), key=lambda at: (_crossing(arcs, at), -at))
            cuts.append(cut)
            start, used = cut, 2 * _MARGIN_X + sum(widths[cut:position])
        used += width
    bounds = list(itertools.pairwise([0, *cuts, len(rel.words)]))
    line_of = {at: number for number, (first, last) in enumerate(bounds, 1) for at in range(first, last)}
    return [_line(rel, first, last, arcs, line_of) for first, last in bounds]


def _crossing(arcs: Sequence[tuple[int, int, str, bool]], cut: int) -> int:
    """How much a cut before word `cut` costs: each arc it crosses, the analyzer's own ten times over."""
    return sum(10 if own else 1 for a, b, _, own in arcs if min(a, b) < cut <= max(a, b))


def _line(
    rel: Relation, first: int, last: int, arcs: Sequence[tuple[int, int, str, bool]], line_of: Mapping[int, int]
) -> Line:
    inside = range(first, last)
    across = tuple(
        f"{rel.words[head]} —{label}→ {rel.words[dependent]} (line {line_of[dependent if head in inside else head]})"
        for head, dependent, label, _ in arcs
        if (head in inside) != (dependent in inside)
    )
    part = Relation(
        heading=rel.heading,
        verdict=rel.verdict,
        sentence=rel.sentence,
        tokens=rel.tokens[first:last],
        words=rel.words[first:last],
        roles=rel.roles[first:last],
        arcs=tuple(
            Arc(arc.source - first, arc.target - first, arc.label)
            for arc in rel.arcs
            if arc.source in inside and arc.target in inside
        ),
    )
    return Line(part, across)


def _arcs_of(rel: Relation) -> list[tuple[int, int, str, bool]]:
    """(head, dependent, label, own): the parse's arcs within the shown words, then the analyzer's."""
    parse_arcs = [
        (head, position, rel.tokens[position].dep_, False)
        for position in range(len(rel.tokens))
        if (head := head_position(rel.tokens, position)) not in (position, None)
    ]
    return parse_arcs + [(arc.source, arc.target, arc.label, True) for arc in rel.arcs]


def stacked(arcs: Sequence[tuple[int, int, str, bool]]) -> list[DrawnArc]:
    """Give each arc a level, shortest arcs first: one above every arc already placed that overlaps its
    span. Arcs on one level therefore never overlap (they may touch at a word), so their labels, each
    kept within its own arc, cannot collide. The arrowhead sits at the dependent, as in displaCy."""
    order = sorted(range(len(arcs)), key=lambda i: (abs(arcs[i][1] - arcs[i][0]), min(arcs[i][:2]), i))
    spans = [(min(source, target), max(source, target)) for source, target, _, _ in arcs]
    levels: dict[int, int] = {}
    for i in order:
        start, end = spans[i]
        below = [levels[j] for j in levels if spans[j][0] < end and start < spans[j][1]]
        levels[i] = max(below, default=0) + 1
    return [
        DrawnArc(spans[i][0], spans[i][1], levels[i], target < source, label, own)
        for i, (source, target, label, own) in enumerate(arcs)
    ]


def arc_ends(arcs: Sequence[DrawnArc], centres: Sequence[float]) -> list[tuple[float, float]]:
    """The x of each arc's two vertical lines. Arcs meeting at one word each get a line of their own,
    spread around the word's centre in the order that keeps them from crossing: arcs arriving from the
    left first, the lowest leftmost, then arcs leaving to the right, the highest leftmost."""
    at_word: dict[int, list[tuple[int, int, int]]] = {}  # word → (side, order key, arc index)
    for index, arc in enumerate(arcs):
        at_word.setdefault(arc.end, []).append((0, arc.level, index))
        at_word.setdefault(arc.start, []).append((1, -arc.level, index))
    x: dict[tuple[int, int], float] = {}  # (arc index, word) → x
    for word, meeting in at_word.items():
        meeting.sort()
        for slot, (_, _, index) in enumerate(meeting):
            x[index, word] = centres[word] + (slot - (len(meeting) - 1) / 2) * _SLOT_PX
    return [(x[index, arc.start], x[index, arc.end]) for index, arc in enumerate(arcs)]


def _drawn(arc: DrawnArc, ends: tuple[float, float], feet: float) -> tuple[str, str]:
    """The arc's bracket with its arrowhead, and its label centred on the bracket's line, which leaves a
    gap for it; the analyzer's own arcs in colour."""
    left, right = ends
    y = feet - _FIRST_LEVEL_PX - (arc.level - 1) * _LEVEL_PX
    label = fitted(arc.label, right - left)
    middle = (left + right) / 2
    half_gap = len(label) * _LABEL_CHAR_PX / 2 + _LABEL_PAD / 2
    colour = HIGHLIGHT if arc.own else "currentColor"
    tip = left if arc.head_at_start else right
    path = (
        f"M{left:g},{feet:g} {left:g},{y:g} {middle - half_gap:g},{y:g} "
        f"M{middle + half_gap:g},{y:g} {right:g},{y:g} {right:g},{feet:g}"
    )
    line = (
        f'<g class="displacy-arrow"><path class="displacy-arc" d="{path}" stroke-width="2px" fill="none"'
        f' stroke="{colour}"/><path class="displacy-arrowhead" d="M{tip:g},{feet + 2:g} L{tip - 4:g},{feet - 6:g}'
        f' {tip + 4:g},{feet - 6:g}" fill="{colour}"/></g>\n'
    )
    text = (
        f'<text class="displacy-label" x="{middle:g}" y="{y:g}" font-size="{_LABEL_PX}" text-anchor="middle"'
        f' dominant-baseline="central" fill="{colour}" style="letter-spacing: 1px">{escaped(label)}</text>\n'
    )
    return line, text


def _token(rel: Relation, position: int, x: float, y: float) -> str:
    """One word's column: the word, its part of speech, its mark; a word playing a role is bold and
    coloured, its mark too."""
    role = main_role(rel.roles[position]) if rel.roles[position] else None
    colour = ROLE_COLOURS[role] if role else "currentColor"
    bold = ' font-weight="bold"' if role else ""
    return (
        f'<text class="displacy-token" fill="currentColor" text-anchor="middle" y="{y:g}">'
        f'<tspan class="displacy-word" fill="{colour}"{bold} x="{x:g}">{escaped(rel.words[position])}</tspan>'
        f'<tspan class="displacy-lemma" dy="{_ROW_EM}em" fill="currentColor" x="{x:g}">'
        f"{escaped(rel.tokens[position].pos_)}</tspan>"
        f'<tspan class="displacy-tag" dy="{_ROW_EM}em" fill="{colour}" x="{x:g}">'
        f"{escaped(mark_of(rel.roles, position))}</tspan></text>\n"
    )


def fitted(label: str, span_px: float) -> str:
    """A label cut to what fits between its arc's vertical lines ("negates copular-ownership" on an arc
    one word long → "negates"): a label wider than its arc would run into its neighbours on the line. The
    heading above the picture names the rule in full."""
    room = int((span_px - _LABEL_PAD) // _LABEL_CHAR_PX)
    if len(label) <= room:
        return label
    words = label.split()
    if len(words) > 1 and len(words[0]) <= room:
        return words[0]
    return label[: max(room - 1, 1)] + "…"


# The role a word is coloured and marked by when it plays several: the most specific first.
ROLE_ORDER = ("phrase", "negation", "bound", "claim", "attachment")


def main_role(marks: Sequence[str]) -> str | None:
    return next((role for role in ROLE_ORDER if role in marks), None)


def mark_of(roles: Sequence[tuple[str, ...]], position: int) -> str:
    """The word's mark under its part of speech: its main role, written once per run of words that share
    it (a six-word attachment is marked on its first word and coloured on all), so no mark is wider than
    its word's column for long."""
    role = main_role(roles[position])
    if role is None or (position > 0 and main_role(roles[position - 1]) == role):
        return ""
    return role


def escaped(text: str) -> str:
    """HTML-escape for the picture; the html module loads only when a picture is drawn."""
    import html

    return html.escape(text)
