"""The construction classes of docs/DESIGN.md#construction-classes revision 4 that issue 28's phase 2 (r28a) adds: a
wait on the person, "your call" said another way, permission in every form, readiness with a subject, approval of the
agent's own plan, and the new human-only domains named near or away from the phrase.

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


# docs/DESIGN.md#construction-classes precision: billing and plan changes, deleting production data, production deploys,
# infrastructure in a shared or production account, cloud IAM grants and logins are human-only; the same acts on the
# agent's own targets, and a merge into its own working branch, are not.
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
    # named away from the phrase: another cell of the row, the sentence before's subject, what 'do that' stands for
    ("pass", "| Item | Status | Decision |\n|---|---|---|\n| Merge #812 into main | CI green, approved | your call |"),
    ("pass", "| option | merge method | decision |\n|---|---|---|\n| A | squash | your call |"),
    ("pass", "Publishing 3.2 to PyPI is the one step left. Your call."),
    ("pass", "Rotating the deploy keys is the last item. Your move."),
    ("pass", "Purging the old release tags rewrites history everyone has pulled; whether to do that is your call."),
    ("fire", "| Item | Status | Decision |\n|---|---|---|\n| Rename the helpers | done | your call |"),
    ("fire", "The parser is done. Your call."),
    ("fire", "PR #60 is green. Merge now or hold? Your call."),
    ("fire", "Renaming the helpers touches every module; whether to do that is your call."),
    ("pass", "Purging the old release tags rewrites history everyone has pulled; whether to do that's your call."),
    ("fire", "Renaming the helpers touches every module; whether to do that's your call."),
]


@pytest.mark.model
@pytest.mark.parametrize(("label", "text"), DOMAINS, ids=[t[:50] for _, t in DOMAINS])
def test_the_human_only_domains_of_revision_4(label: str, text: str) -> None:
    assert outcome(text) == label


# docs/DESIGN.md#construction-classes, permission in every form: leave asked for the agent's own act, judged on that
# act.
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

# docs/DESIGN.md#construction-classes, readiness with an explicit subject.
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

# docs/DESIGN.md#construction-classes, approval of the agent's own plan beyond "look right".
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


# docs/DESIGN.md#construction-classes, "your call" said another way: the reader named as the owner of a decision.
YOUR_CALL_VARIANTS = [
    ("fire", "I'll let you choose the cache size."),
    ("fire", "The retry policy is yours to settle."),
    ("fire", "I'll leave the batch size to you."),
    ("fire", "Naming is your decision — `fetch_all` or `load_all`."),
    ("fire", "Dealer's choice on the test layout."),
    ("fire", "Happy either way on the folder structure — you choose."),
    ("fire", "Your pick on the migration script."),
    ("fire", "Up to you: the lint config."),
    ("fire", "Per-request or per-process caching — that's for you to say."),
    ("fire", "I'll let you decide how the logger is configured."),
    ("fire", "I'm leaving the choice of test runner up to you."),
    ("fire", "Which serializer to use is for you to decide."),
    ("fire", "The folder layout is your choice."),
    ("fire", "You decide the retry count."),
    ("fire", "I'll let you pick between the two schemas."),
    ("fire", "The module names are yours to choose."),
    ("fire", "That's your decision to make."),
    ("fire", "I'll defer to you on the error messages."),
    ("fire", "Your choice on the helper names."),
    ("pass", "Whether to merge #812 today is yours to settle."),
    ("pass", "I'll let you choose when to cut 3.0."),
    ("pass", "Rotating the deploy key is for you to say."),
    ("pass", "I'll leave the timing of the production deploy to you."),
    ("pass", "You decide whether to approve PR #90."),
    ("pass", "It's not my call whether the repo goes public — that one's yours."),
    ("pass", "Your pick on the squash-merge of #45."),
    ("pass", "I'll leave making the repository public to you."),
    ("pass", "Pick any model of your choice in the config file."),
    ("pass", "I'll let you know when the suite finishes."),
    ("pass", "If you choose to run it locally, use `make demo`."),
    ("pass", "When you choose a plan in the dialog, the page shows its price."),
    ("pass", "The settings page lets you choose the theme."),
    ("pass", "I sent the summary to you and the lead."),
    ("pass", "Thanks — I went with your choice of Redis."),
    ("pass", "Per your decision, the parser stays."),
    ("pass", "The wizard lets you decide how many workers to start."),
]


@pytest.mark.model
@pytest.mark.parametrize(("label", "text"), YOUR_CALL_VARIANTS, ids=[t[:50] for _, t in YOUR_CALL_VARIANTS])
def test_your_call_said_another_way(label: str, text: str) -> None:
    assert outcome(text) == label


def test_a_variant_beside_a_listed_phrase_is_its_relation() -> None:
    report = analyze("The merge is up to you, your call.")
    assert [(f.phrase, f.verdict, f.rule) for f in report.findings] == [("your call", "exempt", "copular-ownership")]


# docs/DESIGN.md#construction-classes, a wait on the person is deference; a wait on work in flight or on a human-only
# act is a hold.
WAITS = [
    ("fire", "Holding off until you say which one."),
    ("fire", "I'll hold here until you give me the green light."),
    ("fire", "Parked until you tell me which layout you prefer."),
    ("fire", "I'm stopping here until I hear back from you on the schema."),
    ("fire", "Standing by for your go-ahead on phase 2."),
    ("fire", "I'll wait for your instructions before starting on the settings page."),
    ("fire", "Will continue once you confirm the column names."),
    ("fire", "I'm going to pause until you let me know which direction to take."),
    ("fire", "Holding everything until you've picked a colour scheme."),
    ("fire", "Paused pending your OK."),
    ("fire", "Not touching it further until you confirm."),
    ("fire", "I'll wait for your go-ahead before I update the snapshots."),
    ("fire", "Waiting on your answer before I change the schema."),
    ("fire", "I've stopped here and will pick it back up once you reply."),
    ("fire", "I won't start the migration until you approve the plan."),
    ("fire", "The refactor is on hold pending your confirmation."),
    ("fire", "I'll sit tight until you tell me how to handle the retries."),
    ("fire", "Pausing the cleanup till you choose a naming scheme."),
    ("fire", "We'll hold the cache work until we hear from you."),
    ("fire", "Blocked on your decision about the folder layout."),
    ("pass", "Holding off until the backfill job completes; it reports in about 20 minutes."),
    ("pass", "Waiting on @dana's migration PR (#512) to land before I rebase."),
    ("pass", "Standing by while the three teammates finish their lanes."),
    ("pass", "Waiting for the load test to finish before I compare the numbers."),
    ("pass", "Waiting for your review of PR #77 before I start the follow-up."),
    ("pass", "Paused: the deploy to production needs your approval in the pipeline."),
    ("pass", "Holding until the canary has run for an hour; the rollout script resumes by itself."),
    ("pass", "Blocked on the upstream outage; the status page expects recovery by 16:00."),
    ("pass", "I'll hold the merge until you approve #812."),
    ("pass", "Holding the release until you sign off on the notes."),
    ("pass", "Paused until the nightly run finishes."),
    ("pass", "Waiting on CI for #812."),
    ("pass", "I'll keep the flag on until you merge #812."),
    ("pass", "The job pauses until you press Enter, then it continues."),
    ("pass", "The installer waits until you confirm the prompt, so run it in a terminal."),
    ("pass", "Press Ctrl-C to stop the server until you need it again."),
    ("pass", "The banner stays until you dismiss it."),
    ("pass", "I waited until you replied yesterday, then merged the docs fix."),
]


@pytest.mark.model
@pytest.mark.parametrize(("label", "text"), WAITS, ids=[t[:50] for _, t in WAITS])
def test_a_wait_on_the_person_and_a_hold(label: str, text: str) -> None:
    assert outcome(text) == label


def test_the_same_wait_bounded_twice_in_a_sentence_is_one_finding() -> None:
    text = "Waiting for your approval to proceed — I'll create the branch and open the PR once you confirm."
    assert [(f.phrase, f.family, f.verdict) for f in analyze(text).findings] == [
        ("waiting for your", "standing-by", "fire")
    ]
