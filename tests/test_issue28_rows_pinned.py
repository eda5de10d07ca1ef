"""The closing rows added for issue 28 (docs/DESIGN.md#construction-classes) on hand-built parses pinned to the model's
own parse of the same sentence: a request to be contacted (contact-closer, with the model's misreading of 'Holler' as a
name), a wait on the person with no lexicon phrase (wait-on-person), the reader's judgement asked without a verb
(judgement-question) and the worth of an act (verbless-offer). Each row is called on its parse alone; the model test
keeps the parse honest."""

from __future__ import annotations

import pytest

from analyzer.grammar.asking.elliptical import judgement_question, verbless_offer
from analyzer.grammar.closing_questions import Asked, question_vocabulary
from analyzer.grammar.closing_standing_by import contact_closer
from analyzer.grammar.closing_waits import wait_on_person
from analyzer.lexicon import default_lexicon
from analyzer.parse.model import load_model
from analyzer.text.layout import instruction_case
from analyzer.text.questions import question_sites
from tests.docbuilder import parse

LEX = default_lexicon()

# 'Holler' read as a proper noun at the root: the verb of reaching is found by its written form.
HOLLER = (
    "Holler if you want changes.",
    """
    Holler Holler PROPN NNP ROOT -1
    if if SCONJ IN mark 3
    you you PRON PRP nsubj 3
    want want VERB VBP advcl 0
    changes change NOUN NNS dobj 3
    ~. . PUNCT . punct 0
""",
)
# The mark of the time on the verb the wish governs ('when -advmod-> continue'), the agent as the dative.
SHOUT = (
    "Give me a shout when you want to continue.",
    """
    Give give VERB VB ROOT -1
    me I PRON PRP dative 0
    a a DET DT det 3
    shout shout NOUN NN dobj 0
    when when SCONJ WRB advmod 8
    you you PRON PRP nsubj 6
    want want VERB VBP advcl 0
    to to PART TO aux 8
    continue continue VERB VB xcomp 6
    ~. . PUNCT . punct 0
""",
)
# The reader's word as the object of the bound preposition, the hold at the root.
STANDING_BY = (
    "Standing by for your direction on the cache work.",
    """
    Standing stand VERB VBG ROOT -1
    by by ADV RB advmod 0
    for for ADP IN prep 0
    your your PRON PRP$ poss 4
    direction direction NOUN NN pobj 2
    on on ADP IN prep 4
    the the DET DT det 8
    cache cache NOUN NN compound 8
    work work NOUN NN pobj 5
    ~. . PUNCT . punct 0
""",
)
TOO_TERSE = (
    "Too terse?",
    """
    Too too ADV RB advmod 1
    terse terse ADJ JJ ROOT -1
    ~? ? PUNCT . punct 1
""",
)
WORTH_ADDING = (
    "Worth adding a screenshot?",
    """
    Worth worth ADJ JJ ROOT -1
    adding add VERB VBG xcomp 0
    a a DET DT det 3
    screenshot screenshot NOUN NN dobj 1
    ~? ? PUNCT . punct 0
""",
)

HAND_BUILT = [
    (HOLLER, contact_closer, "fire", ("contact-closer", "'Holler'", "next need ('want …')")),
    (SHOUT, contact_closer, "fire", ("contact-closer", "'Give me a shout'", "next need ('want …')")),
    (STANDING_BY, wait_on_person, "fire", ("wait-on-person", "'Standing' waits on the reader's 'direction'")),
    (TOO_TERSE, judgement_question, "fire", ("judgement-question", "judge the agent's work ('Too terse')")),
    (WORTH_ADDING, verbless_offer, "fire", ("verbless-offer", "'adding' by its worth")),
]


def _asked(text: str, spec: str) -> Asked:
    (site,) = question_sites(text)
    return Asked(parse(spec), site, LEX, question_vocabulary())


@pytest.mark.parametrize(("case", "row", "verdict", "reason"), HAND_BUILT, ids=lambda v: getattr(v, "__name__", None))
def test_each_row_on_its_hand_built_parse(case: tuple[str, str], row, verdict: str, reason: tuple) -> None:
    judged = row(_asked(*case))
    assert judged is not None
    assert (judged.verdict, [w for w in reason if w not in judged.reason]) == (verdict, [])


@pytest.mark.model
@pytest.mark.parametrize("case", [c for c, *_ in HAND_BUILT], ids=lambda c: c[0][:40])
def test_every_hand_built_parse_is_the_model_s(case: tuple[str, str]) -> None:
    text, spec = case
    (site,) = question_sites(text)
    read = instruction_case(text) if site.kind == "turn" else text
    model, built = load_model()(read), parse(spec)
    assert [(t.text, t.tag_, t.dep_, t.head.i) for t in model] == [(t.text, t.tag_, t.dep_, t.head.i) for t in built]
