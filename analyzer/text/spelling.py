"""Read non-standard spelling as standard English, keeping a map back (docs/DESIGN.md#construction-classes, without
spaCy).

Some agents write in a persona a user set, or in chat spelling: "wud u like me 2 keep going?", "ur call on the
naming", "Id be happy to add docs if youd like", "Arr, what be yer orders, cap'n?". A reader reads the same
constructions as in standard spelling, so the matcher and the parser must too. This step runs after the fold
(analyzer.text.disguise) and before the carve-outs, on the fold's text:
* a written form of spelling.toml's [words] is read as its reading wherever it stands; a [[context]] form only
  beside the words that make it one ("me 2 keep" but not "2 tests", "whenever u r" but not "the R package");
* r39f: an apostrophe inside a word written with any other mark ("isn’t", "isn‘t", "isnʼt", "isn＇t", "isn′t") is
  read as the ASCII one ([apostrophes]), so every reader after this step — the matcher, the carve-outs, the
  parser and each rule that reads the text itself — judges the word alike (same length: offsets hold);
* a dropped final g marked by an apostrophe ("missin'") is read with its g ([endings]);
* a persona's interjection opening a sentence ("Arr,", "Howdy!") and its vocative closing one (", partner.") or
  set off by commas inside it (", partner, I'll …") are read as nothing ([persona]): they are outside every
  relation (and blank space in their place would make an indented code block of a line they open); r35e: so is a
  discourse marker opening a sentence before its mark and a word ("Alright, …", "OK so — …"; [discourse]).
The result keeps a piecewise map to the fold's text, composed with the fold's own map, so every offset still
points into the text as written. A spelling is not a disguise (docs/DESIGN.md#normalisation): a phrase found through it
is judged like the same words spelled out. Every step is one regex pass with bounded look-around, linear in the text.
"""

from __future__ import annotations

import heapq
import os
import re
from bisect import bisect_right
from functools import cache

from lanegate_common.builtin_data import load_builtin
from lanegate_common.frozen import frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing: a stop with a phrase reads this module
if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping

    from analyzer.text.disguise import Folded

SPELLING_PATH = os.path.join(os.path.dirname(__file__), "spelling.toml")
# A written form stands alone: not inside a longer word, identifier, path or dotted name ("u8", "/u/", "U.S.").
# The scan finds forms between word boundaries (\b); these characters next to one make it part of something else.
# The fold's vertical stroke (analyzer.text.disguise.STROKE, an "i" or "l" UTS #39 cannot tell apart) is a letter.
_JOINED_BEFORE = "'-/.\ue000"
_JOINED_AFTER = "'-/\ue000"
# The words next to a written form, read inside a bounded window (the look-around stays linear).
_WINDOW = 40
_NEXT_WORD = re.compile(r"[ \t]*([a-z0-9]+(?:'[a-z]+)*)")
_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789'")
# What may stand between a sentence's start and its first word: spaces, list markers, emphasis.
_OPENS = re.compile(r"(?:\A|[.!?]|\n)[ \t>*_#-]*\Z")
# What opens a clause inside a sentence: a comma, semicolon or dash before the form.
_CLAUSE_OPENS = re.compile(r"[,;—–][ \t]*\Z")
# A written form that ends its sentence: punctuation that closes it, or the end of the line.
_ENDS = re.compile(r"[ \t*_]*(?:[.!?]|\n|\Z)")
# An interjection is followed by a comma or an exclamation mark; a vocative by what closes the sentence.
_INTERJECTION_MARK = re.compile(r"[ \t]*[,!][ \t]*")
# r35e: a discourse marker's mark (a comma, dash or exclamation mark) and the word on its line after it.
_DISCOURSE_MARK = r"[ \t]*(?:[,!]|—|–|--?)[ \t]*(?=[*_`\"'“‘]*\w)"
_VOCATIVE_END = re.compile(r"[ \t*_]*(?:[.!?]|\n|\Z|[^\w\s',;:(){}\[\]<>\"`-])")
_COMMA_BEFORE = re.compile(r",[ \t]*\Z")
# r29a: a vocative set off by commas inside its sentence ("Soon as ya pick a name, partner, I'll do the rename."): the
# comma before it is read as nothing with it, the one after it stays.
_VOCATIVE_COMMA = re.compile(r"[ \t]*,[ \t]+\w")
_SENTENCE_BREAK = re.compile(r"[.!?\n]")
# How far back a sentence-final form ("… the tests 2?") looks for another form written the same way.
_SAME_SENTENCE = 200
# r29a: the contractions a chat pronoun takes ("u'd", "ye've", "ya're", "u'll").
_CONTRACTION = re.compile(r"'(?:d|ve|re|ll)(?![\w'])")


