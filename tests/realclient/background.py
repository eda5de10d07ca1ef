"""Real-client scenarios that wait on the client's own clock (docs/DESIGN.md#tests).

A /loop wake-up fires at a whole minute at least 60 s away, a session cron at its next minute: each such
scenario spends one to two minutes waiting. They are registered with @background(...) and all start
together, each in its own thread, when the first test of their module runs (tests/realclient/conftest.py);
their tests are ordered last and only read the outcome, so the suite waits for the clock once, beside the
rest. `make realclient` runs the three client modules side by side (`-n 3 --dist loadfile`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tests.realclient.clients import Client

if TYPE_CHECKING:
    from tests.realclient.conftest import Seat

Outcome = Any
Run = Callable[[Path, "Seat"], Outcome]
BACKGROUND_SECONDS = 300


@dataclass(frozen=True)
class Registered:
    client: Client
    harness: str
    run: Run


BACKGROUND: dict[str, Registered] = {}


def background(name: str, client: Client, harness: str) -> Callable[[Run], Run]:
    """Register `run(binary, seat) -> outcome` as a scenario started with the session; a test marked
    @pytest.mark.background(name) reads it through the `background_outcome` fixture."""

    def register(run: Run) -> Run:
        BACKGROUND[name] = Registered(client, harness, run)
        return run

    return register


class Started:
    """One background scenario in its thread: its seat, then the outcome or the exception it ended with."""

    def __init__(self, seat: Seat | None, skip: str | None) -> None:
        self.seat, self.skip = seat, skip
        self.outcome: Outcome = None
        self.error: BaseException | None = None
        self.thread: threading.Thread | None = None

    @classmethod
    def skipped(cls, reason: str) -> Started:
        return cls(None, reason)

    @classmethod
    def start(cls, name: str, run: Run, binary: Path, seat: Seat) -> Started:
        started = cls(seat, None)

        def target() -> None:
            try:
                started.outcome = run(binary, seat)
            except BaseException as exc:  # re-raised in the test that reads it
                started.error = exc

        started.thread = threading.Thread(target=target, name=f"background-{name}", daemon=True)
        started.thread.start()
        return started

    def result(self, timeout: float) -> tuple[Outcome, Seat]:
        assert self.thread is not None and self.seat is not None
        self.thread.join(timeout=timeout)
        assert not self.thread.is_alive(), f"background scenario still running after {timeout} s"
        if self.error is not None:
            raise self.error
        return self.outcome, self.seat
