"""`lanegate audit export --otlp URL`: ship the audit lines written since the last export to an
OpenTelemetry collector as log records over OTLP/HTTP, so many machines' gates land in one place
(docs/DESIGN.md#lanegate-cli, fleets).

Run it from cron or a timer, never from a stop: it needs the OpenTelemetry SDK (the optional extra
`lanegate[otlp]`), which nothing on the hook's path imports. Where the last export ended is kept beside
the log (`<log>.otlp-cursor`: byte offset, the file's inode and device, a digest of the bytes just
before the offset), written to a temporary file and renamed, and advanced only after the collector took
a batch. A log that was rotated (another file at the path), truncated (shorter than the offset) or
rewritten (other bytes before the offset) is read again from its start: a line may be sent twice then.
(Lines added to the old file after its last export are not read once it is rotated away: export before
rotating.) A last line still being written (no newline yet) waits for the next export.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import hashlib
import json
import logging
import os
import socket
import sys
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit, urlunsplit

CURSOR_SUFFIX = ".otlp-cursor"
LOCK_SUFFIX = ".otlp-cursor.lock"
# Records per OTLP request; the cursor moves after each one the collector accepted.
BATCH = 500
# The bytes before the cursor's offset that must read the same for the cursor to still hold.
TAIL_BYTES = 256
READ_BYTES = 1 << 20
INSTALL = "pip install 'lanegate[otlp]'"
PIPX_INSTALL = "pipx inject lanegate opentelemetry-sdk opentelemetry-exporter-otlp-proto-http"
LOGS_PATH = "/v1/logs"
SCOPE = "lanegate.audit"
EVENT_NAME = "lanegate.stop"
# Audit classes that are more than an ordinary allow: a refusal, the ceiling releasing a refused agent.
WARN_CLASSES = frozenset({"BLOCK", "WOULD-BLOCK", "CEILING-ALLOW"})


class ExportError(Exception):
    """The export cannot go on; the message says why (the cursor keeps what was sent)."""


@dataclass(frozen=True)
class Cursor:
    """Where the last export of one log ended, and what the file looked like there."""

    offset: int
    inode: int
    device: int
    tail: str  # sha256 of the TAIL_BYTES (or fewer) before offset

    def to_json(self) -> str:
        return json.dumps({"offset": self.offset, "inode": self.inode, "device": self.device, "tail": self.tail})


def load_cursor(path: str) -> Cursor | None:
    """The cursor at `path`; None when there is none yet or it does not parse (then the log is sent whole)."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        return Cursor(int(data["offset"]), int(data["inode"]), int(data["device"]), str(data["tail"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def save_cursor(path: str, cursor: Cursor) -> None:
    """Write the cursor to a temporary file in the same folder, fsync it and rename it over the old one:
    a crash leaves the old cursor or the new one, never half of one."""
    folder = os.path.dirname(path) or "."
    fd, temp = tempfile.mkstemp(prefix=os.path.basename(path) + ".", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(cursor.to_json() + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _tail_digest(fd: int, offset: int) -> str:
    start = max(0, offset - TAIL_BYTES)
    return hashlib.sha256(os.pread(fd, offset - start, start)).hexdigest()


def start_offset(fd: int, cursor: Cursor | None) -> tuple[int, str | None]:
    """Where this export starts in the open log, and why it starts over when it does."""
    if cursor is None:
        return 0, None
    info = os.fstat(fd)
    if (info.st_ino, info.st_dev) != (cursor.inode, cursor.device):
        return 0, "the log is another file than at the last export (rotated): sending it from its start"
    if info.st_size < cursor.offset:
        return 0, "the log is shorter than at the last export (truncated): sending it from its start"
    if _tail_digest(fd, cursor.offset) != cursor.tail:
        return 0, "the log was rewritten since the last export: sending it from its start"
    return cursor.offset, None


def complete_lines(fd: int, offset: int) -> Iterator[tuple[int, bytes]]:
    """Each whole line from `offset` on, with the offset just past it; a last line without its newline
    (still being written) is left for the next export."""
    pending = b""
    at = offset
    while True:
        chunk = os.pread(fd, READ_BYTES, at)
        if not chunk:
            return
        at += len(chunk)
        pending += chunk
        start = 0
        while (end := pending.find(b"\n", start)) != -1:
            yield at - len(pending) + end + 1, pending[start:end]
            start = end + 1
        pending = pending[start:]


# ---- one audit line as an OpenTelemetry log record ----------------------------------------------------


def attributes_of(line: Mapping[str, Any]) -> dict[str, Any]:
    """The audit line's fields as log-record attributes under `lanegate.` (nulls left out; nested records
    flattened to their parts; lists of strings kept as lists)."""
    attrs: dict[str, Any] = {}

    def put(key: str, value: object) -> None:
        if isinstance(value, bool | int | float | str):
            attrs[f"lanegate.{key}"] = value
        elif value is not None:
            attrs[f"lanegate.{key}"] = json.dumps(value, ensure_ascii=False, sort_keys=True)

    for key in ("class", "tag", "session", "harness", "identity", "operator_in_loop", "mid_chain",
                "autonomous_handoff", "handoff_reason", "handoff_window", "lane_continuation", "mode", "phrase"):
        put(key, line.get(key))
    policy = line.get("policy")
    if isinstance(policy, Mapping):
        for key in ("deference", "lane_continuation", "max_refusals"):
            put(f"policy.{key}", policy.get(key))
    finding = line.get("finding")
    if isinstance(finding, Mapping):
        for key in ("verdict", "form", "rule", "family", "reason"):
            put(f"finding.{key}", finding.get(key))
    claim = line.get("claim")
    if isinstance(claim, Mapping):
        for key in ("text", "form", "reason"):
            put(f"claim.{key}", claim.get(key))
    warnings = line.get("warnings")
    if isinstance(warnings, list) and warnings:
        attrs["lanegate.warnings"] = [str(w) for w in warnings]
    observed = [o for o in line.get("observed") or () if isinstance(o, Mapping)]
    if observed:
        attrs["lanegate.observed.families"] = [str(o.get("family")) for o in observed]
        attrs["lanegate.observed.phrases"] = [str(o.get("phrase")) for o in observed]
    return attrs


def timestamp_ns(ts: object) -> int | None:
    """The line's `ts` in nanoseconds since the epoch (UTC when it names no zone); None when unreadable."""
    if not isinstance(ts, str):
        return None
    try:
        stamp = datetime.fromisoformat(ts)
    except ValueError:
        return None
    stamp = stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)
    return int(stamp.timestamp()) * 1_000_000_000 + stamp.microsecond * 1000


def audit_line(raw: bytes) -> dict[str, Any] | None:
    """A whole audit object (class, tag and ts present), or None for a torn or foreign line."""
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(data, dict) or not all(isinstance(data.get(k), str) for k in ("class", "tag", "ts")):
        return None
    return data if timestamp_ns(data["ts"]) is not None else None


# ---- the command ------------------------------------------------------------------------------------------


def logs_endpoint(url: str) -> str:
    """The OTLP/HTTP logs URL: `/v1/logs` is added to a URL that names no path (as the SDK does for
    OTEL_EXPORTER_OTLP_ENDPOINT); a URL with a path is used as given."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ExportError(f"--otlp {url}: expected an http:// or https:// URL of the collector")
    if parts.path in ("", "/"):
        parts = parts._replace(path=LOGS_PATH)
    return urlunsplit(parts)


def reach(endpoint: str, timeout: float) -> None:
    """Open (and close) a connection to the collector first, so a collector that is not there is named as
    such — "connection refused" with its URL — before the exporter's retries turn it into a generic failed
    batch."""
    parts = urlsplit(endpoint)
    host, port = parts.hostname or "", parts.port or (443 if parts.scheme == "https" else 80)
    try:
        socket.create_connection((host, port), timeout=min(timeout, 5.0)).close()
    except ConnectionRefusedError:
        raise ExportError(f"connection refused: nothing listens at {endpoint} (is the collector running?)") from None
    except socket.gaierror as exc:
        raise ExportError(f"cannot resolve {host!r} in {endpoint}: {exc.strerror or exc}") from None
    except TimeoutError:
        raise ExportError(f"no answer from {endpoint} within {min(timeout, 5.0):g} s") from None
    except OSError as exc:
        raise ExportError(f"cannot connect to {endpoint}: {exc.strerror or exc}") from None


def run_export(args: argparse.Namespace) -> int:
    """Exit 0 when every new line was taken (or there was none), 1 when the collector refused or could not
    be reached (the cursor keeps what went through), 2 on bad input or a missing extra."""
    from hook.commands.audit import log_paths
    from hook.config import load_config

    try:
        endpoint = logs_endpoint(args.otlp)
        sdk = Sdk.load()
        paths = log_paths(args.log or [load_config(os.environ, None).audit_log])
    except (ExportError, ValueError, OSError) as exc:
        print(f"lanegate audit export: {exc}", file=sys.stderr)
        return 2
    if not args.log and not os.path.exists(paths[0]):
        print(f"lanegate audit export: nothing to send: no audit log yet at {paths[0]}")
        return 0
    try:
        reach(endpoint, args.timeout)
    except ExportError as exc:
        print(f"lanegate audit export: {exc}", file=sys.stderr)
        return 1
    exporter = sdk.exporter(endpoint, args.timeout)
    try:
        for path in paths:
            sent, skipped, note = export_log(path, sdk, exporter, from_start=args.from_start)
            prefix = f"lanegate audit export: {path}: " + (f"{note}; " if note else "")
            malformed = f" ({skipped} malformed line(s) skipped)" if skipped else ""
            print(prefix + (f"{sent} line(s) sent to {endpoint}{malformed}" if sent or skipped
                            else "nothing new since the last export"))
    except (ExportError, OSError) as exc:
        print(f"lanegate audit export: {exc}", file=sys.stderr)
        return 1
    finally:
        exporter.shutdown()
    return 0


def export_log(path: str, sdk: Sdk, exporter: Any, *, from_start: bool = False) -> tuple[int, int, str | None]:
    """Send one log's new lines in batches; returns (lines sent, malformed lines skipped, why it started over)."""
    cursor_file = path + CURSOR_SUFFIX
    lock = os.open(path + LOCK_SUFFIX, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ExportError(f"{path}: another export of this log is running") from None
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
        try:
            return _send(path, fd, cursor_file, sdk, exporter, from_start)
        finally:
            os.close(fd)
    finally:
        os.close(lock)


def _send(
    path: str, fd: int, cursor_file: str, sdk: Sdk, exporter: Any, from_start: bool
) -> tuple[int, int, str | None]:
    cursor = None if from_start else load_cursor(cursor_file)
    offset, note = start_offset(fd, cursor)
    info = os.fstat(fd)
    resource = sdk.resource(path)
    sent = skipped = 0
    batch: list[Any] = []
    end = offset

    def flush() -> None:
        nonlocal sent, batch
        if batch:
            sdk.send(exporter, batch)
            sent += len(batch)
            batch = []
        save_cursor(cursor_file, Cursor(end, info.st_ino, info.st_dev, _tail_digest(fd, end)))

    for end_of_line, raw in complete_lines(fd, offset):
        end = end_of_line
        if not raw.strip():
            continue
        line = audit_line(raw)
        if line is None:
            skipped += 1
            continue
        batch.append(sdk.record(line, resource, end_of_line - len(raw) - 1))
        if len(batch) >= BATCH:
            flush()
    if end != offset or cursor is None or note:
        flush()
    return sent, skipped, note


class Sdk:
    """The OpenTelemetry pieces the export uses, imported only when an export runs."""

    def __init__(self, modules: dict[str, Any]) -> None:
        from lanegate_common.version import VERSION

        self.m = modules
        self.release = VERSION
        self.scope = modules["InstrumentationScope"](SCOPE, self.release)

    @classmethod
    def load(cls) -> Sdk:
        try:
            from opentelemetry._logs import LogRecord, SeverityNumber
            from opentelemetry.exporter.otlp.proto.http._log_exporter import OTLPLogExporter
            from opentelemetry.sdk._logs import ReadableLogRecord
            from opentelemetry.sdk._logs.export import LogRecordExportResult
            from opentelemetry.sdk.resources import Resource
            from opentelemetry.sdk.util.instrumentation import InstrumentationScope
        except ImportError as exc:
            raise ExportError(
                f"the OpenTelemetry SDK is not installed ({exc.name or exc}): install the extra with "
                f"`{INSTALL}` (with pipx: `{PIPX_INSTALL}`)"
            ) from None
        return cls({
            "LogRecord": LogRecord, "SeverityNumber": SeverityNumber, "OTLPLogExporter": OTLPLogExporter,
            "ReadableLogRecord": ReadableLogRecord, "LogRecordExportResult": LogRecordExportResult,
            "Resource": Resource, "InstrumentationScope": InstrumentationScope,
        })

    def exporter(self, endpoint: str, timeout: float) -> Any:
        return self.m["OTLPLogExporter"](endpoint=endpoint, timeout=timeout)

    def resource(self, path: str) -> Any:
        """Who sent the records: this machine, lanegate and its version, and which log they came from."""
        return self.m["Resource"].create({
            "service.name": "lanegate",
            "service.version": self.release,
            "host.name": socket.gethostname(),
            "lanegate.audit_log": os.path.abspath(path),
        })

    def record(self, line: Mapping[str, Any], resource: Any, offset: int) -> Any:
        """One audit line as a log record: its time from `ts`, its class as severity, its reason as body."""
        severity = self.m["SeverityNumber"]
        klass = line["class"]
        number = severity.ERROR if klass == "ERROR" else severity.WARN if klass in WARN_CLASSES else severity.INFO
        attributes = attributes_of(line)
        attributes["lanegate.log_offset"] = offset
        record = self.m["LogRecord"](
            timestamp=timestamp_ns(line["ts"]),
            observed_timestamp=int(datetime.now(UTC).timestamp() * 1_000_000_000),
            severity_text=klass,
            severity_number=number,
            body=line.get("reason") if isinstance(line.get("reason"), str) else f"{klass} {line['tag']}",
            attributes=attributes,
            event_name=EVENT_NAME,
        )
        return self.m["ReadableLogRecord"](record, resource, self.scope)

    def send(self, exporter: Any, batch: list[Any]) -> None:
        """One OTLP request; ExportError (with the exporter's own reason) when the collector did not take it."""
        heard = _Heard()
        logger = logging.getLogger("opentelemetry")
        logger.addHandler(heard)
        propagate, logger.propagate = logger.propagate, False
        try:
            result = exporter.export(batch)
        finally:
            logger.removeHandler(heard)
            logger.propagate = propagate
        if result != self.m["LogRecordExportResult"].SUCCESS:
            why = f": {heard.messages[-1]}" if heard.messages else ""
            raise ExportError(f"the collector did not take {len(batch)} record(s){why}")


class _Heard(logging.Handler):
    """The exporter's own log messages, so a failure is told in one line instead of a logging dump."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(" ".join(record.getMessage().split())[:300])
