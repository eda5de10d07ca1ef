"""r33b (docs/DESIGN.md#construction-classes): standing by as readiness and as a request to be contacted. The agent's
readiness, or its work product's, for the next stage named by a slash command of the harness in code ('Ready for
`/speckit.plan`.', 'Ready for Phase 2 tasks: `/speckit.tasks`.', 'Spec is ready for the next phase: `/speckit.clarify`
or `/speckit.plan`'); readiness for a stage or the reader's next request after 'or' ('Ready for Phase 2 planning or
further instructions.'); a contact request the model joined to a condition read as the root ('If something else turns
up in the logs, ping me.'); willingness to do more, then a bare request to reach the agent ('Glad to rework any of the
copy — just shout.'). A thing's readiness named in words, a person's readiness, the human's review of a PR and a
pager's ping are none."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

pytestmark = pytest.mark.model

FIRES = [
    ("Spec written to `specs/002-auth/spec.md`.\n\nReady for `/speckit.plan`.", "readiness-next",
     ["`/speckit.plan`", "parks until the reader invokes it"]),
    ("Plan files are in place.\n\nReady for Phase 2 tasks: `/speckit.tasks`.", "readiness-next",
     ["`/speckit.tasks`", "the reader's command"]),
    ("The spec is ready for the next phase: `/speckit.clarify` or `/speckit.plan`.", "readiness-next",
     ["`/speckit.clarify`"]),
    ("I'm ready for `/speckit.implement` whenever.", "readiness-next", ["`/speckit.implement`"]),
    ("Checklist complete.\n\nReady for `/speckit.clarify` or further refinements.", "readiness-next",
     ["`/speckit.clarify`", "'refinements'"]),
    ("Ready for Phase 2 planning or further instructions.", "ready-for-next-request", ["reader's next request"]),
    ("Ready to execute the tasks in `specs/x/tasks.md`. No tasks are marked complete yet; the next actions start with "
     "T001.", "readiness-next", ["'execute'"]),
    ("If something else turns up in the logs, ping me.", "contact-closer", ["'ping me'", "next need"]),
    ("IF SOMETHING ELSE TURNS UP IN THE LOGS, PING ME.", "contact-closer", ["next need"]),
    ("Glad to rework any of the copy — just shout.", "contact-closer", ["'Glad to rework …'", "'shout'"]),
    ("Happy to tweak the wording further — just holler.", "contact-closer", ["'holler'"]),
]

PASSES = [
    ("The build is ready for deploy.", "clear"),
    ("Ready for review in #123.", "clear"),
    ("PR #88 is ready for review by the maintainers.", "clear"),
    ("Ready for the next phase.", "clear"),
    ("She is ready for `/speckit.plan` once her branch lands.", "clear"),
    ("If the health check fails again, the pager will ping me automatically.", "clear"),
    ("Ready for the production deploy whenever you schedule it.", "clear"),
    ("Happy to tag the 2.1 release whenever — just shout.", "exempt"),
]


@pytest.mark.parametrize(("text", "rule", "words"), FIRES, ids=[t[:40] for t, _, _ in FIRES])
def test_readiness_for_the_readers_command_and_a_bare_contact_request_fire(text: str, rule: str,
                                                                           words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize(("text", "verdict"), PASSES, ids=[t[:40] for t, _ in PASSES])
def test_a_things_readiness_a_persons_or_a_human_only_act_is_not_standing_by(text: str, verdict: str) -> None:
    got, rule, reason = verdict_rule_reason(text)
    assert got == verdict, reason
    if verdict == "clear":
        assert rule is None, reason
    else:
        assert rule == "contact-closer" and "human-only" in reason, reason
