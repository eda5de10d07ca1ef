"""The audit line of every stop (docs/DESIGN.md#audit-log): one JSON object appended with one write, never rewritten.

Concurrent seats share the log, so each line goes out as a single os.write on an O_APPEND descriptor
(under an flock, so appenders queue rather than race); a log whose last byte is not a newline (another
process died mid-write) gets one first, so a torn line never swallows the next. Stdlib json only: this
runs on every stop, and orjson costs ~45 ms to import.
"""

from __future__ import annotations

import fcntl
import json
import os
from _datetime import UTC, datetime  # datetime.py would first run its pure-Python fallback: 3 M instructions a stop
from collections.abc import Mapping

from lanegate_common.frozen import frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

    from analyzer.report import Finding
    from hook.decision import UnbackedClaim
    from hook.deference import UnjudgedPhrase

CLASSES = (
    "ALLOW",
    "BLOCK",
    "WOULD-BLOCK",
    "CLEAN-TERMINAL ALLOW",
    "MATERIAL-ALLOW",
    "CEILING-ALLOW",
    "ERROR",
)
REFUSAL_CLASSES = frozenset({"BLOCK", "WOULD-BLOCK"})


@frozen
class AuditLine:
    """The fields of docs/DESIGN.md#audit-log; unknown values stay None and are written as null."""

    klass: str
    tag: str
    reason: str | None = None
    session: str | None = None
    harness: str | None = None
    identity: str | None = None
    operator_in_loop: bool | None = None
    mid_chain: bool | None = None
    autonomous_handoff: bool | None = None
    handoff_reason: str | None = None
    handoff_window: str | None = None
    lane_continuation: object = None
    mode: str | None = None
    policy: Mapping[str, Any] | None = None
    phrase: str | None = None
    finding: Finding | UnjudgedPhrase | None = None  # the analyzer's record, written as its to_dict()
    warnings: tuple[str, ...] = ()
    observed: tuple[Finding | UnjudgedPhrase, ...] = ()  # observe-mode findings of this stop
                                                         # (docs/DESIGN.md#phrase-families, rev 2)
    ts: datetime | None = None
    claim: UnbackedClaim | None = None  # row U: the claim's text, form and reason (docs/DESIGN.md#audit-log)
    # The row of the decision table and the rule, phrase or gate that decided, in a few words: what a
    # person reads first (`audit --list`, `--html`, `replay`; docs/DESIGN.md#operators), before the directive's text.
    row: str | None = None
    because: str | None = None
    # Where the judged turn is, so `lanegate golden add` can rebuild it (docs/DESIGN.md#operators): the transcript, the
    # byte offsets of its prompting record and of the end read, and the final text's SHA-256 and length
    # (its words stay out of the log). Small and fixed in size: per-stop cost stays flat.
    turn: Mapping[str, Any] | None = None
    # docs/DESIGN.md#verified-artifacts: the artifacts of a MATERIAL-ALLOW the forge confirmed; written only when
    # verification ran.
    verified: tuple[str, ...] | None = None
    # What was in flight at this stop (docs/DESIGN.md#scheduled-turns: the audit line records what was pending): running
    # tasks {"kind": "task", "id", "type"} and scheduled prompts {"kind": "scheduled", "id", "schedule", "recurring",
    # "prompt"}, each with "inferred": true when read from the records rather than the payload; None when the
    # stop was not judged (an error, a compaction).
    in_flight: tuple[Mapping[str, Any], ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        ts = self.ts or datetime.now(UTC)
        line = {
            "ts": ts.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{ts.microsecond // 1000:03d}Z",
            "class": self.klass,
            "tag": self.tag,
            "session": self.session,
            "harness": self.harness,
            "identity": self.identity,
            "operator_in_loop": self.operator_in_loop,
            "mid_chain": self.mid_chain,
            "autonomous_handoff": self.autonomous_handoff,
            "handoff_reason": self.handoff_reason,
            "handoff_window": self.handoff_window,
            "lane_continuation": self.lane_continuation,
            "mode": self.mode,
            "policy": dict(self.policy) if self.policy is not None else None,
            "phrase": self.phrase,
            "finding": self.finding.to_dict() if self.finding is not None else None,
            "reason": self.reason,
            "warnings": list(self.warnings),
            "observed": [{"phrase": o.phrase, "family": o.family, "reason": o.reason} for o in self.observed],
            "claim": self.claim.to_dict() if self.claim is not None else None,
            "row": self.row,
            "because": self.because,
            "turn": dict(self.turn) if self.turn is not None else None,
            "in_flight": [dict(i) for i in self.in_flight] if self.in_flight is not None else None,
        }
        if self.verified is not None:
            line["verified"] = list(self.verified)
        return line

    def to_bytes(self) -> bytes:
        """One line; ASCII-escaped so no character of agent text can split or corrupt it."""
        text = json.dumps(self.to_dict(), ensure_ascii=True, separators=(",", ":"), default=repr)
        return text.encode("ascii") + b"\n"


def append_line(path: str, line: AuditLine) -> str | None:
    """Append one line; returns None, or the error text (the caller notes it and decides unchanged)."""
    try:
        data = line.to_bytes()
        folder = os.path.dirname(path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            # Appenders queue here so the torn-line check never sees another seat's write half done.
            try:  # noqa: SIM105 - contextlib.suppress would cost every stop its import
                fcntl.flock(fd, fcntl.LOCK_EX)
            except OSError:
                pass
            size = os.fstat(fd).st_size
            if size and os.pread(fd, 1, size - 1) != b"\n":
                data = b"\n" + data
            written = os.write(fd, data)
        finally:
            os.close(fd)
    except (OSError, TypeError, ValueError) as exc:
        return f"audit log {path}: {exc}"
    if written != len(data):
        return f"audit log {path}: short write ({written} of {len(data)} bytes)"
    return None
