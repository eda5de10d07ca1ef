"""Is a stretch of text purely human-only work? The test shared by every exemption form.

A stretch is human-only when every coordinated part of it names a human-only decision (a domain word
from the lexicon, or a release action aimed at a version) or is a bare do-nothing alternative, at least
one part is real human-only work, and no part carries agent-side or maintainer-side work — an agent-work
word that is not merely the object of a domain word, or a clause whose subject is the agent ("whether I …").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from analyzer.grammar.reference import (
    POINTERS,
    named_phrase,
    place_after,
    pointed_act,
    pointer_after,
    referents,
    second_object,
)
from analyzer.grammar.registry import apply
from analyzer.grammar.senses import (
    approves_other_than_a_change,
    cut_off_word,
    merges_other_than_code,
    names_its_head,
    shared_object,
)
from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import (
    FIRST_PERSON,
    conjuncts,
    forms,
    hyphen_compound,
    in_path,
    is_version,
    own_tokens,
    term_modifiers,
    words_of,
)
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token


# Dependencies inside a noun phrase or a verb's object: the path from a modifier up to what it modifies.
NOMINAL_OBJECT_DEPS = frozenset({"compound", "amod", "nmod", "poss", "det", "dobj", "pobj", "prep", "nummod", "appos"})
TIMING_PREPOSITIONS = terms("attribution", "timing_prepositions")
PURE_TIME_PREPOSITIONS = terms("attribution", "pure_time_prepositions")
TIMING_ADVERBS = terms("attribution", "timing_adverbs")
MOMENT_WORDS = terms("pointed-question", "time_words") - {"after", "before", "until", "till", "first", "next"}
SPAN_WORDS = terms("attribution", "span_words")
CIRCUMSTANCE_MARKS = terms("attribution", "circumstance_marks")
RECOMMENDING_VERBS = terms("attribution", "recommending_verbs")
COUNTERFACTUAL_MODALS = terms("attribution", "counterfactual_modals")
OBJECT_OF_PREPOSITIONS = terms("attribution", "object_of_prepositions")
VERDICT_PREPOSITIONS = terms("attribution", "verdict_prepositions")
# r29b: prepositions of a condition the domain act goes ahead without ('merging #512 without the review').
WAIVED = terms("waived-conditions", "prepositions")
STATUS_QUO = terms("tiers-and-status-quo", "status_quo")
TIME_MARKS = terms("parse", "condition_marks")
# r29c (docs/DESIGN.md#decisive-relation, a do-nothing alternative): waiting on what someone else does, and keeping a
# thing as it is ('or wait for Dana's review first', 'or keep it read-only').
AWAITING = terms("do-nothing-choices", "awaiting")
ASKING_VERBS = terms("do-nothing-choices", "asking_verbs")
ASKED_FROM = terms("do-nothing-choices", "asked_from")
CAUSATIVE_VERBS = terms("do-nothing-choices", "causative_verbs")
OCCASION_PREPOSITIONS = terms("attribution", "occasion_prepositions")
KEEPING = terms("do-nothing-choices", "keeping")
KEPT_POINTERS = terms("do-nothing-choices", "pointers")
OTHER_PARTIES = terms("do-nothing-choices", "other_parties")
# r33d: the reader doing the other alternative's act ('or would you rather do it yourself').
READER_SELF = terms("reader-does-it", "reflexives")
READER_DOES_VERBS = terms("reader-does-it", "verbs")
POINTER_OBJECTS = terms("reference", "pointers")
POSSESSIVE_POINTERS = terms("reference", "possessive_pointers")


@dataclass(frozen=True)
class Work:
    """The answer to 'is this stretch human-only work?', with what makes it so or not (for the reason)."""

    human_only: bool
    domains: tuple[str, ...]
    agent_words: tuple[str, ...]
    unknown_parts: tuple[str, ...]

    def describe(self) -> str:
        """Why the stretch is or is not purely human-only, for the finding's reason."""
        if self.human_only:
            return "human-only work (" + ", ".join(self.domains) + ")"
        if self.agent_words and self.domains:
            return "mixes human-only work with agent work ('" + "', '".join(self.agent_words) + "')"
        if self.agent_words:
            return "names work the agent owns ('" + "', '".join(self.agent_words) + "')"
        if self.domains and self.unknown_parts:
            return "adds work outside the human-only domains ('" + "', '".join(self.unknown_parts) + "')"
        return "names no human-only decision"


