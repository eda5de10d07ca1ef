"""The real Claude Code binary drives the real registered hook (docs/DESIGN.md#real-clients): each scenario runs
`claude -p` from a fresh HOME and project with `lanegate install`, against a scripted Anthropic Messages mock on
127.0.0.1, and asserts the audit log's exact classes and tags and what the client sent the model.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from tests.realclient.background import background
from tests.realclient.clients import CLAUDE_CODE
from tests.realclient.conftest import Seat, run_client
from tests.realclient.mock_api import AnthropicMock, Call, Request, Rule, Say, Script, prompt_has, result_of
from warmparse.client import statuses, stop_all
from warmparse.place import RUNTIME_NAME

pytestmark = pytest.mark.realclient

FEEDBACK = "Stop hook feedback"
OFFER = "Parser lane: the CRLF tests pass. Would you like me to open the PR?"
GH_URL = "https://github.com/acme/parser/pull/12"


def claude(binary: Path, seat: Seat, api: AnthropicMock, *args: str, env: dict[str, str] | None = None,
           stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    client_env = {"ANTHROPIC_BASE_URL": api.url, "ANTHROPIC_API_KEY": "sk-ant-mock",
                  "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1", **(env or {})}
    done = run_client([str(binary), *args], seat, client_env, stdin=stdin)
    assert done.returncode == 0, done.stderr
    return done


def main_requests(api: AnthropicMock) -> list[Request]:
    """The requests of the main conversation (tools offered), in order."""
    return api.requests(lambda r: r.has_tools)


def test_operator_dialogue_is_allowed_and_never_linted(claude_binary: Path, seat: Seat) -> None:
    script = Script([Rule(prompt_has("CRLF"), [Say("It folds CRLF to LF first. Want me to add a regression test?")])])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "What does the tokenizer do with CRLF line ends?")
    assert seat.classes() == [("ALLOW", "operator-dialogue")]
    assert seat.audit()[0]["operator_in_loop"] is True
    assert len(main_requests(api)) == 1


def test_an_autonomous_offer_is_refused_and_the_reason_reaches_the_model(claude_binary: Path, seat: Seat) -> None:
    script = Script([Rule(prompt_has(FEEDBACK), [Say("Opening it is mine to do: done.")]),
                     Rule(prompt_has("[WAKE]"), [Say(OFFER)])])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega: parser lane",
               env={"LANEGATE_MAX_REFUSALS": "1"})
    assert seat.classes() == [("BLOCK", "deference"), ("CEILING-ALLOW", "ceiling")]
    refusal = seat.audit()[0]
    assert (refusal["phrase"], refusal["operator_in_loop"]) == ("would you like me to", False)
    requests = main_requests(api)
    assert len(requests) == 2
    # 2.1.328 delivers the refusal as a user message "Stop hook feedback:" carrying the reason verbatim.
    assert FEEDBACK in requests[1].last_user_text
    assert refusal["reason"] in requests[1].last_user_text


def test_an_unbacked_claim_is_refused_with_the_claim_quoted(claude_binary: Path, seat: Seat) -> None:
    script = Script([Rule(prompt_has(FEEDBACK), [Say("Ran the docs build: 0 warnings.")]),
                     Rule(prompt_has("[WAKE]"), [Say("The parser lane is merged. Picking up the docs lane now.")])])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega", env={"LANEGATE_MAX_REFUSALS": "1"})
    assert seat.classes() == [("BLOCK", "unbacked-claim"), ("CEILING-ALLOW", "ceiling")]
    claim = seat.audit()[0]["claim"]
    assert (claim["text"], claim["form"]) == ("Picking up the docs lane now.", "participle")
    assert "Picking up the docs lane now." in main_requests(api)[1].last_user_text


def test_a_real_tool_call_runs_and_its_result_reaches_the_model(claude_binary: Path, seat: Seat) -> None:
    seat.write("NOTES.md", "tokenizer notes\n")
    script = Script([
        Rule(result_of("toolu_ls"), [Say("The project holds NOTES.md.")]),
        Rule(prompt_has("Which files"), [Call("toolu_ls", "Bash", {"command": "ls", "description": "List files"})]),
    ])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "Which files are in the project?", "--allowedTools", "Bash")
    assert seat.classes() == [("ALLOW", "operator-dialogue")]
    assert "NOTES.md" in main_requests(api)[1].result_text("toolu_ls")


def test_the_ceiling_allows_after_three_refusals(claude_binary: Path, seat: Seat) -> None:
    script = Script([Rule(prompt_has("[WAKE]"), [Say("Reviewed the parser module.")])], fallback="Reviewed it again.")
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega")
    assert seat.classes() == [("BLOCK", "no-lane-state")] * 3 + [("CEILING-ALLOW", "ceiling")]
    assert len(main_requests(api)) == 4


def test_without_a_ceiling_the_client_overrides_the_ninth_block(claude_binary: Path, seat: Seat) -> None:
    """2.1.328 ends the turn itself after 9 consecutive blocks (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP raises it):
    a ceiling above 8, or 0, is bounded by the client, not by lanegate (docs/DESIGN.md#payload,
    docs/DESIGN.md#doctor)."""
    script = Script([Rule(prompt_has("[WAKE]"), [Say("Reviewed the parser module.")])], fallback="Reviewed it again.")
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega", env={"LANEGATE_MAX_REFUSALS": "0"})
    assert seat.classes() == [("BLOCK", "no-lane-state")] * 9
    assert len(main_requests(api)) == 9  # the 9th refusal never reaches the model
    (transcript,) = seat.transcripts()
    notes = [r["content"] for r in seat.records(transcript) if r.get("subtype") == "informational"]
    assert any("9 consecutive times" in n and "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP" in n for n in notes)


def test_dry_run_audits_the_refusal_and_lets_the_turn_end(claude_binary: Path, seat: Seat) -> None:
    script = Script([Rule(prompt_has("[WAKE]"), [Say(OFFER)])])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega", env={"LANEGATE_MODE": "dry-run"})
    assert seat.classes() == [("WOULD-BLOCK", "deference")]
    assert len(main_requests(api)) == 1


def test_a_foreground_subagent_is_judged_on_its_own_transcript(claude_binary: Path, seat: Seat) -> None:
    agent = {"description": "Find call sites", "prompt": "SUBTASK find the call sites of parse_header",
             "subagent_type": "general-purpose", "run_in_background": False}
    script = Script([
        Rule(prompt_has("SUBTASK"), [Say("Found three call sites of parse_header in src/.")]),
        Rule(result_of("toolu_fg"), [Say("The explorer found three call sites: lexer, cli and tests.")]),
        Rule(prompt_has("Use a subagent"), [Call("toolu_fg", "Agent", agent)]),
    ], fallback="Still three call sites.")
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "Where is parse_header called? Use a subagent.",
               env={"LANEGATE_MAX_REFUSALS": "1"})
    lines = seat.audit()
    sub = [(a["class"], a["tag"]) for a in lines if "/" in str(a["session"])]
    lead = [(a["class"], a["tag"]) for a in lines if "/" not in str(a["session"])]
    # A subagent is prompted by its parent, never the operator: its bare report is an autonomous stop.
    assert sub == [("BLOCK", "no-lane-state"), ("CEILING-ALLOW", "ceiling")]
    assert lead == [("ALLOW", "operator-dialogue")]
    assert lines[-1]["session"] == lines[0]["session"].split("/")[0]


