"""The person's word or act before the agent's next act (docs/DESIGN.md#construction-classes, turn-taking): a request
to tell the agent the reader's wish or the time of its act, a condition on the reader's approval, look or satisfaction
hung on the agent's next act, an instruction to review the agent's work before its act — fire; a request for the time
of a human-only act is exempt, the agent's act held until the reader's word on one is a hold (none); a thing's
condition, a consequence that is no act of the agent's, a report, none."""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("The exporter writes CSV now. Say if you want this committed.",
         "asks the reader to say whether they want 'this committed'"),
        ("Changes are staged — say whether you want them committed as one commit.",
         "asks the reader to say whether they want 'them committed as one commit'"),
        ("Let me know when to commit the three doc files together.",
         "asks the reader to say when or whether the agent is to 'commit'"),
        ("If you approve, I'll start with the logger and then tighten the waits.",
         "makes the agent's 'start' wait on the reader's 'approve'"),
        ("The plan is in docs/plan.md. If you're happy with it, I'll begin on phase one.",
         "makes the agent's 'begin' wait on the reader's ''re happy'"),
        ("Please review the layout, and once you're satisfied with it, I'll be ready to commit the changes.",
         "asks the reader to review before the agent's 'commit'"),
        ("Once you're satisfied with the changes, I'll be ready to commit these updates!",
         "makes the agent's 'commit' wait on the reader's ''re satisfied'"),
        ("Once you've had a look at the mockups, I'll build the components.",
         "makes the agent's 'build' wait on the reader's 'had look'"),
        ("Give it a read and, if it looks good to you, I'll wire it into the CLI.",
         "makes the agent's 'wire' wait on the reader's 'looks good'"),
        # session 14: squashing is a merge method, the merge decision (exempt below); splitting a module is the agent's
        ("After you've reviewed the diff I'll split the parser module.",
         "makes the agent's 'split' wait on the reader's 'reviewed'"),
        ("Please review the draft so I can finalise the README.",
         "asks the reader to review before the agent's 'finalise'"),
        ("Confirm the field names and I'll generate the serializers.",
         "asks the reader to confirm before the agent's 'generate'"),
        ("Wireframes are exported. Parked for now — ping me once you've had a look.",
         "asks the reader to 'ping me' on the reader's 'had look'"),
        ("Holding here; give me a shout once you've read through the proposal.",
         "asks the reader to 'give me a shout' on the reader's 'read'"),
        ("The renderer has both paths.\n\nNo more changes to it from me until you confirm which path we keep.",
         "makes the agent's 'changes' wait on the reader's 'confirm'"),
        ("The broker plan is written up. I'll wait to hear back from you before touching the consumers.",
         "makes the agent's 'wait' last until it hears from the reader"),
    ],
)  # fmt: skip
def test_the_readers_word_before_the_agents_act_fires(text: str, why: str) -> None:
    report = analyze(text)
    finding = report.firing
    assert finding is not None
    assert (report.verdict, finding.rule, finding.family) == ("fire", "word-before-act", "closing-question")
    assert why in finding.reason and "the turn" in finding.reason


@pytest.mark.parametrize(
    "text",
    [
        "If you approve #88 on GitHub, I'll merge it into main right after.",
        "If you approve the upgrade to the Team plan, I'll switch the workspace over.",
        "Please review PR #812 so I can merge it into main.",
    ],
)
def test_the_agents_act_held_until_the_readers_word_on_a_human_only_act_is_a_hold(text: str) -> None:
    report = analyze(text)
    assert (report.verdict, report.findings) == ("clear", ())


def test_a_request_for_the_time_of_a_human_only_act_is_exempt() -> None:
    report = analyze("The build is green. Let me know when to deploy it to production.")
    assert report.verdict == "exempt"
    assert [f.rule for f in report.findings] == ["word-before-act"]


@pytest.mark.parametrize(
    "text",
    [
        "If the tests pass, I'll commit the changes.",
        "Once CI confirms the build, I'll tag the release notes draft.",
        "If you approve the PR, it merges automatically.",
        "She said to tell her if we want this committed.",
        "The reviewer will say if they want the change committed.",
        "Say if you want this committed, the hook prints when it is run with --verbose.",
        "I can split PR #15371 into two if you would rather review the directive text alone.",
        "He'll wait to hear back from you before touching the consumers.",
        "I'll wait to hear back from the release manager before tagging.",
        "Ping me once the deploy has finished.",
        "Let me know when to expect the invoice for the new seats.",
    ],
)
def test_a_things_condition_a_report_or_a_wish_is_not_the_construction(text: str) -> None:
    report = analyze(text)
    assert (report.verdict, report.findings) == ("clear", ())


def test_a_wait_on_the_readers_approval_joined_to_a_human_only_act_is_a_hold() -> None:
    """r29a: the reader's word joined to the act it goes with ('until you approve and merge #88') is about that act:
    the timing of a human-only act, no finding (wait-on-reader, analyzer/grammar/register/reader_word.py)."""
    report = analyze("Leaving those untouched until you approve and merge #88, which they build on.")
    assert (report.verdict, report.findings) == ("clear", ())


def test_the_readers_go_before_the_agents_squash_is_the_merge_decision() -> None:
    """docs/DESIGN.md#construction-classes (the merge methods squash and rebase are the merge decision): the go asked
    before the agent's squash hands that decision over."""
    assert_judged("After you've reviewed the diff I'll squash the fixup commits.", "exempt", "bound-before",
                  ["the reader's go on the agent's next act", "human-only work (merge)"])
