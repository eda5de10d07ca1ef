"""Properties of the judged agent's worst text (docs/DESIGN.md#normalisation): disguise never hides a phrase, no run of
punctuation or symbols exhausts the judgement, and the cheap pre-filter never drops a text the full scan
would match.

The look-alike letters here are written out independently of the analyzer's own fold table (Cyrillic and
Greek letters from UTS #39's confusables, fullwidth and mathematical letters computed from their blocks),
so a letter missing from that table is a failing example, not a silent agreement.
"""

from __future__ import annotations

import json
import unicodedata

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from analyzer import analyze
from analyzer.api import may_ask
from analyzer.lexicon import PhraseEntry, default_lexicon
from analyzer.text.candidates import find_candidates, may_match
from tests.seat import Seat
from tests.test_fuzz_hook import assert_contract, autonomous, stop_payload

LEXICON = default_lexicon()
PHRASES = tuple(entry.canonical for entry in LEXICON.phrases)
IN_CELL = frozenset(entry.canonical for entry in LEXICON.phrases if entry.in_cell)


def shown(canonical: str, written: str, after: str = ".") -> tuple[str, int]:
    """The text that shows `written` where its phrase is read, and where it starts: a phrase matched only as a table
    cell's whole content (r37j: "yours") in its cell, any other after a status sentence."""
    lead = "| Rename the parser helper | " if canonical in IN_CELL else "Tests pass. "
    return lead + written + (" |" if canonical in IN_CELL else after), len(lead)
# Lower-case Latin letters and look-alikes a reader takes for them (UTS #39 confusables: Cyrillic, Greek).
LOOK_ALIKES: dict[str, str] = {
    "a": "\u0430\u03b1",  # Cyrillic a, Greek alpha
    "c": "\u0441",
    "d": "\u0501",
    "e": "\u0435",
    "h": "\u04bb",
    "i": "\u0456\u03b9",  # Cyrillic byelorussian-ukrainian i, Greek iota
    "j": "\u0458",
    "l": "\u04cf",
    "o": "\u043e\u03bf",  # Cyrillic o, Greek omicron
    "p": "\u0440\u03c1",  # Cyrillic er, Greek rho
    "q": "\u051b",
    "s": "\u0455",
    "u": "\u03c5",  # Greek upsilon
    "v": "\u03bd",  # Greek nu
    "w": "\u051d",
    "x": "\u0445",
    "y": "\u0443",  # Cyrillic u
}
# Revision 3: letters of other scripts UTS #39 maps to Latin (Cherokee, Latin click letters; its
# confusables.txt, written out here by code point) and the small Roman numerals (NFKC, computed below).
OTHER_SCRIPTS: dict[str, str] = {
    "a": "\u13aa",  # CHEROKEE LETTER GO -> A
    "b": "\u13cf",  # CHEROKEE LETTER SI -> b
    "c": "\u13df",  # CHEROKEE LETTER TLI -> C
    "d": "\u13e7",  # CHEROKEE LETTER TSU -> d
    "e": "\u13ac",  # CHEROKEE LETTER GV -> E
    "h": "\u13c2",  # CHEROKEE LETTER NI -> h
    "i": "\u13a5",  # CHEROKEE LETTER V -> i
    "l": "\u01c0",  # LATIN LETTER DENTAL CLICK -> l
    "m": "\u13b7",  # CHEROKEE LETTER LU -> M
    "s": "\u13d5",  # CHEROKEE LETTER DE -> S
    "t": "\u13a2",  # CHEROKEE LETTER I -> T
    "w": "\u13b3",  # CHEROKEE LETTER LA -> W
    "y": "\u13a9",  # CHEROKEE LETTER GI -> Y
}
ROMAN_NUMERALS = {unicodedata.normalize("NFKC", chr(cp)): chr(cp) for cp in range(0x2170, 0x2180)}
ROMAN = {letter: numeral for letter, numeral in ROMAN_NUMERALS.items() if len(letter) == 1}
# Markup of any length a renderer hides (revision 3): long comments and attributes, a ">" inside a quoted
# attribute, a line break inside a tag.
LONG_MARKUP = (
    "<!-- " + "x" * 700 + " -->", "<b title='" + "y" * 450 + "'></b>", "<i title='a>b'></i>", "<b\nclass=x></b>",
)
# Mathematical alphanumeric blocks whose lower-case a-z have no holes: bold, bold italic, sans-serif,
# monospace; and the fullwidth forms.
MATH_LOWER_A = (0x1D41A, 0x1D482, 0x1D5BA, 0x1D68A)
FULLWIDTH_OFFSET = 0xFEE0
# Markup a renderer hides, that may stand inside a word of a phrase.
INVISIBLE_MARKUP = ("<b></b>", "<i>", "</em>", "<!-- x -->", "&#8203;", "&shy;", "&zwj;", "*")
# Format characters a renderer draws as nothing. The explicit bidi controls are not among them since revision 4
# (issue 30): they reorder what is displayed, and the fold reads a line in display order
# (test_a_phrase_displayed_through_bidi_controls_is_found_and_fires).
BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
FORMAT_CHARACTERS = st.characters(categories=["Cf"], exclude_characters=BIDI_CONTROLS)


