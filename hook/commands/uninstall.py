"""`lanegate uninstall`: remove exactly lanegate's entries from a harness's settings file (docs/DESIGN.md#lanegate-cli,
docs/DESIGN.md#operators).

Every hook entry whose command runs lanegate goes, in every event, with a matcher group, an event list or
`hooks` itself that held nothing else; every other key, hook and comment stays, spliced as `install`
splices. A file that `install` created and that holds nothing else now is removed, with the folders
install made for it while they are empty; a file install found there stays, whatever is left in it. The
previous file is kept in lanegate's state folder. Run it before `pipx uninstall lanegate`, for each project
and harness you installed into, so no settings file keeps a command that no longer exists.
"""

from __future__ import annotations

import argparse
import os
import sys

from hook.commands import install_state
from hook.commands.install import (
    InstallError,
    add_target_arguments,
    is_empty,
    read_settings,
    remove,
    resolve_target,
    settings_text,
    show_diff,
    take_out,
)
from hook.harness import get_harness


def configure(parser: argparse.ArgumentParser) -> None:
    add_target_arguments(parser, verb="remove lanegate")
    parser.add_argument("--dry-run", action="store_true", help="print the change as a unified diff, write nothing")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    harness = get_harness(args.harness)
    state_dir = install_state.state_folder(os.environ)
    try:
        target = resolve_target(harness, args)
        doc, old_text = read_settings(target.path, comments=target.comments)
        if doc is None:
            print(f"{target.path}: no settings file with lanegate in it, nothing to change")
            return 0
        after, count = remove(doc.data)
        new_text = settings_text(doc, old_text, after)
    except InstallError as exc:
        print(f"lanegate uninstall: {exc}; nothing was written", file=sys.stderr)
        return 2
    if not count:
        print(f"{target.path}: no lanegate entry, nothing to change")
        return 0
    if args.dry_run:
        if install_state.created_by_install(state_dir, target.path) is not None and is_empty(after):
            print(f"{target.path}: would be removed (install created it and nothing else is left in it)")
        else:
            show_diff(target.path, old_text, new_text)
        return 0
    try:
        print(take_out(target.path, target.comments, state_dir))
    except (InstallError, OSError) as exc:
        print(f"lanegate uninstall: cannot write {target.path}: {exc}", file=sys.stderr)
        return 1
    return 0
