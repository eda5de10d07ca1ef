"""Unbacked imminent-action claims, judged by grammar on the parse (SPEC §2.7): the [[claim]] and
[[not-claim]] rows of grammar.toml.

The idle-out seed 001 is about: the agent ends its turn announcing what it does now ("Picking up the
next lane now.") and stops, so it never happens. A claim is a sentence of the closing part
(analyzer.text.closing) whose main predicate is an action the agent performs now or next, in one of four
forms, each construction one [[claim]] row, tried in the table's order. Status ("Everything is green
now."), gerund subjects, past reports, plans for a named later time, questions, negations, statives and
honest stopping are not claims (the [[not-claim]] rows), and a claim that a later sentence reports done
is backed.

Pure: text in, claims out. spaCy loads only when the closing part has a candidate sentence.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from analyzer.grammar.registry import apply, deciding, rule, table
from analyzer.parse.model import load_model
from analyzer.parse.shapes import SEGMENT_BREAKS
from analyzer.parse.tokens import SUBJECT_DEPS
from analyzer.report import Claim, ClaimForm, Span, line_col
from analyzer.text.closing import MAX_CLAIM_CHARS, ClaimVocabulary, Closing, claim_vocabulary, closing_part
from analyzer.text.units import Unit, compact_unit

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

_PARTICIPLE_LIKE_TAGS = frozenset({"NN", "NNP", "JJ", "VBN"})
# Attachments of a fronted time or condition clause, as the small model reads them.
_ADJUNCT_DEPS = frozenset({"advcl", "dep", "npadvmod", "advmod", "prep", "dobj"})
# Dependencies of a participle the model hangs under a fronted clause's verb ("With the schema merged, moving …").
_FRONTED_DEPS = frozenset({"advcl", "conj", "ccomp", "xcomp", "acl", "dep"})


@dataclass(frozen=True)
class Match:
    """What a construction rule found: its form and rule name, the verb that carries the action, and
    the words that make the construction (for the reason)."""

    form: ClaimForm
    rule: str
    predicate: Token
    construction: str


@dataclass(frozen=True)
class Segment:
    """The tokens of one segment of a sentence, its first word, the leading words skipped before it, and the
    words of the part before the break that opened it (none for the sentence's first)."""

    tokens: tuple[Token, ...]
    opener: Token | None
    leading: tuple[Token, ...]
    before: tuple[Token, ...] = ()


@dataclass(frozen=True)
class SegmentSite:
    """A segment of a closing sentence as the [[not-claim]] rows at `segment` read it: its tokens, the
    sentence's parse unit (offsets into the text) and the closing part's quotations."""

    segment: Segment
    unit: Unit
    quoted: tuple[tuple[int, int], ...]
    vocabulary: ClaimVocabulary

    @property
    def doc(self) -> Doc:
        return self.segment.tokens[0].doc


@dataclass(frozen=True)
class PredicateSite:
    """What a claim construction matched, as the [[not-claim]] rows at `predicate` and the [[modifier]] rows
    at `claim-form` read it: the segment's head it matched at, the predicate that carries the action (a
    carrier verb's carried verb), the match and the segment."""

    head: Token
    predicate: Token
    match: Match
    segment: Segment
    vocabulary: ClaimVocabulary

    @property
    def doc(self) -> Doc:
        return self.head.doc


def find_claims(
    text: str, *, model_name: str | None = None, vocabulary: ClaimVocabulary | None = None
) -> tuple[Claim, ...]:
    """The claims that end `text` unbacked. Parses only when the closing part has a candidate sentence."""
    vocabulary = vocabulary or claim_vocabulary()
    closing = closing_part(text, vocabulary)
    if not closing.has_candidate:
        return ()
    first = next(k for k, s in enumerate(closing.sentences) if s.candidate)
    units = [_unit(closing, s.start, s.end, vocabulary) for s in closing.sentences[first:]]
    docs = list(load_model(model_name).pipe(unit.text for unit in units))
    found: list[Claim] = []
    for sentence, unit, doc in zip(closing.sentences[first:], units, docs, strict=True):
        claimed = False
        for segment in segments(doc, vocabulary):
            decided = deciding("segment", SegmentSite(segment, unit, closing.quoted, vocabulary))
            if decided is not None:
                if decided.decides("backed"):
                    found.clear()  # what was announced before is reported done
                    claimed = False
                continue
            if sentence.candidate and not claimed and (match := claim_in(segment, doc, vocabulary)) is not None:
                found.append(_claim(text, sentence.start, sentence.end, unit, match))
                claimed = True
    return tuple(found)


def claim_parse(text: str, claim: Claim, model_name: str | None = None) -> tuple[Unit, Doc]:
    """The claim's sentence parsed exactly as find_claims parsed it, for `analyze --tree/--html`."""
    vocabulary = claim_vocabulary()
    closing = closing_part(text, vocabulary)
    sentence = next(s for s in closing.sentences if s.start == claim.start)
    unit = _unit(closing, sentence.start, sentence.end, vocabulary)
    return unit, load_model(model_name)(unit.text)


def _unit(closing: Closing, start: int, end: int, vocabulary: ClaimVocabulary) -> Unit:
    """The sentence as the parser reads it: compacted, bounded, with split prefixes joined to their
    participle ("Re-running" → "Rerunning"), and a map back to the original offsets."""
    # a sentence longer than the bound is read from its start only, so its cost is bounded too (SPEC §2.6)
    unit = compact_unit(closing.view, start, min(end, start + 4 * MAX_CLAIM_CHARS))
    text, offsets = unit.text, list(unit.offsets)
    for m in reversed(list(_prefix_pattern(vocabulary.joined_prefixes).finditer(text))):
        hyphen = m.end() - 1
        text = text[:hyphen] + text[hyphen + 1 :]
        del offsets[hyphen]
    return Unit(unit.start, unit.end, text[:MAX_CLAIM_CHARS], tuple(offsets[:MAX_CLAIM_CHARS]))


@cache
def _prefix_pattern(prefixes: frozenset[str]) -> re.Pattern[str]:
    alternatives = "|".join(sorted(prefixes))
    return re.compile(rf"\b(?:{alternatives})-(?=[a-z]+ing\b)", re.IGNORECASE)


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
        if token.text in SEGMENT_BREAKS:
            parts.append((current, before))
            before, current = current, []
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
        if token.lower_ in vocabulary.leading_words and token.pos_ not in ("VERB", "AUX", "PRON"):
            leading.append(token)
            continue
        opener = token
        break
    return Segment(tuple(tokens), opener, tuple(leading), tuple(before))


@rule("labelled-segment")
def labelled_segment(site: SegmentSite) -> bool:
    """The segment follows a label: what it says is the label's status, not what the agent does."""
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


@rule("quoted-segment")
def quoted_segment(site: SegmentSite) -> bool:
    """A segment that opens inside a quotation is someone else's words: 'The teammate wrote: "Picking up the
    exporter now."' reports what was written, it announces nothing of the agent's."""
    opener, unit, quoted = site.segment.opener, site.unit, site.quoted
    if opener is None or not quoted or opener.idx >= len(unit.offsets):
        return False
    start_at = unit.offsets[opener.idx]
    return any(start <= start_at < end for start, end in quoted)


def claim_in(segment: Segment, doc: Doc, vocabulary: ClaimVocabulary) -> Match | None:
    """The claim a segment makes, if any: the first [[claim]] row that matches one of its heads, unless a
    [[not-claim]] row at `predicate` takes it back; a [[modifier]] row at `claim-form` may announce it as a
    wait. (The rows at `segment` have judged the segment before: find_claims.)"""
    for head in _heads(segment, vocabulary):
        for construction in table("claim"):
            match = construction(head, segment, vocabulary)
            if match is None:
                continue
            predicate = _carried(match.predicate, vocabulary)
            site = PredicateSite(head, predicate, match, segment, vocabulary)
            if apply("predicate", site):
                return None
            waiting = apply("claim-form", site)
            return waiting if waiting is not None else Match(match.form, match.rule, predicate, match.construction)
    return None


def _heads(segment: Segment, vocabulary: ClaimVocabulary) -> list[Token]:
    """The segment's own predicates: tokens whose head lies outside it (or the root), highest first, each
    followed by the predicates the [[correction]] rows at `claim-heads` find under it."""
    heads: list[Token] = []
    for top in _tops(segment):
        heads.append(top)
        heads.extend(apply("claim-heads", top, vocabulary))
    return heads


def _tops(segment: Segment) -> list[Token]:
    """The tokens whose head lies outside the segment (or the root), highest first."""
    inside = {t.i for t in segment.tokens}
    tops = [t for t in segment.tokens if (t.head.i not in inside or t.head.i == t.i) and not t.is_punct]
    return sorted(tops, key=lambda t: (len(list(t.ancestors)), t.i))


@rule("participle-read-as-subject")
def participle_read_as_subject(top: Token, vocabulary: ClaimVocabulary) -> list[Token]:
    """A gerund subject needs a finite verb. When the model hangs an opening -ing word under a noun ("Cleaning
    up the temp files …" parsed as 'Cleaning' → csubj of 'files'; "Going to write the test first, then the
    fix." as 'Going' → advcl of 'fix'), the sentence has no verb of its own and the -ing word is its
    predicate."""
    if top.pos_ in ("VERB", "AUX"):
        return []
    return [c for c in top.children if c.dep_ in ("csubj", "nsubj", "advcl") and c.tag_ == "VBG" and c.i < top.i]


@rule("participle-before-subordinate")
def participle_before_subordinate(top: Token, vocabulary: ClaimVocabulary) -> list[Token]:
    """A participle followed by a subordinate clause is still the sentence's predicate: when the model makes
    the trailing clause's verb the root and hangs the opening -ing word under it ("Splitting the job so each
    tenant runs alone." parsed as 'Splitting' → advcl of 'runs'), the -ing word is the predicate.

        Splitting -advcl-> runs, so -mark-> runs
    """
    if top.pos_ not in ("VERB", "AUX"):
        return []
    if not any(c.dep_ == "mark" and c.lower_ in vocabulary.trailing_subordinators for c in top.children):
        return []
    return [c for c in top.children if c.dep_ in ("advcl", "csubj") and c.tag_ == "VBG" and c.i < top.i]


@rule("question")
def question(site: SegmentSite) -> bool:
    """The sentence ends with a question mark: it announces nothing (the register gates judge questions)."""
    last = next((t for t in reversed(site.doc) if t.text not in ('"', "'", ")", "*", "_")), None)
    return last is not None and last.text.endswith("?")


# ------------------------------------------------------------------------------------------ rules


def _as_written(*tokens: Token | None) -> str:
    """The construction's words in text order, as the parser read them ("I'll open", "I am going")."""
    present = sorted((t for t in tokens if t is not None), key=lambda t: t.i)
    parts = [present[0].text] if present else []
    for before, token in itertools.pairwise(present):
        gap = before.whitespace_ if token.i == before.i + 1 else " "
        parts.append(gap + token.text)
    return "".join(parts)


def _subject(token: Token) -> Token | None:
    return next((c for c in token.children if c.dep_ in SUBJECT_DEPS), None)


def _auxiliaries(token: Token) -> list[Token]:
    return [c for c in token.children if c.dep_ in ("aux", "auxpass")]


def _first_person(subject: Token | None, vocabulary: ClaimVocabulary) -> bool:
    return subject is not None and subject.lower_ in vocabulary.first_person_subjects


def _opens(token: Token, segment: Segment) -> bool:
    """The token is the segment's first word once its leading words are skipped."""
    return segment.opener is not None and segment.opener.i == token.i


def _participle(token: Token, vocabulary: ClaimVocabulary) -> bool:
    """A present participle, or an -ing word the small model tagged as a noun or adjective while it heads
    the fragment ("Filing the ticket now." read as a noun phrase)."""
    word = token.lower_
    if word in vocabulary.not_participles or not word.endswith("ing"):
        return False
    if token.tag_ == "VBG":
        return True
    has_determiner = any(c.dep_ in ("det", "poss") for c in token.children)
    return token.tag_ in _PARTICIPLE_LIKE_TAGS and not has_determiner


@rule("subjectless-participle")
def subjectless_participle(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """A subjectless present participle opens the sentence: "Picking up the next lane now.", "Moving on
    to #204." (form participle). After a now-adverb it is the first-person progressive with its subject
    left out: "Now running the full suite." (form progressive, rule elided-progressive). A gerund subject
    ("Running the suite showed …") is not the head and never matches."""
    if not _participle(head, vocabulary) or _subject(head) is not None or _auxiliaries(head):
        return None
    if not _opens(head, segment):
        return None
    now = [t for t in segment.leading if t.lower_ in vocabulary.now_adverbs]
    if now:
        words = _as_written(now[-1], head)
        return Match("progressive", "elided-progressive", head, f"'{words}' (a progressive with its subject left out)")
    return Match("participle", "subjectless-participle", head, f"the subjectless participle '{head.text}'")


@rule("fronted-participle")
def fronted_participle(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """A subjectless participle after a fronted clause or phrase is still the sentence's predicate: after an
    absolute or prepositional phrase or a subordinate clause ("With the schema merged, moving to the API
    layer.", "Since the lead approved, merging the plan.", "Now that CI passes, opening the PR.") or after a
    clause joined by 'so' ("The flake is gone, so starting the release notes now."). A participle after a
    main clause with no 'so' is that clause's adjunct ("The bot merged #12, closing the issue."): no claim.

        moving -advcl-> merged, With -mark-> merged
    """
    if head.head.i != head.i and head.head.i in {t.i for t in segment.tokens}:
        return None  # only from the segment's top: the fronted clause's own verb
    if segment.opener is None:
        return None
    for token in segment.tokens:
        if token.i <= segment.opener.i or not _participle(token, vocabulary) or token.dep_ not in _FRONTED_DEPS:
            continue
        if _subject(token) is not None or _auxiliaries(token) or _buried_finite_verb(token):
            continue
        links = _links_before(token, vocabulary)
        comma = token.doc[token.i - len(links) - 1] if token.i - len(links) - 1 >= 0 else None
        if comma is None or comma.text != ",":
            continue
        joined = any(link.lower_ == "so" for link in links)
        opener = segment.opener
        fronted = opener.dep_ in ("mark", "prep") or opener.lower_ in vocabulary.fronting_openers
        if joined or fronted:
            before = f"'…, {'so ' if joined else ''}{token.text}'"
            return Match("participle", "fronted-participle", token, f"the participle {before} after a fronted clause")
    return None


def _buried_finite_verb(participle: Token) -> bool:
    """A finite verb with its own subject that the model buried in the participle's phrase ("…, so adding a
    column without a migration fails here.": 'fails' read as a pcomp): the -ing word is a gerund subject of
    that verb, not a predicate. A finite tag on an object ('the release notes' read as a verb) is no verb."""
    return any(
        t.tag_ in ("VBZ", "VBP", "VBD") and t.dep_ in ("pcomp", "conj") and _subject(t) is not None
        for t in participle.subtree
        if t.i > participle.i
    )


def _links_before(token: Token, vocabulary: ClaimVocabulary) -> list[Token]:
    """The linking words right before a participle ('so', 'just', 'now'), back to the comma."""
    links = []
    k = token.i - 1
    while k >= 0 and token.doc[k].lower_ in vocabulary.fronting_links:
        links.append(token.doc[k])
        k -= 1
    return links


@rule("colloquial-future")
def colloquial_future(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """The colloquial future 'gonna' with a verb, subjectless or first-person: "Gonna bump the cache size."
    (form intention). The tokenizer splits it ('Gon' + 'na') and the model reads 'Gon' as a noun root.

        bump -advcl-> Gon, na -aux-> bump
    """
    doc = head.doc
    if head.lower_ not in vocabulary.colloquial_futures or not _opens(head, segment):
        return None
    verb = next((c for c in head.children if c.pos_ == "VERB" and c.i > head.i), None)
    if verb is None and head.i + 2 < len(doc) and doc[head.i + 1].lower_ == "na" and doc[head.i + 2].pos_ == "VERB":
        verb = doc[head.i + 2]
    if verb is None:
        return None
    return Match("intention", "colloquial-future", verb, f"the colloquial future '{head.text}… {verb.text}'")


@rule("first-person-progressive")
def first_person_progressive(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """A first-person present progressive: "I'm starting on the parser.", "We are deploying the hotfix."
    A past one ("I was running …") or a third-person one ("Something is running now.") is status."""
    if head.tag_ != "VBG" or not _first_person(_subject(head), vocabulary):
        return None
    auxiliaries = [a.lower_.replace("’", "'") for a in _auxiliaries(head)]
    if not any(a in vocabulary.present_be for a in auxiliaries) or any(
        a in vocabulary.future_auxiliaries for a in auxiliaries
    ):
        return None
    words = _as_written(_subject(head), *_auxiliaries(head), head)
    return Match("progressive", "first-person-progressive", head, f"the first-person progressive '{words}'")


@rule("first-person-future")
def first_person_future(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """A first-person future: "I'll open the PR now.", "Next, I'll run the migration."; with the subject
    left out when the auxiliary opens the sentence: "Will open the PR now.", "Will do." (form intention)."""
    future = next((a for a in _auxiliaries(head) if a.lower_.replace("’", "'") in vocabulary.future_auxiliaries), None)
    if future is None:
        return None
    subject = _subject(head)
    if subject is not None and _first_person(subject, vocabulary):
        words = _as_written(subject, future, head)
        return Match("intention", "first-person-future", head, f"the first-person future '{words}'")
    if subject is None and _opens(future, segment):
        return Match(
            "intention", "subjectless-future", head, f"the future '{future.text} {head.text}' with its subject left out"
        )
    return None


@rule("going-to")
def going_to(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """'going to' / 'about to' with an infinitive, first-person or with the subject left out: "Going to
    rebase onto main.", "I'm going to split the module.", "I'm about to run the benchmark." (intention).
    "I was going to …" is past."""
    going = head.lemma_ == "go" and head.tag_ == "VBG"
    about = head.lemma_ == "be" and any(c.lower_ == "about" for c in head.children)
    if not (going or about):
        return None
    infinitive = _infinitive(head)
    if infinitive is None:
        return None
    subject = _subject(head)
    auxiliaries = [a.lower_.replace("’", "'") for a in _auxiliaries(head)]
    if head.lemma_ == "be":
        auxiliaries.append(head.lower_.replace("’", "'"))
    present = any(a in vocabulary.present_be for a in auxiliaries)
    if _first_person(subject, vocabulary) and present:
        return Match(
            "intention", "going-to", infinitive, f"the first-person intention '{head.text} … to {infinitive.text}'"
        )
    if subject is None and _opens(head, segment):
        return Match(
            "intention",
            "going-to",
            infinitive,
            f"the intention '{head.text} to {infinitive.text}' with its subject left out",
        )
    return None


def _infinitive(carrier: Token) -> Token | None:
    """The infinitive an intention carries ('to rebase'), directly or under 'about'. When the model
    reads 'to' as a preposition ("Going to rename `Slot` …" with inline code after it), the verb right
    after 'to' is the infinitive."""
    for child in carrier.children:
        if child.dep_ == "xcomp" and child.pos_ in ("VERB", "AUX"):
            return child
        if child.lower_ == "about":
            found = _infinitive(child)
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


@rule("let-me")
def let_me(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """'let me' / 'let's' with a verb: "Let me run the tests.", "Let's ship the patch." (intention).
    "Let me know if …" is an offer's closer, not an action (know is stative)."""
    if head.lemma_ != "let" or head.tag_ != "VB" or not _opens(head, segment):
        return None
    agent = any(
        c.lower_.replace("’", "'") in vocabulary.let_objects
        for c in head.subtree
        if c.i != head.i and c.i <= head.i + 2
    )
    verb = next((c for c in head.children if c.dep_ in ("ccomp", "xcomp") and c.pos_ in ("VERB", "AUX")), None)
    if not agent or verb is None:
        return None
    return Match("intention", "let-me", verb, f"'{head.text} {head.doc[head.i + 1].text} {verb.text}'")


@rule("intention-verb")
def intention_verb(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """A first-person verb of intention with an infinitive: "I plan to refactor the loader next." (intention)."""
    if head.lemma_ not in vocabulary.intention_verbs or head.tag_ not in ("VBP", "VB"):
        return None
    subject = _subject(head)
    infinitive = _infinitive(head)
    if not _first_person(subject, vocabulary) or infinitive is None:
        return None
    words = _as_written(subject, head, infinitive)
    return Match("intention", "intention-verb", infinitive, f"the first-person intention '{words}'")


# ------------------------------------------------------------------------------------------ not an action


def _carried(predicate: Token, vocabulary: ClaimVocabulary) -> Token:
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


def _particles(token: Token) -> set[str]:
    return {c.lower_ for c in token.children if c.dep_ in ("prt", "prep", "advmod")}


@rule("no-action")
def no_action(site: PredicateSite) -> bool:
    """A negated predicate, or a verb of the vocabulary's stative, state-of-the-work or ending lists, read
    with its complements: an intransitive use is what those lists name ("Shutting down." ends the turn,
    "Shutting the teammates down now." acts on others)."""
    predicate, head, vocabulary = site.predicate, site.head, site.vocabulary
    forms = verb_forms(predicate)
    negated = any(c.dep_ == "neg" for t in (predicate, head) for c in t.children)
    if negated or forms & (vocabulary.stative_lemmas | vocabulary.state_lemmas | vocabulary.ending_lemmas):
        return True
    if forms & vocabulary.ending_intransitive_lemmas and not any(c.dep_ == "dobj" for c in predicate.children):
        return True
    if forms & vocabulary.intransitive_status_lemmas:
        complements = [c for c in predicate.children if c.dep_ in ("dobj", "prt", "xcomp", "ccomp", "attr")]
        preps = [c for c in predicate.children if c.dep_ == "prep" and c.lower_ in vocabulary.action_prepositions]
        return not complements and not preps
    return False


@rule("stance")
def stance(site: PredicateSite) -> bool:
    """A carried verb ('keep working') is already the predicate here (_carried), so a stance verb seen here
    carries none; an availability verb is a stance only with nothing after it or an availability word."""
    predicate, vocabulary = site.predicate, site.vocabulary
    forms = verb_forms(predicate)
    if forms & vocabulary.stance_lemmas:
        return True
    if not forms & vocabulary.availability_lemmas:
        return False
    words = {t.lower_ for t in predicate.subtree if t.i > predicate.i}
    return not words - {"."} or bool(words & vocabulary.availability_words)


@rule("announced-waiting")
def announced_waiting(site: PredicateSite) -> Match | None:
    """The claim's predicate is passive waiting: announced, it is a wait (form waiting)."""
    if not _is_waiting(site.predicate, site.vocabulary):
        return None
    what = f"{site.match.construction} (passive waiting, there is no hold state)"
    return Match("waiting", "announced-waiting", site.predicate, what)


def _is_waiting(predicate: Token, vocabulary: ClaimVocabulary) -> bool:
    """Passive waiting by the vocabulary's lists: a waiting verb, a verb with a waiting object ('give them a
    moment'), or a phrasal waiting verb ('stand by')."""
    forms = verb_forms(predicate)
    if forms & vocabulary.waiting_lemmas:
        return True
    objects = [c.lemma_.lower() for c in predicate.children if c.dep_ == "dobj"]
    if any(f"{form} {thing}" in vocabulary.waiting_objects for form in forms for thing in objects):
        return True
    return any(f"{form} {word}" in vocabulary.waiting_phrasal for form in forms for word in _particles(predicate))


@rule("wait-then")
def wait_then(site: PredicateSite) -> Match | None:
    """The wait is the fronted adverbial clause of the head that 'then' marks; a claim already announced as
    waiting is left as it is.

        waiting -advcl-> synthesize, then -advmod-> synthesize
    """
    head = site.head
    if site.match.form == "waiting" or not any(c.dep_ == "advmod" and c.lower_ == "then" for c in head.children):
        return None
    fronted = (c for c in head.children if c.dep_ == "advcl" and c.i < head.i)
    wait = next((c for c in fronted if _is_waiting(c, site.vocabulary)), None)
    if wait is None:
        return None
    what = f"the wait '{wait.text}', with the action after 'then' set for when it ends"
    return Match("waiting", "wait-then", wait, what)


@rule("object-before-subject")
def object_before_subject(site: PredicateSite) -> bool:
    """The object stands before the subject in the head's own children: the model read a noun's reduced
    relative clause as a sentence.

        files -dobj-> touch, I -nsubj-> touch (files before I)
    """
    head = site.head
    subject = _subject(head)
    return subject is not None and any(c.dep_ == "dobj" and c.i < subject.i for c in head.children)


@rule("hold-until")
def hold_until(site: PredicateSite) -> Match | None:
    """The until-clause is the predicate's adverbial clause, its mark read with the verb as a phrasal wait
    ('hold until').

        until -mark-> approves -advcl-> Holding
    """
    predicate, forms = site.predicate, verb_forms(site.predicate)
    marks = [m.lower_ for c in predicate.children if c.dep_ == "advcl" for m in c.children if m.dep_ == "mark"]
    if not any(f"{form} {mark}" in site.vocabulary.waiting_phrasal for form in forms for mark in marks):
        return None
    what = f"{site.match.construction} (a hold until someone acts, announced as waiting)"
    return Match("waiting", "hold-until", predicate, what)


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
        t.lower_ == "as" and t.dep_ == "mark" and t.head.pos_ in ("VERB", "AUX") and _subject(t.head) is not None
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
    # a sentence that opens on a condition or a later time sets it for what follows, however the model
    # attached the clause ("If you'd rather keep it inline, say the word and I'll pull it out.")
    opening = next((t for t in head.doc if not t.is_punct and not t.is_space), None)
    if opening is not None and opening.lower_ in marks and opening.i < head.i:
        return True
    # a conjunct shares the conditions of the clause it is coordinated with ("If CI passes, merge it and
    # I'll rebase")
    governing = head.head if head.dep_ == "conj" else head
    for verb in {head.i: head, predicate.i: predicate, governing.i: governing}.values():
        for child in verb.children:
            marked = any(c.dep_ in ("mark", "advmod") and c.lower_ in marks for c in child.children)
            if child.dep_ == "advcl" and marked:
                return True
            if child.dep_ == "prep" and child.lower_ in marks:
                return True
            # the model may read "Once #204 merges," or "when #204 merges" as a fragment or an object: it
            # still opens with the mark
            if child.dep_ in _ADJUNCT_DEPS and child.left_edge.lower_ in marks and child.left_edge.i != verb.i:
                return True
    for token in head.subtree:
        word = token.lower_
        if word in vocabulary.later_words:
            return True
        # a numbered later period: "in Sprint 14", "in week 3"
        numbered = any(c.dep_ == "nummod" for c in token.children)
        if word in vocabulary.later_after_next and numbered and token.head.lower_ == "in":
            return True
        if word == "next" and token.head.lower_ in vocabulary.later_after_next and token.head.i != head.i:
            return True
    return False


@rule("conditional-promise")
def conditional_promise(site: PredicateSite) -> bool:
    """The head is a conjunct of a subjectless imperative before it.

        pull -conj-> say (VB, no subject, before it)
    """
    head = site.head
    if head.dep_ != "conj":
        return False
    first = head.head
    return first.tag_ == "VB" and _subject(first) is None and first.i < head.i


@rule("reported-done")
def reported_done(site: SegmentSite) -> bool:
    """The segment reports work done (reports_completion): the claims before it are backed."""
    return reports_completion(site.segment, site.vocabulary)


def reports_completion(segment: Segment, vocabulary: ClaimVocabulary) -> bool:
    """A segment that reports work done backs the claims before it: a past or perfect predicate ("Opened
    #906.", "I ran them: 88 passed.", "I've pushed the fix.") or a completion word ("Done — filed #812.",
    "It's done"). A past state ("The cold numbers were noisy.") or a subordinate clause ("Since the lead
    approved, …") reports nothing done."""
    if segment.opener is not None and segment.opener.lower_ in vocabulary.completion_words:
        return True
    for head in _tops(segment)[:1]:
        if head.lower_ in vocabulary.completion_words:
            return True
        if any(c.dep_ in ("acomp", "attr") and c.lower_ in vocabulary.completion_words for c in head.children):
            return True
        auxiliaries = {a.lower_.replace("’", "'") for a in _auxiliaries(head)}
        future = bool(auxiliaries & vocabulary.future_auxiliaries)
        if verb_forms(head) & vocabulary.stative_lemmas:
            return False  # a past state reports nothing done ("The cold numbers were noisy.")
        if any(c.dep_ == "mark" for c in head.children):
            return False  # a fronted subordinate clause sets the scene ("With the schema merged, moving …")
        perfect = bool(auxiliaries & vocabulary.perfect_auxiliaries) or not auxiliaries
        if head.tag_ == "VBD" or (head.tag_ == "VBN" and not future and perfect):
            return True
    return False


# ------------------------------------------------------------------------------------------ output


def _claim(text: str, start: int, end: int, unit: Unit, match: Match) -> Claim:
    predicate = match.predicate
    p_start = unit.offsets[predicate.idx]
    p_end = unit.offsets[min(predicate.idx + len(predicate.text), len(unit.offsets)) - 1] + 1
    line, col = line_col(text, start)
    reason = (
        f"claim ({match.form}, rule {match.rule}): {match.construction} announces an action for now, "
        "and nothing after it in the message reports it done"
    )
    return Claim(
        text=text[start:end],
        start=start,
        end=end,
        line=line,
        col=col,
        form=match.form,
        reason=reason,
        rule=match.rule,
        predicate=Span(text[p_start:p_end], p_start, p_end),
    )
