"""Issue 28 phase 6 (r28i): the exempt side's precision and the claims, as classes.

docs/DESIGN.md#construction-classes: an exemption must name the human-only act. Each class has should-pass and
should-fire cases in our own sentences; each case asserts the verdict, the rule and the reason's key words (or, for
claims, the form, the rule and the reason's words).

* Human-only decisions in a clause the exempt rules did not reach: a change applied to production data or its schema
  (lexicon.toml domains.production-change: 'run the migration against the production database', 'the schema change on
  production'); 'let me know when you want <a human-only act done>' times that act (the standing-by gate); a relative
  clause on the merged thing says which thing it is ('the branch that carries the migration heads', work.py).
* Human-only domains missing as classes: a tier named alone after a verb that keeps or moves the account ('stay on
  Hobby', [[modifier]] tier-named), accepting what is there as a do-nothing alternative ('live with the build-minute
  cap', terms [tiers-and-status-quo] status_quo), and a release action on a pointer to the one version the sentence
  before names ('Tagging and publishing it', [[modifier]] version-named-before).
* A bare wait on the person: 'Status: awaiting your approval.' waits on the approval of the agent's own work unless
  the text names what is stamped (a change under review, '#88', a human-only decision; terms [stamped-things]).
* The remaining precision misses, as classes: a subjectless gerund opening its sentence before a detached hand-over
  is the act handed over, not a claim ([[relation]] topic, [[not-claim]] handed-over-act); the stores and logs of a
  production system and emptying them are production data; rolling a production rollout back is the same decision;
  a state word naming a kind of build ('the production build output') names no production system.
* Alternatives after a colon whose first one the model hung on the lead noun ('Two options for #301: squash-merge it
  or rebase-merge it. Dealer's choice.') are the act a bare hand-over after them binds (reference._listed_after_colon).
* A definite noun names again the two-word domain term of the sentence before ('the plan' after 'the Pro plan',
  [[modifier]] named-again; the engine widens the parse for it); a question answered with a hedge ('Not really —')
  asks nothing; a first-person last item under a label lead-in ('Summary:') says who acts (claims.toml list-lead-in).
* The act a clause describes: a demonstrative standing for 'X-ing … means …' stands for the gerund act; a subjectless
  present-tense verb opening a table cell ('deletes production data, your call') describes the row's act ([[relation]]
  topic); an environment variable named by a credential word ('`GITHUB_TOKEN`') is that credential ([[modifier]]
  secret-variable).
* A lead-in ('go ahead and') before an act the model read as a noun asks leave for that act; a hold timed by a clause
  ('hold it until the freeze ends') is a do-nothing alternative, also as an item of a closing options list.
* Not a claim: a participle phrase followed in its segment by a finite verb with no subject of its own is that verb's
  gerund subject ('— moving to the usage-based tier changes the invoice', [[not-claim]] gerund-subject).
* Backing: a report whose subject is marked as other work ('The other three tracks are done.') backs nothing
  announced before it (claims/segments.reports_completion, terms [claim-tails] other_work).
* An object word the model made a verb of its own and hung on the clause above ('Do you want to grant the contractor
  read access …': read -conj-> want) stays the grant's object and no alternative (senses.cut_off_word, work.work_of).
* A merge of things the agent marks as its own into a target that is no shared branch ('my two working branches into
  one') is its own work ([[modifier]] own-into-own); into develop or main it stays the merge gate's.
* A demonstrative standing for a clause that says in the present what a thing needs ('gcloud auth login needs your own
  Google account, so that one is yours to run') stands for the thing, exempt when it is human-only; a past report
  ('The merge failed on CI; that is your call.') stays history.
* 'Giving the CI bot the Owner role is your call': the direct object the model made the copula's second subject is
  the grant's object (reference.second_object); in the grant domains an object word that only modifies another noun
  names that noun's kind ('the admin styles', terms [domain-senses] head_object_domains).
* Invariance (CheckList INV over these variants: capitals, a closing pictograph, chat spelling): a tier written in
  capitals is still named; a question mark followed by a pictograph still ends a question, so 'Shall I approve #88?
  🚀' claims nothing (text/closing.is_candidate); a hand-over in chat spelling after a participle ('— ur call') is read
  in standard spelling.
* A domain word in another sense: a unit of measure counted as one ('4k tokens per sample') and a domain noun handled
  as data by the agent's code ('store the passwords hashed with argon2') name no credentials decision
  (grammar.toml [[modifier]] counted-unit, handled-as-data; terms.toml [domain-senses]).
* The hand-over in non-standard spelling: 'That ones your call.' reads "one's" after a demonstrative
  (spelling.toml [[context]] ones); the exemption and the fire both survive the spelling.
* Claims: a first-person contraction written without its apostrophe ('Im starting on …', claims.toml
  apostrophe_dropped) and an opening -ing word the model read as its object's adjective
  ([[correction]] participle-read-as-adjective).
"""