@frozen
class ContextForm:
    """A written form read as `reads` only where it opens its sentence, ends one already respelled, or stands
    after or before one of its words (spelling.toml [[context]])."""

    reads: str
    after: frozenset[str] = frozenset()
    before: frozenset[str] = frozenset()
    opens: bool = False
    clause: bool = False
    ends: bool = False


@frozen
class Spelling:
    """spelling.toml, frozen: the forms read always, the forms read in context, the endings, the persona's
    words, and the patterns that find them (in the lower-cased text)."""

    words: Mapping[str, str]
    context: Mapping[str, tuple[ContextForm, ...]]
    endings: Mapping[str, str]
    interjections: frozenset[str]
    vocatives: frozenset[str]
    pronouns: frozenset[str]
    markers: frozenset[str]
    forms: re.Pattern[str]
    dropped: re.Pattern[str]
    discourse: re.Pattern[str]


@cache
def spelling() -> Spelling:
    data = load_builtin(SPELLING_PATH)
    context: dict[str, list[ContextForm]] = {}
    for row in data["context"]:
        form = ContextForm(
            row["reads"], frozenset(row.get("after", ())), frozenset(row.get("before", ())), row.get("opens", False),
            row.get("clause", False), row.get("ends", False),
        )
        context.setdefault(row["word"], []).append(form)
    persona = data["persona"]
    written = {*data["words"], *context, *persona["interjections"], *persona["vocatives"]}
    endings = "|".join(re.escape(e) for e in sorted(data["endings"], key=len, reverse=True))
    return Spelling(
        dict(data["words"]),
        {word: tuple(forms) for word, forms in context.items()},
        dict(data["endings"]),
        frozenset(persona["interjections"]),
        frozenset(persona["vocatives"]),
        frozenset(data["contracting"]["readings"]),
        frozenset(data["discourse"]["markers"]),
        # not followed by a word character: a form that ends in a mark ('w/') ends before a space too (issue 28); r35e:
        # after an underscore that opens emphasis ('_wud u like me 2 keep going?_'), not one inside a name ('cache_2')
        re.compile(r"(?:\b|(?<=(?<!\w)_))" + _alternation(sorted(written)) + r"(?!\w)"),
        # The ending is found first (a literal the scan jumps to); the word it ends is read back from it.
        re.compile(rf"(?:{endings})(?![\w'])"),
        # r35e: a discourse marker and its mark, a word after them on the line (whether it opens a sentence: _reading)
        re.compile(r"\b" + _alternation(sorted(data["discourse"]["markers"])) + _DISCOURSE_MARK),
    )


@cache
def _marks() -> frozenset[str]:
    """r39f: the marks spelling.toml [apostrophes] reads as the ASCII apostrophe inside a word."""
    return frozenset(load_builtin(SPELLING_PATH)["apostrophes"]["marks"])


@cache
def _apostrophes() -> re.Pattern[str]:
    """r39f: an apostrophe mark of spelling.toml [apostrophes] between two word characters."""
    marks = "".join(re.escape(m) for m in sorted(_marks()))
    return re.compile(rf"(?<=\w)[{marks}](?=\w)")


def straight_apostrophes(text: str) -> str:
    """r39f (docs/DESIGN.md#normalisation): `text` with every apostrophe inside a word read as the ASCII one; the
    text itself when it has none (ASCII text costs one test). Same length, so every offset holds."""
    if text.isascii():
        return text
    straight = _apostrophes().sub("'", text)
    return text if straight == text else straight


def marks_as_written(read: Folded | Respelled) -> str:
    """`read.text` with each apostrophe mark as the author typed it (same length): the parse reads one apostrophe,
    a reason quotes the author's mark (r39f; docs/DESIGN.md#normalisation)."""
    if not isinstance(read, Respelled) or read.fold.text.isascii():
        return read.text
    written = read.fold.text
    chars = list(read.text)
    for at in (i for i, ch in enumerate(read.text) if ch == "'"):
        source = read.source_span(at, at + 1)[0]
        if source < len(written) and written[source] in _marks():
            chars[at] = written[source]
    return "".join(chars)


