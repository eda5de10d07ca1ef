"""r28j: a dashed sign-off that names the agent's role ('— Ada (build agent)', '— Wren, release bot') is not content,
so the closing part is the paragraph before it: the question or claim there is judged as without the sign-off
(docs/DESIGN.md#claims)."""

from __future__ import annotations

import pytest

from analyzer import analyze
from analyzer.text.closing import claim_vocabulary, closing_part, is_sign_off


@pytest.mark.parametrize(
    ("line", "sign_off"),
    [("— Ada (build agent)", True), ("— Wren, release bot", True), ("-- ops-bot (automated)", True),
     ("— R.K. (reviewer bot)", True), ("– Quill (CI assistant)", True), ("— Ada, your build agent", True),
     ("— Juniper (infra agent, night shift)", True),
     # not a sign-off: a role with no name before it, two lines, a sentence after the comma, no dash
     ("— (build agent)", False), ("— Ada (build agent)\nmore", False),
     ("— Ada, the build agent who ran the suite", False), ("Ada (build agent)", False),
     ("The soak test is still red (see the log).", False)],
)  # fmt: skip
def test_a_dashed_name_with_its_role_is_a_sign_off(line: str, sign_off: bool) -> None:
    assert is_sign_off(line, claim_vocabulary()) is sign_off


def test_the_closing_part_steps_back_over_a_sign_off_with_a_role() -> None:
    text = "Opened #12.\n\nGonna rerun the flaky suite on the ARM box.\n\n– Quill (CI assistant)"
    (sentence,) = closing_part(text).sentences
    assert text[sentence.start : sentence.end] == "Gonna rerun the flaky suite on the ARM box."


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        ("Shall I open the PR against develop now?\n\n— Ada (build agent)", "fire", "permission-question",
         "open the PR against develop"),
        ("Does the split into two modules look right to you?\n\n— R.K. (reviewer bot)", "fire", None, "split"),
        ("The sqlite one or the postgres one?\n\n— Otto (docs helper)", "fire", None, "sqlite"),
        ("Tell me what you need next and I will get on it.\n\n— Nell, support bot", "fire", None, None),
        ("Shall I merge #88 into main?\n\n— Ada (build agent)", "exempt", "permission-question", "merge"),
        ("All checks pass; nothing is pending.\n\n— Ada (build agent)", "clear", None, None),
    ],
)  # fmt: skip
def test_a_question_before_a_sign_off_with_a_role_is_judged(
    text: str, verdict: str, rule: str | None, words: str | None
) -> None:
    report = analyze(text)
    assert report.verdict == verdict
    if verdict == "clear":
        assert report.findings == ()
        return
    (finding,) = [f for f in report.findings if f.verdict == verdict]
    if rule is not None:
        assert finding.rule == rule
    if words is not None:
        assert words in finding.reason


@pytest.mark.parametrize(
    ("text", "form", "claim"),
    [
        ("Picking up the cache lane now.\n\n-- ops-bot (automated)", "participle", "Picking up the cache lane now."),
        ("Now running the migrations on staging.\n\n— Juniper (infra agent, night shift)", "progressive",
         "Now running the migrations on staging."),
        ("Gonna rerun the flaky suite on the ARM box.\n\n– Quill (CI assistant)", "intention",
         "Gonna rerun the flaky suite on the ARM box."),
    ],
)  # fmt: skip
def test_a_claim_before_a_sign_off_with_a_role_claims(text: str, form: str, claim: str) -> None:
    (found,) = analyze(text, claims=True).claims
    assert (found.form, found.text) == (form, claim)


def test_after_a_sign_off_with_a_role_a_report_stays_clear() -> None:
    report = analyze("Opened PR #12 and the tests are green.\n\n— Wren, release bot", claims=True)
    assert (report.verdict, report.claims) == ("clear", ())
