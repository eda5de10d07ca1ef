"""From text to a Report: candidates, the parse of each unit that needs one, and the grammar rules."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Literal

from analyzer.candidates import Candidate, scan
from analyzer.carveouts import Views, build_views
from analyzer.claims import find_claims
from analyzer.gates import GateResult, if_you_want_it, lexical_gate, unless_you_want
from analyzer.lexicon import Lexicon, default_lexicon
from analyzer.nlp import ModelUnavailable, load_model
from analyzer.relations import Carved, Judgement, judge_attribution
from analyzer.report import Claim, Finding, Report, Span, line_col
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
    claims: bool = True,
) -> Report:
    """Judge every lexicon phrase of `text` and find the unbacked claims that end it (claims=False skips
    them); see SPEC §2 for the rules."""
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
            finding = judge(candidate, text, parses, lexicon)
        except ModelUnavailable:
            if model_errors == "raise":
                raise
            if MODEL_ERROR not in warnings:
                warnings.append(MODEL_ERROR)
            finding = judge_without_model(candidate, text, lexicon)
        if finding is not None:
            findings.append(finding)
    found: tuple[Claim, ...] = ()
    if claims:
        try:
            found = find_claims(text, model_name=model_name)
        except ModelUnavailable:
            if model_errors == "raise":
                raise
            if MODEL_ERROR not in warnings:
                warnings.append(MODEL_ERROR)
    return Report(tuple(findings), tuple(warnings), found)


def judge(candidate: Candidate, text: str, parses: Parses, lexicon: Lexicon) -> Finding | None:
    entry = candidate.entry
    if entry.family == "offer" and entry.gate == "none":
        return offer_finding(candidate, text)
    parsed = parses.around(candidate.start)
    phrase = parsed.tokens(candidate.start, candidate.end)
    if not phrase:
        return None
    if entry.family == "offer":
        gate = if_you_want_it(phrase) if entry.gate == "if-you-want-it" else unless_you_want(phrase, lexicon)
        return gate_finding(candidate, text, gate, parsed)
    judged = judge_attribution(phrase, lexicon)
    if isinstance(judged, Carved):
        return None
    return attribution_finding(candidate, text, judged, parsed)


def judge_without_model(candidate: Candidate, text: str, lexicon: Lexicon) -> Finding | None:
    """Offer phrases still decide without a parse; attribution phrases are skipped (SPEC §5.6)."""
    entry = candidate.entry
    if entry.family == "attribution":
        return None
    if entry.gate == "none":
        return offer_finding(candidate, text)
    return gate_finding(candidate, text, lexical_gate(entry.gate, text, candidate.end, lexicon), None)


def offer_finding(candidate: Candidate, text: str) -> Finding:
    return _finding(
        candidate,
        text,
        verdict="fire",
        rule="offer",
        reason=f"fires: the offer '{candidate.entry.canonical}' proposes to act and waits for permission",
    )


def gate_finding(candidate: Candidate, text: str, gate: GateResult, parsed: ParsedUnit | None) -> Finding:
    governor = None
    if parsed is not None and gate.governor is not None:
        governor = parsed.span(text, gate.governor, gate.governor)
    return _finding(candidate, text, verdict=gate.verdict, rule=gate.rule, reason=gate.reason, governor=governor)


def attribution_finding(candidate: Candidate, text: str, judged: Judgement, parsed: ParsedUnit) -> Finding:
    attachment = parsed.span(text, *judged.attachment) if judged.attachment else None
    governor = parsed.span(text, judged.governor, judged.governor) if judged.governor is not None else None
    negation = parsed.span(text, judged.negation, judged.negation) if judged.negation is not None else None
    return _finding(
        candidate,
        text,
        verdict=judged.verdict,
        rule=judged.rule,
        reason=judged.reason,
        form=judged.form,
        attachment=attachment,
        domains=judged.domains,
        negated=judged.negated,
        governor=governor,
        negation=negation,
    )


def _finding(
    candidate: Candidate,
    text: str,
    *,
    verdict: Literal["fire", "exempt"],
    rule: str,
    reason: str,
    form: Literal["object", "copular-ownership", "option-list", "pending-eligibility", "none"] = "none",
    attachment: Span | None = None,
    domains: Sequence[str] = (),
    negated: bool = False,
    governor: Span | None = None,
    negation: Span | None = None,
) -> Finding:
    line, col = line_col(text, candidate.start)
    return Finding(
        phrase=candidate.entry.canonical,
        text=candidate.text,
        family=candidate.entry.family,
        start=candidate.start,
        end=candidate.end,
        line=line,
        col=col,
        verdict=verdict,
        form=form,
        attachment=attachment,
        domains=tuple(domains),
        negated=negated,
        reason=reason,
        rule=rule,
        governor=governor,
        negation=negation,
    )
