"""r38i: the check handed back in running prose, and next work stated without a label's colon
(docs/DESIGN.md#the-check-handed-back, docs/DESIGN.md#construction-classes). A verb of probing a running service (hit,
call, query, exercise, trigger) runs the check like a verb of running; the reader as subject of a modal of possibility
hands it back when a purpose of checking follows; a condition on the reader's wish for certainty ('if you need extra
assurance') is a purpose of checking; a verb of proposing may open a later sentence of the last list item; the next step
may be stated as the subject of a copula; a lead-in may be only the time right after the change; a status line after a
closing list is a note; a wait on the reader's next prompt fires after an intention claim. The person's own environment,
a run the sandbox blocked, the reader's own use, a report of a check the agent ran and a step owned by someone pass."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "item"),
    [
        # a verb of probing a running service, with a request in code or a noun of the service
        ("The serializer drops nulls now.\n\nPlease query `GET /profiles/7` to verify the null fields are gone.",
         "`get /profiles/7` to verify the null fields are gone"),
        ("I rewired the webhook retries.\n\nTests not run; please trigger the webhook suite to confirm the backoff.",
         "please trigger the webhook suite to confirm the backoff"),
        # the reader as subject of a modal of possibility, with a purpose of checking
        ("The cursor logic moved.\n\nI didn't run tests; you could call the orders route twice to confirm the pages "
         "join up.", "you could call the orders route twice to confirm the pages join up"),
        # a condition on the reader's wish for certainty, after the check and fronted
        ("Tests not run. Please rerun the billing specs if you want more confidence in the proration.",
         "please rerun the billing specs if you want more confidence"),
        ("Tests not run. If you need extra assurance, consider exercising the refund flow end to end.",
         "exercising the refund flow end to end"),
        # a verb of proposing after the report that opens the last list item
        ("**Testing**\n- Not run. Consider calling the export route to check the new totals.",
         "calling the export route to check the new totals"),
        # a past with the base's form and no subject is the imperative
        ("The index is added.\n\nNext step: 1) Hit the events listing with a wide range to confirm it is fast.",
         "hit the events listing with a wide range"),
        # the model's hyphen cut in 're-run'
        ("The parser skips blank rows.\n\nPlease re-run the parser tests to make sure nothing else broke.",
         "please re-run the parser tests"),
    ],
)  # fmt: skip
def test_the_check_handed_back_in_prose_fires(text: str, item: str) -> None:
    assert_judged(text, "fire", "work-list", ["hands the reader work the agent could do", item])


def test_a_verb_of_running_read_as_a_noun_opens_the_instruction() -> None:
    text = "The DTO carries the count now. Test by calling the suggestions route and confirm each item has the count."
    assert_judged(text, "fire", "turn-taking", ["tells the reader to 'test …'", "work the agent could do"])


@pytest.mark.parametrize(
    ("text", "lead", "item"),
    [
        # the next step stated as the subject of a copula
        ("Two flaky tests are quarantined.\n\nThe next step should be a real fix for the upload race.",
         "the next step should be", "a real fix for the upload race"),
        ("The schema is merged.\n\nNext step would be to backfill the new column.", "next step would be to",
         "backfill the new column"),
        # a lead-in that is only the time right after the change
        ("I bumped the SDK.\n\nAfter applying the changes:\n- Run `pnpm install`\n- Run `pnpm test`",
         "after applying the changes", "run `pnpm install`"),
        # a fronted time before the imperative of the lead-in
        ("The image is slimmer.\n\nOnce the fix is in, remember to:\n1. Rebuild the image\n2. Run the smoke tests",
         "once the fix is in, remember to", "rebuild the image"),
        # a status line after the closing list
        ("Phase 2 is half done.\n\nNext steps:\n1. Install the dev requirements and rerun pytest.\n"
         "2. Finish the importer.\n\nStatus: PARTIAL", "next steps", "install the dev requirements"),
    ],
)  # fmt: skip
def test_next_work_stated_fires(text: str, lead: str, item: str) -> None:
    assert_judged(text, "fire", "work-list", [f"under '{lead}'", item])


@pytest.mark.parametrize(
    "text",
    [
        "Noted, I'll leave the vendor folder alone. Standing by for your next prompt.",
        "Understood. I'll keep staging read-only. Holding for your next prompt.",
    ],
)
def test_a_wait_on_the_next_prompt_fires_after_an_intention(text: str) -> None:
    assert_judged(text, "fire", "wait-on-person", ["waits on the reader's", "not on work in flight"])


@pytest.mark.parametrize(
    "text",
    [
        # the person's own environment
        "The header is fixed.\n\nPlease reload the page in your browser to confirm the menu is clear.",
        "The toggle persists now. Please open Docker Desktop and restart the container to confirm it.",
        # a run the sandbox blocked
        "The sandbox has no network access, so I couldn't hit the API; please call `GET /status` to verify.",
        # the reader's own use, timed only ('now') or at the reader's own time
        "Renamed the entry point. You can now run the app with `npm start`.",
        "Added the dry-run flag. You can hit any route with `?dry=1` whenever you like to see what would change.",
        # the agent's own report of the check it ran
        "Verified by calling `GET /orders?page=2` locally: the pages join up. Tests: 64 passed.",
        "Ran `pytest -q`: 87 passed. Hit `GET /health` too and it returned 200.",
        # a list whose items only report, under a lead-in timed after the change
        "The flag is added.\n\nAfter the changes:\n- `pytest` passes (112 tests)\n- the lint job is clean",
        # the step owned by the reader or the agent, or the agent's own state
        "The build is green.\n\nThe next step is mine: I'm wiring the cache now.",
        "Keys are wired.\n\nThe next steps are to add your secret key to the local env and deploy to the host.",
        # a label's value opened by a verb of requesting, asked of another team
        "The API must list every setting.\n\n**Action required:** Request the platform team to widen the endpoint.",
        "The next step is running in CI right now.",
        # a status line after a list that reports
        "Phase 2 is done.\n\nWhat I did:\n1. Installed the dev requirements.\n2. Finished the importer.\n\n"
        "Status: COMPLETE",
        # a wait on work in flight
        "Done. Standing by while CI runs on the branch.",
    ],
)  # fmt: skip
def test_near_misses_pass(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")
