"""Reference back (docs/DESIGN.md#construction-classes, revision 4): a hand-over whose words point at an act named
before it.

'Your call.', "That's for you to say", 'Whether to do it now is your call', 'Rotating them is up to you', 'I'll leave
that decision to you': a bare phrase, a demonstrative, a pro-verb ('do it', 'that happens') or a pronoun object
('revoking it') stands for what the clause before it names — the clause before a ';' or dash in the same sentence, or
else the sentence before (the engine parses it with the phrase: analyzer.text.layout.named_before). Two readings:

* `act_before` — what a pointer to an act stands for: the act the clause before names (its gerund subject, the
  gerund its copula says, its noun subject, an instruction), judged as the hand-over's work.
* `antecedent_of` — what a pronoun object stands for ('revoking it'): the thing the clause before is about (its
  subject, or the object of its gerund subject); the domain rules read it as the act's object.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.parse.shapes import segment_before
from analyzer.parse.tokens import (
    DEMONSTRATIVES,
    as_written,
    code_words,
    forms,
    is_copula,
    is_version,
    sentence_start,
    subject_of,
)
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

# The marks of a clause that asks about a decision, and the question word of one asking when its act happens.
DECISION_MARKS = terms("parse", "decision_marks")
TIME_QUESTION_WORDS = terms("parse", "time_question_words")
# Words that stand for an act or a thing named before ('do it', 'that happens', 'revoking them').
POINTERS = terms("reference", "pointers")
# r28i: the pointers that stand for one thing ('publishing it'), and a version string as a reader reads it.
SINGULAR_POINTERS = terms("pointers-back", "singular_pointers")
VERSION_WORD = re.compile(r"^v?\d+(?:\.\d+)+[\w.+-]*$")
# Verbs that stand for an act named before when a pointer is their argument ('do that', 'that happens').
PRO_VERBS = terms("reference", "pro_verbs")
# Nouns of deciding that a demonstrative points back with ('that decision', 'this one').
DECISION_NOUNS = terms("reference", "decision_nouns")
# Nouns of a place in the work whose complement names the act ('The only step left is the production deploy').
STEP_NOUNS = terms("reference", "step_nouns")
# r32d: a subject that names the whole of what is left ("All that's left is to …", "Everything is ready to …").
INDEFINITE_WHOLES = terms("reference", "indefinite_wholes")
EMPTY_OF_ACT = terms("reference", "empty_of_act")
RECOMMENDING_VERBS = terms("attribution", "recommending_verbs")
COUNTERFACTUAL_MODALS = terms("attribution", "counterfactual_modals")
PROPOSING_MODALS = terms("attribution", "proposing_modals")
PROPOSING_SUBJECTS = terms("attribution", "proposing_subjects")
PLAN_NOUNS = terms("reference", "plan_nouns")
# r38d: words that say a thing is made ready for an act ('Everything for the rollout is staged').
READIED_WORDS = terms("reference", "readied_words")
# r38d: verbs that say what an act amounts to ('Scrubbing it means a force-push'); their object is the act too.
MEANING_VERBS = terms("reference", "meaning_verbs")
ACTOR_OBJECTS = terms("reference", "actor_objects")
MEANT_DEPS = frozenset({"dobj", "xcomp", "ccomp", "attr", "oprd"})
# r37j: the openers an instruction's verb may follow, and instructions that name no act of their own.
INSTRUCTION_OPENERS = terms("reference", "instruction_openers")
NOT_INSTRUCTED = terms("reference", "not_instructed")
# r37j: the dependents an instruction's verb takes when it names an act of its own ('Drop the table', 'Merge #604 into
# main'; 'Deploy build 915' read with an open complement).
INSTRUCTED_DEPS = frozenset({"dobj", "prep", "dative", "prt", "oprd", "xcomp", "ccomp"})
# Pointers that stand for a plural, and the tags of a plural noun.
PLURAL_POINTERS = frozenset({"them", "those", "these"})
# r29b: the word that stands for a place named before, and the prepositions that name one.
PLACE_POINTERS = terms("place-pointers", "pointers")
PLACE_PREPOSITIONS = terms("place-pointers", "prepositions")
# r29b: verbs that say where a thing is kept; the holder is the place of what a pointer stands for.
HOLDING_VERBS = terms("things-held", "holding_verbs")
LOCATED_VERBS = terms("things-held", "located_verbs")
PREDICTING_MODALS = terms("reference", "predicting_modals")
LOCATION_PREPOSITIONS = terms("production-place", "location_prepositions")
# r31d: a statement of what a thing needs, and the verbs that give it what it needs ('The service account needs
# roles/storage.admin on the prod project. Granting it: your call.': 'it' is the role, not the account).
NEEDING_VERBS = terms("thing-needed", "needing_verbs")
GIVING_VERBS = terms("thing-needed", "giving_verbs")
PLURAL_TAGS = frozenset({"NNS", "NNPS"})
# How a pronoun is the object of an act: 'revoking it', 'run it against …', 'it gets rotated'.
OBJECT_DEPS = frozenset({"dobj", "nsubjpass", "pobj"})
# A subject that is an act ('Publishing 1.9.0 to npm will notify …').
GERUND_SUBJECT_DEPS = frozenset({"csubj", "nsubj", "csubjpass"})


def act_before(first: Token) -> list[Token]:
    """The act named before `first`: in the clause before the ';' or dash of its sentence (its gerund subject, else
    that whole clause), or, with nothing before it in its sentence, in the sentence before it in the parse."""
    before = segment_before(first)
    if before and pointer_asked(before):
        return act_before(before[0])  # 'Whether that's worth it': the clause asks about the act before it
    if before:
        gerund = _gerund_subject(before)
        named = _gerund_stretch(gerund) if gerund is not None else before
        return _words(named)
    sentence = sentence_before(first)
    return _words(act_of_sentence(sentence)) if sentence is not None else []


def pointer_asked(segment: Sequence[Token]) -> bool:
    """r38d (docs/DESIGN.md#construction-classes): 'Whether that's worth it is your decision', 'When that goes out is
    yours to decide': a question clause (a decision mark or 'when') whose subject is a pointer asks about the thing or
    act named before it, whatever its verb; it names no act of its own."""
    return (
        bool(segment)
        and (segment[0].lower_ in DECISION_MARKS or segment[0].lower_ in TIME_QUESTION_WORDS)
        and any(t.dep_ in ("nsubj", "nsubjpass") and t.lower_ in POINTERS and t.head.i != t.i for t in segment)
    )


def sentence_before(token: Token) -> Span | None:
    """The last sentence with words in it before `token`'s sentence, in the same parse; the text's own boundary
    before the phrase's sentence holds where the parser read the two as one (tokens.sentence_start)."""
    start = sentence_start(token)
    while start > 0:
        before = token.doc[sentence_start(token.doc[start - 1]) : start]
        if any(t.is_alpha for t in before):
            return before
        start = before.start
    return None


def act_of_sentence(sentence: Span) -> list[Token]:
    """The act a statement names as its subject (docs/DESIGN.md#construction-classes): its gerund subject ('Deleting the
    stale records … needs a human'), the gerund a copula says of its subject ('The last open item is squash-merging
    #204'), the copula's noun subject ('Approval of #331 is the only thing left'); nothing for a question, an
    instruction, an option list or other prose."""
    tokens = [t for t in sentence if not t.is_space]
    if not _ends_plainly(tokens):
        return []
    gerund = _gerund_subject(tokens)
    if gerund is not None:
        return _act_meant(gerund) or _gerund_stretch(gerund)
    root = sentence.root
    readied = _readied_for(root)
    if readied:
        return readied
    command = _gerund_on_code(root)
    if command:
        return command
    if is_copula(root):
        infinitive = infinitive_said(root)
        if infinitive:
            return infinitive
        said = next((c for c in root.children if c.dep_ in ("acomp", "attr", "xcomp") and c.tag_ == "VBG"), None)
        if said is not None:
            return list(said.subtree)
        subject = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subject is not None and _names_a_step(subject):
            return _complement_of(root) or list(subject.subtree)
        if subject is not None and subject.pos_ in ("NOUN", "PROPN"):
            return list(subject.subtree)
        return []
    step_said = _step_does(root)
    if step_said:
        return step_said
    placeholders = [c for c in root.children if _free_relative(c) or (c.dep_ == "nsubj" and _names_a_step(c))]
    if root.tag_ == "VBG" and placeholders:  # 'What remains is merging #204', 'The last step is publishing 1.4.0'
        left_out = {w.i for c in placeholders for w in c.subtree}
        return [t for t in root.subtree if t.i not in left_out and not (t.dep_ == "aux" and t.head.i == root.i)]
    if root.tag_ == "VBG" and not any(c.dep_ in GERUND_SUBJECT_DEPS for c in root.children) and _ends_plainly(tokens):
        return list(root.subtree)  # the model read 'Applying the IAM change … grants admin' as one gerund phrase
    passive = _passive_act(root)
    if passive:
        return passive
    listed = _listed_after_colon(tokens, root)
    if listed:
        return listed
    recommended = recommended_act(tokens)
    if recommended:
        return recommended
    predicted = _predicted_of(root)
    if predicted:
        return predicted
    # An option list, an instruction or a question before the phrase names no subject: the phrase finds nothing wider
    # (docs/DESIGN.md#decisive-relation; 'Squash or rebase? Your call.' fires).
    return []


def instructed_act(clause: Sequence[Token]) -> list[Token]:
    """r37j (docs/DESIGN.md#construction-classes, an instruction before a bare hand-over): the act an imperative clause
    names ('Drop the events table on prod. Your call.', 'Rotate the prod Stripe keys: your call.') — its verb in the
    base form (or the root the model read as a noun, 'Merge #604 into main') with no subject, auxiliary or negation,
    opening the clause past 'please' (terms [reference] instruction_openers) or as the first half of a hyphen compound
    the model split ('Force-push …'), with an object or a preposition of its own; the verb and its words. Nothing for a
    question, a clause with 'or' (alternatives: the option-list rules read them), or an instruction that names no act
    ('Let me know', terms [reference] not_instructed).
    Read only by a hand-over whose own clause names nothing (analyzer.grammar.register.bound_before)."""
    tokens = [t for t in clause if not t.is_space]
    verb = clause_top(tokens)
    if verb is None or not _ends_plainly(tokens) or verb.lemma_.lower() in NOT_INSTRUCTED:
        return []
    if not (_base_form(verb) or _verb_read_as_noun(verb, tokens)):
        return []
    if any(c.dep_ in ("nsubj", "nsubjpass", "aux", "auxpass", "neg", "det", "poss") or c.tag_ == "MD"
           for c in verb.children):  # fmt: skip
        return []
    if not any(c.dep_ in INSTRUCTED_DEPS for c in verb.children):
        return []
    if any(t.lower_ == "or" for t in tokens):  # alternatives however the model hung them ('Rebase … or merge as is')
        return []
    ahead = [t for t in tokens if t.i < verb.i and not t.is_punct]
    if not all(t.lower_ in INSTRUCTION_OPENERS or _split_compound(t, verb) for t in ahead):
        return []
    stretch = {t.i for t in ahead} | {t.i for t in verb.subtree}
    return _words([t for t in tokens if t.i in stretch])


def _base_form(verb: Token) -> bool:
    """A verb written in its base form: tagged so, or a past the model read into a base spelling ('Set', 'push')."""
    return verb.tag_ == "VB" or (verb.tag_ in ("VBD", "VBP") and verb.lower_ == verb.lemma_.lower())


def _verb_read_as_noun(top: Token, clause: list[Token]) -> bool:
    """An instruction's verb the small model read as a noun ('Merge #604 into main', 'Delete the orders collection'):
    the root, written in sentence case, opening its clause past its openers (or after the first half of its hyphen
    compound)."""
    first = next((t for t in clause if t.is_alpha and t.lower_ not in INSTRUCTION_OPENERS), None)
    if first is None or not (first.i == top.i or _split_compound(first, top)):  # 'Force-push' read as a noun
        return False
    return top.pos_ in ("NOUN", "PROPN") and top.dep_ == "ROOT" and first.text[:1].isupper()


def _split_compound(word: Token, verb: Token) -> bool:
    """The first half of a hyphenated verb the model cut in two ('Force' of 'Force-push')."""
    doc = word.doc
    return word.head.i == verb.i and word.i + 2 == verb.i and doc[word.i + 1].text == "-"


def clause_top(clause: list[Token]) -> Token | None:
    """The clause's own top word: the first whose head lies outside the clause (or is itself, the root)."""
    inside = {t.i for t in clause}
    return next((t for t in clause if t.head.i not in inside or t.head.i == t.i), None)


def recommended_act(clause: list[Token]) -> list[Token]:
    """r32d: the act the agent recommends in a clause of its own ('I'd rotate the Stripe key today', 'I'd recommend we
    cut the v3.2.0 tag on Monday', 'I suggest we promote build 812', 'We can merge #88 today or on Monday'): the verb
    of a first-person subject with a counterfactual or proposing modal (terms [attribution] counterfactual_modals,
    proposing_modals), not negated, or the clause a verb of
    recommending (terms [attribution] recommending_verbs) governs — with its words, without the subject and modal."""
    inside = {t.i for t in clause}
    root = clause_top(clause)
    if root is None or root.pos_ not in ("VERB", "AUX"):
        return []
    if not any(c.dep_ == "nsubj" and c.lower_ in PROPOSING_SUBJECTS for c in root.children):
        return []
    if any(c.dep_ == "neg" for c in root.children):
        return []
    verb = root
    if root.lemma_.lower() in RECOMMENDING_VERBS:
        verb = next((c for c in root.children if c.dep_ in ("ccomp", "xcomp") and c.pos_ == "VERB"), None)
        if verb is None:
            return []
    elif not any(c.tag_ == "MD" and c.lower_ in COUNTERFACTUAL_MODALS | PROPOSING_MODALS for c in root.children):
        return []
    left = {c.i for c in verb.children if c.dep_ in ("nsubj", "aux", "mark") or c.tag_ == "MD"}
    return [t for t in verb.subtree if t.i not in left and t.i in inside and not t.is_punct]


def _readied_for(root: Token) -> list[Token]:
    """r38d (docs/DESIGN.md#construction-classes, a human-only decision named away from the phrase): a statement that
    everything is made ready for an act ('Everything for the 6.0 production rollout is staged', 'The branch is ready for
    the squash-merge'; terms [reference] readied_words) names that act: the object of its 'for', on the predicate or on
    a subject that names the whole of the work. The statement may lead its sentence before a colon of details, which
    the model makes the root ('… is staged: migrations tested, flags defaulted off')."""
    lead = next((c for c in root.children if c.dep_ == "ccomp" and c.i < root.i), None)
    return (_readied_for(lead) if lead is not None else []) or _readied_for_clause(root)


def _readied_for_clause(root: Token) -> list[Token]:
    """_readied_for on one clause: its predicate, its complements, and an indefinite subject."""
    complements = [c for c in root.children if c.dep_ in ("acomp", "attr")]
    if not forms(root) & READIED_WORDS and not any(forms(c) & READIED_WORDS for c in complements):
        return []
    if any(c.dep_ == "neg" for c in root.children):
        return []
    subject = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    holders = [root, *complements]
    if subject is not None and subject.lower_ in INDEFINITE_WHOLES:
        holders.append(subject)
    for holder in holders:
        for prep in holder.children:
            if prep.dep_ == "prep" and prep.lower_ == "for":
                return [t for c in prep.children if c.dep_ in ("pobj", "pcomp") for t in c.subtree]
    return []


def _gerund_on_code(root: Token) -> list[Token]:
    """r28g: 'Running `terraform destroy` on the shared account removes the NAT gateways': the model reads the inline
    command as the subject noun and the gerund before it as its modifier; the gerund phrase is the act."""
    subject = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None or not code_words(subject):
        return []
    gerund = next((c for c in subject.children if c.tag_ == "VBG" and c.i == subject.left_edge.i), None)
    return list(subject.subtree) if gerund is not None else []


def _step_does(root: Token) -> list[Token]:
    """r39c (docs/DESIGN.md#construction-classes): 'Step 5 drops columns in the production database', 'The last task
    rotates the live Stripe key': a present-tense verb whose subject names a place in the work (terms [reference]
    step_nouns) says what that step does, so the verb and its words, without the subject, are the act. A past report
    ('Step 5 dropped …') tells history and names nothing to decide."""
    if root.tag_ not in ("VBZ", "VBP") or is_copula(root):
        return []
    subject = next((c for c in root.children if c.dep_ == "nsubj" and _names_a_step(c)), None)
    if subject is None:
        return []
    left_out = {w.i for w in subject.subtree}
    return [t for t in root.subtree if t.i not in left_out and not t.is_punct and not t.is_space]


def _names_a_step(subject: Token) -> bool:
    """r28g: 'The only step left is …', 'The last item on the list is …', 'The blocker is …': a subject that names a
    place in the work, not the work; the complement names the act."""
    return subject.pos_ == "NOUN" and subject.lemma_.lower() in STEP_NOUNS


def infinitive_said(copula: Token) -> list[Token]:
    """r32d: 'The last step is to rotate the Stripe key.', 'All that's left is to tag 1.8.', 'Next up is to purge the
    prod users table.', 'Everything is ready to publish 3.2.0.': the infinitive with no subject of its own that the
    copula says of a step, of what is left, of nothing named, or of everything being ready names the act. A person as
    the copula's subject ('I am ready to …', 'you are free to …') says something of that person, no act of a step."""
    subject = next((c for c in copula.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is not None and not (
        _names_a_step(subject)
        or _free_relative(subject)
        or subject.lower_ in INDEFINITE_WHOLES
        or subject.lemma_.lower() in PLAN_NOUNS
    ):
        return []
    holders = [copula, *(c for c in copula.children if c.dep_ in ("acomp", "attr", "prep"))]
    holders += [g for h in holders if h.dep_ == "prep" for g in h.children if g.dep_ == "pobj"]
    for holder in holders:
        for verb in holder.children:
            if verb.dep_ not in ("xcomp", "advcl") or verb.tag_ != "VB":
                continue
            if any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children):
                continue
            if not any(c.dep_ == "aux" and c.tag_ == "TO" for c in verb.children):
                continue
            return [t for t in verb.subtree if not (t.dep_ == "aux" and t.head.i == verb.i and t.tag_ == "TO")]
    return []


def _complement_of(copula: Token) -> list[Token]:
    """The noun the copula says of its subject, with its words ('… is the production deploy of 2.8.0')."""
    said = next((c for c in copula.children if c.dep_ == "attr" and c.pos_ in ("NOUN", "PROPN")), None)
    return list(said.subtree) if said is not None else []


def _free_relative(clause: Token) -> bool:
    """'What remains', 'What is left': a clause subject that is a free relative naming the rest of the work."""
    return clause.dep_ in ("csubj", "nsubj") and any(c.lower_ == "what" for c in clause.subtree)


def _passive_act(root: Token) -> list[Token]:
    """r28g: 'The leaked token has to be revoked by an org owner', 'The key must be rotated': a passive act still to be
    done on a noun subject names the act — the subject and the passive verbs (not the agent phrase: who does it)."""
    verbs = [root, *(c for c in root.children if c.dep_ == "xcomp")]
    verb = next((v for v in verbs if any(c.dep_ == "auxpass" for c in v.children)), None)
    if verb is None or not (verb.dep_ == "xcomp" or any(c.dep_ == "aux" and c.tag_ == "MD" for c in verb.children)):
        return []  # only an act still to be done ('must be revoked', 'has to be'): 'The docs are updated' reports one
    subject = next((c for v in (verb, root) for c in v.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None or subject.pos_ not in ("NOUN", "PROPN", "ADJ") or subject.lower_ in POINTERS:
        return []
    acts = [verb, *(c for c in verb.children if c.dep_ == "conj" and c.pos_ == "VERB")]
    return sorted([*subject.subtree, *acts], key=lambda t: t.i)


def _listed_after_colon(tokens: list[Token], root: Token) -> list[Token]:
    """Issue 28 phase 4: 'Two ways to land #412: squash it or rebase-merge it. Your call.' — a statement that names the
    act and then, after its colon, the alternatives (a base-form root with a conjunct): the alternatives are the act,
    judged like an option list written before the phrase in its own sentence. r28i: also a first alternative the
    model hung on the lead noun ('Two options for #301: squash-merge it or rebase-merge it.')."""
    colon = next((t.i for t in tokens if t.text == ":"), None)
    if colon is None:
        return []
    if root.i < colon:
        # r28i: 'Two options for #301: squash-merge it or rebase-merge it.' — the model hung the first alternative on
        # the lead noun before the colon; the verb after the colon with its conjunct is the option list all the same
        root = next((t for t in tokens if t.i > colon and t.pos_ == "VERB" and t.head.i < colon), root)
    elif root.tag_ != "VB":
        return []
    if root.i <= colon or not any(c.dep_ == "conj" for c in root.children):
        return []
    return [t for t in tokens if t.i > colon and not t.is_punct]


def points_back(verb: Token) -> bool:
    """'do it', 'do that now', 'doing so', 'that happens': a pro-verb whose argument is a pointer."""
    if verb.lemma_.lower() not in PRO_VERBS:
        return False
    return any(c.dep_ in ("dobj", "advmod", "nsubj") and c.lower_ in POINTERS for c in verb.children)


def pointed_act(tokens: list[Token]) -> list[Token]:
    """r32d: 'Should I do it?', 'Okay if I do that?', 'Ready for me to do it?', 'Say the word and I'll do it.', 'Should
    I go ahead with it?': a stretch whose only word of content is a pro-verb with a pointer (points_back, or a pointer
    as the object of its preposition: 'go ahead with it') stands for the act named before its clause (act_before); the
    act's words, or nothing."""
    content = [t for t in tokens if not (t.is_punct or t.is_space or t.pos_ in EMPTY_OF_ACT or t.lower_ in POINTERS)]
    if len(content) != 1:
        return []
    verb = content[0]
    with_pointer = any(
        c.dep_ == "prep" and any(g.dep_ == "pobj" and g.lower_ in POINTERS for g in c.children) for c in verb.children
    )
    if not (points_back(verb) or (verb.lemma_.lower() in PRO_VERBS and with_pointer)):
        return []
    own = segment_before(tokens[0])
    return act_before(own[0] if own else tokens[0])


def pointing_noun(noun: Token) -> bool:
    """'that decision', 'this one': a decision noun with a demonstrative, standing for the decision named before."""
    if noun.lower_ in DEMONSTRATIVES:
        return True
    return noun.lemma_.lower() in DECISION_NOUNS and any(
        c.dep_ == "det" and c.lower_ in DEMONSTRATIVES for c in noun.children
    )


def antecedent_of(word: Token) -> Token | None:
    """What a pronoun object ('revoking it', 'rotating them') or a demonstrative noun object ('delete that data')
    stands for, when nothing in its own clause comes before it: the subject of the clause before, or the object of
    that clause's gerund subject ('Dropping the events table in production would …'). None otherwise."""
    if word.lower_ in PLACE_POINTERS and word.dep_ in ("advmod", "expl"):
        placed = word.dep_ == "advmod" or getattr(place_after(word.head), "i", None) == word.i
        return _place_before(word) if placed and word.head.pos_ in ("VERB", "AUX") else None
    if not _points(word) or not (word.dep_ in OBJECT_DEPS or _right_after_verb(word)):
        return None
    own = segment_before(word)
    if any(t.pos_ in ("NOUN", "PROPN") for t in own):
        # 'review the PR and merge it': the pronoun's antecedent is in its own clause — r40c: the nearest object before
        # it that agrees with it, in another alternative ('… to scrub the leaked token, or should we just rotate it?')
        return _object_before(word, own)
    clause = _clause_before(own[0] if own else word)
    if not clause:
        return None
    gerund = _gerund_subject(clause)
    if gerund is not None:
        return next((c for c in gerund.children if c.dep_ == "dobj"), None)
    needed = _thing_needed(word, clause)
    if needed is not None:
        return needed
    inside = {t.i for t in clause}
    nouns = [t for t in clause if t.pos_ in ("NOUN", "PROPN") or _misread_plural(t)]
    # 'them' stands for a plural, 'it' for a singular ('The staging deploy keys …; revoking them'); r29b: a noun that
    # only names another ('payments' of 'the payments database') agrees with nothing
    determiners = [c.lower_ for c in word.children if c.dep_ == "det"]
    plural = word.lower_ in PLURAL_POINTERS or any(d in PLURAL_POINTERS for d in determiners)
    agreeing = [
        t
        for t in nouns
        if (t.tag_ in PLURAL_TAGS or _misread_plural(t)) == plural and t.dep_ not in ("compound", "nmod")
    ]
    nouns = agreeing or nouns
    subject = next((t for t in nouns if t.dep_ in ("nsubj", "nsubjpass") and t.head.i in inside), None)
    if subject is not None and _cut_off_noun(subject):
        return None  # r29b: 'The release notes draft for 3.0 is …' read as 'release -nsubj->': the name is cut off
    if subject is not None and _command_name(subject):
        return subject.head  # 'The terraform destroy for the shared account …': the command is the act
    # The small model may misread the clause ('The prod API keys … expire Friday': keys as its root): the noun
    # nearest its top.
    return subject or min(nouns, key=lambda t: (_depth(t, inside), t.i), default=None)


def _object_before(word: Token, own: list[Token]) -> Token | None:
    """r40c: the nearest noun before a pronoun object in its own segment that is the object of another verb (a direct
    object, or the object of a preposition), when the pronoun's clause has a subject of its own ('or should we just
    rotate it'; 'or leave it' is the same alternative's); 'it' only, a singular's pointer. A direct object the model
    tagged an adjective ('the leaked token' read token/ADJ) is a noun all the same."""
    verb = word.head
    if word.lower_ != "it" or not any(c.dep_ == "nsubj" for c in verb.children):
        return None
    nouns = [t for t in own if t.i < word.i and t.dep_ in ("dobj", "pobj") and (t.pos_ in ("NOUN", "PROPN") or (
        t.dep_ == "dobj")) and t.tag_ not in PLURAL_TAGS and t.head.i != verb.i and verb not in t.ancestors
             ]  # fmt: skip
    return nouns[-1] if nouns else None


def _thing_needed(word: Token, clause: list[Token]) -> Token | None:
    """r31d: the pointer object of a verb of giving ('granting it', 'assigning that') after a statement of what a
    thing needs ('The new service account needs `roles/storage.admin` on the prod project.') stands for what is
    needed, the statement's object."""
    giving = word.doc[word.i - 1] if _right_after_verb(word) else word.head  # 'Granting it is …': it -nsubj-> is
    root = clause_top(clause)
    if root is None or root.lemma_.lower() not in NEEDING_VERBS:
        return None
    # 'The release job needs the npm publish token rotated first. Rotating it: up to you.': the thing the needed act
    # is done to, when the pointer's verb is that act
    done = next((c for c in root.children if c.dep_ in ("ccomp", "xcomp") and c.tag_ == "VBN"), None)
    if done is not None and done.lemma_.lower() == giving.lemma_.lower():
        return subject_of(done) or next((c for c in done.children if c.dep_ == "dobj"), None)
    if giving.lemma_.lower() not in GIVING_VERBS:
        return None
    return next((c for c in root.children if c.dep_ in ("dobj", "attr")), None)


def place_after(verb: Token) -> Token | None:
    """r29b: 'Flushing the cache there is your call': the model read the place pointer right after a gerund subject's
    words as the copula's existential 'there' (there -expl-> is); written there, it is the gerund's place. Given the
    copula, or the gerund, the pointer; None otherwise."""
    copula = verb if is_copula(verb) else verb.head
    gerund = next((c for c in copula.children if c.dep_ in GERUND_SUBJECT_DEPS and c.tag_ == "VBG"), None)
    if gerund is None:
        return None
    doc = copula.doc
    after = max(t.i for t in gerund.subtree) + 1
    word = doc[after] if after < len(doc) else None
    if word is None or word.lower_ not in PLACE_POINTERS or word.dep_ != "expl" or word.head.i != copula.i:
        return None
    return word


def _place_before(there: Token) -> Token | None:
    """r29b: the place 'there' stands for — the first place the clause before names, the object of a place preposition
    ('… against the shared production account', 'in the production Redis')."""
    own = segment_before(there)
    clause = _clause_before(own[0] if own else there)
    return next(
        (
            t
            for t in clause
            if t.dep_ == "pobj" and t.pos_ in ("NOUN", "PROPN") and t.head.lower_ in PLACE_PREPOSITIONS
        ),
        None,
    )


def version_before(pointer: Token) -> Token | None:
    """r28i: 'Everything for `v0.9.0` is on main … Tagging and publishing it is your call.' — a singular pointer with
    no noun before it in its own clause stands for the one version the sentence before names (a version string,
    written bare or as inline code): a version is what a release publishes. None when that sentence names no version
    or more than one."""
    if pointer.lower_ not in SINGULAR_POINTERS:
        return None
    if any(t.pos_ == "PROPN" or (t.pos_ == "NOUN" and t.tag_ != "VBG" and not t.lower_.endswith("ing"))
           for t in segment_before(pointer)):
        return None  # 'publish the docs bundle and tag it': the pointer's antecedent is in its own clause
    sentence = sentence_before(pointer)
    if sentence is None:
        return None
    versions = [t for t in sentence if is_version(t) or any(VERSION_WORD.match(w) for w in _code_text(t))]
    return versions[0] if len({v.text for v in versions}) == 1 else None


def _code_text(token: Token) -> list[str]:
    """The text inside inline code, whole ('`v0.9.0`' → 'v0.9.0'); empty for any other token."""
    written = as_written([token])
    return [written.strip("`").lower()] if written.startswith("`") else []


def _command_name(subject: Token) -> bool:
    """Issue 28 phase 4: 'The terraform destroy for …', 'the kubectl delete of …': a singular noun after a determiner
    with a bare verb right after it, which the model made its subject and predicate (or a noun it gave a subject);
    English would inflect that verb ('destroys'), so the two are a tool's command named as a noun, and the verb is
    the act."""
    verb = subject.head
    return (
        subject.tag_ == "NN"
        and verb.i == subject.i + 1
        and (verb.tag_ in ("VB", "VBP") or verb.pos_ == "NOUN")  # 'kubectl -nsubj-> delete' read as a noun too
        and any(c.dep_ == "det" for c in subject.children)
        and not any(c.dep_ == "aux" for c in verb.children)
    )


def _misread_plural(token: Token) -> bool:
    """r29b: 'holds the 2023 audit rows': a plural noun the small model tagged a verb (rows/VBZ) and still made the
    object, with a determiner or modifier of its own."""
    return (
        token.tag_ == "VBZ"
        and token.dep_ in ("dobj", "pobj")
        and token.lower_.endswith("s")
        and any(c.dep_ in ("det", "compound", "amod", "nummod") for c in token.children)
    )


def _cut_off_noun(subject: Token) -> bool:
    """r29b: a subject noun with a plural noun right after it that the model did not hang on it ('The release notes
    draft …': notes -aux-> draft): the small model cut the name in two, and the subject is only its first word."""
    doc = subject.doc
    after = doc[subject.i + 1] if subject.i + 1 < len(doc) else None
    return after is not None and after.tag_ == "NNS" and after.head.i != subject.i and after.dep_ not in ("conj",)


def _right_after_verb(word: Token) -> bool:
    """'revoking it is your call', 'whether to drop that data is': the model may make the pointer the copula's
    subject; written right after a verb form, it is that verb's object."""
    first = word.left_edge if word.pos_ == "NOUN" else word
    before = word.doc[first.i - 1] if first.i > 0 else None
    return before is not None and before.tag_ in ("VB", "VBG") and word.head.i != before.i


def _depth(token: Token, inside: set[int]) -> int:
    depth = 0
    while token.head.i != token.i and token.head.i in inside:
        token, depth = token.head, depth + 1
    return depth


def _points(word: Token) -> bool:
    if word.pos_ == "PRON":
        return word.lower_ in POINTERS
    return word.pos_ == "NOUN" and any(c.dep_ == "det" and c.lower_ in DEMONSTRATIVES for c in word.children)


def _clause_before(first: Token) -> list[Token]:
    """The clause before `first`'s clause: back to the ';' or dash in its sentence, or the sentence before."""
    before = segment_before(first)
    if before:
        return before
    sentence = sentence_before(first)
    return [t for t in sentence if not t.is_space] if sentence is not None else []


def gerund_act(clause: list[Token]) -> list[Token]:
    """The act a clause names as its gerund subject ('Moving the org to the Team plan changes what we're billed'), else
    nothing (bound_before: a clause of the hand-over's own sentence)."""
    first = next((t for t in clause if t.is_alpha), None)
    verb = clause_top(clause)
    if first is not None and first.tag_ == "VBG" and verb is not None and verb.i > first.i:
        # the gerund opens the clause and the clause's verb follows: the act is everything before that verb and its
        # auxiliaries, whatever the model hung where ('Rotating the Stripe live secret key will log out …', 'Revoking
        # the old deploy keys will break …' read as an adverbial clause)
        # the first modal or auxiliary before the clause's verb: 'deploy' of 'the old github deploy keys will break'
        # may be read as the verb itself
        doc = first.doc
        misread = verb.tag_ in ("VB", "VBP") and verb.i + 1 < len(doc) and doc[verb.i + 1].tag_.startswith("NN")
        reach = clause[-1].i if misread else verb.i
        helpers = [t.i for t in clause if first.i < t.i <= reach and (t.tag_ == "MD" or t.dep_ in ("aux", "auxpass"))
                   and (t.tag_ == "MD" or t.lemma_.lower() in ("be", "have", "do"))]  # fmt: skip
        ends = helpers + ([] if misread and helpers else [verb.i])
        stop = min([c.i for c in verb.children if c.dep_ == "neg" and c.i > first.i] + ends)
        return _words(list(first.doc[first.i : stop]))
    if first is not None and first.tag_ == "VBG" and verb is first and first.dep_ == "advcl":
        # r35a: the clause's own verb read as a noun ('Merging this into main ships it to every tenant, so I stopped
        # there': 'ships' the object of 'into'), the gerund hung on the next clause's verb: the clause is its stretch
        return _words(clause)
    gerund = _gerund_subject(clause)
    return _words(_gerund_stretch(gerund)) if gerund is not None else []


def _gerund_subject(clause: list[Token]) -> Token | None:
    inside = {t.i for t in clause}
    return next((t for t in clause if t.dep_ in GERUND_SUBJECT_DEPS and t.tag_ == "VBG" and t.head.i in inside), None)


def _gerund_stretch(gerund: Token) -> list[Token]:
    """The gerund subject's words: its subtree, and the words of a noun phrase the small model cut off after it
    ('Rotating the staging deploy keys is overdue': 'deploy' read as the root) — nouns, adjectives and numbers, and a
    verb form with a noun right after it."""
    words = list(gerund.subtree)
    doc = gerund.doc
    k = words[-1].i + 1
    while k < len(doc) and (
        doc[k].tag_.startswith("NN")
        or doc[k].tag_ in ("JJ", "CD")
        or (doc[k].tag_ in ("VB", "VBP") and k + 1 < len(doc) and doc[k + 1].tag_.startswith("NN"))
    ):
        k += 1
    return list(doc[words[0].i : k]) if k > words[-1].i + 1 else words


def _act_meant(gerund: Token) -> list[Token]:
    """r38d (docs/DESIGN.md#construction-classes, a human-only decision named away from the phrase): a gerund subject of
    a verb of meaning ('Scrubbing it means a force-push over published history', 'Fixing the leak requires rotating the
    live keys'; terms [reference] meaning_verbs) is done by doing what its object names, so that is the act handed
    over: the object's words (the gerund is the goal, no work beside it)."""
    verb = gerund.head
    if verb.lemma_.lower() not in MEANING_VERBS or any(c.dep_ == "neg" for c in verb.children):
        return []
    meant = [c for c in verb.children if c.dep_ in MEANT_DEPS and c.i > verb.i]
    if any(c.lower_ in ACTOR_OBJECTS for c in meant):
        return []  # 'requires a human': who acts, not what the act is
    return [t for c in meant for t in c.subtree]


def _words(tokens: list[Token]) -> list[Token]:
    return [t for t in tokens if not t.is_punct and not t.is_space]


def referents(tokens: list[Token]) -> dict[int, Token]:
    """The antecedents the pointers among `tokens` stand for, by the antecedent's index: the pointer each stands in for
    ('Rotating them': keys -> them), so a rule can read the antecedent as the act's object."""
    found: dict[int, Token] = {}
    for word in tokens:
        named = antecedent_of(word)
        if named is not None and named.i not in found:
            found[named.i] = word
    return found


def predicted_act(clause: list[Token]) -> list[Token]:
    """r33d: the act a clause weighs by predicting what it would do (_predicted_of on the clause's own top word)."""
    inside = {t.i for t in clause}
    top = clause_top(clause)
    return [t for t in _predicted_of(top) if t.i in inside] if top is not None else []


def _predicted_of(root: Token) -> list[Token]:
    """r33d (docs/DESIGN.md#construction-classes, a human-only decision named away from the phrase): a statement of what
    a thing would or will do ('The `terraform destroy` of the shared networking stack would also remove the peering.'):
    a modal of prediction on the verb makes its noun subject the act weighed — the noun phrase, without a clause of its
    own."""
    if root.pos_ != "VERB" or not any(c.dep_ == "aux" and c.lower_ in PREDICTING_MODALS for c in root.children):
        return []
    subject = next((c for c in root.children if c.dep_ == "nsubj" and c.pos_ in ("NOUN", "PROPN")), None)
    if subject is None:
        return []
    skip = {t.i for c in subject.children if c.dep_ in ("relcl", "acl", "appos") for t in c.subtree}
    return [t for t in subject.subtree if t.i not in skip and not t.is_punct and not t.is_space]


def named_phrase(named: Token) -> list[Token]:
    """The antecedent's noun phrase, without a clause of its own ('the keys, which expire Friday'); the object of a
    gerund takes the gerund's other words with it ('Dropping the events table in production': 'in production'). r29b:
    the object of a verb of holding takes its holder's words, the place it is kept in ('The live database still holds
    the audit rows': 'them' are rows of the live database)."""
    top = named.head if named.dep_ == "dobj" and named.head.tag_ == "VBG" else named
    skip = {t.i for c in top.children if c.dep_ in ("relcl", "advcl", "conj", "cc") for t in c.subtree} | (
        {top.i} if top.i != named.i else set()
    )
    words = [t for t in top.subtree if t.i not in skip and not t.is_punct and not t.is_space]
    return [*_holder_of(named), *words, *_place_of(named)]


def _place_of(named: Token) -> list[Token]:
    """r33d: the place a verb of location puts its subject in ('Two stale tables still live in the production
    cluster': 'them' are tables in the production cluster)."""
    verb = named.head
    if named.dep_ != "nsubj" or verb.pos_ != "VERB" or verb.lemma_.lower() not in LOCATED_VERBS:
        return []
    places = [c for c in verb.children if c.dep_ == "prep" and c.lower_ in LOCATION_PREPOSITIONS]
    return [t for p in places for t in p.subtree if not t.is_punct and not t.is_space]


def _holder_of(named: Token) -> list[Token]:
    """The subject of the verb of holding whose object `named` is, its noun phrase without a clause of its own."""
    verb = named.head
    if named.dep_ != "dobj" or verb.pos_ not in ("VERB", "AUX") or verb.lemma_.lower() not in HOLDING_VERBS:
        return []
    holder = next((c for c in verb.children if c.dep_ == "nsubj" and c.pos_ in ("NOUN", "PROPN")), None)
    if holder is None:
        return []
    skip = {t.i for c in holder.children if c.dep_ in ("relcl", "acl", "conj", "cc", "appos") for t in c.subtree}
    return [t for t in holder.subtree if t.i not in skip and not t.is_punct and not t.is_space]


def second_object(verb: Token) -> Token | None:
    """r28i: 'Giving the CI bot the Owner role is your call': a verb with an indirect object and no direct one, whose
    direct object the model made the copula's subject (role -nsubj-> is) — the noun phrase that starts right after the
    indirect object and is a subject of the verb's own head is the verb's direct object."""
    if verb.pos_ not in ("VERB", "AUX"):
        return None
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    dative = next((c for c in verb.children if c.dep_ == "dative"), None)
    if objects and dative is None and verb.dep_ == "csubj":
        # r33d: 'Granting the CI role `Owner` on prod is yours to settle': the model read the indirect object as the
        # direct one (role -dobj-> Granting), and the direct object, right after it, as the copula's subject
        dative = objects[-1]
    elif objects or dative is None:
        return None
    end = max(t.i for t in dative.subtree)
    head = verb.head
    return next(
        (c for c in head.children if c.dep_ == "nsubj" and c.pos_ in ("NOUN", "PROPN") and c.left_edge.i == end + 1),
        None,
    )


def pointer_after(verb: Token) -> Token | None:
    """'whether to drop that data is your call', 'revoking it is': the object written right after the verb that the
    model did not make its object (data -nsubj-> is; 'that' read as a subordinator) is still what the verb acts on —
    a pronoun, or a noun after nothing but determiners, demonstratives and modifiers."""
    if verb.pos_ not in ("VERB", "AUX") or any(c.dep_ in ("dobj", "nsubjpass") for c in verb.children):
        return None
    doc = verb.doc
    for k in range(verb.i + 1, min(verb.i + 5, len(doc))):
        word = doc[k]
        if word.head.i == verb.i:
            return None
        if word.pos_ == "PRON" and word.lower_ in POINTERS:
            return word
        if word.pos_ in ("NOUN", "PROPN") and word.dep_ not in ("compound", "nmod", "amod", "poss"):
            return word if word.head.pos_ not in ("NOUN", "PROPN") else None
        if not (word.pos_ in ("DET", "ADJ", "NUM", "NOUN", "PROPN") or word.lower_ in DEMONSTRATIVES):
            return None
    return None


def _ends_plainly(tokens: list[Token]) -> bool:
    """A statement: a sentence that does not end in a question mark."""
    last = next((t for t in reversed(tokens) if not t.is_space), None)
    return last is not None and last.text != "?"


# r35a: the marks that introduce the alternatives of a question after its frame ('Which plan …: Pro or Business?').
INTRODUCERS = frozenset({":", "—", "–", "--", "-"})
WH_DETERMINERS = terms("reference", "wh_determiners")


def wh_framed(first: Token) -> list[Token]:
    """r35a (docs/DESIGN.md#construction-classes, a choice whose frame names the decision): the words of a wh-question's
    frame before the mark that introduces its alternatives ('Which plan should the account move to — Starter or
    Growth?', 'Which tier do you want to upgrade the subscription to: Pro or Business?'), without the wh-word and the
    noun it asks for (the question's variable, no plan of the agent's) and the reader: the act the alternatives
    complete. Empty when no wh-determiner opens the sentence or no introducing mark stands right before `first`."""
    doc = first.doc
    k = first.i - 1
    while k >= 0 and doc[k].is_space:
        k -= 1
    if k < 1 or doc[k].text not in INTRODUCERS:
        return []
    start = sentence_start(first)
    # r38d: the wh-frame may be embedded after a request to be told ('Let me know which option you want for the billing
    # plan: Team or Enterprise'); the frame runs from its wh-determiner
    opening = next((t for t in doc[start:k] if t.lower_ in WH_DETERMINERS and t.dep_ == "det"), None)
    if opening is None:
        return []
    asked = opening.head
    return [t for t in doc[opening.i : k] if t.i not in (opening.i, asked.i) and not t.is_punct and t.lower_ != "you"]
