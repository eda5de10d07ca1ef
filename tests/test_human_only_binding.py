"""r35a (docs/DESIGN.md#construction-classes, issue 28): a human-only decision is bound wherever the hand-over names it.

A pro-form or wh-infinitive subject ('both', 'either', 'which to ship', 'whether to grant it') binds the choice named
before it — verbs joined by 'or', clauses labelled as options, a list's items (do-nothing ones aside) — or the act a
gerund clause weighs by its consequence; a clause of the agent halting names nothing. A choice whose alternative is the
reader doing the pointed act, or asking another party for theirs, stays the other alternative's; a wh-question's frame
is judged with the alternatives after its colon. The agent's own branch or file cancels history rewriting and
squashing. Every construction has its twin on the agent's own work, which fires."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        # a pro-form subject bound to the alternatives before it
        ("You could either merge #41 into main now or wait for Dana's approval; both are your call.", "exempt",
         "bound-before", ["every alternative of the choice named before it", "human-only work (merge)"]),
        ("You could either refactor the cache layer now or add more tests first; both are your call.", "fire",
         "copular-ownership", ["'both'", "names no human-only decision"]),
        ("Option A tags 2.3.0 tonight; option B publishes the release to PyPI next week. Which to ship is your call.",
         "exempt", "bound-before", ["every alternative of the choice named before it", "human-only work (release)"]),
        ("Option A keeps the parser recursive; option B rewrites it as a loop. Which to ship is your call.", "fire",
         "copular-ownership", ["'Which to ship'", "names no human-only decision"]),
        ("Two ways forward:\n1. Force-push the rewritten history to main\n2. Leave main as it is\n\nEither is yours to "
         "pick.", "exempt", "bound-before", ["every item of the list before it", "history"]),
        ("Two ways forward:\n1. Split the parser module\n2. Keep the parser as one file\n\nEither is yours to pick.",
         "fire", "reader-decides", ["'yours to'"]),
        # a halt clause names nothing; a consequence names the decision
        ("Publishing 3.1.0 to npm notifies every downstream user, so I've stopped there — your call.", "exempt",
         "bound-before", ["named before it", "human-only work (release)"]),
        ("Rewriting the config loader touches every module, so I've stopped there — your call.", "fire",
         "status-prose", ["'stopped'"]),
        ("Dropping the `legacy_users` table deletes customer data. Whether we do that is up to you.", "exempt",
         "reader-decides", ["named before it", "production-data"]),
        ("Dropping the `legacy_users` fixture only affects my tests. Whether we do that is up to you.", "fire",
         "reader-decides", ["'up to you'"]),
        ("Bumping the cluster to the XL size doubles the monthly bill; whether to resize it is your call.", "exempt",
         "bound-before", ["changes what the reader pays", "billing"]),
        ("Granting the deploy bot `roles/owner` on the prod project needs a human. Your pick whether to grant it.",
         "exempt", "reader-decides", ["named before it", "human-only work (iam)"]),
        ("Adding a retry to the fetch helper needs a decision on the backoff. Your pick whether to add it.", "fire",
         "reader-decides", ["'Your pick'"]),
        ("Deleting the `2019_*` partitions drops customer records from the live warehouse, so I've paused there. Your "
         "decision.", "exempt", "bound-before", ["its sentence names nothing of its own", "production-data"]),
        ("Deleting the old snapshot fixtures drops nine files from my test folder, so I've paused there. Your "
         "decision.", "fire", "reader-decides", ["'Your decision'"]),
    ],
)
def test_pro_form_binds_what_is_named_before(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        ("Okay if I publish 1.8.0 to npm, or would you rather publish it yourself?", "exempt", "choice-question",
         ["'publish it yourself'", "human-only work (release)"]),
        ("Okay if I rename the helper module, or would you rather refactor it another way?", "fire",
         "choice-question", ["names work the agent owns"]),
        ("Is it fine for me to revoke the old deploy keys now, or do you want to do that yourself?", "exempt",
         "choice-question", ["human-only work (credentials)"]),
        ("For the leaked token: revoke it now, or rotate it during the maintenance window. Which do you prefer?",
         "exempt", "bound-before", ["every alternative of the choice named before it", "credentials"]),
        ("For the flaky test: quarantine it now, or fix the race at the weekend. Which do you prefer?", "fire",
         "choice-question", ["'do you prefer'"]),
        ("Which plan should the org move to: Team or Enterprise?", "exempt", "verbless-choice",
         ["what its question's frame names", "plan-change"]),
        ("Which format should the export use: CSV or Parquet?", "fire", "verbless-choice",
         ["names no human-only decision"]),
        ("Which tier do you want to upgrade the subscription to: Pro or Business?", "exempt", "choice-question",
         ["'Pro or Business'", "billing"]),
        ("Your call whether to approve the PR or ask the security team for another review round.", "exempt",
         "object-form", ["human-only work (stamp)"]),
        ("I'll defer to you on merging the release branch into main.", "exempt", "reader-decides",
         ["'merging the release branch into main'", "human-only work (merge)"]),
        ("I'll defer to you on the naming of the new helper.", "fire", "reader-decides",
         ["names work the agent owns"]),
        ("Pick whichever you prefer: merge #302 with a squash, or merge it with a rebase.", "exempt", "reader-decides",
         ["every alternative", "merge"]),
        ("Pick whichever you prefer: split the parser module, or keep it whole.", "fire", "reader-decides",
         ["'Pick whichever'"]),
    ],
)
def test_choice_of_human_only_alternatives(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        ("The build is signed. Submitting it to the App Store is your call.", "exempt", "copular-ownership",
         ["human-only work (release)"]),
        ("Firmware 2.1 passes the rig. Rolling it out to the whole fleet is your call.", "exempt",
         "copular-ownership", ["human-only work (production-deploy)"]),
        ("Firmware 2.1 passes the rig. Rolling it out to the staging fleet is your call.", "fire",
         "copular-ownership", ["names no human-only decision"]),
        ("Your call on the force-push to my scratch branch `wip/cache`.", "fire", "object-form",
         ["names no human-only decision"]),
        ("Your call on the force-push to main.", "exempt", "object-form", ["human-only work (history)"]),
        ("Your call on the rebase of my wip branch `wip/tokens`.", "fire", "object-form",
         ["names no human-only decision"]),
        ("Do you want to squash the commit history of my scratch notes file?", "fire", "choice-question", []),
    ],
)
def test_human_only_acts_by_class_and_own_targets(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


def test_ready_for_a_human_only_act_times_it() -> None:
    assert verdict_rule_reason("Ready when you are for the production deploy — you push the button.")[0] == "clear"
    verdict, rule, _ = verdict_rule_reason("Ready when you are for the next refactor.")
    assert (verdict, rule) == ("fire", "standing-by")


def test_deferring_to_the_reader_announces_nothing() -> None:
    from analyzer import analyze

    report = analyze("PR #318 is green.\n\nI'll defer to you on merging the feature branch into main.")
    assert report.verdict == "exempt" and not report.claims
