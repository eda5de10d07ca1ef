"""The two honest ways out of an autonomous turn (docs/DESIGN.md#clean-terminal, docs/DESIGN.md#material-artifact): a
clean hand-off, or a real artifact.

Both are pure reads of values the caller already has; neither looks at the session state (the
caller passes the drive count and picks which tool calls fall after the last allowed stop).
"""

from __future__ import annotations

import os
import re
from _datetime import UTC, datetime  # datetime.py would first run its pure-Python fallback: 3 M instructions a stop
from collections.abc import Collection, Sequence

from hook.lanestate import LaneState
from hook.transcript.records import ToolCall
from hook.transcript.tools import DEFAULT_GH_PATHS, created_pr_url, name_matches, standalone_gh_args, submitted_review
from lanegate_common.frozen import frozen

# The operator's half of a rejected hand-off: in the audit line's reason and warnings, never the agent's text.
NO_IDENTITY = "LANEGATE_IDENTITY is not set, so a gate handed to yourself cannot be told apart"


@frozen
class ExitCheck:
    """Whether an exit was accepted, and in plain words why (or which condition failed).

    A rejected clean terminal also says whose the failure is (docs/DESIGN.md#operators): `failures` are what the agent
    can change in its block, `identity_missing` is the operator's to fix (the agent is never told to), and
    `drives` of `needed` is the drive-ratchet's count (it held the hand-off back when drives < needed).
    """

    accepted: bool
    reason: str
    failures: tuple[str, ...] = ()
    identity_missing: bool = False
    drives: int = 0
    needed: int = 0


def clean_terminal(
    lane: LaneState, *, identity: str | None, valid_refusals: int, min_drives: int
) -> ExitCheck:
    """Accept a valid terminal whose every gate goes to someone else, once the lane has been driven.

    When rejected, the reason names every failing condition, in the order of docs/DESIGN.md#clean-terminal.
    """
    mine: list[str] = []  # what the agent can change in its block
    if lane.outcome != "valid":
        mine.append(f"the lane-state terminal is {lane.outcome}, not valid")
    me = actor_key(identity) if isinstance(identity, str) else ""
    gates = lane.gates
    if not gates and lane.data is not None:  # an absent or malformed block already said it all
        mine.append("the terminal names no gate (namedGates is empty or missing)")
    actors: list[str] = []
    for number, gate in enumerate(gates, start=1):
        actor = gate.get("nextActor")
        shown = f"gate {number}"
        if not isinstance(actor, str) or not actor_key(actor):
            mine.append(f"{shown} has no nextActor")
        elif me and names_the_agent(actor, me):
            mine.append(f"{shown} names yourself ({actor.strip()}) as nextActor")
        else:
            actors.append(actor.strip())
    failures = list(mine)
    if not me:
        failures.insert(1 if lane.outcome != "valid" else 0, NO_IDENTITY)
    ratchet = valid_refusals < min_drives
    if ratchet:
        failures.append(
            f"drive-ratchet: this session has {valid_refusals} of the {min_drives} refusals of a valid "
            "terminal needed before a hand-off; drive the lane first"
        )
    if failures:
        return ExitCheck(
            accepted=False,
            reason="clean terminal rejected: " + "; ".join(failures),
            failures=tuple(mine),
            identity_missing=not me,
            drives=valid_refusals,
            needed=min_drives,
        )
    return ExitCheck(
        accepted=True,
        reason=(
            f"clean terminal: {lane.lane_continuation} with {len(gates)} gate(s) handed to "
            f"{', '.join(actors)}; drive-ratchet {valid_refusals}/{min_drives}"
        ),
    )


@frozen
class Artifact:
    """A lifecycle artifact a tool call shows, and what the forge would be asked about it
    (docs/DESIGN.md#verified-artifacts).

    kind: "pull-request" (a PR created) or "review" (a formal review submitted). target: what names the PR
    to the forge: its URL, its number, a branch, or None for the current branch's PR. repo: owner/name when
    the call named it (`--repo`, a review tool's owner and repo). event: a review's APPROVE or REQUEST_CHANGES.
    """

    description: str
    kind: str
    target: str | None = None
    repo: str | None = None
    event: str | None = None


# gh's word for a review action -> the review's event on the forge.
REVIEW_EVENT_OF_FLAG = {"approve": "APPROVE", "request-changes": "REQUEST_CHANGES"}


def material_artifacts(
    tool_calls: Sequence[ToolCall],
    review_tools: Collection[str],
    *,
    gh_paths: Collection[str] = DEFAULT_GH_PATHS,
) -> tuple[str, ...]:
    """Short descriptions of the lifecycle artifacts these calls produced, oldest first (lifecycle_artifacts)."""
    found = lifecycle_artifacts(tool_calls, review_tools, gh_paths=gh_paths)
    return tuple(a.description for a in found)


