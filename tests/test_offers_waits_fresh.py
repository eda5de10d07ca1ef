"""Offers, waits and turn-taking on fresh material (issue 28, r36c; docs/DESIGN.md#construction-classes).

Each class is a construction one word or one position short before this round; each case asserts the exact verdict,
rule and reason words:
* the bonus offer whose condition is how the work strikes the reader, with an adjective of appeal ('if that sounds
  fun');
* the agent at the reader's service ('I remain at your disposal for any further adjustments.');
* the open area of the agent's help outside a question ('Please advise if there is anything further I can assist
  with.');
* the agent's work waiting on the reader's word ('The fixture cleanup waits on your sign-off.');
* the agent's need of the reader's act ('I need you to run the unit tests and tell me the result.');
* a vocative before the hold, and an artifact line of identifiers after the closing act.
"""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

APPEAL_FIRES = [
    ("The jump buffer is in.\n\nCould wire up controller rumble on landing as well, if that sounds fun.",
     ["'wire'", "'if that sounds fun'"]),
    ("Tests pass.\n\nI could also port the parser to the async API, if that seems neat.",
     ["'port'", "'if that seems neat'"]),
    ("The sprite sheet is packed.\n\nIf that sounds fun, I can animate the idle pose next.", ["'animate'"]),
]

EFFORT_FIRES = [
    ("Token flow done.\n\nIf you fancy it, a token-refresh test is a ten-minute add on my end.",
     ["'test'", "'If you fancy it'"]),
    ("Done.\n\nIf that sounds useful, a CSV export is a quick job for me.", ["'export'"]),
    ("Done.\n\nShould that help, a dark-mode toggle is an easy win for me.", ["'toggle'"]),
]

EFFORT_NONE = [
    "Done.\n\nIf that sounds useful, the export is a quick job for the data team.",
    "Done. The retry wrapper is a small change on our side.",
]

SERVICE_FIRES = [
    ("Review done.\n\nI remain at your disposal for any further adjustments.", ["'remain'", "'adjustments'"]),
    ("Review done.\n\nI'm at your service for further changes.", ["'changes'"]),
    ("Review done.\n\nStanding by for any further tweaks.", ["'Standing'", "'tweaks'"]),
]

SERVICE_NONE = [
    "All done.\n\nThe cluster is at your disposal for load tests.",
    "All done.\n\nWaiting for further changes from the upstream team before I rebase.",
]

OPEN_AREA_FIRES = [
    ("Report attached.\n\nPlease advise if there is anything further I can assist with.", ["'anything'"]),
    ("Report attached.\n\nKindly advise if there is any other area I could support.", ["'area'"]),
]

OPEN_AREA_NONE = [
    "Report attached.\n\nI documented every part we could support in the README.",
    "Report attached.\n\nThe guide lists anything the CLI can help with.",
    "The support bot no longer ends every reply with 'Anything else I can help with?'; the closer is now configurable.",
    'The template said "Please advise if there is anything further I can assist with." and I removed it.',
    "The bot replies 'Anything else I can help with?' after each answer.\n\nMy recommendation is the second option.",
]

WORK_WAITS_FIRES = [
    ("The release candidate is staged. The fixture cleanup waits on your sign-off.", ["'cleanup'", "'sign-off'"]),
    ("Draft is up.\n\nThe schema migration needs your go-ahead.", ["'migration'", "'go-ahead'"]),
    ("Everything on my side is done; the branch now needs your OK on the test naming before I continue.",
     ["'branch'", "'OK'"]),
]

WORK_WAITS_NONE = [
    "Draft is up.\n\nThe installer waits for your confirmation.",
    "Draft is up.\n\nThe release needs your sign-off.",
    "Draft is up.\n\nThe merge of PR #412 waits on your approval.",
    "Draft is up.\n\nThe prompt waits on your answer.",
]

AGENT_NEEDS_FIRES = [
    ("Patched.\n\nI need you to run the unit tests on your side and tell me the result before I proceed.", ["'run …'"]),
    ("Patched.\n\nI'd like you to rerun the linter and paste what it prints.", ["'rerun …'"]),
    ("Patched.\n\nWe need you to check the staging logs and tell me what you see.", ["'check …'"]),
]

