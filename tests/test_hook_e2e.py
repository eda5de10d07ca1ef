"""`lanegate hook` as Claude Code runs it: a process, a payload on stdin, a transcript on disk.

One test per row of the decision table (docs/DESIGN.md#the-decision) in enforce and dry-run, the ceiling, bad input
(docs/DESIGN.md#failure), and the no-candidate path that must never import spaCy.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from hook.directives import load_directives
from hook.state import state_file_name
from tests.transcript_builder import TranscriptBuilder, lane_state_block

ROOT = Path(__file__).resolve().parents[1]
DIRECTIVES, _ = load_directives()
NOW = datetime.now(UTC)
PR_URL = "https://github.com/acme/parser/pull/12"


@dataclass
class Result:
    code: int
    stdout: str
    stderr: str
    lines: list[dict[str, Any]]

    @property
    def line(self) -> dict[str, Any]:
        """The audit line this run appended."""
        return self.lines[-1]

    @property
    def decision(self) -> dict[str, Any] | None:
        return json.loads(self.stdout) if self.stdout else None


class Hook:
    """Runs the hook in a process with HOME, the audit log, the state and the config inside tmp_path."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.audit = tmp / "audit.jsonl"
        self.state = tmp / "state"
        self.project = tmp / "project"
        self.project.mkdir()
        (tmp / "home").mkdir()

    def env(self, **extra: str) -> dict[str, str]:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            **{k: v for k, v in os.environ.items() if k == "PYTHONPATH"},  # tests/conftest.py
            "HOME": str(self.tmp / "home"),
            "LANEGATE_AUDIT_LOG": str(self.audit),
            "LANEGATE_STATE_DIR": str(self.state),
            "LANEGATE_CONFIG": str(self.tmp / "user.toml"),
            "LANEGATE_PARSE_SERVER": "off",  # tests/test_warm_*.py judge the warm parse
            "PYTHONDONTWRITEBYTECODE": "1",
        }
        env.update(extra)
        return env

    def run(self, payload: bytes | dict[str, Any], *python_flags: str, **env: str) -> Result:
        return self.run_argv([*python_flags, "-m", "hook.cli", "hook"], payload, **env)

    def run_argv(self, argv: list[str], payload: bytes | dict[str, Any], **env: str) -> Result:
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        done = subprocess.run(
            [sys.executable, *argv],
            input=data,
            capture_output=True,
            cwd=ROOT,
            env=self.env(**env),
            timeout=120,
        )
        lines = [json.loads(raw) for raw in self.audit.read_bytes().splitlines()] if self.audit.exists() else []
        return Result(done.returncode, done.stdout.decode(), done.stderr.decode(), lines)

    def run_here(self, payload: dict[str, Any], **env: str) -> Result:
        """The hook command's main in this process with this environment: for a test of many stops whose
        process facts other tests here check, where each process would add a second of loading spaCy."""
        from hook.commands import hook as hook_command

        out, err = io.StringIO(), io.StringIO()
        with (
            mock.patch.dict(os.environ, self.env(**env), clear=True),
            mock.patch.object(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(payload).encode()))),
            mock.patch.object(sys, "stdout", out),
            mock.patch.object(sys, "stderr", err),
        ):
            code = hook_command.main([])
        lines = [json.loads(raw) for raw in self.audit.read_bytes().splitlines()] if self.audit.exists() else []
        return Result(code, out.getvalue(), err.getvalue(), lines)

    def payload(
        self,
        transcript: Path,
        message: str | None,
        *,
        session: str = "s1",
        event: str = "Stop",
        **extra: Any,
    ) -> dict[str, Any]:
        data: dict[str, Any] = {
            "session_id": session,
            "transcript_path": str(transcript),
            "cwd": str(self.project),
            "permission_mode": "default",
            "hook_event_name": event,
            "stop_hook_active": False,
        }
        if message is not None:
            data["last_assistant_message"] = message
        data.update(extra)
        return data

    def turn(self, prompt: str | None, final: str, **payload: Any) -> tuple[TranscriptBuilder, dict[str, Any]]:
        """A transcript with one prompt (None = a [WAKE]) and one final message, and its payload."""
        t = TranscriptBuilder(start=NOW - timedelta(minutes=3))
        if prompt is None:
            t.wake("peer ping: lane check")
        else:
            t.user(prompt)
        t.bash("make test", "42 passed")
        t.assistant_text(final)
        return t, self.payload(t.write(self.tmp / "t.jsonl"), final, **payload)


@pytest.fixture
def hook(tmp_path: Path) -> Hook:
    return Hook(tmp_path)


def gate(ref: str = "design review of the tokenizer", actor: str = "@reviewer") -> dict[str, str]:
    return {"ref": ref, "checkedAt": NOW.strftime("%Y-%m-%dT%H:%M:%SZ"), "nextActor": actor}


