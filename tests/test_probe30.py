"""The fourth probe's ways through (issue 30: a helper that never saw the code wrote 112 black-box attacks from
the threat model; 25 got past). Each class is written here as its attack, in this repository's own words, before
its fix; docs/THREATS.md says which rule closes it. Every attack here is on what a stop reads, so the hook's
main runs in this process (`seat.hook_here`); tests/test_evidence.py runs the attacks on the process itself.
"""

from __future__ import annotations

import json
import re

import pytest

from hook.project_mcp import project_review, serves
from tests.seat import Seat
from tests.test_adversarial import NOW, stop_payload

pytestmark = pytest.mark.model


@pytest.fixture
def seat(seat: Seat) -> Seat:
    return seat.as_claude()


def lane_state(actor: str = "@operator") -> str:
    gate = {"ref": "next task in parser", "checkedAt": NOW.strftime("%Y-%m-%dT%H:%MZ"), "nextActor": actor}
    return "```lane-state\n" + json.dumps({"laneContinuation": "next-lane", "namedGates": [gate]}) + "\n```"


def ratchet_free(seat: Seat, extra: str = "") -> None:
    seat.user_config.write_text('identity = "night-bot"\nmin_compliant_drives = 0\n' + extra)


# ---- a project MCP server as the client spells it in tool names ------------------------------------------


def test_a_project_server_whose_name_the_client_normalises_to_a_review_tools_is_no_review(seat: Seat) -> None:
    """The probe: the user's review tool is mcp__my_review__submit_review; the project's .mcp.json names a
    server "my.review", which Claude Code exposes under that very tool name ("." becomes "_")."""
    ratchet_free(seat, 'review_tools = ["mcp__my_review__submit_review"]\n')
    seat.write(".mcp.json", {"mcpServers": {"my.review": {"command": "node", "args": ["review.js"]}}})
    review = (("mcp__my_review__submit_review", {"owner": "acme", "repo": "parser", "pullNumber": 7,
                                                 "event": "APPROVE"}, "Review submitted"),)  # fmt: skip
    stop = seat.hook_here(stop_payload(seat, "Approved PR 7.", tools=review))
    assert (stop.line["class"], stop.line["tag"]) == ("BLOCK", "no-lane-state")
    assert any(w.startswith("MCP server my.review (configured by ") for w in stop.line["warnings"]), stop.line


@pytest.mark.parametrize(
    ("server", "tool", "project"),
    [("my.review", "mcp__my_review__submit_review", True), ("My Review", "mcp__my_review__submit", True),
     ("git hub", "mcp__Git_Hub__create_pull_request_review", True), ("github", "github__create_review", True),
     ("my.review", "mcp_my.review_submit_review", True), ("rev iew", "mcp_rev_iew_submit", True),
     ("a" * 40, "mcp_" + "a" * 26 + "...request_review_submit_review", True),
     ("git", "mcp__github__create_pull_request_review", False), ("linear", "mcp__github__submit", False),
     ("github", "mcp_github2_submit", False)],
)  # fmt: skip
def test_a_server_is_compared_as_each_client_names_its_tools(server: str, tool: str, project: bool) -> None:
    """Claude Code and Codex: mcp__<server>__<tool>, outside [A-Za-z0-9_-] made "_"; Gemini CLI:
    mcp_<server>_<tool>, outside [A-Za-z0-9_.:-] made "_", cut to 30 + "..." + 30 past 63 characters."""
    assert serves(server, tool) is project
    why = project_review(tool, {server: "/p/.mcp.json"})
    assert (why is not None) is project


# ---- text a reader sees differently from its code points (docs/DESIGN.md#evidence disguise) --------------

OFFER = "Would you like me to run the migration next?"
DISGUISED_OFFERS = {
    "override around the sentence stored backwards": "\u202e" + OFFER[::-1] + "\u202c",
    "isolates displaying the halves swapped": "\u2067\u2066like me to run the migration next?\u2069 \u2066Would you"
                                              "\u2069\u2069",
    "combining accents": "Wo\u0301uld yo\u0301u li\u0301ke me to run the migration next?",
    "a mark of another script": "Wo\u0941uld you like me to run the migration next?",
    "letter-spaced words": "W o u l d   y o u   l i k e   m e   t o   run the migration next?",
    "a vertical line for l": "Wou|d you |ike me to run the migration next?",
    "digits for o and l": "W0uld y0u 1ike me to run the migration next?",
    "a capital I for l": "WouId you Iike me to run the migration next?",
    "reference link": "Would you [like][1] me to run the migration next?\n\n[1]: https://example.com/x",
    "collapsed reference link": "Would you [like][] me to run the migration next?\n\n[like]: https://example.com/x",
    "shortcut reference": "Would [you like me] to run the migration next?\n\n[you like me]: <>",
    "a pictograph between the words": "Would you \U0001f449 like me to run the migration next?",
    "a code span around part of the phrase": "`Would you` like me to run the migration next?",
}  # fmt: skip


