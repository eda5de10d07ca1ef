"""Standing by with no phrase of its own (docs/DESIGN.md#phrase-families; issue 20, the eleventh corpus): the register
gates available-for-more, ready-for-next-request, ready-when-needed, ready-when-you-like, once-you-provide and
waiting-for-go, the or-if closer of 'let me know', the infinitive choice of 'let me know which', and the sense
rule state-choice. Each rule first on a hand-built parse pinned to en_core_web_sm's, then model-backed on
sentences written for these tests, with the contract's exclusions as should-pass cases."""

from __future__ import annotations

import pytest

from analyzer import analyze
from analyzer.grammar.register.choices import choice_question
from analyzer.grammar.register.context import Context
from analyzer.grammar.register.open_requests import available_for_more, ready_for_next_request
from analyzer.grammar.register.readiness import ready_when_needed, ready_when_you_like
from analyzer.grammar.register.standing_by import standing_by
from analyzer.grammar.register.waits import once_you_provide, waiting_for_go
from analyzer.grammar.senses import state_choice
from analyzer.grammar.work import work_of
from analyzer.lexicon import default_lexicon
from tests.docbuilder import parse
from tests.parse_tables import GateCase, case_id

LEX = default_lexicon()
NO_ANSWER = Context("")

# "I'm available for additional tasks."
AVAILABLE = """
I I PRON PRP nsubj 1
~'m be AUX VBP ROOT -1
available available ADJ JJ acomp 1
for for ADP IN prep 2
additional additional ADJ JJ amod 5
tasks task NOUN NNS pobj 3
~. . PUNCT . punct 1
"""

# "The staging slot is available for the next task."
SLOT_AVAILABLE = """
The the DET DT det 2
staging staging NOUN NN compound 2
slot slot NOUN NN nsubj 3
is be AUX VBZ ROOT -1
available available ADJ JJ acomp 3
for for ADP IN prep 4
the the DET DT det 8
next next ADJ JJ amod 8
task task NOUN NN pobj 5
~. . PUNCT . punct 3
"""

# "Ready for the next assignment."
READY_NEXT = """
Ready ready ADJ JJ ROOT -1
for for ADP IN prep 0
the the DET DT det 4
next next ADJ JJ amod 4
assignment assignment NOUN NN pobj 1
~. . PUNCT . punct 0
"""

# "Ready for npm install when needed." — the model reads the opening 'Ready' as a modifier of 'install', the root.
READY_WHEN_NEEDED_MISPARSED = """
Ready ready ADJ JJ amod 3
for for ADP IN prep 0
npm npm NOUN NN pobj 1
install install NOUN NN ROOT -1
when when SCONJ WRB advmod 5
needed need VERB VBN advcl 3
~. . PUNCT . punct 3
"""

# "Ready to tag the release when needed."
READY_TO_TAG = """
Ready ready ADJ JJ ROOT -1
to to PART TO aux 2
tag tag VERB VB xcomp 0
the the DET DT det 4
release release NOUN NN dobj 2
when when SCONJ WRB advmod 6
needed need VERB VBN advcl 2
~. . PUNCT . punct 0
"""

# "Ready to commit and push when you'd like."
READY_WHEN_YOU_LIKE = """
Ready ready ADJ JJ ROOT -1
to to PART TO aux 2
commit commit VERB VB xcomp 0
and and CCONJ CC cc 2
push push VERB VB conj 2
when when SCONJ WRB advmod 8
you you PRON PRP nsubj 8
~'d would AUX MD aux 8
like like VERB VB advcl 4
~. . PUNCT . punct 0
"""

# "Once you give me the next task, I'll start on it right away."
ONCE_YOU_GIVE = """
Once once SCONJ IN mark 2
you you PRON PRP nsubj 2
give give VERB VBP advcl 10
me I PRON PRP dative 2
the the DET DT det 6
next next ADJ JJ amod 6
task task NOUN NN dobj 2
~, , PUNCT , punct 10
I I PRON PRP nsubj 10
~'ll will AUX MD aux 10
start start VERB VB ROOT -1
on on ADP IN prep 10
it it PRON PRP pobj 11
right right ADV RB advmod 14
away away ADV RB advmod 10
~. . PUNCT . punct 10
"""

