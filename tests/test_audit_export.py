"""`lanegate audit export --otlp URL` (docs/DESIGN.md#lanegate-cli, fleets): new audit lines reach an OTLP/HTTP
collector as OpenTelemetry log records, from a cursor kept beside the log; the SDK never loads on a stop's path.

The collector is a small http.server on 127.0.0.1 that decodes each ExportLogsServiceRequest with
opentelemetry-proto, so the test asserts exactly what arrived on the wire.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import (
    ExportLogsServiceRequest,
    ExportLogsServiceResponse,
)
from opentelemetry.proto.common.v1.common_pb2 import AnyValue

from analyzer.report import Finding
from hook.audit import AuditLine, append_line
from hook.commands.audit_export import CURSOR_SUFFIX, load_cursor, logs_endpoint

ROOT = Path(__file__).resolve().parents[1]


class Collector:
    """An OTLP/HTTP logs receiver: every request body decoded, kept in arrival order."""

    def __init__(self, status: int = 200) -> None:
        self.requests: list[tuple[str, str, ExportLogsServiceRequest]] = []
        self.status = status
        collector = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                request = ExportLogsServiceRequest()
                request.ParseFromString(body)
                collector.requests.append((self.path, self.headers["Content-Type"], request))
                reply = ExportLogsServiceResponse().SerializeToString()
                self.send_response(collector.status)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def records(self) -> list[Any]:
        return [r for _, _, req in self.requests for rl in req.resource_logs for sl in rl.scope_logs
                for r in sl.log_records]


@pytest.fixture
def collector() -> Iterator[Collector]:
    running = Collector()
    running.thread.start()
    yield running
    running.server.shutdown()
    running.server.server_close()


def export(log: Path, url: str, *extra: str, code: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(log.parent), "LANEGATE_AUDIT_LOG": str(log)}
    argv = ["audit", "export", "--otlp", url, "--timeout", "3", *extra]
    command = ["-c", code, *argv] if code else ["-m", "hook.cli", *argv]
    return subprocess.run([sys.executable, *command], cwd=ROOT, env=env, capture_output=True, text=True, timeout=90)


def value(any_value: AnyValue) -> object:
    kind = any_value.WhichOneof("value")
    if kind == "array_value":
        return [value(v) for v in any_value.array_value.values]
    return getattr(any_value, kind)


def attributes(record: Any) -> dict[str, object]:
    return {kv.key: value(kv.value) for kv in record.attributes}


BLOCK = AuditLine(
    klass="BLOCK", tag="deference", reason="You handed the decision back.", session="s-1", harness="claude",
    identity="@vega", operator_in_loop=False, mid_chain=False, autonomous_handoff=True, handoff_reason="night shift",
    lane_continuation="next-lane", mode="enforce", policy={"deference": True, "lane_continuation": True,
                                                              "max_refusals": 3},
    phrase="your call",
    finding=Finding("your call", "your call", "attribution", 0, 9, 1, 1, "fire", "none", None, (), False, "fires",
                    "standalone"),
    warnings=("model-error",),
    observed=(Finding("shall i", "Shall I", "permission", 0, 7, 1, 1, "fire", "none", None, (), False, "r",
                      "permission-question", mode="observe"),),
    claim=None,
)


def write_log(path: Path, *lines: AuditLine) -> None:
    for line in lines:
        assert append_line(str(path), line) is None


def ts(seconds: int) -> str:
    return f"2026-12-02T10:00:{seconds:02d}.250Z"


def test_new_lines_arrive_as_log_records_and_a_second_export_sends_nothing(tmp_path: Path,
                                                                           collector: Collector) -> None:
    from datetime import UTC, datetime

    log = tmp_path / "audit.jsonl"
    stamp = datetime(2026, 12, 2, 10, 0, 1, 250000, tzinfo=UTC)
    write_log(log, AuditLine(**{**BLOCK.__dict__, "ts": stamp}))  # type: ignore[arg-type]
    with log.open("ab") as fh:
        fh.write(b"torn {\n")
        fh.write(json.dumps({"ts": ts(2), "class": "ALLOW", "tag": "operator-dialogue", "session": "s-2",
                             "operator_in_loop": True, "claim": None, "reason": None}).encode() + b"\n")
    done = export(log, collector.url)
    assert (done.returncode, done.stderr) == (0, "")
    endpoint = collector.url + "/v1/logs"
    assert done.stdout == f"lanegate audit export: {log}: 2 line(s) sent to {endpoint} (1 malformed line(s) skipped)\n"
    ((path, content_type, request),) = collector.requests
    assert (path, content_type) == ("/v1/logs", "application/x-protobuf")
    ((resource_logs,),) = [request.resource_logs]
    resource = {kv.key: value(kv.value) for kv in resource_logs.resource.attributes}
    assert (resource["service.name"], resource["lanegate.audit_log"]) == ("lanegate", str(log))
    assert isinstance(resource["host.name"], str) and resource["host.name"]
    ((scope_logs,),) = [resource_logs.scope_logs]
    assert scope_logs.scope.name == "lanegate.audit"
    block, allow = scope_logs.log_records
    assert block.time_unix_nano == int(stamp.timestamp()) * 1_000_000_000 + 250_000_000
    assert (block.severity_text, block.severity_number, block.body.string_value, block.event_name) == (
        "BLOCK", 13, "You handed the decision back.", "lanegate.stop")
    assert attributes(block) == {
        "lanegate.class": "BLOCK", "lanegate.tag": "deference", "lanegate.session": "s-1",
        "lanegate.harness": "claude", "lanegate.identity": "@vega", "lanegate.operator_in_loop": False,
        "lanegate.mid_chain": False, "lanegate.autonomous_handoff": True, "lanegate.handoff_reason": "night shift",
        "lanegate.lane_continuation": "next-lane", "lanegate.mode": "enforce", "lanegate.phrase": "your call",
        "lanegate.policy.deference": True, "lanegate.policy.lane_continuation": True,
        "lanegate.policy.max_refusals": 3, "lanegate.finding.verdict": "fire", "lanegate.finding.form": "none",
        "lanegate.finding.rule": "standalone", "lanegate.finding.family": "attribution",
        "lanegate.finding.reason": "fires",
        "lanegate.warnings": ["model-error"], "lanegate.observed.families": ["permission"],
        "lanegate.observed.phrases": ["shall i"], "lanegate.log_offset": 0,
    }
    first_line = len(log.read_bytes().split(b"\n")[0]) + 1
    assert allow.time_unix_nano == 1_796_205_602_250_000_000
    assert (allow.severity_text, allow.severity_number, allow.body.string_value) == (
        "ALLOW", 9, "ALLOW operator-dialogue")
    assert attributes(allow) == {
        "lanegate.class": "ALLOW", "lanegate.tag": "operator-dialogue", "lanegate.session": "s-2",
        "lanegate.operator_in_loop": True, "lanegate.log_offset": first_line + len(b"torn {\n"),
    }
    cursor = load_cursor(str(log) + CURSOR_SUFFIX)
    assert cursor is not None and cursor.offset == log.stat().st_size
    assert (cursor.inode, cursor.device) == (log.stat().st_ino, log.stat().st_dev)

    again = export(log, collector.url)
    assert (again.returncode, again.stdout) == (0, f"lanegate audit export: {log}: nothing new since the last export\n")
    assert len(collector.requests) == 1

    # a line being written (no newline yet) waits; once whole it goes, alone
    with log.open("ab") as fh:
        fh.write(json.dumps({"ts": ts(3), "class": "CEILING-ALLOW", "tag": "ceiling"}).encode())
    assert export(log, collector.url).stdout.endswith("nothing new since the last export\n")
    with log.open("ab") as fh:
        fh.write(b"\n")
    assert export(log, collector.url).stdout.endswith(f"1 line(s) sent to {endpoint}\n")
    assert [r.severity_text for r in collector.records()] == ["BLOCK", "ALLOW", "CEILING-ALLOW"]
    assert collector.records()[-1].severity_number == 13


def test_a_rotated_or_truncated_log_is_sent_again_from_its_start(tmp_path: Path, collector: Collector) -> None:
    log = tmp_path / "audit.jsonl"
    lines = [json.dumps({"ts": ts(n), "class": "BLOCK", "tag": "no-lane-state", "session": f"s{n}"}).encode()
             for n in range(4)]
    log.write_bytes(b"\n".join(lines[:3]) + b"\n")
    assert export(log, collector.url).returncode == 0
    # rotated: a new file at the path (another inode), shorter than the old one
    log.rename(tmp_path / "audit.jsonl.1")
    log.write_bytes(lines[3] + b"\n")
    done = export(log, collector.url)
    assert done.stdout == (f"lanegate audit export: {log}: the log is another file than at the last export (rotated): "
                           f"sending it from its start; 1 line(s) sent to {collector.url}/v1/logs\n")
    # truncated in place (copytruncate) and written again past the old offset: other bytes before it
    with log.open("r+b") as fh:
        fh.truncate(0)
    log.write_bytes(b"\n".join([lines[1], lines[0]]) + b"\n")
    done = export(log, collector.url)
    assert "the log was rewritten since the last export: sending it from its start; 2 line(s) sent" in done.stdout
    with log.open("r+b") as fh:
        fh.truncate(10)
    done = export(log, collector.url)
    assert "the log is shorter than at the last export (truncated): sending it from its start" in done.stdout
    sessions = [attributes(r).get("lanegate.session") for r in collector.records()]
    assert sessions == ["s0", "s1", "s2", "s3", "s1", "s0"]


def test_a_collector_that_refuses_keeps_the_cursor_where_it_was(tmp_path: Path) -> None:
    refusing = Collector(status=400)
    refusing.thread.start()
    try:
        log = tmp_path / "audit.jsonl"
        log.write_bytes(json.dumps({"ts": ts(1), "class": "BLOCK", "tag": "deference"}).encode() + b"\n")
        done = export(log, refusing.url)
        assert (done.returncode, done.stdout) == (1, "")
        assert done.stderr.startswith("lanegate audit export: the collector did not take 1 record(s): ")
        assert done.stderr.count("\n") == 1
        assert not (tmp_path / ("audit.jsonl" + CURSOR_SUFFIX)).exists()
        assert len(refusing.requests) == 1
    finally:
        refusing.server.shutdown()
        refusing.server.server_close()


HIDE_SDK = (
    "import sys\n"
    "sys.modules['opentelemetry'] = None\n"
    "from hook.cli import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)


def test_without_the_extra_the_message_names_the_install_command(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    log.write_bytes(b"")
    done = export(log, "http://127.0.0.1:9", code=HIDE_SDK)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "lanegate audit export: the OpenTelemetry SDK is not installed (opentelemetry._logs): install the extra "
        "with `pip install 'lanegate[otlp]'` (with pipx: `pipx inject lanegate opentelemetry-sdk "
        "opentelemetry-exporter-otlp-proto-http`)\n"
    )


@pytest.mark.parametrize(
    ("url", "endpoint"),
    [
        ("http://collector:4318", "http://collector:4318/v1/logs"),
        ("http://collector:4318/", "http://collector:4318/v1/logs"),
        ("https://otel.example.internal/ingest/logs", "https://otel.example.internal/ingest/logs"),
    ],
)
def test_the_logs_path_is_added_to_a_bare_collector_url(url: str, endpoint: str) -> None:
    assert logs_endpoint(url) == endpoint


def test_a_url_that_is_not_http_is_exit_2(tmp_path: Path) -> None:
    done = export(tmp_path / "audit.jsonl", "collector:4318")
    assert (done.returncode, done.stderr) == (
        2, "lanegate audit export: --otlp collector:4318: expected an http:// or https:// URL of the collector\n")


def test_no_log_yet_is_nothing_to_send(tmp_path: Path) -> None:
    done = export(tmp_path / "audit.jsonl", "http://127.0.0.1:9")
    assert (done.returncode, done.stdout) == (0, f"lanegate audit export: nothing to send: no audit log yet at "
                                                 f"{tmp_path / 'audit.jsonl'}\n")


STOP_AND_REPORTS = """
import json, sys
from hook.core import handle
from hook.cli import main
from tests.transcript_builder import TranscriptBuilder
folder = sys.argv[1]
path = TranscriptBuilder().wake().assistant_text("Parser lane done. Next lane or docs, your call.").write(
    folder + "/t.jsonl")
