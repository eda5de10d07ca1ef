"""Settings in four layers (docs/DESIGN.md#configuration): built-in defaults < user file < project lanegate.toml < env.

The agent being judged can write its project's files, so the project layer may only add vocabulary and
directives or make a setting stricter; a weakening key there is ignored (and named in the warnings)
unless the user file or the environment sets allow_project_weakening. No bad value ever disables the
gate: it keeps the value below it and is named in the warnings, which reach every audit line.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Mapping, Sequence
from types import MappingProxyType

from lanegate_common.builtin_data import load_builtin
from lanegate_common.frozen import field, frozen, replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

    Weakens = Callable[[Any, Any], bool]


DEFAULTS_PATH = os.path.join(os.path.dirname(__file__), "defaults.toml")
PROJECT_FILE = "lanegate.toml"
ENV_PREFIX = "LANEGATE_"
MODES = ("enforce", "dry-run")
# Row U (docs/DESIGN.md#the-decision), strictest first: any claim, only a claim on a turn without tool calls, never.
UNBACKED_CLAIMS = ("any", "no-tools", "off")
# Verified artifacts (docs/DESIGN.md#verified-artifacts): off, or ask the forge through the user's own `gh` (gh_path).
VERIFY_ARTIFACTS = ("off", "gh")
# A session the client records as non-interactive, or a hook under a CI runner (docs/DESIGN.md#scheduled-turns): its
# prompts are the operator's (dialogue) or nobody's (autonomous: a bot whose answer a person reads later).
HEADLESS = ("dialogue", "autonomous")
TRUE_WORDS = frozenset({"on", "true", "yes", "1"})
FALSE_WORDS = frozenset({"off", "false", "no", "0"})
TABLES = ("lexicon", "walk", "directives")
# The largest configuration file read; past it the file is ignored with a warning (docs/DESIGN.md#failure).
MAX_CONFIG_BYTES = 1 << 20
# The longest quote of a config value in a warning (shown()).
SHOWN_CHARS = 120
# Keys only the user file or the environment may set, whatever allow_project_weakening says: which
# programs count as the GitHub CLI (docs/DESIGN.md#material-artifact) is not the judged agent's to name, nor whether and
# through which program the forge is asked (docs/DESIGN.md#verified-artifacts: those two have no variable, so only the
# user file sets them), nor whose turn a headless session or a typed command is (docs/DESIGN.md#scheduled-turns: each
# changes which prompts count as the operator's).
USER_ONLY = frozenset({"gh_paths", "verify_artifacts", "gh_path", "headless", "handoff_commands"})
# The two [lexicon] keys that set a register family's mode (the families: analyzer's lexicon.toml [families]).
FAMILY_MODES = ("enforce", "observe")
_EMPTY: Mapping[str, Any] = MappingProxyType({})


@frozen
class LexiconExtras:
    """The [lexicon] additions, in the shape of analyzer Lexicon.extended()."""

    phrases: tuple[Mapping[str, str], ...] = ()
    domain_words: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: _EMPTY)
    agent_work: tuple[str, ...] = ()
    modes: tuple[tuple[str, str], ...] = ()  # (family, "enforce" | "observe"): promotions and demotions

    def __bool__(self) -> bool:
        return bool(self.phrases or self.domain_words or self.agent_work or self.modes)


@frozen
class Config:
    mode: str
    deference: bool
    lane_continuation: bool
    audit_log: str
    state_dir: str
    identity: str | None
    max_refusals: int
    min_compliant_drives: int
    spacy_model: str | None
    allow_project_weakening: bool
    skip_subagents: bool
    background_blocks: bool
    unbacked_claims: str
    parse_server: bool
    parse_server_idle: float
    pr_fetch_tools: tuple[str, ...]
    review_tools: tuple[str, ...]
    gh_paths: tuple[str, ...]
    verify_artifacts: str = "off"
    gh_path: str | None = None
    headless: str = "dialogue"
    handoff_commands: tuple[str, ...] = ("/loop",)
    lexicon: LexiconExtras = LexiconExtras()
    walk: tuple[tuple[str, Mapping[str, Any]], ...] = ()
    directives: Mapping[str, Any] = field(default_factory=lambda: _EMPTY)
    warnings: tuple[str, ...] = ()
    # Variables a project file put in the hook's environment whose value was not applied: the rest of the
    # stop must read them as unset (hook.project_env; without_ignored_env).
    env_ignored: tuple[str, ...] = ()

    @property
    def policy(self) -> dict[str, Any]:
        """The resolved gate values every audit line records."""
        return {
            "deference": self.deference,
            "lane_continuation": self.lane_continuation,
            "max_refusals": self.max_refusals,
        }


# ---- value parsers: each takes a TOML value or an env string and raises ValueError when unusable ----


def parse_bool(value: object) -> bool:
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ValueError("expected on/off, true/false, yes/no or 1/0")


def parse_mode(value: object) -> str:
    word = str(value).strip().lower()
    if word not in MODES:
        raise ValueError("expected enforce or dry-run")
    return word


def parse_unbacked(value: object) -> str:
    word = str(value).strip().lower()
    if word not in UNBACKED_CLAIMS:
        raise ValueError("expected any, no-tools or off")
    return word


def parse_headless(value: object) -> str:
    word = str(value).strip().lower()
    if word not in HEADLESS:
        raise ValueError("expected dialogue or autonomous")
    return word


def parse_commands(value: object) -> tuple[str, ...]:
    """Slash commands, each written with its leading `/` (a bare name gets one)."""
    return tuple(dict.fromkeys(name if name.startswith("/") else "/" + name for name in parse_names(value)))


def parse_count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ValueError("expected a whole number >= 0")
    try:
        number = int(value.strip()) if isinstance(value, str) else value
    except ValueError:
        raise ValueError("expected a whole number >= 0") from None
    if number < 0:
        raise ValueError("expected a whole number >= 0")
    return number


def parse_seconds(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueError("expected a number of seconds > 0")
    try:
        number = float(value.strip()) if isinstance(value, str) else float(value)
    except ValueError:
        raise ValueError("expected a number of seconds > 0") from None
    if not 0 < number < float("inf"):
        raise ValueError("expected a number of seconds > 0")
    return number


def parse_verify(value: object) -> str:
    word = str(value).strip().lower()
    if word not in VERIFY_ARTIFACTS:
        raise ValueError("expected off or gh")
    return word


def parse_absolute_path(value: object) -> str | None:
    """An absolute path, or None for the empty string (unset)."""
    text = parse_text(value)
    if text is not None and not os.path.isabs(text):
        raise ValueError(f"expected an absolute path, got {text!r}")
    return text


def parse_text(value: object) -> str | None:
    if not isinstance(value, str):
        raise ValueError("expected a string")
    return value.strip() or None


def parse_path(value: object) -> str:
    text = parse_text(value)
    if text is None:
        raise ValueError("expected a non-empty path")
    return text


def parse_names(value: object) -> tuple[str, ...]:
    items = value.split(",") if isinstance(value, str) else value
    if not isinstance(items, list | tuple) or not all(isinstance(i, str) for i in items):
        raise ValueError("expected a list of names")
    return tuple(dict.fromkeys(i.strip() for i in items if i.strip()))


def parse_absolute_paths(value: object) -> tuple[str, ...]:
    paths = parse_names(value)
    relative = [p for p in paths if not os.path.isabs(p)]
    if relative:
        raise ValueError(f"expected absolute paths, got {', '.join(map(repr, relative))}")
    return paths


# ---- what weakens the gate when a project sets it ----


def _looser_mode(base: str, new: str) -> bool:
    return base == "enforce" and new == "dry-run"


def _fewer_claims(base: str, new: str) -> bool:
    """'no-tools' refuses on fewer turns than 'any', 'off' on none."""
    return UNBACKED_CLAIMS.index(new) > UNBACKED_CLAIMS.index(base)


def _turns_off(base: bool, new: bool) -> bool:
    return base and not new


def _turns_on(base: bool, new: bool) -> bool:
    return new and not base


def _changes_ceiling(base: int, new: int) -> bool:
    """Any change of the ceiling weakens it but 0 (no ceiling): a higher one refuses longer, a lower one
    releases the agent sooner (docs/DESIGN.md#configuration)."""
    return new != base and new != 0


def _fewer(base: int, new: int) -> bool:
    return new < base


def _changes(base: object, new: object) -> bool:
    """Keys that are not ordered by strictness (paths, identity, tool lists) are the user's alone."""
    return new != base


# key -> (parser, weakening test for the project layer, has a LANEGATE_ env variable)
SETTINGS: Mapping[str, tuple[Callable[[object], Any], Weakens, bool]] = {
    "mode": (parse_mode, _looser_mode, True),
    "deference": (parse_bool, _turns_off, True),
    "lane_continuation": (parse_bool, _turns_off, True),
    "audit_log": (parse_path, _changes, True),
    "state_dir": (parse_path, _changes, True),
    "identity": (parse_text, _changes, True),
    "max_refusals": (parse_count, _changes_ceiling, True),
    "min_compliant_drives": (parse_count, _fewer, True),
    "spacy_model": (parse_text, _changes, True),
    "allow_project_weakening": (parse_bool, _turns_on, True),
    "skip_subagents": (parse_bool, _turns_on, True),
    "background_blocks": (parse_bool, _turns_off, True),
    "unbacked_claims": (parse_unbacked, _fewer_claims, True),
    # A process of the user's that outlives the stop: the user's to run or not, never the project's.
    "parse_server": (parse_bool, _changes, True),
    "parse_server_idle": (parse_seconds, _changes, True),
    "pr_fetch_tools": (parse_names, _changes, False),
    "review_tools": (parse_names, _changes, False),
    "gh_paths": (parse_absolute_paths, _changes, True),
    "verify_artifacts": (parse_verify, _changes, False),
    "gh_path": (parse_absolute_path, _changes, False),
    "headless": (parse_headless, _changes, True),
    "handoff_commands": (parse_commands, _changes, True),
}


def ordered_by_strictness(key: str) -> bool:
    """Whether a value of `key` can be stricter or looser (mode, switches, counts); the others (paths,
    identity, tool lists) are simply the user's, neither weaker nor stronger in the user's own hands."""
    return key in SETTINGS and SETTINGS[key][1] is not _changes


def env_name(key: str) -> str:
    return ENV_PREFIX + key.upper()


def resolve_config(
    defaults: Mapping[str, Any],
    user: Mapping[str, Any] | None,
    project: Mapping[str, Any] | None,
    env: Mapping[str, str],
    project_env: Mapping[str, tuple[str, str]] | None = None,
) -> Config:
    """Layer the four sources; pure, so every precedence and weakening rule is unit-testable.

    project_env: {variable: (value, file)} for the variables a project file set in the hook's
    environment (hook.project_env); they are a project layer over the environment, and are not in `env`.
    """
    values = {key: parser(defaults[key]) for key, (parser, _, _) in SETTINGS.items()}
    builtin = dict(values)
    warnings: list[str] = []
    tables = _Tables()

    for key, raw in (user or {}).items():
        if key in TABLES:
            tables.add(key, raw, "user config", trusted=True, warnings=warnings)
        else:
            _set(values, key, raw, f"user config {key}", warnings, fallback=builtin)

    allow = values["allow_project_weakening"]
    allow_env = env.get(env_name("allow_project_weakening"))
    if allow_env is not None:
        try:  # noqa: SIM105 - contextlib.suppress would cost every stop its import
            allow = parse_bool(allow_env)
        except ValueError:  # named when the env layer is applied below
            pass
    for key, raw in (project or {}).items():
        if key in TABLES:
            tables.add(key, raw, "project lanegate.toml", trusted=allow, warnings=warnings)
        elif key == "allow_project_weakening":
            warnings.append("project lanegate.toml allow_project_weakening ignored: only the user may set it")
        elif key in USER_ONLY:
            who = "the user file or the environment" if SETTINGS[key][2] else "the user file"
            warnings.append(f"project lanegate.toml {key} ignored: only {who} may set it")
        else:
            _set(values, key, raw, f"project lanegate.toml {key}", warnings, guard=not allow)

    for key, (_, _, has_env) in SETTINGS.items():
        name = env_name(key)
        if has_env and name in env:
            _set(values, key, env[name], f"env {name}", warnings, fallback=builtin)

    ignored = _project_env_layer(values, project_env or {}, allow, warnings)
    home = env.get("HOME") or _account_home()
    for key in ("audit_log", "state_dir"):
        values[key] = _expand_home(values[key], home)
    return Config(**values, **tables.result(), warnings=tuple(warnings), env_ignored=ignored)


# Variables that say where the user's own settings are: never the project's to move, allowed or not.
USER_LOCATIONS = ("HOME", "XDG_CONFIG_HOME", "LANEGATE_CONFIG")
# Where the warm parse server's socket lives: the user's alone unless they allow project weakening.
RUNTIME_DIR = "XDG_RUNTIME_DIR"
_SETTING_OF_ENV = {env_name(key): key for key, (_, _, has_env) in SETTINGS.items() if has_env}


def _project_env_layer(
    values: dict[str, Any], project_env: Mapping[str, tuple[str, str]], allow: bool, warnings: list[str]
) -> tuple[str, ...]:
    """Apply the variables a project file set as project settings (docs/DESIGN.md#configuration, revision 3). Returns
    the names the rest of the stop must read as unset: all of them (a value that was applied lives in the
    config from now on) but an allowed XDG_RUNTIME_DIR, which the warm parse reads from the environment."""
    ignored = []
    for name, (raw, path) in project_env.items():
        subject = f"env {name} (set by {path})"
        key = _SETTING_OF_ENV.get(name)
        if name in USER_LOCATIONS:
            warnings.append(f"{subject} ignored: it moves the user's own settings, which a project may not do")
        elif name == RUNTIME_DIR:
            if allow:
                continue
            warnings.append(f"{subject} ignored: it moves the parse server's folder and allow_project_weakening is off")
        elif key is None:
            warnings.append(f"{subject}: unknown variable ignored{did_you_mean(name, _SETTING_OF_ENV)}")
        elif key == "allow_project_weakening":
            warnings.append(f"{subject} ignored: only the user may set it")
        elif key in USER_ONLY:
            warnings.append(f"{subject} ignored: only the user file or the environment may set it")
        else:
            _set(values, key, raw, subject, warnings, guard=not allow)
        ignored.append(name)
    return tuple(ignored)


def _choices(parser: Callable[[object], Any]) -> tuple[str, ...]:
    """The words a parser accepts, when they are a closed set (for the nearest one to a typo)."""
    if parser is parse_mode:
        return MODES
    if parser is parse_unbacked:
        return UNBACKED_CLAIMS
    if parser is parse_verify:
        return VERIFY_ARTIFACTS
    if parser is parse_headless:
        return HEADLESS
    if parser is parse_bool:
        return ("on", "off", "true", "false", "yes", "no")
    return ()


def did_you_mean(name: str, known: Collection[str]) -> str:
    """' (did you mean `max_refusals`?)' for the nearest known name, else ''."""
    import difflib  # only for a key that is wrong: most stops never get here

    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f" (did you mean `{close[0]}`?)" if close else ""


def without_ignored_env(env: Mapping[str, str], config: Config) -> Mapping[str, str]:
    """The stop's environment without the variables a project set and the config did not apply.

    For the live hook (`env` is os.environ) they are removed from the process environment itself, so
    nothing later in the stop — the spaCy model lookup, a warm parse server it starts — can read them.
    """
    if not config.env_ignored:
        return env
    if env is os.environ:
        for name in config.env_ignored:
            os.environ.pop(name, None)
        return env
    return {name: value for name, value in env.items() if name not in config.env_ignored}


def _account_home() -> str:
    """The home folder of the account, from the password database (HOME may be the project's)."""
    import pwd

    try:
        return pwd.getpwuid(os.getuid()).pw_dir
    except KeyError:
        return os.path.expanduser("~")


def _set(
    values: dict[str, Any],
    key: str,
    raw: object,
    subject: str,
    warnings: list[str],
    *,
    guard: bool = False,
    fallback: Mapping[str, Any] | None = None,
) -> None:
    """Apply one key from one layer, or say why not (subject names both).

    An unparseable value from a trusted layer (user file, environment) falls back to the built-in
    default (docs/DESIGN.md#configuration); from the project file it keeps the lower layer's value, so garbage there can
    never weaken what the user chose.
    """
    if key not in SETTINGS:
        warnings.append(f"{subject}: unknown key ignored{did_you_mean(key, [*SETTINGS, *TABLES])}")
        return
    parser, weakens, _ = SETTINGS[key]
    try:
        new = parser(raw)
    except ValueError as exc:
        if fallback is not None:
            values[key] = fallback[key]
        hint = did_you_mean(str(raw).strip().lower(), _choices(parser)) if _choices(parser) else ""
        warnings.append(f"{subject}={shown(raw)} unparseable ({exc}){hint}; kept {values[key]!r}")
        return
    if guard and weakens(values[key], new):
        warnings.append(f"{subject}={shown(raw)} ignored: it weakens the gate and allow_project_weakening is off")
        return
    values[key] = new


def shown(value: object) -> str:
    """A config value as a warning quotes it: its repr cut to SHOWN_CHARS, so a megabyte string or a
    value nested hundreds deep in the project's file costs every audit line a short quote, not its size."""
    try:
        text = repr(value)
    except RecursionError:
        return f"<a {type(value).__name__} nested too deeply to show>"
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 1] + "…"


