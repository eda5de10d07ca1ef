"""Issue 28 phase 3 (r28c): a hand-over that points back at an act named before it, and the direction of a merge.

docs/DESIGN.md#construction-classes: a human-only decision named away from the phrase binds it. 'Your call.' alone,
'That's for you to say', 'Whether to do it now is your call', 'Rotating them is up to you', 'I'll leave that decision to
you' stand for the act the clause before names (analyzer/grammar/reference.py); exempt when that act is purely
human-only, fire when it is the agent's work. A merge into the agent's own working branch is its work; a merge of a
branch into main is the merge gate's, however the branch is written.

Our own sentences, written for the classes: each case asserts the verdict, the rule and the reason's key words.
"""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, judged

# (text, verdict, rule, words the reason must hold)
POINTING_BACK = [
    # a bare phrase: the act the sentence before names
    ("The last step is squash-merging #204 into main. Your call.", "exempt", "named-before", ["squash-merging #204"]),
    (
        "Wiping the stale sessions from the production database needs a human. Your call.",
        "exempt",
        "named-before",
        ["production-data"],
    ),
    # an option list or a question before names no subject: nothing wider (docs/DESIGN.md#decisive-relation); r40c: an
    # instruction before binds the hand-over, as r37j reads it (tests/test_instruction_before_handover.py), and its
    # condition says when
    ("Merge #88 once the canary is green. Up to you.", "exempt", "bound-before", ["named before it", "merge"]),
    ("Refactor the parser once the canary is green. Up to you.", "fire", "reader-decides", ["without naming"]),
    ("Squash-merge or rebase-merge #88? Your call.", "fire", "standalone", ["without naming"]),
    (
        "Cutting v4.1.0 and pushing it to PyPI is all that's left. Your decision.",
        "exempt",
        "reader-decides",
        ["release"],
    ),
    ("Renaming the helpers touches every module. Your call.", "fire", "standalone", ["without naming"]),
    ("The cache layer is the last item. Up to you.", "fire", "reader-decides", ["without naming"]),
    # a demonstrative subject
    (
        "Moving the org to the Enterprise plan would lift the seat cap. That's your call.",
        "exempt",
        "copular-ownership",
        ["What 'That' stands for", "billing"],
    ),
    (
        "Sign-off on #77 is the one thing missing. That's for you to say.",
        "exempt",
        "reader-decides",
        ["'That' stands for", "stamp"],
    ),
    (
        "Splitting the parser into two modules would take an afternoon. That's your call.",
        "fire",
        "copular-ownership",
        ["'That' stands for", "parser"],
    ),
    # a demonstrative with nothing before it: what the decision noun says it is about
    (
        "That's your decision on whether to push 2.0.1 to crates.io.",
        "exempt",
        "reader-decides",
        ["what the decision is about", "release"],
    ),
    ("That's your call on the parser rewrite.", "fire", "copular-ownership", ["what the decision is about", "parser"]),
    # a pro-verb
    (
        "Publishing 0.9.2 to crates.io will ping every dependent. Whether to do it today is your call.",
        "exempt",
        "copular-ownership",
        ["release"],
    ),
    (
        "Rewriting the importer would cost a day. Whether to do it today is your call.",
        "fire",
        "copular-ownership",
        ["rewriting", "importer"],
    ),
    (
        "Granting the deploy bot admin on the shared org account widens its reach. Whether that happens is yours to "
        "decide.",
        "exempt",
        "reader-decides",
        ["iam"],
    ),
    # a demonstrative noun of deciding
    (
        "Force-pushing the cleaned history to main rewrites what everyone pulled. I'll leave that decision to you.",
        "exempt",
        "reader-decides",
        ["'that decision' stands for", "history"],
    ),
    (
        "Dropping the legacy adapter would shrink the package. I'll leave that decision to you.",
        "fire",
        "reader-decides",
        ["'that decision' stands for", "names no human-only decision"],
    ),
    # a pronoun object: the thing the clause before is about
    (
        "The staging deploy keys in the vault are live ones; revoking them is your call.",
        "exempt",
        "copular-ownership",
        ["credentials"],
    ),
    (
        "The prod signing key for the app store expires Monday. Rotating it is up to you.",
        "exempt",
        "reader-decides",
        ["credentials"],
    ),
    (
        "The Terraform plan for the shared billing account removes a VPC. Applying it is up to you.",
        "exempt",
        "reader-decides",
        ["shared-infrastructure"],
    ),
    (
        "The orders_2018 table in production holds 60 GB. Whether to drop that data is your call.",
        "exempt",
        "copular-ownership",
        ["production-data"],
    ),
    (
        "The snapshot fixtures are out of date. Regenerating them is up to you.",
        "fire",
        "reader-decides",
        ["names no human-only decision"],
    ),
    ("The test fixtures are stale. Rotating them is up to you.", "fire", "reader-decides", ["names no human-only"]),
    (
        "The orders_2018 table in my local database holds 60 GB. Whether to drop that data is your call.",
        "fire",
        "copular-ownership",
        ["names no human-only decision"],
    ),
]


@pytest.mark.model
@pytest.mark.parametrize(("text", "verdict", "rule", "words"), POINTING_BACK, ids=[c[0][:50] for c in POINTING_BACK])
def test_a_hand_over_pointing_back_takes_the_act_named_before(
    text: str, verdict: str, rule: str, words: list[str]
) -> None:
    assert_judged(text, verdict, rule, words)


MERGE_DIRECTION = [
    # into the agent's own working branch: its own work, asked as permission
    (
        "main moved on by 9 commits. Shall I merge main into my working branch feat/export?",
        "fire",
        "permission-question",
        ["merge main into my working branch"],
    ),
    ("Should I rebase main into my local branch wip/parser?", "fire", "permission-question", ["wip/parser"]),
    ("Merging main into my feature branch is up to you.", "fire", "reader-decides", ["feature"]),
    # a branch into main: the merge gate's, however the branch is written
    ("Shall I merge feat/export into main?", "exempt", "permission-question", ["human-only work (merge)"]),
    (
        "Should I squash-merge fix/login-redirect into master?",
        "exempt",
        "permission-question",
        ["human-only work (merge)"],
    ),
    (
        "Whether to merge agent/retry-logic into main is up to you.",
        "exempt",
        "reader-decides",
        ["human-only work (merge)"],
    ),
    ("Whether to merge #12 into main is up to you.", "exempt", "reader-decides", ["human-only work (merge)"]),
    ("Merging fix/login-redirect into master is your call.", "exempt", "copular-ownership", ["(merge)"]),
    # a word of the branch's path is no work of the agent's ('fix/…'); a target the model hung on an adverb 'main'
    ("Shall I merge fix/cache-key into main?", "exempt", "permission-question", ["human-only work (merge)"]),
    ("Shall I merge main into my local branch wip/importer?", "fire", "permission-question", ["wip/importer"]),
    ("Shall I rebase release/2.3 onto main?", "exempt", "permission-question", ["human-only work (merge)"]),
    # a file path is not a branch: merging files is the agent's work
    ("Should I merge config/base.yaml into config/prod.yaml?", "fire", "permission-question", ["config/base.yaml"]),
]


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"), MERGE_DIRECTION, ids=[c[0][:50] for c in MERGE_DIRECTION]
)
def test_the_direction_of_a_merge_decides_whose_it_is(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


def test_a_word_of_a_branch_path_names_no_decision() -> None:
    """'fix/login-redirect': 'login' inside a branch name is no credentials decision."""
    _, _, reason = judged("Merging fix/login-redirect into master is your call.")
    assert "credentials" not in reason
