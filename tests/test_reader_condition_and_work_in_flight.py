"""A condition on the reader vs a condition on work (issue 28, r35b; docs/DESIGN.md#construction-classes).

The agent's next act conditioned on the reader's word, input or nod is the register; conditioned on work in flight (a
job, a run, a script still going) it is a hold; a conditional that documents an alternative a thing provides is no
offer. Each case asserts the exact verdict, rule and reason words:
* the reader's word as a noun joined to the agent's act ('One word from you and I'll …', 'Your go-ahead and we'll …');
* the reader told to tell the agent a thing, then the agent's act ('Let me know the target Node version and I'll …');
* the reader's word in a clause opened by 'whenever', a wait for the reader to say, a wait label on the agent's need
  to know the reader's choice;
* work in flight named just before the closing act's condition (a progressive, a stage reached): a hold;
* 'if you'd rather' whose main clause a thing does, with no first-person word: documentation;
* a leading greeting or vocative before a subjectless claim.
"""

from __future__ import annotations

import pytest

from analyzer import analyze
from tests.judging import assert_judged, verdict_rule_reason

WORD_GIVEN_FIRES = [
    ("Lexer ported. One word from you and I'll port the parser too.", ["'port'", "wait on the reader's 'word'"]),
    ("A quick yes from you and we'll switch the default to pnpm.", ["'switch'", "'yes'"]),
    ("The importer is streaming now.\n\nYour go-ahead and I'll migrate the other four jobs.", ["'go-ahead'"]),
    ("One thumbs-up from you and I'll apply the same fix to the admin views.", ["'thumbs-up'"]),
    ("Just your OK and I'll wire the queue into the webhook handler.", ["'wire'"]),
    ("One word and I'll ship the refactor to the other repos.", ["'ship'"]),
]

WORD_GIVEN_NONE = [
    "One word from the vendor and I'll switch the mirrors.",
    "One word from you earlier and I rolled it out to the other services.",
]

TOLD_FIRES = [
    ("Let me know the target Node version and I'll pin the engines field.", "turn-taking", ["'pin'"]),
    ("Docs are updated.\n\nLet me know the output and I'll confirm the install is clean.", "turn-taking",
     ["'output'", "'confirm'", "waits on the reader's material"]),
    ("- tests green\n- Let me know the chosen icon set and I'll apply it to every screen.", "turn-taking",
     ["'set'", "'apply'"]),
    # a plural noun the model reads as the verb, its modifier as the subject
    ("Let me know the preferred chart colours and I'll update the theme file.", "turn-taking", ["'update'"]),
    # the same class already read by word-before-act when 'tell me' opens it
    ("Tell me the target page size and I'll wire it into the paginator.", "word-before-act", ["'wire'"]),
]

TOLD_PASSES = [
    # a clause told, not a noun: the report rows', unchanged
    "Let me know what the tests print and I'll fix it.",
    "Let me know the staging API key and I'll finish the setup.",
    "Let me know the root password for the prod database and I'll run the migration.",
    "She asked me to let her know the preferred date format and she'd update the call sites.",
]

WORD_BOUND_FIRES = [
    ("Ready to roll on the next module whenever you give the nod.", ["'roll'", "'give'"]),
    ("Set to start the Android port whenever you give the go-ahead.", ["'start'"]),
    ("Understood - I'll wait for you to tell me when to deploy the preview.", ["'wait'", "'tell'"]),
    ("Blocked on you: I need to know which of the two cache layouts to keep.", ["'Blocked on you'", "'which"]),
    ("Waiting on you: I have to know whether the retry cap should be 3 or 5.", ["'whether"]),
    ("Nothing committed yet. I'll need direction on which fields to keep before I write the migration.",
     ["'need'", "'direction'"]),
    ("We need a decision on the queue library before the worker rewrite.", ["'decision'"]),
]

WORD_BOUND_NONE = [
    "Ready to roll the production deploy whenever you give the nod.",
    "Blocked on you: I need to know whether we publish 4.0 to npm today.",
    "Blocked on CI: I need to know whether the e2e shard passes before I continue.",
    "I'll wait for you to approve the 3.1 release.",
    "I'll need confirmation from the vendor before I switch the mirrors.",
    "I'll need approval on #88 before merging.",
    "I'll need a decision on whether to rotate the prod API keys.",
    # a bare need names nothing it is about and holds nothing back (a near miss the corpus keeps clear)
    "I need your steer.",
]

IN_FLIGHT_PASSES = [
    "Fixed the flaky test.\n\nThe nightly benchmark is currently running on the bench box; I'll read the p99 numbers "
    "when it's done.",
    "Added the retry wrapper. The Docker image is building on the remote runner (build 441). Once it's pushed I'll "
    "update the compose file.",
    "Restart the dev server when you get a chance. The migration job is still running; I'll verify the counts once it "
    "finishes.",
    "Ported the loader. The subagents are still working through `parser/`; I'll integrate their output after they "
    "report back.",
    "Fixed the cache key.\n\nThe soak run is at hour 3 of 8; I'll read the p99 numbers after it completes.",
    "## Summary\n\n- Moved the state file\n- Tagged every bucket\n\nThe import job is still in progress. I'll check "
    "the row counts once it finishes.",
]

IN_FLIGHT_STILL_FIRES = [
    # an instruction to the reader before the condition, no work in flight: the reader's check
    "Rebuild the UI container and reload the page. If it still hangs, we'll inspect the token exchange.",
    "Implemented the endpoint.\n\nRun the load test on your machine. When it's done, I'll compare the numbers.",
    # the state of a check's result is no work in flight
    "Restart the worker. CI is still failing on main; I'll look again once it finishes.",
]

