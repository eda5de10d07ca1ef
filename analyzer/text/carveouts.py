"""What is not the agent speaking: code, quotations and blockquotes (docs/DESIGN.md#carve-outs).

The analyzer never shortens or rewrites the text: it builds two same-length views of it, so every
offset found in a view is an offset into the original.
* `match_view`: carved regions blanked, Markdown emphasis markers turned into spaces — phrases are
  searched here, so a phrase inside code or a quotation is never found.
* `parse_view`: what the parser reads — code and blockquotes blanked (inline code becomes one
  placeholder word so the sentence keeps its shape), quotations kept because they are part of the
  grammar of the sentence around them, emphasis markers turned into spaces.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from functools import cache, lru_cache

from lanegate_common.frozen import frozen

# A fence opens with 3+ backticks or tildes after at most 3 spaces of indentation.
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})", re.MULTILINE)
# Markdown blockquote: a line whose first non-blank character (within 3 spaces) is ">"; a run of such lines
# is found as one region (a quoted reply of 20,000 lines is one region, not 20,000).
_BLOCKQUOTE = re.compile(r"^ {0,3}>.*$", re.MULTILINE)
_BLOCKQUOTE_RUN = re.compile(r"^ {0,3}>.*(?:\n {0,3}>.*)*", re.MULTILINE)
# A line indented enough to be code: without one, a text has no indented code block.
_INDENTED = re.compile(r"^(?:    |\t)", re.MULTILINE)
# Inline code: a run of backticks closed by a run of the same length, inside one paragraph.
_BACKTICKS = re.compile(r"`+")
# A code span whose content holds no backtick: a run, the text up to the next run, that run if as long. A
# backtick after a backslash is a literal backtick (Markdown's escape), never a span's edge.
_SIMPLE_CODE = re.compile(r"(?<![`\\])(`+)(?!`)((?:(?!\n[ \t\r]*\n)[^`])+)\1(?!`)")
# Revision 4 (docs/DESIGN.md#evidence): one word in backticks inside a prose sentence is prose — a word of lower-case
# letters (an apostrophe or hyphen inside), capitalised only where a sentence starts; an identifier (digits, `_`, `.`,
# camelCase, a capital inside a sentence: `Slot`), a command of several words, or a span alone on its line is
# code and stays carved out.
# The patterns of the prose-word test, compiled when a text first holds a backtick (not at import: the hook
# imports this module at every stop, most of whose texts have none).
_PROSE_WORD = r"[^\W\d_][^\W\d_A-Z]*(?:['’-][^\W\d_A-Z]+)*"
_LETTER = r"[^\W\d_]"
# What may stand before a sentence's first word on its line: a list marker, emphasis, an opening bracket or
# quote, or the end of the sentence before.
_SENTENCE_OPENING = r"(?:^[ \t]*(?:[-*+][ \t]+|\d+[.)][ \t]+|#{1,6}[ \t]+)?|[.!?:][ \t]+)[*_(\"'“‘ \t]*\Z"
SENTENCE_WINDOW = 200


@cache
def _prose_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The prose word, a letter, and what opens a sentence before a word."""
    return re.compile(_PROSE_WORD), re.compile(_LETTER), re.compile(_SENTENCE_OPENING, re.MULTILINE)


