"""Claude Code's Stop and SubagentStop (docs/DESIGN.md#payload, docs/DESIGN.md#adapters): payload in,
`{"decision":"block"}` out.

Refusing prints {"decision":"block","reason":R} and exits 0; allowing prints nothing, except an accepted
exit, which tells the user why the stop went through in a systemMessage.

The transcript is Claude Code's JSONL, one record per line; ClaudeDecoder turns a record into the
reader's entries (hook.transcript.reader). What is Claude's own: one API response is written as several
assistant records sharing a message.id (the final text is that whole group), a record may be written
twice with the same uuid (read once), sidechain records are a subagent's work inside its parent's file
(skipped), and a subagent's own file marks every record isSidechain (there the sidechain is the main line).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from functools import partial

from hook.decision import BLOCK, Decision
from hook.harness import (
    HOOK_TIMEOUT_SECONDS,
    InstallTarget,
    PayloadError,
    ProbeStop,
    StopInput,
    harness_facts,
    payload_claimed,
    session_key,
    text_field,
    write_jsonl,
)
from hook.harness.claude.prompts import classify_record
from hook.transcript.reader import CALL, PROMPT, RESULT, TEXT, Entry, TranscriptError, Turn, read_turn
from hook.transcript.records import blocks, flag, mapping, parse_timestamp, string, tool_result_text
from lanegate_common.frozen import replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from collections.abc import Collection
    from typing import Any

    from hook.harness import CaseWriter, ProbeTurn, RecordedSessions
    from hook.harness.claude.background import Sieve
    from hook.transcript.walk import PromptContext, WalkConfig

EVENTS = ("Stop", "SubagentStop")
ANNOUNCED = frozenset({"CLEAN-TERMINAL ALLOW", "MATERIAL-ALLOW"})
# background_tasks statuses that say a task is over (docs/DESIGN.md#payload, revision 2); compared trimmed, any case.
ENDED = frozenset({"completed", "failed", "killed", "cancelled", "stopped"})


class ClaudeCode:
    name = "claude"
    install = InstallTarget(
        folder=".claude",
        filename="settings.json",
        events=EVENTS,
        grouped=True,
        note="Subagents are judged too; set skip_subagents = true in the lanegate config to skip them.",
        session_start="SessionStart",
        block_cap=8,
    )

    def claims(self, payload: Mapping[str, Any]) -> bool:
        return payload_claimed(harness_facts(self).claims or {}, payload)

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
        own = payload.get("agent_id") if subagent else None
        # A workflow's own agent: the workflow it belongs to is listed as running, and is not work it waits on.
        orchestration = WORKFLOW_TASK if subagent and payload.get("agent_type") == WORKFLOW_AGENT else None
        tasks = _running_tasks(payload.get("background_tasks"), own, orchestration)
        crons = payload.get("session_crons")
        inferring = "background_tasks" not in payload or "session_crons" not in payload
        return StopInput(
            harness=self.name,
            event=event,
            session=session,
            transcript_path=transcript,
            project_dir=_project_dir(env) or text_field(payload.get("cwd")),
            final_text=message if isinstance(message, str) and message.strip() else None,
            stop_hook_active=payload.get("stop_hook_active") is True,
            # On SubagentStop the list holds the stopping subagent itself: its own stop, not work it waits on.
            background_running=bool(tasks),
            subagent=subagent,
            # A client that sends no background_tasks (or session_crons) at all: infer the work in flight (or the
            # pending schedule) from the transcript.
            read_turn=partial(read_claude_turn, infer="background_tasks" not in payload,
                              infer_schedule="session_crons" not in payload) if inferring else read_claude_turn,
            compaction=subagent and _compaction(payload, transcript),
            tasks=tasks,
            scheduled=_pending_schedule(crons) if "session_crons" in payload else None,
        )

    def render(self, decision: Decision) -> str | None:
        if decision.action == BLOCK:
            return json.dumps({"decision": "block", "reason": decision.reason})
        if decision.klass in ANNOUNCED:
            return json.dumps({"systemMessage": f"lanegate {decision.klass}: {decision.reason}"})
        return None

    def install_entry(self, command: str) -> dict[str, Any]:
        return {"type": "command", "command": command, "timeout": HOOK_TIMEOUT_SECONDS}

    def probe_stop(self, turn: ProbeTurn, transcript: str, project: str) -> ProbeStop:
        write_jsonl(transcript, [
            {"type": "user", "uuid": "probe-1", "sessionId": turn.session, "timestamp": turn.stamp,
             "message": {"role": "user", "content": turn.prompt}},
            {"type": "assistant", "uuid": "probe-2", "sessionId": turn.session, "timestamp": turn.stamp,
             "message": {"id": "msg_probe", "role": "assistant", "content": [{"type": "text", "text": turn.reply}]}}])
        payload = {"session_id": turn.session, "transcript_path": transcript, "cwd": project,
                   "permission_mode": "default", "hook_event_name": "Stop", "stop_hook_active": False,
                   "last_assistant_message": turn.reply}
        return ProbeStop(payload, {_project_dir_env(): project})

    def recorded(self) -> RecordedSessions:
        from hook.harness.claude.replay import ClaudeSessions

        return ClaudeSessions()

    def case_writer(self, session: str, start: str, cwd: str) -> CaseWriter:
        from hook.harness.claude.writer import ClaudeCase

        return ClaudeCase(session, start, cwd)


def _project_dir_env() -> str:
    return harness_facts(HARNESS).project_dir_env or ""


def _project_dir(env: Mapping[str, str]) -> str | None:
    """The project folder Claude Code names in its hooks' environment, if it does."""
    return env.get(_project_dir_env()) or None