def terminal(lane: str = "next-lane", *gates: dict[str, str]) -> str:
    return "Tokenizer lane handed over.\n\n" + lane_state_block(lane, gates or [gate()])


ACTIVE = "Here is how the walk works: it reads back to the prompt.\n\n" + lane_state_block("active-lane", [gate()])
REFUSE = {"enforce": "BLOCK", "dry-run": "WOULD-BLOCK"}


def assert_block(result: Result, reason: str | None = None) -> None:
    assert (result.code, result.stderr) == (0, "")
    decision = result.decision
    assert decision is not None and list(decision) == ["decision", "reason"]
    assert decision["decision"] == "block"
    if reason is not None:
        assert decision["reason"] == reason


def assert_silent(result: Result) -> None:
    assert (result.code, result.stdout, result.stderr) == (0, "", "")


# ---- rows L1 and L2: operator dialogue ----


def test_l1_an_answered_question_is_allowed_silently(hook: Hook) -> None:
    _, payload = hook.turn("How does the prompting walk decide?", "It reads back to the newest prompt.")
    result = hook.run(payload)
    assert_silent(result)
    assert (result.line["class"], result.line["tag"]) == ("ALLOW", "operator-dialogue")
    assert (result.line["operator_in_loop"], result.line["lane_continuation"]) == (True, None)
    assert result.line["policy"] == {"deference": True, "lane_continuation": True, "max_refusals": 3}


def test_l2_active_lane_in_dialogue_blocks_with_the_dialogue_directive(hook: Hook) -> None:
    _, payload = hook.turn("How does the prompting walk decide?", ACTIVE)
    result = hook.run(payload)
    assert_block(result, DIRECTIVES.active_lane_in_dialogue())
    assert (result.line["class"], result.line["tag"]) == ("BLOCK", "active-lane-in-dialogue")
    assert (result.line["lane_continuation"], result.line["mode"]) == ("active-lane", "enforce")
    assert result.line["reason"] == DIRECTIVES.active_lane_in_dialogue()


def test_l2_in_dry_run_only_audits_would_block(hook: Hook) -> None:
    _, payload = hook.turn("How does the prompting walk decide?", ACTIVE)
    result = hook.run(payload, LANEGATE_MODE="dry-run")
    assert_silent(result)
    assert (result.line["class"], result.line["tag"], result.line["mode"]) == (
        "WOULD-BLOCK",
        "active-lane-in-dialogue",
        "dry-run",
    )


def test_mid_chain_is_recorded_for_a_dialogue_stop_after_a_refusal(hook: Hook) -> None:
    _, payload = hook.turn("Explain the walk.", "It reads back.", stop_hook_active=True)
    result = hook.run(payload)
    assert (result.line["tag"], result.line["mid_chain"]) == ("operator-dialogue", True)


# ---- row D: the deference lint ----


@pytest.mark.parametrize("mode", ["enforce", "dry-run"])
def test_d_deference_on_an_autonomous_turn_refuses(hook: Hook, mode: str) -> None:
    _, payload = hook.turn(None, "I fixed the tokenizer. Would you like me to open the PR now?")
    result = hook.run(payload, LANEGATE_MODE=mode)
    assert result.code == 0
    assert (result.line["class"], result.line["tag"], result.line["phrase"]) == (
        REFUSE[mode],
        "deference",
        "would you like me to",
    )
    finding = result.line["finding"]
    assert (finding["verdict"], finding["family"]) == ("fire", "offer")
    reason = DIRECTIVES.deference("would you like me to", finding["reason"])
    assert result.line["reason"] == reason
    if mode == "enforce":
        assert json.loads(result.stdout) == {"decision": "block", "reason": reason}
    else:
        assert result.stdout == ""


def test_d_an_attribution_phrase_is_judged_by_the_parse(hook: Hook) -> None:
    _, payload = hook.turn(None, "Next is the parser lane or the docs lane, your call.")
    result = hook.run(payload, "-X", "importtime")
    assert (result.line["class"], result.line["tag"], result.line["phrase"]) == ("BLOCK", "deference", "your call")
    assert result.line["finding"]["verdict"] == "fire"
    assert "| spacy" in result.stderr  # the positive control of the no-spaCy tests below


def test_d_an_exempt_human_only_handover_goes_on_to_the_lane_rows(hook: Hook) -> None:
    _, payload = hook.turn(None, "CI is green and the PR is approved. The merge is yours.")
    result = hook.run(payload)
    assert (result.line["class"], result.line["tag"]) == ("BLOCK", "no-lane-state")


