"""`lanegate audit --html FILE`: the audit summary as a page a person reads in a browser — classes and
tags over time, the refusal chains, each seat, the observe-mode families and the latest refusals.

The charts are hand-written SVG and the page carries its own style: no script, no font, no link to
anything outside the file, so it opens the same offline, from a mail attachment or a CI artifact. The
numbers are the summary's (hook/commands/audit.summarize); what the page adds — the timeline, every
chain's length, the latest refusals — is gathered in the same pass over the log (PageData.feed).
"""

from __future__ import annotations

import heapq
import html
import itertools
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from hook.audit import CLASSES, REFUSAL_CLASSES
from hook.commands.audit import NO_IDENTITY, Chains, Entry, deciding, flat, stop_label

# One palette for the whole page (docs/DESIGN.md#operators): a colour means one class or one tag, on every chart,
# whatever the log holds. A tag that is its class's only cause (clean-terminal, material-artifact, ceiling) shares that
# class's colour, since both say the same thing; every other colour is used once. Kelly's colours of maximum
# contrast, so neighbouring bands stay apart.
CLASS_COLOURS = {
    "ALLOW": "#848482",
    "BLOCK": "#be0032",
    "WOULD-BLOCK": "#f38400",
    "CLEAN-TERMINAL ALLOW": "#008856",
    "MATERIAL-ALLOW": "#0067a5",
    "CEILING-ALLOW": "#604e97",
    "ERROR": "#222222",
}
TAG_COLOURS = {
    "clean-terminal": CLASS_COLOURS["CLEAN-TERMINAL ALLOW"],
    "material-artifact": CLASS_COLOURS["MATERIAL-ALLOW"],
    "ceiling": CLASS_COLOURS["CEILING-ALLOW"],
    "operator-dialogue": "#a1caf1",
    "background-work": "#c2b280",
    "lane-continuation-off": "#2b3d26",
    "no-final-text": "#dcd300",
    "compaction": "#654522",
    "deference": "#b3446c",
    "unbacked-claim": "#e68fac",
    "no-lane-state": "#882d17",
    "malformed-lane-state": "#f3c300",
    "invalid-lane-state": "#e25822",
    "valid-lane-state": "#8db600",
    "active-lane-in-dialogue": "#875692",
    "internal-error": "#f99379",
    "transcript-error": "#f6a600",
}
# Every tag without a colour of its own (errors of bad input, settings, rare tags) is one "other" band.
OTHER_COLOUR = "#d9d9d9"
OTHER_TAGS = "other tags"
# Charts that are no class and no tag (chain lengths, observed families) draw in ink, not in the palette.
INK = "#495057"
# The latest refusals listed at the end of the page, and how much of each reason they show.
RECENT = 25
REASON_CHARS = 220
# Chains longer than this share the last bar of the histogram.
CHAIN_BARS = 20

# Chart geometry (px): the plot area sits inside these margins.
WIDTH, HEIGHT = 960, 240
LEFT, RIGHT, TOP, BOTTOM = 52, 40, 12, 36
# A bar never wider than this, so a chart of three bars still reads as bars.
MAX_BAR = 56
MAX_X_LABELS = 12

STYLE = """
body { font: 15px/1.45 -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif; color: #212529; margin: 2rem auto;
       max-width: 1000px; padding: 0 1rem }
h1 { font-size: 1.5rem; margin-bottom: 0.25rem } h2 { font-size: 1.15rem; margin: 2.2rem 0 0.6rem;
       border-bottom: 1px solid #dee2e6; padding-bottom: 0.2rem }
p.note { color: #495057; margin: 0.2rem 0 0.8rem }
table { border-collapse: collapse; margin: 0.6rem 0; font-size: 0.9rem }
th, td { padding: 0.2rem 0.7rem; border-bottom: 1px solid #e9ecef; text-align: left; vertical-align: top }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums }
.swatch { display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.35em; vertical-align: -0.05em;
          border-radius: 2px }
.legend { font-size: 0.85rem; margin: 0.2rem 0 0.4rem } .legend span.item { margin-right: 1.1em; white-space: nowrap }
dl.stats { display: flex; gap: 2.2rem; margin: 0.6rem 0 } dl.stats dt { color: #495057; font-size: 0.85rem }
dl.stats dd { margin: 0; font-size: 1.4rem; font-weight: 600 }
svg text { font-size: 11px; fill: #495057 } svg .grid { stroke: #e9ecef } svg .axis { stroke: #adb5bd }
td.reason { max-width: 34rem; font-size: 0.85rem; color: #343a40 } td.nowrap { white-space: nowrap }
td.reason .decided { font-weight: 600 } td.reason details { color: #495057 }
td.reason summary { cursor: pointer; font-size: 0.8rem }
"""


