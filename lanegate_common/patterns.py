"""Compiled regular expressions kept between processes, as bytecode is (docs/DESIGN.md#performance,
docs/DESIGN.md#tests).

Python compiles a pattern in Python code (re._parser, re._compiler) and keeps it for the process only: a
no-phrase stop compiled 53 patterns at every turn-end (27 M instructions, a tenth of the stop; revision 2
compiled 28), and a cold phrase stop spaCy's 190 more, its tokenizer's among them (about 110 ms). The
compiled form is a list of integers that `_sre.compile` takes as it is, so a process that compiled a pattern
stores that form in the package's own `__pycache__`, and the next process builds the pattern from it.

Kept as safe as the bytecode beside it: the file lives in this package's folder (nothing in the environment
or a project names another), named for the interpreter and its regular-expression engine (another Python
ignores it), and a form is stored only when the pattern built from it is equal to the one Python compiled
(a Pattern compares its source, flags and code). A file that cannot be read or written changes nothing but
speed: the pattern is compiled as usual.
"""

from __future__ import annotations

import _sre
import marshal
import os
import sys
from re import _compiler, _parser

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

STORE = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "__pycache__",
    f"patterns.{sys.implementation.cache_tag}-{_sre.MAGIC}-{_sre.CODESIZE}.marshal",
)
# A store past this is not grown: the patterns of a stop and of spaCy's load take about 300 KB.
MAX_STORE_BYTES = 8 << 20

_python_compile = _compiler.compile
_stored: dict[tuple[str, int], bytes] = {}
_new: dict[tuple[str, int], bytes] = {}


def use() -> None:
    """From now on, this process builds every pattern it finds in the store from its stored form and
    remembers the others it compiles for `save`."""
    if _compiler.compile is _compile:
        return
    try:
        with open(STORE, "rb") as fh:
            stored = marshal.loads(fh.read())
    except (OSError, EOFError, ValueError, TypeError):
        stored = {}
    if isinstance(stored, dict):
        _stored.update(stored)
    _compiler.compile = _compile


def save() -> None:
    """Add the patterns this process compiled to the store (written whole, then renamed into place)."""
    if not _new:
        return
    data = marshal.dumps({**_stored, **_new})
    if len(data) > MAX_STORE_BYTES or not write_whole(STORE, data):
        return
    _stored.update(_new)
    _new.clear()


def write_whole(path: str, data: bytes) -> bool:
    """Write a store whole, then rename it into place, so a reader sees the old store or the new one; False (and no
    file left behind) when it cannot be written. lanegate_common.derived writes its store the same way."""
    temporary = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temporary, "wb") as fh:
            fh.write(data)
        os.replace(temporary, path)
    except OSError:
        try:  # noqa: SIM105 - contextlib.suppress would cost every stop its import
            os.unlink(temporary)
        except OSError:
            pass
        return False
    return True


def _compile(pattern: Any, flags: int = 0) -> Any:
    """re._compiler.compile, from the stored form when there is one."""
    key = (pattern, flags)
    stored = _stored.get(key) if type(pattern) is str else None
    if stored is not None:
        try:
            return _sre.compile(pattern, *marshal.loads(stored))
        except (RuntimeError, TypeError, ValueError, EOFError):
            pass  # not a form this engine takes: compiled as usual
    compiled = _python_compile(pattern, flags)
    if type(pattern) is str and type(flags) is int:
        form = _form(pattern, flags)
        if form is not None and _sre.compile(pattern, *form) == compiled:
            _new[key] = marshal.dumps(form)
    return compiled


def _form(pattern: str, flags: int) -> tuple[Any, ...] | None:
    """What re._compiler.compile hands `_sre.compile` for `pattern`, in types marshal keeps."""
    try:
        parsed = _parser.parse(pattern, flags)
        code = [int(op) for op in _compiler._code(parsed, flags)]
        groupindex = {str(name): int(index) for name, index in parsed.state.groupdict.items()}
        indexgroup: list[str | None] = [None] * parsed.state.groups
        for name, index in groupindex.items():
            indexgroup[index] = name
        return int(flags | parsed.state.flags), code, parsed.state.groups - 1, groupindex, tuple(indexgroup)
    except Exception:  # another Python's internals: nothing stored
        return None
