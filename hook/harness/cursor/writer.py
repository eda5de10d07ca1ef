"""Write a Cursor agent transcript from golden-case steps, and the `stop` payload Cursor sends.

The shapes are those of cursor.com/docs/hooks and the agent transcripts the adapter reads
(hook/harness/cursor/): one message a line, `{"role": "user" | "assistant", "message": {"content":
[blocks]}}`, the person's text wrapped in `<user_query>…</user_query>`, a tool call as a `tool_use` block
(`Shell` with `input.command`), no tool results and no timestamps. A follow-up (Cursor's way of refusing
a stop) is written as a plain user message, and the next stop's `loop_count` counts it.

Case keys of its own: `status` (the payload's: "completed", "aborted" or "error") and `transcript =
false` (the payload names no transcript: nothing to judge).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from hook.harness import ProbeStop, steps

MODEL = "claude-4.5-sonnet"
VERSION = "2.0.77"


class CursorCase:
    """A transcript under construction; a golden case's writer (Harness.case_writer)."""

    keys = frozenset({"status", "transcript"})
    filename = "transcript.jsonl"

    def __init__(self, session: str, start: str, cwd: str) -> None:
        self.session = session
        # Cursor's records carry no time; the clock only places the stop after the last record.
        self.clock = steps.Clock(start)
        self.lines: list[str] = []
        self.followups = 0
        self.calls = 0

    @property
    def last_time(self) -> datetime:
        return self.clock.last_time

    def record(self, role: str, *blocks: Mapping[str, Any]) -> None:
        self.clock.tick()
        self.lines.append(json.dumps({"role": role, "message": {"content": [dict(b) for b in blocks]}}))

    def query(self, text: str) -> None:
        self.record("user", {"type": "text", "text": f"<user_query>\n{text}\n</user_query>"})

    def call(self, name: str, tool_input: Mapping[str, Any]) -> None:
        self.calls += 1
        self.record("assistant", {"type": "tool_use", "id": f"toolu_{self.calls:04d}", "name": name,
                                  "input": dict(tool_input)})

    # -- the case writer ------------------------------------------------------------------------------

    def step(self, step: Mapping[str, Any]) -> None:
        steps.apply(STEPS, self, step)

    def final(self, text: str) -> None:
        self.record("assistant", {"type": "text", "text": text})

    def refused(self, reason: str) -> None:
        self.followups += 1
        self.record("user", {"type": "text", "text": reason})

    def to_bytes(self) -> bytes:
        return "".join(line + "\n" for line in self.lines).encode("utf-8")

    def stop(self, case: Mapping[str, Any], transcript: str, project: str, again: bool) -> ProbeStop:
        named, status = case.get("transcript", True), case.get("status", "completed")
        if not isinstance(named, bool) or not isinstance(status, str):
            raise steps.StepError("transcript must be true or false, status a string")
        payload: dict[str, Any] = {
            "conversation_id": self.session, "generation_id": f"{self.session}-{self.followups}", "model": MODEL,
            "hook_event_name": "stop", "cursor_version": VERSION, "status": status, "loop_count": self.followups,
            "workspace_roots": [project],
        }
        if named:
            payload["transcript_path"] = transcript
        return ProbeStop(payload)


STEPS: Mapping[str, Callable[[CursorCase, Mapping[str, Any]], None]] = {
    "user": lambda w, s: w.query(steps.text(s, "user")),
    "wake": lambda w, s: w.query("[WAKE] " + steps.text(s, "wake")),
    "followup": lambda w, s: w.refused(steps.text(s, "followup")),
    "assistant": lambda w, s: w.record("assistant", {"type": "text", "text": steps.text(s, "assistant")}),
    "bash": lambda w, s: w.call("Shell", {"command": steps.text(s, "bash")}),
    "tool": lambda w, s: w.call(steps.text(s, "tool"), steps.table(s, "input")),
    "raw": lambda w, s: w.lines.append(steps.text(s, "raw")),
    "at": lambda w, s: setattr(w.clock, "now", steps.moment(steps.text(s, "at"))),
}
