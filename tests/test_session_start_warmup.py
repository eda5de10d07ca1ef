"""`lanegate serve --background`, the session-start hook `install` registers (SPEC §5.4, §6 revision 3):
it starts the warm parse server and returns at once, prints nothing (a SessionStart hook's stdout reaches
the model), starts one server however often a session starts, and never fails the session start.

Servers live in a temporary runtime folder and are stopped at teardown.
"""

from __future__ import annotations

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
