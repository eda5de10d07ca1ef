"""Find lexicon phrases in the agent's own words, without spaCy.

This is the hook's cheap first pass: when it finds nothing, no model is ever loaded. Matching is
case-insensitive on token boundaries, tolerant of soft line wraps and of both apostrophes, and
leftmost-longest without overlaps ("do you want me to" reports `do you want me`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from functools import cache, lru_cache

from analyzer.lexicon import Lexicon, PhraseEntry, default_lexicon
from lanegate_common.builtin_data import load_builtin
from lanegate_common.frozen import frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from analyzer.text.carveouts import Views
    from analyzer.text.disguise import Folded
    from analyzer.text.spelling import Respelled

# The kind of disguise Markdown emphasis inside a phrase is ("your **call**"; analyzer.text.disguise.MARKUP).
MARKUP = "markup"
# The fold's vertical stroke, read as "i" or "l" (analyzer.disguise.STROKE; not imported: the hook reads this
# module at every stop with a phrase, most of which need no fold).
_STROKE = "\ue000"

# The spellings read as standard English (analyzer.text.spelling; not imported: most stops respell nothing).
_SPELLING_PATH = os.path.join(os.path.dirname(__file__), "spelling.toml")
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
    """A phrase as written, located in the text the views were built from (the folded text)."""

    entry: PhraseEntry
    start: int
    end: int
    text: str
    # The kinds of disguise written inside the phrase (analyzer.text.disguise): format characters, look-alike
    # letters, markup. A disguised phrase fires whatever its relation (SPEC §2.6).
    disguise: tuple[str, ...] = ()


def find_candidates(text: str, lexicon: Lexicon | None = None, *, first: bool = False) -> tuple[Candidate, ...]:
    """The phrases the analyzer must judge, located in `text` as written: disguise read through,
    carve-outs and mentions already removed. first: stop at the first one (enough to know whether the
    text needs the analyzer at all)."""
    lexicon = lexicon or default_lexicon()
    if not may_match(text, lexicon):
        return ()
    folded, views = folded_views(text)
    found = iter_scan(views, lexicon, folded)
    chosen = tuple(c for _, c in zip(range(1), found, strict=False)) if first else tuple(sorted(found, key=_order))
    if folded.text is text:
        return chosen
    placed = []
    for c in chosen:
        start, end = folded.original_span(c.start, c.end)
        placed.append(Candidate(c.entry, start, end, text[start:end], c.disguise))
    return tuple(placed)


@lru_cache(maxsize=2)
def folded_views(text: str) -> tuple[Folded | Respelled, Views]:
    """The fold of a text read in standard spelling (analyzer.text.spelling) and the views of that text;
    kept for the last texts, so the hook's candidate test and the analyzer that follows it read a message
    once."""
    from analyzer.text.carveouts import build_views
    from analyzer.text.disguise import fold
    from analyzer.text.spelling import respell

    folded = respell(fold(text))
    return folded, build_views(folded.text)


def may_match(text: str, lexicon: Lexicon) -> bool:
    """False only when no phrase of the lexicon can match (may_match_forms)."""
    return may_match_forms(text, _forms(lexicon))


def may_match_forms(text: str, forms: tuple[str, ...]) -> bool:
    """False only when no phrase of these canonical forms can match: most texts, settled without the
    views or the big regex (and, in the hook, without building the lexicon).

    For ASCII text, a case-insensitive match of an ASCII piece of a phrase word is that piece in the
    lower-cased text (the views only blank characters, so a piece found there is in the text too); a
    piece that is not ASCII could match ASCII letters under re.IGNORECASE ("ſ" matches "s"), so it
    never rules a phrase out. Text outside ASCII is ruled on the same way when its other characters are
    punctuation, symbols or spaces only (an em dash, a curly quote); a letter, mark or format character
    there may be a disguise (analyzer.text.disguise), so such a text always reaches the full scan. Markup a
    reader does not see (tags, comments, intraword emphasis) is taken out first; an entity that may
    stand for a letter sends the text to the full scan.
    """
    if not text.isascii():
        from analyzer.text.disguise import only_plain_symbols

        if not only_plain_symbols(text):  # a letter, mark or format character outside ASCII: fold first
            return True
    if "<" in text or "*" in text or "&" in text or "\\" in text:  # markup a reader does not see (disguise)
        from analyzer.text.disguise import without_markup

        read = without_markup(text)
        if read is None:
            return True
        text = read
    lowered = text.lower()
    spellings, phrases = _pieces(forms)
    held = [_holds(word, lowered) for word in spellings]  # each distinct phrase word once
    possible = [phrase for phrase in phrases if all(held[k] for k in phrase)]
    if not possible:
        return False
    # The substring test passes on pieces inside longer words ('ok' and 'to' in 'tokenizer'): settle it on
    # whole words, split wherever a match could not continue a word (so never fewer words than a match sees).
    words = set(_ASCII_WORD.findall(lowered))
    return any(all(_holds(spellings[k], words) for k in phrase) for phrase in possible)


def _holds(word: tuple[tuple[str, ...], ...], found: str | set[str]) -> bool:
    """Whether one of a phrase word's spellings has all its pieces in `found` (the text, or its words)."""
    return any(all(piece in found for piece in spelled) for spelled in word)


