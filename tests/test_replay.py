"""`lanegate replay` (docs/DESIGN.md#golden): every turn-end of a recorded session, judged as the hook would have
judged it at that moment, in dry-run, with nothing written to the real audit log or state."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from hook.cli import main
from hook.commands.replay import Row, render_text, render_wide, replay, turn_ends
from hook.harness.claude.writer import SessionWriter, lane_state
from tests.transcript_builder import TranscriptBuilder

ROOT = Path(__file__).resolve().parents[1]
RECORDED = ROOT / "examples" / "sessions" / "recorded"


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """An enforcing env whose real audit log and state must stay untouched by a replay."""
    return {
        "HOME": str(tmp_path / "home"),
        "LANEGATE_CONFIG": str(tmp_path / "user.toml"),
        "LANEGATE_MODE": "enforce",
        "LANEGATE_AUDIT_LOG": str(tmp_path / "real-audit.jsonl"),
        "LANEGATE_STATE_DIR": str(tmp_path / "real-state"),
    }


def summary(rows: list[Row]) -> list[tuple[object, ...]]:
    """time, prompting kind, class, tag, phrase, verdict of each replayed stop."""
    keys = ("time", "class", "tag", "phrase", "verdict")
    return [(r.to_dict()["time"], r.context_kind, *(r.to_dict()[k] for k in keys[1:])) for r in rows]


def test_operator_session_then_night_shift(env: dict[str, str], tmp_path: Path) -> None:
    rows = replay(str(RECORDED / "operator-then-night-shift.jsonl"), env)
    assert summary(rows) == [
        ("2026-12-02T09:00:04Z", "operator", "ALLOW", "operator-dialogue", None, None),
        ("2026-12-02T09:05:03Z", "operator", "WOULD-BLOCK", "active-lane-in-dialogue", None, None),
        ("2026-12-02T09:05:10Z", "operator", "ALLOW", "operator-dialogue", None, None),
        ("2026-12-02T21:00:03Z", "handoff", "WOULD-BLOCK", "deference", "would you like me to", "fire"),
        ("2026-12-02T21:00:08Z", "handoff", "MATERIAL-ALLOW", "material-artifact", None, None),
    ]
    assert [r.line["operator_in_loop"] for r in rows] == [True, True, True, False, False]
    assert [r.line["mid_chain"] for r in rows] == [False, False, True, False, False]
    assert {r.line["mode"] for r in rows} == {"dry-run"}
    assert not (tmp_path / "real-audit.jsonl").exists()
    assert not (tmp_path / "real-state").exists()


def test_wake_chain_reaches_the_ceiling_and_an_interrupted_turn_is_no_turn_end(env: dict[str, str]) -> None:
    rows = replay(str(RECORDED / "wake-chain-to-ceiling.jsonl"), env)
    assert summary(rows) == [
        ("2026-12-03T02:00:05Z", "wake", "WOULD-BLOCK", "no-lane-state", None, None),
        ("2026-12-03T02:00:10Z", "wake", "WOULD-BLOCK", "no-lane-state", None, None),
        ("2026-12-03T02:00:15Z", "wake", "WOULD-BLOCK", "no-lane-state", None, None),
        ("2026-12-03T02:00:18Z", "wake", "CEILING-ALLOW", "ceiling", None, None),
        ("2026-12-03T02:30:04Z", "operator", "ALLOW", "operator-dialogue", None, None),
    ]
    assert rows[-1].context_text == "Never mind. Is the replay section done?"


def test_seed_003_live_terminal_is_exempt_and_a_lane_attribution_fires(env: dict[str, str]) -> None:
    rows = replay(str(RECORDED / "seed003-merge-gate.jsonl"), env)
    assert summary(rows) == [
        ("2026-07-16T08:54:00Z", "wake", "WOULD-BLOCK", "no-lane-state", "your call", "exempt"),
        ("2026-07-16T08:54:05Z", "wake", "WOULD-BLOCK", "valid-lane-state", None, None),
        ("2026-07-16T08:54:08Z", "wake", "WOULD-BLOCK", "deference", "your call", "fire"),
    ]
    assert rows[0].line["finding"]["form"] == "option-list"
    assert rows[0].line["session"] == "75ed6708-c66b-4989-862d-2286e87abbf1"


def test_each_turn_end_sees_only_the_transcript_up_to_it(env: dict[str, str], tmp_path: Path) -> None:
    """A later operator prompt must not turn an earlier autonomous turn-end into dialogue."""
    w = SessionWriter(start="2026-12-02T10:00:00Z")
    w.user("[WAKE] peer ping", origin=None)
    w.tool("Bash", {"command": "gh pr view 5"}, "state: OPEN")
    gate = {"ref": "PR #5", "checkedAt": "2026-12-02T10:00Z", "nextActor": "@reviewer"}
    w.assistant_text("PR #5 waits on review.\n\n" + lane_state("next-lane", [gate]))
    w.user("Thanks. What is left on PR #5?")
    w.assistant_text("Only the review.")
    path = tmp_path / "s.jsonl"
    path.write_bytes(w.to_bytes())
    rows = replay(str(path), env)
    assert [(r.context_kind, r.line["class"], r.line["tag"]) for r in rows] == [
        ("wake", "WOULD-BLOCK", "valid-lane-state"),
        ("operator", "ALLOW", "operator-dialogue"),
    ]


def test_turn_ends_copy_the_prefix_and_mark_a_stop_after_a_refusal() -> None:
    w = SessionWriter()
    w.user("[WAKE] ping", origin=None)
    w.assistant_text("First stop.")
    w.system("stop_hook_summary")
    w.stop_hook_feedback("There is no hold state.")
    w.tool("Bash", {"command": "make test"}, "ok")
    w.assistant_text("Second stop.")
    w.user("A question?")
    w.tool("Read", {"file_path": "x"}, "x")  # ends on a tool call: no turn-end at the end of the file
    data = w.to_bytes()
    sink = io.BytesIO()
    seen = []
    for end in turn_ends(io.BytesIO(data), sink):
        assert sink.getvalue() == data[: end.offset]
        last = json.loads(data[: end.offset].splitlines()[-1])
        seen.append((last["message"]["content"][0]["text"], end.stop_hook_active))
    assert seen == [("First stop.", False), ("Second stop.", True)]
    assert sink.getvalue() == data


def test_an_interrupted_turn_and_a_sidechain_reply_are_no_turn_ends() -> None:
    w = SessionWriter()
    w.user("Explain the walk.")
    w.assistant_text("Let me look")
    w.user([{"type": "text", "text": "[Request interrupted by user]"}])
    w.user("Go on.")
    w.assistant_text("Subagent answer.", sidechain=True)
    data = w.to_bytes()
    assert list(turn_ends(io.BytesIO(data), io.BytesIO())) == []


def test_the_cli_prints_rows_and_totals(env: dict[str, str], monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    path = RECORDED / "seed003-merge-gate.jsonl"
    assert main(["replay", "--wide", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"replay: {path}: 3 turn-end(s), judged in dry-run (nothing written to the audit log or state)"
    assert lines[2].split() == ["time", "prompting", "context", "class", "tag", "phrase", "observed", "claim",
                                "final", "text", "(end)", "reason"]
    no_observed_no_claim = "-" + " " * 29 + "-" + " " * 47
    decided = "WOULD-BLOCK           no-lane-state             your call (exempt)            "
    final_end = "…eption or ask for the stamp, your call.  "
    assert decided + no_observed_no_claim + final_end + "There is no hold state. Name your lane" in lines[3]
    assert lines[3].startswith("2026-07-16T08:54:00Z  wake: [WAKE] peer ping: PR #15232 status?")
    assert lines[-1] == "totals: WOULD-BLOCK 3"
    assert main(["replay", "--json", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["schema"], report["mode"], report["totals"]) == (1, "dry-run", {"WOULD-BLOCK": 3})
    assert [t["tag"] for t in report["turns"]] == ["no-lane-state", "valid-lane-state", "deference"]
    assert report["turns"][0]["context"] == {
        "kind": "wake",
        "operator_in_loop": False,
        "text": "[WAKE] peer ping: PR #15232 status?",
    }


def test_a_missing_transcript_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "gone.jsonl")]) == 2
    assert capsys.readouterr().err == (
        f"lanegate replay: [Errno 2] No such file or directory: '{tmp_path}/gone.jsonl'\n"
    )


def test_observe_mode_findings_show_in_their_own_column_and_in_the_json() -> None:
    """docs/DESIGN.md#golden revision 2: observe-mode findings show in their own column; they never decided the stop."""
    observed = [{"phrase": "shall i", "family": "permission", "reason": "fires (permission-question): …"}]
    line = {"class": "WOULD-BLOCK", "tag": "no-lane-state", "phrase": "shall i", "observed": observed,
            "finding": {"verdict": "fire", "mode": "observe"}}  # fmt: skip
    row = Row(time=None, offset=0, context_kind="wake", context_text="[WAKE] ping", line=line)
    assert row.to_dict()["observed"] == observed
    shown = render_wide("s.jsonl", [row]).splitlines()[3]
    assert "shall i (fire)" + " " * 16 + "shall i (permission)" + " " * 10 + "-" + " " * 47 + "-" in shown
    compact = render_text("s.jsonl", [row]).splitlines()
    assert compact[3:8] == [
        "#  time (UTC)  context  class        tag            phrase or claim",
        "1  -           wake     WOULD-BLOCK  no-lane-state  shall i (fire)",
        "    prompt  [WAKE] ping",
        "    said    (no final text)",
        "    why     -",
    ]
    assert compact[8] == "    observed (not refused on): shall i (permission)"


