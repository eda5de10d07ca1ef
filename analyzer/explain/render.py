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
VERDICT_COLOURS = {"fire": "#c92a2a", "exempt": "#2b8a3e", "claim": "#a61e4d", "clear": "#495057"}
# The picture is drawn the way displaCy draws a parse (its class names, its square arcs, words with their
# part of speech and role below), laid out here so that each label sits on its own arc's line.
# Sizes in the picture's own units (px at natural size; the picture scales with the page).
_WORD_PX = 16  # words, parts of speech and roles
_CHAR_PX = 0.6 * _WORD_PX  # a generous letter width, bold included, for sizing columns
_MIN_COLUMN = 100.0  # neighbouring words stay far enough apart for a label of seven letters
_COLUMN_GAP = 20.0  # between the widest texts of two neighbouring columns
_MARGIN_X = 50.0
_LABEL_PX = 13  # a label's size; its box is 1.25 times as tall
_LABEL_CHAR_PX = 8  # a label's letter at 13 px with 1px letter spacing, rounded up
_LABEL_PAD = 12.0  # kept between a label and its arc's vertical lines (the halo and the line's gap)
# Stacked lines are further apart than a label is tall, so labels on neighbouring lines cannot touch.
_LEVEL_PX = 20.0
_FIRST_LEVEL_PX = 24.0  # the lowest line above the arrowheads, with room for half a label
_SLOT_PX = 8.0  # between the vertical lines of arcs meeting at one word (an arrowhead is 8 px wide)
_TOP_MARGIN = 12.0  # above the highest line
_WORD_DROP = 35.0  # from the arcs' feet to the words' baseline
_ROW_EM = 2  # the part of speech and the role, each this many em under the row above
_BOTTOM_MARGIN = 16.0
# A picture takes the page's width but never more than its own, and never less than this share of it
# (12 px words); a narrower window scrolls the picture rather than shrink it further.
_MIN_SCALE = 0.75
# Each picture's heading wraps above it; the picture scrolls only in a window too narrow for it at
# `_MIN_SCALE`.
_FIGURE_STYLE = "margin: 1.5rem 0 2.5rem"
_SCROLL = "overflow-x: auto"
# The page is self-contained: no script, no font or style from elsewhere. A label crossing another arc
# keeps a white halo, so it stays readable.
_PAGE_STYLE = (
    "body { font: 16px/1.45 -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif; margin: 2rem; color: #212529 }"
    " .displacy-label { paint-order: stroke; stroke: #fff; stroke-width: 4px; stroke-linejoin: round }"
    " pre.input { white-space: pre-wrap; background: #f8f9fa; border: 1px solid #dee2e6; padding: 0.75rem 1rem;"
    " max-height: 24rem; overflow-y: auto; font-size: 0.9rem }"
    " pre.input mark { background: none; font-weight: bold; border-bottom: 2px solid currentColor }"
)
_PAGE = (
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>analyze: {title}</title>'
    "<style>{style}</style></head>\n<body>{content}</body></html>\n"
)
# The verdict of the whole text, as `analyze` prints it last, and what its exit status means.
_EXIT_MEANING = {
    "fire": "exit status 1: at least one phrase fires",
    "exempt": "exit status 0: every phrase found is exempt",
    "clear": "exit status 0: no phrase fires",
}


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


def html_page(rels: Sequence[Relation], report: Report | None = None, text: str = "", path: str = "<text>") -> str:
    """The page `analyze --html` writes: the verdict of the whole text and the text itself with each
    phrase and claim marked, then one displaCy-style picture per finding or claim — the parse's arcs, the
    analyzer's own arcs in colour, each role coloured on its word with its name in a row of its own
    under the part of speech, the verdict coloured in the heading. Every sentence is drawn in the same
    layout (`svg`), each fitting the page's width."""
    parts = [overview(report, text, path)] if report is not None else []
    if not rels:
        parts.append("<p>no deference phrase found and no unbacked claim</p>")
        return _PAGE.format(title="no phrase", style=_PAGE_STYLE, content="".join(parts))
    for rel in rels:
        parts.append(f'<figure style="{_FIGURE_STYLE}">{_heading(rel)}<div style="{_SCROLL}">{svg(rel)}</div></figure>')
    title = _escape(summary(report)) if report is not None else "parse"
    return _PAGE.format(title=title, style=_PAGE_STYLE, content="".join(parts))


def overview(report: Report, text: str, path: str) -> str:
    """The verdict of the whole text, in its colour, and the text as given with each finding and claim
    marked in the colour of its verdict (the words the pictures below are about)."""
    colour = VERDICT_COLOURS[report.verdict]
    verdict = report.verdict.upper() if report.verdict == "fire" else report.verdict
    return (
        f'<h1 style="font-size: 1.3rem; margin: 0 0 0.25rem">analyze {_escape(path)}: '
        f'<span style="color: {colour}">{verdict}</span> — {_escape(summary(report))}</h1>'
        f'<p style="margin: 0 0 0.75rem; color: #495057">{_EXIT_MEANING[report.verdict]}</p>'
        f'<pre class="input">{marked_text(report, text)}</pre>'
    )


