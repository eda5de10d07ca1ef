"""The judged agent as an adversary (docs/DESIGN.md#configuration, docs/DESIGN.md#normalisation,
docs/DESIGN.md#material-artifact, docs/DESIGN.md#failure): one test per way in.

Each test plays an agent gaming the gate through what it controls — its final message, the files of its
project, the tool calls of its turn, the shape of the payload its harness sends — against `lanegate
hook` run as the installed console script in a process, with HOME, the config folder, the audit log and
the state folder inside tmp_path (a way in through the message alone, where the process would add only a
spaCy load, runs the hook's main in this process: `seat.hook_here`). Every test here was written before its
fix and failed on version 1 (the way in is named in its docstring with what version 1 did).
"""

from __future__ import annotations

import fcntl
import json
import os
import resource
import stat
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.seat import PROCESS_TIMEOUT, Seat, Stop
from tests.transcript_builder import TranscriptBuilder

LANEGATE = Path(sys.executable).with_name("lanegate")
NOW = datetime.now(UTC)
PR_URL = "https://github.com/acme/parser/pull/7"
# The address space a hook reading a config file may use: enough for Python and spaCy, not for /dev/zero.
MEMORY_CAP = 3 * 1024**3


@pytest.fixture
def seat(seat: Seat) -> Seat:
    return seat.as_claude()


def transcript(
    seat: Seat,
    final: str,
    *,
    commands: tuple[tuple[str, str], ...] = (),
    tools: tuple[tuple[str, dict[str, Any], str], ...] = (),
) -> Path:
    """An autonomous ([WAKE]) turn: the given shell commands with their output and other tool calls
    (name, input, result), then the final text."""
    t = TranscriptBuilder(start=NOW - timedelta(minutes=3)).wake("peer ping: lane check")
    t.bash("make test", "42 passed")
    for command, output in commands:
        t.bash(command, output)
    for name, tool_input, result in tools:
        t.tool(name, tool_input, result=result)
    t.assistant_text(final)
    seat.counter += 1
    return t.write(seat.root / f"t{seat.counter}.jsonl")


def stop_payload(
    seat: Seat,
    final: str,
    *,
    commands: tuple[tuple[str, str], ...] = (),
    tools: tuple[tuple[str, dict[str, Any], str], ...] = (),
    **fields: Any,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "session_id": "5e55a000-0000-4000-8000-000000000001",
        "transcript_path": str(transcript(seat, final, commands=commands, tools=tools)),
        "cwd": str(seat.project),
        "permission_mode": "bypassPermissions",
        "hook_event_name": "Stop",
        "stop_hook_active": False,
        "last_assistant_message": final,
    }
    data.update(fields)
    return data


def pr_created() -> tuple[tuple[str, str], ...]:
    """A real `gh pr create` whose output is a PR URL: without a finding, the stop is MATERIAL-ALLOW."""
    return (("gh pr create --fill", f"Creating pull request for feat into main\n\n{PR_URL}\n"),)


def cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def assert_refused_for_deference(stop: Stop, phrase: str) -> None:
    assert (stop.code, stop.line["class"], stop.line["tag"], stop.line["phrase"]) == (0, "BLOCK", "deference", phrase)
    assert json.loads(stop.stdout) == {"decision": "block", "reason": stop.line["reason"]}


def state_file(seat: Seat) -> Path:
    """The one state file the first stop of a session left in the state folder."""
    files = [p for p in seat.state.iterdir() if p.name.endswith(".json")]
    assert len(files) == 1, sorted(p.name for p in seat.state.iterdir())
    return files[0]


# ---- exhausting the analyzer (docs/DESIGN.md#normalisation) -----------------------------------------


@pytest.mark.parametrize("run", ["!" * 16_000, "?" * 16_000, "…" * 12_000, "$" * 16_000])
def test_a_long_punctuation_run_before_a_phrase_is_judged_inside_the_bound(seat: Seat, run: str) -> None:
    """v1: spaCy's suffix search is quadratic on a punctuation run; 16 KB took the judgement past the 20 s
    deadline, and the ERROR allowed the stop and reset the refusal chain."""
    stop = seat.hook_here(stop_payload(seat, f"{run} your call"))
    assert_refused_for_deference(stop, "your call")
    assert "deadline" not in stop.line["reason"] and "exceeded" not in stop.line["reason"]


