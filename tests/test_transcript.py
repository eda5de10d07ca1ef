"""The backwards transcript reader and the prompting walk (docs/DESIGN.md#transcript,
docs/DESIGN.md#operator-or-autonomous)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hook.harness import walk_for
from hook.transcript.reader import TranscriptError
from hook.transcript.tail import BackwardLines
from hook.transcript.walk import PromptContext, WalkConfigError, default_walk_config
from lanegate_common.frozen import FrozenInstanceError
from tests.examples import examples
from tests.transcript_builder import TranscriptBuilder, read_claude

WALK = walk_for("claude")


def turn_of(builder: TranscriptBuilder, tmp_path: Path, **kwargs):
    return read_claude(builder.write(tmp_path / "t.jsonl"), WALK, **kwargs)


def offset_of_line(path: Path, index: int) -> int:
    """Byte offset where the index-th line (0-based) starts."""
    data = path.read_bytes()
    offset = 0
    for _ in range(index):
        offset = data.index(b"\n", offset) + 1
    return offset


# -- the prompting walk ----------------------------------------------------------------------------


def test_operator_prompt_is_dialogue_with_its_record_fields(tmp_path: Path) -> None:
    b = TranscriptBuilder(start="2026-12-02T10:04:31Z").user("what does the parser do?")
    prompt_uuid = b.last_uuid
    b.assistant_text("It parses.")
    path = b.write(tmp_path / "t.jsonl")
    turn = read_claude(path, WALK)
    assert turn.context == PromptContext(
        operator_in_loop=True,
        kind="operator",
        text="what does the parser do?",
        timestamp=datetime(2026, 12, 2, 10, 4, 31, tzinfo=UTC),
        handoff_reason=None,
        handoff_window=None,
        uuid=prompt_uuid,
        offset=0,
    )
    assert turn.final_text == "It parses."
    assert turn.end_offset == path.stat().st_size


def test_offset_points_at_the_prompting_line(tmp_path: Path) -> None:
    b = TranscriptBuilder().user("old question").assistant_text("old answer").user("new question")
    b.assistant_text("new answer")
    path = b.write(tmp_path / "t.jsonl")
    turn = read_claude(path, WALK)
    assert turn.context.text == "new question"
    assert turn.context.offset == offset_of_line(path, 2)


def test_tool_results_and_meta_feedback_are_not_prompts(tmp_path: Path) -> None:
    b = (
        TranscriptBuilder()
        .user("fix the flaky test")
        .bash("pytest -q", "3 passed")
        .assistant_text("Done.")
        .stop_hook_feedback("There is no hold state. Drive the lane.")
        .skill_body()
        .bash("git push", "ok")
        .assistant_text("Pushed.")
    )
    turn = turn_of(b, tmp_path)
    assert (turn.context.kind, turn.context.text) == ("operator", "fix the flaky test")
    assert turn.final_text == "Pushed."


def test_legacy_stop_hook_feedback_without_is_meta_is_skipped(tmp_path: Path) -> None:
    b = TranscriptBuilder().wake("lane check").assistant_text("ok")
    b.legacy_user("Stop hook feedback:\nno hold state").assistant_text("continuing")
    turn = turn_of(b, tmp_path)
    assert (turn.context.operator_in_loop, turn.context.kind) == (False, "wake")


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("[WAKE] peer ping from @reviewer", "wake"),
        ("<hook_prompt>run the checks</hook_prompt>", "hook-prompt"),
        ("<turn_aborted>user pressed esc</turn_aborted>", "turn-aborted"),
        ("<system-reminder>The date changed.</system-reminder>", "system-reminder"),
        ("  <system-reminder>unclosed reminder", "system-reminder"),
        ("<system-reminder>a</system-reminder>\n[WAKE] after a reminder", "wake"),
    ],
)
def test_synthetic_prompts_are_autonomous(tmp_path: Path, text: str, kind: str) -> None:
    b = TranscriptBuilder().user("an older operator question").user(text, origin=None).assistant_text("x")
    turn = turn_of(b, tmp_path)
    assert (turn.context.operator_in_loop, turn.context.kind) == (False, kind)


def test_inline_reminders_are_removed_and_the_rest_still_counts(tmp_path: Path) -> None:
    text = "<system-reminder>todo list is empty</system-reminder>please rename the module"
    turn = turn_of(TranscriptBuilder().user(text).assistant_text("Renamed."), tmp_path)
    assert (turn.context.kind, turn.context.text) == ("operator", "please rename the module")


@pytest.mark.parametrize(
    ("text", "reason", "window"),
    [
        ("night shift: keep the parser lane going", "night shift", None),
        ("Nightshift — for the next 8 hours, pick from the backlog", "night shift", "for the next 8 hours"),
        ("I'm off. You drive for the next 5h.", "you drive", "for the next 5h"),
        ("you drive the release prep until I'm back", "you drive", "until I'm back"),
        ("you drive until I’m back", "you drive", "until I’m back"),
        ("Freely choose lanes for the next 3 hours", "freely choose", "for the next 3 hours"),
    ],
)
def test_handoffs_are_autonomous_with_reason_and_window(
    tmp_path: Path, text: str, reason: str, window: str | None
) -> None:
    turn = turn_of(TranscriptBuilder().user(text).assistant_text("On it."), tmp_path)
    ctx = turn.context
    assert (ctx.operator_in_loop, ctx.kind, ctx.handoff_reason, ctx.handoff_window) == (
        False,
        "handoff",
        reason,
        window,
    )


@pytest.mark.parametrize("text", ["you drive, I'll review", "freely choose a name", "what shift is it?"])
def test_near_handoffs_stay_operator_dialogue(tmp_path: Path, text: str) -> None:
    turn = turn_of(TranscriptBuilder().user(text).assistant_text("ok"), tmp_path)
    assert (turn.context.operator_in_loop, turn.context.kind) == (True, "operator")


def test_non_human_origin_stops_the_walk(tmp_path: Path) -> None:
    b = TranscriptBuilder().user("operator question").assistant_text("answer")
    b.user("please merge PR 12", origin={"kind": "peer", "from": "seat-2"}).assistant_text("ok")
    turn = turn_of(b, tmp_path)
    assert (turn.context.operator_in_loop, turn.context.kind) == (False, "non-human-origin")
    assert turn.context.text == "please merge PR 12"


def test_non_human_origin_keeps_a_synthetic_kind(tmp_path: Path) -> None:
    b = TranscriptBuilder().user("[WAKE] tick", origin={"kind": "peer"}).assistant_text("noted")
    turn = turn_of(b, tmp_path)
    assert (turn.context.operator_in_loop, turn.context.kind) == (False, "wake")


@pytest.mark.parametrize(
    ("first", "in_loop", "kind"),
    [("please run the bench in the background", True, "operator"), ("[WAKE] tick from @vega", False, "wake")],
)
@pytest.mark.parametrize("origin", [{"kind": "task-notification"}, None])
def test_a_task_notification_is_skipped_so_the_turn_belongs_to_who_started_the_task(
    tmp_path: Path, first: str, in_loop: bool, kind: str, origin: dict | None
) -> None:
    """docs/DESIGN.md#operator-or-autonomous revision 3: a notification reports work an earlier turn started; it is not
    prompting."""
    b = TranscriptBuilder().user(first, origin=None).assistant_text("Started the bench.")
    body = "<task-notification>\n<task-id>b1</task-id>\n<status>completed</status>\n</task-notification>"
    b.user(body, origin=origin).assistant_text("The bench finished: p50 6 ms.")
    turn = turn_of(b, tmp_path)
    assert (turn.context.operator_in_loop, turn.context.kind, turn.context.text) == (in_loop, kind, first)


def test_a_notification_with_nothing_before_it_is_no_prompt(tmp_path: Path) -> None:
    turn = turn_of(TranscriptBuilder().task_notification().assistant_text("noted"), tmp_path)
    assert (turn.context.operator_in_loop, turn.context.kind) == (False, "none")


def test_a_queued_notification_is_skipped_but_a_spoofed_mode_is_not(tmp_path: Path) -> None:
    body = "<task-notification>\n<task-id>b1</task-id>\n<status>completed</status>\n</task-notification>"
    b = TranscriptBuilder().user("run the bench").assistant_text("Started.")
    b.queued(body, command_mode="task-notification", source_uuid=False, origin=None).assistant_text("Done.")
    assert (turn_of(b, tmp_path).context.kind, turn_of(b, tmp_path).context.text) == ("operator", "run the bench")


def test_origin_without_kind_is_judged_by_text(tmp_path: Path) -> None:
    turn = turn_of(TranscriptBuilder().user("hello", origin={}).assistant_text("hi"), tmp_path)
    assert turn.context.kind == "operator"


def test_genuine_queued_command_is_operator_dialogue(tmp_path: Path) -> None:
    b = TranscriptBuilder().wake().tool_use("Bash", {"command": "make"})
    b.queued("also update the changelog").tool_result("built").assistant_text("Both done.")
    turn = turn_of(b, tmp_path)
    assert (turn.context.operator_in_loop, turn.context.kind, turn.context.text) == (
        True,
        "operator",
        "also update the changelog",
    )
    assert turn.context.uuid is not None


@pytest.mark.parametrize(
    "envelope",
    [
        {"command_mode": "task-notification"},
        {"source_uuid": None},
        {"source_uuid": ""},
        {"source_uuid": 7},
        {"origin": {"kind": "peer"}},
        {"origin": {"from": "human"}},
    ],
)
def test_spoofed_queued_envelope_stops_the_walk_as_autonomous(tmp_path: Path, envelope: dict) -> None:
    b = TranscriptBuilder().user("older operator prose").assistant_text("answer")
    b.queued("merge it, your call", **envelope).assistant_text("ok")
    turn = turn_of(b, tmp_path)
    assert (turn.context.operator_in_loop, turn.context.kind, turn.context.text) == (
        False,
        "queued-envelope",
        "merge it, your call",
    )


@pytest.mark.parametrize(
    ("text", "in_loop", "kind"),
    [
        ("also update the changelog", True, "operator"),
        ("[WAKE] tick from @vega", False, "wake"),
        ("night shift now, keep the parser lane moving", False, "handoff"),
        ("<system-reminder>ctx</system-reminder>", False, "system-reminder"),
    ],
)
def test_queued_prompt_without_origin_is_classified_by_its_text(
    tmp_path: Path, text: str, in_loop: bool, kind: str
) -> None:
    """Claude Code 2.1.x writes queued prompts without an origin (docs/DESIGN.md#operator-or-autonomous, revision 2)."""
    b = TranscriptBuilder().wake().assistant_text("working")
    b.queued(text, origin=None).assistant_text("done")
    turn = turn_of(b, tmp_path)
    assert (turn.context.operator_in_loop, turn.context.kind) == (in_loop, kind)


def test_queued_envelope_with_a_non_human_record_origin_is_spoofed(tmp_path: Path) -> None:
    b = TranscriptBuilder().user("older").assistant_text("a")
    b.record(
        {
            "type": "attachment",
            "origin": {"kind": "tool"},
            "attachment": {
                "type": "queued_command",
                "prompt": "hi",
                "commandMode": "prompt",
                "source_uuid": "s-1",
                "origin": {"kind": "human"},
            },
        }
    )
    assert turn_of(b, tmp_path).context.kind == "queued-envelope"


def test_genuine_queued_wake_is_still_synthetic(tmp_path: Path) -> None:
    turn = turn_of(TranscriptBuilder().user("q").queued("[WAKE] tick").assistant_text("a"), tmp_path)
    assert (turn.context.operator_in_loop, turn.context.kind) == (False, "wake")


def test_other_attachments_are_skipped(tmp_path: Path) -> None:
    b = TranscriptBuilder().user("operator question")
    b.attachment({"type": "hook_success", "content": "ok"}).attachment({"type": "todo_reminder"})
    b.assistant_text("answer")
    assert turn_of(b, tmp_path).context.kind == "operator"


def test_compaction_summary_is_skipped(tmp_path: Path) -> None:
    b = TranscriptBuilder().wake("tick").assistant_text("working").compact().assistant_text("resumed")
    turn = turn_of(b, tmp_path)
    assert (turn.context.kind, turn.final_text) == ("wake", "resumed")


def test_sidechain_records_are_skipped(tmp_path: Path) -> None:
    b = TranscriptBuilder().wake("tick").assistant_text("main text")
    b.user("subagent task prompt", sidechain=True).assistant_text("subagent answer", sidechain=True)
    b.tool_use("Bash", {"command": "gh pr create"})
    b.records[-1]["isSidechain"] = True
    turn = turn_of(b, tmp_path)
    assert (turn.context.kind, turn.final_text, turn.tool_calls) == ("wake", "main text", ())


def test_a_subagent_transcript_is_read_on_its_own_line(tmp_path: Path) -> None:
    b = TranscriptBuilder(agent_id="a9a57a7").user("Find every caller of parse()", origin=None)
    b.bash("grep -rn 'parse(' src", "src/a.py:3").assistant_text("Two callers.", "Both in src/a.py.")
    turn = turn_of(b, tmp_path)
    assert (turn.context.operator_in_loop, turn.context.kind, turn.context.text) == (
        False,
        "non-human-origin",
        "Find every caller of parse()",
    )
    assert turn.final_text == "Two callers.\n\nBoth in src/a.py."
    assert [(c.name, c.result_text) for c in turn.tool_calls] == [("Bash", "src/a.py:3")]


def test_a_subagent_transcript_keeps_synthetic_kinds(tmp_path: Path) -> None:
    turn = turn_of(TranscriptBuilder(agent_id="a1").wake("tick").assistant_text("x"), tmp_path)
    assert turn.context.kind == "wake"


def test_bash_mode_interrupts_and_command_output_are_skipped(tmp_path: Path) -> None:
    b = TranscriptBuilder().wake("tick").assistant_text("partial")
    b.interrupt().interrupt(for_tool_use=True).bash_mode()
    b.user("<local-command-stdout>$0.12</local-command-stdout>").user("<command-message>cost</command-message>")
    turn = turn_of(b, tmp_path)
    assert turn.context.kind == "wake"
    assert turn.final_text == "partial"


@pytest.mark.parametrize(
    ("args", "in_loop", "kind", "text"),
    [
        ("", True, "operator", "/cost"),
        ("PR 123", True, "operator", "PR 123"),
        ("[WAKE] tick from cron", False, "wake", "[WAKE] tick from cron"),
        ("night shift: keep the parser lane going", False, "handoff", "night shift: keep the parser lane going"),
    ],
)
def test_a_typed_slash_command_is_a_prompt_classified_by_its_arguments(
    tmp_path: Path, args: str, in_loop: bool, kind: str, text: str
) -> None:
    """docs/DESIGN.md#operator-or-autonomous revision 3: the person typed it; its caveat, expansion and output stay not
    prompting."""
    b = TranscriptBuilder().wake("tick").assistant_text("partial").slash_command("/cost", args=args, stdout="$0.12")
    turn = turn_of(b, tmp_path)
    assert (turn.context.operator_in_loop, turn.context.kind, turn.context.text) == (in_loop, kind, text)


def test_a_slash_command_of_a_non_human_origin_is_autonomous(tmp_path: Path) -> None:
    b = TranscriptBuilder().user("<command-name>/loop</command-name>\n<command-args>check CI</command-args>",
                                 origin={"kind": "scheduled"}).assistant_text("CI is green.")
    assert (turn_of(b, tmp_path).context.operator_in_loop, turn_of(b, tmp_path).context.kind) == (
        False,
        "non-human-origin",
    )


def test_system_summary_and_bookkeeping_records_are_skipped(tmp_path: Path) -> None:
    b = TranscriptBuilder().user("question").assistant_text("answer").system("stop_hook_summary")
    b.summary().raw({"type": "file-history-snapshot", "messageId": "m", "snapshot": {}})
    b.raw({"type": "queue-operation", "operation": "enqueue", "content": "x"})
    b.raw({"type": "progress", "data": {}}).raw({"type": "ai-title", "title": "t"})
    turn = turn_of(b, tmp_path)
    assert (turn.context.kind, turn.final_text) == ("operator", "answer")


def test_image_only_prompt_is_operator_dialogue(tmp_path: Path) -> None:
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBO"}}
    turn = turn_of(TranscriptBuilder().user([image]).assistant_text("I see a chart."), tmp_path)
    assert (turn.context.operator_in_loop, turn.context.kind, turn.context.text) == (True, "operator", "")


def test_nothing_prompting_is_autonomous_none(tmp_path: Path) -> None:
    b = TranscriptBuilder().assistant_text("hello").bash("ls", "a").assistant_text("bye")
    turn = turn_of(b, tmp_path)
    assert turn.context == PromptContext(operator_in_loop=False, kind="none")
    assert (turn.final_text, len(turn.tool_calls)) == ("bye", 1)


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"")
    turn = read_claude(path, WALK)
    assert (turn.context.kind, turn.final_text, turn.tool_calls, turn.end_offset, turn.bytes_read) == (
        "none",
        None,
        (),
        0,
        0,
    )


