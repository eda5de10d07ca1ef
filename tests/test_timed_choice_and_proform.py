"""r33d (docs/DESIGN.md#construction-classes, issue 28): a human-only choice offered against a moment or a wait stays
the human-only decision ('… today or after the incident review?', '… now or wait for the docs PR?'); a copula's subject
that names nothing of its own ('whether to go ahead', 'whether and when') stands for the act the clause before names.
The agent's own work in the same frames fires. Claims, the same way: a verbless sentence opening with an -ing word and
ending in a full stop announces the act; a gerund subject across a dash, a hold until an event and a display state
announce nothing."""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        ("Would you like to promote build 77 to production now or after the soak test?", "exempt", "choice-question",
         ["the choice offered", "human-only work (production-deploy)"]),
        ("Should we revoke the old API tokens this week or wait for the audit report?", "exempt", "permission-question",
         ["revoke the old API tokens", "human-only work"]),
        ("Do you want to apply the staging-to-prod Terraform plan tonight or tomorrow?", "exempt", "choice-question",
         ["human-only work (shared-infrastructure)"]),
        ("Do you want to tidy the flaky test today or after the load test?", "fire", "choice-question",
         ["names work the agent owns"]),
        ("Would you like to merge #52 now or wait for me to fix the lint errors?", "fire", "choice-question",
         ["mixes human-only work with agent work"]),
        ("Purging the 2022 tags from the public remote would break every fork; whether to go ahead is your call.",
         "exempt", "bound-before", ["named before it", "human-only work (history)"]),
        ("Rotating the Stripe secret key will sign out every worker; whether and when is your call.", "exempt",
         "copular-ownership", ["human-only work (credential-rotation, credentials)"]),
        ("Revoking the two stale PATs breaks the nightly sync. Whether to proceed is your call.", "exempt",
         "bound-before", ["named before it", "credentials"]),
        ("Splitting the parser module touches 30 files; whether to go ahead is your call.", "fire",
         "copular-ownership", ["whether to go ahead", "names no human-only decision"]),
    ],
)
def test_timed_choice_and_proform_subject(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    ("text", "form", "rule"),
    [
        ("The venv is gone. Recreating environments.", "participle", "subjectless-participle"),
        ("Port 8080 is busy. Restarting `uvicorn` on 8081.", "participle", "subjectless-participle"),
        ("Tests pass.\n\nKicking off the migration cleanup now:\n\n1. drop the old indexes\n2. vacuum the table",
         "participle", "subjectless-participle"),
        ('Switching the label to "Shall I save?" now.', "participle", "subjectless-participle"),
    ],
)
def test_verbless_announcement_is_a_claim(text: str, form: str, rule: str) -> None:
    claims = analyze(text).claims
    assert [(c.form, c.rule) for c in claims] == [(form, rule)], claims


@pytest.mark.parametrize(
    "text",
    [
        "Outstanding changes.",
        "The suite is green.\n\nMissing docstrings.",
        "Not ours to decide — shipping 4.1 is yours.",
        "Pausing the rollout until the canary finishes.",
        "Shelving the importer until 2.0 ships.",
        "Currently showing 0 rows because the filter hides drafts.",
        'The dialog buttons now read "Shall I keep it?" / "Discard", as designed.',
        "Done with the port.\n\nThe packaging teammate is busy with:\n\n- producing the images\n- uploading symbols",
    ],
)
def test_not_an_action_claim(text: str) -> None:
    report = analyze(text)
    assert [c for c in report.claims if c.form != "waiting"] == [], report.claims
    assert verdict_rule_reason(text)[0] == "clear"


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Shall I tag v3.0, or would you rather handle it yourself?", "exempt"),
        ("Should I push 2.2.1 to npm, or would you rather do the publish yourself?", "exempt"),
        ("Should I rewrite the parser, or would you rather do the rewrite yourself?", "fire"),
        ("Should I publish 0.4.0 to PyPI, or would you rather fix the changelog yourself?", "fire"),
    ],
)
def test_the_reader_doing_the_other_alternative(text: str, verdict: str) -> None:
    """r33d: 'or would you rather do it yourself' names the other alternative's act, done by the reader: every finding
    judges that act."""
    report = analyze(text)
    found = [(f.verdict, f.rule) for f in report.findings]
    assert (report.verdict, found) == (verdict, [(verdict, "permission-question"), (verdict, "choice-question")]), [
        f.reason for f in report.findings
    ]

