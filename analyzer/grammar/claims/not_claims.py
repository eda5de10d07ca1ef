"""The [[not-claim]] rows that take back what a construction matched (at `predicate`): no action, a later
time or event, a stance, an idiom, a label read as a sentence, a conditional promise."""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from analyzer.grammar.claims.participles import boundary_between, purpose_after
from analyzer.grammar.claims.records import PredicateSite, Segment
from analyzer.grammar.claims.words import (
    verb_forms,
)
from analyzer.grammar.registry import rule
from analyzer.parse.tokens import hyphen_compound, is_copula, subject_of
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token

    from analyzer.text.closing import ClaimVocabulary

READER = terms("register", "reader")
# r28i: what hands the act before it to the reader ('— your call', ', up to you', '— that one's yours').
HANDOVER_TAILS = terms("claim-tails", "handover_tails")
# r31d: the mark of a later event after the act, and the words after it that make it a count instead.
LATER_EVENT_MARKS = terms("later-event", "marks")
NOT_AN_EVENT = terms("later-event", "not_an_event")
# r29b: a pointer right after the -ing word is its object, whatever the model made it.
POINTER_WORDS = terms("reference", "pointers")
DEFERRING_VERBS = terms("deferring-to-reader", "verbs")
READER_WORDS = terms("register", "reader")



# Attachments of a fronted time or condition clause, as the small model reads them.
_ADJUNCT_DEPS = frozenset({"advcl", "dep", "npadvmod", "advmod", "prep", "dobj"})


@rule("no-action")
def no_action(site: PredicateSite) -> bool:
    """Negation on the head as well as the predicate: the carried verb's own children may not hold it."""
    predicate, head, vocabulary = site.predicate, site.head, site.vocabulary
    forms = verb_forms(predicate)
    negated = any(c.dep_ == "neg" for t in (predicate, head) for c in t.children)
    # r40e: 'be' under a presentative adverb ('Here's the corrected code:') presents, it states nothing
    presents = site.match.rule == "presentative-pending"
    stative = vocabulary.stative_lemmas if not presents else vocabulary.stative_lemmas - {"be"}
    if site.match.rule == "let-me" and site.segment.pending:
        # r42d: 'Let me see what the logs say:' before the stripped tool call: looking is the act (claims.toml
        # looking_lemmas); 'Let me know …' and 'Let's see how it goes.' stay no act
        stative = stative - vocabulary.looking_lemmas
    if negated or forms & (stative | vocabulary.state_lemmas | vocabulary.ending_lemmas):
        return True
    if forms & vocabulary.ending_intransitive_lemmas and not any(c.dep_ == "dobj" for c in predicate.children):
        return True
    if forms & DEFERRING_VERBS and any(c.dep_ == "prep" and c.lower_ == "to" and any(g.lower_ in READER_WORDS for g in
                                       c.children) for c in predicate.children):  # fmt: skip
        return True  # r35a: 'I'll defer to you on merging the feature branch into main.': a hand-over
    # r42d: an imperative names an act, never the work's state ('Run unit tests with the new fixtures:')
    if forms & vocabulary.intransitive_status_lemmas and site.match.rule != "note-to-self":
        complements = [c for c in predicate.children if c.dep_ in ("dobj", "prt", "xcomp", "ccomp", "attr")]
        preps = [c for c in predicate.children if c.dep_ == "prep" and c.lower_ in vocabulary.action_prepositions]
        return not complements and not preps
    return False


@rule("stance")
def stance(site: PredicateSite) -> bool:
    """A carried verb ('keep working') is already the predicate here (words.carried), so a stance verb seen here
    carries none; an availability verb is a stance only with nothing after it or an availability word."""
    predicate, vocabulary = site.predicate, site.vocabulary
    forms = verb_forms(predicate)
    if forms & vocabulary.stance_lemmas:
        return True
    if "let" in forms and any(_reader_subject(c) for c in predicate.children):
        return True  # 'I'll let you choose the cache size': the decision handed to the reader
                     # (docs/DESIGN.md#construction-classes), no act
    if not forms & vocabulary.availability_lemmas:
        return False
    words = {t.lower_ for t in predicate.subtree if t.i > predicate.i}
    return not words - {"."} or bool(words & vocabulary.availability_words)


