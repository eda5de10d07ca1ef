"""`lanegate audit`: counts per class and tag, and the refusal chains, so "did the hook go teethless?"
is one command (docs/DESIGN.md#audit-log); `--list` prints the refusals one a line, `--html FILE` writes a page a person
reads in a browser (hook/commands/audit_page.py), `audit export --otlp URL` ships new lines to an
OpenTelemetry collector (hook/commands/audit_export.py). Off the per-stop path, so orjson is welcome here.
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import itertools
import json
import math
import os
import re
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any, BinaryIO, NamedTuple

from hook.audit import CLASSES, REFUSAL_CLASSES
from lanegate_common.terminal import escaped

_RELATIVE = re.compile(r"^\s*(\d+)\s*([mhd])\s*$", re.IGNORECASE)
_UNITS = {"m": "minutes", "h": "hours", "d": "days"}


def parse_since(text: str, now: datetime) -> datetime:
    """`48h`, `7d`, `30m`, or an ISO-8601 timestamp (UTC when it names no zone)."""
    match = _RELATIVE.match(text)
    if match:
        return now - timedelta(**{_UNITS[match.group(2).lower()]: int(match.group(1))})
    try:
        stamp = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"--since {text!r}: expected Nm, Nh, Nd or an ISO-8601 timestamp") from None
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)


def _loader() -> Callable[[bytes], Any]:
    """orjson when installed: a million-line log parses several times faster."""
    try:
        import orjson
    except ImportError:  # pragma: no cover - orjson is a declared dependency
        return json.loads
    return orjson.loads


def summarize(
    lines: Iterable[bytes],
    since: datetime | None = None,
    *,
    by_identity: bool = False,
    each: Callable[[Entry, int], None] | None = None,
) -> dict[str, Any]:
    """The JSON shape of docs/DESIGN.md#audit-log, plus `malformed`: torn or foreign lines skipped and counted.

    by_identity: add `identities`, the class table of each seat (LANEGATE_IDENTITY), for several seats'
    logs read together (revision 2) — when the lines name any identity (one unnamed seat adds nothing).
    each: called with every counted line and its number among its session's lines (stop_label), so a
    report that needs more (the page's timeline) reads the log in the same pass.
    """
    loads = _loader()
    classes: dict[str, Counter[str]] = {}
    seats: dict[str, dict[str, Counter[str]]] = {}  # identity -> class -> split
    tags: Counter[str] = Counter()
    observed: Counter[str] = Counter()
    chains = Chains()
    counted = malformed = 0
    stops: Counter[str | None] = Counter()
    for raw in lines:
        if not raw.strip():
            continue
        entry = _record(raw, loads)
        if entry is None:
            malformed += 1
            continue
        stops[entry.session] += 1
        if since is not None and entry.stamp < since:
            continue
        counted += 1
        if each is not None:
            each(entry, stops[entry.session])
        observed.update(entry.families)
        seat = seats.setdefault(entry.identity, {})
        for split in (classes.setdefault(entry.klass, Counter()), seat.setdefault(entry.klass, Counter())):
            split["total"] += 1
            if entry.in_loop is True:
                split["operator_in_loop"] += 1
            elif entry.in_loop is False:
                split["autonomous"] += 1
        tags[entry.tag] += 1
        chains.feed(entry.session, entry.klass)
    summary = {
        "since": since.isoformat().replace("+00:00", "Z") if since else None,
        "lines": counted,
        "malformed": malformed,
        "classes": _class_table(classes),
        "tags": dict(sorted(tags.items(), key=lambda kv: (-kv[1], kv[0]))),
        "chains": chain_stats(chains.lengths()),
        "observed": dict(sorted(observed.items(), key=lambda kv: (-kv[1], kv[0]))),
    }
    if by_identity and (len(seats) > 1 or (seats and NO_IDENTITY not in seats)):
        summary["identities"] = {
            seat: {"lines": sum(c["total"] for c in split.values()), "classes": _class_table(split)}
            for seat, split in sorted(seats.items())
        }
    return summary


class Chains:
    """Per session, the runs of consecutive refusals: a run ends at the session's next other stop (or at
    the end of the log); lines with no session belong to no chain."""

    def __init__(self) -> None:
        self.open: dict[str, int] = {}
        self.closed: list[int] = []

    def feed(self, session: str | None, klass: str) -> None:
        if session is None:
            return
        if klass in REFUSAL_CLASSES:
            self.open[session] = self.open.get(session, 0) + 1
        elif self.open.get(session):
            self.closed.append(self.open.pop(session))

    def lengths(self) -> list[int]:
        """Every chain's length, the runs still open at the end of the log included."""
        return self.closed + [n for n in self.open.values() if n]


