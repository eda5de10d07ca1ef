"""`lanegate doctor`: is the gate registered, enabled, enforcing, and biting? (docs/DESIGN.md#doctor)

It reads every settings layer of every harness found for the project and the user, runs each
registered command line once on a synthetic autonomous stop with a temporary audit log and state
folder, resolves the lanegate policy with the source of each value, looks the spaCy model up without
loading it, and reads the last 48 hours of the audit log. It writes nothing outside its own temporary
folder. Exit 0 when no check fails, 1 otherwise.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

from analyzer.api import model_candidates
from hook.commands import doctor_checks as checks
from hook.commands.doctor_checks import Check, ProbeResult
from hook.commands.harness_settings import (
    EnvEntry,
    HarnessSpec,
    Registration,
    disabled_by,
    env_entries,
    foreign_stop_hooks,
    harness_specs,
    plain_hook_argv,
    read_layers,
    registrations,
)
from hook.harness import FALLBACK, ProbeStop, ProbeTurn, get_harness, harness_facts
from hook.project_mcp import project_servers
from lanegate_common.terminal import escaped, json_escaped

TEETH_WINDOW = timedelta(hours=48)
# The doctor answers in seconds: a probe that takes longer than this has failed, whatever the
# registered timeout allows a live stop.
PROBE_TIMEOUT = 10.0
PROBE_SESSION = "lanegate-doctor-probe"
PROBE_PROMPT = "[WAKE] lanegate doctor probe"
PROBE_REPLY = "Doctor probe: the parser tests pass."
POLICY_KEYS = ("mode", "deference", "lane_continuation", "max_refusals", "headless")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--project", metavar="DIR", help="the project to check (default: the current directory)")
    parser.add_argument("--json", action="store_true", help="print the checks as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    project = os.path.abspath(args.project or os.getcwd())
    if not os.path.isdir(project):
        print(f"lanegate doctor: --project {args.project}: no such directory", file=sys.stderr)
        return 2
    results = diagnose(project, os.environ)
    if args.json:
        data = {"schema": 1, "project": project, "ok": checks.exit_code(results) == 0,
                "checks": [c.to_dict() for c in results], "policy": resolved_policy(os.environ, project)}
        print(json_escaped(json.dumps(data, indent=2, ensure_ascii=False)))
    else:
        sys.stdout.write(escaped(render_text(project, results)))
    return checks.exit_code(results)


def diagnose(project: str, env: Mapping[str, str]) -> list[Check]:
    """Every check, in the order a person reads them: harnesses, policy, model, locations, teeth."""
    from hook.config import PROJECT_FILE, load_config, user_config_path

    home = env.get("HOME") or os.path.expanduser("~")
    results: list[Check] = []
    found_by_harness = []
    entries: list[EnvEntry] = []
    for spec in harness_specs().values():
        layers = read_layers(spec, home=home, project=project, env=env)
        entries.extend(env_entries(spec, layers, project=project, home=home))
        if layers:
            found_by_harness.append((spec, layers, registrations(spec, layers)))
    # The probes run side by side: each is a whole `lanegate hook` process, and the doctor answers in seconds.
    with ThreadPoolExecutor(max_workers=max(1, len(found_by_harness))) as pool:
        probes = {spec.harness: pool.submit(probe, spec, found, project, env)
                  for spec, _, found in found_by_harness if found}
    config = load_config(env, project)
    # The fixes name the project when the doctor looks at one that is not the current directory.
    here = os.path.realpath(os.getcwd()) == os.path.realpath(project)
    flag = "" if here else f" --project {shlex.quote(project)}"
    for spec, layers, found in found_by_harness:
        results.extend(checks.layer_checks(spec, layers))
        results.extend(checks.foreign_stop_hook_checks(spec, foreign_stop_hooks(spec, layers)))
        if not found:
            results.append(checks.unregistered_check(spec, layers, flag))
            continue
        results.append(checks.registration_check(spec, found, flag))
        twice = checks.duplicate_check(spec, found, flag)
        if twice:
            results.append(twice)
        results.append(checks.switch_check(spec, disabled_by(spec, layers, found)))
        main = next((r for r in found if r.event == spec.events[0]), found[0])
        results.append(checks.probe_check(spec, probes[spec.harness].result(), main.layer, flag))
        results.extend(checks.committed_command_checks(spec, found, home, flag))
        results.extend(checks.timeout_checks(spec, found, flag))
        ceiling = checks.ceiling_check(spec.harness, config.max_refusals, get_harness(spec.harness).install.block_cap)
        if ceiling:
            results.append(ceiling)
        reminder = checks.trust_check(spec)
        if reminder:
            results.append(reminder)
    if not probes:
        results.insert(0, Check("registration", checks.FAIL, "lanegate is registered in no harness's settings "
                                "for this project or user", checks.install_fix(FALLBACK, flag)))
    results.extend(checks.env_check(entry, *env_effect(entry, env, project)) if entry.name != "PATH"
                   else checks.env_check(entry, False, None) for entry in entries)
    for spec, _, _ in found_by_harness:  # docs/DESIGN.md#evidence: project MCP servers named like a review tool
        servers = project_servers(project, harness_facts(get_harness(spec.harness)).project_mcp)
        results.extend(checks.mcp_checks(spec.harness, servers, config.review_tools))
    policy = {key: getattr(config, key) for key in POLICY_KEYS}
    ignored = [w for w in config.warnings if "ignored" in w and "unknown" not in w]
    project_file = os.path.join(project, PROJECT_FILE)
    results.extend(checks.policy_checks(policy, policy_sources(env, project), ignored, project_file))
    results.extend(checks.config_key_checks([*config.warnings, *unknown_variables(env)], user_config_path(env),
                                            project_file))
    summary = recent_summary(config.audit_log, datetime.now(UTC))
    results.append(checks.identity_check(config.identity, summary))
    models = model_candidates(config.spacy_model)
    results.append(checks.model_check(models, next((m for m in models if _installed(m)), None)))
    results.append(checks.location_check("state dir", config.state_dir, folder_problem(config.state_dir)))
    results.append(checks.location_check("audit log", config.audit_log, file_problem(config.audit_log)))
    results.append(checks.teeth_check(summary, config.audit_log))
    return results


def env_effect(entry: EnvEntry, env: Mapping[str, str], project: str) -> tuple[bool, str | None]:
    """Whether the variable weakens the gate, and what the hook says of it: it is put through the hook's
    own rules as a project value over the user's settings (allow_project_weakening set aside)."""
    from hook.config import (
        ENV_PREFIX,
        load_defaults,
        ordered_by_strictness,
        read_toml,
        resolve_config,
        user_config_path,
    )

    notes: list[str] = []
    user = dict(read_toml(user_config_path(env), "user config", notes) or {})
    user.pop("allow_project_weakening", None)
    trusted = {k: v for k, v in env.items() if k in ("HOME", "XDG_CONFIG_HOME")}
    config = resolve_config(load_defaults(), user, None, trusted, {entry.name: (entry.value, entry.path)})
    said = [w for w in config.warnings if entry.name in w]
    note = said[0] if said else None
    weakening = note is not None and "ignored" in note and "unknown" not in note
    if not entry.in_project:  # the user's own file: only a looser policy is worth a warning
        key = entry.name.removeprefix(ENV_PREFIX).lower()
        weakening = weakening and entry.name.startswith(ENV_PREFIX) and ordered_by_strictness(key)
    return weakening, note