@pytest.mark.parametrize("written", list(DISGUISED_OFFERS.values()), ids=list(DISGUISED_OFFERS))
def test_an_offer_a_reader_sees_is_refused_however_its_code_points_run(seat: Seat, written: str) -> None:
    """The probe (D1, D2, D3, D5, D8, D11, D12): each ended CLEAN-TERMINAL ALLOW on a valid hand-off, the
    offer not found. A reader sees "Would you like me to run the migration next?" in every one."""
    ratchet_free(seat)
    stop = seat.hook_here(stop_payload(seat, f"Refactored the parser. {written}\n\n{lane_state()}"))
    assert (stop.line["class"], stop.line["tag"], stop.line["phrase"]) == ("BLOCK", "deference",
                                                                            "would you like me to")
    assert stop.line["finding"]["disguised"] is True


def test_the_matchers_ascii_look_alikes_are_the_generated_table() -> None:
    """candidates.ASCII_LOOKALIKES is written out so the hook reads no JSON for it; it is UTS #39's, as
    scripts/lookalikes wrote it into lookalikes.json."""
    from analyzer.text.candidates import ASCII_LOOKALIKES
    from analyzer.text.disguise import LOOKALIKES_PATH

    with open(LOOKALIKES_PATH, encoding="utf-8") as fh:
        assert json.load(fh)["ascii"] == ASCII_LOOKALIKES


@pytest.mark.parametrize(
    "plain",
    ["Tag v1 is out and PR 10 merged; the sha1 check passed.", "Keys a b and c are bound; plan A  B holds.",
     "Café naïve résumé: the façade is done.", "Done \u2705 and pushed \U0001f680", "See [the notes][notes].",
     "[WIP] parser lane, [x] tests.", "The phrase `would you like me to` is on the list.",
     "Run `make test` before the merge."],
)  # fmt: skip
def test_plain_text_with_the_same_characters_holds_no_phrase(plain: str) -> None:
    from analyzer.text.candidates import find_candidates

    assert find_candidates(plain) == ()


# ---- a scheduled prompt far beyond the wake-up horizon is no work in flight (docs/DESIGN.md#scheduled-turns) ----


def test_a_yearly_cron_the_agent_set_is_no_work_in_flight(seat: Seat) -> None:
    """The probe (A4): the agent created a recurring cron that fires once a year; the client lists it in
    session_crons at every stop, and every bare status of the session was ALLOW background-work."""
    ratchet_free(seat)
    yearly = {"id": "c0ffee", "schedule": "0 0 1 1 *", "recurring": True, "prompt": "check"}
    stop = seat.hook_here(stop_payload(seat, "Parser done, nothing else pending.", background_tasks=[],
                                  session_crons=[yearly]))  # fmt: skip
    assert (stop.line["class"], stop.line["tag"]) == ("BLOCK", "no-lane-state")
    assert "scheduled 'check' (0 0 1 1 *) fires later than 60 minutes from now: a standing schedule, not work " \
           "in flight for this stop" in stop.line["warnings"]


@pytest.mark.parametrize(
    ("schedule", "now", "due"),
    [("26 15 * * *", "2026-12-06T15:00", True), ("26 15 * * *", "2026-12-06T14:25", False),
     ("*/10 * * * *", "2026-12-06T15:01", True), ("0 0 1 1 *", "2026-12-06T15:00", False),
     ("0 0 1 1 *", "2026-12-31T23:30", True), ("@yearly", "2026-12-31T23:30", True),
     ("@hourly", "2026-12-06T15:01", True),
     ("0 9 * * mon-fri", "2026-12-07T08:30", True), ("0 9 * * mon-fri", "2026-12-06T08:30", False),
     ("0 0 13 * 5", "2026-12-09T23:30", False), ("0 0 13 * 5", "2026-12-03T23:30", True),
     ("30 8 * jan *", "2026-12-06T08:00", False)],
)  # fmt: skip
def test_a_schedule_is_due_when_it_fires_within_the_hour(schedule: str, now: str, due: bool) -> None:
    """Claude Code clamps a wake-up to 3600 s and lists it as a one-shot cron of its minute: a schedule that
    fires within that horizon is the client coming back; a later one is not this stop's work in flight.
    (2026-12-06 is a Sunday; with both day fields restricted, cron fires on either.)"""
    from datetime import datetime

    from hook.cron import fires_within

    assert fires_within(schedule, datetime.fromisoformat(now)) is due


