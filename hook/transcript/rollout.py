"""Read one turn of a Codex CLI rollout, or of any transcript reduced to entries, from its end.

Codex records a session as a rollout (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`), one
`{"timestamp", "type", "payload"}` object per line. The turn lives in the `response_item` lines:

    {"type": "response_item", "payload": {"type": "message", "role": "user",
        "content": [{"type": "input_text", "text": "fix the parser"}]}}
    {"type": "response_item", "payload": {"type": "function_call", "name": "exec_command",
        "arguments": "{\\"cmd\\": \\"gh pr view 12\\"}", "call_id": "call_1"}}
    {"type": "response_item", "payload": {"type": "function_call_output", "call_id": "call_1",
        "output": "Process exited with code 0\\nOutput:\\n..."}}
    {"type": "response_item", "payload": {"type": "message", "role": "assistant",
        "content": [{"type": "output_text", "text": "Done."}]}}

`session_meta`, `turn_context`, `compacted` and `event_msg` (a UI echo of the same messages) are not
read. Codex injects context as user messages (`<environment_context>`, `<user_instructions>`,
`# AGENTS.md instructions …`) and records a Stop hook's continuation as a user message
`<hook_prompt hook_run_id="…">…</hook_prompt>` (codex-rs protocol, parse_hook_prompt_fragment): the
first are skipped, the second is synthetic by the walk's own prefixes (hook/transcript/walk.toml).

The reading itself is shared: read_entries walks any JSONL backwards (hook.transcript.tail) with a
per-format `decode` that turns one record into Entry items, and applies the same prompting rules
(hook.transcript.walk) and produces the same Turn/PromptContext/ToolCall as hook.transcript.turn, so the
lane-state PR-fetch evidence and the material-artifact key work for every harness that has a file.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, BinaryIO

from hook.transcript.records import EMPTY, LazyRegex, ToolCall, mapping, parse_timestamp, string
from hook.transcript.tail import BLOCK_SIZE, BackwardLines
from hook.transcript.turn import FINAL_TEXT_SEPARATOR, TranscriptError, Turn
from hook.transcript.walk import NO_PROMPT, PromptContext, WalkConfig, classify_text, strip_reminders
from lanegate_common.frozen import replace

PROMPT, TEXT, CALL, RESULT = "prompt", "text", "call", "result"
# Bytes every tool-call or tool-result line of Codex's rollout and Cursor's transcript holds.
TOOL_MARKERS = (b"call", b"tool_")

# User messages Codex writes itself to give the model context: never something anyone typed.
CODEX_CONTEXT_PREFIXES = (
    "<environment_context>",
    "<user_instructions>",
    "# AGENTS.md instructions",
    "<user_shell_command>",
)
CODEX_CALLS = frozenset({"function_call", "custom_tool_call", "local_shell_call"})
CODEX_OUTPUTS = frozenset({"function_call_output", "custom_tool_call_output", "local_shell_call_output"})
TEXT_BLOCKS = frozenset({"input_text", "output_text", "text"})
# The header of a Codex exec result: "Process exited with code 1" (exec_command), "Exit code: 1" (shell).
EXIT_CODE = LazyRegex(r"(?:Process exited with code|Exit code:)\s*(-?\d+)")


@dataclass(frozen=True)
class Entry:
    """One piece of a transcript line, in the walk's terms: a prompt, assistant text, a call, a result."""

    kind: str
    text: str = ""
    image: bool = False
    call_id: str = ""
    name: str = ""
    input: Mapping[str, Any] = field(default_factory=lambda: EMPTY)
    is_error: bool = False
    timestamp: datetime | None = None


Decoder = Callable[[Mapping[str, Any]], Sequence[Entry]]


def read_rollout(
    path: str,
    walk: WalkConfig,
    *,
    scan_from: int | None = None,
    subagent: bool = False,
    block_size: int = BLOCK_SIZE,
) -> Turn:
    """The turn at the end of a Codex rollout; `subagent`: the file is a subagent's own rollout."""
    if not path:
        raise TranscriptError("Codex sent no transcript_path (an ephemeral session has no rollout to walk)")
    return read_entries(
        path, walk, codex_entries, scan_from=scan_from, subagent=subagent, marker=b'"response_item"',
        block_size=block_size,
    )


