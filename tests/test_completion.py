"""Shell completion (`lanegate completion bash|zsh|fish`) and did-you-mean for mistyped commands and options
(docs/DESIGN.md#operators). The scripts run in the real shells where they are installed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hook.commands.completion import script

ROOT = Path(__file__).resolve().parents[1]


def lanegate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hook.cli", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=60, env={**os.environ, "LANEGATE_CONFIG": "/nonexistent/lanegate.toml"})


def bash_complete(tmp_path: Path, line: str) -> list[str]:
    """What bash offers for `line` (the cursor at its end), through the generated script."""
    path = tmp_path / "lanegate.bash"
    path.write_text(script("bash"))
    words = line.split(" ")
    program = f"""
source {path}
COMP_WORDS=({' '.join(repr(w) for w in words)})
COMP_CWORD={len(words) - 1}
{'_lanegate_analyze' if words[0] == 'analyze' else '_lanegate'}
printf '%s\\n' "${{COMPREPLY[@]}}"
"""
    done = subprocess.run(["bash", "-c", program], capture_output=True, text=True, cwd=tmp_path, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@pytest.mark.parametrize(
    ("line", "offered"),
    [
        ("lanegate gol", ["golden"]),
        ("lanegate co", ["config", "completion"]),
        ("lanegate golden ", ["add", "--dir", "--json", "--replay", "--log", "--id", "--note", "--yes", "--expect",
                              "--help"]),
        ("lanegate install --harness g", ["gemini"]),
        ("lanegate config s", ["show"]),
        ("lanegate completion f", ["fish"]),
        ("lanegate audit --l", ["--log", "--list"]),
        ("lanegate doctor --project pro", ["project"]),
        ("analyze --js", ["--json"]),
    ],
)
def test_bash_completes_commands_options_and_their_values(tmp_path: Path, line: str, offered: list[str]) -> None:
    (tmp_path / "project").mkdir()
    assert bash_complete(tmp_path, line) == offered


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
def test_fish_completes_through_its_own_completion_engine(tmp_path: Path) -> None:
    path = tmp_path / "lanegate.fish"
    path.write_text(script("fish"))

    def complete(line: str) -> list[str]:
        done = subprocess.run(["fish", "--no-config", "-c", f"source {path}; complete -C {line!r}"],
                              capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
        return [row.split("\t")[0] for row in done.stdout.splitlines()]

    assert complete("lanegate gol") == ["golden"]
    assert complete("lanegate install --harness ") == ["claude", "codex", "cursor", "gemini"]
    assert "--expect" in complete("lanegate golden --")
    assert complete("lanegate config ") == ["show"]


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
def test_zsh_script_parses_and_registers_for_both_programs(tmp_path: Path) -> None:
    path = tmp_path / "_lanegate"
    path.write_text(script("zsh"))
    program = f"autoload -U compinit; compinit -u -d {tmp_path}/.zcompdump; source {path}; " \
              "print -r -- $_comps[lanegate] $_comps[analyze]"
    done = subprocess.run(["zsh", "-f", "-c", program], capture_output=True, text=True, timeout=30,
                          env={**os.environ, "HOME": str(tmp_path)})
    assert (done.returncode, done.stdout) == (0, "_lanegate _lanegate\n"), done.stderr


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_every_script_is_valid_in_its_shell(shell: str) -> None:
    if shutil.which(shell) is None:
        pytest.skip(f"{shell} is not installed")
    done = lanegate("completion", shell)
    assert done.returncode == 0
    checked = subprocess.run([shell, "-n"], input=done.stdout, capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["gold"], "lanegate: unknown command 'gold' (did you mean `golden`?) (commands: hook, audit, install, "
                   "golden, replay, doctor, serve, uninstall, config, completion)"),
        (["instal", "--local"], "lanegate: unknown command 'instal' (did you mean `install`?) (commands: hook, "
                                "audit, install, golden, replay, doctor, serve, uninstall, config, completion)"),
        (["--verison"], "lanegate: unknown option '--verison' (did you mean `--version`?)"),
        (["audit", "--lst"], "lanegate audit: unknown argument '--lst' (did you mean `--list`?); see "
                             "`lanegate audit --help`"),
        (["uninstall", "--dryrun"], "lanegate uninstall: unknown argument '--dryrun' (did you mean `--dry-run`?); "
                                    "see `lanegate uninstall --help`"),
        (["golden", "ad"], "lanegate golden: 'ad': the only action is add (lanegate golden add SESSION/N); run the "
                           "corpus with no words"),
    ],
)
def test_a_mistyped_command_or_option_names_the_nearest(args: list[str], message: str) -> None:
    done = lanegate(*args)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", message + "\n")
