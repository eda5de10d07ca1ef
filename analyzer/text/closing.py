"""The closing part of a message and which of its sentences may be a claim — without spaCy (docs/DESIGN.md#claims).

A claim counts only where the message ends: its last paragraph or last list item, once a trailing
lane-state block, a prose `lane-state:` line and every carve-out of docs/DESIGN.md#carve-outs are gone. Revision 3: HTML
comments are markup, never the agent's sentences, and a trailing paragraph with no visible letters once
folded (docs/DESIGN.md#normalisation) or a sign-off line is not content, so the closing part is the paragraph before
them. This module finds that part and runs a cheap word test over its sentences, so a stop whose closing part holds no
candidate never imports spaCy; analyzer.grammar.claims parses only what is left.

What is not content is the grammar's [[closing]] table: its rows live in claims.toml (read here through its
JSON twin, never the grammar) and their functions here, bound by `closing_rule`; each row runs at its site,
in the table's order. The registry (analyzer.grammar.registry) checks them with the rest of the grammar.

Revision 4 (docs/DESIGN.md#evidence): the closing part is what a reader sees last. Link reference definitions, images,
HTML tags and terminal escape sequences render as nothing (unseen-markup, a `view` row), and a trailing
paragraph whose every word is carved out, a lone inline-code paragraph or a quoted fragment, is not prose
(not-prose, a `trailing-unit` row, which reads the unit with its carve-outs blanked).
"""

from __future__ import annotations

import os
import re
from bisect import bisect_left
from functools import cache, lru_cache

from analyzer.text.carveouts import Region, build_views
from analyzer.text.units import answer_format, sentence_spans, unit_bounds, unit_starts
from lanegate_common.builtin_data import load_builtin
from lanegate_common.derived import derived
from lanegate_common.frozen import cached_hash, frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar

    F = TypeVar("F", bound=Callable[..., Any])

