"""From text to a Report: candidates, the parse of each unit that needs one, and the grammar rules."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from typing import TYPE_CHECKING, Literal

from analyzer.grammar.claims import find_claims
from analyzer.grammar.judgement import Judgement
from analyzer.grammar.kinds import GATELESS
from analyzer.grammar.offer_gates import pass_gate
from analyzer.grammar.phrase_rules import classify_phrase
from analyzer.grammar.reference import POINTERS
from analyzer.grammar.register import register_judgement
from analyzer.grammar.register.context import Context, following_sentence
from analyzer.grammar.registry import gate_kind, without_parse
from analyzer.lexicon import NOT_ENGLISH, Lexicon, PhraseEntry, default_lexicon, is_english
from analyzer.parse.model import ModelUnavailable, ModelUse
from analyzer.parse.tokens import AGENT_SELF, ROW_KEY, SENTENCE_KEY, SOURCE_KEY
from analyzer.report import MODEL_ERROR, Claim, Finding, Report, Span, line_col
from analyzer.terms import terms
from analyzer.text.candidates import Candidate, folded_views, iter_scan, scan
from analyzer.text.carveouts import Views
from analyzer.text.citations import dated_citation
from analyzer.text.disguise import Folded
from analyzer.text.layout import (
    gap_before,
    instruction_case,
    is_heading,
    is_row,
    named_before,
    ordinary_case,
    remark_after,
    sentence_case,
    table_cell,
    unit_case,
)
from analyzer.text.questions import TURN, QuestionSite, question_sites
from analyzer.text.spelling import marks_as_written
from analyzer.text.units import (
    WINDOW_BEFORE,
    Unit,
    compact_unit,
    listed_items_end,
    sentence_bounds,
    unit_bounds,
    unit_starts,
    window,
)
from lanegate_common.frozen import replace

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

ModelErrors = Literal["raise", "skip"]
# What one message may give the parser (docs/DESIGN.md#normalisation: bounded cost): characters of compact text, and
# sentences (each costs the parser's per-document work). Phrases met once either is spent are not parsed:
# an exemption there cannot be shown, so they fire.
PARSE_BUDGET = 6_000
MAX_PARSED_UNITS = 8
CLIPPED = "its sentence runs past the window the parser reads around the phrase"


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
    model: ModelUse = field(default_factory=ModelUse)
    lexicon: Lexicon | None = None
    # The text reasons quote (views.original with each apostrophe as typed); None quotes views.original.
    quoted: str | None = None
    budget: int = PARSE_BUDGET
    units_left: int = MAX_PARSED_UNITS
    _units: dict[tuple[int, int, bool, int], ParsedUnit] = field(default_factory=dict)
    _starts: list[int] | None = None
    _own_sentence: dict[int, int] = field(default_factory=dict)
    _gaps: dict[int, tuple[int, int]] = field(default_factory=dict)
    _over_budget: set[int] = field(default_factory=set)

    def bounds(self, offset: int) -> tuple[int, int, bool]:
        """The sentence around a phrase (with the list items a colon introduces), cut to the window the
        parser reads around the phrase (units.window)."""
        if self._starts is None:
            self._starts = unit_starts(self.views.parse_view)
        view = self.views.parse_view
        unit = unit_bounds(self._starts, offset)
        unit_start, unit_end = table_cell(view, *unit, offset)
        start, end = sentence_bounds(view, unit_start, unit_end, offset)
        again = _named_again(self.lexicon or default_lexicon())
        wider = named_before(
            view, unit, (unit_start, unit_end), (start, end), again, self._starts, offset - WINDOW_BEFORE
        )
        if wider is not None and (unit_start, unit_end) == unit:
            self._own_sentence[offset] = start  # the text's boundary, which the parse of the wider stretch keeps
            gap = gap_before(view, self._starts, wider, start)
            if gap is not None:  # r29b: the prose before the lists, read beside the phrase (layout.prose_before)
                self._gaps[offset] = gap
        start = start if wider is None else wider
        end = remark_after(view, offset, end) or end
        items_end = listed_items_end(view, self._starts, start, end, heading=is_heading(view, unit_start))
        return window(view, start, items_end, offset)

    def within_budget(self, offset: int) -> bool:
        """Whether the phrase at `offset` was (or can be) parsed inside the message's parse budget."""
        return offset not in self._over_budget

    def prepare(self, offsets: Sequence[int]) -> None:
        """Parse every sentence the phrases at `offsets` need with one nlp.pipe call, in text order, until
        the budget is spent; the phrases left over are not parsed (within_budget is False)."""
        droppable = partial(status_aside, self.lexicon or default_lexicon())
        pending: dict[tuple[int, int, bool, int], Unit] = {}
        for offset in offsets:
            if offset in self._over_budget:
                continue
            key = (*self.bounds(offset), offset)
            if key in self._units or key in pending:
                continue
            if self.budget <= 0 or self.units_left <= 0:
                self._over_budget.add(offset)
                continue
            self.units_left -= 1
            start, end, clipped = key[:3]
            view = self.views.parse_view
            unit = compact_unit(
                view,
                start,
                end,
                before=offset,
                droppable=droppable,
                clipped=clipped,
                cells=is_row(view, start),
                gap=self._gaps.get(offset),
            )
            self.budget -= len(unit.text)
            pending[key] = unit
        if not pending:
            return
        # The key holds what was written too: two sentences may compact alike around different inline code.
        keyed = {k: (u.text, self.views.original[u.start : u.end]) for k, u in pending.items()}
        keys = list(dict.fromkeys(keyed.values()))
        docs = dict(zip(keys, self.model.load().pipe(unit_case(text) for text, _ in keys), strict=True))
        for k, unit in pending.items():
            doc = docs[keyed[k]]
            doc.user_data[SOURCE_KEY] = (self.quoted or self.views.original, unit.offsets)
            doc.user_data[ROW_KEY] = is_row(self.views.parse_view, unit.start)
            own = self._own_sentence.get(k[3])
            if own is not None:
                doc.user_data[SENTENCE_KEY] = next((c for c, o in enumerate(unit.offsets) if o >= own), None)
            self._units[k] = ParsedUnit(unit, doc)

    def around(self, offset: int) -> ParsedUnit:
        key = (*self.bounds(offset), offset)
        if key not in self._units:
            self.prepare([offset])
        return self._units[key]


