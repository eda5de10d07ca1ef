"""`lanegate install` through the real entry point: merge, idempotence, backup, refusal, dry run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from hook.commands.install import is_lanegate_hook

ROOT = Path(__file__).resolve().parents[1]

OTHER_HOOKS = {
    "model": "opus",
    "permissions": {"allow": ["Bash(make test)"]},
    "hooks": {
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh"}]}],
        "Stop": [{"hooks": [{"type": "command", "command": "notify.sh", "timeout": 5}]}],
    },
}


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str


class Installer:
    """Runs `python -m hook.cli install` with HOME in tmp_path and a `lanegate` script on PATH."""

    def __init__(self, tmp: Path) -> None:
        self.home = tmp / "home"
        self.project = tmp / "project"
        self.bin = tmp / "bin"
        for folder in (self.home, self.project, self.bin):
            folder.mkdir()
        self.lanegate = self.bin / "lanegate"
        self.lanegate.write_text("#!/bin/sh\n")
        self.lanegate.chmod(0o755)

    def run(self, *args: str, **env: str) -> Run:
        done = subprocess.run(
            [sys.executable, "-m", "hook.cli", "install", *args],
            capture_output=True,
            cwd=ROOT,
            env={"PATH": f"{self.bin}{os.pathsep}/usr/bin:/bin", "HOME": str(self.home), **env},
            timeout=60,
        )
        return Run(done.returncode, done.stdout.decode(), done.stderr.decode())

    def command(self, harness: str, *, shared: bool = True) -> str:
        """What install registers: `lanegate` in a file the team shares, this machine's path in a personal one."""
        return f"lanegate hook --harness {harness}" if shared else f"{self.lanegate} hook --harness {harness}"

    def warm_command(self, *, shared: bool = True) -> str:
        """The session-start warm-up install registers beside it, named the same way."""
        return "lanegate serve --background" if shared else f"{self.lanegate} serve --background"


@pytest.fixture
def installer(tmp_path: Path) -> Installer:
    return Installer(tmp_path)


def backups(installer: Installer, path: Path) -> list[Path]:
    """The backups install kept of one settings file: in the state folder under HOME, never in the project."""
    root = installer.home / ".lanegate" / "state" / "backups"
    real = str(path.resolve())
    return sorted(b for folder in root.glob("*") if (folder / "PATH").read_text().strip() == real
                  for b in folder.iterdir() if b.name != "PATH")


def no_backup_in_the_project(installer: Installer) -> bool:
    return [p for p in installer.project.rglob("*") if p.name.endswith(".bak")] == []


def write(path: Path, data: Any) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=4))
    return path.read_bytes()


def test_running_twice_keeps_other_hooks_and_adds_one_entry(installer: Installer) -> None:
    settings = installer.project / ".claude" / "settings.json"
    original = write(settings, OTHER_HOOKS)
    first = installer.run("--project", str(installer.project))
    assert (first.code, first.stderr) == (0, "")
    (kept,) = backups(installer, settings)
    assert first.stdout.splitlines()[0] == (
        f"{settings}: registered `{installer.command('claude')}` (previous file kept as {kept})"
    )
    after_first = settings.read_bytes()
    ours = {"type": "command", "command": installer.command("claude"), "timeout": 30}
    warm = {"type": "command", "command": installer.warm_command(), "timeout": 30}
    assert json.loads(after_first) == {
        **OTHER_HOOKS,
        "hooks": {
            "PreToolUse": OTHER_HOOKS["hooks"]["PreToolUse"],
            "Stop": [*OTHER_HOOKS["hooks"]["Stop"], {"hooks": [ours]}],
            "SubagentStop": [{"hooks": [ours]}],
            "SessionStart": [{"hooks": [warm]}],
        },
    }
    assert kept.read_bytes() == original and no_backup_in_the_project(installer)

    second = installer.run("--project", str(installer.project))
    assert (second.code, second.stdout) == (0, f"{settings}: lanegate is already registered, nothing to change\n")
    assert settings.read_bytes() == after_first
    assert backups(installer, settings) == [kept]