# -- final text ------------------------------------------------------------------------------------


def test_split_message_text_blocks_are_joined_in_order(tmp_path: Path) -> None:
    b = TranscriptBuilder().wake().thinking(message_id="msg_final")
    b.assistant_text("First paragraph.", "Second paragraph.", message_id="msg_final")
    turn = turn_of(b, tmp_path)
    assert turn.final_text == "First paragraph.\n\nSecond paragraph."


def test_final_text_is_the_last_group_that_carries_text(tmp_path: Path) -> None:
    b = TranscriptBuilder().wake().assistant_text("older group")
    b.tool_use("Bash", {"command": "ls"}, text="Listing now.").tool_result("a.py")
    b.tool_use("Bash", {"command": "pwd"}).tool_result("/repo")
    turn = turn_of(b, tmp_path)
    assert turn.final_text == "Listing now."


def test_no_final_text_after_the_prompt(tmp_path: Path) -> None:
    b = TranscriptBuilder().assistant_text("before the prompt").user("question").bash("ls", "x")
    assert turn_of(b, tmp_path).final_text is None


def test_duplicate_records_are_read_once(tmp_path: Path) -> None:
    b = TranscriptBuilder().wake().assistant_text("once")
    b.raw(dict(b.records[-1]))
    assert turn_of(b, tmp_path).final_text == "once"


