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
# r32c: the elliptical act (_elliptical_act): words that may open it, verbs that ask nothing of the agent's, the
# determiners and pronouns that follow a verb the model read as a name.
ELLIPSIS_OPENERS = terms("elliptical", "act_openers")
NOT_ACTS = terms("elliptical", "not_acts")
DETERMINERS = terms("elliptical", "act_objects")
SAME = frozenset({"same"})
GOING_ON = terms("next-work-asked", "going_on") | terms("next-work-asked", "going_on_with")
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
    act = _elliptical_act(asked)
    if act is not None:
        # r32c: the agent's next act asked with its subject and modal left out ('Update the snapshots too?', 'Do the
        # same for the importer?', 'Push it?')
        return _judged(asked, "verbless-offer", f"asks leave for the agent's next act with its subject left out "
                       f"('{act.text}')", [act])  # fmt: skip
    if root.lower_ in SAME and any(c.dep_ == "prep" and c.lower_ == "for" for c in root.children):
        # r32c: 'Same for the other handlers?' — the same work again, on what 'for' names
        target = [g for c in root.children if c.dep_ == "prep" and c.lower_ == "for" for g in c.children]
        return _judged(asked, "verbless-offer", f"offers the same work again ('{root.text} for …')", target or [root])
    if root.pos_ not in ("NOUN", "PROPN") or root.i != _head_of_question(asked).i:
        return None
    work = root.lemma_.lower() in WORK_NOUNS or root.lower_ in asked.lexicon.agent_work
    added = any(t.lower_ in ADDITIVE for t in asked.tokens)
    acted = any(c.dep_ == "acl" and c.pos_ == "VERB" for c in root.children)
    if work and (added or acted):
        return _judged(asked, "verbless-offer", f"offers more of the agent's work ('{root.text}')", [root])
    return None


def _elliptical_act(asked: Asked) -> Token | None:
    """r32c: a question opened by a bare verb with no subject and no auxiliary, the agent's next act with 'Shall I'
    left out: the verb in its base form, or a capitalised word the model read as a name right before a determiner or
    pronoun object ('Refactor the cache layout too?'); a verb of perceiving or knowing ('See the diff above?') asks
    nothing of the agent's, and a question with a sentence after it is answered there ('Ship it? That is the
    reviewers' job.')."""
    if asked.site.following.strip():
        return None  # 'Ship it? That is the reviewers' job; …': the sentence after it answers the question
    words = [t for t in asked.tokens if not t.is_punct]
    while words and words[0].lower_ in ELLIPSIS_OPENERS:
        words = words[1:]
    if not words or words[0].lower_ in NOT_ACTS or words[0].lemma_.lower() in NOT_ACTS:
        return None
    verb = words[0]
    if verb.lemma_.lower() in GOING_ON or verb.lower_ in GOING_ON:
        return None  # 'Proceed with the merge?', 'Move on to the exporter?': the going-on question's
    after = verb.doc[verb.i + 1] if verb.i + 1 < len(verb.doc) else None
    if verb.tag_ == "VB" and verb.dep_ == "ROOT":
        objects = [c for c in verb.children if c.dep_ in ("dobj", "prep", "prt", "advmod", "xcomp")]
    elif verb.pos_ in ("PROPN", "NOUN") and verb.is_title and after is not None and after.lower_ in DETERMINERS:
        objects = [after.head]
    else:
        return None
    if not objects or any(c.dep_ in ("nsubj", "aux", "expl") for c in verb.children):
        return None
    return verb


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
