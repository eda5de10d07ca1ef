"""Standing by as a request to be contacted (docs/DESIGN.md#construction-classes, issue 28): the closer that asks the
reader to reach the agent on any next need — 'Ping me if you need anything else.', 'Give me a shout when you want to
continue.', 'Holler if you want changes.', 'I'm around if questions come up.' — a [[closing-question]] row walked over
the closing sites analyzer.text.questions found (a contact request or the agent's availability, then a condition).

The agent stops and waits for the reader to come back: on an autonomous turn nobody will. Only an open need waits:
a wish that names a thing or an act of the reader's own ('ping me if you want its output in JSON', 'when you want
to tag the release'), a thing's event ('ping me when the deploy finishes') and a request after which the agent's
own work goes on ('…; I'll keep the lane moving') hand nothing back: no finding.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from analyzer.grammar.closing_handovers import _instruction, turn_words
from analyzer.grammar.closing_offers import _available
from analyzer.grammar.closing_offers import words as offer_words
from analyzer.grammar.closing_questions import AGENT_SUBJECTS, Asked, _as_asked, _judged
from analyzer.grammar.closing_reports import hands_a_check
from analyzer.grammar.judgement import Judgement, carved, gated
from analyzer.grammar.persons_side import environment_word
from analyzer.grammar.register.standing_by import wanted_human_only_act
from analyzer.grammar.registry import rule
from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import subject_of
from analyzer.terms import terms
from analyzer.text.questions import CONTACT, LIST

if TYPE_CHECKING:
    from spacy.tokens import Token


# What the reader may come back with (_open_need).
OPEN, NAMED, EVENT, OTHER = "open", "named", "event", "other"


@dataclass(frozen=True)
class ContactWords:
    """The term sets of the contact closer (analyzer/terms.toml [contact-closer])."""

    verbs: frozenset[str]
    nouns: frozenset[str]
    particles: frozenset[str]
    alone: frozenset[str]
    marks: frozenset[str]
    wishes: frozenset[str]
    troubles: frozenset[str]
    continuations: frozenset[str]
    indefinite: frozenset[str]
    placing: frozenset[str]
    deciding: frozenset[str]
    handing: frozenset[str]
    pointing_back: frozenset[str]
    completions: frozenset[str]
    needing: frozenset[str]


@cache
def contact_words() -> ContactWords:
    return ContactWords(**{f: terms("contact-closer", f) for f in ContactWords.__annotations__})


@rule("contact-closer")
def contact_closer(asked: Asked) -> Judgement | None:
    """The condition is found first (a clause marked 'if', 'when', 'should' … whose subject is the reader with an
    open wish or trouble, or an indefinite event); then what it hangs on: a request to reach the agent or the
    agent's availability."""
    if asked.site.kind == LIST:
        return None
    w = contact_words()
    thing_event = None
    for condition in asked.tokens:
        if not _marked(condition, w):
            continue
        if condition.dep_ == "advcl":
            governor = condition.head
        elif condition.dep_ == "ROOT" and _stated_before(condition):
            # issue 28 phase 6: 'Here whenever you need me.' — the agent's availability, verbless, read as the time's
            # adverb: the availability word is what the time hangs on
            governor = _stated_before(condition)
        elif condition.dep_ == "ROOT" and _reach_joined(condition, w) is not None:
            # r33b: 'If something else turns up in the logs, ping me.' — the model made the condition the root and the
            # request its conjunct: the request is what the condition governs
            governor = _reach_joined(condition, w)
        else:
            continue
        reached = _reach(governor, w)
        if reached is None and (not _available(governor, offer_words()) or _carries_act(governor)):
            continue  # 'I'm ready to merge when you like': readiness for an act, the ready-when-you-like gate's
        need = _open_need(condition, w, asked.lexicon)
        if need == EVENT and _handed_work_done(condition, w):
            # r39j: '… run `…` to backfill it — ping me when that's done': the report back on the work handed before it
            handed = _handed_before(asked, condition)
            if handed is None:
                continue
            place = environment_word(handed.subtree)
            if place is not None:
                return carved("contact-closer", f"the work handed over ('{handed.text} …') is done in the person's "
                              f"own environment ('{place}')")  # fmt: skip
            why = (f"asks the reader to '{_reach(governor, w) or governor.text}' once the work handed before it "
                   f"('{handed.text} …') is done: it waits for the reader to report back")
            return _judged(asked, "contact-closer", why, [handed])
        if need == EVENT:
            thing_event = condition  # 'ping me when the deploy finishes'
            continue
        how = f"asks the reader to '{reached}'" if reached else f"states the agent is '{_availability(governor)}'"
        decided = _decided(condition, w) if need == OTHER else None
        if decided is not None and _goes_on(asked, condition) is None:
            # issue 28 phase 6: 'ping me when you've decided on the naming' — the agent waits on the reader's decision
            why = f"{how} once the reader decides ('{condition.text} …'): it waits on the reader's word"
            return _judged(asked, "contact-closer", why, decided)
        if need == OTHER:
            continue
        work = _agent_work(condition, w) if need == NAMED else []
        if work and _goes_on(asked, condition) is None:
            # issue 28 phase 6: 'ping me when you want the next batch converted' — the wish is for the agent's work
            why = f"{how} when the reader wants the agent's next work ('{condition.text} …'): it waits for the reader"
            return _judged(asked, "contact-closer", why, work)
        if need == NAMED:
            return carved("contact-closer", f"what the reader may want ('{condition.text} …') is a thing or an act of "
                          "its own, not the agent's next request")  # fmt: skip
        going_on = _goes_on(asked, condition)
        if going_on is not None:
            return carved("contact-closer", f"the agent's own work goes on ('{going_on.text} {going_on.head.text}')")
        wanted = wanted_human_only_act(condition, asked.lexicon)
        if wanted:
            # 'Tell me when you'd like the schema change applied to production.': the timing of a human-only act
            why = f"asks when the reader wants an act done ('{condition.text} …')"
            return _judged(asked, "contact-closer", why, wanted)
        why = f"{how} on the reader's next need ('{condition.text} …'): it waits for the reader to come back"
        return gated("fire", "contact-closer", f"fires (contact-closer): '{_as_asked(asked)}' {why}", governor.i)
    if thing_event is not None:
        if hands_a_check(asked):
            return None  # r31a: 'If there are new warnings, paste them here and I'll fix them.': report-before-act's
        return carved("contact-closer", f"the time '{thing_event.text} …' names an event, not the reader's next need")
    return _available_for(asked, w) or _willing_then_reach(asked, w)


