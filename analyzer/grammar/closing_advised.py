"""Work handed to the reader as advice (docs/DESIGN.md#construction-classes, r38c) — a [[closing-question]] row walked
over the advised sites analyzer.text.questions found: the reader the subject of a modal of possibility or advice over a
verb of changing the code ('As a follow-up, you could enable incremental builds.', "You'll need to integrate a vector
store.", 'You might want to bump the pool size.'), no first person in the sentence.

The agent closes by naming work it could do itself and leaving it to the reader, with no offer: the same hand-over as
a closing list of next steps, said as advice. Judged like attribution: human-only work (a merge, a release, a secret) is
the reader's own, and the reader's use of the result ('You can now add your own jobs'), the reader's own situation ('If
you need other wheel types, you could …') or what the work lets the reader do ('so you can add more items') is none.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from analyzer.grammar.closing_handovers import _agent_goes_on_next, environment_word
from analyzer.grammar.closing_questions import Asked, _judged
from analyzer.grammar.judgement import Judgement, carved
from analyzer.grammar.registry import rule
from analyzer.parse.tokens import as_written, subject_of
from analyzer.terms import terms
from analyzer.text import sites
from analyzer.text.questions import ADVISED, READY

if TYPE_CHECKING:
    from spacy.tokens import Token

READERS = terms("register", "reader")
MODALS = terms("advised-work", "modals")
CARRYING = terms("advised-work", "carrying")
USAGE_TIMES = terms("advised-work", "usage_times")
OWN_MARKS = terms("advised-work", "own_marks")
SITUATIONS = terms("advised-work", "situations")
ONGOING_MARKS = terms("advised-work", "ongoing_marks")
DESCRIBED = terms("advised-work", "described")
RESULT_MARKS = terms("advised-work", "result_marks")
EVENT_MARKS = terms("advised-work", "event_marks")
READER_VALUES = terms("advised-work", "reader_values")
SETTINGS_PLACES = terms("advised-work", "settings_places")
SETTINGS_PREPOSITIONS = terms("advised-work", "settings_prepositions")
STEP_TIMES = terms("advised-work", "step_times")
CHANGE_NOUNS = terms("advised-work", "change_nouns")
SPECIFIC_PRONOUNS = terms("advised-work", "specific_pronouns")
SPECIFIC_DETERMINERS = terms("advised-work", "specific_determiners")
COMMAND_CARRIERS = terms("advised-work", "command_carriers")
WISHES = frozenset(sites()["list"]["reader_wishes"])
# The verbs of changing the code, one list for the site and the rule (sites.toml [advised-work]).
CODE_WORK = frozenset(sites()["advised-work"]["verbs"]) | frozenset(sites()["advised-work"]["gerunds"])
# r38n: the next steps of the agent's own work, handed over only with their marks (_unmarked_step).
# r39b: an act that changes the project's state ([next-step] changing_acts) is a next step with no time mark
CHANGING_ACTS = frozenset(sites()["next-step"]["changing_acts"])
TIMED_STEPS = frozenset(sites()["advised-work"]["timed_steps"]) | CHANGING_ACTS
KEPT_STEPS = frozenset(sites()["advised-work"]["kept_steps"])
ABILITY_MODALS = terms("advised-work", "ability_modals")
OPEN_QUANTIFIERS = terms("advised-work", "open_quantifiers")
MEANS_MARKS = terms("advised-work", "means_marks")


@rule("advised-work")
def advised_work(asked: Asked) -> Judgement | None:
    """The reader as the subject of a verb under a modal of possibility or advice (or 'need to', 'want to', 'be able
    to', 'consider', 'continue' carrying the act), the act or a conjunct of it a verb of changing the code: the work is
    handed to the reader. The message going on with the agent's own act after it hands nothing over."""
    if asked.site.kind not in (ADVISED, READY):
        return None  # a site of going on that stage-handed left ('From here you can continue decoupling …') is read too
    if _agent_goes_on_next(asked.site.following):
        return carved("advised-work", "the agent goes on with its own act after the advice: nothing is left over")
    for reader in asked.tokens:
        if reader.lower_ not in READERS or reader.dep_ not in ("nsubj", "nsubjpass"):
            continue
        verb = reader.head
        if not _advised(verb):
            continue
        act = _code_act(verb)
        if act is None:
            continue
        not_handed = _not_handed(verb, act)
        if not_handed is not None:
            return carved("advised-work", f"'{verb.text} … {act.text}' {not_handed}")
        place = environment_word(act.subtree)
        if place is not None:
            return carved("advised-work", f"the reader's '{act.text} …' is done in the person's own environment "
                          f"('{place}')")  # fmt: skip
        why = f"advises the reader to '{act.text} …' and stops — work the agent could do itself, handed to the reader"
        return _judged(asked, "advised-work", why, [act])
    return None


def _advised(verb: Token) -> bool:
    """The reader's verb takes a modal of possibility or advice, or is a verb of need that carries the act ('You need
    to …')."""
    modal = any(c.dep_ == "aux" and c.lower_.replace("’", "'") in MODALS for c in verb.children)
    return modal or (verb.lemma_.lower() == "need" and any(c.dep_ == "xcomp" for c in verb.children))


def _code_act(verb: Token) -> Token | None:
    """The verb of changing the code (or r38n's next step of the agent's own work) the reader's verb is or carries:
    itself, the infinitive or gerund of a verb of need, wish, ability, consideration or going on ('need to integrate',
    'be able to upgrade', 'continue decoupling'), the purpose of a command the reader is told to use or run ('use
    `git branch -D old` to delete the branch'), or a conjunct of one of these ('search your codebase … and update
    them')."""
    acts = [verb]
    for _ in range(2):
        acts += [g for a in acts if a.lemma_.lower() in CARRYING or a.lower_ in ("be",) or _runs_command(a)
                 for c in a.children if c.dep_ in ("xcomp", "acomp", "dobj", "advcl") for g in (c, *c.children)
                 if g.pos_ in ("VERB", "ADJ", "AUX") and g not in acts]  # fmt: skip
    acts += [c for a in acts for c in a.children if c.dep_ == "conj" and c.pos_ == "VERB"]
    work = CODE_WORK | TIMED_STEPS | KEPT_STEPS
    return next((a for a in acts if a.lemma_.lower() in work or a.lower_ in work), None)


def _runs_command(verb: Token) -> bool:
    """r38n: the reader told to use or run a command written as inline code: its purpose clause is the act, which the
    agent could run itself."""
    return verb.lemma_.lower() in COMMAND_CARRIERS and any(
        c.dep_ == "dobj" and as_written([c]).startswith("`") for c in verb.children
    )


def _unmarked_step(verb: Token, act: Token) -> str | None:
    """r38n: why a next step of the agent's own work is no hand-over, or None. A step that follows a change hands over
    only when timed as the next step ('now', 'again') or done to the change ('push these changes'), its object (if any)
    a thing of the project ('your app', not 'any `.proto` file'): otherwise it says how the reader runs it. A step that
    keeps or cleans up a thing hands over only when its object is that thing ('save it', 'delete the old file'): a bare
    noun is the product's use ('delete items from the cart')."""
    lemma = act.lemma_.lower()
    objects = [c for c in act.children if c.dep_ in ("dobj", "nsubjpass")]
    if lemma in TIMED_STEPS:
        if objects and not any(_specific(o) for o in objects):
            return "is the reader's own use on things of their choosing ('any …'), not the step after the change"
        timed = any(c.dep_ == "advmod" and c.lower_ in STEP_TIMES for c in (*verb.children, *act.children))
        if timed or any(o.lemma_.lower() in CHANGE_NOUNS or o.lower_ in CHANGE_NOUNS for o in objects):
            return None
        if lemma in CHANGING_ACTS:
            return None  # r39b: 'you'll want to run `…` to populate the dev DB': the act itself changes the project
        return "says how the reader runs a step, not the step after the agent's change"
    if lemma in KEPT_STEPS:
        if any(_specific(o, owned=False) for o in objects):
            return None
        return "is the reader's use of the product on things of their own, not a thing of the project"
    return None


def _specific(thing: Token, owned: bool = True) -> bool:
    """The object points at one thing: a pronoun pointing back, or a noun under a determiner that points at one; the
    reader's possessive counts only when `owned` ('compile your app again', but 'save your display name' is the
    reader's own data)."""
    if thing.lower_ in SPECIFIC_PRONOUNS:
        return True
    pointers = SPECIFIC_DETERMINERS if owned else SPECIFIC_DETERMINERS - READERS - {"your"}
    return any(c.dep_ in ("det", "poss") and c.lower_ in pointers for c in thing.children)


def _not_handed(verb: Token, act: Token) -> str | None:
    """Why the advice hands no work over, or None: what the work lets the reader do (the verb in a clause of purpose,
    result or description), the reader's use of the result ('can now'), the reader's own thing ('your own jobs'), the
    values of the reader's own deployment ('the connection string'), a clause of time on a later event of something
    else ('when LTS versions change'), a clause of the reader's own situation or ongoing work ('if you need …', 'as
    you add …')."""
    if verb.dep_ in DESCRIBED or any(c.dep_ == "mark" and c.lower_ in RESULT_MARKS for c in verb.children):
        return "says what the work lets the reader do: no work is left to the reader"
    step = _unmarked_step(verb, act)
    if step is not None:
        return step
    if _capability_note(verb, act):
        return "says how the reader may extend the product, by what means: a capability note, no work left"
    if act.lemma_.lower() not in TIMED_STEPS and any(c.dep_ == "advmod" and c.lower_ in USAGE_TIMES
                                                     for c in verb.children):  # fmt: skip
        return "is the reader's use of the result just delivered"
    if any(t.lower_ in OWN_MARKS and any(p.dep_ == "poss" and p.lower_ in READERS for p in t.head.children)
           for t in act.subtree):  # fmt: skip
        return "is the reader's own work on the reader's own thing"
    written = f" {' '.join(as_written(list(act.subtree)).lower().split())} "
    value = next((v for v in sorted(READER_VALUES) if f" {v} " in written or f"`{v}`" in written), None)
    if value is not None:
        return f"puts in place the values of the reader's own deployment ('{value}'), which the agent cannot know"
    place = _settings_place(act)
    if place is not None:
        return f"sets a value where the product is configured ('{place}'): the reader's own use, no work left"
    for clause in (c for c in (*verb.children, *act.children) if c.dep_ == "advcl"):
        subject = subject_of(clause)
        # the model may read 'when' as the clause's adverb, and lose its subject to a compound ('LTS versions change')
        marks = {c.lower_ for c in clause.children if c.dep_ in ("mark", "advmod")}
        if marks & EVENT_MARKS and (subject is None or subject.lower_ not in READERS | {"it", "this", "that"}):
            return f"is the reader's own upkeep, timed by a later event ('… {clause.text}')"
        if subject is None or subject.lower_ not in READERS:
            continue
        lemma = clause.lemma_.lower()
        if lemma in WISHES:
            continue  # 'If you want cleaner logs, …': the reader's wish for more of the work
        if marks & ONGOING_MARKS or lemma in SITUATIONS:
            return f"is timed by the reader's own situation or ongoing work ('{subject.text} {clause.text}')"
    return None


def _capability_note(verb: Token, act: Token) -> bool:
    """r40e (docs/DESIGN.md#construction-classes): the reader's ability (terms [advised-work] ability_modals) to add
    things left open (a quantifier of open_quantifiers on the object: 'more subcommands', 'new routes') by a means named
    as a gerund ('by dropping a module into …'): how the finished work extends, not work handed over. 'You can fix it by
    adding a guard' names one thing, 'it': advice."""
    able = any(c.dep_ == "aux" and c.lower_ in ABILITY_MODALS for c in verb.children)
    objects = [c for c in act.children if c.dep_ == "dobj"]
    open_things = bool(objects) and all(
        any(m.lower_ in OPEN_QUANTIFIERS for m in o.children if m.dep_ in ("amod", "det", "poss")) for o in objects
    )
    means = any(
        p.dep_ == "prep" and p.lower_ in MEANS_MARKS and any(g.dep_ == "pcomp" and g.tag_ == "VBG" for g in p.children)
        for p in act.children
    )
    return able and open_things and means


def _settings_place(act: Token) -> str | None:
    """The place the act sets its value in is where the product is configured ('You can configure the retries in
    `config.toml`.', 'tune it via the `--workers` flag'; not 'in the config loader', a part of the code): the head of
    that place as written, or None."""
    for prep in (c for c in act.children if c.dep_ == "prep" and c.lower_ in SETTINGS_PREPOSITIONS):
        for place in (c for c in prep.children if c.dep_ == "pobj"):
            written = as_written([place]).lower()
            if set(re.split(r"[^a-z]+", written)) & SETTINGS_PLACES:
                return as_written(list(place.subtree))
    return None
