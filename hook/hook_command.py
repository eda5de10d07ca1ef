"""`lanegate hook`: the Stop hook's process boundary (SPEC §5.6).

Always exits 0 and prints nothing but the decision on stdout: whatever else writes to stdout while the
stop is judged goes to stderr instead, and any failure of the hook itself allows the stop (hook.core
files the ERROR line) with a one-line note on stderr.
"""

from __future__ import annotations

import argparse
import os
import sys

from hook.harness import ADAPTERS


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--harness",
        choices=sorted(ADAPTERS),
        help="the harness whose payload arrives on stdin (default: detected, else Claude Code)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    stdout = sys.stdout
    sys.stdout = sys.stderr
    try:
        from hook.core import handle

        outcome = handle(sys.stdin.buffer.read(), args.harness, os.environ)
    except Exception as exc:  # even a broken import must not block the stop
        _last_resort(f"{type(exc).__name__}: {exc}", args.harness)
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
