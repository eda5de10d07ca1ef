"""Black-box acceptance scenarios for `lanegate hook` (docs/DESIGN.md#walk, docs/DESIGN.md#the-decision,
docs/DESIGN.md#exits).

Each file in tests/blackbox/ is one scenario written from the contract alone (see tests/blackbox/README.md):
the stdin payload (or raw stdin), the transcript records, the environment and config files, and the
expected exit code, stdout and last audit line. Multi-stop scenarios list earlier stops under "before";
they share the scenario's transcript path, state folder and audit log.

The hook runs as a subprocess (`python -m hook.cli hook`, the `lanegate hook` console script) on an isolated
seat (tests/seat.py): HOME, the user config, the project directory, the audit log and the state folder all
inside a temporary folder, and an environment of the seat's own, so a user's own lanegate configuration can
never leak in. Scenarios run concurrently (each in its own
folder, each scenario's stops in order; see ScenarioRuns); every test then asserts its scenario's results.

A scenario whose texts may need a parse (the `model` mark's test, tests/conftest.py) and that asks nothing of
the process itself (no raw or BOM-prefixed stdin, no exit status but 0, no stderr expectation, no interpreter
variable, no missing CLAUDE_PROJECT_DIR, no state damaged between stops) runs `hook.cli.main(["hook", …])` in
this process instead, with the same environment, working folder, stdin and captured streams (`_hook_here`): as
a process it would load spaCy for a decision the process adds nothing to. The process's own facts are the other
scenarios' (and tests/test_evidence.py's, test_hook_e2e.py's for a stop that parses).
"""

from __future__ import annotations

import base64
import concurrent.futures
import datetime
import functools
import io
import json
import os
import pathlib
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest

from tests.scenario_texts import scenario_may_parse
from tests.seat import Seat

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
SCENARIO_DIR = HERE / "blackbox"
SCENARIOS = sorted(SCENARIO_DIR.glob("*.json"))
PYTHON = sys.executable
TIMEOUT = 60
WORKERS = max(2, min(4, (os.cpu_count() or 2) + 1))
# Held while a stop runs in this process (os.environ is the stop's own then) and while a scenario run in a
# thread reads os.environ for its seat's environment.
ENVIRON = threading.Lock()

PLACEHOLDERS = ("$AGENT_TRANSCRIPT", "$TRANSCRIPT", "$PROJECT", "$MISSING", "$TMP")
# {{NOW-10m}} -> an ISO timestamp relative to the wall clock (ms precision); {{NOW+2m|min}} -> minute precision;
# {{NOW+5m|cron}} -> the one-shot cron of that minute (UTC), as Claude Code lists a pending wake-up
NOW_TOKEN = re.compile(r"\{\{NOW([+-]\d+)m(\|min|\|cron)?\}\}")
CRON_TOKEN = re.compile(r"\{\{NOW([+-]\d+)m(\|cron)\}\}")


def _now_sub(match: re.Match[str]) -> str:
    t = datetime.datetime.now(datetime.UTC) + datetime.timedelta(minutes=int(match.group(1)))
    if match.group(2) == "|cron":
        return f"{t.minute} {t.hour} * * *"
    if match.group(2):
        return t.strftime("%Y-%m-%dT%H:%MZ")
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"


