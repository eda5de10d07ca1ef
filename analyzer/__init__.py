"""lanegate's deference analyzer: finds the helpful-assistant register and judges it from the parse.

`analyze(text)` is the whole judgement; analyzer.api (re-exported here) is what a caller needs around it: the
user's Vocabulary, the cheap pre-filters and the lexicon built once. spaCy is imported only when a phrase
needs a parse.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

    from analyzer.api import Vocabulary
    from analyzer.engine import ModelErrors
    from analyzer.lexicon import Lexicon
    from analyzer.report import Claim, Finding, Report, Span

__all__ = [
    "Claim",
    "Finding",
    "Report",
    "Span",
    "Vocabulary",
    "analyze",
    "first_phrase",
    "lexicon_for",
    "may_ask",
    "may_claim",
    "may_hold_phrase",
]
_REPORT = ("Claim", "Finding", "Report", "Span")
_API = ("Vocabulary", "BUILT_IN", "families", "first_phrase", "lexicon_for", "may_ask", "may_claim",
        "may_hold_phrase", "redefined_phrases")  # fmt: skip


def analyze(
    text: str,
    *,
    lexicon: Lexicon | None = None,
    vocabulary: Vocabulary | None = None,
    model_errors: ModelErrors = "raise",
    model_name: str | None = None,
    until_fire: bool = False,
    claims: bool = True,
) -> Report:
    """Judge every deference phrase in `text` and find the unbacked claims that end it (docs/DESIGN.md#analyzer,
    docs/DESIGN.md#claims); lexicon, or vocabulary (the user's additions, analyzer.api.lexicon_for): what to judge with,
    the built-in lexicon by default; until_fire: stop at the first enforce-mode finding that fires; claims=False skips
    the claims."""
    from analyzer.engine import analyze as run

    if lexicon is None and vocabulary is not None:
        from analyzer.api import lexicon_for

        lexicon = lexicon_for(vocabulary)
    return run(
        text, lexicon=lexicon, model_errors=model_errors, model_name=model_name, until_fire=until_fire, claims=claims
    )


def __getattr__(name: str) -> Any:
    """The records (analyzer.report) and the callers' API (analyzer.api) load on first use: the hook imports
    this package on every stop and a stop without a phrase needs none of the records."""
    if name in _REPORT:
        from analyzer import report

        return getattr(report, name)
    if name in _API:
        from analyzer import api

        return getattr(api, name)
    raise AttributeError(f"module 'analyzer' has no attribute {name!r}")
