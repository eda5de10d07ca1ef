"""The one backwards reader of a JSONL transcript, for every harness that keeps one
(docs/DESIGN.md#operator-or-autonomous, docs/DESIGN.md#performance).

It walks the file from its end in blocks (hook.transcript.tail) back to the newest prompting record, or
as far back as `scan_from` when the caller needs the tool calls appended since the previous stop, so its
cost follows the bytes read back and never the file size. With the checkpoint a previous stop of the
session left (hook.transcript.checkpoint) it reads only the bytes appended since that stop when no
newer prompt is among them.

What a line means is the harness's business: its Decoder (hook/harness/<name>/) turns one JSON
record into Entry items (a prompt already classified by the walk's rules, assistant text, a tool call, a
tool result), and this module does the rest the same way for every format: which prompt is the turn's,
which text is final, which calls pair with which results, and where the next stop resumes.
Uses the standard json module: importing orjson costs more than this whole walk on a typical stop.
"""

from __future__ import annotations

import json
import os
from collections.abc import Collection, Mapping, Sequence

from hook.transcript import checkpoint as _checkpoint
from hook.transcript.checkpoint import FINAL_KEPT, Checkpoint
from hook.transcript.records import EMPTY, ToolCall
from hook.transcript.tail import BLOCK_SIZE, BackwardLines
from hook.transcript.tools import shell_line
from hook.transcript.walk import NO_PROMPT, PromptContext, WalkConfig, classify_text, strip_reminders
from lanegate_common.frozen import frozen, replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from datetime import datetime
    from typing import Any, BinaryIO, Protocol

    class Decoder(Protocol):
        """One harness's transcript format, as one read of one file sees it (a new one per read)."""

        name: str  # the format's name: part of the checkpoint key, so one format never resumes another's
        walk: WalkConfig  # the rules its prompt entries were classified by
        marker: bytes  # bytes every line it can use contains (b"": every line is decoded)
        # The harness's shell tools (hook.harness.Facts.shell_tools): a call of one of these ran the
        # command line in its input's `command`, which the reader gives it as ToolCall.command.
        shell_tools: Collection[str]
        # Whether the file is a subagent's own transcript (a subagent's prompts come from its parent
        # agent, never from the operator); None until a record says. The reader sets it from the
        # checkpoint when the appended records do not say.
        subagent: bool | None

        def decode(self, record: Mapping[str, Any]) -> Sequence[Entry]:
            """The entries of one record, oldest first; () for a record that carries nothing of the turn."""
            ...


FINAL_TEXT_SEPARATOR = "\n\n"
# The first read of the remembered prompt line; doubled until the line's end is in.
PROMPT_READ = 4096
PROMPT, TEXT, CALL, RESULT = "prompt", "text", "call", "result"
# What json.loads skips around a value (its WHITESPACE pattern), and one decoder for every line.
JSON_WHITESPACE = " \t\n\r"
_JSON = json.JSONDecoder()


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
    # Degradations of the reading that did not stop the judgement (they go to the audit line).
    warnings: tuple[str, ...] = ()
    # Whether the turn made any tool call after its prompting record, calls before a checkpoint included
    # (the checkpoint keeps only PR-fetch evidence, so tool_calls alone can undercount after a resume).
    tool_used: bool = False
    # Background work the records read show started and not yet over, for a payload that lists none
    # (docs/DESIGN.md#claims, docs/DESIGN.md#the-decision row B, revision 3); empty unless the harness's reader was
    # asked to infer it.
    background: tuple[str, ...] = ()
    # Wake-ups and crons the records show scheduled and not yet fired or deleted, for a payload without a list
    # of them (docs/DESIGN.md#scheduled-turns), in the audit line's shape ({"kind": "scheduled", …, "inferred": True}).
    scheduled: tuple[Mapping[str, Any], ...] = ()


class Entry:
    """One piece of a transcript record in the reader's terms, made by a harness's decoder.

    PROMPT: `prompt` is the record's verdict by the walk's rules (offset left to the reader).
    TEXT: one assistant message's `texts`; `group` names the API response it belongs to when the
    harness writes one response over several records (Claude Code's message.id), else None.
    CALL: a tool call `call_id`, `name`, `input`, `timestamp`. RESULT: the `text` and `is_error` of
    the call `call_id`. A plain slotted class: the walk makes one per record, and every stop imports it.
    """

    __slots__ = ("call_id", "group", "input", "is_error", "kind", "name", "prompt", "text", "texts", "timestamp")

    def __init__(
        self,
        kind: str,
        *,
        prompt: PromptContext | None = None,
        texts: Sequence[str] = (),
        group: str | None = None,
        call_id: str = "",
        name: str = "",
        input: Mapping[str, Any] = EMPTY,
        text: str = "",
        is_error: bool = False,
        timestamp: datetime | None = None,
    ) -> None:
        self.kind = kind
        self.prompt = prompt
        self.texts = texts
        self.group = group
        self.call_id = call_id
        self.name = name
        self.input = input
        self.text = text
        self.is_error = is_error
        self.timestamp = timestamp

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Entry):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in Entry.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Entry({self.kind!r}, prompt={self.prompt!r}, texts={self.texts!r}, call_id={self.call_id!r})"


