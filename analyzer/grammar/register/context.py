"""What a register gate reads beyond the parsed sentence: the sentence after the phrase's question, and
whether it answers the question."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from analyzer.lexicon import Lexicon
from analyzer.terms import terms
from analyzer.text import sites
from analyzer.text.carveouts import Views
from analyzer.text.units import answer_format

if TYPE_CHECKING:
    from collections.abc import Iterable

    from spacy.tokens import Token

# Issue 28 phase 4: the pronouns of a thing, whose answers ('It is …', 'They are …') answer a question about a thing,
# and the persons a question may be asked of ('Are we good to proceed? It is a one-day job.' is no answer).
THING_PRONOUNS = frozenset({"it", "it's", "they", "that"})
PERSONS = frozenset({"i", "we", "you", "u"})
SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl"})
# r29c: the openings of the agent's own recommendation after its question (sites.toml [recommendation]): no answer.
RECOMMENDATIONS = tuple(sites()["recommendation"]["openings"])
# r38o: the openers of a dependent clause, inside which a word of existence gives a reason, not an answer (_exists).
DEPENDENT_OPENERS = terms("answered-in-message", "dependent_openers")


@dataclass(frozen=True)
class Context:
    """What a gate may read beyond the parsed sentence: the sentence that follows the phrase's question
    in the same message (an answer makes the question no register), as plain lower-cased text."""

    following: str = ""


# The sentence after a question: up to the next end of sentence, at most this many characters.
_FOLLOWING_LIMIT = 240


_QUESTION_END = re.compile(r"[?]")


_NEXT_END = re.compile(r"[.!?;](?=[\s\"')\]”’*_]|$)|\n")


def following_sentence(views: Views, end: int) -> str:
    """The agent's next sentence after the question a phrase belongs to, lower-cased (carve-outs blank):
    what rule `answered-in-text` reads. Empty when the phrase's sentence is not a question or ends the text."""
    view = views.parse_view
    stop = _NEXT_END.search(view, end)
    if stop is None or not _QUESTION_END.match(view, stop.start()):
        return ""
    rest = view[stop.end() : stop.end() + _FOLLOWING_LIMIT].lstrip(" \t\n*_-—–:")
    cut = _NEXT_END.search(rest)
    following = rest[: cut.start()] if cut else rest
    if answer_format(following):
        # r33i: '… anyway? (yes/no)': the answers offered are the question's furniture; the sentence after them follows
        rest = rest[len(following) :].lstrip(" \t\n*_-—–:.")
        cut = _NEXT_END.search(rest)
        following = rest[: cut.start()] if cut else rest
    return following.strip().lower().replace("’", "'")


_WORD = re.compile(r"[\w'’-]+")


def asks_a_person(tokens: Iterable[Token]) -> bool:
    """The question's first subject is a person ('Should I …?', 'Are we good …?', 'Are you ok with me …?'), not a
    thing ('Is it okay to drop the shell?')."""
    subject = next((t for t in tokens if t.dep_ in SUBJECTS), None)
    return subject is not None and subject.lower_ in PERSONS


def answered(
    context: Context,
    verb_lemma: str,
    lexicon: Lexicon,
    alternatives: frozenset[str] = frozenset(),
    *,
    asks_a_person: bool = False,
) -> bool:
    """The sentence after the question answers it when it opens with an answer ('Yes —', 'No:', 'It is —', 'Not
    needed:'), maybe after a short fronted phrase ('For our payloads, yes'), names one of the alternatives offered,
    proceeds whatever the answer with the agent acting, or does what was asked ('Shall I rebase? Rebasing it now').
    A reassurance ('No rush') answers nothing."""
    following = context.following
    if not following or following.startswith(RECOMMENDATIONS):
        return False  # r29c: 'I'd lean towards SQLite, since …' after the question recommends: the choice stays open
    words = [w.replace("’", "'") for w in _WORD.findall(following)]
    opening = " ".join(words[:3])
    if any(opening == w or opening.startswith(w + " ") for w in lexicon.non_answers):
        return False
    answers = [w for w in lexicon.answer_words if not (asks_a_person and w.split()[0] in THING_PRONOUNS)]
    if any(opening == w or opening.startswith(w + " ") for w in answers):
        return True  # 'It is …' answers 'Is it …?', not 'Are we good to proceed?' (asks_a_person)
    clause = following.split(",", 1)[1] if "," in following.split("—")[0][:40] else ""
    fronted = " ".join(_WORD.findall(clause)[:2])
    reassures = any(fronted.startswith(w) for w in lexicon.non_answers)
    single = [w for w in lexicon.answer_words if " " not in w]
    if clause and not reassures and any(fronted == w or fronted.startswith(w + " ") for w in single):
        return True  # 'For our payloads, yes — …': the answer after a short fronted phrase
    if any(_exists(following, m) for m in lexicon.exists_markers):
        return True  # 'Do you want the table split? The --json output already carries it.'
    if words and words[0] in alternatives:
        return True
    # r35c: a report of doing it opening the sentence counts too ('… or is this enough? Added them anyway: …')
    reported = bool(words) and words[0].endswith("ed")
    acting = reported or any(w.endswith("ing") or w in ("i'll", "i'm", "we'll", "i", "we") for w in words)
    if acting and any(re.search(r"\b" + re.escape(m) + r"\b", following) for m in lexicon.proceed_markers):
        return True
    stem = verb_lemma.removesuffix("e")
    if len(stem) < 3 or not words:
        return False
    acting = (
        words[0] if words[0].endswith("ing") else (words[1] if words[0] in ("i'm", "now") and len(words) > 1 else "")
    )
    return acting.startswith(stem)


def _exists(following: str, marker: str) -> bool:
    """r38o (docs/DESIGN.md#construction-classes): the next sentence answers by what exists when the word of existence
    stands in its main clause ('The --json output already carries it.'); inside a dependent clause opened before it
    ('It's what CI uses already.', '… since CI already runs it') it says what the asked act matches or why it is
    wanted: a reason, no answer."""
    found = re.search(r"\b" + re.escape(marker) + r"\b", following)
    if found is None:
        return False
    before = _WORD.findall(following[: found.start()].replace("’", "'"))
    return not any(w in DEPENDENT_OPENERS for w in before)