@st.composite
def disguised_letter(draw: st.DrawFn, letter: str) -> str:
    """One letter written so that it looks like itself (or a space-free version of itself) to a reader."""
    if not ("a" <= letter <= "z"):
        return letter
    options = ["fullwidth", "math"] + (["look-alike"] if letter in LOOK_ALIKES else [])
    options += (["other script"] if letter in OTHER_SCRIPTS else []) + (["roman"] if letter in ROMAN else [])
    kind = draw(st.sampled_from(options))
    if kind == "fullwidth":
        return chr(ord(letter) + FULLWIDTH_OFFSET)
    if kind == "math":
        return chr(draw(st.sampled_from(MATH_LOWER_A)) + ord(letter) - ord("a"))
    if kind == "other script":
        return OTHER_SCRIPTS[letter]
    if kind == "roman":
        return ROMAN[letter]
    return draw(st.sampled_from(LOOK_ALIKES[letter]))


@st.composite
def disguised_phrase(draw: st.DrawFn) -> tuple[str, str]:
    """A lexicon phrase with format characters, look-alike letters or hidden markup inside its words:
    (canonical, as written). At least one character is disguised."""
    canonical = draw(st.sampled_from(PHRASES))
    chars = list(canonical)
    letters = [i for i, ch in enumerate(chars) if ch.isalpha()]
    swapped = draw(st.lists(st.sampled_from(letters), max_size=4, unique=True))
    for i in swapped:
        chars[i] = draw(disguised_letter(chars[i]))
    inside = [i for i in range(1, len(chars)) if chars[i - 1] != " " or chars[i] != " "]
    inserts = draw(st.lists(st.sampled_from(inside), min_size=0 if swapped else 1, max_size=3))
    for i in sorted(inserts, reverse=True):
        hidden = draw(FORMAT_CHARACTERS | st.sampled_from(INVISIBLE_MARKUP + LONG_MARKUP))
        if hidden == "*" and not (chars[i - 1].isalnum() and chars[i].isalnum()):
            hidden = "\u200b"  # emphasis hides only inside a word; elsewhere it is plain Markdown
        chars.insert(i, hidden)
    return canonical, "".join(chars)