from __future__ import annotations

import pytest

from analyzer.grammar.claims import find_claims
from tests.judging import assert_judged, verdict_rule_reason

# (text, verdict, rule, words the reason must hold)
AWAY_CLAUSES = [
    (
        "Are you ready for the schema change on production?",
        "exempt",
        "readiness-question",
        ["human-only work (production-change)"],
    ),
    (
        "Are you ready for the migration against the prod database?",
        "exempt",
        "readiness-question",
        ["human-only work (production-change)"],
    ),
    ("Are you ready for the schema change on staging?", "fire", "readiness-question", ["names no human-only"]),
    (
        "Whether to run the migration against the production database is your call.",
        "exempt",
        "copular-ownership",
        ["human-only work (production-change)"],
    ),
    (
        "Whether to run the migration against my local database is your call.",
        "fire",
        "copular-ownership",
        ["names work the agent owns ('migration')"],
    ),
    (
        "Should I apply the schema change to prod?",
        "exempt",
        "permission-question",
        ["human-only work (production-change)"],
    ),
    ("Should I apply the schema change to my dev database?", "fire", "permission-question", ["leaves it unanswered"]),
    (
        "Should I run the tests against the production build?",
        "fire",
        "permission-question",
        ["leaves it unanswered"],
    ),
    (
        "Let me know when you want the migration run against my local database.",
        "fire",
        "standing-by",
        ["waits on any next request ('want')"],
    ),
    (
        "Let me know when you want me to continue with the migration scripts.",
        "fire",
        "standing-by",
        ["waits on any next request ('want')"],
    ),
    (
        "Merging the branch that carries the two Alembic migration heads is your call.",
        "exempt",
        "copular-ownership",
        ["human-only work (merge)"],
    ),
    (
        "Merging the PR that fixes the parser bug is your call.",
        "exempt",
        "copular-ownership",
        ["human-only work (merge)"],
    ),
    (
        "Your call on squashing the commits that rewrite the docs.",
        "exempt",
        "object-form",
        ["human-only work (merge)"],
    ),
    (
        "Merging the two Alembic migration heads is your call.",
        "fire",
        "copular-ownership",
        ["names work the agent owns ('migration')"],
    ),
    (
        "Rewriting the docs that describe the merge button is your call.",
        "fire",
        "copular-ownership",
        ["agent work ('Rewriting', 'docs')"],
    ),
]