def _reader_subject(clause: Token) -> bool:
    subject = subject_of(clause)
    return subject is not None and subject.lower_ in READER


@rule("object-before-subject")
def object_before_subject(site: PredicateSite) -> bool:
    """The object stands before the subject in the head's own children: the model read a noun's reduced
    relative clause as a sentence.

        files -dobj-> touch, I -nsubj-> touch (files before I)
    """
    head = site.head
    subject = subject_of(head)
    return subject is not None and any(c.dep_ == "dobj" and c.i < subject.i for c in head.children)


@rule("later-event-as")
def later_event_as(site: PredicateSite) -> bool:
    """Anywhere in the sentence: 'as soon as', or an 'as' that marks a clause with its own subject.

        as -mark-> come -advcl-> sort, they -nsubj-> come
    """
    doc = site.doc
    words = [t.lower_ for t in doc]
    if any(words[k : k + 3] == ["as", "soon", "as"] for k in range(len(words) - 2)):
        return True
    return any(
        t.lower_ == "as" and t.dep_ == "mark" and t.head.pos_ in ("VERB", "AUX") and subject_of(t.head) is not None
        for t in doc
    )


@rule("parenthetical-later-time")
def parenthetical_later(site: PredicateSite) -> bool:
    """Read from the words, not the arcs: the model attaches a parenthesis anywhere."""
    doc, vocabulary = site.doc, site.vocabulary
    later = vocabulary.later_marks | vocabulary.later_words
    return any(t.text == "(" and t.i + 1 < len(doc) and doc[t.i + 1].lower_ in later for t in doc)


@rule("idiom")
def idiom(site: PredicateSite) -> bool:
    """Read from the words (emphasis marks left out): the idiom opens the sentence, after leading words at
    most, and ends it or stands before a comma, colon or dash."""
    doc, vocabulary = site.doc, site.vocabulary
    words = [t for t in doc if not t.is_space and t.text not in ("*", "_", "**", "__")]
    for k in range(len(words) - 1):
        if f"{words[k].lower_} {words[k + 1].lower_}" not in vocabulary.idioms:
            continue
        after = words[k + 2] if k + 2 < len(words) else None
        if after is None or after.text in (",", ":", ".", "—", "–"):
            return k == 0 or all(w.lower_ in vocabulary.leading_words or w.is_punct for w in words[:k])
    return False


