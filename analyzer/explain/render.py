"""How `analyze` shows a Report to a person: the report text, the parse listing and the displaCy picture.

The report text needs nothing but the Report. The listing and the picture need the parse: they re-parse
each finding's unit exactly as the analyzer does (same views, same model), importing spaCy lazily, so a
person sees the very parse the verdict came from.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from analyzer.lexicon import NOT_ENGLISH
from analyzer.report import Claim, Finding, Report, Span

if TYPE_CHECKING:
    from spacy.tokens import Token

    from analyzer.engine import ParsedUnit

_ANSI = {"fire": "1;31", "exempt": "32", "claim": "1;35", "strong": "1", "dim": "2", "mark": "1;33"}
# The analyzer's own arcs in the picture, so they stand out from the parser's black ones.
HIGHLIGHT = "#d9480f"
# Colours a person reads in the picture: each role on its word and its mark, each verdict in its heading.
ROLE_COLOURS = {
    "phrase": HIGHLIGHT,
    "negation": "#c92a2a",
    "bound": "#5f3dc4",
    "attachment": "#1864ab",
    "claim": "#a61e4d",
}
VERDICT_COLOURS = {"fire": "#c92a2a", "exempt": "#2b8a3e", "claim": "#a61e4d"}
_ARROW = '<g class="displacy-arrow">'
_WORD = '<tspan class="displacy-word" fill="currentColor"'
_MARK = '<tspan class="displacy-tag" dy="2em" fill="currentColor"'
# A sentence longer than this is drawn in displaCy's compact layout, with words closer together.
COMPACT_FROM = 12
_DISPLACY_OPTIONS = {"distance": 130}
_COMPACT_OPTIONS = {"compact": True, "distance": 95, "word_spacing": 35}
# Each picture scrolls on its own when it is wider than the window; its heading wraps above it.
_FIGURE_STYLE = "margin: 2rem 0 4rem"
_SCROLL = "overflow-x: auto"
EMPTY_PAGE = (
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>analyze</title></head>\n'
    "<body><p>no deference phrase found and no unbacked claim</p></body></html>\n"
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
    """The human-readable report: one block per finding, then one per claim (each followed by its parse
    when asked), then a summary."""
    blocks = [finding_block(f, path, palette) for f in report.findings]
    blocks += [claim_block(c, path, palette) for c in report.claims]
    if trees:
        blocks = [f"{block}\n\n{tree}" for block, tree in zip(blocks, trees, strict=True)]
    return "\n\n".join([*blocks, palette.paint(summary(report), "strong")]) + "\n"


def hook_text(view: Mapping[str, Any], palette: Palette) -> str:
    """What the Stop hook would do on an autonomous turn (SPEC §1.2, revision 3): the row and its reason."""
    if view.get("refuses"):
        head = f"hook: refuses by row {view['row']} ({view['class']}, tag {view['tag']})"
    else:
        head = "hook: does not refuse by row D or U"
    return f"{palette.paint(head, 'strong')} on an autonomous turn, mode {view.get('mode')}: {view.get('because')}\n"


def claim_block(claim: Claim, path: str, palette: Palette) -> str:
    """One unbacked claim, shaped like a finding: where, CLAIM, the sentence, then its form and why."""
    head = f"{palette.paint(f'{path}:{claim.line}:{claim.col}', 'strong')}  {palette.paint('CLAIM', 'claim')}  "
    rows = [
        ("form", claim.form),
        ("predicate", quoted(claim.predicate.text)),
        ("rule", claim.rule),
        ("reason", claim.reason),
    ]
    width = max(len(label) for label, _ in rows)
    lines = [f"    {palette.paint(label.ljust(width), 'dim')}  {value}" for label, value in rows]
    return "\n".join([head + quoted(claim.text), *lines])


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
    """The one-line verdict a person reads last: how many phrases fire and how many are exempt, and the
    unbacked claims (which never change the verdict or the exit status)."""
    claims = len(report.claims)
    tail = "" if not claims else f"; {claims} unbacked claim" + ("s" if claims > 1 else "")
    if NOT_ENGLISH in report.warnings:  # SPEC §2.1 revision 3: said, never a silent clear
        tail += "; the text is not English, so the grammar judged only the English it found"
        if not report.findings and not claims:
            return "not judged: the text is not English"
    if not report.findings:
        return "no deference phrase found" + tail
    fired = sum(f.fires for f in report.findings)
    exempt = len(report.findings) - fired
    if fired == 0:
        return f"no phrase fires, {exempt} exempt{tail}"
    phrases = "phrase fires" if fired == 1 else "phrases fire"
    return f"{fired} {phrases}, {exempt} exempt{tail}"


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
    from analyzer.grammar.claim_rules import claim_parse
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
        heading=_title(finding, path),
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


def html_page(rels: Sequence[Relation]) -> str:
    """One displaCy picture per finding or claim: the parse's arcs, the analyzer's own arcs in colour, each
    role coloured on its word with its name in a row of its own under the part of speech, and the verdict
    coloured in the heading. A long sentence is drawn in displaCy's compact layout."""
    if not rels:
        return EMPTY_PAGE
    from spacy import displacy
    from spacy.displacy.templates import TPL_PAGE

    figures = []
    for rel in rels:
        options = _COMPACT_OPTIONS if len(rel.tokens) > COMPACT_FROM else _DISPLACY_OPTIONS
        svg = displacy.render(picture(rel), style="dep", manual=True, page=False, jupyter=False, options=options)
        svg = paint_roles(highlight(svg, len(rel.arcs)), rel.roles)
        figures.append(f'<figure style="{_FIGURE_STYLE}">{_heading(rel)}<div style="{_SCROLL}">{svg}</div></figure>')
    return TPL_PAGE.format(lang="en", dir="ltr", content="".join(figures))


