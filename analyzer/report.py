"""What the analyzer returns: frozen findings and a report, with their JSON shape (docs/DESIGN.md#analyze-cli)."""

from __future__ import annotations

import re
from bisect import bisect_left
from functools import lru_cache

from lanegate_common.frozen import frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING: a stop served by the warm parse builds a Report without typing
if TYPE_CHECKING:
    from typing import Any, Literal

    from analyzer.lexicon import Family, Mode

    Verdict = Literal["fire", "exempt"]
    ReportVerdict = Literal["fire", "exempt", "clear"]
    Form = Literal["object", "copular-ownership", "option-list", "pending-eligibility", "none"]
    ClaimForm = Literal["participle", "progressive", "intention", "waiting"]

SCHEMA_VERSION = 1
# The warning of a Report judged without the model (analyze(model_errors="skip")): docs/DESIGN.md#failure.
MODEL_ERROR = "model-error"
# The value sets of the Literal aliases, built on first use (module __getattr__ below).
_LITERALS = {
    "Verdict": ("fire", "exempt"),
    "ReportVerdict": ("fire", "exempt", "clear"),
    "Form": ("object", "copular-ownership", "option-list", "pending-eligibility", "none"),
    "ClaimForm": ("participle", "progressive", "intention", "waiting"),
    "Mode": ("enforce", "observe"),
}
# Aliases of a plain type (a family is any name of lexicon.toml's [families]): what a reply's check reads.
PLAIN_ALIASES = {"Family": "str"}


def __getattr__(name: str) -> Any:
    """The Literal aliases (Verdict, Form …) as typing.Literal, imported when a module asks for them: a stop
    that rebuilds a Report from the warm parse needs none of them (typing costs it ~10 ms)."""
    if name in _LITERALS:
        from typing import Literal

        return Literal[_LITERALS[name]]
    raise AttributeError(f"module 'analyzer.report' has no attribute {name!r}")


@frozen
class Span:
    """A piece of the original text: `text == original[start:end]`."""

    text: str
    start: int
    end: int

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "start": self.start, "end": self.end}


@frozen
class Finding:
    phrase: str
    text: str
    family: Family
    start: int
    end: int
    line: int
    col: int
    verdict: Verdict
    form: Form
    attachment: Span | None
    domains: tuple[str, ...]
    negated: bool
    reason: str
    rule: str
    mode: Mode = "enforce"  # the family's mode (docs/DESIGN.md#phrase-families): an observe-mode finding never refuses
    governor: Span | None = None  # the token the phrase is bound to (arc phrase -> attachment)
    negation: Span | None = None  # the negation cue inside the relation (arc negation -> relation)
    # Written with format characters, look-alike letters or markup inside it (docs/DESIGN.md#normalisation): fires
    # whatever its relation.
    disguised: bool = False

    @property
    def fires(self) -> bool:
        return self.verdict == "fire"

    def to_dict(self) -> dict[str, Any]:
        return {
            "phrase": self.phrase,
            "text": self.text,
            "family": self.family,
            "start": self.start,
            "end": self.end,
            "line": self.line,
            "col": self.col,
            "verdict": self.verdict,
            "form": self.form,
            "attachment": self.attachment.to_dict() if self.attachment else None,
            "domains": list(self.domains),
            "negated": self.negated,
            "mode": self.mode,
            "disguised": self.disguised,
            "reason": self.reason,
            "rule": self.rule,
            "negation_cue": self.negation.to_dict() if self.negation else None,
        }


@frozen
class Claim:
    """An unbacked imminent-action claim in the closing part of the message (docs/DESIGN.md#claims)."""

    text: str
    start: int
    end: int
    line: int
    col: int
    form: ClaimForm
    reason: str
    rule: str
    predicate: Span  # the verb that announces the action (what --tree and --html mark)

    def to_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "line": self.line,
            "col": self.col,
            "form": self.form,
            "reason": self.reason,
            "rule": self.rule,
            "predicate": self.predicate.to_dict(),
        }


@frozen
class Report:
    findings: tuple[Finding, ...]
    warnings: tuple[str, ...] = ()
    claims: tuple[Claim, ...] = ()  # shown by analyze; they never change the verdict (docs/DESIGN.md#claims)
    # Whether the analysis asked the model for a parse (most offers fire as written, with none); not part of
    # the JSON report, which is about the text.
    parsed: bool = False

    @property
    def verdict(self) -> ReportVerdict:
        if any(f.fires for f in self.findings):
            return "fire"
        return "exempt" if self.findings else "clear"

    @property
    def firing(self) -> Finding | None:
        """The first enforce-mode finding that fires, the one a refusal quotes."""
        return next((f for f in self.findings if f.fires and f.mode == "enforce"), None)

    @property
    def observed(self) -> tuple[Finding, ...]:
        """The observe-mode findings that fire: recorded by the hook, never refused on
        (docs/DESIGN.md#phrase-families)."""
        return tuple(f for f in self.findings if f.fires and f.mode == "observe")

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "schema": SCHEMA_VERSION,
            "verdict": self.verdict,
            "findings": [f.to_dict() for f in self.findings],
            "claims": [c.to_dict() for c in self.claims],
        }
        if self.warnings:
            data["warnings"] = list(self.warnings)
        return data


def line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of a character offset, the way editors and Vale count them.

    The line breaks of the last few texts are kept, so a message with thousands of findings costs one
    pass over the text, not one per finding.
    """
    breaks = _line_breaks(text)
    line = bisect_left(breaks, offset)
    col = offset - (breaks[line - 1] + 1 if line else 0) + 1
    return line + 1, col


@lru_cache(maxsize=4)
def _line_breaks(text: str) -> list[int]:
    return [m.start() for m in re.finditer("\n", text)]
