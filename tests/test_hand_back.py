"""The project act handed back (docs/DESIGN.md#construction-classes, r39b): an act that changes the project's state —
by its verb or its purpose's verb (sites.toml [next-step] changing_acts) — told to the reader at the close, with no
check of the work named; a verb of running with the prefix of doing it again; the verb of reporting over an indirect
question of the run's result. The reader's environment, a blocked run, use of the result and plans in headings pass."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

LISTED = [
    ("The orders table has a new column. Apply the migration, then restart the API.", "apply the migration"),
    ("The fixture loader is rewritten. Run the loader script to populate the lookup tables.", "populate"),
    ("The lockfile pins the new client. Install the new dependencies with `pnpm install`.", "install"),
    ("The import path is corrected. Please re-run `pytest tests/unit`.", "`pytest tests/unit`"),
    ("The template changed. Please re-generate the API client.", "re-generate"),
    ("The cache key is fixed. Please re-build the image.", "re-build"),
    (
        "The path is writable now.\n\nPlease re-run `uv run pytest tests/io` (should pick the new data dir now).",
        "`uv run pytest",
    ),
]


@pytest.mark.parametrize(("text", "act"), LISTED)
def test_the_project_act_handed_back_fires(text: str, act: str) -> None:
    assert_judged(text, "fire", "work-list", ["hands the reader work the agent could do", act])


ADVISED = [
    ("The revision file is generated. You can now apply the migration to the local database.", "apply"),
    ("The loader works now. You'll want to run `python tools/load.py` to backfill the archive table.", "backfill"),
]


@pytest.mark.parametrize(("text", "act"), ADVISED)
def test_the_changing_act_advised_fires(text: str, act: str) -> None:
    assert_judged(text, "fire", "advised-work", ["advises the reader", f"'{act} …'", "work the agent could do"])


def test_the_report_of_the_run_asked_for_fires() -> None:
    assert_judged(
        "The date parser is patched. Please run the `scripts/parse_dates.sh` script and report what it prints.",
        "fire",
        "turn-taking",
        ["tells the reader to 'run …'", "report back"],
    )


PASSES = [
    # the reader's environment, the reader's own things (the rows' own examples in grammar.toml carve them)
    "The add-on is packaged. Install it in your browser from the `out` folder.",
    "The tenant loader is in. You can now seed your own tenants from a CSV file.",
    "The CLI is installed. You can install plugins with `acme add`.",
    "The page is rebuilt. Please reload it in your browser and report what you see.",
    "The server is built. Run `npm start` to launch it.",
    "I couldn't run `npm install`: the sandbox has no network. Install the dependencies on your machine.",
    "## Implementation Plan\n\n### 1. Install Dependencies",
    "The migration is written. Next, I'll apply it to the dev database.",
    "I applied the migration and seeded the database; every table is populated.",
    "Done. Please re-read the notes at your leisure.",
    # the verb of changing read as a noun, the subject of its own verb
    "The plan is on the PR; apply happens in CI after review, not from here.",
    "All three fixes are in. Seed data for the demo lives in `fixtures/demo.json`.",
]


@pytest.mark.parametrize("text", PASSES)
def test_use_plans_and_reports_pass(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")
