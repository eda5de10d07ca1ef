"""The paths that keep a stop's cost flat (docs/DESIGN.md#performance): a stop resumes where the previous one left off
in the transcript, and never reads the audit log. Measured in bytes read, not in time.

The no-phrase stop's time is checked by scripts/bench (each harness within 80 ms and `python -c pass`
+ 45 ms, whole processes), not here; the modules it may import are fenced in tests/test_fast_path.py.
"""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hook.audit import AuditLine, append_line
from hook.core import handle
from hook.harness import walk_for
from hook.state import state_file_name
from hook.transcript.checkpoint import FINAL_KEPT, TAIL_CHECK
from hook.transcript.reader import PROMPT_READ, Turn
from hook.transcript.tools import _may_start_with_gh, fetched_prs
from tests.transcript_builder import TranscriptBuilder, lane_state_block, read_claude

WALK = walk_for("claude")
START = datetime(2026, 12, 2, 10, 0, tzinfo=UTC)
ROOT = Path(__file__).resolve().parents[1]


def stop(path: Path, previous: Turn | None, **kwargs: Any) -> Turn:
    """A stop as hook.core makes it: resume from the previous stop's checkpoint, scan from its end."""
    if previous is None:
        return read_claude(path, WALK, **kwargs)
    return read_claude(path, WALK, scan_from=previous.end_offset, resume=previous.resume, **kwargs)


def since(turn: Turn, offset: int) -> list[Any]:
    return [call for call in turn.tool_calls if call.offset >= offset]


def fetched_in_turn(turn: Turn, tools: tuple[str, ...] = ()) -> set[int]:
    """The PR numbers the lane-state validation sees fetched in this turn (docs/DESIGN.md#lane-state)."""
    after = turn.context.offset if turn.context.offset is not None else -1
    return {n for call in turn.tool_calls if call.offset > after for n in fetched_prs(call, tools)}


def assert_same_as_full_read(path: Path, previous: Turn, resumed: Turn) -> None:
    """What a resumed stop decides on equals a full backward read with the same scan_from."""
    full = read_claude(path, WALK, scan_from=previous.end_offset)
    assert (resumed.context, resumed.final_text, resumed.end_offset) == (
        full.context,
        full.final_text,
        full.end_offset,
    )
    assert since(resumed, previous.end_offset) == since(full, previous.end_offset)
    assert fetched_in_turn(resumed) == fetched_in_turn(full)
    assert resumed.resume == full.resume  # the same evidence, final text and prompt kept for the next stop


def working_turn() -> TranscriptBuilder:
    """An old operator turn, then a [WAKE] turn that fetches PR #12 and keeps working."""
    b = TranscriptBuilder(start=START).user("please fix the parser").assistant_text("Fixed.")
    b.wake("peer ping: lane check")
    b.bash("gh pr view 12", "state: OPEN")
    b.filler(20_000)
    b.assistant_text("Parser lane: CI is running on PR #12.")
    return b