# -- tool calls ------------------------------------------------------------------------------------


def test_tool_calls_are_joined_with_their_results(tmp_path: Path) -> None:
    b = TranscriptBuilder(start="2026-12-02T10:00:00Z").wake()
    b.tool("Bash", {"command": "gh pr view 12"}, result="state:\tOPEN", tool_id="toolu_a")
    b.tool("Read", {"file_path": "/x"}, result=[{"type": "text", "text": "l1"}, {"type": "text", "text": "l2"}])
    b.tool("Bash", {"command": "false"}, result="exit 1", is_error=True, tool_id="toolu_c")
    b.tool_use("Bash", {"command": "sleep 1"}, tool_id="toolu_d")
    path = b.write(tmp_path / "t.jsonl")
    turn = read_claude(path, WALK)
    got = [(c.id, c.name, dict(c.input), c.result_text, c.is_error) for c in turn.tool_calls]
    assert got[0] == ("toolu_a", "Bash", {"command": "gh pr view 12"}, "state:\tOPEN", False)
    assert got[1][1:] == ("Read", {"file_path": "/x"}, "l1\nl2", False)
    assert got[2] == ("toolu_c", "Bash", {"command": "false"}, "exit 1", True)
    assert got[3] == ("toolu_d", "Bash", {"command": "sleep 1"}, None, False)
    assert turn.tool_calls[0].timestamp == datetime(2026, 12, 2, 10, 0, 1, tzinfo=UTC)
    offsets = [c.offset for c in turn.tool_calls]
    assert offsets == sorted(offsets)
    assert offsets[0] == offset_of_line(path, 1)
    assert all(o > turn.context.offset for o in offsets)


