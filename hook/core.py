"""One stop, end to end, for every harness: config → transcript → lane-state → analyzer → exits and
state → decision → audit. Adapters only parse the payload and render the decision (hook.harness).

The hook never blocks because of its own failure (docs/DESIGN.md#failure): `handle` turns any failure into an
allowed stop with an ERROR audit line, and the analyzer is imported only when a candidate phrase needs
it, so a turn without one never pays for spaCy.
"""

from __future__ import annotations

import json
import os
import sys
from _datetime import UTC, datetime  # datetime.py would first run its pure-Python fallback: 3 M instructions a stop
from collections.abc import Mapping, Sequence

from hook.audit import AuditLine, append_line
from hook.config import Config, load_config, without_ignored_env
from hook.deadline import Deadline, DeadlineExceeded
from hook.decision import (
    ALLOW,
    REFUTED_TAG,
    UNCAPPED_CEILING,
    Check,
    Decision,
    Handoff,
    Policy,
    Situation,
    acts,
    decide,
    judged_rows,
    unbounded,
)
from hook.deference import NO_DEFERENCE, DeferenceResult, analyze_text
from hook.directives import UNBACKED_TAG, Directives, load_directives
from hook.exits import Artifact, ExitCheck, clean_terminal, example_gate, lifecycle_artifacts
from hook.harness import ADAPTERS, PayloadError, StopInput, detect_harness, get_harness, harness_facts, walk_for
from hook.lanestate import LaneState, parse_lane_state, validate_lane_state
from hook.state import SessionLock, SessionState, Slot, after_stop, is_new_prompt, open_session, text_digest
from hook.transcript.reader import TranscriptError, Turn
from hook.transcript.records import ToolCall
from hook.transcript.tools import name_matches, runs_bare_gh
from hook.transcript.walk import PromptContext, WalkConfigError
from lanegate_common.frozen import frozen, replace

try:  # the C digest itself: hashlib would load OpenSSL's bindings at every stop
    from _sha256 import sha256
except ImportError:  # pragma: no cover - an implementation without it
    from hashlib import sha256

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

    from warmparse.use import WarmUse

