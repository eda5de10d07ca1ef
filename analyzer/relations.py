"""The decisive relation of an attribution-shaped phrase (SPEC §2.2), one named rule per construction.

Each rule reads the dependency parse around the phrase's own noun ("call" in "your call") and returns a
Judgement: fire or exempt, the form, the tokens the phrase is bound to, and a reason naming the rule.
The order is the contract: carve-outs first (a report or a rule citation is not a hand-over), then the
object form, and only when there is no object, the predicate form. A rule reads only its scope — the
phrase's sentence, or for a detached phrase the clause segment it comments on — never a wider window.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from analyzer.lexicon import Lexicon
from analyzer.negation import relation_negation
from analyzer.report import Form, Verdict
from analyzer.tokens import (
    DEMONSTRATIVES,
    SUBJECT_DEPS,
    bounds,
    conjuncts,
    forms,
    hyphen_compound,
    is_copula,
    subject_of,
    tops,
    words_of,
)
from analyzer.work import WorkJudgement, judge_stretch, judge_work

if TYPE_CHECKING:
    from spacy.tokens import Token

# Prepositions that introduce the phrase's object: "your call on X", "your steer about X".
OBJECT_PREPOSITIONS = frozenset({"on", "about", "regarding", "re", "over", "for", "concerning"})
# Marks of a clause that states the decision itself: "your call whether X", "it's your call if X".
DECISION_MARKS = frozenset({"whether", "if"})
# Punctuation that sets the phrase off from what it comments on: "merge or hold, your call".
DETACHING_PUNCT = frozenset({",", "—", "–", "-", "--", ":", ";", "("})
# Punctuation that ends one clause segment and starts another inside a sentence.
SEGMENT_BREAKS = frozenset({";", ":", "—", "–", "--"})
# Punctuation that, right after the phrase, introduces its object: "your move — ship v2.1 or hold".
OBJECT_INTRODUCERS = frozenset({":", "—", "–", "--", "-"})
# A conjunction that may stand between the detaching comma and the phrase: ", but your call".
DETACHED_CONJUNCTIONS = frozenset({"but", "so", "and"})
# Tags of a report verb that tell of a decision taken: "went with", "going with", "followed".
REPORT_TAGS = frozenset({"VBD", "VBN", "VBG", "JJ"})
# Clauses under the phrase that can state the decision: "your call whether to merge".
CLAUSAL_OBJECT_DEPS = frozenset({"acl", "relcl", "ccomp", "advcl"})
# Parts of speech that describe a state ("green and merge-eligible"), next to an eligibility word.
DESCRIPTIVE_POS = frozenset({"ADJ", "NOUN", "PROPN", "VERB"})
# Tags of wh-words: "which", "what", "who", "when", "how".
WH_TAGS = frozenset({"WDT", "WP", "WP$", "WRB"})
# Prepositions that cite a rule: "per the merge gate", "under the release policy".
CITING_PREPOSITIONS = frozenset({"per", "under", "according", "by", "as"})
# Dependents of a copula that name what it says of its subject.
COMPLEMENT_DEPS = frozenset({"attr", "acomp", "oprd"})
# Clausal dependents that can carry an extraposed decision: "it's your call whether to squash".
EXTRAPOSED_DEPS = frozenset({"ccomp", "xcomp", "advcl", "acl", "csubj"})


@dataclass(frozen=True)
class Judgement:
    verdict: Verdict
    form: Form
    rule: str
    reason: str
    attachment: tuple[int, int] | None = None  # first and last token index of what the phrase binds to
    governor: int | None = None  # the token the phrase is bound to (for the arc in the picture)
    domains: tuple[str, ...] = ()
    negation: int | None = None  # the negation cue's token index, when the relation is negated

    @property
    def negated(self) -> bool:
        return self.negation is not None


@dataclass(frozen=True)
class Carved:
    """The phrase is not a hand-over at all (a report, a rule citation): no finding."""

    rule: str
    reason: str


def judge_attribution(phrase: Sequence[Token], lexicon: Lexicon) -> Judgement | Carved:
    """Judge one attribution-shaped phrase given its tokens in a parsed sentence."""
    noun = phrase_noun(phrase)
    carved = other_noun(noun) or report_of_decision(noun, phrase, lexicon) or rule_citation(noun, lexicon)
    if carved is not None:
        return carved
    rest = frozenset(t.i for t in noun.sent) - {t.i for t in phrase}
    if not is_extraposed(noun) and not _owned_by_subject(noun):
        objects = phrase_object(noun, phrase)
        if objects:
            return object_form(noun, objects, lexicon, _after_phrase(phrase, rest))
    if noun.dep_ == "attr" and is_copula(noun.head) and not is_detached(phrase):
        return copular(noun.head, lexicon, rest, phrase_noun=noun)
    if is_detached(phrase):
        segment = preceding_segment(phrase)
        if not segment:
            return standalone(phrase)
        return judge_segment(segment, lexicon)
    if noun.head.i == noun.i or not noun.head.is_alpha:
        return standalone(phrase)
    return judge_predicate(noun.head, lexicon, rest)


def phrase_noun(phrase: Sequence[Token]) -> Token:
    """The noun of the phrase ("call", "move", "steer"): its highest nominal token."""
    inside = {t.i for t in phrase}
    heads = [t for t in phrase if t.head.i not in inside or t.head.i == t.i]
    nominal = [t for t in heads if t.pos_ in ("NOUN", "PROPN", "PRON") and t.lower_ != "your"]
    if nominal:
        return nominal[0]
    non_possessive = [t for t in phrase if t.lower_ != "your" and not t.is_punct]
    return non_possessive[0] if non_possessive else phrase[-1]


# --------------------------------------------------------------------------------------------------
# Carve-outs: the phrase names a decision but hands nothing over.


def other_noun(noun: Token) -> Carved | None:
    """Rule `compound-noun`: "your call graph", "your move semantics" — the phrase's noun modifies another."""
    if noun.dep_ == "compound" and noun.head.i > noun.i and noun.head.is_alpha:
        return Carved("compound-noun", f"'{noun.text} {noun.head.text}' is another noun, not the phrase")
    return None