def text_prompt(
    text: str, walk: WalkConfig, *, image: bool = False, timestamp: datetime | None = None
) -> Entry | None:
    """A PROMPT entry for a user message known only by its text (no record flags): the walk's text rules.

    None when the text is not a prompt (a non-prompting prefix, before or after its reminders are stripped).
    """
    cleaned, had_reminder = strip_reminders(text, walk)
    prefixes = tuple(walk.non_prompting_prefixes)
    if text.lstrip().startswith(prefixes) or cleaned.lstrip().startswith(prefixes):
        return None
    verdict = classify_text(cleaned, had_reminder=had_reminder, image=image, walk=walk)
    if verdict is None:
        return None
    return Entry(PROMPT, prompt=replace(verdict, timestamp=timestamp) if timestamp is not None else verdict)


def read_turn(
    path: str | os.PathLike[str],
    decoder: Decoder,
    *,
    scan_from: int | None = None,
    resume: Mapping[str, Any] | None = None,
    evidence_tools: Collection[str] = (),
    skip_prompts: int = 0,
    block_size: int = BLOCK_SIZE,
) -> Turn:
    """Walk the transcript back to its newest prompting entry and return the turn after it.

    tool_calls covers everything after min(prompting record, scan_from), oldest first. end_offset is
    the offset just past the last complete line (a half-written last line is left for the next stop).
    skip_prompts: that many of the newest prompts are the harness feeding a hook's text back as a user
    message (Cursor's followup_message), not prompts; the walk goes past them.

    resume is the previous stop's Turn.resume. When it still describes this file, ends at or before
    scan_from and no newer prompt was appended, only the appended bytes are read: the prompt is
    re-read from its remembered offset, and the calls from before the checkpoint are only those that
    may be PR-fetch evidence (gh commands and the configured `evidence_tools`), without result text.
    """
    try:
        fh = open(path, "rb")  # noqa: SIM115 - closed below; open errors need their own message
    except (OSError, ValueError, TypeError) as exc:
        raise TranscriptError(f"cannot open transcript {path!s}: {_cause(exc)}") from exc
    with fh:
        try:
            size = os.fstat(fh.fileno()).st_size
            reader = _Reader(decoder, scan_from, skip_prompts)
            key = _checkpoint.reading_key(decoder.walk, evidence_tools, decoder.name, decoder.shell_tools)
            previous = _usable(_checkpoint.from_json(resume), os.fspath(path), key, scan_from, fh, size, reader)
            turn = reader.read(fh, size, block_size, previous)
            checkpoint = reader.checkpoint(fh, os.fspath(path), key, turn, evidence_tools)
            return replace(turn, resume=checkpoint.to_json(), bytes_read=turn.bytes_read + reader.checkpoint_bytes)
        except OSError as exc:
            raise TranscriptError(f"cannot read transcript {path!s}: {_cause(exc)}") from exc


def read_stream(
    fh: BinaryIO, size: int, decoder: Decoder, *, scan_from: int | None = None, block_size: int = BLOCK_SIZE
) -> Turn:
    """read_turn over an open stream of `size` bytes of JSONL (records laid out in memory), no checkpoint."""
    return _Reader(decoder, scan_from, 0).read(fh, size, block_size, None)


def _usable(
    previous: Checkpoint | None,
    path: str,
    key: str,
    scan_from: int | None,
    fh: BinaryIO,
    size: int,
    reader: _Reader,
) -> Checkpoint | None:
    """The checkpoint when it describes this file as it still is; None means a full backward read."""
    if previous is None or previous.path != path or previous.key != key:
        return None
    if scan_from is None or scan_from < previous.end or previous.end > size:
        return None  # the artifact scan needs bytes before the checkpoint, or the file was truncated
    crc, nbytes = _checkpoint.tail_crc(fh, previous.end)
    reader.extra_bytes += nbytes
    return previous if crc == previous.tail_crc else None


