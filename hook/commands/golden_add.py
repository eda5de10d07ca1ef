"""`lanegate golden add`: a stop seen in the field becomes a golden case (docs/DESIGN.md#operators).

A person sees a stop in `lanegate audit --list` (named SESSION/N) or in `lanegate replay` (row N) that the
gate got wrong — or right, and worth pinning. This command rebuilds that stop from what was recorded: the
transcript's records from the turn's prompting record to the end the hook read (byte offsets the audit line
keeps, `turn`), and the final text the hook judged (found in the transcript by the digest the line keeps;
its words never enter the log). Secrets and home folders are redacted (hook/commands/redact.py). The case
is judged once by the golden runner as it will be judged from then on; the person confirms that decision
or corrects it (interactively, or with --yes / --expect), and the case file is written. `lanegate golden`
then pins it: a confirmed case passes, a corrected one fails until the gate decides as the person said.

The case is written for the stop's own harness (`harness`, left out for the default): the golden runner
writes each harness's records through its case writer, and the recorded lines go in as they were. A stop
whose turn is in no transcript (Gemini CLI's payload-only stop) cannot become a case, and says so.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from hashlib import sha256
from typing import Any, TextIO

from hook.audit import CLASSES, REFUSAL_CLASSES
from hook.commands.audit import SESSION_CHARS, entries, log_paths, numbered, stop_label
from hook.commands.golden import STOP_DELAY, Case, judge_case
from hook.commands.redact import Redactor
from hook.config import did_you_mean
from hook.harness import ADAPTERS, FALLBACK, get_harness

# A turn is read from its prompting record; past this many bytes it is no turn a case can hold.
MAX_TURN_BYTES = 8 << 20
# How far past the end the hook read the judged text may have been written (Claude Code's transcript lags).
MAX_LAG_BYTES = 8 << 20
# A recorded string longer than this keeps its start and end: a tool's megabyte of output decides nothing.
MAX_STRING = 20_000
KNOWN_TAGS = (
    "operator-dialogue", "active-lane-in-dialogue", "deference", "unbacked-claim", "no-lane-state",
    "malformed-lane-state", "invalid-lane-state", "valid-lane-state", "clean-terminal", "material-artifact",
    "ceiling", "lane-continuation-off", "background-work", "no-final-text", "compaction", "subagent-skipped",
    "input-error", "transcript-error", "config-error", "internal-error",
)  # fmt: skip
_ID = re.compile(r"^[a-z0-9][a-z0-9._-]*$")


class AddError(Exception):
    """The stop cannot become a case; the message says why and what to do."""


@dataclass(frozen=True)
class Recorded:
    """One stop as recorded: where its turn is, the text the hook judged, and the decision it made."""

    label: str  # SESSION/N, or the replayed file's name and row
    line: Mapping[str, Any]  # the audit line (for a replay row: the replayed stop's line)
    transcript: str
    start: int  # the prompting record's offset (0: the turn had none)
    end: int  # the end of what the hook read
    final: str
    final_found: bool  # the judged text was found in the transcript (else the turn's last text stands in)
    earlier_refusals: int  # the session's refusals in a row just before this stop
    stamp: datetime


# ---- finding the stop ------------------------------------------------------------------------------------


def from_audit(label: str, paths: Sequence[str]) -> Recorded:
    """The stop SESSION/N (a session id or its unique start; N its line in the session, default the last)."""
    wanted, _, number = label.partition("/")
    if not wanted or (number and not number.isdigit()):
        raise AddError(f"{label!r}: name a stop as `lanegate audit --list` shows it, SESSION/N (e.g. 3f2a9c1e/2)")
    sessions: dict[str, list[Mapping[str, Any]]] = {}
    for path in paths:
        with open(path, "rb") as fh:
            for _, entry in numbered(entries(fh)):
                if entry.session is not None and entry.session.startswith(wanted):
                    sessions.setdefault(entry.session, []).append(entry.data)
    if not sessions:
        raise AddError(f"no stop of a session starting {wanted!r} in {', '.join(paths) or 'the audit log'}")
    if len(sessions) > 1:
        raise AddError(f"{wanted!r} starts several sessions ({', '.join(sorted(sessions))}): give more of the id")
    session, lines = next(iter(sessions.items()))
    index = int(number) if number else len(lines)
    if not 1 <= index <= len(lines):
        raise AddError(f"session {session} has {len(lines)} stop(s) in the log, not {index}")
    line = lines[index - 1]
    turn = line.get("turn")
    if not isinstance(turn, Mapping):
        raise AddError(
            f"{stop_label(session, index)} was written before the audit line recorded where its turn is "
            "(lanegate 0.1.0 and earlier): run `lanegate replay` on its transcript and add that row "
            "(`lanegate golden add --replay TRANSCRIPT N`)"
        )
    _check_harness(line, turn)
    transcript = turn.get("transcript")
    if not transcript:
        raise AddError(f"{stop_label(session, index)} was judged from its payload alone (no transcript): there is no "
                       "recorded turn to make a case of")
    if not isinstance(transcript, str) or not os.path.isfile(transcript):
        raise AddError(f"the transcript of {stop_label(session, index)} is gone: {transcript}")
    start, end = turn.get("from") or 0, turn.get("to")
    if not isinstance(end, int) or not isinstance(start, int) or not 0 <= start <= end:
        raise AddError(f"{stop_label(session, index)}: the audit line's turn offsets are unusable: {dict(turn)}")
    final, found = _judged_text(transcript, start, end, turn.get("final_sha256"))
    return Recorded(
        label=stop_label(session, index),
        line=line,
        transcript=transcript,
        start=start,
        end=end,
        final=final,
        final_found=found,
        earlier_refusals=_refusals_before(lines[: index - 1]),
        stamp=_stamp(line),
    )


def from_replay(path: str, number: int, env: Mapping[str, str]) -> Recorded:
    """Row `number` of `lanegate replay PATH`: the replayed stop, its turn in the file itself."""
    from hook.commands.replay import ReplayError, replay

    try:
        rows = replay(path, env)
    except ReplayError as exc:
        raise AddError(str(exc)) from None
    if not 1 <= number <= len(rows):
        raise AddError(f"{path} has {len(rows)} turn-end(s), not {number}")
    row = rows[number - 1]
    turn = row.line.get("turn") or {}
    _check_harness(row.line, turn)
    lines = [r.line for r in rows[: number - 1]]
    return Recorded(
        label=f"{os.path.basename(path)} row {number}",
        line=row.line,
        transcript=path,
        start=turn.get("from") or 0,
        end=turn.get("to") or row.offset,
        final=row.final_text or "",
        final_found=True,
        earlier_refusals=_refusals_before(lines),
        stamp=row.time or _stamp(row.line),
    )


def _check_harness(line: Mapping[str, Any], turn: Mapping[str, Any]) -> None:
    harness = line.get("harness")
    if harness not in ADAPTERS:
        raise AddError(f"the stop's harness {harness!r} is none lanegate knows ({', '.join(ADAPTERS)})")
    if turn.get("event") not in (None, *get_harness(str(harness)).install.events[:1]):
        raise AddError(f"the stop is a {turn.get('event')}; golden add rebuilds a main agent's stop")


def _refusals_before(lines: Sequence[Mapping[str, Any]]) -> int:
    """The refusals in a row that ended the session's earlier stops: the count the ceiling read."""
    count = 0
    for line in reversed(lines):
        if line.get("class") not in REFUSAL_CLASSES:
            break
        count += 1
    return count


