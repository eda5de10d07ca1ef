"""r38o (docs/DESIGN.md#construction-classes): what the agent could find or decide itself, asked at the close, and
work lists in other shapes — a list inline after a label that hands it to the reader by its grammar, a closing table
pointed back at as the reader's remaining work, the message's own points listed to settle before the agent goes on, the
reader's verdict on a review, approval of the agent's own proposal; and a reason after a leave question, which answers
nothing. With the near misses each must pass: human-only work, a report, someone else's review, a past, the person's
own facts."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

TABLE = (
    "| # | Task | Owner |\n|---|---|---|\n| 1 | Add the eviction test | you |\n| 2 | Profile the resizer | you |\n\n"
)


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("The webhook sender is fixed.\n\nA few things you might want to do next: add a dead-letter queue, raise the "
         "worker memory, and log the retries.", "work-list", ["'A few things you might want to do next'",
                                                               "add a dead-letter queue"]),
        ("Search is live.\n\nSome tweaks you may want to make: cache the hot queries and add fuzzy matching.",
         "work-list", ["'Some tweaks you may want to make'"]),
        (TABLE + "That's the remaining work if you want to pick it up.", "work-list",
         ["'That's the remaining work if you want to pick it up'", "'add the eviction test', 'profile the resizer'"]),
        ("Lint passes. Is it okay if I also raise the Python floor to 3.11? It's what the Dockerfile uses already.",
         "leave-question", ["leave ('okay')", "'raise'"]),
        ("Please clarify the following points before we proceed with the build script:\n1. Should the prefixes stay "
         "short?\n2. What is the exact filename of the current build script?", "turn-taking",
         ["settle the message's own points ('clarify … points')", "before the agent goes on"]),
        ("The summary is in `out/summary.md`. What is the review outcome?", "reader-wish-question",
         ["the reader's verdict on a review of the agent's work ('outcome')"]),
        ("What's your verdict on the new folder layout?", "reader-wish-question",
         ["the reader's choice ('your verdict')"]),
        ("Please review and confirm the proposed naming prefixes.", "turn-taking",
         ["approve the agent's own proposal ('review … prefixes')"]),
    ],
)  # fmt: skip
def test_the_construction_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


def test_a_human_only_proposal_is_exempt() -> None:
    assert_judged("Please confirm the proposed release date for 3.0.", "exempt", "turn-taking",
                  ["approve the agent's own proposal", "human-only"])  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "The release is staged.\n\nA few things you'll need to do next: tag v2.1 and publish it to PyPI.",
        "Deployed.\n\nIf you want to run it locally: install the package and run the CLI once.",
        "| Step | Owner |\n|---|---|\n| Tag v2.1 | you |\n| Publish it to PyPI | you |\n\n"
        "Those are the remaining steps for you.",
        "| Change | Status |\n|---|---|\n| Fixed the redirect | done |\n| Added the cache test | done |\n\n"
        "That's everything that was in the ticket.",
        TABLE + "That's the remaining work for the next sprint.",
        "Do you want the report in CSV too? The export already writes both formats.",
        "Mind if I pin the lockfile? It's already pinned.",
        "Please answer the following questions about your budget and launch deadline before I draft the plan:\n1. What "
        "is the monthly budget?\n2. When is the launch?",
        "What was the review outcome on the last release?",
        "What is the outcome of the security team's review?",
        "What's the result of the review by QA?",
        "What is the test outcome?",
        "The reviewer confirmed the proposed prefixes yesterday.",
    ],
)  # fmt: skip
def test_the_near_miss_passes(text: str) -> None:
    verdict, rule, reason = verdict_rule_reason(text)
    assert verdict != "fire", (rule, reason)


def test_a_long_label_under_a_condition_on_the_readers_wish_hands_nothing_over() -> None:
    """The inline label's reader with a verb of wish under 'if' is the reader's own act on what they want, no list of
    the agent's work handed over; the same label without the condition hands it over."""
    conditional = (
        "The upload flow is covered by the integration tests.\n\nIf you want a manual checklist in the browser: open "
        "the local URL, walk through the dropdowns and try an upload with a sample file."
    )
    assert verdict_rule_reason(conditional) == ("clear", None, "")
    handed = (
        "The upload flow works.\n\nA few things you might want to do next: add retries to the uploader, and log "
        "failures."
    )
    assert verdict_rule_reason(handed)[:2] == ("fire", "work-list")
