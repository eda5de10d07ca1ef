"""Install for real use, as a user would (README "Use it with your agent"): build the wheel, install
`lanegate[model]` from it into a fresh virtual environment (what `pipx install` / `uv tool install` do),
then, from a fresh HOME, `lanegate install`, `lanegate doctor`, and one stop refused through the command
line the install registered. Nothing of this checkout is on the path: only the wheel runs.

Slow (a minute or more: the wheel's dependencies, spaCy included, install from the package index), and
part of `make test`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow


def run(args: list[str], env: dict[str, str], cwd: Path, stdin: bytes | None = None,
        timeout: int = 900) -> subprocess.CompletedProcess[bytes]:  # fmt: skip
    return subprocess.run(args, input=stdin, capture_output=True, env=env, cwd=str(cwd), timeout=timeout, check=False)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding lanegate[model] installed from a wheel built from this checkout."""
    base = tmp_path_factory.mktemp("wheel")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    built = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(base / "dist"), str(ROOT)],
                env, base)
    assert built.returncode == 0, built.stderr.decode()
    (wheel,) = (base / "dist").glob("lanegate-*.whl")
    # The tool environment gets no pip of its own (this one's installs into it) and, as uv installs a tool,
    # no bytecode compiled ahead: the packages' modules are compiled when first imported.
    venv.create(base / "tool", with_pip=False)
    pip = [sys.executable, "-m", "pip", "--python", str(base / "tool" / "bin" / "python"), "install", "-q",
           "--no-compile"]
    done = run([*pip, f"lanegate[model] @ {wheel.as_uri()}"], env, base)
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    return base / "tool" / "bin" / "lanegate"


def test_install_doctor_and_a_refused_stop_through_the_registered_command(installed: Path, tmp_path: Path) -> None:
    home, project = tmp_path / "home", tmp_path / "project"
    home.mkdir()
    project.mkdir()
    # No warm parse server: a detached one would outlive the test (and the temp HOME makes its socket path too long).
    # pipx and uv link the script into a folder on PATH (~/.local/bin): here the tool environment's bin.
    env = {"HOME": str(home), "PATH": f"{installed.parent}:/usr/bin:/bin", "LANG": "C.UTF-8",
           "LANEGATE_PARSE_SERVER": "off"}

    done = run([str(installed), "install"], env, project)
    assert done.returncode == 0, done.stderr.decode()
    settings = json.loads((project / ".claude" / "settings.json").read_text())
    command = settings["hooks"]["Stop"][0]["hooks"][0]["command"]
    assert command == "lanegate hook --harness claude"  # a shared file: found on each machine's PATH
    assert settings["hooks"]["SubagentStop"][0]["hooks"][0]["command"] == command

    doctor = run([str(installed), "doctor", "--json"], env, project, timeout=60)
    assert doctor.returncode == 0, doctor.stdout.decode() + doctor.stderr.decode()
    checks = {c["check"]: c for c in json.loads(doctor.stdout)["checks"]}
    assert {name: checks[name]["status"] for name in ("claude registration", "claude enabled", "claude command",
                                                       "model", "state dir", "audit log")} == dict.fromkeys(
        ("claude registration", "claude enabled", "claude command", "model", "state dir", "audit log"), "ok")
    # the doctor's probe wrote to its own temporary folder: no audit log yet, and in the state folder only the
    # note of the settings file install created (for uninstall)
    assert not (home / ".lanegate" / "audit.jsonl").exists()
    assert sorted(p.name for p in (home / ".lanegate" / "state").iterdir()) == ["installed.json"]

    transcript = project / "session.jsonl"
    records = [{"type": "user", "uuid": "u1", "sessionId": "s1", "timestamp": "2026-12-03T09:00:00Z",
                "message": {"role": "user", "content": "[WAKE] peer ping from @vega: lane check"}}]
    transcript.write_text("".join(json.dumps(r) + "\n" for r in records))
    final = "Tests are green on the parser lane. Your call on the next lane."
    payload = {"session_id": "s1", "transcript_path": str(transcript), "cwd": str(project),
               "permission_mode": "default", "hook_event_name": "Stop", "stop_hook_active": False,
               "last_assistant_message": final}
    stop = run(["sh", "-c", command], {**env, "CLAUDE_PROJECT_DIR": str(project)}, project,
               json.dumps(payload).encode(), timeout=120)
    assert stop.returncode == 0, stop.stderr.decode()
    decision = json.loads(stop.stdout)
    assert decision["decision"] == "block"
    assert 'deference phrase "your call"' in decision["reason"]
    line = json.loads((home / ".lanegate" / "audit.jsonl").read_text().splitlines()[-1])
    assert (line["class"], line["tag"], line["phrase"], line["warnings"]) == ("BLOCK", "deference", "your call", [])


def test_every_registered_command_runs_lanegate_isolated(installed: Path, tmp_path: Path) -> None:
    """docs/DESIGN.md#evidence: a project settings `env` PYTHONPATH holding a sitecustomize loaded it into the console
    script pip generated (exit 0, no output, no audit line). From the wheel, `lanegate` is a launcher that runs it with
    `python -I`: the shared registration (`lanegate` on PATH), the personal one (its absolute path) and the
    session-start warm-up all judge the stop with the planted code ignored."""
    home, project, evil = tmp_path / "home", tmp_path / "project", tmp_path / "evil"
    for folder in (home, project, evil):
        folder.mkdir()
    (evil / "sitecustomize.py").write_text("import os\nos._exit(0)\n")
    env = {"HOME": str(home), "PATH": f"{installed.parent}:/usr/bin:/bin", "LANG": "C.UTF-8",
           "LANEGATE_PARSE_SERVER": "off"}
    assert run([str(installed), "install"], env, project).returncode == 0
    # a personal registration names the launcher by its absolute path (hook.commands.install.lanegate_program)
    shared = json.loads((project / ".claude" / "settings.json").read_text())
    commands = [shared["hooks"]["Stop"][0]["hooks"][0]["command"], f"{installed} hook --harness claude"]
    warm_up = shared["hooks"]["SessionStart"][0]["hooks"][0]["command"]
    assert (commands[0], warm_up) == ("lanegate hook --harness claude", "lanegate serve --background")
    transcript = project / "session.jsonl"
    transcript.write_text(json.dumps({"type": "user", "uuid": "u1", "sessionId": "s1",
                                      "timestamp": "2026-12-03T09:00:00Z",
                                      "message": {"role": "user", "content": "[WAKE] peer ping"}}) + "\n")
    payload = {"session_id": "s1", "transcript_path": str(transcript), "cwd": str(project),
               "hook_event_name": "Stop", "stop_hook_active": False,
               "last_assistant_message": "Tests are green. Want me to open the PR?"}
    attacked = {**env, "CLAUDE_PROJECT_DIR": str(project), "PYTHONPATH": str(evil)}
    for number, command in enumerate(commands, start=1):
        stop = run(["sh", "-c", command], {**attacked, "LANEGATE_AUDIT_LOG": str(tmp_path / f"{number}.jsonl")},
                   project, json.dumps(payload).encode(), timeout=120)  # fmt: skip
        assert (stop.returncode, json.loads(stop.stdout)["decision"]) == (0, "block"), (command, stop.stderr)
        line = json.loads((tmp_path / f"{number}.jsonl").read_text())
        assert (line["class"], line["tag"]) == ("BLOCK", "deference")
    warm = run(["sh", "-c", "lanegate --version"], attacked, project)
    assert (warm.returncode, warm.stdout.decode().startswith("lanegate ")) == (0, True)
