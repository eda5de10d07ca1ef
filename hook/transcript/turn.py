"""Read one turn of a Claude Code JSONL transcript from its end: the prompt, the final text, the tools.

The walk reads backwards in blocks (hook.transcript.tail) only as far as the newest prompting record
(SPEC §3.3), or as far back as `scan_from` when the caller needs the tool calls appended since the
previous stop, so its cost follows the bytes read back and never the file size. With the checkpoint a
previous stop of the session left (hook.transcript.checkpoint), it reads only the bytes appended since that stop
when no newer prompt is among them. Uses the standard json module on purpose: importing orjson costs
more than this whole walk on a typical stop.
"""

from __future__ import annotations

import json
import os
from collections.abc import Collection, Mapping

from hook.transcript import checkpoint as _checkpoint
from hook.transcript.checkpoint import FINAL_KEPT, Checkpoint
from hook.transcript.records import (
    ToolCall,
    blocks,
    flag,
    mapping,
    message,
    parse_timestamp,
    string,
    tool_result_text,
)
from hook.transcript.tail import BLOCK_SIZE, BackwardLines
from hook.transcript.walk import (
    NO_PROMPT,
    PromptContext,
    WalkConfig,
    WalkConfigError,
    classify_record,
    default_walk_config,
)
from lanegate_common.frozen import frozen, replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any, BinaryIO

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
# What json.loads skips around a value (its WHITESPACE pattern), and its decoder's scanner, called
# without the wrappers (json.loads -> decode -> raw_decode -> scan_once).
JSON_WHITESPACE = " \t\n\r"
_SCAN = json.JSONDecoder().scan_once
# The first read of the remembered prompt line; doubled until the line's end is in.
PROMPT_READ = 4096


class TranscriptError(Exception):
    """The transcript file is missing or cannot be read; the message names the path and the cause."""


@frozen
class Turn:
    """What the hook needs from the transcript at a turn-end (see docs/INTERFACES.md)."""

    context: PromptContext
    final_text: str | None
    tool_calls: tuple[ToolCall, ...]
    end_offset: int
    bytes_read: int
    # What the next stop of the session resumes from (keep it in the session state); None: nothing.
    resume: Mapping[str, Any] | None = None
    # Whether the turn made any tool call after its prompting record, calls before a checkpoint included
    # (the checkpoint keeps only PR-fetch evidence, so tool_calls alone can undercount after a resume).
    tool_used: bool = False


def read_turn(
    path: str | os.PathLike[str],
    walk: WalkConfig | None = None,
    *,
    scan_from: int | None = None,
    resume: Mapping[str, Any] | None = None,
    evidence_tools: Collection[str] = (),
    block_size: int = BLOCK_SIZE,
) -> Turn:
    """Walk the transcript back to its newest prompting record and return the turn after it.

    tool_calls covers everything after min(prompting record, scan_from), oldest first. end_offset is
    the offset just past the last complete line (a half-written last line is left for the next stop).

    resume is the previous stop's Turn.resume. When it still describes this file, ends at or before
    scan_from and no newer prompt was appended, only the appended bytes are read: the prompt is
    re-read from its remembered offset, and the calls from before the checkpoint are only those that
    may be PR-fetch evidence (gh commands and the configured `evidence_tools`), without result text.
    """
    walk = walk if walk is not None else default_walk_config()
    try:
        fh = open(path, "rb")  # noqa: SIM115 - closed below; open errors need their own message
    except (OSError, ValueError, TypeError) as exc:
        raise TranscriptError(f"cannot open transcript {path!s}: {_cause(exc)}") from exc
    with fh:
        try:
            size = os.fstat(fh.fileno()).st_size
            reader = _TurnReader(walk, scan_from)
            key = _checkpoint.reading_key(walk, evidence_tools)
            previous = _usable(_checkpoint.from_json(resume), os.fspath(path), key, scan_from, fh, size, reader)
            turn = reader.read(fh, size, block_size, previous)
            checkpoint = reader.checkpoint(fh, os.fspath(path), key, turn, evidence_tools)
            return replace(turn, resume=checkpoint.to_json(), bytes_read=turn.bytes_read + reader.checkpoint_bytes)
        except OSError as exc:
            raise TranscriptError(f"cannot read transcript {path!s}: {_cause(exc)}") from exc


def _usable(
    previous: Checkpoint | None,
    path: str,
    key: str,
    scan_from: int | None,
    fh: BinaryIO,
    size: int,
    reader: _TurnReader,
) -> Checkpoint | None:
    """The checkpoint when it describes this file as it still is; None means a full backward read."""
    if previous is None or previous.path != path or previous.key != key:
        return None
    if scan_from is None or scan_from < previous.end or previous.end > size:
        return None  # the artifact scan needs bytes before the checkpoint, or the file was truncated
    crc, nbytes = _checkpoint.tail_crc(fh, previous.end)
    reader.extra_bytes += nbytes
    return previous if crc == previous.tail_crc else None


