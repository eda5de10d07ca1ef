"""The cheap tests that settle most of a stop's work before the expensive read, pinned against that read.

Each shortcut may only skip work whose answer it already knows: a substring test before the bash parser, a plain
tool name compared without fnmatch, PR-fetch evidence read only when a gate names a PR.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime, timedelta
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from analyzer.lexicon import default_lexicon
from analyzer.text.candidates import find_candidates, may_match, scan
from analyzer.text.carveouts import build_views
from hook.core import stdin_text
from hook.harness import walk_for
from hook.lanestate import fence_opener, is_lane_info, parse_lane_state, pr_numbers_in_ref, validate_lane_state
from hook.transcript.bash import parse
from hook.transcript.records import ToolCall
from hook.transcript.tools import (
    command_fetches,
    may_name,
    name_matches,
    pr_number,
    standalone_gh_args,
)
from hook.transcript.walk import WALK_PATH, default_walk_config, parse_walk_config, strip_reminders
from lanegate_common.builtin_data import load_builtin
from tests.transcript_builder import TranscriptBuilder, read_claude

ROOT = Path(__file__).resolve().parents[1]

PIECES = [
    "gh", "g", "h", "/usr/bin/gh", "$'", "\\x67", "pr", "p", "r", "pull", "pulls/12", "view", "checks", "create",
    "review", "api", "repos/o/r/pulls/7", "pullRequest(number: 9)", "12", "#12", "--approve", "-R", "x",
    " ", " ", " ", "\t", "\n", "\\\n", "'", '"', "\\", ";", "|", "&&", "#", "$(", ")", "=",
]
COMMANDS = st.lists(st.sampled_from(PIECES), max_size=14).map("".join)
START = datetime(2026, 12, 2, 10, 0, tzinfo=UTC)


@given(COMMANDS)
@example("g''h pr view 12")
@example("\\gh pr view 12")
@example('gh "p"r view 12')
@example("gh api 'repos/o/r/pu''lls/12'")
@example("$'\\x67h' pr view 12")
@example("git commit -m 'gh pr view 12'")
def test_a_command_the_substring_test_skips_fetches_no_pr(command: str) -> None:
    if not may_name(command, "pr", "pull"):
        assert command_fetches(command) == frozenset()


@given(COMMANDS)
@example("g''h pr create")
@example("gh p\\r review --approve 12")
@example("$'\\x67\\x68' pr review --approve 12")
def test_a_command_the_substring_test_skips_is_no_standalone_gh_pr(command: str) -> None:
    if not may_name(command, "pr"):
        args = standalone_gh_args(command)
        assert not args or args[0] != "pr"


@given(COMMANDS)
@example("gh pr view 12 # x\ny")
@example("{g,}h pr view 12")
def test_without_quotes_or_escapes_every_word_is_a_piece_of_the_command(command: str) -> None:
    """The premise of may_name, for the bash parser the tool readers use: every static word of every
    simple command of a line without quotes or escapes is a piece of the line as written."""
    if any(q in command for q in ("'", '"', "\\")):
        return
    script = parse(command)
    assert script is not None
    words = [w for simple in script.commands for w in simple.words if w is not None]
    assert all(w in command for w in words)


NAMES = st.text(alphabet=st.sampled_from(list("ab_*?[]!-")), max_size=6)


@given(NAMES, st.lists(NAMES, max_size=3))
@example("mcp__a", ["mcp__a"])
@example("mcp__a", ["mcp__*"])
@example("a[b", ["a[b"])
def test_name_matches_is_fnmatchcase(name: str, patterns: list[str]) -> None:
    assert name_matches(name, patterns) == any(fnmatchcase(name, p) for p in patterns)


class Untouchable(Mapping[str, Any]):
    """A tool input that fails the test when anything reads it."""

    def __getitem__(self, key: str) -> Any:
        raise AssertionError("a tool input was read")

    def __iter__(self) -> Iterator[str]:
        raise AssertionError("a tool input was read")

    def __len__(self) -> int:
        raise AssertionError("a tool input was read")


def lane(gates: list[dict[str, object]]) -> str:
    return "Done.\n\n```lane-state\n" + json.dumps({"laneContinuation": "next-lane", "namedGates": gates}) + "\n```"


def test_a_terminal_without_a_pr_gate_reads_no_tool_call() -> None:
    calls = [ToolCall(id=str(i), name="Bash", input=Untouchable(), timestamp=START) for i in range(3)]
    gates = [{"ref": "CI on main", "checkedAt": "2026-12-02T10:10Z", "nextActor": "@ci"}]
    for data in ([], gates):
        state = validate_lane_state(
            parse_lane_state(lane(data)), prompt_time=START, now=START + timedelta(minutes=15), tool_calls=calls
        )
        assert (state.outcome, state.violations) == ("valid", ())


def test_a_pr_gate_still_reads_the_fetches() -> None:
    gates = [{"ref": "PR #12", "checkedAt": "2026-12-02T10:10Z", "nextActor": "@ci"}]
    fetch = ToolCall(id="a", name="Bash", input={"command": "g''h pr view 12"}, result_text="", timestamp=START,
                     command="g''h pr view 12")
    state = validate_lane_state(
        parse_lane_state(lane(gates)), prompt_time=START, now=START + timedelta(minutes=15), tool_calls=[fetch]
    )
    assert state.outcome == "valid"


def test_a_quoted_gh_fetch_is_kept_as_evidence_for_the_next_stop(tmp_path: Path) -> None:
    """The checkpoint keeps every call that fetches a PR however it is quoted: a resumed stop sees it."""
    walk = walk_for("claude")
    b = TranscriptBuilder(start=START).wake().bash("g''h pr view 12", "state: OPEN")
    b.filler(20_000).assistant_text("CI runs.")
    path = b.write(tmp_path / "t.jsonl")
    first = read_claude(path, walk)
    b.bash("make docs", "built").assistant_text("Docs done.")
    b.write(path)
    resumed = read_claude(path, walk, scan_from=first.end_offset, resume=first.resume)
    full = read_claude(path, walk, scan_from=first.end_offset)
    assert resumed.bytes_read < full.bytes_read  # it did resume
    assert [c.input["command"] for c in resumed.tool_calls] == [c.input["command"] for c in full.tool_calls]
    assert resumed.resume == full.resume


# -- the candidate scan's substring test --------------------------------------------------------------

LEXICON = default_lexicon().extended(phrases=[{"canonical": "à toi de voir", "family": "offer"}])
FRAGMENTS = [
    "your", "call", "you", "want", "me", "to", "would", "like", "if", "you'd", "you’d", "rather", "move",
    "steer", "on", "or", "elsewhere", "it", "unless", "do", "Your", "CALL", "Y", "our", " ", " ", "\n",
    "`", "\"", "'", "*", "_", ">", ".", "é", "à", "a", "toi", "de", "voir", "À",
    # revision 2 register phrases, and words that hold their short pieces inside them ('ok', 'to', 'i')
    "should", "i", "I", "shall", "we", "ok", "OK", "okay", "token", "look", "let", "know", "feel", "free",
    "anything", "else", "say", "the", "word", "just", "go", "ready", "when", "are", "whenever", "you're",
    "prefer", "which", "what", "how", "whether", "proceed", "-", "0", "?",
]


# No per-example deadline: the property is about candidates, not time (scripts/bench measures speed), and a loaded
# machine once took 330 ms for the first example while the model loaded.
@settings(deadline=None)
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=16).map("".join))
@example("Your call.")
@example("if you’d rather")
@example("Your ſtep: your call")
@example("À TOI DE VOIR")
@example("the tokenizer looks ok to me? should I")
@example("OK_to start")
@example("a toi de voir")
def test_a_text_the_substring_test_rules_out_has_no_candidate(text: str) -> None:
    for lexicon in (default_lexicon(), LEXICON):
        if not may_match(text, lexicon):
            assert scan(build_views(text), lexicon) == ()
        else:
            assert find_candidates(text, lexicon) == scan(build_views(text), lexicon)


def test_the_bench_terminal_is_ruled_out_without_the_views() -> None:
    text = "Parser lane: PR #12 is open; CI runs.\n\n" + lane([{"ref": "PR #12", "checkedAt": "10:04Z"}])
    assert not may_match(text, default_lexicon())
    assert may_match(text + " Your call.", default_lexicon())


# -- the walk's patterns: compiled on first use, never searched in vain ---------------------------------


def test_every_built_in_walk_pattern_compiles_as_the_checked_parse_does() -> None:
    lazy = default_walk_config()
    checked = parse_walk_config(load_builtin(WALK_PATH))  # compiles now: WalkConfigError on a bad pattern
    pairs = [(lazy.window_regex, checked.window_regex), (lazy.reminder_regex, checked.reminder_regex)]
    pairs += [(a.regex, b.regex) for a, b in zip(lazy.handoff_patterns, checked.handoff_patterns, strict=True)]
    for deferred, compiled in pairs:
        assert deferred.pattern == compiled.pattern
        assert deferred.compiled == compiled  # re.Pattern equality: same source and flags


REMINDER_PIECES = ["<system-reminder>", "</system-reminder>", "<system-reminder a=1>", "<System-Reminder>",
                   "<system", "-reminder", ">", "<", "x", " ", "\n", "</system-reminder >"]


@given(st.lists(st.sampled_from(REMINDER_PIECES), max_size=8).map("".join))
def test_a_prompt_without_the_opening_tag_is_not_searched_and_reads_the_same(text: str) -> None:
    walk = walk_for("claude")
    cleaned, count = walk.reminder_regex.subn("", text)
    assert strip_reminders(text, walk) == (cleaned, count > 0)


# -- the payload's decoding -----------------------------------------------------------------------------


@given(st.binary(max_size=12).map(lambda b: b"\xef\xbb\xbf" * (len(b) % 3) + b))
@example(b"\xef\xbb\xbf\xff")
@example(b"\xef\xbb")
def test_the_payload_decodes_as_utf_8_sig_does(raw: bytes) -> None:
    def decoded(decode: Callable[[], str]) -> str:
        try:
            return decode()
        except UnicodeDecodeError as exc:
            return f"error: {exc}"

    assert decoded(lambda: stdin_text(raw)) == decoded(lambda: raw.decode("utf-8-sig"))


# -- cached command parses -------------------------------------------------------------------------------


def test_a_cached_gh_parse_hands_out_its_own_list() -> None:
    first = standalone_gh_args("gh pr view 12")
    assert first == ["pr", "view", "12"]
    first.append("--web")
    assert standalone_gh_args("gh pr view 12") == ["pr", "view", "12"]
    assert command_fetches("gh pr view 12") == command_fetches("gh pr view 12") == frozenset({12})


# -- harness detection ------------------------------------------------------------------------------------


def test_detection_asks_the_adapters_in_registry_order_and_falls_back_to_claude() -> None:
    from hook.harness import detect_harness

    payloads = {
        "codex": {"hook_event_name": "Stop", "turn_id": "t1", "model": "gpt"},
        "claude": {"hook_event_name": "Stop", "turn_id": 5, "model": "gpt"},
        "gemini": {"hook_event_name": "AfterAgent", "prompt": "x"},
        "cursor": {"conversation_id": "c", "loop_count": 0, "status": "completed"},
    }
    assert {name: detect_harness(p).name for name, p in payloads.items()} == {n: n for n in payloads}
    others = [{"conversation_id": "c"}, {"hook_event_name": "Stop", "session_id": "s"}, {}]
    assert [detect_harness(p).name for p in others] == ["claude", "claude", "claude"]
    # Codex outranks Cursor when a payload carries both claims: registry order decides.
    both = {"turn_id": "t", "model": "m", "conversation_id": "c", "loop_count": 0}
    assert detect_harness(both).name == "codex"


def test_detection_imports_only_the_adapter_it_chose() -> None:
    """The adapters asked before it (Codex's) are asked through their facts files' [claims] tables."""
    code = (
        "import sys; from hook.harness import detect_harness; "
        "detect_harness({'hook_event_name': 'AfterAgent', 'prompt': 'x'}); "
        "print(sorted(m for m in sys.modules if m.startswith('hook.harness.')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "['hook.harness.gemini']"


# -- patterns read with string methods ---------------------------------------------------------------------

FENCE_OPEN = re.compile(r"^ {0,3}(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
LANE_INFO = re.compile(r"lane-state(?:\s|$)", re.IGNORECASE)
NUMBER = re.compile(r"#?(\d{1,9})")
PR_URL_PATTERN = re.compile(r"https?://[A-Za-z0-9.-]+(?::\d+)?/[\w.-]+/[\w.-]+/pull/(\d{1,9})(?![\w-])")


@given(st.text(alphabet=st.sampled_from(list(" `~\t\rxlane-state\x1c\u00a0é")), max_size=12))
@example("   ```lane-state")
@example("    ```")
@example("~~~~ lane-state x")
def test_the_fence_opener_is_the_pattern(line: str) -> None:
    match = FENCE_OPEN.match(line)
    assert fence_opener(line) == ((match.group("fence"), match.group("info")) if match else None)


@given(st.text(alphabet=st.sampled_from(list("lane-stATE ſKı\t\x1c\u2003\u00a0x")), max_size=14))
@example("lane-state")
@example("LANE-STATE x")
@example("lane-ſtate")
@example("lane-state\x1cx")
@example("lane-states")
def test_the_lane_info_test_is_the_pattern(info: str) -> None:
    assert is_lane_info(info) == bool(LANE_INFO.match(info))


@given(st.text(alphabet=st.sampled_from(list("#0123456789٣８x -")), max_size=12))
@example("#812")
@example("1234567890")
@example("٣")
@example("##1")
def test_the_pr_number_reader_is_the_pattern(text: str) -> None:
    match = NUMBER.fullmatch(text)
    assert pr_number(text) == (int(match.group(1)) if match else None)


@given(st.lists(st.sampled_from(["PR", "#", "12", " ", "https://github.com/o/r/pull/7", "/pull/", "pull request",
                                  "x", "PULL-REQUEST", "/pulls/3", "ſ"]), max_size=6).map("".join))
def test_a_ref_without_a_pull_path_has_no_pr_url(ref: str) -> None:
    numbers = pr_numbers_in_ref(ref)
    urls = [int(m.group(1)) for m in PR_URL_PATTERN.finditer(ref)]
    assert set(urls) <= set(numbers)
    if "/pull/" not in ref:
        assert urls == []


def test_the_phrase_forms_are_the_lexicon_phrases_without_building_it() -> None:
    from analyzer.lexicon import default_phrase_forms
    from analyzer.text.candidates import may_match_forms

    assert default_phrase_forms() == tuple(entry.canonical for entry in default_lexicon().phrases)
    for text in ("Your call.", "your steer on this", "Nothing to see.", "if you’d rather", "é your call"):
        assert may_match_forms(text, default_phrase_forms()) == may_match(text, default_lexicon())


def test_a_configured_phrase_that_is_built_in_is_named_even_when_the_text_holds_no_phrase(tmp_path: Path) -> None:
    from hook.core import handle

    config = tmp_path / "config.toml"
    config.write_text(
        '[lexicon]\nphrases = [{canonical = "Your  Call", family = "attribution"}, {canonical = "zebra crossing"}]\n',
        encoding="utf-8",
    )
    transcript = TranscriptBuilder(start=START).wake().assistant_text("Parser lane next.").write(tmp_path / "t.jsonl")
    env = {"HOME": str(tmp_path), "LANEGATE_CONFIG": str(config), "LANEGATE_AUDIT_LOG": str(tmp_path / "audit.jsonl"),
           "LANEGATE_STATE_DIR": str(tmp_path / "state")}
    for text in ("Parser lane next.", "Zebra crossing next."):
        payload = {"session_id": None, "transcript_path": str(transcript), "cwd": str(tmp_path),
                   "hook_event_name": "Stop", "last_assistant_message": text}
        outcome = handle(json.dumps(payload).encode(), None, env, START + timedelta(minutes=5))
        assert "lexicon phrase 'your call' already built in: kept the built-in entry" in outcome.line.warnings

