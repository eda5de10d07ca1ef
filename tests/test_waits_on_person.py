"""A wait on the person (docs/DESIGN.md#construction-classes, issue 28): the agent's hold or its next act bounded by the
reader's word is deference, in the shapes the wait-on-reader construction missed — the reader's word as the object of
the agent's wait or need ('Awaiting your feedback …', 'I need your answer …'), a bound word read as the root ('On hold
pending your thoughts'), the reader's chance to look ('until you've had a chance to look over …'), the agent's silence
('Nothing more from me until …'), a bound the model parses as its own clause ('once you okay the plan'), and a
hold with no lexicon phrase ('Standing by for your direction …'). A wait on work in flight, a thing's wait and a
wait on a human-only act stay holds. Sentences of our own, varied in verb, subject, object, tense and spelling."""

from __future__ import annotations

import pytest

from analyzer import analyze


def _fires(text: str) -> list[tuple[str, str]]:
    return [(f.rule, f.verdict) for f in analyze(text).findings if f.verdict == "fire"]


def _reasons(text: str) -> list[str]:
    return [f.reason for f in analyze(text).findings if f.verdict == "fire"]


@pytest.mark.parametrize(
    ("text", "rule", "word"),
    [
        # the reader's word as the object of the agent's wait or need
        ("Awaiting your feedback on the draft before I continue.", "waiting-for-go", "'feedback'"),
        ("Awaiting your thoughts on the colour palette.", "waiting-for-go", "'thoughts'"),
        ("I need your answer on the naming before going further.", "wait-on-reader", "'answer'"),
        ("We need your confirmation on the column names before the import.", "wait-on-reader", "'confirmation'"),
        # a bound word read as the root, the hold hanging on it
        ("On hold pending your thoughts on the error format.", "wait-on-reader", "'thoughts'"),
        ("The parser work is on hold pending your views on the grammar.", "wait-on-reader", "'views'"),
        # the reader's chance or moment to look
        ("I'll sit tight until you've had a chance to look over the approach.", "wait-on-reader", "'had'"),
        ("Pausing here until you get a moment to read the design note.", "wait-on-reader", "'get'"),
        ("We'll hold the refactor until you've had a look at the diagram.", "wait-on-reader", "'had'"),
        # the agent's silence as its hold
        ("Nothing more from me until you decide on the folder structure.", "wait-on-reader", "'decide'"),
        ("Nothing further from us until you say which layout.", "wait-on-reader", "'say'"),
        # a bound the model parses as a clause of its own
        ("Ready to continue once you okay the plan.", "once-you-provide", "'okay'"),
        # a hold with no lexicon phrase: the closing wait-on-person row
        ("Standing by for your direction on the cache work.", "wait-on-person", "'direction'"),
        ("Holding for your thoughts on the naming.", "wait-on-person", "'thoughts'"),
        ("The rename is parked on your feedback about the API.", "wait-on-person", "'feedback'"),
        # non-standard spelling read through (analyzer/text/spelling.toml)
        ("stoppin here till ya confirm which of the 2 schemas 2 use", "wait-on-reader", "'confirm'"),
        ("Ill sit tight until youve had a chance to look over the approach.", "wait-on-reader", "'had'"),
    ],
)
def test_a_wait_on_the_readers_word_fires(text: str, rule: str, word: str) -> None:
    assert _fires(text) == [(rule, "fire")]
    (reason,) = _reasons(text)
    assert f"waits on the reader's {word}" in reason and "not on work in flight" in reason


@pytest.mark.parametrize(
    "text",
    [
        # a wait on a human-only act or the human's stamp
        "I'll hold the merge until you've had a chance to review #812.",
        "I need your approval to merge #812 into main.",
        "The deploy job is holding for your approval of the release.",
        # a thing's wait, not the agent's
        "The installer waits until you've had a chance to read the prompt.",
        "The CLI will need your confirmation before it deletes files.",
        "Nothing more from the linter until you rerun it.",
        # a past report
        "I waited for your feedback yesterday and merged the docs fix after it.",
        # what the reader owns that is no word of theirs
        "I need your API key to finish the deploy.",
        "Thanks for your feedback on the draft.",
        "Stopped the cron job for your team.",
    ],
)
def test_a_hold_on_work_in_flight_a_things_wait_or_a_human_only_act_does_not_fire(text: str) -> None:
    assert _fires(text) == []
