"""A hand-over that names nothing binds the decision named before it (docs/DESIGN.md#construction-classes, "a
human-only decision named away from the phrase"): "Revoking the old deploy keys breaks CI on the forks. Yours to
decide.", "Moving the org to the Team plan changes what we're billed, so I'll let you choose.", "I'd rather not guess
on that: your decision.". The hand-over's own clause holds only closed-class words (pronouns, pointers, auxiliaries,
adverbs, marks, verbs of deciding, of handing over, of declining to guess); the decision it hands over is the act the
nearest clause before it names — back to the last ';', ':', dash or linked clause (', so …') of its sentence, past a
clause that is itself only the agent declining to guess, else the sentence before (analyzer.grammar.reference). Only
an exemption is decided here: a human-only act named there makes the hand-over exempt; anything else leaves the
gate's own verdict standing."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.grammar.judgement import Judgement, gated, text_of, verdict_of
from analyzer.grammar.reference import (
    act_of_sentence,
    clause_top,
    gerund_act,
    infinitive_said,
    instructed_act,
    pointer_after,
    predicted_act,
    recommended_act,
    sentence_before,
)
from analyzer.grammar.registry import apply
from analyzer.grammar.work import Work, is_do_nothing_item, work_of, work_of_stretch
from analyzer.parse.shapes import SEGMENT_BREAKS
from analyzer.parse.tokens import bounds, forms, hyphen_compound, is_copula, sentence_start
from analyzer.terms import terms
from analyzer.text.carveouts import PARAGRAPH_BREAK
from analyzer.text.layout import instruction_case, sentence_case

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc, Span, Token

    from analyzer.report import Finding

from analyzer.lexicon import Lexicon

HEDGE_VERBS = terms("bound-before", "hedge_verbs")
POINTER_NOUNS = terms("bound-before", "pointer_nouns")
CLAUSE_LINKS = terms("bound-before", "clause_links")
EMPTY_POS = terms("bound-before", "empty_pos")
FRAME_VERBS = terms("bound-before", "frame_verbs")
DECISION_VERBS = terms("register", "decision_verbs")
HANDOVER_VERBS = terms("register", "handover_verbs")
READER = terms("register", "reader")
AGENT = terms("register", "agent_subjects")
REQUIRE_VERBS = terms("bound-before", "require_verbs")
PROCEED_VERBS = terms("bound-before", "proceed_verbs")
WH_INFINITIVE_MARKS = terms("bound-before", "wh_infinitive_marks")
HALT_VERBS = terms("bound-before", "halt_verbs")
OPTION_NOUNS = terms("bound-before", "option_nouns")
COST_NOUNS = terms("bound-before", "cost_nouns")
UNDO_VERBS = terms("bound-before", "undo_verbs")
ONE_WAY_WORDS = terms("bound-before", "one_way_words")
REACH_VERBS = terms("bound-before", "reach_verbs")
PEOPLE_NOUNS = terms("bound-before", "people_nouns")
EXPOSURE_STATES = terms("bound-before", "exposure_states")
FINITE_TAGS = frozenset({"VBZ", "VBP", "VBD", "MD"})
POINTER_WORDS = terms("reference", "pointers")
# r35a: the dependents an alternative's verb takes when it names an act of its own ('merge #41 into main', 'wait for
# Dana's approval'), not a bare method ('Squash or rebase? Your call.' names no object and fires).
ACT_DEPS = frozenset({"dobj", "prep", "dative", "prt", "oprd", "xcomp", "ccomp", "acomp", "nsubjpass"})
# How many sentences back a run of clauses that name nothing may be crossed.
MAX_SENTENCES_BACK = 2


def bound_before(phrase: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
    """The exemption the act named before an empty hand-over gives it, or None (its own clause names something, or
    nothing human-only is named before it)."""
    doc = phrase[0].doc
    start = sentence_start(phrase[0])
    end = phrase[-1].sent.end
    clauses = _clauses(list(doc[start:end]))
    inside = {t.i for t in phrase}
    own = next((k for k, c in enumerate(clauses) if any(t.i in inside for t in c)), None)
    if own is None or not _names_nothing([t for t in clauses[own] if t.i not in inside]):
        return None
    # r33d: a pro-form object after the phrase ('your call which goes first') asks about the decision a pending
    # eligibility before it reports; a bare phrase after one ('merge-eligible, your move') is the relation's
    asks = any(t.i > phrase[-1].i and not t.is_punct for t in clauses[own])
    # r35a: a pro-form beside the phrase in its own clause ('both are your call', 'whether to resize it is your call',
    # 'pick whichever you prefer') binds a choice or a consequence before it; a bare phrase after a dash is the
    # relation rules' comment on the segment before it (`detached-comment`: option lists, topics)
    proform = any(not t.is_punct and t.i not in inside for t in clauses[own])
    for clause in reversed(clauses[:own]):
        if _names_nothing(clause):
            continue  # 'I'd rather not guess on that'
        pending = _eligible(clause, lexicon) if asks else []
        act = gerund_act(clause) or recommended_act(clause) or _said_act(clause) or predicted_act(clause)
        act = act or instructed_act(clause)  # r37j: 'Rotate the prod Stripe keys: your call.'
        judged = _judged(act or pending, lexicon)
        if judged is None and proform:
            judged = alternatives_judged(clause, lexicon) or consequence(clause, lexicon)
        return judged
    token = phrase[0]
    for _ in range(MAX_SENTENCES_BACK):
        sentence = sentence_before(token)
        if sentence is None:
            return None
        words = [t for t in sentence if not t.is_space]
        if not _names_nothing(words):
            act = gerund_act(words) or act_of_sentence(sentence) or _required(sentence) or instructed_act(words)
            return _judged(act, lexicon) or alternatives_judged(words, lexicon) or consequence(words, lexicon)
        token = sentence[0]
    return None


def alternatives(tokens: Sequence[Token]) -> list[Token]:
    """r35a (docs/DESIGN.md#construction-classes, a choice named before a pro-form): the top word of the alternatives a
    clause offers — a verb joined by 'or' to another ('You could either merge #41 now or wait for Dana's approval',
    'Revoke it now, or rotate it at the weekend'), whose first alternative names an act of its own (an object or a
    preposition: a bare 'Squash or rebase?' names none). Empty otherwise."""
    inside = {t.i for t in tokens}
    for tok in tokens:
        # an instruction's verb the model read as a noun ('Merge #88 with a squash, or merge it with a rebase') heads
        # the alternatives too
        verb_like = tok.pos_ in ("VERB", "AUX") or (tok.pos_ == "NOUN" and tok.dep_ == "ROOT")
        if not verb_like or not any(c.dep_ in ACT_DEPS for c in tok.children):
            continue
        joined = [c for c in tok.children if c.dep_ == "conj" and c.pos_ == "VERB" and c.i in inside]
        if joined and any(t.lower_ == "or" for t in tokens if tok.i < t.i < joined[-1].i):
            return [tok]
    return []


def labelled_alternatives(tokens: Sequence[Token]) -> list[list[Token]]:
    """r35a: clauses that open with an option's label ('Option A keeps the release on Thursday; option B cuts 4.0
    today', 'Plan A rotates the key; plan B revokes it'): each clause after its label, when there are two or more."""
    found = []
    for clause in _clauses(list(tokens)):
        words = [t for t in clause if not t.is_punct]
        if len(words) > 2 and words[0].lower_ in OPTION_NOUNS:
            found.append(words[2:])
    return found if len(found) > 1 else []


def alternatives_judged(tokens: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
    """r35a: the exemption a choice between the alternatives `tokens` offers gives a pro-form hand-over after it ('…;
    both are your call', 'Which to ship is your call.', 'Which do you prefer?'): every alternative human-only or a
    do-nothing one, at least one human-only (analyzer.grammar.work.work_of reads them as it reads an offered choice);
    None otherwise; and None after a question of options, which names no subject for a bare hand-over (docs/DESIGN.md
    #decisive-relation: 'Squash or rebase? Your call.' fires)."""
    said = [t for t in tokens if not t.is_space]
    if said and said[-1].text == "?":
        return None  # an option question before a bare hand-over names no subject ('Merge it, or hold? Your call.')
    words = [t for t in tokens if not t.is_punct and not t.is_space]
    tops = alternatives(words)
    if tops:
        skipped = {t.i for top in tops for c in top.children if c.dep_ in ("nsubj", "aux") for t in c.subtree}
        words = [t for t in words if t.i not in skipped]
        work = work_of(tops, lexicon, frozenset(t.i for t in words))
    else:
        labelled = labelled_alternatives(tokens)
        # a do-nothing option ('route 2 waits for Friday's window') is the other side of the decision
        acting = [a for a in labelled
                  if not is_do_nothing_item(clause_top(a) or a[0], lexicon, frozenset(t.i for t in a))]  # fmt: skip
        works = [work_of_stretch(a, lexicon) for a in acting]
        if not works or not all(w.human_only for w in works):
            return None
        work = works[0]
        work = type(work)(True, tuple(dict.fromkeys(d for w in works for d in w.domains)), (), ())
    if not work.human_only or not words:
        return None
    span = bounds(words)
    return verdict_of(work, "option-list", "bound-before", f"choice named before it, '{text_of(words[0], span)}',",
                      span, words[0].i, None)  # fmt: skip


def consequence(tokens: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
    """r35a (a consequence named before a pro-form): a clause whose act, a gerund, is weighed by what it does ('Dropping
    the `orders_archive` table deletes production data nobody has backed up. Whether to do that is your call.'): the
    act and its consequence judged as one stretch; or one that changes what the reader pays ('Bumping the cluster to
    XL doubles the monthly bill', 'Scaling the warehouse roughly triples the compute bill'): its verb, not negated, has
    a cost noun for its object (terms [bound-before] cost_nouns) — the decision is billing."""
    words = [t for t in tokens if not t.is_punct and not t.is_space]
    if words and words[0].tag_ != "VBG" and len(words) > 1 and words[1].tag_ == "VBG" and hyphen_compound(words[1]):
        # r41b: 'Force-pushing `release/2.4` … would rewrite …': the tokenizer split the gerund at its hyphen
        return _weighed(words, set(), lexicon)
    if not words or words[0].tag_ != "VBG":
        return None
    act = {t.i for t in gerund_act(words)}
    if any(c.dep_ == "neg" for t in words for c in t.children):
        return _weighed(words, act, lexicon)  # r41b: 'can't be reversed'
    # the consequence's own verb is an act of a human-only domain ('deletes production data'); a noun of one after
    # another verb ('… pulls in the new tokens') names none
    verbs = [t for t in words if t.i not in act and t.pos_ == "VERB"]
    acting = any(forms(t) & d.verbs for t in verbs for d in lexicon.domains)
    whole = _judged(words, lexicon) if acting else None
    if whole is not None:
        return whole
    inside = {t.i for t in words}
    for verb in (t for t in words if t.pos_ == "VERB" and t.i > words[0].i):
        paid = [c for c in verb.children if c.dep_ == "dobj" and _paid(c)]
        if paid and not any(c.dep_ == "neg" for c in verb.children) and verb.i in inside:
            span = bounds(words)
            return gated("exempt", "bound-before", f"exempt (bound-before): what is named before it, "
                         f"'{text_of(words[0], span)}', changes what the reader pays: human-only work (billing)",
                         words[0].i, span, ("billing",))  # fmt: skip
    return _weighed(words, act, lexicon)


def _weighed(words: list[Token], act: set[int], lexicon: Lexicon) -> Judgement | None:
    """r41b (docs/DESIGN.md#construction-classes, a consequence that weighs the act): the predicate after a gerund act
    says the act cannot be taken back (an undo verb negated, a complement of no way back: terms [bound-before]
    undo_verbs, one_way_words), reaches people outside the session (a verb of reach over a people-at-large noun, a
    state of exposure: reach_verbs, people_nouns, exposure_states), or needs a human-only act ('would need a
    force-push over history'), unless the act's own words name a target of the agent's own (lexicon own_targets), or
    only a pro-form when the weight is no way back (its antecedent decides).
    The decision is the owners': the act read with its consequence, named by the domain its
    words name, else production change (no way back) or production deploy (reach)."""
    finite = next((t for t in words[1:] if t.tag_ in FINITE_TAGS), None)
    if finite is not None and (not act or finite.i in act):  # the model made the gerund the root ('Yanking' ROOT)
        act = {t.i for t in words if t.i < finite.i}
    said = [t for t in words if t.i not in act]
    if not act or not said or any(t.lower_ in lexicon.own_target_words for t in words if t.i in act):
        return None  # 'Dropping the staging schema is irreversible': a target of the agent's own keeps the act its own
    verbs = (t for t in said if t.pos_ in ("VERB", "AUX", "ADJ"))
    kind = "billing" if finite is not None and _costs(finite, said) else next(
        (k for v in verbs if (k := _weight(v, act, lexicon))), "")  # fmt: skip
    if not kind or (kind == "production-change" and not any(
            t.pos_ in ("NOUN", "PROPN", "NUM") for t in words if t.i in act)):  # fmt: skip
        # 'Deleting them can't be undone': no way back is a property of what the act is done on, named before, which
        # decides; reach and exposure are the act's own effect
        return None
    named = work_of_stretch(words, lexicon)
    domains = named.domains if named.human_only else (kind,)
    span = bounds(words)
    return gated("exempt", "bound-before", f"exempt (bound-before): what is named before it, "
                 f"'{text_of(words[0], span)}', is weighed by what it does: human-only work ({', '.join(domains)})",
                 words[0].i, span, domains)  # fmt: skip


def _paid(noun: Token) -> bool:
    """What the reader pays: a cost noun ('the monthly bill', 'scan fees'), or an amount of money ('roughly $240', '$9k
    a month': a currency sign on the number or beside it)."""
    if noun.lemma_.lower() in COST_NOUNS:
        return True
    return noun.tag_ == "$" or any(c.tag_ == "$" for c in noun.children) or (
        noun.i > 0 and noun.doc[noun.i - 1].tag_ == "$")  # fmt: skip


def _costs(finite: Token, said: list[Token]) -> bool:
    """'Upgrading roughly triples the monthly bill': a verb of changing an amount, however the model tagged it, not
    negated, before a cost noun."""
    changed = (forms(finite) | {finite.lemma_.lower().rstrip("s")}) & COST_VERBS
    return bool(changed) and not any(c.dep_ == "neg" for c in finite.children) and any(
        _paid(t) for t in said if t.i > finite.i)  # fmt: skip


def _weight(verb: Token, act: set[int], lexicon: Lexicon) -> str:
    """The domain a consequence's verb gives the act before it (_weighed), or ''."""
    lemma = forms(verb)
    negated = any(c.dep_ == "neg" for c in verb.children)
    if lemma & UNDO_VERBS:
        return "production-change" if negated else ""
    if negated:
        return ""
    if lemma & ONE_WAY_WORDS:
        return "production-change"
    below = {t.lower_ for t in verb.subtree if t.i not in act}
    if (lemma & REACH_VERBS and below & PEOPLE_NOUNS) or any(
            c.dep_ in ("oprd", "ccomp", "acomp") and c.lower_ in EXPOSURE_STATES for c in verb.children):
        return "production-deploy"
    if lemma & (REQUIRE_VERBS | {"be"}):
        # 'would need a force-push over history', 'is an access grant I shouldn't make': what it needs or is, without
        # the clause that says who makes it
        said = [c for c in verb.children if c.dep_ in ("dobj", "attr")]
        clauses = {t.i for c in said for r in c.subtree if r.dep_ == "relcl" for t in r.subtree}
        needed = [t for c in said for t in c.subtree if t.i not in clauses]
        work = work_of_stretch(needed, lexicon) if needed else None
        return work.domains[0] if work is not None and work.human_only else ""
    return ""


def _done_on_it(own: Doc, act: list[Token], lexicon: Lexicon, model: Language) -> Work | None:
    """r35a (a pro-form subject): the verb of a wh-infinitive with a pointer for its object ('Your pick whether to grant
    it.') does its act on what the gerund before named ('Adding `roles/iam.securityAdmin` for the new pipeline account
    needs a human.'): that verb with the gerund's object, parsed as one instruction, is the act weighed. None when the
    sentence has no such verb or the act opens with no gerund."""
    verb = next((t for t in own if _wh_infinitive(t) and any(c.lower_ in POINTER_WORDS for c in t.children)), None)
    if verb is None or not act or act[0].tag_ != "VBG" or len(act) < 2:
        return None
    doc = act[0].doc
    text = f"{verb.lemma_.lower()} {doc.text[act[1].idx : act[-1].idx + len(act[-1].text)]}"
    done = [t for t in model(instruction_case(text)) if not t.is_punct and not t.is_space]
    work = work_of_stretch(done, lexicon)
    return work if work.human_only else None


def _wh_infinitive(tok: Token) -> bool:
    """r35a (a pro-form subject): the bare infinitive of a choice named elsewhere ('which to ship', 'whether to grant
    it', 'which one to take'): a verb after 'to' and a wh-mark, with no object but a pointer."""
    if tok.pos_ not in ("VERB", "NOUN") or tok.i < 2 or tok.doc[tok.i - 1].lower_ != "to":
        return False
    mark = tok.doc[tok.i - 2]
    if mark.lower_ == "one" and tok.i >= 3:
        mark = tok.doc[tok.i - 3]
    if mark.lower_ not in WH_INFINITIVE_MARKS:
        return False
    return all(c.lower_ in POINTER_WORDS or c.pos_ in EMPTY_POS for c in tok.children)


def _eligible(clause: list[Token], lexicon: Lexicon) -> list[Token]:
    """r33d (docs/DESIGN.md#construction-classes, a pro-form object): a clause before the hand-over that reports a
    human-only decision pending ('Both PRs are merge-eligible; your call which goes first.': a copula with an
    eligibility complement, lexicon [vocabulary] eligibility) names that decision: the clause itself."""
    inside = {t.i for t in clause}
    root = clause_top(clause)
    if root is None or not is_copula(root) or any(c.dep_ == "neg" for c in root.children):
        return []
    complements = [c for c in root.children if c.dep_ in ("acomp", "attr") and c.i in inside]
    if not any(c.lower_ in lexicon.eligibility or hyphen_compound(c) in lexicon.eligibility for c in complements):
        return []
    return [t for t in clause if not t.is_punct]


def _said_act(clause: list[Token]) -> list[Token]:
    """r32d: a clause before the hand-over that says what a step or the agent's plan is ('My suggestion is to merge #88
    this week; up to you.'): the act its copula says (reference.act_of_sentence's infinitive and gerund complements)."""
    inside = {t.i for t in clause}
    root = clause_top(clause)
    if root is None or root.lemma_.lower() != "be":
        return []
    return [t for t in infinitive_said(root) if t.i in inside]


def _clauses(tokens: list[Token]) -> list[list[Token]]:
    """The sentence cut at ';', ':', a dash, and a linking conjunction after a comma (', so', ', and')."""
    clauses: list[list[Token]] = [[]]
    for k, tok in enumerate(tokens):
        if tok.text in SEGMENT_BREAKS or _links(tokens, k):
            clauses.append([])
            continue
        if tok.text == "," and _links(tokens, k + 1):
            continue
        if not tok.is_space:
            clauses[-1].append(tok)
    return [c for c in clauses if any(t.is_alpha for t in c)]


def _required(sentence: Span) -> list[Token]:
    """A statement of what a change requires, in the present ('The upgrade needs the Business tier, which takes
    per-seat billing from $19 to $39.'): the change and what it needs name the decision; a past report or any other
    verb names none."""
    root = sentence.root
    if root.lemma_.lower() not in REQUIRE_VERBS or root.tag_ not in ("VBZ", "VBP"):
        return []
    parts = [c for c in root.children if c.dep_ in ("nsubj", "dobj", "attr")]
    if len(parts) < 2 or any(c.lower_ in READER | AGENT for c in parts):
        return []
    return sorted({t for c in parts for t in c.subtree} | {root}, key=lambda t: t.i)


def _links(tokens: list[Token], k: int) -> bool:
    """A linking word after a comma that opens a clause of its own: 'so', 'hence' anywhere; 'and', 'but' before a
    pronoun subject (', and I won't guess on it'), not in a list ('A, B, and C')."""
    if k <= 0 or k >= len(tokens) or tokens[k - 1].text != "," or tokens[k].lower_ not in CLAUSE_LINKS:
        return False
    if tokens[k].lower_ not in ("and", "but"):
        return True
    return k + 1 < len(tokens) and tokens[k + 1].pos_ == "PRON"


def _names_nothing(tokens: Sequence[Token]) -> bool:
    """Only closed-class words: no noun, adjective or verb of its own but a pointer, a verb of deciding, of handing
    over, or of declining to guess."""
    for tok in tokens:
        if tok.pos_ in EMPTY_POS or tok.is_punct:
            continue
        lemma = tok.lemma_.lower()
        if lemma in DECISION_VERBS | HANDOVER_VERBS | HEDGE_VERBS | FRAME_VERBS | PROCEED_VERBS | HALT_VERBS:
            continue
        if _wh_infinitive(tok):
            continue
        if tok.lower_ in POINTER_NOUNS:
            continue
        if tok.lower_ in READER or tok.lower_ == "up":
            continue
        return False
    return True


def _judged(act: list[Token], lexicon: Lexicon) -> Judgement | None:
    words = [t for t in act if not t.is_punct and not t.is_space]
    if not words:
        return None
    work = work_of_stretch(words, lexicon)
    if not work.human_only or _own_clause_act(words[0], lexicon):
        return None
    span = bounds(words)
    return verdict_of(work, "object", "bound-before", f"what is named before it, '{text_of(words[0], span)}',", span,
                      words[0].i, None)  # fmt: skip


# r32d: the words a closing question may hold and still name nothing of its own (it points back at the act named
# before it): verbs and adjectives of asking a go or a view, and closed-class time words (terms [pointed-question]).
QUESTION_FRAME = terms("pointed-question", "frame_words")
TIME_WORDS = terms("pointed-question", "time_words")
FUNCTION_WORDS = terms("pointed-question", "function_words")
LIST_MARK = re.compile(r"^\s*(?:[-*+\u2022]|\d+[.)])\s+")
# r35a: a wh-mark and a bare infinitive after it, the verb checked on the parse (_wh_infinitive).
WH_INFINITIVE = re.compile(r"\b(which|whether|what|either)(?: one)? to [a-z]+\b")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n")
# r38l: the determiners of a noun that points back at the act named before it ('May I go ahead with the rewrite?').
DEFINITE_ACT = terms("decision-named", "definite")


def _to_be_done(item: Doc) -> bool:
    """A list item that names an act still to take: an instruction (a base-form verb as its root: 'Cut the v3.2.0
    tag', 'Promote build 812 to prod now'), not a report ('Merged #12', 'Tagged v3.1.0') or a note."""
    roots = [s.root for s in item.sents]
    # r35a: a verb whose past is spelled as its base ('Cut the v3.2.0 tag now', 'Set the org's spend cap') the model
    # may tag a past; written as the base form, the item opening with it is an instruction
    return bool(roots) and (roots[0].tag_ == "VB" or (roots[0].tag_ == "VBD" and roots[0].i == 0
                                                      and roots[0].lower_ == roots[0].lemma_.lower()))  # fmt: skip


def _allowed() -> frozenset[str]:
    allowed = QUESTION_FRAME | TIME_WORDS | FUNCTION_WORDS | HEDGE_VERBS | POINTER_NOUNS | FRAME_VERBS
    return allowed | DECISION_VERBS | HANDOVER_VERBS | READER | HALT_VERBS | WH_INFINITIVE_MARKS | {"both"}


_ALLOWED_WORDS = _allowed()


def _closed_words_only(sentence: str, act_noun: str | None = None) -> bool:
    """The cheap test before any parse: every word of the sentence is one a sentence naming nothing may hold (the
    term sets read by question_names_nothing and _names_nothing, and closed-class function words), so a sentence with a
    word of content is never parsed a second time; `act_noun` (r38l) is the one content word allowed."""
    return all(w in _ALLOWED_WORDS or w == act_noun for w in re.findall(r"[a-z]+", _lowered(sentence)))


def _lowered(sentence: str) -> str:
    return WH_INFINITIVE.sub(r"\1", sentence.lower().replace("\u2019", "'"))  # r35a: 'which to ship' -> 'which'


def _act_noun(sentence: str, lexicon: Lexicon) -> str | None:
    """Rule `act-noun-before` (r38l, docs/DESIGN.md#construction-classes): 'May I go ahead with the rewrite?' after
    'Cleaning the key out of history means force-pushing over `main`, which everyone has pulled.' — the sentence's one
    content word, a noun after a definite determiner ('the rewrite', 'the deletion') that is a verb or act of a
    human-only domain, points back at the act named before as 'that' does; the act must be of its domain."""
    lowered = _lowered(sentence)
    content = [w for w in re.findall(r"[a-z]+", lowered) if w not in _ALLOWED_WORDS]
    if len(set(content)) != 1 or not _act_kinds(content[0], lexicon):
        return None
    pointed = re.search(rf"\b(?:{'|'.join(sorted(DEFINITE_ACT))})\s+{content[0]}\b", lowered)
    return content[0] if pointed else None


def _act_kinds(word: str, lexicon: Lexicon) -> frozenset[str]:
    """The domains whose verbs or acts `word` is one of."""
    return frozenset(d.name for d in lexicon.domains if word in d.verbs | d.acts | d.lemmas | d.actions)


def question_names_nothing(doc: Doc, act_noun: str | None = None) -> bool:
    """A sentence of a hand-over whose words are all closed-class, frame words of asking a go or a view, or time words
    ('Should I do it?', 'Okay if I do that?', 'Should I?', 'Does that sound okay?', 'Which day works for you?', 'Do you
    want that today or tomorrow?', 'Say the word and I'll do it.')."""
    words = [t for t in doc if not t.is_space]
    timed = {t.i for w in words if w.pos_ == "ADP" and w.lower_ in TIME_WORDS for t in w.subtree}  # 'after the freeze'
    pointing = {t.i for w in words if w.lower_ == act_noun and w.pos_ == "NOUN" for t in w.subtree}
    rest = [t for t in words if t.lemma_.lower() not in QUESTION_FRAME and t.lower_ not in QUESTION_FRAME
            and t.lower_ not in TIME_WORDS and t.i not in timed and t.i not in pointing]  # fmt: skip
    return _names_nothing(rest)


def pointed_before(sentence: str, before: str, lexicon: Lexicon, model: Language) -> Judgement | None:
    """r32d (docs/DESIGN.md#construction-classes, a human-only decision named away from the phrase): a hand-over whose
    sentence names nothing of its own ('The next step would be to merge #88 on the exception. Okay if I do that?', 'I'd
    promote build 812 now. Should I?', 'Remaining:\n- Cut the v3.2.0 tag\n\nShould I go ahead?') is about the act
    the statement before it names — its gerund subject, the step its copula names, the act the agent recommends —
    or every item of the list right before it. Exempt when that is human-only; None otherwise (the finding's own
    verdict stands)."""
    act_noun = None if _closed_words_only(sentence) else _act_noun(sentence, lexicon)
    if act_noun is None and not _closed_words_only(sentence):
        return None  # the cheap test first: a sentence with a word of content is never parsed a second time
    own = model(sentence_case(sentence.strip()))
    if not question_names_nothing(own, act_noun):
        return None
    before = before.rstrip()
    if not before:
        return None
    lines = before.split("\n")
    items: list[str] = []
    while lines and LIST_MARK.match(lines[-1]):
        items.insert(0, LIST_MARK.sub("", lines.pop()))
    if act_noun is not None:
        return _act_noun_judged(act_noun, lines, lexicon, model)
    if items:
        parsed_items = [model(instruction_case(item.strip())) for item in items]
        if not all(_to_be_done(doc) for doc in parsed_items):
            return None  # 'Done:\n- Merged #12' reports work, it lists no act still to take
        acts = [[t for t in doc if not t.is_punct and not t.is_space] for doc in parsed_items]
        # r35a: a do-nothing item ('Wait for Priya's approval stamp', 'Leave main as it is') is the other side of the
        # human-only decision the other items name (work.is_do_nothing_item, as an option list reads it)
        still = [a for a in acts if a and is_do_nothing_item(a[0].sent.root, lexicon, frozenset(t.i for t in a))]
        works = [work_of_stretch(a, lexicon) for a in acts if a and a not in still]
        if not works or not all(w.human_only for w in works):
            return None
        domains = tuple(dict.fromkeys(d for w in works for d in w.domains))
        why = f"every item of the list before it is human-only work ({', '.join(domains)})"
        return gated("exempt", "bound-before", f"exempt (bound-before): its sentence names nothing of its own; {why}",
                     None, None, domains)  # fmt: skip
    sentences = [p for p in SENTENCE_END.split(before) if p.strip()]
    if not sentences:
        return None
    parsed = model(sentence_case(sentences[-1].strip()))
    last = list(parsed.sents)[-1]
    words = [t for t in last if not t.is_space]
    clauses = _clauses(words)
    halted = len(clauses) > 1 and _names_nothing(clauses[-1])
    while len(clauses) > 1 and _names_nothing(clauses[-1]):
        clauses.pop()  # r35a: '…, so I've paused there.': the act is in the clause before the agent's halt
    if halted:
        words = clauses[-1]
        act = gerund_act(words) or recommended_act(words)
    else:
        act = gerund_act(words) or act_of_sentence(last) or recommended_act(words) or _required(last)
    act = [t for t in act if not t.is_punct and not t.is_space]
    work = work_of_stretch(act, lexicon)
    if (
        work.human_only
        and not halted
        and (_reports_done(last.root) or _domain_act_done(last.root, words, work, lexicon))
    ):
        return None  # m40c: 'That one's merged. Next one?': the act reported done before the hand-over binds nothing
    if work.human_only and act and _own_clause_act(act[0], lexicon):
        return None  # r42c: 'Squashing my WIP commits on the unpublished feature branch into one — your call.'
    if not work.human_only:
        work = _done_on_it(own, act, lexicon, model) or work
    weighed = consequence(words, lexicon) if not work.human_only else None
    if weighed is not None:  # r35a: 'Deleting the partitions drops customer records …, so I've paused there.'
        return gated("exempt", "bound-before", f"exempt (bound-before): its sentence names nothing of its own; "
                     f"{weighed.reason.split(': ', 1)[1]}", None, None, weighed.domains)  # fmt: skip
    if not work.human_only:
        offered = alternatives_judged(words, lexicon)  # r35a: 'Revoke it now, or rotate it at the weekend. Which …?'
        if offered is None:
            return None
        return gated("exempt", "bound-before", f"exempt (bound-before): its sentence names nothing of its own; "
                     f"{offered.reason.split(': ', 1)[1]}", None, None, offered.domains)  # fmt: skip
    named = " ".join(t.text for t in act)
    return gated("exempt", "bound-before", f"exempt (bound-before): its sentence names nothing of its own; what is "
                 f"named before it, '{named}', is {work.describe()}", None, None, work.domains)  # fmt: skip


# r40c: a statement that ends on a past participle or past verb of its act ('PR #1233 merged.', '#204 was merged into
# main.', 'The token was rotated yesterday.') reports it done.
DONE = re.compile(r"\b(?:was|were|got|been)\s+\w+ed\b|^\S+(?:\s+#?\w+)?\s+\w+ed[.;:]?\s*$", re.IGNORECASE)

# m40c: a statement that ends on the participle of its act after a present copula ('That one's merged.', 'Both are
# deployed.'); it reports the act done when the participle is a human-only domain's act (_statement_judged).
DONE_NOW = re.compile(
    r"(?:\bis|\bare|['\u2019]s|['\u2019]re)\s+(?:now\s+|already\s+|all\s+)?(\w+ed)[.;:!]?\s*$", re.IGNORECASE
)


def _statement_judged(statement: str, lexicon: Lexicon, model: Language) -> Judgement | None:
    """r40c: the statement before a hand-over that names nothing, read clause by clause as a context sentence is
    (_unit_work: 'tagging needs your sign-off', 'the prod deploy is queued behind the freeze'): exempt when it names a
    human-only decision pending and no work; a question before it names no subject ('Merge now or hold? Your call.'),
    and a statement of the agent's own act or offer is the agent's plan, which pointed_before reads itself."""
    if statement.rstrip().endswith("?") or LIST_MARK.match(statement) or _bare_options(statement):
        return None
    if AGENT & set(re.findall(r"[a-z]+", statement.lower())):
        return None  # the agent's own act or offer before it ('I can outline the plan, and you can approve it')
    if DONE.search(statement):
        return None  # 'PR #1233 merged; your call.': the act itself reported done, nothing pending
    done = DONE_NOW.search(statement)
    if done and (_act_kinds(done.group(1).lower(), lexicon) or _act_kinds(done.group(1).lower()[:-1], lexicon)
                 or _act_kinds(done.group(1).lower()[:-2], lexicon)):  # fmt: skip
        return None  # m40c: 'That one's merged. Next one?': the domain's act reported done, nothing pending
    work = _unit_work(statement.strip(), lexicon, model)
    if work is None or not work.human_only:
        return None
    named = statement.strip() if len(statement.strip()) <= 60 else statement.strip()[:57] + "…"
    return gated("exempt", "bound-before", f"exempt (bound-before): its sentence names nothing of its own; what is "
                 f"named before it, '{named}', is {work.describe()}", None, None, work.domains)  # fmt: skip


def _act_noun_judged(act_noun: str, lines: list[str], lexicon: Lexicon, model: Language) -> Judgement | None:
    """The act the statement before names (reference.act_of_sentence), exempt when it is human-only work of a domain
    the act noun names; None otherwise, and for a list before it (which item the noun means is not said)."""
    sentences = [p for p in SENTENCE_END.split("\n".join(lines)) if p.strip()]
    if not sentences:
        return None
    last = list(model(sentence_case(sentences[-1].strip())).sents)[-1]
    act = [t for t in act_of_sentence(last) if not t.is_punct and not t.is_space]
    work = work_of_stretch(act, lexicon)
    if not work.human_only or not _act_kinds(act_noun, lexicon) & set(work.domains):
        return None
    named = " ".join(t.text for t in act)
    why = f"'the {act_noun}' points back at the act named before it, '{named}', {work.describe()}"
    return gated("exempt", "bound-before", f"exempt (bound-before): {why} (rule act-noun-before)", None, None,
                 work.domains)  # fmt: skip


# r36a (docs/DESIGN.md#construction-classes, a decision named in the context before the hand-over): the pointers that
# leave a hand-over's sentence pointing back, the determiners of a noun that points back, the verbs that change what the
# reader pays; a heading line and a bold label opening a line (paragraphs split as the carve-outs split them); how many
# sentences back the context is read.
CONTEXT_POINTERS = terms("bound-before", "context_pointers")
CONTEXT_DETERMINERS = terms("bound-before", "context_determiners")
COST_VERBS = terms("bound-before", "cost_verbs")
LIGHT_VERBS = terms("bound-before", "light_verbs")
HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(?P<label>[^\n]+?)\s*#*\s*$")
LABEL = re.compile(r"^\s*(?:[-*+]\s+)?(?:\*\*|__)(?P<label>[^*_\n]{2,160}?)(?:\*\*|__)\s*:?\s*(?P<rest>.*)$")
MARKUP = re.compile(r"\*\*|__|^\s*(?:[-*+\u2022]|\d+[.)])\s+|^\s{0,3}#{1,6}\s+", re.MULTILINE)
MAX_CONTEXT_SENTENCES = 2
MAX_NAMED_TRIED = 2
ACT_TAGS = frozenset({"VBG", "VB", "VBZ", "VBP"})
CHOICE_POINTERS = terms("bound-before", "choice_pointers")
PRO_VERBS = terms("reference", "pro_verbs")
MODIFIER_DEPS = frozenset({"compound", "nmod", "amod", "npadvmod"})
CONTEXT_BREAKS = frozenset({";", ":", "\u2014", "\u2013"})


def context_before(sentence: str, phrase: tuple[int, int], before: str, lexicon: Lexicon,
                   model: Language) -> Judgement | None:  # fmt: skip
    """r36a (docs/DESIGN.md#construction-classes, a decision named in the context before the hand-over): a hand-over
    whose sentence points back — a pronoun or pointer ('Whether it goes in today is your call.', 'Deleting it is
    irreversible; that one is your call.', 'Either is your call.'), a noun with a definite or demonstrative determiner
    as its subject ('The upgrade is your pick.'), a gerund with no object ('Promoting to 100% is your call.'), or
    nothing of its own ('Yours to decide when.') — is about what its paragraph named before it: the sentences before it
    in its paragraph (nearest first; the paragraph before when it opens its own), then the heading or bold label above
    them ('### Production rollout', '**Prod cutover:** …'). Each is judged with the hand-over's own words, its pointers
    read as what they stand for (analyzer.grammar.reference), and on its own clause by clause, by the domain judgement
    a phrase's own object gets. The nearest context that names work decides: exempt when it is human-only and names no
    agent work; None otherwise (the finding's own verdict stands)."""
    text, cut = _unmarked(sentence, phrase)
    if not text or not _may_point_back(text, phrase, sentence, before):
        return None  # the cheap test first: a sentence that cannot point back is never parsed a second time
    own = model(sentence_case(text))
    words = [t for t in own if not t.is_space and not t.is_punct]
    negated = any(t.dep_ == "neg" and (is_copula(t.head) or cut[0] <= t.head.idx < cut[1]) for t in words)
    if not words or negated or not _points_back(words, text, lexicon):
        return None  # 'The release isn't your call here': a negated hand-over hands nothing over
    acting = [t for t in words if not (cut[0] <= t.idx < cut[1]) and not is_copula(t) and not _decides(t, cut)]
    units = [(unit, text, cut) for unit in _context_units(before)]
    labels = {unit for unit in _context_units(before, labels_only=True)}
    if not _names_act(acting, lexicon):
        # r40c: a bare pro-form or a sentence of closed-class words binds the sentence right before it ('The prod deploy
        # of build 2291 is queued behind the change freeze. That's your call.') or the bold label opening its paragraph
        # ('**Prod cutover:** … Yours to decide when.'), not a heading or a sentence further back; a status of an act
        # done there ('#204 is merged into main. Your call.') names no decision pending (_unit_work)
        headings = set(_context_units(before, headings_only=True))
        # a question or a list item before it names no subject ('Squash or rebase? It's your call.', '2. merge #77 now
        # … Either is your call.': the options are the choice, docs/DESIGN.md#decisive-relation)
        listed = bool(before.strip()) and bool(LIST_MARK.match(before.rstrip().split("\n")[-1]))
        nearest = [u for u in units if u[0] not in labels][:1]
        nearest = [u for u in nearest if not u[0].rstrip().endswith("?") and not listed and not _bare_options(u[0])]
        # r41b: the heading above binds when the sentence nearest names nothing of a decision ('## Production
        # rollout … The canary config is ready. Whenever you're ready.'); the loop reads on past a sentence that names
        # nothing
        units = [u for u in units if u in nearest or u[0] in labels or u[0] in headings]
    # a mark between clauses has a space after it ('09:12Z' is a time)
    head = text[: max(0, cut[0])]
    breaks = [k for k, ch in enumerate(head) if ch in CONTEXT_BREAKS and text[k + 1 : k + 2].isspace()]
    # r40c: a comma before a linking conjunction opens a clause of its own ('I've drafted the Terraform to grant …, but
    # applying it needs your call'); 'and' also joins the items of a list
    breaks += [k for k, ch in enumerate(head) if ch == "," and _linked_after(head, k)]
    breaks.sort()
    if breaks and any(ch.isalpha() for ch in text[: breaks[-1]]):
        # the clause before its own in the sentence is the nearest context ('… to the bill; that upgrade is yours')
        k = breaks[-1] + 1
        rest = text[k:].lstrip()
        shift = len(text) - len(rest)
        units.insert(0, (text[: breaks[-1]].strip(), rest, (cut[0] - shift, cut[1] - shift)))
    clause = [t for t in acting if not breaks or t.idx > breaks[-1]]
    if any(_reports_done(t) for t in clause):
        return None  # 'The i18n branch was merged last Tuesday, your call.': an act done, no decision pending
    every = any(t.lower_ in CHOICE_POINTERS for t in words)
    verbs = _own_verbs(clause)  # r40c: the acts of its own clause; the clause before it is context
    asked = any(t.lower_ in WH_INFINITIVE_MARKS | {"whether", "when"} or t.tag_ in ("VBG", "VB") for t in clause)
    if clause and not asked and work_of_stretch(clause, lexicon).human_only:
        return None  # its own words name the human-only act, and the relation rules fired on that ('PR #12 merges')
    if any(_own_act(v, lexicon) for v in verbs):
        return None  # r38d: 'Merging it into my working branch is your call': its own target makes the act the agent's
    for unit, said, at in units:
        work = _weighed_unit(unit, lexicon, model)
        if work is None and acting:
            work = _context_work(unit, said, at, lexicon, model)
        if work is None:
            work = _label_work(unit, lexicon, model) if unit in labels else _unit_work(unit, lexicon, model)
            if work is not None and work.human_only and not _acts_in(verbs, work, lexicon):
                return None  # 'PR #52 is merged. Splitting it is your call.': its own act is not the one named
        if work is None:
            continue  # 'Done.', 'Staging has soaked for 24 hours.': names nothing of a decision, read further back
        if not work.human_only:
            return None
        if every and unit not in labels and not _all_human(units, labels, unit, lexicon, model):
            return None  # 'Either is your call.' after two steps: both are the choice
        if _own_unit(unit, lexicon, model):
            return None  # r42c: 'Merged `feature/x` into my working branch; your call whether to keep that.'
        named = unit if len(unit) <= 60 else unit[:57] + "…"
        return gated("exempt", "bound-before", f"exempt (bound-before): its sentence points back at what is named "
                     f"before it, '{named}', {work.describe()}", None, None, work.domains)  # fmt: skip
    return None


def _own_unit(unit: str, lexicon: Lexicon, model: Language) -> bool:
    """r42c: the context sentence's act is the agent's own by its target (_own_clause_act), read on its own parse."""
    doc = model(sentence_case(unit))
    return any(_own_act(t, lexicon) or _combined(t) for t in doc)


def _weighed_unit(unit: str, lexicon: Lexicon, model: Language) -> Work | None:
    """r41b: a context sentence that opens with a gerund act weighed by its consequence ('Rewriting `main` to drop it
    would need a force-push over history …') is that decision, whatever the gerund's own words name; None otherwise
    (the cheap test first: no word in -ing opens it)."""
    first = unit.split()[0].strip("*_`").lower() if unit.split() else ""
    if not first.endswith("ing"):
        return None
    sents = list(model(sentence_case(unit)).sents)
    weighed = consequence([t for t in sents[0] if not t.is_space], lexicon) if sents else None
    return Work(True, weighed.domains, (), ()) if weighed is not None else None


def _reports_done(verb: Token) -> bool:
    """An act reported done: a passive in the past ('was merged last Tuesday', 'were deleted'), or a past verb with a
    subject not the agent ('The release shipped at 09:12Z')."""
    if verb.tag_ == "VBD":
        subjects = [c for c in verb.children if c.dep_ == "nsubj"]
        return bool(subjects) and not any(c.lower_ in AGENT for c in subjects)
    return verb.tag_ == "VBN" and any(c.dep_ == "auxpass" and c.lower_ in ("was", "were") for c in verb.children)


def _domain_act_done(top: Token, words: list[Token], work: Work, lexicon: Lexicon) -> bool:
    """A passive whose verb is the act of the human-only domain named ('#204 is merged into main', 'the keys are
    rotated'), with no eligibility word or state beside it ('merge-eligible', 'approved and ready'): the act is done,
    nothing is pending."""
    if top.tag_ != "VBN" or not any(c.dep_ == "auxpass" for c in top.children):
        return False
    if any(t.lower_ in lexicon.eligibility or hyphen_compound(t) in lexicon.eligibility for t in words):
        return False
    if any(c.dep_ == "conj" and c.pos_ == "ADJ" for c in top.children):
        return False  # 'PR #52 is approved and ready': a state it is in, the next act pending
    domains = [d for d in lexicon.domains if d.name in work.domains]
    return any(forms(top) & (d.verbs | d.actions | d.lemmas) for d in domains)


def _own_verbs(acting: list[Token]) -> list[Token]:
    """The verbs of the hand-over's own words that name an act: not a pro-verb ('whether it goes in', 'do that'), a
    verb of deciding or handing over, or a copula."""
    # r40c: a verb of needing governs the phrase ('applying it needs your call'), it names no act
    closed = PRO_VERBS | DECISION_VERBS | HANDOVER_VERBS | HEDGE_VERBS | FRAME_VERBS | REQUIRE_VERBS
    return [t for t in acting if t.pos_ == "VERB" and t.lemma_.lower() not in closed and not is_copula(t)
            and not _held_off(t)]  # fmt: skip


def _purpose(clause: Token) -> bool:
    """An infinitive of purpose hung on a verb ('… to grant the data team admin'): 'to' as its own auxiliary."""
    return clause.dep_ in ("advcl", "xcomp") and any(c.dep_ == "aux" and c.lower_ == "to" for c in clause.children)


def _linked_after(text: str, k: int) -> bool:
    """The word after the comma at `k` links a clause of its own (terms [bound-before] clause_links, not 'and')."""
    found = re.match(r"\s+([a-z]+)\b", text[k + 1 :])
    return found is not None and found.group(1) in CLAUSE_LINKS - {"and"}


def _held_off(verb: Token) -> bool:
    """r40c: the agent saying it has not done the act named before ('I haven't touched it — your call.'): a negated verb
    with the agent for its subject and a pointer for its object names no act of its own; it holds off the one bound."""
    negated = any(c.dep_ == "neg" for c in verb.children)
    by_agent = any(c.dep_ == "nsubj" and c.lower_ in AGENT for c in verb.children)
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    return negated and by_agent and bool(objects) and all(o.lower_ in CONTEXT_POINTERS for o in objects)


def _own_act(verb: Token, lexicon: Lexicon) -> bool:
    """r38d (docs/DESIGN.md#construction-classes): the hand-over's own verb is a domain's act that its own words make
    the agent's — a target of the agent's own ('Merging it into my working branch', the [[modifier]] rows at
    `sense`): nothing human-only is bound from before it."""
    return any(forms(verb) & (d.verbs | d.lemmas) and apply("sense", verb, d.name, lexicon) for d in lexicon.domains)


def _acts_in(verbs: list[Token], work: Work, lexicon: Lexicon) -> bool:
    """Every act the hand-over names of its own is a verb of the human-only domain its context names ('Promoting to
    100%' under '### Production rollout', 'Applying it' after a shared account's `terraform apply`)."""
    domains = [d for d in lexicon.domains if d.name in work.domains]
    named = frozenset().union(*(d.verbs | d.actions | d.lemmas for d in domains))

    def acts(verb: Token) -> bool:
        if forms(verb) & named:
            return True
        light = verb.lemma_.lower() in LIGHT_VERBS
        objects = [c for c in verb.children if c.dep_ == "dobj"] if light else []
        misread = pointer_after(verb) if light and not objects else None
        objects += [misread] if misread is not None else []  # 'applying it needs': 'it' read as the subject
        # 'Running the apply'; r40c: 'running it' after the SQL that erases the rows — a light verb over a pointer does
        # the act named before
        return bool(objects) and all(forms(o) & named or o.lower_ in CONTEXT_POINTERS for o in objects)

    return all(acts(v) for v in verbs)


def _all_human(units: list[tuple[str, str, tuple[int, int]]], labels: set[str], nearest: str, lexicon: Lexicon,
               model: Language) -> bool:  # fmt: skip
    """A choice pointer ('either', 'both', 'which') covers every sentence read before it: each human-only or naming
    nothing."""
    for unit, _, _ in units:
        if unit == nearest or unit in labels:
            continue
        work = _unit_work(unit, lexicon, model)
        if work is not None and not work.human_only:
            return False
    return True


def _may_point_back(text: str, phrase: tuple[int, int], sentence: str, before: str) -> bool:
    """The cheap text test before a second parse: the words outside the phrase hold a pointer, a word in -ing, or open
    with a determiner; or the sentence holds only closed-class words and a bold label opens its paragraph."""
    outside = (sentence[: phrase[0]] + " " + sentence[phrase[1] :]).lower().replace("\u2019", "'")
    words = re.findall(r"[a-z]+", outside)
    if any(w in CONTEXT_POINTERS or (w.endswith("ing") and len(w) > 4) for w in words):
        return True
    if words and words[0] in CONTEXT_DETERMINERS:
        return True
    paragraph = PARAGRAPH_BREAK.split(before.rstrip())[-1] if before.strip() else ""
    # r41b: or a heading above it ('## Production rollout … Whenever you're ready.')
    return _closed_words_only(text) and (any(LABEL.match(line) for line in paragraph.split("\n")) or bool(
        _context_units(before, headings_only=True)))


def _decides(tok: Token, cut: tuple[int, int]) -> bool:
    """The reader's verb right after the phrase ('yours to approve', 'for you to say'): what the reader does with the
    decision, not the act decided."""
    if tok.pos_ != "VERB" or tok.i == 0:
        return False
    before = tok.doc[tok.i - 1]
    if before.lower_ == "to" and tok.i > 1:
        before = tok.doc[tok.i - 2]  # 'yours to approve' with 'yours' the phrase
    return cut[0] <= before.idx < cut[1]


def _names_act(acting: list[Token], lexicon: Lexicon) -> bool:
    """The hand-over's own words name an act still to take — a gerund, a base form or a present verb ('Deleting it',
    'Promoting to 100%', 'whether it goes in', 'whether to push it') — or hold a noun with a determiner ('The upgrade',
    'that change'); a verb of deciding or handing over, a pro-form, a participle or past verb ('Stamped and rebased,
    that's your call') is none."""
    closed = DECISION_VERBS | HANDOVER_VERBS | HEDGE_VERBS | FRAME_VERBS
    if any(t.pos_ == "VERB" and t.tag_ in ACT_TAGS and t.lemma_.lower() not in closed for t in acting):
        return True
    # a decision's own noun ('The timing is your call', 'that decision') points like a pro-form, names no act
    decided = frozenset().union(*(d.acts for d in lexicon.domains)) | POINTER_NOUNS
    return any(t.pos_ == "NOUN" and not forms(t) & decided and any(
        c.dep_ == "det" and c.lower_ in CONTEXT_DETERMINERS for c in t.children) for t in acting)  # fmt: skip


def _points_back(words: list[Token], text: str, lexicon: Lexicon) -> bool:
    """The hand-over's sentence points back: a pointer word, a definite or demonstrative noun subject, a gerund opening
    it with no object, only closed-class words, or no noun but a decision's own ('Your call on timing.': the nouns every
    domain's decision takes, lexicon [domains] acts)."""
    if any(t.lower_ in CONTEXT_POINTERS and t.pos_ in ("PRON", "DET", "NUM") for t in words):
        return True
    nouns = [t for t in words if t.pos_ in ("NOUN", "PROPN", "VERB", "ADJ") and t.lower_ not in READER]
    decided = frozenset().union(*(d.acts for d in lexicon.domains)) | POINTER_NOUNS
    if nouns and all(forms(t) & decided for t in nouns):
        return True
    first = words[0]
    if first.lower_ in CONTEXT_DETERMINERS and first.head.dep_ in ("nsubj", "nsubjpass") and first.head.pos_ == "NOUN":
        return True
    if first.tag_ == "VBG" and not any(c.dep_ in ("dobj", "nsubjpass") for c in first.children):
        return True
    return _closed_words_only(text)


def _context_units(before: str, *, labels_only: bool = False, headings_only: bool = False) -> list[str]:
    """The context before a hand-over, nearest first: the sentences before it in its paragraph (or, when it opens its
    paragraph, the last ones of the paragraph before), at most MAX_CONTEXT_SENTENCES; then a bold label opening the
    paragraph, or the heading line above it. A label line gives its label first, then its rest."""
    text = before.rstrip()
    paragraphs = [p for p in PARAGRAPH_BREAK.split(text) if p.strip()]
    if not paragraphs:
        return []
    own = not re.search(r"\n[ \t\r]*\n\s*$", before)
    chosen = paragraphs[-1]
    lines = [ln for ln in chosen.split("\n") if ln.strip()]
    heading = ""
    if lines and HEADING.match(lines[0]):
        heading = HEADING.match(lines[0]).group("label")
        lines = lines[1:]
    elif len(paragraphs) > 1 and HEADING.match(paragraphs[-2].strip()):
        heading = HEADING.match(paragraphs[-2].strip()).group("label")
    if not own and not lines and heading:
        return [heading]
    units: list[str] = []
    label = ""
    for line in lines:
        found = LABEL.match(line)
        if found:
            label = found.group("label").strip().rstrip(":").strip()
            line = found.group("rest")
        units.extend(s.strip() for s in SENTENCE_END.split(MARKUP.sub("", line)) if s.strip())
    units = list(reversed(units))[:MAX_CONTEXT_SENTENCES]
    if labels_only or headings_only:
        units = []
    if label and not headings_only:
        units = [label, *units]
    if heading:
        units.append(heading)
    return [u for u in units if any(c.isalpha() for c in u)]


def _label_work(label: str, lexicon: Lexicon, model: Language) -> Work | None:
    """A heading or bold label is a noun phrase with no determiner ('Production rollout', 'Prod cutover (DNS switch)'):
    read as one with 'the', judged whole. None when it names nothing."""
    first = label.split()[0].lower() if label.split() else ""
    said = label if first in CONTEXT_DETERMINERS | {"a", "an"} else f"the {label}"
    words = [t for t in model(sentence_case(said)) if not t.is_punct and not t.is_space]
    work = work_of_stretch(words, lexicon)
    if work.human_only or work.agent_words:
        return work
    # a label of parts ('Needs a human — grant `roles/owner` on the prod project …'): the part that is an instruction
    for part in re.split(r"\s[\u2014\u2013-]\s|:\s", label):
        said = [t for t in model(instruction_case(part.strip())) if not t.is_punct and not t.is_space]
        if said and said[0].tag_ == "VB" and said[0].dep_ == "ROOT":
            done = work_of_stretch(said, lexicon)
            if done.human_only or done.agent_words:
                return done
    return work if work.domains else None


def _context_work(unit: str, text: str, cut: tuple[int, int], lexicon: Lexicon, model: Language) -> Work | None:
    """The hand-over's own words with what their pointers stand for ('Deleting it', 'Whether it goes in'): the context
    and the hand-over parsed as one text, the hand-over's words outside the phrase judged. None when they name nothing
    of a decision."""
    joined = sentence_case(unit.rstrip(".!?:;") + ". ")
    offset = len(joined)
    doc = model(joined + text)
    words = [t for t in doc if t.idx >= offset and not t.is_punct and not t.is_space]
    acting = [t for t in words if not (cut[0] <= t.idx - offset < cut[1]) and not is_copula(t)
              and not _decides(t, (cut[0] + offset, cut[1] + offset))]  # fmt: skip
    if not acting:
        return None
    work = work_of_stretch(acting, lexicon)
    if work.human_only:
        return work
    return _done_on_named(acting, [t for t in doc if t.idx < offset], lexicon, model)


def _done_on_named(acting: list[Token], context: list[Token], lexicon: Lexicon, model: Language) -> Work | None:
    """A verb of the hand-over whose object is a pronoun ('Deleting them', 'Applying it') done on the thing the context
    names, when the parse did not bind the pronoun: the verb with the context's first noun phrase of the pronoun's
    number (its whole subtree, not a modifier of another: 'customer rows in the production `accounts` table'), parsed
    as one instruction. The first such phrase that names work decides; None when none does or it is not human-only."""
    verb = next((t for t in acting if t.pos_ == "VERB" and any(
        c.dep_ == "dobj" and c.lower_ in CONTEXT_POINTERS for c in t.children)), None)  # fmt: skip
    if verb is None or not context:
        return None
    pointer = next(c for c in verb.children if c.dep_ == "dobj" and c.lower_ in CONTEXT_POINTERS)
    plural = pointer.lower_ in ("them", "these", "those", "they")
    doc = context[0].doc
    tried = 0
    for root in context:
        # a plural the small model tagged a verb keeps a noun's modifiers ('duplicated customer rows in …')
        misread = root.tag_ == "VBZ" and any(c.dep_ in ("compound", "amod", "det") for c in root.children)
        if (root.pos_ not in ("NOUN", "PROPN") and not misread) or root.dep_ in MODIFIER_DEPS:
            continue
        if (root.tag_ in ("NNS", "NNPS") or misread) != plural:
            continue
        # a place the model hung on the verb of the object ('found 2.3M rows | in the production table') is the object's
        placed = [c for c in root.head.children if c.dep_ == "prep" and c.i > root.i] if root.dep_ == "dobj" else []
        stretch = [t for t in [*root.subtree, *(t for c in placed for t in c.subtree)]
                   if t.i <= context[-1].i and not t.is_punct]  # fmt: skip
        while stretch and stretch[0].i < root.i and (stretch[0].pos_ in ("NUM", "DET") or stretch[0].dep_ == "nummod"):
            stretch = stretch[1:]  # the model reads a bare object after an instruction's verb best after 'the'
        if not stretch:
            continue
        tried += 1
        if tried > MAX_NAMED_TRIED:
            return None  # a parse per candidate: the nearest few only (warm analyze stays within its budget)
        said = doc.text[stretch[0].idx : stretch[-1].idx + len(stretch[-1].text)]
        done = [t for t in model(instruction_case(f"{verb.lemma_.lower()} the {said}")) if not t.is_punct]
        work = work_of_stretch(done, lexicon)
        if work.human_only or work.agent_words or work.domains:
            return work if work.human_only else None
    return None


def _unit_work(unit: str, lexicon: Lexicon, model: Language) -> Work | None:
    """A sentence or label of the context judged clause by clause: the object of a clause the agent reports ('I found
    2.3M orphaned rows in the production `events` table'), or the clause itself; a clause that changes what the reader
    pays is billing; a clause of someone else's act in the past ('You merged #300 yesterday') reports an act done, no
    decision pending. Human-only when a clause is and none names agent work; not human-only when a clause names work or
    an act done; None when no clause names anything."""
    doc = model(sentence_case(unit))
    human: list[str] = []
    named = False
    for clause in _clauses([t for t in doc if not t.is_space]):
        words = [t for t in clause if not t.is_punct]
        if not words:
            continue
        top = clause_top(words)
        weighed = consequence(words, lexicon) if words[0].tag_ == "VBG" else None
        if weighed is not None:  # r41b: 'Running it against production can't be reversed.'
            human.extend(weighed.domains)
            continue
        subjects = [c for c in top.children if c.dep_ in ("nsubj", "nsubjpass") and c.pos_ in ("PRON", "PROPN")
                    ] if top is not None else []  # fmt: skip
        if top is not None and _reports_done(top) and not any(c.lower_ in AGENT for c in top.children):
            named = True  # 'PR #52 was merged yesterday': an act done
            continue
        if top is not None and top.tag_ == "VBD" and subjects and not any(c.lower_ in AGENT for c in subjects):
            named = True  # 'You merged #300 yesterday and it shipped clean': an act done names no decision pending
            continue
        if top is not None and any(c.dep_ == "nsubj" and c.lower_ in AGENT for c in top.children):
            inside = {t.i for t in words}
            # r40c: and the purpose it was made for ('I've drafted the Terraform to grant the data team admin on the
            # prod project')
            words = [t for c in top.children if c.dep_ in ("dobj", "prep") or _purpose(c) for t in c.subtree
                     if t.i in inside]  # fmt: skip
            if not words:
                continue
        if _pays(words):
            human.append("billing")
            continue
        work = work_of_stretch(words, lexicon)
        if not work.human_only and top is not None and subjects == [] and top.pos_ == "VERB":
            # r42c: a tool or change as the subject ('The cleanup script would delete 1.2M rows from the production
            # `events` table'): the act is its predicate, the verb with what it acts on
            acted = _predicate(top, words)
            done = work_of_stretch(acted, lexicon) if acted else work
            work = done if done.human_only else work
        joined = [c for c in top.children if c.dep_ == "conj" and c.pos_ == "VERB" and c.i in {t.i for t in words}
                  ] if top is not None and top.tag_ == "VB" else []  # fmt: skip
        if work.human_only and joined:
            # r40c: an instruction's acts joined by 'and' are judged each ('Merge it and rename the helpers after': the
            # rename is work)
            work = work_of([top], lexicon, frozenset(t.i for t in words))
        if work.human_only and top is not None and _domain_act_done(top, words, work, lexicon):
            named = True  # '#204 is merged into main.': the human-only act itself reported done
            continue
        if work.human_only:
            human.extend(work.domains)
        elif work.agent_words or work.domains:
            named = True
    if named:
        return Work(False, tuple(human), ("",), ())
    if human:
        return Work(True, tuple(dict.fromkeys(human)), (), ())
    return None


def _predicate(verb: Token, words: list[Token]) -> list[Token]:
    """The verb of a clause whose subject is a thing, with its objects and places, inside `words`; empty when its
    subject is a person or a pronoun (the clause is then read whole)."""
    inside = {t.i for t in words}
    if not any(c.dep_ == "nsubj" and c.pos_ in ("NOUN", "PROPN") for c in verb.children):
        return []
    parts = [t for c in verb.children if c.dep_ in ("dobj", "prep", "dative", "prt", "npadvmod") for t in c.subtree]
    return sorted({verb, *parts} & set(words), key=lambda t: t.i) if parts and verb.i in inside else []


def _pays(words: list[Token]) -> bool:
    """A clause that changes what the reader pays: a verb of changing an amount, not negated, with a cost noun for its
    object or as the object of its preposition ('would add about $2,400 a month to the bill')."""
    for verb in words:
        if verb.pos_ != "VERB" or verb.lemma_.lower() not in COST_VERBS or any(c.dep_ == "neg" for c in verb.children):
            continue
        under = [c for c in verb.children if c.dep_ == "dobj"]
        under += [g for c in verb.children if c.dep_ == "prep" for g in c.children if g.dep_ == "pobj"]
        if any(_paid(t) for t in under):
            return True
    return False


# r40c: the longest hand-over sentence read as one naming nothing of its own (a pro-form question is short); the reasons
# of a hand-over whose own words already name work (the agent's, or beside a human-only act), which nothing before it
# can turn into a human-only decision.
MAX_POINTING_CHARS = 120
# r41b: the waits whose sentence binds its context (context_before) as attribution does, when they wait for the
# reader's go on an act named before ('Whenever you're ready.', 'Let me know when you want it out.'); a next-request
# closer ('Is there anything else you need from this lane?') waits on no act.
WAIT_FAMILIES = frozenset({"standing-by"})
WAIT_POINTERS = frozenset({"it", "them", "that"})


def _waits_on_it(own: str) -> bool:
    """The wait's own clause names nothing but its wait, or waits on a pronoun of the act before it."""
    return _closed_words_only(own) or bool(WAIT_POINTERS & set(re.findall(r"[a-z]+", own.lower())))
NAMES_WORK = ("the agent owns", "mixes human-only work", "outside the human-only domains")


def antecedent_judged(sentence: str, phrase: tuple[int, int], before: str, finding: Finding, lexicon: Lexicon,
                      model: Language) -> Judgement | None:  # fmt: skip
    """r40c (docs/DESIGN.md#construction-classes, a human-only decision named away from the phrase): the one
    antecedent-scope reading of a hand-over that fires. A sentence that names nothing of its own ('Should I?', 'Your
    call.') binds the act the statement or list before it names (pointed_before); a sentence that points back (a
    pointer, a gerund with no object, a definite noun, a decision's own noun) binds what its clause before, its table
    row, its sentence before, its label or heading names (context_before: an attribution phrase or, r41b, a wait for the
    reader's go — a question holding 'this' or 'one' points at the agent's own work far more often); a gerund subject
    of its own clause, through markup (_subject_named). None when its own words name work, the hand-over is negated,
    or nothing human-only is bound. r42c: then the agent's own next act after it (_go_on_after), then the same reading
    past the agent's bridge clauses (_past_bridges)."""
    judged = _scope_judged(sentence, phrase, before, finding, lexicon, model)
    if judged is None:
        judged = _go_on_after(sentence, phrase, lexicon, model)
    if judged is None:
        bridged = _past_bridges(sentence, phrase, before, lexicon, model)
        judged = _scope_judged(*bridged, finding, lexicon, model) if bridged is not None else None
    if judged is None:
        judged = _condition_bound(sentence, before, lexicon, model)
    return judged


# r42c: a condition or time that names no one ('Once added,', 'When done,', 'Once that's complete,'): the act it waits
# on is the reader's, named by the instructions before it.
ELLIPTICAL = re.compile(r"^\W*(?:once|when|after|as soon as)\s+(?:(?:that|this|it|they)(?:['\u2019]s|\s+is|\s+are|"
                        r"['\u2019]re|\s+has been|\s+have been)\s+)?(?:\w+ed|done|complete|finished|set up)\s*,",
                        re.IGNORECASE)  # fmt: skip
MAX_INSTRUCTIONS_BACK = 6
INSTRUCTION_OPENERS = terms("reference", "instruction_openers")


def _condition_bound(sentence: str, before: str, lexicon: Lexicon, model: Language) -> Judgement | None:
    """r42c (docs/DESIGN.md#construction-classes): a hand-over opened by a condition that names no one ('Once added,
    tell me "Done" and I'll verify the connection.') waits on the reader's act the instructions right before it named —
    the steps of a list or imperative sentences ('Paste the key into SSH Keys on your GitLab profile.'): exempt when one
    of them is a human-only act (a credential added, a grant, a deploy), which only the person does; None otherwise."""
    if not ELLIPTICAL.match(sentence) or not before.strip():
        return None
    lines = [ln for ln in before.rstrip().split("\n") if ln.strip()][-MAX_INSTRUCTIONS_BACK:]
    for line in reversed(lines):
        said = MARKUP.sub("", LIST_MARK.sub("", line)).strip()
        for part in reversed([p for p in SENTENCE_END.split(said) if p.strip()]):
            words = [t for t in model(instruction_case(part.strip())) if not t.is_punct and not t.is_space]
            while words and words[0].lower_ in INSTRUCTION_OPENERS:
                words = words[1:]  # 'Please run this command …'
            if not words or words[0].dep_ != "ROOT" or any(c.dep_ == "nsubj" for c in words[0].children):
                continue  # an instruction opens with its verb, however the model tagged it ('Open SSH Keys …': JJ)
            work = work_of_stretch(words, lexicon)
            if work.human_only:
                named = part.strip() if len(part.strip()) <= 60 else part.strip()[:57] + "…"
                return gated("exempt", "bound-before", f"exempt (bound-before): its condition names no one and waits "
                             f"on the reader's step before it, '{named}', {work.describe()}", None, None,
                             work.domains)  # fmt: skip
    return None


def _scope_judged(sentence: str, phrase: tuple[int, int], before: str, finding: Finding, lexicon: Lexicon,
                  model: Language) -> Judgement | None:  # fmt: skip
    """The antecedent-scope reading of one hand-over sentence and its context (antecedent_judged)."""
    own, prior = _own_clause(sentence, phrase[0])
    if len(own) <= MAX_POINTING_CHARS and (before + prior).strip():
        judged = pointed_before(own, f"{before.rstrip()} {prior}".strip(), lexicon, model)
        if judged is not None:
            return judged
    if any(words in finding.reason for words in NAMES_WORK) or finding.negated or _negated(own):
        return None  # 'Merging #12 is not your move.', 'that one's not your call'
    judged = _subject_named(sentence, phrase, lexicon, model)
    if judged is None and (finding.family == "attribution" or (finding.family in WAIT_FAMILIES and _waits_on_it(own))):
        judged = context_before(sentence, phrase, before, lexicon, model)
    if judged is None and len(own) <= MAX_POINTING_CHARS and _closed_words_only(own) and not NAMED.search(own):
        # the statement right before a hand-over of closed-class words, read clause by clause ('tagging needs your
        # sign-off — is Thursday okay with you?', 'The prod deploy is queued behind the freeze. That's your call.')
        said = f"{before.rstrip()} {prior}".strip()
        statements = [p for p in SENTENCE_END.split(said) if p.strip()]
        listed = bool(said) and bool(LIST_MARK.match(said.split("\n")[-1]))  # a list's items are the choice
        judged = _statement_judged(statements[-1], lexicon, model) if statements and not listed else None
    return judged


PREP_VERBS = terms("bound-before", "prep_verbs")
# r42c: where a clause of the hand-over's sentence ends: a ';', ':' or dash, or a comma before a linking word (', so').
CLAUSE_END = re.compile(r"[;:\u2014\u2013](?=\s)|,(?=\s+(?:so|but|hence|therefore|thus)\b)|\s-(?=\s)")


# r42c: the agent's own next act after the hand-over in its sentence ('let me know and I'll run …').
GO_ON = re.compile(r"\b(?:I|we)(?:['\u2019]ll|\s+will|\s+can)\s+\S", re.IGNORECASE)
MAX_GO_ON_GAP = 80


def _go_on_after(sentence: str, phrase: tuple[int, int], lexicon: Lexicon, model: Language) -> Judgement | None:
    """r42c (docs/DESIGN.md#construction-classes): a hand-over the agent's own next act follows in its sentence ('When
    ready, let me know and I'll run `terraform apply` against the shared account', 'your call, and I'll merge #41 into
    main') asks the reader's go on that act: exempt when the act, read with its own words, is human-only (the agent's
    own target keeps it the agent's: 'and I'll merge it into my working branch'); None otherwise."""
    after = sentence[phrase[0] :]  # a closing question's finding spans its sentence, the act inside it
    found = GO_ON.search(after)
    if found is None or found.start() == 0 or found.start() > MAX_GO_ON_GAP:
        return None
    said = after[found.start() :].strip()
    doc = model(sentence_case(said))
    subject = next((t for t in doc if t.dep_ in ("nsubj", "nsubjpass") and t.lower_ in AGENT), None)
    if subject is None or subject.head.pos_ not in ("VERB", "AUX"):
        return None
    act = subject.head
    words = [t for t in act.subtree if t.i > subject.i and not t.is_punct and not t.is_space
             and t.dep_ not in ("aux", "neg")]  # fmt: skip
    if not words or any(c.dep_ == "neg" for c in act.children) or _own_clause_act(act, lexicon):
        return None
    work = work_of_stretch(words, lexicon)
    if not work.human_only:
        return None
    named = said if len(said) <= 60 else said[:57] + "…"
    return gated("exempt", "bound-before", f"exempt (bound-before): it asks the reader's go on the agent's next act, "
                 f"'{named}', {work.describe()}", None, None, work.domains)  # fmt: skip


def _past_bridges(sentence: str, phrase: tuple[int, int], before: str, lexicon: Lexicon,
                  model: Language) -> tuple[str, tuple[int, int], str] | None:  # fmt: skip
    """r42c (docs/DESIGN.md#construction-classes, the agent's bridge between an act and its hand-over): the clauses
    between a hand-over and the act it hands over that only say how the agent stands to that act — it holds off ('I
    can't grant that myself', 'I don't have access to it'), hands it over in words of its own ('I've left the final run
    to you'), or reports readying it ('I've prepared the plan', 'The plan output is saved in `plan.txt`') — name no
    decision: the hand-over binds the act named before them. Returns the hand-over's own clause, its phrase offsets in
    it, and the context with the bridges taken out; None when no bridge stands next to the hand-over."""
    head = sentence[: phrase[0]]
    cuts = [m.end() for m in CLAUSE_END.finditer(head) if any(ch.isalpha() for ch in head[: m.start()])]
    start = cuts[-1] if cuts else 0
    clauses = [head[a:b] for a, b in zip([0, *cuts], cuts, strict=False)]
    dropped = False
    while clauses and _bridge(clauses[-1], lexicon, model):
        clauses.pop()
        dropped = True
    if clauses and not dropped:
        return None
    kept = before
    if not clauses:
        sentences = [p for p in SENTENCE_END.split(before.rstrip()) if p.strip()]
        for _ in range(MAX_SENTENCES_BACK):
            if len(sentences) < 2 or not _bridge(sentences[-1], lexicon, model):
                break
            sentences.pop()
            dropped = True
        kept = before[: before.rfind(sentences[-1]) + len(sentences[-1])] if sentences else ""
    if not dropped:
        return None
    prior = " ".join(c.strip().rstrip(",;:\u2014\u2013-").strip() + "." for c in clauses)
    lead = len(sentence[start:]) - len(sentence[start:].lstrip())
    own = sentence[start:].strip()
    return own, (phrase[0] - start - lead, phrase[1] - start - lead), f"{kept.rstrip()} {prior}".rstrip()


def _bridge(clause: str, lexicon: Lexicon, model: Language) -> bool:
    """A clause of the agent's stand toward the act named before it (_past_bridges), naming no human-only act of its
    own: the agent's verb negated, a verb of handing over with the reader in it, or a verb of readying reported done
    (the agent's, or a passive)."""
    if not any(ch.isalpha() for ch in clause) or clause.rstrip().endswith("?"):
        return False
    said = re.findall(r"[a-z]+", clause.lower().replace("\u2019", "'"))
    if not AGENT & set(said) and not any(w.endswith(("ed", "en", "ten")) for w in said):
        return False  # the cheap test first: neither the agent nor a participle of readying, no second parse
    doc = model(sentence_case(clause.strip().lstrip("-*+\u2022 ").strip()))
    sents = list(doc.sents)
    if len(sents) != 1:
        return False
    top = sents[0].root
    words = [t for t in doc if not t.is_punct and not t.is_space]
    subjects = [c for c in top.children if c.dep_ in ("nsubj", "nsubjpass")]
    agent = any(c.lower_ in AGENT for c in subjects)
    lemma = top.lemma_.lower()
    if agent and any(c.dep_ == "neg" for c in top.children):
        stand = True  # 'I can't grant that myself', 'I haven't touched it'
    elif agent and lemma in HANDOVER_VERBS:
        stand = any(t.lower_ in READER for t in words)  # 'I've left the final run to you'
    else:
        passive = any(c.dep_ in ("auxpass", "nsubjpass") for c in top.children)
        done = top.tag_ in ("VBN", "VBD") and (agent or passive)
        stand = done and lemma in PREP_VERBS  # 'I've written up the numbers in …', 'the plan is saved'
    if not stand or work_of_stretch(words, lexicon).human_only:
        return False
    # what the agent readied is read with its purpose ('I've drafted the Terraform to grant … on the prod project')
    purpose = _unit_work(clause.strip(), lexicon, model)
    return purpose is None or not purpose.human_only


# r40c: a negation in the hand-over's own clause ('is not your move', 'isn’t', 'that one's not your call'); a thing
# named by number or code in it ('#42 is ready, your call'), which is its own subject.
NEGATION = re.compile(r"\b(?:not|never|no)\b|n['\u2019]t\b", re.IGNORECASE)
NAMED = re.compile(r"[#\d`]")


def _bare_options(unit: str) -> bool:
    """'Squash or rebase.': methods joined by 'or' with no object name no act of their own (docs/DESIGN.md
    #decisive-relation: 'Squash or rebase? Your call.' fires)."""
    words = re.findall(r"[a-z#0-9-]+", unit.lower())
    return "or" in words and len(words) <= 4 and not NAMED.search(unit)


def _negated(clause: str) -> bool:
    return NEGATION.search(clause) is not None


def _unmarked(sentence: str, phrase: tuple[int, int]) -> tuple[str, tuple[int, int]]:
    """The sentence without its markup (bold, list marks, a heading's hashes), stripped; the phrase's offsets in it."""
    removed = [(m.start(), m.end()) for m in MARKUP.finditer(sentence)]
    text = MARKUP.sub("", sentence)
    lead = len(text) - len(text.lstrip())

    def moved(at: int) -> int:
        return at - sum(min(end, at) - start for start, end in removed if start < at) - lead

    return text.strip(), (moved(phrase[0]), moved(phrase[1]))


def _subject_named(sentence: str, phrase: tuple[int, int], lexicon: Lexicon, model: Language) -> Judgement | None:
    """r40c (a gerund subject, through markup): the hand-over's own clause — between the clause breaks around it —
    opens with the act it hands over as a gerund subject ('**Merging #901 to main** is your call — it's green and
    approved.', 'Shipping 2.0 to PyPI is up to you'): that act, read with the bold span stripped, is what is handed
    over, however the model hung the phrase. Exempt when it is human-only; None otherwise."""
    text, cut = _unmarked(sentence, phrase)
    starts = [k + 1 for k, ch in enumerate(text[: cut[0]]) if ch in CONTEXT_BREAKS and text[k + 1 : k + 2].isspace()]
    start = starts[-1] if starts else 0
    head = text[start : cut[0]].strip()
    if not head or not head.split()[0].lower().strip("*_`").endswith("ing"):
        return None  # the cheap test first: no gerund opens the clause
    ends = [k for k, ch in enumerate(text) if k >= cut[1] and ch in CONTEXT_BREAKS and text[k + 1 : k + 2].isspace()]
    clause = text[start : ends[0] if ends else len(text)].strip()
    words = [t for t in model(sentence_case(clause)) if not t.is_space]
    act = [t for t in gerund_act(words) if t.idx < len(head)]
    if not act:  # the model made the gerund the root ('Merging' ROOT, 'is' its auxiliary): the words before the phrase
        act = [t for t in words if t.idx < len(head) and not t.is_punct]
        while act and (act[-1].pos_ == "AUX" or act[-1].lemma_.lower() in REQUIRE_VERBS):
            act.pop()
    if not act or act[0].tag_ != "VBG":
        return None
    if _combined(act[0]):
        return None  # m40c: 'Merging them into one is your call': things combined into one, not a branch merged
    between = [t for t in words if act[-1].i < t.i and t.idx < len(head) and not t.is_punct]
    if any(t.pos_ not in ("AUX", "PART") and t.lemma_.lower() not in REQUIRE_VERBS for t in between):
        return None  # 'Rebasing onto main took two tries, your call': a report of the act, no hand-over of it
    judged = _judged(act, lexicon)
    if judged is None:
        return None
    named = act[0].doc.text[act[0].idx : act[-1].idx + len(act[-1].text)]
    return gated("exempt", "bound-before", f"exempt (bound-before): the gerund subject of its own clause, '{named}', "
                 f"is the act it hands over, {work_of_stretch(act, lexicon).describe()}", None, None,
                 judged.domains)  # fmt: skip


def _own_clause_act(first: Token, lexicon: Lexicon) -> bool:
    """r42c (docs/DESIGN.md#construction-classes): the act bound is a verb its own clause makes the agent's — a target
    of the agent's own ('Merged `feature/x` into my working branch', 'Squashing my WIP commits on the unpublished
    feature branch'), or things combined into one — however the stretch read for it was cut."""
    return any(_own_act(v, lexicon) or _combined(v) for v in first.sent if _in_clause(v, first))


def _in_clause(verb: Token, first: Token) -> bool:
    """The verb is the act's own or one the model hung under it (not a verb of another clause of the sentence)."""
    return verb.i == first.i or first in verb.ancestors or verb in first.ancestors


def _combined(verb: Token) -> bool:
    """m40c (docs/DESIGN.md#construction-classes, senses not strings): a verb whose result is one thing ('merging them
    into one', 'merge the two helpers together') combines things of the agent's own work; it names no merge of a
    branch."""
    for child in verb.children:
        if child.dep_ == "advmod" and child.lower_ == "together":
            return True
        if child.dep_ == "prep" and child.lower_ in ("into", "to"):
            if any(g.dep_ == "pobj" and g.lower_ in ("one", "single") for g in child.children):
                return True
            if any(g.dep_ == "pobj" and any(a.lower_ in ("one", "single") for a in g.children) for g in child.children):
                return True
    return False


def _own_clause(sentence: str, at: int) -> tuple[str, str]:
    """The hand-over's own clause, from the last ';', ':' or dash before the phrase (at `at`), and the clauses before
    it in its sentence, closed as a statement ('tagging needs your sign-off — is Thursday okay with you?')."""
    head = sentence[:at]
    breaks = [k for k, ch in enumerate(head) if ch in CONTEXT_BREAKS and sentence[k + 1 : k + 2].isspace()]
    if not breaks or not any(ch.isalpha() for ch in head[: breaks[-1]]):
        return sentence, ""
    prior = head[: breaks[-1]].strip()
    return sentence[breaks[-1] + 1 :].strip(), prior.rstrip(",;:") + "."
