"""r29a: the same constructions in chat spelling and in a persona (docs/DESIGN.md#construction-classes): a chat pronoun
with a contraction ("u'd", "ye've", "ya're"), "2", "n" and "an'" for "to" and "and", "ill" after a conjunction, a
vocative set off by commas, a persona's interjection before a closing sentence, and a sentence opened in small letters
are read as the standard sentence — by the respelling, by the pre-filters and by the site patterns — and decided alike;
the forms stay as written where they are other words ("2 tests", "O(n)")."""

from __future__ import annotations

import pytest

from analyzer import analyze
from analyzer.api import may_ask, may_hold_phrase
from analyzer.text.disguise import fold
from analyzer.text.questions import kind_of
from analyzer.text.spelling import respell


def read(text: str) -> str:
    return respell(fold(text)).text


@pytest.mark.parametrize(
    ("written", "reads"),
    [
        ("I can split this into two PRs if u'd like.", "I can split this into two PRs if you'd like."),
        ("Once ye've regenerated the fixtures, ping me.", "Once you've regenerated the fixtures, ping me."),
        ("Let me know when ya're ready for the next batch.", "Let me know when you're ready for the next batch."),
        ("Whether 2 keep the exporter is yours 2 settle.", "Whether to keep the exporter is yours to settle."),
        ("Permission 2 upgrade the dev dependencies?", "Permission to upgrade the dev dependencies?"),
        ("I'll wait 2 hear back from u first.", "I'll wait to hear back from you first."),
        ("Throw the next task at me and Ill jump on it!", "Throw the next task at me and I'll jump on it!"),
        ("throw the next task at me n ill jump on it", "throw the next task at me and I'll jump on it"),
        ("Soon as ya pick a name, partner, I'll do the rename an' fix the imports.",
         "Soon as you pick a name, I'll do the rename and fix the imports."),
    ],
)  # fmt: skip
def test_chat_and_persona_forms_read_as_standard_english(written: str, reads: str) -> None:
    assert read(written) == reads


@pytest.mark.parametrize(
    "text",
    ["Ran 2 tests and added 2 review comments.", "O(n) items, n at a time.", "Plan b is the 2 step rollout."],
)
def test_the_forms_stay_as_written_where_they_are_other_words(text: str) -> None:
    assert read(text) == text


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("Ready 2 proceed 2 User Story 3!", "ready"),
        ("Parked — ping me once u've had a look.", "turn"),
        ("Arr, ready 2 proceed 2 phase 3, matey!", "ready"),
    ],
)
def test_the_site_patterns_read_chat_spelling_and_leave_the_persona_out(sentence: str, kind: str) -> None:
    assert kind_of(sentence) == kind
    assert may_ask(sentence)


def test_the_phrase_pre_filter_reads_a_chat_pronoun_with_its_contraction() -> None:
    assert may_hold_phrase("I can split this into two PRs if u'd like.")


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("I can split this into two smaller PRs if u'd like.", "wish-condition"),
        ("If ya'd like, I can regenerate the Kotlin and Swift clients.", "wish-condition"),
        ("Arr, if ye'd like, I can regenerate the Kotlin and Swift clients.", "wish-condition"),
        ("Tests pass. Ready 2 move on 2 the settings page when u're ready!", "readiness-next"),
        ("**Ready 2 proceed 2 User Story 3: UI Integration!** 🚀", "readiness-next"),
        ("THE TESTS PASS. READY TO MOVE ON TO **USER STORY 3: UI INTEGRATION** WHEN YOU'RE READY!", "readiness-next"),
        ("## Next steps\n\n- Port the remaining sensors to the new HAL\n- Add a watchdog reset test\n\n"
         "Arr, these can be picked up as a follow-up.", "work-list"),
        ("## Next steps\n\n- Port the remaining sensors to the new HAL\n- Add a watchdog reset test\n\n"
         "Howdy! These can be picked up as a follow-up, partner.", "work-list"),
        ("The dry run is written up. Throw the next task at me and Ill jump on it!", "turn-taking"),
        ("The dry run is written up.\n\nthrow the next task at me n ill jump on it!!", "turn-taking"),
        ("Converted the header to hooks.\n\nif u want i can convert the other 11 class components 2", "wish-condition"),
        ("The package is still called tmp-tools.\n\nSoon as ya pick a package name, partner, I'll do the rename an' "
         "fix the imports.", "decision-offer"),
    ],
)  # fmt: skip
def test_the_construction_is_decided_as_in_standard_spelling(text: str, rule: str) -> None:
    report = analyze(text)
    assert report.verdict == "fire"
    assert rule in [f.rule for f in report.findings if f.verdict == "fire"]


@pytest.mark.parametrize(
    "text",
    [
        "The staging smoke rerun of v3.1 is done; 2 retries were needed.",
        "The patient record was marked tired and ill by the importer; the fixture covers it.",
    ],
)
def test_chat_spelling_adds_no_finding_where_the_standard_sentence_has_none(text: str) -> None:
    report = analyze(text)
    assert (report.verdict, report.findings) == ("clear", ())


def test_a_human_only_hand_over_in_chat_spelling_stays_exempt() -> None:
    report = analyze("Tagging v3.0 is yours 2 decide; the notes are in place.")
    assert (report.verdict, [f.rule for f in report.findings]) == ("exempt", ["reader-decides"])


def test_a_request_to_reach_the_agent_hung_before_the_readers_look_fires() -> None:
    """'Holler once ye've had a gander at it': the model hangs the request on the time as its modifier."""
    report = analyze("Schema's drafted. Holler once ye've had a gander at it, matey.")
    assert report.verdict == "fire"
    assert [f.rule for f in report.findings] == ["word-before-act"]


@pytest.mark.parametrize(
    "text", ["Anything further you'd like tweaked?", "Anything further you would like tweaked?"]
)
def test_a_change_question_reads_alike_with_the_contraction_spelled_out(text: str) -> None:
    report = analyze(f"The focus ring is fixed in Safari.\n\n{text}")
    assert [(f.rule, f.verdict) for f in report.findings] == [("change-question", "fire")]