# A workflow's own agents (Claude Code 2.1.328): their SubagentStop lists the workflow they belong to as running.
WORKFLOW_AGENT = "workflow-subagent"
WORKFLOW_TASK = "workflow"


def _running_tasks(tasks: object, own: object = None, orchestration: str | None = None) -> tuple[dict[str, Any], ...]:
    """The entries of background_tasks still in flight, for the audit line ({"kind": "task", "id", "type"}).

    The documentation gives no status values (the SDK's BackgroundTaskSummary says "in-flight
    background work"), so every task entry counts unless its status says it ended: a status the
    harness adds later (or none at all) keeps the agent waiting on work it started, never refused.
    `own`: a SubagentStop's agent_id; Claude Code 2.1.328 lists the stopping subagent there (docs/DESIGN.md#payload,
    revision 3), and a stop never waits on itself. `orchestration`: the type of entry that is the stopping
    agent's own orchestration (a workflow agent's workflow), which it runs inside and does not wait on.
    """
    if not isinstance(tasks, list):
        return ()
    return tuple(
        {"kind": "task", "id": t.get("id"), "type": t.get("type")}
        for t in tasks
        if isinstance(t, Mapping) and not _ended(t.get("status")) and (own is None or t.get("id") != own)
        and (orchestration is None or t.get("type") != orchestration)
    )


def _pending_schedule(crons: object) -> tuple[dict[str, Any], ...]:
    """The session_crons entries (docs/DESIGN.md#scheduled-turns: `{id, schedule, recurring, prompt}`), each a prompt
    the client will fire, in the audit line's shape; an entry that is not an object is no schedule."""
    if not isinstance(crons, list):
        return ()
    return tuple(
        {"kind": "scheduled", "id": c.get("id"), "schedule": c.get("schedule"), "recurring": c.get("recurring"),
         "prompt": c.get("prompt")}
        for c in crons
        if isinstance(c, Mapping)
    )


def _compaction(payload: Mapping[str, Any], agent_transcript: str) -> bool:
    """A SubagentStop that is Claude Code's /compact, not a subagent: an empty agent_type and an agent
    transcript that is never written (observed with 2.1.328; the client ignores a block on it)."""
    return payload.get("agent_type") == "" and not os.path.exists(agent_transcript)


def _ended(status: object) -> bool:
    return isinstance(status, str) and status.strip().lower() in ENDED


HARNESS = ClaudeCode()


