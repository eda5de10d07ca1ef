"""Stops with the warm parse server (docs/DESIGN.md#performance): the decision is the same warm or cold, every way the
server can fail ends in a parse in the stop's own process with a warning, and many seats at once
share one server.

Each test runs its servers in its own temporary runtime folder with a short idle time, and stops
them at teardown.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from analyzer.lexicon import default_lexicon
from hook.commands.golden import run_corpus
from tests.seat import Seat
from warmparse import route
from warmparse.client import start_detached, statuses, stop_all, wait_until_up
from warmparse.key import server_key
from warmparse.place import RUNTIME_NAME, place_for, private_folder
from warmparse.server import lock_holder
from warmparse.use import WarmUse

pytestmark = [pytest.mark.model, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "golden"
STARTUP_SECONDS = 60.0
IDLE_SECONDS = 60.0
STOPS_PER_SEAT = int(os.environ.get("LANEGATE_TEST_STOPS_PER_SEAT", "8"))
# Final texts whose decisions differ: a firing attribution, an exempt hand-over, an offer, no phrase.
TEXTS = (
    ("Parser lane is done. Next is the docs lane or the release-notes lane, your call.", "deference"),
    ("Merge on the exception or ask for the stamp, your call.", "no-lane-state"),
    ("Tests pass. Would you like me to open the PR?", "deference"),
    ("Whether to squash is your call, since the merge itself is yours.", "no-lane-state"),
)


def start_server(folder: str) -> dict[str, Any]:
    lexicon = default_lexicon()
    key = server_key(lexicon.digest, None)
    place = place_for(folder, key)
    start_detached(place, key, lexicon, None, idle=IDLE_SECONDS)
    status = wait_until_up(place, STARTUP_SECONDS)
    assert status is not None, "the server did not come up"
    return status


@pytest.fixture
def runtime() -> Iterator[Path]:
    """A short folder of its own: a socket path has about 100 characters, and a parallel run's tmp_path
    (…/popen-gw1/test_…/) would leave too few of them."""
    runtime = Path(tempfile.mkdtemp(prefix="lg-"))
    yield runtime
    stop_all(str(runtime / RUNTIME_NAME))
    shutil.rmtree(runtime, ignore_errors=True)


def test_the_golden_corpus_decides_the_same_warm_and_cold(runtime: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = private_folder(str(runtime / RUNTIME_NAME), create=True)
    start_server(folder)
    cold = run_corpus(str(GOLDEN))
    local_lexicons: list[Any] = []
    parse_here = route._local

    def recorded(text: str, lexicon: Any, model_name: str | None, model_errors: str, options: Any) -> Any:
        local_lexicons.append(lexicon)
        return parse_here(text, lexicon, model_name, model_errors, options)

    monkeypatch.setattr(route, "_local", recorded)
    warm = run_corpus(str(GOLDEN), warm=WarmUse(start=False, folder=folder))
    ((_, status),) = statuses(folder)
    assert len(cold) == len(warm) > 150
    for before, after in zip(cold, warm, strict=True):
        assert (after.id, after.got_class, after.reason, after.finding_reason, after.mismatches) == (
            before.id, before.got_class, before.reason, before.finding_reason, before.mismatches
        )
    assert all(result.passed for result in warm)
    # The server answered every parse it could: only cases whose config extends the lexicon (another
    # key, no server for it) parsed in-process.
    assert status["requests"] > 50
    assert all(lexicon != default_lexicon() for lexicon in local_lexicons)


def warm_seat(tmp: Path, runtime: Path, name: str = "seat") -> Seat:
    """An isolated seat whose stops may use (and start) a parse server in `runtime`, with a short idle time,
    and a transcript whose turn is autonomous."""
    seat = Seat(tmp / name)
    seat.defaults.update(XDG_RUNTIME_DIR=str(runtime), LANEGATE_PARSE_SERVER="on",
                         LANEGATE_PARSE_SERVER_IDLE=str(IDLE_SECONDS))
    prompt = {"type": "user", "message": {"role": "user", "content": "[WAKE] lane check"},
              "uuid": "u1", "timestamp": "2026-01-05T09:00:00.000Z"}
    (seat.root / "transcript.jsonl").write_text(json.dumps(prompt) + "\n")
    return seat


def stop_payload(seat: Seat, text: str) -> dict[str, Any]:
    """A stop in a new session of this seat."""
    seat.counter += 1
    return {"session_id": f"{seat.root.name}-{seat.counter}", "transcript_path": str(seat.root / "transcript.jsonl"),
            "cwd": str(seat.project), "hook_event_name": "Stop", "stop_hook_active": False,
            "last_assistant_message": text}


def stop(seat: Seat, text: str, **env: str) -> dict[str, Any]:
    """`lanegate hook` as a harness runs it, one process per stop; the audit line it wrote, with its stdout."""
    payload = stop_payload(seat, text)
    done = subprocess.run([sys.executable, "-m", "hook.cli", "hook"], input=json.dumps(payload).encode(),
                          capture_output=True, cwd=ROOT, env=seat.env(**env), timeout=120)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(raw) for raw in seat.audit.read_text().splitlines()]
    line = next(x for x in reversed(lines) if x["session"] == payload["session_id"])
    line["stdout"] = done.stdout.decode()
    return line


# The no-hold directive shows a hand-off block filled from its stop (the project's name, the minute):
# warm or cold, the same stop gets the same text, but two seats' stops differ there.
_HANDOFF = re.compile(r'"ref": "[^"]*", "checkedAt": "[^"]*"')


def decision(line: dict[str, Any]) -> tuple[Any, ...]:
    def same(text: Any) -> Any:
        return _HANDOFF.sub('"ref": …, "checkedAt": …', text) if isinstance(text, str) else text

    stdout = json.loads(line["stdout"]) if line["stdout"] else None
    shown = {**stdout, "reason": same(stdout.get("reason"))} if isinstance(stdout, dict) else stdout
    return line["class"], line["tag"], same(line["reason"]), line["finding"], shown


def test_the_first_stop_starts_the_server_and_the_next_one_is_answered_warm(tmp_path: Path, runtime: Path) -> None:
    seat = warm_seat(tmp_path, runtime)
    text = TEXTS[0][0]
    cold = stop(seat, text)
    assert (cold["class"], cold["tag"]) == ("BLOCK", "deference")
    assert cold["warnings"] == ["parse server missing: no server is running for this key; parsed in this process; "
                                "started a server for the next stop"]
    folder = str(runtime / RUNTIME_NAME)
    assert wait_until_up(place_for(folder, server_key(default_lexicon().digest, None)), STARTUP_SECONDS) is not None
    warm = stop(seat, text)
    assert warm["warnings"] == []
    assert decision(warm) == decision(cold)
    off = stop(seat, text, LANEGATE_PARSE_SERVER="off")
    assert (decision(off), off["warnings"]) == (decision(cold), [])


def test_a_warm_stop_imports_neither_spacy_nor_the_engine(tmp_path: Path, runtime: Path) -> None:
    """The client side of the warm parse: a socket round trip and a Report rebuilt, nothing heavy."""
    folder = private_folder(str(runtime / RUNTIME_NAME), create=True)
    start_server(folder)
    seat = warm_seat(tmp_path, runtime)
    payload = stop_payload(seat, TEXTS[0][0])
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "hook.cli", "hook"], cwd=ROOT, env=seat.env(),
                          input=json.dumps(payload).encode(), capture_output=True, timeout=120, check=True)
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.decode().splitlines() if "|" in line}
    assert {"warmparse.client", "analyzer.report"} <= imported
    heavy = ("spacy", "thinc", "numpy", "dataclasses", "inspect", "typing", "socket", "hashlib", "subprocess")
    assert sorted(m for m in imported if m.split(".")[0] in heavy or m == "analyzer.engine") == []
    line = json.loads(seat.audit.read_text().splitlines()[-1])
    assert (line["class"], line["tag"], line["warnings"]) == ("BLOCK", "deference", [])


def test_a_stop_without_a_phrase_never_contacts_the_server(tmp_path: Path, runtime: Path) -> None:
    folder = private_folder(str(runtime / RUNTIME_NAME), create=True)
    before = start_server(folder)
    line = stop(warm_seat(tmp_path, runtime), "Docs lane: grammar notes updated. Opened PR #12 for the tokenizer.")
    ((_, after),) = statuses(folder)
    assert (line["class"], line["warnings"], after["requests"]) == ("BLOCK", [], before["requests"])


def test_a_phrase_that_needs_no_model_starts_no_server_and_says_nothing_of_it(tmp_path: Path, runtime: Path) -> None:
    """An offer fires as written: nothing was parsed, so no "parse server missing … parsed in this
    process" (issue 24: that warning was logged on stops that parsed nothing)."""
    line = stop(warm_seat(tmp_path, runtime), TEXTS[2][0])
    assert (line["class"], line["tag"]) == ("BLOCK", "deference")
    assert line["warnings"] == []
    assert statuses(str(runtime / RUNTIME_NAME)) == []