@cache
def _named_again(lexicon: Lexicon) -> re.Pattern[str] | None:
    """r28i: 'the plan', 'that token' — a definite noun that may name again a domain term of two words the sentence
    before holds ('the Pro plan'): the last words of the lexicon's two-word domain lemmas (senses.named_again). Built
    once per lexicon: it walked every domain lemma at each phrase's bounds."""
    heads = sorted({lemma.split()[-1] for d in lexicon.domains for lemma in d.lemmas if " " in lemma})
    if not heads:
        return None
    determiners = "|".join(sorted(terms("domain-senses", "definite")))
    return re.compile(rf"\b(?:{determiners})\s+(?:" + "|".join(map(re.escape, heads)) + r")\b", re.IGNORECASE)


_ASIDE_WORD = re.compile(r"[\w'’-]+")
# A word that points back at an act named before it ('doing that is up to you', 'whether that happens').
_POINTER = re.compile(r"\b(?:" + "|".join(sorted(POINTERS)) + r")\b", re.IGNORECASE)


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
    until_fire: bool = False,
    claims: bool = True,
) -> Report:
    """Judge every lexicon phrase of `text` and find the unbacked claims that end it (claims=False skips
    them); see docs/DESIGN.md#analyzer for the rules.

    until_fire: stop at the first enforce-mode finding that fires (all the hook needs; a message of
    thousands of phrases then costs the ones before it).
    """
    lexicon = lexicon or default_lexicon()
    folded, views = folded_views(text)
    text = folded.text
    model = ModelUse(model_name)
    quoted = marks_as_written(folded)
    parses = Parses(views, model, lexicon, quoted=quoted)
    findings: list[Finding] = []
    warnings: list[str] = []
    if until_fire:
        candidates: Iterable[Candidate] = iter_scan(views, lexicon, folded)
    else:
        candidates = scan(views, lexicon, folded)
        needing_parse = [c.start for c in candidates if needs_parse(c, views, lexicon)]
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
            finding = finding_without_model(candidate, text, views, lexicon)
        if finding is not None:
            finding = _bound_to_antecedent(finding, text, lexicon, model)
            findings.append(finding)
            if until_fire and finding.fires and finding.mode == "enforce":
                break
    if not (until_fire and any(f.fires and f.mode == "enforce" for f in findings)):
        try:
            findings.extend(
                _bound_to_antecedent(f, text, lexicon, model)
                for f in closing_questions(text, findings, lexicon, model, quoted)
            )
        except ModelUnavailable:
            if model_errors == "raise":
                raise
            if MODEL_ERROR not in warnings:
                warnings.append(MODEL_ERROR)
        findings.sort(key=lambda f: (f.start, -f.end))
    found: tuple[Claim, ...] = ()
    if claims:
        try:
            # Claims are read in the text as written (offsets into it); a lone surrogate becomes '?' in place.
            found = find_claims(folded.original.encode("utf-8", "replace").decode("utf-8"), model=model)
        except ModelUnavailable:
            if model_errors == "raise":
                raise
            if MODEL_ERROR not in warnings:
                warnings.append(MODEL_ERROR)
    if not is_english(folded.original):
        warnings.append(NOT_ENGLISH)  # docs/DESIGN.md#phrase-families revision 3: said, not a silent clear
    placed = tuple(_placed(f, folded) for f in findings)
    return Report(placed, tuple(warnings), _not_handed_over(found, placed, folded.original), parsed=model.asked)


