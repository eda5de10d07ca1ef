"""r39f: an apostrophe inside a word judges alike however it was typed (docs/DESIGN.md#normalisation)."""

from __future__ import annotations

import pytest

from analyzer import analyze
from analyzer.text.spelling import straight_apostrophes

MARKS = ["'", "\u2019", "\u2018", "\u02bc", "\uff07", "\u2032"]


def test_every_mark_inside_a_word_reads_as_the_ascii_apostrophe() -> None:
    assert straight_apostrophes("isn\u2019t it\u02bcs we\uff07ll don\u2018t 5\u203210") == "isn't it's we'll don't 5'10"


def test_ascii_text_is_its_own_reading() -> None:
    text = "It isn't your call."
    assert straight_apostrophes(text) is text


def test_quotation_marks_outside_words_are_left_as_written() -> None:
    text = "the \u2018hotfix\u2019 label, the users\u2019 data"
    assert straight_apostrophes(text) is text


@pytest.mark.parametrize("mark", MARKS)
def test_negated_copular_hand_over_fires_with_every_mark(mark: str) -> None:
    """The property's failing text: the context pass parsed "isn’t" as written and exempted it (bound-before)."""
    text = f"merge . isn{mark}t it your call or merge"
    report = analyze(text)
    assert report.verdict == "fire"
    [finding] = report.findings
    judged = (finding.phrase, finding.verdict, finding.rule, finding.start)
    assert judged == ("your call", "fire", "copular-ownership", 17)
    assert "names no human-only decision" in finding.reason
    assert finding.attachment is not None and finding.attachment.text == f"isn{mark}t"  # quoted as written


@pytest.mark.parametrize("mark", MARKS)
def test_human_only_hand_over_is_exempt_with_every_mark(mark: str) -> None:
    text = f"Rotating the prod keys isn{mark}t mine to do \u2014 it{mark}s your call."
    [finding] = analyze(text).findings
    assert (finding.verdict, finding.rule) == ("exempt", "copular-ownership")
    assert "credential-rotation" in finding.domains
    assert "is human-only work" in finding.reason


@pytest.mark.parametrize("mark", MARKS)
def test_status_prose_pro_form_reads_alike_with_every_mark(mark: str) -> None:
    """Main read "isn‘t your call" as a standalone hand-over and "isn't your call" as status prose."""
    [finding] = analyze(f"isn{mark}t your call").findings
    assert (finding.verdict, finding.rule) == ("fire", "status-prose")


@pytest.mark.parametrize("mark", MARKS)
def test_an_announced_act_is_a_claim_with_every_mark(mark: str) -> None:
    """The claims read the text apart from the phrases: main found no claim in 'Iʼll open the PR now.'."""
    text = f"Tests pass. I{mark}ll open the PR now."
    claims = analyze(text).claims
    assert [(c.text, c.start) for c in claims] == [(f"I{mark}ll open the PR now.", 12)]  # quoted as written


@pytest.mark.parametrize("mark", MARKS)
def test_reasons_quote_each_mark_as_typed(mark: str) -> None:
    """The parse reads one apostrophe; a reason quotes the author's mark, in a phrase's sentence and in a closing
    question alike."""
    [owned] = analyze(f"The merge isn{mark}t yours, your call.").findings
    assert owned.reason == (
        f"fires (copular-ownership, negated): the negation 'n{mark}t' on 'is' cancels the hand-over the relation"
        " would make"
    )
    [asked] = analyze(f"Tests pass. Should I update the team{mark}s onboarding docs too?").findings
    assert asked.reason == (
        f"fires (permission-question): 'Should I' asks leave for 'update the team{mark}s onboarding docs too'"
        " and leaves it unanswered"
    )
