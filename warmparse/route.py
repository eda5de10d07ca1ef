"""One parse, warm when a server answers and in this process otherwise: never a dependency (docs/DESIGN.md#performance).

A stop that finds no usable server parses here, exactly as it would without the warm parse, and notes
why in a warning; a live stop that found none (or a dead one) then leaves a server behind for the next.
"""

from __future__ import annotations

import os

from warmparse.client import Unavailable, remote_analyze, start_detached, wait_while_loading
from warmparse.key import server_key
from warmparse.place import PlaceError, place_for, private_folder
from warmparse.use import WarmUse
from warmparse.wire import MAX_TEXT_CHARS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Failures after which a new server is worth starting: none is there, or the one there is dead.
RESTARTABLE = frozenset({"missing", "crashed"})


def present_server(folder: str | None, enabled: bool) -> WarmUse | None:
    """For `analyze`, `golden` and `replay`: the user's server in `folder` when one is running, never a new
    one; None when the user turned the parse server off (enabled False). The caller reads both from the
    user's own settings (their file and environment, no project), the way a live stop of theirs finds it."""
    if not enabled or folder is None:
        return None
    return WarmUse(start=False, folder=folder)


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
    options: analyze()'s until_fire and claims, the same in the server and in this process. The server is
    keyed by `lexicon.digest`, computed once when the lexicon was built."""
    options = options or {}
    if warm is None or warm.folder is None or len(text) > MAX_TEXT_CHARS:
        return _local(text, lexicon, model_name, model_errors, options), ()
    model = model_name or os.environ.get("LANEGATE_SPACY_MODEL") or None
    try:
        key = server_key(lexicon.digest, model)
        place = place_for(private_folder(warm.folder, create=warm.start), key)
    except PlaceError as exc:
        return _local(text, lexicon, model_name, model_errors, options), (f"parse server not used: {exc}",)
    answer = _ask(place, key, text, model_errors, warm, options)
    if isinstance(answer, Unavailable) and answer.kind == "starting":
        # docs/DESIGN.md#tests: the load it began earlier ends sooner than one begun here beside it, on the same cores.
        wait_while_loading(place, warm.loading)
        answer = _ask(place, key, text, model_errors, warm, options)
    if not isinstance(answer, Unavailable):
        return answer, ()
    report = _local(text, lexicon, model_name, model_errors, options)
    if not report.parsed:  # decided without a parse (an offer fires as written): the server was not needed
        return report, ()
    failure = answer
    if failure.kind == "starting":
        failure = Unavailable("starting", f"{failure}, loading for over {warm.loading:g} s")
    note = f"parse server {failure.kind}: {failure}; parsed in this process"
    restart = warm.start and failure.kind in RESTARTABLE and _paid_cold_load(report)
    if restart and start_detached(place, key, lexicon, model, warm.idle):
        note += "; started a server for the next stop"
    return report, (note,)


def _ask(place: Any, key: str, text: str, model_errors: str, warm: WarmUse, options: dict[str, bool]) -> Any:
    """The server's Report, or why it could not give one (Unavailable)."""
    try:
        return remote_analyze(place, key, text, model_errors, warm.timeout, options)
    except Unavailable as exc:
        return exc
    except Exception as exc:  # a fault of the warm path itself is never the stop's failure
        return Unavailable("error", f"{type(exc).__name__}: {exc}")


def _local(text: str, lexicon: Any, model_name: str | None, model_errors: str, options: dict[str, bool]) -> Any:
    """The Report parsed in this process; its `parsed` says whether the analyzer asked for the model at all
    (most offers fire as written, with no parse)."""
    from analyzer import analyze

    return analyze(text, lexicon=lexicon, model_errors=model_errors, model_name=model_name, **options)  # type: ignore[arg-type]


def _paid_cold_load(report: Any) -> bool:
    """This stop loaded the model to parse: a server is worth leaving behind (a report decided without a parse,
    or with a model that would not load, starts none: the server would load nothing either). A live stop is a
    process of its own, so the parse that asked for the model loaded it."""
    from analyzer.report import MODEL_ERROR

    return bool(report.parsed) and MODEL_ERROR not in report.warnings