def test_row_u_shows_in_the_claim_column(
    env: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    t = TranscriptBuilder().wake()
    t.assistant_text("Fixed the walker.\n\nPicking up the next lane now.")
    path = t.write(tmp_path / "claim.jsonl")
    [row] = replay(str(path), env)
    assert (row.line["class"], row.line["tag"]) == ("WOULD-BLOCK", "unbacked-claim")
    assert row.to_dict()["claim"]["form"] == "participle"
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert main(["replay", "--wide", str(path)]) == 0
    line = capsys.readouterr().out.splitlines()[3]
    claim_column = "-" + " " * 29 + "-" + " " * 29 + "participle: Picking up the next lane now." + " " * 5
    final_end = "  …e walker. Picking up the next lane now.  You wrote \"Picking up the next lane now.\""
    assert "WOULD-BLOCK           unbacked-claim            " + claim_column + final_end in line


def test_the_default_table_fits_the_terminal_and_shows_what_was_said_and_why(
    env: dict[str, str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 24: the rows were 183 columns and showed neither the final text nor the reason; issue 31: the
    header wrapped, and the reason showed the directive's opening words instead of what decided."""
    for key, value in {**env, "COLUMNS": "80"}.items():
        monkeypatch.setenv(key, value)
    path = RECORDED / "seed003-merge-gate.jsonl"
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(map(len, lines)) <= 80
    # One line each for the file (its end, whatever the checkout's path), what it is and how it was judged.
    assert lines[0].startswith("replay ") and lines[0].endswith("examples/sessions/recorded/seed003-merge-gate.jsonl")
    assert lines[1:] == [
        "3 turn-end(s) of a Claude Code transcript (version 2.1.30)",
        "judged in dry-run: nothing written to the audit log or state",
        "#  time (UTC)        context  class        tag               phrase or claim",
        "1  2026-07-16 08:54  wake     WOULD-BLOCK  no-lane-state     your call (exempt)",
        "    prompt  [WAKE] peer ping: PR #15232 status?",
        "    said    …APPROVED — merge on the exception or ask for the stamp, your call.",
        "    why     no lane-state block, no accepted exit",
        "2  2026-07-16 08:54  wake     WOULD-BLOCK  valid-lane-state  -",
        '    said    …32", "checkedAt": "2026-07-16T08:54Z", "nextActor": "@tobiu"}]} ```',
        "    why     valid lane-state block sent back: identity unset on this seat; driv…",
        "3  2026-07-16 08:54  wake     WOULD-BLOCK  deference         your call (fire)",
        "    said    Your call on the next lane: the parser errors or the install docs.",
        "    why     deference phrase \"your call\": fires (object-form): object 'the next…",
        "",
        "totals: WOULD-BLOCK 3",
    ]


def test_the_json_rows_carry_the_final_text(env: dict[str, str]) -> None:
    rows = replay(str(RECORDED / "seed003-merge-gate.jsonl"), env)
    assert [r.to_dict()["final_text"] for r in rows][2] == (
        "Your call on the next lane: the parser errors or the install docs."
    )
    assert rows[0].final_text is not None and rows[0].final_text.endswith("ask for the stamp, your call.")


def test_a_path_longer_than_the_terminal_keeps_its_file_name_and_the_width(env: dict[str, str]) -> None:
    """A checkout's long path once made the first line 103 columns at 80; it keeps its end, on one line."""
    from hook.commands.replay import render_text

    rows = replay(str(RECORDED / "seed003-merge-gate.jsonl"), env)
    long_path = "/tmp/" + "a-very-long-folder-name/" * 6 + "seed003-merge-gate.jsonl"
    lines = render_text(long_path, rows, "a Claude Code transcript", 80).splitlines()
    assert max(map(len, lines)) == 80
    assert [line for line in lines if "seed003" in line] == [
        "replay …a-very-long-folder-name/a-very-long-folder-name/seed003-merge-gate.jsonl",
    ]
