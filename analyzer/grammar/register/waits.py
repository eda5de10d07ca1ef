"""Standing by as a wait on the reader (issue 20): until the reader hands over the next request, or for the
reader's go."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.grammar.judgement import Judgement, gated
from analyzer.grammar.register.clauses import is_question, written
from analyzer.grammar.register.context import Context
from analyzer.grammar.register.reader_word import HOLD_VERBS, REVIEW_NOUNS, WORD_NOUNS, WORD_VERBS, held_until
from analyzer.grammar.registry import rule
from analyzer.grammar.work import work_of
from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import SUBJECT_DEPS, forms, hyphen_compound, subject_of
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token

AGENT_SPEAKERS = terms("register", "agent_speakers")
# The reader's decision ('once you pick a layout, I'll build it'): the agent's act offered on it is the closing
# decision-offer construction (analyzer/grammar/closing_offers.py), judged there, not as a wait.
DECISION_VERBS = terms("decision-offer", "verbs")



@rule("once-you-provide")
def once_you_provide(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Read on the arcs of 'you': the giving verb it is the subject of, that verb's request object, and the agent
    subject of the clause it is adverbial to."""
    you = phrase[-1]
    given = you.head
    if you.dep_ in SUBJECT_DEPS and not forms(given) & lexicon.giving_verbs:
        # Revision 4: 'Will continue once you confirm the column names' — the agent's next act held back until the
        # reader's word is a wait on the person (the wait-on-reader construction, read here on its own arcs).
        if not _a_word(given) or _offered_on_a_decision(given):
            return None
        return held_until(given, lexicon, "once-you-provide", written(phrase))
    if you.dep_ not in SUBJECT_DEPS:
        return None
    request = next((c for c in given.children if c.dep_ == "dobj" and forms(c) & lexicon.request_nouns), None)
    main = given.head if given.dep_ == "advcl" else None
    agent = subject_of(main) if main is not None else None
    if request is None or main is None or agent is None or agent.lower_ not in AGENT_SPEAKERS:
        return None
    return gated(
        "fire",
        "once-you-provide",
        f"fires (once-you-provide): the agent's '{main.text}' waits until the reader {given.text}s "
        f"'{request.text}'",
        main.i,
    )


@rule("waiting-for-go")
def waiting_for_go(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """What the go is for is read on both the go noun and the waiting verb: the model hangs 'on phase 2' on either."""
    your = phrase[-1]
    go = your.head
    wait = phrase[0]
    names = forms(go) | {hyphen_compound(go) or ""}
    if your.dep_ == "poss" and not names & lexicon.go_nouns and names & (WORD_NOUNS | REVIEW_NOUNS) and not is_question(
        phrase
    ):
        # Revision 4: 'Waiting for your approval to proceed', 'waiting on your answer': the reader's word, judged
        # by what it is about (the human's stamp on a release is human-only timing).
        return held_until(go, lexicon, "waiting-for-go", f"{written(phrase)} {hyphen_compound(go) or go.text}")
    if your.dep_ != "poss" or not names & lexicon.go_nouns or is_question(phrase):
        return None
    if any(c.dep_ == "neg" for c in wait.children):
        return None  # 'Not waiting for your go: starting phase 2 now.'
    about = [c for c in (*go.children, *wait.children) if c.dep_ in _ABOUT_DEPS and c.i > go.i]
    scope = frozenset(t.i for p in about for t in p.subtree)
    if about and work_of(about, lexicon, scope).human_only:
        return None
    return gated(
        "fire",
        "waiting-for-go",
        f"fires (waiting-for-go): '{written(phrase)} {hyphen_compound(go) or go.text}' — the agent waits for the "
        "reader's go",
        go.i,
    )


def _offered_on_a_decision(verb: Token) -> bool:
    """'I'll wire up the SDK once you choose a provider': the reader decides and the agent's own act (not a hold)
    follows — the decision-offer construction; 'I'll hold off until you decide' stays a wait."""
    return bool(forms(verb) & DECISION_VERBS) and verb.head.lemma_.lower() not in HOLD_VERBS


def _a_word(verb: Token) -> bool:
    return bool(forms(verb) & WORD_VERBS)


# What a go is for: 'your go on phase 2', 'your instructions for the next step', 'your go-ahead to merge #812'.
_ABOUT_DEPS = frozenset({"prep", "acl", "relcl", "xcomp", "advcl"})
