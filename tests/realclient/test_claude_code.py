"""The real Claude Code binary drives the real registered hook (SPEC §5.9): each scenario runs `claude -p`
from a fresh HOME and project with `lanegate install`, against a scripted Anthropic Messages mock on
127.0.0.1, and asserts the audit log's exact classes and tags and what the client sent the model.
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from tests.realclient.clients import CLAUDE_CODE
from tests.realclient.conftest import Seat, run_client
from tests.realclient.mock_api import AnthropicMock, Call, Request, Rule, Say, Script, prompt_has, result_of
from warmparse.client import statuses, stop_all
from warmparse.place import RUNTIME_NAME

pytestmark = pytest.mark.realclient

FEEDBACK = "Stop hook feedback"
OFFER = "Parser lane: the CRLF tests pass. Would you like me to open the PR?"
GH_URL = "https://github.com/acme/parser/pull/12"


def claude(binary: Path, seat: Seat, api: AnthropicMock, *args: str, env: dict[str, str] | None = None,
           stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    client_env = {"ANTHROPIC_BASE_URL": api.url, "ANTHROPIC_API_KEY": "sk-ant-mock",
                  "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1", **(env or {})}
    done = run_client([str(binary), *args], seat, client_env, stdin=stdin)
    assert done.returncode == 0, done.stderr
    return done


def main_requests(api: AnthropicMock) -> list[Request]:
    """The requests of the main conversation (tools offered), in order."""
    return api.requests(lambda r: r.has_tools)


def test_operator_dialogue_is_allowed_and_never_linted(claude_binary: Path, seat: Seat) -> None:
    script = Script([Rule(prompt_has("CRLF"), [Say("It folds CRLF to LF first. Want me to add a regression test?")])])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "What does the tokenizer do with CRLF line ends?")
    assert seat.classes() == [("ALLOW", "operator-dialogue")]
    assert seat.audit()[0]["operator_in_loop"] is True
    assert len(main_requests(api)) == 1


def test_an_autonomous_offer_is_refused_and_the_reason_reaches_the_model(claude_binary: Path, seat: Seat) -> None:
    script = Script([Rule(prompt_has(FEEDBACK), [Say("Opening it is mine to do: done.")]),
                     Rule(prompt_has("[WAKE]"), [Say(OFFER)])])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega: parser lane",
               env={"LANEGATE_MAX_REFUSALS": "1"})
    assert seat.classes() == [("BLOCK", "deference"), ("CEILING-ALLOW", "ceiling")]
    refusal = seat.audit()[0]
    assert (refusal["phrase"], refusal["operator_in_loop"]) == ("would you like me to", False)
    requests = main_requests(api)
    assert len(requests) == 2
    # 2.1.328 delivers the refusal as a user message "Stop hook feedback:" carrying the reason verbatim.
    assert FEEDBACK in requests[1].last_user_text
    assert refusal["reason"] in requests[1].last_user_text


def test_an_unbacked_claim_is_refused_with_the_claim_quoted(claude_binary: Path, seat: Seat) -> None:
    script = Script([Rule(prompt_has(FEEDBACK), [Say("Ran the docs build: 0 warnings.")]),
                     Rule(prompt_has("[WAKE]"), [Say("The parser lane is merged. Picking up the docs lane now.")])])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega", env={"LANEGATE_MAX_REFUSALS": "1"})
    assert seat.classes() == [("BLOCK", "unbacked-claim"), ("CEILING-ALLOW", "ceiling")]
    claim = seat.audit()[0]["claim"]
    assert (claim["text"], claim["form"]) == ("Picking up the docs lane now.", "participle")
    assert "Picking up the docs lane now." in main_requests(api)[1].last_user_text


def test_a_real_tool_call_runs_and_its_result_reaches_the_model(claude_binary: Path, seat: Seat) -> None:
    seat.write("NOTES.md", "tokenizer notes\n")
    script = Script([
        Rule(result_of("toolu_ls"), [Say("The project holds NOTES.md.")]),
        Rule(prompt_has("Which files"), [Call("toolu_ls", "Bash", {"command": "ls", "description": "List files"})]),
    ])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "Which files are in the project?", "--allowedTools", "Bash")
    assert seat.classes() == [("ALLOW", "operator-dialogue")]
    assert "NOTES.md" in main_requests(api)[1].result_text("toolu_ls")


def test_the_ceiling_allows_after_three_refusals(claude_binary: Path, seat: Seat) -> None:
    script = Script([Rule(prompt_has("[WAKE]"), [Say("Reviewed the parser module.")])], fallback="Reviewed it again.")
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega")
    assert seat.classes() == [("BLOCK", "no-lane-state")] * 3 + [("CEILING-ALLOW", "ceiling")]
    assert len(main_requests(api)) == 4


def test_without_a_ceiling_the_client_overrides_the_ninth_block(claude_binary: Path, seat: Seat) -> None:
    """2.1.328 ends the turn itself after 9 consecutive blocks (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP raises it):
    a ceiling above 8, or 0, is bounded by the client, not by lanegate (SPEC §3.1, §5.8)."""
    script = Script([Rule(prompt_has("[WAKE]"), [Say("Reviewed the parser module.")])], fallback="Reviewed it again.")
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega", env={"LANEGATE_MAX_REFUSALS": "0"})
    assert seat.classes() == [("BLOCK", "no-lane-state")] * 9
    assert len(main_requests(api)) == 9  # the 9th refusal never reaches the model
    (transcript,) = seat.transcripts()
    notes = [r["content"] for r in seat.records(transcript) if r.get("subtype") == "informational"]
    assert any("9 consecutive times" in n and "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP" in n for n in notes)


def test_dry_run_audits_the_refusal_and_lets_the_turn_end(claude_binary: Path, seat: Seat) -> None:
    script = Script([Rule(prompt_has("[WAKE]"), [Say(OFFER)])])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega", env={"LANEGATE_MODE": "dry-run"})
    assert seat.classes() == [("WOULD-BLOCK", "deference")]
    assert len(main_requests(api)) == 1


def test_a_foreground_subagent_is_judged_on_its_own_transcript(claude_binary: Path, seat: Seat) -> None:
    agent = {"description": "Find call sites", "prompt": "SUBTASK find the call sites of parse_header",
             "subagent_type": "general-purpose", "run_in_background": False}
    script = Script([
        Rule(prompt_has("SUBTASK"), [Say("Found three call sites of parse_header in src/.")]),
        Rule(result_of("toolu_fg"), [Say("The explorer found three call sites: lexer, cli and tests.")]),
        Rule(prompt_has("Use a subagent"), [Call("toolu_fg", "Agent", agent)]),
    ], fallback="Still three call sites.")
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "Where is parse_header called? Use a subagent.",
               env={"LANEGATE_MAX_REFUSALS": "1"})
    lines = seat.audit()
    sub = [(a["class"], a["tag"]) for a in lines if "/" in str(a["session"])]
    lead = [(a["class"], a["tag"]) for a in lines if "/" not in str(a["session"])]
    # A subagent is prompted by its parent, never the operator: its bare report is an autonomous stop.
    assert sub == [("BLOCK", "no-lane-state"), ("CEILING-ALLOW", "ceiling")]
    assert lead == [("ALLOW", "operator-dialogue")]
    assert lines[-1]["session"] == lines[0]["session"].split("/")[0]


def test_a_background_subagent_is_work_in_flight_for_the_lead_but_its_own_stop_is_judged(
    claude_binary: Path, seat: Seat
) -> None:
    agent = {"description": "Count TODOs", "prompt": "SUBTASK count the TODO markers in src/",
             "subagent_type": "general-purpose", "name": "counter"}
    script = Script([
        # The teammate answers after the lead's turn has ended, so the lead's stop sees it running.
        Rule(prompt_has("SUBTASK"), [Say("Counted 42 TODO markers in src/.")], times=1, delay=2.0),
        Rule(prompt_has("<task-notification>"), [Say("The counter finished: 42 TODO markers. Want me to file them?")]),
        Rule(result_of("toolu_bg"), [Say("A teammate is counting the TODO markers; it will report back.")]),
        Rule(prompt_has("TODO markers"), [Call("toolu_bg", "Agent", agent)]),
    ], fallback="Counted them again: 42.")
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "How many TODO markers are in src/? Use a teammate.",
               env={"LANEGATE_MAX_REFUSALS": "1"})
    lines = seat.audit()
    sub = [(a["class"], a["tag"]) for a in lines if "/" in str(a["session"])]
    lead = [(a["class"], a["tag"]) for a in lines if "/" not in str(a["session"])]
    # SPEC §3.1 revision 3: the stopping subagent's own background_tasks entry is not work it waits on.
    assert sub == [("BLOCK", "no-lane-state"), ("CEILING-ALLOW", "ceiling")]
    # The lead's stop while the teammate works: background_tasks lists it; the notification turn that
    # answers the operator is operator dialogue (SPEC §3.3 revision 3).
    assert lead == [("ALLOW", "background-work"), ("ALLOW", "operator-dialogue")]


def test_a_background_task_and_its_notification_turn(claude_binary: Path, seat: Seat) -> None:
    build = {"command": "sleep 2; echo built", "description": "Build", "run_in_background": True}
    script = Script([
        Rule(prompt_has("<task-notification>"), [Say("The build finished. Would you like me to run the tests too?")]),
        Rule(result_of("toolu_bgsh"), [Say("The build runs in the background; I will report when it ends.")]),
        Rule(prompt_has("Run the build"), [Call("toolu_bgsh", "Bash", build)]),
    ])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "Run the build in the background and tell me how it went.",
               "--allowedTools", "Bash")
    assert seat.classes() == [("ALLOW", "background-work"), ("ALLOW", "operator-dialogue")]
    assert [a["operator_in_loop"] for a in seat.audit()] == [True, True]


def test_a_message_typed_mid_turn_is_operator_dialogue(claude_binary: Path, seat: Seat) -> None:
    """stream-json input lets a second message arrive while the first turn runs a tool: the client records
    it as a queued_command attachment and shows it to the model as a system message."""
    script = Script([
        Rule(result_of("toolu_sleep"), [Say("Built; the lexer is fine too. Want me to run the suite?")]),
        Rule(prompt_has("[WAKE]"), [Call("toolu_sleep", "Bash", {"command": "sleep 4; echo built",
                                                                  "description": "Build"})]),
    ])

    def message(text: str) -> str:
        return json.dumps({"type": "user", "message": {"role": "user", "content": text}}) + "\n"

    with AnthropicMock(script) as api:
        env = {"ANTHROPIC_BASE_URL": api.url, "ANTHROPIC_API_KEY": "sk-ant-mock",
               "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1"}
        argv = [str(claude_binary), "-p", "--input-format", "stream-json", "--output-format", "stream-json",
                "--verbose", "--allowedTools", "Bash"]
        process = subprocess.Popen(argv, cwd=seat.project, env={**seat.env, **env}, stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert process.stdin is not None
        process.stdin.write(message("[WAKE] tick from @vega: run the build"))
        process.stdin.flush()
        deadline = time.monotonic() + 60
        while not api.requests(result_of("toolu_sleep")) and not api.requests(lambda r: r.has_tools):
            assert time.monotonic() < deadline, "the client never asked the model"
            time.sleep(0.1)
        time.sleep(1.0)  # the sleep 4 is running now
        process.stdin.write(message("also check the lexer while it builds"))
        process.stdin.flush()
        process.communicate(timeout=120)
    assert seat.classes() == [("ALLOW", "operator-dialogue")]
    assert "also check the lexer" in main_requests(api)[-1].last_user_text
    (transcript,) = seat.transcripts()
    queued = [r["attachment"] for r in seat.records(transcript) if r.get("type") == "attachment"
              and r["attachment"].get("type") == "queued_command"]
    assert [(q["commandMode"], q["prompt"], "origin" in q) for q in queued] == [
        ("prompt", "also check the lexer while it builds", False)
    ]


def test_a_typed_slash_command_is_operator_dialogue(claude_binary: Path, seat: Seat) -> None:
    seat.write(".claude/commands/lanefix.md", "Review the pull request named in: $ARGUMENTS\n")
    script = Script([Rule(prompt_has("Review the pull request named in: PR 123"),
                          [Say("Reviewed PR 123: two nits in the lexer. Want me to push the fixes?")])])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "/lanefix PR 123")
    assert seat.classes() == [("ALLOW", "operator-dialogue")]
    assert len(main_requests(api)) == 1


def test_compact_is_allowed_as_compaction_never_an_error(claude_binary: Path, seat: Seat) -> None:
    script = Script([Rule(prompt_has("CRLF"), [Say("It folds CRLF to LF first.")])],
                    fallback="<analysis>short</analysis>\n<summary>The operator asked about CRLF handling.</summary>")
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "What does the tokenizer do with CRLF line ends?")
        claude(claude_binary, seat, api, "-p", "--continue", "/compact")
    assert seat.classes() == [("ALLOW", "operator-dialogue"), ("ALLOW", "compaction")]


def test_disable_all_hooks_in_local_settings_silences_the_hook(claude_binary: Path, seat: Seat) -> None:
    seat.write(".claude/settings.local.json", {"disableAllHooks": True})
    script = Script([Rule(prompt_has("[WAKE]"), [Say(OFFER)])])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega")
    assert seat.audit() == []
    assert len(main_requests(api)) == 1


def test_a_clean_terminal_is_accepted_after_two_drives(claude_binary: Path, seat: Seat) -> None:
    handoff = ("Parser lane handed to review.\n\n```lane-state\n"
               '{"laneContinuation": "next-lane", "namedGates": [{"ref": "issue #7", "checkedAt": "{now}", '
               '"nextActor": "@reviewer"}]}\n```')
    script = Script([Rule(prompt_has("[WAKE]"), [Say(handoff)])], fallback="")
    script.rules.append(Rule(prompt_has(FEEDBACK), [Say(handoff)]))
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega", env={"LANEGATE_IDENTITY": "@lanebot"})
    assert seat.classes() == [("BLOCK", "valid-lane-state"), ("BLOCK", "valid-lane-state"),
                              ("CLEAN-TERMINAL ALLOW", "clean-terminal")]
    assert len(main_requests(api)) == 3


def test_a_pull_request_created_is_a_material_artifact(claude_binary: Path, seat: Seat) -> None:
    seat.tool("gh", f"#!/bin/sh\necho {GH_URL}\n")
    create = {"command": 'gh pr create --title "Fold CRLF" --body "Fixes the CRLF case."',
              "description": "Open the pull request"}
    script = Script([
        Rule(result_of("toolu_pr"), [Say("Opened the pull request.")]),
        Rule(prompt_has("[WAKE]"), [Call("toolu_pr", "Bash", create)]),
    ])
    with AnthropicMock(script) as api:
        claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega", "--allowedTools", "Bash")
    assert seat.classes() == [("MATERIAL-ALLOW", "material-artifact")]
    assert GH_URL in main_requests(api)[1].result_text("toolu_pr")


def test_the_first_phrase_stop_of_a_fresh_session_is_warm(claude_binary: Path, seat: Seat, tmp_path: Path) -> None:
    """SPEC §5.4, §6 revision 3: install's SessionStart hook starts the parse server, so the first stop
    with a phrase, seconds after the session started, is answered warm (no parse-server warning)."""
    runtime = tmp_path / "xdg"
    runtime.mkdir(mode=0o700)
    seat.env["XDG_RUNTIME_DIR"] = str(runtime)
    script = Script([Rule(prompt_has(FEEDBACK), [Say("Opened it myself.")]),
                     Rule(prompt_has("[WAKE]"), [Say(OFFER)], delay=5.0)])
    try:
        with AnthropicMock(script) as api:
            claude(claude_binary, seat, api, "-p", "[WAKE] tick from @vega", env={"LANEGATE_MAX_REFUSALS": "1"})
        first: dict[str, Any] = seat.audit()[0]
        assert (first["class"], first["tag"], first["warnings"]) == ("BLOCK", "deference", [])
        ((_, status),) = statuses(str(runtime / RUNTIME_NAME))
        assert status["requests"] >= 1
    finally:
        stop_all(str(runtime / RUNTIME_NAME))


def test_the_pinned_version_is_the_one_driven(claude_binary: Path) -> None:
    done = subprocess.run([str(claude_binary), "--version"], capture_output=True, text=True, timeout=60)
    assert done.stdout.split()[0] == CLAUDE_CODE.version
