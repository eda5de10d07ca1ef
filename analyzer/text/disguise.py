"""Fold what hides a phrase from the matcher but not from a reader (docs/DESIGN.md#normalisation), keeping a map back.

The judged agent can write "yo\u200bur call", "уоur call" (Cyrillic), "ｙｏｕｒ ｃａｌｌ", "your <b>call</b>",
"your&nbsp;call", "Y*our* call" or "your [call](…)": a reader sees "your call", a plain matcher sees
nothing. The fold reads through all of it before anything else looks at the text:
* removed: format characters and other default-ignorables (data: disguise.toml [format]), HTML comments
  and inline tags of any length (a line-breaking tag reads as a space), Markdown emphasis markers inside a
  word, the brackets and target of a Markdown link or image, struck-through text ("~~hate~~", "<del>…</del>":
  shown as deleted) and the backslash of a hard line break;
* replaced: HTML entities by what they stand for; blank fillers by a space; every character whose NFKC
  form or UTS #39 prototype is Latin letters or digits by them (lookalikes.json, generated from Unicode's
  data over the whole code space by scripts/lookalikes);
  lone surrogates, which no parser can encode, by U+FFFD (not a disguise);
* read as displayed (revision 4, issue 30): combining marks are removed ("Wo\u0301uld"); a line holding
  explicit bidi controls is read in display order (analyzer.text.bidi: a right-to-left override around a
  reversed sentence); a word written letter by letter ("W o u l d") is read as the word; a pictograph
  between two words reads as the space around it; the brackets and label of a Markdown reference link
  ("[like][1]", "[like][]") and of a shortcut reference whose label the text defines ("[you like me]" with
  "[you like me]: <>") are read through like an inline link's.
The folded text comes with a piecewise map to the original, so every offset reported points into the
text as written, and with the places the fold changed, so a match that needed any of them is known to be
disguised. Text without any of this (nearly all of it) is its own fold, at the cost of one regex search.
Every step is linear in the text's length, whatever its shape.
"""

from __future__ import annotations

import json
import os
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from functools import cache, lru_cache
from itertools import accumulate
from types import ModuleType

from lanegate_common.builtin_data import load_builtin
from lanegate_common.frozen import frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing where the hook reads this module
if TYPE_CHECKING:
    from typing import Any

