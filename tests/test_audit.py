"""The audit log (docs/DESIGN.md#audit-log): exact fields, atomic appends, torn lines, and the `lanegate audit`
summary."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path

import pytest

from analyzer.report import Finding
from hook.audit import AuditLine, append_line
from hook.commands.audit import chain_stats, parse_since, render_text, summarize

ROOT = Path(__file__).resolve().parents[1]
T0 = datetime(2026, 12, 2, 10, 0, 0, 123456, tzinfo=UTC)
# docs/DESIGN.md#audit-log's table, plus `handoff_window`: docs/DESIGN.md#operator-or-autonomous records a handoff's
# named window "in the audit line only", and the table has no column for it, so it gets its own field rather than riding
# in handoff_reason. Revision 4 (docs/DESIGN.md#operators): `row` and `because` (what decided, read first), `turn`
# (where the turn lies, for `lanegate golden add`).
FIELDS = [
    "ts",
    "class",
    "tag",
    "session",
    "harness",
    "identity",
    "operator_in_loop",
    "mid_chain",
    "autonomous_handoff",
    "handoff_reason",
    "handoff_window",
    "lane_continuation",
    "mode",
    "policy",
    "phrase",
    "finding",
    "reason",
    "warnings",
    "observed",
    "claim",
    "row",
    "because",
    "turn",
    "in_flight",  # docs/DESIGN.md#scheduled-turns: what row B rested on (running tasks, pending schedules)
]


def line(klass: str = "ALLOW", tag: str = "operator-dialogue", **fields: object) -> AuditLine:
    return AuditLine(klass=klass, tag=tag, ts=T0, **fields)  # type: ignore[arg-type]


def test_a_line_has_exactly_the_fields_of_the_table_in_order() -> None:
    data = line(
        "BLOCK",
        "deference",
        session="s1",
        harness="claude",
        operator_in_loop=False,
        mid_chain=False,
        autonomous_handoff=True,
        handoff_reason="night shift",
        lane_continuation="next-lane",
        mode="enforce",
        policy={"deference": True, "lane_continuation": True, "max_refusals": 3},
        phrase="your call",
        finding=Finding("your call", "your call", "attribution", 0, 9, 1, 1, "fire", "none", None, (), False, "fires",
                        "standalone"),
        reason="directive",
        warnings=("model-error",),
    ).to_dict()
    assert list(data) == FIELDS
    assert data["ts"] == "2026-12-02T10:00:00.123Z"
    assert (data["class"], data["tag"], data["warnings"]) == ("BLOCK", "deference", ["model-error"])


def test_append_creates_the_folder_and_writes_one_compact_line(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "audit.jsonl"
    assert append_line(str(path), line("BLOCK", "active-lane-in-dialogue")) is None
    raw = path.read_bytes()
    assert raw.count(b"\n") == 1 and raw.endswith(b"\n")
    assert b'"tag":"active-lane-in-dialogue"' in raw
    assert json.loads(raw)["class"] == "BLOCK"


def test_agent_text_cannot_break_or_forge_a_line(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    forged = 'x"}\n{"class":"ALLOW","tag":"clean-terminal"}\u2028\u2029 \ud800 🖖'
    assert append_line(str(path), line("BLOCK", "deference", reason=forged, phrase=forged)) is None
    raw = path.read_bytes()
    assert raw.count(b"\n") == 1
    assert raw.isascii()
    data = json.loads(raw)
    assert (data["class"], data["tag"], data["reason"]) == ("BLOCK", "deference", forged)


def test_a_torn_last_line_gets_a_newline_before_the_next_append(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    path.write_bytes(b'{"ts":"2026-12-02T10:00:00Z","class":"BLO')
    assert append_line(str(path), line()) is None
    first, second = path.read_bytes().split(b"\n")[:2]
    assert first == b'{"ts":"2026-12-02T10:00:00Z","class":"BLO'
    assert json.loads(second)["class"] == "ALLOW"


def test_a_failed_write_returns_the_error_instead_of_raising(tmp_path: Path) -> None:
    error = append_line(str(tmp_path), line())
    assert error is not None and error.startswith(f"audit log {tmp_path}: ")


APPENDER = """
import sys
from hook.audit import AuditLine, append_line
for i in range(int(sys.argv[2])):
    assert append_line(sys.argv[1], AuditLine(klass="BLOCK", tag="no-lane-state", reason="r" * 3000)) is None
