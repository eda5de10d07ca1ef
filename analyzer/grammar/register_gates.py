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
from analyzer.grammar.registry import grammar, rule
from analyzer.grammar.work import work_of, work_of_stretch
from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import FIRST_PERSON, SUBJECT_DEPS, WISH_COMPLEMENT_DEPS, bounds, subject_of, tops

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


@dataclass(frozen=True)
class Context:
    """What a gate may read beyond the parsed sentence: the sentence that follows the phrase's question
    in the same message (an answer makes the question no register), as plain lower-cased text."""

    following: str = ""


def register_judgement(gate: str, phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Judge a register family's phrase by the register gate its lexicon entry names; None: not the register."""
    judged = grammar().functions[gate](phrase, lexicon, context)
    return None if judged is None else replace(judged, path=(gate, *judged.path))


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
    if phrase[-1].lower_ in EMBEDDED_QUESTION_WORDS and not _asks_wish(phrase):
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


def _asks_wish(phrase: Sequence[Token]) -> bool:
    """Rule `embedded-wish`: 'let me know what/which/how/whether …' hands a choice back only when the
    embedded question asks the reader's wish ('what you'd like me to do', 'which approach you prefer')."""
    last = phrase[-1]
    rest = list(last.doc[last.i + 1 : last.sent.end])
    for k, token in enumerate(rest[:-1]):
        wish = next((t for t in rest[k + 1 : k + 3] if t.lemma_.lower() in WISH_VERBS), None)
        if token.lower_ == "you" and wish is not None:
            # 'what you want me to prioritise' is the offer `want me to`, reported by its own phrase
            return not (
                wish.lemma_.lower() == "want" and wish.i + 1 < len(wish.doc) and wish.doc[wish.i + 1].lower_ == "me"
            )
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


def _text(phrase: Sequence[Token]) -> str:
    return " ".join(t.text for t in phrase)


def lexical_register(
    gate: str, text: str, start: int, end: int, lexicon: Lexicon, context: Context
) -> Judgement | None:
    """The register gates read from the words alone, for when no parse is available (SPEC §5.6): a
    question gate needs its question mark and no answer; everything else fires as found."""
    sentence_end = _LEXICAL_END.search(text, end)
    question = sentence_end is not None and sentence_end.group() == "?"
    if (
        gate in ("choice-question", "permission-question")
        and not question
        and not text[start:end].lower().startswith("let")
    ):
        return None
    if gate in ("choice-question", "permission-question") and answered(context, "", lexicon):
        return None
    word = "fires"
    return gated("fire", gate, f"{word} ({gate}, lexical fallback, no parse): '{text[start:end]}' was found")


_LEXICAL_END = re.compile(r"[.!?;](?=\s|$)|\n")

