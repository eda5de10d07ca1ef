"""The golden corpus (docs/DESIGN.md#golden): no rule lands without examples, and `lanegate golden` passes.

Coverage is read from the case files' [expect] tables, so adding a lexicon phrase or an exemption form
without a should-fire and a should-pass golden case fails here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, get_args

import pytest

from analyzer.lexicon import default_lexicon
from analyzer.report import Form
from hook.cli import main
from hook.commands.golden import case_files, load_case

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "golden"
CASES = [load_case(path) for path in case_files(str(GOLDEN))]
EXEMPTION_FORMS = [f for f in get_args(Form) if f != "none"]
PHRASES = [entry.canonical for entry in default_lexicon().phrases]
# Rows of the decision table (docs/DESIGN.md#the-decision) that must be pinned in enforce and in dry-run.
ROWS = ("d", "c", "b", "l1", "l2", "l3", "l4", "l5", "ceiling")
LIVE_0854Z = "CI is green and the review is APPROVED — merge on the exception or ask for the stamp, your call."


def should_fire(expect: Mapping[str, Any]) -> bool:
    return expect.get("verdict") == "fire" and expect["tag"] == "deference"


def should_pass(expect: Mapping[str, Any]) -> bool:
    """Judged by the analyzer (an autonomous turn) and not refused for it."""
    return (
        expect.get("verdict") in ("exempt", "none")
        and expect.get("operator_in_loop") is False
        and expect["tag"] != "deference"
    )


def test_the_corpus_is_large_and_its_ids_are_unique() -> None:
    ids = [case.id for case in CASES]
    assert len(ids) >= 80
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"[a-z0-9]+(?:[.-][a-z0-9]+)*-\d{2}", i) for i in ids), [
        i for i in ids if not re.fullmatch(r"[a-z0-9]+(?:[.-][a-z0-9]+)*-\d{2}", i)
    ]


@pytest.mark.parametrize("phrase", PHRASES)
def test_every_lexicon_phrase_has_a_should_fire_and_a_should_pass_case(phrase: str) -> None:
    about = [c for c in CASES if c.expect.get("phrase") == phrase]
    assert [c.id for c in about if should_fire(c.expect)] != [], f"no should-fire golden case for {phrase!r}"
    assert [c.id for c in about if should_pass(c.expect)] != [], f"no should-pass golden case for {phrase!r}"


@pytest.mark.parametrize("form", EXEMPTION_FORMS)
def test_every_exemption_form_has_a_should_fire_and_a_should_pass_case(form: str) -> None:
    about = [c for c in CASES if c.expect.get("form") == form]
    assert [c.id for c in about if should_fire(c.expect)] != [], f"no should-fire golden case for form {form!r}"
    assert [c.id for c in about if should_pass(c.expect) and c.expect["verdict"] == "exempt"] != [], (
        f"no should-pass golden case for form {form!r}"
    )


def test_the_forms_the_test_knows_are_the_four_of_the_spec() -> None:
    assert EXEMPTION_FORMS == ["object", "copular-ownership", "option-list", "pending-eligibility"]


@pytest.mark.parametrize("row", ROWS)
def test_every_row_of_the_decision_table_is_pinned_in_both_modes(row: str) -> None:
    ids = [c.id for c in CASES if c.id.startswith(f"table.{row}.")]
    assert any(".enforce-" in i for i in ids), f"row {row}: no enforce case"
    assert any(".dry-run-" in i for i in ids), f"row {row}: no dry-run case"
    dry = [c for c in CASES if c.id.startswith(f"table.{row}.") and ".dry-run-" in c.id]
    assert all(c.data["env"]["LANEGATE_MODE"] == "dry-run" for c in dry)


def test_the_carve_outs_and_gates_have_cases() -> None:
    rules = {c.expect.get("rule") for c in CASES}
    assert {"if-you-want-it", "unless-you-want", "object-form", "status-prose", "standalone"} <= rules
    carved = {re.sub(r"-\d{2}$", "", c.id.split(".")[2]) for c in CASES if c.id.startswith("deference.carve-out.")}
    assert {"report-of-decision", "rule-citation", "compound-noun", "mention", "quoted", "identifier"} <= carved


def test_the_live_0854z_terminal_is_pinned_as_allowed_as_far_as_deference_goes() -> None:
    pinned = [c for c in CASES if LIVE_0854Z in c.final]
    assert len(pinned) >= 2
    for case in pinned:
        assert case.id.startswith("seed003.live-0854z.")
        assert (case.expect["phrase"], case.expect["verdict"]) == ("your call", "exempt")
        assert case.expect["tag"] != "deference"
        assert case.data["prompt"].startswith("[WAKE]")


def test_lanegate_golden_passes(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["golden", "--dir", str(GOLDEN), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert report["mismatches"] == []
    assert (code, report["cases"], report["passed"]) == (0, len(CASES), len(CASES))


WRONG = """id = "wrong-01"
prompt = "[WAKE] peer ping"
final = "Your call on the merge."

