"""Every harness through the real entry point: its payload in, its own wire format out (docs/DESIGN.md#adapters).

Payloads come from tests/fixtures/payloads/, modeled on each harness's documented shape; each test
points them at a transcript it writes. Each allow and refuse output is checked against that harness's
rules: Codex prints exactly {decision, reason} or nothing; Gemini denies with {decision: "deny",
reason}; Cursor answers {followup_message} or {}; Claude Code prints nothing when it allows.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from hook.harness import ADAPTERS
from tests.test_rollout import PR_URL, Rollout
from tests.transcript_builder import TranscriptBuilder, lane_state_block

ROOT = Path(__file__).resolve().parents[1]
PAYLOADS = ROOT / "tests" / "fixtures" / "payloads"
NOW = datetime.now(UTC)
WAKE = "[WAKE] peer ping: lane check"


@dataclass
class Result:
    code: int
    stdout: str
    stderr: str
    line: dict[str, Any]

    @property
    def decision(self) -> dict[str, Any]:
        return json.loads(self.stdout)


class Hook:
    """`python -m hook.cli hook` with HOME, audit log, state and user config inside tmp_path."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.audit = tmp / "audit.jsonl"
        (tmp / "home").mkdir()

    def run(self, payload: dict[str, Any], *args: str, **env: str) -> Result:
        done = subprocess.run(
            [sys.executable, "-m", "hook.cli", "hook", *args],
            input=json.dumps(payload).encode(),
            capture_output=True,
            cwd=ROOT,
            env={
                "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                **{k: v for k, v in os.environ.items() if k == "PYTHONPATH"},  # tests/conftest.py
                "HOME": str(self.tmp / "home"),
                "LANEGATE_AUDIT_LOG": str(self.audit),
                "LANEGATE_STATE_DIR": str(self.tmp / "state"),
                "LANEGATE_CONFIG": str(self.tmp / "user.toml"),
                "LANEGATE_PARSE_SERVER": "off",  # tests/test_warm_*.py judge the warm parse
                "PYTHONDONTWRITEBYTECODE": "1",
                **env,
            },
            timeout=120,
        )
        line = json.loads(self.audit.read_bytes().splitlines()[-1])
        return Result(done.returncode, done.stdout.decode(), done.stderr.decode(), line)


@pytest.fixture
def hook(tmp_path: Path) -> Hook:
    return Hook(tmp_path)


def payload(name: str, **overrides: Any) -> dict[str, Any]:
    data = json.loads((PAYLOADS / f"{name}.json").read_text())
    data.update(overrides)
    return data


def gate(ref: str = "design review of the tokenizer") -> dict[str, str]:
    return {"ref": ref, "checkedAt": NOW.strftime("%Y-%m-%dT%H:%M:%SZ"), "nextActor": "@reviewer"}


def terminal(lane: str = "next-lane", ref: str = "design review of the tokenizer") -> str:
    return "Tokenizer lane handed over.\n\n" + lane_state_block(lane, [gate(ref)])


def outcome(result: Result) -> tuple[str, str, str]:
    return result.line["harness"], result.line["class"], result.line["tag"]


# ---- Codex CLI ----


def rollout(hook: Hook, prompt: str, final: str, *calls: tuple[str, str], name: str = "r.jsonl") -> str:
    r = Rollout(start=NOW - timedelta(minutes=3)).user(prompt)
    for command, output in calls:
        r.exec(command, output)
    return str(r.assistant(final).write(hook.tmp / name))


def test_codex_refuses_with_exactly_decision_and_reason(hook: Hook) -> None:
    path = rollout(hook, WAKE, "Parser done.")
    result = hook.run(payload("codex_stop", transcript_path=path, last_assistant_message="Parser done."))
    assert (result.code, result.stderr) == (0, "")
    assert result.decision == {"decision": "block", "reason": result.line["reason"]}
    assert outcome(result) == ("codex", "BLOCK", "no-lane-state")
    assert result.line["session"] == "0199a1f2-0000-7000-8000-000000000001"


