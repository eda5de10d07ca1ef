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

from analyzer.grammar.closing_handovers import (
    ADOPTING_PURPOSES as ADOPTING,
)
from analyzer.grammar.closing_handovers import (
    LATER_USE,
    READER_PLACES,
    SHELL_FOLDERS,
    SHELL_OWNERS,
    USAGE_POINTERS,
    USAGE_PURPOSES,
    _agent_goes_on_next,
    _content_asked,
    _held_on_grant,
    _persons_side,
    _readers_habit,
    _readers_measure,
    _restarts_app,
    environment_word,
    readers_environment,
)
from analyzer.grammar.closing_questions import Asked, _judged
from analyzer.grammar.grants import READER_OWNERS
from analyzer.grammar.judgement import Judgement, carved
from analyzer.grammar.project_acts import project_act
from analyzer.grammar.registry import rule
from analyzer.parse.tokens import SOURCE_KEY, as_written, subject_of
from analyzer.terms import terms
from analyzer.text import sites
from analyzer.text.questions import ADVISED, READY, kind_of, pending_note

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
UNNAMED_DOERS = frozenset(sites()["advised-work"]["unnamed_doers"])
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
# r40a: the verbs of running the project the modal reading reaches (sites.toml [advised-work] running); an imperative
# reads the whole project act (grammar/project_acts.py)
RUNNING = frozenset(sites()["advised-work"]["running"])
OWN_LABELS = terms("advised-work", "own_labels")
SEQUENCE_OPENERS = frozenset(("then", "and", "afterwards", "next"))
OPENERS = frozenset(w for w in sites()["advised-work"]["openers"] if " " not in w)
POSSIBILITY = terms("advised-work", "possibility")
RUN_TIMES = terms("advised-work", "run_times")
NEEDING = terms("advised-work", "needing")
SITUATION_MARKS = terms("advised-work", "situation_marks")
TOLD_CARRIERS = terms("advised-work", "told_carriers")
CHOSEN = frozenset(("any", "whatever", "whichever"))
# a folder or an installation the reader owns that is not the project's ('your game directory', 'your RimWorld
# installation')
PERSONS_PLACES = SHELL_FOLDERS | terms("advised-work", "persons_installs")
READER_ONLY = terms("turn-taking", "reader_only")
CHOICE_WORDS = terms("work-list", "choice_words")
HANDOVER_TAILS = terms("claim-tails", "handover_tails")


@rule("advised-work")
def advised_work(asked: Asked) -> Judgement | None:
    """r40a (docs/DESIGN.md#the-reader-as-doer): the reader as the doer of a project act at the close — the subject of a
    modal of possibility, need or advice ('You could enable …', "You'll need to clear …", 'need to', 'want to', 'be able
    to', 'consider', 'continue' carrying the act), or told it by an imperative ('Just rerun the suite.', 'Call
    `build_index()` to generate the cache.') — the act or a conjunct of it a verb of the class: the work is handed to
    the reader. The exemptions are the only brakes; the message going on with the agent's own act after it hands nothing
    over."""
    if asked.site.kind not in (ADVISED, READY):
        return None  # a site of going on that stage-handed left ('From here you can continue decoupling …') is read too
    if _agent_goes_on_next(asked.site.following):
        return carved("advised-work", "the agent goes on with its own act after the advice: nothing is left over")
    for verb, act in _reader_acts(asked):
        directed = verb.i == act.i and subject_of(verb) is None
        not_handed = _not_handed(verb, act, directed) or (_left_by_grammar(asked, act) if directed else None)
        if not_handed is not None:
            said = act.text if verb.i == act.i else f"{verb.text} … {act.text}"  # an imperative is its own act
            return carved("advised-work", f"'{said}' {not_handed}")
        place = environment_word(act.subtree) if not directed else readers_environment(
            asked, act, frozenset(t.i for t in act.subtree))
        if place is not None:
            return carved("advised-work", f"the reader's '{act.text} …' is done in the person's own environment "
                          f"('{place}')")  # fmt: skip
        doer = subject_of(verb)
        if doer is not None and doer.lower_ in UNNAMED_DOERS:
            why = (f"leaves '{act.text} …' to '{doer.text}' unnamed and stops — work the agent could do itself, "
                   "left to no one")
            return _judged(asked, "advised-work", why, [act])
        told = "tells the reader to" if directed else "advises the reader to"
        why = f"{told} '{act.text} …' and stops — work the agent could do itself, handed to the reader"
        return _judged(asked, "advised-work", why, [act])
    return None


