"""The closing question (docs/DESIGN.md#phrase-families, revision 3): the [[closing-question]] rows of grammar.toml, one
named rule per construction, walked in the table's order over each sentence analyzer.text.questions found.

On an autonomous turn nobody is there to answer, so an interrogative in the closing part addressed to the
reader — second person, or elliptical with the reader as its missing subject — that asks for a choice, an
approval, a go, readiness or the reader's next request hands the turn back. The exclusions come first in
the table (a question quoted, answered in the same message, about a fact the agent reports it is checking, or
rhetorical); then each construction; the last row says the sentence is none of them. A construction is
judged like attribution (docs/DESIGN.md#decisive-relation): exempt when what it asks about is purely human-only work
("Squash or rebase for #420?"), fire otherwise.

A sentence that already holds a lexicon finding ("Shall I …?", "Would you like to …?") is judged by that
finding's family, not again here (analyzer.engine).
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from analyzer.grammar.judgement import Judgement, carved, gated, text_of
from analyzer.grammar.persons_side import environment_word
from analyzer.grammar.reference import wh_framed
from analyzer.grammar.register.context import Context, answered, asks_a_person
from analyzer.grammar.register.offers import passive_offer
from analyzer.grammar.registry import rule, table, walk
from analyzer.grammar.work import Work, work_of, work_of_stretch
from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import DEMONSTRATIVES, SOURCE_KEY, SUBJECT_DEPS, bounds, subject_of
from analyzer.terms import terms
from analyzer.text.layout import sentence_case
from analyzer.text.questions import (
    CONDITION,
    CONTACT,
    DECISION,
    LIST,
    QUESTION,
    REQUEST,
    TURN,
    QuestionSite,
    kind_of,
    only_decides,
    only_invites,
)

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

# The agent speaking of itself as a subject: "I can …", "we'll …".
AGENT_SUBJECTS = terms("register", "agent_subjects")
# Who gives the go in a readiness question: the reader, the agent, or all of them ("Is everyone ready …?").
READY_SUBJECTS = terms("asking", "ready_subjects") | AGENT_SUBJECTS
# r35c: words of contentment that ask readiness with a subject and an infinitive ('Are we happy to move on?').
CONTENTED = terms("asking", "contented")
# r35c: the words that point at the agent's work after 'or is' in a choice about scope (_more_or_enough).
POINTERS = terms("asking", "scope_pointers")
PERSONAL = terms("reference", "personal_pronouns")
# r38l: the marks of a clause of the reader's own act that a view is asked before ('before you approve #88').
BEFORE_READERS_ACT = terms("decision-named", "before_readers_act")
# r35c: the words that may stand before 'on board' in an approval question (_on_board): a copula, the reader, a group.
BOARD_LEADS = terms("asking", "leave_subjects") | terms("asking", "ready_subjects") | {"are", "is", "the", "whole", "u"}
# r35c: words that add more of the agent's work ('Tests too, or good as is?'; terms [elliptical] additive).
ADDITIVE = terms("elliptical", "additive")
QUESTIONS_PATH = os.path.join(os.path.dirname(os.path.dirname(__file__)), "questions.toml")
# Words a question for the next request may name after 'next' ('Next task?'; analyzer/terms.toml [elliptical]).
NEXT_ITEMS = terms("elliptical", "next_items")
# r35c: the elliptical offer in a clause of its own (_clause_offer): words of interest, the breaks before the clause.
INTEREST = terms("elliptical", "interest")
INTEREST_WITH_FOR = terms("elliptical", "interest_with_for")
INTEREST_LEADS = terms("elliptical", "interest_leads")
CLAUSE_BREAKS = terms("elliptical", "clause_breaks")
CLAUSE_JOINS = terms("elliptical", "clause_joins")
# Issue 28 phase 6: the words of sufficiency the model reads as an adverb ('is this coverage enough?').
SUFFICIENT = frozenset({"enough"})
# Issue 28 phase 6: the benefit to the reader a question after an offer asks about ('— would that help?').
BENEFITS = frozenset(terms("bonus-offer", "verbs") | terms("bonus-offer", "adjectives") | {"helps", "worth"})
# Issue 28 phase 6: which part of the work the reader would have the agent take on (_area_wanting).
AREA_NOUNS = terms("next-work-asked", "areas")
AREA_WANTS = terms("next-work-asked", "wants")
# r29c: verbs of taking the next work on, as the infinitive of an open request ('Something else to tackle?').
TAKING = terms("open-offer-asked", "taking")
# r31c: the words of topic after a noun of the reader's view, and the words that may open it (_opinion_opening).
OPINION_TOPICS = terms("opinion-asked", "topics")
OPINION_OPENERS = terms("opinion-asked", "openers")
FACT_WH = terms("opinion-asked", "fact_wh")
CHOICE_MODALS = terms("opinion-asked", "choice_modals")
# r39rv: how the agent's work strikes the reader ('… on how the dashboard looks'): the same verbs as the reader's
# satisfaction conditions (terms [word-before-act] impressions), a view asked, no fact.
IMPRESSIONS = terms("word-before-act", "impressions")
# r40d: the verbs of approving and the nouns of the agent's course (terms [approval-asked]).
APPROVING = terms("approval-asked", "approving")
COURSE_NOUNS = terms("approval-asked", "course_nouns")
# r31c: adjectives of the agent's willingness that offer its act in the main clause of a condition (_willing).
WILLING = terms("offers", "willing")
# r33b: the agent's confidence stated after its own approval question answers it (answered_in_message).
SELF_ANSWERS = terms("approval-asked", "self_answers")
DOUBTS = terms("approval-asked", "doubts")
# The phrase and family a closing question's finding reports (it has no lexicon entry: the construction is
# found by grammar, docs/DESIGN.md#phrase-families revision 3).
PHRASE = "closing question"
FAMILY = "closing-question"
# Words that set a label or an aside off the question it introduces: "Separately: JSON or CSV?".
INTRODUCERS = frozenset({":", "—", "–", "--"})


@dataclass(frozen=True)
class QuestionVocabulary:
    """The word lists of questions.toml, frozen (see that file for what each list is for)."""

    readiness: frozenset[str]
    approval: frozenset[str]
    approval_verbs: frozenset[str]
    approval_own_verbs: frozenset[str]
    opinion_nouns: frozenset[str]
    intent_verbs: frozenset[str]
    offer_verbs: frozenset[str]
    request_words: frozenset[str]
    request_quantifiers: frozenset[str]
    request_predicates: frozenset[str]
    wish_verbs: frozenset[str]
    condition_wishes: frozenset[str]
    lexicon_wishes: frozenset[str]
    offer_modals: frozenset[str]
    wh_words: frozenset[str]
    illustrations: tuple[str, ...]
    reporting_words: frozenset[str]
    self_labels: tuple[str, ...]
    checking_verbs: frozenset[str]
    checking_purposes: tuple[str, ...]
    reader: frozenset[str]
    perception_verbs: frozenset[str]
    articles: frozenset[str]
    question_openers: frozenset[str]


# The lists read in order (prefixes a sentence may open with), the rest as sets.
_TUPLES = ("checking_purposes", "self_labels", "illustrations")


@cache
def question_vocabulary(path: str = QUESTIONS_PATH) -> QuestionVocabulary:
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    return QuestionVocabulary(
        **{
            name: tuple(data[name]) if name in _TUPLES else frozenset(data[name])
            for name in QuestionVocabulary.__annotations__
        }
    )


@dataclass(frozen=True)
class Asked:
    """One sentence the rules judge: its parse (the part after a label or dash that introduces it: 'Worth a
    CI job — want one?' is judged on 'want one?'), how it asks, and what the rules read beside it."""

    doc: Doc
    site: QuestionSite
    lexicon: Lexicon
    words: QuestionVocabulary
    # A closing list (docs/DESIGN.md#construction-classes): each item parsed alone (the site's doc is its lead-in).
    parts: tuple[Doc, ...] = ()

    @property
    def tokens(self) -> list[Token]:
        return [t for t in self.doc if not t.is_space]

    @property
    def root(self) -> Token:
        sentences = list(self.doc.sents)
        return sentences[-1].root if sentences else self.doc[0]


def judge_question(doc: Doc, site: QuestionSite, lexicon: Lexicon, parts: Sequence[Doc] = ()) -> Judgement:
    """The walk of the [[closing-question]] table over one sentence (or a closing list's lead-in and its items,
    `parts`): the first row that applies decides."""
    return walk(table("closing-question"), Asked(doc, site, lexicon, question_vocabulary(), tuple(parts)))


def judged_part(site: QuestionSite) -> tuple[int, int]:
    """The part of the site's sentence the rules parse, as offsets into the text: after the last label or
    dash that introduces the question ('Separately: JSON or CSV for the export?', 'Worth adding a CI job —
    want one?'), when words follow it. A closing list's part is its lead-in line (its items are parsed apart); a report
    site's parts are the instructions before it (r31a), its own part the whole sentence as for any other site."""
    sentence = site.sentence
    if site.parts and site.kind == LIST:
        return site.start, site.start + len(sentence.split("\n", 1)[0].rstrip())
    cut = 0
    for k, ch in enumerate(sentence[:-1]):
        if _inside_quotes(sentence[:k]):
            continue  # r29d, r29e: 'Say "step 2 – booking" and we'll build it': a quoted dash cuts nothing
        if ch in ":—–" and sentence[k + 1].isspace() and any(c.isalpha() for c in sentence[k + 1 :]):
            if ch == ":" and _opens_question(sentence[cut:k]):
                continue
            cut = k + 1
    while cut < len(sentence) and sentence[cut].isspace():
        cut += 1
    if cut and site.kind == QUESTION and _benefit_of_what_came_before(sentence[cut:]):
        # issue 28 phase 6: 'I could set up the same lint config next — would that help?': the question asks about
        # the offer before the dash, which is judged with it (bonus-offer)
        cut = 0
    if cut and site.kind != QUESTION and only_invites(sentence[cut:]):
        cut = 0  # r29c: 'Also happy to document both flags — just say.': the offer before the dash is judged with it
    if cut and site.kind == DECISION and only_decides(sentence[cut:]):
        cut = 0  # r38a: 'We can store them as float16 or float32 — whatever you prefer.': the decision conditions it
    if cut and site.kind in (TURN, CONTACT) and _reports_handed_work_done(sentence[cut:]):
        cut = 0  # r39j: '… run the seed script — ping me when that's done': the report back on the work before the dash
    if cut and site.kind != QUESTION and kind_of(sentence[:cut]) is not None and kind_of(sentence[cut:]) is None:
        # issue 28 phase 6: 'Let me know when you're ready for the next phase — the API layer.' — the words before the
        # dash ask, those after it ask nothing of their own: an appositive of the request, judged whole
        cut = 0
    return site.start + cut, site.end


POINTING_BACK = terms("contact-closer", "pointing_back")
COMPLETIONS = terms("contact-closer", "completions")
CONTACT_MARKS = terms("contact-closer", "marks")


def _reports_handed_work_done(part: str) -> bool:
    """r39j: the part after the dash times the report back by the completion of what came before it — a mark of time,
    a pronoun pointing back, a copula and a word of completion ('ping me when that's done', 'let me know once it is
    finished'): the work handed before the dash is what the reader reports on, judged with it."""
    words = re.findall(r"[a-z]+", part.lower().replace("’", "'").replace("'s", " is"))
    return any(
        mark in CONTACT_MARKS and pointer in POINTING_BACK and copula in ("is", "are") and done in COMPLETIONS
        for mark, pointer, copula, done in zip(words, words[1:], words[2:], words[3:], strict=False)
    )


def _inside_quotes(before: str) -> bool:
    """The words before are inside a quotation left open: a curly opening mark not yet closed, or an odd number of
    straight double quotes."""
    return before.count("“") > before.count("”") or before.count('"') % 2 == 1


def _benefit_of_what_came_before(question: str) -> bool:
    """'would that help?', 'would it be useful?': an auxiliary, a word pointing back, and a benefit to the reader."""
    words = question.lower().replace("?", " ").split()
    vocabulary = question_vocabulary()
    if len(words) < 3 or words[0] not in vocabulary.question_openers or words[1] not in ("that", "this", "it"):
        return False
    return any(w in BENEFITS for w in words[2:])


def _opens_question(before: str) -> bool:
    """Revision 4 (docs/DESIGN.md#construction-classes): a colon after words that already open the question (an
    auxiliary or modal first, or an elliptical readiness word: 'Are you ready to move on to Block 4: the
    importer?', 'Ready for Step 2: the queue?') names the title of what the question asks about, not a label
    before it, so the question is judged whole."""
    words = before.strip(" *_#>").split(None, 1)
    vocabulary = question_vocabulary()
    return bool(words) and words[0].lower() in vocabulary.question_openers | vocabulary.readiness


# ---- exclusions -------------------------------------------------------------------------------------------


@rule("quoted-question")
def quoted_question(asked: Asked) -> Judgement | None:
    """The quotation comes from the text (analyzer.text.questions), the reporting label from the words before the
    question's own part (_label)."""
    if asked.site.quoted:
        return carved("quoted-question", "a question inside quotation marks is reported, not asked")
    label = _label(asked)
    reporting = next((w for w in label.split() if w.strip(",;") in asked.words.reporting_words), None)
    if reporting is not None:
        return carved("quoted-question", f"the label '{reporting}' reports someone else's question")
    return None


@rule("self-directed-question")
def self_directed_question(asked: Asked) -> Judgement | None:
    """Matched on word boundaries in the label, so 'todo' never matches inside another word."""
    label = _label(asked)
    found = next((w for w in asked.words.self_labels if f" {w} " in f" {label} "), None)
    if found is not None:
        return carved("self-directed-question", f"the label '{found}' addresses the question to the agent itself")
    return None


@rule("answered-in-message")
def answered_in_message(asked: Asked) -> Judgement | None:
    """The alternatives are the question's root and conjuncts: an answer may name one of them instead of saying yes
    or no."""
    if asked.site.kind != QUESTION:
        return None
    verb = asked.root if asked.root.pos_ in ("VERB", "AUX") else None
    alternatives = frozenset(
        t.lower_
        for t in asked.tokens
        if (t.dep_ == "conj" or t.i == asked.root.i) and t.pos_ in ("NOUN", "PROPN", "ADJ", "VERB")
    )
    following = asked.site.following
    lemma = verb.lemma_.lower() if verb else ""
    if answered(Context(following), lemma, asked.lexicon, alternatives, asks_a_person=asks_a_person(asked.tokens)):
        return carved("answered-in-message", "the agent answers the question in its next sentence")
    confident = next((w for w in SELF_ANSWERS if re.search(r"(?<![\w'])" + re.escape(w) + r"\b", following)), None)
    if confident is not None and not any(d in following for d in DOUBTS):
        # r33b: 'Does this seem right? I checked it against the spec's examples, so I'm confident in it.'
        return carved("answered-in-message", f"the agent answers its own question in its next sentence ('{confident}')")
    opening = [w.strip(",.;:!?—–-*_`") for w in following.split()[:3]]
    named = next((w for w in opening if w not in asked.words.articles), "")
    if named and named in alternatives:
        return carved("answered-in-message", f"the agent's next sentence names the alternative it took ('{named}')")
    return None


@rule("fact-being-checked")
def fact_being_checked(asked: Asked) -> Judgement | None:
    """Read from the next sentence's words: its parse is not made."""
    following = asked.site.following
    if asked.site.kind != QUESTION or not following:
        return None
    words = following.replace("’", "'").split()
    opener = next((w for w in words[:3] if w not in ("i'm", "i", "am", "now", "we're", "still")), "")
    if opener.endswith("ing") and any(opener.startswith(_ing(verb)) for verb in asked.words.checking_verbs):
        return carved("fact-being-checked", f"the agent reports checking the fact ('{opener}')")
    purpose = next((p for p in asked.words.checking_purposes if p in following), None)
    if purpose is not None:
        return carved("fact-being-checked", f"the agent reports checking the fact ('{purpose}')")
    return None


# r40d: a lettered or numbered option opening what follows a question ('(a) …', 'b) …', '1. …'): a menu, no answer.
_OPTION_LABEL = re.compile(r"\(?(?:[a-e]|[1-9])[).]\s")


def _label_before_following(asked: Asked) -> str:
    """The characters the site's following sentence lost at its start (the sentence splitter may cut '(a)' in two):
    the text right after the question, as written."""
    source = asked.doc.user_data.get(SOURCE_KEY)
    if not source:
        return ""
    return source[0][asked.site.end : asked.site.end + 8].lstrip(" *_\n")


@rule("rhetorical-question")
def rhetorical_question(asked: Asked) -> Judgement | None:
    """Only a wh-question: a yes/no question the agent goes on from still asks the reader."""
    tokens = asked.tokens
    if asked.site.kind != QUESTION or not tokens or not asked.site.following:
        return None
    opening = [t.lower_ for t in tokens[:2]]
    if not any(w in asked.words.wh_words for w in opening):
        return None
    following = asked.site.following
    if _asks_the_reader(asked):
        return None  # 'Which of these appeals to you? My pick would be the second.': the reader is asked, not the agent
    turns_to_reader = any(w.strip(",.;:!?") in asked.words.reader for w in following.split()) or following.rstrip(
        " *_)\"'"
    ).endswith("?")
    if turns_to_reader or following.lstrip(" *_").startswith(asked.words.illustrations):
        return None  # r31b: 'For example: JSON, YAML, …' illustrates the choices asked about, it answers nothing
    if _OPTION_LABEL.match(following.lstrip(" *_")) or _OPTION_LABEL.match(_label_before_following(asked)):
        return None  # r40d: 'What next? (a) write the tests, (b) add the docs': the options set out, no answer
    return carved("rhetorical-question", "a question the agent asks itself and answers in what follows")


# ---- the constructions ------------------------------------------------------------------------------------


@rule("readiness-question")
def readiness_question(asked: Asked) -> Judgement | None:
    """'all' as subject is the readiness word itself ('All set?'); any subject but the reader's or the agent's makes
    it a question about a thing."""
    if asked.site.kind != QUESTION:
        return None
    root = asked.root
    ready = root if root.lower_ in asked.words.readiness else _readiness_complement(root, asked.words)
    if ready is None:
        # r29d: 'Does this complete the plan, or are you ready for me to start?': the readiness asked in the question
        # joined by 'or' to the first, the model's conjunct of its root
        for joined in (c for c in root.children if c.dep_ == "conj" and c.i > root.i):
            found = _readiness_complement(joined, asked.words)
            if found is not None and any(c.lower_ == "or" for c in root.children if c.dep_ == "cc"):
                root, ready = joined, found
                break
    if ready is None:
        # issue 28 phase 6: 'Are you set for the next phase, the offline sync?' — the model made the appositive the
        # root: the readiness word whose subject is the reader or the agent heads the question
        ready = _named_readiness(asked)
        root = ready if ready is not None else root
    opened = None
    if ready is None:
        # r31c: 'Is everyone set for me to start the component migration?' — the model made the agent's act the root and
        # hung the readiness word on the subject: read on the words in order, the copula, the subject, the readiness
        opened = _readiness_opening(asked)
        ready = opened
    if ready is None:
        return None
    holders = {root.i, ready.i}
    deps = ("prep", "xcomp", "advcl", "ccomp")
    asked_for = [c for c in asked.tokens if c.head.i in holders and c.dep_ in deps and c.i > ready.i]
    if opened is not None:
        asked_for = [root] if root.i > opened.i and root.pos_ in ("VERB", "AUX") else []
    subject = subject_of(root)
    if subject is not None and subject.lower_ not in READY_SUBJECTS and not _for_the_agent(asked_for):
        return None  # 'Is the build ready for review?': the readiness of a thing, a fact
    if not asked_for:
        return None
    # 'ready for me to merge #812': the go is for the agent's act, judged without the agent as its subject.
    agent = frozenset(
        t.i for c in asked_for for t in c.subtree if t.head.i == c.i and t.dep_ in (*SUBJECT_DEPS, "mark", "aux")
    )
    return _judged(asked, "readiness-question", "asks whether the reader gives the go", asked_for, exclude=agent)


def _named_readiness(asked: Asked) -> Token | None:
    """Issue 28 phase 6: a readiness word with the reader or the agent as its subject, wherever the model put it."""
    for token in asked.tokens:
        subject = subject_of(token)
        if token.lower_ not in asked.words.readiness or subject is None or subject.lower_ not in READY_SUBJECTS:
            continue
        # a state under the copula ('Are you set …'), not the verb ('I could set up …')
        if any(c.dep_ in ("aux", "auxpass") and c.lemma_ == "be" for c in token.children) and token.tag_ == "VBN":
            return token
    return None


def _readiness_opening(asked: Asked) -> Token | None:
    """r31c: the question opens with the copula, a subject that gives the go (the reader, the agent, everyone) and a
    readiness word, in that order, whatever arcs the model drew between them."""
    words = [t for t in asked.tokens if not t.is_punct]
    if len(words) < 4 or words[0].lemma_.lower() != "be" or words[1].lower_ not in READY_SUBJECTS:
        return None
    return words[2] if words[2].lower_ in asked.words.readiness else None


def _for_the_agent(asked_for: list[Token]) -> bool:
    """Issue 28 phase 6: 'Is the team ready for me to start …?' — readiness for the agent's own act asks whoever is
    named for the go: the agent is the subject of what they are to be ready for."""
    return any(subject_of(c) is not None and subject_of(c).lower_ in AGENT_SUBJECTS for c in asked_for)


def _readiness_complement(root: Token, words: QuestionVocabulary) -> Token | None:
    """Revision 4 (docs/DESIGN.md#construction-classes), readiness with a subject: 'Are we good to proceed …?', 'Are you
    ready for me to …?' — the readiness word is the copula's complement, and the model may hang what it is ready for on
    the copula."""
    if root.lemma_.lower() != "be":
        return None
    ready = next((c for c in root.children if c.dep_ == "acomp" and c.lower_ in words.readiness), None)
    subject = subject_of(root)
    if ready is None and subject is not None and subject.lower_ in READY_SUBJECTS:
        # r35c: 'Are we happy to move on to phase 3?' — a word of contentment with the go-giver as subject and the act
        # in its infinitive asks readiness
        ready = next((c for c in root.children if c.dep_ == "acomp" and c.lower_ in CONTENTED and
                      any(x.dep_ == "xcomp" for x in c.children)), None)  # fmt: skip
    if ready is None and subject is not None:
        # issue 28 phase 4b: 'Is everyone ready to dive into Sprint 2?' — the model hangs the readiness word on the
        # subject as an adjective or participle after it ('everyone set to …')
        ready = next((c for c in subject.children if c.dep_ in ("amod", "acl") and c.i > subject.i and c.lower_ in
                      words.readiness), None)  # fmt: skip
    return ready


@rule("approval-question")
def approval_question(asked: Asked) -> Judgement | None:
    """The approval read from the parse first (_approval_of); r35c: then read on the words in order — assent as a place
    ('on board with …') and the elliptical choice about scope ('Tests too, or is this enough?')."""
    if asked.site.kind != QUESTION:
        return None
    found = _approval_of(asked)
    if found is not None:
        return found
    boarded = _on_board(asked)
    if boarded is not None:
        return _judged(asked, "approval-question", "asks the reader's approval ('on board')", boarded)
    offered = _more_or_enough(asked)
    if offered is None:
        return None
    rest = frozenset(t.i for t in asked.doc if t.i > offered[-1].i)
    span = {t.i for t in offered}
    tops = [t for t in offered if t.head.i not in span or t.head.i == t.i] or offered[:1]
    why = "offers more of the agent's work or asks whether what it did is enough"
    return _judged(asked, "approval-question", why, tops, exclude=rest)


def _fact_asked(prep: Token) -> bool:
    """r39d (docs/DESIGN.md#construction-classes): the preposition of an opinion noun governs a finite wh-clause
    with no modal ('on why it fails', 'on what causes the drift'): the reader is asked about a fact, and a fact is
    no approval. r39rv: a verb of how the work strikes the reader ('on how the dashboard looks', '… how it reads now';
    IMPRESSIONS) asks the reader's view of it, no fact."""
    for clause in (c for c in prep.children if c.dep_ in ("pcomp", "pobj") and c.pos_ in ("VERB", "AUX")):
        wh = next((c for c in clause.subtree if c.lower_ in FACT_WH and c.i < clause.i), None)
        finite = clause.tag_ in ("VBZ", "VBP", "VBD") and clause.lemma_.lower() not in IMPRESSIONS
        modal = any(c.dep_ == "aux" and c.lower_.replace("’", "'") in CHOICE_MODALS for c in clause.children)
        if wh is not None and finite and not modal:
            return True
    return False


def _approval_of(asked: Asked) -> Judgement | None:
    """Three shapes, tried in turn: a verb of the reader's own approval, an opinion noun heading the question, an
    approval word under a perception verb or copula (_approval_predicate). A question about what a thing is stays a
    fact unless the thing is pointed at or the reader is named."""
    root = asked.root
    lemma = root.lemma_.lower()
    subject = subject_of(root)
    words = asked.words
    to_reader = any(t.lower_ in words.reader for t in asked.tokens)
    # issue 28: 'Agree?' — the verb of the reader's approval with its subject left out
    elliptical = subject is None and root.i == asked.tokens[0].i and root.tag_ in ("VB", "VBP")
    if lemma in words.approval_own_verbs and ((subject is not None and subject.lower_ == "you") or elliptical):
        # r42c: the act approved may be a gerund the model hangs as a complement ('approve running this deployment')
        approved = [c for c in root.children if c.dep_ in ("prep", "dobj", "ccomp", "xcomp")]
        granted = environment_word(t for c in approved for t in [c, *c.subtree])
        if granted is not None:
            # r39a: 'Could you approve the OAuth consent screen in your browser?': a grant only the person gives (a
            # sign-in check, a run outside the sandbox), no approval of the agent's plan
            return carved("approval-question", f"the reader's '{root.text} … {granted}' is a grant only the person "
                          "gives, no approval of the agent's work")  # fmt: skip
        return _judged(asked, "approval-question", "asks the reader to approve", approved)
    if root.lower_ in words.opinion_nouns and root.pos_ == "NOUN":  # the noun heads the question: no predicate
        about = [c for c in root.children if c.dep_ == "prep"]  # 'Thoughts on the naming?'
        if any(_fact_asked(p) for p in about):  # r39d: 'Thoughts on why it fails?' asks a fact: no approval
            return None
        about += _readers_act_after(root, words.reader)
        return _judged(asked, "approval-question", "asks for the reader's view", about)
    opened = _opinion_opening(asked)
    if opened is not None:
        return _judged(asked, "approval-question", "asks for the reader's view", opened)
    predicate = _approval_predicate(root, words)
    if predicate is None:
        return _course_or_own_act(asked) or _approving_asked(asked)
    if lemma == "work" and not to_reader:
        return None  # 'Does the cache work?' asks a fact; 'Does that work for you?' asks approval
    # 'Does the new layout look OK?': how a thing looks or sounds is the reader's judgement of it; what a thing
    # is ('Is the output correct?') is a fact unless it is pointed at or the reader is named.
    perceived = lemma in words.perception_verbs and predicate.i != root.i
    # issue 28 phase 6: 'More tests, or is this coverage enough?' — any subject of the copula may point at the work
    pointed = any(_demonstrative(c) for c in root.children if c.dep_ in SUBJECT_DEPS)
    shown = subject is None or perceived or pointed or to_reader
    if not shown:
        return None  # 'Is the output correct?': a fact about a thing, not the reader's approval
    approved = [subject] if subject is not None and not _demonstrative_only(subject) else []
    approved += [c for c in predicate.children if c.dep_ == "prep" and not _to_reader(c, words)]
    return _judged(asked, "approval-question", f"asks the reader's approval ('{predicate.text}')", approved)


def _course_or_own_act(asked: Asked) -> Judgement | None:
    """r40d (docs/DESIGN.md#construction-classes): the agent's course or its own act asked to be judged — an approval
    word on a noun of the course, the copula's attribute or the object of its preposition, of a pointer or the agent
    ('Is this the right direction?', 'Am I on the right track?'); or the agent's act, its subject the agent, with an
    approval word as its complement or the reader's intent in it ('Did I get that right?', 'Did I capture what you
    wanted?'). Judged on what the agent did or proposes."""
    root, words = asked.root, asked.words
    subject = subject_of(root)
    agent = subject is not None and subject.lower_ in AGENT_SUBJECTS
    pointed = subject is None or agent or _demonstrative(subject)
    for noun in (t for t in asked.tokens if t.lemma_.lower() in COURSE_NOUNS):
        judged = any(c.dep_ == "amod" and c.lower_ in words.approval for c in noun.children)
        placed = noun.dep_ == "attr" and noun.head.i == root.i
        placed = placed or (noun.dep_ == "pobj" and noun.head.dep_ == "prep" and noun.head.head.i == root.i)
        if judged and placed and pointed:
            return _judged(asked, "approval-question", f"asks the reader to judge the agent's course ('{noun.text}')",
                           [] if subject is None or _demonstrative_only(subject) or agent else [subject])
    if not agent or root.lemma_.lower() == "be":
        return None
    rated = next((c for c in root.children if c.dep_ in ("ccomp", "oprd", "acomp", "advmod", "xcomp")
                  and c.lower_ in words.approval), None)  # fmt: skip
    intended = next((t for t in root.subtree if t.i != root.i and _reader_subject(t) and _intends(t, words)), None)
    found = rated or intended
    if found is None:
        return None
    objects = [c for c in root.children if c.dep_ == "dobj" and not _demonstrative_only(c) and c.i != found.i
               and not any(t.i == found.i for t in c.subtree)]  # fmt: skip
    return _judged(asked, "approval-question", f"asks the reader to judge the agent's own act ('{root.text} … "
                   f"{found.text}')", objects)  # fmt: skip


def _approving_asked(asked: Asked) -> Judgement | None:
    """r40d: the reader asked to approve with the rest of the class of approving verbs ('Would you sign off on this
    plan?', 'Can you confirm this approach is OK?'; terms [approval-asked] approving): the reader its subject; 'confirm'
    only over an approval word in its clause or the agent's plan as its object ('Can you confirm the tests pass?' asks a
    fact)."""
    root = asked.root
    subject = subject_of(root)
    if subject is None or subject.lower_ not in asked.words.reader or not approving(root):
        return None
    approved = approving_objects(root, asked.words)
    if approved is None:
        return None
    side = environment_word(t for c in approved for t in [c, *c.subtree])
    if side is not None:
        return carved("approval-question", f"the reader's '{root.text} … {side}' is on the person's side (a grant, or "
                      "a place only the person reaches), no approval of the agent's work")  # fmt: skip
    return _judged(asked, "approval-question", f"asks the reader to approve ('{root.text}')", approved)


def approving(verb: Token) -> bool:
    """r40d: a verb of approving (terms [approval-asked] approving), alone or with its particle ('sign off')."""
    lemma = verb.lemma_.lower()
    particles = [c.lower_ for c in verb.children if c.dep_ == "prt"]
    return lemma in APPROVING or any(f"{lemma} {p}" in APPROVING for p in particles)


def approving_objects(verb: Token, words: QuestionVocabulary) -> list[Token] | None:
    """What an approving verb approves, to be judged: its objects and prepositions; None when it approves no plan of
    the agent's — 'confirm' with a clause holding no approval word, or an object that is neither pointed at nor a plan
    noun (a fact to check)."""
    approved = [c for c in verb.children if c.dep_ in ("prep", "dobj") and not _to_reader(c, words)]
    if verb.lemma_.lower() != "confirm":
        return [c for c in approved if not _demonstrative_only(c)]
    clause = next((c for c in verb.children if c.dep_ == "ccomp"), None)
    if clause is not None:
        predicate = _approval_predicate(clause, words)
        inner = subject_of(clause)
        if predicate is None or (inner is not None and not (_demonstrative(inner) or inner.lemma_.lower() in
                                                              COURSE_NOUNS)):  # fmt: skip
            return None
        return [] if inner is None or _demonstrative_only(inner) else [inner]
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    if any(not (_demonstrative(o) or o.lemma_.lower() in COURSE_NOUNS) for o in objects):
        return None
    return [o for o in objects if not _demonstrative_only(o)]


def _more_or_enough(asked: Asked) -> list[Token] | None:
    """r35c (docs/DESIGN.md#construction-classes), the elliptical choice about scope: more of the agent's work offered
    with no verb, then 'or' and the sufficiency of what it did asked of a pointer ('Tests for the edge cases too, or
    is this enough?', 'Same treatment for the CLI, or is this fine as is?'). Read on the words in order — the model
    hangs the copula and the pointer anywhere: 'or', a copula, a pointer, then an approval word within three words.
    What is offered is the first alternative (its words returned in order), judged like attribution."""
    tokens = asked.tokens
    at = next((k for k, t in enumerate(tokens) if t.lower_ == "or" and k > 0), None)
    if at is None or at + 2 >= len(tokens):
        return None
    first = tokens[:at]
    if first[0].lower_ in asked.words.question_openers | asked.words.wh_words or any(
        t.dep_ in SUBJECT_DEPS and t.lower_ in PERSONAL for t in first
    ):
        return None  # 'Is the disk big enough, or …', 'I added tests, or …': a clause of its own before 'or'
    copula, pointer = tokens[at + 1], tokens[at + 2]
    if copula.lemma_.lower() == "be" and pointer.lower_ in POINTERS | {"we"}:  # '… or are we good?'
        judged = tokens[at + 3 : at + 6]
    elif any(t.lower_ in ADDITIVE for t in first):
        judged = tokens[at + 1 : at + 3]  # 'Tests too, or good as is?': the copula and the pointer left out
    else:
        return None
    if not any(t.lower_ in asked.words.approval for t in judged):
        return None
    return first


def _opinion_opening(asked: Asked) -> list[Token] | None:
    """r31c: 'Thoughts on the module split above?', 'Any objections to the table rename?' — a noun of the reader's
    view opens the question and a word of topic follows it, with no finite verb, modal or auxiliary in the question:
    the reader's view asked, wherever the model hung the words ('split' read as the root, 'Thoughts' as its subject;
    'Feedback' read as a verb). What the view is asked of is the words after the topic word."""
    words = [t for t in asked.tokens if not t.is_punct or t.lower_ == ":"]
    start = 1 if words and words[0].lower_ in OPINION_OPENERS else 0
    if len(words) < start + 3 or words[start].lower_ not in asked.words.opinion_nouns:
        return None
    if words[start + 1].lower_ not in OPINION_TOPICS:
        return None
    head, topic = words[start].i, words[start + 1].i
    finite = ("MD", "VBZ", "VBD", "VBP")  # the topic word itself may be read as the verb ('Thoughts re: …')
    clauses = [t for t in asked.tokens if t.i != topic and t.head.i in (head, t.i)]
    if any(t.tag_ in finite or t.dep_ in ("aux", "auxpass") for t in clauses):
        return None  # 'Thoughts on the split were Dana's': a statement with the opinion noun as its subject
    return [t for t in words[start + 2 :] if t.lower_ != ":"]


@rule("elliptical-offer")
def elliptical_offer(asked: Asked) -> Judgement | None:
    """Only when the offer verb opens the question and has no subject; a past form asks about what was."""
    if asked.site.kind != QUESTION:
        return None
    root = asked.root
    subject = subject_of(root)
    # issue 28: the reader named with no auxiliary, a declarative question ('You want the script written up too?',
    # "Y'all want …?" read as 'you')
    declared = subject is not None and subject.lower_ == "you" and subject.i == asked.tokens[0].i and not any(
        c.dep_ in ("aux", "neg") for c in root.children
    )
    opening = asked.tokens[1 if declared and len(asked.tokens) > 1 else 0]
    if root.lemma_.lower() not in asked.words.offer_verbs or root.i != opening.i:
        return _clause_offer(asked)
    if root.tag_ in ("VBD", "VBN"):
        return None  # 'Needed the old schema for anything?': a question about what was, no offer
    if subject is not None and not declared:
        return None
    wanted = [c for c in root.children if c.dep_ in ("dobj", "ccomp", "xcomp", "attr")]
    if not wanted and not (_last_word(root, asked.tokens) and subject is None):
        return None  # r35c: '… — want?': the verb alone asks for the work just named
    how = "asked of the reader as a statement" if declared else "with the reader left out"
    return _judged(
        asked, "elliptical-offer", f"offers the agent's work ('{root.text}' {how})", wanted
    )


def _clause_offer(asked: Asked) -> Judgement | None:
    """r35c (docs/DESIGN.md#construction-classes): the reader's wanting or interest asked of the agent's work with the
    subject left out or the reader named, in a clause of its own after the agent named the work ('Should be easy to add
    to the bulk endpoint; want that done too?', 'I could profile the warm-up — interested?', 'Would you be interested in
    a follow-up PR?', 'Any interest in me patching it too?'). A verb of wanting opening the clause with no subject or
    auxiliary of its own, or a word of interest with nothing before it in its clause but the reader, a copula or modal,
    a pointer or 'any' (terms [elliptical] interest_leads). Read on the words in order: the model may give the verb the
    last noun before the comma as its subject, and reads the words of interest every way."""
    tokens = asked.tokens
    for word in tokens:
        start = _clause_start(word, tokens)
        lemma = word.lemma_.lower()
        wanting = lemma in asked.words.offer_verbs or (word.lower_ == "like" and _agent_next(word))
        if start is not None and wanting and word.tag_ not in ("VBD", "VBN"):
            own = [c for c in word.children if c.i > start]
            if any(c.dep_ in (*SUBJECT_DEPS, "aux", "auxpass", "neg") and c.i < word.i for c in own):
                continue
            wanted = [c for c in own if c.dep_ in ("dobj", "ccomp", "xcomp", "attr") and c.i > word.i]
            if word.lower_ == "like":  # 'Like me to do the same for the export job?': the model reads 'like' as a mark
                wanted = [word.head] if word.head.i > word.i else []
            told = any(w.dep_ == "xcomp" and w.lemma_.lower() in asked.lexicon.rhetorical_verbs for w in wanted)
            if told and asked.site.following:
                return None  # 'Want to know why? The logs showed …': the agent goes on to tell
            alone = _last_word(word, tokens) and start == word.i  # '… — want?': the verb alone after the dash
            if wanted or alone:
                why = f"offers the agent's work ('{word.text}' with the reader left out)"
                return _judged(asked, "elliptical-offer", why, wanted)
        interest = _interest_asked(word, tokens, asked.words.reader, asked.site.following)
        if interest is not None:
            why = f"asks the reader's interest ('{word.text}') in the agent's work"
            return _judged(asked, "elliptical-offer", why, interest)
    return None


def _interest_asked(word: Token, tokens: list[Token], reader: frozenset[str], following: str) -> list[Token] | None:
    """r35c: a word of interest ('interested', 'keen', 'game', 'up for', 'down for', 'any interest in', 'of interest')
    whose clause holds nothing before it but the words that may lead it, and what it is in: the words after its
    preposition, heads first. None: no interest asked."""
    if word.lower_ not in INTEREST:
        return None
    at = next(k for k, t in enumerate(tokens) if t.i == word.i)
    after = tokens[at + 1 :]
    if word.lower_ in INTEREST_WITH_FOR and not (after and after[0].lower_ == "for"):
        return None  # 'up for that', 'down for it'; 'Up next?' asks no interest
    lead = tokens[:at]
    cut = max((k for k, t in enumerate(lead) if t.text in CLAUSE_BREAKS), default=-1)
    if any(t.lower_ not in INTEREST_LEADS | reader for t in lead[cut + 1 :]):
        return None  # 'Sam was interested in the numbers?', 'Interested parties …'
    placed = lead[cut + 1 :] and (lead[-1].lower_ == "of" or (after and after[0].lower_ == "in"))
    if word.pos_ == "NOUN" and not placed:
        return None  # 'Interest rates …', 'Any interest charges?': the noun of interest with 'of' before or 'in' after
    named = [t for t in after if t.lower_ not in ("in", "on", "for", "about") and not t.is_punct]
    if named and named[0].lower_ in question_vocabulary().wh_words and following:
        return None  # 'Interested in why? The cache key missed the locale.': the agent goes on to tell
    span = {t.i for t in named}
    return [t for t in named if t.head.i not in span or t.head.i == t.i]


def _agent_next(word: Token) -> bool:
    """'Like me to …': the agent named right after the verb of wishing, then 'to'."""
    doc = word.doc
    return word.i + 2 < len(doc) and doc[word.i + 1].lower_ in ("me", "us") and doc[word.i + 2].lower_ == "to"


def _last_word(word: Token, tokens: list[Token]) -> bool:
    return all(t.is_punct for t in tokens if t.i > word.i)


def _clause_start(word: Token, tokens: list[Token]) -> int | None:
    """r35c: where the clause the word opens starts — the question's first word, or the word after a break (';', ',',
    a dash) with at most a coordinator between ('…, so want me on it next?'); None: the word opens no clause."""
    at = next((k for k, t in enumerate(tokens) if t.i == word.i), None)
    if at is None:
        return None
    if at == 0:
        return tokens[0].i
    if tokens[at - 1].text in CLAUSE_BREAKS and tokens[at - 1].text != ",":
        return word.i  # right after a semicolon, colon or dash: the word opens the clause itself
    before = tokens[at - 1]
    if before.lower_ in CLAUSE_JOINS and at >= 2:
        before = tokens[at - 2]
    return before.i if before.text in CLAUSE_BREAKS else None


@rule("open-request")
def open_request(asked: Asked) -> Judgement | None:
    """Every verb must be one of the request predicates: any other asks a fact."""
    if asked.site.kind != QUESTION:
        return None
    tokens = asked.tokens
    words = asked.words
    first = tokens[0].lower_
    bare = [t.lower_ for t in tokens if not t.is_punct]
    # 'Next?', and issue 28: 'Next task?', 'Next one?' (a word of what comes next, then what it is)
    if bare and (all(w in words.request_words for w in bare) or _next_item(bare)):
        return gated(
            "fire", "open-request", f"fires (open-request): '{_as_asked(asked)}' asks for the reader's next request"
        )
    if _existential_request(bare, words):
        first = bare[2]  # r40d: 'Is there anything more on your list?' asks as 'Anything more on your list?' does
    if first not in words.wh_words and first not in words.request_quantifiers:
        return None
    area = _area_wanting(asked)
    if area is not None:  # issue 28 phase 6: 'Which part of the app needs attention?'
        return gated("fire", "open-request", f"fires (open-request): '{_as_asked(asked)}' asks the reader which "
                     f"{area.text} the agent should take on next")  # fmt: skip
    if not any(t.lower_ in words.request_words for t in tokens):
        return None
    verbs = [t for t in tokens if t.pos_ in ("VERB", "AUX") and t.dep_ not in ("aux", "auxpass")]
    if any(t.tag_ in ("VBD", "VBN") for t in verbs):
        return None  # 'What else changed between run 6 and run 7?': a report, no request
    if any(t.lemma_.lower() not in words.request_predicates and not _work_to_take(t) for t in verbs):
        return None  # 'What else could cause this?': a question about a fact
    return gated(
        "fire", "open-request", f"fires (open-request): '{_as_asked(asked)}' asks for the reader's next request"
    )


def _existential_request(bare: list[str], words: QuestionVocabulary) -> bool:
    """r40d: an open request opened by an existential copula ('Is there anything more on your list?', 'Is there anything
    else?'): the quantifier third, and the reader named or nothing after the word of what more ('Is there anything else
    in the log?' asks a fact)."""
    if len(bare) < 4 or bare[0] not in ("is", "are") or bare[1] != "there" or bare[2] not in words.request_quantifiers:
        return False
    return bare[3] in words.request_words and (len(bare) == 4 or any(w in words.reader for w in bare[4:]))


def _work_to_take(verb: Token) -> bool:
    """r29c: 'Something else to tackle?', 'Anything more to fix?': an infinitive of taking work on (terms
    [open-offer-asked] taking) with no subject of its own — the agent's next work, left for the reader to name."""
    infinitive = any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children) and subject_of(verb) is None
    return infinitive and verb.lemma_.lower() in TAKING


