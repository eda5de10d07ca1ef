"""The [[claim]] row of the agent's note-to-self (docs/DESIGN.md#claims): the terse note that names its next act before
its tool call, with no addressee — a bare imperative or a verbless noun phrase ('Now write the unit tests:', 'Install
deps, migrate, seed, test:', 'Now the missing unit tests:', 'Onto the snapshot tests next.', "Here's the corrected
code:" with nothing shown after it).

One reading, gated by where the sentence stands and who acts: the sentence ends the message on its colon with nothing
shown after it (Segment.pending: what it leads into was the stripped tool call), or a word of sequence opens it as an
adverb ('Now', 'Next,'). Its brakes: the reader addressed ('you', 'please'), a how-to it shows ('like this:'), a label
('Next steps:' has 'next' as an adjective), and — for an imperative that does not end the message on its colon — any
sentence before it in the message: after work reported, 'Next, regenerate the stubs.' is a usage note to the reader
(advised-work's)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from analyzer.grammar.claims.records import Match, Segment
from analyzer.grammar.claims.words import tops_of
from analyzer.grammar.registry import rule
from analyzer.text.closing import ClaimVocabulary

if TYPE_CHECKING:
    from spacy.tokens import Token

# Tags the small model gives a sentence-initial imperative it misreads ('Install deps, migrate …' as a noun phrase).
_MISREAD_VERB = frozenset({"NN", "NNP", "NNS", "JJ", "VBP"})


@cache
def work_verbs() -> frozenset[str]:
    """The verbs of the project's work (sites.toml: [advised-work] verbs, running, directed, written; [next-step]
    running_verbs and fenced_verbs) — the class an imperative the model misread as a noun still belongs to."""
    from analyzer.text import sites

    table = sites()
    advised, step = table["advised-work"], table["next-step"]
    words = [*advised["verbs"], *advised["running"], *advised["directed"], *advised["written"],
             *step["running_verbs"], *step["fenced_verbs"]]  # fmt: skip
    return frozenset(w for w in words if " " not in w)


@rule("note-to-self")
def note_to_self(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """Judged once, at the segment's highest head. A bare imperative (its subject and auxiliaries absent) or a verbless
    noun phrase, under the gate of the pending colon or a sequence adverb; a presentative 'be' only under the first."""
    tops = [t for t in tops_of(segment) if t not in segment.leading] or tops_of(segment)
    if not tops or head.i != tops[0].i or segment.opener is None:
        return None
    sequence = _sequence_adverb(segment, vocabulary)
    moving = head.pos_ == "ADP" and _moves_on(head, vocabulary)
    if not (segment.pending or sequence is not None or moving):
        return None
    if _addressed(segment, vocabulary) or _shows(segment, vocabulary):
        return None
    doc, opener = head.doc, segment.opener
    if moving and _verbless(segment):
        words = doc[head.i : max(t.i for t in head.subtree if t.pos_ != "PUNCT") + 1].text
        return Match("intention", "verbless-next-step", head, f"'{words}' (where the agent goes now, with no verb)")
    if segment.pending and _presentative(head, vocabulary):
        words = doc[segment.tokens[0].i : segment.tokens[-1].i + 1].text
        return Match("intention", "presentative-pending", head, f"'{words}:' (what it presents is still to come)")
    if segment.pending and sequence is not None and head.pos_ in ("NOUN", "PROPN", "ADP") and _verbless(segment):
        # 'Now the missing unit tests:', 'Now for the frontend:' leading into the stripped tool call; without the colon
        # a verbless phrase after a word of sequence names a topic ('Next, the changelog.')
        words = doc[sequence.i : max(t.i for t in head.subtree if not t.is_punct) + 1].text
        return Match("intention", "note-to-self", head, _because(words, segment))
    if not (segment.pending or segment.opens_message):
        return None  # after a sentence before it ('Done with the Kotlin side. Now open …') a usage note
    verb = _imperative(opener, sequence is not None, vocabulary)
    if verb is not None:
        words = doc[(sequence or opener).i : verb.i + 1].text
        return Match("intention", "note-to-self", verb, _because(words, segment))
    return None


def _because(words: str, segment: Segment) -> str:
    where = "ending the message on its colon" if segment.pending else "opening with its word of sequence"
    return f"the note-to-self '{words}' ({where}, no addressee: the agent's own next act)"


def _sequence_adverb(segment: Segment, vocabulary: ClaimVocabulary) -> Token | None:
    """'Now', 'Next,', 'Then' among the segment's leading words as an adverb, not as an adjective of a label ('Next
    steps:', 'First derivatives:')."""
    return next(
        (t for t in segment.leading
         if t.lower_ in vocabulary.sequence_adverbs and t.dep_ != "amod" and t.tag_ != "JJ"),
        None,
    )  # fmt: skip


