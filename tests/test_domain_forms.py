"""Issue 28 phase 3 (r28c): the human-only domains of docs/DESIGN.md#construction-classes found as a class, in every
question and attribution form — billing and plan changes (a vendor's plan, tier or seats; a plan's tier), production
data deleted (also as the purpose of another act, and with the object the model cut off the verb), live keys rotated or
revoked, releases published, a PR approved (a gerund the model read as an adjective), IAM group membership — and the
same words where they are the agent's work.

Our own sentences, written for the classes: each case asserts the verdict, the rule and the reason's key words.
"""

from __future__ import annotations

import pytest

from tests.judging import assert_judged

# (text, verdict, rule, words the reason must hold)
DOMAIN_FORMS = [
    # billing: a vendor's plan, tier or seats; a plan's tier
    ("Shall I downgrade the Vercel plan to Hobby?", "exempt", "permission-question", ["billing"]),
    ("Cancelling the spare Sentry seats is your call.", "exempt", "copular-ownership", ["billing"]),
    ("Raising the CI plan tier is your call.", "exempt", "copular-ownership", ["billing"]),
    ("Should I change the Terraform plan for the VPC?", "fire", "permission-question", ["leaves it unanswered"]),
    (
        "Should I cancel the GraphQL subscription in the dashboard?",
        "fire",
        "permission-question",
        ["leaves it unanswered"],
    ),
    ("Should I update the test plan?", "fire", "permission-question", ["leaves it unanswered"]),
    # production deploys: 'to prod' the model reads as an infinitive is still where the build goes
    (
        "Promoting build 77 to prod is the last step. That's for you to decide.",
        "exempt",
        "reader-decides",
        ["production-deploy"],
    ),
    ("Should I promote the build to staging?", "fire", "permission-question", ["leaves it unanswered"]),
    # credentials: live keys named by what they are
    ("Is it okay if I revoke the Stripe secret key today?", "exempt", "leave-question", ["credentials"]),
    ("Should I rotate the live keys for the payments API?", "exempt", "permission-question", ["credentials"]),
    # a term's first word with a vendor's name between ('live … keys', 'secret … key')
    ("Should I revoke the secret Twilio key?", "exempt", "permission-question", ["credentials"]),
    (
        "Rotating the live Mailgun keys drops queued mail; doing that is your call.",
        "exempt",
        "copular-ownership",
        ["credentials"],
    ),
    ("Should I rename the primary keys in the schema?", "fire", "permission-question", ["leaves it unanswered"]),
    # IAM group membership
    ("Should I add the release bot to the org's IAM admins group?", "exempt", "permission-question", ["iam"]),
    ("Should I add the admin check to the request handler?", "fire", "permission-question", ["leaves it unanswered"]),
    # releases: the act is the first infinitive; a pronoun after a release act stands for the version
    ("Would it be alright to push 2.4.0 to PyPI?", "exempt", "leave-question", ["'push'", "release"]),
    ("Would it be alright to refactor the loader to async?", "fire", "leave-question", ["'refactor'"]),
    ("Shall I tag v3.1.0 and upload it?", "exempt", "permission-question", ["release"]),
    # approval: a gerund the model reads as the object's adjective
    ("Approving PR #41 is yours to decide.", "exempt", "reader-decides", ["stamp"]),
    ("Reworking PR #41 is your call.", "fire", "copular-ownership", ["names no human-only decision"]),
    ("Should I change the QA plan?", "fire", "permission-question", ["plan"]),
    # production data: deleted as the purpose of another act; the object the model cut off the verb
    (
        "Should I point the purge job at the prod replica to wipe the expired rows?",
        "exempt",
        "permission-question",
        ["production-data"],
    ),
    (
        "Should I run the cleanup against my local copy to delete the stale rows?",
        "fire",
        "permission-question",
        ["leaves it unanswered"],
    ),
    ("Whether to purge that production data is your call.", "exempt", "copular-ownership", ["production-data"]),
    ("Whether to purge that test data is your call.", "fire", "copular-ownership", ["test"]),
]


@pytest.mark.model
@pytest.mark.parametrize(("text", "verdict", "rule", "words"), DOMAIN_FORMS, ids=[c[0][:50] for c in DOMAIN_FORMS])
def test_a_human_only_domain_in_every_form(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)
