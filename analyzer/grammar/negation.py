"""Relation-scoped negation: only a negation inside the relation that supplies an exemption cancels it.

"The merge isn't yours" negates the copula that hands the merge over; "the merge is yours though CI is
not green" carries its negation on the subordinate clause, a different proposition, and stays exempt.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from analyzer.grammar.registry import apply, rule
from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import CLAUSAL_DEPS, SUBJECT_DEPS

if TYPE_CHECKING:
    from spacy.tokens import Token

# Direct dependents that stay inside the predicate's own proposition.
_SKIP = CLAUSAL_DEPS | {"mark", "punct", "cc", "prep", "npadvmod", "appos", "dep"}


def negation_of(predicate: Token, complements: Iterable[Token], lexicon: Lexicon) -> Token | None:
    """The negation cue of the relation: the first the [[modifier]] rows at `relation-negation` find."""
    found: Token | None = apply("relation-negation", predicate, tuple(complements), lexicon)
    return found


@rule("relation-negation")
def relation_negation(predicate: Token, complements: Iterable[Token], lexicon: Lexicon) -> Token | None:
    """Looks at the predicate's own negation and adverbs, its complements, and negative quantifiers as its subject
    or their determiner; a cue set against the phrase (the [[modifier]] rows at `contrast`) is skipped."""
    for token in (predicate, *complements):
        cue = _own_negation(token, lexicon)
        if cue is not None:
            return cue
    for child in predicate.children:
        if child.dep_ in SUBJECT_DEPS:
            if _is_negative(child, lexicon):
                return child
            det = next((d for d in child.children if d.dep_ in ("det", "preconj") and _is_negative(d, lexicon)), None)
            if det is not None:
                return det
    return None


def _own_negation(token: Token, lexicon: Lexicon) -> Token | None:
    for child in token.children:
        if child.dep_ in _SKIP or child.dep_ in SUBJECT_DEPS:
            continue
        if child.dep_ == "neg" or (child.dep_ in ("advmod", "det") and _is_negative(child, lexicon)):
            if apply("contrast", child, token, lexicon):
                continue
            return child
        if child.dep_ == "advmod":
            inner = next((g for g in child.children if g.dep_ == "neg" or _is_negative(g, lexicon)), None)
            if inner is not None:
                return inner
    return None


def _is_negative(token: Token, lexicon: Lexicon) -> bool:
    return token.lower_.replace("’", "'") in lexicon.negation or token.lemma_.lower() in lexicon.negation


@rule("contrastive-not")
def contrastive_not(cue: Token, head: Token, lexicon: Lexicon) -> bool:
    """Only a cue after a comma or dash and before an owner (a pronoun, a name, or a possessive within three words):
    '…, not this time' still negates."""
    doc = cue.doc
    if cue.i <= head.i or cue.i + 1 >= cue.sent.end or doc[cue.i - 1].text not in (",", "—", "–", "--"):
        return False
    after = doc[cue.i + 1]
    if after.lower_ in lexicon.contrast_owners or after.pos_ == "PROPN":
        return True
    following = doc[cue.i + 1 : min(cue.i + 4, cue.sent.end)]
    return after.lower_ in ("the", "my", "our") and any(t.tag_ == "POS" for t in following)


@rule("whether-or-not")
def whether_or_not(cue: Token, head: Token, lexicon: Lexicon) -> bool:
    """'not' right after 'whether … or' names the other alternative of the question, it denies nothing."""
    doc = cue.doc
    if cue.i < 2 or doc[cue.i - 1].lower_ != "or":
        return False
    start = cue.sent.start
    return any(t.lower_ == "whether" for t in doc[max(start, cue.i - 8) : cue.i - 1])
