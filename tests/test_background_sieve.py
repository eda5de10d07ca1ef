"""The live stop's sieve (hook/harness/claude/background.py Sieve): the tracker fed only the records the sieve keeps,
as a reader meets them (newest first), infers what it infers from every record in file order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from hook.harness.claude import _assistant_entries, _result_entries
from hook.harness.claude.background import BackgroundTracker, Sieve
from hook.transcript.records import blocks
from tests.examples import examples

IDS = st.sampled_from(["toolu_1", "toolu_2", "toolu_3", "toolu_4", "toolu_5", ""])
TOOLS = st.sampled_from(["Bash", "Read", "Agent", "Monitor", "Workflow", "Skill", "TaskStop", "KillShell",
                         "ScheduleWakeup", "CronCreate", "CronDelete"])
INPUTS = st.fixed_dictionaries({}, optional={
    "run_in_background": st.booleans(), "task_id": st.sampled_from(["b1", "a1"]), "shell_id": st.just("b1"),
    "stop": st.booleans(), "cron": st.just("*/5 * * * *"), "prompt": st.sampled_from(["tick", "check CI"]),
    "id": st.just("c1"),
})
RESULTS = st.fixed_dictionaries({}, optional={
    "backgroundTaskId": st.sampled_from(["b1", "b2"]), "taskId": st.just("m1"), "agentId": st.just("a1"),
    "agent_id": st.just("a2"), "status": st.sampled_from(["async_launched", "teammate_spawned", "forked", "done"]),
    "background": st.booleans(), "backgroundedByUser": st.booleans(), "scheduledFor": st.just(1767225600000),
    "id": st.just("c1"), "recurring": st.booleans(), "stdout": st.just("ok"),
})
NOTES = st.sampled_from([
    "plain words", "<task-notification><task-id>b1</task-id><status>completed</status></task-notification>",
    "<task-notification><task-id>a1</task-id><status>running</status></task-notification>",
    '<teammate-message teammate_id="a1">shutdown_approved</teammate-message>',
])


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["assistant", "user", "user", "attachment"]))
    if kind == "assistant":
        uses = draw(st.lists(st.fixed_dictionaries({"type": st.just("tool_use"), "id": IDS, "name": TOOLS,
                                                    "input": INPUTS}), max_size=3))
        return {"type": "assistant", "message": {"content": [{"type": "text", "text": "working"}, *uses]}}
    if kind == "attachment":
        return {"type": "attachment", "attachment": {"prompt": draw(NOTES)}}
    content: list[dict[str, Any]] = draw(st.lists(st.fixed_dictionaries(
        {"type": st.just("tool_result"), "tool_use_id": IDS, "is_error": st.booleans(), "content": st.just("out")}),
        max_size=2))
    content += [{"type": "text", "text": text} for text in draw(st.lists(NOTES, max_size=1))]
    record: dict[str, Any] = {"type": "user", "message": {"content": content}}
    if draw(st.booleans()):
        record["toolUseResult"] = draw(RESULTS)
    if draw(st.integers(0, 5)) == 0:
        record["wakeupSource"] = draw(st.sampled_from(["loop_wakeup", "schedule_wakeup"]))
    return record


def inferred(fed: list[tuple[Mapping[str, Any], list[Mapping[str, Any]] | None]]) -> tuple[Any, ...]:
    tracker = BackgroundTracker()
    for record, content in fed:
        tracker.feed(record, content)
    return tracker.in_flight, tracker.scheduled


def sifted(transcript: list[dict[str, Any]], every: bool) -> Sieve:
    """What the live decoder does with each record, newest first (hook.harness.claude.ClaudeDecoder.decode)."""
    sieve = Sieve(every=every)
    for record in reversed(transcript):
        if record["type"] == "assistant":
            content = blocks(record)
            entries = _assistant_entries(record, content)
            if len(entries) > 1:
                sieve.calls(record, content, entries[1:])
        elif record["type"] == "user":
            content = blocks(record)
            sieve.said(record, content, _result_entries(content))
        else:
            sieve.said(record, None, [])
    return sieve


START = {"type": "assistant", "message": {"content": [
    {"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": {"run_in_background": True}}]}}
STARTED = {"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": "toolu_1"}]},
           "toolUseResult": {"backgroundTaskId": "b1"}}
STOP = {"type": "assistant", "message": {"content": [
    {"type": "tool_use", "id": "toolu_2", "name": "TaskStop", "input": {"task_id": "b1"}}]}}
STOPPED = {"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": "toolu_2"}]}}


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(records(), max_size=12))
@example([START, STARTED])
@example([START, STARTED, STOP, STOPPED])
def test_the_sifted_records_give_what_every_record_gives(transcript: list[dict[str, Any]]) -> None:
    everything = [(r, None if r["type"] == "attachment" else blocks(r)) for r in transcript]
    sieve = sifted(transcript, every=False)
    if sieve.reused:  # the reader then reads again, feeding every record
        sieve = sifted(transcript, every=True)
    assert inferred(sieve.records()) == inferred(everything)


def test_a_turn_of_plain_calls_feeds_the_tracker_nothing() -> None:
    transcript = [
        {"type": "assistant", "message": {"content": [{"type": "tool_use", "id": f"toolu_{k}", "name": "Bash",
                                                       "input": {"command": "make test"}}]}}
        if k % 2 == 0 else
        {"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": f"toolu_{k - 1}"}]},
         "toolUseResult": {"stdout": "ok", "stderr": ""}}
        for k in range(40)
    ]
    sieve = sifted(transcript, every=False)
    assert (sieve.reused, sieve.records()) == (False, [])


def test_a_stop_tool_s_plain_result_is_given_back_in_its_place() -> None:
    sieve = sifted([START, STARTED, STOP, STOPPED], every=False)
    fed = sieve.records()
    assert [record.get("type") for record, _ in fed] == ["assistant", "user", "assistant", "user"]
    assert (fed[3][1], inferred(fed)) == ([{"type": "tool_result", "tool_use_id": "toolu_2", "is_error": False}],
                                         ((), ()))