def test_codex_allows_operator_dialogue_with_no_output(hook: Hook) -> None:
    path = rollout(hook, "Explain the tail reader.", "It reads backwards.")
    result = hook.run(payload("codex_stop", transcript_path=path, last_assistant_message="It reads backwards."))
    assert (result.code, result.stdout, result.stderr) == (0, "", "")
    assert outcome(result) == ("codex", "ALLOW", "operator-dialogue")
    assert result.line["operator_in_loop"] is True


def test_codex_accepted_exit_prints_nothing_where_claude_code_gets_a_system_message(hook: Hook) -> None:
    path = rollout(hook, WAKE, "PR opened.", ("gh pr create --fill", f"{PR_URL}\n"))
    result = hook.run(payload("codex_stop", transcript_path=path, last_assistant_message="PR opened."))
    assert (result.code, result.stdout) == (0, "")
    assert outcome(result) == ("codex", "MATERIAL-ALLOW", "material-artifact")


@pytest.mark.parametrize(
    ("calls", "tag"),
    [((("gh pr view 12 --json state", "OPEN"),), "valid-lane-state"), ((), "invalid-lane-state")],
)
def test_codex_shell_calls_are_pr_fetch_evidence(hook: Hook, calls: tuple[tuple[str, str], ...], tag: str) -> None:
    final = terminal("next-lane", "PR #12")
    path = rollout(hook, WAKE, final, *calls)
    result = hook.run(payload("codex_stop", transcript_path=path, last_assistant_message=final))
    assert outcome(result) == ("codex", "BLOCK", tag)
    assert list(result.decision) == ["decision", "reason"]


def test_codex_falls_back_to_the_rollout_text_and_prints_nothing_in_dry_run(hook: Hook) -> None:
    path = rollout(hook, WAKE, "Parser done.")
    result = hook.run(payload("codex_stop", transcript_path=path, last_assistant_message=None), LANEGATE_MODE="dry-run")
    assert (result.code, result.stdout) == (0, "")
    assert outcome(result) == ("codex", "WOULD-BLOCK", "no-lane-state")


def test_codex_without_a_rollout_allows_and_files_a_transcript_error(hook: Hook) -> None:
    result = hook.run(payload("codex_stop", transcript_path=None))
    assert (result.code, result.stdout) == (0, "")
    assert outcome(result) == ("codex", "ERROR", "transcript-error")
    assert result.line["reason"] == "Codex sent no transcript_path (an ephemeral session has no rollout to walk)"


def test_codex_subagent_is_judged_on_its_own_rollout_and_counters(hook: Hook) -> None:
    parent = rollout(hook, "Explain the walk.", "It reads back.")
    own = rollout(hook, "Survey the tokenizer tests.", "Surveyed: 42 tests.", name="agent.jsonl")
    result = hook.run(payload("codex_subagent_stop", transcript_path=parent, agent_transcript_path=own))
    assert outcome(result) == ("codex", "BLOCK", "no-lane-state")
    assert (result.line["session"], result.line["operator_in_loop"]) == (
        "0199a1f2-0000-7000-8000-000000000001/0199a1f3-0000-7000-8000-000000000009", False)


# ---- Gemini CLI ----


def test_gemini_denies_an_autonomous_turn_with_decision_deny(hook: Hook) -> None:
    result = hook.run(payload("gemini_after_agent", prompt=WAKE, prompt_response="Parser done."))
    assert (result.code, result.stderr) == (0, "")
    assert result.decision == {"decision": "deny", "reason": result.line["reason"]}
    assert outcome(result) == ("gemini", "BLOCK", "no-lane-state")


def test_gemini_allows_operator_dialogue_with_no_output(hook: Hook) -> None:
    result = hook.run(payload("gemini_after_agent"))
    assert (result.code, result.stdout, result.stderr) == (0, "", "")
    assert outcome(result) == ("gemini", "ALLOW", "operator-dialogue")
    assert (result.line["operator_in_loop"], result.line["mid_chain"]) == (True, False)


