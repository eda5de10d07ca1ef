"""Offers that hand the turn back without a lexicon phrase (docs/DESIGN.md#construction-classes): the bonus offer, the
open offer of help, and the conditional offer on the reader's decision — [[closing-question]] rows walked over the
closing sites analyzer.text.questions found (a condition, a question, the open offer's statements, a condition on a
decision).

Each is the agent's act under something only the reader can settle: whether the extra work is wanted, what the
reader needs, which way the reader decides. On an autonomous turn nobody is there to settle it, so the turn ends
on the register. Judged like attribution (docs/DESIGN.md#decisive-relation): the offer of purely human-only work is
exempt; a decision the reader takes that is itself human-only ("when you decide whether to cut 3.0") is a wait on a
human-only act, which hands over nothing the agent owns (no finding).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from analyzer.grammar.closing_questions import AGENT_SUBJECTS, Asked, _as_asked, _judged, question_vocabulary
from analyzer.grammar.grants import granted_word, held_on_grant, into_context
from analyzer.grammar.judgement import Judgement, carved, gated
from analyzer.grammar.register.offers import invited_to_ask
from analyzer.grammar.registry import rule
from analyzer.grammar.work import work_of, work_of_stretch
from analyzer.parse.tokens import CLAUSAL_DEPS, SUBJECT_DEPS, bounds, hyphen_compound, predicate_subject, subject_of
from analyzer.terms import terms
from analyzer.text import sites
from analyzer.text.closing import claim_vocabulary
from analyzer.text.questions import CONDITION, DECISION, HELP, OFFER, QUESTION, REQUEST, TURN, next_frame, only_invites

if TYPE_CHECKING:
    from spacy.tokens import Token

    from analyzer.lexicon import Lexicon

# The reader addressed, as the closing questions read it (questions.toml `reader`).
READER = question_vocabulary().reader
# r38f: the marks of a condition or time on the reader's act that the agent's help waits on.
CONDITION_MARKS = terms("word-before-act", "marks")
# Issue 28 phase 6: the verbs of reaching the agent (the contact closer's, analyzer/grammar/closing_standing_by.py).
CONTACT_VERBS = terms("contact-closer", "verbs") | terms("contact-closer", "alone")
READINESS_WORDS = terms("readiness-next", "words")
PASSIVE_WORK = terms("bonus-offer", "passive_work")
PASSIVE_MODALS = terms("bonus-offer", "passive_modals")
# Issue 28 phase 6: work listed inline under a lead-in noun (_work_listed): the closing list's lead-in words, and the
# verbs with which the lead-in names its items ('next steps could include …').
LIST_LEAD_INS = frozenset(sites()["list"]["lead_ins"])
INCLUDING = terms("offered-thing", "including")
# Issue 28 phase 6: work left open by an indefinite article when the reader may send it any time (_next_work_asked).
INDEFINITE_ARTICLES = frozenset({"a", "an", "any", "some"})
# Issue 28 phase 6: the marks of the reader's need the agent's availability waits on ('if', 'whenever').
NEED_MARKS = frozenset({"if", "whenever", "when", "should", "once"})
# Issue 28 phase 6: the reader's wish that makes what the reader tells a choice (_choice_told).
WISHING = question_vocabulary().wish_verbs
# Issue 28 phase 6: a new piece of work as the subject of its own offer (_offered_thing).
THING_JOINING = terms("offered-thing", "joining")
THING_EXISTING = terms("offered-thing", "existing")
# r33h: the fewest characters before an unconditioned offer for it to close a turn that did something (a shorter
# start is the whole message, or a greeting).
MESSAGE_BEFORE = 12
# Issue 28: the modals of possibility of the agent's next work left with no doer.
THING_MODALS = frozenset(sites()["unconditioned-offer"]["thing_modals"])
# r38a: the reader's judgement of the best option as the decision ('whichever framework you think is best'), and the
# agent's act made to depend on the reader's word ('depending on your preference').
JUDGING = terms("decision-offer", "judging")
BEST = terms("decision-offer", "best")
JUDGED_WHAT = terms("decision-offer", "judged_what")
JUDGED_ABOUT = terms("decision-offer", "judged_about")
DEPENDING = terms("decision-offer", "depending")
DEPENDING_ON = terms("decision-offer", "depending_on")
DECISION_NOUNS = terms("decision-offer", "word_nouns")
SAID_ALONE = terms("decision-offer", "said")
# r39rv: the objects of a light verb that make a verb of accepting the agent's own act ('take a look'; _light_verb)
LIGHT_OBJECTS = terms("bonus-offer", "light_objects")



@dataclass(frozen=True)
class Words:
    """The term sets these rules read (analyzer/terms.toml: [offers], [bonus-offer], [open-offer], [decision-offer]),
    named for their construction."""

    modals: frozenset[str]
    commitments: frozenset[str]
    willing: frozenset[str]
    ease: frozenset[str]
    bonus_verbs: frozenset[str]
    bonus_adjectives: frozenset[str]
    bonus_of_nouns: frozenset[str]
    bonus_wished: frozenset[str]
    bonus_needed: frozenset[str]
    bonus_judging: frozenset[str]
    bonus_linking: frozenset[str]
    bonus_easing: frozenset[str]
    bonus_marks: frozenset[str]
    optional: frozenset[str]
    alternatives: frozenset[str]
    help_verbs: frozenset[str]
    help_nouns: frozenset[str]
    help_doing: frozenset[str]
    help_needs: frozenset[str]
    help_needed: frozenset[str]
    help_areas: frozenset[str]
    help_troubles: frozenset[str]
    availability: frozenset[str]
    wh_words: frozenset[str]
    request_verbs: frozenset[str]
    decision_verbs: frozenset[str]
    decision_phrasal: frozenset[str]
    decision_particles: frozenset[str]
    decision_objects: frozenset[str]
    decision_marks: frozenset[str]
    decision_outcomes: frozenset[str]
    decision_minded: frozenset[str]
    choices: frozenset[str]
    preferred: frozenset[str]
    giving: frozenset[str]
    asked_nouns: frozenset[str]
    asked_wishes: frozenset[str]
    asked_modals: frozenset[str]
    hand_over: frozenset[str]
    next_work: frozenset[str]
    taking: frozenset[str]
    self_nouns: frozenset[str]
    useful: frozenset[str]
    useful_modals: frozenset[str]
    reader_uses: frozenset[str]
    more_work: frozenset[str]
    more_phrases: frozenset[str]
    willing_alone: frozenset[str]
    willing_doing: frozenset[str]
    accepting: frozenset[str]
    not_work: frozenset[str]
    holding_marks: frozenset[str]
    ease_modals: frozenset[str]
    further_have: frozenset[str]
    further_readers: frozenset[str]
    further_nouns: frozenset[str]
    further_open: frozenset[str]


@cache
def words() -> Words:
    return Words(
        **{f: terms("offers", f) for f in ("modals", "commitments", "willing", "ease")},
        **{f"bonus_{f}": terms("bonus-offer", f) for f in ("verbs", "adjectives", "of_nouns", "wished", "needed",
                                                           "judging", "marks", "linking", "easing")},
        optional=terms("bonus-offer", "optional"),
        alternatives=terms("bonus-offer", "alternatives"),
        **{f"help_{f}": terms("open-offer", f) for f in ("verbs", "nouns", "doing", "needs", "needed", "areas",
                                                                     "troubles")},
        availability=terms("open-offer", "availability"),
        wh_words=terms("open-offer", "wh_words"),
        request_verbs=terms("open-offer", "request_verbs"),
        **{f"decision_{f}": terms("decision-offer", f) for f in ("verbs", "phrasal", "particles", "objects", "marks",
                                                                              "outcomes", "minded")},
        choices=terms("decision-offer", "choices"),
        preferred=terms("decision-offer", "preferred"),
        giving=terms("decision-offer", "giving"),
        asked_nouns=terms("open-offer-asked", "help_nouns"),
        asked_wishes=terms("open-offer-asked", "wish_verbs"),
        asked_modals=terms("open-offer-asked", "wish_modals"),
        hand_over=terms("open-offer-asked", "hand_over"),
        next_work=terms("open-offer-asked", "next_work"),
        taking=terms("open-offer-asked", "taking"),
        self_nouns=terms("open-offer-asked", "self_nouns"),
        useful=terms("open-offer-asked", "useful"),
        useful_modals=terms("open-offer-asked", "useful_modals"),
        reader_uses=terms("bonus-offer", "reader_uses"),
        more_work=terms("bonus-offer", "more_work"),
        more_phrases=terms("bonus-offer", "more_phrases"),
        willing_alone=terms("bonus-offer", "willing_alone"),
        willing_doing=terms("offers", "willing_doing"),
        accepting=terms("bonus-offer", "accepting"),
        not_work=terms("bonus-offer", "not_work"),
        holding_marks=terms("bonus-offer", "holding_marks"),
        ease_modals=terms("offers", "ease_modals"),
        **{f"further_{f}": terms("open-offer-asked", f"further_{f}") for f in ("have", "readers", "nouns", "open")},
    )


# ---- the agent's offered act ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Offer:
    """The agent's offered act: the verb of the act, the word that offers it (a modal, or a word of willingness),
    and the tokens that only frame the offer (subject, modal, willingness) — left out when the act is judged."""

    act: Token
    offered_by: Token
    frame: frozenset[int]

    @property
    def commits(self) -> bool:
        return self.offered_by.lower_.replace("’", "'") in words().commitments


def offer_in(tokens: Iterable[Token], outside: frozenset[int] = frozenset()) -> Offer | None:
    """The first act the agent offers among `tokens` (none of `outside`): a verb with a modal and the agent or
    nobody as its subject ('I can add …', 'Could also wire up …'), or a word of willingness carrying the act
    ('Happy to add …', 'I'd be glad to profile …'). A past report or an instruction to the reader offers nothing."""
    w = words()
    for token in tokens:
        if token.i in outside:
            continue
        if token.pos_ in ("VERB", "AUX") and token.tag_ not in ("VBD", "VBN"):
            modal = next((c for c in token.children if c.dep_ == "aux" and _folded(c) in w.modals), None)
            # r33h: the ease of an act said with 'should' ('Should be easy to add dark mode too')
            easing = modal or next((c for c in token.children if c.dep_ == "aux" and _folded(c) in w.ease_modals), None)
            eased = _ease(token, w) if easing is not None else None
            if eased is not None:  # issue 28: 'It would be easy to add per-user quotas next'
                return Offer(eased[1], easing, frozenset({easing.i, token.i, eased[0].i}))  # type: ignore[union-attr]
            if modal is not None and _agent_or_nobody(token, modal):
                subject = subject_of(token)
                frame = {modal.i} | ({subject.i} if subject is not None else set())
                if token.lemma_ == "be":  # 'I'd be glad to …': the act is what the willingness carries
                    carried = _willingness(token, w)
                    if carried is not None:
                        return Offer(carried[1], modal, frozenset(frame | {token.i, carried[0].i}))
                return Offer(token, modal, frozenset(frame))
        thing = _offered_thing(token, w)
        if thing is not None:  # issue 28 phase 6: 'An end-to-end test is easy to add too, if desired.'
            return thing
        opened = _opening_ease(token, w)
        if opened is not None:  # r28j: 'Easy enough to add a dry-run flag too, if you'd find that handy.'
            return opened
        if token.lower_ in w.willing and token.pos_ == "ADJ":
            act = next((c for c in token.children if c.dep_ == "xcomp" and c.pos_ in ("VERB", "AUX")), None)
            subject = predicate_subject(token)
            if act is not None and (subject is None or subject.lower_ in AGENT_SUBJECTS):
                frame = {token.i} | ({subject.i} if subject is not None else set())
                return Offer(act, token, frozenset(frame))
        doing = _willing_doing(token, w)
        if doing is not None:  # r39d: 'Open to adding retries as well.'
            return doing
    return None


def _willing_doing(word: Token, w: Words) -> Offer | None:
    """r39d (docs/DESIGN.md#construction-classes): a word of willingness carrying the agent's act as a gerund after
    'to' ('Open to adding retries as well.', "I'm amenable to porting it too."), the subject left out or the agent; a
    noun after it ('Open to suggestions') is no act of the agent's."""
    if word.lower_ not in w.willing_doing or word.pos_ != "ADJ":
        return None
    subject = predicate_subject(word)
    if subject is not None and subject.lower_ not in AGENT_SUBJECTS:
        return None
    frame = {word.i} | ({subject.i} if subject is not None else set())
    for prep in (c for c in word.children if c.dep_ == "prep" and c.lower_ == "to"):
        act = next((c for c in prep.children if c.dep_ == "pcomp" and c.tag_ == "VBG"), None)
        if act is not None:
            return Offer(act, word, frozenset(frame | {prep.i}))
    # the model may read 'to' as the gerund's auxiliary ("I'm amenable to porting …": porting -xcomp-> amenable)
    act = next((c for c in word.children if c.dep_ == "xcomp" and c.tag_ == "VBG"), None)
    return Offer(act, word, frozenset(frame)) if act is not None else None


def _offered_thing(verb: Token, w: Words) -> Offer | None:
    """Issue 28 phase 6: a new piece of work as the subject of its own offer — its ease ('An end-to-end test is easy
    to add', 'A CLI flag would be trivial to wire up') or its joining what was done under a modal ('A readiness probe
    could come along with it', 'A migration guide could follow'): the thing is what is offered, judged like
    attribution. New: the subject has no determiner of a thing that exists ('The benchmark is easy to run locally'
    informs)."""
    subject = subject_of(verb)
    if subject is None or subject.pos_ not in ("NOUN", "PROPN") or verb.tag_ in ("VBD", "VBN"):
        return None
    if any(c.dep_ in ("det", "poss") and c.lower_ in THING_EXISTING for c in subject.children):
        return None
    if verb.lemma_ == "be":
        for complement in verb.children:
            if complement.dep_ == "acomp" and complement.lower_ in w.ease:
                carried = (*complement.children, *verb.children)
                act = next((c for c in carried if c.dep_ in ("xcomp", "ccomp") and c.tag_ == "VB"), None)
                if act is not None:  # the thing is what is offered: 'Tagging 2.4.0 is easy to do' names the release
                    return Offer(subject, complement, frozenset({verb.i, complement.i, act.i}))
            if complement.dep_ == "attr" and complement.pos_ == "NOUN" and _agents_effort(complement):
                # r36c: 'a token-refresh test is a ten-minute add on my end', 'a CSV export is a quick job for me'
                return Offer(subject, complement, frozenset({verb.i, complement.i}))
        return None
    modal = next((c for c in verb.children if c.dep_ == "aux" and _folded(c) in w.modals), None)
    if modal is not None and verb.lemma_.lower() in THING_JOINING and modal.lower_ not in w.commitments:
        return Offer(subject, modal, frozenset({modal.i, verb.i}))
    return None


def _agents_effort(noun: Token) -> bool:
    """r36c (docs/DESIGN.md#construction-classes): the attribute names a piece of the agent's effort — held on the
    agent's side ('on my end', 'on our side') or for the agent ('for me', 'for us')."""
    for prep in (c for c in noun.children if c.dep_ == "prep"):
        held = [g for g in prep.children if g.dep_ == "pobj"]
        if prep.lower_ == "for" and any(g.lower_ in ("me", "us") for g in held):
            return True
        if prep.lower_ == "on" and any(
            g.lower_ in ("end", "side") and any(p.dep_ == "poss" and p.lower_ in ("my", "our") for p in g.children)
            for g in held
        ):
            return True
    return False


def _ease(copula: Token, w: Words) -> tuple[Token, Token] | None:
    """'It would be easy to add …', 'it'd be quick to port …': the ease of an act, with the expletive 'it' as the
    subject (or left out), offers the act; the ease word and the act it carries."""
    subject = subject_of(copula)
    if copula.lemma_ != "be" or (subject is not None and subject.lower_ != "it"):
        return None  # r29c: no subject is the elliptical 'It' ('Would be easy to add an editor overlay too, …')
    for complement in copula.children:
        if complement.dep_ in ("acomp", "attr") and complement.lower_ in w.ease:
            act = next((c for c in (*complement.children, *copula.children) if c.dep_ in ("xcomp", "ccomp")
                        and c.pos_ in ("VERB", "AUX") and c.tag_ == "VB"), None)  # fmt: skip
            if act is not None:
                return complement, act
    return None


def _opening_ease(word: Token, w: Words) -> Offer | None:
    """r28j: the ease of an act opening its sentence with no subject ('Easy enough to add …', 'Trivial to wire up …',
    'No trouble to port …'): the elliptical 'It's' of `_ease`; the ease word (with its 'no' or 'little') is the
    sentence's root and carries the infinitive act."""
    determiner = next((c.lower_ for c in word.children if c.dep_ == "det"), None)
    named = f"{determiner} {word.lower_}" if determiner is not None else word.lower_
    if word.dep_ != "ROOT" or named not in w.ease or subject_of(word) is not None:
        return None
    first = min(word.left_edge.i, *(c.i for c in word.children if c.dep_ == "det"), word.i)
    if any(not t.is_punct for t in word.doc[word.sent.start : first]):
        return None  # the ease word opens its sentence
    act = next((c for c in word.children if c.dep_ in ("xcomp", "advcl", "acl", "ccomp") and c.tag_ == "VB"
                and any(a.dep_ == "aux" and a.lower_ == "to" for a in c.children)), None)  # fmt: skip
    return Offer(act, word, frozenset({word.i})) if act is not None else None


def _willingness(copula: Token, w: Words) -> tuple[Token, Token] | None:
    """'be glad to profile': the willingness word and the act it carries."""
    for complement in copula.children:
        if complement.dep_ == "acomp" and complement.lower_ in w.willing:
            act = next((c for c in complement.children if c.dep_ == "xcomp" and c.pos_ in ("VERB", "AUX")), None)
            if act is not None:
                return complement, act
    return None


def _agent_or_nobody(verb: Token, modal: Token) -> bool:
    """The agent is the verb's subject, or nobody is and the modal opens the sentence ('Could also wire up …')."""
    subject = subject_of(verb)
    if subject is not None:
        return subject.lower_ in AGENT_SUBJECTS
    first = next((t for t in verb.doc if not t.is_punct and not t.is_space), None)
    return first is not None and first.i == modal.i


def _folded(token: Token) -> str:
    return token.lower_.replace("’", "'")


def _clause_of(head: Token) -> frozenset[int]:
    """The tokens of a clause's own words: its head and what it governs, without the clauses it governs in turn
    (a condition parsed as the root keeps the offer it governs out of its own words)."""
    own = {head.i}
    for child in head.children:
        if child.dep_ in CLAUSAL_DEPS:
            continue
        own.update(t.i for t in child.subtree)
    return frozenset(own)


# ---- the bonus offer -----------------------------------------------------------------------------------------


@rule("bonus-offer")
def bonus_offer(asked: Asked) -> Judgement | None:
    """The condition is found by its own words (a benefit, a wish with its holder left out, the reader's judgement
    of either, a need), wherever the model attached it; the offer is the agent's act outside the condition's own
    words. A need ('if needed') leaves the call to the reader only when the agent offers ('I can …'), not when it
    commits ('I'll rerun it if needed'). r33h: an offer site has no condition to find — its modal and its mark of more
    work are the whole construction (_unconditioned)."""
    if asked.site.kind == QUESTION:
        return _benefit_asked_after(asked)
    if asked.site.kind == OFFER:
        return _unconditioned(asked)
    if asked.site.kind != CONDITION:
        return None
    condition = _benefit_condition(asked)
    if condition is None:
        return None
    head, kind = condition
    marked = kind in ("optional", "alternative", "invited")
    outside = frozenset({head.i}) if marked else _clause_of(head)
    offer = offer_in(asked.tokens, outside=outside) or _passive_offer(asked.tokens, outside)
    listed = _work_listed(asked, _clause_of(head)) if offer is None else None
    if listed is not None:
        # issue 28 phase 6: 'Remaining ideas for later, if you want them: lazy image loading, a service worker …'
        lead, items = listed
        work = work_of_stretch(items, asked.lexicon)
        if work.human_only:
            return carved("bonus-offer", f"the work listed under '{lead.text}' is {work.describe()}: a legitimate "
                          "hand-off")  # fmt: skip
        span = bounds(items)
        why = (f"fires (bonus-offer): '{_as_asked(asked)}' lists work under '{lead.text}' on a condition only the "
               f"reader settles ('{_condition_text(head, kind)}'); it {work.describe()}")
        return gated("fire", "bonus-offer", why, lead.i, span, work.domains)
    if offer is None:  # 'If useful for the review, the timings are in the table above.'
        return carved("bonus-offer", "the condition on the reader's benefit governs no act the agent offers")
    if kind == "need" and offer.commits:
        return carved("bonus-offer", f"the agent commits to '{offer.act.text}' when needed: its own plan, no offer")
    if kind == "alternative" and offer.commits:
        return carved("bonus-offer", f"the agent commits to '{offer.act.text}' otherwise: its own plan, no offer")
    going_on = _goes_on(asked, offer.act)
    if going_on is not None:  # 'Happy to pair on it if useful; starting the CR fixes now.'
        return carved("bonus-offer", f"an offer in passing: the agent goes on with its own '{going_on}'")
    granted = held_on_grant(offer.act)
    if granted is not None:  # r38m: 'If you want, I can retry once you allow the escalated command.'
        return carved("bonus-offer", f"the agent's '{offer.act.text}' waits on what only the person can grant "
                      f"('{granted}'): a wait on the person's grant, no offer left to the reader")  # fmt: skip
    left_out = frozenset(_clause_of(head) | offer.frame)
    settled = _condition_text(head, kind)
    why = f"offers the agent's '{offer.act.text}' on a condition only the reader settles ('{settled}')"
    return _judged(asked, "bonus-offer", why, [offer.act], exclude=left_out)


def _passive_offer(tokens: Iterable[Token], outside: frozenset[int]) -> Offer | None:
    """r37i: new work offered in the passive with no agent under the reader's condition ('That could be added as a
    feature if needed.'): a verb of new work (terms [bonus-offer] passive_work) with a passive auxiliary, a modal of
    possibility and no 'by' agent; its subject is no reader. Nobody but the agent would do it next."""
    for token in tokens:
        if token.i in outside or token.tag_ != "VBN" or token.lemma_.lower() not in PASSIVE_WORK:
            continue
        modal = next((c for c in token.children if c.dep_ == "aux" and _folded(c) in PASSIVE_MODALS), None)
        passive = any(c.dep_ == "auxpass" for c in token.children)
        subject = subject_of(token)
        if modal is None or not passive or any(c.dep_ == "agent" for c in token.children):
            continue
        if subject is not None and subject.lower_ in READER:
            continue
        return Offer(token, modal, frozenset({modal.i}))
    return None


def _unconditioned(asked: Asked) -> Judgement | None:
    """r33h: the bonus offer with no condition and no question — the turn ends on the agent's modal of ability or
    willingness over more of its own work ('Can do the same for the admin views.', 'Happy to profile the cold start as
    well.'). More work is marked by an additive or sequencing word, or offered by willingness alone. No offer: a
    commitment ('Next I'll tackle …', the agent's plan), a negation or a past ('I couldn't reproduce it', 'I was able
    to …'), a state or a report of knowing ('Could also be a race', 'I can confirm the tests pass', 'I can also see the
    metrics'), an offer inside reported speech or another clause ('Maria said I could also port …'), a hold on work
    in flight or on the reader ('… once CI is green'), and a sentence the message goes on after."""
    w = words()
    following = asked.site.following
    if following and not only_invites(following) and len(following.split()) > 3:
        return carved("bonus-offer", "the message goes on after the agent's modal: the turn does not end on an offer")
    left = _next_work_left(asked)
    if left is not None:  # issue 28: 'As a follow-up, the Android build could get the same ProGuard rules.'
        shown, framed, verb, modal = left
        why = (f"leaves the agent's next work to the reader with no doer ('{shown} … {modal.text} {verb.text}'), and "
               "the turn ends on it")
        return _judged(asked, "bonus-offer", why, [verb], exclude=frozenset({modal.i, *(t.i for t in framed)}))
    offer = offer_in(asked.tokens) or _willing_read_as_subject(asked.tokens, w)
    more = _more_work(asked, w)
    accepted = offer is not None and offer.act.lemma_.lower() in w.accepting and not _light_verb(offer.act)
    if asked.site.start < MESSAGE_BEFORE and (more is None or accepted):
        # the whole message: work handed over accepted ('Happy to take the Gemini adapter.'), nothing extra; r39d:
        # a mark of more work on an act of the agent's own makes it an offer still ('Happy to add tests for this too.')
        return carved("bonus-offer", "the agent's modal is the whole message: work handed over accepted, no extra work")
    if offer is None or offer.act.lemma_ == "be" or offer.act.tag_ in ("VBD", "VBN"):
        return carved("bonus-offer", "no act of the agent's own is offered: a state or a possibility")
    if offer.commits:
        return carved("bonus-offer", f"the agent commits to '{offer.act.text}': its own plan, no offer")
    act = offer.act
    governing = [act, *act.ancestors]
    # the act's own arc to the word that offers it frames the offer ('Open to adding …': pcomp of 'to')
    clauses = [t for t in governing[:-1] if t is not act or t.head.i not in offer.frame]
    if any(t.dep_ in ("ccomp", "advcl", "relcl", "acl", "csubj", "pcomp", "parataxis") for t in clauses):
        # reported speech or a subordinate clause ('Maria said I could also port the screens')
        return carved("bonus-offer", f"the agent's '{act.text}' is inside another clause: reported, no offer")
    if any(t.tag_ in ("VBD", "VBN") and t.lemma_ == "be" for t in governing[1:]):
        # a past ability ('I was able to port the remaining screens as well')
        return carved("bonus-offer", f"the agent's '{act.text}' is a past ability: a report, no offer")
    if any(c.dep_ == "neg" for t in governing for c in t.children):
        return carved("bonus-offer", f"the agent's '{act.text}' is negated: no offer")
    if act.lemma_.lower() in w.not_work or any(c.dep_ == "ccomp" and c.i > act.i for c in act.children):
        # a report of knowing or perceiving ('I can confirm the tests pass.')
        return carved("bonus-offer", f"'{act.text}' reports what the agent knows or perceives: no work offered")
    for t in governing:
        for clause in t.children:
            if clause.dep_ == "advcl" and any(m.dep_ in ("mark", "advmod") and m.lower_ in w.holding_marks
                                              for m in clause.children):  # fmt: skip
                # a hold on work in flight or on the reader ('… once CI is green')
                return carved("bonus-offer", f"the agent's '{act.text}' is held on '{clause.text}': a hold, no offer")
    willing = _folded(offer.offered_by) in w.willing_alone
    if more is None and not willing:
        # 'I can migrate the table.': no more work marked
        return carved("bonus-offer", f"the agent's '{act.text}' is marked as no more work, offered by no willingness")
    marked = f"more work ('{more.replace(' - ', '-')}')" if more is not None else "its willingness"
    why = f"offers the agent's '{act.text}' as {marked}, and the turn ends on the offer"
    return _judged(asked, "bonus-offer", why, [act], exclude=offer.frame)


def _light_verb(act: Token) -> bool:
    """r39rv: the verb of accepting is a light verb of the agent's own act ('take a look at …', 'take a stab at …';
    terms [bonus-offer] light_objects): it accepts no work handed over."""
    return any(c.dep_ == "dobj" and c.lemma_.lower() in LIGHT_OBJECTS for c in act.children)


def _more_work(asked: Asked, w: Words) -> str | None:
    """The word or phrase marking the offered work as more than what was done ('too', 'as well', 'next')."""
    lowered = " ".join(t.lower_ for t in asked.tokens)
    more = next((t.lower_ for t in asked.tokens if t.lower_ in w.more_work), None)
    return more or next((p for p in w.more_phrases if f" {p} " in f" {lowered} "), None)


def _next_work_left(asked: Asked) -> tuple[str, list[Token], Token, Token] | None:
    """Issue 28 (docs/DESIGN.md#construction-classes): a frame of what comes after opening the sentence ('As a
    follow-up,', 'Next,', 'From here,', 'Follow-up:'; sites.toml [unconditioned-offer] next_frames), then a thing — no
    person — as the subject of the main clause under a modal of possibility ('the Android build could get …', 'the
    remaining endpoints could be migrated …'): the agent's next work, left to the reader with no doer. The frame as
    written, its tokens in the parse (none when the site read it as a label and parsed the rest), the verb and its
    modal. Not: the agent or the reader named anywhere in the sentence ('— I've filed #88 for it'), a negation, a
    state ('Next, the cache could be stale'), a frame that is no opening ('The exporter could fail on big files'), a
    clause under another."""
    written = next_frame(asked.site.sentence)
    if written is None:
        return None
    frame = " ".join(written.lower().split())
    tokens = [t for t in asked.tokens if not t.is_space]
    if any(t.lower_ in AGENT_SUBJECTS or t.lower_ in READER for t in tokens):
        return None
    punct = next((k for k, t in enumerate(tokens) if t.text in (",", ":")), None)
    framed: list[Token] = []
    if punct is not None and "".join(t.lower_ for t in tokens[:punct]).strip("*_->") == frame.replace(" ", ""):
        framed = tokens[: punct + 1]
    for verb in tokens[len(framed) :]:
        modal = next((c for c in verb.children if c.dep_ == "aux" and c.lower_ in THING_MODALS), None)
        if modal is None or verb.dep_ not in ("ROOT", "advcl") or verb.tag_ == "VBD":
            continue
        subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subject is None or subject.pos_ not in ("NOUN", "PROPN") or any(t.i == subject.i for t in framed):
            return None
        if any(c.dep_ == "neg" for c in verb.children):
            return None
        if verb.lemma_ == "be" and not any(c.dep_ in ("acomp", "attr") and c.lower_ in words().ease
                                           for c in verb.children):  # fmt: skip
            return None  # 'Next, the cache could be stale': a state, no work
        return written, framed, verb, modal
    return None


def _willing_read_as_subject(tokens: Sequence[Token], w: Words) -> Offer | None:
    """r33h: a word of willingness opening the sentence that the model read as the subject of the infinitive after it
    ('Keen to add cursor paging as well.': Keen -nsubj-> add)."""
    for token in tokens:
        act = token.head
        if (token.lower_ in w.willing_alone and token.dep_ in SUBJECT_DEPS and act.tag_ == "VB"
                and any(c.dep_ == "aux" and c.lower_ == "to" for c in act.children)):  # fmt: skip
            return Offer(act, token, frozenset({token.i}))
    return None


def _benefit_asked_after(asked: Asked) -> Judgement | None:
    """Issue 28 phase 6: an offer, a dash or a semicolon, then a question of its benefit that points back at it ('I
    could set up the same lint config next — would that help?'): the question is the offer's condition, asked."""
    w = words()
    tokens = asked.tokens
    breaks = [t.i for t in tokens if t.text in ("—", "–", "--", ";")]
    if not breaks:
        return None
    after = [t for t in tokens if t.i > breaks[-1]]
    pointer = next((t for t in after if t.lower_ in ("that", "this", "it") and t.dep_ in SUBJECT_DEPS), None)
    if pointer is None or not any(t.lower_ in w.bonus_adjectives or t.lemma_.lower() in w.bonus_verbs for t in after):
        return None
    offer = offer_in([t for t in tokens if t.i < breaks[-1]])
    if offer is None or offer.commits:
        return None
    why = f"offers the agent's '{offer.act.text}' and asks whether it would help the reader"
    return _judged(asked, "bonus-offer", why, [offer.act], exclude=frozenset(offer.frame | {t.i for t in after}))


def _work_listed(asked: Asked, condition: frozenset[int]) -> tuple[Token, list[Token]] | None:
    """Issue 28 phase 6: work listed inline under a lead-in noun of work still to do ('next steps', 'ideas for later',
    'possible follow-ups') — after a colon, or as what the lead-in 'could include': the lead-in and the listed words
    (the condition's own words left out)."""
    lead = next((t for t in asked.tokens if _lead_in(t)), None)
    if lead is None:
        return None
    colon = next((t for t in asked.tokens if t.text == ":" and t.i > lead.i), None)
    if colon is not None:
        items = [t for t in asked.tokens if t.i > colon.i and t.i not in condition and not t.is_punct]
    elif lead.dep_ == "nsubj" and lead.head.lemma_.lower() in INCLUDING:
        items = [t for c in lead.head.children if c.dep_ in ("dobj", "xcomp", "ccomp") for t in c.subtree]
    else:
        return None
    return (lead, items) if items else None


def _lead_in(token: Token) -> bool:
    """A noun of work still to do: 'steps', 'ideas', 'follow-ups' (the last part of a hyphen compound)."""
    if token.pos_ not in ("NOUN", "PROPN"):
        return False
    forms = {token.lower_, token.lemma_.lower(), hyphen_compound(token) or token.lower_}
    return bool(forms & LIST_LEAD_INS)


def _goes_on(asked: Asked, act: Token) -> str | None:
    """The agent announces its own next action after the offer — after a semicolon or dash in the same sentence,
    or as the next sentence of the closing part: an -ing word with no subject, after the leading words ('now',
    'meanwhile'). The word, or None."""
    vocabulary = claim_vocabulary()
    broken = False
    for token in asked.tokens:
        if token.i <= act.i:
            continue
        if token.text in (";", "—", "–", "--"):
            broken = True
            continue
        if not broken or token.is_punct or token.lower_ in vocabulary.leading_words | {"meanwhile"}:
            continue
        if token.tag_ == "VBG" and subject_of(token) is None and token.lower_ not in vocabulary.not_participles:
            return token.text
        broken = False
    words = [w.strip(",.;:!*_") for w in asked.site.following.split()]
    opener = next((w for w in words if w not in vocabulary.leading_words | {"meanwhile"}), "")
    if opener.endswith("ing") and len(opener) > 4 and opener not in vocabulary.not_participles:
        return opener
    return None


def _benefit_condition(asked: Asked) -> tuple[Token, str] | None:
    """The head of a condition on the reader's benefit, wish or need, and which it is: 'benefit', 'need' or
    'optional'. Marked by 'if' or 'in case', or inverted with 'should' ('should that help')."""
    w = words()
    for token in asked.tokens:
        if token.lower_ in w.optional:
            return token, "optional"
        if token.lower_ in w.alternatives and _opens_clause(token):
            return token, "alternative"  # r29c: 'Otherwise, I can create a new modal component.'
        if _invites_after_dash(token):
            return token, "invited"  # r29c: 'Also happy to document both flags in the README — just say.'
        if not _marked_condition(token, w):
            continue
        kind = _benefit(token, w)
        if kind is not None:
            return token, kind
    # the model may read 'if useful' as a preposition and an adjective ('if -prep-> add, useful -amod-> if'): a
    # benefit or a wish right after 'if' is still the condition
    for token in asked.tokens[:-1]:
        after = token.doc[token.i + 1]
        if token.lower_ == "if" and (after.lower_ in w.bonus_adjectives or after.lemma_.lower() in w.bonus_wished):
            return after, "benefit"
        if token.lower_ == "if" and (after.lower_ in w.bonus_needed or after.lemma_.lower() in w.bonus_needed):
            return after, "need"
    return None


def _invites_after_dash(word: Token) -> bool:
    """r29c: an invitation to ask the agent ('just say', 'just share what you'd change') opening the words after a
    dash: the reader's say is the condition of the offer before the dash."""
    dash = word.i - 1
    while dash >= 0 and word.doc[dash].head.i == word.i and word.doc[dash].dep_ in ("advmod", "intj", "discourse"):
        dash -= 1  # 'just', 'please'
    if dash < 0 or word.doc[dash].text not in ("—", "–", "-", "--"):
        return False
    # the offer before the dash, which the model may hang on the invitation ('happy -ccomp-> say')
    offer = next((c for c in word.children if c.i < dash and c.dep_ in ("ccomp", "advcl", "dep", "parataxis")), word)
    return invited_to_ask(word, offer) is not None or (
        word.lemma_.lower() == "share" and subject_of(word) is None and word.tag_ == "VB"
    )


def _opens_clause(word: Token) -> bool:
    """r29c: the word opens its sentence or a clause after a stop, a comma or a dash ('…; otherwise I can …'), not
    an adverb inside one ('the tests otherwise pass')."""
    before = word.doc[word.sent.start : word.i]
    return all(t.is_punct for t in before) or (word.i > 0 and word.doc[word.i - 1].text in (";", ",", "—", "–", "-"))


def _marked_condition(token: Token, w: Words) -> bool:
    marked = any(c.dep_ == "mark" and c.lower_ in w.bonus_marks for c in token.children)
    inverted = any(c.dep_ == "aux" and c.lower_ == "should" and c.i < token.i for c in token.children) and (
        subject_of(token) is not None and subject_of(token).i > token.i - 2  # type: ignore[union-attr]
    )
    in_case = token.i >= 2 and token.doc[token.i - 1].lower_ in ("it", "that", "this") and any(
        t.lower_ == "case" and t.i < token.i for t in token.doc[max(0, token.i - 4) : token.i]
    )
    return marked or inverted or in_case


def _benefit(head: Token, w: Words) -> str | None:
    """What the condition's own predicate says: a benefit to the reader ('helps', 'is useful', 'is of interest',
    'wanted'), a need ('needed'), or the reader's judgement of one ('you think it's worth it')."""
    lemma = head.lemma_.lower()
    subject = subject_of(head)
    if lemma in w.bonus_verbs:
        objects = [c for c in head.children if c.dep_ == "dobj"]
        return "benefit" if all(o.lower_ in READER for o in objects) else None  # not 'if it helps the parser'
    if head.lower_ in w.bonus_adjectives or (lemma in w.bonus_wished and head.tag_ == "VBN" and subject is None):
        return "benefit"
    if lemma in w.bonus_wished and subject is not None and subject.lower_ == "you":
        # issue 28: 'should you want that', 'if you'd want it': the reader's wish for what the offer names
        wanted = [c for c in head.children if c.dep_ in ("dobj", "xcomp")]
        if all(c.lower_ in ("that", "it", "this", "one", "them") for c in wanted):
            return "benefit"
    if lemma in w.bonus_needed or head.lower_ in w.bonus_needed:
        return "need" if subject is None or subject.lower_ in ("it", "that", "this", "they") else None
    if lemma in w.bonus_easing and subject is not None and subject.lower_ in ("that", "it", "this"):
        # issue 28: 'if that makes review easier' — the offer eases the reader's own work (ease in the comparative)
        made = [g for c in head.children if c.dep_ in ("ccomp", "xcomp", "oprd") for g in (c, *c.children)]
        if any(g.tag_ == "JJR" and g.lemma_.lower() in w.ease for g in made):
            return "benefit"
    if lemma == "be" or head.pos_ == "AUX" or lemma in w.bonus_linking:
        # issue 28: a linking verb of how it strikes the reader takes the benefit as the copula does ('if that sounds
        # handy', 'if it seems worthwhile')
        for c in head.children:
            benefit = c.lower_ in w.bonus_adjectives or c.lemma_.lower() in w.bonus_adjectives
            if c.dep_ in ("acomp", "attr", "oprd") and benefit:
                return "benefit"
            if c.dep_ == "attr" and _wished_by_reader(c, w):
                return "benefit"  # issue 28 phase 6: 'if that's something you'd want
            liked = c.dep_ == "prep" and c.lower_ == "like" and lemma in w.bonus_linking
            if liked and any(_wished_by_reader(p, w) for p in c.children if p.dep_ == "pobj"):
                return "benefit"  # issue 28: 'if that sounds like something you'd use' — the likeness is the attribute
            if c.dep_ == "prep" and c.lower_ == "of" and any(p.lower_ in w.bonus_of_nouns for p in c.children):
                return "benefit"
    if lemma in w.bonus_judging and subject is not None and subject.lower_ == "you":
        judged = [c for c in head.children if c.dep_ in ("ccomp", "oprd", "xcomp", "acomp")]
        if any(c.lower_ in w.bonus_adjectives or _benefit(c, w) == "benefit" for c in judged):
            return "benefit"
    return None


def _wished_by_reader(noun: Token, w: Words) -> bool:
    """'something you'd want', 'one you'd like': an indefinite the reader's wish is said of."""
    if noun.lower_ not in ("something", "one", "thing", "anything"):
        return False
    for clause in noun.children:
        subject = subject_of(clause)
        wished = clause.lemma_.lower() in w.bonus_wished | w.reader_uses
        if clause.dep_ == "relcl" and wished and subject is not None:
            return subject.lower_ == "you"
    return False


def _condition_text(head: Token, kind: str) -> str:
    if kind in ("optional", "alternative"):
        return head.text
    if kind == "invited":
        return f"— {head.text}"
    words_ = sorted(_clause_of(head))
    return " ".join(head.doc[i].text for i in words_ if not head.doc[i].is_punct)


# ---- the open offer of help ----------------------------------------------------------------------------------


@rule("open-offer")
def open_offer(asked: Asked) -> Judgement | None:
    """Four shapes of one construction — the agent's help or next work left for the reader to name:
    a wh-question with the agent as subject of a verb of helping or doing ('How can I help?', 'What can I do for
    you?', 'What are we building today?'); a question about what the reader needs help with ('Anything I can help
    with?', 'Is there a specific area you want help with?'); the agent's availability on the reader's need ('I'm
    here if you need anything.', 'Ready to help.'); a request for the reader's needs ('Let me know how I can
    help.', 'Tell me what you need.'). Helping with a named thing other than the reader ('How can I help the
    tokenizer skip comments?') is a question about the work, and a subject other than the agent ('The support
    team is here if you need anything') offers nothing of the agent's."""
    kind = asked.site.kind
    if kind not in (QUESTION, CONDITION, HELP, REQUEST, TURN):  # TURN: '… and I'll take a look' (issue 28)
        return None
    w = words()
    for token in asked.tokens:
        found = _open_help(token, w, question=kind == QUESTION) or _next_work_asked(token, w, asked.lexicon)
        if found is None and kind == QUESTION:
            found = _further_need(token, w)
        if found is not None and kind != QUESTION and _offer_goes_on(asked.site.following):
            return carved("open-offer", "the offer of help goes on in the next sentence, which is judged on its own")
        granted = _on_a_grant(asked, token) if found is not None else None
        if granted is not None:
            return carved("open-offer", f"the agent's help waits on the reader's '{granted[0].text} …', what only the "
                          f"person can grant ('{granted[1]}'): a wait on the person, no offer left open")  # fmt: skip
        if found is not None:
            return gated(
                "fire", "open-offer", f"fires (open-offer): '{_as_asked(asked)}' {found}", token.i
            )
    return None


def _on_a_grant(asked: Asked, token: Token) -> tuple[Token, str] | None:
    """r38f (docs/DESIGN.md#construction-classes): the help is the sequel of a condition or time on the reader's act
    that grants what only the person can (analyzer/grammar/grants.py) — 'Once you share the README (… to the chat),
    I'll be able to help with the changes': a clause under the help's clauses, marked ('once', 'if', 'when'), its
    subject the reader. The reader's act and what it grants, or None."""
    node = token
    while True:
        for clause in (c for c in node.children if c.dep_ == "advcl" and c.i < token.i):
            subject = subject_of(clause)
            marked = any(c.dep_ == "mark" and c.lower_ in CONDITION_MARKS for c in clause.children)
            if marked and subject is not None and subject.lower_ in READER:
                granted = into_context(clause, asked.doc, asked.site.start) or granted_word(clause.subtree)
                if granted is not None:
                    return clause, granted
        if node.head.i == node.i:
            return None
        node = node.head


def _open_help(token: Token, w: Words, *, question: bool) -> str | None:
    lemma = token.lemma_.lower()
    if token.tag_ in ("VBD", "VBN") or any(c.dep_ == "neg" for c in token.children):
        return None
    subject = subject_of(token)
    agent = subject is not None and subject.lower_ in AGENT_SUBJECTS
    if lemma in w.help_verbs | w.help_doing and token.pos_ in ("VERB", "AUX"):
        wh = _wh_of(token, w)
        if wh is not None and agent and ((lemma in w.help_verbs and _helps_reader(token)) or _open_doing(token, w)):
            return f"asks the reader what the agent should do ('{wh.text} … {token.text}')"
        helping = lemma in w.help_verbs and _helps_reader(token)
        doing = lemma in w.help_doing and _open_doing(token, w) and _for_reader(token)
        if (helping or doing) and (agent or subject is None):
            area = _open_area(token, w)
            if area is not None and (question or (token.dep_ in ("relcl", "ccomp") and _left_open(area))):
                return f"asks what the reader needs the agent's help with ('{area.text}')"
            if helping and (_requested(token, w) or (token.dep_ == "xcomp" and token.head.lower_ in w.willing)):
                return f"offers the agent's help and leaves what it is to the reader ('{token.text}')"
    if token.dep_ == "relcl" and token.head.lower_ in w.help_areas and agent and _for_the_reader(token, w, question):
        # issue 28: 'Is there anything further I can take off your plate?', 'Anything I can rustle up for you?': the
        # agent's act for the reader with what it is left open
        return f"asks what the agent should do for the reader ('{token.head.text} … {token.text}')"
    if lemma in w.help_troubles and any(c.dep_ == "dobj" and c.lower_ in READER for c in token.children):
        # issue 28: 'Tell me what's bugging you in the codebase and I'll take a look': the reader's trouble left open
        wh = next((c for c in token.children if c.lower_ in ("what", "whatever") and c.dep_ == "nsubj"), None)
        if wh is not None and _requested(token, w):
            return f"asks the reader to name what troubles them ('{wh.text} … {token.text} you')"
    if (lemma in w.help_needs or _wished(token, w)) and subject is not None and subject.lower_ == "you":
        needed = [c for c in token.children if c.dep_ in ("dobj", "attr")]
        # issue 28 phase 6: 'a particular part of the codebase you'd like help with' — the model hung 'help' elsewhere
        after = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
        if not needed and after is not None and after.lower_ in w.help_nouns and after.dep_ != "xcomp":
            needed = [after]
        if any(c.lower_ in w.help_nouns | w.asked_nouns for c in needed) and (question or _requested(token, w)):
            return f"asks what the reader needs help with ('{token.text}')"
        # issue 28 phase 6: 'Here whenever you need me.' — a time of the reader's need conditions it as 'if' does
        condition = any(c.dep_ in ("mark", "advmod") and c.lower_ in NEED_MARKS for c in token.children)
        open_need = not needed or any(c.lower_ in w.help_needed for c in needed)
        if condition and open_need and _available(token.head, w):
            return f"states the agent's availability on the reader's need ('{token.head.text} … {token.text}')"
        wh = next((c for c in token.children if c.lower_ in ("what", "whatever") and c.dep_ in ("dobj", "nsubj")), None)
        if wh is not None and (_requested(token, w) or _help_with(token, w)):
            return f"asks the reader to name what it needs ('{wh.text} you {token.text}')"
        if wh is not None and token.dep_ == "pcomp" and token.head.lower_ == "for" and _available(token.head.head, w):
            # r32c: 'Standing by for whatever you need.', 'Here for whatever you need next.': the agent's availability
            # for the reader's need left open
            shown = f"{token.head.head.text} … {wh.text} you {token.text}"
            return f"states the agent's availability for the reader's open need ('{shown}')"
    agent = agent or (subject is not None and _self_named(subject, w))
    if token.pos_ == "VERB" and agent and _for_reader(token) and any(
        c.dep_ == "aux" and c.lower_ in w.modals for c in token.children
    ):
        # issue 28 phase 4b: any act of the agent's for the reader with its object left open ('What else can I
        # rustle up for you?', 'What can this agent whip up for you?')
        wh = next((c for c in token.children if c.dep_ == "dobj" and c.lower_ in ("what", "whatever")), None)
        if wh is not None:
            return f"asks what the agent should do for the reader ('{wh.text} … {token.text} … for you')"
    asked_way = token.dep_ == "relcl" and token.head.lower_ in w.help_areas and question
    # r38e: 'Might I be of further service this evening?' — the yes/no question under a modal of ability or leave
    yes_no = question and any(c.dep_ == "aux" and c.lower_ in w.useful_modals for c in token.children)
    if lemma == "be" and agent and (_wh_of(token, w) is not None or asked_way or yes_no):
        of = next((c for c in token.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        useful = next((c for c in token.children if c.dep_ == "acomp" and c.lower_ in w.useful), None)
        if useful is not None:  # r29c: 'How can I be useful today?'
            return f"asks how the agent may be of use ('{useful.text}')"
        if of is not None and any(p.lower_ in w.help_nouns for p in of.children):
            return "asks how the agent may be of help"
    if lemma in w.help_verbs and subject is None and any(c.dep_ == "aux" and c.lower_ == "to" for c in token.children):
        here = next((c for c in token.children if c.dep_ in ("advmod", "acomp") and c.lower_ in w.availability), None)
        if here is not None and here.i < token.i and _helps_reader(token):  # 'Here to help …': the model's reading
            return f"states the agent's availability to help ('{here.text} to {token.text}')"
    if token.lower_ in w.availability and token.pos_ in ("ADJ", "ADV"):
        act = next((c for c in token.children if c.dep_ == "xcomp" and c.lemma_.lower() in w.help_verbs), None)
        owner = subject_of(token) or (subject_of(token.head) if token.dep_ in ("acomp", "advmod") else None)
        if act is not None and (owner is None or owner.lower_ in AGENT_SUBJECTS) and _helps_reader(act):
            return f"states the agent's availability to help ('{token.text} to {act.text}')"
    return None


def _further_need(noun: Token, w: Words) -> str | None:
    """r36d (issue 28): the reader asked whether it has any further need, in a question — 'Do you have any
    questions?', 'Any questions before I begin the implementation?'. The noun is one of the closed class of further
    need ([open-offer-asked] further_nouns), left open ('any', 'other', no determiner), and either the object of the
    reader's having or needing in the present, or the head of a question with no verb of its own ('Any concerns?').
    A statement ('The FAQ covers any questions.') or a condition ('If you have any questions, ask Priya.') is no
    question site and never reaches here; a definite noun ('Do you have the questions from the review?') names a
    thing."""
    if noun.lemma_.lower() not in w.further_nouns or noun.pos_ not in ("NOUN", "PROPN"):
        return None
    dets = [c for c in noun.children if c.dep_ in ("det", "amod", "nummod", "poss")]
    if any(c.lower_ not in w.further_open for c in dets if c.dep_ != "amod"):
        return None
    opened = [c for c in dets if c.lower_ in w.further_open]
    if noun.dep_ == "ROOT":
        if opened and not any(c.dep_ == "nsubj" for c in noun.children):
            return f"asks whether the reader has any further need ('{opened[0].text} {noun.text}')"
        return None
    verb = noun.head
    if noun.dep_ != "dobj" or verb.lemma_.lower() not in w.further_have or verb.tag_ in ("VBD", "VBN"):
        return None
    if any(c.dep_ == "neg" for c in verb.children):
        return None
    subject = subject_of(verb)
    if subject is None or subject.lower_ not in w.further_readers:
        return None
    return f"asks whether the reader has any further need ('{subject.text} {verb.text} … {noun.text}')"


def _self_named(subject: Token, w: Words) -> bool:
    """'this agent', 'this ol' bot': the agent naming itself as a persona would (issue 28 phase 4b)."""
    return subject.lower_ in w.self_nouns and any(c.dep_ == "det" and c.lower_ == "this" for c in subject.children)


def _wished(verb: Token, w: Words) -> bool:
    """'you'd like', 'you would love': the reader's wish said with a modal, read as 'you want' (issue 28 phase 4b:
    'Is there a particular task you'd like a hand with?')."""
    return verb.lemma_.lower() in w.asked_wishes and any(
        c.dep_ == "aux" and c.lower_ in w.asked_modals for c in verb.children
    )


def _next_work_asked(verb: Token, w: Words, lexicon: Lexicon) -> str | None:
    """Issue 28 phase 4b: the reader told to hand the agent its next work with that work left open — an imperative
    of telling, sending or giving (no subject; 'let me know' read through 'know') whose object is a wh-word with a
    verb of taking work on ('Tell me what to tackle next') or a noun of work left open by 'next', 'another', 'new'
    ('Send over the next request', 'Give me the next thing to build'). A named thing ('Send me the log') or a fact
    only the reader has ('Tell me the password') is no open work."""
    lemma = verb.lemma_.lower()
    if lemma not in w.hand_over or verb.tag_ != "VB":
        return None
    if lemma == "know" and (verb.head.lower_ != "let" or verb.head.dep_ not in ("ROOT", "conj")):
        return None
    if lemma != "know" and (verb.dep_ not in ("ROOT", "conj") or subject_of(verb) is not None):
        return None
    for c in verb.children:
        if c.dep_ in ("xcomp", "ccomp") and c.lemma_.lower() in w.taking | w.help_doing:
            wh = next((g for g in c.subtree if g.lower_ in ("what", "which") and g.i < c.i), None)
            if wh is not None and not any(g.dep_ == "nsubj" and g.lower_ not in AGENT_SUBJECTS for g in c.children):
                return f"tells the reader to name the agent's next work ('{verb.text} … {wh.text} … {c.text}')"
        if c.dep_ in ("dobj", "pobj", "prep"):
            nouns = [c] if c.dep_ != "prep" else [p for p in c.children if p.dep_ == "pobj"]
            for noun in nouns:
                open_words = {m.lower_ for m in noun.children if m.dep_ in ("det", "amod")}
                named = noun.lower_ in w.next_work or noun.lemma_.lower() in w.next_work
                if (named or noun.lower_ in lexicon.request_nouns) and open_words & lexicon.open_modifiers:
                    return f"tells the reader to hand the agent its next work, left open ('{verb.text} … {noun.text}')"
                if _any_time(verb) and (noun.lower_ == "one" or ((named or noun.lower_ in lexicon.request_nouns)
                                                                 and open_words & INDEFINITE_ARTICLES)):  # fmt: skip
                    # issue 28 phase 6: 'send one over whenever', 'Drop me an issue whenever': any work, any time
                    return f"tells the reader to hand the agent work whenever they like ('{verb.text} … {noun.text}')"
    return None


def _any_time(verb: Token) -> bool:
    """'… whenever', '… any time': the reader's next work welcome at any time."""
    return any(t.lower_ in ("whenever", "anytime") for t in verb.subtree)


def _for_the_reader(verb: Token, w: Words, question: bool) -> bool:
    """An offered act (a modal of offering) for the reader: 'for you', or the reader's own thing ('off your
    plate'), asked as a question."""
    offered = any(c.dep_ == "aux" and c.lower_ in w.modals for c in verb.children)
    return question and offered and any(t.lower_ in READER for t in verb.subtree)


def _offer_goes_on(following: str) -> bool:
    """The next sentence asks the reader or requests what it needs ('Ready to help. Just tell me what you need.',
    'I'm ready to help with your code. What would you like me to do?'): one offer in two sentences, found once,
    where it asks."""
    bare = following.rstrip(" *_)\"'")
    opening = bare.lstrip(" *_").removeprefix("just ").removeprefix("please ")
    return bare.endswith("?") or opening.startswith(("tell me", "let me know"))


def _wh_of(verb: Token, w: Words) -> Token | None:
    """The wh-word the verb's clause asks with: its object, its manner, or the object of its preposition."""
    for c in verb.children:
        if c.lower_ in w.wh_words and c.dep_ in ("dobj", "advmod", "attr", "nsubj"):
            return c
        if c.dep_ == "prep" and any(p.lower_ in w.wh_words for p in c.children):
            return next(p for p in c.children if p.lower_ in w.wh_words)
    # issue 28: past an opening word of discourse or greeting ('So, what can I help you ship?', 'Hey — what …')
    opening = (t for t in verb.sent if not t.is_punct and not t.is_space and not _discourse_opening(t, verb))
    first = next(opening, None)
    if first is not None and first.lower_ in w.wh_words and first.i < verb.i:
        between = [a for a in first.ancestors if a.i < verb.i]  # 'How else can I …': how -advmod-> else
        if any(a.i == verb.i for a in first.ancestors) and all(a.pos_ == "ADV" for a in between):
            return first
    return None


def _discourse_opening(word: Token, verb: Token) -> bool:
    """A word before the question's wh-word that asks nothing: an interjection or an adverb of discourse hung on the
    verb and cut off from it by a comma or a dash ('So,', 'Hey there —', 'OK,')."""
    if word.i >= verb.i or word.pos_ not in ("INTJ", "ADV", "X", "NUM", "SYM"):
        return False
    return word.dep_ in ("intj", "advmod", "discourse", "dep") and word.lower_ not in words().wh_words


def _for_reader(verb: Token) -> bool:
    """The work is done for the reader: 'for you' (a preposition or a dative)."""
    return any(c.dep_ in ("prep", "dative") and c.lower_ == "for" and any(p.lower_ in READER for p in c.children)
               for c in verb.children)


def _helps_reader(verb: Token) -> bool:
    """What the help is for names no thing but the reader: 'help', 'help you', 'support you', 'help with this';
    issue 28: or the reader's own act left open, its object the question's wh-word ('What can I help you build?',
    'What can I help you fix today?'), not a named one ('help you deploy the app')."""
    for c in verb.children:
        if c.dep_ in ("ccomp", "xcomp") and _readers_open_act(c):
            continue
        if c.dep_ in ("dobj", "ccomp", "xcomp") and c.lower_ not in READER and c.lower_ not in ("what", "how"):
            return False
    return True


def _readers_open_act(act: Token) -> bool:
    """The reader as the subject of the helped act and nothing named as its object or complement; the model may read
    the reader as the helping verb's object instead ('help -dobj-> you', 'help -ccomp-> debug'): the act right after
    it is still the reader's."""
    subject = subject_of(act)
    helped = act.doc[act.i - 1] if act.i > 0 else None
    if subject is None and helped is not None and helped.dep_ == "dobj" and helped.head.i == act.head.i:
        subject = helped
    if subject is None or subject.lower_ not in READER or act.pos_ != "VERB":
        return False
    named = ("dobj", "ccomp", "xcomp", "attr", "acomp", "prep", "dative", "prt")
    return not any(c.dep_ in named and c.lower_ not in ("what", "whatever") for c in act.children)


def _open_doing(verb: Token, w: Words) -> bool:
    """A verb of doing left open: nothing named but the reader or a time ('What can I do for you?', 'What are
    we building today?', 'What should we tackle next?'); not 'What can I do about the flaky test?'."""
    for c in verb.children:
        if c.dep_ in ("xcomp", "advcl", "ccomp") or (c.dep_ == "dobj" and c.lower_ not in w.wh_words):
            return False  # 'What can I do to speed up the build?': a question about a named task
        if c.dep_ == "prep" and c.lower_ not in ("for", "on", "with", "to"):
            return False
        if c.dep_ == "prep" and c.lower_ == "for" and not any(p.lower_ in READER for p in c.children):
            return False
    return True


def _open_area(verb: Token, w: Words) -> Token | None:
    """The open thing the help is about: 'anything I can help with', 'a specific area you want help with'."""
    node = verb
    while node.dep_ in ("relcl", "xcomp", "ccomp", "pcomp") and node.head.i != node.i:
        node = node.head
        if node.lower_ in w.help_areas:
            return node
    for c in verb.children:
        if c.dep_ == "prep" and any(p.lower_ in w.help_areas for p in c.children):
            return next(p for p in c.children if p.lower_ in w.help_areas)
    return None


def _left_open(area: Token) -> bool:
    """r36c: outside a question the area of help is the reader's to name only when it is left open — an indefinite
    pronoun or a noun under an indefinite determiner ('anything further I can assist with', 'any other area I could
    support'); 'every part we could support' reports what was covered."""
    if area.lower_ in ("anything", "something"):
        return True
    return any(c.dep_ == "det" and c.lower_ in ("any", "a", "an", "some") for c in area.children)


def _requested(token: Token, w: Words) -> bool:
    """The clause is what a request to the reader embeds: 'let me know how I can help', 'tell me what you need'."""
    node = token
    while node.head.i != node.i:
        if node.dep_ in ("ccomp", "xcomp", "dobj", "conj") and node.head.lemma_.lower() in w.request_verbs:
            return True
        node = node.head
    return False


def _help_with(token: Token, w: Words) -> bool:
    """'Happy to help with whatever you need': the reader's need is what the agent's help is with."""
    node = token.head
    return node.dep_ == "pobj" or any(a.lemma_.lower() in w.help_verbs for a in token.ancestors)


def _available(head: Token, w: Words) -> bool:
    """The agent's availability: 'I'm here', 'I'm around', 'available', with the agent or nobody as subject."""
    subject = subject_of(head)
    if subject is not None and subject.lower_ not in AGENT_SUBJECTS:
        return False
    # m40a: a base form with no subject is the reader's imperative, not the agent's availability ('Call it when you
    # like; it is idempotent.': 'call' is the class's word only as 'on call')
    told = head.tag_ == "VB" and subject is None
    return (head.lower_ in w.availability and not told) or any(
        c.dep_ in ("advmod", "acomp", "attr") and c.lower_ in w.availability for c in head.children
    ) or any(  # r32c: 'I'm on standby', 'at your disposal': the availability word the object of 'on' or 'at' (or
        # hung beside it on the copula)
        (c.dep_ == "prep" and c.lower_ in ("on", "at") and any(g.dep_ == "pobj" and g.lower_ in w.availability
                                                                for g in c.children))
        or (c.dep_ == "ccomp" and c.pos_ == "NOUN" and c.lower_ in w.availability
            and any(p.i == c.i - 1 and p.lower_ in ("on", "at") for p in head.children))
        for c in head.children
    )


# ---- the conditional offer on the reader's decision ----------------------------------------------------------


@rule("decision-offer")
def decision_offer(asked: Asked) -> Judgement | None:
    """The decision is the reader's (its subject is 'you') and conditions or times the agent's act ('If you go
    with Redis, I'll add the client', 'Whichever you pick, I'll implement it'), or a request for it is joined to
    the agent's act ('Tell me which approach you choose and I'll follow through'). What the reader decides is
    judged first: a human-only decision is a wait on a human-only act, no finding; then the agent's act, like
    attribution."""
    if asked.site.kind not in (DECISION, CONDITION):
        return None
    w = words()
    if asked.site.kind == CONDITION:  # 'Tell me which timezone the reports should use and I'll …' reads 'should use'
        return _choice_requested(asked, w)
    for decision in asked.tokens:
        misread = _win_read_as_noun(decision, w)
        if misread is not None:
            own = frozenset(t.i for t in decision.subtree) | {misread.i}
            offer = offer_in(asked.tokens, outside=own)
            if offer is None:
                return carved("decision-offer", "the condition on the option chosen governs no act the agent offers")
            why = f"makes the agent's '{offer.act.text}' wait on the reader's decision ('{decision.text}')"
            return _judged(asked, "decision-offer", why, [offer.act], exclude=offer.frame)
        word = _depended_word(decision)
        if word is not None:
            return _depending_offer(asked, decision, word)
        if not _decides(decision, w):
            continue
        subject = subject_of(decision)
        chosen = _choice_word(decision, w)
        won = _won(decision, w)
        if (subject is None or subject.lower_ != "you") and chosen is None and won is None:
            continue
        decided = [won] if won is not None else _decided(decision, w)
        if decision.lemma_.lower() in JUDGING and _view_of(decision):  # r39k: what the reader's view judges
            decided = [*decided, *(g for c in decision.children if c.dep_ == "prep" and c.lower_ in JUDGED_ABOUT
                                   for g in c.children if g.dep_ == "pobj")]  # fmt: skip
        if decided and work_of(decided, asked.lexicon, _scope(decided)).human_only:
            return carved(
                "decision-offer",
                f"the reader's decision '{decision.text} …' is itself human-only: waiting on it hands nothing over",
            )
        own = _clause_of(decision)
        offer = offer_in(asked.tokens, outside=own)
        if offer is None and _contact_on(decision):
            return None  # issue 28 phase 6: 'Ping me when you've decided on the naming' is the contact closer's
        if offer is None and _times_readiness(decision):
            return None  # r37i: 'It is ready to be implemented whenever you decide' is the readiness row's
        if offer is None:  # 'If you choose to run it locally, start it with docker compose up.'
            return carved("decision-offer", "the condition on the reader's decision governs no act the agent offers")
        why = f"makes the agent's '{offer.act.text}' wait on the reader's decision ('{decision.text}')"
        return _judged(asked, "decision-offer", why, [offer.act], exclude=offer.frame)
    return _choice_requested(asked, w)


def _depended_word(verb: Token) -> Token | None:
    """r38a: 'Depending on your preference for tabs vs a stepper, I'll build …': a verb of dependence (terms
    [decision-offer] depending) whose preposition's object is a noun of the reader's word the reader possesses. The
    noun, or None."""
    if verb.lemma_.lower() not in DEPENDING or verb.tag_ not in ("VBG", "VBN"):
        return None
    for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ in DEPENDING_ON):
        for noun in (c for c in prep.children if c.dep_ == "pobj" and c.lemma_.lower() in DECISION_NOUNS):
            if any(c.dep_ == "poss" and c.lower_ in READER for c in noun.children):
                return noun
    return None


def _depending_offer(asked: Asked, verb: Token, word: Token) -> Judgement:
    """r38a: the agent's act outside the dependence waits on the reader's word; what the word is about is judged first
    (a human-only decision hands nothing over), then the act."""
    about = [p for c in word.children if c.dep_ == "prep" for p in c.children if p.dep_ == "pobj"]
    if about and work_of(about, asked.lexicon, _scope(about)).human_only:
        return carved("decision-offer", f"the reader's '{word.text}' is on a human-only decision: waiting on it hands "
                      "nothing over")  # fmt: skip
    offer = offer_in(asked.tokens, outside=frozenset(t.i for t in verb.subtree))
    if offer is None:
        return carved("decision-offer", f"what depends on the reader's '{word.text}' is no act the agent offers")
    why = f"makes the agent's '{offer.act.text}' depend on the reader's word ('your {word.text}')"
    return _judged(asked, "decision-offer", why, [offer.act], exclude=offer.frame)


def _times_readiness(decision: Token) -> bool:
    """r37i: the reader's decision is a clause of time on a readiness the agent states ('It is ready to be implemented
    whenever you decide', 'The base is ready for when you choose Phase 2'): a wait on the reader's go, which the
    readiness-next row judges."""
    holders = [decision.head, decision.head.head]
    # on the copula: 'is ready … whenever you decide'
    holders += [c for c in decision.head.children if c.dep_ == "acomp"]
    return decision.dep_ == "advcl" and any(h.lower_ in READINESS_WORDS for h in holders)


def _won(decision: Token, w: Words) -> Token | None:
    """r29c: the reader's decision said of the option that wins it, under a mark of condition ('Should the streaming
    variant win, I can …', 'If the second layout is chosen, I'll …'): an intransitive verb of winning or a decision
    verb in the passive with no agent; the option, its subject. A thing that wins against something ('if option B
    wins the benchmark') is a measurement, no decision."""
    marked = any(c.dep_ in ("mark", "aux") and c.lower_ in w.decision_marks for c in decision.children)
    subject = next((c for c in decision.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if not marked or subject is None or subject.lower_ in ("you", *AGENT_SUBJECTS):
        return None
    lemma = decision.lemma_.lower()
    bare = not any(c.dep_ in ("dobj", "agent", "prep") for c in decision.children)
    passive = subject.dep_ == "nsubjpass" and lemma in w.decision_verbs
    return subject if bare and (lemma in w.decision_outcomes or passive) else None


def _win_read_as_noun(word: Token, w: Words) -> Token | None:
    """r29c: the model reads the verb of winning after an inverted 'should' as a noun whose modifiers are the option
    ('Should the second option win, I'll …': win -prep-> Should, option -compound-> win): the word ends the clause
    the mark opens at the sentence's start, before its comma. The mark, or None."""
    if word.lower_ not in w.decision_outcomes and word.lemma_.lower() not in w.decision_outcomes:
        return None
    if word.pos_ not in ("NOUN", "PROPN") or word.i + 1 >= len(word.doc) or word.doc[word.i + 1].text != ",":
        return None
    first = word.doc[word.sent.start]
    return first if first.lower_ in w.decision_marks and first.i < word.i - 1 else None


def _contact_on(decision: Token) -> bool:
    """The reader's decision times a request to reach the agent ('ping me when you've decided', 'give me a shout once
    you pick one'): a wait on the reader's word, which the contact-closer row judges."""
    head = decision.head
    return decision.dep_ == "advcl" and (head.lemma_.lower() in CONTACT_VERBS or head.lower_ in CONTACT_VERBS)


def _choice_requested(asked: Asked, w: Words) -> Judgement | None:
    """Issue 28: a request to the reader for a choice ('tell me which timezone the reports should use', 'give me the
    preferred port') joined to the agent's act ('and I'll update the formatter'): the act waits on the reader's
    decision. What is chosen is judged first, as a decision is: a human-only one hands nothing over."""
    request = asked.tokens[0] if asked.tokens[0].lemma_.lower() in w.request_verbs | w.giving else None
    if request is None or not any(c.lower_ in ("me", "us") for c in request.children):
        return None
    asked_for = [c for c in request.children if c.dep_ in ("dobj", "ccomp") and c.lower_ not in ("me", "us")
                 and not _joined_act(c)]
    choice = next((t for c in asked_for for t in c.subtree if t.lower_ in w.choices or t.lower_ in w.preferred), None)
    if choice is None or (choice.lower_ in w.choices and not _to_be_chosen(asked_for, w)):
        return None  # 'Tell me which lanes are done and I'll update the board': a fact asked for
    if work_of(asked_for, asked.lexicon, _scope(asked_for)).human_only:
        return carved("decision-offer", f"the choice asked for ('{choice.text} …') is itself human-only")
    own = frozenset(t.i for c in asked_for for t in c.subtree) | {request.i}
    offer = offer_in(asked.tokens, outside=own)
    if offer is None:
        return None
    why = f"asks the reader for a choice ('{choice.text} …') and makes the agent's '{offer.act.text}' wait on it"
    return _judged(asked, "decision-offer", why, [offer.act], exclude=offer.frame)


def _joined_act(clause: Token) -> bool:
    """r39g (docs/DESIGN.md#construction-classes): the agent's act joined by 'and' that the model hung on the request
    as its complement ('Tell me which of the strategies you like and I'll implement it': implement -ccomp-> Tell) is
    the act offered, not what is asked for."""
    subject = subject_of(clause)
    return (
        clause.dep_ == "ccomp"
        and subject is not None
        and subject.lower_ in AGENT_SUBJECTS
        and any(c.dep_ == "cc" and c.i < subject.i for c in clause.children)
    )


def _to_be_chosen(asked_for: Sequence[Token], w: Words) -> bool:
    """'which timezone the reports should use', 'which one to keep', 'which layout you want': what is asked is still
    to be chosen — a modal of what ought to be, an infinitive, or the reader's wish or decision."""
    for token in (t for c in asked_for for t in c.subtree):
        if token.dep_ == "aux" and token.lower_ in ("should", "to", "would", "'d", "shall"):
            return True
        # r39g: the model may tag the reader's 'like' an interjection; its subject 'you' still makes it the verb
        verb = token.pos_ == "VERB" or any(c.dep_ == "nsubj" and c.lower_ in READER for c in token.children)
        if verb and (token.lemma_.lower() in w.decision_verbs | {"want", "like", "need"}):
            return True
    return False


def _decides(token: Token, w: Words) -> bool:
    lemma = token.lemma_.lower()
    if token.pos_ not in ("VERB", "AUX"):
        return False
    if lemma in w.decision_verbs or lemma in w.decision_outcomes:
        return True
    if lemma in w.request_verbs and any(c.lower_ in ("me", "us") for c in token.children):
        return _choice_told(token, w)
    if lemma in SAID_ALONE:  # r38a: 'If you say which area you want next, …': telling that names no recipient
        return _choice_told(token, w)
    if lemma in JUDGING:  # r38a: 'whichever framework you think is best': the reader's judgement picks the option
        return any(
            t.lower_ in BEST for c in token.children if c.dep_ in ("ccomp", "xcomp", "acomp") for t in c.subtree
        ) or _view_of(token)
    if lemma in w.decision_phrasal:
        return any(
            (c.dep_ in ("prep", "prt") and c.lower_ in w.decision_particles)
            or (c.dep_ == "dobj" and c.lower_ in w.decision_objects | w.decision_minded)
            for c in token.children
        )
    return False


def _view_of(token: Token) -> bool:
    """r39k: 'what you think of the naming', 'how you feel about the layout': the reader's view of a thing, a free
    relative ('what', 'how') the verb of judging takes, with a preposition naming what it judges, the reader its
    subject. 'What you think of' a fact of the reader's own is still a view of the agent's options only when the agent's
    act depends on it, which the caller reads."""
    if not any(c.dep_ == "nsubj" and c.lower_ in READER for c in token.children):
        return False
    what = any(c.lower_ in JUDGED_WHAT and c.dep_ in ("dobj", "advmod", "attr") for c in token.children)
    return what and any(c.dep_ == "prep" and c.lower_ in JUDGED_ABOUT for c in token.children)


def _choice_told(token: Token, w: Words) -> bool:
    """Issue 28 phase 6: 'If you tell me which metrics matter most, I'll build …', 'when you tell me what naming scheme
    you want': the reader telling the agent a choice — 'which', or the reader's wish — is the reader's decision;
    telling what the reader saw is a fact."""
    told = [c for c in token.children if c.dep_ in ("ccomp", "dobj", "xcomp") and c.lower_ not in ("me", "us")]
    for clause in told:
        words_ = list(clause.subtree)
        if any(t.lower_ == "which" for t in words_):
            return True
        if any(t.lemma_.lower() in WISHING and subject_of(t) is not None and subject_of(t).lower_ == "you"
               for t in words_):  # fmt: skip
            return True
    return False


def _choice_word(decision: Token, w: Words) -> Token | None:
    """'Whichever you pick': the free relative that stands for the choice."""
    return next((c for c in decision.subtree if c.lower_ in w.choices and c.i < decision.i), None)


def _decided(decision: Token, w: Words) -> list[Token]:
    """What the reader decides: the decision's object, its clause ('to keep the old API', 'whether to cut 3.0')
    or what it settles on ('on a name', 'with Redis')."""
    found = []
    for c in decision.children:
        named = c.lower_ not in w.decision_objects | w.decision_minded and c.lower_ not in w.choices
        if c.dep_ in ("dobj", "xcomp", "ccomp", "attr") and named:
            found.append(c)
        elif c.dep_ == "prep" and c.lower_ in ("on", "with", "for", "between", "about"):
            found.extend(c.children)
    return found


def _scope(roots: Sequence[Token]) -> frozenset[int]:
    return frozenset(t.i for r in roots for t in r.subtree if t.lower_ not in READER)
