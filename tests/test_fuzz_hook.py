"""Fuzzing every input surface of `lanegate hook` (docs/DESIGN.md#failure): stdin, transcript lines, lane-state
blocks, the user and project lanegate.toml and the environment.

Whatever arrives, the hook exits 0, prints nothing or exactly one decision object, and appends exactly
one parseable audit line; no input may reach the `internal-error` path, and no project file may turn the
gate off. Most runs go through the hook command's `main` in-process (fast); a few real processes pin the
exit code and the stdout contract at the process boundary.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from hook.audit import CLASSES
from tests.examples import examples
from tests.seat import Seat, Stop
from tests.transcript_builder import TranscriptBuilder, lane_state_block

ROOT = Path(__file__).resolve().parents[1]
NOW = datetime.now(UTC)
STAMP = NOW.strftime("%Y-%m-%dT%H:%M:%SZ")
GATE = {"ref": "design review of the tokenizer", "checkedAt": STAMP, "nextActor": "@reviewer"}
LANE_TAGS = ("no-lane-state", "malformed-lane-state", "invalid-lane-state", "valid-lane-state")
ANNOUNCED = ("CLEAN-TERMINAL ALLOW", "MATERIAL-ALLOW")


def fuzz(whole_run: int) -> settings:
    """Hypothesis settings of this file (`whole_run` examples in a whole run, tests/examples.py); one seat serves all
    examples (checks count appended lines only)."""
    return settings(
        max_examples=examples(whole_run),
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


def transcript(seat: Seat, builder: TranscriptBuilder, **write: Any) -> Path:
    seat.counter += 1
    return builder.write(seat.root / f"t{seat.counter}.jsonl", **write)


def stop_payload(seat: Seat, transcript: Path | str, message: str | None = None, **fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "session_id": f"fuzz-{seat.counter}",
        "transcript_path": str(transcript),
        "cwd": str(seat.project),
        "permission_mode": "default",
        "hook_event_name": "Stop",
        "stop_hook_active": False,
    }
    if message is not None:
        data["last_assistant_message"] = message
    data.update(fields)
    return data


def autonomous(final: str = "Parser done.") -> TranscriptBuilder:
    """A [WAKE] turn with one tool call and a final message: row L5 unless something exits."""
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake("peer ping: lane check")
    t.bash("make test", "42 passed")
    return t.assistant_text(final)


def assert_contract(run: Stop) -> dict[str, Any]:
    """docs/DESIGN.md#failure and docs/DESIGN.md#adapters for Claude Code: exit 0, one audit line, stdout matches the
    audited class."""
    line = run.line
    assert run.code == 0
    assert line["class"] in (*CLASSES, "ALLOW")
    if line["class"] == "BLOCK":
        assert run.stdout == json.dumps({"decision": "block", "reason": line["reason"]}) + "\n"
    elif line["class"] in ANNOUNCED:
        assert run.stdout == json.dumps({"systemMessage": f"lanegate {line['class']}: {line['reason']}"}) + "\n"
    else:
        assert run.stdout == ""
    notes = run.stderr.splitlines()
    assert all(note.startswith("lanegate: ") for note in notes), run.stderr[:300]
    if line["class"] == "ERROR":
        assert notes[0].startswith(f"lanegate: {line['tag']}: ")
        assert line["tag"] != "internal-error", line["reason"]
    else:
        assert notes == []
    return line


# ---- stdin ----------------------------------------------------------------------------------------

JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=40)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)


@fuzz(150)
@given(raw=st.binary(max_size=400))
@example(raw=b"")
@example(raw=b"\xef\xbb\xbf")
@example(raw=b"\x00" * 64)
@example(raw=b"[" * 5000 + b"]" * 5000)
@example(raw=b'{"a":' * 5000 + b"1" + b"}" * 5000)
@example(raw=b"\xff\xfe{\x00}\x00")
def test_any_bytes_on_stdin_allow_and_file_one_input_error(seat: Seat, raw: bytes) -> None:
    line = assert_contract(seat.run(raw))
    assert (line["class"], line["tag"]) == ("ERROR", "input-error")


@fuzz(150)
@given(value=JSON_VALUES)
def test_any_json_value_on_stdin_is_contained(seat: Seat, value: object) -> None:
    line = assert_contract(seat.run(json.dumps(value).encode()))
    assert line["class"] == "ERROR"
    if not isinstance(value, dict):
        message = f"the payload is a JSON {type(value).__name__}, not an object"
        assert (line["tag"], line["reason"]) == ("input-error", message)
    elif "transcript_path" not in value or value.get("hook_event_name", "Stop") != "Stop":
        assert line["tag"] == "input-error"


BAD_PATHS = ["", "\x00", "/nonexistent/lanegate/t.jsonl", "/", "x" * 5000, "/tmp/\n/t.jsonl"]
FIELDS = (
    "session_id",
    "transcript_path",
    "cwd",
    "permission_mode",
    "hook_event_name",
    "stop_hook_active",
    "last_assistant_message",
    "prompt_id",
    "background_tasks",
    "session_crons",
    "agent_id",
    "agent_type",
    "agent_transcript_path",
)
NOT_STRINGS = JSON_VALUES.filter(lambda v: not isinstance(v, str))


def junk_for(key: str) -> st.SearchStrategy[object]:
    """A wrong value for a payload field: any non-string, a bad path, or (for free text) any string."""
    if key in ("transcript_path", "agent_transcript_path"):
        return NOT_STRINGS | st.sampled_from(BAD_PATHS)
    if key == "hook_event_name":
        return JSON_VALUES | st.sampled_from(["Stop", "SubagentStop", "stop", "PreToolUse", ""])
    return JSON_VALUES | st.text(max_size=300)


@st.composite
def wrong_fields(draw: st.DrawFn) -> dict[str, object]:
    keys = draw(st.lists(st.sampled_from(FIELDS), min_size=1, max_size=len(FIELDS), unique=True))
    return {key: draw(junk_for(key)) for key in keys}


def expected_error(payload: Mapping[str, object], real_path: str) -> str | None:
    """The ERROR tag this Claude Code payload must get, or None when it must be judged."""
    event = payload.get("hook_event_name", "Stop")
    if event not in ("Stop", "SubagentStop"):
        return "input-error"
    path = payload.get("agent_transcript_path" if event == "SubagentStop" else "transcript_path")
    if not isinstance(path, str) or not path:
        return "input-error"
    if event == "SubagentStop" and payload.get("agent_type") == "" and not os.path.exists(path):
        return None  # Claude Code's /compact (an empty agent_type, a transcript never written): ALLOW compaction
    return None if path == real_path else "transcript-error"


@fuzz(250)
@given(junk=wrong_fields(), drop=st.sets(st.sampled_from(FIELDS), max_size=3))
def test_wrong_types_in_every_payload_field(seat: Seat, junk: dict[str, object], drop: set[str]) -> None:
    path = str(seat.root / "t.jsonl")
    if not os.path.exists(path):
        autonomous().write(path)
    payload = {**stop_payload(seat, path, "Parser done.", agent_transcript_path=path), **junk}
    for key in drop:
        payload.pop(key, None)
    line = assert_contract(seat.run(json.dumps(payload).encode()))
    error = expected_error(payload, path)
    if error is None:
        assert line["class"] != "ERROR", line["reason"]
    else:
        assert (line["class"], line["tag"]) == ("ERROR", error)


def test_json_nested_too_deeply_to_decode_is_an_input_error(seat: Seat) -> None:
    line = assert_contract(seat.run(b'{"session_id": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"))
    assert (line["tag"], line["reason"]) == ("input-error", "stdin is not usable JSON: nested too deeply to decode")


def test_an_error_quoting_the_payload_is_a_bounded_audit_reason_and_a_one_line_note(seat: Seat) -> None:
    odd = "/nonexistent/a\nb\u2028c\rd"
    run = seat.run(json.dumps({"transcript_path": odd}).encode())
    line = assert_contract(run)
    assert line["reason"] == f"cannot open transcript {odd}: No such file or directory"
    shown = "/nonexistent/a\\nb\\u2028c\\rd"
    assert run.stderr == f"lanegate: transcript-error: cannot open transcript {shown}: No such file or directory" + (
        " (stop allowed)\n"
    )
    huge = "/nonexistent/" + "x" * 100_000
    run = seat.run(json.dumps({"transcript_path": huge}).encode())
    full = f"cannot open transcript {huge}: File name too long"
    clipped = f"{full[:2000]}… ({len(full) - 2000} more characters)"
    assert assert_contract(run)["reason"] == clipped
    assert run.stderr == f"lanegate: transcript-error: {clipped} (stop allowed)\n"


def test_a_bom_an_invalid_byte_and_a_lone_surrogate_in_a_valid_payload(seat: Seat) -> None:
    path = transcript(seat, autonomous())
    body = json.dumps(stop_payload(seat, path, "Parser done.")).encode()
    plain = assert_contract(seat.run(body))
    assert (plain["class"], plain["tag"]) == ("BLOCK", "no-lane-state")
    assert assert_contract(seat.run(b"\xef\xbb\xbf" + body))["tag"] == "no-lane-state"
    broken = body.replace(b"Parser done.", b"Parser \xc3 done.")
    line = assert_contract(seat.run(broken))
    assert (line["class"], line["tag"]) == ("ERROR", "input-error")
    assert line["reason"].startswith("stdin is not UTF-8: ")
    utf16 = assert_contract(seat.run(body.decode().encode("utf-16")))
    assert (utf16["class"], utf16["tag"]) == ("ERROR", "input-error")
    lone = json.dumps(stop_payload(seat, path, "Parser done \ud800.", session_id="s\udfff")).encode()
    surrogate = assert_contract(seat.run(lone))
    assert (surrogate["class"], surrogate["tag"], surrogate["session"]) == ("BLOCK", "no-lane-state", "s\udfff")


@pytest.mark.parametrize("field", ["session_id", "last_assistant_message", "cwd", "permission_mode", "agent_id"])
def test_a_megabyte_string_in_any_field_is_judged(seat: Seat, field: str) -> None:
    path = transcript(seat, autonomous())
    payload = stop_payload(seat, path, "Parser done.")
    payload[field] = "x " * 500_000
    line = assert_contract(seat.run(json.dumps(payload).encode()))
    assert (line["class"], line["tag"]) == ("BLOCK", "no-lane-state")


@pytest.mark.parametrize("cwd", ["\x00", "/tmp/a\x00b", "/" + "x" * 5000])
def test_an_unusable_project_dir_is_a_named_warning_not_an_error(seat: Seat, cwd: str) -> None:
    """The project file cannot even be opened: ignored like a broken one (docs/DESIGN.md#configuration), gate
    unchanged."""
    path = transcript(seat, autonomous())
    line = assert_contract(seat.run(json.dumps(stop_payload(seat, path, "Parser done.", cwd=cwd)).encode()))
    assert (line["class"], line["tag"]) == ("BLOCK", "no-lane-state")
    assert len(line["warnings"]) == 1 and line["warnings"][0].startswith(f"project {cwd}/lanegate.toml ignored: ")


def test_a_hundred_levels_of_nesting_in_a_payload_field_are_judged(seat: Seat) -> None:
    path = transcript(seat, autonomous())
    nested: object = "deep"
    for _ in range(100):
        nested = {"k": [nested]}
    line = assert_contract(seat.run(json.dumps(stop_payload(seat, path, "Parser done.", extra=nested)).encode()))
    assert (line["class"], line["tag"]) == ("BLOCK", "no-lane-state")


# ---- transcript lines -----------------------------------------------------------------------------


def record_lines(builder: TranscriptBuilder) -> list[bytes]:
    return [line.encode() for line in builder.lines()]


@st.composite
def malformed_line(draw: st.DrawFn, sample: list[bytes]) -> bytes:
    """A line that is not a JSON object: truncated, non-JSON, NUL-laden, non-UTF-8, another JSON type."""
    kind = draw(st.sampled_from(["truncated", "bytes", "nul", "not-utf8", "scalar", "blank"]))
    real = draw(st.sampled_from(sample))
    if kind == "truncated":
        return real[: draw(st.integers(1, len(real) - 1))]
    if kind == "bytes":
        return draw(st.binary(min_size=1, max_size=200)).replace(b"\n", b"")
    if kind == "nul":
        cut = draw(st.integers(0, len(real)))
        return real[:cut] + b"\x00" * draw(st.integers(1, 64)) + real[cut:]
    if kind == "not-utf8":
        cut = real.index(b'"timestamp"') if b'"timestamp"' in real else 1
        return real[:cut] + b"\xff\xc3" + real[cut:]
    if kind == "scalar":
        value = draw(JSON_VALUES.filter(lambda v: not isinstance(v, dict)))
        return json.dumps(value).encode()
    return draw(st.sampled_from([b"", b"   ", b"\t", b"\r"]))


BASE = autonomous(lane_state_block("next-lane", [GATE]))
BASE_LINES = record_lines(BASE)


@fuzz(150)
@given(
    inserts=st.lists(st.tuples(st.integers(0, len(BASE_LINES)), malformed_line(BASE_LINES)), min_size=1, max_size=6),
    torn=st.booleans(),
)
def test_malformed_transcript_lines_are_skipped_and_change_nothing(
    seat: Seat, inserts: list[tuple[int, bytes]], torn: bool
) -> None:
    lines = list(BASE_LINES)
    for index, raw in sorted(inserts, key=lambda pair: -pair[0]):
        lines.insert(index, raw)
    data = b"".join(line + b"\n" for line in lines)
    if torn:
        data += BASE_LINES[-1][: len(BASE_LINES[-1]) // 2]
    path = seat.root / "t.jsonl"
    path.write_bytes(data)
    payload = stop_payload(seat, path)
    payload["session_id"] = f"fresh-{seat.counter}"  # no counters: each example is judged on the transcript alone
    seat.counter += 1
    line = assert_contract(seat.run(json.dumps(payload).encode()))
    expected = ("BLOCK", "valid-lane-state", False, "next-lane")
    assert (line["class"], line["tag"], line["operator_in_loop"], line["lane_continuation"]) == expected


RECORD_KEYS = (
    "type",
    "message",
    "uuid",
    "parentUuid",
    "timestamp",
    "isSidechain",
    "isMeta",
    "isCompactSummary",
    "origin",
    "attachment",
    "agentId",
    "subtype",
    "toolUseResult",
    "promptId",
)
KINDS = ("user", "assistant", "system", "summary", "attachment", "progress", "queue-operation")
BLOCK_TYPES = ("text", "tool_use", "tool_result", "thinking", "image")


@st.composite
def wrong_shape_record(draw: st.DrawFn) -> dict[str, object]:
    """A JSON object shaped like a record, every field possibly of the wrong type."""
    block = st.fixed_dictionaries(
        {"type": st.sampled_from(BLOCK_TYPES) | JSON_VALUES},
        optional={
            key: JSON_VALUES
            | st.sampled_from(["gh pr create --fill", "https://github.com/o/r/pull/3", "[WAKE] x", "Bash"])
            for key in ("text", "id", "name", "input", "tool_use_id", "content", "is_error")
        },
    )
    message = st.fixed_dictionaries(
        {},
        optional={
            "role": st.sampled_from(["user", "assistant"]) | JSON_VALUES,
            "id": st.sampled_from(["msg_1", "msg_2"]) | JSON_VALUES,
            "content": st.lists(block | JSON_VALUES, max_size=3) | st.text(max_size=60) | JSON_VALUES,
        },
    )
    attachment = st.fixed_dictionaries(
        {},
        optional={
            "type": st.just("queued_command") | JSON_VALUES,
            "prompt": st.text(max_size=40) | JSON_VALUES,
            "commandMode": st.just("prompt") | JSON_VALUES,
            "source_uuid": st.text(max_size=10) | JSON_VALUES,
            "origin": st.just({"kind": "human"}) | JSON_VALUES,
            "timestamp": st.just(STAMP) | JSON_VALUES,
        },
    )
    values = {
        "type": st.sampled_from(KINDS) | JSON_VALUES,
        "message": message | JSON_VALUES,
        "attachment": attachment | JSON_VALUES,
        "origin": st.sampled_from([{"kind": "human"}, {"kind": "task-notification"}, {"kind": 3}]) | JSON_VALUES,
        "timestamp": st.sampled_from([STAMP, "9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00+14:00", "x"])
        | JSON_VALUES,
        "isSidechain": st.booleans() | JSON_VALUES,
        "agentId": st.just("a7") | JSON_VALUES,
    }
    keys = draw(st.lists(st.sampled_from(RECORD_KEYS), min_size=1, max_size=8, unique=True))
    return {key: draw(values.get(key, JSON_VALUES)) for key in keys}


@fuzz(120)
@given(
    inserts=st.lists(st.tuples(st.integers(0, len(BASE_LINES)), wrong_shape_record()), min_size=1, max_size=5),
    message=st.sampled_from([None, "Parser done."]),
)
@example(inserts=[(1, {"type": "user", "message": {"content": [{"type": []}]}})], message=None)  # unhashable type
def test_records_of_the_wrong_shape_never_break_the_walk(
    seat: Seat, inserts: list[tuple[int, dict[str, object]]], message: str | None
) -> None:
    lines = list(BASE_LINES)
    for index, record in sorted(inserts, key=lambda pair: -pair[0]):
        lines.insert(index, json.dumps(record, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    path = seat.root / "t.jsonl"
    path.write_bytes(b"".join(line + b"\n" for line in lines))
    payload = stop_payload(seat, path, message)
    payload["session_id"] = f"fresh-{seat.counter}"  # a new session per example (no counters)
    seat.counter += 1
    line = assert_contract(seat.run(json.dumps(payload).encode()))
    assert line["class"] != "ERROR", line["reason"]


def test_line_separators_and_escaped_nuls_inside_strings_keep_records_whole(seat: Seat) -> None:
    """U+2028/U+2029 are not line ends (docs/DESIGN.md#transcript); a NUL escaped inside a string is ordinary text."""
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake("peer\u2028ping\u2029")
    t.bash("printf 'a\\u2028b'", "a\u2028b\u2029c\x00d")
    t.assistant_text("Parser\u2028done.\x00\n\n" + lane_state_block("next-lane", [GATE]))
    path = transcript(seat, t)
    assert "\u2028".encode() in path.read_bytes()
    payload = stop_payload(seat, path)
    line = assert_contract(seat.run(json.dumps(payload).encode()))
    assert (line["class"], line["tag"], line["operator_in_loop"]) == ("BLOCK", "valid-lane-state", False)


# ---- lane-state blocks ----------------------------------------------------------------------------

NO_SPACE_TEXT = st.text(st.characters(blacklist_categories=("Zs", "Cc", "Cs")), max_size=30)
CHECKED_AT = (
    st.sampled_from(
        [STAMP, NOW.strftime("%H:%MZ"), "99:99Z", "24:00Z", "10:04", "2026-13-45T25:61Z", "9999-12-31T23:59Z"]
    )
    | st.text("0123456789-:TZ+.", max_size=30)
    | st.datetimes(timezones=st.timezones() | st.none()).map(lambda d: d.isoformat())
    | JSON_VALUES
)
GATES = st.fixed_dictionaries(
    {},
    optional={
        "ref": st.sampled_from(["PR #12", "pull request 9", "https://github.com/o/r/pull/4", "design"])
        | NO_SPACE_TEXT
        | JSON_VALUES,
        "checkedAt": CHECKED_AT,
        "nextActor": st.sampled_from(["@reviewer", "", "@me"]) | JSON_VALUES,
        "mergeClaim": st.booleans() | JSON_VALUES,
        "field": st.sampled_from(["mergedAt", "state"]) | JSON_VALUES,
    },
)
LANE_BODIES = st.fixed_dictionaries(
    {},
    optional={
        "laneContinuation": st.sampled_from(["active-lane", "next-lane", "blocker-routed", "Next-Lane"]) | JSON_VALUES,
        "namedGates": st.lists(GATES | JSON_VALUES, max_size=4) | JSON_VALUES,
        "awaitingOwnPrOnly": st.booleans() | JSON_VALUES,
        "wakeDisposition": JSON_VALUES,
    },
)


@fuzz(120)
@given(
    body=LANE_BODIES.map(json.dumps)
    | st.text(st.characters(blacklist_characters="`~\r\n", blacklist_categories=("Cs",)), max_size=80),
    fence=st.sampled_from(["```", "~~~", "````"]),
    info=st.sampled_from(["lane-state", "lane-state extra words", "LANE-STATE"]),
    newline=st.sampled_from(["\n", "\r\n"]),
    closed=st.booleans(),
)
def test_any_lane_state_block_is_judged_by_a_lane_row(
    seat: Seat, body: str, fence: str, info: str, newline: str, closed: bool
) -> None:
    final = newline.join(["Parser done.", "", f"{fence}{info}", body, *([fence] if closed else [])])
    path = seat.root / "t.jsonl"
    autonomous(final).write(path)
    payload = stop_payload(seat, path, final)
    payload["session_id"] = f"fresh-{seat.counter}"  # a new session per example (no counters)
    seat.counter += 1
    line = assert_contract(seat.run(json.dumps(payload).encode()))
    assert (line["class"], line["tag"] in LANE_TAGS) == ("BLOCK", True), (line["tag"], line["reason"])
    try:
        data = json.loads(body)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        assert line["tag"] == "malformed-lane-state"
    elif data.get("laneContinuation") not in ("active-lane", "next-lane", "blocker-routed"):
        assert line["tag"] == "invalid-lane-state"


# ---- configuration: user file, project file, environment ------------------------------------------

SETTING_KEYS = (
    "mode",
    "deference",
    "lane_continuation",
    "audit_log",
    "state_dir",
    "identity",
    "max_refusals",
    "min_compliant_drives",
    "spacy_model",
    "allow_project_weakening",
    "skip_subagents",
    "background_blocks",
    "pr_fetch_tools",
    "review_tools",
)
TOML_SCALARS = (
    st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats()
    | st.text(max_size=24)
    | st.sampled_from(["enforce", "dry-run", "on", "off", "yes", "0", "1", "-1", "3", " 2 ", ""])
)
TOML_VALUES = st.recursive(
    TOML_SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=10,
)
REGEXES = st.sampled_from(["(", "a{99999999999}", "(?P<window>x)", "(?P<w>a)(?P<w>b)", "\\", "[", "@WINDOW@", ""])
LEXICON = st.fixed_dictionaries(
    {},
    optional={
        "phrases": st.lists(
            st.fixed_dictionaries(
                {"canonical": st.text(max_size=30) | st.sampled_from(["done", "your pick", "x" * 300]) | TOML_VALUES},
                optional={"family": st.sampled_from(["offer", "attribution", "other"]) | TOML_VALUES},
            )
            | TOML_VALUES,
            max_size=3,
        )
        | TOML_VALUES,
        "domain_words": st.dictionaries(
            st.sampled_from(["merge", "release", "credentials", "stamp", "billing"]) | st.text(max_size=8),
            st.lists(st.text(max_size=16), max_size=3) | TOML_VALUES,
            max_size=3,
        )
        | TOML_VALUES,
        "agent_work": st.lists(st.text(max_size=16), max_size=3) | TOML_VALUES,
        "junk": TOML_VALUES,
    },
)
WALK = st.fixed_dictionaries(
    {},
    optional={
        "autonomous_prefixes": st.dictionaries(st.text(max_size=10), st.text(max_size=10) | TOML_VALUES, max_size=3)
        | st.lists(st.text(max_size=10), max_size=3)
        | TOML_VALUES,
        "non_prompting_prefixes": st.lists(st.text(max_size=10), max_size=3) | TOML_VALUES,
        "reminder_tag": st.text(max_size=10) | TOML_VALUES,
        "window_pattern": REGEXES | st.text(max_size=12) | TOML_VALUES,
        "handoff_patterns": st.lists(
            st.fixed_dictionaries({"reason": st.text(max_size=10) | TOML_VALUES, "pattern": REGEXES | TOML_VALUES})
            | TOML_VALUES,
            max_size=3,
        )
        | TOML_VALUES,
        "replace": st.booleans() | TOML_VALUES,
    },
)
DIRECTIVE_KEYS = ("role", "dialogue", "helpful_assistant", "domain_scoping", "trigger", "no_hold", "rule", "junk")
DIRECTIVES = st.dictionaries(
    st.sampled_from(DIRECTIVE_KEYS),
    st.text(max_size=40) | st.just("x" * 2000) | st.just("{role}{phrase}{reason}{rule}{detail}") | TOML_VALUES,
    max_size=4,
) | st.fixed_dictionaries({"rules": st.dictionaries(st.sampled_from(LANE_TAGS) | st.text(max_size=8), TOML_VALUES)})


@st.composite
def config_tables(draw: st.DrawFn) -> dict[str, object]:
    table: dict[str, object] = draw(
        st.dictionaries(st.sampled_from(SETTING_KEYS) | st.text(max_size=10), TOML_VALUES, max_size=6)
    )
    for name, strategy in (("lexicon", LEXICON), ("walk", WALK), ("directives", DIRECTIVES)):
        if draw(st.booleans()):
            table[name] = draw(strategy | TOML_VALUES)
    return table


def toml_value(value: object) -> str:
    """A TOML literal for any generated value (floats spelled as TOML spells them)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, int | str):
        return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else str(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    assert isinstance(value, dict)
    return "{" + ", ".join(f"{json.dumps(k, ensure_ascii=False)} = {toml_value(v)}" for k, v in value.items()) + "}"


def toml_document(table: Mapping[str, object]) -> bytes:
    return "".join(f"{json.dumps(k, ensure_ascii=False)} = {toml_value(v)}\n" for k, v in table.items()).encode()


CONFIG_FILES = config_tables().map(toml_document) | st.binary(max_size=200) | st.text(max_size=200).map(str.encode)


def hostile_project_files(seat: Seat, content: bytes) -> Path:
    """The config file under test, and the transcript of an autonomous turn without a lane-state block."""
    (seat.project / "lanegate.toml").write_bytes(content)
    path = seat.root / "t.jsonl"
    if not path.exists():
        autonomous().write(path)
    return path


@fuzz(120)
@given(content=CONFIG_FILES)
@example(content=b'[lexicon]\nphrases = [{canonical = "done", family = "attribution"}]\n')
@example(content=b'[walk]\nhandoff_patterns = [{reason = "x", pattern = "a{99999999999}"}]\n')
@example(content=b'mode = "dry-run"\ndeference = false\nlane_continuation = false\nmax_refusals = 1\n')
def test_a_project_file_never_turns_the_gate_off(seat: Seat, content: bytes) -> None:
    """The agent writes its project: whatever it puts in lanegate.toml, the no-hold refusal stands."""
    path = hostile_project_files(seat, content)
    payload = stop_payload(seat, path, "Parser done.", session_id=f"p{seat.counter}")
    seat.counter += 1
    line = assert_contract(seat.run(json.dumps(payload).encode()))
    tag = "deference" if line["phrase"] else "no-lane-state"  # a project may add phrases: stricter
    assert (line["class"], line["tag"], line["mode"]) == ("BLOCK", tag, "enforce"), line["warnings"]
    assert line["policy"]["deference"] is True and line["policy"]["lane_continuation"] is True


@fuzz(120)
@given(content=CONFIG_FILES)
@example(content=b'[lexicon]\ndomain_words = {merge = ["done"]}\nphrases = [{canonical = "parser"}]\n')
@example(content=b'[directives]\nno_hold = ""\nrules = {"no-lane-state" = 3}\n')
def test_any_user_file_is_applied_or_named_never_an_error(seat: Seat, content: bytes) -> None:
    seat.user_config.write_bytes(content)
    path = hostile_project_files(seat, b"")
    payload = stop_payload(seat, path, "Parser done.", session_id=f"u{seat.counter}")
    seat.counter += 1
    line = assert_contract(seat.run(json.dumps(payload).encode()))
    assert line["class"] != "ERROR", line["reason"]


ENV_KEYS = ("MODE", "DEFERENCE", "LANE_CONTINUATION", "IDENTITY", "MAX_REFUSALS", "MIN_COMPLIANT_DRIVES")
ENV_VALUES = st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), max_size=20)


@fuzz(100)
@given(values=st.dictionaries(st.sampled_from(ENV_KEYS), ENV_VALUES | st.sampled_from(["on", "off", "dry-run", "-1"])))
def test_any_environment_value_is_applied_or_named(seat: Seat, values: dict[str, str]) -> None:
    path = hostile_project_files(seat, b"")
    env = seat.env(**{f"LANEGATE_{key}": value for key, value in values.items()})
    payload = stop_payload(seat, path, "Parser done.", session_id=f"e{seat.counter}")
    seat.counter += 1
    line = assert_contract(seat.run(json.dumps(payload).encode(), env=env))
    assert line["class"] != "ERROR", line["reason"]


# ---- the process boundary -------------------------------------------------------------------------

NASTY_STDIN = {
    "empty": b"",
    "bom-only": b"\xef\xbb\xbf",
    "binary": bytes(range(256)),
    "invalid-utf8": b'{"session_id": "\xc3(", "transcript_path": "/t"}',
    "deep-nesting": b"[" * 100_000 + b"]" * 100_000,
    "json-list": b"[1, 2, 3]",
    "wrong-types": b'{"hook_event_name": ["Stop"], "transcript_path": {"p": 1}, "session_id": 7}',
    "missing-transcript": b'{"hook_event_name": "Stop", "transcript_path": "/nonexistent/t.jsonl"}',
}


@pytest.mark.parametrize("name", sorted(NASTY_STDIN))
def test_the_process_exits_0_with_nothing_on_stdout_for_bad_input(seat: Seat, name: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hook.cli", "hook"],
        input=NASTY_STDIN[name],
        capture_output=True,
        cwd=ROOT,
        env=seat.env(),
        timeout=60,
    )
    lines = seat.audit.read_bytes().split(b"\n")
    assert (done.returncode, done.stdout, len(lines), lines[-1]) == (0, b"", 2, b"")
    line = json.loads(lines[0])
    assert line["class"] == "ERROR" and line["tag"] in ("input-error", "transcript-error")
    assert done.stderr.decode() == f"lanegate: {line['tag']}: {line['reason']} (stop allowed)\n"


@pytest.mark.parametrize("final", ["Parser done.", "Opened it. Would you like me to merge it?"])
def test_the_process_prints_exactly_one_decision_object(seat: Seat, final: str) -> None:
    path = transcript(seat, autonomous(final))
    done = subprocess.run(
        [sys.executable, "-m", "hook.cli", "hook"],
        input=json.dumps(stop_payload(seat, path, final)).encode(),
        capture_output=True,
        cwd=ROOT,
        env=seat.env(),
        timeout=60,
    )
    line = json.loads(seat.audit.read_bytes())
    assert (done.returncode, done.stderr, line["class"]) == (0, b"", "BLOCK")
    assert done.stdout == json.dumps({"decision": "block", "reason": line["reason"]}).encode() + b"\n"


# ---- generated hostile inputs (issue 23; docs/DESIGN.md#normalisation, docs/DESIGN.md#material-artifact,
# docs/DESIGN.md#failure revision 3) A per-run budget of inputs shaped to exhaust or slip past the readers: floods of
# carve-outs and markup, disguise combinations, nesting of any depth, shell quoting. Each must be decided (never ERROR)
# within the bound: CPU time, the model loaded first (a cold stop adds its load, which scripts/bench times), so
# the assertion holds on a loaded machine.

HOSTILE_UNITS = (
    '"ab" ', "'ab' ", "\u201cab\u201d ", "\u2018ab\u2019 ", "`ab` ", "``", "> ab\n", "```\nab\n", "~~~\n", "    ab\n",
    "<!-- ", "-->", "<b x='", "'>", "<i>", "</i>", "[a](b) ", "[a](", "![", "*a ", "a*b ", "**", "&amp;",
    "&#x13A9;", "\u13a9", "\u01c0", "\u217c", "\u0443", "\uff59", "\u200b", "\u00ad", "\u3164", "\u202e", "\n",
    "\n\n", "- a\n", "| a |\n", "?", "!", "\u2026", "Picking it up. ", "\ud800",
)
HOSTILE_PHRASES = (
    "Your call.", "your <b>call</b>", "\u13a9our ca\u217c\u217c", "your [call](x)", "Would you like me to?"
)
# Total size of a generated text: big enough that a quadratic step shows (120 KB reached 20 s before).
MAX_HOSTILE_CHARS = 150_000
HOSTILE_CPU_SECONDS = 2.0


@st.composite
def hostile_text(draw: st.DrawFn) -> tuple[str, bool]:
    """A flood of one to four hostile units, maybe with a phrase inside: (text, has a plain phrase)."""
    segments = draw(st.lists(st.tuples(st.sampled_from(HOSTILE_UNITS), st.integers(1, 40_000)), min_size=1, max_size=4))
    parts = [unit * count for unit, count in segments]
    text = "".join(parts)[:MAX_HOSTILE_CHARS]
    phrase = draw(st.none() | st.sampled_from(HOSTILE_PHRASES))
    if phrase is not None:
        text = text + "\n\n" + phrase
    return text, phrase is not None


@pytest.fixture(scope="module")
def loaded_model() -> None:
    from analyzer import analyze

    analyze("Tests pass. Your call.")


@fuzz(40)
@given(case=hostile_text())
@example(case=('"ab" ' * 24_000, False))
@example(case=("`" + "``a " * 30_000, False))
@example(case=("<!-- " * 30_000 + "\n\nYour call.", True))
@example(case=("\u13a9\u01c0 " * 40_000 + "\n\nYour call.", True))
def test_a_hostile_text_is_decided_within_the_bound(seat: Seat, loaded_model: None, case: tuple[str, bool]) -> None:
    text, _ = case
    path = seat.root / "hostile.jsonl"
    autonomous("placeholder").write(path)
    payload = stop_payload(seat, path, text, session_id=f"h{seat.counter}")
    seat.counter += 1
    started = time.process_time()
    line = assert_contract(seat.run(json.dumps(payload).encode()))
    spent = time.process_time() - started
    assert line["class"] == "BLOCK", (line["class"], line["tag"], line["reason"][:200])
    assert spent < HOSTILE_CPU_SECONDS, f"{spent:.2f} s CPU for {len(text):,} characters"


@fuzz(30)
@given(depth=st.integers(1, 200_000), kind=st.sampled_from(["array", "table", "mixed"]), where=st.booleans())
def test_a_config_value_of_any_depth_is_decided(seat: Seat, depth: int, kind: str, where: bool) -> None:
    opening, closing = {"array": ("[", "]"), "table": ("{a = ", "}"), "mixed": ("[{a = ", "}]")}[kind]
    content = f"max_refusals = {opening * depth}1{closing * depth}\n".encode()
    if where:
        seat.user_config.write_bytes(content)
        path = hostile_project_files(seat, b"")
    else:
        path = hostile_project_files(seat, content)
    payload = stop_payload(seat, path, "Parser done.", session_id=f"d{seat.counter}")
    seat.counter += 1
    line = assert_contract(seat.run(json.dumps(payload).encode()))
    assert (line["class"], line["tag"], line["policy"]["max_refusals"]) == ("BLOCK", "no-lane-state", 3)


@fuzz(30)
@given(depth=st.integers(1, 150_000))
def test_a_tool_input_of_any_depth_is_walked(seat: Seat, depth: int) -> None:
    path = seat.root / f"deep{seat.counter}.jsonl"
    autonomous().write(path)
    lines = path.read_text().splitlines()
    deep = '{"type":"assistant","uuid":"deep","timestamp":"' + STAMP + '","message":{"role":"assistant",'
    deep += '"content":[{"type":"tool_use","id":"t-deep","name":"mcp__x","input":{"x":'
    deep += "[" * depth + "]" * depth + "}}]}}"
    lines.insert(len(lines) - 1, deep)
    path.write_text("\n".join(lines) + "\n")
    payload = stop_payload(seat, path, "Parser done.", session_id=f"t{seat.counter}")
    seat.counter += 1
    line = assert_contract(seat.run(json.dumps(payload).encode()))
    assert (line["class"], line["tag"]) == ("BLOCK", "no-lane-state")


# Shell pieces whose combinations bash reads in every way that matters here (quoting, comments, lists,
# continuations); only builtins and the fake gh below ever run.
SHELL_PIECES = (
    "gh", " pr", " create", " review", " 5", " --fill", " --dry-run", "=false", "=true", " --approve", " -a",
    " --comment", " -b", " x", " ", "'", '"', "$'", "\\'", "\\", "#", "\n", "\\\n", ";", " && ", " | ", " echo",
    " URL", "{", "}", ",", "$X", " true", "\t", "=", "--",
)
FAKE_GH = "#!/bin/sh\n: > \"$GH_ARGV\"\nfor a in \"$@\"; do printf '%s\\0' \"$a\" >> \"$GH_ARGV\"; done\n"
TRAP = "trap 'printf \"%s\\0\" \"$BASH_COMMAND\" >> \"$COMMANDS\"' DEBUG\n"


@pytest.fixture(scope="module")
def fake_shell(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A bin folder with a gh that records its arguments, and a BASH_ENV that records every command run."""
    root = tmp_path_factory.mktemp("shell")
    (root / "bin").mkdir()
    gh = root / "bin" / "gh"
    gh.write_text(FAKE_GH)
    gh.chmod(0o755)
    (root / "trap.sh").write_text(TRAP)
    return root


SHELL_LINES = st.lists(st.sampled_from(SHELL_PIECES), min_size=1, max_size=14).map("".join)


@fuzz(300)
@given(command=SHELL_LINES | st.tuples(st.sampled_from(["gh pr create", "gh pr review 5"]), SHELL_LINES).map("".join))
@example(command="gh pr create --title $'x\\'' ; echo URL #'")
@example(command="gh pr create --fill #'\necho URL #'")
@example(command="gh pr create --fill --dry\\\n-run")
@example(command="gh pr review 5 --approve{,=false}")
# Lines the grammar read otherwise than bash, found by this oracle: each is now read as bash reads it, or not
# called standalone.
@example(command="\\ gh pr create")
@example(command="gh\n\\'")
@example(command="gh pr create{\\gh")
@example(command="gh pr create$'\\'")
@example(command='gh pr create"$\'"')
def test_a_standalone_gh_command_is_what_bash_runs(fake_shell: Path, command: str) -> None:
    """The bash oracle: whenever the reader calls a line one standalone gh command with these words, bash
    runs exactly one command for it, gh, with exactly these arguments."""
    from hook.transcript.tools import standalone_gh_args

    words = standalone_gh_args(command)
    if words is None or None in words:
        return  # not claimed standalone (or a word bash computes): nothing to hold the reader to
    argv, commands = fake_shell / "argv", fake_shell / "commands"
    for leftover in (argv, commands):
        leftover.unlink(missing_ok=True)
    env = {"PATH": str(fake_shell / "bin"), "BASH_ENV": str(fake_shell / "trap.sh"), "GH_ARGV": str(argv),
           "COMMANDS": str(commands)}
    subprocess.run(["/bin/bash", "-c", command], env=env, cwd=fake_shell, capture_output=True, timeout=10)
    ran = commands.read_bytes().split(b"\0")[:-1] if commands.exists() else []
    assert len(ran) == 1, (command, ran)
    assert argv.exists() and argv.read_bytes().split(b"\0")[:-1] == [w.encode() for w in words], command
