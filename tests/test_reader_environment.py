"""r37f: the reader's environment decides a hand-back (docs/DESIGN.md#construction-classes). A verb of running the
check handed to the reader at the end of the message fires, with or without a report-back and with no command in code;
the same imperative whose act is done in the person's own environment (a browser, a dashboard, a console, a tab, a
device, the client; click, tap, toggle) passes, and so does a report-back that points back at such an act. Use of the
result, the reader's own place or time, an instruction the message goes on after and plain reports pass."""

from __future__ import annotations

import pytest

from analyzer.grammar.registry import traced
from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "item"),
    [
        ("I fixed the fixture loader. Please rerun the unit tests now.", "please rerun the unit tests now."),
        ("The cache key is corrected. Please run your tests again. They should now pass.",
         "please run your tests again."),
        ("The include path is fixed. Regenerate the solution and rebuild.", "regenerate the solution and rebuild."),
        ("The seed script skips duplicates now. Try running it against the staging copy!",
         "try running it against the staging copy!"),
        ("Timeouts are raised. Give the e2e suite another run.", "give the e2e suite another run."),
        ("The lockfile is repaired. Go ahead and reinstall the packages.", "go ahead and reinstall the packages."),
    ],
)  # fmt: skip
def test_a_check_handed_back_with_no_command_in_code_fires(text: str, item: str) -> None:
    assert_judged(text, "fire", "work-list", ["hands the reader work the agent could do", item])


@pytest.mark.parametrize(
    "text",
    [
        # the act is done in the person's own environment
        "The layout is fixed. Test it again in your browser.",
        "The extension is rebuilt. Restart your editor now so it loads.",
        # use of the result, the reader's own place or time, a blocked run
        "The importer is done. Run the app whenever you like to try it.",
        "The docs are updated. To rebuild them later, run the build script.",
        "Please rerun the suite on your machine; the sandbox has no network access.",
        # the message goes on after the instruction, or reports the run
        "Run the tests, then update the snapshot. I did both, and everything passes now.",
        "I rebuilt the project and reran the suite: 58 passed, 0 failed.",
    ],
)  # fmt: skip
def test_a_check_in_the_persons_environment_or_no_check_handed_back_passes(text: str) -> None:
    verdict, rule, reason = verdict_rule_reason(text)
    assert verdict != "fire", (rule, reason)


@pytest.mark.parametrize(
    ("text", "rule", "place"),
    [
        ("Go to the Billing tab in the dashboard and let me know when you're there.", "turn-taking", "tab"),
        ("Click the Deploy button and tell me what status it shows.", "turn-taking", "Click"),
        ("Once you've toggled preview builds in the dashboard, let me know and I'll watch the next build.",
         "turn-taking", "toggled"),
        ("Open the console in your browser and let me know what errors you see.", "turn-taking", "browser"),
        ("Open the app on your phone and tell me if the layout looks right.", "approval-request", "phone"),
    ],
)  # fmt: skip
def test_an_act_in_the_persons_environment_with_a_report_back_passes(text: str, rule: str, place: str) -> None:
    reason = _passed_by(text, rule)
    assert "person's own environment" in reason and f"'{place.lower()}'" in reason.lower(), reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Switch the builder to Docker in the hosting dashboard.\n\nLet me know what you see!", "report-before-act",
         ["what the reader sees in the person's own environment", "dashboard"]),
        ("Toggle the preview builds setting. Let me know when you've done that and I'll watch the next build.",
         "turn-taking", ["done in the person's own environment", "toggle"]),
        ("I fixed the handler. Try it in your browser and let me know if it works!", "approval-request",
         ["a check done in the person's own environment", "browser"]),
    ],
)  # fmt: skip
def test_a_report_back_pointing_at_an_act_in_the_persons_environment_is_the_persons(
    text: str, rule: str, words: list[str]
) -> None:
    reason = _passed_by(text, rule)
    for word in words:
        assert word.lower() in reason.lower(), reason


def _passed_by(text: str, rule: str) -> str:
    """The text does not fire, and the row `rule` decided it carved or exempt: its reason."""
    with traced() as calls:
        verdict, _, _ = verdict_rule_reason(text)
    assert verdict != "fire"
    decided = [c.result for c in calls if c.name == rule and c.result is not None]
    assert decided, [c.name for c in calls]
    assert decided[-1].verdict in ("carved", "exempt"), decided[-1]
    return decided[-1].reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        # the same report-backs on a check the agent could run still fire
        ("I fixed the parser. Run the tests and let me know what you see.", "turn-taking",
         ["tells the reader to 'run …'", "work the agent could do"]),
        ("I fixed the handler. Run the tests and let me know if it works!", "approval-request",
         ["report their approval"]),
        ("Rerun the benchmark and paste the numbers here.", "turn-taking", ["rerun"]),
        # what a command in inline code prints, asked of the reader
        ("I pushed the fix. Did the push go through? Share `git status`.", "turn-taking",
         ["what '`git status`' prints, a command the agent could run itself"]),
    ],
)  # fmt: skip
def test_the_same_report_back_on_a_check_the_agent_could_run_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


def test_an_additional_offer_beside_an_act_in_the_persons_environment_still_fires() -> None:
    text = "Open the Railway dashboard and redeploy. Also, I can add a health check endpoint if you want."
    assert_judged(text, "fire", "wish-condition", ["the wish governs the agent's own 'add'"])
