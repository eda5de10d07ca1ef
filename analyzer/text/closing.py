"""The closing part of a message and which of its sentences may be a claim — without spaCy (SPEC §2.7).

A claim counts only where the message ends: its last paragraph or last list item, once a trailing
lane-state block, a prose `lane-state:` line and every carve-out of §2.4 are gone. This module finds
that part and runs a cheap word test over its sentences, so a stop whose closing part holds no
candidate never imports spaCy; analyzer.grammar.claim_rules parses only what is left.
"""

from __future__ import annotations

import os
import re
from bisect import bisect_left
from functools import cache

from analyzer.text.carveouts import Region, build_views
from analyzer.text.units import sentence_spans, unit_bounds, unit_starts
from lanegate_common.builtin_data import load_builtin
from lanegate_common.frozen import frozen

CLAIMS_PATH = os.path.join(os.path.dirname(os.path.dirname(__file__)), "claims.toml")
# A prose lane-state declaration: not a sentence of the agent's closing part (SPEC §2.7).
_LANE_STATE_LINE = re.compile(r"^[ \t>*_-]*lane-state[ \t*_]*:.*$", re.IGNORECASE | re.MULTILINE)
_TABLE_ROW = re.compile(r"[ \t]*\|")
_WORD = re.compile(r"[a-z0-9][a-z0-9'-]*")
# A letter or digit (str.isalnum: \w without the underscore), and the last one of a text: each found by
# one regex pass, never a Python loop over a megabyte of symbols (SPEC §2.6).
_WORD_CHAR = re.compile(r"[^\W_]")
_LAST_WORD_CHAR = re.compile(r"[^\W_](?=[\W_]*\Z)")
# Where a sentence turns to a new proposition ("Thanks for the fix — merging the docs now."): each part
# may open with its own participle (analyzer.parse.shapes.SEGMENT_BREAKS, as written).
_SEGMENT_BREAK = re.compile(r"[—–;:]|--")
# Only the last sentences of a long closing paragraph are judged: a claim that ends a turn is near its end.
MAX_CLOSING_SENTENCES = 12
# A sentence longer than this is no announcement; it is still read for a report of completion.
MAX_CLAIM_CHARS = 400


@frozen
class ClaimVocabulary:
    """The word lists of claims.toml, frozen (see that file for what each list is for)."""

    not_participles: frozenset[str]
    leading_words: frozenset[str]
    intention_openers: frozenset[str]
    now_adverbs: frozenset[str]
    future_auxiliaries: frozenset[str]
    present_be: frozenset[str]
    first_person_subjects: frozenset[str]
    let_objects: frozenset[str]
    intention_verbs: frozenset[str]
    carrier_verbs: frozenset[str]
    waiting_lemmas: frozenset[str]
    waiting_phrasal: frozenset[str]
    stative_lemmas: frozenset[str]
    state_lemmas: frozenset[str]
    intransitive_status_lemmas: frozenset[str]
    action_prepositions: frozenset[str]
    ending_lemmas: frozenset[str]
    later_marks: frozenset[str]
    later_words: frozenset[str]
    later_after_next: frozenset[str]
    completion_words: frozenset[str]
    joined_prefixes: frozenset[str]


@cache
def claim_vocabulary(path: str = CLAIMS_PATH) -> ClaimVocabulary:
    data = load_builtin(path)
    return ClaimVocabulary(**{name: frozenset(data[name]) for name in ClaimVocabulary.__annotations__})


@frozen
class Sentence:
    """One sentence of the closing part: [start, end) in the original text, from its first word."""

    start: int
    end: int
    candidate: bool


@frozen
class Closing:
    """The closing part: its sentences in order (the last MAX_CLOSING_SENTENCES), the view they were
    read in (parse view of the carve-outs, lane-state prose lines blanked) and the quotations inside it."""

    view: str
    sentences: tuple[Sentence, ...]
    quoted: tuple[tuple[int, int], ...]

    @property
    def has_candidate(self) -> bool:
        return any(s.candidate for s in self.sentences)


