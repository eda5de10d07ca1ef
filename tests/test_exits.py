"""The honest exits of an autonomous turn: clean terminal (docs/DESIGN.md#clean-terminal), material artifact
(docs/DESIGN.md#material-artifact)."""

from __future__ import annotations

import json

import pytest

from hook.exits import ExitCheck, actor_key, clean_terminal, material_artifacts
from hook.harness import get_harness, harness_facts
from hook.lanestate import LaneState, parse_lane_state
from hook.transcript.records import ToolCall
from hook.transcript.tools import is_standalone, shell_line

URL = "https://github.com/octo/lanegate/pull/12"


def shell_tools(harness: str) -> frozenset[str]:
    return harness_facts(get_harness(harness)).shell_tools


def terminal(*actors: object, lane: str = "next-lane") -> LaneState:
    gates = [
        {"ref": f"gate {i}", "checkedAt": "10:05Z", **({"nextActor": a} if a is not None else {})}
        for i, a in enumerate(actors, start=1)
    ]
    return parse_lane_state(f"```lane-state\n{json.dumps({'laneContinuation': lane, 'namedGates': gates})}\n```")


def call(
    command: object, result: str | None = URL, *, is_error: bool = False, name: str = "Bash", harness: str = "claude"
) -> ToolCall:
    """A call as the harness's decoder reads it: its shell tools' calls carry their command line."""
    tool_input = {"command": command}
    return ToolCall(id="toolu_1", name=name, input=tool_input, result_text=result, is_error=is_error,
                    command=shell_line(name, tool_input, shell_tools(harness)))


# -- clean terminal --------------------------------------------------------------------------------


def test_clean_terminal_accepted() -> None:
    check = clean_terminal(terminal("@reviewer", "ci-bot"), identity="seat-3", valid_refusals=2, min_drives=2)
    assert check == ExitCheck(
        accepted=True,
        reason="clean terminal: next-lane with 2 gate(s) handed to @reviewer, ci-bot; drive-ratchet 2/2",
    )


@pytest.mark.parametrize(
    ("lane", "identity", "refusals", "failure"),
    [
        (parse_lane_state("no block"), "seat-3", 2, "the lane-state terminal is absent, not valid"),
        (parse_lane_state("```lane-state\n[]\n```"), "seat-3", 2,
         "the lane-state terminal is malformed, not valid"),
        (terminal("@reviewer", lane="Next-Lane"), "seat-3", 2, "the lane-state terminal is invalid, not valid"),
        (terminal("@reviewer"), None, 2,
         "LANEGATE_IDENTITY is not set, so a gate handed to yourself cannot be told apart"),
        (terminal("@reviewer"), "  @ ", 2,
         "LANEGATE_IDENTITY is not set, so a gate handed to yourself cannot be told apart"),
        (terminal(), "seat-3", 2, "the terminal names no gate (namedGates is empty or missing)"),
        (terminal("@reviewer", None), "seat-3", 2, "gate 2 has no nextActor"),
        (terminal("@reviewer", "  "), "seat-3", 2, "gate 2 has no nextActor"),
        (terminal("@reviewer", 7), "seat-3", 2, "gate 2 has no nextActor"),
        (terminal(" @Seat-3 "), "seat-3", 2, "gate 1 names yourself (@Seat-3) as nextActor"),
        (terminal("SEAT-3"), "@seat-3", 2, "gate 1 names yourself (SEAT-3) as nextActor"),
        (terminal("@reviewer"), "seat-3", 1,
         "drive-ratchet: this session has 1 of the 2 refusals of a valid terminal needed before a hand-off; "
         "drive the lane first"),
    ],
)
def test_clean_terminal_rejections_name_the_condition(
    lane: LaneState, identity: str | None, refusals: int, failure: str
) -> None:
    check = clean_terminal(lane, identity=identity, valid_refusals=refusals, min_drives=2)
    assert (check.accepted, check.reason) == (False, f"clean terminal rejected: {failure}")
    assert (check.drives, check.needed) == (refusals, 2)


