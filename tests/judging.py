"""The deciding finding of a text, for the construction-class tests that assert verdict, rule and reason words."""

from __future__ import annotations

from analyzer import analyze


def judged(text: str) -> tuple[str, str, str]:
    """(verdict, rule, reason) of the finding that decides: the firing one, else the first exempt one."""
    report = analyze(text)
    finding = report.firing or (report.findings[0] if report.findings else None)
    assert finding is not None, text
    return finding.verdict, finding.rule, finding.reason


def assert_judged(text: str, verdict: str, rule: str, words: list[str]) -> None:
    """The deciding finding has this verdict and rule, and its reason holds every one of `words`."""
    got_verdict, got_rule, reason = judged(text)
    assert (got_verdict, got_rule) == (verdict, rule), reason
    for word in words:
        assert word.lower() in reason.lower(), reason


def verdict_rule_reason(text: str) -> tuple[str, str | None, str]:
    """(the report's verdict, the deciding finding's rule, its reason); (verdict, None, "") when nothing is found."""
    report = analyze(text)
    finding = report.firing or (report.findings[0] if report.findings else None)
    return report.verdict, finding.rule if finding else None, finding.reason if finding else ""
