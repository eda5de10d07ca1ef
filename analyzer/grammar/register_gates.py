"""The register gates: the [[register-gate]] rows of grammar.toml, the register families of SPEC §2.1
revision 2, one named rule per construction, chosen by the lexicon entry's `gate`.

Each gate reads the phrase's own sentence (and, for "answered in the same message", the sentence after a
question) and returns a Judgement — a finding, firing or exempt — or None when the construction is not
the register at all (the SPEC's "not an offer", "not a choice question", "not one", "not standing by"):
then no finding is reported. The hook decides what a firing finding does from its family's mode.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from analyzer.grammar.judgement import Judgement, Ruling, gated, text_of
from analyzer.grammar.registry import gate, rule
from analyzer.grammar.work import work_of, work_of_stretch
from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import (
    FIRST_PERSON,
    SUBJECT_DEPS,
    WISH_COMPLEMENT_DEPS,
    bounds,
    forms,
    hyphen_compound,
    subject_of,
    tops,
)
from analyzer.text.carveouts import Views

if TYPE_CHECKING:
    from spacy.tokens import Token

# The agent speaking of itself as a subject: "I can …", "we'll …".
AGENT_SUBJECTS = FIRST_PERSON | {"we", "us"}
# Subordinators of a condition on the reader's wish ("if you want") or a question inside a request.
WISH_MARKS = frozenset({"if", "unless", "whether"})
# Verbs that report what someone said: "as you said, you want me to …", "you asked me to …".
SPEECH_VERBS = frozenset({"say", "ask", "tell", "write", "mention", "request", "note", "specify", "put"})
# The question words of a request that embeds a question: "let me know what/which/how/whether …".
EMBEDDED_QUESTION_WORDS = frozenset({"what", "which", "how", "whether"})
# Verbs of the reader's wish in an embedded question: "what you'd like", "which you prefer".
WISH_VERBS = frozenset({"want", "like", "prefer", "wish", "choose", "decide", "think", "rather"})
# The words of a phrase that carry its grammar: the wish, the choice, the wait.
_WISH_LEMMAS = frozenset({"want", "like", "prefer", "rather", "which", "proceed", "ready", "say", "know", "go"})
_WORD = re.compile(r"[\w'’-]+")
# The agent as the subject of its own state or next act: 'I'm ready', 'we are available', 'I'll start'.
AGENT_SPEAKERS = frozenset({"i", "we"})
# Modals with which the agent offers its next act: 'I can start run 9 when you like'.
OFFER_MODALS = frozenset({"can", "could", "will", "'ll", "’ll", "would", "'d"})


@dataclass(frozen=True)
class Context:
    """What a gate may read beyond the parsed sentence: the sentence that follows the phrase's question
    in the same message (an answer makes the question no register), as plain lower-cased text."""

    following: str = ""


# The sentence after a question: up to the next end of sentence, at most this many characters.
_FOLLOWING_LIMIT = 240
_QUESTION_END = re.compile(r"[?]")
_NEXT_END = re.compile(r"[.!?;](?=[\s\"')\]”’*_]|$)|\n")


def following_sentence(views: Views, end: int) -> str:
    """The agent's next sentence after the question a phrase belongs to, lower-cased (carve-outs blank):
    what rule `answered-in-text` reads. Empty when the phrase's sentence is not a question or ends the text."""
    view = views.parse_view
    stop = _NEXT_END.search(view, end)
    if stop is None or not _QUESTION_END.match(view, stop.start()):
        return ""
    rest = view[stop.end() : stop.end() + _FOLLOWING_LIMIT].lstrip(" \t\n*_-—–:")
    cut = _NEXT_END.search(rest)
    return (rest[: cut.start()] if cut else rest).strip().lower().replace("’", "'")


