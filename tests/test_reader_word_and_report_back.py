"""r33a (docs/DESIGN.md#construction-classes): turn-taking on the reader's word and the report back on the agent's own
work. The reader's word or material as the condition of the agent's next act ('Send me the format you want and I'll
write the validator.', 'If you give the go-ahead, I'll refactor it.'), and the reader asked to look at what the agent
just did and report ('Let me know how it looks.', 'Let me know what you see.') — work the agent could do. Rows
report-before-act (analyzer/grammar/closing_reports.py), turn-taking (analyzer/grammar/closing_handovers.py) and
word-before-act's fact of the reader's own world (analyzer/grammar/closing_word.py)."""

from __future__ import annotations

import pytest

from analyzer.text.questions import question_sites
from tests.grammar_examples import question_decided
from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    "text",
    [
        "Reworked the header spacing.\n\nLet me know how it looks!",
        "The tooltip now waits 300 ms. Tell me how it feels now.",
        "Swapped the regex for a parser. Let me know if that resolves the crash.",
        "Rebuilt the bundle. Let me know what you see in the console.",
        "The seed script is in place. Let me know what output you get.",
        "Tweaked the contrast. Let me know how the new palette looks on your monitor.",
        "LET ME KNOW HOW IT LOOKS AND IF ANYTHING NEEDS ADJUSTING.",
        "Re-rendered the icons at 3x. Tell me if they look sharp now.",
        "I've added an index on `user_id`. Could you let me know whether that sped up the dashboard?",
    ],
)
def test_the_report_on_the_agents_own_work_is_a_check_the_agent_could_run(text: str) -> None:
    assert_judged(text, "fire", "report-before-act", ["report what the agent's own work shows", "check the agent"])


@pytest.mark.parametrize(
    "text",
    [
        "Let me know which of the two endpoints to migrate first.",
        "Tell me which one to tackle next.",
        "Let me know which service to containerise first and I'll jump on it.",
    ],
)
def test_the_reader_told_to_pick_the_agents_next_act(text: str) -> None:
    assert_judged(text, "fire", "report-before-act", ["which of the agent's acts comes"])


@pytest.mark.parametrize(
    "text",
    [
        "Reworked the font loading.\n\n- Let me know if the flicker is gone now.",
        "Raised the upstream timeout. Let me know whether the 504s come back.",
    ],
)
def test_the_report_on_whether_the_trouble_the_work_addressed_is_gone(text: str) -> None:
    assert_judged(text, "fire", "report-before-act", ["whether the trouble the agent's work addressed is gone"])


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("If you give me the green light, I'll port the remaining jobs.", ["the reader's go", "'port'"]),
        ("If you tell me whether you want snake case or camel case, I'll rename the fields.", ["the reader's wish"]),
        ("If you also want a JSON export, say so and I'll add one.", ["said back", "'add'"]),
        ("If you send me the config format you want, I'll write the loader.", ["the reader's wish", "'write'"]),
        ("Let me know the log format you'd like and I'll switch the formatter.", ["the reader's wish", "'switch'"]),
    ],
)
def test_the_readers_word_as_the_condition_of_the_agents_act(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "report-before-act", ["stands by on the reader's word", *words])


def test_a_report_timed_by_the_readers_act_before_the_agents() -> None:
    assert_judged(
        "Let me know once the stale cache folder is removed and I'll rebuild the index.",
        "fire",
        "report-before-act",
        ["report back when", "before the agent's 'rebuild'"],
    )


def test_what_a_check_showed_handed_back_with_no_act_of_the_agents_named() -> None:
    assert_judged(
        "Please restart the worker. If it still crashes, paste the traceback here.",
        "fire",
        "report-before-act",
        ["hand back what the check showed", "check the agent could run"],
    )


@pytest.mark.parametrize(
    ("text", "handed"),
    [
        ("Send me the retry limit you want and I'll wire it into the client.", "limit"),
        ("Hand me the bitrate you're aiming for and I'll tune the encoder presets.", "bitrate"),
        ("Drop me the sample invoices whenever and I'll extend the importer to them.", "invoices"),
    ],
)
def test_the_readers_material_before_the_agents_act(text: str, handed: str) -> None:
    assert_judged(text, "fire", "turn-taking", ["asks the reader for '", handed[:4], "reader's material"])


def test_a_place_a_thing_comes_from_is_no_owner_of_it() -> None:
    assert_judged(
        "Paste the error from your terminal here and I'll take it from there.",
        "fire",
        "turn-taking",
        ["'error'", "could produce itself"],
    )


def test_the_next_thing_left_open_as_a_free_relative() -> None:
    assert_judged("Point me at whatever's next and I'll dig in.", "fire", "turn-taking", ["next request", "whatever"])


def test_a_hedged_recommendation_after_the_turn_taking_is_judged_apart() -> None:
    assert_judged(
        "Could you run the setup wizard on your laptop and tell me where it stops? I'll patch whatever trips it.\n\n"
        "For what it's worth, I'd lean towards the smaller change.",
        "fire",
        "turn-taking",
        ["tells the reader to 'run", "work the agent could do"],
    )


# rv8: each none case with the row that carves it and its reason words (None: the text layer finds no site), so a case
# stands for the carve-out its comment names.
NONE_CASES = [
    # the reader's own event, not the agent's work
    ("Let me know how the interview goes tomorrow.", "report-before-act", ["asks about 'interview'", "reader's own"]),
    ("Let me know how the demo goes on your side.", "report-before-act", ["asks about 'demo'"]),
    ("Let me know if Dana is back tomorrow.", "report-before-act", ["asks about 'Dana'"]),
    # a fact of the reader's own world the agent cannot find
    ("Tell me the exact folder, and I'll add the same mapping to the backup routine.", "word-before-act",
     ["a fact of their own world"]),
    ("Send me the path where the exports live on your laptop and I'll add the mapping.", "turn-taking",
     ["'send … path' hands over a fact of the reader's own world"]),
    # the go for a human-only act; the report timed by a human-only act
    ("If you give the go-ahead on the production deploy, I'll run it.", "report-before-act",
     ["holds the agent's act until the reader's"]),
    ("Let me know once you've signed in to the AWS console and I'll continue with the IAM setup.", "word-before-act",
     ["once you've signed in"]),
    # a thing's event, a wait on work in flight
    ("Let me know when CI is green and I'll merge it into the feature branch.", "report-before-act",
     ["timed by a thing's event ('when CI is green')"]),
    # the thing handed to someone else
    ("If the nightly fails, send the logs to the release team.", "report-before-act", ["to someone else"]),
    # the reader's own thing ('your AWS account ID'), left by turn-taking to the rows after it, which find no ask
    ("Tell me your AWS account ID and I'll add it to the allow-list.", "not-a-closing-question",
     ["asks for no choice"]),
    # the same words reported, or in a status
    ("She asked me to let her know how it looks.", None, []),
    ("I checked how it looks on mobile: the layout holds at 320px.", None, []),
]


@pytest.mark.parametrize(("text", "rule", "words"), NONE_CASES, ids=[t[:40] for t, _, _ in NONE_CASES])
def test_no_finding(text: str, rule: str | None, words: list[str]) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")
    decided = question_decided(text)
    if rule is None:
        assert (decided, [s.kind for s in question_sites(text)]) == (None, [])
        return
    assert decided is not None and (decided.verdict, decided.rule) == ("carved", rule), decided
    for word in words:
        assert word in decided.reason, decided.reason
