"""A wait on the person is deference (docs/DESIGN.md#construction-classes): the agent's hold, or its own next act held
back, bounded by the reader's word — until the reader says, confirms, decides or replies, or pending their OK — is the
standing-by register; a wait on work in flight, or on a human-only act, is a hold the decision table judges."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.grammar.judgement import Judgement, gated
from analyzer.grammar.persons_side import environment_word
from analyzer.grammar.register.clauses import is_question, spelled
from analyzer.grammar.register.context import Context
from analyzer.grammar.registry import rule
from analyzer.grammar.work import work_of, work_of_stretch
from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import SUBJECT_DEPS, forms, hyphen_compound, is_copula, subject_of
from analyzer.terms import terms
from analyzer.text.candidates import find_candidates

if TYPE_CHECKING:
    from spacy.tokens import Token

AGENT = terms("register", "agent_subjects")
READER = terms("register", "reader")
HOLD_VERBS = terms("waits", "hold_verbs")
READY_HOLDS = terms("waits", "ready_holds")
BOUNDS = terms("waits", "bounds")
HELD_MARKS = terms("waits", "held_marks")
PURPOSE_MARKS = terms("waits", "purpose_marks")
LACKING_MARKS = terms("waits", "lacking_marks")
OPEN_BOUNDS = terms("waits", "open_bounds")
WORD_VERBS = terms("waits", "word_verbs")
WORD_NOUNS = terms("waits", "word_nouns") | terms("waits", "word_nouns_choice")
REVIEW_NOUNS = terms("waits", "review_nouns")
REMAINING_VERBS = terms("waits", "remaining_verbs")
SERVICE_NOUNS = terms("waits", "service_nouns")
HEARING = terms("waits", "hearing")
RECEIVING = terms("waits", "receiving")
CHANCE_VERBS = terms("waits", "chance_verbs")
CHANCE_NOUNS = terms("waits", "chance_nouns")
AWAITING_VERBS = terms("waits", "awaiting_verbs")
ANTICIPATING_ADVERBS = terms("waits", "anticipating_adverbs")
ANTICIPATING_PREPS = terms("waits", "anticipating_preps")
WISHING_VERBS = terms("waits", "wishing_verbs")
WISH_MODALS = terms("waits", "wish_modals")
SILENCE = terms("waits", "silence")
# What the reader's word is about: 'confirm the column names', 'your OK on phase 2', 'your approval to proceed'.
ABOUT_DEPS = frozenset({"dobj", "ccomp", "xcomp", "prep", "acl", "advcl", "relcl"})
# r28i: what a bare approval stamps when the text before names it: a change under review, or its number ('#88').
APPROVAL_TARGETS = terms("stamped-things", "approval_targets")
# r38l: the prepositions that say what the reader's word is about ('your OK on the deploy').
WORD_TOPICS = terms("decision-named", "word_topics")
_CHANGE_NUMBER = re.compile(r"^#\d+$")


@rule("wait-on-reader")
def wait_on_reader(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """The phrase is where the bound shows ('until you', 'pending your', 'your OK', 'until I hear'); the rule finds
    the reader's word there and the predicate it bounds, then judges both."""
    if is_question(phrase):
        return None
    word = readers_word(phrase)
    if word is None:
        return None
    return held_until(word, lexicon, "wait-on-reader", spelled(phrase))


