"""The closing act under real surface variation (issue 28, r35e; docs/DESIGN.md#construction-classes).

A rule that knows a closing act must still know it when real agents format it otherwise (counted in docs/FIELD.md,
session 9). Each class is read on its shape, not on the words first seen:
* a valediction with a pictograph after it ('Happy coding! 🚀') is a sign-off, not the agent's last words;
* a heading or label line naming the next step over a paragraph that is a closing act of its own (a question, a wait,
  a conditional offer) leaves that act judged as written; an -ing opener after it is the agent's state, no instruction;
* a discourse marker opening the sentence ('Alright, …', 'OK so — …') is read past, on the sites and the phrase path;
* a remark of ease ('No rush.') or a prediction of the result on the question's line is furniture of the question;
* markup inside the sentence — chat spelling after an underscore that opens emphasis, a numbered item's marker before
  a small letter, blanked inline code or bold — leaves the sentence read as written;
* and for precision: a list of work done before the act ('1. Updated the lockfile.') instructs the reader nothing.
"""

from __future__ import annotations

import pytest

from analyzer.engine import _compact
from analyzer.text.closing import claim_vocabulary, closing_part, is_valediction
from analyzer.text.disguise import fold
from analyzer.text.questions import _opens_with_participle, _remark_after
from analyzer.text.spelling import respell
from tests.judging import assert_judged, verdict_rule_reason

FIRES = [
    # a valediction with a pictograph after the closing act
    (
        "Retry wrapper added; tests pass.\n\nOkay if I port it to the sync client too?\n\nHappy hacking! 🛠️",
        "leave-question",
        ["'Okay'", "'port'"],
    ),
    ("Ready for me to start on the exporter?\n\nThanks! 🙏", "readiness-question", ["gives the go"]),
    # a next-step heading over a closing act of its own
    (
        "Lint is clean.\n\n## Next steps\n\nAny objection to me splitting the loader into two modules?",
        "leave-question",
        ["'objection'", "'splitting'"],
    ),
    (
        "Both options compile.\n\n### Next steps\n\nOnce you choose between Redis and SQLite, I'll wire the cache.",
        "decision-offer",
        ["'choose'", "'wire'"],
    ),
    # ... and an instruction under it is still the next step handed over
    (
        "Plan written.\n\n### Next steps\n\nRun `/speckit.tasks` to break the plan into tasks.",
        "work-list",
        ["Next steps"],
    ),
    # a discourse marker opening the sentence
    ("Alright, mind if I regenerate the snapshots?", "leave-question", ["'Mind'", "'regenerate'"]),
    ("OK so — proceed with the exporter refactor?", "going-on-question", ["'Proceed'"]),
    ("Okay, share the failing log and I'll patch the parser.", "turn-taking", ["'log'"]),
    # a remark on the question's line
    ("Port the fix to the 2.x branch as well? No rush.", "verbless-offer", ["'Port'"]),
    ("Okay if I rename the settings module? Happy either way.", "leave-question", ["'rename'"]),
    ("How can I help next? The CI badge should now show green.", "open-offer", ["How … help"]),
    # markup inside the sentence
    ("_shud i keep goin w the css fixes?_", "permission-question", ["should i"]),
    (
        "1. Cleaned up the imports.\n2. pls paste me the stack trace n ill patch the loader",
        "turn-taking",
        ["'trace'"],
    ),
    ("Okay if I move the `retry` helper into utils?", "leave-question", ["'move'"]),
    ("Same for the `exporter`?", "verbless-offer", ["Same for"]),
    ("Mind if I rename the **settings** module?", "leave-question", ["'rename'"]),
    # what the past-form rule leaves: an instruction before the act still hands the check over
    (
        "Rerun the integration suite locally. If it still fails, I'll bisect the regression.",
        "result-before-act",
        ["'rerun …'", "'bisect'"],
    ),
]

PASSES = [
    # a sign-off with a pictograph after a hold on work
    "CI is still running on #311; I'll report the result when it lands.\n\nHappy coding! 🚀",
    # the agent's own state under a next-step heading
    "Both options compile.\n\n### Next steps\n\nHanging tight until the upstream release lands tonight.",
    "Tests green.\n\n**Next steps**\n\nStanding by while the deploy pipeline finishes its canary stage.",
    # a discourse marker before a hold, and a reply word after a question, which answers it
    "Okay — CI is rerunning the flaky job; I'll check it when it finishes.",
    "Should I refactor this? Sure — it is done in the same commit.",
    # a question the agent answers on its line
    "Did the cache survive restarts before? No, so I added a flush on shutdown.",
    # a list of work done, then the agent's own hold on work in flight
    "Steps done:\n\n1. Updated the lockfile.\n2. Reran the suite.\n3. Once the nightly build finishes, I'll publish "
    "the benchmark table.",
    "Done so far:\n\n1. Fixed the date parsing.\n2. Added two regression tests.\n3. When the CI run finishes, I'll "
    "tidy the imports.",
    # a marker alone is a sentence of its own
    "Perfect!",
]

