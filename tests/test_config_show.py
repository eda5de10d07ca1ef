"""`lanegate config show` (docs/DESIGN.md#operators): every key, its value and the layer it came from, ignored values
marked."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hook.config import SETTINGS

ROOT = Path(__file__).resolve().parents[1]


def config_show(tmp_path: Path, project: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path / "home"),
            "LANEGATE_CONFIG": str(tmp_path / "user.toml"),
            **{k: v for k, v in os.environ.items() if k == "PYTHONPATH"}}
    return subprocess.run([sys.executable, "-m", "hook.cli", "config", "show", "--project", str(project), *args],
                          capture_output=True, text=True, cwd=ROOT, env={**base, **env}, timeout=60)


def layers(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    (project / ".claude").mkdir(parents=True)
    (tmp_path / "user.toml").write_text('max_refusals = 5\nidentity = "night-bot"\nmode = "dry-run"\n')
    (project / "lanegate.toml").write_text(
        'deference = false\nmin_compliant_drives = 4\nmax_refusals = 9\n[lexicon]\nagent_work = ["changelog"]\n'
    )
    (project / ".claude" / "settings.json").write_text(json.dumps({"env": {"LANEGATE_LANE_CONTINUATION": "off"}}))
    return project


def test_every_key_has_its_value_and_the_layer_it_came_from(tmp_path: Path) -> None:
    project = layers(tmp_path)
    # Claude Code puts its settings' env into the hook's environment: the hook sees the project's "off" there
    done = config_show(tmp_path, project, "--json", LANEGATE_MODE="enforce", LANEGATE_LANE_CONTINUATION="off")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    settings = data["settings"]
    assert list(settings) == list(SETTINGS)
    user, proj = str(tmp_path / "user.toml"), str(project / "lanegate.toml")
    shown = {k: (v["value"], v["source"]) for k, v in settings.items()}
    assert shown["mode"] == ("enforce", "environment LANEGATE_MODE")
    assert shown["identity"] == ("night-bot", f"user file {user}")
    assert shown["max_refusals"] == (5, f"user file {user}")
    assert shown["min_compliant_drives"] == (4, f"project file {proj}")  # stricter: applied
    assert shown["deference"] == (True, "built-in default")
    assert shown["lane_continuation"] == (True, "built-in default")
    assert shown["review_tools"][1] == "built-in default"
    # the weakenings a project tried are marked on their keys, not lost in a list
    assert settings["deference"]["ignored"] == [
        "project lanegate.toml deference=False ignored: it weakens the gate and allow_project_weakening is off"]
    assert settings["max_refusals"]["ignored"] == [
        "project lanegate.toml max_refusals=9 ignored: it weakens the gate and allow_project_weakening is off"]
    settings_file = project / ".claude" / "settings.json"
    assert settings["lane_continuation"]["ignored"] == [
        f"env LANEGATE_LANE_CONTINUATION (set by {settings_file})='off' ignored: it weakens the gate and "
        "allow_project_weakening is off"]
    assert data["tables"]["lexicon"]["set_in"] == ["project file"]
    assert data["tables"]["lexicon"]["agent_work"] == ["changelog"]


def test_the_table_marks_what_was_ignored(tmp_path: Path) -> None:
    project = layers(tmp_path)
    done = config_show(tmp_path, project)
    lines = done.stdout.splitlines()
    assert lines[0] == f"lanegate settings for {project}"
    assert lines[lines.index(next(x for x in lines if x.startswith("max_refusals"))) + 1] == (
        "  ! project lanegate.toml max_refusals=9 ignored: it weakens the gate and allow_project_weakening is off")
    assert next(x for x in lines if x.startswith("mode ")).split() == ["mode", "dry-run", "user", "file",
                                                                       str(tmp_path / "user.toml")]
    assert "[lexicon]  project file: 0 phrase(s), 0 domain word(s), 1 agent-work word(s), 0 mode(s)" in lines


def test_a_project_setting_from_the_harness_env_is_named_with_its_file(tmp_path: Path) -> None:
    project = tmp_path / "p"
    (project / ".claude").mkdir(parents=True)
    (project / ".claude" / "settings.json").write_text(json.dumps({"env": {"LANEGATE_MAX_REFUSALS": "0"}}))
    data = json.loads(config_show(tmp_path, project, "--json", LANEGATE_MAX_REFUSALS="0").stdout)
    assert data["settings"]["max_refusals"]["value"] == 0
    assert data["settings"]["max_refusals"]["source"] == (
        f"project environment LANEGATE_MAX_REFUSALS (set by {project / '.claude' / 'settings.json'})")


def test_config_without_show_or_with_a_missing_folder_is_exit_2(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "hook.cli", "config"], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)
    assert (done.returncode, done.stderr) == (
        2, "lanegate config: the action is show (lanegate config show [--project DIR] [--json])\n")
    missing = config_show(tmp_path, tmp_path / "nope")
    assert (missing.returncode, missing.stderr) == (2, f"lanegate config: {tmp_path / 'nope'} is not a folder\n")