def held_until(
    word: Token, lexicon: Lexicon, rule_name: str, shown: str, *, phrase_before: bool = True
) -> Judgement | None:
    """The reader's word `word` (a verb of saying or deciding with the reader as subject, the agent hearing from the
    reader, or a noun of the reader's word) bounds a hold of the agent's or its next act: fire, unless what is held
    or what the word is about is purely human-only work ('hold the merge until you approve #812'). None when no such
    predicate holds the bound ('the installer waits until you confirm'). phrase_before: a standing-by phrase earlier in
    the sentence reports the wait (a closing site, which holds no phrase that fired, is judged without that test)."""
    if word.pos_ in ("VERB", "AUX") and environment_word(word.subtree) is not None:
        return None  # r38m: 'Once you approve the escalated command, I'll rerun it': the person's grant
    predicate = _status_bound(word) or _bounded_predicate(word)
    if predicate is None or not _agents(predicate) or (phrase_before and _told_before(word, lexicon)):
        return None
    held = [c for c in predicate.children if c.dep_ in ("dobj", "nsubjpass") and c.i < word.i]
    if held and _human_only(held, lexicon):
        return None  # 'I'll hold the merge until you approve #812': the timing of a human-only act
    if _holds_human_only(predicate, word, lexicon):
        return None  # r38e: 'Holding off on the deploy to production until you give the word.'
    released = _held_acts(predicate, word)
    if _held_human_only(released, lexicon):
        return None  # r37a: 'Waiting for your approval before deploying to production': the go for a human-only act
    bound = {t.i for t in word.subtree} | {word.head.i if word.dep_ == "pobj" else word.i}
    own = frozenset(t.i for t in predicate.subtree if t.i not in bound and t.lower_ not in READER)
    if not _a_hold(predicate) and work_of([predicate], lexicon, own).human_only:
        return None  # 'I'll tag v2.1 once you say so': leave for a human-only act, as a permission question is
    about = [c for c in word.children if c.dep_ in ABOUT_DEPS and c.lower_ not in ("back", "from")]
    about += _topic_on_bound(word)
    # r29a: the reader's word joined to the act it goes with ('until you approve and merge #88'): that act is what the
    # word is about
    about += [c for c in word.children if c.dep_ == "conj" and c.pos_ == "VERB" and subject_of(c) is None]
    if _is_stamp(word, lexicon) or (word.pos_ in ("NOUN", "PROPN") and forms(word) & REVIEW_NOUNS):
        # issue 28 phase 4b: a bare stamp that holds back the agent's own named act ('I'll begin on the schema as soon
        # as you approve') is the approval of that act; a bare stamp a hold waits on may be a review's
        acts = not _a_hold(predicate) and predicate.pos_ == "VERB" and not _stamped_act(predicate,
                                                                                                    own, lexicon)
        holds = _a_hold(predicate) or predicate.pos_ != "VERB"
        # r37a: the agent's own act the word releases ('before committing and pushing to my branch') names no stamped
        # thing
        own_acts = {t.i for a in released for t in a.subtree}
        named = not holds or _stamp_target_in([t for t in word.doc[: word.sent.end] if t.i not in own_acts], lexicon)
        if (not about and not acts and named) or (
            about and (_human_only([word, *about], lexicon) or _stamp_target_in(_words_of(about), lexicon))
        ):
            return None  # 'Waiting for your approval of the release': the human's stamp, human-only timing
    elif about and _human_only(about, lexicon):
        return None  # 'until you merge #812', 'your go on the merge': the go for a human-only act
    # r37a: the agent's own act the word releases, named in the reason
    releases = f"; it holds back the agent's own '{released[0].text}'" if released else ""
    return gated(
        "fire",
        rule_name,
        f"fires ({rule_name}): '{shown}' — the agent's '{predicate.text}' waits on the reader's "
        f"'{hyphen_compound(word) or word.text}', not on work in flight{releases}",
        predicate.i,
    )


def _topic_on_bound(word: Token) -> list[Token]:
    """r38l (docs/DESIGN.md#construction-classes): 'Paused pending your OK on the production deploy': the model hangs
    the word's 'on' phrase on the bound ('pending') beside it; that phrase is still what the word is about."""
    bound = word.head
    if word.dep_ != "dobj" or bound.lower_ not in BOUNDS:
        return []
    return [c for c in bound.children if c.dep_ == "prep" and c.i > word.i and c.lower_ in WORD_TOPICS]


def _held_acts(predicate: Token, word: Token) -> list[Token]:
    """r37a: the agent's own act the wait holds back, named beside the reader's word — a phrase or clause on the hold
    opened by a held mark ('before staging and committing', 'before I commit these'), or an infinitive of purpose on
    the word ('your approval to commit'; 'your confirmation to proceed …', which the model parses as a for-to clause
    whose subject is the word)."""
    acts = [g for c in predicate.children if c.dep_ == "prep" and c.lower_ in HELD_MARKS
            for g in c.children if g.dep_ in ("pcomp", "pobj")]  # fmt: skip
    acts += [c for c in predicate.children if c.dep_ == "advcl" and c.i > word.i
             and any(m.dep_ == "mark" and m.lower_ in HELD_MARKS for m in c.children)]  # fmt: skip
    acts += [c for c in word.children if c.dep_ in ("acl", "relcl", "xcomp") and _infinitive(c)]
    if word.dep_ in SUBJECT_DEPS and word.head.i != word.i and _infinitive(word.head):
        acts.append(word.head)
    return acts