def read_claude_turn(
    path: str | os.PathLike[str],
    walk: WalkConfig,
    *,
    scan_from: int | None = None,
    resume: Mapping[str, Any] | None = None,
    evidence_tools: Collection[str] = (),
    infer: bool = False,
    infer_schedule: bool = False,
) -> Turn:
    """The turn at the end of a Claude Code transcript (hook.transcript.reader.read_turn).

    infer: also name the background work the records read show started and not reported over, as replay
    infers it (Turn.background); for payloads without background_tasks. infer_schedule: likewise the wake-ups and
    crons they show scheduled and not fired or deleted (Turn.scheduled); for payloads without session_crons.
    """
    keep = infer or infer_schedule
    decoder = ClaudeDecoder(walk, keep=keep)
    try:
        turn = read_turn(path, decoder, scan_from=scan_from, resume=resume, evidence_tools=evidence_tools)
    except TranscriptError:
        if not _await_transcript(os.fspath(path)):
            raise
        decoder = ClaudeDecoder(walk, keep=keep)
        turn = read_turn(path, decoder, scan_from=scan_from, resume=resume, evidence_tools=evidence_tools)
    if (turn.end_offset == 0 or _unanswered(turn, scan_from)) and _await_growth(os.fspath(path), turn.end_offset):
        decoder = ClaudeDecoder(walk, keep=keep)  # the records the client wrote since: read them all again
        turn = read_turn(path, decoder, scan_from=scan_from, resume=resume, evidence_tools=evidence_tools)
    sieve = decoder.sieve
    if sieve is None:
        return turn
    if sieve.reused:  # an id written twice: the sieve cannot tell which copy the tracker pairs
        decoder = ClaudeDecoder(walk, keep=keep, every=True)
        turn = read_turn(path, decoder, scan_from=scan_from, resume=resume, evidence_tools=evidence_tools)
        sieve = decoder.sieve
        assert sieve is not None
    from hook.harness.claude.background import BackgroundTracker

    tracker = BackgroundTracker()
    for record, content in sieve.records():
        tracker.feed(record, content)
    return replace(turn, background=tuple(task for task, _ in tracker.in_flight) if infer else (),
                   scheduled=tracker.scheduled if infer_schedule else ())


# Claude Code 2.1.328 can run the first Stop of a session before it has created the transcript file (seen in
# 4 of 18 real-client runs: the file appeared moments later): a missing file in an existing folder is waited
# for, briefly, before it is a transcript error.
TRANSCRIPT_WAIT_SECONDS = 2.0
TRANSCRIPT_POLL_SECONDS = 0.02


def _await_transcript(path: str) -> bool:
    """After a failed open: whether `path` appeared within TRANSCRIPT_WAIT_SECONDS, then, in the same time, holds
    its first bytes (a file the client has just created may not hold its first record yet). Only a missing
    absolute path whose folder exists is waited for (the client writes there), so a wrong path is reported at
    once."""
    if not os.path.lexists(path) and (not os.path.isabs(path) or not os.path.isdir(os.path.dirname(path))):
        return False
    import time

    until = time.monotonic() + TRANSCRIPT_WAIT_SECONDS
    while not os.path.lexists(path):
        if time.monotonic() >= until:
            return False
        time.sleep(TRANSCRIPT_POLL_SECONDS)
    while _size(path) == 0 and time.monotonic() < until:
        time.sleep(TRANSCRIPT_POLL_SECONDS)
    return True  # there (an empty or unreadable file: the next read says so)


def _size(path: str) -> int | None:
    try:
        return os.path.getsize(path)
    except OSError:
        return None


def _unanswered(turn: Turn, scan_from: int | None) -> bool:
    """The turn's newest call has no result: at a Stop every call has been answered, so the client has not
    written the rest yet (Claude Code 2.1.328 ran Stop before writing a call's result and the final text).
    Calls kept from before a checkpoint carry no result text and say nothing; a final text after the call
    shows the file caught up."""
    if not turn.tool_calls or (turn.final_text or "").strip():
        return False
    newest = turn.tool_calls[-1]
    return newest.result_text is None and not newest.is_error and (scan_from is None or newest.offset >= scan_from)


def _await_growth(path: str, seen: int) -> bool:
    """Wait, at most TRANSCRIPT_WAIT_SECONDS, for the transcript to grow past `seen` bytes and stay still for a
    poll; True when it grew."""
    import time

    until = time.monotonic() + TRANSCRIPT_WAIT_SECONDS
    size = seen
    while time.monotonic() < until:
        time.sleep(TRANSCRIPT_POLL_SECONDS)
        try:
            now = os.path.getsize(path)
        except OSError:
            return False
        if now > seen and now == size:
            return True
        size = now
    return size > seen


