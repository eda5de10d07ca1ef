"""r28j: permission asked as 'Alright for me to …?' / 'Okay for us to …?', where the small model hangs the leave word on
the act it grants (the act is the sentence's root): judged on that act like every leave question
(docs/DESIGN.md#construction-classes)."""

from __future__ import annotations

import pytest

from analyzer import analyze


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("Alright for me to start on the firmware OTA path next?", "start"),
        ("alright for me to start on the firmware ota path next?", "start"),
        ("Okay for me to bump the Node engine to 20?", "bump"),
        ("Alright for us to move on to the importer?", "move"),
    ],
)
def test_leave_hung_on_the_act_it_grants_fires(text: str, act: str) -> None:
    report = analyze(text)
    finding = report.firing
    assert finding is not None
    assert (report.verdict, finding.rule) == ("fire", "leave-question")
    assert f"for the agent's '{act}'" in finding.reason


@pytest.mark.parametrize(
    ("text", "domain"),
    [("Okay for me to merge #88 into main?", "merge"), ("Alright for me to publish 2.1.0 to PyPI?", "release"),
     ("Fine for me to rotate the Stripe API keys now?", "credentials")],
)  # fmt: skip
def test_leave_for_a_human_only_act_is_exempt(text: str, domain: str) -> None:
    report = analyze(text)
    (finding,) = report.findings
    assert (report.verdict, finding.rule) == ("exempt", "leave-question")
    assert domain in finding.domains


def test_a_leave_question_answered_in_the_text_is_no_finding() -> None:
    report = analyze("Alright for me to start on the parser? Yes, starting now since it blocks the rest.", claims=True)
    assert (report.verdict, report.findings) == ("clear", ())
    assert [c.form for c in report.claims] == ["participle"]