def _area_wanting(asked: Asked) -> Token | None:
    """Issue 28 phase 6: 'Which part of the app needs attention?' — a part of the work picked by 'which' or 'what' as
    the subject of a need for the agent's attention or work: the reader is asked where the agent goes next."""
    for verb in asked.tokens:
        subject = subject_of(verb)
        if verb.lemma_.lower() != "need" or subject is None or subject.lower_ not in AREA_NOUNS:
            continue
        picked = any(c.dep_ == "det" and c.lower_ in ("which", "what") for c in subject.children)
        if picked and any(c.dep_ == "dobj" and c.lower_ in AREA_WANTS for c in verb.children):
            return subject
    return None


def _next_item(bare: list[str]) -> bool:
    return len(bare) == 2 and bare[0] == "next" and bare[1] in NEXT_ITEMS


@rule("relative-offer")
def relative_offer(asked: Asked) -> Judgement | None:
    """What the agent would act on leaves out the reader, the wish and the agent, so the human-only test reads only
    the thing acted on."""
    if asked.site.kind not in (QUESTION, REQUEST):
        return None
    for wish in asked.tokens:
        opened = _opened_by_indefinite(wish, asked)
        if wish.lemma_.lower() not in asked.words.wish_verbs or (wish.dep_ not in ("relcl", "acl", "ccomp") and
                                                                  opened is None):  # fmt: skip
            continue
        subject = subject_of(wish)
        if subject is None or subject.lower_ != "you":
            continue
        action = next((c for c in wish.children if c.dep_ in ("ccomp", "xcomp")), None)
        if action is None and wish.dep_ == "relcl":
            # issue 28 phase 6: 'Is there anything you'd like me to look at next?' — the model hung the agent's act
            # on the indefinite beside the wish
            beside = [c for c in wish.head.children if c.dep_ == "relcl" and c.i > wish.i]
            agent_acts = [c for c in beside if any(g.lower_ in ("me", "us") and g.dep_ == "nsubj" for g in c.children)]
            action = agent_acts[0] if agent_acts else None
        agent = [
            c for c in (*wish.children, *(action.children if action is not None else ())) if c.lower_ in ("me", "us")
        ]
        if action is None or not agent:
            continue
        # What the agent would act on: the noun the clause names with the action ('a PR … merge'), the reader,
        # the wish and the agent left out; in a request, the action and what it governs.
        left_out = {wish.i, subject.i, *(c.i for c in wish.children if c.dep_ == "aux"), *(t.i for t in agent)}
        root = wish.head if wish.dep_ in ("relcl", "acl") else opened if opened is not None else action
        why = f"offers the agent's '{action.text}' inside a relative clause"
        return _judged(asked, "relative-offer", why, [root], exclude=frozenset(left_out))
    return None