def test_a_rejection_says_whose_each_failure_is() -> None:
    """docs/DESIGN.md#operators: what the agent can change in its block, apart from the operator's identity and the
    ratchet."""
    check = clean_terminal(terminal("@me", None), identity=None, valid_refusals=1, min_drives=2)
    assert check == ExitCheck(
        accepted=False,
        reason=(
            "clean terminal rejected: LANEGATE_IDENTITY is not set, so a gate handed to yourself cannot be told "
            "apart; gate 2 has no nextActor; drive-ratchet: this session has 1 of the 2 refusals of a valid "
            "terminal needed before a hand-off; drive the lane first"
        ),
        failures=("gate 2 has no nextActor",),
        identity_missing=True,
        drives=1,
        needed=2,
    )
    outcome = clean_terminal(parse_lane_state("no block"), identity=None, valid_refusals=2, min_drives=2)
    assert outcome.reason == (
        "clean terminal rejected: the lane-state terminal is absent, not valid; "
        "LANEGATE_IDENTITY is not set, so a gate handed to yourself cannot be told apart"
    )
    assert (outcome.failures, outcome.identity_missing) == (("the lane-state terminal is absent, not valid",), True)


def test_every_failing_condition_is_named() -> None:
    check = clean_terminal(terminal("@me", None), identity="@Me", valid_refusals=0, min_drives=2)
    assert check.reason == (
        "clean terminal rejected: gate 1 names yourself (@me) as nextActor; gate 2 has no nextActor; "
        "drive-ratchet: this session has 0 of the 2 refusals of a valid terminal needed before a hand-off; "
        "drive the lane first"
    )


def test_a_ratchet_of_zero_needs_no_drives() -> None:
    assert clean_terminal(terminal("@ops"), identity="me", valid_refusals=0, min_drives=0).accepted is True


@pytest.mark.parametrize(
    ("raw", "key"),
    [(" @Seat-3 ", "seat3"), ("@@x", "x"), ("ME", "me"), ("@ a", "a"), ("@night-bot", "nlghtbot"),
     ("@night\u2010bot", "nlghtbot"), ("@n\u0456ght-bot", "nlghtbot"), ("@night-bot\u200b", "nlghtbot"),
     ("\uff20night-bot", "nlghtbot"), ("@night-bot.", "nlghtbot"), ("@n|ght_bot", "nlghtbot"),
     ("\uff4e\uff49ght-bot", "nlghtbot"), ("\u200b", "")],
)  # fmt: skip
def test_an_actor_is_keyed_as_a_reader_reads_its_name(raw: str, key: str) -> None:
    """docs/DESIGN.md#evidence: the self-actor check compared raw strings, so "@night‐bot" (U+2010), a Cyrillic "і", a
    zero-width space, the fullwidth "＠" or a trailing "." handed the gate to the agent itself."""
    assert actor_key(raw) == key


@pytest.mark.parametrize("actor", ["@night\u2010bot", "@n\u0456ght-bot", "@night-bot\u200b", "\uff20night-bot",
                                   "@night-bot.", "@Night_Bot",
                                   # the second probe: the app account, a link showing the name, the pronoun
                                   "@night-bot[bot]", "[@night-bot](https://github.com/night-bot)", "@me",
                                   "myself"])  # fmt: skip
def test_a_gate_naming_the_agent_in_disguise_is_no_hand_off(actor: str) -> None:
    check = clean_terminal(terminal(actor), identity="night-bot", valid_refusals=0, min_drives=0)
    assert (check.accepted, check.failures) == (False, (f"gate 1 names yourself ({actor}) as nextActor",))


# -- material artifacts: PR creation ---------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        "gh pr create --fill",
        "gh pr create --title 'Fix: a; b | c' --body 'uses $(cat) literally'",
        'gh pr create --title "x > y" --body "a && b"',
        "gh pr create --base main \\\n  --title t --body-file body.md",
        "/usr/local/bin/gh pr create --fill",
        "gh pr new --fill",
        ["gh", "pr", "create", "--fill"],
    ],
)
def test_standalone_gh_pr_create_with_a_url_is_an_artifact(command: object) -> None:
    output = f"Creating pull request for fix into main in octo/lanegate\n\n{URL}\n"
    assert material_artifacts([call(command, output)], review_tools=()) == (f"PR created: {URL}",)


@pytest.mark.parametrize(
    "command",
    [
        "gh pr create --fill | tee out.txt",
        "gh pr create --fill; echo done",
        "gh pr create --fill && echo done",
        "gh pr create --fill || true",
        "gh pr create --fill > out.txt",
        "gh pr create --fill 2>&1",
        "gh pr create --fill &",
        'gh pr create --title "$(git log -1 --format=%s)"',
        "gh pr create --title `whoami`",
        'gh pr create --body "$(cat <<\'EOF\'\nSummary\nEOF\n)"',
        "(gh pr create --fill)",
        "echo https://github.com/octo/lanegate/pull/12",
        "cd repo && gh pr create --fill",
        "gh pr create --fill\necho again",
        "gh pr create --fill --dry-run",
        "gh pr view 12",
        "gh pr create --title 'unclosed",
        "GH_HOST=x gh pr create --fill",
    ],
)
def test_compound_or_other_commands_are_not_artifacts(command: str) -> None:
    assert material_artifacts([call(command)], review_tools=()) == ()