def _for_to_subject(word: Token) -> bool:
    """r37a: the word is the subject of a for-to clause of an earlier wait ('Waiting for your confirmation to …')."""
    clause, waits = word.head, word.head.head
    return (
        word.dep_ in SUBJECT_DEPS
        and clause.dep_ in ("advcl", "xcomp")
        and _infinitive(clause)
        and any(c.dep_ == "mark" and c.lower_ == "for" for c in clause.children)
        and waits.lemma_.lower() in HOLD_VERBS
        and waits.i < word.i
    )


def _infinitive(verb: Token) -> bool:
    return verb.pos_ in ("VERB", "AUX") and any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children)


def _held_human_only(acts: list[Token], lexicon: Lexicon) -> bool:
    """The held acts judged as work without their frame (their subject, mark, 'to'): 'before I merge it' is the merge,
    a human-only act, though the agent would do it."""
    frame = {c.i for a in acts for c in a.children if c.dep_ in (*SUBJECT_DEPS, "mark", "aux")}
    scope = frozenset(t.i for a in acts for t in a.subtree if t.i not in frame and t.lower_ not in READER)
    return bool(acts) and work_of(acts, lexicon, scope).human_only


def _words_of(roots: list[Token]) -> list[Token]:
    return [t for r in roots for t in r.subtree]


def _stamp_target_in(tokens: Sequence[Token], lexicon: Lexicon) -> bool:
    """r28i: an approval ('Status: awaiting your approval.', '… your approval on #88') is the human's stamp only when
    the text up to the end of its sentence, or what it is about, names what is stamped — a change under review
    ('PR #88', '#412', a branch: terms [stamped-things] approval_targets) or a human-only decision (a domain word: 'the
    release'); with nothing named it is the approval of the agent's own work."""
    for token in tokens:
        names = forms(token) | {hyphen_compound(token) or ""}
        # r37a: a verb names the agent's act ('before committing', 'to patch the parser'), not a thing to be stamped
        thing = token.pos_ not in ("VERB", "AUX")
        if (thing and names & APPROVAL_TARGETS) or _CHANGE_NUMBER.match(token.text):
            return True
        if token.text == "#" and token.i + 1 < len(token.doc) and token.doc[token.i + 1].like_num:
            return True  # '#88' read as two tokens
        if any(lexicon.domain_of(n) not in (None, "stamp") for n in names if n):
            return True
    return False


def _stamped_act(predicate: Token, own: frozenset[int], lexicon: Lexicon) -> bool:
    """The held act, read without its subject, is human-only work ('I'll merge the PR as soon as you approve'): the
    bare approval it waits on is the stamp that act needs, not the approval of the agent's plan."""
    subject = subject_of(predicate)
    scope = own - ({t.i for t in subject.subtree} if subject is not None else set())
    return work_of([predicate], lexicon, frozenset(scope)).human_only


def _told_before(word: Token, lexicon: Lexicon) -> bool:
    """'Waiting for your approval to proceed — I'll open the PR once you confirm': the same wait, bounded twice in one
    sentence; the standing-by phrase before it reports it."""
    sentence = word.sent
    start = word.i
    while start - 2 >= sentence.start and word.doc[start - 1].text == "-" and not word.doc[start - 2].whitespace_:
        start -= 2  # r28i: 'your sign-off': the compound's first part is the same word, no phrase before it
    before = word.doc[sentence.start : start].text
    return any(c.entry.family == "standing-by" and c.end < len(before) - 1 for c in find_candidates(before, lexicon))


def readers_word(phrase: Sequence[Token]) -> Token | None:
    """The reader's word the phrase names: the verb 'you' is the subject of ('until you say'), the agent's hearing
    ('until I hear back from you'), or the noun the reader owns ('pending your OK', 'your go-ahead')."""
    you = next((t for t in phrase if t.lower_ in READER), None)
    if you is not None and you.dep_ in SUBJECT_DEPS:
        verb = you.head
        said = verb.lemma_.lower() in WORD_VERBS or verb.lower_ in WORD_VERBS
        return verb if said or _chance_for_word(verb) else None
    hearing = next((t for t in phrase if t.lemma_.lower() in HEARING), None)
    if hearing is not None:
        source = [g for c in hearing.subtree if c.lower_ == "from" for g in c.children if g.dep_ == "pobj"]
        return hearing if not source or any(s.lower_ in READER for s in source) else None
    if you is not None and you.dep_ == "poss":
        noun = you.head
        names = forms(noun) | {hyphen_compound(noun) or "", _compound_opened(noun) or ""}
        return noun if names & (WORD_NOUNS | REVIEW_NOUNS) else None
    return None


