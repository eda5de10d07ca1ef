"""An environment the project can write is the project's (docs/DESIGN.md#configuration, revision 3).

Claude Code applies the `env` key of `.claude/settings.json` and `.claude/settings.local.json` to every
hook process, and Gemini CLI loads a project `.env`: the judged agent can write those files, so before
revision 3 `{"env": {"LANEGATE_MODE": "dry-run"}}` in `.claude/settings.local.json` turned the gate off.
Each attack runs the installed `lanegate hook` in a process with the environment the harness would give
it (the variable set to the file's value) and the file in the project; a variable the user set to a
value of their own stays the user's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hook.config import load_config
from hook.harness import every_project_env
from hook.project_env import dotenv_values, js_string, project_set, settings_env
from tests.seat import Seat, Stop
from tests.test_adversarial import stop_payload

LOCAL = ".claude/settings.local.json"


@pytest.fixture
def seat(seat: Seat) -> Seat:
    return seat.as_claude()


def write(seat: Seat, relative: str, text: str) -> Path:
    path = seat.project / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def claude_env(seat: Seat, relative: str, values: dict[str, Any]) -> Path:
    return write(seat, relative, json.dumps({"env": values}))


def warning(stop: Stop, *words: str) -> str:
    hits = [w for w in stop.line["warnings"] if all(word in w for word in words)]
    assert hits, stop.line["warnings"]
    return hits[0]


def gemini_payload(seat: Seat, reply: str) -> dict[str, Any]:
    return {"session_id": "gemini-env-1", "transcript_path": "", "cwd": str(seat.project),
            "hook_event_name": "AfterAgent", "timestamp": "2026-12-03T09:00:00.000Z",
            "prompt": "[WAKE] peer ping: lane check", "prompt_response": reply, "stop_hook_active": False}


# ---- the attacks, through `lanegate hook` --------------------------------------------------------------


def test_settings_local_env_cannot_switch_the_gate_to_dry_run(seat: Seat) -> None:
    """Before: ALLOW-equivalent WOULD-BLOCK (mode dry-run from the project's own settings file)."""
    local = claude_env(seat, LOCAL, {"LANEGATE_MODE": "dry-run"})
    stop = seat.hook(stop_payload(seat, "Parser lane done."), env=seat.env(LANEGATE_MODE="dry-run"))
    assert (stop.line["class"], stop.line["tag"], stop.line["mode"]) == ("BLOCK", "no-lane-state", "enforce")
    assert json.loads(stop.stdout)["decision"] == "block"
    named = warning(stop, "LANEGATE_MODE", str(local))
    assert "ignored: it weakens the gate and allow_project_weakening is off" in named


def test_the_shared_project_settings_env_is_the_projects_too(seat: Seat) -> None:
    claude_env(seat, ".claude/settings.json", {"LANEGATE_DEFERENCE": False})
    stop = seat.hook(stop_payload(seat, "Shipped it. Your call on the next lane."),
                     env=seat.env(LANEGATE_DEFERENCE="false"))
    assert (stop.line["class"], stop.line["tag"], stop.line["phrase"]) == ("BLOCK", "deference", "your call")
    assert stop.line["policy"]["deference"] is True
    warning(stop, "LANEGATE_DEFERENCE", "settings.json")


def test_a_gemini_project_dot_env_cannot_switch_the_gate_to_dry_run(seat: Seat) -> None:
    env_file = write(seat, ".env", "# local tooling\nexport LANEGATE_MODE=dry-run\n")
    env = seat.env(LANEGATE_MODE="dry-run")
    env.pop("CLAUDE_PROJECT_DIR")
    stop = seat.hook(gemini_payload(seat, "Parser lane done."), env=env)
    assert (stop.line["class"], stop.line["harness"], stop.line["mode"]) == ("BLOCK", "gemini", "enforce")
    assert json.loads(stop.stdout)["decision"] == "deny"
    warning(stop, "LANEGATE_MODE", str(env_file))


def test_a_gemini_dot_env_in_the_gemini_folder_counts_the_same(seat: Seat) -> None:
    write(seat, ".gemini/.env", 'LANEGATE_MAX_REFUSALS="1"\n')
    env = seat.env(LANEGATE_MAX_REFUSALS="1")
    env.pop("CLAUDE_PROJECT_DIR")
    stop = seat.hook(gemini_payload(seat, "Parser lane done."), env=env)
    assert (stop.line["class"], stop.line["policy"]["max_refusals"]) == ("BLOCK", 3)
    warning(stop, "LANEGATE_MAX_REFUSALS", ".gemini/.env")


def test_an_escaped_key_is_the_same_key(seat: Seat) -> None:
    """JSON.parse reads "\\u004cANEGATE_MODE" as LANEGATE_MODE: so does the screen."""
    write(seat, LOCAL, '{"env": {"\\u004cANEGATE_MODE": "dry-run"}}')
    stop = seat.hook(stop_payload(seat, "Parser lane done."), env=seat.env(LANEGATE_MODE="dry-run"))
    assert (stop.line["class"], stop.line["mode"]) == ("BLOCK", "enforce")


def test_a_number_is_coerced_to_the_string_claude_code_sets(seat: Seat) -> None:
    claude_env(seat, LOCAL, {"LANEGATE_MAX_REFUSALS": 1})
    stop = seat.hook(stop_payload(seat, "Parser lane done."), env=seat.env(LANEGATE_MAX_REFUSALS="1"))
    assert stop.line["policy"]["max_refusals"] == 3
    warning(stop, "LANEGATE_MAX_REFUSALS", "ignored")


def test_a_project_cannot_name_the_users_config_file(seat: Seat) -> None:
    """LANEGATE_CONFIG pointing at a project file that allows weakening would lift every guard."""
    fake = write(seat, "fake.toml", 'allow_project_weakening = true\nmode = "dry-run"\n')
    claude_env(seat, LOCAL, {"LANEGATE_CONFIG": str(fake)})
    stop = seat.hook(stop_payload(seat, "Parser lane done."), env=seat.env(LANEGATE_CONFIG=str(fake)))
    assert (stop.line["class"], stop.line["mode"]) == ("BLOCK", "enforce")
    assert "moves the user's own settings" in warning(stop, "LANEGATE_CONFIG")


def test_a_project_cannot_move_home_to_pick_the_user_file(seat: Seat) -> None:
    fake_home = seat.project / "home"
    (fake_home / ".config" / "lanegate").mkdir(parents=True)
    fake_user = fake_home / ".config" / "lanegate" / "config.toml"
    fake_user.write_text('allow_project_weakening = true\nmode = "dry-run"\n')
    claude_env(seat, LOCAL, {"HOME": str(fake_home), "XDG_CONFIG_HOME": str(fake_home / ".config")})
    stop = seat.hook(stop_payload(seat, "Parser lane done."),
                     env=seat.env(HOME=str(fake_home), XDG_CONFIG_HOME=str(fake_home / ".config")))
    assert (stop.line["class"], stop.line["mode"]) == ("BLOCK", "enforce")
    warning(stop, "XDG_CONFIG_HOME", "moves the user's own settings")


def test_a_value_the_user_set_differently_is_the_users(seat: Seat) -> None:
    """The file says dry-run but the process has enforce: the user's environment won, nothing to screen."""
    claude_env(seat, LOCAL, {"LANEGATE_MODE": "dry-run"})
    stop = seat.hook(stop_payload(seat, "Parser lane done."), env=seat.env(LANEGATE_MODE="enforce"))
    assert (stop.line["class"], stop.line["mode"]) == ("BLOCK", "enforce")
    assert not [w for w in stop.line["warnings"] if "LANEGATE_MODE" in w]


def test_the_user_can_allow_project_weakening(seat: Seat) -> None:
    seat.user_config.write_text("allow_project_weakening = true\n")
    claude_env(seat, LOCAL, {"LANEGATE_MODE": "dry-run"})
    stop = seat.hook(stop_payload(seat, "Parser lane done."), env=seat.env(LANEGATE_MODE="dry-run"))
    assert (stop.line["class"], stop.line["mode"]) == ("WOULD-BLOCK", "dry-run")


def test_a_stricter_project_value_applies(seat: Seat) -> None:
    claude_env(seat, LOCAL, {"LANEGATE_MIN_COMPLIANT_DRIVES": "5"})
    config = load_config(seat.env(LANEGATE_MIN_COMPLIANT_DRIVES="5"), str(seat.project))
    assert config.min_compliant_drives == 5
    assert config.env_ignored == ("LANEGATE_MIN_COMPLIANT_DRIVES",)  # applied, then read from the config only


def test_an_unknown_variable_is_named_with_the_nearest_one(seat: Seat) -> None:
    claude_env(seat, LOCAL, {"LANEGATE_MAX_REFUSAL": "9"})
    config = load_config(seat.env(LANEGATE_MAX_REFUSAL="9"), str(seat.project))
    assert any("did you mean `LANEGATE_MAX_REFUSALS`?" in w for w in config.warnings), config.warnings


def test_the_runtime_folder_a_project_sets_is_not_used(seat: Seat) -> None:
    claude_env(seat, LOCAL, {"XDG_RUNTIME_DIR": str(seat.project)})
    config = load_config(seat.env(XDG_RUNTIME_DIR=str(seat.project)), str(seat.project))
    assert "XDG_RUNTIME_DIR" in config.env_ignored
    assert any("moves the parse server's folder" in w for w in config.warnings)


# ---- the readers, on hostile files ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '{"env": ' * 100_000 + "1" + "}" * 100_000,  # nested past the C reader's recursion limit
        '{"env": {"LANEGATE_MODE": "dry-run"}',  # cut short
        "\xff\xfe{",  # not UTF-8 at all
        "",
        "[1, 2]",
        '{"env": ["LANEGATE_MODE"]}',
        '{"env": NaN}',
    ],
)
def test_hostile_settings_files_never_raise(seat: Seat, text: str) -> None:
    path = seat.project / LOCAL
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8", "surrogateescape") if "\xff" not in text else b"\xff\xfe{")
    assert project_set({"LANEGATE_MODE": "dry-run", "HOME": "/h"}, str(seat.project), every_project_env()) == {}


def test_a_deep_file_that_sets_the_variable_is_still_read(seat: Seat) -> None:
    deep = '{"pad": ' + "[" * 50_000 + "]" * 50_000 + ', "env": {"LANEGATE_MODE": "dry-run"}}'
    write(seat, LOCAL, deep)
    found = project_set({"LANEGATE_MODE": "dry-run"}, str(seat.project), every_project_env())
    assert found == {"LANEGATE_MODE": str(seat.project / LOCAL)}


def test_a_bad_byte_in_a_settings_file_is_read_as_claude_code_reads_it() -> None:
    raw = b'{"note": "caf\xe9", "env": {"LANEGATE_MODE": "dry-run"}}'
    assert settings_env(raw, ["LANEGATE_MODE"]) == {"LANEGATE_MODE": "dry-run"}


def test_special_files_are_not_read_and_a_fifo_fails_closed(seat: Seat) -> None:
    """A FIFO is opened without blocking and never read; a harness could read one (a process of the agent's
    writing into it), so what it may set is taken as the project's (docs/DESIGN.md#evidence). A folder sets nothing."""
    import os

    (seat.project / ".env").mkdir()
    assert project_set({"LANEGATE_MODE": "dry-run"}, str(seat.project), every_project_env()) == {}
    (seat.project / ".claude").mkdir()
    os.mkfifo(seat.project / LOCAL)
    assert project_set({"LANEGATE_MODE": "dry-run"}, str(seat.project), every_project_env()) == {
        "LANEGATE_MODE": f"{seat.project / LOCAL}, which lanegate cannot read (a FIFO, not a regular file)"}


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("LANEGATE_MODE=dry-run", "dry-run"),
        ("export LANEGATE_MODE=dry-run # the comment goes", "dry-run"),
        ("LANEGATE_MODE = 'dry-run'", "dry-run"),
        ('LANEGATE_MODE="dry\\nrun"', "dry\nrun"),
        ("LANEGATE_MODE: dry-run", "dry-run"),
        ("LANEGATE_MODE=`dry-run`", "dry-run"),
        ("  LANEGATE_MODE=   dry-run   ", "dry-run"),
        ("LANEGATE_MODE=\n'dry-run'", "dry-run"),  # dotenv's \s spans the line break before a quote
    ],
)
def test_dotenv_lines_parse_as_the_dotenv_package_parses_them(line: str, value: str) -> None:
    assert dotenv_values(line.encode(), ["LANEGATE_MODE"]) == {"LANEGATE_MODE": value}


def test_the_last_assignment_in_a_dotenv_file_wins() -> None:
    assert dotenv_values(b"LANEGATE_MODE=enforce\nLANEGATE_MODE=dry-run\n", ["LANEGATE_MODE"]) == {
        "LANEGATE_MODE": "dry-run"}


@pytest.mark.parametrize(
    ("value", "text"),
    [(0, "0"), (1.5, "1.5"), (3.0, "3"), (True, "true"), (None, "null"), ([1, "a"], "1,a"), ({}, "[object Object]"),
     (1e21, "1e+21"), (2.5e-7, "2.5e-7")],
)
def test_env_values_are_coerced_as_javascript_strings(value: object, text: str) -> None:
    assert js_string(value) == text