class PageData:
    """What the page shows beyond the summary, gathered in the summary's pass: counts per hour of each
    class and tag, every refusal chain's length, the latest refusals."""

    def __init__(self) -> None:
        self.classes: dict[datetime, Counter[str]] = {}
        self.tags: dict[datetime, Counter[str]] = {}
        self.chains = Chains()
        self._recent: list[tuple[datetime, int, int, Entry]] = []  # a min-heap of the RECENT newest refusals
        self._order = itertools.count()

    def feed(self, entry: Entry, number: int) -> None:
        """One counted line, and its number among its session's lines (the stop `golden add` takes)."""
        hour = entry.stamp.astimezone(UTC).replace(minute=0, second=0, microsecond=0)
        self.classes.setdefault(hour, Counter())[entry.klass] += 1
        self.tags.setdefault(hour, Counter())[entry.tag] += 1
        self.chains.feed(entry.session, entry.klass)
        if entry.klass in REFUSAL_CLASSES:
            item = (entry.stamp, next(self._order), number, entry)
            if len(self._recent) < RECENT:
                heapq.heappush(self._recent, item)
            else:
                heapq.heappushpop(self._recent, item)

    def recent(self) -> list[tuple[int, Entry]]:
        """The latest refusals, newest first, each with its number in its session."""
        return [(number, entry) for _, _, number, entry in sorted(self._recent, reverse=True)]


# ---- time buckets ---------------------------------------------------------------------------------------


def bucket_size(first: datetime, last: datetime) -> str:
    """Hours for up to two days of lines, days up to three months, weeks beyond: 12 to 100 bars."""
    span = last - first
    if span <= timedelta(days=2):
        return "hour"
    return "day" if span <= timedelta(days=92) else "week"


def bucket_of(hour: datetime, size: str) -> datetime:
    if size == "hour":
        return hour
    day = hour.replace(hour=0)
    return day if size == "day" else day - timedelta(days=day.weekday())


def timeline(per_hour: Mapping[datetime, Counter[str]]) -> tuple[str, list[datetime], dict[datetime, Counter[str]]]:
    """The bucket size, every bucket from the first line's to the last's (empty ones too: time runs
    evenly along the axis) and the counts in each."""
    if not per_hour:
        return "hour", [], {}
    size = bucket_size(min(per_hour), max(per_hour))
    merged: dict[datetime, Counter[str]] = {}
    for hour, counts in per_hour.items():
        merged.setdefault(bucket_of(hour, size), Counter()).update(counts)
    step = {"hour": timedelta(hours=1), "day": timedelta(days=1), "week": timedelta(weeks=1)}[size]
    starts, at = [], min(merged)
    while at <= max(merged):
        starts.append(at)
        at += step
    return size, starts, merged


def bucket_label(start: datetime, size: str) -> str:
    return start.strftime("%m-%d %H:00" if size == "hour" else "%Y-%m-%d")


# ---- SVG ------------------------------------------------------------------------------------------------


def nice_ceiling(value: int) -> tuple[int, int]:
    """An axis top at or above `value` and its tick step (1, 2 or 5 times a power of ten), 4–5 ticks."""
    if value <= 0:
        return 1, 1
    raw = value / 4
    power = 10 ** math.floor(math.log10(raw)) if raw >= 1 else 1
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    return step * math.ceil(value / step), step


