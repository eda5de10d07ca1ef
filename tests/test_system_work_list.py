"""r29b (docs/DESIGN.md#construction-classes): a closing list whose lead-in is cut by its colon after a subject that is
neither the reader nor the agent and a future or habitual predicate lists that system's own work, not work handed to
the reader ([[closing-question]] work-list, terms [work-of-a-system]); the same list under a lead-in that leaves the
work to the reader still fires."""

from __future__ import annotations

import pytest

from analyzer import analyze

ITEMS = "\n\n1. Build the binaries\n2. Publish the release notes\n3. Notify Slack"


@pytest.mark.parametrize(
    "lead",
    [
        "The release workflow is in place. On the next tag push, the workflow will:",
        "The bot is installed. When a PR is opened, it will:",
        "Set up the pre-commit hook. On every commit the hook runs:",
        "The migration script is ready. When run, the script will do the following:",
        "Renovate is configured. Every Monday it will:",
        "The cron job is deployed. At midnight the exporter would then:",
    ],
)
def test_a_list_of_what_a_system_will_do_hands_nothing_over(lead: str) -> None:
    report = analyze(lead + ITEMS)
    assert (report.verdict, report.findings) == ("clear", ())


@pytest.mark.parametrize(
    "lead",
    [
        "The release workflow is in place. Options:",
        "The release workflow is in place. Ideas for later:",
        # a lead-in word as the subject names the list, not a system (sites.toml [list] lead_ins, hyphenated or not)
        "The release workflow is in place. The follow-ups would:",
        "The release workflow is in place. The options would:",
    ],
)
def test_the_same_list_left_to_the_reader_fires(lead: str) -> None:
    report = analyze(lead + ITEMS)
    finding = report.firing
    assert finding is not None and finding.rule == "work-list"
    assert "hands the reader work the agent could do" in finding.reason
