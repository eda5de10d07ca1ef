"""The standing-by family's own gate (docs/DESIGN.md#phrase-families): the agent waits for the reader's go or next
request — a closer ('let me know'), or a timing ('whenever you want', 'say the word')."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.grammar.closing_handovers import sentence_environment
from analyzer.grammar.judgement import Judgement, gated
from analyzer.grammar.persons_side import agent_subject
from analyzer.grammar.register.clauses import across_break, is_question, spelled
from analyzer.grammar.register.context import Context
from analyzer.grammar.registry import rule
from analyzer.grammar.work import work_of, work_of_stretch
from analyzer.lexicon import Lexicon
from analyzer.parse.shapes import SEGMENT_BREAKS
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token

WISH_MARKS = terms("register", "wish_marks")
# 'let me know what's next' (issue 28): the wh-word, the words of what comes next, the predicates of a request.
OPEN_WH = frozenset({"what", "whatever"})
NEXT_WORDS = terms("standing-by", "next_words")
REQUEST_PREDICATES = terms("standing-by", "request_predicates")
# 'just let me know, I'm around' (issue 28 phase 4): the agent and its availability.
AVAILABILITY = terms("open-offer", "availability")
FIRST_PERSON = frozenset({"i", "we", "i'm", "im"})
# r28i: the marks of a condition of time and the verbs of the reader's wish ('let me know when you want X done').
TIMING_MARKS = terms("timed-act", "timing_marks")
WISH_VERBS = terms("timed-act", "wish_verbs")
AGENT_SUBJECTS = terms("register", "agent_subjects")



@rule("standing-by")
def standing_by(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """The phrase's own words choose the reading: 'anything else' only in a question, 'let me know' as a closer
    (_closer), anything else as a timing (_timing)."""
    words = [t.lower_ for t in phrase]
    if words == ["anything", "else"]:
        if is_question(phrase):
            return _waiting(phrase, "asks for the reader's next request")
        if verbless_closer(phrase):  # r29c: 'anything else, your handsomeness' as the message's last words
            return _waiting(phrase, "asks for the reader's next request, verbless")
        return None
    if words[-2:] == ["let", "me"] or words[-1] == "know":
        return _closer(phrase, lexicon)
    return _timing(phrase, lexicon)


def verbless_closer(phrase: Sequence[Token]) -> bool:
    """r29c (docs/DESIGN.md#construction-classes): the phrase is its sentence's whole content, asked without a question
    mark ('Anything else.', 'anything else, captain', 'anything else, your handsomeness'): it opens the sentence, and
    after it come only punctuation and, after a comma or dash, a vocative with no verb; the sentence closes the message.
    'Anything else in the logs looked normal.' has a predicate of its own."""
    first, last = phrase[0], phrase[-1]
    sentence = first.sent
    if any(not t.is_punct and not t.is_space for t in first.doc[sentence.start : first.i]):
        return False
    after = [t for t in first.doc[last.i + 1 : sentence.end] if not t.is_space]
    if any(t.pos_ in ("VERB", "AUX") for t in after):
        return False
    words = [t for t in after if not t.is_punct]
    if words and (not after or after[0].text not in (",", "—", "–", "-")):
        return False
    rest = first.doc[sentence.end :]
    return all(t.is_punct or t.is_space for t in rest)


def _closer(phrase: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
    """'let me know' closes the message waiting for any next request: nothing to be known follows, or only
    a condition made of indefinite words ('if anything else comes up', 'if you need changes')."""
    know = phrase[-1]
    doc = know.doc
    if _report_on_persons_side(phrase):
        return None
    following = [t for t in doc[know.i + 1 : know.sent.end] if not t.is_punct and not t.is_space]
    following = [t for t in following if t.pos_ not in ("ADV", "INTJ") or t.dep_ not in ("advmod", "intj")]
    if not following:
        return _waiting(phrase, "closes the message waiting for the reader's next request")
    if following[0].lower_ in WISH_MARKS | {"when", "whenever", "should"}:
        words = {t.lower_ for t in following[1:]} | {t.lemma_.lower() for t in following[1:]}
        indefinite = words & lexicon.closer_words
        if indefinite and _times_human_only_act(following, lexicon):
            return None  # 'Let me know when you want the migration run against the production database.'
        if indefinite and sentence_environment(know.sent) is not None:
            return None  # r38k: 'Try `/login` again and let me know if anything else errors': the person's own app
        if indefinite:
            return _waiting(phrase, f"waits on any next request ('{sorted(indefinite)[0]}')")
        return None
    if following[0].lower_ in OPEN_WH and _open_request(following, lexicon):
        return _waiting(phrase, f"asks for the reader's next request ('{' '.join(t.text for t in following)}')")
    said = [t for t in doc[know.i + 1 : know.sent.end] if not t.is_punct and not t.is_space]
    if _availability_after(know, said):
        return _waiting(phrase, f"closes the message on the agent's availability ('{said[-1].text}')")
    return _or_if_closer(phrase, following, lexicon)


def _report_on_persons_side(phrase: Sequence[Token]) -> bool:
    """r40b (docs/DESIGN.md#construction-classes, the person's side): what the sentence asks of the reader before 'let
    me know' — an instruction or a condition ('Reload the extension and let me know', 'If you're fine approving a
    one-off network request, just let me know and I'll re-run it') — is on the person's side (sentence_environment):
    the report waits on the person. The agent's own clauses there ('I fixed the chart in the dashboard') are left
    out."""
    sentence = phrase[0].sent
    agents = {t.i for v in sentence if v.pos_ in ("VERB", "AUX") and agent_subject(v) for t in v.subtree}
    asked = [t for t in sentence if t.i < phrase[0].i and t.i not in agents]
    return bool(asked) and sentence_environment(asked) is not None


def _times_human_only_act(following: Sequence[Token], lexicon: Lexicon) -> bool:
    """r28i: 'let me know when you want the migration run against the production database' — a condition of time
    (terms [timed-act] timing_marks) whose wish verb wants a human-only act done (its object or clause, judged
    like attribution) asks when the reader wants that act: the timing of a human-only act, no wait on a request."""
    if following[0].lower_ not in TIMING_MARKS:
        return False
    wish = next((t for t in following[1:] if t.pos_ in ("VERB", "AUX") and t.lemma_.lower() in WISH_VERBS), None)
    return wish is not None and bool(wanted_human_only_act(wish, lexicon))


def wanted_human_only_act(wish: Token, lexicon: Lexicon) -> list[Token]:
    """The act the reader's wish verb ('want', 'like' … terms [timed-act] wish_verbs) wants done when it is a
    human-only act, judged like attribution ('when you'd like the schema change applied to production'); empty
    otherwise. The wanted clause is the verb's object or clause, or one the model hung on the verb above it, after
    the wish ('Tell me when you'd like X applied': like <-ccomp- Tell -ccomp-> applied)."""
    if wish.lemma_.lower() not in WISH_VERBS:
        return []
    wanted = [c for c in wish.children if c.dep_ in ("dobj", "ccomp", "xcomp")]
    if not wanted and wish.head is not wish:
        wanted = [c for c in wish.head.children if c.i > wish.i and c.dep_ in ("ccomp", "xcomp")][:1]
    scope = frozenset(t.i for c in wanted for t in c.subtree)
    return wanted if wanted and work_of(wanted, lexicon, scope).human_only else []


def _availability_after(know: Token, following: Sequence[Token]) -> bool:
    """Issue 28 phase 4: 'just let me know, I'm around.', 'Let me know — I'm here.': after a comma or dash, only the
    agent stating its availability (a first-person subject, a form of 'be', an availability word) follows."""
    doc = know.doc
    if know.i + 1 >= len(doc) or doc[know.i + 1].text not in (",", "—", "–", "-", ";"):
        return False
    words = [t.lower_ for t in following]
    return (
        len(words) <= 4
        and words[0] in FIRST_PERSON
        and words[-1] in AVAILABILITY
        and all(
            t.lemma_.lower() == "be" or t.lower_ in FIRST_PERSON | AVAILABILITY or t.pos_ == "ADV" for t in following
        )
    )


def _open_request(following: Sequence[Token], lexicon: Lexicon) -> bool:
    """Issue 28: 'let me know what's next', 'let me know what else you need': what is to be known is the reader's next
    request — a word of what comes next, and no predicate but being, coming or wishing ('what else changed' asks a
    fact)."""
    words = {t.lower_ for t in following}
    verbs = [t for t in following if t.pos_ in ("VERB", "AUX") and t.dep_ not in ("aux", "auxpass")]
    return bool(words & NEXT_WORDS) and all(v.lemma_.lower() in REQUEST_PREDICATES for v in verbs)


def _or_if_closer(phrase: Sequence[Token], following: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
    """'Let me know the results of your tests, or if you run into anything.': after what is to be known, a
    coordinated condition made of indefinite words waits on any next request."""
    for k, token in enumerate(following[:-1]):
        mark = following[k + 1]
        if token.lower_ not in ("or", "and") or mark.lower_ not in WISH_MARKS | {"when", "whenever"}:
            continue
        condition = following[k + 2 :]
        words = {t.lower_ for t in condition} | {t.lemma_.lower() for t in condition}
        indefinite = words & lexicon.closer_words
        if indefinite:
            return _waiting(phrase, f"closes with '{token.text} {mark.text} …' waiting on any next request "
                            f"('{sorted(indefinite)[0]}')")  # fmt: skip
    return None


def _timing(phrase: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
    """'whenever you want', 'whenever you're ready', 'ready when you are', 'say the word', 'just say go':
    the wait hands over nothing when what it times is a human-only act, or a thing the reader may fetch."""
    inside = {t.i for t in phrase}
    anchor = next((t for t in phrase if t.head.i not in inside or t.head.i == t.i), phrase[-1])
    invited = [c for t in phrase for c in t.children if c.dep_ in ("xcomp", "ccomp") and c.i not in inside]
    timed = _timed_act(phrase, inside)
    if timed and work_of(timed, lexicon, frozenset(t.i for g in timed for t in g.subtree)).human_only:
        return None  # the timing of a human-only act, named as the wait's own complement
    if invited and phrase[-1].lower_ == "to":  # 'feel free to steer me elsewhere': what the reader is invited to do
        if invited[0].lemma_.lower() not in lexicon.request_verbs:
            return None  # no wait for a request
        return _waiting(phrase, f"invites the reader's next request ('{invited[0].text}')", invited[0].i)
    governor = anchor.head if anchor.head.i != anchor.i else None
    if governor is not None and anchor.dep_ in ("xcomp", "ccomp") and governor.tag_ in ("VBD", "VBN"):
        return None  # 'He told me to just say so if the build broke': a past request reported, no wait of the agent's
    if governor is not None and across_break(anchor, governor):
        # 'Tag v3.2.0 whenever you're ready; the notes are in place', 'Tag v1.4.0 whenever you want — the notes are
        # ready': the model hung the wait on the clause after the break — the wait times its own clause (rule
        # `own-segment`).
        governor = None
    if governor is None:
        if _releases_human_only(anchor, inside, lexicon):
            return None  # r31c: 'Say the word and I'll apply the plan to the shared prod account'
        if _times_human_only_clause(phrase, lexicon):
            return None  # r36b: 'Whenever you're ready, tag and publish v2.4.0.' (the model made the wait the root)
        return _waiting(phrase, "waits for the reader's go")
    scope = frozenset(t.i for t in governor.subtree) - {t.i for t in anchor.subtree}
    if work_of([governor], lexicon, scope).human_only:
        return None  # 'Tag the release whenever you want': the timing of a human-only act
    if _times_human_only_clause(phrase, lexicon):
        return None  # r36b: 'Whenever you're ready, tag v2.4.0.' ('tag' read as a noun)
    if any(c.dep_ == "dobj" for t in phrase for c in t.children if c.i not in inside):
        return None  # 'Whenever you want the numbers, they're in bench/': the reader fetches a thing, no wait
    return _waiting(phrase, f"waits for the reader's go on '{governor.text}'", governor.i)


def _releases_human_only(anchor: Token, inside: set[int], lexicon: Lexicon) -> bool:
    """r31c: the reader's word joined to the agent's act it releases ('Say the word and I'll apply the plan to the
    shared prod account'): a conjunct with a first-person subject whose act is purely human-only — the go for that act
    is the human's decision, as 'Tag the release whenever you want' is."""
    for act in (c for c in anchor.children if c.dep_ == "conj" and c.i not in inside):
        subject = next((c for c in act.children if c.dep_ == "nsubj"), None)
        if subject is None or subject.lower_ not in FIRST_PERSON:
            continue
        scope = frozenset(t.i for t in act.subtree if t.i != subject.i)
        return work_of([act], lexicon, scope).human_only
    return False


def _timed_act(phrase: Sequence[Token], inside: set[int]) -> list[Token]:
    """r40c (docs/DESIGN.md#construction-classes, the timing of a human-only act): what the wait's own words time, its
    complement — the act the reader is invited to ('Feel free to merge #812'), wants done ('whenever you want the
    backfill applied to the prod database'), is ready for or to ('Ready when you are for the production deploy',
    'Whenever you're ready to merge') — judged like an attribution's object."""
    found = [c for t in phrase for c in t.children if c.dep_ in ("xcomp", "ccomp", "dobj") and c.i not in inside]
    found += [g for t in phrase for c in t.children if c.dep_ == "prep" and c.lower_ == "for" and c.i not in inside
              for g in c.children if g.dep_ == "pobj"]  # fmt: skip
    return found


def _times_human_only_clause(phrase: Sequence[Token], lexicon: Lexicon) -> bool:
    """r36b (docs/DESIGN.md#construction-classes, the timing of a human-only act, wherever the act sits): the words of
    the phrase's own clause outside it — before it back to ';', ':' or a dash, after it up to one — judged as one
    stretch, whatever the model made of them ('tag' of 'tag v2.4.0' read as a noun; the wait read as the root and the
    act as its conjunct). An act with a subject of its own is not the reader's to time: only a subjectless (imperative)
    stretch."""
    first, last = phrase[0], phrase[-1]
    sent = first.sent
    before = list(first.doc[sent.start : first.i])
    start = max((k + 1 for k, t in enumerate(before) if t.text in SEGMENT_BREAKS), default=0)
    after = list(first.doc[last.i + 1 : sent.end])
    end = next((k for k, t in enumerate(after) if t.text in SEGMENT_BREAKS), len(after))
    words = [t for t in (*before[start:], *after[:end]) if not t.is_punct and not t.is_space]
    inside = {t.i for t in words}
    # r40c: a subject of the stretch's own verb; a word the model made the subject of the next clause's copula ('Tag
    # v2.3.0 whenever you want — the changelog is ready': v2.3.0 -nsubj-> is) is the act's object
    if not words or any(t.dep_ in ("nsubj", "nsubjpass", "expl") and t.head.i in inside for t in words):
        return False
    return work_of_stretch(words, lexicon).human_only


def _waiting(phrase: Sequence[Token], why: str, governor: int | None = None) -> Judgement:
    return gated("fire", "standing-by", f"fires (standing-by): '{spelled(phrase)}' {why}", governor)