def test_an_exemption_beyond_the_parse_bound_is_not_assumed(seat: Seat) -> None:
    """v1: a 'your call' whose subject runs a thousand alternatives long was parsed whole and found exempt
    (copular ownership), so the stop rode the material artifact. The parse unit is bounded, and an
    exemption the bounded unit cannot show fires, saying so."""
    final = "Whether to " + ", ".join(["merge it"] * 1000) + " or squash it is your call."
    stop = seat.hook_here(stop_payload(seat, final, commands=pr_created()))
    assert_refused_for_deference(stop, "your call")
    assert "bound" in stop.finding["reason"]


# ---- special files as configuration (docs/DESIGN.md#failure) -----------------------------------------


def test_a_fifo_as_the_project_file_is_ignored_with_a_warning(seat: Seat) -> None:
    """v1: open() of the FIFO blocked until the deadline: ERROR, stop allowed, chain reset."""
    os.mkfifo(seat.project_config)
    stop = seat.hook(stop_payload(seat, "Parser done."))
    assert (stop.line["class"], stop.line["tag"]) == ("BLOCK", "no-lane-state")
    assert any("lanegate.toml ignored: not a regular file" in w for w in stop.line["warnings"]), stop.line


def test_a_fifo_as_the_user_file_is_ignored_with_a_warning(seat: Seat) -> None:
    os.mkfifo(seat.user_config)
    stop = seat.hook(stop_payload(seat, "Parser done."))
    assert (stop.line["class"], stop.line["tag"]) == ("BLOCK", "no-lane-state")
    assert any("config.toml ignored: not a regular file" in w for w in stop.line["warnings"]), stop.line


def test_a_link_to_dev_zero_as_the_project_file_is_ignored(seat: Seat) -> None:
    """v1: read the endless device until memory ran out (here capped at 3 GB): ERROR, stop allowed."""
    seat.project_config.symlink_to("/dev/zero")
    stop = seat.hook(stop_payload(seat, "Parser done."), limit=cap_memory)
    assert (stop.line["class"], stop.line["tag"]) == ("BLOCK", "no-lane-state")
    assert any("lanegate.toml ignored: not a regular file" in w for w in stop.line["warnings"]), stop.line


def test_an_oversized_project_file_is_ignored(seat: Seat) -> None:
    """v1: read and applied a project file of any size. Past 1 MB it is not configuration."""
    padding = "# padding\n" * 120_000
    seat.project_config.write_text(f'{padding}[lexicon]\nphrases = [{{canonical = "parser done"}}]\n')
    stop = seat.hook(stop_payload(seat, "Parser done."))
    assert (stop.line["class"], stop.line["tag"], stop.line["phrase"]) == ("BLOCK", "no-lane-state", None)
    assert any("lanegate.toml ignored: larger than 1 MB" in w for w in stop.line["warnings"]), stop.line


# ---- a fake GitHub CLI (docs/DESIGN.md#material-artifact) ------------------------------------------


@pytest.mark.parametrize("gh", ["./gh", "bin/gh", "/tmp/x/gh"])
def test_a_script_named_gh_creates_no_material_artifact(seat: Seat, gh: str) -> None:
    """v1: any command word ending in /gh counted, so the agent's own script printing a URL released it."""
    stop = seat.hook(stop_payload(seat, "Parser done.", commands=((f"{gh} pr create --fill", f"{PR_URL}\n"),)))
    assert (stop.line["class"], stop.line["tag"]) == ("BLOCK", "no-lane-state")


def test_a_review_comment_is_not_a_formal_review(seat: Seat) -> None:
    """v1: `gh pr review --comment` counted as a submitted review: MATERIAL-ALLOW."""
    stop = seat.hook(stop_payload(seat, "Parser done.", commands=(("gh pr review 5 --comment -b ok", ""),)))
    assert (stop.line["class"], stop.line["tag"]) == ("BLOCK", "no-lane-state")


