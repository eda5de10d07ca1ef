"""Every `fix:` that `lanegate doctor` prints, when carried out, changes what it reports (docs/DESIGN.md#operators).

Issue 31: doctor said `fix: lanegate install --harness claude` for a two-second timeout, and running it
printed "already registered, nothing to change". Here each check is made to complain on a real layout (the
isolated seat of tests/seat.py, with the installed `lanegate` on its PATH), its fix is taken from doctor's own
output and carried out — a `lanegate …` command is run as printed, any other fix is the edit it names —, and
doctor runs again: that check no longer complains.
"""

from __future__ import annotations

import json
import shlex
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.seat import COMMAND_TIMEOUT, Seat

SETTINGS = ".claude/settings.json"  # the project's shared Claude Code settings
LOCAL = ".claude/settings.local.json"  # the project's personal ones


def doctor(seat: Seat) -> list[dict[str, Any]]:
    done = seat.lanegate("doctor", "--json")
    assert done.returncode in (0, 1), done.stderr
    return json.loads(done.stdout)["checks"]


def carry_out(seat: Seat, command: str) -> subprocess.CompletedProcess[str]:
    """A printed command line run as a person would paste it: the program found on the seat's PATH."""
    return subprocess.run(shlex.split(command), capture_output=True, text=True, cwd=seat.project, env=seat.env(),
                          timeout=COMMAND_TIMEOUT)


def registration(command: str = "lanegate hook --harness claude", timeout: int = 30,
                 events: tuple[str, ...] = ("Stop", "SubagentStop")) -> dict[str, Any]:
    return {"hooks": {e: [{"hooks": [{"type": "command", "command": command, "timeout": timeout}]}] for e in events}}


def registered(seat: Seat) -> None:
    seat.write(SETTINGS, registration())


def autonomous_stops(seat: Seat) -> None:
    registered(seat)
    now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    line = {"ts": now, "class": "CEILING-ALLOW", "tag": "ceiling", "session": "s", "operator_in_loop": False}
    seat.audit.write_text(json.dumps(line) + "\n")


def edit_toml(path: Path, old: str, new: str) -> None:
    path.write_text(path.read_text().replace(old, new))


def drop_key(path: Path, key: str) -> None:
    data = json.loads(path.read_text())
    del data[key]
    path.write_text(json.dumps(data))


@dataclass
class Scenario:
    id: str
    check: str  # the check that complains
    setup: Callable[[Seat], None]
    status: str  # what it says before the fix
    edit: Callable[[Seat, str], None] | None = None  # for a fix that is an edit: carry it out (given the fix text)
    fix_names: tuple[str, ...] = ()  # words an edit's fix must name (the key, the file)