def test_d_never_fires_in_dialogue_and_the_no_candidate_path_never_imports_spacy(hook: Hook) -> None:
    _, payload = hook.turn("Can you look at the tokenizer?", "Looked: it is fine. Would you like me to refactor it?")
    result = hook.run(payload, "-X", "importtime")
    assert (result.code, result.stdout) == (0, "")
    assert (result.line["class"], result.line["tag"], result.line["phrase"]) == ("ALLOW", "operator-dialogue", None)
    imported = [line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines() if "|" in line]
    assert [m for m in imported if m.split(".")[0] in ("spacy", "orjson", "thinc")] == []


def test_an_autonomous_turn_without_a_phrase_never_imports_spacy(hook: Hook) -> None:
    _, payload = hook.turn(None, "Tokenizer tests pass; next I take the parser lane.")
    result = hook.run(payload, "-X", "importtime")
    assert (result.line["class"], result.line["tag"]) == ("BLOCK", "no-lane-state")
    imported = [line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines() if "|" in line]
    assert "analyzer.text.candidates" in imported
    assert [m for m in imported if m.split(".")[0] in ("spacy", "orjson", "thinc")] == []


# ---- rows C and B ----


def test_c_lane_continuation_off_allows(hook: Hook) -> None:
    _, payload = hook.turn(None, "Stopping here.")
    result = hook.run(payload, LANEGATE_LANE_CONTINUATION="off")
    assert_silent(result)
    assert (result.line["class"], result.line["tag"]) == ("ALLOW", "lane-continuation-off")
    assert result.line["policy"]["lane_continuation"] is False


@pytest.mark.parametrize(
    ("tasks", "klass", "tag"),
    [
        ([{"id": "b1", "type": "shell", "status": "running", "command": "make bench"}], "ALLOW", "background-work"),
        ([{"id": "b1", "type": "shell", "status": "completed"}], "BLOCK", "no-lane-state"),
        ("running", "BLOCK", "no-lane-state"),
        # revision 2: every entry is in flight unless its status says it ended (docs/DESIGN.md#payload)
        ([{"id": "b1", "type": "subagent"}], "ALLOW", "background-work"),
        ([{"id": "b1", "status": "backgrounded"}], "ALLOW", "background-work"),
        ([{"id": "b1", "status": 3}], "ALLOW", "background-work"),
        ([{"id": "b1", "status": " Killed "}, {"id": "b2", "status": "CANCELLED"}], "BLOCK", "no-lane-state"),
        ([{"id": "b1", "status": "stopped"}, {"id": "b2", "status": "failed"}], "BLOCK", "no-lane-state"),
        (["b1"], "BLOCK", "no-lane-state"),
    ],
)
def test_b_a_running_background_task_allows(hook: Hook, tasks: object, klass: str, tag: str) -> None:
    _, payload = hook.turn(None, "The bench runs in the background.", background_tasks=tasks)
    result = hook.run(payload)
    assert (result.line["class"], result.line["tag"]) == (klass, tag)


def test_b_can_be_switched_off_in_the_user_config(hook: Hook) -> None:
    (hook.tmp / "user.toml").write_text("background_blocks = true\n")
    _, payload = hook.turn(None, "Waiting for the bench.", background_tasks=[{"id": "b", "status": "running"}])
    assert hook.run(payload).line["tag"] == "no-lane-state"


# ---- rows L3 to L5: autonomous ----


def test_l3_a_created_pull_request_allows_with_a_system_message(hook: Hook) -> None:
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake()
    t.bash('gh pr create --title "Tokenizer" --body "Fixes #3"', f"Creating pull request\n{PR_URL}\n")
    t.assistant_text("Opened the PR.")
    result = hook.run(hook.payload(t.write(hook.tmp / "t.jsonl"), "Opened the PR."))
    reason = f"material artifact since the last allowed stop: PR created: {PR_URL}"
    assert (result.code, result.stderr) == (0, "")
    assert json.loads(result.stdout) == {"systemMessage": f"lanegate MATERIAL-ALLOW: {reason}"}
    assert (result.line["class"], result.line["tag"], result.line["reason"]) == (
        "MATERIAL-ALLOW",
        "material-artifact",
        reason,
    )


def test_l3_a_failed_pr_create_is_no_artifact(hook: Hook) -> None:
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake()
    t.bash("gh pr create --fill", f"{PR_URL} already exists", is_error=True)
    t.assistant_text("PR exists.")
    result = hook.run(hook.payload(t.write(hook.tmp / "t.jsonl"), "PR exists."))
    assert (result.line["class"], result.line["tag"]) == ("BLOCK", "no-lane-state")