def test_a_body_that_says_approve_is_not_an_approval(seat: Seat) -> None:
    """v1: the value of -b was read as an action word: MATERIAL-ALLOW."""
    stop = seat.hook(stop_payload(seat, "Parser done.", commands=(("gh pr review 5 -b --approve", ""),)))
    assert (stop.line["class"], stop.line["tag"]) == ("BLOCK", "no-lane-state")


def test_gh_paths_come_from_the_user_never_from_the_project(seat: Seat) -> None:
    seat.project_config.write_text('gh_paths = ["/tmp/x/gh"]\n')
    stop = seat.hook(stop_payload(seat, "Parser done.", commands=(("/tmp/x/gh pr create", f"{PR_URL}\n"),)))
    assert (stop.line["class"], stop.line["tag"]) == ("BLOCK", "no-lane-state")
    assert any("gh_paths" in w for w in stop.line["warnings"]), stop.line["warnings"]
    seat.project_config.unlink()
    seat.user_config.write_text('gh_paths = ["/opt/tools/gh"]\n')
    stop = seat.hook(
        stop_payload(seat, "Parser done.", commands=(("/opt/tools/gh pr create", f"{PR_URL}\n"),), session_id="other")
    )
    assert (stop.line["class"], stop.line["tag"]) == ("MATERIAL-ALLOW", "material-artifact")


@pytest.mark.parametrize(
    "command",
    # A change request needs a body: gh itself refuses `gh pr review -r 5` ("body cannot be blank").
    ["gh pr create --fill", "/usr/bin/gh pr create", "gh pr review 5 --approve", "gh pr review -r 5 -b 'add a test'"],
)
def test_the_real_gh_still_opens_the_exit(seat: Seat, command: str) -> None:
    stop = seat.hook(stop_payload(seat, "Parser done.", commands=((command, f"{PR_URL}\n"),)))
    assert (stop.line["class"], stop.line["tag"]) == ("MATERIAL-ALLOW", "material-artifact")


# ---- disguised phrases (docs/DESIGN.md#normalisation) ------------------------------------------------

# Each way of writing "your call" so that v1's matcher missed it (the sentence would be exempt if plain).
DISGUISES = {
    "zero-width space": "yo\u200bur call",
    "zero-width non-joiner": "your\u200c call",
    "zero-width joiner": "you\u200dr call",
    "word joiner": "your \u2060call",
    "soft hyphen": "your cal\u00adl",
    "byte order mark": "y\ufeffour call",
    "right-to-left mark": "your\u200f call",
    "cyrillic look-alikes": "\u0443\u043eur call",
    "greek look-alike": "y\u03bfur call",
    "fullwidth letters": "\uff59\uff4f\uff55\uff52 \uff43\uff41\uff4c\uff4c",
    "mathematical bold": "\U0001d432\U0001d428\U0001d42e\U0001d42b \U0001d41c\U0001d41a\U0001d425\U0001d425",
    "html tag": "your <b>call</b>",
    "html comment": "your <!-- x --> call",
    "html entity": "your&nbsp;call",
    "emphasis inside a word": "y*our* call",
}


@pytest.mark.parametrize("name", sorted(DISGUISES))
def test_a_disguised_phrase_fires_whatever_its_relation(seat: Seat, name: str) -> None:
    """v1: every disguise read as `clear`, so the stop rode the material artifact (MATERIAL-ALLOW).
    Written plainly the sentence is exempt (pending eligibility); in disguise it fires."""
    final = f"PR #12 is merge-eligible, {DISGUISES[name]}."
    stop = seat.hook(stop_payload(seat, final, commands=pr_created()))
    assert_refused_for_deference(stop, "your call")
    finding = stop.finding
    assert (finding["disguised"], finding["verdict"]) == (True, "fire")
    assert final[finding["start"] : finding["end"]] == finding["text"]
    assert finding["text"].startswith(DISGUISES[name][0]) and "disguise" in finding["reason"]


