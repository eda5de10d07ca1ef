"""A phrase word never starts or ends inside an e-mail address (docs/DESIGN.md#carve-outs): 'to you@example.com'
in a placeholder note is an address, not a hand-over, in plain text and in an inline code span; the same words
before a space still hand the decision over."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    "text",
    [
        "Changed the email placeholder from admin@motorlot.com to you@example.com.",
        "Changed the email placeholder from `admin@motorlot.com` to `you@example.com`.",
        "- Login page: the placeholder now reads `you@example.com` instead of the admin address.",
        "Mail goes from noreply@acme.dev to your@team.example for the digest.",
    ],
)  # fmt: skip
def test_a_phrase_word_inside_an_address_yields_no_finding(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


def test_the_same_words_before_a_space_still_hand_the_decision_over() -> None:
    assert_judged("I'll leave the retry budget to you.", "fire", "reader-decides", ["to you", "leaves the decision"])
