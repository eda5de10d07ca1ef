"""Codex CLI's Stop and SubagentStop (docs/DESIGN.md#adapters): Claude Code's dialect with a strict output schema.

The payload, per codex-rs/hooks/schema/generated/stop.command.input.schema.json (openai/codex):
`session_id`, `turn_id`, `transcript_path` (null for an ephemeral session), `cwd`, `hook_event_name`
("Stop"), `model`, `permission_mode`, `stop_hook_active`, `last_assistant_message` (nullable);
SubagentStop adds `agent_id`, `agent_type` and `agent_transcript_path`. The transcript is the rollout
JSONL (CodexDecoder below).

The output schema (stop.command.output.schema.json) has `additionalProperties: false`, and a
`decision: "block"` needs a non-blank `reason`, which Codex sends back as the next prompt
(`<hook_prompt …>` in the rollout). So a refusal prints exactly {"decision":"block","reason":R} and an
allowed stop prints nothing: no systemMessage for accepted exits, unlike Claude Code.

Codex's older `notify` program (codex-rs/hooks/src/legacy_notify.rs) gets the turn as a JSON argument
with its output discarded: it can watch a turn end but never refuse one, so lanegate is a Stop hook.

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
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from hook.decision import BLOCK, Decision
from hook.harness import (
    HOOK_TIMEOUT_SECONDS,
    InstallTarget,
    PayloadError,
    ProbeStop,
    Sniffed,
    StopInput,
    TurnEnd,
    harness_facts,
    harness_walk,
    payload_claimed,
    session_key,
    text_field,
    write_jsonl,
)
from hook.transcript.reader import CALL, RESULT, TEXT, Entry, TranscriptError, read_turn, text_prompt
from hook.transcript.records import LazyRegex, mapping, parse_timestamp, string
from hook.transcript.walk import strip_reminders
from lanegate_common.frozen import replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from collections.abc import Collection
    from datetime import datetime
    from typing import Any

    from hook.harness import CaseWriter, ProbeTurn
    from hook.transcript.reader import Turn
    from hook.transcript.walk import WalkConfig

EVENTS = ("Stop", "SubagentStop")
# User messages Codex writes itself to give the model context: never something anyone typed.
CODEX_CONTEXT_PREFIXES = (
    "<environment_context>",
    "<user_instructions>",
    "# AGENTS.md instructions",
    "<user_shell_command>",
)
# Tuples, not sets: a hostile `type` may be a list, which a set lookup would raise on.
CODEX_CALLS = ("function_call", "custom_tool_call", "local_shell_call")
CODEX_OUTPUTS = ("function_call_output", "custom_tool_call_output", "local_shell_call_output")
TEXT_BLOCKS = ("input_text", "output_text", "text")
# The header of a Codex exec result: "Process exited with code 1" (exec_command), "Exit code: 1" (shell).
EXIT_CODE = LazyRegex(r"(?:Process exited with code|Exit code:)\s*(-?\d+)")


class Codex:
    name = "codex"
    install = InstallTarget(
        folder=".codex",
        filename="hooks.json",
        events=EVENTS,  # thread-spawned subagents fire SubagentStop instead of Stop
        grouped=True,
        note="Codex fires SubagentStop instead of Stop for thread-spawned subagents, so both are registered. "
        "Hooks are on by default in current Codex ([features] hooks; codex_hooks is its deprecated alias), but "
        "Codex runs this non-managed hook only after you review and trust it: open /hooks in Codex and trust it "
        "(again after any change to it). A project's .codex layer loads only in a trusted project.",
        home_env="CODEX_HOME",
    )

    def claims(self, payload: Mapping[str, Any]) -> bool:
        """Codex CLI's Stop payload, as harness.toml's [claims] tells it."""
        return payload_claimed(harness_facts(self).claims or {}, payload)

    def parse(self, payload: Mapping[str, Any], env: Mapping[str, str]) -> StopInput:
        event = payload.get("hook_event_name", "Stop")
        if event not in EVENTS:
            raise PayloadError(f"hook_event_name {event!r} is not Stop or SubagentStop")
        subagent = event == "SubagentStop"
        key = "agent_transcript_path" if subagent else "transcript_path"
        transcript = payload.get(key)
        if transcript is not None and not isinstance(transcript, str):
            raise PayloadError(f"{event} payload has a {key} that is not a string")
        session = session_key(payload, subagent)
        message = payload.get("last_assistant_message")
        return StopInput(
            harness=self.name,
            event=event,
            session=session,
            transcript_path=transcript or "",
            project_dir=text_field(payload.get("cwd")),
            final_text=message if isinstance(message, str) and message.strip() else None,
            stop_hook_active=payload.get("stop_hook_active") is True,
            subagent=subagent,
            read_turn=CodexTranscript(subagent),
        )

    def render(self, decision: Decision) -> str | None:
        if decision.action == BLOCK:
            return json.dumps({"decision": "block", "reason": decision.reason})
        return None

    def install_entry(self, command: str) -> dict[str, Any]:
        return {"type": "command", "command": command, "timeout": HOOK_TIMEOUT_SECONDS}

    def probe_stop(self, turn: ProbeTurn, transcript: str, project: str) -> ProbeStop:
        write_jsonl(transcript, [
            {"timestamp": turn.stamp, "type": "session_meta", "payload": {"id": turn.session, "cwd": project}},
            _message(turn.stamp, "user", "input_text", turn.prompt),
            _message(turn.stamp, "assistant", "output_text", turn.reply)])
        return ProbeStop({"session_id": turn.session, "turn_id": "probe", "transcript_path": transcript,
                          "cwd": project, "hook_event_name": "Stop", "model": "probe",
                          "permission_mode": "default", "stop_hook_active": False,
                          "last_assistant_message": turn.reply})

    def recorded(self) -> CodexSessions:
        return CodexSessions()

    def case_writer(self, session: str, start: str, cwd: str) -> CaseWriter:
        from hook.harness.codex.writer import CodexCase

        return CodexCase(session, start, cwd)


def _message(stamp: str, role: str, block: str, text: str) -> dict[str, Any]:
    """A rollout line holding one message (doctor's probe)."""
    payload = {"type": "message", "role": role, "content": [{"type": block, "text": text}]}
    return {"timestamp": stamp, "type": "response_item", "payload": payload}


# What a rollout line means to a replay (docs/DESIGN.md#golden): the turn's prompt, the model's text, a tool call,
# the turn's end (event_msg task_complete, where Codex runs its Stop hook) or its interruption.
# CALL is the reader's own "call" (imported above): a tool call means the same to both.
PROMPT, FINAL, COMPLETE, ABORTED = "prompt", "final", "complete", "aborted"
META, CONTEXT = "meta", "context"
# The line types of a rollout (a recognised session file has them with a payload).
ROLLOUT_KINDS = frozenset({"session_meta", "response_item", "event_msg", "turn_context", "compacted"})


def rollout_event(record: Mapping[str, Any]) -> tuple[str, Any] | None:
    """One rollout line as a replay event and its value, or None for a line that does not matter."""
    from hook.transcript.reader import FINAL_TEXT_SEPARATOR
    from hook.transcript.reader import PROMPT as ENTRY_PROMPT
    from hook.transcript.records import mapping

    kind = record.get("type")
    payload = mapping(record.get("payload"))
    if kind == "session_meta":
        return META, payload
    if kind == "turn_context":
        return CONTEXT, payload
    if kind == "event_msg":
        event = payload.get("type")
        if event == "task_complete":
            return COMPLETE, payload
        if event == "turn_aborted":
            return ABORTED, payload
        return None
    entries = CodexDecoder(harness_walk(HARNESS)).decode(record)
    if not entries:
        return None
    entry = entries[-1]
    if entry.kind == ENTRY_PROMPT:
        return PROMPT, entry.prompt.text if entry.prompt is not None else ""
    if entry.kind == TEXT:
        text = FINAL_TEXT_SEPARATOR.join(entry.texts)
        return (FINAL, text) if text.strip() else None
    return (CALL, entry.name) if entry.kind == CALL else None


class CodexScanner:
    """A Codex rollout read forward: each `task_complete` closes a turn (Codex runs Stop there)."""

    def __init__(self, walk: WalkConfig) -> None:
        self.walk = walk
        self.pending: str | None = None  # the model's newest text since the prompt or the last call
        self.pending_time: datetime | None = None
        self.hook_prompt = False  # the newest prompt is a Stop hook's continuation
        self.completions = False  # the rollout records task_complete events
        self.turn_id: str | None = None
        self.model: str | None = None

    def boundary(self, record: Mapping[str, Any] | None, offset: int) -> TurnEnd | None:
        event = rollout_event(record) if record is not None else None
        if event is None:
            return None
        kind, value = event
        stamp = parse_timestamp(record.get("timestamp"))
        if kind == CONTEXT:
            self.turn_id = string(value.get("turn_id")) or self.turn_id
            self.model = string(value.get("model")) or self.model
        elif kind == PROMPT:
            end = None if self.completions else self._close(offset)
            cleaned, _ = strip_reminders(value, self.walk)
            self.hook_prompt = cleaned.lstrip().startswith(HOOK_PROMPT_PREFIX)
            return end
        elif kind == FINAL:
            self.pending, self.pending_time = value, stamp
        elif kind in (CALL, ABORTED):
            self.pending = None
        elif kind == COMPLETE:
            self.completions = True
            last = string(value.get("last_agent_message"))
            if last and last.strip():
                self.pending, self.pending_time = last, self.pending_time or stamp
            self.turn_id = string(value.get("turn_id")) or self.turn_id
            return self._close(offset)
        return None

    def finish(self, offset: int) -> TurnEnd | None:
        return None if self.completions else self._close(offset)

    def _close(self, offset: int) -> TurnEnd | None:
        if self.pending is None:
            return None
        text, self.pending = self.pending, None
        return TurnEnd(offset, self.pending_time, self.hook_prompt, final_text=text, turn_id=self.turn_id,
                       model=self.model)


HOOK_PROMPT_PREFIX = "<hook_prompt"


class CodexSessions:
    """Codex rollouts as `lanegate replay` recognises and reads them."""

    title = "Codex"
    description = "a Codex rollout"
    readable = True

    def sniff(self, record: Mapping[str, Any], found: Sniffed) -> Sniffed | None:
        kind = record.get("type")
        if not (isinstance(kind, str) and kind in ROLLOUT_KINDS and "payload" in record):
            return None
        meta = record.get("payload") if kind == "session_meta" else None
        if not isinstance(meta, dict):
            return found
        return Sniffed(
            string(meta.get("id")) or found.session,
            string(meta.get("cwd")) or found.cwd,
            string(meta.get("cli_version")) or found.version,
        )

    def scanner(self, walk: WalkConfig) -> CodexScanner:
        return CodexScanner(walk)

    def stop_payload(
        self, end: TurnEnd, session: str, cwd: str | None, path: str, number: int
    ) -> tuple[dict[str, Any], tuple[str, ...]]:
        """Codex's Stop payload; it carries no background list, so nothing is inferred."""
        payload = {
            "session_id": session, "turn_id": end.turn_id or f"replay-{number}", "transcript_path": path,
            "cwd": cwd, "hook_event_name": "Stop", "model": end.model or "unknown",
            "permission_mode": "default", "stop_hook_active": end.stop_hook_active,
            "last_assistant_message": end.final_text,
        }
        return payload, ()


HARNESS = Codex()


class CodexTranscript:
    """Codex's transcript reader: the rollout at the path, a subagent's own when `subagent`."""

    __slots__ = ("subagent",)

    def __init__(self, subagent: bool) -> None:
        self.subagent = subagent

    def __call__(
        self,
        path: str,
        walk: WalkConfig,
        *,
        scan_from: int | None = None,
        resume: Mapping[str, Any] | None = None,
        evidence_tools: Collection[str] = (),
    ) -> Turn:
        if not path:
            raise TranscriptError("Codex sent no transcript_path (an ephemeral session has no rollout to walk)")
        decoder = CodexDecoder(walk, subagent=self.subagent)
        turn = read_turn(path, decoder, scan_from=scan_from, resume=resume, evidence_tools=evidence_tools)
        if not turn.context.operator_in_loop or not walk.headless_marks:
            return turn
        mark = _headless_mark(path, walk.headless_marks)
        return replace(turn, context=replace(turn.context, headless=mark)) if mark else turn


# The rollout's first line, session_meta, names the program that wrote the session (`originator`) before the
# long base instructions (0.171.0): the head of the file is enough to find it.
HEAD_BYTES = 16384
ORIGINATOR = LazyRegex(r'"originator"\s*:\s*"([^"\\]{1,80})"')


def _headless_mark(path: str, marks: Collection[str]) -> str | None:
    """`originator <name>` when the rollout's session_meta names a non-interactive originator (`codex exec`,
    docs/DESIGN.md#scheduled-turns), else None; an unreadable head is no mark."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(HEAD_BYTES)
    except OSError:
        return None
    first = head.split(b"\n", 1)[0].decode("utf-8", "replace")
    if '"session_meta"' not in first:
        return None
    found = ORIGINATOR.search(first)
    return f"originator {found.group(1)}" if found and found.group(1) in marks else None


class CodexDecoder:
    """Rollout lines to the reader's entries; only `response_item` lines carry the turn."""

    name = "codex"
    marker = b'"response_item"'

    def __init__(self, walk: WalkConfig, *, subagent: bool = False) -> None:
        self.walk = walk
        self.subagent: bool | None = subagent
        self.shell_tools = harness_facts(HARNESS).shell_tools

    def decode(self, record: Mapping[str, Any]) -> tuple[Entry, ...]:
        if record.get("type") != "response_item":
            return ()
        payload = mapping(record.get("payload"))
        kind = payload.get("type")
        stamp = parse_timestamp(record.get("timestamp"))
        if kind == "message":
            return self._message(payload, stamp)
        if kind in CODEX_CALLS:
            call_id = string(payload.get("call_id")) or string(payload.get("id")) or ""
            name = string(payload.get("name")) or ("local_shell" if kind == "local_shell_call" else "")
            return (Entry(CALL, call_id=call_id, name=name, input=_call_input(payload), timestamp=stamp),)
        if kind in CODEX_OUTPUTS:
            text, is_error = _output(payload.get("output"))
            return (Entry(RESULT, text=text, call_id=string(payload.get("call_id")) or "", is_error=is_error),)
        return ()

    def _message(self, payload: Mapping[str, Any], stamp: datetime | None) -> tuple[Entry, ...]:
        content = payload.get("content")
        items = [b for b in content if isinstance(b, Mapping)] if isinstance(content, list) else []
        texts = [t for b in items if b.get("type") in TEXT_BLOCKS and isinstance(t := b.get("text"), str)]
        role = payload.get("role")
        if role == "assistant":
            return (Entry(TEXT, texts=texts),)
        if role != "user":
            return ()  # developer and system messages are instructions, never prompts
        text = "\n".join(texts)
        if text.lstrip().startswith(CODEX_CONTEXT_PREFIXES):
            return ()
        image = any(b.get("type") == "input_image" for b in items)
        prompt = text_prompt(text, self.walk, image=image, timestamp=stamp)
        return () if prompt is None else (prompt,)


def _call_input(payload: Mapping[str, Any]) -> dict[str, Any]:
    """A call's arguments as a mapping; a local shell call's command and exec_command's `cmd` are also given
    as `command`, where the reader finds a shell tool's command line."""
    if payload.get("type") == "local_shell_call":
        return {"command": mapping(payload.get("action")).get("command")}
    raw = payload.get("arguments", payload.get("input"))
    arguments: object = raw
    if isinstance(raw, str):
        try:
            arguments = json.loads(raw)
        except (ValueError, RecursionError):  # the model wrote these arguments: any depth is possible
            arguments = raw
    if not isinstance(arguments, dict):
        return {"input": arguments}
    if "command" not in arguments and isinstance(arguments.get("cmd"), str):
        return {**arguments, "command": arguments["cmd"]}
    return arguments


def _output(output: object) -> tuple[str, bool]:
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
        except (ValueError, RecursionError):  # tool output: whatever the command printed
            envelope = None
        if isinstance(envelope, dict) and isinstance(envelope.get("output"), str):
            code = mapping(envelope.get("metadata")).get("exit_code")
            return envelope["output"], isinstance(code, int) and code != 0
    match = EXIT_CODE.search(output[:400])
    return output, match is not None and int(match.group(1)) != 0
