"""Crash safety (docs/DESIGN.md#audit-log, docs/DESIGN.md#failure): SIGKILL at any moment leaves state and the audit log
usable.

A child process loops on state updates (or whole stops, or audit appends) and is killed at random
moments many times. After every kill the state file parses and holds a value the writer wrote (never a
torn file, never an older value), and the audit log stays readable: a line torn by a crash never
swallows the next one, and `lanegate audit` counts it as malformed instead of failing.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from hook.audit import AuditLine, append_line
from hook.state import SessionState, parse_state, state_file_name
from tests.transcript_builder import TranscriptBuilder

ROOT = Path(__file__).resolve().parents[1]
KILLS = 25  # per test; each kill costs an interpreter start
# The kill lands this long after the child has done its first updates (uniform): every phase of an update.
KILL_WINDOW = 0.03
# Updates a child must have done, counted in what it writes, before the random moment of its kill starts: the kill
# hits the busy loop however long a loaded machine leaves the child unscheduled (work counted, not wall time).
UPDATES_BEFORE_KILL = 2
# How long a child may take to do them before the test gives up on it (a hang guard, never a measurement).
HANG_SECONDS = 60.0

STATE_WRITER = r"""
import sys
from hook.state import SessionState, open_session

def value(n):
    # Every field derives from n, and the file's length varies with n: a torn or mixed file shows.
    return SessionState(consecutive_refusals=n % 7, valid_refusals=n, last_allowed=n % 2 == 0,
                        scan_from=n * 10, pending_artifacts=("a" * (n % 300),), prompt_uuid=f"p{n}",
                        prompt_offset=n, stops=n)

print("looping", flush=True)
while True:
    with open_session(sys.argv[1], "crash") as slot:
        assert slot.damaged is None, slot.damaged
        n = slot.state.stops
        assert slot.state == (value(n) if n else SessionState()), slot.state
        slot.save(value(n + 1))
"""

STOP_LOOP = r"""
import json, sys
from hook.core import handle

job = json.loads(sys.argv[1])
raw = json.dumps(job["payload"]).encode()
handle(raw, None, job["env"])  # the first stop pays the lazy imports; the kills aim at the steady loop
print("looping", flush=True)
while True:
    handle(raw, None, job["env"])
"""

APPENDER = r"""
import sys
from hook.audit import AuditLine, append_line

print("looping", flush=True)
n = 0
while True:
    n += 1
    # Lines of varying length, some longer than a page, so a kill can land inside a large write.
    append_line(sys.argv[1], AuditLine(klass="BLOCK", tag="no-lane-state", reason="r" * (n * 37 % 9000)))