CLAIMS_PATH = os.path.join(os.path.dirname(os.path.dirname(__file__)), "claims.toml")
# A prose lane-state declaration: not a sentence of the agent's closing part (docs/DESIGN.md#claims).
_LANE_STATE_LINE = re.compile(r"^[ \t>*_-]*lane-state[ \t*_]*:.*$", re.IGNORECASE | re.MULTILINE)
_TABLE_ROW = re.compile(r"[ \t]*\|")
_WORD = re.compile(r"[a-z0-9][a-z0-9'-]*")
# Symbols and pictographs after a sentence's last word or mark ('… #88? 🚀'), read past to find how it ends.
_TRAILING_SYMBOLS = re.compile(r"[^\w?!.]+\Z")
# A letter or digit (str.isalnum: \w without the underscore), and the last one of a text: each found by
# one regex pass, never a Python loop over a megabyte of symbols (docs/DESIGN.md#normalisation).
_WORD_CHAR = re.compile(r"[^\W_]")
_LAST_WORD_CHAR = re.compile(r"[^\W_](?=[\W_]*\Z)")
# Where a sentence turns to a new proposition ("Thanks for the fix — merging the docs now."): each part
# may open with its own participle (analyzer.parse.shapes.SEGMENT_BREAKS, as written).
# Issue 28 phase 4: and a full stop before a word in small letters, which the sentence split leaves in ("lint fixed.
# openin the pull request now").
_SEGMENT_BREAK = re.compile(r"[—–;:]|--|\.\s+(?=[a-z])")
# Only the last sentences of a long closing paragraph are judged: a claim that ends a turn is near its end.
MAX_CLOSING_SENTENCES = 12
# A sentence longer than this is no announcement; it is still read for a report of completion.
MAX_CLAIM_CHARS = 400
# Trailing paragraphs that are not content skipped at most: the cost stays bounded (docs/DESIGN.md#normalisation).
MAX_SKIPPED_UNITS = 8
# A sign-off line: a name, a handle or initials alone, after an optional dash ("— Wren", "-- ops-bot",
# "— R.K."), or without a dash initials ("JD", "R.K.") or one capitalized word ("Quill"); the word must not
# be a report ("Done", "Merged") or a participle ("Waiting"): see `is_sign_off`. r28j: the dashed name may carry
# its role, in parentheses or after a comma ("— Ada (build agent)", "— Wren, release bot"). r29c: a tilde before a
# name or initials signs off too ("~ R.B."), not before a number ("~ 40 ms at p99").
_DASHED_SIGN_OFF = re.compile(
    r"[ \t]*(?:—|–|--|~(?=[ \t]*[A-Za-z@]))[ \t]*[\w@][\w.@'-]*(?:[ \t]+[\w@][\w.@'-]*){0,2}"
    r"(?:[ \t]*\([^()\n]{1,40}\)|,[ \t]*[\w@][\w.@'-]*(?:[ \t]+[\w@][\w.@'-]*){0,3})?[ \t]*"
)
_INITIALS = re.compile(r"[ \t]*[A-Z](?:\.?[A-Z]){1,2}\.?[ \t]*")
_NAME = re.compile(r"[ \t]*[A-Z][a-z]{1,20}[ \t]*")
# At most this many characters in a valediction and its name ("Best regards,\nRowan Lee").
_MAX_VALEDICTION_CHARS = 120
# A valediction's words, and the name that may follow it ("Rowan", "Rowan Lee", "R. Lee", "@ops-bot", "— Wren").
_VALEDICTION_WORD = re.compile(r"[a-z']+", re.IGNORECASE)
_NAME_LINE = re.compile(r"(?:(?:—|–|--|-)[ \t]*)?(?:@[\w.-]+|(?:[A-Z][\w.'-]*)(?:[ \t]+[A-Z][\w.'-]*){0,2})")
# Revision 4 (docs/DESIGN.md#evidence): markup a reader never sees, blanked before the closing part is found
# (unseen-markup): a link reference definition (the `[//]: # (…)` comment idiom is one), an image (drawn, never read as
# the last words), an HTML tag (`<br>`), and a terminal escape sequence (7-bit ESC forms and the C1 CSI, OSC
# and their terminators). Each alternative stops at a line break or its own end: one linear pass.
_UNSEEN = (
    r"^ {0,3}\[[^\[\]\n]{1,999}\]:[ \t]*\S*(?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*$"
    r"|!\[[^\[\]\n]*\]\([^()\n]*\)"
    r"|</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>\n]*)?/?>"
    r"|\x1b\[[0-?]*[ -/]*[@-~]?|[\x1b\x9d]\][^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)?|\x1b[ -~]?"
    r"|\x9b[0-?]*[ -/]*[@-~]?|[\x80-\x9f]"
)
# Issue 30: HTML a renderer hides — a collapsed <details> (its content, not its <summary>), an element with the
# `hidden` attribute or a style that hides it — is blanked before the closing part is found (hidden-html). A style
# hides it when it draws nothing (display, visibility), draws it invisibly (a zero font size, zero opacity,
# transparent text) or clips it to a zero box (a zero height, max-height or width with overflow hidden or clip).
# Every alternative reads one declaration inside one tag's attributes: linear.
_OPENING_TAG = r"<(?P<tag>[A-Za-z][A-Za-z0-9-]*)(?P<attrs>\s[^<>]*)?/?>"
_ZERO = r"\s*:\s*[+-]?0*\.?0+(?:[a-z]+|%)?\s*(?:[;\"'!]|$)"
_HIDING = (
    r"(?:^|\s)hidden(?:\s|=|$)|display\s*:\s*none|visibility\s*:\s*hidden"
    r"|(?<![\w-])(?:font-size|opacity)" + _ZERO + r"|(?<![\w-])color\s*:\s*transparent"
)
_ZERO_BOX = r"(?<![\w-])(?:max-)?(?:height|width)" + _ZERO
_CLIPPED = r"(?<![\w-])overflow(?:-[xy])?\s*:\s*(?:hidden|clip)"
# Elements whose content no renderer shows, whatever their attributes: an inert <template>, a script or style
# sheet (GitHub's renderer strips all three), and <noscript> (a browser running scripts shows none of it; an
# HTML sanitizer removes its content).
_UNRENDERED = frozenset({"template", "script", "style", "noscript"})
_OPEN_ATTRIBUTE = r"(?:^|\s)open(?:\s|=|$)"
_SUMMARY = r"<summary(?:\s[^<>]*)?>.*?</summary\s*>"
# A footnote definition ("[^1]: see the log"): apparatus a renderer sets apart below the text (footnote).
_FOOTNOTE = re.compile(r"\s*[ \t]{0,3}\[\^[^\[\]\s]+\]:")
_LETTER = re.compile(r"[^\W\d_]")
# The characters one of those needs; a view without any is left as it is, at no cost.
_UNSEEN_OPENERS = ("]:", "![", "<", "\x1b", "\x9b", "\x9d")
_C1 = r"[\x80-\x9f]"


@cache
def _unseen_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The unseen markup and the C1 controls, compiled when a view first holds one's opener (not at import)."""
    return re.compile(_UNSEEN, re.MULTILINE), re.compile(_C1)


# A bullet or numbered list item's marker, and a lead-in line's closing colon (emphasis after it allowed).
_LIST_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d+[.)])[ \t]+")
_ENDS_WITH_COLON = re.compile(r":[*_ \t]*\Z")
# r33d: the fewest words of a lead-in read past a blank line (a clause, not a label such as 'Status:' or 'Next steps:').
_CLAUSE_WORDS = 3