def lifecycle_artifacts(
    tool_calls: Sequence[ToolCall],
    review_tools: Collection[str],
    *,
    gh_paths: Collection[str] = DEFAULT_GH_PATHS,
) -> tuple[Artifact, ...]:
    """The lifecycle artifacts these calls produced, oldest first, one per description.

    A standalone `gh pr create` of the GitHub CLI (the word `gh` or a path in gh_paths) whose successful
    result holds a PR URL ("PR created: <url>"); a formal review by a configured tool name, or by a
    standalone `gh pr review --approve|--request-changes` ("review submitted: …"); a comment is none.
    The caller passes only the calls after the boundary.
    """
    found: dict[str, Artifact] = {}
    for call in tool_calls:
        url = created_pr_url(call, gh_paths)
        if url is not None:
            description = f"PR created: {url}"
            found.setdefault(description, Artifact(description, "pull-request", target=url))
            continue
        review = submitted_review(call, review_tools, gh_paths)
        if review is not None:
            found.setdefault(review, _review(review, call, review_tools, gh_paths))
    return tuple(found.values())


def _review(description: str, call: ToolCall, review_tools: Collection[str], gh_paths: Collection[str]) -> Artifact:
    """The review a call submitted, with what names its PR: from a review tool's input (owner, repo, a PR
    number or URL) or from the `gh pr review` words (the selector and --repo, as gh reads them)."""
    if name_matches(call.name, review_tools):
        event = str(call.input.get("event", "")).strip().upper()
        owner, repo = call.input.get("owner"), call.input.get("repo")
        named = f"{owner}/{repo}" if isinstance(owner, str) and isinstance(repo, str) else None
        number = next((str(v) for k in ("pullNumber", "pull_number", "number", "pr") if
                       isinstance(v := call.input.get(k), int | str) and not isinstance(v, bool)), None)
        return Artifact(description, "review", target=number, repo=named, event=event)
    from hook.transcript.gh import invocation

    args = standalone_gh_args(call.command or "", gh_paths) or []
    found = invocation("review", args[2:])
    flags = found.flags if found is not None else {}
    event = next((REVIEW_EVENT_OF_FLAG[f] for f in REVIEW_EVENT_OF_FLAG if flags.get(f) is True), None)
    selector = found.positionals[0] if found is not None and found.positionals else None
    repo = flags.get("repo")
    return Artifact(description, "review", target=selector, repo=repo if isinstance(repo, str) else None, event=event)


# Letters a reader cannot tell apart in a name, read as one: "i", "l" and the fold's vertical stroke
# (analyzer.text.disguise.STROKE: "І", "ӏ"), and the ASCII strokes UTS #39 reads as "l" ("|", "1").
_ONE_STROKE = str.maketrans({"i": "l", "\ue000": "l", "|": "l", "1": "l"})


# A name as a reader sees it: the text of a Markdown link ("[@night-bot](https://…)"), without the "[bot]" GitHub
# gives an app's account ("night-bot[bot]" is night-bot's).
_LINKED_NAME = re.compile(r"\A\s*\[([^\[\]]*)\]\([^()]*\)\s*\Z")
_APP_ACCOUNT = re.compile(r"\[bot\]\s*\Z", re.IGNORECASE)
# Words by which an agent names itself whatever its identity: a gate handed to "@me" is handed to the agent.
SELF_ACTORS = frozenset({"me", "myself", "i", "self", "agent", "theagent", "thisagent"})


def names_the_agent(actor: str, me: str) -> bool:
    """The gate's nextActor is the agent itself: its own name as a reader reads it, or a word naming oneself."""
    key = actor_key(actor)
    return key == me or key in SELF_ACTORS


def actor_key(name: str) -> str:
    """What an actor name reads as, to tell whether a gate names the agent itself: folded as the analyzer
    folds text (format and zero-width characters, look-alike letters, the fullwidth "＠"), NFKC, case-folded,
    the strokes one letter, and every character that is not a letter or digit (the "@", hyphens of any
    kind, a trailing "."), dropped. "@nіght‐bot\u200b." and "night-bot" are one actor."""
    linked = _LINKED_NAME.match(name)
    text = _APP_ACCOUNT.sub("", linked.group(1) if linked else name)
    if not text.isascii():
        import unicodedata

        from analyzer.api import read_as_shown

        text = unicodedata.normalize("NFKC", read_as_shown(unicodedata.normalize("NFKC", text)))
    return "".join(ch for ch in text.casefold().translate(_ONE_STROKE) if ch.isalnum())


# Who a hand-off example names as next actor: a role every session has, never the agent's own identity.
EXAMPLE_ACTORS = ("@operator", "@maintainer")


def example_gate(now: datetime, identity: str | None, project_dir: str | None) -> tuple[str, str, str]:
    """(ref, checkedAt, nextActor) of a gate a lane-state block may name at this stop (docs/DESIGN.md#operators):
    checked now (minute precision, never before the turn's prompt), handed to someone who is not the agent, and
    not PR-shaped, so it needs no fetch. The no-hold directive shows it in a block the agent can copy."""
    me = actor_key(identity) if isinstance(identity, str) else ""
    actor = next(a for a in EXAMPLE_ACTORS if actor_key(a) != me)
    name = os.path.basename(os.path.normpath(project_dir)) if project_dir else ""
    ref = f"next task in {name}" if name and name not in (".", os.sep) else "the next task"
    return ref, now.astimezone(UTC).strftime("%Y-%m-%dT%H:%MZ"), actor
