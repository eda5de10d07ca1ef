"""The lane-state terminal block: finding, parsing and validating it (docs/DESIGN.md#lane-state)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hook.harness import get_harness, harness_facts
from hook.lanestate import LaneState, parse_lane_state, pr_numbers_in_ref, validate_lane_state
from hook.transcript.records import ToolCall
from hook.transcript.tools import fetched_prs, shell_line
from tests.examples import examples
from tests.transcript_builder import lane_state_block

PROMPT = datetime(2026, 12, 2, 10, 4, 31, tzinfo=UTC)
NOW = datetime(2026, 12, 2, 10, 20, 0, tzinfo=UTC)
CLAUDE_SHELL = harness_facts(get_harness("claude")).shell_tools


def block(data: object, fence: str = "```", info: str = "lane-state") -> str:
    return f"Done for now.\n\n{fence}{info}\n{json.dumps(data)}\n{fence}\n"


def gate(**fields: object) -> dict[str, object]:
    base: dict[str, object] = {"ref": "CI on main", "checkedAt": "2026-12-02T10:10Z", "nextActor": "@ci"}
    base.update(fields)
    return {k: v for k, v in base.items() if v is not None}


def bash(command: str, *, is_error: bool = False, at: datetime | None = None, name: str = "Bash") -> ToolCall:
    """A call as Claude Code's decoder reads it: a call of its shell tool carries its command line."""
    tool_input = {"command": command}
    return ToolCall(
        id="t", name=name, input=tool_input, result_text="ok", is_error=is_error,
        timestamp=at or PROMPT + timedelta(seconds=5), offset=100, command=shell_line(name, tool_input, CLAUDE_SHELL),
    )


def validated(text: str, calls: list[ToolCall] | None = None, **kwargs: object) -> LaneState:
    options: dict = {"prompt_time": PROMPT, "now": NOW, "tool_calls": calls or []}
    options.update(kwargs)
    return validate_lane_state(parse_lane_state(text), **options)


# -- finding the block -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "All done.",
        "lane-state: next-lane",
        "Status — lane-state: next-lane, gates handed off.",
        "Inline `lane-state` mention and ``lane-state`` too.",
        "```json\n{\"laneContinuation\": \"next-lane\"}\n```",
        "```\nlane-state\n{\"laneContinuation\": \"next-lane\"}\n```",
        "> ```lane-state\n> {\"laneContinuation\": \"next-lane\"}\n> ```",
        "    ```lane-state\n    {\"laneContinuation\": \"next-lane\"}\n    ```",
        "```lane-states\n{}\n```",
    ],
)
def test_absent(text: str | None) -> None:
    assert parse_lane_state(text) == LaneState(outcome="absent")


@pytest.mark.parametrize(
    "text",
    [
        block({"laneContinuation": "next-lane"}),
        block({"laneContinuation": "next-lane"}, fence="~~~"),
        block({"laneContinuation": "next-lane"}, fence="````"),
        block({"laneContinuation": "next-lane"}, info="lane-state terminal v2"),
        block({"laneContinuation": "next-lane"}, info=" lane-state"),
        block({"laneContinuation": "next-lane"}, info="Lane-State"),
        block({"laneContinuation": "next-lane"}).replace("\n", "\r\n"),
        "text\n   ```lane-state\n{\"laneContinuation\": \"next-lane\"}\n   ```",
        "```lane-state\n{\"laneContinuation\":\n  \"next-lane\"}\n```",
        "```lane-state\n{\"laneContinuation\": \"next-lane\"}",  # unclosed: runs to the end
        "````lane-state\n{\"laneContinuation\": \"next-lane\"}\n```` \n",
    ],
)
def test_block_forms_are_accepted(text: str) -> None:
    state = parse_lane_state(text)
    assert (state.outcome, state.lane_continuation, state.violations) == ("valid", "next-lane", ())


def test_last_block_wins_over_earlier_examples() -> None:
    text = (
        "Example of the format:\n"
        + block({"laneContinuation": "active-lane"})
        + "and a json block\n```json\n{\"laneContinuation\": \"x\"}\n```\nFinal:\n"
        + block({"laneContinuation": "blocker-routed"}, fence="~~~")
        + "\nThanks."
    )
    assert parse_lane_state(text).lane_continuation == "blocker-routed"


