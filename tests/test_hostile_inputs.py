"""Nothing the judged agent controls reaches ERROR (docs/DESIGN.md#failure, revision 3): a hostile-input suite per
reader.

ERROR allows the stop, so it is for lanegate's own bugs and the harness's broken input only. Every reader
the stop uses on input the agent can shape — its project's lanegate.toml (and the user file beside it), its
final text and lane-state block, the transcript records its tool calls cause (Claude Code, Codex, Gemini),
its tool output, and a reply on the parse server's socket — is played here as a real `lanegate hook`
process after an autonomous prompt (the final texts of any encoding, read by nothing but the stop's own code,
run its main in this process: `seat.hook_here`), with input of any nesting depth or encoding; each must end
in a decision (never `ERROR`), with a warning naming what was set aside where something was. Each test failed
before its fix, with what it did then in its docstring.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.seat import Seat
from tests.test_adversarial import PR_URL, stop_payload, transcript
from tests.test_rollout import Rollout

ROOT = Path(__file__).resolve().parents[1]
PAYLOADS = ROOT / "tests" / "fixtures" / "payloads"
NOW = datetime.now(UTC)
WAKE = "[WAKE] peer ping: lane check"
DEEP = 100_000  # past any recursive reader's limit
NEARLY = 900  # parses with a recursive reader, then meets the next one


def nested(depth: int, leaf: str = "1") -> str:
    return "[" * depth + leaf + "]" * depth


def decided(stop: Any) -> tuple[str, str]:
    return stop.line["class"], stop.line["tag"]


@pytest.fixture
def seat(seat: Seat) -> Seat:
    return seat.as_claude()


# ---- configuration: lanegate.toml and the user file -------------------------------------------------------


@pytest.mark.parametrize("key", ["max_refusals", "mode", "lexicon.phrases"])
def test_a_value_nested_as_deep_as_toml_reads_is_quoted_short(seat: Seat, key: str) -> None:
    """A value nested 300 deep parses; the warning that names it quotes a short head of it, not its repr
    (which for a 1 MB value went into every audit line)."""
    value = nested(300)
    if key == "lexicon.phrases":
        seat.project_config.write_text(f"[lexicon]\nphrases = [{value}]\n")
    else:
        seat.project_config.write_text(f"{key} = {value}\n")
    stop = seat.hook(stop_payload(seat, "Parser done."))
    assert decided(stop) == ("BLOCK", "no-lane-state")
    named = [w for w in stop.line["warnings"] if "[[[[" in w]
    assert len(named) == 1 and len(named[0]) < 400, stop.line["warnings"]


def test_a_megabyte_string_value_is_quoted_short(seat: Seat) -> None:
    seat.project_config.write_text('mode = "' + "x" * 900_000 + '"\n')
    stop = seat.hook(stop_payload(seat, "Parser done."))
    assert decided(stop) == ("BLOCK", "no-lane-state")
    assert stop.line["policy"] == {"deference": True, "lane_continuation": True, "max_refusals": 3}
    assert max(len(w) for w in stop.line["warnings"]) < 400, [len(w) for w in stop.line["warnings"]]


@pytest.mark.parametrize(
    "raw",
    [b"\xff\xfe mode = 'dry-run'\n", b"mode = 'dry-run'\x00\n", "\ufeffmode = 'dry-run'\n".encode(),
     b"mode = '\xed\xa0\x80'\n"],
    ids=["utf-16 bom", "nul", "utf-8 bom", "encoded surrogate"],
)
def test_a_project_file_in_a_broken_encoding_is_ignored(seat: Seat, raw: bytes) -> None:
    seat.project_config.write_bytes(raw)
    stop = seat.hook(stop_payload(seat, "Parser done."))
    assert decided(stop) == ("BLOCK", "no-lane-state")
    assert any("lanegate.toml ignored" in w for w in stop.line["warnings"]), stop.line["warnings"]


# ---- the final text and its lane-state block ----------------------------------------------------------------


def lane_state(body: str) -> str:
    return f"Parser lane handed over.\n\n```lane-state\n{body}\n```"


@pytest.mark.parametrize(
    "body",
    [
        nested(DEEP),
        '{"laneContinuation": "next-lane", "namedGates": [{"ref": "x", "nextActor": ' + nested(NEARLY) + "}]}",
        '{"laneContinuation": ' + nested(NEARLY, '"next-lane"') + ', "namedGates": []}',
        '{"laneContinuation": "next-lane", "namedGates": ' + nested(NEARLY, "{}") + "}",
    ],
    ids=["block nested past the reader", "gate actor nested", "lane nested", "gates nested"],
)
def test_a_deep_lane_state_block_is_the_agents_malformed_emission(seat: Seat, body: str) -> None:
    """Before (the nested-value cases): the block parsed, and quoting the odd value in the refusal
    (json.dumps) raised RecursionError: ERROR internal-error, allowed."""
    stop = seat.hook(stop_payload(seat, lane_state(body)))
    assert stop.line["class"] == "BLOCK", stop.line
    assert stop.line["tag"] in ("malformed-lane-state", "invalid-lane-state"), stop.line


@pytest.mark.parametrize(
    "text",
    ["\x00" * 50_000 + " Your call.", "\ud800\udfff" * 10_000 + " Your call.", "\r" * 200_000 + "Your call.",
     "\u202e\u202c" * 50_000 + "Your call.", "\U000e0041" * 50_000 + "Your call."],
    ids=["nul run", "surrogate pairs", "carriage returns", "bidi overrides", "tag characters"],
)
def test_final_text_of_any_encoding_is_judged(seat: Seat, text: str) -> None:
    payload = stop_payload(seat, "placeholder")
    payload["last_assistant_message"] = text
    stop = seat.hook_here(payload)
    assert decided(stop) == ("BLOCK", "deference"), stop.line


# ---- transcript records and tool calls -----------------------------------------------------------------------


def claude_transcript_with(seat: Seat, raw_line: str, final: str = "Parser done.") -> Path:
    """The usual autonomous turn with one raw JSONL record spliced in before the final text."""
    path = transcript(seat, final)
    lines = path.read_text().splitlines()
    lines.insert(len(lines) - 1, raw_line)
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("depth", [DEEP, NEARLY])
def test_a_claude_tool_call_with_deeply_nested_input_is_walked_past(seat: Seat, depth: int) -> None:
    record = (
        '{"type":"assistant","uuid":"deep-1","timestamp":"' + NOW.strftime("%Y-%m-%dT%H:%M:%S.000Z")
        + '","message":{"id":"m-deep","role":"assistant","content":[{"type":"tool_use","id":"toolu_deep",'
        '"name":"mcp__github__create_pull_request_review","input":{"pullNumber":7,"event":"APPROVE","x":'
        + nested(depth) + "}}]}}"
    )
    payload = stop_payload(seat, "Parser done.")
    payload["transcript_path"] = str(claude_transcript_with(seat, record))
    stop = seat.hook(payload)
    assert decided(stop) == ("BLOCK", "no-lane-state"), stop.line


def rollout(seat: Seat, lines: list[str]) -> str:
    r = Rollout(start=NOW - timedelta(minutes=3)).user(WAKE)
    r.lines.extend(lines)
    r.assistant("Parser done.")
    return str(r.write(seat.root / "rollout.jsonl"))


def codex_line(payload: str) -> str:
    stamp = NOW.strftime("%Y-%m-%dT%H:%M:%S.000Z")
    return '{"timestamp":"' + stamp + '","type":"response_item","payload":' + payload + "}"


def codex_payload(seat: Seat, path: str) -> dict[str, Any]:
    data = json.loads((PAYLOADS / "codex_stop.json").read_text())
    data.update(transcript_path=path, last_assistant_message="Parser done.", cwd=str(seat.project))
    return data


@pytest.mark.parametrize("depth", [DEEP, NEARLY])
@pytest.mark.parametrize("where", ["arguments", "output"])
def test_a_codex_call_with_deeply_nested_json_in_a_string_is_read_as_text(seat: Seat, where: str, depth: int) -> None:
    """Before: Codex's arguments and output strings are JSON decoded with only ValueError caught; 100,000
    deep raised RecursionError: ERROR internal-error, allowed."""
    arguments = json.dumps({"cmd": "gh pr create --fill"}) if where == "output" else nested(depth)
    output_text = '{"output": ' + nested(depth) + "}" if where == "output" else "ok"
    lines = [
        codex_line(json.dumps({"type": "function_call", "name": "exec_command", "arguments": arguments,
                               "call_id": "call_deep"})),
        codex_line(json.dumps({"type": "function_call_output", "call_id": "call_deep", "output": output_text})),
    ]
    stop = seat.hook(codex_payload(seat, rollout(seat, lines)))
    assert (stop.line["harness"], *decided(stop)) == ("codex", "BLOCK", "no-lane-state"), stop.line


@pytest.mark.parametrize("depth", [DEEP, NEARLY])
def test_a_gemini_session_file_with_a_deep_tool_argument_is_judged_from_the_payload(seat: Seat, depth: int) -> None:
    """Before: the older one-object session file was decoded catching ValueError only: ERROR, allowed."""
    chat = seat.root / "session.json"
    chat.write_text(
        "{\n" + '"sessionId": "s1",\n"messages": [\n'
        + '{"type": "user", "content": "' + WAKE + '"},\n'
        + '{"type": "gemini", "content": "Parser done.", "toolCalls": [{"name": "run_shell_command", "args": '
        + '{"command": "ls", "x": ' + nested(depth) + '}, "status": "success", "result": []}]}\n]\n}\n'
    )
    data = json.loads((PAYLOADS / "gemini_after_agent.json").read_text())
    data.update(prompt=WAKE, prompt_response="Parser done.", transcript_path=str(chat), cwd=str(seat.project))
    stop = seat.hook(data)
    assert (stop.line["harness"], *decided(stop)) == ("gemini", "BLOCK", "no-lane-state"), stop.line


# A lone surrogate as the harness writes it into JSON (escaped), spliced in after the builder wrote the file.
SURROGATE = "@LONE-SURROGATE@"


def with_surrogates(payload: dict[str, Any]) -> dict[str, Any]:
    path = Path(payload["transcript_path"])
    path.write_text(path.read_text().replace(SURROGATE, "\\ud83d"))
    return payload


@pytest.mark.parametrize(
    "output",
    ["\x00" * 10_000 + PR_URL, SURROGATE + PR_URL, PR_URL * 20_000, "[" * DEEP + PR_URL],
    ids=["nul run", "lone surrogate", "200,000 URLs", "unclosed brackets"],
)
def test_tool_output_of_any_shape_is_read(seat: Seat, output: str) -> None:
    stop = seat.hook(with_surrogates(stop_payload(seat, "Parser done.", commands=(("gh pr create --fill", output),))))
    assert decided(stop) == ("MATERIAL-ALLOW", "material-artifact"), stop.line


@pytest.mark.parametrize(
    "command",
    [
        "gh pr create " + "$(" * 5_000 + ")" * 5_000,
        "gh pr create " + "'" * 99_999,
        "gh pr create \\" + "\n" * 50_000,
        "gh pr create " + "{" * 20_000 + " --fill",
        "gh pr create " + SURROGATE + " --fill",
        "gh pr create --fill" + " #'" * 30_000,
    ],
    ids=["nested substitutions", "unbalanced quotes", "continuations", "braces", "lone surrogate", "comment run"],
)
def test_a_shell_command_of_any_shape_is_read_without_error(seat: Seat, command: str) -> None:
    stop = seat.hook(with_surrogates(stop_payload(seat, "Parser done.", commands=((command, f"{PR_URL}\n"),))))
    assert stop.line["class"] in ("BLOCK", "MATERIAL-ALLOW"), stop.line


# ---- a reply on the parse server's socket -------------------------------------------------------------------


class FakeServer:
    """A process of the same user answering on the parse server's socket with whatever the test says."""

    def __init__(self, path: str, reply: bytes) -> None:
        self.reply = reply
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.bind(path)
        self.sock.listen(8)
        self.requests = 0
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            with conn:
                from warmparse import wire

                try:
                    request = wire.receive(conn)
                except OSError:
                    continue
                self.requests += 1
                body = self.reply.replace(b"@KEY@", json.dumps(request.get("key")).encode())
                conn.sendall(len(body).to_bytes(4, "big") + body)

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def runtime() -> Iterator[Path]:
    """A short runtime folder (a parallel run's tmp_path leaves a socket path too few characters); a server a
    stop starts after a broken reply (a "crashed" one) is stopped after."""
    from warmparse.client import stop_all
    from warmparse.place import RUNTIME_NAME

    folder = Path(tempfile.mkdtemp(prefix="lg-"))
    yield folder
    stop_all(str(folder / RUNTIME_NAME))
    shutil.rmtree(folder, ignore_errors=True)


