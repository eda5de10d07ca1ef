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


# SPEC §7.4, permission in every form: leave asked for the agent's own act, judged on that act.
PERMISSION = [
    ("fire", "Okay if I drop the old index?"),
    ("fire", "Is it fine for me to bump the lockfile?"),
    ("fire", "Mind if I split this into two PRs?"),
    ("fire", "Any objection to me rewriting the loader?"),
    ("fire", "Am I clear to start phase 2?"),
    ("fire", "Permission to update the snapshots?"),
    ("fire", "Do I have your go-ahead to refactor the store?"),
    ("fire", "May I proceed with the migration script?"),
    ("fire", "Would it be alright to tidy the imports?"),
    ("fire", "You good with me porting the fix to the 1.x branch?"),
    ("fire", "Do you mind if I rename the module?"),
    ("fire", "Alright if I add the missing tests?"),
    ("fire", "Cool if I wire up the metrics endpoint?"),
    ("fire", "Can I go ahead and refactor the loader?"),
    ("fire", "Would you be okay with me splitting the migration?"),
    ("fire", "Any objections if I drop the Python 3.8 shim?"),
    ("fire", "Is it OK if we move the helpers into utils?"),
    ("fire", "Would it be fine to rerun the flaky suite?"),
    ("pass", "Okay if I merge #812 now that it's approved?"),
    ("pass", "Is it fine for me to rotate the API token now?"),
    ("pass", "Okay to deploy to production once the change window opens?"),
    ("pass", "Shall I rotate the API token?"),
    ("pass", "Is it fine for me to tag v2.1?"),
    ("pass", "Okay if I grant the CI role admin on the project?"),
    ("pass", "Shall I force-push over the published history?"),
    ("pass", "Is it fine to ignore the deprecation warning? Yes — upstream removes it in 4.2, so I left it."),
    ("pass", "Can I reproduce it on macOS? Not yet: the runner pool has no macOS image, so I used the Linux trace."),
    ("pass", "May I ask what the CI run on your fork says?"),
    ("pass", "Would it be alright to cut the 2.1 release?"),
    ("pass", "Mind if I publish 1.4 to PyPI?"),
    ("pass", "It is fine to rerun the suite twice."),
    ("pass", "Is it okay that the cache is cold after a deploy?"),
    ("pass", "Do you mind the extra log lines?"),
]

# SPEC §7.4, readiness with an explicit subject.
READINESS = [
    ("fire", "Are we good to proceed with the schema change?"),
    ("fire", "Are we ready to move on to phase 3?"),
    ("fire", "Are you all set for me to start the import?"),
    ("fire", "Are you ready for me to wire up the frontend?"),
    ("fire", "We good to continue with the remaining endpoints?"),
    ("fire", "Are we set to begin the cleanup?"),
    ("fire", "You ready for the next batch?"),
    ("fire", "Are we clear to start on the adapters?"),
    ("fire", "Is everyone ready for me to rename the module?"),
    ("fire", "Are you good with me starting the refactor now?"),
    ("pass", "Are we ready to merge #812? CI is green and the review is approved."),
    ("pass", "Are you ready to cut the 2.1 release?"),
    ("pass", "Is the staging box ready for the load test? It is — the health check answers in 12 ms."),
    ("pass", "Is the build ready for review?"),
    ("pass", "Staging is ready for QA."),
    ("pass", "Ready for review: PR #233."),
    ("pass", "Are you ready for me to merge #812?"),
    ("pass", "Are we ready to deploy to production?"),
]

# SPEC §7.4, approval of the agent's own plan beyond "look right".
PLAN_APPROVAL = [
    ("fire", "Does this breakdown seem reasonable?"),
    ("fire", "How does that sound?"),
    ("fire", "I'd start with the parser and then the cache — or would you change anything first?"),
    ("fire", "Any concerns before I start?"),
    ("fire", "Sound like a plan?"),
    ("fire", "Happy with this direction?"),
    ("fire", "Would this work for you?"),
    ("fire", "Does the order of the phases make sense to you?"),
    ("fire", "Does this look good before I switch to Code mode?"),
    ("fire", "Is that the direction you want, or should I rethink it?"),
    ("fire", "Which of these appeals to you? My pick would be the second."),
    ("fire", "Is this plan okay with you?"),
    ("fire", "Thoughts on this approach?"),
    ("fire", "How does this plan look to you?"),
    ("fire", "Does that make sense?"),
    ("fire", "How do you feel about this split?"),
    ("fire", "Would you tweak anything before I start?"),
    ("fire", "Anything you'd change in the plan?"),
    ("fire", "What do you think of this layout?"),
    ("fire", "Does that make sense to you?"),
    ("fire", "Does this breakdown seem reasonable? 🙂"),
    ("pass", "Does the fix look right? Yes — the regression test passes on all three runtimes."),
    ("pass", "How does it sound now? Much better: the clipping is gone after the gain fix."),
    ("pass", "Does the cache work?"),
    ("pass", "Is the output of the old parser correct?"),
    ("pass", "How does the retry loop handle a 429? It backs off for the Retry-After seconds."),
    ("pass", "What do you think caused the drift? I suspect the clock skew."),
]


@pytest.mark.model
@pytest.mark.parametrize(
    ("label", "text"),
    PERMISSION + READINESS + PLAN_APPROVAL,
    ids=[t[:50] for _, t in PERMISSION + READINESS + PLAN_APPROVAL],
)
def test_permission_readiness_and_plan_approval(label: str, text: str) -> None:
    assert outcome(text) == label
