"""r29b (docs/DESIGN.md#claims): a gerund that is the subject of what follows announces nothing, however the model
attached the two (not-claim `gerund-subject`: a copula as the predicate, a pointer right after the -ing word); a bold
title fused to the text it heads is no sentence (not-claim `bold-title`); and a participle whose object's name the
model split into a bare verb is still the predicate (correction `noun-read-as-verb`). The true claims stay."""

from __future__ import annotations

import pytest

from analyzer import analyze


@pytest.mark.parametrize(
    "text",
    [
        "The ticket asks for owner access.\n\nGranting that is something I'm leaving to you.",
        "The promotion needs your login.\n\nLogging in and promoting the build is yours.",
        "Cleaned the fixtures.\n\nRenaming and moving the helpers is a separate change.",
        "Cleaned up the build cache.\n\nDeleting the old snapshots and the stale wheels frees about 2 TB.",
        "**Reviewing the retry policy**The policy retries three times with backoff, which matches the spec.",
        "**Checking the config loader**Yes. The loader reads both files and the second one wins.",
        "__Comparing the two caches__The LRU one wins on every benchmark.",
    ],
)
def test_a_gerund_subject_or_a_fused_title_claims_nothing(text: str) -> None:
    assert analyze(text).claims == ()


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Fixed the login timeout.\n\nGrabbing the websocket reconnect bug next.", "subjectless-participle"),
        ("GRABBING THE WEBSOCKET RECONNECT BUG NEXT.", "subjectless-participle"),
        ("**Merging the docs PR now.** It is green.", "subjectless-participle"),
        ("Fixed the lint errors.\n\nKicking off the backfill now so the dashboard has data by standup.",
         "subjectless-participle"),
        ("Fixed the lint errors.\n\nRestarting the worker pool now; it recovered the last time I did this.",
         "subjectless-participle"),
        ("Tell me if you'd prefer another order — otherwise bumping the lockfile now.", "subjectless-participle"),
    ],
)  # fmt: skip
def test_the_true_claims_stay(text: str, rule: str) -> None:
    claims = analyze(text).claims
    assert [c.rule for c in claims] == [rule]
    assert "announces an action for now" in claims[0].reason
