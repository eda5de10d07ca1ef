"""Approval of the agent's own plan asked as acceptability to the reader (docs/DESIGN.md#construction-classes, issue 28
phase 6): a word or verb of acceptability ('alright', 'okay', 'fine', 'sensible', 'sit well', 'work') whose
experiencer is the reader ('by you', 'with you', 'to you', 'for you'). The model often leaves the word off the copula
('Is this ordering okay by you?': okay -intj-> Is; 'Is splitting it this way alright by you?': the gerund as the root),
so the construction is read from the reader's prepositional phrase up to the predicate it names the experiencer of."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.grammar.closing_questions import POINTERS, Asked, _demonstrative_only, _judged
from analyzer.grammar.judgement import Judgement
from analyzer.grammar.registry import rule
from analyzer.parse.tokens import subject_of
from analyzer.terms import terms
from analyzer.text.questions import QUESTION

if TYPE_CHECKING:
    from spacy.tokens import Token

ACCEPTABLE = terms("asking", "acceptable")
VERBS = terms("acceptable-to-reader", "verbs")
MANNER = terms("acceptable-to-reader", "manner")
EXPERIENCER = terms("acceptable-to-reader", "experiencer")
# r35c: the verb of acceptability in the forms the model may read as a noun ('does that sizing work for you?').
WORKING = terms("acceptable-to-reader", "working")
PLAN_NOUNS = terms("asking", "plan_nouns")


@rule("acceptable-to-reader")
def acceptable_to_reader(asked: Asked) -> Judgement | None:
    """The reader's prepositional phrase first, then the acceptability it belongs to: the word it hangs on, or a word
    of acceptability beside it on the same predicate. What is accepted is the predicate's subject — a gerund root is
    the act itself ('splitting it this way') — judged like attribution: exempt when purely human-only work."""
    if asked.site.kind != QUESTION:
        return None
    words = asked.words
    for preposition in asked.tokens:
        if preposition.dep_ not in ("prep", "dative", "ROOT") or preposition.lower_ not in EXPERIENCER:
            continue
        if not any(c.dep_ == "pobj" and c.lower_ in words.reader for c in preposition.children):
            continue
        predicate = preposition.head
        word = _acceptability(predicate, words.approval)
        if word is None:
            # r35c: 'Is keeping the old column a while OK with you?', 'does that sizing work for you?' — the model hung
            # the reader's phrase on a noun, or read the verb of acceptability as a noun: the word right before it
            predicate = _word_before(preposition, words.approval)
            if predicate is not None and not _plan_before(predicate, asked):
                continue  # 'Is the production deploy window fine by you?': a thing's fitness, no plan of the agent's
            word = predicate.text if predicate is not None else None
        if word is None or predicate is None:
            continue
        subject = subject_of(predicate)
        act = _act_before(predicate, asked) if subject is None else None
        exclude: frozenset[int] = frozenset()
        if act is not None:
            # 'Is splitting it this way alright by you?': the act is the root; 'Does promoting build 812 to production
            # tonight look okay to you?': the model hangs the predicate on the act, which is judged without it
            accepted = [act]
            if act.i != predicate.i:
                exclude = frozenset(t.i for t in predicate.subtree)
        elif subject is not None and subject.lower_ not in words.reader and not _demonstrative_only(subject):
            accepted = [subject]
        else:
            accepted = []
        why = f"asks whether the agent's plan is acceptable to the reader ('{word}')"
        return _judged(asked, "acceptable-to-reader", why, accepted, exclude)
    return None


def _word_before(preposition: Token, approval: frozenset[str]) -> Token | None:
    """r35c: the word of acceptability read on the words in order: the word right before the reader's phrase is one
    ('OK with you', 'right with you'), or the verb 'work' the model read as a noun ('that sizing work for you')."""
    if preposition.i == 0:
        return None
    before = preposition.doc[preposition.i - 1]
    if before.lower_ in ACCEPTABLE | approval or before.lower_ in WORKING:
        return before
    return None


def _plan_before(word: Token, asked: Asked) -> bool:
    """r35c: read on the words in order, what stands between the question's opening copula or auxiliary and the word of
    acceptability is the agent's plan: nothing ('Okay with you?'), a pointer ('that sizing'), an act ('keeping the old
    column …') or a noun of a plan ('this approach'); after a verb of acceptability ('sit right with you') any
    subject."""
    region = [t for t in asked.tokens if t.i < word.i and not t.is_punct]
    if region and region[-1].lemma_.lower() in VERBS:
        return True  # 'Does the naming scheme sit right with you?': a verb of acceptability takes any subject
    if region and region[0].lower_ in asked.words.question_openers:
        region = region[1:]
    if not region:
        return True
    return (region[0].lower_ in POINTERS or any(t.tag_ == "VBG" and t.dep_ != "amod" for t in region)
            or any(t.lemma_.lower() in PLAN_NOUNS for t in region))  # fmt: skip


def _act_before(predicate: Token, asked: Asked) -> Token | None:
    """The gerund that names the act accepted when the predicate has no subject: the predicate itself, or the first
    gerund before it (the model reads a gerund subject as the root and hangs the predicate on it)."""
    if predicate.tag_ == "VBG":
        return predicate
    return next((t for t in asked.tokens if t.i < predicate.i and t.tag_ == "VBG" and t.dep_ != "amod"), None)


def _acceptability(predicate: Token, approval: frozenset[str]) -> str | None:
    """The word of acceptability the reader experiences: the predicate itself ('okay with you'), a child of it the model
    read as a complement, an adverb or an interjection ('okay' -intj-> Is), or a verb of acceptability with its manner
    ('sit well') or alone ('work for you')."""
    accepting = ACCEPTABLE | approval
    if predicate.lower_ in accepting:
        return predicate.text
    subjects = [c for c in predicate.children if c.dep_ == "nsubj"]
    for child in predicate.children:
        if child.dep_ in ("acomp", "advmod", "intj", "oprd", "attr") and child.lower_ in accepting:
            return child.text
        if child.dep_ == "nsubj" and child.lower_ in accepting and child.i > subjects[0].i:
            return child.text  # r33b: 'Is this module boundary fine by you?' — the word read as a second subject
    lemma = predicate.lemma_.lower()
    if lemma in VERBS:
        manner = next((c for c in predicate.children if c.dep_ == "advmod" and c.lower_ in MANNER), None)
        if manner is not None:
            return f"{predicate.text} {manner.text}"
        if lemma == "work":
            return predicate.text
    return None
