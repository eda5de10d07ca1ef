"""Find lexicon phrases in the agent's own words, without spaCy.

This is the hook's cheap first pass: when it finds nothing, no model is ever loaded. Matching is
case-insensitive on token boundaries, tolerant of soft line wraps and of both apostrophes, and
leftmost-longest without overlaps ("do you want me to" reports `do you want me`).
"""

from __future__ import annotations

import re
from functools import cache

from analyzer.lexicon import Lexicon, PhraseEntry, default_lexicon
from lanegate_common.frozen import frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from analyzer.carveouts import Views

# Between two words of a phrase: spaces or tabs, with at most one line break (a soft wrap).
_GAP = r"(?:[ \t]+|[ \t]*\r?\n[ \t]*)"
# A phrase never starts or ends inside a longer word, identifier or path (your_call, your-move.ts).
_BEFORE = r"(?<![\w'’\-/.])"
_AFTER = r"(?![\w'’\-/]|\.\w)"
# The pre-filter's words: a phrase word's ASCII pieces are runs of letters and digits.
_ASCII_WORD = re.compile(r"[a-z0-9]+")
# "word" is a run of letters for the mention test; apostrophes stay inside words.
_WORD = r"[\w'’-]+"
# Words a mention cue may stand behind: "the phrase like your call", "phrases such as want me to".
_MENTION_FILLERS = frozenset({"like", "such", "as", "the", "a", "an", "of", "called", "named", "'s", "on", "for", "by"})
# Words skipped between a phrase and what marks it as mentioned: "… are both on the list".
_FOLLOWER_FILLERS = frozenset({"both", "all", "now", "already", "also", "still"})
_SENTENCE_BREAK = r"[.!?;\n]"
# Articles of a noun that is not naming a phrase: "a changelog entry", "another test string".
_INDEFINITE = frozenset({"a", "an", "another"})
# First words of phrases that open a clause ("if you want it", "unless you'd rather", "or steer me elsewhere").
_LINKING = frozenset({"if", "unless", "or"})


@frozen
class Candidate:
    """A phrase as written, located in the original text."""

    entry: PhraseEntry
    start: int
    end: int
    text: str


def find_candidates(text: str, lexicon: Lexicon | None = None) -> tuple[Candidate, ...]:
    """The phrases the analyzer must judge: carve-outs and mentions already removed."""
    lexicon = lexicon or default_lexicon()
    if not may_match(text, lexicon):
        return ()
    from analyzer.carveouts import build_views

    return scan(build_views(text), lexicon)


def may_match(text: str, lexicon: Lexicon) -> bool:
    """False only when no phrase of the lexicon can match (may_match_forms)."""
    return may_match_forms(text, _forms(lexicon))


def may_match_forms(text: str, forms: tuple[str, ...]) -> bool:
    """False only when no phrase of these canonical forms can match: most texts, settled without the
    views or the big regex (and, in the hook, without building the lexicon).

    For ASCII text, a case-insensitive match of an ASCII piece of a phrase word is that piece in the
    lower-cased text (the views only blank characters, so a piece found there is in the text too); a
    piece that is not ASCII could match ASCII letters under re.IGNORECASE ("ſ" matches "s"), so it
    never rules a phrase out, and neither does any non-ASCII text.
    """
    if not text.isascii():
        return True
    lowered = text.lower()
    possible = [pieces for pieces in _pieces(forms) if all(piece in lowered for piece in pieces)]
    if not possible:
        return False
    # The substring test passes on pieces inside longer words ('ok' and 'to' in 'tokenizer'): settle it on
    # whole words, split wherever a match could not continue a word (so never fewer words than a match sees).
    words = set(_ASCII_WORD.findall(lowered))
    return any(all(piece in words for piece in pieces) for pieces in possible)


@cache
def _forms(lexicon: Lexicon) -> tuple[str, ...]:
    return tuple(entry.canonical for entry in lexicon.phrases)


@cache
def _pieces(forms: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Per phrase, the ASCII runs its match must contain: each word's parts between apostrophes (the
    words of a canonical form are PhraseEntry.words)."""
    return tuple(
        tuple(part.lower() for word in form.split() for part in word.split("'") if part.isascii()) for form in forms
    )


def scan(views: Views, lexicon: Lexicon) -> tuple[Candidate, ...]:
    pattern, entries = _compiled(lexicon)
    found: list[Candidate] = []
    for m in pattern.finditer(views.match_view):
        entry = entries[int(m.lastgroup[1:])]  # type: ignore[index]
        if _is_mention(views.match_view, m.start(), m.end(), lexicon, clause_opening=entry.words[0] in _LINKING):
            continue
        found.append(Candidate(entry, m.start(), m.end(), views.original[m.start() : m.end()]))
    return tuple(found)


@cache
def _compiled(lexicon: Lexicon) -> tuple[re.Pattern[str], tuple[PhraseEntry, ...]]:
    """One alternation, longest phrases first, so a match at a position is the longest there; each
    alternative is a named group, so the match names its entry whatever case folding it went through."""
    entries = tuple(sorted(lexicon.phrases, key=lambda e: (-len(e.words), -len(e.canonical))))
    alternatives = [
        f"(?P<p{i}>" + _GAP.join(_word_pattern(w) for w in e.words) + _not_before(e) + ")"
        for i, e in enumerate(entries)
    ]
    pattern = re.compile(_BEFORE + "(?:" + "|".join(alternatives) + ")" + _AFTER, re.IGNORECASE)
    return pattern, entries


def _not_before(entry: PhraseEntry) -> str:
    """A lookahead that rejects the match when one of the entry's `not_before` words follows, so the
    longer reading is found instead ("if you want me to" is the offer `want me to`)."""
    if not entry.not_before:
        return ""
    words = "|".join(_word_pattern(w) for w in entry.not_before)
    return f"(?!{_GAP}(?:{words})(?![\\w'’\\-]))"


def _word_pattern(word: str) -> str:
    return "['’]".join(re.escape(part) for part in word.split("'"))


@cache
def _mention_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The mention test's word and sentence-break patterns, compiled when a phrase is first found (not
    at import: the hook imports this module at every autonomous stop, most of which find none)."""
    return re.compile(_WORD), re.compile(_SENTENCE_BREAK)


def _is_mention(view: str, start: int, end: int, lexicon: Lexicon, *, clause_opening: bool) -> bool:
    """A mention names the phrase instead of using it: 'the phrase your call', 'the trigger want me to'.

    clause_opening: the phrase opens with a linking word ('if you want it'). A cue word with an indefinite
    article is then an ordinary noun whose clause the phrase continues ('I can add a changelog entry if
    you want it'); a named phrase is definite ('the pattern if you want it now has a gate').
    """
    word, sentence_break = _mention_patterns()
    after = " ".join(w.lower() for w in word.findall(view[end : end + 60]) if w.lower() not in _FOLLOWER_FILLERS)
    if any(after.startswith(follower) for follower in lexicon.mention_followers):
        return True
    window_start = max(0, start - 80)
    before = view[window_start:start]
    breaks = list(sentence_break.finditer(before))
    if breaks:
        before = before[breaks[-1].end() :]
    words = [w.lower().replace("’", "'") for w in word.findall(before)]
    for k in range(len(words) - 1, max(len(words) - 5, -1), -1):
        bare = words[k].removesuffix("'s")
        if bare in lexicon.mention_cues:
            return not (clause_opening and _INDEFINITE & set(words[max(0, k - 3) : k]))
        if words[k] not in _MENTION_FILLERS:
            return False
    return False