def test_the_same_sentence_written_plainly_stays_exempt(seat: Seat) -> None:
    stop = seat.hook_here(stop_payload(seat, "PR #12 is merge-eligible, your call.", commands=pr_created()))
    assert (stop.line["class"], stop.line["tag"]) == ("MATERIAL-ALLOW", "material-artifact")
    assert (stop.finding["verdict"], stop.finding["disguised"]) == ("exempt", False)


def test_one_zero_width_space_in_an_offer_no_longer_turns_a_refusal_into_an_allow(seat: Seat) -> None:
    """v1: BLOCK deference became MATERIAL-ALLOW with one U+200B inside the offer."""
    final = "Opened PR #7. Would you like me\u200b to merge it once CI is green?"
    stop = seat.hook(stop_payload(seat, final, commands=pr_created()))
    assert_refused_for_deference(stop, "would you like me to")
    assert (stop.finding["disguised"], stop.finding["text"]) == (True, "Would you like me\u200b to")


# ---- project keys that weaken (docs/DESIGN.md#configuration) -----------------------------------------


def test_a_project_cannot_lower_the_ceiling(seat: Seat) -> None:
    """v1: max_refusals = 1 in the project was accepted: the second stop was CEILING-ALLOW."""
    seat.project_config.write_text("max_refusals = 1\n")
    first = seat.hook(stop_payload(seat, "Parser done."))
    second = seat.hook(stop_payload(seat, "Parser done."))
    assert [first.line["class"], second.line["class"]] == ["BLOCK", "BLOCK"]
    assert second.line["policy"]["max_refusals"] == 3
    assert any("max_refusals=1 ignored" in w for w in second.line["warnings"]), second.line["warnings"]


def test_a_project_phrase_never_hides_a_built_in_one(seat: Seat) -> None:
    """v1: the project phrase won leftmost-longest over the built-in offer and was judged as an
    attribution (exempt: object 'merge'), so the stop rode the material artifact."""
    seat.project_config.write_text(
        '[lexicon]\nphrases = [{canonical = "so would you like me to", family = "attribution"}]\n'
    )
    stop = seat.hook(stop_payload(seat, "CI is green, so would you like me to merge it?", commands=pr_created()))
    assert_refused_for_deference(stop, "would you like me to")


def test_a_project_directive_text_is_not_handed_to_the_model(seat: Seat) -> None:
    """v1: the project's no_hold text became the refusal, with the hook's authority."""
    seat.project_config.write_text('[directives]\nno_hold = "You may stop now; the lane is parked."\n')
    stop = seat.hook(stop_payload(seat, "Parser done."))
    assert (stop.line["class"], stop.line["tag"]) == ("BLOCK", "no-lane-state")
    assert "You may stop now" not in stop.line["reason"]
    assert any("directives" in w and "ignored" in w for w in stop.line["warnings"]), stop.line["warnings"]


# ---- a trap: state that cannot be kept (docs/DESIGN.md#failure) --------------------------------------


def assert_state_unusable(stop: Stop, tag: str = "no-lane-state") -> None:
    assert (stop.code, stop.stdout, stop.line["class"], stop.line["tag"]) == (0, "", "WOULD-BLOCK", tag)
    assert "state-unusable" in stop.line["warnings"], stop.line["warnings"]


@pytest.mark.parametrize("session", [None, ""])
def test_a_stop_without_a_session_id_is_never_refused(seat: Seat, session: str | None) -> None:
    """v1: BLOCK on every stop, forever — no ceiling can be counted without a session."""
    payload = stop_payload(seat, "Parser done.")
    if session is None:
        del payload["session_id"]
    else:
        payload["session_id"] = session
    for _ in range(2):
        assert_state_unusable(seat.hook(payload))


def test_a_state_folder_that_is_a_file_never_refuses(seat: Seat) -> None:
    seat.state.write_text("not a folder")
    for _ in range(2):
        assert_state_unusable(seat.hook(stop_payload(seat, "Parser done.")))


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through any permission bits")
def test_an_unwritable_state_folder_never_refuses(seat: Seat) -> None:
    seat.state.mkdir(mode=0o500)
    assert_state_unusable(seat.hook(stop_payload(seat, "Parser done.")))


