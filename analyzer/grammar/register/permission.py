"""The permission family's gate (docs/DESIGN.md#phrase-families revisions 2 and 3): a first-person question asking leave
to act, judged like an attribution phrase on the act it asks leave for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.grammar.judgement import Judgement, Ruling, gated, text_of
from analyzer.grammar.register.clauses import is_question, spelled
from analyzer.grammar.register.context import Context, answered, asks_a_person
from analyzer.grammar.registry import rule
from analyzer.grammar.work import work_of
from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import SUBJECT_DEPS, bounds, subject_of
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token

AGENT_SUBJECTS = terms("register", "agent_subjects")



@rule("permission-question")
def permission_question(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """The act asked about is the modal's verb, or after a lead-in ('go ahead and …') the verb coordinated after it
    (_after_lead_in); its words up to the question mark, without a circumstance clause of someone else's, are judged
    by work_of."""
    if not is_question(phrase):
        return None
    if phrase[0].lower_ in ("ok", "okay") and not _opens_question(phrase):
        return None
    verb = _asked_verb(phrase)
    if verb is not None and verb.lemma_.lower() in lexicon.fact_verbs:
        return None
    lemma = verb.lemma_.lower() if verb is not None else ""
    if answered(context, lemma, lexicon, asks_a_person=asks_a_person(phrase[0].sent)):
        return None  # 'Should I start on it? It is a small change.' answers nothing
    if verb is None:
        return gated(
            "fire", "permission-question", f"fires (permission-question): '{spelled(phrase)}' asks leave for the "
            "next step and leaves it unanswered"
        )
    verb = _after_lead_in(verb, lexicon)
    asked = _asked_act(verb, phrase)
    span = bounds(asked)
    work = work_of([verb], lexicon, frozenset(t.i for t in asked))
    asking = f"'{spelled(phrase)}' asks leave for '{text_of(verb, span)}'"
    if work.human_only:
        reason = f"exempt (permission-question): {asking}, {work.describe()}"
    elif work.domains:
        reason = f"fires (permission-question): {asking}, which {work.describe()}, and leaves it unanswered"
    else:
        reason = f"fires (permission-question): {asking} and leaves it unanswered"
    # Form 'none': the contract's forms name how an attribution phrase binds; the asked act is shown as the
    # attachment all the same.
    verdict: Ruling = "exempt" if work.human_only else "fire"
    return Judgement(verdict, "none", "permission-question", reason, span, verb.i, work.domains)


def _opens_question(phrase: Sequence[Token]) -> bool:
    """'OK to start?' / 'Is it OK to …?': the phrase opens its question (at most a copula and 'it' before)."""
    before = [t for t in phrase[0].doc[phrase[0].sent.start : phrase[0].i] if not t.is_punct]
    return all(t.lower_ in ("is", "it", "would", "will", "be", "so", "and", "also") for t in before)


def _asked_verb(phrase: Sequence[Token]) -> Token | None:
    """The action a permission question asks leave for: the verb the modal serves ('Should I proceed?'),
    or the verb after 'to' ('OK to start?')."""
    first = phrase[0]
    if first.lower_ in ("ok", "okay"):
        after = first.doc[phrase[-1].i + 1] if phrase[-1].i + 1 < len(first.doc) else None
        if after is not None and after.dep_ == "compound" and after.head.i > after.i and after.whitespace_ == "":
            return after.head  # r40c: 'okay to force-push over …': the hyphenated verb's head ('push'), read whole
        return after if after is not None and after.pos_ in ("VERB", "AUX") else None
    head = first.head
    if head.i != first.i and head.pos_ in ("VERB", "AUX"):
        return head
    after = next((t for t in first.doc[phrase[-1].i + 1 : first.sent.end] if t.pos_ in ("VERB", "AUX")), None)
    if after is not None and after.dep_ == "amod" and head.i != first.i and first.dep_ == "aux":
        # 'Shall I force-push over the published history?': the model tagged the modal's verb a noun (push/NN);
        # the next verb is a participle modifying the object, so the act is the modal's head.
        return head
    return after


def _after_lead_in(verb: Token, lexicon: Lexicon) -> Token:
    """'Should I go ahead and merge #812?' asks leave for the act coordinated after a lead-in ('go ahead',
    'proceed'): the verb of that act, else the verb itself."""
    particles = [c for c in verb.children if c.dep_ in ("advmod", "prt") and c.i > verb.i]
    written = " ".join([verb.lower_, *(p.lower_ for p in particles)])
    if written not in lexicon.lead_ins and verb.lemma_.lower() not in lexicon.lead_ins:
        return verb
    # r28i: the model may read the act after 'and' as a noun ('go ahead and squash-merge #88': merge/NOUN -conj-> go)
    joined = [c for c in verb.children if c.dep_ == "conj" and c.pos_ in ("VERB", "AUX", "NOUN")]
    joined_by_and = [c for c in joined if any(t.lower_ == "and" for t in verb.doc[verb.i + 1 : c.i])]
    return joined_by_and[0] if joined_by_and else verb


def _asked_act(verb: Token, phrase: Sequence[Token]) -> list[Token]:
    """The act a permission question asks leave for: the asked verb's own words up to the question mark,
    without the phrase, its subject or auxiliaries ('Shall I merge it now?' -> 'merge it now')."""
    inside = {t.i for t in phrase}
    end = next((t.i for t in verb.doc[verb.i : verb.sent.end] if t.text in ("?", ".", "!", ";")), verb.sent.end)
    # 'Shall I merge #418 now that both reviews are in?': a subordinate clause about something other than the
    # agent says when or why, not what is asked.
    circumstances = {
        t.i for c in verb.children if _circumstance(c, verb) for t in c.subtree
    }
    kept = [
        t
        for t in verb.subtree
        if t.i not in inside
        and t.i < end
        and t.i not in circumstances
        and not t.is_punct
        and not (t.head.i == verb.i and t.dep_ in (*SUBJECT_DEPS, "aux", "auxpass"))
    ]
    return kept or [verb]


def _circumstance(clause: Token, verb: Token) -> bool:
    """A clause after the asked verb, opened by a subordinator ('now that', 'once', 'since'), whose subject is
    not the agent."""
    if clause.dep_ not in ("advcl", "ccomp") or clause.i < verb.i:
        return False
    subject = subject_of(clause)
    return any(c.dep_ == "mark" for c in clause.children) and not (
        subject is not None and subject.lower_ in AGENT_SUBJECTS
    )