def stacked_bars(labels: Sequence[str], series: Sequence[tuple[str, str, Sequence[int]]], unit: str) -> str:
    """Vertical bars, one per label, each stacked from the series (name, colour, one value per label)
    in order from the bottom; every band says its label, name and count on hover."""
    totals = [sum(values[i] for _, _, values in series) for i in range(len(labels))]
    top, step = nice_ceiling(max(totals, default=0))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / max(len(labels), 1)
    bar = min(max(slot * 0.78, 1.0), MAX_BAR)
    parts = [f'<svg width="100%" viewBox="0 0 {WIDTH} {HEIGHT}" style="max-width: {WIDTH}px" role="img">']
    for tick in range(0, top + 1, step):
        y = TOP + plot_h - tick / top * plot_h
        parts.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{tick:,}</text>')
    every = max(1, math.ceil(len(labels) / MAX_X_LABELS))
    for i, label in enumerate(labels):
        x = LEFT + i * slot + (slot - bar) / 2
        base = TOP + plot_h
        for name, colour, values in series:
            value = values[i]
            if not value:
                continue
            h = value / top * plot_h
            base -= h
            tip = _e(f"{label} · {name}: {value:,} {unit}")
            parts.append(f'<rect x="{x:.1f}" y="{base:.1f}" width="{bar:.1f}" height="{h:.1f}" fill="{colour}">'
                         f"<title>{tip}</title></rect>")
        if i % every == 0:
            y = HEIGHT - BOTTOM + 16
            parts.append(f'<text x="{x + bar / 2:.1f}" y="{y}" text-anchor="middle">{_e(label)}</text>')
    parts.append(f'<line class="axis" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{TOP + plot_h}" y2="{TOP + plot_h}"/>')
    parts.append("</svg>")
    return "".join(parts)


def hbars(items: Sequence[tuple[str, int, str]]) -> str:
    """Horizontal bars, one per (name, value, colour), longest first as given, the count at each end."""
    row, label_w, width = 26, 190, 640
    most = max((v for _, v, _ in items), default=1) or 1
    parts = [f'<svg width="{width}" height="{row * len(items) + 6}" role="img">']
    for i, (name, value, colour) in enumerate(items):
        y = i * row + 4
        w = value / most * (width - label_w - 60)
        parts.append(f'<text x="{label_w - 8}" y="{y + 15}" text-anchor="end">{_e(name)}</text>')
        parts.append(f'<rect x="{label_w}" y="{y + 3}" width="{w:.1f}" height="16" fill="{colour}">'
                     f"<title>{_e(name)}: {value:,}</title></rect>")
        parts.append(f'<text x="{label_w + w + 6:.1f}" y="{y + 15}">{value:,}</text>')
    parts.append("</svg>")
    return "".join(parts)


def legend(items: Sequence[tuple[str, str]]) -> str:
    spans = "".join(f'<span class="item"><span class="swatch" style="background: {c}"></span>{_e(n)}</span>'
                    for n, c in items)
    return f'<div class="legend">{spans}</div>'


# ---- the page -------------------------------------------------------------------------------------------


def render_page(summary: Mapping[str, Any], data: PageData, *, logs: Sequence[str], generated: datetime) -> str:
    """The whole page: an overview, then one section each for classes, tags, chains, identities, observed
    families and the latest refusals; every number in a table is the summary's."""
    sections = [
        overview(summary, logs, generated),
        classes_section(summary, data),
        tags_section(summary, data),
        chains_section(summary, data),
        identities_section(summary),
        observed_section(summary),
        refusals_section(data),
    ]
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>lanegate audit — {summary['lines']:,} lines</title><style>{STYLE}</style></head>\n"
        f"<body>{''.join(sections)}</body></html>\n"
    )


def overview(summary: Mapping[str, Any], logs: Sequence[str], generated: datetime) -> str:
    classes = summary["classes"]
    refused = sum(classes.get(k, {}).get("total", 0) for k in REFUSAL_CLASSES)
    autonomous = sum(v["autonomous"] for v in classes.values())
    refused_autonomous = sum(classes.get(k, {}).get("autonomous", 0) for k in REFUSAL_CLASSES)
    share = f"{refused_autonomous / autonomous:.0%}" if autonomous else "–"
    since = summary["since"] or "the start of the log"
    read = ", ".join(logs) if logs else "no audit log yet (no stop has been judged here)"
    stats = [
        ("lines", "lines", f"{summary['lines']:,}"),
        ("refusals", "refusals (BLOCK, WOULD-BLOCK)", f"{refused:,}"),
        ("autonomous", "autonomous stops", f"{autonomous:,}"),
        ("refused-share", "of them refused", share),
        ("malformed", "malformed lines skipped", f"{summary['malformed']:,}"),
    ]
    cells = "".join(f'<div><dt>{_e(label)}</dt><dd data-stat="{key}">{value}</dd></div>' for key, label, value in stats)
    return (
        '<section id="overview"><h1>lanegate audit</h1>'
        f'<p class="note">since {_e(since)} · read {_e(read)} · written {generated:%Y-%m-%d %H:%M} UTC</p>'
        f'<dl class="stats">{cells}</dl></section>'
    )


