"""`analyze --html`: one self-contained page, the verdict and the text with its findings marked, then a
picture per finding or claim (picture.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from analyzer.explain.picture import ROLE_COLOURS, ROLE_ORDER, VERDICT_COLOURS, Line, escaped, svg, wrapped
from analyzer.explain.relations import Relation
from analyzer.explain.report_text import Palette, hook_text, summary
from analyzer.report import Report

if TYPE_CHECKING:

    pass



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
    " h1, h2, p, pre.input { overflow-wrap: anywhere }"
    " p.hook { margin: 0 0 0.75rem; font-weight: 600 }"
    " p.across { margin: 0.25rem 0 1rem; font-size: 0.85rem; color: #495057 }"
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


def html_page(
    rels: Sequence[Relation],
    report: Report | None = None,
    text: str = "",
    path: str = "<text>",
    hook: Mapping[str, Any] | None = None,
) -> str:
    """The page `analyze --html` writes: the verdict of the whole text, what the Stop hook would do with it
    (the `hook:` line of the text report), and the text itself with each phrase and claim marked, then one
    displaCy-style picture per finding or claim — the parse's arcs, the analyzer's own arcs in colour, each
    role coloured on its word with its name in a row of its own under the part of speech, the verdict
    coloured in the heading. Every sentence is drawn in the same layout (`svg`); a sentence wider than a
    page is drawn on several lines (picture.wrapped), as text wraps."""
    parts = [overview(report, text, path, hook)] if report is not None else []
    if not rels:
        parts.append("<p>no deference phrase found and no unbacked claim</p>")
        return _PAGE.format(title="no phrase", style=_PAGE_STYLE, content="".join(parts))
    for rel in rels:
        drawn = "".join(f'<div style="{_SCROLL}">{svg(line.rel)}</div>{_across(line)}' for line in wrapped(rel))
        parts.append(f'<figure style="{_FIGURE_STYLE}">{_heading(rel)}{drawn}</figure>')
    title = escaped(summary(report)) if report is not None else "parse"
    return _PAGE.format(title=title, style=_PAGE_STYLE, content="".join(parts))


def _across(line: Line) -> str:
    """Under a line of a wrapped picture, the arcs it shares with another line."""
    if not line.across:
        return ""
    return f'<p class="across">to another line: {escaped("; ".join(line.across))}</p>'


def overview(report: Report, text: str, path: str, hook: Mapping[str, Any] | None = None) -> str:
    """The verdict of the whole text, in its colour, what the Stop hook would do with it (the report's
    `hook:` line), and the text as given with each finding and claim marked in the colour of its verdict
    (the words the pictures below are about)."""
    colour = VERDICT_COLOURS[report.verdict]
    verdict = report.verdict.upper() if report.verdict == "fire" else report.verdict
    shown = hook_text(hook, Palette(False)).strip() if hook is not None else ""
    return (
        f'<h1 style="font-size: 1.3rem; margin: 0 0 0.25rem">analyze {escaped(path)}: '
        f'<span style="color: {colour}">{verdict}</span> — {escaped(summary(report))}</h1>'
        f'<p style="margin: 0 0 0.75rem; color: #495057">{_EXIT_MEANING[report.verdict]}</p>'
        + (f'<p class="hook">{escaped(shown)}</p>' if shown else "")
        + f'<pre class="input">{marked_text(report, text)}</pre>'
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
        out.append(escaped(text[at:start]))
        colour = VERDICT_COLOURS[verdict]
        out.append(f'<mark style="color: {colour}" title="{escaped(reason)}">{escaped(text[start:end])}</mark>')
        at = end
    out.append(escaped(text[at:]))
    return "".join(out)


def _heading(rel: Relation) -> str:
    """The caption with its verdict word (FIRE, exempt, CLAIM) in the verdict's colour."""
    colour = VERDICT_COLOURS[rel.verdict]
    where, verdict, rest = rel.heading.split("  ", 2)
    present = [role for role in ROLE_ORDER if any(role in marks for marks in rel.roles)]
    legend = " · ".join(f'<span style="color: {ROLE_COLOURS[r]}; font-weight: bold">{r}</span>' for r in present)
    return (
        f'<h2 style="margin: 0 0 0.5rem; font-size: 1.1rem">{escaped(where)} '
        f'<span style="color: {colour}">{escaped(verdict)}</span> {escaped(rest)}</h2>'
        f'<p style="margin: 0 0 1rem; font-size: 0.9rem">{legend}</p>'
    )
