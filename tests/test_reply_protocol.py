"""r38g (docs/DESIGN.md#reply-protocol): the reply protocol — a closing line telling the reader how to answer the
message's own menu. An imperative or the reader as subject of a modal of leave, whose verb is a verb of replying or
choosing and whose object is a reply token (code spans enumerated, a word of assent quoted, slashed or after 'with', a
menu code in code, the agent's own proposal), also after a label of the reply's form ('Format: …') or as a label
naming the options as the replies allowed ('Allowed answers:'). A trailing help tip does not end the close. Judged like
attribution: options that are all human-only, and a menu code that releases a human-only act, are exempt."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

TABLE = "| Option | Description |\n|---|---|\n"

LIST_FIRES = [
    # code spans enumerated as the reply tokens, after a table with the agent's recommendation
    ("Which queue should the mailer use?\n\n**Recommended:** Option A - it retries for free.\n\n" + TABLE
     + "| A | The job queue |\n| B | Inline sends |\n| Short | A different short answer |\n\n"
     "Reply with `A`, `B`, `yes`/`recommended`, or a short custom answer.",
     ["Reply with `A`, `B`", "the job queue"]),
    # a label naming the options as the replies allowed
    ("Question: how long are sessions kept?\n\nAllowed answers:\n- `A`: One day.\n- `B`: One week.\n"
     "- `yes` or `recommended`: accept `B`.\n- Or give a short custom answer.",
     ["Allowed answers", "one day"]),
    # the agent's own proposal as the one option the request accepts
    ("Which page ships first?\n\n**Suggested:** `Invoice list` - it is the page most users open.\n\n"
     "Format: Short answer (<=5 words). You can accept the suggestion by saying \"yes\" or give your own answer.",
     ["accept the suggestion", "invoice list"]),
    # a label of the reply's form before the request
    ("How should empty states look?\n\n" + TABLE + "| A | A plain note |\n| B | A note with tips |\n\n"
     "Format: Choose the option letter or a short answer.", ["Choose the option letter", "a plain note"]),
    # a trailing help tip does not end the close
    ("1. Draft the schema\n2. Write the seed data\n\nSelect a number or type a command.\n\n"
     "You can type `/helper` at any time to get advice on what to do next.",
     ["Select a number or type a command", "draft the schema"]),
]


@pytest.mark.parametrize(("text", "words"), LIST_FIRES)
def test_a_reply_protocol_over_the_agents_own_options_fires_as_a_closing_list(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "work-list", ["hands the reader work the agent could do", *words])


def test_a_menu_code_typed_before_the_agents_act_is_a_choice() -> None:
    assert_judged("Two stories are in review: 3-5 and 3-6.\n\nType `CR 3-5` and I'll run the review on that file.",
                  "fire", "turn-taking", ["asks the reader to choose ('type')", "before the agent's 'run'"])
    assert_judged("Enter `DS 2` and I'll start that story.", "fire", "turn-taking", ["choose ('enter')", "'start'"])


def test_a_word_of_assent_given_with_a_reply_token_releases_the_agents_act() -> None:
    assert_judged("The scope above covers the import job.\n\nConfirm with `Y` to lock this and proceed, or send edits.",
                  "fire", "word-before-act", ["asks the reader to confirm to release the agent's 'lock'"])


PASSES = [
    # usage after finished work: a command of a program, no reply token
    "The docs site is built.\n\n- Pages render\n- Links resolve\n\nTo rebuild it later, type `make docs`.",
    # what the product's users reply
    "The CLI now shows a menu; users can reply with `A` or `B` to pick a theme.",
    # a reply quoted from someone else
    "The user wrote: \"Reply with `A` or `B`.\" I kept both layouts in the doc as asked.",
    # the reader's own terminal: a program's command, no menu code
    "Sign-in needs your token.\n\nType `gh auth login` in your terminal and I'll retry the push.",
    # the reply given to a program's input to try the work, not to the agent
    "Fixed the answer parser.\n\n- `y` now confirms\n- `n` now cancels\n\n"
    "Answer with `y` or `n` at the prompt to try it.",
    # a help tip after finished work is no request to reply
    "All 42 tests pass and the migration is applied.\n\nYou can type `/help` at any time to get advice on commands.",
]


@pytest.mark.parametrize("text", PASSES)
def test_usage_reported_replies_and_the_readers_own_terminal_do_not_fire(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


def test_options_that_are_all_human_only_are_the_readers_own_decision() -> None:
    text = ("Release choices:\n\nAllowed answers:\n- `A`: Publish 3.0 to PyPI today.\n"
            "- `B`: Publish 3.0 after the freeze.")
    assert verdict_rule_reason(text) == ("clear", None, "")
    assert_judged(text.replace("Publish 3.0 to PyPI", "Cache the feed"), "fire", "work-list", ["cache the feed today"])


def test_a_menu_code_that_releases_a_human_only_act_passes_with_no_finding() -> None:
    assert verdict_rule_reason("Type `M` and I'll merge the release branch into main.") == ("clear", None, "")
    assert_judged("Type `M` and I'll rename the helper module.", "fire", "turn-taking",
                  ["choose ('type')", "before the agent's 'rename'"])