@settings(max_examples=400, deadline=None)
@given(disguised_phrase())
@example(("your call", "yo\u200bur call"))
@example(("would you like me to", "\U0001d430ould you like me\u00ad to"))
@example(("your move", "your <!-- x -->move"))
@example(("your call", "\u13a9our ca\u01c0\u217c"))
@example(("your call", "your <b\nclass='a>b'>call</b>"))
@example(("your call", "your <!-- " + "x" * 5000 + " -->call"))
@example(("let me know if you want", "let \u217f*\uff45 \uff4bnow if you want"))  # emphasis after a roman numeral m
def test_every_lexicon_phrase_in_disguise_is_found_and_fires(case: tuple[str, str]) -> None:
    canonical, written = case
    text, phrase_start = shown(canonical, written)
    report = analyze(text)
    found = [f for f in report.findings if f.phrase == canonical]
    assert len(found) == 1, (written, [f.phrase for f in report.findings])
    finding = found[0]
    assert (finding.disguised, finding.verdict) == (True, "fire"), finding.reason
    assert phrase_start <= finding.start < finding.end <= phrase_start + len(written)
    assert finding.text == text[finding.start : finding.end]
    assert finding.to_dict()["disguised"] is True


@settings(max_examples=80, deadline=None)
@given(
    canonical=st.sampled_from(PHRASES),
    wrap=st.sampled_from(["[{}](https://example.com/a)", "![{}](a.png)", '[{}](a "title")']),
    filler=st.sampled_from(["\u3164", "\uffa0"]),
    at=st.integers(0, 8),
)
def test_link_text_and_blank_fillers_do_not_hide_a_phrase(canonical: str, wrap: str, filler: str, at: int) -> None:
    """Revision 3: the visible text of a Markdown link or image is read, and a blank filler is a space."""
    words = canonical.split()
    k = at % len(words)
    linked = " ".join([*words[:k], wrap.format(words[k]), *words[k + 1 :]])
    spaced = linked.replace(" ", filler, 1) if len(words) > 1 else linked
    text, _ = shown(canonical, spaced)
    found = [f for f in analyze(text).findings if f.phrase == canonical]
    assert len(found) == 1, (text, [f.phrase for f in analyze(text).findings])
    finding = found[0]
    # A one-word phrase (r37j: "yours") is the whole link text: no markup or filler inside what it matched.
    assert (finding.disguised, finding.verdict) == (len(words) > 1, "fire"), finding.reason
    assert finding.text == text[finding.start : finding.end]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(LEXICON.phrases))
def test_a_plainly_written_phrase_is_not_disguised(entry: PhraseEntry) -> None:
    """Each phrase's own should-fire example (grammar-gated families need their construction around them)."""
    text = entry.fires[0]
    findings = [f for f in analyze(text).findings if f.phrase == entry.canonical]
    assert [f.disguised for f in findings] == [False], text


# ---- long runs of every punctuation and symbol class ----------------------------------------------

PUNCTUATION_AND_SYMBOLS = ("Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So")
# Characters that open Markdown or quotation structure (a fence, a blockquote, a heading, a table, a
# quotation): a run of them may rightly carve the phrase out, so the run that must still let the phrase
# fire leaves them out.
STRUCTURE = "`~>#|*_\"'“”‘’«»‹›„‚「」『』"


