"""The prompting walk's rules (SPEC §3.3): which record is a prompt, and is it the operator speaking.

The prefixes and handoff patterns are data (walk.toml, extendable from a [walk] config table). They
are conventions an agent's environment could spoof — anything able to write a user record can write a
"[WAKE]" or leave one out — so they separate honest traffic, they do not authenticate it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from functools import cache

from hook.transcript.records import LazyRegex, block_texts, flag, has_image, is_tool_result_only, mapping, string
from lanegate_common.builtin_data import load_builtin
from lanegate_common.frozen import frozen, replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from datetime import datetime
    from typing import Any

    from hook.transcript.records import Record

WALK_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "walk.toml")
WINDOW_TOKEN = "@WINDOW@"
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

    # Keys of a [walk] table that can only make the walk find autonomy more often (safe from a project
    # file), and keys that can hide a prompt from the walk or rewrite the defaults (a weakening).
    STRICTENING_KEYS = frozenset({"autonomous_prefixes", "handoff_patterns", "window_pattern"})
    WEAKENING_KEYS = frozenset({"non_prompting_prefixes", "reminder_tag", "replace"})

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


NO_PROMPT = PromptContext(operator_in_loop=False, kind="none")


@cache
def default_walk_config() -> WalkConfig:
    """The built-in walk rules from walk.toml, parsed once per process.

    Its patterns compile on first use: most stops meet a [WAKE] or a tool result first and never search
    a handoff (tests/test_transcript.py compiles every built-in pattern).
    """
    return parse_walk_config(load_builtin(WALK_PATH), lazy=True)


def parse_walk_config(data: Mapping[str, Any], *, lazy: bool = False) -> WalkConfig:
    """A complete WalkConfig from a walk.toml-shaped mapping (every key required).

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
            notification_prefixes=_prefixes("notification_prefixes", data["notification_prefixes"]),
            notification_origins=frozenset(_prefixes("notification_origins", data["notification_origins"])),
            command_name_regex=_element_regex(_text("command_name_tag", data["command_name_tag"]), lazy=lazy),
            command_args_regex=_element_regex(_text("command_args_tag", data["command_args_tag"]), lazy=lazy),
        )
    except KeyError as missing:
        raise WalkConfigError(f"walk config is missing {missing}") from None


def classify_record(record: Record, walk: WalkConfig) -> PromptContext | None:
    """The record's prompting verdict, or None when it is not a prompting record (keep walking).

    Offset, uuid and timestamp are left for the caller to fill in.
    """
    if flag(record, "isSidechain") or flag(record, "isMeta") or flag(record, "isCompactSummary"):
        return None
    kind = record.get("type")
    if kind == "attachment":
        return _classify_attachment(record, walk)
    if kind != "user" or is_tool_result_only(record):
        return None
    raw = "\n".join(block_texts(record))
    if _is_user_notification(record, raw, walk):
        return None
    verdict = _typed_command(raw, walk)
    if verdict is None:
        cleaned, had_reminder = strip_reminders(raw, walk)
        if _starts_with_any(raw, walk.non_prompting_prefixes) or _starts_with_any(
            cleaned, walk.non_prompting_prefixes
        ):
            return None
        verdict = classify_text(cleaned, had_reminder=had_reminder, image=has_image(record), walk=walk)
    origin = record.get("origin")
    if origin is not None and not _origin_is_human(origin, absent_kind_ok=True):
        # Not typed by a human: autonomous whatever it says; keep a synthetic kind when the text has one.
        if verdict is not None and not verdict.operator_in_loop and verdict.kind != "handoff":
            return verdict
        return PromptContext(operator_in_loop=False, kind="non-human-origin", text=raw)
    return verdict