def test_a_background_subagent_is_work_in_flight_for_the_lead_but_its_own_stop_is_judged(
    claude_binary: Path, seat: Seat
) -> None:
    agent = {"description": "Count TODOs", "prompt": "SUBTASK count the TODO markers in src/",
             "subagent_type": "general-purpose", "name": "counter"}
    script = Script([
        # The teammate answers after the lead's turn has ended, so the lead's stop sees it running.
        Rule(prompt_has("SUBTASK"), [Say("Counted 42 TODO markers in src/.")], times=1, delay=2.0),
        Rule(prompt_has("<task-notification>"), [Say("The counter finished: 42 TODO markers. Want me to file them?")]),
        Rule(result_of("toolu_bg"), [Say("A teammate is counting the TODO markers; it will report back.")]),
        Rule(prompt_has("TODO markers"), [Call("toolu_bg", "Agent", agent)]),
    ], fallback="Counted them again: 42.")
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "How many TODO markers are in src/? Use a teammate.",
               env={"LANEGATE_MAX_REFUSALS": "1"})
    lines = seat.audit()
    sub = [(a["class"], a["tag"]) for a in lines if "/" in str(a["session"])]
    lead = [(a["class"], a["tag"]) for a in lines if "/" not in str(a["session"])]
    # docs/DESIGN.md#payload revision 3: the stopping subagent's own background_tasks entry is not work it waits on.
    assert sub == [("BLOCK", "no-lane-state"), ("CEILING-ALLOW", "ceiling")]
    # The lead's stop while the teammate works: background_tasks lists it; the notification turn that
    # answers the operator is operator dialogue (docs/DESIGN.md#operator-or-autonomous revision 3).
    assert lead == [("ALLOW", "background-work"), ("ALLOW", "operator-dialogue")]