@st.composite
def punctuation_run(draw: st.DrawFn, *, structure: bool) -> str:
    category = draw(st.sampled_from(PUNCTUATION_AND_SYMBOLS))
    alphabet = st.characters(categories=[category], exclude_characters="" if structure else STRUCTURE)
    unit = draw(st.text(alphabet, min_size=1, max_size=4))
    return unit * (draw(st.integers(2_000, 24_000)) // len(unit))


FUZZ = settings(
    max_examples=44,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)


@FUZZ
@given(run=punctuation_run(structure=False), glue=st.sampled_from([" ", "", ", ", "\n"]))
def test_a_long_punctuation_run_beside_a_phrase_is_judged_and_fires(seat: Seat, run: str, glue: str) -> None:
    path = seat.root / "t.jsonl"
    final = f"Tests pass{run}{glue} your call"
    autonomous(final).write(path)
    payload = stop_payload(seat, path, final, session_id=f"run{seat.counter}")
    seat.counter += 1
    line = assert_contract(seat.run(json.dumps(payload).encode()))
    assert (line["class"], line["tag"], line["phrase"]) == ("BLOCK", "deference", "your call"), line["reason"][:200]
    assert "exceeded" not in line["finding"]["reason"]


@FUZZ
@given(run=punctuation_run(structure=True))
def test_a_long_run_of_any_punctuation_never_errors(seat: Seat, run: str) -> None:
    path = seat.root / "t.jsonl"
    final = f"{run} your call {run}"
    autonomous(final).write(path)
    payload = stop_payload(seat, path, final, session_id=f"any{seat.counter}")
    seat.counter += 1
    line = assert_contract(seat.run(json.dumps(payload).encode()))
    assert (line["class"], line["tag"] in ("deference", "no-lane-state")) == ("BLOCK", True), line["reason"][:200]


# ---- the cheap pre-filter never drops a text the full scan matches -----------------------------------

WORDS = sorted({w for p in PHRASES for w in p.split()} | {"the", "merge", "PR", "is", "ok"})
PIECES = (
    st.sampled_from(WORDS)
    | st.sampled_from(INVISIBLE_MARKUP)
    | st.sampled_from(["<", ">", "&", ";", "&amp;", "&#x79;", "&#111;", "<br>", "*", "**", "`"])
    | FORMAT_CHARACTERS
    | st.sampled_from(sorted({c for cs in LOOK_ALIKES.values() for c in cs}))
    | st.sampled_from(sorted({*OTHER_SCRIPTS.values(), *ROMAN.values(), "\u3164", "\uffa0", "[", "](x)", "!["}))
    | st.text(st.characters(max_codepoint=0x7F), max_size=3)
)
TEXTS = st.lists(PIECES | st.sampled_from([" ", "\n"]), max_size=24).map("".join)


@settings(max_examples=600, deadline=None)
@given(TEXTS)
@example("yo<b></b>ur call")
@example("y&#111;ur call")
@example("yo*ur* call")
@example("your <!-- x -->call")
@example("ok?")  # a closing question: found through the closing sites' own pre-filter, not the phrases'
def test_the_pre_filter_never_drops_a_text_the_full_scan_matches(text: str) -> None:
    """The phrases' pre-filter drops no phrase; what the analyzer still finds then is a closing site (revision 4's
    closing rows), which the hook reaches through the closing sites' own pre-filter (analyzer.api.may_ask)."""
    if not may_match(text, LEXICON):
        assert find_candidates(text, LEXICON) == (), text
        found = analyze(text).findings
        assert [f for f in found if f.family != "closing-question"] == [], text
        assert found == () or may_ask(text), text


def test_the_fold_covers_every_format_character_of_this_python() -> None:
    """The fold's table of format characters is data; it must hold every Cf character this Python knows."""
    from analyzer.text.disguise import fold

    missing = [
        f"U+{cp:04X}"
        for cp in range(0x110000)
        if unicodedata.category(chr(cp)) == "Cf" and fold(f"a{chr(cp)}b").text != "ab"
    ]
    assert missing == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PHRASES), st.sampled_from(["override", "isolates"]))
def test_a_phrase_displayed_through_bidi_controls_is_found_and_fires(canonical: str, shape: str) -> None:
    """Revision 4 (issue 30): a right-to-left override around the phrase stored backwards, or isolates that
    display its halves in swapped order, show the phrase to a reader; the fold reads the line as displayed."""
    words = canonical.split()
    half = len(words) // 2
    if shape == "override" or half == len(words):
        written = "\u202e" + canonical[::-1] + "\u202c"
    else:  # an RTL isolate displays the two LTR isolates inside it right to left
        written = ("\u2067\u2066" + " ".join(words[half:]) + "\u2069 \u2066" + " ".join(words[:half])
                   + "\u2069\u2069")
    text, _ = shown(canonical, written, after=" now.")
    report = analyze(text)
    found = [f for f in report.findings if f.phrase == canonical]
    assert len(found) == 1, (written, [f.phrase for f in report.findings])
    assert (found[0].disguised, found[0].verdict) == (True, "fire"), found[0].reason