def _opened_by_indefinite(wish: Token, asked: Asked) -> Token | None:
    """Issue 28 phase 6: 'Anything in particular you'd like me to dig into?' — a verbless question opened by an
    indefinite, the reader's wish read as its root: the indefinite is what the agent would act on."""
    first = asked.tokens[0] if asked.tokens else None
    if wish.dep_ != "ROOT" or first is None or first.lower_ not in asked.words.request_quantifiers:
        return None
    return first if first.head.i == wish.i and first.i < wish.i else None


@rule("conditional-preference")
def conditional_preference(asked: Asked) -> Judgement | None:
    """The main clause is found through _offering_clause, since the model may hang the condition on a verb of the
    offered act."""
    if asked.site.kind != CONDITION:
        return None
    words = asked.words
    for wish in asked.tokens:
        inverted = any(c.dep_ == "aux" and c.lower_ == "should" and c.i < wish.i for c in wish.children)
        subject = subject_of(wish)
        in_case = subject is not None and _in_case(subject)
        # issue 28: the inverted condition may be read as a complement ('Should you prefer X, I can …': ccomp); r31c:
        # so may one after 'in case' ('We can keep both in case you'd rather not break old clients.')
        # r40d: the inverted condition read as the root, the offer hung on it as its complement ('Should you want X, I
        # can add …': can add -ccomp-> want)
        rooted = inverted and wish.dep_ == "ROOT" and _offered_complement(wish, words) is not None
        if not _wished(wish, words) or not (rooted or wish.dep_ in ("advcl", *(("ccomp",) * (inverted or in_case)))):
            continue
        marked = any(c.dep_ == "mark" and c.lower_ in ("if", "unless") for c in wish.children)
        if subject is None or subject.lower_ != "you" or not (marked or inverted or in_case):
            continue
        if marked and wish.lemma_.lower() in words.lexicon_wishes:
            continue  # r40d: 'if you want', 'if you'd like' are the lexicon's phrases, judged by their own gate
        if _tells_reader(wish.head) and wish.head.i != wish.i:
            return None  # r40d: 'Ping me if you need anything; I'll keep going …': the condition is on the reader's act
        main = _offered_complement(wish, words) if rooted else _offering_clause(wish.head, words)
        if wish.lemma_.lower() not in words.condition_wishes and wish.i > main.i:
            # r31c: a 'would rather' condition after the offer is the lexicon's phrase ('if you'd rather'); spelled
            # out there it stays unread (tests/corpus analyzer_corpus_d would-rather-42, labelled clear)
            continue
        agent = subject_of(main)
        passive = passive_offer(main)
        if passive is not None:  # r38a: 'If you prefer streaming, it could be implemented on the tokenizer.'
            auxiliaries = {c.i for c in main.children if c.dep_ in ("aux", "auxpass", "punct")}
            left_out = {t.i for t in wish.subtree} | auxiliaries
            offered = f"new work offered in the passive ('{passive}')"
            why = f"is a condition on the reader's '{wish.text}' governing {offered}"
            return _judged(asked, "conditional-preference", why, [main], exclude=frozenset(left_out))
        modal = any(c.dep_ == "aux" and c.lower_.replace("’", "'") in words.offer_modals for c in main.children)
        willing = None if modal else _willing(main)
        if agent is None or agent.lower_ not in AGENT_SUBJECTS or not (modal or willing is not None):
            return None  # 'If you prefer YAML, set format = yaml.': the reader acts
        # What the agent offers: its own predicate, without the condition, its subject and its modal.
        left_out = {t.i for t in wish.subtree} | {agent.i} | {c.i for c in main.children if c.dep_ in ("aux", "punct")}
        why = f"is a condition on the reader's '{wish.text}' governing the agent's '{(willing or main).text}'"
        return _judged(asked, "conditional-preference", why, [main], exclude=frozenset(left_out))
    return None