def _alternation(words: list[str]) -> str:
    """The words as one regex, shared beginnings factored out (a trie), so the scan tries each letter once."""
    tree: dict[str, dict] = {}
    for word in words:
        node = tree
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}
    return _branch(tree)


def _branch(node: dict[str, dict]) -> str:
    ends = "" in node
    alternatives = [re.escape(ch) + _branch(child) for ch, child in sorted(node.items()) if ch]
    if not alternatives:
        return ""
    body = alternatives[0] if len(alternatives) == 1 else "(?:" + "|".join(alternatives) + ")"
    if ends:
        return "(?:" + body + ")?"
    return body


@frozen
class Respelled:
    """The fold's text read in standard spelling, and the way back to the text as written.

    Reading k replaced the fold's [sources[k], source_ends[k]) and stands at [targets[k], target_ends[k]) in
    `text`; between readings the text is copied. A reading of the same length maps character by character,
    any other as a whole; a persona's word read as nothing is an empty reading, which no span starts or ends
    in. It answers what a fold answers (original, text, original_span, disguises), through the fold it was
    read from."""

    fold: Folded
    text: str
    sources: tuple[int, ...]
    source_ends: tuple[int, ...]
    targets: tuple[int, ...]
    target_ends: tuple[int, ...]

    @property
    def original(self) -> str:
        return self.fold.original

    def source_span(self, start: int, end: int) -> tuple[int, int]:
        """The fold's [start, end) a respelled [start, end) was read from (end > start)."""
        return self._source(start, first=True), self._source(end - 1, first=False)

    def _source(self, at: int, *, first: bool) -> int:
        """Where the character at `at` was read from: its own position (first) or the position after it."""
        k = bisect_right(self.targets, at) - 1
        if k < 0:
            return at if first else at + 1
        target, target_end = self.targets[k], self.target_ends[k]
        if at < target_end:  # inside reading k
            source, source_end = self.sources[k], self.source_ends[k]
            if target_end - target == source_end - source:
                return source + (at - target) + (0 if first else 1)
            return source if first else source_end
        copied = self.source_ends[k] + (at - target_end)
        return copied if first else copied + 1

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """The original [start, end) a respelled [start, end) was read from (end > start)."""
        return self.fold.original_span(*self.source_span(start, end))

    def disguises(self, start: int, end: int) -> tuple[str, ...]:
        """The kinds of disguise the fold read through inside a respelled [start, end): a spelling is none."""
        return self.fold.disguises(*self.source_span(start, end))


def respell(folded: Folded) -> Folded | Respelled:
    """The fold read in standard spelling (see the module docstring); the fold itself when nothing is
    spelled otherwise (nearly every text)."""
    text = straight_apostrophes(folded.text)
    lowered = text.lower()
    if len(lowered) != len(text):  # a letter whose lower case is longer ('İ'): kept as written
        lowered = "".join(ch if len(ch.lower()) != 1 else ch.lower() for ch in text)
    lowered = lowered.replace("’", "'")
    sources: list[int] = []
    source_ends: list[int] = []
    readings: list[str] = []
    for start, end, reading in _readings(text, lowered, spelling()):
        sources.append(start)
        source_ends.append(end)
        readings.append(reading)
    if not readings:
        return folded if text is folded.text else Respelled(folded, text, (), (), (), ())
    pieces: list[str] = []
    targets: list[int] = []
    target_ends: list[int] = []
    at = shift = 0
    for start, end, reading in zip(sources, source_ends, readings, strict=True):
        pieces.append(text[at:start])
        pieces.append(reading)
        targets.append(start + shift)
        shift += len(reading) - (end - start)
        target_ends.append(end + shift)
        at = end
    pieces.append(text[at:])
    return Respelled(folded, "".join(pieces), tuple(sources), tuple(source_ends), tuple(targets), tuple(target_ends))


