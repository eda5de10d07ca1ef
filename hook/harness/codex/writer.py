"""Write a Codex CLI rollout from golden-case steps, and the Stop payload Codex sends at its end.

The shapes are those of the rollouts of Codex CLI 0.125.0 to 0.171.0 (docs/HARNESSES.md): one
`{"timestamp", "type", "payload"}` object a line; a `session_meta` line, then per turn `event_msg`
`task_started`, a `turn_context` (its `turn_id` and `model`), the prompt as a `response_item` user
message echoed by an `event_msg` `user_message`, the model's text as an `event_msg` `agent_message` and a
`response_item` assistant message, tool calls as `function_call` / `function_call_output` pairs by
`call_id` (`exec_command` with `cmd`), and `event_msg` `task_complete` when a turn is over. Codex sends
a refusal back as the user message `<hook_prompt hook_run_id=…>R</hook_prompt>`.

Case keys of its own: `message = false` (a null last_assistant_message) and `transcript = false` (an
ephemeral session: transcript_path null, no rollout).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from hook.harness import ProbeStop, steps

MODEL = "gpt-5-codex"
VERSION = "0.171.0"


class CodexCase:
    """A rollout under construction, one line per record; a golden case's writer (Harness.case_writer)."""

    keys = frozenset({"message", "transcript"})
    filename = "rollout.jsonl"

    def __init__(self, session: str, start: str, cwd: str) -> None:
        self.session = session
        self.cwd = cwd
        self.clock = steps.Clock(start)
        self.lines: list[str] = []
        self.turns = 0
        self.calls = 0
        self.open_turn = False  # a prompt was written and its task_complete not yet
        self.last_text: str | None = None
        self.final_text = ""
        self.line("session_meta", {"id": session, "timestamp": steps.iso(self.clock.now), "cwd": cwd,
                                   "originator": "codex_exec", "cli_version": VERSION, "source": "exec"})

    @property
    def last_time(self) -> datetime:
        return self.clock.last_time

    @property
    def turn_id(self) -> str:
        return f"{self.session}-turn-{self.turns}"

    def line(self, kind: str, payload: Mapping[str, Any]) -> None:
        self.lines.append(json.dumps({"timestamp": self.clock.tick(), "type": kind, "payload": dict(payload)}))

    def raw(self, line: str) -> None:
        self.lines.append(line)

    def prompt(self, text: str) -> None:
        """A new turn: the previous one completes, and the prompt opens this one."""
        self.complete()
        self.turns += 1
        self.open_turn = True
        self.line("event_msg", {"type": "task_started", "turn_id": self.turn_id})
        self.line("turn_context", {"turn_id": self.turn_id, "cwd": self.cwd, "approval_policy": "never",
                                   "sandbox_policy": {"type": "danger-full-access"}, "model": MODEL})
        self.user_message(text)

    def user_message(self, text: str) -> None:
        self.line("response_item", {"type": "message", "role": "user",
                                    "content": [{"type": "input_text", "text": text}]})
        self.line("event_msg", {"type": "user_message", "message": text, "images": []})

    def text(self, text: str, phase: str = "commentary") -> None:
        self.last_text = text
        self.line("event_msg", {"type": "agent_message", "message": text})
        self.line("response_item", {"type": "message", "role": "assistant", "phase": phase,
                                    "content": [{"type": "output_text", "text": text}]})

    def call(self, name: str, arguments: Mapping[str, Any], output: str) -> None:
        self.calls += 1
        call_id = f"call_{self.calls:04d}"
        self.line("response_item", {"type": "function_call", "name": name, "arguments": json.dumps(arguments),
                                    "call_id": call_id})
        self.line("response_item", {"type": "function_call_output", "call_id": call_id, "output": output})

    def complete(self) -> None:
        """The open turn's task_complete (Codex runs its Stop hook at the turn's end, before writing it)."""
        if self.open_turn:
            self.line("event_msg", {"type": "task_complete", "turn_id": self.turn_id,
                                    "last_agent_message": self.last_text})
            self.open_turn = False

    # -- the case writer ------------------------------------------------------------------------------

    def step(self, step: Mapping[str, Any]) -> None:
        steps.apply(STEPS, self, step)

    def final(self, text: str) -> None:
        self.final_text = text
        self.text(text, phase="final_answer")

    def refused(self, reason: str) -> None:
        """The refusal comes back as a user message (its shape as Codex 0.171.0 wrote it); written inside the
        same turn, since no rollout seen records whether a continuation opens a turn of its own."""
        self.user_message(f'<hook_prompt hook_run_id="stop:0:{self.cwd}/.codex/hooks.json">{reason}</hook_prompt>')

    def to_bytes(self) -> bytes:
        return "".join(line + "\n" for line in self.lines).encode("utf-8")

    def stop(self, case: Mapping[str, Any], transcript: str, project: str, again: bool) -> ProbeStop:
        named = case.get("transcript", True)
        if not isinstance(named, bool):
            raise steps.StepError("transcript must be true or false")
        return ProbeStop({
            "session_id": self.session, "turn_id": self.turn_id, "transcript_path": transcript if named else None,
            "cwd": project, "hook_event_name": "Stop", "model": MODEL, "permission_mode": "bypassPermissions",
            "stop_hook_active": again or case.get("stop_hook_active", False),
            "last_assistant_message": self.final_text if case.get("message", True) else None,
        })


def _exec(w: CodexCase, step: Mapping[str, Any]) -> None:
    """A shell command through exec_command, with its exit code in the output's header."""
    code = 1 if step.get("is_error") else 0
    output = f"Chunk ID: {w.calls + 1}\nWall time: 0.2 seconds\nProcess exited with code {code}\nOutput:\n"
    w.call("exec_command", {"cmd": steps.text(step, "bash"), "workdir": w.cwd}, output + str(step.get("result", "")))


def _tool(w: CodexCase, step: Mapping[str, Any]) -> None:
    result = str(step.get("result", ""))
    output = json.dumps({"content": result, "success": False}) if step.get("is_error") else result
    w.call(steps.text(step, "tool"), steps.table(step, "input"), output)


STEPS: Mapping[str, Callable[[CodexCase, Mapping[str, Any]], None]] = {
    "user": lambda w, s: w.prompt(steps.text(s, "user")),
    "wake": lambda w, s: w.prompt("[WAKE] " + steps.text(s, "wake")),
    "hook_prompt": lambda w, s: w.refused(steps.text(s, "hook_prompt")),
    "assistant": lambda w, s: w.text(steps.text(s, "assistant")),
    "bash": _exec,
    "tool": _tool,
    "complete": lambda w, s: w.complete(),
    "raw": lambda w, s: w.raw(steps.text(s, "raw")),
    "at": lambda w, s: setattr(w.clock, "now", steps.moment(steps.text(s, "at"))),
}
