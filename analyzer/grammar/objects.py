"""Object form (docs/DESIGN.md#decisive-relation): the phrase has its own object; the possessive already hands the
decision over, so the phrase is exempt exactly when the object is purely human-only work."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.grammar.judgement import Judgement, text_of, verdict_of
from analyzer.grammar.negation import negation_of
from analyzer.grammar.reference import act_before, pointing_noun
from analyzer.grammar.registry import apply, rule
from analyzer.grammar.work import work_of, work_of_stretch
from analyzer.lexicon import Lexicon
from analyzer.parse.shapes import (
    DECISION_MARKS,
    DETACHED_CONJUNCTIONS,
    FORWARD_MARKS,
    points_forward,
    previous_token,
)
from analyzer.parse.tokens import SUBJECT_DEPS, bounds, forms, is_copula, tops
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token


OBJECT_PREPOSITIONS = terms("attribution", "object_prepositions")

# Punctuation that, right after the phrase, introduces its object: "your move — ship v2.1 or hold".
OBJECT_INTRODUCERS = frozenset({":", "—", "–", "--", "-"})

# Clauses under the phrase that can state the decision: "your call whether to merge".
CLAUSAL_OBJECT_DEPS = frozenset({"acl", "relcl", "ccomp", "advcl"})
# Question words that ask when the act of a clause happens ('your call when the hotfix gets merged').
TIME_QUESTION_WORDS = terms("parse", "time_question_words")

# Tags of wh-words: "which", "what", "who", "when", "how".
WH_TAGS = frozenset({"WDT", "WP", "WP$", "WRB"})


def phrase_object(noun: Token, phrase: Sequence[Token]) -> list[Token]:
    """The roots of the phrase's object, or [] when it has none: the first of the object's constructions
    that finds one decides, in this order, and what it found is completed.

    "That's your call: merge now or hold"   a demonstrative pointing past a colon
    "your call on the merge"                 on -prep-> call, merge -pobj-> on
    "your call whether to merge"             merge -acl-> call, whether -mark-> merge
    "On the merge, your call."               the object fronted before the phrase
    "your move — ship v2.1 or hold"          everything after the dash, to the end of the sentence
    """
    last = max(t.i for t in phrase)
    after = noun.doc[last + 1] if last + 1 < noun.sent.end else None
    if after is not None and after.text in FORWARD_MARKS and noun.dep_ == "attr" and points_forward(noun):
        # 'That's your call: the merge, then the docs lane': the parser hangs parts of it on the copula.
        return tops([t for t in noun.sent if t.i > after.i and not t.is_punct])
    roots = (
        _prepositional_object(noun, phrase, after)
        or _dependent_object(noun, last)
        or _fronted_object(noun, phrase)
        or _introduced_object(noun, phrase, after)
    )
    return _completed(noun, phrase, roots)


def _prepositional_object(noun: Token, phrase: Sequence[Token], after: Token | None) -> list[Token]:
    """'your call on the merge', 'I need your steer on the lane': the object preposition closing the
    phrase or right after it, wherever the parser hangs it, with any preposition coordinated with it."""
    preposition = phrase[-1] if phrase[-1].pos_ == "ADP" else after
    if preposition is None or preposition.lower_ not in OBJECT_PREPOSITIONS or preposition.i <= noun.i:
        return []
    roots = [
        _question_clause(c, joined)
        for joined in (preposition, *_coordinated_prepositions(noun, preposition))
        for c in objects_of(joined)
    ]
    # The parser left the preposition without its object: the rest of the sentence is it.
    return roots or tops([t for t in noun.sent if t.i > preposition.i])


def _dependent_object(noun: Token, last: int) -> list[Token]:
    """'your call: the merge or …' (appos), 'your call whether to merge' (a clause stating the decision),
    an object preposition further on: a dependent of the phrase's noun after the phrase."""
    roots: list[Token] = []
    for child in noun.children:
        if child.i <= last or _contrasted(child):
            continue
        if child.dep_ == "prep" and child.lower_ in OBJECT_PREPOSITIONS:
            roots += objects_of(child)
        elif child.dep_ == "appos" or (child.dep_ in CLAUSAL_OBJECT_DEPS and _states_decision(child)):
            roots.append(child)
    return roots


