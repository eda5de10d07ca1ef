"""A message written with Windows line endings (CRLF) is read by the same paragraphs as one written with LF
(docs/DESIGN.md#normalisation): a code span, a quote or a hand-over's antecedent never runs across a blank line
because the line ends in a carriage return."""

from __future__ import annotations

import pytest

from analyzer import analyze

# A stray backtick in the first paragraph (a message cut inside a code span, or an agent's typo) must not pair with
# one three paragraphs later and hide the closing offer between them.
STRAY_TICK = (
    "Item.cs` still needs the fix\n\nI believe I should:\n1. Fix the compile error in `Item.cs`\n2. Run the build\n\n"
    "Would you like me to proceed with fixing `Item.cs` first?"
)


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_stray_backtick_stops_at_the_paragraph_whatever_the_line_ending(newline: str) -> None:
    report = analyze(STRAY_TICK.replace("\n", newline))
    assert [(f.phrase, f.verdict, f.rule) for f in report.findings] == [("would you like me to", "fire", "offer")]


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_stray_quote_stops_at_the_paragraph_whatever_the_line_ending(newline: str) -> None:
    text = 'You asked for "the first task\n\nThe build is green.\n\nYour call on the "retry policy" naming.'
    report = analyze(text.replace("\n", newline))
    assert [(f.phrase, f.verdict) for f in report.findings] == [("your call", "fire")]
