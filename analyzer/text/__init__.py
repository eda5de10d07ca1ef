"""The text as a reader reads it, without spaCy: the fold (disguise), the carve-outs, the units, the candidate
phrases and the closing part. The Stop hook's per-stop path: nothing here imports spaCy or typing."""

from __future__ import annotations

import os
from functools import cache

from lanegate_common.builtin_data import load_builtin

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

SITES_PATH = os.path.join(os.path.dirname(__file__), "sites.toml")


@cache
def sites() -> dict[str, Any]:
    """sites.toml's data, read once for its two readers: the pre-filter's cues (analyzer.api.may_ask) and the
    closing sites themselves (analyzer.text.questions)."""
    return load_builtin(SITES_PATH)