def _compound_opened(noun: Token) -> str | None:
    """r37b: 'your thumbs up', 'your sign off', 'your say-so' — the model hangs 'your' on the compound's first word;
    the word after it (past a hyphen) names the compound the class spells hyphenated ('thumbs-up', 'sign-off')."""
    doc = noun.doc
    after = noun.i + 1
    if after + 1 < len(doc) and doc[after].text == "-" and not noun.whitespace_ and not doc[after].whitespace_:
        after += 1
    return f"{noun.lower_}-{doc[after].lower_}" if after < len(doc) else None


def _chance_for_word(verb: Token) -> bool:
    """'until you've had a chance to look over the approach': the reader's having a chance or a moment for a word
    verb (or for a look) is the reader's word."""
    if verb.lemma_.lower() not in CHANCE_VERBS:
        return False
    for noun in (c for c in verb.children if c.dep_ == "dobj" and c.lower_ in CHANCE_NOUNS):
        looks = [c for c in noun.children if c.dep_ in ("acl", "relcl") and c.lemma_.lower() in WORD_VERBS]
        if noun.lower_ == "look" or looks:
            return True
    return False


def _status_bound(word: Token) -> Token | None:
    """r28i: 'Pending your approval.', 'Status: pending your approval.' — a verbless status whose bound preposition
    heads the fragment, alone or after a label and its colon, is the agent's own state: the bound word is its hold."""
    bound = word.head
    if word.dep_ != "pobj" or bound.lower_ not in BOUNDS:
        return None
    if bound.head.i == bound.i:
        return bound
    label = bound.head
    after = label.doc[label.i + 1] if label.i + 1 < len(label.doc) else None
    alone = label.head.i == label.i and label.pos_ in ("NOUN", "PROPN") and not list(label.lefts)[1:]
    return bound if alone and after is not None and after.text == ":" and bound.i > label.i else None


