"""Each harness's hook settings as it will see them: the layer files, the lanegate registrations in
them, and the switches that turn a registered hook off (docs/DESIGN.md#doctor). Data in each harness's folder
(hook/harness/<name>/settings.toml), in the keys below.

Reading only: `lanegate doctor` must change nothing. A layer file that is missing is absent; one that
cannot be read or parsed is reported with its error, never guessed at. Each file is read the way its
harness reads it (revision 3): Gemini CLI's with comments, Claude Code's with a bad byte read as U+FFFD
and checked against Claude Code's schema (a file that fails it is skipped by Claude Code, so it
registers and disables nothing), any nesting depth without a RecursionError.

A harness's settings.toml: `hook_name` (the name a `names` switch looks for); `[[layers]]`, from the
highest precedence down, each with `name`, `paths` ("~/" is the home folder, "@project/" the project
folder: a file the judged agent can write), `format`, `hooks` (the layer can register hooks), and
optionally `env` (a variable whose value, when set, replaces the folder of a user layer) with `env_file`,
`committed` (a project file a team shares: a registration there must run on every teammate's machine) and
`local` (the personal, uncommitted project file of `install --local`); `[[switches]]`, each with `key` (a
dotted path into a layer's data), `why`, `fix` (`{path}` is the layer's file) and either `off_is` ("true" or
"false": the value that turns hooks off) or `names = true` (a list that turns off the hook it names:
"lanegate" or its command), optionally `scope` (the layers it applies in), `spares` and `keeps`; and
optionally `trust_reminder`, `env_key` (the key of a layer whose object the harness puts in the hook's
environment), `env_files` (the .env file names it loads, searched from the project up) and `[schema]`
(what the harness requires of a settings file, hook/commands/harness_settings_schema.py).

`format` says how the harness reads the file: "json-lenient" (JSON, a bad UTF-8 byte read as U+FFFD,
UTF-16 after its byte-order mark, then the harness's schema: a file that fails it is skipped whole),
"jsonc" (comments stripped, then JSON; a trailing comma or a byte-order mark is an error), "json" (plain
JSON in UTF-8) or "toml".
"""

from __future__ import annotations

import json
import os
import shlex
import stat
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from hook.commands.harness_settings_jsonc import SettingsSyntaxError, load
from hook.commands.harness_settings_schema import schema_problem
from hook.project_env import HARNESS_READS, decode_lenient, read_whole

SETTINGS_FILE = "settings.toml"  # in each harness's folder
HOME_PREFIX = "~/"
PROJECT_PREFIX = "@project/"
# Keys whose mere mention in a settings file lanegate cannot read is a fail (docs/DESIGN.md#evidence): it may switch
# every hook off, and nothing can show it does not.
SWITCH_WORDS = ("disableAllHooks",)


@dataclass(frozen=True)
class Switch:
    """A setting that turns hooks off: a boolean at `key`, or a list at `key` naming the hook."""

    key: str
    why: str
    fix: str
    off_is: bool | None = None
    names: bool = False
    scope: tuple[str, ...] = ()
    # Registrations in this layer are out of the switch's reach when it sits in another layer
    # (Claude Code: non-managed settings cannot turn a managed hook off).
    spares: str | None = None
    # Registrations in this layer are never reached (allowManagedHooksOnly keeps the managed hooks).
    keeps: str | None = None


@dataclass(frozen=True)
class LayerSpec:
    name: str
    paths: tuple[str, ...]
    format: str
    hooks: bool
    env: str | None = None
    env_file: str | None = None
    committed: bool = False  # a project file a team shares
    local: bool = False  # the personal, uncommitted project file

    @property
    def in_project(self) -> bool:
        """A file inside the project: one the judged agent can write."""
        return all(p.startswith(PROJECT_PREFIX) for p in self.paths)


