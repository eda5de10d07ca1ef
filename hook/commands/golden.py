"""`lanegate golden`: run the golden terminal corpus through the hook's own entry point (docs/DESIGN.md#golden).

Each case is one TOML file in golden/ (see golden/README.md for the keys). The runner writes the case's
session in a temporary folder as its harness (`harness`, default Claude Code) writes it, builds that
harness's Stop payload (both through Harness.case_writer), and calls hook.core.handle — the function
`lanegate hook` calls — in this process with an env whose audit log, state and config live in that
folder, so spaCy loads once for the whole corpus and nothing touches ~/.lanegate. It prints a
confusion table of expected against got class and every mismatch with its reason; exit 1 on any.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import tomllib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from hook.audit import CLASSES
from hook.commands.serve import user_server
from hook.harness import ADAPTERS, FALLBACK, get_harness
from hook.harness.steps import DEFAULT_START, StepError
from lanegate_common.terminal import escaped, json_escaped
from warmparse.use import WarmUse

if TYPE_CHECKING:
    from hook.harness import CaseWriter, Harness

DEFAULT_DIR = "golden"
# The keys every case may have; its harness's case writer adds its own (CaseWriter.keys).
CASE_KEYS = frozenset(
    {
        "id", "note", "harness", "final", "prompt", "record", "env", "stops", "stop_hook_active", "start",
        "user_config", "project_config", "expect",
    }
)  # fmt: skip
VERDICTS = ("fire", "exempt", "none")
NO_FINDING = "none"
# Seconds between the final record and the stop: the hook runs just after the text is written.
STOP_DELAY = timedelta(seconds=2)
PASSED_ENV = ("LANEGATE_SPACY_MODEL",)  # the only outside setting a case inherits


def _finding(line: Mapping[str, Any], key: str) -> object:
    finding = line.get("finding")
    if not isinstance(finding, Mapping):
        return NO_FINDING if key == "verdict" else None
    return finding.get(key)


# expect key -> how to read the got value from the final audit line (classes: from every stop).
GETTERS: Mapping[str, Callable[[Mapping[str, Any]], object]] = {
    "class": lambda line: line["class"],
    "tag": lambda line: line["tag"],
    "phrase": lambda line: line.get("phrase"),
    "verdict": lambda line: _finding(line, "verdict"),
    "form": lambda line: _finding(line, "form"),
    "rule": lambda line: _finding(line, "rule"),
    "mode": lambda line: _finding(line, "mode"),
    # revision 2: the families of the stop's observe-mode findings, in order
    "observed": lambda line: [o.get("family") for o in line.get("observed", [])],
    "operator_in_loop": lambda line: line.get("operator_in_loop"),
    "mid_chain": lambda line: line.get("mid_chain"),
    "autonomous_handoff": lambda line: line.get("autonomous_handoff"),
    "lane_continuation": lambda line: line.get("lane_continuation"),
    "claim_form": lambda line: (line.get("claim") or {}).get("form"),
    "claim_text": lambda line: (line.get("claim") or {}).get("text"),
}
EXPECT_KEYS = frozenset({*GETTERS, "classes", "reason_has", "warning_has"})


class CaseError(ValueError):
    """A golden file that cannot be run as written; the message names the file and the key."""


@dataclass(frozen=True)
class Case:
    """One golden case as loaded from its file."""

    id: str
    path: str
    final: str
    data: Mapping[str, Any]

    @property
    def expect(self) -> Mapping[str, Any]:
        return self.data["expect"]  # type: ignore[no-any-return]


@dataclass
class Result:
    """What one case gave: the expected and got values of every expect key, and what differs."""

    id: str
    path: str
    expected_class: str | None
    got_class: str | None
    mismatches: list[str] = field(default_factory=list)
    reason: str | None = None
    finding_reason: str | None = None

    @property
    def passed(self) -> bool:
        return not self.mismatches


# ---- loading ---------------------------------------------------------------------------------------


def load_case(path: str) -> Case:
    """Parse and check one case file; CaseError names what is wrong."""
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise CaseError(f"cannot read: {exc}") from None
    known = CASE_KEYS | _writer_of(data, "check", "").keys
    unknown = sorted(set(data) - known)
    if unknown:
        raise CaseError(f"unknown keys {unknown} (known: {sorted(known)})")
    stem = os.path.splitext(os.path.basename(path))[0]
    case_id, final, expect = data.get("id"), data.get("final"), data.get("expect")
    if case_id != stem:
        raise CaseError(f"id {case_id!r} must equal the file name {stem!r}")
    if not isinstance(final, str):
        raise CaseError("final (the final assistant text) must be a string")
    if not isinstance(expect, Mapping) or "class" not in expect or "tag" not in expect:
        raise CaseError("[expect] must give at least class and tag")
    bad = sorted(set(expect) - EXPECT_KEYS)
    if bad:
        raise CaseError(f"[expect] has unknown keys {bad} (known: {sorted(EXPECT_KEYS)})")
    if expect["class"] not in CLASSES:
        raise CaseError(f"expect.class {expect['class']!r} is not one of {list(CLASSES)}")
    verdict = expect.get("verdict")
    if verdict is not None and verdict not in VERDICTS:
        raise CaseError(f"expect.verdict {verdict!r} is not one of {list(VERDICTS)}")
    phrase = expect.get("phrase")
    if phrase is not None and verdict is None:
        raise CaseError("expect.phrase needs expect.verdict (fire, exempt, or none for no finding)")
    if phrase is not None and normalize(phrase) not in normalize(final):
        raise CaseError(f"expect.phrase {phrase!r} does not occur in final")
    return Case(case_id, path, final, data)


def normalize(text: str) -> str:
    """Lower case, straight apostrophes, single spaces: how a phrase is looked for in a case's text."""
    return " ".join(text.replace("\u2019", "'").lower().split())


