"""Standing by as readiness timed by the reader (issue 20): ready when needed, ready or offering when the
reader likes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.grammar.judgement import Judgement, gated
from analyzer.grammar.register.clauses import across_semicolon, agents_state, is_question, written
from analyzer.grammar.register.context import Context
from analyzer.grammar.registry import rule
from analyzer.grammar.work import work_of
from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import SUBJECT_DEPS, subject_of
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token

OFFER_MODALS = terms("register", "offer_modals")
AGENT_SPEAKERS = terms("register", "agent_speakers")



@rule("ready-when-needed")
def ready_when_needed(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """The readiness is found before the phrase in its own clause (_readiness); what it is for is judged by work_of
    (_times_human_only)."""
    ready = _readiness(phrase)
    if ready is None or _times_human_only(ready, phrase, lexicon):
        return None
    return gated(
        "fire",
        "ready-when-needed",
        f"fires (ready-when-needed): '{ready.text} … {written(phrase)}' — the agent waits for the reader to need it",
        ready.i,
    )


@rule("ready-when-you-like")
def ready_when_you_like(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Without a stated readiness, the agent's own offered act ('I can start run 9') stands in for it (_agents_act)."""
    ready = _readiness(phrase)
    if ready is None:
        ready = _agents_act(phrase)
    if ready is None or _times_human_only(ready, phrase, lexicon):
        return None
    return gated(
        "fire",
        "ready-when-you-like",
        f"fires (ready-when-you-like): '{ready.text} … {written(phrase)}' — the agent waits for the reader's go",
        ready.i,
    )


def _readiness(phrase: Sequence[Token]) -> Token | None:
    """The agent's 'ready' the phrase times ('I'm ready when you like', 'Ready to … when needed'), in its own
    clause before it (no ';' between), stated, not asked."""
    first = phrase[0]
    if is_question(phrase):
        return None
    before = [t for t in first.doc[first.sent.start : first.i] if t.lower_ == "ready"]
    ready = before[-1] if before else None
    if ready is None or across_semicolon(ready, first) or not agents_state(ready):
        return None
    if ready.dep_ not in ("ROOT", "acomp") and not any(c.dep_ in ("prep", "xcomp") for c in ready.children):
        return None  # an opening 'Ready' read as a modifier is the agent's only with 'to …' or 'for …' after it
    return ready


def _agents_act(phrase: Sequence[Token]) -> Token | None:
    """The agent's own next act the phrase times: 'I can start run 9 when you like' (the verb the timing
    clause hangs on, with a first-person subject and a modal of offer)."""
    anchor = next((t for t in phrase if t.head.i not in {p.i for p in phrase}), phrase[-1])
    node = anchor.head
    while node.dep_ in ("conj", "xcomp") and subject_of(node) is None and node.head.i != node.i:
        node = node.head
    subject = subject_of(node)
    modal = any(c.dep_ == "aux" and c.lower_ in OFFER_MODALS for c in node.children)
    if subject is None or subject.lower_ not in AGENT_SPEAKERS or not modal or is_question(phrase):
        return None
    return node


def _times_human_only(ready: Token, phrase: Sequence[Token], lexicon: Lexicon) -> bool:
    """What the readiness is for ('to tag the release', 'for the merge') is purely human-only work: the
    timing of a human-only act, no wait for the reader's go (docs/DESIGN.md#phrase-families's exclusion)."""
    timing = next((t for t in phrase if t.head.i not in {p.i for p in phrase}), phrase[-1])
    left_out = {t.i for t in timing.subtree} | {t.i for t in phrase}
    if ready.pos_ == "ADJ":  # 'ready to tag the release': what the readiness is for
        content = [c for c in ready.children if c.dep_ in ("prep", "xcomp", "dobj", "ccomp") and c.i not in left_out]
    else:  # the agent's act itself, without its subject and modal: 'I can tag it when you like'
        content = [ready]
        left_out |= {c.i for c in ready.children if c.dep_ in (*SUBJECT_DEPS, "aux")}
    scope = frozenset(t.i for c in content for t in c.subtree if t.i not in left_out and not t.is_punct)
    return bool(content) and work_of(content, lexicon, scope).human_only
