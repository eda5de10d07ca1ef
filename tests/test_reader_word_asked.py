"""r37i: the reader's word asked for the agent's next act in the forms the field uses (
docs/DESIGN.md#construction-classes): the message's own points handed back to settle or pick, readiness as a status
segment or a clause of time, work left for a next worker or stated as what remains, a passive or 'we' offer on a
condition, continuation on the reader's side working. Each fires with its rule; holds on work in flight, human-only
stages, the agent's own plan and human-only inputs pass."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Please answer the questions above so I can build the importer.", "turn-taking",
         ["settle the message's own points", "'answer … questions'"]),
        ("Clarify these items and I'll write the migration.", "turn-taking", ["'clarify … items'"]),
        ("Pick from these options, or tell me what you'd rather do:", "turn-taking", ["'pick … options'"]),
        ("Choose one of the two schemas above, or tell me what you'd change.", "turn-taking", ["'choose … one'"]),
        ("Phase 1 Complete - Ready to Continue to Phase 2", "readiness-next", ["'Ready'", "('Continue')"]),
        ("I am ready to take the next ticket when you are.", "readiness-next", ["when the reader is", "'ticket'"]),
        ("The parser is ready to be extended whenever you decide.", "readiness-next",
         ["by the reader's 'decide'", "('extended')"]),
        ("The base layer is ready for more views when you're ready to proceed with Phase 3.", "readiness-next",
         ["by the reader's 'ready'", "('proceed')"]),
        ("Ready for the next developer to fix the flaky tests and rerun the suite!", "readiness-next",
         ["another worker ('developer')", "('fix')"]),
        ("The only remaining work is to bump the version and rebuild the docs.", "readiness-next",
         ["the work still to do ('bump')"]),
        ("Caching could be added as a follow-up if needed.", "bonus-offer", ["'added'", "'if needed'"]),
        ("If the spacing looks wrong, we can adjust the margins.", "result-before-act",
         ["offers the agent's 'adjust' ('can', no commitment)"]),
        ("If that works on your side, I'll go on with the remaining fixes.", "word-before-act",
         ["'go' wait on the reader's 'works'"]),
        ("If it builds for you, I'll move on to the exporter.", "word-before-act", ["the reader's 'builds'"]),
    ],
)  # fmt: skip
def test_the_readers_word_asked_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("All that's left is for you to publish the release on PyPI.", "readiness-next", ["human-only work (release)"]),
        ("What remains is to merge the PR to main after your review.", "readiness-next", ["human-only work (merge)"]),
        ("The release notes are ready for when you want to publish the release.", "readiness-next",
         ["human-only work (release)"]),
        ("If the deploy to production fails, we can roll back from the release dashboard.", "result-before-act",
         ["human-only work (production-deploy)"]),
    ],
)  # fmt: skip
def test_human_only_stages_are_exempt(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "exempt", rule, words)


@pytest.mark.parametrize(
    "text",
    [
        "Please answer the questions above about your target users and launch deadline so I can shape the plan.",
        "I answered the questions above in the README.",
        "Pick a release date for the launch that suits your team.",
        "If the credentials work on your side, I'll start the import.",
        "If it works for you, I'll merge it to main and tag the release.",
        "If the tests pass, I'll commit.",
        "If I find more, I can fix them.",
        "If you prefer, the timeout can be changed in settings.toml.",
        "The remaining work is already underway in the background job.",
        "The build is ready to deploy.",
        "Tests are running in the background; I'll report the results when they finish.",
        "Next I'll add the retry wrapper and then run the full suite.",
    ],
)  # fmt: skip
def test_holds_human_only_inputs_and_plans_pass(text: str) -> None:
    assert verdict_rule_reason(text)[0] != "fire"
