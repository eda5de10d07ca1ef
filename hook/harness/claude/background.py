"""Work in flight that a Claude Code session's records show (docs/DESIGN.md#the-decision row B, docs/DESIGN.md#golden,
docs/DESIGN.md#scheduled-turns, docs/DESIGN.md#evidence).

The live hook is told what is in flight (the Stop payload's `background_tasks` and `session_crons`); a replay,
and a client that sends neither, must infer it from the records, so row B decides as it would have. Only the
client's own structured records count: a call that asked for background work, paired by its id with its own
result record, whose `toolUseResult` names the task; text a tool printed never does. The record shapes are
data (background.toml). Pure: records in, the tasks and the scheduled prompts in flight out.
"""

from __future__ import annotations

import os
import re
from _datetime import UTC, datetime  # datetime.py would first run its pure-Python fallback: 3 M instructions a stop
from collections.abc import Mapping
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
    # The started rows of each tool, in data order, and every tool whose call the tracker reads: a call of any
    # other tool changes nothing, so it is not kept until its result (most calls of a turn).
    starts_of: Mapping[str, tuple[Start, ...]]
    watched: frozenset[str]
    # What Sieve reads: a result changes what the tracker infers only when its call is one of `by_call` (the call
    # itself says what ends or is scheduled) or its toolUseResult holds one of `result_keys` (it names a started
    # task, a tick or a cron); a text only when it holds one of `marks` (a notification, a teammate's message).
    by_call: frozenset[str]
    result_keys: frozenset[str]
    marks: tuple[str, ...]


@cache
def shapes() -> Shapes:
    data = load_builtin(DATA_PATH)
    starts = tuple(Start(s["tool"], s["key"], s.get("asked", {}), s.get("result", {})) for s in data["started"])
    starts_of: dict[str, tuple[Start, ...]] = {}
    for start in starts:
        starts_of[start.tool] = (*starts_of.get(start.tool, ()), start)
    stop_tools = frozenset(data["stop_tools"])
    wakeup, cron = data["wakeup"], data["cron"]
    return Shapes(
        marker=data["notification_marker"],
        notification_id=re.compile(data["notification_id"]),
        notification_status=re.compile(data["notification_status"]),
        stop_tools=stop_tools,
        stop_keys=tuple(data["stop_keys"]),
        teammate_marker=data["teammate_marker"],
        teammate_id=re.compile(data["teammate_id"]),
        teammate_ended=tuple(data["teammate_ended"]),
        wakeup=wakeup,
        cron=cron,
        starts_of=starts_of,
        watched=frozenset({*starts_of, *stop_tools, wakeup["tool"], cron["create"], cron["delete"]}),
        by_call=frozenset({*stop_tools, wakeup["tool"], cron["create"], cron["delete"]}),
        result_keys=frozenset({*(start.key for start in starts), wakeup["when"], cron["key"]}),
        marks=(data["notification_marker"], data["teammate_marker"]),
    )