def test_a_wedged_server_costs_one_second_and_changes_nothing(tmp_path: Path, runtime: Path) -> None:
    seat = warm_seat(tmp_path, runtime)
    expected = stop(seat, TEXTS[1][0], LANEGATE_PARSE_SERVER="off")
    folder = private_folder(str(runtime / RUNTIME_NAME), create=True)
    place = place_for(folder, server_key(default_lexicon().digest, None))
    wedged = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    wedged.bind(place.socket)
    wedged.listen(8)  # accepts, never answers
    try:
        started = time.monotonic()
        line = stop(seat, TEXTS[1][0])
        assert time.monotonic() - started >= 1.0
    finally:
        wedged.close()
    assert decision(line) == decision(expected)
    assert line["warnings"] == ["parse server wedged: no answer within 1 s; parsed in this process"]


def test_a_socket_folder_open_to_others_is_not_used(tmp_path: Path, runtime: Path) -> None:
    folder = runtime / RUNTIME_NAME
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    seat = warm_seat(tmp_path, runtime)
    expected = stop(seat, TEXTS[1][0], LANEGATE_PARSE_SERVER="off")
    line = stop(seat, TEXTS[1][0])
    assert decision(line) == decision(expected)
    assert line["warnings"] == [f"parse server not used: parse server folder {folder} is open to others (mode 0755)"]
    assert list(folder.iterdir()) == []  # nothing started in a folder others can write


