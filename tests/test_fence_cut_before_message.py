"""A bare fence that opens the message and never closes (r31c): the close of a code block cut off before the message,
as a transcript's turn split after its code leaves it. What follows is the agent's own prose and is read; an unclosed
fence with an info string, one after prose, and a closed fence keep their code carved out (CommonMark)."""

from __future__ import annotations

import pytest

from analyzer.text.carveouts import build_views
from tests.judging import assert_judged, verdict_rule_reason

CUT = (
    "```\nLet's continue with the conversion scripts. I'll add more logging.\n\n"
    "The diagrams now render with Puppeteer and the reverse script restores the code blocks.\n\n"
)


def test_the_prose_after_a_bare_unclosed_fence_opening_the_message_is_read() -> None:
    assert_judged(CUT + "Is there anything else you'd like me to improve or adjust in the implementation?", "fire",
                  "standing-by", ["'anything else' asks for the reader's next request"])


def test_its_plain_status_stays_clear() -> None:
    assert verdict_rule_reason(CUT + "All 12 diagrams convert both ways.") == ("clear", None, "")


@pytest.mark.parametrize(
    "text",
    [
        "```python\nanswer = ask('Would you like me to retry?')\n",
        "Here is the helper:\n\n```\nanswer = ask('Would you like me to retry?')\n",
        "```\nanswer = ask('Would you like me to retry?')\n```\n\nThe helper is in `prompts.py`.",
        "```\r\nWould you like me to continue?\r\n```\r\nContinued.\r\n",
    ],
)
def test_other_fences_keep_their_code_carved(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


def test_the_cut_fence_carves_nothing() -> None:
    views = build_views(CUT + "Done.")
    assert [r for r in views.regions if r.kind == "code-fence"] == []