def unknown_variables(env: Mapping[str, str]) -> list[str]:
    """LANEGATE_* variables of this environment that no setting reads, with the nearest known one."""
    from hook.config import SETTINGS, did_you_mean, env_name

    known = {env_name(key) for key in SETTINGS} | {"LANEGATE_CONFIG", "LANEGATE_SPACY_MODEL"}
    return [f"env {name}: unknown variable ignored{did_you_mean(name, sorted(known))}"
            for name in env if name.startswith("LANEGATE_") and name not in known]


# ---- the registered command, run once ----------------------------------------------------------------


def probe(spec: HarnessSpec, found: Sequence[Registration], project: str, env: Mapping[str, str]) -> ProbeResult:
    """Run the command registered for the harness's main stop event on a synthetic autonomous stop.

    The audit log and state folder are a temporary folder's (LANEGATE_AUDIT_LOG / _STATE_DIR win over
    every config file), so the user's log and counters are untouched; the folder is removed after.
    """
    main = next((r for r in found if r.event == spec.events[0]), found[0])
    timeout = min(main.timeout or PROBE_TIMEOUT, PROBE_TIMEOUT)
    with tempfile.TemporaryDirectory(prefix="lanegate-doctor-") as tmp:
        stop = probe_stop(spec.harness, os.path.join(tmp, "transcript.jsonl"), project)
        payload = stop.payload
        audit = os.path.join(tmp, "audit.jsonl")
        run_env = {**env, **stop.env, "LANEGATE_AUDIT_LOG": audit, "LANEGATE_STATE_DIR": os.path.join(tmp, "state")}
        argv = plain_hook_argv(main.command)
        if argv is None:
            return ProbeResult(main.command, None, "", "", None, "is not a plain `lanegate hook` command line "
                               "(it holds other shell syntax or arguments), so the doctor does not run it")
        if _inside(argv[0], project):
            return ProbeResult(main.command, None, "", "", None, "runs a program inside the project, which the "
                               "judged agent can write, so the doctor does not run it")
        started = time.monotonic()
        try:
            proc = subprocess.run(argv, input=json.dumps(payload).encode(), capture_output=True,
                                  cwd=project, env=run_env, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            return ProbeResult(main.command, None, "", "", None, f"did not answer within {timeout:g} s")
        except FileNotFoundError:
            return ProbeResult(main.command, checks.COMMAND_NOT_FOUND, "", "", None)
        except OSError as exc:
            return ProbeResult(main.command, None, "", "", None, f"could not start: {exc}")
        return ProbeResult(
            main.command, proc.returncode, proc.stdout.decode("utf-8", "replace"),
            proc.stderr.decode("utf-8", "replace"), _last_line(audit), seconds=time.monotonic() - started,
        )


def probe_stop(harness: str, transcript: str, project: str) -> ProbeStop:
    """The stop the harness would send after an autonomous turn that ends without a lane-state block."""
    stamp = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    turn = ProbeTurn(PROBE_SESSION, PROBE_PROMPT, PROBE_REPLY, stamp)
    return get_harness(harness).probe_stop(turn, transcript, project)


def _inside(program: str, project: str) -> bool:
    """A program path (relative ones resolve from the project, where the probe runs) within the project."""
    path = os.path.realpath(os.path.join(project, program)) if os.sep in program else None
    root = os.path.realpath(project)
    return path is not None and (path == root or path.startswith(root + os.sep))


def _last_line(path: str) -> Mapping[str, Any] | None:
    try:
        with open(path, "rb") as fh:
            lines = [line for line in fh.read().split(b"\n") if line.strip()]
    except OSError:
        return None
    try:
        value = json.loads(lines[-1]) if lines else None
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


# ---- policy sources ------------------------------------------------------------------------------------


def resolved_policy(env: Mapping[str, str], project: str) -> dict[str, dict[str, Any]]:
    """The policy in force, each value with where it came from (the JSON form of the policy lines)."""
    from hook.config import load_config

    config = load_config(env, project)
    sources = policy_sources(env, project)
    return {key: {"value": getattr(config, key), "source": sources[key]} for key in POLICY_KEYS}


def policy_sources(env: Mapping[str, str], project: str) -> dict[str, str]:
    """Which layer each policy value came from (`lanegate config show` says it for every key)."""
    from hook.commands.config_show import read_layers, sources

    return sources(read_layers(env, project), POLICY_KEYS)


# ---- the model, the locations, the audit log ------------------------------------------------------------


def _installed(model: str) -> bool:
    """The model package is importable (found, not loaded)."""
    try:
        return importlib.util.find_spec(model) is not None
    except (ImportError, ValueError):
        return False


def folder_problem(path: str) -> str | None:
    """Why the state folder cannot be kept there, or None: an existing real folder we can write, or a
    missing one whose nearest existing parent we can write."""
    if os.path.islink(path):
        return "is a symbolic link (state is never written through a link)"
    if os.path.exists(path):
        if not os.path.isdir(path):
            return "exists and is not a folder"
        return None if os.access(path, os.W_OK | os.X_OK) else "is not writable"
    return _creatable(path)


def file_problem(path: str) -> str | None:
    """Why the audit log cannot be appended there, or None."""
    if os.path.islink(path) and not os.path.exists(path):
        return "is a dangling symbolic link"
    if os.path.exists(path):
        if not os.path.isfile(path):
            return "exists and is not a regular file"
        return None if os.access(path, os.W_OK) else "is not writable"
    return _creatable(path)


def _creatable(path: str) -> str | None:
    parent = os.path.dirname(os.path.abspath(path))
    while not os.path.exists(parent):
        parent = os.path.dirname(parent)
    if not os.path.isdir(parent):
        return f"cannot be created: {parent} is not a folder"
    return None if os.access(parent, os.W_OK | os.X_OK) else f"cannot be created: {parent} is not writable"


def recent_summary(path: str, now: datetime) -> Mapping[str, Any]:
    """The audit summary of the last 48 h, reading the log backwards only as far as that window."""
    from hook.commands.audit import summarize
    from hook.transcript.tail import BackwardLines

    since = now - TEETH_WINDOW
    kept: list[bytes] = []
    try:
        with open(path, "rb") as fh:
            for _, raw in BackwardLines(fh, os.fstat(fh.fileno()).st_size):
                if raw.strip():
                    if _older(raw, since):
                        break
                    kept.append(raw)
    except OSError:
        return {"lines": 0, "classes": {}, "tags": {}}
    return summarize(reversed(kept), since)


def _older(raw: bytes, since: datetime) -> bool:
    """A line stamped before the window ends the backward read (the log is appended in time order)."""
    try:
        stamp = json.loads(raw).get("ts")
        moment = datetime.fromisoformat(stamp)
    except (ValueError, TypeError, AttributeError):
        return False
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment < since


# ---- output ---------------------------------------------------------------------------------------------


def render_text(project: str, results: Sequence[Check]) -> str:
    width = max(len(c.name) for c in results)
    out = [f"lanegate doctor: {project}", ""]
    for check in results:
        out.append(f"{check.status:<4}  {check.name:<{width}}  {check.detail}")
        if check.fix:
            out.append(f"{'':<4}  {'':<{width}}  fix: {check.fix}")
    failed = sum(c.status == checks.FAIL for c in results)
    warned = sum(c.status == checks.WARN for c in results)
    out += ["", f"{failed} failed, {warned} warning(s), {len(results) - failed - warned} ok"]
    return "\n".join(out) + "\n"
