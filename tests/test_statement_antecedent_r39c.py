"""r39c (docs/DESIGN.md#construction-classes): a demonstrative bound across a statement.

A demonstrative after a statement in its own sentence stands for the act the statement names (its noun or gerund
subject, what a step does), not for the statement's status predicate; a subject naming a place in the work with a
present-tense verb names the act the verb and its words say; a demonstrative before a bare word repeating the verb of
the act named before points back at that act. Each exempt row has a twin on the agent's own work that still fires.
"""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged

EXEMPT = [
    ("The canary looked clean. The production deploy is ready whenever you want to trigger it — that's your decision.",
     "reader-decides", ["the act the statement before it names", "'the production deploy'", "production-deploy"]),
    ("The release of 4.2 is ready to go out — that's your call.", "statement-antecedent",
     ["the act the statement before it names", "release"]),
    ("Step 4 purges the audit rows in the production database, so that one is your call.", "statement-antecedent",
     ["'purges the audit rows in the production database'", "production-data"]),
    ("Step 6 drops the legacy columns in the production database. Your call.", "named-before",
     ["'drops the legacy columns in the production database'", "production-data"]),
    ("Dropping the sessions table in production frees 40 GB. That drop is your call.", "copular-ownership",
     ["what 'that' stands for", "dropping the sessions table in production", "production-data"]),
    ("Applying the module to the shared production account adds an IAM role. That apply is your call.",
     "copular-ownership", ["what 'that' stands for", "applying the module"]),
]

FIRE = [
    ("The parser refactor is ready to land — that's your call.", "copular-ownership", ["reports a status"]),
    ("Step 3 renames the helper modules, so that one is your call.", "copular-ownership", ["reports a status"]),
    ("Step 6 renames the helper modules. Your call.", "standalone", ["without naming a human-only one"]),
    ("Renaming the helpers touches 30 files. That rename is your call.", "copular-ownership",
     ["what 'that' stands for", "renaming the helpers", "no human-only"]),
    ("Applying the module to my scratch account adds a test role. That apply is your call.", "copular-ownership",
     ["what 'that' stands for", "my scratch account", "no human-only"]),
    # a noun that does not repeat the act names a thing of its own
    ("Publishing 2.0 to npm is pending. That refactor is your call.", "copular-ownership", ["agent owns", "refactor"]),
]


@pytest.mark.parametrize(("text", "rule", "words"), EXEMPT)
def test_demonstrative_bound_across_a_statement_to_a_human_only_act_is_exempt(
    text: str, rule: str, words: list[str]
) -> None:
    assert_judged(text, "exempt", rule, words)


@pytest.mark.parametrize(("text", "rule", "words"), FIRE)
def test_same_binding_on_agent_work_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


def test_a_past_report_of_a_step_names_nothing_to_decide() -> None:
    """'Step 5 dropped …' tells history: the bare hand-over after it binds no act and fires."""
    report = analyze("Step 5 dropped the legacy columns in the production database. Your call.", claims=False)
    assert report.verdict == "fire"
    assert report.firing is not None and report.firing.rule == "standalone"


@pytest.mark.parametrize(
    "text",
    [
        "Depending on what you decide about the retry policy, I can drop it or cap the attempts.",
        "Depending on which test runner you prefer, I'll port the suite to it next.",
    ],
)
def test_the_agents_act_depending_on_the_readers_choice_in_a_question_clause_fires(text: str) -> None:
    """A choice handed back in prose with no question mark: 'depending on' a question clause of the reader's choice
    governing the agent's act (sites.toml [decision] depending_questions)."""
    assert_judged(text, "fire", "decision-offer", ["wait on", "reader's decision"])


@pytest.mark.parametrize(
    "text",
    [
        "Depending on which queue you pick, run the worker with `--queue fast` or `--queue slow`.",
        "Depending on which branch you merge first, the changelog order differs.",
    ],
)
def test_a_choice_clause_before_an_instruction_or_a_status_offers_nothing(text: str) -> None:
    report = analyze(text, claims=False)
    assert report.verdict == "clear"
    assert report.findings == ()
