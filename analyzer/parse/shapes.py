"""Sentence shapes around a phrase: is it set off by punctuation, what segment does it comment on,
what is the subject of a copula, is a clause extraposed. Shared by the object and predicate rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.parse.tokens import DEMONSTRATIVES, SUBJECT_DEPS, is_copula, sentence_start, subject_of
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token


DECISION_MARKS = terms("parse", "decision_marks")

# Punctuation that sets the phrase off from what it comments on: "merge or hold, your call".
DETACHING_PUNCT = frozenset({",", "—", "–", "-", "--", ":", ";", "("})

# Punctuation that ends one clause segment and starts another inside a sentence.
SEGMENT_BREAKS = frozenset({";", ":", "—", "–", "--"})

DETACHED_CONJUNCTIONS = terms("parse", "detached_conjunctions")

# Clausal dependents that can carry an extraposed decision: "it's your call whether to squash".
EXTRAPOSED_DEPS = frozenset({"ccomp", "xcomp", "advcl", "acl", "csubj"})


def is_detached(phrase: Sequence[Token]) -> bool:
    """Set off by punctuation and closing its sentence: ", your call." / "— your move" / "(your call)"."""
    first, last = phrase[0], phrase[-1]
    before = previous_token(first)
    if before is not None and before.lower_ in DETACHED_CONJUNCTIONS:
        before = previous_token(before)
    if before is None or before.text not in DETACHING_PUNCT or (before.text == "-" and not before.whitespace_):
        return False
    trailing = [t for t in first.doc[last.i + 1 : first.sent.end] if not t.is_space]
    return all(t.is_punct for t in trailing) or _trailing_subordinate(trailing)


def _trailing_subordinate(trailing: list[Token]) -> bool:
    """', your call, though I'd lean toward closing' / '…, your move; I'm on the next rule' / ', your call
    (I'd squash).': the phrase closes its clause segment and something unrelated follows."""
    if trailing and trailing[0].text in (";", "—", "–", "--"):
        return True
    if trailing and trailing[0].text == "(":  # ', your call (I'd squash).': an aside closes the sentence
        close = next((k for k, t in enumerate(trailing) if t.text == ")"), None)
        return close is not None and all(t.is_punct for t in trailing[close + 1 :])
    if len(trailing) < 2 or trailing[0].text != ",":
        return False
    opener = trailing[1]
    contrast = opener.lower_ == "not"  # ', your call, not mine'
    return contrast or opener.dep_ in ("mark", "cc") or opener.pos_ == "SCONJ" or opener.lower_ in DETACHED_CONJUNCTIONS


def preceding_segment(phrase: Sequence[Token]) -> list[Token]:
    """The clause segment a detached phrase comments on: back to the last ';', ':' or dash.

    A segment that opens with a coordinator continues the one before it: in "Squash — or rebase, if
    linear history matters — your call" the dashes set off a second alternative, not a new clause.
    """
    segment = segment_before(phrase[0])
    while segment and segment[0].lower_ in ("or", "and", "nor") and segment[0].i > segment[0].sent.start:
        dash = previous_token(segment[0])
        earlier = segment_before(dash) if dash is not None and dash.text in ("—", "–", "--") else []
        # 'I pushed the fix — or squash or rebase': a clause with its own subject is no alternative.
        if not earlier or any(t.dep_ in SUBJECT_DEPS for t in earlier):
            break
        segment = [*earlier, *(t for t in segment[0].doc[earlier[-1].i + 1 : segment[0].i] if not t.is_space), *segment]
    return segment


def is_extraposed(noun: Token) -> bool:
    """'it's your call whether …': the clause belongs to the copula, judged as ownership."""
    if noun.dep_ != "attr" or not is_copula(noun.head):
        return False
    subject = subject_of(noun.head)
    return subject is not None and subject.lower_ == "it" and extraposed_clause(noun.head, [noun]) is not None


def segment_before(token: Token) -> list[Token]:
    """Tokens of the sentence before `token`, back to the last segment break, ends trimmed."""
    tokens = list(token.doc[sentence_start(token) : token.i])
    while tokens and (tokens[-1].is_punct or tokens[-1].is_space or tokens[-1].lower_ in DETACHED_CONJUNCTIONS):
        tokens.pop()
    start = 0
    for k, tok in enumerate(tokens):
        if tok.text in SEGMENT_BREAKS:
            start = k + 1
    return [t for t in tokens[start:] if not t.is_space]


def antecedent(subject: Token) -> list[Token]:
    return segment_before(subject)


def extraposed_clause(cop: Token, owner: list[Token]) -> Token | None:
    after = max([cop.i, *(o.i for o in owner)])
    for holder in (cop, *owner):
        for child in holder.children:
            if child.dep_ in EXTRAPOSED_DEPS and child.i > after:
                return child
    return None


def subjects(cop: Token) -> list[Token]:
    """The copula's subjects inside its own segment: 'Answer: the merge is yours' has subject 'the merge'.

    The small model sometimes gives a coordinated subject two nsubj arcs ('the merge and the cleanup
    are'); both are the subject.
    """
    subjects = [c for c in cop.children if c.dep_ in SUBJECT_DEPS]
    segment = {t.i for t in segment_before(cop)}
    inside = [s for s in subjects if s.i in segment]
    return inside or subjects


def owned_by_subject(noun: Token) -> bool:
    """'Merging is not your call — the bot merges': the copula's subject, not the dash, carries the relation.

    Not so for a demonstrative with nothing before it and a colon after the phrase: in "That's your call:
    merge now or hold" the demonstrative points forward, to the object the colon introduces.
    """
    if noun.dep_ != "attr" or not is_copula(noun.head):
        return False
    found = subjects(noun.head)
    if points_forward(noun) or _new_clause_between(noun.head, noun):
        return False
    return any(s.lower_ != "it" for s in found)


def _new_clause_between(cop: Token, noun: Token) -> bool:
    """'The rule is "the merge is yours", so your call on the merge': after ', so' the phrase opens a
    clause of its own, whatever copula the parser hung it on."""
    between = list(cop.doc[cop.i + 1 : noun.i])
    return any(
        t.text in (",", ";") and k + 1 < len(between) and between[k + 1].lower_ in DETACHED_CONJUNCTIONS
        for k, t in enumerate(between)
    )


# What introduces the words a forward-pointing demonstrative stands for: a colon, or a dash.
FORWARD_MARKS = frozenset({":", "—", "–"})


def points_forward(noun: Token) -> bool:
    """'That's your call: merge now or hold': the demonstrative stands for what the colon introduces."""
    after = noun.doc[noun.i + 1] if noun.i + 1 < noun.sent.end else None
    found = subjects(noun.head)
    demonstrative = len(found) == 1 and found[0].lower_ in DEMONSTRATIVES and noun.head.tag_ != "VBD"
    # r28i: a dash introduces it as a colon does ("That's your call — publishing 1.2.0 to npm.")
    return demonstrative and not segment_before(found[0]) and after is not None and after.text in FORWARD_MARKS


def previous_token(token: Token) -> Token | None:
    for k in range(token.i - 1, token.sent.start - 1, -1):
        if not token.doc[k].is_space:
            return token.doc[k]
    return None
