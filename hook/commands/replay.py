"""`lanegate replay TRANSCRIPT.jsonl`: what the hook would have decided at every turn-end of a recorded
Claude Code session or Codex rollout (SPEC §5.5), in dry-run, writing nothing to the real audit log or
state. The harness is recognised from the first records (or named with --harness); a file of neither
kind is an error that says what it holds, never "0 turn-ends".

"At that moment" means the transcript as it stood when the turn ended: the session is copied forward,
line by line, into a temporary file, and at each turn-end hook.core.handle (the code `lanegate hook`
runs) judges that growing copy, so the backwards walk sees exactly the bytes the live hook saw and the
byte offsets kept in the session state match the original. State persists across the replayed stops
in a temporary folder, so the ceiling, the drive-ratchet and the artifact boundary behave as they would
have. A turn-end is the last main-line assistant record, carrying text and no tool call, before the next
prompting record, Stop hook feedback, stop_hook_summary record or the end of the file; a turn that was
interrupted by the user is no turn-end (Claude Code runs no Stop hook then). A Codex turn ends at its
`task_complete` event (where Codex runs its Stop hook), or, in a rollout without those events, at its
last assistant message before the next prompt.

A recorded session has no Stop payload, so the background work the live hook would have been told of
is inferred from the transcript (hook.transcript.background): a task started in the background and not
yet reported over at a turn-end is sent as `background_tasks`, and the row says so. Codex's Stop payload
carries no background list, so nothing is inferred there.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, BinaryIO

from hook.harness import codex as codex_events
from hook.transcript.background import BackgroundTracker
from hook.transcript.records import block_texts, blocks, flag, parse_timestamp, string
from hook.transcript.walk import WalkConfig, classify_record, default_walk_config, strip_reminders
from warmparse.route import present_server
from warmparse.use import WarmUse

CLAUDE, CODEX = "claude", "codex"
FEEDBACK_PREFIXES = ("Stop hook feedback:", "SubagentStop hook feedback:")
INTERRUPT_PREFIX = "[Request interrupted by user"
STOP_SUMMARY = "stop_hook_summary"
CONTEXT_WIDTH = 46
PHRASE_WIDTH = 28
CLAIM_WIDTH = 46
FINAL_WIDTH = 40


@dataclass(frozen=True)
class TurnEnd:
    """Where a turn ended: the prefix length in bytes, when, and whether a refusal came before it."""

    offset: int
    time: datetime | None
    stop_hook_active: bool
    final_text: str | None = None
    background: tuple[tuple[str, str], ...] = ()  # (task id, what started it), inferred
    turn_id: str | None = None
    model: str | None = None


@dataclass(frozen=True)
class Row:
    """One replayed stop: the turn-end, its prompting context and the decision's audit line."""

    time: datetime | None
    offset: int
    context_kind: str
    context_text: str | None
    line: Mapping[str, Any]
    inferred: tuple[str, ...] = ()  # what the row's decision took from an inference, in words
    final_text: str | None = None  # the final text the decision judged

    def to_dict(self) -> dict[str, Any]:
        line = self.line
        finding = line.get("finding") if isinstance(line.get("finding"), Mapping) else None
        return {
            "time": _iso(self.time),
            "offset": self.offset,
            "context": {
                "kind": self.context_kind,
                "operator_in_loop": line.get("operator_in_loop"),
                "text": _clip(self.context_text, 200),
            },
            "class": line.get("class"),
            "tag": line.get("tag"),
            "phrase": line.get("phrase"),
            "verdict": finding.get("verdict") if finding else None,
            "claim": line.get("claim"),
            "reason": line.get("reason"),
            "final_text": self.final_text,
            "inferred": list(self.inferred),
            "observed": [dict(o) for o in line.get("observed", ())],  # observe-mode findings (SPEC §2.1)
        }


def _loads() -> Callable[[bytes], Any]:
    """orjson when installed: replay reads every line of a session that can be hundreds of MB."""
    try:
        import orjson
    except ImportError:  # pragma: no cover - orjson is a declared dependency
        return json.loads
    return orjson.loads


