"""A harness is one folder: Toy (tests/fixtures/toyharness/), built by the recipe of docs/INTERFACES.md, is
copied into a temporary package and registered with one ADAPTERS line; a stop (`lanegate hook`), `install`,
`doctor` and its probe, `replay` and `golden` then take it with no change of their own. And the commands
that stand in for a harness never branch on a harness's name."""

from __future__ import annotations

import ast
import json
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hook import harness as registry
from hook.cli import main as lanegate
from hook.commands import doctor, doctor_checks, golden, replay
from hook.commands.harness_settings import harness_specs
from hook.core import handle
from hook.harness import ADAPTERS

ROOT = Path(__file__).resolve().parent.parent
TOY_SOURCE = Path(__file__).resolve().parent / "fixtures" / "toyharness"
PACKAGE = "toyharness"
# The registry line, in a `lanegate hook` process the doctor starts (a sitecustomize module runs it).
REGISTER = f"import hook.harness\nhook.harness.ADAPTERS['toy'] = {PACKAGE!r}\n"
URL = "https://github.com/acme/lanegate/pull/91"


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The Toy folder as a package in a temporary folder, registered by one line: the folder it lives in."""
    packages = tmp_path / "packages"
    shutil.copytree(TOY_SOURCE, packages / PACKAGE, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.syspath_prepend(str(packages))
    monkeypatch.setitem(ADAPTERS, "toy", PACKAGE)  # type: ignore[index]
    harness_specs.cache_clear()
    yield packages
    harness_specs.cache_clear()
    registry._WALKS.pop("toy", None)
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
        del sys.modules[name]


def _env(tmp: Path, **extra: str) -> dict[str, str]:
    return {"HOME": str(tmp / "home"), "LANEGATE_AUDIT_LOG": str(tmp / "audit.jsonl"),
            "LANEGATE_STATE_DIR": str(tmp / "state"), "LANEGATE_CONFIG": str(tmp / "none.toml"),
            "LANEGATE_PARSE_SERVER": "off", **extra}


def _log(path: Path, *lines: dict[str, Any]) -> str:
    path.write_text("".join(json.dumps({"at": "2026-12-02T10:00:00Z", **line}) + "\n" for line in lines))
    return str(path)


def _stop(tmp: Path, log: str, said: str, **env: str) -> dict[str, Any]:
    payload = {"toy_session": "toy-1", "log": log, "folder": str(tmp), "said": said}
    outcome = handle(json.dumps(payload).encode(), None, _env(tmp, **env))
    line = outcome.line.to_dict()
    assert outcome.stdout == (json.dumps({"refuse": line["reason"]}) if line["class"] == "BLOCK" else None)
    return line


def ran(tool: str, command: str, output: str) -> tuple[dict[str, Any], dict[str, Any]]:
    return ({"said_by": "agent", "ran": {"id": "r1", "tool": tool, "input": {"command": command}}},
            {"said_by": "tool", "id": "r1", "output": output})


# ---- a stop ------------------------------------------------------------------------------------------


def test_a_stop_is_detected_and_judged_by_the_toy(toy: Path, tmp_path: Path) -> None:
    log = _log(tmp_path / "toy.jsonl", {"said_by": "person", "words": "[WAKE] lane 7"},
               {"said_by": "agent", "words": "Parser done."})
    line = _stop(tmp_path, log, "Parser done.")
    assert (line["harness"], line["class"], line["tag"], line["operator_in_loop"]) == (
        "toy", "BLOCK", "no-lane-state", False)


def test_the_toys_shell_tool_carries_its_artifacts_and_no_other_harness_s_does(toy: Path, tmp_path: Path) -> None:
    """Its harness.toml names `toy_shell`: a `gh pr create` through it is material; through `Bash` it is not."""
    wake = {"said_by": "person", "words": "[WAKE] lane 7"}
    expected_by_tool = {"toy_shell": ("MATERIAL-ALLOW", "material-artifact"), "Bash": ("BLOCK", "no-lane-state")}
    for tool, expected in expected_by_tool.items():
        log = _log(tmp_path / f"{tool}.jsonl", wake, *ran(tool, "gh pr create --fill", URL),
                   {"said_by": "agent", "words": "Opened the PR."})
        line = _stop(tmp_path / tool, log, "Opened the PR.")
        assert (line["class"], line["tag"]) == expected


def test_the_toys_record_tag_keeps_its_refusal_echo_from_being_a_prompt(toy: Path, tmp_path: Path) -> None:
    """Its [walk] tag "(toy echo)": the echoed refusal is skipped, so the turn stays the [WAKE]'s."""
    log = _log(tmp_path / "toy.jsonl", {"said_by": "person", "words": "[WAKE] lane 7"},
               {"said_by": "agent", "words": "Parser done."},
               {"said_by": "person", "words": "(toy echo) There is no hold state."},
               {"said_by": "agent", "words": "Still done."})
    line = _stop(tmp_path, log, "Still done.")
    assert (line["class"], line["tag"], line["operator_in_loop"]) == ("BLOCK", "no-lane-state", False)


