"""Work in flight (docs/DESIGN.md#the-decision row B, docs/DESIGN.md#scheduled-turns, docs/DESIGN.md#evidence) and the
client's own autonomy, judged end to end in process.

Row B lets a stop through while work the agent started is still running. The evidence must be the
client's: the payload's `background_tasks` and `session_crons`, or, without them, a call that asked for
background work whose own result (paired by its id) carries the client's structured task id in
`toolUseResult`. Text a tool printed — an `echo`, a file read, a grep hit — is the agent's to shape and
never counts. The same records decide whose turn it is: a prompt the client marks with a non-person
`turnOrigin` (a /loop tick, a cron fire) is autonomous whatever its text; a typed `/loop` hands the wheel
over; a headless session is autonomous when the user's config says so.

Each test writes a Claude Code transcript in the 2.1.328 shapes of docs/HARNESSES.md (our own text) and
runs `hook.core.handle`, the code `lanegate hook` runs, on the isolated seat of tests/seat.py.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from itertools import count
from pathlib import Path
from typing import Any

import pytest

from tests.seat import Seat

STATUS = "The index rebuild runs; I will report when it is done."
OFFER = "The parser lane is green. Want me to open the PR?"
_UUIDS = count(1)


def uuid() -> str:
    return f"00000000-0000-4000-8000-{next(_UUIDS):012d}"


def prompt(text: str, **envelope: Any) -> dict[str, Any]:
    return {"type": "user", "uuid": uuid(), "timestamp": "2026-12-06T10:00:00.000Z", "entrypoint": "cli",
            "message": {"role": "user", "content": text}, **envelope}


def call(use_id: str, name: str, arguments: Mapping[str, Any]) -> dict[str, Any]:
    return {"type": "assistant", "uuid": uuid(), "timestamp": "2026-12-06T10:00:01.000Z",
            "message": {"id": f"msg_{use_id}", "role": "assistant",
                        "content": [{"type": "tool_use", "id": use_id, "name": name, "input": dict(arguments)}]}}


def result(use_id: str, text: str, structured: Mapping[str, Any] | None = None, *,
           error: bool = False) -> dict[str, Any]:
    record: dict[str, Any] = {"type": "user", "uuid": uuid(), "timestamp": "2026-12-06T10:00:02.000Z",
                              "message": {"role": "user", "content": [
                                  {"type": "tool_result", "tool_use_id": use_id, "content": text, "is_error": error}]}}
    if structured is not None:
        record["toolUseResult"] = dict(structured)
    return record


def said(text: str) -> dict[str, Any]:
    return {"type": "assistant", "uuid": uuid(), "timestamp": "2026-12-06T10:00:03.000Z",
            "message": {"id": f"msg_{uuid()}", "role": "assistant", "content": [{"type": "text", "text": text}]}}


def notification(task: str, status: str) -> dict[str, Any]:
    body = f"<task-notification>\n<task-id>{task}</task-id>\n<status>{status}</status>\n</task-notification>"
    return {"type": "user", "uuid": uuid(), "origin": {"kind": "task-notification"},
            "message": {"role": "user", "content": body}}


def stop(seat: Seat, records: Sequence[Mapping[str, Any]], final: str, **payload: Any) -> dict[str, Any]:
    """One Claude Code Stop after `records`, decided in this process on the seat; the audit line as written."""
    transcript = seat.root / "t.jsonl"
    transcript.write_text("".join(json.dumps(r) + "\n" for r in records))
    data = {"session_id": "s-wif", "transcript_path": str(transcript), "cwd": str(seat.project),
            "permission_mode": "default", "hook_event_name": "Stop", "stop_hook_active": False,
            "last_assistant_message": final, **payload}
    return seat.as_claude().decide("claude", {k: v for k, v in data.items() if v is not None})


WAKE = prompt("[WAKE] tick from @vega: index lane")


def decided(line: Mapping[str, Any]) -> tuple[str, str]:
    return line["class"], line["tag"]


# ---- printed text is never work in flight (issue 30, the first cause) ----------------------------------------


PRINTED_START_LINES = {
    "an echo of a background command's start line": (
        call("u1", "Bash", {"command": "echo 'Command running in background with ID: bq7fake01.'"}),
        result("u1", "Command running in background with ID: bq7fake01.", {"stdout": "Command running in "
               "background with ID: bq7fake01.", "stderr": "", "interrupted": False})),
    "a file read showing an agent launch": (
        call("u2", "Read", {"file_path": "/work/notes/launch.txt"}),
        result("u2", "1\tAsync agent launched successfully.\n2\tagentId: a1b2c3d4e5 (internal ID)\n",
               {"type": "text", "file": {"filePath": "/work/notes/launch.txt", "content": "…"}})),
    "a grep hit showing a teammate spawn": (
        call("u3", "Bash", {"command": "grep -h -A1 Spawned notes.md"}),
        result("u3", "Spawned successfully.\nagent_id: helper@crew\n", {"stdout": "Spawned successfully.\n"
               "agent_id: helper@crew\n", "stderr": "", "interrupted": False})),
    "a printed monitor start line": (
        call("u4", "Bash", {"command": "cat monitor.log"}),
        result("u4", "Monitor started (task mon4fake, timeout 600000ms)", {"stdout": "Monitor started (task "
               "mon4fake, timeout 600000ms)", "stderr": "", "interrupted": False})),
    "a background call whose result names no task": (
        call("u5", "Bash", {"command": "echo 'Command running in background with ID: bq5fake.'",
                            "run_in_background": True}),
        result("u5", "Command running in background with ID: bq5fake.", None)),
}


@pytest.mark.parametrize("case", sorted(PRINTED_START_LINES))
def test_a_printed_start_line_is_no_work_in_flight(seat: Seat, case: str) -> None:
    """Without background_tasks in the payload, only the client's structured result pairs a task with the
    call that started it; text in any call's output is no evidence (docs/DESIGN.md#evidence)."""
    started, shown = PRINTED_START_LINES[case]
    line = stop(seat, [WAKE, started, shown, said(STATUS)], STATUS)
    assert decided(line) == ("BLOCK", "no-lane-state")
    assert not any("inferred" in w for w in line["warnings"])


