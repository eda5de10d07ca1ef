"""`lanegate hook`: the Stop hook's process boundary (docs/DESIGN.md#failure).

Always exits 0 and prints nothing but the decision on stdout: whatever else writes to stdout while the
stop is judged goes to stderr instead, and any failure of the hook itself, bad arguments included,
allows the stop (hook.core files the ERROR line) with a one-line note on stderr.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

# `lanegate install` registers a 30 s timeout: a stop still being judged at 20 s is allowed with an
# audited internal-error, instead of being killed by the harness with no audit line at all.
DEADLINE_SECONDS = 20.0

USAGE = """usage: lanegate hook [--harness NAME]

The Stop hook: reads the harness payload on stdin and prints the decision on stdout.
  --harness NAME  the harness that sent the payload (default: detected, else Claude Code)
"""


def main(args: Sequence[str]) -> int:
    if list(args) in (["-h"], ["--help"]):
        sys.stdout.write(USAGE)
        return 0
    harness, problem = parse_arguments(args)
    stdout = sys.stdout
    sys.stdout = sys.stderr
    try:
        from hook.core import handle
        from warmparse.use import WarmUse

        raw = sys.stdin.buffer.read()
        # A live stop may leave a warm parse server behind for the next one (docs/DESIGN.md#performance).
        warm = WarmUse(start=True)
        outcome = handle(raw, harness, os.environ, argument_error=problem, deadline=DEADLINE_SECONDS, warm=warm)
    except Exception as exc:  # even a broken import must not block the stop
        _last_resort(f"{type(exc).__name__}: {exc}", harness)
        return 0
    finally:
        sys.stdout = stdout
    if outcome.failure:
        print(f"lanegate: {outcome.failure} (stop allowed)", file=sys.stderr)
    if outcome.audit_error:
        print(f"lanegate: {outcome.audit_error} (decision unchanged)", file=sys.stderr)
    if outcome.stdout:
        try:
            stdout.write(outcome.stdout + "\n")
            stdout.flush()
        except OSError as exc:
            print(f"lanegate: cannot write the decision: {exc}", file=sys.stderr)
    return 0


def parse_arguments(args: Sequence[str]) -> tuple[str | None, str | None]:
    """The --harness value, and what is wrong with the arguments (never an exit: see hook.cli)."""
    harness = None
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--harness" and rest:
            harness = rest.pop(0)
        elif arg.startswith("--harness="):
            harness = arg.removeprefix("--harness=")
        else:
            return harness, f"unexpected argument {arg!r}; usage: lanegate hook [--harness NAME]"
    return harness, None


def _last_resort(message: str, harness: str | None) -> None:
    """hook.core itself failed: file the ERROR line with nothing but the audit module and the env."""
    print(f"lanegate: internal-error: {message} (stop allowed)", file=sys.stderr)
    try:
        from hook.audit import AuditLine, append_line

        path = os.path.expanduser(os.environ.get("LANEGATE_AUDIT_LOG") or "~/.lanegate/audit.jsonl")
        error = append_line(path, AuditLine(klass="ERROR", tag="internal-error", reason=message, harness=harness))
    except Exception as exc:  # the stop is allowed either way; say why nothing was filed
        error = str(exc)
    if error:
        print(f"lanegate: {error}", file=sys.stderr)
