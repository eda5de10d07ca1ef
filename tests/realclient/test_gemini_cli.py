"""The real Gemini CLI drives the registered AfterAgent hook (docs/DESIGN.md#adapters, docs/DESIGN.md#real-clients)
against a scripted Gemini API mock on 127.0.0.1 (GOOGLE_GEMINI_BASE_URL with an API key, the workspace trusted by
environment, the model named with -m so the CLI's model router asks nothing first)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.realclient.conftest import RUN_SECONDS, Seat, make_seat, run_client
from tests.realclient.mock_api import Call, GeminiMock, Request, Rule, Say, Script, prompt_has

pytestmark = pytest.mark.realclient

OFFER = "Parser lane: the CRLF tests pass. Would you like me to open the PR?"


@pytest.fixture
def gemini_seat(tmp_path: Path, warm_runtime: Path) -> Seat:
    seat = make_seat(tmp_path, warm_runtime, "gemini")
    settings = seat.home / ".gemini" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(json.dumps({"security": {"auth": {"selectedType": "gemini-api-key"}}}))
    return seat


def gemini(binary: Path, seat: Seat, api: GeminiMock, prompt: str, env: dict[str, str] | None = None,
           *args: str, timeout: float = RUN_SECONDS) -> subprocess.CompletedProcess[str]:
    # GEMINI_CLI_NO_RELAUNCH: 0.61.0 starts a second node process with a larger heap; once is enough here.
    client_env = {"GOOGLE_GEMINI_BASE_URL": api.url, "GEMINI_API_KEY": "mock", "GEMINI_CLI_TRUST_WORKSPACE": "true",
                  "GEMINI_CLI_NO_RELAUNCH": "true", **(env or {})}
    argv = [str(binary), "-p", prompt, "-m", "gemini-2.5-pro", "--output-format", "json", *args]
    done = run_client(argv, seat, client_env, timeout=timeout)
    assert done.returncode == 0, done.stderr
    return done


def turns(api: GeminiMock) -> list[Request]:
    return api.requests(lambda r: ":streamGenerateContent" in r.path)


def test_operator_dialogue_is_allowed(gemini_binary: Path, gemini_seat: Seat) -> None:
    script = Script([Rule(prompt_has("CRLF"), [Say("It folds CRLF to LF first. Want me to add a regression test?")])])
    with GeminiMock(script) as api:
        gemini(gemini_binary, gemini_seat, api, "What does the tokenizer do with CRLF line ends?")
    assert gemini_seat.classes() == [("ALLOW", "operator-dialogue")]
    assert len(turns(api)) == 1


def test_a_deny_sends_the_reason_back_as_the_next_prompt(gemini_binary: Path, gemini_seat: Seat) -> None:
    script = Script([Rule(prompt_has("It looks like you slipped"), [Say("Opened the PR myself.")]),
                     Rule(prompt_has("[WAKE]"), [Say(OFFER)])])
    with GeminiMock(script) as api:
        done = gemini(gemini_binary, gemini_seat, api, "[WAKE] tick from @vega", env={"LANEGATE_MAX_REFUSALS": "1"})
    assert gemini_seat.classes() == [("BLOCK", "deference"), ("CEILING-ALLOW", "ceiling")]
    refusal = gemini_seat.audit()[0]
    requests = turns(api)
    assert len(requests) == 2
    # 0.61.0 sends the deny reason as the next user message, verbatim, and reports it as a warning.
    assert requests[1].last_user_text == refusal["reason"]
    assert json.loads(done.stdout)["warnings"] == [f"Agent execution blocked: {refusal['reason']}"]


def test_dry_run_lets_the_turn_end(gemini_binary: Path, gemini_seat: Seat) -> None:
    script = Script([Rule(prompt_has("[WAKE]"), [Say(OFFER)])])
    with GeminiMock(script) as api:
        gemini(gemini_binary, gemini_seat, api, "[WAKE] tick from @vega", env={"LANEGATE_MODE": "dry-run"})
    assert gemini_seat.classes() == [("WOULD-BLOCK", "deference")]
    assert len(turns(api)) == 1



# The rest of the table (docs/DESIGN.md#tests): the rows Gemini CLI's non-interactive mode produces. ----------

YOLO = ("--approval-mode", "yolo")  # the shell and edit tools are offered only then in -p mode
GH_URL = "https://github.com/acme/parser/pull/12"


def stream(request: Request) -> bool:
    return ":streamGenerateContent" in request.path


def session_records(seat: Seat) -> list[dict[str, object]]:
    """The main session file's records (~/.gemini/tmp/<project>/chats/session-*.jsonl), `$set` lines aside."""
    (path,) = sorted((seat.home / ".gemini" / "tmp").glob("*/chats/session-*.jsonl"))
    return [r for r in map(json.loads, path.read_text().splitlines()) if "type" in r]


