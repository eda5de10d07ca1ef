"""Classify an attribution-shaped phrase (docs/DESIGN.md#decisive-relation): the phrase table of grammar.toml, walked in
order.

The order is the contract: carve-outs first (a report or a rule citation is not a hand-over), then the
object form, and only when there is no object, the predicate that governs the phrase (judged by the
relation table, relation_rules.py). A rule reads only its scope — the phrase's sentence, or for a
detached phrase the clause segment it comments on — never a wider window. Each rule here names its
construction and hands the work to the construction's functions in discourse.py,
objects.py and relation_rules.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING

from analyzer.grammar.discourse import moved_noun, other_noun, report_of_decision, rule_citation
from analyzer.grammar.judgement import Judgement, text_of, verdict_of
from analyzer.grammar.objects import after_phrase, object_form, phrase_object
from analyzer.grammar.reference import act_of_sentence, sentence_before
from analyzer.grammar.register.bound_before import bound_before
from analyzer.grammar.registry import apply, rule, table, walk
from analyzer.grammar.relation_rules import RelationSite, attribute_ownership, judge_relation, relation_of_segment
from analyzer.grammar.verdicts import standalone_judgement
from analyzer.grammar.work import Work, work_of
from analyzer.lexicon import Lexicon
from analyzer.parse.shapes import (
    DECISION_MARKS,
    is_detached,
    is_extraposed,
    owned_by_subject,
    preceding_segment,
    segment_before,
)
from analyzer.parse.tokens import ROW_KEY, bounds, is_copula, sentence_start, subject_of, tops
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["PhraseSite", "classify_phrase", "phrase_noun"]


class PhraseSite:
    """An attribution phrase in its parsed sentence, with what the phrase rules ask of it computed once."""

    def __init__(self, phrase: Sequence[Token], lexicon: Lexicon) -> None:
        self.phrase = phrase
        self.lexicon = lexicon
        self.noun = phrase_noun(phrase)

    @cached_property
    def rest(self) -> frozenset[int]:
        """The phrase's sentence without the phrase: the scope a relation may read."""
        return frozenset(t.i for t in self.noun.sent) - {t.i for t in self.phrase}

    @cached_property
    def detached(self) -> bool:
        return is_detached(self.phrase)

    @cached_property
    def segment(self) -> list[Token]:
        """What a detached phrase comments on: the clause segment before it ([] when not detached)."""
        return preceding_segment(self.phrase) if self.detached else []


def classify_phrase(phrase: Sequence[Token], lexicon: Lexicon) -> Judgement:
    """Classify one attribution-shaped phrase given its tokens in a parsed sentence: the first phrase
    rule that applies decides (a carve-out, an exemption, or a firing with its reason)."""
    return walk(table("phrase"), PhraseSite(phrase, lexicon))


@rule("compound-noun")
def compound_noun(site: PhraseSite) -> Judgement | None:
    """Reads only the noun's own arc (discourse.other_noun): what else the sentence says plays no part."""
    return other_noun(site.noun)


@rule("noun-of-motion")
def noun_of_motion(site: PhraseSite) -> Judgement | None:
    """Read off the noun's own prepositions (discourse.moved_noun), before any relation: a noun phrase hands nothing
    over, whatever governs it."""
    return moved_noun(site.noun, site.lexicon)


@rule("report-of-decision")
def report_of_a_decision(site: PhraseSite) -> Judgement | None:
    """A carve-out read before the object and the relation, so a decision already taken is no hand-over whatever
    follows it (discourse.report_of_decision)."""
    return report_of_decision(site.noun, site.phrase, site.lexicon)


@rule("rule-citation")
def citation_of_a_rule(site: PhraseSite) -> Judgement | None:
    """Read on the noun's ancestors (discourse.rule_citation), so the citation may stand anywhere before the phrase
    in its clause."""
    return rule_citation(site.noun, site.lexicon)