def _tells_reader(verb: Token) -> bool:
    """r40d: an imperative to the reader — a bare verb with no subject, not a verb of the agent's offer."""
    return verb.tag_ == "VB" and subject_of(verb) is None and not any(c.dep_ == "aux" for c in verb.children)


def _offered_complement(wish: Token, words: QuestionVocabulary) -> Token | None:
    """r40d: the agent's offer the model hung on an inverted condition read as the root ('Should you want the keys in
    a .env file, I can add dotenv support': add -ccomp-> want), after its comma."""
    return next((c for c in wish.children if c.dep_ == "ccomp" and c.i > wish.i and _offers(c, words)), None)


def _wished(verb: Token, words: QuestionVocabulary) -> bool:
    """The reader's preference: a verb of wishing ('if you prefer X'), or r31c: any verb under 'would rather' ('if
    you'd rather keep the old API': rather -advmod-> keep, 'd -aux-> keep)."""
    if verb.lemma_.lower() in words.condition_wishes:
        return True
    rather = any(c.dep_ == "advmod" and c.lower_ == "rather" for c in verb.children)
    return rather and any(c.dep_ == "aux" and c.lower_.replace("’", "'") in ("'d", "would") for c in verb.children)


def _in_case(subject: Token) -> bool:
    """r31c: the condition's subject right after 'in case' ('In case you'd rather …'): the model reads the mark as
    a preposition and its noun, hung anywhere, so it is read on the words in order."""
    doc = subject.doc
    return subject.i >= 2 and (doc[subject.i - 2].lower_, doc[subject.i - 1].lower_) == ("in", "case")


