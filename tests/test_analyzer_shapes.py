"""Sentence shapes the grammar handles on the real parser, each with a firing twin (minimal pairs)."""

from __future__ import annotations

import pytest

from analyzer import analyze

PAIRS = [
    # a contrastive tail after the phrase is no object and no negation of the relation
    ("Merge or hold — your call, not mine.", "exempt", "option-list"),
    ("Merge or refactor — your call, not mine.", "fire", "option-list"),
    # an object fronted before the phrase
    ("On the merge, your call.", "exempt", "object"),
    ("On the lane, your call.", "fire", "object"),
    ("As for the release, your call.", "exempt", "object"),
    ("As for the next lane, your call.", "fire", "object"),
    # a relative pronoun stands for the noun its clause modifies
    ("The merge, which is your call, can wait until CI is green.", "exempt", "copular-ownership"),
    ("The lane, which is your call, can wait.", "fire", "copular-ownership"),
    # "don't" is a bare do-nothing alternative
    ("Merge or don't, your call.", "exempt", "option-list"),
    # a wh-object stands for its question
    ("Your call on which one merges first.", "exempt", "object"),
    ("Your call on which lane I take next.", "fire", "object"),
    # a past participle right after a noun still reports what happened
    ("The v2.4.0 release shipped at 02:56Z with the new hook, your call.", "fire", "none"),
    # a subordinate clause the parser made the root is not an alternative
    ("Since none of the reviewers objected, squash or rebase, your call.", "exempt", "option-list"),
]


@pytest.mark.parametrize(("text", "verdict", "form"), PAIRS, ids=[p[0][:50] for p in PAIRS])
def test_shape(text: str, verdict: str, form: str) -> None:
    report = analyze(text)
    assert [(f.phrase, f.verdict, f.form) for f in report.findings][:1] == [("your call", verdict, form)]


def test_a_coordinated_phrase_gets_its_own_finding() -> None:
    findings = analyze("Your call on the merge, and your call on the lane.").findings
    assert [(f.verdict, f.attachment.text if f.attachment else None) for f in findings] == [
        ("exempt", "the merge"),
        ("fire", "the lane"),
    ]