def test_a_background_task_and_its_notification_turn(claude_binary: Path, seat: Seat) -> None:
    build = {"command": "sleep 2; echo built", "description": "Build", "run_in_background": True}
    script = Script([
        Rule(prompt_has("<task-notification>"), [Say("The build finished. Would you like me to run the tests too?")]),
        Rule(result_of("toolu_bgsh"), [Say("The build runs in the background; I will report when it ends.")]),
        Rule(prompt_has("Run the build"), [Call("toolu_bgsh", "Bash", build)]),
    ])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "Run the build in the background and tell me how it went.",
               "--allowedTools", "Bash")
    assert seat.classes() == [("ALLOW", "background-work"), ("ALLOW", "operator-dialogue")]
    assert [a["operator_in_loop"] for a in seat.audit()] == [True, True]


def test_a_message_typed_mid_turn_is_operator_dialogue(claude_binary: Path, seat: Seat) -> None:
    """stream-json input lets a second message arrive while the first turn runs a tool: the client records
    it as a queued_command attachment and shows it to the model as a system message."""
    script = Script([
        Rule(result_of("toolu_sleep"), [Say("Built; the lexer is fine too. Want me to run the suite?")]),
        Rule(prompt_has("[WAKE]"), [Call("toolu_sleep", "Bash", {"command": "sleep 4; echo built",
                                                                  "description": "Build"})]),
    ])

    def message(text: str) -> str:
        return json.dumps({"type": "user", "message": {"role": "user", "content": text}}) + "\n"

    with AnthropicMock(script) as api:
        env = {"ANTHROPIC_BASE_URL": api.url, "ANTHROPIC_API_KEY": "sk-ant-mock",
               "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1"}
        argv = [str(claude_binary), "-p", "--input-format", "stream-json", "--output-format", "stream-json",
                "--verbose", "--allowedTools", "Bash"]
        process = subprocess.Popen(argv, cwd=seat.project, env={**seat.env, **env}, stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert process.stdin is not None
        process.stdin.write(message("[WAKE] tick from @vega: run the build"))
        process.stdin.flush()
        deadline = time.monotonic() + 60
        while not api.requests(result_of("toolu_sleep")) and not api.requests(lambda r: r.has_tools):
            assert time.monotonic() < deadline, "the client never asked the model"
            time.sleep(0.1)
        time.sleep(1.0)  # the sleep 4 is running now
        process.stdin.write(message("also check the lexer while it builds"))
        process.stdin.flush()
        process.communicate(timeout=120)
    assert seat.classes() == [("ALLOW", "operator-dialogue")]
    assert "also check the lexer" in main_requests(api)[-1].last_user_text
    (transcript,) = seat.transcripts()
    queued = [r["attachment"] for r in seat.records(transcript) if r.get("type") == "attachment"
              and r["attachment"].get("type") == "queued_command"]
    assert [(q["commandMode"], q["prompt"], "origin" in q) for q in queued] == [
        ("prompt", "also check the lexer while it builds", False)
    ]


def test_a_typed_slash_command_is_operator_dialogue(claude_binary: Path, seat: Seat) -> None:
    seat.write(".claude/commands/lanefix.md", "Review the pull request named in: $ARGUMENTS\n")
    script = Script([Rule(prompt_has("Review the pull request named in: PR 123"),
                          [Say("Reviewed PR 123: two nits in the lexer. Want me to push the fixes?")])])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "/lanefix PR 123")
    assert seat.classes() == [("ALLOW", "operator-dialogue")]
    assert len(main_requests(api)) == 1


def test_compact_is_allowed_as_compaction_never_an_error(claude_binary: Path, seat: Seat) -> None:
    script = Script([Rule(prompt_has("CRLF"), [Say("It folds CRLF to LF first.")])],
                    fallback="<analysis>short</analysis>\n<summary>The operator asked about CRLF handling.</summary>")
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "What does the tokenizer do with CRLF line ends?")
        claude(claude_binary, seat, api, "-p", "--continue", "/compact")
    assert seat.classes() == [("ALLOW", "operator-dialogue"), ("ALLOW", "compaction")]


def test_disable_all_hooks_in_local_settings_silences_the_hook(claude_binary: Path, seat: Seat) -> None:
    seat.write(".claude/settings.local.json", {"disableAllHooks": True})
    script = Script([Rule(prompt_has("[WAKE]"), [Say(OFFER)])])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega")
    assert seat.audit() == []
    assert len(main_requests(api)) == 1


