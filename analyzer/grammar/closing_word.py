"""The person's word or act before the agent's next act (docs/DESIGN.md#construction-classes, turn-taking): the turn
stands by on the reader's word for work the agent could do, with no hold word and no lexicon phrase —

* a request to tell the agent the reader's wish for its act or the time of that act ('Say if you want this
  committed.', 'Let me know when to commit the three files together.');
* a condition or time on the reader's approval, look or satisfaction that governs the agent's next act ('If you
  approve, I'll start with the logger.', 'Once you're satisfied with the changes, I'll be ready to commit.', 'if it
  looks good to you, I'll wire it in');
* an instruction to review the agent's own work whose purpose or sequel is the agent's act ('Please review the
  draft so I can finalise the README.').

A [[closing-question]] row walked over the closing sites analyzer.text.questions found. Judged like attribution on
the agent's act and on what the reader's word is about: a request for the time of a human-only act is exempt; the
agent's act held until the reader's word on a human-only act ('If you approve #88, I'll merge it') is a hold, no
finding, as the wait-on-person row and turn-taking judge it. A thing's condition ('If the tests pass, I'll
commit'), a report of what someone said, and a condition whose consequence is no act of the agent's ('If you approve
the PR, it merges') are none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.grammar.closing_questions import AGENT_SUBJECTS, Asked, _as_asked, _judged
from analyzer.grammar.closing_waits import wait_on_person
from analyzer.grammar.grants import waits_on_grant
from analyzer.grammar.judgement import Judgement, carved
from analyzer.grammar.persons_side import environment_word
from analyzer.grammar.register.reader_word import OPEN_BOUNDS
from analyzer.grammar.registry import rule
from analyzer.grammar.reply_tokens import reply_token_of
from analyzer.parse.tokens import subject_of
from analyzer.terms import terms
from analyzer.text.questions import CONTACT, TURN, WAIT, WORD

if TYPE_CHECKING:
    from spacy.tokens import Token

TELLERS = terms("word-before-act", "tellers")
TOLD_MARKS = terms("word-before-act", "told_marks")
WISHES = terms("word-before-act", "wishes")
MARKS = terms("word-before-act", "marks")
APPROVALS = terms("word-before-act", "approvals")
STATES = terms("word-before-act", "states")
IMPRESSIONS = terms("word-before-act", "impressions")
LOOK_NOUNS = terms("word-before-act", "look_nouns")
REVIEWS = terms("word-before-act", "reviews")
MODALS = terms("word-before-act", "modals")
SAYING = terms("word-before-act", "saying")
GIVING = terms("word-before-act", "giving")
ENTERING = terms("word-before-act", "entering")
ASSENTING = terms("word-before-act", "assenting")
ANSWER_OBJECTS = terms("word-before-act", "answer_objects")
INSTRUCTION_OPENERS = terms("turn-taking", "openers")  # 'Please confirm to continue.': words before the act
NOT_ACTS = terms("word-before-act", "not_acts")
HOLD_MARKS = terms("word-before-act", "hold_marks")
HOLD_VERBS = terms("waits", "hold_verbs")
HEARING = terms("waits", "hearing")
CHANCE_NOUNS = terms("waits", "chance_nouns")
# The request to reach the agent (the contact closer's verbs and nouns): "ping me once you've had a look".
CONTACT_VERBS = terms("contact-closer", "verbs") | terms("contact-closer", "alone")
CONTACT_NOUNS = terms("contact-closer", "nouns")
READER = terms("register", "reader")
WORKING = terms("word-before-act", "working")
READER_SIDES = terms("word-before-act", "reader_sides")
POINTERS = terms("word-before-act", "pointers")
# What the reader's word is about, and what the agent's act holds: its objects, complements and phrases.
ABOUT_DEPS = frozenset({"dobj", "prep", "ccomp", "xcomp", "attr", "oprd", "dative"})
SITES = frozenset({TURN, WAIT, CONTACT, WORD})
WISH_WORDS = terms("word-before-act", "wish_words")
# r33a: a fact of the reader's own world (analyzer/grammar/closing_handovers.py reads the same set).
READER_WORLD = terms("turn-taking", "reader_world")


@rule("word-before-act")
def word_before_act(asked: Asked) -> Judgement | None:
    """The three shapes are tried in turn on the site's sentence; the first that holds decides."""
    if asked.site.kind not in SITES or waits_on_person(asked):
        return None
    for token in asked.tokens:
        judged = _told(asked, token) or _conditioned(asked, token) or _reviewed(asked, token) or _heard(asked, token)
        if judged is not None:
            return _granted(asked, judged)
    judged = _said_first(asked) or _assent_for_purpose(asked)
    return _granted(asked, judged) if judged is not None else None


