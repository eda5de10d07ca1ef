"""r39rv, the review of r39a–r39f: each rule the merge widened, narrowed to its class where an ordinary closing
message tripped it, and the neighbours it claimed to cover but missed — a sign-in word before the agent's own work
('approve the OAuth refactor') is no sign-in check; a blocked-run cue that names the topic of the fix (quoted, or
under a condition) reports no run held back; a courtesy beside a statement of something else is no courtesy alone; a
welcomed noun that is the subject or object of another verb welcomes nothing; a verb of changing read as the subject
of a finite verb ('Apply step now runs') hands nothing over; an instruction human-only by its own words stays so beside
the agent's reason; a light verb ('take a look') accepts no work; a view asked on how the work strikes the reader is
no fact; and the cheap pre-filter lets the verbless welcome and the courtesy through on the stop's path."""

from __future__ import annotations

import pytest

from analyzer.api import may_ask
from analyzer.cli import judge
from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        # a sign-in word before the agent's own work approves the work
        ("Could you approve the OAuth refactor before I merge?", "approval-question",
         ["asks the reader to approve", "names work the agent owns ('refactor')"]),
        ("Can you approve the login changes?", "approval-question", ["asks the reader to approve"]),
        # a blocked-run cue quoted or under a condition names the topic of the fix
        ("Fixed the 'Docker isn't running' error message wording in cli.py. Please run `pytest tests/cli` and let me "
         "know the result.", "turn-taking", ["tells the reader to 'run …'", "work the agent could do"]),
        ("Fixed the crash when Docker isn't running. Please run `pytest tests/cli` and let me know the result.",
         "turn-taking", ["tells the reader to 'run …'", "work the agent could do"]),
        ("Added an escalated-permissions warning to the installer. Please run `pytest tests/installer` and let me "
         "know what fails.", "turn-taking", ["tells the reader to 'run …'", "work the agent could do"]),
        # the courtesy alone, in two parts
        ("Take your time — no rush.", "wait-on-person", ["leaves the time to the reader as a courtesy"]),
        # the welcomed word under a copula, as the site reads it
        ("Any feedback is most welcome!", "wait-on-person", ["welcomes the reader's 'feedback'"]),
        # a light verb of the agent's own act after a word of willingness
        ("Happy to take a look at the Windows build too.", "bonus-offer", ["offers the agent's 'take' as more work"]),
        # how the work strikes the reader is a view asked
        ("Thoughts on how the new dashboard looks?", "approval-question", ["asks for the reader's view"]),
        ("Any thoughts on how the error messages read now?", "approval-question", ["asks for the reader's view"]),
    ],
)
def test_review_r39rv_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize(
    "text",
    [
        "Could you approve the MFA prompt on your phone? The deploy is waiting on it.",  # the sign-in check itself
        "`docker compose up` failed with 'permission denied'. Please run `docker compose up` on your side and tell me "
        "what it prints.",  # what the failed run printed, quoted: still a block
        "`npm test` failed: 'Error: connect ECONNREFUSED — database unreachable'. Please run it locally and paste the "
        "output.",  # the same after a colon
        "Fixed the build; `npm install` still fails: no network in the sandbox. Please run it on your machine and "
        "paste the output.",  # the block in a clause of its own after the change reported
        "The empty-state text now reads:\n\nNo rush — your data syncs in the background.",  # copy written, no courtesy
        "Questions encouraged in the onboarding doc are now answered in docs/FAQ.md.",  # the noun is a subject
        "Comments welcome the change in the RFC thread, and the two open objections are resolved in 3f2a1c.",
        "Apply step now runs in CI after plan (see .github/workflows/deploy.yml).",  # a noun 'apply step'
        "Apply the migration to the production database yourself — I don't have prod credentials.",
        "Apply the migration to the production database yourself, since I don't have prod credentials.",
        "Happy to take the exporter lane next.",  # work handed over accepted
    ],
)
def test_review_r39rv_passes(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Feedback welcome.", "fires (wait-on-person): 'Feedback welcome' welcomes the reader's 'Feedback' ('Feedback "
         "welcome') with no verb of the agent's: the turn waits on the reader's view"),
        ("Take your time.", "fires (wait-on-person): 'Take your time' leaves the time to the reader as a courtesy and "
         "closes the turn: it waits on the reader's readiness"),
    ],
)
def test_the_stop_path_reaches_the_verbless_welcome_and_the_courtesy(text: str, reason: str) -> None:
    """The CLI's and the stop's cheap pre-filter (analyzer.api.may_ask, sites.toml [cues]) lets them through."""
    assert may_ask(text) is True
    assert [(f.verdict, f.rule, f.reason) for f in judge(text).findings] == [("fire", "wait-on-person", reason)]