def _stamp(line: Mapping[str, Any]) -> datetime:
    ts = str(line.get("ts") or "")
    try:
        when = datetime.fromisoformat(ts.replace("Z", "+00:00"))
    except ValueError:
        return datetime.now(UTC)
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def _judged_text(transcript: str, start: int, end: int, digest: object) -> tuple[str, bool]:
    """The final text the hook judged, found by its digest among the strings of the records written from the
    turn's prompt on — every harness keeps the agent's text in a JSON string, and a response written in parts
    (Claude Code's text blocks of one message id) is tried joined too. The harness may write it after the stop
    (Claude Code's transcript lags), so records past the end the hook read count. Else the turn's last text
    up to that end, and False."""
    groups: dict[str, list[str]] = {}
    last: str | None = None
    with open(transcript, "rb") as fh:
        fh.seek(start)
        at = start
        for raw in fh:
            at += len(raw)
            record = _json(raw)
            if record is not None:
                texts = list(_strings(record))
                message = record.get("message") if isinstance(record.get("message"), Mapping) else None
                if message is not None and record.get("type") == "assistant" and not record.get("isSidechain"):
                    group = groups.setdefault(str(message.get("id") or at), [])
                    group.extend(_blocks(message))
                    texts += ["\n\n".join(group), "\n".join(group), "".join(group)]
                    if at <= end and group:
                        last = "\n\n".join(group)
                found = next((t for t in texts if isinstance(digest, str) and _digest(t) == digest), None)
                if found is not None:
                    return found, True
            if at > end + MAX_LAG_BYTES:
                break
    if last is None:
        raise AddError(f"the text the hook judged is not in {transcript} (no assistant text from byte {start} on): "
                       "the harness writes it there after the stop, and a hand-made stop's transcript never gets "
                       "it; append the assistant record, or add the stop from `lanegate replay`")
    return last, False


