"""From text to a Report: candidates, the parse of each unit that needs one, and the grammar rules."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Literal

from analyzer.candidates import Candidate, scan
from analyzer.carveouts import Views, build_views
from analyzer.gates import lexical_gate, pass_gate
from analyzer.judgement import Judgement
from analyzer.lexicon import Lexicon, default_lexicon
from analyzer.nlp import ModelUnavailable, load_model
from analyzer.relations import classify_phrase
from analyzer.report import Finding, Report, Span, line_col
from analyzer.tokens import AGENT_SELF, SOURCE_KEY
from analyzer.units import Unit, compact_unit, listed_items_end, sentence_bounds, unit_bounds, unit_starts

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

ModelErrors = Literal["raise", "skip"]
MODEL_ERROR = "model-error"


@dataclass
class ParsedUnit:
    unit: Unit
    doc: Doc

    def tokens(self, start: int, end: int) -> list[Token]:
        """The tokens covering an original [start, end) range."""
        cs = self.unit.to_compact(start)
        ce = self.unit.to_compact(end - 1) + 1
        span = self.doc.char_span(cs, ce, alignment_mode="expand")
        return list(span) if span is not None else []

    def span(self, original: str, first: int, last: int) -> Span:
        """Original-text span from the first to the last token index (inclusive)."""
        a, b = self.doc[first], self.doc[last]
        start = self.unit.offsets[a.idx]
        end = self.unit.offsets[b.idx + len(b.text) - 1] + 1
        return Span(original[start:end], start, end)


@dataclass
class Parses:
    """The parsed sentence around each phrase: each sentence parsed once, all of them in one batch.

    A sentence is compacted for the phrase it is parsed for (asides before that phrase are left out,
    units.compact_unit), so the key is the sentence's bounds and the phrase; sentences that compact to
    the same text, written the same way, share one parse.
    """

    views: Views
    model_name: str | None = None
    lexicon: Lexicon | None = None
    _units: dict[tuple[int, int, int], ParsedUnit] = field(default_factory=dict)
    _starts: list[int] | None = None

    def bounds(self, offset: int) -> tuple[int, int]:
        if self._starts is None:
            self._starts = unit_starts(self.views.parse_view)
        view = self.views.parse_view
        start, end = sentence_bounds(view, *unit_bounds(self._starts, offset), offset)
        return start, listed_items_end(view, self._starts, start, end)

    def prepare(self, offsets: Sequence[int]) -> None:
        """Parse every sentence the phrases at `offsets` need with one nlp.pipe call."""
        droppable = partial(status_aside, self.lexicon or default_lexicon())
        pending = {
            (*bounds, offset): compact_unit(self.views.parse_view, *bounds, before=offset, droppable=droppable)
            for offset in offsets
            if (*(bounds := self.bounds(offset)), offset) not in self._units
        }
        if not pending:
            return
        # The key holds what was written too: two sentences may compact alike around different inline code.
        keyed = {k: (u.text, self.views.original[u.start : u.end]) for k, u in pending.items()}
        keys = list(dict.fromkeys(keyed.values()))
        docs = dict(zip(keys, load_model(self.model_name).pipe(text for text, _ in keys), strict=True))
        for k, unit in pending.items():
            doc = docs[keyed[k]]
            doc.user_data[SOURCE_KEY] = (self.views.original, unit.offsets)
            self._units[k] = ParsedUnit(unit, doc)

    def around(self, offset: int) -> ParsedUnit:
        key = (*self.bounds(offset), offset)
        if key not in self._units:
            self.prepare([offset])
        return self._units[key]


_ASIDE_WORD = re.compile(r"[\w'’-]+")


def status_aside(lexicon: Lexicon, content: str) -> bool:
    """An aside the parse may leave out: a status remark ("CI is green on sha 3f9c2a1"). Not one that
    negates ("not yet"), adds an alternative ("or let me …"), or speaks of the agent's own work ("I'll
    fix the tests", "my docs lane"): those belong to the relation and stay in the parse."""
    words = [w.replace("’", "'") for w in _ASIDE_WORD.findall(content.lower())]
    if not words or words[0] in ("or", "and", "nor", "but"):
        return False
    return not any(
        w in lexicon.negation or w.endswith("n't") or w in AGENT_SELF or w.startswith("i'") or w in lexicon.agent_work
        for w in words
    )


