"""Claude Code's Stop and SubagentStop (SPEC §3.1, §5.4): payload in, `{"decision":"block"}` out.

Refusing prints {"decision":"block","reason":R} and exits 0; allowing prints nothing, except an accepted
exit, which tells the user why the stop went through in a systemMessage.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from hook.decision import BLOCK, Decision
from hook.harness import HOOK_TIMEOUT_SECONDS, InstallTarget, PayloadError, StopInput, session_key, text_field

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

EVENTS = ("Stop", "SubagentStop")
ANNOUNCED = frozenset({"CLEAN-TERMINAL ALLOW", "MATERIAL-ALLOW"})
IN_FLIGHT = frozenset({"running", "pending"})


class ClaudeCode:
    name = "claude"
    install = InstallTarget(
        folder=".claude",
        filename="settings.json",
        events=EVENTS,
        grouped=True,
        note="Subagents are judged too; set skip_subagents = true in the lanegate config to skip them.",
    )

    def claims(self, payload: Mapping[str, Any]) -> bool:
        return payload.get("hook_event_name") in EVENTS

    def parse(self, payload: Mapping[str, Any], env: Mapping[str, str]) -> StopInput:
        event = payload.get("hook_event_name", "Stop")
        if event not in EVENTS:
            raise PayloadError(f"hook_event_name {event!r} is not Stop or SubagentStop")
        subagent = event == "SubagentStop"
        # A subagent is judged on its own transcript, never on its parent's.
        key = "agent_transcript_path" if subagent else "transcript_path"
        transcript = payload.get(key)
        if not isinstance(transcript, str) or not transcript:
            raise PayloadError(f"{event} payload has no {key}")
        session = session_key(payload, subagent)
        message = payload.get("last_assistant_message")
        return StopInput(
            harness=self.name,
            event=event,
            session=session,
            transcript_path=transcript,
            project_dir=env.get("CLAUDE_PROJECT_DIR") or text_field(payload.get("cwd")),
            final_text=message if isinstance(message, str) and message.strip() else None,
            stop_hook_active=payload.get("stop_hook_active") is True,
            background_running=_running(payload.get("background_tasks")),
            subagent=subagent,
        )

    def render(self, decision: Decision) -> str | None:
        if decision.action == BLOCK:
            return json.dumps({"decision": "block", "reason": decision.reason})
        if decision.klass in ANNOUNCED:
            return json.dumps({"systemMessage": f"lanegate {decision.klass}: {decision.reason}"})
        return None

    def install_entry(self, command: str) -> dict[str, Any]:
        return {"type": "command", "command": command, "timeout": HOOK_TIMEOUT_SECONDS}


def _running(tasks: object) -> bool:
    """Whether background_tasks (Claude Code >= 2.1.145) lists work still in flight.

    The SDK types it as BackgroundTaskSummary[] ({id, type: shell|subagent|monitor|workflow, status,
    description, …}), "in-flight background work (running/pending + backgrounded)": a pending task
    will wake the session just as a running one does.
    """
    if not isinstance(tasks, list):
        return False
    return any(isinstance(t, Mapping) and t.get("status") in IN_FLIGHT for t in tasks)


HARNESS = ClaudeCode()
