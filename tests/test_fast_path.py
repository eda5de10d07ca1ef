"""The fence around the per-stop path (docs/DESIGN.md#performance: a stop without a candidate phrase in ≤ 80 ms).

A whole `lanegate hook` process is run for a stop of each harness, as `lanegate install` registers it
(`--harness NAME`) and as detection finds it, and the modules it imported (sys.modules, with
`python -X importtime` for the figures in a failure) and the data files it opened (an audit hook) are
read from it. The fence then says three things:

* which of lanegate's own modules are on the path, by name, for hook/, lanegate_common/ and warmparse/
  (PER_STOP below); the analyzer's share is read from the process and held to a budget (a count, and no
  module that needs spaCy), not named, so the analyzer can arrange its own files;
* what the path never imports (FORBIDDEN): spaCy and the standard modules whose import alone costs a
  large share of the budget — dataclasses/inspect (hence lanegate_common.frozen), typing (hence
  `TYPE_CHECKING = False` and the module `__getattr__` literals), tomllib (hence the JSON twins of the
  built-in TOML files), contextlib, argparse, orjson, datetime, signal, importlib (hence `_datetime`, `_signal`
  and `__import__`);
* that those tricks are used exactly there: a module of hook/ or lanegate_common/ off the path is
  ordinary Python (real typing imports, dataclasses, TOML), and a JSON twin in hook/ belongs to a TOML
  file the path reads.

A stop with a phrase is fenced up to its parse (the parse itself is spaCy's or the warm server's): the
stub below stands in for warmparse.route so the process never loads the model.
The stop's time is measured by scripts/bench, not here.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from hook.state import state_file_name
from tests.test_rollout import Rollout
from tests.transcript_builder import TranscriptBuilder

ROOT = Path(__file__).resolve().parents[1]
FINAL = "Parser lane next."

# lanegate's own modules outside analyzer/ that every stop imports, and each harness's own (registered
# with --harness: only its module is imported).
COMMON = frozenset({
    "hook", "hook.audit", "hook.cli", "hook.commands", "hook.commands.hook", "hook.config", "hook.core",
    "hook.deadline", "hook.decision", "hook.deference", "hook.directives", "hook.exits", "hook.harness",
    "hook.lanestate", "hook.project_env", "hook.state", "hook.transcript", "hook.transcript.checkpoint",
    "hook.transcript.reader",
    "hook.transcript.records", "hook.transcript.tail", "hook.transcript.tools", "hook.transcript.walk",
    "lanegate_common", "lanegate_common.builtin_data", "lanegate_common.frozen",
    "lanegate_common.patterns",  # compiled patterns kept between stops: 27 M instructions a stop less
    "lanegate_common.derived",  # values derived from the data files kept between stops: 8 M instructions a stop less
    "warmparse", "warmparse.use",  # how a stop may use the warm server: the record only, no client
})
# A turn that ran a gh command (Claude Code's and Codex's below): its line is read as bash reads it; a plain
# line without the grammar (hook.transcript.bash.plain_words), so tree-sitter stays off the path.
GH_READ = frozenset({"hook.transcript.bash"})
# A Claude Code payload without background_tasks (the stops below send none, as clients before 2.1.x did): the
# records the stop reads name the work in flight (docs/DESIGN.md#claims, revision 3).
BACKGROUND_READ = frozenset({"hook.harness.claude.background"})
PER_STOP = {
    "claude": COMMON | GH_READ | BACKGROUND_READ | {"hook.harness.claude", "hook.harness.claude.prompts"},
    "codex": COMMON | GH_READ | {"hook.harness.codex"},
    "gemini": COMMON | {"hook.harness.gemini"},
    "cursor": COMMON | {"hook.harness.cursor"},
}
# Without --harness, detection asks the adapters in ADAPTERS order through their facts files' [claims] tables and
# falls back to Claude Code: it imports only the adapter it chose (the other three cost a stop about 3 M instructions).
DETECTED_CLAUDE = PER_STOP["claude"]
# A stop with a phrase, up to its parse: the analyzer's pre-filter and candidates, and the route to the parse.
# A turn that created a pull request: gh's own flag rules decide whether it created one.
ARTIFACT_EXTRA = frozenset({"hook.transcript.gh"})
PHRASE_EXTRA = frozenset({"warmparse.route", "lanegate_common.digest"})  # the lexicon digests itself once built
# Top-level packages never imported on the path.
FORBIDDEN = ("spacy", "thinc", "numpy", "dataclasses", "inspect", "typing", "tomllib", "contextlib", "argparse",
             "orjson", "tree_sitter", "tree_sitter_bash",
             # issue 27: modules whose C core does what a stop needs (_datetime, _signal, __import__): datetime.py
             # runs its pure-Python copy first, signal builds three IntEnum classes, importlib brings warnings
             # (about 8 M instructions of a no-phrase stop together)
             "datetime", "signal", "importlib", "warnings")
ANALYZER_BUDGET = 8  # modules of analyzer/ a stop without a phrase may import (6 when this was written)
ANALYZER_PHRASE_BUDGET = 12  # and a stop with a phrase, up to its parse
ALL_BUDGET = 51  # every module a no-phrase stop adds to those the interpreter has when the fence program starts
# (`_interpreter_own`: 56 on the development machine, 57 under a distribution's Python whose sitecustomize loads at
# start-up — the machine's, not lanegate's). Counted in all (109 at 56) it was 115 before hook.project_env, the
# project's env layer of docs/DESIGN.md#configuration revision 3; 116 before lanegate_common.patterns, which saves
# the stop more than the module costs; 117 before issue 27 took datetime, math, signal, importlib and its two,
# warnings and heapq off the path and put gc on it; 53 (a detected Claude Code stop) before detection read the
# adapters' [claims] tables instead of importing the other three adapters, and 50 before lanegate_common.derived,
# which saves the stop more than the module costs.

# The child process: record the data files opened, run the hook (deriving every value lanegate_common.derived keeps
# between stops, as the first stop of an installation does), then print what it imported.
PROGRAM = """
import json, sys
opened = []
def watch(event, args):
    if event == "open" and isinstance(args[0], str) and args[0].endswith((".json", ".toml")):
        opened.append(args[0])
