"""A human-only decision named by a copula's attribute (r38l, docs/DESIGN.md#construction-classes).

"I'll let you choose between the Team and Business plans; that's a billing change I can't make.", "Whether we can
ship it is a legal question — yours to decide.": the hand-over's own words name nothing human-only, but the copula
beside it says what the decision is — a noun of deciding or acting that a domain word modifies ('a billing change', 'a
legal question'), or a domain's own term. The copula must carry the hand-over (an ancestor of the phrase) or follow it
with a demonstrative subject that stands for what is decided; a copula anywhere else says nothing of this decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import DEMONSTRATIVES, forms, is_copula, subject_of, words_of
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token

DECISION_NOUNS = terms("decision-named", "decision_nouns")
MODIFIER_DEPS = frozenset({"compound", "amod", "nmod"})


def named_decision(phrase: Sequence[Token], lexicon: Lexicon) -> tuple[Token, str] | None:
    """The attribute that names the human-only decision the phrase hands over, with its domain; None when no copula
    beside the phrase names one, or the agent's work is named with it."""
    first = phrase[0]
    for cop in (t for t in first.sent if is_copula(t) and t.tag_ != "VBD"):
        if not (_carries(cop, phrase) or _follows_with_pointer(cop, phrase)):
            continue
        for attr in (c for c in cop.children if c.dep_ == "attr" and c.pos_ in ("NOUN", "PROPN")):
            domain = attribute_domain(attr, lexicon)
            if domain is not None:
                return attr, domain
    return None


def attribute_domain(noun: Token, lexicon: Lexicon) -> str | None:
    """'a billing change': a decision noun (or one of the domain's acts) whose modifier is a domain word; 'a legal
    question': a domain term ending at the noun. A modifier that is agent work ('a docs change') names no domain."""
    modifiers = [c for c in noun.children if c.dep_ in MODIFIER_DEPS and c.i < noun.i]
    if any(forms(m) & lexicon.agent_work for m in modifiers):
        return None
    for _, names in words_of([noun]):
        domain = next((d for n in names if (d := lexicon.domain_of(n))), None)
        if domain is not None:
            return domain
    head = noun.lemma_.lower()
    for m in modifiers:
        domain = next((d for n in forms(m) if (d := lexicon.domain_of(n))), None)
        if domain is not None and (head in DECISION_NOUNS or head in lexicon.acts_of(domain)):
            return domain
    return None


def _carries(cop: Token, phrase: Sequence[Token]) -> bool:
    """The phrase hangs under the copula ('is a legal question — yours to decide')."""
    return any(cop in t.ancestors for t in phrase)


def _follows_with_pointer(cop: Token, phrase: Sequence[Token]) -> bool:
    """'…; that's a billing change I can't make': a demonstrative subject after the phrase stands for what it hands
    over."""
    subject = subject_of(cop)
    return subject is not None and subject.lower_ in DEMONSTRATIVES and subject.i > phrase[-1].i

