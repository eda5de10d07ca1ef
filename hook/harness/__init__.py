"""The seam between an agent harness and the shared decision core (docs/DESIGN.md#adapters).

An adapter does two small things: turn its Stop payload into a StopInput, and turn a Decision into the
stdout its harness understands (None = print nothing). Everything between is hook.core, shared by all.
A harness is one folder, hook/harness/<name>/: the adapter (HARNESS, in its __init__.py), its facts
(harness.toml: shell tools, project env files, project-dir variable, record tags), its settings table
(settings.toml) and its case writer (writer.py). To add one, write the folder and list it in ADAPTERS (the
recipe is in docs/INTERFACES.md).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence

from hook.decision import Decision
from lanegate_common.builtin_data import FACTS_FILE, load_builtin
from lanegate_common.frozen import field, frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from collections.abc import Collection
    from datetime import datetime
    from typing import Any, Protocol

    from hook.transcript.reader import Turn
    from hook.transcript.walk import WalkConfig

    # The adapter interface, for type checkers only: adapters are plain classes, checked structurally.
    class TurnReader(Protocol):
        def __call__(
            self,
            path: str,
            walk: WalkConfig,
            *,
            scan_from: int | None = None,
            resume: Mapping[str, Any] | None = None,
            evidence_tools: Collection[str] = (),
        ) -> Turn:
            """The turn at the end of the transcript at `path` (raises hook.transcript.reader.TranscriptError).

            Most are hook.transcript.reader.read_turn with the harness's decoder; `resume` is the previous
            stop's Turn.resume, so a stop reads only what was appended since (docs/DESIGN.md#performance).
            """
            ...

    class Harness(Protocol):
        name: str

        def claims(self, payload: Mapping[str, Any]) -> bool:
            """Whether this payload comes from this harness (for detection without --harness)."""
            ...

        def parse(self, payload: Mapping[str, Any], env: Mapping[str, str]) -> StopInput:
            """The shared input; raises PayloadError when the payload lacks what the harness always sends."""
            ...

        def render(self, decision: Decision) -> str | None:
            """The stdout for this decision, or None for none."""
            ...

        install: InstallTarget

        def install_entry(self, command: str) -> dict[str, Any]:
            """The hook entry `lanegate install` writes for `command` under each of install.events."""
            ...

        def probe_stop(self, turn: ProbeTurn, transcript: str, project: str) -> ProbeStop:
            """`lanegate doctor`'s synthetic stop: the payload this harness would send after `turn` in
            `project`, writing the transcript it names at `transcript` when the harness keeps one."""
            ...

        def recorded(self) -> RecordedSessions:
            """This harness's session files as `lanegate replay` recognises them (and reads them, when
            `readable`); imported on demand, never on the per-stop path."""
            ...

        def case_writer(self, session: str, start: str, cwd: str) -> CaseWriter:
            """A writer of this harness's session records from golden-case steps, starting at `start` in
            `cwd` (its folder's writer.py, imported on demand): the golden corpus holds cases for every
            harness through it."""
            ...

    class CaseWriter(Protocol):
        # The case keys this harness's stop reads besides the shared ones (hook.commands.golden.CASE_KEYS).
        keys: frozenset[str]
        filename: str  # the transcript file's name
        last_time: datetime  # the newest record's time (the stop comes just after it)

        def step(self, step: Mapping[str, Any]) -> None:
            """Append one `[[record]]` step's records (a case's `prompt` comes as a `user` or `wake` step);
            raises hook.harness.steps.StepError for a step it cannot write."""
            ...

        def final(self, text: str) -> None:
            """Append the agent's final text of the turn being judged."""
            ...

        def refused(self, reason: str) -> None:
            """Append what the harness writes after a refusal with `reason`, before the agent answers again."""
            ...

        def to_bytes(self) -> bytes:
            """The session file as written so far (whether the stop names it is the stop's business)."""
            ...

        def stop(self, case: Mapping[str, Any], transcript: str, project: str, again: bool) -> ProbeStop:
            """The payload (and the environment) of the stop after the final text, the session written at
            `transcript`, in `project`; `again`: a stop after a refusal of the same turn."""
            ...

    class RecordedSessions(Protocol):
        title: str  # the harness as people name it: "Claude Code"
        description: str  # what a file of these records is, in an error message: "a Claude Code transcript"
        readable: bool  # replay reads them; False: recognised only to say what a file holds

        def sniff(self, record: Mapping[str, Any], found: Sniffed) -> Sniffed | None:
            """`found` updated from one of the first records of a file; None: the record is not this format's."""
            ...

        # Only when readable:
        def scanner(self, walk: WalkConfig) -> TurnScanner:
            """A forward reader of one session file's records that finds its turn-ends."""
            ...

        def stop_payload(
            self, end: TurnEnd, session: str, cwd: str | None, path: str, number: int
        ) -> tuple[dict[str, Any], tuple[str, ...]]:
            """The Stop payload the harness would have sent at this turn-end of the session file copied to
            `path` (the turn's `number`, from 1), and what of it was inferred from the records, in words."""
            ...

    class TurnScanner(Protocol):
        def boundary(self, record: Mapping[str, Any] | None, offset: int) -> TurnEnd | None:
            """Feed one line's record (None: blank or not a JSON object) that starts at byte `offset`; a
            TurnEnd when that line closes a turn whose final text came before it."""
            ...

        def finish(self, offset: int) -> TurnEnd | None:
            """The turn-end at the end of the file (`offset`: its size), if one is pending."""
            ...


