"""The real Gemini CLI drives the registered AfterAgent hook (SPEC §5.4, §5.9) against a scripted Gemini API
mock on 127.0.0.1 (GOOGLE_GEMINI_BASE_URL with an API key, the workspace trusted by environment, the model
named with -m so the CLI's model router asks nothing first)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.realclient.conftest import Seat, make_seat, run_client
from tests.realclient.mock_api import GeminiMock, Request, Rule, Say, Script, prompt_has

pytestmark = pytest.mark.realclient

OFFER = "Parser lane: the CRLF tests pass. Would you like me to open the PR?"


@pytest.fixture
def gemini_seat(tmp_path: Path, warm_runtime: Path) -> Seat:
    seat = make_seat(tmp_path, warm_runtime, "gemini")
    settings = seat.home / ".gemini" / "settings.json"
    settings.parent.mkdir()
    settings.write_text(json.dumps({"security": {"auth": {"selectedType": "gemini-api-key"}}}))
    return seat


def gemini(binary: Path, seat: Seat, api: GeminiMock, prompt: str,
           env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    client_env = {"GOOGLE_GEMINI_BASE_URL": api.url, "GEMINI_API_KEY": "mock", "GEMINI_CLI_TRUST_WORKSPACE": "true",
                  **(env or {})}
    done = run_client([str(binary), "-p", prompt, "-m", "gemini-2.5-pro", "--output-format", "json"], seat, client_env)
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
