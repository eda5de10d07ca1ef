"""Background work: the Stop payload's `background_tasks` (docs/DESIGN.md#payload, revision 2) and the work a replay
infers from a recorded transcript (docs/DESIGN.md#golden)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from hook.harness.claude import ENDED, HARNESS
from hook.harness.claude.background import BackgroundTracker

ENDED_SPELLINGS = st.sampled_from(sorted(ENDED)).flatmap(
    lambda word: st.sampled_from([word, word.upper(), word.title(), f" {word} "])
)
OTHER_STATUS = st.one_of(
    st.text(max_size=12).filter(lambda s: s.strip().lower() not in ENDED),
    st.integers(),
    st.none(),
    st.booleans(),
)


def in_flight(tasks: object) -> bool:
    payload = {"session_id": "s", "transcript_path": "/t.jsonl", "hook_event_name": "Stop", "background_tasks": tasks}
    return HARNESS.parse(payload, {}).background_running


@given(st.lists(st.one_of(ENDED_SPELLINGS, OTHER_STATUS), max_size=6))
def test_a_task_is_in_flight_unless_its_status_says_it_ended(statuses: list[Any]) -> None:
    tasks = [{"id": f"t{i}", "status": s} for i, s in enumerate(statuses)]
    expected = any(not (isinstance(s, str) and s.strip().lower() in ENDED) for s in statuses)
    assert in_flight(tasks) is expected


@given(st.lists(st.one_of(st.text(max_size=5), st.integers(), st.none()), max_size=4))
def test_entries_that_are_not_tasks_are_never_in_flight(entries: list[Any]) -> None:
    assert in_flight(entries) is False


def test_a_task_without_a_status_is_in_flight() -> None:
    assert in_flight([{"id": "b1", "type": "subagent", "description": "review"}]) is True


def subagent_in_flight(agent_id: object, tasks: object) -> bool:
    payload = {"session_id": "s", "transcript_path": "/t.jsonl", "hook_event_name": "SubagentStop",
               "agent_id": agent_id, "agent_type": "general-purpose", "agent_transcript_path": "/a.jsonl",
               "background_tasks": tasks}
    return HARNESS.parse(payload, {}).background_running


@given(st.lists(st.sampled_from(["running", None, "completed"]), max_size=4), st.sampled_from(["running", None]))
def test_a_subagent_stop_never_waits_on_its_own_entry(others: list[Any], own_status: Any) -> None:
    """docs/DESIGN.md#payload revision 3: Claude Code lists the stopping subagent itself; only the other entries
    count."""
    own = {"id": "a7f3", "type": "subagent", "status": own_status}
    tasks = [own] + [{"id": f"t{i}", "type": "shell", "status": s} for i, s in enumerate(others)]
    assert subagent_in_flight("a7f3", tasks) is any(s != "completed" for s in others)


def test_the_own_entry_is_only_skipped_on_subagent_stop() -> None:
    """On the lead's Stop the same entry is a background subagent it waits on."""
    assert in_flight([{"id": "a7f3", "type": "subagent", "status": "running"}]) is True
    assert subagent_in_flight("b9", [{"id": "a7f3", "type": "subagent", "status": "running"}]) is True
    assert subagent_in_flight("a7f3", [{"id": "a7f3", "type": "subagent", "status": "running"}]) is False


# ---- inferred from the transcript ----------------------------------------------------------------------


def use(use_id: str, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"type": "assistant", "message": {"content": [{"type": "tool_use", "id": use_id, "name": name,
                                                          "input": arguments}]}}


def result(use_id: str, text: str, tool_result: dict[str, Any] | None = None, error: bool = False) -> dict[str, Any]:
    record: dict[str, Any] = {"type": "user", "message": {"content": [
        {"type": "tool_result", "tool_use_id": use_id, "content": text, "is_error": error}]}}
    if tool_result is not None:
        record["toolUseResult"] = tool_result
    return record


def notification(task: str, status: str | None, *, queued: bool = True) -> dict[str, Any]:
    body = f"<task-notification>\n<task-id>{task}</task-id>\n" + (f"<status>{status}</status>\n" if status else "")
    body += "</task-notification>"
    if queued:
        return {"type": "attachment", "attachment": {"type": "queued_command", "prompt": body,
                                                     "commandMode": "task-notification"}}
    return {"type": "user", "origin": {"kind": "task-notification"}, "message": {"content": body}}


def tracked(*records: dict[str, Any]) -> tuple[str, ...]:
    tracker = BackgroundTracker()
    for record in records:
        tracker.feed(record)
    return tuple(task for task, _ in tracker.in_flight)