def test_a_clean_terminal_is_accepted_after_two_drives(claude_binary: Path, seat: Seat) -> None:
    handoff = ("Parser lane handed to review.\n\n```lane-state\n"
               '{"laneContinuation": "next-lane", "namedGates": [{"ref": "issue #7", "checkedAt": "{now}", '
               '"nextActor": "@reviewer"}]}\n```')
    script = Script([Rule(prompt_has("[WAKE]"), [Say(handoff)])], fallback="")
    script.rules.append(Rule(prompt_has(FEEDBACK), [Say(handoff)]))
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega", env={"LANEGATE_IDENTITY": "@lanebot"})
    assert seat.classes() == [("BLOCK", "valid-lane-state"), ("BLOCK", "valid-lane-state"),
                              ("CLEAN-TERMINAL ALLOW", "clean-terminal")]
    assert len(main_requests(api)) == 3


def test_a_pull_request_created_is_a_material_artifact(claude_binary: Path, seat: Seat) -> None:
    seat.tool("gh", f"#!/bin/sh\necho {GH_URL}\n")
    create = {"command": 'gh pr create --title "Fold CRLF" --body "Fixes the CRLF case."',
              "description": "Open the pull request"}
    script = Script([
        Rule(result_of("toolu_pr"), [Say("Opened the pull request.")]),
        Rule(prompt_has("[WAKE]"), [Call("toolu_pr", "Bash", create)]),
    ])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega", "--allowedTools", "Bash")
    assert seat.classes() == [("MATERIAL-ALLOW", "material-artifact")]
    assert GH_URL in main_requests(api)[1].result_text("toolu_pr")


def test_the_first_phrase_stop_of_a_fresh_session_is_warm(claude_binary: Path, seat: Seat) -> None:
    """docs/DESIGN.md#adapters, docs/DESIGN.md#performance revision 3: install's SessionStart hook starts the parse
    server, so the first stop with a phrase, seconds after the session started, is answered warm (no parse-server
    warning). The model answers once the server the SessionStart hook started is up (at least 5 s, at most 60 s: a
    loaded machine takes longer to load spaCy); without the warm-up no server ever comes up and the stop parses cold."""
    # A short folder of its own: under xdist tmp_path is long enough to pass a Unix socket address's limit.
    runtime = Path(tempfile.mkdtemp(prefix="lg-xdg-"))
    seat.env["XDG_RUNTIME_DIR"] = str(runtime)
    started = time.monotonic()

    def server_up() -> bool:
        if time.monotonic() - started < 5.0 or not (runtime / RUNTIME_NAME).is_dir():
            return False
        return any(isinstance(status, dict) for _, status in statuses(str(runtime / RUNTIME_NAME)))

    script = Script([Rule(prompt_has(FEEDBACK), [Say("Opened it myself.")]),
                     Rule(prompt_has("[WAKE]"), [Say(OFFER)], delay=60.0, until=server_up)])
    try:
        with AnthropicMock(script) as api:
            claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega", env={"LANEGATE_MAX_REFUSALS": "1"})
        first: dict[str, Any] = seat.audit()[0]
        assert (first["class"], first["tag"], first["warnings"]) == ("BLOCK", "deference", [])
        ((_, status),) = statuses(str(runtime / RUNTIME_NAME))
        assert status["requests"] >= 1
    finally:
        stop_all(str(runtime / RUNTIME_NAME))
        shutil.rmtree(runtime, ignore_errors=True)


def test_the_pinned_version_is_the_one_driven(claude_binary: Path) -> None:
    done = subprocess.run([str(claude_binary), "--version"], capture_output=True, text=True, timeout=60)
    assert done.stdout.split()[0] == CLAUDE_CODE.version



# The client's own autonomy (docs/DESIGN.md#scheduled-turns): /loop, session crons, skills, workflows, monitors,
# headless runs.

LOOP_TASK = "check the parser lane"


def claude_env(api: AnthropicMock, env: dict[str, str] | None = None) -> dict[str, str]:
    return {"ANTHROPIC_BASE_URL": api.url, "ANTHROPIC_API_KEY": "sk-ant-mock",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1", **(env or {})}


def stream_message(text: str) -> str:
    return json.dumps({"type": "user", "message": {"role": "user", "content": text}}) + "\n"


def wait_quiet(seat: Seat, seconds: float, deadline: float) -> None:
    """Until the audit log has not grown for `seconds` (the last refusal chain is over), or the deadline."""
    count, since = len(seat.audit()), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.5)
        now = len(seat.audit())
        if now != count:
            count, since = now, time.monotonic()
        elif time.monotonic() - since >= seconds:
            return