@rule("object-form")
def own_object(site: PhraseSite) -> Judgement | None:
    """An extraposed or subject-owned noun has no object of its own. A fronted object is judged in the whole
    sentence's scope, one after the phrase only in what follows it; without either, a detached phrase's segment may
    be a fronted topic (the [[correction]] rows at `fronted-topic`)."""
    noun, phrase = site.noun, site.phrase
    if not is_extraposed(noun) and not owned_by_subject(noun):
        objects = phrase_object(noun, phrase)
        if objects:
            fronted = all(o.i < phrase[0].i for o in objects)
            return object_form(noun, objects, site.lexicon, site.rest if fronted else after_phrase(phrase, site.rest))
    topic = apply("fronted-topic", site.segment) if site.segment else []
    if topic:
        return object_form(noun, topic, site.lexicon, frozenset(t.i for t in site.segment))
    return None


@rule("attribute-ownership")
def copular_attribute(site: PhraseSite) -> Judgement | None:
    """Not for a detached phrase: a comment set off by punctuation is judged by the segment before it."""
    if is_copular_attribute(site.noun) and not site.detached:
        judged = attribute_ownership(site.noun.head, site.noun, site.lexicon, site.rest)
        if judged.verdict != "fire":
            return judged
        # r33d (docs/DESIGN.md#construction-classes, a pro-form subject): a subject that names nothing of its own
        # ('whether to go ahead', 'whether and when') stands for the act the clause or sentence before names
        return bound_before(site.phrase, site.lexicon) or judged
    return None


@rule("named-before")
def named_before(site: PhraseSite) -> Judgement | None:
    """Only for a phrase alone in its sentence, whose parse holds what came before it (the engine widens the unit:
    analyzer.text.layout.named_before): a table row's first cell, or the sentence before. Only an exemption is
    decided here; anything else is left to `standalone`."""
    doc = site.noun.doc
    sentence = doc[sentence_start(site.noun) : site.noun.sent.end]
    inside = {t.i for t in site.phrase}
    if any(not t.is_punct and t.i not in inside for t in sentence):
        return None
    if doc.user_data.get(ROW_KEY):  # the row's other cells: any of them names the decision
        earlier = [s for s in doc.sents if s.end <= sentence.start and any(t.is_alpha for t in s)]
        named = [t for s in earlier for t in [s.root]]
        judged = [(topic, *_work_named(topic, site.lexicon)) for topic in named]
    else:  # the act the sentence before names (analyzer.grammar.reference)
        before = sentence_before(site.noun)
        act = act_of_sentence(before) if before is not None else []
        judged = [_work_of_act(act, site.lexicon)] if act else []
    human = [(topic, work, scope) for topic, work, scope in judged if work.human_only]
    if not human or any(work.agent_words for _, work, _ in judged):
        return None
    topic, work, scope = human[0]
    span = bounds(t for t in topic.subtree if t.i in scope)
    return verdict_of(work, "object", "named-before", f"what is named before it, '{text_of(topic, span)}',", span,
                      topic.i, None)  # fmt: skip


@rule("bound-before")
def bound_to_the_act_before(site: PhraseSite) -> Judgement | None:
    """r31d: a phrase whose own clause names nothing — after the agent declining to guess ('I won't presume on that:
    your call.') or alone after a clause of its own sentence — takes the act the nearest clause before it names
    (analyzer.grammar.register.bound_before). Only an exemption is decided here."""
    return bound_before(site.phrase, site.lexicon)


def _work_of_act(act: list[Token], lexicon: Lexicon) -> tuple[Token, Work, frozenset[int]]:
    """The act a sentence names, judged as one stretch headed by its top word."""
    scope = frozenset(t.i for t in act)
    top = next(t for t in act if t.head.i not in scope or t.head.i == t.i)
    return top, work_of([top], lexicon, scope), scope


def _work_named(topic: Token, lexicon: Lexicon) -> tuple[Work, frozenset[int]]:
    sentence = topic.sent
    scope = frozenset(t.i for t in topic.subtree if sentence.start <= t.i < sentence.end)
    return work_of([topic], lexicon, scope), scope


# r38l: the emphasis marks a label or a phrase may carry ('**your call**').
LABEL_MARKUP = terms("decision-named", "label_markup")