def case_files(directory: str) -> list[str]:
    return sorted(os.path.join(directory, n) for n in os.listdir(directory) if n.endswith(".toml"))


# ---- running ---------------------------------------------------------------------------------------


def _harness(data: Mapping[str, Any]) -> Harness:
    name = data.get("harness", FALLBACK)
    if name not in ADAPTERS:
        raise CaseError(f"harness {name!r} is not one of {list(ADAPTERS)}")
    return get_harness(name)


def _writer_of(data: Mapping[str, Any], session: str, folder: str) -> CaseWriter:
    start = data.get("start", DEFAULT_START)
    if not isinstance(start, str):
        raise CaseError("start must be a timestamp string")
    return _harness(data).case_writer(session, start, folder)


def _writer(case: Case, folder: str) -> CaseWriter:
    data = case.data
    writer = _writer_of(data, f"golden-{case.id}", folder)
    prompt = data.get("prompt")
    if prompt is not None:
        if not isinstance(prompt, str):
            raise CaseError("prompt must be a string")
        # A [WAKE] comes from a peer, not from someone typing: it carries no human origin.
        wake = prompt.startswith("[WAKE]")
        writer.step({"wake": prompt.removeprefix("[WAKE]").lstrip()} if wake else {"user": prompt})
    records = data.get("record", [])
    if not isinstance(records, list):
        raise CaseError("record must be an array of tables ([[record]])")
    for number, step in enumerate(records, 1):
        try:
            writer.step(step)
        except StepError as exc:
            raise CaseError(f"record {number}: {exc}") from None
    return writer


def _env(case: Case, folder: str, harness_env: Mapping[str, str]) -> dict[str, str]:
    env = {
        "HOME": os.path.join(folder, "home"),
        "LANEGATE_AUDIT_LOG": os.path.join(folder, "audit.jsonl"),
        "LANEGATE_STATE_DIR": os.path.join(folder, "state"),
        "LANEGATE_CONFIG": os.path.join(folder, "user.toml"),
        **harness_env,
    }
    env.update({k: os.environ[k] for k in PASSED_ENV if k in os.environ})
    extra = case.data.get("env", {})
    if not isinstance(extra, Mapping) or not all(isinstance(v, str) for v in extra.values()):
        raise CaseError("env must be a table of strings")
    env.update(extra)
    return env


def run_case(case: Case, folder: str, warm: WarmUse | None = None) -> Result:
    """Build the case in `folder` and judge its stop(s) with hook.core.handle; compare with [expect].

    warm: the parse server the stops may use (never start); None parses in this process.
    """
    return compare(case, judge_case(case, folder, warm))


