"""Values derived from the data files, kept between processes (lanegate_common/derived.py): a value loaded from the
store equals the one derived, a changed file or module is derived again, and a store that cannot be read, trusted
or written changes nothing but speed."""

from __future__ import annotations

import marshal
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from analyzer import api, lexicon
from analyzer.text import SITES_PATH, candidates, closing, questions, sites, spelling
from lanegate_common import derived

# What the build functions below were called with, in order: a value loaded from the store calls nothing.
CALLS: list[str] = []


def shapes(path: str) -> tuple[object, ...]:
    """A value of the types the stop derives: strings, numbers, tuples, a dict, frozen sets."""
    CALLS.append(path)
    words = Path(path).read_text(encoding="utf-8").split()
    return (tuple(words), len(words), 0.5, {"first": words[0]}, frozenset(words), (("nested",), ()))


def unkept(path: str) -> object:
    """A value marshal cannot carry."""
    CALLS.append(path)
    return Path(path)


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The store in a folder of the test's own, empty in memory, and a data file to derive from."""
    path = tmp_path / "__pycache__" / "derived.marshal"
    monkeypatch.setattr(derived, "STORE", str(path))
    monkeypatch.setattr(derived, "_stored", None)
    monkeypatch.setattr(derived, "_new", {})
    monkeypatch.setattr(derived, "_can_write", None)
    (tmp_path / "words.txt").write_text("alpha beta gamma\n", encoding="utf-8")
    CALLS.clear()
    yield path


def fresh_process() -> None:
    """What a new process starts with: nothing read from the store, nothing derived."""
    derived._stored = None
    derived._new.clear()


def test_a_value_loaded_from_the_store_is_the_value_derived(store: Path) -> None:
    source = str(store.parent.parent / "words.txt")
    first = derived.derived("shapes", (source,), shapes, source)
    derived.save()
    fresh_process()
    again = derived.derived("shapes", (source,), shapes, source)
    assert (again, CALLS, store.is_file()) == (first, [source], True)


def test_a_changed_source_is_derived_again_and_its_old_value_dropped(store: Path) -> None:
    source = store.parent.parent / "words.txt"
    derived.derived("shapes", (str(source),), shapes, str(source))
    derived.save()
    source.write_text("delta epsilon\n", encoding="utf-8")
    os.utime(source, ns=(1, 1))  # another modification time, whatever the clock's resolution
    fresh_process()
    value = derived.derived("shapes", (str(source),), shapes, str(source))
    derived.save()
    kept = marshal.loads(store.read_bytes())
    assert (value[0], len(CALLS), [key[0] for key in kept]) == (("delta", "epsilon"), 2, ["shapes"])


def test_each_name_and_arguments_is_a_value_of_its_own(store: Path) -> None:
    words = str(store.parent.parent / "words.txt")
    other = store.parent.parent / "other.txt"
    other.write_text("zeta eta\n", encoding="utf-8")
    first = derived.derived("shapes", (words,), shapes, words)
    second = derived.derived("shapes", (str(other),), shapes, str(other))
    derived.save()
    fresh_process()
    loaded = (derived.derived("shapes", (words,), shapes, words),
              derived.derived("shapes", (str(other),), shapes, str(other)))
    assert (loaded, len(CALLS), len(marshal.loads(store.read_bytes()))) == ((first, second), 2, 2)


def test_a_value_marshal_cannot_carry_is_derived_at_every_use(store: Path) -> None:
    source = str(store.parent.parent / "words.txt")
    first = derived.derived("unkept", (source,), unkept, source)
    derived.save()
    fresh_process()
    again = derived.derived("unkept", (source,), unkept, source)
    assert (first, again, len(CALLS), store.exists()) == (Path(source), Path(source), 2, False)


def test_a_missing_source_is_derived_without_the_store(store: Path) -> None:
    missing = str(store.parent.parent / "missing.txt")
    source = str(store.parent.parent / "words.txt")
    value = derived.derived("shapes", (missing,), shapes, source)
    assert (value[1], CALLS, derived._new) == (3, [source], {})


def test_a_broken_store_changes_nothing_but_speed(store: Path) -> None:
    source = str(store.parent.parent / "words.txt")
    store.parent.mkdir()
    store.write_bytes(b"not a marshal form")
    value = derived.derived("shapes", (source,), shapes, source)
    derived.save()  # replaced whole by a store that holds the new value
    fresh_process()
    assert (derived.derived("shapes", (source,), shapes, source), CALLS) == (value, [source])


def test_a_stored_form_this_interpreter_cannot_read_is_derived_again(store: Path) -> None:
    source = str(store.parent.parent / "words.txt")
    value = derived.derived("shapes", (source,), shapes, source)
    derived.save()
    fresh_process()
    kept = marshal.loads(store.read_bytes())
    store.write_bytes(marshal.dumps({key: b"\xff" for key in kept}))
    assert (derived.derived("shapes", (source,), shapes, source), len(CALLS)) == (value, 2)