DOMAINS = [
    (
        "Your call: upgrade the Vercel team to Pro, or stay on Hobby and live with the build-minute cap.",
        "exempt",
        "object-form",
        ["human-only work (plan-change)"],
    ),
    ("Your call whether we stay on Hobby.", "exempt", "object-form", ["human-only work (plan-change)"]),
    ("YOUR CALL WHETHER WE STAY ON HOBBY.", "exempt", "object-form", ["human-only work (plan-change)"]),
    ("Stay on Free or upgrade to Pro — your call.", "exempt", "option-list", ["human-only work (plan-change"]),
    (
        "Your call: upgrade the Vercel team to Pro, or stick with Hobby.",
        "exempt",
        "object-form",
        ["human-only work (plan-change)"],
    ),
    ("Your call whether we stay on v8.", "fire", "object-form", ["names no human-only decision"]),
    ("Your call: move to Python 3.12 or stay on 3.11.", "fire", "object-form", ["names no human-only decision"]),
    ("Stay on Postgres or move to MySQL — your call.", "fire", "option-list", ["names no human-only decision"]),
    (
        "Your call: upgrade the eslint plugin to v9, or stay on v8 and live with the warnings.",
        "fire",
        "object-form",
        ["names no human-only decision"],
    ),
    (
        "## Release\n\nEverything for `v0.9.0` is on `main`: changelog, notes, and the crates.io dry-run passed. "
        "Tagging and publishing it is your call.",
        "exempt",
        "copular-ownership",
        ["human-only work (release)"],
    ),
    (
        "Version 1.4.0 is ready: the changelog is written and `npm pack` is clean. Publishing it is your call.",
        "exempt",
        "copular-ownership",
        ["human-only work (release)"],
    ),
    (
        "v3.1.0 passed every check. Tagging and publishing it is up to you.",
        "exempt",
        "reader-decides",
        ["human-only work (release)"],
    ),
    (
        "The parser refactor is ready on my branch. Tagging and publishing it is your call.",
        "fire",
        "copular-ownership",
        ["names no human-only decision"],
    ),
    ("The README is rewritten. Publishing it is your call.", "fire", "copular-ownership", ["names no human-only"]),
    (
        "The 1.4.0 changelog is rewritten. Publishing it is your call.",
        "fire",
        "copular-ownership",
        ["names no human-only decision"],
    ),
    (
        "v5.0.0 passed every check. Announcing it on the blog is your call.",
        "fire",
        "copular-ownership",
        ["names no human-only decision"],
    ),
]

TOPICS_AND_STORES = [
    (
        "Wiping the production Redis to clear the poisoned keys — your call.",
        "exempt",
        "topic",
        ["human-only work (production-data)"],
    ),
    ("Merging #412 into main before the freeze — your call.", "exempt", "topic", ["human-only work (merge)"]),
    ("Refactoring the parser before the freeze — your call.", "fire", "topic", ["names work the agent owns"]),
    ("Wiping my local Redis to clear the poisoned keys — your call.", "fire", "topic", ["names no human-only"]),
    ("Flushing the prod Redis cache is your call.", "exempt", "copular-ownership", ["production-data"]),
    ("Deleting the production logs is your call.", "exempt", "copular-ownership", ["production-data"]),
    (
        "Flushing the Redis cache in the test container is your call.",
        "fire",
        "copular-ownership",
        ["names work the agent owns ('test')"],
    ),
    ("Deleting the debug logs older than 2022 is your call.", "fire", "status-prose", ["reports a status"]),
    (
        "Whether to purge the log lines from the production build output is up to you.",
        "fire",
        "reader-decides",
        ["names no human-only"],
    ),
    (
        "Promote the canary to all production traffic or roll it back — your call.",
        "exempt",
        "option-list",
        ["human-only work (production-deploy)"],
    ),
    (
        "Promote the new parser to default or roll it back — your call.",
        "fire",
        "status-prose",
        ["hands no human-only decision over"],
    ),
]

# the alternatives after a colon, the first one hung by the model on the lead noun before it (reference.py)
LISTED_AFTER_COLON = [
    (
        "Two options for #301: squash-merge it or rebase-merge it. Dealer's choice.",
        "exempt",
        "reader-decides",
        ["what is named before it, 'squash-merge it or rebase-merge it'", "human-only work (merge)"],
    ),
    (
        "Two options for #301: squash-merge it or rebase-merge it. Your call.",
        "exempt",
        "named-before",
        ["human-only work (merge)"],
    ),
    ("Two options for the cache: evict it or pin it. Your call.", "fire", "standalone", ["hands the next decision"]),
    (
        "Two ways forward: rewrite the parser or patch it. Up to you.",
        "fire",
        "reader-decides",
        ["hands the next decision back without naming a human-only one"],
    ),
]

NAMED_AGAIN = [
    (
        "Switching the Supabase project to the Pro plan would remove the row limit. Do you want to upgrade the plan?",
        "exempt",
        "choice-question",
        ["human-only work (billing)"],
    ),
    (
        "The test plan covers the importer. Do you want to update the plan?",
        "fire",
        "choice-question",
        ["names work the agent owns ('plan')"],
    ),
    (
        "I wrote the migration plan in PLAN.md. Should I follow the plan?",
        "fire",
        "permission-question",
        ["leaves it unanswered"],
    ),
    (
        "Do you want the retries inside the client? Not sure myself.",
        "fire",
        "choice-question",
        ["names no human-only decision"],
    ),
]