def report_of_decision(noun: Token, phrase: Sequence[Token], lexicon: Lexicon) -> Carved | None:
    """Rule `report-of-decision`: a decision the human already took.

    "per your call, the parser stays"         call -pobj-> per
    "I went with your call on the lane"       call -pobj-> with -prep-> went (VBD/VBG, a report verb)
    "we followed your call"                   call -dobj-> followed (VBD, a report verb)
    "your call was right, the revert fixed it" call -nsubj-> was (VBD): the phrase is what happened
    """
    if is_detached(phrase):
        return None
    head = noun.head
    taken = f"'{phrase_text(phrase)}' reports a decision already taken"
    if noun.dep_ == "pobj" and head.lower_ in lexicon.report_prepositions:
        return Carved("report-of-decision", f"'{head.text} {phrase_text(phrase)}' reports a decision already taken")
    verb = head.head if noun.dep_ == "pobj" else head if noun.dep_ == "dobj" else None
    if verb is not None and forms(verb) & lexicon.report_verbs and verb.tag_ in REPORT_TAGS:
        return Carved("report-of-decision", f"'{verb.text} … {phrase_text(phrase)}' reports a decision already taken")
    if noun.dep_ in ("nsubj", "nsubjpass") and head.tag_ == "VBD":
        return Carved("report-of-decision", taken)
    return None


def rule_citation(noun: Token, lexicon: Lexicon) -> Carved | None:
    """Rule `rule-citation`: the sentence cites the rule that assigns the decision.

    "per the merge gate, that's your call"   per -prep-> 's (an ancestor of call), gate -pobj-> per
    """
    ancestors = {noun.i, *(a.i for a in noun.ancestors)}
    for token in noun.sent:
        if token.dep_ != "prep" or token.lower_ not in CITING_PREPOSITIONS or token.head.i not in ancestors:
            continue
        if any(forms(t) & lexicon.rule_nouns for t in token.subtree):
            cited = " ".join(t.text for t in token.subtree)
            return Carved("rule-citation", f"'{cited}' cites the rule that assigns the decision")
    return None