def test_a_project_cannot_turn_the_server_off_or_move_it(tmp_path: Path, runtime: Path) -> None:
    seat = warm_seat(tmp_path, runtime)
    seat.project_config.write_text("parse_server = false\nstate_dir = \"/tmp/elsewhere\"\n")
    line = stop(seat, TEXTS[1][0])  # a hand-over: its exemption needs a parse, so the server is asked
    assert line["warnings"][0] == ("project lanegate.toml parse_server=False ignored: it weakens the gate and "
                                   "allow_project_weakening is off")
    assert line["warnings"][1].startswith("project lanegate.toml state_dir='/tmp/elsewhere' ignored: ")
    assert line["warnings"][2:] == ["parse server missing: no server is running for this key; parsed in this process; "
                                    "started a server for the next stop"]
    started = place_for(str(runtime / RUNTIME_NAME), server_key(default_lexicon().digest, None))
    assert lock_holder(started.lock) is not None  # in the user's folder, not the project's state_dir


def test_six_seats_of_many_stops_at_once_share_one_server(tmp_path: Path, runtime: Path) -> None:
    """6 seats x STOPS_PER_SEAT stops, all at once against one server (the issue's 6 x 50: set
    LANEGATE_TEST_STOPS_PER_SEAT=50; the default keeps the suite's run short on a shared machine)."""
    folder = private_folder(str(runtime / RUNTIME_NAME), create=True)
    judge = warm_seat(tmp_path, runtime, "expect")
    expected = {text: decision(stop(judge, text, LANEGATE_PARSE_SERVER="off")) for text, _ in TEXTS}
    assert [expected[text][1] for text, _ in TEXTS] == [tag for _, tag in TEXTS]
    first = start_server(folder)
    seats = [warm_seat(tmp_path, runtime, f"seat{n}") for n in range(6)]

    def drive(seat: Seat) -> list[tuple[str, dict[str, Any]]]:
        return [(TEXTS[i % len(TEXTS)][0], stop(seat, TEXTS[i % len(TEXTS)][0])) for i in range(STOPS_PER_SEAT)]

    with ThreadPoolExecutor(max_workers=6) as pool:
        results = [pair for seat_results in pool.map(drive, seats) for pair in seat_results]
    assert len(results) == 6 * STOPS_PER_SEAT
    for text, line in results:
        assert decision(line) == expected[text]
    ((_, last),) = statuses(folder)
    assert last["pid"] == first["pid"]  # the same server throughout, and no second one
    warm = sum(1 for _, line in results if not line["warnings"])
    assert last["requests"] - first["requests"] >= warm > 0