def _willing(clause: Token) -> Token | None:
    """r31c: the agent's willingness offers its act as a modal does ('I'm happy to restructure the docs'): an
    adjective of willingness (terms [offers] willing) under the copula; the act is its infinitive."""
    for adjective in (c for c in clause.children if c.dep_ == "acomp" and c.lower_ in WILLING):
        act = next((x for x in adjective.children if x.dep_ == "xcomp"), None)
        if act is not None:
            return act
    return None


@rule("verbless-choice")
def verbless_choice(asked: Asked) -> Judgement | None:
    """'which' alone with no verb points back at options listed before; otherwise an 'or' with no subject, no
    wh-word and no inverted auxiliary."""
    if asked.site.kind != QUESTION:
        return None
    tokens = asked.tokens
    if tokens[0].lower_ == "which" and not any(t.pos_ in ("VERB", "AUX") for t in tokens):
        # 'Which one?', 'Which of the two?': the alternatives were listed before the question
        return gated(
            "fire",
            "verbless-choice",
            f"fires (verbless-choice): '{_as_asked(asked)}' hands the reader the choice between the options listed",
        )
    choice = next((t for t in tokens if t.dep_ == "cc" and t.lower_ == "or"), None)
    if choice is None:
        return None
    after_or = [t for t in tokens if t.i > choice.i and not t.is_punct]
    if not any(t.dep_ == "conj" for t in tokens) and not after_or:
        return None  # 'One migration or two?': the model may hang the second alternative off the first
    if any(t.dep_ in SUBJECT_DEPS for t in tokens):
        return None  # 'Is it the cache or the proxy?': a question about a fact, with its subject
    first = tokens[0]
    if first.lower_ in asked.words.wh_words or (first.tag_ in ("MD", "VBZ", "VBP", "VBD") and first.dep_ == "aux"):
        return None
    perceived = _readers_observation_framed(asked)
    if perceived is not None:
        return carved("verbless-choice", f"the alternatives complete a question about what the reader observes "
                      f"('{perceived}'): the person's own facts, no choice of the agent's handed over")  # fmt: skip
    framed = _framed_choice(asked)  # r35a: 'Which plan should the account move to — Starter or Growth?'
    if framed is not None and framed.human_only:
        return gated("exempt", "verbless-choice", f"exempt (verbless-choice): '{_as_asked(asked)}' hands the reader a "
                     f"choice between alternatives of what its question's frame names, and that is "
                     f"{framed.describe()}", first.i, None, framed.domains)  # fmt: skip
    return _judged(asked, "verbless-choice", "hands the reader a choice between alternatives", [asked.root])