# --------------------------------------------------------------------------------------------------
# Object form: the phrase has its own object; the possessive already hands the decision over.


def phrase_object(noun: Token, phrase: Sequence[Token]) -> list[Token]:
    """The roots of the phrase's object, or [] when it has none.

    "your call on the merge"          on -prep-> call, merge -pobj-> on
    "I need your steer on the lane"   'on' right after the phrase, even when the parser hangs it elsewhere
    "your call whether to merge"      merge -acl-> call, whether -mark-> merge
    "your call: the merge or ..."     merge -appos-> call
    "your move — ship v2.1 or hold"   everything after the dash, to the end of the sentence
    """
    doc = noun.doc
    last = max(t.i for t in phrase)
    after = doc[last + 1] if last + 1 < noun.sent.end else None
    preposition = phrase[-1] if phrase[-1].pos_ == "ADP" else after
    roots: list[Token] = []
    if preposition is not None and preposition.lower_ in OBJECT_PREPOSITIONS and preposition.i > noun.i:
        roots += [_question_clause(c, preposition) for c in preposition.children if c.dep_ in ("pobj", "pcomp")]
        if not roots:  # the parser left the preposition without its object: the rest of the sentence is it
            roots = tops([t for t in noun.sent if t.i > preposition.i])
    if not roots:
        for child in noun.children:
            if child.i <= last:
                continue
            if child.dep_ == "prep" and child.lower_ in OBJECT_PREPOSITIONS:
                roots += [c for c in child.children if c.dep_ in ("pobj", "pcomp")]
            elif child.dep_ == "appos" or (child.dep_ in CLAUSAL_OBJECT_DEPS and _states_decision(child)):
                roots.append(child)
    if not roots and after is not None and after.text in OBJECT_INTRODUCERS and after.whitespace_:
        roots = tops([t for t in noun.sent if t.i > after.i])
    roots = [r for r in roots if not _across_break(noun, phrase, r)]
    if roots:
        first = min(t.i for r in roots for t in r.subtree)
        extra = [c for c in noun.children if c.dep_ == "conj" and c.i > first and not _own_phrase(c)]
        roots += [c for c in extra if c not in roots]
    return roots


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


def _own_phrase(token: Token) -> bool:
    """'your call on the merge, and your call on the lane': a coordinated phrase is judged on its own."""
    return any(c.dep_ == "poss" and c.lower_ == "your" for c in token.children)


def _owned_by_subject(noun: Token) -> bool:
    """'Merging is not your call — the bot merges': the copula's subject, not the dash, carries the relation."""
    if noun.dep_ != "attr" or not is_copula(noun.head):
        return False
    return any(s.lower_ != "it" for s in _subjects(noun.head))


def _after_phrase(phrase: Sequence[Token], scope: frozenset[int]) -> frozenset[int]:
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
    return bool(marks & DECISION_MARKS) or after_colon or clause.tag_ == "VB"


def object_form(noun: Token, objects: list[Token], lexicon: Lexicon, scope: frozenset[int]) -> Judgement:
    """Rule `object-form`: exempt exactly when the object is purely human-only work."""
    work = judge_work(objects, lexicon, scope)
    span = _span(t for r in objects for t in r.subtree if t.i in scope)
    negation = relation_negation(noun, (), lexicon)
    if negation is None and noun.dep_ == "attr" and is_copula(noun.head):
        negation = relation_negation(noun.head, (noun,), lexicon)
    return _verdict(work, "object", "object-form", f"object '{_text(noun, span)}'", span, objects[0].i, negation)


# --------------------------------------------------------------------------------------------------
# Predicate form: no object; the predicate that immediately governs the phrase decides.


def standalone(phrase: Sequence[Token]) -> Judgement:
    """Rule `standalone`: "Your call." — nothing in its sentence names what is handed over."""
    return Judgement(
        "fire",
        "none",
        "standalone",
        f"fires (standalone): '{phrase_text(phrase)}' hands the next decision back without naming a "
        "human-only one",
    )


