"""Elliptical closing questions (docs/DESIGN.md#construction-classes): the reader's view asked with a place ('Look okay
on your end?', the approval word read by the model as an adverb), and the reader's wish for the agent's work done,
asked of an open choice ('Any of these you want tackled?'), judged on what is done."""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Look okay on your end?", "approval-question", "asks the reader's approval ('okay')"),
        ("Sound alright on your end?", "approval-question", "asks the reader's approval ('alright')"),
        ("Any of these you want tackled?", "wished-done", "asks which of the agent's work the reader wants 'tackled'"),
        ("Anything here you'd like fixed first?", "wished-done", "the reader wants 'fixed' ('Anything … you like')"),
        ("Anything on the list you want handled before the demo?", "wished-done", "the reader wants 'handled'"),
    ],
)
def test_an_elliptical_view_or_wish_for_work_done_fires(text: str, rule: str, words: str) -> None:
    assert_judged(text, "fire", rule, [words])


@pytest.mark.parametrize(
    ("text", "domain"),
    [("Any of these PRs you want merged?", "merge"), ("Any of the release candidates you want published to PyPI?",
                                                       "release")],
)  # fmt: skip
def test_a_wish_for_human_only_work_done_is_exempt(text: str, domain: str) -> None:
    report = analyze(text)
    (finding,) = report.findings
    assert (report.verdict, finding.rule, domain in finding.domains) == ("exempt", "wished-done", True)


def test_a_view_the_agent_answers_itself_asks_nothing() -> None:
    report = analyze("Look okay on your end? It does on mine: the preview renders the same in both browsers.")
    assert report.firing is None
