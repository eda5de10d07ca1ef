"""The `lanegate` console script (docs/DESIGN.md#lanegate-cli): a registry of subcommands, each in its own module.

Only the chosen subcommand's module is imported. A module either adds its arguments to an argparse
subparser with `configure(parser)` (and sets `handler`), or takes its raw arguments with `main(args)`
when argparse's behaviour is wrong for it: `lanegate hook` must exit 0 even on bad arguments (exit 2
from a Claude Code Stop hook blocks the stop), and it runs at every turn-end, where argparse with its
help formatter (gettext, locale, shutil) is a visible share of the budget. To add a subcommand
(`install`, `golden`, `replay`), write its module and list it in COMMANDS.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Collection, Mapping, Sequence

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    import argparse
    from typing import Any, NoReturn

# The options `lanegate` itself takes before a command.
TOP_OPTIONS = ("-h", "--help", "--version")
# Subcommands whose process ends without the interpreter's teardown when run from the command line.
EXIT_WITHOUT_TEARDOWN = frozenset({"hook"})
# name -> (module with configure(parser) or main(args), one-line help)
COMMANDS: Mapping[str, tuple[str, str]] = {
    "hook": ("hook.commands.hook", "the Stop hook: harness payload on stdin, decision on stdout"),
    "audit": ("hook.commands.audit", "summarise the audit log: classes, tags, refusal chains"),
    "install": ("hook.commands.install", "register lanegate hook in a harness's settings (merged, idempotent)"),
    "golden": ("hook.commands.golden", "run the golden terminal corpus through the hook, print expected vs got"),
    "replay": ("hook.commands.replay", "decide every turn-end of a recorded session, offline, in dry-run"),
    "doctor": ("hook.commands.doctor", "is the gate registered, enabled, enforcing and biting? (reads, never writes)"),
    "serve": ("hook.commands.serve", "start, list or stop the warm parse server that keeps spaCy loaded between stops"),
    "uninstall": ("hook.commands.uninstall", "remove exactly lanegate's hook entries from a harness's settings"),
    "config": ("hook.commands.config_show", "show every setting, its value and the layer it came from"),
    "completion": ("hook.commands.completion", "print the shell completion script for bash, zsh or fish"),
}


def build_parser(chosen: str | None) -> argparse.ArgumentParser:
    """The top-level parser; only the chosen subcommand's module adds its own arguments."""
    return _parsers(chosen)[0]


def _parsers(chosen: str | None) -> tuple[argparse.ArgumentParser, argparse.ArgumentParser | None]:
    """The top-level parser and the chosen subcommand's own (None when none was chosen)."""
    import argparse

    parser = argparse.ArgumentParser(prog="lanegate", description="Keep autonomous coding agents driving.")
    parser.add_argument("--version", action="version", version=f"lanegate {version()}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    own = None
    for name, (module, help_text) in COMMANDS.items():
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        if name == chosen:
            _imported(module).configure(sub)
            own = sub
    return parser, own


def version() -> str:
    """lanegate's version (lanegate_common/version.py, the one place it is written; the package metadata
    is built from it)."""
    from lanegate_common.version import VERSION

    return VERSION


def main(argv: Sequence[str] | None = None) -> int:
    """Run a subcommand; argv None means this process's own arguments (the console script)."""
    args = list(sys.argv[1:] if argv is None else argv)
    chosen = args[0] if args and args[0] in COMMANDS else None
    short_lived = argv is None and chosen in EXIT_WITHOUT_TEARDOWN
    if short_lived:
        # The process ends at the stop's answer without teardown: its garbage is freed by reference counts or by
        # the exit, so the cyclic collector, which walks every object the imports made, has nothing to save (7 M
        # instructions of a no-phrase stop, 3%; a cold phrase stop's peak memory was unchanged). Off before the
        # first import that allocates much (the pattern store's regular-expression modules).
        gc.disable()
    from lanegate_common import derived, patterns

    if argv is None:  # a process of its own: patterns compiled by an earlier one are built from their form
        patterns.use()
    if chosen is not None:
        module = _imported(COMMANDS[chosen][0])
        if hasattr(module, "main"):
            code = int(module.main(args[1:]))
            if short_lived:
                patterns.save()
                derived.save()
                exit_without_teardown(code)
            return code
    if args and chosen is None and args[0] not in TOP_OPTIONS:
        if args[0].startswith("-"):
            return _unknown(f"lanegate: unknown option {args[0]!r}{_nearest(args[0], TOP_OPTIONS)}")
        listed = ", ".join(COMMANDS)
        return _unknown(f"lanegate: unknown command {args[0]!r}{_nearest(args[0], COMMANDS)} (commands: {listed})")
    parser, own = _parsers(chosen)
    parsed, extra = parser.parse_known_args(args)
    # A command's positional `words` may sit on either side of its options (`golden add --replay F 2`):
    # argparse fills a positional list once, so the words after an option come back unparsed.
    if extra and isinstance(getattr(parsed, "words", None), list) and not any(e.startswith("-") for e in extra):
        parsed.words += extra
    elif extra:
        known = [o for action in (own or parser)._actions for o in action.option_strings]
        wrong = next((e.split("=", 1)[0] for e in extra if e.startswith("-")), extra[0])
        where = f"lanegate {chosen}"
        return _unknown(f"{where}: unknown argument {wrong!r}{_nearest(wrong, known)}; see `{where} --help`")
    code = int(parsed.handler(parsed))
    if argv is None:
        patterns.save()
        derived.save()
    return code


def _imported(name: str) -> Any:
    """The module `name`, imported: importlib.import_module, without importing importlib and warnings at every
    stop."""
    __import__(name)
    return sys.modules[name]


def _nearest(name: str, known: Collection[str]) -> str:
    from hook.config import did_you_mean

    return did_you_mean(name, known)


def _unknown(message: str) -> int:
    """A mistyped command or option: exit 2 as argparse does, naming the nearest known one."""
    print(message, file=sys.stderr)
    return 2


def exit_without_teardown(code: int) -> NoReturn:
    """End the process once stdout and stderr are flushed, skipping the interpreter's teardown.

    Freeing every module and object at exit costs `lanegate hook` about 5 ms at every turn-end, for a
    process whose writes are all done: the audit line and the state go out with os.write (the state
    fsynced) before the hook returns, and nothing registers atexit work on its path. A stream that
    cannot be flushed (the harness closed the pipe) changes nothing: the hook exits 0 regardless.
    """
    for stream in (sys.stdout, sys.stderr):
        try:  # noqa: SIM105 - contextlib.suppress would cost every stop its import
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


if __name__ == "__main__":
    sys.exit(main())