def test_gemini_active_lane_in_dialogue_is_denied_and_a_retry_is_mid_chain(hook: Hook) -> None:
    result = hook.run(payload("gemini_after_agent", prompt_response=terminal("active-lane"), stop_hook_active=True))
    assert result.decision == {"decision": "deny", "reason": result.line["reason"]}
    assert outcome(result) == ("gemini", "BLOCK", "active-lane-in-dialogue")
    assert result.line["mid_chain"] is True


def test_gemini_retries_of_one_prompt_reach_the_ceiling_and_a_new_prompt_resets_it(hook: Hook) -> None:
    # Gemini CLI 0.61.0: each retry's prompt_response holds the earlier answers, a newline, then the new one.
    classes = [hook.run(payload("gemini_after_agent", prompt=WAKE, prompt_response="\n".join(["Parser done."] * n),
                                stop_hook_active=n > 1)).line["class"] for n in range(1, 5)]
    assert classes == ["BLOCK", "BLOCK", "BLOCK", "CEILING-ALLOW"]
    active = payload("gemini_after_agent", prompt="What is left?", prompt_response=terminal("active-lane"))
    assert outcome(hook.run(active)) == ("gemini", "BLOCK", "active-lane-in-dialogue")


def test_gemini_without_a_prompt_is_an_input_error(hook: Hook) -> None:
    data = payload("gemini_after_agent")
    del data["prompt"]
    result = hook.run(data)
    assert (result.code, result.stdout) == (0, "")
    assert outcome(result) == ("gemini", "ERROR", "input-error")
    assert result.line["reason"] == "AfterAgent payload has no prompt"


# ---- Cursor ----


def cursor_transcript(hook: Hook, *messages: tuple[str, list[dict[str, Any]]]) -> str:
    """A Cursor agent transcript: one {role, message: {content}} object per line, no timestamps."""
    path = hook.tmp / "cursor.jsonl"
    lines = [json.dumps({"role": role, "message": {"content": content}}) for role, content in messages]
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def query(text: str) -> tuple[str, list[dict[str, Any]]]:
    return "user", [{"type": "text", "text": f"<user_query>\n{text}\n</user_query>"}]