def _granted(asked: Asked, judged: Judgement) -> Judgement:
    """r38f (docs/DESIGN.md#construction-classes): the reader's word is on what only the person can grant or knows —
    among the reader's words, before the agent's subject ('Please confirm your GitHub noreply email so I can set it',
    'Say when you've switched to Agent mode and I'll apply it'; analyzer/grammar/grants.py): the turn waits on the
    person, no finding."""
    if judged.verdict != "fire":
        return judged
    agent = next((t.i for t in asked.tokens if t.lower_ in AGENT_SUBJECTS and t.dep_ in ("nsubj", "nsubjpass")), None)
    granted = environment_word(t for t in asked.tokens if agent is None or t.i < agent)
    if granted is None and agent is not None:
        # r38m: 'If you'd like, I can try again once you approve the escalation': the agent's act timed by the grant
        granted = waits_on_grant(asked.doc[agent].head)
    if granted is None:
        return judged
    return carved("word-before-act", f"'{_as_asked(asked)}' asks the reader's word on what only the person can grant "
                  f"or knows ('{granted}'): a wait on the person")  # fmt: skip


def _assent_for_purpose(asked: Asked) -> Judgement | None:
    """r33i: 'Confirm to continue.', 'Approve to start Phase 2.', 'Reply yes to proceed with Task 4.': the reader's
    bare word (an imperative of assent, no subject, no object but an answer word) whose purpose, an infinitive with no
    subject of its own, is the agent's next act — the turn stands by on the reader's word. Judged like the quoted word
    (r32b): a human-only act as the purpose is a hold. A purpose of the reader's own perceiving ('Reply to see the
    list') is no act of the agent's."""
    words = [t for t in asked.tokens if not t.is_punct and t.lower_ not in INSTRUCTION_OPENERS]
    root = words[0] if words and words[0].dep_ == "ROOT" else None
    if root is None or root.lemma_.lower() not in ASSENTING or subject_of(root) is not None:
        return None  # the sentence opens with the verb ('Click Confirm to continue' opens with another)
    if root.tag_ not in ("VB", "VBP", "NN", "NNP", "UH") or any(c.dep_ == "aux" for c in root.children):
        return None  # the model may read an opening 'Reply' as a noun
    token = reply_token_of(root)  # r38g: 'Confirm with `Y` to lock this': the reply token the word is given with
    if any(c.dep_ in ("dobj", "ccomp", "prep", "dative") and c.lower_ not in ANSWER_OBJECTS
           and (token is None or token.head not in (c, root)) for c in root.children):  # fmt: skip
        return None  # 'Confirm the field names …' is read by _reviewed; 'Reply to the thread …' is no bare word
    holders = [root, *(c for c in root.children if c.dep_ == "dobj")]
    purpose = next((c for h in holders for c in h.children if c.dep_ in ("xcomp", "advcl", "relcl") and c.tag_ == "VB"
                    and any(a.dep_ == "aux" and a.lower_ == "to" for a in c.children)), None)  # fmt: skip
    if purpose is None or subject_of(purpose) is not None or purpose.lemma_.lower() in NOT_ACTS:
        return None
    why = f"asks the reader to {root.lower_} to release the agent's '{purpose.text}'"
    why += " — the turn stands by on the reader's word"
    judged = _judged(asked, "word-before-act", why, [purpose], frozenset(c.i for c in purpose.children
                                                                         if c.dep_ in ("aux", "mark")))
    return _hold(asked, judged) if judged.verdict == "exempt" else judged