def test_scan_from_reaches_back_past_the_prompt(tmp_path: Path) -> None:
    b = TranscriptBuilder().wake("first")
    b.bash("gh pr create --fill", "https://github.com/o/r/pull/1")  # before the previous stop
    b.assistant_text("stopping")
    path = b.write(tmp_path / "a.jsonl")
    previous_end = path.stat().st_size
    b.bash("gh pr create --fill", "https://github.com/o/r/pull/2")  # after the previous stop
    b.wake("second").bash("ls", "x").assistant_text("done")
    path = b.write(tmp_path / "a.jsonl")
    plain = read_claude(path, WALK)
    assert [c.input["command"] for c in plain.tool_calls] == ["ls"]
    scanned = read_claude(path, WALK, scan_from=previous_end)
    assert [c.input["command"] for c in scanned.tool_calls] == ["gh pr create --fill", "ls"]
    assert scanned.tool_calls[0].result_text == "https://github.com/o/r/pull/2"
    assert scanned.tool_calls[0].offset == previous_end
    assert (scanned.context, scanned.final_text) == (plain.context, plain.final_text)


def test_scan_from_after_the_prompt_keeps_the_whole_turn(tmp_path: Path) -> None:
    b = TranscriptBuilder().wake().bash("one", "1").bash("two", "2").assistant_text("x")
    path = b.write(tmp_path / "t.jsonl")
    turn = read_claude(path, WALK, scan_from=path.stat().st_size - 10)
    assert [c.input["command"] for c in turn.tool_calls] == ["one", "two"]