AGENT_NEEDS_NONE = [
    "Patched.\n\nI needed you to run the tests earlier, but CI covered it.",
    "Patched.\n\nI need you to rotate the production API keys and tell me when it's done.",
]


@pytest.mark.parametrize(("text", "words"), APPEAL_FIRES)
def test_a_bonus_offer_on_an_adjective_of_appeal_fires(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "bonus-offer", ["on a condition only the reader settles", *words])


@pytest.mark.parametrize(("text", "words"), EFFORT_FIRES)
def test_a_piece_of_the_agents_effort_offered_on_a_condition_fires(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "bonus-offer", ["on a condition only the reader settles", *words])


@pytest.mark.parametrize("text", EFFORT_NONE)
def test_someone_elses_effort_or_no_condition_is_no_bonus_offer(text: str) -> None:
    assert verdict_rule_reason(text)[0] != "fire"


@pytest.mark.parametrize(("text", "words"), SERVICE_FIRES)
def test_the_agent_at_the_readers_service_waits_on_the_person(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "wait-on-person", ["waits on the reader's", "not on work in flight", *words])


@pytest.mark.parametrize("text", SERVICE_NONE)
def test_a_things_service_or_a_wait_on_someone_elses_changes_is_none(text: str) -> None:
    assert verdict_rule_reason(text)[0] != "fire"


@pytest.mark.parametrize(("text", "words"), OPEN_AREA_FIRES)
def test_the_open_area_of_the_agents_help_outside_a_question_fires(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "open-offer", ["asks what the reader needs the agent's help with", *words])


@pytest.mark.parametrize("text", OPEN_AREA_NONE)
def test_an_area_named_or_a_things_help_is_no_open_offer(text: str) -> None:
    assert verdict_rule_reason(text)[0] != "fire"


@pytest.mark.parametrize(("text", "words"), WORK_WAITS_FIRES)
def test_the_agents_work_waiting_on_the_readers_word_fires(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "wait-on-person", ["the agent's work", "waits on the reader's", *words])


@pytest.mark.parametrize("text", WORK_WAITS_NONE)
def test_a_things_wait_or_a_human_only_stamp_is_none(text: str) -> None:
    assert verdict_rule_reason(text)[0] != "fire"


@pytest.mark.parametrize(("text", "words"), AGENT_NEEDS_FIRES)
def test_the_agents_need_of_the_readers_act_is_turn_taking(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "turn-taking", ["tells the reader to", "waits for the report back", *words])


@pytest.mark.parametrize("text", AGENT_NEEDS_NONE)
def test_a_past_need_or_a_human_only_act_is_none(text: str) -> None:
    assert verdict_rule_reason(text)[0] != "fire"


def test_a_vocative_before_the_hold_is_no_subject() -> None:
    text = "Dashboard built.\n\nWell partner, parking this until I hear back from y'all on the cohort definition."
    assert_judged(text, "fire", "wait-on-reader", ["the agent's 'parking' waits on the reader's 'hear'"])


def test_a_noun_subject_before_a_comma_still_holds_its_own_wait() -> None:
    text = "Dashboard built.\n\nThe worker, parking jobs until the queue drains, is fine."
    assert verdict_rule_reason(text)[0] != "fire"


TRAILERS = ["Files: `src/`, `tests/` · commit 3f9a1c2", "Commit: 3f9a1c2", "Branch: `fix/retry` · PR #412"]


@pytest.mark.parametrize("trailer", TRAILERS)
def test_an_artifact_line_of_identifiers_after_the_closing_act_is_furniture(trailer: str) -> None:
    text = f"Done.\n\nAre we good to proceed with the schema change on the dev DB?\n\n{trailer}"
    assert_judged(text, "fire", "readiness-question", ["asks whether the reader gives the go"])


def test_an_artifact_label_before_words_stays_content() -> None:
    assert verdict_rule_reason("Done, all green.\n\nCommit: add retries to the fetcher")[0] != "fire"


@pytest.mark.parametrize(
    "text",
    [
        "I remain at your disposal for any further adjustments.",
        "I'm at your service for further changes.",
        "The config cleanup depends on your decision about the defaults.",
        "The fixture cleanup waits on your sign-off.",
        "I need you to run the unit tests and tell me the result.",
    ],
)
def test_the_stops_cheap_filter_lets_each_site_through(text: str) -> None:
    from analyzer.api import may_ask

    assert may_ask(text)
