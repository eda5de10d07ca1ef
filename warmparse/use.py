"""How a caller may use the warm parse: a record small enough for the Stop hook to import at every stop
(the rest of warmparse loads only when a candidate phrase needs a parse)."""

from __future__ import annotations

from lanegate_common.frozen import frozen

DEFAULT_IDLE_SECONDS = 600.0
# docs/DESIGN.md#performance: a server that has not answered within a second is as good as none.
ANSWER_SECONDS = 1.0
# docs/DESIGN.md#tests: a server still loading its model answers sooner than a cold parse here (the same load, begun
# earlier, without a second load beside it on the same cores) unless its load has run this long: a cold
# load takes 0.7-3 s on a 2-core machine, idle to busy. Counted from the server's start.
LOADING_SECONDS = 3.0


@frozen
class WarmUse:
    """How a caller uses the warm parse: whether it may start a server, and the socket folder.

    A live stop starts one (it paid the cold load; the next stop will not); `analyze`, `golden` and
    `replay` only use one that is present. folder None: the stop's own (hook.core fills it in from the
    stop's environment and state folder, place.folder_for). A server still loading its model is waited
    for while it has been loading for less than `loading` seconds.
    """

    start: bool
    folder: str | None = None
    idle: float = DEFAULT_IDLE_SECONDS
    timeout: float = ANSWER_SECONDS
    loading: float = LOADING_SECONDS
