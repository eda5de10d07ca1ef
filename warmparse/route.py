"""One parse, warm when a server answers and in this process otherwise: never a dependency (SPEC §6).

A stop that finds no usable server parses here, exactly as it would without the warm parse, and notes
why in a warning; a live stop that found none (or a dead one) then leaves a server behind for the next.
"""

from __future__ import annotations

import os

from lanegate_common.frozen import frozen
from warmparse.client import ANSWER_SECONDS, Unavailable, remote_analyze, start_detached
from warmparse.key import server_key
from warmparse.place import PlaceError, place_for, private_folder
from warmparse.wire import MAX_TEXT_CHARS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

DEFAULT_IDLE_SECONDS = 600.0
# Failures after which a new server is worth starting: none is there, or the one there is dead.
RESTARTABLE = frozenset({"missing", "crashed"})


@frozen
class WarmUse:
    """How a caller uses the warm parse: the socket folder, and whether it may start a server.

    A live stop starts one (it paid the cold load; the next stop will not); `analyze`, `golden` and
    `replay` only use one that is present.
    """

    folder: str
    start: bool
    idle: float = DEFAULT_IDLE_SECONDS
    timeout: float = ANSWER_SECONDS


def analyze_text(
    text: str, lexicon: Any, *, model_name: str | None, model_errors: str, warm: WarmUse | None
) -> tuple[Any, tuple[str, ...]]:
    """The analyzer Report for `text` and the warm parse's warnings (empty when it answered or is off)."""
    if warm is None or len(text) > MAX_TEXT_CHARS:
        return _local(text, lexicon, model_name, model_errors), ()
    model = model_name or os.environ.get("LANEGATE_SPACY_MODEL") or None
    try:
        key = server_key(lexicon, model)
        place = place_for(private_folder(warm.folder, create=warm.start), key)
    except PlaceError as exc:
        return _local(text, lexicon, model_name, model_errors), (f"parse server not used: {exc}",)
    try:
        return remote_analyze(place, key, text, model_errors, warm.timeout), ()
    except Unavailable as exc:
        failure = exc
    report = _local(text, lexicon, model_name, model_errors)
    note = f"parse server {failure.kind}: {failure}; parsed in this process"
    restart = warm.start and failure.kind in RESTARTABLE and not _model_failed(report)
    if restart and start_detached(place, key, lexicon, model, warm.idle):
        note += "; started a server for the next stop"
    return report, (note,)


def _local(text: str, lexicon: Any, model_name: str | None, model_errors: str) -> Any:
    from analyzer import analyze

    return analyze(text, lexicon=lexicon, model_errors=model_errors, model_name=model_name)  # type: ignore[arg-type]


def _model_failed(report: Any) -> bool:
    """The model did not load here: a server would load nothing either."""
    from analyzer.engine import MODEL_ERROR

    return MODEL_ERROR in report.warnings
