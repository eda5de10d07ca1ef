"""Hand-back statements, closing lists and greetings (issue 28, r35d; docs/DESIGN.md#construction-classes).

Five constructions, each judged on its grammar, not on the words first seen:
* "your call" said another way as a statement — the reader as the subject of a verb of deciding in a clause of its
  own (also before a semicolon, colon or dash), a possessive predicate whose subject is a piece of the work (a pronoun
  opening its sentence stands for the act before it), a label naming a choice for the reader with its options;
* a closing list whose last line asks the reader to pick by a verb of saying ('Just tell me the number(s).');
* the agent's next work left with no doer: a frame of what comes after, a thing as the subject of a modal of
  possibility ('As a follow-up, the Android build could get …');
* the bonus offer conditioned on how it strikes the reader ('if that sounds handy') or on easing the reader's work;
* the open offer asking what the reader's own act should be ('What can I help you build?').
Each has its pass twins: the same words as a status, reported speech, a human-only act, a product's feature.
"""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason

FIRES = [
    # the reader deciding, before a semicolon the model read as the main clause
    ("Fixed the flaky login test.\n\nYou decide how strict the lint config should be; both settings are defensible.",
     "reader-decides", ["You decide", "leaves the decision to the reader"]),
    ("- parser ported\n- tests green\n- You choose which error messages to keep: the short ones read better.",
     "reader-decides", ["You choose"]),
    # the reader deciding under a modal of possibility, a question left open as what is decided
    ("You can decide whether the parser should accept trailing commas.", "reader-decides", ["You can decide"]),
    ("Both layouts build cleanly. You can pick which one ships.", "reader-decides", ["You can pick"]),
    ("Docs updated.\n\nYou can decide whether the banner should show on mobile.", "reader-decides", ["banner"]),
    # a possessive predicate whose subject is a piece of the work (a cue noun is its subject, not a mention)
    ("The sprite batching is in.\n\nThe release notes wording is yours.", "reader-decides", ["wording"]),
    ("Renaming the `utils` package would touch forty imports. It's yours.", "reader-decides",
     ["what 'It' stands for", "Renaming"]),
    ("Bumping the retry count slows the suite by a minute. That's yours.", "reader-decides", ["Bumping"]),
    # a label naming a choice for the reader, the options after it
    ("Calibration is done.\n\nChoice for you: apply the formatter changes to the test folder tonight, or wait.",
     "reader-decides", ["the options", "formatter"]),
    ("**Decision for you:** keep the old endpoint as an alias or remove it.", "reader-decides", ["endpoint"]),
    # the closing list and a verb of saying that asks for the pick
    ("Refactored the exporter.\n\nSuggested next steps:\n\n1. Add a benchmark for the ARM runner\n2. Update "
     "`CHANGELOG.md`\n3. Remove the dead flag in `config/flags.yaml`\n\nJust tell me the number(s).",
     "work-list", []),
    ("Ideas for later:\n- a dark theme\n- keyboard shortcuts\n\nJust say which.", "work-list", []),
    # the agent's next work left with no doer
    ("As a follow-up, the Android build could get the same ProGuard rules and the iOS one a bitcode cleanup.",
     "bonus-offer", ["no doer", "As a follow-up", "could get"]),
    ("Fixed the import.\n\nNext, the settings page could get the same validation.\n\nThanks!", "bonus-offer",
     ["no doer"]),
    ("Fixed the import.\n\nFollow-up: the retry helper could be shared with the webhook sender.", "bonus-offer",
     ["no doer", "shared"]),
    ("| area | note |\n|---|---|\n| closing | As a follow-up, the uploader could get the same retry policy. |",
     "bonus-offer", ["no doer"]),
    ("A possible follow-up: the parser could share the tokenizer with the linter.", "bonus-offer", ["no doer"]),
    ("Afterwards, the README could get a section on the new flags.", "bonus-offer", ["no doer"]),
    # the bonus offer conditioned on how it strikes the reader
    ("Happy to port the fix to the CLI too if that sounds like something you'd use.", "bonus-offer",
     ["something you'd use"]),
    ("Summary: added the `--dry-run` flag.\n\nAlso happy to add an `--verbose` flag for the importer if that sounds "
     "handy.", "bonus-offer", ["sounds handy"]),
    ("I can wire the same check into CI if that seems worthwhile.", "bonus-offer", ["seems worthwhile"]),
    ("I can split the migration into two steps if that makes rollback easier.", "bonus-offer", ["easier"]),
    # the open offer: the reader's own act left open
    ("Hey there 👋 — what can I help you build?", "open-offer", ["help"]),
    ("So, what can I help you ship today?", "open-offer", ["help"]),
    ("Hey! What can I help you debug?", "open-offer", ["help"]),
]