# r32d: where a hand-over's sentence ends and the one before it begins.
_SENTENCE_BREAK = re.compile(r"[.!?](?=\s)|\n")
# r36a: the longest hand-over sentence read for a decision named in its antecedent scope.
_MAX_SENTENCE_CHARS = 240
# How far back the statement, list, label or heading the hand-over binds is read (a few lines).
_MAX_BEFORE_CHARS = 600


def _bound_to_antecedent(finding: Finding, text: str, lexicon: Lexicon, model: ModelUse) -> Finding:
    """r40c (docs/DESIGN.md#construction-classes, a human-only decision named away from the phrase): every hand-over
    that fires — attribution, a closing question, a wait or a permission ask; never an offer, which always fires
    (docs/DESIGN.md#phrase-families), nor a disguised phrase — is read once more in its antecedent scope: its own
    clause, the clause before it in its sentence, a table row's other cells, the sentence before it, the bold label or
    heading above (bound_before.antecedent_judged). Exempt when the decision bound there is human-only."""
    if not finding.fires or finding.family == "offer" or finding.disguised:
        return finding
    window = max(0, finding.start - _MAX_SENTENCE_CHARS)
    starts = [m.end() for m in _SENTENCE_BREAK.finditer(text, window, finding.start)]
    if not starts and window > 0:
        return finding  # the sentence is longer than a hand-over that points back
    start = starts[-1] if starts else 0
    stop = _SENTENCE_BREAK.search(text, finding.end, finding.end + _MAX_SENTENCE_CHARS)
    end = stop.end() if stop is not None else len(text)
    if end - start > _MAX_SENTENCE_CHARS:
        return finding
    from analyzer.grammar.register.bound_before import antecedent_judged

    try:
        judged = antecedent_judged(text[start:end], (finding.start - start, finding.end - start),
                                   text[max(0, start - _MAX_BEFORE_CHARS) : start], finding, lexicon,
                                   model.load())  # fmt: skip
    except ModelUnavailable:
        return finding
    if judged is None:
        return finding
    return replace(finding, verdict="exempt", rule=judged.rule, reason=judged.reason, domains=judged.domains)


