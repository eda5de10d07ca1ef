"""The choice or fit question about the reader's needs (docs/DESIGN.md#construction-classes): the agent lays out
options or a plan and asks which one, or whether it, fits the reader's use case, needs, workflow or setup. The
reader's need names the reader as the one who chooses; what fits is judged like attribution."""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged


@pytest.mark.parametrize(
    "text",
    [
        "Option A caches in Redis; option B keeps an in-memory LRU.\n\nWhich approach fits your use case?",
        "Does this structure align with your needs?",
        "Is this approach a good fit for your project?",
        "Do these endpoints cover your requirements?",
        "Does this split line up with your workflow?",
        "Does this plan fit what you need?",
        "Let me know which of these options fits your workflow best.",
        "does this structure align w/ ur needs?",
    ],
)
def test_a_fit_to_the_readers_need_hands_the_choice_back(text: str) -> None:
    assert_judged(text, "fire", "fit-question", ["asks whether the agent's option fits the reader's need"])


@pytest.mark.parametrize(
    ("text", "domain"),
    [
        ("Does publishing 2.1 to PyPI on Monday suit your schedule?", "release"),
        ("Does tagging v1.4 and cutting the release tonight fit your plans?", "release"),
    ],
)
def test_a_fit_of_a_human_only_act_is_exempt(text: str, domain: str) -> None:
    report = analyze(text)
    (finding,) = report.findings
    assert (report.verdict, finding.rule, domain in finding.domains) == ("exempt", "fit-question", True)


@pytest.mark.parametrize(
    "text",
    [
        "Does your local Postgres match what you need?",
        "Does the Node version on your machine match the one in .nvmrc?",
        "Does the error message match what you see on your side?",
        "Option 2 fits your use case best, so I set it up in apps/api.",
        "You asked which approach fits your use case; the dedicated service does, and it is in place.",
        "If the default layout fits your needs, nothing else is required.",
    ],
)
def test_a_fact_of_the_readers_own_or_a_statement_of_fit_asks_nothing(text: str) -> None:
    report = analyze(text)
    assert (report.verdict, report.findings) == ("clear", ())