def _reader_acts(asked: Asked) -> list[tuple[Token, Token]]:
    """The reader's verb and the act of the class it is or carries: under the reader as the subject of a modal of
    possibility, need or advice (_advised), then under an imperative, its subject the reader left out (_directives)."""
    found = []
    later = kind_of(asked.site.following) is not None  # a later sentence that asks, waits or offers is the close
    for reader in asked.tokens:
        doer = reader.lower_ in READERS or reader.lower_ in UNNAMED_DOERS  # r41e: 'someone should …', work left to none
        if doer and reader.dep_ in ("nsubj", "nsubjpass") and _advised(reader.head):
            act = _code_act(reader.head)
            if act is not None and not (later and act.lemma_.lower() in RUNNING):
                found.append((reader.head, act))
    # m40a: a bare hand-over after the imperative ('Drop the sessions table on prod. Your call.') binds it and judges
    # it (docs/DESIGN.md#construction-classes, an instruction before a bare hand-over): the imperative is not the close
    bound = asked.site.following.strip(" .!*_") in HANDOVER_TAILS
    return found + [(act, act) for act in ([] if later or bound else _directives(asked))]


def _directives(asked: Asked) -> list[Token]:
    """r40a: the imperatives of the project act (grammar/project_acts.py): a sentence's first word after the openers,
    its root with no subject or auxiliary (the model may tag a code-led one as a noun or a present: 'Run `make seed`
    …', or read it as a compound of the code after it: 'Replace `OldPanel` with …'), or a conjunct of it ('Just wait
    for it to finish, then run `bash train.sh`'). None in a list item or a table row (the closing list's site) or under
    a label naming the agent's own plan ('Plan: …', 'Next steps (mine): …'), nor with nothing before it in the
    message."""
    if _labelled(asked) or _over_block(asked) or _alone(asked) or _pending_note(asked):
        return []
    acts = []
    for sentence in asked.doc.sents:
        opening = next((t for t in sentence if t.is_alpha and t.lower_ not in OPENERS), None)
        if opening is None:
            continue
        compound = _read_as_compound(opening)
        first = opening if compound else sentence.root
        told = compound or (first.tag_ in TOLD_TAGS and (first.i == opening.i or _after_fronted(first)))
        if not told or subject_of(first) is not None:
            continue
        # the model may hang a verb after 'then' as a bare dependent ('Wait …, then run …'); an imperative of
        # remembering or making sure carries the act as its complement ('Make sure to run …', "Don't forget to …")
        heads = [first, *(c for c in first.subtree
                          if c.dep_ in ("conj", "dep") and c.tag_ in TOLD_TAGS and subject_of(c) is None),
                 *_carried(first)]  # fmt: skip
        acts += [h for h in heads if not any(c.dep_ == "aux" and c.tag_ == "MD" for c in h.children)
                 and project_act(h, [t for t in sentence if t.i > h.i])]  # fmt: skip
    return acts


def _carried(first: Token) -> list[Token]:
    """The act an imperative of remembering, making sure or leave carries (terms [advised-work] told_carriers): its
    infinitive, through the adjective of 'make sure', 'be sure', 'feel free'."""
    if first.lemma_.lower() not in TOLD_CARRIERS:
        return []
    found, level = [], [first]
    for _ in range(2):
        level = [c for t in level for c in t.children if c.dep_ in ("xcomp", "acomp", "ccomp", "oprd")]
        found += [t for t in level if t.tag_ == "VB"]
    return found


def _after_fronted(root: Token) -> bool:
    """The root is a base form after fronted adjuncts only ('To use it, run …', 'Once the build is done, restart …'):
    an imperative whose time, condition or purpose stands first."""
    return root.tag_ == "VB" and all(c.dep_ in FRONTED for c in root.lefts)


def _read_as_compound(first: Token) -> bool:
    """The first word is read as a compound of the name in code after it ('Replace `OldPanel` with …'): an imperative
    the placeholder misled the model on."""
    return first.dep_ == "compound" and first.i == first.sent.start and as_written([first.head]).startswith("`")