def register_judgement(name: str, phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Judge a register family's phrase by the register gate its lexicon entry names; None: not the register."""
    judged = gate(name)(phrase, lexicon, context)
    return None if judged is None else replace(judged, path=(name, *judged.path))


@rule("want-me-to")
def want_me_to(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Rule `want-me-to`: an offer unless the clause describes or reports the human's wish.

    not an offer: "the file you want me to rename"                     want -relcl-> file
    not an offer: "as you said, you want me to keep the parser lane"   said -advcl-> want, or a reporting verb above
    not an offer: "You want me to keep the parser lane, so it stays."  a declarative statement of the wish
    fires:        "Want me to rebase?" / "If you want me to, I can" / "Let me know what you want me to do"
    """
    want = _wish_word(phrase)
    if want.dep_ in ("relcl", "acl") and want.head.pos_ in ("NOUN", "PROPN", "PRON"):
        return None
    if _contact_relative(want):
        return None
    if _reported(want):
        return None
    subject = subject_of(want)
    declarative = (
        want.dep_ == "ROOT"
        and subject is not None
        and subject.lower_ == "you"
        and not _asks(want)
        and not any(c.dep_ in ("mark", "aux") for c in want.children)
    )
    if declarative:
        return None
    return gated(
        "fire", "want-me-to", "fires (want-me-to): 'want me to' proposes to act and waits for permission", _head(want)
    )


@rule("wish-condition")
def wish_condition(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Rule `wish-condition`: a condition on the reader's wish governing an action of the agent.

    fires:        "If you want, I can add a bench case."      can/add has the subject I
    fires:        "I can split the PR if you'd like."         the condition closes the agent's offer
    not an offer: "If you want to run it locally, use `make demo`."   a technical conditional: the wish has
                  its own complement and the main clause instructs the reader
    """
    wish = _wish_word(phrase)
    main = wish.head if wish.head.i != wish.i else None
    wanted = [c for c in wish.children if c.dep_ in WISH_COMPLEMENT_DEPS and c.i > phrase[-1].i]
    # 'If you'd like to reproduce it, run `make flaky`; I am on the tests': a clause after ';' is another one.
    agent_main = main is not None and _agent_subject(main) and not _across_semicolon(wish, main)
    if wanted and not agent_main:
        return None  # a technical conditional: the wish names what it wants and the reader acts
    shown = main.text if main is not None else phrase[-1].text
    why = f"the wish governs the agent's own '{shown}'" if agent_main else "the wish is left open, an offer to act"
    return gated(
        "fire", "wish-condition", f"fires (wish-condition): '{_text(phrase)}' — {why}", main.i if main else None
    )


@rule("choice-question")
def choice_question(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Rule `choice-question`: a question that hands the reader the choice of what to do next; judged
    like an attribution phrase on what it offers to choose.

    exempt: "Would you like to merge it or hold for the stamp?"   every alternative is human-only work
    fires:  "How would you like to proceed?" / "Which do you prefer?"   the next step handed back
    not one: "Do you want the fast path? No — correctness first."     answered in the same message
    not one: "Would you like me …" is the offer; a statement ('what you want to do is …') is no question
    """
    inverted = phrase[0].lower_ in ("would", "do", "did", "will", "could")
    if inverted and not (_is_question(phrase) or _opens_options(phrase)):
        return None
    if phrase[-1].lower_ in EMBEDDED_QUESTION_WORDS and not _asks_wish(phrase, lexicon):
        return None  # 'Let me know what CI says on your fork': a request for a fact, no choice handed back
    offered = _offered(phrase)
    verb = next((t for t in offered if t.pos_ in ("VERB", "AUX")), None)
    if verb is not None and verb.lemma_.lower() in lexicon.rhetorical_verbs:
        return None  # 'Do you want to know why the last page repeated? The cursor …': a rhetorical lead-in
    if answered(context, verb.lemma_.lower() if verb is not None else "", lexicon, _alternatives(offered)):
        return None
    if not offered:
        return gated(
            "fire",
            "choice-question",
            f"fires (choice-question): '{_text(phrase)}' hands the choice of the next step back to the reader",
        )
    scope = frozenset(t.i for t in offered)
    work = work_of([t for t in tops(offered) if t.dep_ != "cc"], lexicon, scope)
    span = bounds(offered)
    shown = text_of(phrase[0], span)
    done = _done_to(offered, lexicon)
    if done is not None:
        return gated(
            "fire",
            "choice-question",
            f"fires (choice-question): the choice offered is what to do ('{done.text}') with '{shown}', agent work",
            done.i,
            span,
            work.domains,
        )
    if work.human_only:
        return gated(
            "exempt",
            "choice-question",
            f"exempt (choice-question): the choice offered, '{shown}', is {work.describe()}",
            offered[0].i,
            span,
            work.domains,
        )
    return gated(
        "fire",
        "choice-question",
        f"fires (choice-question): the choice offered, '{shown}', {work.describe()}",
        offered[0].i,
        span,
        work.domains,
    )


@rule("permission-question")
def permission_question(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Rule `permission-question`: an unanswered first-person question asking leave to act; judged like an
    attribution phrase on the act it asks leave for (SPEC §2.1 revision 3).

    fires:   "Shall I open the PR?" / "Should I proceed?" / "OK to start?"
    exempt:  "Shall I merge it?" / "OK to merge #812?"           leave for purely human-only work
    not one: "Should I refactor this? Yes — doing it."          answered in the same message
    not one: "Should I expect the flake on CI too?"             a question about facts (fact_verbs)
    not one: "It is OK to start the suite twice."               no question
    """
    if not _is_question(phrase):
        return None
    if phrase[0].lower_ in ("ok", "okay") and not _opens_question(phrase):
        return None
    verb = _asked_verb(phrase)
    if verb is not None and verb.lemma_.lower() in lexicon.fact_verbs:
        return None
    if answered(context, verb.lemma_.lower() if verb is not None else "", lexicon):
        return None
    if verb is None:
        return gated(
            "fire", "permission-question", f"fires (permission-question): '{_text(phrase)}' asks leave for the "
            "next step and leaves it unanswered"
        )
    verb = _after_lead_in(verb, lexicon)
    asked = _asked_act(verb, phrase)
    span = bounds(asked)
    work = work_of([verb], lexicon, frozenset(t.i for t in asked))
    asking = f"'{_text(phrase)}' asks leave for '{text_of(verb, span)}'"
    if work.human_only:
        reason = f"exempt (permission-question): {asking}, {work.describe()}"
    elif work.domains:
        reason = f"fires (permission-question): {asking}, which {work.describe()}, and leaves it unanswered"
    else:
        reason = f"fires (permission-question): {asking} and leaves it unanswered"
    # Form 'none': the SPEC's forms name how an attribution phrase binds; the asked act is shown as the
    # attachment all the same.
    verdict: Ruling = "exempt" if work.human_only else "fire"
    return Judgement(verdict, "none", "permission-question", reason, span, verb.i, work.domains)


@rule("standing-by")
def standing_by(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Rule `standing-by`: the agent waits for the reader's go or next request.

    fires:   "Ready for Phase 4 whenever you want." / "just say go" / "Happy to adjust — just let me know."
    not one: "Tag the release whenever you want; the notes are ready."  the timing of a human-only act
    not one: "Whenever you want the bench numbers, they're in bench/."  a thing available, no wait
    not one: "Let me know what CI says on your fork."                    a request for a fact, no closer
    not one: "Nothing else is pending: anything else would be …"         'anything else' outside a question
    """
    words = [t.lower_ for t in phrase]
    if words == ["anything", "else"]:
        return _waiting(phrase, "asks for the reader's next request") if _is_question(phrase) else None
    if words[-2:] == ["let", "me"] or words[-1] == "know":
        return _closer(phrase, lexicon)
    return _timing(phrase, lexicon)


def _closer(phrase: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
    """'let me know' closes the message waiting for any next request: nothing to be known follows, or only
    a condition made of indefinite words ('if anything else comes up', 'if you need changes')."""
    know = phrase[-1]
    doc = know.doc
    following = [t for t in doc[know.i + 1 : know.sent.end] if not t.is_punct and not t.is_space]
    following = [t for t in following if t.pos_ not in ("ADV", "INTJ") or t.dep_ not in ("advmod", "intj")]
    if not following:
        return _waiting(phrase, "closes the message waiting for the reader's next request")
    if following[0].lower_ in WISH_MARKS | {"when", "whenever", "should"}:
        words = {t.lower_ for t in following[1:]} | {t.lemma_.lower() for t in following[1:]}
        indefinite = words & lexicon.closer_words
        if indefinite:
            return _waiting(phrase, f"waits on any next request ('{sorted(indefinite)[0]}')")
        return None
    return _or_if_closer(phrase, following, lexicon)


def _or_if_closer(phrase: Sequence[Token], following: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
    """Rule `or-if-closer`: 'Let me know the results of your tests, or if you run into anything.' — after
    what is to be known, a coordinated condition made of indefinite words waits on any next request, so the
    request closes the message as 'let me know if anything comes up' does.

        run -conj-> Let, or -cc-> Let, if -mark-> run, anything -pobj-> into
    """
    for k, token in enumerate(following[:-1]):
        mark = following[k + 1]
        if token.lower_ not in ("or", "and") or mark.lower_ not in WISH_MARKS | {"when", "whenever"}:
            continue
        condition = following[k + 2 :]
        words = {t.lower_ for t in condition} | {t.lemma_.lower() for t in condition}
        indefinite = words & lexicon.closer_words
        if indefinite:
            return _waiting(phrase, f"closes with '{token.text} {mark.text} …' waiting on any next request "
                            f"('{sorted(indefinite)[0]}')")  # fmt: skip
    return None


def _timing(phrase: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
    """'whenever you want', 'whenever you're ready', 'ready when you are', 'say the word', 'just say go':
    the wait hands over nothing when what it times is a human-only act, or a thing the reader may fetch."""
    inside = {t.i for t in phrase}
    anchor = next((t for t in phrase if t.head.i not in inside or t.head.i == t.i), phrase[-1])
    invited = [c for t in phrase for c in t.children if c.dep_ in ("xcomp", "ccomp") and c.i not in inside]
    if invited and phrase[-1].lower_ == "to":  # 'Feel free to merge #812': what the reader is invited to do
        scope = frozenset(t.i for t in invited[0].subtree)
        if work_of(invited, lexicon, scope).human_only or invited[0].lemma_.lower() not in lexicon.request_verbs:
            return None  # 'Feel free to merge #812' / 'feel free to steer me elsewhere': no wait for a request
        return _waiting(phrase, f"invites the reader's next request ('{invited[0].text}')", invited[0].i)
    governor = anchor.head if anchor.head.i != anchor.i else None
    if governor is not None and _across_semicolon(anchor, governor):
        # 'Tag v3.2.0 whenever you're ready; the notes are in place': the model hung the wait on the clause
        # after ';' — the wait times the words before it in its own segment (rule `own-segment`).
        own = _own_segment(phrase)
        if own and work_of_stretch(own, lexicon).human_only:
            return None
        governor = None
    if governor is None:
        return _waiting(phrase, "waits for the reader's go")
    scope = frozenset(t.i for t in governor.subtree) - {t.i for t in anchor.subtree}
    if work_of([governor], lexicon, scope).human_only:
        return None  # 'Tag the release whenever you want': the timing of a human-only act
    if any(c.dep_ == "dobj" for t in phrase for c in t.children if c.i not in inside):
        return None  # 'Whenever you want the numbers, they're in bench/': the reader fetches a thing, no wait
    return _waiting(phrase, f"waits for the reader's go on '{governor.text}'", governor.i)


def _own_segment(phrase: Sequence[Token]) -> list[Token]:
    """The words of the phrase's sentence before it, back to the last ';' (punctuation left out)."""
    first = phrase[0]
    before = list(first.doc[first.sent.start : first.i])
    start = max((k + 1 for k, t in enumerate(before) if t.text == ";"), default=0)
    return [t for t in before[start:] if not t.is_punct and not t.is_space]


def _waiting(phrase: Sequence[Token], why: str, governor: int | None = None) -> Judgement:
    return gated("fire", "standing-by", f"fires (standing-by): '{_text(phrase)}' {why}", governor)


# ---- standing by without a phrase of its own (SPEC §2.1; issue 20's constructions) --------------------------
# Each rule below is the gate of its lexicon phrases ('available for', 'ready for', 'when needed', 'when you'd
# like', 'once you', 'waiting for your'): the phrase is where the construction shows, the rule decides whether
# the agent waits for the reader's go or next request. SPEC's exclusions hold in each: the timing of a
# human-only act, a wait on a review, an approval or a merge, and a state of a thing rather than of the agent
# are no standing by.


@rule("available-for-more")
def available_for_more(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Rule `available-for-more`: the agent states it is free for what the reader asks next — 'I'm available
    for additional tasks.', 'Available for the next task.'.

        available -acomp-> 'm, I -nsubj-> 'm, tasks -pobj-> for -prep-> available, additional -amod-> tasks
    not one: 'The staging slot is available for the next task.'   the state of a thing, not of the agent
    not one: 'I'm available for the review on Tuesday.'            a review is no request of the reader's
    """
    return _open_to_requests(phrase, lexicon, "available-for-more")


@rule("ready-for-next-request")
def ready_for_next_request(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Rule `ready-for-next-request`: the agent states it is ready for the reader's next request — 'I'm ready
    for your next instruction.', 'Ready for the next assignment.'. A question of readiness is the closing
    question's ('Ready for the next batch?').

        ready -acomp-> 'm, instruction -pobj-> for -prep-> ready, your -poss-> instruction, next -amod-> …
    not one: 'PR #418 is ready for review.'          the state of a thing, and no request
    not one: 'The runner is ready for the next task.'  not the agent's own state
    """
    return _open_to_requests(phrase, lexicon, "ready-for-next-request")


def _open_to_requests(phrase: Sequence[Token], lexicon: Lexicon, name: str) -> Judgement | None:
    """'<available|ready> for <an open request>' as the agent's own state, stated, not asked."""
    state, preposition = phrase[0], phrase[-1]
    if _is_question(phrase) or preposition.head.i != state.i or not _agents_state(state):
        return None
    request = next((c for c in preposition.children if c.dep_ == "pobj"), None)
    if request is None or not forms(request) & lexicon.request_nouns:
        return None
    modifiers = [c for c in request.children if c.dep_ in ("amod", "det", "poss", "advmod", "nummod")]
    owner = next((c for c in modifiers if c.dep_ == "poss"), None)
    if owner is not None and owner.lower_ != "your":
        return None  # 'ready for the lead's next task': someone else's request, not the reader's
    if not any(m.lower_ in lexicon.open_modifiers or m.lower_ == "your" for m in modifiers):
        return None  # 'ready for the task' names one piece of work: a plan, not a wait for the next one
    shown = state.doc[state.i : request.i + 1].text
    return gated("fire", name, f"fires ({name}): '{shown}' — the agent waits for the reader's next request", state.i)


@rule("ready-when-needed")
def ready_when_needed(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Rule `ready-when-needed`: the agent's readiness timed by the reader's need — 'Ready to run the
    migration when needed.', 'Ready for `npm install` when needed.': it waits for the reader to call on it.

        needed -advcl-> run -xcomp-> Ready, when -advmod-> needed
    not one: 'The index is rebuilt when needed.'                    no readiness of the agent
    not one: 'Ready to tag the release when needed.'               the timing of a human-only act
    """
    ready = _readiness(phrase)
    if ready is None or _times_human_only(ready, phrase, lexicon):
        return None
    return gated(
        "fire",
        "ready-when-needed",
        f"fires (ready-when-needed): '{ready.text} … {_written(phrase)}' — the agent waits for the reader to need it",
        ready.i,
    )


@rule("ready-when-you-like")
def ready_when_you_like(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Rule `ready-when-you-like`: the agent's readiness, or its own next act, timed by the reader's wish —
    'Ready to commit and push when you'd like.', 'Ready to start run 9 when you like.', 'I can start run 9
    when you like.'.

        like -advcl-> push -conj-> commit -xcomp-> Ready, you -nsubj-> like
    not one: 'When you'd like to run it locally, use `make demo`.'  the reader acts: a technical condition
    not one: 'Ready to cut the release when you'd like.'            the timing of a human-only act
    """
    ready = _readiness(phrase)
    if ready is None:
        ready = _agents_act(phrase)
    if ready is None or _times_human_only(ready, phrase, lexicon):
        return None
    return gated(
        "fire",
        "ready-when-you-like",
        f"fires (ready-when-you-like): '{ready.text} … {_written(phrase)}' — the agent waits for the reader's go",
        ready.i,
    )


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
    if your.dep_ != "poss" or not names & lexicon.go_nouns or _is_question(phrase):
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
        f"fires (waiting-for-go): '{_written(phrase)} {hyphen_compound(go) or go.text}' — the agent waits for the "
        "reader's go",
        go.i,
    )


# What a go is for: 'your go on phase 2', 'your instructions for the next step', 'your go-ahead to merge #812'.
_ABOUT_DEPS = frozenset({"prep", "acl", "relcl", "xcomp", "advcl"})


def _agents_state(state: Token) -> bool:
    """The adjective is the agent's own state, not negated: the predicate of its sentence with the agent as
    subject ('I'm available', 'We are ready'), or, with no subject at all, the word its sentence opens with
    ('Available for …', 'Ready to …' — the model may hang that on the noun after it)."""
    if any(c.dep_ == "neg" for c in (*state.children, *state.head.children)):
        return False
    if state.dep_ == "acomp" and state.head.dep_ == "ROOT":
        subject = subject_of(state.head)
        return subject is not None and subject.lower_ in AGENT_SPEAKERS
    if state.dep_ == "ROOT":
        subject = subject_of(state)
        return subject is None or subject.lower_ in AGENT_SPEAKERS
    # 'Ready for `npm install` when needed.': the model reads the opening adjective as a modifier of the noun
    # after it (Ready -amod-> install -ROOT); a modifier inside a subject ('Ready-made fixtures are …') is not.
    opening = next((t for t in state.sent if not t.is_punct and not t.is_space), None)
    hyphen = state.i + 1 < len(state.doc) and state.doc[state.i + 1].text == "-"
    return (
        opening is not None
        and opening.i == state.i
        and not hyphen
        and state.head.dep_ == "ROOT"
        and subject_of(state) is None
        and subject_of(state.head) is None
    )


def _readiness(phrase: Sequence[Token]) -> Token | None:
    """The agent's 'ready' the phrase times ('I'm ready when you like', 'Ready to … when needed'), in its own
    clause before it (no ';' between), stated, not asked."""
    first = phrase[0]
    if _is_question(phrase):
        return None
    before = [t for t in first.doc[first.sent.start : first.i] if t.lower_ == "ready"]
    ready = before[-1] if before else None
    if ready is None or _across_semicolon(ready, first) or not _agents_state(ready):
        return None
    if ready.dep_ not in ("ROOT", "acomp") and not any(c.dep_ in ("prep", "xcomp") for c in ready.children):
        return None  # an opening 'Ready' read as a modifier is the agent's only with 'to …' or 'for …' after it
    return ready


def _agents_act(phrase: Sequence[Token]) -> Token | None:
    """The agent's own next act the phrase times: 'I can start run 9 when you like' (the verb the timing
    clause hangs on, with a first-person subject and a modal of offer)."""
    anchor = next((t for t in phrase if t.head.i not in {p.i for p in phrase}), phrase[-1])
    node = anchor.head
    while node.dep_ in ("conj", "xcomp") and subject_of(node) is None and node.head.i != node.i:
        node = node.head
    subject = subject_of(node)
    modal = any(c.dep_ == "aux" and c.lower_ in OFFER_MODALS for c in node.children)
    if subject is None or subject.lower_ not in AGENT_SPEAKERS or not modal or _is_question(phrase):
        return None
    return node


def _times_human_only(ready: Token, phrase: Sequence[Token], lexicon: Lexicon) -> bool:
    """What the readiness is for ('to tag the release', 'for the merge') is purely human-only work: the
    timing of a human-only act, no wait for the reader's go (SPEC §2.1's exclusion)."""
    timing = next((t for t in phrase if t.head.i not in {p.i for p in phrase}), phrase[-1])
    left_out = {t.i for t in timing.subtree} | {t.i for t in phrase}
    if ready.pos_ == "ADJ":  # 'ready to tag the release': what the readiness is for
        content = [c for c in ready.children if c.dep_ in ("prep", "xcomp", "dobj", "ccomp") and c.i not in left_out]
    else:  # the agent's act itself, without its subject and modal: 'I can tag it when you like'
        content = [ready]
        left_out |= {c.i for c in ready.children if c.dep_ in (*SUBJECT_DEPS, "aux")}
    scope = frozenset(t.i for c in content for t in c.subtree if t.i not in left_out and not t.is_punct)
    return bool(content) and work_of(content, lexicon, scope).human_only


def answered(context: Context, verb_lemma: str, lexicon: Lexicon, alternatives: frozenset[str] = frozenset()) -> bool:
    """Rule `answered-in-text`: the sentence after the question answers it — it opens with an answer
    ('Yes —', 'No:', 'It is —', 'Not needed:'), maybe after a short fronted phrase ('For our payloads, yes'),
    names one of the alternatives offered ('Throughput or latency? Latency — …'), proceeds whatever the
    answer with the agent acting ('Starting it now regardless'), or does what was asked ('Shall I rebase?
    Rebasing it now'). A reassurance ('No rush') answers nothing."""
    following = context.following
    if not following:
        return False
    words = [w.replace("’", "'") for w in _WORD.findall(following)]
    opening = " ".join(words[:3])
    if any(opening == w or opening.startswith(w + " ") for w in lexicon.non_answers):
        return False
    if any(opening == w or opening.startswith(w + " ") for w in lexicon.answer_words):
        return True
    clause = following.split(",", 1)[1] if "," in following.split("—")[0][:40] else ""
    fronted = " ".join(_WORD.findall(clause)[:2])
    reassures = any(fronted.startswith(w) for w in lexicon.non_answers)
    single = [w for w in lexicon.answer_words if " " not in w]
    if clause and not reassures and any(fronted == w or fronted.startswith(w + " ") for w in single):
        return True  # 'For our payloads, yes — …': the answer after a short fronted phrase
    if any(re.search(r"\b" + re.escape(m) + r"\b", following) for m in lexicon.exists_markers):
        return True  # 'Do you want the table split? The --json output already carries it.'
    if words and words[0] in alternatives:
        return True
    acting = any(w.endswith("ing") or w in ("i'll", "i'm", "we'll", "i", "we") for w in words)
    if acting and any(re.search(r"\b" + re.escape(m) + r"\b", following) for m in lexicon.proceed_markers):
        return True
    stem = verb_lemma.removesuffix("e")
    if len(stem) < 3 or not words:
        return False
    acting = (
        words[0] if words[0].endswith("ing") else (words[1] if words[0] in ("i'm", "now") and len(words) > 1 else "")
    )
    return acting.startswith(stem)


def _alternatives(offered: Sequence[Token]) -> frozenset[str]:
    """The head words of the alternatives a choice offers ('throughput or latency' -> both), lower-cased."""
    tops_ = [t for t in tops(offered) if t.dep_ != "cc"]
    heads = [m for t in tops_ for m in (t, *(c for c in t.subtree if c.dep_ == "conj"))]
    return frozenset(h.lower_ for h in heads if h.pos_ in ("NOUN", "PROPN", "ADJ", "VERB"))


def _wish_word(phrase: Sequence[Token]) -> Token:
    return next((t for t in phrase if t.lemma_.lower() in _WISH_LEMMAS), phrase[-1])


def _offered(phrase: Sequence[Token]) -> list[Token]:
    """What a choice question offers: the rest of its clause after the phrase, without the question
    mark, an introducing colon or 'to' ('Would you like to merge it or hold?' -> 'merge it or hold')."""
    last = phrase[-1]
    rest = [t for t in last.doc[last.i + 1 : last.sent.end]]
    end = next((k for k, t in enumerate(rest) if t.text in ("?", ".", "!", ";")), len(rest))
    rest = rest[:end]
    introducer = max((k for k, t in enumerate(rest) if t.text in (":", "—", "–", "--")), default=None)
    if introducer is not None and introducer + 1 < len(rest):
        rest = rest[introducer + 1 :]  # 'Which do you prefer for #1187 — squash-merge or rebase-merge?'
    while rest and (rest[0].is_punct or rest[0].lower_ in ("to", "me", "that", "of")):
        rest = rest[1:]
    # 'which of squash or rebase you want': the reader's own wish clause closes what is offered.
    wish = next((k for k, t in enumerate(rest) if t.lower_ == "you" and k > 0), len(rest))
    return [t for t in rest[:wish] if not t.is_space]


def _opens_options(phrase: Sequence[Token]) -> bool:
    """'Would you like to:' over a list of options — the colon asks as the question mark does."""
    last = phrase[-1]
    return any(t.text == ":" for t in last.doc[last.i + 1 : last.sent.end])


def _asks_wish(phrase: Sequence[Token], lexicon: Lexicon) -> bool:
    """Rule `embedded-wish`: 'let me know what/which/how/whether …' hands a choice back only when the
    embedded question asks the reader's wish ('what you'd like me to do', 'which approach you prefer'), or
    asks what to do ('which of the two crashes to take first': an infinitive question, rule
    `infinitive-choice`), not a fact ('which CI job failed on your fork')."""
    last = phrase[-1]
    rest = list(last.doc[last.i + 1 : last.sent.end])
    if _infinitive_choice(last, rest, lexicon):
        return True
    for k, token in enumerate(rest[:-1]):
        wish = next((t for t in rest[k + 1 : k + 3] if t.lemma_.lower() in WISH_VERBS), None)
        if token.lower_ == "you" and wish is not None:
            # 'what you want me to prioritise' is the offer `want me to`, reported by its own phrase
            return not (
                wish.lemma_.lower() == "want" and wish.i + 1 < len(wish.doc) and wish.doc[wish.i + 1].lower_ == "me"
            )
    return False


def _infinitive_choice(word: Token, rest: Sequence[Token], lexicon: Lexicon) -> bool:
    """Rule `infinitive-choice`: 'let me know which of the two crashes to take first', '… what to do next' —
    the embedded question is an infinitive of an act, the choice of what to do handed back; an infinitive of
    a fact verb ('what to expect') asks none.

        take -xcomp-> know, to -aux-> take, which -dobj-> know
    """
    know = word.head
    for token in rest:
        if token.lower_ != "to" or token.dep_ != "aux":
            continue
        act = token.head
        if act.pos_ == "VERB" and act.head.i == know.i and act.lemma_.lower() not in lexicon.fact_verbs:
            return True
    return False


def _done_to(offered: Sequence[Token], lexicon: Lexicon) -> Token | None:
    """Rule `participle-complement`: 'Do you want merge stamps recorded in the audit line?', 'Do you want
    the logs attached?' — a participle after the object (as its modifier or in a small clause) names what
    is to be done with it; unless it is a domain act, that is agent work."""
    inside = {t.i for t in offered}
    for token in offered:
        nominal = token.head.i in inside and token.head.pos_ in ("NOUN", "PROPN") and token.head.i < token.i
        # 'want the logs attached' as a small clause: logs -nsubj-> attached
        nominal = nominal or any(c.dep_ in SUBJECT_DEPS and c.i in inside and c.i < token.i for c in token.children)
        if (
            token.tag_ == "VBN"
            and nominal
            and not lexicon.domain_of(token.lemma_)
            and not lexicon.domain_of(token.lower_)
        ):
            return token
    return None


def _is_question(phrase: Sequence[Token]) -> bool:
    """The clause of the phrase ends with a question mark (the first end punctuation after it)."""
    last = phrase[-1]
    for token in last.doc[last.i + 1 : last.sent.end]:
        if token.text in ("?", "?!", "??"):
            return True
        if token.text in (".", "!", ";"):
            return False
    return False


def _opens_question(phrase: Sequence[Token]) -> bool:
    """'OK to start?' / 'Is it OK to …?': the phrase opens its question (at most a copula and 'it' before)."""
    before = [t for t in phrase[0].doc[phrase[0].sent.start : phrase[0].i] if not t.is_punct]
    return all(t.lower_ in ("is", "it", "would", "will", "be", "so", "and", "also") for t in before)


def _asked_verb(phrase: Sequence[Token]) -> Token | None:
    """The action a permission question asks leave for: the verb the modal serves ('Should I proceed?'),
    or the verb after 'to' ('OK to start?')."""
    first = phrase[0]
    if first.lower_ in ("ok", "okay"):
        after = first.doc[phrase[-1].i + 1] if phrase[-1].i + 1 < len(first.doc) else None
        return after if after is not None and after.pos_ in ("VERB", "AUX") else None
    head = first.head
    if head.i != first.i and head.pos_ in ("VERB", "AUX"):
        return head
    return next((t for t in first.doc[phrase[-1].i + 1 : first.sent.end] if t.pos_ in ("VERB", "AUX")), None)


def _after_lead_in(verb: Token, lexicon: Lexicon) -> Token:
    """Rule `lead-in`: 'Should I go ahead and merge #812?' asks leave for the act coordinated after a lead-in
    ('go ahead', 'proceed'): the verb of that act, else the verb itself.

        go -ROOT, ahead -advmod-> go, merge -conj-> go     the act is 'merge #812'
    """
    particles = [c for c in verb.children if c.dep_ in ("advmod", "prt") and c.i > verb.i]
    written = " ".join([verb.lower_, *(p.lower_ for p in particles)])
    if written not in lexicon.lead_ins and verb.lemma_.lower() not in lexicon.lead_ins:
        return verb
    joined = [c for c in verb.children if c.dep_ == "conj" and c.pos_ in ("VERB", "AUX")]
    joined_by_and = [c for c in joined if any(t.lower_ == "and" for t in verb.doc[verb.i + 1 : c.i])]
    return joined_by_and[0] if joined_by_and else verb


def _asked_act(verb: Token, phrase: Sequence[Token]) -> list[Token]:
    """The act a permission question asks leave for: the asked verb's own words up to the question mark,
    without the phrase, its subject or auxiliaries ('Shall I merge it now?' -> 'merge it now')."""
    inside = {t.i for t in phrase}
    end = next((t.i for t in verb.doc[verb.i : verb.sent.end] if t.text in ("?", ".", "!", ";")), verb.sent.end)
    # 'Shall I merge #418 now that both reviews are in?': a subordinate clause about something other than the
    # agent says when or why, not what is asked.
    circumstances = {
        t.i for c in verb.children if _circumstance(c, verb) for t in c.subtree
    }
    kept = [
        t
        for t in verb.subtree
        if t.i not in inside
        and t.i < end
        and t.i not in circumstances
        and not t.is_punct
        and not (t.head.i == verb.i and t.dep_ in (*SUBJECT_DEPS, "aux", "auxpass"))
    ]
    return kept or [verb]


def _circumstance(clause: Token, verb: Token) -> bool:
    """A clause after the asked verb, opened by a subordinator ('now that', 'once', 'since'), whose subject is
    not the agent."""
    if clause.dep_ not in ("advcl", "ccomp") or clause.i < verb.i:
        return False
    subject = subject_of(clause)
    return any(c.dep_ == "mark" for c in clause.children) and not (
        subject is not None and subject.lower_ in AGENT_SUBJECTS
    )


def _contact_relative(want: Token) -> bool:
    """Rule `contact-relative`: 'the file you want me to rename' — a relative clause without 'that': the
    reader's wish follows a noun directly and its infinitive lacks the object the noun supplies."""
    subject = subject_of(want)
    if subject is None or subject.lower_ != "you" or subject.i != want.i - 1 or subject.i == 0:
        return False
    noun = want.doc[subject.i - 1]
    if noun.pos_ not in ("NOUN", "PROPN") or noun.tag_ in ("WP", "WDT"):
        return False
    action = next((c for c in want.children if c.dep_ in ("xcomp", "ccomp") and c.i > want.i), None)
    return action is not None and not any(c.dep_ in ("dobj", "attr") for c in action.children)


def _reported(want: Token) -> bool:
    """'as you said, you want me to …' / 'you said you want me to …': a reporting verb with the reader
    as its subject governs the wish or is attached to it."""
    related = [*want.ancestors, *(c for c in want.children if c.dep_ in ("advcl", "parataxis"))]
    for verb in related:
        subject = subject_of(verb)
        if (
            verb.lemma_.lower() in SPEECH_VERBS
            and subject is not None
            and subject.lower_ in ("you", "he", "she", "they")
        ):
            return True
    return False


def _asks(want: Token) -> bool:
    """The wish is asked about: its sentence ends with a question mark."""
    for token in want.doc[want.i + 1 : want.sent.end]:
        if token.text in ("?",):
            return True
        if token.text in (".", "!", ";"):
            return False
    return False


def _agent_subject(verb: Token) -> bool:
    """The verb, or the verb it serves as an auxiliary complement of, has the agent as its subject."""
    for node in (verb, *(c for c in verb.children if c.dep_ in ("xcomp", "conj"))):
        subject = next((c for c in node.children if c.dep_ in SUBJECT_DEPS), None)
        if subject is not None and subject.lower_ in AGENT_SUBJECTS:
            return True
    return verb.lower_ in ("happy", "glad") or (verb.pos_ == "ADJ" and subject_of(verb) is None)


def _across_semicolon(a: Token, b: Token) -> bool:
    low, high = sorted((a.i, b.i))
    return any(t.text == ";" for t in a.doc[low:high])


def _head(token: Token) -> int | None:
    return token.head.i if token.head.i != token.i else None


def _written(phrase: Sequence[Token]) -> str:
    """The phrase as its sentence writes it ('when you'd like', not 'when you 'd like')."""
    return phrase[0].doc[phrase[0].i : phrase[-1].i + 1].text


def _text(phrase: Sequence[Token]) -> str:
    return " ".join(t.text for t in phrase)
