"""`lanegate replay TRANSCRIPT.jsonl`: what the hook would have decided at every turn-end of a recorded
Claude Code session (SPEC §5.5), in dry-run, writing nothing to the real audit log or state.

"At that moment" means the transcript as it stood when the turn ended: the session is copied forward,
line by line, into a temporary file, and at each turn-end hook.core.handle (the code `lanegate hook`
runs) judges that growing copy, so the backwards walk sees exactly the bytes the live hook saw and the
byte offsets kept in the session state match the original. State persists across the replayed stops
in a temporary folder, so the ceiling, the drive-ratchet and the artifact boundary behave as they would
have. A turn-end is the last main-line assistant record, carrying text and no tool call, before the next
prompting record, Stop hook feedback, stop_hook_summary record or the end of the file; a turn that was
interrupted by the user is no turn-end (Claude Code runs no Stop hook then).
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

from hook.transcript.records import block_texts, blocks, flag, parse_timestamp, string
from hook.transcript.walk import WalkConfig, classify_record, default_walk_config
from warmparse.route import present_server
from warmparse.use import WarmUse

FEEDBACK_PREFIXES = ("Stop hook feedback:", "SubagentStop hook feedback:")
INTERRUPT_PREFIX = "[Request interrupted by user"
STOP_SUMMARY = "stop_hook_summary"
CONTEXT_WIDTH = 46


@dataclass(frozen=True)
class TurnEnd:
    """Where a turn ended: the prefix length in bytes, when, and whether a refusal came before it."""

    offset: int
    time: datetime | None
    stop_hook_active: bool


@dataclass(frozen=True)
class Row:
    """One replayed stop: the turn-end, its prompting context and the decision's audit line."""

    time: datetime | None
    offset: int
    context_kind: str
    context_text: str | None
    line: Mapping[str, Any]

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
            "reason": line.get("reason"),
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
        return None

    def finish(self, offset: int) -> TurnEnd | None:
        return self._close(offset)

    def _close(self, offset: int) -> TurnEnd | None:
        if not self.pending:
            return None
        self.pending = False
        return TurnEnd(offset, self.pending_time, self.refused_since_prompt)

    def _main_line(self, record: Mapping[str, Any]) -> Mapping[str, Any]:
        """A subagent's own file marks every record isSidechain (with agentId): there it is the main line."""
        if self.subagent_file is None and record.get("type") in ("user", "assistant"):
            self.subagent_file = record.get("isSidechain") is True and isinstance(record.get("agentId"), str)
        if self.subagent_file and record.get("isSidechain") is True:
            return {**record, "isSidechain": False}
        return record


def _starts(record: Mapping[str, Any], prefixes: Sequence[str]) -> bool:
    return any(t.lstrip().startswith(prefixes) for t in block_texts(record))


def turn_ends(source: BinaryIO, sink: BinaryIO, walk: WalkConfig | None = None) -> Iterator[TurnEnd]:
    """Copy `source` into `sink` line by line; at each turn-end, yield with `sink` holding the prefix."""
    scanner = _Scanner(walk or default_walk_config())
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


def replay(path: str, env: Mapping[str, str], warm: WarmUse | None = None) -> list[Row]:
    """Judge every turn-end of the session at `path` in dry-run; audit and state go to a temp folder.

    warm: the parse server the judgements may use (never start); None parses in this process.
    """
    from hook.core import handle
    from hook.transcript.turn import read_turn

    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="lanegate-replay-") as tmp, open(path, "rb") as source:
        copy = os.path.join(tmp, os.path.basename(path))
        run_env = {k: v for k, v in env.items() if k != "CLAUDE_PROJECT_DIR"}
        run_env.update(
            LANEGATE_MODE="dry-run",
            LANEGATE_AUDIT_LOG=os.path.join(tmp, "audit.jsonl"),
            LANEGATE_STATE_DIR=os.path.join(tmp, "state"),
        )
        session, cwd = _session_of(path)
        with open(copy, "wb") as sink:
            for end in turn_ends(source, sink):
                payload = {
                    "session_id": session,
                    "transcript_path": copy,
                    "cwd": cwd,
                    "permission_mode": "default",
                    "hook_event_name": "Stop",
                    "stop_hook_active": end.stop_hook_active,
                }
                now = end.time or datetime.now(UTC)
                outcome = handle(json.dumps(payload).encode("utf-8"), "claude", run_env, now=now, warm=warm)
                context = read_turn(copy).context
                rows.append(Row(end.time, end.offset, context.kind, context.text, outcome.line.to_dict()))
    return rows


def _session_of(path: str) -> tuple[str, str | None]:
    """The sessionId and cwd of the first record that carries them (else the file name, no cwd)."""
    loads = _loads()
    with open(path, "rb") as fh:
        for raw in fh:
            try:
                record = loads(raw)
            except (ValueError, RecursionError):
                continue
            if isinstance(record, dict) and isinstance(record.get("sessionId"), str):
                cwd = record.get("cwd")
                return record["sessionId"], cwd if isinstance(cwd, str) else None
    return os.path.splitext(os.path.basename(path))[0], None


def totals(rows: Sequence[Row]) -> dict[str, int]:
    return dict(Counter(str(r.line.get("class")) for r in rows))


def render_text(path: str, rows: Sequence[Row]) -> str:
    header = f"{'time':<20}  {'prompting context':<{CONTEXT_WIDTH}}  {'class':<20}  {'tag':<24}  phrase"
    out = [
        f"replay: {path}: {len(rows)} turn-end(s), judged in dry-run (nothing written to the audit log or state)",
        "",
        header,
    ]
    for row in rows:
        line = row.line
        context = f"{row.context_kind}: {_clip(row.context_text, CONTEXT_WIDTH) or '-'}"
        out.append(
            f"{_iso(row.time) or '-':<20}  {_clip(context, CONTEXT_WIDTH):<{CONTEXT_WIDTH}}  "
            f"{line.get('class'):<20}  {line.get('tag'):<24}  {_phrase(row)}"
        )
    counted = totals(rows)
    out += ["", "totals: " + (", ".join(f"{k} {v}" for k, v in sorted(counted.items())) or "no turn-ends")]
    return "\n".join(out)


def _phrase(row: Row) -> str:
    """The phrase with the analyzer's verdict: an exempt phrase did not decide the stop."""
    shown = row.to_dict()
    return f"{shown['phrase']} ({shown['verdict']})" if shown["phrase"] else "-"


def _clip(text: str | None, width: int) -> str | None:
    if text is None:
        return None
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def _iso(when: datetime | None) -> str | None:
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if when else None


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("transcript", metavar="TRANSCRIPT.jsonl", help="a recorded Claude Code session")
    parser.add_argument("--json", action="store_true", help="print the rows and totals as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Exit 0 after printing the rows (refusals are findings, not failures); 2 when the file cannot be read."""
    try:
        rows = replay(args.transcript, os.environ, present_server(os.environ))
    except OSError as exc:
        print(f"lanegate replay: {exc}", file=sys.stderr)
        return 2
    if args.json:
        data = {
            "schema": 1,
            "transcript": args.transcript,
            "mode": "dry-run",
            "turns": [r.to_dict() for r in rows],
            "totals": totals(rows),
        }
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print(render_text(args.transcript, rows))
    return 0
