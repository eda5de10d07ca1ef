"""Concurrent seats (docs/DESIGN.md#audit-log, docs/DESIGN.md#failure): six processes × 200 stops against one audit log
and one state dir.

Each worker process loops over hook.core.handle in-process (no interpreter start per stop). Every worker
has its own session with a deterministic refusal pattern (its audit lines must come out in exactly the
planned order, ceiling included), and every worker also stops two shared sessions, where the invariant is
a total: refusals, stops and lines add up across processes. Afterwards every line parses and none is lost.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from hook.commands.audit import summarize
from hook.state import open_session, state_file_name
from tests.transcript_builder import TranscriptBuilder, lane_state_block

ROOT = Path(__file__).resolve().parents[1]
WORKERS = 6
STOPS = 200
SHARED = ("shared-a", "shared-b ü/x")
SOLO_CEILING = 3

WORKER = r"""
import json, os, sys, time
from datetime import datetime
from hook.core import handle

job = json.load(sys.stdin)
now = datetime.fromisoformat(job["now"])
payloads = {kind: json.dumps(p).encode() for kind, p in job["payloads"].items()}
ready = os.path.join(job["dir"], f"ready-{job['worker']}")
open(ready, "w").close()
while not os.path.exists(os.path.join(job["dir"], "go")):
    time.sleep(0.005)
for session, kind, ceiling in job["stops"]:
    raw = payloads[kind].replace(b"@SESSION@", json.dumps(session)[1:-1].encode())
    outcome = handle(raw, None, {**job["env"], "LANEGATE_MAX_REFUSALS": str(ceiling)}, now)
    if outcome.audit_error:
        sys.exit(f"audit write failed: {outcome.audit_error}")
