"""The open offer and the bonus offer in every form (docs/DESIGN.md#construction-classes): the elliptical 'anything
else' with a vocative and no question mark, an infinitive of taking work on as the open request, the agent's usefulness
asked, the next need handed to the agent by its direction, the agent's help with the reader's own work named, and the
bonus offer on the reader's use, on a wish left open in the present, or on an invitation after a dash."""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("The script is in place.\n\nanything else, your handsomeness", "standing-by",
         "asks for the reader's next request, verbless"),
        ("Anything else.", "standing-by", "asks for the reader's next request, verbless"),
        ("Something else to tackle?", "open-request", "asks for the reader's next request"),
        ("How can I be useful today?", "open-offer", "asks how the agent may be of use ('useful')"),
        ("Is there any further way I can be of assistance?", "open-offer", "asks how the agent may be of help"),
        ("If there's anything else on your plate, send it my way.", "contact-closer",
         "asks the reader to 'send it my way'"),
        ("I'm ready to help you review your feedback and update the instructions accordingly.", "help-offer",
         "offers the agent's help with the reader's 'review' ('ready to help you')"),
        ("Happy to help you refine the schema further.", "help-offer",
         "offers the agent's help with the reader's 'refine'"),
        ("Happy to help you refine the schema further — just share what you'd change.", "bonus-offer",
         "offers the agent's 'help' on a condition only the reader settles ('— share')"),
        ("Also happy to document both flags in the README — just say.", "bonus-offer", "offers the agent's 'document'"),
        ("Would be easy to add an editor overlay that shows the layers too, if that's something you'd use.",
         "bonus-offer", "offers the agent's 'add'"),
        ("Could also add a CHANGELOG entry, if you like.", "bonus-offer", "offers the agent's 'add'"),
    ],
)  # fmt: skip
def test_an_open_or_bonus_offer_in_another_form_fires(text: str, rule: str, words: str) -> None:
    assert_judged(text, "fire", rule, [words])


def test_help_with_a_human_only_act_of_the_readers_is_exempt() -> None:
    report = analyze("I'm ready to help you publish 2.1 to PyPI.")
    (finding,) = report.findings
    assert (report.verdict, finding.rule, finding.domains) == ("exempt", "help-offer", ("release",))


@pytest.mark.parametrize(
    "text",
    [
        "Anything else in the logs looked normal.",
        "Nothing else, boss — the deploy finished and the smoke tests pass.",
        "The on-call engineer is ready to help you rotate the credentials.",
        "Happy to report all 41 tests pass.",
        "Also happy to report the cache hit rate is 98% — see the dashboard.",
        "Would be easy to miss: the flag is off by default.",
        "If there's anything else in the logs, it's from the old worker.",
        "What else to expect from the migration?",
    ],
)
def test_a_status_another_subject_or_a_fact_offers_nothing_new(text: str) -> None:
    report = analyze(text)
    assert (report.verdict, report.findings) == ("clear", ())


def test_the_wish_to_go_on_asked_in_a_request_to_confirm_stays_the_wish_requests() -> None:
    report = analyze("Please confirm if you would like to proceed with these changes.")
    assert (report.verdict, [f.rule for f in report.findings]) == ("fire", ["wish-request"])


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Collision layers are data-driven now.\n\nWould be easy to add an editor overlay too, if that's something "
         "you'd use.\n\n~ R.B.", "bonus-offer"),
        ("The cache is in.\n\nI could add a retry wrapper too, if useful.\n\n~ Wren", "bonus-offer"),
    ],
)  # fmt: skip
def test_a_tilde_sign_off_leaves_the_offer_before_it_the_closing_part(text: str, rule: str) -> None:
    report = analyze(text)
    assert report.firing is not None
    assert report.firing.rule == rule


def test_a_tilde_before_a_number_is_content() -> None:
    report = analyze("Latency dropped after the change.\n\n~ 40 ms at p99, down from 95.")
    assert (report.verdict, report.claims) == ("clear", ())
