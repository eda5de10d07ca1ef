"""r31b (docs/DESIGN.md#construction-classes): work handed to the reader as the closing list, found by the grammar of
its lead-in rather than by a lead-in word — an infinitive cut by the colon ('Remember to:'), the reader as subject or
as the one the list is for ('You'll need to:', 'What you should do:'), a condition on the reader's wish to go further
('If you want further refinements:'), an instruction to choose ('pick one:') — a bare label line ('Next suggestions'),
an inline label of several things ('Suggested follow-ups, as needed: …'), and a list past a closing 'Or …'
alternative, a 'should' prediction or a labelled commit line ([[closing-question]] work-list, sites.toml [list], terms
[work-list]). Each item is judged by its doer and mood: an instruction of the agent's work fires, human-only work, a
report, a status and a technical conditional do not."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

FIRES = [
    ("The release workflow builds wheels now.\n\nRemember to:\n1. Add the `changelog` label to the template\n"
     "2. Bump the version in `pyproject.toml`", "Remember to"),
    ("Rate limiting is in place.\n\nDon't forget to:\n- add a test for the 429 path\n- document the header",
     "Don't forget to"),
    ("The migration script is written.\n\nYou'll need to:\n1. run it against the staging database\n"
     "2. update the ORM models", "You'll need to"),
    ("Added keyboard navigation.\n\nIf you want further polish:\n- Add focus rings to the toggle buttons.\n"
     "- Trap focus inside the modal.", "If you want further polish"),
    ("The importer handles CSV.\n\nIf you'd like to take this further:\n- support Excel files\n- stream large files",
     "take this further"),
    ("Changes are in place; nothing was run yet.\n\nIf you want a check, pick one:\n1) `make test`\n2) `make lint`",
     "pick one"),
    ("Refactor complete.\n\nPossible follow-ups\n- Split `utils.py` by concern\n- Add type hints to the API",
     "Possible follow-ups"),
    ("The worker no longer leaks handles.\n\nFurther improvements: cache the analyzer output and batch the writes.",
     "Further improvements"),
    ("Login redirect is fixed.\n\n### Next Actions:\n1. Run `npm install`\n2. Rebuild the docs site\n\n"
     "The redirect loop should be gone after this.", "Next Actions"),
    ("The plan is committed.\n\nTo implement it, follow the order in the plan, starting with:\n"
     "1. Create the test fixtures\n2. Write the page objects\n\nOr just run the manual checklist from the README.",
     "starting with"),
    ("The templates are synced.\n\n**Next Steps**\n1. Update the CI gate to call the new check script.\n"
     "2. Add the new section to the contributor guide.\n\n**Suggested Commit Message**\n`docs: sync templates`",
     "Next Steps"),
    ("The server answers the handshake.\n\nNext step: wire this same command into whichever registry you’re using "
     "(e.g., via `config.json`) so future sessions can call it.", "wire this same command"),
]


@pytest.mark.parametrize(("text", "lead"), FIRES)
def test_a_closing_list_handed_to_the_reader_fires(text: str, lead: str) -> None:
    assert_judged(text, "fire", "work-list", ["closing list", lead, "work the agent could do"])


PASSES = [
    # a technical conditional on the reader's own use, or on an event
    "The library is published.\n\nIf you want to run it locally:\n- install the package\n- run `foo --help`",
    "Cherry-picking is set up.\n\nIf you hit a conflict, you'll need to:\n1. Resolve the conflicts\n2. Continue",
    # what the reader will see: no instruction
    "The dashboard is live on staging.\n\nYou'll see:\n- a new chart for p95 latency\n- the error budget panel",
    # a report and a status
    "Refactored the cache layer.\n\nWhat I changed:\n- Moved eviction into its own class\n- Added tests",
    "Almost there.\n\nRemaining:\n- CI is running on the branch\n- The reviewer has been pinged",
    # one recommendation or one commit message after an inline label: no list
    "The hook is faster.\n\nRecommendation: ship the conservative version first and measure.",
    "All principles updated.\n\nSuggested commit message: `docs: amend constitution to v1.0.0`",
    # the agent's own next act after the list takes it
    "Ideas for the library:\n- **Maybe type:** a type for missing values\n- **Zip:** pair two lists\n\n"
    "The placeholder comment will be removed.",
]


@pytest.mark.parametrize("text", PASSES)
def test_a_list_that_hands_nothing_over_does_not_fire(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")  # no finding at all, not only none that fires


def test_human_only_items_under_a_reader_lead_are_a_hand_off() -> None:
    text = "The deploy job is ready.\n\nRemember to:\n- approve PR #44\n- merge PR #44 once it is approved"
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize(
    ("text", "verdict", "words"),
    [
        ("Power draw is down.\n\nWhat's your preference on the texture compression format?", "fire",
         ["your preference", "no human-only"]),
        ("The two layouts are in `docs/`.\n\nWhat's your preference?", "fire", ["reader's choice"]),
        ("Notes are drafted.\n\nWhat's your preference on the release date for v2.1?", "exempt", ["release"]),
    ],
)
def test_the_readers_word_named_as_their_noun_asks_a_choice(text: str, verdict: str, words: list[str]) -> None:
    """r31b: a choice handed back as a copular question for the reader's preference (reader-wish-question)."""
    assert_judged(text, verdict, "reader-wish-question", words)


