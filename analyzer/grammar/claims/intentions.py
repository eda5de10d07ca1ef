"""The [[claim]] rows of the intention (docs/DESIGN.md#claims): 'let me', 'going to', 'gonna', a verb of intention
(first-person or with its subject dropped), the first-person future. The verbless and imperative notes: notes.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.grammar.claims.records import Match, Segment
from analyzer.grammar.claims.words import (
    as_written,
    auxiliaries_of,
    first_person,
    infinitive_of,
    opens,
)
from analyzer.grammar.registry import rule
from analyzer.parse.tokens import subject_of
from analyzer.text.closing import ClaimVocabulary

if TYPE_CHECKING:
    from spacy.tokens import Token



@rule("colloquial-future")
def colloquial_future(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """The tokenizer splits 'gonna' into 'Gon' + 'na' and the model reads 'Gon' as a noun root: the verb is its
    child, or the word after 'na'."""
    doc = head.doc
    if head.lower_ not in vocabulary.colloquial_futures or not opens(head, segment):
        return None
    verb = next((c for c in head.children if c.pos_ == "VERB" and c.i > head.i), None)
    if verb is None and head.i + 2 < len(doc) and doc[head.i + 1].lower_ == "na" and doc[head.i + 2].pos_ == "VERB":
        verb = doc[head.i + 2]
    if verb is None:
        return None
    return Match("intention", "colloquial-future", verb, f"the colloquial future '{head.text}… {verb.text}'")


@rule("first-person-future")
def first_person_future(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """With no subject, only when the future auxiliary opens the segment ('Will do.')."""
    futures = vocabulary.future_auxiliaries
    future = next((a for a in auxiliaries_of(head) if a.lower_.replace("’", "'") in futures), None)
    if future is None:
        return None
    subject = subject_of(head)
    if subject is not None and first_person(subject, vocabulary):
        words = as_written(subject, future, head)
        return Match("intention", "first-person-future", head, f"the first-person future '{words}'")
    if subject is None and opens(future, segment):
        return Match(
            "intention", "subjectless-future", head, f"the future '{future.text} {head.text}' with its subject left out"
        )
    return None


@rule("going-to")
def going_to(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """'about to' parses with 'be' as the head: its own form counts as the auxiliary; without 'be' ('About to run …')
    'about' itself is the head."""
    going = head.lemma_ == "go" and head.tag_ == "VBG"
    about = head.lemma_ == "be" and any(c.lower_ == "about" for c in head.children)
    # 'About to run the migration on my local copy.': with 'be' left out too, 'about' is the sentence's head
    bare_about = head.lower_ == "about" and head.head.i == head.i
    if not (going or about or bare_about):
        return None
    infinitive = infinitive_of(head)
    if infinitive is None:
        return None
    subject = subject_of(head)
    auxiliaries = [a.lower_.replace("’", "'") for a in auxiliaries_of(head)]
    if head.lemma_ == "be":
        auxiliaries.append(head.lower_.replace("’", "'"))
    present = any(a in vocabulary.present_be for a in auxiliaries)
    if first_person(subject, vocabulary) and present:
        return Match(
            "intention", "going-to", infinitive, f"the first-person intention '{head.text} … to {infinitive.text}'"
        )
    if subject is None and opens(head, segment):
        return Match(
            "intention",
            "going-to",
            infinitive,
            f"the intention '{head.text} to {infinitive.text}' with its subject left out",
        )
    return None


@rule("off-to")
def off_to(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """r38f: read on the words' order, as the model hangs the departure word anywhere ('Off to fix …': Off -advmod->
    fix; "I'm off to rerun …": off -advmod-> 'm, rerun -xcomp-> 'm): the infinitive right after the departure word
    and 'to', the departure opening the segment (its subject left out) or after a first-person present 'be'."""
    doc = head.doc
    if head.lemma_ == "be":  # "I'm off to rerun …": the infinitive hangs on 'be'
        head = next((c for c in head.children if c.dep_ in ("xcomp", "advcl") and c.tag_ == "VB"), head)
    elif head.lower_ in vocabulary.departure_words and head.i + 2 < len(doc):
        head = doc[head.i + 2]  # 'OK, off to rebuild …': the model may make the departure word the head
    if head.tag_ != "VB" or head.i < 2 or doc[head.i - 1].lower_ != "to" or doc[head.i - 1].dep_ != "aux":
        return None
    off = doc[head.i - 2]
    if off.lower_ not in vocabulary.departure_words:
        return None
    if opens(off, segment):
        why = f"the departure '{off.text} to {head.text}' with its subject left out"
        return Match("intention", "off-to", head, why)
    be = doc[off.i - 1] if off.i > 0 else None
    subject = subject_of(be) if be is not None and be.lemma_ == "be" else None
    if be is not None and be.lower_.replace("’", "'") in vocabulary.present_be and first_person(subject, vocabulary):
        words = as_written(subject, be, off, head)
        return Match("intention", "off-to", head, f"the first-person departure '{words}'")
    return None


@rule("let-me")
def let_me(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """'me'/'us' is looked for within two words of 'let', however the model attached it."""
    if head.lemma_ != "let" or head.tag_ != "VB" or not opens(head, segment):
        return None
    agent = any(
        c.lower_.replace("’", "'") in vocabulary.let_objects
        for c in head.subtree
        if c.i != head.i and c.i <= head.i + 2
    )
    verb = next((c for c in head.children if c.dep_ in ("ccomp", "xcomp") and c.pos_ in ("VERB", "AUX")), None)
    if not agent or verb is None:
        return None
    # as written: "Let's see", not "Let 's see"
    return Match("intention", "let-me", verb, f"'{as_written(head, head.doc[head.i + 1], verb)}'")


@rule("intention-verb")
def intention_verb(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """Only the present (VBP, VB): a past intention reports. r42d: with the subject dropped the verb (or a noun of the
    moment, 'Time to …') opens the segment, and no reader is named in it ('Need to restart your shell' is advice)."""
    subject = subject_of(head)
    if subject is None and opens(head, segment):
        return _subjectless_intention(head, segment, vocabulary)
    if head.lemma_ not in vocabulary.intention_verbs or head.tag_ not in ("VBP", "VB"):
        return None
    infinitive = infinitive_of(head)
    if not first_person(subject, vocabulary) or infinitive is None:
        return None
    words = as_written(subject, head, infinitive)
    return Match("intention", "intention-verb", infinitive, f"the first-person intention '{words}'")


def _subjectless_intention(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """'Need to wipe it:', 'Have to rebuild the image first.', 'Time to create `index.html`.'."""
    duty = (head.lower_ in vocabulary.duty_verbs and head.tag_ != "VBD") or head.lower_ in vocabulary.duty_forms
    if duty or (head.lemma_.lower() in vocabulary.intention_verbs and head.tag_ in ("VBP", "VB")):
        infinitive = infinitive_of(head)
    elif head.lower_ in vocabulary.intention_nouns and head.pos_ == "NOUN":
        infinitive = next((c for c in head.children if c.dep_ in ("relcl", "acl") and c.tag_ == "VB"
                           and any(a.lower_ == "to" for a in c.children if a.dep_ == "aux")), None)  # fmt: skip
    else:
        return None
    if infinitive is None or any(t.lower_ in vocabulary.reader_words for t in segment.tokens):
        return None
    words = head.doc[head.i : infinitive.i + 1].text
    return Match("intention", "intention-verb", infinitive, f"the intention '{words}' with its subject left out")
