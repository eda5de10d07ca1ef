"""The pinned real clients, installed with npm into a cache on first use (docs/DESIGN.md#real-clients).

Each client is one npm package at one version, installed once into `<cache>/<name>-<version>` and reused
by every later run: the cache lives outside the repository (`LANEGATE_REALCLIENT_CACHE`, else
`$XDG_CACHE_HOME/lanegate/realclient`, else `~/.cache/lanegate/realclient`). An install holds a lock so
two runs never install into one folder at once, and a folder counts only once its binary answers.

The pinned versions are the ones docs/HARNESSES.md records. To drive the version you use instead, name it
per client: `REALCLIENT_VERSION_CLAUDE_CODE=2.1.340`, `REALCLIENT_VERSION_GEMINI_CLI=…`,
`REALCLIENT_VERSION_CODEX=…` (the suite then installs and drives that version; what it asserts is what the
pinned version was seen to do).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

INSTALL_SECONDS = 900  # the first run downloads several hundred MB of native binaries


@dataclass(frozen=True)
class Client:
    """One pinned client: its npm package, the version driven, and the command its package installs."""

    name: str
    package: str
    version: str
    command: str

    @property
    def spec(self) -> str:
        return f"{self.package}@{self.version}"


PINNED = (
    Client("claude-code", "@anthropic-ai/claude-code", "2.1.332", "claude"),
    Client("gemini-cli", "@google/gemini-cli", "0.61.0", "gemini"),
    Client("codex", "@openai/codex", "0.171.0", "codex"),
)


def override_variable(client: Client) -> str:
    """The variable that names another version of `client` to drive: REALCLIENT_VERSION_CLAUDE_CODE …"""
    return "REALCLIENT_VERSION_" + client.name.upper().replace("-", "_")


def chosen(client: Client, env: Mapping[str, str] = os.environ) -> Client:
    """The pinned client, or the version its override variable names."""
    version = (env.get(override_variable(client)) or "").strip()
    return replace(client, version=version) if version else client


CLAUDE_CODE, GEMINI_CLI, CODEX = (chosen(client) for client in PINNED)


class ClientUnavailable(RuntimeError):
    """npm is missing or the install failed; the message says which, for the skip reason."""


def cache_root() -> Path:
    explicit = os.environ.get("LANEGATE_REALCLIENT_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "lanegate" / "realclient"


def installed(client: Client) -> Path:
    """The client's executable, installing the pinned version first when the cache lacks it."""
    folder = cache_root() / f"{client.name}-{client.version}"
    binary = folder / "node_modules" / ".bin" / client.command
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".install.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _checked(folder, binary, client):
            return binary
        if not _answers(binary, client):
            _install(folder, client)
        if not _answers(binary, client):
            raise ClientUnavailable(f"{client.spec} installed into {folder} but `{client.command} --version` fails")
        (folder / CHECKED).write_text(client.spec)
    return binary


# A stamp beside a client that answered `--version` once: later runs skip asking again (Gemini CLI takes
# seconds to start), as long as the binary is still there.
CHECKED = ".answered"


def _checked(folder: Path, binary: Path, client: Client) -> bool:
    try:
        return binary.exists() and (folder / CHECKED).read_text() == client.spec
    except OSError:
        return False


def _answers(binary: Path, client: Client) -> bool:
    if not binary.exists():
        return False
    try:
        done = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=60,
                              env={**os.environ, "HOME": str(binary.parents[2])})
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0 and client.version in done.stdout


def _install(folder: Path, client: Client) -> None:
    npm = shutil.which("npm")
    if npm is None:
        raise ClientUnavailable("npm is not on PATH")
    done = subprocess.run(
        [npm, "install", "--no-audit", "--no-fund", "--no-save", "--prefix", str(folder), client.spec],
        capture_output=True, text=True, timeout=INSTALL_SECONDS,
    )
    if done.returncode != 0:
        raise ClientUnavailable(f"npm install {client.spec} failed: {done.stderr.strip()[-500:]}")
