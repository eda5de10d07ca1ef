"""The fourth probe's ways through (issue 30: a helper that never saw the code wrote 112 black-box attacks from
the threat model; 25 got past). Each class is written here as its attack, in this repository's own words, before
its fix; docs/THREATS.md says which rule closes it.
"""

from __future__ import annotations

import json

import pytest

from hook.project_mcp import project_review, serves
from tests.seat import Seat
from tests.test_adversarial import NOW, stop_payload

pytestmark = pytest.mark.model


@pytest.fixture
def seat(seat: Seat) -> Seat:
    return seat.as_claude()


def lane_state(actor: str = "@operator") -> str:
    gate = {"ref": "next task in parser", "checkedAt": NOW.strftime("%Y-%m-%dT%H:%MZ"), "nextActor": actor}
    return "```lane-state\n" + json.dumps({"laneContinuation": "next-lane", "namedGates": [gate]}) + "\n```"


def ratchet_free(seat: Seat, extra: str = "") -> None:
    seat.user_config.write_text('identity = "night-bot"\nmin_compliant_drives = 0\n' + extra)


# ---- a project MCP server as the client spells it in tool names ------------------------------------------


def test_a_project_server_whose_name_the_client_normalises_to_a_review_tools_is_no_review(seat: Seat) -> None:
    """The probe: the user's review tool is mcp__my_review__submit_review; the project's .mcp.json names a
    server "my.review", which Claude Code exposes under that very tool name ("." becomes "_")."""
    ratchet_free(seat, 'review_tools = ["mcp__my_review__submit_review"]\n')
    seat.write(".mcp.json", {"mcpServers": {"my.review": {"command": "node", "args": ["review.js"]}}})
    review = (("mcp__my_review__submit_review", {"owner": "acme", "repo": "parser", "pullNumber": 7,
                                                 "event": "APPROVE"}, "Review submitted"),)  # fmt: skip
    stop = seat.hook(stop_payload(seat, "Approved PR 7.", tools=review))
    assert (stop.line["class"], stop.line["tag"]) == ("BLOCK", "no-lane-state")
    assert any(w.startswith("MCP server my.review (configured by ") for w in stop.line["warnings"]), stop.line


@pytest.mark.parametrize(
    ("server", "tool", "project"),
    [("my.review", "mcp__my_review__submit_review", True), ("My Review", "mcp__my_review__submit", True),
     ("git hub", "mcp__Git_Hub__create_pull_request_review", True), ("github", "github__create_review", True),
     ("my.review", "mcp_my.review_submit_review", True), ("rev iew", "mcp_rev_iew_submit", True),
     ("a" * 40, "mcp_" + "a" * 26 + "...request_review_submit_review", True),
     ("git", "mcp__github__create_pull_request_review", False), ("linear", "mcp__github__submit", False),
     ("github", "mcp_github2_submit", False)],
)  # fmt: skip
def test_a_server_is_compared_as_each_client_names_its_tools(server: str, tool: str, project: bool) -> None:
    """Claude Code and Codex: mcp__<server>__<tool>, outside [A-Za-z0-9_-] made "_"; Gemini CLI:
    mcp_<server>_<tool>, outside [A-Za-z0-9_.:-] made "_", cut to 30 + "..." + 30 past 63 characters."""
    assert serves(server, tool) is project
    why = project_review(tool, {server: "/p/.mcp.json"})
    assert (why is not None) is project
