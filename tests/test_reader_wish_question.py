"""The closing question's general construction (docs/DESIGN.md#construction-classes, the reader-wish-question row, last
of its family before the row that says a sentence is none): an unanswered question in which the reader is the subject
of a predicate of wish, choice, approval or readiness — fire, or exempt when what it asks about is purely human-only;
a question about a fact of the reader's, a taste, a negated wish, a quoted question — none."""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged


@pytest.mark.parametrize(
    ("text", "rule", "why"),
    [
        # A specific row of the family takes the question first and keeps its own reason (this row comes after them).
        ("What would you like to know or do with the project?", "choice-question",
         "the choice offered, 'know or do with the project'"),
        ("Does this complete the plan, or are you ready for me to start implementing?", "readiness-question",
         "asks whether the reader gives the go"),
        ("Which one would you go for?", "reader-wish-question", "asks the reader's choice ('go')"),
        ("Is there a part of the docs you'd like expanded?", "reader-wish-question",
         "asks the reader's wish ('expanded')"),
        ("Did you want the tests split by module, or kept together?", "reader-wish-question",
         "asks the reader's wish ('want')"),
    ],
)  # fmt: skip
def test_the_readers_wish_choice_or_readiness_asked_fires(text: str, rule: str, why: str) -> None:
    assert_judged(text, "fire", rule, [why])


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
        "You wanted the old schema?",
        "Do you want the strict parser or the lenient one? For this feed the strict one is right.",
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
    assert [f.rule for f in report.findings] == ["readiness-question"]
    assert "human-only work (production-data)" in report.findings[0].reason


# ---- the request for the reader's word (reader-word-request) ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("The importer handles both formats now. Just tell me where you want to take it next.",
         "asks for the reader's word (the reader's wish: 'want')"),
        ("Both layouts are drafted. Let me know your preference and I'll finish that one.",
         "asks for the reader's word (the reader's own: 'preference') before the agent's 'finish'"),
        ("just tell me what your goal is.", "asks for the reader's word (the reader's own: 'goal')"),
        ("Tell me what direction you want the parser to go in.",
         "asks for the reader's word (the reader's wish: 'direction')"),
        ("Share your goals for the cache layer so I can tune it.",
         "asks for the reader's word (the reader's own: 'goals') before the agent's 'tune'"),
    ],
)  # fmt: skip
def test_a_request_for_the_readers_word_fires(text: str, why: str) -> None:
    report = analyze(text)
    finding = report.firing
    assert finding is not None
    assert (report.verdict, finding.rule, finding.family) == ("fire", "reader-word-request", "closing-question")
    assert why in finding.reason


def test_the_readers_word_on_human_only_work_is_exempt() -> None:
    report = analyze("Let me know your preference on the billing plan upgrade and I'll switch the workspace.")
    assert report.verdict == "exempt"
    assert [f.rule for f in report.findings] == ["reader-word-request"]


@pytest.mark.parametrize(
    "text",
    [
        "Tell me what happens when you reload the page.",
        "Next steps for the release manager:\n1. Tag v3.0.0\n2. Publish to npm\n\nLet me know which.",
        "Let me know the result of the staging deploy.",
        "She said to let her know your preference.",
        "Let me know your AWS account ID so I can grant the IAM role.",
        "please share the relevant files or directory structure you would like me to explain.",
    ],
)
def test_a_request_for_a_fact_a_thing_only_the_reader_holds_or_to_someone_else_is_none(text: str) -> None:
    report = analyze(text)
    assert (report.verdict, report.findings) == ("clear", ())
