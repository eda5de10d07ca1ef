"""A closing sentence cut into segments, and the [[not-claim]] rows that judge a segment before any
construction (at `segment`): someone else's words, a report of the work done, a label's status, a question."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.grammar.claims.records import Segment, SegmentSite
from analyzer.grammar.claims.words import (
    auxiliaries_of,
    first_person,
    tops_of,
    verb_forms,
)
from analyzer.grammar.registry import rule
from analyzer.parse.shapes import SEGMENT_BREAKS
from analyzer.terms import terms
from analyzer.text.closing import ClaimVocabulary

# r28i: words that mark a report's subject as other work than the announced act.
OTHER_WORK = terms("claim-tails", "other_work")

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token



def segments(doc: Doc, vocabulary: ClaimVocabulary) -> list[Segment]:
    """The sentence cut at its dashes, semicolons and colons (a sentence's segment breaks, as the
    attribution rules cut it: parse.shapes.SEGMENT_BREAKS), each part a proposition of its own.

    The words after a label — a verbless phrase before a colon or dash ("Remaining: running the
    migration", "release lane — waiting for the stamp") — state the label's status, not what the agent
    does: that segment is `labelled` and makes no claim. After leading words ("Next up: rebasing …",
    "Thanks for the fix — merging …") or a clause, a break starts an ordinary segment.
    """
    parts: list[tuple[list[Token], list[Token]]] = []
    current: list[Token] = []
    before: list[Token] = []
    for token in doc:
        if token.text in SEGMENT_BREAKS or _closing_comma(token, vocabulary) or _completing_ellipsis(token, vocabulary):
            parts.append((current, before))
            before, current = current, []
        elif _new_sentence(token, current):
            parts.append((current, before))
            before, current = current, [token]
        else:
            current.append(token)
    parts.append((current, before))
    return [_segment(tokens, before, vocabulary) for tokens, before in parts if tokens]


def _segment(tokens: list[Token], before: list[Token], vocabulary: ClaimVocabulary) -> Segment:
    """A segment with its first word after the leading words ("Next,", "OK —", "Now") it opens with."""
    leading: list[Token] = []
    opener = None
    for token in tokens:
        if token.is_punct or token.is_space or token.pos_ in ("SYM", "X"):
            continue
        if token.lower_ in vocabulary.leading_words and (
            token.pos_ not in ("VERB", "AUX", "PRON") or _before_comma(token)
        ):
            leading.append(token)  # a pronoun or verb form before a comma is a reply word ('on it,', 'righto,')
            continue
        opener = token
        break
    return Segment(tuple(tokens), opener, tuple(leading), tuple(before))


def _new_sentence(token: Token, current: list[Token]) -> bool:
    """Issue 28 phase 4: a sentence the parser found inside the text's own sentence ('lint fixed. openin the pull
    request now': the text's split needs a capital) is a segment of its own; the stop before it stays behind."""
    return bool(current) and token.is_sent_start and any(not t.is_punct for t in current)


def _closing_comma(token: Token, vocabulary: ClaimVocabulary) -> bool:
    """A comma before the word that closes a condition ('Let me know if another order works better, otherwise
    starting with the auth module.'): a break like the dash the same sentence may be written with."""
    following = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
    return token.text == "," and following is not None and following.lower_ in vocabulary.counterfactual_marks


def _completing_ellipsis(token: Token, vocabulary: ClaimVocabulary) -> bool:
    """r40e (docs/DESIGN.md#claims): an ellipsis before a completion word ('Rebuilding the image... done.') is the
    pause of a progress line whose end the word reports: a break, so the word backs the participle before it."""
    following = next((t for t in token.doc[token.i + 1 :] if not t.is_space), None)
    ellipsis = token.text == "…" or (len(token.text) > 1 and set(token.text) <= {".", "…"})
    return ellipsis and following is not None and following.lower_ in vocabulary.completion_words


def _before_comma(token: Token) -> bool:
    following = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
    return following is not None and following.text == ","


@rule("labelled-segment")
def labelled_segment(site: SegmentSite) -> bool:
    """The label is the part before the break that opened the segment (Segment.before). r39e (docs/DESIGN.md#claims):
    a segment that opens on a first-person subject ('One more thing: I'll bump the version …') is the agent speaking
    in its own voice after a lead, no status of the label."""
    opener = site.segment.opener
    if opener is not None and opener.dep_ in ("nsubj", "nsubjpass") and first_person(opener, site.vocabulary):
        return False
    return _is_label(site.segment.before, site.vocabulary)


def _is_label(tokens: Sequence[Token], vocabulary: ClaimVocabulary) -> bool:
    """A verbless noun phrase that does not open with leading words or a preposition: 'Remaining',
    'release lane', 'Status' (an -ing word that is never a participle is no verb). A noun with a predicate
    adjective after it ('Tests green — pushing the branch') is a verbless clause reporting a state: what
    follows it is the agent's next step, not the label's status."""
    words = [t for t in tokens if not t.is_punct and not t.is_space]
    if not words or words[0].lower_ in vocabulary.leading_words or words[0].pos_ == "ADP":
        return False  # "Onto the docs lane: rewriting …" is where the agent goes, not a label
    if len(words) >= 2 and words[-1].pos_ == "ADJ" and words[-2].pos_ in ("NOUN", "PROPN"):
        return False
    return not any(t.pos_ in ("VERB", "AUX") and t.lower_ not in vocabulary.not_participles for t in words)


# r29b: a bold or underscored run opening the sentence (the sentence may start after its opening marks), with no
# sentence punctuation inside, whose closing marks the next words follow with no space between: a title fused to the
# text it heads ('**Reviewing the retry policy**The policy …').
_FUSED_TITLE = re.compile(r"\s*(?:\*\*|__)?([^*_\n.!?]+?)(?:\*\*|__)(?=[A-Z0-9])")


@rule("bold-title")
def bold_title(site: SegmentSite) -> bool:
    """r29b (docs/DESIGN.md#claims): the segment opens inside a title written in bold and fused to the text it heads
    ('**Checking the config loader**Yes. The loader …', a reasoning step's title): a title names a topic, it
    announces nothing. A bold sentence of its own ('**Merging #12 now.** It is green.') is still read."""
    opener = site.segment.opener
    title = _FUSED_TITLE.match(site.doc.text)
    return opener is not None and title is not None and title.start(1) <= opener.idx < title.end(1)


@rule("quoted-segment")
def quoted_segment(site: SegmentSite) -> bool:
    """The segment's opener is mapped back to the text through the unit's offsets, where the quotations were found."""
    opener, unit, quoted = site.segment.opener, site.unit, site.quoted
    if opener is None or not quoted or opener.idx >= len(unit.offsets):
        return False
    start_at = unit.offsets[opener.idx]
    return any(start <= start_at < end for start, end in quoted)


@rule("question")
def question(site: SegmentSite) -> bool:
    """Read on the doc's last token, closing quotes and emphasis left out. The closing part's word test rules
    questions out before a parse (analyzer.text.closing.is_candidate), so this row judges what that test let
    through."""
    last = next((t for t in reversed(site.doc) if t.text not in ('"', "'", ")", "*", "_")), None)
    return last is not None and last.text.endswith("?")


@rule("reported-done")
def reported_done(site: SegmentSite) -> bool:
    """reports_completion reads the segment; backing is the row's outcome (yields backed), applied by find_claims."""
    return reports_completion(site.segment, site.vocabulary)


def _other_work(head: Token) -> bool:
    """r28i: the report's subject is marked as other work than the announced act ('the other three tracks', 'the rest',
    'everything else'; terms [claim-tails] other_work)."""
    subject = next((c for c in head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None:
        return False
    return subject.lower_ in OTHER_WORK or any(
        c.lower_ in OTHER_WORK for c in subject.children if c.dep_ in ("amod", "advmod", "det", "nummod")
    )


def reports_completion(segment: Segment, vocabulary: ClaimVocabulary) -> bool:
    """A segment that reports work done backs the claims before it: a past or perfect predicate ("Opened
    #906.", "I ran them: 88 passed.", "I've pushed the fix.") or a completion word ("Done — filed #812.",
    "It's done"). A past state ("The cold numbers were noisy.") or a subordinate clause ("Since the lead
    approved, …") reports nothing done; nor does a past set on an earlier occasion ("it recovered the last time
    I did this", "last week this took ten minutes": issue 28)."""
    if segment.opener is not None and segment.opener.lower_ in vocabulary.completion_words:
        return True
    for head in tops_of(segment)[:1]:
        if any(c.dep_ == "mark" for c in head.children):
            return False  # a fronted subordinate clause sets the scene ("With the parser done, starting …")
        if head.lower_ in vocabulary.duty_forms and any(c.dep_ == "xcomp" for c in head.children):
            return False  # r42d: 'Gotta fix the lint errors:' ('Got' + 'ta'): a duty still to do, no past report
        if _other_work(head):
            return False  # r28i: 'Still waiting on parser-dev. The other three tracks are done.': other work reported
        if head.lower_ in vocabulary.completion_words:
            return True
        if any(c.dep_ in ("acomp", "attr") and c.lower_ in vocabulary.completion_words for c in head.children):
            return True
        auxiliaries = {a.lower_.replace("’", "'") for a in auxiliaries_of(head)}
        future = bool(auxiliaries & vocabulary.future_auxiliaries)
        if verb_forms(head) & vocabulary.stative_lemmas:
            return False  # a past state reports nothing done ("The cold numbers were noisy.")
        if _earlier_occasion(head, segment, vocabulary):
            return False  # history, not this work: "…; it recovered the last time I did this."
        perfect = bool(auxiliaries & vocabulary.perfect_auxiliaries) or not auxiliaries
        if head.tag_ == "VBD" or (head.tag_ == "VBN" and not future and perfect):
            return True
    return False


def _earlier_occasion(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> bool:
    """The past predicate is set on an earlier occasion: a word of claims.toml's earlier_times among the segment's
    own words under it, as a time's modifier ('the last time', 'last week') or an adverb ('before', 'previously',
    'two days ago'), not as a subordinator ('before I restarted it' reports an order of events)."""
    inside = {t.i for t in segment.tokens}
    for token in head.subtree:
        if token.i in inside and _elsewhere(token, head, vocabulary):
            return True  # 'it applied cleanly on the other branch': another place, not this work
        if token.i not in inside or token.lower_ not in vocabulary.earlier_times:
            continue
        if token.dep_ in ("mark",) or (token.dep_ == "prep" and any(c.dep_ == "pobj" for c in token.children)):
            continue
        return True
    return False


def _elsewhere(token: Token, head: Token, vocabulary: ClaimVocabulary) -> bool:
    """A place of the past predicate's own that another occasion names ('on the other branch', 'in another repo'):
    a preposition on the predicate whose object a word of claims.toml's other_places modifies."""
    if token.dep_ != "prep" or token.head.i != head.i:
        return False
    return any(
        m.lower_ in vocabulary.other_places for o in token.children if o.dep_ == "pobj" for m in o.children
    )