def test_l3_an_artifact_from_an_earlier_refused_stop_still_counts(hook: Hook) -> None:
    """The boundary is the last allowed stop: a PR made before a refusal opens the next stop."""
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake()
    t.bash("gh pr create --fill", f"{PR_URL}\n")
    t.assistant_text("Opened. " + lane_state_block("active-lane", [gate()]))
    path = t.write(hook.tmp / "t.jsonl")
    first = hook.run(hook.payload(path, None), LANEGATE_MODE="dry-run")
    assert first.line["class"] == "MATERIAL-ALLOW"
    t.stop_hook_feedback("next").assistant_text("Still here.")
    second = hook.run(hook.payload(t.write(path), "Still here."))
    assert (second.line["class"], second.line["tag"]) == ("BLOCK", "no-lane-state")


def test_l4_clean_terminal_after_the_drive_ratchet(hook: Hook) -> None:
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake()
    path = hook.tmp / "t.jsonl"
    classes = []
    for _ in range(3):
        t.assistant_text(terminal())
        result = hook.run(hook.payload(t.write(path), terminal()), LANEGATE_IDENTITY="@tokenizer-bot")
        classes.append((result.line["class"], result.line["tag"], result.line["identity"]))
        t.stop_hook_feedback(result.line["reason"])
    assert classes == [
        ("BLOCK", "valid-lane-state", "@tokenizer-bot"),
        ("BLOCK", "valid-lane-state", "@tokenizer-bot"),
        ("CLEAN-TERMINAL ALLOW", "clean-terminal", "@tokenizer-bot"),
    ]
    assert json.loads(result.stdout) == {"systemMessage": f"lanegate CLEAN-TERMINAL ALLOW: {result.line['reason']}"}


def test_a_plain_status_stops_honestly_by_copying_the_block_its_refusal_shows(hook: Hook) -> None:
    """docs/DESIGN.md#operators: the no-lane-state refusal carries a hand-off block valid at that stop; sent back as it
    stands, it is told it is valid and how many more times the drive-ratchet sends it back, then accepted."""
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake()
    path = hook.tmp / "t.jsonl"
    status = "Parser lane: tests green, nothing left in flight."
    t.assistant_text(status)
    first = hook.run(hook.payload(t.write(path), status), LANEGATE_IDENTITY="@parser-bot")
    assert (first.line["class"], first.line["tag"]) == ("BLOCK", "no-lane-state")
    block = first.line["reason"].split("```lane-state\n", 1)[1].split("\n```", 1)[0]
    assert json.loads(block)["namedGates"][0]["ref"] == "next task in project"
    reply = f"{status}\n\n```lane-state\n{block}\n```"
    seen = []
    for _ in range(3):
        t.stop_hook_feedback(seen[-1][2] if seen else first.line["reason"]).assistant_text(reply)
        result = hook.run(hook.payload(t.write(path), reply), LANEGATE_IDENTITY="@parser-bot")
        seen.append((result.line["class"], result.line["tag"], result.line["reason"]))
    assert [(klass, tag) for klass, tag, _ in seen] == [
        ("BLOCK", "valid-lane-state"),
        ("BLOCK", "valid-lane-state"),
        ("CLEAN-TERMINAL ALLOW", "clean-terminal"),
    ]
    assert "this is refusal 1 of the 2 it takes, 1 more after this one." in seen[0][2]
    assert "this is refusal 2 of the 2 it takes, so the next valid hand-off is accepted." in seen[1][2]
    assert seen[2][2] == "clean terminal: next-lane with 1 gate(s) handed to @operator; drive-ratchet 2/2"


def test_without_identity_the_agent_is_not_told_to_fix_it_and_the_operator_is(hook: Hook) -> None:
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake()
    t.assistant_text(terminal())
    result = hook.run(hook.payload(t.write(hook.tmp / "t.jsonl"), terminal()))
    assert (result.line["class"], result.line["tag"]) == ("BLOCK", "valid-lane-state")
    assert "IDENTITY" not in result.line["reason"] and "identity" not in result.line["reason"]
    assert "this seat accepts no hand-off until its operator finishes setting it up" in result.line["reason"]
    assert [w for w in result.line["warnings"] if w.startswith("identity-unset")] == [
        "identity-unset: no hand-off can be accepted until the operator sets identity (user config or "
        "LANEGATE_IDENTITY)"
    ]


def test_l4_a_gate_handed_to_yourself_is_not_clean(hook: Hook) -> None:
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake()
    path = hook.tmp / "t.jsonl"
    text = terminal("next-lane", gate(actor="@Tokenizer-Bot"))
    tags = []
    for _ in range(3):
        t.assistant_text(text)
        tags.append(hook.run(hook.payload(t.write(path), text), LANEGATE_IDENTITY="tokenizer-bot").line["tag"])
    assert tags == ["valid-lane-state"] * 3


