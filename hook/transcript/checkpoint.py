"""Where a stop left off in the transcript, kept in the session state so the next stop reads only what
was appended since (docs/DESIGN.md#performance: the cost follows the bytes appended, never the file size).

A checkpoint remembers the offset the stop read up to, the newest prompting record's offset (the next
stop re-reads that one line instead of walking back to it), the final text it found, and the tool calls
of the turn that a later stop still needs as PR-fetch evidence (docs/DESIGN.md#lane-state). It is trusted only for the
same file, unchanged before that offset, read under the same walk rules and PR-fetch tool names;
anything else is a full backward read.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Collection, Iterable, Mapping

from hook.transcript.records import ToolCall, parse_timestamp
from hook.transcript.tools import fetch_targets
from hook.transcript.walk import WalkConfig
from lanegate_common.frozen import frozen, replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any, BinaryIO

VERSION = 3
# A final text longer than this is not kept in the state (it is written at every stop); a later stop
# that needs it reads back instead.
FINAL_KEPT = 64 * 1024
# The bytes just before the checkpoint's end whose checksum must still match: a rewritten file is not resumed.
TAIL_CHECK = 256


@frozen
class Checkpoint:
    """One stop's reading of the transcript, as the next stop of the session resumes from it."""

    path: str
    end: int
    tail_crc: int
    key: str
    prompt: int | None  # offset of the newest prompting record; None: the file had none
    subagent: bool | None  # whether the file is a subagent's own transcript, when a record said so
    final: tuple[str, ...] | None  # the final text's parts, oldest first; None: too long to keep
    seen_assistant: bool  # whether a main-line assistant record came after the prompt
    assistant_id: str | None  # the newest one's message.id
    calls: tuple[ToolCall, ...]  # PR-fetch evidence; result_text None: no tool_result seen yet
    skipped: int = 0  # the newest prompts passed over as the harness's echo of a hook's text (Cursor)
    tool_used: bool = False  # whether any main-line tool call came after the prompt (row U, no-tools)

    def to_json(self) -> dict[str, Any]:
        return {
            "v": VERSION,
            "path": self.path,
            "end": self.end,
            "tail_crc": self.tail_crc,
            "key": self.key,
            "prompt": self.prompt,
            "subagent": self.subagent,
            "final": None if self.final is None else list(self.final),
            "seen_assistant": self.seen_assistant,
            "assistant_id": self.assistant_id,
            "calls": [_call_to_json(c) for c in self.calls],
            "skipped": self.skipped,
            "tool_used": self.tool_used,
        }


def from_json(data: object) -> Checkpoint | None:
    """The checkpoint stored in the session state, or None when it is absent or not one of ours."""
    if not isinstance(data, Mapping) or data.get("v") != VERSION:
        return None
    try:
        return Checkpoint(
            path=_typed(data["path"], str),
            end=_offset(data["end"]),
            tail_crc=_typed(data["tail_crc"], int),
            key=_typed(data["key"], str),
            prompt=None if data["prompt"] is None else _offset(data["prompt"]),
            subagent=None if data["subagent"] is None else _typed(data["subagent"], bool),
            final=None if data["final"] is None else tuple(_typed(part, str) for part in _typed(data["final"], list)),
            seen_assistant=_typed(data["seen_assistant"], bool),
            assistant_id=None if data["assistant_id"] is None else _typed(data["assistant_id"], str),
            calls=tuple(_call_from_json(c) for c in _typed(data["calls"], list)),
            skipped=_offset(data["skipped"]),
            tool_used=_typed(data["tool_used"], bool),
        )
    except (KeyError, TypeError, ValueError):
        return None


def reading_key(
    walk: WalkConfig, evidence_tools: Collection[str], transcript_format: str, shell_tools: Collection[str]
) -> str:
    """A digest of the format and of what decides the walk's verdicts and the evidence kept: a change
    means a full read."""
    rules = [
        VERSION,
        transcript_format,
        sorted(shell_tools),
        list(walk.autonomous_prefixes),
        list(walk.non_prompting_prefixes),
        # Every walk pattern compiles with the same flags: the sources say it all, and reading them
        # compiles nothing (the built-in patterns compile on first use).
        [(h.reason, h.regex.pattern) for h in walk.handoff_patterns],
        walk.window_regex.pattern,
        walk.reminder_tag,
        list(walk.handoff_commands),
        sorted(evidence_tools),
    ]
    return f"{zlib.crc32(json.dumps(rules).encode('utf-8', 'surrogatepass')):08x}"


def tail_crc(fh: BinaryIO, end: int, block: tuple[int, bytes] | None = None) -> tuple[int, int]:
    """The checksum of the TAIL_CHECK bytes before `end`, and how many bytes were read for it.

    `block` (offset, bytes) already read from the file is used when it holds those bytes.
    """
    start = max(0, end - TAIL_CHECK)
    if block is not None and block[0] <= start and end <= block[0] + len(block[1]):
        return zlib.crc32(block[1][start - block[0] : end - block[0]]), 0
    fh.seek(start)
    data = fh.read(end - start)
    return zlib.crc32(data), len(data)


def evidence(calls: Iterable[ToolCall], after: int | None, evidence_tools: Collection[str]) -> tuple[ToolCall, ...]:
    """The calls of the turn (offset after the prompt) a later stop needs to see the same PR fetches.

    A call with no result yet is kept (its result may still say is_error); of the completed successful
    fetches, one per PR number: the newest by timestamp (an unstamped call always counts), because
    validation only drops calls stamped before the prompt. Result texts are dropped: fetches never read them.
    """
    pending: list[ToolCall] = []
    best: dict[int, ToolCall] = {}
    for call in calls:
        if after is not None and call.offset <= after:
            continue
        numbers = fetch_targets(call, evidence_tools)
        if not numbers:
            continue
        if call.result_text is None:
            pending.append(call)
        elif not call.is_error:
            for number in numbers:
                kept = best.get(number)
                if kept is None or _later(call, kept):
                    best[number] = call
    chosen = {id(c): c for c in (*pending, *best.values())}
    ordered = sorted(chosen.values(), key=lambda c: (c.offset, c.id))
    return tuple(c if c.result_text is None else replace(c, result_text="") for c in ordered)


def _later(call: ToolCall, kept: ToolCall) -> bool:
    if kept.timestamp is None:
        return False
    return call.timestamp is None or call.timestamp >= kept.timestamp


def _call_to_json(call: ToolCall) -> list[Any]:
    stamp = call.timestamp.isoformat() if call.timestamp is not None else None
    return [call.id, call.name, dict(call.input), call.result_text is not None, call.is_error, stamp, call.offset,
            call.command]


def _call_from_json(data: object) -> ToolCall:
    items = _typed(data, list)
    if len(items) != 8:
        raise ValueError("a stored call has 8 fields")
    use_id, name, tool_input, seen, is_error, stamp, offset, command = items
    return ToolCall(
        id=_typed(use_id, str),
        name=_typed(name, str),
        input=_typed(tool_input, dict),
        result_text="" if _typed(seen, bool) else None,
        is_error=_typed(is_error, bool),
        timestamp=None if stamp is None else parse_timestamp(_typed(stamp, str)),
        offset=_offset(offset),
        command=None if command is None else _typed(command, str),
    )


def _typed(value: Any, kind: type) -> Any:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TypeError(f"expected {kind.__name__}, got {type(value).__name__}")
    return value


def _offset(value: object) -> int:
    number: int = _typed(value, int)
    if number < 0:
        raise ValueError("negative offset")
    return number
