"""A recorded Claude Code session read forward, as `lanegate replay` reads it (docs/DESIGN.md#golden): where each
turn ended, whether a refusal came before it, and the background work in flight then.

A turn-end is the last main-line assistant record, carrying text and no tool call, before the next
prompting record, Stop hook feedback, stop_hook_summary record or the end of the file; a turn that was
interrupted by the user is no turn-end (Claude Code runs no Stop hook then).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from hook.harness import Sniffed, TurnEnd
from hook.harness.claude.background import BackgroundTracker
from hook.harness.claude.prompts import classify_record, is_task_notification
from hook.transcript.records import block_texts, blocks, flag, parse_timestamp, string
from hook.transcript.walk import WalkConfig

FEEDBACK_PREFIXES = ("Stop hook feedback:", "SubagentStop hook feedback:")
INTERRUPT_PREFIX = "[Request interrupted by user"
STOP_SUMMARY = "stop_hook_summary"
# Record kinds of a Claude Code transcript (docs/DESIGN.md#transcript).
CLAUDE_KINDS = frozenset({
    "user", "assistant", "system", "summary", "attachment", "queue-operation", "file-history-snapshot",
    "ai-title", "progress", "permission-mode", "last-prompt", "custom-title",
})
# Keys a Claude Code record carries besides its type (Gemini CLI's messages also say "type": "user").
CLAUDE_KEYS = frozenset({"uuid", "sessionId", "message", "leafUuid", "messageId"})


class ClaudeScanner:
    """Reads the records forward and says, before each line is copied, whether a turn ended just before it."""

    def __init__(self, walk: WalkConfig) -> None:
        self.walk = walk
        self.pending = False  # a final text awaits its stop
        self.pending_time: datetime | None = None
        self.refused_since_prompt = False
        self.subagent_file: bool | None = None
        self.seen: set[str] = set()
        self.background = BackgroundTracker()
        self.in_flight: tuple[tuple[str, str], ...] = ()
        self.scheduled: tuple[Mapping[str, Any], ...] = ()

    def boundary(self, record: Mapping[str, Any] | None, offset: int) -> TurnEnd | None:
        """Feed one line's record; a TurnEnd when the line closes a turn whose final text came before it."""
        if record is None:
            return None
        uuid = string(record.get("uuid"))
        if uuid is not None:
            if uuid in self.seen:
                return None
            self.seen.add(uuid)
        record = self._main_line(record)
        kind = record.get("type")
        if not flag(record, "isSidechain"):
            # What was in flight when the turn ended is what the Stop payload would have listed.
            if self.pending:
                self.in_flight, self.scheduled = self.background.in_flight, self.background.scheduled
            self.background.feed(record)
        prompt = classify_record(record, self.walk) is not None
        # A notification is no prompt (the walk skips it), but the harness stopped the agent before it and
        # starts a new turn with stop_hook_active false (docs/DESIGN.md#operator-or-autonomous, revision 3).
        notification = not prompt and is_task_notification(record, self.walk)
        feedback = kind == "user" and _starts(record, FEEDBACK_PREFIXES)
        if prompt or notification or feedback or (kind == "system" and record.get("subtype") == STOP_SUMMARY):
            end = self._close(offset)
            if prompt or notification:
                self.refused_since_prompt = False
            if feedback:
                self.refused_since_prompt = True
            return end
        if kind == "user" and _starts(record, (INTERRUPT_PREFIX,)):
            self.pending = False
        elif kind == "assistant" and not flag(record, "isSidechain"):
            types = {b.get("type") for b in blocks(record)}
            if "tool_use" in types:
                self.pending = False
            elif any(t.strip() for t in block_texts(record)):
                self.pending, self.pending_time = True, parse_timestamp(record.get("timestamp"))
                self.in_flight, self.scheduled = self.background.in_flight, self.background.scheduled
        return None

    def finish(self, offset: int) -> TurnEnd | None:
        return self._close(offset)

    def _close(self, offset: int) -> TurnEnd | None:
        if not self.pending:
            return None
        self.pending = False
        return TurnEnd(offset, self.pending_time, self.refused_since_prompt, background=self.in_flight,
                       scheduled=self.scheduled)

    def _main_line(self, record: Mapping[str, Any]) -> Mapping[str, Any]:
        """A subagent's own file marks every record isSidechain (with agentId): there it is the main line."""
        if self.subagent_file is None and record.get("type") in ("user", "assistant"):
            self.subagent_file = record.get("isSidechain") is True and isinstance(record.get("agentId"), str)
        if self.subagent_file and record.get("isSidechain") is True:
            return {**record, "isSidechain": False}
        return record


def _starts(record: Mapping[str, Any], prefixes: Sequence[str]) -> bool:
    return any(t.lstrip().startswith(prefixes) for t in block_texts(record))


class ClaudeSessions:
    """Claude Code transcripts as `lanegate replay` recognises and reads them."""

    title = "Claude Code"
    description = "a Claude Code transcript"
    readable = True

    def sniff(self, record: Mapping[str, Any], found: Sniffed) -> Sniffed | None:
        kind = record.get("type")
        if not (isinstance(kind, str) and kind in CLAUDE_KINDS and not CLAUDE_KEYS.isdisjoint(record)):
            return None
        return Sniffed(
            found.session or string(record.get("sessionId")),
            found.cwd or string(record.get("cwd")),
            found.version or string(record.get("version")),
        )

    def scanner(self, walk: WalkConfig) -> ClaudeScanner:
        return ClaudeScanner(walk)

    def stop_payload(
        self, end: TurnEnd, session: str, cwd: str | None, path: str, number: int
    ) -> tuple[dict[str, Any], tuple[str, ...]]:
        """Claude Code's Stop payload; a recorded session has none, so background_tasks is inferred."""
        payload: dict[str, Any] = {
            "session_id": session, "transcript_path": path, "cwd": cwd, "permission_mode": "default",
            "hook_event_name": "Stop", "stop_hook_active": end.stop_hook_active,
        }
        # Always listed, empty when nothing is in flight: the records of the whole session decided it, so the
        # hook must not infer again from the turn's own calls (docs/DESIGN.md#claims), which see less.
        payload["background_tasks"] = [{"id": task, "status": "running"} for task, _ in end.background]
        payload["session_crons"] = [{k: entry.get(k) for k in ("id", "schedule", "recurring", "prompt")}
                                    for entry in end.scheduled]
        inferred = []
        if end.background:
            names = ", ".join(task for task, _ in end.background)
            inferred.append(f"background in flight (inferred from the transcript): {names}")
        if end.scheduled:
            prompts = ", ".join(repr(entry.get("prompt")) for entry in end.scheduled)
            inferred.append(f"scheduled prompts pending (inferred from the transcript): {prompts}")
        return payload, tuple(inferred)
