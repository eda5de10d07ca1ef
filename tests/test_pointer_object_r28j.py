"""r28j: a hand-over whose object is only a demonstrative ('Your call on that.', 'your pick on that one') stands for
the act the sentence before names: exempt when that act is human-only, the register otherwise
(docs/DESIGN.md#construction-classes)."""

from __future__ import annotations

import pytest

from analyzer import analyze


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Rotating the staging deploy keys locks out the old runners. Your call on that one.",
         "Rotating the staging deploy keys"),
        ("Squash-merging #204 into main closes the epic. Your call on that.", "Squash-merging #204 into main"),
        ("Revoking the leaked npm token will break the nightly publish. Your call on this one.",
         "Revoking the leaked npm token"),
        ("Upgrading the org to the Team plan adds a seat charge. Your call on that.",
         "Upgrading the org to the Team plan"),
        ("Dropping the events table in production cannot be undone. Your call on that one.",
         "Dropping the events table in production"),
        ("Granting the CI bot admin on the AWS account needs a human. Your call on that.",
         "Granting the CI bot admin on the AWS account"),
    ],
)  # fmt: skip
def test_a_pointer_object_takes_the_human_only_act_named_before(text: str, named: str) -> None:
    pointer = text.rsplit(" on ", 1)[1].rstrip(".")
    report = analyze(text)
    (finding,) = report.findings
    assert (report.verdict, finding.rule) == ("exempt", "object-form")
    assert finding.attachment is not None and finding.attachment.text.startswith(named)
    assert f"what 'on {pointer}' asks about, '{named}" in finding.reason and "is human-only work" in finding.reason


def test_a_pointer_object_of_a_synonym_phrase_is_judged_the_same() -> None:
    report = analyze("Rebase-merging PR #88 keeps the history linear. Your pick on that one.")
    assert report.verdict == "exempt"


@pytest.mark.parametrize(
    ("text", "reason_words"),
    [
        ("Renaming the helpers touches every module. Your call on that.", "Renaming the helpers"),
        ("Adding the retry to the uploader costs 3 ms per call. Your call on that one.", "Adding the retry"),
        ("Splitting the config loader needs a new module. Your call on this one.", "Splitting the config loader"),
        # nothing named before as an act: the pointer names nothing human-only
        ("The parser is done. Your call on that.", "names no human-only decision"),
        ("Squash or rebase? Your call on that.", "names no human-only decision"),
        ("Merge it and rename the helpers after. Your call on that.", "names no human-only decision"),
    ],
)  # fmt: skip
def test_a_pointer_object_over_agent_work_or_nothing_fires(text: str, reason_words: str) -> None:
    report = analyze(text)
    finding = report.firing
    assert finding is not None
    assert (report.verdict, finding.rule) == ("fire", "object-form")
    assert reason_words in finding.reason