def _load(path: pathlib.Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _subst(value: Any, table: dict[str, str]) -> Any:
    if isinstance(value, str):
        if "{{NOW" in value:
            value = NOW_TOKEN.sub(_now_sub, value)
        for key in PLACEHOLDERS:
            if key in value:
                value = value.replace(key, table[key])
        return value
    if isinstance(value, list):
        return [_subst(v, table) for v in value]
    if isinstance(value, dict):
        return {k: _subst(v, table) for k, v in value.items()}
    return value


def _write_jsonl(path: pathlib.Path, records: list[Any], partial_tail: str | None = None) -> None:
    chunks: list[bytes] = []
    for rec in records:
        if isinstance(rec, dict) and "$raw" in rec:
            chunks.append(rec["$raw"].encode("utf-8") + b"\n")
        elif isinstance(rec, dict) and "$raw_b64" in rec:
            chunks.append(base64.b64decode(rec["$raw_b64"]) + b"\n")
        else:
            chunks.append(json.dumps(rec, ensure_ascii=False).encode("utf-8") + b"\n")
    if partial_tail:
        chunks.append(partial_tail.encode("utf-8"))
    path.write_bytes(b"".join(chunks))


def _audit_lines(path: pathlib.Path) -> list[bytes]:
    try:
        data = path.read_bytes()
    except OSError:
        return []
    return [line for line in data.split(b"\n") if line.strip()]


def asks_of_the_process(sc: dict[str, Any]) -> bool:
    """Whether a scenario expects something of the hook as a process: raw or BOM-prefixed stdin, an exit status
    but 0, a stderr line, an interpreter variable, no CLAUDE_PROJECT_DIR, state damaged between its stops."""
    steps = [*sc.get("before", []), sc]
    return (
        any(key in step for step in steps for key in ("raw_stdin", "raw_stdin_b64", "stdin_bom"))
        or any(step["expect"].get("exit", 0) != 0 or "stderr" in step["expect"] for step in steps)
        or any(step.get("corrupt_state_after") for step in steps)
        or any(key.startswith("PYTHON") for key in sc.get("env", {}))
        or bool(sc.get("no_claude_project_dir"))
    )


@functools.cache
def runs_here(path: pathlib.Path) -> bool:
    """Whether a scenario's stops run in this process (module docstring)."""
    return scenario_may_parse(path) and not asks_of_the_process(_load(path))


def _hook_here(args: list[str], stdin: bytes, env: dict[str, str], cwd: pathlib.Path) -> tuple[int, bytes, bytes]:
    """`python -m hook.cli ARGS` as `hook.cli.main(ARGS)` in this process: its environment, working folder and
    stdin the stop's, stdout and stderr captured (the hook writes both through sys.stdout and sys.stderr)."""
    from hook.cli import main

    out, err = io.StringIO(), io.StringIO()
    previous = os.getcwd()
    with ENVIRON:
        os.chdir(cwd)
        try:
            with (
                mock.patch.dict(os.environ, env, clear=True),
                mock.patch.object(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin))),
                mock.patch.object(sys, "stdout", out),
                mock.patch.object(sys, "stderr", err),
            ):
                code = main(args)
        finally:
            os.chdir(previous)
    return code, out.getvalue().encode("utf-8", "surrogateescape"), err.getvalue().encode("utf-8", "surrogateescape")


