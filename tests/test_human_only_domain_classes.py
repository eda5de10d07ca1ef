"""r33f (docs/DESIGN.md#construction-classes): a human-only decision said in words no domain list holds.

The hand-over constructions bind their act already; what they need is to RECOGNISE the act as human-only when it is
said the way engineers say it. The domains read classes: a head noun of access (rights, maintainer, scopes), a paid
quantity of a vendor account (seat count, quota, reserved instances), resizing what a shared account runs, a rollout to
everyone, a published branch rewritten, a gate gone past; a noun run names its domain noun's kind ('the API signing
secret'); 'I'll leave it to you whether …' hands over the 'whether' clause. The same acts on the agent's own targets (a
fixture, a mock, a sandbox, staging) still fire. tests/human_only_acts.py holds the generated table.
"""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.human_only_acts import cases
from tests.judging import assert_judged

EXEMPT = [
    ("Do you want to give the deploy bot admin rights on the org, or keep it read-only?", "choice-question", ["iam"]),
    ("It's up to you whether we roll the API signing secret tonight.", "reader-decides", ["credentials"]),
    ("Up to you whether to upgrade our Vercel seat count.", "reader-decides", ["paid-quantity"]),
    (
        "I'll leave it to you whether we bump the Sentry quota on the company account.",
        "reader-decides",
        ["paid-quantity"],
    ),
    ("Granting the contractor maintainer rights on the company GitHub org is your call.", "copular-ownership", ["iam"]),
    (
        "Should I scale down the node pool in the shared prod account, or wait until Monday?",
        "permission-question",
        ["shared-infrastructure"],
    ),
    ("Do you want to rewrite main on the public remote now, or after the freeze?", "choice-question", ["history"]),
    ("Up to you whether to increase the Datadog seat count before the renewal.", "reader-decides", ["paid-quantity"]),
    (
        "I'll leave it up to you whether to resize the Redis cluster in the production account.",
        "reader-decides",
        ["shared-infrastructure"],
    ),
    (
        "It's your call whether to hand the on-call bot admin rights in the prod AWS account.",
        "copular-ownership",
        ["iam"],
    ),
    ("I'll leave it to you whether to rotate the database password in prod.", "reader-decides", ["credentials"]),
    ("Whether to merge this pull request past the required review is your call.", "copular-ownership", ["merge"]),
]

FIRE = [
    (
        "Whether to bump the seat count in the pricing-page fixture is your call.",
        "copular-ownership",
        ["no human-only"],
    ),
    ("Up to you whether to rotate the signing secret in the test fixture.", "reader-decides", ["test"]),
    ("It's up to you whether we roll the test signing secret tonight.", "reader-decides", ["test"]),
    ("I'll leave it to you whether to rename the config module.", "reader-decides", ["no human-only"]),
    ("Should I resize the node pool in my sandbox account, or leave it?", "permission-question", ["unanswered"]),
    (
        "Do you want to give the seeded test user admin rights in the local fixture now or later?",
        "choice-question",
        ["test"],
    ),
    ("I'll leave it to you whether to drop the orders table on the staging database.", "reader-decides", ["no human"]),
    ("It's up to you whether we raise the retry limit in the client.", "reader-decides", ["no human-only"]),
]


@pytest.mark.parametrize(("text", "rule", "words"), EXEMPT)
def test_human_only_said_otherwise_is_exempt(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "exempt", rule, words)


@pytest.mark.parametrize(("text", "rule", "words"), FIRE)
def test_agent_work_twin_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


def test_offer_shaped_want_me_to_still_fires_on_a_human_only_act() -> None:
    """'do you want me' is offer-shaped and always fires (docs/DESIGN.md#phrase-families; corpus rows
    c.offer.conditional-01, match.leftmost-longest-06); 'Should I …' is the permission question, judged like
    attribution."""
    assert_judged("Do you want me to drop the orders_archive table on the prod database?", "fire", "offer", ["offer"])
    assert_judged(
        "Should I drop the orders_archive table on the prod database?",
        "exempt",
        "permission-question",
        ["production-data"],
    )


# rv8: the seen split's known misses, each named, so a new miss or a fixed one shows by name (a count at least 248 let a
# regression hide behind a fix): a paid quantity or a plan on the company account asked with a time choice, the
# extraposed 'whether' over a paid quantity or a package release, a bucket 'on the prod database'; twins on a local
# registry or the agent's own clone or branch read as human-only.
KNOWN_MISSES = {
    "Do you want to upgrade the Supabase tier on the company account now or after the review?",
    "Do you want to bump the OpenAI spend cap on the company account now or after the review?",
    "Do you want to raise the Datadog plan on the company account now or after the review?",
    "It's up to you whether to raise the OpenAI spend cap.",
    "Whether to wipe the customer uploads bucket on the prod database is your call.",
    "Whether to publish the 2.0 release to the local verdaccio is your call.",
    "Do you want to publish the 2.0 release to the local verdaccio now or after the review?",
    "I'll leave it to you whether to cut the new package version to npm.",
    "It's up to you whether to cut the new package version to npm.",
    "Whether to tag the 2.0 release to the local verdaccio is your call.",
    "Do you want to tag the 2.0 release to the local verdaccio now or after the review?",
    "It's up to you whether to force-push the release branch on my local clone.",
    "I'll leave it to you whether to force-push the release branch on my local clone.",
    "I'll leave it to you whether to approve this pull request into my working branch.",
    "It's up to you whether to approve this pull request into my working branch.",
}


def test_generated_table_seen_split() -> None:
    """The seen split of the generated table (held-out vocabulary excluded): human-only acts exempt, agent twins fire
    — 248/264 when the classes landed, the 16 misses named; r35a added the store and fleet classes (32 seen, none
    missed: 280/296); r37e's closed classes hold one more
    (281/296: 'I'll leave it to you whether to raise the OpenAI spend cap.')."""
    seen = [c for c in cases() if not c.held]
    # 'is yours' over a human-only act reports nothing at all (a plain statement): clear is a pass there
    missed = {c.text for c in seen if (analyze(c.text).verdict in ("exempt", "clear")) != c.human}
    assert (len(seen), missed) == (296, KNOWN_MISSES)


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        (
            "Whether to deploy the new checkout flow to all users is your call.",
            "exempt",
            "copular-ownership",
            ["production-deploy"],
        ),
        (
            "Up to you whether to flip the dark-mode flag for every customer.",
            "exempt",
            "reader-decides",
            ["production-deploy"],
        ),
        (
            "Should I enable the flag for all users in the staging environment?",
            "fire",
            "permission-question",
            ["unanswered"],
        ),
        ("Should I add a test that covers all users?", "fire", "permission-question", ["unanswered"]),
        ("Whether to deploy the users service is your call.", "fire", "copular-ownership", ["no human-only"]),
    ],
)
def test_rollout_to_the_whole_audience(text: str, verdict: str, rule: str, words: list[str]) -> None:
    """A rollout to the whole audience (a quantifier of all on a noun of the people served) is a production deploy; the
    same audience on staging, or users named without 'all', is not."""
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        (
            "Should I drain and recreate the node group in the production cluster, or wait for the window?",
            "exempt",
            "permission-question",
            ["shared-infrastructure"],
        ),
        (
            "Should I drain and recreate the node group in my kind cluster, or leave it?",
            "fire",
            "permission-question",
            ["unanswered"],
        ),
    ],
)
def test_verbs_joined_by_and_share_object_and_place(text: str, verdict: str, rule: str, words: list[str]) -> None:
    """A verb with no object of its own joined by 'and' to the next verb acts on that verb's object, in its place."""
    assert_judged(text, verdict, rule, words)
