"""Waits on the person, standing by and five more classes (docs/DESIGN.md#construction-classes), r32c.

The reader's word and next request named by the rest of their class (permission, consent, clearance, orders, the next
steps or move), also as a bare plural ('Standing by for orders.'); the reader's word received by the agent in the
clause that bounds its hold ('until I get your thumbs-up'); holding back named by its other verbs ('deferring');
a hold word alone as the label of the reader's word ('Pending: your OK'); the next request left open as a free
relative or an open pronoun ('Ready for whatever comes next.', 'Standing by for anything else.'); availability as
'on standby'; the next need as an amount left open ('Shout if there's more.'). Not one: someone else's word, a
thing's wait, work in flight, the go for a human-only act, a negated readiness. The rest of five more classes
the behavioural suite's generated blocks showed missing: the elliptical act ('Update the snapshots too?', 'Same for
the other handlers?'), assent as a state and doubt as a noun in plan approval, what a run shows handed back in
turn-taking, and a decision left to the reader's discretion, say or prerogative."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Standing by for orders.", "wait-on-person", ["the agent's 'Standing' waits on the reader's 'orders'"]),
        ("Waiting for instructions.", "wait-on-person", ["'Waiting' waits on the reader's 'instructions'"]),
        ("Standing by for next steps.", "wait-on-person", ["waits on the reader's 'steps'"]),
        ("I'm holding here until I get your thumbs-up.", "wait-on-person",
         ["the agent's 'holding' waits on the reader's 'thumbs-up'"]),
        ("I'm deferring the loader switch until I have your approval.", "wait-on-person",
         ["the agent's 'deferring' waits on the reader's 'approval'"]),
        ("Pending: your OK on the schema change.", "wait-on-person", ["the label 'pending'", "reader's 'OK'"]),
        ("Pending your OK on the schema change.", "wait-on-reader", ["'Pending' waits on the reader's 'OK'"]),
        ("Holding for your permission.", "wait-on-person", ["waits on the reader's 'permission'"]),
        ("Awaiting your consent.", "waiting-for-go", ["'Awaiting your consent'", "reader's go"]),
        ("Standing by for anything else.", "wait-on-person", ["'Standing' waits on the reader's 'anything'"]),
        ("Ready for whatever comes next.", "ready-for-next-request", ["'Ready for whatever comes", "next request"]),
        ("Ready for what's next.", "ready-for-next-request", ["next request"]),
        ("I'm on standby if you need anything else.", "open-offer", ["the agent's availability on the reader's need"]),
        ("Standing by for whatever you need.", "open-offer",
         ["availability for the reader's open need", "whatever you need"]),
        ("Shout if there's more.", "contact-closer", ["asks the reader to 'Shout' on the reader's next need"]),
    ],
)  # fmt: skip
def test_a_wait_on_the_readers_word_or_next_request_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize(
    "text",
    [
        "Pending: Priya's OK on the schema change.",
        "Pending: the nightly run.",
        "The worker is standing by for whatever the queue sends.",
        "The replica is on standby if you need anything else.",
        "Ping me if there's more rain tomorrow.",
        "I'm not ready for more.",
        "I'll hold the merge of #812 until I get your approval.",
        "I'm deferring the merge of #812 until I have your approval.",
        "The runner is ready for whatever the scheduler sends.",
        "The worker is waiting for jobs.",
    ],
)
def test_someone_elses_word_a_things_wait_or_a_human_only_go_is_no_finding(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize(
    ("text", "verdict", "rule", "words"),
    [
        ("Update the snapshots too?", "fire", "verbless-offer", ["the agent's next act with its subject left out"]),
        ("Refactor the cache layout too?", "fire", "verbless-offer", ["subject left out ('Refactor')"]),
        ("Do the same for the importer?", "fire", "verbless-offer", ["subject left out ('Do')"]),
        ("Same for the other handlers?", "fire", "verbless-offer", ["offers the same work again"]),
        ("Merge #812 too?", "exempt", "verbless-offer", ["human-only work (merge)"]),
        ("Are you aligned with my proposal?", "fire", "approval-question", ["the reader's approval ('aligned')"]),
        ("Any qualms about this layout?", "fire", "approval-question", ["asks for the reader's view"]),
        ("Drop me the error message and I'll fix it.", "fire", "turn-taking",
         ["asks the reader for 'message', which the agent could produce itself"]),
        ("I'll leave the batch size to your discretion.", "fire", "reader-decides",
         ["'to your discretion' leaves the decision to the reader", "'the batch size'"]),
        ("The lint config is at your discretion.", "fire", "reader-decides", ["subject 'The lint config'"]),
        ("Your say on the test layout.", "fire", "reader-decides", ["'Your say on' leaves the decision to the reader"]),
        ("Your say on the merge of #812.", "exempt", "reader-decides", ["human-only work (merge)"]),
        ("Your judgment on the folder structure.", "fire", "reader-decides", ["'Your judgment on'"]),
        ("The lint config is your prerogative.", "fire", "reader-decides", ["'your prerogative'"]),
        ("Making the repository public is your prerogative.", "exempt", "reader-decides", ["human-only work"]),
    ],
)  # fmt: skip
def test_the_rest_of_each_class_is_judged_as_the_class(text: str, verdict: str, rule: str, words: list[str]) -> None:
    assert_judged(text, verdict, rule, words)


@pytest.mark.parametrize(
    "text",
    [
        "See the diff above?",
        "Push it? That is for the release manager; my lane is done.",
        "Same error on CI?",
        "Forward me the message from Dana and I'll reply to the thread.",
        "I'll leave rotating the deploy key to your discretion.",
        "Use your judgment when you review the PR.",
    ],
)
def test_a_fact_asked_someone_elses_thing_or_the_readers_own_act_is_no_finding(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")