class ClaudeDecoder:
    """One read of a Claude Code transcript: records to entries, each uuid once, the file's main line only."""

    name = "claude"
    marker = b""  # every line is decoded: a later copy of a uuid must shadow an older one whatever it holds

    def __init__(self, walk: WalkConfig, *, keep: bool = False, every: bool = False) -> None:
        self.walk = walk
        self.shell_tools = harness_facts(HARNESS).shell_tools
        # keep: remember the main-line records the background tracker reads, to infer work in flight after the walk,
        # each with its content blocks when the walk read them (the tracker reads them again otherwise): those that
        # can change what it infers (hook.harness.claude.background.Sieve), or every one (every).
        self.sieve = _sieve(every) if keep else None
        # A subagent's own transcript marks every record isSidechain (with its agentId); there the
        # sidechain is the main line. Decided by the newest user or assistant record.
        self.subagent: bool | None = None
        self.seen: set[str] = set()

    def decode(self, record: Mapping[str, Any]) -> list[Entry]:
        if self._duplicate(record):
            return []
        record = self._main_line(record)
        kind = record.get("type")
        if kind == "assistant":
            # Never a prompt (classify_record answers None for every kind but user and attachment).
            # Most records of a turn are these: one read of the blocks gives the text and the calls.
            if flag(record, "isSidechain"):
                return []
            content = blocks(record)
            entries = _assistant_entries(record, content)
            # The background tracker reads an assistant record's calls only: half of them have none (the text entry
            # comes first, then one entry per call).
            if self.sieve is not None and len(entries) > 1:
                self.sieve.calls(record, content, entries[1:])
            return entries
        if kind != "user" and kind != "attachment":
            return []  # system, summary, snapshot ... records: no prompt, no tool block, no text, nothing in flight
        sidechain = flag(record, "isSidechain")
        content = blocks(record) if kind == "user" and not sidechain else None
        entries = _result_entries(content) if content is not None else []
        if self.sieve is not None and not sidechain:
            self.sieve.said(record, content, entries)
        verdict = self._verdict(record)
        if verdict is not None:
            entries.append(Entry(PROMPT, prompt=verdict))
        return entries

    def _duplicate(self, record: Mapping[str, Any]) -> bool:
        """A record written twice (same uuid) is read once: the newest copy, the first one met."""
        uuid = record.get("uuid")
        if not isinstance(uuid, str):
            return False
        if uuid in self.seen:
            return True
        self.seen.add(uuid)
        return False

    def _main_line(self, record: Mapping[str, Any]) -> Mapping[str, Any]:
        """The record as this file's main line sees it: a subagent file's records lose isSidechain."""
        side = record.get("isSidechain")
        if self.subagent is None and record.get("type") in ("user", "assistant"):
            self.subagent = side is True and isinstance(record.get("agentId"), str)
        if side is True and self.subagent:
            return {**record, "isSidechain": False}
        return record

    def _verdict(self, record: Mapping[str, Any]) -> PromptContext | None:
        """The record's prompt context (docs/DESIGN.md#operator-or-autonomous) with its time and uuid; None: not a
        prompt."""
        verdict = classify_record(record, self.walk)
        if verdict is None:
            return None
        attachment = mapping(record.get("attachment"))
        entrypoint = record.get("entrypoint")
        return replace(
            verdict,
            timestamp=parse_timestamp(record.get("timestamp")) or parse_timestamp(attachment.get("timestamp")),
            uuid=string(record.get("uuid")) or string(attachment.get("source_uuid")),
            # The client's mark of a non-interactive session (docs/DESIGN.md#scheduled-turns), for the user's `headless`
            # setting.
            headless=f"entrypoint {entrypoint}" if isinstance(entrypoint, str)
            and entrypoint in self.walk.headless_marks else None,
        )


def _sieve(every: bool) -> Sieve:
    from hook.harness.claude.background import Sieve

    return Sieve(every=every)


def _assistant_entries(record: Mapping[str, Any], content: list[Mapping[str, Any]]) -> list[Entry]:
    """A main-line assistant record (`content`: its blocks): its text (in its message.id group), then its tool_use
    blocks."""
    texts = [t for b in content if b.get("type") == "text" and isinstance(t := b.get("text"), str)]
    entries = [Entry(TEXT, texts=texts, group=string(mapping(record.get("message")).get("id")))]
    uses = [b for b in content if b.get("type") == "tool_use"]
    if uses:
        stamp = parse_timestamp(record.get("timestamp"))
        entries.extend(
            Entry(CALL, call_id=string(b.get("id")) or "", name=string(b.get("name")) or "",
                  input=mapping(b.get("input")), timestamp=stamp)
            for b in uses
        )
    return entries


def _result_entries(content: list[Mapping[str, Any]]) -> list[Entry]:
    """A user record's tool_result blocks (`content`: its blocks), by tool_use_id."""
    return [
        Entry(RESULT, call_id=string(b.get("tool_use_id")) or "", text=tool_result_text(b),
              is_error=b.get("is_error") is True)
        for b in content
        if b.get("type") == "tool_result"
    ]