def _said_first(asked: Asked) -> Judgement | None:
    """r29d: 'Say "step 2 – booking service" and we'll build the core logic next.': the sentence opens with a verb
    of saying and no subject, and the agent's modal act is joined to what follows (the model may hang the quoted
    words as the root): read from the first word, as turn-taking reads an instruction."""
    words = [t for t in asked.tokens if not t.is_punct and t.lower_ not in ("please", "just", "simply")]
    purpose = _quoted_purpose(asked, words[0]) if words else None
    if purpose is not None:
        # r32b: 'Say "go" to start the schema migration.': the reader's quoted word is the go, its purpose the agent's
        why = f"asks the reader to {words[0].lower_} a word to release the agent's '{purpose.text}'"
        why += " — the turn stands by on the reader's word"
        judged = _judged(asked, "word-before-act", why, [purpose], frozenset(c.i for c in purpose.children
                                                                              if c.dep_ in ("aux", "mark")))
        return _hold(asked, judged) if judged.verdict == "exempt" else judged
    if not words or words[0].lemma_.lower() not in SAYING or words[0].tag_ not in ("VB", "VBP", "UH"):
        return None
    if subject_of(words[0]) is not None or words[0].dep_ == "ROOT":
        return None  # a root 'Say' is read by _reviewed, on its own arcs
    act = next((a for t in words[1:] if t.dep_ == "conj" and (a := _agents_act(t)) is not None), None)
    if act is None:
        return None
    why = f"asks the reader to {words[0].lower_} before the agent's '{act.text}'"
    why += " — the turn stands by on the reader's word"
    judged = _judged(asked, "word-before-act", why, [act], _frame(act))
    return _hold(asked, judged) if judged.verdict == "exempt" else judged


QUOTES = frozenset({"'", '"', "“", "”", "‘", "’", "`", "``", "''"})


def _quoted_purpose(asked: Asked, verb: Token) -> Token | None:
    """r32b: the sentence opens with a verb of saying or entering a word ('Say', 'Type', 'Reply'; the model may read it
    as a noun), then a quoted word or two, then 'to' and a base verb: that verb is the purpose the reader's word
    serves, an act of the agent's ('Say "go" to start the schema migration.'). Read from the words: the model makes the
    quoted word the root. A place or a person between the quote and 'to' ('in the installer prompt') is no such
    shape."""
    if verb.lemma_.lower() not in SAYING | ENTERING and verb.lower_ not in SAYING | ENTERING:
        return None
    tokens = list(asked.tokens)
    k = tokens.index(verb) + 1
    if k >= len(tokens) or tokens[k].text not in QUOTES:
        return None
    end = next((j for j in range(k + 1, min(k + 5, len(tokens))) if tokens[j].text in QUOTES), None)
    if end is None or end == k + 1 or end + 2 >= len(tokens):
        return None
    to, act = tokens[end + 1], tokens[end + 2]
    return act if to.lower_ == "to" and act.tag_ == "VB" else None


def waits_on_person(asked: Asked) -> bool:
    """The wait site whose hold or act the wait-on-person row finds bounded by the reader's word ('I'll begin on the
    schema as soon as you approve'): that row, later in the table, judges it."""
    if asked.site.kind != WAIT or any(t.lower_ in OPEN_BOUNDS for t in asked.tokens):
        return False  # r35b: a time left open ('whenever you give the word') leaves a readiness to the readiness rows
    judged = wait_on_person(asked)
    return judged is not None and judged.verdict != "carved"


def _imperative(verb: Token) -> bool:
    """An instruction to the reader: no subject, or the reader; 'let me know' counts as its 'let'."""
    subject = subject_of(verb)
    if verb.lemma_.lower() == "know" and verb.head.lemma_.lower() == "let":
        return _imperative(verb.head) if verb.head.i != verb.i else True
    return (subject is None or subject.lower_ in READER) and verb.tag_ in ("VB", "VBP") and not any(
        c.dep_ == "aux" for c in verb.children
    )