@pytest.mark.parametrize("mode", ["enforce", "dry-run"])
@pytest.mark.parametrize(
    ("final", "tag", "declared"),
    [
        ("Parser done.", "no-lane-state", None),
        ("Parser done.\n```lane-state\nnext-lane please\n```", "malformed-lane-state", None),
        ("Parser done.\n" + lane_state_block("parked", [gate()]), "invalid-lane-state", "parked"),
        (terminal(), "valid-lane-state", "next-lane"),
    ],
    ids=["absent", "malformed", "invalid", "valid"],
)
def test_l5_refuses_every_other_autonomous_stop(
    hook: Hook, mode: str, final: str, tag: str, declared: str | None
) -> None:
    _, payload = hook.turn(None, final)
    result = hook.run(payload, LANEGATE_MODE=mode)
    assert (result.line["class"], result.line["tag"], result.line["lane_continuation"]) == (REFUSE[mode], tag, declared)
    assert result.line["operator_in_loop"] is False
    valid = tag == "valid-lane-state"
    opening = "Your lane-state block is valid, and it is sent back:" if valid else "There is no hold state."
    assert result.line["reason"].startswith(opening)
    assert f"(rule: {tag} — " in result.line["reason"]
    if mode == "enforce":
        assert_block(result, result.line["reason"])
    else:
        assert_silent(result)


def test_a_handoff_prompt_is_autonomous_and_audited(hook: Hook) -> None:
    _, payload = hook.turn("Night shift: you drive for the next 5h, freely choose lanes.", "Parser done.")
    result = hook.run(payload)
    assert (result.line["tag"], result.line["operator_in_loop"], result.line["autonomous_handoff"]) == (
        "no-lane-state",
        False,
        True,
    )
    assert result.line["handoff_reason"].startswith("night shift")


# ---- the ceiling and the refusal count ----


@pytest.mark.parametrize("mode", ["enforce", "dry-run"])
def test_the_ceiling_allows_after_max_refusals_in_a_row_then_counts_again(hook: Hook, mode: str) -> None:
    """Five stops in this process (each judges a claim: a process would load spaCy five times); the ceiling
    across processes is test_max_refusals_from_the_env's."""
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake()
    path = hook.tmp / "t.jsonl"
    classes = []
    for i in range(5):
        t.assistant_text(f"Still thinking ({i}).")
        result = hook.run_here(hook.payload(t.write(path), f"Still thinking ({i})."), LANEGATE_MODE=mode)
        classes.append(result.line["class"])
        t.stop_hook_feedback(result.line["reason"])
    assert classes == [REFUSE[mode]] * 3 + ["CEILING-ALLOW", REFUSE[mode]]
    assert result.lines[3]["tag"] == "ceiling"


def test_max_refusals_from_the_env(hook: Hook) -> None:
    _, payload = hook.turn(None, "Parser done.")
    assert [hook.run(payload, LANEGATE_MAX_REFUSALS="1").line["class"] for _ in range(3)] == [
        "BLOCK",
        "CEILING-ALLOW",
        "BLOCK",
    ]


def test_a_new_operator_prompt_resets_the_refusal_count(hook: Hook) -> None:
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).user("Explain the walk.")
    path = hook.tmp / "t.jsonl"
    classes = []
    for prompt in ("Explain the walk.", None, "And the tail reader?", None, None):
        if prompt is not None and classes:
            t.user(prompt)
        t.assistant_text(ACTIVE)
        classes.append(hook.run(hook.payload(t.write(path), ACTIVE)).line["class"])
        t.stop_hook_feedback("drive")
    assert classes == ["BLOCK", "BLOCK", "BLOCK", "BLOCK", "BLOCK"]
    state = json.loads((hook.state / state_file_name("s1")).read_text())
    assert (state["consecutive_refusals"], state["stops"]) == (3, 5)


# ---- final text, subagents, configuration ----


def test_last_assistant_message_wins_over_a_lagging_transcript(hook: Hook) -> None:
    t, _ = hook.turn("Explain the walk.", "An older answer without a block.")
    result = hook.run(hook.payload(t.write(hook.tmp / "t.jsonl"), ACTIVE))
    assert result.line["tag"] == "active-lane-in-dialogue"


@pytest.mark.parametrize("message", [None, "   ", 7])
def test_without_a_usable_message_the_transcript_text_is_judged(hook: Hook, message: object) -> None:
    _, payload = hook.turn("Explain the walk.", ACTIVE)
    payload["last_assistant_message"] = message
    if message is None:
        del payload["last_assistant_message"]
    assert hook.run(payload).line["tag"] == "active-lane-in-dialogue"


