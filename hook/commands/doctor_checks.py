"""The checks of `lanegate doctor` (SPEC §5.8) as pure functions: facts in, verdicts out.

Each check answers one question an operator asks of a seat — is the gate registered, can anything
switch it off, does its command run, what policy is it enforcing, can it keep state, has it bitten in
the last 48 hours — with ok / warn / fail and, for anything but ok, the fix. hook.doctor gathers the
facts (reading files, running the registered command once on a synthetic stop) and prints.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hook.commands.harness_settings import Disabled, EnvEntry, HarnessSpec, Layer, Registration

OK, WARN, FAIL = "ok", "warn", "fail"
REFUSALS = frozenset({"BLOCK", "WOULD-BLOCK"})
DIALOGUE_TAG = "operator-dialogue"
COMMAND_NOT_FOUND = 127  # a POSIX shell's exit status for a program that is not there (as the harness sees it)
# Where a person reads more; every fix text points at a docs page that exists.
DOCS_CONFIG = "docs/CONFIGURATION.md"
DOCS_MINIMUM = "docs/AUTONOMOUS.md, Minimum setup for autonomous agents"
# The hook's own deadline (hook/commands/hook.py): a harness timeout below it can kill a stop before it
# decides or writes its audit line; a cold stop with a phrase (spaCy import and model load) takes 1-3 s.
HOOK_DEADLINE_SECONDS = 20.0
COLD_STOP_SECONDS = 3.0
# Claude Code overrides the 9th consecutive block of a turn itself (observed with 2.1.x, docs/HARNESSES.md).
@dataclass(frozen=True)
class Check:
    """One line of the doctor's table."""

    name: str
    status: str
    detail: str
    fix: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"check": self.name, "status": self.status, "detail": self.detail, "fix": self.fix}


@dataclass(frozen=True)
class ProbeResult:
    """The registered command run once on a synthetic autonomous stop."""

    command: str
    exit_code: int | None  # None: it did not finish (timeout) or could not start
    stdout: str
    stderr: str
    audit: Mapping[str, Any] | None  # the line it appended to the probe's own audit log
    error: str | None = None
    seconds: float = 0.0


def install_fix(harness: str) -> str:
    return f"lanegate install --harness {harness} (or --user for every project)"


def layer_checks(spec: HarnessSpec, layers: Sequence[Layer]) -> list[Check]:
    """A settings file the harness cannot use is one whose hooks (and switches) nobody can vouch for."""
    return [
        Check(f"{spec.harness} settings", WARN, f"{layer.path} ({layer.name}) {layer.error}", _layer_fix(layer))
        for layer in layers
        if layer.error
    ]


def _layer_fix(layer: Layer) -> str:
    if "cannot read it" in (layer.error or "") or "skips the whole file" in (layer.error or ""):
        return f"fix {layer.path} where it says: until then the harness ignores all of it, hooks and switches"
    return f"fix or move {layer.path}: doctor cannot tell what it registers or disables"


def registration_check(spec: HarnessSpec, found: Sequence[Registration]) -> Check:
    """Is `lanegate hook` registered for every event the harness stops on?"""
    name = f"{spec.harness} registration"
    events = [e for e in spec.events if any(r.event == e for r in found)]
    if not events:
        return Check(name, FAIL, f"no lanegate hook for {' or '.join(spec.events)} in any settings layer",
                     install_fix(spec.harness))
    where = sorted({f"{r.path} ({r.layer})" for r in found})
    missing = [e for e in spec.events if e not in events]
    if missing:
        return Check(name, WARN, f"{', '.join(events)} registered in {'; '.join(where)}, but not {', '.join(missing)}: "
                     "those stops go unjudged", install_fix(spec.harness))
    return Check(name, OK, f"{', '.join(events)} registered in {'; '.join(where)}")


