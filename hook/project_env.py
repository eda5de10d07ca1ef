"""Which of the hook's environment variables a file in the project put there (docs/DESIGN.md#configuration, revision 3).

The harness builds the hook's environment partly from files the judged agent can write: a settings file
whose `env` object the harness applies to every hook process ("settings-env"), or a `.env` file it loads
into its own environment ("dotenv"). Each harness names its files and their format (the `project_env` of
hook/harness/<name>/harness.toml); this module reads those formats, for the stop and for `lanegate doctor`
(hook.commands.harness_settings reads settings files with read_regular and decode_lenient too). A variable
whose value equals the one such a file sets is the project's setting, not the user's: hook.config treats
it like a key of the project's lanegate.toml (a weakening is ignored unless the user allows it) and names
it in the audit line.

Cheap by design, because it runs at every stop: only when a screened variable is set at all, only the
harness's files, each a regular file read once without blocking, and a file is parsed only when its text
could name a screened variable.

Revision 4 (docs/DESIGN.md#evidence): the reader has no cap the harness lacks. A file is read whole, whatever its size
up to MAX_READ_BYTES, in every encoding a harness accepts (UTF-8 with or without its byte-order mark,
UTF-16 and UTF-32 after theirs), and parsed at any depth; a file it still cannot read although the harness
could (larger than that, or not a regular file: a FIFO the harness would read) fails closed — every
screened variable of the stop is taken as that file's. And a project layer that shapes the shell its
commands run in (PATH, BASH_ENV, ENV, SHELL, LD_*, GH_*, …: `shell_set`) decides what the word `gh` runs:
hook.core then counts no bare `gh` as an artifact or a PR fetch.
"""

from __future__ import annotations

import os
import re

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