def _told(asked: Asked, clause: Token) -> Judgement | None:
    """'Say if you want this committed.', 'Let me know when to commit …': a clause under a mark of telling that an
    instruction of telling governs, naming the reader's wish for a thing or act, or the time of the agent's act."""
    teller = clause.head
    if clause.dep_ not in ("ccomp", "advcl", "xcomp") or teller.i == clause.i:
        return None
    if teller.lemma_.lower() not in TELLERS and teller.lower_ not in TELLERS:
        return None
    if not _imperative(teller):
        return None
    marks = {c.lower_ for c in clause.children if c.dep_ in ("mark", "advmod")}
    if not marks & TOLD_MARKS:
        return None
    subject = subject_of(clause)
    to_act = any(c.dep_ == "aux" and c.lower_ == "to" for c in clause.children)
    if subject is None and to_act and clause.pos_ == "VERB" and clause.lemma_.lower() not in NOT_ACTS:
        why = f"asks the reader to say when or whether the agent is to '{clause.text}'"
        why += " — the turn waits on the reader's word for the agent's act"
        return _judged(asked, "word-before-act", why, [clause])
    if subject is None or subject.lower_ not in READER or clause.lemma_.lower() not in WISHES:
        return None
    if not marks & {"if", "whether"}:
        return None  # 'Tell me when you want v3.0 tagged': the reader's wish as a time, the contact closer's
    wanted = [c for c in clause.children if c.dep_ in ("dobj", "ccomp", "xcomp") and c.lower_ not in READER]
    if not wanted:
        return None
    return _judged(asked, "word-before-act", f"asks the reader to say whether they {clause.text} "
                   f"'{' '.join(t.text for t in wanted[0].subtree)}' — the turn waits on the reader's word for the "
                   f"agent's act", wanted)  # fmt: skip


def _conditioned(asked: Asked, clause: Token) -> Judgement | None:
    """'If you approve, I'll start with the logger.': a condition or time whose verb is the reader's approval, look or
    satisfaction, hung on the agent's own next act."""
    marked = any(c.dep_ in ("mark", "advmod") and c.lower_ in MARKS for c in clause.children)
    if clause.dep_ == "ROOT" and marked and _readers_approval(clause):
        # 'After you've reviewed the diff I'll squash the fixup commits.': the condition read as the root, the agent's
        # act hung below it (a relative clause of its object, a conjunct)
        act = next((a for t in clause.subtree if t.i > clause.i and (a := _agents_act(t)) is not None), None)
        if act is not None:
            return _weighed(asked, act, clause)
        # 'Holler once you've had a gander at it.': the request to reach the agent hung before the time as its modifier
        reach = next((c for c in clause.children if c.i < clause.i and c.dep_ in ("npadvmod", "dep", "advmod")
                      and c.lower_ in CONTACT_VERBS), None)  # fmt: skip
        return None if reach is None else _weighed(asked, reach, clause, reach=True)
    if clause.head.i == clause.i:
        return None
    head = clause.head
    # 'let me know once you've had a chance to look': the time read as what the reader is to tell
    timed_report = clause.dep_ == "ccomp" and marked and head.lemma_.lower() == "know" and _contact_request(head)
    if clause.dep_ != "advcl" and not timed_report:
        return None
    if head.lower_ == "soon" and head.dep_ == "advmod" and head.head.i != head.i:
        head, marked = head.head, True  # 'as soon as you approve': approve -advcl-> soon -advmod-> start
    held = any(c.dep_ == "mark" and c.lower_ in HOLD_MARKS for c in clause.children) and _withheld(head)
    if not (marked or held) or not _readers_approval(clause):
        return None
    if not held and _contact_request(head):
        # 'ping me once you've had a look': the reader's report back, timed by their look at the agent's work
        return _weighed(asked, head, clause, reach=True)
    act = head if held else _agents_act(head)
    if act is None:
        return None
    return _weighed(asked, act, clause)


def _withheld(head: Token) -> bool:
    """The agent's silence or held work that 'until' bounds: 'No more changes to it from me until you confirm …'
    (a noun of work from the agent, negated)."""
    from_agent = any(p.lower_ in AGENT_SUBJECTS for c in head.children if c.dep_ == "prep" and c.lower_ == "from"
                     for p in c.children if p.dep_ == "pobj")  # fmt: skip
    # 'No more changes': the model may hang the 'No' on 'more'
    negated = any(t.dep_ in ("neg", "det") and t.lower_ in ("no", "nothing") for t in head.subtree if t.i < head.i)
    return from_agent and (negated or head.lower_ in ("nothing", "none"))