def read_entries(
    path: str,
    walk: WalkConfig,
    decode: Decoder,
    *,
    scan_from: int | None = None,
    subagent: bool = False,
    skip_prompts: int = 0,
    marker: bytes = b"",
    tool_markers: tuple[bytes, ...] = TOOL_MARKERS,
    block_size: int = BLOCK_SIZE,
) -> Turn:
    """Walk a JSONL transcript back to its newest prompting entry (SPEC §3.3) with a format's decoder.

    skip_prompts: that many of the newest prompts are the harness feeding a hook's text back as a user
    message (Cursor's followup_message), not prompts; the walk goes past them.
    marker: bytes every line the decoder can use contains; other lines are skipped without decoding.
    tool_markers: past the prompt only lines holding one of these are decoded (tool calls and results).
    """
    try:
        fh = open(path, "rb")  # noqa: SIM115 - closed below; open errors need their own message
    except (OSError, ValueError, TypeError) as exc:
        raise TranscriptError(f"cannot open transcript {path!s}: {_cause(exc)}") from exc
    with fh:
        try:
            size = os.fstat(fh.fileno()).st_size
            return read_entries_from(
                fh, size, walk, decode, scan_from=scan_from, subagent=subagent, skip_prompts=skip_prompts,
                marker=marker, tool_markers=tool_markers, block_size=block_size,
            )
        except OSError as exc:
            raise TranscriptError(f"cannot read transcript {path!s}: {_cause(exc)}") from exc


def read_entries_from(
    fh: BinaryIO,
    size: int,
    walk: WalkConfig,
    decode: Decoder,
    *,
    scan_from: int | None = None,
    subagent: bool = False,
    skip_prompts: int = 0,
    marker: bytes = b"",
    tool_markers: tuple[bytes, ...] = TOOL_MARKERS,
    block_size: int = BLOCK_SIZE,
) -> Turn:
    """read_entries on an open binary stream of `size` bytes (a file, or records laid out as JSONL)."""
    reader = _EntryReader(walk, decode, scan_from, subagent, skip_prompts, marker, tool_markers)
    return reader.read(fh, size, block_size)


class _EntryReader:
    """One backwards pass: the prompt walk first, then (if asked) the tool-only scan to scan_from."""

    def __init__(
        self,
        walk: WalkConfig,
        decode: Decoder,
        scan_from: int | None,
        subagent: bool,
        skip_prompts: int,
        marker: bytes,
        tool_markers: tuple[bytes, ...] = (),
    ) -> None:
        self.walk = walk
        self.decode = decode
        self.marker = marker
        self.tool_markers = tool_markers
        self.scan_from = None if scan_from is None else max(0, scan_from)
        self.subagent = subagent
        self.skip_prompts = max(0, skip_prompts)
        self.context: PromptContext | None = None
        self.results: dict[str, tuple[str, bool]] = {}
        self.calls: list[ToolCall] = []  # newest first while reading
        self.final_text: str | None = None

    def read(self, fh: BinaryIO, size: int, block_size: int) -> Turn:
        lines = BackwardLines(fh, size, block_size)
        end_offset = size
        first = True
        for offset, raw in lines:
            if first:
                first = False
                if raw and _decode(raw) is None:
                    end_offset = offset  # a half-written last line: not ours yet
                    continue
            if self.context is not None and (self.scan_from is None or offset < self.scan_from):
                break
            # Past the prompt only calls and results matter: their lines all hold a tool marker.
            past = self.context is not None
            if self.marker not in raw or (past and not any(m in raw for m in self.tool_markers)):
                continue
            record = _decode(raw)
            if record is None:
                continue
            if past:
                for entry in reversed(self.decode(record)):
                    self._tool(entry, offset)
                continue
            for entry in reversed(self.decode(record)):
                if self._before_prompt(entry, offset):
                    break
            if self.context is not None and (self.scan_from is None or offset <= self.scan_from):
                break
        return Turn(
            context=self.context or NO_PROMPT,
            final_text=self.final_text,
            tool_calls=tuple(reversed(self.calls)),
            end_offset=end_offset,
            bytes_read=lines.bytes_read,
        )

    def _before_prompt(self, entry: Entry, offset: int) -> bool:
        """Take one entry newer than the prompt; True when it was the prompt."""
        if entry.kind == PROMPT:
            verdict = _classify(entry, self.walk)
            if verdict is None:
                return False
            if self.skip_prompts:
                self.skip_prompts -= 1
                return False
            if verdict.operator_in_loop and self.subagent:
                # A subagent is prompted by its parent agent, never by the operator.
                verdict = replace(verdict, operator_in_loop=False, kind="non-human-origin")
            self.context = replace(verdict, timestamp=entry.timestamp, offset=offset)
            return True
        if entry.kind == TEXT:
            if self.final_text is None and entry.text.strip():
                self.final_text = entry.text
            return False
        self._tool(entry, offset)
        return False

    def _tool(self, entry: Entry, offset: int) -> None:
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
                )
            )