# A blank line, whatever the line ending (a CRLF message too): where a paragraph ends (analyzer.grammar.register.
# bound_before splits its context by it as well).
PARAGRAPH_BREAK = re.compile(r"\n[ \t\r]*\n")
# Double quotes, straight or curly, within one paragraph.
# An opening curly quote ends the search for a closing one, as a straight quote does: curly quotes of one
# kind do not nest, and a run of openers without a closer stays linear to search (not quadratic).
_DOUBLE_QUOTES = re.compile(r"\"(?:(?!\n[ \t\r]*\n)[^\"])+\"|“(?:(?!\n[ \t\r]*\n)[^“”])+”", re.DOTALL)
# Single quotes: the opening mark starts a word and the closing mark ends one, so apostrophes
# inside words ("don't", "agents' lanes") never open or close a quotation.
_SINGLE_QUOTES = re.compile(
    r"(?<![\w'’‘])['‘](?=[^\s'’])(?:(?!\n[ \t\r]*\n)[^'‘’]|(?<=\w)['’](?=\w))+?(?<=[^\s'‘])['’](?![\w])",
    re.DOTALL,
)
# Emphasis markers at a word edge: **x**, __x__, *x*, _x_ (not the underscore inside your_call).
_EMPHASIS = re.compile(r"[*_](?<![\w*][*_])[*_]*(?=[^\s*_])|[*_](?<=[^\s*_][*_])[*_]*(?![\w*])")
# The same for runs of exactly k markers, replaced by k spaces without a Python call per marker: a run is
# maximal on both sides (its neighbours are never markers), so blanking one run never changes another's
# edges and the passes are independent.
# Each pattern opens with the marker itself and looks behind it afterwards, so the search skips to markers.
_EMPHASIS_RUNS = tuple(
    (
        re.compile(
            rf"[*_](?<![\w*][*_])[*_]{{{k - 1}}}(?=[^\s*_])|[*_](?<=[^\s*_][*_])[*_]{{{k - 1}}}(?![\w*])"
        ),
        " " * k,
    )
    for k in (1, 2, 3)
)
# Spaces other than ' ' that separate words ("Your\u00a0call"): matched as a space, one character each.
_WIDE_SPACES = str.maketrans(dict.fromkeys("\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
                                           "\u2007\u2008\u2009\u200a\u202f\u205f\u3000", " "))
_LIST_ITEM = re.compile(r"^[ \t]*(?:[-*+]|\d+[.)])[ \t]+")


class Region(tuple[int, int, str]):
    """A carved region [start, end) and its kind: "code-fence" | "indented-code" | "inline-code" | "quote" |
    "blockquote". A tuple, not a @frozen record: a text of 200,000 quotations makes as many, and a
    tuple is built in a tenth of the time."""

    __slots__ = ()

    def __new__(cls, start: int, end: int, kind: str) -> Region:
        return tuple.__new__(cls, (start, end, kind))

    @property
    def start(self) -> int:
        return self[0]

    @property
    def end(self) -> int:
        return self[1]

    @property
    def kind(self) -> str:
        return self[2]


@frozen
class Views:
    original: str
    match_view: str
    parse_view: str
    regions: tuple[Region, ...]


@lru_cache(maxsize=2)
def build_views(text: str) -> Views:
    """Find every carve-out of `text` and return the two same-length views.

    Linear in the text's length whatever its shape (docs/DESIGN.md#normalisation): each pattern is searched once, a
    match is checked against the regions already taken by bisection (they are disjoint and sorted), and the views
    are assembled from slices, never character by character. Kept for the last texts: the hook's phrase
    test and its closing-part test read one message.
    """
    taken = _Taken(_fenced_code(text))
    taken.add_all(_indented_code(text, taken))
    # Each pattern only where its opening character occurs: a long text without any costs nothing.
    if ">" in text:
        taken.add_all(_blockquotes(text, taken))
    if ":" in text:
        taken.add_all(_drafted(text, taken))
    prose_words: list[Region] = []
    if "`" in text:
        spans = _inline_code(text, taken)
        words = [r for r in spans if _one_word(text, r)]
        if words:
            breaks = [i for i, char in enumerate(text) if char == "\n"] if "\n" in text else []
            prose_words = [r for r in words if _in_a_sentence(text, r, breaks)]
        if prose_words:
            prose = set(prose_words)
            spans = [r for r in spans if r not in prose]
        taken.add_all(spans)
    if '"' in text or "“" in text:
        taken.add_all(_pattern_regions(_DOUBLE_QUOTES, text, "quote", taken))
    if "'" in text or "‘" in text:
        taken.add_all(_pattern_regions(_SINGLE_QUOTES, text, "quote", taken))
    regions = taken.regions

    spaced = text.translate(_WIDE_SPACES)
    if prose_words:  # the backticks of a prose word read as the spaces around it (like emphasis markers)
        spaced = _without_backticks(spaced, prose_words)
    if "*" in spaced or "_" in spaced:
        for pattern, spaces in _EMPHASIS_RUNS:
            spaced = pattern.sub(spaces, spaced)
        spaced = _EMPHASIS.sub(lambda m: " " * len(m.group()), spaced)  # longer runs
    # The parser knows "isn't" and "that's" but not their typographic forms: same length, same grammar.
    parsed = spaced.replace("’", "'")
    if not text.isascii():
        parsed = _pictograph_stops(parsed)
    if not regions:
        return Views(text, spaced, parsed, ())
    return Views(text, _carved(spaced, text, regions, True), _carved(parsed, text, regions, False), tuple(regions))


