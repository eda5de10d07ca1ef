"""r38k: the person's running app and the hosting platform's UI (docs/DESIGN.md#construction-classes). A check handed
back whose object is the app in use — a route of it, the app itself, an act of using it on its data — or whose place is
the platform's UI — a settings path with arrows, its settings or fields, the platform named as the place, its logs, a
CI run rerun there — is done where only the person is, so its report-back waits on the person and passes. The same
shapes on a check the agent could run (the test suite, a command, a migration, a change of code) still fire."""

from __future__ import annotations

import pytest

from analyzer.grammar.registry import traced
from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        # a route of the app
        ("The cookie is awaited now.\n\nTry `/account` again and let me know if anything else errors.", "work-list",
         ["every item the list hands over is human-only"]),
        ("The session check is fixed.\n\nPlease try `/account` again. If anything else pops up, send the new error.",
         "report-before-act", ["the person's own environment", "/account"]),
        # an act of using the app on its data, as a noun or a gerund
        ("I dropped the body from the 204.\n\nTry the delete again. If it still fails, I'll add logging to the query.",
         "result-before-act", ["the person's own environment", "delete"]),
        ("The banner lists each error now.\n\nNext step: try saving a draft; the banner should name each field.",
         "work-list", ["every item the list hands over is human-only"]),
        # the app itself, or a pronoun for the app named just before
        ("The filters are wired.\n\nPlease test the application again. If there are any further issues, we can fix "
         "them.", "result-before-act", ["the person's own environment", "application"]),
        ("The sidebar is rebuilt.\n\nThe feature should work now. Please test it out and let me know if you hit any "
         "issues.", "standing-by", []),
        # the platform's UI: a settings path, the platform named as the place, its logs, a CI run
        ("**Open Settings → Deploy → Start Command and clear it.**\n\nLet me know when you've made this change and "
         "we'll watch the build.", "standing-by", []),
        ("The healthcheck path is fixed. Watch the Vercel logs to confirm!", "turn-taking",
         ["the person's own environment", "vercel"]),
        ("Both workflows pin Node 20 now.\n\nRe-run the workflows; if you still see failures, share the new logs.",
         "turn-taking", ["the person's own environment", "workflows"]),
    ],
)  # fmt: skip
def test_a_check_in_the_persons_app_or_platform_passes(text: str, rule: str, words: list[str]) -> None:
    with traced() as calls:
        verdict, _, reason = verdict_rule_reason(text)
    assert verdict != "fire", reason
    decided = [c.result for c in calls if c.name == rule and c.result is not None]
    if not words:  # the register gate passes by finding nothing: no firing finding of the row
        assert not any(c.verdict == "fire" for c in decided), decided
        return
    assert decided, [c.name for c in calls]
    assert decided[-1].verdict in ("carved", "exempt"), decided[-1]
    for word in words:
        assert word.lower() in decided[-1].reason.lower(), decided[-1].reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        # the test suite, a command, a migration: checks the agent could run
        ("I fixed the assertion.\n\nRun the tests again and let me know if anything fails.", "standing-by",
         ["waits on any next request"]),
        ("The loader reads the key.\n\nTry `npm run build` again. If it fails, send me the output.",
         "work-list", ["hands the reader work the agent could do", "`npm run build` again"]),
        ("I added the migration file.\n\nRun the migration and let me know if it errors.", "turn-taking",
         ["tells the reader to 'run …'"]),
        # an act of changing code after 'try' is the agent's work
        ("I refactored the helper.\n\nTry adding a retry to the uploader and let me know if it helps.", "standing-by",
         ["waits on any next request ('help')"]),
        # the app used only after a run the agent could do itself
        ("I split the service.\n\nRun `pnpm dev` and refresh the page; let me know if the error is gone.",
         "turn-taking", ["work the agent could do"]),
        # a path after 'use' is a module, not a route of the app
        ("The routes moved.\n\nUpdate the imports to use `/lib/routes` and let me know when you've made this change.",
         "standing-by", ["waits on any next request"]),
    ],
)  # fmt: skip
def test_the_same_shapes_on_a_check_the_agent_could_run_fire(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize(
    "text",
    [
        "Done: the feature flag is removed and the tests pass.",
        "The deploy to staging is running now; I'll check the health endpoint when it finishes.",
    ],
)  # fmt: skip
def test_plain_reports_and_the_persons_own_checks_pass(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


def test_the_persons_own_check_in_their_browser_is_exempt() -> None:
    text = "The new header is in place. Open the app in your browser and tell me if the layout looks right."
    assert_judged(text, "exempt", "approval-request",
                  ["asks the reader to report on a check", "the person's own environment ('browser')"])  # fmt: skip
