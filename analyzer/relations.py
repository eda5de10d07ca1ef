"""The decisive relation of an attribution-shaped phrase (SPEC §2.2).

The order is the contract: carve-outs first (a report or a rule citation is not a hand-over), then the
object form, and only when there is no object, the predicate form. A rule reads only its scope — the
phrase's sentence, or for a detached phrase the clause segment it comments on — never a wider window.
The rules themselves live one construction per function in analyzer/objects.py, analyzer/predicates.py
and analyzer/discourse.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.discourse import other_noun, report_of_decision, rule_citation
from analyzer.judgement import Carved, Judgement
from analyzer.lexicon import Lexicon
from analyzer.objects import after_phrase, fronted_topic, object_form, phrase_object
from analyzer.predicates import copular, judge_predicate, judge_segment, standalone
from analyzer.shapes import is_copular_attribute, is_detached, is_extraposed, owned_by_subject, preceding_segment
from analyzer.tokens import is_copula

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["Carved", "Judgement", "judge_attribution", "phrase_noun"]


def judge_attribution(phrase: Sequence[Token], lexicon: Lexicon) -> Judgement | Carved:
    """Judge one attribution-shaped phrase given its tokens in a parsed sentence."""
    noun = phrase_noun(phrase)
    carved = other_noun(noun) or report_of_decision(noun, phrase, lexicon) or rule_citation(noun, lexicon)
    if carved is not None:
        return carved
    rest = frozenset(t.i for t in noun.sent) - {t.i for t in phrase}
    if not is_extraposed(noun) and not owned_by_subject(noun):
        objects = phrase_object(noun, phrase)
        if objects:
            fronted = all(o.i < phrase[0].i for o in objects)
            return object_form(noun, objects, lexicon, rest if fronted else after_phrase(phrase, rest))
    if is_copular_attribute(noun) and not is_detached(phrase):
        return copular(noun.head, lexicon, rest, phrase_noun=noun)
    if is_detached(phrase):
        segment = preceding_segment(phrase)
        if not segment:
            return standalone(phrase)
        topic = fronted_topic(segment)
        if topic:
            return object_form(noun, topic, lexicon, frozenset(t.i for t in segment))
        return judge_segment(segment, lexicon)
    if noun.head.i == noun.i or not noun.head.is_alpha:
        return standalone(phrase)
    copula = _copula_over_complement(noun.head)
    if copula is not None:
        return copular(copula, lexicon, rest)
    return judge_predicate(_first_conjunct(noun.head), lexicon, rest)


def _copula_over_complement(governor: Token) -> Token | None:
    """'The merge itself is yours — your call once CI finishes': the phrase hangs on the copula's
    complement ('yours'); the copula is the relation. A past copula reports and is left out."""
    if governor.dep_ in ("attr", "acomp") and is_copula(governor.head) and governor.head.tag_ != "VBD":
        return governor.head
    return None


def _first_conjunct(governor: Token) -> Token:
    """'Squash — or rebase, if linear history matters — your call': the phrase hangs on the last
    alternative but closes the whole list, so it is governed by the coordination's head."""
    while governor.dep_ == "conj":
        governor = governor.head
    return governor


def phrase_noun(phrase: Sequence[Token]) -> Token:
    """The noun of the phrase ("call", "move", "steer"): its highest nominal token."""
    inside = {t.i for t in phrase}
    heads = [t for t in phrase if t.head.i not in inside or t.head.i == t.i]
    nominal = [t for t in heads if t.pos_ in ("NOUN", "PROPN", "PRON") and t.lower_ != "your"]
    if nominal:
        return nominal[0]
    non_possessive = [t for t in phrase if t.lower_ != "your" and not t.is_punct]
    return non_possessive[0] if non_possessive else phrase[-1]