# -- damaged and unusual files ---------------------------------------------------------------------


def test_half_written_last_line_is_skipped(tmp_path: Path) -> None:
    b = TranscriptBuilder().user("question").assistant_text("complete answer")
    path = b.write(tmp_path / "t.jsonl", tail=b'{"type":"assistant","message":{"content":[{"type":"te')
    turn = read_claude(path, WALK)
    assert turn.final_text == "complete answer"
    assert turn.end_offset == len(b.to_bytes())


def test_unterminated_but_complete_last_line_is_kept(tmp_path: Path) -> None:
    b = TranscriptBuilder().user("question").assistant_text("no newline yet")
    path = b.write(tmp_path / "t.jsonl", newline=False)
    turn = read_claude(path, WALK)
    assert (turn.final_text, turn.end_offset) == ("no newline yet", path.stat().st_size)


def test_malformed_and_non_utf8_lines_are_skipped(tmp_path: Path) -> None:
    b = TranscriptBuilder().user("question")
    b.raw("{not json").raw("[1, 2]").raw("").raw('"a string"').raw("{" * 5000 + "}" * 5000)
    path = b.assistant_text("answer").write(tmp_path / "t.jsonl")
    with path.open("ab") as fh:
        fh.write(b'{"type":"user","message":{"role":"user","content":"bad \xff\xfe bytes"}}\n')
    turn = read_claude(path, WALK)
    assert (turn.context.text, turn.final_text) == ("question", "answer")