STRUCTURED_STARTS = {
    "Bash run_in_background": (
        call("s1", "Bash", {"command": "make index", "run_in_background": True}),
        result("s1", "started", {"stdout": "", "stderr": "", "interrupted": False, "backgroundTaskId": "bqidx01"}),
        "bqidx01"),
    "a Monitor": (
        call("s3", "Monitor", {"description": "Wait for the build", "timeout_ms": 60000, "command": "make"}),
        result("s3", "watching", {"taskId": "bmon0003", "timeoutMs": 60000, "persistent": False}),
        "bmon0003"),
}
NEW_STRUCTURED_STARTS = {
    "a background Agent": (
        call("s2", "Agent", {"description": "Count TODOs", "prompt": "Count them.", "subagent_type": "general"}),
        result("s2", "launched", {"isAsync": True, "status": "async_launched", "agentId": "a5c0ffee01",
                                  "description": "Count TODOs"}),
        "a5c0ffee01"),
    "a Workflow run": (
        call("s4", "Workflow", {"script": "export const meta = { name: 'count', description: 'Count' }\n"}),
        result("s4", "launched", {"status": "async_launched", "taskId": "wflow0004", "taskType": "local_workflow",
                                  "workflowName": "count", "runId": "wf_0004"}),
        "wflow0004"),
    "a background Skill": (
        call("s5", "Skill", {"skill": "bgcheck"}),
        result("s5", "running", {"success": True, "commandName": "bgcheck", "status": "forked", "background": True,
                                 "agentId": "a0b0c0d0e5", "result": "Running in the background as @bgcheck"}),
        "a0b0c0d0e5"),
    "a teammate spawn": (
        call("s6", "Agent", {"name": "counter", "team_name": "crew", "prompt": "Count them."}),
        result("s6", "Spawned.", {"status": "teammate_spawned", "teammate_id": "counter@crew",
                                  "agent_id": "counter@crew", "name": "counter", "team_name": "crew"}),
        "counter@crew"),
}


