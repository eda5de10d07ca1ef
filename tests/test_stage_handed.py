"""The next stage handed to the reader as a statement (r37c; docs/DESIGN.md#construction-classes).

The reader the subject of a modal or of a frame of readiness or leave ('You can now …', "You're all set to …", 'Feel
free to …'), a verb of going on, and a stage of the work as what it goes on to, closing the message: the reader is made
the doer of the next work the agent could do itself (rule stage-handed). Its neighbours stay no finding: the reader's
own use of the result, a place of the product, the reader's own thing, a stage held on someone else's act, the agent
going on in the next sentence, the agent's own plan; a human-only stage is exempt.
"""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

FIRES = [
    ("Done. You can now proceed with the deployment stage.", ["'proceed'", "'stage'"]),
    ("The schema is in. You're all set to move on to the API layer.", ["'move'", "'layer'"]),
    ("Phase 2 is merged into the branch. You may now continue with phase 3.", ["'continue'", "'phase'"]),
    ("Fixtures are seeded. From here you can start on the integration tests.", ["'start'", "'tests'"]),
    ("The models compile. You can go ahead and start on the search feature.", ["'start'", "'feature'"]),
    ("The lexer is done. You're ready to pick up the parser module.", ["'pick'", "'module'"]),
    ("Routing is converted. You should now proceed with the remaining screens.", ["'proceed'", "'screens'"]),
    ("Parsing works. You can move on to implementing the cache.", ["'move'", "'cache'"]),
    ("Milestone A is closed; you can proceed to milestone B.", ["'proceed'"]),
]

LEAVE_FIRES = [
    ("The importer is in. Feel free to proceed with the next task.", ["'proceed'", "'task'"]),
    ("Auth is wired. Feel free to move on to the billing service.", ["'move'", "'service'"]),
]

EXEMPT = [
    "Staging is green. You can now proceed with the production deploy.",
    "Release notes are drafted. You can now move on to the release of v2.1.",
]

NONE = [
    # the reader's own use of the result
    "The build is fixed. You can now run the app with `npm start`.",
    "The account exists. You can now log in with the new account.",
    "The migration is applied. You can now start using the new endpoints.",
    "The server is patched. You can now start the dev server again.",
    # a place of the product, the reader's own thing
    "The reset link is sent. You can now proceed to the login page.",
    "The hotfix is out. You can now continue with your day.",
    "The installer is downloaded. You can now continue with the setup on your own machine.",
    # a stage of a document or tool the reader follows, a means of running in code
    "Merged. You can now continue with the next steps in the README.",
    "Done. You can proceed to step 2 of the installer.",
    "Done. You can now start the integration tests with `npm test`.",
    # held on someone else's act, the agent going on, the agent's own plan
    "Once the vendor sends the keys, you can proceed with the payment integration.",
    "You can now proceed with phase 3. I'm starting on the importer meanwhile.",
    "Phase 3 is done. Next I'll start on phase 4.",
    # no modal or frame: a report of what the reader did
    "You continued with phase 3 yesterday, and it is merged.",
]


@pytest.mark.parametrize(("text", "words"), FIRES)
def test_the_next_stage_handed_to_the_reader_fires(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "stage-handed", ["tells the reader they may go on", "the next stage of the work",
                                                 *words])  # fmt: skip


@pytest.mark.parametrize(("text", "words"), LEAVE_FIRES)
def test_leave_to_go_on_to_the_next_stage_fires(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "stage-handed", ["gives the reader leave to go on", *words])


@pytest.mark.parametrize("text", EXEMPT)
def test_a_human_only_next_stage_is_exempt(text: str) -> None:
    verdict, rule, reason = verdict_rule_reason(text)
    assert (verdict, rule) == ("exempt", "stage-handed")
    assert "human-only" in reason or "production" in reason or "release" in reason


@pytest.mark.parametrize("text", NONE)
def test_use_places_holds_and_the_agents_own_going_on_are_no_finding(text: str) -> None:
    verdict, rule, _ = verdict_rule_reason(text)
    assert verdict != "fire"
    assert rule != "stage-handed"
