"""`lanegate serve --background`, the session-start hook `install` registers (docs/DESIGN.md#adapters,
docs/DESIGN.md#performance revision 3): it starts the warm parse server and returns at once, prints nothing (a
SessionStart hook's stdout reaches the model), starts one server however often a session starts, and never fails the
session start.

Servers live in a temporary runtime folder and are stopped at teardown.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from analyzer.lexicon import default_lexicon
from warmparse.client import statuses, stop_all, wait_until_up
from warmparse.key import server_key
from warmparse.place import RUNTIME_NAME, place_for

ROOT = Path(__file__).resolve().parent.parent
STARTUP_SECONDS = 60.0
# The Stop hook as the harness runs it, except for how long it waits for a server still loading and for its answer
# (and its own deadline, which would cut that wait short):
# the product's windows (warmparse.use: 3 s, 1 s) are speeds, which scripts/bench checks; here they are the test's
# hang guard, so a loaded machine that slows the server's load cannot make the stop load spaCy beside it. What the
# test checks is work: the stop imports no spaCy and the server answers its one request.
HOOK_WAITING_FOR_THE_SERVER = f"""
import sys
import hook.commands.hook
import warmparse.use as use
hook.commands.hook.DEADLINE_SECONDS = {STARTUP_SECONDS}
product = use.WarmUse
use.WarmUse = lambda **how: product(**how, loading={STARTUP_SECONDS}, timeout={STARTUP_SECONDS})
from hook.cli import main
sys.exit(main(["hook"]))
"""


@pytest.fixture
def runtime() -> Iterator[Path]:
    """A short folder of its own: a parallel run's tmp_path leaves a socket path too few characters."""
    runtime = Path(tempfile.mkdtemp(prefix="lg-"))
    yield runtime
    stop_all(str(runtime / RUNTIME_NAME))
    shutil.rmtree(runtime, ignore_errors=True)


def warm_up(tmp_path: Path, runtime: Path, **env: str) -> subprocess.CompletedProcess[bytes]:
    base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path / "home"),
            "XDG_RUNTIME_DIR": str(runtime), "LANEGATE_STATE_DIR": str(tmp_path / "state"),
            "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "hook.cli", "serve", "--background"], capture_output=True,
                          cwd=tmp_path, env={**base, **env}, timeout=30)


def sockets(runtime: Path) -> list[str]:
    folder = runtime / RUNTIME_NAME
    return sorted(p.name for p in folder.glob("*.sock")) if folder.exists() else []


@pytest.mark.model
def test_it_returns_silently_and_leaves_one_server_behind(tmp_path: Path, runtime: Path) -> None:
    first = warm_up(tmp_path, runtime)
    assert (first.returncode, first.stdout, first.stderr) == (0, b"", b"")
    place = place_for(str(runtime / RUNTIME_NAME), server_key(default_lexicon().digest, None))
    status = wait_until_up(place, STARTUP_SECONDS)
    assert status is not None and status["requests"] == 0
    again = warm_up(tmp_path, runtime)
    assert (again.returncode, again.stdout) == (0, b"")
    assert [s["pid"] for _, s in statuses(str(runtime / RUNTIME_NAME))] == [status["pid"]]


def test_parse_server_off_starts_nothing(tmp_path: Path, runtime: Path) -> None:
    done = warm_up(tmp_path, runtime, LANEGATE_PARSE_SERVER="off")
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    assert sockets(runtime) == []


def test_a_folder_it_cannot_use_never_fails_the_session_start(tmp_path: Path, runtime: Path) -> None:
    (runtime / RUNTIME_NAME).write_text("not a folder")
    done = warm_up(tmp_path, runtime)
    assert (done.returncode, done.stdout) == (0, b"")
    assert done.stderr.decode().count("\n") == 1
    assert done.stderr.decode().startswith("lanegate serve --background: PlaceError: parse server folder")


@pytest.mark.model
def test_the_first_stop_while_the_server_still_loads_waits_for_it(tmp_path: Path, runtime: Path) -> None:
    """docs/DESIGN.md#tests: a phrase stop right after the session start is answered by the server still loading its
    model, instead of loading spaCy a second time beside it."""
    assert warm_up(tmp_path, runtime).returncode == 0
    transcript = tmp_path / "transcript.jsonl"
    transcript.write_text('{"type": "user", "uuid": "u1", "timestamp": "2026-01-05T09:00:00.000Z", '
                          '"message": {"role": "user", "content": "[WAKE] lane check"}}\n')
    payload = {"session_id": "s1", "transcript_path": str(transcript), "cwd": str(tmp_path),
               "hook_event_name": "Stop", "stop_hook_active": False,
               "last_assistant_message": "Merge on the exception or ask for the stamp, your call."}
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path / "home"),
           "XDG_RUNTIME_DIR": str(runtime), "LANEGATE_STATE_DIR": str(tmp_path / "state"),
           "LANEGATE_AUDIT_LOG": str(tmp_path / "audit.jsonl"), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", HOOK_WAITING_FOR_THE_SERVER], cwd=ROOT, env=env,
                          input=json.dumps(payload).encode(), capture_output=True, timeout=120)
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.decode().splitlines() if "|" in line}
    line = json.loads((tmp_path / "audit.jsonl").read_text())
    assert (done.returncode, line["class"], line["tag"], line["warnings"]) == (0, "BLOCK", "no-lane-state", [])
    assert "spacy" not in imported
    ((_, status),) = statuses(str(runtime / RUNTIME_NAME))
    assert status["requests"] == 1
