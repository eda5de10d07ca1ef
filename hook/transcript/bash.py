"""What bash runs: the simple commands of a command line, read with a maintained bash grammar
(docs/DESIGN.md#material-artifact).

Whether `gh pr create` ran alone, and with which words, decides a material artifact, and the judged agent
writes the command line: ANSI-C quoting (`$'…\\'…'`), a comment that hides a newline, line continuations
and newlines separate commands exactly as bash reads them, and hand-written splitting got each wrong. The
line is parsed by tree-sitter's bash grammar (PyPI `tree-sitter` with `tree-sitter-bash`), chosen over
the alternatives because:
* it is maintained by the tree-sitter organisation (0.25 in 2025) and used by editors and code hosts on
  real shell, where bashlex (0.18, 2023, a port of bash 4's yacc grammar) is not maintained;
* it reads every attack case as bash does — `$'…'`, comments, continuations, heredocs, substitutions —
  and marks what it cannot read as an error (then nothing here counts: fail closed);
* both are wheels with no build step (abi3 / manylinux), and the import costs about 3 ms, where bashlex
  builds its parser tables at import (over a second): the Stop hook pays it only for a call that could
  be a `gh` artifact (a substring test comes first, hook.transcript.tools).

One difference from bash is repaired before parsing: the grammar splits a word at a backslash-newline,
which bash removes before it reads words (`--dry\\<newline>-run` is `--dry-run`). A word whose value bash
would compute (a parameter, command or arithmetic expansion; an unquoted glob or brace pattern, which a
file the agent created could match) has no static value: None.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from itertools import pairwise

from lanegate_common.frozen import frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

# Nodes inside which a backslash-newline is literal text, not a line continuation.
_LITERAL_NODES = frozenset({"raw_string", "ansi_c_string", "comment", "heredoc_body", "heredoc_content"})
# Parts of a command other than its words that make it more than one simple command of gh's.
_NOT_PLAIN = frozenset(
    {"variable_assignment", "file_redirect", "heredoc_redirect", "herestring_redirect", "command_substitution",
     "process_substitution", "subshell"}
)
_STRING_ESCAPES = frozenset('\\"$`')  # what a backslash escapes inside double quotes
_ANSI_SIMPLE = {"a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "n": "\n", "r": "\r", "t": "\t",
                "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}
_GLOB = frozenset("*?[")
# What may stand between the words of a command, and around the command and its comments in a line.
_WORD_BLANKS = b" \t"
_LINE_BLANKS = b" \t\r\n"


@frozen
class Simple:
    """One simple command: its command word and arguments as bash passes them (None: computed by bash),
    and whether it is plain — no assignment, redirection or substitution anywhere in it."""

    words: tuple[str | None, ...]
    plain: bool


@frozen
class Script:
    """A parsed command line: every simple command in it (any depth), and whether the whole line is one
    plain simple command (comments aside): what bash runs as one program and nothing else."""

    commands: tuple[Simple, ...]
    standalone: bool


# A line of these characters alone holds no quoting, escape, expansion, glob, comment, operator or
# redirection: bash reads it as one simple command whose words are its blank-separated runs, so the
# grammar (whose import is ~40 ms of a stop: tree_sitter pulls in typing, its bash package
# importlib.resources) is not needed to read it. tests/test_bash_parse.py holds the two readings equal.
# A `+` in the first word is left to the grammar: tree-sitter-bash reads `x+:` as no command at all; so is a
# first word that starts with `-` (it reads `- 1=` as no command either). Neither can be `gh`.
_PLAIN_LINE = re.compile(
    r"[ \t]*[A-Za-z0-9_./:,][A-Za-z0-9_./:,-]*(?:[ \t]+[A-Za-z0-9_./:,+-][A-Za-z0-9_./:,+=-]*)*[ \t]*"
)
# Words that make the first word of a line something other than a command's name.
_RESERVED = frozenset(
    {"if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do", "done",
     "in", "function", "time", "coproc"}
)


def plain_words(command: str) -> tuple[str, ...] | None:
    """The words of a line bash reads as one plain simple command without any quoting or expansion, or
    None when the line needs the grammar to be read."""
    if not _PLAIN_LINE.fullmatch(command):
        return None
    words = tuple(command.split())
    if words[0] in _RESERVED:
        return None
    return words


@lru_cache(maxsize=256)
def parse(command: str) -> Script | None:
    """The command line as bash reads it, or None when the parser is unavailable (then nothing the line
    did can be shown: callers count no artifact)."""
    words = plain_words(command)
    if words is not None:
        return Script((Simple(words, True),), True)
    parser = _parser()
    if parser is None:
        return None
    # A lone surrogate reaches bash as U+FFFD (the harness writes the command as UTF-8): so here too.
    source = command.encode() if command.isascii() else _utf8(command)
    tree = parser.parse(source)
    if b"\\\n" in source:
        joined = _without_continuations(source, tree.root_node)
        if joined != source:
            source, tree = joined, parser.parse(joined)
    root = tree.root_node
    commands = tuple(_simple(node) for node in _commands(root))
    top = [c for c in root.children if c.type != "comment"]
    standalone = (
        not root.has_error
        and len(top) == 1
        and top[0].type == "command"
        and len(commands) == 1
        and commands[0].plain
        and _only_blanks_between(source, root.children, _LINE_BLANKS)
        and _only_blanks_between(source, top[0].children, _WORD_BLANKS, inner=True)
    )
    return Script(commands, standalone)


def _only_blanks_between(source: bytes, nodes: list[Any], blanks: bytes, *, inner: bool = False) -> bool:
    """Whether the source between the nodes (and, unless inner, before the first and after the last) is
    blank, and between the words of a command (inner) not empty: the grammar skips some text bash reads as
    a word (`\\ gh` is the command " gh" to bash, and nothing before gh to the grammar) and splits some
    words bash reads as one (`create{\\gh`), so such a line is not read here as bash reads it."""
    edges = [(n.start_byte, n.end_byte) for n in nodes]
    if not edges:
        return True
    gaps = [source[a_end:b_start] for (_, a_end), (b_start, _) in pairwise(edges)]
    if inner:  # two words of a command with nothing between them are one word to bash
        return all(gap and not gap.strip(blanks) for gap in gaps)
    gaps += [source[: edges[0][0]], source[edges[-1][1] :]]
    return all(not gap.strip(blanks) for gap in gaps)


@cache
def _parser() -> Any:
    try:
        import tree_sitter
        import tree_sitter_bash
    except ImportError:
        return None
    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_bash.language()))


def _without_continuations(source: bytes, root: Any) -> bytes:
    """The source with every backslash-newline bash removes taken out (outside single quotes, ANSI-C
    strings, comments and heredoc bodies, and not after an escaped backslash)."""
    literal: list[tuple[int, int]] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type in _LITERAL_NODES:
            literal.append((node.start_byte, node.end_byte))
        else:
            stack.extend(node.children)
    literal.sort()
    out = bytearray()
    i, k = 0, 0
    while i < len(source):
        while k < len(literal) and literal[k][1] <= i:
            k += 1
        if k < len(literal) and literal[k][0] <= i:
            end = literal[k][1]
            out += source[i:end]
            i = end
            continue
        byte = source[i]
        if byte == 0x5C and source[i + 1 : i + 2] == b"\n":  # backslash-newline: a continuation
            i += 2
            continue
        if byte == 0x5C:  # an escape: the next byte is taken as it is
            out += source[i : i + 2]
            i += 2
            continue
        out.append(byte)
        i += 1
    return bytes(out)


def _commands(root: Any) -> list[Any]:
    """Every `command` node of the tree, in source order, without recursion (any nesting depth)."""
    found: list[Any] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "command":
            found.append(node)
        stack.extend(reversed(node.children))
    return found


def _simple(node: Any) -> Simple:
    words: list[str | None] = []
    plain = True
    for child in node.children:
        if child.type in _NOT_PLAIN or _contains(child, _NOT_PLAIN) or _misread(child):
            plain = False
        if child.type == "command_name":
            words.append(_value(child.children[0]) if child.children else None)
        elif child.is_named and child.type not in _NOT_PLAIN and child.type != "comment":
            words.append(_value(child))
    return Simple(tuple(words), plain)


def _misread(node: Any) -> bool:
    """A word the grammar read otherwise than bash: a bare word across an unescaped blank ("gh\\n\\\\x" is
    one word to it, two commands to bash), an ANSI-C string bash does not close. Such a line is not
    standalone."""
    stack = [node]
    while stack:
        child = stack.pop()
        if child.type == "word" and _bare_blank(_text(child)):
            return True
        if child.type == "ansi_c_string" and not _closes(_text(child)[2:]):
            return True  # $'\' is unterminated to bash (\' is a quote inside $'…'), closed to the grammar
        stack.extend(child.children)
    return False


def _bare_blank(text: str) -> bool:
    escaped = False
    for ch in text:
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch in " \t\n\r":
            return True
    return False


def _closes(body: str) -> bool:
    """Whether the body of $'… (after its opening quote) ends at its first unescaped quote, as bash reads it."""
    i = 0
    while i < len(body):
        if body[i] == "\\":
            i += 2
            continue
        if body[i] == "'":
            return i == len(body) - 1
        i += 1
    return False