@frozen
class ClaimVocabulary:
    """The word lists of claims.toml, frozen (see that file for what each list is for)."""

    __hash__ = cached_hash  # the key of the cached word tests: hashed once, not at each call

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
    waiting_objects: frozenset[str]
    stative_lemmas: frozenset[str]
    state_lemmas: frozenset[str]
    intransitive_status_lemmas: frozenset[str]
    action_prepositions: frozenset[str]
    ending_lemmas: frozenset[str]
    ending_intransitive_lemmas: frozenset[str]
    later_marks: frozenset[str]
    later_words: frozenset[str]
    later_after_next: frozenset[str]
    completion_words: frozenset[str]
    joined_prefixes: frozenset[str]
    stance_lemmas: frozenset[str]
    availability_lemmas: frozenset[str]
    availability_words: frozenset[str]
    idioms: frozenset[str]
    fronting_links: frozenset[str]
    fronting_openers: frozenset[str]
    colloquial_futures: frozenset[str]
    trailing_subordinators: frozenset[str]
    perfect_auxiliaries: frozenset[str]
    earlier_times: frozenset[str]
    other_places: frozenset[str]
    not_dropped_g: frozenset[str]
    counterfactual_marks: frozenset[str]
    immediate_adverbs: frozenset[str]
    present_pointers: frozenset[str]
    presentatives: frozenset[str]
    valedictions: frozenset[str]
    exception_marks: frozenset[str]
    no_one_words: frozenset[str]
    next_step_prepositions: frozenset[str]
    question_tags: frozenset[str]
    apostrophe_dropped: frozenset[str]
    catenative_lemmas: frozenset[str]
    departure_words: frozenset[str]
    artifact_label_words: frozenset[str]
    artifact_nouns: frozenset[str]
    signature_determiners: frozenset[str]
    signature_nouns: frozenset[str]
    intention_nouns: frozenset[str]
    duty_verbs: frozenset[str]
    duty_forms: frozenset[str]
    sequence_adverbs: frozenset[str]
    shown_tails: frozenset[str]
    inquiry_verbs: frozenset[str]
    asking_words: frozenset[str]
    reader_words: frozenset[str]
    looking_lemmas: frozenset[str]


@cache
def claim_vocabulary(path: str = CLAIMS_PATH) -> ClaimVocabulary:
    """The word lists of `path`, kept between processes (lanegate_common.derived): a stop whose closing part holds
    no claim does not read claims.toml."""
    return ClaimVocabulary(**derived("claim-words", (path,), _claim_words, path))


def _claim_words(path: str) -> dict[str, frozenset[str]]:
    data = _claims_data(path)
    return {name: frozenset(data[name]) for name in ClaimVocabulary.__annotations__}


@cache
def _claims_data(path: str) -> dict[str, Any]:
    """claims.toml's data, read once per file (a default argument would make `f()` and `f(CLAIMS_PATH)` two
    cache entries, and two reads)."""
    return load_builtin(path)


# ---- the [[closing]] rows: bound here by name, run at their sites in claims.toml's order ------------------

# Each row's function by the row's name (the registry binds them with the rest of the grammar).
BOUND: dict[str, Callable[..., Any]] = {}
# While the registry traces (analyzer.grammar.registry.traced): each row reached, given what, returning what.
TRACE: list[Any] | None = None
# The record a trace holds (the registry's Reached), set by the registry when it traces.
REACHED: Callable[..., Any] | None = None


def closing_rule(name: str) -> Callable[[F], F]:
    """Bind the decorated function to the [[closing]] row `name` of claims.toml (returned unchanged)."""

    def bind(function: F) -> F:
        BOUND[name] = function
        return function

    return bind


@cache
def _rows_at(site: str) -> tuple[tuple[str, Callable[..., Any]], ...]:
    """The [[closing]] rows that run at `site`, in the data's order: (name, function)."""
    rows = derived("closing-rows", (CLAIMS_PATH,), _closing_rows)
    return tuple((name, BOUND[name]) for name, at in rows if at == site)


def _closing_rows() -> tuple[tuple[str, str], ...]:
    """Each [[closing]] row's name and site, in the data's order."""
    return tuple((row["name"], row["at"]) for row in _claims_data(CLAIMS_PATH).get("closing", ()))


def _run(name: str, function: Callable[..., Any], *args: Any) -> Any:
    result = function(*args)
    if TRACE is not None and REACHED is not None:
        TRACE.append(REACHED(name, args, result))
    return result


