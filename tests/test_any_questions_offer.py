"""r36d (issue 28): 'Do you have any questions?' as the open offer of help (
docs/DESIGN.md#construction-classes, grammar row open-offer): a closing question whose subject is the reader, or that
has none, asking whether the reader has or needs any further questions or concerns fires; the same words in a
statement, a condition pointing to someone else, reported speech, a quoted closer or a question the message answers
itself pass."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Done. Do you have any questions?", "asks whether the reader has any further need ('you have … questions')"),
        ("Done. Do you have any questions about the implementation or how to run the new tests?",
         "asks whether the reader has any further need ('you have … questions')"),
        ("Done. Any questions before I begin the implementation?",
         "asks whether the reader has any further need ('Any questions')"),
        ("Done. Do you have any questions or need assistance with the next steps?",
         "asks whether the reader has any further need ('you have … questions')"),
    ],
)  # fmt: skip
def test_the_readers_further_questions_asked_are_the_open_offer(text: str, words: str) -> None:
    assert_judged(text, "fire", "open-offer", [words])


@pytest.mark.parametrize(
    "text",
    [
        "I answered any questions the reviewers left on the PR.",
        "The FAQ covers any questions about the flags.",
        "If you have any questions about the deploy, ask Priya.",
        "Priya asked whether we had any questions.",
        "The bot ends every reply with 'Do you have any questions?'; the closer is configurable.",
        "Do you have the questions from the review?",
        "Any questions? No, none came up in review, so the PR is merged.",
    ],
)  # fmt: skip
def test_further_questions_outside_a_closing_question_to_the_reader_pass(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")
