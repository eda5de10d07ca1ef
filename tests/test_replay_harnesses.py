"""`lanegate replay` revision 2 (docs/DESIGN.md#golden): Codex rollouts, recognition from the first records, an error
naming what an unrecognised file holds, and background work inferred from the transcript.

Record shapes follow real sessions (Claude Code 2.1.112-2.1.123, Codex 0.125-0.128); texts are invented.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hook.cli import main
from hook.commands.replay import ReplayError, Row, recognise, replay


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {
        "HOME": str(tmp_path / "home"),
        "LANEGATE_CONFIG": str(tmp_path / "user.toml"),
        "LANEGATE_AUDIT_LOG": str(tmp_path / "real-audit.jsonl"),
        "LANEGATE_STATE_DIR": str(tmp_path / "real-state"),
    }


def write(tmp: Path, records: list[Any], name: str = "session.jsonl") -> str:
    path = tmp / name
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return str(path)


def rows_of(rows: list[Row]) -> list[tuple[object, ...]]:
    return [(r.context_kind, r.line["class"], r.line["tag"], r.inferred) for r in rows]


# ---- Codex ------------------------------------------------------------------------------------------------

T = "2026-12-02T10:00:{:02d}.000Z"


def ri(second: int, payload: dict[str, Any]) -> dict[str, Any]:
    return {"timestamp": T.format(second), "type": "response_item", "payload": payload}


def ev(second: int, payload: dict[str, Any]) -> dict[str, Any]:
    return {"timestamp": T.format(second), "type": "event_msg", "payload": payload}


def user(second: int, text: str) -> dict[str, Any]:
    return ri(second, {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]})


def said(second: int, text: str, phase: str = "final_answer") -> dict[str, Any]:
    return ri(second, {"type": "message", "role": "assistant", "phase": phase,
                       "content": [{"type": "output_text", "text": text}]})


def call(second: int, command: str, call_id: str) -> list[dict[str, Any]]:
    return [ri(second, {"type": "function_call", "name": "exec_command", "arguments": json.dumps({"cmd": command}),
                        "call_id": call_id}),
            ri(second, {"type": "function_call_output", "call_id": call_id,
                        "output": "Process exited with code 0\nOutput:\nok\n"})]


def turn(second: int, turn_id: str, prompt: str, final: str, *, complete: bool = True) -> list[dict[str, Any]]:
    records = [ev(second, {"type": "task_started", "turn_id": turn_id}),
               {"timestamp": T.format(second), "type": "turn_context",
                "payload": {"turn_id": turn_id, "model": "gpt-5.5", "cwd": "/work/app"}},
               user(second, prompt), said(second + 1, "Looking at the parser first.", "commentary"),
               *call(second + 2, "pytest -q", f"call_{turn_id}"), said(second + 3, final)]
    if complete:
        records.append(ev(second + 4, {"type": "task_complete", "turn_id": turn_id, "last_agent_message": final}))
    return records


META = {"timestamp": T.format(0), "type": "session_meta",
        "payload": {"id": "019e0000-0000-7000-8000-000000000001", "cwd": "/work/app", "originator": "codex-tui",
                    "cli_version": "0.128.0", "source": "cli"}}
ENVIRONMENT = user(0, "<environment_context>\n  <cwd>/work/app</cwd>\n</environment_context>")


def test_a_codex_rollout_is_recognised_and_each_task_complete_is_a_turn_end(tmp_path: Path,
                                                                             env: dict[str, str]) -> None:
    path = write(tmp_path, [META, ENVIRONMENT, *turn(1, "t1", "fix the flaky parser test", "Fixed: the order."),
                            *turn(10, "t2", "[WAKE] peer ping from @vega", "Parser lane: tests green.")])
    assert recognise(path).description == "a Codex rollout (version 0.128.0)"
    rows = replay(path, env)
    assert rows_of(rows) == [("operator", "ALLOW", "operator-dialogue", ()),
                             ("wake", "WOULD-BLOCK", "no-lane-state", ())]
    assert [(r.line["harness"], r.line["session"]) for r in rows] == [("codex", META["payload"]["id"])] * 2
    assert not (tmp_path / "real-audit.jsonl").exists()


def test_a_codex_hook_prompt_continues_the_chain(tmp_path: Path, env: dict[str, str]) -> None:
    first = turn(1, "t1", "[WAKE] lane check", "Tests green.")
    again = turn(10, "t2", '<hook_prompt hook_run_id="h1">There is no hold state.</hook_prompt>', "Still green.")
    rows = replay(write(tmp_path, [META, *first, *again]), env)
    assert rows_of(rows) == [("wake", "WOULD-BLOCK", "no-lane-state", ()),
                             ("hook-prompt", "WOULD-BLOCK", "no-lane-state", ())]


def test_a_rollout_cut_inside_a_turn_has_no_turn_end_for_it(tmp_path: Path, env: dict[str, str]) -> None:
    records = [META, *turn(1, "t1", "fix it", "Fixed."), *turn(10, "t2", "and the docs", "Docs next.", complete=False)]
    cut = ri(20, {"type": "function_call", "name": "exec_command", "arguments": "{}", "call_id": "c9"})
    records = [*records[:-1], cut]
    assert [r.context_kind for r in replay(write(tmp_path, records), env)] == ["operator"]


def test_the_cli_says_why_a_recognised_session_has_no_turn_end(
    tmp_path: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    cut = ri(2, {"type": "function_call", "name": "exec_command", "arguments": "{}", "call_id": "c1"})
    path = write(tmp_path, [META, user(1, "fix it"), said(1, "Looking.", "commentary"), cut])
    assert main(["replay", path]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "0 turn-end(s) of a Codex rollout (version 0.128.0)"
    assert lines[-1].startswith("totals: no turn-ends: no turn of this session finished")


def test_an_older_rollout_without_task_complete_ends_turns_at_the_next_prompt(tmp_path: Path,
                                                                              env: dict[str, str]) -> None:
    records = [META, user(1, "fix it"), said(2, "Fixed."), user(3, "[WAKE] tick"), said(4, "Idle.")]
    assert rows_of(replay(write(tmp_path, records), env)) == [("operator", "ALLOW", "operator-dialogue", ()),
                                                               ("wake", "WOULD-BLOCK", "no-lane-state", ())]


def test_harness_named_against_the_file_is_an_error(tmp_path: Path, env: dict[str, str]) -> None:
    path = write(tmp_path, [META, *turn(1, "t1", "fix it", "Fixed.")])
    with pytest.raises(ReplayError) as caught:
        replay(path, env, "claude")
    assert str(caught.value) == f"--harness claude, but {path} is a Codex rollout (version 0.128.0)"


# ---- unrecognised files -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('{"sessionId": "s", "projectHash": "ab", "startTime": "x"}\n{"id": "u1", "type": "user", "content": "hi"}\n',
         "found a Gemini CLI session file (replay reads Claude Code and Codex sessions)"),
        ('{"role": "user", "message": {"content": [{"type": "text", "text": "hi"}]}}\n',
         "found a Cursor agent transcript (replay reads Claude Code and Codex sessions)"),
        ('{\n  "type": "user",\n  "message": {"role": "user", "content": "hi"}\n}\n',
         "found JSON spread over several lines (4 lines that are not JSON on their own): the records are "
         "pretty-printed, not one per line (JSONL); compact them, e.g. `jq -c .`"),
        ("hello\nworld\n", "found 2 lines that are not JSON"),
        ("", "found no records (the file is empty)"),
        ('{"event": "start", "at": 1}\n', "found objects with keys at, event"),
        ('{"type": "message", "text": "x"}\n', "found records of type 'message' with keys text, type"),
        ("[1, 2]\n", "found a JSON list"),
    ],
)
def test_an_unrecognised_file_is_an_error_naming_what_it_holds(tmp_path: Path, content: str, expected: str) -> None:
    path = tmp_path / "thing.jsonl"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ReplayError) as caught:
        recognise(str(path))
    assert str(caught.value) == f"{path} is not a Claude Code transcript or a Codex rollout: {expected}"


def test_the_cli_exits_2_with_the_message_and_never_prints_zero_turn_ends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notes.jsonl"
    path.write_text("hello\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"lanegate replay: {path} is not a Claude Code transcript or a Codex rollout: " \
                           "found 1 lines that are not JSON\n"


# ---- background work inferred from a Claude Code transcript -------------------------------------------------

SID = "9e8d7c6b-0000-4000-8000-000000000001"


class Claude:
    """A Claude Code 2.1.x session, record by record."""

    def __init__(self) -> None:
        self.records: list[dict[str, Any]] = []
        self.n = 0

    def _base(self, kind: str) -> dict[str, Any]:
        self.n += 1
        return {"type": kind, "uuid": f"u-{self.n:04d}", "sessionId": SID, "version": "2.1.121", "cwd": "/work/app",
                "isSidechain": False, "timestamp": f"2026-12-02T10:{self.n // 60:02d}:{self.n % 60:02d}.000Z"}

    def user(self, content: Any, **extra: Any) -> Claude:
        self.records.append({**self._base("user"), "message": {"role": "user", "content": content}, **extra})
        return self

    def text(self, text: str) -> Claude:
        record = self._base("assistant")
        record["message"] = {"id": f"msg_{self.n}", "role": "assistant", "content": [{"type": "text", "text": text}]}
        self.records.append(record)
        return self

    def tool(self, name: str, arguments: dict[str, Any], result: str, tool_result: dict[str, Any]) -> Claude:
        use = f"toolu_{self.n:04d}"
        record = self._base("assistant")
        record["message"] = {"id": f"msg_{self.n}", "role": "assistant",
                             "content": [{"type": "tool_use", "id": use, "name": name, "input": arguments}]}
        self.records.append(record)
        return self.user([{"type": "tool_result", "tool_use_id": use, "content": result}], toolUseResult=tool_result)

    def notify(self, task: str, status: str | None) -> Claude:
        body = f"<task-notification>\n<task-id>{task}</task-id>\n"
        body += f"<status>{status}</status>\n" if status else "<event>page 2 done</event>\n"
        record = self._base("attachment")
        record["attachment"] = {"type": "queued_command", "prompt": body + "</task-notification>",
                                "commandMode": "task-notification"}
        self.records.append(record)
        return self


def background_bash(session: Claude, task: str) -> Claude:
    return session.tool("Bash", {"command": "make e2e", "run_in_background": True},
                        f"Command running in background with ID: {task}. Output is being written to: /tmp/{task}.out",
                        {"stdout": "", "stderr": "", "backgroundTaskId": task})


def test_a_background_shell_not_yet_finished_is_row_b_and_the_row_says_it_was_inferred(
    tmp_path: Path, env: dict[str, str]
) -> None:
    s = Claude().user("[WAKE] lane check")
    background_bash(s, "b7k2q9xme").text("Started the e2e suite; waiting for it.")
    s.notify("b7k2q9xme", "completed").text("The e2e suite passed.")
    rows = replay(write(tmp_path, s.records), env)
    assert rows_of(rows) == [
        ("wake", "ALLOW", "background-work", ("background in flight (inferred from the transcript): b7k2q9xme",)),
        # revision 3: the notification is skipped, so the wake that started the task owns the turn
        ("wake", "WOULD-BLOCK", "no-lane-state", ()),
    ]


def test_a_monitor_stays_in_flight_through_its_events_until_it_is_stopped(tmp_path: Path,
                                                                           env: dict[str, str]) -> None:
    s = Claude().user("[WAKE] watch the fetch")
    s.tool("Monitor", {"command": "tail -f fetch.log", "description": "fetch progress"},
           "Monitor started (task m42abc, timeout 900000ms). You will be notified on each event.",
           {"taskId": "m42abc", "timeoutMs": 900000, "persistent": False})
    s.text("Watching the fetch.").notify("m42abc", None).text("Page 2 is in.")
    s.tool("TaskStop", {"task_id": "m42abc"}, '{"message": "Successfully stopped task: m42abc"}',
           {"message": "Successfully stopped task: m42abc", "task_id": "m42abc"})
    s.text("Stopped the monitor; the fetch is done.")
    rows = replay(write(tmp_path, s.records), env)
    inferred = ("background in flight (inferred from the transcript): m42abc",)
    # "Page 2 is in." is followed by the TaskStop call: the turn went on, so it is no turn-end.
    assert [(r.line["tag"], r.inferred) for r in rows] == [("background-work", inferred), ("no-lane-state", ())]


def test_a_failed_task_is_over_and_a_todo_task_id_is_no_background_work(tmp_path: Path,
                                                                         env: dict[str, str]) -> None:
    s = Claude().user("[WAKE] lane check")
    s.tool("TaskCreate", {"subject": "write the docs"}, "Task #1 created", {"task": {"id": "1"}, "taskId": "1"})
    background_bash(s, "bfail01").notify("bfail01", "failed").text("The job failed with exit code 1.")
    rows = replay(write(tmp_path, s.records), env)
    assert rows_of(rows) == [("wake", "WOULD-BLOCK", "no-lane-state", ())]