def _view_rows(view: str) -> str:
    """The `view` rows, each rewriting the view the one before it left."""
    for name, function in _rows_at("view"):
        view = _run(name, function, view)
    return view


def _not_content(unit: str, vocabulary: ClaimVocabulary, carved: str) -> bool:
    """The `trailing-unit` rows: the paragraph is not content when any of them says so. `carved`: the same
    paragraph with every carve-out (code, quotations, blockquotes) blanked."""
    return any(_run(name, function, unit, vocabulary, carved) for name, function in _rows_at("trailing-unit"))


def _lead_in(
    view: str, starts: list[int], bounds: tuple[int, int], vocabulary: ClaimVocabulary
) -> tuple[int, int] | None:
    """The `lead-in` rows: the first that finds the line a closing list belongs to decides."""
    for name, function in _rows_at("lead-in"):
        found = _run(name, function, view, starts, bounds, vocabulary)
        if found is not None:
            return found
    return None


@frozen
class Sentence:
    """One sentence of the closing part: [start, end) in the original text, from its first word."""

    start: int
    end: int
    candidate: bool
    # r42d (docs/DESIGN.md#claims): the sentence ends the message on its colon with nothing shown after it (the tool
    # call the transcript stripped), and it is the message's first sentence
    pending: bool
    opens_message: bool


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


@lru_cache(maxsize=8)
def closing_part(text: str, vocabulary: ClaimVocabulary | None = None) -> Closing:
    """The last paragraph or list item the agent wrote itself, cut into sentences, each marked as a
    candidate claim or not by the word test (`is_candidate`). Kept for the last texts: the closing questions, the
    outcome remark and the claims each read the closing part of the same message (a frozen record, shared)."""
    vocabulary = vocabulary or claim_vocabulary()
    views = build_views(text)
    view = _view_rows(_LANE_STATE_LINE.sub(lambda m: " " * len(m.group()), views.parse_view))
    bounds = _closing_unit(view, vocabulary, views.match_view)
    if bounds is None:
        return Closing(view, (), ())
    start, end = bounds
    quoted = _quotes_within(views.regions, start, end)
    if _TABLE_ROW.match(view, start):  # a table closes the message: status, no sentence of its own
        return Closing(view, (), quoted)
    sentences = []
    for s, e in sentence_spans(view, start, end)[-MAX_CLOSING_SENTENCES:]:
        bounds = _trimmed(view, s, e)
        if bounds is None:
            continue
        first, last = bounds
        if not text[first].isalnum():  # the view's first word is a code placeholder: start at the text's own
            own = _WORD_CHAR.search(text, first, last)
            if own is None:
                continue
            first = own.start()
        inside_quote = any(q_start <= first < q_end for q_start, q_end in quoted)
        pending = ends_pending(text, view, first, last)
        opening = _WORD_CHAR.search(text, 0, first) is None
        sentence = view[first : min(last, first + MAX_CLAIM_CHARS)]
        candidate = not inside_quote and (
            pending or is_candidate(sentence, vocabulary) or (opening and _sequenced(sentence, vocabulary))
        )
        sentences.append(Sentence(first, last, candidate, pending, opening))
    return Closing(view, tuple(sentences), quoted)


@closing_rule("markup-comment")
def without_comments(view: str) -> str:
    """Same length, line breaks kept, so offsets and paragraphs stay where they were; the fold module loads only for
    a text with a comment."""
    if "<!--" not in view:
        return view
    from analyzer.text.disguise import html_comments

    pieces, at = [], 0
    for start, end in html_comments(view):
        pieces.append(view[at:start])
        pieces.append(_blank(view[start:end]))
        at = end
    pieces.append(view[at:])
    return "".join(pieces)


@cache
def _hidden_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The opening tag, what hides an element, `open` on a <details>, and its <summary> (compiled on first use)."""
    return (re.compile(_OPENING_TAG), re.compile(_HIDING, re.IGNORECASE), re.compile(_OPEN_ATTRIBUTE, re.IGNORECASE),
            re.compile(_SUMMARY, re.IGNORECASE | re.DOTALL))


@cache
def _zero_box_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A zero height, max-height or width, and overflow that clips (compiled on first use)."""
    return re.compile(_ZERO_BOX, re.IGNORECASE), re.compile(_CLIPPED, re.IGNORECASE)


def _hides(attrs: str, hiding: re.Pattern[str]) -> bool:
    """Whether an element's attributes hide it: `hidden`, or a style that shows nothing of it."""
    if hiding.search(attrs):
        return True
    zero_box, clipped = _zero_box_patterns()
    return zero_box.search(attrs) is not None and clipped.search(attrs) is not None