def test_a_store_that_cannot_be_written_changes_nothing_but_speed(store: Path) -> None:
    source = str(store.parent.parent / "words.txt")
    store.parent.write_text("a file where the folder should be", encoding="utf-8")
    value = derived.derived("shapes", (source,), shapes, source)
    derived.save()
    fresh_process()
    assert (derived.derived("shapes", (source,), shapes, source), len(CALLS)) == (value, 2)
    assert [p.name for p in store.parent.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_a_store_this_process_cannot_write_keeps_nothing_to_write(store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only installation: the value is derived and returned, and no form is made for a store never written."""
    source = str(store.parent.parent / "words.txt")
    monkeypatch.setattr(derived, "_can_write", False)
    value = derived.derived("shapes", (source,), shapes, source)
    derived.save()
    assert (value[1], derived._new, store.exists()) == (3, {}, False)


def test_the_stop_s_derived_values_come_back_equal(store: Path) -> None:
    """Each value the stop keeps, derived, stored and loaded in a fresh process, is the value its builder makes."""
    # A worker that ran other tests first holds the data files' tables in these readers' own caches: a build would not
    # reach load_builtin, and the store would lack the "builtin" entries a stop's process writes.
    for reader in (sites, lexicon._builtin_data, closing._claims_data, spelling.spelling, candidates._written_forms):
        reader.cache_clear()
    forms = lexicon._phrase_forms()
    built = {
        "phrase-forms": (lexicon.LEXICON_PATH, lexicon._phrase_forms, ()),
        "language": (lexicon.LEXICON_PATH, lexicon._language_table, ()),
        "phrase-pieces": (candidates._SPELLING_PATH, candidates._word_pieces, (forms,)),
        "site-patterns": (SITES_PATH, questions._pattern_sources, ()),
        "claim-words": (closing.CLAIMS_PATH, closing._claim_words, (closing.CLAIMS_PATH,)),
        "closing-rows": (closing.CLAIMS_PATH, closing._closing_rows, ()),
        "question-cues": (SITES_PATH, api._cues, ()),
    }
    for name, (source, build, args) in built.items():
        derived.derived(name, (source,), build, *args)
    derived.save()
    fresh_process()
    loaded = {name: derived.derived(name, (source,), build, *args) for name, (source, build, args) in built.items()}
    assert (loaded, derived._new) == ({name: build(*args) for name, (_, build, args) in built.items()}, {})
    # and the data files they read, each kept whole (lanegate_common.builtin_data.load_builtin)
    assert sorted({key[0] for key in marshal.loads(store.read_bytes())}) == sorted([*built, "builtin"])


# Files opened while a build below runs (an audit hook cannot be removed: it records only while asked to).
OPENED: list[str] | None = None


def _watch(event: str, args: tuple[object, ...]) -> None:
    if OPENED is not None and event == "open" and isinstance(args[0], str) and args[0].endswith((".toml", ".json")):
        OPENED.append(args[0])


sys.addaudithook(_watch)
# The stop's derived values, asked as the stop asks them (each module's own cache cleared first).
ASKED = {
    lexicon: [lexicon.default_phrase_forms, lexicon._language],
    candidates: [candidates._pieces],
    questions: [questions._patterns],
    closing: [closing.claim_vocabulary, closing._rows_at],
    api: [api._question_cues],
}
# What the builds read through: per-process caches of the data files.
READ_THROUGH = [lexicon._builtin_data, sites, candidates._written_forms, closing._claims_data]


def test_a_derived_value_reads_only_the_files_it_names_as_its_sources(
        store: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A value kept in the store is derived again only when one of its sources changes: a build that read a file
    it does not name would be served stale after that file's edit."""
    global OPENED
    calls: list[tuple[str, tuple[str, ...], Any, tuple[Any, ...]]] = []

    def record(name: str, sources: tuple[str, ...], build: Any, *args: Any) -> Any:
        calls.append((name, sources, build, args))
        return build(*args)

    for module, functions in ASKED.items():
        monkeypatch.setattr(module, "derived", record)
        for function in functions:
            function.cache_clear()
    lexicon.default_phrase_forms()
    lexicon._language()
    candidates._pieces(lexicon.default_phrase_forms())
    questions._patterns()
    closing.claim_vocabulary()
    closing._rows_at("view")
    api._question_cues()
    unnamed = {}
    for name, sources, build, args in calls:
        for cached in READ_THROUGH:
            cached.cache_clear()
        OPENED = []
        try:
            build(*args)
        finally:
            opened, OPENED = OPENED, None
        read = {path.removesuffix(".json") + ".toml" if path.endswith(".json") else path for path in opened}
        unnamed[name] = sorted(os.path.relpath(p) for p in read - {os.path.abspath(s) for s in sources})
    for functions in ASKED.values():
        for function in functions:
            function.cache_clear()  # built again, by the product's own derived, by whoever asks next
    assert (sorted(unnamed), [names for names in unnamed.values() if names]) == (
        ["claim-words", "closing-rows", "language", "phrase-forms", "phrase-pieces", "question-cues",
         "site-patterns"], [])
