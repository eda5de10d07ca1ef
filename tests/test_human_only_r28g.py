"""Issue 28 phase 5 (r28g): human-only decisions the exempt rules still missed, as classes.

docs/DESIGN.md#construction-classes: a decision only a human may make binds "your call" (and its paraphrases) wherever
it is named. Three classes, each with should-pass (exempt) and should-fire cases in our own sentences:

1. Domain coverage, verb class x object class: an account moved to another tier of its vendor's plans
   (domains.plan-change), spending limits and budget caps (billing), membership of an account's privileged group
   (domains.iam-membership), a command written as code acting as the construction's verb, a merge timed by the reader
   ('when' states the decision), a change named by what it does ('the hotfix') as code the merge gate merges.
2. A bare phrase after a sentence that names the act as its complement (a place in the work: 'The only step left is
   …', 'What remains is …'), as a passive act on its subject, as a gerund on an inline command, or in a table row's
   other cell (analyzer/grammar/reference.py).
3. A forward reference: a demonstrative hand-over ending in a colon stands for what the colon names.

Each case asserts the verdict, the rule and the reason's key words.
"""

from __future__ import annotations

import pytest

from tests.judging import assert_judged

# (text, verdict, rule, words the reason must hold)
DOMAINS = [
    # an account moved to another tier of its vendor's plans; the tier is another word than the account
    (
        "Bumping the Fly.io organization to the Launch plan is your decision.",
        "exempt",
        "reader-decides",
        ["human-only work (plan-change)"],
    ),
    (
        "Your call: downgrade the Render workspace to Starter, or hold.",
        "exempt",
        "object-form",
        ["human-only work (plan-change)"],
    ),
    ("Upgrading the team's eslint plugin to v9 is your call.", "fire", "copular-ownership", ["names no human-only"]),
    ("Changing the team's lint config is your call.", "fire", "copular-ownership", ["names no human-only"]),
    # spending limits and budget caps of an account
    (
        "Lifting the spending limit on the OpenAI account is your call.",
        "exempt",
        "copular-ownership",
        ["human-only work (billing)"],
    ),
    (
        "Your pick: raise the GCP project's budget cap to $500, or hold.",
        "exempt",
        "reader-decides",
        ["human-only work (billing)"],
    ),
    (
        "Your call: raise the retry budget in the client to 5, or keep 3.",
        "fire",
        "object-form",
        ["names no human-only"],
    ),
    # membership of an account's privileged group
    (
        "Adding Dana to the production GCP project's owners group is your call.",
        "exempt",
        "copular-ownership",
        ["human-only work (iam-membership)"],
    ),
    (
        "Removing Sam from the org's admin group is up to you.",
        "exempt",
        "reader-decides",
        ["human-only work (iam-membership)"],
    ),
    (
        "Adding the new test to the smoke group is your call.",
        "fire",
        "copular-ownership",
        ["names work the agent owns ('test')"],
    ),
    # a command written as code acts as the construction's verb
    (
        "Running `pulumi destroy` against the shared QA account is your call.",
        "exempt",
        "copular-ownership",
        ["human-only work (shared-infrastructure)"],
    ),
    ("Running `terraform plan` in my sandbox is your call.", "fire", "copular-ownership", ["names no human-only"]),
    # a merge timed by the reader; a change named by what it does
    (
        "Up to you when the release branch gets merged.",
        "exempt",
        "reader-decides",
        ["object 'when the release branch gets merged'", "human-only work (merge)"],
    ),
    (
        "Up to you when the README gets rewritten.",
        "fire",
        "reader-decides",
        ["object 'when the README gets rewritten'", "names work the agent owns"],
    ),
    (
        "Which do you prefer: merge the backport now or hold it until Monday?",
        "exempt",
        "choice-question",
        ["human-only work (merge)"],
    ),
]