@cache
def _forms(lexicon: Lexicon) -> tuple[str, ...]:
    return tuple(entry.canonical for entry in lexicon.phrases)


@cache
def _pieces(forms: tuple[str, ...]) -> tuple[tuple[tuple[tuple[str, ...], ...], ...], tuple[tuple[int, ...], ...]]:
    """Each distinct word of the phrases with each way it may be written — as it is, or in a spelling that reads as
    it (analyzer.text.spelling: "u" for "you", "youd" for "you'd") — as the ASCII runs a match must contain: the
    parts between apostrophes (the words of a canonical form are PhraseEntry.words); and per phrase, its words as
    indexes into the first (the phrases share most of their words, so each is tested once per text)."""
    index: dict[str, int] = {}
    phrases = tuple(tuple(index.setdefault(word.lower(), len(index)) for word in form.split()) for form in forms)
    spellings = tuple(tuple(_ascii_parts(spelled) for spelled in _spellings(word)) for word in index)
    return spellings, phrases


def _spellings(word: str) -> tuple[str, ...]:
    """The word and the forms spelling.toml reads as it."""
    written, endings = _written_forms()
    shortened = tuple(word[: -len(full)] + short for full, short in endings if word.endswith(full))
    return (word, *written.get(word, ()), *shortened)


def _ascii_parts(word: str) -> tuple[str, ...]:
    return tuple(part for part in word.split("'") if part and part.isascii())


@cache
def _written_forms() -> tuple[dict[str, tuple[str, ...]], tuple[tuple[str, str], ...]]:
    """Which written words spelling.toml reads as which standard word (a word of a [words] or [[context]]
    reading), and its [endings] as (standard, written) pairs. analyzer.text.spelling reads the same tables to
    respell a text; the pre-filter needs only which words may stand for which."""
    data = load_builtin(_SPELLING_PATH)
    pairs = [*data["words"].items(), *((row["word"], row["reads"]) for row in data["context"])]
    written: dict[str, list[str]] = {}
    for form, reading in pairs:
        for word in reading.lower().split():
            written.setdefault(word, []).append(form)
    endings = tuple((standard, dropped.replace("'", "")) for dropped, standard in data["endings"].items())
    return {word: tuple(forms) for word, forms in written.items()}, endings


def scan(views: Views, lexicon: Lexicon, folded: Folded | Respelled | None = None) -> tuple[Candidate, ...]:
    """Every phrase of the views in text order (iter_scan)."""
    return tuple(sorted(iter_scan(views, lexicon, folded), key=_order))