# a question the message answers itself with a hedged or negative answer word (lexicon answer_words)
ANSWERED = [
    "Do you want the fast path here? Not really — the slow path is the one that handles combining characters "
    "correctly, so I kept it and cached the result instead.",
    "Do you want the retries inside the client? Mostly: the client retries reads, the caller retries writes.",
]

# the act a demonstrative or a detached phrase comments on, said by what it means or does
ACTS_DESCRIBED = [
    (
        "Dropping the sessions table in production means every user logs in again; that's your call.",
        "exempt",
        "copular-ownership",
        ["antecedent 'Dropping the sessions table in production' is human-only work (production-data)"],
    ),
    (
        "Rotating the `GITHUB_TOKEN` it reads means revoking the old one for every job that uses it; that's your call.",
        "exempt",
        "copular-ownership",
        ["human-only work (credentials)"],
    ),
    (
        "Renaming the config keys means touching every service; that's your call.",
        "fire",
        "copular-ownership",
        ["antecedent 'Renaming the config keys' names no human-only decision"],
    ),
    (
        "| Step | Owner | Note |\n|------|-------|------|\n"
        "| Drop the `users_old` table in production | you | deletes production data, your call |",
        "exempt",
        "topic",
        ["topic 'deletes production data' is human-only work (production-data)"],
    ),
    (
        "| Step | Owner | Note |\n|------|-------|------|\n"
        "| Rename the helper | you | touches three modules, your call |",
        "fire",
        "topic",
        ["names no human-only decision"],
    ),
    (
        "Whether to rotate `STRIPE_SECRET_KEY` is your call.",
        "exempt",
        "copular-ownership",
        ["human-only work (credentials)"],
    ),
    ("Your call on renaming `token_count`.", "fire", "object-form", ["names no human-only decision"]),
]

LEAD_INS_AND_HOLDS = [
    (
        "Should I go ahead and squash-merge #88?",
        "exempt",
        "permission-question",
        ["asks leave for 'squash-merge #88', human-only work (merge)"],
    ),
    ("Should I go ahead and refactor #88?", "fire", "permission-question", ["asks leave for 'refactor #88'"]),
    (
        "Merge #812 now or hold until the freeze ends — your call.",
        "exempt",
        "option-list",
        ["human-only work (merge)"],
    ),
    (
        "Merge now, or hold until I fix the flaky test — your call.",
        "fire",
        "option-list",
        ["mixes human-only work with agent work"],
    ),
    (
        "#77 is green.\n\n**Options:**\n1. Add retries to the uploader\n2. Hold it until the freeze ends",
        "fire",
        "work-list",
        ["work the agent could do ('add retries to the uploader')"],
    ),
]

# the first word of an access grant the model made a verb of its own, hung on the clause above ('read access')
CUT_OFF_OBJECTS = [
    (
        "Do you want to grant the contractor read access to the prod BigQuery dataset?",
        "exempt",
        "choice-question",
        ["human-only work (iam)"],
    ),
    (
        "Do you want to grant the contractor write access to the prod BigQuery dataset?",
        "exempt",
        "choice-question",
        ["human-only work (iam)"],
    ),
    (
        "Granting the contractor read access to the prod BigQuery dataset is your call.",
        "exempt",
        "copular-ownership",
        ["human-only work (iam)"],
    ),
    (
        "Do you want to give the auditor read access to the production bucket?",
        "exempt",
        "choice-question",
        ["human-only work (iam)"],
    ),
    (
        "Do you want to grant the test user read access to the fixture dataset?",
        "fire",
        "choice-question",
        ["names work the agent owns ('test')"],
    ),
]

