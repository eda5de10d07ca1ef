"""A wait on the person written without a lexicon phrase (docs/DESIGN.md#construction-classes): the agent's hold bounded
by the reader's word where no 'your OK' or 'until you' names it — 'Standing by for your direction on the cache work.',
'Holding for your thoughts.' — a [[closing-question]] row walked over the wait sites analyzer.text.questions found (a
hold word, then the reader within a few words).

The construction is the wait-on-reader gate's (analyzer/grammar/register/reader_word.py): the reader's word found
on the reader's own arcs, the agent's hold or held-back act it bounds, both judged there (a wait on work in flight
or on a human-only act is a hold, no finding).
"""

from __future__ import annotations

from analyzer.grammar.closing_questions import Asked, _as_asked
from analyzer.grammar.judgement import Judgement, carved
from analyzer.grammar.register.reader_word import READER, held_until, readers_word
from analyzer.grammar.registry import rule
from analyzer.text.questions import WAIT


@rule("wait-on-person")
def wait_on_person(asked: Asked) -> Judgement | None:
    """Each mention of the reader is tried in turn: the first whose word bounds the agent's hold decides; a wait site
    where none does is no wait on the person (no finding)."""
    if asked.site.kind != WAIT:
        return None
    for token in asked.tokens:
        if token.lower_ not in READER:
            continue
        word = readers_word([token])
        if word is None:
            continue
        # a phrase of the sentence that fired took the site away (analyzer.engine): one that did not reports nothing
        judged = held_until(word, asked.lexicon, "wait-on-person", _as_asked(asked), phrase_before=False)
        if judged is not None:
            return judged
    return carved(
        "wait-on-person",
        "no word of the reader's bounds a hold of the agent's own: a thing's wait, or a wait on a human-only act",
    )
