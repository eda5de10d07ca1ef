"""Read one turn of a Claude Code JSONL transcript from its end: the prompt, the final text, the tools.

The walk reads backwards in blocks (hook.tailreader) only as far as the newest prompting record
(SPEC §3.3), or as far back as `scan_from` when the caller needs the tool calls appended since the
previous stop, so its cost follows the bytes read back and never the file size. Uses the standard json
module on purpose: importing orjson costs more than this whole walk on a typical stop.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, BinaryIO

from hook.records import (
    ToolCall,
    blocks,
    flag,
    mapping,
    message,
    parse_timestamp,
    string,
    tool_result_text,
)
from hook.tailreader import BLOCK_SIZE, BackwardLines
from hook.transcript_walk import (
    NO_PROMPT,
    PromptContext,
    WalkConfig,
    WalkConfigError,
    classify_record,
    default_walk_config,
)

__all__ = [
    "PromptContext",
    "ToolCall",
    "TranscriptError",
    "Turn",
    "WalkConfig",
    "WalkConfigError",
    "default_walk_config",
    "read_turn",
]

FINAL_TEXT_SEPARATOR = "\n\n"


class TranscriptError(Exception):
    """The transcript file is missing or cannot be read; the message names the path and the cause."""


@dataclass(frozen=True)
class Turn:
    """What the hook needs from the transcript at a turn-end (see docs/INTERFACES.md)."""

    context: PromptContext
    final_text: str | None
    tool_calls: tuple[ToolCall, ...]
    end_offset: int
    bytes_read: int


def read_turn(
    path: str | os.PathLike[str],
    walk: WalkConfig | None = None,
    *,
    scan_from: int | None = None,
    block_size: int = BLOCK_SIZE,
) -> Turn:
    """Walk the transcript back to its newest prompting record and return the turn after it.

    tool_calls covers everything after min(prompting record, scan_from), oldest first. end_offset is
    the offset just past the last complete line (a half-written last line is left for the next stop).
    """
    walk = walk if walk is not None else default_walk_config()
    try:
        fh = open(path, "rb")  # noqa: SIM115 - closed below; open errors need their own message
    except (OSError, ValueError, TypeError) as exc:
        raise TranscriptError(f"cannot open transcript {path!s}: {_cause(exc)}") from exc
    with fh:
        try:
            size = os.fstat(fh.fileno()).st_size
            return _TurnReader(walk, scan_from).read(fh, size, block_size)
        except OSError as exc:
            raise TranscriptError(f"cannot read transcript {path!s}: {_cause(exc)}") from exc


class _TurnReader:
    """One backwards pass: the prompt walk first, then (if asked) the tool-only scan to scan_from."""

    def __init__(self, walk: WalkConfig, scan_from: int | None) -> None:
        self.walk = walk
        self.scan_from = None if scan_from is None else max(0, scan_from)
        self.context: PromptContext | None = None
        self.results: dict[str, tuple[str, bool]] = {}
        self.calls: list[ToolCall] = []  # newest first while reading
        self.final_id: str | None = None
        self.final_parts: list[str] = []  # newest first while reading
        self.final_done = False
        self.seen: set[str] = set()
        # A subagent's own transcript marks every record isSidechain (with its agentId); there the
        # sidechain is the main line. Decided by the newest user or assistant record.
        self.subagent_file: bool | None = None

    def read(self, fh: BinaryIO, size: int, block_size: int) -> Turn:
        lines = BackwardLines(fh, size, block_size)
        end_offset = size
        first = True
        for offset, raw in lines:
            if self.context is not None:
                # Past the prompt: only tool blocks appended since scan_from matter.
                if self.scan_from is None or offset < self.scan_from:
                    break
                if b'"tool_' in raw and (record := _decode(raw)) is not None:
                    self._collect_tools(self._main_line(record), offset)
                continue
            record = _decode(raw)
            if first:
                first = False
                if raw and record is None:
                    end_offset = offset  # a half-written last line: not ours yet
                    continue
            if record is not None:
                self._before_prompt(record, offset)
            if self.context is not None and (self.scan_from is None or offset <= self.scan_from):
                break
        context = self.context or NO_PROMPT
        final_text = FINAL_TEXT_SEPARATOR.join(reversed(self.final_parts)) if self.final_parts else None
        return Turn(
            context=context,
            final_text=final_text,
            tool_calls=tuple(reversed(self.calls)),
            end_offset=end_offset,
            bytes_read=lines.bytes_read,
        )

    def _main_line(self, record: Mapping[str, Any]) -> Mapping[str, Any]:
        """The record as this file's main line sees it: a subagent file's records lose isSidechain."""
        side = record.get("isSidechain")
        if self.subagent_file is None and record.get("type") in ("user", "assistant"):
            self.subagent_file = side is True and isinstance(record.get("agentId"), str)
        if side is True and self.subagent_file:
            return {**record, "isSidechain": False}
        return record

    def _before_prompt(self, record: Mapping[str, Any], offset: int) -> None:
        if self._duplicate(record):
            return
        record = self._main_line(record)
        verdict = classify_record(record, self.walk)
        if verdict is not None and verdict.operator_in_loop and self.subagent_file:
            # A subagent is prompted by its parent agent, never by the operator.
            verdict = replace(verdict, operator_in_loop=False, kind="non-human-origin")
        if verdict is not None:
            self.context = replace(
                verdict,
                timestamp=parse_timestamp(record.get("timestamp"))
                or parse_timestamp(mapping(record.get("attachment")).get("timestamp")),
                uuid=string(record.get("uuid"))
                or string(mapping(record.get("attachment")).get("source_uuid")),
                offset=offset,
            )
            return
        self._collect_tools(record, offset, check_duplicate=False)
        if record.get("type") == "assistant" and not flag(record, "isSidechain"):
            self._collect_final_text(record)

    def _collect_tools(self, record: Mapping[str, Any], offset: int, *, check_duplicate: bool = True) -> None:
        if flag(record, "isSidechain") or (check_duplicate and self._duplicate(record)):
            return
        kind = record.get("type")
        if kind == "user":
            for block in blocks(record):
                if block.get("type") != "tool_result":
                    continue
                use_id = string(block.get("tool_use_id"))
                if use_id and use_id not in self.results:
                    self.results[use_id] = (tool_result_text(block), block.get("is_error") is True)
        elif kind == "assistant":
            timestamp = parse_timestamp(record.get("timestamp"))
            uses = [b for b in blocks(record) if b.get("type") == "tool_use"]
            for block in reversed(uses):
                use_id = string(block.get("id")) or ""
                result = self.results.get(use_id) if use_id else None
                self.calls.append(
                    ToolCall(
                        id=use_id,
                        name=string(block.get("name")) or "",
                        input=dict(mapping(block.get("input"))),
                        result_text=result[0] if result else None,
                        is_error=result[1] if result else False,
                        timestamp=timestamp,
                        offset=offset,
                    )
                )

    def _collect_final_text(self, record: Mapping[str, Any]) -> None:
        """Gather the newest message.id group that carries text (one API response, several lines)."""
        if self.final_done:
            return
        texts = [t for b in blocks(record) if b.get("type") == "text" and isinstance(t := b.get("text"), str)]
        msg_id = string(message(record).get("id"))
        if self.final_parts or self.final_id is not None:
            if msg_id is None or msg_id != self.final_id:
                self.final_done = True
                return
            self.final_parts.extend(reversed(texts))
            return
        if not any(t.strip() for t in texts):
            return
        self.final_parts.extend(reversed(texts))
        if msg_id is None:
            self.final_done = True
        else:
            self.final_id = msg_id

    def _duplicate(self, record: Mapping[str, Any]) -> bool:
        """A record written twice (same uuid) is read once."""
        uuid = string(record.get("uuid"))
        if uuid is None:
            return False
        if uuid in self.seen:
            return True
        self.seen.add(uuid)
        return False


def _decode(raw: bytes) -> Mapping[str, Any] | None:
    """One JSONL line as a JSON object, or None for blank, non-UTF-8, malformed or non-object lines."""
    if not raw.strip():
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    try:
        value = json.loads(text.lstrip("\ufeff"))
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def _cause(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__