class _Scanner:
    """Reads the records forward and says, before each line is copied, whether a turn ended just before it."""

    def __init__(self, walk: WalkConfig) -> None:
        self.walk = walk
        self.loads = _loads()
        self.pending = False  # a final text awaits its stop
        self.pending_time: datetime | None = None
        self.refused_since_prompt = False
        self.subagent_file: bool | None = None
        self.seen: set[str] = set()
        self.background = BackgroundTracker()
        self.in_flight: tuple[tuple[str, str], ...] = ()

    def record(self, raw: bytes) -> Mapping[str, Any] | None:
        try:
            value = self.loads(raw)
        except (ValueError, RecursionError):
            return None
        return value if isinstance(value, dict) else None

    def boundary(self, raw: bytes, offset: int) -> TurnEnd | None:
        """Feed one line; a TurnEnd when the line closes a turn whose final text came before it."""
        record = self.record(raw) if raw.strip() else None
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
                self.in_flight = self.background.in_flight
            self.background.feed(record)
        prompt = classify_record(record, self.walk) is not None
        feedback = kind == "user" and _starts(record, FEEDBACK_PREFIXES)
        if prompt or feedback or (kind == "system" and record.get("subtype") == STOP_SUMMARY):
            end = self._close(offset)
            if prompt:
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
                self.in_flight = self.background.in_flight
        return None

    def finish(self, offset: int) -> TurnEnd | None:
        return self._close(offset)

    def _close(self, offset: int) -> TurnEnd | None:
        if not self.pending:
            return None
        self.pending = False
        return TurnEnd(offset, self.pending_time, self.refused_since_prompt, background=self.in_flight)

    def _main_line(self, record: Mapping[str, Any]) -> Mapping[str, Any]:
        """A subagent's own file marks every record isSidechain (with agentId): there it is the main line."""
        if self.subagent_file is None and record.get("type") in ("user", "assistant"):
            self.subagent_file = record.get("isSidechain") is True and isinstance(record.get("agentId"), str)
        if self.subagent_file and record.get("isSidechain") is True:
            return {**record, "isSidechain": False}
        return record


def _starts(record: Mapping[str, Any], prefixes: Sequence[str]) -> bool:
    return any(t.lstrip().startswith(prefixes) for t in block_texts(record))


class _CodexScanner:
    """A Codex rollout read forward: each `task_complete` closes a turn (Codex runs Stop there)."""

    def __init__(self, walk: WalkConfig) -> None:
        self.walk = walk
        self.loads = _loads()
        self.pending: str | None = None  # the model's newest text since the prompt or the last call
        self.pending_time: datetime | None = None
        self.hook_prompt = False  # the newest prompt is a Stop hook's continuation
        self.completions = False  # the rollout records task_complete events
        self.turn_id: str | None = None
        self.model: str | None = None

    def boundary(self, raw: bytes, offset: int) -> TurnEnd | None:
        try:
            record = self.loads(raw) if raw.strip() else None
        except (ValueError, RecursionError):
            return None
        event = codex_events.rollout_event(record) if isinstance(record, dict) else None
        if event is None:
            return None
        kind, value = event
        stamp = parse_timestamp(record.get("timestamp"))
        if kind == codex_events.CONTEXT:
            self.turn_id = string(value.get("turn_id")) or self.turn_id
            self.model = string(value.get("model")) or self.model
        elif kind == codex_events.PROMPT:
            end = None if self.completions else self._close(offset)
            cleaned, _ = strip_reminders(value, self.walk)
            self.hook_prompt = cleaned.lstrip().startswith(HOOK_PROMPT_PREFIX)
            return end
        elif kind == codex_events.FINAL:
            self.pending, self.pending_time = value, stamp
        elif kind == codex_events.CALL or kind == codex_events.ABORTED:
            self.pending = None
        elif kind == codex_events.COMPLETE:
            self.completions = True
            last = string(value.get("last_agent_message"))
            if last and last.strip():
                self.pending, self.pending_time = last, self.pending_time or stamp
            self.turn_id = string(value.get("turn_id")) or self.turn_id
            return self._close(offset)
        return None

    def finish(self, offset: int) -> TurnEnd | None:
        return None if self.completions else self._close(offset)

    def _close(self, offset: int) -> TurnEnd | None:
        if self.pending is None:
            return None
        text, self.pending = self.pending, None
        return TurnEnd(offset, self.pending_time, self.hook_prompt, final_text=text, turn_id=self.turn_id,
                       model=self.model)