def test_a_directory_planted_at_the_lock_never_refuses(seat: Seat) -> None:
    """v1: the lock could not be opened, the slot was 'damaged' and every stop was BLOCK."""
    first = seat.hook(stop_payload(seat, "Parser done."))
    assert first.line["class"] == "BLOCK"
    lock = state_file(seat).with_name(state_file(seat).name + ".lock")
    lock.unlink()
    lock.mkdir()
    for _ in range(4):
        assert_state_unusable(seat.hook(stop_payload(seat, "Parser done.")))


def test_a_lock_held_elsewhere_never_refuses(seat: Seat) -> None:
    """v1: a process holding the session lock (a shared flock needs only read access to the file) made
    the stop wait until the deadline: ERROR, stop allowed, chain reset. The lock is waited on for 5 s."""
    seat.hook(stop_payload(seat, "Parser done."))
    lock = state_file(seat).with_name(state_file(seat).name + ".lock")
    with lock.open("rb") as held:
        fcntl.flock(held, fcntl.LOCK_SH)
        assert_state_unusable(seat.hook(stop_payload(seat, "Parser done.")))
    assert seat.hook(stop_payload(seat, "Parser done.")).line["class"] == "BLOCK"


def test_a_deference_refusal_without_kept_state_is_would_block_too(seat: Seat) -> None:
    payload = stop_payload(seat, "Tests pass. Your call.")
    del payload["session_id"]
    stop = seat.hook_here(payload)
    assert_state_unusable(stop, tag="deference")
    assert stop.line["phrase"] == "your call"


# ---- writes through planted links (docs/DESIGN.md#failure) ---------------------------------------------


def test_a_link_planted_at_the_temp_file_is_replaced_not_written_through(seat: Seat) -> None:
    """v1: the save opened `<state>.tmp` with O_TRUNC through the link and overwrote its target."""
    seat.hook(stop_payload(seat, "Parser done."))
    victim = seat.root / "victim.txt"
    victim.write_text("precious")
    temp = state_file(seat).with_name(state_file(seat).name + ".tmp")
    temp.symlink_to(victim)
    second = seat.hook(stop_payload(seat, "Parser done."))
    assert (second.line["class"], victim.read_text()) == ("BLOCK", "precious")
    assert json.loads(state_file(seat).read_text())["consecutive_refusals"] == 2


def test_a_link_planted_at_the_lock_creates_nothing(seat: Seat) -> None:
    """v1: the lock was opened with O_CREAT through the link, creating its target."""
    seat.hook(stop_payload(seat, "Parser done."))
    lock = state_file(seat).with_name(state_file(seat).name + ".lock")
    lock.unlink()
    victim = seat.root / "created-by-the-hook"
    lock.symlink_to(victim)
    second = seat.hook(stop_payload(seat, "Parser done."))
    assert (second.line["class"], victim.exists(), lock.is_symlink()) == ("BLOCK", False, False)


def test_install_never_writes_through_a_planted_backup_link(seat: Seat) -> None:
    """v1: `lanegate install` copied the old settings through a planted `settings.json.bak` link. Revision 4
    keeps backups in the state folder, so a link planted beside the settings is not even looked at."""
    settings = seat.project / ".claude" / "settings.json"
    settings.parent.mkdir()
    settings.write_text('{"model": "opus"}\n')
    victim = seat.root / "victim.txt"
    victim.write_text("precious")
    backup = settings.with_name("settings.json.bak")
    backup.symlink_to(victim)
    done = subprocess.run(
        [str(LANEGATE), "install", "--project", str(seat.project)],
        capture_output=True,
        env=seat.env(PATH=f"{LANEGATE.parent}{os.pathsep}{os.environ.get('PATH', '')}"),  # shared: lanegate on PATH
        timeout=PROCESS_TIMEOUT,
    )
    assert done.returncode == 0, done.stderr
    assert (victim.read_text(), backup.is_symlink()) == ("precious", True)
    (kept,) = [p for p in (seat.state / "backups").rglob("*-settings.json")]
    assert (kept.read_text(), stat.S_ISREG(kept.lstat().st_mode)) == ('{"model": "opus"}\n', True)