def _imperative(opener: Token, sequenced: bool, vocabulary: ClaimVocabulary) -> Token | None:
    """The opener as a bare verb: tagged so with no subject or auxiliary of its own, or a verb of the project's work the
    model misread as a noun or adjective ('Install deps, …'). After a word of sequence the infinitive's 'to' opens it
    ('Now to wire up the router:'), which it does not alone ('To run it locally:' labels a how-to)."""
    if opener.lower_ == "to" and sequenced and opener.dep_ == "aux" and opener.head.tag_ == "VB":
        opener = opener.head
    elif opener.lemma_.lower() == "let":
        return None  # 'let me' is its own row's; 'let you' hands the act over
    own = {c.dep_ for c in opener.children if not (sequenced and c.dep_ == "aux" and c.lower_ == "to")}
    if own & {"nsubj", "nsubjpass", "aux", "auxpass", "expl"}:
        return None
    if opener.tag_ == "VB":
        return opener
    if opener.tag_ in _MISREAD_VERB and opener.lower_ in work_verbs():
        return opener
    return None


def _verbless(segment: Segment) -> bool:
    """No verb stands in the segment but a participle that modifies a noun ('the missing tests')."""
    return not any(
        t.pos_ in ("VERB", "AUX") and not (t.dep_ in ("amod", "compound") and t.tag_ in ("VBG", "VBN"))
        for t in segment.tokens
    )


def _moves_on(head: Token, vocabulary: ClaimVocabulary) -> bool:
    """Issue 28 phase 4: 'Onto the flaky snapshot tests next.', 'On to the webhooks now.'."""
    doc = head.doc
    moving = head.lower_ in vocabulary.next_step_prepositions or (
        head.lower_ == "on" and head.i + 1 < len(doc) and doc[head.i + 1].lower_ == "to"
    )
    when = [t for t in head.subtree if t.tag_ == "RB" and (t.lower_ == "next" or t.lower_ in vocabulary.now_adverbs)]
    # 'On to you now.': the turn handed to a person, not work taken up
    return moving and bool(when) and not any(t.dep_ == "pobj" and t.pos_ == "PRON" for t in head.subtree)


def _presentative(head: Token, vocabulary: ClaimVocabulary) -> bool:
    """r40e: 'be' with a presentative adverb before it ('Here's the corrected code:')."""
    return head.lemma_.lower() == "be" and any(
        c.dep_ in ("advmod", "expl") and c.lower_ in vocabulary.presentatives and c.i < head.i for c in head.children
    )


def _addressed(segment: Segment, vocabulary: ClaimVocabulary) -> bool:
    """The reader named or asked anywhere in the sentence ('Now update your `.env`:', 'Please rebuild:')."""
    addressing = vocabulary.reader_words | vocabulary.asking_words
    return any(t.lower_ in addressing for t in segment.tokens[0].doc)


def _shows(segment: Segment, vocabulary: ClaimVocabulary) -> bool:
    """The sentence ends pointing at what it shows the reader ('Wrap `app.listen` like this:')."""
    words = " ".join(t.lower_ for t in segment.tokens[0].doc if not t.is_punct and not t.is_space)
    return any(words == tail or words.endswith(" " + tail) for tail in vocabulary.shown_tails)
