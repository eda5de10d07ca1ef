"""An ERROR stop is an allowed stop: the material-artifact boundary moves past it (docs/DESIGN.md#material-artifact,
docs/DESIGN.md#failure)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from hook import core
from tests.transcript_builder import TranscriptBuilder

NOW = datetime.now(UTC)
PR_URL = "https://github.com/acme/parser/pull/12"


def stop(transcript: Path, env: dict[str, str]) -> core.Outcome:
    payload = {
        "session_id": "s1",
        "transcript_path": str(transcript),
        "hook_event_name": "Stop",
        "stop_hook_active": False,
        "last_assistant_message": "The parser lane is mine and active.",
    }
    return core.handle(json.dumps(payload).encode(), None, env, NOW)


def test_a_pr_created_before_an_error_stop_is_no_key_at_the_next_stop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = {"HOME": str(tmp_path), "LANEGATE_AUDIT_LOG": str(tmp_path / "a.jsonl"),
           "LANEGATE_STATE_DIR": str(tmp_path / "state"), "LANEGATE_CONFIG": str(tmp_path / "none.toml")}
    path = tmp_path / "t.jsonl"
    t = TranscriptBuilder(start=NOW - timedelta(minutes=5)).wake()
    t.assistant_text("Tests pass.").write(path)
    assert stop(path, env).line.klass == "BLOCK"

    t.bash("gh pr create --fill", PR_URL).write(path)
    real_decide = core.decide

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("boom")

    monkeypatch.setattr(core, "decide", broken)
    failed = stop(path, env)
    assert (failed.line.klass, failed.line.tag) == ("ERROR", "internal-error")

    monkeypatch.setattr(core, "decide", real_decide)
    t.bash("ls", "README.md").write(path)
    after = stop(path, env)
    assert (after.line.klass, after.line.tag) == ("BLOCK", "no-lane-state")