def _expand_home(path: str, home: str) -> str:
    if path == "~" or path.startswith("~/"):
        return home + path[1:]
    return path


class _Tables:
    """Accumulates [lexicon], [walk] and [directives] across the user and project layers."""

    def __init__(self) -> None:
        self.phrases: list[Mapping[str, str]] = []
        self.domain_words: dict[str, tuple[str, ...]] = {}
        self.agent_work: list[str] = []
        self.modes: dict[str, str] = {}
        self.walk: list[tuple[str, Mapping[str, Any]]] = []
        self.directives: dict[str, Any] = {}

    def add(self, table: str, raw: object, source: str, *, trusted: bool, warnings: list[str]) -> None:
        if not isinstance(raw, Mapping):
            warnings.append(f"{source} [{table}] is not a table; ignored")
            return
        if table == "lexicon":
            self._lexicon(raw, source, trusted, warnings)
        elif table == "walk":
            # Kept per layer: WalkConfig.with_overrides applies each in turn, and a broken layer is
            # dropped alone. Every [walk] key decides whose turn it is — a prefix or handoff pattern that
            # makes an operator prompt autonomous lifts the dialogue refusal (L2) and opens the exits
            # (L3, L4) — so the judged agent's own project file may not set any without the user's leave.
            kept = {}
            for key, value in raw.items():
                if trusted:
                    kept[key] = value
                else:
                    warnings.append(
                        f"{source} walk.{key} ignored: it changes which prompts count as the operator's and "
                        "allow_project_weakening is off"
                    )
            if kept:
                self.walk.append((source, MappingProxyType(kept)))
        elif trusted:
            for key, value in raw.items():
                self.directives[key] = _merged(self.directives.get(key), value)
        else:
            # A directive text becomes the model's next instruction with the hook's authority
            # (docs/DESIGN.md#configuration).
            for key in raw:
                warnings.append(
                    f"{source} directives.{key} ignored: a directive text speaks with the hook's authority "
                    "and allow_project_weakening is off"
                )

    def _lexicon(self, raw: Mapping[str, Any], source: str, trusted: bool, warnings: list[str]) -> None:
        for key, value in raw.items():
            if key == "phrases" and isinstance(value, list):
                for entry in value:
                    phrase = _phrase(entry)
                    if phrase is None:
                        warnings.append(
                            f"{source} lexicon.phrases entry {shown(entry)} ignored: needs canonical, family"
                        )
                    else:
                        self.phrases.append(phrase)
            elif key == "agent_work":
                try:
                    self.agent_work.extend(parse_names(value))
                except ValueError as exc:
                    warnings.append(f"{source} lexicon.agent_work ignored ({exc})")
            elif key == "domain_words" and isinstance(value, Mapping):
                if not trusted:
                    warnings.append(
                        f"{source} lexicon.domain_words ignored: it widens the exemption and "
                        "allow_project_weakening is off"
                    )
                    continue
                for domain, words in value.items():
                    try:
                        extra = parse_names(words)
                    except ValueError as exc:
                        warnings.append(f"{source} lexicon.domain_words.{domain} ignored ({exc})")
                        continue
                    self.domain_words[domain] = tuple(dict.fromkeys(self.domain_words.get(domain, ()) + extra))
            elif key in FAMILY_MODES:
                self._modes(key, value, source, trusted, warnings)
            else:
                known = ("phrases", "agent_work", "domain_words", *FAMILY_MODES)
                warnings.append(f"{source} lexicon.{key}: unknown key or wrong type, ignored{did_you_mean(key, known)}")

    def _modes(self, mode: str, value: object, source: str, trusted: bool, warnings: list[str]) -> None:
        """`enforce = [...]` promotes register families, `observe = [...]` demotes them
        (docs/DESIGN.md#phrase-families). A demotion weakens the gate, so the judged agent's project file may not make
        one (docs/DESIGN.md#configuration)."""
        from analyzer.api import families  # only for a config that sets a mode: most stops have none

        known_families = families()

        try:
            families = [name.lower() for name in parse_names(value)]
        except ValueError as exc:
            warnings.append(f"{source} lexicon.{mode} ignored ({exc})")
            return
        for family in families:
            if family not in known_families:
                known = ", ".join(known_families)
                warnings.append(f"{source} lexicon.{mode}: unknown family {shown(family)} ignored (known: {known})")
            elif mode == "observe" and not trusted:
                warnings.append(
                    f"{source} lexicon.observe {shown(family)} ignored: demoting a family to observe weakens the gate "
                    "and allow_project_weakening is off"
                )
            else:
                self.modes[family] = mode

    def result(self) -> dict[str, Any]:
        lexicon = LexiconExtras(
            phrases=tuple(self.phrases),
            domain_words=MappingProxyType(self.domain_words),
            agent_work=tuple(dict.fromkeys(self.agent_work)),
            modes=tuple(self.modes.items()),
        )
        return {
            "lexicon": lexicon,
            "walk": tuple(self.walk),
            "directives": MappingProxyType(self.directives),
        }


