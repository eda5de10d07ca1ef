"""Claims of issue 28 (docs/DESIGN.md#claims as revision 4 reads it): a participle claim followed by a purpose clause,
by a second clause in the past, or after a condition that 'otherwise' closes still announces the action; a claim in
capitals is the same claim; a valediction with a name after it is a sign-off, not content. And the near misses
each rule must leave alone."""

from __future__ import annotations

import pytest

from analyzer.grammar.claims import find_claims
from analyzer.text.closing import claim_vocabulary, closing_part, is_valediction


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "form", "rule"),
    [
        # a past clause on an earlier occasion is history, not this work reported done
        ("Restarting the indexer now; it recovered the last time I did this.", "participle", "subjectless-participle"),
        ("Rebuilding the index now; last week this took ten minutes.", "participle", "subjectless-participle"),
        ("I'm rerunning the soak test; it passed two days ago.", "progressive", "first-person-progressive"),
        # a purpose clause after the participle
        ("Kicking off the backfill now so the dashboard has data by standup.", "participle", "subjectless-participle"),
        # 'otherwise' closes the condition the reader may still set
        ("Tell me if you'd prefer another order — otherwise bumping the lockfile now.", "participle",
         "subjectless-participle"),
        ("Shout if you object; otherwise merging the docs lane now.", "participle", "subjectless-participle"),
        ("Otherwise, moving on to the exporter now.", "participle", "subjectless-participle"),
        # capitals are the same sentence
        ("I'M STARTING ON THE PARSER LANE.", "progressive", "first-person-progressive"),
        ("I'LL PORT THE FIX TO THE 1.X BRANCH NOW.", "intention", "first-person-future"),
        ("PICKING UP THE CACHE LANE NOW.", "participle", "subjectless-participle"),
        # a valediction and a name after the claim
        ("Picking up the cache lane now.\n\nCheers,\nRowan", "participle", "subjectless-participle"),
        ("I'll open the PR now.\n\nBest regards,\nRowan Lee", "intention", "first-person-future"),
        ("Waiting on CI now.\n\nThanks! — Wren", "waiting", "announced-waiting"),
    ],
)
def test_the_claim_stands(text: str, form: str, rule: str) -> None:
    claims = find_claims(text)
    assert [(c.form, c.rule) for c in claims[-1:]] == [(form, rule)]


@pytest.mark.model
@pytest.mark.parametrize(
    "text",
    [
        "Restarting the indexer fixed it; it recovered right away.",  # a gerund subject
        "Restarted the indexer; it recovered.",  # a report
        "Restarting the indexer now; it recovered within a minute.",  # the result reported: backed
        "Restarting the indexer now; I restarted it before I paged you and it recovered.",  # 'before' orders events
        "Tell me if you'd prefer another order — otherwise I'll bump the lockfile after the review lands.",
        "The tuning pass waits — otherwise we're testing a build with no curve.",  # a counterfactual
        "Otherwise, rebasing onto main tomorrow.",  # a later time
        "Say the word and I'll pull it out.",  # a promise on the reader's condition
        "I'll open the PR now.\n\nThanks, that settles the schema question for good.",  # no sign-off: content
    ],
)
def test_no_claim_stands(text: str) -> None:
    assert find_claims(text) == ()


@pytest.mark.parametrize(
    ("unit", "signs_off"),
    [
        ("Cheers,\nRowan", True),
        ("Best regards,\nRowan Lee", True),
        ("Thanks! — Wren", True),
        ("Regards, R. Lee", True),
        ("Thank you,\n@ops-bot", True),
        ("Cheers!", True),
        ("Thanks, that settles the schema question for good.", False),
        ("Best of luck with the demo.", False),
        ("Cheers,\nthe parser is merged", False),
        ("Thanks\nRowan\nLee\nPlatform", False),
    ],
)
def test_a_valediction_with_nothing_but_a_name_after_it_is_a_sign_off(unit: str, signs_off: bool) -> None:
    assert is_valediction(unit, claim_vocabulary()) is signs_off


def test_the_closing_part_is_the_paragraph_before_the_valediction() -> None:
    text = "The lint is clean.\n\nPicking up the cache lane now.\n\nCheers,\nRowan"
    closing = closing_part(text)
    assert [text[s.start : s.end] for s in closing.sentences] == ["Picking up the cache lane now."]
