"""r38e (docs/DESIGN.md#construction-classes): closing questions and waits the families missed — leave asked with
'can'/'could', the reader's need of the agent's act, the reader's word held or wished for, the agent's usefulness under
a modal, and the waits on the person's word (the purpose of a hold, the act refused without the word, standing by
alone); with the near misses each must pass: what is possible asked, a human-only act, work in flight, work done for
the reader, thanks, a thing only the reader holds."""

from __future__ import annotations

import pytest

from analyzer.text.carveouts import build_views
from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("The model overfits after epoch 12. Can I add early stopping and rerun the sweep?", "leave-question",
         ["leave ('can')", "'add'"]),
        ("Lint is clean. Could I split the utils module while I'm in there?", "leave-question", ["leave ('could')"]),
        ("The widget refreshes hourly now. I could also hook it into background fetch?", "leave-question",
         ["leave ('could')", "'hook'"]),
        ("Do you need me to update the API docs for the new endpoints?", "reader-wish-question", ["wish ('need')"]),
        ("Do you have a preference between Redis and Memcached for the session store?", "reader-wish-question",
         ["choice ('your preference')"]),
        ("Your codebase has been tidied, sir. Might I be of further service this evening?", "open-offer",
         ["may be of help"]),
        ("I'd love your feedback before I polish it.", "wait-on-person", ["'love' waits on the reader's 'feedback'"]),
        ("I'll pause here so you can review the component structure.", "wait-on-person",
         ["'pause' waits on the reader's 'review'"]),
        ("I won't proceed with the ORM swap without your input.", "wait-on-person",
         ["'proceed' waits on the reader's 'input'"]),
        ("Holding off on the index rebuild until you say so.", "wait-on-reader",
         ["'Holding' waits on the reader's 'say'"]),
        ("Reckon that's the lint done. I'll be moseyin' 'round here till you holler what's next.", "wait-on-reader",
         ["the reader's 'holler'"]),
        ("Standing by.", "wait-on-person", ["is the whole message", "no work reported"]),
    ],
)  # fmt: skip
def test_the_construction_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Can I merge #812 now?", "leave-question", ["human-only"]),
        ("Do you need me to merge #812?", "reader-wish-question", ["human-only"]),
        ("Do you have a preference on the release date for v2.1?", "reader-wish-question", ["human-only"]),
    ],
)  # fmt: skip
def test_a_human_only_act_is_exempt(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "exempt", rule, words)


@pytest.mark.parametrize(
    "text",
    [
        "How can I run the benchmarks locally?",
        "Could I have broken the build with that change? Checking the diff now.",
        "Can I see the logs from your run?",
        "Can I get access to the staging database?",
        "Do you need the raw numbers from the run?",
        "Do you have the VPN credentials for the staging cluster?",
        "Did you have a preference last time?",
        "Was I of any help?",
        "I love your feedback on the parser, thank you.",
        "I added a flag so you can review the diff first.",
        "The debugger pauses so you can step through the handler.",
        "I'll proceed with the cache swap without your input, as agreed.",
        "I won't merge #812 without your approval.",
        "Holding off on the merge of #812 until you say so.",
        "The data backfill is still running. Standing by.",
        "All 212 tests pass. Standing by.",
        "Standing by while the cache warms up.",
        "Pausing until CI finishes.",
        "You wrote in the issue:\n> Can we drop Node 16 support?\nI dropped it in the CI matrix.",
    ],
)
def test_the_near_miss_passes(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


def test_the_agents_usefulness_asked_of_a_human_only_act_is_exempt() -> None:
    assert_judged("I could cut the 2.1 release next — would that help?", "exempt", "bonus-offer",
                  ["asks whether it would help the reader", "human-only work (release)"])  # fmt: skip


SERVER_LOG = "  ✓ Ready in 1285ms\n GET / 404 in 30ms\n\nuser@host app %\n```\n\n---\n\n"


def test_a_label_inside_the_prose_after_an_unclosed_fence_is_passed_over() -> None:
    """The lone fence closes a block cut off before the message; 'SUMMARY:' and the URL do not end the prose run."""
    text = (SERVER_LOG + "I've started the dev server at http://localhost:3000. Would you like me to:\n\n"
            "1. Fix the 404 on the root route?\n2. Stop the server?\n\nSUMMARY:\nThe server runs at "
            "http://localhost:3000. Awaiting your direction on how to proceed.")  # fmt: skip
    assert_judged(text, "fire", "offer", ["'would you like me to'"])
    carved = build_views(text).parse_view
    assert "Would you like me to" in carved and "Ready in" not in carved
