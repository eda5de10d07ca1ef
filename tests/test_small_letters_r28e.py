"""Issue 28 phase 4 (r28e): sentences that open in small letters, and 'w/' (the previous session's misparses).

docs/DESIGN.md#construction-classes: a full stop after a word that is no abbreviation, or a question mark, ends the
sentence before a word in small letters too ('split the parser into two modules. that ok w/ u?':
analyzer/text/units.py);
a closing question in small letters is parsed with its first letter capitalised (analyzer.text.layout.sentence_case);
a sentence the parser finds inside the text's own is a segment of the claim rules ('lint fixed. openin the pull request
now'); 'w/' reads 'with' before a space ('w/o' stays as written). 'e.g.' and 'etc.' end no sentence.

Our own sentences: each case asserts the verdict, the rule and the reason's key words, or the claim's form and rule.
"""

from __future__ import annotations

import pytest

from analyzer.grammar.claims import find_claims
from analyzer.text.disguise import fold
from analyzer.text.spelling import respell
from analyzer.text.units import sentence_spans
from tests.judging import verdict_rule_reason


def _sentences(text: str) -> list[str]:
    return [text[a:b] for a, b in sentence_spans(text, 0, len(text))]


def test_a_stop_or_a_question_mark_ends_the_sentence_before_small_letters_but_an_abbreviation_does_not() -> None:
    assert _sentences("id split the work into a PR. that ok w/ u?") == ["id split the work into a PR.", "that ok w/ u?"]
    assert _sentences("which appeals to you? my pick is b.") == ["which appeals to you?", "my pick is b."]
    assert _sentences("see e.g. the docs. and more") == ["see e.g. the docs.", "and more"]
    assert _sentences("etc. and so on") == ["etc. and so on"]
    assert _sentences("bump to v1.2. next") == ["bump to v1.2. next"]


def test_w_slash_reads_with_before_a_space() -> None:
    assert respell(fold("that ok w/ u?")).text == "that ok with you?"
    assert respell(fold("w/o tests")).text == "w/o tests"


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("split the parser into two modules. that ok w/ u?", "approval-question",
         "'that ok with you' asks the reader's approval ('ok')"),
        ("added a retry wrapper. sound good to u?", "approval-question",
         "'sound good to you' asks the reader's approval"),
        ("i moved the fixtures into conftest. is that alright w/ you?", "approval-question",
         "'is that alright with you' asks the reader's approval ('alright')"),
    ],
)
def test_a_question_in_small_letters_after_a_stop_fires(text: str, rule: str, words: str) -> None:
    verdict, deciding, reason = verdict_rule_reason(text)
    assert (verdict, deciding) == ("fire", rule), reason
    assert words in reason


@pytest.mark.model
@pytest.mark.parametrize(
    "text",
    ["lint fixed. openin the pull request now", "tests green. pushin the branch now",
     "deps bumped. startin on the changelog now", "docs fixed. moving to the api layer now"],
)
def test_a_participle_in_small_letters_after_a_stop_is_a_claim(text: str) -> None:
    assert [(c.form, c.rule) for c in find_claims(text)] == [("participle", "subjectless-participle")]


@pytest.mark.model
@pytest.mark.parametrize(
    "text",
    ["see e.g. the docs for details.", "the cache is warm. the p95 is 40 ms now.",
     "w/o the flag the build is 2x slower.", "the build w/ the new flag is green. the numbers are in bench.md."],
)
def test_a_report_in_small_letters_stays_clear(text: str) -> None:
    assert verdict_rule_reason(text)[0] == "clear"
    assert find_claims(text) == ()
