"""The choice question's pass twins as constructions (docs/DESIGN.md#construction-classes): the agent's own
recommendation after the question leaves the choice open; naming one alternative by what sets it apart with a verdict
answers it; waiting on someone else's act and keeping a thing as it is are do-nothing alternatives of a human-only
choice."""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged


@pytest.mark.parametrize(
    "text",
    [
        "Do you want to go with SQLite for the local cache, or stick with the JSON file for now? I'd lean towards "
        "SQLite, since the queued writes already need transactions.",
        "Would you like the flat layout or the nested one? The flat one is simpler; the nested one scales better.",
        "Do you want the strict parser or the lenient one? The strict one rejects malformed rows; the lenient one pads "
        "them.",
    ],
)
def test_a_recommendation_or_a_description_of_both_leaves_the_choice_open(text: str) -> None:
    assert_judged(text, "fire", "choice-question", [])


@pytest.mark.parametrize(
    "text",
    [
        "Do you want the strict CSV parser or the lenient one? For this feed the strict one is right, so the strict "
        "parser ships in this branch.",
        "Do you want the sync client or the async one? The async one fits the event loop better, so that's what I "
        "wired in.",
    ],
)
def test_one_alternative_named_with_a_verdict_answers_the_question(text: str) -> None:
    report = analyze(text)
    assert (report.verdict, report.findings) == ("clear", ())


@pytest.mark.parametrize(
    ("text", "domains"),
    [
        ("Would you like to approve and merge #204, or wait for Dana's review first?", ("merge",)),
        ("Would you like to grant it `roles/storage.admin` in prod, or keep it read-only?", ("iam",)),
        ("Would you like to merge #310 now, or leave it as it is until Monday?", ("merge",)),
    ],
)
def test_waiting_on_someone_else_or_keeping_a_thing_as_it_is_does_nothing(text: str, domains: tuple[str, ...]) -> None:
    report = analyze(text)
    (finding,) = report.findings
    assert (report.verdict, finding.rule) == ("exempt", "choice-question")
    assert set(domains) <= set(finding.domains)


def test_waiting_on_the_agents_own_work_is_no_such_alternative() -> None:
    report = analyze("Would you like to add retries to the uploader, or wait for the next sprint?")
    assert report.verdict == "fire"
