"""How `analyze` shows a Report to a person: the report text, the parse listing and the displaCy picture.

The report text needs nothing but the Report. The listing and the picture need the parse: they re-parse
each finding's unit exactly as the analyzer does (same views, same model), importing spaCy lazily, so a
person sees the very parse the verdict came from.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from analyzer.report import Finding, Report, Span

if TYPE_CHECKING:
    from spacy.tokens import Token

    from analyzer.engine import ParsedUnit

_ANSI = {"fire": "1;31", "exempt": "32", "strong": "1", "dim": "2", "mark": "1;33"}
# The analyzer's own arcs in the picture, so they stand out from the parser's black ones.
HIGHLIGHT = "#d9480f"
_ARROW = '<g class="displacy-arrow">'
_DISPLACY_OPTIONS = {"distance": 130}
EMPTY_PAGE = (
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>analyze</title></head>\n'
    "<body><p>no deference phrase found</p></body></html>\n"
)


@dataclass(frozen=True)
class Palette:
    """ANSI styling that falls back to plain text, so pipes and NO_COLOR readers get clean output."""

    enabled: bool

    def paint(self, text: str, style: str) -> str:
        """Wrap in an ANSI style only when colour is on; pad before painting, escapes have no width."""
        return f"\x1b[{_ANSI[style]}m{text}\x1b[0m" if self.enabled else text


# ------------------------------------------------------------------------------------------ report


def report_text(report: Report, path: str, palette: Palette, trees: Sequence[str] = ()) -> str:
    """The human-readable report: one block per finding (followed by its parse when asked), then a summary."""
    blocks = [finding_block(f, path, palette) for f in report.findings]
    if trees:
        blocks = [f"{block}\n\n{tree}" for block, tree in zip(blocks, trees, strict=True)]
    return "\n\n".join([*blocks, palette.paint(summary(report), "strong")]) + "\n"


def finding_block(finding: Finding, path: str, palette: Palette) -> str:
    """One finding the way a linter shows it: where, the verdict first, the words as written, then why."""
    verdict = palette.paint("FIRE" if finding.fires else "exempt", finding.verdict)
    head = f"{palette.paint(location(finding, path), 'strong')}  {verdict}  {quoted(finding.text)}"
    rows = finding_rows(finding)
    width = max(len(label) for label, _ in rows)
    return "\n".join([head, *(f"    {palette.paint(label.ljust(width), 'dim')}  {value}" for label, value in rows)])


def finding_rows(finding: Finding) -> list[tuple[str, str]]:
    """The labelled facts of a finding; the lexicon entry only when the text was written differently."""
    rows = [] if _normal(finding.text) == finding.phrase else [("phrase", finding.phrase)]
    return [
        *rows,
        ("family", finding.family),
        ("mode", finding.mode),
        ("form", finding.form),
        ("attachment", quoted(finding.attachment.text) if finding.attachment else "none"),
        ("domains", ", ".join(finding.domains) or "none"),
        ("negated", f"yes, by {quoted(finding.negation.text)}" if finding.negation else _yes_no(finding.negated)),
        ("disguised", _yes_no(finding.disguised)),
        ("rule", finding.rule),
        ("reason", finding.reason),
    ]


def summary(report: Report) -> str:
    """The one-line verdict a person reads last: how many phrases fire and how many are exempt."""
    if not report.findings:
        return "no deference phrase found"
    fired = sum(f.fires for f in report.findings)
    exempt = len(report.findings) - fired
    if fired == 0:
        return f"no phrase fires, {exempt} exempt"
    return f"{fired} phrase fires, {exempt} exempt" if fired == 1 else f"{fired} phrases fire, {exempt} exempt"


def location(finding: Finding, path: str) -> str:
    """`path:line:col`, the form editors and terminals turn into a link."""
    return f"{path}:{finding.line}:{finding.col}"


def quoted(text: str) -> str:
    """Text in double quotes on one line: a soft-wrapped phrase must not break the report's layout."""
    return '"' + " ".join(text.split()) + '"'


def _normal(text: str) -> str:
    """How the lexicon spells a match (lower case, straight apostrophe, one space), to spot a variant."""
    return " ".join(text.lower().replace("’", "'").split())


def _yes_no(flag: bool) -> str:
    """Words read faster than Python booleans in a report."""
    return "yes" if flag else "no"


# ------------------------------------------------------------------------------------------ parse


@dataclass(frozen=True)
class Arc:
    """An arc the analyzer drew, by positions within the shown tokens: source → target, labelled."""

    source: int
    target: int
    label: str


@dataclass(frozen=True)
class Relation:
    """One finding located in its parse: the sentence(s) holding it, who plays which role, and its arcs."""

    finding: Finding
    sentence: str  # the shown sentence(s) as written in the original text
    tokens: tuple[Token, ...]
    words: tuple[str, ...]  # each token as written in the original text (inline code shows as written)
    roles: tuple[tuple[str, ...], ...]  # per token: "phrase", "attachment", "bound", "negation"
    arcs: tuple[Arc, ...]


def relations(text: str, findings: Sequence[Finding]) -> list[Relation]:
    """Parse each finding's unit the way the analyzer did and locate the finding's roles in it."""
    from analyzer.carveouts import build_views
    from analyzer.engine import Parses

    parses = Parses(build_views(text))
    return [relation(text, finding, parses.around(finding.start)) for finding in findings]


def relation(text: str, finding: Finding, parsed: ParsedUnit) -> Relation:
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
        finding=finding,
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


# ------------------------------------------------------------------------------------------ tree