def work_of(roots: Sequence[Token], lexicon: Lexicon, scope: frozenset[int] | None = None) -> Work:
    """Judge the coordination(s) headed by `roots` (usually one root), within `scope` when given."""
    parts: list[Token] = []
    for root in roots:
        parts.extend(p for p in conjuncts(root, scope) if p not in parts)
    domains: list[str] = []
    agent_words: list[str] = []
    unknown: list[str] = []
    pending: list[tuple[Token, list[Token]]] = []  # parts with no domain word, judged once all are read
    human_parts = 0
    # r28i: 'grant the contractor read access …': the model made the object's first word a verb of its own, joined to
    # the clause above; it is the act's object (its words are read with the act: senses.construction_domain)
    cut = {c.i for p in parts if (c := cut_off_word(p, scope if scope is not None else frozenset())) is not None}
    # r28i: 'Giving the CI bot the Owner role is your call': the verb's direct object the model made a second subject
    cut |= {o.i for p in parts if (o := second_object(p)) is not None}
    for part in (p for p in parts if p.i not in cut):
        tokens = own_tokens(part, scope)
        tokens += [t for t in shared_object(part, parts, scope) if t not in tokens]
        stray = _stray_version(part, tokens, scope)
        if stray is not None:
            tokens.append(stray)
        awaited = _awaited(part, lexicon) | _said_when(tokens)
        tokens = [t for t in tokens if t.i not in awaited]  # r29c: 'wait for Dana's review': no work of the agent
        second = second_object(part)
        if second is not None:  # r28i: the direct object the model made the copula's second subject
            tokens += [t for t in second.subtree if t not in tokens and (scope is None or t.i in scope)]
        by_reader = _done_by_reader(tokens)
        if by_reader is not None:
            other = _other_alternative(by_reader)
            stretch: list[Token] = []
            if other is not None and other.lemma_.lower() == "be":  # r35a: 'Is it fine for me to revoke the keys, or'
                copula = other
                other = next((c for c in copula.children if c.dep_ in ("advcl", "xcomp") and c.pos_ == "VERB"), other)
                stretch = _asked_leave_act(copula, other)
            if len(parts) > 1 or other is None:
                continue  # r33d: 'or would you rather do it yourself': the other alternative's act, by the reader
            part, tokens = other, stretch or _act_words(other)
        if len(parts) > 1 and _asked_of_others(part):
            continue  # r35a: 'or request another review round from the security team': their act, asked by the reader
        pointed = pointed_act(tokens)
        if pointed and not set(pointed) & set(tokens):  # r32d: 'Should I do it?' after the act named before
            inside = {t.i for t in pointed}
            part, tokens = next((t for t in pointed if t.head.i not in inside), pointed[0]), pointed
        if all(t.pos_ == "PRON" for t in tokens):
            continue  # 'or rebase-merge it': a pronoun stands for work named elsewhere
        borrowed = [t for t in _named_before(tokens, part) if t not in tokens]
        tokens += borrowed
        if len(tokens) == 1 and tokens[0].pos_ == "AUX":
            continue  # 'merge it as-is': the tokenizer split 'as-is' and the parser made 'is' a conjunct
        if _alternative_time(part):
            continue
        part_domains, part_agent = _scan_part(part, tokens, lexicon, frozenset(t.i for t in borrowed))
        for d in part_domains:
            if d not in domains:
                domains.append(d)
        agent_words.extend(w for w in part_agent if w not in agent_words)
        if part_agent:
            continue
        if part_domains:
            human_parts += 1
        elif not _is_do_nothing(part, tokens, lexicon) and not _status_quo(part, tokens):
            pending.append((part, tokens))
    for part, tokens in pending:
        if not _act_on_it(part, tokens, domains, lexicon):
            unknown.append(" ".join(t.text for t in tokens) or part.text)
    human_only = human_parts > 0 and not agent_words and not unknown
    return Work(human_only, tuple(domains), tuple(agent_words), tuple(unknown))


def _done_by_reader(tokens: list[Token]) -> Token | None:
    """r33d (docs/DESIGN.md#construction-classes, who does a human-only act): 'or would you rather do it yourself', 'or
    would you rather do the upload yourself' — a pro-verb of doing (terms [reader-does-it] verbs) with the reader's
    reflexive names the act of the other alternative, done by the reader: no act of its own. The verb, or None.
    r35a: so does any verb whose object is a pointer ('or would you rather publish it yourself', 'rotate them
    yourself'): the act named beside it, done by the reader."""
    inside = {t.i for t in tokens}
    return next(
        (t.head for t in tokens
         if t.lower_ in READER_SELF and t.head.i in inside and (t.head.lemma_.lower() in READER_DOES_VERBS or any(
             c.dep_ == "dobj" and c.lower_ in POINTER_OBJECTS for c in t.head.children))),
        None,
    )  # fmt: skip


def _asked_leave_act(copula: Token, verb: Token) -> list[Token]:
    """r35a: the agent's act a copula of leave asks about, as written from its verb to the 'or' of the reader's
    alternative ('Is it fine for me to run terraform destroy on the shared prod account now, or …': the model may cut
    the act in two clauses)."""
    marks = [c for c in copula.children if c.dep_ == "cc" and c.i > verb.i]
    if verb.i == copula.i or not marks:
        return []
    return [t for t in copula.doc[verb.i : marks[0].i] if not t.is_punct and not t.is_space]