"""


def test_concurrent_appends_never_interleave(tmp_path: Path) -> None:
    path = tmp_path / "audit.jsonl"
    procs = [subprocess.Popen([sys.executable, "-c", APPENDER, str(path), "50"], cwd=ROOT) for _ in range(6)]
    assert [p.wait(timeout=60) for p in procs] == [0] * 6
    lines = path.read_bytes().split(b"\n")
    assert lines[-1] == b""
    assert [json.loads(raw)["tag"] for raw in lines[:-1]] == ["no-lane-state"] * 300


# ---- the summary ----


def entry(ts: str, klass: str, tag: str, session: str | None = "s1", in_loop: bool | None = False) -> bytes:
    return json.dumps({"ts": ts, "class": klass, "tag": tag, "session": session, "operator_in_loop": in_loop}).encode()


LOG = [
    entry("2026-12-01T09:00:00.000Z", "BLOCK", "no-lane-state", "old"),
    entry("2026-12-02T10:00:00.000Z", "ALLOW", "operator-dialogue", "a", True),
    entry("2026-12-02T10:01:00.000Z", "BLOCK", "no-lane-state", "b"),
    entry("2026-12-02T10:02:00.000Z", "BLOCK", "deference", "c"),
    entry("2026-12-02T10:03:00.000Z", "WOULD-BLOCK", "valid-lane-state", "b"),
    entry("2026-12-02T10:04:00.000Z", "BLOCK", "no-lane-state", "b"),
    entry("2026-12-02T10:05:00.000Z", "ERROR", "transcript-error", "b", None),
    b'{"ts":"2026-12-02T10:05:30.000Z","class":"BLO',
    b"not json at all",
    b'{"class": "ALLOW"}',
    b"",
    entry("2026-12-02T10:06:00.000Z", "CEILING-ALLOW", "ceiling", "c"),
    entry("2026-12-02T10:07:00.000Z", "BLOCK", "active-lane-in-dialogue", "a", True),
    entry("2026-12-02T10:08:00.000Z", "CLEAN-TERMINAL ALLOW", "clean-terminal", "d"),
    entry("2026-12-02T10:09:00.000Z", "ERROR", "input-error", None, None),
]


def test_summary_counts_classes_tags_and_chains_since_a_cutoff() -> None:
    summary = summarize(LOG, parse_since("2026-12-02T00:00:00Z", T0))
    assert summary == {
        "since": "2026-12-02T00:00:00Z",
        "lines": 10,
        "malformed": 3,
        "classes": {
            "ALLOW": {"operator_in_loop": 1, "autonomous": 0, "total": 1},
            "BLOCK": {"operator_in_loop": 1, "autonomous": 3, "total": 4},
            "WOULD-BLOCK": {"operator_in_loop": 0, "autonomous": 1, "total": 1},
            "CLEAN-TERMINAL ALLOW": {"operator_in_loop": 0, "autonomous": 1, "total": 1},
            "CEILING-ALLOW": {"operator_in_loop": 0, "autonomous": 1, "total": 1},
            "ERROR": {"operator_in_loop": 0, "autonomous": 0, "total": 2},
        },
        "tags": {
            "no-lane-state": 2,
            "active-lane-in-dialogue": 1,
            "ceiling": 1,
            "clean-terminal": 1,
            "deference": 1,
            "input-error": 1,
            "operator-dialogue": 1,
            "transcript-error": 1,
            "valid-lane-state": 1,
        },
        # b: BLOCK, WOULD-BLOCK, BLOCK ended by ERROR (3); c: one BLOCK ended by CEILING-ALLOW (1);
        # a: one BLOCK still open at the end (1).
        "chains": {"count": 3, "median": 1, "p90": 3, "max": 3},
        "observed": {},
    }


def test_summary_counts_observe_mode_would_fires_per_family() -> None:
    """docs/DESIGN.md#audit-log revision 2: `observed` counts observe-mode findings per family; old lines have none."""
    observed = [{"phrase": "should i", "family": "permission", "reason": "fires (permission-question): …"}]
    both = [*observed, {"phrase": "just say go", "family": "standing-by", "reason": "fires (standing-by): …"}]
    log = [
        json.dumps({"ts": "2026-12-02T10:00:00Z", "class": "BLOCK", "tag": "no-lane-state", "observed": o}).encode()
        for o in (observed, both, [])
    ] + [entry("2026-12-02T10:00:00Z", "ALLOW", "operator-dialogue", "a", True)]
    summary = summarize(log)
    assert summary["observed"] == {"permission": 2, "standing-by": 1}
    assert render_text(summary).endswith(
        "observed family  would-fire\npermission                2\nstanding-by               1\n"
    )


