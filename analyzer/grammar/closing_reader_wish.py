"""r29e (docs/DESIGN.md#construction-classes): the closing question's general construction (reader-wish-question) and
the closing request for the reader's word (reader-word-request), the last two rows of the family before the row that
says a sentence is none (not-a-closing-question).

docs/DESIGN.md#phrase-families (revision 3) defines the closing question as an interrogative of the closing part
addressed to the reader that asks for a choice, an approval, a go, readiness or the reader's next request. The rows
before this one each take a shape of it with its own reason; this row takes what they leave: a question in which the
reader is the subject of a predicate of that class — a wish ('What would you like to do with the project?', 'Is
there anything you'd like to adjust in the documents?'), a choice ('Which one would you go for?'), an approval or
readiness ('… or are you ready for me to start?'). It is read on the grammar: the reader as the predicate's subject
(or the subject of the clause it is joined to), the predicate's class (a closed class of verbs, analyzer/terms.toml
[reader-wish-asked]) and, for a taste verb ('like', 'love'), the modal that makes it a wish. A question about a fact
of the reader's ('Does it reproduce on your machine?', 'Which browser are you on?') has no such predicate. Judged
like attribution on what the question asks about: exempt when that is purely human-only work. The request row takes
an imperative verb of telling with the agent as recipient whose object is the reader's wish or the reader's own word
('Just tell me where you want to take it next.', 'Let me know your preference and I'll finish that one.').
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.grammar.asking.views import CHANGE_VERBS, INDEFINITES, LOCATED
from analyzer.grammar.closing_questions import Asked, _judged, question_vocabulary
from analyzer.grammar.judgement import Judgement, carved
from analyzer.grammar.persons_side import environment_word
from analyzer.grammar.register.choices import _one_picked
from analyzer.grammar.register.context import Context, answered, asks_a_person
from analyzer.grammar.registry import rule
from analyzer.parse.tokens import SUBJECT_DEPS, subject_of
from analyzer.terms import terms
from analyzer.text.questions import QUESTION, REQUEST, TURN

if TYPE_CHECKING:
    from spacy.tokens import Token

WISHES = terms("reader-wish-asked", "wishes")
CHOICES = terms("reader-wish-asked", "choices")
CHOICE_PARTICLES = terms("reader-wish-asked", "choice_particles")
APPROVALS = terms("reader-wish-asked", "approvals")
READINESS = terms("reader-wish-asked", "readiness")
WISH_MODALS = terms("reader-wish-asked", "wish_modals")
REASONS = terms("reader-wish-asked", "reasons")
LEARNING = terms("reader-wish-asked", "learning")
TASTES = terms("reader-wish-asked", "tastes")
NEEDS = terms("reader-wish-asked", "needs")
HAVING = terms("reader-wish-asked", "having")
TELLING = terms("reader-word-asked", "telling")
WORD_NOUNS = terms("reader-word-asked", "word_nouns")
VERDICT_NOUNS = terms("reader-word-asked", "verdict_nouns")
REVIEW_NOUNS = terms("reader-word-asked", "review_nouns")
AGENT_OBJECTS = terms("reader-word-asked", "agent_objects")
AGENT_DOERS = terms("reader-word-asked", "agent_doers")
# What a predicate of the class asks about: its object or its clause (a choice: also its particle's phrase; readiness:
# what it is for).
_ASKED_DEPS = frozenset({"dobj", "xcomp", "ccomp", "attr", "oprd"})


@rule("reader-wish-question")
def reader_wish_question(asked: Asked) -> Judgement | None:
    """The first predicate of the class whose subject is the reader; what it asks about is its complements (and the
    noun a relative clause of it modifies: 'anything you'd like to improve')."""
    if asked.site.kind != QUESTION:
        return None
    reader = asked.words.reader
    if asked.tokens and asked.tokens[0].lower_ in REASONS:
        # 'Why would you want a second cache?': a question of reasons asks for no wish
        return carved("reader-wish-question", "a question of reasons asks the reader for no wish or choice")
    for token in asked.tokens:
        named = _word_named(token, reader) or _word_held(token, reader)
        if named is not None:
            # r31b: 'What's your preference on the texture compression format?' — what the reader's word is about
            about = [p for c in named.children if c.dep_ == "prep" for p in c.children if p.dep_ == "pobj"][:1]
            if _review_verdict(named, reader) and not any(c.dep_ == "poss" for c in named.children):
                why = f"asks the reader's verdict on a review of the agent's work ('{named.text}')"
                return _judged(asked, "reader-wish-question", why, about)
            return _judged(asked, "reader-wish-question", f"asks the reader's choice ('your {named.text}')", about)
        found = _predicate(token, reader)
        if found is None:
            continue
        what, predicate = found
        if _self_answered(predicate, asked):
            return carved(
                "reader-wish-question", "a wish to learn that the agent's next sentence answers is no question back"
            )
        about = [c for c in predicate.children if c.dep_ in _ASKED_DEPS]
        if what == "choice":  # 'go with the streaming one for the exporter': what is chosen, not what it is for
            about += [c for c in predicate.children if c.dep_ in ("prep", "prt")][:1]
        if what == "readiness":
            # 'are you ready for me to start': the model hangs what readiness is for on the adjective or the copula
            holders = [predicate, predicate.head] if predicate.dep_ == "acomp" else [predicate]
            about += [c for h in holders for c in h.children if c.dep_ in (*_ASKED_DEPS, "prep", "advcl")]
        if _open_errand(predicate, reader):
            return carved(
                "reader-wish-question",
                "the reader's wish on an open word, located in no work of the agent's, is the reader's own errand",
            )
        if predicate.dep_ == "relcl":  # 'a part of the docs you'd like expanded': the noun's own phrase with it
            about = [*(c for c in predicate.head.children if c.dep_ == "prep" and c.i < predicate.i), *about]
        if _answered(about, predicate, asked):
            return carved("reader-wish-question", "the agent answers the question in its next sentence")
        # r39a: 'Could you approve the MFA prompt on your phone?': the approval is the person's act in their own
        # environment (a sign-in check, their device), no approval of the agent's plan; r40b: any act asked of the
        # person, with the act it is joined to ('Could you plug in the phone and accept the prompt?'), on their side
        acts = predicate.head if predicate.dep_ == "conj" and _reader_subject(predicate.head, reader) else predicate
        place = environment_word(acts.subtree)
        if place is not None:
            return carved("reader-wish-question", f"the reader's '{predicate.text} …' is done on the person's side "
                          f"('{place}'): no approval of the agent's work")  # fmt: skip
        # 'ready for me to start', 'like me to change': the agent as the doer of the act asked about is left out
        agent = frozenset(
            t.i
            for c in about
            for t in c.subtree
            if t.lower_ in ("me", "us") or (t.head.i == c.i and t.dep_ in (*SUBJECT_DEPS, "mark", "aux"))
        )
        why = f"asks the reader's {what} ('{predicate.text}')"
        return _judged(asked, "reader-wish-question", why, about, exclude=agent)
    return None


def _open_errand(predicate: Token, reader: frozenset[str]) -> bool:
    """The reader's wish a relative clause on an open word ('anything', 'something', 'any N') whose infinitive, the
    reader's own act, is bound to a thing of the reader's or to any adverbial (a time, a circumstance) and to no place
    in the agent's work ('Is there anything you'd like to tell your manager?', '… to read before the meeting?'): the
    reader's own errand, none. A bare act ('anything you'd like to change?') is the open wish on the agent's work; a
    place in a thing is the change-question's ('… to improve in the app?'). A time alone does not tell the reader's
    errand from the agent's work, but r31c: a verb of change (terms [asking] change_verbs) acts on the agent's work
    whatever the time or circumstance ('… to change before the release?'), unless on a thing of the reader's own."""
    if predicate.dep_ != "relcl":
        return False
    opened = predicate.head
    if opened.lower_ not in INDEFINITES and not any(c.dep_ == "det" and c.lower_ == "any" for c in opened.children):
        return False
    acts = [c for c in predicate.children if c.dep_ == "xcomp" and c.pos_ == "VERB"]
    if not acts or any(c.lower_ in AGENT_OBJECTS for c in predicate.children):
        return False  # 'anything you'd like me to rework': the agent does it
    bound = [c for act in acts for c in act.children if c.dep_ in ("dobj", "dative", "prep", "advcl", "npadvmod")]
    if any(c.dep_ == "prep" and c.lower_ in LOCATED for c in bound):
        return False
    owned = any(t.dep_ == "poss" and t.lower_ in reader for c in bound for t in c.subtree)
    if not owned and any(act.lemma_.lower() in CHANGE_VERBS for act in acts):
        return False  # r31c: '… anything you'd like to change before the release?': a change to the agent's work
    return owned or any(c.dep_ in ("prep", "advcl", "npadvmod") for c in bound)


def _answered(about: list[Token], predicate: Token, asked: Asked) -> bool:
    """'Do you want the strict parser or the lenient one? For this feed the strict one is right.': the next sentence
    answers it or names the alternative it takes (as the choice question's gate reads it)."""
    following = asked.site.following
    if not following:
        return False
    offered = [t for c in about for t in c.subtree]
    alternatives = frozenset(
        t.lower_ for t in offered if t.dep_ in ("conj", "dobj", "pobj") and t.pos_ in ("NOUN", "PROPN", "ADJ", "VERB")
    )
    lemma = predicate.lemma_.lower()
    context = Context(following)
    if answered(context, lemma, asked.lexicon, alternatives, asks_a_person=asks_a_person(asked.tokens)):
        return True
    return _one_picked(offered, following)


def _self_answered(predicate: Token, asked: Asked) -> bool:
    """'Would you like to know the root cause? It was a missing await.': a wish to learn something the agent's next
    sentence tells, not a question back — the wished act a verb of learning, and a statement after it."""
    learning = any(c.dep_ in ("xcomp", "ccomp") and c.lemma_.lower() in LEARNING for c in predicate.children)
    following = asked.site.following.rstrip(" *_)\"'")
    return learning and bool(following) and not following.endswith("?")


def _predicate(token: Token, reader: frozenset[str]) -> tuple[str, Token] | None:
    """(the class, the predicate) when `token` is a predicate of the class with the reader as its subject."""
    lemma = token.lemma_.lower()
    lower = token.lower_
    if lower in READINESS and token.pos_ == "ADJ" and token.dep_ in ("acomp", "ROOT"):
        return ("readiness", token) if _reader_subject(token.head if token.dep_ == "acomp" else token, reader) else None
    if lemma in WISHES and token.dep_ in ("intj", "advmod", "aux") and _wished(token.head, reader):
        # 'a part you'd like expanded', 'a section you'd want rewritten': the model hangs the wish on the participle
        return "wish", token.head
    if token.pos_ not in ("VERB", "AUX") or token.dep_ in ("aux", "auxpass"):
        return None
    if not _reader_subject(token, reader) or any(c.dep_ == "neg" for c in token.children):
        return None
    if lemma in WISHES or lower in WISHES:
        if token.tag_ == "VBD":
            return None  # 'You wanted the old schema?': what the reader wanted, a fact
        if lemma in TASTES and not any(c.dep_ == "aux" and c.lower_ in WISH_MODALS for c in token.children):
            return None
        return "wish", token
    past = token.tag_ == "VBD" or any(c.dep_ == "aux" and c.tag_ == "VBD" for c in token.children)
    if lemma in NEEDS and not past and _agent_does(token):
        return "wish", token  # r38e: 'Do you need me to write tests …?'
    if lemma in CHOICES:
        if lemma in ("go", "lean") and not any(
            c.dep_ in ("prep", "prt") and c.lower_ in CHOICE_PARTICLES for c in token.children
        ):
            return None
        return "choice", token
    if lemma in APPROVALS:
        return "approval", token
    return None


def _agent_does(need: Token) -> bool:
    """r38e: the clause a verb of need takes has the agent as its doer ('need me to write …': me -nsubj-> write, or me
    -dobj-> need with the act its xcomp)."""
    clauses = [c for c in need.children if c.dep_ in ("ccomp", "xcomp") and c.pos_ == "VERB"]
    doers = [t for c in clauses for t in c.children if t.dep_ in SUBJECT_DEPS]
    doers += [c for c in need.children if c.dep_ == "dobj"] if clauses else []
    return any(d.lower_ in AGENT_OBJECTS for d in doers)


def _word_held(token: Token, reader: frozenset[str]) -> Token | None:
    """r38e (docs/DESIGN.md#construction-classes): 'Do you have a preference between Playwright and Cypress?' — the
    reader's word (word_nouns) as the object of a present verb of having whose subject is the reader."""
    verb = token.head
    if token.lower_ not in WORD_NOUNS or token.dep_ != "dobj" or verb.lemma_.lower() not in HAVING:
        return None
    past = verb.tag_ == "VBD" or any(c.dep_ == "aux" and c.tag_ == "VBD" for c in verb.children)
    return token if not past and _reader_subject(verb, reader) else None


def _word_named(token: Token, reader: frozenset[str]) -> Token | None:
    """r31b (docs/DESIGN.md#construction-classes): a copular question for the reader's word named as a noun the reader
    possesses ('What's your preference on the codec?', 'Which is your pick for the serializer?'): the noun (terms
    [reader-word-asked] word_nouns), subject or attribute of a copula whose other side is the question word."""
    if token.lower_ not in WORD_NOUNS | VERDICT_NOUNS or token.dep_ not in ("nsubj", "attr"):
        return None
    if token.head.lemma_ != "be":
        return None
    if token.head.tag_ == "VBD":
        return None  # 'What was your goal with the old cache?': what the reader wanted, a fact
    owned = token.lower_ in WORD_NOUNS and any(c.dep_ == "poss" and c.lower_ in reader for c in token.children)
    if not (owned or _review_verdict(token, reader)):
        return None
    asking = any(c.tag_ in ("WP", "WDT") and c.dep_ in ("attr", "nsubj") for c in token.head.children)
    return token if asking else None


def _review_verdict(token: Token, reader: frozenset[str]) -> bool:
    """r38o (docs/DESIGN.md#construction-classes): 'What is the review outcome?', 'What's the result of your review?' —
    a noun of a verdict (terms [reader-word-asked] verdict_nouns) qualified by a noun of reviewing, as a compound or
    after 'of', that no one but the reader owns or does ('the compliance team's review', 'the review by QA': none)."""
    if token.lower_ not in VERDICT_NOUNS:
        return False
    reviews = [c for c in token.children if c.dep_ == "compound" and c.lower_ in REVIEW_NOUNS]
    reviews += [p for c in token.children if c.dep_ == "prep" and c.lower_ == "of" for p in c.children
                if p.dep_ == "pobj" and p.lower_ in REVIEW_NOUNS]  # fmt: skip
    others = [t for r in reviews for t in r.subtree if t.dep_ == "poss" and t.lower_ not in reader]
    done_by = any(t.lower_ == "by" and t.dep_ in ("prep", "agent") for t in token.subtree)
    return bool(reviews) and not others and not done_by


def _wished(verb: Token, reader: frozenset[str]) -> bool:
    """The reader and the wish modal on the participle a misread 'like' hangs on ('you'd like expanded')."""
    modal = any(c.dep_ == "aux" and c.lower_ in WISH_MODALS for c in verb.children)
    return modal and verb.pos_ == "VERB" and verb.tag_ == "VBN" and _reader_subject(verb, reader)


def _reader_subject(verb: Token, reader: frozenset[str]) -> bool:
    """The reader as the verb's subject, or as the subject of the verb it is joined to ('… or would you rather keep
    it?')."""
    subject = subject_of(verb)
    if subject is None and verb.dep_ == "conj":
        subject = subject_of(verb.head)
    return subject is not None and subject.lower_ in reader


@rule("reader-word-request")
def reader_word_request(asked: Asked) -> Judgement | None:
    """r29e: the reader told to hand the agent their word — an imperative verb of telling with the agent as recipient
    ('tell me', 'let me know', 'give me', 'share') whose object is the reader's wish or choice: a clause with a
    predicate of the reader's wish ('tell me where you want to take it next'), or a noun of the reader's word the
    reader possesses ('your preference', 'your request', 'what your goal is'). Judged
    like attribution on what the word is about and on the agent's act that follows ('… and I'll implement it')."""
    if asked.site.kind not in (TURN, REQUEST):
        return None
    reader = asked.words.reader
    for verb in asked.tokens:
        told = _told(verb, reader)
        if told is None:
            continue
        word, what = told
        act = _agent_act(verb)
        about = [word, *([act] if act is not None else [])]
        agent = frozenset(t.i for t in asked.tokens if t.lower_ in AGENT_OBJECTS | AGENT_DOERS)
        if act is not None:  # '… and I'll run it': the pronoun points back at what the word is about
            agent |= frozenset(t.i for t in act.subtree if t.pos_ == "PRON")
        then = f" before the agent's '{act.text}'" if act is not None else ""
        why = f"asks for the reader's word ({what}: '{word.text}'){then}"
        return _judged(asked, "reader-word-request", why, about, exclude=agent)
    return None


def _told(verb: Token, reader: frozenset[str]) -> tuple[Token, str] | None:
    """(what is told, its kind) when `verb` is an imperative of telling the agent the reader's word."""
    lemma = verb.lemma_.lower()
    if lemma not in TELLING or verb.tag_ != "VB" or any(c.dep_ == "neg" for c in verb.children):
        return None
    if lemma == "know":  # 'let me know …': the imperative is 'let', the agent the subject of 'know'
        let = verb.head
        if verb.dep_ != "ccomp" or let.lemma_.lower() != "let" or subject_of(let) is not None:
            return None
        if not any(c.dep_ in SUBJECT_DEPS and c.lower_ in AGENT_OBJECTS for c in verb.children):
            return None
    else:  # an imperative with the agent as recipient ('tell me'; 'share' names none)
        imperative = subject_of(verb) is None and verb.dep_ in ("ROOT", "conj")
        if not imperative or (lemma != "share" and not any(c.lower_ in AGENT_OBJECTS for c in verb.children)):
            return None
    for told in (c for c in verb.children if c.dep_ in ("dobj", "ccomp") and c.lower_ not in AGENT_OBJECTS):
        if told.lower_ in WORD_NOUNS and any(c.dep_ == "poss" and c.lower_ in reader for c in told.children):
            return told, "the reader's own"
        asked_which = any(c.dep_ == "det" and c.lower_ in ("which", "what") for c in told.children)
        if asked_which and any(c.dep_ == "relcl" and _predicate(c, reader) is not None for c in told.children):
            return told, "the reader's wish"  # 'tell me what direction you want it to go in': an embedded question
        if told.dep_ == "ccomp":
            named = next((t for t in told.subtree if t.dep_ in SUBJECT_DEPS and t.lower_ in WORD_NOUNS), None)
            if named is not None and any(c.dep_ == "poss" and c.lower_ in reader for c in named.children):
                return named, "the reader's own"  # 'tell me what your goal is'
            if any(_predicate(t, reader) is not None for t in told.subtree):
                return told, "the reader's wish"
            if _next_request(told):
                return told, "the reader's next request"  # r31c: 'tell me what's next on your list'
    return None


def _next_request(clause: Token) -> bool:
    """r31c: the open request embedded in the request for the reader's word ('Tell me what's next on your list and
    I'll get going', 'let me know what else is on the docket'): a wh-word as the clause's subject, a predicate of being
    or coming (questions.toml request_predicates) and a word of what comes next (request_words) beside it."""
    words = question_vocabulary()
    subject = subject_of(clause)
    if subject is None or subject.lower_ not in words.wh_words or clause.lemma_.lower() not in words.request_predicates:
        return False
    return any(c.lower_ in words.request_words for c in (*clause.children, *subject.children))


def _agent_act(verb: Token) -> Token | None:
    """The agent's act that follows the request: a conjunct or an adverbial clause of the request's own clause whose
    subject is the agent ('… and I'll implement it', '… so I can tune it')."""
    head = verb.head if verb.lemma_.lower() == "know" else verb
    for clause in head.children:
        if clause.dep_ in ("conj", "advcl") and clause.pos_ == "VERB":
            subject = subject_of(clause)
            if subject is not None and subject.lower_ in AGENT_DOERS:
                return clause
    return None
