"""The texts a refusal hands the agent (docs/DESIGN.md#directives), from directives.toml plus the [directives]
overrides.

The texts are data; this module only fills the placeholders and appends the rule that fired, so every
refusal tells the agent why it was refused, and keeps the result under the length a directive may have.
"""

from __future__ import annotations

import json
import os
from collections.abc import Collection, Mapping, Sequence
from functools import cache
from types import MappingProxyType

from lanegate_common.builtin_data import load_builtin
from lanegate_common.frozen import frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from hook.decision import Handoff

DIRECTIVES_PATH = os.path.join(os.path.dirname(__file__), "directives.toml")
# A directive becomes the model's next instruction: past this it stops being short and pointed.
MAX_CHARS = 1500
TEXT_KEYS = (
    "role",
    "dialogue",
    "helpful_assistant",
    "domain_scoping",
    "trigger",
    "no_hold",
    "ratchet_ahead",
    "valid_refusal",
    "handoff_failures",
    "ratchet_back",
    "seat_closed",
    "unbacked",
    "rule",
)
# The claim quoted in the unbacked directive: one sentence, never a paragraph the agent wrote to fill it.
MAX_CLAIM_CHARS = 300
UNBACKED_TAG = "unbacked-claim"
# A refusal lists what failed, but a lane-state with fifty broken gates must not drown the directive.
MAX_DETAILS = 5
# The role fills "You are a {role}": a name, not a paragraph.
MAX_ROLE_CHARS = 120
MAX_DETAIL_CHARS = 400


@frozen
class Directives:
    """The resolved texts; render methods are pure so the decision table stays pure."""

    role: str
    dialogue: str
    helpful_assistant: str
    domain_scoping: str
    trigger: str
    no_hold: str
    ratchet_ahead: str
    valid_refusal: str
    handoff_failures: str
    ratchet_back: str
    seat_closed: str
    unbacked: str
    rule: str
    rules: Mapping[str, str]

    def deference(self, phrase: str, reason: str) -> str:
        """Row D: the helpful-assistant directive, its domain scope and the phrase that fired."""
        trigger = self.trigger.replace("{phrase}", phrase).replace("{reason}", _clip(reason))
        head = self.helpful_assistant.replace("{role}", self.role)
        return _fit(f"{head} {self.domain_scoping}", " " + trigger)

    def active_lane_in_dialogue(self) -> str:
        """Row L2: the dialogue directive, verbatim (seed 001); it names its rule itself ("you declared this
        lane ACTIVE"), and the audit tag active-lane-in-dialogue names it for the operator."""
        return _fit(self.dialogue, "")

    def no_hold_refusal(self, tag: str, details: Sequence[str], handoff: Handoff) -> str:
        """Row L5 without a valid block: the no-hold directive with a hand-off block the agent can copy
        (valid at this stop), the drive-ratchet's count while it holds hand-offs back, and the lane-state
        rule(s) that failed."""
        left = handoff.needed - handoff.drives
        ahead = left > 0 and not handoff.seat_closed
        ratchet = " " + self.ratchet_ahead.replace("{left}", str(left)) if ahead else ""
        text = self.no_hold.replace("{handoff}", handoff_block(handoff)).replace("{ratchet}", ratchet)
        return _fit(text, "\n\n" + self._rule_line(tag, details))

    def valid_block_refusal(self, handoff: Handoff, material: str) -> str:
        """Row L5 on a valid block: it is valid, and why it is sent back — what the agent can change, the
        drive-ratchet's count and what follows it, or a seat that accepts no hand-off (the operator's to fix,
        so the agent is not told what to set)."""
        why: list[str] = []
        if handoff.failures:
            shown = "; ".join(_clip(f) for f in handoff.failures[:MAX_DETAILS])
            why.append(_sentence(self.handoff_failures.replace("{failures}", shown)))
        if handoff.seat_closed:
            why.append(_sentence(self.seat_closed))
        elif handoff.needed > handoff.drives:
            count = handoff.drives + 1
            left = handoff.needed - count
            following = "so the next valid hand-off is accepted" if left <= 0 else f"{left} more after this one"
            filled = self.ratchet_back.replace("{count}", str(count)).replace("{needed}", str(handoff.needed))
            why.append(_sentence(filled.replace("{next}", following)))
        text = self.valid_refusal.replace("{why}", " ".join(why) or "no exit was accepted.")
        return _fit(text, "\n\n" + self._rule_line("valid-lane-state", [material]))

    def unbacked_refusal(self, claim: str, reason: str) -> str:
        """Row U: the unbacked directive quoting the claim, and the rule with the claim's reason."""
        quoted = " ".join(claim.split())
        if len(quoted) > MAX_CLAIM_CHARS:
            quoted = quoted[: MAX_CLAIM_CHARS - 1] + "…"
        return _fit(self.unbacked.replace("{claim}", quoted), "\n\n" + self._rule_line(UNBACKED_TAG, [reason]))

    def _rule_line(self, tag: str, details: Sequence[str]) -> str:
        meaning = self.rules.get(tag, tag)
        shown = [_clip(d) for d in details[:MAX_DETAILS]]
        if len(details) > MAX_DETAILS:
            shown.append(f"{len(details) - MAX_DETAILS} more")
        detail = f"{meaning}: {'; '.join(shown)}" if shown else meaning
        return self.rule.replace("{rule}", tag).replace("{detail}", detail)


