"""The agent's lane-state terminal block (docs/DESIGN.md#lane-state): find the last one, parse it, validate it.

parse_lane_state checks what the block says on its own; validate_lane_state re-checks everything
against the turn (when it started, what the tools fetched). Violations are plain sentences, in order.
"""

from __future__ import annotations

import json
import re
from _datetime import (  # datetime.py would first run its pure-Python fallback: 3 M instructions a stop
    UTC,
    datetime,
    time,
    timedelta,
    timezone,
    tzinfo,
)
from collections.abc import Collection, Mapping, Sequence

from hook.transcript.records import LazyRegex, ToolCall
from hook.transcript.tools import PR_URL, fetched_prs
from lanegate_common.frozen import frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any, Literal

    Outcome = Literal["absent", "malformed", "invalid", "valid"]


LANE_CONTINUATIONS = ("active-lane", "next-lane", "blocker-routed")
FUTURE_TOLERANCE = timedelta(minutes=5)
MERGE_FIELD = "mergedAt"

_LANE_INFO = LazyRegex(r"lane-state(?:\s|$)", re.IGNORECASE)
_ZONE = r"(?P<zone>Z|z|UTC|[+-]\d{2}(?::?\d{2})?)?"
_CLOCK = r"(?P<h>\d{1,2}):(?P<m>\d{2})(?::(?P<s>\d{2})(?:[.,](?P<f>\d{1,9}))?)?"
_FULL_STAMP = LazyRegex(rf"(?P<y>\d{{4}})-(?P<mo>\d{{2}})-(?P<d>\d{{2}})[T ]{_CLOCK}\s*{_ZONE}")
_TIME_STAMP = LazyRegex(rf"{_CLOCK}\s*{_ZONE}")
# PR-shaped refs: "PR #812", "PR 812", "PR#812", "pull request 812", "pull-request #812", a /pull/N URL.
# A bare "#812" is not PR-shaped: issues share the number space, and `gh pr view` of an issue fails.
_PR_REF = LazyRegex(r"\b(?:PR|pull[\s-]*request)s?\s*#?\s*(\d{1,9})\b", re.IGNORECASE)


@frozen
class LaneState:
    """The terminal block as found: its outcome, its JSON object, and what is wrong with it."""

    outcome: Outcome
    data: Mapping[str, Any] | None = None
    lane_continuation: object | None = None
    violations: tuple[str, ...] = ()
    error: str | None = None

    @property
    def details(self) -> tuple[str, ...]:
        """What is wrong with the block, in words, for the refusal and the audit: the parse error of a
        malformed block, the violations of an invalid one, nothing for an absent or valid one."""
        if self.outcome == "malformed":
            return (self.error,) if self.error else ()
        return self.violations

    @property
    def gates(self) -> tuple[Mapping[str, Any], ...]:
        """The namedGates entries that are objects (others are already violations)."""
        gates = self.data.get("namedGates") if self.data is not None else None
        if not isinstance(gates, list):
            return ()
        return tuple(g for g in gates if isinstance(g, Mapping))


class _Turn:
    """What validation knows about this turn (a plain class: it never leaves this module)."""

    __slots__ = ("_calls", "_fetched", "_pr_fetch_tools", "now", "prompt_time")

    def __init__(
        self, prompt_time: datetime | None, now: datetime, calls: Sequence[ToolCall], pr_fetch_tools: Collection[str]
    ) -> None:
        self.prompt_time = prompt_time
        self.now = now
        self._calls = calls
        self._pr_fetch_tools = pr_fetch_tools
        self._fetched: frozenset[int] | None = None

    def fetched(self) -> frozenset[int]:
        """The PR numbers this turn's tool calls fetched, read from the calls when a gate first names a
        PR: most terminals name none, and then no command is read at all."""
        if self._fetched is None:
            found: set[int] = set()
            for call in self._calls:
                stamp = _aware(call.timestamp) if call.timestamp is not None else None
                if self.prompt_time is not None and stamp is not None and stamp < self.prompt_time:
                    continue
                found |= fetched_prs(call, self._pr_fetch_tools)
            self._fetched = frozenset(found)
        return self._fetched


