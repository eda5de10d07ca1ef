"""`lanegate config show`: every setting's value and the layer it came from (docs/DESIGN.md#operators).

A stop resolves its settings in layers (hook.config): the built-in defaults, the user file, the project's
lanegate.toml, the environment, and — above it, guarded like the project file — the LANEGATE_* values a
project file put into the hook's environment (Claude Code's settings `env`, a project `.env`). This shows the
result for a project as a stop in it would see it: each key, its value, the layer that decided it, and the
values a layer set that were not applied (a weakening from the project, an unparseable value), marked.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hook.config import (
    ENV_PREFIX,
    PROJECT_FILE,
    SETTINGS,
    TABLES,
    Config,
    env_name,
    load_defaults,
    read_toml,
    resolve_config,
    user_config_path,
)
from lanegate_common.terminal import escaped, json_escaped

BUILT_IN = "built-in default"
# The value column's width; a longer value (a path, a tool name) pushes its own line's source along.
VALUE_WIDTH = 32


@dataclass(frozen=True)
class Layers:
    """What each layer holds for one project, read as a stop reads it."""

    env: Mapping[str, str]  # the environment without what a project file set
    project_env: Mapping[str, tuple[str, str]]  # {variable: (value, file)} a project file set
    user: Mapping[str, Any]
    project: Mapping[str, Any]
    user_path: str
    project_path: str
    notes: tuple[str, ...]  # files that could not be read


def read_layers(env: Mapping[str, str], project: str) -> Layers:
    from hook.harness import every_project_env
    from hook.project_env import project_set

    notes: list[str] = []
    # off a stop, the files every registered harness loads into the hook's environment (as load_config)
    set_by = project_set(env, project, every_project_env())
    user_path, project_path = user_config_path(env), os.path.join(project, PROJECT_FILE)
    return Layers(
        env={k: v for k, v in env.items() if k not in set_by},
        project_env={name: (env[name], path) for name, path in set_by.items()},
        user=read_toml(user_path, "user config", notes) or {},
        project=read_toml(project_path, "project", notes) or {},
        user_path=user_path,
        project_path=project_path,
        notes=tuple(notes),
    )


def sources(layers: Layers, keys: Sequence[str] = tuple(SETTINGS)) -> dict[str, str]:
    """Which layer each value came from: the highest layer that changed it, else the highest one that set
    it without being refused, else the built-in default."""
    defaults = load_defaults()
    home = {k: v for k, v in layers.env.items() if k == "HOME"}
    steps = [
        resolve_config(defaults, None, None, home),
        resolve_config(defaults, layers.user, None, home),
        resolve_config(defaults, layers.user, layers.project, home),
        resolve_config(defaults, layers.user, layers.project, layers.env),
        resolve_config(defaults, layers.user, layers.project, layers.env, layers.project_env),
    ]
    found = {}
    for key in keys:
        name = env_name(key)
        set_by = layers.project_env.get(name, ("", ""))[1]
        named = [
            (f"project environment {name} (set by {set_by})", name in layers.project_env, 4),
            (f"environment {name}", name in layers.env and SETTINGS[key][2], 3),
            (f"project file {layers.project_path}", key in layers.project, 2),
            (f"user file {layers.user_path}", key in layers.user, 1),
        ]
        changed = [label for label, _, i in named if getattr(steps[i], key) != getattr(steps[i - 1], key)]
        kept = [label for label, present, i in named if present and not refused(steps[i].warnings, key)]
        found[key] = (changed or kept or [BUILT_IN])[0]
    return found


def refused(warnings: Sequence[str], key: str) -> bool:
    """A layer's value for `key` was named as ignored or unparseable."""
    return bool(notes_for(warnings, key))


def notes_for(warnings: Sequence[str], key: str) -> list[str]:
    """The warnings about one key: a value that was ignored (a weakening) or could not be read."""
    name = env_name(key)
    marks = (f" {key}=", f" {key}:", f"{name}=", f"{name} (set by")
    return [w for w in warnings if any(m in w for m in marks)]


