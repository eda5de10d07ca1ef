"""One stop, end to end, for every harness: config → transcript → lane-state → analyzer → exits and
state → decision → audit. Adapters only parse the payload and render the decision (hook.harness).

The hook never blocks because of its own failure (SPEC §5.6): `handle` turns any failure into an
allowed stop with an ERROR audit line, and the analyzer is imported only when a candidate phrase needs
it, so a turn without one never pays for spaCy.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from hook.audit import AuditLine, append_line
from hook.config import Config, load_config, without_ignored_env
from hook.decision import ALLOW, Check, Decision, Policy, Situation, Trigger, UnbackedClaim, decide, unbounded
from hook.directives import UNBACKED_TAG, load_directives
from hook.exits import clean_terminal, material_artifacts
from hook.harness import ADAPTERS, PayloadError, StopInput, detect_harness, get_harness
from hook.lanestate import LaneState, parse_lane_state, validate_lane_state
from hook.state import SessionLock, SessionState, Slot, after_stop, is_new_prompt, open_session
from hook.transcript.reader import TranscriptError, Turn
from hook.transcript.records import ToolCall
from hook.transcript.walk import PromptContext, WalkConfigError, default_walk_config
from lanegate_common.frozen import frozen, replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

    from analyzer.candidates import Candidate
    from warmparse.use import WarmUse

# The warning of a stop whose session state cannot be kept (SPEC §5.6): its refusal is WOULD-BLOCK.
STATE_UNUSABLE = "state-unusable"
# A new prompt of these kinds is the operator speaking: it resets the consecutive-refusal count.
HUMAN_PROMPTS = frozenset({"operator", "handoff"})
FALLBACK_AUDIT_LOG = "~/.lanegate/audit.jsonl"
# An ERROR's message can quote the payload (a transcript path of megabytes, with newlines): the audit
# line keeps a bounded prefix, and the stderr note stays one line (SPEC §5.6).
MESSAGE_LIMIT = 2000
_LINE_BREAKS = {ord(c): repr(c)[1:-1] for c in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"}
# No model turn emits this much (128k output tokens is about half of it). Past it the deference lint
# reads the closing part only, so a 10 MB message costs the stop a second, not the harness's timeout.
MAX_JUDGED_CHARS = 1_000_000


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
    warm: how a parse may use the warm parse server (SPEC §6); None parses in this process only.
    """
    now = now or datetime.now(UTC)
    run = _Run(env, now, warm)
    try:
        with _Deadline(deadline):
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


class DeadlineExceeded(BaseException):
    """The judgement ran past its deadline; a BaseException so no `except Exception` on the way swallows it."""


class _Deadline:
    """Raise DeadlineExceeded in the main thread once `seconds` have passed (SIGALRM); else do nothing.

    A class rather than contextlib.contextmanager: contextlib's import is one the hook would pay at every stop.
    """

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.previous: object = None
        self.armed = False

    def __enter__(self) -> None:
        if not self.seconds:
            return
        seconds = self.seconds

        def expire(signum: int, frame: object) -> None:
            raise DeadlineExceeded(f"deadline: the stop was not judged within {seconds:g} s")

        try:
            self.previous = signal.signal(signal.SIGALRM, expire)
        except ValueError:  # not the main thread: signals cannot reach it, judge without a deadline
            return
        self.armed = True
        signal.setitimer(signal.ITIMER_REAL, seconds)

    def __exit__(self, *exc_info: object) -> None:
        if self.armed:
            self.armed = False
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)