class BackgroundTracker:
    """Feed every record in order; `in_flight` names the tasks started and not yet reported over, and
    `scheduled` the wake-ups and crons set and not yet fired or deleted."""

    def __init__(self) -> None:
        self.shapes = shapes()
        self.started: dict[str, str] = {}  # task id -> the tool_use id that started it
        self.calls: dict[str, tuple[str, Mapping[str, Any]]] = {}  # tool_use id -> (tool name, input), watched tools
        self.wakeups: dict[str, dict[str, Any]] = {}  # tool_use id -> a pending tick
        self.crons: dict[str, dict[str, Any]] = {}  # cron id -> a pending cron

    @property
    def in_flight(self) -> tuple[tuple[str, str], ...]:
        return tuple(self.started.items())

    @property
    def scheduled(self) -> tuple[Mapping[str, Any], ...]:
        """The pending wake-ups and crons, in the audit line's shape (docs/DESIGN.md#scheduled-turns), oldest first."""
        return (*self.wakeups.values(), *self.crons.values())

    def feed(self, record: Mapping[str, Any], content: list[Mapping[str, Any]] | None = None) -> None:
        """Take the next record; `content`: its blocks (hook.transcript.records.blocks) when the caller read them."""
        kind = record.get("type")
        if kind == "assistant":
            self._calls(blocks(record) if content is None else content)
        elif kind == "user":
            content = blocks(record) if content is None else content
            self._fired(record)
            self._results(record, content)
            if self.started:  # a notification only ends a task started before it
                texts = [t for b in content if b.get("type") == "text" and isinstance(t := b.get("text"), str)]
                self._notifications(texts)
        elif kind == "attachment" and self.started:
            prompt = mapping(record.get("attachment")).get("prompt")
            self._notifications([prompt] if isinstance(prompt, str) else [])

    def _calls(self, content: list[Mapping[str, Any]]) -> None:
        watched = self.shapes.watched
        for block in content:
            if block.get("type") == "tool_use" and (use := string(block.get("id"))):
                name = string(block.get("name")) or ""
                if name in watched:
                    self.calls[use] = (name, mapping(block.get("input")))
                else:  # its result changes nothing, as an unknown id's does; a reused id forgets the older call
                    self.calls.pop(use, None)

    def _results(self, record: Mapping[str, Any], content: list[Mapping[str, Any]]) -> None:
        results = [b for b in content if b.get("type") == "tool_result"]
        if not results:
            return
        # The client writes one result record per call, with that call's structured result: a record holding
        # several results cannot say whose toolUseResult it carries, so it pairs with none.
        structured = mapping(record.get("toolUseResult")) if len(results) == 1 else {}
        shape = self.shapes
        for block in results:
            use_id = string(block.get("tool_use_id")) or ""
            call = self.calls.pop(use_id, None)
            if call is None or block.get("is_error") is True:
                continue
            name, arguments = call
            if name in shape.stop_tools:
                task = next((t for k in shape.stop_keys if (t := string(arguments.get(k)))), None)
                self.started.pop(task or "", None)
            elif name == shape.wakeup["tool"]:
                self._wakeup(use_id, arguments, structured)
            elif name == shape.cron["create"]:
                self._cron(arguments, structured)
            elif name == shape.cron["delete"]:
                self.crons.pop(string(arguments.get(shape.cron["key"])) or "", None)
            else:
                task = _started_task(shape.starts_of.get(name, ()), arguments, structured)
                if task is not None:
                    self.started.setdefault(task, use_id)

    def _wakeup(self, use_id: str, arguments: Mapping[str, Any], result: Mapping[str, Any]) -> None:
        if arguments.get(self.shapes.wakeup["stop"]) is True:
            self.wakeups.clear()
            return
        when = result.get(self.shapes.wakeup["when"])
        if isinstance(when, int | float) and not isinstance(when, bool):
            fires = datetime.fromtimestamp(when / 1000, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            self.wakeups[use_id] = _entry(use_id, fires, False, arguments.get("prompt"))

    def _cron(self, arguments: Mapping[str, Any], result: Mapping[str, Any]) -> None:
        cron = string(result.get(self.shapes.cron["key"]))
        if cron:
            recurring = result.get("recurring")
            self.crons[cron] = _entry(cron, arguments.get("cron"), recurring is True, arguments.get("prompt"))

    def _fired(self, record: Mapping[str, Any]) -> None:
        """A prompt the client fired from a schedule ends the tick, or the one-shot cron of that prompt."""
        source = record.get("wakeupSource")
        if source is None:
            return
        if source == self.shapes.wakeup["fired"]:
            self.wakeups.clear()
        elif source == self.shapes.cron["fired"]:
            text = "\n".join(block_texts(record)).strip()
            for cron, entry in list(self.crons.items()):
                if not entry["recurring"] and entry["prompt"] == text:
                    del self.crons[cron]

    def _notifications(self, texts: list[str]) -> None:
        shape = self.shapes
        for text in texts:
            if shape.teammate_marker in text:
                self._teammate(text)
            if shape.marker not in text:
                continue
            task = shape.notification_id.search(text)
            status = shape.notification_status.search(text)
            if task and status and status.group("status").strip().lower() in ENDED:
                self.started.pop(task.group("id"), None)

    def _teammate(self, text: str) -> None:
        """A teammate's message that approves its shutdown ends it: spawned as `<name>@<team>`, it writes as
        `teammate_id="<name>"`."""
        sender = self.shapes.teammate_id.search(text)
        if sender is None or not any(word in text for word in self.shapes.teammate_ended):
            return
        name = sender.group("id")
        for task in [t for t in self.started if t == name or t.startswith(name + "@")]:
            del self.started[task]


class Sieve:
    """Of the records a reader meets newest first, those that can change what a BackgroundTracker infers, given back
    in file order (`records`), so a live stop feeds the tracker a few records instead of every one it read (most
    are calls and results of tools that start nothing).

    A call and its result change the tracker's state only as a pair, and only when the call says what ends or is
    scheduled (Shapes.by_call) or the result names a task, a tick or a cron (Shapes.result_keys); a result is met
    before its call, so a call is kept when its result was. A by_call call's plain result is given back as the one
    block the tracker reads of it (its id and is_error), in its place; a record a schedule fired or that may hold a
    notification (Shapes.marks) is kept whole. That is exact when each call id and each result id is written once,
    as the client writes them; `reused` says when one was written twice, and the reader then feeds every record
    (every=True).
    """

    def __init__(self, *, every: bool = False) -> None:
        found = shapes()
        self.every = every
        self.by_call = found.by_call
        self.result_keys = found.result_keys
        self.marks = found.marks
        self.order = 0  # the records met so far: newest first, so a larger order is earlier in the file
        self.kept: list[tuple[int, Mapping[str, Any], list[Mapping[str, Any]] | None]] = []
        # (result id, order, place in its record, is_error) of each result in a record not kept
        self.answers: list[tuple[str, int, int, bool]] = []
        self.paired: set[str] = set()
        self.call_ids: set[str] = set()
        self.result_ids: set[str] = set()
        self.reused = False

    def calls(self, record: Mapping[str, Any], content: list[Mapping[str, Any]], calls: list[Any]) -> None:
        """An assistant record with calls: `calls`, its call entries (.call_id, .name)."""
        self.order += 1
        keep = self.every
        for call in calls:
            call_id = call.call_id
            if call_id in self.call_ids:
                self.reused = True
            self.call_ids.add(call_id)
            if call.name in self.by_call:
                self.paired.add(call_id)
                keep = True
            elif call_id in self.paired:
                keep = True
        if keep:
            self.kept.append((self.order, record, content))

    def said(self, record: Mapping[str, Any], content: list[Mapping[str, Any]] | None, results: list[Any]) -> None:
        """A main-line user record (content: its blocks) or attachment (content None); `results`: its result
        entries (.call_id, .is_error). Most are a plain tool result: kept as its ids, nothing else read."""
        self.order += 1
        named = False
        if results:
            structured = record.get("toolUseResult")
            # dict first: JSON gives dicts, and an ABC isinstance alone costs several times more per record
            named = isinstance(structured, (dict, Mapping)) and not self.result_keys.isdisjoint(structured)
            for result in results:
                if result.call_id in self.result_ids:
                    self.reused = True
                self.result_ids.add(result.call_id)
                if named:
                    self.paired.add(result.call_id)
        if self.every or named or record.get("wakeupSource") is not None or self._marked(record, content):
            self.kept.append((self.order, record, content))
        else:
            order = self.order
            self.answers.extend((result.call_id, order, place, result.is_error) for place, result in enumerate(results))

    def records(self) -> list[tuple[Mapping[str, Any], list[Mapping[str, Any]] | None]]:
        """The records to feed, in file order."""
        found = [(-order, 0, record, content) for order, record, content in self.kept]
        for call_id, order, place, is_error in self.answers:
            if call_id in self.paired:
                block = {"type": "tool_result", "tool_use_id": call_id, "is_error": is_error}
                found.append((-order, place, {"type": "user", "message": {"content": [block]}}, [block]))
        found.sort(key=lambda item: (item[0], item[1]))
        return [(record, content) for _, _, record, content in found]

    def _marked(self, record: Mapping[str, Any], content: list[Mapping[str, Any]] | None) -> bool:
        if content is None:
            prompt = mapping(record.get("attachment")).get("prompt")
            return isinstance(prompt, str) and any(mark in prompt for mark in self.marks)
        for block in content:
            if block.get("type") == "text":
                text = block.get("text")
                if isinstance(text, str) and any(mark in text for mark in self.marks):
                    return True
        return False


def _started_task(starts: tuple[Start, ...], arguments: Mapping[str, Any], result: Mapping[str, Any]) -> str | None:
    """The task a call's own structured result names, when the call is one that starts background work (`starts`:
    the started rows of its tool)."""
    for start in starts:
        task = string(result.get(start.key))
        if not task or not task.strip():
            continue  # most calls of a started row's tool (a Bash call run in the foreground) name no task
        if all(arguments.get(k) == v for k, v in start.asked.items()) and all(
            result.get(k) == v for k, v in start.result.items()
        ):
            return task
    return None


def _entry(ident: str, schedule: object, recurring: bool, prompt: object) -> dict[str, Any]:
    return {"kind": "scheduled", "id": ident, "schedule": schedule if isinstance(schedule, str) else None,
            "recurring": recurring, "prompt": prompt if isinstance(prompt, str) else None, "inferred": True}
