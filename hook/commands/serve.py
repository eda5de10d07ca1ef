"""`lanegate serve [--status | --stop | --background]`: the warm parse server for people (docs/DESIGN.md#performance).

Stops start the server themselves; this starts it ahead of the first stop (for the settings a stop in
this folder would use: the user's file, the project's lanegate.toml, the environment), shows what runs,
or stops every server of this user. `--background` is the harness's session-start hook (docs/DESIGN.md#adapters): it
spawns the server and returns at once, prints nothing (a session-start hook's stdout reaches the model)
and never fails the session start.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Mapping
from typing import Any

from warmparse.client import Unavailable, start_detached, statuses, stop_all, wait_until_up
from warmparse.use import WarmUse

# The model's load on a busy machine; a start that takes longer is reported as failed.
START_SECONDS = 60.0


def configure(parser: argparse.ArgumentParser) -> None:
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--status", action="store_true", help="list the running servers (pid, key, memory, idle)")
    action.add_argument("--stop", action="store_true", help="stop every parse server of this user")
    action.add_argument("--background", action="store_true",
                        help="start a server detached and return at once, silently, exit 0 (session-start hook)")
    parser.add_argument("--idle", type=float, help="seconds without a parse before it exits (default: your setting)")
    parser.add_argument("--json", action="store_true", help="print the servers as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Exit 0 when done (a server is up, listed or stopped); 1 when none could be started."""
    if args.background:
        try:
            start_in_background(args.idle)
        except Exception as exc:  # a warm-up that fails costs the first stop a cold parse, nothing more
            print(f"lanegate serve --background: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 0
    from hook.config import load_config
    from warmparse.place import PlaceError, folder_for

    try:
        config = load_config(os.environ, project_dir(os.environ))
    except (OSError, ValueError) as exc:
        print(f"lanegate serve: settings unusable: {exc}", file=sys.stderr)
        return 1
    folder = folder_for(os.environ, config.state_dir)
    if args.stop:
        stopped = [pid for place in user_folders(config.state_dir) for pid in stop_all(place)]
        print(f"lanegate serve: stopped {len(stopped)} server(s)" + (f": pid {', '.join(map(str, stopped))}"
                                                                      if stopped else ""))
        return 0
    if args.status:
        return show(user_folders(config.state_dir) or [folder], args.json)
    if not config.parse_server:
        print("lanegate serve: parse_server is off in your settings; nothing started", file=sys.stderr)
        return 1
    try:
        server = _server_for(config, folder)
    except PlaceError as exc:
        print(f"lanegate serve: {exc}", file=sys.stderr)
        return 1
    started = time.monotonic()
    fresh = start_detached(*server, _idle(args.idle, config))
    place = server[0]
    status = wait_until_up(place, START_SECONDS)
    if status is None:
        print(f"lanegate serve: no server answered at {place.socket} within {START_SECONDS:g} s", file=sys.stderr)
        return 1
    took = f"started in {time.monotonic() - started:.2f} s" if fresh else "already running"
    print(f"lanegate serve: {took}\n{_line(place.socket, status)}")
    return 0


def user_server(env: Mapping[str, str]) -> WarmUse | None:
    """For `analyze`, `golden` and `replay`: the user's server when one is running, never a new one. The folder
    and the switch come from the user's own settings (their file and environment, no project), the way a live
    stop of theirs finds it; None when they turned the parse server off or their settings are unusable."""
    from hook.config import load_config
    from warmparse.place import folder_for
    from warmparse.route import present_server

    try:
        config = load_config(env, None)
    except (OSError, ValueError):
        return None
    return present_server(folder_for(env, config.state_dir), config.parse_server)


def project_dir(env: Mapping[str, str]) -> str:
    """The project the server is for: the one a harness names to its hooks (serve --background runs as a
    session-start hook), else the current folder."""
    from hook.harness import project_from_env

    return project_from_env(env) or os.getcwd()


def start_in_background(idle: float | None) -> bool:
    """Spawn the server this folder's stops would use unless one holds its key (True when one was spawned)."""
    from hook.config import load_config
    from warmparse.place import folder_for

    config = load_config(os.environ, project_dir(os.environ))
    if not config.parse_server:
        return False
    return start_detached(*_server_for(config, folder_for(os.environ, config.state_dir)), _idle(idle, config))


def _server_for(config: Any, folder: str) -> tuple[Any, str, Any, str | None]:
    """The place, key, lexicon and model of the server a stop under `config` uses (PlaceError: no folder)."""
    from hook.deference import stop_lexicon
    from warmparse.key import server_key
    from warmparse.place import place_for, private_folder

    lexicon = stop_lexicon(config)
    model = config.spacy_model or os.environ.get("LANEGATE_SPACY_MODEL") or None
    key = server_key(lexicon.digest, model)
    return place_for(private_folder(folder, create=True), key), key, lexicon, model


def _idle(requested: float | None, config: Any) -> float:
    return requested if requested and requested > 0 else float(config.parse_server_idle)


def user_folders(state_dir: str) -> list[str]:
    """The folders this user's servers can be in (the runtime folder with or without XDG_RUNTIME_DIR, and
    the state folder's) that exist and are private to this user: a folder anyone else can write could
    hold a lock naming a process that is no server."""
    from warmparse.place import PlaceError, private_folder, server_folders

    found = []
    for folder in server_folders(os.environ, state_dir):
        try:
            found.append(private_folder(folder, create=False))
        except PlaceError:
            continue
    return found


def show(folders: list[str], as_json: bool) -> int:
    found = [item for folder in folders for item in statuses(folder)]
    if as_json:
        data = [status if isinstance(status, dict) else {"socket": path, "error": f"{status.kind}: {status}"}
                for path, status in found]
        print(json.dumps({"folders": folders, "servers": data}, indent=2))
    elif not found:
        print(f"lanegate serve: no parse server running (looked in {', '.join(folders)})")
    else:
        print("\n".join(_line(path, status) for path, status in found))
    return 0


def _line(path: str, status: dict[str, Any] | Unavailable) -> str:
    if isinstance(status, Unavailable) and status.kind == "starting":
        return f"{path}: starting ({status})"
    if isinstance(status, Unavailable):
        return f"{path}: not answering ({status.kind}: {status})"
    rss = f"{status['rss_kib'] / 1024:,.0f} MB" if status.get("rss_kib") else "?"
    up = time.time() - float(status["started"])
    return (
        f"pid {status['pid']}  key {str(status['key'])[:12]}  model {status.get('model') or 'default'}  "
        f"up {up:,.0f} s  requests {status['requests']}  idle {status['idle_seconds']:,.0f} s "
        f"of {status['idle_limit']:,.0f} s  memory {rss}  socket {status['socket']}"
    )