def _other_alternative(verb: Token) -> Token | None:
    """The alternative an 'or' clause stands beside: the verb its clause is a conjunct of."""
    node = verb
    while node.dep_ != "conj" and node.head.i != node.i:
        node = node.head
    return node.head if node.dep_ == "conj" else None


def _act_words(verb: Token) -> list[Token]:
    """The act a clause names: its verb and what it acts on, without its subject, auxiliaries and later conjuncts."""
    skip = {t.i for c in verb.children if c.dep_ in ("nsubj", "aux", "cc", "conj", "punct") for t in c.subtree}
    return [t for t in own_tokens(verb) if t.i not in skip]


def _stray_version(part: Token, tokens: list[Token], scope: frozenset[int] | None) -> Token | None:
    """r33d: 'I'll let you choose when to tag v2.0': a version written right after a verb with no object of its own,
    which the model hung on a word above (v2.0 -npadvmod-> let), is that verb's object."""
    if part.pos_ != "VERB" or any(c.dep_ in ("dobj", "nsubjpass") for c in part.children) or not tokens:
        return None
    after = max(t.i for t in tokens) + 1
    if after != part.i + 1 or after >= len(part.doc):
        return None
    word = part.doc[after]
    if not is_version(word) or word.head.i == part.i or (scope is not None and word.i not in scope):
        return None
    return word


def _named_before(tokens: list[Token], part: Token | None = None) -> list[Token]:
    """'revoking it', 'Rotating them': what a pointer object stands for, named in the clause before
    (analyzer.grammar.reference), is read as the act's object — also a pointer the model did not hang on the act."""
    if not tokens:
        return []
    misread = pointer_after(part) if part is not None else None
    pointers = [*tokens, misread] if misread is not None and misread not in tokens else tokens
    place = place_after(part) if part is not None and part.tag_ == "VBG" else None
    if place is not None and place not in pointers:  # r29b: 'Flushing the cache there': the place it is done in
        pointers = [*pointers, place]
    return [t for named in referents(pointers) for t in named_phrase(tokens[0].doc[named])]


def work_of_stretch(tokens: Sequence[Token], lexicon: Lexicon) -> Work:
    """Judge a stretch of tokens as one part, for clauses the parser split into pieces."""
    if not tokens:
        return Work(False, (), (), ())
    pointed = pointed_act(list(tokens))
    if pointed and not set(pointed) & set(tokens):
        return work_of_stretch(pointed, lexicon)  # r32d: 'Should I do it?' after the act named before
    borrowed = [t for t in _named_before(list(tokens)) if t not in tokens]
    inside = {t.i for t in tokens}
    head = next((t for t in tokens if t.head.i not in inside), tokens[0])
    domains, agent = _scan_part(head, [*tokens, *borrowed], lexicon, frozenset(t.i for t in borrowed))
    unknown = () if domains or agent else (" ".join(t.text for t in tokens),)
    return Work(bool(domains) and not agent, tuple(domains), tuple(agent), unknown)


def _scan_part(
    part: Token, tokens: list[Token], lexicon: Lexicon, borrowed: frozenset[int] = frozenset()
) -> tuple[list[str], list[str]]:
    """`borrowed`: the words of what a pointer stands for ('it' of 'run it': 'the cleanup script'); they say what the
    thing is — its domain — and add no work of their own: the act is the verb's."""
    domain_tokens: dict[int, str] = {}
    term_words: set[int] = set()  # first words of two-word domain terms ('API' of 'API key')
    inside = frozenset(t.i for t in tokens)
    for tok, names in words_of(tokens):
        if in_path(tok):
            continue  # 'fix/login-redirect': a branch or file path names a thing, it spells no decision
        domain = next((d for d in map(lexicon.domain_of, names) if d), None)
        if domain and any(lexicon.domain_of(n) for n in names if " " in n):
            term_words.add(tok.i - 1)  # matched as 'previous word + this word': 'API' of 'API token' is the term's
            term_words.update(
                m.i for m in term_modifiers(tok) if any(lexicon.domain_of(f"{m.lower_} {f}") for f in forms(tok))
            )
        if domain is None and is_version(tok):
            domain = _action_domain_over(tok, lexicon)
        if domain is None and is_version(tok) and tok.i in borrowed:
            # r36b: 'publish it' with 'it' standing for '2.4.0': the act that borrowed the version is its action
            domain = lexicon.action_domain(part.lemma_) or lexicon.action_domain(part.lower_)
        if domain is None:
            domain = apply("domain-word", tok, lexicon, inside)
        if domain and (not _in_sense(tok, domain, lexicon, inside) or _in_timing_adjunct(tok, part, lexicon)):
            continue
        if domain:
            domain_tokens[tok.i] = domain
    agent: list[str] = []
    # issue 28 phase 4b: the first part of a domain verb's object the model cut off and made a verb ('write access')
    cut_words = {c.i for i in domain_tokens if (c := cut_off_word(part.doc[i], inside)) is not None}
    for tok, names in words_of(tokens):
        term_word = tok.i in term_words and (tok.i + 1 in domain_tokens or tok.head.i in domain_tokens)
        term_word = term_word or _names_kind_of(tok, domain_tokens, lexicon)
        if tok.i in domain_tokens or tok.i in borrowed or term_word or tok.i in cut_words:
            continue
        if in_path(tok):
            continue  # 'fix/cache-key': a branch or file path names a thing, it spells no work either
        if tok.dep_ in ("nsubj", "nsubjpass") and tok.lower_ in FIRST_PERSON and not _circumstance(tok) and not (
            _recommends(tok)
        ):
            agent.append(f"whether {'I' if tok.lower_ in ('me', 'myself') else tok.text} …")
        elif names & lexicon.agent_work and not _under_domain(tok, part, domain_tokens) and not _absent(tok, lexicon):
            agent.append(hyphen_compound(tok) or tok.text)
    return list(dict.fromkeys(domain_tokens.values())), agent


