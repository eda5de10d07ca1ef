"""r38j: offers of the agent's next work, and choice requests, in frames the first readings missed
(docs/DESIGN.md#construction-classes): the reader asked to specify what is wished ('say the exact shape'), the next
work named impersonally ('the next step is to …'), a parenthesis between the wish and its clause, the wish that
outlasts what the agent did ('if you still want'), and the bare request for the reader's choice over the agent's options
('Either works for me; tell me which.'). And the neighbours that must pass: the reader's own act after the condition, a
request for what only the person has, a hold on work in flight, a conditional whose act is done, a plain report."""

from __future__ import annotations

import pytest

from analyzer import analyze
from analyzer.text.questions import DECISION, kind_of
from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("If you want different fields in the manifest, say the exact shape.",
         "wish-condition", ["the wish governs an invitation to ask the agent ('say')"]),
        ("If you want another layout, describe the exact grid and I'll redo the page.",
         "wish-condition", ["invitation to ask the agent ('describe')"]),
        ("If you want the other warnings fixed, point me to them.",
         "wish-condition", ["invitation to ask the agent ('point me')"]),
        ("If you want a different template (e.g., include a footer, a logo), tell me the exact layout and I'll adjust.",
         "wish-condition", ["invitation to ask the agent ('tell me')"]),
        ("If you want full closure on the flaky group, the next step is to rerun the whole batch in a clean worktree.",
         "wish-condition", ["the next work named impersonally ('step is to rerun')", "names no human-only decision"]),
        ("If you'd like a further round, the best move would be to retry the slow group alone.",
         "wish-condition", ["the next work named impersonally ('move is to retry')"]),
        ("If you still want an inline version of the script, I can produce it.",
         "wish-condition", ["the wish governs the agent's own 'produce'"]),
        ("If you still need the CSV export, I can add it back.",
         "wish-condition", ["the wish governs the agent's own 'add'"]),
    ],
)  # fmt: skip
def test_a_wish_conditions_the_agents_next_work_in_a_new_frame(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("I'm happy either way on splitting the component — say which.",
         ["asks the reader to name one of the options", "what it offers names"]),
        ("Either works for me; tell me which.", ["asks the reader to name one of the options"]),
        ("Both caches would do the job, so let me know which one.", ["asks the reader to name one of the options"]),
        ("Two ways to fix it: a lock or a queue. Say which.", ["asks the reader to name one of the options"]),
    ],
)  # fmt: skip
def test_a_bare_request_for_the_readers_choice_hands_the_choice_back(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "named-choice", words)


def test_a_choice_between_human_only_acts_is_the_readers() -> None:
    assert_judged("Either approving the release now or holding it works for me — say which.", "exempt",
                  "named-choice", ["and that is human-only work"])  # fmt: skip
    assert_judged("Tag v3 now or publish to npm later — both are fine by me. Say which.", "exempt", "named-choice",
                  ["and that is human-only work"])  # fmt: skip


def test_a_request_after_a_list_for_someone_else_is_not_read_as_the_agents_options() -> None:
    text = "Next steps for the release manager:\n1. Tag v3.0.0\n2. Publish to npm\n\nTell me which."
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize(
    "text",
    [
        "If you want verbose logs, set LOG_LEVEL=debug before the run.",
        "If you want a custom port, describe it in the README.",
        "If you want to ship it, the next step is for you to run `make release`.",
        "If you still want to run it by hand, use `make bench`.",
        "If you still need access to the bucket, ask Dana.",
        "If you still need the old script, it's in git history.",
        "If you still see the error, it is the cache — I cleared it.",
        "If you still need the credentials, ask Priya for the vault path.",
        "The build is still running on CI; I'll merge once it is green.",
        "Tell me which one you tested.",
        "The docs say which mode is the default.",
        "Fixed the race in the worker pool; all 214 tests pass.",
    ],
)
def test_the_readers_own_act_a_hold_or_a_report_is_no_offer(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


def test_the_readers_wish_on_how_it_behaves_is_an_exempt_technical_conditional() -> None:
    assert_judged("If you want it faster, raise the limit.", "exempt", "if-you-want-it", ["a technical conditional"])


def test_the_bare_request_is_found_without_a_parse() -> None:
    found = [kind_of(s) for s in ("Either works for me; tell me which.", "Either is fine by me, so say which.")]
    assert found == [DECISION, DECISION]
    assert kind_of("Tell me which one you tested.") != DECISION


def test_a_still_standing_wish_for_the_readers_own_act_is_technical() -> None:
    assert analyze("Pass --legacy if you still want the old output.").verdict == "clear"
