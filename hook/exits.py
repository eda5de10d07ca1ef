"""The two honest ways out of an autonomous turn (SPEC §5.1, §5.2): a clean hand-off, or a real artifact.

Both are pure reads of values the caller already has; neither looks at the session state (the
caller passes the drive count and picks which tool calls fall after the last allowed stop).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from hook.lanestate import LaneState
from hook.transcript.records import ToolCall
from hook.transcript.tools import DEFAULT_GH_PATHS, created_pr_url, submitted_review
from lanegate_common.frozen import frozen


@frozen
class ExitCheck:
    """Whether an exit was accepted, and in plain words why (or which condition failed)."""

    accepted: bool
    reason: str


def clean_terminal(
    lane: LaneState, *, identity: str | None, valid_refusals: int, min_drives: int
) -> ExitCheck:
    """Accept a valid terminal whose every gate goes to someone else, once the lane has been driven.

    When rejected, the reason names every failing condition, in the order of SPEC §5.1.
    """
    failures: list[str] = []
    if lane.outcome != "valid":
        failures.append(f"the lane-state terminal is {lane.outcome}, not valid")
    me = normalize_actor(identity) if isinstance(identity, str) else ""
    if not me:
        failures.append("LANEGATE_IDENTITY is not set, so a gate handed to yourself cannot be told apart")
    gates = lane.gates
    if not gates and lane.data is not None:  # an absent or malformed block already said it all
        failures.append("the terminal names no gate (namedGates is empty or missing)")
    actors: list[str] = []
    for number, gate in enumerate(gates, start=1):
        actor = gate.get("nextActor")
        shown = f"gate {number}"
        if not isinstance(actor, str) or not normalize_actor(actor):
            failures.append(f"{shown} has no nextActor")
        elif me and normalize_actor(actor) == me:
            failures.append(f"{shown} names yourself ({actor.strip()}) as nextActor")
        else:
            actors.append(actor.strip())
    if valid_refusals < min_drives:
        failures.append(
            f"drive-ratchet: this session has {valid_refusals} of the {min_drives} refusals of a valid "
            "terminal needed before a hand-off; drive the lane first"
        )
    if failures:
        return ExitCheck(accepted=False, reason="clean terminal rejected: " + "; ".join(failures))
    return ExitCheck(
        accepted=True,
        reason=(
            f"clean terminal: {lane.lane_continuation} with {len(gates)} gate(s) handed to "
            f"{', '.join(actors)}; drive-ratchet {valid_refusals}/{min_drives}"
        ),
    )


def material_artifacts(
    tool_calls: Sequence[ToolCall],
    review_tools: Collection[str],
    *,
    gh_paths: Collection[str] = DEFAULT_GH_PATHS,
) -> tuple[str, ...]:
    """Short descriptions of the lifecycle artifacts these calls produced, oldest first.

    A standalone `gh pr create` of the GitHub CLI (the word `gh` or a path in gh_paths) whose successful
    result holds a PR URL ("PR created: <url>"); a formal review by a configured tool name, or by a
    standalone `gh pr review --approve|--request-changes` ("review submitted: …"); a comment is none.
    The caller passes only the calls after the boundary.
    """
    found: list[str] = []
    for call in tool_calls:
        url = created_pr_url(call, gh_paths)
        if url is not None:
            found.append(f"PR created: {url}")
            continue
        review = submitted_review(call, review_tools, gh_paths)
        if review is not None:
            found.append(review)
    return tuple(dict.fromkeys(found))


def normalize_actor(name: str) -> str:
    """An actor name for comparison: trimmed, lower-cased, one leading "@" dropped."""
    text = name.strip().lower()
    return text[1:].strip() if text.startswith("@") else text
