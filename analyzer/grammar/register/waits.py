"""Standing by as a wait on the reader (issue 20): until the reader hands over the next request, or for the
reader's go."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.grammar.judgement import Judgement, gated
from analyzer.grammar.register.clauses import is_question, written
from analyzer.grammar.register.context import Context
from analyzer.grammar.registry import rule
from analyzer.grammar.work import work_of
from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import SUBJECT_DEPS, forms, hyphen_compound, subject_of
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token

AGENT_SPEAKERS = terms("register", "agent_speakers")



@rule("once-you-provide")
def once_you_provide(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Rule `once-you-provide`: the agent's next act made to wait for the reader to hand it the next request —
    'Once you send the next request, I'll return the diffs in the same format.', 'Once you give me the next
    task, I'll start on it right away.'.

        send -advcl-> return, Once -mark-> send, you -nsubj-> send, request -dobj-> send, I -nsubj-> return
    not one: 'Once you merge #812, I'll rebase onto it.'     a wait on a human-only act
    not one: 'Once you provide the API token, I'll configure the deploy.'   a human-only input, no request
    """
    you = phrase[-1]
    given = you.head
    if you.dep_ not in SUBJECT_DEPS or not forms(given) & lexicon.giving_verbs:
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
    """Rule `waiting-for-go`: the agent announces it waits for the reader's go or instructions — 'Waiting for
    your go on phase 2.', 'Awaiting your instructions for the next step.'.

        go -pobj-> for -prep-> Waiting, your -poss-> go, phase -pobj-> on -prep-> go
        instructions -dobj-> Awaiting, your -poss-> instructions
    not one: 'Waiting for your review on #45.'            a review is the human's approval: human-only timing
    not one: 'Waiting for your go on the merge of #812.'  the go on a human-only act
    """
    your = phrase[-1]
    go = your.head
    wait = phrase[0]
    names = forms(go) | {hyphen_compound(go) or ""}
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


# What a go is for: 'your go on phase 2', 'your instructions for the next step', 'your go-ahead to merge #812'.
_ABOUT_DEPS = frozenset({"prep", "acl", "relcl", "xcomp", "advcl"})