def test_a_lane_state_fence_inside_another_block_is_content() -> None:
    text = (
        block({"laneContinuation": "next-lane"})
        + "How to write one:\n````markdown\n```lane-state\n{\"laneContinuation\": \"active-lane\"}\n```\n````\n"
    )
    assert parse_lane_state(text).lane_continuation == "next-lane"


def test_a_shorter_fence_does_not_close_a_longer_one() -> None:
    text = "````lane-state\n{\"laneContinuation\": \"next-lane\",\n```\n\"x\": 1}\n````"
    state = parse_lane_state(text)
    assert (state.outcome, state.error) == (
        "malformed",
        "the lane-state body is not JSON: Expecting property name enclosed in double quotes "
        "(line 2, column 1)",
    )


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ("", "the lane-state block is empty"),
        ("   \n  ", "the lane-state block is empty"),
        ("laneContinuation: next-lane", "the lane-state body is not JSON: Expecting value (line 1, column 1)"),
        ("{\"laneContinuation\": \"next-lane\",}", "the lane-state body is not JSON: Expecting property name "
                                                   "enclosed in double quotes (line 1, column 34)"),
        ("[\"next-lane\"]", "the lane-state body is a JSON array, not an object"),
        ("\"next-lane\"", "the lane-state body is a JSON string, not an object"),
        ("null", "the lane-state body is a JSON null, not an object"),
        ("42", "the lane-state body is a JSON number, not an object"),
    ],
)
def test_malformed(body: str, error: str) -> None:
    state = parse_lane_state(f"```lane-state\n{body}\n```")
    assert state == LaneState(outcome="malformed", error=error)


def test_validate_leaves_absent_and_malformed_unchanged() -> None:
    for text in ("no block", "```lane-state\nnope\n```"):
        state = parse_lane_state(text)
        assert validate_lane_state(state, prompt_time=PROMPT, now=NOW, tool_calls=[]) is state


# -- laneContinuation and awaitingOwnPrOnly --------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "raw", "violation"),
    [
        ({}, None, "laneContinuation is missing; it must be one of active-lane, next-lane, blocker-routed"),
        ({"laneContinuation": None}, None,
         "laneContinuation is missing; it must be one of active-lane, next-lane, blocker-routed"),
        ({"laneContinuation": "Active-Lane"}, "Active-Lane",
         'laneContinuation "Active-Lane" is not one of active-lane, next-lane, blocker-routed '
         "(exact, case-sensitive)"),
        ({"laneContinuation": " next-lane"}, " next-lane",
         'laneContinuation " next-lane" is not one of active-lane, next-lane, blocker-routed '
         "(exact, case-sensitive)"),
        ({"laneContinuation": 5}, 5,
         "laneContinuation 5 is not one of active-lane, next-lane, blocker-routed (exact, case-sensitive)"),
        ({"laneContinuation": ["next-lane"]}, ["next-lane"],
         'laneContinuation ["next-lane"] is not one of active-lane, next-lane, blocker-routed '
         "(exact, case-sensitive)"),
    ],
)
def test_lane_continuation_must_be_exact(data: dict, raw: object, violation: str) -> None:
    state = parse_lane_state(block(data))
    assert (state.outcome, state.lane_continuation, state.violations) == ("invalid", raw, (violation,))


def test_active_lane_awaiting_own_pr_only_is_a_background_watch() -> None:
    state = parse_lane_state(block({"laneContinuation": "active-lane", "awaitingOwnPrOnly": True}))
    assert state.violations == (
        "active-lane with awaitingOwnPrOnly true: waiting only on your own PR is a background watch, "
        "declare it next-lane",
    )


@pytest.mark.parametrize("value", ["true", 1, "yes", None, False])
def test_awaiting_own_pr_only_counts_only_when_literally_true(value: object) -> None:
    state = parse_lane_state(block({"laneContinuation": "active-lane", "awaitingOwnPrOnly": value}))
    assert (state.outcome, state.violations) == ("valid", ())


def test_next_lane_awaiting_own_pr_only_is_fine_and_unknown_keys_are_ignored() -> None:
    data = {"laneContinuation": "next-lane", "awaitingOwnPrOnly": True, "wakeDisposition": "x", "mood": 3}
    assert parse_lane_state(block(data)).outcome == "valid"