def _available_for(asked: Asked, w: ContactWords) -> Judgement | None:
    """r39g (docs/DESIGN.md#construction-classes): the agent's availability for an open need with no condition ('I'll
    be around for any follow-up questions', 'here for anything else'): 'for' on the availability, its object an
    indefinite word — the same wait for the reader to come back as 'I'm around if questions come up'."""
    if asked.site.kind != CONTACT:
        return None  # 'Standing by for anything else' is found as a wait: the wait-on-person row's
    for prep in asked.tokens:
        if prep.dep_ != "prep" or prep.lower_ not in w.needing or prep.head.i == prep.i:
            continue
        governor = prep.head
        holder = governor.head if governor.dep_ in ("acomp", "advmod", "attr") else governor
        subject = subject_of(governor) or subject_of(holder)
        need = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if need is None or not {need.lower_, need.lemma_.lower()} & w.indefinite:
            continue
        if subject is not None and subject.lower_ not in AGENT_SUBJECTS:
            # 'The help desk is available for any questions about invoices': someone else's availability
            return carved("contact-closer", f"'{subject.text}' is available for the need, not the agent")
        if not _available(governor, offer_words()) or _carries_act(governor):
            continue
        if any(c.dep_ == "npadvmod" for c in (*governor.children, *holder.children)):
            continue  # 'I'll be available for questions tomorrow': availability at a later time, no standing by now
        why = (f"states the agent is '{_availability(governor)}' for an open need ('{prep.text} {need.text}'): it "
               "waits for the reader to come back")
        return gated("fire", "contact-closer", f"fires (contact-closer): '{_as_asked(asked)}' {why}", governor.i)
    return None