def test_the_default_project_is_the_current_directory(installer: Installer) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hook.cli", "install"],
        capture_output=True,
        cwd=installer.project,
        env={"PATH": f"{installer.bin}{os.pathsep}/usr/bin:/bin", "HOME": str(installer.home),
             "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    assert done.returncode == 0
    data = json.loads((installer.project / ".claude" / "settings.json").read_text())
    assert data["hooks"]["Stop"][0]["hooks"][0]["command"] == installer.command("claude")
    assert not (installer.project / ".claude" / "settings.json.bak").exists()


def test_an_existing_entry_is_updated_in_place_and_user_choices_are_kept(installer: Installer) -> None:
    settings = installer.project / ".claude" / "settings.json"
    stale = {"type": "command", "command": "/old/venv/bin/lanegate hook", "timeout": 90}
    repeat = {"type": "command", "command": "lanegate hook --harness claude"}
    write(settings, {"hooks": {"Stop": [{"hooks": [stale, {"type": "command", "command": "notify.sh"}]},
                                        {"hooks": [repeat]}]}})
    assert installer.run("--project", str(installer.project)).code == 0
    stop = json.loads(settings.read_text())["hooks"]["Stop"]
    assert stop == [{"hooks": [{"type": "command", "command": installer.command("claude"), "timeout": 90},
                               {"type": "command", "command": "notify.sh"}]}]


def test_dry_run_prints_a_unified_diff_and_writes_nothing(installer: Installer) -> None:
    settings = installer.project / ".claude" / "settings.json"
    original = write(settings, {"model": "opus"})
    result = installer.run("--project", str(installer.project), "--dry-run")
    assert result.code == 0
    lines = result.stdout.splitlines()
    assert lines[:3] == [f"--- {settings}", f"+++ {settings}", "@@ -1,3 +1,38 @@"]  # Stop, SubagentStop, SessionStart
    assert f'+                        "command": "{installer.warm_command()}",' in lines
    assert f'+                        "command": "{installer.command("claude")}",' in lines  # the file's own 4 spaces
    assert lines[3:5] == [" {", '-    "model": "opus"']
    assert settings.read_bytes() == original
    assert sorted(p.name for p in settings.parent.iterdir()) == ["settings.json"]


def test_dry_run_without_a_file_shows_the_whole_new_file(installer: Installer) -> None:
    result = installer.run("--project", str(installer.project), "--dry-run", "--harness", "cursor")
    path = installer.project / ".cursor" / "hooks.json"
    assert result.stdout.splitlines()[:3] == [f"--- {path}", f"+++ {path}", "@@ -0,0 +1,11 @@"]
    assert not path.parent.exists()


@pytest.mark.parametrize("content", ["{not json", '["a list"]', '{"hooks": []}', '{"hooks": {"Stop": {}}}'])
def test_a_file_it_cannot_merge_is_refused_with_exit_2(installer: Installer, content: str) -> None:
    settings = installer.project / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(content)
    result = installer.run("--project", str(installer.project))
    assert (result.code, result.stdout) == (2, "")
    assert result.stderr.startswith("lanegate install: ")
    assert result.stderr.endswith("; nothing was written\n")
    assert settings.read_text() == content
    assert sorted(p.name for p in settings.parent.iterdir()) == ["settings.json"]


def test_the_refusal_names_the_parse_error(installer: Installer) -> None:
    settings = installer.project / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text('{"model": "opus",}')
    result = installer.run("--project", str(installer.project))
    assert result.stderr == (
        f"lanegate install: cannot parse {settings} as JSON: line 1, column 17: a trailing comma before the "
        "closing bracket; fix that line or move the file aside; nothing was written\n"
    )


@pytest.mark.parametrize(
    ("harness", "relative", "expected"),
    [
        ("codex", ".codex/hooks.json",
         {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "@", "timeout": 30}]}],
                    "SubagentStop": [{"hooks": [{"type": "command", "command": "@", "timeout": 30}]}]}}),
        ("gemini", ".gemini/settings.json",
         {"hooks": {"AfterAgent": [{"hooks": [{"name": "lanegate", "type": "command", "command": "@",
                                                "timeout": 30000}]}]}}),
        ("cursor", ".cursor/hooks.json", {"version": 1, "hooks": {"stop": [{"command": "@", "loop_limit": 8}]}}),
    ],
)
def test_each_harness_gets_its_own_file_and_shape(
    installer: Installer, harness: str, relative: str, expected: dict[str, Any]
) -> None:
    assert installer.run("--project", str(installer.project), "--harness", harness).code == 0
    text = (installer.project / relative).read_text()
    assert json.loads(text.replace(installer.command(harness), "@")) == expected
    assert installer.run("--project", str(installer.project), "--harness", harness).stdout.endswith(
        "lanegate is already registered, nothing to change\n"
    )