@rule("later-time")
def later_time(site: PredicateSite) -> bool:
    """Read on the head, the predicate and the clause a conjunct is coordinated with, then in the head's
    subtree; 'until' is no later-time mark (it says when the action or the wait ends)."""
    head, predicate, vocabulary = site.head, site.predicate, site.vocabulary
    marks = vocabulary.later_marks
    # issue 28: 'otherwise' before a subjectless participle closes the condition before it, and the action after
    # it is announced for now ("Shout if you object; otherwise merging the docs lane now."): neither the opening
    # word nor the clause it is coordinated with sets a later time for it
    closes = closes_condition(head, vocabulary)
    # a sentence that opens on a condition or a later time sets it for what follows, however the model
    # attached the clause ("If you'd rather keep it inline, say the word and I'll pull it out.")
    opening = next((t for t in head.doc if not t.is_punct and not t.is_space), None)
    if (
        opening is not None
        and opening.lower_ in marks
        and opening.i < head.i
        and not closes
        and not _apart_from_that(opening, vocabulary)
        and not _exception_to_acting(opening, predicate, vocabulary)
    ):
        return True
    # a conjunct shares the conditions of the clause it is coordinated with ("If CI passes, merge it and
    # I'll rebase")
    governing = head.head if head.dep_ == "conj" and not closes else head
    for verb in {head.i: head, predicate.i: predicate, governing.i: governing}.values():
        for child in verb.children:
            if _asked_clause(verb, child, vocabulary):
                continue  # r42d: 'Let me check if Fiber is dispatching extra requests:': what the act asks
            marked = any(c.dep_ in ("mark", "advmod") and c.lower_ in marks for c in child.children)
            if child.dep_ == "advcl" and marked:
                return True
            if child.dep_ == "prep" and child.lower_ in marks and not _right_after_this(child, vocabulary):
                return True
            # the model may read "Once #204 merges," or "when #204 merges" as a fragment or an object: it
            # still opens with the mark
            if child.dep_ in _ADJUNCT_DEPS and child.left_edge.lower_ in marks and child.left_edge.i != verb.i:
                if closes and child.left_edge.lower_ in vocabulary.counterfactual_marks:
                    continue  # '— otherwise bumping the lockfile now': the action stands unless the reader objects
                if _apart_from_that(child.left_edge, vocabulary):
                    continue  # '; otherwise the suite is green, so kicking off …': apart from that
                return True
    # r31d: 'I'll rebase onto main once #301 lands.': a mark of a later event after the predicate, however the model
    # read the event ('#301 lands' as a noun phrase): the words after it are the event, not a count ('once more')
    if any(_later_event_mark(t, predicate) for t in head.subtree):
        return True
    # r28c: a purpose clause with its own subject says what follows from the act, not when it is done ('Clearing the
    # build cache now so the next run starts clean')
    purpose = {
        t.i
        for c in head.children
        if c.dep_ == "advcl" and subject_of(c) is not None and any(m.lower_ == "so" for m in c.children if m.i < c.i)
        for t in c.subtree
    }
    for token in head.subtree:
        word = token.lower_
        if token.i in purpose:
            continue
        if word in vocabulary.later_words:
            return True
        # a numbered later period: "in Sprint 14", "in week 3"
        numbered = any(c.dep_ == "nummod" for c in token.children)
        if word in vocabulary.later_after_next and numbered and token.head.lower_ == "in":
            return True
        named = hyphen_compound(token.head) or token.head.lower_  # 'the next wake-up': wake, -, up
        if word == "next" and named in vocabulary.later_after_next and token.head.i != head.i:
            return True
        if _clock_time(token):
            return True
    return False


def _asked_clause(verb: Token, clause: Token, vocabulary: ClaimVocabulary) -> bool:
    """r42d (docs/DESIGN.md#claims): an 'if' clause after a verb of finding out (claims.toml inquiry_verbs: 'check if
    …', 'see if …') is the verb's object, the question the act asks — no condition, no later time."""
    return (
        clause.i > verb.i
        and verb.lemma_.lower() in vocabulary.inquiry_verbs
        and clause.left_edge.lower_ == "if"
        and clause.dep_ in ("advcl", "ccomp", "dep")
    )


def _right_after_this(mark: Token, vocabulary: ClaimVocabulary) -> bool:
    """r40e: 'right after this', 'immediately after this message': an adverb of immediacy on the preposition and a
    pointer at the present as its object (alone or as the determiner of its noun) — the act follows this exchange at
    once, so it is announced for now."""
    if not any(c.dep_ == "advmod" and c.lower_ in vocabulary.immediate_adverbs for c in mark.children):
        return False
    objects = [c for c in mark.children if c.dep_ == "pobj"]
    return any(
        o.lower_ in vocabulary.present_pointers
        or any(d.dep_ == "det" and d.lower_ in vocabulary.present_pointers for d in o.children)
        for o in objects
    )


def _later_event_mark(token: Token, predicate: Token) -> bool:
    """r31d: 'once' after the predicate, followed by the words of an event ('once #301 lands', 'once PR 301 merges'),
    not by a count or a frequency ('once more', 'once again', 'once a day', 'once or twice')."""
    if token.lower_ not in LATER_EVENT_MARKS or token.i <= predicate.i or token.i + 1 >= len(token.doc):
        return False
    after = token.doc[token.i + 1]
    named = after.text == "#" or not after.is_punct  # 'once #301 lands': a number sign names the event's subject
    return named and not after.is_space and after.lower_ not in NOT_AN_EVENT


def _clock_time(token: Token) -> bool:
    """r28j: a time of day after 'at' ('at 03:00', 'at 14:00 UTC'): hours and minutes as the model reads a number."""
    hours, colon, minutes = token.text.partition(":")
    if not (colon and hours.isdigit() and minutes.isdigit() and len(hours) <= 2 and len(minutes) == 2):
        return False
    holder = token.head if token.dep_ == "nummod" else token
    return holder.dep_ == "pobj" and holder.head.lower_ == "at"