@background("loop-wakeup", CLAUDE_CODE, "claude")
def _loop_wakeup(binary: Path, seat: Seat) -> tuple[list[Request], list[dict[str, Any]]]:
    """`claude -p "/loop <task>"` in dynamic mode: the model schedules its next tick with ScheduleWakeup; the
    client keeps the -p session alive and fires the tick at a whole minute at least 60 s away."""
    wake = {"delaySeconds": 60, "reason": "the parser lane's CI needs a minute", "prompt": f"/loop {LOOP_TASK}",
            "noop": False}
    script = Script([
        Rule(prompt_has(FEEDBACK), [Say("Opened it myself.")]),
        Rule(result_of("toolu_wake"), [Say("Parser lane: CI is running. Next check in a minute.")]),
        Rule(prompt_has(LOOP_TASK), [Call("toolu_wake", "ScheduleWakeup", wake)], times=1),
        Rule(prompt_has(LOOP_TASK), [Say("Parser lane is green. Want me to open the PR?")]),
    ])
    with AnthropicMock(script) as api:
        claude(binary, seat, api, "-p", f"/loop {LOOP_TASK}", env={"LANEGATE_MAX_REFUSALS": "1"})
    (transcript,) = seat.transcripts()
    return main_requests(api), seat.records(transcript)


@pytest.mark.background("loop-wakeup")
def test_a_loop_wakeup_is_written_like_the_typed_command(background_outcome: Any) -> None:
    (_, records), _ = background_outcome("loop-wakeup")
    prompts = [r for r in records if r.get("type") == "user" and "turnOrigin" in r]
    # The typed /loop (a -p prompt: turnOrigin "sdk") and the fired tick: the same text, another envelope.
    assert [(r["turnOrigin"], r.get("wakeupSource"), r.get("isMeta"), r.get("entrypoint")) for r in prompts] == [
        ("sdk", None, None, "sdk-cli"), ("scheduled", "loop_wakeup", None, "sdk-cli")]
    assert all("<command-name>/loop</command-name>" in r["message"]["content"] for r in prompts)
    # ScheduleWakeup's structured result: when the tick fires, never earlier than asked.
    (result,) = [r["toolUseResult"] for r in records if "scheduledFor" in (r.get("toolUseResult") or {})]
    assert (result["clampedDelaySeconds"], result["wasClamped"]) == (60, False)


@pytest.mark.background("loop-wakeup")
def test_a_loop_wakeup_is_autonomous_and_its_pending_tick_is_work_in_flight(background_outcome: Any) -> None:
    (requests, _), seat = background_outcome("loop-wakeup")
    # The typed /loop hands the wheel over; its first stop waits on the scheduled tick (row B, the pending
    # wake-up named in the audit line); the tick is the client's own turn: its offer is refused.
    assert seat.classes() == [("ALLOW", "background-work"), ("BLOCK", "deference"), ("CEILING-ALLOW", "ceiling")]
    first, tick = seat.audit()[:2]
    assert (first["autonomous_handoff"], first["handoff_reason"], first["operator_in_loop"]) == (True, "/loop", False)
    ((pending),) = first["in_flight"]
    assert (pending["kind"], pending["prompt"], pending["recurring"]) == ("scheduled", f"/loop {LOOP_TASK}", False)
    assert tick["operator_in_loop"] is False
    assert len(requests) == 4  # schedule, report, the fired tick, the answer to the refusal