HOOK_PROMPT_PREFIX = "<hook_prompt"
# A recognised session in which no turn finished (a copy taken while the agent was still working).
NO_TURN_ENDS = (
    "no turn-ends: no turn of this session finished (a turn ends with the model's final text before the next "
    "prompt; in a Codex rollout, at task_complete) — the file ends inside a turn"
)


def turn_ends(
    source: BinaryIO, sink: BinaryIO, walk: WalkConfig | None = None, *, harness: str = CLAUDE
) -> Iterator[TurnEnd]:
    """Copy `source` into `sink` line by line; at each turn-end, yield with `sink` holding the prefix."""
    walk = walk or default_walk_config()
    scanner = _CodexScanner(walk) if harness == CODEX else _Scanner(walk)
    offset = 0
    for raw in source:
        end = scanner.boundary(raw, offset)
        if end is not None:
            sink.flush()
            yield end
        sink.write(raw)
        offset += len(raw)
    sink.flush()
    end = scanner.finish(offset)
    if end is not None:
        yield end


def replay(
    path: str, env: Mapping[str, str], harness: str | None = None, *, warm: WarmUse | None = None
) -> list[Row]:
    """Judge every turn-end of the session at `path` in dry-run; audit and state go to a temp folder.
    warm: the parse server the judgements may use (never start); None parses in this process.

    Raises ReplayError when the file is not a session replay can read (or not the named harness's).
    """
    from hook.core import handle

    found = recognise(path)
    if harness is not None and harness != found.harness:
        raise ReplayError(f"--harness {harness}, but {path} is {found.description}")
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="lanegate-replay-") as tmp, open(path, "rb") as source:
        copy = os.path.join(tmp, os.path.basename(path))
        run_env = {k: v for k, v in env.items() if k != "CLAUDE_PROJECT_DIR"}
        run_env.update(
            LANEGATE_MODE="dry-run",
            LANEGATE_AUDIT_LOG=os.path.join(tmp, "audit.jsonl"),
            LANEGATE_STATE_DIR=os.path.join(tmp, "state"),
        )
        with open(copy, "wb") as sink:
            for number, end in enumerate(turn_ends(source, sink, harness=found.harness), 1):
                payload, inferred = _payload(found, end, copy, number)
                now = end.time or datetime.now(UTC)
                outcome = handle(json.dumps(payload).encode("utf-8"), found.harness, run_env, now=now, warm=warm)
                kind, text, final = _context(found.harness, copy)
                final = end.final_text if end.final_text is not None else final
                rows.append(Row(end.time, end.offset, kind, text, outcome.line.to_dict(), inferred, final))
    return rows


