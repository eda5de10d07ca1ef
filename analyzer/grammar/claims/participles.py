"""The [[claim]] rows of the participle and the progressive (docs/DESIGN.md#claims), and the [[correction]] rows that
find a participle the model hid under another word (at `claim-heads`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.grammar.claims.records import Match, Segment
from analyzer.grammar.claims.words import (
    as_written,
    auxiliaries_of,
    first_person,
    opens,
    participle,
)
from analyzer.grammar.registry import rule
from analyzer.parse.tokens import subject_of
from analyzer.terms import terms
from analyzer.text.closing import ClaimVocabulary

if TYPE_CHECKING:
    from spacy.tokens import Token

# r33e: the stage nouns of the agent's plan ('Next up is Phase 3: wiring the API' — the participle titles the stage)
PLAN_STAGES = terms("readiness-next", "plan_stages")



# Dependencies of a participle the model hangs under a fronted clause's verb ("With the schema merged, moving …").
_FRONTED_DEPS = frozenset({"advcl", "conj", "ccomp", "xcomp", "acl", "dep"})


@rule("participle-read-as-subject")
def participle_read_as_subject(top: Token, vocabulary: ClaimVocabulary) -> list[Token]:
    """Only under a top that is no verb: a gerund subject needs a finite verb, so an -ing word the model hung under
    a noun is the sentence's predicate."""
    if top.pos_ in ("VERB", "AUX"):
        return []
    return [c for c in top.children if c.dep_ in ("csubj", "nsubj", "advcl") and c.tag_ == "VBG" and c.i < top.i]


@rule("participle-read-as-adjective")
def participle_read_as_adjective(top: Token, vocabulary: ClaimVocabulary) -> list[Token]:
    """r28i: only a top that is a noun opening with the -ing word as its adjective and carrying 'next' or a now-adverb
    itself ('Pinning numpy below 2 now; the wheels were missing …': Pinning -amod-> numpy, now -advmod-> numpy): a noun
    takes no adverb of time, so the -ing word is the predicate and the noun its object."""
    if top.pos_ not in ("NOUN", "PROPN"):
        return []
    if not any(c.dep_ == "advmod" and (c.lower_ == "next" or c.lower_ in vocabulary.now_adverbs) for c in top.children):
        return _verbless_opener(top)
    return [c for c in top.children if c.dep_ == "amod" and c.tag_ == "VBG" and c.i == top.left_edge.i]


# r33d: how the model hangs an opening -ing word on the bare noun after it ('Reinstalling dependencies.': amod;
# 'Retrying `npm install`.': nmod or compound).
_NOUN_MODIFIER_DEPS = frozenset({"amod", "nmod", "compound"})


def _verbless_opener(top: Token) -> list[Token]:
    """r33d (docs/DESIGN.md#construction-classes, a register-free announcement): a sentence with no verb at all that
    opens with a capitalised -ing word on a bare noun and ends with a full stop ('Reinstalling dependencies.',
    'Retrying `npm install`.'): a noun phrase takes no full stop of its own, the -ing word is the predicate and the
    noun its object. Adjectival -ing words ('Pending changes.') are claims.toml not_participles."""
    sentence = top.sent
    words = [t for t in sentence if not t.is_punct]
    if top.dep_ != "ROOT" or any(t.pos_ in ("VERB", "AUX") for t in words[1:]):
        return []
    if not words or sentence[-1].text != "." or any(t.text in (":", "?", "!") for t in sentence):
        return []
    first = words[0]
    if first.i != sentence.start or not first.text[:1].isupper() or not first.lower_.endswith("ing"):
        return []
    if first.dep_ not in _NOUN_MODIFIER_DEPS or any(c.dep_ in ("det", "poss") for c in top.children):
        return []
    node = first
    while node.head.i != node.i and node.dep_ in _NOUN_MODIFIER_DEPS:
        node = node.head
    return [first] if node.i == top.i else []


@rule("noun-read-as-verb")
def noun_read_as_verb(top: Token, vocabulary: ClaimVocabulary) -> list[Token]:
    """Only a finite top right after its gerund subject's object, with no object or complement of its own and 'next'
    or a now-adverb on it ('Tackling the N+1 queries in the admin views next.': 'queries' read as the verb): the plural
    noun ends the object, the -ing word is the sentence's predicate. r29b: also a bare form with the gerund as its
    subject ('Grabbing the websocket reconnect bug next.': 'reconnect' read as the verb, 'bug' as its object) — an
    imperative takes no subject, so the bare form is a noun of the object's name."""
    bare = top.tag_ == "VB" and not any(c.dep_ in ("mark", "expl") or c.lower_ == "to" for c in top.children)
    if not bare and (top.tag_ not in ("VBZ", "VBP") or not top.lower_.endswith("s")):
        return []
    own = ("attr", "acomp", "ccomp", "xcomp", "nsubj", "aux", "neg") if bare else (
        "dobj", "attr", "acomp", "ccomp", "xcomp", "nsubj", "aux", "neg"
    )
    purpose = purpose_after(top, vocabulary)
    if any(c.dep_ in own and (purpose is None or c.i != purpose.i) for c in top.children):
        return []
    gerunds = [c for c in top.children if c.dep_ == "csubj" and c.tag_ == "VBG" and c.i < top.i]
    gerunds = [g for g in gerunds if max(t.i for t in g.subtree) == top.i - 1]
    now = vocabulary.now_adverbs
    timed = any(c.dep_ == "advmod" and (c.lower_ == "next" or c.lower_ in now) for c in top.children)
    # r38f: 'Now running the e2e suite against the preview deploy.' (the now-adverb on the gerund, before it),
    # 'Launching the ablation runs to see which augmentation helps.' (the agent's purpose hung on the noun): the same
    return [g for g in gerunds if timed or purpose is not None or _now_before(g, vocabulary)]