def _typed_command(raw: str, walk: WalkConfig) -> PromptContext | None:
    """A slash command the person typed (SPEC §3.3, revision 3), or None: its arguments are classified as a
    prompt ([WAKE], handoffs); a command with none is the operator speaking."""
    if walk.command_name_regex is None or not _starts_with_any(raw, walk.non_prompting_prefixes):
        return None
    name = walk.command_name_regex.search(raw)
    if name is None:
        return None
    found = walk.command_args_regex.search(raw) if walk.command_args_regex is not None else None
    args, had_reminder = strip_reminders(found.group(1) if found else "", walk)
    verdict = classify_text(args.strip(), had_reminder=had_reminder, walk=walk)
    return verdict or PromptContext(operator_in_loop=True, kind="operator", text=name.group(1).strip())


def is_task_notification(record: Record, walk: WalkConfig) -> bool:
    """A task notification (SPEC §3.3, revision 3): the report of work an earlier turn started, which the
    walk skips; a replay still ends the turn before it, as the harness stops the agent there."""
    kind = record.get("type")
    if kind == "attachment":
        attachment = mapping(record.get("attachment"))
        return attachment.get("type") == "queued_command" and _queued_notification(attachment, walk)
    return kind == "user" and _is_user_notification(record, "\n".join(block_texts(record)), walk)


def _is_user_notification(record: Record, raw: str, walk: WalkConfig) -> bool:
    origin = record.get("origin")
    kind = origin.get("kind") if isinstance(origin, Mapping) else None
    return (isinstance(kind, str) and kind in walk.notification_origins) or _starts_with_any(
        raw, walk.notification_prefixes
    )


def _queued_notification(attachment: Mapping[str, Any], walk: WalkConfig) -> bool:
    """A queued command whose text is a notification (the mode alone is an envelope anyone could shape)."""
    prompt = attachment.get("prompt")
    return isinstance(prompt, str) and _starts_with_any(prompt, walk.notification_prefixes)


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


def _classify_attachment(record: Record, walk: WalkConfig) -> PromptContext | None:
    attachment = mapping(record.get("attachment"))
    if attachment.get("type") != "queued_command" and "commandMode" not in attachment:
        return None  # hook output, reminders, file mentions: never something typed at the agent
    if _queued_notification(attachment, walk):
        return None  # a task notification queued while the agent worked (revision 3): not prompting
    prompt = attachment.get("prompt")
    if isinstance(prompt, list):
        raw = "\n".join(
            t for b in prompt if isinstance(b, Mapping) and isinstance(t := b.get("text"), str)
        )
        image = any(isinstance(b, Mapping) and b.get("type") == "image" for b in prompt)
    else:
        raw, image = (prompt if isinstance(prompt, str) else ""), False
    if not _queued_is_human(record, attachment):
        return PromptContext(operator_in_loop=False, kind="queued-envelope", text=raw)
    cleaned, had_reminder = strip_reminders(raw, walk)
    if _starts_with_any(raw, walk.non_prompting_prefixes) or _starts_with_any(
        cleaned, walk.non_prompting_prefixes
    ):
        return None
    return classify_text(cleaned, had_reminder=had_reminder, image=image, walk=walk)


def _queued_is_human(record: Record, attachment: Mapping[str, Any]) -> bool:
    """The envelope is prompt-shaped (prompt mode, a source uuid) and names no non-human origin.

    Real Claude Code 2.1.x queued commands carry no origin at all: their text then decides, as for a
    user record (SPEC §3.3, revision 2). An origin, on the envelope or on the record, must say human.
    """
    if attachment.get("commandMode") != "prompt":
        return False
    source = string(attachment.get("source_uuid"))
    if source is None:
        source = string(record.get("source_uuid"))
    if not source or not source.strip():
        return False
    origins = [o for o in (attachment.get("origin"), record.get("origin")) if o is not None]
    return all(_origin_is_human(o, absent_kind_ok=False) for o in origins)


def _origin_is_human(origin: object, *, absent_kind_ok: bool) -> bool:
    if not isinstance(origin, Mapping):
        return False
    if "kind" not in origin:
        return absent_kind_ok
    return origin["kind"] == "human"


def _starts_with_any(text: str, prefixes: Iterable[str]) -> bool:
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
