"""`lanegate replay TRANSCRIPT.jsonl`: what the hook would have decided at every turn-end of a recorded
session (docs/DESIGN.md#golden), in dry-run, writing nothing to the real audit log or state. The harness is recognised
from the first records (or named with --harness); a file no harness reads is an error that says what it
holds, never "0 turn-ends".

"At that moment" means the transcript as it stood when the turn ended: the session is copied forward,
line by line, into a temporary file, and at each turn-end hook.core.handle (the code `lanegate hook`
runs) judges that growing copy, so the backwards walk sees exactly the bytes the live hook saw and the
byte offsets kept in the session state match the original. State persists across the replayed stops
in a temporary folder, so the ceiling, the drive-ratchet and the artifact boundary behave as they would
have.

What a session file looks like is its harness's knowledge (`Harness.recorded()`, hook.harness): how to
recognise it, where its turns end (Claude Code: the last main-line assistant text before the next prompt,
hook.harness.claude.replay; Codex: its task_complete event), and the Stop payload the harness would have
sent there — with what had to be inferred from the records (Claude Code's background work in flight),
which the row says.
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
from typing import TYPE_CHECKING, Any, BinaryIO

from hook.commands.audit import deciding
from hook.commands.serve import user_server
from hook.harness import ADAPTERS, FALLBACK, Sniffed, TurnEnd, get_harness, harness_facts, harness_walk, walk_for
from hook.transcript.walk import WalkConfig
from lanegate_common.terminal import escaped, json_escaped
from warmparse.use import WarmUse

if TYPE_CHECKING:  # the adapter protocols exist for type checkers only (hook.harness keeps typing off a stop)
    from hook.harness import Harness, RecordedSessions

CONTEXT_WIDTH = 46
PHRASE_WIDTH = 28
CLAIM_WIDTH = 46
FINAL_WIDTH = 40


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
            "because": deciding(line),
            "phrase": line.get("phrase"),
            "verdict": finding.get("verdict") if finding else None,
            "claim": line.get("claim"),
            "reason": line.get("reason"),
            "final_text": self.final_text,
            "inferred": list(self.inferred),
            "observed": [dict(o) for o in line.get("observed", ())],  # observe-mode findings
                                                                      # (docs/DESIGN.md#phrase-families)
        }


def _loads() -> Callable[[bytes], Any]:
    """orjson when installed: replay reads every line of a session that can be hundreds of MB."""
    try:
        import orjson
    except ImportError:  # pragma: no cover - orjson is a declared dependency
        return json.loads
    return orjson.loads


# A recognised session in which no turn finished (a copy taken while the agent was still working).
NO_TURN_ENDS = (
    "no turn-ends: no turn of this session finished (a turn ends with the model's final text before the next "
    "prompt; in a Codex rollout, at task_complete) — the file ends inside a turn"
)


def formats() -> dict[str, RecordedSessions]:
    """Every harness's recorded sessions, in detection order: what replay reads and what it can name."""
    return {name: get_harness(name).recorded() for name in ADAPTERS}


def readable() -> dict[str, RecordedSessions]:
    return {name: found for name, found in formats().items() if found.readable}


def turn_ends(
    source: BinaryIO, sink: BinaryIO, walk: WalkConfig | None = None, *, harness: str = FALLBACK
) -> Iterator[TurnEnd]:
    """Copy `source` into `sink` line by line; at each turn-end, yield with `sink` holding the prefix."""
    scanner = get_harness(harness).recorded().scanner(walk or walk_for(harness))
    loads = _loads()
    offset = 0
    for raw in source:
        end = scanner.boundary(_record(raw, loads), offset)
        if end is not None:
            sink.flush()
            yield end
        sink.write(raw)
        offset += len(raw)
    sink.flush()
    end = scanner.finish(offset)
    if end is not None:
        yield end


def _record(raw: bytes, loads: Callable[[bytes], Any]) -> Mapping[str, Any] | None:
    """One line's JSON object; None for a blank line, a line that is not JSON, or another JSON value."""
    if not raw.strip():
        return None
    try:
        value = loads(raw)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


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
        # What a live harness sets for its hook (the project folder) is not the replaying person's to give.
        live = {harness_facts(get_harness(name)).project_dir_env for name in ADAPTERS}
        run_env = {k: v for k, v in env.items() if k not in live}
        run_env.update(
            LANEGATE_MODE="dry-run",
            LANEGATE_AUDIT_LOG=os.path.join(tmp, "audit.jsonl"),
            LANEGATE_STATE_DIR=os.path.join(tmp, "state"),
        )
        sessions = get_harness(found.harness).recorded()
        with open(copy, "wb") as sink:
            for number, end in enumerate(turn_ends(source, sink, harness=found.harness), 1):
                payload, inferred = sessions.stop_payload(end, found.session, found.cwd, copy, number)
                now = end.time or datetime.now(UTC)
                outcome = handle(json.dumps(payload).encode("utf-8"), found.harness, run_env, now=now, warm=warm)
                kind, text, final = _context(get_harness(found.harness), payload)
                final = end.final_text if end.final_text is not None else final
                rows.append(Row(end.time, end.offset, kind, text, outcome.line.to_dict(), inferred, final))
    return rows