def _introduced_object(noun: Token, phrase: Sequence[Token], after: Token | None) -> list[Token]:
    """'your move — ship v2.1 or hold': a colon or spaced dash after the phrase introduces the rest of
    the sentence as its object — unless it continues with a coordinator ('— and your call on the lane')
    or opens a statement of its own."""
    if after is None or after.text not in OBJECT_INTRODUCERS or not after.whitespace_:
        return []
    rest = [t for t in noun.sent if t.i > after.i]
    if not rest or rest[0].dep_ == "cc" or _new_statement(noun, phrase, after, tops(rest)):
        return []
    return tops(rest)


def _completed(noun: Token, phrase: Sequence[Token], roots: list[Token]) -> list[Token]:
    """The object as found, plus an alternative the parser lost and the phrase's coordinated objects,
    minus what lies past a ';' and what has no word."""
    roots = roots + [r for r in apply("lost-alternative", noun, roots) if r not in roots]
    roots = [r for r in roots if not _across_break(noun, phrase, r) and _has_words(r)]
    if roots:
        first = min(t.i for r in roots for t in r.subtree)
        extra = [c for c in noun.children if c.dep_ == "conj" and c.i > first and not _own_phrase(c)]
        roots += [c for c in extra if c not in roots]
    return roots


def _coordinated_prepositions(noun: Token, preposition: Token) -> list[Token]:
    """'your call on the merge, and on what I pick up next': a second object preposition joined to the
    first by a conjunction is more of the object.

        on -prep-> call, and -cc-> call, on -prep-> call     (siblings, a 'cc' between them)
        on -prep-> call, on -conj-> on                        (coordinated with the first)
    """
    joined = [c for c in preposition.children if c.dep_ == "conj" and c.lower_ in OBJECT_PREPOSITIONS]
    if preposition.head.i == noun.i:
        later = [c for c in noun.children if c.dep_ == "prep" and c.i > preposition.i]
        for sibling in later:
            linked = any(c.dep_ == "cc" and preposition.i < c.i < sibling.i for c in noun.children)
            if sibling.lower_ in OBJECT_PREPOSITIONS and linked:
                joined.append(sibling)
    return joined


def _new_statement(noun: Token, phrase: Sequence[Token], introducer: Token, roots: list[Token]) -> bool:
    """'Squash or rebase, your call — I didn't touch the history': after a phrase that closes a comment
    on what precedes it, a dash opens a statement with its own subject, not the phrase's object. r40c: so after
    a phrase that a copula's subject already names the decision of ('Merging #901 to main is your call — it's green
    and approved').

        , your call — I didn't touch …     ',' before the phrase; touch -nsubj-> I after the dash
        X is your call — it's green …      call -attr-> is -nsubj/csubj-> X
    """
    before = previous_token(phrase[0])
    if before is not None and before.lower_ in DETACHED_CONJUNCTIONS:
        before = previous_token(before)
    # the copula's subject, or the words before it when the model made the copula an auxiliary of a gerund subject
    owned = noun.dep_ == "attr" and is_copula(noun.head) and any(
        not t.is_punct for t in noun.doc[noun.sent.start : noun.head.i])  # fmt: skip
    if introducer.text == ":" or before is None or (before.text != "," and not owned):
        return False
    return len(roots) == 1 and any(c.dep_ in SUBJECT_DEPS for c in roots[0].children)


@rule("lost-alternative")
def lost_alternatives(noun: Token, roots: list[Token]) -> list[Token]:
    """Only when the object ends in a dangling coordinator."""
    for root in roots:
        coordinators = [c for c in root.children if c.dep_ == "cc"]
        dangling = coordinators and coordinators[-1].i == root.right_edge.i
        if dangling and not any(c.dep_ == "conj" for c in root.children):
            return tops([t for t in noun.sent if t.i > coordinators[-1].i and not t.is_punct])
    return []