NAMED_BEFORE = [
    # the complement of a copula whose subject is a place in the work
    (
        "The only thing left is the production deploy of 3.1.0. Your call.",
        "exempt",
        "named-before",
        ["'the production deploy of 3.1.0'", "production-deploy"],
    ),
    (
        "The blocker is the production deploy of the billing service. Up to you.",
        "exempt",
        "reader-decides",
        ["'the production deploy of the billing service'", "production-deploy"],
    ),
    (
        "The one open item is dropping the legacy orders table in production. Your call.",
        "exempt",
        "named-before",
        ["'dropping the legacy orders table in production'", "production-data"],
    ),
    ("The last step is publishing 1.4.0 to PyPI. Your call.", "exempt", "named-before", ["release"]),
    (
        "What remains is merging #204 into main. Up to you.",
        "exempt",
        "reader-decides",
        ["'merging #204 into main'", "human-only work (merge)"],
    ),
    ("The only step left is the README cleanup. Your call.", "fire", "standalone", ["without naming"]),
    ("What remains is splitting the parser into two files. Your call.", "fire", "standalone", ["without naming"]),
    ("The last item is the cache layer. Up to you.", "fire", "reader-decides", ["without naming"]),
    # a passive act on a noun subject
    (
        "The leaked npm token must be rotated by an org owner. Your move.",
        "exempt",
        "named-before",
        ["human-only work (credentials)"],
    ),
    (
        "The flaky snapshot test has to be rewritten by someone. Your move.",
        "fire",
        "standalone",
        ["without naming"],
    ),
    # a passive that reports the act done hands nothing human-only over
    ("#204 is merged into main. Your call.", "fire", "standalone", ["without naming"]),
    ("The token was rotated yesterday. Your call.", "fire", "standalone", ["without naming"]),
    # a gerund on an inline command
    (
        "Running `terraform destroy` on the shared staging account removes the old NAT gateways. Your call.",
        "exempt",
        "named-before",
        ["human-only work (shared-infrastructure)"],
    ),
    ("Running `make clean` in the repo removes the build cache. Your call.", "fire", "standalone", ["without naming"]),
    # a table row's other cell
    (
        "| Purge the trial users from production | ready | your call |",
        "exempt",
        "named-before",
        ["'Purge the trial users from production'", "production-data"],
    ),
    ("| Rename the config loader | ready | your call |", "fire", "standalone", ["without naming"]),
    # a bare question word as the phrase's object asks about the act named before the dash
    (
        "Rotating the staging deploy keys is overdue — your call on when.",
        "exempt",
        "object-form",
        ["what 'on when' asks about, 'Rotating the staging deploy keys'", "credentials"],
    ),
    (
        "Rewriting the parser will take a day — your call on when.",
        "fire",
        "object-form",
        ["what 'on when' asks about, 'Rewriting the parser'", "names work the agent owns"],
    ),
    ("Your call on when.", "fire", "object-form", ["object 'when' names no human-only"]),
    # the recall side of the same rules
    (
        "Splitting the parser into two modules would take an afternoon. That's your call.",
        "fire",
        "copular-ownership",
        ["names work the agent owns ('parser')"],
    ),
]

NAMED_AFTER = [
    (
        "That's for you to decide: drop the stale sessions table in production, or keep it.",
        "exempt",
        "reader-decides",
        ["stands for what the colon after it names", "production-data"],
    ),
    (
        "That's for you to decide: rename the module, or keep the old name.",
        "fire",
        "reader-decides",
        ["stands for what the colon after it names", "names no human-only"],
    ),
    (
        "This one is up to you: cache the results, or recompute them.",
        "fire",
        "reader-decides",
        ["'This' stands for what the colon after it names", "names no human-only"],
    ),
    (
        "That's your call: merge #301 into main today, or wait for the soak.",
        "exempt",
        "object-form",
        ["human-only work (merge)"],
    ),
]


@pytest.mark.parametrize(("text", "verdict", "rule", "words"), DOMAINS, ids=[c[0][:50] for c in DOMAINS])
def test_a_human_only_domain_named_by_its_construction(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(("text", "verdict", "rule", "words"), NAMED_BEFORE, ids=[c[0][:50] for c in NAMED_BEFORE])
def test_a_bare_hand_over_binds_the_act_the_sentence_before_names(
    text: str, verdict: str, rule: str, words: list[str]
) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(("text", "verdict", "rule", "words"), NAMED_AFTER, ids=[c[0][:50] for c in NAMED_AFTER])
def test_a_hand_over_ending_in_a_colon_stands_for_what_the_colon_names(
    text: str, verdict: str, rule: str, words: list[str]
) -> None:
    assert_judged(text, verdict, rule, words)
