"""Harness settings text as its harness reads it, and edits that keep everything else of the file.

Claude Code reads its settings as plain JSON; Gemini CLI strips `//` and `/* */` comments first (the
strip-json-comments package) and then reads plain JSON, so a trailing comma is an error there too. One
reader serves both, with comments allowed or not. It never recurses — a settings file nested 100,000
deep is read like any other — and it records where each value sits in the text, so `lanegate install`
and `uninstall` can change one entry by splicing text: comments, key order, indentation and line endings
stay exactly as the person wrote them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

# JSON's own whitespace (JSON.parse accepts nothing else between tokens).
_SPACE = re.compile(r"[ \t\n\r]*")
_SPACE_AND_COMMENTS = re.compile(r"(?:[ \t\n\r]+|//[^\n]*(?:\n|$)|/\*(?:[^*]|\*(?!/))*(?:\*/|\Z))*")
_STRING = re.compile(r'"(?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"')
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_LITERALS = {"true": True, "false": False, "null": None}
_CLOSERS = {"object": "}", "array": "]"}
# Spaces and comments up to the end of a line (a comment that belongs to the part before it).
_LINE_COMMENT = re.compile(r"[ \t]*(?://[^\n]*|/\*(?:[^*\n]|\*(?!/))*\*/[ \t]*)(?=\r?\n)")


class SettingsSyntaxError(ValueError):
    """The text is not what the harness can read; names the line and column that stop it."""

    def __init__(self, message: str, text: str, offset: int) -> None:
        self.line = text.count("\n", 0, offset) + 1
        self.column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        self.offset = offset
        super().__init__(f"line {self.line}, column {self.column}: {message}")


@dataclass(slots=True)
class Node:
    """One value in the text: where it starts and ends, and for a container where its parts are."""

    kind: str  # object | array | string | number | literal
    start: int
    end: int = -1
    value: Any = None  # the Python value (containers: the dict / list, filled as parsing goes)
    keys: list[str] = field(default_factory=list)  # object: each member's key, in order
    key_starts: list[int] = field(default_factory=list)  # object: where each member's key string starts
    children: list[Node] = field(default_factory=list)  # the members' values / the items
    commas: list[int] = field(default_factory=list)  # where the comma after each part sits

    def member(self, key: str) -> Node | None:
        """The value of the last member named `key` (the one JSON.parse keeps), or None."""
        for index in range(len(self.keys) - 1, -1, -1):
            if self.keys[index] == key:
                return self.children[index]
        return None

    def part_start(self, index: int) -> int:
        return self.key_starts[index] if self.kind == "object" else self.children[index].start


@dataclass(frozen=True)
class Document:
    """A parsed settings text: its root value and the node tree over the text."""

    text: str
    root: Node
    comments: bool

    @property
    def data(self) -> Any:
        return self.root.value


def load(text: str, *, comments: bool) -> Any:
    """The data of a settings text, read as the harness reads it; raise SettingsSyntaxError.

    The C JSON reader does the work (comments first blanked to spaces, so line and column still point
    into the text as written); only a text nested too deep for it is read by the iterative `parse`.
    """
    plain = blank_comments(text) if comments else text
    try:
        return json.loads(plain, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise SettingsSyntaxError(exc.msg.lower(), text, exc.pos) from None
    except (RecursionError, ValueError):  # too deep for the C reader, or a NaN: the iterative reader decides
        return parse(text, comments=comments).data


def _no_constant(name: str) -> Any:
    """JSON.parse knows no NaN or Infinity: a file holding one is a file the harness cannot read."""
    raise ValueError(f"{name} is not JSON")


_COMMENT_OR_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|/\*(?:[^*]|\*(?!/))*(?:\*/|\Z)')


def blank_comments(text: str) -> str:
    """The text with every comment outside a string turned to spaces (line breaks kept), as Gemini CLI
    strips them before it parses."""
    return _COMMENT_OR_STRING.sub(_blank, text)


def _blank(match: re.Match[str]) -> str:
    found = match.group()
    return found if found[0] == '"' else re.sub(r"[^\r\n]", " ", found)


def parse(text: str, *, comments: bool) -> Document:
    """Read `text` as the harness does (comments only where `comments`); raise SettingsSyntaxError."""
    skip = _SPACE_AND_COMMENTS if comments else _SPACE
    length = len(text)
    stack: list[Node] = []
    root: Node | None = None
    pending_key: tuple[str, int] | None = None
    pos = skip.match(text, 0).end()  # type: ignore[union-attr]
    while True:
        node, pos = _value(text, pos)
        _attach(stack, node, pending_key)
        pending_key = None
        root = root or node
        if node.kind in ("object", "array"):
            pos = skip.match(text, pos).end()  # type: ignore[union-attr]
            if pos < length and text[pos] == _CLOSERS[node.kind]:
                node.end = pos + 1
                pos += 1
            else:
                stack.append(node)
                if node.kind == "object":
                    pending_key, pos = _key(text, pos, skip)
                continue
        while True:  # after a complete value: a comma, a closing bracket, or the end
            pos = skip.match(text, pos).end()  # type: ignore[union-attr]
            if not stack:
                if pos != length:
                    raise SettingsSyntaxError("unexpected text after the end of the settings", text, pos)
                return Document(text, root, comments)
            top = stack[-1]
            closer = _CLOSERS[top.kind]
            if pos >= length:
                raise SettingsSyntaxError(f"the text ends before the closing {closer!r}", text, pos)
            char = text[pos]
            if char == closer:
                top.end = pos + 1
                pos += 1
                stack.pop()
                continue
            if char != ",":
                raise SettingsSyntaxError(f"expected ',' or {closer!r}, found {char!r}", text, pos)
            top.commas.append(pos)
            pos = skip.match(text, pos + 1).end()  # type: ignore[union-attr]
            if pos < length and text[pos] == closer:
                raise SettingsSyntaxError("a trailing comma before the closing bracket", text, top.commas[-1])
            if top.kind == "object":
                pending_key, pos = _key(text, pos, skip)
            break


def _attach(stack: list[Node], node: Node, key: tuple[str, int] | None) -> None:
    if not stack:
        return
    parent = stack[-1]
    parent.children.append(node)
    if parent.kind == "object":
        assert key is not None
        parent.keys.append(key[0])
        parent.key_starts.append(key[1])
        parent.value[key[0]] = node.value
    else:
        parent.value.append(node.value)


def _key(text: str, pos: int, skip: re.Pattern[str]) -> tuple[tuple[str, int], int]:
    match = _STRING.match(text, pos)
    if match is None:
        raise SettingsSyntaxError("expected a member name in double quotes", text, pos)
    key = json.loads(match.group())
    pos = skip.match(text, match.end()).end()  # type: ignore[union-attr]
    if pos >= len(text) or text[pos] != ":":
        raise SettingsSyntaxError("expected ':' after the member name", text, pos)
    return (key, match.start()), skip.match(text, pos + 1).end()  # type: ignore[union-attr]


def _value(text: str, pos: int) -> tuple[Node, int]:
    if pos >= len(text):
        raise SettingsSyntaxError("the text ends where a value should be", text, pos)
    char = text[pos]
    if char == "{":
        return Node("object", pos, value={}), pos + 1
    if char == "[":
        return Node("array", pos, value=[]), pos + 1
    if char == '"':
        match = _STRING.match(text, pos)
        if match is None:
            raise SettingsSyntaxError("a string that is not closed or holds a raw control character", text, pos)
        return Node("string", pos, match.end(), json.loads(match.group())), match.end()
    match = _NUMBER.match(text, pos)
    if match and match.end() > pos:
        return Node("number", pos, match.end(), json.loads(match.group())), match.end()
    for word, value in _LITERALS.items():
        if text.startswith(word, pos):
            return Node("literal", pos, pos + len(word), value), pos + len(word)
    raise SettingsSyntaxError(f"unexpected {char!r} where a value should be", text, pos)


def walk(node: Node) -> Iterator[Node]:
    """Every node under `node`, without recursion."""
    todo = [node]
    while todo:
        current = todo.pop()
        yield current
        todo.extend(reversed(current.children))


# ---- edits: splice text, keep the rest ----------------------------------------------------------------


@dataclass(frozen=True)
class Edit:
    """Replace text[start:end] with `new`."""

    start: int
    end: int
    new: str


def apply(text: str, edits: list[Edit]) -> str:
    """The text with non-overlapping edits applied (any order given)."""
    out = []
    last = 0
    for edit in sorted(edits, key=lambda e: e.start):
        if edit.start < last:
            raise ValueError("overlapping edits")
        out.append(text[last : edit.start])
        out.append(edit.new)
        last = edit.end
    out.append(text[last:])
    return "".join(out)


def newline_of(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def indent_unit(text: str) -> str:
    """The indentation step the file uses (the smallest leading run of a line), else two spaces."""
    runs = [m.group(1) for m in re.finditer(r"\n([ \t]+)\S", text)]
    if not runs:
        return "  "
    shortest = min(runs, key=len)
    return "\t" if shortest.startswith("\t") else " " * max(1, min(len(r) for r in runs if not r.startswith("\t")))


def line_indent(text: str, pos: int) -> str:
    """The leading whitespace of the line holding `pos`."""
    start = text.rfind("\n", 0, pos) + 1
    match = re.match(r"[ \t]*", text[start:])
    return match.group() if match else ""


def render(value: Any, indent: str, unit: str, newline: str) -> str:
    """`value` as JSON in the file's own style, its first line unindented, the others at `indent`."""
    text = json.dumps(value, indent=unit if unit != "\t" else "\t", ensure_ascii=False)
    lines = text.split("\n")
    return newline.join([lines[0], *(indent + line for line in lines[1:])])


