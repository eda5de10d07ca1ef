"""r39d (docs/DESIGN.md#construction-classes): the register said without its head words — offers by a word of
willingness with no subject (more work marked on a whole message, a gerund after 'open to', a wish condition over the
act it carries), the reader's word welcomed with no verb, the courtesy wait on the person's time, the elliptical
'when ready', and the view asked on a fact; with the near misses each must pass: work handed over accepted, someone
else's willingness, a thing's openness, a human-only topic, a wait on work in flight, a thing that reports, a
question about the code, a status line."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        # an offer that is the whole message, more work marked
        ("Happy to write a fuzz target for the lexer too.", "bonus-offer", ["'write' as more work ('too')"]),
        ("More than happy to chase the flaky login spec next.", "bonus-offer", ["'chase' as more work ('next')"]),
        # a word of willingness over a gerund after 'to'
        ("Open to caching the token lookups as well.", "bonus-offer", ["'caching' as more work ('as well')"]),
        ("I'm amenable to porting the hooks to Python too.", "bonus-offer", ["'porting'"]),
        # a wish condition over the act a word of willingness carries
        ("Glad to add a retry test if you want one.", "wish-condition",
         ["the wish governs the agent's own 'add'"]),
        # the reader's word welcomed with no verb
        ("Feedback welcome on the table layout before I wire it up.", "wait-on-person",
         ["welcomes the reader's 'feedback'", "with no verb of the agent's"]),
        ("Suggestions appreciated.", "wait-on-person", ["welcomes the reader's 'suggestions'"]),
        ("Open to ideas on the cache eviction.", "wait-on-person", ["'open to ideas'"]),
        # the courtesy wait on the person's time
        ("Take your time.", "wait-on-person", ["leaves the time to the reader as a courtesy"]),
        ("The parser handles every fixture now. No rush.", "wait-on-person", ["waits on the reader's readiness"]),
        # a wished thing marked as more work, after a request to reach the agent
        ("Holler if you want the fixtures regenerated as well.", "contact-closer", ["the agent's next work"]),
        ("Give me a shout if you want the seed script too.", "contact-closer", ["the agent's next work"]),
        # the elliptical clause of time
        ("Ping me when ready.", "readiness-request", ["say when (they are) ready"]),
        ("No hurry — ping me once ready for the exporter.", "readiness-request", ["ready"]),
    ],
)
def test_headless_register_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize(
    "text",
    [
        "Happy to take the exporter lane next.",  # work handed over accepted
        "Happy to grab the Gemini adapter.",
        "Priya is happy to add the smoke test if you want one.",  # someone else's willingness
        "The endpoint is open to adding fields too.",  # a thing's openness
        "Happy to report the retries landed too.",  # a report of knowing
        "No rush — the nightly takes an hour; I'll check back after it.",  # a wait on work in flight
        "The build bot will ping me when ready.",  # a thing that reports
        "Thoughts on why the cache misses? It's the zero TTL.",  # a question about the code, answered
        "Any thoughts on where the leak comes from?",
        "Happy path covered.",  # a noun phrase
        "Ready: all 42 tests pass.",  # a status line
        "Feedback from the linter is clean now.",
        "Ping me if you want its output in JSON.",  # a thing the reader fetches
    ],
)
def test_headless_register_passes(text: str) -> None:
    verdict, _, reason = verdict_rule_reason(text)
    assert verdict != "fire", reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Input welcome on the 3.0 release date.", "wait-on-person", ["human-only work (release)"]),
        ("Let me know when ready to tag v3.0.", "readiness-request", ["ready"]),
    ],
)
def test_headless_register_human_only(text: str, rule: str, words: list[str]) -> None:
    """A welcomed view on a human-only decision is the person's call (carved, no finding); readiness for a human-only
    act is exempt."""
    verdict, found, reason = verdict_rule_reason(text)
    assert verdict != "fire", reason
    if found is not None:
        assert found == rule, reason
        for word in words:
            assert word in reason, reason


@pytest.mark.parametrize(
    "text", ["Thoughts on how we should name the flags?", "Any thoughts on how to order the migrations?"]
)
def test_view_on_a_choice_still_asks_approval(text: str) -> None:
    """A modal or an infinitive in the wh-clause asks a choice the agent could make: approval asked."""
    assert_judged(text, "fire", "approval-question", ["asks for the reader's view"])


@pytest.mark.parametrize("text", ["No rush on the review of #15480.", "No hurry on PR 212."])
def test_a_courtesy_over_a_change_request_is_the_stamp_not_a_wait(text: str) -> None:
    """The person's review of a change request is the stamp (human-only): the courtesy over it waits on no work the
    agent could do (tests/corpus i.term.26 pins the message it closes as clear)."""
    assert verdict_rule_reason(text) == ("clear", None, "")


def test_a_bare_courtesy_still_waits_on_the_reader() -> None:
    assert_judged("No hurry on the review.", "fire", "wait-on-person", ["leaves the time to the reader as a courtesy"])