def judge_segment(segment: Sequence[Token], lexicon: Lexicon, *, demonstrative: bool = False) -> Judgement:
    """Judge the clause or fragment a detached phrase (or a demonstrative) comments on."""
    scope = frozenset(t.i for t in segment)
    heads = tops(segment)
    main = next((t for t in heads if t.pos_ in ("VERB", "AUX")), heads[0] if heads else None)
    if main is None:
        return standalone(segment)
    return judge_predicate(main, lexicon, scope, demonstrative=demonstrative)


def judge_predicate(pred: Token, lexicon: Lexicon, scope: frozenset[int], *, demonstrative: bool = False) -> Judgement:
    """Dispatch on the shape of the governing predicate."""
    members = conjuncts(pred, scope)
    if is_copula(pred) and (_complements(pred, scope) or len(members) == 1):
        return copular(pred, lexicon, scope)
    eligible = next((m for m in members if _eligibility_word(m, lexicon)), None)
    if eligible is not None and all(m.pos_ in DESCRIPTIVE_POS or m is eligible for m in members):
        return pending_eligibility(pred, eligible, lexicon, scope)
    if (len(members) > 1 or _holds_alternatives(pred, scope)) and _offers_choice(members):
        return option_list(pred, members, lexicon, scope)
    if pred.pos_ in ("NOUN", "PROPN") or _is_decision_clause(pred) or (demonstrative and _names_action(pred)):
        return topic(pred, lexicon, scope, demonstrative=demonstrative)
    return status_prose(pred, scope)


def topic(pred: Token, lexicon: Lexicon, scope: frozenset[int], *, demonstrative: bool) -> Judgement:
    """Rule `topic` / `antecedent`: a nominal or whether-clause the phrase comments on.

    "The merge, your call."                   merge (NOUN) <-appos- call
    "The merge — that's your call."           the demonstrative stands for 'The merge'
    """
    work = judge_work([pred], lexicon, scope)
    span = _span(t for t in pred.subtree if t.i in scope)
    rule = "antecedent" if demonstrative else "topic"
    form: Form = "copular-ownership" if demonstrative else "object"
    negation = relation_negation(pred, (), lexicon)
    return _verdict(work, form, rule, f"{rule} '{_text(pred, span)}'", span, pred.i, negation)


def status_prose(pred: Token, scope: frozenset[int]) -> Judgement:
    """Rule `status-prose`: a predicate that reports a fact or a plan hands no decision over.

    "you merged it yesterday, your call"   merged (VBD): a past fact
    "I'll take the parser lane, your call"  take: the agent's own plan, not a human-only choice
    """
    span = _span(t for t in pred.subtree if t.i in scope)
    shown = _text(pred, span)
    if _reports_past(pred):
        why = f"the governing predicate '{pred.text}' reports a past fact, it hands no decision over"
    elif pred.tag_ == "VBZ" or is_copula(pred):
        why = f"the governing predicate '{pred.text}' reports a status, it hands no decision over"
    else:
        why = (
            f"the governing predicate '{pred.text}' is not a copular ownership, an all-human option list "
            "or a pending eligibility, so it hands no human-only decision over"
        )
    return Judgement("fire", "none", "status-prose", f"fires (status-prose): {why} ('{shown}')", span, pred.i)


def copular(cop: Token, lexicon: Lexicon, scope: frozenset[int], *, phrase_noun: Token | None = None) -> Judgement:
    """Copular constructions: ownership handed to the reader, or a decision pending.

    "the merge is yours" / "the merge is your call"      ownership of the subject
    "PR #12 is merge-eligible, your move"                pending eligibility
    "CI is green, your call"                             neither: status prose
    """
    complements = _complements(cop, scope)
    if phrase_noun is not None or any(_ownership(c, lexicon, scope) for c in complements):
        owner = [c for c in complements if _ownership(c, lexicon, scope)] + ([phrase_noun] if phrase_noun else [])
        return ownership(cop, owner, lexicon, scope)
    described = [m for c in complements for m in conjuncts(c, scope)]
    eligible = next((c for c in described if _eligibility_word(c, lexicon)), None)
    if eligible is not None:
        return pending_eligibility(cop, eligible, lexicon, scope)
    return status_prose(cop, scope)


