"""Approval of the agent's own plan beyond 'look right' (docs/DESIGN.md#construction-classes): the reader's view of the
plan asked for — how it strikes them, what they think of it, whether it makes sense or appeals to them — and the
reader's change to it; issue 28 phase 4b: the approval question inside a request to report back, and whether the agent's
reading is the one the reader intended."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from analyzer.grammar.closing_questions import (
    AGENT_SUBJECTS,
    Asked,
    QuestionVocabulary,
    _approval_predicate,
    _as_asked,
    _judged,
    approving,
    approving_objects,
)
from analyzer.grammar.judgement import Judgement, gated
from analyzer.grammar.persons_side import environment_word
from analyzer.grammar.registry import rule
from analyzer.parse.tokens import DEMONSTRATIVES, subject_of
from analyzer.terms import terms
from analyzer.text.questions import QUESTION, REQUEST, TURN

if TYPE_CHECKING:
    from spacy.tokens import Token

OPINION_VERBS = terms("asking", "opinion_verbs")
SENSE_NOUNS = terms("asking", "sense_nouns")
PLAN_NOUNS = terms("asking", "plan_nouns")
LIKING = terms("asking", "liking")
PREFERRING = terms("asking", "preferring")
DEGREES = terms("asking", "degrees")
CHANGE_VERBS = terms("asking", "change_verbs")
INDEFINITES = terms("asking", "indefinites")
MISREAD_MODALS = terms("asking", "misread_modals")
STRIKING = terms("asking", "striking")
APPEALING = terms("asking", "appealing")
APPEALING_OUT = terms("asking", "appealing_out")
VIEWING = terms("asking", "viewing")
WISH_VERBS = terms("asking", "wish_verbs")
LOCATED = terms("asking", "located")
# Words that point at the agent's own plan or work: 'that', 'this plan', 'these changes', 'it'.
POINTING = DEMONSTRATIVES | {"these", "those", "it"}
REPORT_VERBS = terms("approval-asked", "report_verbs")
APPROVAL_MARKS = terms("approval-asked", "marks")
# r28j: the marks of a reported yes-or-no question ('confirm if you would like to proceed').
WISH_MARKS = APPROVAL_MARKS - {"that"}
INTENT_WORDS = terms("approval-asked", "intent_words")
REVIEWING = terms("approval-asked", "reviewing")
STAMPED = terms("stamped-things", "approval_targets")
PROPOSED = terms("acceptable-to-reader", "proposed")
# r31c: leave asked inside a request to report back (leave_request).
REQUEST_MODALS = terms("leave-held", "request_modals")
REQUEST_NOT_WORK = terms("leave-held", "request_not_work")


@rule("view-question")
def view_question(asked: Asked) -> Judgement | None:
    """Each shape reads one predicate: a perception verb under 'how' or with 'like a plan', 'make sense', an opinion
    verb whose subject is the reader with what it is about, or a verb of liking with the reader named. What the
    reader's view is asked of — the subject of a perception verb, a plan pointed at or named, an 'of' or 'about'
    object — is what is judged; whether a thing of its own makes sense ('Does the error make sense?') asks a fact."""
    if asked.site.kind != QUESTION:
        return None
    words = asked.words
    tokens = asked.tokens
    for predicate in tokens:
        lemma = predicate.lemma_.lower()
        if lemma in words.perception_verbs and (_opens_with(asked, "how") or _like_a_plan(predicate)):
            shape = f"asks how the agent's plan strikes the reader ('{predicate.text}')"
        elif lemma in STRIKING and _opens_with(asked, "how") and _strikes_reader(predicate, words.reader):
            # r33b: 'How does that strike you?', 'How does the proposed layout sit with you?'
            shape = f"asks how the agent's plan strikes the reader ('{predicate.text}')"
        elif lemma == "make" and any(c.dep_ == "dobj" and c.lower_ in SENSE_NOUNS for c in predicate.children):
            shape = "asks whether the agent's plan makes sense to the reader"
        elif lemma in OPINION_VERBS and _reader_is_subject(predicate, words.reader):
            about = _about(predicate)
            if about:
                return _judged(asked, "view-question", f"asks what the reader thinks ('{predicate.text}')", about)
            if _bare_view(predicate, words.wh_words):  # issue 28: 'What do you think?' of what the message proposed
                return _judged(asked, "view-question", f"asks what the reader thinks ('{predicate.text}') of what "
                               "the message proposes", [])  # fmt: skip
            continue  # 'What do you think caused the drift?': the reader's view of a fact
        elif predicate.lower_ in LIKING and any(t.lower_ in words.reader for t in tokens):
            shape = f"asks which of the agent's options appeals to the reader ('{predicate.text}')"
            return _judged(asked, "view-question", shape, [])
        elif lemma in VIEWING and _opens_with(asked, "how") and _reader_is_subject(predicate, words.reader):
            # r35c: 'How do you see my role fitting into your project?', 'How do you picture the rollout going?' — the
            # reader's view of a thing named with what it does or is: 'see X fitting', 'see X as Y'
            seen = [c for c in predicate.children if c.dep_ in ("ccomp", "xcomp", "oprd") or
                    (c.dep_ == "prep" and c.lower_ == "as") or (c.dep_ == "advcl" and c.tag_ == "VBG")]  # fmt: skip
            if not seen:
                continue  # 'How do you see the logs?': how the reader gets at a thing, a fact
            shape = f"asks how the reader sees the agent's plan ('{predicate.text}')"
            return _judged(asked, "view-question", shape, seen)
        elif (lemma in APPEALING or _standing_out(predicate)) and _reader_experiences(predicate, words.reader):
            # r35c: 'Which variant grabs you?', 'Which palette speaks to you?', 'Would that interest you?'
            subject = subject_of(predicate) or _gerund_before(predicate, tokens)
            open_subject = subject is None or subject.lower_ in POINTING | words.wh_words
            shape = f"asks whether the agent's option appeals to the reader ('{predicate.text}')"
            hung = subject is not None and subject.head.i != predicate.i  # the verb hung on the gerund it is asked of
            outside = frozenset(t.i for t in predicate.subtree) if hung else frozenset()
            return _judged(asked, "view-question", shape, [] if open_subject else [subject], exclude=outside)
        elif predicate.lower_ in PREFERRING and _reader_is_subject(predicate, words.reader) and _among(predicate):
            # issue 28: 'Which of these three layouts do you like best?'
            shape = f"asks which of the agent's options the reader prefers ('{predicate.text}')"
            return _judged(asked, "view-question", shape, [])
        else:
            continue
        subject = subject_of(predicate)
        perceived = lemma in words.perception_verbs  # how a thing strikes the reader is their judgement of it
        if subject is not None and not perceived and not _points_at_plan(subject, words.reader):
            return None  # 'Does the error make sense?': whether a thing of its own is clear, a fact
        judged = [subject] if subject is not None and subject.lower_ not in POINTING else []
        return _judged(asked, "view-question", shape, judged)
    return None


def _standing_out(verb: Token) -> bool:
    """r35c: 'Which one jumps out at you?', 'Does any of them stand out to you?': a verb of appeal with 'out'."""
    return verb.lemma_.lower() in APPEALING_OUT and any(c.dep_ == "prt" and c.lower_ == "out" for c in verb.children)


def _gerund_before(verb: Token, tokens: list[Token]) -> Token | None:
    """r35c: 'Does squashing the history grab you?' — the model read the gerund subject as the root and hung the verb of
    appeal on it: the first gerund before the verb is what is asked of."""
    return next((t for t in tokens if t.i < verb.i and t.tag_ == "VBG" and t.dep_ != "amod"), None)


def _reader_experiences(verb: Token, reader: frozenset[str]) -> bool:
    """r35c: the reader as the experiencer of a verb of appeal — its object ('grabs you') or after 'to', 'with' or 'at'
    ('speaks to you', 'jumps out at you') — in the present: 'Did that strike you?' asks what happened."""
    if verb.tag_ in ("VBD", "VBN") or any(c.dep_ == "aux" and c.lower_ == "did" for c in verb.children):
        return False
    for child in verb.children:
        if child.dep_ == "dobj" and child.lower_ in reader:
            return True
        named = any(g.dep_ == "pobj" and g.lower_ in reader for g in child.children)
        if child.dep_ in ("prep", "dative") and child.lower_ in ("to", "with", "at") and named:
            return True
    return False


@rule("change-question")
def change_question(asked: Asked) -> Judgement | None:
    """The reader as the subject of a verb of change whose object is left open ('anything', 'something'), asked
    outright or in a relative clause on the open word ('Anything you'd change in the plan?')."""
    if asked.site.kind != QUESTION:
        return None
    for verb in asked.tokens:
        if verb.lemma_.lower() not in CHANGE_VERBS:
            continue
        misread = _modal_read_as_verb(verb, asked.words.reader)
        if misread is not None:
            why = f"asks whether the reader would change the agent's plan ('{verb.text}')"
            return _judged(asked, "change-question", why, [])
        if not _reader_is_subject(verb, asked.words.reader):
            continue
        # r29a: 'Anything further you would like tweaked?': the model may hang the open word before the verb as its
        # adverbial noun when the contraction is spelled out
        opened = any(
            (c.dep_ == "dobj" or (c.dep_ == "npadvmod" and c.i < verb.i)) and c.lower_ in INDEFINITES
            for c in verb.children
        ) or _picked_to_change(verb, asked.words)
        relative = verb.dep_ == "relcl" and verb.head.lower_ in INDEFINITES
        if opened or relative:
            about = [c for c in verb.children if c.dep_ == "prep" and c.lower_ in ("in", "about", "to", "on")]
            why = f"asks whether the reader would change the agent's plan ('{verb.text}')"
            return _judged(asked, "change-question", why, about)
    for wish in asked.tokens:
        located = _wished_in_work(wish, asked.words.reader)
        if located:
            why = f"asks what the reader would like done in the agent's work ('{wish.text} … {located[0].text}')"
            return _judged(asked, "change-question", why, located)
    return None


def _picked_to_change(verb: Token, words: QuestionVocabulary) -> bool:
    """r40d (docs/DESIGN.md#construction-classes): the reader asked which part of the agent's work they would change —
    the object a wh-word or headed by one, fronted ('Which of these boundaries would you change?', 'What part would you
    rework?'), under a modal of the reader's wish: 'Which file did you change?' asks a fact."""
    modal = any(c.dep_ == "aux" and c.lower_.replace("’", "'") in MISREAD_MODALS | {"would", "'d", "should"}
                for c in verb.children)  # fmt: skip
    fronted = (c for c in verb.children if c.dep_ == "dobj" and c.i < verb.i)
    return modal and any(t.lower_ in words.wh_words for c in fronted for t in (c, *c.children))


def _modal_read_as_verb(verb: Token, reader: frozenset[str]) -> Token | None:
    """r33b: "That's the outline — anything you'd reorder before I begin?" — the model read the contraction's modal as
    the verb of a relative clause on the open word ('d -relcl-> anything, the reader its subject) and the verb of change
    as its object noun: the modal is returned when the reader would change the open word."""
    modal = verb.head
    if verb.dep_ != "dobj" or modal.lower_ not in MISREAD_MODALS or modal.dep_ != "relcl":
        return None
    if modal.head.lower_ not in INDEFINITES or not _reader_is_subject(modal, reader):
        return None
    return modal


def _strikes_reader(predicate: Token, reader: frozenset[str]) -> bool:
    """r33b: the reader is the one struck ('strike you': the object) or named by 'with' ('sit with you')."""
    for child in predicate.children:
        if child.dep_ in ("dobj", "dative") and child.lower_ in reader:
            return True
        if child.dep_ == "prep" and child.lower_ in ("with", "to") and any(g.lower_ in reader for g in child.children):
            return True
    return False


def _wished_in_work(wish: Token, reader: frozenset[str]) -> list[Token]:
    """r29d: the reader's wish on an open word ('Is there anything you'd like to improve or modify in the app?',
    'Any part you'd want to rework in the parser?'): the wish a relative clause on 'anything', 'something' or a noun
    under 'any', the reader its subject, its infinitive with no object of its own (the open word is what is done),
    and that infinitive, or one joined to it, located in a thing by a preposition ('in the app'). Whatever the verb:
    the open word in the work marks the agent's next work, the reader's own errand ('anything you'd like to read
    before the meeting') is located in no thing. Returns the located preposition(s), or []."""
    if wish.lemma_.lower() not in WISH_VERBS or wish.dep_ != "relcl" or not _reader_is_subject(wish, reader):
        return []
    opened = wish.head
    if opened.lower_ not in INDEFINITES and not any(c.dep_ == "det" and c.lower_ == "any" for c in opened.children):
        return []
    acts = [c for c in wish.children if c.dep_ == "xcomp" and c.pos_ == "VERB"]
    acts += [c for act in acts for c in act.conjuncts]
    if not acts or any(c.dep_ in ("dobj", "ccomp", "dative") for act in acts for c in act.children):
        return []  # 'anything you'd like me to tell your manager': the open word is not what is done
    return [
        p for act in acts for p in act.children
        if p.dep_ == "prep" and p.lower_ in LOCATED
        and any(o.dep_ == "pobj" and (o.pos_ in ("NOUN", "PROPN") or o.lower_ in ("any", "anything", "all", "each"))
                and not any(c.dep_ == "poss" and c.lower_ in reader for c in o.children) for o in p.children)
    ]  # fmt: skip


def _bare_view(verb: Token, wh_words: frozenset[str]) -> bool:
    """'What do you think?', 'What do you reckon?': a wh-object and nothing else the view is of."""
    named = [c for c in verb.children if c.dep_ not in ("nsubj", "aux", "punct", "advmod", "intj")]
    return len(named) == 1 and named[0].dep_ == "dobj" and named[0].lower_ in wh_words


def _among(verb: Token) -> bool:
    """The preference is among options: 'which' asks it, or a degree measures it ('like best', 'prefer more')."""
    which = any(t.lower_ == "which" for t in verb.subtree if t.i < verb.i)
    return which or any(c.dep_ == "advmod" and c.lower_ in DEGREES for c in verb.children)


def _opens_with(asked: Asked, word: str) -> bool:
    return bool(asked.tokens) and asked.tokens[0].lower_ == word


def _like_a_plan(verb: Token) -> bool:
    """'Sound like a plan?', 'Does this look like the right approach?': 'like' with a noun of a plan."""
    return any(
        p.dep_ == "prep" and p.lower_ == "like" and any(o.lemma_.lower() in PLAN_NOUNS for o in p.children)
        for p in verb.children
    )


def _reader_is_subject(verb: Token, reader: frozenset[str]) -> bool:
    subject = subject_of(verb)
    return subject is not None and subject.lower_ in reader


def _points_at_plan(subject: Token, reader: frozenset[str]) -> bool:
    """A subject that is the agent's own plan: pointed at ('that', 'this plan') or marked as proposed ('the proposed
    layout'), or a noun of a plan ('the order of the phases', 'the breakdown') or an act the agent proposes
    ('merging #812 now'); the reader ('you') too."""
    if subject.lower_ in POINTING | reader or subject.lemma_.lower() in PLAN_NOUNS:
        return True
    if subject.dep_ == "csubj" or subject.tag_ == "VBG":
        return True  # 'How does merging #812 now sound?': the act the agent proposes
    # issue 28 phase 6: 'the proposed folder structure' — a participle of proposal marks the noun as the agent's plan
    return any((c.dep_ == "det" and c.lower_ in POINTING) or (c.dep_ == "amod" and c.lower_ in PROPOSED)
               for c in subject.children)  # fmt: skip


def _about(verb: Token) -> list[Token]:
    """What an opinion is asked of: 'of this layout', 'about the split'."""
    return [c for c in verb.children if c.dep_ == "prep" and c.lower_ in ("of", "about", "on")]


def _reported_clauses(asked: Asked, marks: frozenset[str]) -> Iterator[Token]:
    """The clauses a verb of telling governs under one of `marks` ('let me know if …', 'confirm whether …'): where a
    question to the reader is asked inside a request to report back."""
    for verb in asked.tokens:
        if verb.dep_ in ("ccomp", "advcl") and verb.head.lemma_.lower() in REPORT_VERBS and any(
            c.dep_ == "mark" and c.lower_ in marks for c in verb.children
        ):
            yield verb


@rule("approval-request")
def approval_request(asked: Asked) -> Judgement | None:
    """Issue 28 phase 4b: the approval question embedded in a request to report back ('… and tell me whether you
    approve it', 'let me know if you're happy with the plan'): a clause under 'whether', 'if' or 'that' that a verb
    of telling governs, whose verb is the reader's own approval ('you approve', 'you agree with') or an approval word
    under a perception verb or copula ('it works for you', 'you're happy with it'). What is approved is judged: the
    budget of a paid plan is a human-only decision."""
    if asked.site.kind not in (TURN, REQUEST):
        return None
    words = asked.words
    for verb in _reported_clauses(asked, APPROVAL_MARKS):
        reported = {t.i for t in verb.subtree}
        place = environment_word(t for t in asked.tokens if t.i not in reported)
        if place is not None:
            # r37f: 'Try it in your browser and let me know if it works': a check in the person's own environment
            return gated("exempt", "approval-request", f"exempt (approval-request): '{_as_asked(asked)}' asks the "
                         f"reader to report on a check done in the person's own environment ('{place}'): only the "
                         "person can")  # fmt: skip
        subject = subject_of(verb)
        reader = subject is not None and subject.lower_ in words.reader
        if verb.lemma_.lower() in words.approval_own_verbs and reader:
            approved = [c for c in verb.children if c.dep_ in ("prep", "dobj") and c.lower_ not in POINTING]
            return _judged(asked, "approval-request", f"asks the reader to report whether they approve "
                           f"('{verb.text}')", approved)  # fmt: skip
        predicate = _approval_predicate(verb, words)
        to_reader = any(t.lower_ in words.reader for t in verb.subtree)
        owned = reader or subject is None or _points_at_plan(subject, words.reader)
        # r29d: 'Let me know if this looks good.': the agent's own work pointed at needs no reader named — the one
        # told to report is the judge
        pointed = subject is not None and _points_at_plan(subject, words.reader) and subject.lower_ not in words.reader
        if predicate is not None and (to_reader or pointed) and owned:
            approved = [c for c in predicate.children if c.dep_ == "prep" and not any(
                p.lower_ in words.reader for p in c.children) and not all(p.lower_ in POINTING for p in c.children)]
            return _judged(asked, "approval-request", f"asks the reader to report their approval "
                           f"('{predicate.text}')", approved)  # fmt: skip
    return _approving_told(asked)


def _approving_told(asked: Asked) -> Judgement | None:
    """r40d (docs/DESIGN.md#construction-classes): the imperative of approving the agent's plan, alone or after its
    review ('Please review and confirm.', 'Please approve the schema.', 'Sign off on this plan.'; terms [approval-asked]
    approving, reviewing), with nothing of the agent's after it (a sequel of the agent's act is the word-before-act
    row's) and no place of the person's own: the turn waits on the reader's approval. What is approved is judged: a
    change under review or a release is the person's stamp."""
    root = asked.root
    if root.tag_ != "VB" or subject_of(root) is not None or root.i != _first_word(asked).i:
        return None
    if any(t.dep_ in ("nsubj", "nsubjpass") and t.lower_ in AGENT_SUBJECTS for t in asked.tokens):
        return None
    # the model may hang the joined verb on the object ('review the plan and confirm': confirm -conj-> plan)
    joined = [c for h in (root, *(o for o in root.children if o.dep_ == "dobj")) for c in h.children
              if c.dep_ == "conj" and c.tag_ == "VB"]  # fmt: skip
    verb = next((v for v in (root, *joined) if approving(v)), None)
    reviewed = root.lemma_.lower() in REVIEWING or root.i == (verb.i if verb is not None else -1)
    if verb is None or not reviewed or environment_word(asked.tokens) is not None:
        return None
    if any(c.dep_ in ("advcl", "xcomp") for v in (root, verb) for c in v.children):
        return None  # 'Approve to start Phase 2.': the word releases the agent's act, the word-before-act row's
    approved = approving_objects(verb, asked.words)
    if approved is None:
        return None
    if verb.i != root.i:
        approved += [c for c in root.children if c.dep_ in ("dobj", "prep") and c.lower_ not in POINTING]
    if any(t.lower_ in STAMPED or t.text.startswith("#") for c in approved for t in c.subtree):
        return None  # 'Please approve PR #88.': the person's stamp on a change under review, for the rows after
    why = f"tells the reader to approve the agent's plan ('{verb.text}'): the turn waits on the reader's approval"
    return _judged(asked, "approval-request", why, approved)


def _first_word(asked: Asked) -> Token:
    """The first word of the request past a word of politeness ('Please review …')."""
    return next((t for t in asked.tokens if not t.is_punct and t.lower_ not in ("please", "kindly", "just")),
                asked.tokens[0])


@rule("wish-request")
def wish_request(asked: Asked) -> Judgement | None:
    """r28j: the reader's wish to go on asked inside a request to report back ('Please confirm if you would like to
    proceed with these changes.'): a clause under 'whether' or 'if' that a verb of telling governs, whose verb is the
    reader's wish with an infinitive ('you would like to proceed', 'you want to go ahead'). The infinitive is the act
    asked about, judged: 'proceed with merging #88' is the merge decision."""
    if asked.site.kind not in (TURN, REQUEST):
        return None
    words = asked.words
    for verb in _reported_clauses(asked, WISH_MARKS):
        teller = subject_of(verb.head)
        if verb.head.dep_ not in ("ROOT", "conj") or (teller is not None and teller.lower_ not in words.reader):
            continue  # 'it will ask you to confirm if you want to proceed': a report of what a tool asks
        subject = subject_of(verb)
        if subject is None or subject.lower_ not in words.reader or verb.lemma_.lower() not in words.wish_verbs:
            continue
        act = next((c for c in verb.children if c.dep_ == "xcomp" and c.pos_ == "VERB"), None)
        if act is not None:
            return _judged(asked, "wish-request", f"asks the reader to report whether they want the agent's "
                           f"'{act.text}' ('{verb.text} to {act.text}')", [act])  # fmt: skip
    return None


@rule("leave-request")
def leave_request(asked: Asked) -> Judgement | None:
    """r31c: leave asked inside a request to report back ('Let me know if I can proceed with migrating the remaining
    endpoints.', 'Tell me whether I should start on the settings screen.'): a clause under 'whether', 'if' or 'that'
    that a verb of telling governs, whose subject is the agent with a modal of leave or duty (terms [leave-held]
    request_modals) on a verb that takes work on. Judged like attribution on the act: exempt when purely human-only
    ('Let me know if I can publish 2.4.0 to npm today.')."""
    if asked.site.kind not in (TURN, REQUEST):
        return None
    words = asked.words
    for verb in _reported_clauses(asked, APPROVAL_MARKS):
        teller = subject_of(verb.head)
        told = teller is not None and teller.lower_ not in words.reader and teller.lower_ not in ("me", "us")
        let = verb.head.dep_ == "ccomp" and verb.head.head.lemma_.lower() == "let"  # 'let me know': know -ccomp-> let
        if (verb.head.dep_ not in ("ROOT", "conj") and not let) or told:
            continue  # 'Dana asked me to let her know if I can proceed': a request reported ('let me know': me told)
        if any(c.dep_ in ("dobj", "dative") and c.lower_ not in ("me", "us") for c in verb.head.children):
            continue  # 'let her know': someone else is to be told
        subject = subject_of(verb)
        modal = any(c.dep_ == "aux" and c.lower_ in REQUEST_MODALS for c in verb.children)
        if subject is None or subject.lower_ not in AGENT_SUBJECTS or not modal:
            continue
        if verb.lemma_.lower() in REQUEST_NOT_WORK:
            continue
        exclude = frozenset(c.i for c in verb.children if c.dep_ in ("nsubj", "aux", "mark"))
        return _judged(asked, "leave-request", f"asks the reader to report whether the agent may go on with its "
                       f"'{verb.text}'", [verb], exclude)  # fmt: skip
    return None


@rule("intent-question")
def intent_question(asked: Asked) -> Judgement | None:
    """Issue 28 phase 4b: whether what the agent made or read is what the reader intended, the intent named by a
    participle ('Was that the intended reading, or did you have another one in mind?', 'Is this the expected
    output?'): a copula whose subject points at the agent's work and whose attribute the participle modifies."""
    if asked.site.kind != QUESTION:
        return None
    root = asked.root
    subject = subject_of(root)
    if root.lemma_.lower() != "be" or subject is None or subject.lower_ not in POINTING:
        return None
    for attribute in (c for c in root.children if c.dep_ == "attr"):
        intent = next((c for c in attribute.children if c.dep_ == "amod" and c.lower_ in INTENT_WORDS), None)
        if intent is not None:
            return _judged(asked, "intent-question", f"asks whether the agent's work is what the reader "
                           f"{intent.text} it to be ('{intent.text} {attribute.text}')", [])  # fmt: skip
    return None