@pytest.mark.parametrize(
    ("result", "is_error"),
    [
        (URL, True),
        ("pull request create failed: GraphQL: No commits between main and fix", False),
        (None, False),
        ("https://github.com/octo/lanegate/issues/12", False),
    ],
)
def test_pr_create_needs_a_successful_result_with_a_pr_url(result: str | None, is_error: bool) -> None:
    assert material_artifacts([call("gh pr create --fill", result, is_error=is_error)], review_tools=()) == ()


def test_enterprise_hosts_and_other_shell_tools() -> None:
    ghe = "https://git.corp.example.com:8443/team/repo/pull/7"
    calls = [
        call("gh pr create --fill", f"{ghe}\n"),
        call(["bash", "-lc", "gh pr create --fill"], name="shell", harness="codex"),
        call("gh pr create", name="Write"),
        call("gh pr create --fill", name="Bash", harness="codex"),  # another harness's shell tool: not Codex's
    ]
    assert material_artifacts(calls, review_tools=()) == (f"PR created: {ghe}", f"PR created: {URL}")


# -- material artifacts: formal reviews ------------------------------------------------------------


def test_configured_review_tools_count() -> None:
    mcp = ToolCall(id="r", name="mcp__github__create_pull_request_review",
                   input={"owner": "octo", "repo": "lanegate", "pullNumber": 12, "event": "APPROVE"},
                   result_text='{"state": "APPROVED"}')
    assert material_artifacts([mcp], review_tools={"mcp__github__create_pull_request_review"}) == (
        "review submitted: mcp__github__create_pull_request_review on PR 12",
    )
    assert material_artifacts([mcp], review_tools={"mcp__github__*review*"}) == (
        "review submitted: mcp__github__create_pull_request_review on PR 12",
    )
    assert material_artifacts([mcp], review_tools=()) == ()
    failed = ToolCall(id="r", name=mcp.name, input=dict(mcp.input), result_text="403", is_error=True)
    assert material_artifacts([failed], review_tools={mcp.name}) == ()


@pytest.mark.parametrize(
    ("command", "description"),
    [
        ("gh pr review 12 --approve", "review submitted: gh pr review --approve on PR 12"),
        ("gh pr review 12 -r -b 'needs tests'", "review submitted: gh pr review --request-changes on PR 12"),
        ("/usr/bin/gh pr review 12 --approve", "review submitted: gh pr review --approve on PR 12"),
        ("gh pr review -a", "review submitted: gh pr review --approve on the current branch's PR"),
    ],
)
def test_gh_pr_review_counts(command: str, description: str) -> None:
    assert material_artifacts([call(command, "✓ Reviewed pull request octo/lanegate#12")], review_tools=()) == (
        description,
    )


@pytest.mark.parametrize(
    "command",
    [
        "gh pr review 12",
        "gh pr review 12 --approve && gh pr merge 12",
        "gh pr review #12 --approve",
        # docs/DESIGN.md#material-artifact (revision 2): a comment is not a formal review, a body that says --approve is
        # a body, and only the GitHub CLI is gh (the word gh or a configured absolute path).
        "gh pr review --comment --body 'nit: naming' 12",
        "gh pr review 12 -b --approve",
        "./gh pr review 12 --approve",
        "/tmp/x/gh pr review 12 --approve",
    ],
)
def test_gh_pr_review_without_an_action_or_not_standalone(command: str) -> None:
    assert material_artifacts([call(command, "ok")], review_tools=()) == ()


def test_artifacts_are_listed_oldest_first_without_repeats() -> None:
    calls = [
        call("gh pr review 3 --approve", "ok"),
        call("gh pr create --fill", URL),
        call("gh pr create --fill", URL),
        call("ls", "x"),
    ]
    assert material_artifacts(calls, review_tools=()) == (
        "review submitted: gh pr review --approve on PR 3",
        f"PR created: {URL}",
    )


@pytest.mark.parametrize(
    ("command", "standalone"),
    [
        ("gh pr create", True),
        ("gh pr create --title 'a|b'", True),
        ('gh pr create --title "a\\"|b"', True),
        ("gh pr create --title a\\|b", True),
        ('gh pr create --title "`x`"', False),
        ("gh pr create --title '", False),
        ("", False),
        ("   ", False),
    ],
)
def test_is_standalone(command: str, standalone: bool) -> None:
    assert is_standalone(command) is standalone