def _run_scenario(sc: dict[str, Any], tmp: pathlib.Path, *, here: bool = False) -> list[dict[str, Any]]:
    # A cron token names one minute: resolved once for the whole scenario, so its expectation holds the same one.
    sc = json.loads(CRON_TOKEN.sub(_now_sub, json.dumps(sc))) if "|cron}}" in json.dumps(sc) else sc
    seat = Seat(tmp)
    project = seat.project
    table = {
        "$TRANSCRIPT": str(tmp / "transcript.jsonl"),
        "$AGENT_TRANSCRIPT": str(tmp / "agent-a7c31f9.jsonl"),
        "$PROJECT": str(project),
        "$MISSING": str(tmp / "no-such-dir" / "missing.jsonl"),
        "$TMP": str(tmp),
    }
    if "user_config" in sc:
        seat.user_config.write_text(sc["user_config"], encoding="utf-8")
    if "project_config" in sc:
        seat.project_config.write_text(sc["project_config"], encoding="utf-8")
    for name, content in sc.get("make_files", {}).items():
        (tmp / name).write_text(content, encoding="utf-8")

    with ENVIRON:
        env = seat.env(CLAUDE_PROJECT_DIR=str(project), PYTHONPATH=str(ROOT))  # `python -m hook.cli`: this checkout
    if sc.get("no_claude_project_dir"):
        env.pop("CLAUDE_PROJECT_DIR")
    env.update(_subst(sc.get("env", {}), table))
    audit_path = pathlib.Path(env["LANEGATE_AUDIT_LOG"])
    if "audit_seed" in sc:
        audit_path.write_text(sc["audit_seed"], encoding="utf-8")

    harness = sc.get("harness", "claude")
    cmd = [PYTHON, "-m", "hook.cli", "hook"]
    if harness not in (None, "auto"):
        cmd += ["--harness", harness]

    results: list[dict[str, Any]] = []
    steps = [*sc.get("before", []), sc]
    for index, step in enumerate(steps):
        transcript = step.get("transcript", sc.get("transcript"))
        if transcript is not None:
            _write_jsonl(
                tmp / "transcript.jsonl",
                _subst(transcript, table),
                step.get("transcript_partial_tail", sc.get("transcript_partial_tail") if step is sc else None),
            )
        if sc.get("agent_transcript") is not None:
            _write_jsonl(tmp / "agent-a7c31f9.jsonl", sc["agent_transcript"])
        if "raw_stdin_b64" in step:
            stdin = base64.b64decode(step["raw_stdin_b64"])
        elif "raw_stdin" in step:
            stdin = step["raw_stdin"].encode("utf-8")
        else:
            payload = _subst(step.get("payload", sc.get("payload")), table)
            stdin = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        if step.get("stdin_bom"):
            stdin = b"\xef\xbb\xbf" + stdin
        before = len(_audit_lines(audit_path))
        if here:
            code, stdout, stderr = _hook_here(cmd[3:], stdin, env, project)
        else:
            proc = subprocess.run(cmd, input=stdin, capture_output=True, cwd=str(project), env=env, timeout=TIMEOUT)
            code, stdout, stderr = proc.returncode, proc.stdout, proc.stderr
        lines = _audit_lines(audit_path)
        results.append(
            {
                "step": index if step is not sc else "final",
                "expect": step["expect"],
                "exit": code,
                "stdout": stdout.decode("utf-8", "replace"),
                "stderr": stderr.decode("utf-8", "replace"),
                "added": len(lines) - before,
                "last_audit": lines[-1].decode("utf-8", "replace") if lines else None,
            }
        )
        if step.get("corrupt_state_after"):
            for p in sorted((tmp / "state").rglob("*")):
                if p.is_file():
                    p.write_bytes(b'{"refusals": 2, "boundary": \x00\x00 torn')
    return results


class ScenarioRuns:
    """The scenarios' runs, a few at a time in threads, each at most once in this process.

    Where this process runs every selected black-box test (no pytest-xdist, or `--dist loadgroup`, which
    hands the module's tests to one worker whole: conftest groups a module's tests that share a fixture of
    their own), the first test starts them all, side by side; otherwise (another `--dist`) each test runs
    its own scenario only, so no scenario runs on two workers. A scenario that runs in this process
    (`runs_here`) runs in the main thread when its test asks for it (the stop owns os.environ meanwhile).
    """

    def __init__(self, base: pathlib.Path, selected: list[pathlib.Path]) -> None:
        self.base = base
        self.selected = selected
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=WORKERS)
        self.runs: dict[pathlib.Path, concurrent.futures.Future[list[dict[str, Any]]]] = {}
        self.here: dict[pathlib.Path, list[dict[str, Any]]] = {}

    def result(self, path: pathlib.Path, *, all_here: bool) -> list[dict[str, Any]]:
        for scenario in self.selected if all_here else [path]:
            if scenario not in self.runs and not runs_here(scenario):
                self.runs[scenario] = self.pool.submit(_run_scenario, _load(scenario), self._folder(scenario))
        if runs_here(path):
            if path not in self.here:
                self.here[path] = _run_scenario(_load(path), self._folder(path), here=True)
            return self.here[path]
        return self.runs[path].result()

    def _folder(self, scenario: pathlib.Path) -> pathlib.Path:
        tmp = self.base / scenario.stem
        tmp.mkdir()
        return tmp


