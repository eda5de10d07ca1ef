"""r32b (docs/DESIGN.md#construction-classes): the choice handed back as a request for the reader's reply — options
laid out before the message's last sentence (a list, a table whose first cell labels each option, with or without the
agent's recommendation between), and that sentence asking the reader to choose among them by a reply: an imperative of
replying or choosing, or the reader as subject of a modal of leave ('You can reply with the option letter.', 'Please
answer with 1 or 2.', 'Select an option letter to continue.'). A closing list whose lead-in is the reply request
(text/questions.closing_reply, sites.toml [reply]); the work-list row judges the options like attribution: exempt when
every option is human-only, and an option that only asks for the reader's own answer is no option of the agent's."""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged, verdict_rule_reason

TABLE = "| Option | Description |\n|---|---|\n"

FIRES = [
    ("**Recommended:** Option B - one batch a night keeps the sync job simple.\n\n" + TABLE
     + "| A | Sync on every save |\n| B | Sync in one nightly batch |\n| C | Sync only on request |\n"
     "| Short | Provide a different short answer (<=5 words) |\n\n"
     "You can reply with the option letter (e.g., \"B\"), accept the recommendation by saying \"yes\", or give your "
     "own short answer.", ["You can reply with the option letter", "sync on every save"]),
    ("How should the report be paged?\n\n| # | Paging |\n|---|---|\n| 1 | Page by cursor |\n| 2 | Page by offset |\n\n"
     "Reply with the number you prefer.", ["Reply with the number", "page by cursor"]),
    ("The thumbnails can be made two ways.\n\n1) Resize them on upload\n2) Resize them on first view\n\n"
     "Please answer with 1 or 2.", ["answer with 1 or 2", "resize them on upload"]),
    ("Three shapes for the audit log.\n\nA. One row per request\nB. One row per session\nC. One file per day\n\n"
     "Select an option letter to continue.", ["Select an option letter", "one row per request"]),
    (TABLE + "| A | Only admins can edit the templates |\n| B | Every member can edit the templates |\n\n"
     "You may respond with A or B.", ["respond with A or B", "only admins can edit the templates"]),
]

PASSES = [
    # every option is human-only: the reader's own decision
    (TABLE + "| A | Approve the production deploy tonight |\n| B | Approve the production deploy after the freeze |\n\n"
     "Reply with A or B.", "exempt"),
    # the reply is what the product asks its users: a status, no request to the reader
    ("The survey form now lets people reply with the option letter; typing \"B\" picks the second answer.", "none"),
    # the options reported after the agent chose
    ("I compared both pagers:\n\n1. Page by cursor\n2. Page by offset\n\nCursor paging is in and the tests pass.",
     "none"),
]


@pytest.mark.parametrize(("text", "words"), FIRES)
def test_the_reader_asked_to_reply_with_a_choice_of_the_agents_options_fires(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "work-list", ["hands the reader work the agent could do", *words])


def test_every_option_human_only_is_the_readers_own_decision() -> None:
    """Carved (no finding); the same reply over options of the agent's work fires."""
    assert (analyze(PASSES[0][0]).verdict, analyze(PASSES[0][0]).findings) == ("clear", ())
    assert_judged(PASSES[0][0].replace("Approve the production deploy", "Run the smoke suite"), "fire", "work-list",
                  ["reply with a or b", "run the smoke suite tonight"])


@pytest.mark.parametrize("text", [PASSES[1][0], PASSES[2][0]])
def test_a_reply_described_or_options_reported_find_nothing(text: str) -> None:
    report = analyze(text)
    assert (report.verdict, report.findings) == ("clear", ())


def test_the_readers_own_short_answer_is_no_option() -> None:
    text = (TABLE + "| A | Approve the production deploy tonight |\n| B | Approve it after the freeze |\n"
            "| Short | Provide a different short answer |\n\nReply with the option letter.")
    report = analyze(text)
    assert (report.verdict, report.findings) == ("clear", ())