def test_cursor_keeps_other_stop_hooks_and_its_version(installer: Installer) -> None:
    path = installer.project / ".cursor" / "hooks.json"
    write(path, {"version": 1, "hooks": {"stop": [{"command": "./audit.sh"}], "afterFileEdit": [{"command": "fmt"}]}})
    installer.run("--project", str(installer.project), "--harness", "cursor")
    installer.run("--project", str(installer.project), "--harness", "cursor")
    assert json.loads(path.read_text()) == {
        "version": 1,
        "hooks": {
            "stop": [{"command": "./audit.sh"}, {"command": installer.command("cursor"), "loop_limit": 8}],
            "afterFileEdit": [{"command": "fmt"}],
        },
    }


@pytest.mark.parametrize(
    ("harness", "env", "relative"),
    [
        ("claude", {}, "home/.claude/settings.json"),
        ("gemini", {}, "home/.gemini/settings.json"),
        ("cursor", {}, "home/.cursor/hooks.json"),
        ("codex", {}, "home/.codex/hooks.json"),
        ("codex", {"CODEX_HOME": "codex-home"}, "codex-home/hooks.json"),
    ],
)
def test_user_writes_the_user_level_file(
    installer: Installer, tmp_path: Path, harness: str, env: dict[str, str], relative: str
) -> None:
    env = {key: str(tmp_path / value) for key, value in env.items()}
    assert installer.run("--user", "--harness", harness, **env).code == 0
    assert installer.command(harness, shared=False) in (tmp_path / relative).read_text()
    assert not (installer.project / f".{harness}").exists()


def test_a_project_that_does_not_exist_is_refused(installer: Installer) -> None:
    missing = installer.project / "typo"
    result = installer.run("--project", str(missing))
    assert (result.code, result.stdout) == (2, "")
    assert result.stderr == f"lanegate install: --project {missing}: no such directory; nothing was written\n"
    assert not missing.exists()


def test_project_and_user_exclude_each_other(installer: Installer) -> None:
    result = installer.run("--user", "--project", str(installer.project))
    assert result.code == 2
    assert "argument --project: not allowed with argument --user" in result.stderr


