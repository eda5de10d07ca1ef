"""The hook's own deadline (docs/DESIGN.md#failure): past it the stop is allowed with an ERROR line, before the harness
kills the process and no line is written at all."""

from __future__ import annotations

# The C module under `signal`: `signal` itself builds three IntEnum classes at import (3 M instructions, more than
# a tenth of a no-phrase stop's own imports), for names and reprs this class never shows. The same calls, the
# previous handler returned and restored as the plain value it is.
import _signal as signal


class DeadlineExceeded(BaseException):
    """The judgement ran past its deadline; a BaseException so no `except Exception` on the way swallows it."""


class Deadline:
    """Raise DeadlineExceeded in the main thread once `seconds` have passed (SIGALRM); else do nothing.

    A class rather than contextlib.contextmanager: contextlib's import is one the hook would pay at every stop.
    """

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.previous: object = None
        self.armed = False

    def __enter__(self) -> None:
        if not self.seconds:
            return
        seconds = self.seconds

        def expire(signum: int, frame: object) -> None:
            raise DeadlineExceeded(f"deadline: the stop was not judged within {seconds:g} s")

        try:
            self.previous = signal.signal(signal.SIGALRM, expire)
        except ValueError:  # not the main thread: signals cannot reach it, judge without a deadline
            return
        self.armed = True
        signal.setitimer(signal.ITIMER_REAL, seconds)

    def __exit__(self, *exc_info: object) -> None:
        if self.armed:
            self.armed = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)