def _circumstance(subject: Token) -> bool:
    """r31c: 'while I'm in here', 'as I'm at it': the agent as the subject of a copula in a clause of circumstance
    (terms [work] circumstance_marks) says where the agent is, not work of its own beside the act."""
    clause = subject.head
    return clause.lemma_.lower() == "be" and any(
        c.dep_ == "mark" and c.lower_ in CIRCUMSTANCE_MARKS for c in clause.children
    )


def _recommends(subject: Token) -> bool:
    """r32d: 'I'd rotate the Stripe key today, but it's your call', 'I'd recommend we cut the tag on Monday': the agent
    as the subject of a counterfactual modal (terms [work] counterfactual_modals) or of a verb of recommending (terms
    [work] recommending_verbs), or the subject of the clause such a verb governs, recommends the act; it names no work
    of its own beside it (the act is judged all the same: 'I'd refactor the loader' is agent work by its verb)."""
    verb = subject.head
    if verb.lemma_.lower() in RECOMMENDING_VERBS:
        return True
    if any(c.tag_ == "MD" and c.lower_ in COUNTERFACTUAL_MODALS and not _negated(verb) for c in verb.children):
        return True
    above = verb.head
    return verb.dep_ in ("ccomp", "xcomp") and above.lemma_.lower() in RECOMMENDING_VERBS and any(
        c.dep_ == "nsubj" and c.lower_ in FIRST_PERSON for c in above.children
    )


def _negated(verb: Token) -> bool:
    return any(c.dep_ == "neg" for c in verb.children)


def _in_sense(tok: Token, domain: str, lexicon: Lexicon, inside: frozenset[int]) -> bool:
    """A domain word names the decision only in the domain's sense (senses.py, and the [[modifier]] rows at
    `sense`)."""
    return not (
        names_its_head(tok, domain, lexicon)
        or merges_other_than_code(tok, lexicon, inside)
        or (domain == "stamp" and approves_other_than_a_change(tok, lexicon, inside))
        or apply("sense", tok, domain, lexicon)
    )


def _act_on_it(part: Token, tokens: list[Token], domains: list[str], lexicon: Lexicon) -> bool:
    """'rotate the leaked token first or revoke it outright': an alternative whose verb is an act of a domain
    another alternative names, done to a pronoun, is the same decision: the pronoun stands for the domain's thing.
    """
    alternative = part.dep_ == "conj" or any(c.dep_ == "conj" for c in part.children)
    if not alternative and _split_domain_act(part, domains, lexicon):
        return True
    # 'tag v5.0.0 and publish it': the domain's verbs of doing its work count too
    acts = {a for d in domains for a in lexicon.acts_of(d) | lexicon.actions_of(d)}
    if not acts or not forms(part) & acts:
        return False
    if any(t.pos_ == "PRON" and t.dep_ in ("dobj", "nsubjpass") and t.head.i == part.i for t in tokens):
        return True
    if alternative and all(t.i == part.i or t.dep_ in ("cc", "punct", "det") for t in tokens):
        # r36b (docs/DESIGN.md#construction-classes, coordinated acts share their object): 'Tagging and publishing
        # 2.4.0' — the model read the acts as nouns and the version as a third conjunct; a bare act word beside the
        # domain's thing is its act
        return True
    if any(t.dep_ == "poss" and t.lower_ in POSSESSIVE_POINTERS and t.head.i == part.i for t in tokens):
        return True  # r36b: 'the secret creation and its rotation': the act's possessor stands for the domain's thing
    # 'revoking it is your call': the model made the pronoun right after the act the copula's subject
    after = part.doc[part.i + 1] if part.i + 1 < len(part.doc) else None
    return after is not None and after.pos_ == "PRON" and after.lower_ in POINTERS