def _phrase(entry: object) -> Mapping[str, str] | None:
    """Only canonical and family pass through: a project cannot attach grammar gates to a phrase."""
    if not isinstance(entry, Mapping):
        return None
    from analyzer.api import phrase_families  # only for a config that adds phrases: most stops have none

    canonical, family = entry.get("canonical"), entry.get("family", "offer")
    if not isinstance(canonical, str) or not canonical.strip() or family not in phrase_families():
        return None
    return MappingProxyType({"canonical": canonical, "family": family})


def _merged(old: object, new: object) -> object:
    """Sub-tables ([directives.rules]) merge key by key; anything else: the later layer wins."""
    if isinstance(old, Mapping) and isinstance(new, Mapping):
        return {**old, **new}
    return new


# ---- the thin loader: files in, resolve_config out ----


def user_config_path(env: Mapping[str, str]) -> str:
    """LANEGATE_CONFIG, else $XDG_CONFIG_HOME/lanegate/config.toml, else ~/.config/lanegate/config.toml."""
    explicit = env.get("LANEGATE_CONFIG")
    if explicit:
        return explicit
    base = env.get("XDG_CONFIG_HOME")
    if not base or not os.path.isabs(base):
        base = os.path.join(env.get("HOME") or _account_home(), ".config")
    return os.path.join(base, "lanegate", "config.toml")