BASH = use("u1", "Bash", {"command": "make e2e", "run_in_background": True})
STARTED = result("u1", "Command running in background with ID: bq1. Output is being written to: /tmp/bq1",
                 {"backgroundTaskId": "bq1"})


def test_a_background_shell_runs_until_its_notification_says_it_ended() -> None:
    assert tracked(BASH, STARTED) == ("bq1",)
    assert tracked(BASH, STARTED, notification("bq1", "completed")) == ()
    assert tracked(BASH, STARTED, notification("bq1", "Failed", queued=False)) == ()


def test_a_notification_without_a_status_does_not_end_a_task() -> None:
    assert tracked(BASH, STARTED, notification("bq1", None)) == ("bq1",)


def test_a_notification_about_another_task_ends_nothing() -> None:
    assert tracked(BASH, STARTED, notification("zz9", "completed")) == ("bq1",)


def test_a_stop_call_ends_the_task_only_when_it_succeeded() -> None:
    stop = use("u2", "TaskStop", {"task_id": "bq1"})
    assert tracked(BASH, STARTED, stop, result("u2", "stopped")) == ()
    assert tracked(BASH, STARTED, stop, result("u2", "no such task", error=True)) == ("bq1",)


def test_the_result_text_alone_names_no_task() -> None:
    """docs/DESIGN.md#evidence: printed text is the agent's to shape; only the client's structured result names a
    task."""
    assert tracked(BASH, result("u1", "Command running in background with ID: bq7.")) == ()
    echo = use("u9", "Bash", {"command": "echo 'Command running in background with ID: bq8.'"})
    assert tracked(echo, result("u9", "Command running in background with ID: bq8.", {"stdout": "…"})) == ()


def test_a_structured_id_counts_only_for_a_call_that_asked_for_the_background() -> None:
    """A foreground command's result never names a background task, whatever keys it carries."""
    run = use("u10", "Bash", {"command": "make"})
    assert tracked(run, result("u10", "ok", {"stdout": "ok", "backgroundTaskId": "bq10"})) == ()
    by_user = result("u10", "ok", {"stdout": "", "backgroundTaskId": "bq10", "backgroundedByUser": True})
    assert tracked(run, by_user) == ("bq10",)


def test_a_record_with_several_results_pairs_none_with_its_structured_result() -> None:
    both = {"type": "user", "toolUseResult": {"backgroundTaskId": "bq1"}, "message": {"content": [
        {"type": "tool_result", "tool_use_id": "u1", "content": "a"},
        {"type": "tool_result", "tool_use_id": "u2", "content": "b"}]}}
    assert tracked(BASH, use("u2", "Bash", {"command": "true", "run_in_background": True}), both) == ()


def test_a_failed_call_starts_nothing() -> None:
    assert tracked(BASH, result("u1", "refused", {"backgroundTaskId": "bq1"}, error=True)) == ()


def test_a_todo_task_id_is_no_background_work() -> None:
    todo = use("u3", "TaskCreate", {"subject": "docs"})
    assert tracked(todo, result("u3", "Task #1 created successfully", {"taskId": "1"})) == ()


def test_a_foreground_command_starts_nothing() -> None:
    run = use("u4", "Bash", {"command": "make"})
    assert tracked(run, result("u4", "ok", {"stdout": "ok", "stderr": ""})) == ()


# ---- compaction stops (docs/DESIGN.md#payload, revision 3) -----------------------------------------------


def compaction(agent_type: object, written: bool, tmp: Any) -> bool:
    path = tmp / "agent-a6d9.jsonl"
    if written:
        path.write_text('{"type": "user"}\n')
    payload = {"session_id": "s", "transcript_path": str(tmp / "t.jsonl"), "hook_event_name": "SubagentStop",
               "agent_id": "a6d9", "agent_type": agent_type, "agent_transcript_path": str(path)}
    return HARNESS.parse(payload, {}).compaction


def test_a_compaction_stop_has_an_empty_agent_type_and_no_agent_transcript(tmp_path: Any) -> None:
    assert compaction("", False, tmp_path) is True


def test_a_named_subagent_or_a_written_transcript_is_no_compaction(tmp_path: Any) -> None:
    assert compaction("general-purpose", False, tmp_path) is False
    assert compaction(None, False, tmp_path) is False
    assert compaction("", True, tmp_path) is False


def test_a_main_stop_is_never_a_compaction(tmp_path: Any) -> None:
    payload = {"session_id": "s", "transcript_path": str(tmp_path / "missing.jsonl"), "hook_event_name": "Stop",
               "agent_type": ""}
    assert HARNESS.parse(payload, {}).compaction is False


