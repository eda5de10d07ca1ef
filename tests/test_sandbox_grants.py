"""r38m: the harness's sandbox and approvals, what only the person can grant (docs/DESIGN.md#construction-classes).

The agent's next act blocked by its sandbox, network or approval policy and made to wait on the person's grant — an
escalated command approved, network access enabled or available, a credential exported, the person's own machine set
right — is a wait on the person, whichever row reads it (wish condition, bonus offer, result-before-act,
word-before-act, turn-taking, work-list). An offer of the agent's own work beside it, a push with no block named, a
check handed back and an approval of the agent's own plan still fire."""

from __future__ import annotations

import pytest

from analyzer.grammar.registry import traced
from tests.judging import assert_judged, verdict_rule_reason


def _carved_by(text: str, rule: str) -> str:
    """The text does not fire, and the row `rule` carved it: its reason."""
    with traced() as calls:
        verdict, _, _ = verdict_rule_reason(text)
    assert verdict == "clear", verdict
    decided = [c.result for c in calls if c.name == rule and getattr(c.result, "reason", None)]
    assert decided, [c.name for c in calls]
    assert decided[-1].verdict == "carved", decided[-1]
    return decided[-1].reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("The image build did not run: the elevated retry was rejected. If you want, I can retry once you allow the "
         "escalated `docker build` command, or I can help you check the build args first.", "bonus-offer",
         ["'retry' waits on what only the person can grant", "escalated"]),
        ("The push failed: the sandbox can't resolve github.com. I can retry once network access is available, or if "
         "you want, you can run the push locally:\n\n```bash\ngit push -u origin feature/auth\n```", "bonus-offer",
         ["only the person can grant", "network access"]),
        ("**Tests**\n- `pnpm test` fails at once in this sandbox.\n\nNext steps: carry on with the Phase 3 tasks once "
         "the test runner issue is resolved on your machine so we can run the new suites.", "work-list",
         ["waits on the person's grant", "on your machine"]),
        ("The sandbox has no network. Enable network access and I'll rerun the install.", "turn-taking",
         ["person's own environment", "access"]),
        ("Publishing needs a registry token. Export an NPM_TOKEN and I'll publish the beta.", "turn-taking",
         ["person's own environment", "npm_token"]),
        ("Provide an OPENAI_API_KEY and I'll run the eval script end to end.", "turn-taking",
         ["supplies what only the person can grant", "openai_api_key"]),
        ("The upload was blocked. Once you approve the escalated command, I'll rerun the upload.", "word-before-act",
         ["only the person can grant", "escalated"]),
        ("If you'd like, I can try the push again once you approve the escalation.", "word-before-act",
         ["only the person can grant", "escalation"]),
        ("Deploy preview is blocked by DNS in the sandbox. I can rerun it once network access is enabled.",
         "result-before-act", ["what only the person can grant", "network access"]),
    ],
)  # fmt: skip
def test_the_agents_act_held_on_the_persons_grant_passes(text: str, rule: str, words: list[str]) -> None:
    reason = _carved_by(text, rule)
    for word in words:
        assert word.lower() in reason.lower(), reason


def test_the_wish_on_an_act_held_on_a_grant_reports_nothing() -> None:
    """The wish condition reads the same grant: no finding, not an offer left open."""
    assert verdict_rule_reason("If you want, I can retry once network access is enabled, or I can help you check the "
                               "build args.") == ("clear", None, "")  # fmt: skip


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        # an offer of the agent's own work, beside a grant or with none
        ("If you want, I can also add a retry to the uploader.", "wish-condition", ["agent's own 'add'"]),
        ("If you want, I can retry once network access is back, or I can add a retry loop to the script.",
         "wish-condition", ["agent's own 'retry'"]),
        ("If you want, I can rerun the build once the tests pass.", "wish-condition", ["agent's own 'rerun'"]),
        # a push the agent can do, no block named
        ("Let me know if you want me to push the branch.", "standing-by", ["let me know"]),
        # a check handed back
        ("Run `npm test` and tell me what fails.", "turn-taking", ["'run …'", "report back"]),
        # the approval of the agent's own plan, not a grant of the harness
        ("I can retry once you approve the plan.", "once-you-provide", ["'approve'"]),
        ("Approve the plan and I'll start on the migration.", "word-before-act", ["approve"]),
        # a timing on the agent's own result, and a result said to work on the reader's side
        ("Next steps: carry on with the Phase 3 tasks once the tests pass.", "work-list",
         ["carry on with the phase 3"]),
        ("If it builds on your machine, I'll carry on with the remaining fixes.", "word-before-act", ["'builds'"]),
        # a feature of the agent's about network or credentials is work, not a grant
        ("I can add token refresh to the auth client if you'd like.", "wish-condition", ["agent's own 'add'"]),
    ],
)  # fmt: skip
def test_the_neighbours_still_fire(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)
