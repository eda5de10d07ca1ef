"""Suite-wide: no test leaves a warm parse server running (SPEC §6 servers outlive the stop that starts
them). Processes judged here parse in-process unless a test turns the server on in its own folder; any
server a test still started under the session's temporary folders is stopped when the session ends."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from warmparse.place import RUNTIME_NAME, STATE_NAME

os.environ["LANEGATE_PARSE_SERVER"] = "off"


@pytest.fixture(autouse=True, scope="session")
def _no_parse_server_survives(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    yield
    from warmparse.client import stop_all

    base = Path(tmp_path_factory.getbasetemp())
    for folder in [*base.rglob(STATE_NAME), *base.rglob(RUNTIME_NAME)]:
        if folder.is_dir() and any(folder.glob("*.lock")):
            stop_all(str(folder))
