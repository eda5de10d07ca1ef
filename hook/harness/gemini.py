"""Gemini CLI's AfterAgent (SPEC §5.4): the prompt and the reply arrive in the payload itself.

Per Gemini CLI's hooks reference (google-gemini/gemini-cli docs/hooks/reference.md), AfterAgent fires
once per turn after the final response, with the base fields (`session_id`, `transcript_path`, `cwd`,
`hook_event_name`, `timestamp`) plus `prompt` (the user's original request), `prompt_response` (the
final text) and `stop_hook_active` (this is a retry the hook asked for). `{"decision": "deny",
"reason": R}` rejects the response and sends R to the agent as a new prompt; exit 0 with no output
lets it stand. Gemini's client passes the turn's *original* request as `prompt` on a retry too
(fireAfterAgentHookSafe: hookState.originalRequest), so classifying it stays right along a chain.

No transcript is read: the operator context is the walk's text rules (hook.transcript.walk) applied
to `prompt`, so `[WAKE] …`, `<task-notification …>` or a handoff prompt is autonomous and anything
else is the operator speaking. Without a transcript there are no tool calls to see, so a PR-shaped
gate cannot be shown fetched and no material artifact can be found on Gemini.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from hook.decision import BLOCK, Decision
from hook.harness import HOOK_TIMEOUT_SECONDS, InstallTarget, PayloadError, StopInput, text_field
from lanegate_common.frozen import replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

    from hook.transcript.turn import Turn, WalkConfig


EVENT = "AfterAgent"


class Gemini:
    name = "gemini"
    install = InstallTarget(
        folder=".gemini",
        filename="settings.json",
        events=(EVENT,),
        grouped=True,
        note="Gemini CLI runs hooks only while its hooks system is enabled (/settings, Advanced).",
    )

    def claims(self, payload: Mapping[str, Any]) -> bool:
        """Gemini CLI's AfterAgent payload."""
        return payload.get("hook_event_name") == EVENT

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
            project_dir=env.get("GEMINI_PROJECT_DIR") or text_field(payload.get("cwd")),
            final_text=response if isinstance(response, str) and response.strip() else None,
            stop_hook_active=payload.get("stop_hook_active") is True,
            read_turn=PromptTurn(prompt),
        )

    def render(self, decision: Decision) -> str | None:
        if decision.action == BLOCK:
            return json.dumps({"decision": "deny", "reason": decision.reason})
        return None

    def install_entry(self, command: str) -> dict[str, Any]:
        """Gemini names its hooks and counts the timeout in milliseconds."""
        return {"name": "lanegate", "type": "command", "command": command, "timeout": HOOK_TIMEOUT_SECONDS * 1000}


class PromptTurn:
    """A transcript reader that reads no file: the turn is the prompt Gemini put in the payload.

    A plain class, not a dataclass: every stop of every harness imports this module to ask whether the
    payload is Gemini's, and building a dataclass at import is the larger part of its import time.
    """

    __slots__ = ("prompt",)

    def __init__(self, prompt: str) -> None:
        self.prompt = prompt

    def __call__(self, path: str, walk: WalkConfig, *, scan_from: int | None = None) -> Turn:
        import hashlib

        from hook.transcript.turn import Turn
        from hook.transcript.walk import NO_PROMPT, classify_text, strip_reminders

        cleaned, had_reminder = strip_reminders(self.prompt, walk)
        verdict = classify_text(cleaned, had_reminder=had_reminder, walk=walk)
        # The prompt text stands in for a record id, so a new prompt resets the refusal count.
        digest = hashlib.sha256(self.prompt.encode("utf-8", "surrogatepass")).hexdigest()[:16]
        context = replace(verdict, uuid=f"prompt-sha256:{digest}") if verdict else NO_PROMPT
        return Turn(context=context, final_text=None, tool_calls=(), end_offset=0, bytes_read=0)


HARNESS = Gemini()