EXEMPT = [
    ("Alright, the merge of #88 is yours to make.", "reader-decides", ["merge"]),
    ("OK so — rotating the deploy keys is your call.", "copular-ownership", ["credentials"]),
    ("Okay if I merge **#812** into main now?", "leave-question", ["merge"]),
    # a persona's vocative after the marker ('Well, partner, …'): read as the persona's, the grant stays bound
    (
        "Updated the CI matrix.\n\nWell, partner, is it OK for me to grant the CI role admin on the prod project?",
        "leave-question",
        ["'grant'", "iam"],
    ),
]


@pytest.mark.parametrize(("text", "rule", "words"), FIRES)
def test_the_closing_act_fires_under_its_real_surface(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize("text", PASSES)
def test_the_same_surface_around_no_closing_act_passes(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize(("text", "rule", "words"), EXEMPT)
def test_a_human_only_act_stays_exempt_under_the_surface(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "exempt", rule, words)


@pytest.mark.parametrize(
    ("unit", "signs_off"),
    [
        ("Happy coding! 🚀", True),
        ("Cheers 👋\nRowan", True),
        ("Thanks! 🙏", True),
        ("Happy coding! Run the suite.", False),
        ("Thanks for the review 🚀", False),
    ],
)
def test_a_valediction_may_carry_signs_without_a_letter(unit: str, signs_off: bool) -> None:
    assert is_valediction(unit, claim_vocabulary()) is signs_off


@pytest.mark.parametrize(
    ("sentence", "furniture"),
    [
        ("No rush.", True),
        ("Happy either way!", True),
        ("The build should now pass on CI.", True),
        ("No, so I added a check.", False),
        ("Happy to do either.", False),
        ("If it fails, the build should now stop.", False),
    ],
)
def test_a_remark_after_the_question_is_furniture_by_its_shape(sentence: str, furniture: bool) -> None:
    assert _remark_after(sentence) is furniture


@pytest.mark.parametrize(
    ("item", "participle"),
    [
        ("Standing by while CI runs.", True),
        ("porting the cache to the feed.", True),
        ("Bring the staging stack up.", False),
        ("Pending: your word on the layout.", False),
        ("Run `/speckit.tasks`.", False),
    ],
)
def test_an_ing_opener_after_a_next_label_is_no_instruction(item: str, participle: bool) -> None:
    assert _opens_with_participle(item) is participle


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Alright, want me to add it?", "Want me to add it?"),
        ("OK so — merging is your call.", "Merging is your call."),
        ("Perfect!", "Perfect!"),
        ("Ready? Sure — go ahead.", "Ready? Sure — go ahead."),
        ("It is ok, so I left it.", "It is ok, so I left it."),
        # a persona's vocative after it: the marker stays, so the comma before the vocative sets it off
        ("Well, partner, if the logs show more, ping me.", "Well, if the logs show more, ping me."),
    ],
)
def test_a_discourse_marker_opening_a_sentence_is_read_as_nothing(text: str, read: str) -> None:
    assert respell(fold(text)).text == read


def test_a_closing_part_starts_after_a_numbered_marker_before_a_small_letter() -> None:
    text = "1. Fixed the parser.\n2. pls paste me the stack trace"
    closing = closing_part(text)
    assert [text[s.start : s.end] for s in closing.sentences] == ["pls paste me the stack trace"]
    decimal = "3.5 seconds is the p99 now."
    assert [decimal[s.start : s.end] for s in closing_part(decimal).sentences] == [decimal]


def test_a_sites_part_is_parsed_with_its_blank_runs_compacted_and_offsets_kept() -> None:
    part, offsets = _compact("Same for the test  layout ?", 10)
    assert part == "Same for the test layout ?"
    assert offsets[len("Same for the test ")] == 10 + len("Same for the test  ")
    assert _compact("Want me to add it?", 3) == ("Want me to add it?", list(range(3, 21)))
