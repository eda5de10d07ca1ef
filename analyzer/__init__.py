"""lanegate's deference analyzer: finds the helpful-assistant register and judges it from the parse.

`analyze(text)` is the whole API. It imports spaCy only when a phrase needs a parse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.report import Finding, Report, Span

if TYPE_CHECKING:
    from analyzer.engine import ModelErrors
    from analyzer.lexicon import Lexicon

__all__ = ["Finding", "Report", "Span", "analyze"]


def analyze(
    text: str,
    *,
    lexicon: Lexicon | None = None,
    model_errors: ModelErrors = "raise",
    model_name: str | None = None,
) -> Report:
    """Judge every deference phrase in `text` (SPEC §2)."""
    from analyzer.engine import analyze as run

    return run(text, lexicon=lexicon, model_errors=model_errors, model_name=model_name)