def says(text: str, *tools: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    return "assistant", [*tools, {"type": "text", "text": text}]


def test_cursor_continues_only_through_a_followup_message(hook: Hook) -> None:
    path = cursor_transcript(hook, query(WAKE), says("Parser done."))
    result = hook.run(payload("cursor_stop", transcript_path=path))
    assert (result.code, result.stderr) == (0, "")
    assert result.decision == {"followup_message": result.line["reason"]}
    assert outcome(result) == ("cursor", "BLOCK", "no-lane-state")
    assert result.line["session"] == "cdefee2d-2727-4b73-bf77-d9d830f31d2a"


def test_cursor_allows_operator_dialogue_with_an_empty_object(hook: Hook) -> None:
    path = cursor_transcript(hook, query("Explain the tail reader."), says("It reads backwards."))
    result = hook.run(payload("cursor_stop", transcript_path=path))
    assert (result.code, result.stdout, result.stderr) == (0, "{}\n", "")
    assert outcome(result) == ("cursor", "ALLOW", "operator-dialogue")


def test_cursor_followups_echoed_as_user_messages_are_not_operator_prompts(hook: Hook) -> None:
    first = hook.run(payload("cursor_stop", transcript_path=cursor_transcript(hook, query(WAKE), says("Done."))))
    directive = first.decision["followup_message"]
    path = cursor_transcript(hook, query(WAKE), says("Done."), ("user", [{"type": "text", "text": directive}]),
                             says("Still done."))
    again = hook.run(payload("cursor_stop", transcript_path=path, loop_count=1))
    assert outcome(again) == ("cursor", "BLOCK", "no-lane-state")
    assert (again.line["operator_in_loop"], again.line["mid_chain"]) == (False, False)


def test_cursor_loop_count_feeds_the_ceiling_without_any_session_state(hook: Hook) -> None:
    path = cursor_transcript(hook, query(WAKE), *[says("Done.")] * 4)
    result = hook.run(payload("cursor_stop", transcript_path=path, loop_count=3, conversation_id=None))
    assert (result.stdout, *outcome(result)) == ("{}\n", "cursor", "CEILING-ALLOW", "ceiling")


def test_cursor_shell_calls_are_pr_fetch_evidence(hook: Hook) -> None:
    final = terminal("next-lane", "PR #12")
    shell = {"type": "tool_use", "name": "Shell", "input": {"command": "gh pr view 12"}}
    path = cursor_transcript(hook, query(WAKE), says("Checking.", shell), says(final))
    assert outcome(hook.run(payload("cursor_stop", transcript_path=path))) == ("cursor", "BLOCK", "valid-lane-state")


@pytest.mark.parametrize(
    "overrides",
    [{"transcript_path": None}, {"status": "aborted"}, {"status": "error"}],
)
def test_cursor_without_a_transcript_or_a_completed_loop_allows_as_no_final_text(
    hook: Hook, overrides: dict[str, Any]
) -> None:
    path = cursor_transcript(hook, query(WAKE), says("Parser done."))
    result = hook.run(payload("cursor_stop", transcript_path=path) | overrides)
    assert (result.code, result.stdout) == (0, "{}\n")
    assert outcome(result) == ("cursor", "ALLOW", "no-final-text")


def test_a_failure_prints_nothing_even_on_cursor(hook: Hook) -> None:
    result = hook.run(payload("cursor_stop", loop_count="two"))
    assert (result.code, result.stdout) == (0, "")
    assert outcome(result) == ("cursor", "ERROR", "input-error")
    assert result.line["reason"] == "loop_count 'two' is not a count"


# ---- Claude Code ----


def claude_transcript(hook: Hook, prompt: str, final: str, *, agent: str | None = None) -> str:
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3))
    t.user(prompt, sidechain=agent is not None, origin=None if agent else {"kind": "human"})
    t.assistant_text(final, sidechain=agent is not None)
    for record in t.records:
        if agent and isinstance(record, dict):
            record["agentId"] = agent
    return str(t.write(hook.tmp / (f"agent-{agent}.jsonl" if agent else "claude.jsonl")))


def test_claude_allows_with_nothing_on_stdout(hook: Hook) -> None:
    path = claude_transcript(hook, "Explain the walk.", "Parser fixed.")
    result = hook.run(payload("claude_stop", transcript_path=path, cwd=str(hook.tmp)))
    assert (result.code, result.stdout, result.stderr) == (0, "", "")
    assert outcome(result) == ("claude", "ALLOW", "operator-dialogue")


def test_claude_subagent_with_pending_background_work_is_allowed(hook: Hook) -> None:
    own = claude_transcript(hook, "Survey the tokenizer tests.", "Surveyed: 42 tests, all pass.", agent="a7c1")
    result = hook.run(payload("claude_subagent_stop", agent_transcript_path=own, cwd=str(hook.tmp)))
    assert (result.code, result.stdout) == (0, "")
    assert outcome(result) == ("claude", "ALLOW", "background-work")
    assert result.line["session"] == "5e55a000-0000-4000-8000-000000000001/a7c1"


def test_claude_completed_background_work_does_not_allow(hook: Hook) -> None:
    path = claude_transcript(hook, WAKE, "Parser fixed.")
    result = hook.run(payload("claude_stop", transcript_path=path, cwd=str(hook.tmp)))
    assert outcome(result) == ("claude", "BLOCK", "no-lane-state")
    assert list(result.decision) == ["decision", "reason"]


# ---- detection ----


@pytest.mark.parametrize(
    ("name", "harness"),
    [("claude_stop", "claude"), ("codex_stop", "codex"), ("gemini_after_agent", "gemini"), ("cursor_stop", "cursor")],
)
def test_the_harness_is_detected_from_the_payload(hook: Hook, name: str, harness: str) -> None:
    assert hook.run(payload(name)).line["harness"] == harness


