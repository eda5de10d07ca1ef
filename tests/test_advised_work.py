"""Work handed to the reader as advice (docs/DESIGN.md#construction-classes, r38c): the reader as the subject of a
modal of possibility or advice over a verb of changing the code fires advised-work; the reader's use of the result,
what the work lets the reader do, the values of the reader's own deployment, the reader's upkeep or situation,
human-only work and the agent going on pass. The same close as a list: a status before the lead-in, a proposal in a
message about the reader's code."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

FIRES = [
    (
        "The docs site builds in 40s now. As a follow-up, you could enable incremental builds and add link checking.",
        "enable",
    ),
    (
        "The app starts cleanly. If you want quieter logs, you could adjust the logger rules for the framework noise.",
        "adjust",
    ),
    ("The service compiles. You might want to extract the retry logic into its own helper.", "extract"),
    ("For each of these steps, you'll need to integrate a client library for the vector store.", "integrate"),
    ("The engine class is in. From here you can continue decoupling the gearbox into its own class.", "decoupling"),
    ("You should also search the codebase for the old imports and update them to the new module.", "update"),
    ("By following these steps, you should be able to upgrade the frontend to the next major version.", "upgrade"),
    ("The queue drains now. You'd want to bump the worker count to four for the nightly batch.", "bump"),
]


@pytest.mark.parametrize(("text", "act"), FIRES)
def test_work_advised_to_the_reader_fires(text: str, act: str) -> None:
    assert_judged(text, "fire", "advised-work", ["advises the reader", f"'{act} …'", "work the agent could do"])


PASSES = [
    # the reader's use of the result, and what the work lets the reader (or its users) do
    "Fixed the import error. You can now run `npm start` to launch the app.",
    "You can now add your own cron jobs to the scheduler class.",
    "The orders page has an edit form, so you can add more items to existing orders.",
    "The filter bar is live. Users can now add filters and save them as presets.",
    "The report page is done. You can filter by date range and order status.",
    # the values of the reader's own deployment, and the reader's upkeep timed by a later event
    "The app builds. However, you'll need to update the database connection string in the config files first.",
    "You can add these to your `.env` file replacing lines 6-10.",
    "There is no LTS flag, so you'll need to manually update the engines field when LTS versions change.",
    # the reader's own situation or ongoing work
    "If at some point you need different wheel types, you could adjust the exported values per instance.",
    "As you add more features, you can extend the test suite with new files.",
    # human-only work, the person's environment, the agent going on after it
    "PR #88 is green. You'll need to approve the merge since I have no rights on main.",
    "You could enable the flag in your browser settings.",
    "You could add a cache here. I'm adding it now in the next commit.",
]


@pytest.mark.parametrize("text", PASSES)
def test_advice_that_leaves_no_work_of_the_agents_passes(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


def test_the_readers_own_use_passes_with_no_finding() -> None:
    assert verdict_rule_reason("You can now add your own cron jobs to the scheduler class.") == ("clear", None, "")


def test_a_status_before_the_lead_in_leaves_the_list_handed_over() -> None:
    text = "The auth bug is fixed. Possible follow-ups, if desired:\n- rate-limit the login endpoint\n- add 2FA codes"
    assert_judged(text, "fire", "work-list", ["closing list", "Possible follow-ups", "rate-limit the login endpoint"])
    # a lead-in that itself reports still reports
    assert verdict_rule_reason("Tests pass. What I changed:\n- add the parser\n- add the lexer")[0] == "clear"


def test_a_proposal_in_a_message_about_the_readers_code_hands_the_work_over() -> None:
    text = (
        "The error handling is minimal. You only handle missing ids.\n\nConsider adding validation attributes "
        "and a global exception handler."
    )
    assert_judged(text, "fire", "work-list", ["Consider", "adding validation attributes"])


@pytest.mark.parametrize(
    "text",
    [
        "The retry support is in. You can adjust the timeout in `settings.yaml`.",
        "The pool is wired. You can tune its size via the `--workers` flag.",
        "Added the section. You can configure the retries in `config.toml`.",
    ],
)
def test_a_value_set_where_the_product_is_configured_is_the_readers_use(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")
    # the same advice with the place a part of the code hands the work over
    coded = text.rsplit(" in ", 1)[0].rsplit(" via ", 1)[0] + " in the request handler."
    assert verdict_rule_reason(coded)[:2] == ("fire", "advised-work"), coded


def test_a_part_of_the_code_named_config_is_still_work_left() -> None:
    assert_judged(
        "The loader parses the file now. You could add a validation step in the config loader.",
        "fire",
        "advised-work",
        ["advises the reader to 'add …'"],
    )
