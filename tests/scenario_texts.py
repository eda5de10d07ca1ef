"""Whether a black-box scenario (tests/blackbox/) may need the spaCy model: the `model` mark's test for a scenario
(tests/conftest.py) and the black-box runner's for running it in the test process (tests/test_blackbox.py).

Every worker of a parallel run asks it of every scenario while it collects (0.7 s of CPU each): the answers are
kept in .pytest_cache/lanegate/ under a digest of the code that gives them (analyzer/, lanegate_common/) and of
each scenario's bytes, so a run after one that asked reads them back, and any change to that code or to a
scenario asks again.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = ("analyzer", "lanegate_common")
KEPT = ROOT / ".pytest_cache" / "lanegate" / "scenario-may-parse.json"


@cache
def scenario_may_parse(path: Path) -> bool:
    """Whether any text of a black-box scenario holds a phrase or a claim by the analyzer's cheap
    pre-filters (the test the hook itself makes before it would load the model)."""
    raw = path.read_bytes()
    key = hashlib.sha256(raw).hexdigest()
    answers = _kept()
    if key not in answers:
        texts = set(_strings(json.loads(raw.decode("utf-8"))))
        answers[key] = any(_text_may_parse(text) for text in texts)
    return answers[key]


def keep_answers() -> None:
    """Write the answers asked so far beside the digest of the code that gave them (whole, then renamed: two
    workers may write at once, each a complete file)."""
    answers = _kept()
    if not answers or answers == _read():
        return
    try:
        KEPT.parent.mkdir(parents=True, exist_ok=True)
        partial = KEPT.with_name(f"{KEPT.name}.{os.getpid()}")
        partial.write_text(json.dumps({"code": _code_digest(), "answers": answers}), encoding="utf-8")
        os.replace(partial, KEPT)
    except OSError:
        pass  # a read-only checkout asks again next time


@cache
def _kept() -> dict[str, bool]:
    return dict(_read())


def _read() -> dict[str, bool]:
    try:
        data = json.loads(KEPT.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("code") != _code_digest() or not isinstance(data.get("answers"), dict):
        return {}
    return {key: value for key, value in data["answers"].items() if isinstance(value, bool)}


@cache
def _code_digest() -> str:
    digest = hashlib.sha256()
    for folder in CODE:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


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