def _split_domain_act(part: Token, domains: list[str], lexicon: Lexicon) -> bool:
    """'UPGRADE THE ORG TO THE TEAM PLAN': the model split the domain's object ('team plan', read as a verb) off the
    domain's own verb ('upgrade'); a verb of a domain another part names, not offered as an alternative to it, is
    that domain's act."""
    verbs = {v for d in domains if (found := lexicon.domain_named(d)) is not None for v in found.verbs}
    return part.pos_ in ("VERB", "AUX") and bool(forms(part) & verbs)


def _alternative_time(part: Token) -> bool:
    """'cut the 2.4 release now, or after the soak run': a coordinated phrase of time (a preposition of time, or a
    time adverb) is another moment for the same act, not more work; r40c: so is a clause of time read as a part of
    its own ('… yourself after the change window opens')."""
    if _moment_clause(part):
        return True
    if part.dep_ != "conj":
        return False
    if part.pos_ == "ADP" and part.lower_ in PURE_TIME_PREPOSITIONS:
        return True
    # r36b: 'rotate the DB password now, or at the maintenance window': a bare phrase of occasion beside the act, no
    # verb of its own — another occasion for the same act
    if (part.pos_ == "ADP" and part.lower_ in OCCASION_PREPOSITIONS and part.head.pos_ in ("VERB", "AUX")
            and any(c.dep_ == "pobj" for c in part.children)):  # fmt: skip
        return True
    # r36a: a bare phrase after an alternative timed by an adverb: the same act at another moment
    if part.pos_ == "ADP" and any(c.dep_ in ("advmod", "npadvmod") and c.lower_ in TIMING_ADVERBS
                                  for c in part.head.children):  # fmt: skip
        return True
    # a bare phrase of a named moment ('…, or on Monday', '…, or next week')
    if part.pos_ == "ADP" and any(c.dep_ == "pobj" and c.lower_ in MOMENT_WORDS for c in part.children):
        return True
    if _closes_time_phrase(part):
        return True
    return part.pos_ == "ADV" and part.head.pos_ == "ADV"


def _moment_clause(clause: Token) -> bool:
    """r40c: 'after the change window opens', 'until the docs are done': a clause of time whose subject is a thing (not
    the agent, not the reader) and whose verb acts on nothing names a moment, no work."""
    if clause.dep_ != "advcl":
        return False
    marks = [c for c in clause.children if c.dep_ == "mark" and c.lower_ in PURE_TIME_PREPOSITIONS]
    subjects = [c for c in clause.children if c.dep_ in ("nsubj", "nsubjpass")]
    acted = any(c.dep_ in ("dobj", "ccomp", "xcomp") for c in clause.children)
    people = FIRST_PERSON | {"my", "our", "you", "your"}
    return bool(marks) and bool(subjects) and not acted and all(
        s.pos_ in ("NOUN", "PROPN") and not any(t.lower_ in people for t in s.subtree) for s in subjects)  # fmt: skip


def _closes_time_phrase(verb: Token) -> bool:
    """r40c: 'after the change window opens' with 'opens' made a conjunct of its own: a bare intransitive verb in the
    present right after the object of a preposition of time is the verb of that clause of time, another moment."""
    if verb.pos_ != "VERB" or verb.tag_ != "VBZ" or verb.i == 0 or any(not c.is_punct for c in verb.children):
        return False
    before = verb.doc[verb.i - 1]
    return before.dep_ == "pobj" and before.head.lower_ in PURE_TIME_PREPOSITIONS


def _in_timing_adjunct(tok: Token, part: Token, lexicon: Lexicon) -> bool:
    """'keep the regex path for one more release': a domain word inside a phrase of time ('for one more release',
    'until the next release') of a verb that is neither a domain act nor a do-nothing alternative says when, not
    what: the work is the verb's."""
    if lexicon.domain_of(part.lemma_) or lexicon.domain_of(part.lower_) or part.pos_ not in ("VERB", "AUX"):
        return False
    if part.lemma_.lower() in lexicon.do_nothing or part.lower_ in lexicon.do_nothing:
        return False
    node = tok
    while node.i != part.i and node.head.i != node.i:
        if node.dep_ == "prep" and node.head.i == part.i and _of_time(node):
            return True
        node = node.head
    return False


def _of_time(preposition: Token) -> bool:
    """'until the next release', 'for one more release' — a preposition of time, or 'for' with a span
    ('one more', 'another', 'the next'); 'ask for the stamp' is no time."""
    if preposition.lower_ in PURE_TIME_PREPOSITIONS:
        return True
    objects = [c for c in preposition.children if c.dep_ == "pobj"]
    return preposition.lower_ == "for" and any(
        m.lower_ in SPAN_WORDS for o in objects for m in o.children if m.dep_ in ("nummod", "amod", "det", "advmod")
    )


def _absent(tok: Token, lexicon: Lexicon) -> bool:
    """'merge #12 with no conflicts': work under a negative determiner is work that does not exist."""
    return any(c.dep_ == "det" and c.lower_ in lexicon.negation for c in tok.children)