# name -> module. Without --harness, every adapter but the fallback is asked, in this order, whether a
# payload is its own (its harness.toml's [claims] table, read without importing the module: detect_harness);
# only the adapter chosen is imported; the fallback is Claude Code
# (docs/DESIGN.md#lanegate-cli). A harness is one folder: its payload, claim, transcript decoding, output, install
# target, facts, settings and case writer all live there (docs/INTERFACES.md has the recipe for adding one).
ADAPTERS: Mapping[str, str] = {
    "claude": "hook.harness.claude",
    "codex": "hook.harness.codex",
    "gemini": "hook.harness.gemini",
    "cursor": "hook.harness.cursor",
}
FALLBACK = "claude"
# Seconds a harness waits for the hook: the cold path (spaCy import, model load, parse) takes about a
# second on a small machine, so thirty leaves room without ever hanging a session for long.
HOOK_TIMEOUT_SECONDS = 30


@frozen
class InstallTarget:
    """Where one harness registers a hook (read by `lanegate install` and `lanegate doctor`)."""

    folder: str  # the settings folder under the project or the home directory
    filename: str
    events: tuple[str, ...]
    grouped: bool  # entries sit in matcher groups {"hooks": [...]} (Claude Code, Codex, Gemini)
    note: str  # printed after a successful install: what the user must still know or do
    home_env: str | None = None  # a variable that relocates the user-level folder (Codex has one)
    # The harness's session-start event, where install also registers `lanegate serve --background` so the
    # first stop with a phrase finds the parse server warm (docs/DESIGN.md#adapters, docs/DESIGN.md#performance,
    # revision 3); None: it has none.
    session_start: str | None = None
    top_level: tuple[tuple[str, object], ...] = ()  # keys the file must carry (Cursor: version 1)
    timeout_scale: int = 1  # units of the entry's timeout per second (Gemini counts milliseconds: 1000)
    # The client ends a chain of blocks itself after this many (Claude Code 2.1.328 overrides the 9th
    # consecutive block of a turn: docs/HARNESSES.md); None: no cap seen. doctor warns on a ceiling above it.
    block_cap: int | None = None


@frozen
class ProbeTurn:
    """The autonomous turn doctor's probe stops after: a prompt answered without a lane-state block."""

    session: str
    prompt: str
    reply: str
    stamp: str  # the records' time, ISO 8601 with milliseconds and Z


@frozen
class ProbeStop:
    """Doctor's synthetic stop for one harness: the payload and the environment the harness would set."""

    payload: Mapping[str, Any]
    env: Mapping[str, str] = field(default_factory=dict)


@frozen
class Sniffed:
    """What the first records of a session file say about it (`lanegate replay`)."""

    session: str | None = None
    cwd: str | None = None
    version: str | None = None


@frozen
class TurnEnd:
    """Where a recorded turn ended (`lanegate replay`): the prefix length in bytes, when, whether a refusal
    came before it, and what the harness's Stop payload would have carried then."""

    offset: int
    time: datetime | None
    stop_hook_active: bool
    final_text: str | None = None
    background: tuple[tuple[str, str], ...] = ()  # (task id, what started it), inferred
    scheduled: tuple[Mapping[str, Any], ...] = ()  # wake-ups and crons pending (session_crons' shape), inferred
    turn_id: str | None = None
    model: str | None = None


class PayloadError(ValueError):
    """The payload is not what the harness sends (audited as input-error, the stop allowed)."""