def _not_handed_over(claims: tuple[Claim, ...], findings: Sequence[Finding], text: str) -> tuple[Claim, ...]:
    """r28c (docs/DESIGN.md#claims, docs/DESIGN.md#construction-classes): an act a hand-over points back at and exempts
    as the reader's decision ('Purging the old release tags … rewrites history; doing that is up to you') is handed
    over, not announced: a claim whose predicate lies in an exempt finding's attachment, with a pointer ('that', 'it')
    between it and the phrase, is no claim. Without one ('Merging #12 now — your call.') the agent announces the act and
    the claim stands."""
    handed = [f for f in findings if f.verdict == "exempt" and f.attachment is not None]
    if not handed or not claims:
        return claims
    return tuple(c for c in claims if c.predicate is None or not any(_points_back_at(c, f, text) for f in handed))


def _points_back_at(claim: Claim, finding: Finding, text: str) -> bool:
    attachment, predicate = finding.attachment, claim.predicate
    if attachment is None or predicate is None or not attachment.start <= predicate.start < attachment.end:
        return False
    return _POINTER.search(text, predicate.end, max(finding.start, predicate.end)) is not None


def _compact(part: str, start: int) -> tuple[str, list[int]]:
    """r35e: a site's part with each run of blanks inside a line read as one space, and each character's offset in the
    text: blanked markup ('the test `layout`?', 'add **retry logic**?') leaves runs the parser reads as words of their
    own (a unit is compacted the same way, analyzer.text.units)."""
    if "  " not in part and "\t" not in part:
        return part, list(range(start, start + len(part)))
    chars: list[str] = []
    offsets: list[int] = []
    for k, ch in enumerate(part):
        blank = ch in " \t"
        if blank and chars and chars[-1] == " ":
            continue
        chars.append(" " if blank else ch)
        offsets.append(start + k)
    return "".join(chars), offsets


def _part_case(site: QuestionSite, start: int) -> Callable[[str], str]:
    """How a site's judged part is cased for the parser: an instruction as one; a part that opens its sentence in
    sentence case (a question written in small letters); a value after a label ('Needed from you: a yes on …') as
    written, since it opens no sentence of its own ('A yes' would read as a sentence whose root is 'A')."""
    if site.kind == TURN:
        return instruction_case
    return sentence_case if start == site.start else ordinary_case


def closing_questions(
    text: str, findings: Sequence[Finding], lexicon: Lexicon, model: ModelUse, quoted: str | None = None
) -> list[Finding]:
    """docs/DESIGN.md#phrase-families revision 3: the closing questions of `text` (the folded text) that hold no lexicon
    finding, each parsed alone and judged by the [[closing-question]] table; a sentence that holds a finding is
    judged by that finding's family. All of them parsed in one batch; `quoted` is the text with each apostrophe as
    typed, which the reasons quote."""
    family = next((f for f in lexicon.families if "closing-question" in lexicon.judged_by(f)), None)
    if family is None:
        return []
    sites = [s for s in question_sites(text) if not any(f.start < s.end and s.start < f.end for f in findings)]
    if not sites:
        return []
    from analyzer.grammar.closing_questions import PHRASE, judge_question, judged_part

    spans = [judged_part(s) for s in sites]
    compact = [_compact(s.sentence[a - s.start : b - s.start], a) for s, (a, b) in zip(sites, spans, strict=True)]
    nlp = model.load()
    docs = nlp.pipe(_part_case(s, a)(part) for s, (a, _), (part, _) in zip(sites, spans, compact, strict=True))
    # A closing list's items (docs/DESIGN.md#construction-classes), each parsed alone: a list read as one sentence is no
    # parse at all.
    listed = [instruction_case(text[a:b]) for s in sites for a, b in s.parts]
    items = list(nlp.pipe(listed)) if listed else []
    found = []
    taken = 0
    for site, (start, end), doc, (_, offsets) in zip(sites, spans, docs, compact, strict=True):
        doc.user_data[SOURCE_KEY] = (quoted or text, offsets)
        parts = items[taken : taken + len(site.parts)]
        taken += len(site.parts)
        for (a, b), part in zip(site.parts, parts, strict=True):
            part.user_data[SOURCE_KEY] = (quoted or text, list(range(a, b)))
        judged = judge_question(doc, site, lexicon, parts)
        if judged.verdict == "carved":
            continue
        parsed = ParsedUnit(Unit(start, end, doc.text, tuple(offsets)), doc)
        found.append(finding_at(PHRASE, family, text, (start, end), judged, parsed, lexicon))
    return found