def classes_section(summary: Mapping[str, Any], data: PageData) -> str:
    size, starts, merged = timeline(data.classes)
    present = [k for k in summary["classes"]]
    series = [(k, CLASS_COLOURS.get(k, OTHER_COLOUR), [merged.get(s, Counter())[k] for s in starts]) for k in present]
    rows = "".join(
        f'<tr><td><span class="swatch" style="background: {CLASS_COLOURS.get(k, OTHER_COLOUR)}"></span>{_e(k)}</td>'
        f'<td class="n" data-class="{_e(k)}" data-split="operator_in_loop">{v["operator_in_loop"]:,}</td>'
        f'<td class="n" data-class="{_e(k)}" data-split="autonomous">{v["autonomous"]:,}</td>'
        f'<td class="n" data-class="{_e(k)}" data-split="total">{v["total"]:,}</td></tr>'
        for k, v in summary["classes"].items()
    )
    table = (
        '<table><tr><th>class</th><th class="n">operator in the loop</th><th class="n">autonomous</th>'
        f'<th class="n">total</th></tr>{rows}</table>'
    )
    return _section("classes", "Classes over time", _chart(size, starts, series, "stops", legend_of=series), table)


def tags_section(summary: Mapping[str, Any], data: PageData) -> str:
    size, starts, merged = timeline(data.tags)
    ranked = list(summary["tags"])
    colours = {t: TAG_COLOURS[t] for t in ranked if t in TAG_COLOURS}
    series = [(t, c, [merged.get(s, Counter())[t] for s in starts]) for t, c in colours.items()]
    rest = [t for t in ranked if t not in colours]
    if rest:
        series.append((OTHER_TAGS, OTHER_COLOUR, [sum(merged.get(s, Counter())[t] for t in rest) for s in starts]))
    rows = "".join(
        f'<tr><td><span class="swatch" style="background: {colours.get(t, OTHER_COLOUR)}"></span>{_e(t)}</td>'
        f'<td class="n" data-tag="{_e(t)}">{n:,}</td></tr>'
        for t, n in summary["tags"].items()
    )
    table = f'<table><tr><th>tag</th><th class="n">stops</th></tr>{rows}</table>'
    return _section("tags", "Tags over time", _chart(size, starts, series, "stops", legend_of=series), table)


def chains_section(summary: Mapping[str, Any], data: PageData) -> str:
    stats = summary["chains"]
    cells = "".join(
        f'<div><dt>{name}</dt><dd data-chain="{name}">{"–" if stats[name] is None else _number(stats[name])}</dd></div>'
        for name in ("count", "median", "p90", "max")
    )
    lengths = Counter(min(n, CHAIN_BARS) for n in data.chains.lengths())
    note = ('<p class="note">A chain is a run of consecutive refusals in one session; long chains are what make '
            "a gate expensive (the ceiling ends a chain with CEILING-ALLOW).</p>")
    if not lengths:
        return _section("chains", "Refusal chains", note, f'<dl class="stats">{cells}</dl>', "<p>no refusal chains</p>")
    top = max(lengths)
    labels = [f"{n}+" if n == CHAIN_BARS else str(n) for n in range(1, top + 1)]
    chart = stacked_bars(labels, [("chains", INK, [lengths[n] for n in range(1, top + 1)])], "chains")
    caption = '<p class="note">chains by length (refusals in a row)</p>'
    return _section("chains", "Refusal chains", note, f'<dl class="stats">{cells}</dl>', chart, caption)


def identities_section(summary: Mapping[str, Any]) -> str:
    seats = summary.get("identities") or {NO_IDENTITY: {"lines": summary["lines"], "classes": summary["classes"]}}
    present = [k for k in CLASSES if any(k in s["classes"] for s in seats.values())]
    present += sorted({k for s in seats.values() for k in s["classes"]} - set(present))
    head = "".join(f'<th class="n">{_e(k)}</th>' for k in present)
    rows = []
    for seat, info in seats.items():
        counts = "".join(
            f'<td class="n" data-identity="{_e(seat)}" data-class="{_e(k)}">'
            f'{info["classes"].get(k, {}).get("total", 0):,}</td>'
            for k in present
        )
        rows.append(f'<tr><td>{_e(seat)}</td><td class="n" data-identity="{_e(seat)}" data-class="lines">'
                    f'{info["lines"]:,}</td>{counts}<td>{_share_bar(info["classes"])}</td></tr>')
    note = ('<p class="note">Each seat is a LANEGATE_IDENTITY; lines with none are counted under '
            f"{_e(NO_IDENTITY)}.</p>")
    table = f'<table><tr><th>identity</th><th class="n">lines</th>{head}<th>classes</th></tr>{"".join(rows)}</table>'
    return _section("identities", "Per identity", note, table)