def _bounded_predicate(word: Token) -> Token | None:
    """The predicate the reader's word bounds: the clause a bound clause ('until …', 'once …') hangs on, the word
    a bound preposition ('pending', 'for', 'on') attaches to, or the agent's wait or need whose object the word is
    ('Awaiting your feedback', 'I need your answer on the naming')."""
    if word.pos_ in ("VERB", "AUX", "INTJ"):
        marked = any(c.lower_ in BOUNDS | OPEN_BOUNDS for c in word.children if c.dep_ in ("mark", "advmod"))
        if marked and word.dep_ in ("advcl", "ccomp", "conj") and word.head.i != word.i:
            return _hold_read_as_subject(_out_of_manner(word.head))
        purpose = any(c.lower_ in PURPOSE_MARKS for c in word.children if c.dep_ in ("mark", "advmod"))
        if purpose and word.dep_ == "advcl" and word.head.lemma_.lower() in HOLD_VERBS and word.head.i < word.i:
            return word.head  # r38e: 'I'll pause here so you can review the component structure.'
        if marked and word.dep_ == "ROOT":
            # issue 28 phase 6: 'On hold until you've looked over the schema.' — the bound clause read as the root,
            # the agent's hold hanging on it
            held = next((g for c in word.children if c.dep_ == "prep" and c.i < word.i for g in c.children
                         if g.dep_ == "pobj" and g.lower_ == "hold"), None)  # fmt: skip
            if held is not None:
                return held
        # r35b: 'I'll wait for you to tell me when to pull.' — the reader's word as the clause a wait takes with 'for'
        # r40d: readiness as the hold ('Ready for you to tell me which phase to execute.')
        holding = word.head.lemma_.lower() in HOLD_VERBS or _agent_ready(word.head)
        waited = holding and word.dep_ in ("advcl", "ccomp", "xcomp")
        if waited and any(c.dep_ == "mark" and c.lower_ == "for" for c in word.children) and word.head.i < word.i:
            return word.head
        if word.dep_ == "advcl" and word.head.lower_ == "soon" and word.head.head.i != word.head.i:
            return word.head.head  # issue 28 phase 4b: 'as soon as you approve' (approve -advcl-> soon -advmod-> start)
        return _bound_before_subject(word)
    holder = word.head
    if _for_to_subject(word):
        # r37a: 'Waiting for your confirmation to proceed with the rename.' — the model read 'for your confirmation to
        # proceed' as a for-to clause of the wait, the word its subject: the wait is the predicate it bounds
        return holder.head
    if word.dep_ == "dobj" and holder.lemma_.lower() in AWAITING_VERBS and holder.lower_ not in BOUNDS:
        return holder
    if word.dep_ == "dobj" and _wished(holder):
        return holder  # r38e: 'I'd love your feedback before I polish it.'
    if word.dep_ == "pobj" and _anticipated(holder):
        return holder.head  # r39g: 'Looking forward to your feedback!': the anticipation is the agent's wait
    if word.dep_ == "dobj" and holder.lemma_.lower() in RECEIVING and _agents(holder) and holder.head.i != holder.i:
        # r32c: the agent receiving the reader's word in the clause that bounds its hold ('I'm holding here until I get
        # your thumbs-up', 'deferring the switch until we have your approval'): the clause it bounds holds
        marked = any(c.lower_ in BOUNDS for c in holder.children if c.dep_ in ("mark", "advmod"))
        if marked and holder.dep_ in ("advcl", "ccomp", "conj"):
            return _out_of_manner(holder.head)
    if word.dep_ == "dobj" and holder.lower_ in BOUNDS:
        # 'On hold pending your thoughts': the bound word read as a verb, the hold hanging on it
        if holder.head.i == holder.i and holder.i == holder.sent.start:
            return holder  # r32c: 'Pending your OK on the schema change.' — the verbless status is the agent's own
        return holder.head if holder.head.i != holder.i else _hold_under(holder)
    if word.dep_ != "pobj" or holder.lower_ not in BOUNDS | LACKING_MARKS | {"for", "on"}:
        return None
    if holder.head.i == holder.i:
        return None
    if holder.lower_ in LACKING_MARKS:
        # r40d: the model may hang 'without' on the object of the refused act ('I won't continue with the remaining
        # migrations without your confirmation'): the act is the nearest verb above it
        act = next((a for a in (holder.head, *holder.head.ancestors) if a.pos_ in ("VERB", "AUX")), None)
        if act is None or not _refused(act):
            return None  # r38e: 'I'll proceed without your input' goes on; 'I won't proceed without your input' waits
        return _at_service(act) or act
    return _at_service(holder.head) or holder.head


def _agent_ready(word: Token) -> bool:
    """r40d: the agent's own readiness, its subject the agent or left out ('Ready for you to …', "I'm ready for you to
    …"); a thing's readiness ('The PR is ready for you to review') hands the thing over, no hold."""
    if word.lower_ not in READY_HOLDS:
        return False
    holder = word.head if word.dep_ == "acomp" else word
    subject = subject_of(holder)
    return subject is None or subject.lower_ in AGENT


def _a_hold(predicate: Token) -> bool:
    """The agent's hold: a verb of holding, or (r39g) of anticipating the reader's word ('look forward to')."""
    return predicate.lemma_.lower() in HOLD_VERBS or any(
        c.dep_ == "prep" and _anticipated(c) for c in predicate.children
    )


def _anticipated(preposition: Token) -> bool:
    """r39g (docs/DESIGN.md#construction-classes): the preposition of a phrasal verb of anticipation ('look forward
    to'), its adverb on the same verb: the reader's word it takes is what the agent waits for."""
    verb = preposition.head
    return (
        preposition.lower_ in ANTICIPATING_PREPS
        and verb.i != preposition.i
        and any(c.dep_ == "advmod" and c.lower_ in ANTICIPATING_ADVERBS for c in verb.children)
    )


def _wished(verb: Token) -> bool:
    """r38e (docs/DESIGN.md#construction-classes): the agent's wish for the reader's word, a verb of wishing under the
    modal of a wish ('I'd love your feedback', 'I would appreciate your input'): the need said politely."""
    modal = any(c.dep_ == "aux" and c.lower_ in WISH_MODALS for c in verb.children)
    return modal and verb.lemma_.lower() in WISHING_VERBS