PREFIX = "LANEGATE_"
# Besides LANEGATE_*: where the warm parse server's socket lives, and where the user's own config file
# and state are found (a project that moves HOME or XDG_CONFIG_HOME picks the "user" file itself).
OTHER_NAMES = ("XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "HOME")
# The formats of a harness's project env files (hook.harness.Facts.project_env).
SETTINGS_ENV, DOTENV = "settings-env", "dotenv"
# A settings or .env file is a few kB; past this lanegate does not read one (a Node harness might): such a
# file fails closed, it is never read in part.
MAX_READ_BYTES = 16 << 20
# Variables that decide what a command line of the harness's shell tool runs, what it loads, and which
# account and server `gh` acts on (docs/DESIGN.md#evidence): set by a project layer, a bare `gh` is no evidence.
# bash's own start-up switches are among them: options it turns on (SHELLOPTS, BASHOPTS: xtrace runs PS4's
# command substitutions), the words it expands before each command (PS4, PROMPT_COMMAND, IFS, CDPATH), programs
# its PATH search skips (EXECIGNORE), builtins it may load (BASH_LOADABLES_PATH), and exported functions
# (BASH_FUNC_<name>%%: `gh` defined as a function). A harness adds the variables its shell tool reads itself
# (hook.harness.Facts.shell_names).
SHELL_NAMES = frozenset({
    "PATH", "BASH_ENV", "ENV", "SHELL", "ZDOTDIR", "HOME", "XDG_CONFIG_HOME", "GITHUB_TOKEN", "SSL_CERT_FILE",
    "SSL_CERT_DIR", "HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy",
    "SHELLOPTS", "BASHOPTS", "PS4", "PROMPT_COMMAND", "IFS", "CDPATH", "EXECIGNORE", "BASH_LOADABLES_PATH",
})  # fmt: skip
SHELL_PREFIXES = ("LD_", "DYLD_", "GH_", "BASH_FUNC_")
# The dynamic loader's variables that load a library into every process started with them (glibc's LD_*,
# macOS's DYLD_*): the hook cannot defend itself from one, the library runs before any Python does.
LOADER_NAMES = frozenset({"LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT"})
LOADER_PREFIX = "DYLD_"
# Variables that load code into a Python interpreter (the hook's is isolated from them: doctor names them).
INTERPRETER_PREFIX = "PYTHON"
# The byte-order marks a harness's reader honours, longest first (UTF-32's begins like UTF-16's).
_BOMS = (
    (b"\xff\xfe\x00\x00", "utf-32-le"), (b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"), (b"\xef\xbb\xbf", "utf-8"),
)  # fmt: skip


class Unreadable(Exception):
    """A project file the harness may read and lanegate cannot: the caller fails closed."""


def screened_names(env: Mapping[str, str]) -> list[str]:
    return [name for name in env if name.startswith(PREFIX) or name in OTHER_NAMES]


def loads_library(name: str) -> bool:
    """A loader variable (LOADER_NAMES, DYLD_*): a library it names runs inside every process."""
    return name in LOADER_NAMES or name.startswith(LOADER_PREFIX)


def shapes_shell(name: str, harness_names: frozenset[str] = frozenset()) -> bool:
    """`harness_names`: the variables the harness's own shell tool reads (hook.harness.Facts.shell_names)."""
    return name in SHELL_NAMES or name in harness_names or name.startswith(SHELL_PREFIXES)


def project_set(env: Mapping[str, str], project_dir: str | None, files: Sequence[tuple[str, str]]) -> dict[str, str]:
    """{variable: the project file that set it} for every screened variable whose value in `env` is the
    value one of `files` (path in the project, format; in the order the harness applies them) gives it.
    Files the harness cannot read either set nothing; a file it may read and lanegate cannot fails closed:
    every screened policy variable not found elsewhere, and every location pointing into the project, is
    taken as set by it (the value names why)."""
    names = screened_names(env) if project_dir and files else []
    if not names:
        return {}
    found: dict[str, str] = {}
    closed: list[str] = []
    for relative, kind in files:
        path = os.path.join(project_dir, relative)  # type: ignore[arg-type]
        try:
            values = file_values(path, kind, names)
        except Unreadable as exc:
            closed.append(f"{path}, which lanegate cannot read ({exc})")
            continue
        for name, value in values.items():
            if name not in found and env.get(name) == value:
                found[name] = path
    for source in closed:
        for name in names:
            if name not in LOCATIONS or _inside(env[name], project_dir):  # type: ignore[arg-type]
                found.setdefault(name, source)
    return found


# Variables that name a place rather than a policy: a project whose writes stay in the project (the harness's
# sandbox, docs/THREATS.md) can use one only by pointing it into the project, so under a file lanegate
# cannot read such a value is taken as the project's only when it points there; a policy value always is.
LOCATIONS = frozenset({"HOME", "XDG_CONFIG_HOME", "XDG_RUNTIME_DIR", "LANEGATE_CONFIG", "LANEGATE_AUDIT_LOG",
                       "LANEGATE_STATE_DIR"})  # fmt: skip


def _inside(value: str, project_dir: str) -> bool:
    if not os.path.isabs(value):
        return True  # relative to wherever the harness runs: the project's
    real, root = os.path.realpath(value), os.path.realpath(project_dir)
    return real == root or real.startswith(root.rstrip(os.sep) + os.sep)


def shell_set(
    project_dir: str | None, files: Sequence[tuple[str, str]], harness_names: frozenset[str] = frozenset()
) -> dict[str, str]:
    """{variable: the project file that sets it} for every variable of `files` that shapes the shell
    (SHELL_NAMES, SHELL_PREFIXES, the harness's own), whatever its value; a file lanegate cannot read sets "*"
    (fail closed)."""
    found: dict[str, str] = {}
    for relative, kind in files if project_dir else ():
        path = os.path.join(project_dir, relative)  # type: ignore[arg-type]
        try:
            values = file_values(path, kind, None)
        except Unreadable as exc:
            found.setdefault("*", f"{path}, which lanegate cannot read ({exc})")
            continue
        for name in values:
            if shapes_shell(name, harness_names):
                found.setdefault(name, path)
    return found


def file_values(path: str, kind: str, names: list[str] | None) -> dict[str, str]:
    """{name: value} one project env file sets, for `names` or all; {} when missing or when the harness
    cannot read it either; raises Unreadable when the harness may and lanegate cannot."""
    raw, problem = read_whole(path)
    if raw is None:
        if problem in HARNESS_READS:
            raise Unreadable(problem)
        return {}
    return settings_env(raw, names) if kind == SETTINGS_ENV else dotenv_values(raw, names)


TOO_LARGE = f"larger than {MAX_READ_BYTES >> 20} MB"
NOT_REGULAR = "not a regular file"
# A FIFO is never read (it could block the stop), and a harness reads one a process of the agent's writes to.
A_FIFO = "a FIFO, not a regular file"
# What lanegate cannot read although a harness may (docs/DESIGN.md#evidence): such a file fails closed.
HARNESS_READS = (TOO_LARGE, A_FIFO)


def read_whole(path: str) -> tuple[bytes | None, str | None]:
    """A regular file's bytes, whole, or None and why: missing, a FIFO (A_FIFO), another file that is not
    regular (NOT_REGULAR), larger than MAX_READ_BYTES (TOO_LARGE), unreadable. Opened without blocking, so
    a FIFO planted where a settings file should be hangs nothing."""
    raw, problem = read_regular(path, MAX_READ_BYTES)
    if raw is not None and len(raw) > MAX_READ_BYTES:
        return None, TOO_LARGE
    return raw, problem


def read_regular(path: str, limit: int) -> tuple[bytes | None, str | None]:
    """A regular file's first `limit` + 1 bytes (more than `limit` tells the caller it is larger), or None
    and why: missing, not a regular file, unreadable. Opened without blocking, so a FIFO planted where a
    settings file should be hangs nothing."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except (OSError, ValueError) as exc:
        return None, getattr(exc, "strerror", None) or str(exc)
    try:
        import stat

        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            return None, A_FIFO if stat.S_ISFIFO(mode) else NOT_REGULAR
        chunks = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks), None
    except OSError as exc:
        return None, exc.strerror or str(exc)
    finally:
        os.close(fd)


# ---- settings-env: a settings file's "env" object, values coerced to strings as a Node harness does ----


def settings_env(raw: bytes, names: list[str] | None = None) -> dict[str, str]:
    """The `env` entries of a settings file, as strings, for the given names or all."""
    text = decode_lenient(raw)
    if '"env"' not in text and "\\" not in text:  # without an escape, the key can only be written "env"
        return {}
    import json

    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        try:
            from hook.commands.harness_settings_jsonc import SettingsSyntaxError, parse

            data = parse(text, comments=False).data  # iterative: any depth a harness reads
        except (SettingsSyntaxError, ValueError):
            return {}  # the harness cannot read it either: it sets nothing
    env = data.get("env") if isinstance(data, dict) else None
    if not isinstance(env, dict):
        return {}
    wanted = set(names) if names is not None else None
    return {key: js_string(value) for key, value in env.items() if wanted is None or key in wanted}


def decode_lenient(raw: bytes) -> str:
    """A settings or .env file's text as a harness reads it: UTF-32 or UTF-16 (either byte order) after its
    byte-order mark, else UTF-8 with a UTF-8 byte-order mark dropped; a bad byte is read as U+FFFD, never
    an error."""
    for bom, codec in _BOMS:
        if raw.startswith(bom):
            return raw[len(bom) :].decode(codec, "replace")
    return raw.decode("utf-8", "replace")


def js_string(value: object) -> str:
    """JavaScript's String(value) for a JSON value (a Node harness coerces every env value to a string)."""
    if isinstance(value, str):
        return value
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**21 else _js_float(float(value))
    if isinstance(value, float):
        return _js_float(value)
    if isinstance(value, list):
        return ",".join("" if item is None else js_string(item) for item in value)
    return "[object Object]"


def _js_float(value: float) -> str:
    if value == int(value) and abs(value) < 1e21:
        return str(int(value))
    text = repr(value)
    if "e" in text:
        mantissa, exponent = text.split("e")
        sign = "+" if not exponent.startswith("-") else "-"
        return f"{mantissa.removesuffix('.0')}e{sign}{exponent.lstrip('+-').lstrip('0') or '0'}"
    return text


# ---- dotenv: a .env file, parsed as the dotenv package parses it (Gemini CLI loads one) ----

# dotenv's own LINE expression (JavaScript's \w is ASCII): optional `export`, KEY, `=` or `: `, a value in
# single, double or back quotes (which may span lines) or unquoted up to a `#`, then an optional comment.
_LINE = (
    r"^\s*(?:export\s+)?([A-Za-z0-9_.-]+)(?:\s*=\s*?|:\s+?)"
    r"(\s*'(?:\\'|[^'])*'|\s*\"(?:\\\"|[^\"])*\"|\s*`(?:\\`|[^`])*`|[^#\r\n]+)?\s*(?:#.*)?$"
)
_QUOTED = r"^(['\"`])([\s\S]*)\1$"  # compiled only for a file that names a screened variable


def dotenv_values(raw: bytes, names: list[str] | None = None) -> dict[str, str]:
    """{name: value} of a .env file, for the given names or all (the last assignment of a name wins)."""
    text = decode_lenient(raw)
    if names is not None and not any(name in text for name in names):
        return {}
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    wanted = set(names) if names is not None else None
    values: dict[str, str] = {}
    quoted = re.compile(_QUOTED)
    for match in re.finditer(_LINE, text, re.MULTILINE):
        key = match.group(1)
        if wanted is not None and key not in wanted:
            continue
        value = (match.group(2) or "").strip()
        quote = value[:1]
        value = quoted.sub(r"\2", value)
        if quote == '"':
            value = value.replace("\\n", "\n").replace("\\r", "\r")
        values[key] = value
    return values
