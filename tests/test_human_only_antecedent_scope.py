"""r40c: a human-only decision bound wherever it is named (docs/DESIGN.md#construction-classes, "A human-only decision
named away from the phrase").

Every hand-over that fires — attribution, a closing question, a wait on the reader, a permission ask; never an offer —
is read once more in its antecedent scope: its own clause, the clause before it in its sentence (after ';', ':', a
dash, or ', but'/', so'), the sentence right before it, a table row's other cells, a bold label or a heading above,
with the markup stripped. Exempt when the decision bound there is human-only; each construction has its twin on the
agent's own work or an act already done, which keeps firing, and an offer stays an offer.
"""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged

BOUND = "named before it"
POINTS = "its sentence points back at what is named before it"


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        # a bare pro-form binds the sentence right before it: a decision pending there
        ("The canary build of 7.2 is staged for the production cutover. That's your call.", "exempt",
         "copular-ownership", ["production-deploy"]),
        ("The 4.2.0 release to PyPI is queued behind the Friday freeze. That's your call.", "exempt", "bound-before",
         [BOUND, "release"]),
        # ... and its twins: agent work, an act already done, a question before it
        ("The cache layer is queued behind the parser rewrite. That's your call.", "fire", "copular-ownership",
         ["no antecedent"]),
        ("PR #310 was merged an hour ago. That's your call.", "fire", "copular-ownership", ["no antecedent"]),
        ("Squash or rebase? That's your call.", "fire", "copular-ownership", ["no antecedent"]),
        # the agent holding off the act named before it
        ("Truncating the live `payments` table cannot be undone. I haven't run it — your call.", "exempt",
         "bound-before", [POINTS, "human-only work"]),
        ("Truncating the fixture table in `tests/data` is quick. I haven't run it — your call.", "fire",
         "status-prose", ["reports a past fact"]),
    ],
)
def test_a_pro_form_binds_the_sentence_before(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        # a clause before it in its sentence, linked by ', but': what the agent prepared, and for what
        ("I've written the Terraform to grant the analytics team `roles/owner` on the prod project, but applying it "
         "needs your call.", "exempt", "bound-before", [POINTS, "iam"]),
        ("I've written the Terraform to add a lint job to the CI pipeline, but applying it needs your call.", "fire",
         "status-prose", ["hands no decision over"]),
        # a light verb over a pointer does the act the sentence before names
        ("The audit asks us to purge account 4410's records from the production database. I've prepared the "
         "statement in `ops/purge.sql`; running it is your decision.", "exempt", "bound-before",
         [POINTS, "human-only work"]),
        ("The audit asks us to tidy the seed data in `tests/fixtures`. I've prepared the statement in `ops/tidy.sql`; "
         "running it is your decision.", "fire", "reader-decides", ["running it"]),
        # a closing question of closed-class words after a clause of its sentence that names the decision
        ("The plan is to tag v5.0.0 on Monday; tagging needs your sign-off — is Monday okay with you?", "exempt",
         "bound-before", [BOUND, "stamp"]),
        ("The plan is to split the parser on Monday; splitting needs a free afternoon — is Monday okay with you?",
         "fire", "approval-question", ["okay"]),
    ],
)
def test_a_clause_before_in_its_sentence_binds(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        # a gerund subject in bold, a dash after it opening a statement of its own
        ("**Merging #512 into main** is your call — it's green and reviewed.", "exempt", "bound-before",
         ["gerund subject", "Merging #512 into main", "merge"]),
        ("**Splitting the parser module** is your call — it's green and reviewed.", "fire", "status-prose",
         ["hands no decision over"]),
        # a table row's other cells
        ("| PR | CI | Decision |\n|---|---|---|\n| #512 → main | ✅ | merge: your call |", "exempt", "bound-before",
         ["merge"]),
        # the timing of a human-only act: the wait's own clause, across a dash, and its complement
        ("Status: lint clean.\n\n**Tag v2.3.0** whenever you want — the changelog is ready.", "clear", "", []),
        ("Rename the config module whenever you want — the changelog is ready.", "fire", "standing-by",
         ["waits for the reader's go"]),
        ("Whenever you're ready to merge, #77 is green and approved.", "clear", "", []),
        ("Whenever you're ready to review, #77 is green.", "fire", "standing-by", ["waits for the reader's go"]),
    ],
)
def test_markup_rows_and_timing_bind(text: str, verdict: str, rule: str, words: list[str]) -> None:
    if verdict == "clear":
        assert analyze(text).verdict == "clear"
        return
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        # the complement of let-you-choose, not a copula after ';'
        ("I'll let you choose when to publish the release; the notes and wheels are ready.", "exempt",
         "reader-decides", ["object 'when to publish the release'", "release"]),
        ("I'll let you choose when to refactor the loader; the notes and wheels are ready.", "fire", "reader-decides",
         ["names work the agent owns"]),
        # 'ship it' standing for a version's tag
        ("The v6 tag would reach every downstream user. Whether to ship it today is your call.", "exempt",
         "copular-ownership", ["release-tag"]),
        # a time clause says when, in an option of a human-only choice
        ("Would you like to publish the wheel to PyPI now, or wait until the docs are reviewed?", "exempt",
         "choice-question", ["human-only work (release)"]),
        ("Do you want to run the prod rollout yourself after the change window opens?", "exempt", "choice-question",
         ["production-deploy"]),
        # a pronoun of a second alternative with its own subject stands for the object of the first
        ("Is it okay to force-push over the published `main` history to drop the leaked key, or should we just "
         "revoke it?", "exempt", "permission-question", ["human-only work"]),
    ],
)
def test_complements_and_pointers_bind(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        # money spent: a spend verb over an amount, or the spend named
        ("Spending an extra $450/month on the bigger Redis node is up to you; the load numbers are in LOAD.md.",
         "exempt", "reader-decides", ["human-only work (spend)"]),
        ("The monthly spend increase is your call.", "exempt", "copular-ownership", ["spend"]),
        ("Spending the afternoon on the tokenizer is up to you.", "fire", "reader-decides",
         ["names no human-only decision"]),
        # decisions about people: hiring, letting go; a person word naming a field of the code is that field
        ("Whether to hire the contractor full-time is your call.", "exempt", "copular-ownership",
         ["human-only work (people)"]),
        ("Whether to add the salary field to the signup form is your call.", "fire", "copular-ownership",
         ["names no human-only decision"]),
    ],
)
def test_spend_and_people_are_human_only_classes(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    "text",
    [
        # an unrelated human-only word three sentences back does not bind a choice of the agent's own
        "The 3.0 release is tagged and waiting for you. I refactored the parser too. The cache could use an LRU or a "
        "TTL policy. Your call.",
        # a choice of library after a human-only sentence
        "Merging is blocked on review. Which library do you prefer, zod or yup?",
        # an offer stays an offer
        "Want me to publish the draft notes to the repo wiki?",
        "The release is queued for the Friday window. Want me to write the announcement too?",
    ],
)
def test_neighbours_still_fire(text: str) -> None:
    report = analyze(text)
    assert report.verdict == "fire", [f.reason for f in report.findings]