def judge_case(case: Case, folder: str, warm: WarmUse | None = None) -> list[dict[str, Any]]:
    """The audit line of each of the case's stops, judged in `folder` (what `golden add` shows a person
    before they confirm a case)."""
    from hook.core import handle

    os.makedirs(os.path.join(folder, "project"), exist_ok=True)
    for key, name in (("user_config", "user.toml"), ("project_config", os.path.join("project", "lanegate.toml"))):
        if key in case.data:
            with open(os.path.join(folder, name), "w", encoding="utf-8") as fh:
                fh.write(str(case.data[key]))
    writer = _writer(case, folder)
    stops = case.data.get("stops", 1)
    if not isinstance(stops, int) or stops < 1:
        raise CaseError("stops must be a whole number >= 1")
    project = os.path.join(folder, "project")
    lines: list[dict[str, Any]] = []
    for number in range(stops):
        if number:
            writer.refused(str(lines[-1]["reason"]))
        writer.final(case.final)
        transcript = os.path.join(folder, writer.filename)
        with open(transcript, "wb") as fh:
            fh.write(writer.to_bytes())
        try:
            stop = writer.stop(case.data, transcript, project, again=number > 0)
        except StepError as exc:
            raise CaseError(str(exc)) from None
        payload = json.dumps(stop.payload).encode("utf-8")
        harness = _harness(case.data).name
        env = _env(case, folder, stop.env)
        outcome = handle(payload, harness, env, now=writer.last_time + STOP_DELAY, warm=warm)
        lines.append(outcome.line.to_dict())
    return lines


def compare(case: Case, lines: Sequence[Mapping[str, Any]]) -> Result:
    """The mismatches between [expect] and the audit lines of the case's stops (the last one decides)."""
    line = lines[-1]
    expect = case.expect
    result = Result(case.id, case.path, expect["class"], line["class"], reason=line.get("reason"))
    result.finding_reason = _finding(line, "reason")  # type: ignore[assignment]
    verdict = expect.get("verdict")
    for key, getter in GETTERS.items():
        if key not in expect or (key == "phrase" and verdict == NO_FINDING):
            continue
        got = getter(line)
        if got != expect[key]:
            result.mismatches.append(f"{key}: expected {expect[key]!r}, got {got!r}")
    if verdict == NO_FINDING and line.get("phrase") is not None:
        result.mismatches.append(f"phrase: expected no finding, got {line.get('phrase')!r}")
    if "classes" in expect:
        got_classes = [x["class"] for x in lines]
        if got_classes != list(expect["classes"]):
            result.mismatches.append(f"classes: expected {list(expect['classes'])}, got {got_classes}")
    if "reason_has" in expect and str(expect["reason_has"]) not in str(line.get("reason")):
        result.mismatches.append(f"reason_has: {expect['reason_has']!r} is not in the reason")
    if "warning_has" in expect and not any(str(expect["warning_has"]) in w for w in line.get("warnings", [])):
        result.mismatches.append(f"warning_has: no warning contains {expect['warning_has']!r}")
    return result


def run_corpus(directory: str, pattern: str | None = None, warm: WarmUse | None = None) -> list[Result]:
    """Every case of the directory (those whose id contains `pattern`), each in its own temp folder."""
    results = []
    with tempfile.TemporaryDirectory(prefix="lanegate-golden-") as root:
        for number, path in enumerate(case_files(directory)):
            stem = os.path.splitext(os.path.basename(path))[0]
            if pattern and pattern not in stem:
                continue
            folder = os.path.join(root, f"{number:04d}")
            try:
                results.append(run_case(load_case(path), folder, warm))
            except CaseError as exc:
                results.append(Result(stem, path, None, None, [f"case file: {exc}"]))
    return results


# ---- reporting -------------------------------------------------------------------------------------

INVALID = "(invalid)"


def confusion(results: Sequence[Result]) -> dict[str, dict[str, int]]:
    """expected class -> got class -> count (a case that could not run counts under INVALID)."""
    table: dict[str, Counter[str]] = {}
    for r in results:
        table.setdefault(r.expected_class or INVALID, Counter())[r.got_class or INVALID] += 1
    return {k: dict(v) for k, v in table.items()}


