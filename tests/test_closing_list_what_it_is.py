"""r37h (docs/DESIGN.md#construction-classes): a closing list is classified from its head clause and its items before
it is judged. The agent's own plan (the clause the colon cuts has a first-person subject with a future or a necessity:
'I'll add:', 'I need to:', 'Next I'm going to:'), items ticked off by a check mark, items whose act is the people's own
process (with the team, to stakeholders) and suggestions declined for now by the paragraph after them hand nothing
over. Real hand-overs keep firing: an offer ('I can also:'), the reader named ('I'll need you to:'), a list of work with
'let me know which', options. 'Let me fix this …' announces, never offers."""

from __future__ import annotations

import pytest

from tests.grammar_examples import question_decided
from tests.judging import assert_judged, verdict_rule_reason


def assert_carved(text: str, words: list[str]) -> None:
    """No finding: the work-list row decided the closing list hands nothing over, for the reason holding `words`."""
    assert verdict_rule_reason(text) == ("clear", None, "")
    decided = question_decided(text)
    assert decided is not None and (decided.verdict, decided.rule) == ("carved", "work-list"), decided
    for word in words:
        assert word in decided.reason, decided.reason


WHY = "The timer may be throttled when the tab sleeps."
STEPS = "\n1. Check that the hook runs\n2. Add logging around the reconnect"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (f"{WHY} I need to:{STEPS}", ["is the agent's own plan", "'I … need'"]),
        (f"Let me build the search for you. I'll add:{STEPS}", ["is the agent's own plan", "'I … add'"]),
        (f"{WHY} Next I'm going to:{STEPS}", ["is the agent's own plan", "'I … going'"]),
        (f"{WHY} Next I'll:{STEPS}", ["is the agent's own plan", "'I … 'll'"]),
        (f"Let me build the search for you. We will:{STEPS}", ["is the agent's own plan", "'We … will'"]),
    ],
)
def test_the_agents_own_plan_as_the_lead_in_hands_nothing_over(text: str, words: list[str]) -> None:
    assert_carved(text, words)


@pytest.mark.parametrize(
    "text",
    [
        f"{WHY} Some next steps I could take:{STEPS}",
        f"{WHY} I'll need you to:{STEPS}",
        f"{WHY} I have two ideas:{STEPS}",
        f"Next steps:{STEPS}\n\nLet me know which to do.",
        "Options:\n1. Cache the parsed config per process\n2. Cache it per request",
        "Do you mean:\n\n- A release plan for the repo?\n- A budget for the runners?\n\n"
        "Tell me which one, and I'll draft it right away.",
    ],
)
def test_an_offer_the_reader_or_options_still_hand_the_list_over(text: str) -> None:
    assert verdict_rule_reason(text)[:2] == ("fire", "work-list")


def test_items_ticked_off_report() -> None:
    text = "**Improvements in this draft:**\n- ✅ A livelier opening\n- ✅ Clear bullets on setup\n- ✓ A direct link"
    assert_carved(text, ["reports work done or a status"])


@pytest.mark.parametrize(
    "text",
    [
        "## Next steps\n- Go over the rollout plan with the team.\n- Circulate the document to stakeholders.",
        "Next steps:\n- Check the draft for any team-specific terms.\n- Send it to your manager for sign-off.",
    ],
)
def test_the_peoples_own_process_is_human_only(text: str) -> None:
    assert_carved(text, ["human-only work"])


def test_one_item_of_the_agents_work_beside_it_still_fires() -> None:
    text = "Next steps:\n- Share the document with stakeholders\n- Add tests for the parser"
    assert_judged(text, "fire", "work-list", ["'add tests for the parser'"])


@pytest.mark.parametrize(
    ("text", "judged"),
    [
        ("If you want it clearer, you could consider:\n\n- Renaming the class\n- Adding helpers\n\n"
         "But for now, the current structure should work well.", ("exempt", "if-you-want-it")),
        ("Ideas for later:\n- Rename the module\n- Split the helpers\n\nThat said, the layout is fine as it stands.",
         ("clear", None)),
    ],
)  # fmt: skip
def test_suggestions_declined_for_now_hand_nothing_over(text: str, judged: tuple[str, str | None]) -> None:
    assert verdict_rule_reason(text)[:2] == judged


def test_suggestions_with_a_prediction_alone_still_fire() -> None:
    text = "Ideas for later:\n- Rename the module\n- Split the helpers\n\nThe build should pass either way."
    assert verdict_rule_reason(text)[:2] == ("fire", "work-list")


def test_let_me_with_a_work_verb_announces() -> None:
    assert verdict_rule_reason("Let me fix this properly and add a comment about the pitfall.") == ("clear", None, "")


@pytest.mark.parametrize(
    ("text", "rule"),
    [("Want me to add a note about this?", "want-me-to"), ("Do you want me to add a note?", "offer")],
)
def test_the_wish_asked_still_offers(text: str, rule: str) -> None:
    assert verdict_rule_reason(text)[:2] == ("fire", rule)
