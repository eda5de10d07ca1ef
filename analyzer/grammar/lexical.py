"""The gates read from the words alone, for when no model is available (docs/DESIGN.md#failure): each gate row's
`without_parse` names one of these, so a gate without a parse is decided by its row, not by its name."""

from __future__ import annotations

import re

from analyzer.grammar.judgement import Judgement, Ruling, gated
from analyzer.grammar.register.context import Context, answered, following_sentence
from analyzer.grammar.registry import fallback
from analyzer.lexicon import Lexicon
from analyzer.text.carveouts import Views

_NEXT_WORD = re.compile(r"\s*([\w'’-]+|[^\w\s]|$)")
_LEXICAL_END = re.compile(r"[.!?;](?=\s|$)|\n")


@fallback("as-found")
def as_found(gate: str, text: str, start: int, end: int, lexicon: Lexicon, views: Views) -> Judgement | None:
    """Without a parse the gate's construction cannot be told from its near misses: the phrase fires."""
    return gated("fire", gate, f"fires ({gate}, lexical fallback, no parse): '{text[start:end]}' was found")


@fallback("skipped")
def skipped(gate: str, text: str, start: int, end: int, lexicon: Lexicon, views: Views) -> Judgement | None:
    """An attribution phrase said another way ('to you', 'let you') is no hand-over until its construction is read,
    as the phrase table's phrases are skipped without a parse (docs/DESIGN.md#failure): no finding."""
    return None


@fallback("question")
def question(gate: str, text: str, start: int, end: int, lexicon: Lexicon, views: Views) -> Judgement | None:
    """A question gate needs its question mark ('let …' asks without one) and no answer after it."""
    sentence_end = _LEXICAL_END.search(text, end)
    asked = sentence_end is not None and sentence_end.group() == "?"
    if not asked and not text[start:end].lower().startswith("let"):
        return None
    if answered(Context(following_sentence(views, end)), "", lexicon):
        return None
    return as_found(gate, text, start, end, lexicon, views)


@fallback("closes-clause")
def closes_clause(gate: str, text: str, start: int, end: int, lexicon: Lexicon, views: Views) -> Judgement | None:
    """The next word decides: nothing of the clause after the phrase, it fires; words after it, it passes."""
    following = _following_word(text, end)
    closes = _closes(following)
    verdict: Ruling = "fire" if closes else "exempt"
    why = "closes its clause" if closes else f"continues into '{following}'"
    return _read(verdict, gate, why)


@fallback("open-or-alternative")
def open_or_alternative(
    gate: str, text: str, start: int, end: int, lexicon: Lexicon, views: Views
) -> Judgement | None:
    """The next word decides: nothing, or an indefinite alternative, fires; anything else names a condition."""
    following = _following_word(text, end)
    verdict: Ruling = "fire" if _closes(following) or following in lexicon.indefinite_alternatives else "exempt"
    why = "leaves what is wanted open or names an alternative" if verdict == "fire" else "names a condition"
    return _read(verdict, gate, why)


def _following_word(text: str, end: int) -> str:
    m = _NEXT_WORD.match(text, end)
    return (m.group(1) if m else "").lower().replace("’", "'")


def _closes(following: str) -> bool:
    return following == "" or not (following[0].isalnum() or following[0] == "_")


def _read(verdict: Ruling, gate: str, why: str) -> Judgement:
    word = "fires" if verdict == "fire" else "passes"
    return gated(verdict, gate, f"{word} (lexical fallback, no parse): the phrase {why}")