def _class_table(classes: Mapping[str, Counter[str]]) -> dict[str, dict[str, int]]:
    return {
        k: {"operator_in_loop": c["operator_in_loop"], "autonomous": c["autonomous"], "total": c["total"]}
        for k, c in sorted(classes.items(), key=lambda kv: _class_order(kv[0]))
    }


# The identity of lines that name none (LANEGATE_IDENTITY unset on that seat).
NO_IDENTITY = "(no identity)"


class Entry(NamedTuple):
    """The fields of one audit line that the reports read, and the whole line for those that show it."""

    stamp: datetime
    klass: str
    tag: str
    session: str | None
    in_loop: Any
    identity: str
    families: list[str]
    data: dict[str, Any]


def _record(raw: bytes, loads: Callable[[bytes], Any]) -> Entry | None:
    """The fields the summary reads, or None for a line that is not a whole audit object."""
    try:
        data = loads(raw)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    klass, tag, ts, session = data.get("class"), data.get("tag"), data.get("ts"), data.get("session")
    if not (isinstance(klass, str) and isinstance(tag, str) and isinstance(ts, str)):
        return None
    try:
        stamp = datetime.fromisoformat(ts)
    except ValueError:
        return None
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=UTC)
    identity = data.get("identity")
    seat = identity if isinstance(identity, str) and identity.strip() else NO_IDENTITY
    return Entry(
        stamp,
        klass,
        tag,
        session if isinstance(session, str) else None,
        data.get("operator_in_loop"),
        seat,
        _observed_families(data.get("observed")),
        data,
    )


def _observed_families(observed: object) -> list[str]:
    """The family of each observe-mode finding of a line (revision 2); a line without the field has none."""
    if not isinstance(observed, list):
        return []
    return [o["family"] for o in observed if isinstance(o, dict) and isinstance(o.get("family"), str)]


def _class_order(klass: str) -> tuple[int, str]:
    return (CLASSES.index(klass) if klass in CLASSES else len(CLASSES), klass)


def chain_stats(lengths: list[int]) -> dict[str, Any]:
    """Count, median, nearest-rank p90 and max of the refusal-chain lengths (null when there are none)."""
    if not lengths:
        return {"count": 0, "median": None, "p90": None, "max": None}
    ordered = sorted(lengths)
    return {
        "count": len(ordered),
        "median": statistics.median(ordered),
        "p90": ordered[math.ceil(0.9 * len(ordered)) - 1],
        "max": ordered[-1],
    }


