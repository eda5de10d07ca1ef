"""The [[modifier]] rows at `claim-form`: a claim announced as a wait (form waiting; docs/DESIGN.md#claims revision 3: a
wait is a hold, judged by rows B and L, not row U)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.grammar.claims.records import Match, PredicateSite
from analyzer.grammar.claims.words import (
    particles,
    verb_forms,
)
from analyzer.grammar.registry import rule
from analyzer.text.closing import ClaimVocabulary

if TYPE_CHECKING:
    from spacy.tokens import Token



@rule("wait-then")
def wait_then(site: PredicateSite) -> Match | None:
    """The wait is the fronted adverbial clause of the head that 'then' marks; a claim already announced as
    waiting is left as it is.

        waiting -advcl-> synthesize, then -advmod-> synthesize
    """
    head = site.head
    if site.match.form == "waiting" or not any(c.dep_ == "advmod" and c.lower_ == "then" for c in head.children):
        return None
    fronted = (c for c in head.children if c.dep_ == "advcl" and c.i < head.i)
    wait = next((c for c in fronted if is_waiting(c, site.vocabulary)), None)
    if wait is None:
        return None
    what = f"the wait '{wait.text}', with the action after 'then' set for when it ends"
    return Match("waiting", "wait-then", wait, what)


@rule("hold-until")
def hold_until(site: PredicateSite) -> Match | None:
    """The until-clause is the predicate's adverbial clause, its mark read with the verb as a phrasal wait
    ('hold until').

        until -mark-> approves -advcl-> Holding
    """
    predicate, forms = site.predicate, verb_forms(site.predicate)
    marks = [m.lower_ for c in predicate.children if c.dep_ == "advcl" for m in c.children if m.dep_ == "mark"]
    # r33d: 'Parking this until the vendor's SDK 4.1 lands': the model read the clause's verb as a noun, so 'until'
    # is the predicate's preposition
    marks += [c.lower_ for c in predicate.children if c.dep_ == "prep"]
    if not any(f"{form} {mark}" in site.vocabulary.waiting_phrasal for form in forms for mark in marks):
        return None
    what = f"{site.match.construction} (a hold until someone acts, announced as waiting)"
    return Match("waiting", "hold-until", predicate, what)


@rule("announced-waiting")
def announced_waiting(site: PredicateSite) -> Match | None:
    """The claim's predicate is passive waiting: announced, it is a wait (form waiting)."""
    if not is_waiting(site.predicate, site.vocabulary):
        return None
    what = f"{site.match.construction} (passive waiting, there is no hold state)"
    return Match("waiting", "announced-waiting", site.predicate, what)


def is_waiting(predicate: Token, vocabulary: ClaimVocabulary) -> bool:
    """Passive waiting by the vocabulary's lists: a waiting verb, a verb with a waiting object ('give them a
    moment'), or a phrasal waiting verb ('stand by')."""
    forms = verb_forms(predicate)
    if forms & vocabulary.waiting_lemmas:
        return True
    objects = [c.lemma_.lower() for c in predicate.children if c.dep_ == "dobj"]
    if any(f"{form} {thing}" in vocabulary.waiting_objects for form in forms for thing in objects):
        return True
    return any(f"{form} {word}" in vocabulary.waiting_phrasal for form in forms for word in particles(predicate))