def _contact_request(head: Token) -> bool:
    """An instruction to reach the agent: 'ping me', 'give me a shout', 'let me know'."""
    # the model may tag a lower-case 'ping' as a participle: no subject of its own and no auxiliary is enough here
    subject = subject_of(head)
    known = head.lemma_.lower() == "know" and subject is not None and subject.lower_ in AGENT_SUBJECTS  # 'let me know'
    if (subject is not None and subject.lower_ not in READER and not known) or any(
        c.dep_ == "aux" for c in head.children
    ):
        return False
    if head.lemma_.lower() in CONTACT_VERBS | {"know"} or head.lower_ in CONTACT_VERBS:
        objects = [c for c in head.children if c.dep_ in ("dobj", "dative", "nsubj")]
        return any(o.lower_ in AGENT_SUBJECTS or o.lower_ in CONTACT_NOUNS for o in objects)
    return False


def _weighed(asked: Asked, act: Token, clause: Token, *, reach: bool = False) -> Judgement:
    """The agent's act and what the reader's word is about, each judged: either one purely human-only is the go or
    the timing of a human-only act ('If you approve the upgrade to the Team plan, I'll switch the workspace over.')."""
    about = [c for c in clause.children if c.dep_ in ABOUT_DEPS and c.lower_ not in READER | POINTERS]
    # the reader's word joined to the act it goes with ('until you approve and tag 4.0.0')
    about += [c for c in clause.children if c.dep_ == "conj" and c.pos_ in ("VERB", "NOUN") and subject_of(c) is None]
    about += [g for c in clause.children if c.dep_ == "acomp" for g in c.children if g.dep_ == "prep"
              and not all(t.lower_ in READER | POINTERS | {g.lower_} for t in g.subtree)]  # fmt: skip
    state = next((c for c in clause.children if c.dep_ in ("acomp", "dobj") and c.lower_ in STATES | LOOK_NOUNS), None)
    word = clause.text if state is None else f"{clause.text} {state.text}"
    if reach:  # 'ping me', 'give me a shout': the request up to its last object
        last = max((c.i for c in act.children if c.dep_ in ("dobj", "dative")), default=act.i)
        waits = f"asks the reader to '{act.doc[act.i : last + 1].text.lower()}'"
    else:
        waits = f"makes the agent's '{act.text}' wait"
    why = f"{waits} on the reader's '{word}' — the turn stands by on the reader's word"
    condition = frozenset(t.i for t in clause.subtree) | _frame(act)
    judged = _judged(asked, "word-before-act", why, [act], condition)
    if judged.verdict == "exempt":
        return _hold(asked, judged)
    if about:  # what the reader approves, with the approval itself: 'approve #88 on GitHub' is the stamp
        judged = _judged(asked, "word-before-act", why, [clause])
        if judged.verdict == "exempt":
            return _hold(asked, judged)
    return _judged(asked, "word-before-act", why, [act, *about], condition - {t.i for a in about for t in a.subtree})


def _hold(asked: Asked, judged: Judgement) -> Judgement | None:
    """The agent's act timed by the reader's word on a human-only act ('I'll merge the PR as soon as you approve') is
    a hold, no finding — as turn-taking judges it; on a wait site the wait-on-person row, later in the table, says
    so."""
    if asked.site.kind == WAIT:
        return None
    return carved("word-before-act", judged.reason.replace("exempt (word-before-act): ", "", 1))


