"""`lanegate install`: register `lanegate hook` in a harness's settings file (SPEC §1.2, §5.4).

The file is someone's live configuration, so the install merges: every other key and hook stays, an
existing lanegate entry is updated in place (its command; keys the user set, like a longer timeout, are
kept) rather than added twice, and a second run finds nothing to change and writes nothing. The previous
file is kept as `<file>.bak`; the new one is written to a temporary file and renamed over the old, so a
crash never leaves half a settings file; a file that does not parse is refused (exit 2), never replaced.

Where and what to write is each harness's own knowledge (`install` and `install_entry` in
hook/harness/<name>.py); this module only merges it into the file.
"""

from __future__ import annotations

import argparse
import copy
import difflib
import json
import os
import shlex
import shutil
import sys
import tempfile
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from hook.commands.harness_settings import is_lanegate_hook, is_lanegate_serve
from hook.harness import ADAPTERS, FALLBACK, get_harness

if TYPE_CHECKING:
    from hook.harness import Harness, InstallTarget


class InstallError(Exception):
    """The settings file cannot be merged safely; nothing was written."""


def configure(parser: argparse.ArgumentParser) -> None:
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--project", metavar="DIR", help="register in DIR's settings (default: the current directory)")
    where.add_argument("--user", action="store_true", help="register in the user-level settings under your home")
    parser.add_argument("--harness", choices=list(ADAPTERS), default=FALLBACK, help="the harness (default: claude)")
    parser.add_argument("--dry-run", action="store_true", help="print the change as a unified diff, write nothing")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    harness = get_harness(args.harness)
    if args.project is not None and not os.path.isdir(args.project):
        print(f"lanegate install: --project {args.project}: no such directory; nothing was written", file=sys.stderr)
        return 2
    path = settings_path(harness.install, user=args.user, project=args.project, env=os.environ)
    executable = lanegate_executable()
    command = f"{executable} hook --harness {harness.name}"
    try:
        before, old_text = read_settings(path)
        after = merge(before, harness, command, warm_command=f"{executable} serve --background")
    except InstallError as exc:
        print(f"lanegate install: {exc}; nothing was written", file=sys.stderr)
        return 2
    new_text = json.dumps(after, indent=2, ensure_ascii=False) + "\n"
    if after == before and old_text is not None:
        print(f"{path}: lanegate is already registered, nothing to change")
        return 0
    if args.dry_run:
        sys.stdout.writelines(
            difflib.unified_diff(
                (old_text or "").splitlines(keepends=True), new_text.splitlines(keepends=True), path, path
            )
        )
        return 0
    try:
        backup = write_settings(path, new_text, old_text)
    except OSError as exc:
        print(f"lanegate install: cannot write {path}: {exc}", file=sys.stderr)
        return 1
    kept = f" (previous file kept as {backup})" if backup else ""
    print(f"{path}: registered `{command}`{kept}")
    print(f"note: {harness.install.note}")
    return 0


def settings_path(target: InstallTarget, *, user: bool, project: str | None, env: Mapping[str, str]) -> str:
    """The settings file: the project's (default: the current directory) or the user-level one."""
    if not user:
        return os.path.join(os.path.abspath(project or os.getcwd()), target.folder, target.filename)
    if target.home_env and env.get(target.home_env):
        return os.path.join(os.path.abspath(env[target.home_env]), target.filename)
    return os.path.join(os.path.expanduser("~"), target.folder, target.filename)


def lanegate_executable() -> str:
    """The installed `lanegate` console script as an absolute, shell-quoted path.

    The script that is running (sys.argv[0]) when it is lanegate, else the one on PATH, else this
    Python running the package module, which works wherever this interpreter can import lanegate.
    """
    argv0 = sys.argv[0]
    if os.path.basename(argv0) in ("lanegate", "lanegate.exe") and os.sep in argv0 and os.path.isfile(argv0):
        return shlex.quote(os.path.abspath(argv0))
    found = shutil.which("lanegate")
    if found:
        return shlex.quote(os.path.abspath(found))
    return shlex.join([sys.executable, "-m", "hook.cli"])