@rule("label-topic")
def label_topic(site: PhraseSite) -> Judgement | None:
    """r38l (docs/DESIGN.md#construction-classes): '- IAM grant to the prod service account: **your call**, I can't
    apply IAM in prod' — a phrase right after the colon of a label (a verbless noun phrase opening its line or
    sentence) hands over what the label names, whatever the model hung the phrase on. Only an exemption is decided
    here; a label naming the agent's work is left to the rows after it."""
    doc = site.noun.doc
    k = site.phrase[0].i - 1
    while k >= 0 and doc[k].text in LABEL_MARKUP:
        k -= 1
    if k <= 0 or doc[k].text != ":":
        return None
    start = sentence_start(site.noun)
    label = [t for t in doc[start:k] if not t.is_punct and not t.is_space and t.text not in LABEL_MARKUP]
    if not label or any(t.pos_ in ("VERB", "AUX") and t.dep_ not in ("amod", "compound") for t in label):
        return None
    scope = frozenset(t.i for t in label)
    top = next((t for t in label if t.head.i not in scope or t.head.i == t.i), label[0])
    work = work_of([top], site.lexicon, scope)
    if not work.human_only:
        return None
    shown = text_of(top, bounds(label))
    return verdict_of(work, "object", "label-topic", f"what the label before it names, '{shown}',",
                      bounds(label), top.i, None)  # fmt: skip


@rule("standalone")
def nothing_named(site: PhraseSite) -> Judgement | None:
    """A governor that is punctuation or a symbol names nothing either."""
    if site.detached:
        alone = not site.segment
    else:
        governor = site.noun.head
        alone = governor.i == site.noun.i or not governor.is_alpha
    return standalone_judgement(site.phrase) if alone else None


@rule("detached-comment")
def detached_comment(site: PhraseSite) -> Judgement | None:
    """Only the segment back to the last ';', ':' or dash: a comment never reaches into another clause. A segment
    with no word left to head it (', the the, your call') is no clause to comment on: the next row judges."""
    if not site.detached or not tops(apply("detached-segment", site.segment)):
        return None
    return relation_of_segment(site.segment, site.lexicon)


@rule("governing-predicate")
def governing_predicate(site: PhraseSite) -> Judgement:
    """The table's last row, so it always decides. A copula found over a complement (the rows at `governing-copula`)
    is judged as copular; any other governor first passes the rows at `governor`."""
    governor = site.noun.head
    copula = apply("governing-copula", governor)
    if copula is not None:
        return judge_relation(RelationSite(copula, site.lexicon, site.rest, copular=True))
    return judge_relation(RelationSite(apply("governor", governor), site.lexicon, site.rest))


def is_copular_attribute(noun: Token) -> bool:
    """The phrase is what a copula says of its subject: its attr, or what the [[correction]] rows at
    `copular-attribute` find."""
    head = noun.head
    if head.i == noun.i or not is_copula(head):
        return False
    return noun.dep_ == "attr" or apply("copular-attribute", noun)


@rule("question-order")
def question_order(noun: Token) -> bool:
    """Only with the copula first and its subject between it and the phrase: the order of a question."""
    head = noun.head
    subject = subject_of(head)
    return noun.dep_ in ("npadvmod", "dep", "dobj") and subject is not None and head.i < subject.i < noun.i


@rule("subject-after-mark")
def subject_after_mark(noun: Token) -> bool:
    """A statement only, with nothing before the copula but its decision mark and the words it asks about: the
    model read the complement as a subject standing after its copula."""
    head = noun.head
    before = [c for c in head.children if c.i < head.i]
    segment = segment_before(head)
    last = next((t for t in reversed(list(head.sent)) if not t.is_space), None)
    return (
        noun.dep_ == "nsubj"
        and head.i < noun.i
        and bool(segment)
        and segment[0].lower_ in DECISION_MARKS
        and not any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in before)
        and (last is None or last.text != "?")
    )


@rule("copula-over-complement")
def copula_over_complement(governor: Token) -> Token | None:
    """A past copula (VBD) reports, so it is not taken for the relation."""
    if governor.dep_ in ("attr", "acomp") and is_copula(governor.head) and governor.head.tag_ != "VBD":
        return governor.head
    return None


@rule("first-conjunct")
def first_conjunct(governor: Token) -> Token:
    """Climbs every conj arc, so a list of any length is governed by its first member."""
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