SCENARIOS = [
    Scenario("no-registration", "registration",
             lambda s: s.write(SETTINGS, {"permissions": {"allow": ["Bash(ls)"]}}), "fail"),
    Scenario("stop-only", "claude registration",
             lambda s: s.write(SETTINGS, registration(events=("Stop",))), "warn"),
    Scenario("timeout-2s", "claude timeout", lambda s: s.write(SETTINGS, registration(timeout=2)), "fail"),
    Scenario("timeout-in-the-user-file", "claude timeout",
             lambda s: s.user(".claude/settings.json",
                              registration(f"{s.bin / 'lanegate'} hook --harness claude", timeout=5)), "warn"),
    Scenario("project-and-local", "claude registered once",
             lambda s: (registered(s), s.write(LOCAL, registration())), "fail"),
    Scenario("user-and-project", "claude registered once",
             lambda s: (registered(s), s.user(".claude/settings.json",
                                              registration(f"{s.bin / 'lanegate'} hook --harness claude"))), "fail"),
    Scenario("command-gone", "claude command",
             lambda s: s.write(LOCAL, registration("/nonexistent/lanegate hook --harness claude")), "fail"),
    Scenario("home-path-in-a-shared-file", "claude command",
             lambda s: s.write(SETTINGS, registration(f"{s.home}/bin/lanegate hook --harness claude")), "fail"),
    Scenario("fails-the-schema", "claude settings",
             lambda s: s.write(SETTINGS, {**registration(), "model": 7}), "fail",
             lambda s, fix: s.write(SETTINGS, {**registration(), "model": "opus"}), ("`model`", "a string")),
    Scenario("disable-all-hooks", "claude enabled",
             lambda s: (registered(s), s.write(LOCAL, {"disableAllHooks": True})), "fail",
             lambda s, fix: drop_key(s.project / LOCAL, "disableAllHooks"),
             ("disableAllHooks", "settings.local.json")),
    Scenario("dry-run-in-the-user-file", "policy mode",
             lambda s: (registered(s), s.user_config.write_text('mode = "dry-run"\n')), "warn",
             lambda s, fix: edit_toml(s.user_config, '"dry-run"', '"enforce"'), ('mode = "enforce"', "config.toml")),
    Scenario("deference-off-in-the-environment", "policy deference",
             lambda s: (registered(s), s.defaults.update(LANEGATE_DEFERENCE="off")), "warn",
             lambda s, fix: s.defaults.pop("LANEGATE_DEFERENCE"), ("unset LANEGATE_DEFERENCE",)),
    Scenario("a-project-weakening", "policy ignored",
             lambda s: (registered(s), s.write("lanegate.toml", "max_refusals = 7\n")), "warn",
             lambda s, fix: s.project_config.unlink(), ("`max_refusals`", "lanegate.toml")),
    Scenario("a-typo", "config",
             lambda s: (registered(s), s.user_config.write_text("max_refusal = 3\n")), "warn",
             lambda s, fix: edit_toml(s.user_config, "max_refusal ", "max_refusals "), ("config.toml",)),
    Scenario("no-identity", "identity", autonomous_stops, "warn",
             lambda s, fix: s.user_config.write_text('identity = "night-bot"\n'), ("identity", "config.toml")),
    Scenario("ceiling-above-the-clients-cap", "claude ceiling",
             lambda s: (registered(s), s.user_config.write_text("max_refusals = 0\n")), "warn",
             lambda s, fix: s.user_config.write_text("max_refusals = 8\n"), ("max_refusals to 8 or less",)),
    Scenario("state-folder-is-a-file", "state dir",
             lambda s: (registered(s), s.user("state-file", "x"),
                        s.defaults.update(LANEGATE_STATE_DIR=str(s.home / "state-file"))), "fail",
             lambda s, fix: s.defaults.update(LANEGATE_STATE_DIR=str(s.home / "state")),
             ("state_dir", "writable folder")),
    Scenario("a-weakening-in-the-harness-env", "claude env",
             lambda s: (registered(s), s.write(LOCAL, {"env": {"LANEGATE_MODE": "dry-run"}})),
             "fail", lambda s, fix: drop_key(s.project / LOCAL, "env"),
             ("LANEGATE_MODE", "settings.local.json")),
]


def complaints(checks: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [c for c in checks if c["check"] == name and c["status"] != "ok"]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_carrying_out_the_printed_fix_makes_the_check_pass(seat: Seat, scenario: Scenario) -> None:
    seat.lanegate_on_path()
    scenario.setup(seat)
    before = complaints(doctor(seat), scenario.check)
    assert [c["status"] for c in before][:1] == [scenario.status], before
    fix = before[0]["fix"]
    assert fix
    if scenario.edit is None:
        command = fix.split(" (", 1)[0].split(", or ", 1)[0]
        assert command.startswith("lanegate "), fix
        done = carry_out(seat, command)
        assert done.returncode == 0, (command, done.stdout, done.stderr)
    else:
        assert [word for word in scenario.fix_names if word not in fix] == [], fix
        scenario.edit(seat, fix)
    after = complaints(doctor(seat), scenario.check)
    assert after == [], (fix, after)