def test_a_symlinked_settings_file_stays_a_symlink_and_keeps_its_mode(installer: Installer, tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "settings.json"
    write(real, {"model": "opus"})
    real.chmod(0o600)
    link = installer.project / ".claude" / "settings.json"
    link.parent.mkdir()
    link.symlink_to(real)
    assert installer.run("--project", str(installer.project)).code == 0
    assert link.is_symlink()
    assert json.loads(real.read_text())["model"] == "opus"
    assert "Stop" in json.loads(real.read_text())["hooks"]
    assert real.stat().st_mode & 0o777 == 0o600
    assert [json.loads(b.read_text()) for b in backups(installer, link)] == [{"model": "opus"}]
    assert no_backup_in_the_project(installer)


def test_without_an_installed_script_the_module_is_registered_in_a_personal_file(installer: Installer) -> None:
    installer.lanegate.unlink()
    assert installer.run("--project", str(installer.project), "--local").code == 0
    data = json.loads((installer.project / ".claude" / "settings.local.json").read_text())
    # isolated, as the launcher runs it (docs/DESIGN.md#evidence)
    assert data["hooks"]["Stop"][0]["hooks"][0]["command"] == f"{sys.executable} -I -m hook.cli hook --harness claude"


@pytest.mark.parametrize(
    ("command", "ours"),
    [
        ("/usr/local/bin/lanegate hook --harness claude", True),
        ("'/opt/my tools/lanegate' hook", True),
        ("/usr/bin/python3 -m hook.cli hook --harness codex", True),
        ("/usr/bin/python3 -I -m hook.cli hook --harness codex", True),
        ("/usr/bin/python3 -I -c hook --harness codex", False),
        ("lanegate audit --since 48h", False),
        ("notify.sh hook", False),
        ("echo 'unbalanced", False),
        (None, False),
    ],
)
def test_what_counts_as_a_lanegate_hook(command: object, ours: bool) -> None:
    assert is_lanegate_hook(command) is ours


def test_install_notes_say_how_each_harness_switches_the_hook_on(installer: Installer) -> None:
    codex = installer.run("--project", str(installer.project), "--harness", "codex").stdout
    assert "SubagentStop instead of Stop" in codex
    assert "[features] hooks; codex_hooks is its deprecated alias" in codex
    assert "open /hooks in Codex and trust it" in codex
    gemini = installer.run("--project", str(installer.project), "--harness", "gemini").stdout
    assert "/hooks enable-all" in gemini
    assert "hooksConfig.enabled must not be false" in gemini


def test_the_session_start_warm_up_is_merged_like_the_stop_hook(installer: Installer) -> None:
    """docs/DESIGN.md#adapters revision 3: Claude Code's SessionStart starts the parse server; one entry, the user's
    kept."""
    settings = installer.project / ".claude" / "settings.json"
    theirs = {"type": "command", "command": "load-context.sh"}
    stale = {"type": "command", "command": "/old/venv/bin/lanegate serve --background", "timeout": 5}
    write(settings, {"hooks": {"SessionStart": [{"matcher": "startup", "hooks": [theirs, stale]},
                                                {"hooks": [{"type": "command", "command": "lanegate serve"}]}]}})
    assert installer.run("--project", str(installer.project)).code == 0
    warm = {"type": "command", "command": installer.warm_command(), "timeout": 5}
    session_start = json.loads(settings.read_text())["hooks"]["SessionStart"]
    assert session_start == [{"matcher": "startup", "hooks": [theirs, warm]}]
    assert installer.run("--project", str(installer.project)).stdout.endswith("already registered, nothing to change\n")


@pytest.mark.parametrize("harness", ["codex", "gemini", "cursor"])
def test_harnesses_without_a_session_start_event_get_no_warm_up(installer: Installer, harness: str) -> None:
    assert installer.run("--project", str(installer.project), "--harness", harness).code == 0
    text = "".join(p.read_text() for p in installer.project.rglob("*.json"))
    assert "serve" not in text


# ---- revision 3: settings as the harness reads them, portable commands, removal ------------------------

GEMINI_WITH_COMMENTS = """{
  // Team settings: keep the comments.
  "ui": { "theme": "GitHub" }, /* inline */
  "hooks": {
    "BeforeTool": [
      { "matcher": "run_shell_command", "hooks": [ { "type": "command", "command": "./guard.sh" } ] } // guard
    ]
  }
}
"""


def test_gemini_settings_keep_their_comments_and_layout(installer: Installer) -> None:
    """Before: "cannot parse … as JSON", exit 2, for a file Gemini CLI reads."""
    path = installer.project / ".gemini" / "settings.json"
    path.parent.mkdir()
    path.write_text(GEMINI_WITH_COMMENTS)
    done = installer.run("--project", str(installer.project), "--harness", "gemini")
    assert (done.code, done.stderr) == (0, "")
    text = path.read_text()
    head = GEMINI_WITH_COMMENTS.split('    "BeforeTool"')[0]
    assert text.startswith(head + '    "BeforeTool"')  # everything before the change, byte for byte
    assert "// guard" in text and "/* inline */" in text and "// Team settings: keep the comments." in text
    assert '"command": "lanegate hook --harness gemini"' in text
    assert [b.read_text() for b in backups(installer, path)] == [GEMINI_WITH_COMMENTS]
    again = installer.run("--project", str(installer.project), "--harness", "gemini")
    assert again.stdout.endswith("lanegate is already registered, nothing to change\n")


def test_install_then_uninstall_gives_the_file_back_byte_for_byte(installer: Installer) -> None:
    path = installer.project / ".gemini" / "settings.json"
    path.parent.mkdir()
    path.write_text(GEMINI_WITH_COMMENTS)
    installer.run("--project", str(installer.project), "--harness", "gemini")
    removed = uninstall(installer, "--project", str(installer.project), "--harness", "gemini")
    assert (removed.code, removed.stderr) == (0, "")
    kept = backups(installer, path)[-1]
    assert removed.stdout == (f"{path}: removed 1 lanegate hook entry (previous file kept as {kept})\n")
    assert path.read_text() == GEMINI_WITH_COMMENTS
    assert no_backup_in_the_project(installer)


def test_a_gemini_file_with_a_trailing_comma_is_refused_naming_the_line(installer: Installer) -> None:
    path = installer.project / ".gemini" / "settings.json"
    path.parent.mkdir()
    path.write_text('{\n  // ok\n  "ui": {},\n}\n')
    done = installer.run("--project", str(installer.project), "--harness", "gemini")
    assert done.code == 2
    assert done.stderr == (f"lanegate install: cannot parse {path} as JSON with comments: line 3, column 11: a "
                           "trailing comma before the closing bracket; fix that line or move the file aside; "
                           "nothing was written\n")


def test_a_shared_file_gets_lanegate_from_path_and_says_so(installer: Installer) -> None:
    done = installer.run("--project", str(installer.project))
    assert done.stdout.splitlines()[1] == (
        f"the file is shared: it names `lanegate`, which each machine finds on its PATH — here {installer.lanegate}; "
        "every teammate needs lanegate installed (docs/INSTALL.md, Use it with your agent)")


def test_a_shared_file_is_refused_when_lanegate_is_not_on_path(installer: Installer) -> None:
    installer.lanegate.unlink()
    done = installer.run("--project", str(installer.project))
    assert done.code == 2
    assert "`lanegate` is not on PATH" in done.stderr and "lanegate install --local" in done.stderr
    assert not (installer.project / ".claude").exists()
    gemini = installer.run("--project", str(installer.project), "--harness", "gemini")
    assert "register for yourself only: lanegate install --user" in gemini.stderr


def test_local_registers_in_the_personal_file_with_this_machines_path(installer: Installer) -> None:
    done = installer.run("--project", str(installer.project), "--local")
    local = installer.project / ".claude" / "settings.local.json"
    assert done.stdout.splitlines()[:3] == [
        f"{local}: registered `{installer.command('claude', shared=False)}`",
        "this is your own file: it names this machine's lanegate by its absolute path",
        f"also registered `{installer.warm_command(shared=False)}` under SessionStart: it starts the warm parse "
        "server as a session opens, so its first stop with a phrase is not parsed cold"]
    assert not (installer.project / ".claude" / "settings.json").exists()
    refused = installer.run("--project", str(installer.project), "--local", "--harness", "codex")
    assert refused.code == 2 and "codex has no personal, uncommitted project file: use --user" in refused.stderr


def test_a_new_settings_file_is_not_private(installer: Installer) -> None:
    """Before: mkstemp's 0600 for a file the team commits."""
    installer.run("--project", str(installer.project))
    assert (installer.project / ".claude" / "settings.json").stat().st_mode & 0o777 == 0o644


def uninstall(installer: Installer, *args: str) -> Run:
    done = subprocess.run([sys.executable, "-m", "hook.cli", "uninstall", *args], capture_output=True, cwd=ROOT,
                          env={"PATH": f"{installer.bin}{os.pathsep}/usr/bin:/bin", "HOME": str(installer.home)},
                          timeout=60)
    return Run(done.returncode, done.stdout.decode(), done.stderr.decode())


def test_uninstall_removes_exactly_lanegates_entries(installer: Installer) -> None:
    settings = installer.project / ".claude" / "settings.json"
    write(settings, OTHER_HOOKS)
    installer.run("--project", str(installer.project))
    data = json.loads(settings.read_text())
    data["hooks"]["SessionStart"] = [{"hooks": [{"type": "command", "command": "lanegate serve"}]}]
    data["hooks"]["Stop"][0]["hooks"].append({"type": "command", "command": "/old/bin/lanegate hook"})
    write(settings, data)
    done = uninstall(installer, "--project", str(installer.project))
    kept = backups(installer, settings)[-1]
    assert (done.code, done.stdout.split(": ", 1)[1]) == (0, f"removed 4 lanegate hook entries (previous file kept "
                                                             f"as {kept})\n")
    assert json.loads(settings.read_text()) == OTHER_HOOKS
    again = uninstall(installer, "--project", str(installer.project))
    assert (again.code, again.stdout) == (0, f"{settings}: no lanegate entry, nothing to change\n")


def test_uninstall_removes_the_file_install_created_and_its_folder(installer: Installer) -> None:
    """Issue 31: uninstall left `{}` files (and their folders) that install had created."""
    for harness, folder, name in (("cursor", ".cursor", "hooks.json"), ("claude", ".claude", "settings.json")):
        installer.run("--project", str(installer.project), "--harness", harness)
        path = installer.project / folder / name
        assert path.exists()
        done = uninstall(installer, "--project", str(installer.project), "--harness", harness)
        assert done.code == 0
        assert done.stdout.startswith(f"{path}, {installer.project / folder}: removed (install had created it; "
                                      "previous file kept as ")
        assert not (installer.project / folder).exists()
    assert list(installer.project.iterdir()) == []


def test_uninstall_leaves_a_file_it_did_not_create(installer: Installer) -> None:
    path = installer.project / ".cursor" / "hooks.json"
    write(path, {"version": 1})
    (installer.project / ".cursor" / "notes.txt").write_text("mine")
    installer.run("--project", str(installer.project), "--harness", "cursor")
    assert uninstall(installer, "--project", str(installer.project), "--harness", "cursor").code == 0
    assert json.loads(path.read_text()) == {"version": 1}
    created = installer.project / ".claude" / "settings.json"
    installer.run("--project", str(installer.project))
    data = json.loads(created.read_text())
    write(created, {**data, "model": "opus"})  # the person added a key of their own since
    assert uninstall(installer, "--project", str(installer.project)).code == 0
    assert json.loads(created.read_text()) == {"model": "opus"}


def test_version() -> None:
    done = subprocess.run([sys.executable, "-m", "hook.cli", "--version"], capture_output=True, text=True, cwd=ROOT,
                          timeout=60)
    assert done.stdout.startswith("lanegate ") and done.returncode == 0


# ---- one registration per harness and person; fixes that fix (docs/DESIGN.md#operators) ------------------


def test_install_repairs_a_timeout_too_short_for_a_stop_and_keeps_a_longer_one(installer: Installer) -> None:
    """Issue 31: doctor said `fix: lanegate install --harness claude` for `"timeout": 2`, and install said
    "already registered, nothing to change"."""
    settings = installer.project / ".claude" / "settings.json"
    installer.run("--project", str(installer.project))
    data = json.loads(settings.read_text())
    data["hooks"]["Stop"][0]["hooks"][0]["timeout"] = 2
    data["hooks"]["SubagentStop"][0]["hooks"][0]["timeout"] = 90
    write(settings, data)
    done = installer.run("--project", str(installer.project))
    assert done.stdout.startswith(f"{settings}: registered `lanegate hook --harness claude`")
    after = json.loads(settings.read_text())["hooks"]
    assert [after["Stop"][0]["hooks"][0]["timeout"], after["SubagentStop"][0]["hooks"][0]["timeout"]] == [30, 90]
    gemini = installer.project / ".gemini" / "settings.json"
    installer.run("--project", str(installer.project), "--harness", "gemini")
    data = json.loads(gemini.read_text())
    data["hooks"]["AfterAgent"][0]["hooks"][0]["timeout"] = 2  # Gemini counts milliseconds
    write(gemini, data)
    installer.run("--project", str(installer.project), "--harness", "gemini")
    assert json.loads(gemini.read_text())["hooks"]["AfterAgent"][0]["hooks"][0]["timeout"] == 30000


def test_local_where_the_project_registers_says_so_and_writes_nothing(installer: Installer) -> None:
    shared = installer.project / ".claude" / "settings.json"
    local = installer.project / ".claude" / "settings.local.json"
    installer.run("--project", str(installer.project))
    done = installer.run("--project", str(installer.project), "--local")
    assert (done.code, done.stdout) == (0, (
        f"{local}: nothing written — lanegate is already registered for claude in {shared} (project). A second "
        "registration would run it twice at every stop (two audit lines a stop, the refusal ceiling reached at "
        f"half the refusals). To register here instead and take it out there: lanegate install --harness claude "
        f"--local --project {installer.project} --move\n"))
    assert not local.exists()
    # the reverse: a project install where the person's own file registers it
    installer.run("--project", str(installer.project), "--local", "--move")
    assert "Stop" in json.loads(local.read_text())["hooks"]
    assert not shared.exists()  # install had created it, and it held nothing else
    reverse = installer.run("--project", str(installer.project))
    assert reverse.stdout.startswith(f"{shared}: nothing written — lanegate is already registered for claude in "
                                     f"{local} (local)")


def test_move_takes_the_registration_out_of_the_other_file_and_keeps_the_rest(installer: Installer) -> None:
    shared = installer.project / ".claude" / "settings.json"
    local = installer.project / ".claude" / "settings.local.json"
    write(shared, OTHER_HOOKS)
    installer.run("--project", str(installer.project))
    done = installer.run("--project", str(installer.project), "--local", "--move")
    assert done.code == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"{shared}: removed 3 lanegate hook entries (previous file kept as ")
    assert lines[1].startswith(f"{local}: registered `{installer.command('claude', shared=False)}`")
    assert json.loads(shared.read_text()) == OTHER_HOOKS
    assert no_backup_in_the_project(installer)


