"""The real Codex CLI drives the registered Stop hook (SPEC §5.4, §5.9) against a scripted Responses API
mock on 127.0.0.1: a custom model provider (`wire_api = "responses"`) in $CODEX_HOME/config.toml, the
project trusted there so its .codex/hooks.json loads, and `--dangerously-bypass-hook-trust` in place of the
interactive /hooks review (0.171.0 keeps trust as a hash it computes; the flag is its documented way for
automation that vets its hooks)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.realclient.conftest import Seat, make_seat, run_client
from tests.realclient.mock_api import Request, ResponsesMock, Rule, Say, Script, prompt_has

pytestmark = pytest.mark.realclient

OFFER = "Parser lane: the CRLF tests pass. Would you like me to open the PR?"


@pytest.fixture
def codex_seat(tmp_path: Path, warm_runtime: Path) -> Seat:
    return make_seat(tmp_path, warm_runtime, "codex")


def codex(binary: Path, seat: Seat, api: ResponsesMock, prompt: str,
          env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    config = seat.home / ".codex" / "config.toml"
    config.parent.mkdir(exist_ok=True)
    config.write_text(
        'model = "gpt-5.5"\nmodel_provider = "mock"\n\n[model_providers.mock]\nname = "mock"\n'
        f'base_url = "{api.url}/v1"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\n\n'
        f'[projects."{seat.project}"]\ntrust_level = "trusted"\n'
    )
    argv = [str(binary), "exec", "--dangerously-bypass-hook-trust", prompt]
    done = run_client(argv, seat, {"MOCK_API_KEY": "mock", **(env or {})}, stdin="")
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
