"""A hand-over of a human-only decision binds it in every position (docs/DESIGN.md#construction-classes, "the decision
bound across positions", issue 28): the act named in the statement before a hand-over whose sentence names nothing of
its own ('Okay if I do that?', 'Should I?', 'Say the word and I'll do it.', 'Does that sound okay?', 'Which do you
prefer?'), or in every instruction of the list right before it; the step a copula's infinitive names ('The last step is
to …'); the act the agent recommends or puts forward ('I'd …', 'I'd recommend we …', 'We can …', 'My plan is to …').
Exempt when that act is human-only; the agent's lane work in the same frame fires, and a report list names no act."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("The next step would be to merge #88 on the exception. Okay if I do that?", "bound-before",
         ["names nothing of its own", "merge", "human-only work (merge)"]),
        ("I'd promote build 812 to prod now. Should I?", "bound-before",
         ["named before it", "promote build 812 to prod now", "human-only"]),
        ("Remaining:\n- Publish 3.2.0 to PyPI\n\nShould I go ahead?", "bound-before",
         ["every item of the list before it is human-only work", "release"]),
        ("My plan is to bump us to the Team plan next. Does that sound okay?", "bound-before",
         ["bump us to the Team plan", "human-only"]),
        ("We can purge the prod users table today or on Monday. Which do you prefer?", "bound-before",
         ["purge the prod users table", "human-only"]),
        ("I'd rotate the Stripe secret key today. Now or tomorrow?", "bound-before",
         ["rotate the Stripe secret key", "credentials"]),
        ("All that's left is to grant roles/owner to the CI account. Say the word and I'll do it.", "bound-before",
         ["grant roles owner to the CI account", "human-only work (iam)"]),
        ("The last step is to apply the plan in the shared account. That's your call.", "copular-ownership",
         ["what 'That' stands for", "apply the plan in the shared account", "human-only"]),
        ("I'd revoke the old deploy tokens today, but it's your call.", "copular-ownership",
         ["what 'it' stands for", "revoke the old deploy tokens", "human-only"]),
        ("I would merge #88 on the exception now; your call.", "bound-before",
         ["named before it", "merge #88 on the exception now", "human-only work (merge)"]),
        ("Merging #88 on the exception is the last step. Should I do it?", "permission-question",
         ["'do it'", "human-only work (merge)"]),
    ],
)
def test_a_human_only_act_named_before_exempts(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "exempt", rule, words)


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("The next step would be to refactor the loader. Okay if I do that?", "leave-question", ["'do'"]),
        ("I'd rename the config module now. Should I?", "permission-question", ["leaves it unanswered"]),
        ("Remaining:\n- Add tests for the parser\n\nShould I go ahead?", "permission-question", ["'go ahead'"]),
        ("My plan is to add tests for the parser next. Does that sound okay?", "approval-question", ["approval"]),
        ("All that's left is to refactor the loader. Say the word and I'll do it.", "standing-by",
         ["waits for the reader's go"]),
        ("I'd refactor the loader today, but it's your call.", "copular-ownership",
         ["work the agent owns", "refactor"]),
        ("The last step is to rebase my branch onto main. That's your call.", "copular-ownership",
         ["rebase my branch onto main", "names no human-only decision"]),
        ("Done:\n- Merged #301\n- Tagged v5.0.0\n\nShall I continue?", "permission-question", ["leaves it unanswered"]),
    ],
)
def test_the_agents_own_work_in_the_same_frame_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize(
    "text",
    ["Should I rebase my branch onto main?", "Rebasing my working branch onto main is your call."],
)
def test_rebasing_the_agents_own_branch_is_its_work(text: str) -> None:
    from analyzer import analyze

    assert analyze(text).verdict == "fire"
