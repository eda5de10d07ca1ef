"""The relation rules (docs/DESIGN.md#decisive-relation): no object, so the predicate that governs the phrase decides.

`judge_relation` walks the relation table of grammar.toml: it exempts only when the predicate hands a
human-only decision over — copular ownership, a pending eligibility, an all-human option list, a
human-only topic. Anything else — historical or status prose, the agent's own plan — fires.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING

from analyzer.grammar.disclaimers import disclaimed
from analyzer.grammar.judgement import Judgement, negated, text_of, verdict_of
from analyzer.grammar.named_decision import attribute_domain
from analyzer.grammar.negation import negation_of
from analyzer.grammar.reference import act_before, act_of_sentence, pointer_asked, points_back
from analyzer.grammar.registry import apply, rule, table, walk
from analyzer.grammar.verdicts import (
    eligibility_judgement,
    option_list_judgement,
    standalone_judgement,
    status_judgement,
    topic_judgement,
)
from analyzer.grammar.work import work_of, work_of_stretch
from analyzer.lexicon import Lexicon
from analyzer.parse.shapes import (
    DECISION_MARKS,
    EXTRAPOSED_DEPS,
    antecedent,
    extraposed_clause,
    segment_before,
    subjects,
)
from analyzer.parse.tokens import (
    COPULA_COMPLEMENT_DEPS,
    DEMONSTRATIVES,
    SUBJECT_DEPS,
    bounds,
    conjuncts,
    forms,
    hyphen_compound,
    is_copula,
    tops,
    words_of,
)
from analyzer.terms import terms
from analyzer.text.closing import claim_vocabulary

if TYPE_CHECKING:
    from spacy.tokens import Token


FRONTING_PREPOSITIONS = terms("attribution", "fronting_prepositions")
# The prepositions that say what a decision is about: 'your call on whether to publish', 'your decision about X'.
TOPIC_PREPOSITIONS = frozenset({"on", "about", "over", "regarding"})
# Relative pronouns as the subject of a relative clause: they stand for the noun the clause modifies.
RELATIVE_TAGS = frozenset({"WDT", "WP"})
ALTERNATIVE_CONJUNCTIONS = terms("attribution", "alternative_conjunctions")
# r38d: the article with which a decision noun with nothing of its own points back ('the decision is yours').
DEFINITE_POINTERS = terms("reference", "definite_pointers")
# Nouns a demonstrative points back with: 'that one', and (issue 28 phase 6) 'that decision', 'this choice'.
POINTING_NOUNS = terms("reference", "decision_nouns")
# r38l: the agent's stance or step back before a demonstrative, and the prepositions that name what it is about.
STANCE_HEADS = terms("decision-named", "stance_heads")
STANCE_PREPOSITIONS = terms("decision-named", "stance_prepositions")
# Parts of speech that describe a state ("green and merge-eligible"), next to an eligibility word.
DESCRIPTIVE_POS = frozenset({"ADJ", "NOUN", "PROPN", "VERB"})


class RelationSite:
    """A governing predicate and the scope it is read in: what the relation rules judge.

    `demonstrative`: the predicate is what 'that' stands for ("merge-eligible — that's your call").
    `copular`: a phrase rule already found the copula the phrase hangs on ("The merge itself is yours —
    your call once CI finishes"), so the copular rules decide whatever its complements.
    """

    def __init__(
        self,
        pred: Token,
        lexicon: Lexicon,
        scope: frozenset[int],
        *,
        demonstrative: bool = False,
        copular: bool = False,
    ) -> None:
        self.pred = pred
        self.lexicon = lexicon
        self.scope = scope
        self.demonstrative = demonstrative
        self.copular = copular

    @cached_property
    def members(self) -> list[Token]:
        """The predicate's alternatives: its conjuncts, and those the parser hung on its adverbial clauses."""
        members = conjuncts(self.pred, self.scope)
        known = {k.i for k in members}
        return members + [m for m in apply("alternatives", self.pred, self.scope) if m.i not in known]

    @cached_property
    def complements(self) -> list[Token]:
        return _complements(self.pred, self.scope)

    @cached_property
    def is_copular(self) -> bool:
        """A copula that says something of its subject, or that stands alone ("CI is green, your call")."""
        return self.copular or (is_copula(self.pred) and (bool(self.complements) or len(self.members) == 1))


def judge_relation(site: RelationSite) -> Judgement:
    """Judge the relation: the first relation rule (grammar.toml) that applies to the predicate decides."""
    return walk(table("relation"), site)


def relation_of_segment(segment: Sequence[Token], lexicon: Lexicon, *, demonstrative: bool = False) -> Judgement:
    """Judge the clause or fragment a detached phrase (or a demonstrative) comments on, by its predicate."""
    segment = apply("detached-segment", segment)
    scope = frozenset(t.i for t in segment)
    heads = tops(segment)
    main = next((t for t in heads if t.pos_ in ("VERB", "AUX")), heads[0] if heads else None)
    if main is None:
        return standalone_judgement(segment)
    main, scope = apply("main-clause", main, scope) or (main, scope)
    return judge_relation(RelationSite(main, lexicon, scope, demonstrative=demonstrative))


def attribute_ownership(cop: Token, noun: Token, lexicon: Lexicon, scope: frozenset[int]) -> Judgement:
    """'The merge is your call': the phrase itself is what the copula says of its subject, so it owns it."""
    owner = [c for c in _complements(cop, scope) if _ownership(c, lexicon, scope)]
    return ownership_judgement(cop, [*owner, noun], lexicon, scope)


# ---------------------------------------------------------------------------------------------------
# The relation rules, in grammar.toml's order. Each returns None when its construction is not there.


@rule("disclaimed-ownership")
def disclaimed_ownership(site: RelationSite) -> Judgement | None:
    """Before copular-ownership, which would read the disclaimer's negation as a cancelled hand-over
    (disclaimers.disclaimed finds it)."""
    if not site.is_copular:
        return None
    disclaimer = disclaimed(site.pred, site.complements, site.lexicon, site.scope)
    if disclaimer is None:
        return None
    judged = ownership_judgement(site.pred, [disclaimer], site.lexicon, site.scope, disclaims=True)
    return replace(judged, reason=f"{judged.reason}; the agent disclaims its own ownership ('{disclaimer.text}')")


@rule("copular-ownership")
def copular_ownership(site: RelationSite) -> Judgement | None:
    """Only complements the scope holds count, so an owner named in another clause hands nothing over here."""
    if not site.is_copular:
        return None
    owner = [c for c in site.complements if _ownership(c, site.lexicon, site.scope)]
    return ownership_judgement(site.pred, owner, site.lexicon, site.scope) if owner else None


@rule("pending-eligibility")
def pending_eligibility(site: RelationSite) -> Judgement | None:
    """Read on a copula's complements, or among members that all describe a state when there is no copula."""
    eligible = _copular_eligibility(site) if site.is_copular else _listed_eligibility(site)
    if eligible is None:
        return None
    return eligibility_judgement(site.pred, eligible, site.lexicon, site.scope)


@rule("decision-named")
def decision_named(site: RelationSite) -> Judgement | None:
    """r38l: 'Whether we can ship it is a legal question — your call': the copula's attribute names a human-only
    decision (named_decision.attribute_domain), so the phrase comments on that decision, whatever the subject."""
    if not site.is_copular or site.pred.tag_ == "VBD":
        return None
    subject = [t for s in subjects(site.pred) for t in s.subtree]
    if subject and work_of_stretch(subject, site.lexicon).agent_words:
        return None  # 'Refactoring the billing module is a billing change': the agent's work, whatever it touches
    for attr in (c for c in site.pred.children if c.dep_ == "attr" and c.i in site.scope):
        domain = attribute_domain(attr, site.lexicon)
        if domain is None:
            continue
        span = bounds(t for t in site.pred.subtree if t.i in site.scope)
        words = " ".join(t.text for t in attr.subtree if t.i <= attr.i and t.dep_ != "det" and not t.is_punct)
        why = f"exempt (decision-named): the copula names the decision, '{words}', a human-only one ({domain})"
        judged = Judgement("exempt", "copular-ownership", "decision-named", why, span, attr.i, (domain,))
        negation = negation_of(site.pred, (attr,), site.lexicon)
        return negated(judged, negation) if negation is not None else judged
    return None


@rule("copular-status")
def copular_status(site: RelationSite) -> Judgement | None:
    """After the ownership and eligibility rows, so any copula left is status."""
    return status_judgement(site.pred, site.scope) if site.is_copular else None


@rule("option-list")
def option_list(site: RelationSite) -> Judgement | None:
    """Alternatives are the predicate's conjuncts and those the [[correction]] rows at `alternatives` find; a list
    of past or third-person forms reports, it offers no choice (_is_choice)."""
    pred, members = site.pred, site.members
    if (len(members) > 1 or _holds_alternatives(pred, site.scope)) and _offers_choice(members):
        return option_list_judgement(pred, members, site.lexicon, site.scope)
    return None


@rule("reduced-report")
def reduced_report(site: RelationSite) -> Judgement | None:
    """A VBN/VBD modifier right after the noun: the parse of a clause the model read as a noun phrase."""
    reduced = _reduced_report(site.pred, site.scope)
    return status_judgement(reduced, site.scope) if reduced is not None else None


@rule("topic")
def topic(site: RelationSite) -> Judgement | None:
    """A demonstrative's antecedent counts only when it names an action: a subjectless base form or gerund."""
    pred = site.pred
    if pred.pos_ in ("NOUN", "PROPN") or _is_decision_clause(pred) or (site.demonstrative and _names_action(pred)):
        return topic_judgement(pred, site.lexicon, site.scope, demonstrative=site.demonstrative)
    if _gerund_topic(pred):
        return topic_judgement(pred, site.lexicon, site.scope, demonstrative=site.demonstrative)
    gerund = _gerund_subject_of(pred) if site.demonstrative else None
    if gerund is not None:  # r28i: 'Rotating the token means revoking the old one; that's your call.'
        return topic_judgement(gerund, site.lexicon, site.scope, demonstrative=True)
    if _described_act(pred):  # r28i: '| Drop the table in production | you | deletes production data, your call |'
        return topic_judgement(pred, site.lexicon, site.scope, demonstrative=site.demonstrative)
    subject = _present_subject(pred) if site.demonstrative else None
    if subject is not None:  # r28i: 'gcloud auth login needs your own Google account, so that one is yours to run'
        judged = topic_judgement(subject, site.lexicon, site.scope, demonstrative=True)
        return judged if judged.verdict == "exempt" else None
    return None


def _present_subject(pred: Token) -> Token | None:
    """r28i: the thing a demonstrative stands for when its clause says, in the present, what that thing needs or does
    ('gcloud auth login needs your own Google account'): the clause's noun subject. A past report ('the merge failed')
    tells history and stands for nothing to decide."""
    if is_copula(pred) or pred.tag_ not in ("VBZ", "VBP"):
        return None
    return next((c for c in pred.children if c.dep_ == "nsubj" and c.pos_ in ("NOUN", "PROPN")), None)


def _gerund_subject_of(pred: Token) -> Token | None:
    """r28i: the act a demonstrative stands for when its clause says what an act means, needs or costs ('Rotating the
    token means revoking the old one'): the clause's subjectless gerund subject, whatever the verb says of it."""
    if is_copula(pred):
        return None
    return next(
        (
            c
            for c in pred.children
            if c.dep_ in ("csubj", "nsubj") and c.tag_ == "VBG" and not any(g.dep_ in SUBJECT_DEPS for g in c.children)
        ),
        None,
    )


def _described_act(pred: Token) -> bool:
    """r28i: a subjectless present-tense verb opening its unit ('deletes production data, your call' in a table cell,
    'Drops the sessions table in production — your call.') describes the act the phrase comments on."""
    return (
        pred.tag_ == "VBZ"
        and not is_copula(pred)
        and not any(c.dep_ in (*SUBJECT_DEPS, "aux", "auxpass", "expl") for c in pred.children)
        and pred.i == pred.sent.start
    )


def _gerund_topic(pred: Token) -> bool:
    """r28i: 'Wiping the production Redis to clear the poisoned keys — your call.': a subjectless gerund that opens its
    sentence, with no auxiliary, names the act the phrase after it comments on, as a nominal topic does; with a
    now-adverb ('Merging #12 now — your call.') the agent announces the act (docs/DESIGN.md#claims)."""
    return (
        pred.tag_ == "VBG"
        and _names_action(pred)
        and pred.i == pred.sent.start
        and not any(c.dep_ in ("aux", "auxpass") or c.lower_ in claim_vocabulary().now_adverbs for c in pred.children)
    )


@rule("status-prose")
def status_prose(site: RelationSite) -> Judgement:
    """The table's last row, so it always decides."""
    return status_judgement(site.pred, site.scope)


def _copular_eligibility(site: RelationSite) -> Token | None:
    """'is merge-eligible', 'is green and merge-eligible': an eligibility word the copula's complement describes."""
    described = [m for c in site.complements for m in conjuncts(c, site.scope)]
    described += [t for c in site.complements for t in c.subtree if t.dep_ in ("amod", "acomp") and t.i in site.scope]
    return next((c for c in described if _eligibility_word(c, site.lexicon)), None)


def _listed_eligibility(site: RelationSite) -> Token | None:
    """'Green and merge-eligible': an eligibility word among members that all describe a state."""
    members = site.members
    eligible = next((m for m in members if _eligibility_word(m, site.lexicon)), None)
    if eligible is not None and all(m.pos_ in DESCRIPTIVE_POS or m.i == eligible.i for m in members):
        return eligible
    return None




@rule("fronted-condition")
def fronted_condition(segment: Sequence[Token]) -> Sequence[Token]:
    """Cut at the first comma only when words follow it; the opener is read as written, since the model may attach
    the condition anywhere."""
    opener = segment[0] if segment else None
    if opener is None or not (
        opener.lower_ in FRONTING_PREPOSITIONS or (opener.dep_ == "mark" and opener.lower_ not in DECISION_MARKS)
    ):
        return segment
    comma = next((k for k, t in enumerate(segment) if t.text == ","), None)
    rest = [t for t in segment[comma + 1 :] if not t.is_punct] if comma is not None else []
    return segment[comma + 1 :] if rest else segment


@rule("main-clause")
def main_clause(top: Token, scope: frozenset[int]) -> tuple[Token, frozenset[int]] | None:
    """None when the parse has no such shape: a subordinate root, a conjunct after a comma, and the conjunct after
    the comma."""
    subordinate = any(c.dep_ == "mark" and c.lower_ not in DECISION_MARKS for c in top.children) or any(
        c.dep_ == "prep" and c.lower_ in FRONTING_PREPOSITIONS and c.i < top.i for c in top.children
    )
    following = [c for c in top.children if c.dep_ == "conj" and c.i > top.i and c.i in scope]
    commas = [i for i in sorted(scope) if top.doc[i].text == ","]
    if not subordinate or not following or not commas or not top.i < commas[0] < following[0].i:
        return None
    main = following[0]
    own = {t.i for t in top.subtree} - {t.i for t in main.subtree}
    return main, scope - own


@rule("alternatives-in-adverbials")
def alternatives_in_adverbials(pred: Token, scope: frozenset[int]) -> list[Token]:
    """Only between base forms (VB), the imperatives of an option list."""
    if pred.tag_ != "VB":
        return []
    return [
        g
        for clause in pred.children
        if clause.dep_ == "advcl" and clause.i > pred.i
        for g in clause.children
        if g.dep_ == "conj" and g.tag_ == "VB" and g.i in scope
    ]


def ownership_judgement(
    cop: Token, owner: list[Token], lexicon: Lexicon, scope: frozenset[int], *, disclaims: bool = False
) -> Judgement:
    """The subject decides: an extraposed clause for 'it', a demonstrative's antecedent, the noun a relative pronoun
    stands for, or a clausal subject the [[correction]] rows at `clausal-subject` restore."""
    found = subjects(cop)
    # 'The release shipped, that's your call': the parser may give the antecedent its own nsubj arc; the
    # demonstrative is the copula's subject then.
    subject = next((f for f in found if demonstrative_of(f) is not None), found[0] if found else None)
    # A disclaimer's negation is the disclaimer itself (disclaimers.py), not a cancelled hand-over.
    negation = None if disclaims else negation_of(cop, owner, lexicon)
    clause = extraposed_clause(cop, owner) if subject is None or subject.lower_ == "it" else None
    if clause is not None:
        what, roots = "extraposed clause", [clause]
    elif subject is not None and demonstrative_of(subject) is not None:
        return demonstrative_judgement(cop, demonstrative_of(subject), negation, lexicon, owner)
    elif subject is not None and subject.lower_ == "it":
        # 'Publishing 1.4.0 to crates.io is the last step. It's your call.': with no clause of its own to stand
        # for, 'it' points back like a demonstrative (analyzer.grammar.reference)
        return demonstrative_judgement(cop, subject, negation, lexicon, owner)
    elif subject is not None and subject.tag_ in RELATIVE_TAGS and cop.dep_ == "relcl":
        what, roots = "subject", [cop.head]  # 'the merge, which is your call, …': 'which' is the merge
    elif subject is not None:
        what, roots = "subject", found
    elif apply("clausal-subject", cop):
        what, roots = "subject", [cop]  # 'Whether or not is your call': the stretch before the copula is its subject
    else:
        return status_judgement(cop, scope)
    # A subject stands before its copula; what the parser hangs on it after the copula (an appositive
    # ", your call") is not part of it.
    covered = [t for r in roots for t in r.subtree if t.i in scope or (t.i < cop.i and what == "subject")]
    stretch = apply("clausal-subject", cop)
    if stretch:
        covered = stretch
        work = work_of_stretch(stretch, lexicon)
    else:
        work = work_of(roots, lexicon, frozenset(t.i for t in covered))
    span = bounds(covered)
    subject_text = f"{what} '{text_of(cop, span)}'"
    return verdict_of(work, "copular-ownership", "copular-ownership", subject_text, span, roots[0].i, negation)


@rule("clausal-subject")
def clausal_subject(cop: Token) -> list[Token]:
    """The stretch is taken from the text, not the arcs: the model scattered it over marks and subjects."""
    segment = segment_before(cop)
    marks = [c for c in cop.children if c.dep_ == "mark" and c.lower_ in DECISION_MARKS and c.i < cop.i]
    if not marks and segment and segment[0].lower_ in DECISION_MARKS and segment[0].dep_ == "mark":
        marks = [segment[0]]  # 'Whether to merge now or hold until Monday is your call': parsed as a subordinate copula
    if not marks:
        return []
    return [t for t in cop.doc[marks[0].i : cop.i] if not t.is_punct and not t.is_space]


@rule("pro-verb-antecedent")
def pro_verb_antecedent(cop: Token) -> list[Token]:
    """'Purging the old release tags rewrites history everyone has pulled; whether to do that is your call': a pro-verb
    in the copula's subject ('do that', 'do it now', 'that happens') stands for the act named before it — before the
    ';' or dash (the gerund that is that clause's subject, or the clause itself), or in the sentence before
    (analyzer.grammar.reference)."""
    segment = segment_before(cop)
    if not any(points_back(t) for t in segment) and not _verbless_decision(segment) and not pointer_asked(segment):
        return []
    return act_before(segment[0])


def _verbless_decision(segment: Sequence[Token]) -> bool:
    """'Whether and when is your call', 'Whether or not is yours to decide': a decision mark with no verb of its own
    asks about the act named before it."""
    return (
        bool(segment)
        and segment[0].lower_ in DECISION_MARKS
        and all(t.lower_ in DECISION_MARKS or t.tag_ in ("WRB", "CC", "RB") for t in segment)
    )


def demonstrative_of(subject: Token) -> Token | None:
    """'that's your call', 'this is', 'that one's', 'that decision is yours': the demonstrative word standing for an
    antecedent."""
    if subject.lower_ in DEMONSTRATIVES:
        return subject
    before = subject.doc[subject.i - 1] if subject.i > subject.sent.start else None
    if subject.lower_ in POINTING_NOUNS and before is not None and before.lower_ in DEMONSTRATIVES:
        return before
    if (
        subject.lower_ in POINTING_NOUNS
        and before is not None
        and before.lower_ in DEFINITE_POINTERS
        and before.i > subject.sent.start
        and all(c.i == before.i for c in subject.children)
    ):
        # r38d: '…; the decision is yours' with nothing of its own points back, after a clause of its own sentence, as
        # 'that decision' does; opening its sentence ('The decision rests with you.') it names the decision generally
        return before
    if before is not None and before.lower_ in DEMONSTRATIVES and _echoes_act(subject, before):
        return before
    return None


def _echoes_act(noun: Token, demonstrative: Token) -> bool:
    """r39c (docs/DESIGN.md#construction-classes): 'Applying the module to the production account creates an IAM role.
    That apply is yours.', 'Purging the audit rows … That purge is your call.': a demonstrative before a word with
    nothing else of its own that repeats the verb of the act named before (the same lemma) points back at that act, as
    'that one' does. Any other noun ('That refactor is your call' after a release) names a thing of its own."""
    if demonstrative.head.i != noun.i or any(c.i != demonstrative.i for c in noun.children):
        return False
    if segment_before(demonstrative):
        return False
    return noun.lemma_.lower() in {t.lemma_.lower() for t in act_before(demonstrative) if t.pos_ in ("VERB", "NOUN")}


def named_after_colon(cop: Token) -> list[Token]:
    """r28g, a forward reference: 'That's for you to decide: delete the old customer records from the production
    database, or leave them.' — a demonstrative clause that ends in a colon stands for what the colon names: the words
    after it, to the end of their sentence. Nothing when other words follow the clause before a colon."""
    doc = cop.doc
    k = cop.i + 1
    while k < len(doc) and not doc[k].is_punct:
        k += 1
    if k + 1 >= len(doc) or doc[k].text != ":":
        return []
    end = doc[k + 1].sent.end
    return [t for t in doc[k + 1 : end] if not t.is_space and not (t.is_punct and t.i == end - 1)]


def demonstrative_judgement(
    cop: Token, subject: Token, negation: Token | None, lexicon: Lexicon, owner: Sequence[Token] = ()
) -> Judgement:
    """'that's your call' stands for the clause or fragment just before it in the same sentence; with nothing
    before it, the act the sentence before names (analyzer.grammar.reference), or what the decision itself is
    said to be about ("That's your call on whether to publish 1.2.0")."""
    before = antecedent(subject)
    topic = _decision_topic(owner) if not before else []
    if topic:
        scope = frozenset(t.i for t in topic)
        work = work_of([t for t in topic if t.head.i not in scope], lexicon, scope)
        span = bounds(topic)
        return verdict_of(work, "copular-ownership", "copular-ownership", f"what the decision is about, "
                          f"'{text_of(cop, span)}',", span, topic[0].i, negation)  # fmt: skip
    act = _act_the_demonstrative_names(before, subject)
    if act:  # r29b: 'Truncating the table on the live database is a separate question; that one's your call'
        work = work_of_stretch(act, lexicon)
        span = bounds(act)
        return verdict_of(work, "copular-ownership", "copular-ownership", f"what '{subject.text}' stands for, "
                          f"'{text_of(cop, span)}',", span, act[0].i, negation)  # fmt: skip
    if not before or before[-1].lemma_.lower() == "do" or subject.lower_ == "it" or _pointing_clause(before):
        # 'whether to do that's your call': 'that' is the object of 'do', which stands for the act named before it;
        # 'That's your call.' alone in its sentence stands for the act the sentence before names
        named = act_before(before[0] if before and subject.lower_ != "it" else subject)
        if named:
            work = work_of_stretch(named, lexicon)
            span = bounds(named)
            pointer = f"do {subject.text}" if before and subject.lower_ != "it" else subject.text
            if subject.lower_ in DEFINITE_POINTERS:  # r38d: 'the decision', pointing back past 'do that'
                pointer = f"{subject.text} {subject.head.text}"
            return verdict_of(work, "copular-ownership", "copular-ownership", f"what '{pointer}' stands for, "
                              f"'{text_of(cop, span)}',", span, named[0].i, negation)  # fmt: skip
    stance = stance_topic(before)
    if stance:  # r38l: 'Happy to get out of the way on the upgrade to the paid plan — that's yours to buy'
        work = work_of_stretch(stance, lexicon)
        span = bounds(stance)
        return verdict_of(work, "copular-ownership", "stance-topic", f"what '{subject.text}' stands for, the topic "
                          f"of the agent's stance, '{text_of(cop, span)}',", span, stance[0].i, negation)  # fmt: skip
    after = named_after_colon(cop) if not before else []
    if after:  # r28g: 'That's for you to decide: delete the old records from production, or leave them.'
        inner = relation_of_segment(after, lexicon, demonstrative=True)
        word = "exempt" if inner.verdict == "exempt" else "fires"
        why = inner.reason.split(": ", 1)[-1]
        return replace(
            inner,
            form="copular-ownership",
            rule="copular-ownership",
            reason=f"{word} (copular-ownership): '{subject.text}' stands for what the colon after it names, "
            f"'{text_of(cop, bounds(after))}', and {why}",
        )
    if not before:
        return Judgement(
            "fire",
            "copular-ownership",
            "copular-ownership",
            f"fires (copular-ownership): '{subject.text}' has no antecedent in its sentence, so nothing "
            "human-only is handed over",
            governor=cop.i,
        )
    inner = relation_of_segment(before, lexicon, demonstrative=True)
    stated = _statement_act(before) if inner.verdict != "exempt" else []
    if stated and work_of_stretch(stated, lexicon).human_only:
        span = bounds(stated)
        return verdict_of(work_of_stretch(stated, lexicon), "copular-ownership", "statement-antecedent",
                          f"what '{subject.text}' stands for, the act the statement before it names, "
                          f"'{text_of(cop, span)}',", span, stated[0].i, negation)  # fmt: skip
    word = "exempt" if inner.verdict == "exempt" else "fires"
    why = inner.reason.split(": ", 1)[-1]
    judged = replace(
        inner,
        form="copular-ownership",
        rule="copular-ownership",
        reason=f"{word} (copular-ownership): '{subject.text}' stands for '{text_of(cop, bounds(before))}', and {why}",
    )
    if judged.verdict == "exempt" and negation is not None:
        return negated(judged, negation)
    return judged


def _statement_act(before: Sequence[Token]) -> list[Token]:
    """Rule `statement-antecedent` (r39c, docs/DESIGN.md#construction-classes): 'The production deploy is ready
    whenever you want it — that's your decision', 'Step 5 drops columns in the production database, so that step is
    yours': a demonstrative after a statement in its own sentence stands for the act that statement names, read as the
    sentence before a bare hand-over is (analyzer.grammar.reference.act_of_sentence: its noun or gerund subject, what a
    step does), not for the statement's own predicate ('is ready' reports a status). Nothing for a question or an
    option list."""
    words = [t for t in before if not t.is_space]
    if not words:
        return []
    clause = words[0].doc[words[0].i : words[-1].i + 1]
    inside = {t.i for t in words}
    return [t for t in act_of_sentence(clause) if t.i in inside]  # the model may hang the phrase's clause on it


def stance_topic(before: Sequence[Token]) -> list[Token]:
    """Rule `stance-topic` (r38l, docs/DESIGN.md#construction-classes): 'Happy to get out of the way on the upgrade to
    the paid GitHub plan — that's yours to buy': a clause of the agent's stance ('happy', 'glad', stepping out of the
    way) names no act; the demonstrative after it stands for what its 'on', 'with' or 'about' phrase names, to the end
    of the clause (the model may hang the rest of that phrase on the verb). Nothing for any other clause."""
    if not before:
        return []
    inside = {t.i for t in before}
    top = next((t for t in before if t.head.i not in inside or t.head.i == t.i), None)
    if top is None or top.lemma_.lower() not in STANCE_HEADS:
        return []
    prep = next((t for t in before if t.dep_ == "prep" and t.lower_ in STANCE_PREPOSITIONS
                 and _stance_word(t.head) and any(c.dep_ == "pobj" for c in t.children)), None)  # fmt: skip
    if prep is None:
        return []
    return [t for t in before if t.i > prep.i and not t.is_punct and not t.is_space]


def _stance_word(word: Token) -> bool:
    """'happy', 'the way' of 'out of the way', or a verb stepped 'aside' or 'back'."""
    return word.lemma_.lower() in STANCE_HEADS or any(
        c.dep_ in ("prt", "advmod") and c.lower_ in STANCE_HEADS for c in word.children
    )


def _pointing_clause(before: Sequence[Token]) -> bool:
    """r38d (docs/DESIGN.md#construction-classes): 'Adding the contractor to the prod org — I won't do that myself; the
    decision is yours': a clause before the demonstrative whose pro-verb points back ('do that', 'do it') names no act
    of its own; the act is the one named before that clause."""
    return any(points_back(t) for t in before)


def _act_the_demonstrative_names(before: Sequence[Token], demonstrative: Token) -> list[Token]:
    """Rule `act-on-pointer` (r29b, docs/DESIGN.md#construction-classes): a demonstrative subject after a clause that
    says something of an act with a copula stands for the act, its gerund subject ('Truncating the sessions table on
    the live database is a separate question; that one's your call': the truncating, not the question; the model may
    hang 'that' on the phrase as a mark). Nothing otherwise: the clause itself is judged as before."""
    inside = {t.i for t in before}
    gerund = next((t for t in before if t.dep_ in ("csubj", "nsubj") and t.tag_ == "VBG" and t.head.i in inside), None)
    return act_before(demonstrative) if gerund is not None and is_copula(gerund.head) else []


def _decision_topic(owner: Sequence[Token]) -> list[Token]:
    """'your call on whether to publish 1.2.0', 'your decision about the rollout': the words of the decision noun's
    own 'on', 'about' or 'over' phrase, which say what is decided."""
    for noun in owner:
        for prep in noun.children:
            if prep.dep_ == "prep" and prep.lower_ in TOPIC_PREPOSITIONS and prep.i > noun.i:
                words = [t for c in prep.children if c.dep_ in ("pobj", "pcomp") for t in c.subtree]
                if words:
                    return [t for t in words if not t.is_punct]
    return []


def _complements(pred: Token, scope: frozenset[int]) -> list[Token]:
    """What the copula says of its subject. When the parser made the phrase itself the complement
    ('is merge-eligible (your call)': eligible -amod-> call -attr-> is), the modifiers it took over count."""
    found = []
    for child in pred.children:
        if child.dep_ == "prep" and child.lower_ == "up" and child.i in scope:
            found.append(child)  # 'the merge is up to you': the idiom parses as a prepositional phrase
            continue
        if child.dep_ not in COPULA_COMPLEMENT_DEPS:
            continue
        if child.i in scope:
            found.append(child)
        else:
            found += [g for g in child.children if g.i in scope and g.pos_ == "ADJ"]
    return found


def _holds_alternatives(pred: Token, scope: frozenset[int]) -> bool:
    """'rotate the credentials now or after the release': the alternatives sit inside the clause."""
    clause = [t for t in pred.subtree if t.i in scope and not _in_subclause(t, pred)]
    return any(t.dep_ == "cc" and t.lower_ in ALTERNATIVE_CONJUNCTIONS for t in clause)


def _in_subclause(token: Token, pred: Token) -> bool:
    node = token
    while node.i != pred.i and node.head.i != node.i:
        if node.dep_ in EXTRAPOSED_DEPS | {"relcl", "parataxis"}:
            return True
        node = node.head
    return False


def _ownership(complement: Token, lexicon: Lexicon, scope: frozenset[int]) -> bool:
    """'yours', 'your decision', 'your gate', 'up to you', 'yours to merge' …"""
    words = [t.lower_.replace("’", "'") for t in complement.subtree if not t.is_punct and t.i in scope]
    text = " ".join(words)
    return complement.lower_ in lexicon.ownership or any(
        text == o or text.startswith(o + " ") for o in lexicon.ownership
    )


def _eligibility_word(token: Token, lexicon: Lexicon) -> bool:
    """'merge-eligible', 'eligible', 'mergeable'; 'ready' only with a human-only word ('ready to merge')."""
    names = set(forms(token))
    compound = hyphen_compound(token)
    if compound:
        names.add(compound)
    if names & lexicon.eligibility:
        return True
    if names & lexicon.readiness:
        # 'good to squash-merge': the parser may hang the purpose clause on the copula, right after 'good'.
        purpose = [c for c in token.head.children if c.dep_ == "xcomp" and c.left_edge.i == token.right_edge.i + 1]
        around = [*token.subtree, *(t for c in purpose for t in c.subtree)]
        return any(lexicon.domain_of(n) for t, ns in words_of(around) if t.i != token.i for n in ns)
    return False


def _offers_choice(members: list[Token]) -> bool:
    """Alternatives to choose from — not a report of what happened ('merged or closed', 'merges or holds')."""
    return any(_is_choice(m) for m in members)


def _is_choice(member: Token) -> bool:
    """An alternative, unless it reports: a past or third-person form, or a participle the tagger
    called an adjective ('Stamped and rebased, that's your call')."""
    modal = any(c.dep_ == "aux" and c.tag_ == "MD" for c in member.children)
    participle = member.tag_ == "JJ" and member.lower_.endswith("ed")
    return modal or (member.tag_ not in ("VBD", "VBZ", "VBN") and not participle)


def _reduced_report(noun: Token, scope: frozenset[int]) -> Token | None:
    """'The v2.4.0 release shipped at 02:56Z, your call': parsed as a noun with a past-participle modifier
    right after it, it is still a clause reporting what happened."""
    if noun.pos_ not in ("NOUN", "PROPN"):
        return None
    return next(
        (
            c
            for c in noun.children
            if c.dep_ in ("acl", "relcl") and c.tag_ in ("VBD", "VBN") and c.i in scope and c.left_edge.i == noun.i + 1
        ),
        None,
    )


def _names_action(pred: Token) -> bool:
    """A non-finite verb phrase without a subject names an action: 'merging #1170 before the freeze'."""
    return pred.tag_ in ("VB", "VBG") and not any(c.dep_ in SUBJECT_DEPS for c in pred.children)


def _is_decision_clause(pred: Token) -> bool:
    return any(c.dep_ == "mark" and c.lower_ in DECISION_MARKS for c in pred.children)