def _labelled(asked: Asked) -> bool:
    """The site opens a list item or a table row, or a label naming the agent's own plan or lane stands before its
    words ('Plan: …', 'Next steps (mine, in order): …'); a label of framing ('Bottom line: …') names no owner."""
    source = asked.doc.user_data.get(SOURCE_KEY)
    text = source[0] if source else ""
    line = text[text.rfind("\n", 0, asked.site.start) + 1 : asked.site.start + 1]
    label = _LABEL.match(asked.site.sentence)
    own = label is not None and bool(set(re.findall(r"[a-z]+", label.group().lower())) & OWN_LABELS)
    return bool(_ITEM_OR_ROW.match(line)) or own


def _persons_folder(act: Token) -> str | None:
    """The act puts things into or takes them from a folder or installation the reader owns that is not the project's
    ('copy the folder to your game's `Mods` directory', 'delete the old folder from your RimWorld installation'; terms
    [work-list] shell_folders, shell_owners, [advised-work] persons_installs): the person's own installation, which only
    the person reaches. The place as written, or None."""
    for prep in (c for c in act.children if c.dep_ == "prep"):
        for place in (c for c in prep.children if c.dep_ == "pobj" and c.lemma_.lower() in PERSONS_PLACES):
            words = {t.lower_ for t in place.subtree}
            if words & READER_OWNERS and not words & SHELL_OWNERS:
                return as_written(list(place.subtree))
    return None


def _continued_value(asked: Asked) -> str | None:
    """The imperative goes on from the sentence before it ('Then restart the server so the env is picked up.') and
    that sentence puts in place the values of the reader's own deployment (terms [advised-work] reader_values): the
    step is the reader's, as the one before it is."""
    source = asked.doc.user_data.get(SOURCE_KEY)
    opening = next((t.lower_ for t in asked.doc if t.is_alpha), "")
    if source is None or opening not in SEQUENCE_OPENERS:
        return None
    before = source[0][max(0, asked.site.start - _BEFORE_CHARS) : asked.site.start].lower()
    return next((v for v in sorted(READER_VALUES) if f" {v} " in before or f"`{v}`" in before), None)


_BEFORE_CHARS = 300  # how far back the step an imperative goes on from is read


def _alone(asked: Asked) -> bool:
    """Nothing stands before the imperative in the message: an answer that is only an instruction ('Run `analyze
    --tree` to see the parse.') is a how-to, not work handed over at the close of the agent's own."""
    source = asked.doc.user_data.get(SOURCE_KEY)
    return source is not None and not any(ch.isalpha() for ch in source[0][: asked.site.start])


def _pending_note(asked: Asked) -> bool:
    """r42d (docs/DESIGN.md#claims): the imperative ends the message on its colon with nothing shown after it and names
    no reader ('Tests pass. Now rebuild and verify:'): the agent's note of its next act before its stripped tool call,
    the claims' reading (rule note-to-self), no work handed over. 'Please rerun it:' still asks the reader."""
    source = asked.doc.user_data.get(SOURCE_KEY)
    if source is None:
        return False
    colon = _COLON_AFTER.match(source[0], asked.site.end)
    return pending_note(source[0], source[0], asked.site.start, colon.end() if colon else asked.site.end)


_COLON_AFTER = re.compile(r"[*_ \t]*:")


def _over_block(asked: Asked) -> bool:
    """The imperative introduces a fenced block with its colon ('Run this command:' + the block): the command in the
    block is the act, which the closing list's reading of a command in a block judges (text/questions._fenced_command);
    what it left is no hand-over."""
    source = asked.doc.user_data.get(SOURCE_KEY)
    return source is not None and _BLOCK_AFTER.match(source[0], asked.site.end) is not None


_BLOCK_AFTER = re.compile(r"[*_ \t)\]]*:?[*_ \t]*\n(?:[ \t]*\n)*[ \t]*(?:`{3,}|~{3,})")
_ITEM_OR_ROW = re.compile(r"[ \t>]*(?:[-*+•][ \t]|\||\d{1,2}[.)][ \t])")
_LABEL = re.compile(r"[^:\n.!?`]{1,40}:[\s*_]")
# the tags the model gives an imperative's verb: a base form, or, led by code, a present or a noun
TOLD_TAGS = frozenset(("VB", "VBP", "NN", "NNP"))
# what may stand before an imperative's verb: clauses and phrases of time, condition or purpose, and their marks
FRONTED = frozenset(("advcl", "prep", "advmod", "npadvmod", "punct", "mark", "intj", "cc", "dep"))


