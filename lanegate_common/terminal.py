"""Agent text on a person's terminal (docs/DESIGN.md#evidence): every byte the judged agent wrote is shown, none is
obeyed.

A terminal acts on control characters: ESC starts sequences that erase lines, move the cursor or write the
clipboard (OSC 52), the C1 range holds 8-bit forms of the same (U+009B is CSI), and bidi controls reorder
what a person reads. Every command that prints agent text (`audit --list`, `replay`, `doctor`, `analyze`,
`golden`) passes its output through `escaped` (text) or `json_escaped` (JSON printed with
ensure_ascii=False), so such a character is shown as its escape (`\\x1b`, `\\u202e`) instead.
"""

from __future__ import annotations

import re
import secrets
from functools import cache

# Beside the C0 controls: DEL, the C1 controls, the bidi controls (Arabic letter mark, LRM/RLM, embeddings
# and overrides, isolates), the line and paragraph separators, and lone surrogates (unprintable: they raise).
_UNSAFE_BEYOND_C0 = "\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff"
_NAMED = {"\t": "\\t", "\r": "\\r"}


@cache
def _pattern(keep: str) -> re.Pattern[str]:
    """The characters to escape: every C0 control but those in `keep` (the output's own layout), and the rest."""
    c0 = "".join(f"\\x{code:02x}" for code in range(0x20) if chr(code) not in keep)
    return re.compile(f"[{c0}{_UNSAFE_BEYOND_C0}]")


def _escape(match: re.Match[str]) -> str:
    char = match.group(0)
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escaped(text: str, *, keep: str = "\n") -> str:
    """The text with every control, escape-sequence introducer and bidi control shown as its escape;
    `keep`: C0 characters the output's own layout uses (by default the newline)."""
    return _pattern(keep).sub(_escape, text)


def json_escaped(text: str) -> str:
    """JSON text (json.dumps with ensure_ascii=False) with the same characters as JSON escapes: the same
    data for a program that decodes it, nothing a terminal acts on for a person who reads it. json.dumps
    escapes every C0 control inside a string itself, so a raw newline is the layout's and stays."""
    return _pattern("\n").sub(lambda m: f"\\u{ord(m.group(0)):04x}", text)


class Styles:
    """A program's own styles (SGR colour sequences) through `escaped`: they are written with a marker no
    agent text can contain (random per run), escaping runs, then the markers become ESC again."""

    def __init__(self) -> None:
        self.marker = f"\ue000{secrets.token_hex(16)}\ue001"

    def mark(self, sequence: str) -> str:
        """An escape sequence of the program's own, held past escaping."""
        return sequence.replace("\x1b", self.marker)

    def finish(self, output: str, *, keep: str = "\n") -> str:
        """The output escaped, the program's own sequences restored."""
        return escaped(output, keep=keep).replace(self.marker, "\x1b")