# -- gates -----------------------------------------------------------------------------------------


def test_gate_shapes() -> None:
    data = {"laneContinuation": "next-lane", "namedGates": [gate(), "PR #3", {"ref": "review"}]}
    state = validated(block(data))
    assert state.violations == (
        "gate 2 is a JSON string, not an object",
        "gate 3 (review) has no checkedAt",
    )
    assert validated(block({"laneContinuation": "next-lane", "namedGates": {"ref": "x"}})).violations == (
        "namedGates is a JSON object, not a list of gates",
    )


@pytest.mark.parametrize(
    "checked",
    [
        "2026-12-02T10:04Z",  # minute precision matches a prompt at 10:04:31
        "2026-12-02T10:04:31Z",
        "2026-12-02T10:04:31.5Z",
        "2026-12-02 10:15Z",
        "2026-12-02T10:15:00+00:00",
        "2026-12-02T11:15+01:00",
        "2026-12-02T10:15",  # no zone: UTC, the transcript's clock
        "10:04Z",
        "10:04",
        "10:19:59Z",
        "11:10+01:00",
        "2026-12-02T10:25Z",  # within the five minutes of clock skew
    ],
)
def test_checked_at_within_this_turn(checked: str) -> None:
    state = validated(block({"laneContinuation": "next-lane", "namedGates": [gate(checkedAt=checked)]}))
    assert (state.outcome, state.violations) == ("valid", ())


@pytest.mark.parametrize(
    ("checked", "violation"),
    [
        ("2026-12-02T10:03Z", 'checkedAt "2026-12-02T10:03Z" is earlier than this turn\'s prompt '
                              "(2026-12-02T10:04:31Z); check the gate again in this turn"),
        ("2026-12-02T10:04:30Z", 'checkedAt "2026-12-02T10:04:30Z" is earlier than this turn\'s prompt '
                                 "(2026-12-02T10:04:31Z); check the gate again in this turn"),
        ("2026-12-01T10:10Z", 'checkedAt "2026-12-01T10:10Z" is earlier than this turn\'s prompt '
                              "(2026-12-02T10:04:31Z); check the gate again in this turn"),
        ("10:03Z", 'checkedAt "10:03Z" is not a time within this turn (prompt at 2026-12-02T10:04:31Z, '
                   "now 2026-12-02T10:20:00Z); check the gate again in this turn"),
        ("10:30Z", 'checkedAt "10:30Z" is not a time within this turn (prompt at 2026-12-02T10:04:31Z, '
                   "now 2026-12-02T10:20:00Z); check the gate again in this turn"),
        ("10:04:30Z", 'checkedAt "10:04:30Z" is not a time within this turn (prompt at '
                      "2026-12-02T10:04:31Z, now 2026-12-02T10:20:00Z); check the gate again in this turn"),
        ("2026-12-02T10:26Z", 'checkedAt "2026-12-02T10:26Z" is more than 5 minutes in the future '
                              "(now is 2026-12-02T10:20:00Z)"),
        ("2027-01-01T00:00Z", 'checkedAt "2027-01-01T00:00Z" is more than 5 minutes in the future '
                              "(now is 2026-12-02T10:20:00Z)"),
    ],
)
def test_checked_at_outside_this_turn(checked: str, violation: str) -> None:
    state = validated(block({"laneContinuation": "next-lane", "namedGates": [gate(checkedAt=checked)]}))
    assert state.violations == (f"gate 1 (CI on main): {violation}",)


@pytest.mark.parametrize(
    "checked", ["yesterday", "2026-12-02", "", "25:00Z", "10:61Z", "2026-13-02T10:04Z", 1764669871, True,
                "10:04 PST", "2026-12-02T10:04+25:00"]
)
def test_checked_at_that_is_not_a_timestamp(checked: object) -> None:
    data = {"laneContinuation": "next-lane", "namedGates": [gate(checkedAt=checked)]}
    shown = json.dumps(checked)
    expected = (f"gate 1 (CI on main): checkedAt {shown} is not a timestamp (write e.g. 2026-12-02T10:04Z)",)
    assert parse_lane_state(block(data)).violations == expected
    assert validated(block(data)).violations == expected