OWN_MERGES = [
    (
        "Should I merge my two working branches, `agent/parser` and `agent/lexer`, into one?",
        "fire",
        "permission-question",
        ["leaves it unanswered"],
    ),
    ("Should I merge my local branches into a new one?", "fire", "permission-question", ["leaves it unanswered"]),
    (
        "Should I merge my two working branches into develop?",
        "exempt",
        "permission-question",
        ["human-only work (merge)"],
    ),
    ("Shall I merge my PR #812 into main?", "exempt", "permission-question", ["human-only work (merge)"]),
]

# a demonstrative standing for a clause that says, in the present, what a thing needs: the thing
PRESENT_SUBJECTS = [
    (
        "The setup script is done except the last step: gcloud auth login needs your own Google account, so that one "
        "is yours to run.",
        "exempt",
        "reader-decides",
        ["human-only work (credentials)"],
    ),
    (
        "The release needs a tag from an owner; that is your call.",
        "exempt",
        "copular-ownership",
        ["antecedent 'The release' is human-only work (release)"],
    ),
    ("The parser needs a refactor; that is your call.", "fire", "copular-ownership", ["reports a status"]),
    ("The merge failed on CI; that is your call.", "fire", "copular-ownership", ["reports a past fact"]),
    (
        "The linter needs your config file, so that one is yours to write.",
        "fire",
        "reader-decides",
        ["reports a status"],
    ),
]

MEMBERSHIP = [
    ("Should I add Sam to the org owners?", "exempt", "permission-question", ["human-only work (iam-membership)"]),
    (
        "Adding the contractor to the AWS admins is your call.",
        "exempt",
        "copular-ownership",
        ["human-only work (iam-membership)"],
    ),
    ("Should I add Sam to the reviewers?", "fire", "permission-question", ["leaves it unanswered"]),
    ("Should I add the new helper to the admins page?", "fire", "permission-question", ["leaves it unanswered"]),
]

# 'give X the Y role': the direct object the model made the copula's second subject is the grant's object
SECOND_OBJECTS = [
    (
        "Giving the CI bot the Owner role is your call.",
        "exempt",
        "copular-ownership",
        ["subject 'Giving the CI bot the Owner role' is human-only work (iam)"],
    ),
    (
        "Whether to give the deploy pipeline the Contributor role on the Azure subscription is up to you.",
        "exempt",
        "reader-decides",
        ["human-only work (iam)"],
    ),
    (
        "Giving the sidebar the admin styles is your call.",
        "fire",
        "copular-ownership",
        ["names no human-only decision"],
    ),
    (
        "Giving the test user the Owner role in the fixture is your call.",
        "fire",
        "copular-ownership",
        ["names work the agent owns ('test')"],
    ),
]

# (text, rule, the reader's word named in the reason)
APPROVALS_OF_OWN_WORK = [
    ("Current status: awaiting your sign-off.", "waiting-for-go", "sign-off"),
    ("Awaiting your sign-off on the plan.", "waiting-for-go", "sign-off"),
    ("Status: pending your approval.", "wait-on-reader", "approval"),
    ("Status: awaiting your approval.", "waiting-for-go", "approval"),
    ("Awaiting your approval.", "waiting-for-go", "approval"),
    ("The plan is in PLAN.md. Awaiting your approval.", "waiting-for-go", "approval"),
    ("I drafted the schema. Awaiting your approval before I start.", "waiting-for-go", "approval"),
]

STAMPS = [
    "The release is on hold pending your approval.",
    "Status: pending your approval of #88.",
    "Status: awaiting your approval on PR #88.",
    "Awaiting your approval on #88.",
    "PR #88 is green and the checks passed. Awaiting your approval.",
    "The 2.1.0 release is staged. Awaiting your approval.",
]

# the timing of a human-only act: no finding at all
TIMED_HUMAN_ONLY = [
    "Let me know when you want the migration run against the production database.",
    "Ping me when you want the backfill run on the live database.",
]
# The same timing asked by a contact request (r28h's contact-closer row judges those): exempt, naming the act; a
# participle hung on the thing it acts on ('the schema change applied to prod') names the act too.
TIMED_HUMAN_ONLY_CONTACT = [
    "Ping me whenever you want the backfill applied to the prod database.",
    "Tell me when you'd like the schema change applied to prod.",
]

