"""Gemini CLI's AfterAgent (docs/DESIGN.md#adapters): the prompt and the reply arrive in the payload itself.

Per Gemini CLI's hooks reference (google-gemini/gemini-cli docs/hooks/reference.md), AfterAgent fires
once per turn after the final response, with the base fields (`session_id`, `transcript_path`, `cwd`,
`hook_event_name`, `timestamp`) plus `prompt` (the user's original request), `prompt_response` (the
final text) and `stop_hook_active` (this is a retry the hook asked for). `{"decision": "deny",
"reason": R}` rejects the response and sends R to the agent as a new prompt; exit 0 with no output
lets it stand. Gemini's client passes the turn's *original* request as `prompt` on a retry too
(fireAfterAgentHookSafe: hookState.originalRequest), so classifying it stays right along a chain.

The operator context is the walk's text rules (hook.transcript.walk) applied to `prompt`, so
`[WAKE] …`, `<task-notification …>` or a handoff prompt is autonomous and anything else is the
operator speaking. `transcript_path` (the session file, revision 2) is walked back to that prompt for
the turn's tool calls — the PR fetches a lane-state gate needs, and `gh pr create` for the material
artifact — and its time. Current Gemini CLI writes the session as JSONL (a metadata line, then one
message record per line: `{"id", "timestamp", "type": "user" | "gemini" | "info" | …, "content",
"toolCalls": [{"id", "name", "args", "result", "status"}]}`; a message re-appended under the same id
updates it); older versions wrote one JSON object with a `messages` array. On a retry Gemini records
the deny reason as a new user message, so past it the walk looks for the original prompt's text. When
the payload carries no transcript path, or the file cannot be read (named in the audit warnings), the
turn is judged from the payload alone: the prompt and the reply are there.
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
    StopInput,
    harness_facts,
    payload_claimed,
    text_field,
)
from lanegate_common.frozen import replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from collections.abc import Collection
    from typing import Any

    from hook.harness import CaseWriter, ProbeTurn, Sniffed
    from hook.transcript.reader import Entry, Turn
    from hook.transcript.walk import PromptContext, WalkConfig


EVENT = "AfterAgent"
# The status of a tool call that ran to the end; any other (error, cancelled) makes its result an error.
SUCCESS = "success"
# Every line of a session file the walk can use names a message "type"; tool lines hold "toolCalls".
RECORD_MARKER = b'"type"'
LEGACY_PROBE = 1 << 20  # a metadata line is small; a longer first line is read no further


class Gemini:
    name = "gemini"
    install = InstallTarget(
        folder=".gemini",
        filename="settings.json",
        events=(EVENT,),
        grouped=True,
        timeout_scale=1000,
        note="If Gemini CLI does not run it, turn the hook on with /hooks enable-all (or /hooks enable lanegate) "
        "or in the /hooks panel; hooksConfig.enabled must not be false, and no hooksConfig.disabled or "
        "hooks.disabled list may name lanegate.",
    )

    def claims(self, payload: Mapping[str, Any]) -> bool:
        """Gemini CLI's AfterAgent payload, as harness.toml's [claims] tells it."""
        return payload_claimed(harness_facts(self).claims or {}, payload)

    def parse(self, payload: Mapping[str, Any], env: Mapping[str, str]) -> StopInput:
        event = payload.get("hook_event_name", EVENT)
        if event != EVENT:
            raise PayloadError(f"hook_event_name {event!r} is not {EVENT}")
        prompt = payload.get("prompt")
        if not isinstance(prompt, str):
            raise PayloadError(f"{EVENT} payload has no prompt")
        response = payload.get("prompt_response")
        transcript = payload.get("transcript_path")
        return StopInput(
            harness=self.name,
            event=event,
            session=text_field(payload.get("session_id")),
            transcript_path=transcript if isinstance(transcript, str) else "",
            project_dir=env.get(harness_facts(self).project_dir_env or "") or text_field(payload.get("cwd")),
            final_text=response if isinstance(response, str) and response.strip() else None,
            stop_hook_active=payload.get("stop_hook_active") is True,
            read_turn=PromptTurn(prompt, retry=payload.get("stop_hook_active") is True),
            # 0.61.0: a retry's prompt_response is every answer of the turn so far, joined by newlines; the
            # retry is judged on what follows the refused answer (docs/DESIGN.md#tests).
            cumulative_text=True,
        )

    def render(self, decision: Decision) -> str | None:
        if decision.action == BLOCK:
            return json.dumps({"decision": "deny", "reason": decision.reason})
        return None

    def install_entry(self, command: str) -> dict[str, Any]:
        """Gemini names its hooks and counts the timeout in milliseconds."""
        return {"name": "lanegate", "type": "command", "command": command, "timeout": HOOK_TIMEOUT_SECONDS * 1000}

    def probe_stop(self, turn: ProbeTurn, transcript: str, project: str) -> ProbeStop:
        """The payload alone carries the turn (no transcript is written)."""
        return ProbeStop({"session_id": turn.session, "transcript_path": "", "cwd": project,
                          "hook_event_name": EVENT, "timestamp": turn.stamp, "prompt": turn.prompt,
                          "prompt_response": turn.reply, "stop_hook_active": False})

    def recorded(self) -> GeminiSessions:
        return GeminiSessions()

    def case_writer(self, session: str, start: str, cwd: str) -> CaseWriter:
        from hook.harness.gemini.writer import GeminiCase

        return GeminiCase(session, start, cwd)


class GeminiSessions:
    """A Gemini CLI session file, recognised to name it: replay does not read Gemini sessions."""

    title = "Gemini CLI"
    description = "a Gemini CLI session file"
    readable = False

    def sniff(self, record: Mapping[str, Any], found: Sniffed) -> Sniffed | None:
        return found if "sessionId" in record and "projectHash" in record else None


class PromptTurn:
    """The turn: classified from the payload's prompt; tool evidence from the session file, if any.

    A plain class, not a dataclass: every stop of every harness imports this module to ask whether the
    payload is Gemini's, and building a dataclass at import is the larger part of its import time.
    """

    __slots__ = ("prompt", "retry")

    def __init__(self, prompt: str, retry: bool = False) -> None:
        self.prompt = prompt
        self.retry = retry

    def __call__(
        self,
        path: str,
        walk: WalkConfig,
        *,
        scan_from: int | None = None,
        resume: Mapping[str, Any] | None = None,
        evidence_tools: Collection[str] = (),
    ) -> Turn:
        import hashlib

        from hook.transcript.reader import TranscriptError, Turn
        from hook.transcript.walk import NO_PROMPT, classify_text, strip_reminders

        cleaned, had_reminder = strip_reminders(self.prompt, walk)
        verdict = classify_text(cleaned, had_reminder=had_reminder, walk=walk)
        # The prompt text stands in for a record id, so a new prompt resets the refusal count.
        digest = hashlib.sha256(self.prompt.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        context = replace(verdict, uuid=f"prompt-sha256:{digest}") if verdict else NO_PROMPT
        if not path:
            return Turn(context=context, final_text=None, tool_calls=(), end_offset=0, bytes_read=0)
        try:
            decoder = SessionDecoder(self.prompt, self.retry, walk, context)
            found = read_session(path, walk, decoder, scan_from=scan_from)
        except TranscriptError as exc:
            # The prompt and the reply are in the payload: judge them, without the file's tool evidence.
            note = f"transcript unreadable, judged from the payload alone: {exc}"
            return Turn(context=context, final_text=None, tool_calls=(), end_offset=0, bytes_read=0, warnings=(note,))
        if found.context.offset is None:
            # The prompt is not in the file: no call in it can be shown to belong to this turn.
            return replace(found, context=context, final_text=None, tool_calls=())
        timed = replace(context, timestamp=found.context.timestamp, offset=found.context.offset)
        return replace(found, context=timed)


class SessionDecoder:
    """One session record as walk entries: this turn's prompt, the model's text, its tool calls.

    A user message is this turn's prompt when its text is the payload's prompt; on a first stop the
    newest user message is (Gemini may record the prompt expanded), on a retry it is not (it is the deny
    reason Gemini sent back).
    """

    __slots__ = ("context", "prompt", "retry", "shell_tools", "walk")
    name = "gemini"
    marker = RECORD_MARKER
    subagent = False

    def __init__(self, prompt: str, retry: bool, walk: WalkConfig, context: PromptContext) -> None:
        self.prompt = prompt.strip()
        self.retry = retry
        self.walk = walk
        self.shell_tools = harness_facts(HARNESS).shell_tools
        self.context = context  # the payload prompt's verdict: the session file only places it

    def decode(self, record: Mapping[str, Any]) -> tuple[Entry, ...]:
        from hook.transcript.reader import PROMPT, TEXT, Entry
        from hook.transcript.records import parse_timestamp

        kind = record.get("type")
        stamp = parse_timestamp(record.get("timestamp"))
        if kind == "user":
            if _tool_results_only(record.get("content")):
                return ()  # 0.61.0 writes each tool result again as a user record: a result, never a prompt
            texts = {_parts_text(record.get("content")).strip(), _parts_text(record.get("displayContent")).strip()}
            if self.retry and self.prompt not in texts:
                return ()
            return (Entry(PROMPT, prompt=replace(self.context, timestamp=stamp)),)
        if kind != "gemini":
            return ()  # info, error, warning messages; metadata, $set and $rewindTo lines
        text = _parts_text(record.get("content"))
        entries = [Entry(TEXT, texts=(text,), timestamp=stamp)] if text.strip() else []
        calls = record.get("toolCalls")
        for call in calls if isinstance(calls, list) else ():
            if isinstance(call, Mapping):
                entries.extend(_call_entries(call, stamp))
        return tuple(entries)


def _call_entries(call: Mapping[str, Any], stamp: Any) -> list[Entry]:
    """A tool call and, once it has one, its result (Gemini keeps both on the model's message)."""
    from hook.transcript.reader import CALL, RESULT, Entry
    from hook.transcript.records import mapping, string

    call_id = string(call.get("id")) or ""
    entries = [Entry(CALL, call_id=call_id, name=string(call.get("name")) or "", input=mapping(call.get("args")),
                     timestamp=stamp)]
    result = call.get("result")
    if result is not None:
        entries.append(Entry(RESULT, text=_result_text(result), call_id=call_id,
                             is_error=call.get("status") != SUCCESS))
    return entries


def read_session(path: str, walk: WalkConfig, decoder: SessionDecoder, *, scan_from: int | None = None) -> Turn:
    """The turn at the end of a Gemini session file, JSONL or (older versions) one JSON object."""
    import io

    from hook.transcript.reader import TranscriptError, read_stream, read_turn

    legacy = _legacy_messages(path)
    if legacy is None:
        return read_turn(path, decoder, scan_from=scan_from)
    # The old format rewrites one object: lay its messages out as JSONL and walk that the same way.
    try:
        data = b"".join(json.dumps(m).encode("utf-8") + b"\n" for m in legacy)
    except RecursionError:  # decoded near the limit, re-encoded past it
        raise TranscriptError(f"transcript {path} is nested too deeply to read") from None
    return read_stream(io.BytesIO(data), len(data), decoder, scan_from=scan_from)


def _legacy_messages(path: str) -> list[Any] | None:
    """The `messages` of an older session file (one JSON object), or None for a JSONL session file.

    A JSONL file's first line is a whole object without `messages` (the metadata line); an older
    file is one object, indented over many lines, whose `messages` hold the conversation.
    """
    from hook.transcript.reader import TranscriptError

    try:
        with open(path, "rb") as fh:
            first = fh.readline(LEGACY_PROBE)
            try:
                head = json.loads(first.decode("utf-8-sig"))
            except (UnicodeDecodeError, ValueError, RecursionError):
                head = None
            if isinstance(head, dict):
                messages = head.get("messages")
                return messages if isinstance(messages, list) else None
            if not first.lstrip().startswith(b"{"):
                return None
            whole = first + fh.read()
    except OSError as exc:
        raise TranscriptError(f"cannot read transcript {path}: {exc.strerror or exc}") from exc
    try:
        data = json.loads(whole.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError):
        return None  # a torn first line of a JSONL file: the JSONL walk skips it
    except RecursionError:  # a tool argument the agent nested past the decoder: the file cannot be read
        raise TranscriptError(f"transcript {path} is nested too deeply to read") from None
    messages = data.get("messages") if isinstance(data, dict) else None
    return messages if isinstance(messages, list) else None


def _tool_results_only(content: object) -> bool:
    """A user record's content made only of functionResponse parts (a tool's result written again)."""
    if not isinstance(content, list) or not content:
        return False
    return all(isinstance(p, Mapping) and "functionResponse" in p for p in content)


def _parts_text(content: object) -> str:
    """The text of a Gemini content value: a string, or a list of parts with `text`."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            p if isinstance(p, str) else p.get("text", "") for p in content
            if isinstance(p, str) or (isinstance(p, Mapping) and isinstance(p.get("text"), str))
        )
    if isinstance(content, Mapping) and isinstance(content.get("text"), str):
        return content["text"]
    return ""


def _result_text(result: object) -> str:
    """A tool result: functionResponse parts carry {"response": {"output": ...}}; text parts carry text."""
    parts = result if isinstance(result, list) else [result]
    texts = []
    for part in parts:
        if isinstance(part, str):
            texts.append(part)
        elif isinstance(part, Mapping):
            response = part.get("functionResponse")
            body = response.get("response") if isinstance(response, Mapping) else None
            output = body.get("output", body.get("error")) if isinstance(body, Mapping) else None
            if isinstance(output, str):
                texts.append(output)
            elif isinstance(part.get("text"), str):
                texts.append(part["text"])
    return "\n".join(texts)


HARNESS = Gemini()
