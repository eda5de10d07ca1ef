"""What the claim rows read of a token: its forms, auxiliaries, the infinitive it carries, and the
segment's own predicates."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from analyzer.grammar.claims.records import Segment
from analyzer.text.closing import ClaimVocabulary

if TYPE_CHECKING:
    from spacy.tokens import Token



_PARTICIPLE_LIKE_TAGS = frozenset({"NN", "NNP", "JJ", "VBN"})


def tops_of(segment: Segment) -> list[Token]:
    """The tokens whose head lies outside the segment (or the root), highest first."""
    inside = {t.i for t in segment.tokens}
    tops = [t for t in segment.tokens if (t.head.i not in inside or t.head.i == t.i) and not t.is_punct]
    return sorted(tops, key=lambda t: (len(list(t.ancestors)), t.i))


def as_written(*tokens: Token | None) -> str:
    """The construction's words in text order, as the parser read them ("I'll open", "I am going")."""
    present = sorted((t for t in tokens if t is not None), key=lambda t: t.i)
    parts = [present[0].text] if present else []
    for before, token in itertools.pairwise(present):
        gap = before.whitespace_ if token.i == before.i + 1 else " "
        parts.append(gap + token.text)
    return "".join(parts)


def auxiliaries_of(token: Token) -> list[Token]:
    return [c for c in token.children if c.dep_ in ("aux", "auxpass")]


def first_person(subject: Token | None, vocabulary: ClaimVocabulary) -> bool:
    return subject is not None and subject.lower_ in vocabulary.first_person_subjects


def opens(token: Token, segment: Segment) -> bool:
    """The token is the segment's first word once its leading words are skipped."""
    return segment.opener is not None and segment.opener.i == token.i


def participle(token: Token, vocabulary: ClaimVocabulary) -> bool:
    """A present participle, or an -ing word the small model tagged as a noun or adjective while it heads
    the fragment ("Filing the ticket now." read as a noun phrase)."""
    word = token.lower_
    if word in vocabulary.not_participles or not word.endswith("ing"):
        return False
    if token.tag_ == "VBG":
        return True
    has_determiner = any(c.dep_ in ("det", "poss") for c in token.children)
    return token.tag_ in _PARTICIPLE_LIKE_TAGS and not has_determiner


def infinitive_of(carrier: Token) -> Token | None:
    """The infinitive an intention carries ('to rebase'), directly or under 'about'. When the model
    reads 'to' as a preposition ("Going to rename `Slot` …" with inline code after it), the verb right
    after 'to' is the infinitive."""
    for child in carrier.children:
        if child.dep_ == "xcomp" and child.pos_ in ("VERB", "AUX"):
            return child
        if child.lower_ == "about":
            found = infinitive_of(child)
            if found is not None:
                return found
    doc = carrier.doc
    for child in carrier.children:
        if child.lower_ == "to" and child.i == carrier.i + 1 and child.i + 1 < len(doc):
            after = doc[child.i + 1]
            verb_like = after.pos_ == "VERB" or any(c.dep_ == "dobj" for c in after.children)
            if verb_like and after.head.i in (carrier.i, child.i):
                return after
    return None


def carried(predicate: Token, vocabulary: ClaimVocabulary) -> Token:
    """'keep waiting', 'start writing': the action is the verb the carrier hands over to."""
    if verb_forms(predicate) & vocabulary.carrier_verbs:
        carried = next((c for c in predicate.children if c.dep_ == "xcomp" and c.pos_ == "VERB"), None)
        if carried is not None:
            return carried
    return predicate


def verb_forms(token: Token) -> frozenset[str]:
    """The lemma, the word, and for an -ing word its stems: the small model lemmatizes "hoping" as
    "hop", so the lists are matched against "hope" too ("stopping" → "stop", "seeing" → "see")."""
    word = token.lower_
    forms = {token.lemma_.lower(), word}
    if word.endswith("ing") and len(word) > 5:
        stem = word[:-3]
        forms.update({stem, stem + "e"})
        if len(stem) > 2 and stem[-1] == stem[-2]:
            forms.add(stem[:-1])
    return frozenset(forms)


def particles(token: Token) -> set[str]:
    return {c.lower_ for c in token.children if c.dep_ in ("prt", "prep", "advmod")}