def _blocks(message: Mapping[str, Any]) -> list[str]:
    """The text blocks of one Claude Code message record."""
    content = message.get("content")
    if not isinstance(content, list):
        return []
    return [b["text"] for b in content
            if isinstance(b, Mapping) and b.get("type") == "text" and isinstance(b.get("text"), str)]


def _strings(value: Any) -> list[str]:
    """Every string in a JSON value (a record's texts, wherever its harness keeps them)."""
    found: list[str] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.append(item)
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def _digest(text: str) -> str:
    return sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _json(raw: bytes) -> Mapping[str, Any] | None:
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


# ---- the case ------------------------------------------------------------------------------------------


def draft(recorded: Recorded, redactor: Redactor, case_id: str, note: str | None = None) -> dict[str, Any]:
    """The case's data, redacted: the turn's records as written (`raw`), the final text, the policy the stop
    ran under, and as many stops as the session's refusals in a row plus this one (the ceiling and the
    drive-ratchet count them). `expect` is filled in by the person."""
    size = recorded.end - recorded.start
    if size > MAX_TURN_BYTES:
        raise AddError(f"the turn is {size:,} bytes from its prompting record; a golden case holds at most "
                       f"{MAX_TURN_BYTES:,}")
    records = []
    with open(recorded.transcript, "rb") as fh:
        fh.seek(recorded.start)
        for raw in fh.read(size).splitlines():
            record = _json(raw)
            if record is not None:
                text = json.dumps(redactor.json(_shortened(record)), ensure_ascii=False)
            else:
                text = redactor.text(raw.decode("utf-8", "replace"))
            if text.strip():
                records.append({"raw": text})
    line = recorded.line
    policy = line.get("policy") if isinstance(line.get("policy"), Mapping) else {}
    env = {"LANEGATE_MODE": str(line.get("mode") or "enforce")}
    env.update({f"LANEGATE_{k.upper()}": _env_value(v) for k, v in policy.items()})
    if isinstance(line.get("identity"), str):
        env["LANEGATE_IDENTITY"] = redactor.text(line["identity"])
    turn = line.get("turn") if isinstance(line.get("turn"), Mapping) else {}
    recorded_as = f"{line.get('class')} {line.get('tag')}"
    harness = str(line.get("harness") or FALLBACK)
    data: dict[str, Any] = {
        "id": case_id,
        **({"harness": harness} if harness != FALLBACK else {}),
        "note": note or (f"From the field: {recorded.label}, {recorded.stamp:%Y-%m-%d %H:%M} UTC, recorded as "
                         f"{recorded_as}; added with lanegate golden add."),
        "start": (recorded.stamp - STOP_DELAY).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "env": env,
        "final": redactor.text(recorded.final),
    }
    if recorded.earlier_refusals:
        data["stops"] = recorded.earlier_refusals + 1
    if turn.get("stop_hook_active"):
        data["stop_hook_active"] = True
    if turn.get("background"):
        data["background_tasks"] = [{"id": "recorded", "status": "running"}]
    data["record"] = records
    return data


def _shortened(value: Any) -> Any:
    """Every string of a record at most MAX_STRING characters (its start and its end kept)."""
    if isinstance(value, str) and len(value) > MAX_STRING:
        half = MAX_STRING // 2
        return f"{value[:half]}\n[… {len(value) - MAX_STRING:,} characters left out …]\n{value[-half:]}"
    if isinstance(value, list):
        return [_shortened(v) for v in value]
    if isinstance(value, dict):
        return {k: _shortened(v) for k, v in value.items()}
    return value