def parse_lane_state(text: str | None) -> LaneState:
    """Find the last lane-state fenced block in the text and check what it says on its own."""
    body = find_lane_state_block(text) if isinstance(text, str) else None
    if body is None:
        return LaneState(outcome="absent")
    if not body.strip():
        return LaneState(outcome="malformed", error="the lane-state block is empty")
    try:
        data = json.loads(body)
    except json.JSONDecodeError as exc:
        return LaneState(
            outcome="malformed",
            error=f"the lane-state body is not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
        )
    except (ValueError, RecursionError) as exc:
        return LaneState(outcome="malformed", error=f"the lane-state body is not usable JSON: {exc}")
    if not isinstance(data, dict):
        return LaneState(
            outcome="malformed", error=f"the lane-state body is a JSON {_json_type(data)}, not an object"
        )
    return _judged(data, None)


def validate_lane_state(
    state: LaneState,
    *,
    prompt_time: datetime | None,
    now: datetime,
    tool_calls: Sequence[ToolCall],
    pr_fetch_tools: Collection[str] = (),
) -> LaneState:
    """The same block judged against this turn: outcome "valid" or "invalid", all violations in order.

    Tool calls older than prompt_time (when both are known) are not evidence for this turn.
    Absent and malformed blocks come back unchanged.
    """
    if state.data is None or state.outcome in ("absent", "malformed"):
        return state
    prompt_time = _aware(prompt_time) if prompt_time is not None else None
    return _judged(state.data, _Turn(prompt_time, _aware(now), tool_calls, pr_fetch_tools))


def find_lane_state_block(text: str) -> str | None:
    """The body of the last fenced block whose info string starts with `lane-state`, or None.

    Fences follow CommonMark: ``` or ~~~ (three or more), up to three spaces of indent, closed by the
    same character at least as long; an unclosed fence runs to the end. A lane-state fence inside
    another fenced block is content of that block, not a block.
    """
    if "```" not in text and "~~~" not in text:
        return None
    found: str | None = None
    open_fence: tuple[str, int, bool, list[str]] | None = None
    for raw_line in text.split("\n"):
        line = raw_line[:-1] if raw_line.endswith("\r") else raw_line
        if open_fence is None:
            opened = fence_opener(line)
            if opened is None:
                continue
            fence, info = opened[0], opened[1].strip()
            if fence[0] == "`" and "`" in info:
                continue  # inline code, not a fence
            open_fence = (fence[0], len(fence), is_lane_info(info), [])
            continue
        char, length, is_lane, body = open_fence
        stripped = line.strip()
        if (
            len(line) - len(line.lstrip(" ")) <= 3
            and len(stripped) >= length
            and stripped == char * len(stripped)
        ):
            if is_lane:
                found = "\n".join(body)
            open_fence = None
        else:
            body.append(line)
    if open_fence is not None and open_fence[2]:
        found = "\n".join(open_fence[3])
    return found


def fence_opener(line: str) -> tuple[str, str] | None:
    """The fence and the rest of a line that opens a fenced block, else None: a match of
    `^ {0,3}(`{3,}|~{3,})(.*)$`, read with string methods (no pattern to compile at every stop)."""
    body = line.lstrip(" ")
    if len(line) - len(body) > 3 or body[:1] not in ("`", "~"):
        return None
    run = len(body) - len(body.lstrip(body[0]))
    return (body[:run], body[run:]) if run >= 3 else None


def is_lane_info(info: str) -> bool:
    """Whether a fence's info string starts with the word lane-state (_LANE_INFO): string methods for
    ASCII text; re.IGNORECASE folds some other letters into ASCII ones ("ſ" is "s"), so the pattern
    reads any other."""
    if not info.isascii():
        return bool(_LANE_INFO.match(info))
    return info[:10].lower() == "lane-state" and (len(info) == 10 or info[10].isspace())