@dataclass(frozen=True)
class HarnessSpec:
    harness: str
    events: tuple[str, ...]
    hook_name: str
    layers: tuple[LayerSpec, ...]
    switches: tuple[Switch, ...]
    trust_reminder: str | None = None
    title: str = "the harness"  # the harness as people name it ("Claude Code")
    timeout_scale: int = 1  # units of a registered timeout per second (the harness's InstallTarget)
    env_key: str | None = None  # the key of a settings layer whose object the harness puts in the hook's env
    env_files: tuple[str, ...] = ()  # the .env file names the harness loads, searched from the project up
    schema: Mapping[str, Any] | None = None  # what the harness requires of a settings file (Claude Code)


@dataclass(frozen=True)
class Layer:
    """One settings file as found: its data, or why it could not be used (None data, error set)."""

    name: str
    path: str
    data: Mapping[str, Any] | None
    error: str | None = None
    # docs/DESIGN.md#evidence: the harness may read the file and lanegate cannot (too large, not a regular file): what
    # it sets is treated as weakening, and the switches it may hold are named.
    unreadable: bool = False
    switches: tuple[str, ...] = ()


@dataclass(frozen=True)
class Registration:
    """One lanegate hook entry: where it is, for which event, its command line and timeout (seconds)."""

    layer: str
    path: str
    event: str
    command: str
    timeout: float | None


@dataclass(frozen=True)
class Disabled:
    """A switch that turns the hook off, with the file that sets it."""

    layer: str
    path: str
    why: str
    fix: str


@cache
def harness_specs() -> Mapping[str, HarnessSpec]:
    """Every registered harness's settings table (its folder's settings.toml), parsed once."""
    from hook.harness import ADAPTERS

    return {name: _spec(name) for name in ADAPTERS}


def _spec(name: str) -> HarnessSpec:
    """A harness's layers and switches; its events are the ones `lanegate install` registers."""
    from hook.harness import get_harness, harness_file

    harness = get_harness(name)
    with open(harness_file(harness, SETTINGS_FILE), "rb") as fh:
        table = tomllib.load(fh)
    layers = tuple(
        LayerSpec(
            name=layer["name"],
            paths=tuple(layer["paths"]),
            format=layer["format"],
            hooks=layer["hooks"],
            env=layer.get("env"),
            env_file=layer.get("env_file"),
            committed=layer.get("committed", False),
            local=layer.get("local", False),
        )
        for layer in table["layers"]
    )
    switches = tuple(
        Switch(
            key=s["key"],
            why=s["why"],
            fix=s["fix"],
            off_is={"true": True, "false": False}.get(s.get("off_is", "")),
            names=s.get("names", False),
            scope=tuple(s.get("scope", ())),
            spares=s.get("spares"),
            keeps=s.get("keeps"),
        )
        for s in table.get("switches", ())
    )
    install = harness.install
    return HarnessSpec(
        name, tuple(install.events), table["hook_name"], layers, switches, table.get("trust_reminder"),
        title=harness.recorded().title, timeout_scale=install.timeout_scale, env_key=table.get("env_key"),
        env_files=tuple(table.get("env_files", ())), schema=table.get("schema"),
    )


def layer_paths(spec: LayerSpec, *, home: str, project: str, env: Mapping[str, str]) -> tuple[str, ...]:
    """The files a layer may live in, most specific first (an env override replaces the default)."""
    override = env.get(spec.env) if spec.env else None
    if override:
        return (os.path.join(override, spec.env_file) if spec.env_file else override,)
    return tuple(_expand(p, home, project) for p in spec.paths)


def _expand(template: str, home: str, project: str) -> str:
    if template.startswith(HOME_PREFIX):
        return os.path.join(home, template[len(HOME_PREFIX) :])
    if template.startswith(PROJECT_PREFIX):
        return os.path.join(project, template[len(PROJECT_PREFIX) :])
    return template


def read_layers(spec: HarnessSpec, *, home: str, project: str, env: Mapping[str, str]) -> tuple[Layer, ...]:
    """Every layer file of the harness that exists, read and parsed (never written)."""
    found = []
    for layer in spec.layers:
        for path in layer_paths(layer, home=home, project=project, env=env):
            if os.path.lexists(path):
                found.append(read_layer(layer, path, spec.schema, spec.title))
    return tuple(found)