def _handed_work_done(condition: Token, w: ContactWords) -> bool:
    """r39j: the time is the completion of the work just handed over — its subject a pronoun pointing back, its verb or
    the adjective after its copula one of completion ('when that's done', 'once it's finished', 'when this is
    complete'): the reader reports back on the handed work, which is no event of a thing."""
    subject = subject_of(condition)
    if subject is None or subject.lower_ not in w.pointing_back:
        return False
    completed = [condition, *(c for c in condition.children if c.dep_ in ("acomp", "prt", "advmod"))]
    return any(t.lower_ in w.completions for t in completed)


def _handed_before(asked: Asked, condition: Token) -> Token | None:
    """r39j: the act handed to the reader before the request, in the same sentence — an imperative or the reader under
    a modal or a verb of need opening it (turn-taking's reading of an instruction) — or None."""
    tokens = [t for t in asked.tokens if t.i < condition.i and (not t.is_punct or t.text in (";", ","))]
    return _instruction(tokens, turn_words())


def _reach_joined(condition: Token, w: ContactWords) -> Token | None:
    """r33b: the request to reach the agent the model joined to a condition read as the root ('If something else turns
    up in the logs, ping me': ping -conj-> turns), or hung on it as its clause, after it."""
    joined = ("conj", "advcl")  # 'Should anything else crop up in the tests, ping me.': ping -advcl-> crop
    return next((c for c in condition.children if c.dep_ in joined and c.i > condition.i and _reach(c, w)), None)


def _willing_then_reach(asked: Asked, w: ContactWords) -> Judgement | None:
    """r33b (docs/DESIGN.md#construction-classes): the agent's willingness to do more of the work, then a bare request
    to reach it with no condition ('Glad to rework any of the copy — just shout.', 'Happy to tweak the wording
    further, give me a shout.'): the offered work waits for the reader to come back. The willingness is the agent's
    (no subject or a first-person one) and carries an act; the act is judged (a human-only one is exempt)."""
    willing = offer_words().willing
    for reach in asked.tokens:
        reached = _reach(reach, w) if reach.pos_ in ("VERB", "ADJ", "NOUN") else None
        if reached is None:
            continue
        for word in (t for t in asked.tokens if t.i < reach.i and t.lower_ in willing and t.pos_ == "ADJ"):
            act = next((c for c in word.children if c.dep_ == "xcomp" and c.pos_ == "VERB"), None)
            holder = word.head if word.dep_ == "acomp" else word
            subject = subject_of(holder)
            if act is None or (subject is not None and subject.lower_ not in AGENT_SUBJECTS):
                continue
            why = (f"offers more of the agent's work ('{word.text} to {act.text} …') and asks the reader to "
                   f"'{reached}': the offered work waits for the reader to come back")
            return _judged(asked, "contact-closer", why, [act])
    return None


def _marked(condition: Token, w: ContactWords) -> bool:
    """The mark opens the clause: on its verb, or on the verb the wish governs ('when you want to continue':
    when -advmod-> continue)."""
    opening = [t for t in condition.subtree if t.i < condition.i]
    return any(t.dep_ in ("mark", "advmod", "aux", "pobj") and t.lower_ in w.marks for t in opening)  # "in case"


