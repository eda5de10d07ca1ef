"""Verbless closing questions (docs/DESIGN.md#construction-classes, issue 28): the reader's judgement of the agent's
work ('Too terse?', 'Better?') and the agent's next work offered with the verb left out ('Worth adding a screenshot?',
'Same treatment for the static assets?', 'A migration to backfill the counts as well?'). A verbless question that asks a
fact ('Same error on CI?', 'Green?') names no quality of the agent's work and no work of its own: none of these."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.grammar.closing_questions import Asked, _as_asked, _judged
from analyzer.grammar.judgement import Judgement, gated
from analyzer.grammar.registry import rule
from analyzer.terms import terms
from analyzer.text.questions import QUESTION

if TYPE_CHECKING:
    from spacy.tokens import Token

DEGREES = terms("elliptical", "degrees")
COMPARATIVES = terms("elliptical", "comparatives")
WORTH = terms("elliptical", "worth")
ADDITIVE = terms("elliptical", "additive")
WORK_NOUNS = terms("elliptical", "work_nouns")
# At most this many words: a verbless question is short ('Too terse?', 'Same treatment for the static assets?').
MAX_WORDS = 10


@rule("judgement-question")
def judgement_question(asked: Asked) -> Judgement | None:
    """No verb at all, and a quality under a degree word or a comparative as its head: the reader asked to judge
    what the agent just showed."""
    words = _verbless(asked)
    if words is None:
        return None
    lowered = [t.lower_ for t in words]
    quality = next((t for t in words if t.pos_ in ("ADJ", "ADV", "PROPN") and t.lower_ in COMPARATIVES), None)
    degree = next((t for t in words if t.lower_ in DEGREES), None)
    if degree is not None and quality is None:
        quality = next((t for t in words if t.pos_ == "ADJ"), None)
    if quality is None or (degree is None and lowered[0] != quality.lower_):
        return None
    shown = f"{degree.text} {quality.text}" if degree is not None and degree.i < quality.i else quality.text
    return gated(
        "fire",
        "judgement-question",
        f"fires (judgement-question): '{_as_asked(asked)}' asks the reader to judge the agent's work ('{shown}')",
        quality.i,
    )


@rule("verbless-offer")
def verbless_offer(asked: Asked) -> Judgement | None:
    """Two shapes with the verb of offering left out: the worth of an act ('Worth adding a screenshot?': worth ->
    xcomp), and a noun of work with a word that adds it to what was done ('Same treatment for …?', 'A migration to
    backfill the counts as well?'). Judged like attribution on the act or the work."""
    if asked.site.kind != QUESTION or len([t for t in asked.tokens if not t.is_punct]) > MAX_WORDS:
        return None
    root = asked.root
    if root.lower_ in WORTH and not any(c.dep_ in ("nsubj", "expl") for c in root.children):
        act = next((c for c in root.children if c.dep_ in ("xcomp", "pcomp", "ccomp") and c.tag_ == "VBG"), None)
        if act is not None:
            return _judged(asked, "verbless-offer", f"offers the agent's '{act.text}' by its worth", [act])
    if root.pos_ not in ("NOUN", "PROPN") or root.i != _head_of_question(asked).i:
        return None
    work = root.lemma_.lower() in WORK_NOUNS or root.lower_ in asked.lexicon.agent_work
    added = any(t.lower_ in ADDITIVE for t in asked.tokens)
    acted = any(c.dep_ == "acl" and c.pos_ == "VERB" for c in root.children)
    if work and (added or acted):
        return _judged(asked, "verbless-offer", f"offers more of the agent's work ('{root.text}')", [root])
    return None


def _verbless(asked: Asked) -> list[Token] | None:
    if asked.site.kind != QUESTION:
        return None
    words = [t for t in asked.tokens if not t.is_punct]
    if not words or len(words) > 4 or any(t.pos_ in ("VERB", "AUX") for t in words):
        return None
    return words


def _head_of_question(asked: Asked) -> Token:
    """The root of the question, and no verb above it: a noun phrase asked as a whole."""
    root = asked.root
    return root if not any(t.pos_ in ("VERB", "AUX") and t.dep_ == "ROOT" for t in asked.tokens) else asked.tokens[0]
