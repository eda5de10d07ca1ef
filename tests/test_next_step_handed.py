"""Next work handed to the reader (docs/DESIGN.md#construction-classes): the message's last paragraph is an
instruction under a label of the next step — inline before a colon or as the heading just before it — read as a
closing list of one item; a lead-in ending on a bare modal whose subject is a thing says what that thing will do."""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("Persistence layer is in place.\n\n## Next step\n\nRun `/implement S3` for the mock auth and DB seeding.",
         "Next step"),
        ("All checks pass.\n\n**Next Steps:** Run `node save-artifacts.js`, then review the generated files.",
         "Next Steps"),
        ("The parser handles both formats.\n\nSuggested next move: add a fuzz test for the tokenizer.",
         "Suggested next move"),
        ("Docs are updated.\n\n### Recommended next step\n\nPort the remaining three endpoints to the new client.",
         "Recommended next step"),
    ],
)  # fmt: skip
def test_an_instruction_under_a_next_step_label_hands_the_reader_work(text: str, label: str) -> None:
    why = f"the closing list under '{label}' hands the reader work the agent could do"
    assert_judged(text, "fire", "work-list", [why])


@pytest.mark.parametrize(
    "text",
    [
        "Persistence layer is in place.\n\n## Next step\n\nMerge #88 once the stamp lands.",
        "Release notes are drafted.\n\nNext step: tag v2.1 and publish it to PyPI.",
        "All commits are done.\n\n## Next Steps\n\nThe tracker shows Task 10 as the next priority task.",
        "Schema is migrated.\n\nNext step: I'll backfill the created_at column on the next tick.",
        "The release is staged.\n\n**Next step:** the release manager publishes 4.0 on Monday.",
        "The automation is ready. On the next release tag push, the workflow will:\n\n1. Build the binaries\n"
        "2. Update the release notes\n3. Notify Slack",
        "Done. The key binding has been removed. You can now run `/terminal-setup` again.",
    ],
)
def test_a_human_only_step_a_status_a_plan_or_what_a_thing_will_do_hands_nothing(text: str) -> None:
    report = analyze(text)
    assert report.firing is None


@pytest.mark.parametrize(
    "text",
    [
        "Schema is migrated.\n\nNext step: backfill the created_at column for the legacy rows.",
        "The flags are in.\n\nAlso happy to document both flags in the README — just say.",
        "If you have the modal files, add them. Otherwise, I can create a new modal component.",
        "Alternatively, I can port the parser to the streaming API instead.",
        "Could also add a CHANGELOG entry, if you like.",
    ],
)
def test_the_stops_cheap_filter_lets_each_new_site_through(text: str) -> None:
    """sites.toml [cues]: every site the analyzer reads holds a cue, or the stop settles it unread."""
    from analyzer.api import may_ask

    assert may_ask(text)


def test_a_closing_table_after_a_line_offering_the_ways_on_hands_its_rows_over() -> None:
    text = ("Pathfinding works.\n\nA few directions we could take next:\n\n| option | effort |\n|---|---|\n"
            "| flow fields for crowds | 2 days |\n| async path requests | 1 day |\n| leave it | — |")  # fmt: skip
    report = analyze(text)
    assert report.firing is not None
    assert report.firing.rule == "work-list"
    assert "the closing list under 'A few directions we could take next'" in report.firing.reason


@pytest.mark.parametrize(
    "text",
    [
        "Release is staged.\n\nNext steps we could take:\n\n| step | owner |\n|---|---|\n| tag v2.1 | you |\n"
        "| publish to PyPI | you |",
        "Here is what changed:\n\n| file | change |\n|---|---|\n| api.py | new retry |\n| db.py | pool size |",
        "Caching works.\n\nFollow-ups the infra team could take on:\n\n| follow-up | effort |\n|---|---|\n"
        "| resize the cluster | 1 day |\n| rotate the certs | 2 days |",
    ],
)
def test_a_table_of_human_only_steps_of_changes_or_of_someone_elses_work_hands_nothing(text: str) -> None:
    assert analyze(text).firing is None


def test_the_colloquial_soon_as_times_the_agents_act_on_the_readers_decision() -> None:
    report = analyze("Soon as you settle on a theme, I'll switch the default over.")
    assert report.firing is not None
    assert report.firing.rule == "decision-offer"
