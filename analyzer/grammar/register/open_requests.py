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

if TYPE_CHECKING:
    from spacy.tokens import Token



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
    request = next((c for c in preposition.children if c.dep_ == "pobj"), None)
    if request is None or not forms(request) & lexicon.request_nouns:
        return None
    modifiers = [c for c in request.children if c.dep_ in ("amod", "det", "poss", "advmod", "nummod")]
    owner = next((c for c in modifiers if c.dep_ == "poss"), None)
    if owner is not None and owner.lower_ != "your":
        return None  # 'ready for the lead's next task': someone else's request, not the reader's
    if not any(m.lower_ in lexicon.open_modifiers or m.lower_ == "your" for m in modifiers):
        return None  # 'ready for the task' names one piece of work: a plan, not a wait for the next one
    shown = state.doc[state.i : request.i + 1].text
    return gated("fire", name, f"fires ({name}): '{shown}' — the agent waits for the reader's next request", state.i)