def ownership(cop: Token, owner: list[Token], lexicon: Lexicon, scope: frozenset[int]) -> Judgement:
    """Rule `copular-ownership`: the human-only thing is the subject of a copula whose attribute is 'yours'.

    "the merge is yours"                         merge -nsubj-> is, yours -attr-> is
    "whether to squash is your call"             squash -csubj-> is
    "it's your call whether I refactor …"        extraposed: judge the whether-clause
    "merge-eligible — that's your call"          demonstrative: judge what stands before it
    """
    subjects = _subjects(cop)
    subject = subjects[0] if subjects else None
    negation = relation_negation(cop, owner, lexicon)
    clause = _extraposed_clause(cop, owner) if subject is None or subject.lower_ == "it" else None
    if clause is not None:
        what, roots = "extraposed clause", [clause]
    elif subject is not None and subject.lower_ in DEMONSTRATIVES:
        return demonstrative_ownership(cop, subject, negation, lexicon)
    elif subject is not None:
        what, roots = "subject", subjects
    else:
        return status_prose(cop, scope)
    # A subject stands before its copula; what the parser hangs on it after the copula (an appositive
    # ", your call") is not part of it.
    covered = [t for r in roots for t in r.subtree if t.i in scope or (t.i < cop.i and what == "subject")]
    stretch = _clausal_subject(cop)
    if stretch:
        covered = stretch
        work = judge_stretch(stretch, lexicon)
    else:
        work = judge_work(roots, lexicon, frozenset(t.i for t in covered))
    span = _span(covered)
    subject_text = f"{what} '{_text(cop, span)}'"
    return _verdict(work, "copular-ownership", "copular-ownership", subject_text, span, roots[0].i, negation)


def _clausal_subject(cop: Token) -> list[Token]:
    """'Whether #1155 merges before the freeze is your decision': a whether-clause subject the small model
    split into marks and nominal subjects on the copula. The whole stretch before the copula is the subject."""
    marks = [c for c in cop.children if c.dep_ == "mark" and c.lower_ in DECISION_MARKS and c.i < cop.i]
    if not marks:
        return []
    return [t for t in cop.doc[marks[0].i : cop.i] if not t.is_punct and not t.is_space]


def _subjects(cop: Token) -> list[Token]:
    """The copula's subjects inside its own segment: 'Answer: the merge is yours' has subject 'the merge'.

    The small model sometimes gives a coordinated subject two nsubj arcs ('the merge and the cleanup
    are'); both are the subject.
    """
    subjects = [c for c in cop.children if c.dep_ in SUBJECT_DEPS]
    segment = {t.i for t in _segment_before(cop)}
    inside = [s for s in subjects if s.i in segment]
    return inside or subjects


def demonstrative_ownership(cop: Token, subject: Token, negation: Token | None, lexicon: Lexicon) -> Judgement:
    """'that's your call' stands for the clause or fragment just before it in the same sentence."""
    antecedent = _antecedent(subject)
    if not antecedent:
        return Judgement(
            "fire",
            "copular-ownership",
            "copular-ownership",
            f"fires (copular-ownership): '{subject.text}' has no antecedent in its sentence, so nothing "
            "human-only is handed over",
            governor=cop.i,
        )
    judged = judge_segment(antecedent, lexicon, demonstrative=True)
    if judged.verdict == "exempt" and negation is not None:
        return _negated(judged, negation)
    return judged