def render_table(results: Sequence[Result]) -> str:
    table = confusion(results)
    names = [c for c in CLASSES if c in table or any(c in row for row in table.values())]
    if any(INVALID in row for row in table.values()) or INVALID in table:
        names.append(INVALID)
    width = max(len(n) for n in [*names, "expected \\ got"])
    header = "expected \\ got".ljust(width) + "".join(f"  {n:>{max(len(n), 5)}}" for n in names) + "  total"
    rows = [header]
    for expected in names:
        row = table.get(expected)
        if not row:
            continue
        cells = "".join(f"  {row.get(n, 0) or '.':>{max(len(n), 5)}}" for n in names)
        rows.append(expected.ljust(width) + cells + f"  {sum(row.values()):>5}")
    return "\n".join(rows)


def render_text(results: Sequence[Result], directory: str, seconds: float) -> str:
    failed = [r for r in results if not r.passed]
    out = [
        f"golden: {len(results)} cases from {directory} in {seconds:.1f} s: "
        f"{len(results) - len(failed)} passed, {len(failed)} mismatched",
        "",
        render_table(results),
    ]
    for r in failed:
        out += ["", f"MISMATCH {r.id}  ({r.path})"]
        out += [f"  {m}" for m in r.mismatches]
        if r.reason:
            out.append(f"  hook reason: {_tail(r.reason)}")
        if r.finding_reason:
            out.append(f"  analyzer: {r.finding_reason}")
    return "\n".join(out)


def to_json(results: Sequence[Result], directory: str, seconds: float) -> dict[str, Any]:
    return {
        "schema": 1,
        "dir": directory,
        "cases": len(results),
        "passed": sum(r.passed for r in results),
        "seconds": round(seconds, 3),
        "table": confusion(results),
        "mismatches": [
            {
                "id": r.id,
                "path": r.path,
                "expected_class": r.expected_class,
                "got_class": r.got_class,
                "mismatches": r.mismatches,
                "reason": r.reason,
                "analyzer": r.finding_reason,
            }
            for r in results
            if not r.passed
        ],
    }


def _tail(text: str, limit: int = 300) -> str:
    """The end of a reason: directives close with the rule or trigger that decided."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else "…" + flat[-(limit - 1) :]


# ---- command line ----------------------------------------------------------------------------------


def configure(parser: argparse.ArgumentParser) -> None:
    from hook.commands import golden_add

    # One list for `add` and its stop: argparse cannot place a second optional positional after options.
    parser.add_argument("words", nargs="*", metavar="add SESSION/N",
                        help="add: turn a recorded stop into a golden case (lanegate golden add SESSION/N, or "
                        "golden add --replay TRANSCRIPT N)")
    parser.add_argument("--dir", default=DEFAULT_DIR, help="the folder of golden case files (default: golden)")
    parser.add_argument("-k", dest="pattern", help="only the cases whose id contains this text")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    golden_add.configure(parser)
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Exit 0 when every case matches, 1 on any mismatch, 2 when the folder holds no case; `golden add`
    writes one case (hook/commands/golden_add.py)."""
    if args.words:
        if args.words[0] != "add" or len(args.words) > 2:
            print(f"lanegate golden: {' '.join(args.words)!r}: the only action is add (lanegate golden add "
                  "SESSION/N); run the corpus with no words", file=sys.stderr)
            return 2
        from hook.commands.golden_add import run as add

        args.stop = args.words[1] if len(args.words) > 1 else None
        return add(args)
    if not os.path.isdir(args.dir):
        print(f"lanegate golden: {args.dir} is not a folder (the golden cases live in a lanegate source "
              "checkout, under golden/: run this there, or name your own folder of case files with --dir)",
              file=sys.stderr)
        return 2
    started = time.perf_counter()
    results = run_corpus(args.dir, args.pattern, user_server(os.environ))
    if not results:
        print(f"lanegate golden: no case in {args.dir}" + (f" matches -k {args.pattern}" if args.pattern else ""),
              file=sys.stderr)  # fmt: skip
        return 2
    seconds = time.perf_counter() - started
    if args.json:
        print(json_escaped(json.dumps(to_json(results, args.dir, seconds), indent=2, ensure_ascii=False)))
    else:
        print(escaped(render_text(results, args.dir, seconds)))
    return 0 if all(r.passed for r in results) else 1
