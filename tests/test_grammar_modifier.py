"""The [[modifier]] table of the grammar (analyzer/grammar/negation.py, senses.py and claims/waiting.py): its rows run
at the sites inside other rules they name: a claim announced as a wait, the relation's negation and its contrast, a
domain word's sense.

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
    check_correction_example,
    check_sketch,
    example_id,
    examples,
    rows,
    sketched,
)

KIND = "modifier"


def test_the_rows_run_in_the_data_order_each_taking_its_site_signature() -> None:
    assert rows(KIND), "the table has rows"
    check_binding(KIND)


@pytest.mark.model
@pytest.mark.parametrize(("row", "side", "text"), examples(KIND), ids=example_id)
def test_every_example_reaches_its_own_row_and_is_decided_as_written(row: RuleText, side: str, text: str) -> None:
    check_correction_example(row, side, text)


@pytest.mark.model
@pytest.mark.parametrize("row", sketched(KIND), ids=example_id)
def test_every_parse_sketch_is_what_the_model_parses(row: RuleText) -> None:
    check_sketch(row)