# The key the installed hook asks its server for (the key names the code: the installed copy, not this tree).
INSTALLED_KEY = (
    "from analyzer.lexicon import default_lexicon; from warmparse.key import server_key; "
    "print(server_key(default_lexicon().digest, None))"
)


def serve_replies(runtime: Path, reply: bytes) -> FakeServer:
    from warmparse.place import RUNTIME_NAME, place_for, private_folder

    key = subprocess.run([sys.executable, "-I", "-c", INSTALLED_KEY], capture_output=True, text=True, check=True)
    folder = private_folder(str(runtime / RUNTIME_NAME), create=True)
    return FakeServer(place_for(folder, key.stdout.strip()).socket, reply)


REPORT_OF = '{"$record": "analyzer.report:Report", "fields": {"findings": {"$tuple": [%s]}}}'
REPLIES = {
    "report null": b'{"ok": true, "key": @KEY@, "report": null}',
    "report a list": b'{"ok": true, "key": @KEY@, "report": {"$list": []}}',
    "findings not a tuple": b'{"ok": true, "key": @KEY@, "report": {"$record": "analyzer.report:Report", '
    b'"fields": {"findings": 5}}}',
    "a finding of the wrong type": b'{"ok": true, "key": @KEY@, "report": ' + (REPORT_OF % "7").encode() + b"}",
    "a report nested past the decoder": b'{"ok": true, "key": @KEY@, "report": '
    + b'{"$tuple": [' * 20_000 + b"1" + b"]}" * 20_000 + b"}",
    "a record outside the trusted packages": b'{"ok": true, "key": @KEY@, "report": '
    b'{"$record": "os:_wrap_close", "fields": {}}}',
    "no key": b'{"ok": true, "report": null}',
    "not JSON": b"\xff\xfe{",
}


