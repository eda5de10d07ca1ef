"""r38h: lists and requests that leave nothing to the agent (docs/DESIGN.md#what-only-the-person-has). A closing list
hands work over only if an item is work the agent could do now: text proposed for the reader's use, the reader's habit
for later work and a check against the reader's own measures are none of it. An instruction whose object, or what it is
to be done with, is what the person wants in their own words (a description, the feature details) asks for what only
the person has. One agent-doable item still fires, and so do requests for what a run of the agent's own shows."""

from __future__ import annotations

import pytest

from tests.grammar_examples import question_decided
from tests.judging import assert_judged, verdict_rule_reason


def assert_carved(text: str, rule: str, words: list[str]) -> None:
    """No finding: `rule` decided the close hands nothing over, for the reason holding `words`."""
    assert verdict_rule_reason(text) == ("clear", None, "")
    decided = question_decided(text)
    assert decided is not None and (decided.verdict, decided.rule) == ("carved", rule), decided
    for word in words:
        assert word in decided.reason, decided.reason


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # text proposed for the reader's use
        ("Docs are refreshed.\n\nNext steps:\n- Suggested commit message: `docs: refresh the setup guide`",
         ["reports work done or a status"]),
        # the reader's habit for later work
        ("The venv is ready and the suite passes.\n\nNext steps:\n- Rerun `make test` after future edits.",
         ["the reader's habit for later work"]),
        ("Set up the toolchain.\n\nNext steps: activate it with `source env/bin/activate` when working on the repo.",
         ["the reader's habit for later work"]),
        ("Wrote the upgrade notes.\n\nNext steps:\n1. Extend the notes if new flags are added later.",
         ["the reader's habit for later work"]),
        ("The release script works.\n\nNext steps:\n- Update the changelog each time you cut a release.",
         ["the reader's habit for later work"]),
        # a check against the reader's own measures
        ("Drafted `docs/GUIDE.md`.\n\nNext steps:\n1. Review the guide for alignment with your standards.",
         ["a check against the reader's own 'standards'"]),
        ("Wrote `CONTRIBUTING.md`.\n\nNext steps:\n1. Confirm it covers the review workflows you rely on.",
         ["a check against the reader's own 'rely'"]),
        # the person's own content for a command run without it
        ("Nothing followed the command.\n\nPlease run `/spec.new` again with a description of the feature.",
         ["the person's own 'description'"]),
        ("Please run `/plan.new` again with the requirements for the export so I can draft the plan.",
         ["the person's own 'requirements'"]),
    ],
)  # fmt: skip
def test_a_list_that_leaves_nothing_to_the_agent_passes(text: str, words: list[str]) -> None:
    assert_carved(text, "work-list", words)


@pytest.mark.parametrize(
    ("text", "item"),
    [
        # one agent-doable item beside a habit
        ("Installed the packages.\n\nNext steps:\n- Add a smoke test for the CLI.\n- Rerun the tests after future "
         "changes.", "add a smoke test for the cli."),
        # a one-time event times an act for now
        ("The schema change is staged.\n\nNext steps:\n- Rerun the integration tests after the migration finishes.",
         "rerun the integration tests after the migration finishes."),
        # a label of the act proposed still names the act
        ("Plan written.\n\nNext steps:\n- Suggested command: `/tasks.generate`", "suggested command"),
        # a check against the repository's own fixtures is the agent's
        ("Rewrote the date parser.\n\nNext steps:\n1. Verify the parser handles the fixtures in `tests/data`.",
         "verify the parser handles the fixtures"),
        # a word of the future that is no timing of the act
        ("Next steps:\n- Add a regression test for future changes to the parser.", "add a regression test"),
        # a determiner that counts things is no recurrence
        ("| Option | Description |\n|---|---|\n| A | The index must list each test case title only |\n"
         "| B | The index must list each test case ID and title |\n\nYou can reply with the option letter.",
         "the index must list each test case title only"),
    ],
)  # fmt: skip
def test_a_list_with_an_agent_doable_item_still_fires(text: str, item: str) -> None:
    assert_judged(text, "fire", "work-list", ["hands the reader work the agent could do", item])


@pytest.mark.parametrize(
    ("text", "noun"),
    [
        ("No feature description was given. Please rerun the command with a short description of the feature so I can "
         "write the spec.", "description"),
        ("The ticket is empty. Please share the feature details so I can create the branch and the spec.", "details"),
    ],
)  # fmt: skip
def test_the_persons_own_content_asked_for_passes(text: str, noun: str) -> None:
    assert_carved(text, "turn-taking", [f"… {noun}'", "only the person has it"])


@pytest.mark.parametrize(
    "text",
    [
        "The build failed on CI. Please share the error details from the job so I can fix it.",
        "I patched the importer. Please rerun the test suite with the verbose flag and tell me what fails.",
        "Please provide the contents of `config/routes.rb` so I can wire the new endpoint.",
    ],
)
def test_what_a_run_of_the_agents_shows_still_fires(text: str) -> None:
    verdict, rule, reason = verdict_rule_reason(text)
    assert (verdict, rule) == ("fire", "turn-taking"), reason


def test_a_site_published_to_production_is_human_only() -> None:
    text = "The landing page builds.\n\nNext steps:\n1. Publish the site to production.\n2. Get sign-off from the team."
    assert_carved(text, "work-list", ["every item the list hands over is human-only work"])


def test_one_agent_item_beside_a_production_publish_still_fires() -> None:
    text = "The landing page builds.\n\nNext steps:\n1. Publish the site to production.\n2. Add tests for the form."
    assert_judged(text, "fire", "work-list", ["add tests for the form."])