def rewrite(doc: Document, new: Any) -> str:
    """The document's text changed to hold `new`, touching only the parts whose value changed: an added
    member or item is inserted, a removed one cut out with its comma, a changed scalar replaced; the
    rest — comments included — stays byte for byte. A part whose shape changed is re-rendered whole."""
    edits: list[Edit] = []
    _diff(doc, doc.root, doc.root.value, new, edits)
    return apply(doc.text, edits)


def _same(old: Any, new: Any) -> bool:
    if old is new:
        return True
    try:
        return type(old) is type(new) and old == new
    except RecursionError:
        return False


def _diff(doc: Document, node: Node, old: Any, new: Any, edits: list[Edit]) -> None:
    if _same(old, new):
        return
    if node.kind == "object" and isinstance(new, dict) and isinstance(old, dict):
        _diff_object(doc, node, old, new, edits)
    elif node.kind == "array" and isinstance(new, list) and isinstance(old, list):
        _diff_array(doc, node, old, new, edits)
    else:
        edits.append(_replace(doc, node, new))


def _replace(doc: Document, node: Node, value: Any) -> Edit:
    text = doc.text
    indent = line_indent(text, node.start)
    return Edit(node.start, node.end, render(value, indent, indent_unit(text), newline_of(text)))


def _diff_object(doc: Document, node: Node, old: dict[str, Any], new: dict[str, Any], edits: list[Edit]) -> None:
    removed = [i for i, key in enumerate(node.keys) if key not in new]
    added = [key for key in new if key not in old]
    if removed and added:
        edits.append(_replace(doc, node, new))
        return
    for key in new:
        if key in old:
            child = node.member(key)
            assert child is not None
            _diff(doc, child, old[key], new[key], edits)
    if removed:
        edits.extend(_removals(node, removed))
    if added:
        edits.append(_insert_all(doc, node, [(key, new[key]) for key in added]))


