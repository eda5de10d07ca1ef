"""What every grammar rule returns — one Judgement — and the ways a verdict is worded: a carve-out, a
gate's verdict, exempt, or negated to fire."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from analyzer.grammar.work import Work
from analyzer.parse.tokens import as_written
from analyzer.report import Form

if TYPE_CHECKING:
    from spacy.tokens import Token


# 'carved': the phrase is not a hand-over at all (a report, a rule citation): no finding. The one
# definition of a judgement's verdict (a Finding's verdict is fire or exempt: report.Verdict).
Ruling = Literal["fire", "exempt", "carved"]


@dataclass(frozen=True)
class Judgement:
    """The decision on one phrase, whichever rule took it: a gate, a carve-out or a relation rule."""

    verdict: Ruling
    form: Form
    rule: str
    reason: str
    attachment: tuple[int, int] | None = None  # first and last token index of what the phrase binds to
    governor: int | None = None  # the token the phrase is bound to (for the arc in the picture)
    domains: tuple[str, ...] = ()
    negation: int | None = None  # the negation cue's token index, when the relation is negated
    path: tuple[str, ...] = ()  # the grammar.toml rows that decided it, outermost table first

    @property
    def negated(self) -> bool:
        return self.negation is not None


def carved(rule: str, reason: str) -> Judgement:
    """A carve-out: the phrase names a decision but hands nothing over."""
    return Judgement("carved", "none", rule, reason)


def gated(
    verdict: Ruling,
    rule: str,
    reason: str,
    governor: int | None = None,
    attachment: tuple[int, int] | None = None,
    domains: tuple[str, ...] = (),
) -> Judgement:
    """A gate's judgement: the token the gate read, and for a choice question what it offers (its object)."""
    form: Form = "object" if attachment is not None else "none"
    return Judgement(verdict, form, rule, reason, attachment, governor, domains)


def verdict_of(
    work: Work,
    form: Form,
    rule: str,
    subject: str,
    span: tuple[int, int] | None,
    governor: int | None,
    negation: Token | None,
) -> Judgement:
    if work.human_only:
        what = "every alternative of the " + subject if form == "option-list" else subject
        judged = Judgement(
            "exempt", form, rule, f"exempt ({rule}): {what} is {work.describe()}", span, governor, work.domains
        )
        return negated(judged, negation) if negation is not None else judged
    return Judgement(
        "fire",
        form,
        rule,
        f"fires ({rule}): {subject} {work.describe()}",
        span,
        governor,
        work.domains,
        negation.i if negation is not None else None,
    )


def negated(judged: Judgement, negation: Token) -> Judgement:
    """The reason names the cue and the word it negates; the judgement keeps its form, rule and attachment."""
    return Judgement(
        "fire",
        judged.form,
        judged.rule,
        f"fires ({judged.rule}, negated): the negation '{as_written([negation])}' on "
        f"'{as_written([negation.head])}' cancels "
        "the hand-over the relation would make",
        judged.attachment,
        judged.governor,
        judged.domains,
        negation.i,
    )


def text_of(anchor: Token, span: tuple[int, int] | None) -> str:
    return "" if span is None else as_written(list(anchor.doc[span[0] : span[1] + 1]))


def phrase_text(phrase: Sequence[Token]) -> str:
    return " ".join(t.text for t in phrase)