"""


def run_and_kill(script: str, *args: str, rng: random.Random, updates: Callable[[], int] | None = None) -> None:
    """Start the child, wait until it loops (and, given `updates`, a count of what it has written, until that count
    has grown by UPDATES_BEFORE_KILL), let it run a random moment, SIGKILL it."""
    start = updates() if updates is not None else 0
    child = subprocess.Popen([sys.executable, "-c", script, *args], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    assert child.stdout.readline() == "looping\n"
    if updates is not None:
        give_up = time.monotonic() + HANG_SECONDS
        while updates() < start + UPDATES_BEFORE_KILL:
            assert time.monotonic() < give_up, f"the child did fewer than {UPDATES_BEFORE_KILL} updates"
            time.sleep(0.001)
    time.sleep(rng.uniform(0, KILL_WINDOW))
    child.send_signal(signal.SIGKILL)
    assert child.wait(timeout=30) == -signal.SIGKILL
    child.stdout.close()


@pytest.mark.slow
def test_a_state_update_killed_at_any_moment_leaves_the_old_or_the_new_value(tmp_path: Path) -> None:
    rng = random.Random(20261202)
    path = tmp_path / state_file_name("crash")
    seen = [0]
    mid_save = 0
    for _ in range(KILLS):
        run_and_kill(STATE_WRITER, str(tmp_path), rng=rng, updates=lambda: stops_saved(path))
        mid_save += (tmp_path / (path.name + ".tmp")).exists()  # killed between temp file and rename
        state = parse_state(path.read_text()) if path.exists() else SessionState()  # raises on a torn file
        n = state.stops
        assert n >= seen[-1]  # never an older value than one already seen whole
        if n:
            assert state == SessionState(
                consecutive_refusals=n % 7,
                valid_refusals=n,
                last_allowed=n % 2 == 0,
                scan_from=n * 10,
                pending_artifacts=("a" * (n % 300),),
                prompt_uuid=f"p{n}",
                prompt_offset=n,
                stops=n,
            )
        seen.append(n)
    assert seen[-1] > KILLS  # the writer made progress between kills: the kills hit a busy loop
    print(f"\n{KILLS} kills, {mid_save} inside a save, {seen[-1]} updates: no torn state file")
    # A kill between the temp write and the rename leaves one temp file, reused by the next writer.
    leftovers = [p.name for p in tmp_path.iterdir() if p.name not in (path.name, path.name + ".lock")]
    assert leftovers in ([], [path.name + ".tmp"])


def stops_saved(path: Path) -> int:
    """The updates the state file holds (read while a writer renames over it: a whole old or new file)."""
    return parse_state(path.read_text()).stops if path.exists() else 0


def lines_appended(log: Path) -> int:
    """The line ends the audit log holds: each is one append done (a torn line is closed by the next append)."""
    return log.read_bytes().count(b"\n") if log.exists() else 0


def stop_job(tmp: Path) -> dict[str, Any]:
    now = datetime.now(UTC)
    t = TranscriptBuilder(start=now - timedelta(minutes=3)).wake().bash("make test", "ok")
    transcript = t.assistant_text("Parser done.").write(tmp / "t.jsonl")
    env = {
        "HOME": str(tmp),
        "LANEGATE_AUDIT_LOG": str(tmp / "audit.jsonl"),
        "LANEGATE_STATE_DIR": str(tmp / "state"),
        "LANEGATE_CONFIG": str(tmp / "none.toml"),
        "LANEGATE_MAX_REFUSALS": "0",
    }
    payload = {"session_id": "s1", "transcript_path": str(transcript), "hook_event_name": "Stop"}
    payload["last_assistant_message"] = "Parser done."
    return {"env": env, "payload": payload}


def audit_summary(log: Path) -> dict[str, Any]:
    """`lanegate audit --json` on the log, as an operator runs it."""
    done = subprocess.run(
        [sys.executable, "-m", "hook.cli", "audit", "--json", "--log", str(log)],
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    return json.loads(done.stdout)


def split_log(log: Path) -> tuple[list[dict[str, Any]], list[bytes]]:
    """The whole audit lines, parsed, and every other line (torn or foreign), raw. The last kill may cut
    the final line with no later append to close it: that unterminated tail is a torn line too."""
    whole, torn = [], []
    *lines, tail = log.read_bytes().split(b"\n")
    for raw in lines + ([tail] if tail else []):
        try:
            data = json.loads(raw)
        except ValueError:
            data = None
        if isinstance(data, dict) and "class" in data:
            whole.append(data)
        else:
            torn.append(raw)
    return whole, torn


@pytest.mark.slow
def test_a_stop_killed_at_any_moment_leaves_readable_state_and_log(tmp_path: Path) -> None:
    rng = random.Random(5)
    job = stop_job(tmp_path)
    log, state_path = tmp_path / "audit.jsonl", tmp_path / "state" / state_file_name("s1")
    for _ in range(KILLS):
        run_and_kill(STOP_LOOP, json.dumps(job), rng=rng)
        if state_path.exists():  # absent only when the first kill came before the first save
            parse_state(state_path.read_text())  # never torn
    whole, torn = split_log(log)
    print(f"\n{KILLS} kills of whole stops: {len(whole)} whole lines, {len(torn)} torn")
    assert len(torn) <= KILLS
    assert {(line["class"], line["tag"]) for line in whole} == {("BLOCK", "no-lane-state")}
    stops = parse_state(state_path.read_text()).stops
    # The state is saved before the line is appended: a kill in between costs a line, never a count.
    assert len(whole) <= stops <= len(whole) + len(torn) + KILLS
    summary = audit_summary(log)
    assert (summary["lines"], summary["malformed"]) == (len(whole), len(torn))


@pytest.mark.slow
def test_appenders_killed_mid_write_never_spoil_a_later_line(tmp_path: Path) -> None:
    rng = random.Random(11)
    log = tmp_path / "audit.jsonl"
    for _ in range(KILLS):
        run_and_kill(APPENDER, str(log), rng=rng, updates=lambda: lines_appended(log))
    whole, torn = split_log(log)
    print(f"\n{KILLS} kills of appenders: {len(whole)} whole lines, {len(torn)} torn")
    assert len(whole) > KILLS and len(torn) <= KILLS
    assert all(line["class"] == "BLOCK" and set(line["reason"]) <= {"r"} for line in whole)
    assert all(raw.startswith(b'{"ts":"') for raw in torn)  # a torn line is a cut line, never two merged
    summary = audit_summary(log)
    assert (summary["lines"], summary["malformed"]) == (len(whole), len(torn))


TORN_TAILS = {
    "cut-line": None,  # filled with a prefix of a real line below
    "nul-bytes": b"\x00" * 4096,  # what a crash after a size update but before the data can leave
    "half-utf8": b'{"ts":"2026-12-02T10:00:00.000Z","class":"BLOCK","reason":"\xe2\x80',
    "foreign-json": b'{"written": "by another tool"}',
}


@pytest.mark.parametrize("kind", sorted(TORN_TAILS))
def test_a_torn_last_line_breaks_neither_the_report_nor_later_appends(tmp_path: Path, kind: str) -> None:
    log = tmp_path / "audit.jsonl"
    first = AuditLine(klass="BLOCK", tag="deference", session="s1", reason="first", ts=datetime.now(UTC))
    assert append_line(str(log), first) is None
    tail = TORN_TAILS[kind] or first.to_bytes()[:57]
    with log.open("ab") as fh:
        fh.write(tail)
    before = audit_summary(log)
    assert (before["lines"], before["malformed"]) == (1, 1)
    later = [AuditLine(klass="ALLOW", tag="operator-dialogue", session="s1", reason=str(i)) for i in range(3)]
    for line in later:
        assert append_line(str(log), line) is None
    raw = log.read_bytes()
    assert raw.startswith(first.to_bytes() + tail + b"\n")
    whole, torn = split_log(log)
    assert [line["reason"] for line in whole] == ["first", "0", "1", "2"]
    assert torn == [tail]
    after = audit_summary(log)
    assert (after["lines"], after["malformed"]) == (4, 1)
    assert after["chains"] == {"count": 1, "median": 1, "p90": 1, "max": 1}