def unregistered_check(spec: HarnessSpec, layers: Sequence[Layer]) -> Check:
    """Settings of a harness that never mention lanegate: its agents run ungated."""
    paths = ", ".join(layer.path for layer in layers)
    return Check(f"{spec.harness} registration", WARN,
                 f"settings found ({paths}) but lanegate is not registered: this harness runs ungated",
                 install_fix(spec.harness))


def switch_check(spec: HarnessSpec, hits: Sequence[Disabled]) -> Check:
    """Does any layer switch the registered hook off?"""
    name = f"{spec.harness} enabled"
    if not hits:
        return Check(name, OK, "no setting switches the hook off")
    first = hits[0]
    detail = "; ".join(f"{hit.path} ({hit.layer}): {hit.why}" for hit in hits)
    return Check(name, FAIL, detail, first.fix)


def trust_check(spec: HarnessSpec) -> Check | None:
    """Codex's trust review cannot be read from its files: say so every time, as a reminder."""
    if not spec.trust_reminder:
        return None
    return Check(f"{spec.harness} trust", WARN, "doctor cannot see whether the hook is trusted", spec.trust_reminder)


def probe_check(spec: HarnessSpec, result: ProbeResult) -> Check:
    """Did the registered command line judge a synthetic autonomous stop (it must refuse it)?"""
    name = f"{spec.harness} command"
    fix = f"run `{result.command}` by hand with a payload on stdin, or re-register: {install_fix(spec.harness)}"
    if result.error:
        return Check(name, FAIL, f"`{result.command}` {result.error}", fix)
    if result.exit_code == COMMAND_NOT_FOUND:
        return Check(name, FAIL, f"`{result.command}`: the program does not exist or is not on PATH", fix)
    if result.exit_code != 0:
        tail = result.stderr.strip().splitlines()[-1:] or [""]
        return Check(name, FAIL, f"`{result.command}` exited {result.exit_code} {tail[0]}".rstrip(), fix)
    line = result.audit
    if line is None:
        return Check(name, FAIL, f"`{result.command}` answered but wrote no audit line", fix)
    klass = line.get("class")
    if klass == "ERROR":
        return Check(name, FAIL, f"the hook failed on a synthetic stop: {line.get('tag')}: {line.get('reason')}", fix)
    if klass not in REFUSALS:
        return Check(name, WARN, f"a synthetic autonomous stop was allowed ({klass}, {line.get('tag')}): "
                     "the gate would not refuse it", "see the policy checks below")
    return Check(name, OK, f"`{result.command}` judged a synthetic autonomous stop: {klass} {line.get('tag')} "
                 f"in {result.seconds:.2f} s")


def policy_checks(policy: Mapping[str, Any], sources: Mapping[str, str], ignored: Sequence[str]) -> list[Check]:
    """The resolved mode, lint switches and ceiling, each with the layer it came from."""
    checks = []
    mode = policy["mode"]
    where = f"(from {sources['mode']})"
    if mode == "dry-run":
        checks.append(Check("policy mode", WARN, f"dry-run {where}: refusals are only audited as WOULD-BLOCK",
                            "set mode = \"enforce\" (or unset LANEGATE_MODE) once the audit looks right"))
    else:
        checks.append(Check("policy mode", OK, f"{mode} {where}"))
    for key in ("deference", "lane_continuation"):
        on = policy[key]
        detail = f"{'on' if on else 'off'} (from {sources[key]})"
        checks.append(Check(f"policy {key}", OK if on else WARN, detail,
                            None if on else f"set {key} = true where it was switched off ({sources[key]})"))
    ceiling = policy["max_refusals"]
    detail = f"{ceiling if ceiling else 'no ceiling'} (from {sources['max_refusals']})"
    checks.append(Check("policy max_refusals", OK, detail))
    checks.extend(Check("policy ignored", WARN, note, "the project's files may only make the gate stricter unless "
                        f"the user allows it ({DOCS_CONFIG})") for note in ignored)
    return checks


