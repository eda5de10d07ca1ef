"""Work in flight that a Claude Code session's records show (SPEC §4 row B, §5.5, §7.1, §7.2).

The live hook is told what is in flight (the Stop payload's `background_tasks` and `session_crons`); a replay,
and a client that sends neither, must infer it from the records, so row B decides as it would have. Only the
client's own structured records count: a call that asked for background work, paired by its id with its own
result record, whose `toolUseResult` names the task; text a tool printed never does. The record shapes are
data (background.toml). Pure: records in, the tasks and the scheduled prompts in flight out.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from functools import cache

from hook.harness.claude import ENDED
from hook.transcript.records import block_texts, blocks, mapping, string
from lanegate_common.builtin_data import load_builtin
from lanegate_common.frozen import frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing: the live hook infers with this module
if TYPE_CHECKING:
    from typing import Any

DATA_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "background.toml")


@frozen
class Start:
    """One way a call starts background work: its tool, the toolUseResult key naming the task, and the values
    its input (`asked`) and its result (`result`) must hold."""

    tool: str
    key: str
    asked: Mapping[str, Any]
    result: Mapping[str, Any]


@frozen
class Shapes:
    starts: tuple[Start, ...]
    marker: str
    notification_id: re.Pattern[str]
    notification_status: re.Pattern[str]
    stop_tools: frozenset[str]
    stop_keys: tuple[str, ...]
    teammate_marker: str
    teammate_id: re.Pattern[str]
    teammate_ended: tuple[str, ...]
    wakeup: Mapping[str, str]
    cron: Mapping[str, str]


@cache
def shapes() -> Shapes:
    data = load_builtin(DATA_PATH)
    return Shapes(
        starts=tuple(Start(s["tool"], s["key"], s.get("asked", {}), s.get("result", {})) for s in data["started"]),
        marker=data["notification_marker"],
        notification_id=re.compile(data["notification_id"]),
        notification_status=re.compile(data["notification_status"]),
        stop_tools=frozenset(data["stop_tools"]),
        stop_keys=tuple(data["stop_keys"]),
        teammate_marker=data["teammate_marker"],
        teammate_id=re.compile(data["teammate_id"]),
        teammate_ended=tuple(data["teammate_ended"]),
        wakeup=data["wakeup"],
        cron=data["cron"],
    )


class BackgroundTracker:
    """Feed every record in order; `in_flight` names the tasks started and not yet reported over, and
    `scheduled` the wake-ups and crons set and not yet fired or deleted."""

    def __init__(self) -> None:
        self.started: dict[str, str] = {}  # task id -> the tool_use id that started it
        self.calls: dict[str, tuple[str, Mapping[str, Any]]] = {}  # tool_use id -> (tool name, input)
        self.wakeups: dict[str, dict[str, Any]] = {}  # tool_use id -> a pending tick
        self.crons: dict[str, dict[str, Any]] = {}  # cron id -> a pending cron

    @property
    def in_flight(self) -> tuple[tuple[str, str], ...]:
        return tuple(self.started.items())

    @property
    def scheduled(self) -> tuple[Mapping[str, Any], ...]:
        """The pending wake-ups and crons, in the audit line's shape (SPEC §7.1), oldest first."""
        return (*self.wakeups.values(), *self.crons.values())

    def feed(self, record: Mapping[str, Any]) -> None:
        kind = record.get("type")
        if kind == "assistant":
            self._calls(record)
        elif kind == "user":
            self._fired(record)
            self._results(record)
            self._notifications(_texts(record))
        elif kind == "attachment":
            prompt = mapping(record.get("attachment")).get("prompt")
            self._notifications([prompt] if isinstance(prompt, str) else [])

    def _calls(self, record: Mapping[str, Any]) -> None:
        for block in blocks(record):
            if block.get("type") == "tool_use" and (use := string(block.get("id"))):
                self.calls[use] = (string(block.get("name")) or "", mapping(block.get("input")))

    def _results(self, record: Mapping[str, Any]) -> None:
        results = [b for b in blocks(record) if b.get("type") == "tool_result"]
        # The client writes one result record per call, with that call's structured result: a record holding
        # several results cannot say whose toolUseResult it carries, so it pairs with none.
        structured = mapping(record.get("toolUseResult")) if len(results) == 1 else {}
        for block in results:
            use_id = string(block.get("tool_use_id")) or ""
            name, arguments = self.calls.pop(use_id, ("", {}))
            if block.get("is_error") is True:
                continue
            if name in shapes().stop_tools:
                task = next((t for k in shapes().stop_keys if (t := string(arguments.get(k)))), None)
                self.started.pop(task or "", None)
            elif name == shapes().wakeup["tool"]:
                self._wakeup(use_id, arguments, structured)
            elif name == shapes().cron["create"]:
                self._cron(arguments, structured)
            elif name == shapes().cron["delete"]:
                self.crons.pop(string(arguments.get(shapes().cron["key"])) or "", None)
            else:
                task = _started_task(name, arguments, structured)
                if task is not None:
                    self.started.setdefault(task, use_id)

    def _wakeup(self, use_id: str, arguments: Mapping[str, Any], result: Mapping[str, Any]) -> None:
        if arguments.get(shapes().wakeup["stop"]) is True:
            self.wakeups.clear()
            return
        when = result.get(shapes().wakeup["when"])
        if isinstance(when, int | float) and not isinstance(when, bool):
            fires = datetime.fromtimestamp(when / 1000, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            self.wakeups[use_id] = _entry(use_id, fires, False, arguments.get("prompt"))

    def _cron(self, arguments: Mapping[str, Any], result: Mapping[str, Any]) -> None:
        cron = string(result.get(shapes().cron["key"]))
        if cron:
            recurring = result.get("recurring")
            self.crons[cron] = _entry(cron, arguments.get("cron"), recurring is True, arguments.get("prompt"))

    def _fired(self, record: Mapping[str, Any]) -> None:
        """A prompt the client fired from a schedule ends the tick, or the one-shot cron of that prompt."""
        source = record.get("wakeupSource")
        if source == shapes().wakeup["fired"]:
            self.wakeups.clear()
        elif source == shapes().cron["fired"]:
            text = "\n".join(block_texts(record)).strip()
            for cron, entry in list(self.crons.items()):
                if not entry["recurring"] and entry["prompt"] == text:
                    del self.crons[cron]

    def _notifications(self, texts: list[str]) -> None:
        for text in texts:
            if shapes().teammate_marker in text:
                self._teammate(text)
            if shapes().marker not in text:
                continue
            task = shapes().notification_id.search(text)
            status = shapes().notification_status.search(text)
            if task and status and status.group("status").strip().lower() in ENDED:
                self.started.pop(task.group("id"), None)

    def _teammate(self, text: str) -> None:
        """A teammate's message that approves its shutdown ends it: spawned as `<name>@<team>`, it writes as
        `teammate_id="<name>"`."""
        sender = shapes().teammate_id.search(text)
        if sender is None or not any(word in text for word in shapes().teammate_ended):
            return
        name = sender.group("id")
        for task in [t for t in self.started if t == name or t.startswith(name + "@")]:
            del self.started[task]


def _started_task(tool: str, arguments: Mapping[str, Any], result: Mapping[str, Any]) -> str | None:
    """The task a call's own structured result names, when the call is one that starts background work."""
    for start in shapes().starts:
        if start.tool != tool:
            continue
        if any(arguments.get(k) != v for k, v in start.asked.items()):
            continue
        if any(result.get(k) != v for k, v in start.result.items()):
            continue
        task = string(result.get(start.key))
        if task and task.strip():
            return task
    return None


def _entry(ident: str, schedule: object, recurring: bool, prompt: object) -> dict[str, Any]:
    return {"kind": "scheduled", "id": ident, "schedule": schedule if isinstance(schedule, str) else None,
            "recurring": recurring, "prompt": prompt if isinstance(prompt, str) else None, "inferred": True}


def _texts(record: Mapping[str, Any]) -> list[str]:
    return [t for b in blocks(record) if b.get("type") == "text" and isinstance(t := b.get("text"), str)]
