"""The named term sets of terms.toml, frozen at load: the words the parse helpers and the grammar rules read.

Off the per-stop path (only the parse and the grammar read them), so the file is read with tomllib.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from functools import cache

TERMS_PATH = os.path.join(os.path.dirname(__file__), "terms.toml")


def terms(table: str, name: str) -> frozenset[str]:
    """The term set `name` of the [table] of terms.toml; a set the file does not hold is an error naming it."""
    try:
        return _sets()[table][name]
    except KeyError:
        raise LookupError(f"analyzer/terms.toml: [{table}] has no term set {name!r}") from None


@cache
def _sets() -> Mapping[str, Mapping[str, frozenset[str]]]:
    with open(TERMS_PATH, "rb") as handle:
        data = tomllib.load(handle)
    return {table: {name: frozenset(words) for name, words in sets.items()} for table, sets in data.items()}