DISGUISE_PATH = os.path.join(os.path.dirname(__file__), "disguise.toml")
LOOKALIKES_PATH = os.path.join(os.path.dirname(__file__), "lookalikes.json")
# What a vertical stroke folds to when UTS #39 cannot tell "l" from "i" ("І", "ӏ", "ǀ"): the phrase matcher
# reads it as either letter (analyzer.candidates). A private-use character: no text means it as a letter.
STROKE = "\ue000"
REPLACEMENT = "\ufffd"
# What each kind of fold is called in a finding's reason, in the order a reason names them.
FORMAT, LOOK_ALIKE, MARKUP = "format characters", "look-alike letters", "markup"
MARKS, DISPLAY_ORDER, SPACED, PICTOGRAPHS = "combining marks", "display order", "spaced letters", "pictographs"
KINDS = (FORMAT, LOOK_ALIKE, MARKUP, MARKS, DISPLAY_ORDER, SPACED, PICTOGRAPHS)
# Tags a renderer turns into a line break or a block edge: read as a space, not as nothing.
_BREAKING_TAGS = frozenset({"br", "hr", "p", "div", "li", "ul", "ol", "tr", "td", "th", "table", "blockquote"})
# Markup the fold reads through, whatever its length (docs/DESIGN.md#normalisation, revision 3): inline tags, their
# attributes quoted or not (a ">" inside quotes, a line break inside the tag), entities, emphasis stars, the
# brackets and target of a Markdown link or image, whose visible text is what a reader reads, and
# (revision 4) Markdown's backslash escapes: a backslash before ASCII punctuation is not shown. HTML comments
# are found apart (html_comments): a lazy search for "-->" after each of many unclosed "<!--" is quadratic.
# Every alternative here stops at the next character that could open another, so the search is linear. An
# emphasis star after a space or another star is never inside a word (_after_letter): not even a site.
# Words written letter by letter: single letters one space apart, the words two or more spaces apart ("W o u l d
#   y o u"), or one word of three letters or more ("W o u l d"). Every letter but the last is followed by a
# space, so a shorter match always stands where a longer one fails: the search stays linear. The run stands
# between white space (or the text's edges) and white space or punctuation: a letter beside a format character
# ("unti\u00adl i h\u00adear") belongs to a word.
_SPACED_LETTERS = (
    r"(?<!\S)(?:[^\W\d_](?: [^\W\d_])*(?: {2,}[^\W\d_](?: [^\W\d_])*)+|(?:[^\W\d_] ){2,}[^\W\d_])"
    r"(?=[\s.,;:!?)\]\"'’]|\Z)"
)
# The single space between two letters of a word written letter by letter.
_LETTER_SPACE = r"(?<=\S) (?=\S)"
_LINK_TARGET = r"\]\([^()\s]*(?:\s+(?:\"[^\"\n]*\"|'[^'\n]*'))?[ \t]*\)"
# Struck-through text (revision 4, second probe): a renderer shows it as deleted, so the sentence reads on
# without it — GFM's "~~…~~" (no white space just inside the tildes, on one line) and HTML's <del>, <s> and
# <strike> around text without a tag. Each stops at the next "~" or "<": linear.
_STRUCK = (
    r"~~(?=[^\s~])[^~\n]*(?<=[^\s~])~~"
    r"|<(?i:del|s|strike)(?:\s[^<>]*)?>[^<]*</(?i:del|s|strike)\s*>"
)
_MARKUP = (
    r"(?P<struck>" + _STRUCK + ")"
    r"|(?P<tag></?(?P<tagname>[A-Za-z][A-Za-z0-9-]*)(?:\s(?:[^<>\"']|\"[^\"]*\"|'[^']*')*)?/?>)"
    r"|(?P<entity>&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});)"
    r"|(?P<star>\*(?<=[^\s*]\*)\*{0,2}(?=[^\W\d_]))"
    r"|(?P<linkopen>!?\[)(?=[^\[\]]*" + _LINK_TARGET + ")"
    r"|(?P<linkclose>" + _LINK_TARGET + ")"
    r"|(?P<escape>\\[!-/:-@\[-`{-~])"
    # A backslash at a line's end is a hard line break (CommonMark): the sentence reads on over it (revision 4).
    r"|(?P<hardbreak>\\(?=\r?\n))"
    # A reference link "[text][label]" or "[text][]": the opening bracket, then "][label]" (revision 4).
    r"|(?P<refopen>!?\[)(?=[^\[\]\n]*\]\[[^\[\]\n]*\])"
    r"|(?P<refclose>\]\[[^\[\]\n]*\])"
    # A word written letter by letter, one space between letters: three letters or more (revision 4).
    r"|(?P<spaced>" + _SPACED_LETTERS + ")"
)
COMMENT_OPEN, COMMENT_CLOSE = "<!--", "-->"
# Escaped characters that open a carve-out when written bare: an escaped backtick is a literal backtick,
# never code, so it reads as a space (no code span forms around a phrase a reader sees as prose); an
# escaped ">" or "~" stays as written, so no blockquote or fence forms where the reader sees none.
_ESCAPED_AS = {"`": " ", ">": None, "~": None}


