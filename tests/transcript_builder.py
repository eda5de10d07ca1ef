"""Build realistic Claude Code JSONL transcripts for tests, one chained call per record shape.

    path = (TranscriptBuilder()
            .user("please fix the parser")
            .tool("Bash", {"command": "gh pr view 12"}, result="state: OPEN")
            .assistant_text("Fixed.", "```lane-state\\n{...}\\n```")
            .write(tmp_path / "t.jsonl"))

Every record gets a uuid chained through parentUuid, a sessionId and a timestamp that advances one
second per record (set it with .at(...)). Assistant messages are split one content block per JSONL
line sharing one message.id, as the harness writes them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from hook.harness.claude import ClaudeDecoder
from hook.transcript.reader import Turn, read_turn
from hook.transcript.walk import WalkConfig, default_walk_config

HUMAN = {"kind": "human"}
_AUTO = object()


class _Filler:
    """A run of assistant records streamed at write time, so a 50 MB file never sits in memory."""

    def __init__(self, nbytes: int, line_size: int) -> None:
        self.nbytes = nbytes
        self.line_size = line_size


class TranscriptBuilder:
    """A Claude Code transcript under construction; every method returns the builder."""

    def __init__(
        self,
        *,
        session_id: str = "5e55a000-0000-4000-8000-000000000001",
        start: datetime | str = "2026-12-02T10:00:00Z",
        step: timedelta = timedelta(seconds=1),
        cwd: str = "/work/repo",
        version: str = "2.1.30",
        agent_id: str | None = None,
    ) -> None:
        """agent_id: build a subagent's own transcript (every record isSidechain, with agentId)."""
        self.session_id = session_id
        self.agent_id = agent_id
        self.clock = _moment(start)
        self.step = step
        self.cwd = cwd
        self.version = version
        self.records: list[dict[str, Any] | str | _Filler] = []
        self._counter = 0
        self._last_uuid: str | None = None
        self.last_tool_id: str | None = None
        self.last_message_id: str | None = None

    # -- time and ids -----------------------------------------------------------------------------

    def at(self, moment: datetime | str) -> TranscriptBuilder:
        """Set the clock: the next record carries this timestamp."""
        self.clock = _moment(moment)
        return self

    def advance(self, delta: timedelta) -> TranscriptBuilder:
        self.clock += delta
        return self

    @property
    def now(self) -> datetime:
        """The timestamp the next record will carry."""
        return self.clock

    @property
    def last_uuid(self) -> str | None:
        return self._last_uuid

    def _next_id(self, prefix: str = "") -> str:
        self._counter += 1
        n = self._counter
        return f"{prefix}{n:08x}-0000-4000-8000-{n:012x}"

    # -- low level --------------------------------------------------------------------------------

    def record(self, fields: Mapping[str, Any], *, sidechain: bool = False) -> TranscriptBuilder:
        """Append one record with the common envelope (uuid, parentUuid, timestamp, sessionId ...)."""
        uuid = self._next_id()
        record: dict[str, Any] = {
            "parentUuid": self._last_uuid,
            "isSidechain": sidechain,
            "userType": "external",
            "cwd": self.cwd,
            "sessionId": self.session_id,
            "version": self.version,
            "gitBranch": "main",
            "uuid": uuid,
            "timestamp": _iso(self.clock),
        }
        if self.agent_id is not None:
            record["isSidechain"] = True
            record["agentId"] = self.agent_id
        record.update(fields)
        self.records.append(record)
        self._last_uuid = uuid
        self.clock += self.step
        return self

    def raw(self, line: str | Mapping[str, Any]) -> TranscriptBuilder:
        """Append a line as given: a JSON object, or any string (malformed lines included)."""
        self.records.append(line if isinstance(line, str) else dict(line))
        return self

    def filler(self, nbytes: int, *, line_size: int = 4096) -> TranscriptBuilder:
        """About nbytes of assistant text records (streamed when written)."""
        self.records.append(_Filler(nbytes, line_size))
        return self

    # -- user side --------------------------------------------------------------------------------

    def user(
        self,
        text: str | list[Mapping[str, Any]],
        *,
        origin: Mapping[str, Any] | object | None = _AUTO,
        meta: bool = False,
        sidechain: bool = False,
        **extra: Any,
    ) -> TranscriptBuilder:
        """A user record typed at the agent (origin {"kind": "human"} unless told otherwise)."""
        fields: dict[str, Any] = {"type": "user", "message": {"role": "user", "content": text}}
        if meta:
            fields["isMeta"] = True
        if origin is _AUTO:
            fields["origin"] = dict(HUMAN)
        elif origin is not None:
            fields["origin"] = origin
        fields.update(extra)
        return self.record(fields, sidechain=sidechain)

    def legacy_user(self, text: str) -> TranscriptBuilder:
        """A user prompt as older harness versions wrote it: no origin field."""
        return self.user(text, origin=None)

    def wake(self, text: str = "peer ping: lane check") -> TranscriptBuilder:
        return self.user(f"[WAKE] {text}", origin=None)

    def task_notification(self, task_id: str = "task-1", status: str = "completed") -> TranscriptBuilder:
        body = (
            f"<task-notification>\n<task-id>{task_id}</task-id>\n<status>{status}</status>\n"
            "<summary>Background task finished</summary>\n</task-notification>"
        )
        return self.user(body, origin={"kind": "task-notification"})

    def stop_hook_feedback(self, reason: str) -> TranscriptBuilder:
        """The directive a blocking Stop hook sends back, recorded as a meta user record."""
        return self.user(f"Stop hook feedback:\n{reason}", meta=True, origin=None)

    def skill_body(self, text: str = "Base directory for this skill: /skills/x") -> TranscriptBuilder:
        return self.user([{"type": "text", "text": text}], meta=True, origin=None)

    def interrupt(self, for_tool_use: bool = False) -> TranscriptBuilder:
        marker = "[Request interrupted by user for tool use]" if for_tool_use else "[Request interrupted by user]"
        return self.user([{"type": "text", "text": marker}])

    def slash_command(self, name: str = "/clear", args: str = "", stdout: str | None = "") -> TranscriptBuilder:
        """A slash command as recorded: the caveat, the command, and its local stdout."""
        self.user(
            "<local-command-caveat>Caveat: The messages below were generated by the user while running "
            "local commands. DO NOT respond to these messages.</local-command-caveat>",
            meta=True,
        )
        bare = name.lstrip("/")
        self.user(
            f"<command-name>{name}</command-name>\n<command-message>{bare}</command-message>\n"
            f"<command-args>{args}</command-args>"
        )
        if stdout is not None:
            self.user(f"<local-command-stdout>{stdout}</local-command-stdout>")
        return self

    def bash_mode(self, command: str = "ls", stdout: str = "README.md") -> TranscriptBuilder:
        """A `!command` typed in the prompt box, and its output."""
        self.user(f"<bash-input>{command}</bash-input>")
        return self.user(f"<bash-stdout>{stdout}</bash-stdout><bash-stderr></bash-stderr>")

    def compact(self, summary: str = "Summary of the conversation so far.") -> TranscriptBuilder:
        """A compaction: the boundary system record and the summary user record."""
        self.system("compact_boundary", content="Conversation compacted")
        return self.user(
            "This session is being continued from a previous conversation that ran out of context. "
            + summary,
            isCompactSummary=True,
            isVisibleInTranscriptOnly=True,
            origin=None,
        )

    def queued(
        self,
        text: str,
        *,
        command_mode: str = "prompt",
        source_uuid: str | object | None = _AUTO,
        origin: Mapping[str, Any] | None = HUMAN,
    ) -> TranscriptBuilder:
        """Text typed while the agent worked, recorded as a queued_command attachment."""
        attachment: dict[str, Any] = {"type": "queued_command", "prompt": text, "commandMode": command_mode}
        if source_uuid is _AUTO:
            attachment["source_uuid"] = self._next_id("q")
        elif source_uuid is not None:
            attachment["source_uuid"] = source_uuid
        if origin is not None:
            attachment["origin"] = dict(origin)
        return self.record({"type": "attachment", "attachment": attachment})

    def attachment(self, attachment: Mapping[str, Any]) -> TranscriptBuilder:
        return self.record({"type": "attachment", "attachment": dict(attachment)})

    # -- assistant side ---------------------------------------------------------------------------

    def assistant(
        self, content: Iterable[Mapping[str, Any]], *, message_id: str | None = None, sidechain: bool = False
    ) -> TranscriptBuilder:
        """One API response: each content block on its own JSONL line, all sharing one message.id."""
        msg_id = message_id or f"msg_{self._next_id().replace('-', '')[:24]}"
        self.last_message_id = msg_id
        request = f"req_{msg_id[4:]}"
        for block in content:
            self.record(
                {
                    "type": "assistant",
                    "requestId": request,
                    "message": {
                        "id": msg_id,
                        "type": "message",
                        "role": "assistant",
                        "model": "claude-opus-4-5",
                        "content": [dict(block)],
                        "stop_reason": None,
                        "stop_sequence": None,
                        "usage": {"input_tokens": 4, "output_tokens": 12},
                    },
                },
                sidechain=sidechain,
            )
        return self

    def assistant_text(self, *texts: str, message_id: str | None = None, sidechain: bool = False) -> TranscriptBuilder:
        """One response made of text blocks (several texts = one message split over several lines)."""
        return self.assistant(
            [{"type": "text", "text": t} for t in texts], message_id=message_id, sidechain=sidechain
        )

    def thinking(self, text: str = "Let me think.", *, message_id: str | None = None) -> TranscriptBuilder:
        return self.assistant([{"type": "thinking", "thinking": text, "signature": "sig"}], message_id=message_id)

    def tool_use(
        self,
        name: str,
        input: Mapping[str, Any],
        *,
        tool_id: str | None = None,
        text: str | None = None,
        message_id: str | None = None,
    ) -> TranscriptBuilder:
        """An assistant response calling one tool (optionally after a text block), no result yet."""
        use_id = tool_id or f"toolu_{self._next_id().replace('-', '')[:24]}"
        self.last_tool_id = use_id
        blocks: list[Mapping[str, Any]] = []
        if text is not None:
            blocks.append({"type": "text", "text": text})
        blocks.append({"type": "tool_use", "id": use_id, "name": name, "input": dict(input)})
        return self.assistant(blocks, message_id=message_id)

    def tool_result(
        self,
        result: str | list[Mapping[str, Any]],
        *,
        tool_id: str | None = None,
        is_error: bool = False,
        sidechain: bool = False,
    ) -> TranscriptBuilder:
        """The user record carrying a tool's result back (defaults to the last tool_use)."""
        use_id = tool_id or self.last_tool_id
        block: dict[str, Any] = {"tool_use_id": use_id, "type": "tool_result", "content": result}
        if is_error:
            block["is_error"] = True
        return self.record(
            {
                "type": "user",
                "message": {"role": "user", "content": [block]},
                "toolUseResult": {"stdout": result if isinstance(result, str) else "", "stderr": ""},
            },
            sidechain=sidechain,
        )

    def tool(
        self,
        name: str,
        input: Mapping[str, Any],
        *,
        result: str | list[Mapping[str, Any]] = "",
        is_error: bool = False,
        tool_id: str | None = None,
        text: str | None = None,
    ) -> TranscriptBuilder:
        """A tool call and its result: the common pair."""
        self.tool_use(name, input, tool_id=tool_id, text=text)
        return self.tool_result(result, is_error=is_error)

    def bash(self, command: str, result: str = "", *, is_error: bool = False) -> TranscriptBuilder:
        return self.tool("Bash", {"command": command, "description": "run"}, result=result, is_error=is_error)

    def system(self, subtype: str = "stop_hook_summary", content: str = "", **extra: Any) -> TranscriptBuilder:
        fields: dict[str, Any] = {"type": "system", "subtype": subtype, "content": content, "level": "info"}
        fields.update(extra)
        return self.record(fields)

    def summary(self, text: str = "Parser fixes") -> TranscriptBuilder:
        """A title/summary line (no envelope, as the harness writes it)."""
        return self.raw({"type": "summary", "summary": text, "leafUuid": self._last_uuid})

    # -- output -----------------------------------------------------------------------------------

    def lines(self) -> list[str]:
        """The JSONL lines (without newlines); fillers are expanded."""
        out: list[str] = []
        for item in self.records:
            if isinstance(item, _Filler):
                out.extend(self._filler_lines(item))
            else:
                out.append(item if isinstance(item, str) else json.dumps(item, ensure_ascii=False))
        return out

    def to_bytes(self) -> bytes:
        return "".join(line + "\n" for line in self.lines()).encode("utf-8")

    def write(self, path: str | Path, *, tail: bytes | str = b"", newline: bool = True) -> Path:
        """Write the transcript; `tail` is appended raw after it (e.g. a half-written line)."""
        path = Path(path)
        with path.open("wb") as fh:
            pending = b""
            for item in self.records:
                lines = (
                    self._filler_lines(item)
                    if isinstance(item, _Filler)
                    else [item if isinstance(item, str) else json.dumps(item, ensure_ascii=False)]
                )
                for line in lines:
                    fh.write(pending)
                    pending = line.encode("utf-8") + b"\n"
            fh.write(pending if newline else pending.rstrip(b"\n"))
            fh.write(tail.encode("utf-8") if isinstance(tail, str) else tail)
        return path

    def _filler_lines(self, filler: _Filler) -> Iterable[str]:
        written = 0
        body = "filler " * max(1, filler.line_size // 7)
        template = {
            "parentUuid": None,
            "isSidechain": False,
            "type": "assistant",
            "sessionId": self.session_id,
            "message": {"id": "", "role": "assistant", "content": [{"type": "text", "text": body}]},
            "uuid": "",
            "timestamp": _iso(self.clock),
        }
        n = 0
        while written < filler.nbytes:
            n += 1
            template["uuid"] = f"f{n:07x}-0000-4000-8000-{n:012x}"
            template["message"]["id"] = f"msg_filler_{n}"
            line = json.dumps(template)
            written += len(line) + 1
            yield line


def lane_state_block(
    lane: str = "next-lane",
    gates: Iterable[Mapping[str, Any]] = (),
    *,
    fence: str = "```",
    **extra: Any,
) -> str:
    """A lane-state fenced block as an agent writes it at the end of a turn."""
    data: dict[str, Any] = {"laneContinuation": lane, "namedGates": [dict(g) for g in gates]}
    data.update(extra)
    return f"{fence}lane-state\n{json.dumps(data)}\n{fence}"


def _moment(value: datetime | str) -> datetime:
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def read_claude(path: str | Path, walk: WalkConfig | None = None, **kwargs: Any) -> Turn:
    """The turn at the end of a Claude Code transcript: the one reader with Claude Code's decoder."""
    return read_turn(path, ClaudeDecoder(walk if walk is not None else default_walk_config()), **kwargs)