sys.addaudithook(watch)
import lanegate_common.derived
lanegate_common.derived._stored = {}  # an empty store: the stop derives its values, reading the data files
if sys.argv[1] == "stub-parse":
    import types
    stub = types.ModuleType("warmparse.route")
    def analyze_text(*args, **kwargs):
        raise RuntimeError("stub: the parse is spaCy's or the warm server's, outside the fence")
    stub.analyze_text = analyze_text
    sys.modules["warmparse.route"] = stub
from hook.cli import main
try:
    main(["hook", *sys.argv[2:]])
finally:
    sys.stderr.write("\\nFENCE " + json.dumps({"modules": sorted(sys.modules), "opened": opened}) + "\\n")
"""


@dataclass(frozen=True)
class Stop:
    """What one whole `lanegate hook` process imported and opened, and what it decided."""

    modules: frozenset[str]
    opened: tuple[str, ...]
    stdout: str
    audit: Mapping[str, Any]
    self_us: Mapping[str, int]  # python -X importtime: each module's own import time
    folder: Path  # the stop's HOME, audit log and state folder

    def ours(self, *packages: str) -> set[str]:
        return {m for m in self.modules if m.split(".")[0] in packages}

    def slowest(self) -> str:
        top = sorted(self.self_us.items(), key=lambda item: -item[1])[:8]
        return ", ".join(f"{name} {us} µs" for name, us in top)


@cache
def _interpreter_own() -> frozenset[str]:
    """The modules this interpreter holds when the fence program starts (its `import json, sys`), before lanegate."""
    done = subprocess.run([sys.executable, "-c", "import json, sys; print(json.dumps(sorted(sys.modules)))"],
                          capture_output=True, text=True, cwd=ROOT, env={"PATH": os.environ.get("PATH", "")},
                          timeout=60, check=True)  # fmt: skip
    return frozenset(json.loads(done.stdout))


def _run(tmp: Path, payload: Mapping[str, Any], args: list[str], *, stub: bool = False) -> Stop:
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp), "LANEGATE_CONFIG": str(tmp / "none.toml"),
           "LANEGATE_AUDIT_LOG": str(tmp / "audit.jsonl"), "LANEGATE_STATE_DIR": str(tmp / "state"),
           "LANEGATE_PARSE_SERVER": "off"}
    (tmp / "audit.jsonl").unlink(missing_ok=True)
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", PROGRAM, "stub-parse" if stub else "-", *args],
        input=json.dumps(payload).encode(), capture_output=True, cwd=ROOT, env=env, timeout=60, check=True,
    )
    err = done.stderr.decode()
    found = json.loads(err.rsplit("\nFENCE ", 1)[1])
    self_us = {}
    for line in err.splitlines():
        match = re.match(r"import time:\s+(\d+) \|\s+\d+ \|\s*(\S+)", line)
        if match:
            self_us[match.group(2)] = int(match.group(1))
    audit = json.loads((tmp / "audit.jsonl").read_text().splitlines()[-1])
    return Stop(frozenset(found["modules"]), tuple(os.path.relpath(p, ROOT) for p in found["opened"]),
                done.stdout.decode(), audit, self_us, tmp)


def _payloads(tmp: Path, final: str) -> dict[str, dict[str, Any]]:
    """An autonomous turn of each harness that ran one shell command and ends on `final`."""
    claude = TranscriptBuilder().wake().bash("gh pr view 12", "OPEN").assistant_text(final)
    rollout = Rollout().user("[WAKE] ping").exec("gh pr view 12", "OPEN").assistant(final)
    cursor = [{"role": "user", "message": {"content": [{"type": "text", "text": "<user_query>[WAKE] ping"}]}},
              {"role": "assistant", "message": {"content": [{"type": "text", "text": final}]}}]
    (tmp / "c.jsonl").write_text("".join(json.dumps(line) + "\n" for line in cursor))
    return {
        "claude": {"session_id": "s1", "transcript_path": str(claude.write(tmp / "t.jsonl")), "cwd": str(tmp),
                   "hook_event_name": "Stop", "stop_hook_active": False, "last_assistant_message": final},
        "codex": {"session_id": "s1", "turn_id": "t1", "model": "gpt-5-codex", "hook_event_name": "Stop",
                  "transcript_path": str(rollout.write(tmp / "r.jsonl")), "cwd": str(tmp),
                  "last_assistant_message": final},
        "gemini": {"session_id": "g1", "transcript_path": "", "cwd": str(tmp), "hook_event_name": "AfterAgent",
                   "prompt": "[WAKE] ping", "prompt_response": final, "stop_hook_active": False},
        "cursor": {"conversation_id": "c1", "loop_count": 0, "status": "completed", "hook_event_name": "stop",
                   "transcript_path": str(tmp / "c.jsonl"), "workspace_roots": [str(tmp)]},
    }


@pytest.fixture(scope="module")
def stops(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Stop]:
    """Each harness's registered no-phrase stop, Claude Code's detected one, and a phrase stop to its parse."""
    runs = {}
    for name, payload in _payloads(tmp_path_factory.mktemp("fence"), FINAL).items():
        runs[name] = _run(tmp_path_factory.mktemp(name), payload, ["--harness", name])
    tmp = tmp_path_factory.mktemp("detected")
    runs["detected"] = _run(tmp, _payloads(tmp, FINAL)["claude"], [])
    tmp = tmp_path_factory.mktemp("artifact")
    created = TranscriptBuilder().wake().bash("gh pr create --fill", "https://github.com/o/r/pull/7")
    runs["artifact"] = _run(tmp, {"session_id": "s1", "transcript_path": str(created.assistant_text(FINAL).write(
        tmp / "t.jsonl")), "cwd": str(tmp), "hook_event_name": "Stop", "stop_hook_active": False,
        "last_assistant_message": FINAL}, ["--harness", "claude"])
    tmp = tmp_path_factory.mktemp("phrase")
    runs["phrase"] = _run(tmp, _payloads(tmp, "Tests pass, your call on the lane.")["claude"], [], stub=True)
    return runs


@pytest.mark.parametrize("name", list(PER_STOP))
def test_a_registered_stop_without_a_phrase_imports_exactly_the_fenced_modules(stops: dict[str, Stop],
                                                                                name: str) -> None:
    stop = stops[name]
    assert (stop.audit["harness"], stop.audit["class"], stop.audit["tag"]) == (name, "BLOCK", "no-lane-state")
    assert stop.ours("hook", "lanegate_common", "warmparse") == PER_STOP[name], stop.slowest()


@pytest.mark.parametrize("name", [*PER_STOP, "detected", "phrase", "artifact"])
def test_no_stop_imports_a_forbidden_module(stops: dict[str, Stop], name: str) -> None:
    stop = stops[name]
    assert sorted(m for m in stop.modules if m.split(".")[0] in FORBIDDEN) == [], stop.slowest()


@pytest.mark.parametrize("name", [*PER_STOP, "detected"])
def test_a_stop_without_a_phrase_keeps_to_its_module_budget(stops: dict[str, Stop], name: str) -> None:
    stop = stops[name]
    analyzer = stop.ours("analyzer")
    assert "analyzer.text.candidates" in analyzer or "analyzer" in analyzer  # the pre-filter ran
    added = stop.modules - _interpreter_own()
    assert (len(analyzer) <= ANALYZER_BUDGET, len(added) <= ALL_BUDGET) == (True, True), (
        f"{len(analyzer)} analyzer modules {sorted(analyzer)}, {len(added)} added; {stop.slowest()}")


def test_a_created_pull_request_adds_only_gh_s_flag_rules(stops: dict[str, Stop]) -> None:
    stop = stops["artifact"]
    assert (stop.audit["class"], stop.audit["tag"]) == ("MATERIAL-ALLOW", "material-artifact")
    assert stop.ours("hook", "lanegate_common", "warmparse") == PER_STOP["claude"] | ARTIFACT_EXTRA
    assert [m for m in stop.modules if m.split(".")[0] == "tree_sitter"] == []


def test_detection_adds_only_the_adapters_it_asked(stops: dict[str, Stop]) -> None:
    stop = stops["detected"]
    assert (stop.audit["harness"], stop.audit["tag"]) == ("claude", "no-lane-state")
    assert stop.ours("hook", "lanegate_common", "warmparse") == DETECTED_CLAUDE


def test_a_stop_keeps_its_gh_fetch_as_evidence_for_the_next_stop(stops: dict[str, Stop]) -> None:
    """The cheap path still reads the turn's tool calls: the fetch is in the state the next stop resumes."""
    state = json.loads((stops["claude"].folder / "state" / state_file_name("s1")).read_text())
    assert [call[2]["command"] for call in state["resume"]["calls"]] == ["gh pr view 12"]


