"""r28j: the bonus offer whose lead is the ease of the act, opening its sentence with no subject ('Easy enough to add a
dry-run flag too, if you'd find that handy.'): the elliptical "It's" of 'It would be easy to add …'
(docs/DESIGN.md#construction-classes)."""

from __future__ import annotations

import pytest

from analyzer import analyze


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("Easy enough to add a dry-run flag too, if you'd find that handy.", "add"),
        ("Simple enough to port the CLI to click as well, if that would help.", "port"),
        ("Easy to add the Grafana panel too, if you think it's worth it.", "add"),
        ("Trivial to add a --json flag too, if you'd find it handy.", "add"),
        ("No trouble to add type hints to the rest too, if you'd find it helpful.", "add"),
    ],
)
def test_an_opening_ease_offers_the_act_on_the_readers_benefit(text: str, act: str) -> None:
    report = analyze(text)
    finding = report.firing
    assert finding is not None
    assert (report.verdict, finding.rule) == ("fire", "bonus-offer")
    assert f"offers the agent's '{act}' on a condition" in finding.reason


@pytest.mark.parametrize(
    ("text", "domain"),
    [
        ("Easy enough to tag v2.1 too, if you'd find that handy.", "release"),
        ("Trivial to rotate the deploy keys as well, if you'd find that useful.", "credentials"),
    ],
)
def test_an_opening_ease_over_a_human_only_act_is_exempt(text: str, domain: str) -> None:
    report = analyze(text)
    (finding,) = report.findings
    assert (report.verdict, finding.rule, finding.domains) == ("exempt", "bonus-offer", (domain,))


@pytest.mark.parametrize(
    "text",
    [
        "Easy enough to add a dry-run flag later; the parser already supports it.",
        "Easy enough to add a dry-run flag too.",
        "Easy to reproduce if you want to see it: run make test twice.",
        "The flag is easy enough to add, and I added it: see --dry-run.",
        "If you'd find it handy, the dry-run flag is documented in the README.",
    ],
)
def test_an_ease_without_a_condition_on_the_reader_or_a_report_offers_nothing(text: str) -> None:
    report = analyze(text)
    assert (report.verdict, report.findings) == ("clear", ())
