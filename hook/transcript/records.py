"""Typed access to one Claude Code transcript record: its kind, text, tool blocks and timestamp.

Records are untrusted JSON of several harness versions, so every accessor tolerates missing keys and
wrong types and answers with a neutral value instead of raising.
"""

from __future__ import annotations

import re
from _datetime import UTC, datetime  # datetime.py would first run its pure-Python fallback: 3 M instructions a stop
from collections.abc import Mapping
from types import MappingProxyType

from lanegate_common.frozen import field, frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

    Record = Mapping[str, Any]


EMPTY: Mapping[str, Any] = MappingProxyType({})


@frozen
class ToolCall:
    """One tool_use block of the turn, joined with its tool_result by tool_use_id."""

    id: str
    name: str
    input: Mapping[str, Any] = field(default_factory=dict)
    result_text: str | None = None
    is_error: bool = False
    timestamp: datetime | None = None
    offset: int = 0
    # The command line the call ran when it is a call of one of its harness's shell tools, else None
    # (hook.transcript.tools.shell_line, given the decoder's shell_tools by the reader).
    command: str | None = None


def parse_timestamp(value: object) -> datetime | None:
    """An aware UTC datetime from an ISO-8601 string (naive means UTC), or None."""
    if not isinstance(value, str) or not value or len(value) > 64:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    try:
        return moment.astimezone(UTC)
    except (OverflowError, ValueError):
        return None


def mapping(value: object) -> Mapping[str, Any]:
    # dict first: JSON gives dicts, and an ABC isinstance alone costs several times more per record.
    return value if isinstance(value, (dict, Mapping)) else EMPTY


def string(value: object) -> str | None:
    return value if isinstance(value, str) else None


def message(record: Record) -> Mapping[str, Any]:
    return mapping(record.get("message"))


def blocks(record: Record) -> list[Mapping[str, Any]]:
    """The content blocks of a record's message; a plain-string content is one text block."""
    holder = record.get("message")  # message(record), without two calls per record of the walk
    content = holder.get("content") if isinstance(holder, (dict, Mapping)) else None
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if isinstance(content, list):
        return [b for b in content if isinstance(b, (dict, Mapping))]
    return []


def block_texts(record: Record) -> list[str]:
    return [t for b in blocks(record) if b.get("type") == "text" and isinstance(t := b.get("text"), str)]


def has_image(record: Record) -> bool:
    return any(b.get("type") == "image" for b in blocks(record))


def is_tool_result_only(record: Record) -> bool:
    """A user record that only carries tool results back to the model (not something anyone typed)."""
    kinds = {kind for b in blocks(record) if isinstance(kind := b.get("type"), str)}
    return "tool_result" in kinds and not (kinds & {"text", "image"})


def tool_result_text(block: Mapping[str, Any]) -> str:
    """The text of a tool_result block: a string, or its text blocks joined by newlines."""
    content = block.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            t for b in content if isinstance(b, Mapping) and isinstance(t := b.get("text"), str)
        )
    return ""


def flag(record: Record, key: str) -> bool:
    """A boolean marker such as isMeta or isSidechain; only a literal true counts."""
    return record.get(key) is True


class LazyRegex:
    """A regex compiled on first use: most stops need few of the patterns, and each compile costs time."""

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int = 0) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def pattern(self) -> str:
        """The source, as re.Pattern.pattern gives it, without compiling."""
        return self._source

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self._source, self._flags)
        return self._compiled

    def __getattr__(self, name: str) -> Any:
        return getattr(self.compiled, name)
