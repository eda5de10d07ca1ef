"""The prompting walk's rules (docs/DESIGN.md#operator-or-autonomous): is a prompt the operator speaking, a wake, a
handoff.

The prefixes and handoff patterns are data: the rules every harness shares (walk.toml), each harness's
record tags (the `[walk]` table of hook/harness/<name>/harness.toml, added by WalkConfig.with_tags), and a
[walk] config table over both. They are conventions an agent's environment could spoof — anything able to
write a user record can write a "[WAKE]" or leave one out — so they separate honest traffic, they do not
authenticate it. Which record of a transcript is a prompt at all is its harness's knowledge (its decoder,
which calls text_prompt or the walk's rules itself).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from functools import cache

from hook.transcript.records import LazyRegex
from lanegate_common.builtin_data import load_builtin
from lanegate_common.frozen import frozen, replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from datetime import datetime
    from typing import Any

WALK_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "walk.toml")
WINDOW_TOKEN = "@WINDOW@"
# The tag keys walk.toml itself gives (every harness's): the others are a harness's own.
SHARED_KEYS = frozenset({"autonomous_prefixes", "non_prompting_prefixes"})
# Kind given to autonomous prefixes listed without one (a plain list in the [walk] table).
DEFAULT_PREFIX_KIND = "wake"
_FLAGS = re.IGNORECASE | re.DOTALL


class WalkConfigError(ValueError):
    """A [walk] table (or walk.toml) that cannot be turned into a WalkConfig; names the key."""


@frozen
class HandoffPattern:
    """A prompt shape that hands the wheel to the agent, with the reason recorded for the audit."""

    reason: str
    regex: re.Pattern[str]


@frozen
class WalkConfig:
    """The walk's data, compiled once; build with default_walk_config() and with_overrides()."""

    autonomous_prefixes: tuple[tuple[str, str], ...]
    non_prompting_prefixes: tuple[str, ...]
    handoff_patterns: tuple[HandoffPattern, ...]
    window_regex: re.Pattern[str]
    reminder_tag: str
    reminder_regex: re.Pattern[str]
    notification_prefixes: tuple[str, ...] = ()
    notification_origins: frozenset[str] = frozenset()
    command_name_regex: re.Pattern[str] | None = None
    command_args_regex: re.Pattern[str] | None = None
    # The client's own marks on a prompting record (docs/DESIGN.md#scheduled-turns): the origins it gives a turn no
    # person started (a /loop tick, a cron fire), and the values that mark a session non-interactive (a harness's tags).
    non_person_origins: frozenset[str] = frozenset()
    headless_marks: frozenset[str] = frozenset()
    # Typed slash commands that hand the wheel to the agent (the user's `handoff_commands`, set by the stop).
    handoff_commands: tuple[str, ...] = ()

    # Keys of a [walk] table that can only make the walk find autonomy more often (safe from a project
    # file), and keys that can hide a prompt from the walk or rewrite the defaults (a weakening).
    STRICTENING_KEYS = frozenset({"autonomous_prefixes", "handoff_patterns", "window_pattern"})
    WEAKENING_KEYS = frozenset({"non_prompting_prefixes", "reminder_tag", "replace"})

    # Keys a harness's own tags may give (hook.harness.Facts.walk): its record shapes, never a pattern.
    TAG_KEYS = frozenset({
        "autonomous_prefixes", "non_prompting_prefixes", "notification_prefixes", "notification_origins",
        "command_name_tag", "command_args_tag", "non_person_origins", "headless_marks",
    })

    def with_tags(self, table: Mapping[str, Any]) -> WalkConfig:
        """A copy with a harness's record tags added: prefix lists and tables extend the shared rules, the
        command element tags are set. Raises WalkConfigError naming the key of a malformed table."""
        unknown = sorted(set(table) - self.TAG_KEYS)
        if unknown:
            raise WalkConfigError(f"a harness's [walk] tags have unknown keys: {', '.join(map(str, unknown))}")
        config = self
        if "autonomous_prefixes" in table:
            config = replace(config, autonomous_prefixes=config.autonomous_prefixes + _prefix_kinds(
                table["autonomous_prefixes"]))
        for key in ("non_prompting_prefixes", "notification_prefixes"):
            if key in table:
                config = replace(config, **{key: _unique(getattr(config, key) + _prefixes(key, table[key]))})
        if "notification_origins" in table:
            origins = config.notification_origins | frozenset(_prefixes("notification_origins",
                                                                        table["notification_origins"]))
            config = replace(config, notification_origins=origins)
        if "command_name_tag" in table:
            config = replace(config, command_name_regex=_element_regex(
                _text("command_name_tag", table["command_name_tag"]), lazy=True))
        if "command_args_tag" in table:
            config = replace(config, command_args_regex=_element_regex(
                _text("command_args_tag", table["command_args_tag"]), lazy=True))
        for key in ("non_person_origins", "headless_marks"):
            if key in table:
                config = replace(config, **{key: getattr(config, key) | frozenset(_prefixes(key, table[key]))})
        return config

    def with_overrides(self, table: Mapping[str, Any]) -> WalkConfig:
        """A copy with a [walk] config table applied: lists and prefix tables extend the defaults.

        `replace = true` in the table makes the given keys replace the defaults instead. Raises
        WalkConfigError naming the key on a wrong type, an empty prefix or a pattern that does not compile.
        """
        if not isinstance(table, Mapping):
            raise WalkConfigError("[walk] must be a table")
        unknown = sorted(set(table) - self.STRICTENING_KEYS - self.WEAKENING_KEYS)
        if unknown:
            raise WalkConfigError(f"[walk] has unknown keys: {', '.join(map(str, unknown))}")
        replace_all = table.get("replace", False)
        if not isinstance(replace_all, bool):
            raise WalkConfigError("[walk] replace must be true or false")
        window_source = table.get("window_pattern")
        window_regex = self.window_regex
        if window_source is not None:
            window_regex = _compile("window_pattern", _text("window_pattern", window_source))
        config = replace(self, window_regex=window_regex)
        if "autonomous_prefixes" in table:
            extra = _prefix_kinds(table["autonomous_prefixes"])
            named = {prefix for prefix, _ in extra}
            base = () if replace_all else tuple(p for p in self.autonomous_prefixes if p[0] not in named)
            config = replace(config, autonomous_prefixes=base + extra)
        if "non_prompting_prefixes" in table:
            extra_skip = _prefixes("non_prompting_prefixes", table["non_prompting_prefixes"])
            base_skip = () if replace_all else self.non_prompting_prefixes
            config = replace(config, non_prompting_prefixes=_unique(base_skip + extra_skip))
        if "handoff_patterns" in table:
            extra_handoffs = _handoffs(table["handoff_patterns"], window_regex)
            base_handoffs = () if replace_all else self.handoff_patterns
            config = replace(config, handoff_patterns=base_handoffs + extra_handoffs)
        if "reminder_tag" in table:
            tag = _text("reminder_tag", table["reminder_tag"])
            config = replace(config, reminder_tag=tag, reminder_regex=_reminder_regex(tag))
        return config