def read_layer(
    spec: LayerSpec, path: str, schema: Mapping[str, Any] | None = None, title: str = "the harness"
) -> Layer:
    """One settings file as its harness (`title`) reads it: a regular file of any size lanegate reads
    (hook.project_env.read_whole), decoded and parsed as the layer's format says; a file that fails the
    harness's schema, where it has one, is reported as skipped; one the harness may read and lanegate
    cannot is `unreadable`, with the switch words found in its bytes."""
    raw, problem = read_bytes(path)
    if raw is None:
        if problem in HARNESS_READS:
            why = f"{problem}: lanegate cannot read it although {title} may, so it is treated as weakening the gate"
            return Layer(spec.name, path, None, why, unreadable=True, switches=mentioned(path, SWITCH_WORDS))
        return Layer(spec.name, path, None, problem)
    try:
        data = parse_settings(raw, spec.format)
    except SettingsSyntaxError as exc:
        return Layer(spec.name, path, None, f"does not parse ({exc}): {title} cannot read it")
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        return Layer(spec.name, path, None, f"does not parse: {exc}")
    if not isinstance(data, dict):
        return Layer(spec.name, path, None, f"holds a JSON {type(data).__name__}, not an object")
    if schema is not None:
        problem = schema_problem(data, schema)
        if problem:
            return Layer(spec.name, path, None, f"fails {title}'s settings schema ({problem}): {title} skips "
                         "the whole file, so nothing in it registers or switches off a hook")
    return Layer(spec.name, path, data)


def read_bytes(path: str) -> tuple[bytes | None, str | None]:
    """A settings file's bytes, or None and why: not a regular file, unreadable, too large to read."""
    return read_whole(path)


def mentioned(path: str, words: Sequence[str]) -> tuple[str, ...]:
    """The words whose bytes occur in a regular file, in UTF-8, UTF-16 or UTF-32 of either byte order:
    a streaming scan of any size (a chunk's tail is kept, so a word across two chunks is found)."""
    forms = {w: [w.encode(c) for c in ("utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be")] for w in words}
    keep = max((len(f) for fs in forms.values() for f in fs), default=1)
    found: set[str] = set()
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError:
        return ()
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return ()
        tail = b""
        while chunk := os.read(fd, 1 << 20):
            window = tail + chunk
            found.update(w for w, fs in forms.items() if any(f in window for f in fs))
            tail = window[-keep:]
    except OSError:
        pass
    finally:
        os.close(fd)
    return tuple(w for w in words if w in found)


def parse_settings(raw: bytes, fmt: str) -> Any:
    """The data of a settings file's bytes, read as the harness of `fmt` reads it."""
    if fmt == "toml":
        return tomllib.loads(raw.decode("utf-8"))
    text = decode_settings(raw, fmt)
    if not text.strip():
        return {}
    return load(text, comments=fmt == "jsonc")


def decode_settings(raw: bytes, fmt: str) -> str:
    """Claude Code: UTF-16LE after its byte-order mark, else UTF-8 with a UTF-8 byte-order mark dropped;
    Claude Code and Gemini CLI (Node's readFileSync) read a bad byte as U+FFFD, never an error. Gemini
    keeps a byte-order mark, which JSON.parse then refuses. Plain JSON: strict UTF-8."""
    if fmt == "json-lenient":
        return decode_lenient(raw)
    if fmt == "jsonc":
        return raw.decode("utf-8", "replace")
    return raw.decode("utf-8-sig")


def registrations(spec: HarnessSpec, layers: Sequence[Layer]) -> tuple[Registration, ...]:
    """The lanegate hook entries of every hook-carrying layer, per event."""
    hook_layers = {layer.name for layer in spec.layers if layer.hooks}
    found = []
    for layer in layers:
        if layer.data is None or layer.name not in hook_layers:
            continue
        hooks = layer.data.get("hooks")
        if not isinstance(hooks, Mapping):
            continue
        for event in spec.events:
            for entry in _entries(hooks.get(event)):
                command = entry.get("command")
                if is_lanegate_hook(command):
                    found.append(Registration(layer.name, layer.path, event, command, _seconds(spec, entry)))
    return tuple(found)