@frozen
class Folded:
    """The folded text and the way back to the original, in two steps.

    1. `stage`: markup and characters that fold to more than one letter, read through site by site.
       Segment k covers stage [starts[k], starts[k+1]) and comes from original [origins[k], ends[k]): a
       copied segment (linear) maps character by character, a replaced one maps as a whole.
    2. `text`: every other character folded one-for-one or removed by str.translate. The k-th run of
       removed characters stood in `text` before position runs_at[k]; removed_before[k] counts the
       characters removed up to and including it.
    """

    original: str
    stage: str
    text: str
    starts: tuple[int, ...] = ()
    origins: tuple[int, ...] = ()
    ends: tuple[int, ...] = ()
    linear: tuple[bool, ...] = ()
    sites: tuple[tuple[int, int, str], ...] = ()  # markup and expansions read through: original span, kind
    runs_at: tuple[int, ...] = ()
    removed_before: tuple[int, ...] = ()

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """The original [start, end) a folded [start, end) was read from (end > start)."""
        a, b = self._stage_span(start, end)
        if not self.starts:
            return a, b
        first = bisect_right(self.starts, a) - 1
        last = bisect_right(self.starts, b - 1) - 1
        a = self.origins[first] + (a - self.starts[first] if self.linear[first] else 0)
        b = self.origins[last] + (b - self.starts[last]) if self.linear[last] else self.ends[last]
        return a, b

    def _stage_span(self, start: int, end: int) -> tuple[int, int]:
        return self._stage_index(start), self._stage_index(end - 1) + 1

    def _stage_index(self, i: int) -> int:
        """Where the character at `text[i]` stands in `stage`: after every run removed before it."""
        k = bisect_right(self.runs_at, i) - 1
        return i + (self.removed_before[k] if k >= 0 else 0)

    def disguises(self, start: int, end: int) -> tuple[str, ...]:
        """The kinds of disguise inside the original text of a folded [start, end), in a stable order."""
        if self.text is self.original:
            return ()
        a, b = self._stage_span(start, end)
        table = _table()
        kinds = {table.replace[m.group()][1] for m in table.chars.finditer(self.stage, a, b)}
        if self.sites:
            oa, ob = self.original_span(start, end)
            first = bisect_left(self.sites, (oa,))
            last = bisect_left(self.sites, (ob,))
            kinds.update(kind for a, b, kind in self.sites[first:last] if b <= ob)
        return tuple(k for k in KINDS if k in kinds)


@frozen
class _Table:
    chars: re.Pattern[str]  # a character folded one-for-one or removed
    removed_runs: re.Pattern[str]  # a run of removed characters (a capturing group, for re.split)
    sites: re.Pattern[str]  # markup, or a character that folds to more than one letter
    replace: dict[str, tuple[str, str | None]]  # character -> (what it reads as, kind of disguise)
    translation: dict[int, str]  # str.translate's table for the one-for-one part


def fold(text: str) -> Folded:
    """The text as a reader reads it, with the map back (see the module docstring)."""
    if (
        not ("<" in text or "&" in text or "*" in text or "[" in text or "\\" in text or "~~" in text)
        and (text.isascii() or only_plain_symbols(text))
        and not spaced_letters(text)
        and (text.isascii() or _pictographs().search(text) is None)
    ):
        return Folded(text, text, text)
    table = _table()
    sites_pattern = _with_shortcuts(table.sites, text) if "]:" in text else table.sites
    pieces: list[str] = []
    starts: list[int] = []
    origins: list[int] = []
    ends: list[int] = []
    linear: list[bool] = []
    sites: list[tuple[int, int, str]] = []
    size = copied = 0
    for at, end, group, m in _sites(text, sites_pattern):
        if group == "star" and not _after_letter(text, copied, at, pieces, table):
            continue
        if isinstance(m, str):  # a stretch a renderer displays in another order: what it shows, read through
            replacement, kind = fold(m).stage, DISPLAY_ORDER
        else:
            replacement, kind = _replacement(group, m, table)
        if replacement is None:
            continue
        if at > copied:
            starts.append(size)
            origins.append(copied)
            ends.append(at)
            linear.append(True)
            pieces.append(text[copied:at])
            size += at - copied
        if replacement:
            starts.append(size)
            origins.append(at)
            ends.append(end)
            linear.append(False)
            pieces.append(replacement)
            size += len(replacement)
        sites.append((at, end, kind))
        copied = end
    if sites:
        if copied < len(text):
            starts.append(size)
            origins.append(copied)
            ends.append(len(text))
            linear.append(True)
            pieces.append(text[copied:])
        stage = "".join(pieces)
    else:
        stage = text
    if stage.isascii():
        folded, runs_at, removed_before = stage, (), ()
    else:
        folded = stage.translate(table.translation)
        runs_at, removed_before = _removed_runs(stage, table) if len(folded) < len(stage) else ((), ())
    if folded == text:
        return Folded(text, text, text)
    return Folded(
        text, stage, folded, tuple(starts), tuple(origins), tuple(ends), tuple(linear), tuple(sites), runs_at,
        removed_before,
    )