@frozen
class PromptContext:
    """The newest prompting record, classified: is the operator in the loop, and why (not)."""

    operator_in_loop: bool
    kind: str
    text: str | None = None
    timestamp: datetime | None = None
    handoff_reason: str | None = None
    handoff_window: str | None = None
    uuid: str | None = None
    offset: int | None = None
    # The client's own mark of a non-interactive session on this prompt (Claude Code: "entrypoint sdk-cli";
    # Codex: "originator codex_exec"), for the user's `headless` setting (docs/DESIGN.md#scheduled-turns); None: none
    # seen.
    headless: str | None = None


NO_PROMPT = PromptContext(operator_in_loop=False, kind="none")


@cache
def default_walk_config() -> WalkConfig:
    """The built-in walk rules every harness shares, from walk.toml, parsed once per process (a stop walks
    its harness's records with these and the harness's own tags: hook.harness.harness_walk).

    Its patterns compile on first use: most stops meet a [WAKE] or a tool result first and never search
    a handoff (tests/test_transcript.py compiles every built-in pattern).
    """
    return parse_walk_config(load_builtin(WALK_PATH), lazy=True)


def parse_walk_config(data: Mapping[str, Any], *, lazy: bool = False) -> WalkConfig:
    """A WalkConfig from a walk.toml-shaped mapping (the shared keys required; a harness's tag keys optional).

    lazy: compile the patterns on first use instead of checking them now (for the shipped file only).
    """
    try:
        tag = _text("reminder_tag", data["reminder_tag"])
        window_regex = _compile("window_pattern", _text("window_pattern", data["window_pattern"]), lazy=lazy)
        return WalkConfig(
            autonomous_prefixes=_prefix_kinds(data["autonomous_prefixes"]),
            non_prompting_prefixes=_unique(
                _prefixes("non_prompting_prefixes", data["non_prompting_prefixes"])
            ),
            handoff_patterns=_handoffs(data["handoff_patterns"], window_regex, lazy=lazy),
            window_regex=window_regex,
            reminder_tag=tag,
            reminder_regex=_reminder_regex(tag, lazy=lazy),
        ).with_tags({key: value for key, value in data.items() if key in WalkConfig.TAG_KEYS - SHARED_KEYS})
    except KeyError as missing:
        raise WalkConfigError(f"walk config is missing {missing}") from None


