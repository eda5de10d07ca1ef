"""Refusal chains are bounded on every client (docs/DESIGN.md#the-decision, docs/DESIGN.md#tests).

Claude Code ends a chain itself after 8 blocks; Gemini CLI 0.61 and Codex 0.171 never do, and Gemini's loop
detection then sends the same AfterAgent stop again and again without calling the model
(docs/HARNESSES.md). So on a client without a cap `max_refusals = 0` is bounded at UNCAPPED_CEILING, and a
stop sent again unchanged after a refusal (the same final text, nothing appended to the transcript) is
allowed: refusing it again changes nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hook.decision import UNCAPPED_CEILING
from tests.seat import Seat

STATUS = "Reviewed the parser module."


def gemini(response: str, *, retry: bool) -> dict[str, Any]:
    return {"session_id": "g1", "transcript_path": "", "cwd": "/w", "hook_event_name": "AfterAgent",
            "timestamp": "2026-12-06T10:00:00Z", "prompt": "[WAKE] tick from @vega", "prompt_response": response,
            "stop_hook_active": retry}


def claude(tmp: Path, final: str, turns: int) -> dict[str, Any]:
    """A Claude Code stop after `turns` answers to one [WAKE] (each answer a new record)."""
    path = tmp / "t.jsonl"
    records = [{"type": "user", "uuid": "u0", "message": {"role": "user", "content": "[WAKE] tick from @vega"}}]
    records += [{"type": "assistant", "uuid": f"a{n}", "message": {"id": f"m{n}", "role": "assistant",
                                                                 "content": [{"type": "text", "text": final}]}}
                for n in range(turns)]
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return {"session_id": "c1", "transcript_path": str(path), "cwd": str(tmp), "hook_event_name": "Stop",
            "stop_hook_active": turns > 1, "last_assistant_message": final, "background_tasks": [],
            "session_crons": []}


def classes(lines: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(line["class"], line["tag"]) for line in lines]


def test_without_a_client_cap_no_ceiling_means_the_uncapped_ceiling(seat: Seat) -> None:
    lines = [seat.decide("gemini", gemini("\n".join([STATUS + f" Pass {n}." for n in range(k + 1)]), retry=k > 0),
                       LANEGATE_MAX_REFUSALS="0")
             for k in range(UNCAPPED_CEILING + 1)]
    assert classes(lines) == [("BLOCK", "no-lane-state")] * UNCAPPED_CEILING + [("CEILING-ALLOW", "ceiling")]
    assert lines[0]["policy"]["max_refusals"] == UNCAPPED_CEILING
    assert lines[0]["warnings"] == [f"max_refusals=0 cannot switch the ceiling off on gemini, which has no cap of its "
                                    f"own: bounded at {UNCAPPED_CEILING}"]


def test_a_client_with_its_own_cap_keeps_no_ceiling(seat: Seat, tmp_path: Path) -> None:
    lines = [seat.decide("claude", claude(tmp_path, STATUS, k + 1), LANEGATE_MAX_REFUSALS="0") for k in range(10)]
    assert classes(lines) == [("BLOCK", "no-lane-state")] * 10
    assert (lines[0]["policy"]["max_refusals"], lines[0]["warnings"]) == (0, [])


def test_a_positive_ceiling_is_the_users_on_every_client(seat: Seat) -> None:
    lines = [seat.decide("gemini", gemini("\n".join(f"Pass {n}." for n in range(k + 1)), retry=k > 0),
                       LANEGATE_MAX_REFUSALS="12") for k in range(3)]
    assert lines[-1]["policy"]["max_refusals"] == 12
    assert classes(lines) == [("BLOCK", "no-lane-state")] * 3


def test_a_stop_sent_again_unchanged_is_allowed_on_a_client_without_a_cap(seat: Seat) -> None:
    """Gemini's loop detection re-fires AfterAgent with the very payload it was just refused."""
    first = seat.decide("gemini", gemini(STATUS + "\n" + STATUS, retry=True), LANEGATE_MAX_REFUSALS="30")
    again = seat.decide("gemini", gemini(STATUS + "\n" + STATUS, retry=True), LANEGATE_MAX_REFUSALS="30")
    assert classes([first, again]) == [("BLOCK", "no-lane-state"), ("CEILING-ALLOW", "ceiling")]
    assert again["reason"].startswith("the client sent the stop it was just refused again, unchanged")
    assert "row L5 (no-lane-state) would have refused" in again["reason"]


def test_a_new_answer_is_judged_again(seat: Seat) -> None:
    lines = [seat.decide("gemini", gemini(text, retry=True), LANEGATE_MAX_REFUSALS="30")
             for text in (STATUS, STATUS + "\n" + STATUS, STATUS + "\n" + STATUS + "\n" + STATUS)]
    assert classes(lines) == [("BLOCK", "no-lane-state")] * 3


def test_an_allowed_stop_forgets_the_refused_text(seat: Seat) -> None:
    dialogue = gemini(STATUS, retry=False) | {"prompt": "What does the parser do?"}
    seat.decide("gemini", gemini(STATUS, retry=False))
    assert classes([seat.decide("gemini", dialogue), seat.decide("gemini", dialogue)]) == [
        ("ALLOW", "operator-dialogue"), ("ALLOW", "operator-dialogue")]
    # A later autonomous stop with the text refused before the allow is judged afresh.
    assert classes([seat.decide("gemini", gemini(STATUS, retry=False))]) == [("BLOCK", "no-lane-state")]


def test_the_same_answer_in_a_new_record_is_judged_again_on_claude_code(seat: Seat, tmp_path: Path) -> None:
    """Claude Code has its own cap; a model that answers the same words again writes a new record anyway."""
    lines = [seat.decide("claude", claude(tmp_path, STATUS, k + 1), LANEGATE_MAX_REFUSALS="30") for k in range(4)]
    assert classes(lines) == [("BLOCK", "no-lane-state")] * 4