def _pictograph_stops(parsed: str) -> str:
    """'has expired 🔑 Rotating it …': the parser reads a pictograph that ends a sentence as a full stop after the word
    before it (analyzer.text.pictographs; same length: the space before the run becomes the stop)."""
    from analyzer.text.pictographs import sentence_pictographs

    stops = sentence_pictographs(parsed)
    if not stops:
        return parsed
    pieces, at = [], 0
    for start, end, mark in stops:
        pieces += [parsed[at:start], mark, " " * (end - start - 1)]
        at = end
    return "".join([*pieces, parsed[at:]])


def _one_word(text: str, span: Region) -> bool:
    """A code span holding one word of prose letters (capitalised or not; among words all in capitals, in
    capitals too: "YOUR `CALL`")."""
    inside = text[span.start : span.end].strip("`").strip()
    if _in_capitals(text[max(0, span.start - SENTENCE_WINDOW) : span.start]):
        inside = inside.lower()
    return _prose_patterns()[0].fullmatch(inside) is not None


def _in_a_sentence(text: str, span: Region, breaks: list[int]) -> bool:
    """A one-word code span with a letter beside it on its line (a prose sentence, not a span alone on its
    line), capitalised only where a sentence starts (after an opening mark, or with no letter before it on its
    line: '" > `Call` me'). Each test looks at most SENTENCE_WINDOW characters
    each side, so a line of a megabyte and many spans stays linear."""
    start, end = span.start, span.end
    k = bisect_left(breaks, start)
    line_start = breaks[k - 1] + 1 if k > 0 else 0
    line_end = breaks[k] if k < len(breaks) else len(text)
    before = max(line_start, start - SENTENCE_WINDOW)
    _, letter, opening = _prose_patterns()
    at_opening = opening.search(text, before, start) is not None or letter.search(text, before, start) is None
    if text[start:end].strip("`").strip()[0].isupper() and not at_opening and not _in_capitals(text[before:start]):
        return False  # a capital inside a sentence names something: `Slot`, `Makefile`
    after = min(line_end, end + SENTENCE_WINDOW)
    return letter.search(text, before, start) is not None or letter.search(text, end, after) is not None


def _in_capitals(before: str) -> bool:
    """Words before it written all in capitals ("YOUR CALL `X`"): there a capital tells no name from a word."""
    return any(ch.isalpha() for ch in before) and not any(ch.islower() for ch in before)


def _without_backticks(view: str, spans: list[Region]) -> str:
    """The view with the backtick runs of the given spans turned into spaces (same length)."""
    pieces: list[str] = []
    at = 0
    for start, end, _ in spans:
        inside = view[start:end]
        opening = len(inside) - len(inside.lstrip("`"))
        closing = len(inside) - len(inside.rstrip("`"))
        pieces += [view[at:start], " " * opening, inside[opening : len(inside) - closing], " " * closing]
        at = end
    pieces.append(view[at:])
    return "".join(pieces)


def _carved(view: str, text: str, regions: list[Region], match: bool) -> str:
    """`view` with the regions carved: all blanked for matching; for parsing, quotations kept (they are
    the grammar of the sentence around them) and inline code one placeholder word. One slice per region."""
    pieces: list[str] = []
    append = pieces.append
    at = 0
    for start, end, kind in regions:
        if not match and kind == "quote":
            continue  # kept as written: its text stays in the slice up to the next carved region
        append(view[at:start])
        inside = text[start:end]
        if not match and kind == "inline-code":
            append("x" * (end - start) if "\n" not in inside else _placeholder(inside))
        else:
            append(" " * (end - start) if "\n" not in inside else _blank(inside))
        at = end
    append(view[at:])
    return "".join(pieces)


def _blank(inside: str) -> str:
    """Spaces over a region, newlines kept so line structure and offsets survive."""
    if "\n" not in inside:
        return " " * len(inside)
    return "\n".join(" " * len(line) for line in inside.split("\n"))


def _placeholder(inside: str) -> str:
    """One word in place of inline code, so 'run `make test` now' still parses as a sentence."""
    return " ".join("x" * len(line) for line in inside.split("\n"))


