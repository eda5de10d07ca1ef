"""Gemini CLI's session file as the AfterAgent turn's tool evidence (docs/DESIGN.md#adapters, revision 2).

Record shapes from gemini-cli's ChatRecordingService (packages/core/src/services/chatRecordingTypes.ts):
a metadata line, then message records {id, timestamp, type, content, toolCalls}; older versions wrote
one indented JSON object with a `messages` array. Texts here are invented.
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest

from hook.harness import walk_for
from hook.harness.gemini import PromptTurn

PROMPT = "[WAKE] peer ping from @vega: lane check"
META = {"sessionId": "s-1", "projectHash": "ab" * 32, "startTime": "2026-12-02T10:00:00.000Z",
        "lastUpdated": "2026-12-02T10:03:00.000Z", "kind": "main"}


def user(i: int, text: str) -> dict[str, Any]:
    return {"id": f"u{i}", "timestamp": f"2026-12-02T10:0{i}:00.000Z", "type": "user", "content": [{"text": text}]}


def model(i: int, text: str, *calls: dict[str, Any]) -> dict[str, Any]:
    record: dict[str, Any] = {"id": f"g{i}", "timestamp": f"2026-12-02T10:0{i}:30.000Z", "type": "gemini",
                              "content": text, "model": "gemini-2.5-pro"}
    if calls:
        record["toolCalls"] = list(calls)
    return record


def shell(call_id: str, command: str, output: str | None, status: str = "success") -> dict[str, Any]:
    call: dict[str, Any] = {"id": call_id, "name": "run_shell_command", "args": {"command": command},
                            "status": status, "timestamp": "2026-12-02T10:01:10.000Z"}
    if output is not None:
        call["result"] = [{"functionResponse": {"id": call_id, "name": "run_shell_command",
                                                "response": {"output": output}}}]
    return call


def jsonl(tmp: pathlib.Path, records: list[dict[str, Any]]) -> str:
    path = tmp / "session.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return str(path)


def read(path: str, prompt: str = PROMPT, *, retry: bool = False, scan_from: int | None = None) -> Any:
    return PromptTurn(prompt, retry=retry)(path, walk_for("gemini"), scan_from=scan_from)


def commands(turn: Any) -> list[tuple[str, str | None, bool]]:
    return [(c.input.get("command"), c.result_text, c.is_error) for c in turn.tool_calls]


def test_the_turns_calls_come_after_its_prompt(tmp_path: pathlib.Path) -> None:
    path = jsonl(tmp_path, [META, user(1, "older question"), model(1, "", shell("c0", "gh pr view 7", "Output: old")),
                            user(2, PROMPT), model(2, "", shell("c1", "gh pr view 812", "Output: OPEN\nExit Code: 0")),
                            model(3, "Checks are green.")])
    turn = read(path)
    assert commands(turn) == [("gh pr view 812", "Output: OPEN\nExit Code: 0", False)]
    assert (turn.context.kind, turn.context.operator_in_loop) == ("wake", False)
    assert turn.context.timestamp is not None and turn.context.timestamp.minute == 2
    assert turn.final_text == "Checks are green."


def test_a_failed_call_is_an_error_and_a_pending_one_has_no_result(tmp_path: pathlib.Path) -> None:
    path = jsonl(tmp_path, [META, user(1, PROMPT), model(1, "", shell("c1", "gh pr create", "Output: denied", "error"),
                                                          shell("c2", "gh pr view 9", None, "executing"))])
    assert commands(read(path)) == [("gh pr create", "Output: denied", True), ("gh pr view 9", None, False)]


def test_a_retry_walks_past_the_deny_reason_to_the_original_prompt(tmp_path: pathlib.Path) -> None:
    records = [META, user(1, PROMPT), model(1, "", shell("c1", "gh pr view 812", "Output: OPEN")),
               model(2, "Done."), user(3, "There is no hold state: do the next action now."), model(4, "Again.")]
    path = jsonl(tmp_path, records)
    assert [c[0] for c in commands(read(path, retry=True))] == ["gh pr view 812"]
    assert commands(read(path, retry=False)) == []  # a first stop: the newest user message is the prompt


def test_a_prompt_missing_from_the_file_gives_no_evidence(tmp_path: pathlib.Path) -> None:
    path = jsonl(tmp_path, [META, user(1, "something else"), model(1, "", shell("c1", "gh pr view 812", "ok"))])
    turn = read(path, retry=True)
    assert (turn.tool_calls, turn.context.kind, turn.context.offset) == ((), "wake", None)


def test_the_older_single_object_session_file_is_read(tmp_path: pathlib.Path) -> None:
    legacy = {**META, "messages": [user(1, PROMPT), model(1, "", shell("c1", "gh pr view 812", "Output: OPEN")),
                                   model(2, "Checks are green.")]}
    path = tmp_path / "session-2026-12-02T10-00-abc.json"
    path.write_text(json.dumps(legacy, indent=2), encoding="utf-8")
    turn = read(str(path))
    assert commands(turn) == [("gh pr view 812", "Output: OPEN", False)]
    assert turn.final_text == "Checks are green."


def test_a_torn_last_line_is_skipped(tmp_path: pathlib.Path) -> None:
    path = jsonl(tmp_path, [META, user(1, PROMPT), model(1, "", shell("c1", "gh pr view 812", "Output: OPEN"))])
    with open(path, "a", encoding="utf-8") as fh:
        fh.write('{"id": "g9", "type": "gemini", "content": "half')
    assert [c[0] for c in commands(read(path))] == ["gh pr view 812"]


def test_calls_since_the_last_stop_are_read_past_the_prompt(tmp_path: pathlib.Path) -> None:
    """A pull request created in an earlier turn, after the last allowed stop, is still a material artifact."""
    first = [META, user(1, "earlier prompt"), model(1, "")]
    path = jsonl(tmp_path, first)
    boundary = pathlib.Path(path).stat().st_size
    later = [model(2, "", shell("c1", "gh pr create --fill", "https://github.com/acme/x/pull/4")), user(3, PROMPT),
             model(4, "Opened it.")]
    with open(path, "a", encoding="utf-8") as fh:
        fh.writelines(json.dumps(r) + "\n" for r in later)
    turn = read(path, scan_from=boundary)
    assert [c[0] for c in commands(turn)] == ["gh pr create --fill"]


@pytest.mark.parametrize("content", ["plain text", [{"text": "a"}, {"text": "b"}], {"text": "one part"}])
def test_model_text_in_every_content_shape_is_the_final_text(tmp_path: pathlib.Path, content: Any) -> None:
    path = jsonl(tmp_path, [META, user(1, PROMPT), {"id": "g1", "type": "gemini", "content": content}])
    expected = {"plain text": "plain text"}.get(content) if isinstance(content, str) else None
    turn = read(path)
    assert turn.final_text == (expected or ("a\nb" if isinstance(content, list) else "one part"))


# ---- Gemini CLI 0.61.0 as driven (docs/HARNESSES.md, issue 29) -------------------------------------------------


def results_again(call_id: str, output: str) -> dict[str, Any]:
    """The user record 0.61.0 writes after a call: its result again, functionResponse parts only."""
    return {"id": f"r-{call_id}", "timestamp": "2026-12-02T10:01:40.000Z", "type": "user",
            "content": [{"functionResponse": {"id": call_id, "name": "run_shell_command",
                                              "response": {"output": output}}}]}


def test_a_tool_result_written_as_a_user_record_is_no_prompt(tmp_path: pathlib.Path) -> None:
    """The turn's calls stay its evidence: the second copy of a result is not the turn's prompt."""
    created = "Output: https://github.com/acme/parser/pull/12"
    path = jsonl(tmp_path, [META, user(1, PROMPT), model(1, "", shell("c1", "gh pr create --fill", created)),
                            results_again("c1", created), model(2, "Opened the pull request.")])
    turn = read(path)
    assert commands(turn) == [("gh pr create --fill", created, False)]
    assert turn.context.timestamp is not None and turn.context.timestamp.minute == 1


def test_the_pull_request_of_a_turn_with_a_result_record_is_a_material_artifact(tmp_path: pathlib.Path) -> None:
    from hook.core import handle

    created = "Output: https://github.com/acme/parser/pull/12"
    path = jsonl(tmp_path, [META, user(1, PROMPT), model(1, "", shell("c1", 'gh pr create --title "CRLF"', created)),
                            results_again("c1", created), model(2, "Opened the pull request.")])
    payload = {"session_id": "g-pr", "transcript_path": path, "cwd": str(tmp_path), "hook_event_name": "AfterAgent",
               "timestamp": "2026-12-02T10:02:00Z", "prompt": PROMPT, "prompt_response": "Opened the pull request.",
               "stop_hook_active": False}
    env = {"HOME": str(tmp_path), "LANEGATE_AUDIT_LOG": str(tmp_path / "a.jsonl"),
           "LANEGATE_STATE_DIR": str(tmp_path / "s"), "LANEGATE_CONFIG": str(tmp_path / "u.toml"),
           "LANEGATE_PARSE_SERVER": "off"}
    line = handle(json.dumps(payload).encode(), "gemini", env).line
    assert (line.klass, line.tag) == ("MATERIAL-ALLOW", "material-artifact")


def test_a_retry_is_judged_on_the_answer_after_the_refused_one(tmp_path: pathlib.Path) -> None:
    """0.61.0 sends a retry's prompt_response as the refused answer, a newline, then the new answer."""
    from hook.core import handle

    env = {"HOME": str(tmp_path), "LANEGATE_AUDIT_LOG": str(tmp_path / "a.jsonl"),
           "LANEGATE_STATE_DIR": str(tmp_path / "s"), "LANEGATE_CONFIG": str(tmp_path / "u.toml"),
           "LANEGATE_PARSE_SERVER": "off"}
    offer = "Parser lane: the CRLF tests pass. Would you like me to open the PR?"

    def stop(response: str, retry: bool) -> tuple[str, str]:
        payload = {"session_id": "g-retry", "transcript_path": "", "cwd": str(tmp_path),
                   "hook_event_name": "AfterAgent", "timestamp": "2026-12-02T10:02:00Z", "prompt": PROMPT,
                   "prompt_response": response, "stop_hook_active": retry}
        line = handle(json.dumps(payload).encode(), "gemini", env).line
        return line.klass, line.tag

    assert stop(offer, False) == ("BLOCK", "deference")
    assert stop(offer + "\nRan the parser suite: 40 passed.", True) == ("BLOCK", "no-lane-state")
    # A text that does not begin with the refused one is judged whole.
    assert stop("Ran it again. Would you like me to open the PR?", True) == ("BLOCK", "deference")
