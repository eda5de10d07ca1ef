"""r33e (docs/DESIGN.md#construction-classes): the next stage of the agent's own plan named as data and left to the
reader — a stage noun with its number or letter, or a task id of a plan file ('Phase 3', 'user story 2', 'T015', 'US2'),
as the object of the agent's readiness ('Phase 2 complete; ready for Phase 3.') or as the complement of a 'next' label
or copula opening the closing sentence ('Next: Phase 3 (T015–T020).', 'Next up is Phase 3: wiring the API.', 'the next
phase is Polish (T030-T034)'). None: the agent starts the stage itself, someone else's act or work in flight holds it,
a word of holding, owning or finishing, the stages reported with more of the message after them, a thing's or someone
else's readiness; 'Ready for the next phase.' names no stage of the plan."""

from __future__ import annotations

import pytest

from analyzer.text.questions import question_sites
from tests.judging import assert_judged, verdict_rule_reason

pytestmark = pytest.mark.model

READY = "states the agent is"
NEXT = "names the next stage of the agent's own plan"

FIRES = [
    ("Phase 2 complete; ready for Phase 3.", [READY, "next stage of its own plan ('Phase 3')"]),
    ("Ready for Phase 3 implementation.", [READY, "('Phase 3')", "parks on the reader's go"]),
    ("Setup tasks T001–T006 are checked off in tasks.md. Ready for T007.", [READY, "('T007')"]),
    ("The schema migration is written and tested; ready for user story 2.", [READY, "('story 2')"]),
    ("I'm ready for Milestone C.", [READY, "('Milestone C')"]),
    ("Phase 1 done — ready for stage 2 (the exporter).", [READY, "('stage 2')"]),
    ("Tests pass.\n\nNext: Phase 3 (T015–T020).", [NEXT, "('Phase 3')", "stops there"]),
    ("Phase 2 is done. Next up is Phase 3: wiring the API.", [NEXT, "('Phase 3')"]),
    ("Phase 3 tasks are done; the next phase is Polish (T030-T034).", [NEXT, "('Polish')"]),
    ("All 12 tests pass. Next up is US3: bulk import.", [NEXT, "('US3')"]),
    ("Part I of the migration guide is written. Next up: Part II.", [NEXT, "('Part II')"]),
    ("- Created the models\n- Added the routes\n\n**Next:** Phase 4 (T021–T027)", [NEXT, "('Phase 4')"]),
    # the stage as the subject with 'next' its predicate closing the sentence; the label naming the stage noun; a comma
    ("Phase 2 is in. Phase 3 is next.", [NEXT, "('Phase 3')"]),
    ("Tests pass. Phase 3 (T015–T020) is up next.", [NEXT, "('Phase 3')"]),
    ("Setup finished; T007 next.", [NEXT, "('T007')"]),
    ("Done with setup.\n\nNext phase: Integration (T030–T034).", [NEXT, "('T030')"]),
    ("Next, Phase 3 (T015–T020).", [NEXT, "('Phase 3')"]),
    ("Phase 3 of our plan is next.", [NEXT, "('Phase 3')"]),  # rv8: the agent's own possessor holds nothing
]

# Each none case with where it is decided: READY_SITE reaches the readiness-next row, whose holds make it none; NO_SITE
# is never a site of the text layer (analyzer.text.questions), so the row is never asked.
READY_SITE, NO_SITE = ["ready"], []
PASSES = [
    ("Phase 3 starts once CI is green.", "clear", NO_SITE),
    ("Next: Phase 3, once the vendor sends the API key.", "clear", READY_SITE),
    ("Phase 3 is blocked on the vendor's API key.", "clear", NO_SITE),
    ("The next phase is owned by @maria.", "clear", NO_SITE),
    ("Next: the release (needs your stamp).", "clear", NO_SITE),
    ("Phase 3 was next and is now done.", "clear", NO_SITE),
    ("Next: Phase 3 — done.", "clear", READY_SITE),
    ("Starting Phase 3 now.", "clear", NO_SITE),
    ("Next up is Phase 3, which I'm starting now.", "clear", READY_SITE),
    ("She said she's ready for Phase 3.", "clear", READY_SITE),
    ("The staging cluster is ready for Phase 3 once the owners sign off.", "clear", READY_SITE),
    ("Ready for the next phase.", "clear", READY_SITE),
    ("Phase 3 is next on @maria's list.", "clear", NO_SITE),
    ("Phase 3 is next after the vendor's key arrives.", "clear", NO_SITE),
    ("The roadmap says Phase 3 is next.", "clear", NO_SITE),
    # rv8: the stage as the subject reaching the row, held by a possessor or a clause of time on someone else (its
    # twin with the agent's own possessor fires: FIRES)
    ("Phase 3 of @maria's plan is next.", "clear", READY_SITE),
    ("Phase 3, once the vendor's key arrives, is next.", "clear", READY_SITE),
    ("Lane done.\n\n- PR #90 opened, CI green.\n- Next: #95, the cache metrics, already claimed by me.", "clear",
     NO_SITE),
    ("Next: Phase 4, already underway on `feat/sync`.", "clear", READY_SITE),
    # a human-only stage is exempt, judged on what the sentence says of it
    ("Next up: Phase 5 — deploy to production.", "exempt", READY_SITE),
    ("Ready for Phase 4: the production release.", "exempt", READY_SITE),
    ("The plan has five phases. Phase 2 covers the API; next is Phase 3, the UI. All five are implemented and tested.",
     "clear", READY_SITE),
]


@pytest.mark.parametrize(("text", "words"), FIRES, ids=[t[:40] for t, _ in FIRES])
def test_the_next_stage_of_the_plan_left_to_the_reader_fires(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "readiness-next", words)


@pytest.mark.parametrize(("text", "verdict", "site"), PASSES, ids=[t[:40] for t, _, _ in PASSES])
def test_a_held_done_started_or_reported_stage_is_none(text: str, verdict: str, site: list[str]) -> None:
    assert [s.kind for s in question_sites(text)] == site
    got, rule, reason = verdict_rule_reason(text)
    assert (got, rule) == (verdict, "readiness-next" if verdict == "exempt" else None), reason


def test_the_participle_titling_the_next_stage_is_no_claim() -> None:
    from analyzer import analyze

    report = analyze("Phase 2 is done. Next up is Phase 3: wiring the API.")
    assert report.claims == ()
