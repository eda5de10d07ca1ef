"""Senses and structure of docs/DESIGN.md#decisive-relation, docs/DESIGN.md#carve-outs (revision 2): each rule on
hand-built parses, then model-backed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pytest

from analyzer import analyze
from analyzer.grammar.phrase_rules import classify_phrase
from analyzer.grammar.senses import (
    another_kind,
    construction_domain,
    merges_other_than_code,
    names_its_head,
    own_target,
)
from analyzer.grammar.work import work_of
from analyzer.lexicon import default_lexicon
from analyzer.text.citations import dated_citation
from analyzer.text.layout import is_heading, ordinary_case, table_cell
from tests.docbuilder import parse, tokens
from tests.parse_tables import case_id, check_result

LEX = default_lexicon()

# "Your call on the merge conflict."
MERGE_CONFLICT = """
Your your PRON PRP$ poss 1
call call NOUN NN ROOT -1
on on ADP IN prep 1
the the DET DT det 5
merge merge NOUN NN compound 5
conflict conflict NOUN NN pobj 2
~. . PUNCT . punct 1
"""

# "Your call on the security stamp."
SECURITY_STAMP = """
Your your PRON PRP$ poss 1
call call NOUN NN ROOT -1
on on ADP IN prep 1
the the DET DT det 5
security security NOUN NN compound 5
stamp stamp NOUN NN pobj 2
~. . PUNCT . punct 1
"""

# "Your call on the credential rotation."
CREDENTIAL_ROTATION = MERGE_CONFLICT.replace("merge merge", "credential credential").replace(
    "conflict conflict", "rotation rotation"
)

# "Your call on the merge-train timeout."
MERGE_TRAIN = """
Your your PRON PRP$ poss 1
call call NOUN NN ROOT -1
on on ADP IN prep 1
the the DET DT det 7
merge merge NOUN NN compound 6
~- - PUNCT HYPH punct 6
~train train NOUN NN compound 7
timeout timeout NOUN NN pobj 2
~. . PUNCT . punct 1
"""

# "Your call on merging the two datasets."
MERGING_DATASETS = """
Your your PRON PRP$ poss 1
call call NOUN NN ROOT -1
on on ADP IN prep 1
merging merge VERB VBG pcomp 2
the the DET DT det 6
two two NUM CD nummod 6
datasets dataset NOUN NNS dobj 3
~. . PUNCT . punct 1
"""

MERGING_PR = MERGING_DATASETS.replace("two two NUM CD nummod 6", "refactor refactor NOUN NN compound 6").replace(
    "datasets dataset NOUN NNS", "PR PR PROPN NNP"
)

# "Creating and rotating the API keys is your call."
SHARED_OBJECT = """
Creating create VERB VBG csubj 6
and and CCONJ CC cc 0
rotating rotate VERB VBG conj 0
the the DET DT det 5
API API PROPN NNP compound 5
keys key NOUN NNS dobj 2
is be AUX VBZ ROOT -1
your your PRON PRP$ poss 8
call call NOUN NN attr 6
~. . PUNCT . punct 6
"""

# "The squash isn't mine to decide, your call."
DISCLAIMER = """
The the DET DT det 1
squash squash NOUN NN nsubj 2
is be AUX VBZ ROOT -1
n't not PART RB neg 2
mine mine PRON PRP acomp 2
to to PART TO aux 6
decide decide VERB VB xcomp 2
~, , PUNCT , punct 2
your your PRON PRP$ poss 9
call call NOUN NN npadvmod 2
~. . PUNCT . punct 2
"""

NOT_YOURS = DISCLAIMER.replace("mine mine PRON PRP acomp", "yours yours PRON PRP attr")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("PR #7 IS MERGE-ELIGIBLE, YOUR CALL.", "Pr #7 is merge-eligible, your call."),
        ("  SQUASH OR REBASE", "  Squash or rebase"),
        ("PR #7 is merge-eligible, your call.", "PR #7 is merge-eligible, your call."),
        ("OK.", "OK."),
    ],
)
def test_ordinary_case(text: str, expected: str) -> None:
    assert ordinary_case(text) == expected
    assert len(ordinary_case(text)) == len(text)


def test_table_cell_narrows_a_row_to_the_cell_around_the_phrase() -> None:
    view = "| PR | state | next |\n| #12 | merge-eligible | your call |\n"
    row = view.index("| #12")
    offset = view.index("your call")
    start, end = table_cell(view, row, len(view), offset)
    assert view[start:end] == " your call "
    prose = "Merge it, your call."
    assert table_cell(prose, 0, len(prose), 10) == (0, len(prose))


def test_heading_is_recognised() -> None:
    assert is_heading("## Your call\n- squash", 0) is True
    assert is_heading("#12 is green", 0) is False


@pytest.mark.parametrize(
    ("text", "cited"),
    [
        ("Kept the old schema (your call, 3 March).", True),
        ("Kept the old schema (your call in #812).", True),
        ("Kept the parser (your call in the standup).", True),
        ("Kept the old schema (your call on #812).", False),
        ("Merge or hold (your call).", False),
        ("(CI green, your call, 3 March)", False),
    ],
)
def test_dated_citation(text: str, cited: bool) -> None:
    start = text.index("your call")
    found = dated_citation(text, start, start + len("your call"), LEX)
    assert (found is not None) is cited
    if cited:
        assert found is not None and found.endswith("cites a decision already taken, with its date, ticket or place")


# Model-backed: (text, verdict, rule of the finding or None for no finding).
MODEL_CASES = [
    ("Your call on the merge conflict in go.sum.", "fire", "object-form"),
    ("Your call on the merge-train timeout.", "fire", "object-form"),
    ("Your call on the credential loader.", "fire", "object-form"),
    ("Your call on the stamp component.", "fire", "object-form"),
    ("Your call on the security stamp.", "exempt", "object-form"),
    ("Your call on merging the two datasets.", "fire", "object-form"),
    ("Your call on merging #812.", "exempt", "object-form"),
    ("Your call on rotating the API keys.", "exempt", "object-form"),
    ("Your call on the deploy tokens.", "exempt", "object-form"),
    ("Your call on the sign-off.", "exempt", "object-form"),
    ("Your call: push 3.4.1 to PyPI or hold.", "exempt", "object-form"),
    ("Creating and rotating the deploy keys is your call.", "exempt", "copular-ownership"),
    ("The squash isn't mine to decide, your call.", "exempt", "copular-ownership"),
    ("The merge isn't yours, your call.", "fire", "copular-ownership"),
    ("PR #7 IS MERGE-ELIGIBLE, YOUR CALL.", "exempt", "pending-eligibility"),
    ("YOUR CALL ON THE PARSER LANE.", "fire", "object-form"),
    # docs/DESIGN.md#construction-classes revision 4: a human-only decision in another cell of the same row binds the
    # phrase alone in its cell
    ("| PR | state | next |\n|---|---|---|\n| #12 | merge-eligible | your call |", "exempt", "named-before"),
    ("| PR | state | next |\n|---|---|---|\n| #12 | draft, tests red | your call |", "fire", "standalone"),
    ("## Your call\n\n- squash\n- rebase", "exempt", "object-form"),
    ("## Your call\n\n- squash\n- the parser lane", "fire", "object-form"),
    ("Kept the old schema (your call, 3 March).", "clear", None),
]


@pytest.mark.parametrize(("text", "verdict", "rule"), MODEL_CASES, ids=[c[0][:40] for c in MODEL_CASES])
def test_senses_and_structure_on_the_model(text: str, verdict: str, rule: str | None) -> None:
    report = analyze(text)
    assert report.verdict == verdict, report.to_dict()
    assert [f.rule for f in report.findings] == ([rule] if rule else [])


# "Would you like to keep the regex path for one more release?" (after 'would you like')
KEEP_FOR_A_RELEASE = """
keep keep VERB VB ROOT -1
the the DET DT det 3
regex regex NOUN NN compound 3
path path NOUN NN dobj 0
for for ADP IN prep 0
one one NUM CD nummod 7
more more ADJ JJR amod 7
release release NOUN NN pobj 4
"""

# "ask for the stamp": 'for' without a span is no time
ASK_FOR_STAMP = """
ask ask VERB VB ROOT -1
for for ADP IN prep 0
the the DET DT det 3
stamp stamp NOUN NN pobj 1
"""

# "cut the release now, or after the soak run"
CUT_NOW_OR_AFTER = """
cut cut VERB VB ROOT -1
the the DET DT det 2
release release NOUN NN dobj 0
now now ADV RB advmod 0
~, , PUNCT , punct 0
or or CCONJ CC cc 0
after after ADP IN conj 0
the the DET DT det 9
soak soak NOUN NN compound 9
run run NOUN NN pobj 6
"""


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Your call on publishing the 2.4.0 image to the public registry.", "exempt"),
        ("Your call on rotating the deploy token.", "exempt"),
        ("Your call on the token bucket size for the limiter.", "fire"),
        ("Your call on merging the Q1 and Q2 milestones.", "fire"),
        ("Squash or rebase before you tag v2.1.0-rc.3, your call.", "exempt"),
        ("Merge on the exception or ask for the stamp, your call.", "exempt"),
    ],
)
def test_senses_found_by_the_tenth_corpus(text: str, verdict: str) -> None:
    assert analyze(text).verdict == verdict


@pytest.mark.parametrize(
    ("text", "verdict", "rule"),
    [
        ("Per §4.2, that's your call.", "clear", None),  # a section sign cites the rule (rule-citation)
        ("Heeded your call on the lane.", "clear", None),  # a past report verb (report-of-decision)
        ("Unless you want the other format, I'll keep JSON.", "exempt", "unless-you-want"),  # definite: a condition
        ("I'll keep going unless you want another lane.", "fire", "unless-you-want"),  # indefinite: an offer
    ],
)
def test_single_sentence_shapes_of_issue_13(text: str, verdict: str, rule: str | None) -> None:
    report = analyze(text)
    assert (report.verdict, [f.rule for f in report.findings]) == (verdict, [rule] if rule else [])


# ---- revision 3 (docs/DESIGN.md#decisive-relation): more of the same decisions, and kinds of thing that share a word

# "Your call on the design tokens."
DESIGN_TOKENS = SECURITY_STAMP.replace("security security", "design design").replace(
    "stamp stamp NOUN NN pobj", "tokens token NOUN NNS pobj"
)
API_TOKENS = DESIGN_TOKENS.replace("design design NOUN NN", "API API PROPN NNP")

# "Your call on making the repo public." as the small model parses it: 'repo' an adjective of 'public'.
REPO_PUBLIC = """
Your your PRON PRP$ poss 1
call call NOUN NN ROOT -1
on on ADP IN prep 1
making make VERB VBG pcomp 2
the the DET DT det 6
repo repo ADJ JJ amod 6
public public NOUN NN dobj 3
~. . PUNCT . punct 1
"""
DOCS_PUBLIC = REPO_PUBLIC.replace("repo repo ADJ JJ", "docs doc NOUN NNS")

# "Your call on force-pushing my feature branch."
FORCE_PUSH_OWN = """
Your your PRON PRP$ poss 1
call call NOUN NN ROOT -1
on on ADP IN prep 1
force force NOUN NN npadvmod 5
~- - PUNCT HYPH punct 5
~pushing push VERB VBG pcomp 2
my my PRON PRP$ poss 8
feature feature NOUN NN compound 8
branch branch NOUN NN dobj 5
~. . PUNCT . punct 1
"""
FORCE_PUSH_MAIN = FORCE_PUSH_OWN.replace("my my PRON PRP$ poss 8\nfeature feature NOUN NN compound 8\n", "").replace(
    "branch branch NOUN NN dobj 5", "main main NOUN NN dobj 5"
)

# "I finished your move to pnpm."
MOVE_TO_PNPM = """
I I PRON PRP nsubj 1
finished finish VERB VBD ROOT -1
your your PRON PRP$ poss 3
move move NOUN NN dobj 1
to to ADP IN prep 3
pnpm pnpm NOUN NN pobj 4
~. . PUNCT . punct 1
"""


# ---- the senses on hand-built parses (tests/parse_tables.py) ------------------------------------------------


@dataclass(frozen=True)
class SenseCase:
    """A sense function on one word of a hand-built parse: what it answers."""

    name: str
    sense: Callable[..., object]
    tree: str
    word: int  # the word's position in the tree
    args: tuple[object, ...]  # what the function takes after the word and before the lexicon, or after it
    expect: object


def _scope(tree: str) -> frozenset[int]:
    return frozenset(range(len(parse(tree))))


SENSE_CASES = [
    SenseCase("a modifier names its head, not the decision", names_its_head, MERGE_CONFLICT, 4, ("merge",), True),
    SenseCase("a human-only head with a modifier stays human-only", names_its_head, SECURITY_STAMP, 5, ("stamp",),
              False),
    SenseCase("an act of the domain keeps its modifier in the domain", names_its_head, CREDENTIAL_ROTATION, 4,
              ("credentials",), False),
    SenseCase("a hyphen compound modifier names its head", names_its_head, MERGE_TRAIN, 4, ("merge",), True),
    SenseCase("merging datasets is no merge of code", merges_other_than_code, MERGING_DATASETS, 3,
              (_scope(MERGING_DATASETS),), True),
    SenseCase("merging a PR is the merge of code", merges_other_than_code, MERGING_PR, 3, (_scope(MERGING_PR),), False),
    SenseCase("the phrase hung as the merge verb's object is not what is merged", merges_other_than_code,
              MERGING_DATASETS, 3, (frozenset({3}),), False),
    SenseCase("design tokens are another kind of thing", another_kind, DESIGN_TOKENS, 5, ("credentials",), True),
    SenseCase("API tokens are credentials", another_kind, API_TOKENS, 5, ("credentials",), False),
    SenseCase("making the repo public is the visibility decision", construction_domain, REPO_PUBLIC, 3,
              (frozenset(range(3, 7)),), "visibility"),
    SenseCase("making the docs public is no decision", construction_domain, DOCS_PUBLIC, 3, (frozenset(range(3, 7)),),
              None),
    SenseCase("force-pushing the agent's own branch is its own target", own_target, FORCE_PUSH_OWN, 5, ("history",),
              True),
    SenseCase("force-pushing main is no own target", own_target, FORCE_PUSH_MAIN, 5, ("history",), False),
]  # fmt: skip


@pytest.mark.parametrize("case", SENSE_CASES, ids=case_id)
def test_a_sense_on_a_hand_built_parse(case: SenseCase) -> None:
    word = parse(case.tree)[case.word]
    if case.sense is merges_other_than_code or case.sense is construction_domain:
        answer = case.sense(word, LEX, *case.args)  # (token, lexicon, inside)
    else:
        answer = case.sense(word, *case.args, LEX)  # (token, domain, lexicon)
    assert answer == case.expect


@dataclass(frozen=True)
class PhraseCase:
    """An attribution phrase on a hand-built parse, walked by the phrase table."""

    name: str
    tree: str
    phrase: tuple[str, ...]
    expect: Mapping[str, Any]


CALL = ("your", "call")
PHRASE_CASES = [
    PhraseCase("a modifier's head is the object, no decision", MERGE_CONFLICT, CALL,
               {"verdict": "fire", "rule": "object-form", "domains": (),
                "reason": "fires (object-form): object 'the merge conflict' names no human-only decision"}),
    PhraseCase("a human-only head with a modifier is exempt", SECURITY_STAMP, CALL,
               {"verdict": "exempt", "domains": ("stamp",)}),
    PhraseCase("an act of the domain is exempt", CREDENTIAL_ROTATION, CALL, {"verdict": "exempt"}),
    PhraseCase("a hyphen compound modifier's head fires", MERGE_TRAIN, CALL, {"verdict": "fire"}),
    PhraseCase("merging datasets fires", MERGING_DATASETS, CALL, {"verdict": "fire"}),
    PhraseCase("merging a PR is exempt", MERGING_PR, CALL, {"verdict": "exempt"}),
    PhraseCase("a disclaimer hands the decision over", DISCLAIMER, CALL,
               {"verdict": "exempt", "form": "copular-ownership", "negated": False,
                "reason": "exempt (copular-ownership): subject 'The squash' is human-only work (merge); the agent "
                          "disclaims its own ownership ('mine')"}),
    PhraseCase("negated ownership still fires", NOT_YOURS, CALL, {"verdict": "fire", "negated": True}),
    PhraseCase("design tokens are agent work", DESIGN_TOKENS, CALL,
               {"verdict": "fire", "domains": (),
                "reason": "fires (object-form): object 'the design tokens' names work the agent owns ('design')"}),
    PhraseCase("API tokens are credentials", API_TOKENS, CALL, {"verdict": "exempt", "domains": ("credentials",)}),
    PhraseCase("making the repository public is the visibility decision through the misparse", REPO_PUBLIC, CALL,
               {"verdict": "exempt", "domains": ("visibility",),
                "reason": "exempt (object-form): object 'making the repo public' is human-only work (visibility)"}),
    PhraseCase("making the docs public fires", DOCS_PUBLIC, CALL, {"verdict": "fire"}),
    PhraseCase("force-pushing the agent's own branch fires", FORCE_PUSH_OWN, CALL, {"verdict": "fire"}),
    PhraseCase("force-pushing main is human-only", FORCE_PUSH_MAIN, CALL,
               {"verdict": "exempt", "domains": ("history",)}),
    PhraseCase("your move with a destination is a noun phrase, not a hand-over", MOVE_TO_PNPM, ("your", "move"),
               {"verdict": "carved", "rule": "noun-of-motion",
                "reason": "'move to pnpm' names a move made, a noun phrase, not a hand-over"}),
]  # fmt: skip


@pytest.mark.parametrize("case", PHRASE_CASES, ids=case_id)
def test_an_attribution_phrase_on_a_hand_built_parse(case: PhraseCase) -> None:
    check_result(classify_phrase(tokens(parse(case.tree), *case.phrase), LEX), case.expect)


@dataclass(frozen=True)
class WorkCase:
    """Is the coordination headed by a word of a hand-built parse purely human-only work (work_of)?"""

    name: str
    tree: str
    root: int
    expect: Mapping[str, Any]
    scope: frozenset[int] | None = None  # default: the whole sentence


WORK_CASES = [
    WorkCase("coordinated verbs share their object, and API keys are credentials", SHARED_OBJECT, 0,
             {"human_only": True, "domains": ("credentials",), "agent_words": ()}, frozenset(range(6))),
    WorkCase("a domain word in a span of time is not the act", KEEP_FOR_A_RELEASE, 0,
             {"human_only": False, "domains": (), "unknown_parts": ("keep the regex path for one more release",)}),
    WorkCase("asking for the stamp is the stamp", ASK_FOR_STAMP, 0, {"domains": ("stamp",)}),
    WorkCase("a coordinated time is another moment for the same act", CUT_NOW_OR_AFTER, 0,
             {"human_only": True, "domains": ("release",), "unknown_parts": ()}),
]  # fmt: skip


@pytest.mark.parametrize("case", WORK_CASES, ids=case_id)
def test_work_on_a_hand_built_parse(case: WorkCase) -> None:
    doc = parse(case.tree)
    check_result(work_of([doc[case.root]], LEX, case.scope or frozenset(range(len(doc)))), case.expect)


REVISION_3_SENSES = [
    # merge of a commit by its hash, a merge gate "to main", merge now or wait
    ("Whether to merge 3f9c2a1 is your call.", "exempt", ("merge",)),
    ("Your call on merging a1b2c3d into main.", "exempt", ("merge",)),
    ("The merge to main is your call.", "exempt", ("merge",)),
    ("Merge now or wait for the soak run, your call.", "exempt", ("merge",)),
    # repository visibility and rewriting published history
    ("Your call on making the repo public.", "exempt", ("visibility",)),
    ("Whether to make the repository private is your call.", "exempt", ("visibility",)),
    ("Your call on the repo's visibility.", "exempt", ("visibility",)),
    ("Your call on rewriting the published history.", "exempt", ("history",)),
    ("Your call on scrubbing the leaked key from the published history.", "exempt", ("history",)),
    ("Your call on rewriting the history before review.", "fire", ()),
    ("Your call on force-pushing over main.", "exempt", ("history",)),
    ("Your call on making the docs public.", "fire", ()),
    ("Your call on force-pushing my feature branch.", "fire", ()),
    # tokens that are not credentials
    ("Your call on the design tokens.", "fire", ()),
    ("Your call on the colour tokens for the dark theme.", "fire", ()),
    ("Your call on the tokenizer's special tokens.", "fire", ()),
    ("Your call on rotating the deploy tokens.", "exempt", ("credentials",)),
    # a version published to a registry is a release
    ("Your call on pushing 3.4.1 to PyPI.", "exempt", ("release",)),
    ("Your call on pushing it to crates.io.", "exempt", ("release",)),
    # found by the eleventh corpus: a ref written as inline code, a participle modifying the history, the
    # first word of a two-word credential, an act done to a pronoun for the domain's thing
    ("Your call on merging `9b2e4d1`.", "exempt", ("merge",)),
    ("Your call on force-pushing the rewritten history.", "exempt", ("history",)),
    ("The API key rotation is yours — your call.", "exempt", ("credentials",)),
    ("Rotate the leaked token first or revoke it outright, your call.", "exempt", ("credentials",)),
    ("Rotate the leaked token first or fix the parser, your call.", "fire", ("credentials",)),
    ("Your call on the merge conflict in `go.sum`.", "fire", ()),
]


@pytest.mark.model
@pytest.mark.parametrize(("text", "verdict", "domains"), REVISION_3_SENSES, ids=[c[0][:40] for c in REVISION_3_SENSES])
def test_revision_3_senses_on_the_model(text: str, verdict: str, domains: tuple[str, ...]) -> None:
    (finding,) = analyze(text).findings
    assert (finding.verdict, finding.domains) == (verdict, domains)


@pytest.mark.model
@pytest.mark.parametrize(
    "text", ["I finished your move to pnpm.", "Your move to pnpm is done; the lockfile is regenerated."]
)
def test_your_move_as_a_noun_phrase_on_the_model(text: str) -> None:
    assert (analyze(text).verdict, analyze(text).findings) == ("clear", ())