def test_an_autonomous_turn_ending_without_text_is_refused_as_no_lane_state(hook: Hook) -> None:
    """docs/DESIGN.md#the-decision L5: only Cursor without a transcript has nothing to judge; silence is no way out
    here."""
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake()
    t.bash("make test", "ok")
    result = hook.run(hook.payload(t.write(hook.tmp / "t.jsonl"), None))
    assert (result.line["class"], result.line["tag"]) == ("BLOCK", "no-lane-state")


def subagent_transcript(hook: Hook) -> Path:
    """A subagent's own file, as Claude Code writes it: every record on the sidechain, with its agentId."""
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3))
    t.user("Survey the tokenizer tests and report.", sidechain=True, origin=None)
    t.assistant_text("Surveyed: 42 tests, all pass.", sidechain=True)
    for record in t.records:
        if isinstance(record, dict):
            record["agentId"] = "a7"
    return t.write(hook.tmp / "agent-a7.jsonl")


def test_subagent_stop_is_judged_on_its_own_transcript_and_counters(hook: Hook) -> None:
    main, _ = hook.turn("Explain the walk.", "It reads back.")
    payload = hook.payload(
        main.write(hook.tmp / "t.jsonl"),
        "Surveyed: 42 tests, all pass.",
        event="SubagentStop",
        agent_id="a7",
        agent_type="Explore",
        agent_transcript_path=str(subagent_transcript(hook)),
    )
    result = hook.run(payload)
    assert (result.line["class"], result.line["tag"], result.line["session"]) == ("BLOCK", "no-lane-state", "s1/a7")
    assert result.line["operator_in_loop"] is False
    assert sorted(p.name for p in hook.state.glob("*.json")) == [state_file_name("s1/a7")]


def test_subagents_can_be_skipped_from_the_user_config(hook: Hook) -> None:
    (hook.tmp / "user.toml").write_text("skip_subagents = true\n")
    payload = hook.payload(
        hook.tmp / "t.jsonl",
        "Surveyed.",
        event="SubagentStop",
        agent_id="a7",
        agent_transcript_path=str(subagent_transcript(hook)),
    )
    result = hook.run(payload)
    assert_silent(result)
    assert (result.line["class"], result.line["tag"]) == ("ALLOW", "subagent-skipped")


def test_a_project_cannot_switch_itself_to_dry_run(hook: Hook) -> None:
    (hook.project / "lanegate.toml").write_text('mode = "dry-run"\nmax_refusals = 2\n')
    _, payload = hook.turn(None, "Parser done.")
    result = hook.run(payload)
    assert_block(result)
    # docs/DESIGN.md#configuration (revision 2): a lower ceiling from the project releases the agent sooner: ignored
    # too.
    assert (result.line["mode"], result.line["policy"]["max_refusals"]) == ("enforce", 3)
    assert result.line["warnings"] == [
        "project lanegate.toml mode='dry-run' ignored: it weakens the gate and allow_project_weakening is off",
        "project lanegate.toml max_refusals=2 ignored: it weakens the gate and allow_project_weakening is off",
    ]


def test_a_broken_project_file_never_turns_the_hook_off(hook: Hook) -> None:
    (hook.project / "lanegate.toml").write_text('mode = "dry-run\n')
    _, payload = hook.turn(None, "Parser done.")
    result = hook.run(payload)
    assert_block(result)
    assert (result.line["class"], result.line["tag"]) == ("BLOCK", "no-lane-state")
    assert len(result.line["warnings"]) == 1
    assert result.line["warnings"][0].startswith(f"project {hook.project}/lanegate.toml ignored: ")


def test_claude_project_dir_wins_over_the_payload_cwd(hook: Hook) -> None:
    other = hook.tmp / "other"
    other.mkdir()
    (other / "lanegate.toml").write_text("max_refusals = 0\n")  # no ceiling: a stricter setting applies
    _, payload = hook.turn(None, "Parser done.")
    result = hook.run(payload, CLAUDE_PROJECT_DIR=str(other))
    assert result.line["policy"]["max_refusals"] == 0


def test_a_damaged_state_file_fails_the_material_key_closed(hook: Hook) -> None:
    hook.state.mkdir()
    (hook.state / state_file_name("s1")).write_text("{garbage")
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake()
    t.bash("gh pr create --fill", f"{PR_URL}\n")
    t.assistant_text("Opened the PR.")
    result = hook.run(hook.payload(t.write(hook.tmp / "t.jsonl"), "Opened the PR."))
    assert (result.line["class"], result.line["tag"]) == ("BLOCK", "no-lane-state")
    assert result.line["warnings"][0].startswith("state file damaged: ")
    assert "material artifact" not in result.line["reason"]
    assert (hook.state / (state_file_name("s1") + ".corrupt")).read_text() == "{garbage"
    assert json.loads((hook.state / state_file_name("s1")).read_text())["consecutive_refusals"] == 1


