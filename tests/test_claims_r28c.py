"""Issue 28 phase 3 (r28c): claims (docs/DESIGN.md#claims) the probe showed missed or invented, as classes — 'About to
…' with its subject and 'be' left out; a purpose clause after the act ('… now so CI picks up …', also with 'the next
run' in it); a second clause that reports another place ('…; it applied cleanly on the other branch'); 'otherwise' on a
state ('otherwise clean, running …', 'otherwise all good, so pushing …'); a fronted 'with X done'; a participle
with its g dropped ('runnin the e2e suite now'); and no claim for a stance ('I'm leaning towards …') or for an act
the next words hand to the reader.

Our own sentences: each case asserts the claim's form and rule, or that none stands.
"""

from __future__ import annotations

import pytest

from analyzer import analyze
from analyzer.grammar.claims import find_claims

CLAIMED = [
    # a hand-over that does not point back at the act leaves the agent's announcement standing
    ("Merging #12 now — your call.", "participle", "subjectless-participle"),
    ("Pushin the release branch now.", "participle", "subjectless-participle"),
    ("fixin' the flaky upload test now", "participle", "subjectless-participle"),
    ("About to rebuild the search index on my sandbox.", "intention", "going-to"),
    ("Bumping the pinned ruff version now so pre-commit stops warning.", "participle", "subjectless-participle"),
    ("Clearing the wheel cache now so the next run starts clean.", "participle", "subjectless-participle"),
    ("Reapplying the migration now; it ran cleanly on the other branch.", "participle", "subjectless-participle"),
    ("With the schema work done, moving on to the API layer.", "participle", "fronted-participle"),
    ("One snapshot was stale. Otherwise clean, rerunning the flaky job now.", "participle", "fronted-participle"),
    ("Two lint warnings left; otherwise all good, so pushing the tag now.", "participle", "subjectless-participle"),
    (
        "Nothing else failed; otherwise the build is green, so starting the benchmark run now.",
        "participle",
        "fronted-participle",
    ),
]


@pytest.mark.model
@pytest.mark.parametrize(("text", "form", "rule"), CLAIMED, ids=[c[0][:50] for c in CLAIMED])
def test_the_claim_stands(text: str, form: str, rule: str) -> None:
    claims = analyze(text).claims
    assert [(c.form, c.rule) for c in claims] == [(form, rule)], claims


NOT_CLAIMED = [
    "Plugin settings are unchanged.",
    "Login flow fixed and tested.",
    "I'm leaning towards the second layout.",
    "I'm leaning toward keeping the old flag.",
    "Rerunning the suite now; it passed.",
    "The tuning pass waits — otherwise we're testing a build with no curve.",
    "Force-pushing the cleaned branch over main alters what everyone pulled; doing that is up to you.",
]


@pytest.mark.model
@pytest.mark.parametrize("text", NOT_CLAIMED, ids=[t[:50] for t in NOT_CLAIMED])
def test_no_claim_stands(text: str) -> None:
    assert analyze(text).claims == ()


@pytest.mark.model
def test_an_act_handed_to_the_reader_is_no_claim_and_the_hand_over_is_exempt() -> None:
    """The claim rows alone read the gerund subject as an announced participle; the exempt hand-over that names it
    takes it back (engine._not_handed_over)."""
    text = (
        "Purging the stale tags from the shared remote rewrites history everyone has pulled; doing that is up to you."
    )
    assert [c.rule for c in find_claims(text)] == ["subjectless-participle"]
    report = analyze(text)
    assert report.claims == ()
    assert [(f.verdict, f.rule) for f in report.findings] == [("exempt", "reader-decides")]
    assert "human-only work (history)" in report.findings[0].reason