def _exception_to_acting(opening: Token, head: Token, vocabulary: ClaimVocabulary) -> bool:
    """Issue 28 phase 4: 'Unless something's wrong with it, pushing …', 'If nobody objects, merging …' — a condition
    that names the exception to acting, before a comma and a clause of the agent's own, leaves the action announced
    for now ('If no one …' counts: 'no' before 'one')."""
    doc = opening.doc
    comma = next((t.i for t in doc[opening.i : head.i] if t.text == ","), None)
    if comma is None:
        return False
    if opening.lower_ in vocabulary.exception_marks:
        return True
    words = [t.lower_ for t in doc[opening.i + 1 : comma]]
    no_one = any(a == "no" and b == "one" for a, b in pairwise(words))
    return opening.lower_ == "if" and (no_one or any(w in vocabulary.no_one_words for w in words))


def _apart_from_that(opening: Token, vocabulary: ClaimVocabulary) -> bool:
    """r28c: 'otherwise the suite is green, so kicking off the coverage run now' — 'otherwise' on a statement of a
    state (a copula or an adjective, no modal: 'otherwise it would fail', 'otherwise we're testing …' are
    counterfactual) means 'apart from that', and sets no later time."""
    if opening.lower_ not in vocabulary.counterfactual_marks:
        return False
    clause = opening.head
    stated = clause.pos_ == "ADJ" or clause.lemma_.lower() == "be"
    return stated and not any(c.dep_ == "aux" and c.tag_ == "MD" for c in clause.children)


@rule("conditional-promise")
def conditional_promise(site: PredicateSite) -> bool:
    """The head is a conjunct of a subjectless imperative before it.

        pull -conj-> say (VB, no subject, before it)
    """
    head = site.head
    if head.dep_ != "conj" or closes_condition(head, site.vocabulary):
        return False  # 'Shout if you object; otherwise merging …': the alternative to the promise, announced now
    first = head.head
    return first.tag_ == "VB" and subject_of(first) is None and first.i < head.i


def closes_condition(head: Token, vocabulary: ClaimVocabulary) -> bool:
    """Issue 28: a subjectless participle after 'otherwise' closes the condition before it — the action is
    announced for now, the condition left to the reader ('Tell me if you'd prefer another order — otherwise
    bumping the lockfile now.'); with a subject of its own the clause after 'otherwise' is a counterfactual."""
    return subject_of(head) is None and any(c.lower_ in vocabulary.counterfactual_marks for c in head.children)


@rule("handed-over-act")
def handed_over_act(site: PredicateSite) -> bool:
    """Only the participle form; the words after the segment, past its closing punctuation, to the end of the sentence
    ('Wiping the production Redis — your call.'): a hand-over there makes the participle phrase the act it hands
    over, the topic of the phrase, not an action announced. With a now-adverb it is announced all the same."""
    if site.match.form != "participle" or not site.segment.tokens:
        return False
    if any(c.lower_ in site.vocabulary.now_adverbs for c in site.predicate.children):
        return False  # 'Merging #12 now — your call.': the agent announces the act for now
    if _handed_over_before(site.segment):
        return True  # "that one's your call: merging #77 into main": the act the hand-over's colon names
    last = site.segment.tokens[-1]
    doc = last.doc
    end = last.sent.end if last.i < last.sent.end else len(doc)
    after = [t for t in doc[last.i + 1 : end] if not t.is_space]
    # a comma does not end a segment: 'Merging #412 before the freeze, up to you.' holds the hand-over inside it
    commas = [k for k, t in enumerate(site.segment.tokens) if t.text in (",", "—", "–", ":")]
    if commas and commas[-1] > 0:
        after = list(site.segment.tokens[commas[-1] :]) + after
    if not after or not after[0].is_punct or after[0].text in (".", "!", "?"):
        return False
    words = _spelled_out([t.lower_.replace("’", "'") for t in after if not t.is_punct])
    return any(words == tail or words.startswith(tail + " ") for tail in HANDOVER_TAILS)


