"""Hostile input for every harness-settings reader (docs/DESIGN.md#failure, docs/DESIGN.md#doctor revision 3): the
settings-text reader and editor, the Claude Code schema check, the layer reader doctor uses, and the .env parser.

Each reader takes files the judged agent can write. Whatever the bytes — any depth, any encoding, any
shape — it answers (a value, or SettingsSyntaxError naming a line) and never raises anything else; where a
standard reader exists (Python's json for plain JSON) it agrees with it.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hook.commands.harness_settings import LayerSpec, harness_specs, read_layer
from hook.commands.harness_settings_jsonc import SettingsSyntaxError, blank_comments, load, parse, rewrite
from hook.commands.harness_settings_schema import schema_problem
from hook.project_env import dotenv_values, settings_env
from tests.examples import examples

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)
SETTINGS_TEXT = st.text(alphabet=st.sampled_from([*'{}[]",:/*\n \\0123truefalsnl-.eEab', "\u00e9"]),
                        max_size=60)
CLAUDE = harness_specs()["claude"].schema


@settings(max_examples=examples(300), deadline=None)
@given(JSON_VALUES, st.sampled_from([None, 2, 4, "\t"]))
def test_any_json_document_reads_as_python_reads_it(value: Any, indent: int | str | None) -> None:
    text = json.dumps(value, indent=indent)
    for comments in (False, True):
        assert parse(text, comments=comments).data == value
        assert load(text, comments=comments) == value


@settings(max_examples=examples(500), deadline=None)
@given(SETTINGS_TEXT)
def test_any_text_is_a_value_or_a_named_syntax_error(text: str) -> None:
    for comments in (False, True):
        try:
            value = load(text, comments=comments)
        except SettingsSyntaxError as exc:
            assert exc.line >= 1 and exc.column >= 1
            continue
        if not comments:
            assert value == json.loads(text)  # whatever it accepts, JSON accepts the same way
        else:
            assert value == json.loads(blank_comments(text))


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.text(max_size=6), JSON_VALUES, max_size=5), st.text(max_size=6), JSON_VALUES,
       st.sampled_from([None, 2, 4]))
def test_rewrite_adds_a_member_and_keeps_the_rest(base: dict[str, Any], key: str, value: Any,
                                                  indent: int | None) -> None:
    text = "// kept\n" + json.dumps(base, indent=indent)
    doc = parse(text, comments=True)
    new = {**base, key: value}
    out = rewrite(doc, new)
    assert load(out, comments=True) == new
    assert out.startswith("// kept\n")
    if key not in base:
        assert rewrite(parse(out, comments=True), base) == text  # and taking it out gives the text back


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_depth_is_no_limit(depth: int) -> None:
    assert load("[" * depth + "]" * depth, comments=False) is not None
    with pytest.raises(SettingsSyntaxError) as caught:
        load("{" * depth, comments=True)
    assert caught.value.line == 1


@pytest.mark.parametrize("text", ['{"a": NaN}', '{"a": Infinity}', '{"a": -Infinity}', "\ufeff{}", "{'a': 1}",
                                  '{"a": 1,}', '[1,]', '{"a"\n:\n}', '"\x01"', "01", "[.5]", "{\"a\": 1} {}"])
def test_what_javascript_refuses_is_refused(text: str) -> None:
    with pytest.raises(SettingsSyntaxError):
        load(text, comments=True)


@settings(max_examples=examples(300), deadline=None)
@given(JSON_VALUES)
def test_the_claude_schema_check_answers_any_data(data: Any) -> None:
    problem = schema_problem(data, CLAUDE)
    assert problem is None or isinstance(problem, str)


@settings(max_examples=examples(200), deadline=None)
@given(st.binary(max_size=200))
def test_the_dotenv_and_settings_env_readers_answer_any_bytes(raw: bytes) -> None:
    assert isinstance(dotenv_values(raw), dict)
    assert isinstance(settings_env(raw + b'"env"', ["LANEGATE_MODE"]), dict)


@pytest.mark.parametrize("fmt", ["json-lenient", "jsonc", "json", "toml"])
@pytest.mark.parametrize(
    "raw",
    [b"\xff\xfe\x00\xd8", b"\x00" * 64, b"\xef\xbb\xbf{}", b'{"a": "\xff"}', b"[" * 100_000, b'{"a": ' * 50_000,
     b"a = " + b"[" * 10_000 + b"]" * 10_000, b"\xc3", json.dumps({"x": math.pi}).encode()],
)
def test_the_layer_reader_reports_any_bytes(tmp_path: Path, fmt: str, raw: bytes) -> None:
    path = tmp_path / "settings"
    path.write_bytes(raw)
    layer = read_layer(LayerSpec("project", ("@project/settings",), fmt, True), str(path), CLAUDE)
    assert (layer.data is None) == (layer.error is not None)
    assert layer.data is None or isinstance(layer.data, dict)
