"""One isolated seat: where a test runs `lanegate hook` as a harness would, and nothing of the machine leaks in.

A seat is a temporary HOME (with its `.config/lanegate` folder), a project folder, the audit log and the state
folder, and the environment a harness runs the hook in there: built from nothing but PATH, so no variable of
the machine's own lanegate, harness, XDG, CI or PYTHON* settings reaches a stop (the console script runs the
installed package, as an isolated hook does), and the warm parse server is off
(tests/test_warm_*.py turn it on in a runtime folder of their own). Tests get one through the `seat` fixture
(tests/conftest.py) and build what is particular to them (transcripts, payloads, settings files) on top; a
test that runs other commands (`doctor`, `golden add`) runs them through `Seat.lanegate`, and one that runs a
command line as printed or registered puts `lanegate` on the seat's PATH.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

# A hook that runs past this is a failure whatever it decides: the hook's own deadline is 20 s.
PROCESS_TIMEOUT = 90
# Other commands may judge several stops in one run (`doctor` probes the hook, `golden` replays its cases).
COMMAND_TIMEOUT = 180
# The installed console script beside this interpreter: what a person's harness runs, not this checkout.
LANEGATE = Path(sys.executable).with_name("lanegate")


@dataclass
class Stop:
    """What one stop did: exit code, stdout, stderr and the audit lines it appended."""

    code: int
    stdout: str
    stderr: str
    appended: bytes

    @property
    def line(self) -> dict[str, Any]:
        """The one audit line the stop appended (asserts there is exactly one and that it parses)."""
        raw = self.appended.split(b"\n")
        assert raw[-1] == b"" and len(raw) == 2, f"expected one audit line, got {self.appended[:300]!r}"
        data = json.loads(raw[0])
        assert isinstance(data, dict)
        return data

    @property
    def finding(self) -> dict[str, Any]:
        finding = self.line["finding"]
        assert isinstance(finding, dict), self.line
        return finding


class Seat:
    """A HOME, a project, an audit log and a state folder under `root`, and the hook run there."""

    def __init__(self, root: Path, *, home: str = "home", project: str = "project") -> None:
        """`home` and `project` are folders relative to `root`: a test of what must not leave the machine names
        them as a person's (`home/alice`, its project under it) to see the user name and home path redacted."""
        self.root = root
        self.home = root / home
        self.config_dir = self.home / ".config" / "lanegate"
        self.config_dir.mkdir(parents=True, exist_ok=True)
        self.project = root / project
        self.project.mkdir(parents=True, exist_ok=True)
        self.audit = root / "audit.jsonl"
        self.state = root / "state"
        self.bin = root / "bin"  # made by `lanegate_on_path`
        self.counter = 0
        # Variables every stop of this seat gets besides the seat's own (a test module sets its harness's).
        self.defaults: dict[str, str] = {}

    def as_claude(self) -> Seat:
        """This seat as Claude Code runs its hooks: the project named in CLAUDE_PROJECT_DIR."""
        self.defaults["CLAUDE_PROJECT_DIR"] = str(self.project)
        return self

    def lanegate_on_path(self) -> Seat:
        """This seat with a `bin` folder first on PATH holding `lanegate` (a link to the installed script, as
        pipx or uv put one): a command line run as printed or registered (`lanegate install …`, a settings
        file's `lanegate hook`) finds it there, never a lanegate of the machine."""
        self.bin.mkdir(exist_ok=True)
        (self.bin / "lanegate").symlink_to(LANEGATE)
        self.defaults["PATH"] = os.pathsep.join((str(self.bin), os.environ.get("PATH", "/usr/bin:/bin")))
        return self

    @property
    def user_config(self) -> Path:
        return self.config_dir / "config.toml"

    @property
    def project_config(self) -> Path:
        return self.project / "lanegate.toml"

    def env(self, **extra: str) -> dict[str, str]:
        """The harness's environment for a stop here: PATH, this seat's folders, the server off, `extra`."""
        return {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(self.home),
            "XDG_CONFIG_HOME": str(self.home / ".config"),
            "LANEGATE_AUDIT_LOG": str(self.audit),
            "LANEGATE_STATE_DIR": str(self.state),
            "LANEGATE_PARSE_SERVER": "off",  # tests/test_warm_*.py judge the warm parse
            **self.defaults,
            **extra,
        }

    def write(self, relative: str, data: Any, *, under: Path | None = None) -> Path:
        """A file under the project (or `under`): text as given, anything else as JSON."""
        path = (under or self.project) / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return path

    def user(self, relative: str, data: Any) -> Path:
        """A file under HOME."""
        return self.write(relative, data, under=self.home)

    def snapshot(self) -> dict[str, bytes]:
        """Every file under HOME and the project, with its bytes."""
        return {str(p): p.read_bytes() for base in (self.home, self.project) for p in sorted(base.rglob("*"))
                if p.is_file()}

    def hook(
        self,
        stdin: bytes | Mapping[str, Any],
        *args: str,
        env: Mapping[str, str] | None = None,
        limit: Callable[[], None] | None = None,
        timeout: float = PROCESS_TIMEOUT,
    ) -> Stop:
        """`lanegate hook ARGS` as a process, the installed console script beside this interpreter; the stop
        must append exactly one audit line."""
        raw = stdin if isinstance(stdin, bytes) else json.dumps(stdin).encode()
        before = self._audit_size()
        done = subprocess.run(
            [str(LANEGATE), "hook", *args],
            input=raw,
            capture_output=True,
            env=dict(env if env is not None else self.env()),
            timeout=timeout,
            preexec_fn=limit,
        )
        stop = Stop(done.returncode, done.stdout.decode(), done.stderr.decode(), self._appended(before))
        lines = stop.appended.decode().splitlines()
        assert len(lines) == 1, (stop.appended[:500], stop.stderr[:500])
        return stop

    def hook_here(self, stdin: bytes | Mapping[str, Any], *args: str, env: Mapping[str, str] | None = None) -> Stop:
        """`lanegate hook ARGS` as `hook`, but its main run in this process (`run`): for a test of what a stop
        decides, where a process would add nothing the test looks at but a second of loading spaCy (the
        process's own facts — exit codes, streams, the isolated interpreter, limits — are judged through
        `hook`). The stop must append exactly one audit line."""
        raw = stdin if isinstance(stdin, bytes) else json.dumps(stdin).encode()
        stop = self.run(raw, *args, env=env)
        lines = stop.appended.decode().splitlines()
        assert len(lines) == 1, (stop.appended[:500], stop.stderr[:500])
        return stop

    def lanegate(
        self, *args: str, stdin: str = "", env: Mapping[str, str] | None = None
    ) -> subprocess.CompletedProcess[str]:
        """`lanegate ARGS` as a person runs it in the project: the installed console script with this seat's
        environment, text in and out; its exit code and output are the test's to judge."""
        return subprocess.run(
            [str(LANEGATE), *args],
            input=stdin,
            capture_output=True,
            text=True,
            cwd=self.project,
            env=dict(env if env is not None else self.env()),
            timeout=COMMAND_TIMEOUT,
        )

    def decide(self, harness: str, payload: Mapping[str, Any], **extra: str) -> dict[str, Any]:
        """One stop decided in this process by `hook.core.handle` (what `lanegate hook` runs) with this seat's
        environment and `extra`, for a test of many decisions where a process per stop would cost seconds; the
        stop must not fail, and its audit line is returned as a dict."""
        from hook.core import handle

        outcome = handle(json.dumps(payload).encode(), harness, self.env(**extra))
        assert outcome.failure is None, outcome.failure
        return outcome.line.to_dict()

    def run(self, stdin: bytes, *args: str, env: Mapping[str, str] | None = None) -> Stop:
        """The hook command's main in this process, with this seat's environment, stdin, stdout and stderr."""
        from hook.commands import hook as hook_command

        before = self._audit_size()
        out, err = io.StringIO(), io.StringIO()
        with (
            mock.patch.dict(os.environ, env if env is not None else self.env(), clear=True),
            mock.patch.object(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin))),
            mock.patch.object(sys, "stdout", out),
            mock.patch.object(sys, "stderr", err),
        ):
            code = hook_command.main(list(args))
        return Stop(code, out.getvalue(), err.getvalue(), self._appended(before))

    def _audit_size(self) -> int:
        return self.audit.stat().st_size if self.audit.exists() else 0

    def _appended(self, before: int) -> bytes:
        with self.audit.open("rb") as fh:
            fh.seek(before)
            return fh.read()
