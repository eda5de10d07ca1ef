"""Conditional offers on the reader's wish or decision, in every shape (docs/DESIGN.md#construction-classes): the
condition is the reader's wish or decision, the consequent the agent's act or an invitation to ask it — a state
wanted of 'it' before the agent's offer, a wish before 'let me know' or 'just ask', the agent's act as the
alternative ('Otherwise, I can …'), the decision said of the option that wins it, 'make up your mind'."""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("If you want it gone, I can move the two tests into tests/_helpers/ and delete the folder.",
         "if-you-want-it", "the reader's wish conditions the agent's 'move'"),
        ("If you want it explained, just ask.", "if-you-want-it", "an invitation to ask the agent ('ask')"),
        ("If you want details about any specific task, let me know the task ID.",
         "wish-condition", "the wish governs an invitation to ask the agent ('let me know')"),
        ("If you'd like more detail on any of these steps, just ask.",
         "wish-condition", "the wish governs an invitation to ask the agent ('ask')"),
        ("If you have any files with the modal logic, please add them. Otherwise, I can create a new modal component.",
         "bonus-offer", "offers the agent's 'create'"),
        ("Alternatively, I can port the parser to the streaming API instead.",
         "bonus-offer", "offers the agent's 'port'"),
        ("Should the streaming variant win, I can hook it into the upload handler.",
         "decision-offer", "makes the agent's 'hook' wait on the reader's decision"),
        ("If the Redis variant is chosen, I can write the adapter next.",
         "decision-offer", "makes the agent's 'write' wait on the reader's decision ('chosen')"),
        ("I can switch the default over whenever you make up your mind on the theme.",
         "decision-offer", "makes the agent's 'switch' wait on the reader's decision ('make')"),
    ],
)  # fmt: skip
def test_a_condition_on_the_readers_wish_or_decision_offers_the_agents_act(text: str, rule: str, words: str) -> None:
    assert_judged(text, "fire", rule, [words])


def test_a_wish_for_a_human_only_act_before_an_invitation_is_exempt() -> None:
    report = analyze("If you want #412 merged, just tell me.")
    (finding,) = report.findings
    assert (report.verdict, finding.rule, finding.domains) == ("exempt", "wish-condition", ("merge",))


@pytest.mark.parametrize(
    "text",
    [
        "If you want it gone, delete the tests/s7-setup folder; nothing imports it.",
        "Set the timeout to zero if you want it to fail fast.",
        "If you want it verbose, pass --log-level=debug to the CLI.",
        "You said that if you want it gone I can move the tests; I moved them.",
        "If you want details about the algorithm, see docs/design.md.",
        "If you want the background on the outage, ask Priya; she ran the incident.",
        "Otherwise, the loader falls back to the defaults.",
        "If you have fixtures for the edge cases, drop them in tests/data; otherwise I'll generate some.",
        "If the canary wins, the rollout continues on its own.",
        "Should the build fail, the script retries once and then exits with code 2.",
    ],
)
def test_a_technical_condition_a_plan_or_reported_speech_offers_nothing(text: str) -> None:
    report = analyze(text)
    assert report.firing is None


@pytest.mark.parametrize(
    "text",
    [
        "Please add these files to the chat if you want to proceed with changes.",
        "If you'd like to continue with the migration, share the connection string for staging.",
        "If you want to move forward with option B, confirm the new table names.",
        "Send me the API schema if you want to continue.",
    ],
)
def test_an_instruction_on_the_readers_wish_to_go_on_fires(text: str) -> None:
    assert_judged(text, "fire", "wish-condition", ["the wish is to go on"])


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("If you want to proceed with merging #88, approve it in the GitHub UI.", "exempt"),
        ("If you want to keep the default, leave the flag unset.", "clear"),
        ("If you want to continue reading, the design notes are in docs/design.md.", "clear"),
    ],
)
def test_going_on_with_a_human_only_act_or_the_readers_own_act_is_no_wait(text: str, verdict: str) -> None:
    assert analyze(text).verdict == verdict
