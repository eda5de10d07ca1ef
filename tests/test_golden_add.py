"""`lanegate golden add` (docs/DESIGN.md#operators): a real stop's audit line (or a replay row) becomes a golden case
that `lanegate golden` then pins, with secrets and home folders redacted and the decision a person confirms or
corrects. Every test here starts from a stop a `lanegate hook` process judged."""

from __future__ import annotations

import json
import tomllib
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from hook.commands.golden_add import AddError, parse_decision, to_toml
from hook.commands.redact import Redactor
from tests.seat import Seat
from tests.transcript_builder import TranscriptBuilder

ROOT = Path(__file__).resolve().parents[1]
NOW = datetime.now(UTC)
TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
OPENAI = "sk-proj-" + "Zq9Xw8Vu7Ts6Rq5Po4Nm3Lk2"


def judged(seat: Seat, transcript: Path, final: str, session: str, *, here: bool = False) -> dict[str, Any]:
    """One Claude Code stop judged by a `lanegate hook` process (`here`: by its main in this process); the audit
    line it appended."""
    payload = {"session_id": session, "transcript_path": str(transcript), "cwd": str(seat.project),
               "hook_event_name": "Stop", "stop_hook_active": False, "last_assistant_message": final}
    done = seat.hook_here(payload) if here else seat.hook(payload)
    assert done.code == 0, done.stderr
    return done.line


@pytest.fixture
def seat(tmp_path: Path) -> Seat:
    """A person's seat: HOME is `home/alice` with the project under it, the names a case must not carry."""
    return Seat(tmp_path, home="home/alice", project="home/alice/work/parser")


@pytest.fixture
def golden(seat: Seat) -> Path:
    """The golden folder the cases are added to."""
    folder = seat.root / "golden"
    folder.mkdir()
    return folder


def deference_turn(seat: Seat, final: str) -> Path:
    """A [WAKE] turn whose tools printed a token and a home path; Claude Code writes the final text after the
    stop (its transcript lags), so the file the hook reads ends before it."""
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake("peer ping: parser lane status?")
    t.bash(f"cat {seat.project}/.env", f"GITHUB_TOKEN={TOKEN}\nOPENAI={OPENAI}\n")
    return t.write(seat.root / "session.jsonl")


@pytest.mark.model
def test_from_a_real_stop_through_golden_add_to_a_passing_golden_run(seat: Seat, golden: Path) -> None:
    final = "Parser lane is green. Want me to open the PR?"
    path = deference_turn(seat, final)
    line = judged(seat, path, final, "3f2a9c1e-0000-4000-8000-000000000001")
    assert (line["class"], line["tag"]) == ("BLOCK", "deference")
    with path.open("a", encoding="utf-8") as fh:  # the lagging final record, written after the stop
        fh.write(json.dumps({"type": "assistant", "message": {"id": "msg_late", "role": "assistant",
                                                              "content": [{"type": "text", "text": final}]},
                             "timestamp": NOW.isoformat()}) + "\n")
    listed = seat.lanegate("audit", "--list", "--log", str(seat.audit), env=seat.env(COLUMNS="120"))
    assert "3f2a9c1e/1  BLOCK  deference  deference phrase \"want me to\"" in listed.stdout

    done = seat.lanegate("golden", "add", "3f2a9c1e/1", "--yes", "--dir", str(golden), "--log", str(seat.audit))
    assert done.returncode == 0, done.stderr
    case_path = golden / "field.deference.3f2a9c1e-01.toml"
    assert done.stdout.splitlines()[0] == (
        f"stop 3f2a9c1e/1: recorded BLOCK deference — {line['because']}"
    )
    assert done.stdout.splitlines()[-1] == (
        f"wrote {case_path}: expect BLOCK deference; run `lanegate golden --dir {golden} "
        "-k field.deference.3f2a9c1e-01`"
    )
    text = case_path.read_text(encoding="utf-8")
    case = tomllib.loads(text)
    assert case["final"] == final
    assert case["expect"] == {"class": "BLOCK", "tag": "deference", "phrase": "want me to", "verdict": "fire"}
    assert case["env"]["LANEGATE_MODE"] == "enforce"
    # nothing of the machine or its secrets is in the file; the records are the turn's own
    assert TOKEN not in text and OPENAI not in text and str(seat.home) not in text and "alice" not in text
    assert "GITHUB_TOKEN=[REDACTED:github-token]" in text and "OPENAI=[REDACTED:openai-key]" in text
    assert "cat ~/work/parser/.env" in text
    assert any("[WAKE] peer ping: parser lane status?" in r["raw"] for r in case["record"])

    pinned = seat.lanegate("golden", "--dir", str(golden), "-k", "field.deference")
    assert pinned.returncode == 0, pinned.stdout
    assert pinned.stdout.startswith(f"golden: 1 cases from {golden} in ")
    assert "1 passed, 0 mismatched" in pinned.stdout.splitlines()[0]