# r35a: a question opened by a wh-determiner and its noun, whose alternatives follow an introducing mark.
WH_FRAME = re.compile(r"^\s*(?:which|what)\s+\w+\b[^.?!]*[:\u2014\u2013-]\s*$", re.IGNORECASE)


def _framed_choice(asked: Asked) -> Work | None:
    """r35a (docs/DESIGN.md#construction-classes, a choice whose frame names the decision): the judged part is the
    alternatives after the question's frame ('Which plan should the account move to — Starter or Growth?'); the whole
    sentence is parsed once more (only for this shape) and the frame and the alternatives are judged as one act
    (reference.wh_framed). None when the sentence has no such frame."""
    source = asked.doc.user_data.get(SOURCE_KEY)
    if not source or not source[1]:
        return None
    offset = source[1][0] - asked.site.start
    prefix = asked.site.sentence[:offset]
    if offset <= 0 or not WH_FRAME.match(prefix):
        return None
    from analyzer.parse.model import load_model

    whole = load_model()(sentence_case(asked.site.sentence.strip()))
    lead = len(asked.site.sentence) - len(asked.site.sentence.lstrip())
    first = next((t for t in whole if t.idx >= offset - lead and not t.is_space), None)
    framed = wh_framed(first) if first is not None else []
    if not framed:
        return None
    rest = [t for t in whole if t.i >= first.i and not t.is_punct and not t.is_space]
    return work_of_stretch([*framed, *rest], asked.lexicon)


