"""Cursor's `stop` hook (docs/DESIGN.md#adapters): continue only through a follow-up message, allow with `{}`.

The payload (cursor.com/docs/hooks; hookshot's StopInput) carries the common fields
(`conversation_id`, `generation_id`, `hook_event_name` "stop", `workspace_roots`, `model`, …) plus
`status` ("completed", "aborted" or "error") and `loop_count` (follow-ups already sent in this loop;
`loop_limit` in hooks.json caps them), and `transcript_path` when the agent keeps a transcript.
There is no block decision: `{"followup_message": R}` submits R as the next user message, `{}` lets
the agent stop.

The transcript (`~/.cursor/projects/<slug>/agent-transcripts/<id>/<id>.jsonl`) is one message per
line, `{"role": "user"|"assistant", "message": {"content": [blocks]}}`, user text wrapped in
`<user_query>…</user_query>`, no timestamps and (in current builds) no tool results. A follow-up is
written there as a plain user message, so the newest `loop_count` user messages are lanegate's own
directives, not prompts: the walk goes past them. Without a transcript there is nothing to judge
(allowed, `no-final-text`); a loop the user aborted or that failed is never sent back to work.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from hook.decision import BLOCK, Decision
from hook.harness import (
    InstallTarget,
    PayloadError,
    ProbeStop,
    StopInput,
    harness_facts,
    payload_claimed,
    text_field,
    write_jsonl,
)
from hook.transcript.reader import CALL, RESULT, TEXT, Entry, Turn, read_turn, text_prompt
from hook.transcript.records import LazyRegex, mapping, string, tool_result_text
from hook.transcript.walk import NO_PROMPT
from lanegate_common.frozen import replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from collections.abc import Collection
    from typing import Any

    from hook.harness import CaseWriter, ProbeTurn, Sniffed
    from hook.transcript.walk import WalkConfig


EVENT = "stop"
JUDGED_STATUS = "completed"
# Cursor stops sending follow-ups after this many in one loop; lanegate's own ceiling (max_refusals)
# normally ends a chain first. Eight is Claude Code's own cap on consecutive Stop blocks.
LOOP_LIMIT = 8
USER_QUERY = LazyRegex(r"<user_query>\s*(.*?)\s*(?:</user_query>|\Z)", re.DOTALL)


class Cursor:
    name = "cursor"
    install = InstallTarget(
        folder=".cursor",
        filename="hooks.json",
        events=(EVENT,),
        grouped=False,
        note=f"Cursor sends at most {LOOP_LIMIT} follow-ups per loop (loop_limit).",
        top_level=(("version", 1),),
    )

    def claims(self, payload: Mapping[str, Any]) -> bool:
        """Cursor's stop payload, as harness.toml's [claims] tells it."""
        return payload_claimed(harness_facts(self).claims or {}, payload)

    def parse(self, payload: Mapping[str, Any], env: Mapping[str, str]) -> StopInput:
        event = payload.get("hook_event_name", EVENT)
        if event != EVENT:
            raise PayloadError(f"hook_event_name {event!r} is not {EVENT}")
        loops = payload.get("loop_count", 0)
        if isinstance(loops, bool) or not isinstance(loops, int) or loops < 0:
            raise PayloadError(f"loop_count {loops!r} is not a count")
        transcript = payload.get("transcript_path")
        roots = payload.get("workspace_roots")
        root = roots[0] if isinstance(roots, list) and roots and isinstance(roots[0], str) else None
        status = payload.get("status", JUDGED_STATUS)
        return StopInput(
            harness=self.name,
            event=event,
            session=text_field(payload.get("conversation_id")),
            transcript_path=transcript if isinstance(transcript, str) else "",
            project_dir=root or text_field(payload.get("cwd")),
            stop_hook_active=loops > 0,
            read_turn=CursorTranscript(followups=loops, judged=status == JUDGED_STATUS),
            loop_count=loops,
            unjudgeable=not isinstance(transcript, str) or not transcript or status != JUDGED_STATUS,
        )

    def render(self, decision: Decision) -> str | None:
        if decision.action == BLOCK:
            return json.dumps({"followup_message": decision.reason})
        return "{}"

    def install_entry(self, command: str) -> dict[str, Any]:
        return {"command": command, "loop_limit": LOOP_LIMIT}

    def probe_stop(self, turn: ProbeTurn, transcript: str, project: str) -> ProbeStop:
        write_jsonl(transcript, [{"role": "user", "message": {"content": [
            {"type": "text", "text": f"<user_query>{turn.prompt}</user_query>"}]}},
            {"role": "assistant", "message": {"content": [{"type": "text", "text": turn.reply}]}}])
        return ProbeStop({"conversation_id": turn.session, "generation_id": "probe", "hook_event_name": EVENT,
                          "status": "completed", "loop_count": 0, "workspace_roots": [project],
                          "transcript_path": transcript})

    def recorded(self) -> CursorSessions:
        return CursorSessions()

    def case_writer(self, session: str, start: str, cwd: str) -> CaseWriter:
        from hook.harness.cursor.writer import CursorCase

        return CursorCase(session, start, cwd)


class CursorSessions:
    """A Cursor agent transcript, recognised to name it: replay does not read Cursor sessions."""

    title = "Cursor"
    description = "a Cursor agent transcript"
    readable = False

    def sniff(self, record: Mapping[str, Any], found: Sniffed) -> Sniffed | None:
        return found if "role" in record and "message" in record else None


class CursorTranscript:
    """Cursor's transcript reader: past `followups` echoed directives; no final text unless `judged`.

    A plain class for the import cost (see hook.harness.gemini.PromptTurn).
    """

    __slots__ = ("followups", "judged")

    def __init__(self, followups: int, judged: bool) -> None:
        self.followups = followups
        self.judged = judged

    def __call__(
        self,
        path: str,
        walk: WalkConfig,
        *,
        scan_from: int | None = None,
        resume: Mapping[str, Any] | None = None,
        evidence_tools: Collection[str] = (),
    ) -> Turn:
        if not path:
            return Turn(context=NO_PROMPT, final_text=None, tool_calls=(), end_offset=0, bytes_read=0)
        turn = read_turn(
            path, CursorDecoder(walk), scan_from=scan_from, resume=resume, evidence_tools=evidence_tools,
            skip_prompts=self.followups,
        )
        return turn if self.judged else replace(turn, final_text=None)


class CursorDecoder:
    """Transcript lines to the reader's entries: a user query (and tool results), or assistant text and calls."""

    name = "cursor"
    marker = b""
    subagent: bool | None = False

    def __init__(self, walk: WalkConfig) -> None:
        self.walk = walk
        self.shell_tools = harness_facts(HARNESS).shell_tools

    def decode(self, record: Mapping[str, Any]) -> list[Entry]:
        role = record.get("role", record.get("type"))
        content = mapping(record.get("message")).get("content")
        if isinstance(content, str):
            content = [{"type": "text", "text": content}]
        blocks = [b for b in content if isinstance(b, Mapping)] if isinstance(content, list) else []
        if role == "user":
            return self._user(blocks)
        if role != "assistant":
            return []
        entries: list[Entry] = []
        run: list[str] = []  # consecutive text blocks: one message to the reader
        for block in blocks:
            if block.get("type") == "text" and isinstance(block.get("text"), str):
                run.append(block["text"])
            elif block.get("type") == "tool_use":
                if run:
                    entries.append(Entry(TEXT, texts=run))
                    run = []
                entries.append(
                    Entry(CALL, call_id=string(block.get("id")) or "", name=string(block.get("name")) or "",
                          input=mapping(block.get("input")))
                )
        if run:
            entries.append(Entry(TEXT, texts=run))
        return entries

    def _user(self, blocks: list[Mapping[str, Any]]) -> list[Entry]:
        entries = [
            Entry(RESULT, text=tool_result_text(b), call_id=string(b.get("tool_use_id")) or "",
                  is_error=b.get("is_error") is True)
            for b in blocks
            if b.get("type") == "tool_result"
        ]
        texts = [t for b in blocks if b.get("type") == "text" and isinstance(t := b.get("text"), str)]
        image = any(b.get("type") == "image" for b in blocks)
        if texts or image:
            text = "\n".join(texts)
            query = USER_QUERY.search(text)
            prompt = text_prompt(query.group(1) if query else text, self.walk, image=image)
            if prompt is not None:
                entries.append(prompt)
        return entries


HARNESS = Cursor()