def _removed_runs(stage: str, table: _Table) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where the runs of removed characters of `stage` stand in the folded text, and how many characters
    were removed up to each: split and accumulate, so a text dense with them costs no Python loop."""
    parts = table.removed_runs.split(stage)  # kept, run, kept, run, ..., kept
    kept = accumulate(map(len, parts[0:-1:2]))
    removed = accumulate(map(len, parts[1::2]))
    return tuple(kept), tuple(removed)


_ENTITY = re.compile(r"&(#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
# Entities of punctuation and spaces, the ones prose carries: read as a space by the pre-filter.
_PLAIN_ENTITIES = frozenset({"amp", "lt", "gt", "quot", "apos", "nbsp", "#39", "#34", "#x27", "#x22", "#38", "#160"})
# Characters a reader sees as what they are (punctuation, symbols, spaces): none is in the fold's tables,
# except the blank pattern U+2800 ([blank]).
_PLAIN_CATEGORIES = ("P", "S", "Z")


def only_plain_symbols(text: str) -> bool:
    """Whether every character of `text` outside ASCII is punctuation, a symbol or a space — an em dash, a
    curly quote, an arrow — so the fold has nothing to do, and the fold's tables need not be built. A
    letter, digit, mark or format character outside ASCII may be a disguise."""
    import unicodedata

    return all(ch.isascii() or _plain(ch, unicodedata) for ch in set(text))


def _plain(ch: str, unicodedata: ModuleType) -> bool:
    """Punctuation, a symbol or a space that no compatibility form turns into a letter ("ⓨ" is a So)."""
    if unicodedata.category(ch)[0] not in _PLAIN_CATEGORIES or ch == "\u2800" or ch in lookalike_map():
        return False
    return not any(c.isalnum() for c in unicodedata.normalize("NFKC", ch))


@cache
def _markup() -> re.Pattern[str]:
    return re.compile(_MARKUP, re.DOTALL)


def html_comments(text: str) -> Iterator[tuple[int, int]]:
    """The HTML comments of a text, of any length, in order: each "<!--" to the next "-->". Once no "-->"
    follows an opening, none follows a later one either, so the search ends there (linear)."""
    at = text.find(COMMENT_OPEN)
    while at != -1:
        close = text.find(COMMENT_CLOSE, at + len(COMMENT_OPEN))
        if close == -1:
            return
        end = close + len(COMMENT_CLOSE)
        yield at, end
        at = text.find(COMMENT_OPEN, end)


def _sites(text: str, pattern: re.Pattern[str]) -> Iterator[tuple[int, int, str, re.Match[str] | str | None]]:
    """Every site the fold reads through, in order: the regions (comments; stretches displayed in another
    order, with what is displayed) and the pattern's matches between them (start, end, group name, match)."""
    at = 0
    for start, end, kind, shown in _regions(text):
        for m in pattern.finditer(text, at, start):
            yield m.start(), m.end(), m.lastgroup or "", m
        yield start, end, kind, shown
        at = end
    for m in pattern.finditer(text, at):
        yield m.start(), m.end(), m.lastgroup or "", m


_BIDI_CONTROL = re.compile("[\u202a-\u202e\u2066-\u2069]")