# r39h: a wh-question about the reader, its alternatives after an introducing mark ('Where are you seeing "0.8.0" — on
# the web page, in the mod manager, or somewhere else?').
READER_FRAME = re.compile(
    r"^\s*(?:where|what|which|when|how)\b(?:[^.?!]|\.(?=\S))*\byou\b(?:[^.?!]|\.(?=\S))*[:\u2014\u2013-]\s*$",
    re.IGNORECASE,
)
PERCEIVING = terms("report-wait", "perceiving")
READER_SETUP = terms("verbless-choice", "reader_setup")


def _readers_observation_framed(asked: Asked) -> str | None:
    """r39h (docs/DESIGN.md#construction-classes): the alternatives after a dash complete a wh-question whose subject
    is the reader and whose verb perceives (terms [report-wait] perceiving: 'Where specifically are you seeing the old
    version — on the web page or in the mod manager?') or, in the progressive or the past, names the reader's own setup
    (terms [verbless-choice] reader_setup: 'Which browser are you using — Chrome or Safari?'): the reader is asked what
    they observed or have, a fact only the person has, not asked to choose among the agent's options. The verb, or None.
    The frame is parsed once more, only for this shape."""
    source = asked.doc.user_data.get(SOURCE_KEY)
    if not source or not source[1]:
        return None
    prefix = asked.site.sentence[: source[1][0] - asked.site.start]
    if not READER_FRAME.match(prefix):
        return None
    from analyzer.parse.model import load_model

    frame = load_model()(sentence_case(prefix.strip().rstrip(":\u2014\u2013-").strip()) + "?")
    for verb in frame:
        subject = subject_of(verb) if verb.pos_ == "VERB" else None
        if subject is None or subject.lower_ not in asked.words.reader:
            continue
        if any(c.dep_ == "aux" and c.tag_ == "MD" for c in verb.children):
            return None  # 'Where should you keep it — …?': a deliberation, the choice's
        lemma = verb.lemma_.lower()
        if lemma in PERCEIVING or (lemma in READER_SETUP and verb.tag_ in ("VBG", "VBD", "VBN")):
            return verb.text  # 'are you seeing', 'were you running': what the reader observed or has
    return None


@rule("not-a-closing-question")
def not_a_closing_question(asked: Asked) -> Judgement | None:
    """The table's last row, so it always decides."""
    return carved("not-a-closing-question", "the question asks for no choice, approval, go, readiness or request")


# ---- helpers ----------------------------------------------------------------------------------------------


