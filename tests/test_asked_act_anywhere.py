"""r36b (docs/DESIGN.md#construction-classes, issue 28): every asking form asks the same human-only judgement of its
act, wherever the act sits.

A permission or leave question, a hand-over ('leave X to you'), a choice question, a wait timed by the reader and a
closing list judge their act with the one domain judgement (analyzer/grammar/work.py), also when the act is written as
a noun ('the upload to PyPI', 'the App Store submission of 3.2'), when coordinated acts the model read as nouns share a
version ('Tagging and publishing 2.4.0'), when a possessive pro-form stands for the domain's thing ('its rotation'),
when the model made the wait the root of the reader's subjectless act ('Whenever you're ready, tag v2.4.0.'), when the
other alternative is another occasion or another party doing the same act ('or at the maintenance window', 'or have
the platform team do it'), and when a verdict is given on a change ('the sign-off on the docs PR'). Every construction
has its twin on the agent's own work, which fires."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        # the act named as a noun, its complement hung on the verb above it
        ("Wheel builds. Shall I leave the upload to PyPI to you?", "exempt", "permission-question",
         ["'leave the upload to PyPI to you'", "human-only work (release)"]),
        ("I'll leave the push to crates.io to you.", "exempt", "reader-decides",
         ["'the push to crates.io'", "human-only work (release)"]),
        ("Ok if I leave the App Store submission of 3.2 to you?", "exempt", "reader-decides",
         ["'the App Store submission of 3.2'", "human-only work (release)"]),
        ("Shall I leave the upload of 3.1.0 to npm to you?", "exempt", "permission-question",
         ["human-only work (release)"]),
        ("Shall I leave the port to TypeScript to you?", "fire", "permission-question",
         ["'leave the port to TypeScript to you'", "leaves it unanswered"]),
        # a possessive pro-form standing for the domain's thing; a domain word modifying another noun names that noun
        ("Okay if I leave the secret creation and its rotation to you?", "exempt", "leave-question",
         ["human-only work (credentials)"]),
        ("Okay if I leave the token creation helper to you?", "fire", "reader-decides",
         ["'the token creation helper'", "names no human-only decision"]),
        # coordinated acts read as nouns share the version after them
        ("Tagging and publishing 2.4.0 is your call.", "exempt", "copular-ownership", ["human-only work (release)"]),
        ("Refactoring and documenting the parser is your call.", "fire", "copular-ownership",
         ["names work the agent owns", "'Refactoring'"]),
        # the wait timed by the reader, the agent's own act after it
        ("Whenever you're ready, I'll tackle the parser refactor.", "fire", "standing-by",
         ["waits for the reader's go on 'tackle'"]),
        # another occasion, another party: the same act
        ("Would you rather rotate the DB password now, or at the maintenance window?", "exempt", "choice-question",
         ["'rotate the DB password now, or at the maintenance window'", "human-only work (credentials)"]),
        ("Would you rather refactor the parser now, or at the next sprint?", "fire", "choice-question",
         ["names work the agent owns", "'refactor'"]),
        ("Do you want to apply this to the shared production account yourself, or have the platform team do it?",
         "exempt", "choice-question", ["human-only work (shared-infrastructure)"]),
        ("Do you want to apply this to the staging sandbox yourself, or have me do it?", "fire", "choice-question",
         ["names work the agent owns", "whether I"]),
        # a verdict on a change; the twin is work on the docs
        ("The rewrite of the docs page is yours.", "fire", "reader-decides",
         ["'The rewrite of the docs page'", "names work the agent owns"]),
        # a closing list under the agent's own act in the perfect reports; its twin hands work over
        ("CI is faster now.\n\nFollow-ups worth doing:\n- cache node modules\n- shard the e2e job", "fire",
         "work-list", ["hands the reader work the agent could do", "'cache node modules'"]),
    ],
)
def test_the_asked_act_is_judged_wherever_it_sits(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    "text",
    [
        "Whenever you're ready, tag v2.4.0.",
        "Whenever you're ready, tag and publish v2.4.0.",
        "The sign-off on the docs PR is yours.",
        "CI is faster now.\n\nFollow-ups I've filed instead of doing now:\n- #902 cache node modules\n- #903 shard the "
        "e2e job",
    ],
)
def test_the_human_only_act_or_the_report_leaves_nothing_to_refuse(text: str) -> None:
    verdict, _, reason = verdict_rule_reason(text)
    assert verdict in ("clear", "exempt"), reason
