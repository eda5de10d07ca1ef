"""Next work left to no one, wave 2 (r41e, docs/DESIGN.md#construction-classes): one reading of the next work named
and left — a workflow's stage command named as next, a stage 'next' in the plan's place, a plural label whose
postmodifier names later work, the next step stated as the complement with the work the subject, an unnamed doer under a
modal of duty — and the texts that only look like it."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

FIRES = [
    # a workflow's next stage command named as next, by a label or a copula
    ("The spec is written to `specs/004-auth/`.\n\nNext up is `/speckit.plan`.", "readiness-next",
     ["`/speckit.plan`", "next stage"]),
    ("Clarifications recorded.\n\nThe next phase is `/speckit.tasks`.", "readiness-next", ["`/speckit.tasks`"]),
    # the stage 'next' with the place the plan keeps it in
    ("Phase 3 is merged.\n\nPhase 4 (the exporter) is next in `PLAN.md`.", "readiness-next", ["phase 4"]),
    ("Milestone A is done.\n\nMilestone B is next on the board.", "readiness-next", ["milestone b"]),
    # a plural label whose postmodifier names the list as later work
    ("The parser is rewritten.\n\nMore things worth doing: split the lexer, cache the tables, drop the old CLI.",
     "work-list", ["more things worth doing", "work the agent could do"]),
    ("The parser is rewritten.\n\nItems to tackle next: split the lexer, cache the tables.", "work-list",
     ["items to tackle next"]),
    # the same noun phrase as the subject of a modal of containing
    ("Webhooks fire for orders.\n\nIdeas for later could include signing the payloads and a replay endpoint.",
     "work-list", ["ideas for later could include"]),
    # the next step as the complement, the work the subject
    ("Autocomplete works for cities.\n\nExtending it to street names would be a natural next step.", "work-list",
     ["would be a natural next step", "extending it to street names"]),
    ("The importer is merged.\n\nExtending the importer to gzip files could be a good follow-up.", "work-list",
     ["could be a good follow-up", "extending the importer"]),
    # an unnamed doer under a modal of duty: the work left to no one
    ("The schema migration is written.\n\nNext, someone should backfill the old rows and drop the legacy column.",
     "advised-work", ["someone", "backfill", "left to no one"]),
    ("Types are regenerated.\n\nSomebody will need to update the fixtures.", "advised-work", ["somebody", "update"]),
]


@pytest.mark.parametrize(("text", "rule", "words"), FIRES)
def test_next_work_left_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


PASSES = [
    # a place phrase that holds the stage on another's act
    "Phase 2 is merged.\n\nPhase 3 is next in line for review by the security team.",
    # a label's postmodifier of use, not of later work
    "The server is fixed.\n\nSteps to reproduce: start the server, open the page.",
    "The report is done.\n\nUsers to consider could include admins and auditors.",
    # the complement judged, the work the reader's own
    "The key loader is in.\n\nAdding your API key would be the next step.",
    # an unnamed doer's human-only act stays the person's
    "The release branch is green.\n\nSomeone should merge this to main once approved.",
    # a question to anyone is no hand-over
    "The fixtures fail on CI.\n\nDoes anyone know why the fixtures fail on the runner?",
]


@pytest.mark.parametrize("text", PASSES)
def test_what_only_looks_like_next_work_passes(text: str) -> None:
    verdict, rule, reason = verdict_rule_reason(text)
    assert verdict != "fire", (rule, reason)