def test_summary_without_a_cutoff_reads_everything() -> None:
    summary = summarize(LOG)
    assert (summary["since"], summary["lines"], summary["malformed"]) == (None, 11, 3)
    assert summary["chains"] == {"count": 4, "median": 1.0, "p90": 3, "max": 3}


@pytest.mark.parametrize(
    ("lengths", "stats"),
    [
        ([], {"count": 0, "median": None, "p90": None, "max": None}),
        ([4], {"count": 1, "median": 4, "p90": 4, "max": 4}),
        ([1, 2, 3, 4, 10], {"count": 5, "median": 3, "p90": 10, "max": 10}),
        ([1] * 9 + [8], {"count": 10, "median": 1.0, "p90": 1, "max": 8}),
        ([2, 1], {"count": 2, "median": 1.5, "p90": 2, "max": 2}),
    ],
)
def test_chain_stats(lengths: list[int], stats: dict[str, object]) -> None:
    assert chain_stats(lengths) == stats


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("48h", datetime(2026, 11, 30, 10, 0, 0, 123456, tzinfo=UTC)),
        ("2d", datetime(2026, 11, 30, 10, 0, 0, 123456, tzinfo=UTC)),
        (" 30M ", datetime(2026, 12, 2, 9, 30, 0, 123456, tzinfo=UTC)),
        ("2026-12-01T08:00:00Z", datetime(2026, 12, 1, 8, 0, tzinfo=UTC)),
        ("2026-12-01T08:00:00", datetime(2026, 12, 1, 8, 0, tzinfo=UTC)),
        ("2026-12-01", datetime(2026, 12, 1, tzinfo=UTC)),
    ],
)
def test_parse_since(text: str, expected: datetime) -> None:
    assert parse_since(text, T0) == expected


def test_parse_since_rejects_nonsense() -> None:
    with pytest.raises(ValueError, match="expected Nm, Nh, Nd or an ISO-8601 timestamp"):
        parse_since("yesterday", T0)


def test_text_report_has_the_spec_table_shape() -> None:
    log = [entry("2026-12-02T10:00:00Z", "ALLOW", "operator-dialogue", "a", True)] * 154 + [
        entry("2026-12-02T10:00:00Z", "BLOCK", "no-lane-state", "b", False)
    ] * 2
    assert render_text(summarize(log)) == (
        "since the start of the log: 156 lines, 0 malformed lines skipped\n"
        "\n"
        "class  operator_in_loop=true  operator_in_loop=false  total\n"
        "ALLOW                    154                       0    154\n"
        "BLOCK                      0                       2      2\n"
        "\n"
        "tag                count\n"
        "operator-dialogue    154\n"
        "no-lane-state          2\n"
        "\n"
        "refusal chains: count 1, median 2, p90 2, max 2\n"
        "\n"
        "observed (observe-mode would-fires): none\n"
    )


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hook.cli", "audit", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
    )


def test_the_audit_command_prints_json(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    log.write_bytes(b"\n".join(LOG) + b"\n")
    done = run_cli("--log", str(log), "--json", "--since", "2026-12-02T00:00:00Z")
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout) == summarize(LOG, parse_since("2026-12-02T00:00:00Z", T0))