def test_time_only_checked_at_across_midnight() -> None:
    prompt = datetime(2026, 12, 2, 23, 58, 10, tzinfo=UTC)
    now = datetime(2026, 12, 3, 0, 3, 0, tzinfo=UTC)
    for checked, ok in [("00:01Z", True), ("23:59Z", True), ("23:58Z", True), ("23:57Z", False),
                        ("00:07Z", True), ("00:09Z", False)]:
        data = {"laneContinuation": "next-lane", "namedGates": [gate(checkedAt=checked)]}
        state = validated(block(data), prompt_time=prompt, now=now)
        assert (checked, state.outcome) == (checked, "valid" if ok else "invalid")


def test_without_a_prompt_time_only_the_future_is_checked() -> None:
    data = {"laneContinuation": "next-lane", "namedGates": [gate(checkedAt="2020-01-01T00:00Z")]}
    assert validated(block(data), prompt_time=None).outcome == "valid"


def test_naive_now_and_prompt_are_read_as_utc() -> None:
    data = {"laneContinuation": "next-lane", "namedGates": [gate(checkedAt="10:05Z")]}
    state = validated(block(data), prompt_time=PROMPT.replace(tzinfo=None), now=NOW.replace(tzinfo=None))
    assert state.outcome == "valid"


# -- PR refs need a fetch in this turn -------------------------------------------------------------


@pytest.mark.parametrize(
    ("ref", "numbers"),
    [
        ("PR #812", (812,)),
        ("pr 812", (812,)),
        ("PR#812 review", (812,)),
        ("pull request 812", (812,)),
        ("Pull-Request #812", (812,)),
        ("PRs #3", (3,)),
        ("https://github.com/o/r/pull/812", (812,)),
        ("PR #1 and PR #2", (1, 2)),
        ("#812", ()),
        ("issue #812", ()),
        ("CI on main", ()),
        ("APR 2026", ()),
        (812, ()),
    ],
)
def test_pr_shaped_refs(ref: object, numbers: tuple[int, ...]) -> None:
    assert pr_numbers_in_ref(ref) == numbers


@pytest.mark.parametrize(
    "command",
    [
        "gh pr view 812",
        "gh pr view '#812' --json mergedAt,state",
        "gh pr view --json state -R o/r 812",
        "gh pr checks 812",
        "gh pr checks 812 --watch --interval 10",
        "gh pr view https://github.com/o/r/pull/812",
        "cd repo && gh pr view 812 --json state | jq .state",
        "GH_PAGER= gh pr view 812",
        "gh api repos/o/r/pulls/812",
        "gh api /repos/o/r/pulls/812/reviews --jq '.[].state'",
        "gh api graphql -f query='{repository(owner:\"o\",name:\"r\"){pullRequest(number: 812){state}}}'",
        "git fetch\ngh pr view 812",
    ],
)
def test_pr_fetch_commands(command: str) -> None:
    assert fetched_prs(bash(command)) == frozenset({812})
    data = {"laneContinuation": "next-lane", "namedGates": [gate(ref="PR #812")]}
    assert validated(block(data), [bash(command)]).outcome == "valid"


@pytest.mark.parametrize(
    "command",
    [
        "gh pr view",  # the current branch's PR: no number to check the ref against
        "gh pr view 81",
        "gh pr view #812",  # the shell reads #812 as a comment: this views the current branch's PR
        "gh pr list",
        "gh pr view my-branch",
        "echo gh pr view 812",
        "gh issue view 812",
        "gh pr diff 812",
        "gh pr view --interval 812",
    ],
)
def test_not_a_fetch_of_that_pr(command: str) -> None:
    data = {"laneContinuation": "next-lane", "namedGates": [gate(ref="PR #812")]}
    assert validated(block(data), [bash(command)]).violations == (
        "gate 1 (PR #812): no tool call in this turn fetched PR 812 "
        "(gh pr view 812, gh pr checks 812 or gh api …/pulls/812)",
    )


def test_failed_fetches_and_fetches_before_the_prompt_do_not_count() -> None:
    data = {"laneContinuation": "next-lane", "namedGates": [gate(ref="PR #812")]}
    calls = [bash("gh pr view 812", is_error=True), bash("gh pr view 812", at=PROMPT - timedelta(minutes=1))]
    assert validated(block(data), calls).outcome == "invalid"