def marked_text(report: Report, text: str) -> str:
    """The text, escaped, with each finding and claim in a <mark> of its verdict's colour (a span that
    overlaps one already marked is left plain)."""
    spans = sorted(
        [(f.start, f.end, f.verdict, f.reason) for f in report.findings]
        + [(c.start, c.end, "claim", c.reason) for c in report.claims]
    )
    out, at = [], 0
    for start, end, verdict, reason in spans:
        if start < at or not 0 <= start < end <= len(text):
            continue
        out.append(_escape(text[at:start]))
        colour = VERDICT_COLOURS[verdict]
        out.append(f'<mark style="color: {colour}" title="{_escape(reason)}">{_escape(text[start:end])}</mark>')
        at = end
    out.append(_escape(text[at:]))
    return "".join(out)


@dataclass(frozen=True)
class DrawnArc:
    """An arc laid out: word positions (start < end), its level (1 = lowest line), where the arrowhead
    sits, its label and whether it is the analyzer's own."""

    start: int
    end: int
    level: int
    head_at_start: bool
    label: str
    own: bool


def svg(rel: Relation) -> str:
    """The picture of one relation: words in columns as wide as their texts, each arc a square bracket on
    a line of its own level, its label centred on that line in a gap of the line, drawn above every line.
    The picture scales with the page (viewBox, width 100%) between its natural size and `_MIN_SCALE`."""
    centres = column_centres(rel)
    arcs = stacked(_arcs_of(rel))
    top_level = max((arc.level for arc in arcs), default=1)
    feet = _TOP_MARGIN + _FIRST_LEVEL_PX + (top_level - 1) * _LEVEL_PX
    words_y = feet + _WORD_DROP
    width = round(centres[-1] + _MARGIN_X) if centres else 2 * _MARGIN_X
    height = round(words_y + 2 * _ROW_EM * _WORD_PX + _BOTTOM_MARGIN)
    ends = arc_ends(arcs, centres)
    lines, labels = [], []
    for index, arc in enumerate(arcs):
        line, label = _drawn(arc, ends[index], feet)
        lines.append(line)
        labels.append(label)
    style = (
        f"max-width: {width:g}px; min-width: {width * _MIN_SCALE:g}px; height: auto; color: #000000;"
        f" background: #ffffff; font-family: Arial; font-size: {_WORD_PX}px; direction: ltr"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" xml:lang="en" class="displacy" width="100%"'
        f' viewBox="0 0 {width:g} {height:g}" direction="ltr" style="{style}">\n'
        + "".join(_token(rel, position, centres[position], words_y) for position in range(len(rel.words)))
        + "".join(lines)
        + "".join(labels)
        + "</svg>"
    )


def column_centres(rel: Relation) -> list[float]:
    """The x of each word: every column is as wide as its widest text (word, part of speech, mark) and
    at least `_MIN_COLUMN`, so long sentences of short words stay narrow."""
    widths = [
        max(_MIN_COLUMN, _COLUMN_GAP + _CHAR_PX * max(len(word), len(token.pos_), len(mark_of(rel.roles, position))))
        for position, (word, token) in enumerate(zip(rel.words, rel.tokens, strict=True))
    ]
    centres, x = [], _MARGIN_X
    for position, column in enumerate(widths):
        if position:
            x += (widths[position - 1] + column) / 2
        centres.append(x)
    return centres


def _arcs_of(rel: Relation) -> list[tuple[int, int, str, bool]]:
    """(head, dependent, label, own): the parse's arcs within the shown words, then the analyzer's."""
    parse_arcs = [
        (head, position, rel.tokens[position].dep_, False)
        for position in range(len(rel.tokens))
        if (head := _head_position(rel.tokens, position)) not in (position, None)
    ]
    return parse_arcs + [(arc.source, arc.target, arc.label, True) for arc in rel.arcs]


def stacked(arcs: Sequence[tuple[int, int, str, bool]]) -> list[DrawnArc]:
    """Give each arc a level, shortest arcs first: one above every arc already placed that overlaps its
    span. Arcs on one level therefore never overlap (they may touch at a word), so their labels, each
    kept within its own arc, cannot collide. The arrowhead sits at the dependent, as in displaCy."""
    order = sorted(range(len(arcs)), key=lambda i: (abs(arcs[i][1] - arcs[i][0]), min(arcs[i][:2]), i))
    spans = [(min(source, target), max(source, target)) for source, target, _, _ in arcs]
    levels: dict[int, int] = {}
    for i in order:
        start, end = spans[i]
        below = [levels[j] for j in levels if spans[j][0] < end and start < spans[j][1]]
        levels[i] = max(below, default=0) + 1
    return [
        DrawnArc(spans[i][0], spans[i][1], levels[i], target < source, label, own)
        for i, (source, target, label, own) in enumerate(arcs)
    ]