@pytest.fixture(scope="session")
def scenario_runs(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ScenarioRuns]:
    """The selected scenarios (a `-m`/`-k` selection runs only its own), run on first use."""
    selected = {item.callspec.params["path"] for item in request.session.items
                if item.nodeid.split("[")[0].endswith("::test_blackbox")}
    runs = ScenarioRuns(tmp_path_factory.mktemp("blackbox"), [p for p in SCENARIOS if p in selected])
    yield runs
    runs.pool.shutdown(cancel_futures=True)


def _all_here(request: pytest.FixtureRequest) -> bool:
    """Whether this process runs every selected black-box test: not an xdist worker, or one whose tests
    carry their group (`…@group`, `--dist loadgroup`), so it was sent the whole module."""
    return not hasattr(request.config, "workerinput") or "@" in request.node.nodeid.rsplit("]", 1)[-1]


def _describe(r: dict[str, Any], audit: dict[str, Any] | None) -> str:
    return (
        f"step {r['step']}: exit={r['exit']} stdout={r['stdout'][:600]!r} stderr={r['stderr'][-400:]!r}\n"
        f"audit class={audit and audit.get('class')!r} tag={audit and audit.get('tag')!r} "
        f"reason={(audit or {}).get('reason', '')[:300]!r} warnings={(audit or {}).get('warnings')!r}"
    )


def _check(r: dict[str, Any]) -> None:
    exp = r["expect"]
    audit = None
    if r["last_audit"] is not None:
        try:
            audit = json.loads(r["last_audit"])
        except ValueError:
            audit = {"class": "<unparseable last line>", "tag": r["last_audit"][:200]}
    info = _describe(r, audit)

    assert r["exit"] == exp.get("exit", 0), info

    want = exp["stdout"]
    out = r["stdout"].strip()
    if want == "empty":
        assert out == "", info
    elif want == "system_message":
        obj = json.loads(out) if out else None
        assert isinstance(obj, dict), info
        assert sorted(obj) == ["systemMessage"], info
        assert isinstance(obj["systemMessage"], str), info
    else:
        assert out != "", info
        obj = json.loads(out)
        if "equals" in want:
            assert obj == want["equals"], info
        if "decision" in want:
            assert obj.get("decision") == want["decision"], info
        if "keys" in want:
            assert sorted(obj) == sorted(want["keys"]), info
        for sub in want.get("reason_contains", []):
            assert isinstance(obj.get("reason"), str), info
            assert sub in obj["reason"], f"reason lacks {sub!r}\n{info}"

    if exp.get("audit") is not None:
        assert audit is not None, f"no audit line\n{info}"
        assert audit.get("class") == exp["audit"]["class"], info
        assert audit.get("tag") == exp["audit"]["tag"], info
        for key, value in exp["audit"].get("fields", {}).items():
            assert audit.get(key) == value, f"audit field {key}: want {value!r}, got {audit.get(key)!r}\n{info}"
        warnings = audit.get("warnings")
        if exp["audit"].get("warnings_nonempty"):
            assert isinstance(warnings, list) and len(warnings) >= 1, info
        joined = " ".join(json.dumps(w) for w in (warnings or [])).lower()
        for word in exp["audit"].get("warnings_mention", []):
            assert word.lower() in joined, f"warnings do not name {word!r}\n{info}"
    if "audit_lines_added" in exp:
        assert r["added"] == exp["audit_lines_added"], info
    if exp.get("stderr") == "one-line":
        err = r["stderr"].strip()
        assert err != "" and "\n" not in err, info


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_blackbox(path: pathlib.Path, scenario_runs: ScenarioRuns, request: pytest.FixtureRequest) -> None:
    for r in scenario_runs.result(path, all_here=_all_here(request)):
        _check(r)


def test_scenarios_are_well_formed() -> None:
    assert len(SCENARIOS) >= 80
    for path in SCENARIOS:
        sc = _load(path)
        assert sc["name"] == path.stem
        assert sc["spec"] and isinstance(sc["expect"], dict)
        assert ("payload" in sc) or ("raw_stdin" in sc) or ("raw_stdin_b64" in sc)
