"""The seam between an agent harness and the shared decision core (SPEC §5.4).

An adapter does two small things: turn its Stop payload into a StopInput, and turn a Decision into the
stdout its harness understands (None = print nothing). Everything between is hook.core, shared by all.
To add a harness, write hook/harness/<name>.py exposing HARNESS and list it in ADAPTERS.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping

from hook.decision import Decision
from lanegate_common.frozen import frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from collections.abc import Collection
    from typing import Any, Protocol

    from hook.transcript.reader import Turn
    from hook.transcript.walk import WalkConfig

    # The adapter interface, for type checkers only: adapters are plain classes, checked structurally.
    class TurnReader(Protocol):
        def __call__(
            self,
            path: str,
            walk: WalkConfig,
            *,
            scan_from: int | None = None,
            resume: Mapping[str, Any] | None = None,
            evidence_tools: Collection[str] = (),
        ) -> Turn:
            """The turn at the end of the transcript at `path` (raises hook.transcript.reader.TranscriptError).

            Most are hook.transcript.reader.read_turn with the harness's decoder; `resume` is the previous
            stop's Turn.resume, so a stop reads only what was appended since (SPEC §6).
            """
            ...

    class Harness(Protocol):
        name: str

        def claims(self, payload: Mapping[str, Any]) -> bool:
            """Whether this payload comes from this harness (for detection without --harness)."""
            ...

        def parse(self, payload: Mapping[str, Any], env: Mapping[str, str]) -> StopInput:
            """The shared input; raises PayloadError when the payload lacks what the harness always sends."""
            ...

        def render(self, decision: Decision) -> str | None:
            """The stdout for this decision, or None for none."""
            ...


# name -> module; detection asks every adapter but the fallback, in this order, whether a payload is its
# own (Codex: turn_id and model; Gemini: AfterAgent; Cursor: conversation_id and loop_count: CLAIMS
# below), and falls back to Claude Code (SPEC §1.2).
ADAPTERS: Mapping[str, str] = {
    "claude": "hook.harness.claude",
    "codex": "hook.harness.codex",
    "gemini": "hook.harness.gemini",
    "cursor": "hook.harness.cursor",
}
FALLBACK = "claude"
GEMINI_EVENT = "AfterAgent"


class PayloadError(ValueError):
    """The payload is not what the harness sends (audited as input-error, the stop allowed)."""


@frozen
class StopInput:
    """One turn-end, harness-neutral."""

    harness: str
    event: str
    session: str | None
    transcript_path: str
    # The harness's own transcript reader.
    read_turn: TurnReader
    project_dir: str | None = None
    final_text: str | None = None
    stop_hook_active: bool = False
    background_running: bool = False
    subagent: bool = False
    # Refusals in a row the harness itself reports for this chain (Cursor's loop_count): the ceiling
    # counts at least this many, even when the session state is missing.
    loop_count: int = 0
    # The harness gives nothing to judge (Cursor without a transcript, or a loop the user aborted or that
    # failed): allowed as `no-final-text`. Every other harness judges an empty turn like any other.
    unjudgeable: bool = False


def get_harness(name: str) -> Harness:
    """The adapter registered under `name`; KeyError for an unknown name."""
    __import__(ADAPTERS[name])  # importlib.import_module, without importing importlib at every stop
    module = sys.modules[ADAPTERS[name]]
    return module.HARNESS  # type: ignore[no-any-return]


def detect_harness(payload: Mapping[str, Any]) -> Harness:
    """The first non-fallback adapter that claims the payload, else the fallback (Claude Code).

    Only the chosen adapter is imported: the claims are asked here (CLAIMS), not of imported adapters.
    """
    for name, claims in CLAIMS.items():
        if claims(payload):
            return get_harness(name)
    return get_harness(FALLBACK)


def codex_claims(payload: Mapping[str, Any]) -> bool:
    """Codex CLI's Stop payload: a string turn_id and a model."""
    return isinstance(payload.get("turn_id"), str) and "model" in payload


def gemini_claims(payload: Mapping[str, Any]) -> bool:
    """Gemini CLI's AfterAgent payload."""
    return payload.get("hook_event_name") == GEMINI_EVENT


def cursor_claims(payload: Mapping[str, Any]) -> bool:
    """Cursor's stop payload: a conversation_id and a loop_count."""
    return "conversation_id" in payload and "loop_count" in payload


# Every adapter but the fallback, in ADAPTERS order: whether a payload is its own. The adapters' claims()
# are these; detection asks them here, so a stop imports one adapter, not all four.
CLAIMS: Mapping[str, Callable[[Mapping[str, Any]], bool]] = {
    "codex": codex_claims,
    "gemini": gemini_claims,
    "cursor": cursor_claims,
}


def text_field(value: object) -> str | None:
    """A payload field that must be a non-empty string to mean anything."""
    return value if isinstance(value, str) and value else None


def session_key(payload: Mapping[str, Any], subagent: bool) -> str | None:
    """The state and audit session: a subagent runs beside its parent in one session, so its counters and
    chains are keyed `<session_id>/<agent_id>` and never merge into the parent's."""
    session = text_field(payload.get("session_id"))
    if subagent and session is not None:
        return f"{session}/{text_field(payload.get('agent_id')) or 'subagent'}"
    return session