def classify_text(
    cleaned: str, *, had_reminder: bool = False, image: bool = False, walk: WalkConfig
) -> PromptContext | None:
    """Classify prompt text whose reminder blocks are already removed; None when nothing was said."""
    if not cleaned.strip():
        if had_reminder:
            return PromptContext(operator_in_loop=False, kind="system-reminder", text=cleaned)
        if image:
            return PromptContext(operator_in_loop=True, kind="operator", text="")
        return None
    start = cleaned.lstrip()
    for prefix, prefix_kind in walk.autonomous_prefixes:
        if start.startswith(prefix):
            return PromptContext(operator_in_loop=False, kind=prefix_kind, text=cleaned)
    for handoff in walk.handoff_patterns:
        match = handoff.regex.search(cleaned)
        if match is None:
            continue
        window = match.groupdict().get("window")
        if window is None:
            found = walk.window_regex.search(cleaned)
            window = found.group(0) if found else None
        return PromptContext(
            operator_in_loop=False,
            kind="handoff",
            text=cleaned,
            handoff_reason=handoff.reason,
            handoff_window=" ".join(window.split()) if window else None,
        )
    return PromptContext(operator_in_loop=True, kind="operator", text=cleaned)


def strip_reminders(text: str, walk: WalkConfig) -> tuple[str, bool]:
    """The text without its reminder blocks (an unclosed one runs to the end), and whether any was cut."""
    if "<" + walk.reminder_tag not in text:
        return text, False  # every match starts with the opening tag as written
    cleaned, count = walk.reminder_regex.subn("", text)
    return cleaned, count > 0


def starts_with_any(text: str, prefixes: Iterable[str]) -> bool:
    start = text.lstrip()
    return any(start.startswith(p) for p in prefixes)


def _element_regex(tag: str, *, lazy: bool = False) -> re.Pattern[str]:
    """<tag>…</tag>, its text as group 1."""
    name = re.escape(tag)
    source = rf"<{name}>(.*?)</{name}\s*>"
    return LazyRegex(source, re.DOTALL) if lazy else re.compile(source, re.DOTALL)  # type: ignore[return-value]


def _reminder_regex(tag: str, *, lazy: bool = False) -> re.Pattern[str]:
    name = re.escape(tag)
    source = rf"<{name}(?:\s[^>]*)?>.*?(?:</{name}\s*>|\Z)"
    return LazyRegex(source, re.DOTALL) if lazy else re.compile(source, re.DOTALL)  # type: ignore[return-value]


def _text(key: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise WalkConfigError(f"[walk] {key} must be a non-empty string")
    return value


def _compile(key: str, source: str, *, lazy: bool = False) -> re.Pattern[str]:
    if lazy:
        return LazyRegex(source, _FLAGS)  # type: ignore[return-value]
    try:
        return re.compile(source, _FLAGS)
    except (re.error, OverflowError, RecursionError) as exc:
        # A huge repeat count or deep nesting fails outside re.error; it is the same bad setting.
        raise WalkConfigError(f"[walk] {key}: pattern {source!r} does not compile: {exc}") from None


def _prefixes(key: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise WalkConfigError(f"[walk] {key} must be a list of strings")
    return tuple(_text(key, item) for item in value)


def _prefix_kinds(value: object) -> tuple[tuple[str, str], ...]:
    """Autonomous prefixes from a table {prefix: kind} or a plain list of prefixes."""
    if isinstance(value, list):
        return tuple((p, DEFAULT_PREFIX_KIND) for p in _prefixes("autonomous_prefixes", value))
    if isinstance(value, Mapping):
        return tuple(
            (_text("autonomous_prefixes", p), _text(f"autonomous_prefixes.{p}", kind))
            for p, kind in value.items()
        )
    raise WalkConfigError("[walk] autonomous_prefixes must be a table {prefix = kind} or a list")


def _handoffs(value: object, window_regex: re.Pattern[str], *, lazy: bool = False) -> tuple[HandoffPattern, ...]:
    """Handoff patterns from a list of {reason, pattern} tables (or bare pattern strings)."""
    if not isinstance(value, list):
        raise WalkConfigError("[walk] handoff_patterns must be a list")
    patterns = []
    for item in value:
        if isinstance(item, str):
            reason, source = item, item
        elif isinstance(item, Mapping):
            source = _text("handoff_patterns.pattern", item.get("pattern"))
            reason = _text("handoff_patterns.reason", item.get("reason", source))
        else:
            raise WalkConfigError("[walk] handoff_patterns entries must be tables or strings")
        window = f"(?P<window>{window_regex.pattern})"
        source = source.replace(WINDOW_TOKEN, window, 1).replace(WINDOW_TOKEN, window_regex.pattern)
        patterns.append(HandoffPattern(reason=reason, regex=_compile("handoff_patterns", source, lazy=lazy)))
    return tuple(patterns)


def _unique(items: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))