@closing_rule("hidden-html")
def without_hidden_html(view: str) -> str:
    """The view with what HTML hides blanked (issue 30): the content of a collapsed <details> but its
    <summary>, an element no renderer shows (<template>, <script>, <style>, <noscript>), and an element whose
    `hidden` attribute or style hides it, to its matching closing tag (nested
    elements of its name counted; unclosed, to the end). Same length, line breaks kept; each part of the view
    is searched once."""
    if "<" not in view:
        return view
    opening, hiding, open_attribute, summary = _hidden_patterns()
    pieces: list[str] = []
    at = search = 0
    while (tag := opening.search(view, search)) is not None:
        name, attrs = tag.group("tag").lower(), tag.group("attrs") or ""
        if name == "details" and not open_attribute.search(attrs):
            end = _element_end(view, name, tag.end())
            shown = summary.search(view, tag.end(), end)  # what a collapsed <details> shows, wherever it stands
            hidden = [(tag.end(), shown.start()), (shown.end(), end)] if shown else [(tag.end(), end)]
        elif name in _UNRENDERED or _hides(attrs, hiding):
            end = _element_end(view, name, tag.end())
            hidden = [(tag.start(), end)]
        else:
            search = tag.end()
            continue
        for start, stop in hidden:
            pieces += [view[at:start], _blank(view[start:stop])]
            at = stop
        search = end
    if not pieces:
        return view
    pieces.append(view[at:])
    return "".join(pieces)


def _element_end(view: str, name: str, start: int) -> int:
    """Where the element opened just before `start` ends: after its matching closing tag, or the view's end."""
    depth = 1
    for tag in _tag_of(name).finditer(view, start):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return tag.end()
    return len(view)


@cache
def _tag_of(name: str) -> re.Pattern[str]:
    return re.compile(rf"<(/?){re.escape(name)}(?:\s[^<>]*)?>", re.IGNORECASE)


@closing_rule("unseen-markup")
def without_unseen(view: str) -> str:
    """The view with what renders as nothing blanked (unseen-markup, revision 4): link reference
    definitions, images, HTML tags and terminal escape sequences. Same length, line breaks kept."""
    if view.isascii() and not any(opener in view for opener in _UNSEEN_OPENERS):
        return view
    unseen, c1 = _unseen_patterns()
    if not any(opener in view for opener in _UNSEEN_OPENERS) and c1.search(view) is None:
        return view
    return unseen.sub(lambda m: _blank(m.group()), view)


def _blank(inside: str) -> str:
    return "".join("\n" if ch == "\n" else " " for ch in inside)


def _closing_unit(view: str, vocabulary: ClaimVocabulary, carved: str) -> tuple[int, int] | None:
    """The [start, end) of the closing part: the unit (paragraph or list item) holding the last letter or
    digit, skipping back over trailing units that are not content (the `trailing-unit` rows), or the lead-in
    of the list it closes (the `lead-in` rows). None when the view holds no word."""
    starts = unit_starts(view)
    bounds, content = last_content_unit(view, starts, vocabulary, carved)
    if bounds is not None and content:
        return _lead_in(view, starts, bounds, vocabulary) or bounds
    return bounds


def last_content_unit(
    view: str, starts: list[int], vocabulary: ClaimVocabulary, carved: str | None = None
) -> tuple[tuple[int, int] | None, bool]:
    """The last unit holding a letter or digit once the trailing units that are not content are skipped (at most
    MAX_SKIPPED_UNITS of them), and whether it is content; (None, False) when the view holds no word. The closing
    part starts from it, and so does the closing list of analyzer.text.questions. `carved`: the view with every
    carve-out blanked (the view itself when not given)."""
    carved = view if carved is None else carved
    end_at = len(view)
    bounds = None
    for _ in range(MAX_SKIPPED_UNITS + 1):
        last_word_char = _LAST_WORD_CHAR.search(view, 0, end_at)
        if last_word_char is None:
            return bounds, False
        bounds = unit_bounds(starts, last_word_char.start())
        if not _not_content(view[bounds[0] : bounds[1]], vocabulary, carved[bounds[0] : bounds[1]]):
            return bounds, True
        end_at = bounds[0]
    return bounds, False


