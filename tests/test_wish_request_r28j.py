"""r28j: the reader's wish to go on asked inside a request to report back ('Please confirm if you would like to proceed
with these changes.') is the register: exempt when the act wished is human-only, and not the register when a tool, not
the reader, is asked (docs/DESIGN.md#construction-classes)."""

from __future__ import annotations

import pytest

from analyzer import analyze


@pytest.mark.parametrize(
    ("text", "act", "judged"),
    [
        ("Here is the patch for src/cache.py.\n\nPlease confirm if you would like to proceed with these changes.",
         "proceed", "it names no human-only decision"),
        ("Confirm if you want to go ahead with the migration script.", "go",
         "it names work the agent owns ('migration')"),
        ("Please confirm if you would like to proceed with this edit to the README.", "proceed",
         "it names work the agent owns ('README')"),
    ],
)  # fmt: skip
def test_a_wish_to_go_on_asked_in_a_request_fires(text: str, act: str, judged: str) -> None:
    report = analyze(text)
    finding = report.firing
    assert finding is not None
    assert (report.verdict, finding.rule, finding.family) == ("fire", "wish-request", "closing-question")
    assert f"whether they want the agent's '{act}'" in finding.reason and finding.reason.endswith(judged)


def test_a_wish_for_a_human_only_act_is_exempt() -> None:
    report = analyze("Please confirm if you would like to proceed with merging #88 into main.")
    (finding,) = report.findings
    assert (report.verdict, finding.rule) == ("exempt", "wish-request")
    assert "merge" in finding.domains


@pytest.mark.parametrize(
    "text",
    [
        "Run `make reset`; it will ask you to confirm if you want to proceed.",
        "The installer prompts you to confirm whether you would like to proceed; it defaults to no.",
        "I confirmed that the team would like to proceed with the new plan.",
        "Please confirm the port is free before the next run; I checked 8080 and it is.",
    ],
)
def test_a_report_of_what_a_tool_or_someone_else_asks_is_not_the_register(text: str) -> None:
    report = analyze(text)
    assert (report.verdict, report.findings) == ("clear", ())