def test_a_pull_request_created_through_the_shell_is_a_material_artifact(gemini_binary: Path,
                                                                          gemini_seat: Seat) -> None:
    gemini_seat.tool("gh", f"#!/bin/sh\necho {GH_URL}\n")
    create = {"command": 'gh pr create --title "Fold CRLF" --body "Fixes the CRLF case."', "description": "Open the PR"}
    script = Script([Rule(lambda r: stream(r) and "pr_1" in r.result_ids, [Say("Opened the pull request.")]),
                     Rule(prompt_has("[WAKE]"), [Call("pr_1", "run_shell_command", create)], times=1)])
    with GeminiMock(script) as api:
        gemini(gemini_binary, gemini_seat, api, "[WAKE] tick from @vega", None, *YOLO)
    assert gemini_seat.classes() == [("MATERIAL-ALLOW", "material-artifact")]


def test_a_tool_result_is_written_again_as_a_user_record(gemini_binary: Path, gemini_seat: Seat) -> None:
    """0.61.0 keeps a call and its result on the model's record, then writes the result a second time as a
    `type: "user"` record made only of functionResponse parts: a tool result, never a prompt."""
    gemini_seat.write("NOTES.md", "tokenizer notes\n")
    script = Script([
        Rule(lambda r: stream(r) and "ls_1" in r.result_ids, [Say("The project holds NOTES.md. Want me to open it?")]),
        Rule(prompt_has("Which files"), [Call("ls_1", "list_directory", {"dir_path": "."})], times=1),
    ])
    with GeminiMock(script) as api:
        gemini(gemini_binary, gemini_seat, api, "Which files are in the project?")
    assert gemini_seat.classes() == [("ALLOW", "operator-dialogue")]
    users = [r["content"] for r in session_records(gemini_seat) if r["type"] == "user"]
    assert [[sorted(part) for part in content] for content in users] == [[["text"]], [["functionResponse"]]]


def test_a_retry_is_judged_on_the_new_answer_only(gemini_binary: Path, gemini_seat: Seat) -> None:
    script = Script([Rule(prompt_has("It looks like you slipped"), [Say("Ran the parser suite: 40 passed.")]),
                     Rule(prompt_has("[WAKE]"), [Say(OFFER)])], fallback="Ran it again: 40 passed.")
    with GeminiMock(script) as api:
        gemini(gemini_binary, gemini_seat, api, "[WAKE] tick from @vega", {"LANEGATE_MAX_REFUSALS": "2"})
    # The refused offer is still in the retry's prompt_response; the new answer is a bare status.
    assert gemini_seat.classes() == [("BLOCK", "deference"), ("BLOCK", "no-lane-state"), ("CEILING-ALLOW", "ceiling")]


def test_a_retrys_response_holds_the_refused_answer_too(gemini_binary: Path, gemini_seat: Seat) -> None:
    script = Script([Rule(prompt_has("It looks like you slipped"), [Say("Ran the parser suite: 40 passed.")]),
                     Rule(prompt_has("[WAKE]"), [Say(OFFER)])])
    with GeminiMock(script) as api:
        gemini(gemini_binary, gemini_seat, api, "[WAKE] tick from @vega", {"LANEGATE_MODE": "dry-run",
                                                                          "LANEGATE_MAX_REFUSALS": "1"})
    # Dry-run ends the turn at the first stop: what a retry sends is pinned by the payload the deny produces,
    # observed in the other scenarios; here the first payload is the answer alone.
    assert gemini_seat.classes() == [("WOULD-BLOCK", "deference")]
    gemini_records = [r for r in session_records(gemini_seat) if r["type"] == "gemini"]
    assert [r["content"] for r in gemini_records] == [OFFER]


def test_the_ceiling_allows_after_three_refusals(gemini_binary: Path, gemini_seat: Seat) -> None:
    script = Script([Rule(prompt_has("[WAKE]"), [Say("Reviewed the parser module.")])],
                    fallback="Reviewed the lexer too.")
    with GeminiMock(script) as api:
        gemini(gemini_binary, gemini_seat, api, "[WAKE] tick from @vega")
    assert gemini_seat.classes() == [("BLOCK", "no-lane-state")] * 3 + [("CEILING-ALLOW", "ceiling")]
    assert len(api.requests(stream)) == 4


def passes(count: int) -> list[Rule]:
    """`count` different answers, one per model call: Gemini's loop detection never sees a repeat."""
    return [Rule(stream, [Say(f"Reviewed the parser module, pass {n}.")], times=1) for n in range(count)]


def test_without_a_client_cap_max_refusals_zero_is_still_bounded(gemini_binary: Path, gemini_seat: Seat) -> None:
    """0.61.0 has no cap of its own (24 refusals in a row were seen to go on): `max_refusals = 0` cannot switch
    lanegate's ceiling off here; it is bounded at 8, the cap Claude Code keeps itself."""
    with GeminiMock(Script(passes(40))) as api:
        gemini(gemini_binary, gemini_seat, api, "[WAKE] tick from @vega", {"LANEGATE_MAX_REFUSALS": "0"},
               timeout=60)
    assert gemini_seat.classes() == [("BLOCK", "no-lane-state")] * 8 + [("CEILING-ALLOW", "ceiling")]
    assert any("max_refusals=0" in w for w in gemini_seat.audit()[0]["warnings"])