class _Taken:
    """The regions found so far: disjoint, kept sorted by start (so by end too), so whether a new match
    overlaps one is a bisection, not a scan of every region (a text of 100,000 quotations stays linear)."""

    def __init__(self, regions: list[Region]) -> None:
        self.regions = regions
        self.starts = [r.start for r in regions]

    def overlaps(self, start: int, end: int) -> bool:
        k = bisect_left(self.starts, end) - 1  # the last region starting before `end`
        return k >= 0 and self.regions[k].end > start

    def add_all(self, found: list[Region]) -> None:
        """Merge regions found in one pass (in order, disjoint from the taken ones and from each other)."""
        if found:
            # Two sorted runs: the sort merges them in one linear pass, the taken ones first at an equal start.
            self.regions = sorted(self.regions + found, key=lambda r: r.start)
            self.starts = [r.start for r in self.regions]


def _pattern_regions(pattern: re.Pattern[str], text: str, kind: str, taken: _Taken) -> list[Region]:
    """The matches of one pattern outside the taken regions (a pattern's matches never overlap each other)."""
    spans = (m.span() for m in pattern.finditer(text))
    if taken.regions:
        return [Region(a, b, kind) for a, b in spans if not taken.overlaps(a, b)]
    return [Region(a, b, kind) for a, b in spans]


def _blockquotes(text: str, taken: _Taken) -> list[Region]:
    """Blockquote lines outside the taken regions: a run of them is one region unless it meets a taken
    region, whose lines are then taken one by one."""
    found: list[Region] = []
    for run in _BLOCKQUOTE_RUN.finditer(text):
        if not taken.overlaps(run.start(), run.end()):
            found.append(Region(run.start(), run.end(), "blockquote"))
            continue
        for m in _BLOCKQUOTE.finditer(text, run.start(), run.end()):
            if not taken.overlaps(m.start(), m.end()):
                found.append(Region(m.start(), m.end(), "blockquote"))
    return found


@cache
def _drafted_label() -> re.Pattern[str]:
    """r40e: a line that labels a text drafted for a third party (sites.toml [drafted]): a presentative (opening the
    line or a sentence of it) whose object is the noun after at most three modifiers, or the noun after at most two
    modifiers and before at most four words of its addressee, then a colon ending the line (emphasis, heading and list
    marks around it allowed). 'Here's what changed since your last message:' presents no drafted text."""
    from analyzer.text import sites

    data = sites()["drafted"]

    def words(forms: list[str]) -> str:
        return "|".join(re.escape(w).replace("'", "['’]") for w in sorted(forms, key=len, reverse=True))

    nouns, modifiers, presentatives = words(data["nouns"]), words(data["modifiers"]), words(data["presentatives"])
    return re.compile(
        rf"^[ \t>#*_-]*(?:(?:[^\n]*?[.!?][ \t]+)?(?:{presentatives})(?:[ \t]+(?:{modifiers})){{0,3}}[ \t]+(?:{nouns})"
        r"(?:[ \t]+[\w'’@-]+){0,5}"
        rf"|(?:(?:{modifiers})[ \t]+){{0,2}}(?:{nouns})(?:[ \t]+(?:to|for)(?:[ \t]+[\w'’@-]+){{1,4}})?)"
        r"[ \t*_]*:[ \t*_]*$",
        re.IGNORECASE | re.MULTILINE,
    )


# a line ending on a colon, emphasis after it allowed: what every label of a drafted text holds
_LINE_END_COLON = re.compile(r":[ \t*_]*$", re.MULTILINE)
# the end of a drafted text before the message's end: a rule or a heading line
_DRAFT_END = re.compile(r"^ {0,3}(?:(?:[-*_][ \t]*){3,}|#{1,6}[ \t])", re.MULTILINE)


# a paragraph break; a letter's salutation or sign-off line ('Hi Sam,', 'Thanks,'): a short line ending on a comma
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n\s*")
_LETTER_LINE = re.compile(r"[ \t]*(?:[\w'’.-]+[ \t]+){0,3}[\w'’.-]+,[ \t]*$")
# the agent's own voice: the first person, or a question
_OWN_VOICE = re.compile(r"\b(?:i|i['’]m|i['’]ll|i['’]ve|i['’]d|me|my|we|us|our|let['’]s)\b|\?\s*$", re.IGNORECASE)


