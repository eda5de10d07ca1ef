"""Headless sessions (docs/DESIGN.md#scheduled-turns): a session the client records as non-interactive, or a hook under
a CI runner, is read by the user's `headless` setting — "dialogue" (the default: its prompts are the operator's) or
"autonomous" (a bot's run, judged like any autonomous turn). Claude Code marks it on the prompting record
(`entrypoint`), Codex in the rollout's session_meta (`originator`), Gemini CLI nowhere (a CI runner's
variables only). Shapes: docs/HARNESSES.md; texts are ours.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.seat import Seat
from tests.test_rollout import Rollout

OFFER = "It folds CRLF to LF first. Want me to add a regression test?"
QUESTION = "What does the tokenizer do with CRLF line ends?"


def headless(seat: Seat, value: str) -> None:
    """The user's `headless` setting, in their own config file."""
    seat.user_config.write_text(f'headless = "{value}"\n')


def codex_stop(tmp: Path, originator: str) -> dict[str, Any]:
    rollout = Rollout()
    rollout.lines[0] = rollout.lines[0].replace('"codex_cli_rs"', json.dumps(originator))
    path = rollout.user(QUESTION).assistant(OFFER).write(tmp / "rollout.jsonl")
    return {"session_id": "x1", "turn_id": "t1", "transcript_path": str(path), "cwd": str(tmp),
            "hook_event_name": "Stop", "model": "gpt-5.5", "permission_mode": "bypassPermissions",
            "stop_hook_active": False, "last_assistant_message": OFFER}


def gemini_stop(tmp: Path) -> dict[str, Any]:
    return {"session_id": "g1", "transcript_path": "", "cwd": str(tmp), "hook_event_name": "AfterAgent",
            "timestamp": "2026-12-06T10:00:00Z", "prompt": QUESTION, "prompt_response": OFFER,
            "stop_hook_active": False}


def decided(line: dict[str, Any]) -> tuple[str, str, bool]:
    return line["class"], line["tag"], line["operator_in_loop"]


@pytest.mark.parametrize(("originator", "setting", "expected"), [
    ("codex_exec", "autonomous", ("BLOCK", "deference", False)),
    ("codex_exec", "dialogue", ("ALLOW", "operator-dialogue", True)),
    ("codex_tui", "autonomous", ("ALLOW", "operator-dialogue", True)),
])
def test_codex_exec_is_headless(seat: Seat, tmp_path: Path, originator: str, setting: str,
                                expected: tuple[str, str, bool]) -> None:
    headless(seat, setting)
    assert decided(seat.decide("codex", codex_stop(tmp_path, originator))) == expected


@pytest.mark.parametrize(("env", "expected"), [
    ({"CI": "true"}, ("BLOCK", "deference", False)),
    ({"GITHUB_ACTIONS": "true"}, ("BLOCK", "deference", False)),
    ({"CI": "false"}, ("ALLOW", "operator-dialogue", True)),
    ({}, ("ALLOW", "operator-dialogue", True)),
])
def test_only_a_ci_runner_marks_a_gemini_session(seat: Seat, tmp_path: Path, env: dict[str, str],
                                                  expected: tuple[str, str, bool]) -> None:
    headless(seat, "autonomous")
    assert decided(seat.decide("gemini", gemini_stop(tmp_path), **env)) == expected


def test_headless_autonomous_from_the_environment(seat: Seat, tmp_path: Path) -> None:
    line = seat.decide("gemini", gemini_stop(tmp_path), CI="1", LANEGATE_HEADLESS="autonomous")
    assert decided(line) == ("BLOCK", "deference", False)


def test_a_ci_runner_is_dialogue_unless_the_user_says_otherwise(seat: Seat, tmp_path: Path) -> None:
    assert decided(seat.decide("gemini", gemini_stop(tmp_path), CI="true")) == ("ALLOW", "operator-dialogue", True)


def test_an_autonomous_prompt_stays_autonomous_whatever_the_setting(seat: Seat, tmp_path: Path) -> None:
    headless(seat, "dialogue")
    wake = gemini_stop(tmp_path) | {"prompt": "[WAKE] tick from @vega"}
    assert decided(seat.decide("gemini", wake, CI="true")) == ("BLOCK", "deference", False)
