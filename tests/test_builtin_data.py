"""The built-in TOML files and their JSON copies (lanegate_common.builtin_data): the TOML always decides."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from lanegate_common.builtin_data import builtin_files, copy_path, load_builtin, make_copy

ROOT = Path(__file__).resolve().parents[1]
BUILTIN = builtin_files(str(ROOT))


@pytest.mark.parametrize("name", BUILTIN)
def test_every_builtin_copy_is_current(name: str) -> None:
    toml = str(ROOT / name)
    copy = Path(copy_path(toml))
    assert copy.exists() and copy.read_text(encoding="utf-8") == make_copy(toml), (
        f"{copy.relative_to(ROOT)} is stale: run scripts/builtin-json after editing {name}"
    )


@pytest.mark.parametrize("name", BUILTIN)
def test_the_copy_reads_as_the_toml_does(name: str) -> None:
    with open(ROOT / name, "rb") as fh:
        assert load_builtin(str(ROOT / name)) == tomllib.load(fh)


@pytest.fixture
def pair(tmp_path: Path) -> Path:
    toml = tmp_path / "data.toml"
    toml.write_text('mode = "enforce"\nnames = ["a", "b"]\n[table]\ncount = 3\n', encoding="utf-8")
    Path(copy_path(str(toml))).write_text(make_copy(str(toml)), encoding="utf-8")
    return toml


def test_a_matching_copy_is_read_without_tomllib(pair: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tomllib, "loads", lambda *a, **k: pytest.fail("tomllib read the TOML"))
    assert load_builtin(str(pair)) == {"mode": "enforce", "names": ["a", "b"], "table": {"count": 3}}


def test_an_edited_toml_wins_over_its_stale_copy(pair: Path) -> None:
    pair.write_text('mode = "dry-run"\nnames = ["a", "b"]\n[table]\ncount = 3\n', encoding="utf-8")
    assert load_builtin(str(pair))["mode"] == "dry-run"


def test_an_edit_of_the_same_size_is_caught_by_the_checksum(pair: Path) -> None:
    pair.write_text(pair.read_text(encoding="utf-8").replace("count = 3", "count = 4"), encoding="utf-8")
    assert load_builtin(str(pair))["table"] == {"count": 4}


@pytest.mark.parametrize(
    "copy",
    ["", "not json", "[]", '{"size": 1}', '{"size": "x", "crc32": 0, "data": {}}', "\xff"],
)
def test_a_missing_or_broken_copy_falls_back_to_the_toml(pair: Path, copy: str) -> None:
    Path(copy_path(str(pair))).write_text(copy, encoding="latin-1")
    assert load_builtin(str(pair))["table"] == {"count": 3}
    Path(copy_path(str(pair))).unlink()
    assert load_builtin(str(pair))["names"] == ["a", "b"]


def test_a_copy_that_claims_the_toml_but_is_forged_still_matches_only_its_own_bytes(pair: Path) -> None:
    forged = json.loads(make_copy(str(pair)))
    forged["crc32"] += 1
    forged["data"]["mode"] = "dry-run"
    Path(copy_path(str(pair))).write_text(json.dumps(forged), encoding="utf-8")
    assert load_builtin(str(pair))["mode"] == "enforce"


def test_a_broken_toml_raises_as_tomllib_does(tmp_path: Path) -> None:
    toml = tmp_path / "bad.toml"
    toml.write_text("mode = \n", encoding="utf-8")
    with pytest.raises(tomllib.TOMLDecodeError):
        load_builtin(str(toml))
    toml.write_bytes(b'mode = "\xff"\n')
    with pytest.raises(ValueError):
        load_builtin(str(toml))
    with pytest.raises(OSError):
        load_builtin(str(tmp_path / "missing.toml"))


def test_a_value_json_cannot_carry_is_refused_when_the_copy_is_made(tmp_path: Path) -> None:
    toml = tmp_path / "dated.toml"
    toml.write_text("when = 2026-12-02T10:00:00Z\n", encoding="utf-8")
    with pytest.raises(TypeError):
        make_copy(str(toml))