def _action_domain_over(version: Token, lexicon: Lexicon) -> str | None:
    """'ship v2.1': a release action verb governing (or compounded with) a version string; also a version
    inside the verb's object ('publishing the 2.4.0 image to the registry': 2.4.0 -nummod-> image -dobj->),
    or named with 'as' ('tag it as 2.1.0 or as 2.0.2': 2.0.2 -pobj-> as -conj-> as -prep-> tag)."""
    neighbours = [version.head, *version.children]
    if version.i > 0:  # 'Tag v3.2.0 whenever …': the model tags a sentence-initial 'Tag' as an interjection
        neighbours.append(version.doc[version.i - 1])
    if version.dep_ in ("nummod", "compound", "amod", "nmod") and version.head.dep_ in ("dobj", "pobj"):
        neighbours.append(version.head.head)
    if version.dep_ == "pobj" and version.head.lower_ == "of" and version.head.head.pos_ in ("NOUN", "VERB"):
        # r36b (docs/DESIGN.md#construction-classes, the act named as a noun): 'the upload of 3.1.0', 'the tagging of
        # v2.0': the release action written as a noun, its version after 'of'
        neighbours.append(version.head.head)
    named_as = version.head
    while version.dep_ == "pobj" and named_as.lower_ == "as" and named_as.dep_ in ("prep", "conj"):
        named_as = named_as.head
        neighbours.append(named_as)
    for tok in neighbours:
        domain = lexicon.action_domain(tok.lemma_) or lexicon.action_domain(tok.lower_)
        if domain:
            return domain
    return None


def _names_kind_of(tok: Token, domain_tokens: dict[int, str], lexicon: Lexicon) -> bool:
    """r33f (docs/DESIGN.md#construction-classes): a noun that opens a run of noun modifiers ending in a domain noun
    names that noun's kind ('the API signing secret', 'the API deploy key'), however the model hung the run; a word that
    marks the agent's own target ('the test signing secret') stays the agent's."""
    if tok.pos_ not in ("NOUN", "PROPN") or forms(tok) & lexicon.own_target_words:
        return False
    doc = tok.doc
    for j in range(tok.i + 1, min(tok.i + 4, tok.sent.end)):
        word = doc[j]
        if j in domain_tokens:
            return word.pos_ in ("NOUN", "PROPN", "ADJ")
        if word.pos_ not in ("NOUN", "PROPN") or word.dep_ not in ("compound", "nmod", "amod", "dobj"):
            return False
    return False


def _under_domain(tok: Token, part: Token, domain_tokens: dict[int, str]) -> bool:
    """An agent-work noun inside the nominal object of a domain word ('merge the refactor PR', 'the merge
    of the docs PR') names what is merged, not work. A verb ('fixing the test') is always work, and so is
    anything reached through a contrast ('rebasing #12 vs. fixing the test') or listed beside a domain
    action ('squash, the docs lane'; an appositive of a domain noun names it: 'the merge, the refactor PR'). A relative
    clause on the object says which thing it is ('the PR that fixes the parser'): its words are the object's."""
    links = referents(list(part.subtree))
    node = tok
    while node.head.i != node.i:
        if node.i in links:
            node = links[node.i]  # the antecedent of 'rotating them' is the object 'them' stands for
            continue
        if node.pos_ in ("VERB", "AUX") and node.dep_ in ("relcl", "acl") and node.head.pos_ in ("NOUN", "PROPN"):
            node = node.head  # r28i: 'merging the branch that carries the migration heads': the clause says which
            continue
        if node.pos_ in ("VERB", "AUX") and node.i not in domain_tokens and node.dep_ != "amod":
            return False  # a participle modifying the object ('the rewritten history') is its adjective
        # The model marks 'to' after a verb's object as a dative ('upgrading the org to the Team plan'): a preposition.
        dep = "prep" if node.dep_ == "dative" and node.pos_ == "ADP" else node.dep_
        if dep == "prep" and node.lower_ in WAIVED and node.head.i in domain_tokens:
            return True  # r29b: the condition a domain act waives is part of its decision, no work
        verdict_on = node.lower_ in VERDICT_PREPOSITIONS and domain_tokens.get(node.head.i) == "stamp"
        if dep not in NOMINAL_OBJECT_DEPS or (dep == "prep" and node.lower_ not in OBJECT_OF_PREPOSITIONS and not (
            verdict_on
        )):
            return False  # r36b: 'the sign-off on the docs PR': what the verdict is given on is what is approved
        if node.dep_ == "appos" and node.head.i in domain_tokens and node.head.pos_ == "VERB":
            return False  # 'squash, the docs lane': an item listed beside the domain action, not its object
        node = node.head
        if node.i in domain_tokens:
            return True
        if node.i == part.i:
            return False
    return False