def _readings(text: str, lowered: str, table: Spelling) -> Iterator[tuple[int, int, str]]:
    """Each stretch of `text` read otherwise, in order and without overlaps: [start, end) and its reading. The
    word after an interjection read as nothing opens the sentence, so it reads capitalised, as it would be
    written without the interjection ("Arr, shall I …" reads "Shall I …")."""
    last_end = -1  # where the last respelled form ended: a sentence-final form needs one in its sentence
    at = 0
    opening = -1  # where the word after a removed interjection starts
    for start, end, stretch in _sites(lowered, table):
        if start < at:
            continue
        if 0 <= opening < start:
            yield from _capital(text, opening)
            opening = -1
        found = _reading(text, lowered, start, end, stretch, table, last_end)
        if found is None:
            continue
        start, end, reading, interjection = found
        if start == opening:
            reading, opening = reading[:1].upper() + reading[1:], -1
        yield start, end, reading
        at = last_end = end
        if interjection:
            opening = end
    if opening >= 0:
        yield from _capital(text, opening)


def _sites(lowered: str, table: Spelling) -> Iterator[tuple[int, int, str]]:
    """Every written form, every dropped ending and every discourse marker with its mark, in text order: (start, end,
    "form" | "ending" | "marker")."""
    forms = ((m.start(), m.end(), "form") for m in table.forms.finditer(lowered))
    markers = ((m.start(), m.end(), "marker") for m in table.discourse.finditer(lowered))
    if "'" not in lowered:  # no ending is written without its apostrophe
        yield from heapq.merge(forms, markers)
        return
    endings = ((m.start(), m.end(), "ending") for m in table.dropped.finditer(lowered))
    yield from heapq.merge(forms, endings, markers)


def _reading(
    text: str, lowered: str, start: int, end: int, stretch: str, table: Spelling, last_end: int
) -> tuple[int, int, str, bool] | None:
    """The reading of one site, as (start, end, reading, whether it is an interjection); None: as written."""
    if stretch == "ending":
        stem = _word_before(lowered, start, letters_only=True)
        if len(stem) < 2 or (start - len(stem) > 0 and lowered[start - len(stem) - 1] in "'‘`"):
            return None
        return start - len(stem), end, text[start - len(stem) : start] + table.endings[lowered[start:end]], False
    if stretch == "marker":  # r35e: read as nothing where it opens a sentence that answers no question
        if _opens(lowered, start) and not _after_question(lowered, start) and not _vocative_at(lowered, end, table):
            return start, end, "", True
        return None
    key = lowered[start:end]
    reading = table.words.get(key)
    if _joined(lowered, start, end) and not (reading in table.pronouns and _contracted(lowered, end)):
        return None
    if reading is not None and key in table.context:  # issue 28 phase 4b: 'ur ready' reads "you're", not 'your'
        reading = next((f.reads for f in table.context[key] if _applies(f, lowered, start, end, last_end)), reading)
    if reading is not None:
        return start, end, _cased(reading, text, lowered, start, end), False
    if key in table.interjections and _opens(lowered, start):
        mark = _INTERJECTION_MARK.match(lowered, end)
        if mark is not None:
            return start, mark.end(), "", True
    if key in table.vocatives and (_VOCATIVE_END.match(lowered, end) or _VOCATIVE_COMMA.match(lowered, end)):
        comma = _COMMA_BEFORE.search(lowered, max(0, start - _WINDOW), start)
        if comma is not None:
            return comma.start(), end, "", False
    for form in table.context.get(key, ()):
        if _applies(form, lowered, start, end, last_end):
            return start, end, _cased(form.reads, text, lowered, start, end), False
    return None


def _after_question(lowered: str, start: int) -> bool:
    """r35e: the sentence before the form is a question (a reply word after it answers it). Read within _WINDOW."""
    return lowered[max(0, start - _WINDOW) : start].rstrip(" \t\n*_>#-").endswith("?")


def _vocative_at(lowered: str, at: int, table: Spelling) -> bool:
    """r35e: a persona's vocative right after a discourse marker ('Well, partner, …'): the marker stays, so the comma
    before the vocative still sets it off (and both are read as the persona's)."""
    word = _NEXT_WORD.match(lowered, at)
    return word is not None and word.group(1) in table.vocatives


def _contracted(lowered: str, end: int) -> bool:
    """r29a: a contraction after the written form ("u'd like", "ye've had a look", "ya're ready"): the form is the
    pronoun it contracts with, not part of a longer word."""
    return _CONTRACTION.match(lowered, end) is not None


