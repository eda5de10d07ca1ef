"""The checks of `lanegate doctor` (docs/DESIGN.md#doctor) as pure functions: facts in, verdicts out.

Each check answers one question an operator asks of a seat — is the gate registered, can anything
switch it off, does its command run, what policy is it enforcing, can it keep state, has it bitten in
the last 48 hours — with ok / warn / fail and, for anything but ok, the fix. hook.doctor gathers the
facts (reading files, running the registered command once on a synthetic stop) and prints.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hook.commands.harness_settings import UNREAD_ENV_FILE, Disabled, EnvEntry, HarnessSpec, Layer, Registration
from hook.harness import shell_names
from hook.project_env import INTERPRETER_PREFIX, OTHER_NAMES, loads_library, shapes_shell

OK, WARN, FAIL = "ok", "warn", "fail"
PROJECT_FILE = "the project's lanegate.toml"
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


# What harness_settings.read_layer says of a file that fails the harness's schema, and the problem it names.
_SCHEMA_FAILURE = re.compile(r"fails .*'s settings schema \((?P<problem>.*)\): ")
# The layer flag of `lanegate install` / `uninstall` that reaches each settings layer.
_LAYER_FLAGS = {"user": " --user", "local": " --local", "project": ""}


def install_fix(harness: str, where: str = "") -> str:
    """The command that registers lanegate; `where` the flags that name the file (--local, --project DIR)."""
    return f"lanegate install --harness {harness}{where} (or --user for every project)"


def layer_flags(layer: str, project_flag: str) -> str | None:
    """The flags that make install / uninstall write the file of `layer`; None for a file they do not write
    (managed settings, a TOML file)."""
    if layer not in _LAYER_FLAGS:
        return None
    return _LAYER_FLAGS[layer] + ("" if layer == "user" else project_flag)


def layer_checks(spec: HarnessSpec, layers: Sequence[Layer]) -> list[Check]:
    """A settings file the harness cannot use is one whose hooks (and switches) nobody can vouch for; one
    that fails the harness's schema is skipped by the harness whole — a registration in it does not exist,
    so the harness runs ungated where that file was meant to register it — and that is a fail; so is one the
    harness may read and lanegate cannot (docs/DESIGN.md#evidence), the more so when it mentions a switch."""
    found = []
    for layer in layers:
        if not layer.error:
            continue
        failed = _SCHEMA_FAILURE.search(layer.error)
        if failed:
            found.append(Check(f"{spec.harness} settings", FAIL, f"{layer.path} ({layer.name}) {layer.error}; a "
                               f"lanegate hook registered only there does not run: {spec.title} runs ungated",
                               f"in {layer.path}: {failed.group('problem')} (correct or remove that key)"))
        else:
            detail = f"{layer.path} ({layer.name}) {layer.error}"
            if layer.switches:
                detail += f"; it mentions {', '.join(layer.switches)}, which may switch every hook off"
            found.append(Check(f"{spec.harness} settings", FAIL if layer.unreadable else WARN, detail,
                               _layer_fix(layer)))
    return found


def _layer_fix(layer: Layer) -> str:
    if layer.unreadable:
        return f"make {layer.path} a plain settings file of a few kB (what it sets cannot be checked as it is)"
    if "cannot read it" in (layer.error or "") or "skips the whole file" in (layer.error or ""):
        return f"fix {layer.path} where it says: until then the harness ignores all of it, hooks and switches"
    return f"fix or move {layer.path}: doctor cannot tell what it registers or disables"


def registration_check(spec: HarnessSpec, found: Sequence[Registration], project_flag: str = "") -> Check:
    """Is `lanegate hook` registered for every event the harness stops on?"""
    name = f"{spec.harness} registration"
    events = [e for e in spec.events if any(r.event == e for r in found)]
    if not events:
        return Check(name, FAIL, f"no lanegate hook for {' or '.join(spec.events)} in any settings layer",
                     install_fix(spec.harness, project_flag))
    where = sorted({f"{r.path} ({r.layer})" for r in found})
    missing = [e for e in spec.events if e not in events]
    if missing:
        flags = layer_flags(found[0].layer, project_flag)
        fix = install_fix(spec.harness, flags) if flags is not None else f"register {', '.join(missing)} too"
        return Check(name, WARN, f"{', '.join(events)} registered in {'; '.join(where)}, but not {', '.join(missing)}: "
                     "those stops go unjudged", fix)
    return Check(name, OK, f"{', '.join(events)} registered in {'; '.join(where)}")


def duplicate_check(spec: HarnessSpec, found: Sequence[Registration], project_flag: str = "") -> Check | None:
    """Two settings files registering lanegate for one event: the harness runs every layer's hooks, so every
    stop is judged twice — two audit lines, and the refusal ceiling reached at half the refusals."""
    files: dict[str, set[tuple[str, str]]] = {}
    for reg in found:
        files.setdefault(reg.event, set()).add((reg.path, reg.layer))
    doubled = {event: places for event, places in files.items() if len(places) > 1}
    if not doubled:
        return None
    places = sorted({place for found_in in doubled.values() for place in found_in})
    where = " and ".join(f"{path} ({layer})" for path, layer in places)
    layers = {layer for _, layer in places}
    mine = next((layer for layer in ("local", "user", "project") if layer in layers), None)
    flags = layer_flags(mine, project_flag) if mine else None
    fix = (f"lanegate uninstall --harness {spec.harness}{flags} (keeps the other registration)" if flags is not None
           else "remove one of the registrations")
    return Check(f"{spec.harness} registered once", FAIL, f"{', '.join(sorted(doubled))} registered in {where}: "
                 "every stop runs lanegate twice — two audit lines a stop, and the refusal ceiling reached at half "
                 "the refusals", fix)


def unregistered_check(spec: HarnessSpec, layers: Sequence[Layer], project_flag: str = "") -> Check:
    """Settings of a harness that never mention lanegate: its agents run ungated."""
    paths = ", ".join(layer.path for layer in layers)
    return Check(f"{spec.harness} registration", WARN,
                 f"settings found ({paths}) but lanegate is not registered: this harness runs ungated",
                 install_fix(spec.harness, project_flag))


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


def probe_check(spec: HarnessSpec, result: ProbeResult, layer: str = "project", project_flag: str = "") -> Check:
    """Did the registered command line judge a synthetic autonomous stop (it must refuse it)? `layer`: the
    settings layer the command is registered in (the fix re-registers there)."""
    name = f"{spec.harness} command"
    flags = layer_flags(layer, project_flag)
    again = (f"lanegate install --harness {spec.harness}{flags} (registers the command again)" if flags is not None
             else f"register it again in the {layer} settings")
    fix = f"{again}, or run `{result.command}` by hand with a payload on stdin to see why it fails"
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


def policy_checks(
    policy: Mapping[str, Any], sources: Mapping[str, str], ignored: Sequence[str], project_file: str = PROJECT_FILE
) -> list[Check]:
    """The resolved mode, lint switches and ceiling, each with the layer it came from."""
    checks = []
    mode = policy["mode"]
    where = f"(from {sources['mode']})"
    if mode == "dry-run":
        checks.append(Check("policy mode", WARN, f"dry-run {where}: refusals are only audited as WOULD-BLOCK",
                            f"{_setting_fix('mode', 'enforce', sources['mode'])} once the audit looks right"))
    else:
        checks.append(Check("policy mode", OK, f"{mode} {where}"))
    for key in ("deference", "lane_continuation"):
        on = policy[key]
        detail = f"{'on' if on else 'off'} (from {sources[key]})"
        checks.append(Check(f"policy {key}", OK if on else WARN, detail,
                            None if on else _setting_fix(key, "true", sources[key])))
    ceiling = policy["max_refusals"]
    detail = f"{ceiling if ceiling else 'no ceiling'} (from {sources['max_refusals']})"
    checks.append(Check("policy max_refusals", OK, detail))
    headless = policy["headless"]
    meaning = ("the prompts of a non-interactive session (claude -p, the SDKs, codex exec) or of a CI job are "
               "nobody's: every stop there is judged as autonomous" if headless == "autonomous" else
               "the prompts of a non-interactive session or a CI job are the operator's, as typed ones are")
    checks.append(Check("policy headless", OK, f"{headless} (from {sources['headless']}): {meaning}"))
    checks.extend(Check("policy ignored", WARN, note, _ignored_fix(note, project_file)) for note in ignored)
    return checks


def _setting_fix(key: str, value: str, source: str) -> str:
    """How to set a key back where the value in force came from (a file, or a variable)."""
    if source.startswith("environment "):
        return f"unset {source.split()[1]} (or set it to {value})"
    if source.startswith("project environment "):
        return f"remove {source.split()[2]} from {source.split('(set by ', 1)[1].rstrip(')')}"
    path = source.split(" file ", 1)[1] if " file " in source else "~/.config/lanegate/config.toml"
    shown = f'"{value}"' if value not in ("true", "false") else value
    return f"set {key} = {shown} in {path}"


def _ignored_fix(note: str, project_file: str) -> str:
    """Where the ignored value sits, so it can go: the project's lanegate.toml, or the file that set a variable."""
    set_by = re.search(r"\(set by (?P<path>[^)]+)\)", note)
    if set_by:
        return (f"remove {note.split()[1]} from {set_by.group('path')}: a project's files may only make the gate "
                f"stricter ({DOCS_CONFIG})")
    key = re.match(r"project lanegate\.toml (?P<key>[a-z_]+)", note)
    what = f"`{key.group('key')}`" if key else "it"
    return (f"remove {what} from {project_file} (a project may only make the gate stricter), or set it in "
            f"~/.config/lanegate/config.toml ({DOCS_CONFIG})")


def config_key_checks(warnings: Sequence[str], user_file: str = "", project_file: str = PROJECT_FILE) -> list[Check]:
    """Unknown keys and unparseable values in the config files and variables, with the nearest key."""
    def where(note: str) -> str:
        if note.startswith("user config"):
            return user_file or "your user config"
        if note.startswith("project lanegate.toml"):
            return project_file
        return f"the environment ({note.split()[1].rstrip(':')})" if note.startswith("env ") else "where it is set"

    return [Check("config", WARN, note, f"correct the key or value in {where(note)} ({DOCS_CONFIG})")
            for note in warnings if "unknown" in note or "unparseable" in note]


def env_check(entry: EnvEntry, weakening: bool, note: str | None) -> Check:
    """A variable a harness puts in the hook's environment from one of its files (revision 3)."""
    name = f"{entry.harness} env"
    detail = f"{entry.name}={entry.value!r} from {entry.path}"
    if entry.name == UNREAD_ENV_FILE:
        return Check(name, FAIL if entry.in_project else WARN, f"{entry.path} is {entry.value}: lanegate cannot read "
                     "the variables the harness loads from it, so each one is treated as the project's",
                     f"make {entry.path} a plain .env file of a few kB")  # fmt: skip
    if loads_library(entry.name) and entry.in_project:
        return Check(name, FAIL, f"{detail}: a file the judged agent can write sets a dynamic-loader variable; "
                     f"{entry.harness} starts every process with it, lanegate's hook included, and the library it "
                     "names runs before the hook can decide anything (it can end the stop with no decision and no "
                     "audit line): no hook can hold against this",
                     f"remove {entry.name} from {entry.path}, and run the agent in the harness's sandbox so it "
                     "cannot write the harness's project settings or .env files")  # fmt: skip
    if entry.name.startswith(INTERPRETER_PREFIX) and entry.in_project:
        return Check(name, WARN, f"{detail}: a file the judged agent can write sets an interpreter variable; "
                     "lanegate's own interpreter ignores it (python -I), other programs the harness starts may not",
                     f"remove {entry.name} from {entry.path}")  # fmt: skip
    if entry.name not in ("PATH", *OTHER_NAMES) and shapes_shell(entry.name, shell_names(entry.harness)) and (
            entry.in_project):
        return Check(name, WARN, f"{detail}: a file the judged agent can write shapes the shell the agent's commands "
                     "run in, so a bare `gh` there is no material artifact and no PR fetch (only an absolute "
                     "gh_paths entry counts)", f"remove {entry.name} from {entry.path}")  # fmt: skip
    if entry.name == "PATH":
        if not entry.in_project:
            return Check(name, OK, f"{detail}: your own settings")
        return Check(name, WARN, f"{detail}: a file the judged agent can write decides which `lanegate` a "
                     "registration by name runs, and which `gh` the agent's commands run (a bare `gh` there is no "
                     "material artifact)", f"remove PATH from {entry.path}, or register for yourself with "
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


def mcp_checks(harness: str, servers: Mapping[str, str], review_tools: Sequence[str]) -> list[Check]:
    """A project-scoped MCP server named like a configured review tool (docs/DESIGN.md#evidence): a review through it is
    no review, so the agent's project cannot approve its own work; doctor names the file."""
    from fnmatch import fnmatchcase

    from hook.project_mcp import UNREADABLE, server_of, serves, tool_prefixes

    found = []
    if UNREADABLE in servers:
        found.append(Check(f"{harness} mcp", WARN, f"{servers[UNREADABLE]}: lanegate cannot read which MCP servers "
                           "it configures, so no review tool counts as a review", f"fix {servers[UNREADABLE]}"))
    for tool in review_tools:
        wanted = server_of(tool)
        for name, path in servers.items():
            if name == UNREADABLE:
                continue
            spelled = tool_prefixes(name)[0].removeprefix("mcp__").removesuffix("__")
            if serves(name, tool) or (wanted is not None and fnmatchcase(spelled, wanted.lower())):
                found.append(Check(f"{harness} mcp", WARN, f"MCP server {name} (configured by {path}) carries the "
                                   f"name of review tool {tool}: a review through it is no review",
                                   f"configure review servers in your own settings, not in {path}"))  # fmt: skip
    return found


def foreign_stop_hook_checks(spec: HarnessSpec, found: Sequence[Registration]) -> list[Check]:
    """A stop hook of the project's own beside lanegate's (issue 30): it runs at every stop and can end the
    turn whatever lanegate decided (Claude Code: `{"continue": false}` outranks a block). A warning, not a
    failure: most such hooks format or notify, and which one overrides cannot be told without running it."""
    return [Check(f"{spec.harness} stop hook", WARN, f"{reg.path} registers its own {reg.event} hook "
                  f"`{reg.command}`; it runs beside lanegate at every stop and can end a turn lanegate refused "
                  "(an answer of {\"continue\": false} outranks a block)",
                  f"move it to your own settings if you trust it, else remove it from {reg.path}; register hooks "
                  "through managed settings with allowManagedHooksOnly to keep project hooks from running")
            for reg in found]  # fmt: skip


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
    ends a chain of blocks itself; a client without one never does, so there lanegate bounds a chain even when
    max_refusals is 0 (docs/DESIGN.md#tests)."""
    if cap is None:
        if max_refusals:
            return None
        from hook.decision import UNCAPPED_CEILING

        return Check(f"{harness} ceiling", WARN, f"max_refusals 0 (no ceiling), but {harness} has no cap of its own "
                     f"and would take refusals without end: lanegate bounds the chain at {UNCAPPED_CEILING} there",
                     f"set max_refusals to the bound you want ({DOCS_CONFIG})")
    if 0 < max_refusals <= cap:
        return None
    shown = "0 (no ceiling)" if max_refusals == 0 else str(max_refusals)
    return Check(f"{harness} ceiling", WARN, f"max_refusals {shown}, but {harness} overrides the "
                 f"{cap + 1}th consecutive block itself: the chain ends there, not at lanegate's ceiling",
                 f"set max_refusals to {cap} or less to keep the ceiling lanegate's ({DOCS_CONFIG})")


def timeout_checks(spec: HarnessSpec, found: Sequence[Registration], project_flag: str = "") -> list[Check]:
    """A registered timeout the harness kills the hook at before it has decided; install repairs it in the
    file it sits in."""
    checks = []
    for reg in found:
        if reg.timeout is None or reg.timeout >= HOOK_DEADLINE_SECONDS:
            continue
        status = FAIL if reg.timeout < COLD_STOP_SECONDS else WARN
        shown = f"{reg.timeout * 1000:g} ms" if spec.timeout_scale == 1000 else f"{reg.timeout:g} s"
        bound = "a cold stop (1-3 s)" if status == FAIL else "the hook's own 20 s deadline"
        flags = layer_flags(reg.layer, project_flag)
        fix = (f"lanegate install --harness {spec.harness}{flags} (registers 30 s), or raise the timeout"
               if flags is not None else f"raise the timeout in {reg.path}")
        checks.append(Check(f"{spec.harness} timeout", status, f"{reg.event} in {reg.path}: timeout {shown} is "
                            f"shorter than {bound}: the harness can kill a stop with a phrase before it is judged "
                            "or audited", fix))
    return checks


def committed_command_checks(
    spec: HarnessSpec, found: Sequence[Registration], home: str, project_flag: str = ""
) -> list[Check]:
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
                                f"lanegate install --harness {spec.harness}{project_flag} (writes `lanegate`, found "
                                f"on PATH), or {personal} for yourself only"))
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
