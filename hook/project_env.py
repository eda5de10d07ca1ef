"""Which of the hook's environment variables a file in the project put there (SPEC §1.3, revision 3).

The harness builds the hook's environment partly from files the judged agent can write: a settings file
whose `env` object the harness applies to every hook process ("settings-env"), or a `.env` file it loads
into its own environment ("dotenv"). Each harness names its files and their format (the `project_env` of
hook/harness/<name>/harness.toml); this module reads those formats, for the stop and for `lanegate doctor`
(hook.commands.harness_settings reads settings files with read_regular and decode_lenient too). A variable
whose value equals the one such a file sets is the project's setting, not the user's: hook.config treats
it like a key of the project's lanegate.toml (a weakening is ignored unless the user allows it) and names
it in the audit line.

Cheap by design, because it runs at every stop: only when a screened variable is set at all, only the
harness's files, each a regular file read once without blocking, and a file is decoded only when its
bytes could name a screened variable.
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
MAX_BYTES = 1 << 20  # what the config readers read at most; a larger file is read up to this much


def screened_names(env: Mapping[str, str]) -> list[str]:
    return [name for name in env if name.startswith(PREFIX) or name in OTHER_NAMES]


def project_set(env: Mapping[str, str], project_dir: str | None, files: Sequence[tuple[str, str]]) -> dict[str, str]:
    """{variable: the project file that set it} for every screened variable whose value in `env` is the
    value one of `files` (path in the project, format; in the order the harness applies them) gives it.
    Unreadable files set nothing (the harness could not read them either)."""
    names = screened_names(env) if project_dir and files else []
    if not names:
        return {}
    found: dict[str, str] = {}
    for relative, kind in files:
        path = os.path.join(project_dir, relative)  # type: ignore[arg-type]
        raw, _ = read_regular(path, MAX_BYTES)
        if raw is None:
            continue
        raw = raw[:MAX_BYTES]
        values = settings_env(raw, names) if kind == SETTINGS_ENV else dotenv_values(raw, names)
        for name, value in values.items():
            if name not in found and env.get(name) == value:
                found[name] = path
    return found


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

        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None, "not a regular file"
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


def settings_env(raw: bytes, names: list[str]) -> dict[str, str]:
    """The `env` entries of a settings file, as strings, for the screened names."""
    if b'"env"' not in raw and b"\\" not in raw:  # without an escape, the key can only be written "env"
        return {}
    text = decode_lenient(raw)
    import json

    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        try:
            from hook.commands.harness_settings_jsonc import SettingsSyntaxError, parse

            data = parse(text, comments=False).data
        except (SettingsSyntaxError, ValueError):
            return {}  # the harness cannot read it either: it sets nothing
    env = data.get("env") if isinstance(data, dict) else None
    if not isinstance(env, dict):
        return {}
    wanted = set(names)
    return {key: js_string(value) for key, value in env.items() if key in wanted}


def decode_lenient(raw: bytes) -> str:
    """As Claude Code reads its settings: UTF-16LE after its byte-order mark, else UTF-8 with a bad
    byte read as U+FFFD (never an error), a UTF-8 byte-order mark dropped."""
    if raw.startswith(b"\xff\xfe"):
        return raw[2:].decode("utf-16-le", "replace")
    return raw.decode("utf-8", "replace").removeprefix("\ufeff")


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
    if names is not None and not any(name.encode() in raw for name in names):
        return {}
    text = raw.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")
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