@background("session-cron", CLAUDE_CODE, "claude")
def _session_cron(binary: Path, seat: Seat) -> list[dict[str, Any]]:
    """An operator asks to be told later; the model schedules a one-shot session cron (CronCreate, loaded
    through ToolSearch). A -p session ends without firing it, so the prompt is fed on stream-json input
    that stays open until the fired turn's stops are over, as an SDK host keeps a session open."""
    cron = {"cron": "*/1 * * * *", "prompt": "CRONTICK check the CI of PR 12", "recurring": False}
    script = Script([
        Rule(prompt_has(FEEDBACK), [Say("Merged it myself.")]),
        Rule(result_of("toolu_cron"), [Say("A check of PR 12's CI is scheduled for the next minute.")]),
        Rule(result_of("toolu_search"), [Call("toolu_cron", "CronCreate", cron)]),
        Rule(prompt_has("Watch PR 12"), [Call("toolu_search", "ToolSearch", {"query": "select:CronCreate"})], times=1),
        Rule(prompt_has("CRONTICK"), [Say("The CI of PR 12 is green. Want me to merge it?")]),
    ])
    with AnthropicMock(script) as api:
        argv = [str(binary), "-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"]
        process = subprocess.Popen(argv, cwd=seat.project, env={**seat.env, **claude_env(api, {
            "LANEGATE_MAX_REFUSALS": "1"})}, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True)
        assert process.stdin is not None
        process.stdin.write(stream_message("Watch PR 12 and tell me when its CI is green."))
        process.stdin.flush()
        deadline = time.monotonic() + 150
        while not api.requests(prompt_has("CRONTICK")) and time.monotonic() < deadline:
            time.sleep(0.5)
        wait_quiet(seat, 4.0, deadline)
        process.communicate(timeout=90)  # closes the input: the session ends
    (transcript,) = seat.transcripts()
    return seat.records(transcript)


@pytest.mark.background("session-cron")
def test_a_session_cron_fires_as_a_meta_record_of_its_own(background_outcome: Any) -> None:
    records, _ = background_outcome("session-cron")
    fired = [r for r in records if r.get("type") == "user" and r.get("turnOrigin") == "scheduled"]
    # The fire is an isMeta record (the walk of revision 3 skipped it and went back to the operator's prompt).
    assert [(r.get("wakeupSource"), r.get("isMeta"), r["message"]["content"]) for r in fired] == [
        ("schedule_wakeup", True, "CRONTICK check the CI of PR 12")]
    created = [r["toolUseResult"] for r in records if "humanSchedule" in (r.get("toolUseResult") or {})]
    assert [(c["recurring"], c["durable"]) for c in created] == [(False, False)]


@pytest.mark.background("session-cron")
def test_a_session_cron_is_work_in_flight_and_its_turn_is_autonomous(background_outcome: Any) -> None:
    _, seat = background_outcome("session-cron")
    assert seat.classes() == [("ALLOW", "background-work"), ("BLOCK", "deference"), ("CEILING-ALLOW", "ceiling")]
    ((pending),) = seat.audit()[0]["in_flight"]
    assert (pending["kind"], pending["prompt"], pending["schedule"]) == (
        "scheduled", "CRONTICK check the CI of PR 12", "*/1 * * * *")
    assert seat.audit()[1]["operator_in_loop"] is False


def test_a_typed_loop_is_a_handoff_and_its_cron_is_work_in_flight(claude_binary: Path, seat: Seat) -> None:
    """`/loop 1m <task>` schedules a recurring cron (CronCreate); under -p the session then ends at once (only a
    ScheduleWakeup keeps a -p session alive), so this is one stop: the handoff's, with the cron pending."""
    cron = {"cron": "*/1 * * * *", "prompt": LOOP_TASK, "recurring": True}
    script = Script([
        Rule(result_of("toolu_cron"), [Say("Looping every minute on the parser lane.")]),
        Rule(result_of("toolu_search"), [Call("toolu_cron", "CronCreate", cron)]),
        Rule(prompt_has(LOOP_TASK), [Call("toolu_search", "ToolSearch", {"query": "select:CronCreate"})], times=1),
    ])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", f"/loop 1m {LOOP_TASK}")
    assert len(main_requests(api)) == 3
    assert seat.classes() == [("ALLOW", "background-work")]
    line = seat.audit()[0]
    assert (line["autonomous_handoff"], line["handoff_reason"], line["operator_in_loop"]) == (True, "/loop", False)
    ((pending),) = line["in_flight"]
    assert (pending["prompt"], pending["recurring"]) == (LOOP_TASK, True)


def test_a_loop_that_ends_with_nothing_scheduled_is_an_autonomous_ending(claude_binary: Path, seat: Seat) -> None:
    script = Script([Rule(prompt_has(FEEDBACK), [Say("Opened it myself.")]),
                     Rule(prompt_has(LOOP_TASK), [Say("Parser lane is green. Want me to open the PR?")])])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", f"/loop {LOOP_TASK}", env={"LANEGATE_MAX_REFUSALS": "1"})
    assert seat.classes() == [("BLOCK", "deference"), ("CEILING-ALLOW", "ceiling")]
    assert seat.audit()[0]["handoff_reason"] == "/loop"
    assert len(main_requests(api)) == 2