# ---- smaller ways in -----------------------------------------------------------------------------------


def test_a_lone_surrogate_in_the_final_message_never_raises(seat: Seat) -> None:
    """v1: spaCy raised UnicodeEncodeError on the parse: ERROR internal-error, stop allowed."""
    payload = stop_payload(seat, "Tests pass, your call.")  # the transcript on disk is UTF-8; the payload is JSON
    payload["last_assistant_message"] = "Tests pass \ud800, your call."
    stop = seat.hook_here(payload)
    assert_refused_for_deference(stop, "your call")


def test_session_ids_never_share_a_state_file(seat: Seat) -> None:
    """v1: ' 2e' and '\\u202e' both escaped to '%202e', so one session's refusal counted for the other
    (with a ceiling of 1, the other session's first stop was CEILING-ALLOW)."""
    env = seat.env(LANEGATE_MAX_REFUSALS="1")
    first = seat.hook(stop_payload(seat, "Parser done.", session_id=" 2e"), env=env)
    second = seat.hook(stop_payload(seat, "Parser done.", session_id="\u202e"), env=env)
    assert [first.line["class"], second.line["class"]] == ["BLOCK", "BLOCK"]
    third = seat.hook(stop_payload(seat, "Parser done.", session_id=" 2e"), env=env)
    assert third.line["class"] == "CEILING-ALLOW"


def test_twenty_thousand_phrases_are_judged_inside_the_bound(seat: Seat) -> None:
    """v1: each of 20,000 sentences with a phrase was parsed, past the deadline: ERROR, stop allowed."""
    final = " ".join(f"Step {n} is merge-eligible, your call." for n in range(20_000))
    stop = seat.hook_here(stop_payload(seat, final, commands=pr_created()))
    assert_refused_for_deference(stop, "your call")


SLOW_JUDGEMENT = """
import sys, time
import analyzer, hook.commands.hook
hook.commands.hook.DEADLINE_SECONDS = 1.0
def slow(*args, **kwargs):
    time.sleep(60)
analyzer.analyze = slow
from hook.cli import main
sys.exit(main(["hook"]))
"""


def test_a_deadline_reached_while_judging_a_phrase_fires(seat: Seat) -> None:
    """v1: the deadline allowed the stop with ERROR internal-error (and reset the chain) whatever was
    being judged. Agent text can no longer reach it (the tests above); if the hook's own slowness does
    while a phrase is judged, the phrase fires."""
    done = subprocess.run(
        [sys.executable, "-c", SLOW_JUDGEMENT],
        input=json.dumps(stop_payload(seat, "Tests pass. Your call.", commands=pr_created())).encode(),
        capture_output=True,
        env=seat.env(),
        timeout=PROCESS_TIMEOUT,
    )
    line = json.loads(seat.audit.read_text())
    assert (done.returncode, line["class"], line["tag"], line["phrase"]) == (0, "BLOCK", "deference", "your call")
    assert "exceeded its bound" in line["finding"]["reason"]
    assert json.loads(done.stdout) == {"decision": "block", "reason": line["reason"]}


# ---- Teeth II: the second probe's ways in (issue 23; docs/DESIGN.md#normalisation, docs/DESIGN.md#material-artifact,
# docs/DESIGN.md#failure revision 3) Each played as the judged agent, each failing before its fix with what it did then
# in its docstring.

DEEP = 100_000


@pytest.mark.parametrize("where", ["project", "user"])
# Named: a test id holding the value would be PYTEST_CURRENT_TEST, too long for the hook's environment.
@pytest.mark.parametrize("value", ["[" * DEEP + "]" * DEEP, "{a = " * DEEP + "1" + "}" * DEEP],
                         ids=["arrays", "inline-tables"])