def stdin_text(raw: bytes) -> str:
    """stdin decoded as utf-8-sig (SPEC §3.1), without looking its codec module up at every stop:
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


class _Run:
    """The state of one invocation, so a failure at any step can still write a truthful ERROR line."""

    def __init__(self, env: Mapping[str, str], now: datetime, warm: WarmUse | None = None) -> None:
        self.env = env
        self.now = now
        self.warm = warm
        self.harness: str | None = None
        self.stop: StopInput | None = None
        self.config: Config | None = None

    def judge(self) -> tuple[Decision, AuditLine]:
        stop = self.stop
        assert stop is not None
        try:
            config = self.config = load_config(self.env, stop.project_dir)
        except (OSError, ValueError) as exc:
            raise HookError("config-error", f"built-in defaults unusable: {exc}") from exc
        self.env = without_ignored_env(self.env, config)  # what a project file set and the config refused
        directives, directive_warnings = load_directives(config.directives)
        warnings = [*config.warnings, *directive_warnings]
        policy = Policy(config.mode, config.deference, config.lane_continuation, config.max_refusals)
        if stop.subagent and config.skip_subagents:
            decision = Decision(ALLOW, "ALLOW", "subagent-skipped", "skip_subagents is on", row="-")
            return decision, self._line(decision, config, warnings)
        with self._session(config) as slot:
            if slot.unusable:
                warnings.append(STATE_UNUSABLE)
            if slot.damaged:
                warnings.append(slot.damaged)
            state = slot.state
            scan_from = state.scan_from if slot.existed and not slot.damaged else None
            turn = self._read(stop, config, scan_from, state.resume if scan_from is not None else None, warnings)
            warnings.extend(turn.warnings)
            ctx = turn.context
            text = stop.final_text or (turn.final_text if turn.final_text and turn.final_text.strip() else None)
            lane = self._lane(text, ctx, turn.tool_calls, config)
            trigger, finding, observed, claim = None, None, (), None
            if config.deference and not ctx.operator_in_loop and text:
                want_claims = _row_u_applies(config, stop, turn)
                trigger, finding, observed, claim = _analyze_text(
                    text, config, warnings, claims=want_claims, warm=self.warm, env=self.env
                )
            since_stop = [tc for tc in turn.tool_calls if scan_from is None or tc.offset >= scan_from]
            new = material_artifacts(since_stop, config.review_tools, gh_paths=config.gh_paths)
            pending = tuple(dict.fromkeys((*state.pending_artifacts, *new)))
            human_prompt = ctx.kind in HUMAN_PROMPTS and is_new_prompt(state, ctx.uuid, ctx.offset)
            consecutive = 0 if human_prompt else max(state.consecutive_refusals, stop.loop_count)
            clean = clean_terminal(
                lane,
                identity=config.identity,
                valid_refusals=state.valid_refusals,
                min_drives=config.min_compliant_drives,
            )
            situation = Situation(
                policy=policy,
                operator_in_loop=ctx.operator_in_loop,
                lane_outcome=lane.outcome,
                lane_continuation=lane.lane_continuation,
                lane_details=_lane_details(lane),
                trigger=trigger,
                claim=claim,
                background_in_flight=stop.background_running,
                background_work=stop.background_running and not config.background_blocks,
                nothing_to_judge=stop.unjudgeable,
                material=_material(pending, slot),
                clean=Check(clean.accepted, clean.reason),
                consecutive_refusals=consecutive,
            )
            decision = decide(situation, directives)
            kept = self._save(slot, state, decision, consecutive, turn, pending, warnings)
            if not kept and decision.refused:
                # SPEC §5.6: without kept state no ceiling can be counted, so the refusal is only audited.
                decision = unbounded(decision)
                if STATE_UNUSABLE not in warnings:
                    warnings.append(STATE_UNUSABLE)
        shown_claim = None
        if claim is not None and decision.tag == UNBACKED_TAG:
            shown_claim = {"text": claim.text, "form": claim.form, "reason": claim.reason}
        return decision, self._line(decision, config, warnings, ctx, lane, finding, observed, shown_claim)

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
        walk = default_walk_config()
        for source, table in config.walk:
            try:
                walk = walk.with_overrides(table)
            except WalkConfigError as exc:
                warnings.append(f"{source} [walk] ignored: {exc}")
        try:
            # Resume where the previous stop of the session left off.
            return stop.read_turn(
                stop.transcript_path, walk, scan_from=scan_from, resume=resume, evidence_tools=config.pr_fetch_tools
            )
        except TranscriptError as exc:
            raise HookError("transcript-error", str(exc)) from exc

    def _lane(self, text: str | None, ctx: PromptContext, calls: Sequence[ToolCall], config: Config) -> LaneState:
        lane = parse_lane_state(text)
        if lane.outcome in ("absent", "malformed"):
            return lane
        in_turn = [tc for tc in calls if ctx.offset is None or tc.offset > ctx.offset]
        return validate_lane_state(
            lane, prompt_time=ctx.timestamp, now=self.now, tool_calls=in_turn, pr_fetch_tools=config.pr_fetch_tools
        )

    def _save(
        self,
        slot: Slot,
        state: SessionState,
        decision: Decision,
        consecutive: int,
        turn: Turn,
        pending: tuple[str, ...],
        warnings: list[str],
    ) -> bool:
        """Keep the state for the next stop; False when it cannot be kept (no session, folder or lock)."""
        if slot.unusable:
            return False
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
        )
        try:
            slot.save(new)
        except OSError as exc:
            warnings.append(f"state not saved: {exc}")
            return False
        return True

    def _line(
        self,
        decision: Decision,
        config: Config,
        warnings: list[str],
        ctx: PromptContext | None = None,
        lane: LaneState | None = None,
        finding: Mapping[str, Any] | None = None,
        observed: tuple[Mapping[str, Any], ...] = (),
        claim: Mapping[str, Any] | None = None,
    ) -> AuditLine:
        stop = self.stop
        assert stop is not None
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
            lane_continuation=lane.lane_continuation if lane else None,
            mode=config.mode,
            policy=config.policy,
            phrase=finding.get("phrase") if finding else None,
            finding=finding,
            claim=claim,
            warnings=tuple(warnings),
            observed=observed,
            ts=self.now,
        )

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


def _analyze_text(
    text: str,
    config: Config,
    warnings: list[str],
    *,
    claims: bool,
    warm: WarmUse | None = None,
    env: Mapping[str, str] | None = None,
) -> tuple[Trigger | None, Mapping[str, Any] | None, tuple[Mapping[str, Any], ...], UnbackedClaim | None]:
    """Run the analyzer only when a cheap scan found a phrase or a candidate claim: spaCy loads only then,
    and not even then when a warm parse server answers (its warnings say when it did not).

    Returns the trigger of row D (an enforce-mode finding that fires), the finding the audit line shows,
    the observe-mode findings that fired (recorded, never refused on: SPEC §2.1, revision 2) and the
    unbacked claim the message ends on. claims: row U can fire on this stop (_row_u_applies), so the
    closing part is read for a claim too.
    """
    from analyzer.candidates import find_candidates, may_match_forms
    from analyzer.lexicon import default_phrase_forms, phrase_canonical

    if len(text) > MAX_JUDGED_CHARS:
        warnings.append(
            f"final text of {len(text)} characters: the deference lint read its last {MAX_JUDGED_CHARS} "
            "(finding offsets count from there)"
        )
        text = text[-MAX_JUDGED_CHARS:]
    extra = _extra_phrases(config, warnings)
    lexicon = None
    # Most texts hold no phrase: settled from the phrases' forms, before the lexicon is built.
    lexicon = None
    candidates: tuple[Candidate, ...] = ()
    if may_match_forms(text, default_phrase_forms() + tuple(phrase_canonical(p) for p in extra)):
        lexicon = _lexicon(config, extra)
        candidates = find_candidates(text, lexicon, first=True)
        if not candidates:
            lexicon = None
    if claims:
        from analyzer.closing import may_claim

        claims = may_claim(text)
    if lexicon is None and not claims:
        return None, None, (), None
    from warmparse.route import analyze_text

    try:
        report, warm_warnings = analyze_text(
            text,
            lexicon or _lexicon(config, extra),
            model_name=config.spacy_model or None,
            model_errors="skip",
            warm=_warm_use(warm, config, env),
            options={"until_fire": True, "claims": claims},
        )
    except DeadlineExceeded:
        if not candidates:
            raise  # only a claim was being read: the deadline is the hook's own failure
        # SPEC §5.6: the deadline is for the hook's own failures; reached while a phrase was being judged,
        # the phrase fires (an exemption must be shown) instead of the stop being allowed as an ERROR.
        entry = candidates[0].entry
        reason = f"fires: the judgement of '{entry.canonical}' exceeded its bound, so no exemption was shown"
        finding = {"phrase": entry.canonical, "text": candidates[0].text, "verdict": "fire", "reason": reason}
        if (lexicon or _lexicon(config, extra)).mode_of(entry.family) == "observe":
            return None, None, ({"phrase": entry.canonical, "family": entry.family, "reason": reason},), None
        return Trigger(entry.canonical, reason), finding, (), None
    warnings.extend([w for w in (*report.warnings, *warm_warnings) if w not in warnings])
    firing = report.firing
    shown = firing or (report.findings[0] if report.findings else None)
    finding = shown.to_dict() if shown else None
    observed = tuple({"phrase": f.phrase, "family": f.family, "reason": f.reason} for f in report.observed)
    last = report.claims[-1] if report.claims else None
    claim = UnbackedClaim(last.text, last.form, last.reason) if last else None
    return (Trigger(firing.phrase, firing.reason) if firing else None), finding, observed, claim


def _row_u_applies(config: Config, stop: StopInput, turn: Turn) -> bool:
    """Whether an unbacked claim could decide this stop (SPEC §4 row U): not with background work in
    flight, not when unbacked_claims is off, and with "no-tools" only on a turn that made no tool call
    since its newest prompting record (every call of the turn counts, not only those after the last
    tool result)."""
    if stop.background_running or config.unbacked_claims == "off":
        return False
    if config.unbacked_claims == "no-tools":
        prompt = turn.context.offset
        return not (turn.tool_used or any(prompt is None or tc.offset > prompt for tc in turn.tool_calls))
    return True


def _warm_use(warm: WarmUse | None, config: Config, env: Mapping[str, str] | None) -> WarmUse | None:
    """The warm parse as this stop may use it: its socket folder from the stop's own environment and
    state folder unless the caller named one; None when the user turned it off."""
    if warm is None or not config.parse_server:
        return None
    folder = warm.folder
    if folder is None:
        from warmparse.place import folder_for

        folder = folder_for(env or {}, config.state_dir)
    return replace(warm, folder=folder, idle=config.parse_server_idle)


def stop_lexicon(config: Config, warnings: list[str]) -> Any:
    """The lexicon a stop under `config` judges with: the one `lanegate serve` starts a server for."""
    return _lexicon(config, _extra_phrases(config, warnings))


def _extra_phrases(config: Config, warnings: list[str]) -> list[Mapping[str, str]]:
    """The configured phrases that are new; a new phrase never redefines a built-in one (named)."""
    if not config.lexicon.phrases:
        return []
    from analyzer.lexicon import default_phrase_forms, phrase_canonical

    known = set(default_phrase_forms())
    phrases = []
    for phrase in config.lexicon.phrases:
        canonical = phrase_canonical(phrase)
        if canonical in known:
            warnings.append(f"lexicon phrase {canonical!r} already built in: kept the built-in entry")
        else:
            phrases.append(phrase)
    return phrases


def _lexicon(config: Config, extra: list[Mapping[str, str]]) -> Any:
    """The built-in lexicon plus the configured additions (extra: the new phrases, _extra_phrases)."""
    from analyzer.lexicon import default_lexicon

    base = default_lexicon()
    extras = config.lexicon
    if not extras:
        return base
    extended = base.extended(phrases=extra, domain_words=extras.domain_words, agent_work=extras.agent_work)
    if not extras.modes:
        return extended
    enforce = [family for family, mode in extras.modes if mode == "enforce"]
    return extended.with_modes(enforce=enforce, observe=[family for family, mode in extras.modes if mode == "observe"])


def _lane_details(lane: LaneState) -> tuple[str, ...]:
    if lane.outcome == "malformed":
        return (lane.error,) if lane.error else ()
    return tuple(lane.violations)


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
    the transcript as it stands (SPEC §5.2: the last allowed stop of any class); best effort."""
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
