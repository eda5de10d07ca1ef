"""`analyze --tree`: a relation as an indented dependency listing, its roles marked."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from analyzer.explain.relations import Arc, Relation, head_position
from analyzer.explain.report_text import Palette, quoted

if TYPE_CHECKING:
    from spacy.tokens import Token




def tree_text(rel: Relation, palette: Palette) -> str:
    """An indented dependency listing (token, lemma, POS, dep → head) with the finding's roles marked."""
    order = list(preorder(rel.tokens))
    rows = [_tree_row(rel, position, depth) for position, depth in order]
    widths = [max(len(row[i]) for row in [_TREE_HEADER, *rows]) for i in range(len(_TREE_HEADER))]
    header = palette.paint(_columns(_TREE_HEADER, widths).rstrip(), "dim")
    lines = [f"    sentence  {quoted(rel.sentence)}", f"    {header}"]
    for (position, _), row in zip(order, rows, strict=True):
        marks = rel.roles[position]
        line = _columns(row, widths) + (f"  ◀ {', '.join(marks)}" if marks else "")
        lines.append("    " + (palette.paint(line, "mark") if marks else line.rstrip()))
    lines += [f"    arc       {_arc_text(rel, arc)}" for arc in rel.arcs]
    return "\n".join(lines)


_TREE_HEADER = ("#", "token", "lemma", "POS", "dep → head")


def _tree_row(rel: Relation, position: int, depth: int) -> tuple[str, ...]:
    """The cells of one listing row; the indent of the token cell shows its depth in the tree."""
    token = rel.tokens[position]
    head = head_position(rel.tokens, position)
    link = "ROOT" if head == position else f"{token.dep_} → {_word_at(rel, head)}"
    return (str(position), "  " * depth + rel.words[position], token.lemma_, token.pos_, link)


def _word_at(rel: Relation, position: int | None) -> str:
    """A word with its position, so repeated words stay apart; a head outside the sentence is named so."""
    return "(outside)" if position is None else f"{rel.words[position]}#{position}"


def _arc_text(rel: Relation, arc: Arc) -> str:
    """An analyzer arc in words, for the listing (the picture draws it)."""
    return f"{_word_at(rel, arc.source)} → {_word_at(rel, arc.target)}  ({arc.label})"


def _columns(cells: Sequence[str], widths: Sequence[int]) -> str:
    """Left-aligned columns, so the listing reads as a table."""
    return "  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True))


def preorder(tokens: Sequence[Token]) -> Iterator[tuple[int, int]]:
    """(position, depth) of every shown token, each head before its dependents, dependents in text order."""
    roots = [p for p in range(len(tokens)) if head_position(tokens, p) in (p, None)]
    yield from (item for root in roots for item in _subtree(tokens, root, 0))


def _subtree(tokens: Sequence[Token], position: int, depth: int) -> Iterator[tuple[int, int]]:
    """A token, then its shown dependents' subtrees: the recursion behind `preorder`."""
    yield position, depth
    offset = tokens[0].i
    for child in tokens[position].children:
        if 0 <= child.i - offset < len(tokens):
            yield from _subtree(tokens, child.i - offset, depth + 1)