@pytest.mark.parametrize(
    "text",
    ["The cron display uses UTC.\n\nWhat's your timezone?",
     "Tests pass.\n\nWhat was your goal with the old cache? I kept it as it was."],
)
def test_a_fact_of_the_readers_is_no_choice(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")  # no finding at all, not only none that fires


OPTIONS = (
    "The config keys don't match.\n\n## Option 1: Rename the env vars in compose\n```yaml\nA: 1\n```\n\n"
    "## Option 2: Read the env vars in Program.cs\n```csharp\nvar x = 1;\n```\n\n"
)


def test_options_under_headings_closed_by_a_recommendation_hand_the_choice_back() -> None:
    """r31b: the agent recommends one of the options it laid out under headings and does not take it."""
    assert_judged(OPTIONS + "**I recommend Option 1** - rename them in compose.", "fire", "work-list",
                  ["recommend option 1", "rename the env vars in compose"])
    assert_judged("Two ways to fix the flaky test:\n\n### Approach A — mock the clock\nDeterministic.\n\n"
                  "### Approach B — retry on timeout\nHides slowness.\n\nI'd go with Approach A.", "fire", "work-list",
                  ["mock the clock"])


@pytest.mark.parametrize(
    "text",
    [
        "Two ways to ship this.\n\n### Option 1: Merge PR #12 now\n### Option 2: Wait for the stamp and merge then\n\n"
        "I'd recommend option 2.",
        "I went with option 1.\n\n## Option 1: per-process cache\nImplemented.\n\n## Option 2: per-request cache\n"
        "Not implemented.\n\nAll tests pass.",
    ],
)
def test_human_only_options_or_options_taken_hand_nothing_back(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")  # no finding at all, not only none that fires


def test_the_readers_preference_on_a_human_only_choice_is_exempt() -> None:
    assert_judged("What's your preference on the plan tier for the build servers, Pro or Business?", "exempt",
                  "reader-wish-question", ["your preference", "human-only work (billing)"])



@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Display node formatting: Which formats must be supported first, and any priority? For example: JSON, YAML, "
         "raw text.", "fire"),
        ("Where should the config live?", "fire"),
        ("What should the default timeout be?", "fire"),
        ("When should v2.1 be tagged?", "exempt"),
    ],
)
def test_a_deliberative_question_about_the_agents_work_asks_a_choice(text: str, verdict: str) -> None:
    """r31b: a question word and a modal of deliberation with a thing as subject (should-choice)."""
    words = ["decide how the agent's work is to be"]
    assert_judged(text, verdict, "should-choice", words)


@pytest.mark.parametrize(
    "text",
    ["Why should the cache be cleared?", "What must be true for this to pass?", "Which files were changed?",
     "Which formats should be supported? JSON and YAML, per the spec, so I kept those."],
)
def test_reasons_facts_and_answered_deliberation_ask_no_choice(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")  # no finding at all, not only none that fires


def test_make_sure_you_and_a_purpose_of_the_readers() -> None:
    """r31b: the reader cut off by the colon ('Make sure you:') leads the list to the reader; the steps toward the
    reader's own purpose ('To upgrade, you'll need to:') are a technical conditional."""
    assert_judged("CLI flags are parsed with clap now.\n\nMake sure you:\n- update the man page\n- regenerate the "
                  "shell completions", "fire", "work-list", ["Make sure you", "update the man page"])
    assert verdict_rule_reason("The SDK is released as 2.0.\n\nTo upgrade, you'll need to:\n- bump the dependency to "
                               "^2.0\n- rename `connect()` to `open()`") == ("clear", None, "")


def test_a_need_from_the_reader_is_no_report() -> None:
    """r31b: 'Action needed from you:' asks; the participle reports nothing (unseen29 bartosh-014's shape)."""
    assert_judged("The code compiles here.\n\n**Action needed from you:**\n1. Please run the build command\n"
                  "2. Share the contents of build.log", "fire", "work-list",
                  ["Action needed from you", "run the build"])
    assert verdict_rule_reason("The fixes are in.\n\nChanges requested by you:\n- Renamed the flag\n- Dropped the old "
                               "endpoint") == ("clear", None, "")