@pytest.mark.parametrize("case", sorted(STRUCTURED_STARTS))
def test_a_structured_start_is_work_in_flight(seat: Seat, case: str) -> None:
    started, shown, task = STRUCTURED_STARTS[case]
    line = stop(seat, [WAKE, started, shown, said(STATUS)], STATUS)
    assert decided(line) == ("ALLOW", "background-work")
    assert any("inferred from the transcript" in w and task in w for w in line["warnings"])


@pytest.mark.parametrize("case", sorted(NEW_STRUCTURED_STARTS))
def test_workflows_background_skills_and_teammates_are_work_in_flight(seat: Seat, case: str) -> None:
    """docs/DESIGN.md#scheduled-turns: a Workflow run and a background Skill count as background subagents do, from the
    client's structured records; a background agent and a teammate from their launch's structured result, never from
    the printed text."""
    started, shown, task = NEW_STRUCTURED_STARTS[case]
    line = stop(seat, [WAKE, started, shown, said(STATUS)], STATUS)
    assert decided(line) == ("ALLOW", "background-work")
    assert any("inferred from the transcript" in w and task in w for w in line["warnings"])


def test_a_workflow_ends_with_its_notification(seat: Seat) -> None:
    started, shown, task = NEW_STRUCTURED_STARTS["a Workflow run"]
    line = stop(seat, [WAKE, started, shown, said("Counting."), notification(task, "completed"), said(STATUS)],
                     STATUS)
    assert decided(line) == ("BLOCK", "no-lane-state")


# ---- a scheduled wake-up or cron is work in flight (docs/DESIGN.md#scheduled-turns) ---------------------------

# A wake-up as the client lists it: a one-shot cron of the minute it fires, here five minutes from now (a cron
# that fires later than the wake-up horizon is a standing schedule, not work in flight: tests/test_probe30.py).
def pending_cron() -> dict[str, object]:
    tick = datetime.now(UTC) + timedelta(minutes=5)
    return {"id": "29256474", "schedule": f"{tick.minute} {tick.hour} * * *", "recurring": False,
            "prompt": "/loop check the lane"}


def test_a_pending_session_cron_is_work_in_flight_and_named_in_the_audit_line(seat: Seat) -> None:
    pending = pending_cron()
    line = stop(seat, [WAKE, said(STATUS)], STATUS, background_tasks=[], session_crons=[pending])
    assert decided(line) == ("ALLOW", "background-work")
    assert line["in_flight"] == [{"kind": "scheduled", **pending}]


def test_an_empty_cron_list_is_nothing_in_flight(seat: Seat) -> None:
    line = stop(seat, [WAKE, said(STATUS)], STATUS, background_tasks=[], session_crons=[])
    assert decided(line) == ("BLOCK", "no-lane-state")


WAKEUP_CALL = call("w1", "ScheduleWakeup", {"delaySeconds": 60, "reason": "CI", "prompt": "/loop check the lane",
                                           "noop": False})
WAKEUP_SET = result("w1", "Next wakeup scheduled.", {"scheduledFor": 1796570760000, "clampedDelaySeconds": 60,
                                                     "wasClamped": False})
CRON_CALL = call("c1", "CronCreate", {"cron": "*/5 * * * *", "prompt": "check the lane", "recurring": True})
CRON_SET = result("c1", "Scheduled recurring job 5f00ba11.", {"id": "5f00ba11", "humanSchedule": "Every 5 minutes",
                                                              "recurring": True, "durable": False})


@pytest.mark.parametrize("scheduled", ["wake-up", "cron"])
def test_without_session_crons_a_scheduled_tick_in_the_records_is_work_in_flight(seat: Seat, scheduled: str) -> None:
    records = [WAKEUP_CALL, WAKEUP_SET] if scheduled == "wake-up" else [CRON_CALL, CRON_SET]
    line = stop(seat, [WAKE, *records, said(STATUS)], STATUS)
    assert decided(line) == ("ALLOW", "background-work")
    assert [entry["kind"] for entry in line["in_flight"]] == ["scheduled"]


