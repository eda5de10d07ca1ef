"""The server key: which analyzer a parse server runs, so a stop only asks a server that judges as it would.

It digests the package version, the code itself (each analyzer and server file's name, size and
modification time: a reinstall of the same version with changed code is another key), the interpreter,
the digest of the whole lexicon the stop built (built-in data and the user's and project's additions,
docs/DESIGN.md#configuration; Lexicon.digest, computed once when the lexicon is built) and the model name. A stop whose
key differs finds no server under its name and starts its own.
"""

from __future__ import annotations

import json
import os
import sys

from lanegate_common.digest import sha256_hex

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# The packages whose code decides what a server answers.
CODE_PACKAGES = ("analyzer", "lanegate_common", "warmparse")
CODE_SUFFIXES = (".py", ".json", ".toml")
DIST_PREFIX = "lanegate-"
DIST_SUFFIX = ".dist-info"


def code_root() -> str:
    """The folder the running code's packages are imported from (site-packages, or a source tree)."""
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def server_key(lexicon_digest: str, model: str | None, root: str | None = None) -> str:
    """The hex digest naming the server that parses with this lexicon (its `Lexicon.digest`, computed once
    when the lexicon was built) and model under this code."""
    root = root or code_root()
    material = {
        "version": _dist_version(root),
        "code": _code_stamp(root),
        "python": [sys.executable, sys.hexversion],
        "lexicon": lexicon_digest,
        "model": model or "",
    }
    text = json.dumps(material, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return sha256_hex(text.encode("ascii"))


def _code_stamp(root: str) -> list[list[Any]]:
    """Each code and data file of the packages and their subpackages: its path, size and modification time."""
    stamp: list[list[Any]] = []
    for package in CODE_PACKAGES:
        _stamp_folder(os.path.join(root, package), package, stamp)
    return stamp


def _stamp_folder(folder: str, name: str, stamp: list[list[Any]]) -> None:
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        if entry.name.endswith(CODE_SUFFIXES) and entry.is_file():
            info = entry.stat()
            stamp.append([name, entry.name, info.st_size, info.st_mtime_ns])
        elif entry.name != "__pycache__" and entry.is_dir():
            _stamp_folder(entry.path, f"{name}/{entry.name}", stamp)


def _dist_version(root: str) -> str:
    """The installed distribution's version from its dist-info folder's name; 'source' in a checkout.

    importlib.metadata would cost the stop ~20 ms of imports for the same answer.
    """
    try:
        names = os.listdir(root)
    except OSError:
        return "source"
    for name in names:
        if name.startswith(DIST_PREFIX) and name.endswith(DIST_SUFFIX):
            return name[len(DIST_PREFIX) : -len(DIST_SUFFIX)]
    return "source"
