"""The agent's next act made to wait on the reader's report (docs/DESIGN.md#construction-classes, turn-taking): the
agent ends by handing the reader a check it could run itself — rebuild, rerun, refresh, try — and conditions its own
next act on what the reader sees or sends back:

* an instruction to the reader after a condition on the reader or on the check's result, joined to the agent's modal
  act ('If you see new errors, paste them and I'll update the map.', 'If anything still breaks, send the new error
  and I'll take the next one.') — report-before-act;
* the agent's modal act governed by a condition whose subject is the reader ('If you run with DEBUG=1 and share the
  output, I can pinpoint it.') or the result of a check an instruction before it handed the reader ('Rebuild the
  container and reload. If it still hangs, we'll inspect the token exchange.') — result-before-act.

The last rows of the [[closing-question]] family but the none row, so every specific row keeps its reason. Judged like
attribution on what the reader is to do: a human-only act (a sign-in, a hardware key, a login, an approval) is a
legitimate hand-over (exempt); adding a file to the agent's context is the person's act (no finding, as turn-taking
reads it). None: a thing's condition with no instruction to the reader before it ('If the tests pass, I'll commit.' —
the agent's own hold), the reader's wish or need (the rows of the wish condition and the contact closer), advice the
agent only gives ('If it fails again, I'd suggest clearing the cache.'), the reader as the doer of the main clause
('If it fails, you'll see the log').
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from analyzer.grammar.closing_handovers import (
    RESULT_POINTERS,
    _agent_goes_on,
    _into_agent_context,
    _of_the_readers,
    _report_back,
    browser_check,
    environment_before,
    readers_environment,
    turn_words,
)
from analyzer.grammar.closing_offers import words as offer_words
from analyzer.grammar.closing_questions import AGENT_SUBJECTS, Asked, _as_asked, _judged
from analyzer.grammar.grants import grant_condition
from analyzer.grammar.judgement import Judgement, carved, gated
from analyzer.grammar.persons_side import app_word, environment_word, persons_fact
from analyzer.grammar.registry import rule
from analyzer.grammar.work import work_of
from analyzer.parse.tokens import SOURCE_KEY, subject_of
from analyzer.terms import terms
from analyzer.text.closing import claim_vocabulary
from analyzer.text.questions import LIST, QUESTION

# r38f: the verbs of telling what the reader saw, with a wh-object ('describe which tab', 'say which page'): the
# reader's observation, as 'tell me which seat' is.
DESCRIBING = terms("report-wait", "describing")

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

MARKS = terms("report-wait", "marks")
READER = terms("report-wait", "reader")
TOGETHER = terms("report-wait", "together")
WISHES = terms("report-wait", "wishes")
ADVICE = terms("report-wait", "advice")
OUTPUT_VERBS = terms("output-asked", "verbs")
PRODUCED = terms("output-asked", "produced")
WISH_MODALS = terms("report-wait", "wish_modals")
INVERTED = terms("report-wait", "inverted")
CREDENTIAL_VERBS = terms("report-wait", "credential_verbs")
PARTICLE_VERBS = terms("report-wait", "particle_verbs")
CREDENTIAL_PARTICLES = terms("report-wait", "credential_particles")
# r33a: the report on the agent's own work ('Let me know how it looks.', 'Let me know what you see.') and the reader's
# word as the condition of the agent's act ('If you give the go-ahead, I'll refactor …').
TELLERS = terms("report-wait", "tellers")
ASKED_MARKS = terms("report-wait", "asked_marks")
TIME_MARKS = terms("report-wait", "time_marks")
PERCEIVING = terms("report-wait", "perceiving")
SHOWING = terms("report-wait", "showing")
JUST_MADE = terms("report-wait", "just_made")
WORK_POINTERS = terms("report-wait", "work_pointers")
PERSISTING = terms("report-wait", "persisting")
CLEARED_STATES = terms("report-wait", "cleared_states")
OFFER_MODALS = terms("report-wait", "offer_modals")
WORD_NOUNS = terms("waits", "word_nouns")
SAYING = terms("word-before-act", "saying")
# r38a: a pronoun pointing back at the wish as what the reader is to say ('please confirm that').
POINTERS = terms("outcome-asked", "pointers")
# what the reader is to expect, know or see is no act of the agent's ('Let me know what to expect from the migration.')
NOT_ACTS = terms("word-before-act", "not_acts")
POSSESSIVES = frozenset({"your", "yours", "ur", "yer", "yr"})
# The sites these rows read: every kind but a question (the question rows decide those) and a closing list.
NOT_SITES = frozenset({QUESTION, LIST})


# ---- reader-credential-hold ----------------------------------------------------------------------------------


@rule("reader-credential-hold")
def reader_credential_hold(asked: Asked) -> Judgement | None:
    """The sentence opens with a condition or time on the reader's credential act — signing or logging in,
    authenticating, unlocking or touching a key ('Once you have signed in, tell me to proceed and I'll save the
    keypair.', 'Once you have finished the login process, type "done" here') — that governs the rest: what follows
    waits on a human-only act, a hold (no finding). Before the rows that read the instruction or the reader's word
    after it, which would judge only what follows."""
    if asked.site.kind in NOT_SITES:
        return None
    # the model may make the condition the root ('Once you have finished the login process, type "done" …')
    condition = next((t for t in asked.doc if t.dep_ in ("advcl", "ROOT") and _marked(t) and _reader_subject(t)), None)
    if condition is None or any(t.i < condition.i and t.dep_ == "ROOT" for t in asked.doc):
        return None
    if not _credential_act(condition, asked):
        return None
    return carved("reader-credential-hold", f"'{_as_asked(asked)}' holds what follows until the reader's "
                  f"'{_clause(condition)}', a credential act only the reader can do")  # fmt: skip


def _human_only_instruction(instruction: Token, asked: Asked) -> str:
    """What makes the instruction the reader's own, or '' when nothing does: human-only work, or a credential act
    ('Plug in the YubiKey and touch it', 'Log in to the Stripe dashboard')."""
    work = work_of([instruction], asked.lexicon, _span(instruction))
    if work.human_only:
        return work.describe()
    return "a credential act only the reader can do" if _credential_act(instruction, asked) else ""


def _credential_act(clause: Token, asked: Asked) -> bool:
    """A verb of signing in ([report-wait] credential_verbs, with its particle where it needs one: 'sign in', 'log in')
    or any word of the credentials domain in the clause ('the login process', 'your YubiKey')."""
    verb = clause.lemma_.lower()
    particles = {c.lower_ for c in clause.children if c.dep_ in ("prt", "prep", "advmod")}
    if verb in CREDENTIAL_VERBS and (verb not in PARTICLE_VERBS or particles & CREDENTIAL_PARTICLES):
        return True
    return any(asked.lexicon.domain_of(t.lower_) == "credentials" or asked.lexicon.domain_of(t.lemma_) == "credentials"
               for t in clause.subtree)  # fmt: skip


# ---- report-before-act ---------------------------------------------------------------------------------------


@rule("report-before-act")
def report_before_act(asked: Asked) -> Judgement | None:
    """The sentence's main verb is an imperative to the reader (a base verb with no subject and no modal) after a
    condition or time clause it governs, and the agent's modal act follows it in the sentence (turn-taking's
    reading of the agent going on). What the reader is told to do is judged: handing back what the check showed
    (a pronoun, what a run produces) fires; an act into the agent's own context is the person's; a human-only act
    is exempt, in the condition ('Once you've signed in, tell me and I'll save the key.') or the instruction."""
    if asked.site.kind == QUESTION:
        # r33a: the report asked as a request ('Could you let me know whether that sped things up?')
        return _report_on_work(asked) if _request_to_tell(asked) else None
    if asked.site.kind in NOT_SITES:
        return None
    reported = _report_on_work(asked) or _word_as_condition(asked)
    if reported is not None:
        return reported
    root = asked.root
    condition = _condition_of(root)
    if condition is None or condition.i > root.i or not _imperative(root):
        root, condition = _after_condition(asked)
        if root is None or condition is None:
            return None
    tokens = [t for t in asked.tokens if not t.is_punct or t.text in (";", ",")]
    going_on = _agent_goes_on(tokens, root)
    if going_on is None:
        return _handed_back_alone(asked, root, condition)
    if going_on.head.lemma_.lower() in ADVICE:
        return None
    if _wished(condition) and _reader_subject(condition):
        return None  # 'If you'd like, send it over and I'll …': the reader's wish, the wish condition's
    held = _readers_own(asked, condition) or _checked_in_environment(asked)
    if held is not None:
        return held
    fact = next((t for t in tokens if t.i < going_on.i and persons_fact(t)), None)
    if fact is not None:
        # r39i: 'If you expected any, let me know which server and I'll look again': what only the person saw or used
        return carved("report-before-act", f"'{root.text} … {fact.text}' asks the person's own fact (what they saw or "
                      "used): only the person can tell it")  # fmt: skip
    into = _into_agent_context(root)
    if into is not None:
        return carved("report-before-act", f"'{root.text} … {into}' asks the reader for access only the reader has")
    stretch = frozenset(t.i for t in tokens if root.i <= t.i < going_on.i and not t.is_punct)
    place = environment_word(asked.doc[i] for i in stretch)
    if place is not None:
        # r39h: 'If you still see an error, check the browser Network tab and share that; I can then …': the check
        # itself is done where only the person is, so what it shows only the person can hand back
        return carved("report-before-act", f"'{root.text} …' is done in the person's own environment ('{place}'): "
                      "what it shows only the person can hand back")  # fmt: skip
    after = f"before the agent's '{going_on.head.text}'"
    if _report_back(tokens, root, turn_words(), at=True) is root or root.lemma_.lower() in OUTPUT_VERBS:
        handed = next((c for c in root.children if c.dep_ in ("dobj", "dative") and c.lower_ not in ("me", "us")), None)
        if handed is not None and _of_the_readers(handed):
            # 'share your tsconfig.json': what is the reader's own may hold what only the reader has
            return carved("report-before-act", f"'{root.text} … {handed.text}' asks for the reader's own thing")
        # after a condition on what the check shows, what is handed back is that ('send the new error', 'paste them')
        why = f"asks the reader to hand back what the check showed ('{root.text} …') and waits for it {after}"
        return _judged(asked, "report-before-act", why, [root], exclude=_outside(tokens, stretch))
    why = f"tells the reader to '{root.text} …' when '{_clause(condition)}', and waits for it {after}"
    return _judged(asked, "report-before-act", f"{why} — work the agent could do", [root],
                   exclude=_outside(tokens, stretch))  # fmt: skip


def _handed_back_alone(asked: Asked, root: Token, condition: Token) -> Judgement | None:
    """r33a: with no act of the agent's named after it, the instruction still waits on the reader when it hands back
    what the check showed ('Please rerun `npm run dev` now. If you still see a resolution error, send the new
    output.'): a verb that hands the agent a thing ([output-asked] verbs), its object what a run produces or a pronoun
    pointing back at it, not the reader's own, given to no one else; after a condition on the reader perceiving
    ([report-wait] perceiving) or on the check's result ('if it still fails'). A wish or a need is none."""
    if root.lemma_.lower() not in OUTPUT_VERBS and root.lower_ not in OUTPUT_VERBS:
        return None
    if _wished(condition) or condition.lemma_.lower() in WISHES:
        return None
    to_others = [p for c in root.children if c.dep_ in ("prep", "dative") and c.lower_ in ("to", "with")
                 for p in c.children if p.lower_ not in ("me", "us")]  # fmt: skip
    if to_others or any(c.dep_ == "dative" and c.lower_ not in ("me", "us") for c in root.children):
        # 'send the logs to the release team': handed to someone else
        return carved("report-before-act", f"'{root.text} …' hands the thing to someone else, not back to the agent")
    handed = [c for c in root.children if c.dep_ == "dobj" and c.lower_ not in ("me", "us")]
    if not handed or not all(
        (h.lower_ in RESULT_POINTERS or h.lemma_.lower() in PRODUCED or h.lower_ in PRODUCED) and not _of_the_readers(h)
        for h in handed
    ):
        return None
    subject = subject_of(condition)
    if subject is None:
        return None
    if subject.lower_ in READER and condition.lemma_.lower() not in PERCEIVING:
        return None  # 'If you merge #812 today, send me the commit': the reader's own act, not what the check showed
    if subject.lower_ in AGENT_SUBJECTS and subject.lower_ not in TOGETHER:
        return None
    held = _readers_own(asked, condition) or _checked_in_environment(asked)
    if held is not None:
        return held
    why = (
        f"asks the reader to hand back what the check showed ('{root.text} …') when '{_clause(condition)}' and "
        "waits for it — a check the agent could run"
    )
    return _judged(asked, "report-before-act", why, [root], exclude=frozenset(t.i for t in condition.subtree))


# ---- r33a: the report on the agent's own work, the reader's word as the condition --------------------------------


def _report_on_work(asked: Asked) -> Judgement | None:
    """r33a: a request to tell the agent ('let me know', 'tell me', 'show me'; terms [report-wait] tellers, the agent
    its recipient), in the imperative, whose complement asks what the agent's own just-done work shows the reader — a
    clause under 'if', 'whether' or a question word ([report-wait] asked_marks) whose subject points at that work ('how
    it looks', 'if that resolves the error'; [report-wait] pointers), or is a thing of it pointed at, not the reader's
    own, doing what a check shows ('whether this page loads', 'how the new palette looks'; [report-wait] showing,
    just_made), or is the reader perceiving it ('what you see', 'what output you get'; [report-wait] perceiving) — a
    check the agent could run. Or the reader told to say which of the agent's acts comes first ('Let me know which to
    tackle first'). Or the report timed by the reader's act and
    joined to the agent's modal act ('Let me know once the old folder is removed and I'll pick the plan back up.').
    Judged on what is reported: human-only work is exempt (a hold on the reader's act, when timed). None: the reader's
    own event ('how the demo goes on your side': a thing of the reader's, or no verb of showing), a wish or a need
    (the rows of the wish condition and the contact closer)."""
    teller = next((t for t in asked.tokens if _tells_the_agent(t)), None)
    if teller is None:
        return None
    tokens = [t for t in asked.tokens if not t.is_punct or t.text in (";", ",")]
    verbs = ("VERB", "AUX")
    clauses = [c for c in teller.children if c.dep_ in ("ccomp", "xcomp", "advcl", "conj") and c.pos_ in verbs]
    if teller.lemma_.lower() == "know":
        # 'let me know once that's done': the model may hang the time after the request on 'let'
        clauses += [c for c in teller.head.children if c.dep_ == "advcl" and c.i > teller.i and c.pos_ in verbs
                    and any(m.dep_ in ("mark", "advmod") and m.lower_ in TIME_MARKS for m in c.children)]  # fmt: skip
    wished = next((c for c in teller.children if c.dep_ in ("dobj", "ccomp") and _wished_thing(c)), None)
    going_on = _agent_goes_on(tokens, teller)
    if wished is not None and going_on is not None:
        # 'Let me know the colour palette you want and I'll apply it': the reader's wish for the agent's next act
        return _act_waits(asked, going_on.head, f"the reader's wish ('{wished.text} …')")
    chosen = _chosen_act(teller)
    if chosen is not None:
        told = f"'{teller.head.text if teller.lemma_.lower() == 'know' else teller.text} … {chosen.text}'"
        return _act_to_choose(asked, told, chosen)
    for clause in clauses:
        marks = {c.lower_ for c in clause.children if c.dep_ in ("mark", "advmod", "dobj", "nsubj", "attr", "det")
                 and c.i < clause.i}  # fmt: skip
        marks |= {
            g.lower_ for c in clause.children if c.dep_ in ("dobj", "nsubj") for g in c.children if g.dep_ == "det"
        }
        if marks & TIME_MARKS:
            judged = _timed_report(asked, tokens, teller, clause)
        elif marks & ASKED_MARKS:
            judged = _asked_on_work(asked, teller, clause)
        else:
            continue
        if judged is not None:
            return judged
    return None


def _act_to_choose(asked: Asked, told: str, act: Token) -> Judgement:
    """The reader told to say which of the agent's acts comes first: one judgement, whether the model hung the
    question word as the teller's object (_chosen_act) or as the subject of a clause under it (_asked_on_work)."""
    why = f"asks the reader to say which of the agent's acts comes ({told}) — work the agent could choose"
    return _judged(asked, "report-before-act", why, [act])


def _chosen_act(teller: Token) -> Token | None:
    """'Let me know which of the bugs to fix first', 'Tell me which one to tackle next': the teller's object a question
    word (or a noun under one) that an infinitive with no subject of its own modifies — the agent's act to be chosen."""
    for told in (c for c in teller.children if c.dep_ in ("dobj", "nsubj") and c.lower_ not in ("me", "us")):
        asked_word = told.lower_ in ASKED_MARKS or any(
            g.dep_ == "det" and g.lower_ in ASKED_MARKS for g in told.children
        )
        if not asked_word:
            continue
        for t in told.subtree:
            if t.dep_ in ("relcl", "acl") and any(c.dep_ == "aux" and c.lower_ == "to" for c in t.children):
                return t if subject_of(t) is None and t.lemma_.lower() not in WISHES | NOT_ACTS else None
    # read from the words when the model loses the infinitive ('which module to refactor first': 'refactor' a noun
    # under 'to'): a question word right after the teller, then within a few words 'to' and a bare word
    words = [t for t in teller.doc[teller.i + 1 : teller.i + 8] if not t.is_punct]
    if not words or words[0].lower_ not in ("which", "what"):
        return None
    to = next((k for k, t in enumerate(words[1:5], 1) if t.lower_ == "to"), None)
    if to is None or to + 1 >= len(words):
        return None
    act = words[to + 1]
    if act.tag_ not in ("VB", "NN") or act.lower_ in READER or act.lemma_.lower() in WISHES | NOT_ACTS:
        return None
    return act


def _request_to_tell(asked: Asked) -> bool:
    """A request question to tell the agent: a modal opening it, the reader right after, then 'let me know' or 'tell
    me' ('Could you let me know whether that sped things up?', 'Can you tell me how it looks?')."""
    words = [t for t in asked.tokens if not t.is_punct]
    if len(words) < 4 or words[0].lower_ not in turn_words().request_modals or words[1].lower_ not in READER:
        return False
    return words[2].lemma_.lower() in ("let", "tell", "show") and words[3].lower_ in ("me", "us")


def _tells_the_agent(verb: Token) -> bool:
    """An imperative of telling with the agent as recipient: 'let me know' (its 'know'), 'tell me', 'show us'; asked
    as a request ('Could you let me know …?')."""
    lemma = verb.lemma_.lower()
    if lemma == "know" and verb.head.lemma_.lower() == "let" and verb.head.i != verb.i:
        told = any(c.dep_ == "nsubj" and c.lower_ in ("me", "us") for c in verb.children)
        return told and (_imperative(verb.head) or _requested_of_reader(verb.head))
    if lemma not in TELLERS or not (_imperative(verb) or _requested_of_reader(verb)):
        return False
    return any(c.dep_ in ("dative", "dobj", "iobj") and c.lower_ in ("me", "us") for c in verb.children)


def _requested_of_reader(verb: Token) -> bool:
    """'Could you let me know …?': the reader the subject of the verb under a modal of request, the sentence a
    question."""
    subject = subject_of(verb)
    modal = any(c.dep_ == "aux" and c.lower_ in turn_words().request_modals for c in verb.children)
    return subject is not None and subject.lower_ in READER and modal and verb.sent.text.rstrip().endswith("?")


def _asked_on_work(asked: Asked, teller: Token, clause: Token) -> Judgement | None:
    """'how it looks', 'if that resolves the error', 'what you see', 'which to tackle first' (see _report_on_work)."""
    subject = subject_of(clause)
    to_act = any(c.dep_ == "aux" and c.lower_ == "to" for c in clause.children)
    if to_act and subject is not None and subject.lower_ in ASKED_MARKS:
        subject = None  # 'which to tackle first': the model may make the question word the infinitive's subject
    told = f"'{teller.head.text if teller.lemma_.lower() == 'know' else teller.text} … {_clause(clause)}'"
    if subject is None and to_act and clause.lemma_.lower() not in WISHES | NOT_ACTS:
        return _act_to_choose(asked, told, clause)
    if subject is None or _wished(clause) or clause.lemma_.lower() in WISHES:
        return None
    verb = clause.lemma_.lower()
    if subject.lower_ in ASKED_MARKS:
        return None  # 'Tell me what happens when you reload the page.': a fact asked, as the reader's word rows read it
    if subject.lower_ in READER:
        if verb not in PERCEIVING:
            return None  # 'if you have questions', 'what you think': the rows of the contact closer and the view
        # what the reader sees after the instruction the sentence opens with ('Open DevTools in your browser and …')
        place = readers_environment(asked, clause, frozenset(t.i for t in asked.tokens if not t.is_punct))
        if place is not None:
            # r37f: 'Redeploy from the UI and let me know what you see.': what the reader sees there only the person can
            return carved("report-before-act", f"{told} asks what the reader sees in the person's own environment "
                          f"('{place}'): only the person can look there")  # fmt: skip
    else:
        # r38k: 'Open `/dashboard` again and let me know if it still bounces you back': what the check in the person's
        # running app or platform shows, only the person sees
        reported = {t.i for t in clause.subtree}
        place = environment_word([t for t in asked.tokens if t.i not in reported])
        if place is not None:
            return carved("report-before-act", f"{told} asks what the reader's check in the person's own environment "
                          f"shows ('{place}'): only the person can look there")  # fmt: skip
    if subject.lower_ not in READER and subject.lower_ not in RESULT_POINTERS and subject.lower_ not in WORK_POINTERS:
        owned = any(t.dep_ == "poss" and t.lower_ in POSSESSIVES for t in subject.subtree)
        if subject.pos_ not in ("NOUN", "PROPN"):
            return None
        # not a person named ('if Dana is back'); an error code is no name ('whether the 502s come back')
        thing = subject.pos_ in ("NOUN", "NUM") or any(ch.isdigit() for ch in subject.text)
        if not owned and thing and _persists_or_clears(clause):
            why = f"asks the reader to report whether the trouble the agent's work addressed is gone ({told})"
            why += " — a check the agent could run"
            return _judged(asked, "report-before-act", why, [clause], frozenset({subject.i}))
        if verb not in SHOWING or owned or not _points_at_work(subject):
            # 'how the demo goes on your side', 'whether the nightly passes': not the agent's work
            return carved("report-before-act", f"{told} asks about '{subject.text}', the reader's own or no work of "
                          "the agent's pointed at: no check handed over")  # fmt: skip
    why = f"asks the reader to report what the agent's own work shows ({told}) — a check the agent could run"
    return _judged(asked, "report-before-act", why, [clause], exclude=frozenset({subject.i}))


def _persists_or_clears(clause: Token) -> bool:
    """'if the issue persists', 'whether the flicker is gone', 'if the error comes back': a verb of the trouble going
    on or going away ([report-wait] persisting), or a copula with a state of it ([report-wait] cleared_states) — what
    the agent's fix was for, the reader asked to check it."""
    if clause.lemma_.lower() in PERSISTING or clause.lower_ in CLEARED_STATES:
        return True  # 'persists', 'is gone' (the model may read 'gone' as the verb), 'is fixed'
    if any(c.dep_ in ("prt", "advmod") and c.lower_ in ("back", "away") for c in clause.children):
        return True  # 'comes back', 'goes away'
    if clause.lemma_.lower() == "be":
        return any(c.dep_ in ("acomp", "advmod", "attr") and c.lower_ in CLEARED_STATES for c in clause.children)
    return False


def _points_at_work(noun: Token) -> bool:
    """The noun points back at the agent's just-done work: a demonstrative ('this page', 'those changes') or a word of
    the work just made ('the new palette', 'the updated layout'; terms [report-wait] just_made)."""
    return any(c.dep_ in ("det", "amod") and (c.lower_ in RESULT_POINTERS or c.lower_ in JUST_MADE)
               for c in noun.children)  # fmt: skip


def _timed_report(asked: Asked, tokens: list[Token], teller: Token, clause: Token) -> Judgement | None:
    """'Let me know once the old folder is removed and I'll pick the plan back up.': the report timed by the reader's
    act (the reader its subject, or a passive with no doer named) and the agent's modal act after it."""
    going_on = _agent_goes_on(tokens, teller)
    if going_on is None or going_on.i < clause.i:
        return None
    subject = subject_of(clause)
    passive = any(c.dep_ in ("nsubjpass", "auxpass") for c in clause.children) and not any(
        c.dep_ == "agent" for c in clause.children
    )
    if not passive and (subject is None or subject.lower_ not in READER or _wished(clause)):
        if subject is None or subject.lower_ in READER or subject.lower_ in AGENT_SUBJECTS:
            return None
        # 'Let me know when CI is green and I'll merge': a thing's event, a wait on work in flight
        return carved("report-before-act", f"the report is timed by a thing's event ('{_clause(clause)}'), not by the "
                      "reader's act: a wait on work in flight")  # fmt: skip
    held = _readers_own(asked, clause) if not passive else None
    if held is not None:
        return held
    scope = frozenset(t.i for t in clause.subtree if not t.is_punct and t.lower_ not in READER)
    work = work_of([clause], asked.lexicon, scope)
    if work.human_only or _credential_act(clause, asked):
        return carved("report-before-act", f"'{_as_asked(asked)}' holds the agent's act until the reader's "
                      f"'{_clause(clause)}', a human-only act: a hold")  # fmt: skip
    place = readers_environment(asked, clause, scope)
    if place is not None:
        # r37f: 'Let me know when you've made this change and we'll watch the build.' after a change in the dashboard
        return carved("report-before-act", f"'{_as_asked(asked)}' holds the agent's act until the reader's "
                      f"'{_clause(clause)}', done in the person's own environment ('{place}'): a hold")  # fmt: skip
    why = (
        f"asks the reader to report back when '{_clause(clause)}' and waits for it before the agent's "
        f"'{going_on.head.text}'"
    )
    return _judged(asked, "report-before-act", f"{why} — work the agent could do", [going_on.head],
                   exclude=frozenset({going_on.i}))  # fmt: skip


def _word_as_condition(asked: Asked) -> Judgement | None:
    """r33a: the reader's word as the condition of the agent's modal act — a condition or time whose subject is the
    reader and whose verb gives the reader's go ('If you give the go-ahead, I'll refactor …'; a noun of the reader's
    word, terms [waits] word_nouns) or tells the agent the reader's wish ('If you tell me whether you want it
    recursive, I'll wire it in.'); or an instruction to say so after a condition on the reader's wish ('If you also
    want X, say so and I'll add it.'). Judged on the agent's act: a human-only act is a hold (no finding)."""
    tokens = [t for t in asked.tokens if not t.is_punct or t.text in (";", ",")]
    for act in _agent_acts(asked):
        condition = _condition_of(act)
        if condition is None or not _reader_subject(condition):
            continue
        word = _readers_word(condition)
        if word is None:
            continue
        held = _readers_own(asked, condition, "report-before-act")
        if held is not None:
            return (
                held  # 'If you give the go-ahead on the production deploy, I'll run it.': the go for a human-only act
            )
        return _act_waits(asked, act, f"the reader's '{_clause(condition)}' ({word})")
    # r38a: the model may hang the instruction to say so anywhere ('If you also want tabs on See All, say so and we
    # can add it' read with 'See' as the root): any imperative of saying after the condition, the root first
    for root in (asked.root, *(t for t in asked.tokens if t.i != asked.root.i and t.lemma_.lower() in SAYING)):
        said = _said_back(asked, tokens, root)
        if said is not None:
            return said
    return None


def _said_back(asked: Asked, tokens: list[Token], root: Token) -> Judgement | None:
    """'If you also want X, say so and I'll add it.': an imperative of saying with nothing said but 'so' (a clause
    after a ';' is another sentence's), governed by a condition on the reader's wish, and the agent's modal act after
    it."""
    condition = _condition_of(root)
    if condition is None or not _reader_subject(condition) or not _wished(condition) or not _imperative(root):
        return None
    if condition.i > root.i:
        return None
    objects = [c for c in root.children if c.dep_ in ("dobj", "ccomp") and c.lower_ not in ("me", "us", "so")
               and not (c.dep_ == "ccomp" and _agent_subject(c)) and not _after_semicolon(root, c)
               and not (c.lower_ in POINTERS and not list(c.children))]  # fmt: skip
    if root.lemma_.lower() not in TELLERS | SAYING or objects:
        return None
    going_on = _agent_goes_on(tokens, root)
    # r38a: 'If you intend for me to add this, please confirm that.': the agent's act is what the reader wishes
    act = going_on.head if going_on is not None else _agent_act_wished(condition)
    if act is None:
        return None
    return _act_waits(asked, act, f"the reader's wish ('{_clause(condition)}') said back "
                      f"('{root.text} …')")  # fmt: skip


def _agent_act_wished(condition: Token) -> Token | None:
    """r38a: the reader's wish names the agent as the doer of what is wished ('if you intend for me to add this', 'if
    you'd like me to add it'): the clause under the wish whose subject is the agent."""
    return next((c for c in condition.children if c.dep_ in ("ccomp", "xcomp", "advcl") and _agent_subject(c)), None)


def _after_semicolon(verb: Token, clause: Token) -> bool:
    """r38a: a ';' stands between the verb and the clause the model hung on it: another sentence's clause."""
    low, high = sorted((verb.i, clause.i))
    return any(t.text == ";" for t in verb.doc[low:high])


def _readers_word(condition: Token) -> str | None:
    """The reader's condition is their word to the agent: a verb of giving whose object is a noun of the reader's word
    ('give the go-ahead', 'give me the word'), or a verb of telling whose complement is the reader's wish or choice
    ('tell me whether you want it recursive', 'let me know which one you prefer')."""
    lemma = condition.lemma_.lower()
    if lemma in ("give", "send", "drop") or lemma in OUTPUT_VERBS:
        given = [c for c in condition.children if c.dep_ == "dobj"]
        if any(g.lower_ in WORD_NOUNS or g.lemma_.lower() in WORD_NOUNS for g in given):
            return "the reader's go"
        # 'If you send me the schema you want, …': what is handed is the reader's wish for the agent's work
        return "the reader's wish" if any(_wished_thing(g) for g in given) else None
    teller = condition
    if lemma == "let":
        teller = next((c for c in condition.children if c.dep_ == "ccomp" and c.lemma_.lower() == "know"), condition)
    elif lemma not in TELLERS:
        return None
    # the model may hang the told clause beside the condition, on the agent's act ('whether you want tabs -advcl->')
    beside = [c for c in condition.head.children if c.dep_ == "advcl" and c.i > condition.i
              and any(m.dep_ == "mark" and m.lower_ in ("whether", "which") for m in c.children)]  # fmt: skip
    for clause in (*(c for c in teller.children if c.dep_ in ("ccomp", "xcomp")), *beside):
        subject = subject_of(clause)
        if subject is not None and subject.lower_ in READER and (clause.lemma_.lower() in WISHES or _wished(clause)):
            return "the reader's wish"
    return None


def _agent_subject(verb: Token) -> bool:
    subject = subject_of(verb)
    return subject is not None and subject.lower_ in AGENT_SUBJECTS


def _wished_thing(noun: Token) -> bool:
    """The noun is what the reader wishes ('the schema you want', 'the palette you'd like'): a relative clause of it
    whose subject is the reader and whose verb is a wish."""
    if any(
        c.dep_ in ("relcl", "acl", "ccomp") and _reader_subject(c) and (c.lemma_.lower() in WISHES or _wished(c))
        for c in noun.children
    ):
        return True
    # read from the words when the model hangs the relative clause elsewhere: the reader and a wish right after it
    after = [t for t in noun.doc[noun.i + 1 : noun.i + 4] if t.lower_.replace("’", "'") not in WISH_MODALS]
    return len(after) >= 2 and after[0].lower_ in READER and after[1].lemma_.lower() in WISHES


def _act_waits(asked: Asked, act: Token, on: str) -> Judgement:
    why = f"makes the agent's '{act.text}' wait on {on} — the turn stands by on the reader's word"
    scope = frozenset(t.i for t in act.subtree if t.dep_ not in ("nsubj", "aux") and not t.is_punct)
    clause = _condition_of(act)
    if clause is not None and act.i not in {t.i for t in clause.subtree}:  # not the act the condition wishes (r38a)
        scope -= frozenset(t.i for t in clause.subtree)
    work = work_of([act], asked.lexicon, scope)
    if work.human_only:
        return carved("report-before-act", f"'{_as_asked(asked)}' holds the agent's '{act.text}' on {on}, and that act "
                      f"is {work.describe()}: a hold on a human-only act")  # fmt: skip
    return gated("fire", "report-before-act", f"fires (report-before-act): '{_as_asked(asked)}' {why}; it "
                 f"{work.describe()}", act.i, None, work.domains)  # fmt: skip


def hands_a_check(asked: Asked) -> bool:
    """The sentence hands the reader a check after a condition on its result and joins the agent's act to it, as
    report-before-act reads it (fire or exempt): the contact closer leaves such a sentence to it."""
    judged = report_before_act(asked)
    return judged is not None and judged.verdict in ("fire", "exempt")


# ---- result-before-act ---------------------------------------------------------------------------------------


@rule("result-before-act")
def result_before_act(asked: Asked) -> Judgement | None:
    """The agent's modal act ('I'll', 'we can', 'we might need to') governed by a condition or time clause (on the act,
    or on a clause the act is joined to): whose subject is the reader, judged on the reader's act; or whose subject
    is the check's result ('it', 'there are errors', 'anything', 'we' together), when an instruction to the reader is
    among the sentences before it (the site's parts, each parsed alone), judged on that instruction."""
    if asked.site.kind in NOT_SITES:
        return None
    acts = _agent_acts(asked)
    advised = _advised(asked)
    if not acts and advised is not None:
        return carved("result-before-act", f"the agent's '{advised.text}' only advises the reader: no act of its own "
                      "waits")  # fmt: skip
    for act in acts:
        condition = _condition_of(act)
        if condition is None or condition.tag_ == "VBD":
            continue
        granted = grant_condition(condition)
        if granted is not None:
            # r38m: 'I can retry once network access is available': the person's grant, no check handed over
            return carved("result-before-act", f"the agent's '{act.text}' waits on '{_clause(condition)}', what only "
                          f"the person can grant ('{granted}'): a wait on the person's grant")  # fmt: skip
        subject = subject_of(condition)
        there = any(c.dep_ == "expl" for c in condition.children)
        if subject is None and not there:
            continue  # 'Once installed, we'll configure the hooks': no one's result named
        after = f"before the agent's '{act.text}'"
        if subject is not None and subject.lower_ in READER:
            if _wished(condition) or _directs_the_agent(condition):
                # 'If you can point me to a specific hand, I'll dig in': what only the reader saw or wishes
                return carved("result-before-act", f"the reader's '{_clause(condition)}' directs the agent or wishes: "
                              "no check handed over")  # fmt: skip
            if _only_hands_over(condition):
                # 'Once you share the logs, I'll dig into the crash.': the reader's input, no check of the agent's
                # handed over ('If you run it with DEBUG=1 and share the output, …' hands one)
                return carved("result-before-act", f"the reader's '{_clause(condition)}' only hands the agent the "
                              "reader's input: a wait on it, no check handed over")  # fmt: skip
            before = _instruction_before(asked.parts)
            if before is not None and _human_only_instruction(before, asked):
                # 'Plug in the YubiKey and touch it. Once you've done that, I'll check the card.': the reader's act the
                # condition points back at is the human-only one before it
                return gated("exempt", "result-before-act", f"exempt (result-before-act): '{_as_asked(asked)}' waits "
                             f"on the reader's '{before.text} …' before it, and that is "
                             f"{_human_only_instruction(before, asked)}", act.i)  # fmt: skip
            held = _readers_own(asked, condition, "result-before-act")
            if held is not None:
                return held
            why = f"makes the agent's act wait on the reader's '{_clause(condition)}' {after}"
            return _judged(asked, "result-before-act", f"{why} — work the agent could do", [condition],
                           exclude=frozenset(t.i for t in asked.doc if t.i not in _span(condition)))  # fmt: skip
        if subject is not None and subject.lower_ in AGENT_SUBJECTS and subject.lower_ not in TOGETHER:
            continue  # 'If I find more, I'll fix them': the agent's own hold
        flight = _work_in_flight_before(asked, act)
        if flight is not None:
            # r35b: 'The flashing script is still writing the 3 boards. I'll run the smoke test when they're done.': the
            # condition points at work in flight named just before it, not at an instruction further back
            return carved("result-before-act", f"'{_clause(condition)}' points at work in flight ('{flight}'): a hold "
                          "on work, no wait on the reader")  # fmt: skip
        instruction = _instruction_before(asked.parts)
        # 'Let me check if we can use X': the clause under 'if' is the act itself, what is checked, no condition on it
        offered = _offered_on_result(act) if act.i not in {t.i for t in condition.subtree} else None
        if instruction is None and offered is not None:
            # r37i: 'If the columns break badly, we can tune the heights.': no commitment, an offer left on a result
            # the reader is to see — the same as 'I can also tune them if you want'
            why = (f"offers the agent's '{act.text}' ('{offered.text}', no commitment) on a result the reader is to "
                   f"see ('{_clause(condition)}') {after}")
            # the result of a human-only stage ('If the deploy to production fails, we can roll back') is the
            # reader's to watch: judged on the condition first
            staged = _judged(asked, "result-before-act", why, [condition])
            if staged.verdict == "exempt":
                return staged
            return _judged(asked, "result-before-act", why, [act],
                           exclude=frozenset(t.i for t in condition.subtree))  # fmt: skip
        if instruction is None:
            # 'If the tests pass, I'll commit.': a thing's condition, no check handed to the reader
            return carved("result-before-act", f"'{_clause(condition)}' is a thing's condition and no instruction "
                          "hands the reader the check: the agent's own hold")  # fmt: skip
        into = _into_agent_context(instruction)
        if into is not None:
            return carved("result-before-act", f"'{instruction.text} … {into}' asks the reader for access only the "
                          "reader has")  # fmt: skip
        place = app_word(list(instruction.subtree)) or browser_check(instruction.subtree)
        if place is not None:
            # r38k: 'Try the delete again. If it still fails, I'll add logging.': the check is done in the person's app
            # (its use, not a place: 'Please reload the dashboard. If the chart is still blank, …' still waits)
            return carved("result-before-act", f"'{_clause(condition)}' is the result of the reader's "
                          f"'{instruction.text} …', done in the person's own environment ('{place}'): a hold on the "
                          "person")  # fmt: skip
        scope = frozenset(t.i for t in instruction.subtree if not t.is_punct)
        work = work_of([instruction], asked.lexicon, scope)
        shown = _as_asked(asked)
        told = f"the reader's '{instruction.text} …' before it"
        if work.human_only or _credential_act(instruction, asked):
            return gated("exempt", "result-before-act", f"exempt (result-before-act): '{shown}' waits on the result "
                         f"of {told}, and that is {_human_only_instruction(instruction, asked)}", act.i, None,
                         work.domains)  # fmt: skip
        return gated("fire", "result-before-act", f"fires (result-before-act): '{shown}' waits on the result of "
                     f"{told} ('{_clause(condition)}') {after}; it {work.describe()}", act.i, None,
                     work.domains)  # fmt: skip
    return None


# ---- helpers -------------------------------------------------------------------------------------------------


def _after_condition(asked: Asked) -> tuple[Token | None, Token | None]:
    """The instruction read from the words when the parse of a long condition loses it ('And if the probe prints the
    platform but the window still doesn't stay open, share that output and I'll adjust …' — the model made the
    condition the root): the sentence opens with a mark of condition (after 'and', 'but'), and after one of its
    commas comes a base verb with no subject and no modal. Returns the instruction and the condition's head."""
    words = [t for t in asked.tokens if not t.is_punct or t.text == ","]
    k = 0
    while k < len(words) and words[k].lower_ in ("and", "but", "so", "or"):
        k += 1
    if k >= len(words) or words[k].lower_ not in MARKS:
        return None, None
    mark = words[k]
    for j, comma in enumerate(words):
        if j <= k or comma.text != ",":
            continue
        after = next((t for t in words[j + 1 :] if t.text != "," and t.lower_ not in turn_words().openers), None)
        if after is not None and _imperative(after):
            return after, (mark.head if mark.head.i < comma.i else mark)
    return None, None


def _offered_on_result(act: Token) -> Token | None:
    """r37i: the agent's act carries a modal of possibility (terms [report-wait] offer_modals: 'we can tune'), not of
    commitment ('I'll commit'): the modal, or None."""
    return next((c for c in act.children if c.dep_ == "aux" and c.lower_ in OFFER_MODALS), None)


def _agent_acts(asked: Asked) -> list[Token]:
    """The verbs of the last sentence whose subject is the agent and that carry a modal of the agent's act ('I'll fix',
    'we can mark', 'we might need'), not a perfect after it ('I would have seen'), not advice ('I'd suggest …')."""
    modals = offer_words().modals
    sentence = list(asked.doc.sents)[-1] if len(asked.doc) else []
    acts = []
    for token in sentence:
        if token.dep_ not in ("nsubj", "nsubjpass") or token.lower_ not in AGENT_SUBJECTS:
            continue
        verb = token.head
        auxiliaries = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
        if not any(a.lower_.replace("’", "'") in modals for a in auxiliaries):
            continue
        if any(a.lower_ == "have" for a in auxiliaries) or verb.lemma_.lower() in ADVICE:
            continue
        acts.append(verb)
    return acts


def _advised(asked: Asked) -> Token | None:
    """The agent's verb of advice under a modal and a condition ('If it fails again, I'd suggest a clean build.')."""
    modals = offer_words().modals
    for token in list(asked.doc.sents)[-1] if len(asked.doc) else []:
        verb = token.head
        if token.dep_ == "nsubj" and token.lower_ in AGENT_SUBJECTS and verb.lemma_.lower() in ADVICE:
            modal = any(c.dep_ == "aux" and c.lower_.replace("’", "'") in modals for c in verb.children)
            if modal and _condition_of(verb) is not None:
                return verb
    return None


def _condition_of(verb: Token) -> Token | None:
    """The condition or time clause that governs the verb: an adverbial clause opened by a mark of sites.toml [report]
    ('if', 'once', 'after', 'as soon as') on the verb, on a verb it is joined to, or on a clause above it."""
    node: Token | None = verb
    seen = 0
    while node is not None and seen < 4:
        for head in (node, *([node.head] if node.dep_ == "conj" else [])):
            for child in head.children:
                if child.dep_ == "advcl" and _marked(child):
                    return child
        # r37i: 'If you find the split isn't right, we can adjust …': the model hangs the condition under the clause
        # of what is found, read as the verb's complement before it
        for clause in (c for c in node.children if c.dep_ == "ccomp" and c.i < node.i):
            for child in clause.children:
                if child.dep_ == "advcl" and child.i < clause.i and _marked(child):
                    return child
        node = node.head if node.head.i != node.i else None
        seen += 1
    opening = verb.doc[verb.sent.start]
    if verb.sent.start > 0 and opening.dep_ == "cc" and opening.head.i == verb.sent.root.i:
        # 'If it still fails, the next fix will be lower-level and I'll instrument the wrapper.': the model may cut the
        # sentence before 'and'; the condition of the clause it is joined to governs it
        return _condition_of(verb.doc[verb.sent.start - 1].sent.root)
    return None


def _marked(clause: Token) -> bool:
    """The clause opens with a mark of condition or time ('if', 'once'; 'as soon as' read by its 'soon'), or with the
    inverted modal of a condition before its subject ('Should anything go red, …')."""
    if any(c.dep_ in ("mark", "advmod") and c.lower_ in MARKS and c.i < clause.i for c in clause.children):
        return True
    subject = subject_of(clause)
    return subject is not None and any(
        c.dep_ == "aux" and c.lower_ in INVERTED and c.i < subject.i for c in clause.children
    )


def _imperative(verb: Token) -> bool:
    """A base verb with no subject and no modal: the reader told ('paste them', 'send the new error'); 'let me know' is
    one too."""
    if verb.tag_ not in ("VB", "VBP") or subject_of(verb) is not None:
        return False
    return not any(c.dep_ == "aux" and c.tag_ == "MD" for c in verb.children)  # 'rebuild/restart' reads as an aux


def _request(verb: Token) -> bool:
    """A request question to the reader: a modal opening it, the reader right after ('Could you double-check …?'; the
    model may read a hyphenated verb as a noun and the reader as its modifier) and a question mark closing it."""
    words = [t for t in verb.sent if not t.is_punct]
    if len(words) < 3 or not verb.sent.text.rstrip().endswith("?"):
        return False
    return words[0].tag_ == "MD" and words[0].head.i == verb.i and words[1].lower_ in READER


def _verb_before_determiner(sentence: Span) -> Token | None:
    """An instruction whose verb the model read as a noun: its first word, bare, is followed at once by a determiner or
    possessor that is not its own ('Reload the landing page in Safari.' — no noun stands before its own phrase's
    determiner). A regular past form the model read as one ('Fixed the date parsing.') reports work done."""
    words = [t for t in sentence if not t.is_punct and not t.is_space]
    if len(words) < 3 or words[0].pos_ not in ("NOUN", "PROPN", "VERB") or words[0].tag_ in ("NNS", "NNPS"):
        return None
    first, second = words[0], words[1]
    if second.tag_ not in ("DT", "PRP$") or second.head.i == first.i or second.i != first.i + 1:
        return None
    if first.tag_ in ("VBD", "VBN") and first.lower_ != first.lemma_.lower():
        return None  # r35b, r35e: 'Implemented the leaderboard endpoint …', 'Fixed the date parsing.': a report
    return None if any(c.dep_ in ("det", "poss") for c in first.children) else first


def _coordinated_imperative(verb: Token) -> bool:
    """An instruction the model read as a name: its first word, bare (no determiner, possessor or modifier), in the
    singular, joined by a conjunction to what follows ('Refresh and test drag again.')."""
    if verb.i != verb.sent.start or verb.tag_ not in ("NN", "NNP") or verb.dep_ != "ROOT":
        return False
    if any(c.dep_ in ("det", "poss", "amod", "compound", "nummod") for c in verb.children):
        return False
    return any(c.dep_ == "cc" for c in verb.children) and any(c.dep_ == "conj" for c in verb.children)


def _readers_own(asked: Asked, condition: Token, name: str = "report-before-act") -> Judgement | None:
    """A condition on the reader's own human-only act ('Once you have signed in, …', 'Once you merge #812, …'): the
    agent's act held until it is a hold on a human-only act, as word-before-act reads it — no finding."""
    subject = subject_of(condition)
    if subject is None:
        return None
    if condition.pos_ == "AUX" and condition.head.dep_ == "advcl" and condition.head.pos_ == "VERB":
        condition = condition.head  # r40b: 'If you're fine approving the request': the copula hung on the clause's verb
    # the condition's own act, a report joined to it left out ('Once you've merged #812 and told me, …')
    joined = frozenset(t.i for c in condition.children if c.dep_ == "conj" for t in c.subtree)
    if subject.lower_ not in READER:
        # r38f: what shows in the person's own environment ('If the warning still shows in your editor, paste the
        # line'); r40b: or on the person's side by the steps it points back at ('Once it's done, come back here')
        place = readers_environment(asked, condition, _span(condition) - joined)
        return carved(name, f"'{_as_asked(asked)}' holds the agent's act until what '{_clause(condition)}' shows in "
                      f"the person's own environment ('{place}'): a hold on the person") if place else None  # fmt: skip
    work = work_of([condition], asked.lexicon, _span(condition) - joined)
    if not work.human_only:
        # r38f: what the reader sees in the person's own environment or puts in front of the agent ('If you still see
        # a snippet in your editor, paste the path and I'll remove it'; 'Once you add these files, I'll fix it' after
        # '… to the chat') is the person's to do or know: a hold on it
        place = readers_environment(asked, condition, _span(condition) - joined)
        if place is None:
            return None
        return carved(name, f"'{_as_asked(asked)}' holds the agent's act until the reader's '{_clause(condition)}', "
                      f"what only the person can do or know ('{place}'): a hold on the person")  # fmt: skip
    return carved(name, f"'{_as_asked(asked)}' holds the agent's act until the reader's '{_clause(condition)}', "
                  f"and that is {work.describe()}: a hold on a human-only act")  # fmt: skip


def _checked_in_environment(asked: Asked) -> Judgement | None:
    """r38k (docs/DESIGN.md#construction-classes): the report is on the check the instruction just before handed the
    reader, and that check is done in the person's own environment ('Please try `/login` again. If anything else pops
    up, send the new error.'; 'Try restarting the MCP server. If it still fails, let me know and …'): what it shows only
    the person sees, so the report waits on the person."""
    instruction = _instruction_before(asked.parts)
    if instruction is not None:
        place = environment_word(instruction.subtree)
        told = instruction.text
    else:  # the sentences before were not parsed with the site: an instruction read from its words
        place = environment_before(asked.doc, asked.site.start, instructed=True)
        told = "instruction"
    if place is None:
        return None
    return carved("report-before-act", f"'{_as_asked(asked)}' reports on the reader's '{told} …' before it, done in "
                  f"the person's own environment ('{place}'): only the person sees what it shows")


def _instruction_before(parts: tuple[Doc, ...]) -> Token | None:
    """The instruction to the reader among the sentences before the site, the nearest first: an imperative ('Rebuild the
    container and reload.', 'After running it, check build.log.'), a request ('Could you double-check …?') or the
    reader told by a modal of need ('Now you should run the build …'). A sentence with the agent as subject is none."""
    for part in reversed(parts):
        for sentence in part.sents:
            verb = sentence.root
            subject = subject_of(verb)
            if subject is not None and subject.lower_ in AGENT_SUBJECTS:
                continue
            if (_imperative(verb) or _coordinated_imperative(verb)) and verb.lower_ not in ("let",):
                return verb
            opening = _verb_before_determiner(sentence)
            if opening is not None:
                return opening
            if _request(verb):
                return verb
            if subject is not None and subject.lower_ in READER:
                auxiliaries = {c.lower_ for c in verb.children if c.dep_ == "aux"}
                if auxiliaries & {"should", "must", "could", "can", "would"} and verb.tag_ == "VB":
                    return verb
                action = next((c for c in verb.children if c.dep_ == "xcomp" and c.tag_ == "VB"), None)
                if verb.lemma_.lower() in ("need", "have") and action is not None:
                    return action
    return None


# r35b: how far back work in flight may be named: the sentences of the closing sentence's own paragraph just before it.
_FLIGHT_REACH = 2
_FLIGHT_CHARS = 600
_SENTENCE_BREAK = re.compile(r"(?<=[.!?;])\s+")


def _work_in_flight_before(asked: Asked, act: Token) -> str | None:
    """r35b (docs/DESIGN.md#construction-classes): a sentence (or a clause after ';') of the closing sentence's own
    paragraph, one of the last two before it, that reports work in flight — a thing or the agent as the subject of a
    progressive ('is still writing', 'are currently running'), of a stage reached ('is at epoch 7/20') or of a state of
    being in flight ('is still in progress'); the reader as its subject is none ('You're still running the old
    build'), and so is the state of a check's result ('CI is still failing'). The words of the paragraph are read, not
    a parse: the sentence before was not parsed with the site."""
    source = asked.doc.user_data.get(SOURCE_KEY)
    before = source[0][: asked.site.start] if source is not None else ""
    # the clauses of the site's own sentence before the act's clause count too ('The migration job is still running;
    # I'll verify the counts once it finishes.')
    own = asked.doc.text[: act.idx]
    cut = max(own.rfind(mark) for mark in (";", "—", "–", ". "))
    text = before + ("\n" + own[: cut + 1] if cut > 0 else "")
    paragraph = text[text.rfind("\n\n") + 1 :] if "\n\n" in text else text
    # bounded (docs/DESIGN.md#normalisation): the clauses just before the act are short, so only the paragraph's last
    # characters are read
    clauses = [c for c in _SENTENCE_BREAK.split(paragraph[-_FLIGHT_CHARS:].strip()) if c.strip()]
    vocabulary = claim_vocabulary()
    for clause in reversed(clauses[-_FLIGHT_REACH:]):
        for found in _in_flight().finditer(clause):
            subject = found.group("subject").lower().replace("’", "'")
            going = (found.group("going") or "").lower()
            if subject in IN_FLIGHT_NOT_SUBJECTS or going in IN_FLIGHT_RESULTS or going in vocabulary.not_participles:
                continue
            return found.group(0).strip()
    return None


IN_FLIGHT_NOT_SUBJECTS = terms("work-in-flight", "not_subjects")
IN_FLIGHT_RESULTS = terms("work-in-flight", "result_states")


@cache
def _in_flight() -> re.Pattern[str]:
    """The subject word, a form of 'be' (or its contraction), an adverb of aspect, then a progressive, a stage reached
    before a number, or a state of being in flight (terms [work-in-flight])."""

    def words(name: str) -> str:
        return "|".join(re.escape(w) for w in sorted(terms("work-in-flight", name), key=len, reverse=True))

    return re.compile(
        rf"(?<![\w`-])(?P<subject>[\w`-]+)(?:\s+(?:{words('be_forms')})|['’](?:{words('contracted_be')}))\s+"
        rf"(?:(?:{words('aspect_adverbs')})\s+)?"
        rf"(?:(?P<going>[a-z]+ing)\b|(?:{words('stage_prepositions')})\s+(?:[a-z]+\s+)?\d|(?:{words('states')})\b)",
        re.IGNORECASE,
    )


def _only_hands_over(verb: Token) -> bool:
    """Every act of the reader's condition hands the agent a thing ([output-asked] verbs: 'share the logs', 'send me
    the trace'), with no act of running or trying beside it ('run it with DEBUG=1 and share the output')."""
    acts = [verb, *(c for c in verb.children if c.dep_ == "conj" and c.pos_ in ("VERB", "AUX"))]
    return all(a.lemma_.lower() in OUTPUT_VERBS or a.lower_ in OUTPUT_VERBS for a in acts)


def _directs_the_agent(verb: Token) -> bool:
    """The reader's act has the agent as its object ('point me to the hand', 'walk us through it', 'tell me which
    seat'): the reader directs the agent or tells it what only the reader saw — unless the act hands the agent a thing
    ('send me the logs', a verb of [output-asked])."""
    if verb.lemma_.lower() in OUTPUT_VERBS:
        return False
    objects = [c for c in verb.children if c.dep_ in ("dobj", "dative", "iobj")]
    if verb.lemma_.lower() in DESCRIBING and any(
        c.dep_ in ("dobj", "ccomp") and c.left_edge.tag_ in ("WDT", "WP", "WP$", "WRB") for c in verb.children
    ):
        return True  # r38f: 'If you describe which tab it happens on, we can narrow it': what only the reader saw
    objects += [p for c in verb.children if c.dep_ == "prep" for p in c.children if p.dep_ == "pobj"]
    return any(o.lower_ in AGENT_SUBJECTS for o in objects)


def _reader_subject(verb: Token) -> bool:
    subject = subject_of(verb)
    return subject is not None and subject.lower_ in READER


def _wished(verb: Token) -> bool:
    """The reader's act under a modal or adverb of wish ('if you would rather review it alone', "if you'd rather"): the
    reader's preference, which the wish condition judges."""
    return verb.lemma_.lower() in WISHES or any(
        (c.dep_ == "aux" and c.lower_.replace("’", "'") in WISH_MODALS) or c.lower_ in WISHES for c in verb.children
    )


def _span(clause: Token) -> frozenset[int]:
    return frozenset(t.i for t in clause.subtree if not t.is_punct)


def _outside(tokens: list[Token], stretch: frozenset[int]) -> frozenset[int]:
    return frozenset(t.i for t in tokens if t.i not in stretch)


def _clause(clause: Token) -> str:
    """The condition's words as written, up to a few of them."""
    words = [t.text for t in clause.subtree if not t.is_punct]
    return " ".join(words[:8]) + (" …" if len(words) > 8 else "")
