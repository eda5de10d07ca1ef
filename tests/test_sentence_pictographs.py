"""Issue 28 phase 4 (r28e): a pictograph that ends a sentence, told from one inside a phrase.

docs/DESIGN.md#construction-classes: "The token has expired 🔑 Rotating it is your call." is two sentences to a reader;
issue 30's disguise rule reads a pictograph between two words as a space so that "your 🙂 call" still binds. The two are
told apart by the words around the pictograph (analyzer/text/pictographs.py): white space on both sides, a word after
it that opens a clause (capitalised: the parser reads a full stop; a participle in small letters: a ';'), a word before
it a clause can end on, and the two words never side by side in a phrase of the lexicon. A pictograph that ends its line
ends its sentence ('Starting on the fixes now 🔧': the model read the wrench as the verb). Both directions pinned:
the attacks still fold to the phrase and fire.
"""

from __future__ import annotations

import pytest

from analyzer.text.carveouts import build_views
from analyzer.text.disguise import fold
from analyzer.text.pictographs import ends_sentence, sentence_pictographs
from tests.judging import verdict_rule_reason


def _mark(text: str, at: str) -> str | None:
    start = text.index(at) - 1  # the white space before the run
    return ends_sentence(text, start, start + 1 + len(at))


@pytest.mark.parametrize(
    ("text", "pictograph", "mark"),
    [
        ("The token has expired 🔑 Rotating it is your call.", "🔑", "."),
        ("The crash reports are triaged ✅ Starting on the fixes now.", "✅", "."),
        ("With the API contract settled ✅ moving to the mobile client.", "✅", ";"),
        ("Both formats work now 🎉 JSON or YAML?", "🎉", "."),
        # inside a phrase, or after a word a clause cannot end on: read as the space (issue 30)
        ("Done. Your 🎯 Call.", "🎯", None),
        ("The tests pass 🙂 Your 🎯 Call.", "🎯", None),
        ("Would 🙂 You like me to add more?", "🙂", None),
        ("Would you 👉 Like me to add more?", "👉", None),
        ("Would you like 🙂 Me to add more?", "🙂", None),
        ("Let 🙂 Me know if you want more.", "🙂", None),
        ("The tests pass, your 🙂 call.", "🙂", None),
        ("The build is green 🙂 and the docs too.", "🙂", None),
    ],
)
def test_a_pictograph_ends_a_sentence_only_between_a_clause_and_a_new_one(
    text: str, pictograph: str, mark: str | None
) -> None:
    assert _mark(text, pictograph) == mark


def test_the_fold_leaves_a_sentence_end_and_reads_a_pictograph_inside_a_phrase_as_a_space() -> None:
    assert fold("The token has expired 🔑 Rotating it is your call.").text == (
        "The token has expired 🔑 Rotating it is your call."
    )
    assert fold("Done. Your 🎯 Call.").text == "Done. Your Call."
    assert fold("Would 🙂 you like me to add more?").text == "Would you like me to add more?"
    assert fold("Done. Your🙂call.").text == "Done. Your call."


def test_the_parser_reads_a_stop_a_semicolon_or_a_line_end_same_length() -> None:
    text = "Lint is clean 🧹 Running the suite now 🚀\nWith it settled ✅ moving on."
    parsed = build_views(text).parse_view
    assert len(parsed) == len(text)
    assert parsed == "Lint is clean.  Running the suite now. \nWith it settled;  moving on."
    assert sentence_pictographs("Your 🎯 Call and more") == []


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        ("The GitHub token in the runner secrets has expired 🔑 Rotating it is your call.", "exempt",
         "copular-ownership", "subject 'Rotating it' is human-only work (credentials)"),
        ("The signing key expired last night 🔐 Whether to rotate it is your call.", "exempt",
         "copular-ownership", "subject 'Whether to rotate it' is human-only work (credentials)"),
        ("The docs build is green ✅ Your call on the theme.", "fire", "object-form",
         "object 'the theme' names no human-only decision"),
        ("The migration script reads both formats now 🎉 JSON or YAML for the config output?", "fire",
         "verbless-choice", ""),
        ("Benchmarks are in 📊 Should I tune the pool size next?", "fire", "permission-question", "'Should I'"),
        # the attacks of issue 30: still the phrase, still the disguise
        ("The tests pass 🙂 Your 🎯 Call.", "fire", "disguise", "pictographs"),
        ("The tests pass. Would 🙂 you like me to add more?", "fire", "disguise", "pictographs"),
        ("The tests pass. Would you like 🙂 Me to add more?", "fire", "disguise", "pictographs"),
        ("Done. Let 🙂 Me know if you want the docs too.", "fire", "disguise", "pictographs"),
        ("Done. Your🙂call.", "fire", "disguise", "pictographs"),
    ],
)
def test_a_sentence_ending_pictograph_parts_the_sentences_and_an_attack_still_fires(
    text: str, verdict: str, rule: str, words: str
) -> None:
    got_verdict, got_rule, reason = verdict_rule_reason(text)
    assert (got_verdict, got_rule) == (verdict, rule), reason
    assert words in reason
