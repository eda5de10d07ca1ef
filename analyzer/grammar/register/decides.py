"""'Your call' said another way (docs/DESIGN.md#construction-classes): the reader named as the owner of a decision,
judged as an attribution phrase is (docs/DESIGN.md#decisive-relation) on what is decided — exempt when it is purely
human-only work, the register otherwise."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from analyzer.grammar.judgement import Judgement, gated, text_of, verdict_of
from analyzer.grammar.named_decision import named_decision
from analyzer.grammar.objects import object_form
from analyzer.grammar.phrase_rules import classify_phrase
from analyzer.grammar.reference import act_before, pointing_noun
from analyzer.grammar.register.bound_before import alternatives_judged, bound_before
from analyzer.grammar.register.clauses import across_break, spelled
from analyzer.grammar.register.context import Context
from analyzer.grammar.registry import rule
from analyzer.grammar.relation_rules import ownership_judgement, relation_of_segment
from analyzer.grammar.work import work_of_stretch
from analyzer.lexicon import Lexicon
from analyzer.parse.shapes import segment_before
from analyzer.parse.tokens import DEMONSTRATIVES, SUBJECT_DEPS, bounds, is_copula, subject_of
from analyzer.terms import terms
from analyzer.text.candidates import find_candidates

if TYPE_CHECKING:
    from spacy.tokens import Token

DECISION_VERBS = terms("register", "decision_verbs")
HANDOVER_VERBS = terms("register", "handover_verbs")
# r31d: the verbs that leave a decision 'with' the reader ('I'll leave that with you').
LEFT_WITH = terms("bound-before", "left_with")
READER = terms("register", "reader")
AGENT = terms("register", "agent_subjects")
FREE_OPENINGS = terms("free-choice", "openings")
FREE_BEFORE = terms("free-choice", "before")
FREE_LIKING = terms("free-choice", "liking")
LEFT_TO_JUDGMENT = terms("register", "judgment_nouns")
# r37b: the places a decision is said to be in, owned by the reader ('in your hands', 'in your court').
HANDOVER_PLACES = terms("register", "handover_places")
# r37b: the verbs with which a decision lies with the reader, its subject what is handed over ('rests with you').
RESTING_VERBS = terms("register", "resting_verbs")
FREE_INTERFACE = terms("free-choice", "interface")
CONDITION_MARKS = terms("register", "wish_marks") | terms("parse", "condition_marks") | {"should"}
# What a decision verb decides: its object, a clause of what or whether, an infinitive, 'between' or 'on' the options.
DECIDED_DEPS = frozenset({"dobj", "ccomp", "xcomp", "prep", "advcl", "attr"})
# Issue 28 (terms [decision-left-open]): the modals of possibility before the reader's decision ('You can decide …'),
# the words of an open question as what is decided, the prepositions of a means or a place of the product's use, the
# words that put it off; the pronouns that point back at the act before them ("It's yours."); the marks after which
# a clause stands as a sentence of its own ('You decide …; both are defensible').
POSSIBILITY = terms("decision-left-open", "possibility")
OPEN_QUESTION = terms("decision-left-open", "open_question")
MEANS = terms("decision-left-open", "means")
PUT_OFF = terms("decision-left-open", "put_off")
POINTING_PRONOUNS = terms("decision-left-open", "pointing_pronouns")
PARATAXIS_MARKS = terms("decision-left-open", "parataxis_marks")
# The clauses under which a reader's decision is not itself a hand-over: a condition ('if you choose to …', a
# conditional offer's), a relative clause ('the page that lets you pick'), an embedded question ('tell me which you
# choose').
EMBEDDED_DEPS = frozenset({"advcl", "relcl", "acl", "ccomp", "xcomp", "csubj", "pcomp", "pobj"})


@rule("reader-decides")
def reader_decides(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """The phrase's own words choose the construction: a decision noun ('your pick', 'up to you', 'yours to') is read
    by the phrase table as 'your call' is; a decision verb with the reader as subject ('you choose', 'let you
    choose', 'for you to decide') and a decision left to the reader ('leave X to you') find what is decided
    themselves. A variant that shares its sentence with a listed phrase is that phrase's relation ('The merge is up to
    you, your call.'): the listed phrase reports the hand-over."""
    if _beside_a_listed_phrase(phrase, lexicon):
        return None
    judged = _by_construction(phrase, lexicon)
    if judged is not None and judged.verdict == "fire" and (named := named_decision(phrase, lexicon)) is not None:
        return _decision_named(judged, phrase, *named)
    if judged is not None and judged.verdict == "fire":
        # r31d: a hand-over whose own clause names nothing binds the decision named before it ('… Yours to decide.')
        bound = bound_before(phrase, lexicon)
        if bound is not None:
            return _tagged(bound, phrase, phrase[0])
    return judged


def _decision_named(judged: Judgement, phrase: Sequence[Token], attribute: Token, domain: str) -> Judgement:
    """Rule `decision-named` (r38l): the copula beside the hand-over names the decision it hands over ('that's a
    billing change I can't make', 'is a legal question — yours to decide'): a human-only one, whatever the phrase's
    own clause says."""
    words = " ".join(t.text for t in attribute.subtree if t.i <= attribute.i and not t.is_punct and t.dep_ != "det")
    why = (f"exempt (reader-decides): '{spelled(phrase)}' leaves the decision to the reader — the copula beside it "
           f"names the decision, '{words}', a human-only one ({domain}; rule decision-named)")  # fmt: skip
    return replace(judged, verdict="exempt", rule="reader-decides", reason=why, domains=(domain,),
                   path=(*judged.path, "decision-named"), negation=None)  # fmt: skip


def _by_construction(phrase: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
    words = [t.lower_ for t in phrase]
    you = next((t for t in phrase if t.lower_ in READER), None)
    if words == ["with", "you"]:  # r31d: 'I'll leave that with you'
        left = phrase[0].head.lemma_.lower()
        if left in RESTING_VERBS:
            return _in_hands(phrase, lexicon)  # r37b: 'The decision rests with you.', 'The naming sits with you.'
        return _handed_over(phrase, lexicon) if left in LEFT_WITH else None
    if words[-2:] == ["to", "you"]:  # 'to you', 'up to you'
        handed = _handed_over(phrase, lexicon)
        if handed is not None or words == ["to", "you"]:
            return handed
        return _by_phrase_table(phrase, lexicon)
    if words[-1] == "yours" and words[0] != "yours":  # issue 28 phase 6: 'The index rebuild is yours.'
        return _owned(phrase, lexicon)
    if words[-1] in FREE_OPENINGS:  # issue 28 phase 6: 'Pick whichever suits you.'
        return _free_choice(phrase, lexicon)
    if words[-1] in HANDOVER_PLACES:  # issue 28 phase 6: 'I'll leave the naming in your hands.', 'in your court'
        return _in_hands(phrase, lexicon)
    if words[-2:] == ["for", "you"]:  # issue 28: 'Choice for you: port the tests now or after the release.'
        return _labelled_choice(phrase, lexicon)
    if words[0] in ("to", "at") and words[-1] in LEFT_TO_JUDGMENT:
        # r32c: 'I'll leave the batch size to your discretion.', 'The lint config is at your discretion.': a decision
        # left to the reader's judgment, read as 'in your hands' is
        return _in_hands(phrase, lexicon)
    if words == ["yours"]:  # r37j: a table cell that holds only 'yours' is the row's 'your call'
        return _by_phrase_table(phrase, lexicon)
    if words[0] in ("yours", "you", "let", "for"):  # 'yours to', 'you decide', 'let you', 'for you to'
        verb = _decision_verb(phrase, you, any_verb=words[0] == "yours")
        if verb is not None and any(t.lower_ in POSSIBILITY for t in phrase) and not _asked_open(verb):
            return None  # issue 28: 'You can choose which theme to use in the settings page': a use of the product
        return None if verb is None else _decided(phrase, verb, lexicon)
    return _by_phrase_table(phrase, lexicon)


def _labelled_choice(phrase: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
    """Issue 28 (docs/DESIGN.md#construction-classes): a decision noun 'for you' as the label opening its sentence,
    the options after its colon or dash — judged on the options as 'Your choice: …' is; anywhere else ('a good choice
    for you', 'a decision for you and the team') it names a fit or an owner, no hand-over."""
    first = phrase[0]
    opening = all(t.is_punct or t.is_space for t in first.doc[first.sent.start : first.i])
    after = first.doc[phrase[-1].i + 1] if phrase[-1].i + 1 < len(first.doc) else None
    if not opening or after is None or after.text not in PARATAXIS_MARKS:
        return None
    options = [t for t in first.doc[after.i + 1 : first.sent.end] if not t.is_space]
    while options and options[-1].is_punct:
        options.pop()
    if not options:
        return None
    return _tagged(_stretch_judgement(first, options, lexicon, what="the options"), phrase, first)


def _beside_a_listed_phrase(phrase: Sequence[Token], lexicon: Lexicon) -> bool:
    sentence = phrase[0].sent.text
    return any(c.entry.family == "attribution" and c.entry.gate == "none" for c in find_candidates(sentence, lexicon))


def _by_phrase_table(phrase: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
    """A decision noun the reader owns: walked through the phrase table like 'your call'; 'of your choice' after a
    noun ('any model of your choice') names a thing, no hand-over."""
    noun = phrase[-1]
    if noun.dep_ == "pobj" and noun.head.lower_ == "of" and noun.head.head.pos_ in ("NOUN", "PROPN", "PRON"):
        return None
    head = phrase[0]
    copula = head.head
    # The model tags 'up' of 'is up to you' an adverb after some subjects ('Whether to merge #12 into main is up …').
    complement = head.dep_ in ("prep", "acomp", "attr") or (head.dep_ == "advmod" and head.lower_ == "up")
    if complement and is_copula(copula) and copula.tag_ != "VBD" and copula.i < head.i:
        # 'Merging #812 today is up to you': what the copula says of its subject, as 'is your call' does
        scope = frozenset(t.i for t in head.sent) - {t.i for t in phrase}
        return _tagged(ownership_judgement(copula, [head], lexicon, scope), phrase, head)
    judged = classify_phrase(phrase, lexicon)
    return None if judged.verdict == "carved" else _tagged(judged, phrase, noun)


def _owned(phrase: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
    """'yours' as the attribute of a copula in a statement of now ('The index rebuild is yours.', 'That decision is
    all yours.') is copular ownership, judged on the subject as 'is your call' is; it reports only the register: a
    human-only decision that is the reader's ('The merge is yours.') or ownership denied ('The merge isn't yours
    yet') is a plain statement, as it was before 'yours' was read (no finding). A question ('Is this branch yours?'),
    a past ('the decision was yours') and 'yours' anywhere else name an owner, no hand-over."""
    yours = phrase[-1]
    copula = yours.head
    if yours.dep_ == "ROOT":
        return _owned_by_pointer(phrase, yours, lexicon)
    if yours.dep_ not in ("attr", "acomp", "oprd") or not is_copula(copula) or copula.tag_ == "VBD":
        return None
    subject = subject_of(copula)
    if subject is None or subject.i > copula.i or subject.lower_ in READER:
        return None
    if subject.lower_ in POINTING_PRONOUNS and not list(subject.children):
        return _owned_by_pronoun(phrase, yours, subject, lexicon)
    if _readers_past_after(yours):
        return None
    scope = frozenset(t.i for t in yours.sent) - {yours.i}
    judged = ownership_judgement(copula, [yours], lexicon, scope)
    if judged.verdict != "fire" or judged.negation is not None:
        return None
    return _tagged(judged, phrase, yours)


def _readers_past_after(yours: Token) -> bool:
    """Issue 28 (docs/DESIGN.md#construction-classes): 'The icon naming scheme is yours — you wrote it last year.',
    'The wording is yours — I left it untouched as you asked.': the reader's own past act after the possessive makes
    it a report of whose the thing already is, no decision handed over."""
    for t in yours.sent:
        if t.i > yours.i and t.tag_ == "VBD":
            subject = subject_of(t)
            if subject is not None and subject.lower_ in READER:
                return True
    return False


def _owned_by_pronoun(phrase: Sequence[Token], yours: Token, subject: Token, lexicon: Lexicon) -> Judgement | None:
    """Issue 28 (docs/DESIGN.md#construction-classes): "Restyling the banner would change QA's screenshots. It's
    yours." — a bare pronoun as the subject stands for the act the sentence before names, as 'That one' does; with no
    act before it, or in reported speech ('She said it's yours'), it hands nothing over. Only the register reports."""
    copula = yours.head
    if copula.dep_ in EMBEDDED_DEPS or any(t.i < subject.i and not t.is_punct for t in yours.sent):
        return None  # 'She said it's yours', 'Once merged, it's yours': not the pronoun opening its own sentence
    return _owned_act_before(phrase, yours, subject, f"what '{subject.text}' stands for,", lexicon)


def _owned_by_pointer(phrase: Sequence[Token], yours: Token, lexicon: Lexicon) -> Judgement | None:
    """r33d (docs/DESIGN.md#construction-classes, rule `act-on-pointer`): "That one's yours." — the model read the
    clitic copula as a possessive ('one -poss-> yours', yours the root): the demonstrative stands for the act the
    sentence before names, as it does in "That one's yours to decide."; like 'yours' elsewhere, only the register
    reports (a human-only act there is the reader's: no finding)."""
    segment = [t for t in yours.sent if t.i < yours.i and not t.is_space]
    if not _demonstrative_copula(segment):
        return None
    what = f"what '{text_of(yours, bounds(segment))}' stands for,"
    return _owned_act_before(phrase, yours, segment[0], what, lexicon)


def _owned_act_before(
    phrase: Sequence[Token], yours: Token, pointer: Token, what: str, lexicon: Lexicon
) -> Judgement | None:
    """'That one's yours.' and 'It's yours.' share one reading: the pointer stands for the act the sentence before
    names, and only the register reports (a human-only act there is the reader's own: no finding)."""
    act = act_before(pointer)
    if not act:
        return None
    judged = _stretch_judgement(yours, act, lexicon, what=what)
    return _tagged(judged, phrase, yours) if judged.verdict == "fire" else None


def _free_choice(phrase: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
    """'Pick whichever suits you.', 'Go with whichever layout you like best.': an instruction to choose (the phrase's
    verb opens its segment, past 'so' or 'just', with no subject) whose object is the free choice — the model parses
    the free relative every which way, so what is chosen is the stretch after 'whichever', the reader's liking left
    out; judged as an object is, and only the register reports: a human-only choice ('whichever release date suits
    you') is a plain instruction (no finding). A verb with a subject or words before it in its clause ('you pick
    whichever …') instructs nothing."""
    opening = phrase[-1]
    verb = phrase[0]
    start = verb.i
    while start > verb.sent.start and not verb.doc[start - 1].is_punct:
        start -= 1  # back to the clause's first word: ', so pick whichever …'
    before = [t for t in verb.doc[start : verb.i] if t.lower_ not in FREE_BEFORE]
    if before or verb.tag_ != "VB" or subject_of(verb) is not None or any(c.dep_ == "aux" for c in verb.children):
        return None  # 'Whichever layout wins, I'll use whichever …', 'you pick whichever …': no instruction
    after = opening.doc[opening.i + 1 : opening.sent.end]
    end = next((t.i for t in after if t.is_punct or t.lower_ == "and"), opening.sent.end)
    liking = FREE_LIKING
    chosen = [t for t in opening.doc[opening.i + 1 : end] if t.lower_ not in liking and t.lemma_ not in liking]
    if any(t.lower_ in FREE_INTERFACE for t in chosen):
        return None  # 'Pick whichever theme suits you in the settings page': the reader using the product
    if chosen:
        work = work_of_stretch(chosen, lexicon)
        span = bounds(chosen)
        judged = verdict_of(work, "object", "object-form", f"what is chosen '{text_of(verb, span)}'", span,
                            chosen[0].i, None)  # fmt: skip
        return _tagged(judged, phrase, verb) if judged.verdict == "fire" else None
    listed = [t for t in opening.doc[end : opening.sent.end] if not t.is_space]
    if listed and listed[0].text == ":":  # r35a: 'Pick whichever you prefer: merge #302 with a squash, or …'
        offered = alternatives_judged(listed[1:], lexicon)
        if offered is not None:
            return _tagged(offered, phrase, verb)
    return gated(
        "fire", "reader-decides", f"fires (reader-decides): '{spelled(phrase)}' leaves the choice among the agent's "
        "options to the reader"
    )


def _in_hands(phrase: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
    """'The folder layout is in your hands.' (a copula: its subject is what is handed over), 'I'll leave the naming
    in your hands.' (a verb of handing over: its object, or the noun a relative clause of it names: 'The order of the
    cleanups I'll leave in your hands'). Like 'yours', only the register reports: a human-only decision in the reader's
    hands, or one denied them, is a plain statement (no finding)."""
    into = phrase[0]
    verb = into.head
    scope = frozenset(t.i for t in into.sent) - {t.i for t in phrase}
    # r37b: a verb of lying with the reader ('The decision rests with you.') says of its subject what the copula does
    lying = is_copula(verb) or (into.lower_ == "with" and verb.lemma_.lower() in RESTING_VERBS)
    if lying and verb.tag_ != "VBD" and subject_of(verb) is not None and subject_of(verb).i < verb.i:
        judged = ownership_judgement(verb, [into], lexicon, scope)
    elif verb.lemma_.lower() in HANDOVER_VERBS | {"put", "place"}:
        left = [c for c in verb.children if c.dep_ in ("dobj", "nsubjpass")]
        if not left and verb.dep_ == "relcl":
            left = [verb.head]  # 'The order of the cleanups I'll leave in your hands'
        if not left:
            return None
        judged = object_form(verb, left, lexicon, scope - {t.i for t in verb.subtree if t.i > into.i})
    else:
        return None
    if judged.verdict != "fire" or judged.negation is not None:
        return None
    return _tagged(judged, phrase, verb)


def _decision_verb(phrase: Sequence[Token], you: Token | None, *, any_verb: bool) -> Token | None:
    """The verb of deciding the reader is the subject of — 'you decide', 'let you choose', 'for you to say' — in a
    clause of its own: not under a condition, a relative clause or an embedded question. any_verb: 'yours to' hands
    over whatever its infinitive names ('yours to settle', 'yours to merge')."""
    if you is not None and you.dep_ in SUBJECT_DEPS:
        verb = you.head
    else:  # 'yours to settle': the infinitive after the phrase
        after = phrase[-1].doc[phrase[-1].i + 1] if phrase[-1].i + 1 < len(phrase[-1].doc) else None
        verb = after if after is not None and _infinitive(after) else None
    if verb is None or not (any_verb or verb.lemma_.lower() in DECISION_VERBS):
        return None
    if any(c.dep_ == "mark" and c.lower_ in CONDITION_MARKS for c in verb.children):
        return None  # 'if you choose to run it locally', 'once you decide': a condition, no hand-over of its own
    if verb.dep_ in EMBEDDED_DEPS and phrase[0].lower_ in ("you", "let") and not _let(verb) and not _paratactic(verb):
        return None  # 'tell me which approach you choose', 'the page lets you pick'

    return verb


def _asked_open(verb: Token) -> bool:
    """Issue 28 (docs/DESIGN.md#construction-classes): under a modal of possibility ('You can decide …') the reader's
    decision hands one over only as a question left open — a clause of what, which, how or whether as what is decided —
    with nothing that makes it a use of the product: a means or a place ('with `--cols`', 'in the settings page', 'by
    setting …'), a time put off ('later'), or the reader's own wish inside ('whether you want …'), nor a particle ('pick
    up')."""
    if any(c.dep_ == "prt" or (c.dep_ == "prep" and c.lower_ in MEANS) or c.lower_ in PUT_OFF for c in verb.children):
        return False
    for clause in (c for c in verb.children if c.dep_ in ("ccomp", "xcomp", "dobj")):
        # a clause with its wh-word before its head, or an object that is the wh-word or has it ('which one ships')
        asked = [t for t in clause.subtree if t.i <= clause.i and t.lower_ in OPEN_QUESTION]
        inside = [t for t in clause.subtree if t.i > verb.i]
        if not asked or any(t.lower_ in READER for t in inside):
            continue
        return not any((t.dep_ == "prep" and t.lower_ in MEANS) or t.dep_ == "agent" for t in inside)
    return False


def _paratactic(verb: Token) -> bool:
    """Issue 28: 'You decide how strict the lint config should be; both settings are defensible.' — the model hung
    the reader's decision on the clause after a semicolon, a colon or a dash as its complement; a clause that comes
    first and is cut off by that mark is a sentence of its own, not an embedded question."""
    head = verb.head
    if verb.dep_ != "ccomp" or head.i < verb.i:
        return False
    return any(t.text in PARATAXIS_MARKS and t.head.i == head.i for t in verb.doc[verb.i + 1 : head.i])


def _infinitive(word: Token) -> bool:
    """The word after 'yours to' is its infinitive: a verb, or a word the model read as a noun or an adjective that
    heads no noun phrase of its own there ('The security section is yours to word.')."""
    if word.pos_ in ("VERB", "AUX"):
        return True
    return word.pos_ in ("NOUN", "ADJ") and word.is_alpha and not any(c.dep_ == "det" for c in word.children)


def _let(verb: Token) -> bool:
    """'I'll let you choose': the agent lets the reader decide; a thing that lets the reader do something ('the page
    lets you pick a theme') describes the product."""
    let = verb.head
    if let.lemma_.lower() != "let" or let.i == verb.i:
        return False
    subject = subject_of(let)
    return subject is None or subject.lower_ in AGENT


def _decided(phrase: Sequence[Token], verb: Token, lexicon: Lexicon) -> Judgement:
    """What the reader decides: the decision verb's own object ('choose the cache size', 'decide whether to
    approve #90'); for 'X is for you to say' or 'X is yours to settle', the copula's subject (a demonstrative stands
    for what comes before it); with nothing named, the fragment before a dash ('… on the folder structure — you
    choose'); else nothing is named and the hand-over fires."""
    scope = frozenset(t.i for t in verb.sent) - {t.i for t in phrase}
    copula = _copula_above(verb)
    if copula is not None:
        return _tagged(ownership_judgement(copula, [verb], lexicon, scope), phrase, verb)
    objects = [c for c in verb.children if c.dep_ in DECIDED_DEPS and c.i > verb.i and c.lower_ not in READER]
    if objects:
        return _tagged(object_form(verb, objects, lexicon, scope), phrase, verb)
    segment = segment_before(phrase[0])
    act = act_before(segment[0]) if _demonstrative_copula(segment) else []
    if act:  # r29b: 'Upgrading the org to the Business plan adds $240 a month. That one's yours to decide.'
        what = f"what '{text_of(verb, bounds(segment))}' stands for,"
        return _tagged(_stretch_judgement(verb, act, lexicon, what=what), phrase, verb)
    if segment:
        return _tagged(relation_of_segment(segment, lexicon), phrase, verb)
    if verb.i > phrase[-1].i:  # 'Yours to merge.': the infinitive itself is what is handed over
        return _tagged(object_form(verb, [verb], lexicon, scope | {verb.i}), phrase, verb)
    return gated(
        "fire", "reader-decides", f"fires (reader-decides): '{spelled(phrase)}' leaves the next decision to the reader"
    )


def _demonstrative_copula(segment: Sequence[Token]) -> bool:
    """Rule `act-on-pointer` (r29b): 'That one's', "This one's": a demonstrative (with a decision noun) and a clitic
    copula the model read as a possessive ('one -poss-> yours'): the copula's subject points back, as 'That one is'
    does."""
    return (
        len(segment) >= 2
        and segment[0].lower_ in DEMONSTRATIVES
        and segment[-1].lower_ in ("'s", "’s", "is")
        and all(pointing_noun(t) or t.lower_ in DEMONSTRATIVES for t in segment[1:-1])
    )


def _copula_above(verb: Token) -> Token | None:
    """'Which serializer to use is for you to decide' (decide -advcl-> is), 'The policy is yours to settle' (settle
    -relcl-> yours -attr-> is): the copula whose subject the reader is handed."""
    node = verb.head
    for _ in range(2):
        if is_copula(node) and node.i != verb.i and not _across_break(verb, node):
            return node
        node = node.head
    return None


def _across_break(verb: Token, copula: Token) -> bool:
    """r40c: a copula past a ';', ':' or dash whose subject is a thing of its own is another clause's, which the model
    hung the hand-over's on ('I'll let you choose when to tag the release; the notes are ready'): what the reader
    decides is the verb's own complement. A demonstrative subject points back at the hand-over ('…; that's a billing
    change I can't make')."""
    if not across_break(verb, copula):
        return False
    subjects = [c for c in copula.children if c.dep_ in SUBJECT_DEPS]
    return bool(subjects) and not any(c.lower_ in DEMONSTRATIVES | POINTING_PRONOUNS for c in subjects)


def _handed_over(phrase: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
    """'I'll leave the batch size to you', 'I'm leaving the choice of test runner up to you', 'I'll defer to you on the
    error messages', 'over to you for what comes next': a decision left to the reader by a verb of handing over; 'to
    you' under any other word ('sent to you', 'make sense to you') leaves nothing to the reader."""
    to = next(t for t in phrase if t.lower_ in ("to", "with"))
    verb = to.head.head if to.head.lower_ == "up" else to.head
    if verb.lemma_.lower() not in HANDOVER_VERBS and verb.dep_ in ("dep", "xcomp", "ccomp", "conj"):
        # 'I'll leave the timing of the production deploy to you': the model hung 'to you' on a word of the object
        # it read as a verb of its own (deploy -dep-> leave)
        verb = verb.head
    if verb.lower_ == "over" and verb.head.lemma_.lower() not in HANDOVER_VERBS:
        about = [g for c in verb.children if c.dep_ == "prep" for g in c.children if g.dep_ in ("pobj", "pcomp")]
        return _over(phrase, verb, about, lexicon)
    if verb.lemma_.lower() == "over":
        verb = verb.head
    if verb.lemma_.lower() not in HANDOVER_VERBS:
        return None
    scope = frozenset(t.i for t in verb.sent) - {t.i for t in phrase}
    left = [c for c in verb.children if c.dep_ in ("dobj", "nsubjpass", "dep", "xcomp", "ccomp") and c.i < to.i]
    # r35a: a gerund after the preposition is what is left too ('I'll defer to you on merging the release branch')
    left += [g for c in verb.children if c.dep_ == "prep" and c.i > to.i for g in c.children
             if g.dep_ in ("pobj", "pcomp")]  # fmt: skip
    pointed = [t for t in left if t.lower_ in ("it", "that", "this") or pointing_noun(t)]
    extraposed = _extraposed_whether(verb, to, pointed)
    if extraposed is not None:  # r33f: 'I'll leave it to you whether to roll the signing secret'
        return _tagged(object_form(verb, [extraposed], lexicon, scope), phrase, verb)
    # r36b (docs/DESIGN.md#construction-classes, the act named as a noun): 'Shall I leave the upload to PyPI to you?' —
    # the model hung the object's own complement on the verb; the words between the verb and 'to you' are the object
    split = any(c.dep_ == "prep" and left and min(t.i for t in left) < c.i < to.i for c in verb.children)
    if any(t.dep_ == "dep" for t in left) or split:
        # the model split the object ('the timing of the production | deploy'): judge what was written
        stretch = [t for t in verb.doc[verb.i + 1 : to.i] if not t.is_punct and t.i in scope]
        return _tagged(_stretch_judgement(verb, stretch, lexicon), phrase, verb)
    if left and not pointed:
        return _tagged(object_form(verb, left, lexicon, scope), phrase, verb)
    frame = [c for c in verb.children if c.dep_ in (*SUBJECT_DEPS, "aux") and c.i < verb.i]
    first = min(frame, key=lambda t: t.i) if frame else verb
    segment = segment_before(first)
    if segment:  # 'Merge now or hold — I'll leave that to you': what 'that' stands for
        return _tagged(relation_of_segment(segment, lexicon, demonstrative=True), phrase, verb)
    act = act_before(first) if pointed else []
    if act:  # 'Force-pushing to main would affect everyone. I'll leave that decision to you.'
        what = f"what '{text_of(verb, bounds(pointed[0].subtree))}' stands for,"
        return _tagged(_stretch_judgement(verb, act, lexicon, what=what), phrase, verb)
    return gated(
        "fire", "reader-decides", f"fires (reader-decides): '{spelled(phrase)}' leaves the next decision to the reader"
    )


def _extraposed_whether(verb: Token, to: Token, pointed: list[Token]) -> Token | None:
    """r33f (docs/DESIGN.md#construction-classes): 'I'll leave it (up) to you whether we drop the table': the
    expletive 'it' stands for the 'whether' clause after 'to you' (the verb's clause with that mark): what is left."""
    if not any(t.lower_ == "it" for t in pointed):
        return None
    return next(
        (
            c
            for c in verb.children
            if c.dep_ in ("advcl", "ccomp", "xcomp") and c.i > to.i
            and any(m.dep_ == "mark" and m.lower_ == "whether" for m in c.children)
        ),
        None,
    )


def _stretch_judgement(verb: Token, stretch: list[Token], lexicon: Lexicon, *, what: str = "object") -> Judgement:
    work = work_of_stretch(stretch, lexicon)
    span = bounds(stretch)
    return verdict_of(work, "object", "object-form", f"{what} '{text_of(verb, span)}'", span, stretch[0].i, None)


def _over(phrase: Sequence[Token], over: Token, about: list[Token], lexicon: Lexicon) -> Judgement:
    """'Over to you.', 'over to you for what comes next': the turn handed to the reader, judged on what it is for."""
    if about:
        scope = frozenset(t.i for t in over.sent) - {t.i for t in phrase}
        return _tagged(object_form(over, about, lexicon, scope), phrase, over)
    return gated("fire", "reader-decides", f"fires (reader-decides): '{spelled(phrase)}' hands the turn to the reader")


def _tagged(judged: Judgement, phrase: Sequence[Token], verb: Token) -> Judgement:
    """The judgement as this gate's: its rule and reason name the construction, its path the row it borrowed."""
    reason = judged.reason.split(": ", 1)[-1]
    head = "exempt" if judged.verdict == "exempt" else "fires"
    why = f"{head} (reader-decides): '{spelled(phrase)}' leaves the decision to the reader — {reason}"
    return replace(judged, rule="reader-decides", reason=why, path=(*judged.path, judged.rule))
