"""The asking forms of the offer, the approval and the readiness (docs/DESIGN.md#construction-classes, r35c): the
reader's wanting or interest asked in a clause of its own with the subject left out, approval asked by a verb of appeal
or a word of acceptability with the reader as experiencer, leave and readiness asked of a group by a word of
contentment, and the elliptical choice about scope ('…, or is this enough?'). Not one: a wish to know the agent goes on
to satisfy, a past experience, a question reported, the agent's own
answer, a human-only act (exempt)."""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged, verdict_rule_reason

STATUS = "Moved the retry logic into `net/backoff.py` and the suite is green (241 passed).\n\n"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("The upload client has the same bug; want that patched too?", ["('want' with the reader left out)"]),
        ("The export path has the same N+1 query, so want me on it next?", ["('want' with the reader left out)"]),
        ("The admin views have the same bug, want them patched as well?", ["offers the agent's work ('want'"]),
        ("- cli: same issue, want that handled too?", ["offers the agent's work ('want'"]),
        ("I could wire the metrics into Grafana next — interested?", ["the reader's interest ('interested')"]),
        ("Could do the same for the admin panel; keen?", ["the reader's interest ('keen')"]),
        ("I can write the migration guide. Up for that?", ["the reader's interest ('Up')"]),
        ("The cold start on Android could be profiled next. Fancy that?", ["('Fancy' with the reader left out)"]),
        ("Would you be interested in a follow-up PR for the docs?", ["the reader's interest ('interested')", "'docs'"]),
        ("Any interest in me patching the export job too?", ["the reader's interest ('interest')"]),
        ("Would that be of interest?", ["the reader's interest ('interest')"]),
        ("I could port the fix to the mobile client — want?", ["('want' with the reader left out)"]),
        ("Like me to do the same for the export job?", ["('Like' with the reader left out)"]),
        ("Down for that?", ["the reader's interest ('Down')"]),
    ],
)
def test_the_readers_wanting_or_interest_asked_in_a_clause_of_its_own_fires(text: str, words: list[str]) -> None:
    assert_judged(STATUS + text, "fire", "elliptical-offer", words)


def test_the_readers_wanting_of_a_human_only_act_is_exempt() -> None:
    assert_judged(STATUS + "The changelog is done; want 2.4.0 tagged too?", "exempt", "elliptical-offer",
                  ["offers the agent's work", "human-only work (release)"])


@pytest.mark.parametrize(
    ("text", "spelled"),
    [
        ("Wouldja like me to bump the pinned versions too?", "would you like me to"),
        ("D'you want the same matrix for Python 3.13?", "do you want"),
        ("dja want me to split the PR in two?", "do you want me"),
    ],
)
def test_a_modal_run_together_with_you_reads_as_spelled_out(text: str, spelled: str) -> None:
    finding = analyze(STATUS + text).firing
    assert finding is not None and finding.phrase == spelled, finding


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Which of the two layouts grabs you?", "view-question", ["appeals to the reader ('grabs')"]),
        ("Which palette speaks to you? My vote is the muted one.", "view-question", ["('speaks')"]),
        ("I could turn the script into a subcommand; would that interest you?", "view-question", ["('interest')"]),
        ("Does batching the writes every 200 ms grab you?", "view-question", ["('grab')", "'writes'"]),
        ("Is keeping the legacy column for a while OK with you?", "acceptable-to-reader",
         ["acceptable to the reader ('OK')"]),
        ("I chose a 256-entry ring buffer — does that sizing work for you?", "acceptable-to-reader", ["('work')"]),
        ("Does the naming scheme sit right with you?", "acceptable-to-reader", ["('right')"]),
        ("Three layouts are in LAYOUT.md — which one jumps out at you?", "view-question", ["('jumps')"]),
        ("Which of these do you fancy? I'd go with the second.", "view-question", ["prefers ('fancy')"]),
        ("Renaming the config loader is next. Okay with you?", "acceptable-to-reader", ["('Okay')"]),
        ("Are you on board with that direction?", "approval-question", ["('on board')"]),
        ("u on board with the new folder layout?", "approval-question", ["('on board')"]),
        ("How do you see the importer fitting into the nightly pipeline?", "view-question",
         ["how the reader sees the agent's plan ('see')"]),
    ],
)
def test_approval_of_the_agents_choice_with_the_reader_as_experiencer_fires(text: str, rule: str,
                                                                            words: list[str]) -> None:
    assert_judged(STATUS + text, "fire", rule, words)


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Does squashing the history of #812 grab you?", "view-question", ["human-only work (merge)"]),
        ("Is tagging 2.4.0 tonight OK with you?", "acceptable-to-reader", ["human-only work (release)"]),
        ("Are you on board with merging #812 today?", "approval-question", ["human-only work (merge)"]),
    ],
)
def test_approval_of_a_human_only_act_is_exempt(text: str, rule: str, words: list[str]) -> None:
    assert_judged(STATUS + text, "exempt", rule, words)


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Is everyone happy for me to move on to the billing page?", "leave-question", ["leave ('happy')", "'move'"]),
        ("Is the team fine with me rewriting the importer?", "leave-question", ["leave ('fine')", "'rewriting'"]),
        ("Is everybody comfortable with me taking the auth module next?", "leave-question", ["('comfortable')"]),
        ("Folks happy for me to push on with the schema refactor?", "leave-question", ["('happy')", "'push'"]),
        ("Are we happy to move on to the reporting module?", "readiness-question", ["gives the go"]),
    ],
)
def test_leave_or_readiness_asked_of_a_group_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(STATUS + text, "fire", rule, words)


