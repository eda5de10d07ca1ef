"""Whether a black-box scenario (tests/blackbox/) may need the spaCy model: the `model` mark's test for a scenario
(tests/conftest.py) and the black-box runner's for running it in the test process (tests/test_blackbox.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path


@cache
def scenario_may_parse(path: Path) -> bool:
    """Whether any text of a black-box scenario holds a phrase or a claim by the analyzer's cheap
    pre-filters (the test the hook itself makes before it would load the model)."""
    texts = set(_strings(json.loads(path.read_text(encoding="utf-8"))))
    return any(_text_may_parse(text) for text in texts)


@cache
def _text_may_parse(text: str) -> bool:
    from analyzer.api import may_ask, may_claim, may_hold_phrase

    return may_hold_phrase(text) or may_ask(text) or may_claim(text)


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