def _own_voice_after(text: str, start: int, end: int) -> int:
    """r40rv: where a drafted text of several paragraphs ends when the agent speaks again after it: a letter (its first
    line a salutation, 'Hi Sam,') ends with its sign-off's paragraph ('Thanks,\nDana'); any other draft before a last
    paragraph in the agent's own voice ('Want me to also add tests for the refresh path?'), which a label over the
    draft would otherwise hide."""
    paragraphs = [m.end() for m in _PARAGRAPH_BREAK.finditer(text, start, end)]
    if not paragraphs:
        return end
    first_line = text[start : text.find("\n", start) if "\n" in text[start:end] else end].strip("\r")
    if _LETTER_LINE.fullmatch(first_line.strip()):
        for at in paragraphs:
            line = text[at : text.find("\n", at) if text.find("\n", at, end) >= 0 else end].strip()
            if _LETTER_LINE.fullmatch(line):
                after = _PARAGRAPH_BREAK.search(text, at, end)
                return after.start() if after is not None else end
        return end
    last = text[paragraphs[-1] : end]
    return paragraphs[-1] if _OWN_VOICE.search(last) else end


def _drafted(text: str, taken: _Taken) -> list[Region]:
    """r40e (docs/DESIGN.md#carve-outs): the text after the last label of a drafted text, to the message's end or to a
    rule or heading, outside the regions already taken (a fenced draft is code already)."""
    if _LINE_END_COLON.search(text) is None:
        return []  # no line ends on a colon: no label, and sites.toml is not read
    labels = list(_drafted_label().finditer(text))
    if not labels:
        return []
    label = labels[-1]
    start = text.find("\n", label.end())
    if start < 0:
        return []
    stop = _DRAFT_END.search(text, start + 1)
    end = _own_voice_after(text, start + 1, len(text.rstrip()) if stop is None else stop.start())
    found: list[Region] = []
    at = start + 1
    for region in taken.regions[max(0, bisect_left(taken.starts, start) - 1) :]:
        if region.start >= end:
            break
        if region.end <= at:
            continue
        if region.start > at and text[at : region.start].strip():
            found.append(Region(at, region.start, "blockquote"))
        at = max(at, region.end)
    if at < end and text[at:end].strip():
        found.append(Region(at, end, "blockquote"))
    return found


def _inline_code(text: str, taken: _Taken) -> list[Region]:
    """Inline code spans: a backtick run closed by the next run of the same length in the same paragraph.

    CommonMark's rule, read in one pass over the backtick runs: a run that finds no partner is literal
    text, and the search for a partner is a lookup in the runs of its length, so runs of a thousand
    different lengths cost no rescans of the paragraph (a regex's lazy search did: quadratic).
    """
    # Most texts pair each run with the next one: found by one regex, and taken as is when the pairs hold
    # every backtick of the text and no taken region.
    simple = [(m.start(), m.end(), m.end(1) - m.start(1)) for m in _SIMPLE_CODE.finditer(text)]
    if sum(2 * k for _, _, k in simple) == text.count("`") and not any(taken.overlaps(a, b) for a, b, _ in simple):
        return [Region(a, b, "inline-code") for a, b, _ in simple]
    runs = [(m.start(), m.end()) for m in _BACKTICKS.finditer(text) if not taken.overlaps(m.start(), m.end())]
    breaks = [m.start() for m in PARAGRAPH_BREAK.finditer(text)]
    by_length: dict[int, list[int]] = {}
    for index, (start, end) in enumerate(runs):
        by_length.setdefault(end - start, []).append(index)
    found: list[Region] = []
    position = 0  # no span opens before the end of the last one
    for index, (start, end) in enumerate(runs):
        if start < position or text[start - 1 : start] == "\\":
            continue  # inside the last span, or an escaped backtick: a literal one opens nothing
        same = by_length[end - start]
        k = bisect_right(same, index)
        if k == len(same):
            continue
        close_start, close_end = runs[same[k]]
        if bisect_right(breaks, start) != bisect_right(breaks, close_start) or taken.overlaps(end, close_start):
            continue  # the partner is in another paragraph, or a region taken before lies between them
        found.append(Region(start, close_end, "inline-code"))
        position = close_end
    return found