@pytest.mark.model
@pytest.mark.parametrize("name", sorted(REPLIES))
def test_a_forged_parse_server_reply_is_parsed_here_instead(seat: Seat, runtime: Path, name: str) -> None:
    """Before ("report null"): the client decoded None and the hook read `.warnings` off it: AttributeError,
    ERROR internal-error, allowed; a report whose fields had other types failed the same way later. A reply
    on the socket is input like any other: checked, and when it is not a well-formed Report the stop parses
    in its own process and says why."""
    final = "Tests pass. Your call."
    env = seat.env(XDG_RUNTIME_DIR=str(runtime), LANEGATE_PARSE_SERVER="on", LANEGATE_PARSE_SERVER_IDLE="5")
    server = serve_replies(runtime, REPLIES[name])
    try:
        stop = seat.hook(stop_payload(seat, final), env=env)
    finally:
        server.close()
    assert decided(stop) == ("BLOCK", "deference"), stop.line
    assert stop.line["phrase"] == "your call"
    assert server.requests == 1
    assert any(w.startswith("parse server ") and "parsed in this process" in w for w in stop.line["warnings"]), (
        stop.line["warnings"]
    )


def test_the_fake_server_answers_a_real_client(runtime: Path) -> None:
    """The harness of the test above reaches the client at all: a well-formed reply is taken."""
    from analyzer import analyze
    from warmparse.client import remote_analyze
    from warmparse.codec import encode
    from warmparse.place import place_at

    report = analyze("Parser done.")
    reply = b'{"ok": true, "key": @KEY@, "report": ' + json.dumps(encode(report)).encode() + b"}"
    server = serve_replies(runtime, reply)
    try:
        got = remote_analyze(place_at(server.sock.getsockname()), "k", "Parser done.", "skip")
    finally:
        server.close()
    assert got == report
