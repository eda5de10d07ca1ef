"""A harness is its module: the commands that stand in for one (doctor's probe, replay's reading of a
recorded session) ask the harness protocol and never branch on a harness's name. Shown with a harness
the commands have never heard of (tests/dummy_harness.py), registered for the test alone."""

from __future__ import annotations

import ast
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hook.commands import doctor, doctor_checks, replay
from hook.commands.harness_settings import HarnessSpec, Registration
from hook.harness import ADAPTERS

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
# Registers the dummy in a `lanegate hook` process, as a line of ADAPTERS would.
REGISTER = "import hook.harness\nhook.harness.ADAPTERS['dummy'] = 'dummy_harness'\n"


@pytest.fixture
def dummy(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.syspath_prepend(str(TESTS))
    monkeypatch.setitem(ADAPTERS, "dummy", "dummy_harness")  # type: ignore[index]
    yield "dummy"


def test_no_command_names_a_harness() -> None:
    """Every string literal of hook/commands/*.py that equals a registered harness's name is a branch on it."""
    named = []
    for path in sorted((ROOT / "hook" / "commands").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in ADAPTERS:
                named.append(f"{path.name}:{node.lineno} {node.value!r}")
    assert named == []


def _log(path: Path, *lines: tuple[str, str]) -> str:
    path.write_text("".join(json.dumps({"said_by": who, "words": words}) + "\n" for who, words in lines))
    return str(path)


def test_replay_recognises_and_judges_a_harness_it_was_never_told_of(dummy: str, tmp_path: Path) -> None:
    log = _log(tmp_path / "session.jsonl", ("person", "[WAKE] lane 7"), ("agent", "Parser done."),
               ("person", "Thanks, how long did it take?"), ("agent", "About ten minutes."))
    found = replay.recognise(log)
    assert (found.harness, found.session, found.description) == ("dummy", "session", "a dummy log")
    rows = replay.replay(log, {"HOME": str(tmp_path)})
    assert [(r.context_kind, r.line["class"], r.line["tag"], r.line["harness"]) for r in rows] == [
        ("wake", "WOULD-BLOCK", "no-lane-state", "dummy"),
        ("operator", "ALLOW", "operator-dialogue", "dummy"),
    ]


def test_replay_offers_the_registered_harnesses_that_read_sessions(dummy: str) -> None:
    assert list(replay.readable()) == ["claude", "codex", "dummy"]


def test_doctor_probes_a_harness_it_was_never_told_of(dummy: str, tmp_path: Path) -> None:
    """The registered command line judges the dummy's synthetic stop, built by the dummy module."""
    (tmp_path / "boot").mkdir()
    (tmp_path / "boot" / "sitecustomize.py").write_text(REGISTER)
    project = tmp_path / "project"
    project.mkdir()
    inherited = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    path = os.pathsep.join([str(tmp_path / "boot"), str(TESTS), str(ROOT), *inherited])
    env = {"HOME": str(tmp_path), "PATH": os.environ.get("PATH", ""), "PYTHONPATH": path,
           "LANEGATE_PARSE_SERVER": "off"}
    spec = HarnessSpec("dummy", ("Done",), "lanegate", (), ())
    command = f"{sys.executable} -m hook.cli hook --harness dummy"
    found = [Registration("project", str(project / ".dummy" / "hooks.json"), "Done", command, None)]
    result = doctor.probe(spec, found, str(project), env)
    check = doctor_checks.probe_check(spec, result)
    line = result.audit or {}
    assert (result.exit_code, line.get("harness"), line.get("class"), line.get("tag")) == (
        0, "dummy", "BLOCK", "no-lane-state")
    assert json.loads(result.stdout) == {"refuse": line["reason"]}
    assert (check.status, check.detail.split(": ")[-1].split(" in ")[0]) == (doctor_checks.OK, "BLOCK no-lane-state")
