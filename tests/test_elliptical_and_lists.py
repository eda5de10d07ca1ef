"""Verbless closing questions, closing lists of options and items under a report lead-in
(docs/DESIGN.md#construction-classes, issue 28): the reader asked to judge the agent's work with the verb left out ('Too
terse?', 'Better?'), the next request asked with a noun ('Next task?'), more work offered without a verb ('Worth adding
a screenshot?', 'Same treatment for the static assets?'), a list of options whose lead-in wishes it on the reader
('Possible next steps, if you want them:') or that a pick request follows ('Let me know which.'), and the items under
'Summary:' read as the closing part of a question. A verbless question about a fact, a list for someone else and a
report stay clear. Sentences of our own."""

from __future__ import annotations

import pytest

from analyzer.text.questions import LIST, question_sites
from tests.judging import verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("I drafted the error copy for the empty state. Too terse?", "judgement-question", "('Too terse')"),
        ("The new layout is on the preview URL. Better?", "judgement-question", "('Better')"),
        ("Reworded the onboarding email. Clearer now?", "judgement-question", "('Clearer')"),
        ("Trimmed the README intro to two lines. Too short?", "judgement-question", "('Too short')"),
        ("Fixed. Next task?", "open-request", "next request"),
        ("That one's merged. Next one?", "open-request", "next request"),
        ("Drafted the changelog entry. Worth adding a screenshot?", "verbless-offer", "'adding' by its worth"),
        ("Added the caching headers. Same treatment for the static assets?", "verbless-offer", "('treatment')"),
        ("Indexes added. A migration to backfill the counts as well?", "verbless-offer", "('migration')"),
        ("Ported the retry helper. Similar fix for the uploader too?", "verbless-offer", "('fix')"),
        ("Done with the auth fix.\n\nPossible next steps, if you want them:\n1. Add refresh-token rotation\n"
         "2. Move sessions to Redis\n3. Add login rate limiting", "work-list",
         "'Possible next steps, if you want them'"),
        ("The CSV export works.\n\nOptions from here:\n- Add Excel output\n- Stream large exports\n\n"
         "Let me know which.", "work-list", "'Options from here'"),
        ("## Next steps\n- Add pagination to the audit endpoint\n- Document the webhook retries\n\n"
         "Pick whichever you'd like me to do next.", "work-list", "'Next steps'"),
        ("Summary:\n- The dependency bump is complete.\n- Glad to write an upgrade note for the wiki too if you'd find "
         "it useful.", "bonus-offer", "the agent's 'write'"),
        ("Summary:\n- Both libraries pass our tests.\n- Once you pick one, I'll remove the other.", "decision-offer",
         "('pick')"),
        ("Summary:\n- Plan: extract the parser, then add property tests.\n- Does that seem reasonable?",
         "approval-question", "('reasonable')"),
    ],
)
def test_a_verbless_question_an_options_list_or_a_summary_item_hands_the_turn_back(
    text: str, rule: str, words: str
) -> None:
    verdict, deciding, reason = verdict_rule_reason(text)
    assert (verdict, deciding) == ("fire", rule)
    assert words in reason


@pytest.mark.parametrize(
    ("text", "verdict", "rule"),
    [
        ("The nightly failed again. Green on CI?", "clear", None),
        ("The nightly failed again. Same error on the nightly?", "clear", None),
        ("Worth the wait?", "clear", None),
        ("The CI run failed again. Flaky?", "clear", None),
        ("Same treatment for the 2.0 release tag?", "exempt", "verbless-offer"),
        ("Next steps for the release manager:\n1. Tag v3.0.0\n2. Publish to npm\n\nLet me know which.", "clear", None),
        ("Summary:\n- Fixed the flaky test.\n- Bumped the lockfile.", "clear", None),
    ],
)
def test_a_fact_a_human_only_offer_a_list_for_someone_else_or_a_report_does_not_fire(
    text: str, verdict: str, rule: str | None
) -> None:
    assert verdict_rule_reason(text)[:2] == (verdict, rule)


def test_a_pick_request_after_the_list_leaves_the_list_the_closing_site() -> None:
    text = "Options:\n- Cache per process\n- Cache per request\n\nLet me know which."
    (listed,) = [s for s in question_sites(text) if s.kind == LIST]
    assert [text[a:b] for a, b in listed.parts] == ["Cache per process", "Cache per request"]


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        # non-standard spelling read through (analyzer/text/spelling.toml), then the construction
        ("lmk if ya want the tests refactored 2", "choice-question", "'the tests refactored too'"),
        ("TYSM for the patience!!! fixed the login bug 🎉 lmk what's next", "standing-by", "next request"),
        ("Fixed the login bug. Let me know what's next.", "standing-by", "next request"),
        ("Y'all want the migration script written up too?", "elliptical-offer", "asked of the reader as a statement"),
        ("You want the changelog bumped as well?", "elliptical-offer", "asked of the reader as a statement"),
        ("Need the changelog bumped as well?", "elliptical-offer", "with the reader left out"),
    ],
)
def test_the_same_constructions_in_non_standard_spelling_or_as_a_statement_fire(
    text: str, rule: str, words: str
) -> None:
    verdict, deciding, reason = verdict_rule_reason(text)
    assert (verdict, deciding) == ("fire", rule)
    assert words in reason


@pytest.mark.parametrize(
    "text",
    ["Let me know what else changed on your side.", "You wanted the old schema?", "You don't want the cache?",
     "Let me know what the CI run on your fork says about the flake."],
)
def test_a_fact_asked_or_a_past_wish_does_not_fire(text: str) -> None:
    assert verdict_rule_reason(text)[:2] == ("clear", None)