def _fenced_code(text: str) -> list[Region]:
    """Fenced blocks from the opening fence line to the closing fence line (or the end of text)."""
    found: list[Region] = []
    pos = 0
    while (opening := _FENCE.search(text, pos)) is not None:
        fence = opening.group(1)
        line_end = text.find("\n", opening.end())
        if line_end == -1:
            found.append(Region(opening.start(), len(text), "code-fence"))
            break
        if not found and pos == 0 and _closes_cut_block(text, opening, line_end):
            # r33c: the message opens inside code — code lines, then a bare fence with prose after it, the fences odd
            # in number: that fence closes a block cut off before the message; the code before it is the block's
            found.append(Region(0, line_end, "code-fence"))
            pos = line_end + 1
            continue
        closing = re.compile(r"^ {0,3}" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*$", re.M)
        close = closing.search(text, line_end + 1)
        if close is None and _cut_before(text, opening, line_end, fence):
            # r31c: a bare fence that opens the text and never closes is the close of a block cut off before the
            # message (a transcript's turn split after its code): what follows is the message's own prose
            pos = line_end + 1
            continue
        if close is None and (tail := prose_tail(text, line_end + 1)) is not None:
            # r37h: the fence never closes, and the message ends in prose a reader reads as the agent's own: the block
            # closes before it. Only prose after a bare fence, with text before it: the close of a block cut off
            # before the message (a document the agent wrote), as r33c's cut block
            opens = _only_labels(text[line_end + 1 : tail])  # r38e: '---' or 'SUMMARY:' before the prose
            cut = opens and not found and not _fence_info(text, opening, line_end)
            whole = cut and bool(text[: opening.start()].strip())
            found.append(Region(0, line_end, "code-fence") if whole else Region(opening.start(), tail, "code-fence"))
            pos = tail
            continue
        end = len(text) if close is None else close.end()
        found.append(Region(opening.start(), end, "code-fence"))
        pos = end
    return found


def _only_labels(between: str) -> bool:
    """r38e: the lines between a fence and the prose after it are blank or labels (a thematic break, a heading)."""
    return all(not line.strip() or _LABEL_LINE.match(line.rstrip("\r")) for line in between.split("\n"))


def _fence_info(text: str, opening: re.Match[str], line_end: int) -> str:
    """The info string after an opening fence ('python'), empty for a bare fence."""
    return text[opening.end() : line_end].strip()


# r37h (docs/DESIGN.md#construction-classes, rule `open-fence-tail`): a line of prose after a fence that never closes —
# at most three spaces in, an optional list marker ('*' only at the margin: ' * …' is a doc comment), emphasis or
# pictographs, then a word; and no sign of code once its code spans are left out: a bracket or semicolon that ends it,
# a brace, a call, an assignment or comparison, an arrow, a scope or comment mark.
_PROSE_OPENING = re.compile(
    r"(?: {0,3}(?:[-+]|\d{1,3}[.)])[ \t]+|\*[ \t]+| {0,3})(?:(?:[*_]{1,3}(?=\S)|[^\x00-\x7f\w\s])+[ \t]*)?"
)
_CODE_SIGN = re.compile(r"[{};\\]|\w\(|[=!<>]=|=>|->|::|\s=\s|\w=\S|<<|(?<!:)//|/\*|\*/")
_INLINE_SPAN = re.compile(r"`[^`\n]*`")
_PROSE_WORDS = re.compile(r"[A-Za-z][A-Za-z'’-]*")
_LIST_MARKER = re.compile(r" {0,3}(?:[-+*]|\d{1,3}[.)])[ \t]")
_SENTENCE_END = re.compile(r"[.?!:][*_)\"'”’\s]*(?:[^\x00-\x7f\w\s][\s]*)*\Z")
# r38e (docs/DESIGN.md#construction-classes): a line inside the prose that ends the text though it is no sentence — a
# heading, a capitalised label and its colon ('SUMMARY:', 'Next steps:'), a thematic break — passed over, never the
# run's last line; the line after it opens a paragraph. A URL's '//' is prose's, no comment mark.
_LABEL_LINE = re.compile(
    r" {0,3}(?:#{1,6}[ \t]+\S.*|[*_]{0,2}[A-Z][A-Za-z]*(?:[ \t][A-Za-z]+){0,3}:[*_]{0,2}|(?:[-*_][ \t]*){3,})[ \t]*\Z"
)
# The fewest words of a line of prose: 'EOF', 'return x', 'end' are code.
_MIN_PROSE_WORDS = 3


def _prose_line(line: str) -> tuple[bool, bool]:
    """(whether the line reads as prose, whether its first word is capitalised)."""
    opening = _PROSE_OPENING.match(line)
    rest = line[opening.end() :] if opening else line
    if not rest[:1].isalpha() or _CODE_SIGN.search(_INLINE_SPAN.sub(" ", rest)) is not None:
        return False, False
    if len(_PROSE_WORDS.findall(rest)) < _MIN_PROSE_WORDS:
        return False, False
    return True, rest[0].isupper()


def prose_tail(text: str, start: int) -> int | None:
    """r37h: where the run of prose that ends the text begins, read back from the end to the first line that is no
    prose (or to `start`): it begins at the first capitalised line that opens a paragraph or a list item, and its last
    line is a sentence that ends ('?', '.', '!', or ':'). None when the text does not end so. One pass over the lines
    read back, one over the run."""
    end = len(text.rstrip())
    if end <= start or _SENTENCE_END.search(text[max(start, end - 40) : end]) is None:
        return None
    run: list[tuple[int, str]] = []  # the run's lines, last first
    line_end = end
    while line_end > start:
        line_start = max(text.rfind("\n", start, line_end) + 1, start)
        line = text[line_start:line_end].rstrip("\r")
        if line.strip() and not _prose_line(line)[0] and not (run and _LABEL_LINE.match(line)):
            break
        run.append((line_start, line))
        line_end = line_start - 1
    run.reverse()
    for k, (line_start, line) in enumerate(run):
        after_break = k == 0 or not run[k - 1][1].strip() or _LABEL_LINE.match(run[k - 1][1]) is not None
        opens = after_break or _LIST_MARKER.match(line) is not None
        if line.strip() and opens and _prose_line(line)[1]:
            return line_start
    return None


# r33c: a line of code as it ends a block (a statement's or a bracket's end, an assignment) or indented, and a line of
# prose (a capitalised word, then words: 'Would you like me to …')
_CODE_LINE_END = re.compile(r"(?:[;{}()\[\],=>]|\*/|-->)[ \t]*\Z|\A(?: {2,}|\t)\S")
_PROSE_LINE = re.compile(r"\A[ \t]*[*_]{0,2}[A-Z][a-z']*(?:[ \t]+[A-Za-z][a-z']*){2}")


def _closes_cut_block(text: str, opening: re.Match[str], line_end: int) -> bool:
    """r33c (docs/DESIGN.md#construction-classes): the first fence of the text is bare (no info string), the text before
    it is not blank and its last line reads as code, the first line after it reads as prose, and the fence lines are
    odd in number: the fence closes a block the message opened inside, and pairs with none after it."""
    if text[opening.end() : line_end].strip() or not text[: opening.start()].strip():
        return False
    if len(_FENCE.findall(text)) % 2 == 0:
        return False
    before = text[: opening.start()].rstrip("\n\r").rsplit("\n", 1)[-1]
    after = next((line for line in text[line_end + 1 : line_end + 400].split("\n") if line.strip()), "")
    return _CODE_LINE_END.search(before.rstrip("\r")) is not None and _PROSE_LINE.match(after) is not None


def _cut_before(text: str, opening: re.Match[str], line_end: int, fence: str) -> bool:
    """r31c: the fence opens the text bare (no info string) and no fence line closes it, a CRLF line end counted as a
    line end (a CRLF fence closed further on is a block, as CommonMark reads it)."""
    if text[opening.end() : line_end].strip() or text[: opening.start()].strip():
        return False
    closing = re.compile(r"^ {0,3}" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t\r]*$", re.M)
    return closing.search(text, line_end + 1) is None


def _indented_code(text: str, taken: _Taken) -> list[Region]:
    """Lines indented 4+ spaces (or a tab) after a blank line, outside lists: CommonMark's code block."""
    found: list[Region] = []
    if _INDENTED.search(text) is None:
        return found
    offset = 0
    previous_blank = True
    in_list = False
    in_block = False
    for line in text.split("\n"):
        start, end = offset, offset + len(line)
        offset = end + 1
        blank = not line.strip()
        indented = line.startswith(("    ", "\t"))
        if not blank and not indented:
            in_list = bool(_LIST_ITEM.match(line)) or (in_list and not previous_blank)
        if indented and not blank and (in_block or (previous_blank and not in_list)):
            if not _LIST_ITEM.match(line) and not taken.overlaps(start, end):
                found.append(Region(start, end, "indented-code"))
                in_block = True
        elif not blank:
            in_block = False
        previous_blank = blank
    return found