@frozen
class StopInput:
    """One turn-end, harness-neutral."""

    harness: str
    event: str
    session: str | None
    transcript_path: str
    # The harness's own transcript reader.
    read_turn: TurnReader
    project_dir: str | None = None
    final_text: str | None = None
    stop_hook_active: bool = False
    background_running: bool = False
    subagent: bool = False
    # Refusals in a row the harness itself reports for this chain (Cursor's loop_count): the ceiling
    # counts at least this many, even when the session state is missing.
    loop_count: int = 0
    # The harness gives nothing to judge (Cursor without a transcript, or a loop the user aborted or that
    # failed): allowed as `no-final-text`. Every other harness judges an empty turn like any other.
    unjudgeable: bool = False
    # The client's own context compaction, not a turn of the agent (Claude Code's /compact stop): allowed
    # as `compaction` before anything is read or judged (docs/DESIGN.md#payload, revision 3).
    compaction: bool = False
    # The running tasks the payload lists, for the audit line: ({"kind": "task", "id", "type"}, ...).
    tasks: tuple[Mapping[str, Any], ...] = ()
    # The harness's final text holds every answer of the turn so far (Gemini CLI's prompt_response on a retry:
    # the refused answer, a newline, the new one): only what follows the text the previous stop refused is judged.
    cumulative_text: bool = False
    # The wake-ups and crons of this session the client will fire (docs/DESIGN.md#scheduled-turns), as the payload lists
    # them: ({"kind": "scheduled", "id", "schedule", "recurring", "prompt"}, ...); None: the payload has no such list
    # (the transcript reader then infers them from the client's records).
    scheduled: tuple[Mapping[str, Any], ...] | None = None


@frozen
class Facts:
    """What a stop knows of its harness besides the adapter's code (hook/harness/<name>/harness.toml)."""

    # Tool names whose calls run a shell command line (the decoder gives such a call its ToolCall.command).
    shell_tools: frozenset[str]
    # Files in the project whose values the harness puts in its hook's environment: (path, format), the
    # formats of hook.project_env. A variable one of them sets is the project's (docs/DESIGN.md#configuration,
    # revision 3).
    project_env: tuple[tuple[str, str], ...]
    # The variable the harness sets to the project folder for its hook, if it sets one.
    project_dir_env: str | None
    # Its record tags, added to the shared walk rules (hook/transcript/walk.toml): a table of the same keys.
    walk: Mapping[str, Any]
    # Files in the project that configure MCP servers the harness connects: (path, format), the formats of
    # hook.project_mcp. A review through a server one of them names is no review (docs/DESIGN.md#evidence).
    project_mcp: tuple[tuple[str, str], ...] = ()
    # Variables the harness's own shell tool reads (a prefix command, a file it sources, the shell it runs): set
    # by a project layer, they shape the shell like bash's own (hook.project_env.shapes_shell).
    shell_names: frozenset[str] = frozenset()
    # How its payload is told from the others' when no --harness names it (the [claims] table, read by
    # payload_claimed); None: only the adapter's own `claims` tells.
    claims: Mapping[str, Any] | None = None


_FACTS: dict[str, Facts] = {}


def harness_facts(harness: Harness) -> Facts:
    """The harness's facts file, read once per process."""
    return _facts_at(harness_file(harness, FACTS_FILE))


def _facts_at(path: str) -> Facts:
    found = _FACTS.get(path)
    if found is None:
        data = load_builtin(path)
        found = _FACTS[path] = Facts(
            shell_tools=frozenset(data.get("shell_tools", ())),
            project_env=tuple((entry["path"], entry["format"]) for entry in data.get("project_env", ())),
            project_dir_env=data.get("project_dir_env"),
            walk=data.get("walk", {}),
            project_mcp=tuple((entry["path"], entry["format"]) for entry in data.get("project_mcp", ())),
            shell_names=frozenset(data.get("shell_names", ())),
            claims=data.get("claims"),
        )
    return found


def payload_claimed(claims: Mapping[str, Any], payload: Mapping[str, Any]) -> bool:
    """Whether a payload is the harness's by its [claims] table: it holds every key of `keys`, a string under
    every key of `strings`, and under every key of `values` one of the values listed there."""
    return (all(key in payload for key in claims.get("keys", ()))
            and all(isinstance(payload.get(key), str) for key in claims.get("strings", ()))
            and all(payload.get(key) in allowed for key, allowed in claims.get("values", {}).items()))