def iter_scan(views: Views, lexicon: Lexicon, folded: Folded | Respelled | None = None) -> Iterator[Candidate]:
    """The phrases in the views, each with the disguise written inside it (folded: the fold the views
    were built from), found one at a time so a caller that needs only the first pays for no more.

    The built-in phrases are matched on their own, exactly as without any configured phrase; then the
    configured ones, whose matches are added, overlaps included (SPEC §1.3: a project phrase never hides
    or changes a built-in phrase's finding).
    """
    for added in (False, True):
        pattern, entries = _compiled(lexicon, added)
        if pattern is None:
            continue
        for m in pattern.finditer(views.match_view):
            entry = entries[int(m.lastgroup[1:])]  # type: ignore[index]
            start, end = m.start(), m.end()
            if _is_mention(views.match_view, start, end, lexicon, clause_opening=entry.words[0] in _LINKING):
                continue
            disguise = folded.disguises(start, end) if folded is not None else ()
            written = views.original[start:end]
            # Emphasis or a prose word's backticks inside: "your **call**", "your `call`" (SPEC §7.2).
            if ("*" in written or "_" in written or "`" in written) and MARKUP not in disguise:
                disguise = (*disguise, MARKUP)
            yield Candidate(entry, start, end, written, disguise)


def _order(candidate: Candidate) -> tuple[int, int]:
    return candidate.start, -candidate.end


@cache
def _compiled(lexicon: Lexicon, added: bool) -> tuple[re.Pattern[str] | None, tuple[PhraseEntry, ...]]:
    """One alternation of the built-in (or of the added) phrases, longest first, so a match at a
    position is the longest there; each alternative is a named group, so the match names its entry
    whatever case folding it went through."""
    phrases = [e for e in lexicon.phrases if e.added == added]
    if not phrases:
        return None, ()
    entries = tuple(sorted(phrases, key=lambda e: (-len(e.words), -len(e.canonical))))
    # The alternatives grouped by first letter, each group behind a lookahead for it, longest first inside:
    # at a position only the phrases that can start there are tried, so a text dense in one initial ("a a
    # a …", 350,000 times) costs each position a dozen lookaheads, not every phrase. "i" and "l" are one
    # group: the fold's stroke starts either, and the longest phrase at a position must win.
    groups: dict[str, list[str]] = {}
    for i, e in enumerate(entries):
        initial = e.words[0][0]
        key = "il" if initial in "il" else initial
        words = _GAP.join(_word_pattern(w) for w in e.words)
        groups.setdefault(key, []).append(f"(?P<p{i}>{words}{_not_before(e)})")
    branches = [f"(?=[{_initials(key)}])(?:" + "|".join(alts) + ")" for key, alts in groups.items()]
    # A lookahead for the phrases' first letters comes first: the regex engine then skips to those
    # letters instead of trying the lookbehind at every position (14 times faster on 1 MB of symbols).
    first = "".join(_initials(key) for key in groups)
    pattern = re.compile(f"(?=[{first}])" + _BEFORE + "(?:" + "|".join(branches) + ")" + _AFTER, re.IGNORECASE)
    return pattern, entries


def _initials(key: str) -> str:
    """The character class body of a group's first letters (the stroke starts an "i" or "l" phrase)."""
    return "".join(re.escape(ch) for ch in key) + (_STROKE if key == "il" else "")


def _not_before(entry: PhraseEntry) -> str:
    """A lookahead that rejects the match when one of the entry's `not_before` words follows, so the
    longer reading is found instead ("if you want me to" is the offer `want me to`)."""
    if not entry.not_before:
        return ""
    words = "|".join(_word_pattern(w) for w in entry.not_before)
    return f"(?!{_GAP}(?:{words})(?![\\w'’\\-]))"


def _word_pattern(word: str) -> str:
    """A phrase word as a pattern: either apostrophe, and an "i" or "l" also matched by the fold's vertical
    stroke (analyzer.disguise.STROKE: "Іf" and "caӏӏ", whose letter UTS #39 cannot tell)."""
    return "['’]".join("".join(_letter(ch) for ch in part) for part in word.split("'"))


def _letter(ch: str) -> str:
    return f"[{ch}{_STROKE}]" if ch in "il" else re.escape(ch)


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
