"""The [[closing]] table of the grammar (analyzer/text/closing.py (rows in analyzer/claims.toml)): its rows run on the
per-stop path at three sites: `view`, `trailing-unit` and `lead-in`.

Each row is checked as the registry runs it (tests/grammar_examples.py): bound in the data's order to a function
that takes its site's signature; each example decided as written; each example the row decides reaching the
row's own function, which decides it (the registry's trace, not the verdict alone); each parse sketch holding
in the model's parse.
"""

from __future__ import annotations

import pytest

from analyzer.grammar.registry import RuleText
from tests.grammar_examples import (
    check_binding,
    check_reaches_its_row,
    example_id,
    examples,
    rows,
    sketched,
)

KIND = "closing"


def test_the_rows_run_in_the_data_order_each_taking_its_site_signature() -> None:
    assert rows(KIND), "the table has rows"
    check_binding(KIND)


@pytest.mark.model
@pytest.mark.parametrize(("row", "side", "text"), examples(KIND), ids=example_id)
def test_every_example_reaches_its_own_row_and_is_decided_as_written(row: RuleText, side: str, text: str) -> None:
    judged = check_reaches_its_row(row, side, text)
    fires = side == "fires"
    assert bool(judged.claims) == fires, judged.claims
    if fires and row.kind == "claim":
        assert judged.claims[-1].rule in row.reports, (judged.claims[-1].rule, row.reports)


def test_every_row_runs_without_a_parse() -> None:
    """The closing part is found on the per-stop path, before spaCy: a row's sketch says what it reads instead."""
    assert sketched(KIND) == []
    assert all(p.startswith("no parse: ") for row in rows(KIND) for p in row.parse)