def judge_of(entry: PhraseEntry, lexicon: Lexicon) -> str:
    """What judges a phrase: the kind of the gate row it names, or, without a gate, what its family's
    `judged_by` (lexicon.toml) names for such phrases: "offer" (it fires as found) or "phrase" (it walks the
    phrase table)."""
    if entry.gate != "none":
        kind = gate_kind(entry.gate)
        assert kind is not None  # a gate is a row of a gate table (checked when the grammar loads)
        return kind
    return next(judge for judge in lexicon.judged_by(entry.family) if judge in GATELESS)


def needs_parse(candidate: Candidate, views: Views, lexicon: Lexicon) -> bool:
    """Phrases judged by the phrase table or a gate are judged from the parse, unless written in disguise or
    cited with a date (a report of a decision taken, read without a parse)."""
    judge = judge_of(candidate.entry, lexicon)
    if candidate.disguise or judge == "offer":
        return False
    cited = judge == "phrase" and dated_citation(views.parse_view, candidate.start, candidate.end, lexicon)
    return not cited


def finding_of(candidate: Candidate, text: str, parses: Parses, lexicon: Lexicon) -> Finding | None:
    """The finding for one candidate phrase; a carve-out, or a phrase the parse lost, has none. A phrase
    written in disguise fires; one past the parse bound fires; a dated citation of a decision has none."""
    judge = judge_of(candidate.entry, lexicon)
    if candidate.disguise:
        return disguised_finding(candidate, text, lexicon)
    if judge == "offer":
        return finding_from(candidate, text, offer(candidate), None, lexicon)
    if judge == "phrase" and dated_citation(parses.views.parse_view, candidate.start, candidate.end, lexicon):
        return None
    parses.prepare([candidate.start])  # already parsed in the batch, unless judged one at a time (until_fire)
    if not parses.within_budget(candidate.start):
        why = f"the message holds more to parse than its bound ({MAX_PARSED_UNITS} sentences, {PARSE_BUDGET:,} chars)"
        return unbounded_finding(candidate, text, why, lexicon)
    decided = judgement_of(candidate, parses, lexicon)
    if decided is None or decided[0].verdict == "carved":
        return None
    judged, parsed = decided
    finding = finding_from(candidate, text, judged, parsed, lexicon)
    return finding if parsed is None else bounded(finding, candidate, text, parsed, lexicon)


def judgement_of(candidate: Candidate, parses: Parses, lexicon: Lexicon) -> tuple[Judgement, ParsedUnit | None] | None:
    """The judgement on one candidate and the parse its token indices point into: an offer fires, its
    gate, its register rule or the phrase rules decide the rest. None when the phrase's tokens are not in
    the parse, or when a register rule finds the phrase is not in its register."""
    entry = candidate.entry
    judge = judge_of(entry, lexicon)
    if judge == "offer":
        return offer(candidate), None
    parsed = parses.around(candidate.start)
    phrase = parsed.tokens(candidate.start, candidate.end)
    if not phrase:
        return None
    if judge == "register-gate":
        context = Context(following_sentence(parses.views, candidate.end))
        registered = register_judgement(entry.gate, phrase, lexicon, context)
        return None if registered is None else (registered, parsed)
    if judge == "offer-gate":
        return pass_gate(entry.gate, phrase, lexicon), parsed
    return classify_phrase(phrase, lexicon), parsed


def bounded(finding: Finding, candidate: Candidate, text: str, parsed: ParsedUnit, lexicon: Lexicon) -> Finding:
    """A judgement made on a clipped unit: an exemption there cannot be shown, a fire says where it looked."""
    if parsed.unit.clipped:
        if finding.verdict == "exempt":
            return unbounded_finding(candidate, text, CLIPPED, lexicon)
        return replace(finding, reason=f"{finding.reason} (judged inside the parse bound: {CLIPPED})")
    return finding


