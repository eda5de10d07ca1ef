"""The split of every field corpus by source into development and test parts (docs/DESIGN.md#construction-classes;
tests/corpus_split.py)."""

from __future__ import annotations

import math
from collections import Counter

import corpus_split as cs
import pytest


def test_every_row_of_every_field_corpus_is_placed_and_a_third_of_each_corpus_s_sources_is_in_test() -> None:
    split = cs.load_split()
    assert cs.problems(split) == []
    assert cs.assigned(split) == split  # `scripts/split-corpus assign` has nothing left to place
    assert split.seed == 28


def test_the_split_covers_the_seventeen_field_corpora_and_every_row_once() -> None:
    split = cs.load_split()
    assert sorted(split.sources) == sorted(cs.FIELD_CORPORA)
    for name in cs.FIELD_CORPORA:
        ids = [row["id"] for row in cs.load_rows(name)]
        assert sorted(split.sources[name]) == sorted(ids), name
        assert set(split.parts[name].values()) == {"dev", "test"}, name


def test_corpus_l_splits_by_the_agent_kind_each_row_records() -> None:
    split = cs.load_split()
    rows = split.rows("analyzer_corpus_l.jsonl")
    kinds = ("agent-team", "chatops-bot", "cline-family", "codex-cli", "copilot-agent", "gemini-cli", "openhands")
    assert {row["source"] for row in rows} == {f"l:{kind}" for kind in kinds}
    assert Counter(split.parts["analyzer_corpus_l.jsonl"].values()) == {"dev": 4, "test": 3}


def test_corpus_m_splits_by_the_agent_kind_each_row_records() -> None:
    split = cs.load_split()
    rows = split.rows("analyzer_corpus_m.jsonl")
    kinds = ("aider", "antigravity", "openhands", "seeker-agent", "swe-agent", "windsurf-cascade")
    assert {row["source"] for row in rows} == {f"m:{kind}" for kind in kinds}
    assert Counter(split.parts["analyzer_corpus_m.jsonl"].values()) == {"dev": 4, "test": 2}


@pytest.mark.parametrize(
    ("case_id", "stem"),
    [
        ("g.obj.fire-03", "g.obj"),
        ("g.obj.exempt-17", "g.obj"),
        ("k.fire.closing-question-approval-03", "k.closing-question-approval"),
        ("k.clear.autonomous-33", "k.autonomous"),
        ("d.later-event-plan-twin.04", "d.later-event-plan"),
        ("attribution.object.agent-work-07", "attribution.object.agent-work"),
        ("h.rule.gate.if-you-want-it-pass-02", "h.rule.gate.if-you-want-it"),
        ("participle.01", "participle"),
    ],
)
def test_an_id_stem_drops_the_number_and_the_direction_words(case_id: str, stem: str) -> None:
    assert cs.id_stem(case_id) == stem


def test_a_twin_with_another_stem_joins_its_pair_and_a_shared_body_joins_nothing() -> None:
    body = "Report to lead: the parser lane is done.\n\n1. Tokenizer handles nested quotes\n2. 22 new tests"
    rows = [
        {"id": "x.alpha-01", "text": f"{body}\n\nYour call on the lane order for the cache work."},
        {"id": "x.beta-01", "text": f"{body}\n\nYour call on the merge order for the cache work."},
        {"id": "x.gamma-01", "text": f"{body}\n\nCI is green on every job of the nightly run."},
        {"id": "x.gamma-02", "text": "Nothing is pending on this branch."},
    ]
    assert cs.group_sources("analyzer_corpus_x.jsonl", rows) == {
        "x.alpha-01": "x:x.alpha",
        "x.beta-01": "x:x.alpha",
        "x.gamma-01": "x:x.gamma",
        "x.gamma-02": "x:x.gamma",
    }


def test_a_first_split_puts_a_third_rounded_up_in_test_and_depends_on_the_seed_only() -> None:
    sources = [f"s{n}" for n in range(7)]
    parts = cs.first_split("analyzer_corpus_x.jsonl", sources, 28)
    assert Counter(parts.values()) == {"test": math.ceil(7 / 3), "dev": 4}
    assert cs.first_split("analyzer_corpus_x.jsonl", reversed(sources), 28) == parts
    assert cs.later_part("analyzer_corpus_x.jsonl", "s9", 28) == cs.later_part("analyzer_corpus_x.jsonl", "s9", 28)


def test_corpus_tags_name_the_corpus_a_source_belongs_to() -> None:
    assert [cs.corpus_tag(name) for name in cs.FIELD_CORPORA] == [
        *"abcdefghijklm", "claims-a", "claims-b", "claims-c", "claims-d",
    ]  # fmt: skip


def test_score_json_gives_the_counts_of_a_part_that_has_misses() -> None:
    """`scripts/split-corpus score --json` printed nothing once a part had a miss: `asdict` cannot copy `misses`."""
    import importlib.machinery
    import importlib.util
    import json
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "scripts" / "split-corpus"
    loader = importlib.machinery.SourceFileLoader("split_corpus_script", str(path))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[loader.name] = module  # its dataclass reads its module's namespace while it loads
    loader.exec_module(module)
    score = module.PartScore(rows=3, agree=2, register=2, register_refused=1)
    score.misses["wait-on-person"].append("m.x.wait-on-person-01")
    counts = score.counts()
    assert "misses" not in counts
    assert (counts["rows"], counts["agree"], counts["register"], counts["register_refused"]) == (3, 2, 2, 1)
    assert json.loads(json.dumps(counts))["agree"] == 2
