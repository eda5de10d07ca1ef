"""The bonus offer asked of its benefit (docs/DESIGN.md#construction-classes, r31c): 'Would a follow-up PR that removes
the feature flag be useful?', 'Would a small script to regenerate the fixtures be helpful?', 'Would it be useful if I
added a dry-run flag?'. The agent names a piece of work not yet done — an indefinite noun of work, or one with an act
of its own in a relative clause or an infinitive, or its own act under 'if I' — and asks the reader whether it would
help: the offer waits for a yes. A definite thing ('Would the 2.4.0 release be useful to ship this week?') or a thing
that is no work ('a larger instance type') offers nothing of the agent's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.grammar.closing_questions import AGENT_SUBJECTS, Asked, _judged
from analyzer.grammar.judgement import Judgement
from analyzer.grammar.registry import rule
from analyzer.parse.tokens import subject_of
from analyzer.terms import terms
from analyzer.text.questions import QUESTION

if TYPE_CHECKING:
    from spacy.tokens import Token

BENEFIT_VERBS = terms("bonus-offer", "verbs")
BENEFIT_WORDS = terms("bonus-offer", "adjectives")
WORK_NOUNS = terms("elliptical", "work_nouns") | terms("benefit-asked", "work_nouns")
# The modals of a hypothetical benefit ('Would a script be useful?'), and the articles of a thing not yet made.
MODALS = terms("benefit-asked", "modals")
INDEFINITE = terms("benefit-asked", "indefinite")


@rule("benefit-question")
def benefit_question(asked: Asked) -> Judgement | None:
    """The root is a verb of benefit ('help') or the copula with a word of benefit ('be useful'), under a modal of the
    hypothetical; its subject is the proposed work, or 'it' with the agent's act in an 'if' clause. Judged like
    attribution on the work: exempt when purely human-only."""
    if asked.site.kind != QUESTION:
        return None
    root = asked.root
    # the model may hang the opening modal on the subject ('Would tests for the edge cases be worth adding?')
    opening = asked.tokens[0].lower_ in MODALS if asked.tokens else False
    if not opening and not any(c.dep_ == "aux" and c.lower_ in MODALS for c in root.children):
        return None
    lemma = root.lemma_.lower()
    benefit = root if lemma in BENEFIT_VERBS else None
    if lemma == "be":
        benefit = next((c for c in root.children if c.dep_ == "acomp" and c.lower_ in BENEFIT_WORDS), None)
    subject = subject_of(root)
    if benefit is None or subject is None:
        return None
    if subject.lower_ == "it":
        # the model may read the 'if' clause as a complement ('Would it help if I wrote …': wrote -ccomp-> help)
        act = next((c for c in root.children if c.dep_ in ("advcl", "ccomp") and _agents_if(c)), None)
        if act is None:
            return None
        why = f"offers the agent's '{act.text}' by its benefit to the reader ('{benefit.text}')"
        return _judged(asked, "benefit-question", why, [act], frozenset(c.i for c in act.children if c.dep_ in
                                                                         ("nsubj", "mark")))  # fmt: skip
    if not _proposed_work(subject, asked):
        return None
    why = f"offers the agent's '{subject.text}' by its benefit to the reader ('{benefit.text}')"
    return _judged(asked, "benefit-question", why, [subject])


def _agents_if(clause: Token) -> bool:
    subject = subject_of(clause)
    marked = any(c.dep_ == "mark" and c.lower_ == "if" for c in clause.children)
    return marked and subject is not None and subject.lower_ in AGENT_SUBJECTS


def _proposed_work(noun: Token, asked: Asked) -> bool:
    """A piece of work not yet made: an indefinite article or none (a bare plural), and a noun of work or an act of its
    own ('a PR that removes the flag', 'a script to regenerate the fixtures')."""
    determiners = [c.lower_ for c in noun.children if c.dep_ == "det"]
    if determiners and not set(determiners) & INDEFINITE:
        return False
    if not determiners and noun.tag_ not in ("NNS", "VBZ"):  # 'tests' may be read as a verb
        return False
    work = noun.lemma_.lower() in WORK_NOUNS or noun.lower_ in WORK_NOUNS or noun.lower_ in asked.lexicon.agent_work
    acted = any(c.dep_ in ("relcl", "acl") and c.pos_ == "VERB" for c in noun.children)
    return work or acted