def config_key_checks(warnings: Sequence[str]) -> list[Check]:
    """Unknown keys and unparseable values in the config files and variables, with the nearest key."""
    return [Check("config", WARN, note, f"correct the key or value where it is set ({DOCS_CONFIG})")
            for note in warnings if "unknown" in note or "unparseable" in note]


def env_check(entry: EnvEntry, weakening: bool, note: str | None) -> Check:
    """A variable a harness puts in the hook's environment from one of its files (revision 3)."""
    name = f"{entry.harness} env"
    detail = f"{entry.name}={entry.value!r} from {entry.path}"
    if entry.name == "PATH":
        if not entry.in_project:
            return Check(name, OK, f"{detail}: your own settings")
        return Check(name, WARN, f"{detail}: a file the judged agent can write decides which `lanegate` a "
                     "registration by name runs", f"remove PATH from {entry.path}, or register for yourself with "
                     "an absolute path (lanegate install --local / --user)")
    if note and "unknown variable" in note:
        return Check(name, WARN, f"{detail}: {note.split(': ', 1)[-1]}", f"correct the name in {entry.path}")
    if entry.in_project and weakening:
        return Check(name, FAIL, f"{detail}: a file the judged agent can write weakens the gate "
                     f"({note or 'a weakening'})",
                     f"remove {entry.name} from {entry.path}; set lanegate's policy in your own "
                     f"~/.config/lanegate/config.toml ({DOCS_CONFIG})")
    if weakening:
        return Check(name, WARN, f"{detail}: the harness runs the hook with this user setting, which weakens the "
                     "gate", f"remove it from {entry.path} once you no longer want it")
    where = "a project file (a stricter value applies)" if entry.in_project else "your own settings"
    return Check(name, OK, f"{detail}: {where}")


def identity_check(identity: str | None, summary: Mapping[str, Any]) -> Check:
    """Without an identity the clean-terminal exit never accepts: every autonomous stop rides to the ceiling."""
    if identity:
        return Check("identity", OK, f"{identity!r}: clean hand-offs can be accepted")
    classes: Mapping[str, Mapping[str, int]] = summary.get("classes", {})
    autonomous = sum(c.get("autonomous", 0) for c in classes.values())
    ceilings = classes.get("CEILING-ALLOW", {}).get("total", 0)
    if not autonomous:
        return Check("identity", OK, "unset (only autonomous agents need it; none stopped in the last 48 h)")
    return Check("identity", WARN, f"unset, and {autonomous} autonomous stops in 48 h ({ceilings} ended at the "
                 "ceiling): the clean-terminal exit can never accept, so an agent's honest hand-off is refused "
                 "until the refusal ceiling lets it go",
                 f"set identity = \"<the agent's name>\" in ~/.config/lanegate/config.toml or LANEGATE_IDENTITY "
                 f"({DOCS_MINIMUM})")


def ceiling_check(harness: str, max_refusals: int, cap: int | None) -> Check | None:
    """A ceiling the client reaches first: a client with a block cap (the harness's InstallTarget.block_cap)
    ends a chain of blocks itself."""
    if cap is None or 0 < max_refusals <= cap:
        return None
    shown = "0 (no ceiling)" if max_refusals == 0 else str(max_refusals)
    return Check(f"{harness} ceiling", WARN, f"max_refusals {shown}, but {harness} overrides the "
                 f"{cap + 1}th consecutive block itself: the chain ends there, not at lanegate's ceiling",
                 f"set max_refusals to {cap} or less to keep the ceiling lanegate's ({DOCS_CONFIG})")


