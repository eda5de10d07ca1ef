"""What hides a closing act a rule already knows (issue 28, r33i; docs/DESIGN.md#construction-classes).

Four classes, each judged on the construction, not on the words first seen:
* furniture after the closing act — an answer-format hint ('(yes/no)', '[Y/n]'), a labelled line of code ('Suggested
  commit message: `…`'), a short third-person remark on the result ('The page should now load.') — is read past by its
  shape; the reader's bare word of assent whose purpose is the agent's act ('Confirm to continue.') is a wait itself;
* the reader's next request named by a noun of a unit of work under an open word ('Ready for the next item.');
* a 'next' label whose content is an imperative of going on to or doing the agent's own stage ('Next: Start Phase 2');
* the command told to be run as the check of the work just done ('Run `npm test` to verify the fix.'), against usage.
"""

from __future__ import annotations

import pytest

from analyzer.text.closing import closing_part
from analyzer.text.units import answer_format
from tests.judging import assert_judged, verdict_rule_reason

FURNITURE_FIRES = [
    # an answer-format hint after the question: no answer, no following sentence
    (
        "Some checklists are incomplete. Do you want to proceed with implementation anyway? (yes/no)",
        "choice-question",
        ["proceed with implementation anyway"],
    ),
    ("Two tests still fail. Should I continue with the migration? [y/N]", "closing-question", []),
    ("Tasks T001–T004 done. Continue with Phase 2? (yes/no)", "closing-question", []),
    # a labelled line of code after the closing question
    (
        "Spec drafted in `specs/001/spec.md`.\n\nShould I generate the plan next?\n\nSuggested commit message: "
        "`docs: draft responsive spec`",
        "closing-question",
        [],
    ),
    (
        "Migration written. Do you want me to run it against the dev database?\n\nFiles: `db/migrations/0042.sql`",
        "offer",
        ["do you want me"],
    ),
    # a remark on the result after the closing act
    (
        "**Next Steps:**\nPlease run the application again to verify the fix:\n`uv run python -m src.main`\n\n"
        "The Vision GUI should now load images and allow annotation without errors.",
        "work-list",
        ["Next Steps"],
    ),
    (
        "Fixed the import.\n\nWant me to also add a regression test for it?\n\nThe page should now render without the "
        "500.",
        "want-me-to",
        [],
    ),
]

FURNITURE_PASSES = [
    "Should we use yes/no flags here? No — the config reads booleans, so I used true/false.",
    "The prompt now shows (yes/no) after each question.",
    "Does the CLI still print [Y/n]? Yes, it does — I kept the default.",
    "Spec drafted.\n\nSuggested commit message: `docs: draft responsive spec`",
    "Migration written and applied to dev.\n\nFiles: `db/migrations/0042_add_index.sql`",
    "Fixed the import.\n\nThe page should now render without the 500.",
    "Restarted the service.\n\nYou should now see the dashboard load.",
]


@pytest.mark.parametrize(("text", "rule", "words"), FURNITURE_FIRES)
def test_furniture_after_the_closing_act_is_read_past(text: str, rule: str, words: list[str]) -> None:
    verdict, got_rule, reason = verdict_rule_reason(text)
    assert verdict == "fire", (text, reason)
    if rule != "closing-question":
        assert got_rule == rule, reason
    for word in words:
        assert word.lower() in reason.lower(), reason


@pytest.mark.parametrize("text", FURNITURE_PASSES)
def test_furniture_alone_hands_nothing_over(text: str) -> None:
    assert verdict_rule_reason(text)[0] != "fire", text


@pytest.mark.parametrize(
    ("hint", "is_hint"),
    [
        ("(yes/no)", True),
        ("[Y/n]", True),
        ("(a / b / c)", True),
        ("yes/no", True),
        ("(yes/no/skip).", True),
        ("src/main", False),
        ("Yes/no questions are hard.", False),
        ("(see docs)", False),
        ("yes", False),
        ("(yes/no", False),
    ],
)
def test_an_answer_format_hint_is_found_by_its_shape(hint: str, is_hint: bool) -> None:
    assert answer_format(hint) is is_hint


def test_a_labelled_artifact_line_leaves_the_paragraph_before_it_closing() -> None:
    closing = closing_part("Open question: FR-013.\n\nShould I plan next?\n\nSuggested commit message: `docs: x`")
    assert [closing.view[s.start : s.end] for s in closing.sentences] == ["Should I plan next?"]
    # a label of readiness or sequence hands its code over: it stays the closing part
    closing = closing_part("Plan files are in place.\n\nReady for Phase 2 tasks: `/speckit.tasks`.")
    assert len(closing.sentences) == 1 and closing.view[closing.sentences[0].start :].startswith("Ready for")


ASSENT_FIRES = [
    "Confirm to continue.",
    "Task 2 is complete.\n\nReady to proceed to **Task 3: Add docs**. Confirm to continue.",
    "Phase 1 done. Approve to start Phase 2.",
    "Please reply yes to proceed with Task 4.",
    "Tests are green.\n\nPlease confirm to move on to the API layer.",
    'Done with T003. Reply "ok" to go on.',
]


@pytest.mark.parametrize("text", ASSENT_FIRES)
def test_the_readers_bare_assent_releasing_the_agents_act_fires(text: str) -> None:
    assert_judged(text, "fire", "word-before-act", ["to release the agent's", "stands by on the reader's word"])