def _payload(found: Recognised, end: TurnEnd, copy: str, number: int) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The Stop payload the harness would have sent at this turn-end, and what of it was inferred."""
    if found.harness == CODEX:
        payload = {
            "session_id": found.session, "turn_id": end.turn_id or f"replay-{number}", "transcript_path": copy,
            "cwd": found.cwd, "hook_event_name": "Stop", "model": end.model or "unknown",
            "permission_mode": "default", "stop_hook_active": end.stop_hook_active,
            "last_assistant_message": end.final_text,
        }
        return payload, ()
    payload = {
        "session_id": found.session, "transcript_path": copy, "cwd": found.cwd, "permission_mode": "default",
        "hook_event_name": "Stop", "stop_hook_active": end.stop_hook_active,
    }
    if not end.background:
        return payload, ()
    payload["background_tasks"] = [{"id": task, "status": "running"} for task, _ in end.background]
    names = ", ".join(task for task, _ in end.background)
    return payload, (f"background in flight (inferred from the transcript): {names}",)


def _context(harness: str, copy: str) -> tuple[str, str | None, str | None]:
    """The prompting context the live hook read at this turn-end, and the final text it judged."""
    if harness == CODEX:
        from hook.harness.codex import CodexTranscript

        turn = CodexTranscript(False)(copy, default_walk_config())
    else:
        from hook.harness.claude import read_claude_turn

        turn = read_claude_turn(copy, default_walk_config())
    return turn.context.kind, turn.context.text, turn.final_text


class ReplayError(Exception):
    """The file is not a session replay can read; the message says what it holds."""


@dataclass(frozen=True)
class Recognised:
    """The harness a session file belongs to, its session id and folder, and a description for messages."""

    harness: str
    session: str
    cwd: str | None
    description: str


# Record kinds of a Claude Code transcript (SPEC §3.2) and of a Codex rollout.
CLAUDE_KINDS = frozenset({
    "user", "assistant", "system", "summary", "attachment", "queue-operation", "file-history-snapshot",
    "ai-title", "progress", "permission-mode", "last-prompt", "custom-title",
})
# Keys a Claude Code record carries besides its type (Gemini CLI's messages also say "type": "user").
CLAUDE_KEYS = frozenset({"uuid", "sessionId", "message", "leafUuid", "messageId"})
CODEX_KINDS = frozenset({"session_meta", "response_item", "event_msg", "turn_context", "compacted"})
SNIFF_LINES = 200
SNIFF_BYTES = 4 << 20


def recognise(path: str) -> Recognised:
    """The harness of a session file, from its first records; ReplayError naming what it holds otherwise."""
    loads = _loads()
    kinds: Counter[str] = Counter()
    shapes: list[str] = []
    unparsed = 0
    session = cwd = version = None
    harness = None
    read = 0
    with open(path, "rb") as fh:
        for number, raw in enumerate(fh):
            read += len(raw)
            if number >= SNIFF_LINES or read > SNIFF_BYTES:
                break
            if not raw.strip():
                continue
            try:
                record = loads(raw)
            except (ValueError, RecursionError):
                unparsed += 1
                continue
            if not isinstance(record, dict):
                shapes.append(f"a JSON {type(record).__name__}")
                continue
            kind = record.get("type")
            if isinstance(kind, str) and (kind in CODEX_KINDS and "payload" in record):
                harness = harness or CODEX
                kinds[kind] += 1
                meta = record.get("payload") if kind == "session_meta" else None
                if isinstance(meta, dict):
                    session, cwd = string(meta.get("id")) or session, string(meta.get("cwd")) or cwd
                    version = string(meta.get("cli_version")) or version
            elif isinstance(kind, str) and kind in CLAUDE_KINDS and not CLAUDE_KEYS.isdisjoint(record):
                harness = harness or CLAUDE
                kinds[kind] += 1
                session = session or string(record.get("sessionId"))
                cwd = cwd or string(record.get("cwd"))
                version = version or string(record.get("version"))
            else:
                shapes.append(_shape(record))
    if harness is None:
        found = _found(shapes, unparsed, path)
        raise ReplayError(f"{path} is not a Claude Code transcript or a Codex rollout: {found}")
    name = "a Codex rollout" if harness == CODEX else "a Claude Code transcript"
    described = f"{name}{f' (version {version})' if version else ''}"
    return Recognised(harness, session or os.path.splitext(os.path.basename(path))[0], cwd, described)


def _shape(record: Mapping[str, Any]) -> str:
    """A foreign record in a few words: the other harnesses' session files by their keys."""
    if "sessionId" in record and "projectHash" in record:
        return "a Gemini CLI session file (replay reads Claude Code and Codex sessions)"
    if "role" in record and "message" in record:
        return "a Cursor agent transcript (replay reads Claude Code and Codex sessions)"
    keys = ", ".join(sorted(map(str, record))[:6])
    kind = record.get("type")
    return f"records of type {kind!r} with keys {keys}" if kind is not None else f"objects with keys {keys}"


