"""A fifth harness that exists only in the tests: one small module over the protocol (hook.harness), so a
test can show that `lanegate hook`, `replay` and `doctor` take a new harness without a change of their own.

Its log is JSONL, one `{"said_by": "person" | "agent", "words": ...}` object a line; its Stop payload is
`{"dummy_session", "log", "folder"}`; it refuses with `{"refuse": reason}`.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from typing import Any

from hook.decision import BLOCK, Decision
from hook.harness import InstallTarget, ProbeStop, ProbeTurn, Sniffed, StopInput, TurnEnd, write_jsonl
from hook.transcript.reader import TEXT, Entry, Turn, read_turn, text_prompt
from hook.transcript.walk import WalkConfig

NAME = "dummy"
EVENT = "Done"


class Dummy:
    name = NAME
    install = InstallTarget(folder=".dummy", filename="hooks.json", events=(EVENT,), grouped=False, note="")

    def claims(self, payload: Mapping[str, Any]) -> bool:
        return "dummy_session" in payload

    def parse(self, payload: Mapping[str, Any], env: Mapping[str, str]) -> StopInput:
        return StopInput(harness=NAME, event=EVENT, session=payload.get("dummy_session"),
                         transcript_path=payload.get("log") or "", read_turn=read_dummy_turn,
                         project_dir=payload.get("folder"))

    def render(self, decision: Decision) -> str | None:
        return json.dumps({"refuse": decision.reason}) if decision.action == BLOCK else None

    def install_entry(self, command: str) -> dict[str, Any]:
        return {"command": command}

    def probe_stop(self, turn: ProbeTurn, transcript: str, project: str) -> ProbeStop:
        lines = [{"said_by": "person", "words": turn.prompt}, {"said_by": "agent", "words": turn.reply}]
        write_jsonl(transcript, lines)
        return ProbeStop({"dummy_session": turn.session, "log": transcript, "folder": project})

    def recorded(self) -> DummySessions:
        return DummySessions()


def read_dummy_turn(
    path: str,
    walk: WalkConfig,
    *,
    scan_from: int | None = None,
    resume: Mapping[str, Any] | None = None,
    evidence_tools: Collection[str] = (),
) -> Turn:
    return read_turn(path, DummyDecoder(walk), scan_from=scan_from, resume=resume, evidence_tools=evidence_tools)


class DummyDecoder:
    name = NAME
    marker = b""
    subagent: bool | None = False

    def __init__(self, walk: WalkConfig) -> None:
        self.walk = walk

    def decode(self, record: Mapping[str, Any]) -> list[Entry]:
        words = record.get("words")
        if not isinstance(words, str):
            return []
        if record.get("said_by") == "agent":
            return [Entry(TEXT, texts=[words])]
        prompt = text_prompt(words, self.walk) if record.get("said_by") == "person" else None
        return [] if prompt is None else [prompt]


class DummySessions:
    title = "Dummy"
    description = "a dummy log"
    readable = True
    live_env: tuple[str, ...] = ()

    def sniff(self, record: Mapping[str, Any], found: Sniffed) -> Sniffed | None:
        return found if "said_by" in record else None

    def scanner(self, walk: WalkConfig) -> DummyScanner:
        return DummyScanner()

    def stop_payload(
        self, end: TurnEnd, session: str, cwd: str | None, path: str, number: int
    ) -> tuple[dict[str, Any], tuple[str, ...]]:
        return {"dummy_session": session, "log": path, "folder": cwd}, ()


class DummyScanner:
    """A turn ends where the person speaks again after the agent, or at the end of the log."""

    def __init__(self) -> None:
        self.pending = False

    def boundary(self, record: Mapping[str, Any] | None, offset: int) -> TurnEnd | None:
        if record is None:
            return None
        if record.get("said_by") == "agent":
            self.pending = True
            return None
        return self.finish(offset)

    def finish(self, offset: int) -> TurnEnd | None:
        if not self.pending:
            return None
        self.pending = False
        return TurnEnd(offset, None, False)


HARNESS = Dummy()
