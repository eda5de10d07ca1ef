"""The real detached parse server with the spaCy model: same reports as a parse in this process, a
dead server replaced, one server for a key however many stops start it at once.

Every server here lives in a temporary folder with a short idle time and is stopped at teardown.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from analyzer import analyze
from analyzer.lexicon import default_lexicon
from warmparse.client import Unavailable, remote_analyze, start_detached, statuses, stop_all, wait_until_up
from warmparse.key import server_key
from warmparse.place import Place, place_for, private_folder
from warmparse.route import analyze_text
from warmparse.server import lock_holder
from warmparse.use import WarmUse

pytestmark = pytest.mark.model

TEXTS = (
    "Merge on the exception or ask for the stamp, your call.",
    "Docs lane or release-notes lane, your call.",
    "Would you like me to rerun the suite?",
    "Whether to squash is your call, since the merge itself is yours.",
    "Status: CI is green and PR #12 is open.",
    "Not your call — I already rebased it; ‘your call’ in quotes, and `your call` in code.",
)
STARTUP_SECONDS = 60.0  # the model's load on a busy 2-core machine


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[str]:
    folder = private_folder(str(tmp_path / "run"), create=True)
    yield folder
    stop_all(folder)


def start(folder: str, idle: float = 30.0) -> tuple[Place, str]:
    lexicon = default_lexicon()
    key = server_key(lexicon.digest, None)
    place = place_for(folder, key)
    assert start_detached(place, key, lexicon, None, idle=idle) is True
    assert wait_until_up(place, STARTUP_SECONDS) is not None, "the server did not come up"
    return place, key


def test_the_server_reports_exactly_what_this_process_would(folder: str) -> None:
    place, key = start(folder)
    for text in TEXTS:
        for model_errors in ("raise", "skip"):
            local = analyze(text, model_errors=model_errors)
            assert remote_analyze(place, key, text, model_errors, timeout=10) == local


def test_a_killed_server_is_crashed_then_replaced_by_the_next_stop(folder: str) -> None:
    place, key = start(folder)
    ((_, status),) = statuses(folder)
    assert isinstance(status, dict)
    os.kill(status["pid"], signal.SIGKILL)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with pytest.raises(Unavailable) as caught:
            remote_analyze(place, key, TEXTS[0], "skip")
        if caught.value.kind == "crashed":
            break
        time.sleep(0.05)
    assert caught.value.kind == "crashed"
    warm = WarmUse(start=True, folder=folder, idle=30.0)
    report, warnings = analyze_text(TEXTS[0], default_lexicon(), model_name=None, model_errors="skip", warm=warm)
    assert report == analyze(TEXTS[0], model_errors="skip")
    assert warnings == ("parse server crashed: the socket is left by a server that is gone; parsed in this "
                        "process; started a server for the next stop",)
    assert wait_until_up(place, STARTUP_SECONDS) is not None
    report, warnings = analyze_text(TEXTS[0], default_lexicon(), model_name=None, model_errors="skip", warm=warm)
    assert (report, warnings) == (analyze(TEXTS[0], model_errors="skip"), ())


def test_stops_that_find_no_server_at_once_start_one_between_them(folder: str) -> None:
    lexicon = default_lexicon()
    key = server_key(lexicon.digest, None)
    place = place_for(folder, key)
    with ThreadPoolExecutor(max_workers=6) as pool:
        started = list(pool.map(lambda _: start_detached(place, key, lexicon, None, idle=30.0), range(6)))
    assert started.count(True) == 1
    assert wait_until_up(place, STARTUP_SECONDS) is not None
    assert len(statuses(folder)) == 1


def test_an_idle_server_exits_and_leaves_nothing_behind(folder: str) -> None:
    place, _ = start(folder, idle=1.0)
    deadline = time.monotonic() + 15
    # The server takes its socket away first and releases its lock as it exits: both mark it gone.
    while (os.path.exists(place.socket) or lock_holder(place.lock) is not None) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert (os.path.exists(place.socket), lock_holder(place.lock)) == (False, None)
    assert stop_all(folder) == []


def test_stop_ends_a_server_still_loading(folder: str) -> None:
    lexicon = default_lexicon()
    key = server_key(lexicon.digest, None)
    place = place_for(folder, key)
    assert start_detached(place, key, lexicon, None, idle=30.0)
    # At once: the new process may not even have written its pid into the lock yet.
    assert len(stop_all(folder)) == 1
    assert not os.path.exists(place.socket)
    assert lock_holder(place.lock) is None


ROOT = Path(__file__).resolve().parents[1]


def serve(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hook.cli", "serve", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=90)


@pytest.fixture
def short_tmp() -> Iterator[Path]:
    """A temporary folder with a short path: a socket address holds 107 bytes."""
    base = Path(tempfile.mkdtemp(prefix="lg-", dir="/tmp"))
    yield base
    shutil.rmtree(base, ignore_errors=True)


def test_serve_stop_finds_a_server_in_the_other_folder(short_tmp: Path) -> None:
    """Issue 24: run with an XDG_RUNTIME_DIR the server was not started under, `serve --stop` said
    "stopped 0 server(s)" and left it running. It looks in the runtime folder and the state folder."""
    from warmparse.place import DEFAULT_RUNTIME, RUNTIME_NAME, STATE_NAME

    if os.path.exists(os.path.join(DEFAULT_RUNTIME.format(uid=os.geteuid()), RUNTIME_NAME)):
        pytest.skip("this user's real runtime folder holds parse servers; the test must not stop them")
    tmp_path = short_tmp
    state = tmp_path / "state"
    folder = private_folder(str(state / STATE_NAME), create=True)  # started by a stop with no XDG_RUNTIME_DIR
    runtime = tmp_path / "xdg"
    runtime.mkdir(mode=0o700)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path), "LANEGATE_STATE_DIR": str(state),
           "XDG_RUNTIME_DIR": str(runtime)}
    try:
        place, _ = start(folder)
        status = serve("--status", env=env)
        assert status.returncode == 0 and status.stdout.count("\n") == 1
        assert status.stdout.endswith(f"socket {place.socket}\n")
        pid = lock_holder(place.lock)
        assert pid is not None and pid > 0
        done = serve("--stop", env=env)
        assert (done.returncode, done.stderr) == (0, "")
        assert done.stdout == f"lanegate serve: stopped 1 server(s): pid {pid}\n"
        assert lock_holder(place.lock) is None and not os.path.exists(place.socket)
        assert serve("--status", env=env).stdout == (
            f"lanegate serve: no parse server running (looked in {folder})\n"
        )
    finally:
        stop_all(folder)
