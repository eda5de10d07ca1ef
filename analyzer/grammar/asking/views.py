"""Approval of the agent's own plan beyond 'look right' (docs/DESIGN.md#construction-classes): the reader's view of the
plan asked for — how it strikes them, what they think of it, whether it makes sense or appeals to them — and the
reader's change to it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.grammar.closing_questions import Asked, _judged
from analyzer.grammar.judgement import Judgement
from analyzer.grammar.registry import rule
from analyzer.parse.tokens import DEMONSTRATIVES, subject_of
from analyzer.terms import terms
from analyzer.text.questions import QUESTION

if TYPE_CHECKING:
    from spacy.tokens import Token

OPINION_VERBS = terms("asking", "opinion_verbs")
SENSE_NOUNS = terms("asking", "sense_nouns")
PLAN_NOUNS = terms("asking", "plan_nouns")
LIKING = terms("asking", "liking")
PREFERRING = terms("asking", "preferring")
DEGREES = terms("asking", "degrees")
CHANGE_VERBS = terms("asking", "change_verbs")
INDEFINITES = terms("asking", "indefinites")
# Words that point at the agent's own plan or work: 'that', 'this plan', 'these changes', 'it'.
POINTING = DEMONSTRATIVES | {"these", "those", "it"}


@rule("view-question")
def view_question(asked: Asked) -> Judgement | None:
    """Each shape reads one predicate: a perception verb under 'how' or with 'like a plan', 'make sense', an opinion
    verb whose subject is the reader with what it is about, or a verb of liking with the reader named. What the
    reader's view is asked of — the subject of a perception verb, a plan pointed at or named, an 'of' or 'about'
    object — is what is judged; whether a thing of its own makes sense ('Does the error make sense?') asks a fact."""
    if asked.site.kind != QUESTION:
        return None
    words = asked.words
    tokens = asked.tokens
    for predicate in tokens:
        lemma = predicate.lemma_.lower()
        if lemma in words.perception_verbs and (_opens_with(asked, "how") or _like_a_plan(predicate)):
            shape = f"asks how the agent's plan strikes the reader ('{predicate.text}')"
        elif lemma == "make" and any(c.dep_ == "dobj" and c.lower_ in SENSE_NOUNS for c in predicate.children):
            shape = "asks whether the agent's plan makes sense to the reader"
        elif lemma in OPINION_VERBS and _reader_is_subject(predicate, words.reader):
            about = _about(predicate)
            if about:
                return _judged(asked, "view-question", f"asks what the reader thinks ('{predicate.text}')", about)
            if _bare_view(predicate, words.wh_words):  # issue 28: 'What do you think?' of what the message proposed
                return _judged(asked, "view-question", f"asks what the reader thinks ('{predicate.text}') of what "
                               "the message proposes", [])  # fmt: skip
            continue  # 'What do you think caused the drift?': the reader's view of a fact
        elif predicate.lower_ in LIKING and any(t.lower_ in words.reader for t in tokens):
            shape = f"asks which of the agent's options appeals to the reader ('{predicate.text}')"
            return _judged(asked, "view-question", shape, [])
        elif predicate.lower_ in PREFERRING and _reader_is_subject(predicate, words.reader) and _among(predicate):
            # issue 28: 'Which of these three layouts do you like best?'
            shape = f"asks which of the agent's options the reader prefers ('{predicate.text}')"
            return _judged(asked, "view-question", shape, [])
        else:
            continue
        subject = subject_of(predicate)
        perceived = lemma in words.perception_verbs  # how a thing strikes the reader is their judgement of it
        if subject is not None and not perceived and not _points_at_plan(subject, words.reader):
            return None  # 'Does the error make sense?': whether a thing of its own is clear, a fact
        judged = [subject] if subject is not None and subject.lower_ not in POINTING else []
        return _judged(asked, "view-question", shape, judged)
    return None


@rule("change-question")
def change_question(asked: Asked) -> Judgement | None:
    """The reader as the subject of a verb of change whose object is left open ('anything', 'something'), asked
    outright or in a relative clause on the open word ('Anything you'd change in the plan?')."""
    if asked.site.kind != QUESTION:
        return None
    for verb in asked.tokens:
        if verb.lemma_.lower() not in CHANGE_VERBS or not _reader_is_subject(verb, asked.words.reader):
            continue
        opened = any(c.dep_ == "dobj" and c.lower_ in INDEFINITES for c in verb.children)
        relative = verb.dep_ == "relcl" and verb.head.lower_ in INDEFINITES
        if opened or relative:
            about = [c for c in verb.children if c.dep_ == "prep" and c.lower_ in ("in", "about", "to", "on")]
            why = f"asks whether the reader would change the agent's plan ('{verb.text}')"
            return _judged(asked, "change-question", why, about)
    return None


def _bare_view(verb: Token, wh_words: frozenset[str]) -> bool:
    """'What do you think?', 'What do you reckon?': a wh-object and nothing else the view is of."""
    named = [c for c in verb.children if c.dep_ not in ("nsubj", "aux", "punct", "advmod", "intj")]
    return len(named) == 1 and named[0].dep_ == "dobj" and named[0].lower_ in wh_words


def _among(verb: Token) -> bool:
    """The preference is among options: 'which' asks it, or a degree measures it ('like best', 'prefer more')."""
    which = any(t.lower_ == "which" for t in verb.subtree if t.i < verb.i)
    return which or any(c.dep_ == "advmod" and c.lower_ in DEGREES for c in verb.children)


def _opens_with(asked: Asked, word: str) -> bool:
    return bool(asked.tokens) and asked.tokens[0].lower_ == word


def _like_a_plan(verb: Token) -> bool:
    """'Sound like a plan?', 'Does this look like the right approach?': 'like' with a noun of a plan."""
    return any(
        p.dep_ == "prep" and p.lower_ == "like" and any(o.lemma_.lower() in PLAN_NOUNS for o in p.children)
        for p in verb.children
    )


def _reader_is_subject(verb: Token, reader: frozenset[str]) -> bool:
    subject = subject_of(verb)
    return subject is not None and subject.lower_ in reader


def _points_at_plan(subject: Token, reader: frozenset[str]) -> bool:
    """A subject that is the agent's own plan: pointed at ('that', 'this plan'), or a noun of a plan ('the order of
    the phases', 'the breakdown') or an act the agent proposes ('merging #812 now'); the reader ('you') too."""
    if subject.lower_ in POINTING | reader or subject.lemma_.lower() in PLAN_NOUNS:
        return True
    if subject.dep_ == "csubj" or subject.tag_ == "VBG":
        return True  # 'How does merging #812 now sound?': the act the agent proposes
    return any(c.dep_ == "det" and c.lower_ in POINTING for c in subject.children)


def _about(verb: Token) -> list[Token]:
    """What an opinion is asked of: 'of this layout', 'about the split'."""
    return [c for c in verb.children if c.dep_ == "prep" and c.lower_ in ("of", "about", "on")]