def _contains(node: Any, types: frozenset[str]) -> bool:
    stack = list(node.children)
    while stack:
        child = stack.pop()
        if child.type in types:
            return True
        stack.extend(child.children)
    return False


def _utf8(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace").encode("utf-8")


def _text(node: Any) -> str:
    return node.text.decode("utf-8", "replace")


def _value(node: Any) -> str | None:
    """The static value of a word node, as bash would pass it; None when bash computes it."""
    kind = node.type
    if kind in ("word", "number"):
        return _unquoted(_text(node))
    if kind == "raw_string":
        return _text(node)[1:-1]
    if kind == "ansi_c_string":
        return _ansi_c(_text(node)[2:-1])
    if kind in ("string", "translated_string"):
        return _double_quoted(node)
    if kind == "concatenation":
        parts = [_value(child) for child in node.children]
        bare = "".join(_text(c) for c in node.children if c.type == "word")
        if None in parts or ("{" in bare and "}" in bare):  # a brace expansion across the parts
            return None
        return "".join(p for p in parts if p is not None)
    return None


def _unquoted(text: str) -> str | None:
    """An unquoted word: backslash escapes taken out; None if bash may expand it (glob, braces)."""
    out: list[str] = []
    escaped = False
    for ch in text:
        if escaped:
            out.append(ch)
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch in _GLOB:
            return None
        else:
            out.append(ch)
    value = "".join(out)
    if "{" in text and "}" in text and ("," in text or ".." in text):
        return None
    return value


def _double_quoted(node: Any) -> str | None:
    """A double-quoted word ("…" or $"…"): its text between the quotes with bash's escapes inside double
    quotes; None when an expansion or substitution is inside (the grammar leaves a lone `$` unnamed)."""
    if any(child.is_named and child.type != "string_content" for child in node.children):
        return None
    raw = _text(node)
    text = raw[2:-1] if raw.startswith("$") else raw[1:-1]
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text) and text[i + 1] in _STRING_ESCAPES:
            out.append(text[i + 1])
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def _ansi_c(body: str) -> str:
    """The value of $'…': bash's backslash escapes decoded."""
    out: list[str] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch != "\\" or i + 1 >= len(body):
            out.append(ch)
            i += 1
            continue
        code = body[i + 1]
        i += 2
        if code in _ANSI_SIMPLE:
            out.append(_ANSI_SIMPLE[code])
        elif code in "01234567":
            digits = code + "".join(_run(body, i, "01234567", 2))
            i += len(digits) - 1
            out.append(chr(int(digits, 8) & 0xFF))
        elif code in "xuU":
            width = {"x": 2, "u": 4, "U": 8}[code]
            digits = "".join(_run(body, i, "0123456789abcdefABCDEF", width))
            i += len(digits)
            out.append(chr(min(int(digits, 16), 0x10FFFF)) if digits else "\\" + code)
        elif code == "c" and i < len(body):
            out.append(chr(ord(body[i]) & 0x1F))
            i += 1
        else:
            out.append("\\" + code)
    return "".join(out)


def _run(text: str, start: int, allowed: str, limit: int) -> list[str]:
    run: list[str] = []
    while start + len(run) < len(text) and len(run) < limit and text[start + len(run)] in allowed:
        run.append(text[start + len(run)])
    return run
