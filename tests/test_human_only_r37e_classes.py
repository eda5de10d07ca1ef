"""r37e (docs/DESIGN.md#construction-classes): the human-only domains audited as closed classes against English.

Legal and licensing, security disclosure, contacting the people a product serves, money moved to or from a customer
and ownership transfer are domains of their own; the ops verbs of destroying a store (nuke, tear down, decommission),
a vendor's subscription, money paid for a paid quantity and a published tag moved join the classes that had them
missing. Each pair differs in the object only: the agent's own target, or another kind of thing that shares a word
('the GraphQL subscription', 'the API contract', 'the license header'), still fires.
"""

from __future__ import annotations

import pytest

from tests.judging import assert_judged

EXEMPT = [
    ("Relicensing the project under Apache-2.0 is your call.", "copular-ownership", ["legal"]),
    ("Whether to accept the vendor's license terms is up to you.", "reader-decides", ["legal"]),
    ("Signing the CLA on behalf of the company is your call.", "copular-ownership", ["legal"]),
    ("Filing the CVE for the auth bypass is your call.", "copular-ownership", ["security-disclosure"]),
    ("Let me know whether to publish the advisory for CVE-2024-1234.", "word-before-act", ["security-disclosure"]),
    ("Emailing the affected customers about the outage is your call.", "copular-ownership", ["customer-contact"]),
    ("Whether to notify the affected users about the breach is up to you.", "reader-decides", ["customer-contact"]),
    ("Refunding the customer's last order is your call.", "copular-ownership", ["customer-money"]),
    ("Cancelling the Datadog subscription is your call.", "copular-ownership", ["billing"]),
    ("Paying for the extra GitHub Actions minutes is up to you.", "reader-decides", ["paid-quantity"]),
    ("Nuking the production Redis cache — your call.", "topic", ["production-data"]),
    ("Transferring the repo to the acme org is your call.", "copular-ownership", ["ownership-transfer"]),
    ("The v2 tag on origin points at the wrong commit. Moving it is your call.", "copular-ownership", ["history"]),
]

FIRE = [
    ("Reformatting the project under the new lint config is your call.", "copular-ownership", ["no human-only"]),
    ("Cancelling the GraphQL subscription is your call.", "copular-ownership", ["no human-only"]),
    ("Refunding the order in the test fixture is your call.", "copular-ownership", ["agent owns", "test"]),
    ("Emailing my scratch inbox about the outage is your call.", "copular-ownership", ["no human-only"]),
    ("Nuking the local Redis cache — your call.", "topic", ["no human-only"]),
    ("Transferring the helper to the utils module is your call.", "copular-ownership", ["no human-only"]),
    ("Reporting the memory leak upstream is your call.", "copular-ownership", ["no human-only"]),
    ("Updating the license header year across the repo is your call.", "copular-ownership", ["no human-only"]),
    ("Whether to notify all clients when the cache invalidates is up to you.", "reader-decides", ["no human-only"]),
    (
        "The v2 tag in my scratch clone points at the wrong commit. Moving it is your call.",
        "copular-ownership",
        ["no human-only"],
    ),
]


@pytest.mark.parametrize(("text", "rule", "words"), EXEMPT)
def test_human_only_class_member_is_exempt(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "exempt", rule, words)


@pytest.mark.parametrize(("text", "rule", "words"), FIRE)
def test_same_words_on_agent_work_fire(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)
