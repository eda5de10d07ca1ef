"""The real Codex CLI drives the registered Stop hook (docs/DESIGN.md#adapters, docs/DESIGN.md#real-clients) against a
scripted Responses API mock on 127.0.0.1: a custom model provider (`wire_api = "responses"`) in $CODEX_HOME/config.toml,
the project trusted there so its .codex/hooks.json loads, and `--dangerously-bypass-hook-trust` in place of the
interactive /hooks review (0.171.0 keeps trust as a hash it computes; the flag is its documented way for
automation that vets its hooks)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.realclient.conftest import RUN_SECONDS, Seat, make_seat, run_client
from tests.realclient.mock_api import Call, Request, ResponsesMock, Rule, Say, Script, prompt_has, result_of

pytestmark = pytest.mark.realclient

OFFER = "Parser lane: the CRLF tests pass. Would you like me to open the PR?"


@pytest.fixture
def codex_seat(tmp_path: Path, warm_runtime: Path) -> Seat:
    return make_seat(tmp_path, warm_runtime, "codex")


def codex(binary: Path, seat: Seat, api: ResponsesMock, prompt: str, env: dict[str, str] | None = None, *,
          features: str = "", timeout: float = RUN_SECONDS) -> subprocess.CompletedProcess[str]:
    config = seat.home / ".codex" / "config.toml"
    config.parent.mkdir(exist_ok=True)
    config.write_text(
        'model = "gpt-5.5"\nmodel_provider = "mock"\n\n[model_providers.mock]\nname = "mock"\n'
        f'base_url = "{api.url}/v1"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\n\n'
        f'[projects."{seat.project}"]\ntrust_level = "trusted"\n' + (f"\n[features]\n{features}\n" if features else "")
    )
    argv = [str(binary), "exec", "--dangerously-bypass-hook-trust", prompt]
    done = run_client(argv, seat, {"MOCK_API_KEY": "mock", **(env or {})}, stdin="", timeout=timeout)
    assert done.returncode == 0, done.stderr
    return done


def turns(api: ResponsesMock) -> list[Request]:
    return api.requests(lambda r: r.has_tools)


def test_operator_dialogue_is_allowed(codex_binary: Path, codex_seat: Seat) -> None:
    script = Script([Rule(prompt_has("CRLF"), [Say("It folds CRLF to LF first. Want me to add a regression test?")])])
    with ResponsesMock(script) as api:
        codex(codex_binary, codex_seat, api, "What does the tokenizer do with CRLF line ends?")
    assert codex_seat.classes() == [("ALLOW", "operator-dialogue")]
    assert len(turns(api)) == 1


def test_a_block_comes_back_as_a_hook_prompt(codex_binary: Path, codex_seat: Seat) -> None:
    script = Script([Rule(prompt_has("<hook_prompt"), [Say("Opened the PR myself.")]),
                     Rule(prompt_has("[WAKE]"), [Say(OFFER)])])
    with ResponsesMock(script) as api:
        codex(codex_binary, codex_seat, api, "[WAKE] tick from @vega", env={"LANEGATE_MAX_REFUSALS": "1"})
    assert codex_seat.classes() == [("BLOCK", "deference"), ("CEILING-ALLOW", "ceiling")]
    refusal = codex_seat.audit()[0]
    requests = turns(api)
    assert len(requests) == 2
    # 0.171.0 sends the reason as a user message <hook_prompt hook_run_id=…>reason</hook_prompt>.
    text = requests[1].last_user_text
    assert text.startswith("<hook_prompt hook_run_id=") and text.endswith("</hook_prompt>")
    assert refusal["reason"] in text


def test_dry_run_lets_the_turn_end(codex_binary: Path, codex_seat: Seat) -> None:
    script = Script([Rule(prompt_has("[WAKE]"), [Say(OFFER)])])
    with ResponsesMock(script) as api:
        codex(codex_binary, codex_seat, api, "[WAKE] tick from @vega", env={"LANEGATE_MODE": "dry-run"})
    assert codex_seat.classes() == [("WOULD-BLOCK", "deference")]
    assert len(turns(api)) == 1



# The rest of the table (docs/DESIGN.md#tests): the rows `codex exec` produces. --------------------------------

GH_URL = "https://github.com/acme/parser/pull/12"


def rollouts(seat: Seat) -> list[list[dict[str, Any]]]:
    """Every rollout of the run (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl), oldest first, as records."""
    paths = sorted((seat.home / ".codex" / "sessions").rglob("rollout-*.jsonl"))
    return [[json.loads(line) for line in path.read_text().splitlines() if line.strip()] for path in paths]


def shell(call_id: str, command: str) -> Call:
    """exec_command without a login shell: 0.171.0 starts a login shell by default, whose profile sets PATH
    anew (a stand-in `gh` first on the parent's PATH is then not found)."""
    return Call(call_id, "exec_command", {"cmd": command, "login": False})


def test_a_pull_request_created_is_a_material_artifact(codex_binary: Path, codex_seat: Seat) -> None:
    codex_seat.tool("gh", f"#!/bin/sh\necho {GH_URL}\n")
    script = Script([Rule(result_of("pr_1"), [Say("Opened the pull request.")]),
                     Rule(prompt_has("[WAKE]"), [shell("pr_1", 'gh pr create --title "Fold CRLF" --body "CRLF."')],
                          times=1)])
    with ResponsesMock(script) as api:
        codex(codex_binary, codex_seat, api, "[WAKE] tick from @vega")
    assert codex_seat.classes() == [("MATERIAL-ALLOW", "material-artifact")]
    assert GH_URL in turns(api)[1].result_text("pr_1")


def test_an_operator_question_answered_with_a_tool_is_dialogue(codex_binary: Path, codex_seat: Seat) -> None:
    codex_seat.write("NOTES.md", "tokenizer notes\n")
    script = Script([Rule(result_of("ls_1"), [Say("The project holds NOTES.md. Want me to open it?")]),
                     Rule(prompt_has("Which files"), [shell("ls_1", "ls")], times=1)])
    with ResponsesMock(script) as api:
        codex(codex_binary, codex_seat, api, "Which files are in the project?")
    assert codex_seat.classes() == [("ALLOW", "operator-dialogue")]


def test_an_unbacked_claim_is_refused(codex_binary: Path, codex_seat: Seat) -> None:
    script = Script([Rule(prompt_has("<hook_prompt"), [Say("Ran the docs build: 0 warnings.")]),
                     Rule(prompt_has("[WAKE]"), [Say("The parser lane is merged. Picking up the docs lane now.")])])
    with ResponsesMock(script) as api:
        codex(codex_binary, codex_seat, api, "[WAKE] tick from @vega", {"LANEGATE_MAX_REFUSALS": "1"})
    assert codex_seat.classes() == [("BLOCK", "unbacked-claim"), ("CEILING-ALLOW", "ceiling")]
    assert codex_seat.audit()[0]["claim"]["text"] == "Picking up the docs lane now."


def test_the_ceiling_allows_after_three_refusals(codex_binary: Path, codex_seat: Seat) -> None:
    with ResponsesMock(Script([], fallback="Reviewed the parser module.")) as api:
        codex(codex_binary, codex_seat, api, "[WAKE] tick from @vega")
    assert codex_seat.classes() == [("BLOCK", "no-lane-state")] * 3 + [("CEILING-ALLOW", "ceiling")]
    assert len(turns(api)) == 4


def test_without_a_client_cap_max_refusals_zero_is_still_bounded(codex_binary: Path, codex_seat: Seat) -> None:
    """0.171.0 has no cap of its own and no loop detection (hundreds of refusals in a row were seen, each a new
    model call): `max_refusals = 0` cannot switch lanegate's ceiling off here; it is bounded at 8."""
    with ResponsesMock(Script([], fallback="Reviewed the parser module.")) as api:
        codex(codex_binary, codex_seat, api, "[WAKE] tick from @vega", {"LANEGATE_MAX_REFUSALS": "0"}, timeout=40)
    assert codex_seat.classes() == [("BLOCK", "no-lane-state")] * 8 + [("CEILING-ALLOW", "ceiling")]
    assert any("max_refusals=0" in w for w in codex_seat.audit()[0]["warnings"])


def test_a_clean_hand_off_is_accepted_after_two_drives(codex_binary: Path, codex_seat: Seat) -> None:
    handoff = ("Parser lane handed to review.\n\n```lane-state\n"
               '{"laneContinuation": "next-lane", "namedGates": [{"ref": "issue #7", "checkedAt": "{now}", '
               '"nextActor": "@reviewer"}]}\n```')
    with ResponsesMock(Script([], fallback=handoff)) as api:
        codex(codex_binary, codex_seat, api, "[WAKE] tick from @vega", {"LANEGATE_IDENTITY": "@lanebot"})
    assert codex_seat.classes() == [("BLOCK", "valid-lane-state"), ("BLOCK", "valid-lane-state"),
                                    ("CLEAN-TERMINAL ALLOW", "clean-terminal")]


def test_a_spawned_subagent_is_judged_on_its_own_rollout(codex_binary: Path, codex_seat: Seat) -> None:
    """With `multi_agent_v2` the sub-agent tools come as the namespace `collaboration`; spawn_agent answers
    `{"task_name": "/root/<name>"}` at once and the child runs as a thread of its own: SubagentStop with
    agent_type "default" and its own rollout (session_meta source.subagent.thread_spawn).

    `codex exec` ends the session when the lead's turn ends, whatever a child is doing: without a hold the child
    was cut between its refusal and its next stop in 5 of 80 runs on this machine. The lead's last reply is held
    until the child's chain has ended (at most 60 s), so the child's whole chain is seen."""
    spawn = Call("sp_1", "spawn_agent", {"task_name": "finder", "message": "SUBTASK find the call sites"},
                 namespace="collaboration")

    def childs_chain_ended() -> bool:
        try:
            lines = codex_seat.audit()
        except ValueError:  # a line read while it is being written
            return False
        return any("/" in str(a["session"]) and a["class"] == "CEILING-ALLOW" for a in lines)

    script = Script([
        # The child's first request also carries the lead's sp_1 result (inherited context): its task goes first.
        Rule(prompt_has("SUBTASK"), [Say("Found three call sites of parse_header.")], times=1),
        Rule(result_of("sp_1"), [Say("A subagent is finding the call sites.")], times=1),
        Rule(prompt_has("[WAKE]"), [spawn], times=1),
        # The lead's refusal comes back as hook_run_id "stop:…" (the child's as "subagent-stop:…").
        Rule(prompt_has('<hook_prompt hook_run_id="stop:'), [Say("Done.")], times=1, delay=60.0,
             until=childs_chain_ended),
    ], fallback="Done.")
    with ResponsesMock(script) as api:
        codex(codex_binary, codex_seat, api, "[WAKE] tick from @vega", {"LANEGATE_MAX_REFUSALS": "1"},
              features="multi_agent_v2 = true")
    lines = codex_seat.audit()
    lead = [(a["class"], a["tag"]) for a in lines if "/" not in str(a["session"])]
    child = [(a["class"], a["tag"]) for a in lines if "/" in str(a["session"])]
    # Each agent is judged as an autonomous one on its own rollout, and each chain ends at its own ceiling. How the
    # two chains interleave is left to the client (lead and child run at once; the child may even reach its ceiling
    # before the lead's first stop); the lead's ceiling comes last.
    assert lead == [("BLOCK", "no-lane-state"), ("CEILING-ALLOW", "ceiling")]
    assert child == [("BLOCK", "no-lane-state"), ("CEILING-ALLOW", "ceiling")]
    assert (lines[-1]["class"], "/" in str(lines[-1]["session"])) == ("CEILING-ALLOW", False)
    # The child's requests carry its task, an agent_message to /root/finder (the lead's may carry the child's
    # answer, one to /root): its first reply is its own script's.
    children = [e for e in api.exchanges if any(
        i.get("type") == "agent_message" and i.get("recipient") == "/root/finder" for i in e.request.body["input"])]
    assert [[s.text for s in e.steps if isinstance(s, Say)] for e in children] == [
        ["Found three call sites of parse_header."], ["Done."]]
    metas = [r[0]["payload"] for r in rollouts(codex_seat)]
    assert sorted(m["thread_source"] for m in metas) == ["subagent", "user"]


def test_a_background_exec_session_is_not_work_in_flight(codex_binary: Path, codex_seat: Seat) -> None:
    """exec_command that outlives its yield answers "Process running with session ID …" in its printed
    output; `codex exec` never comes back to the agent for it: the stop is an ending."""
    script = Script([Rule(result_of("bg_1"), [Say("The build runs in the background.")]),
                     Rule(prompt_has("[WAKE]"), [Call("bg_1", "exec_command", {"cmd": "sleep 15; echo built",
                                                                               "yield_time_ms": 500})], times=1)],
                    fallback="Done.")
    with ResponsesMock(script) as api:
        codex(codex_binary, codex_seat, api, "[WAKE] tick from @vega", {"LANEGATE_MAX_REFUSALS": "1"})
    assert codex_seat.classes() == [("BLOCK", "no-lane-state"), ("CEILING-ALLOW", "ceiling")]
    assert "Process running with session ID" in turns(api)[1].result_text("bg_1")


def test_codex_exec_marks_its_session_as_headless(codex_binary: Path, codex_seat: Seat) -> None:
    script = Script([Rule(prompt_has("CRLF"), [Say("It folds CRLF to LF first. Want me to add a regression test?")])])
    with ResponsesMock(script) as api:
        codex(codex_binary, codex_seat, api, "What does the tokenizer do with CRLF line ends?")
    assert codex_seat.classes() == [("ALLOW", "operator-dialogue")]  # headless = "dialogue" by default
    (records,) = rollouts(codex_seat)
    meta = records[0]["payload"]
    assert (meta["originator"], meta["source"], meta["cli_version"]) == ("codex_exec", "exec", "0.171.0")
    started = [r["payload"] for r in records if r["type"] == "event_msg" and r["payload"]["type"] == "task_started"]
    assert [s["turn_attribution"]["turn_trigger"] for s in started] == ["exec"]


def test_a_headless_run_is_autonomous_when_the_user_says_so(codex_binary: Path, codex_seat: Seat) -> None:
    codex_seat.user_config('headless = "autonomous"\n')
    script = Script([Rule(prompt_has("<hook_prompt"), [Say("Added it.")]),
                     Rule(prompt_has("CRLF"), [Say("It folds CRLF to LF first. Want me to add a regression test?")])])
    with ResponsesMock(script) as api:
        codex(codex_binary, codex_seat, api, "What does the tokenizer do with CRLF line ends?",
              {"LANEGATE_MAX_REFUSALS": "1"})
    assert codex_seat.classes() == [("BLOCK", "deference"), ("CEILING-ALLOW", "ceiling")]
