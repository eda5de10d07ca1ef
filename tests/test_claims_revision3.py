"""The claim rules of docs/DESIGN.md#claims revision 3, each on a hand-built parse pinned to the model's own parse of
the same sentence, and each on the model itself.

A hand-built Doc fixes the tree a rule reads, so the rule's logic is tested whatever the model does; the
pin (`test_every_hand_built_parse_is_the_model_s`) checks that the tree is the one en_core_web_sm gives,
so the unit tests test the trees the product meets. The closing part's rules (markup-comment,
invisible-paragraph, sign-off, list-lead-in) read no parse: they are tested on text.
"""

from __future__ import annotations

import pytest

from analyzer.grammar.claims import find_claims
from analyzer.parse.model import load_model
from analyzer.text.closing import claim_vocabulary, closing_part, is_invisible, is_sign_off
from tests.docbuilder import parse
from tests.parse_tables import ClaimCase, case_id

# Each hand-built parse with the sentence the model parses the same way.
FRONTED_PP = """
    With with SCONJ IN mark 3
    the the DET DT det 2
    schema schema NOUN NN nsubj 3
    merged merge VERB VBD ROOT -1
    ~, , PUNCT , punct 3
    moving move VERB VBG advcl 3
    to to ADP IN prep 5
    the the DET DT det 9
    API api NOUN NN compound 9
    layer layer NOUN NN pobj 6
    ~. . PUNCT . punct 3
"""
PARTICIPIAL_ADJUNCT = """
    The the DET DT det 1
    bot bot NOUN NN nsubj 2
    merged merge VERB VBD ROOT -1
    the the DET DT det 4
    fix fix NOUN NN dobj 2
    ~, , PUNCT , punct 2
    closing close VERB VBG advcl 2
    the the DET DT det 8
    issue issue NOUN NN dobj 6
    ~. . PUNCT . punct 2
"""
GONNA = """
    Gon go NOUN NN ROOT -1
    ~na to PART TO aux 2
    bump bump VERB VB advcl 0
    the the DET DT det 5
    cache cache NOUN NN compound 5
    size size NOUN NN dobj 2
    ~. . PUNCT . punct 0
"""
SPLITTING_SO = """
    Splitting split VERB VBG advcl 6
    the the DET DT det 2
    job job NOUN NN dobj 0
    so so SCONJ IN mark 6
    each each DET DT det 5
    tenant tenant NOUN NN nsubj 6
    runs run VERB VBZ ROOT -1
    alone alone ADV RB advmod 6
    ~. . PUNCT . punct 6
"""
HOLDING_UNTIL = """
    Holding hold VERB VBG ROOT -1
    the the DET DT det 2
    merge merge NOUN NN dobj 0
    until until SCONJ IN mark 6
    the the DET DT det 5
    reviewer reviewer NOUN NN nsubj 6
    approves approve VERB VBZ advcl 0
    ~. . PUNCT . punct 0
"""
AS_THEY_COME = """
    I I PRON PRP nsubj 2
    ~'ll will AUX MD aux 2
    sort sort VERB VB ROOT -1
    the the DET DT det 4
    failures failure NOUN NNS dobj 2
    as as SCONJ IN mark 7
    they they PRON PRP nsubj 7
    come come VERB VBP advcl 2
    in in ADP RP prt 7
    ~. . PUNCT . punct 2
"""
KEEP_IDLE = """
    I I PRON PRP nsubj 2
    ~'ll will AUX MD aux 2
    keep keep VERB VB ROOT -1
    the the DET DT det 4
    workers worker NOUN NNS dobj 2
    idle idle ADJ JJ oprd 2
    ~. . PUNCT . punct 2
"""
GOING_FORWARD = """
    Going go VERB VBG advcl 5
    forward forward ADV RB advmod 0
    ~, , PUNCT , punct 5
    I I PRON PRP nsubj 5
    ~'ll will AUX MD aux 5
    run run VERB VB ROOT -1
    the the DET DT det 8
    soak soak NOUN NN compound 8
    test test NOUN NN dobj 5
    before before ADP IN prep 5
    every every DET DT det 11
    merge merge NOUN NN pobj 9
    ~. . PUNCT . punct 5
"""
PARENTHESIS_ONCE = """
    Picking pick VERB VBG ROOT -1
    up up ADP RP prt 0
    # # SYM $ nmod 3
    ~88 88 NUM CD dobj 0
    ( ( PUNCT -LRB- punct 8
    ~once once ADV RB advmod 8
    the the DET DT det 8
    freeze freeze NOUN NN compound 8
    lifts lift NOUN NNS npadvmod 0
    ~) ) PUNCT -RRB- punct 8
    ~. . PUNCT . punct 0
"""
TESTS_GREEN = """
    Tests test NOUN NNS ROOT -1
    green green ADJ JJ amod 0
    — — PUNCT : punct 3
    pushing push VERB VBG acl 0
    the the DET DT det 5
    branch branch NOUN NN dobj 3
    ~. . PUNCT . punct 0
"""
WAIT_THEN = """
    Still still ADV RB advmod 1
    waiting wait VERB VBG advcl 9
    on on ADP IN prep 1
    the the DET DT det 4
    retro retro NOUN NN pobj 2
    ~, , PUNCT , punct 9
    then then ADV RB advmod 9
    I I PRON PRP nsubj 9
    ~'ll will AUX MD aux 9
    synthesize synthesize VERB VB ROOT -1
    the the DET DT det 11
    plan plan NOUN NN dobj 9
    ~. . PUNCT . punct 9
"""
FILES_I_WILL_TOUCH = """
    Key key ADJ JJ amod 1
    files file NOUN NNS dobj 4
    I I PRON PRP nsubj 4
    will will AUX MD aux 4
    touch touch VERB VB ROOT -1
    ~: : PUNCT : punct 4
"""
GIVE_A_MOMENT = """
    Let let VERB VB ROOT -1
    me I PRON PRP nsubj 2
    give give VERB VB ccomp 0
    them they PRON PRP dative 2
    a a DET DT det 5
    moment moment NOUN NN dobj 2
    ~. . PUNCT . punct 0
"""
PINNED = {
    "With the schema merged, moving to the API layer.": FRONTED_PP,
    "The bot merged the fix, closing the issue.": PARTICIPIAL_ADJUNCT,
    "Gonna bump the cache size.": GONNA,
    "Splitting the job so each tenant runs alone.": SPLITTING_SO,
    "Holding the merge until the reviewer approves.": HOLDING_UNTIL,
    "I'll sort the failures as they come in.": AS_THEY_COME,
    "I'll keep the workers idle.": KEEP_IDLE,
    "Going forward, I'll run the soak test before every merge.": GOING_FORWARD,
    "Picking up #88 (once the freeze lifts).": PARENTHESIS_ONCE,
    "Tests green — pushing the branch.": TESTS_GREEN,
    "Still waiting on the retro, then I'll synthesize the plan.": WAIT_THEN,
    "Key files I will touch:": FILES_I_WILL_TOUCH,
    "Let me give them a moment.": GIVE_A_MOMENT,
}


