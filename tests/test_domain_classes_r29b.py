"""r29b: the human-only domains as classes of verb and noun (docs/DESIGN.md#construction-classes). An invoice is a
billing decision only when it is paid, settled or disputed (domains.invoice-payment), not as an app's data;
credentials rotated, revoked or reissued where they open a production, shared or named vendor's account are
human-only (domains.credential-rotation), the keys of a test fixture are not; a production place named by whom it
serves ('customer-facing') is production; and the condition a merge goes ahead without ('without the required
review') is part of the merge-on-exception decision, no work of the agent's."""

from __future__ import annotations

import pytest

from analyzer import analyze


@pytest.mark.parametrize(
    ("text", "domain"),
    [
        ("Paying the outstanding AWS invoice is your call.", "invoice-payment"),
        ("Settling the overdue Datadog invoice is your call.", "invoice-payment"),
        ("Rotating the production Stripe keys is your call.", "credential-rotation"),
        ("Regenerating the live Twilio auth token is your call.", "credential-rotation"),
        ("Pushing the hotfix to the customer-facing cluster is your call.", "production-deploy"),
        ("Merging #512 without the required review is your call.", "merge"),
        ("Merging PR #90 despite the failing lint job is your call.", "merge"),
        ("Revoking the Owner role on the prod project is your call.", "iam"),
    ],
)  # fmt: skip
def test_a_domain_act_named_by_its_class_is_exempt(text: str, domain: str) -> None:
    report = analyze(text)
    (finding,) = report.findings
    assert (report.verdict, finding.rule) == ("exempt", "copular-ownership"), finding.reason
    assert f"is human-only work ({domain}" in finding.reason


@pytest.mark.parametrize(
    "text",
    [
        "The export now writes one row per invoice. Whether to regenerate the invoices fixture is your call.",
        "The PDF renderer handles invoices and receipts now. Reformatting the invoices template is your call.",
        "Sorting the invoices table by due date is your call.",
        "Adding an invoice number column to the export is your call.",
        "Rotating the test fixture keys in `tests/keys/` is your call.",
        "Regenerating the dummy tokens in the test fixtures is your call.",
        "Deploying to the staging environment is your call.",
        "Merging the two CSV files into one export is your call.",
    ],
)
def test_the_same_words_on_the_agents_own_things_fire(text: str) -> None:
    report = analyze(text)
    finding = report.firing
    assert finding is not None, report.findings
    assert report.verdict == "fire"
    assert finding.rule == "copular-ownership" and "is human-only work" not in finding.reason


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Approving PR #88 is your call.", "exempt"),
        ("Approving and merging #77 is your call.", "exempt"),
        ("Approving the production deploy is your call.", "exempt"),
        ("Approving the new colour palette is your call.", "fire"),
        ("Approving the proposed folder layout is your call.", "fire"),
    ],
)
def test_the_stamp_approves_a_change(text: str, verdict: str) -> None:
    """r29b: approving the agent's own design is its work; the stamp approves a change or another human-only thing
    (senses.approves_other_than_a_change, terms [approval-senses])."""
    assert analyze(text).verdict == verdict
