"""The one reader (hook.transcript.reader with each harness's decoder) reads the Turn the old readers read.

The old readers are the reference: hook.transcript.turn's _TurnReader for Claude Code and
hook.transcript.rollout's _EntryReader for Codex and Cursor. They are compared on every black-box
scenario's transcript and on generated transcripts of each format (hypothesis), full reads and reads
from a scan_from; then a second stop resuming from the first one's checkpoint must read what a full
read reads, for every format (the old Codex and Cursor reader had no checkpoint).
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hook.harness import detect_harness
from hook.harness.claude import read_claude_turn
from hook.harness.codex import CodexTranscript
from hook.harness.cursor import CursorDecoder, cursor_entries
from hook.transcript import turn as old_claude
from hook.transcript.reader import Turn, read_turn
from hook.transcript.rollout import read_entries, read_rollout
from hook.transcript.walk import default_walk_config
from tests.test_rollout import Rollout
from tests.test_walk_equivalence import HOSTILE, transcripts
from tests.transcript_builder import TranscriptBuilder

WALK = default_walk_config()
TOOLS = ("mcp__github__get_pull_request",)
BLACKBOX = Path(__file__).parent / "blackbox"


def seen(turn: Turn) -> tuple[Any, ...]:
    """What a stop decides on, and what the read cost."""
    return turn.context, turn.final_text, turn.tool_calls, turn.end_offset, turn.bytes_read


def old_turn(fmt: str, path: Path, skip: int = 0, subagent: bool = False, **kwargs: Any) -> Turn:
    if fmt == "claude":
        return old_claude.read_turn(path, WALK, evidence_tools=TOOLS, **kwargs)
    if fmt == "codex":
        return read_rollout(str(path), WALK, subagent=subagent, **kwargs)
    return read_entries(str(path), WALK, cursor_entries, skip_prompts=skip, **kwargs)


def new_turn(fmt: str, path: Path, skip: int = 0, subagent: bool = False, **kwargs: Any) -> Turn:
    if fmt == "claude":
        return read_claude_turn(path, WALK, evidence_tools=TOOLS, **kwargs)
    if fmt == "codex":
        return CodexTranscript(subagent)(str(path), WALK, evidence_tools=TOOLS, **kwargs)
    return read_turn(path, CursorDecoder(WALK), skip_prompts=skip, evidence_tools=TOOLS, **kwargs)


def line_starts(path: Path) -> list[int]:
    data = path.read_bytes()
    return [0] + [i + 1 for i, byte in enumerate(data) if byte == 0x0A]


def assert_same(fmt: str, path: Path, cut: int = 0, **options: Any) -> None:
    starts = line_starts(path)
    for kwargs in ({}, {"scan_from": starts[cut % len(starts)]}, {"scan_from": 0}):
        old, new = old_turn(fmt, path, **options, **kwargs), new_turn(fmt, path, **options, **kwargs)
        assert seen(new) == seen(old)
        if fmt == "claude":
            assert new.resume == old.resume  # the same checkpoint for the next stop


def assert_resume_reads_the_full_turn(fmt: str, path: Path, previous: Turn, **options: Any) -> None:
    """A stop resuming from `previous` decides on what a full read with the same scan_from gives.

    (Claude Code's resumed read is compared with the old reader's resumed read instead: both differ from
    a full read when the newest record of a subagent's own file is a queued-command attachment, which
    is read before any record says the file is a subagent's.)
    """
    kwargs = {"scan_from": previous.end_offset, **options}
    resumed = new_turn(fmt, path, resume=previous.resume, **kwargs)
    if fmt == "claude":
        old = old_turn(fmt, path, resume=previous.resume, **kwargs)
        assert (seen(resumed), resumed.resume) == (seen(old), old.resume)
        return
    full = new_turn(fmt, path, **kwargs)
    assert (resumed.context, resumed.final_text, resumed.end_offset) == (
        full.context, full.final_text, full.end_offset)
    since = previous.end_offset
    assert [c for c in resumed.tool_calls if c.offset >= since] == [c for c in full.tool_calls if c.offset >= since]
    assert resumed.resume == full.resume


# -- the black-box scenarios' transcripts --------------------------------------------------------------


def write_records(path: Path, records: list[Any], tail: str | None) -> Path:
    chunks = []
    for record in records:
        if isinstance(record, dict) and "$raw" in record:
            chunks.append(record["$raw"].encode("utf-8") + b"\n")
        elif isinstance(record, dict) and "$raw_b64" in record:
            chunks.append(base64.b64decode(record["$raw_b64"]) + b"\n")
        else:
            chunks.append(json.dumps(record, ensure_ascii=False).encode("utf-8") + b"\n")
    path.write_bytes(b"".join(chunks) + (tail or "").encode("utf-8"))
    return path


def scenario_transcripts() -> list[Any]:
    cases = []
    for file in sorted(BLACKBOX.glob("*.json")):
        scenario = json.loads(file.read_text(encoding="utf-8"))
        payload = scenario.get("payload")
        fmt = scenario["harness"]
        if fmt == "auto":
            fmt = detect_harness(payload).name if isinstance(payload, dict) else "claude"
        if fmt == "gemini" or not scenario.get("transcript"):
            continue
        loops = payload.get("loop_count", 0) if isinstance(payload, dict) else 0
        skip = loops if isinstance(loops, int) and not isinstance(loops, bool) and loops > 0 else 0
        subagent = isinstance(payload, dict) and payload.get("hook_event_name") == "SubagentStop"
        cases.append(pytest.param(fmt, scenario, skip, subagent, id=file.stem))
    return cases


@pytest.mark.parametrize(("fmt", "scenario", "skip", "subagent"), scenario_transcripts())
def test_every_scenario_transcript_reads_the_same(
    tmp_path: Path, fmt: str, scenario: dict[str, Any], skip: int, subagent: bool
) -> None:
    path = write_records(tmp_path / "t.jsonl", scenario["transcript"], scenario.get("transcript_partial_tail"))
    options: dict[str, Any] = {"skip": skip} if fmt == "cursor" else {"subagent": subagent} if fmt == "codex" else {}
    for cut in range(0, len(line_starts(path)), 3):
        assert_same(fmt, path, cut, **options)


def test_the_scenarios_cover_every_format() -> None:
    formats = [p.values[0] for p in scenario_transcripts()]
    assert {f: formats.count(f) >= 10 for f in ("claude", "codex", "cursor")} == {
        "claude": True, "codex": True, "cursor": True}


# -- generated Claude Code transcripts -----------------------------------------------------------------


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(transcripts(), st.integers(min_value=0, max_value=40), st.sampled_from([b"", b'{"type":"assistant","mess']))
def test_generated_claude_transcripts_read_the_same(
    tmp_path: Path, b: TranscriptBuilder, cut: int, tail: bytes
) -> None:
    path = b.write(tmp_path / "t.jsonl", tail=tail)
    assert_same("claude", path, cut)
    first = new_turn("claude", path)
    b.bash("gh pr view 12", "state: OPEN").assistant_text("Parser lane: CI runs on PR #12.")
    b.write(path, tail=tail)
    assert_resume_reads_the_full_turn("claude", path, first)


# -- generated Codex rollouts --------------------------------------------------------------------------

CODEX_USER = [*HOSTILE, "<environment_context>\n<cwd>/w</cwd>\n</environment_context>", "# AGENTS.md instructions",
              '<hook_prompt hook_run_id="r1">Name your lane.</hook_prompt>', "", "   "]
CODEX_COMMANDS = ["gh pr view 12", "gh pr create --fill", "make test", "gh pr checks 7"]


def codex_step(draw: st.DrawFn, r: Rollout) -> None:
    step = draw(st.integers(min_value=0, max_value=11))
    text = draw(st.sampled_from(CODEX_USER))
    if step in (0, 1):
        r.user(text)
    elif step in (2, 3):
        r.assistant(draw(st.sampled_from([*HOSTILE, "", " "])))
    elif step in (4, 5):
        name = draw(st.sampled_from(["exec_command", "shell"]))
        r.exec(draw(st.sampled_from(CODEX_COMMANDS)), "https://github.com/o/r/pull/9", draw(st.sampled_from([0, 1])),
               name=name)
    elif step == 6:
        call_id = f"ls{len(r.lines)}"
        r.line("response_item", {"type": "local_shell_call", "call_id": call_id,
                                 "action": {"type": "exec", "command": ["gh", "pr", "view", "3"]}})
        r.line("response_item", {"type": "local_shell_call_output", "call_id": call_id,
                                 "output": {"output": "OPEN", "success": draw(st.booleans())}})
    elif step == 7:
        r.line("response_item", {"type": "message", "role": draw(st.sampled_from(["developer", "system", "user"])),
                                 "content": [{"type": "input_text", "text": text}, {"type": "input_image"}]})
    elif step == 8:
        texts = [{"type": "output_text", "text": text}, {"type": "output_text", "text": ""}]
        r.line("response_item", {"type": "message", "role": "assistant", "content": texts})
    elif step == 9:
        r.line("compacted", {"message": text})
    elif step == 10:
        r.lines.append(draw(st.sampled_from(["", "not json", "[1]", '{"type": "response_item"', "\ufeff{}"])))
    else:
        call_id = f"c{len(r.lines)}"
        r.line("response_item", {"type": "custom_tool_call", "name": "apply_patch", "call_id": call_id,
                                 "input": "*** Begin Patch"})
        r.line("response_item", {"type": "custom_tool_call_output", "call_id": call_id, "output": "Exit code: 0"})


@st.composite
def rollouts(draw: st.DrawFn) -> Rollout:
    r = Rollout()
    for _ in range(draw(st.integers(min_value=1, max_value=14))):
        codex_step(draw, r)
    return r


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rollouts(), st.integers(min_value=0, max_value=40), st.sampled_from(["", '{"type":"response_item","pay']),
       st.booleans(), st.data())
def test_generated_codex_rollouts_read_the_same(
    tmp_path: Path, r: Rollout, cut: int, tail: str, subagent: bool, data: st.DataObject
) -> None:
    path = r.write(tmp_path / "r.jsonl", tail)
    assert_same("codex", path, cut, subagent=subagent)
    first = new_turn("codex", path, subagent=subagent)
    for _ in range(data.draw(st.integers(min_value=1, max_value=4))):
        codex_step(data.draw, r)
    r.write(path, tail)
    assert_resume_reads_the_full_turn("codex", path, first, subagent=subagent)


# -- generated Cursor transcripts ----------------------------------------------------------------------


def cursor_step(draw: st.DrawFn, lines: list[str]) -> None:
    step = draw(st.integers(min_value=0, max_value=7))
    text = draw(st.sampled_from(HOSTILE))
    if step in (0, 1):
        content: Any = [{"type": "text", "text": f"<user_query>\n{text}\n</user_query>"}]
        lines.append(json.dumps({"role": "user", "message": {"content": content}}))
    elif step == 2:  # a follow-up message the harness wrote back as a user message
        lines.append(json.dumps({"role": "user", "message": {"content": draw(st.sampled_from([text, [
            {"type": "text", "text": text}, {"type": "image"}]]))}}))
    elif step in (3, 4):
        blocks: list[Any] = []
        for _ in range(draw(st.integers(min_value=0, max_value=3))):
            if draw(st.booleans()):
                blocks.append({"type": "text", "text": draw(st.sampled_from([*HOSTILE, "", " "]))})
            else:
                command = draw(st.sampled_from(CODEX_COMMANDS))
                name = draw(st.sampled_from(["Shell", "shell", "Read"]))
                blocks.append({"type": "tool_use", "id": f"t{len(lines)}", "name": name, "input": {"command": command}})
        lines.append(json.dumps({"role": "assistant", "message": {"content": blocks}}))
    elif step == 5:
        result = {"type": "tool_result", "tool_use_id": f"t{len(lines) - 1}", "content": "https://github.com/o/r/pull/4",
                  "is_error": draw(st.booleans())}
        lines.append(json.dumps({"role": "user", "message": {"content": [result]}}))
    elif step == 6:
        lines.append(json.dumps({"type": "turn_ended", "status": "success"}))
    else:
        lines.append(draw(st.sampled_from(["", "not json", '{"role": "user"', "[]"])))


@st.composite
def cursor_transcripts(draw: st.DrawFn) -> list[str]:
    lines: list[str] = []
    for _ in range(draw(st.integers(min_value=1, max_value=14))):
        cursor_step(draw, lines)
    return lines


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cursor_transcripts(), st.integers(min_value=0, max_value=40), st.integers(min_value=0, max_value=3),
       st.data())
def test_generated_cursor_transcripts_read_the_same(
    tmp_path: Path, lines: list[str], cut: int, skip: int, data: st.DataObject
) -> None:
    path = tmp_path / "c.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert_same("cursor", path, cut, skip=skip)
    first = new_turn("cursor", path, skip=skip)
    appended = data.draw(st.integers(min_value=1, max_value=4))
    for _ in range(appended):
        cursor_step(data.draw, lines)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    # The next stop skips the follow-ups written since, or the harness reset its loop count.
    later = data.draw(st.sampled_from([skip, skip + 1, skip + appended, 0]))
    assert_resume_reads_the_full_turn("cursor", path, first, skip=later)