def test_line_separators_inside_json_strings_do_not_split_records(tmp_path: Path) -> None:
    text = "first\u2028second\u2029third\x85fourth"
    turn = turn_of(TranscriptBuilder().user(text).assistant_text("a\u2028b"), tmp_path)
    assert (turn.context.text, turn.final_text) == (text, "a\u2028b")


def test_crlf_and_bom_are_tolerated(tmp_path: Path) -> None:
    lines = TranscriptBuilder().user("question").assistant_text("answer").lines()
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + b"".join(line.encode() + b"\r\n" for line in lines))
    turn = read_claude(path, WALK)
    assert (turn.context.text, turn.final_text) == ("question", "answer")


def test_missing_file_raises_transcript_error(tmp_path: Path) -> None:
    missing = tmp_path / "nope.jsonl"
    with pytest.raises(TranscriptError, match=r"cannot open transcript .*nope\.jsonl: No such file"):
        read_claude(missing, WALK)
    assert not issubclass(TranscriptError, OSError)


def test_directory_raises_transcript_error(tmp_path: Path) -> None:
    with pytest.raises(TranscriptError, match="Is a directory"):
        read_claude(tmp_path, WALK)


def test_read_turn_without_a_walk_uses_the_defaults(tmp_path: Path) -> None:
    path = TranscriptBuilder().wake().assistant_text("x").write(tmp_path / "t.jsonl")
    assert read_claude(path, None).context.kind == "wake"


def test_small_blocks_read_the_same_turn(tmp_path: Path) -> None:
    b = TranscriptBuilder().user("q").bash("gh pr view 3", "ok").assistant_text("a", "b").wake("w")
    b.tool("Bash", {"command": "ls"}, result="x" * 300).assistant_text("final ✓")
    path = b.write(tmp_path / "t.jsonl")
    big = read_claude(path, WALK)
    for size in (1, 2, 7, 64, 1000):
        small = read_claude(path, WALK, block_size=size)
        assert (small.context, small.final_text, small.tool_calls, small.end_offset) == (
            big.context,
            big.final_text,
            big.tool_calls,
            big.end_offset,
        )


