"""The property tests' example counts (tests/examples.py): a whole run draws every example, the inner loop a share."""

from __future__ import annotations

import pytest
from hypothesis import settings

from tests.examples import FLOOR, INNER_LOOP_PROFILE, examples


def _inner_loop(config: pytest.Config) -> bool:
    deselects_model = "not model" in " ".join(str(config.getoption("markexpr") or "").split())
    return deselects_model and config.getoption("hypothesis_profile", None) in (None, INNER_LOOP_PROFILE)


def test_the_inner_loop_draws_two_fifths_and_a_whole_run_all(pytestconfig: pytest.Config) -> None:
    if _inner_loop(pytestconfig):
        assert (settings.default.max_examples, examples(300), examples(120), examples(30)) == (40, 120, 48, 12)
    else:
        assert (settings.default.max_examples, examples(300), examples(120), examples(30)) == (100, 300, 120, 30)


def test_no_property_draws_fewer_than_the_floor_or_more_than_a_whole_run() -> None:
    for whole_run in range(1, 1_000):
        assert min(whole_run, FLOOR) <= examples(whole_run) <= whole_run
