"""What is not the agent speaking: code, quotations and blockquotes (SPEC §2.4).

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

from lanegate_common.frozen import frozen

# A fence opens with 3+ backticks or tildes after at most 3 spaces of indentation.
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})", re.MULTILINE)
# Markdown blockquote: a line whose first non-blank character (within 3 spaces) is ">".
_BLOCKQUOTE = re.compile(r"^ {0,3}>.*$", re.MULTILINE)
# Inline code: a run of backticks closed by a run of the same length, inside one paragraph.
_INLINE_CODE = re.compile(r"(?<!`)(`+)(?!`)((?:(?!\n[ \t]*\n).)+?)(?<!`)\1(?!`)", re.DOTALL)
# Double quotes, straight or curly, within one paragraph.
# An opening curly quote ends the search for a closing one, as a straight quote does: curly quotes of one
# kind do not nest, and a run of openers without a closer stays linear to search (not quadratic).
_DOUBLE_QUOTES = re.compile(r"\"(?:(?!\n[ \t]*\n)[^\"])+\"|“(?:(?!\n[ \t]*\n)[^“”])+”", re.DOTALL)
# Single quotes: the opening mark starts a word and the closing mark ends one, so apostrophes
# inside words ("don't", "agents' lanes") never open or close a quotation.
_SINGLE_QUOTES = re.compile(
    r"(?<![\w'’‘])['‘](?=[^\s'’])(?:(?!\n[ \t]*\n)[^'‘’]|(?<=\w)['’](?=\w))+?(?<=[^\s'‘])['’](?![\w])",
    re.DOTALL,
)
# Emphasis markers at a word edge: **x**, __x__, *x*, _x_ (not the underscore inside your_call).
_EMPHASIS = re.compile(r"(?<![\w*])[*_]+(?=[^\s*_])|(?<=[^\s*_])[*_]+(?![\w*])")
# Spaces other than ' ' that separate words ("Your\u00a0call"): matched as a space, one character each.
_WIDE_SPACES = str.maketrans(dict.fromkeys("\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
                                           "\u2007\u2008\u2009\u200a\u202f\u205f\u3000", " "))
_LIST_ITEM = re.compile(r"^[ \t]*(?:[-*+]|\d+[.)])[ \t]+")


@frozen
class Region:
    start: int
    end: int
    kind: str  # "code-fence" | "indented-code" | "inline-code" | "quote" | "blockquote"


@frozen
class Views:
    original: str
    match_view: str
    parse_view: str
    regions: tuple[Region, ...]


def build_views(text: str) -> Views:
    """Find every carve-out of `text` and return the two same-length views."""
    regions: list[Region] = []
    regions += _fenced_code(text)
    regions += _indented_code(text, regions)
    # Each pattern only where its opening character occurs: a long text without any costs nothing.
    if ">" in text:
        regions += _pattern_regions(_BLOCKQUOTE, text, "blockquote", regions)
    if "`" in text:
        regions += _pattern_regions(_INLINE_CODE, text, "inline-code", regions)
    if '"' in text or "“" in text:
        regions += _pattern_regions(_DOUBLE_QUOTES, text, "quote", regions)
    if "'" in text or "‘" in text:
        regions += _pattern_regions(_SINGLE_QUOTES, text, "quote", regions)
    regions.sort(key=lambda r: r.start)

    spaced = text.translate(_WIDE_SPACES)
    if "*" in spaced or "_" in spaced:
        spaced = _EMPHASIS.sub(lambda m: " " * len(m.group()), spaced)
    match_chars = list(spaced)
    # The parser knows "isn't" and "that's" but not their typographic forms: same length, same grammar.
    parse_chars = list(spaced.replace("’", "'"))
    for region in regions:
        _blank(match_chars, text, region.start, region.end)
        if region.kind == "inline-code":
            _placeholder(parse_chars, text, region.start, region.end)
        elif region.kind != "quote":
            _blank(parse_chars, text, region.start, region.end)
    return Views(text, "".join(match_chars), "".join(parse_chars), tuple(regions))


def _blank(chars: list[str], text: str, start: int, end: int) -> None:
    """Spaces over the region, newlines kept so line structure and offsets survive."""
    for i in range(start, end):
        if text[i] != "\n":
            chars[i] = " "


def _placeholder(chars: list[str], text: str, start: int, end: int) -> None:
    """One word in place of inline code, so 'run `make test` now' still parses as a sentence."""
    for i in range(start, end):
        chars[i] = "x" if text[i] != "\n" else " "


def _overlaps(start: int, end: int, regions: list[Region]) -> bool:
    return any(r.start < end and start < r.end for r in regions)


def _pattern_regions(pattern: re.Pattern[str], text: str, kind: str, taken: list[Region]) -> list[Region]:
    found: list[Region] = []
    for m in pattern.finditer(text):
        if not _overlaps(m.start(), m.end(), taken + found):
            found.append(Region(m.start(), m.end(), kind))
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
        closing = re.compile(r"^ {0,3}" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*$", re.M)
        close = closing.search(text, line_end + 1)
        end = len(text) if close is None else close.end()
        found.append(Region(opening.start(), end, "code-fence"))
        pos = end
    return found


def _indented_code(text: str, taken: list[Region]) -> list[Region]:
    """Lines indented 4+ spaces (or a tab) after a blank line, outside lists: CommonMark's code block."""
    found: list[Region] = []
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
            if not _LIST_ITEM.match(line) and not _overlaps(start, end, taken):
                found.append(Region(start, end, "indented-code"))
                in_block = True
        elif not blank:
            in_block = False
        previous_blank = blank
    return found
