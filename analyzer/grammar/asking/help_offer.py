"""The open offer of help with the reader's own work named (docs/DESIGN.md#construction-classes): the agent states it
is ready, happy or here to help the reader do a thing ('I'm ready to help you review your feedback and update the
instructions.', 'Happy to help you refine the schema further.'), and waits for the reader to bring it. What the
reader would be helped to do is judged like attribution: helping the reader publish a release is a human-only act."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.grammar.closing_offers import words
from analyzer.grammar.closing_questions import AGENT_SUBJECTS, Asked, _judged
from analyzer.grammar.judgement import Judgement
from analyzer.grammar.registry import rule
from analyzer.parse.tokens import subject_of
from analyzer.text.questions import CONDITION, HELP, TURN

if TYPE_CHECKING:
    from spacy.tokens import Token


@rule("help-offer")
def help_offer(asked: Asked) -> Judgement | None:
    """A verb of helping carried by a word of availability or willingness ('ready to help', 'happy to help', 'here to
    help'), the agent or nobody its subject, whose complement is the reader doing a named act ('help you review X'):
    the act (and what is coordinated with it) is judged. A past ('I was happy to help you …') or a negation offers
    nothing; helping a thing that is not the reader ('help the parser skip comments') is the work itself."""
    if asked.site.kind not in (HELP, CONDITION, TURN):
        return None
    w = words()
    for helping in asked.tokens:
        if helping.lemma_.lower() not in w.help_verbs or helping.dep_ != "xcomp":
            continue
        carrier = helping.head
        if carrier.lower_ not in w.availability | w.willing or any(c.dep_ == "neg" for c in carrier.children):
            continue
        if not _agent_or_nobody(carrier):
            continue
        act = _readers_act(helping)
        if act is not None:
            why = f"offers the agent's help with the reader's '{act.text}' ('{carrier.text} to {helping.text} you')"
            return _judged(asked, "help-offer", why, [act])
    return None


def _agent_or_nobody(carrier: Token) -> bool:
    """'I'm ready …', 'Happy to …' (no subject): the agent states it; not 'The team is happy to …', not a past."""
    copula = carrier.head if carrier.dep_ in ("acomp", "advmod") else carrier
    subject = subject_of(carrier) or subject_of(copula)
    if copula.tag_ in ("VBD", "VBN"):
        return False
    return subject is None or subject.lower_ in AGENT_SUBJECTS


def _readers_act(helping: Token) -> Token | None:
    """'help you review X', 'help you with the migration' (the model reads the reader as the act's subject)."""
    for child in helping.children:
        if child.dep_ in ("ccomp", "xcomp") and child.pos_ == "VERB":
            subject = subject_of(child)
            if subject is not None and subject.lower_ == "you":
                return child
    return None