def _open_need(condition: Token, w: ContactWords, lexicon: Lexicon) -> str:
    """Whether the reader may come back with any next need: OPEN for an open need ('if you need anything', 'if
    anything breaks', 'if you have questions', 'if you want changes', 'when you want to continue'); NAMED for a wish
    that names a thing or an act of its own ('if you want its output in JSON', 'when you want a status': the reader
    fetches a thing, 'when you want to tag the release'); EVENT for an event of a thing ('when the deploy
    finishes'); OTHER for another act of the reader's ('when you give the word': another row's construction)."""
    subject = subject_of(condition)
    lemma = condition.lemma_.lower()
    if _open_existential(condition, w):
        return OPEN  # r29c: 'if there's anything else on your plate'
    if subject is None:
        return OTHER
    if subject.lower_ in w.indefinite or subject.lemma_.lower() in w.indefinite:
        return OPEN  # 'if anything breaks', 'if questions come up'
    if subject.lower_ != "you":
        return OTHER if subject.lower_ in AGENT_SUBJECTS else EVENT
    objects = [c for c in condition.children if c.dep_ == "dobj"]
    acts = [c for c in condition.children if c.dep_ in ("xcomp", "ccomp")]
    # issue 28 phase 6: 'whenever you need me' — the reader's need of the agent itself is open
    # r40d: and the agent's help as what the reader needs ('whenever you need a hand with the codebase'; terms
    # [open-offer] needed)
    open_words = w.indefinite | lexicon.closer_words | {"me", "us"} | offer_words().help_needed
    if lemma in w.wishes:
        if acts:
            return OPEN if all(a.lemma_.lower() in w.continuations for a in acts) else NAMED
        return OPEN if all(o.lower_ in open_words or o.lemma_.lower() in open_words for o in objects) else NAMED
    if lemma in w.troubles:
        into = [p for c in condition.children if c.dep_ in ("prep", "prt") for p in (c, *c.children)]
        troubled = any(t.lower_ in open_words or t.lemma_.lower() in open_words for t in (*objects, *into))
        return OPEN if troubled else NAMED
    return OTHER


def _open_existential(condition: Token, w: ContactWords) -> bool:
    """r29c: 'if there's anything else (on your plate)', 'if there are any questions': being with the expletive
    'there' whose attribute is an indefinite word — any next need."""
    expletive = any(c.dep_ == "expl" and c.lower_ == "there" for c in condition.children)
    return expletive and any(
        c.dep_ in ("attr", "nsubj") and (c.lower_ in w.indefinite or c.lemma_.lower() in w.indefinite)
        for c in condition.children
    )


def _stated_before(condition: Token) -> Token | None:
    """The availability word the model hung on the time's verb, before it ('Here whenever …', 'Around if …')."""
    words = offer_words().availability
    return next((c for c in condition.children if c.dep_ == "advmod" and c.i < condition.i and c.lower_ in words), None)


def _agent_work(condition: Token, w: ContactWords) -> list[Token]:
    """Issue 28 phase 6: a wish whose object is the agent's next work — a thing wanted done ('when you want the next
    batch converted': the participle's subject is the thing, the agent the one who does it), the agent wanted to act
    ('when you want me to pick up phase 3'), or a piece of work placed next ('when you want the next step'). The
    thing or act is what the reader would come back for; empty when the wish names the reader's own act or a thing."""
    if condition.lemma_.lower() not in w.wishes:
        return []
    work = []
    for child in condition.children:
        if child.dep_ in ("ccomp", "xcomp") and _done_to_a_thing(child):
            work.append(child)  # 'want the docs updated'
        elif child.dep_ in ("ccomp", "xcomp") and any(
            c.dep_ == "nsubj" and c.lower_ in AGENT_SUBJECTS | {"me", "us"} for c in child.children
        ):
            work.append(child)  # 'want me to pick up phase 3'
        elif child.dep_ == "dobj" and any(c.dep_ == "amod" and c.lower_ in w.placing for c in child.children):
            work.append(child)  # 'want the next step'
        elif child.dep_ == "dobj" and any(c.dep_ == "advmod" and c.lower_ in offer_words().more_work
                                          for c in (*child.children, *condition.children)):  # fmt: skip
            work.append(child)  # r39d: 'if you want the migration too': more of the agent's work
    return work