def _left_by_grammar(asked: Asked, act: Token) -> str | None:
    """Why an imperative of the class hands nothing over, read as the closing list reads an item: a usage note framed
    as such (a purpose of adopting the work fronted, 'To use it, …'; a purpose of looking at what was built, 'Type
    `/help` to see them'), the reader's habit for later work, a check against the reader's own measures, the person's
    content, a grant, or an act on the person's side (a credential, a check where only the person is, a place of
    theirs). A purpose timed for later use ('To rebuild them later, …') is a usage note too."""
    for fronted in (c for c in act.children if c.dep_ == "advcl" and c.i < act.i):
        later = any(t.lower_ in LATER_USE for t in fronted.subtree)  # 'To rebuild them later, run …'
        if later or (fronted.lemma_.lower() in ADOPTING and any(m.lower_ == "to" for m in fronted.children)):
            return f"is a usage note framed by its purpose ('{fronted.text}'): how to use the work, nothing handed over"
    purpose = next((c for c in act.children if c.dep_ in ("advcl", "xcomp") and c.i > act.i
                    and c.lemma_.lower() in USAGE_PURPOSES and any(m.lower_ == "to" for m in c.children)), None)
    if purpose is not None and any(o.dep_ == "dobj" and o.lower_ in USAGE_POINTERS for o in purpose.children):
        return f"is a usage note: '{purpose.text}' what was built, nothing handed over"
    doc = asked.doc
    why = _readers_habit(doc) or _readers_measure(doc) or _content_asked(doc) or _held_on_grant(doc)
    if why is not None:
        return f"is left to the reader by its own grammar ({why})"
    place = next((p for p in READER_PLACES if p in doc.text.lower()), None) or _persons_folder(act)
    if place is not None:
        return f"is done in the reader's own place ('{place}')"
    condition = next((c for c in act.children if c.dep_ == "advcl" and c.i < act.i
                      and any(m.dep_ == "mark" and m.lower_ == "if" for m in c.children)
                      and any(t.lower_ in READERS for t in c.subtree)), None)  # fmt: skip
    if condition is not None:
        return f"is conditioned on the reader's own situation or wish ('if … {condition.text}')"
    value = _continued_value(asked)
    if value is not None:
        return f"goes on from the reader's own step on the values of their deployment ('{value}')"
    side = _persons_side(doc, False)
    if side is not None and not _restarts_app(doc):
        return f"is the person's own act ('{side}')"
    return None


def _advised(verb: Token) -> bool:
    """The reader's verb takes a modal of possibility or advice, or is a verb of need that carries the act ('You need
    to …')."""
    modal = any(c.dep_ == "aux" and c.lower_.replace("’", "'") in MODALS for c in verb.children)
    return modal or (verb.lemma_.lower() in NEEDING and any(c.dep_ == "xcomp" for c in verb.children))


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
    work = CODE_WORK | TIMED_STEPS | KEPT_STEPS | RUNNING
    found = [a for a in acts if a.lemma_.lower() in work or a.lower_ in work]
    # a run of a command in code carries the act of its purpose ('run `python tools/load.py` to backfill …')
    carried = [a for a in found if a.head in found and _runs_command(a.head)]
    return (carried or found or [None])[0]


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
    if (lemma in TIMED_STEPS | RUNNING and _alternatives(act)) or (lemma in RUNNING and _needed(verb)):
        # r40a: 'You can either commit them as a chore, or discard them', 'You may need to clear the build cache': the
        # agent's choice, or a run the reader must or should make, handed over (a timed step keeps its marks below)
        return None
    if lemma in TIMED_STEPS:
        if objects and not any(_specific(o) for o in objects):
            return "is the reader's own use on things of their choosing ('any …'), not the step after the change"
        timed = any(c.dep_ == "advmod" and c.lower_ in STEP_TIMES for c in (*verb.children, *act.children))
        if timed or any(o.lemma_.lower() in CHANGE_NOUNS or o.lower_ in CHANGE_NOUNS for o in objects):
            return None
        if lemma in CHANGING_ACTS:
            return None  # r39b: 'you'll want to run `…` to populate the dev DB': the act itself changes the project
        return "says how the reader runs a step, not the step after the agent's change"
    if lemma in RUNNING and lemma not in TIMED_STEPS:
        return _unmarked_run(verb, act, objects)
    if lemma in KEPT_STEPS:
        if any(_specific(o, owned=False) for o in objects):
            return None
        return "is the reader's use of the product on things of their own, not a thing of the project"
    return None


