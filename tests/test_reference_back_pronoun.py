"""Issue 28 phase 4 (r28e): a human-only act named away from "your call" by a pronoun or a verbless 'whether'.

docs/DESIGN.md#construction-classes: 'It's your call.' after a sentence whose subject is an act stands for that act,
like 'That's your call.'; so does the 'it' after a comma ('Publishing 0.9.0 to npm will notify every dependent, it's
your call'). 'Whether and when is your call.', 'Whether or not is your call.' ask about the act the sentence before
names ('not' there names the other alternative, it negates nothing). A gerund subject the small model cut short
('Rotating the staging deploy keys is overdue': 'deploy' read as a verb) keeps the nouns after it. Exempt when the act
is human-only, fire when it is the agent's; 'it' with no act before it still fires. A tool's command named as a noun
('The terraform destroy for the shared account …', which the model reads as a subject and its verb) is the act 'it'
stands for. The alternatives after the colon of the sentence before are what a bare 'Your call.' takes. A remark after
a hand-over set off by a dash ('— your pick, its green either way') is left out of the phrase's parse
(analyzer.text.layout.remark_after): the options before the dash decide.

Our own sentences, written for the classes: each case asserts the verdict, the rule and the reason's key words.
"""

from __future__ import annotations

import pytest

from tests.judging import assert_judged

CASES = [
    ("Publishing 1.4.0 to crates.io is the last step. It's your call.", "exempt", "copular-ownership",
     ["what 'It' stands for", "Publishing 1.4.0 to crates.io", "release"]),
    ("Force-pushing the rewritten main branch to origin is what remains. It's your call.", "exempt",
     "copular-ownership", ["what 'It' stands for", "history"]),
    ("Rotating the staging deploy keys is overdue. It is your call.", "exempt", "copular-ownership",
     ["'Rotating the staging deploy keys'", "credentials"]),
    ("Dropping the orders table in production would free 40 GB. It's really your call.", "exempt",
     "copular-ownership", ["'Dropping the orders table in production'", "production-data"]),
    ("Publishing 0.9.0 to npm will notify every dependent, it's your call.", "exempt", "copular-ownership",
     ["what 'it' stands for", "'Publishing 0.9.0 to npm'", "release"]),
    ("Adding a retry around the flaky upload is the last step. It's your call.", "fire", "copular-ownership",
     ["'Adding a retry around the flaky upload'", "names no human-only decision"]),
    ("Renaming the helper module is optional. It's your call.", "fire", "copular-ownership",
     ["'Renaming the helper module'", "names no human-only decision"]),
    ("Bumping the lint config is the next step. It is up to you.", "fire", "reader-decides",
     ["what 'It' stands for", "'Bumping the lint config'", "names no human-only decision"]),
    ("Squash or rebase? It's your call.", "fire", "copular-ownership", ["'It' has no antecedent"]),
    ("The docs are updated. It's your call.", "fire", "copular-ownership", ["'It' has no antecedent"]),
    ("It's your call.", "fire", "copular-ownership", ["'It' has no antecedent"]),
    ("It's your call whether to publish 1.4.0 to PyPI.", "exempt", "copular-ownership",
     ["extraposed clause", "release"]),
    ("It's your call whether to add more tests.", "fire", "copular-ownership", ["extraposed clause", "('tests')"]),
    # a verbless 'whether': the act the sentence before names
    ("Rotating the Postgres password is overdue. Whether and when is your call.", "exempt", "copular-ownership",
     ["Rotating the Postgres password", "credentials"]),
    ("Publishing 2.0.0 to PyPI will break old pins. Whether or not is your call.", "exempt", "copular-ownership",
     ["Publishing 2.0.0 to PyPI", "release"]),
    ("Deleting the stale rows from the production orders table would reclaim space. Whether and how soon is up to "
     "you.", "exempt", "reader-decides", ["Deleting the stale rows", "production-data"]),
    ("Adding a cache layer would speed the page up. Whether and when is your call.", "fire", "copular-ownership",
     ["Adding a cache layer", "names no human-only decision"]),
    ("Splitting the utils module is possible. Whether or not is your call.", "fire", "copular-ownership",
     ["Splitting the utils module", "names no human-only decision"]),
    ("Whether and when is your call.", "fire", "copular-ownership", ["'Whether and when' names no human-only"]),
    # published history: tags and commits named as published are history's
    ("Rewriting the published tags would break everyone's clones; whether to do that is your call.", "exempt",
     "copular-ownership", ["Rewriting the published tags", "history"]),
    ("Rewriting the parser tests would take an hour; whether to do that is your call.", "fire", "copular-ownership",
     ["names work the agent owns", "'Rewriting'"]),
    # a tool's command named as a noun ('the terraform destroy for …'): 'it' stands for the command, the act
    ("The terraform destroy for the old shared analytics account is planned in plan.txt. Would you like to run it, or "
     "hold off?", "exempt", "choice-question", ["'run it, or hold off', is human-only work (shared-infrastructure)"]),
    ("The kubectl delete for the shared prod namespace is drafted. Do you want to run it?", "exempt",
     "choice-question", ["'run it', is human-only work (shared-infrastructure)"]),
    ("The terraform destroy for my scratch workspace is planned. Would you like to run it?", "fire", "choice-question",
     ["'run it', names no human-only decision"]),
    ("The test run for the parser is queued. Should I start it?", "fire", "permission-question", ["'Should I'"]),
    # the alternatives after the colon of the sentence before: an option list written before the phrase
    ("Two ways to land #412: squash it or rebase-merge it. Your call.", "exempt", "named-before",
     ["'squash it or rebase-merge it', is human-only work (merge)"]),
    ("Two ways to ship 2.0: publish it to PyPI today or tag it after the freeze. Your call.", "exempt", "named-before",
     ["is human-only work (release)"]),
    ("Two ways to speed up the build: cache the deps or split the job. Your call.", "fire", "standalone",
     ["without naming a human-only one"]),
    ("Two fixes for the flaky test: add a retry or mock the clock. Your call.", "fire", "standalone",
     ["without naming a human-only one"]),
    ("Squash or rebase? Your call.", "fire", "standalone", ["without naming a human-only one"]),
    # a remark after a hand-over set off by a dash is read apart: the options before the dash decide
    ("Merge #415 now or wait for the nightly run — your pick, its green either way.", "exempt", "reader-decides",
     ["every alternative of the option list 'Merge #415 now or wait for the nightly run' is human-only work (merge)"]),
    ("Squash-merge #88 or hold it until Monday — your call, both are fine by me.", "exempt", "option-list",
     ["'Squash-merge #88 or hold it until Monday' is human-only work (merge)"]),
    ("Rotate the prod API keys now or after the freeze — up to you, it's low risk either way.", "exempt",
     "reader-decides", ["is human-only work (credential-rotation, credentials)"]),  # r29b: the rotation domain too
    ("Add the cache now or wait for the profiler run — your pick, its fast either way.", "fire", "reader-decides",
     ["option list 'Add the cache now or wait for the profiler run' names no human-only decision"]),
    ("Rewrite the parser or patch it — your call, either works for me.", "fire", "option-list",
     ["names work the agent owns"]),
]


@pytest.mark.model
@pytest.mark.parametrize(("text", "verdict", "rule", "words"), CASES, ids=[c[0][:50] for c in CASES])
def test_a_pronoun_or_a_verbless_whether_takes_the_act_named_before(
    text: str, verdict: str, rule: str, words: list[str]
) -> None:
    assert_judged(text, verdict, rule, words)
