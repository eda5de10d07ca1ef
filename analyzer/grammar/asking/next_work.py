"""The next piece of work offered as a verbless question (docs/DESIGN.md#construction-classes, issue 28 phase 6):
'Tests for the edge cases next?', 'Docs after that?', 'Then the migration scripts?'. The agent names a piece of work
and places it next in its own sequence, the verb of doing it left out: the reader is asked to say yes. A noun of a fact
or an event ('Same error on the nightly next?') offers nothing; a human-only piece ('The 2.4.0 release next?') is
the reader's own decision: exempt. The agent's going on asked with its subject left out ('Keep going with the rest?',
'Move on to the exporter?') asks the same yes; so does the choice between the agent's alternatives asked of a thing
with 'should' ('Should the nightly report go to Slack or to email?')."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.grammar.closing_questions import AGENT_SUBJECTS, Asked, _as_asked, _judged
from analyzer.grammar.judgement import Judgement, gated
from analyzer.grammar.registry import rule
from analyzer.grammar.work import work_of_stretch
from analyzer.parse.tokens import bounds
from analyzer.terms import terms
from analyzer.text.questions import QUESTION

if TYPE_CHECKING:
    from spacy.tokens import Token

NEXT_WORDS = terms("next-work-asked", "next_words")
AFTER_OBJECTS = terms("next-work-asked", "after_objects")
FACT_NOUNS = terms("next-work-asked", "fact_nouns")
WORK_NOUNS = terms("elliptical", "work_nouns")
GOING_ON = terms("next-work-asked", "going_on")
GOING_ON_WITH = terms("next-work-asked", "going_on_with")
GOING_ON_PARTS = terms("next-work-asked", "going_on_parts")
# Words a question may open with before its verb: 'So, keep going?', 'OK to …' is the leave question's.
OPENERS = frozenset({"so", "then", "ok", "okay", "now", "and", "shall", "just"})
# The modals of a choice asked of a thing ('Should the cache live in Redis or in memory?'), and the persons whose
# 'should' asks leave or a fact about them instead ('Should I …', 'Should we …', 'Should you …').
CHOICE_MODALS = terms("next-work-asked", "choice_modals")
CHOICE_WH = terms("next-work-asked", "choice_wh")
DELIBERATIVE = terms("next-work-asked", "deliberative_modals")
PERSONS = terms("next-work-asked", "persons")
EXISTENTIAL_MODALS = terms("next-work-asked", "existential_modals")
EXISTENTIAL_NOT_WORK = terms("next-work-asked", "existential_not_work")
# A verbless question is short: the work named and where it goes.
MAX_WORDS = 10


@rule("next-work-question")
def next_work_question(asked: Asked) -> Judgement | None:
    """No verb in the question; a noun at its root with a word that places it next ('next', 'then', 'after that'
    on the noun). What is placed next — the noun with what it is for — is judged like attribution."""
    if asked.site.kind != QUESTION:
        return None
    words = [t for t in asked.tokens if not t.is_punct]
    root = asked.root
    if not words or len(words) > MAX_WORDS or any(_verb(t, asked) for t in words):
        return None
    if root.pos_ not in ("NOUN", "PROPN", "VERB"):
        return None
    if root.lemma_.lower() in FACT_NOUNS or root.lower_ in FACT_NOUNS:
        return None
    placed = _placed_next(root, words[-1])
    if placed is None:
        return None
    why = f"offers '{root.text}' as the agent's next piece of work ('{placed.text}')"
    return _judged(asked, "next-work-question", why, [root], frozenset(t.i for t in placed.subtree))


def _verb(token: Token, asked: Asked) -> bool:
    """A verb of the question's own: not a participle on a noun ('the remaining modules'), nor a noun of work the
    model read as a verb after the noun it is about ('README update next?': update -ROOT, no subject, no object)."""
    if token.pos_ not in ("VERB", "AUX"):
        return False
    if token.dep_ in ("amod", "compound"):
        return False
    work = token.lemma_.lower() in WORK_NOUNS or token.lower_ in asked.lexicon.agent_work
    bare = not any(c.dep_ in ("aux", "dobj", "nsubj", "ccomp", "xcomp") for c in token.children)
    named = any(c.dep_ == "compound" and c.i < token.i for c in token.children)
    return not (token.dep_ == "ROOT" and token.tag_ == "VB" and work and bare and named)


def _placed_next(root: Token, last: Token) -> Token | None:
    """The word that places the noun next: 'next' or 'then' as its modifier (or closing the question, wherever the
    model hung it: 'Type hints for the remaining modules next?'), or 'after' with what was just done ('after that')."""
    candidates = [*root.children, last] if last.dep_ == "advmod" else list(root.children)
    for child in candidates:
        lower = child.lower_
        if child.dep_ in ("advmod", "amod", "npadvmod") and lower in NEXT_WORDS and lower != "after":
            return child
        after_that = lower == "after" and any(g.lower_ in AFTER_OBJECTS for g in child.children)
        if child.dep_ == "prep" and (after_that or lower == "afterwards"):
            return child
    return None


@rule("existential-next-work")
def existential_next_work(asked: Asked) -> Judgement | None:
    """r31c: 'Is there a specific issue … that I should address?', 'Are there other scripts I should update too?' —
    an existential question ('there' as the copula's expletive) whose noun, or a noun inside its phrase, has a relative
    clause with the agent as subject, a modal of duty or ability and a verb that takes work on: the reader is asked to
    name the agent's next work. Judged like attribution on the noun's phrase: exempt when purely human-only ('Is there
    a release I should tag today?')."""
    if asked.site.kind != QUESTION:
        return None
    root = asked.root
    if root.lemma_.lower() != "be" or not any(c.dep_ == "expl" for c in root.children):
        return None
    for noun in (c for c in root.children if c.dep_ in ("attr", "nsubj")):
        act = next((t for t in noun.subtree if _agents_work(t)), None)
        if act is not None:
            why = f"asks the reader to name the agent's next work ('{noun.text} … {act.text}')"
            agent = frozenset(c.i for c in act.children if c.dep_ in ("nsubj", "aux"))
            return _judged(asked, "existential-next-work", why, [noun], agent)
    return None


def _agents_work(verb: Token) -> bool:
    """A relative clause of the agent's work: first-person subject, a modal of duty or ability, a verb of doing."""
    if verb.dep_ != "relcl" or verb.lemma_.lower() in EXISTENTIAL_NOT_WORK:
        return False
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    modal = any(c.dep_ == "aux" and c.lower_ in EXISTENTIAL_MODALS for c in verb.children)
    # 'Is there anything I could have done differently?': the perfect asks about what is past, no next work
    perfect = any(c.dep_ == "aux" and c.lemma_.lower() == "have" for c in verb.children)
    return modal and not perfect and subject is not None and subject.lower_ in AGENT_SUBJECTS


@rule("going-on-question")
def going_on_question(asked: Asked) -> Judgement | None:
    """The question opens with a bare verb of going on (no subject, no auxiliary): 'continue', 'proceed', or 'keep',
    'move', 'go' with the word that makes them go on ('keep going', 'move on', 'go ahead'). What the agent would go on
    with is judged like attribution: 'Proceed with the merge of #812?' is the reader's own decision."""
    if asked.site.kind != QUESTION:
        return None
    words = [t for t in asked.tokens if not t.is_punct and t.lower_ not in OPENERS]
    verb = words[0] if words else None
    if verb is None or verb.tag_ != "VB" or verb.dep_ != "ROOT" or any(
        c.dep_ in ("nsubj", "aux", "expl") for c in verb.children
    ):
        return None
    lemma = verb.lemma_.lower()
    parts = [c for c in verb.children if c.lower_ in GOING_ON_PARTS and c.dep_ in ("xcomp", "prt", "advmod", "prep")]
    if lemma not in GOING_ON and not (lemma in GOING_ON_WITH and (parts or _named_next(verb))):
        return None
    shown = " ".join(t.text for t in (verb, *parts[:1]))
    return _judged(asked, "going-on-question", f"asks leave for the agent to go on ('{shown}')", [verb],
                   frozenset({verb.i, *(p.i for p in parts if p.dep_ != "prep")}))  # fmt: skip


def _named_next(verb: Token) -> bool:
    """'Start on the adapters now?', 'Begin the exporter?': a verb of starting with what it starts."""
    return verb.lemma_.lower() in ("start", "begin") and any(c.dep_ in ("dobj", "prep") for c in verb.children)


def _deliberated(words: list[Token]) -> int | None:
    """r31b: 'Which formats must be supported first?', 'Where should the config live?': a question word opens the
    question, a modal of deliberation follows within a few words, and no person is its subject (before or after it):
    the index of the modal, whose words after it are judged; None otherwise."""
    if len(words) < 4 or words[0].lower_ not in CHOICE_WH:
        return None
    modal = next((k for k in range(1, min(4, len(words) - 1)) if words[k].lower_ in DELIBERATIVE), None)
    if modal is None or words[modal].dep_ not in ("aux", "ROOT") or words[modal - 1].lower_ in PERSONS:
        return None
    if words[modal + 1].lower_ in PERSONS or any(t.lower_ in PERSONS for t in words[1:modal]):
        return None
    if words[modal].lower_ == "must" and not any(t.tag_ == "VBN" and t.dep_ == "ROOT" for t in words[modal + 1 :]):
        return None  # 'must' of a requirement only in the passive ('must be supported'), not 'What must be true …?'
    return modal


@rule("should-choice")
def should_choice(asked: Asked) -> Judgement | None:
    """The question opens with 'should' or 'shall' and a subject that is a thing (not the agent, not the reader), and
    holds alternatives joined by 'or': the reader is asked to choose how the agent's work is to be. The model parses
    such questions every which way, so the words after the modal are judged as written: exempt when purely human-only
    ('Should the 2.4.0 release go out today or on Monday?')."""
    if asked.site.kind != QUESTION:
        return None
    words = [t for t in asked.tokens if not t.is_punct]
    deliberated = _deliberated(words)
    if deliberated is not None:
        words = words[deliberated:]
    elif (
        len(words) < 4
        or words[0].lower_ not in CHOICE_MODALS
        or words[1].lower_ in PERSONS
        or not any(t.lower_ == "or" for t in words[2:])
    ):
        return None
    stretch = words[1:]
    work = work_of_stretch(stretch, asked.lexicon)
    span = bounds(stretch)
    head = f"'{_as_asked(asked)}' asks the reader to choose between the agent's alternatives ('{words[0].text} … or')"
    if deliberated is not None:
        shown = f"{asked.tokens[0].text} … {words[0].text}"
        head = f"'{_as_asked(asked)}' asks the reader to decide how the agent's work is to be ('{shown}')"
    if work.human_only:
        return gated("exempt", "should-choice", f"exempt (should-choice): {head}, and that is {work.describe()}",
                     words[0].i, span, work.domains)  # fmt: skip
    return gated("fire", "should-choice", f"fires (should-choice): {head}; it {work.describe()}", words[0].i, span,
                 work.domains)  # fmt: skip