def _tree(doc: object) -> list[tuple[str, str, str, str, int]]:
    return [(t.text, t.pos_, t.tag_, t.dep_, t.head.i) for t in doc]  # type: ignore[attr-defined]


@pytest.mark.model
@pytest.mark.parametrize(("text", "spec"), PINNED.items(), ids=list(PINNED))
def test_every_hand_built_parse_is_the_model_s(text: str, spec: str) -> None:
    assert _tree(parse(spec)) == _tree(load_model()(text))


# ------------------------------------------------------------------------------------------ the rules on the trees

CLAIM_CASES = [
    ClaimCase("a participle after a fronted phrase is the predicate", FRONTED_PP,
              ("participle", "fronted-participle", "moving")),
    ClaimCase("a participle after a main clause without so is its adjunct", PARTICIPIAL_ADJUNCT, None),
    ClaimCase("the colloquial future is an intention", GONNA, ("intention", "colloquial-future", "bump")),
    ClaimCase("a participle before a subordinate clause is the predicate", SPLITTING_SO,
              ("participle", "subjectless-participle", "Splitting")),
    ClaimCase("a hold until someone acts is a wait", HOLDING_UNTIL, ("waiting", "hold-until", "Holding")),
    ClaimCase("an action after a wait and then is set for when the wait ends", WAIT_THEN,
              ("waiting", "wait-then", "waiting")),
    ClaimCase("giving others time is waiting", GIVE_A_MOMENT, ("waiting", "announced-waiting", "give")),
    ClaimCase("an object before its subject is a noun with a relative clause", FILES_I_WILL_TOUCH, None),
    ClaimCase("a noun with a predicate adjective is no label", TESTS_GREEN,
              ("participle", "subjectless-participle", "pushing")),
    # plans, stances and idioms
    ClaimCase("later-event-as", AS_THEY_COME, None),
    ClaimCase("stance", KEEP_IDLE, None),
    ClaimCase("idiom", GOING_FORWARD, None),
    ClaimCase("parenthetical-later-time", PARENTHESIS_ONCE, None),
]  # fmt: skip


@pytest.mark.parametrize("case", CLAIM_CASES, ids=case_id)
def test_a_closing_sentence_on_a_hand_built_parse(case: ClaimCase) -> None:
    case.check()