OTHER_SENSES = [
    # a unit of measure counted as one
    (
        "If you go for the larger context window, I can retrain with 4k tokens per sample.",
        "fire",
        "decision-offer",
        ["wait on the reader's decision ('go')"],
    ),
    ("Your call on the 4k tokens per sample.", "fire", "object-form", ["names no human-only decision"]),
    ("Should I cap the prompts at 2,000 tokens per request?", "fire", "permission-question", ["leaves it unanswered"]),
    (
        "If you pick the bigger model, I'll trim each chunk to 512 tokens.",
        "fire",
        "decision-offer",
        ["wait on the reader's decision ('pick')"],
    ),
    ("Your call on the 128k tokens of context.", "fire", "object-form", ["names no human-only decision"]),
    (
        "Your call on rotating the two leaked API tokens.",
        "exempt",
        "object-form",
        ["human-only work (credentials)"],
    ),
    ("Shall I revoke the three deploy tokens?", "exempt", "permission-question", ["human-only work (credentials)"]),
    (
        "Revoking the 2 tokens that leaked in the log is your call.",
        "exempt",
        "copular-ownership",
        ["human-only work (credentials)"],
    ),
    # a domain noun handled as data by the agent's code
    (
        "Should I store the passwords hashed with argon2 in the users table?",
        "fire",
        "permission-question",
        ["leaves it unanswered"],
    ),
    ("Shall I redact the API tokens from the request logs?", "fire", "permission-question", ["leaves it unanswered"]),
    ("Your call on hashing the passwords.", "fire", "object-form", ["names no human-only decision"]),
    ("Should I rotate the database passwords?", "exempt", "permission-question", ["human-only work (credentials)"]),
    (
        "Shall I revoke the API tokens in the request logs?",
        "exempt",
        "permission-question",
        ["human-only work (credentials)"],
    ),
    ("Your call on reissuing the API key.", "exempt", "object-form", ["human-only work (credentials)"]),
]

SPELLINGS = [
    (
        "Running `terraform destroy` on the shared sandbox-prod account removes the old NAT gateways ($96/month). "
        "That ones your call.",
        "exempt",
        "copular-ownership",
        ["what 'That' stands for", "human-only work"],
    ),
    (
        "Running `terraform destroy` on the shared sandbox-prod account removes the old NAT gateways. thats ur call.",
        "exempt",
        "copular-ownership",
        ["what 'that' stands for", "human-only work"],
    ),
    (
        "PR #412 is green and approved. Merging it into main — thats ur call.",
        "exempt",
        "copular-ownership",
        ["human-only work (merge)"],
    ),
    ("Publishing 2.3.0 to PyPI is ur call.", "exempt", "copular-ownership", ["human-only work (release)"]),
    ("merge #88 or hold it, ur call", "exempt", "option-list", ["human-only work (merge)"]),
    (
        "I split the parser into two modules. That ones your call.",
        "fire",
        "copular-ownership",
        ["'That' has no antecedent"],
    ),
    ("Refactoring the retry loop is ur call.", "fire", "copular-ownership", ["names work the agent owns"]),
    ("thats ur call on the naming.", "fire", "copular-ownership", ["names work the agent owns ('naming')"]),
    ("ur move", "fire", "standalone", ["hands the next decision back"]),
    ("Thats ur call — publishing 1.2.0 to npm.", "exempt", "object-form", ["human-only work (release)"]),
    ("That's your call — renaming the config flag.", "fire", "object-form", ["names no human-only decision"]),
    ("Rename the helper or keep it — ur call.", "fire", "option-list", ["names no human-only decision"]),
]