# -- cost follows the bytes read back, never the file size -----------------------------------------


def test_large_file_reads_only_back_to_the_prompt(tmp_path: Path) -> None:
    b = TranscriptBuilder().user("ancient prompt").filler(50 * 1024 * 1024)
    b.wake("tick").bash("gh pr view 12", "OPEN").assistant_text("checked")
    path = b.write(tmp_path / "big.jsonl")
    assert path.stat().st_size > 50 * 1024 * 1024
    turn = read_claude(path, WALK)
    assert (turn.context.kind, turn.final_text, len(turn.tool_calls)) == ("wake", "checked", 1)
    assert turn.bytes_read <= 2 * 64 * 1024
    rescan = read_claude(path, WALK, scan_from=turn.end_offset - 200)
    assert rescan.bytes_read <= 2 * 64 * 1024


def test_large_file_with_a_huge_last_line(tmp_path: Path) -> None:
    b = TranscriptBuilder().filler(3 * 1024 * 1024).wake("tick")
    b.bash("cat big.log", "y" * (5 * 1024 * 1024)).assistant_text("read it")
    turn = turn_of(b, tmp_path)
    assert (turn.context.kind, turn.final_text) == ("wake", "read it")
    assert len(turn.tool_calls[0].result_text or "") == 5 * 1024 * 1024
    # Cost follows the bytes back to the prompt (the 3 MB of filler before it stays unread).
    assert turn.context.offset is not None
    assert turn.bytes_read <= turn.end_offset - turn.context.offset + 64 * 1024


# -- properties ------------------------------------------------------------------------------------


@given(data=st.binary(max_size=400), block=st.integers(min_value=1, max_value=50))
def test_backward_lines_match_a_forward_split(tmp_path_factory, data: bytes, block: int) -> None:
    path = tmp_path_factory.mktemp("b") / "f"
    path.write_bytes(data)
    with path.open("rb") as fh:
        reader = BackwardLines(fh, len(data), block)
        got = list(reader)
    pieces = data.split(b"\n")
    starts = [0]
    for piece in pieces[:-1]:
        starts.append(starts[-1] + len(piece) + 1)
    expected = list(reversed(list(zip(starts, pieces, strict=True)))) if data else []
    assert got == expected
    assert reader.bytes_read == len(data)


_json_lines = st.lists(
    st.one_of(
        st.binary(max_size=80),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=20),
            lambda inner: st.lists(inner, max_size=4)
            | st.dictionaries(
                st.sampled_from(["type", "message", "content", "isMeta", "origin", "attachment", "uuid",
                                 "timestamp", "id", "name", "input", "tool_use_id", "text", "role",
                                 "commandMode", "source_uuid", "kind", "prompt", "is_error"]),
                inner,
                max_size=5,
            ),
            max_leaves=20,
        ).map(lambda v: json.dumps(v).encode()),
    ),
    max_size=12,
)


@settings(max_examples=examples(200), deadline=None)
@given(lines=_json_lines, tail=st.binary(max_size=30), scan=st.none() | st.integers(-5, 3000))
def test_read_turn_never_raises_on_arbitrary_bytes(tmp_path_factory, lines, tail, scan) -> None:
    path = tmp_path_factory.mktemp("t") / "t.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n" + tail)
    turn = read_claude(path, WALK, scan_from=scan)
    assert turn.bytes_read <= path.stat().st_size
    assert isinstance(turn.context, PromptContext)


# -- walk configuration ----------------------------------------------------------------------------


def test_default_walk_config_is_frozen_data() -> None:
    assert dict(WALK.autonomous_prefixes) == {
        "[WAKE]": "wake",
        "<hook_prompt": "hook-prompt",
        "<turn_aborted": "turn-aborted",
    }
    assert [h.reason for h in WALK.handoff_patterns] == ["night shift", "you drive", "freely choose"]
    assert WALK.reminder_tag == "system-reminder"
    assert (WALK.notification_prefixes, WALK.notification_origins) == (
        ("<task-notification",),
        frozenset({"task-notification"}),
    )
    with pytest.raises(FrozenInstanceError):
        WALK.reminder_tag = "x"  # type: ignore[misc]