# "Once you merge #812, I'll rebase onto it."
ONCE_YOU_MERGE = """
Once once SCONJ IN mark 2
you you PRON PRP nsubj 2
merge merge VERB VBP advcl 8
# # SYM $ nmod 4
~812 812 NUM CD dobj 2
~, , PUNCT , punct 8
I I PRON PRP nsubj 8
~'ll will AUX MD aux 8
rebase rebase VERB VB ROOT -1
onto onto ADP IN prep 8
it it PRON PRP pobj 9
~. . PUNCT . punct 8
"""

# "Waiting on your go-ahead for phase 2." — 'go-ahead' is three tokens; 'ahead' heads it.
WAITING_GO_AHEAD = """
Waiting wait VERB VBG ROOT -1
on on ADP IN prep 0
your your PRON PRP$ poss 5
go go NOUN NN compound 5
~- - PUNCT HYPH punct 5
~ahead ahead NOUN NN pobj 1
for for ADP IN prep 5
phase phase NOUN NN pobj 6
2 2 NUM CD nummod 7
~. . PUNCT . punct 0
"""

# "Waiting for your review on #45."
WAITING_REVIEW = """
Waiting wait VERB VBG ROOT -1
for for ADP IN prep 0
your your PRON PRP$ poss 3
review review NOUN NN pobj 1
on on ADP IN prep 0
# # SYM $ nmod 6
~45 45 NUM CD pobj 4
~. . PUNCT . punct 0
"""

# "Let me know the results of your tests, or if you run into anything."
OR_IF_CLOSER = """
Let let VERB VB ROOT -1
me I PRON PRP nsubj 2
know know VERB VB ccomp 0
the the DET DT det 4
results result NOUN NNS dobj 2
of of ADP IN prep 4
your your PRON PRP$ poss 7
tests test NOUN NNS pobj 5
~, , PUNCT , punct 0
or or CCONJ CC cc 0
if if SCONJ IN mark 12
you you PRON PRP nsubj 12
run run VERB VBP conj 0
into into ADP IN prep 12
anything anything PRON NN pobj 13
~. . PUNCT . punct 0
"""

# "Let me know which of the two crashes to take first."
WHICH_TO_TAKE = """
Let let VERB VB ROOT -1
me I PRON PRP nsubj 2
know know VERB VB ccomp 0
which which PRON WDT dobj 2
of of ADP IN prep 3
the the DET DT det 7
two two NUM CD nummod 7
crashes crash NOUN NNS pobj 4
to to PART TO aux 9
take take VERB VB xcomp 2
first first ADV RB advmod 9
~. . PUNCT . punct 0
"""

# "Let me know which CI job failed on your fork."
WHICH_FAILED = """
Let let VERB VB ROOT -1
me I PRON PRP nsubj 2
know know VERB VB ccomp 0
which which DET WDT det 5
CI CI PROPN NNP compound 5
job job NOUN NN nsubj 6
failed fail VERB VBD ccomp 2
on on ADP IN prep 6
your your PRON PRP$ poss 9
fork fork NOUN NN pobj 7
~. . PUNCT . punct 0
"""

# "Public or private for the new mirror repository?"
VISIBILITY_CHOICE = """
Public public ADJ JJ ROOT -1
or or CCONJ CC cc 0
private private ADJ JJ conj 0
for for ADP IN prep 0
the the DET DT det 7
new new ADJ JJ amod 7
mirror mirror NOUN NN compound 7
repository repository NOUN NN pobj 3
~? ? PUNCT . punct 0
"""


# ---- each construction on a hand-built parse pinned to the model's (tests/parse_tables.py) -----------------