# r32b class 2: the reader's quoted word as the go of the agent's act, its purpose (word-before-act)
QUOTED_FIRES = [
    ("Say 'go' to start the schema migration.", ["say a word", "'start'", "stands by on the reader's word"]),
    ("Type 'continue' to proceed with phase 2.", ["type a word", "'proceed'"]),
    ("Respond 'B' to switch the cache to Redis.", ["respond a word", "'switch'"]),
    ("Everything is staged. Send 'ok' to commit the migration files.", ["send a word", "'commit'"]),
    ("Say \"yes\" to take the recommendation, or name another option.", ["say a word", "'take'"]),
]


@pytest.mark.parametrize(("text", "words"), QUOTED_FIRES)
def test_the_readers_quoted_word_releasing_the_agents_act_fires(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "word-before-act", words)


@pytest.mark.parametrize(
    "text",
    [
        "Say 'go' to start the production deploy of v2.4.0.",  # a human-only act: a hold
        "Type 'continue' in the installer prompt to accept the licence.",  # a place between: the reader's own use
        "The bot now lets users type 'stop' to pause notifications.",  # what the product's users do
        "I typed 'continue' to skip the prompt, and the install finished.",  # a report
    ],
)
def test_a_quoted_word_for_a_human_only_act_or_not_the_readers_go_finds_nothing(text: str) -> None:
    report = analyze(text)
    assert (report.verdict, report.findings) == ("clear", ())


# r32b class 3: readiness for one stage or another (readiness-next)
@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Ready for task breakdown or implementation.",
         ["for one next piece of work or another", "'breakdown' or 'implementation'", "handed to the reader"]),
        ("I'm ready for the caching layer or the importer tests.", ["'layer' or 'tests'"]),
        ("I'm prepared for either the migration script or the seed data.", ["'script' or 'data'"]),
        ("Plan is done. Ready to move into task breakdown or implementation.", ["to go on to", "('move')"]),
    ],
)
def test_readiness_for_one_stage_or_another_hands_the_pick_back(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "readiness-next", words)


def test_a_next_command_label_after_the_readiness_makes_the_sentence_a_closing_list() -> None:
    """The label of the next act (work-list) takes the sentence it ends: one finding, the list's."""
    assert_judged("Ready for task breakdown or implementation; next command suggestion: `/speckit.tasks`.", "fire",
                  "work-list", ["closing list under 'next command suggestion'", "work the agent could do"])


def test_readiness_for_human_only_stages_is_exempt() -> None:
    assert_judged("Ready for the production deploy or the release tag.", "exempt", "readiness-next",
                  ["for one next piece of work or another"])


@pytest.mark.parametrize(
    "text",
    ["The build is ready for staging or production.", "She said she's ready for the design review or the demo.",
     "Ready for the next phase."],
)
def test_a_things_or_someone_elses_readiness_or_one_stage_alone_finds_nothing(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")  # no finding at all, not only none that fires


# r32b class 4: a question with a lead-in word on the line over the closing list leads it (work-list)
@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("What next?\n\n1. Add the integration tests\n2. Refactor the parser\n3. Update the docs",
         ["under 'What next'", "add the integration tests"]),
        ("Where to next?\n\n1. Add rate limiting to the API\n2. Write the admin guide",
         ["add rate limiting to the api"]),
        ("What's left?\n- Add the changelog entry\n- Wire the settings page", ["add the changelog entry"]),
    ],
)
def test_a_question_over_the_options_asks_the_reader_to_pick(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "work-list", ["hands the reader work the agent could do", *words])


@pytest.mark.parametrize(
    "text",
    [
        "What next for the release?\n1. Tag v2.1\n2. Publish it to PyPI",  # human-only items
        "What changed?\n- Added retries to the uploader\n- Fixed the timeout in the poller",  # no lead-in word
        "What's left?\n- CI is running on the branch\n- The reviewer has been pinged",  # statuses
    ],
)
def test_a_question_over_human_only_items_reports_or_statuses_finds_nothing(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")  # no finding at all, not only none that fires
