"""Write a Gemini CLI session file from golden-case steps, and the AfterAgent payload Gemini sends.

The shapes are those of Gemini CLI's chat recording (0.56 source, 0.61.0 real client: docs/HARNESSES.md):
JSONL, a metadata line (`sessionId`, `projectHash`, `startTime`, `lastUpdated`, `kind`), then one message
record a line, `{"id", "timestamp", "type": "user" | "gemini" | "info", "content", …}`, a tool call
kept on the model's message (`toolCalls: [{id, name, args, result: [{functionResponse: …}], status}]`, the
shell tool `run_shell_command`). A deny's reason comes back as a user message whose `displayContent` is the
original prompt; on that retry the payload's `prompt` is still the original and `prompt_response` the
turn's text so far (the denied answer, a newline, the new one).

Case keys of its own: `transcript = false` (the payload names no session file: the turn is judged from
the payload alone).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from hook.harness import ProbeStop, steps

MODEL = "gemini-2.5-pro"
TOKENS = {"input": 900, "output": 60, "cached": 0, "total": 960}


class GeminiCase:
    """A session file under construction; a golden case's writer (Harness.case_writer)."""

    keys = frozenset({"transcript"})
    filename = "session.jsonl"

    def __init__(self, session: str, start: str, cwd: str) -> None:
        self.session = session
        self.clock = steps.Clock(start)
        self.count = 0
        self.prompt = ""  # the newest prompt: the payload's `prompt`, on a retry too
        self.response = ""  # the turn's text so far: the payload's `prompt_response`
        self.stamp = ""
        project_hash = hashlib.sha256(cwd.encode("utf-8")).hexdigest()
        start_time = steps.iso(self.clock.now)
        self.records: list[Any] = [{"sessionId": session, "projectHash": project_hash, "startTime": start_time,
                                    "lastUpdated": start_time, "kind": "main"}]

    @property
    def last_time(self) -> datetime:
        return self.clock.last_time

    def message(self, kind: str, content: Any, **extra: Any) -> dict[str, Any]:
        self.count += 1
        self.stamp = self.clock.tick()
        record = {"id": f"{kind[0]}-{self.count}", "timestamp": self.stamp, "type": kind, "content": content, **extra}
        self.records.append(record)
        return record

    def user(self, text: str) -> None:
        self.prompt, self.response = text, ""
        self.message("user", [{"text": text}])

    def gemini(self, text: str, calls: list[Mapping[str, Any]] | None = None) -> None:
        extra: dict[str, Any] = {"thoughts": [], "tokens": TOKENS, "model": MODEL}
        if calls:
            extra["toolCalls"] = calls
        self.message("gemini", text, **extra)

    def call(self, name: str, args: Mapping[str, Any], output: str, *, ok: bool, shown: str) -> None:
        call_id = f"{name}-{self.count + 1}"
        response = {"functionResponse": {"id": call_id, "name": name, "response": {"output": output}}}
        self.gemini("", [{"id": call_id, "name": name, "args": dict(args), "result": [response],
                          "status": "success" if ok else "error", "timestamp": steps.iso(self.clock.now),
                          "displayName": shown}])

    # -- the case writer ------------------------------------------------------------------------------

    def step(self, step: Mapping[str, Any]) -> None:
        steps.apply(STEPS, self, step)

    def final(self, text: str) -> None:
        self.response = f"{self.response}\n{text}" if self.response else text
        self.gemini(text)

    def refused(self, reason: str) -> None:
        self.message("user", [{"text": reason}], displayContent=[{"text": self.prompt}])

    def to_bytes(self) -> bytes:
        return "".join(json.dumps(r) + "\n" if not isinstance(r, str) else r + "\n" for r in self.records).encode()

    def stop(self, case: Mapping[str, Any], transcript: str, project: str, again: bool) -> ProbeStop:
        named = case.get("transcript", True)
        if not isinstance(named, bool):
            raise steps.StepError("transcript must be true or false")
        return ProbeStop({
            "session_id": self.session, "transcript_path": transcript if named else "", "cwd": project,
            "hook_event_name": "AfterAgent", "timestamp": self.stamp, "prompt": self.prompt,
            "prompt_response": self.response, "stop_hook_active": again or case.get("stop_hook_active", False),
        })


def _shell(w: GeminiCase, step: Mapping[str, Any]) -> None:
    """run_shell_command, its output as the tool reports it (output, error, exit code)."""
    failed = bool(step.get("is_error"))
    output = f"Output: {step.get('result', '')}\nError: (none)\nExit Code: {1 if failed else 0}"
    w.call("run_shell_command", {"command": steps.text(step, "bash"), "description": "run"}, output, ok=not failed,
           shown="Shell")


def _tool(w: GeminiCase, step: Mapping[str, Any]) -> None:
    name = steps.text(step, "tool")
    w.call(name, steps.table(step, "input"), str(step.get("result", "")), ok=not step.get("is_error"), shown=name)


STEPS: Mapping[str, Callable[[GeminiCase, Mapping[str, Any]], None]] = {
    "user": lambda w, s: w.user(steps.text(s, "user")),
    "wake": lambda w, s: w.user("[WAKE] " + steps.text(s, "wake")),
    "assistant": lambda w, s: w.gemini(steps.text(s, "assistant")),
    "bash": _shell,
    "tool": _tool,
    "info": lambda w, s: w.message("info", steps.text(s, "info")),
    "raw": lambda w, s: w.records.append(steps.text(s, "raw")),
    "at": lambda w, s: setattr(w.clock, "now", steps.moment(steps.text(s, "at"))),
}