def test_an_agent_invoked_skill_keeps_an_autonomous_turn_autonomous(claude_binary: Path, seat: Seat) -> None:
    """The Skill tool's body is an isMeta record tied to the call (sourceToolUseID): not a prompt."""
    seat.write(".claude/skills/lanecheck/SKILL.md", "---\nname: lanecheck\ndescription: Check a lane's CI and report\n"
               "---\nSKILLBODY Check the CI of the lane.\n")
    script = Script([
        Rule(prompt_has(FEEDBACK), [Say("Opened it myself.")]),
        Rule(prompt_has("SKILLBODY"), [Say("Parser lane CI is green. Want me to open the PR?")]),
        Rule(prompt_has("[WAKE]"), [Call("toolu_skill", "Skill", {"skill": "lanecheck", "args": "parser"})], times=1),
    ])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega: parser lane",
               env={"LANEGATE_MAX_REFUSALS": "1"})
    assert seat.classes() == [("BLOCK", "deference"), ("CEILING-ALLOW", "ceiling")]
    (transcript,) = seat.transcripts()
    records = seat.records(transcript)
    assert [r["toolUseResult"] for r in records if "commandName" in (r.get("toolUseResult") or {})] == [
        {"success": True, "commandName": "lanecheck"}]
    body = [r for r in records if r.get("sourceToolUseID") == "toolu_skill"]
    assert [r.get("isMeta") for r in body] == [True]


def test_a_background_skill_runs_forked_in_the_foreground_under_print_mode(claude_binary: Path, seat: Seat) -> None:
    """A skill with `context: fork` and `background: true` runs as a subagent; 2.1.328 does not background it
    in a non-interactive session: the call waits for it (status "forked", no background key) and both the
    fork's stop and the lead's are judged."""
    seat.write(".claude/skills/bgcheck/SKILL.md", "---\nname: bgcheck\ndescription: Check CI in the background\n"
               "context: fork\nbackground: true\n---\nBGSKILLBODY Check the CI and report.\n")
    script = Script([
        Rule(prompt_has(FEEDBACK), [Say("Checked it again: green.")]),
        Rule(result_of("toolu_bgskill"), [Say("The check reported green.")]),
        Rule(prompt_has("BGSKILLBODY"), [Say("CI is green.")], times=1),
        Rule(prompt_has("[WAKE]"), [Call("toolu_bgskill", "Skill", {"skill": "bgcheck"})], times=1),
    ])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega", env={"LANEGATE_MAX_REFUSALS": "1"})
    lines = seat.audit()
    sub = [(a["class"], a["tag"]) for a in lines if "/" in str(a["session"])]
    lead = [(a["class"], a["tag"]) for a in lines if "/" not in str(a["session"])]
    assert sub == [("BLOCK", "no-lane-state"), ("CEILING-ALLOW", "ceiling")]
    assert lead == [("BLOCK", "no-lane-state"), ("CEILING-ALLOW", "ceiling")]
    (transcript,) = lead_transcripts(seat)
    results = [r["toolUseResult"] for r in seat.records(transcript)
               if (r.get("toolUseResult") or {}).get("commandName")]
    assert [(r["status"], "background" in r) for r in results] == [("forked", False)]


WORKFLOW = {"script": "export const meta = { name: 'count-todos', description: 'Count TODO markers' }\n"
                      "const found = await agent('WFAGENT count the TODO markers in src/', {label: 'count'})\n"
                      "return { found }\n"}


def run_workflow(binary: Path, seat: Seat) -> AnthropicMock:
    script = Script([
        Rule(prompt_has(FEEDBACK), [Say("Filed them myself.")]),
        Rule(prompt_has("WFAGENT"), [Say("Counted 42 TODO markers.")], times=1, delay=3.0),
        Rule(result_of("toolu_wf"), [Say("The workflow is counting; it will report back.")]),
        Rule(prompt_has("<task-notification>"), [Say("The workflow finished: 42 TODO markers. Want me to file them?")]),
        Rule(prompt_has("[WAKE]"), [Call("toolu_wf", "Workflow", WORKFLOW)], times=1),
    ])
    with AnthropicMock(script) as api:
        claude(binary, seat, api, "-p", "[WAKE] tick from @vega: use a workflow to count the TODO markers",
               "--allowedTools", "Workflow", env={"LANEGATE_MAX_REFUSALS": "1"})
    return api


def lead_transcripts(seat: Seat) -> list[Path]:
    """The session transcripts, without the subagents' own (<session>/subagents/…)."""
    return [t for t in seat.transcripts() if "subagents" not in t.parts]


