"""The decision table of docs/DESIGN.md#the-decision as a pure function, so every row can be pinned without any I/O.

Rows, in order: D (deference), U (unbacked action claim; a wait is left to the rows below),
C (lane continuation off), B (background work),
L1–L2 (operator dialogue), L3–L5 (autonomous; an L5 after the forge refuted the artifact is tagged
artifact-refuted). A turn the harness gives nothing to judge (Cursor without a transcript)
is allowed before L5; an empty turn of any other harness is an L5 turn like any other.
Any refusal becomes CEILING-ALLOW once the session has been refused `max_refusals` times in a row, or when the
client sends the very stop it was just refused again, unchanged (nothing new to judge, docs/DESIGN.md#tests);
dry-run turns BLOCK into WOULD-BLOCK and nothing else.
"""

from __future__ import annotations

from hook.directives import Directives
from lanegate_common.frozen import frozen

ALLOW = "allow"
BLOCK = "block"
WOULD_BLOCK = "would-block"
ACTIVE_LANE = "active-lane"
# An L5 refusal after the forge contradicted the artifact the transcript showed (docs/DESIGN.md#verified-artifacts).
REFUTED_TAG = "artifact-refuted"
# The L5 tag follows what the lane-state parser made of the block.
LANE_TAGS = {
    "absent": "no-lane-state",
    "malformed": "malformed-lane-state",
    "invalid": "invalid-lane-state",
    "valid": "valid-lane-state",
}


@frozen
class Policy:
    """The resolved settings the table reads."""

    mode: str = "enforce"
    deference: bool = True
    lane_continuation: bool = True
    max_refusals: int = 3


@frozen
class Check:
    """An exit's verdict (clean terminal, material artifact) with the reason either way."""

    accepted: bool
    reason: str


@frozen
class Trigger:
    """The analyzer finding that fires row D."""

    phrase: str
    reason: str


@frozen
class UnbackedClaim:
    """The claim that fires row U: the closing sentence, its form and the rule's reason (docs/DESIGN.md#claims)."""

    text: str
    form: str
    reason: str

    def to_dict(self) -> dict[str, str]:
        """The audit line's `claim` (docs/DESIGN.md#audit-log)."""
        return {"text": self.text, "form": self.form, "reason": self.reason}


@frozen
class Judged:
    """Which of rows D and U judge a turn's final text (docs/DESIGN.md#the-decision), decided by one function
    (`judged_rows`) for the deference step (what it reads), the table (which rows may fire) and `analyze`'s view of the
    hook."""

    deference: bool  # rows D and U: the deference lint is on and the turn is autonomous
    claims: bool  # row U: the closing part is read for a claim (the same, and unbacked_claims allows it)


def judged_rows(policy: Policy, operator_in_loop: bool, claims: str = "on", tool_used: bool = False) -> Judged:
    """Rows D and U judge an autonomous turn while the deference lint is on; row U reads a claim unless
    unbacked_claims is "off", or "no-tools" and the turn made a tool call since its prompt
    (docs/DESIGN.md#the-decision)."""
    deference = policy.deference and not operator_in_loop
    return Judged(deference, deference and claims != "off" and not (claims == "no-tools" and tool_used))


@frozen
class Handoff:
    """What an autonomous refusal tells the agent about stopping honestly (docs/DESIGN.md#operators): a gate it may name
    in a block it can copy (from hook.exits.example_gate), and why its valid block was not accepted —
    what it can change (`failures`), the drive-ratchet's count, or a seat whose identity is unset, which
    is the operator's to fix and never told to the agent as its task."""

    ref: str = "the next task"
    checked_at: str = "2026-01-01T10:04Z"
    actor: str = "@operator"
    failures: tuple[str, ...] = ()
    drives: int = 0
    needed: int = 0
    seat_closed: bool = False


