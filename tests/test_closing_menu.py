"""r33b (docs/DESIGN.md#construction-classes): the menu a workflow agent closes on — an imperative of choosing or
replying addressed to the reader over options of the agent's own work: the request on the line over the options, cut by
its colon ('Choose a number (1-5), r to shuffle, or x to proceed:', 'Choose:'), the options the message's last lines,
each opened by a label — a digit, a small letter or a bracketed one ('r. Reshuffle the list', '[c] Continue'); or the
options named by small letters in the reply request after them ('Reply with a / c / p / y.'). A closing list the
work-list row judges: a menu of human-only acts is the reader's own decision, and a tool's menu described is none."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

pytestmark = pytest.mark.model

FIRES = [
    ("Checkpoint saved to `docs/status.yaml`.\n\nChoose:\n[a] Advanced Elicitation\n[c] Continue\n[p] Party-Mode\n"
     "[y] YOLO the rest of this document only", ["under 'Choose'", "'continue'"]),
    ("Pick a number (1-4), r to reshuffle, or x to finish:\n\n1. Five Whys — dig into the root cause.\n"
     "2. SWOT — map strengths and risks.\n3. Role play — argue both sides.\n4. Pre-mortem — imagine failure.\n"
     "r. Reshuffle the list\nx. Finish / no more changes", ["under 'Pick a number (1-4)"]),
    ("Here are the refinement methods:\n\n1. Tighten the intro\n2. Expand the API section\n3. Add diagrams\n\n"
     "Reply with **1 / 2 / 3**.", ["Reply with", "'tighten the intro'"]),
    ("Draft saved.\n\n- `[a]` Advanced Elicitation – go deeper on the scope.\n- `[c]` Continue – accept this draft.\n"
     "- `[p]` Party-Mode\n\nReply with **a / c / p**.", ["Reply with a / c / p"]),  # r35e: markup is not quoted
    ("Select one:\n(a) Refine the persona section\n(b) Add a competitor table\n(c) Move on to the architecture step",
     ["under 'Select one'", "'refine the persona section'"]),
    ("I updated the outline.\n\nChoose:\n a) Expand section 2\n b) Trim the appendix\n c) Continue",
     ["'expand section 2'"]),
]

PASSES = [
    ("The installer shows a menu:\n\nChoose:\n[a] Install\n[r] Repair\n[x] Exit\n\nIt picks [a] by default after ten "
     "seconds.", "clear"),
    ("Release is staged.\n\nChoose:\n[a] Approve the production deploy tonight\n[b] Approve it after the freeze",
     "clear"),
    ("Run `./setup.sh`; it prompts:\n\nSelect a profile:\n1) dev\n2) staging\n3) prod", "clear"),
    ("The wizard's first screen reads \"Choose: [a] Advanced [c] Continue\", which matches the spec.", "clear"),
]


@pytest.mark.parametrize(("text", "words"), FIRES, ids=[t[:40] for t, _ in FIRES])
def test_a_menu_of_the_agents_own_work_fires_as_the_closing_list(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "work-list", words)


@pytest.mark.parametrize(("text", "verdict"), PASSES, ids=[t[:40] for t, _ in PASSES])
def test_a_menu_of_human_only_acts_or_of_a_tool_hands_nothing_over(text: str, verdict: str) -> None:
    assert verdict_rule_reason(text) == (verdict, None, "")  # no row finds anything to judge