def split_by_session(seat: Seat) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    lines = seat.audit()
    return ([(a["class"], a["tag"]) for a in lines if "/" not in str(a["session"])],
            [(a["class"], a["tag"]) for a in lines if "/" in str(a["session"])])


def test_a_background_workflow_is_work_in_flight_and_its_agents_are_judged(claude_binary: Path, seat: Seat) -> None:
    run_workflow(claude_binary, seat)
    lead, agents = split_by_session(seat)
    # The lead's stop while the workflow runs: background_tasks lists it ({"type": "workflow"}); the
    # notification turn belongs to the [WAKE] that started it and is judged autonomous.
    assert lead == [("ALLOW", "background-work"), ("BLOCK", "deference"), ("CEILING-ALLOW", "ceiling")]
    # The workflow's agent is a subagent of the workflow: its stop lists its own workflow as running, which
    # is not work it waits on (as the stopping subagent's own entry is not, docs/DESIGN.md#payload revision 3).
    assert agents == [("BLOCK", "no-lane-state"), ("CEILING-ALLOW", "ceiling")]


def test_a_workflow_run_is_recorded_in_the_clients_structured_result(claude_binary: Path, seat: Seat) -> None:
    run_workflow(claude_binary, seat)
    (transcript,) = lead_transcripts(seat)
    launched = [r["toolUseResult"] for r in seat.records(transcript) if (r.get("toolUseResult") or {}).get("runId")]
    assert [(r["status"], r["taskType"], r["workflowName"]) for r in launched] == [
        ("async_launched", "local_workflow", "count-todos")]
    lead, _ = split_by_session(seat)
    assert lead[0] == ("ALLOW", "background-work")


def test_a_monitor_is_work_in_flight_until_its_notification(claude_binary: Path, seat: Seat) -> None:
    monitor = {"description": "Wait for the build", "timeout_ms": 60000, "command": "sleep 3; echo BUILD-DONE"}
    script = Script([
        Rule(prompt_has(FEEDBACK), [Say("Deployed it myself.")]),
        Rule(result_of("toolu_mon"), [Say("Watching the build; it will report.")]),
        Rule(result_of("toolu_search"), [Call("toolu_mon", "Monitor", monitor)]),
        Rule(prompt_has("<task-notification>"), [Say("The build is done. Want me to deploy?")]),
        Rule(prompt_has("[WAKE]"), [Call("toolu_search", "ToolSearch", {"query": "select:Monitor"})], times=1),
    ])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega: watch the build", "--allowedTools", "Monitor",
               env={"LANEGATE_MAX_REFUSALS": "1"})
    assert seat.classes() == [("ALLOW", "background-work"), ("BLOCK", "deference"), ("CEILING-ALLOW", "ceiling")]
    (transcript,) = seat.transcripts()
    started = [r["toolUseResult"] for r in seat.records(transcript) if "timeoutMs" in (r.get("toolUseResult") or {})]
    assert [sorted(r) for r in started] == [["persistent", "taskId", "timeoutMs"]]


def test_a_headless_run_is_autonomous_when_the_user_says_so(claude_binary: Path, seat: Seat) -> None:
    """`claude -p` records entrypoint "sdk-cli" on every record and turnOrigin "sdk" on its prompt; with
    `headless = "autonomous"` in the user's config (an issue-comment bot's seat) its prompt is autonomous."""
    seat.user_config('headless = "autonomous"\n')
    script = Script([Rule(prompt_has(FEEDBACK), [Say("Added it.")]),
                     Rule(prompt_has("CRLF"), [Say("It folds CRLF to LF first. Want me to add a regression test?")])])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "What does the tokenizer do with CRLF line ends?",
               env={"LANEGATE_MAX_REFUSALS": "1"})
    assert seat.classes() == [("BLOCK", "deference"), ("CEILING-ALLOW", "ceiling")]
    assert seat.audit()[0]["operator_in_loop"] is False
    assert seat.audit()[0]["warnings"] == []


def test_a_headless_run_is_dialogue_by_default_and_says_what_it_is(claude_binary: Path, seat: Seat) -> None:
    script = Script([Rule(prompt_has("CRLF"), [Say("It folds CRLF to LF first. Want me to add a regression test?")])])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "What does the tokenizer do with CRLF line ends?")
    assert seat.classes() == [("ALLOW", "operator-dialogue")]
    (transcript,) = seat.transcripts()
    (prompt,) = [r for r in seat.records(transcript) if r.get("type") == "user" and "turnOrigin" in r]
    assert (prompt["turnOrigin"], prompt["entrypoint"]) == ("sdk", "sdk-cli")
