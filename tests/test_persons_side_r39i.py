"""r39i: the person's side of a closing list and the person's own facts (docs/DESIGN.md#construction-classes). A closing
list's item that checks the work where only the person is (their browser, a dashboard, a screen, their machine or
tablet, by hand), that supplies a credential only the person holds, that opens or restarts a place the reader owns, or
that runs what the message reports its sandbox held back, is the person's under any lead-in; a report-back that asks
the person's own facts (which browser, which account they signed in with, which host they expected) waits on the
person. The same check with no such place, work joined before the person's check, the same run with no block reported
and a wh-question asking the reader to choose still fire."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    "text",
    [
        # a check made where only the person is, under a lead-in that is no re-check
        "The grid is virtualized.\n\nNext steps:\n- Scroll the grid in your browser to confirm it stays smooth.",
        "The filters are fixed.\n\nSuggestions:\n1. Run a quick smoke test of the reports screen.",
        "The wizard is wired.\n\nWhat you can do next:\n- Manual validation of the wizard per the quickstart.",
        "The upload queue is faster.\n\nNext step: load a big folder to confirm the timings on your machine.",
        "The cards are restyled.\n\nThings to verify:\n- Test the hover states on your tablet.",
        "The admin page is split.\n\nNext step: open the new page in your browser to double-check the settings.",
        # a credential only the person holds, a place the reader owns restarted
        "The Jira entry is added.\n\nNext steps:\n- Generate an API token and export it as `JIRA_API_TOKEN`.",
        "The MCP server is configured.\n\nNext steps:\n- Restart your editor so it loads the server.",
        # a run the agent tried and its sandbox held back, handed over in the list
        "Tests not run: `cargo` is not installed in this sandbox.\n\nNext steps:\n1. Run `cargo test` to confirm it.",
        # the person's own facts asked before the agent goes on
        "If you expected some cron jobs, let me know which host and I'll search again.",
        "If the banner still shows, tell me which browser and I'll adjust the breakpoint.",
        "If you still get logged out, let me know which account you signed in with and I'll trace the session.",
    ],
)  # fmt: skip
def test_the_persons_side_passes(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize(
    ("text", "item"),
    [
        # the same check with no place of the person's: the agent could run it
        ("The grid is virtualized.\n\nNext steps:\n- Run the render benchmark to confirm the frame times.",
         "run the render benchmark"),
        ("The filters are fixed.\n\nSuggestions:\n1. Add a smoke test for the reports endpoint.", "add a smoke test"),
        # work joined before the person's check, or a place that is the work's subject
        ("The wizard is wired.\n\nNext step: finish the polish tasks and check them manually per the quickstart.",
         "finish the polish tasks"),
        ("The cards are restyled.\n\nNext steps:\n- Add a dark variant for the cards in the dashboard.",
         "add a dark variant"),
        ("The Jira entry is added.\n\nNext steps:\n- Add a README section for the server.", "add a readme section"),
        # the same run with no block reported
        ("The parser is fixed.\n\nNext steps:\n1. Run `cargo test` to confirm the fix.", "run `cargo test`"),
    ],
)  # fmt: skip
def test_work_the_agent_could_do_still_fires(text: str, item: str) -> None:
    assert_judged(text, "fire", "work-list", ["hands the reader work the agent could do", item])


def test_a_wh_question_of_choice_still_fires() -> None:
    text = "If the overlay still flickers, tell me which fix you prefer and I'll apply it."
    assert_judged(text, "fire", "report-before-act", ["apply"])
