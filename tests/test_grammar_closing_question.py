"""The [[closing-question]] table of the grammar (analyzer/grammar/closing_questions.py): each question of the closing
part walks it: the exclusions, the constructions, then the row that finds none.

Each row is checked as the registry runs it (tests/grammar_examples.py): bound in the data's order to a function
that takes its site's signature; each example decided as written; each example the row decides reaching the
row's own function, which decides it (the registry's trace, not the verdict alone); each parse sketch holding
in the model's parse.
"""

from __future__ import annotations

import pytest

from analyzer import analyze
from analyzer.grammar.registry import RuleText
from tests.grammar_examples import (
    check_binding,
    check_reaches_its_row,
    check_sketch,
    decides,
    example_id,
    examples,
    rows,
    sketched,
)

KIND = "closing-question"


def test_the_rows_run_in_the_data_order_each_taking_its_site_signature() -> None:
    assert rows(KIND), "the table has rows"
    check_binding(KIND)


@pytest.mark.model
@pytest.mark.parametrize(("row", "side", "text"), examples(KIND), ids=example_id)
def test_every_example_reaches_its_own_row_and_is_decided_as_written(row: RuleText, side: str, text: str) -> None:
    judged = check_reaches_its_row(row, side, text)
    fires = side == "fires"
    assert (analyze(text).verdict == "fire") == fires
    if judged.judgement is None:  # the closing part asks nothing: a near miss no row of the table sees
        assert not fires
        return
    assert (judged.judgement.verdict == "fire") == fires, judged.judgement
    if decides(row, judged):
        assert judged.judgement.path == (row.name,), judged.judgement.path
    else:
        assert row.name not in judged.judgement.path, f"a near miss of {row.name} was decided by it"


@pytest.mark.model
@pytest.mark.parametrize("row", sketched(KIND), ids=example_id)
def test_every_parse_sketch_is_what_the_model_parses(row: RuleText) -> None:
    check_sketch(row)
