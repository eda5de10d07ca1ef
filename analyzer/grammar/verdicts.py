"""The decisions the grammar rules reach, worded: one builder per decision, each a Judgement whose
reason names its rule. The rules in phrase_rules.py and relation_rules.py decide which
applies; these only say what it found."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.grammar.judgement import Judgement, negated, phrase_text, text_of, verdict_of
from analyzer.grammar.negation import negation_of
from analyzer.grammar.work import work_of
from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import bounds, forms, hyphen_compound, is_copula, subject_of, words_of
from analyzer.report import Form

if TYPE_CHECKING:
    from spacy.tokens import Token


def standalone_judgement(phrase: Sequence[Token]) -> Judgement:
    """"Your call." — nothing in its sentence names what is handed over."""
    return Judgement(
        "fire",
        "none",
        "standalone",
        f"fires (standalone): '{phrase_text(phrase)}' hands the next decision back without naming a "
        "human-only one",
    )


def topic_judgement(pred: Token, lexicon: Lexicon, scope: frozenset[int], *, demonstrative: bool) -> Judgement:
    """The topic is exempt exactly when it is purely human-only work."""
    work = work_of([pred], lexicon, scope)
    span = bounds(t for t in pred.subtree if t.i in scope)
    rule = "antecedent" if demonstrative else "topic"
    form: Form = "copular-ownership" if demonstrative else "object"
    negation = negation_of(pred, (), lexicon)
    return verdict_of(work, form, rule, f"{rule} '{text_of(pred, span)}'", span, pred.i, negation)


def status_judgement(pred: Token, scope: frozenset[int]) -> Judgement:
    """Status prose, worded by what the predicate reports: a past fact, a status, or no hand-over at all."""
    span = bounds(t for t in pred.subtree if t.i in scope)
    shown = text_of(pred, span)
    if _reports_past(pred):
        why = f"the governing predicate '{pred.text}' reports a past fact, it hands no decision over"
    elif pred.tag_ == "VBZ" or is_copula(pred):
        why = f"the governing predicate '{pred.text}' reports a status, it hands no decision over"
    else:
        why = (
            f"the governing predicate '{pred.text}' is not a copular ownership, an all-human option list "
            "or a pending eligibility, so it hands no human-only decision over"
        )
    return Judgement("fire", "none", "status-prose", f"fires (status-prose): {why} ('{shown}')", span, pred.i)


def eligibility_judgement(pred: Token, complement: Token, lexicon: Lexicon, scope: frozenset[int]) -> Judgement:
    """A copula with an eligibility complement ("PR #12 is merge-eligible", "the refactor is
    merge-eligible"): the merge it leaves pending is human-only, whatever is merged."""
    subject = subject_of(pred) if is_copula(pred) else None
    related = [*complement.subtree, *(subject.subtree if subject is not None else ())]
    related = [t for t in related if t.i in scope or t.i == complement.i]
    named = words_of(related)
    domains = tuple(dict.fromkeys(d for _, names in named for d in map(lexicon.domain_of, names) if d))
    span = bounds([*related, pred])
    shown = text_of(pred, span)
    if pred.tag_ == "VBD":  # 'PR #12 was merge-eligible (until the force-push)': nothing is pending now
        why = f"fires (status-prose): '{shown}' reports a past eligibility, it hands no pending decision over"
        return Judgement("fire", "none", "status-prose", why, span, pred.i, domains)
    negation = negation_of(pred, (complement,) if pred.i != complement.i else (), lexicon)
    agent = _eligible_agent_work(complement, related, lexicon)
    if agent:
        why = (
            f"fires (pending-eligibility): '{shown}' reports eligibility of agent work ('{agent[0]}'), "
            "not a human-only decision"
        )
        cue = negation.i if negation is not None else None
        return Judgement("fire", "pending-eligibility", "pending-eligibility", why, span, complement.i, domains, cue)
    why = f"exempt (pending-eligibility): '{shown}' reports a human-only decision pending"
    judged = Judgement(
        "exempt", "pending-eligibility", "pending-eligibility", why, span, complement.i, domains or ("merge",)
    )
    return negated(judged, negation) if negation is not None else judged


def _eligible_agent_work(complement: Token, related: list[Token], lexicon: Lexicon) -> list[str]:
    """The agent work an eligibility is about. A word that names the merge ('merge-eligible', 'mergeable')
    leaves the merge pending whatever is merged ('The refactor is merge-eligible'); a bare 'eligible' says
    nothing of what for, so agent work as its subject is what is eligible ('The flaky test is eligible for
    quarantine')."""
    pieces = {*forms(complement), *(hyphen_compound(complement) or "").split("-")}
    names_merge = any(lexicon.domain_of(n) for n in pieces if n)
    own = {t.i for t in complement.subtree} if names_merge else {t.i for t in related}
    return [hyphen_compound(t) or t.text for t, names in words_of(related) if names & lexicon.agent_work and t.i in own]


def option_list_judgement(head: Token, members: list[Token], lexicon: Lexicon, scope: frozenset[int]) -> Judgement:
    """The whole coordination is judged by work_of from its head, so a bare do-nothing alternative joins a
    human-only list."""
    work = work_of([head], lexicon, scope)
    span = bounds(t for m in members for t in m.subtree if t.i in scope)
    subject = f"option list '{text_of(head, span)}'"
    return verdict_of(work, "option-list", "option-list", subject, span, head.i, negation_of(head, (), lexicon))


def _reports_past(pred: Token) -> bool:
    """'merged', 'has shipped', 'was released' — not the present passive 'is needed'."""
    if pred.tag_ == "VBD":
        return True
    auxiliaries = [c for c in pred.children if c.dep_ in ("aux", "auxpass")]
    return pred.tag_ == "VBN" and any(a.lemma_ == "have" or a.tag_ == "VBD" for a in auxiliaries)