def _readers_act_after(root: Token, reader: frozenset[str]) -> list[Token]:
    """r38l (docs/DESIGN.md#construction-classes): 'Any concerns before you approve PR #88 for merge?' — the view is
    asked before the reader's own act, so that act is what it is about; a human-only one leaves the agent nothing."""
    return [c for c in root.children if c.dep_ == "advcl" and (s := subject_of(c)) is not None
            and s.lower_ in reader and any(m.dep_ == "mark" and m.lower_ in BEFORE_READERS_ACT
                                           for m in c.children)]  # fmt: skip


def _judged(
    asked: Asked, name: str, why: str, asked_about: Sequence[Token], exclude: frozenset[int] = frozenset()
) -> Judgement:
    """Judged like attribution (docs/DESIGN.md#decisive-relation): exempt when what the question asks about is purely
    human-only work."""
    shown = _as_asked(asked)
    content = [t for t in asked_about if t is not None]
    if not content:
        return gated("fire", name, f"fires ({name}): '{shown}' {why}")
    reader = asked.words.reader
    scope = frozenset(t.i for top in content for t in top.subtree if t.lower_ not in reader and t.i not in exclude)
    work: Work = work_of(content, asked.lexicon, scope)
    span = bounds(asked.doc[i] for i in scope)
    head = content[0].i
    if work.human_only:
        return gated(
            "exempt", name, f"exempt ({name}): '{shown}' {why}, and that is {work.describe()}", head, span, work.domains
        )
    return gated("fire", name, f"fires ({name}): '{shown}' {why}; it {work.describe()}", head, span, work.domains)


def _offering_clause(head: Token, words: QuestionVocabulary) -> Token:
    """The clause a condition on the reader's wish governs: the model may hang 'if you prefer' on a clause of
    time inside the offer ('I can merge it as soon as CI is green if you prefer': prefer -advcl-> is -advcl->
    soon -advmod-> merge), so climb out of subordinate clauses without the agent's subject to the one with it."""
    node = head
    while node.head.i != node.i and node.dep_ in ("advcl", "advmod", "ccomp", "conj"):
        subject = subject_of(node)
        if subject is not None and subject.lower_ in AGENT_SUBJECTS:
            return node
        node = node.head
    return node if _offers(node, words) else head


def _offers(clause: Token, words: QuestionVocabulary) -> bool:
    """The agent offers in this clause: a first-person subject and a modal of offer ('I can', 'we'll')."""
    subject = subject_of(clause)
    modal = any(c.dep_ == "aux" and c.lower_.replace("’", "'") in words.offer_modals for c in clause.children)
    return subject is not None and subject.lower_ in AGENT_SUBJECTS and modal


def _approval_predicate(root: Token, words: QuestionVocabulary) -> Token | None:
    """The approval word of the question: the root itself ('OK with …?', 'Happy with …?'), its complement
    ('look right', 'Is this split OK'), or 'work' with the reader named ('Does that work for you?')."""
    if root.lower_ in words.approval:
        return root
    if root.lemma_.lower() not in words.approval_verbs:
        return None
    # issue 28 phase 6: 'is this coverage enough?' — the model reads 'enough' as an adverb of the copula; r40d: or of
    # the copula's attribute ('Is a 5% sample enough, in your view?': enough -advmod-> sample -attr-> Is)
    attributes = [c for c in root.children if c.dep_ == "attr"]
    complement = next((c for c in root.children if _approval_complement(c, words)), None) or next(
        (g for a in attributes for g in a.children if g.dep_ == "advmod" and g.lower_ in SUFFICIENT), None
    )
    if complement is not None:
        return complement
    after = root.doc[root.i + 1] if root.i + 1 < len(root.doc) else None
    if root.lemma_.lower() in words.perception_verbs and after is not None and after.lower_ in words.approval:
        return after  # r29c: 'Look okay on your end?' — the model reads the approval word as an adverb
    if root.lemma_.lower() == "work":
        return root
    # 'Is this the direction you had in mind?', 'Is this what you had in mind?'; r40d (docs/DESIGN.md#construction-
    # classes), fit to intent by its grammar: the reader's intent (a verb of intending, the reader its subject) anywhere
    # in the predicate of a verb of being, looking or matching, outside its subject ('Is this closer to what you
    # wanted?', 'Does the layout match what you expected?', 'Is the split for the page what you had in mind?', '… more
    # like what you were after?'); a thing of the reader's own as the subject compares no work of the agent's.
    subject = subject_of(root)
    if any(c.dep_ == "expl" for c in root.children):
        return None  # 'Is there anything you want next?': an open request, the rows after read it
    if subject is not None and any(t.lower_ in ("your", "yours") for t in subject.subtree):
        return None
    outside = {t.i for t in subject.subtree} if subject is not None else set()
    # a clause joined by 'or' is a question of its own ('Is this the expected behaviour, or did you want …?')
    outside |= {t.i for c in root.children if c.dep_ == "conj" for t in c.subtree}
    return next(
        (t for t in root.subtree if t.i not in outside and t.i != root.i and _reader_subject(t) and _intends(t, words)),
        None,
    )


def _intends(verb: Token, words: QuestionVocabulary) -> bool:
    """r40d: a verb of the reader's intent ('had in mind', 'wanted', 'expected'), or being or looking after or for a
    thing ('what you were after', 'what you were looking for')."""
    lemma = verb.lemma_.lower()
    if lemma in words.intent_verbs:
        return lemma != "have" or any(c.dep_ == "prep" and c.lower_ == "in" for c in verb.children) or verb.dep_ in (
            "relcl", "ccomp")
    sought = {"be": "after", "look": "for", "go": "for", "aim": "for"}.get(lemma)
    return sought is not None and any(c.lower_ == sought and c.dep_ in ("prep", "prt") for c in verb.children)


def _approval_complement(child: Token, words: QuestionVocabulary) -> bool:
    approving = child.dep_ in ("acomp", "oprd", "attr") and child.lower_ in words.approval
    return approving or (child.dep_ == "advmod" and child.lower_ in SUFFICIENT)


def _on_board(asked: Asked) -> list[Token] | None:
    """r35c: 'Are you on board with that direction?', 'u on board with the plan?' — assent as a place, read on the words
    in order (the model hangs 'with' anywhere and reads a bare 'u' as a noun): 'on board' with nothing before it but a
    copula and the reader or a group the reader speaks for; what it is with is the words after it."""
    tokens = [t for t in asked.tokens if not t.is_punct]
    at = next((k for k in range(len(tokens) - 1) if (tokens[k].lower_, tokens[k + 1].lower_) == ("on", "board")), None)
    if at is None or not tokens[:at] or any(t.lower_ not in BOARD_LEADS for t in tokens[:at]):
        return None
    about = [t for t in tokens[at + 2 :] if t.lower_ != "with"]
    span = {t.i for t in about}
    return [t for t in about if t.head.i not in span or t.head.i == t.i]


def _reader_subject(verb: Token) -> bool:
    subject = subject_of(verb)
    return subject is not None and subject.lower_ == "you"


def _demonstrative(subject: Token) -> bool:
    """'this', 'that plan', 'these changes': the agent's own work pointed at."""
    return subject.lower_ in DEMONSTRATIVES | {"these", "it"} or any(
        c.dep_ == "det" and c.lower_ in DEMONSTRATIVES | {"these"} for c in subject.children
    )


def _demonstrative_only(subject: Token) -> bool:
    return subject.lower_ in DEMONSTRATIVES | {"these", "it"}


def _to_reader(preposition: Token, words: QuestionVocabulary) -> bool:
    """'with you', 'to you', 'for you': the reader named, not what is approved."""
    return any(c.lower_ in words.reader for c in preposition.children)


def _label(asked: Asked) -> str:
    """What stands before the question in its sentence (judged_part cut it off): a label, lower-cased."""
    start, _ = judged_part(asked.site)
    return asked.site.sentence[: start - asked.site.start].lower().strip(" :—–-*_")


def _as_asked(asked: Asked) -> str:
    return text_of(asked.tokens[0], bounds(asked.tokens)) if asked.tokens else ""


def _asks_the_reader(asked: Asked) -> bool:
    """Revision 4: the question turns to the reader itself — it names the reader ('What do you think of …?') or asks
    how the agent's plan strikes them ('How does that sound?') — so what follows it does not make it rhetorical."""
    tokens = asked.tokens
    if any(t.lower_ in asked.words.reader for t in tokens):
        return True
    return tokens[0].lower_ == "how" and any(t.lemma_.lower() in asked.words.perception_verbs for t in tokens)


def _ing(verb: str) -> str:
    """The stem an -ing form of the verb starts with ('checking', 'bisecting', 'rerunning', 'comparing')."""
    return verb[:-1] if verb.endswith("e") and len(verb) > 3 else verb