NOT_CHECKED = Check(False, "not checked")
# The ceiling of a client that never ends a refusal chain itself, when the user set no ceiling (max_refusals = 0):
# Claude Code's own cap (it overrides the 9th consecutive block), so a chain ends alike on every client.
UNCAPPED_CEILING = 8
# The claim forms row U refuses (docs/DESIGN.md#the-decision, revision 3): an action announced and skipped. A `waiting`
# claim is a hold, recorded in the audit line and left to rows B, L3/L4 and L5, which already judge holds.
ACTION_FORMS = frozenset({"participle", "progressive", "intention"})


@frozen
class Situation:
    """Everything one stop is judged on; built by hook.core from the payload, transcript and state."""

    policy: Policy
    operator_in_loop: bool
    lane_outcome: str = "absent"
    lane_continuation: object = None
    lane_details: tuple[str, ...] = ()
    trigger: Trigger | None = None
    claim: UnbackedClaim | None = None  # set only when the unbacked_claims setting lets row U judge it
    background_in_flight: bool = False  # a running task (listed or inferred), whatever background_blocks says
    background_work: bool = False
    # The work in flight inferred from the transcript when the payload lists none (docs/DESIGN.md#claims, revision 3):
    # teammates, subagents and background commands the agent started this turn; named in row B's reason.
    background_inferred: tuple[str, ...] = ()
    # A scheduled wake-up or cron of this session the client will fire (docs/DESIGN.md#scheduled-turns): what it will
    # prompt.
    scheduled: tuple[str, ...] = ()
    # The client sent the stop it was just refused again, unchanged: the same final text and no new record.
    repeated: bool = False
    nothing_to_judge: bool = False
    material: Check = NOT_CHECKED
    clean: Check = NOT_CHECKED
    handoff: Handoff = Handoff()
    consecutive_refusals: int = 0
    # Artifacts the transcript shows and the forge contradicted (docs/DESIGN.md#verified-artifacts), each with what the
    # forge said: no artifact, and the L5 refusal says so (tag artifact-refuted).
    refuted: tuple[str, ...] = ()


@frozen
class Decision:
    """What to do with the stop, the audit class and tag, and the text for the agent (or why allowed).

    `because` is the rule, phrase or gate that decided, in a few words a person reads first (docs/DESIGN.md#operators):
    a refusal's `reason` is the agent's whole directive, which opens with the same words every time."""

    action: str
    klass: str
    tag: str
    reason: str
    row: str
    because: str = ""

    @property
    def refused(self) -> bool:
        """A WOULD-BLOCK counts as a refusal for the ceiling, the ratchet and the chains."""
        return self.action != ALLOW


def decide(s: Situation, directives: Directives) -> Decision:
    """Evaluate the table in order; the first row that matches decides."""
    p = s.policy
    judged = judged_rows(p, s.operator_in_loop)
    if judged.deference and s.trigger is not None:
        text = directives.deference(s.trigger.phrase, s.trigger.reason)
        return _refuse(s, "D", "deference", text, f'deference phrase "{s.trigger.phrase}": {s.trigger.reason}')
    if judged.deference and not (s.background_in_flight or s.scheduled) and acts(s.claim):
        text = directives.unbacked_refusal(s.claim.text, s.claim.reason)
        return _refuse(s, "U", "unbacked-claim", text, f'unbacked claim "{s.claim.text}": {s.claim.reason}')
    if not p.lane_continuation:
        return _allow("C", "ALLOW", "lane-continuation-off", "the lane-continuation gates are off")
    if s.background_work:
        return _allow("B", "ALLOW", "background-work", _in_flight(s))
    if s.operator_in_loop:
        if s.lane_continuation == ACTIVE_LANE:
            because = 'laneContinuation "active-lane" declared on a turn that answered the operator'
            return _refuse(s, "L2", "active-lane-in-dialogue", directives.active_lane_in_dialogue(), because)
        return _allow("L1", "ALLOW", "operator-dialogue", "operator dialogue: the operator takes the next turn")
    if s.material.accepted:
        return _allow("L3", "MATERIAL-ALLOW", "material-artifact", s.material.reason)
    if s.clean.accepted:
        return _allow("L4", "CLEAN-TERMINAL ALLOW", "clean-terminal", s.clean.reason)
    if s.nothing_to_judge:
        return _allow("L5", "ALLOW", "no-final-text", "the harness gave no transcript or final text to judge")
    if s.refuted:
        text = directives.no_hold_refusal(REFUTED_TAG, s.refuted, s.handoff)
        return _refuse(s, "L5", REFUTED_TAG, text, "the forge refuted the artifact: " + "; ".join(s.refuted))
    tag = LANE_TAGS[s.lane_outcome]
    if s.lane_outcome == "valid":
        material = f"material artifact: {s.material.reason}"
        text = directives.valid_block_refusal(s.handoff, material)
        return _refuse(s, "L5", tag, text, "valid lane-state block sent back: " + _held_back(s.handoff))
    text = directives.no_hold_refusal(tag, s.lane_details, s.handoff)
    because = f"{s.lane_outcome} lane-state block: {'; '.join(s.lane_details)}" if s.lane_details else ""
    return _refuse(s, "L5", tag, text, because or NO_BLOCK)