@pytest.mark.parametrize(
    "text",
    [
        "Confirm to deploy v2.4 to production.",
        "The dialog asks the user to confirm to continue.",
        'The CLI now prompts "Confirm to continue" before deleting files.',
        "Users must confirm to continue; the modal blocks otherwise.",
        "Reply to the thread to see the full list.",
    ],
)
def test_assent_for_a_human_only_act_or_reported_is_no_finding(text: str) -> None:
    assert verdict_rule_reason(text)[0] != "fire", text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("T006 is complete. Ready for the next item.", "Ready for the next item"),
        ("All three tasks are done. Ready for the next items.", "Ready for the next items"),
        ("T010 complete; marked done in tasks.md. Ready for the next one.", "Ready for the next one"),
        ("Finished the migration. I'm ready for another one.", "ready for another one"),
        ("Done with the parser cleanup. Ready for the next piece.", "Ready for the next piece"),
        ("Card moved to done. I'm ready for your next item.", "ready for your next item"),
    ],
)
def test_the_next_request_named_by_a_unit_of_work(text: str, shown: str) -> None:
    assert_judged(text, "fire", "ready-for-next-request", [shown, "waits for the reader's next request"])


@pytest.mark.parametrize(
    "text",
    [
        "The queue is ready for the next item.",
        "Is the worker ready for the next job?",
        "The parser is ready for the next one we add.",
        "I'm ready for the review of item 3 tomorrow.",
        "The release branch is ready for the next story to merge.",
    ],
)
def test_a_things_readiness_for_a_unit_is_no_finding(text: str) -> None:
    assert verdict_rule_reason(text)[0] != "fire", text


@pytest.mark.parametrize(
    ("text", "stage"),
    [
        ("Tasks marked complete: T001–T003.\n\nNext: Start Phase 2 (T004–T009) foundational scaffolding.", "Phase 2"),
        ("Phase 2 now complete.\n\nNext: Begin Phase 3 (US1 tasks T010–T014) to implement config parsing.", "Phase 3"),
        ("Marked US1 done.\n\nNext: proceed to Phase 4 (US2 tasks T015–T020) for deadlines and queues.", "Phase 4"),
        ("All green. Next: move on to Stage 3 — the export pipeline.", "Stage 3"),
        ("Lint fixed. Next: resume Sprint 3 tasks T031–T035.", "Sprint 3"),
        ("Files touched: `tsconfig.json`.\n\nNext: finish T001, then proceed to Phase 3 (US1 tasks).", "T001"),
    ],
)
def test_a_next_label_opening_with_going_on_to_the_stage(text: str, stage: str) -> None:
    assert_judged(text, "fire", "readiness-next", [stage, "the next stage of the agent's own plan"])


def test_a_next_label_going_on_to_a_slash_command() -> None:
    text = "Coverage is clear.\n\nNext: proceed to `/speckit.plan` (tradeoffs can be documented during planning)."
    assert_judged(text, "fire", "work-list", ["Next: proceed to", "/speckit.plan"])


@pytest.mark.parametrize(
    "text",
    [
        "Next: Phase 3 was merged yesterday by the team.",
        "Next: the reviewer will start Phase 3 after approving.",
        "Phase 2 done. Next: deploy to production once you approve the release.",
        "I started Phase 2 and finished it. Next release: 2.4.",
    ],
)
def test_a_next_label_of_someone_elses_or_done_work_is_no_finding(text: str) -> None:
    assert verdict_rule_reason(text)[0] != "fire", text


@pytest.mark.parametrize(
    ("text", "lead"),
    [
        (
            "Fixed the duplicate keys.\n\nRun `docker compose up --build` and it should resolve and build cleanly now.",
            "Run",
        ),
        (
            "The pins are compatible now.\n\nGo ahead and rebuild with `docker compose up --build`.",
            "Go ahead and rebuild with",
        ),
        ("All features are ready. Run `docker compose down && docker compose up --build` to test.", "Run"),
        ("I fixed the import path. Run `npm test -- auth` to verify the fix.", "Run"),
        ("Updated the lockfile. Try `cargo build` again; it should compile now.", "Try"),
        ("The env guard is in. Please run `make check` to validate the changes.", "Please run"),
        ("Fixed the config typo. Now run `terraform validate` and it should pass.", "Now run"),
    ],
)
def test_the_check_of_the_work_just_done_handed_to_the_reader(text: str, lead: str) -> None:
    assert_judged(text, "fire", "work-list", [f"under '{lead}'", "work the agent could do"])


@pytest.mark.parametrize(
    "text",
    [
        "Run `npm start` to launch the app.",
        "Added the script. Run `make seed` whenever you need fresh demo data.",
        "`go test` could not run here: the sandbox has no network. Please run `go test ./...` locally to verify once "
        "you're online.",
        "Run `docker compose up --build` on your machine to start the stack.",
        "Run `analyze --json 'your call'` to check the offsets.",
        "If you want to verify it later, run `make verify`.",
        "Run `make reset`; it will ask you to confirm before it wipes the volume.",
    ],
)
def test_usage_and_the_sandbox_blocked_check_stay_clear(text: str) -> None:
    assert verdict_rule_reason(text)[0] != "fire", text