@closing_rule("list-lead-in")
def list_lead_in(
    view: str, starts: list[int], bounds: tuple[int, int], vocabulary: ClaimVocabulary
) -> tuple[int, int] | None:
    """None when the unit is no list item, its list has no lead-in (a blank line, or no colon, before the first
    item), or the lead-in reports work done: its items are the agent's reports, and a last item that announces an
    action stands on its own; so does a last item whose first-person subject says who acts (r28i)."""
    if not _LIST_ITEM.match(view, bounds[0]):
        return None
    k = bisect_left(starts, bounds[0])
    while k > 0 and _LIST_ITEM.match(view, starts[k - 1]):
        k -= 1
    if k == 0:
        return None
    first_item = starts[k]
    # r33d: Markdown's blank line between the lead-in and its list ('The packaging teammate is busy with:\n\n- …'):
    # past it only a lead-in that is a clause of its own, not a label ('Status:' heads a report list)
    crossed = False
    while k > 1 and not view[starts[k - 1] : starts[k]].strip():
        k, crossed = k - 1, True
    lead = view[starts[k - 1] : starts[k]]
    if not lead.strip() or not _ENDS_WITH_COLON.search(lead.rstrip()):
        return None
    if crossed and len(_WORD.findall(lead)) < _CLAUSE_WORDS:
        return None
    first = next((w for w in _WORD.findall(lead.lower()) if w not in vocabulary.leading_words), "")
    if first in vocabulary.completion_words or (first.endswith("ed") and len(first) > 3):
        return None
    if _first_person_pattern(vocabulary).search(view[bounds[0] : bounds[1]].lower().replace("’", "'")):
        return None  # r28i: 'Summary:\n- Next, I'll migrate the remaining two services.': the item says who acts
    return starts[k - 1], first_item


@closing_rule("not-prose")
def is_not_prose(unit: str, vocabulary: ClaimVocabulary, carved: str) -> bool:
    """Every word of the paragraph is carved out (revision 4): a lone inline-code paragraph, a quoted
    fragment. A reader does not take it as the agent's last words; the closing part is before it."""
    return _WORD_CHAR.search(carved) is None


@closing_rule("footnote-definition")
def is_footnote_definition(unit: str, vocabulary: ClaimVocabulary, carved: str = "") -> bool:
    """A footnote definition ("[^1]: see the log") is apparatus: a renderer sets it apart below the text, and a
    reader does not take it as the agent's last words (issue 30)."""
    return _FOOTNOTE.match(unit) is not None


@closing_rule("no-letter")
def has_no_letter(unit: str, vocabulary: ClaimVocabulary, carved: str = "") -> bool:
    """A trailing paragraph without a letter — a footnote marker (`<sup>1</sup>`), a lone number — says
    nothing a reader takes as the agent's last words (issue 30)."""
    return _LETTER.search(unit) is None


@closing_rule("invisible-paragraph")
def is_invisible(unit: str, vocabulary: ClaimVocabulary, carved: str = "") -> bool:
    """Text that is plain ASCII without an entity, a bracket or a backslash is its own fold, so the fold
    module loads only for the rest. `vocabulary` and `carved` are the site's signature; the test needs
    neither."""
    if unit.isascii() and not ("&" in unit or "[" in unit or "\\" in unit):
        return False
    from analyzer.text.disguise import fold

    return _WORD_CHAR.search(fold(unit).text) is None


@closing_rule("sign-off")
def is_sign_off(unit: str, vocabulary: ClaimVocabulary, carved: str = "") -> bool:
    """A lone capitalized word is a name only when it is no report word and no -ed or -ing form."""
    line = unit.strip()
    if not line or "\n" in line:
        return False
    if _DASHED_SIGN_OFF.fullmatch(line) or _INITIALS.fullmatch(line):
        return True
    if not _NAME.fullmatch(line):
        return False
    word = line.lower()
    return word not in vocabulary.completion_words and not word.endswith(("ed", "ing"))


# r33i: a one-line paragraph that is a short label, its colon and one span of code and nothing else ('Suggested commit
# message: `docs: draft the spec`', '**Branch:** `012-x`'); bounded repeats only.
_LABELLED_LINE = re.compile(r"[ \t>*_-]*([A-Za-z][A-Za-z0-9 ()'/-]{0,40}?)[ \t*_]*:[ \t*_]*(?=\S)")


@closing_rule("labelled-artifact")
def is_labelled_artifact(unit: str, vocabulary: ClaimVocabulary, carved: str = "") -> bool:
    """Issue 28 (r33i): the name of a thing the work produced after its label — a commit message, a branch, a file,
    the tests run ('Suggested commit message: `…`', 'Tests: `go test ./…`') — is furniture after the closing act, not
    the agent's last words: the closing part is the paragraph before it. A label of sequence or of invoking ('Next:
    `/speckit.plan`', 'Run: `make test`'; claims.toml artifact_label_words) hands the code over and stays content."""
    if "\n" in unit.strip() or len(carved) != len(unit):
        return False
    found = _LABELLED_LINE.match(unit)
    if found is None or not _WORD_CHAR.search(unit, found.end()):
        return False
    if _WORD_CHAR.search(carved, found.end()) and not _only_identifiers(carved[found.end() :], vocabulary):
        return False  # after the label, every word is code or quoted (the carved view blanks them, the view keeps them)
    words = _VALEDICTION_WORD.findall(found.group(1).lower())
    return bool(words) and len(words) <= 5 and not set(words) & vocabulary.artifact_label_words


