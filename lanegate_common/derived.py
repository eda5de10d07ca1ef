"""Values derived from the built-in data files, kept between processes as bytecode and compiled patterns are
(lanegate_common.patterns; docs/DESIGN.md#performance).

A stop derives the same few values from the same data files at every turn-end: the phrases' canonical forms and
the language test's word sets (lexicon.toml), the pre-filter's word pieces (with spelling.toml), the sources of
the closing sites' patterns (sites.toml). Reading the files and building the values again cost a no-phrase stop
about 8 M instructions. So a process that derived a value stores its marshal form in this package's own
`__pycache__`, keyed by what was derived (a name and its arguments) and the size and modification time of the
module that derives it and of every file it is derived from (what the interpreter checks before it uses a .pyc),
and the next process loads the value from there.

Kept as safe as the bytecode beside it: the file lives in this package's folder (nothing in the environment or a
project names another), named for the interpreter; a value is stored only when marshal carries it back equal;
a changed file is another key, so its value is derived again. A store that cannot be read or written changes
nothing but speed.
"""

from __future__ import annotations

import marshal
import os
import sys

from lanegate_common.patterns import write_whole

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar

    T = TypeVar("T")

STORE = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "__pycache__", f"derived.{sys.implementation.cache_tag}.marshal"
)
# A store past this is not grown (the values of a stop take about 60 KB).
MAX_STORE_BYTES = 4 << 20

_stored: dict[Any, bytes] | None = None
_new: dict[Any, bytes] = {}


def derived(name: str, sources: tuple[str, ...], build: Callable[..., T], *args: Any) -> T:
    """build(*args), from the store when it was derived there from the same files: `sources`, the data files it
    reads, and the module that defines `build`. args must be values marshal keeps (strings, numbers, tuples)."""
    try:
        key = (name, args, tuple(_stamp(path) for path in (_module_file(build), *sources)))
        hash(key)
    except (OSError, TypeError, AttributeError):  # a file gone, an argument that cannot be a key: derived here
        return build(*args)
    form = _store().get(key)
    if form is not None:
        try:
            return marshal.loads(form)  # type: ignore[no-any-return]
        except (EOFError, ValueError, TypeError):
            pass  # not a form this interpreter reads: derived again
    value = build(*args)
    if not _writable():
        return value  # a store this process cannot write (a read-only installation): nothing to keep
    try:
        form = marshal.dumps(value)  # now: a caller may change the value it is given
        if marshal.loads(form) == value:
            _new[key] = form
    except (ValueError, TypeError, EOFError):
        pass  # a value marshal cannot carry: derived at every use
    return value


def save() -> None:
    """Add the values this process derived to the store (written whole, then renamed into place); an older value of
    the same name and arguments, derived from files since changed, is dropped."""
    if not _new:
        return
    replaced = {(name, args) for name, args, _ in _new}
    kept = {key: form for key, form in _store().items() if (key[0], key[1]) not in replaced}
    data = marshal.dumps({**kept, **_new})
    if len(data) > MAX_STORE_BYTES or not write_whole(STORE, data):
        return
    _store().update(_new)
    _new.clear()


def _store() -> dict[Any, bytes]:
    global _stored
    if _stored is None:
        try:
            with open(STORE, "rb") as fh:
                found = marshal.loads(fh.read())
        except (OSError, EOFError, ValueError, TypeError):
            found = {}
        _stored = found if isinstance(found, dict) else {}
    return _stored


_can_write: bool | None = None


def _writable() -> bool:
    """Whether this process can write the store (its folder, or the package folder that will hold it)."""
    global _can_write
    if _can_write is None:
        folder = os.path.dirname(STORE)
        _can_write = os.access(folder if os.path.isdir(folder) else os.path.dirname(folder), os.W_OK)
    return _can_write


def _stamp(path: str) -> tuple[str, int, int]:
    status = os.stat(path)
    return path, status.st_size, status.st_mtime_ns


def _module_file(build: Callable[..., Any]) -> str:
    return sys.modules[build.__module__].__file__ or ""