def render_text(summary: Mapping[str, Any]) -> str:
    """The table an operator reads: classes split by operator_in_loop, tags, chains."""
    since = summary["since"] or "the start of the log"
    out = [f"since {since}: {summary['lines']} lines, {summary['malformed']} malformed lines skipped", ""]
    header = ("class", "operator_in_loop=true", "operator_in_loop=false", "total")
    rows = [
        (k, str(v["operator_in_loop"]), str(v["autonomous"]), str(v["total"])) for k, v in summary["classes"].items()
    ]
    out += _table(header, rows)
    out.append("")
    out += _table(("tag", "count"), [(k, str(v)) for k, v in summary["tags"].items()])
    c = summary["chains"]
    out += ["", "refusal chains: " + ", ".join(f"{k} {'-' if c[k] is None else c[k]}" for k in c)]
    out.append("")
    if summary["observed"]:
        out += _table(("observed family", "would-fire"), [(k, str(v)) for k, v in summary["observed"].items()])
    else:
        out.append("observed (observe-mode would-fires): none")
    seats = summary.get("identities", {})
    if seats:
        rows = []
        for seat, data in seats.items():
            for index, (klass, v) in enumerate(data["classes"].items()):
                rows.append((seat if index == 0 else "", klass, str(v["operator_in_loop"]), str(v["autonomous"]),
                             str(v["total"])))
        out += ["", "per identity:"]
        out += _table(("identity", "class", "operator_in_loop=true", "operator_in_loop=false", "total"), rows, left=2)
    return "\n".join(out) + "\n"


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]], left: int = 1) -> list[str]:
    """Columns padded to one width; the first `left` columns flush left (names), the rest right (counts)."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        pairs = zip(row, widths, strict=True)
        cells = [cell.ljust(w) if i < left else cell.rjust(w) for i, (cell, w) in enumerate(pairs)]
        lines.append("  ".join(cells))
    return lines


# ---- what decided a stop, and which stop it was (revision 4) -------------------------------------------

_RULE_LINE = re.compile(r"\((?:rule|trigger): (.*)\)\s*$", re.DOTALL)


def deciding(line: Mapping[str, Any]) -> str:
    """The rule, phrase or gate that decided a stop, in a few words (docs/DESIGN.md#operators): what a person reads
    first, before the directive, whose opening words are the same at every refusal. The line's
    `because`; for a line written before it, the phrase and the finding's reason, row U's claim, the
    rule line a refusal ends with, or the reason."""
    because = line.get("because")
    if isinstance(because, str) and because.strip():
        return flat(because)
    reason = str(line.get("reason") or "-")
    ruled = _RULE_LINE.search(reason)
    why = ruled.group(1) if ruled else reason
    finding = line.get("finding") if isinstance(line.get("finding"), Mapping) else {}
    phrase = line.get("phrase")
    if isinstance(phrase, str) and line.get("tag") == "deference":
        return flat(f'deference phrase "{phrase}": {finding.get("reason") or why}')
    claim = line.get("claim") if isinstance(line.get("claim"), Mapping) else None
    if claim is not None and line.get("tag") == "unbacked-claim":
        return flat(f'unbacked claim "{claim.get("text")}": {claim.get("reason") or why}')
    return flat(why)


def flat(text: str) -> str:
    """Text for one line of a terminal or a table cell: every run of whitespace (newlines included) one
    space. Agent-written text reaches `audit --list` and `replay` through here, the place where the
    terminal escaping of docs/DESIGN.md#evidence applies to it."""
    return " ".join(text.split())


def stop_label(session: str | None, number: int) -> str:
    """A stop as `audit --list` shows it and `lanegate golden add` takes it: the session id's first
    characters, a slash and the stop's number among the session's lines (1 = its first)."""
    return f"{(session or '-')[:SESSION_CHARS]}/{number}"


def numbered(entries: Iterable[Entry]) -> Iterable[tuple[int, Entry]]:
    """Each line with its number among its session's lines, in log order (a session writes to one log)."""
    seen: Counter[str | None] = Counter()
    for entry in entries:
        seen[entry.session] += 1
        yield seen[entry.session], entry


def entries(lines: Iterable[bytes]) -> Iterable[Entry]:
    """The audit objects of the lines, torn and foreign lines skipped."""
    loads = _loader()
    for raw in lines:
        entry = _record(raw, loads) if raw.strip() else None
        if entry is not None:
            yield entry


# ---- the refusals one a line (revision 3) ------------------------------------------------------------

# The detail column gets its own line below the row when less than this is left of the terminal.
MIN_DETAIL = 30
SESSION_CHARS = 8


def refusals(lines: Iterable[bytes], since: datetime | None = None) -> list[dict[str, Any]]:
    """Every refusal (BLOCK, WOULD-BLOCK), oldest first — sorted by time, so several logs read together
    interleave — with what a person needs to find it and to turn it into a golden case: when, which stop of
    which session and seat, class and tag, what decided, the phrase or claim it quoted and the reason."""
    rows = []
    for number, entry in numbered(entries(lines)):
        if entry.klass not in REFUSAL_CLASSES or (since is not None and entry.stamp < since):
            continue
        data = entry.data
        claim = data.get("claim")
        rows.append((entry.stamp, {
            "ts": data["ts"],
            "session": entry.session,
            "stop": stop_label(entry.session, number),
            "identity": None if entry.identity == NO_IDENTITY else entry.identity,
            "harness": _text(data.get("harness")),
            "class": entry.klass,
            "tag": entry.tag,
            "because": deciding(data),
            "phrase": _text(data.get("phrase")),
            "claim": _text(claim.get("text")) if isinstance(claim, dict) else None,
            "reason": _text(data.get("reason")),
        }))
    rows.sort(key=lambda pair: pair[0])
    return [row for _, row in rows]


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def render_list(rows: list[dict[str, Any]], since: datetime | None, width: int) -> str:
    """One refusal a line, cut to `width` columns: time, stop (session and number, what `golden add`
    takes), class, tag, then what decided — the rule, phrase or gate — on a line of its own when the
    terminal is narrow."""
    start = since.isoformat().replace("+00:00", "Z") if since else "the start of the log"
    out = [f"{len(rows)} refusal(s) since {start}"]
    if not rows:
        return out[0] + "\n"
    cells = [(_minute(r["ts"]), r["stop"], r["class"], r["tag"]) for r in rows]
    header = ("time (UTC)", "stop", "class", "tag")
    widths = [max(len(c[i]) for c in [header, *cells]) for i in range(len(header))]
    fixed = sum(widths) + 2 * len(widths)
    inline = width - fixed >= MIN_DETAIL
    names = "  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True))
    out.append((f"{names}  what decided" if inline else names)[:width].rstrip())
    for row, cell in zip(rows, cells, strict=True):
        lead = "  ".join(c.ljust(w) for c, w in zip(cell, widths, strict=True))
        if inline:
            out.append(f"{lead}  {_clip(row['because'], width - fixed)}")
        else:
            out += [lead.rstrip(), "    " + _clip(row["because"], width - 4)]
    return "\n".join(out) + "\n"


def _minute(ts: str) -> str:
    """`2026-12-02T10:01:07.123Z` as `2026-12-02 10:01` (the line's own text, so no zone is converted)."""
    return ts[:16].replace("T", " ")


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(width - 1, 0)].rstrip() + "…"


