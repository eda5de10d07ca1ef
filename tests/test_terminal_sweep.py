"""Every subcommand, run in a project whose every file holds terminal escape sequences (docs/DESIGN.md#evidence).

tests/test_terminal_output.py shows each command's escaping on the text it quotes; this sweeps them all, so a
command added later (or an output path of an old one) cannot print project-written or agent-written text raw:
`lanegate config show` did (revision 4's fresh-eye probe: a `lanegate.toml` key holding an OSC 52 clipboard
write). A command listed in hook.cli.COMMANDS without a row here fails the first test.
"""

from __future__ import annotations

import json

import pytest

from hook.cli import COMMANDS
from tests.seat import Seat
from tests.transcript_builder import TranscriptBuilder

# What the agent or its project writes, and what must never reach a terminal as it is.
HOSTILE = "\x1b]52;c;cHduZWQ=\x07\x1b[2K\x9b2K\u202e"
RAW = ("\x1b", "\x07", "\x9b", "\u202e")
TRANSCRIPT, GOLDEN = "session.jsonl", "golden"

# Every subcommand, with the command lines that print what the project or the agent wrote ({root}: the seat).
SWEEP: dict[str, tuple[tuple[str, ...], ...]] = {
    "hook": (("hook", "--harness", "claude"),),
    "audit": (("audit",), ("audit", "--list"), ("audit", "--list", "--json"), ("audit", "--json")),
    "install": (("install", "--project", "{project}", "--dry-run"),),
    "uninstall": (("uninstall", "--project", "{project}", "--dry-run"),),
    "golden": (("golden", "--dir", "{root}/" + GOLDEN), ("golden", "--dir", "{root}/" + GOLDEN, "--json")),
    "replay": (("replay", "{root}/" + TRANSCRIPT), ("replay", "--wide", "{root}/" + TRANSCRIPT),
               ("replay", "--json", "{root}/" + TRANSCRIPT)),
    "doctor": (("doctor", "--project", "{project}"), ("doctor", "--project", "{project}", "--json")),
    "serve": (("serve", "--status"), ("serve", "--status", "--json")),
    "config": (("config", "show", "--project", "{project}"), ("config", "show", "--project", "{project}", "--json")),
    "completion": (("completion", "bash"),),
}  # fmt: skip


def test_every_subcommand_is_swept() -> None:
    assert sorted(SWEEP) == sorted(COMMANDS)


def hostile_seat(seat: Seat) -> Seat:
    """A project, a transcript, an audit log and a golden case, each holding HOSTILE where text goes."""
    seat.as_claude()
    seat.project_config.write_text(
        f'{json.dumps(f"max{HOSTILE}refusals")} = 2\nidentity = {json.dumps(f"bot{HOSTILE}")}\n'
        f'[lexicon]\nagent_work = [{json.dumps(f"change{HOSTILE}log")}]\n'
    )
    seat.write(".claude/settings.json", {"env": {f"LANEGATE_MODE{HOSTILE}": "dry-run", f"PATH{HOSTILE}": "x"},
                                         "hooks": {f"Stop{HOSTILE}": []}})  # fmt: skip
    seat.write(".mcp.json", {"mcpServers": {f"github{HOSTILE}": {"command": "x"}}})
    final = f"Picking up{HOSTILE} the parser lane now."
    t = TranscriptBuilder().wake("peer ping: lane check")
    t.assistant_text(final)
    t.write(seat.root / TRANSCRIPT)
    line = {"ts": "2026-12-02T10:03:00.000Z", "class": "BLOCK", "tag": "unbacked-claim", "session": f"s{HOSTILE}",
            "identity": None, "harness": "claude", "phrase": None,
            "claim": {"text": final, "form": "participle", "reason": "claim"}, "reason": f"refused{HOSTILE}"}
    seat.audit.write_text(json.dumps(line) + "\n")
    seat.write(f"{GOLDEN}/hostile.escape-01.toml",
               f'id = "hostile.escape-01"\nnote = {json.dumps(f"a note{HOSTILE}")}\nprompt = "[WAKE] peer ping"\n'
               f"final = {json.dumps(f'Want me to open the PR?{HOSTILE}')}\n\n"
               '[expect]\nclass = "ALLOW"\ntag = "operator-dialogue"\n', under=seat.root)  # fmt: skip
    return seat


@pytest.mark.model
@pytest.mark.parametrize(
    "line", [line for lines in SWEEP.values() for line in lines], ids=lambda line: " ".join(line[:3])
)
def test_no_subcommand_prints_project_or_agent_text_raw(seat: Seat, line: tuple[str, ...]) -> None:
    seat = hostile_seat(seat)
    args = [a.format(root=seat.root, project=seat.project) for a in line]
    stdin = ""
    if args[0] == "hook":
        stdin = json.dumps({"session_id": "s1", "transcript_path": str(seat.root / TRANSCRIPT),
                            "cwd": str(seat.project), "hook_event_name": "Stop", "stop_hook_active": False,
                            "last_assistant_message": f"Picking up{HOSTILE} the parser lane now."})  # fmt: skip
    done = seat.lanegate(*args, stdin=stdin)
    raw = [c for c in RAW if c in done.stdout + done.stderr]
    assert (raw, done.returncode in (0, 1, 2)) == ([], True), (done.returncode, done.stdout[-800:], done.stderr[-800:])
