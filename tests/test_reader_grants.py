"""r38f: what only the reader can grant or know decides a hand-back (docs/DESIGN.md#construction-classes), and the
claim shapes of a participle under a misread noun, 'off to', and the chat digit particle (docs/DESIGN.md#claims).

The agent's harness mode or permission ('switch to Agent mode'), the agent's chat context in a harness where the
person adds files ('add these files to the chat'), the person's own identity or account data ('your GitHub
username') and what shows in the person's own editor are the person's: the turn-taking, report, word and wish rows
pass them. The same shapes on work the agent could do, and an offer elsewhere in the message, still fire."""

from __future__ import annotations

import pytest

from analyzer import analyze
from analyzer.grammar.claims import find_claims
from analyzer.grammar.registry import traced
from tests.judging import assert_judged, verdict_rule_reason


def _passed_by(text: str, rule: str) -> str:
    """The text does not fire, and the row `rule` decided it carved: its reason."""
    with traced() as calls:
        verdict, _, _ = verdict_rule_reason(text)
    assert verdict != "fire"
    decided = [c.result for c in calls if c.name == rule and c.result is not None]
    assert decided, [c.name for c in calls]
    assert decided[-1].verdict == "carved", decided[-1]
    return decided[-1].reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        # the chat context: named in the act's words or just before the site
        ("The config loader isn't in the chat yet. Please paste the content of loader.py so I can patch it.",
         "turn-taking", ["puts it in front of the agent", "in the chat"]),
        ("I need the stylesheet first. Please add these files to the chat:\n\n- app.css\n- theme.css\n\n"
         "Once you add these files, I'll fix the spacing.", "result-before-act",
         ["what only the person can do or know", "to the chat"]),
        # what the reader sees in the person's own editor, as the condition of the agent's act
        ("I removed the stale import. If you still see the warning in your editor, paste the path and I'll clean it.",
         "report-before-act", ["what only the person can do or know", "editor"]),
        ("The rule is disabled now. If the squiggle still shows in your editor, send the line and I'll fix it.",
         "report-before-act", ["in the person's own environment", "editor"]),
        # the person's own identity data
        ("Please confirm your GitLab email so I can set the commit author for this repo.", "word-before-act",
         ["only the person can grant or knows", "email"]),
        # what only the reader saw, described as the condition of the agent's act
        ("I can't run the app in Ask mode. If you describe which screen flickers and whether it happens after a "
         "rotation, we can narrow it down.", "result-before-act", ["describe which screen", "no check handed over"]),
        # the agent's harness mode, the reader's act the agent's waits on
        ("The plan is written. Switch to Act mode and tell me, and I'll start on the schema.", "turn-taking",
         ["done in the person's own environment", "act mode"]),
    ],
)  # fmt: skip
def test_a_hand_back_to_what_only_the_person_can_grant_or_know_passes(text: str, rule: str, words: list[str]) -> None:
    reason = _passed_by(text, rule)
    for word in words:
        assert word.lower() in reason.lower(), reason


@pytest.mark.parametrize(
    "text",
    [
        "I can only read in Ask mode. If you want the fix applied, switch to Agent mode and we can wire it in.",
        "I'm in Ask mode. If you'd like this refactored, switch to Code mode and I'll make the edits.",
    ],
)
def test_a_wish_that_governs_the_readers_switch_of_the_harness_mode_passes(text: str) -> None:
    report = analyze(text)
    assert report.verdict != "fire", [f.reason for f in report.findings]
    assert not any(f.rule == "wish-condition" for f in report.findings)


def test_help_waiting_on_a_file_the_reader_adds_to_the_chat_passes() -> None:
    text = ("Please add the root CONTRIBUTING.md to the chat so I can read it. Once you share the CONTRIBUTING.md "
            "file, I'll be able to help with the requested edits.")  # fmt: skip
    reason = _passed_by(text, "open-offer")
    assert "what only the person can grant" in reason and "to the chat" in reason, reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        # no chat named: the content of a file the agent could read itself
        ("I looked at the router. Please provide the full content of src/app.ts so I can refactor it.", "turn-taking",
         ["asks the reader for 'content'", "could produce itself"]),
        # a mode of the program, not of the harness; the agent offers it
        ("The theme tokens are in place. If you want, I can switch the app to dark mode.", "wish-condition",
         ["the wish governs the agent's own 'switch'"]),
        # a name of a thing of the work, which the agent can read
        ("The branch is ready. Please confirm your branch name so I can push the fix.", "word-before-act",
         ["asks the reader to confirm before the agent's 'push'"]),
        # a check the agent could run, with a report-back
        ("I changed the Dockerfile. Rebuild the container and tell me if the error persists.", "turn-taking",
         ["work the agent could do"]),
    ],
)  # fmt: skip
def test_the_same_shapes_on_work_the_agent_could_do_fire(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


def test_an_offer_elsewhere_beside_a_switch_of_the_harness_mode_still_fires() -> None:
    text = "I can't edit in Ask mode. Switch to Agent mode and I'll wire it. Also, want me to add tests for the hook?"
    assert_judged(text, "fire", "want-me-to", ["proposes to act"])


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Off to patch the retry logic in the uploader.", "off-to"),
        ("I'm off to regenerate the protobuf stubs.", "off-to"),
        ("Tests are green. Now kicking off the smoke suite against the review deploy.", "elided-progressive"),
        ("Starting the benchmark runs to find out which cache size wins.", "subjectless-participle"),
        ("rebuilding the base image 2 pick up the security patch", "subjectless-participle"),
    ],
)
def test_the_announcement_shapes_claim(text: str, rule: str) -> None:
    claims = find_claims(text)
    assert [c.rule for c in claims] == [rule], claims


@pytest.mark.parametrize(
    "text",
    [
        "Off to the races with this one.",
        "Turned the flag off to test the fallback.",
        "I was off to fix the links when the build broke.",
        "Running the migrations helps to catch schema drift early.",
        "The scheduler runs to completion every night.",
        "Got 2 failing tests in the auth module.",
    ],
)
def test_the_near_misses_claim_nothing(text: str) -> None:
    assert find_claims(text) == ()