@rule("cut-compound")
def cut_compound(objects: list[Token], lexicon: Lexicon, scope: frozenset[int]) -> list[Token]:
    """Only an agent-work word the parser made a verb right after the object."""
    end = max(t.i for r in objects for t in r.subtree)
    doc = objects[0].doc
    if end + 1 >= objects[0].sent.end or end + 1 not in scope:
        return []
    following = doc[end + 1]
    named = forms(following) & lexicon.agent_work or any(lexicon.domain_of(n) for n in forms(following))
    if not following.is_punct and (named or domain_verb(following, lexicon)):
        return [following]
    return _noun_run(doc[end + 1 : objects[0].sent.end], scope)


def _noun_run(rest: Sequence[Token], scope: frozenset[int]) -> list[Token]:
    """r38d (docs/DESIGN.md#construction-classes): 'Your call on the merge of the session middleware PR.' — the model
    ended the object early and made the nouns after it a clause of their own; nouns alone up to the end of the sentence
    (or a mark) are the rest of the object's noun phrase."""
    run = []
    for t in rest:
        if t.is_punct or t.is_space:
            break
        if t.i not in scope or not t.tag_.startswith("NN"):
            return []
        run.append(t)
    return run


def domain_verb(token: Token, lexicon: Lexicon) -> bool:
    """A verb of a domain's construction ('the terraform apply on the shared account': apply)."""
    return any(forms(token) & d.verbs for d in lexicon.domains)


def _contrasted(child: Token) -> bool:
    """'your call, not mine': what a 'not' sets against the phrase is a contrast, not its object."""
    before = child.left_edge.i - 1
    return before >= 0 and child.doc[before].lower_ == "not"


def _fronted_object(noun: Token, phrase: Sequence[Token]) -> list[Token]:
    """'On the merge, your call.' / 'As for the release, your call.': the object fronted before the phrase."""
    first = min(t.i for t in phrase)
    # 'As for the release, your call': the parser may hang the phrase itself under the fronted 'as'.
    holders = [noun, noun.head] if noun.dep_ == "pobj" and noun.head.lower_ == "as" else [noun]
    for holder in holders:
        for child in holder.children:
            if child.dep_ != "prep" or child.i >= first:
                continue
            if child.lower_ in OBJECT_PREPOSITIONS and holder.i == noun.i:
                return objects_of(child)
            if child.lower_ in ("for", "to") and holder.i != noun.i:
                return objects_of(child)
            if child.lower_ == "as":
                return [c for g in _as_for(child) for c in objects_of(g)]
    return []


TOPIC_PREPOSITIONS = terms("attribution", "topic_prepositions")


@rule("fronted-topic")
def fronted_topic(segment: Sequence[Token]) -> list[Token]:
    """Only a segment that is nothing but the topic: a comma inside it makes it a clause."""
    opener = segment[0]
    if opener.lower_ not in TOPIC_PREPOSITIONS or opener.pos_ != "ADP" or any(t.text == "," for t in segment):
        return []  # 'On green, merge or hold, your call': a comma inside means more than a topic
    if not {t.i for t in segment} <= {t.i for t in opener.subtree}:
        return []
    holders = [opener]
    if opener.lower_ == "as":
        holders = _as_for(opener)
    inside = {t.i for t in segment}
    return [c for h in holders for c in objects_of(h) if c.i in inside]


def objects_of(preposition: Token) -> list[Token]:
    """What a preposition governs: 'on the merge' -> merge, 'on whether to squash' -> squash."""
    return [c for c in preposition.children if c.dep_ in ("pobj", "pcomp")]


def _as_for(as_token: Token) -> list[Token]:
    """The 'for'/'to' of 'as for X' / 'as to X', which holds the topic."""
    return [c for c in as_token.children if c.dep_ == "prep" and c.lower_ in ("for", "to")]


def _question_clause(pobj: Token, preposition: Token) -> Token:
    """'your call on which one merges first': a wh-word object stands for its question clause."""
    head = preposition.head
    if pobj.tag_ in WH_TAGS and head.pos_ in ("VERB", "AUX") and head.i > preposition.i:
        return head
    return pobj


def _across_break(noun: Token, phrase: Sequence[Token], root: Token) -> bool:
    """'…, your call; #1071 still needs the stamp': what follows a ';' is another clause, not the object."""
    last = max(t.i for t in phrase)
    between = noun.doc[last + 1 : root.left_edge.i]
    return any(t.text == ";" for t in between)


