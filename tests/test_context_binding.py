"""r36a (docs/DESIGN.md#construction-classes, issue 28): a decision named in the context before the hand-over.

An attribution hand-over whose sentence points back and names no work of its own — a pronoun or pointer, a definite
noun subject, a gerund with no object, nothing but closed-class words — is judged on the clause before it in its
sentence, the sentences before it in its paragraph, a bold label or a heading above. Exempt when the nearest context
that names work is human-only; every construction has its twin on the agent's own work, which keeps firing."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged

BOUND = "its sentence points back at what is named before it"


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        # a pronoun whose antecedent is the sentence before (merge eligibility, production data)
        ("Opened PR #52 for the retry fix; CI is green.\n\nPR #52 is approved and ready. Whether it goes in before "
         "the weekend is your call.", "exempt", "bound-before", [BOUND, "human-only work"]),
        ("Opened PR #52 for the retry fix; CI is green.\n\nThe helper module is still messy. Whether it gets split "
         "into two files is your call.", "fire", "copular-ownership", ["names no human-only decision"]),
        ("Found 40k duplicated customer rows in the production `accounts` table. Deleting them can't be undone — "
         "your call.", "exempt", "bound-before", [BOUND, "production-data"]),
        ("Found 40 duplicated test fixtures in `tests/data`. Deleting them is easy — your call.", "fire",
         "status-prose", ["'Deleting them is easy'"]),
        # a heading or a bold label above
        ("### Production rollout\n\nThe canary has held at 10% for an hour with clean metrics. Promoting to full "
         "traffic is your call.", "exempt", "bound-before", [BOUND, "'Production rollout'", "production-deploy"]),
        ("### Refactor plan\n\nThe parser split is half done on my branch. Finishing the tokenizer is your call.",
         "fire", "copular-ownership", ["'Finishing the tokenizer'"]),
        ("**Decision needed — production deploy of build 812:** staged, smoke tests green. Yours to decide when.",
         "exempt", "bound-before", [BOUND, "production-deploy"]),
        ("**Billing:** the team plan moves from $19 to $39 per seat next month. Yours to decide.", "exempt",
         "bound-before", [BOUND, "billing"]),
        ("**Docs:** the API reference moves from `docs/` to `site/`. Yours to decide.", "fire", "reader-decides",
         ["'Yours to'"]),
        # a cost clause before its own in the sentence; a noun the subject repeats
        ("Adding 4 more runners would add about $600 a month to the bill; that upgrade is yours to settle.", "exempt",
         "bound-before", [BOUND, "billing"]),
        ("Adding 4 more test shards would cut CI time by half; that change is yours to settle.", "fire",
         "reader-decides", ["'that change'"]),
        ("Both layouts are done, and shipping needs a paid Pro plan upgrade on the vendor account. The upgrade is "
         "your call.", "exempt", "bound-before", [BOUND, "billing"]),
        ("Both layouts are done, and the header needs a small CSS upgrade before either looks right. The upgrade is "
         "your call.", "fire", "copular-ownership", ["'The upgrade'"]),
        # kept firing: an act done, an own act of another kind, a choice pointer over agent work
        ("You merged #300 yesterday and it shipped clean. Your call on what's next.", "fire", "object-form",
         ["'what's next'"]),
        ("Cleaned the survey file.\n\nThe i18n branch was merged last Tuesday, your call.", "fire", "status-prose",
         ["reports a past fact"]),
        # r40c: a bare pro-form binds the sentence right before it (docs/DESIGN.md#construction-classes, a human-only
        # decision named away from the phrase) — a merge pending there is handed over; an act done there, or agent work,
        # leaves it firing; a negated one fires
        ("PR #14 and PR #15 are both merge-eligible. They're your call.", "exempt", "bound-before",
         [BOUND, "human-only work (merge)"]),
        ("PR #14 is merge-eligible. That's your call.", "exempt", "bound-before", [BOUND, "human-only work (merge)"]),
        ("PR #14 was merged yesterday. That's your call.", "fire", "copular-ownership", ["no antecedent"]),
        ("The parser refactor is half done. That's your call.", "fire", "copular-ownership", ["no antecedent"]),
        ("PR #4301 touches the release script, which is operator-owned.\n\nThe release isn't your call here, it's the "
         "operator's.", "fire", "copular-ownership", []),
        ("PR #52 is merged and green.\n\nSplitting it into two modules is your call.", "fire", "copular-ownership",
         ["'Splitting it into two modules'"]),
        ("Two options:\n1. refactor the parser first\n2. merge #77 now\n\nEither is your call.", "fire",
         "status-prose", ["'Either is'"]),
    ],
)
def test_context_binding(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        # r36a: a bare phrase of another moment joined by 'or' to a timed alternative is the same act, later
        ("Which do you prefer: rotating the DB password now, or at the maintenance window?", "exempt",
         "choice-question", ["human-only work (credentials)"]),
        ("Which do you prefer: refactoring the parser now, or at the end of the sprint?", "fire", "choice-question",
         ["names work the agent owns"]),
        ("Would you rather publish 3.2.0 to PyPI tonight, or in the morning?", "exempt", "choice-question",
         ["human-only work (release)"]),
        ("Would you rather I write the migration tests tonight, or in the morning?", "fire", "choice-question",
         ["names work the agent owns"]),
    ],
)
def test_timed_alternative(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        # r36a: keeping what is there, joined by 'or' to a change, is the other side of the decision
        ("Downgrade the Heroku dynos to Eco, or keep Standard-2X — your move.", "exempt", "option-list",
         ["every alternative"]),
        ("Upgrade the lint rules to the strict preset, or keep the current preset — your call.", "fire", "option-list",
         ["names no human-only decision"]),
        ("Refactor the parser into two modules, or keep the current parser — your call.", "fire", "option-list",
         ["names work the agent owns"]),
        # the human-only act itself reported done leaves nothing pending; a state beside it does
        ("#204 is merged into main. Your call.", "fire", "standalone", ["without naming"]),
    ],
)
def test_status_quo_and_done(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)