def arc_ends(arcs: Sequence[DrawnArc], centres: Sequence[float]) -> list[tuple[float, float]]:
    """The x of each arc's two vertical lines. Arcs meeting at one word each get a line of their own,
    spread around the word's centre in the order that keeps them from crossing: arcs arriving from the
    left first, the lowest leftmost, then arcs leaving to the right, the highest leftmost."""
    at_word: dict[int, list[tuple[int, int, int]]] = {}  # word → (side, order key, arc index)
    for index, arc in enumerate(arcs):
        at_word.setdefault(arc.end, []).append((0, arc.level, index))
        at_word.setdefault(arc.start, []).append((1, -arc.level, index))
    x: dict[tuple[int, int], float] = {}  # (arc index, word) → x
    for word, meeting in at_word.items():
        meeting.sort()
        for slot, (_, _, index) in enumerate(meeting):
            x[index, word] = centres[word] + (slot - (len(meeting) - 1) / 2) * _SLOT_PX
    return [(x[index, arc.start], x[index, arc.end]) for index, arc in enumerate(arcs)]


def _drawn(arc: DrawnArc, ends: tuple[float, float], feet: float) -> tuple[str, str]:
    """The arc's bracket with its arrowhead, and its label centred on the bracket's line, which leaves a
    gap for it; the analyzer's own arcs in colour."""
    left, right = ends
    y = feet - _FIRST_LEVEL_PX - (arc.level - 1) * _LEVEL_PX
    label = fitted(arc.label, right - left)
    middle = (left + right) / 2
    half_gap = len(label) * _LABEL_CHAR_PX / 2 + _LABEL_PAD / 2
    colour = HIGHLIGHT if arc.own else "currentColor"
    tip = left if arc.head_at_start else right
    path = (
        f"M{left:g},{feet:g} {left:g},{y:g} {middle - half_gap:g},{y:g} "
        f"M{middle + half_gap:g},{y:g} {right:g},{y:g} {right:g},{feet:g}"
    )
    line = (
        f'<g class="displacy-arrow"><path class="displacy-arc" d="{path}" stroke-width="2px" fill="none"'
        f' stroke="{colour}"/><path class="displacy-arrowhead" d="M{tip:g},{feet + 2:g} L{tip - 4:g},{feet - 6:g}'
        f' {tip + 4:g},{feet - 6:g}" fill="{colour}"/></g>\n'
    )
    text = (
        f'<text class="displacy-label" x="{middle:g}" y="{y:g}" font-size="{_LABEL_PX}" text-anchor="middle"'
        f' dominant-baseline="central" fill="{colour}" style="letter-spacing: 1px">{_escape(label)}</text>\n'
    )
    return line, text


def _token(rel: Relation, position: int, x: float, y: float) -> str:
    """One word's column: the word, its part of speech, its mark; a word playing a role is bold and
    coloured, its mark too."""
    role = main_role(rel.roles[position]) if rel.roles[position] else None
    colour = ROLE_COLOURS[role] if role else "currentColor"
    bold = ' font-weight="bold"' if role else ""
    return (
        f'<text class="displacy-token" fill="currentColor" text-anchor="middle" y="{y:g}">'
        f'<tspan class="displacy-word" fill="{colour}"{bold} x="{x:g}">{_escape(rel.words[position])}</tspan>'
        f'<tspan class="displacy-lemma" dy="{_ROW_EM}em" fill="currentColor" x="{x:g}">'
        f"{_escape(rel.tokens[position].pos_)}</tspan>"
        f'<tspan class="displacy-tag" dy="{_ROW_EM}em" fill="{colour}" x="{x:g}">'
        f"{_escape(mark_of(rel.roles, position))}</tspan></text>\n"
    )


def fitted(label: str, span_px: float) -> str:
    """A label cut to what fits between its arc's vertical lines ("negates copular-ownership" on an arc
    one word long → "negates"): a label wider than its arc would run into its neighbours on the line. The
    heading above the picture names the rule in full."""
    room = int((span_px - _LABEL_PAD) // _LABEL_CHAR_PX)
    if len(label) <= room:
        return label
    words = label.split()
    if len(words) > 1 and len(words[0]) <= room:
        return words[0]
    return label[: max(room - 1, 1)] + "…"


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


def _escape(text: str) -> str:
    """HTML-escape for the picture; the html module loads only when a picture is drawn."""
    import html

    return html.escape(text)


def _title(finding: Finding, path: str) -> str:
    """The caption above a picture: where, the verdict, the words and why, as in the text report."""
    verdict = "FIRE" if finding.fires else "exempt"
    return f"{location(finding, path)}  {verdict}  {quoted(finding.text)} — {finding.reason}"
