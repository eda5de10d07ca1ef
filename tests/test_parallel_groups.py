"""`make test`'s parallel run groups what must share a worker (docs/DESIGN.md#tests), with the pinned pytest and xdist.

A module whose tests share a fixture of their own (tests/conftest.py gives them one xdist_group) runs
on one worker, and the fixture's work is done once: checked in a child pytest of two workers with this
suite's conftest as its plugin.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow

MODULE = '''
import os
from pathlib import Path

import pytest

LOG = Path(os.environ["GROUP_LOG"])


@pytest.fixture(scope="module")
def shared() -> str:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with LOG.open("a") as fh:
        fh.write(f"fixture {worker}\\n")
    return worker


@pytest.mark.parametrize("n", range(8))
def test_shares(n: int, shared: str) -> None:
    with LOG.open("a") as fh:
        fh.write(f"test {os.environ['PYTEST_XDIST_WORKER']}\\n")


@pytest.mark.parametrize("n", range(8))
def test_alone(n: int) -> None:
    pass
'''


def test_a_module_fixture_runs_once_and_its_tests_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "test_grouped.py").write_text(MODULE)
    log = tmp_path / "log"
    env = {**os.environ, "GROUP_LOG": str(log), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider", "-q", "-n", "2",
         "--dist", "loadgroup", "-o", "addopts=", "--rootdir", str(tmp_path), str(tmp_path / "test_grouped.py")],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "16 passed" in done.stdout
    lines = log.read_text().splitlines()
    fixtures = [line for line in lines if line.startswith("fixture ")]
    workers = {line.split()[1] for line in lines if line.startswith("test ")}
    assert len(fixtures) == 1, lines
    assert workers == {fixtures[0].split()[1]}, lines
