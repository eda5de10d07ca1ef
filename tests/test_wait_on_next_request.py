"""The agent parked on the reader's next word (docs/DESIGN.md#construction-classes, a wait on the person), r31c.

The reader's next instruction or request left unowned after the agent's hold ('Awaiting further instructions.'),
the reader's command as a request noun ('ready for your first command'), and readiness for an open next stage timed
by the reader ('Ready for the next feature when you are!'). Not one: a thing's wait, someone else's reported, a wait
bounded by work in flight, a request from someone else, the next stage that is human-only."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

STATUS = "Ported the parser to the streaming API; the suite passes.\n\n"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Awaiting further instructions.", ["the agent's 'Awaiting' waits on the reader's 'instructions'"]),
        ("Awaiting further instructions to consider the task complete.", ["reader's 'instructions'"]),
        ("Waiting for further instructions.", ["the agent's 'Waiting' waits on the reader's 'instructions'"]),
        ("Standing by for the next task.", ["the agent's 'Standing' waits on the reader's 'task'"]),
        ("I'm waiting for more tasks.", ["reader's 'tasks'"]),
        ("**Status:** awaiting further input.", ["reader's 'input'"]),
        ("idle, waiting 4 next instructions 🙂", ["reader's 'instructions'"]),
        ("Standing by for your next command.", ["reader's 'command'"]),
    ],
)
def test_a_hold_on_the_readers_next_word_fires(text: str, words: list[str]) -> None:
    assert_judged(STATUS + text, "fire", "wait-on-person", words)


@pytest.mark.parametrize(
    "text",
    [
        "Waiting for further input from the design team on the colours.",
        "The worker is idle, awaiting new tasks from the queue.",
        "The bot said it was waiting for further instructions, so I restarted it.",
        'The bot replied "awaiting further instructions" and exited; I fixed the handler so it keeps polling.',
        "Awaiting the next build of the base image.",
        "I'm not ready for more tasks until the backfill lands.",
    ],
)
def test_a_wait_of_a_thing_of_someone_else_or_on_work_is_no_wait_on_the_person(text: str) -> None:
    assert verdict_rule_reason(STATUS + text) == ("clear", None, "")


def test_the_readers_command_is_a_request_the_agent_stands_by_for() -> None:
    assert_judged("Okay, I'm ready for your first command.", "fire", "ready-for-next-request",
                  ["'ready for your first command'", "the agent waits for the reader's next request"])


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Ready for the next feature (TTS) when you are!", ["'Ready' for the next piece of work ('feature')"]),
        ("I'm ready for the next milestone once you are.", ["'ready' for the next piece of work ('milestone')"]),
        ("All set for the next phase when you are!", ["for the next piece of work ('phase')"]),
        ("ready for the next bug when u are 🚀", ["for the next piece of work ('bug')"]),
    ],
)
def test_readiness_for_an_open_next_stage_timed_by_the_reader_fires(text: str, words: list[str]) -> None:
    assert_judged(STATUS + text, "fire", "readiness-next", words)


@pytest.mark.parametrize(
    "text",
    [
        "Ready for the next phase.",
        "The staging box is ready for the next build when you are.",
        "She said she's ready for the next sprint when you are.",
        "When you are ready for the next feature, run `make demo` to try it.",
        "Ready for the next production deploy when you are.",
    ],
)
def test_readiness_untimed_of_a_thing_reported_or_human_only_is_no_wait(text: str) -> None:
    assert verdict_rule_reason(STATUS + text) == ("clear", None, "")



@pytest.mark.parametrize(
    "text",
    ["Is everyone set for me to start the component migration?", "Are we set for me to begin the API rename?",
     "Are y'all set for me to kick off the schema cleanup?"],
)
def test_readiness_asked_of_a_named_subject_in_any_parse_fires(text: str) -> None:
    assert_judged(STATUS + text, "fire", "readiness-question", ["asks whether the reader gives the go"])


def test_readiness_for_a_human_only_act_is_exempt() -> None:
    assert_judged(STATUS + "Is everyone set for me to deploy 2.4.0 to production?", "exempt", "readiness-question",
                  ["asks whether the reader gives the go", "human-only work (production-deploy, release)"])


@pytest.mark.parametrize(
    "text", ["paused here til u confirm the column names 4 the export", "Paused here til you confirm the layout."]
)
def test_til_reads_as_till(text: str) -> None:
    assert_judged(STATUS + text, "fire", "wait-on-reader", ["'till you'", "waits on the reader's 'confirm'"])


@pytest.mark.parametrize(
    "text",
    [
        "Blocked on you: which of the two layouts the settings page should use.",
        "Waiting on you: whether the retry cap should be 3 or 5.",
        "**Blocked on you:** which naming scheme to use for the new endpoints.",
    ],
)
def test_a_wait_label_on_the_reader_whose_value_is_their_choice_fires(text: str) -> None:
    assert_judged(STATUS + text, "fire", "wait-on-person", ["parks the turn on the reader's choice"])


@pytest.mark.parametrize(
    "text",
    [
        "Blocked on you: whether we cut the 2.4.0 release today.",
        "Blocked on CI: the integration job is still running.",
        "The export was blocked on you: which columns you picked was unclear, so I used all of them.",
    ],
)
def test_a_human_only_choice_a_wait_on_work_or_a_report_is_no_wait_on_the_person(text: str) -> None:
    assert verdict_rule_reason(STATUS + text) == ("clear", None, "")
