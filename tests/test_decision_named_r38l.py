"""r38l (docs/DESIGN.md#construction-classes): a human-only decision named where the hand-over does not name it.

A copula's attribute that names the decision ('that's a billing change I can't make', 'is a legal question — yours to
decide'); the topic of the agent's stance a demonstrative stands for ('Happy to get out of the way on the upgrade to the
paid plan — that's yours to buy'); the reader's word on an act the model hung on the bound ('pending your OK on the
production deploy'); the reader's own act a view is asked before ('Any concerns before you approve PR #88 for merge?');
an order adverb before a choice's options ('Which do you want first, …'); a label before the phrase's colon; a definite
act noun pointing back at the act named before ('May I go ahead with the rewrite?'). Each exempt row has a twin on the
agent's own work that still fires.
"""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged, verdict_rule_reason

EXEMPT = [
    ("I'll let you pick between the Team and Business plans on Netlify; that's a billing change I can't make.",
     "reader-decides", ["names the decision", "billing change", "decision-named"]),
    ("Whether we can bundle the GPL font in the closed app is a legal question — yours to decide, not mine.",
     "reader-decides", ["legal question", "legal"]),
    ("Whether we can bundle the GPL font in the closed app is a legal question — your call.", "decision-named",
     ["legal question", "human-only"]),
    ("Moving the workspace to the Business plan is a billing change, your call.", "decision-named",
     ["billing change", "billing"]),
    ("Happy to get out of the way on the upgrade to the paid Sentry plan — that's yours to buy.", "reader-decides",
     ["the topic of the agent's stance", "upgrade to the paid sentry plan", "billing"]),
    ("Glad to step aside on the move to the Team plan — that's your call.", "stance-topic",
     ["stance", "team plan", "billing"]),
    ("Any concerns before you approve PR #88 for merge?", "approval-question", ["human-only", "merge"]),
    ("Any objections before you tag 2.4.0?", "approval-question", ["human-only", "release"]),
    ("Which do you want first, the production deploy of the search fix or the 2.1 release?", "choice-question",
     ["'the production deploy of the search fix or the 2.1 release'", "production-deploy"]),
    ("- Docs: done\n- IAM grant to the prod service account: **your call**, I can't apply IAM in prod", "label-topic",
     ["what the label before it names", "iam"]),
    ("Cleaning the leaked key out of history means force-pushing over `main`, which everyone has pulled. May I go "
     "ahead with the rewrite?", "bound-before", ["'the rewrite' points back", "history", "act-noun-before"]),
    ("Deleting the 2019 archives from the production database frees 40 GB. May I go ahead with the deletion?",
     "bound-before", ["'the deletion' points back", "production-data"]),
]

FIRE = [
    ("I'll let you pick between the two cache layouts; that's a refactor I can do either way.", "reader-decides",
     ["not a copular ownership"]),
    ("I'll let you choose the batch size; that's a config change I can make in a minute.", "reader-decides",
     ["not a copular ownership"]),
    ("Whether we keep the old parser is a design question — your call.", "status-prose", ["reports a status"]),
    ("Refactoring the billing module is a billing change, your call.", "status-prose", ["reports a status"]),
    ("Happy to get out of the way on the parser refactor — that's yours to do.", "reader-decides",
     ["the topic of the agent's stance", "agent owns"]),
    ("Happy with the cache layout — that's yours to pick.", "reader-decides", ["no human-only"]),
    ("Any concerns before I merge the cache fix?", "approval-question", ["asks for the reader's view"]),
    ("Any concerns before you review the parser refactor?", "approval-question", ["agent owns", "refactor"]),
    ("Which do you want first, the cache fix or the docs?", "choice-question", ["agent owns", "fix", "docs"]),
    ("- Cache rename in the parser: **your call**, I can do it either way", "topic", ["agent owns", "parser"]),
    ("Cleaning up the parser means rewriting the tokenizer. May I go ahead with the rewrite?", "leave-question",
     ["agent owns", "rewrite"]),
    ("Deleting the temp files in my scratch dir frees 40 GB. May I go ahead with the deletion?", "leave-question",
     ["no human-only"]),
    ("Paused pending your OK on the cache rename.", "wait-on-reader", ["waits on the reader's 'ok'"]),
]


@pytest.mark.parametrize(("text", "rule", "words"), EXEMPT)
def test_human_only_decision_named_beside_the_hand_over_is_exempt(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "exempt", rule, words)


@pytest.mark.parametrize(("text", "rule", "words"), FIRE)
def test_same_position_on_agent_work_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize(
    "text",
    [
        "Paused pending your OK on the production database deletion of the 2019 archives.",
        "Paused pending your OK on the production deploy.",
    ],
)
def test_the_readers_word_on_a_human_only_act_passes_with_no_finding(text: str) -> None:
    """The wait-on-reader register reports only a wait on the reader for the agent's own work; the OK on a human-only
    act (its 'on' phrase hung on 'pending' by the model) leaves no finding."""
    assert analyze(text, claims=False).findings == ()
    assert verdict_rule_reason(text) == ("clear", None, "")


def test_offers_stay_offer_shaped() -> None:
    """docs/DESIGN.md#phrase-families: 'want me to' always fires when found, a human-only act or not."""
    report = analyze("Want me to force-push over the published main history to scrub the key?", claims=False)
    assert report.verdict == "fire"
    assert report.firing is not None and report.firing.rule == "want-me-to"