def _found(shapes: Sequence[str], unparsed: int, path: str) -> str:
    """What the first lines hold, for the error message."""
    if shapes:
        common = Counter(shapes).most_common(1)[0][0]
        return f"found {common}"
    if unparsed:
        with open(path, "rb") as fh:
            head = fh.read(2).lstrip()
        if head.startswith(b"{") or head.startswith(b"["):
            return (f"found JSON spread over several lines ({unparsed} lines that are not JSON on their own): "
                    "the records are pretty-printed, not one per line (JSONL); compact them, e.g. `jq -c .`")
        return f"found {unparsed} lines that are not JSON"
    return "found no records (the file is empty)"


def totals(rows: Sequence[Row]) -> dict[str, int]:
    return dict(Counter(str(r.line.get("class")) for r in rows))


# The indent of a row's own lines (the prompt, what the agent said last, why the hook decided so), and the
# widest a compact table gets.
INDENT = "    "
MAX_WIDTH = 120


def render_text(path: str, rows: Sequence[Row], description: str | None = None, width: int = 100) -> str:
    """The rows a person reads in a terminal `width` columns wide (at most 120): a line with the time,
    the kind of prompting context, class, tag and the phrase or claim, then on lines of their own the
    prompt (when it differs from the row before), the end of the final text and the reason, each cut to
    the width."""
    import textwrap

    width = min(width, MAX_WIDTH)
    first, recognised = _preamble(path, rows, description)
    out = [*textwrap.wrap(first, width, break_long_words=False, break_on_hyphens=False), recognised]
    cells = [(_minute(r.time), r.context_kind, str(r.line.get("class")), str(r.line.get("tag"))) for r in rows]
    header = ("time (UTC)", "context", "class", "tag")
    widths = [max(len(c[i]) for c in [header, *cells]) for i in range(len(header))]
    out.append(_cut("  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)) + "  phrase or claim", width))
    room = width - len(INDENT) - 8
    prompt = None
    for row, cell in zip(rows, cells, strict=True):
        lead = "  ".join(c.ljust(w) for c, w in zip(cell, widths, strict=True))
        out.append(_cut(f"{lead}  {_decisive(row)}", width))
        if (row.context_kind, row.context_text) != prompt:
            prompt = (row.context_kind, row.context_text)
            out.append(f"{INDENT}prompt  {_clip(row.context_text, room) or '-'}")
        out.append(f"{INDENT}said    {_tail(row.final_text, room) or '(no final text)'}")
        out.append(f"{INDENT}why     {_clip(' '.join(str(row.line.get('reason') or '-').split()), room)}")
        observed = _observed(row)
        if observed != "-":
            out.append(_cut(f"{INDENT}observed (not refused on): {observed}", width))
        out.extend(_cut(f"{INDENT}inferred: {note}", width) for note in row.inferred)
    return "\n".join([*out, "", _totals_line(rows)])


def render_wide(path: str, rows: Sequence[Row], description: str | None = None) -> str:
    """Every column on one line per row (`--wide`): time, prompting context, class, tag, phrase, observed,
    claim, the end of the final text and the whole reason."""
    header = (
        f"{'time':<20}  {'prompting context':<{CONTEXT_WIDTH}}  {'class':<20}  {'tag':<24}  {'phrase':<{PHRASE_WIDTH}}"
        f"  {'observed':<{PHRASE_WIDTH}}  {'claim':<{CLAIM_WIDTH}}  {'final text (end)':<{FINAL_WIDTH}}  reason"
    )
    out = [*_preamble(path, rows, description), header]
    for row in rows:
        line = row.line
        context = f"{row.context_kind}: {_clip(row.context_text, CONTEXT_WIDTH) or '-'}"
        out.append(
            f"{_iso(row.time) or '-':<20}  {_clip(context, CONTEXT_WIDTH):<{CONTEXT_WIDTH}}  "
            f"{line.get('class'):<20}  {line.get('tag'):<24}  {_phrase(row):<{PHRASE_WIDTH}}  "
            f"{_observed(row):<{PHRASE_WIDTH}}  {_clip(_claim(row), CLAIM_WIDTH):<{CLAIM_WIDTH}}  "
            f"{_tail(row.final_text, FINAL_WIDTH) or '-':<{FINAL_WIDTH}}  {' '.join(str(line.get('reason')).split())}"
        )
        out.extend(f"{'':<20}  inferred: {note}" for note in row.inferred)
    return "\n".join([*out, "", _totals_line(rows)])


def _preamble(path: str, rows: Sequence[Row], description: str | None) -> list[str]:
    return [
        f"replay: {path}: {len(rows)} turn-end(s), judged in dry-run (nothing written to the audit log or state)",
        f"recognised as {description}" if description else "",
    ]


def _totals_line(rows: Sequence[Row]) -> str:
    counted = totals(rows)
    return "totals: " + (", ".join(f"{k} {v}" for k, v in sorted(counted.items())) or NO_TURN_ENDS)


def _decisive(row: Row) -> str:
    """What the decision quoted: the phrase with its verdict, or row U's claim, else '-'."""
    phrase = _phrase(row)
    if phrase != "-":
        return phrase
    claim = _claim(row)
    return f"claim {claim}" if claim != "-" else "-"


def _tail(text: str | None, width: int) -> str | None:
    """The last `width` characters of the text on one line (where the agent ended its turn)."""
    if text is None:
        return None
    flat = " ".join(text.split())
    return flat if len(flat) <= width else "…" + flat[-(width - 1):].lstrip()


def _cut(line: str, width: int) -> str:
    return line if len(line) <= width else line[: width - 1].rstrip() + "…"


def _minute(when: datetime | None) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%d %H:%M") if when else "-"


def _claim(row: Row) -> str:
    """Row U's claim: its form and the sentence, clipped (SPEC §5.5: unbacked claims in their own column)."""
    claim = row.line.get("claim")
    if not isinstance(claim, Mapping):
        return "-"
    return f"{claim.get('form')}: {_clip(str(claim.get('text')), CONTEXT_WIDTH)}"


def _phrase(row: Row) -> str:
    """The phrase with the analyzer's verdict: an exempt phrase did not decide the stop."""
    shown = row.to_dict()
    return f"{shown['phrase']} ({shown['verdict']})" if shown["phrase"] else "-"


def _observed(row: Row) -> str:
    """The observe-mode findings of the stop, as 'phrase (family)': recorded, never refused on."""
    found = row.to_dict()["observed"]
    return ", ".join(f"{o.get('phrase')} ({o.get('family')})" for o in found) or "-"


def _clip(text: str | None, width: int) -> str | None:
    if text is None:
        return None
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def _iso(when: datetime | None) -> str | None:
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if when else None


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("transcript", metavar="TRANSCRIPT.jsonl", help="a Claude Code session or a Codex rollout")
    parser.add_argument("--harness", choices=(CLAUDE, CODEX), help="the harness that wrote it (default: recognised)")
    parser.add_argument("--json", action="store_true", help="print the rows and totals as JSON")
    parser.add_argument("--wide", action="store_true",
                        help="every column on one line per row (the compact table fits the terminal)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Exit 0 after printing the rows (refusals are findings, not failures); 2 when the file cannot be read
    or is not a session replay reads."""
    try:
        found = recognise(args.transcript)
        rows = replay(args.transcript, os.environ, args.harness, warm=present_server(os.environ))
    except (OSError, ReplayError) as exc:
        print(f"lanegate replay: {exc}", file=sys.stderr)
        return 2
    if args.json:
        data = {
            "schema": 1,
            "transcript": args.transcript,
            "harness": found.harness,
            "recognised": found.description,
            "mode": "dry-run",
            "turns": [r.to_dict() for r in rows],
            "totals": totals(rows),
        }
        print(json.dumps(data, indent=2, ensure_ascii=False))
    elif args.wide:
        print(render_wide(args.transcript, rows, found.description))
    else:
        from hook.commands.audit import terminal_width

        print(render_text(args.transcript, rows, found.description, terminal_width()))
    return 0