def test_local_makes_sure_git_ignores_the_personal_file(installer: Installer) -> None:
    subprocess.run(["git", "init", "-q", str(installer.project)], check=True)
    done = installer.run("--project", str(installer.project), "--local")
    exclude = installer.project / ".git" / "info" / "exclude"
    assert (f"git ignores .claude/settings.local.json now: added to {exclude} (this clone's own ignore list, so no "
            "file your team commits changes)") in done.stdout.splitlines()
    assert exclude.read_text().splitlines()[-1] == "/.claude/settings.local.json"
    check = subprocess.run(["git", "-C", str(installer.project), "check-ignore", "-q", ".claude/settings.local.json"])
    assert check.returncode == 0
    added = subprocess.run(["git", "-C", str(installer.project), "add", "-n", "."], capture_output=True, text=True)
    assert "settings.local.json" not in added.stdout
    again = installer.run("--project", str(installer.project), "--local")
    assert "git ignores" not in again.stdout and exclude.read_text().count("settings.local.json") == 1


def test_a_file_that_would_fail_the_harness_schema_is_refused_naming_the_key(installer: Installer) -> None:
    settings = installer.project / ".claude" / "settings.json"
    before = write(settings, {"model": 7})
    done = installer.run("--project", str(installer.project))
    assert done.code == 2
    assert done.stderr == (f"lanegate install: {settings} fails Claude Code's settings schema (`model` must be a "
                           "string, not 7), so Claude Code skips the whole file and a registration in it would not "
                           "exist; fix that first; nothing was written\n")
    assert settings.read_bytes() == before


