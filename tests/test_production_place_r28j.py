"""r28j: rows marked as the agent's kind ('the test customers') in a production place ('from the production database',
'in prod') are production data, so deleting them is human-only; in the agent's own place, or as a copy made from a
production table, they stay its work (docs/DESIGN.md#construction-classes)."""

from __future__ import annotations

import pytest

from analyzer import analyze


@pytest.mark.parametrize(
    "text",
    [
        "Purging the test customers from the production database is yours to decide.",
        "Dropping the test tenants in production is your call.",
        "Truncating the test events table in prod is your decision.",
        "Whether to delete the staging fixtures from the production database is your call.",
    ],
)
def test_marked_rows_in_a_production_place_are_production_data(text: str) -> None:
    report = analyze(text)
    (finding,) = report.findings
    assert (report.verdict, finding.domains) == ("exempt", ("production-data",))
    assert "human-only work (production-data)" in finding.reason


@pytest.mark.parametrize(
    ("text", "reason_words"),
    [
        ("Purging the test customers from the fixtures file is yours to decide.", "names work the agent owns ('test')"),
        ("Dropping the test tenants from the local database is your call.", "names work the agent owns ('test')"),
        ("Dropping my local copy of the production events table is your call.", "names no human-only decision"),
        ("Deleting the old tests from the production build config is your call.", "names work the agent owns"),
    ],
)  # fmt: skip
def test_marked_rows_in_the_agents_own_place_stay_its_work(text: str, reason_words: str) -> None:
    report = analyze(text)
    finding = report.firing
    assert finding is not None
    assert (report.verdict, finding.domains) == ("fire", ())
    assert reason_words in finding.reason