def _readers_approval(clause: Token) -> bool:
    """The reader approves, looks or is satisfied: 'you approve', 'you've reviewed the diff', 'you've had a look at
    it', 'you're happy with it'; or the agent's work strikes the reader well: 'it looks good to you'. A wish or a
    preference under a modal ('if you would rather review it alone') is no word on the agent's work."""
    if any(c.dep_ in ("aux", "advmod") and c.lower_.replace("’", "'") in WISH_WORDS for c in clause.children):
        return False
    subject = subject_of(clause)
    if subject is not None and subject.lower_ in READER:
        if clause.lemma_.lower() in APPROVALS or clause.lower_ in APPROVALS:
            return True
        if clause.lemma_.lower() in ("have", "take", "give", "get", "find"):
            for noun in (c for c in clause.children if c.dep_ == "dobj"):
                # 'once you've had a look', 'once you've had a chance to look at the error copy'
                looks = [c for c in noun.children if c.dep_ in ("acl", "relcl") and c.lemma_.lower() in APPROVALS]
                if noun.lower_ in LOOK_NOUNS or (noun.lower_ in CHANCE_NOUNS and looks):
                    return True
        return clause.lemma_.lower() == "be" and any(
            c.dep_ in ("acomp", "attr") and c.lower_ in STATES for c in clause.children
        )
    if subject is not None and subject.lower_ in POINTERS and clause.lemma_.lower() in WORKING:
        return _on_readers_side(clause)
    if subject is None or subject.lower_ not in POINTERS or clause.lemma_.lower() not in IMPRESSIONS | {"be"}:
        return False
    state = next((c for c in clause.children if c.dep_ in ("acomp", "advmod", "oprd") and c.lower_ in STATES), None)
    if state is None:
        return False
    to_reader = [c for c in (*clause.children, *state.children) if c.dep_ == "prep" and c.lower_ in ("to", "for")]
    # r37i: or it looks so on the reader's side ('if this looks right on your end')
    return any(g.lower_ in READER for p in to_reader for g in p.children) or _on_readers_side(clause)


def _on_readers_side(clause: Token) -> bool:
    """r37i: the agent's work works where the reader is ('if that works on your side', 'if it builds for you', 'once
    it runs on your machine'): a prepositional phrase of 'for' the reader, or 'on'/'in' a side the reader owns."""
    for prep in (c for c in clause.children if c.dep_ in ("prep", "dative") and c.lower_ in ("for", "on", "in")):
        for place in (g for g in prep.children if g.dep_ == "pobj"):
            owned = any(m.dep_ == "poss" and m.lower_ in READER for m in place.children)
            if place.lower_ in READER or (owned and place.lemma_.lower() in READER_SIDES):
                return True
    return False


def _agents_act(head: Token) -> Token | None:
    """The agent's own next act the condition hangs on: a first-person subject with a modal ('I'll start', 'I can
    commit'); 'I'll be ready to commit' is the act 'commit'. A thing's event or a report is none."""
    subject = subject_of(head)
    if subject is None or subject.lower_ not in AGENT_SUBJECTS:
        return None
    if not any(c.dep_ == "aux" and c.lower_.replace("’", "'") in MODALS for c in head.children):
        return None
    if head.lemma_.lower() == "be":
        ready = next((c for c in head.children if c.dep_ == "acomp"), None)
        act = next((c for c in ready.children if c.dep_ == "xcomp"), None) if ready is not None else None
        return act
    return head if head.pos_ in ("VERB", "AUX") else None


def _frame(act: Token) -> frozenset[int]:
    """The words of the agent's act that are no part of the work: its subject, modal and mark ('so I can')."""
    frame = {c.i for c in act.children if c.dep_ in ("nsubj", "aux", "mark", "punct", "cc")}
    if act.head.dep_ == "acomp" and act.head.head.i != act.i:  # 'I'll be ready to commit': 'I'll be ready to'
        holder = act.head.head
        frame |= {holder.i, act.head.i} | {c.i for c in holder.children if c.dep_ in ("nsubj", "aux")}
    return frozenset(frame)


