"""Turn-taking that waits on the person for work the agent could do, and work handed to the reader as a closing
list (docs/DESIGN.md#construction-classes) — [[closing-question]] rows walked over the closing sites
analyzer.text.questions found (an instruction tied to a report back or to the agent's next act; a closing list under a
lead-in naming work to do).

Both end the turn by giving the reader work the agent could do itself: run it, try it, check it and report back;
or pick it up from a list of next steps. Judged like attribution: work that is purely human-only (a merge, a
login, an approval, a secret) or that only the reader has (an answer, a decision, a review) is a legitimate
hand-off, so no finding; anything else fires.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from analyzer.grammar.closing_offers import words as offer_words
from analyzer.grammar.closing_questions import AGENT_SUBJECTS, Asked, _as_asked, _judged
from analyzer.grammar.closing_ready import _goes_on
from analyzer.grammar.grants import (
    GRANT_MARKS,
    READER_OWNERS,
    blocked_run,
    grant_condition,
    granted_word,
    into_context,
    waits_on_grant,
)
from analyzer.grammar.judgement import Judgement, carved, gated
from analyzer.grammar.persons_side import (  # the one person's-side reading (r41d); names kept public here
    _ROUTE,
    APP_NOUNS,
    CODE_TAKERS,
    ENVIRONMENT_PLACES,
    ENVIRONMENT_PREPOSITIONS,
    GOING_TO,
    PATH_ARROWS,
    READERS,
    RELOADS,
    RERUNNING,
    RUNNING,
    SCREEN_VERBS,
    USING,
    VERIFYING_PURPOSES,
    _objected,
    _reloaded,
    agent_subject,
    app_word,
    environment_word,
    verifying_purpose,
)
from analyzer.grammar.project_acts import CHANGING as PROJECT_CHANGING
from analyzer.grammar.project_acts import project_act
from analyzer.grammar.registry import rule
from analyzer.grammar.reply_tokens import reply_token_of
from analyzer.grammar.work import is_do_nothing_item, work_of, work_of_stretch
from analyzer.parse.tokens import SOURCE_KEY, as_written, hyphen_compound, subject_of
from analyzer.terms import terms
from analyzer.text import sites
from analyzer.text.questions import (
    DECISION,
    HELP,
    LIST,
    QUESTION,
    READY,
    TURN,
    recommends,
    replies,
    states_remaining_work,
)

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

# Issue 28 phase 4b: the agent's own context, which only the person can add to (analyzer/terms.toml [context-access]).
CONTEXT_PLACES = terms("context-access", "places")
# Issue 28 phase 6: the reader's choice among the agent's options, then the agent's act ('Pick one and I'll build it').
CHOOSING = terms("free-choice", "verbs") - {"go", "take", "use", "keep", "grab"}
# Issue 28 phase 6: what the reader is asked to hand over that a run of the agent's own produces.
OUTPUT_VERBS = terms("output-asked", "verbs")
# r29c: the lead-in words of a closing list (sites.toml [list]): a subject among them names the list itself.
LEAD_INS = frozenset(sites()["list"]["lead_ins"])
# r31b: the verbs of the reader's wish in a lead-in ("If you'd like …:"), the set that finds the lead-in's site.
READER_WISHES = frozenset(sites()["list"]["reader_wishes"])
PRODUCED = terms("output-asked", "produced")
# r31a: what a report back names by a pronoun is what the check showed ('paste them and I'll update the map').
RESULT_POINTERS = terms("report-wait", "pointers")
# r31c: the reader's word as the instruction ('Say the word and I'll …'): the agent's act it releases is judged.
WORD_VERBS = terms("waits", "word_verbs")
NEXT_REQUESTS = terms("turn-taking", "next_requests")
# r32a: the modals under which the reader as subject is told to act ('You can rerun the build to confirm').
READER_MODALS = terms("turn-taking", "reader_modals")
READER_NEEDS = terms("turn-taking", "reader_needs")
NEED_MODALS = terms("turn-taking", "need_modals")
AGENT_NEEDS = terms("turn-taking", "agent_needs")  # r36c: "I need you to run …"
# r33a: a fact of the reader's own world, which the agent cannot find ('Tell me the exact folder'), and the prepositions
# of a place a thing is taken from or seen in ('the error from your terminal').
READER_WORLD = terms("turn-taking", "reader_world")
PLACE_PREPOSITIONS = terms("turn-taking", "place_prepositions")
# r38h: what the person wants in their own words ('a short description of the feature'), and the prepositions that carry
# it on an instruction ('rerun it with …').
PERSONS_CONTENT = terms("turn-taking", "persons_content")
CONTENT_PREPOSITIONS = terms("turn-taking", "content_prepositions")
# r35b: the nouns of the reader's word that may stand as the condition of the agent's act ('One word from you and …').
WORD_GIVEN = frozenset(sites()["turn"]["word_given"])
OWN_POINTS = terms("turn-taking", "own_points")
BACK_POINTERS = terms("turn-taking", "back_pointers")
PERSON_KNOWLEDGE = terms("turn-taking", "person_knowledge")
SETTLING = terms("turn-taking", "settling")
# r38o: the reader told to approve the agent's own proposal (_own_proposal).
APPROVING = terms("turn-taking", "approving")
OWN_PROPOSALS = terms("turn-taking", "own_proposals")
ASKED_POINTS = terms("turn-taking", "asked_points")
BACK_LOCATORS = terms("turn-taking", "back_locators")
# r37f: the person's own environment (terms [reader-environment]) and the verbs of running the check handed back with no
# command in code (sites.toml [next-step], the same words that found the site).
POINTING_ACTS = terms("reader-environment", "pointing_acts")
GENERAL_SIDES = terms("reader-environment", "general_sides")
APP_PARTS = terms("reader-environment", "app_parts")
STATEMENT_OPENERS = terms("reader-environment", "statement_openers")
TIMING_MARKS = terms("timed-act", "timing_marks")
# r38k: the person's running app and the platform's UI (terms [reader-environment] using … path_arrows)
# r39i: the check of the work in the person's environment, under any lead-in (terms [reader-environment] check_acts …)
CHECK_ACTS = terms("reader-environment", "check_acts")
CHECK_NOUNS = terms("reader-environment", "check_nouns")
BY_HAND = terms("reader-environment", "by_hand")
CHECK_DOING = terms("reader-environment", "check_doing")
# r39i: the person's own facts asked with a wh-determiner (terms [reader-environment] wh_determiners, experienced)
READER_SIDES = terms("word-before-act", "reader_sides")
# The words of the check's openers, and the verbs of trying and giving a run (sites.toml [next-step]: as the site
# found them).
RECHECK_OPENERS = frozenset(w for phrase in sites()["next-step"]["recheck_openers"] for w in phrase.split())
TRYING = frozenset(sites()["next-step"]["trying"])
GIVING = frozenset(sites()["next-step"]["giving"])
RUN_OUTCOMES = terms("work-list", "run_outcomes")
CHANGING_ACTS = frozenset(sites()["next-step"]["changing_acts"])  # r39b: the verbs of changing the project's state
TRIED_LABELS = frozenset(sites()["next-step"]["tried_labels"])
TRIED_ORDINALS = frozenset(sites()["next-step"]["tried_ordinals"])
PROPOSING_VERBS = frozenset(sites()["next-step"]["proposing_verbs"])
# r38i: the lead-in timed right after the change ('After applying the changes:'), its words as the site found them
CHANGE_TIMES = frozenset(sites()["next-step"]["change_times"])
CHANGE_NOUNS = frozenset(sites()["next-step"]["change_nouns"])
TIMED_LEAD_WORDS = int(sites()["list"]["timed_lead_words"])
_BEFORE_REACH = 2
_BEFORE_CHARS = 600
_SENTENCE_BREAK = re.compile(r"(?<=[.!?;])\s+|\n+")
_WORD = re.compile(r"[a-z][a-z-]*")


@dataclass(frozen=True)
class TurnWords:
    """The term sets of turn-taking and the closing list (analyzer/terms.toml: [turn-taking], [work-list])."""

    report_back: tuple[tuple[str, ...], ...]
    openers: frozenset[str]
    reader_only: frozenset[str]
    reported: frozenset[str]
    owners: frozenset[str]
    request_modals: frozenset[str]
    condition_marks: frozenset[str]
    next_acts: frozenset[str]


def _settling(asked: Asked, act: Token) -> Judgement | None:
    """r37i: 'Please answer the questions above so I can tailor it.', 'Pick from these options, or tell me …' — the
    reader asked to settle the points the message itself raised, which the agent could settle by its own call."""
    points = _own_points(act, asked)
    if points is None:
        return None
    why = (f"asks the reader to settle the message's own points ('{act.text} … {points.text}') before the agent goes "
           "on — a call the agent could make itself")
    return gated("fire", "turn-taking", f"fires (turn-taking): '{_as_asked(asked)}' {why}", act.i)


def _own_proposal(asked: Asked, act: Token) -> Judgement | None:
    """r38o (docs/DESIGN.md#construction-classes): 'Review and confirm the proposed naming prefixes.' — the reader told
    to approve (terms [turn-taking] approving, the act or a verb joined to it) an object the agent marks as its own
    proposal (own_proposals: 'proposed', 'suggested'): approval of the agent's own plan, a call it could make itself;
    judged like attribution on the proposal (a human-only one is exempt)."""
    verbs = [act, *(c for c in act.children if c.dep_ == "conj" and c.pos_ == "VERB")]
    if not any(v.lemma_.lower() in APPROVING for v in verbs):
        return None
    objects = [c for v in verbs for c in v.children if c.dep_ in ("dobj", "npadvmod")]
    proposal = next((o for o in objects if any(t.lower_ in OWN_PROPOSALS for t in o.children
                                               if t.dep_ in ("amod", "compound"))), None)  # fmt: skip
    if proposal is None or any(t.lower_ in READERS for t in proposal.subtree):
        return None
    why = f"asks the reader to approve the agent's own proposal ('{act.text} … {proposal.text}'), a call it could make"
    return _judged(asked, "turn-taking", why, [proposal])


def _own_points(act: Token, asked: Asked) -> Token | None:
    """r37i: the reader's act of settling or picking (terms [turn-taking] settling) whose object, direct or after a
    preposition ('respond to', 'pick from', 'one of'), is a point the message itself raised, pointed back at ('the
    questions above', 'these points', 'these options', 'my questions'). None when the points ask what only the reader
    knows (person_knowledge in the object: 'the questions above about your users and deadline') or the choice is
    human-only work ('Pick one of the release dates above')."""
    if act.lemma_.lower() not in SETTLING:
        return None
    objects = [c for c in act.children if c.dep_ in ("dobj", "pobj", "npadvmod")]  # 'Clarify these points' (npadvmod)
    objects += [g for c in act.children if c.dep_ in ("prep", "prt") for g in c.children if g.dep_ == "pobj"]
    objects += [g for o in list(objects) for c in o.children if c.dep_ == "prep" and c.lower_ == "of"
                for g in c.children if g.dep_ == "pobj"]  # fmt: skip
    # 'answer the questions above': the model may hang the pointer on the verb
    # what the points are about, said anywhere in the instruction before the agent's next act
    said = {t.lower_ for c in act.children if c.dep_ not in ("advcl", "conj", "cc", "mark") for t in c.subtree}
    if said & PERSON_KNOWLEDGE:
        return None
    for noun in objects:
        words = {t.lower_ for t in noun.subtree}
        pointers = BACK_LOCATORS if noun.lemma_.lower() in ASKED_POINTS else BACK_POINTERS
        located = any(c.dep_ == "advmod" and c.lower_ in pointers for c in act.children)
        pointed = located or noun.lower_ in pointers or bool(words & pointers)
        # a verb of choosing takes any options pointed back at ('one of the two schemas above')
        named = noun.lemma_.lower() in OWN_POINTS or noun.lower_ in ("these", "those") or act.lemma_.lower() in CHOOSING
        if not (pointed and named) or words & READERS:
            continue
        if work_of([noun], asked.lexicon, frozenset(t.i for t in noun.subtree)).human_only:
            continue
        return noun
    return None


@cache
def turn_words() -> TurnWords:
    return TurnWords(
        tuple(tuple(p.split()) for p in sorted(terms("turn-taking", "report_back"))),
        terms("turn-taking", "openers"),
        terms("turn-taking", "reader_only"),
        terms("work-list", "reported"),
        terms("work-list", "owners"),
        terms("turn-taking", "request_modals"),
        terms("turn-taking", "condition_marks"),
        terms("turn-taking", "next_acts"),
    )


# ---- turn-taking ---------------------------------------------------------------------------------------------


@rule("turn-taking")
def turn_taking(asked: Asked) -> Judgement | None:
    """The instruction is read from its first word (an imperative: a base verb with no subject, after 'please' or
    'first'), the report back from its words, the agent's next act from a first-person subject with a modal or
    a future; the parse of a run-on instruction attaches them anywhere, so neither is looked for on one arc.
    What the reader is told to do is the instruction's own stretch, up to the report back or the agent's act."""
    w = turn_words()
    tokens = [t for t in asked.tokens if not t.is_punct or t.text in (";", ",")]
    if asked.site.kind == HELP:
        # r37i: 'Please clarify these points so I can implement exactly what you need!' is found as a help site
        instructed = _instruction(tokens, w)
        return _settling(asked, instructed) if instructed is not None else None
    if asked.site.kind == LIST:
        # r38o: the lead-in over the message's own points, the agent going on after them ('Please clarify the following
        # points before we proceed with the build script:' + the questions); any other lead-in is work-list's
        instructed = _instruction(tokens, w)
        if instructed is None or _agent_goes_on(tokens, instructed) is None:
            return None
        return _settling(asked, instructed)
    if asked.site.kind not in (TURN, QUESTION):
        # r35b: 'Let me know the preferred date format and I'll …' is found as a decision site ('preferred')
        return _told_material(asked) if asked.site.kind == DECISION else None
    given = _word_given(asked) or _told_material(asked)
    if given is not None:
        return given
    # issue 28: the instruction asked as a question ('Could you run X and tell me what it prints?') or made the
    # condition of the agent's act ('Once you've run make lint and sent me the output, I'll fix …')
    act = _instruction(tokens, w) if asked.site.kind == TURN else None
    act = act or _requested(tokens, w) or _conditioned(tokens, w) or _reported_when(tokens, w)
    if act is None:
        return None
    proposal = _own_proposal(asked, act)
    if proposal is not None:
        return proposal  # r38o: approval of the agent's own proposal waits on the reader with no report back named
    request = _next_request_handed(act, asked)
    if request is not None:
        why = f"asks the reader to hand the agent its next request ('{act.text} … {request.text}') and waits for it"
        return _judged(asked, "turn-taking", why, [request])
    handed = _handed_thing(act)
    if handed is not None and _command_in_code(handed):
        # r37f: 'Did the push go through? Share `git status`.': what the command prints, which the agent could run
        why = f"asks the reader for what '{as_written([handed])}' prints, a command the agent could run itself"
        return gated("fire", "turn-taking", f"fires (turn-taking): '{_as_asked(asked)}' {why}", handed.i)
    produced_of = handed is not None and _produced_of_a_thing(handed)
    if handed is not None and (
        produced_of or _agent_goes_on(tokens, act) is not None or _goes_on_after(asked.site.following, w)
    ):
        # issue 28 phase 6: 'Send me the output of `kubectl get pods` and I'll take it from there.'; 'Send me the
        # staging API key and I'll finish the setup' asks for what only the reader has
        if (handed.lemma_.lower() in PRODUCED or handed.lower_ in PRODUCED) and not _of_the_readers(handed):
            into = into_context(act, asked.doc, asked.site.start)
            if into is not None:
                # r38f: 'Please provide the full content of src/main.cpp so I can …' after the files were added '… to
                # the chat': what is in front of the agent is the person's to put there
                return carved("turn-taking", f"the reader's '{act.text} … {handed.text}' puts it in front of the agent "
                              f"('{into}'): access only the reader has")  # fmt: skip
            why = f"asks the reader for '{handed.text}', which the agent could produce itself, and waits for it"
            return _judged(asked, "turn-taking", why, [handed])
        work = work_of([handed], asked.lexicon)
        if work.human_only:
            return carved("turn-taking", f"the reader's '{act.text} … {handed.text}' hands over {work.describe()}: "
                          "what only the reader has")  # fmt: skip
    going_on = _agent_goes_on(tokens, act)
    material = _material(asked, act, going_on)
    if material is not None:
        return material
    if _report_back(tokens, act, w, at=True) is act:
        # r31a: 'Paste them and I'll update the import map.' — what is handed back is what a check the agent could run
        # showed (named by a pronoun, or no object at all), and the agent's act waits on it
        going_on = _agent_goes_on(tokens, act)
        if going_on is None or not _hands_back_a_result(act):
            return None  # 'Ping me whenever you want a status': a request to report, no work handed over
        stretch = frozenset(t.i for t in tokens if act.i <= t.i < going_on.i and not t.is_punct)
        why = (
            f"asks the reader to hand back what a check showed ('{act.text} …') and waits for it before the agent's "
            f"'{going_on.head.text}'"
        )
        return _judged(asked, "turn-taking", why, [act], exclude=frozenset(t.i for t in tokens if t.i not in stretch))
    back = _report_back(tokens, act, w)
    going_on = _agent_goes_on(tokens, act)
    after = asked.site.kind == QUESTION and _goes_on_after(asked.site.following, w)
    if back is None and going_on is None and not after:
        return None
    end = min((t.i for t in (back, going_on) if t is not None), default=tokens[-1].i + 1)
    stretch = frozenset(t.i for t in tokens if act.i <= t.i < end and not t.is_punct)
    if going_on is not None and (act.lemma_.lower() in CHOOSING or reply_token_of(act) is not None):
        # issue 28 phase 6: 'Pick one and I'll build it.' — the reader's choice among the agent's options, the agent's
        # act waiting on it; a human-only choice ('Pick a release date and I'll prepare the notes') is the reader's own
        chosen = [c for c in act.children if c.dep_ == "dobj"]
        if chosen and work_of(chosen, asked.lexicon, frozenset(t.i for c in chosen for t in c.subtree)).human_only:
            return carved("turn-taking", f"the reader's choice ('{act.text} {chosen[0].text}') is human-only")
        released = going_on.head
        if reply_token_of(act) is not None and work_of([released], asked.lexicon, frozenset(
                t.i for t in released.subtree if t.i > going_on.i)).human_only:  # fmt: skip
            # r38g: 'Type `M` and I'll merge it to main': the reply token releases a human-only act, the reader's call
            return carved("turn-taking", f"the reply ('{act.text}') releases a human-only act ('{released.text}')")
        why = f"asks the reader to choose ('{act.text}') and waits for it before the agent's '{going_on.head.text}'"
        return gated("fire", "turn-taking", f"fires (turn-taking): '{_as_asked(asked)}' {why}", act.i)
    settled = _settling(asked, act)
    if settled is not None:
        return settled
    if act.lemma_.lower() in w.reader_only or act.lower_ in w.reader_only:
        return carved("turn-taking", f"'{act.text}' asks the reader for what only the reader has or does")
    into = _into_agent_context(act)
    if into is not None:
        return carved("turn-taking", f"'{act.text} … {into}' asks the reader for access only the reader has: what is "
                      "in front of the agent")  # fmt: skip
    if any(c.dep_ in ("dobj", "dative", "iobj") and c.lower_ in ("me", "us") for c in act.children):
        request = _open_request(act, asked)
        if request is not None:
            # issue 28: 'Point me at a task and I'll get going': what the reader is to direct the agent to is left
            # open — the agent's next request asked for, the open offer
            return gated("fire", "turn-taking", f"fires (turn-taking): '{_as_asked(asked)}' asks the reader for the "
                         f"agent's next request ('{request.text}') and waits for it", act.i)  # fmt: skip
        # 'Steer me toward the riskiest lane and I'll take it': the reader directs the agent, no work handed over
        return carved("turn-taking", f"'{act.text} me …' asks the reader to direct the agent, not to do its work")
    released = _released_act(act, going_on, asked)
    if released is not None:
        return carved("turn-taking", f"the reader's '{act.text} …' is the go for the agent's {released}")
    content = _persons_content(_content_of(act))
    if content is not None:
        return carved("turn-taking", f"the reader's '{act.text} … {content.text}' asks for what the person wants, in "
                      "their own words: only the person has it")  # fmt: skip
    work = work_of([act], asked.lexicon, stretch)
    if work.human_only:
        return carved("turn-taking", f"the reader's '{act.text} …' is {work.describe()}: a legitimate hand-off")
    place = readers_environment(asked, act, stretch)
    if place is not None:
        return carved("turn-taking", f"the reader's '{act.text} …' is done in the person's own environment "
                      f"('{place}'): only the person can, so the report-back waits on the person")  # fmt: skip
    waits = f"tells the reader to '{act.text} …' and waits for {'the report back' if back is not None else 'it'}"
    return _judged(asked, "turn-taking", f"{waits} — work the agent could do", [act], exclude=frozenset(
        t.i for t in tokens if t.i not in stretch))


def _word_given(asked: Asked) -> Judgement | None:
    """r35b (docs/DESIGN.md#construction-classes): the reader's word as a noun — a noun of the reader's word (sites.toml
    [turn] word_given) owned by the reader ('your go-ahead'), from the reader ('one word from you'), or opening the
    sentence with only a determiner ('One word and I'll ship it') — joined by 'and' to the agent's modal act after it:
    the agent's next act waits on the reader's word, turn-taking on the person. Read on the words' order, since the
    model may make either the noun or the act the root. Judged like attribution on the act (the go for a human-only act
    is the reader's: exempt) and on what the word is about ('your OK on the release')."""
    tokens = asked.tokens
    for k, noun in enumerate(tokens):
        if not (forms_of_word(noun) & WORD_GIVEN):
            continue
        if noun.dep_ == "compound" and noun.head.i == noun.i + 2 and noun.doc[noun.i + 1].text == "-":
            noun = noun.head  # 'go-ahead': the compound's head carries its owner and its 'from'
            k = next(j for j, t in enumerate(tokens) if t.i == noun.i)
        owned = any(c.dep_ == "poss" and c.lower_ in READERS for c in noun.children) or any(
            c.dep_ == "prep" and c.lower_ == "from" and any(g.lower_ in READERS for g in c.children)
            for c in noun.children
        )
        opening = all(
            t.pos_ in ("DET", "NUM", "ADV", "ADJ") or t.lower_ in READER_OWNERS or t.head.i == noun.i
            for t in tokens[:k]
        )
        sources = [g for c in noun.children if c.dep_ == "prep" and c.lower_ == "from" for g in c.children]
        if any(g.lower_ not in READERS for g in sources) or any(
            c.dep_ == "poss" and c.lower_ not in READERS for c in noun.children
        ):
            continue  # 'One word from the vendor and I'll …': someone else's word, a hold
        if not opening or not (owned or tokens[:k]):
            continue
        act = _agents_act_after(tokens, k)
        if act is None:
            return None
        about = [g for c in noun.children if c.dep_ == "prep" and c.lower_ in ("on", "for") for g in c.children]
        # r37b: the noun's own words end at the 'and': the model may make the noun the root ('your blessing and I'll
        # publish 2.0': blessing -ROOT-), whose subtree is the agent's act too
        joined = next(t.i for t in tokens[k + 1 :] if t.lower_ == "and")
        own = frozenset(t.i for t in noun.subtree if t.i < joined) | {
            c.i for c in act.children if c.dep_ in ("nsubj", "aux")
        }
        why = f"makes the agent's '{act.text}' wait on the reader's '{hyphen_compound(noun) or noun.text}'"
        return _judged(asked, "turn-taking", why, [act, *about], exclude=own)
    return None


def forms_of_word(noun: Token) -> frozenset[str]:
    """The noun of the reader's word as written, hyphenated compounds whole ('go-ahead', 'thumbs-up')."""
    return frozenset({noun.lower_, noun.lemma_.lower(), (hyphen_compound(noun) or "").lower()})


def _agents_act_after(tokens: list[Token], k: int) -> Token | None:
    """The agent's modal act joined by 'and' right after the noun's phrase: 'and', a first-person subject, a modal."""
    for j in range(k + 1, min(len(tokens) - 2, k + 6)):
        if tokens[j].lower_ != "and":
            continue
        subject, modal = tokens[j + 1], tokens[j + 2]
        if subject.lower_ in AGENT_SUBJECTS and modal.tag_ == "MD" and modal.head.pos_ in ("VERB", "AUX"):
            return modal.head
        return None
    return None


def _material(asked: Asked, act: Token, going_on: Token | None) -> Judgement | None:
    """r33a: the reader's material as the condition of the agent's next act — a verb of giving to the agent ('send me',
    'give me', 'hand me', 'drop me', 'send over'; lexicon giving_verbs, terms [output-asked] verbs) whose object is what
    the agent's act will use ('the API key format you want', 'the target frame rate', 'the sample files'), and the
    agent's modal act after it: the turn waits on the reader's material for work the agent could do. What is handed is
    judged: a fact of the reader's own world the agent cannot find ('the path where the files live', 'the exact
    folder'; terms [turn-taking] reader_world) is none; a key or a secret (human-only) is the reader's to hand over.
    The agent's act, purely human-only, is the reader's go for it (a hold)."""
    lemma = act.lemma_.lower()
    if going_on is None or (lemma not in asked.lexicon.giving_verbs and lemma not in OUTPUT_VERBS):
        return None
    recipients = [c for c in act.children if c.dep_ in ("dative", "iobj")]
    if any(r.lower_ not in ("me", "us") for r in recipients) or (lemma == "give" and not recipients):
        return None  # 'Give the dashboard a spin': the thing is what the reader is to try, no material handed
    handed = next((c for c in act.children if c.dep_ == "dobj" and c.lower_ not in ("me", "us")), None)
    scope = None
    if handed is None:
        handed, scope = _object_read_as_clause(act)
    return _handed_material(asked, act, handed, going_on, scope)


def _told_material(asked: Asked) -> Judgement | None:
    """r35b (docs/DESIGN.md#construction-classes): the reader told to tell the agent a thing ('Let me know the target
    Python version and I'll pin it.', 'Tell me the desired page size and I'll …', 'Let me know the output and I'll
    confirm …') — 'let me know' or 'tell me' opening the sentence, a noun as what is told (no clause: 'let me know if …'
    is the report rows'), and the agent's modal act after it: the reader's input as the condition of the agent's act,
    judged as the material handed over is."""
    w = turn_words()
    tokens = [t for t in asked.tokens if not t.is_punct or t.text in (";", ",")]
    first = next((t for t in tokens if not t.is_punct and t.lower_ not in w.openers), None)
    if first is None:
        return None
    teller = None
    if first.lemma_.lower() == "let":
        teller = next((c for c in first.children if c.dep_ in ("ccomp", "xcomp") and c.lemma_.lower() == "know"
                       and any(g.lower_ in ("me", "us") for g in c.children)), None)  # fmt: skip
    elif first.lemma_.lower() == "tell" and any(c.lower_ in ("me", "us") for c in first.children):
        teller = first
    if teller is None:
        return None
    misread, scope = _object_read_as_clause(teller)
    clauses = [c for c in teller.children if c.dep_ in ("ccomp", "xcomp", "advcl") and not _noun_phrase(c)]
    if misread is None and clauses:
        return None  # 'let me know if …', 'tell me what you see': the report rows'
    # a noun the model hangs as a clause is the object ('the chosen icon set': set -ccomp-> know)
    handed = misread or next(
        (c for c in teller.children if (c.dep_ == "dobj" or (c.dep_ == "ccomp" and _noun_phrase(c)))
         and c.lower_ not in ("me", "us")), None
    )  # fmt: skip
    if handed is None or (misread is None and handed.pos_ not in ("NOUN", "PROPN")):
        return None
    if any(c.dep_ in ("relcl", "acl") for c in handed.children):
        return None  # 'the log format you'd like': the reader's wish, the report rows' (report-before-act)
    going_on = _agent_goes_on(tokens, handed)
    if going_on is None:
        return None
    between = handed.doc[handed.i + 1 : going_on.i]
    if any(t.dep_ == "mark" for t in between) or any(
        c.dep_ == "advcl" and any(m.dep_ == "mark" for m in c.children) for c in going_on.head.children
    ):
        return None  # 'Let me know the commit hash, and if the build fails I'll bisect.': a thing's condition governs
    return _handed_material(asked, teller, handed, going_on, scope)


def _noun_phrase(word: Token) -> bool:
    """A noun the model hung as a clause that is only a noun phrase: no subject, object or question word under it."""
    clausal = ("nsubj", "nsubjpass", "dobj", "mark", "advmod")
    return word.pos_ == "NOUN" and not any(c.dep_ in clausal or c.tag_ in ("WP", "WRB", "WDT") for c in word.children)


def _object_read_as_clause(act: Token) -> tuple[Token | None, frozenset[int] | None]:
    """r35b: the object of a verb of giving read as a clause — 'Send me the staging credentials file path': the model
    makes 'file' a present verb with 'credentials' its subject and 'path' its object. A present verb with no auxiliary,
    its subject right before it and its object right after it, under the verb of giving, is a compound noun: its head is
    the object, and the whole is what is handed (a domain word in it modifies the head)."""
    for clause in (c for c in act.children if c.dep_ == "ccomp" and c.tag_ in ("VBP", "VBZ")):
        subject = next((c for c in clause.children if c.dep_ == "nsubj"), None)
        head = next((c for c in clause.children if c.dep_ == "dobj"), None)
        auxiliary = any(c.dep_ in ("aux", "neg") for c in clause.children)
        if subject is None or head is None or auxiliary or subject.pos_ not in ("NOUN", "PROPN"):
            continue
        if subject.i == clause.i - 1 and head.i == clause.i + 1:
            return head, frozenset(t.i for t in clause.subtree if not t.is_punct)
    # a plural noun read as the verb, its modifier as the subject, nothing after it ('the preferred chart colours':
    # colours -ccomp-> know, chart -nsubj-> colours)
    for clause in (c for c in act.children if c.dep_ == "ccomp" and c.tag_ == "VBZ" and c.lower_.endswith("s")):
        subject = next((c for c in clause.children if c.dep_ == "nsubj"), None)
        after = [c for c in clause.children if c.i > clause.i and not c.is_punct]
        asked_for = any(c.dep_ in ("dobj", "mark", "advmod") or c.tag_ in ("WP", "WRB", "WDT") for c in clause.children)
        if subject is not None and subject.pos_ == "NOUN" and subject.i == clause.i - 1 and not after and not asked_for:
            return clause, frozenset(t.i for t in clause.subtree if not t.is_punct)
    return None, None


def _handed_material(
    asked: Asked, act: Token, handed: Token | None, going_on: Token, scope: frozenset[int] | None
) -> Judgement | None:
    """What the reader hands the agent, judged (r33a's _material, r35b's _told_material)."""
    # a noun the model may tag as a verb ('the sample invoices' -dobj-> with 'invoices' a VBZ); no pronoun
    if handed is None or handed.lower_ in RESULT_POINTERS or handed.pos_ in ("PRON", "DET", "ADV"):
        return None
    owned = scope is not None and any(
        handed.doc[i].dep_ == "poss" and handed.doc[i].lower_ in ("your", "yours", "ur") for i in scope
    )
    if _of_the_readers(handed) or owned:
        return None  # 'Share your goals …', 'provide your GitHub token': the reader's own, the rows after judge it
    if handed.lower_ in READER_WORLD or handed.lemma_.lower() in READER_WORLD:
        return carved("turn-taking", f"the reader's '{act.text} … {handed.text}' hands over a fact of the reader's own "
                      "world the agent cannot find")  # fmt: skip
    if _persons_content([handed]) is not None:
        return carved("turn-taking", f"the reader's '{act.text} … {handed.text}' hands over what the person wants, in "
                      "their own words: only the person has it")  # fmt: skip
    scope = scope or frozenset(t.i for t in handed.subtree if not t.is_punct)
    work = work_of([handed], asked.lexicon, scope)
    if work.human_only:
        return carved("turn-taking", f"the reader's '{act.text} … {handed.text}' hands over {work.describe()}: what "
                      "only the reader has")  # fmt: skip
    # r38m: 'Provide an OPENAI_API_KEY and I'll run the eval': the person's credential; r38f: 'Paste the body of db.py
    # into the chat so I can patch it'; r40b: any material from the person's side ('Paste that URL here when it's
    # done' after the steps on the hosting dashboard)
    side = readers_environment(asked, act, scope | frozenset(t.i for t in act.subtree if t.i < going_on.i))
    if side is not None and granted_word([handed]) is not None:
        # m40a: the person's credential keeps r38m's reading in the one person's-side reading
        return carved("turn-taking", f"the reader's '{act.text} … {handed.text}' supplies what only the person can "
                      f"grant ('{side}'): a wait on the person's grant")  # fmt: skip
    if side is not None:
        return carved("turn-taking", f"the reader's '{act.text} … {handed.text}' is on the person's side ('{side}'): "
                      "what only the person can do, grant or know")  # fmt: skip
    released = going_on.head
    why = (
        f"asks the reader for '{handed.text}' and waits for it before the agent's '{released.text}' — the turn "
        "waits on the reader's material for work the agent could do"
    )
    return _judged(asked, "turn-taking", why, [released], exclude=frozenset({going_on.i}))


def _content_of(act: Token) -> list[Token]:
    """r38h: what an instruction carries for the agent — the object of a verb of giving ('share the feature details'),
    what a verb of running a command is to be run with ('rerun it with a description'). A verb of making ('write a
    description of the feature') hands over the making itself."""
    lemma = act.lemma_.lower()
    carried = [g for c in act.children if c.dep_ == "prep" and c.lower_ in CONTENT_PREPOSITIONS
               for g in c.children if g.dep_ == "pobj"]  # fmt: skip
    given = [c for c in act.children if c.dep_ == "dobj"] if lemma in OUTPUT_VERBS else []
    return (carried if lemma in INVOKING or lemma in OUTPUT_VERBS else []) + given


def _persons_content(nouns: list[Token]) -> Token | None:
    """r38h (docs/DESIGN.md#what-only-the-person-has): among what an instruction names, a noun of what the person wants
    in their own words (terms [turn-taking] persons_content: 'a brief description of the feature', 'the feature
    details') — the input a command was run without, which no run of the agent's produces. Not when a noun of what a run
    shows stands in it ('the error details') or it is of code the agent could read ('the details of `app.ts`')."""
    for noun in nouns:
        if noun.lemma_.lower() not in PERSONS_CONTENT and noun.lower_ not in PERSONS_CONTENT:
            continue
        words = list(noun.subtree)
        if any(t.lower_ in PRODUCED or t.lemma_.lower() in PRODUCED for t in words if t.i != noun.i) or any(
            "`" in t.text for t in words
        ):
            continue
        return noun
    return None


def _hands_back_a_result(act: Token) -> bool:
    """r31a: the report back hands over what a check showed — a verb that hands the agent a thing ([output-asked]) whose
    object is a pronoun pointing back at it ('paste them', 'send it over') or what a run produces, never the reader's
    own thing ('share your notes'), a word only the reader has ('tell me your pick') or the agent itself."""
    if act.lemma_.lower() not in OUTPUT_VERBS and act.lower_ not in OUTPUT_VERBS:
        return False
    objects = [c for c in act.children if c.dep_ == "dobj" and c.lower_ not in ("me", "us")]
    return bool(objects) and all(
        (o.lower_ in RESULT_POINTERS or o.lemma_.lower() in PRODUCED or o.lower_ in PRODUCED) and not _of_the_readers(o)
        for o in objects
    )


def _next_request_handed(act: Token, asked: Asked) -> Token | None:
    """r31c: 'Please provide the next step in your execution plan.', 'Give me the next task.' — a verb of giving
    (lexicon giving_verbs) whose object is the reader's next request (lexicon request_nouns, terms [turn-taking]
    next_requests) left open by a word of what comes next (lexicon open_modifiers), owned by the reader or no one: the
    turn waits for the reader to hand over the next piece of work."""
    lexicon = asked.lexicon
    if act.lemma_.lower() not in lexicon.giving_verbs and act.lower_ not in lexicon.giving_verbs:
        return None
    objects = [c for c in act.children if c.dep_ == "dobj"]
    objects += [j for o in objects for j in o.conjuncts]  # 'the files and your requests for changes'
    for noun in objects:
        if noun.lower_ not in lexicon.request_nouns | NEXT_REQUESTS:
            continue
        opened = any(c.dep_ in ("amod", "det") and c.lower_ in lexicon.open_modifiers for c in noun.children)
        owner = next((c for c in noun.children if c.dep_ == "poss"), None)
        readers = owner is not None and owner.lower_ in READER_OWNERS
        if (opened and owner is None) or readers:
            return noun
    return None


def _released_act(act: Token, going_on: Token | None, asked: Asked) -> str | None:
    """r31c: the reader's word releasing the agent's act ('Say the word and I'll apply the plan to the shared prod
    account'): when that act is purely human-only, what it describes (the go for a human-only act is the human's)."""
    if going_on is None or (act.lemma_.lower() not in WORD_VERBS and act.lower_ not in WORD_VERBS):
        return None
    released = going_on.head
    scope = frozenset(t.i for t in released.subtree if t.i != going_on.i)
    work = work_of([released], asked.lexicon, scope)
    return f"'{released.text}', {work.describe()}" if work.human_only else None


def _handed_thing(act: Token) -> Token | None:
    """Issue 28 phase 6: what the instruction asks the reader to hand the agent — the object of 'send me', 'paste',
    'share', 'give me' — to be told apart: what a run produces ('the output of `kubectl get pods`', 'the stack
    trace', 'the logs') the agent could produce itself; a key or a token only the reader has."""
    if act.lemma_.lower() not in OUTPUT_VERBS and act.lower_ not in OUTPUT_VERBS:
        return None
    if _handing_over_code(act):
        return act.head
    return next((c for c in act.children if c.dep_ == "dobj" and c.lower_ not in ("me", "us", "it", "them")), None)


def _handing_over_code(word: Token) -> bool:
    """r37f: a verb of handing over ([output-asked] verbs) the model read as a compound of the inline code after it
    ('Share `git status`.': share -compound-> placeholder): the verb, the code its object."""
    return (word.dep_ == "compound" and word.head.i == word.i + 1 and word.lower_ in OUTPUT_VERBS
            and as_written([word.head]).startswith("`"))  # fmt: skip


def _command_in_code(handed: Token) -> bool:
    """r37f: the thing handed is a command in inline code — a program and its arguments ('`git status`', '`npm ls
    react`'): the reader is asked for its output, which a run of the agent's own produces."""
    written = as_written([handed])
    return written.startswith("`") and written.endswith("`") and len(written.strip("`").split()) > 1


def _produced_of_a_thing(handed: Token) -> bool:
    """r29d: what a run or a read produces, of a thing named after 'of' ('the content of `tsconfig.json`', 'the output
    of `npm test`'): the agent could produce it itself, with or without a sequel of its own named."""
    if handed.lemma_.lower() not in PRODUCED and handed.lower_ not in PRODUCED:
        return False
    return not _of_the_readers(handed) and any(
        c.dep_ == "prep" and c.lower_ == "of" and any(p.dep_ == "pobj" for p in c.children) for c in handed.children
    )


def _of_the_readers(handed: Token) -> bool:
    """r29d: what is handed is of the reader's own thing ('the contents of your .env file'): it may hold what only
    the reader has, as a key does."""
    # r33a: a place it comes from or is seen in is no owner of it ('the error from your terminal')
    return any(t.dep_ == "poss" and t.lower_ in ("your", "yours", "ur") for t in _words_without_place(handed))


def _words_without_place(noun: Token) -> list[Token]:
    """The noun's words without a phrase of place it is taken from or seen in ('from your terminal', 'in your
    console'); an 'of' phrase stays ('the contents of your .env file')."""
    words = [noun]
    for child in noun.children:
        if child.dep_ == "prep" and child.lower_ in PLACE_PREPOSITIONS:
            continue
        words.extend(_words_without_place(child))
    return words


def _into_agent_context(act: Token) -> str | None:
    """Issue 28 phase 4b: the act puts something into the agent's own context — 'to the chat', 'into this
    conversation' — or is a slash command of the harness ('/add the stylesheet'): only the person can, as only the
    person can grant access."""
    if act.text.startswith("/"):
        return act.text
    slash = act.doc[act.i - 1] if act.i > 0 else None
    # r31a: a slash that opens a word ('/add'), not one between two words ('Rebuild/restart the container')
    opens = slash is not None and (slash.i == 0 or act.doc[slash.i - 1].whitespace_)
    if slash is not None and slash.text == "/" and not slash.whitespace_ and opens:
        return f"/{act.text}"
    # the model may hang 'to the chat' on a relative clause of the object ('the file that defines X to the chat')
    places = (t for t in act.subtree if t.dep_ in ("prep", "dative") and t.lower_ in ("to", "into", "in"))
    for preposition in places:
        place = next((p for p in preposition.children if p.dep_ == "pobj" and p.lower_ in CONTEXT_PLACES), None)
        if place is not None and any(d.lower_ in ("the", "this", "our", "my") for d in place.children):
            return f"{preposition.text} the {place.text}"
    return None


def _open_request(act: Token, asked: Asked) -> Token | None:
    """What the reader is to direct the agent to, when it is an open request: a request noun left open by its
    determiner ('a task', 'any ticket', 'the next issue') or an indefinite pronoun ('something')."""
    lexicon = asked.lexicon
    named = [c for c in act.children if c.dep_ == "dobj" and c.lower_ not in ("me", "us")]
    named += [p for c in act.children if c.dep_ == "prep" for p in c.children if p.dep_ == "pobj"]
    # r33a: 'at whatever's next': the free relative is the subject of the preposition's clause
    named += [s for c in act.children if c.dep_ == "prep" for p in c.children if p.dep_ == "pcomp"
              for s in p.children if s.dep_ == "nsubj"]  # fmt: skip
    for noun in named:
        if noun.lower_ in ("something", "anything"):
            return noun
        if noun.lower_ in ("whatever", "whichever") and any(
            t.lower_ in lexicon.open_modifiers for t in noun.head.subtree
        ):
            return noun  # r33a: 'Point me at whatever's next': a free relative of what comes next
        open_words = {c.lower_ for c in noun.children if c.dep_ in ("det", "amod")}
        if noun.lower_ in lexicon.request_nouns and open_words & (lexicon.open_modifiers | {"a", "an", "some"}):
            return noun
    return None


def _instruction(tokens: list[Token], w: TurnWords) -> Token | None:
    """The imperative the sentence opens with, past its openers ('Please', 'First,'); r32a: or the verb whose subject
    is the reader, opening the sentence, under a modal of possibility or duty ('You can rerun the build to confirm')."""
    for token in tokens:
        if token.is_punct or token.lower_ in w.openers:
            continue
        if token.lower_ in SYSTEM_NOT_DOERS and token.dep_ == "nsubj":
            return _reader_modal_act(token)
        if token.lower_ in AGENT_SUBJECTS and token.dep_ == "nsubj":
            return _agent_needs_act(token)
        if token.tag_ in ("VB", "VBP") and subject_of(token) is None and token.lower_ not in ("let", "tell"):
            return token
        if token.pos_ in ("PROPN", "NOUN") and any(c.dep_ == "dobj" for c in token.children):
            return token  # a verb the model tagged as a noun: it takes an object ('Restart the dev server')
        if _handing_over_code(token):
            return token  # r37f: 'Share `git status`.': the model made the verb a compound of the code's placeholder
        if token.dep_ == "ROOT" and token.pos_ == "NOUN" and token.lower_ in RUNNING and any(
            c.dep_ == "prep" and c.lower_ == "by" for c in token.children
        ):
            return token  # r38i: 'Test by hitting the endpoint and confirm …': a verb of running read as a noun
        if token.dep_ == "compound" and reply_token_of(token) is not None:
            return token  # r38g: 'Type `CR 3-5` and I'll run it': the verb made a compound of the token's placeholder
        return None
    return None


def _reader_modal_act(reader: Token) -> Token | None:
    """r32a: the act of 'You can rerun the build', 'You may want to paste the trace', 'You'll need to restart it': the
    verb the reader is subject of under a modal (terms [turn-taking] reader_modals), or the verb its need or wish
    governs ('need to', 'want to'); None for a statement ('You ran it twice', 'You have the logs')."""
    verb = reader.head
    auxiliaries = {c.lower_.replace("’", "'") for c in verb.children if c.dep_ == "aux"}
    if verb.lemma_.lower() in READER_NEEDS:
        wanted = next((c for c in verb.children if c.dep_ == "xcomp" and c.tag_ == "VB"), None)
        if wanted is not None and (verb.tag_ != "VB" or auxiliaries & (READER_MODALS | NEED_MODALS)):
            return wanted  # 'You need to rerun …', 'You might want to run …'
        if verb.tag_ != "VB":
            return None
    if auxiliaries & READER_MODALS and verb.tag_ == "VB":
        return verb
    return None


def _agent_needs_act(agent: Token) -> Token | None:
    """r36c: the act of 'I need you to run the unit tests …', "I'd like you to rerun the linter …": the infinitive the
    agent's verb of need or wish governs, its subject the reader; None for the agent's own need ('I need to rerun it',
    'I need your OK') or a past report ('I needed you to …')."""
    verb = agent.head
    if verb.lemma_.lower() not in AGENT_NEEDS or verb.tag_ not in ("VB", "VBP"):
        return None
    for act in verb.children:
        if act.dep_ in ("ccomp", "xcomp") and act.tag_ == "VB" and act.i > verb.i:
            reader = next((c for c in act.children if c.dep_ in ("nsubj", "dobj") and c.lower_ == "you"), None)
            reader = reader or next((c for c in verb.children if c.dep_ == "dobj" and c.lower_ == "you"), None)
            if reader is not None and any(c.dep_ == "aux" and c.lower_ == "to" for c in act.children):
                return act
    return None


def _requested(tokens: list[Token], w: TurnWords) -> Token | None:
    """'Could you run …?', 'Can you please check …?': the act a request question asks of the reader."""
    words = [t for t in tokens if not t.is_punct]
    if len(words) < 3 or words[0].lower_ not in w.request_modals or words[1].lower_ != "you":
        return None
    act = next((t for t in words[2:] if t.lower_ not in w.openers), None)
    return act if act is not None and act.tag_ == "VB" else None


def _conditioned(tokens: list[Token], w: TurnWords) -> Token | None:
    """'Once you've run make lint and sent me the output, I'll …': the reader's act as the condition of the agent's
    (a report back and the agent's act must follow for it to count)."""
    words = [t for t in tokens if not t.is_punct]
    if len(words) < 3 or words[0].lower_ not in w.condition_marks or words[1].lower_ != "you":
        return None
    act = next((t for t in words[2:] if t.lower_ not in ("'ve", "have", "'d", "had", "just", "already")), None)
    return act if act is not None and act.pos_ == "VERB" and act.lemma_.lower() not in w.reader_only else None


def _reported_when(tokens: list[Token], w: TurnWords) -> Token | None:
    """Issue 28 phase 6: 'Let me know when you've pulled the branch and I'll explain the next bit.' — a report back
    opening the sentence, timed by the reader's act: that act (the agent's next act must follow for it to count)."""
    lowered = [t.lower_ for t in tokens]
    if not any(tuple(lowered[: len(p)]) == p for p in w.report_back):
        return None
    for k in range(len(tokens) - 2):
        if lowered[k] in w.condition_marks and lowered[k + 1] == "you":
            return _conditioned(tokens[k:], w)
    return None


def _goes_on_after(following: str, w: TurnWords) -> bool:
    """The next sentence is the agent's own next act: 'Then I'll write the next one.', 'I'll take it from there.'"""
    opening = following.lstrip(" *_").removeprefix("then ").removeprefix("after that, ").removeprefix("after that ")
    return opening.startswith(tuple(w.next_acts))


def _report_back(tokens: list[Token], act: Token, w: TurnWords, *, at: bool = False) -> Token | None:
    """The first report back after the instruction (at: from the instruction's own word on): its words in order
    ('tell me', 'send me', 'report back')."""
    lowered = [t.lower_ for t in tokens]
    for k, token in enumerate(tokens):
        if token.i < act.i or (token.i == act.i and not at):
            continue
        for phrase in w.report_back:
            if tuple(lowered[k : k + len(phrase)]) == phrase:
                return token
    return None


def _agent_goes_on(tokens: list[Token], act: Token) -> Token | None:
    """The agent's own next act after the instruction: a first-person subject of a verb with a modal or a future
    ('then I'll walk you through it', 'so I can continue', 'before I continue')."""
    modals = offer_words().modals
    for token in tokens:
        if token.i <= act.i or token.lower_ not in AGENT_SUBJECTS or token.dep_ not in ("nsubj", "nsubjpass"):
            continue
        verb = token.head
        later = any(c.dep_ == "aux" and c.lower_.replace("’", "'") in modals for c in verb.children)
        subordinate = any(c.dep_ == "mark" and c.lower_ in ("before", "so", "until") for c in verb.children)
        if later or subordinate or (verb.tag_ in ("VBP",) and any(c.lower_ == "then" for c in verb.children)):
            return token
    return None


# ---- the next stage handed over as a statement ---------------------------------------------------------------

STAGE_FRAMES = terms("stage-handed", "frames")
WORK_PARTS = terms("stage-handed", "work_parts")
OPEN_MARKS = terms("stage-handed", "open_marks")
WORK_ACTS = terms("stage-handed", "work_acts")
FOLLOWED = terms("stage-handed", "followed")
MEANS = terms("stage-handed", "means")
PLAN_STAGES = terms("readiness-next", "plan_stages")
STAGE_PREPOSITIONS = terms("stage-handed", "stage_prepositions")
# The agent's own next act opening the sentence after the hand-over (terms [stage-handed] agent_next_*), and the
# frames of leave the reader may be given ("feel free to": its verb, read on the parse).
AGENT_NEXT_OPENERS = terms("stage-handed", "agent_next_openers")
AGENT_NEXT_SUBJECTS = terms("stage-handed", "agent_next_subjects")
LEAVE_VERBS = frozenset(phrase.split()[0] for phrase in sites()["stage-handed"]["leaves"])


def _agent_goes_on_next(following: str) -> bool:
    """'… I'm starting on the importer meanwhile.': the sentence after the hand-over opens (after a word of timing) with
    the agent as the subject of its own next act."""
    opening = following.lstrip(" \t\r\n*_").lower().replace("’", "'")
    if not opening[:1].isalpha():
        return False
    words = _WORD_OR_CONTRACTION.findall(opening)
    for opener in sorted(AGENT_NEXT_OPENERS, key=len, reverse=True):
        if words[: len(opener.split())] == opener.split():
            words = words[len(opener.split()) :]
            break
    return bool(words) and words[0] in AGENT_NEXT_SUBJECTS


_WORD_OR_CONTRACTION = re.compile(r"[a-z]+(?:'[a-z]+)?")


@rule("stage-handed")
def stage_handed(asked: Asked) -> Judgement | None:
    """r37c (docs/DESIGN.md#construction-classes): the reader, as the subject of a modal of possibility or duty or of a
    frame of readiness or leave ('You can now …', "You're all set to …", 'Feel free to …'), goes on ([readiness-next]
    go_on: proceed, continue, move on, start on, pick up, go ahead …) to a stage of the work — a stage noun ('the
    deployment stage', 'phase 3'), a part of the project ('the API layer', 'the integration tests'), what remains ('the
    remaining endpoints') or the making of one ('writing the e2e tests') — and the message stops there: the agent hands
    the reader the next work it could do itself. None: the reader's own use ('run the app', 'start using the API', a
    place of the product), the reader's own thing ('your day'), a stage held on someone else's act, the agent going on
    in the next sentence; a human-only stage ('the production deploy') is exempt."""
    if asked.site.kind != READY or _agent_goes_on_next(asked.site.following):
        return None
    for reader in asked.tokens:
        if reader.lower_ not in READERS or reader.dep_ not in ("nsubj", "nsubjpass"):
            continue
        found = _stage_going_on(reader.head)
        if found is not None:
            going, stage = found
            why = (f"tells the reader they may go on ('{going.text}') to the next stage of the work ('{stage.text}') "
                   "and stops — the next work handed to the reader")  # fmt: skip
            return _judged(asked, "stage-handed", why, [stage])
    leaves = (t for t in asked.tokens if t.lemma_.lower() in LEAVE_VERBS and t.tag_ == "VB" and subject_of(t) is None)
    leave = next(leaves, None)
    found = _stage_going_on(leave) if leave is not None else None
    if found is not None:
        going, stage = found
        why = f"gives the reader leave to go on ('{going.text}') to the next stage of the work ('{stage.text}')"
        return _judged(asked, "stage-handed", why, [stage])
    return None


def _stage_going_on(frame: Token) -> tuple[Token, Token] | None:
    """The going-on verb the reader's frame governs and the stage it goes on to: the verb itself under a modal ('can
    proceed'), or the infinitive of a frame of readiness or leave ('all set to move on', 'free to proceed'); 'go ahead
    and start on …' goes on through its conjunct. None when a clause of time or condition on someone else's act holds it
    ('Once the vendor sends the keys, you can proceed …')."""
    modal = any(c.dep_ == "aux" and c.lower_.replace("’", "'") in READER_MODALS for c in frame.children)
    frames = [frame] + [c for c in frame.children if c.dep_ in ("acomp", "oprd")]
    readiness = [f for f in frames if f.lower_ in STAGE_FRAMES]
    verbs = [frame] if modal else [c for f in readiness for c in f.children if c.dep_ == "xcomp" and c.tag_ == "VB"]
    if frame.lower_ in STAGE_FRAMES:
        verbs += [c for c in frame.children if c.dep_ == "xcomp" and c.tag_ == "VB"]
    verbs += [c for v in verbs for c in v.children if c.dep_ == "conj" and c.tag_ == "VB"]  # 'go ahead and start on'
    if any(_held_by_another(h) for h in (frame, *verbs)):
        return None
    for verb in verbs:
        going = _goes_on(verb) or (verb.lemma_.lower() == "go" and any(c.lower_ == "ahead" for c in verb.children))
        stage = _stage_of(verb) if going else None
        if stage is not None:
            return verb, stage
    return None


def _held_by_another(verb: Token) -> bool:
    """A clause of time or condition on the verb whose subject is neither the reader nor the agent ('once the vendor
    sends the keys', 'once legal signs off'): the stage waits on someone else's act."""
    return any(c.dep_ == "advcl" and subject_of(c) is not None and subject_of(c).lower_ not in READERS | AGENT_SUBJECTS
               for c in verb.children)  # fmt: skip


def _stage_of(verb: Token) -> Token | None:
    """The stage the going-on verb takes: its object, or the object of its preposition of going on ('proceed with',
    'move on to', 'start on'), or the object of a gerund of making under it ('move on to writing the tests'); a stage
    of the work only (_work_stage), and none of the reader's own ('your day', 'on your own machine')."""
    if any(t.dep_ == "poss" and t.lower_ in READERS for t in verb.subtree):
        return None
    holders = [verb, *(c for c in verb.children if c.dep_ == "prt")]
    nouns = [c for h in holders for c in h.children if c.dep_ == "dobj"]
    preps = [c for h in holders for c in h.children if c.dep_ == "prep" and c.lower_ in STAGE_PREPOSITIONS]
    nouns += [g for p in preps for g in p.children if g.dep_ == "pobj"]
    nouns += [g for n in nouns if n.lemma_.lower() == "work" for p in n.children if p.dep_ == "prep"
              and p.lower_ in STAGE_PREPOSITIONS for g in p.children if g.dep_ == "pobj"]  # fmt: skip
    # 'proceed to phase 3': the model may read the stage noun after 'to' as an infinitive, its number as the object
    nouns += [c for c in verb.children if c.dep_ == "xcomp" and c.lower_ in PLAN_STAGES]
    gerunds = [g for p in preps for g in p.children if g.dep_ == "pcomp" and g.tag_ == "VBG"]
    gerunds += [c for c in verb.children if c.dep_ in ("xcomp", "dobj") and c.tag_ == "VBG"]
    for gerund in gerunds:
        if gerund.lemma_.lower() in WORK_ACTS:
            nouns += [c for c in gerund.children if c.dep_ == "dobj"]
    stage = next((n for n in nouns if _work_stage(n)), None)
    if stage is None or _of_a_followed_thing(stage) or _by_a_command(verb, stage):
        return None
    return stage


def _of_a_followed_thing(stage: Token) -> bool:
    """The stage is one of a document or tool the reader follows ('the next section of the guide', 'step 2 of the
    installer', 'the next steps in the README'; [stage-handed] followed): the reader's own use of the result."""
    return any(c.dep_ == "prep" and c.lower_ in ("of", "in") and any(
        g.dep_ == "pobj" and (g.lemma_.lower() in FOLLOWED or g.lower_ in FOLLOWED) for g in c.children)
        for c in stage.subtree)  # fmt: skip  # the subtree: 'step 2 of …' may hang the phrase on the number


def _by_a_command(verb: Token, stage: Token) -> bool:
    """A means of running in code on the verb or the stage ('start the integration tests with `npm test`'): going on by
    a command is running it, the reader's use."""
    return any(c.dep_ == "prep" and c.lower_ in MEANS and any(
        "`" in as_written([t]) for t in c.subtree) for h in (verb, stage) for c in h.children)  # fmt: skip


def _work_stage(noun: Token) -> bool:
    """A stage of the work: a stage noun ([readiness-next] plan_stages: 'the deployment stage', 'phase 3'), a part of
    the project ([stage-handed] work_parts: 'the API layer', 'the integration tests'), or what remains or comes next
    ('the remaining pages', 'the rest of the tests'); a proper name alone is none. A stage noun before its letter is
    the stage ('milestone B': the model makes the letter the head)."""
    lemma = noun.lemma_.lower()
    if lemma in PLAN_STAGES or noun.lower_ in PLAN_STAGES:
        return True
    if noun.pos_ not in ("NOUN", "PROPN"):
        return False
    if lemma in WORK_PARTS or noun.lower_ in WORK_PARTS:
        return True
    if any(c.dep_ == "compound" and c.lower_ in PLAN_STAGES for c in noun.children):
        return True
    return lemma in OPEN_MARKS or any(c.lower_ in OPEN_MARKS for c in noun.children if c.dep_ in ("amod", "det"))


# ---- r37f: the reader's environment decides a hand-back --------------------------------------------------------


def readers_environment(asked: Asked, act: Token, stretch: frozenset[int]) -> str | None:
    """r37f (docs/DESIGN.md#construction-classes): the act the reader is told to do is done in the person's own
    environment — a place of it among the stretch's words ('in your browser', 'the Railway dashboard', 'the Variables
    tab'; terms [reader-environment] places) or a verb of acting on a screen ('click', 'toggle') — so only the person
    can do it, and a report-back tied to it waits on the person, not on work the agent could do. When the act only
    points back at the instruction before it ('when you've done that', 'what you see'; pointing_acts with a pointer or
    no object of its own), the words of the sentences just before the site decide. r39a: or the message reports the
    agent's own run held back where it runs (grants.blocked_run): the hand-over is of a run it could not do. The word
    found, or None."""
    found = environment_word(asked.doc[i] for i in stretch) or into_context(act, asked.doc, asked.site.start)
    if found is not None:
        return found
    if _uses_pointer(act):
        found = environment_before(asked.doc, asked.site.start, apps=True)  # r38k: 'Please test it out'
    elif _steps_decide(act, stretch):
        found = environment_before(asked.doc, asked.site.start)
    elif _perfect(act):  # r40b: 'once you've seeded the database' names its act: only an instruction before decides
        found = environment_before(asked.doc, asked.site.start, instructed=True)
    elif _state_reached(act):  # a state reached names its thing: only a step before, no statement, decides
        found = environment_before(asked.doc, asked.site.start, steps=True)
    if found is None and (cue := blocked_run(asked.doc, asked.site.end)) is not None:
        # r39a: '`make compose-up` failed because Docker isn't running. Please start Docker, and I'll rerun it': the
        # run the agent tried and could not do, handed over with that reason
        return f"the agent's own run blocked: {cue}"
    return found


def sentence_environment(tokens: Sequence[Token]) -> str | None:
    """r38k: a sentence that hands the reader a check, read whole ('Try `/login` again and let me know if anything else
    errors'; 'Let me know when you've made this change' after the steps in the platform's UI): the environment among
    its words, or, when its act points back ('when you've done that') or uses a pronoun ('test it out'), named in the
    sentences just before it."""
    tokens = list(tokens)
    if not tokens:
        return None
    found = environment_word(tokens)
    if found is not None:
        return found
    start = tokens[0].sent.start_char
    if any(_uses_pointer(t) for t in tokens):
        return environment_before(tokens[0].doc, _source_start(tokens[0].doc, start), apps=True)
    stretch = frozenset(t.i for t in tokens)
    if any(_readers_act(t) and (_steps_decide(t, stretch) or _perfect(t)) for t in tokens):
        return environment_before(tokens[0].doc, _source_start(tokens[0].doc, start))
    if any(_readers_act(t) and _state_reached(t) for t in tokens):
        return environment_before(tokens[0].doc, _source_start(tokens[0].doc, start), steps=True)
    return None


def _steps_decide(act: Token, stretch: frozenset[int]) -> bool:
    """r40b (docs/DESIGN.md#construction-classes, the person's side): the reader's act names nothing of its own, so the
    steps just before it decide where it is done — it points back ('when you've done that', 'what you see') or is timed
    after a finished act ('Paste that URL here when it's done'). A state the steps reach names a thing of its own
    ('Once you have the Neon connection working'): only a step before, no statement, decides (environment_before's
    `steps`)."""
    return _points_back(act, stretch) or _after_done(act)



def _perfect(verb: Token) -> bool:
    """The act is reported done ('when you've changed the Root Directory'): the steps before it are the act."""
    return verb.tag_ == "VBN" and any(c.dep_ == "aux" and c.lemma_.lower() == "have" for c in verb.children)


def _readers_act(verb: Token) -> bool:
    """The verb is the reader's own act ('when you've done that')."""
    subject = subject_of(verb) if verb.pos_ in ("VERB", "AUX") else None
    return subject is not None and subject.lower_ in READERS


def _source_start(doc: Doc, char: int) -> int:
    """The offset in the text as written of the parsed doc's character `char`."""
    source = doc.user_data.get(SOURCE_KEY)
    return source[1][char] if source is not None and char < len(source[1]) else 0


def _uses_pointer(act: Token) -> bool:
    """r38k: a verb of using the app whose object is a pronoun ('Please test it out', 'try it again'), or a try given
    to it ('Give it a try')."""
    lemma = act.lemma_.lower()
    pointed = any(c.dep_ in ("dobj", "dative") and c.lower_ in ("it", "this", "that") for c in act.children)
    given = lemma in GIVING and any(c.dep_ == "dobj" and c.lemma_.lower() in USING for c in act.children)
    return pointed and act.pos_ == "VERB" and (lemma in USING or given)


def browser_check(tokens: Iterable[Token]) -> str | None:
    """r39a: the check handed to the reader is done in their browser by where it is done, not by what it opens — a
    bare reload ('Please refresh and try a marker click again') or a place of the person's after a preposition of
    place, the act with no object of its own ('Please check again in Safari'); 'reload the dashboard' or 'Reload the
    landing page in Safari' names the app opened, whose result the agent could read. The word, or None."""
    for token in tokens:
        opening = token.i == token.sent.start or token.doc[token.i - 1].lower_ in turn_words().openers
        if _reloaded(token, opening):
            return token.text
        placed = token.dep_ == "pobj" and token.head.lower_ in ENVIRONMENT_PREPOSITIONS
        placed = placed and not _objected(token.head.head)
        if (token.lower_ in ENVIRONMENT_PLACES or token.lemma_.lower() in ENVIRONMENT_PLACES) and placed:
            return token.text
    return None


def _app_item(item: Doc, lead: Sequence[Token]) -> bool:
    """r38k: a closing list's item uses the person's running app: an item that names the app in use by its own verb
    ('try saving a strategy'), or, under a lead-in ending on a verb of using or going ('Please try'), an item opening
    on the app itself — its route or its name ('`/login` again'). An item that also runs something the agent could run
    ('run `pnpm dev` and refresh the page') hands that over."""
    if app_word(list(item)) is not None:
        return True
    words = [t for t in item if not t.is_punct and not t.is_space and t.text != "`"]
    verbs = [t for t in lead if t.lemma_.lower() in (USING | GOING_TO) - CODE_TAKERS]
    if not words or not verbs or verbs[-1].i != lead[-1].i:
        return False
    first = words[0]
    return bool(_ROUTE.match(as_written([first]).lower())) or first.lower_ in APP_NOUNS


def _points_back(act: Token, stretch: frozenset[int]) -> bool:
    """The act names nothing of its own: a pro-verb or verb of perceiving ('done', 'made', 'see', 'are there') whose
    object is a pointer ('that', 'this change') or missing."""
    if act.lemma_.lower() not in POINTING_ACTS:
        return False
    objects = [c for c in act.children if c.dep_ in ("dobj", "attr") and c.i in stretch]
    return all(o.lower_ in RESULT_POINTERS or any(d.lower_ in RESULT_POINTERS for d in o.children) for o in objects)


def _after_done(act: Token) -> bool:
    """r40b (docs/DESIGN.md#construction-classes, the person's side): the act is timed after a finished act that names
    nothing of its own ('Paste that URL here when it's done', '… once you've done that'; terms [timed-act]
    timing_marks): the instruction before is the act, so its words decide where it is done."""
    return any(
        c.dep_ == "advcl" and _points_back(c, frozenset(t.i for t in c.subtree))
        and any(m.dep_ in ("mark", "advmod") and m.lower_ in TIMING_MARKS for m in c.children)
        for c in act.children
    )  # fmt: skip


def _state_reached(act: Token) -> bool:
    """r40b: the reader's act is the state the steps before reach ('Once you have the Neon connection working', 'once
    you get it deployed'): a verb of having or getting with a participle or adjective as its complement names no act of
    its own, so the steps' words decide."""
    return act.lemma_.lower() in ("have", "get") and any(
        c.dep_ in ("ccomp", "xcomp", "oprd", "acomp") and c.tag_ in ("VBG", "VBN", "JJ") for c in act.children
    )


def environment_before(
    doc: Doc, start: int, apps: bool = False, instructed: bool = False, steps: bool = False
) -> str | None:
    """The person's environment named in the last sentences before `start` (the instruction the act points back at),
    read from the words: the sentences before were not parsed with the site. Bounded to the last characters. r38k: a
    settings path's arrow counts ('Settings → Build'); with `apps`, the app itself named there ('The feature should now
    be fully functional. Please test it out'). With `instructed`, only a clause that instructs the reader by a verb of
    using, going or acting on a screen ('Try restarting the MCP server now.'). With `steps`, no clause that opens on
    its subject (terms [reader-environment] statement_openers): a statement ('The bug only showed in your browser.')
    is no step the reader took there."""
    source = doc.user_data.get(SOURCE_KEY)
    before = source[0][:start] if source is not None else ""
    # r40b: a list's marker alone ('3.') is no clause
    clauses = [c for c in _SENTENCE_BREAK.split(before[-_BEFORE_CHARS:].strip()) if _WORD.search(c.lower())]
    words = ENVIRONMENT_PLACES | SCREEN_VERBS | (APP_NOUNS if apps else frozenset())
    for clause in reversed(clauses[-_BEFORE_REACH:]):
        if (instructed and not _instructs(clause)) or (steps and _states(clause)):
            continue
        arrow = _ARROW_PATH.search(clause)
        if arrow is not None:
            return arrow.group()
        for word in _WORD.findall(_CODE_MASKED.sub(" ", clause).lower()):  # r40b: a path's 'Editor' in code is none
            if word in words:
                return word
    return None


def _states(clause: str) -> bool:
    """r40b: the clause opens (after its openers) on a word that begins a subject ('The bug …', 'I …'): a statement."""
    words = [w for w in _WORD.findall(clause.lower()) if w not in turn_words().openers]
    return bool(words) and words[0] in STATEMENT_OPENERS


def _instructs(clause: str) -> bool:
    """The clause opens (after its openers) on a verb of using, going or acting on a screen: an instruction."""
    words = [w for w in _WORD.findall(clause.lower()) if w not in turn_words().openers]
    return bool(words) and words[0] in USING | GOING_TO | SCREEN_VERBS | RERUNNING


_ARROWS = "|".join(re.escape(a) for a in sorted(PATH_ARROWS))
_ARROW_PATH = re.compile(rf"\b[A-Z][a-z]+ ?(?:{_ARROWS}) ?[A-Z][a-z]+")


_CODE_MASKED = re.compile(r"`[^`\n]+`")


def _masked(code: re.Match[str]) -> str:
    """Inline code as the site's sentence reads it: one 'x' per character."""
    return "x" * len(code.group())


def _unquoted(code: re.Match[str]) -> str:
    """r39b: inline code that names a path or a word as the site's sentence reads it: its backticks blanked."""
    return " " + code.group()[1:-1] + " "


def _rechecks(asked: Asked) -> bool:
    """r37f: the site is the check handed back with no command in code (text/questions._check_handed_back): one item,
    the site itself, opening (after its openers) with a verb of running the check, 'try' and its gerund, or 'give'."""
    item = asked.parts[0].text.strip().lower()
    if len(asked.parts) != 1 or " ".join(asked.doc.text.lower().split()) not in (
        _CODE_MASKED.sub(_masked, item),
        " ".join(_CODE_MASKED.sub(_unquoted, item).split()),
        " ".join(item.split()),
    ):
        # r38b: the site's sentence is read with its code masked ('run `pnpm dev` …'); r39b: a path in code is read
        # as its words ('in your browser from the `dist` folder')
        return False
    openers = turn_words().openers | RECHECK_OPENERS
    words = [t for t in asked.parts[0] if not t.is_punct and not t.is_space and t.lower_ not in openers]
    if not words or _run_reported(words):
        return False
    if words[0].lower_ in GIVING and len(words) > 1:
        return True
    if _changing_noun(words[0]):
        return False
    if len(words) > 1 and words[0].i + 1 < len(words[0].doc) and words[0].doc[words[0].i + 1].text == "-":
        # r38i: 're-run', cut at its hyphen by the model; r39b: any verb of running after the prefix ('re-generate')
        joined = _hyphenated(words[1])
        return joined in RUNNING or joined.replace("-", "") in RUNNING or (
            words[0].lower_ == "re" and words[1].lower_ in RUNNING
        )
    if words[0].lower_ in TRYING and len(words) > 1:
        # r38b: or one of the message's own steps or options ('Try step #6 first', 'try the second approach')
        tried = words[2] if words[1].lower_ == "the" and len(words) > 2 else words[1]
        return words[1].lower_ in RUNNING or tried.lower_ in TRIED_LABELS or tried.lower_ in TRIED_ORDINALS
    return words[0].lower_ in RUNNING


def _run_reported(words: list[Token]) -> bool:
    """r39k (docs/DESIGN.md#construction-classes): the run-word is the noun subject of a report ('Re-run finished
    green on all three platforms.', 'Rebuild took 4 minutes.'): a verb of running (its 're-' prefix cut by the model
    joined) followed by a finite verb of the run's outcome (terms [work-list] run_outcomes) that modifies no noun after
    it — 'Rerun failed tests' is the imperative over its object."""
    at = 0
    if len(words) > 2 and words[1].i == words[0].i + 2 and words[0].doc[words[0].i + 1].text == "-":
        at = 1  # 're-run', cut at its hyphen
    run = words[at]
    joined = (words[0].lower_ + "-" + run.lower_) if at else run.lower_
    if not ({joined, joined.replace("-", ""), run.lower_} & RUNNING) or len(words) <= at + 1:
        return False
    outcome = words[at + 1]
    return outcome.lower_ in RUN_OUTCOMES and outcome.dep_ not in ("amod", "compound")


def _changing_noun(word: Token) -> bool:
    """r39b: a verb of changing the project's state read as a noun ('Backfill job definition is in …'), or as the
    subject of a finite verb the model made its object ('apply happens in the pipeline'); r39rv: or made the clausal
    subject of a finite verb ('Apply step now runs in CI': the noun 'apply step' runs): no act handed over."""
    return word.lower_ in CHANGING_ACTS and (
        word.pos_ != "VERB"
        or any(c.dep_ == "dobj" and c.tag_ in ("VBZ", "VBD") for c in word.children)
        or (word.dep_ == "csubj" and word.head.tag_ in ("VBZ", "VBD"))
    )


# ---- work handed over as a closing list ----------------------------------------------------------------------


THING_PREPOSITIONS = terms("work-list", "thing_preps")
# r39j: the verbs of changing the code (sites.toml [advised-work]), base forms and gerunds
CODE_CHANGES = frozenset(sites()["advised-work"]["verbs"]) | frozenset(sites()["advised-work"]["gerunds"])


def _changes_code(item: Doc) -> bool:
    """r39j: the item opens with a verb of changing the code ('porting …', 'add …'): work on the code wherever it
    shows, not a check in the person's environment."""
    first = next((t for t in item if not t.is_punct and t.lower_ not in ("to", "then", "just")), None)
    return first is not None and (first.lower_ in CODE_CHANGES or first.lemma_.lower() in CODE_CHANGES)


def _thing_worked_with(word: Token) -> bool:
    """r39j: a person's pronoun as the object of a preposition of the thing worked with or on ('Seed the local database
    with them.'): the things just named, not the work's owner. r40e: so is it under any preposition of a clause whose
    subject is the reader ('Remaining TODOs (for whenever you get to them):'): the reader does the work, on them."""
    if word.dep_ != "pobj":
        return False
    verb = word.head.head
    reader_acts = verb.pos_ in ("VERB", "AUX") and (doer := subject_of(verb)) is not None and (
        doer.lower_ in READERS)
    return reader_acts or (word.head.lower_ in THING_PREPOSITIONS and verb.pos_ in ("VERB", "NOUN"))


@rule("work-list")
def work_list(asked: Asked) -> Judgement | None:
    """Each item is read alone (its own parse): an open act is an imperative or a noun phrase of work ('Add retries
    to the uploader', 'Dark mode for the dashboard'); a report ('Parser lane merged', a checked box), a status with
    its own subject ('CI is running') or the agent's own plan ('I'll add the tests') hands nothing over; an act
    that is purely human-only work ('Merge #812', 'approve PR #77') is a legitimate hand-off. The lead-in must not
    report ('What I changed:')."""
    if asked.site.kind != LIST or not asked.parts:
        return None
    lead = [t for t in asked.doc if not t.is_space and not t.is_punct]
    wished = {t.i for w in lead if w.dep_ == "mark" and w.lower_ == "if" for t in w.head.subtree}
    # r31b: 'Action needed from you:' — a participle whose source or beneficiary is the reader asks, it reports nothing
    wished |= {t.i for t in lead if t.tag_ in ("VBD", "VBN") and any(
        p.dep_ == "prep" and p.lower_ in ("from", "for") and any(o.lower_ in SYSTEM_NOT_DOERS for o in p.children)
        for p in t.children)}  # fmt: skip
    # r32a: a participle of proposing the model tags as past in a label of the next act names the item ('Next
    # suggested command:', 'Next suggested steps:'); 'Completed tasks:' still reports
    wished |= {t.i for t in lead if t.lemma_.lower() in PROPOSING and t.tag_ == "VBD"
               and any(w.lower_ == "next" and w.i < t.i for w in lead)}  # fmt: skip
    chosen = replies(asked.doc.text)
    # r38i: the check handed back (text/questions._check_handed_back), or the act proposed by a verb that is the whole
    # lead-in ('Recommend hitting …', 'Consider exercising …'): the item is the act by the site's verb, however parsed
    rechecked = _rechecks(asked) or _proposes(lead)
    # r36b (docs/DESIGN.md#construction-classes): the agent's own act in the perfect reports too ('Follow-ups I've filed
    # instead of doing now:', 'Issues we have opened:')
    perfect = {t.i for t in lead if _perfect(t) and agent_subject(t)}
    # r38b: the check handed back is its own lead-in, an instruction: '… to see the changes' reports nothing
    # r38c: the lead-in that reports is the sentence that introduces the list; a report before it on the same line ('The
    # auth bug is fixed. Possible follow-ups, if desired:') is the message's status, not the list's lead-in
    introducing = [t for t in lead if t.sent == asked.root.sent]
    if not chosen and not rechecked and _timed_after_change(lead) is None and any(
        (t.tag_ == "VBD" or t.lower_ in turn_words().reported or t.i in perfect) and t.i not in wished
        for t in introducing
    ):
        # r32b: not a request to reply, whose quoted answers report nothing ('accept it by saying "recommended"')
        # r31b: not what the reader may wish for ('If you want verification, pick one:')
        return carved("work-list", f"the lead-in '{_as_asked(asked)}' reports what was done")
    owner = next((t for t in lead if (t.lower_ in turn_words().owners and not _wished(t) and t.dep_ != "dobj"
                                      and not _thing_worked_with(t)) or t.text.startswith("@")),
                 None)  # fmt: skip  # r31b: not 'rename them' in a recommendation
    if owner is not None:
        return carved("work-list", f"the lead-in names someone else as the work's owner ('{owner.text}')")
    doer = _system_doer(lead)
    if doer is not None:  # r29b: 'On the next tag push, the workflow will:'
        return carved("work-list", f"the lead-in's list completes what '{doer.text}' does: the work is its own, it is "
                      "handed to no reader")  # fmt: skip
    project = _project_steps(asked, lead)
    own = _readers_own_ways(lead, project) or _agents_own(lead) or (None if chosen else _agents_plan(asked.doc))
    if own is not None:
        return carved("work-list", f"the lead-in '{_as_asked(asked)}' {own}")
    # r39j: the work left stated at the close ("What's left is checking it in your browser") is read like the check
    # handed back: an item done in the person's own environment is theirs
    stated = states_remaining_work(asked.doc.text)
    # r39l: a purpose over steps that are all project work hands them over as a lead-in word does ('To fix it:')
    lead_word = _lead_word(asked) or _invokes(asked, lead) or rechecked or project
    fronted = _fronted_human_only(asked, lead) if lead_word else None
    if fronted is not None:
        # 'When you're ready to deploy to production, run `/deploy prod`.': the command does the human-only act
        return carved("work-list", f"the lead-in's clause before its verb names what the command does, {fronted}")
    reader = None if lead_word else _reader_lead(lead)
    if not lead_word and reader is None:
        return carved("work-list", f"the lead-in '{_as_asked(asked)}' names no work to do and addresses no reader")
    if reader is not None and reader.kind == "technical" and not project:
        why = f"a technical conditional on the reader's own use or an event ('{reader.token.text}')"
        return carved("work-list", f"the lead-in '{_as_asked(asked)}' is {why}: it offers nothing of the agent's")
    handed: list[str] = []
    human: list[str] = []
    kept: list[str] = []
    # r39i: the message reports the agent's own run held back where it runs before the list (grants.blocked_run)
    # r42f: or in its own lead-in ('These are the items I could not exercise in this environment:')
    blocked = blocked_run(asked.doc, asked.site.parts[0][0])
    for (start, _), item in zip(asked.site.parts, asked.parts, strict=True):
        kind = _item(item, _checked(asked, start, item))
        if (chosen or rechecked) and kind in ("status", "report"):
            # r32b: an option asked for by a reply is a way the agent's work could be, whatever its mood; r38b: the
            # check handed back is an instruction by its site's verb, however the model tags it in lower case
            kind = "act"
        opening = _opening_verb(item) if chosen else None
        if opening is not None and opening.lemma_.lower() in turn_words().reader_only:
            continue  # r32b: 'Provide a different short answer': the reader's own answer, no option of the agent's
        if kind != "act" or any(_changing_noun(t) for t in item[:1]):
            continue  # r39b: 'apply happens in the pipeline …' reports
        if reader is not None and reader.kind != "choice" and not (reader.offered and kind == "act") and (
            _opening_verb(item) is None
        ):
            continue  # r31b: under 'Remember to:' or 'You'll see:' an item that is no instruction ('a green check')
        left = (_readers_habit(item) or _readers_measure(item) or _content_asked(item) or _held_on_grant(item)
                or _usage_note(item, asked))  # fmt: skip
        if left is not None:
            kept.append(left)  # r38h: the reader's habit for later work, or a check only the reader can make
            continue
        roots = [s.root for s in item.sents][:1]
        scope = frozenset(t.i for t in item if not t.is_punct)
        purpose = _command_purpose(item)
        # r39j: a stated last step that changes the code ('porting the tokens to the settings modal') is no check
        placed = rechecked or (stated and not _changes_code(item))
        # r39l: restarting the project's running app is the dev server the agent could restart, wherever it is named
        # r42f: the one person's-side reading (persons_side.environment_word) decides every item as it decides a single
        # sentence, with _placed_item's brakes; among options chosen by a reply only a place gone to counts
        # (_own_act_placed)
        persons = (
            (placed and environment_word(item) is not None)
            or (not chosen and _placed_item(item))
            or _app_item(item, lead)
            or _persons_side(item, chosen)
        )
        if (persons and not _restarts_app(item)) or (blocked is not None and _blocked_run_item(item)):
            # r37f: 'Test it again in your browser': the person's environment; r38k: 'try saving a strategy', or under
            # 'Please try:' the route '`/login` again': the person's running app; r39i: a grant or credential only the
            # person gives, or a check made where only the person is, under any lead-in
            human.append(item.text.strip())
        elif purpose is not None and work_of([purpose], asked.lexicon, scope).human_only:
            human.append(item.text.strip())  # r33g: '`git tag v1.4 && git push --tags` to publish the release'
        elif roots and (
            work_of(roots, asked.lexicon, scope).human_only or _peoples_own(item) or _act_human_only(item, asked)
        ):
            human.append(item.text.strip())
        elif roots and is_do_nothing_item(roots[0], asked.lexicon, scope):
            continue  # r28i: 'Hold it until the freeze ends' beside 'Squash-merge it into main'
        else:
            handed.append(item.text.strip())
    if handed:
        shown = "', '".join(handed[:2]) + ("', …" if len(handed) > 2 else "'")
        return gated(
            "fire",
            "work-list",
            f"fires (work-list): the closing list under '{_as_asked(asked)}' hands the reader work the agent could "
            f"do ('{shown})",
        )
    if human:
        return carved("work-list", "every item the list hands over is human-only work: a legitimate hand-off")
    if kept:
        return carved("work-list", f"every item is left to the reader by its own grammar ({kept[0]}): the list hands "
                      "nothing over now")  # fmt: skip
    return carved("work-list", "the list reports work done or a status: it hands nothing over")


def _project_steps(asked: Asked, lead: list[Token]) -> bool:
    """r39l (docs/DESIGN.md#construction-classes): the steps toward a purpose named in the lead-in ('To keep the styling
    maintainable, you should:') are project work the agent could do when every item opens with a project act
    (grammar/project_acts.py, r40a: the reading advised-work's imperatives make): the purpose is the fix's, not the
    reader's own use. A condition on an event ('If you hit conflicts, you'll need to:') or a step in the reader's
    environment keeps the steps the reader's."""
    # the purpose opens the lead-in or the sentence that introduces the list ('To resolve it, …. Please follow these:')
    purposes = [t for t in lead if t.lower_ == "to" and (t.i == lead[0].i or t.i == t.sent.start)]
    adopting = any(t.i + 1 < len(t.doc) and t.doc[t.i + 1].lemma_.lower() in ADOPTING_PURPOSES for t in purposes)
    if not purposes or adopting or any(t.lower_ in CHOICE_WORDS for t in lead):  # 'To upgrade, you'll need to:'
        return False  # 'To make the docs accurate, you could either:': the reader's choice among ways
    if blocked_run(asked.doc, asked.site.end) is not None:
        return False  # r39a: '`pip install` failed: no network in the sandbox. To finish: …': a run it could not do
    project = False
    for item in asked.parts:
        verb = _opening_verb(item) or _imperative_root(item) or _step_word(item)
        if verb is None:
            return False
        lemma = verb.lemma_.lower()
        after = {t.lemma_.lower() for t in item if t.i > verb.i}
        if lemma in SHELL_VERBS and (after & SHELL_PLACES or (after & SHELL_FOLDERS and after & SHELL_OWNERS)):
            continue  # 'Open your terminal', 'Navigate to your project directory': the way to the agent's own shell
        if any(place in item.text.lower() for place in READER_PLACES):
            return False  # 'Run `pip install reportlab` on your machine': the reader's own place
        place = environment_word(item)
        if place is not None and not _restarts_app(item):
            return False
        # r40a: the one project act (grammar/project_acts.py) — running, checking or calling the project, or changing
        # it over a thing of it; only the app restarted is left here with a place: the project's running app
        if not (project_act(verb, [t for t in item if t.i > verb.i]) or place is not None):
            return False
        project = True
    return project


def _step_word(item: Doc) -> Token | None:
    """r39l: the item's first word when it is a verb of the steps' classes, however the model read the lower-case
    instruction ('delete `src/old.jsx`' tagged as a noun): in a list of steps the first word is the act."""
    first = next((t for t in item if t.is_alpha), None)
    words = PROJECT_CHANGING | SHELL_VERBS | RUNNING
    return first if first is not None and first.i == item[0].i and first.lower_ in words else None


def _restarts_app(item: Doc) -> bool:
    """r39l: the item restarts the project's running app ('Restart your Flask application', terms [work-list]
    restarting): the dev server the agent could restart, not the person's app in use, whose only place is the app."""
    verb = _opening_verb(item) or _imperative_root(item)
    if verb is None or verb.lemma_.lower() not in RESTARTING:
        return False
    place = environment_word(item)
    return place is not None and place == app_word(list(item))


def _imperative_root(item: Doc) -> Token | None:
    """r39l: the item's main verb as an instruction after a fronted clause of time ('Once the install completes,
    restart your Flask application'): a base form with no subject at the root."""
    root = next((s.root for s in item.sents), None)
    return root if root is not None and root.tag_ == "VB" and subject_of(root) is None else None


def _act_human_only(item: Doc, asked: Asked) -> bool:
    """r39rv: the item's opening instruction is human-only work by its own words, read without the agent's clause of
    its own beside it ('Apply the migration to the production database yourself — I don't have prod credentials', the
    model making the instruction a complement of 'have', or ', since I don't …'): the agent's reason names no work
    of its own."""
    act = _opening_verb(item)
    if act is None:
        return False
    own = {t.i for c in act.children if c.dep_ in ("advcl", "ccomp", "parataxis") and agent_subject(c)
           for t in c.subtree}  # fmt: skip
    scope = frozenset(t.i for t in act.subtree if t.i not in own and not t.is_punct)
    return work_of([act], asked.lexicon, scope).human_only


_OTHER_CLAUSES = frozenset(("ccomp", "advcl", "conj", "parataxis", "relcl", "acl", "csubj"))


def _placed_item(item: Doc) -> bool:
    """r42f (docs/DESIGN.md#construction-classes, the person's side): the item is done on the person's side by the one
    reading (persons_side.environment_word), as a sentence is — unless it builds, runs or verifies the work there (an
    opening verb of changing the code, a verb of running, a purpose of verifying), or the place is a part of an app with
    no owner (terms [reader-environment] app_parts: 'Let users pick columns in the UI' is product work)."""
    place = environment_word(item)
    if place is None or _changes_code(item) or _runs(item) or _verifies(item):
        return False
    owned = any(t.dep_ == "poss" and t.lower_ in READERS for t in item)
    return owned or place.lower() not in APP_PARTS


def _verifies(item: Doc) -> bool:
    """r42f: the item's own act has an infinitive of verifying the work as its purpose ('Load `/admin` in the browser to
    confirm the forms render'; persons_side.verifying_purpose): the check of the agent's work handed over, the place
    where the check is made, not the person's side, unless the reader owns it ('… in your browser to confirm …')."""
    root = next(iter(item.sents)).root
    return verifying_purpose(root) and not any(t.dep_ == "poss" and t.lower_ in READERS for t in item)


def _runs(item: Doc) -> bool:
    """r42f: the item hands over a run the agent could make — a verb of running with no subject of its own ('run the
    widget on a device/emulator and capture a screenshot', 'rebuild and verify it on the emulator'; sites.toml
    [next-step] running_verbs) — at a place the reader does not own: the place is where the run goes, not the person's
    side. 'Test it on your phone' names the reader's own device."""
    if any(t.dep_ == "poss" and t.lower_ in READERS for t in item):
        return False
    first = _step_word(item)
    return (first is not None and first.lower_ in RUNNING) or any(
        t.pos_ == "VERB" and t.lemma_.lower() in RUNNING and subject_of(t) is None for t in item)


def _blocked_run_item(item: Doc) -> bool:
    """r39i (docs/DESIGN.md#construction-classes): under a report that the agent's own run was held back where it runs
    ('Not run: `aider` is not installed here'), an item whose opening verb runs, installs or checks ('Install the
    binary …', 'Execute the verification commands above …'; sites.toml [next-step] running_verbs, terms
    [reader-environment] check_acts) hands over the run the agent tried and could not do: the person's."""
    # r42f: or its first word, however the model read a label glossed after a dash ('**Run the e2e suite** — needs …')
    verb = _opening_verb(item) or _step_word(item)
    return verb is not None and (verb.lemma_.lower() in RUNNING or verb.lemma_.lower() in CHECK_ACTS)


def _persons_side(item: Doc, chosen: bool) -> str | None:
    """r39i, r39h, r40b (docs/DESIGN.md#construction-classes, the person's side): the item is the person's under any
    lead-in — what only the person can grant or holds ('Export a GitHub PAT …', 'generate a token'; grants.py), a check
    of the work made where only the person is (_environment_check), or its own act done there (_own_act_placed). The
    word, or None."""
    return granted_word(list(item)) or _environment_check(item) or _own_act_placed(item, chosen)


def _own_act_placed(item: Doc, chosen: bool) -> str | None:
    """The item's own act — its first sentence's verb and its words, not the clauses under it — is done on the
    person's side (environment_word): an act on a screen ('Double-click the icon on your desktop') or at a place the
    reader owns ('Restart your editor so it picks up the server'). A place inside another clause names what the work
    is about ('Decide whether to warn in the UI'); a place with no owner may be the app being built ('Add a dark variant
    for the cards in the dashboard'). Among options the reader chooses from only a place the reader owns gone to,
    opened or restarted counts ('Open your dashboard'): 'Add a button to your dashboard' builds the agent's work into
    it."""
    root = next(iter(item.sents)).root
    if root.pos_ != "VERB" or (chosen and root.lemma_.lower() not in GOING_TO):
        return None
    own: list[Token] = []
    stack = [root]
    while stack:
        token = stack.pop()
        own.append(token)
        stack.extend(c for c in token.children if c.dep_ not in _OTHER_CLAUSES)
    screen = root.lemma_.lower() in SCREEN_VERBS and not chosen
    if not screen and not any(t.dep_ == "poss" and t.lower_ in READERS for t in own):
        return None
    return environment_word(sorted(own, key=lambda t: t.i))


def _environment_check(item: Doc) -> str | None:
    """r39i: the item's act is a check (_checks) made where only the person is — a place of the person's environment
    (environment_word: 'in the admin dashboard', 'in your browser'), a place the check itself is of ('a smoke test of
    the settings screen'), the reader's own side ('on your machine'; terms [word-before-act] reader_sides; r41d: not a
    side in general, 'on your end' says whose run it is) or by hand or eye ('Manual validation per the quickstart';
    terms [reader-environment] by_hand). The same check with none of these ('Run the tests to confirm …') is the
    agent's to run. The word, or None."""
    if not _checks(item):
        return None
    for token in item:
        if token.lower_ in BY_HAND:
            return token.text
        side = token.lower_ in READER_SIDES and token.lower_ not in GENERAL_SIDES  # r41d: 'on your end' is no place
        if side and any(c.dep_ == "poss" and c.lower_ in READER_OWNERS for c in token.children):
            return token.text
        of_check = token.dep_ == "pobj" and token.head.lower_ == "of" and token.head.head.lemma_.lower() in CHECK_NOUNS
        if of_check and (token.lower_ in ENVIRONMENT_PLACES or token.lemma_.lower() in ENVIRONMENT_PLACES):
            return token.text
    # a place no one owns counts only for a check with no object of its own (r39a's reading of a bare place): 'Load
    # `/admin` in the browser to confirm …' checks the project's route, which the agent can load itself
    act = _opening_verb(item) or next(iter(item.sents)).root
    owned = any(t.dep_ == "poss" and t.lower_ in READER_OWNERS for t in item)
    if not owned and any(c.dep_ in ("dobj", "appos") for c in act.children):
        return None
    return environment_word(item)


def _checks(item: Doc) -> bool:
    """The item's act is a check of the work: its opening word a verb of checking (terms [reader-environment]
    check_acts: 'Smoke test …', 'Verify the toggle …'); or its opening verb one whose object is a noun of checking
    ('Run a quick smoke test …'), whose purpose is a check ('Load the map … to confirm …', '… to double-check the
    settings'), or a verb of going or using joined to a check ('Refresh the app and confirm …'). Work joined before a
    check ('execute the tasks and validate manually') is no check. With no opening verb the model read, a lower-case
    item is read by its words: a verb of checking with no subject, or a noun of checking a verb of doing takes or the
    item names alone ('optional: run a quick Lighthouse check …', 'Manual validation per the quickstart')."""
    words = [t.lower_ for t in item if t.is_alpha and t.lower_ not in LEAD_OPENERS][:2]
    if words and (words[0] in CHECK_ACTS or "-".join(words) in CHECK_ACTS):
        return True
    verb = _opening_verb(item)
    if verb is not None:
        return verb.lemma_.lower() in CHECK_ACTS or any(_check_of(verb, c) for c in verb.children) or any(
            _check_word(t) in CHECK_ACTS and t.dep_ == "compound" and _check_word(t) != t.lemma_.lower() for t in item
        )
    for token in item:
        word = _check_word(token)
        if word in CHECK_ACTS and token.tag_ in ("VB", "VBP") and subject_of(token) is None:
            return True
        done = token.dep_ == "dobj" and token.head.lemma_.lower() in CHECK_DOING
        if word in CHECK_NOUNS and token.pos_ == "NOUN" and (done or token.dep_ == "ROOT"):
            return True
    return False


def _check_of(verb: Token, child: Token) -> bool:
    """The opening verb's object, purpose or conjunct makes its act a check (_checks)."""
    lemma = child.lemma_.lower()
    if child.dep_ == "dobj":
        return lemma in CHECK_NOUNS and verb.lemma_.lower() in CHECK_DOING
    if child.pos_ != "VERB":
        return False
    if child.dep_ in ("advcl", "xcomp"):
        return lemma in VERIFYING_PURPOSES or lemma in CHECK_ACTS
    going = verb.lemma_.lower() in GOING_TO | USING | RELOADS
    return child.dep_ == "conj" and going and lemma in CHECK_ACTS


def _check_word(token: Token) -> str:
    """The token's lemma, or its hyphened pair with the word before ('double-check', 'smoke-test')."""
    if token.i >= 2 and token.doc[token.i - 1].text == "-":
        return f"{token.doc[token.i - 2].lower_}-{token.lower_}"
    return token.lemma_.lower()


def _proposes(lead: list[Token]) -> bool:
    """r38i (docs/DESIGN.md#the-check-handed-back): the lead-in is only a verb of proposing with no subject, 'please'
    before it allowed ('Recommend', 'Consider', text/questions._proposed_act): its item is the gerund of the act
    proposed to the reader."""
    words = [t.lower_ for t in lead if t.lower_ != "please"]
    return len(words) == 1 and words[0] in PROPOSING_VERBS


def _readers_habit(item: Doc) -> str | None:
    """r38h (docs/DESIGN.md#what-only-the-person-has): every clause of the item is timed by the reader's later work — a
    clause or phrase of time or condition (terms [work-list] habit_marks) that holds a word of the future or of
    recurrence ('after future changes', 'if new commands are added later', 'whenever') or names the reader's own ongoing
    work ('when working on the project'): a habit for later, no act for now. A one-time event ('after the migration
    finishes') times an act for now."""
    clauses = [s for s in _SENTENCE_BREAK.split(item.text) if _WORD.search(s.lower())]
    timed = 0
    for token in item:
        if token.lower_ not in HABIT_MARKS or token.dep_ not in ("mark", "prep", "advmod", "det"):
            continue
        if token.dep_ == "det" and token.head.lemma_.lower() not in HABIT_OCCASIONS:
            continue  # 'each test case' counts things; 'each time you release' recurs
        clause = list(token.subtree) if token.dep_ == "prep" else list(token.head.subtree)
        if token.dep_ != "prep" and token.head.dep_ == "ROOT":
            continue  # the model hung the whole item on the mark
        recurring = token.lower_ == "whenever" or any(t.lower_ in HABIT_TIMES for t in clause)
        working = any(t.lemma_.lower() in HABIT_WORK and t.tag_ in ("VBG", "VBP", "VB") for t in clause)
        if recurring or working:
            timed += 1
    if not clauses or timed < len(clauses):
        return None
    return "the reader's habit for later work"


def _held_on_grant(item: Doc) -> str | None:
    """r38m (docs/DESIGN.md#construction-classes, the person's grant): the item's act is timed by a grant only the
    person gives ('continue with Phase 2 once the test runner issue is resolved on your machine';
    grants.waits_on_grant): the next work waits on the person, none is handed over now."""
    roots = [s.root for s in item.sents]
    granted = waits_on_grant(roots[0]) if roots else None
    # the model may split the timing off as a sentence of its own after a parenthesis ('… (hooks, types) once the
    # runner issue is resolved on your machine'): a later root under a mark of time or condition
    for root in roots[1:]:
        if granted is None and any(c.dep_ == "mark" and c.lower_ in GRANT_MARKS for c in root.children):
            granted = grant_condition(root)
    return None if granted is None else f"the next work waits on the person's grant ('{granted}')"


def _content_asked(item: Doc) -> str | None:
    """r38h: the item runs a command with what the person wants, in their own words ('`/spec.new` again with a
    description of the feature'): the person's input, which only the person has."""
    # run with it: the item opens with a command in code, or the preposition hangs on a verb of invoking
    nouns = [t for t in item if t.dep_ == "pobj" and t.head.lower_ in CONTENT_PREPOSITIONS
             and (_opening_command(item) or t.head.head.lemma_.lower() in INVOKING)]  # fmt: skip
    content = _persons_content(nouns)
    return None if content is None else f"the person's own '{content.text}'"


def _readers_measure(item: Doc) -> str | None:
    """r38h: a check against what only the reader knows — a verb of checking opening the item (terms [work-list]
    checking) and the reader's own measure in it: a noun the reader owns ('for alignment with your standards') or the
    reader's verb in a relative clause ('the workflows you rely on'; readers_measures). Checking the work against
    anything else ('Check the tests pass') is work the agent could do."""
    opening = _opening_verb(item)
    if opening is None or opening.lemma_.lower() not in CHECKING:
        return None
    # the check's own clause: a conjunct act after it ('…, or integrate it into the docs') is judged as work
    clause = [t for t in opening.subtree if not _under_conjunct(t, opening)]
    for token in clause:
        # the reader's own or their team's ('your team's conventions'): the owner may stand one possessor up
        owner = token.head if token.head.dep_ == "poss" else token
        owned = token.dep_ == "poss" and token.lower_ in READER_OWNERS and owner.head.lower_ in READERS_MEASURES
        # the model may hang the relative clause as a complement ('the workflows you rely on': rely -ccomp-)
        relative = token.dep_ == "nsubj" and token.lower_ == "you" and token.head.dep_ in ("relcl", "ccomp") and (
            token.head.lemma_.lower() in READERS_MEASURES)
        if owned or relative:
            return f"a check against the reader's own '{(owner if owned else token).head.text}'"
    return None


def _under_conjunct(token: Token, top: Token) -> bool:
    """The token stands in a conjunct act joined under `top` ('Review it …, or add it …'), not in its own clause."""
    while token.i != top.i and token.head.i != token.i:
        if token.dep_ == "conj" and token.pos_ in ("VERB", "AUX"):
            return True
        token = token.head
    return False




USAGE_PURPOSES = terms("work-list", "usage_purposes")
USAGE_POINTERS = terms("work-list", "usage_pointers")


def _usage_note(item: Doc, asked: Asked) -> str | None:
    """r39k (docs/DESIGN.md#construction-classes): a usage note after the work reported ('Implemented: … 3. `/help` now
    lists both' + 'Type `/help` to see them.'): a command whose purpose is a verb of looking at or trying (terms
    [work-list] usage_purposes) what the message built, named by a pronoun with nothing said of it ('to see them pass'
    checks the work) and something before the site for it to point back at: how to use the work, nothing to do."""
    purpose = _command_purpose(item)
    reported = asked.doc.text[: asked.site.start].strip()
    if purpose is None or purpose.lemma_.lower() not in USAGE_PURPOSES or not reported:
        return None
    pointer = next((c for c in purpose.children if c.dep_ == "dobj" and c.lower_ in USAGE_POINTERS), None)
    if pointer is None or any(c.dep_ in ("ccomp", "xcomp", "acomp", "oprd") for c in purpose.children):
        return None
    return f"a usage note: '{purpose.text} {pointer.text}' points back at the work reported"


def _command_purpose(item: Doc) -> Token | None:
    """r33g: the verb of the purpose clause after a command in code that opens the item ('`gh pr merge 44` to merge
    it', '`git push --tags` to publish the release'): the command's act is named by it, the code being opaque."""
    if not _opening_command(item):
        return None
    return next((t for t in item if t.pos_ == "VERB" and t.tag_ == "VB"
                 and any(c.lower_ == "to" and c.dep_ == "aux" for c in t.children)), None)  # fmt: skip


def _invokes(asked: Asked, lead: list[Token]) -> bool:
    """r33g (docs/DESIGN.md#construction-classes): the lead-in tells the reader to invoke the command the item holds —
    a verb of invoking with no subject, or words of sequence alone ('Run', 'Next: run', 'Then:'), over one item that
    opens with a command in code (text/questions._invoked_command): the command is the act handed over."""
    words = {t.lower_ for t in lead}
    if not lead or len(asked.parts) != 1 or not _opening_command(asked.parts[0]):
        return False
    # r39h: a verb of changing or checking leads a command in a fenced block too ('Install it with:', 'Verify with:')
    verb = next((t for t in lead if t.lower_ in INVOKING or (t.lower_ in COMMAND_LEADS and _fenced(asked))), None)
    if verb is not None:
        subject = subject_of(verb)  # none, or the reader ('You can proceed to `/speckit.plan`.')
        # r39b: the prefix the model cut off the verb ('re' of 're-run') is no subject
        unsubjected = subject is None or _prefix(subject) or subject.lower_ in SYSTEM_NOT_DOERS
        return unsubjected and not words & AGENT_SUBJECTS
    return words <= SEQUENCE


def _fronted_human_only(asked: Asked, lead: list[Token]) -> str | None:
    """r39h: the words before the lead-in's verb of invoking name human-only work ('When you're ready to deploy to
    production, run …'): the command handed over is that act. What makes it human-only, or None."""
    verb = next((t for t in lead if t.lower_ in INVOKING or t.lower_ in COMMAND_LEADS), None)
    before = [t for t in lead if verb is not None and t.i < verb.i and not t.is_punct]
    work = work_of_stretch(before, asked.lexicon) if before else None
    return work.describe() if work is not None and work.human_only else None


def _fenced(asked: Asked) -> bool:
    """r39h: the one item is a fenced block of code (text/questions._fenced_command)."""
    return asked.parts[0].text.lstrip().startswith(("```", "~~~"))


@dataclass(frozen=True)
class ReaderLead:
    """r31b: how a lead-in with no lead-in word hands its list to the reader: 'imperative' ('Remember to:'), 'reader'
    (the reader as subject or as the one it is for: 'What you should do:', 'Action needed from you:'), 'wish' (a
    condition on the reader's wish to go further: 'If you want further refinements:'), 'choice' ('pick one:'), or
    'technical' (a condition on the reader's own use: 'If you want to run it locally:'); `offered`: the agent offers the
    items itself in the lead-in ('If you want, we could:')."""

    kind: str
    token: Token
    offered: bool = False


FURTHER = terms("work-list", "further")
CONDITION_MARKS = frozenset(("if", "when", "whenever", "unless", "once", "should"))
GOING_ON_WISHED = terms("wish-invitation", "going_on")
LEAD_OPENERS = terms("work-list", "lead_openers")
PROPOSING = terms("work-list", "proposing")
READER_HAS = terms("work-list", "reader_has")
AGENT_OWN = terms("work-list", "agent_own")
LATER_USE = terms("work-list", "later_use")
INVOKING = terms("work-list", "invoking")
COMMAND_LEADS = terms("work-list", "command_leads")
SEQUENCE = terms("work-list", "sequence")
CHOICE_WORDS = terms("work-list", "choice_words")
CHOICE_MODALS = terms("work-list", "choice_modals")
STATE_VERBS = terms("work-list", "state_verbs")
PROJECT_FILES = terms("work-list", "project_files")
AGENT_PROPOSALS = terms("work-list", "agent_proposals")
PLAN_MODALS = terms("work-list", "plan_modals")
PLAN_NEEDS = terms("work-list", "plan_needs")
DONE_MARKS = terms("work-list", "done_marks")
GLOSS_REPORTS = terms("work-list", "gloss_reports")
PEOPLE = terms("work-list", "people")
PEOPLE_PREPOSITIONS = terms("work-list", "people_prepositions")
# r38h: items that leave nothing to the agent now — text proposed for the reader's use, the reader's habit for later
# work, a check against the reader's own measures (terms [work-list]).
PROPOSED_TEXTS = terms("work-list", "proposed_texts")
HABIT_MARKS = terms("work-list", "habit_marks")
HABIT_TIMES = terms("work-list", "habit_times")
HABIT_WORK = terms("work-list", "habit_work")
HABIT_OCCASIONS = terms("work-list", "habit_occasions")
CHECKING = terms("work-list", "checking")
ADOPTING_PURPOSES = terms("work-list", "adopting_purposes")
SHELL_VERBS = terms("work-list", "shell_verbs")
SHELL_PLACES = terms("work-list", "shell_places")
SHELL_FOLDERS = terms("work-list", "shell_folders")
SHELL_OWNERS = terms("work-list", "shell_owners")
RESTARTING = terms("work-list", "restarting")
READER_PLACES = tuple(sites()["next-step"]["reader_places"])
READERS_MEASURES = terms("work-list", "readers_measures")


def _lead_word(asked: Asked) -> bool:
    """The lead-in holds a lead-in word of sites.toml [list] ('Next steps:', 'Ideas for later:'), read as the site
    read it, or is the agent's recommendation closing options (text/questions.closing_options)."""
    if recommends(asked.doc.text) or replies(asked.doc.text):
        return True  # r31b: 'I'd go with Approach A.' after options under headings; r32b: 'Reply with A or B.'
    # r33c: a lead-in word that is the finite verb of a subject of its own names no list ('Now all generated files
    # follow the pattern:' states what holds); a base form with a subject and no modal is a present the model mistagged
    stated = {t.lower_ for t in asked.doc if t.tag_ in ("VBZ", "VBP", "VBD", "VB")
              and any(c.dep_ == "nsubj" for c in t.children)
              and not any(c.dep_ in ("aux", "auxpass") for c in t.children)}  # fmt: skip
    if states_remaining_work(asked.doc.text):
        return True  # r39j: "All that remains is", "Still to do:": the work left named by the lead-in's grammar
    return bool(LEAD_INS & set(re.findall(r"[a-z][a-z'-]*", asked.doc.text.lower())) - stated)


def _reader_lead(lead: list[Token]) -> ReaderLead | None:
    """r31b (docs/DESIGN.md#construction-classes): the lead-in's own grammar addresses the list to the reader — a
    condition on the reader's wish (judged on what is wished: more of the work, or the reader's own use), an
    instruction to choose, an imperative opening it, or the reader as subject or as the one it is for."""
    offered = any(t.lower_ in AGENT_SUBJECTS and t.dep_ in ("nsubj", "nsubjpass") for t in lead)
    choosing = next((t for t in lead if t.lemma_.lower() in CHOOSING and t.tag_ == "VB" and subject_of(t) is None),
                    None)  # fmt: skip
    if choosing is not None:
        return ReaderLead("choice", choosing, offered)  # 'If you want verification, pick one:'
    for token in lead:
        if token.lower_ in ("if", "should") and token.dep_ == "mark":
            wish = token.head
            if wish.lemma_.lower() in READER_WISHES and _reader_subject(wish):
                return _wish_for(wish, offered)
    choice = _choice_among(lead)
    if choice is not None:
        return ReaderLead("choice", choice, offered)  # r38p: 'You can either:' — the items are the acts to choose among
    timed = _timed_after_change(lead)
    if timed is not None:
        return ReaderLead("imperative", timed, offered)  # r38i: 'After applying the changes:', 'Once the fix is in:'
    event = next((t for t in lead if t.dep_ == "mark" and t.lower_ in CONDITION_MARKS), None)
    if event is not None:
        # 'If you encounter any merge conflicts, you'll need to:': the steps for an event, a technical conditional
        return ReaderLead("technical", event.head, offered)
    purpose = next((t for t in lead[:1] if t.lower_ == "to" and t.head.dep_ == "advcl" and t.head.i > t.i), None)
    if purpose is not None:
        # 'To upgrade, you'll need to:': the steps toward the reader's own purpose, as a technical conditional
        return ReaderLead("technical", purpose.head, offered)
    first = next((t for t in lead if t.lower_ not in LEAD_OPENERS), None)
    if first is not None and first.tag_ == "VB" and subject_of(first) is None and first.dep_ != "aux":
        return ReaderLead("imperative", first, offered)
    root = next((t for t in lead if t.dep_ == "ROOT"), None)
    if root is not None and root.tag_ == "VB" and subject_of(root) is None and any(
        c.dep_ in ("advcl", "prep") and c.i < root.i for c in root.children
    ):
        return ReaderLead("imperative", root, offered)  # r38i: 'After applying the fix, remember to:' — fronted time
    if first is not None and first.lower_ in ("do", "don't") and any(t.lower_ in ("n't", "not") for t in lead[:3]):
        return ReaderLead("imperative", first, offered)  # "Don't forget to:"
    reader = next((t for t in lead if t.lower_ in SYSTEM_NOT_DOERS and t.dep_ in ("nsubj", "pobj", "dobj")), None)
    if reader is not None:
        return ReaderLead("reader", reader, offered)
    return None


def _choice_among(lead: list[Token]) -> Token | None:
    """r38p (docs/DESIGN.md#construction-classes): the lead-in hands the reader a choice among its items — the reader
    the subject of a modal of possibility over a word of alternatives the colon cuts off ('You can either:'), under no
    condition but one on the project's state now ('If you have an old `jest.config.js` file, you can either:'; terms
    [work-list] state_verbs, project_files): the word of alternatives, or None."""
    for word in (t for t in lead if t.lower_ in CHOICE_WORDS):
        verb = word if word.dep_ == "ROOT" else word.head
        modal = any(c.dep_ == "aux" and c.lower_ in CHOICE_MODALS for c in verb.children)
        reader = any(c.dep_ == "nsubj" and c.lower_ in SYSTEM_NOT_DOERS for c in verb.children)
        conditions = [c for c in verb.children if c.dep_ == "advcl" and any(
            m.dep_ == "mark" and m.lower_ in CONDITION_MARKS for m in c.children)]  # fmt: skip
        if modal and reader and all(_project_state(c) for c in conditions):
            return word
    return None


def _project_state(condition: Token) -> bool:
    """r38p: the condition is a state of the project's own files ('If you have an existing `jest.config.js` file',
    'if there is still an old config file'), which the agent could look at, not an event of the reader's use."""
    return condition.lemma_.lower() in STATE_VERBS and any(
        c.dep_ in ("dobj", "attr", "nsubj") and c.lemma_.lower() in PROJECT_FILES for c in condition.children
    )


def _timed_after_change(lead: list[Token]) -> Token | None:
    """r38i (docs/DESIGN.md#the-check-handed-back): the lead-in is only the time right after the change just made — a
    word of time opening it, a noun of the change in it, no clause of its own after (sites.toml [list] timed_lead_words;
    'After applying the changes:', 'Once the fix is in:'): the items are the steps of checking the change, handed to the
    reader like those under 'Remember to:'. The word of time, or None ('If you hit merge conflicts:' is an event's)."""
    words = [t for t in lead if not t.is_punct]
    if not words or words[0].lower_ not in CHANGE_TIMES or len(words) > TIMED_LEAD_WORDS + 1 or any(
        t.text == "," for t in lead
    ):
        return None
    return words[0] if any(t.lower_ in CHANGE_NOUNS for t in words[1:]) else None


def _readers_own_ways(lead: list[Token], project: bool = False) -> str | None:
    """r33c (docs/DESIGN.md#construction-classes): the lead-in gives the reader's own ways, no work of the agent's — the
    reader as subject of a verb of having in its main clause ('You've got a few handy options:', the answer to a how-to
    question), or a purpose clause opening it and timed for later use or with the reader as the subject after it ('To
    run the application in the future, simply:', 'To make the docs accurate, you could either:'): usage for later or
    the reader's own purpose, a technical conditional whatever lead-in word it holds. r39l: with the reader as the
    subject, steps that are all project work (`project`, _project_steps) are the agent's, not the reader's purpose."""
    haver = next((t for t in lead if t.lower_ in SYSTEM_NOT_DOERS and t.dep_ == "nsubj"
                  and t.head.lemma_.lower() in READER_HAS and t.head.dep_ not in ("advcl", "ccomp", "xcomp", "pcomp")
                  and not any(c.dep_ == "mark" for c in t.head.children)), None)  # fmt: skip
    if haver is not None:
        return f"gives the reader's own ways ('{haver.text} {haver.head.text}'): it answers how, it hands nothing over"
    first = lead[0] if lead else None
    if (
        first is not None
        and first.lower_ == "to"
        and first.i + 1 < len(first.doc)
        and first.doc[first.i + 1].tag_ == "VB"
        and any(t.lower_ in LATER_USE or (t.lower_ in SYSTEM_NOT_DOERS and t.dep_ == "nsubj" and not project)
                for t in first.doc)
    ):
        purpose = f"{first.text} {first.doc[first.i + 1].text}"
        return f"is a technical conditional on the reader's own purpose ('{purpose}'): it offers nothing of the agent's"
    return None


def _agents_own(lead: list[Token]) -> str | None:
    """r33c: the agent's own lane named by the first person singular under a preposition or as the possessor of the
    list's noun ('What's left on my side:', 'My next steps:'); the possessor of a noun of proposing ('My suggestions:')
    still hands the items over."""
    own = next((t for t in lead if t.lower_ in AGENT_OWN and (
        t.dep_ == "pobj" or (t.dep_ == "poss" and t.head.lemma_.lower() not in AGENT_PROPOSALS))), None)  # fmt: skip
    if own is None:
        return None
    return f"names the agent's own lane ('{own.text} {own.head.text}'): its queue, handed to no one"


def _agents_plan(doc: Doc) -> str | None:
    """r37h (docs/DESIGN.md#construction-classes): the clause the colon cuts — the lead-in's last sentence — has the
    agent as subject with a future modal or a verb of necessity or intention ('Let me implement the filters. I'll
    add:', 'So the hook may not run. I need to:', 'Next I'm going to:'): the items are the agent's own next acts. Not
    when the reader is named in it ('I'll need you to:') or a condition holds it ('If you agree, I'll:')."""
    sentence = list(doc.sents)[-1]
    if any(t.lower_ in SYSTEM_NOT_DOERS or t.dep_ == "mark" for t in sentence):
        return None
    for subject in (t for t in sentence if t.lower_ in AGENT_SUBJECTS and t.dep_ == "nsubj"):
        verb = subject.head
        if verb.dep_ == "conj":
            continue  # 'Tell me which one, and I'll draft it:': the agent's act joined to the reader's
        modals = {c.lower_ for c in verb.children if c.dep_ == "aux"} | {verb.lower_}
        infinitive = any(c.lower_ == "to" or (c.dep_ == "xcomp" and c.tag_ == "VB") for c in verb.children)
        if modals & PLAN_MODALS or (verb.lemma_.lower() in PLAN_NEEDS and infinitive):
            return f"is the agent's own plan ('{subject.text} … {verb.text}'): its next acts, handed to no one"
    return None


def _peoples_own(item: Doc) -> bool:
    """r37h (docs/DESIGN.md#construction-classes): the item's act is done with, for or by other people — a group of
    people as the object of a preposition of company or recipience ('share the document with stakeholders'), or as what
    a requirement is specific to ('any team-specific requirements'): the humans' own process, human-only."""
    return any(
        t.lemma_.lower() in PEOPLE
        and (
            (t.dep_ == "pobj" and t.head.lower_ in PEOPLE_PREPOSITIONS)
            or (t.dep_ == "npadvmod" and t.head.dep_ == "amod")
        )
        for t in item
    )


def _reader_subject(verb: Token) -> bool:
    subject = subject_of(verb)
    return subject is not None and subject.lower_ in SYSTEM_NOT_DOERS


def _wish_for(wish: Token, offered: bool) -> ReaderLead:
    """What the reader's wish is for: more of the work ('further refinements', 'to take this further', 'to continue')
    is the agent's next work offered; a wish to do something else ('to run it locally') is the reader's own use; a bare
    wish ('If you want, we could:') leaves the list the agent's offer."""
    wanted = [c for c in wish.children if c.dep_ in ("dobj", "xcomp", "ccomp")]
    if not wanted:
        return ReaderLead("wish", wish, True)
    for thing in wanted:
        words = {t.lower_ for t in thing.subtree}
        if words & FURTHER or thing.lemma_.lower() in GOING_ON_WISHED:
            return ReaderLead("wish", thing, offered)
        if thing.pos_ in ("NOUN", "PROPN") and thing.dep_ == "dobj":
            return ReaderLead("wish", thing, offered)
    return ReaderLead("technical", wanted[0], offered)


def _opening_verb(item: Doc) -> Token | None:
    """r31b: the item opens with an instruction — a base verb with no subject ('Add labels to your PRs'), or a first
    word the model tagged as a noun that a determiner or possessive follows without depending on it ('Wire this command
    into …': a verb and its object)."""
    tokens = [t for t in item if not t.is_space and not t.is_punct and any(ch.isalnum() for ch in t.text)]
    first = next((t for t in tokens if t.lower_ not in LEAD_OPENERS), None)
    if first is None:
        return None
    if first.tag_ in ("VB", "VBP") and subject_of(first) is None and first.dep_ not in ("aux", "nsubj"):
        return first
    if first.tag_ == "VB" and first.dep_ == "nsubj" and first.i == tokens[0].i:
        return first  # r33c: 'Run `npm run dev` again …': no subject is a base form; the code misled the model
    if first.tag_ in ("VBD", "VBN") and first.lower_ == first.lemma_.lower() and first.dep_ == "ROOT" and (
        first.i == tokens[0].i and subject_of(first) is None
    ):
        return first  # r38i: 'Hit the search API …': a past with the base's form and no subject is the base
    following = item[first.i + 1] if first.i + 1 < len(item) else None
    if (
        following is not None
        and first.pos_ in ("NOUN", "PROPN", "VERB")
        and not any(c.dep_ in ("det", "poss") for c in first.children)
        and following.tag_ in ("DT", "PRP$", "PDT")
        and following.head is not first
        and first.text.islower()
    ):
        return first
    return None


SYSTEM_MODALS = terms("work-of-a-system", "modals")
SYSTEM_ADVERBS = terms("work-of-a-system", "adverbs")
SYSTEM_VERBS = terms("work-of-a-system", "verbs")
SYSTEM_OBJECTS = terms("work-of-a-system", "objects")
SYSTEM_NOT_DOERS = terms("work-of-a-system", "reader")


def _system_doer(lead: list[Token]) -> Token | None:
    """r29b (docs/DESIGN.md#construction-classes): the subject whose predicate the colon cuts off — the lead-in ends
    with a subject, then a future modal ('the workflow will:', 'it would then:') or a verb of running ('the hook
    runs:', 'it automatically does the following:') with nothing of its own after it; the items complete it. None
    when that subject is the reader or the agent, or the lead-in ends otherwise ('Next steps:', 'you will need
    to:')."""
    tail: list[Token] = []
    k = len(lead) - 1
    while k >= 0 and (
        lead[k].lower_ in SYSTEM_MODALS
        or lead[k].lower_ in SYSTEM_ADVERBS
        or lead[k].lower_ in SYSTEM_VERBS
        or (lead[k].lower_ in SYSTEM_OBJECTS and tail)
        or (lead[k].lower_ == "the" and tail and tail[0].lower_ in SYSTEM_OBJECTS)
    ):
        tail.insert(0, lead[k])
        k -= 1
    words = {t.lower_ for t in tail}
    if k < 0 or not (words & SYSTEM_MODALS or words & SYSTEM_VERBS):
        return None
    subject = lead[k]
    if any(t.is_punct for t in subject.doc[subject.i + 1 : tail[0].i]):
        return None  # r39h: 'To check the fix, run:' — the noun closes a fronted clause, the comma parts it off
    if _after_preposition(subject):
        return None  # r39h: 'Now, from the api folder run:' — a place the command runs from, no subject
    if subject.pos_ not in ("NOUN", "PROPN", "PRON") or subject.tag_ == "VBG" or _prefix(subject):
        return None  # r39b: 'Please re-run:' — the prefix the model cut off the verb is no subject
    if subject.lower_ in SYSTEM_NOT_DOERS or subject.lower_ in AGENT_SUBJECTS or _hyphenated(subject) in LEAD_INS:
        return None  # 'The follow-ups would:': a lead-in word names the list itself, not a system that does its work
    return subject


def _after_preposition(noun: Token) -> bool:
    """r39h: the noun ends a phrase opened by a preposition ('from the api folder', 'in `web/`'): the words before it,
    back over its determiners and modifiers, meet a preposition."""
    k = noun.i - 1
    while k >= 0 and noun.doc[k].pos_ in ("DET", "ADJ", "NOUN", "PROPN", "NUM", "PUNCT") and noun.doc[k].text != ",":
        k -= 1
    return k >= 0 and noun.doc[k].tag_ == "IN" and noun.doc[k].lower_ not in ("that", "if", "whether")


def _prefix(token: Token) -> bool:
    """r39b: the token is the first part of a word the model cut at its hyphen ('re' of 're-run', 'pre' of
    'pre-build'): joined to the next part, it is no word of its own."""
    doc = token.doc
    return token.i + 2 < len(doc) and not token.whitespace_ and doc[token.i + 1].text == "-" and not doc[
        token.i + 1
    ].whitespace_


def _hyphenated(token: Token) -> str:
    """The whole word a token ends when the model cut it at hyphens ('follow-ups': 'follow', '-', 'ups'), lower case."""
    doc, start = token.doc, token.i
    while start >= 2 and doc[start - 1].text == "-" and not (doc[start - 2].whitespace_ or doc[start - 1].whitespace_):
        start -= 2
    return doc[start : token.i + 1].text.lower()


def _wished(token: Token) -> bool:
    """'Possible next steps, if you want them:': the pronoun is what the reader may want, no owner of the work."""
    return token.dep_ == "dobj" and token.head.lemma_.lower() in ("want", "like", "need", "prefer")


def _item(item: Doc, checked: bool) -> str:
    """What an item is: an open 'act', or a 'report', a 'status' or the agent's own 'plan'."""
    tokens = [t for t in item if not t.is_space and not t.is_punct]
    if checked or not tokens:
        return "report"
    if _described_code(item):
        return "report"
    if _opening_command(item):
        return "act"
    colon = next((t for t in item[tokens[0].i + 1 : tokens[0].i + 4] if t.text == ":"), None)
    if tokens[0].lemma_.lower() in PROPOSING and colon is not None:
        if any(t.lemma_.lower() in PROPOSED_TEXTS for t in item[tokens[0].i + 1 : colon.i]):
            return "status"  # r38h: 'Suggested commit message: `docs: …`': text for the reader's use, no act
        return "act"  # r33c: '- Suggested command: `/speckit.tasks`': a label of the act proposed, whatever its tag
    if _code_subject(item):
        return "status"  # r33c: '`printenv` lists every variable …', '`TODO(…)` remains …': what the code does or is
    if any(t.lower_ in AGENT_OWN and (t.dep_ == "pobj" or (t.dep_ == "poss" and t.head.dep_ == "pobj")) for t in item):
        return "plan"  # r33c: '#412 Excel export — next on my lane after this PR': the agent's own queue
    opening = _opening_verb(item)
    if opening is not None and (opening.tag_ not in ("VBD", "VBN") or opening.lower_ == opening.lemma_.lower()):
        return "act"  # r31b: 'wire this command into … so future sessions can …': the purpose clause is no status
    root = next(iter(item.sents)).root
    subject = subject_of(root)
    auxiliaries = {c.lower_.replace("’", "'") for c in root.children if c.dep_ in ("aux", "auxpass")}
    if subject is not None and subject.lower_ in AGENT_SUBJECTS:
        return "plan"
    if root.tag_ == "VBD" or (root.tag_ == "VBN" and not auxiliaries & offer_words().modals):
        return "report"
    if subject is not None and root.tag_ == "VB" and not any(c.dep_ in ("aux", "auxpass") for c in root.children):
        return "act"  # r31b: a base form with no modal has no subject of its own ('retry failed deliveries, add a log')
    if subject is not None and root.pos_ in ("VERB", "AUX"):
        return "status"  # 'CI is running on the branch', 'The numbers look fine'
    return "act"


_COMMAND_SPAN = re.compile(
    r"[\s*_]*`(/[\w.:-]+[^`\n]*|[\w.~/-]+[ \t]+[^`\n]+|\.{1,2}/[^`\n]{1,200})`"
    # r39h: a fenced block whose first line is a program and its arguments (text/questions._fenced_command)
    r"|[ \t]*(?:`{3,}|~{3,})[\w+-]*[ \t]*\n(?:[ \t]*#[^\n]*\n)*[ \t]*(?:\$[ \t]+)?[\w.~/-]+[ \t]+[^\n]+"
)


def _opening_command(item: Doc) -> bool:
    """r32a (docs/DESIGN.md#construction-classes): the item opens with a command in code — a slash command
    ('`/speckit.plan` (or `/speckit.tasks` …)') or a program and its arguments ('`npm run e2e` to check the login flow')
    — that is no subject of a finite verb after it ('`mytool sync` previews the changes' tells what it does): the
    command is the act handed over, to be run."""
    span = _COMMAND_SPAN.match(item.text)
    if span is None:
        return False
    if item.text[span.end() :].lstrip().startswith("("):
        return True  # r39b: '`uv run pytest` (should now pass)': a remark in brackets is no predicate of the code
    after = _word_after(item, span.end())
    return after is None or after.tag_ not in ("VBZ", "VBD", "VBN", "VBP", "MD")


def _word_after(item: Doc, offset: int) -> Token | None:
    """The first word after the code that opens the item: its tag tells a command handed over from code that is the
    subject of a finite verb (r32a _opening_command, r33c _code_subject read the same word)."""
    return next((t for t in item if t.idx >= offset and any(ch.isalnum() for ch in t.text)), None)


_CODE_OPENING = re.compile(r"[\s*_]*`[^`\n]+`(?:[ \t]*\([^)\n]*\))?")


_GLOSS_DASH = re.compile(r"[ \t*_]*(?:[—–:]|--?)[\s*_]+")
_LABEL = re.compile(r"[\s*_]*(?:`[^`\n]+`|[^\s`—–:.!?][^`—–:.!?\n]{0,60}?)(?=[ \t*_]*(?:[—–:]|--?)[\s*_]+\S)")


def _described_code(item: Doc) -> bool:
    """r42f (docs/DESIGN.md#construction-classes): the item is a label — a file or code, or a few words that are no
    instruction — and after a dash a gloss that reports: opened by a past participle or a word of the artefact's new
    state ('`api/tags.test.ts` — New: CRUD tests', '`docs/api.md` — Updated role notes'; terms [work-list]
    gloss_reports), or a clause with its own subject ('Audit trigger — the SQL is single-statement'): what the thing
    now holds, a report of work done. '`npm test` — run it before pushing', '**Run the suite** — needs Docker' keep
    the act."""
    label = _LABEL.match(item.text)
    dash = _GLOSS_DASH.match(item.text, label.end()) if label is not None else None
    if label is None or dash is None:
        return False
    named = next((t for t in item if t.idx >= label.start() and any(ch.isalnum() for ch in t.text)), None)
    if named is None or named.idx >= label.end() or (named.tag_ == "VB" and "`" not in label.group()):
        return False  # 'Run the suite — needs Docker': the label is the act
    gloss = _word_after(item, dash.end())
    if gloss is None:
        return False
    if gloss.tag_ in ("VBD", "VBN") or gloss.lower_ in GLOSS_REPORTS:
        return True
    clause = [t for t in item if t.idx >= dash.end()][:8]
    return any(t.dep_ in ("nsubj", "nsubjpass") and t.head.tag_ in ("VBZ", "VBD", "VBP") and t.head in clause
               and t.lower_ not in READERS for t in clause)


def _code_subject(item: Doc) -> bool:
    """r33c (docs/DESIGN.md#construction-classes): the item opens with code (a parenthesis after it allowed) and a
    finite verb follows it: the code is the subject ('`printenv` (or `env`) lists every variable …', '`x.md` could not
    be synced …'), the item tells what it does or what holds — a description or a report, no act handed over."""
    span = _CODE_OPENING.match(item.text)
    if span is None:
        return False
    after = _word_after(item, span.end())
    if after is not None and after.tag_ in ("NN", "NNS") and after.i + 1 < len(item):
        after = item[after.i + 1]  # r38h: '`templates/*.md` directory does not exist': the code names the noun after it
    if after is None:
        return False
    return after.tag_ in ("VBZ", "VBD", "MD") or (after.tag_ == "VBP" and after.lower_ in ("are", "have", "remain"))


def _checked(asked: Asked, start: int, item: Doc | None = None) -> bool:
    """A task-list item ticked off ('- [x] …') is done; r37h: so is one a check mark opens ('- ✅ Clear bullet points',
    terms [work-list] done_marks)."""
    if item is not None and item.text.lstrip(" *_").startswith(tuple(DONE_MARKS)):
        return True
    source = asked.doc.user_data.get(SOURCE_KEY)
    if source is None:
        return False
    before = source[0][max(0, start - 6) : start]
    return "[x]" in before.lower()