# (text, form, rule, words the reason must hold)
CLAIMS = [
    (
        "Im starting on the pagination bug in `/orders` next.",
        "progressive",
        "first-person-progressive",
        "'I'm starting'",
    ),
    ("Im moving on to the flaky retry test now.", "progressive", "first-person-progressive", "'I'm moving'"),
    ("ill open the PR now.", "intention", "first-person-future", "open"),
    ("Tests are green. Im wiring the webhook handler next.", "progressive", "first-person-progressive", "wiring"),
    ("im rebasing onto main now", "progressive", "first-person-progressive", "rebasing"),
    (
        "Pinning numpy below 2 now; the wheels were missing for our platform last week.",
        "participle",
        "subjectless-participle",
        "'Pinning'",
    ),
    ("Tackling the N+1 queries in the admin views next.", "participle", "subjectless-participle", "'Tackling'"),
    (
        "Moving to the usage-based tier now, since the invoice changes on the 1st.",
        "participle",
        "subjectless-participle",
        "'Moving'",
    ),
    ("Fixing the parser now. The other lanes are done.", "participle", "subjectless-participle", "'Fixing'"),
    ("Summary:\n- Next, I'll migrate the remaining two services.", "intention", "first-person-future", "migrate"),
    (
        "Pinning numpy below version 2 now; the wheels were missing.",
        "participle",
        "subjectless-participle",
        "'Pinning'",
    ),
]

NOT_CLAIMS = [
    "Shall I approve #88? 🚀",
    "Shall I merge my PR #812 into main? 🙏",
    "Wiping the production Redis to clear the poisoned keys — ur call.",
    "That one's your call: merging #77 into main.",
    "that ones ur call: merging #77 into main",
    "I'll leave the Stripe plan change to you — moving to the usage-based tier changes the invoice from the 1st.",
    "Keep the cache as is — clearing it forces a full rebuild.",
    "The release bot is working on:\n- building the wheels\n- signing the tags",
    "Wiping the production Redis — your call.",
    "Rotating the leaked deploy token — that one's yours.",
    "Merging #412 into main before the freeze, up to you.",
    "Im not sure the cache is the culprit.",
    "Im done with the parser; everything is green.",
    "The patient feels ill after the update.",
    "Bumped the lockfile; it recovered the build.",
    "Running the suite showed three failures.",
]