# How an artifact the forge confirmed is described (docs/DESIGN.md#verified-artifacts): "PR created: <url> (verified:
# …)".
VERIFIED_MARK = "verified"
# The warning of a stop whose session state cannot be kept (docs/DESIGN.md#failure): its refusal is WOULD-BLOCK.
STATE_UNUSABLE = "state-unusable"
# A valid block refused on a seat without an identity: no hand-off can be accepted there. The agent is not
# told to fix the operator's configuration (docs/DESIGN.md#operators); the audit line tells the operator, and doctor.
IDENTITY_UNSET = (
    "identity-unset: no hand-off can be accepted until the operator sets identity (user config or LANEGATE_IDENTITY)"
)
# A new prompt of these kinds is the operator speaking: it resets the consecutive-refusal count.
HUMAN_PROMPTS = frozenset({"operator", "handoff", "headless"})
# Variables a CI runner sets in every job (GitHub Actions: CI, GITHUB_ACTIONS; GitLab: CI, GITLAB_CI; Buildkite,
# CircleCI, Jenkins, Azure Pipelines): a hook running under one is a headless session (docs/DESIGN.md#scheduled-turns).
CI_RUNNER_VARIABLES = ("CI", "GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "CIRCLECI", "JENKINS_URL", "TF_BUILD")
# The longest scheduled prompt the audit line quotes (the agent chose it: a quote, not a copy).
SCHEDULED_PROMPT_LIMIT = 200
FALLBACK_AUDIT_LOG = "~/.lanegate/audit.jsonl"
# An ERROR's message can quote the payload (a transcript path of megabytes, with newlines): the audit
# line keeps a bounded prefix, and the stderr note stays one line (docs/DESIGN.md#failure).
MESSAGE_LIMIT = 2000
_LINE_BREAKS = {ord(c): repr(c)[1:-1] for c in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"}


class HookError(Exception):
    """A failure of the hook itself, with the audit tag it is filed under."""

    def __init__(self, tag: str, message: str) -> None:
        super().__init__(message)
        self.tag = tag


@frozen
class Outcome:
    """What the entry point prints and what it noted: stdout (None = nothing), the line, any failure."""

    stdout: str | None
    line: AuditLine
    audit_error: str | None
    failure: str | None = None


def handle(
    raw: bytes,
    harness_name: str | None,
    env: Mapping[str, str],
    now: datetime | None = None,
    *,
    argument_error: str | None = None,
    deadline: float | None = None,
    warm: WarmUse | None = None,
) -> Outcome:
    """Decode stdin, judge the stop, append the audit line; never raises for a failure of the hook.

    deadline: seconds the judgement may take (main thread only); past it the stop is allowed with an
    internal-error line, before the harness kills the process and no line is written at all.
    warm: how a parse may use the warm parse server (docs/DESIGN.md#performance); None parses in this process only.
    """
    now = now or datetime.now(UTC)
    run = _Run(env, now, warm)
    try:
        with Deadline(deadline):
            if argument_error is not None:
                raise HookError("input-error", argument_error)
            if harness_name is not None and harness_name not in ADAPTERS:
                raise HookError("input-error", f"unknown harness {harness_name!r} (known: {', '.join(ADAPTERS)})")
            payload = _payload(raw)
            harness = get_harness(harness_name) if harness_name else detect_harness(payload)
            run.harness = harness.name
            try:
                run.stop = harness.parse(payload, env)
            except PayloadError as exc:
                raise HookError("input-error", str(exc)) from None
            decision, line = run.judge()
            stdout = harness.render(decision)
    except HookError as exc:
        return run.failed(exc.tag, str(exc))
    except DeadlineExceeded as exc:
        return run.failed("internal-error", str(exc))
    except Exception as exc:  # the hook's own bug: allow, audit, note
        return run.failed("internal-error", f"{type(exc).__name__}: {exc}")
    return Outcome(stdout, line, append_line(run.config.audit_log, line))  # type: ignore[union-attr]


def stdin_text(raw: bytes) -> str:
    """stdin decoded as utf-8-sig (docs/DESIGN.md#payload), without looking its codec module up at every stop:
    one BOM off, then UTF-8 (the same text, and the same error, as raw.decode("utf-8-sig"))."""
    return raw.removeprefix(b"\xef\xbb\xbf").decode("utf-8")


def _payload(raw: bytes) -> Mapping[str, Any]:
    try:
        text = stdin_text(raw)
    except UnicodeDecodeError as exc:
        raise HookError("input-error", f"stdin is not UTF-8: {exc}") from None
    if not text.strip():
        raise HookError("input-error", "empty stdin: no hook payload")
    try:
        payload = json.loads(text)
    except ValueError as exc:
        raise HookError("input-error", f"stdin is not JSON: {exc}") from None
    except RecursionError:
        raise HookError("input-error", "stdin is not usable JSON: nested too deeply to decode") from None
    if not isinstance(payload, dict):
        raise HookError("input-error", f"the payload is a JSON {type(payload).__name__}, not an object")
    return payload


@frozen
class _Evidence:
    """What one stop gathered before deciding: the turn read back from the transcript, the lane-state block
    its final text ends on, the deference step's result, and where the artifact scan started."""

    turn: Turn
    lane: LaneState
    deference: DeferenceResult
    scan_from: int | None
    in_flight: bool  # background work the payload lists, or (listing none) the transcript shows started
    text: str | None = None  # the final text judged
    received: str | None = None  # the final text as the harness sent it (a cumulative one holds earlier answers)
    # What row B rests on, in the audit line's shape: running tasks, then pending wake-ups and crons.
    tasks: tuple[Mapping[str, Any], ...] = ()
    scheduled: tuple[Mapping[str, Any], ...] = ()
    # The turn's tool calls that may be evidence of an exit: those whose program the project cannot choose
    # (docs/DESIGN.md#evidence: no bare `gh` after a project layer that shapes the shell, no review through its own
    # server).
    calls: tuple[ToolCall, ...] = ()


class _Run:
    """The state of one invocation, so a failure at any step can still write a truthful ERROR line."""

    def __init__(self, env: Mapping[str, str], now: datetime, warm: WarmUse | None = None) -> None:
        self.env = env
        self.now = now
        self.warm = warm
        self.harness: str | None = None
        self.stop: StopInput | None = None
        self.config: Config | None = None
        self.verified: tuple[str, ...] | None = None  # the forge-confirmed artifacts of a MATERIAL-ALLOW
        self.shell_layer: Mapping[str, str] | None = None  # hook.project_env.shell_set, once read

    def judge(self) -> tuple[Decision, AuditLine]:
        """The stop as named steps: configure, open the session, gather the evidence (transcript,
        lane-state block, deference), decide and keep the state, then the audit line."""
        stop = self.stop
        assert stop is not None
        config = self._configure(stop)
        directives, directive_warnings = load_directives(config.directives)
        warnings = [*config.warnings, *directive_warnings]
        if stop.compaction:
            reason = "a context compaction, not a turn of the agent: nothing to judge, and the client ignores a block"
            decision = Decision(ALLOW, "ALLOW", "compaction", reason, row="-")
            return decision, self._line(decision, config, warnings)
        if stop.subagent and config.skip_subagents:
            decision = Decision(ALLOW, "ALLOW", "subagent-skipped", "skip_subagents is on", row="-")
            return decision, self._line(decision, config, warnings)
        config = self._bounded(config, warnings)
        with self._session(config) as slot:
            if slot.unusable:
                warnings.append(STATE_UNUSABLE)
            if slot.damaged:
                warnings.append(slot.damaged)
            seen = self._gather(stop, config, slot, warnings)
            decision = self._decide(stop, config, slot, seen, directives, warnings)
        return decision, self._line(decision, config, warnings, seen)

    def _bounded(self, config: Config, warnings: list[str]) -> Config:
        """The config with a ceiling this client cannot go without: a client with no cap of its own (Gemini CLI,
        Codex) ends a refusal chain never, so there `max_refusals = 0` means UNCAPPED_CEILING (docs/DESIGN.md#tests)."""
        if config.max_refusals or self._client_cap() is not None:
            return config
        warnings.append(f"max_refusals=0 cannot switch the ceiling off on {self.harness}, which has no cap of its own: "
                        f"bounded at {UNCAPPED_CEILING}")
        self.config = replace(config, max_refusals=UNCAPPED_CEILING)
        return self.config

    def _client_cap(self) -> int | None:
        """The number of consecutive blocks after which the client ends a chain itself (None: it never does)."""
        return get_harness(self.harness).install.block_cap if self.harness in ADAPTERS else None

    def _configure(self, stop: StopInput) -> Config:
        try:
            sources = harness_facts(get_harness(stop.harness)).project_env
            config = self.config = load_config(self.env, stop.project_dir, sources)
        except (OSError, ValueError) as exc:
            raise HookError("config-error", f"built-in defaults unusable: {exc}") from exc
        self.env = without_ignored_env(self.env, config)  # what a project file set and the config refused
        return config

    def _gather(self, stop: StopInput, config: Config, slot: Slot, warnings: list[str]) -> _Evidence:
        """Read the turn (resuming where the session's previous stop left off), its final text, the
        lane-state block it ends on and what the deference step finds in that text."""
        state = slot.state
        scan_from = state.scan_from if slot.existed and not slot.damaged else None
        turn = self._read(stop, config, scan_from, state.resume if scan_from is not None else None, warnings)
        warnings.extend(turn.warnings)
        turn = self._headless(turn, config)
        in_flight = stop.background_running or bool(turn.background)
        if turn.background and not stop.background_running:
            warnings.append(f"background in flight (inferred from the transcript): {', '.join(turn.background)}")
        tasks = stop.tasks if stop.background_running else tuple(
            {"kind": "task", "id": task, "inferred": True} for task in turn.background)
        scheduled = tuple(_quoted(s) for s in (stop.scheduled if stop.scheduled is not None else turn.scheduled))
        scheduled = self._due_soon(scheduled, warnings) if scheduled else scheduled
        received = stop.final_text or (turn.final_text if turn.final_text and turn.final_text.strip() else None)
        text = _new_answer(received, state) if stop.cumulative_text and slot.existed else received
        calls = self._evidence_calls(stop, config, turn.tool_calls, warnings)
        lane = self._lane(text, turn.context, calls, config)
        deference = NO_DEFERENCE
        tool_used = config.unbacked_claims == "no-tools" and _tool_used(turn)
        judged = judged_rows(_policy(config), turn.context.operator_in_loop, config.unbacked_claims, tool_used)
        if judged.deference and text:
            deference = analyze_text(text, config, claims=judged.claims, warm=self.warm, env=self.env)
            warnings += [w for w in deference.warnings if w not in warnings]
        return _Evidence(turn, lane, deference, scan_from, in_flight, text, received, tasks, scheduled, calls)

    def _due_soon(self, scheduled: tuple[Mapping[str, Any], ...], warnings: list[str]) -> tuple[Mapping[str, Any], ...]:
        """The scheduled entries that fire within the wake-up horizon (hook.cron): work in flight for this stop.
        A cron the agent set to fire later (a yearly one) is a standing schedule; a warning names it. An entry
        without a schedule stays, and so does a wake-up read from the records (an ISO time: the client clamped
        its delay to the horizon when it was set)."""
        from hook.cron import WAKE_HORIZON, Unreadable, fires_within, wake_up_time

        local = self.now.astimezone()  # the client reads its crons in local time
        kept = []
        for entry in scheduled:
            schedule = entry.get("schedule")
            try:
                due = not isinstance(schedule, str) or wake_up_time(schedule) is not None or fires_within(
                    schedule, local)
                why = f"fires later than {WAKE_HORIZON.seconds // 60} minutes from now"
            except Unreadable as exc:
                due, why = False, f"cannot be read ({exc})"
            if due:
                kept.append(entry)
            else:
                warnings.append(f"scheduled {entry.get('prompt')!r} ({schedule}) {why}: a standing schedule, not "
                                "work in flight for this stop")
        return tuple(kept)

    def _headless(self, turn: Turn, config: Config) -> Turn:
        """The turn as the user's `headless` setting reads it (docs/DESIGN.md#scheduled-turns): an operator prompt of a
        session the client marks non-interactive, or under a CI runner, is nobody's when the user says "autonomous"."""
        ctx = turn.context
        if config.headless != "autonomous" or not ctx.operator_in_loop:
            return turn
        mark = ctx.headless or _ci_runner(self.env)
        if mark is None:
            return turn
        return replace(turn, context=replace(ctx, operator_in_loop=False, kind="headless", headless=mark))

    def _decide(
        self,
        stop: StopInput,
        config: Config,
        slot: Slot,
        seen: _Evidence,
        directives: Directives,
        warnings: list[str],
    ) -> Decision:
        """The decision table on the evidence and the session's counters; the new state is kept, and a
        refusal whose state cannot be kept is only audited (docs/DESIGN.md#failure: no ceiling can be counted)."""
        state = slot.state
        ctx = seen.turn.context
        since_stop = [tc for tc in seen.calls if seen.scan_from is None or tc.offset >= seen.scan_from]
        found = lifecycle_artifacts(since_stop, config.review_tools, gh_paths=config.gh_paths)
        new, refuted = self._verified(found, stop, config, seen.turn.context, warnings)
        pending = tuple(dict.fromkeys((*state.pending_artifacts, *new)))
        human_prompt = ctx.kind in HUMAN_PROMPTS and is_new_prompt(state, ctx.uuid, ctx.offset)
        consecutive = 0 if human_prompt else max(state.consecutive_refusals, stop.loop_count)
        situation = self._situation(stop, config, slot, seen, pending, consecutive)
        if refuted:
            situation = replace(situation, refuted=refuted)
        if consecutive and self._client_cap() is None and _unchanged(state, seen):
            situation = replace(situation, repeated=True)
        decision = decide(situation, directives)
        if situation.handoff.seat_closed and situation.lane_outcome == "valid" and decision.row in ("L5", "ceiling"):
            warnings.append(IDENTITY_UNSET)
        if decision.klass == "MATERIAL-ALLOW" and config.verify_artifacts != "off":
            self.verified = tuple(p for p in pending if f"({VERIFIED_MARK}: " in p)
        kept = self._save(slot, state, decision, consecutive, seen, pending, warnings)
        if not kept and decision.refused:
            decision = unbounded(decision)
            if STATE_UNUSABLE not in warnings:
                warnings.append(STATE_UNUSABLE)
        return decision

    def _situation(
        self,
        stop: StopInput,
        config: Config,
        slot: Slot,
        seen: _Evidence,
        pending: tuple[str, ...],
        consecutive: int,
    ) -> Situation:
        lane = seen.lane
        clean = clean_terminal(
            lane,
            identity=config.identity,
            valid_refusals=slot.state.valid_refusals,
            min_drives=config.min_compliant_drives,
        )
        return Situation(
            policy=_policy(config),
            operator_in_loop=seen.turn.context.operator_in_loop,
            lane_outcome=lane.outcome,
            lane_continuation=lane.lane_continuation,
            lane_details=lane.details,
            trigger=seen.deference.trigger,
            claim=seen.deference.claim,
            background_in_flight=seen.in_flight,
            background_work=(seen.in_flight or bool(seen.scheduled)) and not config.background_blocks,
            background_inferred=seen.turn.background if not stop.background_running else (),
            scheduled=tuple(str(s.get("prompt")) for s in seen.scheduled),
            nothing_to_judge=stop.unjudgeable,
            material=_material(pending, slot),
            clean=Check(clean.accepted, clean.reason),
            handoff=self._handoff(stop, config, clean),
            consecutive_refusals=consecutive,
        )

    def _handoff(self, stop: StopInput, config: Config, clean: ExitCheck) -> Handoff:
        """What an autonomous refusal tells the agent about a hand-off: a gate it may copy, and whose the
        rejection is (docs/DESIGN.md#operators)."""
        ref, checked_at, actor = example_gate(self.now, config.identity, stop.project_dir)
        return Handoff(
            ref=ref,
            checked_at=checked_at,
            actor=actor,
            failures=clean.failures,
            drives=clean.drives,
            needed=clean.needed,
            seat_closed=clean.identity_missing,
        )
    def _verified(
        self, found: Sequence[Artifact], stop: StopInput, config: Config, ctx: PromptContext, warnings: list[str]
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The artifacts that stand, and those the forge refuted with what it said (docs/DESIGN.md#verified-artifacts).
        The forge is asked only when the user turned it on, on an autonomous turn (the only one a material artifact lets
        through); each description then says what the forge said."""
        if config.verify_artifacts != "gh" or not found or ctx.operator_in_loop:
            return tuple(a.description for a in found), ()
        from hook.forge import CONFIRMED, REFUTED, UNVERIFIED_WARNING, verify

        shaped = self._shell_layer(stop)  # the project's GH_*, proxies and HOME never reach the user's gh
        env = {name: value for name, value in self.env.items() if name not in shaped}
        verdicts = verify(found, gh_path=config.gh_path, project_dir=stop.project_dir, state_dir=config.state_dir,
                          prompt_time=ctx.timestamp, env=env)  # fmt: skip
        kept: list[str] = []
        refuted: list[str] = []
        for artifact, verdict in zip(found, verdicts, strict=True):
            if verdict.status == REFUTED:
                refuted.append(f"{artifact.description}: {verdict.said}")
                warnings.append(f"{REFUTED_TAG}: {artifact.description}: {verdict.said}")
            elif verdict.status == CONFIRMED:
                kept.append(f"{artifact.description} ({VERIFIED_MARK}: {verdict.said})")
            else:
                kept.append(f"{artifact.description} (unverified: {verdict.said})")
                if UNVERIFIED_WARNING not in warnings:
                    warnings.append(UNVERIFIED_WARNING)
        return tuple(kept), tuple(refuted)

    def _evidence_calls(
        self, stop: StopInput, config: Config, calls: Sequence[ToolCall], warnings: list[str]
    ) -> tuple[ToolCall, ...]:
        """The calls that may be evidence for an exit (docs/DESIGN.md#evidence). A bare `gh` after a project layer that
        shapes the shell (hook.project_env.shell_set) ran whatever the project put first on PATH; a review
        tool whose server the project configures (hook.project_mcp) said what the project's server said:
        neither is evidence, and a warning names the file. The project's files are read only for a turn
        that holds such a call."""
        bare = [c for c in calls if c.command is not None and runs_bare_gh(c.command)]
        reviews = [c for c in calls if not c.is_error and name_matches(c.name, config.review_tools)]
        if not bare and not reviews:
            return tuple(calls)
        facts = harness_facts(get_harness(stop.harness))
        untrusted: set[int] = set()
        if bare and (shaped := self._shell_layer(stop)):
            for name, source in shaped.items():
                shown = "a variable lanegate cannot see" if name == "*" else f"env {name}"
                warnings.append(f"{shown} (set by {source}): the project shapes the shell its commands run in, so a "
                                "bare `gh` is no artifact and no PR fetch; only an absolute gh_paths entry counts")
            untrusted.update(id(c) for c in bare)
        if reviews:
            from hook.project_mcp import project_review, project_servers

            servers = project_servers(stop.project_dir, facts.project_mcp)
            for call in reviews:
                why = project_review(call.name, servers) if servers else None
                if why is not None:
                    warnings.append(why)
                    untrusted.add(id(call))
        return tuple(c for c in calls if id(c) not in untrusted)

    def _shell_layer(self, stop: StopInput) -> Mapping[str, str]:
        """The shell-shaping variables the stop's harness loads from project files (read once per stop)."""
        if self.shell_layer is None:
            from hook.project_env import shell_set

            facts = harness_facts(get_harness(stop.harness))
            self.shell_layer = shell_set(stop.project_dir, facts.project_env, facts.shell_names)
        return self.shell_layer

    def _session(self, config: Config) -> SessionLock | _NoSession:
        stop = self.stop
        assert stop is not None
        if stop.session is None:
            # No session id: no counters to keep; the boundary is the newest prompting record.
            return _NoSession()
        return open_session(config.state_dir, stop.session)

    def _read(
        self,
        stop: StopInput,
        config: Config,
        scan_from: int | None,
        resume: Mapping[str, Any] | None,
        warnings: list[str],
    ) -> Turn:
        walk = walk_for(stop.harness)
        for source, table in config.walk:
            try:
                walk = walk.with_overrides(table)
            except WalkConfigError as exc:
                warnings.append(f"{source} [walk] ignored: {exc}")
        walk = replace(walk, handoff_commands=config.handoff_commands)
        try:
            # Resume where the previous stop of the session left off.
            return stop.read_turn(
                stop.transcript_path, walk, scan_from=scan_from, resume=resume, evidence_tools=config.pr_fetch_tools
            )
        except TranscriptError as exc:
            raise HookError("transcript-error", str(exc)) from exc

    def _lane(self, text: str | None, ctx: PromptContext, calls: Sequence[ToolCall], config: Config) -> LaneState:
        """The block the text ends on, judged against this turn (hook.lanestate; a block it cannot judge
        comes back as it was found)."""
        in_turn = [tc for tc in calls if ctx.offset is None or tc.offset > ctx.offset]
        return validate_lane_state(
            parse_lane_state(text), prompt_time=ctx.timestamp, now=self.now, tool_calls=in_turn,
            pr_fetch_tools=config.pr_fetch_tools,
        )

    def _save(
        self,
        slot: Slot,
        state: SessionState,
        decision: Decision,
        consecutive: int,
        seen: _Evidence,
        pending: tuple[str, ...],
        warnings: list[str],
    ) -> bool:
        """Keep the state for the next stop; False when it cannot be kept (no session, folder or lock)."""
        if slot.unusable:
            return False
        turn = seen.turn
        new = after_stop(
            state,
            consecutive=consecutive,
            refused=decision.refused,
            valid_refusal=decision.refused and decision.tag == "valid-lane-state",
            scan_to=turn.end_offset,
            prompt_uuid=turn.context.uuid,
            prompt_offset=turn.context.offset,
            pending=pending,
            resume=turn.resume,
            text=seen.received,
        )
        try:
            slot.save(new)
        except OSError as exc:
            warnings.append(f"state not saved: {exc}")
            return False
        return True

    def _line(
        self, decision: Decision, config: Config, warnings: list[str], seen: _Evidence | None = None
    ) -> AuditLine:
        stop = self.stop
        assert stop is not None
        ctx = seen.turn.context if seen else None
        found = seen.deference if seen else NO_DEFERENCE
        claim = found.claim
        # row U's claim, and a wait whatever decided the stop (docs/DESIGN.md#claims, revision 3: a wait is a hold)
        shown_claim = claim if claim is not None and (decision.tag == UNBACKED_TAG or not acts(claim)) else None
        return AuditLine(
            klass=decision.klass,
            tag=decision.tag,
            reason=decision.reason,
            session=stop.session,
            harness=stop.harness,
            identity=config.identity,
            operator_in_loop=ctx.operator_in_loop if ctx else None,
            mid_chain=(stop.stop_hook_active and ctx.operator_in_loop) if ctx else None,
            autonomous_handoff=(ctx.kind == "handoff") if ctx else None,
            handoff_reason=ctx.handoff_reason if ctx else None,
            handoff_window=ctx.handoff_window if ctx else None,
            lane_continuation=seen.lane.lane_continuation if seen else None,
            mode=config.mode,
            policy=config.policy,
            phrase=found.finding.phrase if found.finding else None,
            finding=found.finding,
            claim=shown_claim,
            warnings=tuple(warnings),
            observed=found.observed,
            ts=self.now,
            row=decision.row,
            because=decision.because or decision.reason,
            turn=self._turn_record(seen),
            verified=self.verified,
            in_flight=(*seen.tasks, *seen.scheduled) if seen else None,
        )

    def _turn_record(self, seen: _Evidence | None) -> dict[str, Any] | None:
        """Where the judged turn lies (for `lanegate golden add`): transcript, prompt and end offsets, the
        payload facts the decision read, and a digest of the final text — never its words."""
        stop = self.stop
        assert stop is not None
        if seen is None:
            return None
        text = seen.text
        digest = sha256(text.encode("utf-8", "surrogatepass")).hexdigest() if text else None
        return {
            "transcript": stop.transcript_path or None,
            "from": seen.turn.context.offset,
            "to": seen.turn.end_offset,
            "event": stop.event,
            "stop_hook_active": stop.stop_hook_active,
            "background": stop.background_running,
            "final_sha256": digest,
            "final_chars": len(text) if text else 0,
        }

    def failed(self, tag: str, message: str) -> Outcome:
        """Allow the stop, file an ERROR line with the tag and message, and reset the refusal chain."""
        config = self.config or _config_for_errors(self.env)
        stop = self.stop
        if len(message) > MESSAGE_LIMIT:
            message = f"{message[:MESSAGE_LIMIT]}… ({len(message) - MESSAGE_LIMIT} more characters)"
        line = AuditLine(
            klass="ERROR",
            tag=tag,
            reason=message,
            session=stop.session if stop else None,
            harness=self.harness,
            identity=config.identity if config else None,
            mode=config.mode if config else None,
            policy=config.policy if config else None,
            warnings=config.warnings if config else (),
            ts=self.now,
        )
        if config and stop and stop.session:
            _note_allowed(config.state_dir, stop.session, _size(stop.transcript_path))
        fallback = os.path.expanduser(self.env.get("LANEGATE_AUDIT_LOG") or FALLBACK_AUDIT_LOG)
        path = config.audit_log if config else fallback
        note = f"{tag}: {message.translate(_LINE_BREAKS)}"
        return Outcome(None, line, append_line(path, line), failure=note)


class _NoSession:
    """The session slot of a stop without a session id: nothing kept, nothing locked."""

    def __enter__(self) -> Slot:
        return Slot(None, SessionState(), None, existed=False, unusable=True)

    def __exit__(self, *exc_info: object) -> None:
        return None


def _material(pending: tuple[str, ...], slot: Slot) -> Check:
    if slot.damaged:
        return Check(False, f"fail closed: {slot.damaged}")
    if pending:
        return Check(True, "material artifact since the last allowed stop: " + ", ".join(pending))
    return Check(False, "no pull request created and no review submitted since the last allowed stop")


def _config_for_errors(env: Mapping[str, str]) -> Config | None:
    """The user/env config, to know where the ERROR line goes; None when even that cannot load."""
    try:
        return load_config(env, None)
    except Exception:  # the error path must not fail in turn
        return None


def _size(path: str) -> int | None:
    """The transcript's size now, the artifact boundary of an ERROR stop (None when unreadable)."""
    try:
        return os.path.getsize(path) if path else None
    except (OSError, ValueError):
        return None


def _note_allowed(state_dir: str, session: str, scan_to: int | None) -> None:
    """An ERROR allows the stop, so the refusal chain resets and the artifact boundary moves to the end of
    the transcript as it stands (docs/DESIGN.md#material-artifact: the last allowed stop of any class); best effort."""
    try:
        with open_session(state_dir, session) as slot:
            if slot.path is not None and not slot.damaged:
                reset = after_stop(
                    slot.state,
                    consecutive=0,
                    refused=False,
                    valid_refusal=False,
                    scan_to=scan_to,
                    prompt_uuid=None,
                    prompt_offset=None,
                    pending=(),
                )
                slot.save(reset)
    except Exception as exc:  # best effort: the stop is allowed either way
        print(f"lanegate: state not reset after the error: {exc}", file=sys.stderr)


def _policy(config: Config) -> Policy:
    return Policy(config.mode, config.deference, config.lane_continuation, config.max_refusals)


def _tool_used(turn: Turn) -> bool:
    """The turn made a tool call since its newest prompting record (every call of the turn counts, not only
    those after the last tool result): what unbacked_claims "no-tools" reads (hook.decision.judged_rows). With
    background work in flight the claim is read too, so the audit line records a wait (revision 3); row U
    itself never fires then."""
    prompt = turn.context.offset
    return turn.tool_used or any(prompt is None or tc.offset > prompt for tc in turn.tool_calls)


def _ci_runner(env: Mapping[str, str]) -> str | None:
    """The first CI runner variable set in the hook's environment, as a mark ("CI=true"), or None."""
    for name in CI_RUNNER_VARIABLES:
        value = env.get(name, "").strip()
        if value and value.lower() not in ("0", "false", "no", "off"):
            return f"{name}={value}"
    return None


def _new_answer(text: str | None, state: SessionState) -> str | None:
    """A cumulative final text without the answer the previous stop refused (and the newline after it): a retry
    is judged on what the agent answered to the refusal (docs/DESIGN.md#tests, Gemini CLI). The whole text when it does
    not begin with the refused one, or holds nothing more."""
    length = state.refused_length
    if text is None or not length or len(text) <= length + 1 or text[length] != "\n":
        return text
    if text_digest(text[:length]) != state.refused_digest:
        return text
    rest = text[length + 1 :]
    return rest if rest.strip() else text


def _unchanged(state: SessionState, seen: _Evidence) -> bool:
    """The stop the previous one refused, sent again: the same final text, and no record appended since."""
    return (
        state.refused_digest is not None
        and state.refused_digest == text_digest(seen.received)
        and state.scan_from is not None
        and seen.turn.end_offset == state.scan_from
    )


def _quoted(entry: Mapping[str, Any]) -> Mapping[str, Any]:
    """A scheduled entry for the audit line, its prompt (the agent's words) cut to SCHEDULED_PROMPT_LIMIT."""
    prompt = entry.get("prompt")
    if isinstance(prompt, str) and len(prompt) > SCHEDULED_PROMPT_LIMIT:
        return {**entry, "prompt": prompt[: SCHEDULED_PROMPT_LIMIT - 1] + "…"}
    return entry
