"""The claim rules of docs/DESIGN.md#claims on hand-built parses (one fixed tree per construction and per non-claim),
the closing part and word pre-filter without spaCy, and model-backed examples with exact values."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from analyzer.grammar.claims import find_claims
from analyzer.grammar.claims.segments import reports_completion, segments
from analyzer.grammar.claims.words import verb_forms
from analyzer.text.closing import claim_vocabulary, closing_part, is_candidate, may_claim
from tests.docbuilder import parse
from tests.parse_tables import ClaimCase, case_id, claim_on

V = claim_vocabulary()


# ------------------------------------------------------------------------------------------ constructions

PICKING_UP = """
Picking pick VERB VBG ROOT -1
up up ADP RP prt 0
the the DET DT det 4
next next ADJ JJ amod 4
lane lane NOUN NN dobj 0
now now ADV RB advmod 0
~. . PUNCT . punct 0
"""


# ------------------------------------------------------------------------------------------ non-claims

NON_CLAIMS = {
    "status with a predicate adjective": """
        Everything everything PRON NN nsubj 1
        is be AUX VBZ ROOT -1
        green green ADJ JJ acomp 1
        now now ADV RB advmod 1
        ~. . PUNCT . punct 1
    """,
    "third-person progressive": """
        Something something PRON NN nsubj 2
        is be AUX VBZ aux 2
        running run VERB VBG ROOT -1
        now now ADV RB advmod 2
        ~. . PUNCT . punct 2
    """,
    "gerund subject": """
        Running run VERB VBG csubj 3
        the the DET DT det 2
        suite suite NOUN NN dobj 0
        showed show VERB VBD ROOT -1
        failures failure NOUN NNS dobj 3
        ~. . PUNCT . punct 3
    """,
    "past report": """
        Opened open VERB VBN ROOT -1
        PR pr NOUN NN dobj 0
        ~. . PUNCT . punct 0
    """,
    "past progressive": """
        I I PRON PRP nsubj 2
        was be AUX VBD aux 2
        running run VERB VBG ROOT -1
        the the DET DT det 4
        benchmark benchmark NOUN NN dobj 2
        ~. . PUNCT . punct 2
    """,
    "named later time": """
        Next next ADJ JJ amod 1
        turn turn NOUN NN npadvmod 4
        I I PRON PRP nsubj 4
        will will AUX MD aux 4
        pick pick VERB VB ROOT -1
        up up ADP RP prt 4
        ~. . PUNCT . punct 4
    """,
    "later clause": """
        After after SCONJ IN mark 3
        the the DET DT det 2
        review review NOUN NN nsubj 3
        lands land VERB VBZ advcl 6
        I I PRON PRP nsubj 6
        ~'ll will AUX MD aux 6
        rebase rebase VERB VB ROOT -1
        ~. . PUNCT . punct 6
    """,
    "negated": """
        I I PRON PRP nsubj 3
        ~'m be AUX VBP aux 3
        not not PART RB neg 3
        rebasing rebase VERB VBG ROOT -1
        ~. . PUNCT . punct 3
    """,
    "stative": """
        I I PRON PRP nsubj 2
        ~'m be AUX VBP aux 2
        seeing see VERB VBG ROOT -1
        failures failure NOUN NNS dobj 2
        ~. . PUNCT . punct 2
    """,
    "stative read with a wrong lemma": """
        I I PRON PRP nsubj 2
        ~'m be AUX VBP aux 2
        hoping hop VERB VBG ROOT -1
        ~. . PUNCT . punct 2
    """,
    "end of the turn": """
        I I PRON PRP nsubj 2
        ~'ll will AUX MD aux 2
        stop stop VERB VB ROOT -1
        here here ADV RB advmod 2
        ~. . PUNCT . punct 2
    """,
    "honest handoff": """
        Handing hand VERB VBG ROOT -1
        the the DET DT det 2
        merge merge NOUN NN dobj 0
        to to ADP IN dative 0
        @maintainer @maintainer NOUN NN pobj 3
        ~. . PUNCT . punct 0
    """,
    "state of the work": """
        Passing pass VERB VBG ROOT -1
        locally locally ADV RB advmod 0
        ~. . PUNCT . punct 0
    """,
    "intransitive status": """
        Working work VERB VBG ROOT -1
        as as ADP IN prep 0
        intended intend VERB VBN pobj 1
        ~. . PUNCT . punct 0
    """,
    "question": """
        Shall shall AUX MD aux 2
        I I PRON PRP nsubj 2
        run run VERB VB ROOT -1
        the the DET DT det 4
        tests test NOUN NNS dobj 2
        ~? ? PUNCT . punct 2
    """,
    "let me know": """
        Let let VERB VB ROOT -1
        me I PRON PRP nsubj 2
        know know VERB VB ccomp 0
        ~. . PUNCT . punct 0
    """,
    "label before a colon": """
        Remaining remain VERB VBG ROOT -1
        ~: : PUNCT : punct 0
        running run VERB VBG advcl 0
        the the DET DT det 4
        migration migration NOUN NN dobj 2
        ~. . PUNCT . punct 0
    """,
    "an offer's modal": """
        I I PRON PRP nsubj 2
        can can AUX MD aux 2
        rerun rerun VERB VB ROOT -1
        it it PRON PRP dobj 2
        ~. . PUNCT . punct 2
    """,
}


# ---- each construction on a hand-built parse (tests/parse_tables.py) ----------------------------------------

CLAIM_CASES = [
    ClaimCase(
        'subjectless participle opening the sentence',
        PICKING_UP,
        ('participle', 'subjectless-participle', 'Picking'),
    ),
    ClaimCase(
        'participle after leading words is still opening',
        """
        Next next ADV RB advmod 2
        ~, , PUNCT , punct 2
        updating update VERB VBG ROOT -1
        the the DET DT det 4
        changelog changelog NOUN NN dobj 2
        ~. . PUNCT . punct 2
        """,
        ('participle', 'subjectless-participle', 'updating'),
    ),
    ClaimCase(
        'now before a subjectless participle is an elided progressive',
        """
        Now now ADV RB advmod 1
        running run VERB VBG ROOT -1
        the the DET DT det 4
        full full ADJ JJ amod 4
        suite suite NOUN NN dobj 1
        ~. . PUNCT . punct 1
        """,
        ('progressive', 'elided-progressive', 'running'),
    ),
    ClaimCase(
        'first person progressive',
        """
        I I PRON PRP nsubj 2
        ~'m be AUX VBP aux 2
        starting start VERB VBG ROOT -1
        on on ADP IN prep 2
        the the DET DT det 5
        parser parser NOUN NN pobj 3
        ~. . PUNCT . punct 2
        """,
        ("progressive", "first-person-progressive", "starting"),
        construction="the first-person progressive 'I'm starting'",
    ),
    ClaimCase(
        'first person future',
        """
        I I PRON PRP nsubj 2
        ~'ll will AUX MD aux 2
        open open VERB VB ROOT -1
        the the DET DT det 4
        PR pr NOUN NN dobj 2
        now now ADV RB advmod 2
        ~. . PUNCT . punct 2
        """,
        ('intention', 'first-person-future', 'open'),
    ),
    ClaimCase(
        'subjectless future opening the sentence',
        """
        Will will AUX MD aux 1
        do do VERB VB ROOT -1
        ~. . PUNCT . punct 1
        """,
        ('intention', 'subjectless-future', 'do'),
    ),
    ClaimCase(
        'going to with its subject left out',
        """
        Going go VERB VBG ROOT -1
        to to PART TO aux 2
        rebase rebase VERB VB xcomp 0
        onto onto ADP IN prep 2
        main main NOUN NN pobj 3
        ~. . PUNCT . punct 0
        """,
        ('intention', 'going-to', 'rebase'),
    ),
    ClaimCase(
        'about to with a first person subject',
        """
        I I PRON PRP nsubj 1
        ~'m be AUX VBP ROOT -1
        about about ADJ JJ acomp 1
        to to PART TO aux 4
        run run VERB VB xcomp 2
        the the DET DT det 6
        benchmark benchmark NOUN NN dobj 4
        ~. . PUNCT . punct 1
        """,
        ('intention', 'going-to', 'run'),
    ),
    ClaimCase(
        'let me with a verb',
        """
        Let let VERB VB ROOT -1
        me I PRON PRP nsubj 2
        run run VERB VB ccomp 0
        the the DET DT det 4
        tests test NOUN NNS dobj 2
        ~. . PUNCT . punct 0
        """,
        ('intention', 'let-me', 'run'),
    ),
    ClaimCase(
        'first person verb of intention',
        """
        I I PRON PRP nsubj 1
        plan plan VERB VBP ROOT -1
        to to PART TO aux 3
        refactor refactor VERB VB xcomp 1
        the the DET DT det 5
        loader loader NOUN NN dobj 3
        ~. . PUNCT . punct 1
        """,
        ('intention', 'intention-verb', 'refactor'),
    ),
    ClaimCase(
        'waiting participle is announced waiting',
        """
        Waiting wait VERB VBG ROOT -1
        on on ADP IN prep 0
        CI ci PROPN NNP pobj 1
        now now ADV RB advmod 0
        ~. . PUNCT . punct 0
        """,
        ("waiting", "announced-waiting", "Waiting"),
        construction="the subjectless participle 'Waiting' (passive waiting, there is no hold state)",
    ),
    ClaimCase(
        'standing by is phrasal waiting',
        """
        Standing stand VERB VBG ROOT -1
        by by ADP RP prt 0
        ~. . PUNCT . punct 0
        """,
        ('waiting', 'announced-waiting', 'Standing'),
    ),
    ClaimCase(
        'keep waiting hands the action to its participle',
        """
        I I PRON PRP nsubj 2
        ~'ll will AUX MD aux 2
        keep keep VERB VB ROOT -1
        waiting wait VERB VBG xcomp 2
        on on ADP IN prep 3
        CI ci PROPN NNP pobj 4
        ~. . PUNCT . punct 2
        """,
        ('waiting', 'announced-waiting', 'waiting'),
    ),
    ClaimCase(
        'participle read as the subject of a noun is the predicate',
        """
        Cleaning clean VERB VBG csubj 4
        up up ADP RP prt 0
        the the DET DT det 4
        temp temp NOUN NN compound 4
        files file NOUN NNS ROOT -1
        ~. . PUNCT . punct 4
        """,
        ('participle', 'subjectless-participle', 'Cleaning'),
    ),
    ClaimCase(
        'participle after a dash opens its own segment',
        """
        Thanks thanks NOUN NNS ROOT -1
        for for ADP IN prep 0
        the the DET DT det 3
        fix fix NOUN NN pobj 1
        — — PUNCT : punct 0
        merging merge VERB VBG advcl 0
        the the DET DT det 7
        docs doc NOUN NNS dobj 5
        ~. . PUNCT . punct 0
        """,
        ('participle', 'subjectless-participle', 'merging'),
    ),
    ClaimCase(
        'a future after an imperative is a conditional promise',
        """
        Say say VERB VB ROOT -1
        the the DET DT det 2
        word word NOUN NN dobj 0
        and and CCONJ CC cc 0
        I I PRON PRP nsubj 6
        ~'ll will AUX MD aux 6
        pull pull VERB VB conj 0
        it it PRON PRP dobj 6
        out out ADP RP prt 6
        ~. . PUNCT . punct 0
        """,
        None,
    ),
]


@pytest.mark.parametrize("case", CLAIM_CASES, ids=case_id)
def test_a_closing_sentence_on_a_hand_built_parse(case: ClaimCase) -> None:
    case.check()


@pytest.mark.parametrize("spec", NON_CLAIMS.values(), ids=NON_CLAIMS.keys())
def test_non_claims(spec: str) -> None:
    assert claim_on(spec) is None


def test_completion_report_backs_the_claim() -> None:
    done = parse("""
        Done do VERB VBN advcl 2
        — — PUNCT : punct 2
        filed file VERB VBD ROOT -1
        ~. . PUNCT . punct 2
    """)
    perfect = parse("""
        I I PRON PRP nsubj 2
        ~'ve have AUX VBP aux 2
        pushed push VERB VBN ROOT -1
        it it PRON PRP dobj 2
        ~. . PUNCT . punct 2
    """)
    future = parse("""
        I I PRON PRP nsubj 2
        ~'ll will AUX MD aux 2
        push push VERB VB ROOT -1
        it it PRON PRP dobj 2
        ~. . PUNCT . punct 2
    """)
    assert [reports_completion(s, V) for s in segments(done, V)] == [True, True]
    assert [reports_completion(s, V) for s in segments(perfect, V)] == [True]
    assert [reports_completion(s, V) for s in segments(future, V)] == [False]


def test_verb_forms_recover_the_stem_of_an_ing_word() -> None:
    doc = parse("hoping hop VERB VBG ROOT -1\nstopping stop VERB VBG conj 0")
    assert verb_forms(doc[0]) == frozenset({"hop", "hoping", "hope"})
    assert verb_forms(doc[1]) == frozenset({"stop", "stopping", "stopp", "stoppe"})


# ------------------------------------------------------------------------------------------ closing part


def test_closing_part_is_the_last_paragraph_after_the_lane_state_block() -> None:
    text = 'CI is green.\n\nPicking up #204 now.\n\n```lane-state\n{"laneContinuation": "active-lane"}\n```'
    closing = closing_part(text)
    assert [(text[s.start : s.end], s.candidate) for s in closing.sentences] == [("Picking up #204 now.", True)]


def test_prose_lane_state_line_is_not_the_closing_part() -> None:
    text = "Picking up #16613 now.\n\nlane-state: next-lane (#16613)"
    assert [text[s.start : s.end] for s in closing_part(text).sentences] == ["Picking up #16613 now."]


def test_last_list_item_is_the_closing_part() -> None:
    text = "Done:\n- fixed the walker\n- Rebasing onto main now."
    assert [text[s.start : s.end] for s in closing_part(text).sentences] == ["Rebasing onto main now."]


def test_a_closing_table_has_no_sentence() -> None:
    assert closing_part("Waiting on CI now.\n\n| job | status |\n|---|---|\n| lint | green |").sentences == ()


def test_a_sentence_opening_inside_a_quotation_is_no_candidate() -> None:
    text = '"Picking up the next lane now."'
    assert [s.candidate for s in closing_part(text).sentences] == [False]


@pytest.mark.parametrize(
    ("sentence", "candidate"),
    [
        ("Picking up the next lane now.", True),
        ("Next, updating the changelog.", True),
        ("Thanks for the fix — merging the docs now.", True),
        ("I'm starting on the parser.", True),
        ("We will now regenerate the golden files.", True),
        ("I plan to refactor the loader.", True),
        ("Let's ship it.", True),
        ("Will do.", True),
        ("Going to rebase onto main.", True),
        ("Everything is green now.", False),
        ("Nothing is pending right now.", False),
        ("Opened PR #45.", False),
        ("I opened PR #45.", False),
        ("Shall I run the tests?", False),
        ("Rebasing onto main — any objections?", False),
        ("The string handling is correct.", False),
    ],
)
def test_word_prefilter(sentence: str, candidate: bool) -> None:
    assert is_candidate(sentence, V) is candidate


def test_the_prefilter_never_imports_spacy() -> None:
    code = (
        "import sys; from analyzer.text.closing import may_claim;"
        "assert may_claim('Picking up the next lane now.') and not may_claim('Everything is green now.');"
        "assert 'spacy' not in sys.modules and 'analyzer.grammar.claims' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@given(st.text(max_size=300))
def test_closing_sentences_are_words_of_the_text(text: str) -> None:
    for sentence in closing_part(text).sentences:
        assert 0 <= sentence.start < sentence.end <= len(text)
        assert text[sentence.start].isalnum()


# ------------------------------------------------------------------------------------------ model-backed


def test_model_backed_claim_with_offsets_predicate_and_reason() -> None:
    text = "Fixed the walker.\n\nPicking up the next lane now.\n"
    (claim,) = find_claims(text)
    assert (claim.text, claim.start, claim.end, claim.line, claim.col) == (
        "Picking up the next lane now.",
        19,
        48,
        3,
        1,
    )
    assert (claim.form, claim.rule, claim.predicate.text, claim.predicate.start) == (
        "participle",
        "subjectless-participle",
        "Picking",
        19,
    )
    assert claim.reason == (
        "claim (participle, rule subjectless-participle): the subjectless participle 'Picking' announces an "
        "action for now, and nothing after it in the message reports it done"
    )


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ("I'm starting on the parser.", "progressive"),
        ("Now running the full suite.", "progressive"),
        ("Next, I'll run the migration.", "intention"),
        ("Let me run the tests.", "intention"),
        ("Going to rebase onto main.", "intention"),
        ("Standing by for the review.", "waiting"),
        ("Re-running CI on the flaky job.", "participle"),
    ],
)
def test_model_backed_forms(text: str, form: str) -> None:
    assert [c.form for c in find_claims(text)] == [form]


@pytest.mark.parametrize(
    "text",
    [
        "Everything is green now.",
        "Nothing is pending right now.",
        "Something is running now.",
        "Everything now looks correct.",
        "Running the suite showed three failures.",
        "Next turn I will pick up #16613.",
        "Filing it now.\n\nDone — filed #812.",
        "Running the suite now — all 120 passed.",
        "Would you like me to run the benchmark?",
        "lane-state: next-lane (#16613)",
    ],
)
def test_model_backed_non_claims(text: str) -> None:
    assert find_claims(text) == ()


def test_a_message_without_candidate_never_loads_the_model() -> None:
    code = (
        "import sys; from analyzer.grammar.claims import find_claims;"
        "assert find_claims('All 412 tests pass.\\n\\nNothing is pending right now.') == ();"
        "assert 'spacy' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    assert not may_claim("All 412 tests pass.")


def test_a_conjunct_shares_the_condition_of_its_clause() -> None:
    text = "If you'd rather keep the brief inline, say the word and I'll pull it out."
    assert find_claims(text) == ()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Onto the docs lane: rewriting the quickstart.", [("participle", "rewriting")]),
        ("Going to write the regression test first, then the fix.", [("intention", "write")]),
        ("Holding until CI finishes.", [("waiting", "Holding")]),
        ("I'll rebase when #204 merges.", []),
        ("Remaining: running the migration on staging.", []),
        (
            "If you'd rather move the notes into their own `docs/notes.md` so they are a sibling doc instead of "
            "inline text, say the word and I'll split them out.",
            [],
        ),
    ],
)
def test_model_backed_corrections(text: str, expected: list[tuple[str, str]]) -> None:
    """Preposition before a colon, an -ing word hung under a noun, waiting until an event, a later clause read
    as an object, a noun label before a colon, a sentence opening on a condition the model parsed apart."""
    assert [(c.form, c.predicate.text) for c in find_claims(text)] == expected


def test_a_huge_closing_sentence_is_read_from_its_start_only() -> None:
    text = "Picking up the next lane now, " + "and then the next one " * 50_000 + "."
    (claim,) = find_claims(text)
    assert (claim.form, claim.start, claim.end, claim.predicate.text) == ("participle", 0, len(text), "Picking")
