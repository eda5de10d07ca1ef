"""Compiled patterns kept between processes (lanegate_common/patterns.py): a pattern built from its stored form
is the pattern Python compiles, and a store that cannot be read, trusted or written changes nothing but speed."""

from __future__ import annotations

import marshal
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from re import _compiler

import pytest

from lanegate_common import patterns

ROOT = Path(__file__).resolve().parent.parent
# Shapes the stop's own patterns use: named groups, back references, look-arounds, flags inline and given,
# Unicode classes, bytes (never stored), a verbose pattern.
SHAPES = [
    (r"(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})[T ](?P<h>\d{1,2})", 0),
    (r"(?<!`)(`+)(?!`)((?:(?!\n[ \t]*\n)[^`])+)\1(?!`)", 0),
    (r"^[ \t]*(```|~~~).*?(?:^[ \t]*\1[^\n]*$|\Z)", re.M | re.S),
    (r"(?i)\b(?:would|shall) (?:you|i)\b", 0),
    (r"[^\W\d_]+(?:['’][^\W\d_]+)?", 0),
    (r"your\s+call", re.IGNORECASE),
    (r"""(?x) \b gh \s+ pr \s+ (create|merge)  # a comment""", 0),
]
TEXT = "On 2026-01-05T09:00 ``a b`` it's your  Call; Would you merge?\n```\ncode\n```\ngh pr create"


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The store in a folder of the test's own, and the process's compile as it was afterwards."""
    path = tmp_path / "__pycache__" / "patterns.marshal"
    monkeypatch.setattr(patterns, "STORE", str(path))
    original = _compiler.compile
    yield path
    _compiler.compile = original
    patterns._stored.clear()
    patterns._new.clear()
    re.purge()


def fresh_process(store: Path) -> None:
    """What a new process starts with: nothing compiled, nothing stored in memory, then `use`."""
    _compiler.compile = patterns._python_compile
    patterns._stored.clear()
    patterns._new.clear()
    re.purge()
    patterns.use()


def test_a_pattern_built_from_its_stored_form_is_the_pattern_python_compiles(store: Path) -> None:
    fresh_process(store)
    compiled = [re.compile(p, f) for p, f in SHAPES]
    patterns.save()
    assert len(marshal.loads(store.read_bytes())) == len(SHAPES)
    fresh_process(store)
    built = [re.compile(p, f) for p, f in SHAPES]
    assert patterns._new == {}  # every one came from the store
    assert built == compiled  # source, flags and engine code, compared by the Pattern itself
    for before, after in zip(compiled, built, strict=True):
        assert [m.groupdict() or m.groups() or m.group() for m in after.finditer(TEXT)] == [
            m.groupdict() or m.groups() or m.group() for m in before.finditer(TEXT)]
        assert (after.groupindex, after.groups, after.flags) == (before.groupindex, before.groups, before.flags)


def test_bytes_patterns_are_compiled_as_usual_and_never_stored(store: Path) -> None:
    fresh_process(store)
    assert re.compile(rb"[\x80-\xff]").findall(b"a\xc3\xa9") == [b"\xc3", b"\xa9"]
    patterns.save()
    assert not store.exists()


@pytest.mark.parametrize("content", [b"", b"not marshal at all", marshal.dumps([1, 2, 3]), marshal.dumps({})])
def test_a_store_that_cannot_be_read_is_no_store(store: Path, content: bytes) -> None:
    store.parent.mkdir()
    store.write_bytes(content)
    fresh_process(store)
    assert re.compile(SHAPES[0][0]).match("2026-01-05T09").group("y") == "2026"


def test_a_stored_form_the_engine_refuses_is_compiled_as_usual(store: Path) -> None:
    pattern, flags = SHAPES[5][0], int(SHAPES[5][1])
    store.parent.mkdir()
    store.write_bytes(marshal.dumps({(pattern, flags): marshal.dumps((flags, [999999, 1, 2], 0, {}, (None,)))}))
    fresh_process(store)
    assert re.compile(pattern, flags).search("Your CALL").group() == "Your CALL"


def test_a_store_that_cannot_be_written_changes_nothing(store: Path) -> None:
    store.parent.parent.chmod(0o500)
    try:
        fresh_process(store)
        compiled = re.compile(SHAPES[1][0])
        patterns.save()  # no error
        assert compiled.search("x `a` y").group(2) == "a"
        assert os.geteuid() == 0 or not store.exists()
    finally:
        store.parent.parent.chmod(0o700)


def test_a_process_stores_what_it_compiled_and_the_next_one_builds_from_it(tmp_path: Path) -> None:
    """Two processes importing what a stop imports, the second building every pattern from the first one's
    store (a copy of the package, so the store is the test's own)."""
    shutil.copytree(ROOT / "lanegate_common", tmp_path / "lanegate_common",
                    ignore=shutil.ignore_patterns("__pycache__"))
    code = (
        "import sys, re, marshal; sys.path.insert(0, sys.argv[1])\n"
        "from lanegate_common import patterns\n"
        "patterns.use()\n"
        "import json, hook.core, analyzer.api\n"
        "print(len(patterns._stored), len(patterns._new)); patterns.save()\n"
    )
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT), "HOME": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", code, str(tmp_path)], env=env, capture_output=True, text=True,
                           check=True, cwd=tmp_path).stdout.split() for _ in range(2)]
    first_stored, first_new = map(int, runs[0])
    second_stored, second_new = map(int, runs[1])
    assert (first_stored, second_new) == (0, 0)
    assert second_stored == first_new > 20
