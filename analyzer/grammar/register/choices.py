"""The choice family's gate (docs/DESIGN.md#phrase-families revision 2): a question that hands the reader the next step,
judged like an attribution phrase on what it offers to choose."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.grammar.grants import READER_OWNERS, granted_word
from analyzer.grammar.judgement import Judgement, gated, text_of
from analyzer.grammar.persons_side import environment_word
from analyzer.grammar.reference import wh_framed
from analyzer.grammar.register.clauses import is_question, spelled
from analyzer.grammar.register.context import Context, answered, asks_a_person
from analyzer.grammar.registry import rule
from analyzer.grammar.work import work_of, work_of_stretch
from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import SUBJECT_DEPS, bounds, subject_of, tops
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token

EMBEDDED_QUESTION_WORDS = terms("register", "embedded_question_words")
WISH_VERBS = terms("register", "wish_verbs")
OUTCOME_VERBS = terms("outcome-asked", "verbs")
OUTCOME_POINTERS = terms("outcome-asked", "pointers")
# r29c: the words of a verdict on, or an act with, the alternative the agent's next sentence names (_one_picked).
PICK_VERDICTS = terms("choice-answered", "verdicts")
# r38l: a word that orders the options ('Which do you want first, …'), no option of its own.
ORDER_ADVERBS = terms("decision-named", "order_adverbs")



@rule("choice-question")
def choice_question(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """An inverted phrase ('would you', 'do you') needs its question mark or an options colon; an embedded question
    needs to ask the reader's wish (_asks_wish). What is offered is the rest of the clause (_offered), judged by
    work_of, with a participle after its object naming what is done to it (_done_to)."""
    inverted = phrase[0].lower_ in ("would", "do", "did", "will", "could")
    if inverted and not (is_question(phrase) or _opens_options(phrase)):
        return None
    if phrase[-1].lower_ == "how" and _outcome_asked(phrase[-1], lexicon):
        # issue 28 phase 6: 'The fix is in. Let me know how it goes!' — the reader's report on the agent's work
        return gated("fire", "choice-question", f"fires (choice-question): '{spelled(phrase)} …' waits for the "
                     "reader's report on how the agent's work turns out")  # fmt: skip
    if phrase[-1].lower_ in EMBEDDED_QUESTION_WORDS and not _asks_wish(phrase, lexicon):
        return None  # 'Let me know what CI says on your fork': a request for a fact, no choice handed back
    offered = _offered(phrase)
    verb = next((t for t in offered if t.pos_ in ("VERB", "AUX")), None)
    if verb is not None and verb.lemma_.lower() in lexicon.rhetorical_verbs and not any(
        c.pos_ == "VERB" and c.lemma_.lower() not in lexicon.rhetorical_verbs for c in verb.conjuncts
    ):  # r29d: 'What would you like to know or do with the project?': an act joined to the knowing is offered
        return None  # 'Do you want to know why the last page repeated? The cursor …': a rhetorical lead-in
    lemma = verb.lemma_.lower() if verb is not None else ""
    if answered(context, lemma, lexicon, _alternatives(offered), asks_a_person=asks_a_person(phrase[0].sent)):
        return None
    if _one_picked(offered, context.following):
        return None  # r29c: 'Do you want the strict parser or the lenient one? For this feed the strict one is right …'
    if not offered:
        return gated(
            "fire",
            "choice-question",
            f"fires (choice-question): '{spelled(phrase)}' hands the choice of the next step back to the reader",
        )
    scope = frozenset(t.i for t in offered)
    work = work_of([t for t in tops(offered) if t.dep_ != "cc"], lexicon, scope)
    span = bounds(offered)
    shown = text_of(phrase[0], span)
    done = _done_to(offered, lexicon)
    if done is not None:
        return gated(
            "fire",
            "choice-question",
            f"fires (choice-question): the choice offered is what to do ('{done.text}') with '{shown}', agent work",
            done.i,
            span,
            work.domains,
        )
    framed = wh_framed(offered[0]) if not work.human_only else []
    if framed and (whole := work_of_stretch([*framed, *offered], lexicon)).human_only:
        work = whole  # r35a: 'Which tier do you want to upgrade the subscription to: Pro or Business?'
    side = _persons_options(offered)
    if side is not None:
        # r40b (docs/DESIGN.md#construction-classes): 'Do you want to test it on your phone or in Safari?'
        return gated("exempt", "choice-question", f"exempt (choice-question): every option of '{shown}' is on the "
                     f"person's side ('{side}'): the person's own way, not the agent's work", offered[0].i, span)
    if work.human_only:
        return gated(
            "exempt",
            "choice-question",
            f"exempt (choice-question): the choice offered, '{shown}', is {work.describe()}",
            offered[0].i,
            span,
            work.domains,
        )
    return gated(
        "fire",
        "choice-question",
        f"fires (choice-question): the choice offered, '{shown}', {work.describe()}",
        offered[0].i,
        span,
        work.domains,
    )


def _persons_options(offered: Sequence[Token]) -> str | None:
    """r40b: every option the choice offers, split at 'or', is on the person's side — a grant or credential of theirs
    (granted_word) or a place the reader owns (environment_word with 'your': 'on your phone or on your tablet', 'add the
    key in your GitHub settings or export a token'): the choice is of the person's own way. A place no one owns may be
    the app being built ('the banner in the dashboard or in the settings page' is a design choice), and one option of
    the agent's work keeps the choice the agent's. The first word, or None."""
    options: list[list[Token]] = [[]]
    for token in offered:
        if token.lower_ == "or":
            options.append([])
        else:
            options[-1].append(token)
    if len(options) < 2 or not all(options):
        return None
    sides = [granted_word(option) or (environment_word(option) if _owned(option) else None) for option in options]
    return sides[0] if all(sides) else None


def _owned(option: Sequence[Token]) -> bool:
    """The option names a thing of the reader's own ('your phone')."""
    return any(t.dep_ == "poss" and t.lower_ in READER_OWNERS for t in option)


def _one_picked(offered: Sequence[Token], following: str) -> bool:
    """r29c: the agent's next sentence names one alternative by what sets it apart (a modifier the other lacks: 'the
    strict one', 'the async one') and gives a verdict or an act on it ('is right', 'ships', 'what I wired in'): the
    agent answered its own question. Naming both ('the strict one rejects …; the lenient one pads …') answers none."""
    if not following:
        return False
    tops_ = [t for t in tops(offered) if t.dep_ != "cc"]
    heads = [m for t in tops_ for m in (t, *(c for c in t.subtree if c.dep_ == "conj"))]
    nouns = [h for h in heads if h.pos_ in ("NOUN", "PROPN", "PRON") or h.lower_ == "one"]
    if len(nouns) < 2:
        return False
    # 'the async one': the model may make the modifier the head and 'one' its number; then the head sets it apart
    marks = [{c.lower_ for c in n.children if c.dep_ in ("amod", "compound", "nmod")}
             | ({n.lower_} if any(c.lower_ == "one" for c in n.children) else set()) for n in nouns]  # fmt: skip
    own = [m - set().union(*(o for j, o in enumerate(marks) if j != k)) for k, m in enumerate(marks)]
    said = set(re.findall(r"[\w'-]+", following))
    named = [k for k, m in enumerate(own) if m and m & said]
    return len(named) == 1 and bool(said & PICK_VERDICTS)


def _alternatives(offered: Sequence[Token]) -> frozenset[str]:
    """The head words of the alternatives a choice offers ('throughput or latency' -> both), lower-cased."""
    tops_ = [t for t in tops(offered) if t.dep_ != "cc"]
    heads = [m for t in tops_ for m in (t, *(c for c in t.subtree if c.dep_ == "conj"))]
    return frozenset(h.lower_ for h in heads if h.pos_ in ("NOUN", "PROPN", "ADJ", "VERB"))


def _orders_options(rest: Sequence[Token]) -> bool:
    """r38l (docs/DESIGN.md#construction-classes): 'Which do you want first, the production deploy or the 2.1
    release?' — an order adverb before the options says which goes first; it adds no work of its own."""
    return len(rest) > 2 and rest[0].lower_ in ORDER_ADVERBS and rest[0].pos_ == "ADV" and rest[1].text in (",", ":")


def _offered(phrase: Sequence[Token]) -> list[Token]:
    """What a choice question offers: the rest of its clause after the phrase, without the question
    mark, an introducing colon or 'to' ('Would you like to merge it or hold?' -> 'merge it or hold')."""
    last = phrase[-1]
    rest = [t for t in last.doc[last.i + 1 : last.sent.end]]
    end = next((k for k, t in enumerate(rest) if t.text in ("?", ".", "!", ";")), len(rest))
    rest = rest[:end]
    introducer = max((k for k, t in enumerate(rest) if t.text in (":", "—", "–", "--")), default=None)
    if introducer is not None and introducer + 1 < len(rest):
        rest = rest[introducer + 1 :]  # 'Which do you prefer for #1187 — squash-merge or rebase-merge?'
    while rest and (rest[0].is_punct or rest[0].lower_ in ("to", "me", "that", "of") or _orders_options(rest)):
        rest = rest[1:]
    # 'which of squash or rebase you want': the reader's own wish clause closes what is offered.
    wish = next((k for k, t in enumerate(rest) if t.lower_ == "you" and k > 0), len(rest))
    return [t for t in rest[:wish] if not t.is_space]


def _outcome_asked(how: Token, lexicon: Lexicon) -> bool:
    """Issue 28 phase 6: 'how it goes', 'how it works out' — a verb of outcome under 'how' whose subject points at what
    the agent did, with no domain word after it ('how it goes with the stamp from security' is the outcome of a
    human-only act, the reader's own)."""
    verb = how.head
    subject = subject_of(verb)
    if verb.lemma_.lower() not in OUTCOME_VERBS or subject is None or subject.lower_ not in OUTCOME_POINTERS:
        return False
    return not any(lexicon.domain_of(t.lemma_.lower()) or lexicon.domain_of(t.lower_) for t in verb.subtree)


def _opens_options(phrase: Sequence[Token]) -> bool:
    """'Would you like to:' over a list of options — the colon asks as the question mark does."""
    last = phrase[-1]
    return any(t.text == ":" for t in last.doc[last.i + 1 : last.sent.end])


def _asks_wish(phrase: Sequence[Token], lexicon: Lexicon) -> bool:
    """'let me know what/which/how/whether …' hands a choice back only when the embedded question asks the reader's
    wish ('what you'd like me to do', 'which approach you prefer') or what to do (an infinitive question:
    _infinitive_choice), not a fact ('which CI job failed on your fork')."""
    last = phrase[-1]
    rest = list(last.doc[last.i + 1 : last.sent.end])
    if _infinitive_choice(last, rest, lexicon):
        return True
    for k, token in enumerate(rest[:-1]):
        wish = next((t for t in rest[k + 1 : k + 3] if t.lemma_.lower() in WISH_VERBS), None)
        if token.lower_ == "you" and wish is not None:
            # 'what you want me to prioritise' is the offer `want me to`, reported by its own phrase
            return not (
                wish.lemma_.lower() == "want" and wish.i + 1 < len(wish.doc) and wish.doc[wish.i + 1].lower_ == "me"
            )
    return False


def _infinitive_choice(word: Token, rest: Sequence[Token], lexicon: Lexicon) -> bool:
    """'let me know which of the two crashes to take first', '… what to do next': the embedded question is an
    infinitive of an act whose head is the request's verb; an infinitive of a fact verb ('what to expect') asks
    none."""
    know = word.head
    for token in rest:
        if token.lower_ != "to" or token.dep_ != "aux":
            continue
        act = token.head
        if act.pos_ == "VERB" and act.head.i == know.i and act.lemma_.lower() not in lexicon.fact_verbs:
            return True
    return False


def _done_to(offered: Sequence[Token], lexicon: Lexicon) -> Token | None:
    """'Do you want merge stamps recorded in the audit line?', 'Do you want the logs attached?': a participle after
    the object (as its modifier or in a small clause) names what is to be done with it; unless it is a domain act,
    that is agent work."""
    inside = {t.i for t in offered}
    for token in offered:
        nominal = token.head.i in inside and token.head.pos_ in ("NOUN", "PROPN") and token.head.i < token.i
        # 'want the logs attached' as a small clause: logs -nsubj-> attached
        nominal = nominal or any(c.dep_ in SUBJECT_DEPS and c.i in inside and c.i < token.i for c in token.children)
        # r40c: a participle that heads a marked clause ('or wait until the docs are done') says when, not what is done
        marked = any(c.dep_ == "mark" for c in token.children)
        if (
            token.tag_ == "VBN"
            and nominal
            and not marked
            and not lexicon.domain_of(token.lemma_)
            and not lexicon.domain_of(token.lower_)
        ):
            return token
    return None
