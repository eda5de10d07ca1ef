"""Standing-by closers and open offers that are not questions (docs/DESIGN.md#construction-classes, issue 28): a request
to be contacted on the reader's next need ('ping me if …', 'give me a shout when …', 'holler if …', 'I'm around if …'),
the reader's go as a time ('ready for phase 3 when you give the word'), the agent's act for the reader with its object
left open ('anything further I can take off your plate?'), the next request asked for ('point me at a task', 'what's on
the agenda?'). A time that names a thing's event, a human-only act the reader may want, a definite thing the reader
steers the agent to and a question about a fact stay clear. Sentences of our own, varied in verb, subject, object,
word order and spelling."""

from __future__ import annotations

import pytest

from tests.judging import verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        # a request to reach the agent on the reader's open need
        ("All done here, ping me if you need anything else.", "contact-closer", "'ping me'"),
        ("The scripts are in place. Give me a shout when you want to continue.", "contact-closer", "'Give me a shout'"),
        ("The flag is wired up. Holler if you want changes.", "contact-closer", "'Holler'"),
        ("That's the checklist. Drop me a line if you want tweaks.", "contact-closer", "'drop me a line'"),
        ("You can ping me if you have questions.", "contact-closer", "'ping me'"),
        ("Get in touch if you hit problems.", "contact-closer", "'Get in touch'"),
        ("In case you hit a snag, give me a shout.", "contact-closer", "'give me a shout'"),
        ("If anything looks off, just ping me.", "contact-closer", "'ping me'"),
        ("Hit me up whenever you need more.", "contact-closer", "'Hit me up'"),
        # the agent's availability on an indefinite event
        ("That should cover it. I'm around if questions come up.", "contact-closer", "'around'"),
        ("I'm around should anything break.", "contact-closer", "'around'"),
        # the reader's go as a time of the agent's readiness
        ("Phase 2 is complete; ready for phase 3 when you give the word.", "wait-on-person", "'give'"),
        ("Ready for the importer once you say so.", "wait-on-person", "'say'"),
        # the agent's act for the reader, its object left open
        ("That wraps up the lint cleanup. Is there anything further I can take off your plate?", "open-offer",
         "'anything … take'"),
        ("Anything I can rustle up for ya in the project today?", "open-offer", "'Anything … rustle'"),
        ("Is there something else I could knock out for you?", "open-offer", "'something … knock'"),
        # the next request asked for
        ("Point me at a task and I'll get going.", "turn-taking", "('task')"),
        ("Throw me another ticket and I'll start on it.", "turn-taking", "('ticket')"),
        ("The dependencies are installed. What's on the agenda?", "open-request", "next request"),
        # the reader's trouble left open for the agent to take on
        ("Hey! Tell me what's bugging you in the codebase and I'll take a look.", "open-offer",
         "name what troubles them ('what … bugging you')"),
        ("Let me know what's blocking you and I'll dig in.", "open-offer", "('what … blocking you')"),
    ],
)
def test_a_closer_that_waits_for_the_readers_next_need_fires(text: str, rule: str, words: str) -> None:
    verdict, deciding, reason = verdict_rule_reason(text)
    assert (verdict, deciding) == ("fire", rule)
    assert words in reason


@pytest.mark.parametrize(
    ("text", "verdict", "rule"),
    [
        # a wish that names a thing or an act of the reader's own, no open need
        ("Give me a shout when you want to tag the release.", "clear", None),
        ("Ping me if you want its output in JSON.", "clear", None),
        ("Ping me whenever you want a status; I'll keep the lane moving.", "clear", None),
        # the agent's own work goes on after the request
        ("Ping me if you need anything; I'll keep going on the parser meanwhile.", "clear", None),
        # a thing's event, no open need
        ("Ping me when the deploy finishes.", "clear", None),
        ("The pager will ping me if the job fails.", "clear", None),
        ("Support is around if the VPN breaks; their number is in the wiki.", "clear", None),
        # a definite thing the reader steers the agent to (r28b's reading stays)
        ("Steer me toward the riskiest lane and I'll take it.", "clear", None),
        # a question about a fact, a past report
        ("Is there anything I could have done differently for you?", "clear", None),
        ("What is on the staging server right now?", "clear", None),
        ("I pinged you when the build finished.", "clear", None),
        ("Tell me what the linter says and I'll fix it.", "clear", None),
        # readiness for an act of its own is the ready-when-you-like gate's: the timing of a human-only act
        ("I'm ready to merge when you like.", "clear", None),
        ("What's bugging you about the design?", "clear", None),
    ],
)
def test_a_things_event_a_human_only_want_or_a_fact_does_not_fire(text: str, verdict: str, rule: str | None) -> None:
    assert verdict_rule_reason(text)[:2] == (verdict, rule)