def purpose_after(top: Token, vocabulary: ClaimVocabulary) -> Token | None:
    """r38f: an infinitive of purpose right after the top ('… runs to see which one helps'): the model hangs the
    purpose of the agent's act on the noun it read as the verb. A verb that takes an infinitive ('helps to see',
    claims.toml catenative_lemmas) is a verb: its infinitive is its complement."""
    if top.lemma_.lower() in vocabulary.catenative_lemmas:
        return None
    return next((c for c in top.children if c.dep_ in ("xcomp", "advcl") and c.tag_ == "VB" and c.i > top.i
                 and any(a.dep_ == "aux" and a.lower_ == "to" and a.i == top.i + 1 for a in c.children)),
                None)  # fmt: skip


def _now_before(gerund: Token, vocabulary: ClaimVocabulary) -> bool:
    """r38f: a now-adverb on the gerund, before it ('Now running …'): the elided progressive's adverb."""
    return any(c.dep_ == "advmod" and c.i < gerund.i and c.lower_ in vocabulary.now_adverbs for c in gerund.children)


@rule("participle-before-subordinate")
def participle_before_subordinate(top: Token, vocabulary: ClaimVocabulary) -> list[Token]:
    """Only under a verb top marked by a trailing subordinator: the model made the trailing clause the root."""
    if top.pos_ not in ("VERB", "AUX"):
        return []
    # 'Bumping the lockfile now so CI picks up …': the model may read the trailing 'so' as an adverb of its verb
    marked = any(
        c.dep_ in ("mark", "advmod") and c.lower_ in vocabulary.trailing_subordinators and c.i < top.i
        for c in top.children
    )
    openers = [c for c in top.children if c.dep_ in ("advcl", "csubj") and c.tag_ == "VBG" and c.i < top.i]
    return [c for c in openers if marked or boundary_between(c, top, vocabulary)]


def boundary_between(opener: Token, top: Token, vocabulary: ClaimVocabulary) -> bool:
    """r39e (docs/DESIGN.md#claims): a clause boundary between the opening -ing word and the finite verb the model hung
    it under, wherever the model attached the boundary's word ('Deploying to staging so QA can look at it': 'so' read
    as the participle's conjunction; 'Training the model now, to check the noise was the problem': a purpose
    infinitive after a comma): a subject does not cross a subordinator or a comma, so the -ing word is no gerund
    subject of that verb but the sentence's predicate, and the verb belongs to its purpose. A degree 'so' ('so
    often') opens no clause."""
    doc = top.doc
    for k in range(opener.i + 1, top.i):
        word, after = doc[k], doc[k + 1]
        subordinator = word.lower_ in vocabulary.trailing_subordinators and word.dep_ in ("mark", "advmod", "cc")
        if subordinator and (after.pos_ not in ("ADJ", "ADV") or after.lower_ == "that"):
            return True
        purpose = after.lower_ == "to" and after.dep_ == "aux" and after.head.tag_ == "VB"
        if word.text == "," and purpose:
            return True
    return False


@rule("participle-after-verbless-lead")
def participle_after_verbless_lead(top: Token, vocabulary: ClaimVocabulary) -> list[Token]:
    """Only under a verbless top (an adjective or adverb: 'all good', 'clean'; a reply word of the leading words:
    'Yep', 'K', 'on it'), after its comma and any linking words: the lead comments on the work, the -ing word is
    the sentence's predicate."""
    if top.pos_ not in ("ADJ", "ADV") and not _reply_lead(top, vocabulary):
        return []
    found = []
    for child in top.children:
        if child.dep_ not in ("advcl", "conj", "xcomp", "acl", "dep") or child.tag_ != "VBG" or child.i < top.i:
            continue
        links = _links_before(child, vocabulary)
        comma = child.i - len(links) - 1
        if comma >= 0 and child.doc[comma].text == ",":
            found.append(child)
    return found


def _reply_lead(top: Token, vocabulary: ClaimVocabulary) -> bool:
    """'Yep,', 'K,', 'on it,': a top that is no verb and whose words before the comma are all leading words."""
    if top.pos_ in ("VERB", "AUX") and top.lower_ not in vocabulary.leading_words:
        return False
    doc = top.doc
    start = top.sent.start
    comma = next((t.i for t in doc[start : top.sent.end] if t.text == ","), None)
    if comma is None or not start <= top.i < comma:
        return False
    return all(t.lower_ in vocabulary.leading_words or t.is_punct for t in doc[start:comma])


