"""Each finding and claim located in its parse, for the listing and the picture: the sentence(s) holding it,
the role each word plays, the analyzer's own arcs. The parse is made again exactly as the analyzer made it
(same views, same model; spaCy imported lazily), so a person sees the very parse the verdict came from."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from analyzer.explain.report_text import location, quoted
from analyzer.report import Claim, Finding, Report, Span

if TYPE_CHECKING:
    from spacy.tokens import Token

    from analyzer.engine import ParsedUnit



@dataclass(frozen=True)
class Arc:
    """An arc the analyzer drew, by positions within the shown tokens: source → target, labelled."""

    source: int
    target: int
    label: str


@dataclass(frozen=True)
class Relation:
    """One finding or claim located in its parse: the sentence(s) holding it, who plays which role, and
    its arcs, with the caption a picture shows above it."""

    heading: str  # where, the verdict, the words and why, as in the text report
    verdict: str  # "fire", "exempt" or "claim": the colour of the heading
    sentence: str  # the shown sentence(s) as written in the original text
    tokens: tuple[Token, ...]
    words: tuple[str, ...]  # each token as written in the original text (inline code shows as written)
    roles: tuple[tuple[str, ...], ...]  # per token: "phrase", "attachment", "bound", "negation", "claim"
    arcs: tuple[Arc, ...]


def relations(text: str, report: Report, path: str) -> list[Relation]:
    """Parse each finding's unit and each claim's sentence the way the analyzer did, and locate their
    roles in it."""
    from analyzer.engine import ParsedUnit, Parses
    from analyzer.grammar.claims import claim_parse
    from analyzer.text.carveouts import build_views

    parses = Parses(build_views(text))
    found = [relation(text, finding, parses.around(finding.start), path) for finding in report.findings]
    return found + [claim_relation(text, c, ParsedUnit(*claim_parse(text, c)), path) for c in report.claims]


def claim_relation(text: str, claim: Claim, parsed: ParsedUnit, path: str) -> Relation:
    """A claim in its sentence: the predicate that announces the action is its one role."""
    predicate = _tokens(parsed, claim.predicate)[:1]
    doc = parsed.doc
    shown = tuple(doc[0 : len(doc)])
    marked = {t.i for t in predicate}
    return Relation(
        heading=f"{path}:{claim.line}:{claim.col}  CLAIM  {quoted(claim.text)} — {claim.reason}",
        verdict="claim",
        sentence=parsed.span(text, 0, len(doc) - 1).text,
        tokens=shown,
        words=tuple(parsed.span(text, t.i, t.i).text for t in shown),
        roles=tuple(("claim",) if t.i in marked else () for t in shown),
        arcs=(),
    )


def relation(text: str, finding: Finding, parsed: ParsedUnit, path: str) -> Relation:
    """Map the finding's spans to tokens (expanding to whole tokens) and cut out the sentences they sit in."""
    phrase = parsed.tokens(finding.start, finding.end)
    roles = {
        "phrase": phrase,
        "attachment": _tokens(parsed, finding.attachment),
        "bound": _tokens(parsed, finding.governor)[:1],
        "negation": _tokens(parsed, finding.negation)[:1],
    }
    arcs = _analyzer_arcs(finding, phrase, roles["attachment"], roles["bound"], roles["negation"])
    anchors = [t for group in roles.values() for t in group] + [t for arc in arcs for t in arc[:2]]
    doc = parsed.doc
    first = min((t.sent.start for t in anchors), default=0)
    last = max((t.sent.end for t in anchors), default=len(doc))
    shown = tuple(doc[first:last])
    return Relation(
        heading=title_of(finding, path),
        verdict=finding.verdict,
        sentence=parsed.span(text, first, last - 1).text,
        tokens=shown,
        words=tuple(parsed.span(text, t.i, t.i).text for t in shown),
        roles=tuple(tuple(name for name, group in roles.items() if any(t.i == g.i for g in group)) for t in shown),
        arcs=tuple(Arc(source.i - first, target.i - first, label) for source, target, label in arcs),
    )


def _tokens(parsed: ParsedUnit, span: Span | None) -> list[Token]:
    """The tokens of an optional span, none when the finding has no such role."""
    return parsed.tokens(span.start, span.end) if span is not None else []


def _analyzer_arcs(
    finding: Finding, phrase: list[Token], attachment: list[Token], bound: list[Token], negation: list[Token]
) -> list[tuple[Token, Token, str]]:
    """Phrase → what it is bound to, and negation cue → the relation it cancels, labelled with the rule."""
    arcs: list[tuple[Token, Token, str]] = []
    target = bound[0] if bound else (root_of(attachment) if attachment else None)
    if phrase and target is not None:
        arcs.append((root_of(phrase), target, finding.rule))
    if negation:
        cue = negation[0]
        relation_token = cue.head if cue.head.i != cue.i else (bound[0] if bound else None)
        if relation_token is not None:
            arcs.append((cue, relation_token, f"negates {finding.rule}"))
    return [(source, target, label) for source, target, label in arcs if source.i != target.i]


def root_of(tokens: Sequence[Token]) -> Token:
    """The token of a span whose head lies outside it: what the span hangs from in the parse."""
    inside = {t.i for t in tokens}
    return next((t for t in tokens if t.head.i not in inside or t.head.i == t.i), tokens[-1])


def head_position(tokens: Sequence[Token], position: int) -> int | None:
    """The head's position within the shown tokens; itself for a root, None when it lies outside."""
    offset = tokens[0].i
    head = tokens[position].head.i - offset
    return head if 0 <= head < len(tokens) else None


def title_of(finding: Finding, path: str) -> str:
    """The caption above a picture: where, the verdict, the words and why, as in the text report."""
    verdict = "FIRE" if finding.fires else "exempt"
    return f"{location(finding, path)}  {verdict}  {quoted(finding.text)} — {finding.reason}"
