"""The bonus offer with no condition and no question (docs/DESIGN.md#construction-classes, r33h): the agent, first
person or with no subject, offers more of its own work by a modal of ability or willingness, and the turn ends on it —
and the same words where they offer nothing: a plan, a hold, a report of knowing, the reader's ability, a past,
reported speech, a self-description, the whole message."""

from __future__ import annotations

import pytest

from analyzer import analyze
from analyzer.text.questions import OFFER, question_sites
from tests.judging import assert_judged


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


@pytest.mark.parametrize(
    "text",
    [
        "The scheduler occasionally drops a tick. Could also be a race in the scheduler.",
        "Ran the whole suite. I can confirm the tests pass.",
        "Pinned Chromium. I can also confirm that Firefox passes.",
        "Deployed to staging. I can also see the new metrics in Grafana.",
        "Tried on macOS and Linux. I couldn't reproduce it.",
        "Added the flag. You can also pass `--json` to get machine-readable output.",
        "Fixed the uploader's timeout. Next I'll tackle the retry logic in the uploader.",
        "Everything is staged. Happy to cut the release once you approve.",
        "Checked the thread. Maria said I could also port the remaining screens.",
        "I was able to port the remaining screens as well.",
        "Ported the screens and wrote their tests. I was also able to remove the old router.",
        "The new version can also read YAML files.",
        "The migration ran cleanly. I was happy to see the old triggers go as well.",
        "Pushed. Happy to hear the demo went well too!",
        "Happy to take the Gemini adapter.",
        "I'm a coding assistant. I can read your code, run tests, and make edits. I can also review pull requests.",
        "Here's what I can do in this workspace:\n\n- read and edit files\n- run shell commands\n- I can also search "
        "the web for documentation.",
        "Profiling done. I could also add orjson as well. The benchmark numbers are in the table above, per endpoint.",
    ],
)
def test_the_same_words_that_offer_nothing(text: str) -> None:
    report = analyze(text)
    assert report.firing is None, report.firing.reason if report.firing else ""


def test_the_site_is_found_by_the_modal_and_a_word_of_more_work() -> None:
    kinds = [s.kind for s in question_sites("Done.\n\nCan do the same for the admin views.")]
    assert kinds == [OFFER]
    assert not question_sites("Done.\n\nI can migrate the orders table.")  # no more work marked, no willingness