@rule("subjectless-participle")
def subjectless_participle(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """Only the segment's opener; after a now-adverb among its leading words it is the elided progressive (reported
    as such)."""
    if not participle(head, vocabulary) or subject_of(head) is not None or auxiliaries_of(head):
        return None
    if not opens(head, segment):
        return None
    stage = head.head
    if (head.dep_ == "acl" and stage.i < head.i and stage.lemma_.lower() in PLAN_STAGES
            and any(t.lower_ == "next" for t in head.doc[stage.sent.start : stage.i])):  # fmt: skip
        return None  # r33e: 'Next up is Phase 3: wiring the API.' — the title of a stage of the plan, no act now
    now = [t for t in segment.leading if t.lower_ in vocabulary.now_adverbs]
    if now:
        words = as_written(now[-1], head)
        return Match("progressive", "elided-progressive", head, f"'{words}' (a progressive with its subject left out)")
    return Match("participle", "subjectless-participle", head, f"the subjectless participle '{head.text}'")


@rule("fronted-participle")
def fronted_participle(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """Only from the segment's top (the fronted clause's own verb), after a comma, with 'so' or a fronting opener; a
    buried finite verb makes the -ing word a gerund subject."""
    if head.head.i != head.i and head.head.i in {t.i for t in segment.tokens}:
        return None  # only from the segment's top: the fronted clause's own verb
    if segment.opener is None:
        return None
    for token in segment.tokens:
        if token.i <= segment.opener.i or not participle(token, vocabulary):
            continue
        if token.dep_ not in _FRONTED_DEPS and not _root_over_fronted(token, segment.opener):
            continue
        if subject_of(token) is not None or auxiliaries_of(token) or _buried_finite_verb(token):
            continue
        links = _links_before(token, vocabulary)
        comma = token.doc[token.i - len(links) - 1] if token.i - len(links) - 1 >= 0 else None
        if comma is None or comma.text != ",":
            continue
        joined = any(link.lower_ == "so" for link in links)
        if not joined and _adjunct_of_a_statement(token, vocabulary):
            continue
        opener = segment.opener
        fronted = opener.dep_ in ("mark", "prep") or any(
            word.lower_ in vocabulary.fronting_openers for word in (opener, *segment.leading)
        )
        if joined or fronted:
            before = f"'…, {'so ' if joined else ''}{token.text}'"
            return Match("participle", "fronted-participle", token, f"the participle {before} after a fronted clause")
    return None


def _adjunct_of_a_statement(token: Token, vocabulary: ClaimVocabulary) -> bool:
    """r31d: 'Now the database name will be read from the variable, falling back to "ProductDB" if not set.': the
    participle hangs on a main clause of its own — a finite verb with a subject that is not the agent and no mark of
    a fronted clause ('With the schema merged, moving …' is fronted) — and says what that clause's subject does."""
    verb = token.head
    if verb.i == token.i or verb.i > token.i:
        return False
    subject = subject_of(verb)
    if subject is None or subject.i > verb.i or first_person(subject, vocabulary):
        return False
    if any(c.dep_ == "mark" for c in verb.children):
        return False
    return any(c.dep_ in ("aux", "auxpass") for c in verb.children) or verb.tag_ in ("VBZ", "VBP")


def _root_over_fronted(token: Token, opener: Token) -> bool:
    """r31d: 'With the index in place, moving on to the report query.': the model made the participle the sentence's
    root and hung the fronted phrase on it (With -prep-> moving)."""
    return token.dep_ == "ROOT" and opener.head.i == token.i and opener.dep_ in ("prep", "mark")


def _buried_finite_verb(participle: Token) -> bool:
    """A finite verb with its own subject that the model buried in the participle's phrase ("…, so adding a
    column without a migration fails here.": 'fails' read as a pcomp): the -ing word is a gerund subject of
    that verb, not a predicate. A finite tag on an object ('the release notes' read as a verb) is no verb."""
    return any(
        t.tag_ in ("VBZ", "VBP", "VBD") and t.dep_ in ("pcomp", "conj") and subject_of(t) is not None
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


@rule("first-person-progressive")
def first_person_progressive(head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None:
    """A present form of 'be' among the auxiliaries, and no future one."""
    if head.tag_ != "VBG" or not first_person(subject_of(head), vocabulary):
        return None
    auxiliaries = [a.lower_.replace("’", "'") for a in auxiliaries_of(head)]
    if not any(a in vocabulary.present_be for a in auxiliaries) or any(
        a in vocabulary.future_auxiliaries for a in auxiliaries
    ):
        return None
    words = as_written(subject_of(head), *auxiliaries_of(head), head)
    return Match("progressive", "first-person-progressive", head, f"the first-person progressive '{words}'")
