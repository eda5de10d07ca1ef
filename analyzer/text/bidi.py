"""A line as a renderer displays it when it holds explicit bidi controls (docs/DESIGN.md#evidence disguise).

"\u202e?em ekil uoy dluoW\u202c" is stored backwards and displayed "Would you like me?": a right-to-left override
makes every letter inside it right-to-left. Isolates reorder whole words the same way (an RLI holding two LRIs
shows the second first). The fold (analyzer.text.disguise) reads such a line in display order, as computed
here by the Unicode Bidirectional Algorithm (UAX #9) on one paragraph: explicit levels from the embeddings,
overrides and isolates (X1-X10, the controls removed as X9 says), weak numbers after a left-to-right letter
read as it (W7), neutrals between two letters of one direction take it and others the embedding's (N1, N2),
implicit levels (I1, I2) and the reordering of runs (L2). Simplified where only the order of punctuation
could differ: an isolate's content is its own level run (not joined across), a first-strong isolate is read
as left-to-right, numbers not after a left-to-right letter read as right-to-left.

The cost is linear in the line's length times its nesting depth (at most 125): every run is found by a
regular expression over the levels, and every reversal is a string slice.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

# The explicit controls (UAX #9 table 1): embeddings and overrides close with PDF, isolates with PDI.
LRE, RLE, PDF, LRO, RLO = "\u202a", "\u202b", "\u202c", "\u202d", "\u202e"
LRI, RLI, FSI, PDI = "\u2066", "\u2067", "\u2068", "\u2069"
CONTROLS = LRE + RLE + PDF + LRO + RLO + LRI + RLI + FSI + PDI
MAX_DEPTH = 125
_DRAWN_AS_NOTHING = dict.fromkeys(map(ord, CONTROLS))
# Levels are written as characters from here, so runs of a level or deeper are found by a regex.
_LEVEL_BASE = 0x100
_LEFT, _RIGHT, _NUMBER, _NEUTRAL = "L", "R", "N#", "N"


def display_order(line: str) -> str:
    """The line's characters in the order they are displayed, its explicit controls removed (the isolates'
    too, which take part in the ordering but are drawn as nothing)."""
    chars, levels, types = _explicit(line, _base_level(line))
    _resolve(types, levels)
    implicit = "".join(chr(_LEVEL_BASE + _implicit(level, kind)) for level, kind in zip(levels, types, strict=True))
    return _visual("".join(chars), implicit, 0, len(chars), 0).translate(_DRAWN_AS_NOTHING)


def _base_level(line: str) -> int:
    """P2, P3: right-to-left when the first strong letter outside isolates is."""
    depth = 0
    for ch in line:
        if ch in (LRI, RLI, FSI):
            depth += 1
        elif ch == PDI:
            depth = max(0, depth - 1)
        elif depth == 0:
            kind = unicodedata.bidirectional(ch)
            if kind == "L":
                return 0
            if kind in ("R", "AL"):
                return 1
    return 0


def _explicit(line: str, base: int) -> tuple[list[str], list[int], list[str]]:
    """X1-X10: each kept character, its embedding level and its type (an override's direction, else its own)."""
    stack: list[tuple[int, str | None, bool]] = [(base, None, False)]  # level, override, isolate
    chars: list[str] = []
    levels: list[int] = []
    types: list[str] = []
    for ch in line:
        level, override, _ = stack[-1]
        if ch in (LRE, RLE, LRO, RLO):
            deeper = (level + 2) & ~1 if ch in (LRE, LRO) else (level + 1) | 1
            if deeper <= MAX_DEPTH:
                stack.append((deeper, _LEFT if ch == LRO else _RIGHT if ch == RLO else None, False))
            continue
        if ch == PDF:
            if len(stack) > 1 and not stack[-1][2]:
                stack.pop()
            continue
        if ch == PDI and any(isolate for _, _, isolate in stack):
            while not stack.pop()[2]:
                pass
            level, override, _ = stack[-1]
        chars.append(ch)
        levels.append(level)
        types.append(override or (_NEUTRAL if ch in CONTROLS else _type(ch, types)))
        if ch in (LRI, RLI, FSI):
            deeper = (level + 1) | 1 if ch == RLI else (level + 2) & ~1
            if deeper <= MAX_DEPTH:
                stack.append((deeper, None, True))
    return chars, levels, types


def _type(ch: str, before: list[str]) -> str:
    kind = unicodedata.bidirectional(ch)
    if kind == "L":
        return _LEFT
    if kind in ("R", "AL"):
        return _RIGHT
    if kind in ("EN", "AN"):
        return _NUMBER
    if kind == "NSM":  # W1: a mark is what it marks
        return before[-1] if before else _NEUTRAL
    return _NEUTRAL


def _resolve(types: list[str], levels: list[int]) -> None:
    """W7, N1, N2 inside each level run: a number after a left-to-right letter is one; a run of neutrals
    between letters of one direction takes it (a number counts as right-to-left), else the run's own."""
    start = 0
    while start < len(types):
        end = start
        while end < len(types) and levels[end] == levels[start]:
            end += 1
        own = _RIGHT if levels[start] % 2 else _LEFT
        last = own
        for i in range(start, end):
            if types[i] == _NUMBER:
                types[i] = _LEFT if last == _LEFT else _NUMBER
            if types[i] != _NEUTRAL:
                last = types[i]
        i = start
        while i < end:
            if types[i] != _NEUTRAL:
                i += 1
                continue
            j = i
            while j < end and types[j] == _NEUTRAL:
                j += 1
            before = _direction(types[i - 1]) if i > start else own
            after = _direction(types[j]) if j < end else own
            types[i:j] = [before if before == after else own] * (j - i)
            i = j
        start = end


def _direction(kind: str) -> str:
    return _LEFT if kind == _LEFT else _RIGHT


def _implicit(level: int, kind: str) -> int:
    """I1, I2."""
    if level % 2 == 0:
        return level + (1 if kind == _RIGHT else 2 if kind == _NUMBER else 0)
    return level + (1 if kind in (_LEFT, _NUMBER) else 0)


@cache
def _deeper(level: int) -> re.Pattern[str]:
    """A run of characters whose level is above `level`."""
    return re.compile(f"[{chr(_LEVEL_BASE + level + 1)}-{chr(_LEVEL_BASE + MAX_DEPTH + 2)}]+")


def _visual(chars: str, levels: str, lo: int, hi: int, level: int) -> str:
    """L2: for every level from the highest down to 1, every maximal run at that level or above is reversed.
    The span [lo, hi) is such a run for `level` (all its characters at `level` or above): its deeper runs are
    displayed first, then the span is reversed, unless `level` is the paragraph's 0."""
    pieces: list[str] = []
    at = lo
    for run in _deeper(level).finditer(levels, lo, hi):
        pieces.append(chars[at : run.start()])
        pieces.append(_visual(chars, levels, run.start(), run.end(), level + 1))
        at = run.end()
    pieces.append(chars[at:hi])
    text = "".join(pieces)
    return text[::-1] if level else text