def pr_numbers_in_ref(ref: object) -> tuple[int, ...]:
    """The PR numbers a gate ref names ("PR #812", "pull request 812", a /pull/N URL), in order."""
    if not isinstance(ref, str):
        return ()
    numbers = [int(m.group(1)) for m in _PR_REF.finditer(ref)]
    if "/pull/" in ref:  # in every PR_URL match: most refs never compile it
        numbers += [int(m.group(1)) for m in PR_URL.finditer(ref)]
    return tuple(dict.fromkeys(numbers))


def _judged(data: Mapping[str, Any], turn: _Turn | None) -> LaneState:
    violations = _violations(data, turn)
    return LaneState(
        outcome="invalid" if violations else "valid",
        data=data,
        lane_continuation=data.get("laneContinuation"),
        violations=tuple(violations),
    )


def _violations(data: Mapping[str, Any], turn: _Turn | None) -> list[str]:
    found: list[str] = []
    allowed = ", ".join(LANE_CONTINUATIONS)
    lane = data.get("laneContinuation")
    if lane is None:
        found.append(f"laneContinuation is missing; it must be one of {allowed}")
    elif lane not in LANE_CONTINUATIONS:
        found.append(
            f"laneContinuation {_show(lane)} is not one of {allowed} (exact, case-sensitive)"
        )
    if lane == "active-lane" and data.get("awaitingOwnPrOnly") is True:
        found.append(
            "active-lane with awaitingOwnPrOnly true: waiting only on your own PR is a background "
            "watch, declare it next-lane"
        )
    gates = data.get("namedGates")
    if gates is None:
        return found
    if not isinstance(gates, list):
        found.append(f"namedGates is a JSON {_json_type(gates)}, not a list of gates")
        return found
    # docs/DESIGN.md#lane-state lists the gate rules in order (checkedAt, the PR fetch, mergeClaim): the violations
    # follow that order across all gates, each rule's in gate order.
    by_rule: tuple[list[str], list[str], list[str]] = ([], [], [])
    for number, gate in enumerate(gates, start=1):
        if not isinstance(gate, Mapping):
            by_rule[0].append(f"gate {number} is a JSON {_json_type(gate)}, not an object")
            continue
        for rule, problems in zip(by_rule, _gate_violations(_gate_label(number, gate), gate, turn), strict=True):
            rule.extend(problems)
    return found + [v for rule in by_rule for v in rule]


def _gate_violations(
    label: str, gate: Mapping[str, Any], turn: _Turn | None
) -> tuple[list[str], list[str], list[str]]:
    """One gate's violations of the checkedAt, PR-fetch and mergeClaim rules, rule by rule."""
    found: list[str] = []
    fetches: list[str] = []
    claims: list[str] = []
    checked = gate.get("checkedAt")
    if checked is None:
        found.append(f"{label} has no checkedAt")
    else:
        problem = _checked_at_problem(checked, turn)
        if problem:
            found.append(f"{label}: {problem}")
    if turn is not None:
        for pr in pr_numbers_in_ref(gate.get("ref")):
            if pr not in turn.fetched():
                fetches.append(
                    f"{label}: no tool call in this turn fetched PR {pr} "
                    f"(gh pr view {pr}, gh pr checks {pr} or gh api …/pulls/{pr})"
                )
    claim = gate.get("mergeClaim")
    if claim is not None and not isinstance(claim, bool):
        claims.append(f"{label}: mergeClaim {_show(claim)} is not true or false")
    elif claim is not None:
        # A true claim must cite mergedAt; "mergeClaim": false claims nothing and needs no field, but a
        # field it does name must still be mergedAt.
        field = gate.get("field")
        if (claim is True or field is not None) and field != MERGE_FIELD:
            shown = "no field" if field is None else f"field {_show(field)}"
            claims.append(f"{label}: a mergeClaim must cite field {MERGE_FIELD!r}, this gate has {shown}")
    return found, fetches, claims


