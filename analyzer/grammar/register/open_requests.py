"""Standing by as the agent's stated state (issue 20): free for, or ready for, the reader's next request."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.grammar.judgement import Judgement, gated
from analyzer.grammar.register.clauses import agents_state, is_question
from analyzer.grammar.register.context import Context
from analyzer.grammar.registry import rule
from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import forms
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token

OPEN_THINGS = terms("waits", "open_things")
OPEN_AFTER = terms("waits", "open_after")
OPEN_UNITS = terms("waits", "open_units")


@rule("available-for-more")
def available_for_more(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Shares _open_to_requests with ready-for-next-request: the two differ only in their state word."""
    return _open_to_requests(phrase, lexicon, "available-for-more")


@rule("ready-for-next-request")
def ready_for_next_request(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Shares _open_to_requests with available-for-more: a question of readiness is the closing question's."""
    return _open_to_requests(phrase, lexicon, "ready-for-next-request")


def _open_to_requests(phrase: Sequence[Token], lexicon: Lexicon, name: str) -> Judgement | None:
    """'<available|ready> for <an open request>' as the agent's own state, stated, not asked."""
    state, preposition = phrase[0], phrase[-1]
    if is_question(phrase) or preposition.head.i != state.i or not agents_state(state):
        return None
    request = next((c for c in preposition.children if c.dep_ in ("pobj", "pcomp")), None)
    if request is not None and left_open(request):
        # r32c: 'Ready for whatever comes next.', 'Available for anything else.': the next request a free relative
        shown = state.doc[state.i : request.i + 1].text
        return gated("fire", name, f"fires ({name}): '{shown} …' — the agent waits for the reader's next request",
                     state.i)  # fmt: skip
    # r33i: or a noun of a unit of work ('Ready for the next item.', '… the next one.'), which only an open word below
    # makes the reader's next request
    if request is None or not forms(request) & (lexicon.request_nouns | OPEN_UNITS):
        return None
    modifiers = [c for c in request.children if c.dep_ in ("amod", "det", "poss", "advmod", "nummod")]
    owner = next((c for c in modifiers if c.dep_ == "poss"), None)
    if owner is not None and owner.lower_ != "your":
        return None  # 'ready for the lead's next task': someone else's request, not the reader's
    # r33b: 'Ready for Phase 2 planning or further instructions' — the model may hang the open word on the stage
    # before the 'or' ('further' -conj-> planning); the word just before the request still leaves it open
    before = request.doc[request.i - 1] if request.i > preposition.i + 1 else None
    if before is not None and before.lower_ in lexicon.open_modifiers and before.head.i != request.i:
        modifiers.append(before)
    if not any(m.lower_ in lexicon.open_modifiers or m.lower_ == "your" for m in modifiers):
        return None  # 'ready for the task' names one piece of work: a plan, not a wait for the next one
    shown = state.doc[state.i : request.i + 1].text
    return gated("fire", name, f"fires ({name}): '{shown}' — the agent waits for the reader's next request", state.i)


def left_open(request: Token) -> bool:
    """r32c: the reader's next request as an open pronoun or a free relative ('whatever comes next', 'anything else',
    'more', 'what's next'): 'what' only with a word in its clause that leaves it open; a clause of its own with a
    subject other than the reader or the agent ('whatever the scheduler sends') is someone else's."""
    words = {t.lower_ for t in request.subtree}
    opener = next((t for t in request.subtree if t.lower_ in OPEN_THINGS), None)
    if opener is None or opener.i > request.i + 1:
        return False
    if opener.lower_ == "what" and not words & OPEN_AFTER:
        return False
    if any(c.dep_ in ("det", "poss", "compound", "amod") for c in request.children if c.lower_ not in OPEN_AFTER):
        return False
    subjects = [t for t in request.subtree if t.dep_ in ("nsubj", "nsubjpass") and t.lower_ not in OPEN_THINGS]
    return all(s.lower_ in ("you", "i", "we") for s in subjects)