class _TurnReader:
    """One backwards pass: the prompt walk first, then (if asked) the tool-only scan to scan_from."""

    def __init__(self, walk: WalkConfig, scan_from: int | None) -> None:
        self.walk = walk
        self.scan_from = None if scan_from is None else max(0, scan_from)
        self.extra_bytes = 0  # bytes read besides the backward walk (checksum, the re-read prompt)
        self.checkpoint_bytes = 0  # bytes read for the new checkpoint's checksum
        self.newest_block: tuple[int, bytes] | None = None  # the walk's first block, for that checksum
        self.seen_assistant = False
        self.assistant_id: str | None = None
        self.context: PromptContext | None = None
        self.results: dict[str, tuple[str, bool]] = {}
        self.calls: list[ToolCall] = []  # newest first while reading
        self.final_id: str | None = None
        self.final_parts: list[str] = []  # newest first while reading
        self.final_done = False
        self.resumed_tool_used = False  # the checkpoint's tool_used, when the turn was resumed from one
        self.seen: set[str] = set()
        # A subagent's own transcript marks every record isSidechain (with its agentId); there the
        # sidechain is the main line. Decided by the newest user or assistant record.
        self.subagent_file: bool | None = None

    def read(self, fh: BinaryIO, size: int, block_size: int, previous: Checkpoint | None) -> Turn:
        appended = BackwardLines(fh, size, block_size, start=previous.end if previous else 0)
        end_offset = self._walk(appended, size, first=True)
        self.newest_block = appended.newest_block
        bytes_read = appended.bytes_read
        if previous is not None and self.context is None and not self._resume(fh, previous):
            older = BackwardLines(fh, previous.end, block_size)
            self._walk(older, previous.end, first=False)
            bytes_read += older.bytes_read
        context = self.context or NO_PROMPT
        final_text = FINAL_TEXT_SEPARATOR.join(reversed(self.final_parts)) if self.final_parts else None
        after_prompt = any(context.offset is None or call.offset > context.offset for call in self.calls)
        return Turn(
            context=context,
            final_text=final_text,
            tool_calls=tuple(reversed(self.calls)),
            end_offset=end_offset,
            bytes_read=bytes_read + self.extra_bytes,
            tool_used=after_prompt or self.resumed_tool_used,
        )

    def _walk(self, lines: BackwardLines, end_offset: int, *, first: bool) -> int:
        """Feed the lines to the prompt walk; returns the end offset (before a half-written last line)."""
        for offset, raw in lines:
            if self.context is not None:
                # Past the prompt: only tool blocks appended since scan_from matter.
                if self.scan_from is None or offset < self.scan_from:
                    break
                # Every line is decoded: a record whose tool blocks are written with \u escapes has no
                # '"tool_' in its bytes, and a record of the same uuid must still shadow an older copy.
                if (record := _decode(raw)) is not None:
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
        return end_offset

    def _resume(self, fh: BinaryIO, previous: Checkpoint) -> bool:
        """No newer prompt since the checkpoint: take the rest of the turn from it, when it agrees.

        False (read on backwards instead) when the file's kind changed, when the final text's message
        group runs on across the checkpoint, or when the remembered prompt line is no longer a prompt.
        """
        if self.subagent_file is None:
            # What the read back would find too (the newest user or assistant record before the end).
            self.subagent_file = previous.subagent
        elif previous.subagent is not None and self.subagent_file != previous.subagent:
            return False
        open_group = bool(self.final_parts) and not self.final_done and self.final_id is not None
        if open_group and previous.seen_assistant and previous.assistant_id == self.final_id:
            return False
        if not self.final_parts and previous.final is None:
            return False  # the final text is only before the checkpoint, and too long to have been kept
        context = NO_PROMPT
        if previous.prompt is not None:
            found = self._prompt_at(fh, previous.prompt, previous.end)
            if found is None:
                return False
            context = found
        self.context = context
        if not self.final_parts and previous.final is not None:
            self.final_parts = list(reversed(previous.final))
        if not self.seen_assistant:
            self.seen_assistant, self.assistant_id = previous.seen_assistant, previous.assistant_id
        self.resumed_tool_used = previous.tool_used
        for call in reversed(previous.calls):
            result = self.results.get(call.id) if call.result_text is None and call.id else None
            self.calls.append(replace(call, result_text=result[0], is_error=result[1]) if result else call)
        return True

    def _prompt_at(self, fh: BinaryIO, offset: int, limit: int) -> PromptContext | None:
        """The prompting record on the line at `offset` (read forwards), or None when it is not one."""
        fh.seek(offset)
        pieces: list[bytes] = []
        want = PROMPT_READ
        position = offset
        while position < limit:
            chunk = fh.read(min(want, limit - position))
            if not chunk:
                break
            self.extra_bytes += len(chunk)
            position += len(chunk)
            cut = chunk.find(b"\n")
            if cut != -1:
                pieces.append(chunk[:cut])
                break
            pieces.append(chunk)
            want *= 2
        record = _decode(b"".join(pieces))
        return self._verdict(self._main_line(record), offset) if record is not None else None

    def checkpoint(
        self, fh: BinaryIO, path: str, key: str, turn: Turn, evidence_tools: Collection[str]
    ) -> Checkpoint:
        """Where the next stop of the session resumes: this turn's reading, up to its end offset."""
        crc, self.checkpoint_bytes = _checkpoint.tail_crc(fh, turn.end_offset, self.newest_block)
        return Checkpoint(
            path=path,
            end=turn.end_offset,
            tail_crc=crc,
            key=key,
            prompt=turn.context.offset,
            subagent=self.subagent_file,
            final=tuple(reversed(self.final_parts)) if sum(map(len, self.final_parts)) <= FINAL_KEPT else None,
            seen_assistant=self.seen_assistant,
            assistant_id=self.assistant_id,
            calls=_checkpoint.evidence(turn.tool_calls, turn.context.offset, evidence_tools),
            tool_used=turn.tool_used,
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
        kind = record.get("type")
        if kind == "assistant":
            # Never a prompt (classify_record answers None for every kind but user and attachment): the
            # tool uses and the final text, from one read of the blocks. Most records of a turn are these.
            if not flag(record, "isSidechain"):
                content = blocks(record)
                self._collect_uses(record, content, offset)
                self._collect_final_text(record, content)
            return
        if kind != "user" and kind != "attachment":
            return  # system, summary, snapshot ... records: no prompt, no tool block, no text
        verdict = self._verdict(record, offset)
        if verdict is not None:
            self.context = verdict
            return
        if kind == "user" and not flag(record, "isSidechain"):
            self._collect_results(blocks(record))

    def _verdict(self, record: Mapping[str, Any], offset: int) -> PromptContext | None:
        """The record's prompt context (SPEC §3.3) with its time, uuid and offset; None: not a prompt."""
        verdict = classify_record(record, self.walk)
        if verdict is None:
            return None
        if verdict.operator_in_loop and self.subagent_file:
            # A subagent is prompted by its parent agent, never by the operator.
            verdict = replace(verdict, operator_in_loop=False, kind="non-human-origin")
        return replace(
            verdict,
            timestamp=parse_timestamp(record.get("timestamp"))
            or parse_timestamp(mapping(record.get("attachment")).get("timestamp")),
            uuid=string(record.get("uuid")) or string(mapping(record.get("attachment")).get("source_uuid")),
            offset=offset,
        )

    def _collect_tools(self, record: Mapping[str, Any], offset: int) -> None:
        """The tool blocks of a record past the prompt (appended since scan_from)."""
        if flag(record, "isSidechain") or self._duplicate(record):
            return
        kind = record.get("type")
        if kind == "user":
            self._collect_results(blocks(record))
        elif kind == "assistant":
            self._collect_uses(record, blocks(record), offset)

    def _collect_results(self, content: list[Mapping[str, Any]]) -> None:
        """A user record's tool_result blocks, by tool_use_id (the newest result of an id wins)."""
        for block in content:
            if block.get("type") != "tool_result":
                continue
            use_id = string(block.get("tool_use_id"))
            if use_id and use_id not in self.results:
                self.results[use_id] = (tool_result_text(block), block.get("is_error") is True)

    def _collect_uses(self, record: Mapping[str, Any], content: list[Mapping[str, Any]], offset: int) -> None:
        """An assistant record's tool_use blocks, joined with the results already read (newest first)."""
        uses = [b for b in content if b.get("type") == "tool_use"]
        if not uses:
            return
        timestamp = parse_timestamp(record.get("timestamp"))
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

    def _collect_final_text(self, record: Mapping[str, Any], content: list[Mapping[str, Any]]) -> None:
        """Gather the newest message.id group that carries text (one API response, several lines)."""
        if self.final_done and self.seen_assistant:
            return  # nothing older can change the final text or the newest message.id
        msg_id = string(message(record).get("id"))
        if not self.seen_assistant:
            self.seen_assistant, self.assistant_id = True, msg_id
        if self.final_done:
            return
        texts = [t for b in content if b.get("type") == "text" and isinstance(t := b.get("text"), str)]
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
        uuid = record.get("uuid")
        if not isinstance(uuid, str):
            return False
        if uuid in self.seen:
            return True
        self.seen.add(uuid)
        return False


def _decode(raw: bytes) -> Mapping[str, Any] | None:
    """One JSONL line as a JSON object, or None for blank, non-UTF-8, malformed or non-object lines.

    What json.loads does, less its per-call wrappers (a stop decodes every line back to the prompt):
    JSON whitespace either side of one value, and nothing else on the line (so a blank line is None).
    """
    try:
        text = raw.decode("utf-8").lstrip("\ufeff")
    except UnicodeDecodeError:
        return None
    start = len(text) - len(text.lstrip(JSON_WHITESPACE))
    try:
        value, end = _SCAN(text, start)  # what raw_decode calls; StopIteration: no value at start
    except (StopIteration, ValueError, RecursionError):
        return None
    if end != len(text) and text[end:].strip(JSON_WHITESPACE):
        return None  # json.loads: "Extra data"
    return value if isinstance(value, dict) else None


def _cause(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__
