"""Conditional offers on the reader's decision and bonus offers (docs/DESIGN.md#construction-classes, issue 28), in the
shapes r28b's rows missed: an inverted condition on the reader's preference read as a complement ('Should you prefer X,
I can …'), a request for the reader's choice joined to the agent's act ('Tell me which X … and I'll …', 'Give me the
preferred port and I'll …'), the reader's confirmation as the decision ('Whenever you confirm …, I'll …'), a condition
opened by 'in case', the ease of an act as its offer ('It would be easy to add …'), the reader's wish for what the offer
names ('should you want that'), the reader's word asked for ('just say so'), and 'its' for 'it's'. A fact asked for, a
human-only choice, an instruction to the reader and a reported request stay clear. Sentences of our own."""

from __future__ import annotations

import pytest

from tests.judging import verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Should you prefer snake_case for the JSON keys, I can convert the serializers.", "conditional-preference",
         "'prefer' governing the agent's 'convert'"),
        ("Should you prefer tabs, we could reformat the sources.", "conditional-preference", "'prefer'"),
        ("Tell me which timezone the reports should use and I'll update the formatter.", "decision-offer",
         "choice ('which …')"),
        ("Tell me which of the two parsers to keep, and I'll drop the other.", "decision-offer", "choice ('which …')"),
        ("Give me the preferred port and I'll change the compose file.", "decision-offer", "choice ('preferred …')"),
        ("Send me your favourite palette and we'll restyle the dashboard.", "decision-offer", "choice ('favourite …')"),
        ("Whenever you confirm the field names, I'll generate the types.", "decision-offer", "decision ('confirm')"),
        ("Once you've confirmed the endpoint list, I can stub the handlers.", "decision-offer",
         "decision ('confirmed')"),
        ("In case you choose to keep Python 3.9 support, I'll backport the walrus usages.", "decision-offer",
         "decision ('choose')"),
        ("It would be easy to add per-user quotas next if that's of interest.", "bonus-offer", "the agent's 'add'"),
        ("It'd be quick to port the parser to the worker too, if useful.", "bonus-offer", "the agent's 'port'"),
        ("I'm also happy to audit the signup flow, should you want that.", "bonus-offer", "the agent's 'audit'"),
        ("I can also port it to 1.x, should you like that.", "bonus-offer", "the agent's 'port'"),
        ("I could try orjson as a drop-in if you think its worth it.", "bonus-offer", "the agent's 'try'"),
        ("Happy to give the uploader the same treatment, just say so.", "standing-by", "waits for the reader's go"),
    ],
)
def test_an_offer_on_the_readers_decision_or_benefit_fires(text: str, rule: str, words: str) -> None:
    verdict, deciding, reason = verdict_rule_reason(text)
    assert (verdict, deciding) == ("fire", rule)
    assert words in reason


@pytest.mark.parametrize(
    ("text", "verdict", "rule"),
    [
        # a fact asked for, not a choice
        ("Tell me which lanes are done and I'll update the board.", "clear", None),
        # a human-only choice: judged like attribution
        ("Tell me which release date you want and I'll tag v2.0 then.", "exempt", "decision-offer"),
        # an instruction to the reader, no act of the agent's
        ("Should you prefer YAML, set the format key to yaml.", "clear", None),
        ("Should you want the logs, they are in /tmp/run.", "clear", None),
        # the decision that is the reader's own human-only act
        ("Whenever you confirm the release date, I'll tag v2.0.", "clear", None),
        # a reported request, a possessive 'its'
        ("He told me to just say so if the build broke, so I did.", "clear", None),
        ("The parser keeps its state between runs.", "clear", None),
    ],
)
def test_a_fact_a_human_only_choice_or_an_instruction_does_not_fire(text: str, verdict: str, rule: str | None) -> None:
    assert verdict_rule_reason(text)[:2] == (verdict, rule)