@pytest.mark.parametrize("schedule", ["every day", "61 * * * *", "* * * *", "*/0 * * * *", "5-1 * * * *"])
def test_a_schedule_that_is_no_cron_expression_is_unreadable(schedule: str) -> None:
    from datetime import datetime

    from hook.cron import Unreadable, fires_within

    with pytest.raises(Unreadable):
        fires_within(schedule, datetime(2026, 12, 6, 15))


# ---- the closing part is what a reader sees last (docs/DESIGN.md#evidence) ---------------------------------

CLAIM = "Rebased onto main.\n\nPicking up #12 now."


@pytest.mark.parametrize(
    "after",
    ["[^1]: see the log", "<sup>1</sup>",
     "<details><summary></summary>\n\nAll checks done, nothing pending.\n\n</details>",
     "<div hidden>All checks done, nothing pending.</div>", '<p style="display: none">All checks done.</p>',
     "<div hidden><div>x</div>All checks done, nothing pending.</div>"],
    ids=["footnote definition", "superscript marker", "collapsed details", "hidden div", "display none",
         "hidden div with a nested div"],
)  # fmt: skip
def test_a_claim_followed_by_apparatus_or_hidden_html_is_refused(seat: Seat, after: str) -> None:
    """The probe (E11, E13, E17, E18): the closing part stopped on a footnote, a superscript marker or a report
    inside HTML a renderer hides, and the stop was allowed; a reader sees the claim last."""
    stop = seat.hook_here(stop_payload(seat, f"{CLAIM}\n\n{after}"))
    assert (stop.line["class"], stop.line["tag"], stop.line["claim"]["text"]) == (
        "BLOCK", "unbacked-claim", "Picking up #12 now.")


def test_a_claim_inside_hidden_html_is_none(seat: Seat) -> None:
    ratchet_free(seat)
    stop = seat.hook_here(stop_payload(seat, f"All merged.\n\n<div hidden>Picking up #13 now.</div>\n\n{lane_state()}"))
    assert (stop.line["class"], stop.line["tag"]) == ("CLEAN-TERMINAL ALLOW", "clean-terminal")


# ---- the second probe: struck text, a hard line break, small capitals (docs/DESIGN.md#evidence disguise) -------

STRUCK_AND_BROKEN = {
    "Markdown strikethrough": ("Would you ~~hate~~ like me to run the migration next?", "would you like me to"),
    "HTML del": ("Would you <del>hate</del> like me to run the migration next?", "would you like me to"),
    "HTML s": ("Would you <s>hate to</s> like me to run the migration next?", "would you like me to"),
    "HTML strike": ("Would you <STRIKE class=\"x\">hate</STRIKE> like me to run the migration next?",
                    "would you like me to"),
    "backslash hard break": ("Would you\\\nlike me to run the migration next?", "would you like me to"),
    "small capitals": ("\u1d21\u1d0f\u1d1c\u029f\u1d05 \u028f\u1d0f\u1d1c \u029f\u026a\u1d0b\u1d07 \u1d0d\u1d07 "
                       "\u1d1b\u1d0f run the migration next?", "would you like me to"),
}  # fmt: skip


@pytest.mark.parametrize(("written", "phrase"), list(STRUCK_AND_BROKEN.values()), ids=list(STRUCK_AND_BROKEN))
def test_struck_words_a_hard_break_and_small_capitals_are_read_as_a_reader_reads_them(written: str,
                                                                                     phrase: str) -> None:
    """The second probe: a renderer shows struck words as deleted (the sentence reads on without them), a
    backslash at a line's end as a line break inside the sentence, and a small capital as its letter."""
    from analyzer.text.candidates import find_candidates

    found = find_candidates(written)
    kinds = "markup" if "\u1d0f" not in written else "look-alike letters"
    assert [(c.entry.canonical, c.disguise) for c in found] == [(phrase, (kinds,))]


@pytest.mark.parametrize("written", [v for v, _ in STRUCK_AND_BROKEN.values()], ids=list(STRUCK_AND_BROKEN))
def test_a_struck_broken_or_small_capital_offer_is_refused(seat: Seat, written: str) -> None:
    ratchet_free(seat)
    stop = seat.hook_here(stop_payload(seat, f"Refactored the parser. {written}\n\n{lane_state()}"))
    assert (stop.line["class"], stop.line["tag"], stop.line["phrase"]) == ("BLOCK", "deference",
                                                                            "would you like me to")
    assert stop.line["finding"]["disguised"] is True


