"""What `lanegate install` keeps outside the files it edits (docs/DESIGN.md#operators): backups and the files it
created.

Both live in lanegate's own state folder, never in the project: a `.bak` beside a project's settings file
is one more file the team sees in `git status`, and it holds the settings (and their `env` values) as they
were. Each backup is a fresh file under `<state>/backups/<a digest of the settings file's path>/`, named
by the time it was taken, so no backup overwrites another and none is written through a planted link.
`<state>/installed.json` lists the settings files (and the folders) install created, so that `uninstall`
removes what install made and leaves what it found.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from datetime import UTC, datetime
from hashlib import sha256
from typing import Any

BACKUPS = "backups"
RECORD = "installed.json"


def state_folder(env: Mapping[str, str]) -> str:
    """The user's state folder (a project's lanegate.toml cannot move it)."""
    from hook.config import load_config

    return load_config(env, None).state_dir


def backup(path: str, data: bytes, state_dir: str, now: datetime | None = None) -> str:
    """Keep `data` (the settings file as it was) under the state folder; returns where."""
    real = os.path.realpath(path)
    folder = os.path.join(state_dir, BACKUPS, sha256(real.encode("utf-8", "surrogateescape")).hexdigest()[:16])
    os.makedirs(folder, mode=0o700, exist_ok=True)
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%S%fZ")
    target = os.path.join(folder, f"{stamp}-{os.path.basename(real)}")
    replace_atomically(target, data, 0o600)
    with open(os.path.join(folder, "PATH"), "w", encoding="utf-8") as fh:  # which file these are backups of
        fh.write(real + "\n")
    return target


def replace_atomically(path: str, data: bytes, mode: int | None) -> None:
    """A new file at `path`: written to a fresh temp file beside it, fsynced, renamed over the name (so a
    link standing there is replaced, never written through)."""
    folder = os.path.dirname(path) or "."
    fd, temp = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        if os.path.exists(temp):
            os.unlink(temp)
        raise


def missing_folders(path: str) -> list[str]:
    """The folders above `path` that do not exist yet, outermost first (what install will create)."""
    missing: list[str] = []
    folder = os.path.dirname(os.path.abspath(path))
    while folder and not os.path.exists(folder):
        missing.insert(0, folder)
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return missing


def record_created(state_dir: str, path: str, folders: list[str]) -> None:
    """Note that install created the settings file at `path` (and these folders for it)."""
    created = _read(state_dir)
    created[os.path.realpath(path)] = {"folders": folders}
    _write(state_dir, created)


def created_by_install(state_dir: str, path: str) -> Mapping[str, Any] | None:
    """The record of a settings file install created, or None when it found the file there."""
    return _read(state_dir).get(os.path.realpath(path))


def forget(state_dir: str, path: str) -> None:
    created = _read(state_dir)
    if created.pop(os.path.realpath(path), None) is not None:
        _write(state_dir, created)


def remove_created(state_dir: str, path: str) -> list[str]:
    """Delete a settings file install created, and the folders it created for it while they are empty;
    returns what went."""
    record = created_by_install(state_dir, path) or {}
    gone = []
    os.unlink(path)
    gone.append(path)
    for folder in reversed(record.get("folders", [])):
        try:
            os.rmdir(folder)  # only an empty folder goes
        except OSError:
            break
        gone.append(folder)
    forget(state_dir, path)
    return gone


def _read(state_dir: str) -> dict[str, Any]:
    try:
        with open(os.path.join(state_dir, RECORD), encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return {}
    created = data.get("created") if isinstance(data, dict) else None
    return dict(created) if isinstance(created, dict) else {}


def _write(state_dir: str, created: Mapping[str, Any]) -> None:
    os.makedirs(state_dir, mode=0o700, exist_ok=True)
    text = json.dumps({"schema": 1, "created": created}, indent=1, sort_keys=True) + "\n"
    replace_atomically(os.path.join(state_dir, RECORD), text.encode("utf-8"), 0o600)
