"""lanegate's deference analyzer: finds the helpful-assistant register and judges it from the parse.

`analyze(text)` is the whole API. It imports spaCy only when a phrase needs a parse.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

    from analyzer.engine import ModelErrors
    from analyzer.lexicon import Lexicon
    from analyzer.report import Claim, Finding, Report, Span

__all__ = ["Claim", "Finding", "Report", "Span", "analyze"]


def analyze(
    text: str,
    *,
    lexicon: Lexicon | None = None,
    model_errors: ModelErrors = "raise",
    model_name: str | None = None,
    until_fire: bool = False,
    claims: bool = True,
) -> Report:
    """Judge every deference phrase in `text` and find the unbacked claims that end it (SPEC §2, §2.7);
    until_fire: stop at the first enforce-mode finding that fires; claims=False skips the claims."""
    from analyzer.engine import analyze as run

    return run(
        text, lexicon=lexicon, model_errors=model_errors, model_name=model_name, until_fire=until_fire, claims=claims
    )


def __getattr__(name: str) -> Any:
    """Claim, Finding, Report and Span load on first use: the hook's candidate scan imports this package on
    every stop and needs none of them (analyzer.report costs `dataclasses`, ~30 ms to import)."""
    if name in ("Claim", "Finding", "Report", "Span"):
        from analyzer import report

        return getattr(report, name)
    raise AttributeError(f"module 'analyzer' has no attribute {name!r}")