def test_an_explicit_harness_wins_over_detection(hook: Hook) -> None:
    path = rollout(hook, WAKE, "Parser done.")
    result = hook.run(payload("codex_stop", transcript_path=path), "--harness", "claude")
    assert outcome(result) == ("claude", "BLOCK", "no-lane-state")
    assert list(result.decision) == ["decision", "reason"]


def test_cursor_lines_become_walk_entries() -> None:
    from hook.harness import walk_for
    from hook.harness.cursor import CursorDecoder

    decode = CursorDecoder(walk_for("cursor")).decode

    def shown(entry: Any) -> str:
        """What an entry says: a message's texts as one, a prompt's text, a result's text."""
        if entry.kind == "text":
            return "\n\n".join(entry.texts)
        return entry.prompt.text if entry.kind == "prompt" else entry.text

    assistant = {"role": "assistant", "message": {"content": [
        {"type": "text", "text": "Checking."},
        {"type": "tool_use", "id": "t1", "name": "Shell", "input": {"command": "gh pr view 12"}},
        {"type": "text", "text": "Open."}, {"type": "text", "text": "Next: the lexer."}]}}
    assert [(e.kind, shown(e), e.name) for e in decode(assistant)] == [
        ("text", "Checking.", ""), ("call", "", "Shell"), ("text", "Open.\n\nNext: the lexer.", "")]
    assert "Shell" in CursorDecoder(walk_for("cursor")).shell_tools  # the reader gives the call its command
    user = {"role": "user", "message": {"content": [
        {"type": "tool_result", "tool_use_id": "t1", "content": "OPEN", "is_error": False},
        {"type": "text", "text": "<attached_files>a.py</attached_files>\n<user_query>\nFix it.\n</user_query>"}]}}
    assert [(e.kind, shown(e), e.call_id) for e in decode(user)] == [("result", "OPEN", "t1"),
                                                                          ("prompt", "Fix it.", "")]
    assert decode({"type": "turn_ended", "status": "success"}) == []


# -- a harness is one module ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(ADAPTERS))
def test_every_registered_harness_module_owns_every_part(name: str) -> None:
    """Payload parsing, detection claim, output, install target and entry, doctor's probe stop, replay's
    view of its session files, its facts (shell tools, project env files, record tags) and its settings
    table: all in the hook/harness/<name>/ folder."""
    from hook.harness import ADAPTERS, InstallTarget, get_harness, harness_facts, harness_file, harness_walk
    from hook.harness.steps import SHARED_KINDS

    harness = get_harness(name)
    assert ADAPTERS[name] == f"hook.harness.{name}"
    assert harness.name == name
    parts = ("claims", "parse", "render", "install_entry", "probe_stop", "recorded")
    assert all(callable(getattr(harness, part)) for part in parts)
    recorded = harness.recorded()
    assert (isinstance(recorded.title, str), isinstance(recorded.description, str)) == (True, True)
    assert callable(recorded.sniff)
    if recorded.readable:
        assert (callable(recorded.scanner), callable(recorded.stop_payload)) == (True, True)
    assert isinstance(harness.install, InstallTarget)
    assert harness.install.events and harness.install.filename.endswith(".json")
    entry = harness.install_entry("/bin/lanegate hook")
    assert entry["command"] == "/bin/lanegate hook"
    # A harness whose facts name no shell tool would hide every gh artifact and PR fetch its agent makes.
    assert harness_facts(harness).shell_tools
    assert harness_walk(harness).reminder_tag  # its [walk] tags build a walk (a bad key raises WalkConfigError)
    assert Path(harness_file(harness, "settings.toml")).parent == ROOT / "hook" / "harness" / name
    writer = harness.case_writer("s", "2026-12-02T10:00:00Z", "/work/repo")
    for kind in SHARED_KINDS:  # every writer takes the shared step kinds
        writer.step({kind: "2026-12-02T10:00:05Z" if kind == "at" else "x"})
    writer.final("Done.")
    assert writer.stop({}, "/tmp/t.jsonl", "/work/repo", again=False).payload and writer.to_bytes()