def _reviewed(asked: Asked, verb: Token) -> Judgement | None:
    """'Please review the draft so I can finalise the README.': an instruction to review the agent's own work whose
    purpose ('so I can …') or sequel ('… and I'll …') is the agent's act."""
    # the model may tag an opening 'Say' as an interjection ('Say, …') even with an object and a conjunct after it
    uttered = verb.tag_ == "UH" and verb.lemma_.lower() in SAYING and subject_of(verb) is None
    if verb.dep_ != "ROOT" or not (_imperative(verb) or uttered):
        return None
    reviewed = [c for c in verb.children if c.dep_ in ("dobj", "prep")]
    if verb.lemma_.lower() not in REVIEWS or not reviewed:
        if not _word_given(verb):
            return None
        # r29d: 'Tell me and I'll fix it.', 'Give me the word and we'll ship it.': the reader's word is the
        # instruction; what is said or given is no work, the agent's act is judged
        reviewed = [c for c in verb.children if c.dep_ == "dobj" and c.lower_ not in AGENT_SUBJECTS | {"word", "so"}
                    and verb.lemma_.lower() not in GIVING | {"say", "type", "write", "reply"}]  # fmt: skip
        fact = next((c for c in reviewed if c.lower_ in READER_WORLD or c.lemma_.lower() in READER_WORLD), None)
        if fact is not None:
            # r33a: 'Tell me the exact folder, and I'll add the mapping.': a fact of the reader's own world the agent
            # cannot find, asked for its act — no word on the agent's work
            return carved("word-before-act", f"'{verb.text} … {fact.text}' asks the reader for a fact of their own "
                          "world the agent cannot find")  # fmt: skip
    for then in (c for c in verb.children if c.dep_ in ("advcl", "conj", "ccomp")):
        act = _agents_act(then)
        if act is not None:
            why = f"asks the reader to {verb.lower_} before the agent's '{act.text}'"
            why += " — the turn stands by on the reader's word"
            frame = _frame(act)
            for part in ([act], reviewed):
                judged = _judged(asked, "word-before-act", why, part, frame)
                if judged.verdict == "exempt":
                    return _hold(asked, judged)
            return _judged(asked, "word-before-act", why, [act, *reviewed], frame)
    return None


def _word_given(verb: Token) -> bool:
    """r29d: an instruction whose act is the reader's word to the agent: a verb of saying ('Tell me', 'Say
    "step 2"', 'Please specify', 'Confirm'), or giving with the agent as recipient ('Give me the word', 'give us a
    thumbs up'). Said to someone else ('Tell your manager') it is no word to the agent."""
    lemma = verb.lemma_.lower()
    if lemma in GIVING:
        return any(c.dep_ in ("dative", "iobj") and c.lower_ in ("me", "us") for c in verb.children)
    if lemma not in SAYING and verb.lower_ not in SAYING:
        return False
    if any(c.dep_ == "ccomp" for c in verb.children):
        return False  # 'Tell me what the linter says and I'll fix it.': a fact told, or the reader's wish (_told)
    told = [c for c in verb.children if c.dep_ in ("dobj", "dative", "iobj")]
    # 'Tell your manager', 'Tell Dana': a word to someone else
    return all(c.lower_ in ("me", "us") or (c.pos_ != "PROPN" and not any(g.dep_ == "poss" for g in c.children))
               for c in told)  # fmt: skip


def _heard(asked: Asked, hear: Token) -> Judgement | None:
    """"I'll wait to hear back from you before touching the consumers.": the agent's hold whose infinitive is hearing
    from the reader; what it holds back ('before touching …') is judged."""
    if hear.lemma_.lower() not in HEARING or hear.dep_ != "xcomp":
        return None
    hold = hear.head
    source = [p for c in hear.subtree if c.dep_ == "prep" and c.lower_ == "from" for p in c.children]
    if hold.lemma_.lower() not in HOLD_VERBS or not any(p.lower_ in READER for p in source):
        return None
    subject = subject_of(hold)
    if subject is not None and subject.lower_ not in AGENT_SUBJECTS:
        return None
    held = [g for t in (hold, hear) for c in t.children if c.dep_ == "prep" and c.lower_ in ("before", "on")
            for g in c.children if g.dep_ in ("pcomp", "pobj")]  # fmt: skip
    why = f"makes the agent's '{hold.text}' last until it hears from the reader"
    why += " — the turn stands by on the reader's word"
    judged = _judged(asked, "word-before-act", why, held, _frame(hold))
    return _hold(asked, judged) if judged.verdict == "exempt" else judged
