"""Readiness aimed at the next stage (docs/DESIGN.md#construction-classes, standing by): the agent ready to go on to
the next piece of work parks the turn on the reader's go — fire; a human-only next stage is exempt; a thing's readiness,
someone else's reported, a readiness followed by its own question, none."""

from __future__ import annotations

import pytest

from analyzer import analyze


@pytest.mark.parametrize(
    ("text", "going"),
    [
        ("The API route is tested. Ready to move on to **User Story 3: UI Integration** when you're ready!", "move"),
        ("**Ready to proceed to Task 3: Build Core UI Component Library!** 🚀", "proceed"),
        ("I'll be ready to start on the caching layer whenever you give the word.", "start"),
        ("All six screens are converted. I'm ready to move on to the settings page when you are.", "move"),
        ("Tests are green. Ready to jump into the migration scripts next!", "jump"),
        ("All set to start the docs pass once you give the go-ahead.", "start"),
    ],
)  # fmt: skip
def test_readiness_for_the_next_stage_fires(text: str, going: str) -> None:
    report = analyze(text)
    finding = report.firing
    assert finding is not None
    assert (report.verdict, finding.rule, finding.family) == ("fire", "readiness-next", "closing-question")
    assert f"to go on to the next piece of work ('{going}')" in finding.reason
    assert "the turn parks on the reader's go" in finding.reason


def test_readiness_for_a_human_only_stage_is_exempt() -> None:
    report = analyze("Ready to proceed to the production deploy of 2.8.0 once you approve.")
    (finding,) = report.findings
    assert (report.verdict, finding.rule) == ("exempt", "readiness-next")


@pytest.mark.parametrize(
    "text",
    [
        "The build is ready to deploy by the release manager.",
        "The migration is ready; CI is running it now.",
        "Branch `feat/csv-export` is ready to merge once CI finishes.",
        "She said she's ready to move on to the iOS build.",
        "The container image is ready to pull from the registry.",
        "The docs site is ready to publish; the nightly job will pick it up.",
        "Ready for the next phase.",
    ],
)
def test_a_things_readiness_or_a_report_is_not_the_construction(text: str) -> None:
    report = analyze(text)
    assert (report.verdict, report.findings) == ("clear", ())


def test_a_readiness_followed_by_its_own_question_leaves_the_turn_to_the_question() -> None:
    report = analyze("Block 1 is drafted. Ready to proceed with the content for block 2. Shall I write it?")
    assert (report.verdict, [f.rule for f in report.findings]) == ("fire", ["permission-question"])
    assert "asks leave for 'write it'" in report.findings[0].reason