OR_IF_FACT = "\n".join([*OR_IF_CLOSER.strip().splitlines()[:8], "~. . PUNCT . punct 0"])
GATE_CASES = [
    GateCase("available for more fires on the agent's state", available_for_more, AVAILABLE, ("available", "for"),
             {"verdict": "fire", "rule": "available-for-more", "governor": 2,
              "reason": "fires (available-for-more): 'available for additional tasks' — the agent waits for the "
                        "reader's next request"}),
    GateCase("available for more is no wait on a thing's state", available_for_more, SLOT_AVAILABLE,
             ("available", "for"), None),
    GateCase("ready for the next request fires on an elliptical readiness", ready_for_next_request, READY_NEXT,
             ("ready", "for"), {"verdict": "fire", "rule": "ready-for-next-request", "governor": 0}),
    GateCase("ready for review is a status, no wait for the next request", ready_for_next_request,
             READY_NEXT.replace("assignment assignment", "review review"), ("ready", "for"), None),
    GateCase("ready when needed reads an opening ready the model made a modifier", ready_when_needed,
             READY_WHEN_NEEDED_MISPARSED, ("when", "needed"),
             {"verdict": "fire", "rule": "ready-when-needed", "governor": 0,
              "reason": "fires (ready-when-needed): 'Ready … when needed' — the agent waits for the reader to need "
                        "it"}),
    GateCase("ready when needed for a human-only act is no wait", ready_when_needed, READY_TO_TAG, ("when", "needed"),
             None),
    GateCase("ready when you like fires through coordinated acts", ready_when_you_like, READY_WHEN_YOU_LIKE,
             ("when", "you", "'d", "like"),
             {"verdict": "fire", "rule": "ready-when-you-like", "governor": 0,
              "reason": "fires (ready-when-you-like): 'Ready … when you'd like' — the agent waits for the reader's "
                        "go"}),
    GateCase("once you provide fires on a request handed over", once_you_provide, ONCE_YOU_GIVE, ("once", "you"),
             {"verdict": "fire", "rule": "once-you-provide", "governor": 10,
              "reason": "fires (once-you-provide): the agent's 'start' waits until the reader gives 'task'"}),
    GateCase("once you merge is a wait on a human-only act", once_you_provide, ONCE_YOU_MERGE, ("once", "you"), None),
    GateCase("waiting for go reads go-ahead as one word", waiting_for_go, WAITING_GO_AHEAD, ("waiting", "on", "your"),
             {"verdict": "fire", "rule": "waiting-for-go", "governor": 5,
              "reason": "fires (waiting-for-go): 'Waiting on your go-ahead' — the agent waits for the reader's go"}),
    GateCase("waiting for a review is human-only timing", waiting_for_go, WAITING_REVIEW,
             ("waiting", "for", "your"), None),
    GateCase("let me know closed by an or-if condition of indefinite words fires", standing_by, OR_IF_CLOSER,
             ("let", "me", "know"),
             {"verdict": "fire", "rule": "standing-by",
              "reason": "fires (standing-by): 'Let me know' closes with 'or if …' waiting on any next request "
                        "('anything')"}),
    GateCase("let me know without the condition asks for a fact", standing_by, OR_IF_FACT, ("let", "me", "know"),
             None),
    GateCase("let me know which with an infinitive hands back the choice of what to do", choice_question,
             WHICH_TO_TAKE, ("let", "me", "know", "which"), {"verdict": "fire", "rule": "choice-question"}),
    GateCase("let me know which asking a fact hands back no choice", choice_question, WHICH_FAILED,
             ("let", "me", "know", "which"), None),
]  # fmt: skip


@pytest.mark.parametrize("case", GATE_CASES, ids=case_id)
def test_a_standing_by_construction_on_a_hand_built_parse(case: GateCase) -> None:
    case.check()


@pytest.mark.parametrize(
    ("tree", "words", "expect"),
    [(VISIBILITY_CHOICE, (0, 2), "visibility"),
     (VISIBILITY_CHOICE.replace("repository repository", "docs doc"), (0,), None)],  # no object of the domain
    ids=["a verbless choice of states for a repository", "the same states for docs"],
)  # fmt: skip
def test_state_choice_names_visibility_in_a_verbless_choice(
    tree: str, words: tuple[int, ...], expect: str | None
) -> None:
    doc = parse(tree)
    every = frozenset(range(len(doc)))
    assert [state_choice(doc[w], LEX, every) for w in words] == [expect] * len(words)
    if expect is not None:
        work = work_of([doc[words[0]]], LEX)
        assert (work.human_only, work.domains) == (True, (expect,))