def _is_do_nothing(part: Token, tokens: list[Token], lexicon: Lexicon) -> bool:
    """A bare do-nothing alternative: 'hold', 'wait', 'hold off', 'leave it'; how long it lasts adds no
    work ('let it sit until Monday')."""
    timing = {t.i for p in tokens if p.dep_ == "prep" and p.lower_ in TIMING_PREPOSITIONS for t in p.subtree}
    # r28i: 'hold it until the freeze ends': a clause of time says how long, as a preposition of time does
    clauses = [c for c in tokens if c.dep_ == "advcl" and c.head.i == part.i]
    timing |= {
        t.i for c in clauses if any(m.dep_ == "mark" and m.lower_ in TIME_MARKS for m in c.children) for t in c.subtree
    }
    kept = [
        t for t in tokens if (t.pos_ not in ("ADV", "DET") or t.i == part.i or t.dep_ == "neg") and t.i not in timing
    ]
    text = "".join(t.text_with_ws for t in kept).strip().lower().replace("’", "'")  # "don't" as written
    words = {part.lemma_.lower(), part.lower_, text, " ".join(text.split())}
    if words & set(lexicon.do_nothing):
        return True
    # r28i: 'or stay on Hobby and live with the build-minute cap': accepting what is there is doing nothing
    particles = [c.lower_ for c in part.children if c.dep_ in ("prep", "prt")]
    return any(f"{part.lemma_.lower()} {p}" in STATUS_QUO for p in particles) or _kept_as_is(part)


def _awaited(part: Token, lexicon: Lexicon) -> frozenset[int]:
    """r29c: 'or wait for Dana's review first', 'hold for the security team's sign-off': what a do-nothing verb waits
    for, when someone other than the agent owns it (a possessor that is not 'my' or 'our'), is their act, no work of
    the agent's: its words are left out of the part. Empty otherwise ('wait for me to refactor the parser')."""
    if part.lemma_.lower() not in lexicon.do_nothing and part.lower_ not in lexicon.do_nothing:
        return frozenset()
    found: set[int] = set()
    for preposition in (c for c in part.children if c.dep_ == "prep" and c.lower_ in AWAITING):
        for thing in (c for c in preposition.children if c.dep_ == "pobj"):
            owner = next((c for c in thing.children if c.dep_ == "poss"), None)
            others = owner is not None and owner.lower_ not in ("my", "our", "me", "us")
            if others or (owner is None and _awaited_thing(thing, lexicon)):
                found.update(t.i for t in preposition.subtree)
    # r33d: 'or wait for the changelog PR to land': the model reads 'for' as the mark of a clause whose subject is the
    # thing awaited
    for clause in (c for c in part.children if c.dep_ == "advcl"):
        marked = any(m.dep_ == "mark" and m.lower_ in AWAITING for m in clause.children)
        subject = next((c for c in clause.children if c.dep_ == "nsubj"), None)
        if marked and subject is not None and _awaited_thing(subject, lexicon):
            found.update(t.i for t in clause.subtree)
    return frozenset(found)


def _asked_of_others(part: Token) -> bool:
    """r35a (docs/DESIGN.md#construction-classes, an alternative asked of others): a verb of asking (terms
    [do-nothing-choices] asking_verbs) whose other party is named and is not the agent — its direct object ('ask the
    security team for another review') or the object of 'from'/'of' ('request a re-review from the platform team'):
    the work asked for is that party's, the alternative holds no work of the agent's."""
    if part.lemma_.lower() in CAUSATIVE_VERBS:
        return _done_by_others(part)
    if part.lemma_.lower() not in ASKING_VERBS:
        return False
    parties = [c for c in part.children if c.dep_ in ("dobj", "dative") and c.pos_ in ("NOUN", "PROPN")]
    parties += [g for c in part.subtree if c.dep_ == "prep" and c.lower_ in ASKED_FROM and c.head.i in
                {part.i, *(x.i for x in part.children)} for g in c.children if g.dep_ == "pobj"]  # fmt: skip
    people = [p for p in parties if not any(t.lower_ in FIRST_PERSON for t in p.subtree)]
    if part.lemma_.lower() == "ask":
        return any(p.dep_ in ("dobj", "dative") for p in people)
    return any(p.dep_ == "pobj" for p in people)


def _done_by_others(causative: Token) -> bool:
    """r36b (docs/DESIGN.md#construction-classes, an alternative done by others): 'or have the platform team do it',
    'or get the DBA to handle it': a causative verb whose complement is a pro-verb of doing (terms [reader-does-it]
    verbs) on a pointer, done by a named party that is not the agent — the other alternative's act, theirs."""
    complements = [c for c in causative.children if c.dep_ in ("ccomp", "xcomp")]
    for act in (c for c in complements if c.lemma_.lower() in READER_DOES_VERBS):
        if not any(c.dep_ == "dobj" and c.lower_ in POINTER_OBJECTS for c in act.children):
            continue
        doers = [c for c in act.children if c.dep_ == "nsubj"]
        doers += [c for c in causative.children if c.dep_ == "dobj" and c.i < act.i]
        if doers and all(d.pos_ in ("NOUN", "PROPN") for d in doers):
            return True
    return False