def pending_eligibility(pred: Token, complement: Token, lexicon: Lexicon, scope: frozenset[int]) -> Judgement:
    """Rule `pending-eligibility`: a copula with an eligibility complement ("PR #12 is merge-eligible")."""
    subject = subject_of(pred) if is_copula(pred) else None
    related = [*complement.subtree, *(subject.subtree if subject is not None else ())]
    related = [t for t in related if t.i in scope or t.i == complement.i]
    named = words_of(related)
    agent = [hyphen_compound(t) or t.text for t, names in named if names & lexicon.agent_work]
    domains = tuple(dict.fromkeys(d for _, names in named for d in map(lexicon.domain_of, names) if d))
    negation = relation_negation(pred, (complement,) if pred is not complement else (), lexicon)
    span = _span([*related, pred])
    shown = _text(pred, span)
    if agent:
        return Judgement(
            "fire",
            "pending-eligibility",
            "pending-eligibility",
            f"fires (pending-eligibility): '{shown}' reports eligibility of agent work ('{agent[0]}'), "
            "not a human-only decision",
            span,
            complement.i,
            domains,
            negation.i if negation is not None else None,
        )
    judged = Judgement(
        "exempt",
        "pending-eligibility",
        "pending-eligibility",
        f"exempt (pending-eligibility): '{shown}' reports a human-only decision pending",
        span,
        complement.i,
        domains or ("merge",),
    )
    return _negated(judged, negation) if negation is not None else judged


def option_list(head: Token, members: list[Token], lexicon: Lexicon, scope: frozenset[int]) -> Judgement:
    """Rule `option-list`: every alternative of the governing coordination is human-only work.

    "merge on the exception or ask for the stamp, your call"   ask -conj-> merge
    "merge now or hold, your call"                             a bare do-nothing alternative joins
    """
    work = judge_work([head], lexicon, scope)
    span = _span(t for m in members for t in m.subtree if t.i in scope)
    subject = f"option list '{_text(head, span)}'"
    return _verdict(work, "option-list", "option-list", subject, span, head.i, relation_negation(head, (), lexicon))


# --------------------------------------------------------------------------------------------------
# Shapes.


def is_detached(phrase: Sequence[Token]) -> bool:
    """Set off by punctuation and closing its sentence: ", your call." / "— your move" / "(your call)"."""
    first, last = phrase[0], phrase[-1]
    before = _previous(first)
    if before is not None and before.lower_ in DETACHED_CONJUNCTIONS:
        before = _previous(before)
    if before is None or before.text not in DETACHING_PUNCT or (before.text == "-" and not before.whitespace_):
        return False
    trailing = [t for t in first.doc[last.i + 1 : first.sent.end] if not t.is_space]
    return all(t.is_punct for t in trailing) or _trailing_subordinate(trailing)


def _trailing_subordinate(trailing: list[Token]) -> bool:
    """', your call, though I'd lean toward closing' / '…, your move; I'm on the next rule': the phrase
    closes its clause segment and something unrelated follows."""
    if trailing and trailing[0].text in (";", "—", "–", "--"):
        return True
    if len(trailing) < 2 or trailing[0].text not in (",", "("):
        return False
    opener = trailing[1]
    return opener.dep_ in ("mark", "cc") or opener.pos_ == "SCONJ" or opener.lower_ in DETACHED_CONJUNCTIONS


def preceding_segment(phrase: Sequence[Token]) -> list[Token]:
    """The clause segment a detached phrase comments on: back to the last ';', ':' or dash."""
    first = phrase[0]
    return _segment_before(first)


def is_extraposed(noun: Token) -> bool:
    """'it's your call whether …': the clause belongs to the copula, judged as ownership."""
    if noun.dep_ != "attr" or not is_copula(noun.head):
        return False
    subject = subject_of(noun.head)
    return subject is not None and subject.lower_ == "it" and _extraposed_clause(noun.head, [noun]) is not None


def _segment_before(token: Token) -> list[Token]:
    """Tokens of the sentence before `token`, back to the last segment break, ends trimmed."""
    sent = token.sent
    tokens = list(token.doc[sent.start : token.i])
    while tokens and (tokens[-1].is_punct or tokens[-1].is_space or tokens[-1].lower_ in DETACHED_CONJUNCTIONS):
        tokens.pop()
    start = 0
    for k, tok in enumerate(tokens):
        if tok.text in SEGMENT_BREAKS:
            start = k + 1
    return [t for t in tokens[start:] if not t.is_space]


