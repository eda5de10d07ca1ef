"""Whether a scheduled prompt of the session fires soon enough to be this stop's work in flight
(docs/DESIGN.md#scheduled-turns).

The client lists every wake-up and cron of the session in `session_crons` (`{id, schedule, recurring, prompt}`),
and a pending one lets the stop through (row B): the client will prompt the agent again. The agent itself
creates crons (CronCreate), so a cron that fires once a year would hold every stop of the session open. A
wake-up is work in flight because it comes back soon: Claude Code 2.1.332 clamps a ScheduleWakeup delay to
[60, 3600] s and writes it as a one-shot cron ("26 15 * * *"). So an entry counts only when its schedule fires
within that horizon of the stop (WAKE_HORIZON); a later one is a standing schedule, not work in flight now.

Schedules are the five-field cron expressions the client writes (minute, hour, day of month, month, day of
week: numbers, `*`, lists, ranges, steps, month and day names, the `@hourly`-style macros), read in the local
time the client runs in (the hook inherits its environment). The next WAKE_HORIZON's minutes are tried one by
one: at most 61, whatever the expression.
"""

from __future__ import annotations

from datetime import datetime, timedelta

# The longest wake-up the client itself sets (ScheduleWakeup's clamp), and the minute a cron is rounded to.
WAKE_HORIZON = timedelta(seconds=3600)
_MACROS = {"@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *", "@weekly": "0 0 * * 0",
           "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *"}  # fmt: skip
_NAMES = ({}, {}, {}, {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep",
                                                    "oct", "nov", "dec"), start=1)},
          {d: i for i, d in enumerate(("sun", "mon", "tue", "wed", "thu", "fri", "sat"))})  # fmt: skip
_BOUNDS = ((0, 59), (0, 23), (1, 31), (1, 12), (0, 7))


class Unreadable(ValueError):
    """A schedule that is no five-field cron expression."""


def fires_within(schedule: str, now: datetime, horizon: timedelta = WAKE_HORIZON) -> bool:
    """Whether the cron expression fires at a minute in (now, now + horizon]; raises Unreadable."""
    fields = [_field(text, k) for k, text in enumerate(_fields(schedule))]
    minute = now.replace(second=0, microsecond=0)
    for _ in range(int(horizon.total_seconds() // 60) + 1):
        minute += timedelta(minutes=1)
        if minute - now > horizon:
            return False
        if _matches(fields, minute):
            return True
    return False


def wake_up_time(schedule: object) -> datetime | None:
    """The time of a wake-up read from the client's records (an ISO time, `2026-12-06T15:26:00Z`), else None."""
    if not isinstance(schedule, str) or "T" not in schedule:
        return None
    try:
        when = datetime.fromisoformat(schedule.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo is not None else None


def _fields(schedule: str) -> list[str]:
    text = _MACROS.get(schedule.strip().lower(), schedule)
    fields = text.split()
    if len(fields) != 5:
        raise Unreadable(f"{schedule!r} is not five cron fields")
    return fields


def _field(text: str, k: int) -> tuple[frozenset[int], bool]:
    """The values a field allows, and whether it was `*` (day of month and day of week combine by it)."""
    low, high = _BOUNDS[k]
    values: set[int] = set()
    for part in text.lower().split(","):
        base, _, step_text = part.partition("/")
        step = _number(step_text, {}) if step_text else 1
        if base == "*":
            first, last = low, high
        elif "-" in base:
            a, b = base.split("-", 1)
            first, last = _number(a, _NAMES[k]), _number(b, _NAMES[k])
        else:
            first = _number(base, _NAMES[k])
            last = high if step_text else first
        if step < 1 or not low <= first <= last <= high:
            raise Unreadable(f"{text!r} is out of range")
        values.update(range(first, last + 1, step))
    if k == 4 and 7 in values:  # Sunday is 0 or 7
        values.add(0)
    return frozenset(values), text == "*"


def _number(text: str, names: dict[str, int]) -> int:
    if text in names:
        return names[text]
    if not text.isdigit():
        raise Unreadable(f"{text!r} is no number")
    return int(text)


def _matches(fields: list[tuple[frozenset[int], bool]], at: datetime) -> bool:
    (minutes, _), (hours, _), (days, any_day), (months, _), (weekdays, any_weekday) = fields
    if at.minute not in minutes or at.hour not in hours or at.month not in months:
        return False
    day, weekday = at.day in days, (at.isoweekday() % 7) in weekdays
    if any_day or any_weekday:  # cron: a restricted day field alone decides; both restricted, either one
        return day and weekday
    return day or weekday