def test_a_failed_audit_write_does_not_change_the_decision(hook: Hook) -> None:
    _, payload = hook.turn(None, "Parser done.")
    result = hook.run(payload, LANEGATE_AUDIT_LOG=str(hook.tmp))
    assert result.code == 0
    assert json.loads(result.stdout)["decision"] == "block"
    assert result.stderr.startswith(f"lanegate: audit log {hook.tmp}: ")
    assert result.stderr.endswith("(decision unchanged)\n")


# ---- bad input: allow, ERROR line, one stderr line ----


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        (b"", "empty stdin: no hook payload"),
        (b"  \n", "empty stdin: no hook payload"),
        (
            b"{not json",
            "stdin is not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)",
        ),
        (b"[1, 2]", "the payload is a JSON list, not an object"),
        (
            b'{"session_id": "\xff"}',
            "stdin is not UTF-8: 'utf-8' codec can't decode byte 0xff in position 16: invalid start byte",
        ),
        (b'{"hook_event_name": "Stop", "session_id": "s1"}', "Stop payload has no transcript_path"),
        (
            b'{"hook_event_name": "PreToolUse", "transcript_path": "/t"}',
            "hook_event_name 'PreToolUse' is not Stop or SubagentStop",
        ),
    ],
)
def test_bad_input_allows_and_files_an_error(hook: Hook, stdin: bytes, message: str) -> None:
    result = hook.run(stdin)
    assert (result.code, result.stdout) == (0, "")
    assert result.stderr == f"lanegate: input-error: {message} (stop allowed)\n"
    assert (result.line["class"], result.line["tag"], result.line["reason"]) == ("ERROR", "input-error", message)
    assert result.line["mode"] == "enforce"


def test_a_missing_transcript_is_a_transcript_error(hook: Hook) -> None:
    """A transcript in no folder is reported at once (one missing in an existing folder is waited for first:
    test_a_transcript_that_never_appears_is_waited_for_then_an_error)."""
    result = hook.run(hook.payload(hook.tmp / "gone" / "t.jsonl", None))
    assert (result.code, result.stdout) == (0, "")
    assert (result.line["class"], result.line["tag"], result.line["session"]) == ("ERROR", "transcript-error", "s1")
    assert result.line["reason"] == f"cannot open transcript {hook.tmp}/gone/t.jsonl: No such file or directory"
    assert result.stderr == f"lanegate: transcript-error: {result.line['reason']} (stop allowed)\n"


def test_a_transcript_that_never_appears_is_waited_for_then_an_error(hook: Hook, monkeypatch: pytest.MonkeyPatch
                                                                     ) -> None:  # fmt: skip
    """Claude Code can run a session's first Stop before it creates the transcript: a file missing in an existing
    folder is waited for, TRANSCRIPT_WAIT_SECONDS (2 s), and is then the same transcript error. The budget is read
    here; the wait is waited out at a fifth of a second (the hook's main in this process, the budget patched)."""
    from hook.harness import claude

    assert claude.TRANSCRIPT_WAIT_SECONDS == 2.0
    monkeypatch.setattr(claude, "TRANSCRIPT_WAIT_SECONDS", 0.2)
    started = time.monotonic()
    result = hook.run_here(hook.payload(hook.tmp / "gone.jsonl", None))
    assert 0.2 <= time.monotonic() - started < 2.0  # the budget patched, not the default
    assert (result.code, result.stdout) == (0, "")
    assert (result.line["class"], result.line["tag"], result.line["session"]) == ("ERROR", "transcript-error", "s1")
    assert result.line["reason"] == f"cannot open transcript {hook.tmp}/gone.jsonl: No such file or directory"
    assert result.stderr == f"lanegate: transcript-error: {result.line['reason']} (stop allowed)\n"


def test_an_error_ends_the_refusal_chain(hook: Hook) -> None:
    """The error is a transcript in no folder: reported at once (a missing file in an existing folder is waited for,
    test_a_transcript_that_never_appears_is_waited_for_then_an_error)."""
    _, payload = hook.turn(None, "Parser done.")
    assert hook.run(payload).line["class"] == "BLOCK"
    assert hook.run(hook.payload(hook.tmp / "gone" / "t.jsonl", None)).line["class"] == "ERROR"
    assert json.loads((hook.state / state_file_name("s1")).read_text())["consecutive_refusals"] == 0


def test_a_bom_before_the_payload_is_accepted(hook: Hook) -> None:
    _, payload = hook.turn("Explain the walk.", "It reads back.")
    result = hook.run(b"\xef\xbb\xbf" + json.dumps(payload).encode())
    assert_silent(result)
    assert result.line["tag"] == "operator-dialogue"


