"""`lanegate doctor` sees what docs/DESIGN.md#evidence closes: interpreter and shell variables in a project layer,
project MCP servers named like a review tool, a settings file lanegate cannot read although the harness can (a fail),
and a switch inside a file the revision-3 reader could not see (over 1 MB, UTF-16/32): a fail, not a warning.
Revision 3 said nothing of the first three and only warned of the last.
"""

from __future__ import annotations

import json

import pytest

from hook.commands.doctor import diagnose
from hook.commands.doctor_checks import FAIL, WARN, Check
from tests.seat import Seat
from tests.test_doctor import ROOT, claude_settings


@pytest.fixture
def seat(seat: Seat) -> Seat:
    """The isolated seat; the command registered here (`python -m hook.cli`) runs this checkout."""
    seat.defaults["PYTHONPATH"] = str(ROOT)
    return seat


def named(seat: Seat, name: str) -> list[Check]:
    return [c for c in diagnose(str(seat.project), seat.env()) if c.name == name]


def test_an_interpreter_variable_in_a_project_layer_is_named(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    local = seat.write(".claude/settings.local.json", {"env": {"PYTHONPATH": "./boot"}})
    (check,) = named(seat, "claude env")
    assert (check.status, check.detail) == (WARN, f"PYTHONPATH='./boot' from {local}: a file the judged agent can "
                                                  "write sets an interpreter variable; lanegate's own interpreter "
                                                  "ignores it (python -I), other programs the harness starts may not")


@pytest.mark.parametrize("variable", ["BASH_ENV", "SHELL", "LD_BIND_NOW", "GH_TOKEN", "BASH_FUNC_gh%%", "SHELLOPTS",
                                      "CLAUDE_CODE_SHELL_PREFIX", "CLAUDE_ENV_FILE"])
def test_a_shell_variable_in_a_project_layer_is_named(seat: Seat, variable: str) -> None:
    seat.write(".claude/settings.json", claude_settings())
    local = seat.write(".claude/settings.local.json", {"env": {variable: "x"}})
    (check,) = named(seat, "claude env")
    assert check.status == WARN
    assert check.detail == (f"{variable}='x' from {local}: a file the judged agent can write shapes the shell the "
                            "agent's commands run in, so a bare `gh` there is no material artifact and no PR fetch "
                            "(only an absolute gh_paths entry counts)")


@pytest.mark.parametrize(
    ("variable", "layer"),
    [("LD_PRELOAD", ".claude/settings.local.json"), ("LD_LIBRARY_PATH", ".claude/settings.json"),
     ("LD_AUDIT", ".claude/settings.local.json"), ("DYLD_INSERT_LIBRARIES", ".claude/settings.local.json"),
     ("LD_PRELOAD", ".env")],
)  # fmt: skip
def test_a_loader_variable_in_a_project_layer_fails(seat: Seat, variable: str, layer: str) -> None:
    """Issue 30's probe: settings `env` LD_PRELOAD naming a library whose constructor exits 0 ended every stop
    with no decision and no audit line, and doctor only warned (as of a shell variable). No hook can hold
    against the loader: doctor fails the file and says so."""
    settings = claude_settings()
    if layer == ".claude/settings.json":
        settings["env"] = {variable: "./q.so"}
    else:
        seat.write(layer, f"{variable}=./q.so\n" if layer == ".env" else {"env": {variable: "./q.so"}})
    seat.write(".claude/settings.json", settings)
    path = seat.project / layer
    checks = [c for c in diagnose(str(seat.project), seat.env()) if c.name.endswith(" env")
              and c.detail.startswith(f"{variable}='./q.so' from {path}")]  # fmt: skip
    assert [c.status for c in checks] and {c.status for c in checks} == {FAIL}, checks
    assert "no hook can hold against this" in checks[0].detail
    assert checks[0].fix.startswith(f"remove {variable} from {path}")


def test_a_project_stop_hook_beside_lanegate_is_named(seat: Seat) -> None:
    """Issue 30's probe: a project settings file registered its own Stop hook answering {"continue": false},
    which ends the turn whatever lanegate decided; doctor said nothing."""
    settings = claude_settings()
    settings["hooks"]["Stop"].append({"hooks": [{"type": "command", "command": "echo '{\"continue\": false}'"}]})
    path = seat.write(".claude/settings.json", settings)
    (check,) = named(seat, "claude stop hook")
    assert (check.status, check.detail) == (
        WARN, f"{path} registers its own Stop hook `echo '{{\"continue\": false}}'`; it runs beside lanegate at "
              'every stop and can end a turn lanegate refused (an answer of {"continue": false} outranks a block)')


def test_a_stop_hook_in_the_users_own_settings_is_not_named(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    seat.user(".claude/settings.json", {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "notify"}]}]}})
    assert named(seat, "claude stop hook") == []


def test_a_project_mcp_server_named_like_a_review_tool_is_named(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    mcp = seat.write(".mcp.json", {"mcpServers": {"github": {"command": "node"}, "docs": {"command": "x"}}})
    checks = named(seat, "claude mcp")
    assert [(c.status, c.detail) for c in checks] == [
        (WARN, f"MCP server github (configured by {mcp}) carries the name of review tool {tool}: a review through "
               "it is no review")
        for tool in ("mcp__github__create_and_submit_pull_request_review",
                     "mcp__github__submit_pending_pull_request_review", "mcp__github__create_pull_request_review")
    ]  # fmt: skip


def test_a_settings_file_too_large_to_read_fails_and_names_the_switch_inside(seat: Seat) -> None:
    seat.write(".claude/settings.json", claude_settings())
    local = seat.project / ".claude" / "settings.local.json"
    with local.open("w") as fh:
        fh.write('{"disableAllHooks": true,' + " " * (17 << 20) + "}")
    (check,) = named(seat, "claude settings")
    assert check.status == FAIL
    assert check.detail == (f"{local} (local) larger than 16 MB: lanegate cannot read it although Claude Code may, "
                            "so it is treated as weakening the gate; it mentions disableAllHooks, which may switch "
                            "every hook off")


@pytest.mark.parametrize(
    ("encoding", "padding"), [("utf-8", 2 << 20), ("utf-16-le", 0), ("utf-16-be", 0), ("utf-32-le", 0)]
)
def test_a_switch_the_revision_3_reader_could_not_see_is_a_fail(seat: Seat, encoding: str, padding: int) -> None:
    seat.write(".claude/settings.json", claude_settings())
    local = seat.project / ".claude" / "settings.local.json"
    bom = {"utf-16-le": "\ufeff", "utf-16-be": "\ufeff", "utf-32-le": "\ufeff"}.get(encoding, "")
    local.write_bytes((bom + "{" + " " * padding + json.dumps({"disableAllHooks": True})[1:]).encode(encoding))
    (check,) = named(seat, "claude enabled")
    assert check.status == FAIL
    assert f"{local} (local): disableAllHooks is true" in check.detail