# The cause of a refusal of an autonomous turn that ended without any lane-state block.
NO_BLOCK = "no lane-state block, no accepted exit"


def _held_back(h: Handoff) -> str:
    """Why a valid block was not a hand-off, in the operator's words (the identity included)."""
    why = list(h.failures)
    if h.seat_closed:
        why.append("identity unset on this seat")
    if h.needed > h.drives:
        why.append(f"drive-ratchet {h.drives} of {h.needed}")
    return "; ".join(why) or "no exit accepted"


def _in_flight(s: Situation) -> str:
    """Row B's reason: the work the agent started, else the scheduled prompt the client will fire."""
    if s.background_in_flight:
        why = "a background task the agent started is still running"
        if s.background_inferred:
            why += f" (inferred from the transcript: {', '.join(s.background_inferred)})"
        return why
    shown = "; ".join(repr(prompt) for prompt in s.scheduled)
    return f"a scheduled wake-up or cron of this session is pending: the client will prompt the agent again ({shown})"


def acts(claim: UnbackedClaim | None) -> bool:
    """Whether a claim is an action announced for now, the only kind row U refuses (revision 3)."""
    return claim is not None and claim.form in ACTION_FORMS


def _allow(row: str, klass: str, tag: str, reason: str, because: str = "") -> Decision:
    return Decision(action=ALLOW, klass=klass, tag=tag, reason=reason, row=row, because=because or reason)


def _refuse(s: Situation, row: str, tag: str, text: str, because: str) -> Decision:
    if s.repeated:
        why = (f"the client sent the stop it was just refused again, unchanged (the same final text, no new record): "
               f"refusing it again changes nothing; row {row} ({tag}) would have refused")
        again = f"the same stop sent again unchanged, instead of: {because}"
        return _allow("ceiling", "CEILING-ALLOW", "ceiling", why, again)
    limit = s.policy.max_refusals
    if limit and s.consecutive_refusals >= limit:
        why = f"{s.consecutive_refusals} consecutive refusals reached max_refusals={limit}; row {row} ({tag})"
        n = s.consecutive_refusals
        ceiling = f"ceiling after {n} refusals in a row (max_refusals={limit}), instead of: {because}"
        return _allow("ceiling", "CEILING-ALLOW", "ceiling", why + " would have refused", ceiling)
    if s.policy.mode == "dry-run":
        return Decision(action=WOULD_BLOCK, klass="WOULD-BLOCK", tag=tag, reason=text, row=row, because=because)
    return Decision(action=BLOCK, klass="BLOCK", tag=tag, reason=text, row=row, because=because)


def unbounded(decision: Decision) -> Decision:
    """A refusal the session cannot bound (its state cannot be kept, so no ceiling can be counted):
    audited as WOULD-BLOCK and the stop allowed, never a refusal without a bound (docs/DESIGN.md#failure)."""
    if decision.action != BLOCK:
        return decision
    return Decision(
        action=WOULD_BLOCK,
        klass="WOULD-BLOCK",
        tag=decision.tag,
        reason=decision.reason,
        row=decision.row,
        because=decision.because,
    )