def test_the_toys_project_env_file_and_project_variable_are_read(toy: Path, tmp_path: Path) -> None:
    """Its project_env (.toy/env, dotenv) under the folder its project_dir_env names: a value set there is the
    project's, and a weakening from it is ignored."""
    project = tmp_path / "project"
    (project / ".toy").mkdir(parents=True)
    (project / ".toy" / "env").write_text("LANEGATE_MODE=dry-run\n")
    log = _log(tmp_path / "toy.jsonl", {"said_by": "person", "words": "[WAKE] lane 7"},
               {"said_by": "agent", "words": "Parser done."})
    line = _stop(tmp_path, log, "Parser done.", LANEGATE_MODE="dry-run", TOY_PROJECT_DIR=str(project))
    assert (line["class"], line["mode"]) == ("BLOCK", "enforce")
    assert [w for w in line["warnings"] if "LANEGATE_MODE" in w and str(project / ".toy" / "env") in w]


# ---- install, doctor and its probe ------------------------------------------------------------------


def test_install_registers_the_toy_and_doctor_probes_it(toy: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """install writes the Toy's user file from its InstallTarget; doctor finds it through the Toy's settings
    table and runs the registered command on the Toy's probe stop, in a process that registers the Toy by its
    one line."""
    home, project, boot = tmp_path / "home", tmp_path / "project", tmp_path / "boot"
    for folder in (home, project, boot):
        folder.mkdir()
    (boot / "sitecustomize.py").write_text(REGISTER)
    monkeypatch.setenv("HOME", str(home))
    assert lanegate(["install", "--harness", "toy", "--user"]) == 0
    hooks = home / ".toy" / "hooks.json"
    settings = json.loads(hooks.read_text())
    entry = settings["hooks"]["Done"][0]
    assert entry["command"].endswith(" hook --harness toy")
    # The registered command runs lanegate isolated (python -I, docs/DESIGN.md#evidence), so the sitecustomize below
    # cannot register the Toy in it: the probe runs the same entry through a plain interpreter that reads PYTHONPATH.
    entry["command"] = f"{sys.executable} -m hook.cli hook --harness toy"
    hooks.write_text(json.dumps(settings))
    capsys.readouterr()
    inherited = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    path = os.pathsep.join([str(boot), str(toy), str(ROOT), *inherited])
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", ""), "PYTHONPATH": path, "LANEGATE_PARSE_SERVER": "off"}
    found = {c.name: c for c in doctor.diagnose(str(project), env) if c.name.startswith("toy ")}
    assert {name: c.status for name, c in found.items()} == {
        "toy registration": doctor_checks.OK, "toy enabled": doctor_checks.OK, "toy command": doctor_checks.OK}
    assert found["toy command"].detail.startswith(f"`{entry['command']}` judged a synthetic autonomous stop: "
                                                  "BLOCK no-lane-state in ")


# ---- replay and golden ------------------------------------------------------------------------------


def test_replay_recognises_and_judges_a_toy_log(toy: Path, tmp_path: Path) -> None:
    log = _log(tmp_path / "session.jsonl", {"said_by": "person", "words": "[WAKE] lane 7"},
               {"said_by": "agent", "words": "Parser done."},
               {"said_by": "person", "words": "Thanks, how long did it take?"},
               {"said_by": "agent", "words": "About ten minutes."})
    found = replay.recognise(log)
    assert (found.harness, found.description) == ("toy", "a Toy log")
    rows = replay.replay(log, {"HOME": str(tmp_path), "TOY_PROJECT_DIR": "/not/the/replay's"})
    assert [(r.context_kind, r.line["class"], r.line["tag"], r.line["harness"]) for r in rows] == [
        ("wake", "WOULD-BLOCK", "no-lane-state", "toy"),
        ("operator", "ALLOW", "operator-dialogue", "toy"),
    ]


def test_replay_offers_the_registered_harnesses_that_read_sessions(toy: Path) -> None:
    assert list(replay.readable()) == ["claude", "codex", "toy"]


def test_golden_runs_a_toy_case_through_its_writer(toy: Path, tmp_path: Path) -> None:
    """A case with `harness = "toy"` is written by the Toy's writer.py; two stops put its refusal echo between."""
    cases = tmp_path / "golden"
    cases.mkdir()
    (cases / "harness.toy.echo-skipped-01.toml").write_text(
        'id = "harness.toy.echo-skipped-01"\nharness = "toy"\nprompt = "[WAKE] lane 7"\nfinal = "Parser done."\n'
        'stops = 2\n\n[[record]]\nbash = "gh pr view 3"\nresult = "OPEN"\n\n'
        '[expect]\nclass = "BLOCK"\ntag = "no-lane-state"\nclasses = ["BLOCK", "BLOCK"]\n')
    (cases / "harness.toy.material-01.toml").write_text(
        'id = "harness.toy.material-01"\nharness = "toy"\nprompt = "[WAKE] lane 7"\nfinal = "Opened the PR."\n\n'
        f'[[record]]\nbash = "gh pr create --fill"\nresult = "{URL}"\n\n'
        '[expect]\nclass = "MATERIAL-ALLOW"\ntag = "material-artifact"\n')
    results = golden.run_corpus(str(cases))
    assert [(r.id, r.passed, r.mismatches) for r in results] == [
        ("harness.toy.echo-skipped-01", True, []), ("harness.toy.material-01", True, [])]


# ---- the commands never name a harness ----------------------------------------------------------------


def test_no_command_names_a_harness() -> None:
    """Every string literal of hook/commands/*.py that equals a registered harness's name is a branch on it."""
    named = []
    for path in sorted((ROOT / "hook" / "commands").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in ADAPTERS:
                named.append(f"{path.name}:{node.lineno} {node.value!r}")
    assert named == []