@rule("gerund-subject")
def gerund_subject(site: PredicateSite) -> bool:
    """Only the participle form: a finite verb later in the segment (present or past) with no subject, mark or
    auxiliary of its own ('— moving to the usage-based tier changes the invoice', '— clearing it forces a full
    rebuild') has the participle phrase as its subject, however the model attached the two: the phrase is a gerund
    naming an act, and the sentence says what that act does."""
    if site.match.form != "participle":
        return False
    predicate = site.predicate
    for token in site.segment.tokens:
        if token.i <= predicate.i or token.tag_ not in ("VBZ", "VBD") or not _finite_predicate(token):
            continue
        if any(c.dep_ in ("det", "amod", "nummod", "compound", "poss") for c in token.children) or not any(
            c.dep_ in ("dobj", "attr", "acomp", "ccomp", "xcomp", "oprd", "npadvmod", "dative") for c in token.children
        ):
            continue  # 'Tackling the N+1 queries … next': a plural noun the model read as a verb (noun-read-as-verb)
        purpose = purpose_after(token, site.vocabulary)
        if purpose is not None and token.lower_.endswith("s") and not any(
            c.dep_ in ("dobj", "attr", "acomp", "ccomp", "oprd", "dative") for c in token.children
        ):
            continue  # r38f: 'Launching the ablation runs to see …': the noun read as a verb, its purpose the agent's
        if boundary_between(predicate, token, site.vocabulary):
            continue  # r39e: '… so the scan comes back clean', '…, to check the noise was …': the verb's own clause
        # r33d: a subject before the segment ('Not mine to decide — shipping 3.1 is yours': mine -nsubj-> is) is the
        # model's misreading across the dash; the participle phrase between it and the verb is the verb's subject
        start = site.segment.tokens[0].i
        own = [
            c for c in token.children
            if c.dep_ in ("nsubj", "nsubjpass", "expl", "mark", "aux", "auxpass") and not (c.i < start <= predicate.i)
        ]
        # 'clearing it forces a rebuild': the pronoun right after the -ing word is its object, read as the subject;
        # r29b: so is a demonstrative ('Granting that is something I'm leaving to you')
        if any(not ((c.pos_ == "PRON" or c.lower_ in POINTER_WORDS) and c.i == predicate.i + 1) for c in own):
            continue
        if token.dep_ in ("relcl", "acl", "ccomp", "xcomp", "advcl") and token.head.i != predicate.i:
            continue  # 'Dropping the table that holds the logs': a clause of its own inside the phrase
        return True
    return False


def _finite_predicate(token: Token) -> bool:
    """A verb, or (r29b) a copula that is its clause's own predicate, not another verb's auxiliary ('Logging in and
    promoting the build is yours', 'Granting that is something …': the copula says what the act is)."""
    if token.pos_ == "VERB":
        return True
    return token.pos_ == "AUX" and is_copula(token) and token.dep_ not in ("aux", "auxpass")


def _handed_over_before(segment: Segment) -> bool:
    """r28i: the words before the segment end with a hand-over and a colon or dash ("that one's your call:"), read
    in standard spelling (spelling.toml: 'ur call', 'that ones')."""
    first = segment.tokens[0]
    if not segment.before or first.i == 0 or first.doc[first.i - 1].text not in (":", "—", "–", "-"):
        return False
    words = _spelled_out([t.lower_.replace("’", "'") for t in segment.before if not t.is_punct])
    return any(words == tail or words.endswith(" " + tail) for tail in HANDOVER_TAILS)


def _spelled_out(words: list[str]) -> str:
    """The words as spelling.toml reads them: its [words], and a [[context]] form after one of its words."""
    from analyzer.text.spelling import spelling

    table = spelling()
    read: list[str] = []
    for k, word in enumerate(words):
        reading = table.words.get(word)
        if reading is None:
            before = words[k - 1] if k else ""
            reading = next((f.reads for f in table.context.get(word, ()) if before in f.after), word)
        read.append(reading.lower())
    return " ".join(read).replace(" 's", "'s").replace(" n't", "n't")