def _regions(text: str) -> Iterator[tuple[int, int, str, str | None]]:
    """The HTML comments, and on each line holding an explicit bidi control the stretch a renderer displays
    in another order than it is stored, with what it displays (analyzer.text.bidi), in order and apart. A
    renderer drops a comment before it orders a line: a comment on such a line is left out of the ordering, and
    a stretch reaches over a comment it overlaps. A line displayed as stored is no region (its controls are
    format characters, removed)."""
    comments = html_comments(text) if COMMENT_OPEN in text else iter(())
    if _BIDI_CONTROL.search(text) is None:
        yield from ((start, end, "comment", None) for start, end in comments)
        return
    hidden = list(comments)
    stretches: list[tuple[int, int, str, str | None]] = []
    control = _BIDI_CONTROL.search(text)
    while control is not None:
        line_start = text.rfind("\n", 0, control.start()) + 1
        line_end = text.find("\n", control.start())
        line_end = len(text) if line_end == -1 else line_end
        reordered = _reordered(text, line_start, line_end, hidden)
        if reordered is not None and (not stretches or reordered[0] >= stretches[-1][1]):
            stretches.append(reordered)
        control = _BIDI_CONTROL.search(text, line_end)
    starts = [start for start, _, _, _ in stretches]
    ends = [end for _, end, _, _ in stretches]
    regions = [(start, end, "comment", None) for start, end in hidden
               if bisect_right(starts, end - 1) == bisect_left(ends, start + 1)]  # fmt: skip
    yield from sorted([*regions, *stretches], key=lambda region: region[0])


def _reordered(
    text: str, start: int, end: int, hidden: list[tuple[int, int]]
) -> tuple[int, int, str, str | None] | None:
    """The stretch of the line text[start:end] a renderer displays in another order than it is stored, as a
    region with what it displays; the `hidden` comments are not displayed (a region reaches over one it
    overlaps); None when the line is displayed as stored."""
    from analyzer.text.bidi import CONTROLS, display_order

    shown_at = [i for i in range(start, end) if not _inside(hidden, i)]  # stored positions of what is rendered
    shown = display_order("".join(text[i] for i in shown_at))
    kept = [i for i in shown_at if text[i] not in CONTROLS]  # ... and of what is drawn
    if len(kept) != len(shown):
        return start, end, "bidi", shown
    first = next((k for k, i in enumerate(kept) if text[i] != shown[k]), None)
    if first is None:
        return None
    last = next(k for k in range(len(kept) - 1, -1, -1) if text[kept[k]] != shown[k])
    a, b = kept[first], kept[last] + 1
    for low, high in hidden:  # a comment the stretch overlaps is inside it
        if low < b and high > a:
            a, b = min(a, low), max(b, high)
    return a, b, "bidi", shown[first : last + 1]


def _inside(spans: list[tuple[int, int]], i: int) -> bool:
    """Whether position i is inside one of the sorted, disjoint spans."""
    k = bisect_right(spans, (i, len(spans) and 1 << 62)) - 1
    return k >= 0 and spans[k][0] <= i < spans[k][1]


def _joined(spaced: str) -> str:
    """Words written letter by letter, as words: the single spaces go, the wider gaps between words stay."""
    return re.sub(_LETTER_SPACE, "", spaced)


def spaced_letters(text: str) -> bool:
    """Whether the text holds a word written letter by letter ("W o u l d"), which the fold reads as the word."""
    return " " in text and _spaced().search(text) is not None


@cache
def _spaced() -> re.Pattern[str]:
    return re.compile(_SPACED_LETTERS)


@cache
def _pictographs() -> re.Pattern[str]:
    """A pictograph (disguise.toml [pictographs]) or a run of them between two words, spaces around."""
    ranges = "".join(f"\\U{int(low, 16):08x}-\\U{int(high, 16):08x}"
                     for low, high in load_builtin(DISGUISE_PATH)["pictographs"]["ranges"])  # fmt: skip
    joined = "\\ufe0f\\u200d\\U0001f3fb-\\U0001f3ff"
    return re.compile(f"(?<=[^\\W_])[ \\t]*[{ranges}](?:[{ranges}{joined}])*[ \\t]*(?=[^\\W_])")