def _only_identifiers(rest: str, vocabulary: ClaimVocabulary) -> bool:
    """r36c: what is left beside the code after an artifact label names artifacts only — a commit hash (7 to 40 hex
    digits with a digit and a letter), a change number ('#412') or a noun of the closed class of artifact names
    (claims.toml artifact_nouns: 'commit', 'branch', 'PR'), between separators ('Files: `src/` · commit 3f9a1c2')."""
    words = _IDENTIFIER.findall(rest)
    return bool(words) and all(
        w.lower() in vocabulary.artifact_nouns
        or (w.startswith("#") and w[1:].isdigit())
        or (_HEX.fullmatch(w.lower()) is not None and any(c.isdigit() for c in w) and any(c.isalpha() for c in w))
        for w in words
    )


_IDENTIFIER = re.compile(r"#?[^\W_][\w.-]{0,60}")
_HEX = re.compile(r"[0-9a-f]{7,40}")


@closing_rule("answer-format")
def is_answer_format(unit: str, vocabulary: ClaimVocabulary, carved: str = "") -> bool:
    """Issue 28 (r33i): the answers the reader may give, alone on the last line ('(yes/no)', '[Y/n]'), are the
    question's furniture: the closing part is the paragraph before it (analyzer.text.units.answer_format, by shape)."""
    return "\n" not in unit.strip() and answer_format(unit)


@closing_rule("valediction")
def is_valediction(unit: str, vocabulary: ClaimVocabulary, carved: str = "") -> bool:
    """Up to three lines: a valediction of the list at the start of the first, and after it nothing but a name
    (capitalised words, a handle or initials, after a comma or dash) or signs without a letter, on that line or the
    lines after it.
    `carved` is the site's signature; the test needs none."""
    if len(unit) > _MAX_VALEDICTION_CHARS:  # a sign-off is short: a long paragraph is content, read no further
        return False
    lines = [line.strip() for line in unit.strip().splitlines()]
    if not lines or len(lines) > 3:
        return False
    words = _VALEDICTION_WORD.findall(lines[0].lower().replace("’", "'"))
    said = max((len(v.split()) for v in vocabulary.valedictions if words[: len(v.split())] == v.split()), default=0)
    if not said:
        return False
    rest = lines[0][_after_words(lines[0], said) :].strip(" \t,.!—–-:")  # what follows it on its line
    # r35e: a pictograph or sign after it ('Happy coding! 🚀', 'Cheers 👋') is no word of a name: a part without a
    # letter or digit is nothing
    return all(
        not _WORD_CHAR.search(part) or _NAME_LINE.fullmatch(part) or _described_self(part, vocabulary)
        for part in (rest, *lines[1:])
    )


def _described_self(part: str, vocabulary: ClaimVocabulary) -> bool:
    """r40d: the signature as the agent's description in lower case ('your coding agent', '— the assistant'): a
    determiner of it, at most two words, then a noun of the agent (claims.toml signature_nouns)."""
    words = _VALEDICTION_WORD.findall(part.lower())
    return (
        2 <= len(words) <= 4
        and words[0] in vocabulary.signature_determiners
        and words[-1] in vocabulary.signature_nouns
    )


def _after_words(line: str, count: int) -> int:
    """Where the `count`-th word of the line ends."""
    end = 0
    for _, m in zip(range(count), _VALEDICTION_WORD.finditer(line), strict=False):
        end = m.end()
    return end


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
    marker = _LIST_ITEM.match(view, first)
    if marker is not None and marker.end() < end and not view[view.rfind("\n", 0, first) + 1 : first].strip():
        # r35e: a numbered item's marker before a word in small letters, which the sentence split leaves in ('3. pls
        # share me the log n ill …'): the sentence starts after it
        word_char = _WORD_CHAR.search(view, marker.end(), end)
        first = word_char.start() if word_char is not None else first
    return first, first + len(view[first:end].rstrip())


