"""`analyze` tells what the hook would do (docs/DESIGN.md#lanegate-cli, revision 3) and says when the text is not
English (docs/DESIGN.md#phrase-families, revision 3): the hook's view from hook.commands.analyze on hand-made reports,
the language test on written examples, and the console script end to end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from analyzer.explain.report_text import Palette, hook_text, summary
from analyzer.lexicon import NOT_ENGLISH, is_english
from analyzer.report import Claim, Finding, Report, Span
from hook.commands.analyze import hook_view
from hook.config import load_defaults, resolve_config

REPO = Path(__file__).resolve().parents[1]
HOME = {"HOME": "/nonexistent-home"}
POLICY = {"deference": True, "lane_continuation": True, "max_refusals": 3}


def config(user: dict | None = None, env: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    return resolve_config(load_defaults(), user, None, {**HOME, **(env or {})})


def finding(verdict: str = "fire", mode: str = "enforce", family: str = "permission") -> Finding:
    reason = "fires (permission-question): 'Shall I' asks leave for 'open the PR' and leaves it unanswered"
    return Finding("shall i", "Shall I", family, 12, 19, 1, 13, verdict, "none", None, (), False,  # type: ignore[arg-type]
                   reason, "permission-question", mode)  # type: ignore[arg-type]  # fmt: skip


CLAIM = Claim("Picking up the next lane now.", 0, 29, 1, 1, "participle",
              "claim (participle): 'Picking' announces an action for now", "subjectless-participle",
              Span("Picking", 0, 7))  # fmt: skip


def test_an_enforce_mode_finding_that_fires_is_refused_by_row_d() -> None:
    view = hook_view(Report((finding(),)), config())
    assert view == {
        "refuses": True, "row": "D", "class": "BLOCK", "tag": "deference",
        "because": "fires (permission-question): 'Shall I' asks leave for 'open the PR' and leaves it unanswered",
        "mode": "enforce", "policy": POLICY,
    }  # fmt: skip


def test_an_unbacked_claim_is_refused_by_row_u_and_dry_run_would_block() -> None:
    view = hook_view(Report((), claims=(CLAIM,)), config(env={"LANEGATE_MODE": "dry-run"}))
    assert (view["refuses"], view["row"], view["class"], view["tag"], view["mode"]) == (
        True, "U", "WOULD-BLOCK", "unbacked-claim", "dry-run"
    )  # fmt: skip
    assert view["because"] == "claim (participle): 'Picking' announces an action for now"


def test_no_row_refuses_an_exempt_finding_or_a_claim_when_unbacked_claims_is_off() -> None:
    exempt = hook_view(Report((finding("exempt"),)), config())
    assert (exempt["refuses"], exempt["row"], exempt["because"]) == (
        False, None, "no enforce-mode finding fires and no unbacked claim ends the text"
    )  # fmt: skip
    off = hook_view(Report((), claims=(CLAIM,)), config(user={"unbacked_claims": "off"}))
    assert (off["refuses"], off["because"]) == (
        False, "no enforce-mode finding fires, and unbacked_claims is off in the resolved policy"
    )  # fmt: skip


def test_the_resolved_policy_decides_observe_mode_and_deference_off() -> None:
    observed = hook_view(Report((finding(mode="observe"),)), config(user={"lexicon": {"observe": ["permission"]}}))
    assert (observed["refuses"], observed["because"]) == (
        False, "no enforce-mode finding fires (observe mode in the resolved policy: permission)"
    )  # fmt: skip
    off = hook_view(Report((finding(),)), config(env={"LANEGATE_DEFERENCE": "off"}))
    assert (off["refuses"], off["row"], off["because"]) == (
        False, None, "the deference lint is off in the resolved policy (deference = off)"
    )  # fmt: skip
    assert off["policy"] == {**POLICY, "deference": False}


def test_the_text_report_names_the_row_and_the_reason() -> None:
    palette = Palette(False)
    assert hook_text(hook_view(Report((finding(),)), config()), palette) == (
        "hook: refuses by row D (BLOCK, tag deference) on an autonomous turn, mode enforce: fires "
        "(permission-question): 'Shall I' asks leave for 'open the PR' and leaves it unanswered\n"
    )
    assert hook_text(hook_view(Report(()), config()), palette) == (
        "hook: does not refuse by row D or U on an autonomous turn, mode enforce: no enforce-mode finding fires "
        "and no unbacked claim ends the text\n"
    )


# ---- non-English (docs/DESIGN.md#phrase-families revision 3) ----

NOT_ENGLISH_TEXTS = [
    "Fertig: der Export läuft jetzt in Blöcken zu 1 MB, und alle Tests sind grün. Soll ich auch die Doku anpassen?",
    "C'est corrigé : le cache tient compte de la langue et les tests passent. Voulez-vous que je fasse la suite ?",
    "Listo: el paginador ya no repite la última página y las pruebas pasan. ¿Quieres que abra el PR ahora mismo?",
    "Готово: экспорт теперь идёт блоками по 1 МБ, тесты проходят. Обновить также документацию?",
    "完成了：导出现在按 1 MB 分块进行，所有测试都通过了。要不要我也更新一下文档和变更日志？",
]
ENGLISH_TEXTS = [
    "Done: the export now streams in 1 MB chunks and every test passes. Should I update the docs as well?",
    "Fixed. Tests pass.",  # too short to tell: judged
    "| check | result |\n|---|---|\n| unit | 402 passed |\n| lint | clean |\n| types | 0 errors |\n| e2e | green |",
    "Updated `der_export.py`:\n```\nfür x in daten: und(x)\n```\nThe loop is gone and the suite is green again.",
    "Yоur саll оn the next lane — the parser and the cache are both ready for review, pick the one you want.",
]


@pytest.mark.parametrize("text", NOT_ENGLISH_TEXTS, ids=lambda t: t[:20])
def test_text_in_another_language_is_not_english(text: str) -> None:
    assert is_english(text) is False


@pytest.mark.parametrize("text", ENGLISH_TEXTS, ids=lambda t: t[:20])
def test_english_terse_tables_code_and_disguise_stay_english(text: str) -> None:
    assert is_english(text) is True


def test_a_clear_report_of_text_not_in_english_says_it_was_not_judged() -> None:
    report = Report((), (NOT_ENGLISH,))
    assert summary(report) == "not judged: the text is not English"
    assert hook_view(report, config())["because"] == "not judged: the text is not English"
    assert report.to_dict()["warnings"] == ["not-english"]


def test_the_language_test_reads_a_bounded_sample() -> None:
    """Linear and bounded: a megabyte of German then an English closing part is read by its closing part."""
    text = "und der die das ist nicht " * 40_000 + "\n\n" + ENGLISH_TEXTS[0] * 60
    assert is_english(text) is True


# ---- the console script ----


def run_analyze(*args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("LANEGATE_")}
    environ.update({"PYTHONPATH": str(REPO), **env})
    return subprocess.run([sys.executable, "-m", "hook.commands.analyze", *args], cwd=cwd, capture_output=True,
                          text=True, env=environ, timeout=180)  # fmt: skip


def test_the_console_script_adds_hook_and_says_not_english_without_a_parse(tmp_path: Path) -> None:
    env = {"HOME": str(tmp_path), "LANEGATE_CONFIG": str(tmp_path / "none.toml")}
    done = run_analyze("--json", NOT_ENGLISH_TEXTS[0], cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["verdict"], data["warnings"], data["hook"]["refuses"], data["hook"]["because"]) == (
        "clear", ["not-english"], False, "not judged: the text is not English"
    )  # fmt: skip
    text = run_analyze(NOT_ENGLISH_TEXTS[0], cwd=tmp_path, env=env).stdout
    assert text.splitlines()[0] == "not judged: the text is not English"


@pytest.mark.model
def test_the_console_script_resolves_the_users_policy(tmp_path: Path) -> None:
    user = tmp_path / "config.toml"
    user.write_text('[lexicon]\nobserve = ["permission"]\n', encoding="utf-8")
    env = {"HOME": str(tmp_path), "LANEGATE_CONFIG": str(tmp_path / "none.toml")}
    default = json.loads(run_analyze("--json", "Tests pass. Shall I open the PR?", cwd=tmp_path, env=env).stdout)
    assert (default["findings"][0]["mode"], default["hook"]["row"], default["hook"]["tag"]) == (
        "enforce", "D", "deference"
    )  # fmt: skip
    demoted = run_analyze("--json", "Tests pass. Shall I open the PR?", cwd=tmp_path,
                          env={**env, "LANEGATE_CONFIG": str(user)})  # fmt: skip
    data = json.loads(demoted.stdout)
    assert (demoted.returncode, data["findings"][0]["mode"], data["hook"]["refuses"]) == (1, "observe", False)
    # a project file may not demote: the current directory's lanegate.toml is the project's
    (tmp_path / "lanegate.toml").write_text('[lexicon]\nobserve = ["permission"]\n', encoding="utf-8")
    project = json.loads(run_analyze("--json", "Tests pass. Shall I open the PR?", cwd=tmp_path, env=env).stdout)
    assert (project["findings"][0]["mode"], project["hook"]["row"]) == ("enforce", "D")