def test_the_audit_command_prints_the_table(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    log.write_bytes(b"\n".join(LOG))
    done = run_cli("--log", str(log))
    assert (done.returncode, done.stdout) == (0, render_text(summarize(LOG)))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--since", "soon"), "lanegate audit: --since 'soon': expected Nm, Nh, Nd or an ISO-8601 timestamp\n"),
        (("--log", "/nonexistent/audit.jsonl"), "lanegate audit: cannot read /nonexistent/audit.jsonl: "),
    ],
)
def test_the_audit_command_exits_2_on_bad_input(args: tuple[str, ...], message: str) -> None:
    done = run_cli(*args)
    assert (done.returncode, done.stdout, done.stderr.startswith(message)) == (2, "", True)


# ---- several seats' logs in one table (revision 2) -----------------------------------------------------


def seat_line(ts: str, klass: str, tag: str, identity: str | None, session: str, in_loop: bool) -> bytes:
    record = {"ts": ts, "class": klass, "tag": tag, "session": session, "operator_in_loop": in_loop,
              "identity": identity}
    return json.dumps(record).encode()


def seat_logs(tmp_path: Path) -> list[Path]:
    logs = {
        "vega": [seat_line("2026-12-02T10:00:00Z", "ALLOW", "operator-dialogue", "@vega", "v1", True),
                 seat_line("2026-12-02T10:01:00Z", "BLOCK", "no-lane-state", "@vega", "v2", False)],
        "orion": [seat_line("2026-12-02T10:02:00Z", "BLOCK", "deference", "@orion", "o1", False),
                  seat_line("2026-12-02T10:03:00Z", "BLOCK", "no-lane-state", "@orion", "o1", False),
                  seat_line("2026-12-02T10:04:00Z", "CEILING-ALLOW", "ceiling", "@orion", "o1", False)],
        "unnamed": [seat_line("2026-12-02T10:05:00Z", "ALLOW", "background-work", None, "n1", False)],
    }
    paths = []
    for name, lines in logs.items():
        (tmp_path / name).mkdir()
        path = tmp_path / name / "audit.jsonl"
        path.write_bytes(b"\n".join(lines) + b"\n")
        paths.append(path)
    return paths


def test_several_logs_by_glob_split_per_identity(tmp_path: Path) -> None:
    seat_logs(tmp_path)
    done = run_cli("--log", str(tmp_path / "*" / "audit.jsonl"), "--json")
    assert (done.returncode, done.stderr) == (0, "")
    report = json.loads(done.stdout)
    assert report["lines"] == 6
    assert report["logs"] == [str(tmp_path / n / "audit.jsonl") for n in ("orion", "unnamed", "vega")]
    assert report["identities"] == {
        "(no identity)": {"lines": 1, "classes": {"ALLOW": {"operator_in_loop": 0, "autonomous": 1, "total": 1}}},
        "@orion": {"lines": 3, "classes": {
            "BLOCK": {"operator_in_loop": 0, "autonomous": 2, "total": 2},
            "CEILING-ALLOW": {"operator_in_loop": 0, "autonomous": 1, "total": 1}}},
        "@vega": {"lines": 2, "classes": {
            "ALLOW": {"operator_in_loop": 1, "autonomous": 0, "total": 1},
            "BLOCK": {"operator_in_loop": 0, "autonomous": 1, "total": 1}}},
    }
    assert report["chains"] == {"count": 2, "median": 1.5, "p90": 2, "max": 2}


def test_log_repeated_prints_one_table_per_identity(tmp_path: Path) -> None:
    vega, orion, _ = seat_logs(tmp_path)
    done = run_cli("--log", str(vega), "--log", str(orion))
    assert done.returncode == 0
    table = done.stdout.split("per identity:\n", 1)[1]
    assert table == (
        "identity  class          operator_in_loop=true  operator_in_loop=false  total\n"
        "@orion    BLOCK                              0                       2      2\n"
        "          CEILING-ALLOW                      0                       1      1\n"
        "@vega     ALLOW                              1                       0      1\n"
        "          BLOCK                              0                       1      1\n"
    )


