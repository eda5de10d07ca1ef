"""r39a: the reader's environment and the agent's blocked run, one class (docs/DESIGN.md#construction-classes). A
hand-over whose act is done where only the person is — a bare reload of their browser, a browser named as the place,
a sign-in check approved on their device — or a run the message reports the agent tried and could not do where it runs
(sandbox, network, permissions, a daemon not running) passes; the same hand-over with no such place or block still
fires, and so does an offer beside it or the approval of the agent's own plan."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    "text",
    [
        "Fixed the overlap in the header. Please refresh and confirm the warning is gone.",
        "Moved the toast offset. Please look again in Safari. If it's still hidden, I'll add a debug outline.",
        "Could you approve the OAuth consent screen in your browser? The CLI is waiting on it.",
        "Could you sign in and approve the MFA prompt on your phone? The session expired.",
        "`docker compose up` failed because Docker isn't running. Please start Docker and I'll rerun the stack.",
        "The clone failed: no network access in the sandbox. If you want me to retry the clone, enable network access "
        "and I'll run it again.",
    ],
)
def test_a_hand_over_in_the_persons_environment_or_of_a_blocked_run_passes(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Run `pytest` and tell me what fails.", "turn-taking",
         ["tells the reader to 'run", "work the agent could do"]),
        ("Please refresh the cache and tell me when it's done.", "turn-taking",
         ["tells the reader to 'refresh", "work the agent could do"]),
        ("If you want me to add more tests, say so and I'll write them.", "want-me-to", ["proposes to act"]),
        ("Could you approve the plan for the migration?", "approval-question",
         ["asks the reader to approve", "work the agent owns"]),
        ("Open the page and you should see the new badge. Would you like me to add a test for it?", "offer",
         ["would you like me to"]),
        ("Please reload the dashboard. If the chart is still blank, I can trace the query next.", "result-before-act",
         ["waits on the result of the reader's 'reload"]),
    ],
)  # fmt: skip
def test_the_same_hand_over_with_no_place_or_block_still_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)
