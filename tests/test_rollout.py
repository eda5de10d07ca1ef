"""The Codex rollout decoder (hook/harness/codex/) under the one reader: the walk, Turn and ToolCall of Claude."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from hook.exits import material_artifacts
from hook.harness import walk_for
from hook.harness.codex import CodexDecoder, CodexTranscript
from hook.transcript.reader import Entry, TranscriptError, Turn, read_turn
from hook.transcript.tools import fetched_prs
from hook.transcript.walk import WalkConfig
from lanegate_common.frozen import replace

WALK = walk_for("codex")
START = datetime(2026, 12, 2, 10, 0, tzinfo=UTC)
PR_URL = "https://github.com/acme/parser/pull/12"


def read_rollout(path: str, walk: WalkConfig, *, subagent: bool = False, scan_from: int | None = None) -> Turn:
    return CodexTranscript(subagent)(path, walk, scan_from=scan_from)


def codex_entries(record: dict[str, Any]) -> tuple[Entry, ...]:
    return CodexDecoder(WALK).decode(record)


class Rollout:
    """A Codex rollout under construction: one `{timestamp, type, payload}` line per call."""

    def __init__(self, start: datetime = START) -> None:
        self.lines: list[str] = []
        self.clock = start
        self.calls = 0
        self.line("session_meta", {"id": "0199a1f2-0000-7000-8000-000000000001", "cwd": "/work/repo",
                                   "cli_version": "0.46.0", "originator": "codex_cli_rs"})
        self.user("<environment_context>\n  <cwd>/work/repo</cwd>\n</environment_context>")

    def line(self, kind: str, payload: dict[str, Any]) -> Rollout:
        stamp = self.clock.isoformat(timespec="milliseconds").replace("+00:00", "Z")
        self.lines.append(json.dumps({"timestamp": stamp, "type": kind, "payload": payload}))
        self.clock += timedelta(seconds=1)
        return self

    def user(self, text: str) -> Rollout:
        self.line("response_item", {"type": "message", "role": "user",
                                    "content": [{"type": "input_text", "text": text}]})
        return self.line("event_msg", {"type": "user_message", "message": text, "kind": "plain"})

    def assistant(self, text: str) -> Rollout:
        self.line("event_msg", {"type": "agent_message", "message": text})
        return self.line("response_item", {"type": "message", "role": "assistant",
                                           "content": [{"type": "output_text", "text": text}]})

    def exec(self, cmd: str, output: str, code: int = 0, *, name: str = "exec_command") -> Rollout:
        self.calls += 1
        call_id = f"call_{self.calls}"
        arguments = {"cmd": cmd, "workdir": "/work/repo"} if name == "exec_command" else {
            "command": ["bash", "-lc", cmd], "workdir": "/work/repo"}
        self.line("response_item", {"type": "function_call", "name": name,
                                    "arguments": json.dumps(arguments), "call_id": call_id})
        if name == "exec_command":
            text = f"Chunk ID: 1\nWall time: 0.1 seconds\nProcess exited with code {code}\nOutput:\n{output}"
        else:
            text = json.dumps({"output": output, "metadata": {"exit_code": code, "duration_seconds": 0.1}})
        return self.line("response_item", {"type": "function_call_output", "call_id": call_id, "output": text})

    def write(self, path: Path, tail: str = "") -> Path:
        path.write_text("\n".join(self.lines) + "\n" + tail, encoding="utf-8")
        return path


def test_an_operator_prompt_puts_the_operator_in_the_loop(tmp_path: Path) -> None:
    r = Rollout().user("Explain the tail reader.").assistant("It reads backwards in blocks.")
    turn = read_rollout(str(r.write(tmp_path / "r.jsonl")), WALK)
    assert (turn.context.operator_in_loop, turn.context.kind, turn.context.text) == (
        True, "operator", "Explain the tail reader.")
    assert turn.context.timestamp == START + timedelta(seconds=3)
    assert turn.final_text == "It reads backwards in blocks."


@pytest.mark.parametrize(
    ("prompt", "kind"),
    [
        ("[WAKE] peer ping: lane check", "wake"),
        ('<hook_prompt hook_run_id="stop:0:/repo/.codex/hooks.json">Continue the lane.</hook_prompt>', "hook-prompt"),
        ("Night shift: keep the parser lane moving.", "handoff"),
    ],
)
def test_synthetic_prompts_are_autonomous(tmp_path: Path, prompt: str, kind: str) -> None:
    r = Rollout().user(prompt).assistant("On it.")
    turn = read_rollout(str(r.write(tmp_path / "r.jsonl")), WALK)
    assert (turn.context.operator_in_loop, turn.context.kind) == (False, kind)


def test_a_hook_continuation_is_found_before_the_older_operator_prompt(tmp_path: Path) -> None:
    r = Rollout().user("Fix the parser.").assistant("Fixed.")
    r.user('<hook_prompt hook_run_id="stop:0">Continue the lane now.</hook_prompt>').assistant("Continuing.")
    turn = read_rollout(str(r.write(tmp_path / "r.jsonl")), WALK)
    assert (turn.context.kind, turn.final_text) == ("hook-prompt", "Continuing.")


def test_codex_context_messages_and_developer_instructions_are_not_prompts(tmp_path: Path) -> None:
    r = Rollout().user("[WAKE] lane check")
    r.line("response_item", {"type": "message", "role": "developer",
                             "content": [{"type": "input_text", "text": "<permissions instructions>"}]})
    r.user("# AGENTS.md instructions for /work/repo\n\nBe brief.")
    r.user("<user_instructions>\nBe brief.\n</user_instructions>").assistant("Lane checked.")
    turn = read_rollout(str(r.write(tmp_path / "r.jsonl")), WALK)
    assert turn.context.kind == "wake"


def test_reminders_are_stripped_before_classifying(tmp_path: Path) -> None:
    r = Rollout().user("<system-reminder>note</system-reminder>[WAKE] ping").assistant("ok")
    turn = read_rollout(str(r.write(tmp_path / "r.jsonl")), WALK)
    assert turn.context.kind == "wake"


def test_calls_are_paired_with_outputs_by_call_id(tmp_path: Path) -> None:
    r = Rollout().user("[WAKE] lane check")
    r.exec("gh pr view 12", "state: OPEN")
    r.exec("make test", "2 failed", code=2, name="shell")
    r.assistant("Checked.")
    turn = read_rollout(str(r.write(tmp_path / "r.jsonl")), WALK)
    view, test = turn.tool_calls
    assert (view.id, view.name, view.input["command"], view.result_text, view.is_error) == (
        "call_1", "exec_command", "gh pr view 12",
        "Chunk ID: 1\nWall time: 0.1 seconds\nProcess exited with code 0\nOutput:\nstate: OPEN", False)
    assert (test.name, test.input["command"], test.result_text, test.is_error) == (
        "shell", ["bash", "-lc", "make test"], "2 failed", True)
    assert fetched_prs(view) == frozenset({12})
    assert view.offset > turn.context.offset


def test_a_created_pull_request_is_a_material_artifact(tmp_path: Path) -> None:
    r = Rollout().user("[WAKE] lane check").exec("gh pr create --fill", f"{PR_URL}\n").assistant("Opened.")
    turn = read_rollout(str(r.write(tmp_path / "r.jsonl")), WALK)
    assert material_artifacts(turn.tool_calls, ()) == (f"PR created: {PR_URL}",)


def test_a_failed_fetch_is_no_evidence(tmp_path: Path) -> None:
    r = Rollout().user("[WAKE] lane check").exec("gh pr view 12", "not found", code=1).assistant("Hm.")
    (call,) = read_rollout(str(r.write(tmp_path / "r.jsonl")), WALK).tool_calls
    assert (call.is_error, fetched_prs(call)) == (True, frozenset())


def test_scan_from_reaches_calls_before_the_prompt(tmp_path: Path) -> None:
    r = Rollout().user("[WAKE] first").exec("gh pr create --fill", PR_URL).assistant("Opened.")
    first = read_rollout(str(r.write(tmp_path / "r.jsonl")), WALK)
    r.user("[WAKE] second").exec("make test", "ok").assistant("Tested.")
    path = str(r.write(tmp_path / "r.jsonl"))
    assert [c.input["command"] for c in read_rollout(path, WALK).tool_calls] == ["make test"]
    scanned = read_rollout(path, WALK, scan_from=first.end_offset - 2000)
    assert [c.input["command"] for c in scanned.tool_calls] == ["gh pr create --fill", "make test"]
    assert scanned.context.text == "[WAKE] second"


def test_a_half_written_last_line_is_left_for_the_next_stop(tmp_path: Path) -> None:
    r = Rollout().user("Explain it.").assistant("Done.")
    path = r.write(tmp_path / "r.jsonl", tail='{"timestamp": "2026-12-02T10:00:09Z", "type": "respo')
    turn = read_rollout(str(path), WALK)
    assert turn.end_offset == path.stat().st_size - len('{"timestamp": "2026-12-02T10:00:09Z", "type": "respo')
    assert turn.final_text == "Done."


def test_small_blocks_read_the_same_turn(tmp_path: Path) -> None:
    r = Rollout().user("[WAKE] ping").exec("gh pr checks 7", "pass").assistant("Green.")
    path = str(r.write(tmp_path / "r.jsonl"))
    small, whole = read_turn(path, CodexDecoder(WALK), block_size=7), read_rollout(path, WALK)
    assert small == replace(whole, bytes_read=small.bytes_read)
    assert small.bytes_read < whole.bytes_read  # only the lines back to the prompt were read


def test_a_subagent_rollout_is_prompted_by_its_parent(tmp_path: Path) -> None:
    r = Rollout().user("Survey the tokenizer tests.").assistant("42 tests.")
    turn = read_rollout(str(r.write(tmp_path / "r.jsonl")), WALK, subagent=True)
    assert (turn.context.operator_in_loop, turn.context.kind) == (False, "non-human-origin")


def test_no_prompt_at_all_is_autonomous(tmp_path: Path) -> None:
    turn = read_rollout(str(Rollout().assistant("Hello.").write(tmp_path / "r.jsonl")), WALK)
    assert (turn.context.operator_in_loop, turn.context.kind, turn.final_text) == (False, "none", "Hello.")


def test_a_missing_rollout_and_an_ephemeral_session_are_transcript_errors(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.jsonl")
    with pytest.raises(TranscriptError) as error:
        read_rollout(missing, WALK)
    assert str(error.value) == f"cannot open transcript {missing}: No such file or directory"
    with pytest.raises(TranscriptError, match="Codex sent no transcript_path"):
        read_rollout("", WALK)


@pytest.mark.parametrize(
    ("payload", "command"),
    [
        ({"type": "local_shell_call", "call_id": "c", "status": "completed",
          "action": {"type": "exec", "command": ["gh", "pr", "view", "3"]}}, ["gh", "pr", "view", "3"]),
        ({"type": "function_call", "name": "shell", "call_id": "c",
          "arguments": '{"command": ["bash", "-lc", "gh pr view 3"]}'}, ["bash", "-lc", "gh pr view 3"]),
    ],
)
def test_every_codex_shell_call_shape_reads_as_a_command(payload: dict[str, Any], command: list[str]) -> None:
    (entry,) = codex_entries({"timestamp": "2026-12-02T10:00:00Z", "type": "response_item", "payload": payload})
    assert entry.input["command"] == command


@pytest.mark.parametrize(
    ("output", "text", "is_error"),
    [
        ({"content": "boom", "success": False}, "boom", True),
        ([{"type": "input_text", "text": "a"}, {"type": "input_text", "text": "b"}], "a\nb", False),
        ("Exit code: 0\nWall time: 1s\nOutput:\nfine", "Exit code: 0\nWall time: 1s\nOutput:\nfine", False),
        ('{"output": "x", "metadata": {"exit_code": 1}}', "x", True),
        ("{not json", "{not json", False),
    ],
)
def test_output_shapes(output: object, text: str, is_error: bool) -> None:
    (entry,) = codex_entries(
        {"type": "response_item", "payload": {"type": "function_call_output", "call_id": "c", "output": output}}
    )
    assert (entry.text, entry.is_error) == (text, is_error)


@pytest.mark.parametrize(
    ("payload", "texts"),
    [
        ({"type": ["function_call"], "call_id": "c"}, None),
        ({"type": {"k": 1}}, None),
        ({"type": "message", "role": "assistant", "content": [{"type": ["output_text"], "text": "x"}]}, []),
    ],
)
def test_a_type_of_the_wrong_shape_is_read_as_no_call_and_no_text(payload: dict[str, Any], texts: Any) -> None:
    entries = codex_entries({"type": "response_item", "payload": payload})
    assert [(e.kind, e.texts) for e in entries] == ([] if texts is None else [("text", texts)])