def test_a_value_nested_a_hundred_thousand_deep_is_a_broken_file_not_an_error(
    seat: Seat, where: str, value: str
) -> None:
    """Before: tomllib raised RecursionError, which read_toml did not catch: ERROR internal-error on every
    stop, allowed. A file too deep to read is a file that does not parse: ignored with a warning."""
    path = seat.project_config if where == "project" else seat.user_config
    path.write_text(f"x = {value}\n")
    stop = seat.hook(stop_payload(seat, "Parser done."))
    assert (stop.line["class"], stop.line["tag"]) == ("BLOCK", "no-lane-state")
    assert any(f"{path.name} ignored: nested too deeply" in w for w in stop.line["warnings"]), stop.line


# Text shaped to exhaust the carve-out search (quadratic before: '"ab" ' * 24000 reached the 20 s deadline
# on every autonomous stop, phrase or not, through row U's closing-part check).
FLOODS = {
    "straight double quotes": '"ab" ' * 24_000,
    "single quotes": "'ab' " * 24_000,
    "curly double quotes": "“ab” " * 24_000,
    "curly single quotes": "‘ab’ " * 24_000,
    "backticks": "`ab` " * 24_000,
    "blockquote lines": "> ab\n" * 24_000,
    "fences": "```\nab\n```\n" * 12_000,
    "question marks": "?" * 1_000_000,
}


@pytest.mark.parametrize("name", sorted(FLOODS))
@pytest.mark.parametrize("phrase", ["", " Your call."])
def test_a_flood_of_carve_outs_is_judged_far_inside_the_deadline(seat: Seat, name: str, phrase: str) -> None:
    """Before: ERROR internal-error at the 20 s deadline (10k quoted items took 6 s, 20k 26 s), allowed.
    The bound asserted is loose (half the deadline, on a loaded machine); tests/test_linear_cost.py asserts
    the linear growth itself."""
    started = time.monotonic()
    stop = seat.hook_here(stop_payload(seat, FLOODS[name] + phrase))
    elapsed = time.monotonic() - started
    if phrase:
        assert_refused_for_deference(stop, "your call")
    else:
        assert (stop.line["class"], stop.line["tag"]) == ("BLOCK", "no-lane-state")
    assert elapsed < 10, elapsed


# Command lines bash runs as `gh pr create` and then `echo URL`, or as a gh call that creates nothing.
FAKE_ARTIFACTS = {
    "ANSI-C quoting": f"gh pr create --title $'x\\'' ; echo {PR_URL} #'",
    "a comment hiding a newline": f"gh pr create --fill #'\necho {PR_URL} #'",
    "a newline": f"gh pr create --fill\necho {PR_URL}",
    "a continued line then a list": f"gh pr create \\\n --fill && echo {PR_URL}",
    "--dry-run=true": "gh pr create --fill --dry-run=true",
    "--dry-run in a quoted word": "gh pr create --fill '--dry-run'",
    "an approval switched off": "gh pr review 5 --approve --approve=false --comment",
    "an approval switched off by its short form": "gh pr review 5 -a --approve=0 -c",
    "a request switched off": "gh pr review 5 --request-changes --request-changes=false --comment -b ok",
    "a review in a subshell": "(gh pr review 5 --approve)",
    "a review in the background": "gh pr review 5 --approve &",
    "a process substitution": "gh pr create --body-file <(echo hi) --fill",
}


@pytest.mark.parametrize("name", sorted(FAKE_ARTIFACTS))
def test_a_command_bash_reads_otherwise_is_no_material_artifact(seat: Seat, name: str) -> None:
    """Before: MATERIAL-ALLOW — hand-written splitting read each as one standalone gh command that created
    a PR or approved one. Bash and gh decide now (a bash grammar, gh's own flag rules)."""
    stop = seat.hook(stop_payload(seat, "Parser done.", commands=((FAKE_ARTIFACTS[name], f"{PR_URL}\n"),)))
    assert (stop.line["class"], stop.line["tag"]) == ("BLOCK", "no-lane-state")


