"""Disclaimers (docs/DESIGN.md#decisive-relation, revision 2): the agent denies its own ownership of a decision, which
hands it to the reader — "the squash isn't mine to decide", "not my call". The negation there belongs to the
disclaimer, not to the hand-over, so it does not cancel the exemption."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.grammar.negation import negation_of
from analyzer.lexicon import Lexicon

if TYPE_CHECKING:
    from spacy.tokens import Token


def disclaimed(cop: Token, complements: Sequence[Token], lexicon: Lexicon, scope: frozenset[int]) -> Token | None:
    """A negated copula whose complement is the agent's own ownership ('mine', 'my call', 'mine to decide', 'up to
    me', lexicon `disclaimers`) is copular ownership for the reader: the complement it returns stands for the owner.
    """
    if negation_of(cop, complements, lexicon) is None:
        return None
    for complement in complements:
        words = " ".join(t.lower_.replace("’", "'") for t in complement.subtree if t.i in scope and not t.is_punct)
        if complement.lower_ in lexicon.disclaimers or any(
            words == d or words.startswith(d + " ") for d in lexicon.disclaimers
        ):
            return complement
    return None
