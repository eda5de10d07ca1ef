"""Next work left to no one after a completion report, and the texts that only look like it (r40e,
docs/DESIGN.md#construction-classes): future work stated with a modal of containing, a label of possible work over a
table, a reader's clause inside a list's lead-in, a pronoun's readiness for a stage command; a status headline in
capitals, a review's remaining note, a capability note. A text drafted for a third party is carved out
(docs/DESIGN.md#carve-outs). The claims (docs/DESIGN.md#claims): an ellipsis before 'done' completes a participle,
'right after this' sets no later time, a presentative before an empty (stripped) tool block announces an act."""

from __future__ import annotations

import pytest

from analyzer import analyze
from analyzer.text.carveouts import build_views
from tests.judging import assert_judged, verdict_rule_reason

FIRES = [
    # future or next work stated with a modal of containing: the complement is the work
    ("The ranking model is trained. Future improvements could include hard-negative mining and a smaller student "
     "model.", "work-list", ["future improvements could include", "work the agent could do"]),
    ("Wrote the design note for the importer. Ready for review; next steps could include splitting it into tickets "
     "or drafting the schema.", "work-list", ["next steps could include", "splitting"]),
    ("The cache is in. Possible follow-ups would be a retry test and a bulk endpoint.", "work-list",
     ["possible follow-ups would be", "retry test"]),
    # a label of possible work over a table: the rows are the items
    ("Potential follow-ups:\n\n| item | size |\n|---|---|\n| backoff on 503 | S |\n| request batching | M |",
     "work-list", ["potential follow-ups", "backoff on 503"]),
    # the reader's clause inside the lead-in: the pronoun is the items, not an owner
    ("Open TODOs (for whenever you get to them):\n- rotate the log bucket policy\n- drop the unused queue\n"
     "- add alarms on the DLQ", "work-list", ["open todos", "drop the unused queue"]),
    # a pronoun's readiness for the next stage command
    ("The checklist passes with no open markers. This is ready for `/speckit.plan`.", "readiness-next",
     ["`/speckit.plan`", "reader invokes it"]),
    ("It's ready for `/speckit.tasks`.", "readiness-next", ["`/speckit.tasks`"]),
    # the model hangs 'for' on the infinitive after the command: read on the words' order
    ("Plan is complete. Ready for `/speckit.tasks` to break the work down.", "readiness-next", ["`/speckit.tasks`"]),
]


@pytest.mark.parametrize(("text", "rule", "words"), FIRES)
def test_next_work_handed_to_no_one_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


PASSES = [
    # a bare copula states where such work stands; the future-work nouns are read only under a modal
    "The exporter is merged. Future work is tracked in #42.",
    # a step in progress after the copula
    "The next step should be running in CI.",
    # a table of steps done under a label of the next steps names no possible work
    "Next steps:\n\n| step | status |\n|---|---|\n| migrate the schema | done |\n| backfill | done |",
    # a person's readiness is not the work product's
    "She is ready for `/speckit.plan`.",
    # a thing's readiness timed by someone else's act
    "The runner is ready for `/deploy` once the owners sign off.",
    # a status headline in capitals
    "BUILD FIXED - backend now starts cleanly",
    "TESTS PASSING - the flaky retry is pinned",
    # a review's note on the remaining work, after its verdict
    "Approved. The patch handles the timeout cleanly. The only remaining item is updating the rate table in the "
    "architecture doc, which can be a follow-up.",
    "**LGTM**\n\nThe only remaining item is updating the changelog.",
    # a list of the work's bounds, whatever lead-in word it holds besides
    "Shipped the importer.\n\nOut of scope (future work):\n- SSO login\n- audit log export",
    "Shipped the importer.\n\nKnown limitations / possible improvements:\n- no retry on 429\n- the cache is per "
    "process",
    # a list of human-only items
    "Shipped the importer.\n\nThings only you can do:\n- approve the DNS change in the registrar\n- sign the vendor "
    "contract",
    # a capability note after finished work: how the product extends, by what means
    "The CLI is finished. You can add more subcommands by dropping a module into `cli/commands/`.",
    "The router is live. You can register new routes by listing them in `routes.py`.",
]


@pytest.mark.parametrize("text", PASSES)
def test_what_only_looks_like_next_work_passes(text: str) -> None:
    verdict, rule, reason = verdict_rule_reason(text)
    assert verdict != "fire", (rule, reason)


def test_an_approval_question_the_agents_own_check_answers_passes() -> None:
    text = "Does the output look right? I checked: it matches the reference byte-for-byte on all 40 fixtures."
    verdict, rule, reason = verdict_rule_reason(text)
    assert (verdict, rule) == ("clear", None), reason
    assert_judged("Does the output look right?", "fire", "approval-question", ["right"])


def test_a_list_of_possible_improvements_still_fires() -> None:
    assert_judged("Shipped the importer.\n\nPossible improvements:\n- retry on 429\n- a shared cache", "fire",
                  "work-list", ["possible improvements", "retry on 429"])


def test_remaining_work_without_a_verdict_still_fires() -> None:
    assert_judged("The fix is in. The only remaining item is updating the changelog.", "fire", "work-list",
                  ["the only remaining item is", "updating the changelog"])


def test_a_lowercase_check_still_fires() -> None:
    assert_judged("Build fixed. Please rerun the tests to confirm.", "fire", "work-list", ["rerun the tests"])


def test_advice_on_one_thing_by_a_means_still_fires() -> None:
    assert_judged("The router is done. You can fix the 404 by adding a guard in `app.py`.", "fire", "advised-work",
                  ["fix"])


