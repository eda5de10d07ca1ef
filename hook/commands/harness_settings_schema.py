"""Does a settings file pass Claude Code's schema? (docs/DESIGN.md#adapters, revision 3)

Claude Code skips a whole settings file that fails its schema, so a lanegate registration inside such a
file does not exist, and neither does a `disableAllHooks` there. The facts (which keys have which type,
which hook events exist, what a hook entry must hold) are data in the harness's settings.toml
(`[schema]`, in hook/harness/<name>/), read from the schema of a pinned Claude Code version; this module
only applies them, in the order Claude Code does: first drop what it drops with a warning (unknown hook
events, an event whose value is not a list, a `hooks` that is not an object), then validate what is left.
Only shallow levels are walked, without recursion: the file's depth does not matter.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_TYPE_TESTS = {
    "booleans": (lambda v: isinstance(v, bool), "true or false"),
    "strings": (lambda v: isinstance(v, str), "a string"),
    "numbers": (lambda v: isinstance(v, int | float) and not isinstance(v, bool), "a number"),
    "arrays": (lambda v: isinstance(v, list), "a list"),
    "objects": (lambda v: isinstance(v, dict), "an object"),
}


def schema_problem(data: object, schema: Mapping[str, Any]) -> str | None:
    """The first reason Claude Code would reject `data`, in words, or None when it passes."""
    if not isinstance(data, dict):
        return "the file is not a JSON object"
    for group, (test, wanted) in _TYPE_TESTS.items():
        for key in schema.get(group, ()):
            if key in data and not test(data[key]):
                return f"`{key}` must be {wanted}, not {_shown(data[key])}"
    for key, words in schema.get("enums", {}).items():
        if key in data and data[key] not in words:
            return f"`{key}` must be one of {', '.join(words)}, not {_shown(data[key])}"
    return _hooks_problem(data.get("hooks"), schema)


def _hooks_problem(hooks: object, schema: Mapping[str, Any]) -> str | None:
    if not isinstance(hooks, dict):
        return None  # dropped with a warning, not a failure
    known = set(schema.get("hook_events", ()))
    for event, groups in hooks.items():
        if event not in known or not isinstance(groups, list):
            continue  # dropped with a warning
        for g, group in enumerate(groups):
            where = f"hooks.{event}[{g}]"
            if not isinstance(group, dict):
                return f"`{where}` must be an object with a `hooks` list"
            if "matcher" in group and not isinstance(group["matcher"], str):
                return f"`{where}.matcher` must be a string"
            entries = group.get("hooks")
            if not isinstance(entries, list):
                return f"`{where}.hooks` must be a list of hooks"
            for e, entry in enumerate(entries):
                problem = _entry_problem(entry, schema)
                if problem:
                    return f"`{where}.hooks[{e}]` {problem}"
    return None


def _entry_problem(entry: object, schema: Mapping[str, Any]) -> str | None:
    if not isinstance(entry, dict):
        return "must be an object"
    types: Mapping[str, list[str]] = schema.get("hook_types", {})
    kind = entry.get("type")
    if kind not in types:
        return f"has type {_shown(kind)}; Claude Code knows {', '.join(types)}"
    for name in types[kind]:
        if not isinstance(entry.get(name), str):
            return f"needs `{name}` as a string"
    for name, rule in schema.get("hook_fields", {}).items():
        if name in entry and not _field_ok(rule, entry[name]):
            return f"`{name}` must be a {rule}" if rule != "bash or powershell" else f"`{name}` must be {rule}"
    return None


def _field_ok(rule: str, value: object) -> bool:
    if rule == "positive number":
        return isinstance(value, int | float) and not isinstance(value, bool) and value > 0
    if rule == "boolean":
        return isinstance(value, bool)
    if rule == "string":
        return isinstance(value, str)
    if rule == "list of strings":
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if rule == "bash or powershell":
        return value in ("bash", "powershell")
    raise LookupError(f"unknown hook field rule {rule!r} in a harness's settings.toml")


def _shown(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value[:40])
    if isinstance(value, int | float):
        return str(value)
    return "an object" if isinstance(value, dict) else "a list"
