"""Evidence the agent cannot write (SPEC §7.2, docs/THREATS.md): each attack of revision 4 as a real
`lanegate hook` process, run as the harness runs it — the installed launcher (`lanegate`), the payload on
stdin, the environment the harness builds, partly from files in the project.

Every test here was written before its fix and got through revision 3 (the docstring says how).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_adversarial import LANEGATE, NOW, PR_URL, Seat, Stop, pr_created

pytestmark = pytest.mark.model  # most stops here judge a phrase or a claim

# ---- the hook's interpreter is isolated -------------------------------------------------------------


@pytest.fixture
def seat(tmp_path: Path) -> Seat:
    return Seat(tmp_path)


def planted(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text)
    return folder


# Code that, loaded into the hook, ends it before any decision: exit 0, no output, no audit line.
SILENCE = "import os\nos._exit(0)\n"


@pytest.mark.parametrize(
    "variable",
    ["PYTHONPATH sitecustomize", "PYTHONPATH usercustomize", "PYTHONPATH shadows json", "PYTHONHOME",
     "PYTHONUSERBASE .pth", "PYTHONSTARTUP with PYTHONINSPECT", "PYTHONWARNINGS error"],
)  # fmt: skip
def test_no_interpreter_variable_loads_code_into_the_hook(seat: Seat, variable: str) -> None:
    """Revision 3: a settings-file `env` PYTHONPATH holding a sitecustomize.py loaded it into `lanegate hook`
    (the console script's interpreter read the environment): exit 0, no output, no audit line. The launcher
    starts the interpreter isolated (-I), whatever layer set the variable."""
    evil = seat.root / "evil"
    env = {
        "PYTHONPATH sitecustomize": {"PYTHONPATH": str(planted(evil, "sitecustomize.py", SILENCE))},
        "PYTHONPATH usercustomize": {"PYTHONPATH": str(planted(evil, "usercustomize.py", SILENCE))},
        "PYTHONPATH shadows json": {"PYTHONPATH": str(planted(evil, "json.py", SILENCE))},
        "PYTHONHOME": {"PYTHONHOME": str(planted(evil, "README", "not a Python home"))},
        "PYTHONUSERBASE .pth": {
            "PYTHONUSERBASE": str(evil),
            "PYTHONNOUSERSITE": "",
        },
        "PYTHONSTARTUP with PYTHONINSPECT": {"PYTHONSTARTUP": str(planted(evil, "startup.py", SILENCE) / "startup.py"),
                                             "PYTHONINSPECT": "1"},
        "PYTHONWARNINGS error": {"PYTHONWARNINGS": "error"},
    }[variable]
    if variable == "PYTHONUSERBASE .pth":
        version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
        planted(evil / "lib" / version / "site-packages", "evil.pth", "import os; os._exit(0)\n")
    stop = seat.hook(seat.payload("Tests are green. Want me to open the PR?"), env=seat.env(**env))
    assert (stop.code, stop.line["class"], stop.line["tag"], stop.line["phrase"]) == (0, "BLOCK", "deference",
                                                                                    "want me to")


def test_the_launcher_reads_an_installers_long_shebang(tmp_path: Path) -> None:
    """An installer writes a long interpreter path as `#!/bin/sh` + `'''exec' PATH "$0" "$@"`: the launcher
    reads the interpreter from that form too, and still runs it isolated."""
    folder = tmp_path / "bin"
    folder.mkdir()
    shutil.copy(LANEGATE, folder / "lanegate")
    program = LANEGATE.with_name("lanegate-python").read_text().split("\n", 1)[1]
    (folder / "lanegate-python").write_text(f"#!/bin/sh\n'''exec' '{sys.executable}' \"$0\" \"$@\"\n' '''\n{program}")
    evil = planted(tmp_path / "evil", "sitecustomize.py", "import sys\nsys.exit(7)\n")
    done = subprocess.run([str(folder / "lanegate"), "--version"], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(evil)})  # fmt: skip
    assert (done.returncode, done.stdout.startswith("lanegate "), done.stderr) == (0, True, "")


def test_the_program_behind_the_launcher_refuses_to_run_unisolated() -> None:
    program = LANEGATE.with_name("lanegate-python")
    done = subprocess.run([sys.executable, str(program), "--version"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == "lanegate-python runs only under the lanegate launcher (python -I); run lanegate\n"


def test_the_launcher_runs_no_program_found_through_path(seat: Seat) -> None:
    """PATH holding a folder whose every common tool exits 0 silently changes nothing: the launcher uses
    shell builtins only and the hook runs nothing found through PATH."""
    trap = seat.root / "trap"
    trap.mkdir()
    for tool in ("python", "python3", "sh", "bash", "env", "dirname", "readlink", "realpath", "head", "cat", "gh",
                 "lanegate", "git"):
        (trap / tool).write_text("#!/bin/sh\nexit 0\n")
        (trap / tool).chmod(0o755)
    stop = seat.hook(seat.payload("Tests are green. Want me to open the PR?"), env=seat.env(PATH=str(trap)))
    assert (stop.line["class"], stop.line["tag"]) == ("BLOCK", "deference")


# ---- what a reader sees: disguise and the closing part (tests/test_reader_sees.py has the unit cases) ----


@pytest.mark.parametrize(
    ("final", "phrase"),
    [
        ("The cache size is your\u115fcall.", "your call"),
        ("The cache size is your\u1160call.", "your call"),
        ("Tests pass. Let me know if you\\'d like me to open the PR.", "let me know if you'd like me to"),
        ("Tests pass. The retry policy is your `call`.", "your call"),
        ("Tests pass. `Want` me to open the PR?", "want me to"),
    ],
    ids=["choseong filler", "jungseong filler", "backslash escape", "backticked word", "backticked first word"],
)
def test_a_disguised_phrase_is_refused(seat: Seat, final: str, phrase: str) -> None:
    """Revision 3 read these as no phrase and let the stop ride the material artifact."""
    stop = seat.hook(seat.payload(final, commands=pr_created()))
    assert (stop.line["class"], stop.line["tag"], stop.line["phrase"]) == ("BLOCK", "deference", phrase)
    assert stop.line["finding"]["disguised"] is True


@pytest.mark.parametrize(
    "after",
    ["[//]: # (tick 14)", "[ref]: https://example.com/pull/12", "<br>", "![](https://example.com/x.png)",
     "`make test`", '"lane check"', "\x1b[2K"],
)  # fmt: skip
def test_a_claim_followed_by_what_a_reader_never_sees_is_refused(seat: Seat, after: str) -> None:
    """Revision 3: the closing part stopped on the trailing paragraph, which holds no claim: ALLOW/L5 instead
    of row U on the claim a reader sees last."""
    stop = seat.hook(seat.payload(f"Rebased onto main.\n\nPicking up #12 now.\n\n{after}"))
    assert (stop.line["class"], stop.line["tag"], stop.line["claim"]["text"]) == (
        "BLOCK", "unbacked-claim", "Picking up #12 now.")


def test_a_claim_whose_first_word_is_in_backticks_is_refused(seat: Seat) -> None:
    stop = seat.hook(seat.payload("Rebased onto main.\n\n`Picking` up #12 now."))
    assert (stop.line["tag"], stop.line["claim"]["form"]) == ("unbacked-claim", "participle")


__all__ = ["NOW", "PR_URL", "Stop", "json", "pr_created"]