def test_a_stop_with_a_phrase_reaches_its_parse_without_spacy(stops: dict[str, Stop]) -> None:
    stop = stops["phrase"]
    assert (stop.audit["class"], stop.audit["tag"]) == ("ERROR", "internal-error")
    assert stop.audit["reason"].startswith("RuntimeError: stub: the parse")
    assert stop.ours("hook", "lanegate_common", "warmparse") == DETECTED_CLAUDE | PHRASE_EXTRA
    assert len(stop.ours("analyzer")) <= ANALYZER_PHRASE_BUDGET, sorted(stop.ours("analyzer"))


# ---- the tricks are used exactly on the path ------------------------------------------------------------

TRICKS = {
    "TYPE_CHECKING = False": re.compile(r"^TYPE_CHECKING = False", re.M),
    "lanegate_common.frozen": re.compile(r"^from lanegate_common\.frozen import", re.M),
    "module __getattr__": re.compile(r"^def __getattr__\(", re.M),
}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_modules_off_the_path_are_ordinary_python(stops: dict[str, Stop]) -> None:
    """hook/ and lanegate_common/: the import-cost tricks only where a stop imports the module."""
    on_path = set().union(*(s.modules for s in stops.values()))
    misplaced = []
    for path in sorted([*(ROOT / "hook").rglob("*.py"), *(ROOT / "lanegate_common").rglob("*.py")]):
        name = _module_name(path)
        if name in on_path:
            continue
        text = path.read_text(encoding="utf-8")
        misplaced += [f"{name}: {trick}" for trick, pattern in TRICKS.items() if pattern.search(text)]
    assert misplaced == []


def test_every_json_twin_in_hook_belongs_to_a_toml_the_path_reads(stops: dict[str, Stop]) -> None:
    opened = {p for s in stops.values() for p in s.opened}
    twins = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "hook").rglob("*.json")
                   if '"generated by scripts/builtin-json' in p.read_text(encoding="utf-8")[:200])
    assert twins and [t for t in twins if t not in opened] == []