def _env_value(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def judge(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """The audit line of the draft's last stop, judged by the golden runner exactly as `lanegate golden`
    will judge the case."""
    case = Case(str(data["id"]), "(draft)", str(data["final"]), {**data, "expect": {"class": "ALLOW", "tag": "-"}})
    with tempfile.TemporaryDirectory(prefix="lanegate-golden-add-") as folder:
        return judge_case(case, folder)[-1]


def expectation(line: Mapping[str, Any], klass: str | None = None, tag: str | None = None) -> dict[str, Any]:
    """[expect] of the case: the decision the case gets (with its phrase and verdict when a phrase decided),
    or the class and tag the person corrected it to."""
    if klass is not None:
        return {"class": klass, "tag": tag}
    expect: dict[str, Any] = {"class": line["class"], "tag": line["tag"]}
    finding = line.get("finding")
    if isinstance(line.get("phrase"), str) and isinstance(finding, Mapping) and line["tag"] == "deference":
        expect.update(phrase=line["phrase"], verdict=finding.get("verdict"))
    return expect


def parse_decision(text: str) -> tuple[str, str]:
    """'CLASS TAG' or 'CLASS/TAG' (class as the log writes it, e.g. "CLEAN-TERMINAL ALLOW clean-terminal")."""
    words = text.replace("/", " ").split()
    if len(words) < 2:
        raise AddError(f"{text!r}: give the expected class and tag, e.g. \"ALLOW operator-dialogue\"")
    klass, tag = " ".join(words[:-1]).upper(), words[-1].lower()
    if klass not in CLASSES:
        raise AddError(f"{klass!r} is not a class ({', '.join(CLASSES)}){did_you_mean(klass, CLASSES)}")
    if tag not in KNOWN_TAGS:
        raise AddError(f"{tag!r} is not a tag{did_you_mean(tag, KNOWN_TAGS)}")
    return klass, tag


def to_toml(data: Mapping[str, Any]) -> str:
    """The case as a TOML file: top-level keys, then [expect], then one [[record]] per record. Written by
    hand (the standard library reads TOML, it does not write it) and read back to prove it says the same."""
    out = []
    for key, value in data.items():
        if key not in ("expect", "record"):
            out.append(f"{key} = {_toml(value)}")
    out += ["", "[expect]"] + [f"{k} = {_toml(v)}" for k, v in data["expect"].items()]
    for record in data.get("record", ()):
        out += ["", "[[record]]"] + [f"{k} = {_toml(v)}" for k, v in record.items()]
    text = "\n".join(out) + "\n"
    if tomllib.loads(text) != json.loads(json.dumps(data)):
        raise AddError("the case does not read back as written (a value TOML cannot hold)")
    return text


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        # JSON's string escapes are TOML's basic-string escapes; DEL is escaped too (TOML forbids it raw).
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key(k)} = {_toml(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise AddError(f"a case value of type {type(value).__name__} cannot be written")


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _toml(key)


# ---- the command -----------------------------------------------------------------------------------------


def default_id(recorded: Recorded, directory: str) -> str:
    """`field.<tag>.<session start>-NN`, the first number free in the folder."""
    session = str(recorded.line.get("session") or "replay")[:SESSION_CHARS].lower()
    tag = str(recorded.line.get("tag"))
    stem = ".".join(re.sub(r"[^a-z0-9-]+", "-", part).strip("-") or "x" for part in (tag, session))
    for number in range(1, 1000):
        candidate = f"field.{stem}-{number:02d}"
        if not os.path.exists(os.path.join(directory, candidate + ".toml")):
            return candidate
    raise AddError(f"{directory} already holds 999 cases named field.{stem}-NN")


def add(args: argparse.Namespace, env: Mapping[str, str], answers: TextIO, out: TextIO) -> int:
    """Find the stop, draft the case, judge it, ask for (or take) the decision, write the file."""
    from hook.config import load_config

    if args.replay:
        if not args.stop or not args.stop.isdigit():
            raise AddError("with --replay, name the row: lanegate golden add --replay TRANSCRIPT N")
        recorded = from_replay(args.replay, int(args.stop), env)
    else:
        if not args.stop:
            raise AddError("name the stop: lanegate golden add SESSION/N (as `lanegate audit --list` shows it)")
        paths = log_paths(args.log or [load_config(env, None).audit_log])
        recorded = from_audit(args.stop, paths)
    if not os.path.isdir(args.dir):
        raise AddError(f"{args.dir} is not a folder (the golden cases live under golden/ in a lanegate checkout; "
                       "name yours with --dir)")
    case_id = args.id or default_id(recorded, args.dir)
    if not _ID.match(case_id):
        raise AddError(f"id {case_id!r}: lower-case letters, digits, '.', '_' and '-' only")
    target = os.path.join(args.dir, case_id + ".toml")
    if os.path.exists(target):
        raise AddError(f"{target} exists: golden ids are never reused; choose another --id")
    redactor = Redactor(env)
    data = draft(recorded, redactor, case_id, args.note)
    got = judge(data)
    line = recorded.line
    out.write(f"stop {recorded.label}: recorded {line.get('class')} {line.get('tag')}"
              f" — {line.get('because') or line.get('reason') or '-'}\n")
    out.write(f"the case gives {got['class']} {got['tag']} — {got.get('because') or '-'}\n")
    if not recorded.final_found:
        out.write("note: the judged text was not found in the transcript; the case's final text is the turn's "
                  "last text as written there\n")
    if (got["class"], got["tag"]) != (line.get("class"), line.get("tag")):
        out.write("note: the case decides otherwise than the recorded stop (what the session's state or the "
                  "settings of the day held is not all in a case)\n")
    if redactor.found:
        out.write("redacted: " + ", ".join(f"{n} {kind}" for kind, n in sorted(redactor.found.items())) + "\n")
    decision = _decide(args, got, answers, out)
    if decision is None:
        out.write("nothing written\n")
        return 1
    data["expect"] = decision
    text = to_toml({k: data[k] for k in ("id", "harness", "note", "start", "env", "final", "stops",
                                          "stop_hook_active", "background_tasks", "expect", "record") if k in data})
    with open(target, "x", encoding="utf-8") as fh:
        fh.write(text)
    out.write(f"wrote {target}: expect {decision['class']} {decision['tag']}; "
              f"run `lanegate golden --dir {args.dir} -k {case_id}`\n")
    return 0


def _decide(args: argparse.Namespace, got: Mapping[str, Any], answers: TextIO,
            out: TextIO) -> dict[str, Any] | None:
    """The expectation: --expect (corrected), --yes (confirmed), or the person's answer."""
    if args.expect:
        return expectation(got, *parse_decision(args.expect))
    if args.yes:
        return expectation(got)
    out.write(f"Expected decision? Enter keeps {got['class']} {got['tag']}; or type the right CLASS TAG "
              "(e.g. ALLOW operator-dialogue); q aborts: ")
    out.flush()
    answer = answers.readline()
    if not answers.isatty():  # nothing echoed the answer's newline
        out.write("\n")
    if not answer:
        raise AddError("no answer on stdin: confirm with --yes or correct with --expect \"CLASS TAG\"")
    answer = answer.strip()
    if answer.lower() in ("q", "quit"):
        return None
    return expectation(got, *parse_decision(answer)) if answer else expectation(got)


def configure(parser: argparse.ArgumentParser) -> None:
    """The arguments of `golden add` (beside `golden`'s own --dir, which is where the case is written)."""
    parser.add_argument("--replay", metavar="TRANSCRIPT", help="with add: take row N of `lanegate replay TRANSCRIPT`")
    parser.add_argument("--log", action="append", metavar="PATH",
                        help="with add: the audit log(s) to find the stop in (default: the configured audit_log)")
    parser.add_argument("--id", help="with add: the case's id (default field.<tag>.<session>-NN)")
    parser.add_argument("--note", help="with add: the case's note (default: where it came from)")
    decided = parser.add_mutually_exclusive_group()
    decided.add_argument("--yes", action="store_true", help="with add: confirm the decision the case gets")
    decided.add_argument("--expect", metavar="'CLASS TAG'",
                         help="with add: the right decision when the gate got it wrong, e.g. 'ALLOW operator-dialogue'")


def run(args: argparse.Namespace) -> int:
    """Exit 0 when the case was written, 1 when the person aborted, 2 when the stop cannot become a case."""
    try:
        return add(args, os.environ, sys.stdin, sys.stdout)
    except (AddError, OSError, ValueError) as exc:
        print(f"lanegate golden add: {exc}", file=sys.stderr)
        return 2