def read_toml(path: str, label: str, warnings: list[str]) -> Mapping[str, Any] | None:
    """A TOML file as a table; missing is None, unreadable or broken is None plus a warning.

    Only a regular file of at most MAX_CONFIG_BYTES is configuration (docs/DESIGN.md#failure): the file is opened
    without blocking (a FIFO would hang the stop) and checked before it is read, so a FIFO, a device
    (a link to /dev/zero), a directory or an oversized file is ignored with a warning.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        warnings.append(f"{label} {path} ignored: {exc}")
        return None
    try:
        import stat

        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            warnings.append(f"{label} {path} ignored: not a regular file ({_file_kind(info.st_mode)})")
            return None
        data = os.read(fd, MAX_CONFIG_BYTES + 1) if info.st_size <= MAX_CONFIG_BYTES else b""
        if info.st_size > MAX_CONFIG_BYTES or len(data) > MAX_CONFIG_BYTES:
            warnings.append(f"{label} {path} ignored: larger than 1 MB")
            return None
        while len(data) < info.st_size:  # a short read of a regular file: keep reading up to its size
            more = os.read(fd, MAX_CONFIG_BYTES + 1 - len(data))
            if not more:
                break
            data += more
        import tomllib  # only for a file that exists: most stops have none

        return tomllib.loads(data.decode("utf-8"))
    except (OSError, ValueError) as exc:  # ValueError: bad TOML, bad UTF-8
        warnings.append(f"{label} {path} ignored: {exc}")
        return None
    except RecursionError:  # tomllib reads nested arrays and tables recursively: a file the project can write
        warnings.append(f"{label} {path} ignored: nested too deeply to read")
        return None
    finally:
        os.close(fd)


def _file_kind(mode: int) -> str:
    import stat

    kinds = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))
    return next((name for test, name in kinds if test(mode)), "not a file")


def load_defaults() -> Mapping[str, Any]:
    return load_builtin(DEFAULTS_PATH)


def load_config(
    env: Mapping[str, str], project_dir: str | None, project_files: Sequence[tuple[str, str]] | None = None
) -> Config:
    """Read the user and project files and resolve; only the built-in defaults may raise.

    Variables a project file set in the hook's environment (hook.project_env) are taken out of the
    environment layer and applied as a project layer; so are the locations of the user's own file.
    project_files: the (path, format) of the files the stop's harness loads into that environment
    (hook.harness.Facts.project_env); None, off a stop: those of every registered harness.
    """
    notes: list[str] = []
    project_env: dict[str, tuple[str, str]] = {}
    if project_dir:
        from hook.project_env import project_set

        if project_files is None:
            from hook.harness import every_project_env

            project_files = every_project_env()
        set_by = project_set(env, project_dir, project_files)
        if set_by:
            project_env = {name: (env[name], path) for name, path in set_by.items()}
            env = {name: value for name, value in env.items() if name not in set_by}
    user = read_toml(user_config_path(env), "user config", notes)
    project = read_toml(os.path.join(project_dir, PROJECT_FILE), "project", notes) if project_dir else None
    config = resolve_config(load_defaults(), user, project, env, project_env)
    return replace(config, warnings=tuple(notes) + config.warnings) if notes else config