def terminal_width() -> int:
    """The terminal's columns (COLUMNS when set; 100 when not a terminal), never under 40."""
    import shutil

    return max(40, shutil.get_terminal_size((100, 24)).columns)


# ---- reading the logs and the command ------------------------------------------------------------------


def _open(path: str) -> BinaryIO:
    try:
        return open(path, "rb")
    except OSError as exc:
        raise OSError(f"cannot read {path}: {exc}") from exc


def log_paths(patterns: Iterable[str]) -> list[str]:
    """Each --log: a path, or a glob expanded in sorted order; a glob that matches nothing is an error."""
    paths: list[str] = []
    for pattern in patterns:
        expanded = os.path.expanduser(pattern)
        if glob.has_magic(expanded):
            matched = sorted(glob.glob(expanded))
            if not matched:
                raise ValueError(f"--log {pattern}: no file matches")
            paths.extend(matched)
        else:
            paths.append(expanded)
    return list(dict.fromkeys(paths))


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", nargs="?", choices=("export",),
                        help="export: ship the lines new since the last export to an OpenTelemetry collector")
    parser.add_argument("--since", help="only lines newer than this: 48h, 7d, 30m or an ISO timestamp")
    parser.add_argument("--log", action="append", metavar="PATH",
                        help="an audit log, or a glob of them; repeat for several seats (default: the configured "
                        "audit_log)")
    parser.add_argument("--json", action="store_true", help="print the summary (or the --list) as JSON")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--list", action="store_true", help="print the refusals one a line instead of the summary")
    shown.add_argument("--html", metavar="FILE", help="write a self-contained report to read in a browser")
    parser.add_argument("--otlp", metavar="URL",
                        help="with export: the collector's OTLP/HTTP logs endpoint, e.g. http://collector:4318 "
                        "(/v1/logs is added to a URL without a path)")
    parser.add_argument("--from-start", action="store_true",
                        help="with export: send every line again, ignoring the cursor kept beside the log")
    parser.add_argument("--timeout", type=float, default=10.0, metavar="SECONDS",
                        help="with export: how long the collector has to take each batch (default 10)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the summary, the list or write the page; exit 2 on a bad --since or an unreadable log. The
    configured log not existing yet is no error: no stop was judged on this machine, nothing to count."""
    from hook.config import load_config

    if args.action == "export" or args.otlp or args.from_start:
        return _export(args)
    try:
        since = parse_since(args.since, datetime.now(UTC)) if args.since else None
    except ValueError as exc:
        print(f"lanegate audit: {exc}", file=sys.stderr)
        return 2
    try:
        paths = log_paths(args.log or [load_config(os.environ, None).audit_log])
        if not args.log and not os.path.exists(paths[0]):
            print(f"lanegate audit: no audit log yet at {paths[0]} (no stop has been judged here)", file=sys.stderr)
            paths = []
        with contextlib.ExitStack() as stack:
            files = [stack.enter_context(_open(path)) for path in paths]
            lines = itertools.chain.from_iterable(files)
            if args.list:
                return _print_list(refusals(lines, since), since, args.json)
            if args.html:
                return _write_page(lines, since, paths, args.html)
            summary = summarize(lines, since, by_identity=True)
    except (OSError, ValueError) as exc:
        print(escaped(f"lanegate audit: {exc}"), file=sys.stderr)
        return 2
    if len(paths) > 1:
        summary["logs"] = paths
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        sys.stdout.write(escaped(render_text(summary)))
    return 0


def _print_list(rows: list[dict[str, Any]], since: datetime | None, as_json: bool) -> int:
    if as_json:
        print(json.dumps({"since": since.isoformat().replace("+00:00", "Z") if since else None, "refusals": rows},
                         indent=2))
    else:
        sys.stdout.write(escaped(render_list(rows, since, terminal_width())))
    return 0


def _write_page(lines: Iterable[bytes], since: datetime | None, paths: list[str], target: str) -> int:
    from hook.commands.audit_page import PageData, render_page

    data = PageData()
    summary = summarize(lines, since, by_identity=True, each=data.feed)
    page = render_page(summary, data, logs=paths, generated=datetime.now(UTC))
    try:
        with open(target, "w", encoding="utf-8") as out:
            out.write(page)
    except OSError as exc:
        print(f"lanegate audit: cannot write {target}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"lanegate audit: wrote {target} ({summary['lines']} lines)", file=sys.stderr)
    return 0


def _export(args: argparse.Namespace) -> int:
    """`audit export --otlp URL`: the exporter and its SDK load only here, never for a summary or a stop."""
    if args.action != "export" or not args.otlp:
        print("lanegate audit: ship the log with `lanegate audit export --otlp URL`", file=sys.stderr)
        return 2
    from hook.commands.audit_export import run_export

    return run_export(args)