# A link reference definition's label (CommonMark: up to three spaces of indentation, at most 999 characters).
_DEFINITION = re.compile(r"^ {0,3}\[([^\[\]\n]{1,999})\]:", re.MULTILINE)


def _with_shortcuts(sites: re.Pattern[str], text: str) -> re.Pattern[str]:
    """The sites, plus each shortcut reference "[label]" whose label the text defines ("[label]: …"): a
    renderer shows it as a link, so its brackets are read through like an inline link's."""
    labels = sorted({" ".join(label.split()) for label in _DEFINITION.findall(text)} - {""}, key=len, reverse=True)
    if not labels:
        return sites
    spelled = "|".join(r"[ \t]*".join(re.escape(word) for word in label.split()) for label in labels)
    return _compiled_sites(sites.pattern + r"|(?P<shortcut>(?i:\[(?:" + spelled + r")\])(?![\[(:]))")


@lru_cache(maxsize=4)
def _compiled_sites(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.DOTALL)


def without_markup(text: str) -> str | None:
    """Text with HTML comments, tags, emphasis markers, link brackets and escaping backslashes taken out and
    the entities that stand for punctuation or spaces read as a space, for the cheap pre-filter: every word
    the fold would make is then a run of it. None when an entity may stand for a letter, so no phrase can be
    ruled out."""
    if "&" in text:
        for entity in _ENTITY.findall(text):
            if entity.lower() not in _PLAIN_ENTITIES:
                return None
        text = _ENTITY.sub(" ", text)
    pieces: list[str] = []
    at = 0
    for start, end, group, m in _sites(text, _markup()):
        pieces.append(text[at:start])
        if isinstance(m, str):  # displayed in another order
            pieces.append(m)
        elif group == "escape":  # the escaped character stays (a backtick as a space): only the backslash goes
            pieces.append(_ESCAPED_AS.get(text[end - 1], text[end - 1]) or text[start:end])
        elif group == "spaced":  # the letters stay, as words
            pieces.append(_joined(text[start:end]))
        at = end
    pieces.append(text[at:])
    return "".join(pieces)


def _after_letter(text: str, copied: int, at: int, pieces: list[str], table: _Table) -> bool:
    """Whether the fold so far (`pieces`, then text[copied:at], not yet copied) ends in a letter once
    removed characters are gone: the emphasis marker of "w\u00ad*ould" or "w<b></b>*ould" is inside a word.
    Read backwards from `at` without copying, so a text of many markers costs each only what it looks at."""
    for i in range(at - 1, copied - 1, -1):
        if table.replace.get(text[i], ("x",))[0] != "":
            return _reads_as_letter(text[i])
    for k in range(len(pieces) - 1, -1, -1):
        for ch in reversed(pieces[k]):
            if table.replace.get(ch, ("x",))[0] != "":
                return _reads_as_letter(ch)
    return False


def _reads_as_letter(ch: str) -> bool:
    """A letter, or a character compatibility reads as one: the roman numeral 'ⅿ' is an m."""
    if ch.isalpha() or ch.isascii():
        return ch.isalpha()
    import unicodedata  # only for a non-ASCII character that is no letter itself

    return unicodedata.normalize("NFKC", ch)[:1].isalpha()


# Sites a reader sees nothing of: emphasis markers, link brackets, struck text, a hard break's backslash.
_READ_AS_NOTHING = frozenset({"star", "linkopen", "linkclose", "refopen", "refclose", "struck", "hardbreak"})


def _replacement(group: str, m: re.Match[str] | None, table: _Table) -> tuple[str | None, str]:
    """What a site reads as and its kind of disguise; None when it is left as written."""
    if m is None or group in _READ_AS_NOTHING:  # m is None: a comment
        return "", MARKUP
    if group == "shortcut":
        return m.group()[1:-1], MARKUP
    if group == "spaced":
        return _joined(m.group()), SPACED
    if group == "pictograph":
        return (None if _ends_sentence(m) else " "), PICTOGRAPHS
    if group == "escape":
        char = m.group()[1]
        return _ESCAPED_AS.get(char, char), MARKUP
    if group == "tag":
        return (" " if m.group("tagname").lower() in _BREAKING_TAGS else ""), MARKUP
    if group == "entity":
        decoded = _entity(m.group())
        return (None, MARKUP) if decoded is None else (decoded.translate(table.translation), MARKUP)
    replacement, kind = table.replace[m.group()]
    return replacement, kind or FORMAT