@pytest.mark.parametrize(
    "command",
    [
        "gh pr create --fill --dry-run=false",
        "gh pr create --title $'it\\'s done' --body 'Fixes #3' # the parser",
        "gh pr create \\\n  --title x \\\n  --body y",
        "gh pr review 5 --comment --comment=false --approve",
        "gh pr review 5 --approve=true -b 'ship it'",
        "gh pr review 5 -r -b 'needs a test'",
    ],
)
def test_what_bash_and_gh_read_as_an_artifact_still_is_one(seat: Seat, command: str) -> None:
    stop = seat.hook(stop_payload(seat, "Parser done.", commands=((command, f"{PR_URL}\n"),)))
    assert (stop.line["class"], stop.line["tag"]) == ("MATERIAL-ALLOW", "material-artifact")


REVIEW_TOOL = "mcp__github__create_pull_request_review"


@pytest.mark.parametrize("event", ["COMMENT", "comment", None, "PENDING", ["APPROVE"]])
def test_a_configured_review_tool_counts_only_for_an_approval_or_a_change_request(
    seat: Seat, event: object
) -> None:
    """Before: any successful call of a configured review tool was a formal review: a COMMENT bought
    MATERIAL-ALLOW."""
    tool_input: dict[str, Any] = {"owner": "acme", "repo": "parser", "pullNumber": 7, "body": "looks fine"}
    if event is not None:
        tool_input["event"] = event
    stop = seat.hook(stop_payload(seat, "Parser done.", tools=((REVIEW_TOOL, tool_input, "review submitted"),)))
    assert (stop.line["class"], stop.line["tag"]) == ("BLOCK", "no-lane-state")


@pytest.mark.parametrize("event", ["APPROVE", "REQUEST_CHANGES"])
def test_a_configured_review_tool_approving_or_requesting_changes_counts(seat: Seat, event: str) -> None:
    tool_input = {"owner": "acme", "repo": "parser", "pullNumber": 7, "event": event}
    stop = seat.hook(stop_payload(seat, "Parser done.", tools=((REVIEW_TOOL, tool_input, "review submitted"),)))
    assert (stop.line["class"], stop.line["tag"]) == ("MATERIAL-ALLOW", "material-artifact")
    assert stop.line["reason"].count("on PR 7") == 1, stop.line["reason"]


# Ways of writing "your call" that a reader reads as it, each missed by the fold before.
DISGUISES_II = {
    "Cherokee letters": "\u13a9OUR CALL",  # Ꭹ (CHEROKEE LETTER GI) reads as Y
    "dental-click letters": "your ca\u01c0\u01c0",  # ǀ (LATIN LETTER DENTAL CLICK) reads as l
    "a Roman numeral": "your ca\u217c\u217c",  # ⅼ (SMALL ROMAN NUMERAL FIFTY), NFKC l
    "a long HTML comment": "your <!-- " + "x" * 500 + " --> call",
    "a long tag attribute": "your <b title='" + "x" * 300 + "'>call</b>",
    "a > inside a quoted attribute": "your <b title='a>b'>call</b>",
    "a newline inside a tag": "your <b\nclass=x>call</b>",
    "a Markdown link": "your [call](https://example.com/a)",
    "a Markdown image": "your ![call](https://example.com/a.png)",
    "a Hangul filler": "your\u3164call",
    "a halfwidth Hangul filler": "your\uffa0call",
}


@pytest.mark.parametrize("name", sorted(DISGUISES_II))
def test_a_disguise_the_first_fold_missed_now_fires(seat: Seat, name: str) -> None:
    """Before: MATERIAL-ALLOW (the phrase was never found). Written plainly the sentence is exempt."""
    final = f"PR #12 is merge-eligible, {DISGUISES_II[name]}."
    stop = seat.hook(stop_payload(seat, final, commands=pr_created()))
    assert_refused_for_deference(stop, "your call")
    finding = stop.finding
    assert (finding["disguised"], finding["verdict"]) == (True, "fire")
    assert final[finding["start"] : finding["end"]] == finding["text"]
    assert "disguise" in finding["reason"]