class _Reader:
    """One backwards pass: the prompt walk first, then (if asked) the tool-only scan to scan_from."""

    def __init__(self, decoder: Decoder, scan_from: int | None, skip_prompts: int) -> None:
        self.decoder = decoder
        self.scan_from = None if scan_from is None else max(0, scan_from)
        self.skip_prompts = max(0, skip_prompts)
        self.skipped = 0  # prompts passed over so far (of skip_prompts)
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
        decode, marker = self.decoder.decode, self.decoder.marker
        for offset, raw in lines:
            if first:
                first = False
                if raw and _decode_line(raw) is None:
                    end_offset = offset  # a half-written last line: not ours yet
                    continue
            if self.context is not None:
                # Past the prompt: only the tool entries appended since scan_from matter. Every line the
                # format can use is decoded: a record's tool blocks may be written with \u escapes.
                if self.scan_from is None or offset < self.scan_from:
                    break
                if marker in raw and (record := _decode_line(raw)) is not None:
                    for entry in reversed(decode(record)):
                        self._tool(entry, offset)
                continue
            if marker in raw and (record := _decode_line(raw)) is not None:
                self._before_prompt(decode(record), offset)
            if self.context is not None and (self.scan_from is None or offset <= self.scan_from):
                break
        return end_offset

    def _before_prompt(self, entries: Sequence[Entry], offset: int) -> None:
        """Take one record's entries, newest first, up to its prompt (the rest of it is older)."""
        for entry in reversed(entries):
            kind = entry.kind
            if kind == PROMPT:
                if self.skipped < self.skip_prompts:
                    self.skipped += 1
                    continue
                self.context = self._placed(entry.prompt, offset)  # type: ignore[arg-type]
                return
            if kind == TEXT:
                self._text(entry)
            else:
                self._tool(entry, offset)

    def _placed(self, verdict: PromptContext, offset: int) -> PromptContext:
        """The prompt's verdict at its offset; a subagent is prompted by its parent agent, never the operator."""
        if verdict.operator_in_loop and self.decoder.subagent:
            verdict = replace(verdict, operator_in_loop=False, kind="non-human-origin")
        return replace(verdict, offset=offset)

    def _text(self, entry: Entry) -> None:
        """Gather the newest group of assistant text (one API response, maybe several records)."""
        if not self.seen_assistant:
            self.seen_assistant, self.assistant_id = True, entry.group
        if self.final_done:
            return
        if self.final_parts or self.final_id is not None:
            if entry.group is None or entry.group != self.final_id:
                self.final_done = True
                return
            self.final_parts.extend(reversed(entry.texts))
            return
        if not any(t.strip() for t in entry.texts):
            return
        self.final_parts.extend(reversed(entry.texts))
        if entry.group is None:
            self.final_done = True
        else:
            self.final_id = entry.group

    def _tool(self, entry: Entry, offset: int) -> None:
        """A result waits (by call id, the newest wins) for its call; a call takes its result (newest first)."""
        if entry.kind == RESULT:
            if entry.call_id and entry.call_id not in self.results:
                self.results[entry.call_id] = (entry.text, entry.is_error)
        elif entry.kind == CALL:
            result = self.results.get(entry.call_id) if entry.call_id else None
            self.calls.append(
                ToolCall(
                    id=entry.call_id,
                    name=entry.name,
                    input=dict(entry.input),
                    result_text=result[0] if result else None,
                    is_error=result[1] if result else False,
                    timestamp=entry.timestamp,
                    offset=offset,
                    command=shell_line(entry.name, entry.input, self.decoder.shell_tools),
                )
            )

    def _resume(self, fh: BinaryIO, previous: Checkpoint) -> bool:
        """No newer prompt since the checkpoint: take the rest of the turn from it, when it agrees.

        False (read on backwards instead) when the file's kind changed, when the final text's group
        runs on across the checkpoint, when the prompts still to skip are not those the previous stop
        skipped, or when the remembered prompt line is no longer a prompt.
        """
        if self.decoder.subagent is None:
            # What the read back would find too (the newest record that says, before the end).
            self.decoder.subagent = previous.subagent
        elif previous.subagent is not None and self.decoder.subagent != previous.subagent:
            return False
        if self.skip_prompts - self.skipped != previous.skipped:
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
        """The prompt of the record on the line at `offset` (read forwards), or None when it has none."""
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
        record = _decode_line(b"".join(pieces))
        prompts = [e.prompt for e in self.decoder.decode(record) if e.kind == PROMPT] if record is not None else []
        return self._placed(prompts[-1], offset) if prompts and prompts[-1] is not None else None

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
            subagent=self.decoder.subagent,
            final=tuple(reversed(self.final_parts)) if sum(map(len, self.final_parts)) <= FINAL_KEPT else None,
            seen_assistant=self.seen_assistant,
            assistant_id=self.assistant_id,
            calls=_checkpoint.evidence(turn.tool_calls, turn.context.offset, evidence_tools),
            skipped=self.skip_prompts,
            tool_used=turn.tool_used,
        )


def _decode_line(raw: bytes) -> Mapping[str, Any] | None:
    """One JSONL line as a JSON object, or None for blank, non-UTF-8, malformed or non-object lines.

    What json.loads accepts (JSON whitespace either side of one value, nothing else), through the
    decoder's public raw_decode: json.loads adds two wrappers and two regex matches per call, about
    half the cost of a line, and a stop decodes every line back to its prompt.
    """
    try:
        text = raw.decode("utf-8").lstrip("\ufeff").lstrip(JSON_WHITESPACE)
        value, end = _JSON.raw_decode(text)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if end != len(text) and text[end:].strip(JSON_WHITESPACE):
        return None  # json.loads: "Extra data"
    return value if isinstance(value, dict) else None


def _cause(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__
