"""Write Claude Code transcript records from plain step data, for the golden corpus and sample sessions.

The golden runner (hook.commands.golden) must not import from tests/, so the record shapes it needs live here:
one `SessionWriter` that stamps the common envelope on every record (uuid chained through parentUuid,
sessionId, timestamp advancing one second per record), `STEPS`, a table from a step's kind (the key of a
`[[record]]` entry in a golden case) to the writer call it makes, and `ClaudeCase`, a golden case's
session as Claude Code writes it and the Stop payload it sends (Harness.case_writer). Assistant responses
are split one content block per line sharing a message.id, as the harness writes them.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any, Self

from hook.harness import ProbeStop, harness_facts, steps
from hook.harness.steps import DEFAULT_START, StepError, iso, moment

HUMAN: Mapping[str, str] = {"kind": "human"}
MODEL = "claude-opus-4-5"
FEEDBACK_PREFIX = "Stop hook feedback:\n"
COMPACT_PREFIX = "This session is being continued from a previous conversation that ran out of context. "


class SessionWriter:
    """One session's records, in order; every method appends and returns the writer.

    The one writer of Claude Code records: the golden runner (hook.commands.golden), `lanegate replay`'s
    tests and tests/transcript_builder.py (which adds test-only shortcuts and streamed filler) all write
    through it, so a record shape changes in one place.
    """

    def __init__(
        self,
        session_id: str = "90a1de00-0000-4000-8000-000000000000",
        *,
        start: datetime | str = DEFAULT_START,
        step: timedelta = timedelta(seconds=1),
        cwd: str = "/work/repo",
        version: str = "2.1.30",
        agent_id: str | None = None,
    ) -> None:
        self.session_id = session_id
        self.clock = moment(start)
        self.step = step
        self.cwd = cwd
        self.version = version
        self.agent_id = agent_id  # a subagent's own file: every record on the sidechain, with agentId
        self.records: list[Any] = []  # records and raw lines (a subclass may add its own items)
        self._count = 0
        self._parent: str | None = None
        self.last_tool_id: str | None = None
        self.last_message_id: str | None = None

    def _id(self, prefix: str = "") -> str:
        self._count += 1
        return f"{prefix}{self._count:08x}-0000-4000-8000-{self._count:012x}"

    @property
    def last_time(self) -> datetime:
        """The timestamp of the newest record (the clock has already moved one step past it)."""
        return self.clock - self.step

    @property
    def now(self) -> datetime:
        """The timestamp the next record will carry."""
        return self.clock

    @property
    def last_uuid(self) -> str | None:
        return self._parent

    def at(self, when: datetime | str) -> Self:
        """Set the clock: the next record carries this timestamp."""
        self.clock = moment(when)
        return self

    def advance(self, delta: timedelta) -> Self:
        self.clock += delta
        return self

    # -- records ----------------------------------------------------------------------------------

    def record(self, fields: Mapping[str, Any], *, sidechain: bool = False) -> Self:
        """One record with the common envelope (uuid chained through parentUuid, sessionId, timestamp)."""
        uuid = self._id()
        record: dict[str, Any] = {
            "parentUuid": self._parent,
            "isSidechain": sidechain or self.agent_id is not None,
            "userType": "external",
            "cwd": self.cwd,
            "sessionId": self.session_id,
            "version": self.version,
            "gitBranch": "main",
            "uuid": uuid,
            "timestamp": iso(self.clock),
        }
        if self.agent_id is not None:
            record["agentId"] = self.agent_id
        record.update(fields)
        self.records.append(record)
        self._parent = uuid
        self.clock += self.step
        return self

    def raw(self, line: str | Mapping[str, Any]) -> Self:
        """A line written as given: a JSON object without the envelope, or any string (a malformed line)."""
        self.records.append(line if isinstance(line, str) else dict(line))
        return self

    def user(
        self,
        content: str | list[Mapping[str, Any]],
        *,
        origin: Mapping[str, Any] | None = HUMAN,
        meta: bool = False,
        sidechain: bool = False,
        **extra: Any,
    ) -> Self:
        """A user record (typed by a human unless `origin` says otherwise; None writes no origin)."""
        fields: dict[str, Any] = {"type": "user", "message": {"role": "user", "content": content}}
        if meta:
            fields["isMeta"] = True
        if origin is not None:
            fields["origin"] = dict(origin)
        fields.update(extra)
        return self.record(fields, sidechain=sidechain)

    def assistant(
        self, blocks: Iterable[Mapping[str, Any]], *, message_id: str | None = None, sidechain: bool = False
    ) -> Self:
        """One API response: each content block on its own line, all sharing one message.id."""
        msg_id = message_id or "msg_" + self._id().replace("-", "")[:24]
        self.last_message_id = msg_id
        for block in blocks:
            message = {
                "id": msg_id,
                "type": "message",
                "role": "assistant",
                "model": MODEL,
                "content": [dict(block)],
                "stop_reason": None,
                "stop_sequence": None,
                "usage": {"input_tokens": 4, "output_tokens": 12},
            }
            fields = {"type": "assistant", "requestId": "req_" + msg_id[4:], "message": message}
            self.record(fields, sidechain=sidechain)
        return self

    def assistant_text(self, *texts: str, message_id: str | None = None, sidechain: bool = False) -> Self:
        """One response made of text blocks (several texts: one message over several lines)."""
        return self.assistant([{"type": "text", "text": t} for t in texts], message_id=message_id, sidechain=sidechain)

    def thinking(self, text: str = "Let me think.", *, message_id: str | None = None) -> Self:
        return self.assistant([{"type": "thinking", "thinking": text, "signature": "sig"}], message_id=message_id)

    def tool_use(
        self,
        name: str,
        tool_input: Mapping[str, Any],
        *,
        tool_id: str | None = None,
        text: str | None = None,
        message_id: str | None = None,
    ) -> Self:
        """A response calling one tool (after a text block when `text`), no result yet."""
        use_id = tool_id or "toolu_" + self._id().replace("-", "")[:24]
        self.last_tool_id = use_id
        blocks: list[Mapping[str, Any]] = [] if text is None else [{"type": "text", "text": text}]
        blocks.append({"type": "tool_use", "id": use_id, "name": name, "input": dict(tool_input)})
        return self.assistant(blocks, message_id=message_id)

    def tool_result(
        self,
        result: str | list[Mapping[str, Any]],
        *,
        tool_id: str | None = None,
        is_error: bool = False,
        sidechain: bool = False,
        structured: Mapping[str, Any] | None = None,
    ) -> Self:
        """The user record carrying a tool's result back (to the last tool_use unless `tool_id`); `structured`
        is the client's own toolUseResult (a shell's stdout and stderr when not given)."""
        block: dict[str, Any] = {"tool_use_id": tool_id or self.last_tool_id, "type": "tool_result", "content": result}
        if is_error:
            block["is_error"] = True
        if structured is None:
            structured = {"stdout": result if isinstance(result, str) else "", "stderr": ""}
        return self.record(
            {"type": "user", "message": {"role": "user", "content": [block]}, "toolUseResult": dict(structured)},
            sidechain=sidechain,
        )

    def tool(
        self,
        name: str,
        tool_input: Mapping[str, Any],
        result: str | list[Mapping[str, Any]] = "",
        *,
        is_error: bool = False,
        tool_id: str | None = None,
        text: str | None = None,
        structured: Mapping[str, Any] | None = None,
    ) -> Self:
        """A tool call and its result: the common pair."""
        self.tool_use(name, tool_input, tool_id=tool_id, text=text)
        return self.tool_result(result, is_error=is_error, structured=structured)

    def stop_hook_feedback(self, reason: str) -> Self:
        """What a refusing Stop hook leaves in the transcript: a meta user record."""
        return self.user(FEEDBACK_PREFIX + reason, origin=None, meta=True)

    def compact(self, summary: str = "Summary of the conversation so far.") -> Self:
        """A compaction: the boundary system record and the summary user record."""
        self.system("compact_boundary", "Conversation compacted")
        return self.user(COMPACT_PREFIX + summary, origin=None, isCompactSummary=True, isVisibleInTranscriptOnly=True)

    def queued(
        self,
        text: str,
        *,
        command_mode: str = "prompt",
        source_uuid: str | bool | None = True,
        origin: Mapping[str, Any] | None = HUMAN,
    ) -> Self:
        """Text typed while the agent worked (a queued_command attachment).

        source_uuid True: a fresh one; a string: that one; False or None: none.
        """
        attachment: dict[str, Any] = {"type": "queued_command", "prompt": text, "commandMode": command_mode}
        if source_uuid is True:
            attachment["source_uuid"] = self._id("q")
        elif isinstance(source_uuid, str):
            attachment["source_uuid"] = source_uuid
        if origin is not None:
            attachment["origin"] = dict(origin)
        return self.attachment(attachment)

    def attachment(self, attachment: Mapping[str, Any]) -> Self:
        return self.record({"type": "attachment", "attachment": dict(attachment)})

    def system(self, subtype: str = "stop_hook_summary", content: str = "", **extra: Any) -> Self:
        return self.record({"type": "system", "subtype": subtype, "content": content, "level": "info", **extra})

    def summary(self, text: str = "Parser fixes") -> Self:
        """A title/summary line (no envelope, as the harness writes it)."""
        return self.raw({"type": "summary", "summary": text, "leafUuid": self._parent})

    # -- output -----------------------------------------------------------------------------------

    def lines(self) -> list[str]:
        return [r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in self.records]

    def to_bytes(self) -> bytes:
        return "".join(line + "\n" for line in self.lines()).encode("utf-8")


# ---- steps: one `[[record]]` entry of a golden case -> one writer call --------------------------------


def _origin(step: Mapping[str, Any], default: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """`origin = "none"` writes no origin (older harness versions); a table is written as given."""
    value = step.get("origin", default)
    if value == "none":
        return None
    if value is not None and not isinstance(value, Mapping):
        raise StepError(f"origin must be a table or \"none\", not {value!r}")
    return value


def _user(w: SessionWriter, step: Mapping[str, Any]) -> None:
    content: str | list[Mapping[str, Any]] = steps.text(step, "user")
    if step.get("image"):
        content = [{"type": "text", "text": content}, {"type": "image", "source": {"type": "base64", "data": ""}}]
    w.user(content, origin=_origin(step, HUMAN), meta=bool(step.get("meta")), sidechain=bool(step.get("sidechain")))


def _wake(w: SessionWriter, step: Mapping[str, Any]) -> None:
    w.user("[WAKE] " + steps.text(step, "wake"), origin=_origin(step, None))


def _task_notification(w: SessionWriter, step: Mapping[str, Any]) -> None:
    task = steps.text(step, "task_notification")
    body = f"<task-notification>\n<task-id>{task}</task-id>\n<status>completed</status>\n</task-notification>"
    w.user(body, origin={"kind": "task-notification"})


def _queued(w: SessionWriter, step: Mapping[str, Any]) -> None:
    source = step.get("source_uuid", True)
    if not isinstance(source, str | bool):
        raise StepError("source_uuid must be a string or a boolean")
    w.queued(
        steps.text(step, "queued"),
        command_mode=str(step.get("command_mode", "prompt")),
        source_uuid=source,
        origin=_origin(step, HUMAN),
    )


def _assistant(w: SessionWriter, step: Mapping[str, Any]) -> None:
    w.assistant_text(steps.text(step, "assistant"), sidechain=bool(step.get("sidechain")))


def _bash(w: SessionWriter, step: Mapping[str, Any]) -> None:
    command = {"command": steps.text(step, "bash"), "description": "run"}
    w.tool("Bash", command, str(step.get("result", "")), is_error=bool(step.get("is_error")))


def _tool(w: SessionWriter, step: Mapping[str, Any]) -> None:
    tool_input = step.get("input", {})
    if not isinstance(tool_input, Mapping):
        raise StepError("input must be a table")
    structured = steps.table(step, "structured") if "structured" in step else None  # the client's toolUseResult
    w.tool(steps.text(step, "tool"), tool_input, str(step.get("result", "")), is_error=bool(step.get("is_error")),
           structured=structured)


def _interrupt(w: SessionWriter, step: Mapping[str, Any]) -> None:
    w.user([{"type": "text", "text": "[Request interrupted by user]"}])


def _slash(w: SessionWriter, step: Mapping[str, Any]) -> None:
    """A slash command the person typed: with `args`, as Claude Code 2.1.328 writes a prompt command
    (message, name, args, then the isMeta expansion); without, a local command and its stdout."""
    name = steps.text(step, "slash")
    if "args" not in step:
        w.user(f"<command-name>{name}</command-name>\n<command-message>{name.lstrip('/')}</command-message>")
        w.user(f"<local-command-stdout>{step.get('result', '')}</local-command-stdout>")
        return
    args = steps.text(step, "args")
    w.user(f"<command-message>{name.lstrip('/')}</command-message>\n<command-name>{name}</command-name>\n"
           f"<command-args>{args}</command-args>", origin=None)
    w.user([{"type": "text", "text": str(step.get("expansion", f"Run {name} with: {args}"))}], origin=None, meta=True)


def _done(_: SessionWriter) -> None:
    """Steps return nothing: the writer has already appended the records."""


STEPS: Mapping[str, Callable[[SessionWriter, Mapping[str, Any]], None]] = {
    "user": _user,
    "wake": _wake,
    "feedback": lambda w, s: _done(w.stop_hook_feedback(steps.text(s, "feedback"))),
    "task_notification": _task_notification,
    "queued": _queued,
    "compact": lambda w, s: _done(w.compact(steps.text(s, "compact"))),
    "assistant": _assistant,
    "bash": _bash,
    "tool": _tool,
    "interrupt": _interrupt,
    "slash": _slash,
    "skill": lambda w, s: _done(w.user(steps.text(s, "skill"), origin=None, meta=True)),
    "system": lambda w, s: _done(w.system(steps.text(s, "system"), str(s.get("content", "")))),
    "raw": lambda w, s: _done(w.raw(steps.text(s, "raw"))),
    "at": lambda w, s: _done(w.at(steps.text(s, "at"))),
}


def apply_step(writer: SessionWriter, step: Mapping[str, Any]) -> None:
    """Append the records of one step; StepError when it names no kind or several."""
    steps.apply(STEPS, writer, step)


def lane_state(lane: str, gates: Iterable[Mapping[str, Any]] = (), **extra: Any) -> str:
    """A lane-state fenced block as an agent writes it at the end of its turn."""
    data: dict[str, Any] = {"laneContinuation": lane, "namedGates": [dict(g) for g in gates], **extra}
    return "```lane-state\n" + json.dumps(data) + "\n```"


# ---- a golden case's session and Stop payload (Harness.case_writer) ------------------------------------


class ClaudeCase:
    """A golden case as Claude Code writes its transcript and sends its Stop (or SubagentStop) payload.

    Case keys of its own: `message = false` (no last_assistant_message: the hook reads the transcript),
    `background_tasks` (the payload's list), `subagent` (a SubagentStop of this agent: `agent_id`,
    `agent_type`, and `transcript = false` for a path never written, what Claude Code sends for /compact).
    """

    keys = frozenset({"message", "background_tasks", "subagent"})
    filename = "transcript.jsonl"

    def __init__(self, session: str, start: str, cwd: str) -> None:
        self.writer = SessionWriter(session, start=start, cwd=cwd)
        self.final_text = ""

    @property
    def last_time(self) -> datetime:
        return self.writer.last_time

    def step(self, step: Mapping[str, Any]) -> None:
        apply_step(self.writer, step)

    def final(self, text: str) -> None:
        self.final_text = text
        self.writer.assistant_text(text)

    def refused(self, reason: str) -> None:
        self.writer.stop_hook_feedback(reason)

    def to_bytes(self) -> bytes:
        return self.writer.to_bytes()

    def stop(self, case: Mapping[str, Any], transcript: str, project: str, again: bool) -> ProbeStop:
        payload: dict[str, Any] = {
            "session_id": self.writer.session_id,
            "transcript_path": transcript,
            "cwd": project,
            "permission_mode": "default",
            "hook_event_name": "Stop",
            "stop_hook_active": again or case.get("stop_hook_active", False),
        }
        if case.get("message", True):
            payload["last_assistant_message"] = self.final_text
        if "background_tasks" in case:
            payload["background_tasks"] = case["background_tasks"]
        if "subagent" in case:
            payload.update(_subagent_fields(case["subagent"], transcript))
        from hook.harness.claude import HARNESS

        return ProbeStop(payload, {harness_facts(HARNESS).project_dir_env or "": project})


def _subagent_fields(table: object, transcript: str) -> dict[str, Any]:
    """A SubagentStop's own fields: the case's records are the subagent's transcript, or, with
    `transcript = false`, a path never written (what Claude Code sends for /compact)."""
    if not isinstance(table, Mapping) or not isinstance(table.get("agent_id"), str):
        raise StepError("subagent must be a table with agent_id (and agent_type, transcript)")
    written = table.get("transcript", True)
    if not isinstance(written, bool):
        raise StepError("subagent.transcript must be true or false")
    return {
        "hook_event_name": "SubagentStop",
        "agent_id": table["agent_id"],
        "agent_type": str(table.get("agent_type", "general-purpose")),
        "agent_transcript_path": transcript if written else os.path.join(os.path.dirname(transcript),
                                                                         "never-written.jsonl"),
    }
