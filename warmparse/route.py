"""One parse, warm when a server answers and in this process otherwise: never a dependency (SPEC §6).

A stop that finds no usable server parses here, exactly as it would without the warm parse, and notes
why in a warning; a live stop that found none (or a dead one) then leaves a server behind for the next.
"""

from __future__ import annotations

import os
import sys

from warmparse.client import Unavailable, remote_analyze, start_detached
from warmparse.codec import CodecError
from warmparse.key import server_key
from warmparse.place import PlaceError, place_for, private_folder
from warmparse.use import WarmUse
from warmparse.wire import MAX_TEXT_CHARS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

# Failures after which a new server is worth starting: none is there, or the one there is dead.
RESTARTABLE = frozenset({"missing", "crashed"})


def present_server(env: Mapping[str, str]) -> WarmUse | None:
    """For `analyze`, `golden` and `replay`: the user's server when one is running, never a new one.

    The folder comes from the user's own settings (their file and environment, no project), the way a
    live stop of theirs finds it; None when they turned the parse server off.
    """
    from hook.config import load_config
    from warmparse.place import folder_for

    try:
        config = load_config(env, None)
    except (OSError, ValueError):
        return None
    if not config.parse_server:
        return None
    return WarmUse(start=False, folder=folder_for(env, config.state_dir))


def analyze_text(
    text: str,
    lexicon: Any,
    *,
    model_name: str | None,
    model_errors: str,
    warm: WarmUse | None,
    options: dict[str, bool] | None = None,
) -> tuple[Any, tuple[str, ...]]:
    """The analyzer Report for `text` and the warm parse's warnings (empty when it answered or is off);
    options: analyze()'s until_fire and claims, the same in the server and in this process."""
    options = options or {}
    if warm is None or warm.folder is None or len(text) > MAX_TEXT_CHARS:
        return _local(text, lexicon, model_name, model_errors, options)[0], ()
    model = model_name or os.environ.get("LANEGATE_SPACY_MODEL") or None
    try:
        key = server_key(lexicon, model)
        place = place_for(private_folder(warm.folder, create=warm.start), key)
    except PlaceError as exc:
        return _local(text, lexicon, model_name, model_errors, options)[0], (f"parse server not used: {exc}",)
    except CodecError as exc:  # a lexicon field the wire cannot carry: no server could judge with it
        note = f"parse server not used: the lexicon {exc}"
        return _local(text, lexicon, model_name, model_errors, options)[0], (note,)
    try:
        return remote_analyze(place, key, text, model_errors, warm.timeout, options), ()
    except Unavailable as exc:
        failure = exc
    except Exception as exc:  # a fault of the warm path itself is never the stop's failure
        failure = Unavailable("error", f"{type(exc).__name__}: {exc}")
    report, parsed = _local(text, lexicon, model_name, model_errors, options)
    if not parsed:  # decided without a parse (an offer fires as written): the server was not needed
        return report, ()
    note = f"parse server {failure.kind}: {failure}; parsed in this process"
    restart = warm.start and failure.kind in RESTARTABLE and _paid_cold_load()
    if restart and start_detached(place, key, lexicon, model, warm.idle):
        note += "; started a server for the next stop"
    return report, (note,)


def _local(
    text: str, lexicon: Any, model_name: str | None, model_errors: str, options: dict[str, bool]
) -> tuple[Any, bool]:
    """The Report parsed in this process, and whether the analyzer asked for the model at all (most
    offers fire as written, with no parse)."""
    from analyzer import analyze
    from analyzer.nlp import load_model

    before = _model_uses(load_model)
    report = analyze(text, lexicon=lexicon, model_errors=model_errors, model_name=model_name, **options)  # type: ignore[arg-type]
    return report, _model_uses(load_model) > before


def _model_uses(load_model: Any) -> int:
    """How often the analyzer has asked for the model in this process (each parse asks once)."""
    info = load_model.cache_info()
    return int(info.hits + info.misses)


def _paid_cold_load() -> bool:
    """This process loaded the model: a server is worth leaving behind (a parse that needed no model,
    or a model that would not load, starts none: the server would load nothing either)."""
    nlp = sys.modules.get("analyzer.nlp")
    return nlp is not None and nlp.load_model.cache_info().currsize > 0
