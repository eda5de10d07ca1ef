"""No agent byte reaches a person's terminal raw (docs/DESIGN.md#evidence): every command that prints agent text shows
controls, escape sequences and bidi controls escaped (lanegate_common/terminal.py).

The attacks: an OSC 52 sequence (writes the person's clipboard), CSI erase-line in its 7-bit and 8-bit forms
(hides the line it is on), BEL, and a right-to-left override, placed in the agent's final text, its claim,
a project settings key and a golden case; before the fix `audit --list`, `replay` and `doctor` printed them
as they were.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from analyzer.cli import EscapedPalette
from analyzer.explain.report_text import Palette
from hook.cli import main
from lanegate_common.terminal import Styles, escaped, json_escaped
from tests.transcript_builder import TranscriptBuilder

ROOT = Path(__file__).resolve().parents[1]
# What the agent writes, and what a person must see instead.
HOSTILE = "\x1b]52;c;ZXZpbA==\x07\x1b[2K\x9b2K\u202e"
SHOWN = "\\x1b]52;c;ZXZpbA==\\x07\\x1b[2K\\x9b2K\\u202e"
RAW = ("\x1b", "\x07", "\x9b", "\u202e")


def assert_nothing_raw(output: str) -> None:
    assert [c for c in RAW if c in output] == []


def test_escaped_shows_every_control_escape_and_bidi_character_and_keeps_the_layout() -> None:
    assert escaped(HOSTILE) == SHOWN
    assert escaped("a\tb\rc\x00d\x7fe\u0085f\u2028g\u2066h\u061ci\u200fj\ud800") == (
        "a\\tb\\rc\\x00d\\x7fe\\x85f\\u2028g\\u2066h\\u061ci\\u200fj\\ud800"
    )
    assert escaped("line one\nline two — café, 日本") == "line one\nline two — café, 日本"
    assert escaped("a\nb", keep="") == "a\\x0ab"


def test_json_escaped_is_the_same_data_and_nothing_a_terminal_acts_on() -> None:
    data = {"final": f"done{HOSTILE}\nnext", "note": "café"}
    shown = json_escaped(json.dumps(data, indent=2, ensure_ascii=False))
    assert_nothing_raw(shown)
    assert json.loads(shown) == data
    assert "café" in shown and shown.count("\n") == 3


def test_a_programs_own_colours_pass_and_the_agents_escape_sequences_do_not() -> None:
    styles = Styles()
    painted = EscapedPalette(True, styles).paint(f"your call{HOSTILE}", "fire")
    assert styles.finish(painted) == f"\x1b[1;31myour call{SHOWN}\x1b[0m"
    assert EscapedPalette(False, styles).paint("x", "fire") == Palette(False).paint("x", "fire") == "x"


def run_audit(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "COLUMNS": "400"}
    return subprocess.run([sys.executable, "-m", "hook.cli", "audit", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)  # fmt: skip


def test_audit_list_shows_a_refusals_agent_text_escaped(tmp_path: Path) -> None:
    log = tmp_path / "audit.jsonl"
    line = {"ts": "2026-12-02T10:03:00.000Z", "class": "BLOCK", "tag": "unbacked-claim", "session": "s1",
            "identity": None, "harness": "claude", "phrase": None,
            "claim": {"text": f"Picking up{HOSTILE} the lane now.", "form": "participle", "reason": "claim"},
            "reason": "You announced an action and ended the turn."}
    log.write_text(json.dumps(line) + "\n")
    done = run_audit(tmp_path, "--log", str(log), "--list")
    assert done.returncode == 0, done.stderr
    assert_nothing_raw(done.stdout)
    assert f"Picking up{SHOWN} the lane now." in done.stdout
    as_json = run_audit(tmp_path, "--log", str(log), "--list", "--json")
    assert_nothing_raw(as_json.stdout)
    assert json.loads(as_json.stdout)["refusals"][0]["claim"] == line["claim"]["text"]


@pytest.fixture
def recorded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for key, value in {"HOME": str(tmp_path / "home"), "LANEGATE_CONFIG": str(tmp_path / "user.toml"),
                       "LANEGATE_AUDIT_LOG": str(tmp_path / "audit.jsonl"),
                       "LANEGATE_STATE_DIR": str(tmp_path / "state"), "COLUMNS": "200"}.items():  # fmt: skip
        monkeypatch.setenv(key, value)
    t = TranscriptBuilder().wake("peer ping: lane check")
    t.assistant_text(f"The parser is merged.\n\nThe suite is green.{HOSTILE}")
    return t.write(tmp_path / "session.jsonl")


@pytest.mark.parametrize("flag", [None, "--wide", "--json"])
def test_replay_shows_the_final_text_escaped(recorded: Path, flag: str | None,
                                             capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    assert main(["replay", *([flag] if flag else []), str(recorded)]) == 0
    out = capsys.readouterr().out
    assert_nothing_raw(out)
    if flag == "--json":
        assert json.loads(out)["turns"][0]["final_text"].endswith(f"The suite is green.{HOSTILE}")
    else:
        assert "green.\\x1b]52" in out


def test_doctor_shows_a_project_settings_key_escaped(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / ".claude").mkdir(parents=True)
    key = f"LANEGATE_MODE{HOSTILE}"
    (project / ".claude" / "settings.json").write_text(json.dumps({"env": {key: "dry-run"}}))
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path / "home"), "LANEGATE_PARSE_SERVER": "off"}
    for extra in ([], ["--json"]):
        done = subprocess.run([sys.executable, "-m", "hook.cli", "doctor", "--project", str(project), *extra],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)  # fmt: skip
        assert_nothing_raw(done.stdout + done.stderr)
        if extra:
            details = [c["detail"] for c in json.loads(done.stdout)["checks"]]
            assert any(d.startswith(f"{key}='dry-run'") for d in details), details
        else:
            assert f"LANEGATE_MODE{SHOWN}='dry-run'" in done.stdout


@pytest.mark.model
def test_analyze_shows_the_text_escaped(capsys: pytest.CaptureFixture[str]) -> None:
    from analyzer.cli import main as analyze

    analyze([f"Your call on the {HOSTILE}cache size."])
    out = capsys.readouterr().out
    assert_nothing_raw(out)
    assert "object 'the \\x1b]52;c;ZXZpbA==\\x07" in out


@pytest.mark.model
def test_golden_shows_a_mismatched_cases_text_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = tmp_path / "hostile.escape-01.toml"
    case.write_text(
        'id = "hostile.escape-01"\nnote = "a mismatch quoting agent text"\nprompt = "[WAKE] peer ping"\n'
        f"final = {json.dumps(f'Want me to open the PR?{HOSTILE}')}\n\n"
        '[expect]\nclass = "ALLOW"\ntag = "operator-dialogue"\n'
    )
    assert main(["golden", "--dir", str(tmp_path)]) == 1
    for flag in ([], ["--json"]):
        main(["golden", "--dir", str(tmp_path), *flag])
        assert_nothing_raw(capsys.readouterr().out)
