"""r39e: claims that slipped and menus that slipped (docs/DESIGN.md#claims, docs/DESIGN.md#reply-protocol).

Claims: an opening participle before a purpose or result clause ('so …', ', to …') is the announced act, however
the model hung it under the clause's verb; a first-person clause after a verbless lead ('One more thing: I'll …') is
the agent's own voice, no label's status. Menus: a help tip between the options and the request, or after the menu,
does not end the close; a bracketed menu may open on its lead-in line in the same paragraph."""

from __future__ import annotations

import pytest

from analyzer.grammar.claims import find_claims
from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.model
@pytest.mark.parametrize(
    ("text", "predicate"),
    [
        # 'so' read as the participle's conjunction, the purpose clause's verb made the root
        ("Rolling back to staging so support can look at it tomorrow.", "Rolling"),
        # a purpose infinitive after a comma: its complement clause's verb is no verb of the participle
        ("Retraining the ranker on the deduplicated set now, to check the duplicates were the problem.", "Retraining"),
    ],
)
def test_an_opening_participle_before_a_purpose_clause_is_the_claim(text: str, predicate: str) -> None:
    claims = find_claims(text)
    assert [(c.form, c.rule, c.predicate.text) for c in claims] == [("participle", "subjectless-participle", predicate)]
    assert "announces an action for now" in claims[0].reason


@pytest.mark.model
def test_a_first_person_clause_after_a_lead_is_the_agents_own_act() -> None:
    for text, verb in [("One last thing: I'll regenerate the API client so the new route is typed.", "regenerate"),
                       ("Small fix: I'll rename the flag so the docs match.", "rename")]:
        claims = find_claims(text)
        assert [(c.form, c.rule, c.predicate.text) for c in claims] == [("intention", "first-person-future", verb)]


@pytest.mark.model
@pytest.mark.parametrize(
    "text",
    [
        # a degree 'so' opens no clause: the -ing phrase is the gerund subject of the past verb
        "Restarting the workers so often slowed the queue down.",
        # a gerund subject with its purpose inside it, no comma: a past report
        "Replaying the log to check the offsets showed two gaps.",
        # reported done
        "Published the preview build so design can review it.",
        # a label's status stays a label's status
        "Remaining: publishing the preview build.",
        # an event not of the agent's own work: a plan (docs/DESIGN.md#claims: a plan)
        "I'll tag the release as soon as the mirror syncs.",
    ],
)
def test_near_misses_announce_nothing(text: str) -> None:
    assert find_claims(text) == ()


MENU = "The brief is saved.\n\nWhat next?\n1. Draft the data model\n2. Revise the brief\n3. Plan the sprint\n\n"


def test_a_help_tip_between_the_options_and_the_request_does_not_end_the_close() -> None:
    assert_judged(MENU + "You can type `/crew-help` anytime for direction.\n\nReply with a number or a command.",
                  "fire", "work-list", ["hands the reader work the agent could do", "draft the data model"])


def test_a_help_tip_naming_the_help_command_after_the_request_does_not_end_the_close() -> None:
    assert_judged(MENU + "Select an option.\n\nType *help for commands.",
                  "fire", "work-list", ["'Select an option'", "draft the data model"])


def test_a_bracketed_menu_under_its_lead_in_line_is_the_list() -> None:
    text = ("The plan is drafted.\n\nHow to go on:\n[E] Expand the epics\n[T] Write the tech spec\n[X] Exit\n\n"
            "Select: `[E] [T] [X]`")
    assert_judged(text, "fire", "work-list", ["hands the reader work the agent could do", "expand the epics"])


@pytest.mark.parametrize(
    "text",
    [
        # a help tip after finished work hands nothing over
        "Fixed the date parser and added three tests; the suite is green.\n\nType `make help` to list the targets.",
        # a report's list with a help tip after it
        "Changes:\n1. Moved the loader into core\n2. Removed the dead flag\n\nType *help for commands.",
        # options that are all human-only
        "How to go on:\n[A] Approve the spend in the billing console\n[S] Sign the vendor contract\n\n"
        "Reply with A or S.",
    ],
)
def test_reports_and_human_only_menus_do_not_fire(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


def test_a_menu_under_a_reply_request_may_run_longer_than_a_lead_in_list() -> None:
    items = ["Show the menu again", "Draft the sprint status", "Create the story", "Validate the story",
             "Run the retrospective", "Correct the course", "Call the whole team", "Try elicitation", "Close the agent"]
    menu = "\n".join(f"{k}. {item}" for k, item in enumerate(items, 1))
    assert_judged(menu + "\n\nChoose a number or type a command.", "fire", "work-list",
                  ["'Choose a number or type a command'", "draft the sprint status"])
    assert verdict_rule_reason(menu.replace("1. Show", "Done today:\n1. Show") + "\n\nAll tests pass.") == (
        "clear", None, "")