def test_shell_tool_names_and_command_lists() -> None:
    """A harness's shell tools (its harness.toml) decide which calls ran a command line; a list is its words."""
    codex = harness_facts(get_harness("codex")).shell_tools
    calls = [("shell", ["bash", "-lc", "gh pr view 1"], codex), ("exec_command", ["gh", "pr", "checks", "2"], codex),
             ("Write", "gh pr view 3", CLAUDE_SHELL), ("Bash", "gh pr view 4", codex)]
    lines = [shell_line(name, {"command": command}, tools) for name, command, tools in calls]
    assert lines == ["gh pr view 1", "gh pr checks 2", None, None]
    read = [ToolCall(id="a", name=name, input={"command": c}, command=line)
            for (name, c, _), line in zip(calls, lines, strict=True)]
    assert [fetched_prs(c) for c in read] == [frozenset({1}), frozenset({2}), frozenset(), frozenset()]


def test_configured_mcp_fetch_tools() -> None:
    data = {"laneContinuation": "next-lane", "namedGates": [gate(ref="PR #812")]}
    mcp = ToolCall(id="m", name="mcp__github__get_pull_request",
                   input={"owner": "o", "repo": "r", "pullNumber": 812, "perPage": 30})
    assert validated(block(data), [mcp]).outcome == "invalid"  # not configured
    assert validated(block(data), [mcp], pr_fetch_tools={"mcp__github__get_pull_request"}).outcome == "valid"
    assert validated(block(data), [mcp], pr_fetch_tools={"mcp__github__*"}).outcome == "valid"
    other = ToolCall(id="m", name="mcp__github__get_pull_request", input={"pullNumber": 7, "perPage": 812})
    assert validated(block(data), [other], pr_fetch_tools={"mcp__github__*"}).outcome == "invalid"
    by_url = ToolCall(id="u", name="mcp__gh__fetch", input={"target": "https://github.com/o/r/pull/812"})
    assert validated(block(data), [by_url], pr_fetch_tools={"mcp__gh__fetch"}).outcome == "valid"


def test_every_pr_in_a_ref_needs_its_fetch() -> None:
    data = {"laneContinuation": "next-lane", "namedGates": [gate(ref="PR #1 and PR #2")]}
    assert validated(block(data), [bash("gh pr view 1")]).violations == (
        "gate 1 (PR #1 and PR #2): no tool call in this turn fetched PR 2 "
        "(gh pr view 2, gh pr checks 2 or gh api …/pulls/2)",
    )


def test_parse_alone_does_not_ask_for_fetches() -> None:
    data = {"laneContinuation": "next-lane", "namedGates": [gate(ref="PR #812")]}
    assert parse_lane_state(block(data)).outcome == "valid"


# -- merge claims ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "violations"),
    [
        ({"mergeClaim": True, "field": "mergedAt"}, ()),
        ({"mergeClaim": False, "field": "mergedAt"}, ()),
        ({"mergeClaim": True}, ("gate 1 (CI on main): a mergeClaim must cite field 'mergedAt', "
                                "this gate has no field",)),
        ({"mergeClaim": False, "field": "state"}, ("gate 1 (CI on main): a mergeClaim must cite field "
                                                   "'mergedAt', this gate has field \"state\"",)),
        ({"mergeClaim": "yes", "field": "mergedAt"}, ('gate 1 (CI on main): mergeClaim "yes" is not true '
                                                      "or false",)),
        ({"field": "state"}, ()),
        ({"mergeClaim": False}, ()),
    ],
)
def test_merge_claims_must_cite_merged_at(fields: dict, violations: tuple[str, ...]) -> None:
    data = {"laneContinuation": "next-lane", "namedGates": [gate(**fields)]}
    assert validated(block(data)).violations == violations


# -- everything at once ----------------------------------------------------------------------------


