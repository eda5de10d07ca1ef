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
    governor = noun.head
    if governor.dep_ in ("attr", "acomp") and is_copula(governor.head) and governor.head.tag_ != "VBD":
        return copular(governor.head, lexicon, rest)  # 'the merge is yours — your call once CI finishes'
    while governor.dep_ == "conj" and governor.head.i != governor.i:
        governor = governor.head  # 'Squash — or rebase, if … — your call': the phrase closes the whole list
    return judge_predicate(governor, lexicon, rest)


def phrase_noun(phrase: Sequence[Token]) -> Token:
    """The noun of the phrase ("call", "move", "steer"): its highest nominal token."""
    inside = {t.i for t in phrase}
    heads = [t for t in phrase if t.head.i not in inside or t.head.i == t.i]
    nominal = [t for t in heads if t.pos_ in ("NOUN", "PROPN", "PRON") and t.lower_ != "your"]
    if nominal:
        return nominal[0]
    non_possessive = [t for t in phrase if t.lower_ != "your" and not t.is_punct]
    return non_possessive[0] if non_possessive else phrase[-1]