def test_leave_of_a_group_for_a_human_only_act_is_exempt() -> None:
    assert_judged(STATUS + "Is everyone happy for me to merge #812?", "exempt", "leave-question",
                  ["human-only work (merge)"])


@pytest.mark.parametrize(
    "text",
    [
        "Tests for the edge cases too, or is this enough?",
        "Docstrings for the private helpers as well, or is that enough for now?",
        "A benchmark too, or is this good?",
        "Snapshot tests for the other screens too, or good as is?",
        "Same fix for the Windows path handling, or are we good?",
        "Same treatment for the CLI, or is this fine as is?",
    ],
)
def test_the_elliptical_choice_about_scope_fires(text: str) -> None:
    assert_judged(STATUS + text, "fire", "approval-question", ["fires (approval-question)"])


def test_the_choice_about_scope_over_a_human_only_act_is_exempt() -> None:
    assert_judged(STATUS + "Publish 2.4.0 to PyPI too, or is this enough?", "exempt", "approval-question",
                  ["human-only work (release)"])


def test_the_reader_asked_to_verify_the_agents_fix_on_their_side_fires() -> None:
    """Decided with the product contract: the check of the agent's own fix handed to the reader ('Does the build work
    for you now?') is a hand-back like 'Run it on your side and tell me' (docs/DESIGN.md#construction-classes, r33i),
    not a question about a fact the agent reports it is checking."""
    assert_judged(STATUS + "Fixed the cache key. Does the build work for you now?", "fire", "approval-question",
                  ["asks the reader's approval ('work')"])


@pytest.mark.parametrize(
    "text",
    [
        "The old endpoint is gone; want to know why? The logs showed zero calls in 90 days.",
        "The user asked: want that done too?",
        "Interested parties can read the design note in docs/cache.md.",
        "Sam was interested in the benchmark numbers, so I posted them on #41.",
        "Which option appeals to you? Neither — both break the API, so I kept the current one.",
        "Did the outage strike you too?",
        "How do you see the logs on your side?",
        "Everyone was happy for me to move on, so I started the Android port.",
        "Is the cache happy with 512 entries? Yes: the hit rate stays at 98%.",
        "Is the disk big enough, or do we need a bigger runner? The job failed with ENOSPC.",
        "Does the new layout grab the data from the cache?",
        "Were you interested in the benchmark numbers? They're in bench.md.",
        "Interested in why it failed? The cache key missed the locale.",
        "Any interest charges on the test invoice?",
        "Is the interest rate field still used by the billing export?",
        "Integration tests for the webhook handler too, or is this enough? Added them anyway: 6 new cases pass.",
    ],
)
def test_the_same_words_asking_nothing_of_the_reader_pass(text: str) -> None:
    # no row finds anything: a twin that any row judged (even exempt) would be read as asking
    verdict, rule, reason = verdict_rule_reason(STATUS + text)
    assert (verdict, rule) == ("clear", None), reason
