"""Fixtures of the real-client suite (docs/DESIGN.md#real-clients): the pinned clients, a fresh HOME and project per
scenario with `lanegate install`, and one warm parse server shared by the scenarios (stopped at the end).

The suite runs only when asked (`-m realclient`; `make test` asks when npm is on PATH). A client that
cannot be installed skips its tests with the reason.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.realclient.background import BACKGROUND, BACKGROUND_SECONDS, Outcome, Started
from tests.realclient.clients import CLAUDE_CODE, CODEX, GEMINI_CLI, Client, ClientUnavailable, installed
from warmparse.client import stop_all
from warmparse.place import RUNTIME_NAME

RUN_SECONDS = 150


def lanegate_executable() -> Path:
    """The installed console script of the Python running the suite (`make install` puts it there)."""
    return Path(sys.executable).with_name("lanegate")


def client_binary(client: Client) -> Path:
    if not lanegate_executable().exists():
        pytest.skip(f"no lanegate console script beside {sys.executable}: run `make install` first")
    if shutil.which("npm") is None and not os.environ.get("LANEGATE_REALCLIENT_CACHE"):
        pytest.skip("npm is not on PATH: the real-client suite needs it to install the pinned clients")
    try:
        return installed(client)
    except ClientUnavailable as exc:
        pytest.skip(f"{client.spec} unavailable: {exc}")


@pytest.fixture(scope="session")
def claude_binary() -> Path:
    return client_binary(CLAUDE_CODE)


@pytest.fixture(scope="session")
def gemini_binary() -> Path:
    return client_binary(GEMINI_CLI)


@pytest.fixture(scope="session")
def codex_binary() -> Path:
    return client_binary(CODEX)


@pytest.fixture(scope="session")
def warm_runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """XDG_RUNTIME_DIR of the scenarios: the first stop with a phrase leaves a parse server there for the rest."""
    runtime = tmp_path_factory.mktemp("xdg")
    runtime.chmod(0o700)
    yield runtime
    stop_all(str(runtime / RUNTIME_NAME))


@dataclass
class Seat:
    """One scenario's machine: a fresh HOME, a fresh git project with lanegate installed, a bin folder
    first on PATH, and the environment the client (and so the hook) runs with."""

    home: Path
    project: Path
    bin: Path
    env: dict[str, str] = field(default_factory=dict)

    def audit(self) -> list[dict[str, Any]]:
        path = self.home / ".lanegate" / "audit.jsonl"
        return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []

    def classes(self, session_suffix: str | None = None) -> list[tuple[str, str]]:
        """(class, tag) of every audit line, in order; of one session's lines when a suffix is given
        (a subagent's session is `<session>/<agent_id>`)."""
        return [(a["class"], a["tag"]) for a in self.audit()
                if session_suffix is None or str(a["session"]).endswith(session_suffix)]

    def transcripts(self) -> list[Path]:
        return sorted((self.home / ".claude" / "projects").rglob("*.jsonl"))

    def records(self, path: Path) -> list[dict[str, Any]]:
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]

    def write(self, relative: str, data: Mapping[str, Any] | str) -> Path:
        path = self.project / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(data if isinstance(data, str) else json.dumps(data, indent=2))
        return path

    def tool(self, name: str, script: str) -> Path:
        """An executable `name` first on PATH (a stand-in `gh`)."""
        path = self.bin / name
        path.write_text(script)
        path.chmod(0o755)
        return path

    def user_config(self, text: str) -> Path:
        """The user's own lanegate config (~/.config/lanegate/config.toml): settings a project cannot make."""
        path = self.home / ".config" / "lanegate" / "config.toml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return path


def make_seat(tmp_path: Path, warm_runtime: Path, harness: str) -> Seat:
    home, project, bin_dir = tmp_path / "home", tmp_path / "project", tmp_path / "bin"
    for folder in (home, project, bin_dir):
        folder.mkdir()
    env = {
        # lanegate's own folder on PATH, as pipx or uv put it: a project's settings name `lanegate` (install
        # writes the portable command into a file the team commits).
        "PATH": os.pathsep.join((str(bin_dir), str(Path(lanegate_executable()).parent),
                                 os.environ.get("PATH", "/usr/bin:/bin"))),
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "XDG_RUNTIME_DIR": str(warm_runtime),
        "LANEGATE_PARSE_SERVER": "on",
    }
    subprocess.run(["git", "init", "-q", str(project)], check=True, env=env)
    done = subprocess.run([str(lanegate_executable()), "install", "--project", str(project), "--harness", harness],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    return Seat(home, project, bin_dir, env)


@pytest.fixture
def seat(tmp_path: Path, warm_runtime: Path) -> Seat:
    return make_seat(tmp_path, warm_runtime, "claude")


def run_client(argv: Sequence[str], seat: Seat, env: Mapping[str, str], *, stdin: str | None = None,
               timeout: float = RUN_SECONDS) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(argv), cwd=seat.project, env={**seat.env, **env}, input=stdin,
                          capture_output=True, text=True, timeout=timeout)



# Scenarios that wait on the client's own clock (tests/realclient/background.py) ------------------------------


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "background(name): the outcome of a background real-client scenario")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Background scenarios' tests go last (the sort is stable: each module's stay after its own other tests):
    by then their clients have had the rest of the module's time."""
    items.sort(key=lambda item: item.get_closest_marker("background") is not None)


@pytest.fixture(scope="module", autouse=True)
def background_runs(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
                    warm_runtime: Path) -> dict[str, Started]:
    """Every background scenario a selected test of this module reads, started at the module's first test,
    each in its own thread (module-scoped, so `-n … --dist loadfile` starts each scenario once, on the worker
    that runs its module)."""
    wanted = {m.args[0] for item in request.session.items
              if item.path == request.path and (m := item.get_closest_marker("background"))}
    started: dict[str, Started] = {}
    for name in sorted(wanted):
        entry = BACKGROUND[name]
        try:
            binary = client_binary(entry.client)
            seat = make_seat(tmp_path_factory.mktemp(f"bg-{name}"), warm_runtime, entry.harness)
        except pytest.skip.Exception as exc:
            started[name] = Started.skipped(str(exc))
            continue
        started[name] = Started.start(name, entry.run, binary, seat)
    return started


@pytest.fixture
def background_outcome(background_runs: dict[str, Started]) -> Callable[[str], tuple[Outcome, Seat]]:
    """The outcome of a background scenario and its seat, once its thread is done."""

    def wait(name: str) -> tuple[Outcome, Seat]:
        run = background_runs[name]
        if run.skip is not None:
            pytest.skip(run.skip)
        return run.result(BACKGROUND_SECONDS)

    return wait
