"""The shared part of every harness's case writer: a golden case's `[[record]]` steps, read the same way.

A harness writes its own records (hook/harness/<name>/writer.py, reached through Harness.case_writer);
what a step is — one table naming exactly one kind, with its options — and the clock the records carry
are the same for all, so they live here. Off the per-stop path: the golden runner, replay's tests and
the test builders import it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

DEFAULT_START = "2026-12-02T10:00:00Z"
# The step kinds every harness's writer takes (a harness adds its own record kinds beside them).
SHARED_KINDS = ("user", "wake", "assistant", "bash", "tool", "raw", "at")

W = TypeVar("W")


class StepError(ValueError):
    """A step that names no known kind, or two, or carries a value of the wrong type."""


def apply(table: Mapping[str, Callable[[W, Mapping[str, Any]], None]], writer: W, step: Mapping[str, Any]) -> None:
    """Append the records of one step through the harness's table of kinds; StepError when the step names
    no kind of the table or several."""
    kinds = [k for k in step if k in table]
    if len(kinds) != 1:
        raise StepError(f"a record step needs exactly one of {', '.join(table)}; got {sorted(step)}")
    table[kinds[0]](writer, step)


def text(step: Mapping[str, Any], key: str) -> str:
    """A step's string value (StepError otherwise)."""
    value = step.get(key)
    if not isinstance(value, str):
        raise StepError(f"{key} must be a string, not {value!r}")
    return value


def table(step: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """A step's table value, empty when absent (StepError for another type)."""
    value = step.get(key, {})
    if not isinstance(value, Mapping):
        raise StepError(f"{key} must be a table")
    return value


def moment(value: datetime | str) -> datetime:
    """An aware UTC datetime from an ISO string (a trailing Z accepted) or a datetime."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value.replace("Z", "+00:00"))
    return value if value.tzinfo else value.replace(tzinfo=UTC)


def iso(when: datetime) -> str:
    """A record timestamp as the harnesses write it: milliseconds and a Z."""
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{when.microsecond // 1000:03d}Z"


class Clock:
    """The time the next record carries: one step later after each record (a writer's `tick`)."""

    def __init__(self, start: datetime | str = DEFAULT_START, step: timedelta = timedelta(seconds=1)) -> None:
        self.now = moment(start)
        self.step = step

    def tick(self) -> str:
        """The next record's timestamp, and the clock one step on."""
        stamp = iso(self.now)
        self.now += self.step
        return stamp

    @property
    def last_time(self) -> datetime:
        """The timestamp of the newest record (the clock has already moved one step past it)."""
        return self.now - self.step
