"""`lanegate audit`: counts per class and tag, and the refusal chains, so "did the hook go teethless?"
is one command (SPEC §1.4). Off the per-stop path, so orjson is welcome here.
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
from typing import Any, BinaryIO

from hook.audit import CLASSES, REFUSAL_CLASSES

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


def summarize(lines: Iterable[bytes], since: datetime | None = None, *, by_identity: bool = False) -> dict[str, Any]:
    """The JSON shape of SPEC §1.4, plus `malformed`: torn or foreign lines skipped and counted.

    by_identity: add `identities`, the class table of each seat (LANEGATE_IDENTITY), for several seats'
    logs read together (revision 2) — when the lines name any identity (one unnamed seat adds nothing).
    """
    loads = _loader()
    classes: dict[str, Counter[str]] = {}
    seats: dict[str, dict[str, Counter[str]]] = {}  # identity -> class -> split
    tags: Counter[str] = Counter()
    observed: Counter[str] = Counter()
    runs: dict[str, int] = {}
    chains: list[int] = []
    counted = malformed = 0
    for raw in lines:
        if not raw.strip():
            continue
        record = _record(raw, loads)
        if record is None:
            malformed += 1
            continue
        stamp, klass, tag, session, in_loop, identity, families = record
        if since is not None and stamp < since:
            continue
        counted += 1
        observed.update(families)
        seat = seats.setdefault(identity, {})
        for split in (classes.setdefault(klass, Counter()), seat.setdefault(klass, Counter())):
            split["total"] += 1
            if in_loop is True:
                split["operator_in_loop"] += 1
            elif in_loop is False:
                split["autonomous"] += 1
        tags[tag] += 1
        if session is None:
            continue
        if klass in REFUSAL_CLASSES:
            runs[session] = runs.get(session, 0) + 1
        elif runs.get(session):
            chains.append(runs.pop(session))
    chains.extend(n for n in runs.values() if n)
    summary = {
        "since": since.isoformat().replace("+00:00", "Z") if since else None,
        "lines": counted,
        "malformed": malformed,
        "classes": _class_table(classes),
        "tags": dict(sorted(tags.items(), key=lambda kv: (-kv[1], kv[0]))),
        "chains": chain_stats(chains),
        "observed": dict(sorted(observed.items(), key=lambda kv: (-kv[1], kv[0]))),
    }
    if by_identity and (len(seats) > 1 or (seats and NO_IDENTITY not in seats)):
        summary["identities"] = {
            seat: {"lines": sum(c["total"] for c in split.values()), "classes": _class_table(split)}
            for seat, split in sorted(seats.items())
        }
    return summary


def _class_table(classes: Mapping[str, Counter[str]]) -> dict[str, dict[str, int]]:
    return {
        k: {"operator_in_loop": c["operator_in_loop"], "autonomous": c["autonomous"], "total": c["total"]}
        for k, c in sorted(classes.items(), key=lambda kv: _class_order(kv[0]))
    }


# The identity of lines that name none (LANEGATE_IDENTITY unset on that seat).
NO_IDENTITY = "(no identity)"


def _record(
    raw: bytes, loads: Callable[[bytes], Any]
) -> tuple[datetime, str, str, str | None, Any, str, list[str]] | None:
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
    return (
        stamp,
        klass,
        tag,
        session if isinstance(session, str) else None,
        data.get("operator_in_loop"),
        seat,
        _observed_families(data.get("observed")),
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
    parser.add_argument("--since", help="only lines newer than this: 48h, 7d, 30m or an ISO timestamp")
    parser.add_argument("--log", action="append", metavar="PATH",
                        help="an audit log, or a glob of them; repeat for several seats (default: the configured "
                        "audit_log)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the summary; exit 2 on a bad --since or an unreadable log."""
    from hook.config import load_config

    try:
        since = parse_since(args.since, datetime.now(UTC)) if args.since else None
    except ValueError as exc:
        print(f"lanegate audit: {exc}", file=sys.stderr)
        return 2
    try:
        paths = log_paths(args.log or [load_config(os.environ, None).audit_log])
        with contextlib.ExitStack() as stack:
            files = [stack.enter_context(_open(path)) for path in paths]
            summary = summarize(itertools.chain.from_iterable(files), since, by_identity=True)
    except (OSError, ValueError) as exc:
        print(f"lanegate audit: {exc}", file=sys.stderr)
        return 2
    if len(paths) > 1:
        summary["logs"] = paths
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        sys.stdout.write(render_text(summary))
    return 0
