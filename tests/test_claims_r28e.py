"""Issue 28 phase 4 (r28e): claims the phase-3 rows missed, as classes.

docs/DESIGN.md#claims: the verbless announcement of where the agent goes now ('Onto the flaky snapshot tests next.',
row verbless-next-step); a participle whose gerund object ends in a plural noun the model read as the verb ('Tackling
the N+1 queries in the admin views next.', row noun-read-as-verb); a participle after a condition that names the
exception to acting ('Unless something's wrong with it, pushing …', 'If nobody objects, merging …') or after a comma
and 'otherwise' (a break like the dash); a participle after a reply word in any register ('Yep,', 'K,', 'on it,',
'righto,', 'Arr,') with its g dropped after the comma ('fixin', "hoistin'"). A condition that sets a later time, a
gerund subject, the turn handed to a person and a reply word before a report stay no claim.

Our own sentences: each case asserts the claim's form, its rule and the reason's key words.
"""

from __future__ import annotations

import pytest

from analyzer.grammar.claims import find_claims

CLAIMS = [
    ("Onto the flaky iOS snapshot tests next.", "intention", "verbless-next-step",
     "'Onto the flaky iOS snapshot tests next' (where the agent goes now"),
    ("On to the billing webhooks next.", "intention", "verbless-next-step", "'On to the billing webhooks next'"),
    ("Onto the flaky iOS snapshot tests now.", "intention", "verbless-next-step", "where the agent goes now"),
    ("Tackling the N+1 queries in the admin views next.", "participle", "subjectless-participle", "'Tackling'"),
    ("Tackling the slow queries in the report views now.", "participle", "subjectless-participle", "'Tackling'"),
    ("Let me know if another order works better, otherwise starting with the auth module.", "participle",
     "subjectless-participle", "'starting'"),
    ("Unless something's wrong with it, pushing the formatter changes now.", "participle", "fronted-participle",
     "'…, pushing' after a fronted clause"),
    ("If nobody objects, merging my cleanup into my working branch now.", "participle", "fronted-participle",
     "'…, merging' after a fronted clause"),
    ("on it, fixin the tests now 🔧", "participle", "subjectless-participle", "'fixing'"),
    ("K, pushing the hotfix to my branch now 🚀", "participle", "subjectless-participle", "'pushing'"),
    ("Arr, hoistin' the new build to the dev server now, matey!", "participle", "subjectless-participle",
     "'hoisting'"),
    ("ok, rerunnin the benchmarks now", "participle", "subjectless-participle", "'rerunning'"),
    ("righto, bumpin the deps now", "participle", "subjectless-participle", "'bumping'"),
    ("Yep, updating the changelog now.", "participle", "subjectless-participle", "'updating'"),
    ("Sure, wiring up the retry handler now.", "participle", "subjectless-participle", "'wiring'"),
]

NOT_CLAIMS = [
    "If CI passes, merging it tomorrow.",
    "If the tests pass, pushing the branch after the review.",
    "Unless you object, I'll merge after the review lands.",
    "Onto the next topic: the logs show nothing unusual.",
    "On to you now.",
    "Tackling the N+1 queries next would cut the page time in half.",
    "Yep, the tests pass.",
    "K, the deploy finished.",
    "shall i keep goin w the css fixes or nah",
    # a modal in non-standard spelling is parsed spelled out: the -ing word before it is its gerund subject
    "switchin the supabase project 2 the Pro plan wud remove the row limit.",
]


@pytest.mark.model
@pytest.mark.parametrize(("text", "form", "rule", "words"), CLAIMS, ids=[c[0][:50] for c in CLAIMS])
def test_the_announcement_is_a_claim(text: str, form: str, rule: str, words: str) -> None:
    claims = find_claims(text)
    assert [(c.form, c.rule) for c in claims] == [(form, rule)]
    assert words in claims[0].reason


@pytest.mark.model
@pytest.mark.parametrize("text", NOT_CLAIMS, ids=[t[:50] for t in NOT_CLAIMS])
def test_a_later_time_a_gerund_subject_or_a_report_is_no_claim(text: str) -> None:
    assert find_claims(text) == ()
