"""The closing question's general construction (docs/DESIGN.md#construction-classes, the reader-wish-question row, last
of its family before the row that says a sentence is none): an unanswered question in which the reader is the subject
of a predicate of wish, choice, approval or readiness — fire, or exempt when what it asks about is purely human-only;
a question about a fact of the reader's, a taste, a negated wish, a quoted question — none."""

from __future__ import annotations

import pytest

from analyzer import analyze


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("Is there anything specific you'd like to improve or modify in the app?", "asks the reader's wish ('like')"),
        ("What would you like to know or do with the project?", "asks the reader's wish ('like')"),
        ("Does this complete the plan, or are you ready for me to start implementing?",
         "asks the reader's readiness ('ready')"),
        ("Which one would you go for?", "asks the reader's choice ('go')"),
        ("Is there a part of the docs you'd like expanded?", "asks the reader's wish ('expanded')"),
        ("Did you want the tests split by module, or kept together?", "asks the reader's wish ('want')"),
    ],
)  # fmt: skip
def test_the_readers_wish_choice_or_readiness_asked_fires(text: str, why: str) -> None:
    report = analyze(text)
    finding = report.firing
    assert finding is not None
    assert (report.verdict, finding.rule, finding.family) == ("fire", "reader-wish-question", "closing-question")
    assert why in finding.reason


def test_a_wish_for_human_only_work_is_exempt() -> None:
    report = analyze("Which billing plan would you go for?")
    assert report.verdict == "exempt"
    assert [f.rule for f in report.findings] == ["reader-wish-question"]
    assert "human-only" in report.findings[0].reason


@pytest.mark.parametrize(
    "text",
    [
        "Does it reproduce on your machine?",
        "Which browser are you on?",
        "What version of Node are you running?",
        "Did you see the same error in staging?",
        "Do you like dark themes?",
        "Don't you want lunch?",
        "Her note asked “which option do you prefer?”",
    ],
)
def test_a_question_about_a_fact_a_taste_or_a_quote_is_none(text: str) -> None:
    report = analyze(text)
    assert report.verdict == "clear"
    assert report.findings == ()


def test_readiness_for_a_human_only_act_is_exempt() -> None:
    report = analyze("Does this look complete, or are you ready for me to delete the production data?")
    assert report.verdict == "exempt"
    assert [f.rule for f in report.findings] == ["reader-wish-question"]