# ---- install --ci (docs/DESIGN.md#scheduled-turns): a CI bot's seat judges its headless sessions as autonomous ----


def test_install_ci_writes_headless_autonomous_to_the_user_config(installer: Installer) -> None:
    done = installer.run("--user", "--ci")
    config = installer.home / ".config" / "lanegate" / "config.toml"
    assert done.code == 0, done.stderr
    assert config.read_text() == ('headless = "autonomous"  # lanegate install --ci: non-interactive sessions and CI '
                                  "jobs are autonomous\n")
    assert f'{config}: headless = "autonomous"' in done.stdout
    assert installer.run("--user", "--ci").stdout.splitlines()[0] == f'{config}: headless = "autonomous" already'


def test_install_ci_keeps_the_rest_of_the_user_config(installer: Installer) -> None:
    from hook.config import read_toml

    config = installer.home / ".config" / "lanegate" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text('# my seat\nidentity = "@lanebot"\nheadless = "dialogue"\n\n'
                      '[walk]\nautonomous_prefixes = ["[TICK]"]\n')
    assert installer.run("--user", "--ci").code == 0
    data = read_toml(str(config), "user config", [])
    assert data == {"identity": "@lanebot", "headless": "autonomous", "walk": {"autonomous_prefixes": ["[TICK]"]}}
    assert config.read_text().startswith("# my seat\nidentity = \"@lanebot\"\nheadless = \"autonomous\"")


def test_install_ci_puts_the_key_above_the_first_table(installer: Installer) -> None:
    from hook.config import read_toml

    config = installer.home / ".config" / "lanegate" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text("[directives]\nrole = \"maintainer\"\n")
    assert installer.run("--user", "--ci").code == 0
    assert read_toml(str(config), "user config", []) == {"headless": "autonomous",
                                                         "directives": {"role": "maintainer"}}


def test_install_ci_dry_run_writes_nothing(installer: Installer) -> None:
    done = installer.run("--user", "--ci", "--dry-run")
    assert done.code == 0 and '+headless = "autonomous"' in done.stdout
    assert not (installer.home / ".config" / "lanegate" / "config.toml").exists()
