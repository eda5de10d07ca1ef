"""Background work: the Stop payload's `background_tasks` (SPEC §3.1, revision 2) and the work a replay
infers from a recorded transcript (SPEC §5.5)."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from hook.harness.claude import ENDED, HARNESS
from hook.harness.claude.background import BackgroundTracker, in_flight_from_calls
from hook.transcript.records import ToolCall

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


def test_the_result_text_alone_names_a_started_task() -> None:
    """A tool result without toolUseResult (an older record) still names the task in its text."""
    assert tracked(BASH, result("u1", "Command running in background with ID: bq7.")) == ("bq7",)


def test_a_todo_task_id_is_no_background_work() -> None:
    todo = use("u3", "TaskCreate", {"subject": "docs"})
    assert tracked(todo, result("u3", "Task #1 created successfully", {"taskId": "1"})) == ()


def test_a_foreground_command_starts_nothing() -> None:
    run = use("u4", "Bash", {"command": "make"})
    assert tracked(run, result("u4", "ok", {"stdout": "ok", "stderr": ""})) == ()


# ---- subagents and teammates (SPEC §2.7, revision 3) -----------------------------------------------------

AGENT = use("u5", "Agent", {"description": "audit", "prompt": "List the retry loops.", "run_in_background": True})
LAUNCHED = result("u5", "Async agent launched successfully.\nagentId: a4c1e9f07b2d8e635 (internal ID - do not "
                  "mention to user.)\nThe agent is working in the background.")
TEAMMATE = use("u6", "Agent", {"name": "engineer", "team_name": "sprint-4", "prompt": "Task #12."})
SPAWNED = result("u6", "Spawned successfully.\nagent_id: engineer@sprint-4\nname: engineer\nteam_name: sprint-4\n"
                 "The agent is now running and will receive instructions via mailbox.")


def teammate_says(name: str, body: str) -> dict[str, Any]:
    return {"type": "user", "message": {"content": f'<teammate-message teammate_id="{name}">\n{body}\n'
                                                   "</teammate-message>"}}


def test_a_background_subagent_runs_until_its_notification_says_it_ended() -> None:
    assert tracked(AGENT, LAUNCHED) == ("a4c1e9f07b2d8e635",)
    assert tracked(AGENT, LAUNCHED, notification("a4c1e9f07b2d8e635", "completed")) == ()


def test_a_foreground_subagent_starts_nothing() -> None:
    done = result("u5", "Found 4 retry loops.", {"status": "completed", "agentId": "a4c1e9f07b2d8e635"})
    assert tracked(AGENT, done) == ()


def test_a_teammate_runs_until_it_approves_its_shutdown() -> None:
    assert tracked(TEAMMATE, SPAWNED) == ("engineer@sprint-4",)
    assert tracked(TEAMMATE, SPAWNED, teammate_says("engineer", "Task #12 done, PR #58 open.")) == (
        "engineer@sprint-4",
    )
    approved = '{"type": "shutdown_approved", "requestId": "r1"}'
    assert tracked(TEAMMATE, SPAWNED, teammate_says("engineer", approved)) == ()
    assert tracked(TEAMMATE, SPAWNED, teammate_says("reviewer", approved)) == ("engineer@sprint-4",)


def test_a_live_turn_infers_from_its_tool_calls() -> None:
    calls = [
        ToolCall("u6", "Agent", {"name": "engineer"}, result_text=SPAWNED["message"]["content"][0]["content"]),
        ToolCall("u1", "Bash", {"command": "make e2e", "run_in_background": True},
                 result_text="Command running in background with ID: bq1."),
        ToolCall("u2", "TaskStop", {"task_id": "bq1"}, result_text="stopped"),
        ToolCall("u7", "Bash", {"command": "make"}, result_text="ok"),
    ]
    assert in_flight_from_calls(calls) == ("engineer@sprint-4",)
    assert in_flight_from_calls(calls[1:]) == ()


def test_a_replayed_stop_always_lists_its_background_work() -> None:
    """The replay decided what was in flight from the whole session: an empty list tells the hook not to
    infer again from the turn's own calls, which see less (SPEC §2.7)."""
    from hook.harness import TurnEnd
    from hook.harness.claude.replay import ClaudeSessions

    payload, inferred = ClaudeSessions().stop_payload(TurnEnd(10, None, False), "s1", "/w", "/t.jsonl", 1)
    assert (payload["background_tasks"], inferred) == ([], ())
    end = TurnEnd(10, None, False, background=(("engineer@sprint-4", "u6"),))
    payload, inferred = ClaudeSessions().stop_payload(end, "s1", "/w", "/t.jsonl", 1)
    assert payload["background_tasks"] == [{"id": "engineer@sprint-4", "status": "running"}]
    assert inferred == ("background in flight (inferred from the transcript): engineer@sprint-4",)