def is_candidate(sentence: str, vocabulary: ClaimVocabulary) -> bool:
    """The word test: could a parse of this sentence find a claim?

    A question never is one. Otherwise a sentence is a candidate when, after its leading words ("Next,",
    "Now", "OK —"), it opens with an -ing word that can be a participle ("Picking …"), a future or
    intention opener ("Will …", "Going to …"), or when a first-person subject carries a progressive or a
    future ("I'm …", "we'll …", "I plan to …", "let me …").
    """
    lowered = sentence.lower().replace("’", "'").rstrip(" *_)\"'")
    # r28i: 'Shall I approve #88? 🚀': a pictograph after the question mark leaves it a question
    lowered = _TRAILING_SYMBOLS.sub("", lowered)
    if lowered.endswith("?") or tagged_question(lowered, vocabulary):
        return False
    for part in _SEGMENT_BREAK.split(lowered):
        if _fronted_ing(part, vocabulary):
            return True
        words = _WORD.findall(part)
        opener = next((w for w in words if w not in vocabulary.leading_words), None)
        if opener is not None and (_is_ing_word(opener, vocabulary) or opener in vocabulary.intention_openers):
            return True
        if _moves_on(words, vocabulary):
            return True
    return _first_person_pattern(vocabulary).search(lowered) is not None


# r40e: what may follow a sentence that shows nothing: blank lines and the fences of an empty (stripped) block
_NOTHING_SHOWN = re.compile(r"(?:\s|^ {0,3}(?:`{3,}|~{3,})[^\n`]*$)*\Z", re.MULTILINE)


def ends_pending(text: str, view: str, first: int, last: int) -> bool:
    """r40e, widened by r42d (docs/DESIGN.md#claims): the sentence ends the message on its colon and nothing follows
    it but an empty fenced block — what it leads into was to come from a tool call the transcript stripped ('Here's
    the corrected code:', 'Now rebuild and verify:'): an act still pending, a candidate claim whatever its words (the
    grammar reads who acts)."""
    return view[first:last].endswith(":") and _NOTHING_SHOWN.match(text, last) is not None


def _sequenced(sentence: str, vocabulary: ClaimVocabulary) -> bool:
    """r42d (docs/DESIGN.md#claims): the message opens with a word of sequence ('Now fix the orders listing — …'): the
    agent's note of its next act, worth a parse (later in the message the same words are a usage note, no candidate)."""
    words = _WORD.findall(sentence[:40].lower())
    return bool(words) and words[0] in vocabulary.sequence_adverbs


def tagged_question(lowered: str, vocabulary: ClaimVocabulary) -> bool:
    """'shall i keep goin w the css fixes or nah': a sentence that ends on 'or' and a tag of the other answer asks."""
    words = _WORD.findall(lowered[-40:])
    return len(words) >= 2 and words[-2] == "or" and words[-1] in vocabulary.question_tags


def _moves_on(words: list[str], vocabulary: ClaimVocabulary) -> bool:
    """'Onto the snapshot tests next.', 'On to the webhooks now.': the preposition of moving on opens the part
    (after leading words) and 'next' or a now-adverb follows: the verbless announcement, worth a parse."""
    k = 0
    while k < len(words) and words[k] in vocabulary.leading_words and words[k] != "on":
        k += 1
    moving = words[k : k + 1] and (words[k] in vocabulary.next_step_prepositions or words[k : k + 2] == ["on", "to"])
    return bool(moving) and any(w == "next" or w in vocabulary.now_adverbs for w in words[k + 1 :])


def _fronted_ing(part: str, vocabulary: ClaimVocabulary) -> bool:
    """An -ing word right after a comma, past linking words ("With the schema merged, moving …", "…, so
    just waiting …"): the fronted-participle construction, worth a parse."""
    for clause in part.split(",")[1:]:
        words = _WORD.findall(clause)
        # '…, otherwise applying the rename now' (issue 28 phase 4): the word that closes a condition links too
        links = vocabulary.fronting_links | vocabulary.counterfactual_marks
        first = next((w for w in words if w not in links), None)
        if first is not None and _is_ing_word(first, vocabulary):
            return True
    return False


def _is_ing_word(word: str, vocabulary: ClaimVocabulary) -> bool:
    bare = word.rsplit("-", 1)[-1]
    if dropped_g(bare, vocabulary):
        return True  # 'runnin the e2e suite now': the participle with its final g dropped
    return bare.endswith("ing") and len(bare) > 4 and word not in vocabulary.not_participles


def dropped_g(word: str, vocabulary: ClaimVocabulary) -> bool:
    """A participle written without its final g and without the apostrophe that marks it ('runnin', 'openin'):
    an -in word of five letters or more that is no word of its own (claims.toml not_dropped_g)."""
    lowered = word.lower().rstrip("'’")
    return len(lowered) >= 5 and lowered.endswith("in") and lowered not in vocabulary.not_dropped_g


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
    # r28i: 'Im starting on …', 'ill open the PR': the contraction written without its apostrophe, before a word
    dropped = "|".join(sorted(vocabulary.apostrophe_dropped))
    return re.compile(rf"\b(?:{subjects})(?:\s+\w+ly)?(?:{carrier})\b|\blet(?:{lets})\b|\b(?:{dropped})\s+\w")
