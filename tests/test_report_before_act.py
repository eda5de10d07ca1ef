"""r31a (docs/DESIGN.md#construction-classes): the agent's next act made to wait on the reader's report — the agent
hands the reader a check it could run (rebuild, rerun, refresh, try) and conditions its own act on what the reader
sees or sends back. Rows report-before-act and result-before-act (analyzer/grammar/closing_reports.py), and
turn-taking's report back that hands over what a check showed ('Paste them and I'll update the map.')."""

from __future__ import annotations

import pytest

from analyzer import analyze
from analyzer.text.questions import REPORT, kind_of, question_sites
from tests.judging import assert_judged


@pytest.mark.parametrize(
    "text",
    [
        "If you see any new module errors, paste them and I'll update the import map.",
        "If anything still breaks after the restart, send the new error and I'll take the next one.",
        "If the linter complains again, send me what it prints and I'll clean it up.",
    ],
)
def test_an_instruction_after_a_condition_on_the_result_hands_the_check_back(text: str) -> None:
    assert_judged(text, "fire", "report-before-act", ["hand back what the check showed", "waits for it"])


def test_a_condition_before_an_act_of_the_readers_own_instruction_is_work_the_agent_could_do() -> None:
    assert_judged(
        "If the page is still blank, restart the dev server and I'll read the logs.",
        "fire",
        "report-before-act",
        ["tells the reader to 'restart", "work the agent could do"],
    )


@pytest.mark.parametrize(
    "text",
    [
        "Restart the worker. If the queue still backs up, we'll add a second consumer.",
        "Please reload the dashboard. If the chart is still blank, I can trace the query next.",
        "Try the upload with a 50 MB file. If there are timeouts, we'll raise the proxy limit.",
        "Now you should run the build once more. If there are errors, I'll fix them.",
        "Could you check the staging logs for the 502s? If they show upstream timeouts, we can bump the keepalive.",
    ],
)
def test_a_condition_on_the_result_of_an_instruction_before_it_waits_on_the_reader(text: str) -> None:
    assert_judged(text, "fire", "result-before-act", ["waits on the result of the reader's"])


@pytest.mark.parametrize(
    "text",
    [
        "If you run `npm test -- --verbose` and share the output, I can see which mock is leaking.",
        "Once you've rebuilt the image and restarted compose, I'll check whether the healthcheck passes.",
    ],
)
def test_a_condition_on_the_readers_act_waits_on_the_reader(text: str) -> None:
    assert_judged(text, "fire", "result-before-act", ["wait on the reader's", "work the agent could do"])


def test_a_report_back_of_a_pronoun_hands_over_what_a_check_showed() -> None:
    assert_judged("Paste them and I'll update the import map.", "fire", "turn-taking",
                  ["hand back what a check showed", "before the agent's 'update'"])  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "If the tests pass, I'll commit the change.",
        "If the cache is cold, the first request takes 2 s.",
        "Run `make` and then open http://localhost:8080. If the port is taken, set PORT in `.env`.",
        "Reran the suite after the fix. If it fails in CI again, it is the flaky network test we already quarantined.",
        "Restart the dev server. If it fails again, I'd suggest clearing the cache.",
        "If it fails, you'll see the error in build.log.",
        "He said that if the build breaks, he'll fix it in the morning.",
        "If anything still breaks, file a ticket for @oncall and they'll take it.",
        "The retry loop stops after three attempts. If the upstream is down, the job fails fast and logs why.",
        "Please add `src/db.py` to the chat. If it still needs the schema, I'll ask for that next.",
        "Ping me whenever you want a status.",
        "Once you share the logs, I'll dig into the crash.",
        "If you can point me to a specific hand or time, I'll dig into the rules logic.",
        "I can split the PR into two if you would rather review the directive text alone.",
    ],
)
def test_a_status_a_things_condition_a_third_party_or_the_persons_context_act_is_no_finding(text: str) -> None:
    report = analyze(text)
    assert report.verdict == "clear", report.firing.reason if report.firing else ""


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        (
            "Please sign in with `op signin`. If it still says no account, I'll walk you through the desktop app.",
            "result-before-act",
        ),
        ("Approve PR #812 on GitHub. Once it's merged, I'll rebase the stack.", "result-before-act"),
        ("Plug in the YubiKey. Once you've done that, I'll check the card status.", "result-before-act"),
    ],
)
def test_a_human_only_act_handed_to_the_reader_is_exempt(text: str, rule: str) -> None:
    assert_judged(text, "exempt", rule, ["human-only"])