env = {"HOME": folder, "LANEGATE_AUDIT_LOG": folder + "/audit.jsonl", "LANEGATE_STATE_DIR": folder + "/state",
       "LANEGATE_PARSE_SERVER": "off"}
payload = {"session_id": "s", "transcript_path": str(path), "cwd": folder, "hook_event_name": "Stop",
           "stop_hook_active": False}
outcome = handle(json.dumps(payload).encode(), "claude", env)
loaded = lambda: sorted(m for m in sys.modules if m.startswith(("opentelemetry", "hook.commands.audit")))
print(json.dumps({"tag": outcome.line.tag, "after_stop": loaded()}))
main(["audit", "--log", folder + "/audit.jsonl", "--json"])
main(["audit", "--log", folder + "/audit.jsonl", "--list"])
main(["audit", "--log", folder + "/audit.jsonl", "--html", folder + "/page.html"])
print(json.dumps({"after_reports": loaded()}))
"""


@pytest.mark.model
def test_neither_a_stop_nor_the_reports_import_the_sdk_or_the_exporter(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", STOP_AND_REPORTS, str(tmp_path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    first, *_, last = done.stdout.splitlines()
    assert json.loads(first) == {"tag": "deference", "after_stop": []}
    assert json.loads(last) == {"after_reports": ["hook.commands.audit", "hook.commands.audit_page"]}


def test_nothing_listening_is_connection_refused_with_the_url(tmp_path: Path) -> None:
    """Issue 31: a collector that is not running was reported as a generic failed batch after the exporter's
    retries; it is "connection refused" with the URL, at once, and the cursor is left alone."""
    import socket

    with socket.socket() as free:  # a port nothing listens on: bound, then closed
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    log = tmp_path / "audit.jsonl"
    log.write_bytes(json.dumps({"ts": ts(1), "class": "BLOCK", "tag": "deference"}).encode() + b"\n")
    done = export(log, f"http://127.0.0.1:{port}")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (f"lanegate audit export: connection refused: nothing listens at "
                           f"http://127.0.0.1:{port}/v1/logs (is the collector running?)\n")
    assert not (tmp_path / ("audit.jsonl" + CURSOR_SUFFIX)).exists()