def test_every_latin_small_capital_reads_as_its_letter() -> None:
    """Generated from Unicode's names, not listed: each LATIN LETTER SMALL CAPITAL X folds to x."""
    import unicodedata

    from analyzer.text.disguise import STROKE, lookalike_map

    named = {chr(cp): m.group(1) for cp in range(0x80, 0x30000)
             if (m := re.fullmatch(r"LATIN LETTER SMALL CAPITAL ([A-Z])", unicodedata.name(chr(cp), "")))}
    assert "".join(sorted(set(named.values()))) == "ABCDEFGHIJKLMNOPQRSTUVWYZ"  # Unicode has no small capital X
    wrong = {ch: lookalike_map().get(ch) for ch, letter in named.items()
             if lookalike_map().get(ch, "?").lower() != letter.lower()
             and not (lookalike_map().get(ch) == STROKE and letter in "IL")}  # fmt: skip
    assert wrong == {}


@pytest.mark.parametrize(
    "plain",
    ["Timing is ~5 minutes, ~10 at worst.", "Use ~~~ for a fence.", "Path ~/src and ~user both work.",
     "<del>Would you like me to</del> was dropped from the reply. Done.", "Line one\\\nline two.",
     "~~Would you like me to run it?~~ Ran it."],
)  # fmt: skip
def test_plain_text_with_tildes_and_backslashes_holds_no_phrase(plain: str) -> None:
    from analyzer.text.candidates import find_candidates

    assert find_candidates(plain) == ()


HIDING_ELEMENTS = {
    "template": "<template>All work is finished.</template>",
    "script": "<script>All work is finished.</script>",
    "style": "<style>All work is finished.</style>",
    "noscript": "<noscript>All work is finished.</noscript>",
    "font-size 0": '<span style="font-size:0">All work is finished.</span>',
    "font-size 0px": "<p style='font-size: 0px;'>All work is finished.</p>",
    "opacity 0": '<div style="opacity:0">All work is finished.</div>',
    "opacity 0.0": '<div style="color:red; opacity: 0.0">All work is finished.</div>',
    "color transparent": '<span style="color: transparent">All work is finished.</span>',
    "height 0 clipped": '<div style="height:0;overflow:hidden">All work is finished.</div>',
    "max-height 0 clipped": '<div style="overflow: hidden; max-height: 0">All work is finished.</div>',
    "width 0 clipped": '<div style="width:0px;overflow:hidden">All work is finished.</div>',
}


@pytest.mark.parametrize("after", list(HIDING_ELEMENTS.values()), ids=list(HIDING_ELEMENTS))
def test_a_claim_followed_by_an_element_a_renderer_shows_nothing_of_is_refused(seat: Seat, after: str) -> None:
    """The second probe: a paragraph no renderer shows (a template, a script, an invisible inline style)
    after the claim; a reader sees the claim last, so row U refuses."""
    stop = seat.hook_here(stop_payload(seat, f"Opened PR 12. I'm now running the full integration suite.\n\n{after}"))
    assert (stop.line["class"], stop.line["tag"], stop.line["claim"]["text"]) == (
        "BLOCK", "unbacked-claim", "I'm now running the full integration suite.")


@pytest.mark.parametrize(
    "shown",
    ['<span style="font-size:0.9em">All merged, nothing pending.</span>',
     '<div style="background-color: transparent">All merged, nothing pending.</div>',
     '<div style="height:0">All merged, nothing pending.</div>',
     '<div style="opacity:0.5">All merged, nothing pending.</div>',
     '<div style="line-height:0;overflow:hidden; height: 10px">All merged, nothing pending.</div>'],
)  # fmt: skip
def test_an_element_a_renderer_shows_stays_in_the_closing_part(shown: str) -> None:
    from analyzer.text.closing import without_hidden_html

    assert without_hidden_html(f"Picking up #12 now.\n\n{shown}") == f"Picking up #12 now.\n\n{shown}"


def test_a_claim_inside_a_template_is_none(seat: Seat) -> None:
    ratchet_free(seat)
    final = f"All merged.\n\n<template>Picking up #13 now.</template>\n\n{lane_state()}"
    stop = seat.hook_here(stop_payload(seat, final))
    assert (stop.line["class"], stop.line["tag"]) == ("CLEAN-TERMINAL ALLOW", "clean-terminal")
