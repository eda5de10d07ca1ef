"""Readiness aimed at the next stage (docs/DESIGN.md#construction-classes, standing by): the agent states it is ready to
go on to the next piece of work ('Ready to move on to User Story 3 when you're ready!', 'Ready to proceed to Task
3!', "I'll be ready to start on the caching layer whenever you give the word") — the turn parks on the reader's go
for work the agent could start itself.

A [[closing-question]] row walked over the closing sites analyzer.text.questions found. The readiness is the agent's:
no subject, or a first-person one; a thing's readiness ('The build is ready to deploy') is a status, and a report of
someone else's ('She said she's ready …') states nothing of the agent's. What it goes on to is judged like
attribution: the next stage that is a human-only act ('Ready to proceed to the production deploy') is exempt.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from analyzer.grammar.closing_questions import AGENT_SUBJECTS, Asked, _judged, _label
from analyzer.grammar.closing_word import waits_on_person
from analyzer.grammar.judgement import Judgement
from analyzer.grammar.registry import rule
from analyzer.parse.tokens import as_written, subject_of
from analyzer.terms import terms
from analyzer.text.questions import DECISION, READY, WAIT, WORD, kind_of

if TYPE_CHECKING:
    from spacy.tokens import Token

WORDS = terms("readiness-next", "words")
GO_ON = terms("readiness-next", "go_on")
GO_ON_PARTICLES = terms("readiness-next", "go_on_particles")
SPEECH_VERBS = terms("register", "speech_verbs")
READER = terms("register", "reader")
NEEDS_PARTICLE = terms("readiness-next", "needs_particle")
NEXT_STAGES = terms("readiness-next", "next_stages")
TIMING_MARKS = terms("readiness-next", "timing_marks")
PLAN_STAGES = terms("readiness-next", "plan_stages")
STAGE_HOLDS = terms("readiness-next", "stage_holds")
# r33i: the verbs that may open a 'next' label's content as the agent's act on the stage (as sites.toml [ready-next]
# go_on and label_acts, one word each).
LABEL_ACTS = terms("readiness-next", "label_acts")
NEXT_LABELS = terms("readiness-next", "next_labels")
STAGE_HOLD_MARKS = terms("readiness-next", "stage_hold_marks")
ECHO_WORDS = terms("readiness-next", "echo_words")
SEGMENT_MARKS = terms("readiness-next", "segment_marks")
NEXT_WORKERS = terms("readiness-next", "next_workers")
READER_GO = terms("readiness-next", "reader_go")
REMAINING = terms("readiness-next", "remaining")
THING_POINTERS = terms("readiness-next", "thing_pointers")
SITES = frozenset({READY, WAIT, WORD, DECISION})


@rule("readiness-next")
def readiness_next(asked: Asked) -> Judgement | None:
    """The readiness word is found as the model hangs it (the root of a verbless line, the complement of a copula);
    its infinitive of going on, or its 'for' the next stage, is what the turn waits to be told to start."""
    if asked.site.kind not in SITES or _handed_back_after(asked) or waits_on_person(asked):
        return None  # a sentence after it hands the turn back itself ('… Shall I proceed?'), or the wait row judges it
    for ready in asked.tokens:
        if ready.lower_ not in WORDS:
            continue
        own = _agents(ready)
        if not (own or _agents_after_mark(ready) or _things_for_command(ready)):
            continue
        worker = _next_worker(ready) if own else None
        if worker is not None:
            # r37i: 'Ready for the next developer to resolve the conflicts': the work is left to an unnamed worker after
            # the agent, not done and not handed off with a lane's hand-off
            why = (f"states the work is '{ready.text}' for another worker ('{worker[0].text}') to do next "
                   f"('{worker[1].text}') — the work is left undone, no hand-off of the lane")
            return _judged(asked, "readiness-next", why, [worker[1]])
        going = _going_on(ready) if own and not _timed_by_work(ready) else None
        if going is not None:
            return _judged(asked, "readiness-next", f"states the agent is '{ready.text}' to go on to the next "
                           f"piece of work ('{going.text}') — the turn parks on the reader's go", [going])  # fmt: skip
        choice = _stage_choice(ready) if own else None
        if choice is not None:
            # r32b: 'Ready for task breakdown or implementation.': two next stages named, the pick left to the reader
            why = (f"states the agent is '{ready.text}' for one next piece of work or another "
                   f"('{as_written([choice[0]])}' or '{as_written([choice[1]])}') — the choice of the next stage is "
                   "handed to the reader")
            return _judged(asked, "readiness-next", why, list(choice))
        command = _command_stage(ready)
        if command is not None:
            # r33b: 'Ready for `/speckit.plan`.', 'Ready for Phase 2 tasks: `/speckit.tasks`.' — the next stage named
            # by the harness command the reader is to type: the turn parks until the reader invokes it
            why = (f"states it is '{ready.text}' for the next stage named by the reader's command "
                   f"('{as_written([command])}') — the turn parks until the reader invokes it")
            return _judged(asked, "readiness-next", why, [command])
        # past the command the readiness is the agent's: a thing's counts only for a command, judged just above
        named = _named_stage(ready) if not _timed_by_another(ready) else None
        if named is not None:
            # r33e: 'Phase 2 complete; ready for Phase 3.', 'Ready for T015.' — a stage of the agent's own plan named as
            # data (its number, letter or task id) is work the agent could start itself
            why = (f"states the agent is '{ready.text}' for the next stage of its own plan "
                   f"('{_stage_shown(named)}') — the turn parks on the reader's go")
            return _judged(asked, "readiness-next", why, [named])
        stage = _next_stage_timed(ready) if own else None
        if stage is not None:
            why = (f"states the agent is '{ready.text}' for the next piece of work ('{stage.text}') when the reader "
                   "is — the turn parks on the reader's go")
            return _judged(asked, "readiness-next", why, [stage])
    remaining = _remaining_work(asked)
    if remaining is not None:
        why = (f"states the work still to do ('{remaining.text}') and stops — the work is left for someone else "
               "with no hand-off")
        return _judged(asked, "readiness-next", why, [remaining])
    timed = _reader_times(asked)
    if timed is not None:
        clause, work = timed
        why = (f"times the next work ('{work.text}') by the reader's '{clause.text}' — a wait on the reader's go "
               "stated as a clause")
        return _judged(asked, "readiness-next", why, [work])
    named = _next_stage_named(asked)
    if named is not None:
        # r33e: 'Next: Phase 3 (T015–T020).', 'Next up is Phase 3: wiring the API.', 'the next phase is Polish' — the
        # close names the next stage of the agent's own plan and stops, with nothing of the agent's that starts it
        why = (f"names the next stage of the agent's own plan ('{_stage_shown(named)}') as what comes next and stops "
               "there — the turn parks on the reader's go")
        # judged on what the sentence says of the stage when it says more than its name ('Next up: Phase 5 — deploy to
        # production': exempt), on the stage's name alone otherwise
        mark = _stage_mark(named)
        name = {named.i} | ({mark.i} if mark is not None else set())
        said = [t for t in named.sent if t.is_alpha and t.i not in name and t.lower_ not in NEXT_LABELS | {"is", "be"}]
        exclude = frozenset(name | {t.i for t in named.sent if t.lower_ in NEXT_LABELS}) if said else frozenset()
        return _judged(asked, "readiness-next", why, [named, named.sent.root], exclude)
    return None


def _handed_back_after(asked: Asked) -> bool:
    """A sentence after the readiness that asks or hands the turn back itself ('… Shall I proceed?') is judged there;
    r33b: a status after it ('Ready to execute the tasks in `tasks.md`. No tasks marked complete yet; next actions
    start with T001.') asks nothing and leaves the readiness the turn's close."""
    following = asked.site.following
    if _echoed(following):
        return False  # r37a: "I'm ready to move on to the next task. Are you?": the readiness asked back of the reader
    return bool(following) and (following.rstrip().endswith("?") or kind_of(following) is not None)


def _echoed(following: str) -> bool:
    """r37a: the question after the readiness only asks it back of the reader, its predicate elided ('Are you?', 'And
    you?', 'How about you?'; terms [readiness-next] echo_words): the reader's readiness is the go the turn parks on."""
    words = re.findall(r"[a-z']+", following.lower())
    return following.rstrip().endswith("?") and following.count("?") == 1 and bool(words) and (
        any(w in READER for w in words) and all(w in READER | ECHO_WORDS for w in words)
    )


def _command_stage(ready: Token) -> Token | None:
    """r33b: the stage the readiness is 'for' written as a slash command of the harness in code ('Ready for
    `/speckit.plan`', 'Ready for Phase 2 tasks: `/speckit.tasks`', 'ready for the next phase: `/speckit.clarify` or
    `/speckit.plan`'): the command inside the 'for' phrase, or after a colon that closes it on the readiness."""
    if _timed_by_a_clause(ready):
        return None  # 'The runner is ready for `/deploy` once the owners sign off': timed by someone else's act
    adjacent = _command_after_for(ready)
    if adjacent is not None:
        return adjacent  # r40e: 'Ready for `/speckit.tasks` to break work down': 'for' hangs on the infinitive
    if not any(c.dep_ == "prep" and c.lower_ == "for" for c in ready.children):
        return None
    colon = next((t.i for t in ready.doc[ready.i : ready.sent.end] if t.text == ":"), None)
    for token in ready.doc[ready.i + 1 : ready.sent.end]:
        if not _slash_command(token):
            continue
        path = [token, *token.ancestors]
        under_for = any(t.dep_ == "prep" and t.lower_ == "for" and t.head.i == ready.i for t in path)
        if under_for or (colon is not None and token.i > colon):
            return token
    return None


def _command_after_for(ready: Token) -> Token | None:
    """r40e: read on the words' order — 'for' right after the readiness and the slash command right after it (a colon
    between allowed): the model may hang 'for' on an infinitive after the command ('Ready for `/speckit.tasks` to break
    the work down') as the mark of its subject, and the stage is the command all the same."""
    doc = ready.doc
    after = [t for t in doc[ready.i + 1 : ready.sent.end] if not t.is_space and t.text != ":"][:2]
    if len(after) == 2 and after[0].lower_ == "for" and _slash_command(after[1]):
        return after[1]
    return None


def _things_for_command(ready: Token) -> bool:
    """r33b: the agent's work product is ready for the next stage named by a slash command ('Spec is ready for the
    next phase: `/speckit.clarify` or `/speckit.plan`'): a thing's readiness (a noun subject, no person; r40e: or a
    pronoun pointing at the work, 'This is ready for `/speckit.plan`') counts only then."""
    holder = ready.head
    if ready.dep_ != "acomp" or holder.lemma_.lower() != "be":
        return False
    subject = subject_of(holder)
    thing = subject is not None and (
        (subject.pos_ in ("NOUN", "PROPN") and subject.ent_type_ != "PERSON") or subject.lower_ in THING_POINTERS
    )
    if not thing:
        return False
    return _command_stage(ready) is not None


# A slash command of a harness in inline code: '`/speckit.plan`', '`/tasks`' (the code read as its placeholder word, or,
# in a parse of the text as written, the command between its backticks).
_SLASH_COMMAND = re.compile(r"^`/[A-Za-z][\w.:-]*`$")
_BARE_SLASH_COMMAND = re.compile(r"^/[A-Za-z][\w.:-]*$")


def _slash_command(token: Token) -> bool:
    if _SLASH_COMMAND.match(as_written([token])):
        return True
    before = token.doc[token.i - 1] if token.i > 0 else None
    return bool(_BARE_SLASH_COMMAND.match(token.text)) and before is not None and before.text == "`"


def _next_stage_timed(ready: Token) -> Token | None:
    """r31c: 'Ready for the next feature (TTS) when you are!', "I'm ready for the next milestone once you are." — a
    readiness for an open next stage ('for' a noun under a word of terms [readiness-next] next_stages) timed by the
    reader: a clause of time whose subject is the reader, on the readiness or its copula. 'Ready for the next phase.'
    alone names no wait on the reader."""
    def _open(noun: Token) -> bool:
        return any(m.lower_ in NEXT_STAGES for m in noun.children if m.dep_ in ("amod", "det"))

    stage = next(
        (g for c in ready.children if c.dep_ == "prep" and c.lower_ == "for" for g in c.children
         if g.dep_ == "pobj" and _open(g)),
        None,
    )  # fmt: skip
    # r37i: "I'm ready to address the next issue when you are": the open next stage as the object of the readiness's
    # infinitive, whatever its verb (the timing by the reader, not the verb, parks it)
    acts = [c for c in ready.children if c.dep_ == "xcomp" and c.pos_ in ("VERB", "AUX")]
    if stage is None:
        stage = next((o for a in acts for o in a.children if o.dep_ == "dobj" and _open(o)), None)
    if stage is None:
        return None
    holders = {ready.i, ready.head.i} | {a.i for a in acts}
    for clause in (t for t in ready.doc[ready.i :] if t.dep_ == "advcl" and t.head.i in holders):
        subject = subject_of(clause)
        marked = any(c.dep_ in ("mark", "advmod") and c.lower_ in TIMING_MARKS for c in clause.children)
        if marked and subject is not None and subject.lower_ in READER:
            return stage
    return None


def _remaining_work(asked: Asked) -> Token | None:
    """r37i: what remains stated as the subject of a copula whose complement is its infinitive ('All that's left is to
    commit and push', 'The only remaining work would be to update the changelog', 'All that's left is for you to
    publish the release'): a word of remaining (terms [readiness-next] remaining) before the copula in its clause, and
    the infinitive ('to' its marker). The infinitive is the work left; a reader's human-only act is exempt as judged."""
    for be in (t for t in asked.tokens if t.lemma_.lower() == "be" and t.dep_ in ("ROOT", "ccomp", "conj")):
        before = [t for t in be.sent if t.i < be.i]
        if not any(t.lower_ in REMAINING or t.lemma_.lower() in REMAINING for t in before):
            continue
        for verb in (c for c in be.children if c.dep_ in ("xcomp", "advcl", "ccomp") and c.pos_ in ("VERB", "AUX")):
            if any(a.dep_ == "aux" and a.lower_ == "to" for a in verb.children):
                return verb
    return None


def _reader_times(asked: Asked) -> tuple[Token, Token] | None:
    """r37i: the reader's readiness or decision as a clause of time on work the agent states, not asks ('The base is
    ready for expansion when you're ready to proceed with Phase 2', 'It is ready to be implemented whenever you
    decide'): the clause's subject is the reader, its mark one of time, its predicate readiness (terms
    [readiness-next] words) or will (reader_go); the work is the readiness's or the will's infinitive, else the verb
    the clause times. The reader's own use ('You can run it whenever you want') is no wait: the timed clause is not
    the reader's."""
    for clause in (t for t in asked.tokens if t.dep_ == "advcl"):
        subject = subject_of(clause)
        if subject is None or subject.lower_ not in READER:
            continue
        if not any(c.dep_ in ("mark", "advmod") and c.lower_ in TIMING_MARKS for c in clause.children):
            continue
        ready = next((c for c in clause.children if c.dep_ == "acomp" and c.lower_ in WORDS), None)
        willed = clause.lemma_.lower() in READER_GO
        if ready is None and not willed:
            continue
        holder = ready if ready is not None else clause
        infinitive = next((c for c in holder.children if c.dep_ == "xcomp" and c.pos_ in ("VERB", "AUX")), None)
        timed = clause.head
        # on the copula of a readiness ('The parser is ready to be extended whenever you decide'): its infinitive
        timed = next((x for a in timed.children if a.dep_ == "acomp" and a.lower_ in WORDS for x in a.children
                      if x.dep_ == "xcomp" and x.pos_ in ("VERB", "AUX")), timed)  # fmt: skip
        # whose work is timed: the subject of the timed verb, or of the readiness's copula above an infinitive
        owner = next((o for h in (clause.head, clause.head.head, clause.head.head.head)
                      if h.dep_ in ("ROOT", "xcomp", "acomp", "ccomp", "conj") and (o := subject_of(h)) is not None),
                     None)  # fmt: skip
        if owner is None or owner.lower_ in READER or owner.lower_ in AGENT_SUBJECTS:
            # the reader's own act timed ('run `make demo` when you're ready'), a request to reach the agent ('ping me
            # when you've decided'), or the agent's own readiness, which the rows above judge
            continue
        if infinitive is None and (timed.i == clause.i or timed.pos_ not in ("VERB", "AUX", "ADJ")):
            continue
        return (ready or clause), (infinitive if infinitive is not None else timed)
    return None


def _next_worker(ready: Token) -> tuple[Token, Token] | None:
    """r37i: the readiness is 'for' an unnamed next worker with the work as its infinitive ('Ready for the next
    developer to resolve the conflicts and rerun validation', 'ready for someone to finish the docs'): the worker
    noun (terms [readiness-next] next_workers) and the verb of the work, hung on the noun or on the readiness."""
    for prep in (c for c in ready.children if c.dep_ == "prep" and c.lower_ == "for"):
        for worker in (g for g in prep.children if g.dep_ == "pobj" and g.lemma_.lower() in NEXT_WORKERS):
            hung = [*worker.children, *ready.children]
            work = next((v for v in hung if v.dep_ in ("relcl", "acl", "advcl", "xcomp") and v.pos_ == "VERB"
                         and any(a.dep_ == "aux" and a.lower_ == "to" for a in v.children)), None)  # fmt: skip
            if work is not None:
                return worker, work
    return None


def _stage_choice(ready: Token) -> tuple[Token, Token] | None:
    """r32b: the readiness's 'for' names two stages joined by 'or' ('Ready for task breakdown or implementation',
    "I'm ready for the caching layer or the importer tests"): the agent could take either, it leaves the pick."""
    for prep in (c for c in ready.children if c.dep_ == "prep" and c.lower_ == "for"):
        for stage in (g for g in prep.children if g.dep_ == "pobj"):
            joined = any(c.dep_ == "cc" and c.lower_ == "or" for c in stage.children)
            other = next((c for c in stage.children if c.dep_ == "conj"), None)
            if joined and other is not None:
                return stage, other
    return None


def _agents(ready: Token) -> bool:
    """The readiness is the agent's: the root of a line with no subject ('Ready to proceed …'), or the complement of
    a copula whose subject is the agent ("I'm ready", "I'll be ready", "We're all set"); not under a verb of speech.
    r37i: a status line's segment opened by the readiness after a dash or colon ('Phase 2 complete - Ready to
    continue to Phase 3') is the line's own readiness however the model hung it (often as a modifier of the label)."""
    opening = ready.i == next((t.i for t in ready.doc if t.is_alpha), -1)
    segment = ready.i > 0 and ready.doc[ready.i - 1].text in SEGMENT_MARKS and not ready.doc[ready.i - 1].is_alpha
    opening = opening or (segment and not any(c.dep_ in ("nsubj", "nsubjpass") for c in ready.children))
    if ready.dep_ == "ROOT" or (
        opening and ready.dep_ in ("advcl", "dep", "amod", "ccomp") and subject_of(ready) is None
    ):  # r32b: 'Ready for X or Y; next command suggestion: …' hangs the readiness as a clause of the label
        # 'Ready to move on to user story 3: ui integration …': a line opened by the readiness, however the model hung
        # the rest (written in capitals, it is parsed in small letters)
        subject = subject_of(ready)
        # 'All set to start …': the model made 'All' the subject of 'set'
        all_set = subject is not None and ready.lower_ == "set" and subject.lower_ == "all"
        return subject is None or subject.lower_ in AGENT_SUBJECTS or all_set
    holder = ready.head
    if ready.dep_ == "conj" and holder.lemma_.lower() == "be":
        pass  # r37a: "I'll be here and ready to proceed …": the readiness joined to the copula's other complement
    elif ready.dep_ not in ("acomp", "advmod", "amod", "oprd") or holder.lemma_.lower() not in ("be", "all", "get"):
        return False
    subject = subject_of(holder)
    if subject is not None and subject.lower_ not in AGENT_SUBJECTS:
        return False
    if subject is None and holder.dep_ != "ROOT":
        return False
    # 'She said she's ready …' reports; "We're ready … — just say when" asks (the verb of speech is the reader's)
    speaker = subject_of(holder.head)
    reported = holder.head.lemma_.lower() in SPEECH_VERBS and speaker is not None and speaker.lower_ not in READER
    return not (holder.dep_ in ("ccomp", "xcomp") and reported)


def _going_on(ready: Token) -> Token | None:
    """What the agent is ready to go on to: an infinitive of going on ('to proceed to Task 3', 'to move on to', 'to
    get started on'). 'Ready for the next phase.' names no act the agent goes on to (a pinned pass of
    tests/test_standing_by_constructions.py): only a timing by the reader makes it standing by."""
    for child in ready.subtree:
        infinitive = child.dep_ == "xcomp" and child.pos_ in ("VERB", "AUX") and child.head.i in (ready.i, ready.head.i)
        if infinitive and _goes_on(child):
            return child
    return None


def _goes_on(verb: Token) -> bool:
    lemma = verb.lemma_.lower()
    if lemma not in GO_ON:
        return False
    if lemma not in NEEDS_PARTICLE:
        return True
    return any(c.lower_ in GO_ON_PARTICLES for c in verb.children if c.dep_ in ("prt", "advmod", "acomp", "prep",
                                                                               "xcomp", "dobj"))  # fmt: skip


# r33e: a task id of a plan file ('T015', 'US2') and the number, letter or roman numeral that names a stage ('Phase 3',
# 'Milestone B', 'Part II').
_TASK_ID = re.compile(r"^(?:T\d{2,4}|US\d{1,3})$")
_STAGE_MARK = re.compile(r"^(?:\d[\d.]*|[A-Za-z]|[IVX]{1,4}|[ivx]{1,4})$")


def _stage_of_plan(token: Token) -> bool:
    """A stage of the agent's plan named as data: a stage noun (terms [readiness-next] plan_stages) with its number or
    letter ('Phase 3', 'user story 2', 'Milestone B'), or a task id of a plan file ('T015', 'US2', '#12')."""
    if _TASK_ID.match(token.text) or _slash_command(token):
        return True  # r41e: a workflow's stage by its slash command ('Next up is `/speckit.clarify`')
    if token.like_num and token.i > 0 and token.doc[token.i - 1].text == "#":
        return True
    if token.lemma_.lower() not in PLAN_STAGES and token.lower_ not in PLAN_STAGES:
        return False
    return _stage_mark(token) is not None


def _stage_mark(stage: Token) -> Token | None:
    """The number or letter right after the stage noun ('Phase 3', 'Part II', 'Milestone C.', 'phase B.'): a number or
    a capital stands there as the stage's name however the model hung it; a small letter only hung on the noun or the
    noun on it ('step a')."""
    after = stage.doc[stage.i + 1] if stage.i + 1 < len(stage.doc) else None
    mark = after.text.rstrip(".") if after is not None else ""
    if after is None or not mark or not _STAGE_MARK.match(mark):
        return None
    if mark[0].isdigit() or mark[0].isupper():
        return after
    return after if stage.i == after.head.i or stage.head.i == after.i else None


def _stage_shown(stage: Token) -> str:
    """The stage as written with its number or letter ('Phase 3'), or the id alone."""
    if _slash_command(stage):
        return as_written([stage])  # r41e: the command as written, not its placeholder
    mark = None if _TASK_ID.match(stage.text) else _stage_mark(stage)
    return f"{stage.text} {mark.text.rstrip('.')}" if mark is not None else stage.text


def _named_stage(ready: Token) -> Token | None:
    """r33e: the readiness's 'for' names a stage of the agent's own plan as data ('ready for Phase 3', 'Ready for
    Phase 3 implementation', 'Ready for T015'): the stage anywhere in the 'for' phrase. 'Ready for the next phase.'
    names no stage of the plan (its pinned pass)."""
    for prep in (c for c in ready.children if c.dep_ == "prep" and c.lower_ == "for"):
        for token in prep.subtree:
            if token.i > prep.i and _stage_of_plan(token):
                return token
    return None


def _agents_after_mark(ready: Token) -> bool:
    """r33e: a subjectless readiness opening a clause after a semicolon or dash, the status before it ('The schema
    migration is written and tested; ready for user story 2.', 'Phase 1 done — ready for stage 2'): the model hangs
    it as a clause of the status; with no subject of its own it is the agent's, as at the line's start."""
    before = ready.doc[ready.i - 1] if ready.i > 0 else None
    return (before is not None and before.text in (";", "—", "–", "--") and subject_of(ready) is None
            and ready.dep_ in ("advcl", "conj", "dep", "ccomp", "parataxis", "amod", "ROOT"))  # fmt: skip


def _timed_by_another(ready: Token) -> bool:
    """A clause of time or condition on the readiness or its copula whose subject is neither the reader nor the agent
    ('ready for Phase 3 once CI is green'): the readiness waits on work in flight, not on the reader."""
    return _timed_by_a_clause(ready) or _held_by_a_clause([t for t in ready.doc if t.i > ready.i])


def _timed_by_a_clause(ready: Token) -> bool:
    """The model hangs the clause of time on the readiness or on its copula; its subject is someone else's act when it
    is neither the reader nor the agent ('… once the owners sign off')."""
    holders = (ready, ready.head)
    # r40e: the stage command as the clause's subject ('Ready for `/speckit.tasks` to break work down') is the stage
    return any((doer := subject_of(c)) is not None and doer.lower_ not in READER | AGENT_SUBJECTS
               and not _slash_command(doer) for h in holders for c in h.children if c.dep_ == "advcl")  # fmt: skip


def _timed_by_work(ready: Token) -> bool:
    """r37a: the readiness to go on timed by a clause of a thing's event ("I'm ready to move on to the next task once
    the nightly build finishes", "… when CI is green"): a mark of time after the readiness whose clause names a thing,
    no reader and no agent as subject — a hold on work in flight, not on the reader's go ('when you are', 'whenever you
    give the word', 'when needed' name no thing of the kind). Read wherever the model hung the clause."""
    for mark in (t for t in ready.doc[ready.i + 1 : ready.sent.end] if t.dep_ in ("mark", "advmod")
                 and t.lower_ in STAGE_HOLD_MARKS and t.head.i != t.i):  # fmt: skip
        clause = list(mark.head.subtree)
        subject = subject_of(mark.head)
        if any(t.lower_ in READER | AGENT_SUBJECTS for t in clause) or (subject is not None and subject.pos_ == "PRON"):
            continue
        if any(t.pos_ in ("NOUN", "PROPN") and t.i != mark.i for t in clause):
            return True
    return False


def _held_by_a_clause(tokens: list[Token]) -> bool:
    """r33e: a subordinator of time or condition (terms [readiness-next] stage_hold_marks) whose clause's subject is
    not the reader ('… after the security review signs off', '… once CI is green', '… once I finish the tests'): the
    stage waits on someone else's act or on work in flight, however the model hung the clause."""
    for mark in (t for t in tokens if t.dep_ in ("mark", "advmod") and t.lower_ in STAGE_HOLD_MARKS):
        subject = subject_of(mark.head) if mark.head.i != mark.i else None
        if subject is None or subject.lower_ not in READER:
            return True
    return False


def _next_stage_named(asked: Asked) -> Token | None:
    """r33e: a 'next' label or copula opening the sentence or a clause after a semicolon or dash, with a stage of the
    agent's own plan as its complement ('Next: Phase 3 (T015–T020).', 'Next up is Phase 3', 'the next phase is Polish
    (T030-T034)'). None when, from the label on, the agent is a subject (it starts the stage itself: a claim or an
    offer, judged elsewhere), a clause of time or condition has a subject other than the reader (work in flight), or a
    word of holding or finishing says the stage waits on someone else or is done ('blocked on the vendor's key',
    'owned by @maria', 'Next: Phase 3 — done')."""
    if asked.site.following:
        return None  # a report of the plan's stages with more of the message after it ('… next is Phase 3, the UI. All
        # five are implemented …'): only the close names the next stage and stops
    words = asked.tokens
    label = next((t for t in words if t.lower_ == "next" and _next_opens_clause(t)), None)
    cut = _label(asked)
    heads = cut.strip(" *_#>").split()
    stage_label = len(heads) >= 2 and heads[0] == "next" and heads[1].strip(":*_") in PLAN_STAGES
    if label is None and cut not in NEXT_LABELS and not stage_label:
        return _stage_then_next(words)  # the site's part may start after the label ('Next: Phase 3 …' is judged on
        # 'Phase 3 …'); 'Phase 3 is next.' names the stage before its 'next'
    rest = [t for t in words if label is None or t.i >= label.i]
    acting = _label_act(rest)  # r33i: the label's own verb ('Next: finish T001') is no hold on the stage
    if _stage_held(rest, acting) or any(
        t.dep_ == "advcl"
        and not _purpose(t)  # r33i: 'Next: Begin Phase 3 (…) to implement config parsing': what the stage is for
        and (subject_of(t) is None or subject_of(t).lower_ not in READER)
        for t in rest
    ):
        return None
    if stage_label and words:
        # 'Next phase: Integration (T030–T034).', '**Next milestone:** M2 — offline sync.': the label names the stage
        # noun, the part after it the stage's name
        named = next((t for t in words if _stage_of_plan(t)), None) or words[0].sent.root
        return named if named.pos_ in ("PROPN", "NOUN", "NUM") else None
    # 'the next phase is Polish (T030-T034)': the stage noun is the subject of the copula, its name the complement
    noun = label.head if label is not None and label.dep_ == "amod" else None
    if noun is not None and noun.lower_ in PLAN_STAGES and noun.dep_ == "nsubj" and noun.head.lemma_ == "be":
        named = (c for c in noun.head.children
                 if c.dep_ in ("attr", "acomp") and (c.pos_ in ("PROPN", "NOUN") or _slash_command(c)))
        found = next(named, None)
        if found is not None:
            return found  # r41e: else the stage as data anywhere after ('The next phase is `/speckit.plan`')
    return next((t for t in rest if _stage_of_plan(t)), None)


def _label_act(rest: list[Token]) -> Token | None:
    """r33i: the imperative of going on to or doing the stage right after the label's colon ('Next: Start Phase 2',
    'Next: finish T001, then …'; sites.toml [ready-next] go_on, label_acts): the label's content is the agent's own next
    act, so a verb of finishing there finishes the stage ahead, it does not say the stage is done."""
    colon = next((k for k, t in enumerate(rest) if t.text == ":"), None)
    first = 0 if colon is None else colon + 1  # the site's part may start after the label ('Next:' cut off)
    words = [t for t in rest[first:] if not t.is_punct]
    if not words:
        return None
    verb = words[0]
    return verb if verb.lower_ in LABEL_ACTS and subject_of(verb) is None else None


def _purpose(clause: Token) -> bool:
    """An infinitive of purpose ('to implement …'): 'to' as its aux, no subordinator and no subject of its own."""
    children = list(clause.children)
    return (any(c.dep_ == "aux" and c.lower_ == "to" for c in children)
            and not any(c.dep_ in ("mark", "nsubj", "nsubjpass") for c in children))  # fmt: skip


def _stage_then_next(words: list[Token]) -> Token | None:
    """r33e: the stage as the subject and 'next' its predicate closing the sentence ('Phase 3 is next.', 'Tests pass.
    Phase 3 (T015–T020) is up next.', 'Setup finished; T007 next.'): the stage opens the sentence or the clause after a
    semicolon or dash, with the same holds as the label."""
    alpha = [t for t in words if t.is_alpha or t.like_num or _TASK_ID.match(t.text)]
    nexts = [t for t in alpha if t.lower_ == "next"]
    after = [t for t in words if t.i > nexts[-1].i] if nexts else []
    if not nexts or not all(_in_place(t, nexts[-1]) for t in after if t in alpha) or any(
        t.lower_ in ("for", "by") or t.tag_ == "POS" for t in after
    ):
        return None  # 'Phase 2 is next in line for review by the security team', '… on @maria's list': another's
    stage = next((t for t in words if _stage_of_plan(t) and _next_opens_clause(t)), None)
    if stage is None:
        return None
    rest = [t for t in words if t.i >= stage.i]
    if _stage_held(rest) or any(t.lemma_.lower() in SPEECH_VERBS for t in words):
        return None  # 'The roadmap says Phase 3 is next.': reported
    return stage


def _in_place(token: Token, last: Token) -> bool:
    """r41e: a word after the closing 'next' that only says where the plan keeps the stage ('Phase 2 is next in
    `ROADMAP.md`', '… next on the list'): inside a phrase of 'in' or 'on' after it."""
    return any(a.dep_ == "prep" and a.lower_ in ("in", "on") and a.i > last.i for a in (token, *token.ancestors))


def _stage_held(tokens: list[Token], acting: Token | None = None) -> bool:
    """The holds both positions of the named stage share: the agent a subject (it starts the stage itself), a word of
    holding or finishing (terms [readiness-next] stage_holds) other than the label's own verb (`acting`), a clause of
    time on someone else, a possessor other than the agent or the reader — the stage is then not the reader's to
    start."""
    return (
        any(t.dep_ in ("nsubj", "nsubjpass") and t.lower_ in AGENT_SUBJECTS for t in tokens)
        or any(t is not acting and (t.lemma_.lower() in STAGE_HOLDS or t.lower_ in STAGE_HOLDS) for t in tokens)
        or _held_by_a_clause(tokens)
        or _someone_elses(tokens)
    )


def _someone_elses(tokens: list[Token]) -> bool:
    """r33e: a possessor other than the agent or the reader on the stage's words ('next on @maria's list', 'the
    vendor's integration'): the stage is someone else's to start."""
    return any(t.dep_ == "poss" and t.lower_ not in ("my", "our", "your") for t in tokens)


def _next_opens_clause(token: Token) -> bool:
    """The 'next' opens the sentence or a clause after a semicolon or dash, with at most a determiner or 'up' before
    it ('Next:', 'Up next:', 'the next phase is')."""
    start = token.i
    while start > 0 and token.doc[start - 1].lower_ in ("the", "up", "*", "**", "#", "##", "_"):
        start -= 1
    return start == 0 or token.doc[start - 1].text in (";", "—", "–", "-", ":") or token.doc[start - 1].is_space
