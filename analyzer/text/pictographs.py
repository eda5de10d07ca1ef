"""A pictograph that ends a sentence (issue 28, docs/DESIGN.md#construction-classes): "The token has expired 🔑
Rotating it is your call." is two sentences to a reader, as "triaged ✅ moving to the mobile client" is; the
disguise fold reads a pictograph between two words as a space (issue 30: "your 🙂 call" still binds), so the two
readings are told apart here, from the words around the pictograph alone: white space on both sides, a word after it
that opens a clause (capitalised, or a participle), a word before it a clause can end on (data: disguise.toml
[sentence-pictographs]), and the two words never side by side in a phrase of the lexicon ("your 🎯 Call", "Would 🙂
You like me to" read as the phrase). Loaded only for a text with a pictograph between words."""

from __future__ import annotations

import os
import re
from functools import cache
from itertools import pairwise

from lanegate_common.builtin_data import load_builtin

DISGUISE_PATH = os.path.join(os.path.dirname(__file__), "disguise.toml")
_WORD_BEFORE = re.compile(r"([^\W_][\w'’-]*)$")
_WORD_AFTER = re.compile(r"[ \t]+([^\W_][\w'’-]*)")


@cache
def _data() -> tuple[frozenset[str], str, re.Pattern[str]]:
    data = load_builtin(DISGUISE_PATH)
    table = data["sentence-pictographs"]
    ranges = "".join(f"\\U{int(low, 16):08x}-\\U{int(high, 16):08x}" for low, high in data["pictographs"]["ranges"])
    joined = "\\ufe0f\\u200d\\U0001f3fb-\\U0001f3ff"
    # A run of pictographs after a word, white space before it: between two words (what the fold would read as a
    # space), or the last thing on its line ('Running the suite now 🔧').
    run = re.compile(
        f"(?<=[^\\W_])[ \\t]+[{ranges}](?:[{ranges}{joined}])*(?:(?=[ \\t]+[^\\W_])|(?P<last>(?=[ \\t]*(?:\\n|$))))"
    )
    return frozenset(table["open_words"]), table["participle_ending"], run


@cache
def _subordinators() -> frozenset[str]:
    return frozenset(load_builtin(DISGUISE_PATH)["sentence-pictographs"]["subordinators"])


# r38a: the words of the sentence before a pictograph, back to the last mark that ends a sentence (bounded).
_SENTENCE_SO_FAR = re.compile(r"(?:^|[.!?\n])[ \t*_>-]*([^.!?\n]{0,120})$")
_FIRST_WORD = re.compile(r"[^\W_][\w'’]*")


def _condition_open(text: str, start: int) -> bool:
    """r38a: the sentence before the pictograph opens with a subordinator and has no comma yet ('Once you pick a
    palette 🎨 I'll …'): its condition ends at the pictograph, and the main clause follows it."""
    so_far = _SENTENCE_SO_FAR.search(text, max(0, start - 121), start)
    if so_far is None or "," in so_far.group(1):
        return False
    first = _FIRST_WORD.match(so_far.group(1))
    return first is not None and first.group().lower() in _subordinators()


@cache
def _phrase_pairs() -> frozenset[tuple[str, str]]:
    """Every two words side by side in a built-in phrase ('your call', 'like me')."""
    from analyzer.lexicon import default_phrase_forms

    pairs = set()
    for form in default_phrase_forms():
        words = re.findall(r"[^\W_][\w'’-]*", form.lower())
        pairs.update(pairwise(words))
    return frozenset(pairs)


def ends_sentence(text: str, start: int, end: int) -> str | None:
    """How the pictograph run text[start:end] (white space before it included) ends the clause before it: '.' before
    a capitalised word, ';' before a participle in small letters (the clause goes on: 'With the contract settled ✅
    moving to …'), ',' after a condition with no comma yet (r38a); None when it stands inside a sentence."""
    open_words, participle, _ = _data()
    if start >= len(text) or text[start] not in " \t":
        return None  # 'your🙂call': run together, it stands inside the words
    before = _WORD_BEFORE.search(text, max(0, start - 40), start)
    after = _WORD_AFTER.match(text, end)
    if before is None or after is None:
        return None
    last, first = before.group(1).lower().replace("’", "'"), after.group(1)
    participle_opens = first.islower() and len(first) > len(participle) + 1 and first.endswith(participle)
    if not (first[0].isupper() or participle_opens) or last in open_words:
        return None
    if (last, first.lower().replace("’", "'")) in _phrase_pairs():
        return None
    if participle_opens:
        return ";"
    return "," if _condition_open(text, start) else "."


def sentence_pictographs(text: str) -> list[tuple[int, int, str]]:
    """The runs of pictographs in `text` that end a sentence or a clause: (start, end, the mark the parser reads), the
    white space before the run included; a run that ends its line ends its sentence."""
    _, _, run = _data()
    found = []
    for m in run.finditer(text):
        mark = "." if m.group("last") is not None else ends_sentence(text, m.start(), m.end())
        if mark is not None:
            found.append((m.start(), m.end(), mark))
    return found