def read_settings(path: str) -> tuple[dict[str, Any], str | None]:
    """The settings as a dict and the file's text (None when there is no file; empty means {})."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except FileNotFoundError:
        return {}, None
    except OSError as exc:
        raise InstallError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InstallError(f"{path} is not UTF-8 ({exc})") from None
    if not text.strip():
        return {}, text
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise InstallError(f"cannot parse {path} as JSON ({exc}); fix it or move it aside") from None
    if not isinstance(data, dict):
        raise InstallError(f"{path} holds a JSON {type(data).__name__}, not an object")
    return data, text


def merge(
    settings: Mapping[str, Any], harness: Harness, command: str, *, warm_command: str | None = None
) -> dict[str, Any]:
    """A copy of the settings with exactly one lanegate entry per event, everything else untouched.

    warm_command: registered under the harness's session-start event, if it has one (SPEC §5.4, §6).
    """
    target = harness.install
    merged = copy.deepcopy(dict(settings))
    for key, value in target.top_level:
        merged.setdefault(key, value)
    hooks = merged.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise InstallError(f"`hooks` is a JSON {type(hooks).__name__}, not an object")
    desired = harness.install_entry(command)
    for event in target.events:
        entries = hooks.setdefault(event, [])
        if not isinstance(entries, list):
            raise InstallError(f"`hooks.{event}` is a JSON {type(entries).__name__}, not a list")
        if target.grouped:
            hooks[event] = _merge_groups(entries, desired)
        else:
            kept, found = _merge_entries(entries, desired)
            hooks[event] = kept if found else [*kept, desired]
    if target.session_start and warm_command:
        entries = hooks.setdefault(target.session_start, [])
        if not isinstance(entries, list):
            raise InstallError(f"`hooks.{target.session_start}` is a JSON {type(entries).__name__}, not a list")
        warm = harness.install_entry(warm_command)
        hooks[target.session_start] = _merge_groups(entries, warm, ours=is_lanegate_serve)
    return merged


def _merge_groups(
    groups: list[Any], desired: dict[str, Any], *, ours: Callable[[object], bool] = is_lanegate_hook
) -> list[Any]:
    """Update the first lanegate hook in the matcher groups (dropping repeats), or add a group for it."""
    found = False
    result = []
    for group in groups:
        inner = group.get("hooks") if isinstance(group, dict) else None
        if not isinstance(inner, list):
            result.append(group)
            continue
        kept, has = _merge_entries(inner, desired, keep=not found, ours=ours)
        if has and not kept:
            continue  # a group that held nothing but a repeated lanegate hook
        found = found or has
        result.append({**group, "hooks": kept})
    return result if found else [*result, {"hooks": [desired]}]


def _merge_entries(
    entries: list[Any],
    desired: dict[str, Any],
    *,
    keep: bool = True,
    ours: Callable[[object], bool] = is_lanegate_hook,
) -> tuple[list[Any], bool]:
    """The entries with the first lanegate one updated (if `keep`) and any other lanegate one dropped."""
    result, found = [], False
    for entry in entries:
        if not (isinstance(entry, dict) and ours(entry.get("command"))):
            result.append(entry)
            continue
        if keep and not found:
            result.append({**desired, **entry, "command": desired["command"]})
        found = True
    return result, found


def write_settings(path: str, text: str, old_text: str | None) -> str | None:
    """Write the new settings atomically (temp file, rename); returns the backup path, if any.

    The backup is written the same way and renamed over `<file>.bak`, so whatever stands there (a link
    planted by the agent whose project this is) is replaced, never written through (SPEC §5.6).
    """
    real = os.path.realpath(path)  # a symlinked settings file (dotfiles) stays a symlink
    folder = os.path.dirname(real)
    os.makedirs(folder, exist_ok=True)
    mode = None
    backup = None
    if old_text is not None:
        mode = os.stat(real).st_mode & 0o7777
        backup = f"{path}.bak"
        with open(real, "rb") as fh:
            _replace_atomically(backup, fh.read(), mode)
    _replace_atomically(real, text.encode("utf-8"), mode)
    return backup


def _replace_atomically(path: str, data: bytes, mode: int | None) -> None:
    """A new file at `path`: written to a fresh temp file beside it, fsynced, renamed over the name."""
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