def test_the_registry_lists_exactly_the_harness_folders_on_disk() -> None:
    """A harness is a folder under hook/harness/; the modules beside the protocol are shared by every harness."""
    from hook.harness import ADAPTERS

    folder = ROOT / "hook" / "harness"
    packages = {p.parent.name for p in folder.glob("*/__init__.py")}
    assert set(ADAPTERS) == packages
    assert sorted(p.name for p in folder.glob("*.py")) == ["__init__.py", "steps.py"]


# ---- Claude Code's first stop can come before its transcript file (seen with the real client) -----------


def test_a_claude_transcript_created_just_after_the_stop_is_read(tmp_path: Path) -> None:
    """Claude Code 2.1.328 ran a session's first Stop before creating the transcript (real-client suite):
    a missing file in an existing folder is waited for, so the turn is judged, not a transcript error."""
    import threading
    import time

    from hook.harness import walk_for
    from hook.harness.claude import read_claude_turn

    path = tmp_path / "session.jsonl"
    record = {"type": "user", "message": {"role": "user", "content": "[WAKE] tick from @vega"}}
    writer = threading.Timer(0.2, lambda: path.write_text(json.dumps(record) + "\n"))
    started = time.monotonic()
    writer.start()
    turn = read_claude_turn(str(path), walk_for("claude"))
    writer.join()
    assert (turn.context.kind, turn.context.operator_in_loop) == ("wake", False)
    assert 0.2 <= time.monotonic() - started < 2.0


def test_a_claude_transcript_in_no_folder_is_an_error_at_once(tmp_path: Path) -> None:
    import time

    from hook.harness import walk_for
    from hook.harness.claude import read_claude_turn
    from hook.transcript.reader import TranscriptError

    started = time.monotonic()
    with pytest.raises(TranscriptError, match="cannot open transcript"):
        read_claude_turn(str(tmp_path / "gone" / "session.jsonl"), walk_for("claude"))
    assert time.monotonic() - started < 0.5


def test_a_claude_call_answered_just_after_the_stop_is_read_with_its_result(tmp_path: Path) -> None:
    """Claude Code 2.1.328 ran Stop before writing a call's result and the final text (real-client suite): a
    newest call without a result means the file lags, so the reader waits for it to grow and reads again."""
    import threading

    from hook.harness import walk_for
    from hook.harness.claude import read_claude_turn

    path = tmp_path / "session.jsonl"
    prompt = {"type": "user", "uuid": "u1", "message": {"role": "user", "content": "[WAKE] tick from @vega"}}
    call = {"type": "assistant", "uuid": "a1", "message": {"role": "assistant", "content": [
        {"type": "tool_use", "id": "toolu_pr", "name": "Bash", "input": {"command": "gh pr create --fill"}}]}}
    answer = {"type": "user", "uuid": "u2", "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_pr", "content": "https://github.com/acme/parser/pull/12"}]}}
    path.write_text(json.dumps(prompt) + "\n" + json.dumps(call) + "\n")
    later = threading.Timer(0.2, lambda: path.open("a").write(json.dumps(answer) + "\n"))
    later.start()
    turn = read_claude_turn(str(path), walk_for("claude"))
    later.join()
    assert [(c.name, c.result_text) for c in turn.tool_calls] == [("Bash", "https://github.com/acme/parser/pull/12")]


def test_commands_find_the_project_and_its_env_files_through_every_harness() -> None:
    """Off a stop (serve, doctor, analyze) the project is the one a registered harness names to its hooks, in
    registry order, and the project env files screened are every harness's: the four files read before they
    moved into the harness folders, in the same order."""
    from hook.harness import every_project_env, project_from_env

    assert project_from_env({"GEMINI_PROJECT_DIR": "/g"}) == "/g"
    assert project_from_env({"CLAUDE_PROJECT_DIR": "/c", "GEMINI_PROJECT_DIR": "/g"}) == "/c"
    assert project_from_env({"HOME": "/h", "CLAUDE_PROJECT_DIR": ""}) is None
    assert every_project_env() == ((".claude/settings.json", "settings-env"),
                                   (".claude/settings.local.json", "settings-env"),
                                   (".gemini/.env", "dotenv"), (".env", "dotenv"))