def test_a_report_site_carries_the_instructions_before_it() -> None:
    text = "Rebuild the UI container and reload.\n\nIf it still hangs, we'll inspect the token exchange."
    site = question_sites(text)[-1]
    assert site.kind == REPORT
    assert [text[a:b] for a, b in site.parts] == ["Rebuild the UI container and reload."]
    assert kind_of("If the queue still backs up, we'll add a second consumer.") == REPORT
    assert kind_of("If the cache is cold, the first request takes 2 s.") is None


@pytest.mark.parametrize(
    "text",
    [
        "If you have the staging API key, send it over and I'll finish the setup.",
        "The rebase is prepared locally. Once you merge #812, I'll rebase onto it.",
        "Once you have logged in to your AWS account, paste the account alias and I'll finish the config.",
    ],
)
def test_the_agents_act_held_until_the_readers_human_only_act_is_a_hold(text: str) -> None:
    report = analyze(text)
    assert report.verdict == "clear"
    assert not report.findings


@pytest.mark.parametrize(
    "text",
    [
        "Once you have successfully signed in, please tell me to proceed, and I will save the GPG keypair.",
        'Once you have finished the login process, type "done" here, and I will verify everything.',
        "When you've authenticated with `gh auth login`, let me know and I'll push the branch.",
    ],
)
def test_a_condition_on_the_readers_credential_act_holds_what_follows(text: str) -> None:
    report = analyze(text)
    assert report.verdict == "clear", report.firing.reason if report.firing else ""
    assert not report.findings


def test_a_condition_on_another_act_of_the_readers_is_no_credential_hold() -> None:
    assert_judged(
        "Once you've rebuilt the image, tell me and I'll check the healthcheck.", "fire", "word-before-act", []
    )


@pytest.mark.parametrize(
    "text",
    [
        "Run the e2e suite once more. Should anything go red, I'll bisect the last three commits.",
        "Reload the landing page in Safari. If the text still flashes, I'll inline the critical CSS.",
    ],
)
def test_an_inverted_condition_or_an_instruction_read_as_a_noun_still_waits(text: str) -> None:
    assert_judged(text, "fire", "result-before-act", ["waits on the result of the reader's"])


def test_a_report_back_after_a_condition_on_an_event_is_left_by_the_contact_closer() -> None:
    assert_judged(
        "Recompile with `-Wall`; if there are new warnings, paste them here and I'll clean them up.",
        "fire",
        "report-before-act",
        ["hand back what the check showed"],
    )


def test_a_long_condition_the_model_makes_the_root_keeps_the_instruction_after_it() -> None:
    assert_judged(
        "And if the probe prints the platform but the window still doesn't stay open, share that output and I'll "
        "adjust the startup sequence.",
        "fire",
        "report-before-act",
        ["hand back what the check showed"],
    )


def test_an_instruction_that_names_a_credential_is_the_readers_own() -> None:
    assert_judged(
        "Plug in the YubiKey and touch it when it blinks. Once you've done that, I'll check the card status.",
        "exempt",
        "result-before-act",
        ["credential act only the reader can do"],
    )


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("If it still fails, I'll restart the worker.", REPORT),
        ("I'll restart the worker if it still fails.", REPORT),
        ("If the numbers look off, paste them here.", REPORT),
        ("I'll restart the worker tonight.", None),
    ],
)
def test_a_report_site_is_a_mark_with_the_agents_act_either_side_or_a_report_back_after_it(
    text: str, kind: str | None
) -> None:
    assert kind_of(text) == kind


def test_a_long_run_of_marks_with_nothing_after_them_is_read_in_one_pass() -> None:
    # A pattern with an open gap between the mark and the act scanned the rest of the sentence from every mark: this
    # one took 11 s at 5,000 marks before the three searches replaced it.
    assert kind_of("if " * 20000 + "done.") is None
    assert kind_of("I will " * 20000 + "done.") is None
