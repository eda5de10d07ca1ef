"""Every lexicon entry carries its own examples, and they behave (proselint's rule)."""

from __future__ import annotations

import pytest

from analyzer import analyze
from analyzer.lexicon import default_lexicon

LEX = default_lexicon()
ENTRIES = LEX.phrases


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.canonical)
def test_every_entry_has_should_fire_and_should_pass_examples(entry) -> None:
    assert len(entry.fires) >= 1, f"{entry.canonical!r} has no should-fire example"
    assert len(entry.passes) >= 1, f"{entry.canonical!r} has no should-pass example"


@pytest.mark.parametrize(
    ("canonical", "text"), [(e.canonical, t) for e in ENTRIES for t in e.fires], ids=lambda v: str(v)[:40]
)
def test_should_fire_examples_fire_on_their_own_phrase(canonical: str, text: str) -> None:
    report = analyze(text)
    assert report.verdict == "fire", report.to_dict()
    assert [f.phrase for f in report.findings if f.fires] == [canonical]


@pytest.mark.parametrize(
    ("canonical", "text"), [(e.canonical, t) for e in ENTRIES for t in e.passes], ids=lambda v: str(v)[:40]
)
def test_should_pass_examples_do_not_fire(canonical: str, text: str) -> None:
    report = analyze(text)
    assert report.verdict in ("clear", "exempt"), report.to_dict()
    assert [f.phrase for f in report.findings if f.fires] == []


def test_lexicon_is_frozen() -> None:
    with pytest.raises(AttributeError):
        LEX.phrases = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        LEX._index["x"] = ENTRIES[0]  # type: ignore[index]


def test_extended_lexicon_adds_phrases_and_domains_without_touching_the_default() -> None:
    extended = LEX.extended(
        phrases=[{"canonical": "Happy to", "family": "offer"}],
        domain_words={"refresh": ["staging refresh"]},
        agent_work=["spreadsheet"],
    )
    assert extended.entry("happy to").family == "offer"
    assert extended.domain_of("staging refresh") == "refresh"
    assert LEX.domain_of("staging refresh") is None
    assert "spreadsheet" in extended.agent_work and "spreadsheet" not in LEX.agent_work
    report = analyze("Your call on the staging refresh.", lexicon=extended)
    assert (report.verdict, report.findings[0].domains) == ("exempt", ("refresh",))
    assert analyze("Your call on the staging refresh.").verdict == "fire"