def _holds_human_only(predicate: Token, word: Token, lexicon: Lexicon) -> bool:
    """r38e (docs/DESIGN.md#construction-classes): what a hold is on, read on the words from its 'on' to the bound
    ('Holding off on the deploy to production until you give the word': the model hangs 'to production' on the hold):
    a human-only act there is that act's timing."""
    if predicate.lemma_.lower() not in HOLD_VERBS:
        return False
    on = next((c for c in predicate.children if c.dep_ == "prep" and c.lower_ == "on" and c.i < word.i), None)
    if on is None:
        return False
    end = min(word.left_edge.i, word.i)
    stretch = [t for t in predicate.doc[on.i + 1 : end] if not t.is_punct and t.lower_ not in BOUNDS]
    return bool(stretch) and work_of_stretch(stretch, lexicon).human_only


def _hold_read_as_subject(predicate: Token) -> Token:
    """r38e (docs/DESIGN.md#construction-classes): 'Holding off on the index rebuild until you say so.' — the model read
    the noun after the hold as the verb the bound hangs on, the hold's participle its clausal subject: the hold is the
    predicate the bound bounds."""
    held = next((c for c in predicate.children if c.dep_ == "csubj" and c.tag_ == "VBG" and c.i < predicate.i), None)
    return held if held is not None and held.lemma_.lower() in HOLD_VERBS else predicate


def _refused(act: Token) -> bool:
    """r38e: the act negated, or the verb it is the infinitive of ('Not going to start the refactor without …')."""
    verbs = [act, act.head] if act.dep_ == "xcomp" else [act]
    return any(c.dep_ == "neg" for v in verbs for c in v.children)


def _at_service(noun: Token) -> Token | None:
    """r36c: 'I remain at your disposal for any further adjustments.', "I'm at your service for more changes." — the
    bound hangs on the noun of service after 'at' or 'on'; the agent's state is the verb of being or remaining above
    it."""
    place = noun.head
    if noun.dep_ != "pobj" or noun.lower_ not in SERVICE_NOUNS or place.lower_ not in ("at", "on"):
        return None
    verb = place.head
    return verb if verb.i != place.i and verb.lemma_.lower() in REMAINING_VERBS | {"be"} else None


def _out_of_manner(predicate: Token) -> Token:
    """Issue 28 phase 6: 'Leaving the notebook as it is until you let me know …' — the model hung the bound on the
    clause of manner ('as it is'); the predicate it bounds is the one that clause describes."""
    manner = any(c.dep_ == "mark" and c.lower_ == "as" for c in predicate.children)
    if manner and predicate.dep_ == "advcl" and predicate.head.i != predicate.i:
        return predicate.head
    return predicate


def _bound_before_subject(word: Token) -> Token | None:
    """'Ready to continue once you okay the plan', parsed as two clauses: the bound word just before the reader's
    subject hangs on the predicate it bounds."""
    subject = next((c for c in word.children if c.dep_ in SUBJECT_DEPS and c.lower_ in READER), None)
    if subject is None or subject.i == 0:
        return None
    bound = word.doc[subject.i - 1]
    if bound.lower_ not in BOUNDS or bound.head.i in (bound.i, word.i) or bound.head.i > bound.i:
        return None
    return bound.head


def _hold_under(bound: Token) -> Token | None:
    """The agent's hold hanging on a bound word read as the root: 'On hold pending …' (hold -pobj-> On -prep->)."""
    return next((t for t in bound.subtree if t.i < bound.i and t.lower_ == "hold" and t.dep_ == "pobj"), None)


def _imperative(predicate: Token) -> bool:
    """A bare base form opening its own sentence with no subject, auxiliary or modal ('Share the output when you run
    it.'): the reader is told to act; the agent's elided subject comes with a participle or a modal ('Holding it until
    you say', 'Will hold until you say')."""
    return (
        predicate.tag_ == "VB"
        and predicate.dep_ == "ROOT"
        and predicate.lemma_.lower() not in HOLD_VERBS
        and not any(c.dep_ in ("aux", "auxpass") for c in predicate.children)
    )