def timeout_checks(spec: HarnessSpec, found: Sequence[Registration]) -> list[Check]:
    """A registered timeout the harness kills the hook at before it has decided."""
    checks = []
    for reg in found:
        if reg.timeout is None or reg.timeout >= HOOK_DEADLINE_SECONDS:
            continue
        status = FAIL if reg.timeout < COLD_STOP_SECONDS else WARN
        shown = f"{reg.timeout * 1000:g} ms" if spec.timeout_scale == 1000 else f"{reg.timeout:g} s"
        bound = "a cold stop (1-3 s)" if status == FAIL else "the hook's own 20 s deadline"
        checks.append(Check(f"{spec.harness} timeout", status, f"{reg.event} in {reg.path}: timeout {shown} is "
                            f"shorter than {bound}: the harness can kill a stop with a phrase before it is judged "
                            "or audited",
                            f"lanegate install --harness {spec.harness} (registers 30 s), or raise the timeout"))
    return checks


def committed_command_checks(spec: HarnessSpec, found: Sequence[Registration], home: str) -> list[Check]:
    """A registration in a file a team commits that names one person's home path."""
    import shlex

    committed = {layer.name for layer in spec.layers if layer.committed}
    personal = "lanegate install --local" if any(layer.local for layer in spec.layers) else "--user"
    checks = []
    for reg in found:
        try:
            program = shlex.split(reg.command)[0]
        except (ValueError, IndexError):
            continue
        if reg.layer in committed and home and program.startswith(home.rstrip("/") + "/"):
            checks.append(Check(f"{spec.harness} command", WARN, f"{reg.path} is shared with your team but names "
                                f"{program}, a path in your home folder: it fails on every other machine",
                                f"lanegate install --harness {spec.harness} (writes `lanegate`, found on PATH), or "
                                f"{personal} for yourself only"))
    return checks


def model_check(models: Sequence[str], found: str | None) -> Check:
    """The spaCy model is looked up, not loaded: loading it would cost the doctor a second or more."""
    if found:
        return Check("model", OK, f"{found} is installed")
    return Check("model", WARN, f"no spaCy model of {', '.join(models)} is installed: attribution phrases "
                 "('your call') go unjudged "
                 "(offer phrases and the lane gates still decide)",
                 "pip install 'lanegate[model]' in lanegate's environment")


def location_check(name: str, path: str, problem: str | None) -> Check:
    if problem is None:
        return Check(name, OK, f"{path} is writable")
    return Check(name, FAIL, f"{path}: {problem}", f"point {name.replace(' ', '_')} at a writable folder of your own, "
                 "or fix the permissions")


def teeth_check(summary: Mapping[str, Any], log: str) -> Check:
    """Seed 001's question: has the gate refused anything autonomous, or did everything ride the dialogue allow?"""
    classes: Mapping[str, Mapping[str, int]] = summary.get("classes", {})
    lines = summary.get("lines", 0)
    if not lines:
        return Check("teeth", WARN, f"no stop was audited in the last 48 h in {log}",
                     "if agents ran, the hook is not being called: check the registration and enabled lines")
    autonomous = sum(c.get("autonomous", 0) for c in classes.values())
    refused = sum(c.get("autonomous", 0) for k, c in classes.items() if k in REFUSALS)
    allows = sum(c.get("total", 0) for k, c in classes.items() if k not in REFUSALS and k != "ERROR")
    dialogue = summary.get("tags", {}).get(DIALOGUE_TAG, 0)
    split = ", ".join(f"{k} {c.get('operator_in_loop', 0)}/{c.get('autonomous', 0)}" for k, c in classes.items())
    detail = f"{lines} stops in 48 h (operator/autonomous: {split})"
    if autonomous and not refused:
        return Check("teeth", WARN, f"{detail}: {autonomous} autonomous stops and none refused",
                     "check the policy lines (dry-run, switches) and `lanegate audit --since 48h`")
    if allows and dialogue == allows:
        return Check("teeth", WARN, f"{detail}: every allowed stop ({allows}) rode the operator-dialogue allow",
                     "if these seats run unattended, the walk sees an operator where there is none: "
                     "`lanegate replay` a session to see what it classified")
    return Check("teeth", OK, detail)


def exit_code(checks: Sequence[Check]) -> int:
    return 1 if any(c.status == FAIL for c in checks) else 0