"""


def plan(worker: int) -> list[tuple[str, str, int]]:
    """The worker's stops as (session, kind, max_refusals): its own session keeps the ceiling on."""
    stops = []
    for i in range(STOPS):
        kind = "error" if (i + worker) % 23 == 0 else "allow" if (i * (worker + 1)) % 7 == 3 else "refuse"
        if i % 3 == 2:
            stops.append((SHARED[(i // 3) % 2], kind, 0))  # no ceiling: every refusal is a BLOCK
        else:
            stops.append((f"solo-{worker}", kind, SOLO_CEILING))
    return stops


def expected_classes(kinds: list[str], ceiling: int) -> tuple[list[str], int]:
    """The classes one session's stops must get in order, and its final consecutive-refusal count."""
    classes, consecutive = [], 0
    for kind in kinds:
        if kind == "refuse" and (ceiling == 0 or consecutive < ceiling):
            classes.append("BLOCK")
            consecutive += 1
        else:
            classes.append({"refuse": "CEILING-ALLOW", "allow": "ALLOW", "error": "ERROR"}[kind])
            consecutive = 0
    return classes, consecutive


def payloads(tmp: Path, now: datetime) -> dict[str, dict[str, Any]]:
    """A refusing turn (valid next-lane terminal, autonomous), an allowed one (dialogue), a broken one."""
    gate = {"ref": "design review of the tokenizer", "checkedAt": now.strftime("%Y-%m-%dT%H:%M:%SZ")}
    gate["nextActor"] = "@reviewer"
    terminal = "Tokenizer handed over.\n\n" + lane_state_block("next-lane", [gate])
    refuse = TranscriptBuilder(start=now - timedelta(minutes=3)).wake().bash("make test", "ok")
    allow = TranscriptBuilder(start=now - timedelta(minutes=3)).user("How does the walk decide?")
    paths = {
        "refuse": refuse.assistant_text(terminal).write(tmp / "refuse.jsonl"),
        "allow": allow.assistant_text("It reads back.").write(tmp / "allow.jsonl"),
        # a folder that does not exist: the error is at once (a missing file in an existing folder is waited
        # for, as Claude Code may create it just after its Stop)
        "error": tmp / "gone" / "missing.jsonl",
    }
    texts = {"refuse": terminal, "allow": "It reads back.", "error": "Gone."}
    return {
        kind: {
            "session_id": "@SESSION@",
            "transcript_path": str(path),
            "cwd": str(tmp),
            "hook_event_name": "Stop",
            "stop_hook_active": False,
            "last_assistant_message": texts[kind],
        }
        for kind, path in paths.items()
    }


@pytest.mark.slow
def test_six_processes_of_200_stops_lose_no_line_and_no_count(tmp_path: Path) -> None:
    now = datetime.now(UTC)
    audit, state = tmp_path / "audit.jsonl", tmp_path / "state"
    env = {"HOME": str(tmp_path), "LANEGATE_AUDIT_LOG": str(audit), "LANEGATE_STATE_DIR": str(state)}
    env["LANEGATE_CONFIG"] = str(tmp_path / "none.toml")
    stops = {worker: plan(worker) for worker in range(WORKERS)}
    procs = []
    for worker in range(WORKERS):
        job = {"worker": worker, "dir": str(tmp_path), "now": now.isoformat(), "env": env}
        job.update(payloads=payloads(tmp_path, now), stops=stops[worker])
        proc = subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE, cwd=ROOT, text=True)
        assert proc.stdin is not None
        proc.stdin.write(json.dumps(job))
        proc.stdin.close()
        procs.append(proc)
    deadline = time.monotonic() + 60
    while len(list(tmp_path.glob("ready-*"))) < WORKERS and time.monotonic() < deadline:
        time.sleep(0.01)
    (tmp_path / "go").touch()  # all workers start their loops together
    start = time.monotonic()
    assert [p.wait(timeout=120) for p in procs] == [0] * WORKERS
    print(f"\n{WORKERS} processes x {STOPS} stops: {time.monotonic() - start:.2f} s")

    raw = audit.read_bytes().split(b"\n")
    assert raw[-1] == b""
    lines = [json.loads(r) for r in raw[:-1]]
    assert len(lines) == WORKERS * STOPS  # not one line lost or split

    by_session: dict[str, list[dict[str, Any]]] = {}
    for line in lines:
        by_session.setdefault(line["session"], []).append(line)
    planned: dict[str, list[str]] = {}
    for worker in range(WORKERS):
        for session, kind, _ in stops[worker]:
            planned.setdefault(session, []).append(kind)
    assert sorted(by_session) == sorted(planned)

    for session, kinds in planned.items():
        ceiling = 0 if session in SHARED else SOLO_CEILING
        classes, trailing = expected_classes(kinds, ceiling)
        got = [line["class"] for line in by_session[session]]
        refusals = classes.count("BLOCK")
        with open_session(str(state), session) as slot:
            assert slot.damaged is None
            counters = (slot.state.stops, slot.state.valid_refusals)
        assert counters == (len(kinds), refusals), session
        if session in SHARED:
            # Interleaved across processes: only the totals are fixed.
            assert Counter(got) == Counter(classes), session
        else:
            # One writer: the lines come out in program order, ceiling and resets included.
            assert got == classes, session
            assert slot.state.consecutive_refusals == trailing
        tags = Counter(line["tag"] for line in by_session[session])
        assert tags["valid-lane-state"] == refusals and tags["transcript-error"] == kinds.count("error")

    names = sorted(p.name for p in state.iterdir())
    keys = sorted({s for s, _, _ in stops[0]} | {f"solo-{w}" for w in range(WORKERS)})
    assert names == sorted(n for k in keys for n in (state_file_name(k), state_file_name(k) + ".lock"))

    with audit.open("rb") as fh:
        summary = summarize(fh)
    assert (summary["lines"], summary["malformed"]) == (WORKERS * STOPS, 0)
    totals = Counter(line["class"] for line in lines)
    assert {k: v["total"] for k, v in summary["classes"].items()} == dict(totals)
    assert os.stat(audit).st_mode & 0o777 == 0o600
