"""r33b (docs/DESIGN.md#construction-classes): the wait on the person — the agent or its work held (a closed class of
holding verbs, 'await your …', a verb of remaining with a state, a verbless 'pending') and the hold ended by the
reader's act or word: 'I will await your direction …', 'pending your review of the first half', 'The remaining files
stay unconverted until you pick …', 'I am still waiting for the information I requested'. A hold on work in flight,
a script's or tool's wait, a wait reported of someone else and a review of a change under review are none."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

pytestmark = pytest.mark.model

FIRES = [
    ("I will await your direction on this matter before taking any further action.", "waiting-for-go",
     ["await your direction", "reader's go"]),
    ("I await your instructions, Maya.", "waiting-for-go", ["await your instructions"]),
    ("I am awaiting your selection of which modules to migrate.", "waiting-for-go",
     ["awaiting your selection", "'selection'"]),
    ("Leaving the rest of the refactor for now, pending your review of the first part.", "wait-on-reader",
     ["pending your", "'Leaving'", "'review'"]),
    ("The remaining files stay unconverted until you pick a naming scheme.", "wait-on-reader", ["'stay'", "'pick'"]),
    ("The other three endpoints remain untouched until you confirm the response shape.", "wait-on-reader",
     ["'remain'", "'confirm'"]),
    ("The old handlers stay as they are until you decide on the naming.", "wait-on-reader", ["'stay'", "'decide'"]),
    ("I am still waiting for the details I asked for.", "wait-on-person", ["'waiting'", "'details'"]),
    ("Done with the scaffolding. I am still waiting for the information I requested about the deploy target.",
     "wait-on-person", ["'information'", "not on work in flight"]),
]

PASSES = [
    "This script will generate previews, wait for your confirmation, and then write the files.",
    "Parking this until the vendor's SDK 4.1 lands; tracked in #340.",
    "She said she would wait for your decision before merging.",
    "Waiting for your review on #45.",
    "I'll await your sign-off on #88 before tagging.",
    "I am still waiting for the logs I requested from the vendor.",
    "Still waiting on the CI run I requested.",
    "The banner stays till you dismiss it.",
    "The banner stays visible until you dismiss it.",
    "Pausing the import is what the CLI does until you press Enter.",
]


@pytest.mark.parametrize(("text", "rule", "words"), FIRES, ids=[t[:40] for t, _, _ in FIRES])
def test_the_hold_ended_by_the_readers_word_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize("text", PASSES, ids=[t[:40] for t in PASSES])
def test_a_hold_on_work_a_tools_wait_or_the_stamp_is_no_finding(text: str) -> None:
    verdict, rule, reason = verdict_rule_reason(text)
    assert verdict == "clear" and rule is None, reason


def test_the_reviews_of_the_agents_work_and_of_a_change_under_review_differ() -> None:
    assert_judged("Holding the second half, pending your review of the first half.", "fire", "wait-on-reader",
                  ["'review'"])
    assert verdict_rule_reason("Holding the merge, pending your review of PR #88.")[0] == "clear"
