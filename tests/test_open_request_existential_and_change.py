"""The reader asked to name the agent's next work (docs/DESIGN.md#construction-classes, the open request), r31c.

An existential question whose noun has a relative clause of the agent's duty or ability ('Is there a test case I
should add?'), and the reader's wish to change something before a time ('Is there anything you'd like to change
before the release?'), which the reader-wish row read as the reader's own errand: a verb of change acts on the
agent's work whatever the time."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

STATUS = "Checked both import scripts; they read the .mmd files next to each page.\n\n"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Is there a specific issue or error you're encountering with these scripts that I should address?",
         ["asks the reader to name the agent's next work ('issue … address')"]),
        ("Is there a particular bug I should look at next?", ["('bug … look')"]),
        ("Are there other scripts I should update too?", ["('scripts … update')"]),
        ("Is there any module that I should tackle next?", ["('module … tackle')"]),
        ("is there a specific endpoint i should fix??", ["('endpoint … fix')"]),
    ],
)
def test_an_existential_question_of_the_agents_next_work_fires(text: str, words: list[str]) -> None:
    assert_judged(STATUS + text, "fire", "existential-next-work", words)


def test_the_next_work_human_only_is_exempt() -> None:
    assert_judged(STATUS + "Is there a specific release I should tag today?", "exempt", "existential-next-work",
                  ["('release … tag')", "human-only work (release)"])


@pytest.mark.parametrize(
    "text",
    [
        "Is there anything I should know about the staging box?",
        "Is there a step I could have done differently?",
        "Is there a test case the QA team should add?",
        "Is there a newer version of the SDK? Yes, 4.2 — I upgraded to it.",
        "There is one issue I should mention: the CSV export drops the header row.",
    ],
)
def test_knowing_saying_someone_elses_work_or_a_fact_is_no_request(text: str) -> None:
    assert verdict_rule_reason(STATUS + text) == ("clear", None, "")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Is there anything you'd like to change before the release?", ["asks the reader's wish ('like')"]),
        ("Is there something you'd like to modify before tomorrow's demo?", ["asks the reader's wish ('like')"]),
        ("Anything you would like to rework before the review?", ["asks the reader's wish ('like')"]),
    ],
)
def test_a_change_before_a_time_is_the_agents_work_not_the_readers_errand(text: str, words: list[str]) -> None:
    assert_judged(STATUS + text, "fire", "reader-wish-question", words)


@pytest.mark.parametrize(
    "text",
    [
        "Is there anything you'd like to read before the meeting?",
        "Is there anything you'd like to tell your manager before the demo?",
    ],
)
def test_the_readers_own_errand_before_a_time_stays_none(text: str) -> None:
    assert verdict_rule_reason(STATUS + text) == ("clear", None, "")


@pytest.mark.parametrize(
    "text",
    ["Tell me what's next on your list and I'll get going.", "Just tell me what else is on your plate.",
     "Tell me what comes next and I'll start right away."],
)
def test_the_readers_next_request_embedded_in_a_request_for_their_word_fires(text: str) -> None:
    assert_judged(STATUS + text, "fire", "reader-word-request",
                  ["asks for the reader's word (the reader's next request"])


@pytest.mark.parametrize(
    "text",
    ["Tell me what happens next on your board when it wakes.",
     "The log tells me what's next in the queue: the OTA job."],
)
def test_what_happens_next_or_a_report_of_it_is_no_request(text: str) -> None:
    assert verdict_rule_reason(STATUS + text) == ("clear", None, "")


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Please provide the next step in your execution plan.", "turn-taking"),
        ("Hand me another ticket when you have one.", "turn-taking"),
        ("Please give me the next task.", "open-offer"),
        ("Send over the next item on your list.", "open-offer"),
        ("Please provide the files and your requests for changes.", "turn-taking"),
    ],
)
def test_the_reader_told_to_hand_over_the_next_request_fires(text: str, rule: str) -> None:
    assert verdict_rule_reason(STATUS + text)[:2] == ("fire", rule)


@pytest.mark.parametrize(
    "text",
    [
        "Please provide the production database password.",
        "The scheduler will give me the next task at 14:00.",
        "Please provide the next release date for 2.5.0.",
        "Please provide your API key for the staging account.",
    ],
)
def test_what_only_the_reader_has_or_a_thing_that_gives_is_no_request(text: str) -> None:
    assert verdict_rule_reason(STATUS + text) == ("clear", None, "")