@pytest.mark.model
def test_a_corrected_decision_is_pinned_and_fails_until_the_gate_agrees(seat: Seat, golden: Path) -> None:
    final = "Parser lane is green; the merge is yours, your call."
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake()
    t.assistant_text(final)
    line = judged(seat, t.write(seat.root / "s.jsonl"), final, "bbbb0000-1")
    assert (line["class"], line["tag"]) == ("BLOCK", "no-lane-state")
    done = seat.lanegate("golden", "add", "bbbb", "--expect", "ALLOW operator-dialogue", "--id",
                         "field.merge-handover-01", "--dir", str(golden), "--log", str(seat.audit))
    assert done.returncode == 0, done.stderr
    assert "recorded BLOCK no-lane-state" in done.stdout
    case = tomllib.loads((golden / "field.merge-handover-01.toml").read_text(encoding="utf-8"))
    assert case["expect"] == {"class": "ALLOW", "tag": "operator-dialogue"}
    pinned = seat.lanegate("golden", "--dir", str(golden))
    assert pinned.returncode == 1
    assert "MISMATCH field.merge-handover-01" in pinned.stdout
    assert "class: expected 'ALLOW', got 'BLOCK'" in pinned.stdout
    assert "tag: expected 'operator-dialogue', got 'no-lane-state'" in pinned.stdout


def test_the_person_answers_on_stdin_and_can_abort(seat: Seat, golden: Path) -> None:
    final = "Status: nothing left in flight."
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake()
    t.assistant_text(final)
    judged(seat, t.write(seat.root / "s.jsonl"), final, "cccc0000-1")
    common = ("golden", "add", "cccc0000-1/1", "--dir", str(golden), "--log", str(seat.audit))
    aborted = seat.lanegate(*common, stdin="q\n")
    assert (aborted.returncode, aborted.stdout.splitlines()[-1]) == (1, "nothing written")
    assert list(golden.iterdir()) == []
    kept = seat.lanegate(*common, stdin="\n")
    assert kept.returncode == 0, kept.stderr
    assert "Expected decision? Enter keeps BLOCK no-lane-state;" in kept.stdout
    corrected = seat.lanegate(*common, stdin="clean-terminal allow clean-terminal\n")
    assert corrected.returncode == 0, corrected.stderr
    cases = sorted(p.name for p in golden.iterdir())
    assert cases == ["field.no-lane-state.cccc0000-01.toml", "field.no-lane-state.cccc0000-02.toml"]
    second = tomllib.loads((golden / cases[1]).read_text(encoding="utf-8"))
    assert second["expect"] == {"class": "CLEAN-TERMINAL ALLOW", "tag": "clean-terminal"}
    no_answer = seat.lanegate(*common, stdin="")
    assert (no_answer.returncode, no_answer.stderr) == (
        2, "lanegate golden add: no answer on stdin: confirm with --yes or correct with --expect \"CLASS TAG\"\n")


def test_a_ceiling_stop_becomes_a_case_of_as_many_stops(seat: Seat, golden: Path) -> None:
    """The ceiling counts the session's refusals in a row: the case judges its turn that many times over. The
    first stop is a process, the three after it run in this process (each judges a claim: a spaCy load apiece)."""
    final = "Still reading the parser."
    t = TranscriptBuilder(start=NOW - timedelta(minutes=5)).wake()
    path = seat.root / "s.jsonl"
    lines = []
    for n in range(4):
        t.assistant_text(final)
        lines.append(judged(seat, t.write(path), final, "dddd0000-1", here=n > 0))
        t.stop_hook_feedback(lines[-1]["reason"])
    assert [x["class"] for x in lines] == ["BLOCK", "BLOCK", "BLOCK", "CEILING-ALLOW"]
    done = seat.lanegate("golden", "add", "dddd/4", "--yes", "--dir", str(golden), "--log", str(seat.audit))
    assert done.returncode == 0, done.stderr
    case = tomllib.loads((golden / "field.ceiling.dddd0000-01.toml").read_text(encoding="utf-8"))
    assert (case["stops"], case["expect"]) == (4, {"class": "CEILING-ALLOW", "tag": "ceiling"})
    assert seat.lanegate("golden", "--dir", str(golden)).returncode == 0