def test_a_deleted_cron_is_nothing_in_flight(seat: Seat) -> None:
    deleted = [call("c2", "CronDelete", {"id": "5f00ba11"}), result("c2", "Cancelled.", {"id": "5f00ba11"})]
    line = stop(seat, [WAKE, CRON_CALL, CRON_SET, *deleted, said(STATUS)], STATUS)
    assert decided(line) == ("BLOCK", "no-lane-state")


# ---- whose turn: turnOrigin, /loop, headless (docs/DESIGN.md#scheduled-turns) ----------------------------------

LOOP_COMMAND = "<command-message>loop</command-message>\n<command-name>/loop</command-name>\n" \
               "<command-args>check the parser lane</command-args>"


def test_a_scheduled_tick_written_like_a_typed_command_is_autonomous(seat: Seat) -> None:
    tick = prompt(LOOP_COMMAND, turnOrigin="scheduled", wakeupSource="loop_wakeup")
    line = stop(seat, [prompt("What does the tokenizer do?"), said("It folds CRLF."), tick, said(OFFER)], OFFER,
                     background_tasks=[], session_crons=[])
    assert decided(line) == ("BLOCK", "deference")
    assert line["operator_in_loop"] is False


def test_a_cron_fire_is_a_meta_record_and_still_starts_an_autonomous_turn(seat: Seat) -> None:
    fire = prompt("check the CI of PR 12", isMeta=True, turnOrigin="scheduled", wakeupSource="schedule_wakeup")
    line = stop(seat, [prompt("Watch PR 12 for me."), said("Scheduled."), fire, said(OFFER)], OFFER,
                     background_tasks=[], session_crons=[])
    assert decided(line) == ("BLOCK", "deference")


@pytest.mark.parametrize("origin", ["human", "sdk"])
def test_a_person_or_a_program_prompting_keeps_the_turn_theirs(seat: Seat, origin: str) -> None:
    line = stop(seat, [prompt("What does the tokenizer do?", turnOrigin=origin), said(OFFER)], OFFER,
                     background_tasks=[], session_crons=[])
    assert decided(line) == ("ALLOW", "operator-dialogue")


def test_a_task_notification_stays_the_turn_of_whoever_started_the_task(seat: Seat) -> None:
    """turnOrigin "task_notification" is not a person, but the notification is skipped as in revision 3."""
    started, shown, task = STRUCTURED_STARTS["Bash run_in_background"]
    done = {**notification(task, "completed"), "turnOrigin": "task_notification"}
    line = stop(seat, [prompt("Rebuild the index."), started, shown, said("Running."), done, said(OFFER)], OFFER,
                     background_tasks=[], session_crons=[])
    assert decided(line) == ("ALLOW", "operator-dialogue")


def test_a_typed_loop_is_a_handoff(seat: Seat) -> None:
    typed = prompt(LOOP_COMMAND, turnOrigin="human")
    line = stop(seat, [typed, said(OFFER)], OFFER, background_tasks=[], session_crons=[])
    assert decided(line) == ("BLOCK", "deference")
    assert (line["autonomous_handoff"], line["handoff_reason"]) == (True, "/loop")


def test_handoff_commands_are_the_users_to_name(seat: Seat) -> None:
    seat.user_config.write_text('handoff_commands = ["/loop", "/babysit"]\n')
    typed = prompt("<command-name>/babysit</command-name>\n<command-args>PR 12</command-args>", turnOrigin="human")
    line = stop(seat, [typed, said(OFFER)], OFFER, background_tasks=[], session_crons=[])
    assert (line["autonomous_handoff"], line["handoff_reason"]) == (True, "/babysit")


def test_a_project_cannot_name_handoff_commands(seat: Seat) -> None:
    (seat.project / "lanegate.toml").write_text('handoff_commands = ["/lanefix"]\n')
    typed = prompt("<command-name>/lanefix</command-name>\n<command-args>PR 12</command-args>", turnOrigin="human")
    line = stop(seat, [typed, said(OFFER)], OFFER, background_tasks=[], session_crons=[])
    assert decided(line) == ("ALLOW", "operator-dialogue")
    assert any("handoff_commands" in w for w in line["warnings"])