def test_a_second_stop_reads_only_the_appended_bytes_and_still_sees_the_turn(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    b = working_turn()
    b.write(path)
    first = stop(path, None)
    size1 = path.stat().st_size
    assert first.bytes_read == size1  # one block, back past the prompt
    b.bash("make test", "42 passed").assistant_text("Docs lane next.")
    b.write(path)
    size2 = path.stat().st_size
    second = stop(path, first)
    # The appended bytes, the remembered prompt line (one first read) and the checksum before them.
    assert second.bytes_read == (size2 - size1) + PROMPT_READ + TAIL_CHECK
    assert (second.context.kind, second.context.text) == ("wake", "[WAKE] peer ping: lane check")
    assert second.final_text == "Docs lane next."
    assert [(c.name, c.input["command"], c.result_text) for c in second.tool_calls] == [
        ("Bash", "gh pr view 12", ""),  # kept as evidence from before the checkpoint, without its text
        ("Bash", "make test", "42 passed"),
    ]
    assert_same_as_full_read(path, first, second)


def test_a_third_stop_resumes_from_the_second_and_nothing_appended_reads_nothing_new(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    b = working_turn()
    b.write(path)
    first = stop(path, None)
    b.bash("make lint", "ok").assistant_text("Lint is clean.")
    b.write(path)
    second = stop(path, first)
    third = stop(path, second)
    assert third.bytes_read == PROMPT_READ + 2 * TAIL_CHECK  # nothing appended: both checksums are read
    assert (third.final_text, third.end_offset) == ("Lint is clean.", path.stat().st_size)
    assert_same_as_full_read(path, second, third)


def test_a_newer_prompt_among_the_appended_bytes_is_the_turn(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    b = working_turn()
    b.write(path)
    first = stop(path, None)
    size1 = path.stat().st_size
    b.user("what is left on the parser?").bash("gh pr checks 12", "pending").assistant_text("Only CI.")
    b.write(path)
    second = stop(path, first)
    assert second.bytes_read == (path.stat().st_size - size1) + TAIL_CHECK
    assert (second.context.kind, second.context.text) == ("operator", "what is left on the parser?")
    assert [c.input["command"] for c in second.tool_calls] == ["gh pr checks 12"]
    assert_same_as_full_read(path, first, second)


def test_a_truncated_or_rotated_transcript_is_read_in_full(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    working_turn().write(path)
    first = stop(path, None)
    TranscriptBuilder(start=START).wake("new file").assistant_text("Fresh start.").write(path)
    second = stop(path, first)
    assert second.bytes_read == path.stat().st_size
    assert (second.context.text, second.final_text) == ("[WAKE] new file", "Fresh start.")


def test_a_rewritten_transcript_that_grew_is_read_in_full(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    working_turn().write(path)
    first = stop(path, None)
    other = TranscriptBuilder(start=START, session_id="5e55a000-0000-4000-8000-000000000002")
    other.wake("another session").filler(40_000).assistant_text("Other work.")
    other.write(path)
    second = stop(path, first)
    assert second.bytes_read == path.stat().st_size + TAIL_CHECK  # the failed check, then all of it
    assert (second.context.text, second.final_text) == ("[WAKE] another session", "Other work.")


def test_a_final_message_split_across_the_checkpoint_is_read_back_whole(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    b = TranscriptBuilder(start=START).wake().filler(8_000).assistant_text("Part one.", message_id="msg_1")
    b.write(path)
    first = stop(path, None)
    b.assistant_text("Part two.", message_id="msg_1")
    b.write(path)
    second = stop(path, first)
    assert second.final_text == "Part one.\n\nPart two."
    assert second.bytes_read == path.stat().st_size - second.context.offset + TAIL_CHECK
    assert_same_as_full_read(path, first, second)


def test_a_final_text_too_long_to_keep_is_read_back_when_no_newer_text_was_appended(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    long_text = "Parser lane report. " * (FINAL_KEPT // 10)
    b = TranscriptBuilder(start=START).wake().assistant_text(long_text)
    b.write(path)
    first = stop(path, None)
    assert first.resume is not None and first.resume["final"] is None
    b.bash("make test", "42 passed")  # the transcript lags: no newer final text yet
    b.write(path)
    second = stop(path, first)
    assert second.final_text == long_text
    assert second.bytes_read == path.stat().st_size - second.context.offset + TAIL_CHECK
    assert_same_as_full_read(path, first, second)


def test_a_fetch_whose_error_result_arrives_after_the_checkpoint_is_no_evidence(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    b = TranscriptBuilder(start=START).wake().tool_use("Bash", {"command": "gh pr view 12"})
    b.write(path)
    first = stop(path, None)
    assert [(c.result_text, c.is_error) for c in first.tool_calls] == [(None, False)]
    b.tool_result("HTTP 404: Not Found", is_error=True).assistant_text("PR #12 is gone.")
    b.write(path)
    second = stop(path, first)
    assert [(c.result_text, c.is_error) for c in second.tool_calls] == [("HTTP 404: Not Found", True)]
    assert second.resume is not None and second.resume["calls"] == []
    assert_same_as_full_read(path, first, second)


@pytest.mark.parametrize(
    "change",
    [
        {"evidence_tools": ("mcp__github__get_pull_request",)},  # other PR-fetch tools: other evidence
        {"scan_from": 0},  # the artifact scan reaches before the checkpoint
    ],
)
def test_a_checkpoint_made_for_other_rules_or_an_older_boundary_is_not_used(
    tmp_path: Path, change: dict[str, Any]
) -> None:
    path = tmp_path / "t.jsonl"
    b = TranscriptBuilder(start=START).wake().bash("gh pr view 12", "state: OPEN").assistant_text("Waiting.")
    b.write(path)
    first = stop(path, None)
    b.bash("make test", "42 passed").assistant_text("Done.")
    b.write(path)
    kwargs: dict[str, Any] = {"scan_from": first.end_offset, "resume": first.resume, **change}
    second = read_claude(path, WALK, **kwargs)
    assert second.bytes_read == path.stat().st_size  # all of it, nothing more
    assert second.final_text == "Done."


def test_a_half_written_last_line_is_left_for_the_next_stop(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    b = TranscriptBuilder(start=START).wake().bash("gh pr view 12", "state: OPEN").assistant_text("Waiting.")
    b.write(path, tail='{"type": "assistant", "mess')
    first = stop(path, None)
    assert first.end_offset == path.stat().st_size - len('{"type": "assistant", "mess')
    b.assistant_text("Done.")
    b.write(path)
    second = stop(path, first)
    assert second.final_text == "Done."
    assert_same_as_full_read(path, first, second)


def every_boundary_transcript() -> TranscriptBuilder:
    """Prompts, pending and failed fetches, split messages, sidechains and stop-hook feedback."""
    b = TranscriptBuilder(start=START).user("please fix the parser").assistant_text("On it.")
    b.wake("peer ping")
    b.thinking("Check the PR first.", message_id="msg_a")
    b.tool_use("Bash", {"command": "gh pr view 12"}, message_id="msg_a")
    b.tool_result("state: OPEN")
    b.tool_use("Bash", {"command": "gh pr view 13"})
    b.bash("make test", "3 failed")
    b.tool_result("HTTP 404", is_error=True)
    b.assistant_text("First part.", "Second part.", message_id="msg_b")
    b.stop_hook_feedback("There is no hold state.")
    b.system("stop_hook_summary")
    b.tool("mcp__github__get_pull_request", {"pullNumber": 14}, result="{}")
    b.assistant_text("Sidechain note.", sidechain=True)
    b.bash("gh api repos/o/r/pulls/12", "{}")
    b.assistant_text("Parser lane: CI running on PR #12.")
    b.user("and PR 15?").bash("gh pr checks 15", "pass").assistant_text("Green.", "Merge is yours.")
    b.task_notification()
    b.assistant_text("Noted the finished task.")
    return b


def prefixes(b: TranscriptBuilder) -> Iterator[bytes]:
    data = b.to_bytes()
    offset = 0
    while offset < len(data):
        offset = data.index(b"\n", offset) + 1
        yield data[:offset]


def test_stopping_after_every_line_matches_a_full_read_each_time(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    previous: Turn | None = None
    tools = ("mcp__github__get_pull_request",)
    for prefix in prefixes(every_boundary_transcript()):
        path.write_bytes(prefix)
        turn = stop(path, previous, evidence_tools=tools)
        if previous is not None:
            full = read_claude(path, WALK, scan_from=previous.end_offset, evidence_tools=tools)
            assert (turn.context, turn.final_text) == (full.context, full.final_text)
            assert since(turn, previous.end_offset) == since(full, previous.end_offset)
            assert fetched_in_turn(turn, tools) == fetched_in_turn(full, tools)
            assert turn.resume == full.resume
        previous = turn
    assert previous is not None and previous.final_text == "Noted the finished task."


def test_the_hook_resumes_from_the_state_and_keeps_the_pr_fetch_evidence(tmp_path: Path) -> None:
    now = datetime.now(UTC)
    b = TranscriptBuilder(start=now - timedelta(minutes=10)).wake().bash("gh pr view 12", "state: OPEN")
    b.filler(30_000).assistant_text("Waiting on CI.")
    path = b.write(tmp_path / "t.jsonl")
    env = {
        "HOME": str(tmp_path),
        "LANEGATE_CONFIG": str(tmp_path / "none.toml"),
        "LANEGATE_AUDIT_LOG": str(tmp_path / "audit.jsonl"),
        "LANEGATE_STATE_DIR": str(tmp_path / "state"),
    }
    gate = {"ref": "PR #12", "checkedAt": now.strftime("%Y-%m-%dT%H:%MZ"), "nextActor": "@reviewer"}
    final = "Next lane: the docs.\n\n" + lane_state_block("next-lane", [gate])
    payload = {"session_id": "s1", "transcript_path": str(path), "cwd": str(tmp_path), "hook_event_name": "Stop",
               "stop_hook_active": True, "last_assistant_message": final}
    handle(json.dumps(payload).encode(), None, env)
    first_end = path.stat().st_size
    b.bash("make docs", "built").assistant_text(final)
    b.write(path)
    outcome = handle(json.dumps(payload).encode(), None, env)
    assert (outcome.line.klass, outcome.line.tag) == ("BLOCK", "valid-lane-state")  # the fetch still counts
    state = json.loads((tmp_path / "state" / state_file_name("s1")).read_text())
    assert (state["scan_from"], state["resume"]["end"]) == (path.stat().st_size, path.stat().st_size)
    assert [c[2]["command"] for c in state["resume"]["calls"]] == ["gh pr view 12"]
    assert first_end < path.stat().st_size


def test_appending_an_audit_line_reads_one_byte_of_the_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "audit.jsonl"
    log.write_bytes(b'{"class":"ALLOW"}\n' * 50_000)
    reads: list[tuple[int, int]] = []
    real_pread = os.pread

    def counting_pread(fd: int, length: int, offset: int) -> bytes:
        reads.append((length, offset))
        return real_pread(fd, length, offset)

    def no_read(fd: int, length: int) -> bytes:
        raise AssertionError("the audit log must not be read")

    monkeypatch.setattr(os, "pread", counting_pread)
    monkeypatch.setattr(os, "read", no_read)
    size = log.stat().st_size
    assert append_line(str(log), AuditLine(klass="ALLOW", tag="operator-dialogue")) is None
    assert reads == [(1, size - 1)]


@given(st.text(alphabet=st.sampled_from(list("gh/ \t\r\n#'\"\\xp\u2003")), max_size=12))
def test_the_cheap_gh_test_never_skips_a_command_shlex_reads_as_gh(command: str) -> None:
    try:
        words = shlex.split(command, comments=True)
    except ValueError:
        return
    if words and (words[0] == "gh" or words[0].endswith("/gh")):
        assert _may_start_with_gh(command)
