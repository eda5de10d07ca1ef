"""Bounded resources: a 10 MB final message, a 2 GB transcript and deeply nested JSON each finish well
within the timeout `lanegate install` registers, with bounded memory; a runaway stop hits the hook's
own deadline and is allowed *with* an audit line instead of being killed by the harness without one.

Each figure is the whole `lanegate hook` process (wall time and peak RSS from getrusage), measured by a
small wrapper whose only child is the hook. The printed figures (pytest -s) go into the README.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from hook import core
from hook.commands.hook import DEADLINE_SECONDS
from hook.harness import HOOK_TIMEOUT_SECONDS as TIMEOUT_SECONDS
from hook.state import state_file_name
from tests.transcript_builder import TranscriptBuilder, lane_state_block, read_claude

ROOT = Path(__file__).resolve().parents[1]
NOW = datetime.now(UTC)
GATE = {"ref": "design review", "checkedAt": NOW.strftime("%Y-%m-%dT%H:%M:%SZ"), "nextActor": "@reviewer"}
FILLER = "The tokenizer now handles the empty edge case and the tests pass. "
TEN_MB = FILLER * (10_000_000 // len(FILLER))
PHRASE = "Next is the parser lane or the docs lane, your call."
# Far below the registered timeout, and the hook's own deadline, on this 2-core machine under load.
MAX_RSS_MB = 400

MEASURE = r"""
import json, resource, subprocess, sys, time
stdin_path, *argv = sys.argv[1:]
start = time.perf_counter()
with open(stdin_path, "rb") as fh:
    done = subprocess.run(argv, stdin=fh, capture_output=True)
print(json.dumps({"code": done.returncode, "seconds": time.perf_counter() - start,
                  "rss_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
                  "stdout": done.stdout.decode(), "stderr": done.stderr.decode()}))