def test_a_stop_the_client_repeats_unchanged_ends_the_chain(gemini_binary: Path, gemini_seat: Seat) -> None:
    """The same answer over and over trips 0.61.0's loop detection, which then fires AfterAgent again and
    again, about every 100 ms, with the same payload and without calling the model: the first unchanged
    repeat is allowed (nothing new to judge), however high the ceiling."""
    script = Script([], fallback="Reviewed the parser module.")
    with GeminiMock(script) as api:
        gemini(gemini_binary, gemini_seat, api, "[WAKE] tick from @vega", {"LANEGATE_MAX_REFUSALS": "30"},
               timeout=60)
    classes = gemini_seat.classes()
    assert classes[-1] == ("CEILING-ALLOW", "ceiling") and set(classes[:-1]) == {("BLOCK", "no-lane-state")}
    assert "unchanged" in gemini_seat.audit()[-1]["reason"]
    # Eleven or so refusals trip the loop detection; its first re-fire is the unchanged stop.
    assert len(classes) < 30 and len(api.requests(stream)) <= len(classes)


def test_a_clean_hand_off_is_accepted_after_two_drives(gemini_binary: Path, gemini_seat: Seat) -> None:
    handoff = ("Parser lane handed to review.\n\n```lane-state\n"
               '{"laneContinuation": "next-lane", "namedGates": [{"ref": "issue #7", "checkedAt": "{now}", '
               '"nextActor": "@reviewer"}]}\n```')
    with GeminiMock(Script([Rule(stream, [Say(handoff)])])) as api:
        gemini(gemini_binary, gemini_seat, api, "[WAKE] tick from @vega", {"LANEGATE_IDENTITY": "@lanebot"})
    assert gemini_seat.classes() == [("BLOCK", "valid-lane-state"), ("BLOCK", "valid-lane-state"),
                                     ("CLEAN-TERMINAL ALLOW", "clean-terminal")]


def test_a_subagent_runs_inside_its_call_and_fires_no_hook(gemini_binary: Path, gemini_seat: Seat) -> None:
    """invoke_agent runs the subagent to its end inside the call, in a session file of its own
    (`kind: "subagent"`); AfterAgent fires for the main agent only."""
    invoke = {"agent_name": "generalist", "prompt": "SUBTASK find the call sites of parse_header"}
    script = Script([
        Rule(prompt_has("SUBTASK"), [Say("Found three call sites of parse_header.")], times=1),
        Rule(lambda r: stream(r) and "ag_1" in r.result_ids, [Say("The generalist found three call sites.")]),
        Rule(prompt_has("[WAKE]"), [Call("ag_1", "invoke_agent", invoke)], times=1),
    ], fallback="Done.")
    with GeminiMock(script) as api:
        gemini(gemini_binary, gemini_seat, api, "[WAKE] tick from @vega", {"LANEGATE_MAX_REFUSALS": "1"}, *YOLO)
    assert gemini_seat.classes() == [("BLOCK", "no-lane-state"), ("CEILING-ALLOW", "ceiling")]
    kinds = [json.loads(p.read_text().splitlines()[0]).get("kind")
             for p in sorted((gemini_seat.home / ".gemini" / "tmp").rglob("*.jsonl"))]
    assert sorted(kinds) == ["main", "subagent"]


def test_a_background_shell_is_not_work_in_flight(gemini_binary: Path, gemini_seat: Seat) -> None:
    """run_shell_command with is_background answers with printed text only ("Command moved to background
    (PID: …)"), and the client never comes back to the agent when it ends: the stop is an ending."""
    build = {"command": "sleep 20; echo built", "description": "Build", "is_background": True}
    script = Script([
        Rule(lambda r: stream(r) and "bg_1" in r.result_ids, [Say("The build runs in the background.")]),
        Rule(prompt_has("[WAKE]"), [Call("bg_1", "run_shell_command", build)], times=1),
    ], fallback="Done.")
    with GeminiMock(script) as api:
        gemini(gemini_binary, gemini_seat, api, "[WAKE] tick from @vega", {"LANEGATE_MAX_REFUSALS": "1"}, *YOLO)
    assert gemini_seat.classes() == [("BLOCK", "no-lane-state"), ("CEILING-ALLOW", "ceiling")]


def test_a_headless_run_under_a_ci_runner_is_autonomous_when_the_user_says_so(gemini_binary: Path,
                                                                               gemini_seat: Seat) -> None:
    """Gemini's -p leaves no mark in the payload or the session file (`kind: "main"` either way): only the CI
    runner's environment tells a bot's run from a person's."""
    gemini_seat.user_config('headless = "autonomous"\n')
    script = Script([Rule(prompt_has("CRLF"), [Say("It folds CRLF to LF first. Want me to add a regression test?")])],
                    fallback="Added it.")
    with GeminiMock(script) as api:
        gemini(gemini_binary, gemini_seat, api, "What does the tokenizer do with CRLF line ends?",
               {"CI": "true", "GITHUB_ACTIONS": "true", "LANEGATE_MAX_REFUSALS": "1"})
    assert gemini_seat.classes() == [("BLOCK", "deference"), ("CEILING-ALLOW", "ceiling")]