def disguised_finding(candidate: Candidate, text: str, lexicon: Lexicon) -> Finding:
    """docs/DESIGN.md#normalisation: an exemption is for a hand-over written plainly; a phrase written in disguise
    fires."""
    reason = (
        f"fires: '{candidate.entry.canonical}' is written in disguise ({' and '.join(candidate.disguise)} "
        "inside it); an exemption is for a hand-over written plainly"
    )
    finding = finding_from(candidate, text, Judgement("fire", "none", "disguise", reason), None, lexicon)
    return replace(finding, disguised=True)


def unbounded_finding(candidate: Candidate, text: str, why: str, lexicon: Lexicon) -> Finding:
    """docs/DESIGN.md#normalisation: where the relation cannot be established inside the bound, an exemption is not
    assumed."""
    reason = f"fires: {why}, so no exemption can be shown inside the parse bound; an exemption must be shown"
    return finding_from(candidate, text, Judgement("fire", "none", "parse-bound", reason), None, lexicon)


def _placed(finding: Finding, folded: Folded) -> Finding:
    """The finding with every offset and quoted span pointing into the text as written."""
    if folded.text is folded.original:
        return finding
    original = folded.original

    def span(s: Span | None) -> Span | None:
        if s is None:
            return None
        start, end = folded.original_span(s.start, s.end)
        return Span(original[start:end], start, end)

    start, end = folded.original_span(finding.start, finding.end)
    line, col = line_col(original, start)
    return replace(
        finding,
        text=original[start:end],
        start=start,
        end=end,
        line=line,
        col=col,
        attachment=span(finding.attachment),
        governor=span(finding.governor),
        negation=span(finding.negation),
    )


def finding_without_model(candidate: Candidate, text: str, views: Views, lexicon: Lexicon) -> Finding | None:
    """Without a parse (docs/DESIGN.md#failure) a phrase that fires as found still fires, a gated phrase is read by its
    gate row's `without_parse` fallback, and a phrase the phrase table judges is skipped."""
    entry = candidate.entry
    judge = judge_of(entry, lexicon)
    if candidate.disguise:
        return disguised_finding(candidate, text, lexicon)
    if judge == "phrase":
        return None
    if judge == "offer":
        return finding_from(candidate, text, offer(candidate), None, lexicon)
    read = without_parse(entry.gate)(entry.gate, text, candidate.start, candidate.end, lexicon, views)
    return None if read is None else finding_from(candidate, text, read, None, lexicon)


def offer(candidate: Candidate) -> Judgement:
    """An offer-shaped phrase without a gate always fires."""
    reason = f"fires: the offer '{candidate.entry.canonical}' proposes to act and waits for permission"
    return Judgement("fire", "none", "offer", reason)


def finding_from(
    candidate: Candidate, text: str, judged: Judgement, parsed: ParsedUnit | None, lexicon: Lexicon
) -> Finding:
    """The report's finding for a phrase's judgement."""
    entry = candidate.entry
    where = (candidate.start, candidate.end)
    return finding_at(entry.canonical, entry.family, text, where, judged, parsed, lexicon, shown=candidate.text)


def finding_at(
    phrase: str,
    family: str,
    text: str,
    where: tuple[int, int],
    judged: Judgement,
    parsed: ParsedUnit | None,
    lexicon: Lexicon,
    *,
    shown: str | None = None,
) -> Finding:
    """The report's finding for a judgement at text[start:end] (`shown`: the words as the candidate found
    them), its token indices turned into spans of the original text, in its family's mode."""

    def span(indices: tuple[int, int] | None) -> Span | None:
        return parsed.span(text, *indices) if parsed is not None and indices is not None else None

    start, end = where
    line, col = line_col(text, start)
    return Finding(
        phrase=phrase,
        text=text[start:end] if shown is None else shown,
        family=family,
        start=start,
        end=end,
        line=line,
        col=col,
        verdict="fire" if judged.verdict == "fire" else "exempt",
        form=judged.form,
        attachment=span(judged.attachment),
        domains=judged.domains,
        negated=judged.negated,
        reason=judged.reason,
        rule=judged.rule,
        mode=lexicon.mode_of(family),
        governor=span(None if judged.governor is None else (judged.governor, judged.governor)),
        negation=span(None if judged.negation is None else (judged.negation, judged.negation)),
    )
