"""r33b (docs/DESIGN.md#construction-classes): approval of the agent's own plan by other predicates — a verb of striking
under 'how' with the reader struck or named by 'with' ('How does that strike you?', 'How does the proposed layout sit
with you?'), the reader's change when the model reads the contraction's modal as the verb ("anything you'd reorder
before I begin?"), acceptability read as a second subject ('Is this module boundary fine by you?') — and the bonus offer
on a condition of appeal ('if that appeals', 'should that appeal', 'if you fancy it'). The agent's stated confidence
after its own question answers it; a thing striking a thing asks nothing; a human-only act offered is exempt."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

pytestmark = pytest.mark.model

FIRES = [
    ("Done. The module now takes `cidr_block` as a variable.\n\nHow does that strike you?", "view-question",
     ["strikes the reader", "'strike'"]),
    ("How does the proposed layout sit with you?", "view-question", ["'sit'"]),
    ("That's the outline — anything you'd reorder before I begin?", "change-question", ["'reorder'"]),
    ("That's the rough structure — anything you would move around before I write it?", "change-question",
     ["'move'"]),
    ("Is this module boundary fine by you?", "acceptable-to-reader", ["'fine'"]),
    ("Could also add a `--json` flag to the CLI while we're at it, if that appeals.", "bonus-offer",
     ["'if that appeals'"]),
    ("Could also split the parser into its own module, should that appeal.", "bonus-offer", ["'should that appeal'"]),
    ("Could add a dark-mode toggle too, if you fancy it.", "bonus-offer", ["'if you fancy it'"]),
]

PASSES = [
    ("Does this seem right? I checked it against the spec's three examples and all three match, so I'm confident "
     "in it.", "clear", None),
    ("How does the cache strike the old records? It evicts them after ten minutes.", "clear", None),
    ("Is the production deploy window fine by you?", "clear", None),
    ("Could also tag v2.1 from main, if that appeals.", "exempt", "bonus-offer"),
]


@pytest.mark.parametrize(("text", "rule", "words"), FIRES, ids=[t[:40] for t, _, _ in FIRES])
def test_the_plan_handed_back_or_the_bonus_offered_on_appeal_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize(("text", "verdict", "rule"), PASSES, ids=[t[:40] for t, _, _ in PASSES])
def test_an_answered_question_a_things_question_or_a_human_only_offer_does_not_fire(
    text: str, verdict: str, rule: str | None
) -> None:
    got, got_rule, reason = verdict_rule_reason(text)
    assert (got, got_rule) == (verdict, rule), reason


def test_a_doubt_after_the_question_answers_nothing() -> None:
    assert_judged("Does this seem right? I checked only the happy path, so I'm not sure.", "fire",
                  "approval-question", ["'right'"])