def test_an_unusable_state_folder_and_a_bad_walk_table_degrade_into_warnings(hook: Hook) -> None:
    """docs/DESIGN.md#failure (revision 2): state that cannot be kept cannot count a ceiling, so the refusal it would
    have been is audited as WOULD-BLOCK (warning state-unusable) and the stop is allowed."""
    _, payload = hook.turn(None, "Parser done.")
    hook.state.write_text("a file where the state folder should be")
    (hook.tmp / "user.toml").write_text("[walk]\nnon_prompting_prefixes = 3\n")
    result = hook.run(payload)
    assert (result.code, result.stdout) == (0, "")
    assert (result.line["class"], result.line["tag"]) == ("WOULD-BLOCK", "no-lane-state")
    assert result.line["warnings"][0] == "state-unusable"
    assert result.line["warnings"][1].startswith("state directory unusable: ")
    assert result.line["warnings"][2].startswith("user config [walk] ignored: ")


BROKEN_DECISION = """
import hook.core
def boom(*args, **kwargs):
    raise RuntimeError("table on fire")
hook.core.decide = boom
from hook.cli import main
main(["hook"])
"""

BROKEN_IMPORT = """
import sys
sys.modules["hook.core"] = None
from hook.cli import main
main(["hook", "--harness", "claude"])
"""


def test_an_exception_inside_the_hook_allows_and_files_internal_error(hook: Hook) -> None:
    _, payload = hook.turn(None, "Parser done.")
    result = hook.run_argv(["-c", BROKEN_DECISION], payload)
    assert (result.code, result.stdout) == (0, "")
    assert (result.line["class"], result.line["tag"], result.line["reason"]) == (
        "ERROR",
        "internal-error",
        "RuntimeError: table on fire",
    )
    assert (result.line["session"], result.line["harness"]) == ("s1", "claude")
    assert result.stderr == "lanegate: internal-error: RuntimeError: table on fire (stop allowed)\n"


def test_even_a_broken_core_import_allows_and_files_internal_error(hook: Hook) -> None:
    _, payload = hook.turn(None, "Parser done.")
    result = hook.run_argv(["-c", BROKEN_IMPORT], payload)
    assert (result.code, result.stdout) == (0, "")
    assert (result.line["class"], result.line["tag"], result.line["harness"]) == ("ERROR", "internal-error", "claude")
    assert result.line["reason"] == "ModuleNotFoundError: import of hook.core halted; None in sys.modules"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--harness", "vim"], "unknown harness 'vim' (known: claude, codex, gemini, cursor)"),
        (["--harness=vim"], "unknown harness 'vim' (known: claude, codex, gemini, cursor)"),
        (["--verbose"], "unexpected argument '--verbose'; usage: lanegate hook [--harness NAME]"),
        (["--harness"], "unexpected argument '--harness'; usage: lanegate hook [--harness NAME]"),
    ],
)
def test_bad_arguments_never_exit_2_because_exit_2_would_block(hook: Hook, args: list[str], message: str) -> None:
    _, payload = hook.turn(None, "Parser done.")
    result = hook.run_argv(["-m", "hook.cli", "hook", *args], payload)
    assert (result.code, result.stdout) == (0, "")
    assert (result.line["class"], result.line["tag"], result.line["reason"]) == ("ERROR", "input-error", message)


@pytest.mark.parametrize("args", [["--harness", "claude"], ["--harness=claude"]])
def test_an_explicit_harness_is_used(hook: Hook, args: list[str]) -> None:
    _, payload = hook.turn(None, "Parser done.")
    result = hook.run_argv(["-m", "hook.cli", "hook", *args], payload)
    assert_block(result)
    assert (result.line["harness"], result.line["tag"]) == ("claude", "no-lane-state")


def test_the_line_names_what_decided_and_where_the_turn_lies(hook: Hook) -> None:
    """docs/DESIGN.md#operators: `row` and `because` for the person reading the log; `turn` for `lanegate golden add` —
    the transcript, the prompting record's offset and the end read, the final text's digest, never its words."""
    import hashlib

    final = "Tests pass. Want me to open the PR?"
    _, payload = hook.turn(None, final)
    result = hook.run(payload)
    path = Path(payload["transcript_path"])
    data = path.read_bytes()
    prompt_at = data.index(b"[WAKE]")
    prompt_at = data.rfind(b"\n", 0, prompt_at) + 1
    assert (result.line["row"], result.line["because"]) == (
        "D", 'deference phrase "want me to": ' + result.line["finding"]["reason"]
    )
    assert result.line["turn"] == {
        "transcript": str(path),
        "from": prompt_at,
        "to": len(data),
        "event": "Stop",
        "stop_hook_active": False,
        "background": False,
        "final_sha256": hashlib.sha256(final.encode()).hexdigest(),
        "final_chars": len(final),
    }
    assert final not in json.dumps(result.line["turn"])
