"""Codex CLI's Stop and SubagentStop (SPEC §5.4): Claude Code's dialect with a strict output schema.

The payload, per codex-rs/hooks/schema/generated/stop.command.input.schema.json (openai/codex):
`session_id`, `turn_id`, `transcript_path` (null for an ephemeral session), `cwd`, `hook_event_name`
("Stop"), `model`, `permission_mode`, `stop_hook_active`, `last_assistant_message` (nullable);
SubagentStop adds `agent_id`, `agent_type` and `agent_transcript_path`. The transcript is the rollout
JSONL (hook.transcript.rollout).

The output schema (stop.command.output.schema.json) has `additionalProperties: false`, and a
`decision: "block"` needs a non-blank `reason`, which Codex sends back as the next prompt
(`<hook_prompt …>` in the rollout). So a refusal prints exactly {"decision":"block","reason":R} and an
allowed stop prints nothing: no systemMessage for accepted exits, unlike Claude Code.

Codex's older `notify` program (codex-rs/hooks/src/legacy_notify.rs) gets the turn as a JSON argument
with its output discarded: it can watch a turn end but never refuse one, so lanegate is a Stop hook.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping

from hook.decision import BLOCK, Decision
from hook.harness import HOOK_TIMEOUT_SECONDS, InstallTarget, PayloadError, StopInput, session_key, text_field

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

EVENTS = ("Stop", "SubagentStop")


class Codex:
    name = "codex"
    install = InstallTarget(
        folder=".codex",
        filename="hooks.json",
        events=("Stop",),
        grouped=True,
        note="Codex reads hooks.json when its hooks feature is on ([features] hooks = true in config.toml "
        "on versions where it is off by default).",
        home_env="CODEX_HOME",
    )

    def claims(self, payload: Mapping[str, Any]) -> bool:
        """Codex CLI's Stop payload: a string turn_id and a model."""
        return isinstance(payload.get("turn_id"), str) and "model" in payload

    def parse(self, payload: Mapping[str, Any], env: Mapping[str, str]) -> StopInput:
        from hook.transcript.rollout import read_rollout

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
            read_turn=functools.partial(read_rollout, subagent=subagent),
        )

    def render(self, decision: Decision) -> str | None:
        if decision.action == BLOCK:
            return json.dumps({"decision": "block", "reason": decision.reason})
        return None

    def install_entry(self, command: str) -> dict[str, Any]:
        return {"type": "command", "command": command, "timeout": HOOK_TIMEOUT_SECONDS}


HARNESS = Codex()