def _joined(lowered: str, start: int, end: int) -> bool:
    """The form is part of something longer: an identifier, a path, a dotted name ("/u/", "U.S.")."""
    if start and lowered[start - 1] in _JOINED_BEFORE:
        return True
    if end >= len(lowered):
        return False
    after = lowered[end]
    return after in _JOINED_AFTER or (after == "." and end + 1 < len(lowered) and lowered[end + 1].isalnum())


def context_reading(text: str, start: int, end: int) -> str | None:
    """r38f: the reading of the written form at [start, end) of `text` read only in context (spelling.toml [[context]]:
    the word before or after it, or its sentence's opening; 'docker img 2 pick up' reads 'to'), or None: as written."""
    return context_reading_lowered(text.lower().replace("’", "'"), start, end)


def context_reading_lowered(lowered: str, start: int, end: int) -> str | None:
    """context_reading on text already lowered with one apostrophe, so a caller reading many forms lowers it once."""
    forms = spelling().context.get(lowered[start:end], ())
    return next((f.reads for f in forms if _applies(f, lowered, start, end, -1)), None)


def _applies(form: ContextForm, lowered: str, start: int, end: int, last_end: int) -> bool:
    if form.opens:
        opens = _opens(lowered, start) or (form.clause and _CLAUSE_OPENS.search(lowered, max(0, start - 4), start))
        return bool(opens) and _NEXT_WORD.match(lowered, end) is not None
    if form.ends:
        return (
            last_end >= 0
            and start - last_end <= _SAME_SENTENCE
            and _ENDS.match(lowered, end) is not None
            and _word_before(lowered, start) != ""
            and _SENTENCE_BREAK.search(lowered, last_end, start) is None
        )
    if form.after and _word_before(lowered, start) in form.after:
        return True
    following = _NEXT_WORD.match(lowered, end)
    return following is not None and following.group(1) in form.before


def _word_before(lowered: str, at: int, *, letters_only: bool = False) -> str:
    """The word that ends right before `at`, past spaces or tabs (none for an ending: it is joined); at most
    _WINDOW characters back."""
    low = max(0, at - _WINDOW)
    k = at
    if not letters_only:
        while k > low and lowered[k - 1] in " \t":
            k -= 1
    j = k
    while j > low and (lowered[j - 1].isalpha() if letters_only else lowered[j - 1] in _WORD_CHARS):
        j -= 1
    return lowered[j:k]


def _opens(lowered: str, start: int) -> bool:
    """The form at `start` opens its sentence: nothing but spaces, list markers or emphasis since the text's
    start, a line break or the punctuation that ends a sentence."""
    window = max(0, start - _WINDOW)
    before = lowered[window:start]
    if window == 0:
        before = "\n" + before
    return _OPENS.search(before) is not None


def _capital(text: str, at: int) -> Iterator[tuple[int, int, str]]:
    if at < len(text) and text[at].islower():
        yield at, at + 1, text[at].upper()


def _cased(reading: str, text: str, lowered: str, start: int, end: int) -> str:
    """The reading in the written form's case: capitals for a word in capitals, or for a letter or digit
    beside a word of three or more capitals ("WUD U LIKE ME 2 CONTINUE", not "OK 2 …"); a capital first
    letter for a capitalised form."""
    written = text[start:end]
    if written.islower():
        return reading
    if sum(ch.isalpha() for ch in written) > 1:
        shouting = written.isupper()
    else:
        shouting = _shouted_beside(text, lowered, start, end)
    if shouting:
        return reading.upper()
    if written[:1].isupper():
        return reading[:1].upper() + reading[1:]
    return reading


def _shouted_beside(text: str, lowered: str, start: int, end: int) -> bool:
    """Whether the word before or after [start, end) is written in capitals, three letters or more."""
    low = max(0, start - _WINDOW)
    k = start
    while k > low and text[k - 1] in " \t":
        k -= 1
    j = k
    while j > low and lowered[j - 1] in _WORD_CHARS:
        j -= 1
    following = _NEXT_WORD.match(lowered, end)
    after = text[following.start(1) : following.end(1)] if following is not None else ""
    return any(len(word) > 2 and word.isupper() for word in (text[j:k], after))