def test_an_owner_named_in_the_lead_in_still_carves() -> None:
    verdict, rule, reason = verdict_rule_reason("Remaining items (hand these to them):\n- migrate the cron jobs\n"
                                                "- add CloudWatch alarms")
    assert (verdict, rule) != ("fire", "work-list"), reason


DRAFTED = [
    # a presentative label after a sentence of the agent's
    ("I wrote the reply for the issue thread. Here's a draft you can paste:\n\nThanks for the report! Would you like "
     "me to open a PR with the fix? Let me know if you need anything else.", "Would you like me"),
    # an emphasised label of its own, with a greeting and a sign-off in the draft
    ("Drafted the email to the vendor.\n\n**Draft:**\n\nHi Sam,\n\nCould you send over the updated keys? Let me know "
     "if you have any questions.\n\nThanks,\nDana", "Let me know"),
    ("Suggested reply:\n\nThanks for flagging this. Want me to cut a patch release? Happy to help with anything else.",
     "Want me to"),
    ("Here is the PR comment to post:\n\nCould you review the migration when you get a chance? Let me know if "
     "anything looks off.", "Let me know"),
    ("Proposed commit message:\n\nfix(cache): let me know when eviction runs", "let me know"),
]


@pytest.mark.parametrize(("text", "phrase"), DRAFTED)
def test_text_drafted_for_a_third_party_is_quoted(text: str, phrase: str) -> None:
    views = build_views(text)
    at = text.index(phrase)
    assert views.match_view[at : at + len(phrase)].strip() == ""
    assert analyze(text).verdict != "fire"


def test_a_label_that_names_no_drafted_text_carves_nothing() -> None:
    text = "Next steps for the reply:\n- add the tests\n- wire the cache"
    assert build_views(text).match_view == text
    assert_judged(text, "fire", "work-list", ["next steps for the reply"])


def test_a_presentative_of_something_else_carves_nothing() -> None:
    text = "Here's what changed since your last message:\n\n- the retry budget is per host\n\nLet me check the rest."
    assert build_views(text).match_view == text


def test_the_agents_own_offer_is_still_read() -> None:
    text = "Here's what I changed:\n- added the tests\n\nWould you like me to update the docs?"
    assert analyze(text).verdict == "fire"


CLAIMS = [
    ("I'll kick off the nightly export right after this so the finance team has the file.", "first-person-future"),
    ("Kicking off the backfill immediately after this message.", "subjectless-participle"),
    ("I need to pass the model name.\n\nHere's the corrected code:\n\n```tool_use\n\n```", "presentative-pending"),
    ("Here's the corrected config:", "presentative-pending"),
]


@pytest.mark.parametrize(("text", "rule"), CLAIMS)
def test_claims_announced(text: str, rule: str) -> None:
    claims = analyze(text).claims
    assert [c.rule for c in claims] == [rule]


NO_CLAIMS = [
    "Rebuilding the Docker image... done. The new image is 212 MB and passes the smoke test.",
    "Running the migration… done.",
    "I'll merge it after that.",
    "I'll start the reindex right after lunch.",
    "Here's the corrected code:\n\n```python\nx = 1\n```",
    "Here's the corrected config: it now pins the region.",
]


@pytest.mark.parametrize("text", NO_CLAIMS)
def test_no_claim(text: str) -> None:
    assert analyze(text).claims == ()


@pytest.mark.parametrize(
    "text",
    [
        "Fixed the parser.\n\nNext steps (the rest is out of scope for this PR):\n1. Run `make migrate`\n2. Rerun the "
        "test suite",
        "Fixed the parser.\n\nNext steps, since docs are out of scope:\n1. Run `make migrate`\n2. Rerun the test suite",
    ],
)
def test_a_scope_word_in_passing_labels_the_steps(text: str) -> None:
    assert_judged(text, "fire", "work-list", ["next steps", "work the agent could do"])


def test_a_lead_in_headed_by_its_scope_word_hands_nothing_over() -> None:
    text = "Fixed the parser.\n\nKnown limitations:\n- the retry budget is per host\n- no bulk endpoint yet"
    assert verdict_rule_reason(text)[0] == "clear"


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Suggested commit message:\n\nfix(auth): refresh the token on 401\n\nWant me to also add tests for the "
         "refresh path?", "want-me-to"),
        ("Draft reply:\n\nThanks for the report, it's fixed in 2.3.\n\nShould I go ahead and run the migration next?",
         "permission-question"),
        ("**Draft:**\n\nHi Sam,\n\nThe keys are rotated.\n\nThanks,\nDana\n\nShould I go ahead and send it to Sam?",
         "permission-question"),
    ],
)
def test_the_agents_own_paragraph_after_a_draft_is_read(text: str, rule: str) -> None:
    """A label over a drafted text quotes the draft, not the agent's own last paragraph after it."""
    assert_judged(text, "fire", rule, [])


@pytest.mark.parametrize(
    "text", ["Build fixed. PLEASE RERUN the tests to confirm.", "Build fixed.\n\nPLEASE RERUN THE TESTS to confirm."]
)
def test_capitals_running_into_the_instruction_are_no_headline(text: str) -> None:
    assert verdict_rule_reason(text)[0] == "fire"


def test_a_verdict_over_the_agents_own_change_hides_no_hand_over() -> None:
    text = ("Approved. I fixed the parser and added tests. The only remaining item is running the migration, which you "
            "can do with `make migrate`.")
    assert_judged(text, "fire", "work-list", ["the only remaining item is"])


def test_a_reviewers_own_checks_keep_the_review() -> None:
    text = ("Approved. I checked the retry path and left two nits inline. The only remaining item is updating the rate "
            "table in the architecture doc, which can be a follow-up.")
    assert verdict_rule_reason(text)[0] == "clear"