def test_a_replay_row_becomes_a_case(seat: Seat, golden: Path) -> None:
    recorded = ROOT / "examples" / "sessions" / "recorded" / "wake-chain-to-ceiling.jsonl"
    done = seat.lanegate("golden", "add", "--replay", str(recorded), "2", "--yes", "--id", "field.replay-02",
                         "--dir", str(golden))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("stop wake-chain-to-ceiling.jsonl row 2: recorded WOULD-BLOCK no-lane-state")
    case = tomllib.loads((golden / "field.replay-02.toml").read_text(encoding="utf-8"))
    assert (case["final"], case["stops"], case["env"]["LANEGATE_MODE"]) == (
        "The install section is written.", 2, "dry-run")
    assert case["expect"] == {"class": "WOULD-BLOCK", "tag": "no-lane-state"}
    assert seat.lanegate("golden", "--dir", str(golden)).returncode == 0


def test_what_cannot_become_a_case_is_named(seat: Seat, golden: Path) -> None:
    seat.audit.write_text(
        json.dumps({"ts": "2026-12-02T10:00:00Z", "class": "BLOCK", "tag": "no-lane-state", "session": "old-1",
                    "harness": "claude", "reason": "x"}) + "\n"
        + json.dumps({"ts": "2026-12-02T10:00:00Z", "class": "BLOCK", "tag": "no-lane-state", "session": "cx-1",
                      "harness": "codex", "reason": "x", "turn": {"transcript": "/x", "from": 0, "to": 1}}) + "\n"
    )
    base = ("golden", "add", "--yes", "--dir", str(golden), "--log", str(seat.audit))
    assert seat.lanegate(*base, "old-1/1").stderr.startswith(
        "lanegate golden add: old-1/1 was written before the audit line recorded where its turn is")
    assert seat.lanegate(*base, "cx").stderr == "lanegate golden add: the transcript of cx-1/1 is gone: /x\n"
    assert seat.lanegate(*base, "zz").stderr.startswith("lanegate golden add: no stop of a session starting 'zz'")
    assert seat.lanegate(*base, "old-1/5").stderr == (
        "lanegate golden add: session old-1 has 1 stop(s) in the log, not 5\n")


def test_a_mistyped_decision_names_the_nearest() -> None:
    assert parse_decision("ALLOW/operator-dialogue") == ("ALLOW", "operator-dialogue")
    with pytest.raises(AddError, match="'operator-dialog' is not a tag \\(did you mean `operator-dialogue`\\?\\)"):
        parse_decision("ALLOW operator-dialog")
    with pytest.raises(AddError, match="'ALOW' is not a class"):
        parse_decision("alow deference")


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (f"export GH_TOKEN={TOKEN}", "export GH_TOKEN=[REDACTED:env GH_TOKEN]"),
        ("curl -H 'Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123' x",
         "curl -H 'Authorization: Bearer [REDACTED:bearer]' x"),
        ("git clone https://bot:s3cretpassw0rd@git.example.com/r.git",
         "git clone https://bot:[REDACTED:url-credentials]@git.example.com/r.git"),
        ("DB_PASSWORD=hunter2hunter2 make migrate", "DB_PASSWORD=[REDACTED:assigned] make migrate"),
        ("aws configure set aws_access_key_id AKIAABCDEFGHIJKLMNOP", "aws configure set aws_access_key_id "
         "[REDACTED:aws-access-key]"),
        ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n-----END OPENSSH PRIVATE KEY-----",
         "[REDACTED:private-key]"),
        ("npm publish --otp 123456 --token npm_abcdefghijklmnopqrstuvwxyz0123456789",
         "npm publish --otp 123456 --token [REDACTED:npm-token]"),
        ("cd /home/bob/src && ls /Users/carol/Desktop", "cd ~/src && ls ~/Desktop"),
        ("the merge of PR https://github.com/acme/parser/pull/12 — commit 4f9c2e1d0b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e",
         "the merge of PR https://github.com/acme/parser/pull/12 — commit 4f9c2e1d0b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e"),
        ("token counts: 512 tokens per chunk; password reset page", "token counts: 512 tokens per chunk; password "
         "reset page"),
    ],
)
def test_redaction_takes_secrets_and_homes_and_leaves_the_rest(text: str, shown: str) -> None:
    redactor = Redactor({"GH_TOKEN": TOKEN, "HOME": "/home/dave", "EDITOR": "vim-but-long-enough"})
    assert redactor.text(text) == shown


