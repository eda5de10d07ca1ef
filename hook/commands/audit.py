"""`lanegate audit`: counts per class and tag, and the refusal chains, so "did the hook go teethless?"
is one command (SPEC §1.4). Off the per-stop path, so orjson is welcome here.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

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


def summarize(lines: Iterable[bytes], since: datetime | None = None) -> dict[str, Any]:
    """The JSON shape of SPEC §1.4, plus `malformed`: torn or foreign lines skipped and counted."""
    loads = _loader()
    classes: dict[str, Counter[str]] = {}
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
        stamp, klass, tag, session, in_loop, families = record
        if since is not None and stamp < since:
            continue
        counted += 1
        observed.update(families)
        split = classes.setdefault(klass, Counter())
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
    return {
        "since": since.isoformat().replace("+00:00", "Z") if since else None,
        "lines": counted,
        "malformed": malformed,
        "classes": {
            k: {"operator_in_loop": c["operator_in_loop"], "autonomous": c["autonomous"], "total": c["total"]}
            for k, c in sorted(classes.items(), key=lambda kv: _class_order(kv[0]))
        },
        "tags": dict(sorted(tags.items(), key=lambda kv: (-kv[1], kv[0]))),
        "chains": chain_stats(chains),
        "observed": dict(sorted(observed.items(), key=lambda kv: (-kv[1], kv[0]))),
    }


def _record(
    raw: bytes, loads: Callable[[bytes], Any]
) -> tuple[datetime, str, str, str | None, Any, list[str]] | None:
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
    return (
        stamp,
        klass,
        tag,
        session if isinstance(session, str) else None,
        data.get("operator_in_loop"),
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
    return "\n".join(out) + "\n"


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        pairs = zip(row, widths, strict=True)
        cells = [cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(pairs)]
        lines.append("  ".join(cells))
    return lines


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--since", help="only lines newer than this: 48h, 7d, 30m or an ISO timestamp")
    parser.add_argument("--log", help="the audit log (default: the configured audit_log)")
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
    path = args.log or load_config(os.environ, None).audit_log
    try:
        with open(path, "rb") as fh:
            summary = summarize(fh, since)
    except OSError as exc:
        print(f"lanegate audit: cannot read {path}: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        sys.stdout.write(render_text(summary))
    return 0