def picture(rel: Relation) -> dict[str, Any]:
    """displaCy's manual format: each word with its part of speech (the lemma row) and its roles (the tag
    row, empty for most words), arcs by word index (dir = where the arrowhead sits)."""
    words = [
        {"text": word, "lemma": token.pos_, "tag": _escape(mark_of(rel.roles, position))}
        for position, (word, token) in enumerate(zip(rel.words, rel.tokens, strict=True))
    ]
    parse_arcs = [
        _displacy_arc(head, position, rel.tokens[position].dep_)
        for position in range(len(rel.tokens))
        if (head := _head_position(rel.tokens, position)) not in (position, None)
    ]
    own_arcs = [_displacy_arc(arc.source, arc.target, arc.label) for arc in rel.arcs]
    return {"words": words, "arcs": parse_arcs + own_arcs}


# The role a word is coloured and marked by when it plays several: the most specific first.
ROLE_ORDER = ("phrase", "negation", "bound", "claim", "attachment")


def main_role(marks: Sequence[str]) -> str | None:
    return next((role for role in ROLE_ORDER if role in marks), None)


def mark_of(roles: Sequence[tuple[str, ...]], position: int) -> str:
    """The word's mark under its part of speech: its main role, written once per run of words that share
    it (a six-word attachment is marked on its first word and coloured on all), so no mark is wider than
    its word's column for long."""
    role = main_role(roles[position])
    if role is None or (position > 0 and main_role(roles[position - 1]) == role):
        return ""
    return role


def _heading(rel: Relation) -> str:
    """The caption with its verdict word (FIRE, exempt, CLAIM) in the verdict's colour."""
    colour = VERDICT_COLOURS[rel.verdict]
    where, verdict, rest = rel.heading.split("  ", 2)
    present = [role for role in ROLE_ORDER if any(role in marks for marks in rel.roles)]
    legend = " · ".join(f'<span style="color: {ROLE_COLOURS[r]}; font-weight: bold">{r}</span>' for r in present)
    return (
        f'<h2 style="margin: 0 0 0.5rem; font-size: 1.1rem">{_escape(where)} '
        f'<span style="color: {colour}">{_escape(verdict)}</span> {_escape(rest)}</h2>'
        f'<p style="margin: 0 0 1rem; font-size: 0.9rem">{legend}</p>'
    )


def paint_roles(svg: str, roles: Sequence[tuple[str, ...]]) -> str:
    """Colour each word that plays a role, and its mark, in the colour of its main role (displaCy draws
    the words in order, one word tspan each)."""
    head, *words = svg.split(_WORD)
    painted = [head]
    for word, marks in zip(words, roles, strict=True):
        if not marks:
            painted.append(_WORD + word)
            continue
        colour = ROLE_COLOURS[main_role(marks) or marks[0]]
        marked = word.replace(_MARK, _MARK.replace("currentColor", colour), 1)
        painted.append(_WORD.replace("currentColor", colour) + ' font-weight="bold"' + marked)
    return "".join(painted)


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


def highlight(svg: str, count: int) -> str:
    """Colour the last `count` arcs of one picture: the analyzer's arcs, which `picture` puts last."""
    return _paint_last(svg, count)


def _paint_last(svg: str, count: int) -> str:
    """Recolour the last `count` arrows of one picture (displaCy draws arrows in list order)."""
    head, *groups = svg.split(_ARROW)
    cut = len(groups) - count
    groups[cut:] = [group.replace("currentColor", HIGHLIGHT) for group in groups[cut:]]
    return _ARROW.join([head, *groups])