def foreign_stop_hooks(spec: HarnessSpec, layers: Sequence[Layer]) -> tuple[Registration, ...]:
    """The hook entries a project file (one the judged agent can write) registers for the harness's stop
    events that are not lanegate's: each runs beside lanegate at every stop and can end the turn its own way
    (Claude Code: a Stop hook's `{"continue": false}` outranks any block)."""
    in_project = {layer.name for layer in spec.layers if layer.hooks and layer.in_project}
    found = []
    for layer in layers:
        if layer.data is None or layer.name not in in_project or not isinstance(hooks := layer.data.get("hooks"),
                                                                                   Mapping):
            continue
        for event in spec.events:
            for entry in _entries(hooks.get(event)):
                command = entry.get("command")
                if not is_lanegate_hook(command):
                    shown = command if isinstance(command, str) else json.dumps(entry, ensure_ascii=False)
                    found.append(Registration(layer.name, layer.path, event, shown, _seconds(spec, entry)))
    return tuple(found)


def _entries(groups: object) -> list[Mapping[str, Any]]:
    """Hook entries of one event: inside matcher groups {"hooks": [...]} or listed directly (Cursor)."""
    if not isinstance(groups, list):
        return []
    entries: list[Mapping[str, Any]] = []
    for group in groups:
        if not isinstance(group, Mapping):
            continue
        inner = group.get("hooks")
        if isinstance(inner, list):
            entries.extend(e for e in inner if isinstance(e, Mapping))
        elif "command" in group:
            entries.append(group)
    return entries


def _seconds(spec: HarnessSpec, entry: Mapping[str, Any]) -> float | None:
    """The registered timeout in seconds (in the harness's unit: Gemini writes milliseconds)."""
    value = entry.get("timeout")
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        return None
    return value / spec.timeout_scale if spec.timeout_scale != 1 else float(value)


def is_lanegate_hook(command: object) -> bool:
    """Whether a hook command runs `lanegate hook` (the console script or `python -m hook.cli hook`)."""
    return _runs_lanegate(command, "hook")


def is_lanegate_serve(command: object) -> bool:
    """Whether a hook command runs `lanegate serve` (the session-start warm-up `install` registers)."""
    return _runs_lanegate(command, "serve")


def command_words(command: object) -> list[str]:
    """A hook command's words as a POSIX shell splits them; none for a non-string or unbalanced quoting."""
    if not isinstance(command, str):
        return []
    try:
        return shlex.split(command)
    except ValueError:
        return []


def _runs_lanegate(command: object, subcommand: str) -> bool:
    words = command_words(command)
    if subcommand not in words:
        return False
    head = words[: words.index(subcommand)]
    return bool(head) and (os.path.basename(head[0]) in ("lanegate", "lanegate.exe") or head[-2:] == ["-m", "hook.cli"])


SHELL_SYNTAX = frozenset(";|&<>`$()\n\r{}*?[]~!#")


def plain_hook_argv(command: str) -> list[str] | None:
    """The words of a registered command that is nothing but `<lanegate> hook [--harness NAME]` (or
    `<python> -m hook.cli hook …`), or None: a command line with any other shell syntax is not run by
    the doctor — a project's settings are files the judged agent can write."""
    if SHELL_SYNTAX.intersection(command):
        return None
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    if not is_lanegate_hook(command):
        return None
    tail = words[words.index("hook") + 1 :]
    plain = tail == [] or (len(tail) == 2 and tail[0] == "--harness") or (
        len(tail) == 1 and tail[0].startswith("--harness="))
    return words if plain else None