AGENT = use("u7", "Agent", {"description": "Count TODOs", "prompt": "Count them.", "name": "counter"})
LAUNCHED = result("u7", "Async agent launched successfully. (internal metadata)\nagentId: a5c0ffee12 (internal ID)\n"
                  "The agent is working in the background.", {"isAsync": True, "status": "async_launched",
                                                              "agentId": "a5c0ffee12"})


def test_a_background_agent_runs_until_its_notification_says_it_ended() -> None:
    """Claude Code 2.1.328: an Agent call runs in the background unless told otherwise (a named one is a
    teammate); its notification names the agent id as the task."""
    assert tracked(AGENT, LAUNCHED) == ("a5c0ffee12",)
    assert tracked(AGENT, LAUNCHED, notification("a5c0ffee12", "completed", queued=False)) == ()


def test_a_foreground_agent_is_no_background_work() -> None:
    done = result("u8", "Found three call sites.", {"status": "completed", "agentId": "a0f0", "content": []})
    assert tracked(use("u8", "Agent", {"prompt": "Find call sites.", "run_in_background": False}), done) == ()


def live_background(tmp: Any, payload_tasks: object, *records: dict[str, Any]) -> tuple[bool, tuple[str, ...]]:
    """What the live Claude adapter makes of a payload (with or without background_tasks) and a transcript."""
    from hook.harness import walk_for

    path = tmp / "t.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    payload: dict[str, Any] = {"session_id": "s", "transcript_path": str(path), "hook_event_name": "Stop"}
    if payload_tasks is not None:
        payload["background_tasks"] = payload_tasks
    stop = HARNESS.parse(payload, {})
    return stop.background_running, stop.read_turn(str(path), walk_for("claude")).background


WAKE = {"type": "user", "message": {"content": "[WAKE] tick from @vega"}}


def test_the_live_hook_infers_work_only_when_the_payload_lists_none(tmp_path: Any) -> None:
    """docs/DESIGN.md#claims, docs/DESIGN.md#the-decision row B revision 3: from background_tasks where the client lists
    it, otherwise inferred."""
    assert live_background(tmp_path, None, WAKE, AGENT, LAUNCHED) == (False, ("a5c0ffee12",))
    assert live_background(tmp_path, [], WAKE, AGENT, LAUNCHED) == (False, ())
    ended = notification("a5c0ffee12", "completed", queued=False)
    assert live_background(tmp_path, None, WAKE, AGENT, LAUNCHED, ended) == (False, ())


# ---- teammates (docs/DESIGN.md#claims, revision 3) ---------------------------------------------------

TEAMMATE = use("u6", "Agent", {"name": "engineer", "team_name": "sprint-4", "prompt": "Task #12."})
SPAWNED = result("u6", "Spawned successfully.\nagent_id: engineer@sprint-4\nname: engineer\nteam_name: sprint-4\n"
                 "The agent is now running and will receive instructions via mailbox.",
                 {"status": "teammate_spawned", "teammate_id": "engineer@sprint-4", "agent_id": "engineer@sprint-4",
                  "name": "engineer", "team_name": "sprint-4"})


def teammate_says(name: str, body: str) -> dict[str, Any]:
    return {"type": "user", "message": {"content": f'<teammate-message teammate_id="{name}">\n{body}\n'
                                                   "</teammate-message>"}}


def test_a_teammate_runs_until_it_approves_its_shutdown() -> None:
    assert tracked(TEAMMATE, SPAWNED) == ("engineer@sprint-4",)
    assert tracked(TEAMMATE, SPAWNED, teammate_says("engineer", "Task #12 done, PR #58 open.")) == (
        "engineer@sprint-4",
    )
    approved = '{"type": "shutdown_approved", "requestId": "r1"}'
    assert tracked(TEAMMATE, SPAWNED, teammate_says("engineer", approved)) == ()
    assert tracked(TEAMMATE, SPAWNED, teammate_says("reviewer", approved)) == ("engineer@sprint-4",)


def test_the_live_hook_infers_a_teammate_until_it_approves_its_shutdown(tmp_path: Any) -> None:
    """docs/DESIGN.md#claims revision 3: a teammate the lead spawned is work in flight at the lead's stop; its shutdown
    approval ends it."""
    assert live_background(tmp_path, None, WAKE, TEAMMATE, SPAWNED) == (False, ("engineer@sprint-4",))
    approved = teammate_says("engineer", '{"type": "shutdown_approved", "requestId": "r1"}')
    assert live_background(tmp_path, None, WAKE, TEAMMATE, SPAWNED, approved) == (False, ())


