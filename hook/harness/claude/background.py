"""Background work a recorded Claude Code session started and had not seen finish (SPEC §5.5).

The live hook is told what is in flight (the Stop payload's `background_tasks`); a replay must infer
it from the transcript, so row B decides as it would have. The record shapes are data
(background.toml). Pure: records in, the set of task ids in flight out.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from functools import cache

from hook.harness.claude import ENDED
from hook.transcript.records import blocks, mapping, string, tool_result_text
from lanegate_common.builtin_data import load_builtin
from lanegate_common.frozen import frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing: the live hook infers with this module
if TYPE_CHECKING:
    from typing import Any

DATA_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "background.toml")


@frozen
class Shapes:
    started_keys: Mapping[str, str]
    started: tuple[re.Pattern[str], ...]
    marker: str
    notification_id: re.Pattern[str]
    notification_status: re.Pattern[str]
    stop_tools: frozenset[str]
    stop_keys: tuple[str, ...]
    teammate_marker: str
    teammate_id: re.Pattern[str]
    teammate_ended: tuple[str, ...]


@cache
def shapes() -> Shapes:
    data = load_builtin(DATA_PATH)
    return Shapes(
        started_keys=dict(data["started_keys"]),
        started=tuple(re.compile(p) for p in data["started_patterns"]),
        marker=data["notification_marker"],
        notification_id=re.compile(data["notification_id"]),
        notification_status=re.compile(data["notification_status"]),
        stop_tools=frozenset(data["stop_tools"]),
        stop_keys=tuple(data["stop_keys"]),
        teammate_marker=data["teammate_marker"],
        teammate_id=re.compile(data["teammate_id"]),
        teammate_ended=tuple(data["teammate_ended"]),
    )


class BackgroundTracker:
    """Feed every record in order; `in_flight` names the tasks started and not yet reported over."""

    def __init__(self) -> None:
        self.started: dict[str, str] = {}  # id -> what started it
        self.stopping: dict[str, str] = {}  # tool_use id of a stop call -> task id
        self.tools: dict[str, str] = {}  # tool_use id -> tool name

    @property
    def in_flight(self) -> tuple[tuple[str, str], ...]:
        return tuple(self.started.items())

    def feed(self, record: Mapping[str, Any]) -> None:
        kind = record.get("type")
        if kind == "assistant":
            self._stop_calls(record)
        elif kind == "user":
            self._results(record)
            self._notifications(_texts(record))
        elif kind == "attachment":
            prompt = mapping(record.get("attachment")).get("prompt")
            self._notifications([prompt] if isinstance(prompt, str) else [])

    def _stop_calls(self, record: Mapping[str, Any]) -> None:
        for block in blocks(record):
            if block.get("type") == "tool_use" and (use := string(block.get("id"))):
                self.tools[use] = string(block.get("name")) or ""
            if block.get("type") == "tool_use" and block.get("name") in shapes().stop_tools:
                arguments = mapping(block.get("input"))
                task = next((t for k in shapes().stop_keys if (t := string(arguments.get(k)))), None)
                use_id = string(block.get("id"))
                if task and use_id:
                    self.stopping[use_id] = task

    def _results(self, record: Mapping[str, Any]) -> None:
        result = mapping(record.get("toolUseResult"))
        for block in blocks(record):
            if block.get("type") != "tool_result":
                continue
            use_id = string(block.get("tool_use_id")) or ""
            if use_id in self.stopping:
                task = self.stopping.pop(use_id)
                if block.get("is_error") is not True:
                    self.started.pop(task, None)
                continue
            text = tool_result_text(block)
            key = shapes().started_keys.get(self.tools.pop(use_id, ""))
            named = [string(result.get(key)) if key else None]
            named += [m.group("id") for p in shapes().started for m in p.finditer(text)]
            for task in filter(None, named):
                self.started.setdefault(task, use_id or "tool result")

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


def _texts(record: Mapping[str, Any]) -> list[str]:
    return [t for b in blocks(record) if b.get("type") == "text" and isinstance(t := b.get("text"), str)]