def test_all_violations_are_collected_in_order() -> None:
    data = {
        "laneContinuation": "active-lane",
        "awaitingOwnPrOnly": True,
        "namedGates": [
            {"ref": "PR #812", "nextActor": "@me", "mergeClaim": True, "field": "state"},
            {"ref": "PR #9", "checkedAt": "09:00Z"},
        ],
    }
    state = validated(lane_state_block(**{"lane": "x"}) + "\n" + block(data))
    assert state.outcome == "invalid"
    assert state.lane_continuation == "active-lane"
    assert state.violations == (
        "active-lane with awaitingOwnPrOnly true: waiting only on your own PR is a background watch, "
        "declare it next-lane",
        # docs/DESIGN.md#lane-state's rule order across the gates: checkedAt, then the PR fetches, then mergeClaim.
        "gate 1 (PR #812) has no checkedAt",
        "gate 2 (PR #9): checkedAt \"09:00Z\" is not a time within this turn (prompt at "
        "2026-12-02T10:04:31Z, now 2026-12-02T10:20:00Z); check the gate again in this turn",
        "gate 1 (PR #812): no tool call in this turn fetched PR 812 "
        "(gh pr view 812, gh pr checks 812 or gh api …/pulls/812)",
        "gate 2 (PR #9): no tool call in this turn fetched PR 9 "
        "(gh pr view 9, gh pr checks 9 or gh api …/pulls/9)",
        "gate 1 (PR #812): a mergeClaim must cite field 'mergedAt', this gate has field \"state\"",
    )


def test_a_fully_valid_terminal() -> None:
    text = "Handed off.\n" + lane_state_block(
        "next-lane",
        [{"ref": "PR #812", "checkedAt": "2026-12-02T10:15Z", "nextActor": "@reviewer",
          "mergeClaim": False, "field": "mergedAt"}],
        wakeDisposition="parked",
    )
    state = validated(text, [bash("gh pr view 812 --json mergedAt")])
    assert (state.outcome, state.lane_continuation, state.violations, state.error) == (
        "valid", "next-lane", (), None
    )
    assert state.gates == (
        {"ref": "PR #812", "checkedAt": "2026-12-02T10:15Z", "nextActor": "@reviewer",
         "mergeClaim": False, "field": "mergedAt"},
    )


# -- properties ------------------------------------------------------------------------------------

_fragments = st.sampled_from(
    ["```", "~~~", "````", "lane-state", "\n", "\r\n", "{", "}", "[", "]", '"laneContinuation"', ":",
     '"next-lane"', '"namedGates"', '"checkedAt"', '"10:04Z"', "   ", "`", "~", ",", "null", "true", "\\"]
)


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(st.text(), st.lists(_fragments | st.text(max_size=5), max_size=40).map("".join)))
def test_parse_never_raises(text: str) -> None:
    state = parse_lane_state(text)
    assert state.outcome in ("absent", "malformed", "invalid", "valid")


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12)
    | st.sampled_from(["PR #3", "10:04Z", "2026-12-02T10:10Z", "active-lane", "mergedAt", "@me"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["laneContinuation", "namedGates", "ref", "checkedAt", "nextActor", "mergeClaim",
                         "field", "awaitingOwnPrOnly", "x"]), inner, max_size=6),
    max_leaves=25,
)


@settings(max_examples=examples(300), deadline=None)
@given(data=st.dictionaries(st.sampled_from(["laneContinuation", "namedGates", "awaitingOwnPrOnly"]), _json),
       command=st.text(max_size=60))
def test_validate_never_raises(data: dict, command: str) -> None:
    state = validated(block(data), [bash(command), ToolCall(id="", name="mcp", input={"n": data})],
                      pr_fetch_tools={"mcp"})
    assert state.outcome in ("invalid", "valid")
    assert (state.outcome == "valid") == (state.violations == ())


def test_a_blocks_details_are_what_a_refusal_quotes() -> None:
    """LaneState.details: the parse error of a malformed block, the violations of an invalid one, nothing else
    (what a malformed block gets is decided in hook.lanestate, hook.decision and the directives alone)."""
    malformed = parse_lane_state("```lane-state\n[1]\n```")
    assert malformed.details == ("the lane-state body is a JSON array, not an object",)
    invalid = validated(block({"laneContinuation": "sideways"}))
    assert (invalid.outcome, invalid.details) == ("invalid", invalid.violations)
    assert invalid.details and parse_lane_state("no block").details == ()
