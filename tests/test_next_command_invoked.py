"""The reader told to invoke the next command of the workflow (docs/DESIGN.md#construction-classes, r33g): in the
closing part, an imperative of invoking ('Run', 'Invoke', 'Execute', 'Type', 'Kick off' …), a going-on verb with the
reader as the subject of a modal ('You can proceed to …'), or a bare label of sequence ('Next:', 'Next,', 'Suggested
next:', 'Then:') before a command in code — a slash command of the harness, or a program or script when the sentence
names the sequence — hands the next stage of the agent's own work to the reader. None: usage for later, a command the
sandbox could not run, the reader's own place or credentials, a human-only act, a report, reported speech, a path or an
identifier in code, the reader's own use ('You can now run … again')."""

from __future__ import annotations

import pytest

from analyzer.api import may_ask
from tests.judging import assert_judged, verdict_rule_reason

FIRES = [
    # an imperative of invoking before a slash command
    ("All 18 tasks in Phase 1 are checked off.\n\nRun `/speckit.implement` to continue with Phase 2.", "Run",
     "/speckit.implement"),
    ("Plan updated. Invoke `/tasks` next to break it down.", "Invoke", "/tasks"),
    ("Story 2.3 drafted. Type `/bmad-dev` to start the implementation.", "Type", "/bmad-dev"),
    ("Research notes captured. Kick off `/speckit.plan` when you're ready.", "Kick off", "/speckit.plan"),
    ("Phase 4 tasks are done. Launch `/speckit.implement` again for Phase 5. Thanks!", "Launch",
     "/speckit.implement"),
    ("Generated 12 tasks. Run `/speckit.checklist` and then `/speckit.implement`.", "Run", "/speckit.checklist"),
    # a bare label of sequence, with or without the verb, emphasis around it
    ("Spec drafted.\n\nNext: `/speckit.clarify` to settle the open questions.", "Next", "/speckit.clarify"),
    ("Checklist generated.\n\nSuggested next: `/speckit.analyze`.", "Suggested next", "/speckit.analyze"),
    ("The PRD is saved. Then: `/bmad-architect` for the architecture doc.", "Then", "/bmad-architect"),
    ("Clarify pass complete.\n\n**Next:** `/speckit.plan`", "Next", "/speckit.plan"),
    ("Epic 1 stories created.\n\nNext: run `/bmad-sm` to draft story 1.2.", "Next: run", "/bmad-sm"),
    # an opener timing it by the reader's readiness, a purpose of going on, a leave, a symbol before the label
    ("Plan approved and saved.\n\nWhen you're ready, run `/speckit.tasks` to generate the task list.",
     "When you're ready, run", "/speckit.tasks"),
    ("Phase 2 is complete. To continue with Phase 3, run `/speckit.implement`.", "To continue with Phase 3, run",
     "/speckit.implement"),
    ("Story drafted. Go ahead and run `/bmad-dev` for the implementation.", "Go ahead and run", "/bmad-dev"),
    ("All gates pass.\n\n\N{WHITE RIGHT POINTING BACKHAND INDEX} Next: `/speckit.implement`", "Next",
     "/speckit.implement"),
    # a program or a script, when the sentence names the sequence
    ("Migration written. Execute `make migrate` next, then `make seed`.", "Execute", "make migrate"),
    ("Scaffold done.\n\nNext, run `npm run generate` to build the client stubs.", "Next, run", "npm run generate"),
    ("Index schema is in.\n\nThen: `./scripts/build-index.sh` to rebuild the search index.", "Then",
     "./scripts/build-index.sh"),
    # the reader as the subject of a modal, going on to the next stage
    ("Coverage summary:\n- Resolved: auth provider.\n\nYou can proceed to `/speckit.plan`.", "You can proceed to",
     "/speckit.plan"),
]


@pytest.mark.parametrize(("text", "lead", "command"), FIRES)
def test_the_next_command_handed_to_the_reader_fires(text: str, lead: str, command: str) -> None:
    assert may_ask(text)
    assert_judged(text, "fire", "work-list", ["closing list", f"under '{lead}'", command, "work the agent could do"])


PASSES = [
    # usage for later, and the reader's own use
    "Docs regenerated.\n\nTo regenerate the docs later, run `make docs`.",
    "The app is built. Run `npm start` to launch it.",
    "Done. The binding is removed. You can now run `/terminal-setup` again.",
    "Build config updated. Proceed with `npm run build` whenever you deploy.",
    "The dev server config is fixed. To start it later, run `/dev` again.",
    "To start the dev server, run `npm run dev`.",
    "When you're ready to deploy to production, run `/deploy prod`.",
    "Everything is green. Use `/clear` to start a fresh conversation whenever you like.",
    # the sandbox could not run it; the reader's place; the reader's credentials
    "`npm install` failed: no network in the sandbox; run `npm install` on your machine.",
    "`pip install -r requirements.txt` could not run: the sandbox has no network. Next, run "
    "`pip install -r requirements.txt` yourself.",
    "Session expired. Run `/login` to re-authenticate with your account.",
    # a human-only act
    "PR #44 is green. Next: `gh pr merge 44` to merge it.",
    "Everything's merged. Next: `git tag v1.4.0 && git push --tags` to publish the release.",
    # a report, the agent's own next act, reported speech
    "I ran `/speckit.analyze`; 0 issues found.",
    "Next, I'll run `/speckit.implement` for Phase 2.",
    "I'll proceed to `/speckit.plan` now.",
    "Plan written. Next I'm running `/speckit.tasks` to break it down.",
    "The README says: run `make docs` next.",
    "The tutorial says to run `/speckit.plan` next; I did that and wrote `plan.md`.",
    # a path, an identifier, what a command does
    "Next: `src/routes/billing.ts`, then the webhook handler.",
    "Implemented the cache. Use `getCached()` in the handlers instead of `fetch()`.",
    "The `/speckit.implement` command runs the tasks in order.",
]


@pytest.mark.parametrize("text", PASSES)
def test_a_command_that_is_no_next_stage_handed_over_does_not_fire(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")  # no row finds anything to judge
