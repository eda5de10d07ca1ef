"""The next act handed over under a label as Codex CLI and Gemini CLI write it (docs/DESIGN.md#construction-classes):
a few words, 'next' and nothing or a word naming the act ('Natural next step:', 'Suggested next command:', 'next
command suggestion:'), opening the last paragraph or a sentence of it after the report; its items split at
inline numbers, each an instruction or a command in code ('`/speckit.plan`'), read by the work-list row."""

from __future__ import annotations

import pytest

from analyzer.api import may_ask
from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("Migrated the cache layer.\n\nNatural next step: run the integration suite against staging to confirm the "
         "TTLs hold.", "Natural next step"),
        ("Docs regenerated.\n\nSuggested next command: `/plan.tasks`.", "Suggested next command"),
        ("Spec drafted. Next suggested command: `/spec.clarify` (or `/spec.plan` if nothing is open).",
         "Next suggested command"),
        ("Wrote the handler and its tests. Tests not run. Next steps: 1) Run `cargo test` to validate. 2) Try the "
         "endpoint with curl.", "Next steps"),
        ("Branch: `feat-x`. Ready for breakdown; next command suggestion: `/speckit.tasks`.",
         "next command suggestion"),
        ("Patched the importer.\n\nRecommended next move: re-run the seed script and check the row counts.",
         "Recommended next move"),
        ("Cleaned up the fixtures.\n\nYour next step: `npm run e2e` to check the login flow.", "Your next step"),
        ("Added the admin forms.\n\nTests: `go test ./...`\n\nNext step: 1. Load `/admin` in the browser to confirm "
         "the forms render.", "Next step"),
        ("Added the CSV exporter. Suggested next steps: wire the exporter into the CLI menu.",
         "Suggested next steps"),
    ],
)  # fmt: skip
def test_a_next_act_label_hands_the_reader_work(text: str, label: str) -> None:
    why = f"the closing list under '{label}' hands the reader work the agent could do"
    assert_judged(text, "fire", "work-list", [why])
    assert may_ask(text) is True


@pytest.mark.parametrize(
    "text",
    [
        "Migrated the cache layer.\n\nNext steps: none.",
        "Done. Next: I'll add the migration and run the suite.",
        "Merged the branches. Next: crash #412, then the changelog draft.",
        "Merged the branches. My next step: rerun the suite on the integration branch.",
        "Done.\n\nNext release: 2.4 ships on Friday.",
        "Fixed it. What I did next: ran the suite and fixed two failures.",
        "Added the page.\n\nNext time: the build cache lives in `.cache`, so clear it if builds look stale.",
        "Fixed the flake. Next steps were: 1) ran migrations 2) seeded data.",
        "Wrote the docs.\n\nNext step: the CI run is already green on the branch.",
        "Wrote the README section.\n\nUsage, next command: `mytool sync --dry-run` previews the changes.",
        "Wired the login.\n\nNext steps: 1) Sign in to the Azure portal with your account 2) Approve the pending "
        "access request.",
    ],
)
def test_nothing_a_report_a_plan_a_thing_or_human_only_acts_hand_nothing(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")  # no finding at all, not only none that fires