def test_a_headless_prompt_is_autonomous_when_the_user_says_so(seat: Seat) -> None:
    seat.user_config.write_text('headless = "autonomous"\n')
    ask = prompt("What does the tokenizer do?", turnOrigin="sdk", entrypoint="sdk-cli")
    line = stop(seat, [ask, said(OFFER)], OFFER, background_tasks=[], session_crons=[])
    assert decided(line) == ("BLOCK", "deference")
    assert line["operator_in_loop"] is False


def test_a_headless_prompt_is_dialogue_by_default(seat: Seat) -> None:
    ask = prompt("What does the tokenizer do?", turnOrigin="sdk", entrypoint="sdk-cli")
    line = stop(seat, [ask, said(OFFER)], OFFER, background_tasks=[], session_crons=[])
    assert decided(line) == ("ALLOW", "operator-dialogue")


def test_a_project_cannot_make_headless_sessions_autonomous(seat: Seat) -> None:
    (seat.project / "lanegate.toml").write_text('headless = "autonomous"\n')
    ask = prompt("What does the tokenizer do?", turnOrigin="sdk", entrypoint="sdk-cli")
    line = stop(seat, [ask, said(OFFER)], OFFER, background_tasks=[], session_crons=[])
    assert decided(line) == ("ALLOW", "operator-dialogue")
    assert any("headless" in w for w in line["warnings"])


# ---- replay infers the same way (docs/DESIGN.md#golden, docs/DESIGN.md#evidence) --------------------------------


def replayed(tmp: Path, records: Sequence[Mapping[str, Any]]) -> list[tuple[str, str, tuple[str, ...]]]:
    """`lanegate replay` of a recorded session: class, tag and what was inferred, per turn-end."""
    from hook.commands.replay import replay

    session = [{**r, "sessionId": "s-replay", "cwd": str(tmp)} for r in records]
    path = tmp / "recorded.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in session))
    env = {"HOME": str(tmp / "home"), "LANEGATE_CONFIG": str(tmp / "user.toml"), "LANEGATE_PARSE_SERVER": "off"}
    return [(r.line["class"], r.line["tag"], r.inferred) for r in replay(str(path), env)]


@pytest.mark.parametrize("case", sorted(PRINTED_START_LINES))
def test_replay_never_infers_work_from_printed_text(tmp_path: Path, case: str) -> None:
    started, shown = PRINTED_START_LINES[case]
    assert replayed(tmp_path, [WAKE, started, shown, said(STATUS)]) == [("WOULD-BLOCK", "no-lane-state", ())]


def test_replay_infers_a_structured_start(tmp_path: Path) -> None:
    started, shown, task = STRUCTURED_STARTS["Bash run_in_background"]
    assert replayed(tmp_path, [WAKE, started, shown, said(STATUS)]) == [
        ("ALLOW", "background-work", (f"background in flight (inferred from the transcript): {task}",))]


def test_replay_infers_a_workflow_from_its_structured_result(tmp_path: Path) -> None:
    started, shown, task = NEW_STRUCTURED_STARTS["a Workflow run"]
    assert replayed(tmp_path, [WAKE, started, shown, said(STATUS)]) == [
        ("ALLOW", "background-work", (f"background in flight (inferred from the transcript): {task}",))]


def test_replay_reads_a_loop_as_the_live_hook_does(tmp_path: Path) -> None:
    """A typed /loop schedules its tick (work in flight at its turn-end); the fired tick is the client's own
    turn, autonomous whatever its text (docs/DESIGN.md#scheduled-turns, docs/DESIGN.md#golden)."""
    typed = prompt(LOOP_COMMAND, turnOrigin="sdk", entrypoint="sdk-cli")
    tick = prompt(LOOP_COMMAND, turnOrigin="scheduled", wakeupSource="loop_wakeup", entrypoint="sdk-cli")
    rows = replayed(tmp_path, [typed, WAKEUP_CALL, WAKEUP_SET, said("CI runs; next check in a minute."), tick,
                               said(OFFER)])
    assert rows == [
        ("ALLOW", "background-work", ("scheduled prompts pending (inferred from the transcript): "
                                      "'/loop check the lane'",)),
        ("WOULD-BLOCK", "deference", ()),
    ]