def _antecedent(subject: Token) -> list[Token]:
    return _segment_before(subject)


def _extraposed_clause(cop: Token, owner: list[Token]) -> Token | None:
    after = max([cop.i, *(o.i for o in owner)])
    for holder in (cop, *owner):
        for child in holder.children:
            if child.dep_ in EXTRAPOSED_DEPS and child.i > after:
                return child
    return None


def _complements(pred: Token, scope: frozenset[int]) -> list[Token]:
    return [c for c in pred.children if c.dep_ in COMPLEMENT_DEPS and c.i in scope]


def _holds_alternatives(pred: Token, scope: frozenset[int]) -> bool:
    """'rotate the credentials now or after the release': the alternatives sit inside the clause."""
    clause = [t for t in pred.subtree if t.i in scope and not _in_subclause(t, pred)]
    return any(t.dep_ == "cc" and t.lower_ in ("or", "either") for t in clause)


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
        return any(lexicon.domain_of(n) for t, ns in words_of(token.subtree) if t is not token for n in ns)
    return False


def _offers_choice(members: list[Token]) -> bool:
    """Alternatives to choose from — not a report of what happened ('merged or closed', 'merges or holds')."""
    return any(_is_choice(m) for m in members)


def _is_choice(member: Token) -> bool:
    modal = any(c.dep_ == "aux" and c.tag_ == "MD" for c in member.children)
    return modal or member.tag_ not in ("VBD", "VBZ", "VBN")


def _names_action(pred: Token) -> bool:
    """A non-finite verb phrase without a subject names an action: 'merging #1170 before the freeze'."""
    return pred.tag_ in ("VB", "VBG") and not any(c.dep_ in SUBJECT_DEPS for c in pred.children)


def _reports_past(pred: Token) -> bool:
    """'merged', 'has shipped', 'was released' — not the present passive 'is needed'."""
    if pred.tag_ == "VBD":
        return True
    auxiliaries = [c for c in pred.children if c.dep_ in ("aux", "auxpass")]
    return pred.tag_ == "VBN" and any(a.lemma_ == "have" or a.tag_ == "VBD" for a in auxiliaries)


def _is_decision_clause(pred: Token) -> bool:
    return any(c.dep_ == "mark" and c.lower_ in DECISION_MARKS for c in pred.children)


def _verdict(
    work: WorkJudgement,
    form: Form,
    rule: str,
    subject: str,
    span: tuple[int, int] | None,
    governor: int | None,
    negation: Token | None,
) -> Judgement:
    if work.human_only:
        what = "every alternative of the " + subject if form == "option-list" else subject
        judged = Judgement(
            "exempt", form, rule, f"exempt ({rule}): {what} is {work.describe()}", span, governor, work.domains
        )
        return _negated(judged, negation) if negation is not None else judged
    return Judgement(
        "fire",
        form,
        rule,
        f"fires ({rule}): {subject} {work.describe()}",
        span,
        governor,
        work.domains,
        negation.i if negation is not None else None,
    )


def _negated(judged: Judgement, negation: Token) -> Judgement:
    """Rule `relation-negation`: the negation sits inside the relation that would exempt."""
    return Judgement(
        "fire",
        judged.form,
        judged.rule,
        f"fires ({judged.rule}, negated): the negation '{negation.text}' on '{negation.head.text}' cancels "
        "the hand-over the relation would make",
        judged.attachment,
        judged.governor,
        judged.domains,
        negation.i,
    )


def _previous(token: Token) -> Token | None:
    for k in range(token.i - 1, token.sent.start - 1, -1):
        if not token.doc[k].is_space:
            return token.doc[k]
    return None


def _span(tokens: Iterable[Token]) -> tuple[int, int] | None:
    return bounds(tokens)


def _text(anchor: Token, span: tuple[int, int] | None) -> str:
    return "" if span is None else anchor.doc[span[0] : span[1] + 1].text


def phrase_text(phrase: Sequence[Token]) -> str:
    return " ".join(t.text for t in phrase)