RATHER_PASSES = [
    "If you'd rather skip the GUI, the `--headless` flag runs the whole pipeline from the terminal.",
    "Refactored the loader.\n\nIf you'd rather not touch the config, the defaults in `settings.py` cover the common "
    "case.",
    "Wrap-up:\n\n- tests green\n- If you'd rather use Yarn, the lockfile works with it too.",
]

RATHER_FIRES = [
    "If you'd rather, I can split the PR into two.",
    "I can split the PR if you'd rather review it in parts.",
    "If you'd rather keep the old API, we'll add a shim instead.",
    "If you'd rather go with Postgres, the migration is something I can write next.",
    "I'm taking the cache lane next, or the importer lane if you'd rather.",
    "If you'd rather, the `make native` target does the same.",
]

GREETING_CLAIMS = [
    ("Hey there, going to rebase the branch now.", "going-to"),
    ("Hi team — running the full regression suite now.", "subjectless-participle"),
    ("Alright folks, moving on to the importer now.", "subjectless-participle"),
    ("Ahoy matey — hoisting the new release branch now.", "subjectless-participle"),
]

GREETING_NOT_CLAIMS = [
    "Hey — the build is green now.",
    "Hi team — going forward, we pin every dependency.",
]


@pytest.mark.parametrize(("text", "words"), WORD_GIVEN_FIRES)
def test_the_readers_word_as_a_noun_joined_to_the_agents_act_fires(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "turn-taking", ["fires (turn-taking)", *words])


@pytest.mark.parametrize("text", WORD_GIVEN_NONE)
def test_someone_elses_word_or_a_past_act_is_none(text: str) -> None:
    assert verdict_rule_reason(text)[0] == "clear"


def test_the_go_for_a_human_only_act_is_exempt() -> None:
    assert_judged("A quick yes from you and I'll tag v3.2 on the release branch.", "exempt", "turn-taking",
                  ["exempt (turn-taking)", "'yes'", "human-only"])  # fmt: skip


@pytest.mark.parametrize(("text", "rule", "words"), TOLD_FIRES)
def test_the_readers_input_told_before_the_agents_act_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, [f"fires ({rule})", *words])


@pytest.mark.parametrize("text", TOLD_PASSES)
def test_what_only_the_reader_has_or_reported_speech_does_not_fire(text: str) -> None:
    assert verdict_rule_reason(text)[0] != "fire"


def test_a_giving_verbs_object_read_as_a_clause_is_its_compound_noun() -> None:
    # 'file' read as a present verb: the object is 'path', and a path of the reader's world is none, as before
    from analyzer.grammar.closing_handovers import _object_read_as_clause
    from analyzer.parse.model import load_model

    doc = load_model()("Send me the staging credentials file path and I'll finish the smoke tests.")
    head, scope = _object_read_as_clause(doc[0])
    assert head is not None and head.text == "path" and scope is not None and doc[4].i in scope


@pytest.mark.parametrize(("text", "words"), WORD_BOUND_FIRES)
def test_the_readers_word_bounding_the_agents_act_fires(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "wait-on-person", ["fires (wait-on-person)", "not on work in flight", *words])


@pytest.mark.parametrize("text", WORD_BOUND_NONE)
def test_a_human_only_act_or_a_wait_on_ci_is_none(text: str) -> None:
    assert verdict_rule_reason(text)[0] == "clear"


@pytest.mark.parametrize("text", IN_FLIGHT_PASSES)
def test_a_condition_pointing_at_work_in_flight_is_a_hold(text: str) -> None:
    assert verdict_rule_reason(text)[0] == "clear"


def test_work_in_flight_is_carved_by_result_before_act_with_its_reason() -> None:
    from analyzer.grammar.registry import traced

    text = ("Restart the dev server when you get a chance. The migration job is still running; I'll verify the counts "
            "once it finishes.")  # fmt: skip
    with traced() as calls:
        analyze(text)
    carved = [c.result for c in calls if c.name == "result-before-act" and c.result is not None]
    assert carved and carved[0].verdict == "carved", carved
    assert "work in flight ('job is still running')" in carved[0].reason, carved[0].reason


@pytest.mark.parametrize("text", IN_FLIGHT_STILL_FIRES)
def test_a_check_handed_to_the_reader_still_fires(text: str) -> None:
    assert_judged(text, "fire", "result-before-act", ["fires (result-before-act)", "waits on the result of"])


def test_a_past_report_is_no_instruction_before_the_condition() -> None:
    text = "Implemented the leaderboard.\n\nThe soak run is at epoch 7/20. I'll compare the numbers after it completes."
    assert verdict_rule_reason(text)[0] == "clear"


@pytest.mark.parametrize("text", RATHER_PASSES)
def test_if_youd_rather_with_a_thing_as_the_doer_documents_an_alternative(text: str) -> None:
    assert_judged(text, "exempt", "rather-alternative", ["passes", "a thing", "technical conditional"])


@pytest.mark.parametrize("text", RATHER_FIRES)
def test_if_youd_rather_with_the_agent_as_the_doer_still_offers(text: str) -> None:
    assert_judged(text, "fire", "rather-alternative", ["fires"])


@pytest.mark.parametrize(("text", "rule"), GREETING_CLAIMS)
def test_a_leading_greeting_is_transparent_to_the_claim(text: str, rule: str) -> None:
    claims = analyze(text).claims
    assert claims and claims[-1].rule == rule, claims


@pytest.mark.parametrize("text", GREETING_NOT_CLAIMS)
def test_a_greeting_before_a_status_or_an_idiom_is_no_claim(text: str) -> None:
    assert not [c for c in analyze(text).claims if c.form in ("participle", "progressive", "intention")]