_WALKS: dict[str, WalkConfig] = {}


def harness_walk(harness: Harness) -> WalkConfig:
    """The walk rules for the harness's records: the shared ones and its own tags, built once per process."""
    found = _WALKS.get(harness.name)
    if found is None:
        from hook.transcript.walk import default_walk_config

        found = _WALKS[harness.name] = default_walk_config().with_tags(harness_facts(harness).walk)
    return found


def walk_for(name: str) -> WalkConfig:
    """harness_walk of the harness registered under `name`."""
    return harness_walk(get_harness(name))


def project_from_env(env: Mapping[str, str]) -> str | None:
    """The project folder a registered harness names in its hooks' environment (its project_dir_env), the
    first in registry order that is set; None when none is."""
    for name in ADAPTERS:
        variable = harness_facts(get_harness(name)).project_dir_env
        if variable and env.get(variable):
            return env[variable]
    return None


def every_project_mcp() -> tuple[tuple[str, str], ...]:
    """The project MCP files of every registered harness, in registry order (for `lanegate doctor`)."""
    return tuple(dict.fromkeys(entry for name in ADAPTERS for entry in harness_facts(get_harness(name)).project_mcp))


def every_project_env() -> tuple[tuple[str, str], ...]:
    """The project env files of every registered harness, in registry order (a command that is not one
    harness's stop: the files any harness would load)."""
    return tuple(dict.fromkeys(entry for name in ADAPTERS for entry in harness_facts(get_harness(name)).project_env))


def harness_file(harness: Harness, filename: str) -> str:
    """A data file of the harness: it lives in the harness's own folder, beside the module that defines it."""
    import os
    import sys

    module = sys.modules[type(harness).__module__]
    return os.path.join(os.path.dirname(os.path.abspath(module.__file__ or "")), filename)


def shell_names(name: str) -> frozenset[str]:
    """The variables the named harness's own shell tool reads (Facts.shell_names); none for an unknown name."""
    return harness_facts(get_harness(name)).shell_names if name in ADAPTERS else frozenset()


def get_harness(name: str) -> Harness:
    """The adapter registered under `name`; KeyError for an unknown name."""
    module = ADAPTERS[name]
    __import__(module)  # importlib.import_module without importing importlib and warnings at every stop
    return sys.modules[module].HARNESS  # type: ignore[no-any-return]


def detect_harness(payload: Mapping[str, Any]) -> Harness:
    """The first non-fallback adapter that claims the payload, else the fallback (Claude Code).

    An adapter is asked through its facts file's [claims] table, read without importing its module, so a
    payload costs only its own adapter's module (the other three cost a Claude Code stop about 3 M instructions);
    one whose facts file the registry cannot find before the import, or that has no such table, is imported and
    asked (its `claims`).
    """
    for name in ADAPTERS:
        if name == FALLBACK:
            continue
        facts = _facts_before_import(ADAPTERS[name])
        if facts is not None and facts.claims is not None:
            if payload_claimed(facts.claims, payload):
                return get_harness(name)
        elif (harness := get_harness(name)).claims(payload):
            return harness
    return get_harness(FALLBACK)


def _facts_before_import(module: str) -> Facts | None:
    """The facts of the adapter module `module`, found in the folder of its package when that package is
    imported (hook.harness's own adapters); None when it is not."""
    import os

    package, _, folder = module.rpartition(".")
    paths = getattr(sys.modules.get(package), "__path__", None) if package else None
    if not paths:
        return None
    path = os.path.join(os.path.abspath(next(iter(paths))), folder, FACTS_FILE)
    return _facts_at(path) if os.path.isfile(path) else None


def text_field(value: object) -> str | None:
    """A payload field that must be a non-empty string to mean anything."""
    return value if isinstance(value, str) and value else None


def session_key(payload: Mapping[str, Any], subagent: bool) -> str | None:
    """The state and audit session: a subagent runs beside its parent in one session, so its counters and
    chains are keyed `<session_id>/<agent_id>` and never merge into the parent's."""
    session = text_field(payload.get("session_id"))
    if subagent and session is not None:
        return f"{session}/{text_field(payload.get('agent_id')) or 'subagent'}"
    return session


def write_jsonl(path: str, records: Sequence[Mapping[str, Any]]) -> None:
    """A transcript of `records`, one JSON object a line (doctor's probe)."""
    with open(path, "w", encoding="utf-8") as fh:
        fh.writelines(json.dumps(r) + "\n" for r in records)
