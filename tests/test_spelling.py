"""Non-standard spelling read as standard English (analyzer.text.spelling, docs/DESIGN.md#construction-classes): what
each form reads as, where a form in context is left alone, the map back, and what the analyzer then finds in such
text."""

from __future__ import annotations

import pytest

from analyzer import analyze
from analyzer.api import find_candidates, may_hold_phrase
from analyzer.text.disguise import fold
from analyzer.text.spelling import Respelled, respell


def read(text: str) -> str:
    return respell(fold(text)).text


@pytest.mark.parametrize(
    ("written", "reads"),
    [
        # chat spelling, read always
        ("wud u like me 2 keep going?", "would you like me to keep going?"),
        ("ur call on the naming", "your call on the naming"),
        ("Do ya want the fast path?", "Do you want the fast path?"),
        ("y'all want me to open the PR?", "you want me to open the PR?"),
        ("Shal I procede with the refactor?", "Shall I proceed with the refactor?"),
        ("if u need more", "if you need more"),
        # dropped apostrophes
        ("Id be happy to add docs if youd like.", "I'd be happy to add docs if you'd like."),
        ("Merge-eligible — thats your call.", "Merge-eligible — that's your call."),
        ("im on it, dont worry", "I'm on it, don't worry"),
        # forms read only beside their words
        ("Ready 4 the next step whenever u r", "Ready for the next step whenever you are"),
        ("OK 2 refactor the loader?", "OK to refactor the loader?"),
        ("Do u want 2 upgrade the org 2 the Team plan?", "Do you want to upgrade the org to the Team plan?"),
        ("want me 2 fix the tests 2?", "want me to fix the tests too?"),
        ("Lets start with the cache.", "Let's start with the cache."),
        ("When you settle on a name, Ill bump the lockfile.", "When you settle on a name, I'll bump the lockfile."),
        # a persona: the dropped g, a pirate's "be", interjections and vocatives outside the relation
        ("Want me to rustle up them missin' tests?", "Want me to rustle up them missing tests?"),
        ("Ahoy! What be yer orders for the next task, cap'n?", "What are your orders for the next task?"),
        ("Arr, shall I open the PR?", "Shall I open the PR?"),
        ("Howdy! The merge is yours, your call, partner.", "The merge is yours, your call."),
        # capitals stay capitals
        ("WUD U LIKE ME 2 CONTINUE?", "WOULD YOU LIKE ME TO CONTINUE?"),
        ("Ur call.", "Your call."),
    ],
)
def test_each_spelling_reads_as_standard_english(written: str, reads: str) -> None:
    assert read(written) == reads


@pytest.mark.parametrize(
    "text",
    [
        "Fixed 2 tests in the id column.",  # a number and a noun
        "The R package and the U.S. mirror are pinned.",  # a letter that is a name, a dotted name
        "It lets you pick the port; the patient was ill.",  # ordinary words
        "He was ill, so the rollout waited.",
        "2 of 4 jobs failed.",
        "The log is under /u/2/ and ~/u.",  # inside a path
        "The 'login' button works.",  # a quoted word ending in -in
        "Thanks, partner team: the rollout is done.",  # not a vocative closing the sentence
        "To be or not to be.",
        "ｓhalӏ ｉ proceed?",  # a look-alike stroke continues the word: a disguise, not a spelling
    ],
)
def test_standard_text_and_forms_out_of_their_context_are_left_alone(text: str) -> None:
    assert respell(fold(text)) == fold(text)


def test_offsets_of_a_respelled_text_point_into_the_text_as_written() -> None:
    written = "Arr, wud u like me 2 keep going, matey?"
    respelled = respell(fold(written))
    assert isinstance(respelled, Respelled)
    phrase = "Would you like me to"
    start = respelled.text.index(phrase)
    a, b = respelled.original_span(start, start + len(phrase))
    assert (respelled.text, written[a:b]) == ("Would you like me to keep going?", "wud u like me 2")
    assert respelled.disguises(start, start + len(phrase)) == ()


def test_a_spelling_inside_a_disguise_maps_through_both() -> None:
    written = "y\u200bour cal\u200bl, partner. ur <b>call</b> too"
    respelled = respell(fold(written))
    start = respelled.text.rindex("your call")
    a, b = respelled.original_span(start, start + len("your call"))
    assert written[a:b] == "ur <b>call"
    first = respelled.text.index("your call")
    assert respelled.disguises(first, first + len("your call")) == ("format characters",)


@pytest.mark.parametrize(
    ("text", "phrase", "shown"),
    [
        ("ur call on the naming 🤷", "your call", "ur call"),
        ("Id be happy to add docs if youd like.", "if you'd like", "if youd like"),
        ("wud u like me 2 keep going?", "would you like me to", "wud u like me 2"),
        ("Arr, would ye like me to add the missing tests?", "would you like me to", "would ye like me to"),
    ],
)
def test_the_pre_filter_and_the_scan_find_a_phrase_written_this_way(text: str, phrase: str, shown: str) -> None:
    candidates = find_candidates(text)
    assert (may_hold_phrase(text), [(c.entry.canonical, c.text, c.disguise) for c in candidates]) == (
        True, [(phrase, shown, ())]
    )


@pytest.mark.parametrize(
    ("spelled", "standard", "verdict"),
    [
        ("wud u like me 2 keep going?", "Would you like me to keep going?", "fire"),
        ("Arr, yer call on the test layout.", "Your call on the test layout.", "fire"),
        # a spelling is no disguise: the exemption of a plain hand-over stands
        ("Arr, yer call on the merge.", "Your call on the merge.", "exempt"),
        ("Howdy! The merge is yours, your call, partner.", "The merge is yours, your call.", "exempt"),
        ("Merge-eligible — thats your call.", "Merge-eligible — that's your call.", "exempt"),
    ],
)
def test_the_analyzer_judges_a_spelled_hand_over_as_the_same_words_spelled_out(
    spelled: str, standard: str, verdict: str
) -> None:
    def judged(text: str) -> tuple[object, ...]:
        report = analyze(text)
        f = report.findings[0]
        return report.verdict, f.phrase, f.rule, f.form, f.verdict, f.disguised, text[f.start : f.end] == f.text

    assert judged(spelled) == judged(standard) == (verdict, *judged(standard)[1:4], verdict, False, True)


# docs/DESIGN.md#normalisation (revision 3): every whole-text step is linear; the respelling is one of them
# (tests/test_linear_cost.py).
SPELLING_SHAPES = {
    "chat spelling": "wud u like me 2 ",
    "forms out of context": "2 4 r id ill lets be ",
    "sentence-final forms": "me 2 2. ",
    "dropped g": "missin' ",
    "interjections": "Arr, ",
    "vocatives": "ok, partner. ",
    "quoted endings": "'login' ",
}


@pytest.mark.parametrize("shape", sorted(SPELLING_SHAPES))
def test_the_respelling_grows_linearly(shape: str) -> None:
    from tests.test_linear_cost import GROWTH, LIMIT, growth, repeat

    ratio = growth(repeat(SPELLING_SHAPES[shape]))
    assert ratio < LIMIT, f"{shape}: {GROWTH}x the text cost {ratio:.1f}x the time"