# ------------------------------------------------------------------------------------------ the model


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The flake is gone, so starting the release notes now.", [("participle", "fronted-participle")]),
        ("Since the lead approved, merging the plan.", [("participle", "fronted-participle")]),
        ("Now that CI passes, opening the PR.", [("participle", "fronted-participle")]),
        ("Both reviews are in, so just waiting on the build now.", [("waiting", "announced-waiting")]),
        ("Just waiting on the load test.", [("waiting", "announced-waiting")]),
        ("Gonna rerun the benchmark on the warm server.", [("intention", "colloquial-future")]),
        ("Rerunning the suite until the flake shows up again.", [("participle", "subjectless-participle")]),
        ("Kicking off the backfill now so the dashboard has data by noon.", [("participle", "subjectless-participle")]),
        ("Holding until the lead approves the plan.", [("waiting", "hold-until")]),
        ("I'll rerun the benchmark on the warm server. The cold numbers were noisy.",
         [("intention", "first-person-future")]),
        ("Beginning the cleanup now:\n- drop the stale indexes\n- vacuum the audit table",
         [("participle", "subjectless-participle")]),
        ("I'm working on:\n- building the wheels\n- signing the tags", [("progressive", "first-person-progressive")]),
        ("Done:\n- fixed the walker\n- Rebasing onto main now.", [("participle", "subjectless-participle")]),
        ("I'll open the PR now.\n\n— Wren", [("intention", "first-person-future")]),
        ("Picking up #12 now.\n\n&nbsp;", [("participle", "subjectless-participle")]),
        ("Waiting on the reviewer.\n\n<!--\nstatus: autonomous\n-->", [("waiting", "announced-waiting")]),
        ("Shutting the teammates down now that every task is closed.", [("participle", "subjectless-participle")]),
        ("I'll keep working through the lint warnings until then.", [("intention", "first-person-future")]),
        ("I'm staying on the walker perf lane meanwhile.", [("progressive", "first-person-progressive")]),
    ],
)  # fmt: skip
def test_model_backed_claims(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(c.form, c.rule) for c in find_claims(text)] == expected


@pytest.mark.parametrize(
    "text",
    [
        "I'll tag v3.1 as soon as the mirror syncs.",
        "As soon as QA signs off, I'll deploy.",
        "I'll write the retro as the notes come in.",
        "I'll remain on call.",
        "I'll stay ready.",
        "I'll keep the teammates on their current tasks.",
        "Going forward: no direct pushes to main.",
        "Moving forward, the bot owns the release notes.",
        "**Moving on:**\n- the parser is merged\n- the docs are in review",
        "Tagging v3.1 (when the mirror syncs).",
        "I'll revisit the encoder in Sprint 14.",
        "The release bot is working on:\n- building the wheels\n- signing the tags",
        "Still open, owned by others:\n- reviewing #318 (security)\n- estimating the search rewrite (QA)",
        "Remaining:\n- running the migration\n- writing the notes",
        'The teammate wrote: "Picking up the exporter now."',
        "All merged.\n\n<!-- picking up #13 now -->",
        "Done.\n\n<!--\nI'll open the PR now.\n-->",
        "I'll open the PR now.\n\nThe soak test is still red.",
        "I'll open the PR now.\n\nDone",
        "All tasks verified. Shutting down.",
        "The index is rebuilt, so adding a column without a migration fails here.",
        "The tuning pass waits — otherwise we're testing a build with no curve.",
        "Will become a tunable property of the mode.",
        "Key files I will touch:\n- `src/mode.cpp`\n- `tools/gen.py`",
    ],
)
def test_model_backed_non_claims(text: str) -> None:
    assert find_claims(text) == ()


def test_a_claim_reports_its_rule_in_the_reason() -> None:
    (claim,) = find_claims("With the schema merged, moving to the API layer.")
    assert claim.text == "With the schema merged, moving to the API layer."
    assert claim.predicate.text == "moving"
    assert claim.reason.startswith("claim (participle, rule fronted-participle): the participle '…, moving' after")


# ------------------------------------------------------------------------------------------ the closing part


@pytest.mark.parametrize(
    ("unit", "invisible"),
    [("&nbsp;", True), ("\u3164", True), ("\u200b", True), ("&nbsp;&nbsp; \u2800", True), ("&amp; JD", False),
     ("Picking up #12 now.", False), ("ok", False)],
)  # fmt: skip
def test_a_paragraph_with_no_visible_letter_once_folded_is_invisible(unit: str, invisible: bool) -> None:
    assert is_invisible(unit, claim_vocabulary()) is invisible


@pytest.mark.parametrize(
    ("line", "sign_off"),
    [("— Wren", True), ("-- ops-bot", True), ("— R.K.", True), ("JD", True), ("Quill", True),
     ("Done", False), ("Merged", False), ("Waiting", False), ("Picking up #12 now.", False),
     ("— Wren\nmore", False), ("- Wren", False)],
)  # fmt: skip
def test_a_sign_off_is_a_name_handle_or_initials_alone(line: str, sign_off: bool) -> None:
    assert is_sign_off(line, claim_vocabulary()) is sign_off


def test_the_closing_part_steps_back_over_what_is_not_content() -> None:
    text = "Rebased.\n\nPicking up #12 now.\n\n<!-- tick 14 -->\n\n&nbsp;\n\n— Wren"
    (sentence,) = closing_part(text).sentences
    assert text[sentence.start : sentence.end] == "Picking up #12 now."


def test_the_lead_in_of_a_closing_list_is_the_closing_part() -> None:
    text = "Status below.\n\nStarting the upgrades:\n- `requests` 2.32\n- `urllib3` 2.2"
    (sentence,) = closing_part(text).sentences
    assert text[sentence.start : sentence.end] == "Starting the upgrades:"
    assert sentence.candidate
