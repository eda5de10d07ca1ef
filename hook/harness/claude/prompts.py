"""Which Claude Code records prompt the agent, and whether the operator is speaking
(docs/DESIGN.md#operator-or-autonomous).

Claude's own record kinds decide what is a prompting record at all (a user record that is not a tool
result, meta, sidechain or compaction summary; a queued_command attachment with a prompt-shaped
envelope; an origin that says who typed it); the generic walk rules (hook.transcript.walk) classify
the text.
"""

from __future__ import annotations

from collections.abc import Mapping

from hook.transcript.records import block_texts, flag, has_image, is_tool_result_only, mapping, string
from hook.transcript.walk import PromptContext, WalkConfig, classify_text, starts_with_any, strip_reminders

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

    from hook.transcript.records import Record


def classify_record(record: Record, walk: WalkConfig) -> PromptContext | None:
    """The record's prompting verdict, or None when it is not a prompting record (keep walking).

    Offset, uuid and timestamp are left for the caller to fill in.
    """
    if flag(record, "isSidechain") or flag(record, "isCompactSummary"):
        return None
    scheduled = _machine_turn(record, walk)
    if scheduled is not None:
        return scheduled
    if flag(record, "isMeta"):
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
        if starts_with_any(raw, walk.non_prompting_prefixes) or starts_with_any(
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


def _machine_turn(record: Record, walk: WalkConfig) -> PromptContext | None:
    """A turn the client itself started (docs/DESIGN.md#scheduled-turns): a user record whose `turnOrigin` names no
    person — a /loop tick written like the typed command, a cron fire written as an isMeta record — is autonomous
    whatever its text. An isMeta record counts only with the `wakeupSource` of a fire (a skill body or a hook's
    feedback, which 2.1.328 writes as isMeta without a turnOrigin, is never a turn's start), and a task notification
    keeps its own rule (the turn of whoever started the task)."""
    origin = record.get("turnOrigin")
    if record.get("type") != "user" or not isinstance(origin, str) or origin not in walk.non_person_origins:
        return None
    if flag(record, "isMeta") and not isinstance(record.get("wakeupSource"), str):
        return None
    if is_tool_result_only(record):
        return None
    raw = "\n".join(block_texts(record))
    if _is_user_notification(record, raw, walk):
        return None
    return PromptContext(operator_in_loop=False, kind=origin, text=raw)


def _typed_command(raw: str, walk: WalkConfig) -> PromptContext | None:
    """A slash command the person typed (docs/DESIGN.md#operator-or-autonomous, revision 3), or None: its arguments are
    classified as a prompt ([WAKE], handoffs); a command with none is the operator speaking. A command of the user's
    `handoff_commands` (default /loop) hands the wheel to the agent (docs/DESIGN.md#scheduled-turns)."""
    if walk.command_name_regex is None or not starts_with_any(raw, walk.non_prompting_prefixes):
        return None
    name = walk.command_name_regex.search(raw)
    if name is None:
        return None
    command = name.group(1).strip()
    found = walk.command_args_regex.search(raw) if walk.command_args_regex is not None else None
    args, had_reminder = strip_reminders(found.group(1) if found else "", walk)
    if command in walk.handoff_commands:
        return PromptContext(operator_in_loop=False, kind="handoff", text=args.strip() or command,
                             handoff_reason=command)
    verdict = classify_text(args.strip(), had_reminder=had_reminder, walk=walk)
    return verdict or PromptContext(operator_in_loop=True, kind="operator", text=command)


def is_task_notification(record: Record, walk: WalkConfig) -> bool:
    """A task notification (docs/DESIGN.md#operator-or-autonomous, revision 3): the report of work an earlier turn
    started, which the walk skips; a replay still ends the turn before it, as the harness stops the agent there."""
    kind = record.get("type")
    if kind == "attachment":
        attachment = mapping(record.get("attachment"))
        return attachment.get("type") == "queued_command" and _queued_notification(attachment, walk)
    return kind == "user" and _is_user_notification(record, "\n".join(block_texts(record)), walk)


def _is_user_notification(record: Record, raw: str, walk: WalkConfig) -> bool:
    origin = record.get("origin")
    kind = origin.get("kind") if isinstance(origin, Mapping) else None
    return (isinstance(kind, str) and kind in walk.notification_origins) or starts_with_any(
        raw, walk.notification_prefixes
    )


def _queued_notification(attachment: Mapping[str, Any], walk: WalkConfig) -> bool:
    """A queued command whose text is a notification (the mode alone is an envelope anyone could shape)."""
    prompt = attachment.get("prompt")
    return isinstance(prompt, str) and starts_with_any(prompt, walk.notification_prefixes)


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
    if starts_with_any(raw, walk.non_prompting_prefixes) or starts_with_any(
        cleaned, walk.non_prompting_prefixes
    ):
        return None
    return classify_text(cleaned, had_reminder=had_reminder, image=image, walk=walk)


def _queued_is_human(record: Record, attachment: Mapping[str, Any]) -> bool:
    """The envelope is prompt-shaped (prompt mode, a source uuid) and names no non-human origin.

    Real Claude Code 2.1.x queued commands carry no origin at all: their text then decides, as for a
    user record (docs/DESIGN.md#operator-or-autonomous, revision 2). An origin, on the envelope or on the record, must
    say human.
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