def _awaited_thing(thing: Token, lexicon: Lexicon) -> bool:
    """r33d (docs/DESIGN.md#construction-classes, a timed human-only choice): 'or wait for the docs PR' — a thing that
    arrives, whoever makes it, is no work of the agent's: its head noun decides, not its modifiers. Work itself awaited
    ('wait for another review', 'wait for the load test': an agent-work head), a human-only decision awaited ('wait for
    the stamp', which is the decision itself), and the agent in it ('wait for me to refactor the parser') are kept."""
    names = forms(thing)
    if any(t.lower_ in FIRST_PERSON or t.lower_ in ("my", "our") for t in thing.subtree):
        return False
    if names & lexicon.agent_work and _by_other_party(thing):
        return True  # r38d: 'hold for the security review': the review of another party, no work of the agent's
    return not (names & lexicon.agent_work or any(lexicon.domain_of(n) for n in names))


def _by_other_party(thing: Token) -> bool:
    """r38d (docs/DESIGN.md#construction-classes): an awaited piece of work named by the party that does it ('the
    security review', 'the legal team's audit', 'QA sign-off'; terms [do-nothing-choices] other_parties) is theirs."""
    return any(
        c.dep_ in ("compound", "amod", "poss", "nmod") and (forms(c) & OTHER_PARTIES or any(
            forms(g) & OTHER_PARTIES for g in c.children if g.dep_ in ("compound", "amod")))
        for c in thing.children
    )


def _said_when(tokens: list[Token]) -> frozenset[int]:
    """r33d (docs/DESIGN.md#construction-classes, a timed human-only choice): 'rotate the token today or after the
    incident review', 'deploy to production now or after the load test on Thursday' — a preposition that only says
    when, with a noun for its object and no verb or first person in it, names a moment for the act, not work: its
    words are left out of the part. A clause after it ('after I fix the test', 'after updating the docs') is work."""
    found: set[int] = set()
    inside = {t.i for t in tokens}
    for clause in (t for t in tokens if t.head.i in inside and _moment_clause(t)):
        found.update(t.i for t in clause.subtree)
    for preposition in tokens:
        if preposition.pos_ != "ADP" or preposition.lower_ not in PURE_TIME_PREPOSITIONS:
            continue
        if not any(c.dep_ == "pobj" and c.pos_ in ("NOUN", "PROPN") for c in preposition.children):
            continue
        words = list(preposition.subtree)
        if any(t.pos_ in ("VERB", "AUX") or t.lower_ in FIRST_PERSON or t.lower_ in ("my", "our") for t in words):
            continue
        found.update(t.i for t in words)
        after = max(t.i for t in words) + 1
        if after in inside and _closes_time_phrase(preposition.doc[after]):
            found.add(after)  # r40c: 'after the change window opens' with 'opens' hung elsewhere: the clause's verb
    return frozenset(found)


def _status_quo(part: Token, tokens: list[Token]) -> bool:
    """r36a (a do-nothing alternative): 'or keep Standard-2X', 'or keep the current tier' — a keeping verb, joined by
    'or' to another alternative, whose object names nothing of work (it reached here with no domain and no agent word)
    keeps what is there: the other side of the decision, no work of its own."""
    if part.lemma_.lower() not in KEEPING or part.dep_ != "conj":
        return False
    inside = {t.i for t in tokens}
    objects = [c for c in part.children if c.dep_ == "dobj" and c.i in inside]
    kept = {x.i for o in objects for x in o.subtree}
    rest = [t for t in tokens if t.i != part.i and t.i not in kept]
    return bool(objects) and all(t.is_punct or t.pos_ in ("ADV", "CCONJ", "DET") for t in rest)


def _kept_as_is(part: Token) -> bool:
    """r29c: 'or keep it read-only', 'leave them as they are': keeping what a pointer stands for in its state, with
    no new thing named, is doing nothing."""
    if part.lemma_.lower() not in KEEPING:
        return False
    kept = [c for c in part.children if c.dep_ in ("dobj", "ccomp", "xcomp", "oprd")]
    objects = [c for c in kept if c.dep_ == "dobj"] + [s for c in kept if c.dep_ != "dobj" for s in c.children
                                                          if s.dep_ == "nsubj"]  # fmt: skip
    return bool(objects) and all(o.lower_ in KEPT_POINTERS for o in objects)


def is_do_nothing_item(root: Token, lexicon: Lexicon, scope: frozenset[int]) -> bool:
    """r28i: a list item that is a do-nothing alternative ('Hold it until the freeze ends'), with no agent work in it:
    it belongs to the human-only decision the other items name (docs/DESIGN.md#decisive-relation)."""
    tokens = own_tokens(root, scope)
    _, agent = _scan_part(root, tokens, lexicon)
    return not agent and _is_do_nothing(root, tokens, lexicon)