def _decided(condition: Token, w: ContactWords) -> list[Token] | None:
    """Issue 28 phase 6: the reader's decision as the time of the contact ('when you've decided on the naming', 'once
    you pick a layout', 'once you've made up your mind about the layout'): what is decided — the verb's object, its
    'on', 'about' or 'between', a clause of which or whether — is judged; None when the verb decides nothing."""
    subject = subject_of(condition)
    if subject is None or subject.lower_ != "you":
        return None
    lemma = condition.lemma_.lower()
    minded = lemma == "make" and any(c.dep_ == "dobj" and c.lower_ == "mind" for c in condition.children)
    if lemma not in w.deciding and not minded:
        return None
    decided = [c for c in condition.children if c.dep_ in ("dobj", "ccomp", "xcomp") and c.lower_ != "mind"]
    decided += [c for c in condition.children if c.dep_ == "prep" and c.lower_ in ("on", "about", "between")]
    return decided


def _done_to_a_thing(verb: Token) -> bool:
    """'the docs updated', 'the rest of the handlers ported': a participle whose subject is the thing acted on (the
    model tags some such participles as a past: ported -VBD-> with its own noun subject and no auxiliary)."""
    if verb.tag_ == "VBN":
        return True
    subject = subject_of(verb)
    plain = not any(c.dep_ == "aux" for c in verb.children)
    return verb.tag_ == "VBD" and plain and subject is not None and subject.pos_ in ("NOUN", "PROPN")


def _goes_on(asked: Asked, condition: Token) -> Token | None:
    """'Ping me whenever you need anything; I'll keep the lane moving': the agent's own work goes on after the
    request, so it stands by for nothing."""
    after = max(t.i for t in condition.head.subtree)
    later = [t for t in asked.tokens if t.i > after or (t.i > condition.i and t.head.i != t.i and t.dep_ == "conj")]
    return next((t for t in later if t.lower_ in AGENT_SUBJECTS and t.dep_ in ("nsubj", "nsubjpass")), None)


def _reach(governor: Token, w: ContactWords) -> str | None:
    """A request to reach the agent: an imperative (no subject, or the reader with a modal: 'you can ping me') of a
    verb of reaching with the agent as its object, a particle or a noun of contact ('give me a shout')."""
    subject = subject_of(governor)
    if subject is not None and subject.lower_ != "you":
        return None
    form = governor.lower_ if governor.lower_ in w.alone else governor.lemma_.lower()
    if form not in w.verbs | w.alone | w.handing:
        return None
    children = list(governor.children)
    agent = any(c.dep_ in ("dobj", "dative", "iobj") and c.lower_ in AGENT_SUBJECTS for c in children)
    particle = any(c.dep_ == "prt" and c.lower_ in w.particles for c in children)
    noun = any(
        (c.dep_ == "dobj" and c.lemma_.lower() in w.nouns)
        or (c.dep_ == "prep" and any(p.lower_ in w.nouns for p in c.children))
        for c in children
    )
    needs_more = form in ("give", "get", "send", "drop", "hit", "call", "tag", "flag", "text")
    alone = form in w.alone and not any(c.dep_ == "dobj" for c in children)
    # r29c: 'send it my way', 'throw it at me': the work handed to the agent by its direction
    toward = any(
        (c.dep_ == "npadvmod" and c.lower_ == "way" and any(p.lower_ in ("my", "our") for p in c.children))
        or (c.dep_ == "prep" and c.lower_ in ("at", "to") and any(p.lower_ in AGENT_SUBJECTS for p in c.children))
        for c in children
    )
    if form in w.handing and not toward:
        return None
    if not ((agent and not needs_more) or particle or noun or alone or toward):
        return None
    condition = min((c.i for c in children if c.dep_ == "advcl" and c.i > governor.i), default=len(governor.doc))
    kinds = ("dobj", "dative", "iobj", "prt", "prep", "npadvmod")
    reach = [c for c in children if c.dep_ in kinds and governor.i < c.i < condition]
    end = max((c.right_edge.i for c in reach), default=governor.i)
    return governor.doc[governor.i : end + 1].text


def _carries_act(governor: Token) -> bool:
    """The availability carries an act of its own ('ready to merge'): readiness, not standing by on any need."""
    return any(c.dep_ == "xcomp" for t in (governor, *governor.children) for c in t.children)


def _availability(governor: Token) -> str:
    words = offer_words().availability
    found = next((c for c in governor.children if c.lower_ in words), governor)
    return found.text
