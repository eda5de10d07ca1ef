"""Chat spelling (docs/DESIGN.md#construction-classes), r31c: 'ill' before a verb of the agent's next act reads "I'll"
where the main clause follows a condition with no comma ('once u pick a name 4 the CLI ill rename the package'); the
adjective ('the patient was ill', 'the ill effects') stays itself."""

from __future__ import annotations

import pytest

from analyzer.text.disguise import fold
from analyzer.text.spelling import respell
from tests.judging import assert_judged, verdict_rule_reason


def test_a_decision_offer_in_chat_spelling_fires() -> None:
    text = "All three runs used seed 7.\n\nonce u pick a name 4 the CLI ill rename the package n the entry point"
    assert_judged(text, "fire", "decision-offer", ["the agent's 'rename'"])


@pytest.mark.parametrize("text", ["The patient was ill for two days.", "The ill effects of the old cache are gone."])
def test_the_adjective_stays_itself(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")
    assert respell(fold(text)).text == text