"""


class Bench:
    """Runs `lanegate hook` as a measured process with its audit log and state inside tmp."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.audit = tmp / "audit.jsonl"

    def env(self) -> dict[str, str]:
        return {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            **{k: v for k, v in os.environ.items() if k == "PYTHONPATH"},  # tests/conftest.py
            "HOME": str(self.tmp),
            "LANEGATE_AUDIT_LOG": str(self.audit),
            "LANEGATE_STATE_DIR": str(self.tmp / "state"),
            "LANEGATE_CONFIG": str(self.tmp / "none.toml"),
        }

    def payload(self, transcript: Path, message: str | None, **extra: Any) -> dict[str, Any]:
        data = {"session_id": "big", "transcript_path": str(transcript), "hook_event_name": "Stop"}
        if message is not None:
            data["last_assistant_message"] = message
        return {**data, **extra}

    def measure(self, payload: dict[str, Any] | bytes, label: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """The process figures and the one audit line it appended; prints the figures."""
        stdin = self.tmp / "stdin.json"
        stdin.write_bytes(payload if isinstance(payload, bytes) else json.dumps(payload).encode())
        before = self.audit.stat().st_size if self.audit.exists() else 0
        argv = [sys.executable, "-c", MEASURE, str(stdin), sys.executable, "-m", "hook.cli", "hook"]
        done = subprocess.run(argv, capture_output=True, cwd=ROOT, env=self.env(), timeout=TIMEOUT_SECONDS + 30)
        figures = json.loads(done.stdout)
        with self.audit.open("rb") as fh:
            fh.seek(before)
            appended = fh.read().split(b"\n")
        assert (figures["code"], len(appended), appended[-1]) == (0, 2, b"")
        print(f"\n{label}: {figures['seconds']:.2f} s, peak RSS {figures['rss_mb']:.0f} MB")
        return figures, json.loads(appended[0])


@pytest.fixture
def bench(tmp_path: Path) -> Bench:
    return Bench(tmp_path)


def wake_turn(final: str = "x") -> TranscriptBuilder:
    return TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake().bash("make test", "ok").assistant_text(final)


def test_the_deadline_leaves_room_inside_the_registered_timeout() -> None:
    assert (TIMEOUT_SECONDS, DEADLINE_SECONDS) == (30, 20.0)


@pytest.mark.slow
def test_a_10_mb_final_message_is_judged_in_seconds(bench: Bench) -> None:
    transcript = wake_turn().write(bench.tmp / "t.jsonl")
    figures, line = bench.measure(bench.payload(transcript, TEN_MB), "10 MB message, no phrase")
    assert (line["class"], line["tag"], figures["stderr"]) == ("BLOCK", "no-lane-state", "")
    assert line["warnings"] == [
        f"final text of {len(TEN_MB)} characters: the deference lint read its last 1000000 "
        "(finding offsets count from there)"
    ]
    assert figures["seconds"] < DEADLINE_SECONDS and figures["rss_mb"] < MAX_RSS_MB


@pytest.mark.slow
def test_a_10_mb_final_message_with_a_phrase_is_judged_in_seconds(bench: Bench) -> None:
    transcript = wake_turn().write(bench.tmp / "t.jsonl")
    figures, line = bench.measure(
        bench.payload(transcript, TEN_MB + PHRASE), "10 MB message + 'your call' (cold spaCy)"
    )
    assert (line["class"], line["tag"], line["phrase"]) == ("BLOCK", "deference", "your call")
    assert figures["seconds"] < DEADLINE_SECONDS and figures["rss_mb"] < MAX_RSS_MB


def test_a_phrase_in_10_mb_is_parsed_as_its_sentence_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the sentence holding the phrase reaches spaCy, never the megabytes around it."""
    from spacy.language import Language

    parsed: list[int] = []
    real_call = Language.__call__
    real_pipe = Language.pipe

    def recording(self: Language, text: str, *args: Any, **kwargs: Any) -> Any:
        parsed.append(len(text))
        return real_call(self, text, *args, **kwargs)

    def recording_pipe(self: Language, texts: Any, *args: Any, **kwargs: Any) -> Any:
        texts = list(texts)
        parsed.extend(len(text) for text in texts)
        return real_pipe(self, texts, *args, **kwargs)

    monkeypatch.setattr(Language, "__call__", recording)
    monkeypatch.setattr(Language, "pipe", recording_pipe)
    transcript = wake_turn().write(tmp_path / "t.jsonl")
    bench = Bench(tmp_path)
    middle = FILLER * 140_000 + PHRASE + " " + FILLER * 8_000  # 9.8 MB; the phrase in the last megabyte
    raw = json.dumps(bench.payload(transcript, middle)).encode()
    core.handle(raw, None, bench.env(), NOW)  # warm: model loaded, regexes compiled
    parsed.clear()
    start = time.perf_counter()
    outcome = core.handle(raw, None, bench.env(), NOW)
    seconds = time.perf_counter() - start
    print(f"\n10 MB message with a phrase, in-process and warm: {seconds:.2f} s, parsed {parsed} characters")
    assert (outcome.line.klass, outcome.line.tag, outcome.line.phrase) == ("BLOCK", "deference", "your call")
    assert parsed == [len(PHRASE)]
    assert seconds < DEADLINE_SECONDS


@pytest.mark.slow
def test_a_2_gb_transcript_reads_only_its_tail(bench: Bench) -> None:
    """A sparse 2 GB file (no disk used) whose real records sit at the end: the walk never reads the hole."""
    final = "Parser done.\n\n" + lane_state_block("next-lane", [GATE])
    tail = b"\n" + wake_turn(final).to_bytes()
    path = bench.tmp / "big.jsonl"
    with path.open("wb") as fh:
        fh.truncate(2 * 1024**3 - len(tail))
        fh.seek(0, os.SEEK_END)
        fh.write(tail)
    try:
        assert path.stat().st_size == 2 * 1024**3
        turn = read_claude(path)
        assert (turn.context.kind, turn.bytes_read < 256 * 1024) == ("wake", True)
        figures, line = bench.measure(bench.payload(path, None), "2 GB transcript (sparse, real tail)")
        assert (line["class"], line["tag"], line["lane_continuation"]) == ("BLOCK", "valid-lane-state", "next-lane")
        assert figures["seconds"] < DEADLINE_SECONDS and figures["rss_mb"] < MAX_RSS_MB
    finally:
        path.unlink()


def nested(depth: int) -> object:
    value: object = "deep"
    for _ in range(depth):
        value = {"k": [value]}
    return value


def test_a_100_level_nested_payload_is_judged(bench: Bench) -> None:
    transcript = wake_turn().write(bench.tmp / "t.jsonl")
    payload = bench.payload(transcript, "Parser done.", background_tasks=nested(100), tool_input=nested(100))
    figures, line = bench.measure(payload, "100-level nested payload")
    assert (line["class"], line["tag"]) == ("BLOCK", "no-lane-state")
    assert figures["seconds"] < DEADLINE_SECONDS and figures["rss_mb"] < MAX_RSS_MB


def test_100_levels_of_nesting_in_a_record_and_a_lane_state_block_are_judged(tmp_path: Path) -> None:
    body = json.dumps({"laneContinuation": "next-lane", "namedGates": [GATE], "wakeDisposition": nested(100)})
    final = f"Parser done.\n\n```lane-state\n{body}\n```"
    t = wake_turn(final).raw({"type": "progress", "data": nested(100)})
    bench = Bench(tmp_path)
    raw = json.dumps(bench.payload(t.write(tmp_path / "t.jsonl"), None)).encode()
    outcome = core.handle(raw, None, bench.env(), NOW)
    assert (outcome.line.klass, outcome.line.tag) == ("BLOCK", "valid-lane-state")


SLOW_DECISION = """
import sys, time
import hook.core, hook.commands.hook
hook.commands.hook.DEADLINE_SECONDS = 1.0
def slow(*args, **kwargs):
    time.sleep(60)
hook.core.decide = slow
from hook.cli import main
sys.exit(main(["hook"]))
"""


def test_a_stop_past_the_deadline_is_allowed_with_one_audit_line(bench: Bench) -> None:
    transcript = wake_turn().write(bench.tmp / "t.jsonl")
    stdin = json.dumps(bench.payload(transcript, "Parser done.")).encode()
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", SLOW_DECISION], input=stdin, capture_output=True, cwd=ROOT, env=bench.env(), timeout=30
    )
    seconds = time.monotonic() - start
    lines = bench.audit.read_bytes().split(b"\n")
    assert (done.returncode, done.stdout, len(lines), lines[-1]) == (0, b"", 2, b"")
    line = json.loads(lines[0])
    message = "deadline: the stop was not judged within 1 s"
    assert (line["class"], line["tag"], line["reason"], line["session"]) == ("ERROR", "internal-error", message, "big")
    assert done.stderr.decode() == f"lanegate: internal-error: {message} (stop allowed)\n"
    assert seconds < 10
    state = json.loads((bench.tmp / "state" / state_file_name("big")).read_text())
    assert (state["consecutive_refusals"], state["stops"]) == (0, 1)


# The hook with its deadline set to argv[1] seconds.
HOOK_WITH_DEADLINE = (
    "import sys, hook.commands.hook\nhook.commands.hook.DEADLINE_SECONDS = float(sys.argv[1])\n"
    "from hook.cli import main\nsys.exit(main(['hook']))"
)


def run_hook(bench: Bench, message: str, deadline: float) -> tuple[subprocess.CompletedProcess[bytes], float]:
    """One `lanegate hook` process judging `message` under `deadline`, and its wall time."""
    transcript = wake_turn().write(bench.tmp / "t.jsonl")
    stdin = json.dumps(bench.payload(transcript, message)).encode()
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", HOOK_WITH_DEADLINE, str(deadline)], input=stdin, capture_output=True, cwd=ROOT,
        env=bench.env(), timeout=TIMEOUT_SECONDS * 4,
    )
    return done, time.monotonic() - start


@pytest.mark.slow
def test_a_pathological_message_is_judged_inside_the_deadline(bench: Bench) -> None:
    """Thousands of phrases once made the analyzer parse thousands of sentences until the deadline allowed
    the stop (version 1). The judgement is bounded (docs/DESIGN.md#normalisation) and stops at the first finding that
    fires: judged well inside a 3 s deadline beyond what one phrase costs.

    The calibration: the same process judging one phrase, measured here under the same load (interpreter start,
    spaCy load, one parse). The deadline is 3 s beyond it, so a loaded machine moves both and a judgement of the
    20,000 phrases that cost more than 3 s beyond one phrase still fails."""
    calibration, one = run_hook(bench, "Your call.", DEADLINE_SECONDS)
    assert json.loads(calibration.stdout)["decision"] == "block"
    bench.audit.unlink()
    deadline = 3.0 + one
    done, seconds = run_hook(bench, "Your call. " * 20_000, deadline)
    line = json.loads(bench.audit.read_bytes())
    print(f"\n20,000 phrases: judged after {seconds:.2f} s (process); one phrase: {one:.2f} s")
    assert (done.returncode, json.loads(done.stdout)) == (0, {"decision": "block", "reason": line["reason"]})
    assert (line["class"], line["tag"], line["phrase"]) == ("BLOCK", "deference", "your call")
    assert line["finding"]["reason"].startswith("fires (standalone): "), line["finding"]
    # the 20,000 phrases' 3 s and the process's own start (interpreter, spaCy load), at most the calibration's whole
    # time twice over and at least the 15 s this bound always allowed: on an idle machine the bound is what it was
    assert seconds < 3.0 + max(15.0, 2 * one)
