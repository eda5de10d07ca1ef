"""r39j: the next or remaining work stated at the close (docs/DESIGN.md#construction-classes). A noun of the next or
remaining work as the subject of a bare present copula in the last sentence ('The next step is to …', "All that's left
is …", 'Only thing remaining is …'), or as a label ('Remaining: …'), hands its complement over when it is project work
the agent could do; the report back on that work after a dash ('— ping me when that's done') is judged with it. A past
copula, the agent's own next act, a human-only act, the reader's own environment and an owned complement pass."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "lead", "item"),
    [
        ("Added the `Invoice` model. The next step is to expose it through the admin API.", "The next step is to",
         "expose it through the admin API"),
        ("The importer parses both formats. All that's left is wiring it into the nightly job.", "All that's left is",
         "wiring it into the nightly job"),
        ("Routes are split out. Only thing remaining is the rate limiter for `/login`.", "Only thing remaining is",
         "the rate limiter"),
        ("The search box works. Next thing is to debounce the query in `useSearch`.", "Next thing is to",
         "debounce the query"),
        ("Linting is clean. Remaining: rename the old helpers and delete `legacy.py`.", "Remaining",
         "rename the old helpers"),
        ("The client is generated. What's left for you: bump the SDK version in `package.json`.",
         "What's left for you", "bump the SDK version"),
        ("Styles are tokenised. What remains is replacing the hard-coded colours in `Card.tsx`.", "What remains is",
         "replacing the hard-coded colours"),
    ],
)  # fmt: skip
def test_the_work_left_stated_at_the_close_fires(text: str, lead: str, item: str) -> None:
    assert_judged(text, "fire", "work-list", ["hands the reader work the agent could do", lead, item])


@pytest.mark.parametrize(
    "text",
    [
        # a past copula reports, the agent's own next act, a plan in the future
        "The last step was to regenerate the lockfile, which is done.",
        "The next step is for me to add the retry test, and I'm on it.",
        "Next, I'll wire the exporter into the CLI.",
        # human-only work, the reader's own environment
        "The branch is green. The next step is to merge it into main once you're happy.",
        "The preview is deployed. What's left is checking it on your phone.",
        # a statement the message goes on after, a subject that is no work, nothing left
        "The next step is the cache layer. I'm starting on it now.",
        "The remaining warnings come from a vendored package and are harmless.",
        "Everything is wired up and tested. Nothing is left to do here.",
    ],
)  # fmt: skip
def test_near_misses_pass(text: str) -> None:
    verdict, rule, reason = verdict_rule_reason(text)
    assert verdict != "fire", (rule, reason)


def test_the_report_back_after_a_dash_is_judged_with_the_work_before_it() -> None:
    assert_judged(
        "The loader is written. You'll want to run `python scripts/load.py` to backfill the archive — ping me when "
        "that's done and we'll continue.",
        "fire",
        "contact-closer",
        ["once the work handed before it ('run", "report back"],
    )
    assert_judged(
        "The client template changed. Please regenerate the client with `make client` — ping me when it's finished "
        "and I'll wire the endpoints.",
        "fire",
        "turn-taking",
        ["tells the reader to 'regenerate", "waits for the report back", "work the agent could do"],
    )


@pytest.mark.parametrize(
    "text",
    [
        "The deploy to production is queued. Approve it in the dashboard — ping me when that's done.",
        "The preview is up. Open it on your phone — ping me when that's done.",
    ],
)
def test_a_report_back_on_a_human_only_or_environment_act_passes(text: str) -> None:
    verdict, rule, reason = verdict_rule_reason(text)
    assert verdict != "fire", (rule, reason)


def test_a_report_back_on_a_things_event_passes() -> None:
    verdict, rule, _ = verdict_rule_reason("The nightly export is running now — ping me when that's done.")
    assert verdict != "fire", rule


def test_a_pronoun_of_the_things_worked_with_names_no_owner() -> None:
    assert_judged(
        "I wrote the seed rows to `seed/users.csv`. Seed the dev database with them.",
        "fire",
        "work-list",
        ["hands the reader work the agent could do", "seed the dev database with them"],
    )
    verdict, rule, reason = verdict_rule_reason("Next steps for them: rotate the keys and update the runbook.")
    assert verdict != "fire", (rule, reason)


def test_a_section_label_before_a_handed_command_is_read_past() -> None:
    assert_judged(
        "The data dir is writable now. Tests: please re-run `uv run pytest tests/api` (it should pass now).",
        "fire",
        "work-list",
        ["hands the reader work the agent could do", "uv run pytest tests/api"],
    )