def tree_text(rel: Relation, palette: Palette) -> str:
    """An indented dependency listing (token, lemma, POS, dep → head) with the finding's roles marked."""
    order = list(preorder(rel.tokens))
    rows = [_tree_row(rel, position, depth) for position, depth in order]
    widths = [max(len(row[i]) for row in [_TREE_HEADER, *rows]) for i in range(len(_TREE_HEADER))]
    header = palette.paint(_columns(_TREE_HEADER, widths).rstrip(), "dim")
    lines = [f"    sentence  {quoted(rel.sentence)}", f"    {header}"]
    for (position, _), row in zip(order, rows, strict=True):
        marks = rel.roles[position]
        line = _columns(row, widths) + (f"  ◀ {', '.join(marks)}" if marks else "")
        lines.append("    " + (palette.paint(line, "mark") if marks else line.rstrip()))
    lines += [f"    arc       {_arc_text(rel, arc)}" for arc in rel.arcs]
    return "\n".join(lines)


_TREE_HEADER = ("#", "token", "lemma", "POS", "dep → head")


def _tree_row(rel: Relation, position: int, depth: int) -> tuple[str, ...]:
    """The cells of one listing row; the indent of the token cell shows its depth in the tree."""
    token = rel.tokens[position]
    head = _head_position(rel.tokens, position)
    link = "ROOT" if head == position else f"{token.dep_} → {_word_at(rel, head)}"
    return (str(position), "  " * depth + rel.words[position], token.lemma_, token.pos_, link)


def _word_at(rel: Relation, position: int | None) -> str:
    """A word with its position, so repeated words stay apart; a head outside the sentence is named so."""
    return "(outside)" if position is None else f"{rel.words[position]}#{position}"


def _arc_text(rel: Relation, arc: Arc) -> str:
    """An analyzer arc in words, for the listing (the picture draws it)."""
    return f"{_word_at(rel, arc.source)} → {_word_at(rel, arc.target)}  ({arc.label})"


def _columns(cells: Sequence[str], widths: Sequence[int]) -> str:
    """Left-aligned columns, so the listing reads as a table."""
    return "  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True))


def _head_position(tokens: Sequence[Token], position: int) -> int | None:
    """The head's position within the shown tokens; itself for a root, None when it lies outside."""
    offset = tokens[0].i
    head = tokens[position].head.i - offset
    return head if 0 <= head < len(tokens) else None


def preorder(tokens: Sequence[Token]) -> Iterator[tuple[int, int]]:
    """(position, depth) of every shown token, each head before its dependents, dependents in text order."""
    roots = [p for p in range(len(tokens)) if _head_position(tokens, p) in (p, None)]
    yield from (item for root in roots for item in _subtree(tokens, root, 0))


def _subtree(tokens: Sequence[Token], position: int, depth: int) -> Iterator[tuple[int, int]]:
    """A token, then its shown dependents' subtrees: the recursion behind `preorder`."""
    yield position, depth
    offset = tokens[0].i
    for child in tokens[position].children:
        if 0 <= child.i - offset < len(tokens):
            yield from _subtree(tokens, child.i - offset, depth + 1)


# ------------------------------------------------------------------------------------------ html


def html_page(rels: Sequence[Relation], path: str) -> str:
    """One displaCy picture per finding: the parse's arcs, plus the analyzer's own arcs in colour."""
    if not rels:
        return EMPTY_PAGE
    from spacy import displacy

    pictures = [picture(rel, path) for rel in rels]
    page = displacy.render(pictures, style="dep", manual=True, page=True, jupyter=False, options=_DISPLACY_OPTIONS)
    return highlight(page, [len(rel.arcs) for rel in rels])


def picture(rel: Relation, path: str) -> dict[str, Any]:
    """displaCy's manual format: words with a tag line, arcs by word index (dir = where the arrowhead sits)."""
    words = [
        {"text": word, "tag": _escape(" · ".join([token.pos_, *roles]))}
        for word, token, roles in zip(rel.words, rel.tokens, rel.roles, strict=True)
    ]
    parse_arcs = [
        _displacy_arc(head, position, rel.tokens[position].dep_)
        for position in range(len(rel.tokens))
        if (head := _head_position(rel.tokens, position)) not in (position, None)
    ]
    own_arcs = [_displacy_arc(arc.source, arc.target, arc.label) for arc in rel.arcs]
    return {"words": words, "arcs": parse_arcs + own_arcs, "title": _escape(_title(rel.finding, path))}


def _escape(text: str) -> str:
    """HTML-escape for the picture; the html module loads only when a picture is drawn."""
    import html

    return html.escape(text)


def _displacy_arc(source: int, target: int, label: str) -> dict[str, Any]:
    """An arc pointing at `target`; displaCy wants start < end and puts a "left" arrowhead at the start."""
    return {
        "start": min(source, target),
        "end": max(source, target),
        "label": _escape(label),
        "dir": "right" if source < target else "left",
    }


def _title(finding: Finding, path: str) -> str:
    """The caption above a picture: where, the verdict, the words and why, as in the text report."""
    verdict = "FIRE" if finding.fires else "exempt"
    return f"{location(finding, path)}  {verdict}  {quoted(finding.text)} — {finding.reason}"


def highlight(page: str, counts: Sequence[int]) -> str:
    """Colour the last `counts[i]` arcs of picture i: the analyzer's arcs, which `picture` puts last."""
    chunks = page.split("</svg>")
    painted = [_paint_last(chunk, count) for chunk, count in zip(chunks[: len(counts)], counts, strict=True)]
    return "</svg>".join([*painted, *chunks[len(counts) :]])


def _paint_last(svg: str, count: int) -> str:
    """Recolour the last `count` arrows of one picture (displaCy draws arrows in list order)."""
    head, *groups = svg.split(_ARROW)
    cut = len(groups) - count
    groups[cut:] = [group.replace("currentColor", HIGHLIGHT) for group in groups[cut:]]
    return _ARROW.join([head, *groups])