def _checked_at_problem(value: object, turn: _Turn | None) -> str | None:
    """Why checkedAt is not a timestamp within this turn, or None when it is."""
    stamp = _parse_checked_at(value)
    if stamp is None:
        return f"checkedAt {_show(value)} is not a timestamp (write e.g. 2026-12-02T10:04Z)"
    if turn is None:
        return None
    moment, precision, time_only = stamp
    limit = turn.now + FUTURE_TOLERANCE
    if time_only:
        zone = moment.tzinfo or UTC
        local_limit = limit.astimezone(zone)
        moment = datetime.combine(local_limit.date(), moment.timetz())
        if moment > local_limit:
            moment -= timedelta(days=1)
    shown = _show(value)
    if time_only and turn.prompt_time is not None and moment < _floor(turn.prompt_time, precision):
        # A bare time names no day: say which window it missed rather than guess "past" or "future".
        return (
            f"checkedAt {shown} is not a time within this turn (prompt at {_clock(turn.prompt_time)}, "
            f"now {_clock(turn.now)}); check the gate again in this turn"
        )
    if moment > limit:
        return f"checkedAt {shown} is more than 5 minutes in the future (now is {_clock(turn.now)})"
    if turn.prompt_time is not None and moment < _floor(turn.prompt_time, precision):
        return (
            f"checkedAt {shown} is earlier than this turn's prompt ({_clock(turn.prompt_time)}); "
            "check the gate again in this turn"
        )
    return None


def _parse_checked_at(value: object) -> tuple[datetime, timedelta, bool] | None:
    """(moment, precision, time_only) for "2026-12-02T10:04Z", "10:04:31Z" and the like."""
    if not isinstance(value, str) or len(value) > 64:
        return None
    text = value.strip()
    full = _FULL_STAMP.fullmatch(text)
    match = full or _TIME_STAMP.fullmatch(text)
    if match is None:
        return None
    zone = _zone(match.group("zone"))
    if zone is None:
        return None
    fraction = match.group("f")
    try:
        clock = time(
            int(match.group("h")),
            int(match.group("m")),
            int(match.group("s") or 0),
            int((fraction or "0")[:6].ljust(6, "0")),
            tzinfo=zone,
        )
        if full is not None:
            day = datetime(int(full.group("y")), int(full.group("mo")), int(full.group("d")))
            moment = datetime.combine(day.date(), clock)
        else:
            moment = datetime.combine(datetime(2000, 1, 1).date(), clock)
    except (ValueError, OverflowError):
        return None
    if fraction:
        precision = timedelta(microseconds=1)
    elif match.group("s"):
        precision = timedelta(seconds=1)
    else:
        precision = timedelta(minutes=1)
    return moment, precision, full is None


def _zone(text: str | None) -> tzinfo | None:
    """The zone of a checkedAt; no zone means UTC (the transcript's own clock)."""
    if text is None or text in ("Z", "z", "UTC"):
        return UTC
    sign = -1 if text[0] == "-" else 1
    digits = text[1:].replace(":", "")
    hours, minutes = int(digits[:2]), int(digits[2:] or 0)
    if hours > 23 or minutes > 59:
        return None
    return timezone(sign * timedelta(hours=hours, minutes=minutes))


def _floor(moment: datetime, precision: timedelta) -> datetime:
    """The moment cut to the precision a checkedAt was written in (10:04:31 → 10:04 for minutes)."""
    moment = moment.astimezone(UTC)
    if precision >= timedelta(minutes=1):
        return moment.replace(second=0, microsecond=0)
    if precision >= timedelta(seconds=1):
        return moment.replace(microsecond=0)
    return moment


def _aware(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _clock(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _gate_label(number: int, gate: Mapping[str, Any]) -> str:
    ref = gate.get("ref")
    if isinstance(ref, str) and ref.strip():
        short = ref.strip() if len(ref.strip()) <= 60 else ref.strip()[:57] + "..."
        return f"gate {number} ({short})"
    return f"gate {number}"


def _show(value: object) -> str:
    """A value as the agent wrote it, short: strings quoted, other JSON as JSON."""
    try:
        shown = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        shown = repr(value)
    except RecursionError:  # the agent nested it as deep as the decoder reads
        shown = f"a JSON {_json_type(value)} nested too deeply to show"
    return shown if len(shown) <= 60 else shown[:57] + "..."


def _json_type(value: object) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, dict | Mapping):
        return "object"
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if value is None:
        return "null"
    return "number"
