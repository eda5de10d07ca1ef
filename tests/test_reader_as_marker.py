"""r29d (docs/DESIGN.md#construction-classes): rules on the grammar, not on the words seen. What the agent's option
fits is anything the reader owns after a verb of fitting a purpose ('fits your intent'); what the reader would like
done with an open word is the agent's next work when it is located in a thing ('anything you'd like to improve in
the app'); a verb of knowing joined to an act offers the act ('know or do with the project')."""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged


@pytest.mark.parametrize(
    "text",
    [
        "Which direction fits your intent best?",
        "Which option aligns with your intentions here?",
        "Does this plan fit your roadmap?",
        "Does this structure serve your long-term maintenance?",
        "Is this layout a good fit for your brand?",
    ],
)
def test_anything_the_reader_owns_after_a_verb_of_fitting_is_the_need(text: str) -> None:
    assert_judged(text, "fire", "fit-question", ["asks whether the agent's option fits the reader's need"])


@pytest.mark.parametrize(
    "text",
    [
        "Does the error message match your logs?",
        "Does the checksum match your download?",
        "Does the stack trace match your terminal output?",
    ],
)
def test_a_match_with_a_thing_of_the_readers_own_is_a_fact(text: str) -> None:
    report = analyze(text)
    assert report.verdict == "clear"
    assert not report.findings


@pytest.mark.parametrize(
    "text",
    [
        "Is there anything specific you'd like to improve or modify in the app?",
        "Is there anything you'd like to adjust or expand in any of the documents?",
        "Is there anything you would like to rework in the parser?",
        "Is there anything particular you'd like to optimize in the queries?",
    ],
)
def test_the_readers_wish_on_an_open_word_in_the_work_asks_for_the_next_work(text: str) -> None:
    assert_judged(text, "fire", "change-question", ["asks what the reader would like done in the agent's work"])


@pytest.mark.parametrize(
    "text",
    [
        "Is there anything you'd like to read before the meeting?",
        "Is there anything you'd like to tell your manager?",
    ],
)
def test_the_readers_own_errand_is_located_in_no_work(text: str) -> None:
    report = analyze(text)
    assert report.verdict == "clear"
    assert not report.findings


def test_a_bare_open_wish_is_the_open_offer_whatever_its_verb() -> None:
    """With nothing binding the act to the reader's own things or time, the grammar reads 'anything you'd like to
    drink' as it reads 'anything you'd like to change': the open wish a closing line hands back (reader-wish-question,
    the family's general row); no word list of the agent's acts tells them apart, and none is kept."""
    text = "Is there anything you'd like to drink?"
    assert_judged(text, "fire", "reader-wish-question", ["asks the reader's wish ('like')"])


def test_a_verb_of_knowing_joined_to_an_act_offers_the_act() -> None:
    assert_judged("What would you like to know or do with the MemoryStream project?", "fire", "choice-question", [])


def test_knowing_alone_is_still_a_rhetorical_lead_in() -> None:
    report = analyze("Do you want to know why the last page repeated? The cursor was reset by the retry loop.")
    assert report.verdict == "clear"


@pytest.mark.parametrize(
    "text",
    [
        "Tell me and I'll fix it.",
        "Give me the word and we'll ship the refactor.",
        "Confirm and I'll push the branch.",
        "Say “step 2 – booking service” and we’ll build the core business logic next.",
        "Please specify and I will provide code.",
    ],
)
def test_the_readers_word_before_the_agents_act_is_a_wait_on_it(text: str) -> None:
    assert_judged(text, "fire", "word-before-act", ["the turn stands by on the reader's word"])


@pytest.mark.parametrize(
    "text",
    [
        "Tell your manager and they'll approve the budget.",
        "Give the service a minute and it will come back up.",
        "Restart the server and it will pick up the new config.",
    ],
)
def test_a_word_to_someone_else_or_a_things_sequel_is_no_wait(text: str) -> None:
    report = analyze(text)
    assert report.verdict == "clear"
    assert not report.findings


@pytest.mark.parametrize(
    "text",
    [
        "Let me know if this looks good!",
        "Let me know if the plan looks right.",
        "Let me know if this sounds reasonable.",
    ],
)
def test_approval_of_the_agents_own_work_pointed_at_in_a_request_to_report(text: str) -> None:
    assert_judged(text, "fire", "approval-request", ["asks the reader to report their approval"])


@pytest.mark.parametrize(
    "text",
    ["Let me know if the banner looks broken on mobile.", "Let me know if the chart looks empty after the refresh."],
)
def test_a_report_of_what_the_reader_sees_is_no_approval(text: str) -> None:
    assert analyze(text).verdict == "clear"


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Given the real data, which direction fits your intent best?\n\n- **A)** Upgrade the landing page\n"
         "- **B)** Build a separate browser page", "fit-question"),
        ("Is this the direction you had in mind?\n\n- Split the service into two\n- Move auth to the gateway",
         "approval-question"),
    ],
)
def test_a_question_over_a_closing_list_of_options_is_a_closing_question(text: str, rule: str) -> None:
    assert_judged(text, "fire", rule, [])


@pytest.mark.parametrize(
    "text",
    ["Why did the build fail?\n\n- The cache key included a timestamp\n- The lockfile was stale",
     "What changed?\n\n- Added the retry loop\n- Fixed the import paths"],
)
def test_a_question_the_list_answers_is_no_closing_question(text: str) -> None:
    assert analyze(text).verdict == "clear"


def test_the_last_line_after_lines_with_no_marks_is_read_alone() -> None:
    notes = ("Proper logging through the logger utility\nEvery response carries a message and its data object\n"
             "Only future, full-hour slots are accepted\nKeep the balance between simplicity and polish\n")
    assert_judged(f"{notes}Let me know if this looks good to pass to the coding agent!", "fire", "approval-request", [])


@pytest.mark.parametrize(
    "text",
    [
        "Does this complete the plan, or are you ready for me to start implementing the project?",
        "Is the outline complete, or are we good to start on the endpoints?",
    ],
)
def test_readiness_asked_in_the_question_joined_by_or(text: str) -> None:
    assert_judged(text, "fire", "readiness-question", ["asks whether the reader gives the go"])


def test_a_things_readiness_joined_by_or_is_a_fact() -> None:
    assert analyze("Did the deploy finish, or is the cluster not ready for traffic?").verdict == "clear"


@pytest.mark.parametrize(
    "text",
    [
        "First, I need to see the contents of `tsconfig.json`. Please provide the content of `tsconfig.json`.",
        "Please provide the content of `src/routes.test.ts` so I can fix its import paths.",
        "The alias config is in place. Now, please provide the content of src/app.ts so I can fix its import paths.",
        "Provide the output of npm ls and I'll sort out the peer dependencies.",
    ],
)
def test_asked_to_provide_what_a_read_produces_the_reader_does_the_agents_work(text: str) -> None:
    """'provide' hands the agent a thing ([output-asked] verbs): a file's content or a run's output it could read or
    produce itself, waited on before its act or with none named."""
    assert_judged(text, "fire", "turn-taking", ["which the agent could produce itself"])


@pytest.mark.parametrize(
    "text",
    [
        "Please provide the contents of your private key file.",
        "Please provide your GitHub token so I can push.",
        "Please provide the production database password so I can run the migration.",
        "Please add src/app.ts to the chat so I can fix its imports.",
    ],
)
def test_what_only_the_reader_has_is_no_work_handed_over(text: str) -> None:
    """A secret only the reader holds, or a file only the person can add to the chat (the harness's own act)."""
    report = analyze(text)
    assert (report.verdict, report.findings) == ("clear", ())
