"""The construction classes of SPEC revision 4 §7.4 that issue 28's phase 2 (r28a) adds: a wait on the person,
"your call" said another way, permission in every form, readiness with a subject, approval of the agent's own
plan, and the new human-only domains named near or away from the phrase.

Our own sentences, written for the classes (not taken from any corpus): for each class, sentences that must fire
and sentences that must not, varied in verb, subject, object, tense and word order.
"""

from __future__ import annotations

import pytest

from analyzer import analyze
from analyzer.text.questions import QUESTION, question_sites

# ---- the sites, without spaCy ------------------------------------------------------------------------------


def test_an_emoji_or_emoticon_after_the_question_mark_keeps_the_question() -> None:
    for closing, question in [
        ("Does this split seem reasonable? 🙂", "Does this split seem reasonable?"),
        ("Sound good? 👍🏽", "Sound good?"),
        ("Thoughts? :)", "Thoughts?"),
        ("Good to go on the importer? 🚀🚀", "Good to go on the importer?"),
    ]:
        text = "The importer streams now; 214 tests pass.\n\n" + closing
        sites = question_sites(text)
        assert [(s.kind, s.sentence, text[s.start : s.end]) for s in sites] == [(QUESTION, question, question)]
    assert question_sites("Done.\n\nThe importer streams now 🚀") == ()


# ---- model-backed: each class's sentences, fire or pass ------------------------------------------------------


def outcome(text: str) -> str:
    """'fire' when a finding fires, else 'pass' (no finding, or every finding exempt)."""
    return "fire" if analyze(text).firing is not None else "pass"


# SPEC §7.4 precision: billing and plan changes, deleting production data, production deploys, infrastructure in a
# shared or production account, cloud IAM grants and logins are human-only; the same acts on the agent's own
# targets, and a merge into its own working branch, are not.
DOMAINS = [
    ("pass", "Upgrading the org to the Team plan is your call."),
    ("pass", "Do you want to upgrade the org to the Team plan now?"),
    ("pass", "DO YOU WANT TO UPGRADE THE ORG TO THE TEAM PLAN NOW?"),
    ("pass", "Changing the billing email on the org account is your call."),
    ("pass", "Cancelling the org's Enterprise subscription is your call."),
    ("pass", "Dropping the `events_2023` table in production is your call."),
    ("pass", "Truncating the customers table on the live database is your call."),
    ("pass", "Deploying this to production is your call."),
    ("pass", "Your move on the production deploy."),
    ("pass", "Running `terraform apply` against the shared prod account is your call."),
    ("pass", "Destroying the staging stack in the shared account is your call."),
    ("pass", "Granting the CI service account `roles/owner` on the project is your call."),
    ("pass", "Your call on the IAM grant for the CI role."),
    ("pass", "Whether to give the deploy bot admin on the org is your call."),
    ("pass", "The `gcloud auth login` for the org account is your call."),
    ("pass", "Logging in to the org's AWS account is your call."),
    ("pass", "Shall I rotate the API token?"),
    ("fire", "Merging main into my working branch is your call."),
    ("fire", "Deploying to my preview environment is your call."),
    ("fire", "Dropping the `events_tmp` table in my local database is your call."),
    ("fire", "The billing page copy is your call."),
    ("fire", "Your call on the test plan."),
    ("fire", "Your call on the deploy script's retry loop."),
    ("fire", "Your call on the production logging format."),
    ("fire", "Granting the test user read access in the fixture is your call."),
    ("fire", "Your call on the `merge_sort` helper."),
    ("fire", "Upgrade the dependencies or move to the Team plan, your call."),
]


@pytest.mark.model
@pytest.mark.parametrize(("label", "text"), DOMAINS, ids=[t[:50] for _, t in DOMAINS])
def test_the_human_only_domains_of_revision_4(label: str, text: str) -> None:
    assert outcome(text) == label
