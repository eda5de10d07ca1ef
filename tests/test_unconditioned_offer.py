"""The bonus offer with no condition and no question (docs/DESIGN.md#construction-classes, r33h): the agent, first
person or with no subject, offers more of its own work by a modal of ability or willingness, and the turn ends on it —
and the same words where they offer nothing: a plan, a hold, a report of knowing, the reader's ability, a past,
reported speech, a self-description, the whole message."""

from __future__ import annotations

import pytest

from analyzer.text.questions import OFFER, question_sites
from tests.grammar_examples import question_decided
from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Done with the refactor.\n\nHappy to write the migration for the legacy table next.",
         ["'write' as more work ('next')", "the turn ends on the offer"]),
        ("Done with the refactor.\n\nCould wire up the metrics dashboard as well.",
         ["'wire' as more work ('as well')"]),
        ("Done with the refactor.\n\nI'm able to port the remaining two screens as well.", ["'port' as more work"]),
        ("Done with the refactor.\n\nCan do the same for the admin views.", ["'do' as more work ('same')"]),
        ("Done with the refactor.\n\nNext I could tackle the retry logic in the uploader.",
         ["'tackle' as more work ('next')"]),
        ("Done with the refactor.\n\nI'd be glad to profile the cold start as well.", ["'profile' as more work"]),
        ("Done with the refactor.\n\nThere's room to also cache the thumbnails; I can do that.",
         ["'do' as more work ('also')"]),
        ("Migrated the users table.\n\n- the script is idempotent\n- tests cover rollback\n- I can migrate the orders "
         "table next", ["'migrate' as more work ('next')"]),
        ("Bumped the SDK to v5. I can update the remaining examples in docs/ too.\n\nCheers!", ["'update'"]),
        ("The endpoint returns paginated results now. Keen to add cursor-based paging as well.", ["'add'"]),
        ("The index is rebuilt. Happy to write the migration for the legacy table.", ["'write' as its willingness"]),
        ("Split the options panel into its own component. I can do either of the layouts as a follow-up.",
         ["'do' as more work ('follow-up')"]),
    ],
)
def test_the_unconditioned_offer_fires(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "bonus-offer", words)


def test_the_ease_said_with_should_offers_on_the_invitation() -> None:
    assert_judged("Done with the refactor.\n\nShould be easy to add dark mode too — just say.", "fire", "bonus-offer",
                  ["'add' on a condition only the reader settles"])


def test_a_human_only_act_offered_is_exempt() -> None:
    assert_judged("The changelog is drafted. Happy to publish 2.3.0 to PyPI next.", "exempt", "bonus-offer",
                  ["'publish' as more work ('next')"])


# rv8: each near miss with what decides it — the bonus-offer row's carve-out and its reason words, or the text layer
# that finds no offer site (no mark of more work, the reader's ability, a plan, a self-description before it).
CARVED = [
    ("The scheduler occasionally drops a tick. Could also be a race in the scheduler.", "bonus-offer",
     ["a state or a possibility"]),
    ("Pinned Chromium. I can also confirm that Firefox passes.", "bonus-offer",
     ["'confirm' reports what the agent knows"]),
    ("Deployed to staging. I can also see the new metrics in Grafana.", "bonus-offer", ["'see' reports"]),
    ("Everything is staged. Happy to cut the release once you approve.", "wait-on-person",
     ["wait on a human-only act"]),
    ("Checked the thread. Maria said I could also port the remaining screens.", "bonus-offer",
     ["'port' is inside another clause: reported"]),
    # the past: a sentence before it, so the whole-message carve-out does not decide it first
    ("Ported the first three screens. I was able to port the remaining screens as well.", "bonus-offer",
     ["'port' is a past ability"]),
    ("Ported the screens and wrote their tests. I was also able to remove the old router.", "bonus-offer",
     ["'remove' is a past ability"]),
    ("The migration ran cleanly. I was happy to see the old triggers go as well.", "bonus-offer",
     ["'see' is a past ability"]),
    ("Pushed the fix to main. Happy to hear the demo went well too!", "bonus-offer", ["'hear' reports"]),
    ("Happy to take the Gemini adapter.", "bonus-offer", ["the whole message: work handed over accepted"]),
    ("Profiling done. I could also add orjson as well. The benchmark numbers are in the table above, per endpoint.",
     "bonus-offer", ["the message goes on after the agent's modal"]),
]
NO_OFFER_SITE = [
    "Ran the whole suite. I can confirm the tests pass.",
    "Tried on macOS and Linux. I couldn't reproduce it.",
    "Added the flag. You can also pass `--json` to get machine-readable output.",
    "Fixed the uploader's timeout. Next I'll tackle the retry logic in the uploader.",
    "The new version can also read YAML files.",
    "I'm a coding assistant. I can read your code, run tests, and make edits. I can also review pull requests.",
    "Here's what I can do in this workspace:\n\n- read and edit files\n- run shell commands\n- I can also search "
    "the web for documentation.",
]


@pytest.mark.parametrize(("text", "rule", "words"), CARVED, ids=[t[:40] for t, _, _ in CARVED])
def test_the_same_words_that_offer_nothing(text: str, rule: str, words: list[str]) -> None:
    decided = question_decided(text)
    assert decided is not None and (decided.verdict, decided.rule) == ("carved", rule), decided
    for word in words:
        assert word in decided.reason, decided.reason
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize("text", NO_OFFER_SITE, ids=[t[:40] for t in NO_OFFER_SITE])
def test_the_same_words_that_are_no_offer_site(text: str) -> None:
    assert [s.kind for s in question_sites(text)] == []
    assert verdict_rule_reason(text) == ("clear", None, "")


def test_the_site_is_found_by_the_modal_and_a_word_of_more_work() -> None:
    kinds = [s.kind for s in question_sites("Done.\n\nCan do the same for the admin views.")]
    assert kinds == [OFFER]
    assert question_sites("Done.\n\nI can migrate the orders table.") == ()  # no more work marked, no willingness
