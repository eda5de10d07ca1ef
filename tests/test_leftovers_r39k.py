"""r39k, the leftovers a review found (docs/DESIGN.md#construction-classes): the reader's view welcomed by a noun or a
predicate the lists lacked (a judgement of the work, the reader's other ways after 'open to', a look wished for under
'would'), the courtesy wait said as the reader's spare time ('At your convenience.', 'Whenever you have a moment.'),
the decision-offer on the reader's view of a thing (a verb of judging); and their should-pass neighbours: a run-word as
the noun subject of a report, the reader's own key or rights only the person holds before the agent goes on, a usage
note after the work reported, a welcome written into a file."""

from __future__ import annotations

import pytest

from analyzer.api import may_ask
from analyzer.cli import judge
from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        # the reader's view welcomed: a judgement of the work, under a copula after what it is about
        ("Any criticism of the caching approach is most welcome.", "wait-on-person",
         ["welcomes the reader's 'criticism'", "waits on the reader's view"]),
        ("Draft is up. Advice on the eviction policy is welcome.", "wait-on-person",
         ["welcomes the reader's 'Advice'"]),
        # the reader's other ways after 'open to'
        ("I'm open to alternative layouts for the settings page.", "wait-on-person",
         ["welcomes the reader's 'layouts'", "open to layouts"]),
        # a look wished for under 'would', with no 'your'
        ("I'd appreciate another set of eyes on the lock ordering.", "wait-on-person",
         ["wishes for the reader's 'eyes'", "waits on the reader's look"]),
        ("Would value a second look at the parser.", "wait-on-person", ["wishes for the reader's 'look'"]),
        ("Would really value your thoughts on the index layout.", "wait-on-person", ["the reader's 'thoughts'"]),
        # the reader's spare time as a courtesy
        ("At your convenience.", "wait-on-person", ["leaves the time to the reader as a courtesy"]),
        ("Whenever you get a minute — no rush.", "wait-on-person", ["leaves the time to the reader as a courtesy"]),
        ("Whenever you have a moment.", "wait-on-person", ["leaves the time to the reader as a courtesy"]),
        # the reader's view of a thing as the decision
        ("Depending on what you think of the column names, I can rename them or keep them.", "decision-offer",
         ["wait on the reader's decision ('think')"]),
        ("Depending on how you feel about the toast copy, I'll reword it or leave it.", "decision-offer",
         ["wait on the reader's decision ('feel')"]),
        # neighbours that still fire: the imperative over its object, no credential, no role named, a check
        ("Rerun failed jobs to confirm the fix.", "work-list", ["hands the reader work the agent could do"]),
        ("Please populate `.env` with the values from `.env.example`, then I'll run the e2e suite.", "turn-taking",
         ["tells the reader to 'populate …'"]),
        ("Install the linter (it needs no admin rights), then I can wire the hook.", "turn-taking",
         ["tells the reader to 'install …'"]),
    ],
)
def test_leftovers_r39k_fire(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize(
    "text",
    [
        # a run-word as the noun subject of a report
        "Re-run finished green on all three platforms.",
        "Rebuild took 4 minutes; cache hit rate 92%.",
        "Rerun passed on the second try.",
        # the reader's own secret, and rights only the person holds, before the agent goes on
        "Please populate `.env` with your Stripe test key, then I'll run the e2e suite.",
        "Install the GitHub App on the org (it needs org-owner rights), then I can wire the webhook.",
        # a usage note after the work reported
        "Implemented:\n1. `/export` writes CSV\n2. `/import` reads it\n3. `/help` now lists both\n\n"
        "Type `/help` to see them.",
        # a welcome written into a file; a look wished from someone else; a time clause over a main clause
        "Comments are welcome in the new CONTRIBUTING.md; I added that line as you asked.",
        "I'd appreciate a second pair of eyes from the security team on the rotation; I've pinged them.",
        "Whenever you have a moment, the dashboard shows the new latency chart.",
        # the reader's view of a human-only decision
        "Depending on what you think of the release date, I can tag the build now or hold it.",
    ],
)
def test_leftovers_r39k_pass(text: str) -> None:
    assert verdict_rule_reason(text)[0] == "clear"


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("I'd appreciate a second pair of eyes on the migration.", "wait-on-person"),
        ("At your convenience.", "wait-on-person"),
        ("Any criticism of the approach is most welcome.", "wait-on-person"),
        ("Depending on what you think of the naming, I can rename the helpers or leave them.", "decision-offer"),
    ],
)
def test_the_stop_path_reaches_the_new_triggers(text: str, rule: str) -> None:
    """The stop's cheap pre-filter (analyzer.api.may_ask, sites.toml [cues]) lets each new trigger through."""
    assert may_ask(text) is True
    assert [(f.verdict, f.rule) for f in judge(text).findings if f.verdict == "fire"] == [("fire", rule)]
