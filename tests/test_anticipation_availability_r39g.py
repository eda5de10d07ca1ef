"""The wait on the reader's word said as the agent's anticipation, its availability for an open need, an indefinite
pointer back at its offer, or a decision under a verb of dependence (docs/DESIGN.md#construction-classes, r39g). Who is
asked: the reader; for what: a word, a need or a choice the agent's next work waits on. Someone else's anticipation, a
thing's availability, the reader's own use and a human-only stamp or decision stay clear. Sentences of our own."""

from __future__ import annotations

import pytest

from tests.judging import verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        # the agent's anticipation of the reader's word (terms [waits] anticipating_adverbs, anticipating_preps)
        ("The schema draft is up. Looking forward to your comments!", "waiting-for-go", "'comments'"),
        ("I look forward to your instructions for the exporter.", "waiting-for-go", "the reader's go"),
        # the agent's availability for an open need, no condition (terms [contact-closer] needing)
        ("Done with the cleanup. I'll be around for any questions.", "contact-closer", "for an open need"),
        ("I'm here for anything else on the billing page.", "contact-closer", "states the agent is 'here'"),
        # an indefinite pro-form pointing back at the agent's offer (terms [wish-invitation] indefinite_pointers)
        ("Glad to draft a rollback script too if you want one.", "wish-condition",
         "the wish governs the agent's own 'draft'"),
        ("I could add a few property tests as well if you'd like some.", "wish-condition", "the agent's own 'add'"),
        # the reader's decision under a verb of dependence; the joined act hung on the request
        ("Depending on what you decide about the queue, I can shard it or add a dead-letter topic.", "decision-offer",
         "wait on the reader's decision ('decide')"),
        ("Tell me which of the three color schemes you like and I'll apply it to the admin views.", "decision-offer",
         "asks the reader for a choice ('which …')"),
    ],
)
def test_a_wait_on_the_readers_word_fires(text: str, rule: str, words: str) -> None:
    verdict, deciding, reason = verdict_rule_reason(text)
    assert (verdict, deciding) == ("fire", rule)
    assert words in reason


@pytest.mark.parametrize(
    "text",
    [
        # someone else's anticipation; the stamp on a human-only act
        "The support team is looking forward to your workshop next week.",
        "Looking forward to your sign-off on the production release.",
        # a thing's availability; an event, no open need
        "The sandbox cluster is available for any experiments you plan.",
        "I'll be around for the database failover drill on Monday.",
        # the pointer after an instruction to the reader: their own use
        "Pick up a license key from the vendor portal if you want one.",
        "Borrow the demo dataset from `samples/` if you'd like some.",
        # a human-only decision; no act of the agent's
        "Depending on whether you decide to publish 2.0 to npm, I'll update the badge.",
        "Depending on what you decide about the logo, the landing page looks different.",
        # a fact asked for
        "Tell me which of the mirrors you can reach and I'll note them in the runbook.",
    ],
)
def test_someone_elses_wait_a_things_availability_or_a_human_only_decision_stays_clear(text: str) -> None:
    assert verdict_rule_reason(text)[:2] == ("clear", None)