def _unmarked_run(verb: Token, act: Token, objects: list[Token]) -> str | None:
    """r40a (docs/DESIGN.md#the-reader-as-doer): running the project under possibility (need or advice, 'You may need to
    clear the build cache.', is _needed's) is handed over when timed as the next step ('again') or done to the change
    ('You can now run the migration.', 'the seed script'); alone, even 'now', it says how the reader runs a thing ('You
    can now run `npm run build` to build both bundles.'), and a slash command is the reader's own session's."""
    again = any(c.dep_ == "advmod" and c.lower_ in RUN_TIMES for c in (*verb.children, *act.children))
    if any(_chosen(o) for o in objects):
        return "is the reader's own use on things of their choosing ('any …'), not the step after the change"
    changed = [t for o in objects for t in (o, *(c for c in o.children if c.dep_ == "compound"))]
    pointed = any(t.lemma_.lower() in CHANGE_NOUNS or t.lower_ in CHANGE_NOUNS for t in changed)  # 'the seed script'
    if any(as_written([o]).startswith("`/") for o in objects):
        return "runs a command of the reader's own session ('/…'), the reader's use, not the agent's next step"
    if again or pointed:
        return None
    return "says how the reader runs a thing of the project, not the step after the agent's work"


def _chosen(thing: Token) -> bool:
    """The object is of the reader's choosing: under 'any', 'whatever', 'whichever' ('run any migration commands')."""
    return any(c.dep_ == "det" and c.lower_ in CHOSEN for c in thing.children)


def _needed(verb: Token) -> bool:
    """r40a: the reader's verb is one of need, wish or duty ('need to', 'want to', 'have to'), or takes a modal other
    than of possibility ('should', 'must', "'ll"): the step is handed over whatever its marks. 'be able to' is
    possibility, whatever modal carries it."""
    lemma = verb.lemma_.lower()
    return lemma in NEEDING or (lemma != "be" and any(
        c.dep_ == "aux" and c.lower_.replace("’", "'") not in POSSIBILITY for c in verb.children))


def _alternatives(act: Token) -> bool:
    """r40a: the act is one of alternatives the reader is left to pick ('either … or …'): a choice the agent could make,
    handed over, however unmarked each step is."""
    return any(c.dep_ == "preconj" and c.lower_ in CHOICE_WORDS for c in act.children)


def _specific(thing: Token, owned: bool = True) -> bool:
    """The object points at one thing: a pronoun pointing back, or a noun under a determiner that points at one; the
    reader's possessive counts only when `owned` ('compile your app again', but 'save your display name' is the
    reader's own data)."""
    if thing.lower_ in SPECIFIC_PRONOUNS:
        return True
    pointers = SPECIFIC_DETERMINERS if owned else SPECIFIC_DETERMINERS - READERS - {"your"}
    return any(c.dep_ in ("det", "poss") and c.lower_ in pointers for c in thing.children)


def _not_handed(verb: Token, act: Token, directed: bool = False) -> str | None:
    """Why the advice hands no work over, or None: what the work lets the reader do (the verb in a clause of purpose,
    result or description), the reader's use of the result ('can now'), the reader's own thing ('your own jobs'), the
    values of the reader's own deployment ('the connection string'), a clause of time on a later event of something
    else ('when LTS versions change'), a clause of the reader's own situation or ongoing work ('if you need …', 'as
    you add …')."""
    if verb.dep_ in DESCRIBED or any(c.dep_ == "mark" and c.lower_ in RESULT_MARKS for c in verb.children):
        return "says what the work lets the reader do: no work is left to the reader"
    if any(c.dep_ == "mark" and c.lower_ in SITUATION_MARKS for c in verb.children):
        return "is a condition on the reader's own situation ('if you ever need …'), no work left now"  # r40a
    step = None if directed else _unmarked_step(verb, act)
    if step is not None:
        return step
    if _capability_note(verb, act):
        return "says how the reader may extend the product, by what means: a capability note, no work left"
    if not directed and act.lemma_.lower() not in TIMED_STEPS | RUNNING and any(
            c.dep_ == "advmod" and c.lower_ in USAGE_TIMES for c in verb.children):  # fmt: skip
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
        if lemma in READER_ONLY and marks & EVENT_MARKS:
            return f"waits on what only the reader gives first ('{subject.text} {clause.text}')"  # r40a
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