def observed_section(summary: Mapping[str, Any]) -> str:
    observed = summary["observed"]
    note = ('<p class="note">Observe-mode families: findings the hook records and never refuses on — the '
            "evidence for promoting a family to enforce.</p>")
    if not observed:
        return _section("observed", "Observed families", note, "<p>no observe-mode would-fires</p>")
    chart = hbars([(f, n, INK) for f, n in observed.items()])
    rows = "".join(f'<tr><td>{_e(f)}</td><td class="n" data-family="{_e(f)}">{n:,}</td></tr>'
                   for f, n in observed.items())
    return _section("observed", "Observed families", note, chart,
                    f'<table><tr><th>family</th><th class="n">would-fire</th></tr>{rows}</table>')


def refusals_section(data: PageData) -> str:
    """The newest refusals, what decided each first (docs/DESIGN.md#operators); the directive the agent got is
    folded."""
    recent = data.recent()
    if not recent:
        return _section("refusals", "Latest refusals", "<p>no refusals</p>")
    rows = []
    for number, entry in recent:
        line = entry.data
        reason = flat(str(line.get("reason") or ""))
        reason = reason if len(reason) <= REASON_CHARS else reason[: REASON_CHARS - 1] + "…"
        swatch = f'<span class="swatch" style="background: {TAG_COLOURS.get(entry.tag, OTHER_COLOUR)}"></span>'
        rows.append(
            f"<tr><td class=\"nowrap\">{_e(str(line.get('ts'))[:19].replace('T', ' '))}</td>"
            f"<td class=\"nowrap\" title=\"{_e(entry.session or '–')}\">{_e(stop_label(entry.session, number))}</td>"
            f"<td>{_e(entry.identity)}</td><td>{_e(entry.klass)}</td><td class=\"nowrap\">{swatch}{_e(entry.tag)}</td>"
            f'<td class="reason"><span class="decided">{_e(deciding(line))}</span>'
            f"<details><summary>the directive</summary>{_e(reason)}</details></td></tr>"
        )
    note = (f'<p class="note">the {len(recent)} newest, newest first (all of them: '
            "<code>lanegate audit --list</code>; one of them as a golden case: "
            "<code>lanegate golden add SESSION/N</code>)</p>")
    table = ("<table><tr><th>time (UTC)</th><th>stop</th><th>identity</th><th>class</th><th>tag</th>"
             f"<th>what decided</th></tr>{''.join(rows)}</table>")
    return _section("refusals", "Latest refusals", note, table)


def _chart(size: str, starts: Sequence[datetime], series: Sequence[tuple[str, str, Sequence[int]]], unit: str,
           *, legend_of: Sequence[tuple[str, str, Sequence[int]]]) -> str:
    if not starts:
        return "<p>no lines</p>"
    labels = [bucket_label(s, size) for s in starts]
    caption = f'<p class="note">{unit} per {size} (UTC); hover a band for its count</p>'
    return legend([(n, c) for n, c, _ in legend_of]) + stacked_bars(labels, series, unit) + caption


def _share_bar(classes: Mapping[str, Mapping[str, int]]) -> str:
    """A small bar of the seat's classes in proportion, so seats compare at a glance."""
    total = sum(v["total"] for v in classes.values()) or 1
    x, parts = 0.0, ['<svg width="160" height="12" role="img">']
    for klass, v in classes.items():
        w = v["total"] / total * 160
        colour = CLASS_COLOURS.get(klass, OTHER_COLOUR)
        parts.append(f'<rect x="{x:.1f}" y="0" width="{w:.1f}" height="12" fill="{colour}">'
                     f"<title>{_e(klass)}: {v['total']:,}</title></rect>")
        x += w
    parts.append("</svg>")
    return "".join(parts)


def _section(key: str, title: str, *body: str) -> str:
    return f'<section id="{key}"><h2>{_e(title)}</h2>{"".join(body)}</section>'


def _number(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else f"{value:,}"


def _e(text: str) -> str:
    return html.escape(text, quote=True)
