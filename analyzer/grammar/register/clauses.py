"""What the register gates read of the phrase's clause: is it asked, where does its segment end, how is it
written, is the agent speaking of its own state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.parse.shapes import SEGMENT_BREAKS
from analyzer.parse.tokens import subject_of
from analyzer.terms import terms
from analyzer.text.closing import claim_vocabulary

if TYPE_CHECKING:
    from spacy.tokens import Token

AGENT_SPEAKERS = terms("register", "agent_speakers")



def is_question(phrase: Sequence[Token]) -> bool:
    """The clause of the phrase ends with a question mark (the first end punctuation after it)."""
    last = phrase[-1]
    following = last.doc[last.i + 1 : last.sent.end]
    for token in following:
        if token.text in ("?", "?!", "??"):
            return True
        if token.text in (".", "!", ";"):
            return False
    return _tagged_question([t for t in following if not t.is_space])


def _tagged_question(following: Sequence[Token]) -> bool:
    """Issue 28 phase 4: 'shall i keep goin w the css fixes or nah' — a clause that ends, with no mark, on 'or' and a
    tag of the other answer asks."""
    tags = claim_vocabulary().question_tags
    return len(following) >= 2 and following[-2].lower_ == "or" and following[-1].lower_ in tags


def across_semicolon(a: Token, b: Token) -> bool:
    low, high = sorted((a.i, b.i))
    return any(t.text == ";" for t in a.doc[low:high])


def across_break(a: Token, b: Token) -> bool:
    """r40c: a ';', ':' or dash between two words (parse.shapes SEGMENT_BREAKS): they are in different clauses, whatever
    the model hung one on."""
    low, high = sorted((a.i, b.i))
    return any(t.text in SEGMENT_BREAKS for t in a.doc[low:high])


def written(phrase: Sequence[Token]) -> str:
    """The phrase as its sentence writes it ('when you'd like', not 'when you 'd like')."""
    return phrase[0].doc[phrase[0].i : phrase[-1].i + 1].text


def spelled(phrase: Sequence[Token]) -> str:
    return " ".join(t.text for t in phrase)


def agents_state(state: Token) -> bool:
    """The adjective is the agent's own state, not negated: the predicate of its sentence with the agent as
    subject ('I'm available', 'We are ready'), or, with no subject at all, the word its sentence opens with
    ('Available for …', 'Ready to …' — the model may hang that on the noun after it)."""
    if any(c.dep_ == "neg" for c in (*state.children, *state.head.children)):
        return False
    if state.dep_ == "acomp" and state.head.dep_ == "ROOT":
        subject = subject_of(state.head)
        return subject is not None and subject.lower_ in AGENT_SPEAKERS
    if state.dep_ == "ROOT":
        subject = subject_of(state)
        return subject is None or subject.lower_ in AGENT_SPEAKERS
    # 'Ready for `npm install` when needed.': the model reads the opening adjective as a modifier of the noun
    # after it (Ready -amod-> install -ROOT); a modifier inside a subject ('Ready-made fixtures are …') is not.
    opening = next((t for t in state.sent if not t.is_punct and not t.is_space), None)
    hyphen = state.i + 1 < len(state.doc) and state.doc[state.i + 1].text == "-"
    return (
        opening is not None
        and opening.i == state.i
        and not hyphen
        and state.head.dep_ == "ROOT"
        and subject_of(state) is None
        and subject_of(state.head) is None
    )
