"""What one analysis computes once and shares (docs/DESIGN.md#performance): a text parsed once however many readings
ask for it, the records that key the caches hashed once, the closing part read once per text. Each sharing leaves
every verdict as it was; these tests pin that a shared value is the value a fresh computation gives."""

from __future__ import annotations

from typing import Any

import pytest

from analyzer import analyze
from analyzer.lexicon import default_lexicon
from analyzer.parse.model import ModelUse, SharedParses, load_model
from analyzer.text.closing import claim_vocabulary, closing_part
from lanegate_common.frozen import _hash, cached_hash, frozen


def _annotations(doc: Any) -> list[tuple[str, str, str, int, str, bool]]:
    return [(t.text, t.tag_, t.dep_, t.head.i, t.lemma_, bool(t.is_sent_start)) for t in doc]


class _Counting:
    """A pipeline stand-in that counts the texts it parses (and parses them with the real one)."""

    def __init__(self) -> None:
        self.nlp = load_model()
        self.parsed: list[str] = []

    def pipe(self, texts: Any) -> Any:
        texts = list(texts)
        self.parsed += texts
        return self.nlp.pipe(texts)


def test_a_text_asked_twice_in_one_analysis_is_parsed_once_and_each_asker_gets_its_own_doc() -> None:
    counting = _Counting()
    shared = SharedParses(counting)  # type: ignore[arg-type]
    first = shared("Want me to push the branch?")
    first.user_data["mark"] = 1  # a reading annotates its own Doc (tokens.SOURCE_KEY)
    again = list(shared.pipe(["Tests pass.", "Want me to push the branch?"]))
    assert counting.parsed == ["Want me to push the branch?", "Tests pass."]
    assert again[1] is not first
    assert _annotations(again[1]) == _annotations(first) == _annotations(load_model()("Want me to push the branch?"))
    assert again[1].user_data == {}


def test_the_same_text_twice_in_one_batch_is_parsed_once_and_handed_out_as_two_docs() -> None:
    counting = _Counting()
    shared = SharedParses(counting)  # type: ignore[arg-type]
    one, two = shared.pipe(["Your call.", "Your call."])
    assert counting.parsed == ["Your call."]
    assert one is not two and _annotations(one) == _annotations(two)


def test_the_pipeline_is_still_the_pipeline_to_a_caller_that_reads_its_other_parts() -> None:
    shared = ModelUse().load()
    assert isinstance(shared, SharedParses)
    assert shared.pipe_names == load_model(None).pipe_names
    assert shared.vocab is load_model(None).vocab


def test_a_fresh_model_use_shares_nothing_with_another_analysis() -> None:
    one, two = ModelUse(), ModelUse()
    assert one.load() is one.load()
    assert one.load() is not two.load()


def test_an_analysis_parses_each_text_once_and_judges_as_a_fresh_parse_does(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "The fix is pushed. I'll wait for your approval before merging."  # read by the closing rules and the claims
    before = analyze(text)
    counting = _Counting()
    monkeypatch.setattr("analyzer.parse.model.load_model", lambda name=None: counting)
    report = analyze(text)
    assert counting.parsed == ["I'll wait for your approval before merging."]
    assert report == before
    assert report.findings == ()
    waits = "I'll wait for your approval before merging."
    assert [(c.rule, c.text) for c in report.claims] == [("announced-waiting", waits)]


def test_a_record_that_asks_for_its_hash_kept_hashes_once_and_as_its_fields_do() -> None:
    @frozen
    class Words:
        words: frozenset[str]
        __hash__ = cached_hash

    record = Words(frozenset({"merge", "ship"}))
    assert hash(record) == _hash(record) == hash((frozenset({"merge", "ship"}),))
    assert record.__dict__["_cached_hash"] == hash(record)
    assert record == Words(frozenset({"merge", "ship"}))
    assert "_cached_hash" not in repr(record)  # kept on the instance, never a field


def test_the_lexicon_is_hashed_once_and_equal_lexicons_hash_alike() -> None:
    lexicon = default_lexicon()
    assert hash(lexicon) == _hash(lexicon)
    assert "_cached_hash" in lexicon.__dict__


def test_the_closing_part_of_a_text_is_read_once_and_is_what_a_fresh_reading_gives() -> None:
    text = "Done: the parser fix is in.\n\nI'm opening the PR now."
    kept = closing_part(text, claim_vocabulary())
    assert closing_part(text, claim_vocabulary()) is kept
    closing_part.cache_clear()
    fresh = closing_part(text, claim_vocabulary())
    assert fresh == kept and fresh is not kept
    assert [s.candidate for s in fresh.sentences] == [True]