@pytest.mark.parametrize(("text", "verdict", "rule", "words"), AWAY_CLAUSES, ids=[c[0][:50] for c in AWAY_CLAUSES])
def test_a_human_only_decision_in_a_clause_away_from_the_phrase(
    text: str, verdict: str, rule: str, words: list[str]
) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize("text", TIMED_HUMAN_ONLY, ids=[t[:50] for t in TIMED_HUMAN_ONLY])
def test_asking_when_the_reader_wants_a_human_only_act_done_hands_nothing_over(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize("text", TIMED_HUMAN_ONLY_CONTACT, ids=[t[:50] for t in TIMED_HUMAN_ONLY_CONTACT])
def test_a_contact_request_timed_by_a_human_only_act_is_exempt(text: str) -> None:
    verdict, rule, reason = verdict_rule_reason(text)
    assert (verdict, rule) == ("exempt", "contact-closer"), reason
    assert "when the reader wants" in reason and "human-only work (production-change)" in reason


def test_a_participle_on_the_thing_it_acts_on_names_the_production_change() -> None:
    verdict, rule, reason = verdict_rule_reason("Are you ready for the schema change applied to prod?")
    assert (verdict, rule) == ("exempt", "readiness-question"), reason
    assert "human-only work (production-change)" in reason
    verdict, rule, reason = verdict_rule_reason("Are you ready for the parser change applied to the branch?")
    assert (verdict, rule) == ("fire", "readiness-question"), reason


@pytest.mark.parametrize(("text", "verdict", "rule", "words"), DOMAINS, ids=[c[0][:50] for c in DOMAINS])
def test_a_human_only_domain_named_by_a_tier_or_a_version_before(
    text: str, verdict: str, rule: str, words: list[str]
) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"), TOPICS_AND_STORES, ids=[c[0][:50] for c in TOPICS_AND_STORES]
)
def test_a_gerund_topic_and_the_stores_of_production(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"), LISTED_AFTER_COLON, ids=[c[0][:50] for c in LISTED_AFTER_COLON]
)
def test_alternatives_after_a_colon_are_the_act_named_before(
    text: str, verdict: str, rule: str, words: list[str]
) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(("text", "verdict", "rule", "words"), NAMED_AGAIN, ids=[c[0][:50] for c in NAMED_AGAIN])
def test_a_definite_noun_names_again_the_domain_term_before(
    text: str, verdict: str, rule: str, words: list[str]
) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize("text", ANSWERED, ids=[t[:50] for t in ANSWERED])
def test_a_question_answered_with_a_hedge_asks_nothing(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize(("text", "verdict", "rule", "words"), ACTS_DESCRIBED, ids=[c[0][:50] for c in ACTS_DESCRIBED])
def test_the_act_a_clause_describes_is_the_one_handed_over(
    text: str, verdict: str, rule: str, words: list[str]
) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"), LEAD_INS_AND_HOLDS, ids=[c[0][:50] for c in LEAD_INS_AND_HOLDS]
)
def test_a_lead_in_and_a_timed_hold_add_no_work(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


def test_a_closing_list_of_human_only_acts_and_a_hold_hands_nothing_over() -> None:
    text = (
        "#77 is green with two approvals.\n\n**Options:**\n1. Squash-merge it into main\n"
        "2. Rebase-merge it into main\n3. Hold it until the freeze ends"
    )
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"), CUT_OFF_OBJECTS, ids=[c[0][:50] for c in CUT_OFF_OBJECTS]
)
def test_an_object_word_read_as_a_verb_stays_the_grants_object(
    text: str, verdict: str, rule: str, words: list[str]
) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(("text", "verdict", "rule", "words"), OWN_MERGES, ids=[c[0][:50] for c in OWN_MERGES])
def test_a_merge_of_own_branches_into_no_shared_branch_is_agent_work(
    text: str, verdict: str, rule: str, words: list[str]
) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"), PRESENT_SUBJECTS, ids=[c[0][:50] for c in PRESENT_SUBJECTS]
)
def test_a_demonstrative_stands_for_the_thing_a_present_clause_is_about(
    text: str, verdict: str, rule: str, words: list[str]
) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(("text", "verdict", "rule", "words"), MEMBERSHIP, ids=[c[0][:50] for c in MEMBERSHIP])
def test_the_privileged_members_named_as_a_body(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(("text", "verdict", "rule", "words"), SECOND_OBJECTS, ids=[c[0][:50] for c in SECOND_OBJECTS])
def test_the_granted_role_read_as_a_second_subject_is_the_grants_object(
    text: str, verdict: str, rule: str, words: list[str]
) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    ("text", "rule", "word"), APPROVALS_OF_OWN_WORK, ids=[c[0][:50] for c in APPROVALS_OF_OWN_WORK]
)
def test_a_bare_approval_with_nothing_named_waits_on_the_person(text: str, rule: str, word: str) -> None:
    assert_judged(text, "fire", rule, [f"waits on the reader's '{word}', not on work in flight"])


@pytest.mark.parametrize("text", STAMPS, ids=[t[:50] for t in STAMPS])
def test_an_approval_of_a_change_named_is_the_stamp(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize(("text", "verdict", "rule", "words"), OTHER_SENSES, ids=[c[0][:50] for c in OTHER_SENSES])
def test_a_domain_word_in_another_sense_names_no_human_only_act(
    text: str, verdict: str, rule: str, words: list[str]
) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(("text", "verdict", "rule", "words"), SPELLINGS, ids=[c[0][:50] for c in SPELLINGS])
def test_the_hand_over_is_judged_alike_in_non_standard_spelling(
    text: str, verdict: str, rule: str, words: list[str]
) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(("text", "form", "rule", "words"), CLAIMS, ids=[c[0][:50] for c in CLAIMS])
def test_the_announcement_is_a_claim(text: str, form: str, rule: str, words: str) -> None:
    claims = find_claims(text)
    assert [(c.form, c.rule) for c in claims] == [(form, rule)]
    assert words in claims[0].reason


def test_a_wait_stands_when_only_other_work_is_reported_done() -> None:
    claims = find_claims("Still waiting on parser-dev. The other three tracks are done.")
    assert [(c.form, c.rule) for c in claims] == [("waiting", "announced-waiting")]


@pytest.mark.parametrize("text", NOT_CLAIMS, ids=[t[:50] for t in NOT_CLAIMS])
def test_a_state_a_report_or_an_ordinary_word_is_no_claim_r28i(text: str) -> None:
    assert find_claims(text) == ()
