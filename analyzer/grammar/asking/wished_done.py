"""The reader's wish for the agent's work done, asked of an open choice (docs/DESIGN.md#construction-classes): 'Any of
these you want tackled?', 'Anything here you'd like fixed first?', 'Anything on the list you want handled before the
demo?' — an indefinite or 'which' opens the question, and the reader's wish governs a participle of the work done to
what it picks. The model reads these many ways (the wish as an interjection, an auxiliary, a parataxis), so the
construction is read on its words in order; what is done is judged like attribution ('Any of these you want merged?'
is the merge decision)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.grammar.closing_questions import Asked, _judged
from analyzer.grammar.judgement import Judgement
from analyzer.grammar.registry import rule
from analyzer.terms import terms
from analyzer.text.questions import QUESTION

if TYPE_CHECKING:
    from spacy.tokens import Token

OPENINGS = terms("wished-done", "openings")
WISHES = terms("wished-done", "wishes")
BETWEEN = terms("wished-done", "between")


@rule("wished-done")
def wished_done(asked: Asked) -> Judgement | None:
    """The question opens with an open word of choice; a past participle follows 'you', maybe a modal, and a verb of
    wishing; the participle with what it picks is judged, the reader and the wish left out."""
    if asked.site.kind != QUESTION:
        return None
    tokens = asked.tokens
    if not tokens or tokens[0].lower_ not in OPENINGS:
        return None
    for k, done in enumerate(tokens):
        if done.tag_ != "VBN" or done.lemma_.lower() in ("be", "have"):
            continue
        wish = _wish_before(tokens, k)
        if wish is None:
            continue
        left_out = frozenset(t.i for t in tokens[:k] if t.i >= wish[0].i)
        picked = [done] if tokens[0].head.i == done.i else [done, tokens[0]]
        asked_as = f"'{tokens[0].text} … you {wish[-1].text}'"
        why = f"asks which of the agent's work the reader wants '{done.text}' ({asked_as})"
        return _judged(asked, "wished-done", why, picked, exclude=left_out)
    return None


def _wish_before(tokens: list[Token], k: int) -> list[Token] | None:
    """'you want', 'you'd like', 'you would want' right before the participle: the words, or None."""
    j = k - 1
    if j < 1 or tokens[j].lemma_.lower() not in WISHES:
        return None
    wish = tokens[j]
    j -= 1
    while j >= 0 and tokens[j].lower_.replace("’", "'") in BETWEEN:
        j -= 1
    if j < 0 or tokens[j].lower_ != "you":
        return None
    return [tokens[j], wish]
