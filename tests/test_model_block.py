"""The inner loop blocks the model in the processes its tests start (tests/conftest.py, tests/README.md).

A child pytest with this suite's conftest as its plugin runs a test that starts processes the way the suite's
tests do (`sys.executable`, the console script beside it), isolated (-I, as the hook runs) or not: with
`-m "not model"` none of them can import spaCy, and each still runs lanegate; without it they can.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow

CHILDREN = '''
import subprocess, sys
from pathlib import Path


def test_children() -> None:
    spacy = [subprocess.run([sys.executable, *flags, "-c", "import spacy"], capture_output=True, text=True)
             for flags in ([], ["-I"])]
    lanegate = subprocess.run([str(Path(sys.executable).with_name("lanegate")), "--version"], capture_output=True,
                              text=True)
    print("RESULT", [p.returncode for p in spacy], ["model` mark" in p.stderr for p in spacy],
          lanegate.returncode, lanegate.stdout.startswith("lanegate "))
'''


@pytest.mark.parametrize(("expression", "expected"), [
    ("not model", "RESULT [1, 1] [True, True] 0 True"),
    pytest.param("not realclient", "RESULT [0, 0] [False, False] 0 True", marks=pytest.mark.model),
])
def test_a_run_without_the_model_blocks_it_in_every_child(tmp_path: Path, expression: str, expected: str) -> None:
    (tmp_path / "test_children.py").write_text(CHILDREN)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider", "-q", "-s",
         "-m", expression, "-o", "addopts=", "--rootdir", str(tmp_path), str(tmp_path / "test_children.py")],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert [line for line in done.stdout.splitlines() if line.startswith("RESULT")] == [expected]