def _context(harness: Harness, payload: Mapping[str, Any]) -> tuple[str, str | None, str | None]:
    """The prompting context the live hook read at this turn-end (the harness's own reader on the copy), and
    the final text it judged."""
    stop = harness.parse(payload, {})
    turn = stop.read_turn(stop.transcript_path, harness_walk(harness))
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


SNIFF_LINES = 200
SNIFF_BYTES = 4 << 20


def recognise(path: str) -> Recognised:
    """The harness of a session file, from its first records; ReplayError naming what it holds otherwise."""
    loads = _loads()
    known = formats()
    shapes: list[str] = []
    unparsed = 0
    found = Sniffed()
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
            for name, sessions in known.items():
                sniffed = sessions.sniff(record, found)
                if sniffed is None:
                    continue
                if sessions.readable:
                    harness, found = harness or name, sniffed
                else:
                    shapes.append(f"{sessions.description} (replay reads {_titles(known)} sessions)")
                break
            else:
                shapes.append(_shape(record))
    if harness is None:
        what = " or ".join(s.description for s in known.values() if s.readable)
        raise ReplayError(f"{path} is not {what}: {_found(shapes, unparsed, path)}")
    version = found.version
    described = f"{known[harness].description}{f' (version {version})' if version else ''}"
    return Recognised(harness, found.session or os.path.splitext(os.path.basename(path))[0], found.cwd, described)


def _titles(known: Mapping[str, RecordedSessions]) -> str:
    """The harnesses whose sessions replay reads, as people name them: "Claude Code and Codex"."""
    titles = [s.title for s in known.values() if s.readable]
    return " and ".join(titles) if len(titles) < 3 else ", ".join(titles[:-1]) + " and " + titles[-1]


def _shape(record: Mapping[str, Any]) -> str:
    """A record no harness claims, in a few words: its type and keys."""
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
    """The rows a person reads in a terminal `width` columns wide (at most 120): a line with the turn-end's
    number (what `golden add --replay` takes), the time, the kind of prompting context, class, tag and the
    phrase or claim, then on lines of their own the prompt (when it differs from the row before), the end of
    the final text and what decided (the rule, phrase or gate), each cut to the width. The header is a line
    each for the file, what it was recognised as and how it was judged: none wraps."""
    width = min(width, MAX_WIDTH)
    out = [
        _cut(f"replay {_tail(path, width - len('replay ')) or path}", width),
        _cut(f"{len(rows)} turn-end(s) of {description or 'a recorded session'}", width),
        _cut("judged in dry-run: nothing written to the audit log or state", width),
    ]
    cells = [
        (str(n), _minute(r.time), r.context_kind, str(r.line.get("class")), str(r.line.get("tag")))
        for n, r in enumerate(rows, 1)
    ]
    header = ("#", "time (UTC)", "context", "class", "tag")
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
        out.append(f"{INDENT}why     {_clip(deciding(row.line), room)}")
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
    """Row U's claim: its form and the sentence, clipped (docs/DESIGN.md#golden: unbacked claims in their own
    column)."""
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
    parser.add_argument("--harness", choices=list(readable()), help="the harness that wrote it (default: recognised)")
    parser.add_argument("--json", action="store_true", help="print the rows and totals as JSON")
    parser.add_argument("--wide", action="store_true",
                        help="every column on one line per row (the compact table fits the terminal)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Exit 0 after printing the rows (refusals are findings, not failures); 2 when the file cannot be read
    or is not a session replay reads."""
    try:
        found = recognise(args.transcript)
        rows = replay(args.transcript, os.environ, args.harness, warm=user_server(os.environ))
    except (OSError, ReplayError) as exc:
        print(escaped(f"lanegate replay: {exc}"), file=sys.stderr)
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
        print(json_escaped(json.dumps(data, indent=2, ensure_ascii=False)))
    elif args.wide:
        print(escaped(render_wide(args.transcript, rows, found.description)))
    else:
        from hook.commands.audit import terminal_width

        print(escaped(render_text(args.transcript, rows, found.description, terminal_width())))
    return 0