def test_a_replayed_stop_always_lists_its_background_work() -> None:
    """The replay decided what was in flight from the whole session: an empty list tells the hook not to
    infer again from the turn's own calls, which see less (docs/DESIGN.md#claims)."""
    from hook.harness import TurnEnd
    from hook.harness.claude.replay import ClaudeSessions

    payload, inferred = ClaudeSessions().stop_payload(TurnEnd(10, None, False), "s1", "/w", "/t.jsonl", 1)
    assert (payload["background_tasks"], inferred) == ([], ())
    end = TurnEnd(10, None, False, background=(("engineer@sprint-4", "u6"),))
    payload, inferred = ClaudeSessions().stop_payload(end, "s1", "/w", "/t.jsonl", 1)
    assert payload["background_tasks"] == [{"id": "engineer@sprint-4", "status": "running"}]
    assert inferred == ("background in flight (inferred from the transcript): engineer@sprint-4",)


# ---- scheduled prompts (docs/DESIGN.md#scheduled-turns): a /loop tick or a session cron the client will fire ----


def scheduled(*records: dict[str, Any]) -> list[tuple[object, ...]]:
    tracker = BackgroundTracker()
    for record in records:
        tracker.feed(record)
    return [(e["id"], e["schedule"], e["recurring"], e["prompt"], e["inferred"]) for e in tracker.scheduled]


WAKEUP = use("w1", "ScheduleWakeup", {"delaySeconds": 60, "reason": "CI", "prompt": "/loop check", "noop": False})
WAKEUP_SET = result("w1", "Next wakeup scheduled.", {"scheduledFor": 1796570760000, "clampedDelaySeconds": 60,
                                                     "wasClamped": False})
TICK = {"type": "user", "turnOrigin": "scheduled", "wakeupSource": "loop_wakeup",
        "message": {"content": "<command-name>/loop</command-name>\n<command-args>check</command-args>"}}
CRON = use("c1", "CronCreate", {"cron": "*/5 * * * *", "prompt": "check PR 12", "recurring": False})
CRON_SET = result("c1", "Scheduled one-shot task 5f00ba11.", {"id": "5f00ba11", "humanSchedule": "Every 5 minutes",
                                                              "recurring": False, "durable": False})


def test_a_scheduled_tick_is_pending_until_it_fires() -> None:
    assert scheduled(WAKEUP, WAKEUP_SET) == [("w1", "2026-12-06T15:26:00Z", False, "/loop check", True)]
    assert scheduled(WAKEUP, WAKEUP_SET, TICK) == []


def test_stopping_the_loop_cancels_its_tick() -> None:
    stop = use("w2", "ScheduleWakeup", {"stop": True})
    assert scheduled(WAKEUP, WAKEUP_SET, stop, result("w2", "Loop ended.", {"stopped": True})) == []


def test_a_cron_is_pending_until_deleted_or_fired_once() -> None:
    assert scheduled(CRON, CRON_SET) == [("5f00ba11", "*/5 * * * *", False, "check PR 12", True)]
    delete = use("c2", "CronDelete", {"id": "5f00ba11"})
    assert scheduled(CRON, CRON_SET, delete, result("c2", "Cancelled.", {"id": "5f00ba11"})) == []
    assert scheduled(CRON, CRON_SET, delete, result("c2", "no such job", error=True)) != []
    fire = {"type": "user", "isMeta": True, "turnOrigin": "scheduled", "wakeupSource": "schedule_wakeup",
            "message": {"content": "check PR 12"}}
    assert scheduled(CRON, CRON_SET, fire) == []


def test_a_recurring_cron_stays_pending_when_it_fires() -> None:
    recurring = use("c3", "CronCreate", {"cron": "* * * * *", "prompt": "tick", "recurring": True})
    created = result("c3", "Scheduled recurring job 0bada551.", {"id": "0bada551", "recurring": True})
    fire = {"type": "user", "isMeta": True, "wakeupSource": "schedule_wakeup", "message": {"content": "tick"}}
    assert [e[0] for e in scheduled(recurring, created, fire)] == ["0bada551"]


def test_printed_schedule_lines_schedule_nothing() -> None:
    echo = use("c4", "Bash", {"command": "echo 'Scheduled recurring job 0bada551.'"})
    assert scheduled(echo, result("c4", "Scheduled recurring job 0bada551.", {"stdout": "…"})) == []