def disabled_by(spec: HarnessSpec, layers: Sequence[Layer], found: Sequence[Registration]) -> tuple[Disabled, ...]:
    """Every switch, in every layer, that keeps the registered hook from running."""
    commands = {r.command for r in found}
    hits = []
    for layer in layers:
        if layer.data is None:
            continue
        for switch in spec.switches:
            if switch.scope and layer.name not in switch.scope:
                continue
            reached = [r for r in found if not _spared(switch, layer.name, r.layer)]
            if found and not reached:
                continue
            value = _lookup(layer.data, switch.key)
            if _switch_is_off(switch, value, spec.hook_name, commands):
                hits.append(Disabled(layer.name, layer.path, switch.why, switch.fix.format(path=layer.path)))
    return tuple(hits)


def _spared(switch: Switch, switch_layer: str, registered_in: str) -> bool:
    return registered_in == switch.keeps or (registered_in == switch.spares and switch_layer != registered_in)


def _switch_is_off(switch: Switch, value: object, hook_name: str, commands: set[str]) -> bool:
    if switch.names:
        return isinstance(value, list) and any(v == hook_name or v in commands for v in value)
    return value is switch.off_is


def _lookup(data: Mapping[str, Any], dotted: str) -> object:
    value: object = data
    for part in dotted.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return None
        value = value[part]
    return value


# ---- the environment the harness gives the hook ----------------------------------------------------------


# The name of the entry that stands for a loaded .env file lanegate cannot read (it may set anything).
UNREAD_ENV_FILE = "*"


@dataclass(frozen=True)
class EnvEntry:
    """A variable a harness puts in the hook's environment from one of its files."""

    harness: str
    name: str
    value: str
    path: str
    in_project: bool  # the file is one the judged agent can write


def env_entries(spec: HarnessSpec, layers: Sequence[Layer], *, project: str, home: str) -> tuple[EnvEntry, ...]:
    """The screened variables (hook.project_env) each settings layer's env key and the loaded .env set, and
    (docs/DESIGN.md#evidence) the variables that shape the shell or load code into an interpreter. A loaded .env
    lanegate cannot read although the harness may is an entry named UNREAD_ENV_FILE."""
    from hook.harness import shell_names
    from hook.project_env import INTERPRETER_PREFIX, OTHER_NAMES, PREFIX, dotenv_values, js_string, shapes_shell

    own = shell_names(spec.harness)

    def screened(name: object) -> bool:
        return isinstance(name, str) and (
            name.startswith((PREFIX, INTERPRETER_PREFIX)) or name in OTHER_NAMES or shapes_shell(name, own)
        )

    in_project = {layer.name: layer.in_project for layer in spec.layers}
    found = []
    for layer in layers:
        env = layer.data.get(spec.env_key) if spec.env_key and layer.data is not None else None
        if isinstance(env, Mapping):
            found.extend(EnvEntry(spec.harness, name, js_string(value), layer.path, in_project.get(layer.name, False))
                         for name, value in env.items() if screened(name))
    path = loaded_env_file(spec.env_files, project=project, home=home) if spec.env_files else None
    if path:
        raw, problem = read_bytes(path)
        values = dotenv_values(raw) if raw is not None else {}
        inside = _within(path, project)
        if problem in HARNESS_READS:
            found.append(EnvEntry(spec.harness, UNREAD_ENV_FILE, problem, path, inside))
        found.extend(EnvEntry(spec.harness, name, value, path, inside)
                     for name, value in values.items() if screened(name))
    return tuple(found)


def loaded_env_file(names: Sequence[str], *, project: str, home: str) -> str | None:
    """The one .env file Gemini CLI loads: from the project up, the first of `names` in each folder, else
    the same names in the home folder (a trusted folder assumed: an untrusted one loads less, never more)."""
    folder = os.path.abspath(project)
    while True:
        for name in names:
            candidate = os.path.join(folder, name)
            if os.path.isfile(candidate):
                return candidate
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return next((p for p in (os.path.join(home, n) for n in names) if os.path.isfile(p)), None)


def _within(path: str, folder: str) -> bool:
    real, root = os.path.realpath(path), os.path.realpath(folder)
    return real == root or real.startswith(root + os.sep)
