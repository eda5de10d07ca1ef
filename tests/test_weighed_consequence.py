"""r41b: a consequence that weighs the act (docs/DESIGN.md#construction-classes, "A consequence that weighs the act").

A hand-over that points back — attribution, copular ownership, a wait for the reader's go, a let-me-know — binds the
sentence before it; when that sentence opens with a gerund act whose own predicate says the act cannot be taken back,
reaches people outside the session, makes something public, changes what the reader pays, or needs or is a human-only
act, the decision is the owners' and the hand-over is exempt. A heading above binds a wait when the sentence nearest
names nothing. Each construction has its twin on the agent's own work, which keeps firing.
"""

from __future__ import annotations

import pytest

from tests.judging import assert_judged

WEIGHED = "is weighed by what it does"
POINTS = "its sentence points back at what is named before it"


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        # no way back, over production
        ("Deleting the old audit partitions against production can't be undone. I'll leave that to you.", "exempt",
         "reader-decides", [WEIGHED, "production-change"]),
        ("Renaming the helpers can't break anything. I'll leave that to you.", "fire", "reader-decides",
         ["names no human-only decision"]),
        # a target of the agent's own keeps the act its own
        ("Dropping the staging schema is irreversible. Let me know when you want it gone.", "fire", "standing-by",
         ["waits"]),
        ("Rewriting the local branch would need a rebase. I'll leave it to you.", "fire", "reader-decides",
         ["leaves the decision to the reader"]),
        # a gerund the tokenizer split at its hyphen, reaching people who build from the branch
        ("Force-pushing `release/3.x` to drop the bad commits would rewrite a branch our customers build from. I'll "
         "leave that to you.", "exempt", "reader-decides", [WEIGHED, "history"]),
        ("Force-pushing my feature branch to drop the fixups would rewrite a branch nobody else uses. I'll leave that "
         "to you.", "fire", "reader-decides", ["names work the agent owns"]),
        # what it needs: a human-only act
        ("Rewriting `main` to drop the file would need a force-push over shared history. I'll leave it to you.",
         "exempt", "reader-decides", [WEIGHED, "history"]),
    ],
)
def test_no_way_back_and_what_it_needs(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        # a wait for the reader's go after an act that reaches people at large or makes a thing public
        ("Turning on the share link makes the dashboard public to every visitor. Whenever you're ready.", "exempt",
         "bound-before", [WEIGHED, "production-deploy"]),
        ("Publishing it makes the breaking change public to every consumer. Let me know when you want it out.",
         "exempt", "bound-before", [POINTS, "production-deploy"]),
        # ... and a benefit to users is no reach
        ("Adding the index makes search faster for every user. That's up to you.", "fire", "reader-decides",
         ["names no human-only decision"]),
        # what it is: a human-only act by its own noun
        ("Granting the vendor Owner is an access grant I shouldn't make. That one's your call.", "exempt",
         "copular-ownership", ["iam"]),
        ("Splitting the module is a small refactor. That one's your call.", "fire", "copular-ownership",
         ["names no human-only decision"]),
        # what the reader pays, however the model tagged the verb
        ("Switching the workspace to the Scale plan doubles the monthly bill. That spend is your call.", "exempt",
         "bound-before", [POINTS, "billing"]),
    ],
)
def test_reach_exposure_cost_and_kind(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        ("## Production cutover\n\nThe blue-green config is staged in `deploy/bg.yaml`.\n\nWhenever you're ready.",
         "exempt", "bound-before", [POINTS, "Production cutover", "production-deploy"]),
        ("## Parser cleanup\n\nThe new tokenizer is staged in `src/tok.py`.\n\nWhenever you're ready.", "fire",
         "standing-by", ["waits for the reader's go"]),
        # an offer stays an offer
        ("Publishing the docs site makes the changelog public. Want me to do it now?", "fire", "want-me-to",
         ["proposes to act"]),
    ],
)
def test_a_heading_binds_a_wait(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)