PASSES = [
    # reported speech; a pronoun with no act before it; a human-only act before it
    "She said it's yours.",
    "The old laptop? It's yours now.",
    "Publishing 3.2 to PyPI is the last step. It's yours.",
    # the reader's decision as a use of the product, put off, or the reader's own wish
    "You can choose which theme to use in the settings page.",
    "You can pick which model to load by setting `MODEL_NAME`.",
    "You can decide later; nothing depends on it.",
    "You can choose whether you want the verbose output.",
    "You can pick up the build from CI.",
    # the reader's own past act after the possessive: whose it already is
    "The icon naming scheme is yours — you wrote it last year.",
    "The release notes wording is yours — I left them untouched as you asked.",
    # a choice for the reader only as a label
    "SQLite is a good choice for you if the data fits on one machine.",
    "That is a decision for you and the release manager, once the audit is in.",
    # a reading the reader perceives is no pick
    "Steps to reproduce:\n1. open the app\n2. click save\n\nTell me the number you see in the console.",
    # the follow-up done, filed, a status, a possibility of a fault, the agent named
    "As a follow-up I opened #12 for the exporter.",
    "As a follow-up, the exporter now uses the same streaming reader.",
    "As a follow-up, the exporter could use the same streaming reader — I've filed #88 for it.",
    "The exporter could fail on files over 2 GB.",
    "Next, the cache could be stale; `make clean` fixes it.",
    "A possible follow-up: the release could be tagged as v2.1.",
    "One natural next step: I'll make the worker pool configurable.",
    # a technical conditional; reported speech
    "The verbose flag helps if the import fails.",
    "She said she'd add a flag if that sounds handy.",
    # a named act the reader is helped with; a mention
    "How can I help you deploy the app?",
    'The login page asks "what can I help you with?" before the form.',
]

TWINS_JUDGED = {"A possible follow-up: the release could be tagged as v2.1.": ("exempt", "bonus-offer")}

EXEMPT = [
    ("Choice for you: deploy to production tonight or wait for Monday.", "reader-decides"),
    ("As a follow-up, the release could be published to npm.", "bonus-offer"),
    ("I can publish 2.0 to npm if that sounds good.", "bonus-offer"),
]


@pytest.mark.parametrize(("text", "rule", "words"), FIRES)
def test_hand_back_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize("text", PASSES)
def test_twin_passes(text: str) -> None:
    # nothing found, but for the frame of a later step the bonus-offer row reads as a step of a release, human-only
    verdict, rule, reason = verdict_rule_reason(text)
    assert (verdict, rule) == TWINS_JUDGED.get(text, ("clear", None)), reason


@pytest.mark.parametrize(("text", "rule"), EXEMPT)
def test_human_only_is_exempt(text: str, rule: str) -> None:
    assert_judged(text, "exempt", rule, ["human-only"])


def test_every_frame_of_next_work_holds_a_cue_of_the_cheap_filter() -> None:
    """The hook reads a closing site only when may_ask finds a cue ([cues] substrings): a frame of sites.toml
    [unconditioned-offer] that opens a site with none ('Later: …', 'From here, …') would fire in `analyze` and pass in
    the hook."""
    from analyzer.api import may_ask
    from analyzer.text import sites
    from analyzer.text.questions import question_sites

    offer = sites()["unconditioned-offer"]
    texts = [f"{frame.capitalize()}{mark} the exporter might get a TTL."
             for frame in offer["next_adverbs"] + offer["next_nouns"] for mark in (",", ":")]  # fmt: skip
    assert [t for t in texts if question_sites(t) and not may_ask(t)] == []
