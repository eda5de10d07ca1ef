"""r40d, approval, choice and offer read by their grammar, not by a phrase (docs/DESIGN.md#construction-classes): the
reader's intent anywhere in the predicate of a question about the agent's work (fit to intent), sufficiency said of the
copula's attribute, which part of the work the reader would change; the free relative of the reader's choice standing
alone and the pick request over a menu; the offer's protasis as the reader's wanting or needing under any mark of
condition or under a verb of dependence. And their should-pass neighbours: a thing of the reader's own, a fact asked in
the past, an instruction to the reader beside the choice, a condition before the reader's own act, a human-only want."""

from __future__ import annotations

import pytest

from analyzer.api import may_ask
from analyzer.cli import judge
from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        # APPROVAL: fit to intent, the reader's intent anywhere in the predicate
        ("Rewrote the onboarding copy. Is this closer to what you wanted?", "approval-question",
         ["asks the reader's approval ('wanted')"]),
        ("Is the sidebar component for the settings page what you had in mind?", "approval-question",
         ["asks the reader's approval ('had')"]),
        ("Does the new error page match what you expected?", "approval-question",
         ["asks the reader's approval ('expected')"]),
        ("Is the dark theme more like what you were after?", "approval-question", ["asks the reader's approval"]),
        # sufficiency on the copula's attribute, with the opinion adjunct
        ("I kept 10% of the fixtures for the smoke run. Is a 10% slice enough, in your view?", "approval-question",
         ["asks the reader's approval ('enough')"]),
        # which part of the agent's work the reader would change
        ("Draft schema is in schema.sql. Which of these tables would you change?", "change-question",
         ["asks whether the reader would change the agent's plan ('change')"]),
        ("What part would you rework first?", "change-question", ["would change the agent's plan ('rework')"]),
        # CHOICE: the free relative standing alone; the pick request after a menu
        ("Whichever you prefer for the icon set — both are wired up the same way.", "decision-offer",
         ["hands the choice back to the reader ('Whichever you prefer')"]),
        ("Whatever you prefer.", "decision-offer", ["hands the choice back to the reader"]),
        ("Both layouts are wired. Whichever works for you.", "decision-offer",
         ["hands the choice back to the reader ('Whichever works')"]),
        ("1. Split the parser module\n2. Keep it whole and add tests\n3. Stop here\nPick one.", "named-choice",
         ["asks the reader to pick one of the options set out before it"]),
        ("Option A: a lock file. Option B: a queue. Choose either.", "named-choice",
         ["asks the reader to pick one"]),
        # OFFER: the reader's want or need under any mark, and under a verb of dependence
        ("Should you want the ports read from a .env file instead, I can add that.", "conditional-preference",
         ["a condition on the reader's 'want'", "the agent's 'add'"]),
        ("In case you need the old endpoint a while longer, I can keep a shim in place.", "conditional-preference",
         ["a condition on the reader's 'need'"]),
        ("If you need a stricter lint profile, I'll tighten the rules.", "conditional-preference",
         ["a condition on the reader's 'need'"]),
        ("Depending on which browsers you need to support, I can add the polyfills.", "decision-offer",
         ["wait on the reader's decision ('need')"]),
        ("Depending on your needs, I can split the report into daily files.", "decision-offer",
         ["depend on the reader's word ('your needs')"]),
        # APPROVAL: the agent's course or its own act judged; the rest of the approving verbs, asked or told
        ("Is this the right direction for the importer?", "approval-question",
         ["asks the reader to judge the agent's course ('direction')"]),
        ("Am I on the right track with the cache layer?", "approval-question", ["the agent's course ('track')"]),
        ("Did I get the column mapping right?", "approval-question", ["the agent's own act ('get … right')"]),
        ("Did I capture what you meant by soft delete?", "approval-question", ["the agent's own act"]),
        ("Would you sign off on this migration plan?", "approval-question", ["asks the reader to approve ('sign')"]),
        ("Can you confirm this naming scheme is OK?", "approval-question", ["asks the reader to approve ('confirm')"]),
        ("Here is the change list for the tokenizer. Please review and confirm.", "approval-request",
         ["tells the reader to approve the agent's plan ('confirm')"]),
        ("Please approve the table layout.", "approval-request", ["tells the reader to approve the agent's plan"]),
        # CHOICE: a lettered menu after a wh-question is the options, no answer of the agent's
        ("Next? (a) wire the exporter, (b) write the docs, (c) stop here.", "open-request",
         ["asks for the reader's next request"]),
        ("What next? (a) wire the exporter, (b) write the docs, (c) stop here.", "open-request",
         ["asks for the reader's next request"]),
        # OPEN HELP: the existential open request; the agent's help by its idiom
        ("Is there anything more on your list?", "open-request", ["asks for the reader's next request"]),
        ("I'm here whenever you need a hand with the test suite.", "contact-closer",
         ["on the reader's next need"]),
        # OFFER: the benefit asked back of a piece of work not yet made
        ("Let me know if a Makefile target for the seed step would be handy — easy to add.", "bonus-offer",
         ["offers the agent's 'target' by its benefit"]),
        # FIT: a verb of agreeing with the reader's purpose
        ("Two names are drafted above. Which name resonates best with your vision for the tool?", "fit-question",
         ["fits the reader"]),
        # WAIT: the refused act found above a misattached 'without'; the keyword-gated turn
        ("I won't continue with the remaining endpoints without your confirmation.", "wait-on-reader",
         ["waits on the reader's 'confirmation'"]),
        ("Say `more` when you want the next module.", "wait-on-person",
         ["makes the reader's word the gate of the turn"]),
        ("Say yes to continue.", "wait-on-person", ["makes the reader's word the gate of the turn"]),
        # the agent's readiness as the hold on the reader's act
        ("The plan file is updated. Ready for you to tell me which stage to run.", "wait-on-person",
         ["the agent's 'Ready' waits on the reader"]),
        # the text layer: a lower-case signature after a valediction; a sound-alike; a misspelling
        ("Parser split into three modules. Does this look right to you?\n\nThanks,\nyour coding agent",
         "approval-question", ["asks the reader's approval ('right')"]),
        ("Does this layout look rite to you?", "approval-question", ["'right'"]),
    ],
)
def test_r40d_fire(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize(
    "text",
    [
        # a thing of the reader's own compared with their intent; a fact of what they see; the open request
        "Is your local config what you expected?",
        "Does the error message match what you see on your side?",
        # a fact asked in the past, not which part the reader would change
        "Which file did you change?",
        # an instruction to the reader beside the free relative: the reader acts
        "Store the vectors as float16 or float32 — whatever you prefer.",
        "Use whichever you prefer.",
        "The cache works for you now.",
        # the pick request with nothing before it to choose from
        "Pick one.",
        # a condition on the reader's need before the reader's own act; the agent's act depending on a human-only want
        "If you need to roll back, run `make rollback`.",
        "Depending on your needs, run the fast suite or the full one.",
        "Depending on which release you want to publish, I can prepare the notes.",
        # a fact asked of the agent's act or of the reader's machine; the person's stamp on a change under review
        "Please approve PR #88.",
        "Please review and approve the PR.",
        "Did I break anything on your side?",
        "Can you confirm the tests pass on your machine?",
        "Is this the right file?",
        # a thing already there asked of its benefit
        "Let me know if the timings would be useful.",
        # a question the agent answers itself; a fact asked with an existential
        "What broke the build? The stale lock file; I removed it and CI is green.",
        "Is there any more data in the queue? No, it drained at 14:02.",
        # the act not refused goes on; a word said to someone else; a ceremony
        "I'll continue with the remaining endpoints without your confirmation.",
        "Say hi to the team for me.",
        # a thing's readiness for the reader hands the thing over: no hold of the agent's
        "The PR is ready for you to review.",
        "The rite of passage for new services is a load test; it passed.",
        # the valediction's name is a person's: the report before it is the closing part
        "Parser split into three modules.\n\nThanks,\nthe platform team lead Dana",
    ],
)
def test_r40d_pass(text: str) -> None:
    assert verdict_rule_reason(text)[0] == "clear"


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("Should you want the ports read from a .env file instead, I can add that.", "conditional-preference"),
        ("Depending on your needs, I can split the report into daily files.", "decision-offer"),
        ("Whatever you prefer.", "decision-offer"),
        ("1. Split the parser module\n2. Keep it whole\nPick one.", "named-choice"),
        ("Say `more` when you want the next module.", "wait-on-person"),
    ],
)
def test_the_stop_path_reaches_the_new_readings(text: str, rule: str) -> None:
    """The stop's cheap pre-filter (analyzer.api.may_ask) lets each new reading through."""
    assert may_ask(text) is True
    assert [(f.verdict, f.rule) for f in judge(text).findings if f.verdict == "fire"] == [("fire", rule)]