def test_a_glob_that_matches_nothing_is_an_error(tmp_path: Path) -> None:
    done = run_cli("--log", str(tmp_path / "*.jsonl"))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"lanegate audit: --log {tmp_path / '*.jsonl'}: no file matches\n"


# ---- a fresh machine, the refusals one a line, the page (revision 3) ----------------------------------


def run_audit(tmp_path: Path, *args: str, columns: int = 100) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "COLUMNS": str(columns),
           "LANEGATE_AUDIT_LOG": str(tmp_path / ".lanegate" / "audit.jsonl")}
    return subprocess.run([sys.executable, "-m", "hook.cli", "audit", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def test_a_machine_with_no_log_yet_prints_an_empty_summary_and_exits_0(tmp_path: Path) -> None:
    done = run_audit(tmp_path)
    assert (done.returncode, done.stdout) == (0, render_text(summarize([])))
    assert done.stderr == (f"lanegate audit: no audit log yet at {tmp_path / '.lanegate' / 'audit.jsonl'} "
                           "(no stop has been judged here)\n")
    as_json = run_audit(tmp_path, "--json")
    assert (as_json.returncode, json.loads(as_json.stdout)) == (0, summarize([]))
    assert not (tmp_path / ".lanegate").exists()  # reading creates nothing


REFUSALS = [
    json.dumps({"ts": "2026-12-02T10:01:07.120Z", "class": "BLOCK", "tag": "deference",
                "session": "3f2a9c1e-77aa-4e2b-9d1c-0a1b2c3d4e5f", "identity": "@vega", "harness": "claude",
                "phrase": "your call", "claim": None,
                "reason": "You handed the decision back ('your call'). Pick the next step of the lane and take it."}
               ).encode(),
    entry("2026-12-02T10:02:00.000Z", "ALLOW", "operator-dialogue", "a", True),
    json.dumps({"ts": "2026-12-02T10:03:00.000Z", "class": "WOULD-BLOCK", "tag": "unbacked-claim",
                "session": "b", "identity": None, "harness": "codex", "phrase": None,
                "claim": {"text": "Picking up the next lane now.", "form": "participle", "reason": "claim …"},
                "reason": "You announced an action and ended the turn."}).encode(),
    json.dumps({"ts": "2026-12-02T10:04:00.000Z", "class": "BLOCK", "tag": "no-lane-state", "session": None,
                "reason": "No lane-state block."}).encode(),
]


def test_list_prints_each_refusal_on_one_line_that_fits_the_terminal(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    log.write_bytes(b"\n".join(REFUSALS) + b"\n")
    done = run_audit(tmp_path, "--log", str(log), "--list", columns=100)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == (
        "3 refusal(s) since the start of the log\n"
        "time (UTC)        stop        class        tag             what decided\n"
        "2026-12-02 10:01  3f2a9c1e/1  BLOCK        deference       deference phrase \"your call\": You handed…\n"
        "2026-12-02 10:03  b/1         WOULD-BLOCK  unbacked-claim  unbacked claim \"Picking up the next lane…\n"
        "2026-12-02 10:04  -/1         BLOCK        no-lane-state   No lane-state block.\n"
    )
    assert max(map(len, done.stdout.splitlines())) <= 100


def test_list_on_a_narrow_terminal_puts_the_reason_on_its_own_line(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    log.write_bytes(b"\n".join(REFUSALS) + b"\n")
    done = run_audit(tmp_path, "--log", str(log), "--list", "--since", "2026-12-02T10:02:00Z", columns=60)
    assert done.stdout == (
        "2 refusal(s) since 2026-12-02T10:02:00Z\n"
        "time (UTC)        stop  class        tag\n"
        "2026-12-02 10:03  b/1   WOULD-BLOCK  unbacked-claim\n"
        "    unbacked claim \"Picking up the next lane now.\": claim …\n"
        "2026-12-02 10:04  -/1   BLOCK        no-lane-state\n"
        "    No lane-state block.\n"
    )
    assert max(map(len, done.stdout.splitlines())) <= 60


def test_list_as_json_gives_every_field_whole(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    log.write_bytes(b"\n".join(REFUSALS) + b"\n")
    done = run_audit(tmp_path, "--log", str(log), "--list", "--json")
    assert json.loads(done.stdout) == {"since": None, "refusals": [
        {"ts": "2026-12-02T10:01:07.120Z", "session": "3f2a9c1e-77aa-4e2b-9d1c-0a1b2c3d4e5f", "stop": "3f2a9c1e/1",
         "identity": "@vega", "harness": "claude", "class": "BLOCK", "tag": "deference",
         "because": 'deference phrase "your call": You handed the decision back (\'your call\'). Pick the next step '
                    "of the lane and take it.",
         "phrase": "your call", "claim": None,
         "reason": "You handed the decision back ('your call'). Pick the next step of the lane and take it."},
        {"ts": "2026-12-02T10:03:00.000Z", "session": "b", "stop": "b/1", "identity": None, "harness": "codex",
         "class": "WOULD-BLOCK", "tag": "unbacked-claim",
         "because": 'unbacked claim "Picking up the next lane now.": claim …',
         "phrase": None, "claim": "Picking up the next lane now.",
         "reason": "You announced an action and ended the turn."},
        {"ts": "2026-12-02T10:04:00.000Z", "session": None, "stop": "-/1", "identity": None, "harness": None,
         "class": "BLOCK", "tag": "no-lane-state", "because": "No lane-state block.", "phrase": None, "claim": None,
         "reason": "No lane-state block."},
    ]}


def test_list_shows_what_decided_first_and_sorts_several_logs_by_time(tmp_path: Path) -> None:
    """docs/DESIGN.md#operators: the deciding rule, phrase or gate, not the directive's opening words; two seats' logs
    interleave by time, and each stop is named as `golden add` takes it."""
    seat_a, seat_b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    directive = "There is no hold state. Name your lane and do its next concrete action now."
    seat_a.write_bytes(b"".join(json.dumps(x).encode() + b"\n" for x in [
        {"ts": "2026-12-02T10:00:00.000Z", "class": "BLOCK", "tag": "no-lane-state", "session": "aaaa1111-x",
         "reason": directive, "row": "L5", "because": "no lane-state block, no accepted exit"},
        {"ts": "2026-12-02T10:09:00.000Z", "class": "BLOCK", "tag": "deference", "session": "aaaa1111-x",
         "reason": "It looks like you slipped…", "row": "D",
         "because": 'deference phrase "want me to": fires: offer-shaped phrase'},
    ]))
    seat_b.write_bytes(json.dumps(
        {"ts": "2026-12-02T10:05:00.000Z", "class": "WOULD-BLOCK", "tag": "invalid-lane-state",
         "session": "bbbb2222-y", "reason": directive + "\n\n(rule: invalid-lane-state — gate 1 has no checkedAt)"}
    ).encode() + b"\n")
    done = run_audit(tmp_path, "--log", str(seat_a), "--log", str(seat_b), "--list", columns=120)
    assert done.stdout == (
        "3 refusal(s) since the start of the log\n"
        "time (UTC)        stop        class        tag                 what decided\n"
        "2026-12-02 10:00  aaaa1111/1  BLOCK        no-lane-state       no lane-state block, no accepted exit\n"
        "2026-12-02 10:05  bbbb2222/1  WOULD-BLOCK  invalid-lane-state  invalid-lane-state — gate 1 has no checkedAt\n"
        "2026-12-02 10:09  aaaa1111/2  BLOCK        deference           deference phrase \"want me to\": fires: "
        "offer-shaped phrase\n"
    )


def test_list_on_a_machine_with_no_log_yet_lists_nothing(tmp_path: Path) -> None:
    done = run_audit(tmp_path, "--list")
    assert (done.returncode, done.stdout) == (0, "0 refusal(s) since the start of the log\n")


class _Page(HTMLParser):
    """The page's sections, every number cell keyed by its data-* attributes, and every URL-bearing
    attribute."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: list[str] = []
        self.cells: dict[tuple[tuple[str, str], ...], str] = {}
        self.links: list[tuple[str, str]] = []
        self._key: tuple[tuple[str, str], ...] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if tag == "section":
            self.sections.append(values["id"])
        self.links += [(k, v) for k, v in values.items() if k in ("src", "href", "xlink:href", "action")]
        data = tuple(sorted((k, v) for k, v in values.items() if k.startswith("data-")))
        self._key = data or None

    def handle_data(self, data: str) -> None:
        if self._key is not None:
            self.cells[self._key] = self.cells.get(self._key, "") + data

    def handle_endtag(self, tag: str) -> None:
        self._key = None


SECTIONS = ["overview", "classes", "tags", "chains", "identities", "observed", "refusals"]


def test_html_writes_a_self_contained_page_whose_numbers_are_the_summarys(tmp_path: Path) -> None:
    paths = seat_logs(tmp_path)
    observed = json.dumps({"ts": "2026-12-03T09:00:00Z", "class": "ALLOW", "tag": "operator-dialogue",
                           "session": "v1", "operator_in_loop": True, "identity": "@vega",
                           "observed": [{"phrase": "shall i", "family": "permission", "reason": "r"}]}).encode()
    paths[2].write_bytes(paths[2].read_bytes() + observed + b"\n" + b"torn {\n")
    page_path = tmp_path / "report.html"
    done = run_audit(tmp_path, "--log", str(tmp_path / "*" / "audit.jsonl"), "--html", str(page_path))
    assert (done.returncode, done.stdout, done.stderr) == (0, "", f"lanegate audit: wrote {page_path} (7 lines)\n")
    page = page_path.read_text(encoding="utf-8")
    parser = _Page()
    parser.feed(page)
    assert parser.sections == SECTIONS
    assert parser.links == []
    for external in ("http:", "https:", "url(", "@import", "<script", "<link", "<img", "<iframe"):
        assert external not in page
    summary = summarize(b"".join(p.read_bytes() for p in sorted(paths)).splitlines(), by_identity=True)
    cells = parser.cells
    assert cells[(("data-stat", "lines"),)] == "7" == str(summary["lines"])
    assert cells[(("data-stat", "malformed"),)] == "1" == str(summary["malformed"])
    assert cells[(("data-stat", "refusals"),)] == "3"
    assert cells[(("data-stat", "refused-share"),)] == "60%"  # 3 of the 5 autonomous stops
    for klass, split in summary["classes"].items():
        for name, value in split.items():
            assert cells[(("data-class", klass), ("data-split", name))] == str(value)
    assert {k[0][1]: v for k, v in cells.items() if k[0][0] == "data-tag"} == {
        t: str(n) for t, n in summary["tags"].items()}
    assert {k[0][1]: v for k, v in cells.items() if k[0][0] == "data-chain"} == {
        "count": "2", "median": "1.5", "p90": "2", "max": "2"}
    assert summary["chains"] == {"count": 2, "median": 1.5, "p90": 2, "max": 2}
    for seat, info in summary["identities"].items():
        assert cells[(("data-class", "lines"), ("data-identity", seat))] == str(info["lines"])
        for klass, split in info["classes"].items():
            assert cells[(("data-class", klass), ("data-identity", seat))] == str(split["total"])
    assert cells[(("data-family", "permission"),)] == "1" == str(summary["observed"]["permission"])
    # the timeline: one bar per hour from 10:00 on the 2nd to 09:00 on the 3rd, the three refusals in red
    classes_chart = page.split('<section id="classes">', 1)[1].split("</svg>", 1)[0]
    assert classes_chart.count("<title>12-02 10:00 · BLOCK: 3 stops</title>") == 1
    assert classes_chart.count("<title>12-03 09:00 · ALLOW: 1 stops</title>") == 1


def test_html_on_a_machine_with_no_log_yet_has_every_section_saying_so(tmp_path: Path) -> None:
    page_path = tmp_path / "report.html"
    done = run_audit(tmp_path, "--html", str(page_path))
    assert done.returncode == 0
    page = page_path.read_text(encoding="utf-8")
    parser = _Page()
    parser.feed(page)
    assert parser.sections == SECTIONS
    assert parser.cells[(("data-stat", "lines"),)] == "0"
    assert "no audit log yet (no stop has been judged here)" in page
    assert "<p>no refusal chains</p>" in page and "<p>no refusals</p>" in page and "<p>no lines</p>" in page


def test_html_to_a_folder_that_does_not_exist_is_exit_2(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "report.html"
    done = run_audit(tmp_path, "--html", str(target))
    assert (done.returncode, done.stderr.splitlines()[-1]) == (
        2, f"lanegate audit: cannot write {target}: No such file or directory")


def test_the_page_has_one_palette_a_colour_means_one_class_or_one_tag() -> None:
    """docs/DESIGN.md#operators: the class and tag charts share one palette; a colour is used twice only by a tag and
    the class it is the only cause of (they say the same thing)."""
    from hook.commands.audit_page import CLASS_COLOURS, INK, OTHER_COLOUR, TAG_COLOURS

    same_meaning = {"clean-terminal": "CLEAN-TERMINAL ALLOW", "material-artifact": "MATERIAL-ALLOW",
                    "ceiling": "CEILING-ALLOW"}
    owners: dict[str, set[str]] = {}
    for name, colour in [*CLASS_COLOURS.items(), *TAG_COLOURS.items()]:
        owners.setdefault(colour.lower(), set()).add(same_meaning.get(name, name))
    assert {c: names for c, names in owners.items() if len(names) > 1} == {}
    assert OTHER_COLOUR.lower() not in owners and INK.lower() not in owners


def _tag_swatches(page: str) -> dict[str, str]:
    tags = page.split('<section id="tags">', 1)[1].split("</section>", 1)[0]
    legend = tags.split('<div class="legend">', 1)[1].split("</div>", 1)[0]
    found = re.findall(r'background: (#[0-9a-f]{6})"></span>([^<]+)</span>', legend)
    return {name: colour for colour, name in found}


def test_a_tag_keeps_its_colour_whatever_its_rank_in_the_log(tmp_path: Path) -> None:
    from hook.commands.audit_page import TAG_COLOURS

    pages = []
    for name, counts in (("a", {"deference": 5, "no-lane-state": 1}), ("b", {"deference": 1, "no-lane-state": 5})):
        log = tmp_path / f"{name}.jsonl"
        lines = [seat_line(f"2026-12-02T10:{i:02d}:00Z", "BLOCK", tag, None, f"s{i}", False)
                 for i, tag in enumerate(t for t, n in counts.items() for _ in range(n))]
        log.write_bytes(b"\n".join(lines) + b"\n")
        out = tmp_path / f"{name}.html"
        assert run_audit(tmp_path, "--log", str(log), "--html", str(out)).returncode == 0
        pages.append(_tag_swatches(out.read_text(encoding="utf-8")))
    expected = {"deference": TAG_COLOURS["deference"], "no-lane-state": TAG_COLOURS["no-lane-state"]}
    assert pages == [expected, expected]


def test_the_pages_latest_refusals_say_what_decided_first(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    log.write_bytes(json.dumps(
        {"ts": "2026-12-02T10:00:00.000Z", "class": "BLOCK", "tag": "deference", "session": "abcdef0123",
         "operator_in_loop": False, "phrase": "want me to", "reason": "It looks like you slipped <into> it.",
         "row": "D", "because": 'deference phrase "want me to": fires: offer-shaped phrase'}).encode() + b"\n")
    out = tmp_path / "page.html"
    assert run_audit(tmp_path, "--log", str(log), "--html", str(out)).returncode == 0
    section = out.read_text(encoding="utf-8").split('<section id="refusals">', 1)[1]
    assert ('<td class="reason"><span class="decided">deference phrase &quot;want me to&quot;: fires: offer-shaped '
            "phrase</span><details><summary>the directive</summary>It looks like you slipped &lt;into&gt; it."
            "</details></td>") in section
    assert '<td class="nowrap" title="abcdef0123">abcdef01/1</td>' in section