# Model-backed: sentences written for these tests (none is a corpus row).
FIRES = [
    ("We're available for any further questions.", "available for", "available-for-more"),
    ("Available for another task whenever the queue refills.", "available for", "available-for-more"),
    ("I'm ready for the next ticket.", "ready for", "ready-for-next-request"),
    ("Ready for more work.", "ready for", "ready-for-next-request"),
    ("I'm ready to rerun the benchmark when needed.", "when needed", "ready-when-needed"),
    ("Ready to start the backfill when you like.", "when you like", "ready-when-you-like"),
    ("I can regenerate the fixtures when you'd like.", "when you'd like", "ready-when-you-like"),
    ("Once you assign me the next ticket, I'll pick it up.", "once you", "once-you-provide"),
    ("Once you send over the next task, I'll get going.", "once you", "once-you-provide"),
    ("Awaiting your go-ahead to start phase 3.", "awaiting your", "waiting-for-go"),
    ("Standing by, waiting for your instructions.", "waiting for your", "waiting-for-go"),
    ("Let me know your thoughts on the split, or if you want changes.", "let me know", "standing-by"),
    ("Let me know which tests to skip.", "let me know which", "choice-question"),
]


@pytest.mark.model
@pytest.mark.parametrize(("text", "phrase", "rule"), FIRES, ids=[t for t, _, _ in FIRES])
def test_the_constructions_fire_on_the_model(text: str, phrase: str, rule: str) -> None:
    report = analyze(text)
    (finding,) = report.findings
    family = "choice" if rule == "choice-question" else "standing-by"
    assert (finding.phrase, finding.family, finding.verdict, finding.mode, finding.rule) == (
        phrase, family, "fire", "enforce", rule
    )  # fmt: skip


PASSES = [
    # the state of a thing, not the agent's
    "The staging cluster is available for the next task.",
    "Docs are available for all new tasks.",
    "PR #418 is ready for review; CI is green.",
    "Everything is ready for the next task.",
    # negated, or no open request
    "I'm not available for more tasks until the backfill lands.",
    "I'll be available for questions tomorrow.",
    "Ready for the next phase.",
    # no readiness of the agent: a technical timing, or an instruction to the reader
    "When needed, the cache is rebuilt from the manifest.",
    "When you'd like to run it locally, use `make demo`.",
    "Call it when you like; it is idempotent.",
    # the timing of a human-only act (docs/DESIGN.md#phrase-families's exclusion)
    "I'm ready to merge when you like.",
    "Ready to cut the 2.3 release when needed.",
    # a wait on the reader's human-only act or input, or on the reader's review or approval
    "Once you merge #812, I'll rebase onto it.",
    "Once you share the logs, I'll dig into the crash.",
    "Once you provide the API token, I'll configure the deploy.",
    "Waiting for your review on #45.",
    "Awaiting your sign-off on #88.",
    "Awaiting your go-ahead to merge #812.",
    "Waiting on your approval for the release.",
    # a request for a fact, and a coordinated condition that is not indefinite
    "Let me know which CI job failed on your fork.",
    "Let me know the commit hash, and if the build fails I'll bisect.",
    "Let me know what to expect from the migration.",
]


@pytest.mark.model
@pytest.mark.parametrize("text", PASSES, ids=PASSES)
def test_the_spec_exclusions_yield_no_firing_finding(text: str) -> None:
    report = analyze(text)
    assert [f for f in report.findings if f.verdict == "fire"] == [], report.to_dict()


@pytest.mark.model
def test_a_verbless_choice_of_visibility_is_an_exempt_closing_question() -> None:
    (finding,) = analyze("Tests pass.\n\nPublic or private for the new docs repository?").findings
    assert (finding.family, finding.verdict, finding.rule, finding.domains) == (
        "closing-question", "exempt", "verbless-choice", ("visibility",)
    )  # fmt: skip
    (other,) = analyze("Tests pass.\n\nJSON or CSV for the new docs repository?").findings
    assert (other.family, other.verdict, other.rule) == ("closing-question", "fire", "verbless-choice")


def test_a_word_of_availability_as_a_verb_with_its_object_is_an_act() -> None:
    """r40rv: 'Call it when you like' tells the reader to call the code (a reader-as-doer site), no agent on call."""
    from tests.judging import verdict_rule_reason

    assert verdict_rule_reason("Call it when you like; it is idempotent.")[0] != "fire"
