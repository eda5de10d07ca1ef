"""The [[offer-gate]] table of the grammar (analyzer/grammar/offer_gates.py): the offer phrase whose lexicon entry names
a row is judged by that row alone.

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
    example_id,
    examples,
    rows,
    sketched,
)

KIND = "offer-gate"


def test_the_rows_run_in_the_data_order_each_taking_its_site_signature() -> None:
    assert rows(KIND), "the table has rows"
    check_binding(KIND)


@pytest.mark.model
@pytest.mark.parametrize(("row", "side", "text"), examples(KIND), ids=example_id)
def test_every_example_reaches_its_own_row_and_is_decided_as_written(row: RuleText, side: str, text: str) -> None:
    judged = check_reaches_its_row(row, side, text)
    fires = side == "fires"
    assert (analyze(text).verdict == "fire") == fires
    if judged.judgement is None:  # a register gate found the phrase is not its register
        assert row.kind == "register-gate" and row.decides("none"), row.name
        return
    path = judged.judgement.path
    assert (judged.judgement.verdict == "fire") == fires, judged.judgement
    if row.decides(judged.judgement.verdict):
        assert row.name in path, path
        if row.delegates:
            after = path[path.index(row.name) + 1]
            assert after in {r.name for r in rows(row.delegates)}, path
        elif judged.judgement.verdict != "carved":
            assert judged.judgement.rule in row.reports, (judged.judgement.rule, row.reports)
    else:
        assert row.name not in path, f"a near miss of {row.name} was decided by it: {path}"


@pytest.mark.model
@pytest.mark.parametrize("row", sketched(KIND), ids=example_id)
def test_every_parse_sketch_is_what_the_model_parses(row: RuleText) -> None:
    check_sketch(row)