def _agents(predicate: Token) -> bool:
    """The agent's own hold or act, now or next: a first-person subject or none (an elided one); 'on hold' of the
    agent's work; not a thing's ('the installer waits …'), not a past report."""
    if predicate.lower_ == "hold" and predicate.dep_ == "pobj":
        return True  # 'The refactor is on hold pending your confirmation.'
    if predicate.lower_ in SILENCE and predicate.pos_ in ("PRON", "NOUN", "ADJ"):
        # 'Nothing more from me until you decide': the agent's silence is its hold
        near = [predicate, *(c for c in predicate.children if c.dep_ in ("amod", "advmod"))]
        return any(p.lower_ in AGENT for n in near for c in n.children if c.dep_ == "prep" and c.lower_ == "from"
                   for p in c.children)
    subject = subject_of(predicate)
    if subject is None and _imperative(predicate):
        return False  # 'Also share the error text when you try to open it': the reader told, not the agent holding
    if subject is None and predicate.dep_ == "conj" and predicate.head.pos_ in ("VERB", "AUX"):
        # r33b: 'This will generate previews, wait for your confirmation, and then …' — the wait of the subject the
        # coordination shares: a script's, not the agent's
        subject = subject_of(predicate.head)
        if subject is not None and subject.lower_ not in AGENT:
            return False
    if subject is None and predicate.tag_ == "VB":
        # r33b: 'The bootstrap script will prompt for the region, wait for your confirmation and then …' — the model
        # made the first of the coordinated acts a clause of the wait: its modal and subject are the wait's
        first = next((c for c in predicate.children if c.dep_ == "ccomp" and c.i < predicate.i), None)
        shared = subject_of(first) if first is not None else None
        modal = first is not None and any(c.dep_ == "aux" and c.tag_ == "MD" for c in first.children)
        if modal and shared is not None and shared.lower_ not in AGENT:
            return False
    if subject is not None and _vocative(subject, predicate):
        subject = None  # r36c: 'Well partner, parking this until I hear back from y'all …': the reader addressed
    if subject is not None and subject.lower_ not in AGENT:
        if subject.dep_ == "nsubjpass" and predicate.lemma_.lower() in HOLD_VERBS:
            return True  # 'The refactor is parked until your confirmation.': the agent's work held
        if predicate.lemma_.lower() in REMAINING_VERBS and _held_state(predicate):
            return True  # r33b: 'The remaining files stay unconverted until you pick …': the agent's work held
        return is_copula(predicate) and any(c.lower_ == "hold" for c in predicate.subtree)
    if predicate.tag_ == "VBD" and not any(c.dep_ in ("aux", "auxpass") for c in predicate.children):
        return False  # 'I waited until you replied yesterday': a report
    return predicate.pos_ in ("VERB", "AUX", "ADJ")


def _vocative(subject: Token, predicate: Token) -> bool:
    """r36c (docs/DESIGN.md#construction-classes): the reader addressed before a participle with no auxiliary, which the
    model reads as its subject ('Partner, parking this until …', 'Alright folks, holding here until …'): a bare noun
    opening the sentence (after an interjection at most), set off by a comma, with no determiner or modifier."""
    doc = subject.doc
    after = doc[subject.i + 1] if subject.i + 1 < len(doc) else None
    opening = all(t.pos_ == "INTJ" or t.dep_ == "intj" for t in doc[subject.sent.start : subject.i])
    return (
        predicate.tag_ == "VBG"
        and not any(c.dep_ in ("aux", "auxpass") for c in predicate.children)
        and subject.dep_ == "nsubj"
        and subject.pos_ in ("NOUN", "PROPN")
        and not any(c.dep_ != "punct" for c in subject.children)
        and after is not None
        and after.text == ","
        and opening
    )


def _held_state(predicate: Token) -> bool:
    """r33b: the state a verb of remaining keeps the work in, named by its complement ('stay unconverted', 'remain
    untouched', 'stay as they are', 'remain on hold'): an unchanged or held state, not a thing's own behaviour ('the
    banner stays till you dismiss it' names none)."""
    return any(
        (c.dep_ in ("acomp", "oprd", "xcomp") and c.i > predicate.i)
        or (c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ == "as" for m in c.children))
        or (c.dep_ == "prep" and c.lower_ == "on" and any(g.lower_ == "hold" for g in c.children))
        for c in predicate.children
    )


def _is_stamp(word: Token, lexicon: Lexicon) -> bool:
    return any(lexicon.domain_of(n) == "stamp" for n in forms(word) | {hyphen_compound(word) or ""})


def _human_only(roots: list[Token], lexicon: Lexicon) -> bool:
    scope = frozenset(t.i for r in roots for t in r.subtree if t.lower_ not in READER)
    return work_of(roots, lexicon, scope).human_only