def test_stops_that_find_no_server_at_once_start_exactly_one(tmp_path: Path, runtime: Path) -> None:
    """Three cold stops at once (each loads the model: more would only test the machine's cores; six
    starts racing for the lock are in test_warm_server)."""
    seats = [warm_seat(tmp_path, runtime, f"cold{n}") for n in range(3)]
    with ThreadPoolExecutor(max_workers=3) as pool:
        lines = list(pool.map(lambda seat: stop(seat, TEXTS[0][0]), seats))
    started = [line for line in lines if any("started a server" in w for w in line["warnings"])]
    assert len(started) == 1
    folder = str(runtime / RUNTIME_NAME)
    assert wait_until_up(place_for(folder, server_key(default_lexicon().digest, None)), STARTUP_SECONDS) is not None
    assert len(statuses(folder)) == 1


def test_replay_and_analyze_use_a_running_server_and_decide_the_same(tmp_path: Path, runtime: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from hook.commands.replay import replay

    folder = private_folder(str(runtime / RUNTIME_NAME), create=True)
    before = start_server(folder)
    recorded = ROOT / "examples" / "sessions" / "recorded" / "seed003-merge-gate.jsonl"
    env = {"HOME": str(tmp_path), "LANEGATE_CONFIG": str(tmp_path / "none.toml")}
    cold = [row.to_dict() for row in replay(str(recorded), env)]
    warm = [row.to_dict() for row in replay(str(recorded), env, warm=WarmUse(start=False, folder=folder))]
    assert warm == cold and len(cold) >= 2
    ((_, after),) = statuses(folder)
    assert after["requests"] > before["requests"]

    analyze_env = {**env, "PATH": os.environ.get("PATH", ""), "XDG_RUNTIME_DIR": str(runtime),
                   "LANEGATE_PARSE_SERVER": "on", "LANEGATE_STATE_DIR": str(tmp_path / "state")}
    outputs = []
    for setting in ("on", "off"):
        done = subprocess.run([sys.executable, "-m", "hook.commands.analyze", "--json", TEXTS[1][0]], cwd=ROOT,
                              env={**analyze_env, "LANEGATE_PARSE_SERVER": setting}, capture_output=True, timeout=120)
        outputs.append((done.returncode, json.loads(done.stdout), done.stderr))
    assert outputs[0] == outputs[1]
    assert outputs[0][1]["verdict"] == "exempt"
    ((_, last),) = statuses(folder)
    assert last["requests"] == after["requests"] + 1  # `analyze` asked the server once, with it on


def test_lanegate_serve_starts_lists_and_stops(tmp_path: Path, runtime: Path) -> None:
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path), "XDG_RUNTIME_DIR": str(runtime),
           "LANEGATE_CONFIG": str(tmp_path / "none.toml"), "LANEGATE_PARSE_SERVER": "on"}

    def serve(*args: str, **extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "hook.cli", "serve", *args], cwd=tmp_path, text=True,
                              env={**env, "PYTHONPATH": str(ROOT), **extra}, capture_output=True, timeout=120)

    off = serve(LANEGATE_PARSE_SERVER="off")
    assert off.returncode == 1
    assert off.stderr == "lanegate serve: parse_server is off in your settings; nothing started\n"
    assert serve("--status").stdout == (
        f"lanegate serve: no parse server running (looked in {runtime / RUNTIME_NAME})\n"
    )
    started = serve("--idle", "30")
    assert started.returncode == 0 and started.stdout.startswith("lanegate serve: started in ")
    listed = json.loads(serve("--status", "--json").stdout)
    ((server,),) = [listed["servers"]]
    key = server_key(default_lexicon().digest, None)
    assert (server["idle_limit"], server["requests"], server["key"]) == (30.0, 0, key)
    again = serve()
    assert again.stdout.startswith("lanegate serve: already running\npid ")
    stopped = serve("--stop")
    assert stopped.stdout == f"lanegate serve: stopped 1 server(s): pid {server['pid']}\n"
    assert statuses(str(runtime / RUNTIME_NAME)) == []
