"""`lanegate serve [--status | --stop]`: the warm parse server for people (SPEC §6).

Stops start the server themselves; this starts it ahead of the first stop (for the settings a stop in
this folder would use: the user's file, the project's lanegate.toml, the environment), shows what runs,
or stops every server of this user.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from warmparse.client import Unavailable, start_detached, statuses, stop_all, wait_until_up

# The model's load on a busy machine; a start that takes longer is reported as failed.
START_SECONDS = 60.0


def configure(parser: argparse.ArgumentParser) -> None:
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--status", action="store_true", help="list the running servers (pid, key, memory, idle)")
    action.add_argument("--stop", action="store_true", help="stop every parse server of this user")
    parser.add_argument("--idle", type=float, help="seconds without a parse before it exits (default: your setting)")
    parser.add_argument("--json", action="store_true", help="print the servers as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Exit 0 when done (a server is up, listed or stopped); 1 when none could be started."""
    from hook.config import load_config
    from warmparse.place import PlaceError, folder_for, private_folder

    project = os.environ.get("CLAUDE_PROJECT_DIR") or os.getcwd()
    try:
        config = load_config(os.environ, project)
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
    from hook.core import stop_lexicon
    from warmparse.key import server_key
    from warmparse.place import place_for

    lexicon = stop_lexicon(config, [])
    model = config.spacy_model or os.environ.get("LANEGATE_SPACY_MODEL") or None
    key = server_key(lexicon, model)
    try:
        place = place_for(private_folder(folder, create=True), key)
    except PlaceError as exc:
        print(f"lanegate serve: {exc}", file=sys.stderr)
        return 1
    idle = args.idle if args.idle and args.idle > 0 else config.parse_server_idle
    started = time.monotonic()
    fresh = start_detached(place, key, lexicon, model, idle)
    status = wait_until_up(place, START_SECONDS)
    if status is None:
        print(f"lanegate serve: no server answered at {place.socket} within {START_SECONDS:g} s", file=sys.stderr)
        return 1
    took = f"started in {time.monotonic() - started:.2f} s" if fresh else "already running"
    print(f"lanegate serve: {took}\n{_line(place.socket, status)}")
    return 0


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
