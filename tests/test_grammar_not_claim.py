"""The [[not-claim]] table of the grammar (analyzer/grammar/claims/segments.py and not_claims.py): its rows run at two
sites: `segment` (before any construction: the first that applies decides what the segment is) and `predicate` (after
a construction matched: any takes the claim back).

Each row is checked as the registry runs it (tests/grammar_examples.py): bound in the data's order to a function
that takes its site's signature; each example decided as written; each example the row decides reaching the
row's own function, which decides it (the registry's trace, not the verdict alone); each parse sketch holding
in the model's parse.
"""

from __future__ import annotations

import pytest

from analyzer.grammar.claims.records import SegmentSite
from analyzer.grammar.claims.segments import segments
from analyzer.grammar.registry import RuleText, deciding
from analyzer.parse.model import load_model
from analyzer.text.closing import claim_vocabulary, may_claim
from analyzer.text.units import Unit
from tests.grammar_examples import (
    check_binding,
    check_reaches_its_row,
    check_sketch,
    example_id,
    examples,
    rows,
    sketched,
)

KIND = "not-claim"

# Examples the closing part's word test decides before any parse (analyzer.text.closing.is_candidate): the
# pipeline never reaches the row, so the row is shown to decide the example on its parse.
DECIDED_BEFORE_THE_PARSE = {("question", "Rebasing it now?")}


def test_the_rows_run_in_the_data_order_each_taking_its_site_signature() -> None:
    assert rows(KIND), "the table has rows"
    check_binding(KIND)


@pytest.mark.model
@pytest.mark.parametrize(("row", "side", "text"), examples(KIND), ids=example_id)
def test_every_example_reaches_its_own_row_and_is_decided_as_written(row: RuleText, side: str, text: str) -> None:
    if (row.name, text) in DECIDED_BEFORE_THE_PARSE:
        assert may_claim(text) is False
        vocabulary = claim_vocabulary()
        doc = load_model()(text)
        unit = Unit(0, len(text), text, tuple(range(len(text))))
        decided = [deciding(row.site, SegmentSite(s, unit, (), vocabulary)) for s in segments(doc, vocabulary)]
        assert row.name in {d.name for d in decided if d is not None}, decided
        return
    judged = check_reaches_its_row(row, side, text)
    fires = side == "fires"
    assert bool(judged.claims) == fires, judged.claims
    if fires and row.kind == "claim":
        assert judged.claims[-1].rule in row.reports, (judged.claims[-1].rule, row.reports)


@pytest.mark.model
@pytest.mark.parametrize("row", sketched(KIND), ids=example_id)
def test_every_parse_sketch_is_what_the_model_parses(row: RuleText) -> None:
    check_sketch(row)