def closing_part(text: str, vocabulary: ClaimVocabulary | None = None) -> Closing:
    """The last paragraph or list item the agent wrote itself, cut into sentences, each marked as a
    candidate claim or not by the word test (`is_candidate`)."""
    vocabulary = vocabulary or claim_vocabulary()
    views = build_views(text)
    view = _LANE_STATE_LINE.sub(lambda m: " " * len(m.group()), views.parse_view)
    last_word_char = _LAST_WORD_CHAR.search(view)
    if last_word_char is None:
        return Closing(view, (), ())
    # The closing part is the unit holding the last letter or digit: units after it hold none.
    start, end = unit_bounds(unit_starts(view), last_word_char.start())
    quoted = _quotes_within(views.regions, start, end)
    if _TABLE_ROW.match(view, start):  # a table closes the message: status, no sentence of its own
        return Closing(view, (), quoted)
    sentences = []
    for s, e in sentence_spans(view, start, end)[-MAX_CLOSING_SENTENCES:]:
        bounds = _trimmed(view, s, e)
        if bounds is None:
            continue
        first, last = bounds
        inside_quote = any(q_start <= first < q_end for q_start, q_end in quoted)
        candidate = not inside_quote and is_candidate(view[first : min(last, first + MAX_CLAIM_CHARS)], vocabulary)
        sentences.append(Sentence(first, last, candidate))
    return Closing(view, tuple(sentences), quoted)


def _quotes_within(regions: tuple[Region, ...], start: int, end: int) -> tuple[tuple[int, int], ...]:
    """The quotations that meet [start, end): found by bisection in the sorted, disjoint regions, so a
    message of 200,000 quotations costs the closing part only the ones inside it."""
    k = max(bisect_left(regions, (start,)) - 1, 0)
    found = []
    while k < len(regions) and regions[k][0] < end:
        region_start, region_end, kind = regions[k]
        if kind == "quote" and region_end > start:
            found.append((region_start, region_end))
        k += 1
    return tuple(found)


def may_claim(text: str, vocabulary: ClaimVocabulary | None = None) -> bool:
    """True when the closing part holds a sentence worth a parse; False settles 'no claim' cheaply."""
    return closing_part(text, vocabulary).has_candidate


def _trimmed(view: str, start: int, end: int) -> tuple[int, int] | None:
    """The sentence from its first letter or digit (list markers, emphasis, emoji left out) to its last
    non-blank character; None when it holds no word."""
    word_char = _WORD_CHAR.search(view, start, end)
    if word_char is None:
        return None
    first = word_char.start()
    return first, first + len(view[first:end].rstrip())


def is_candidate(sentence: str, vocabulary: ClaimVocabulary) -> bool:
    """The word test: could a parse of this sentence find a claim?

    A question never is one. Otherwise a sentence is a candidate when, after its leading words ("Next,",
    "Now", "OK —"), it opens with an -ing word that can be a participle ("Picking …"), a future or
    intention opener ("Will …", "Going to …"), or when a first-person subject carries a progressive or a
    future ("I'm …", "we'll …", "I plan to …", "let me …").
    """
    lowered = sentence.lower().replace("’", "'").rstrip(" *_)\"'")
    if lowered.endswith("?"):
        return False
    for part in _SEGMENT_BREAK.split(lowered):
        opener = next((w for w in _WORD.findall(part) if w not in vocabulary.leading_words), None)
        if opener is not None and (_is_ing_word(opener, vocabulary) or opener in vocabulary.intention_openers):
            return True
    return _first_person_pattern(vocabulary).search(lowered) is not None


def _is_ing_word(word: str, vocabulary: ClaimVocabulary) -> bool:
    bare = word.rsplit("-", 1)[-1]
    return bare.endswith("ing") and len(bare) > 4 and word not in vocabulary.not_participles


@cache
def _first_person_pattern(vocabulary: ClaimVocabulary) -> re.Pattern[str]:
    """'I'm', 'we are', 'I'll', 'we will', 'I plan to', 'let me', 'let's': a first-person subject with
    what makes a progressive, a future or an intention (an adverb may stand between: 'I will now')."""
    subjects = "|".join(sorted(vocabulary.first_person_subjects))
    carriers = sorted(
        {"'m", "'re", "'ll"}
        | {f" {w}" for w in vocabulary.present_be | vocabulary.future_auxiliaries if not w.startswith("'")}
        | {f" {w}" for w in vocabulary.intention_verbs}
    )
    lets = "|".join(re.escape(o) if o.startswith("'") else r"\s+" + o for o in sorted(vocabulary.let_objects))
    carrier = "|".join(re.escape(c) for c in carriers)
    return re.compile(rf"\b(?:{subjects})(?:\s+\w+ly)?(?:{carrier})\b|\blet(?:{lets})\b")
