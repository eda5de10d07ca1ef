"""An instruction before a bare hand-over names the act it hands over (docs/DESIGN.md#construction-classes, "An
instruction before a bare hand-over"): 'Drop the events table on prod. Your call.' — the imperative clause in the
sentence before, or before a ':', ';' or dash, binds the hand-over; exempt when its act is human-only, the hand-over's
own verdict otherwise ('Rename the helper. Your call.' fires). A question, an option list, a negated instruction and a
report are no such instruction."""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged

STATUS = "Tests pass (64/64).\n\n"


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Drop the sessions table on the production database. Your call.", "bound-before",
         ["named before it", "Drop the sessions table"]),
        ("Rotate the live Twilio auth token: your call.", "bound-before", ["named before it", "Rotate"]),
        ("Force-push the rewritten release history to main — up to you.", "reader-decides",
         ["named before it", "push"]),
        ("Please cancel the Pro subscription on the billing page. Up to you.", "reader-decides",
         ["named before it", "cancel"]),
        # the instruction's verb the model read as a noun
        ("Merge #604 into main. Your call.", "bound-before", ["named before it", "Merge", "merge"]),
        ("Publish 2.4.0 to npm. Your call.", "bound-before", ["named before it", "Publish", "release"]),
    ],
)
def test_an_instruction_naming_a_human_only_act_binds_the_hand_over(text: str, rule: str, words: list[str]) -> None:
    assert_judged(STATUS + text, "exempt", rule, words)


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Rename the parser helper. Your call.", "standalone", ["Your call", "without naming a human-only one"]),
        ("Split the settings module into two files: your call.", "status-prose", ["Split"]),
        ("Reformat the fixtures under black. Up to you.", "reader-decides", ["up to you"]),
        ("Don't touch the retry helper. Your call.", "standalone", ["Your call"]),
        ("Renamed the parser helper. Your call.", "standalone", ["Your call"]),
        # a question or an option list before the hand-over is no instruction
        ("Squash or rebase? Your call.", "standalone", ["Your call"]),
        ("Let me know. Your call.", "standing-by", ["let me know"]),
    ],
)
def test_an_instruction_naming_the_agents_own_work_leaves_the_hand_over_firing(
    text: str, rule: str, words: list[str]
) -> None:
    assert_judged(STATUS + text, "fire", rule, words)


TABLE = "| Item | Owner |\n|---|---|\n"


@pytest.mark.parametrize(
    ("row", "verdict", "words"),
    [
        ("| Reformat the fixtures under black | yours |", "fire", ["'yours'", "without naming a human-only one"]),
        ("| Rename the CLI flag to --dry | yours |", "fire", ["'yours'"]),
        ("| Merge #812 into main | yours |", "exempt", ["named before it", "Merge #812 into main", "merge"]),
        ("| Publish 4.0.0 to PyPI | yours |", "exempt", ["named before it", "Publish 4.0.0 to PyPI"]),
    ],
)
def test_a_cell_that_holds_only_yours_is_the_rows_hand_over(row: str, verdict: str, words: list[str]) -> None:
    assert_judged(STATUS + TABLE + row, verdict, "reader-decides", words)


@pytest.mark.parametrize(
    "text",
    ["Sincerely yours.", "That laptop is a friend of yours, I think.",
     TABLE + "| Rename the parser helper | mine, not yours |"],
)
def test_yours_anywhere_but_a_whole_cell_names_an_owner(text: str) -> None:
    assert analyze(STATUS + text).findings == ()