def _diff_array(doc: Document, node: Node, old: list[Any], new: list[Any], edits: list[Edit]) -> None:
    if len(new) == len(old):
        for child, before, after in zip(node.children, old, new, strict=True):
            _diff(doc, child, before, after, edits)
        return
    if len(new) > len(old) and all(_same(a, b) for a, b in zip(old, new, strict=False)):
        edits.append(_insert_all(doc, node, [(None, item) for item in new[len(old) :]]))
        return
    kept = _subsequence(old, new)
    if kept is not None:
        edits.extend(_removals(node, [i for i in range(len(old)) if i not in kept]))
        return
    edits.append(_replace(doc, node, new))


def _subsequence(old: list[Any], new: list[Any]) -> set[int] | None:
    """The indices of `old` that, in order, are `new` (items only removed), or None."""
    kept: set[int] = set()
    i = 0
    for item in new:
        while i < len(old) and not _same(old[i], item):
            i += 1
        if i == len(old):
            return None
        kept.add(i)
        i += 1
    return kept


def _insert_all(doc: Document, container: Node, parts: list[tuple[str | None, Any]]) -> Edit:
    """One edit adding every part at the end of the container, each laid out like its siblings."""
    text = doc.text
    newline, unit = newline_of(text), indent_unit(text)

    def body(key: str | None, value: Any, indent: str) -> str:
        prefix = "" if key is None else f"{json.dumps(key, ensure_ascii=False)}: "
        return prefix + render(value, indent, unit, newline)

    if container.children:
        indent = line_indent(text, container.part_start(len(container.children) - 1))
        same_line = "\n" not in text[container.start : container.end]
        lead = " " if same_line else newline + indent
        end = container.children[-1].end
        trailing = _LINE_COMMENT.match(text, end) if doc.comments and not same_line else None
        if trailing:  # keep a comment on the last part's line with that part: the comma goes before it
            added = "".join(lead + body(key, value, indent) + "," for key, value in parts).removesuffix(",")
            return Edit(end, trailing.end(), "," + trailing.group() + added)
        added = "".join("," + lead + body(key, value, indent) for key, value in parts)
        return Edit(end, end, added)
    outer = line_indent(text, container.start)
    indent = outer + unit
    added = ("," + newline + indent).join(body(key, value, indent) for key, value in parts)
    return Edit(container.start + 1, container.end - 1, newline + indent + added + newline + outer)


def _removals(container: Node, indices: list[int]) -> list[Edit]:
    """Edits cutting the given parts out with their commas; runs of neighbours are cut as one."""
    count = len(container.children)
    if len(indices) == count:
        return [Edit(container.start + 1, container.end - 1, "")]
    runs: list[list[int]] = []
    for index in sorted(indices):
        if runs and runs[-1][-1] == index - 1:
            runs[-1].append(index)
        else:
            runs.append([index])
    edits = []
    for run in runs:
        first, last = run[0], run[-1]
        if last + 1 < count:
            edits.append(Edit(container.part_start(first), container.part_start(last + 1), ""))
        else:  # a trailing run: from the comma before it to its end
            edits.append(Edit(container.commas[first - 1], container.children[last].end, ""))
    return edits