def codex_entries(record: Mapping[str, Any]) -> tuple[Entry, ...]:
    """The entries of one rollout line; only `response_item` lines carry the turn."""
    if record.get("type") != "response_item":
        return ()
    payload = mapping(record.get("payload"))
    kind = payload.get("type")
    stamp = parse_timestamp(record.get("timestamp"))
    if kind == "message":
        return _codex_message(payload, stamp)
    if kind in CODEX_CALLS:
        call_id = string(payload.get("call_id")) or string(payload.get("id")) or ""
        name = string(payload.get("name")) or ("local_shell" if kind == "local_shell_call" else "")
        return (Entry(CALL, call_id=call_id, name=name, input=_codex_input(payload), timestamp=stamp),)
    if kind in CODEX_OUTPUTS:
        text, is_error = _codex_output(payload.get("output"))
        return (Entry(RESULT, text=text, call_id=string(payload.get("call_id")) or "", is_error=is_error),)
    return ()


def _codex_message(payload: Mapping[str, Any], stamp: datetime | None) -> tuple[Entry, ...]:
    content = payload.get("content")
    items = [b for b in content if isinstance(b, Mapping)] if isinstance(content, list) else []
    texts = [t for b in items if b.get("type") in TEXT_BLOCKS and isinstance(t := b.get("text"), str)]
    role = payload.get("role")
    if role == "assistant":
        return (Entry(TEXT, text=FINAL_TEXT_SEPARATOR.join(texts), timestamp=stamp),)
    if role != "user":
        return ()  # developer and system messages are instructions, never prompts
    text = "\n".join(texts)
    if text.lstrip().startswith(CODEX_CONTEXT_PREFIXES):
        return ()
    image = any(b.get("type") == "input_image" for b in items)
    return (Entry(PROMPT, text=text, image=image, timestamp=stamp),)


def _codex_input(payload: Mapping[str, Any]) -> dict[str, Any]:
    """A call's arguments as a mapping; exec_command's `cmd` is also given as `command` for the gh readers."""
    if payload.get("type") == "local_shell_call":
        return {"command": mapping(payload.get("action")).get("command")}
    raw = payload.get("arguments", payload.get("input"))
    arguments: object = raw
    if isinstance(raw, str):
        try:
            arguments = json.loads(raw)
        except ValueError:
            arguments = raw
    if not isinstance(arguments, dict):
        return {"input": arguments}
    if "command" not in arguments and isinstance(arguments.get("cmd"), str):
        return {**arguments, "command": arguments["cmd"]}
    return arguments


def _codex_output(output: object) -> tuple[str, bool]:
    """(text, is_error) of a call's output: a JSON envelope, an exec header with the exit code, or text."""
    if isinstance(output, Mapping):
        text = output.get("content", output.get("output"))
        return (text if isinstance(text, str) else ""), output.get("success") is False
    if isinstance(output, list):
        texts = [t for b in output if isinstance(b, Mapping) and isinstance(t := b.get("text"), str)]
        return "\n".join(texts), False
    if not isinstance(output, str):
        return "", False
    if output.startswith("{"):
        try:
            envelope = json.loads(output)
        except ValueError:
            envelope = None
        if isinstance(envelope, dict) and isinstance(envelope.get("output"), str):
            code = mapping(envelope.get("metadata")).get("exit_code")
            return envelope["output"], isinstance(code, int) and code != 0
    match = EXIT_CODE.search(output[:400])
    return output, match is not None and int(match.group(1)) != 0


def _classify(entry: Entry, walk: WalkConfig) -> PromptContext | None:
    """The prompt entry's verdict by the walk's text rules, or None when it is not a prompt."""
    cleaned, had_reminder = strip_reminders(entry.text, walk)
    prefixes = tuple(walk.non_prompting_prefixes)
    if entry.text.lstrip().startswith(prefixes) or cleaned.lstrip().startswith(prefixes):
        return None
    return classify_text(cleaned, had_reminder=had_reminder, image=entry.image, walk=walk)


def _decode(raw: bytes) -> Mapping[str, Any] | None:
    """One JSONL line as a JSON object, or None for blank, non-UTF-8, malformed or non-object lines."""
    if not raw.strip():
        return None
    try:
        value = json.loads(raw.decode("utf-8").lstrip("\ufeff"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def _cause(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__