[expect]
class = "BLOCK"
tag = "deference"
phrase = "your call"
verdict = "fire"
"""


def test_a_mismatch_is_reported_with_its_reason_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "wrong-01.toml").write_text(WRONG, encoding="utf-8")
    (tmp_path / "broken-01.toml").write_text('id = "broken-01"\nfinal = "x"\n', encoding="utf-8")
    code = main(["golden", "--dir", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 1
    assert out.splitlines()[0].startswith(f"golden: 2 cases from {tmp_path} in ")
    assert out.splitlines()[0].endswith(": 0 passed, 2 mismatched")
    broken = "  case file: [expect] must give at least class and tag"
    assert f"MISMATCH broken-01  ({tmp_path}/broken-01.toml)\n{broken}" in out
    assert (
        f"MISMATCH wrong-01  ({tmp_path}/wrong-01.toml)\n"
        "  tag: expected 'deference', got 'no-lane-state'\n"
        "  verdict: expected 'fire', got 'exempt'\n"
    ) in out
    assert "  analyzer: exempt (object-form): object 'the merge' is human-only work (merge)" in out


def test_an_empty_or_missing_folder_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["golden", "--dir", str(tmp_path)]) == 2
    assert main(["golden", "--dir", str(tmp_path / "nope")]) == 2
    assert capsys.readouterr().err == (
        f"lanegate golden: no case in {tmp_path}\nlanegate golden: {tmp_path}/nope is not a folder (the golden "
        "cases live in a lanegate source checkout, under golden/: run this there, or name your own folder of case "
        "files with --dir)\n"
    )


SESSIONS = ROOT / "examples" / "sessions"
DEMOS = sorted(p for p in SESSIONS.iterdir() if (p / "payload.json").exists())


@pytest.mark.parametrize("case", DEMOS, ids=[p.name for p in DEMOS])
def test_each_demo_session_decides_as_its_readme_says(case: Path, tmp_path: Path) -> None:
    """scripts/demo shows these: the class and tag its one-line README announces are what the hook decides."""
    from hook.core import handle

    payload = json.loads((case / "payload.json").read_text(encoding="utf-8"))
    payload.update(transcript_path=str(case / "transcript.jsonl"), cwd=str(case))
    env = {"HOME": str(tmp_path), "LANEGATE_AUDIT_LOG": str(tmp_path / "a.jsonl"), "LANEGATE_STATE_DIR": str(tmp_path)}
    if (case / "env.json").exists():
        env.update(json.loads((case / "env.json").read_text(encoding="utf-8")))
    line = handle(json.dumps(payload).encode(), None, env).line
    readme = (case / "README").read_text(encoding="utf-8")
    assert f"{line.klass} {line.tag}" in readme
    assert readme.count("\n") == 1
