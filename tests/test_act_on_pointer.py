"""r29b, rule `act-on-pointer` (docs/DESIGN.md#construction-classes): a human-only decision named away from the
phrase. A hand-over whose subject is an act on a pointer names its own act and takes the thing acted on from the
prose before it — across the lists, headings and table rows of checks between; the thing a verb of holding keeps is
kept in its holder; a demonstrative after a clause about an act stands for the act ('that one's' read as 'that one
is'); and a merged pronoun or count names the merge gate only when it stands for code."""

from __future__ import annotations

import pytest

from analyzer import analyze
from analyzer.text.layout import gap_before, prose_before
from analyzer.text.units import unit_starts

CHECKS = "\n\n- `pytest -q` — 210 passed\n- lint clean\n\n"
HEADED = "\n\n## Checks\n\n- `tflint` clean\n\n"
TABLE = "\n\n| check | result |\n|---|---|\n| `pytest` | ok |\n\n"


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        (f"The live `payments` database still keeps the 2023 audit rows, about 1.2 TB.{CHECKS}"
         "Purging them is your call.",
         "copular-ownership", "subject 'Purging them' is human-only work (production-data)"),
        (f"The production `orders` table still carries 40 million soft-deleted rows.{HEADED}"
         "Dropping them is up to you.",
         "reader-decides", "is human-only work (production-data)"),
        (f"The production database still holds last year's 800 GB snapshot with customer rows.{TABLE}"
         "Deleting it is your call.", "copular-ownership",
         "subject 'Deleting it' is human-only work (production-data)"),
        ("Truncating the `sessions` table on the live database is a separate question; that one's your call.",
         "copular-ownership", "what 'that' stands for, 'Truncating the sessions table on the live database'"),
        ("Upgrading the org to the Business plan adds $240 a month. That one's yours to decide.",
         "reader-decides", "what 'That one's' stands for, 'Upgrading the org to the Business plan' is human-only work "
         "(billing)"),
        ("PR #88 has one red optional check. Whether to merge it anyway is your call.",
         "copular-ownership", "is human-only work (merge)"),
    ],
)  # fmt: skip
def test_a_human_only_act_on_a_pointer_is_exempt(text: str, rule: str, words: str) -> None:
    report = analyze(text)
    finding = report.findings[0]
    assert (report.verdict, finding.rule) == ("exempt", rule), finding.reason
    assert words in finding.reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        (f"My local dev database still keeps the 2023 fixture rows, about 1.2 GB.{CHECKS}Purging them is your call.",
         "copular-ownership", "subject 'Purging them' names no human-only decision"),
        (f"My scratch `orders_copy` table still carries 40 million soft-deleted rows.{HEADED}"
         "Dropping them is up to you.",
         "reader-decides", "names no human-only decision"),
        ("Truncating the `sessions` table in my scratch database is a separate question; that one's your call.",
         "copular-ownership", "names no human-only decision"),
        ("Moving the helper into `utils/` touches nine imports. That one's yours to decide.",
         "reader-decides", "names no human-only decision"),
        ("Both retry wrappers do the same thing. Whether to merge them is your call.",
         "copular-ownership", "names no human-only decision"),
        ("The two date helpers differ only in their default time zone. Merging them into one is your call.",
         "copular-ownership", "names no human-only decision"),
        ("There are two date helpers with different defaults.\n\nMerging the two into one changes four modules; "
         "whether to do that is your call.", "copular-ownership", "names no human-only decision"),
        (f"The release notes draft for 3.0 is still rough.{TABLE}Polishing it is your call.",
         "copular-ownership", "names no human-only decision"),
    ],
)  # fmt: skip
def test_agent_work_on_a_pointer_fires(text: str, rule: str, words: str) -> None:
    report = analyze(text)
    finding = report.firing
    assert finding is not None, report.findings
    assert (report.verdict, finding.rule) == ("fire", rule)
    assert words in finding.reason


def test_the_prose_before_the_checks_is_found_and_the_checks_left_out() -> None:
    text = f"The live database keeps the audit rows.{CHECKS}Purging them is your call."
    starts = unit_starts(text)
    phrase = text.index("Purging")
    assert prose_before(text, starts, phrase, 0) == 0
    assert prose_before(text, starts, phrase, 5) is None  # the prose starts before the parse window: nothing
    assert gap_before(text, starts, 0, phrase) == (text.index(".") + 1, phrase)


def test_an_act_on_a_pointer_inside_a_sentence_reads_nothing_across_a_list() -> None:
    """Only an act opening its sentence as its subject reads back across the checks; a pointer object later in the
    sentence ('I'd keep them') is the sentence's own business, as before."""
    text = f"The live database keeps the audit rows.{CHECKS}I'd suggest keeping them for now; your call."
    report = analyze(text)
    assert report.verdict == "fire"


@pytest.mark.parametrize(
    ("text", "verdict", "words"),
    [
        (f"`terraform plan` against the shared production account shows 2 to destroy.{CHECKS}"
         "Running the apply there is your call.", "exempt", "is human-only work (shared-infrastructure)"),
        (f"`terraform plan` against my sandbox account shows 2 to destroy.{CHECKS}"
         "Running the apply there is your call.",
         "fire", "names no human-only decision"),
        ("The stale sessions sit in the production Redis. Flushing the cache there is your call.", "exempt",
         "is human-only work (production-data)"),
        ("The stale sessions sit in my local Redis. Flushing the cache there is your call.", "fire",
         "names no human-only decision"),
    ],
)  # fmt: skip
def test_an_act_done_there_is_done_in_the_place_named_before(text: str, verdict: str, words: str) -> None:
    """The model reads 'there' after a gerund subject as the copula's existential 'there'; written there, it stands
    for the place the sentence before names (reference.place_after, _place_before)."""
    report = analyze(text)
    finding = report.findings[0]
    assert (report.verdict, finding.rule) == (verdict, "copular-ownership"), finding.reason
    assert words in finding.reason


def test_a_pointer_the_model_made_the_copulas_subject_is_still_the_acts_object() -> None:
    """'Destroying it is yours to approve' (it -nsubj-> is): what 'it' stands for is the gerund's object all the
    same."""
    done = "is attached to the PR; nothing was applied."
    human = analyze(f"`terraform plan -destroy` for the old shared VPC in the production account {done}{CHECKS}"
                    "Destroying it is yours to approve.")  # fmt: skip
    assert human.verdict == "exempt" and "subject 'Destroying it' is human-only work" in human.findings[0].reason
    own = analyze(f"`terraform plan -destroy` for the old VPC in my sandbox account {done}{CHECKS}"
                  "Destroying it is yours to approve.")  # fmt: skip
    assert own.verdict == "fire" and "subject 'Destroying it' names no human-only decision" in own.firing.reason