def show(env: Mapping[str, str], project: str) -> dict[str, Any]:
    """The JSON form: every key with value, source and what was ignored; the tables; other warnings."""
    layers = read_layers(env, project)
    config = resolve_config(load_defaults(), layers.user, layers.project, layers.env, layers.project_env)
    origin = sources(layers)
    settings = {
        key: {"value": _plain(getattr(config, key)), "source": origin[key], "ignored": notes_for(config.warnings, key)}
        for key in SETTINGS
    }
    claimed = {w for key in SETTINGS for w in notes_for(config.warnings, key)}
    return {
        "project": project,
        "files": {
            "user": {"path": layers.user_path, "exists": os.path.isfile(layers.user_path)},
            "project": {"path": layers.project_path, "exists": os.path.isfile(layers.project_path)},
        },
        "settings": settings,
        "tables": tables(config, layers),
        "warnings": [*layers.notes, *(w for w in config.warnings if w not in claimed)],
    }


def tables(config: Config, layers: Layers) -> dict[str, Any]:
    """What the [lexicon], [walk] and [directives] tables add, and from which file."""
    found: dict[str, Any] = {}
    for table in TABLES:
        by = [label for label, data in (("user file", layers.user), ("project file", layers.project))
              if isinstance(data.get(table), Mapping)]
        found[table] = {"set_in": by}
    lexicon = config.lexicon
    found["lexicon"].update(
        phrases=[dict(p) for p in lexicon.phrases],
        domain_words={k: list(v) for k, v in lexicon.domain_words.items()},
        agent_work=list(lexicon.agent_work),
        modes=[list(m) for m in lexicon.modes],
    )
    found["walk"]["keys"] = sorted({k for _, table in config.walk for k in table})
    found["directives"]["keys"] = sorted(config.directives)
    return found


def _plain(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def render(data: Mapping[str, Any]) -> str:
    """A table a person reads: key, value, where it came from; an ignored value on a line of its own."""
    files = data["files"]
    out = [f"lanegate settings for {data['project']}",
           f"  user file     {files['user']['path']}{'' if files['user']['exists'] else ' (none)'}",
           f"  project file  {files['project']['path']}{'' if files['project']['exists'] else ' (none)'}",
           f"  environment   {ENV_PREFIX}* variables", ""]
    rows = [(key, _lines(item["value"]), item["source"]) for key, item in data["settings"].items()]
    key_width = max(len(key) for key, _, _ in rows)
    value_width = min(VALUE_WIDTH, max(len(line) for _, lines, _ in rows for line in lines))
    out.append(f"{'key'.ljust(key_width)}  {'value'.ljust(value_width)}  from")
    for (key, lines, source), item in zip(rows, data["settings"].values(), strict=True):
        out.append(f"{key.ljust(key_width)}  {lines[0].ljust(value_width)}  {source}")
        out += [f"{'':{key_width}}  {line}" for line in lines[1:]]
        out += [f"  ! {note}" for note in item["ignored"]]
    out.append("")
    for name, table in data["tables"].items():
        where = ", ".join(table["set_in"]) or "not set"
        out.append(f"[{name}]  {where}{_table_detail(name, table)}")
    if data["warnings"]:
        out += ["", "warnings:"] + [f"  {w}" for w in data["warnings"]]
    return "\n".join(out) + "\n"


def _table_detail(name: str, table: Mapping[str, Any]) -> str:
    if name == "lexicon":
        parts = [f"{len(table['phrases'])} phrase(s)", f"{sum(map(len, table['domain_words'].values()))} domain "
                 f"word(s)", f"{len(table['agent_work'])} agent-work word(s)", f"{len(table['modes'])} mode(s)"]
        return ": " + ", ".join(parts) if table["set_in"] else ""
    keys = table.get("keys") or []
    return f": {', '.join(keys)}" if keys else ""


def _lines(value: object) -> list[str]:
    """A value as the table shows it: a list one item a line."""
    if value is None:
        return ["(unset)"]
    if isinstance(value, bool):
        return ["on" if value else "off"]
    if isinstance(value, list):
        return [str(v) for v in value] or ["(none)"]
    return [str(value)]


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("words", nargs="*", metavar="show", help="show: every setting, its value and its layer")
    parser.add_argument("--project", default=".", help="the project whose settings to resolve (default: here)")
    parser.add_argument("--json", action="store_true", help="print them as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.words != ["show"]:
        print("lanegate config: the action is show (lanegate config show [--project DIR] [--json])", file=sys.stderr)
        return 2
    project = os.path.abspath(args.project)
    if not os.path.isdir(project):
        print(escaped(f"lanegate config: {args.project} is not a folder"), file=sys.stderr)
        return 2
    data = show(os.environ, project)
    if args.json:
        print(json_escaped(json.dumps(data, indent=2, ensure_ascii=False)))
    else:
        sys.stdout.write(escaped(render(data)))
    return 0
