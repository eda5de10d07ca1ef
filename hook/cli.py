"""The `lanegate` console script (SPEC §1.2): a registry of subcommands, each in its own module.

Only the chosen subcommand's module is imported (it adds its arguments with `configure(parser)` and
sets `handler`), so `lanegate hook` never pays for the report, install or replay code. To add a
subcommand (`install`, `golden`, `replay`), write a module with `configure` and list it in COMMANDS.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Mapping, Sequence

# name -> (module with configure(parser), one-line help)
COMMANDS: Mapping[str, tuple[str, str]] = {
    "hook": ("hook.hook_command", "the Stop hook: harness payload on stdin, decision on stdout"),
    "audit": ("hook.audit_report", "summarise the audit log: classes, tags, refusal chains"),
}


def build_parser(argv: Sequence[str]) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="lanegate", description="Keep autonomous coding agents driving.")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    chosen = next((a for a in argv if a in COMMANDS), None)
    for name, (module, help_text) in COMMANDS.items():
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        if name == chosen:
            importlib.import_module(module).configure(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(argv).parse_args(argv)
    return int(args.handler(args))


if __name__ == "__main__":
    sys.exit(main())
