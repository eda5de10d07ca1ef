"""The next piece of work offered as a verbless question (docs/DESIGN.md#construction-classes, issue 28 phase 6):
'Tests for the edge cases next?', 'Docs after that?', 'Then the migration scripts?'. The agent names a piece of work
and places it next in its own sequence, the verb of doing it left out: the reader is asked to say yes. A noun of a fact
or an event ('Same error on the nightly next?') offers nothing; a human-only piece ('The 2.4.0 release next?') is
the reader's own decision: exempt."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.grammar.closing_questions import Asked, _judged
from analyzer.grammar.judgement import Judgement
from analyzer.grammar.registry import rule
from analyzer.terms import terms
from analyzer.text.questions import QUESTION

if TYPE_CHECKING:
    from spacy.tokens import Token

NEXT_WORDS = terms("next-work-asked", "next_words")
AFTER_OBJECTS = terms("next-work-asked", "after_objects")
FACT_NOUNS = terms("next-work-asked", "fact_nouns")
WORK_NOUNS = terms("elliptical", "work_nouns")
# A verbless question is short: the work named and where it goes.
MAX_WORDS = 10


@rule("next-work-question")
def next_work_question(asked: Asked) -> Judgement | None:
    """No verb in the question; a noun at its root with a word that places it next ('next', 'then', 'after that'
    on the noun). What is placed next — the noun with what it is for — is judged like attribution."""
    if asked.site.kind != QUESTION:
        return None
    words = [t for t in asked.tokens if not t.is_punct]
    root = asked.root
    if not words or len(words) > MAX_WORDS or any(_verb(t, asked) for t in words):
        return None
    if root.pos_ not in ("NOUN", "PROPN", "VERB"):
        return None
    if root.lemma_.lower() in FACT_NOUNS or root.lower_ in FACT_NOUNS:
        return None
    placed = _placed_next(root, words[-1])
    if placed is None:
        return None
    why = f"offers '{root.text}' as the agent's next piece of work ('{placed.text}')"
    return _judged(asked, "next-work-question", why, [root], frozenset(t.i for t in placed.subtree))


def _verb(token: Token, asked: Asked) -> bool:
    """A verb of the question's own: not a participle on a noun ('the remaining modules'), nor a noun of work the
    model read as a verb after the noun it is about ('README update next?': update -ROOT, no subject, no object)."""
    if token.pos_ not in ("VERB", "AUX"):
        return False
    if token.dep_ in ("amod", "compound"):
        return False
    work = token.lemma_.lower() in WORK_NOUNS or token.lower_ in asked.lexicon.agent_work
    bare = not any(c.dep_ in ("aux", "dobj", "nsubj", "ccomp", "xcomp") for c in token.children)
    named = any(c.dep_ == "compound" and c.i < token.i for c in token.children)
    return not (token.dep_ == "ROOT" and token.tag_ == "VB" and work and bare and named)


def _placed_next(root: Token, last: Token) -> Token | None:
    """The word that places the noun next: 'next' or 'then' as its modifier (or closing the question, wherever the
    model hung it: 'Type hints for the remaining modules next?'), or 'after' with what was just done ('after that')."""
    candidates = [*root.children, last] if last.dep_ == "advmod" else list(root.children)
    for child in candidates:
        lower = child.lower_
        if child.dep_ in ("advmod", "amod", "npadvmod") and lower in NEXT_WORDS and lower != "after":
            return child
        after_that = lower == "after" and any(g.lower_ in AFTER_OBJECTS for g in child.children)
        if child.dep_ == "prep" and (after_that or lower == "afterwards"):
            return child
    return None
