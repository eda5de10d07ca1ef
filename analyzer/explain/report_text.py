"""How `analyze` shows a Report as text: one block per finding and claim, linter-style, then the verdict; and
what the Stop hook would do with it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from analyzer.lexicon import NOT_ENGLISH
from analyzer.report import Claim, Finding, Report

if TYPE_CHECKING:

    pass



_ANSI = {"fire": "1;31", "exempt": "32", "claim": "1;35", "strong": "1", "dim": "2", "mark": "1;33"}


@dataclass(frozen=True)
class Palette:
    """ANSI styling that falls back to plain text, so pipes and NO_COLOR readers get clean output."""

    enabled: bool

    def paint(self, text: str, style: str) -> str:
        """Wrap in an ANSI style only when colour is on; pad before painting, escapes have no width."""
        return f"\x1b[{_ANSI[style]}m{text}\x1b[0m" if self.enabled else text


def report_text(report: Report, path: str, palette: Palette, trees: Sequence[str] = ()) -> str:
    """The human-readable report: one block per finding, then one per claim (each followed by its parse
    when asked), then a summary."""
    blocks = [finding_block(f, path, palette) for f in report.findings]
    blocks += [claim_block(c, path, palette) for c in report.claims]
    if trees:
        blocks = [f"{block}\n\n{tree}" for block, tree in zip(blocks, trees, strict=True)]
    return "\n\n".join([*blocks, palette.paint(summary(report), "strong")]) + "\n"


def hook_text(view: Mapping[str, Any], palette: Palette) -> str:
    """What the Stop hook would do on an autonomous turn (docs/DESIGN.md#lanegate-cli, revision 3): the row and its
    reason."""
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
    if NOT_ENGLISH in report.warnings:  # docs/DESIGN.md#phrase-families revision 3: said, never a silent clear
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
