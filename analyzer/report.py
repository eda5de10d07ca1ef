"""What the analyzer returns: frozen findings and a report, with their JSON shape (SPEC §1.1)."""

from __future__ import annotations

from lanegate_common.frozen import frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING: a stop served by the warm parse builds a Report without typing
if TYPE_CHECKING:
    from typing import Any, Literal

    Verdict = Literal["fire", "exempt"]
    ReportVerdict = Literal["fire", "exempt", "clear"]
    Form = Literal["object", "copular-ownership", "option-list", "pending-eligibility", "none"]

SCHEMA_VERSION = 1
# The value sets of the Literal aliases, built on first use (module __getattr__ below).
_LITERALS = {
    "Verdict": ("fire", "exempt"),
    "ReportVerdict": ("fire", "exempt", "clear"),
    "Form": ("object", "copular-ownership", "option-list", "pending-eligibility", "none"),
}


def __getattr__(name: str) -> Any:
    """Verdict, ReportVerdict and Form as typing.Literal, imported when a module asks for them: a stop
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
    family: Literal["offer", "attribution"]
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
    governor: Span | None = None  # the token the phrase is bound to (arc phrase -> attachment)
    negation: Span | None = None  # the negation cue inside the relation (arc negation -> relation)

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
            "reason": self.reason,
            "rule": self.rule,
            "negation_cue": self.negation.to_dict() if self.negation else None,
        }


@frozen
class Report:
    findings: tuple[Finding, ...]
    warnings: tuple[str, ...] = ()

    @property
    def verdict(self) -> ReportVerdict:
        if any(f.fires for f in self.findings):
            return "fire"
        return "exempt" if self.findings else "clear"

    @property
    def firing(self) -> Finding | None:
        """The first finding that fires, the one a refusal quotes."""
        return next((f for f in self.findings if f.fires), None)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "schema": SCHEMA_VERSION,
            "verdict": self.verdict,
            "findings": [f.to_dict() for f in self.findings],
        }
        if self.warnings:
            data["warnings"] = list(self.warnings)
        return data


def line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of a character offset, the way editors and Vale count them."""
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, col
