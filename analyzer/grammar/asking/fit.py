"""The choice or fit question about the reader's needs (docs/DESIGN.md#construction-classes): the agent lays out
options or a plan and asks which one, or whether it, fits the reader ('Which approach fits your use case?', 'Does this
structure align with your needs?', 'Is this a good fit for your project?'). The reader's need names the reader as
the one who chooses; what fits is the agent's option or plan, judged like attribution."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.grammar.asking.views import POINTING, REPORT_VERBS, _points_at_plan
from analyzer.grammar.closing_questions import Asked, _judged
from analyzer.grammar.judgement import Judgement
from analyzer.grammar.registry import rule
from analyzer.parse.tokens import subject_of
from analyzer.terms import terms
from analyzer.text.questions import QUESTION, REQUEST, TURN

if TYPE_CHECKING:
    from spacy.tokens import Token

FIT_VERBS = terms("fit-asked", "verbs")
FITS = terms("fit-asked", "fits")
NEEDS = terms("fit-asked", "needs")
NEED_VERBS = terms("fit-asked", "need_verbs")
PURPOSE_VERBS = terms("fit-asked", "purpose_verbs")
PURPOSE_NOUNS = terms("fit-asked", "purpose_nouns")


@rule("fit-question")
def fit_question(asked: Asked) -> Judgement | None:
    """The reader's need (a need noun the reader owns, or a clause 'what you need') hangs on a predicate of fit: a
    verb of fitting as its object or after its preposition ('fits your use case', 'align with your needs'), or a
    noun or adjective of a fit after 'for' ('a good fit for your project'). Asked as a question, or inside a
    request to report back ('let me know which of these fits your workflow'). What fits — the subject, unless it
    only points at the options — is judged; a thing of the reader's own as the subject ('Does your Postgres match
    …') asks a fact of their environment, and what the reader sees ('match what you see') is no need."""
    if asked.site.kind not in (QUESTION, TURN, REQUEST):
        return None
    reader = asked.words.reader
    for need in asked.tokens:
        predicate = _fit_predicate(need, reader)
        if predicate is None:
            continue
        if asked.site.kind != QUESTION and not _reported(predicate):
            continue
        subject = _what_fits(predicate)
        if subject is not None and not _fits_as_option(subject, reader):
            return None  # 'Does your local Postgres match what you need?': a fact of the reader's own
        judged = [subject] if subject is not None and subject.lower_ not in POINTING | {"which", "what"} else []
        why = f"asks whether the agent's option fits the reader's need ('{predicate.text} … {need.text}')"
        return _judged(asked, "fit-question", why, judged)
    return None


def _fit_predicate(need: Token, reader: frozenset[str]) -> Token | None:
    """The predicate of fit the reader's need hangs on, or None when `need` is no need of the reader's."""
    possessed = need.pos_ in ("NOUN", "PROPN") and any(c.dep_ == "poss" and c.lower_ in reader for c in need.children)
    owned = possessed and need.lower_ in NEEDS
    wanted = need.lemma_.lower() in NEED_VERBS and any(c.dep_ == "nsubj" and c.lower_ in reader for c in need.children)
    if not owned and not possessed and not (wanted and any(c.lower_ == "what" for c in need.children)):
        return None  # neither 'your use case', anything of the reader's own, nor 'what you need'
    head = need.head
    if head.dep_ == "prep" and head.lower_ in ("with", "for", "to", "in"):
        preposition, head = head, head.head
        fits = PURPOSE_NOUNS if possessed and not owned else FITS
        if preposition.lower_ == "for" and head.lower_ in fits:
            return head  # 'a good fit for your brand'; 'suitable for your needs' only with a need's noun
        if possessed and not owned and not _purpose(head):
            return None  # 'match your logs': a comparison with a fact of the reader's own, not a need
        if preposition.lower_ == "with" and any(c.lower_ == "line" for c in head.children):
            return head  # 'line up with your workflow', the model's verb taken from 'up'
    elif possessed and not owned and not _purpose(head):
        return None
    if head.lemma_.lower() in FIT_VERBS and head.pos_ in ("VERB", "AUX") and need.i > head.i:
        return head
    return None


def _purpose(verb: Token) -> bool:
    """A verb of fitting a purpose ('fits', 'suits', 'aligns with', 'lines up with'): after one, anything of the
    reader's own is the need; a verb of matching compares with a fact ('match your logs')."""
    return verb.lemma_.lower() in PURPOSE_VERBS or any(c.lower_ == "line" for c in verb.children)


def _what_fits(predicate: Token) -> Token | None:
    """The subject of the fit, or of the copula a fit noun or adjective completes; the model reads a gerund subject
    as the root with the verb of fit its object ('Does publishing 2.1 on Monday suit your schedule?'): the gerund."""
    if predicate.dep_ in ("attr", "acomp"):
        return subject_of(predicate.head)
    subject = subject_of(predicate)
    if subject is None and predicate.dep_ in ("dobj", "xcomp", "ccomp") and predicate.head.tag_ == "VBG":
        return predicate.head
    return subject


def _fits_as_option(subject: Token, reader: frozenset[str]) -> bool:
    """The subject is one of the agent's options: 'which' or 'what' asks among them, it points at them or names a
    plan, or it is a thing not of the reader's own ('the second layout'), not the reader."""
    if subject.lower_ in reader or any(c.dep_ == "poss" and c.lower_ in reader for c in subject.children):
        return False
    return _points_at_plan(subject, reader) or subject.tag_ in ("NN", "NNS", "NNP", "NNPS", "WDT", "WP", "VBG", "CD")


def _reported(predicate: Token) -> bool:
    """A fit asked inside a request to report back: the clause a verb of telling governs ('let me know which …')."""
    clause = predicate
    while clause.dep_ not in ("ccomp", "advcl", "xcomp", "ROOT") and clause.head is not clause:
        clause = clause.head
    return clause.dep_ in ("ccomp", "advcl") and clause.head.lemma_.lower() in REPORT_VERBS