def handoff_block(handoff: Handoff) -> str:
    """The minimal hand-off: a lane-state block naming one gate, its values JSON-escaped."""
    gate = {"ref": handoff.ref, "checkedAt": handoff.checked_at, "nextActor": handoff.actor}
    body = json.dumps({"laneContinuation": "next-lane", "namedGates": [gate]}, ensure_ascii=False)
    return f"```lane-state\n{body}\n```"


def _sentence(text: str) -> str:
    """A clause the texts join into "{why}": capitalised is the configured text's business, the full stop ours."""
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_DETAIL_CHARS else text[: MAX_DETAIL_CHARS - 1] + "…"


def _fit(directive: str, suffix: str) -> str:
    """Directive plus suffix under MAX_CHARS: the suffix is cut first, the directive only as a last resort
    (a configured text that is long on its own, once its placeholders are filled)."""
    room = MAX_CHARS - 1 - len(directive)
    if len(suffix) > room:
        suffix = suffix[: max(room - 1, 0)] + "…" if room > 0 else ""
    text = directive + suffix
    return text if len(text) < MAX_CHARS else text[: MAX_CHARS - 2] + "…"


@cache
def builtin_texts() -> Mapping[str, object]:
    """The shipped directives.toml, parsed once per process."""
    return MappingProxyType(load_builtin(DIRECTIVES_PATH))


def load_directives(overrides: Mapping[str, object] | None = None) -> tuple[Directives, tuple[str, ...]]:
    """Built-in texts with the [directives] overrides applied; a bad override keeps the default, warned."""
    base = builtin_texts()
    texts = {key: str(base[key]) for key in TEXT_KEYS}
    rules = dict(base["rules"])  # type: ignore[arg-type]
    warnings: list[str] = []
    for key, value in (overrides or {}).items():
        if key == "rules" and isinstance(value, Mapping):
            for tag, meaning in value.items():
                if tag in rules and _usable(meaning):
                    rules[tag] = meaning
                else:
                    hint = _nearest(tag, rules) if tag not in rules else ""
                    warnings.append(f"directives.rules.{tag}: unknown rule or unusable text, kept the default{hint}")
        elif key == "role" and not (_usable(value) and len(str(value)) <= MAX_ROLE_CHARS):
            warnings.append(f"directives.role: not a name of at most {MAX_ROLE_CHARS} characters, kept the default")
        elif key in TEXT_KEYS and _usable(value):
            texts[key] = value  # type: ignore[assignment]
        else:
            hint = _nearest(key, (*TEXT_KEYS, "rules")) if key not in TEXT_KEYS else ""
            warnings.append(f"directives.{key}: unknown key or unusable text, kept the default{hint}")
    return Directives(rules=MappingProxyType(rules), **texts), tuple(warnings)


def _nearest(name: object, known: Collection[str]) -> str:
    from hook.config import did_you_mean  # only for a key that is wrong

    return did_you_mean(str(name), known)


def _usable(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip()) and len(value) < MAX_CHARS
