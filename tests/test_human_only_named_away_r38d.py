"""r38d (docs/DESIGN.md#construction-classes): a human-only decision named away from the phrase, and the domains read
with it.

The antecedent of the hand-over is found by the grammar of the sentence before it: what a gerund subject's verb of
meaning says it amounts to ('Scrubbing it means a force-push …'), the act a question clause on a pointer asks about
('Whether that's worth it …', 'When that goes out …'), the act a readiness statement names with 'for' ('Everything for
the rollout is staged'), a bare 'the decision' pointing back past 'do that'. Domains: history others have pulled is
shared, a production organisation is a membership target, a wait on another party's named review is a do-nothing
alternative, a wh-frame after 'Let me know' names the choice, a merged thing's noun phrase cut short by the model is
read whole. Each exempt row has a twin on the agent's own work that still fires.
"""

from __future__ import annotations

import pytest

from tests.judging import assert_judged

EXEMPT = [
    ("Cleaning the key out means a force-push over published history. I'll leave that to you.", "reader-decides",
     ["force-push over published history", "history"]),
    ("Fixing the outage requires rotating the live Stripe secret key. I'll leave that decision to you.",
     "reader-decides", ["rotating the live stripe secret key", "credential"]),
    ("Upgrading the org to the Team plan would cost $80 a month. Whether that's worth it is your decision.",
     "reader-decides", ["upgrading the org to the team plan", "billing"]),
    ("Everything for the 6.0 production rollout is staged: tests green, flags off. When that goes out is yours to "
     "decide.", "reader-decides", ["the 6.0 production rollout", "production-deploy"]),
    ("Publishing 2.0 to npm would ping every dependent. When that happens is yours to decide.", "reader-decides",
     ["publishing 2.0 to npm", "release"]),
    ("Rewriting the history everyone has pulled is your call.", "copular-ownership", ["history"]),
    ("Your call on the merge of the session middleware PR.", "object-form", ["middleware pr", "merge"]),
    ("Merge PR #77 or hold for the security review — your call.", "option-list", ["every alternative", "merge"]),
    ("Let me know which option you want for the billing plan: Team or Enterprise.", "choice-question",
     ["team or enterprise", "billing"]),
    ("Everything for the 2.4.0 release to PyPI is staged. Your call.", "named-before", ["2.4.0 release", "release"]),
]

FIRE = [
    ("Scrubbing it means a rewrite of my feature branch. I'll leave that to you.", "reader-decides",
     ["agent owns", "feature"]),
    ("Fixing the flaky test requires rewriting the retry helper. I'll leave that decision to you.", "reader-decides",
     ["agent owns", "rewriting"]),
    ("Splitting the parser module would cost a day. Whether that's worth it is your decision.", "reader-decides",
     ["agent owns", "parser"]),
    ("Everything for the parser refactor is staged: tests green, docs updated. When that goes out is yours to decide.",
     "reader-decides", ["agent owns", "refactor"]),
    ("Rewriting the history I have pulled is your call.", "copular-ownership", ["agent owns"]),
    ("Your call on the merge of the session cookies data.", "object-form", ["no human-only"]),
    ("Merge PR #77 or wait for another review — your call.", "option-list", ["agent work", "review"]),
    ("Let me know which option you want for the cache: Redis or Memcached.", "choice-question", ["no human-only"]),
    ("Shall I start on the billing UI?", "permission-question", ["unanswered"]),
    ("I pulled `main` into my feature branch and it conflicts. Merging it into my working branch is your call.",
     "copular-ownership", ["no human-only"]),
    ("Renaming the parser helpers touches 30 files — I won't do that myself; the decision is yours.",
     "reader-decides", ["the decision", "agent owns"]),
]


@pytest.mark.parametrize(("text", "rule", "words"), EXEMPT)
def test_human_only_act_named_away_is_exempt(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "exempt", rule, words)


@pytest.mark.parametrize(("text", "rule", "words"), FIRE)
def test_same_position_on_agent_work_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


def test_the_decision_pointing_back_binds_the_gerund_before_do_that() -> None:
    """'the decision' with nothing of its own points back past 'I won't do that myself' to the gerund before it; the
    register reports only a firing hand-over, so the exempt one leaves no finding."""
    from analyzer import analyze

    text = "Adding the contractor's account to the prod AWS org with admin rights — I won't do that myself; the " \
           "decision is yours."
    assert not [f for f in analyze(text, claims=False).findings if f.fires]