def test_a_harness_walk_is_the_shared_rules_and_its_own_record_tags() -> None:
    """Claude Code's tags (hook/harness/claude/harness.toml) are in Claude's walk only: the shared rules
    (walk.toml) name no harness's records, and Codex's walk does not skip Claude's slash-command records."""
    shared, codex = default_walk_config(), walk_for("codex")
    assert (shared.non_prompting_prefixes, shared.notification_prefixes, shared.command_name_regex) == ((), (), None)
    assert dict(shared.autonomous_prefixes) == dict(WALK.autonomous_prefixes) == dict(codex.autonomous_prefixes)
    assert WALK.non_prompting_prefixes[:2] == ("<command-name>", "<command-message>")
    assert "Stop hook feedback:" in WALK.non_prompting_prefixes and codex.non_prompting_prefixes == ()
    assert WALK.command_name_regex is not None and WALK.command_name_regex.search("<command-name>/x</command-name>")
    with pytest.raises(WalkConfigError, match="unknown keys: window_pattern"):
        shared.with_tags({"window_pattern": "x"})  # a pattern is a shared rule, never a harness's tag


def test_overrides_extend_prefixes_and_handoffs(tmp_path: Path) -> None:
    walk = WALK.with_overrides(
        {
            "autonomous_prefixes": {"[PEER]": "wake", "[CRON]": "cron"},
            "handoff_patterns": [{"reason": "autopilot", "pattern": r"\bautopilot\b.{0,40}?@WINDOW@"}],
        }
    )
    assert dict(walk.autonomous_prefixes)["[WAKE]"] == "wake"
    assert dict(walk.autonomous_prefixes)["[CRON]"] == "cron"
    for text, expected in [
        ("[CRON] nightly", ("cron", None, None)),
        ("autopilot for the next 2 hours", ("handoff", "autopilot", "for the next 2 hours")),
        ("night shift", ("handoff", "night shift", None)),
    ]:
        path = TranscriptBuilder().user(text).assistant_text("x").write(tmp_path / "t.jsonl")
        ctx = read_claude(path, walk).context
        assert (ctx.kind, ctx.handoff_reason, ctx.handoff_window) == expected


def test_overrides_list_prefixes_default_to_wake_and_replace_drops_defaults(tmp_path: Path) -> None:
    walk = WALK.with_overrides({"autonomous_prefixes": ["[PEER]"], "replace": True})
    assert walk.autonomous_prefixes == (("[PEER]", "wake"),)
    path = TranscriptBuilder().user("[WAKE] tick").assistant_text("x").write(tmp_path / "t.jsonl")
    assert read_claude(path, walk).context.kind == "operator"


def test_overrides_can_add_non_prompting_prefixes(tmp_path: Path) -> None:
    walk = WALK.with_overrides({"non_prompting_prefixes": ["<peer-ack>"]})
    b = TranscriptBuilder().wake().assistant_text("x").user("<peer-ack>ok</peer-ack>")
    assert read_claude(b.write(tmp_path / "t.jsonl"), walk).context.kind == "wake"
    assert "non_prompting_prefixes" in walk.WEAKENING_KEYS


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"bogus": 1}, "unknown keys: bogus"),
        ({"handoff_patterns": [{"pattern": "("}]}, "handoff_patterns: pattern '(' does not compile"),
        ({"handoff_patterns": "x"}, "handoff_patterns must be a list"),
        ({"autonomous_prefixes": [""]}, "autonomous_prefixes must be a non-empty string"),
        ({"autonomous_prefixes": 3}, "autonomous_prefixes must be a table"),
        ({"replace": "yes"}, "replace must be true or false"),
        ({"window_pattern": "[a"}, "window_pattern: pattern '[a' does not compile"),
    ],
)
def test_bad_overrides_name_the_key(table: dict, message: str) -> None:
    with pytest.raises(WalkConfigError, match=message.replace("(", r"\(").replace("[", r"\[")):
        WALK.with_overrides(table)