def _has_words(root: Token) -> bool:
    """'Your move 👀': an emoji or a symbol the parser hangs on the phrase names nothing, so it is no object."""
    return any(ch.isalnum() for t in root.subtree for ch in t.text)


def _own_phrase(token: Token) -> bool:
    """'your call on the merge, and your call on the lane': a coordinated phrase is judged on its own."""
    return any(c.dep_ == "poss" and c.lower_ == "your" for c in token.children)


def after_phrase(phrase: Sequence[Token], scope: frozenset[int]) -> frozenset[int]:
    """An object follows its phrase: the scope after it, without an introducing preposition or colon."""
    last = max(t.i for t in phrase)
    doc = phrase[0].doc
    if last + 1 < len(doc) and (doc[last + 1].lower_ in OBJECT_PREPOSITIONS or doc[last + 1].is_punct):
        last += 1
    return frozenset(i for i in scope if i > last)


def _states_decision(clause: Token) -> bool:
    """A clause under the phrase that states the decision: 'whether to merge', ': merge now or hold'."""
    marks = {c.lower_ for c in clause.children if c.dep_ == "mark"}
    after_colon = clause.i > 0 and clause.doc[clause.i - 1].text in OBJECT_INTRODUCERS
    # r28g: 'Up to you when the hotfix gets merged': a clause opened by a question word of time asks when the act
    # happens — the act is the decision (the model makes the word an adverb of the clause, not its mark)
    timed = clause.left_edge.lower_ in TIME_QUESTION_WORDS and clause.left_edge.tag_ == "WRB"
    return bool(marks & DECISION_MARKS) or after_colon or clause.tag_ == "VB" or timed


def _bare_question_word(word: Token) -> bool:
    """'your call on when', 'up to you whether': a question word with no clause of its own."""
    return (word.lower_ in TIME_QUESTION_WORDS or word.lower_ in DECISION_MARKS) and len(list(word.subtree)) == 1


def _bare_pointer(word: Token) -> bool:
    """r28j: 'your call on that', 'your decision on this one': a demonstrative, or a decision noun it points with, and
    nothing else."""
    return pointing_noun(word) and all(t.i == word.i or (t.dep_ == "det" and t.head.i == word.i) for t in word.subtree)


def object_form(noun: Token, objects: list[Token], lexicon: Lexicon, scope: frozenset[int]) -> Judgement:
    """A word the [[correction]] rows at `object` restore that ends a domain noun makes the object one stretch,
    judged as such."""
    if len(objects) == 1 and (_bare_question_word(objects[0]) or _bare_pointer(objects[0])):
        act = act_before(noun.left_edge)
        if act:  # r28g: '… which only you can do — your call on when': 'when' asks about the act named before;
            # r28j: 'Deleting the old snapshots in prod frees 2 TB. Your call on that.': 'that' stands for it
            work = work_of_stretch(act, lexicon)
            span = bounds(act)
            asked = " ".join(t.text for t in objects[0].subtree)  # 'on that one'
            return verdict_of(work, "object", "object-form", f"what 'on {asked}' asks about, "
                              f"'{text_of(noun, span)}',", span, act[0].i, None)  # fmt: skip
    cut = apply("object", objects, lexicon, scope)
    objects = objects + cut
    work = work_of(objects, lexicon, scope)
    nouns = bool(cut) and all(t.tag_.startswith("NN") for t in cut)  # r38d: the rest of the noun phrase
    if cut and (any(lexicon.domain_of(n) for n in forms(cut[0])) or domain_verb(cut[0], lexicon) or nouns):
        # the cut word ends the noun of the last part: judge the object as the one stretch it is
        stretch = {t for r in objects for t in r.subtree if t.i in scope} | set(cut)
        work = work_of_stretch(sorted(stretch, key=lambda t: t.i), lexicon)
    span = bounds(t for r in objects for t in r.subtree if t.i in scope)
    negation = negation_of(noun, (), lexicon)
    if negation is None and noun.dep_ == "attr" and is_copula(noun.head):
        negation = negation_of(noun.head, (noun,), lexicon)
    return verdict_of(work, "object", "object-form", f"object '{text_of(noun, span)}'", span, objects[0].i, negation)