def _ends_sentence(m: re.Match[str]) -> bool:
    """'has expired 🔑 Rotating it …': a pictograph that ends a sentence is left as written (analyzer.text.pictographs),
    and the parser's view reads it as the sentence's end."""
    from analyzer.text.pictographs import ends_sentence

    start = m.start("pictograph")
    return ends_sentence(m.string, start, start + len(m.group("pictograph").rstrip(" \t"))) is not None


def _entity(entity: str) -> str | None:
    body = entity[1:-1]
    if body.startswith("#"):
        try:
            number = int(body[2:], 16) if body[1:2] in "xX" else int(body[1:])
        except ValueError:
            return None
        return chr(number) if 0 < number < 0x110000 else None
    from html.entities import html5

    return html5.get(body + ";")


@cache
def _table() -> _Table:
    """The fold's tables: disguise.toml (format characters, blanks, a few look-alikes beyond the data) and
    lookalikes.json, generated from Unicode's data (scripts/lookalikes)."""
    data = load_builtin(DISGUISE_PATH)
    replace: dict[str, tuple[str, str | None]] = {}
    for low, high in data["format"]["ranges"]:
        for cp in range(int(low, 16), int(high, 16) + 1):
            replace[chr(cp)] = ("", FORMAT)
    for cp in data["blank"]["characters"]:
        replace[chr(int(cp, 16))] = (" ", FORMAT)
    for low, high in _lookalike_data()["marks"]:
        for cp in range(int(low, 16), int(high, 16) + 1):
            replace.setdefault(chr(cp), ("", MARKS))
    for ch, latin in {**lookalike_map(), **{chr(int(k, 16)): v for k, v in data["lookalikes"].items()}}.items():
        replace.setdefault(ch, (latin, LOOK_ALIKE))
    for cp in range(0xD800, 0xE000):
        replace[chr(cp)] = (REPLACEMENT, None)
    single = sorted(ch for ch, (form, _) in replace.items() if len(form) <= 1)
    longer = sorted(ch for ch, (form, _) in replace.items() if len(form) > 1)
    removed = sorted(ch for ch in single if not replace[ch][0])
    sites = _MARKUP + "|(?P<pictograph>" + _pictographs().pattern + ")|(?P<expands>[" + "".join(
        _class_ranges(longer)) + "])"
    return _Table(
        chars=re.compile("[" + "".join(_class_ranges(single)) + "]"),
        removed_runs=re.compile("([" + "".join(_class_ranges(removed)) + "]+)"),
        sites=re.compile(sites, re.DOTALL),  # _MARKUP plus the expanding characters
        replace=replace,
        translation={ord(ch): replace[ch][0] for ch in single},
    )


@cache
def lookalike_map() -> dict[str, str]:
    """lookalikes.json's map: character -> the Latin letters or digits it reads as (STROKE: i or l)."""
    return {chr(int(k, 16)): v for k, v in _lookalike_data()["map"].items()}


@cache
def _lookalike_data() -> dict[str, Any]:
    with open(LOOKALIKES_PATH, encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def _class_ranges(chars: list[str]) -> list[str]:
    """A regex character class body for sorted characters, consecutive ones as ranges."""
    out: list[str] = []
    k = 0
    while k < len(chars):
        j = k
        while j + 1 < len(chars) and ord(chars[j + 1]) == ord(chars[j]) + 1:
            j += 1
        low, high = chars[k], chars[j]
        out.append(_escape(low) if j == k else f"{_escape(low)}-{_escape(high)}")
        k = j + 1
    return out


def _escape(ch: str) -> str:
    return f"\\U{ord(ch):08x}"