def analyze(
    text: str,
    *,
    lexicon: Lexicon | None = None,
    model_errors: ModelErrors = "raise",
    model_name: str | None = None,
) -> Report:
    """Judge every lexicon phrase of `text`; see SPEC §2 for the rules."""
    lexicon = lexicon or default_lexicon()
    views = build_views(text)
    candidates = scan(views, lexicon)
    parses = Parses(views, model_name, lexicon)
    findings: list[Finding] = []
    warnings: list[str] = []
    needing_parse = [c.start for c in candidates if c.entry.family == "attribution" or c.entry.gate != "none"]
    try:
        parses.prepare(needing_parse)
    except ModelUnavailable:
        if model_errors == "raise":
            raise
    for candidate in candidates:
        try:
            finding = finding_of(candidate, text, parses, lexicon)
        except ModelUnavailable:
            if model_errors == "raise":
                raise
            if MODEL_ERROR not in warnings:
                warnings.append(MODEL_ERROR)
            finding = finding_without_model(candidate, text, lexicon)
        if finding is not None:
            findings.append(finding)
    return Report(tuple(findings), tuple(warnings))


def finding_of(candidate: Candidate, text: str, parses: Parses, lexicon: Lexicon) -> Finding | None:
    """The finding for one candidate phrase; a carve-out, or a phrase the parse lost, has none."""
    decided = judgement_of(candidate, parses, lexicon)
    if decided is None or decided[0].verdict == "carved":
        return None
    return finding_from(candidate, text, *decided)


def judgement_of(candidate: Candidate, parses: Parses, lexicon: Lexicon) -> tuple[Judgement, ParsedUnit | None] | None:
    """The judgement on one candidate and the parse its token indices point into: an offer fires, its
    gate or the phrase rules decide the rest. None when the phrase's tokens are not in the parse."""
    entry = candidate.entry
    if entry.family == "offer" and entry.gate == "none":
        return offer(candidate), None
    parsed = parses.around(candidate.start)
    phrase = parsed.tokens(candidate.start, candidate.end)
    if not phrase:
        return None
    if entry.family == "offer":
        return pass_gate(entry.gate, phrase, lexicon), parsed
    return classify_phrase(phrase, lexicon), parsed


def finding_without_model(candidate: Candidate, text: str, lexicon: Lexicon) -> Finding | None:
    """Offer phrases still decide without a parse; attribution phrases are skipped (SPEC §5.6)."""
    entry = candidate.entry
    if entry.family == "attribution":
        return None
    judged = offer(candidate) if entry.gate == "none" else lexical_gate(entry.gate, text, candidate.end, lexicon)
    return finding_from(candidate, text, judged, None)


def offer(candidate: Candidate) -> Judgement:
    """An offer-shaped phrase without a gate always fires."""
    reason = f"fires: the offer '{candidate.entry.canonical}' proposes to act and waits for permission"
    return Judgement("fire", "none", "offer", reason)


def finding_from(candidate: Candidate, text: str, judged: Judgement, parsed: ParsedUnit | None) -> Finding:
    """The report's finding for a judgement, its token indices turned into spans of the original text."""

    def span(indices: tuple[int, int] | None) -> Span | None:
        return parsed.span(text, *indices) if parsed is not None and indices is not None else None

    line, col = line_col(text, candidate.start)
    return Finding(
        phrase=candidate.entry.canonical,
        text=candidate.text,
        family=candidate.entry.family,
        start=candidate.start,
        end=candidate.end,
        line=line,
        col=col,
        verdict="fire" if judged.verdict == "fire" else "exempt",
        form=judged.form,
        attachment=span(judged.attachment),
        domains=judged.domains,
        negated=judged.negated,
        reason=judged.reason,
        rule=judged.rule,
        governor=span(None if judged.governor is None else (judged.governor, judged.governor)),
        negation=span(None if judged.negation is None else (judged.negation, judged.negation)),
    )