def test_the_shells_own_location_variables_are_no_secrets() -> None:
    """A shell exports PWD and OLDPWD (the `lanegate` launcher is one); 'pwd' names a password only as part of
    a name (DB_PWD): the project's path stays a path."""
    redactor = Redactor({"PWD": "/srv/work/parser", "OLDPWD": "/srv/work/other", "DB_PWD": "hunter2hunter2"})
    assert redactor.text("cat /srv/work/parser/.env; cd /srv/work/other; login hunter2hunter2") == (
        "cat /srv/work/parser/.env; cd /srv/work/other; login [REDACTED:env DB_PWD]")


def test_a_secret_named_json_key_loses_its_value() -> None:
    redactor = Redactor({})
    assert redactor.json({"env": {"API_KEY": "abcdef123456", "LOG_LEVEL": "debug"}, "n": 3}) == {
        "env": {"API_KEY": "[REDACTED:API_KEY]", "LOG_LEVEL": "debug"}, "n": 3}


def test_the_case_file_reads_back_as_written() -> None:
    data = {"id": "x", "note": "quotes \" and \\ and \x7f and \u2028 and tabs\t", "stops": 2, "start": "s",
            "env": {"LANEGATE_MODE": "dry-run"}, "final": "line one\nline two 🖖",
            "expect": {"class": "ALLOW", "tag": "operator-dialogue"},
            "record": [{"raw": json.dumps({"a": "b\n"})}, {"raw": "not json {"}]}
    assert tomllib.loads(to_toml(data)) == data


def test_a_hand_made_stop_whose_text_never_reached_the_transcript_is_named(seat: Seat, golden: Path) -> None:
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake()
    path = t.write(seat.root / "s.jsonl")
    judged(seat, path, "Tests pass. Want me to open the PR?", "eeee0000-1")
    done = seat.lanegate("golden", "add", "eeee/1", "--yes", "--dir", str(golden), "--log", str(seat.audit))
    assert (done.returncode, done.stderr) == (2, (
        f"lanegate golden add: the text the hook judged is not in {path} (no assistant text from byte 0 on): the "
        "harness writes it there after the stop, and a hand-made stop's transcript never gets it; append the "
        "assistant record, or add the stop from `lanegate replay`\n"))


def test_a_codex_stop_becomes_a_case_of_its_own_harness(seat: Seat, golden: Path) -> None:
    """Every harness's stop with a transcript becomes a case the golden runner writes for that harness."""
    from hook.commands.golden import _writer_of

    writer = _writer_of({"harness": "codex"}, "019a0000-0000-7000-8000-00000000c0de", str(seat.root))
    writer.step({"wake": "peer ping from @rigel: cache lane?"})
    writer.step({"bash": "pytest -q tests/test_cache.py", "result": "12 passed in 0.41s"})
    final = "The cache test passes again. Would you like me to look at the flaky upload test next?"
    writer.final(final)
    transcript = seat.root / writer.filename
    transcript.write_bytes(writer.to_bytes())
    stop = writer.stop({"final": final}, str(transcript), str(seat.project), again=False)
    done = seat.hook(stop.payload, "--harness", "codex", env=seat.env(**stop.env))
    line = done.line
    assert (done.code, line["harness"], line["class"], line["tag"]) == (0, "codex", "BLOCK", "deference")
    session = str(line["session"])
    added = seat.lanegate("golden", "add", f"{session[:8]}/1", "--yes", "--dir", str(golden), "--log",
                          str(seat.audit))
    assert added.returncode == 0, added.stderr
    (path,) = golden.iterdir()
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    assert (case["harness"], case["final"], case["expect"]["tag"]) == ("codex", final, "deference")
    assert seat.lanegate("golden", "--dir", str(golden)).returncode == 0
