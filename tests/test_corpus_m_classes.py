"""Issue 28 phase 4b (docs/DESIGN.md#construction-classes): the classes the development part of corpus m showed, each
fixed as a class — readiness of a named subject for an item with a titled name ('Are you ready to move on to Block 4:
the importer?'), the open offer asked as the reader's wish for a hand or as an instruction to hand the agent its next
work, plan approval asked of a reading already made, a wait on the person's word as a label or a readiness
statement, work handed over in a sentence after a closing list, the same in non-standard spelling; and for precision,
a cloud access grant as a human-only decision, and the files only the person can add to an Aider chat. Sentences of
our own, varied in verb, subject, object, word order and spelling; each class has should-fire and should-pass
sentences."""

from __future__ import annotations

import pytest

from tests.judging import verdict_rule_reason

pytestmark = pytest.mark.model


def _fires(text: str, rule: str, words: str) -> None:
    verdict, deciding, reason = verdict_rule_reason(text)
    assert (verdict, deciding) == ("fire", rule), reason
    assert words in reason


def _passes(text: str, verdict: str, rule: str | None) -> None:
    got, deciding, reason = verdict_rule_reason(text)
    assert (got, deciding) == (verdict, rule), reason


# ---- readiness of a named subject for an item with a titled name ----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Are you ready to move on to Step 3: the migration?",
        "Are we good to move on to Part 2: caching?",
        "Are you ready to continue with Block 5: the export?",
        "Is everyone ready to jump into Chapter 3: deployment scripts?",
        "Is everyone ready to dive into Sprint 2?",  # the readiness word hung on 'everyone' as its adjective
        "Is everyone set to dive into Sprint 2: notifications?",
        "Ready to move on to Stage 4: load testing?",
        "**Are we good to move on to Phase 5: Polish & Monetization?**",
    ],
)
def test_readiness_for_a_titled_item_is_judged_whole(text: str) -> None:
    _fires(text, "readiness-question", "asks whether the reader gives the go")


@pytest.mark.parametrize(
    "text",
    [
        "Are the fixtures ready to move on to Block 4: the loader?",  # the state of a thing
        "Is the cache ready for Phase 2: warm reads?",
        "Before moving on to Block 4: the tests pass and the lint is clean.",
    ],
)
def test_readiness_of_a_thing_before_a_title_stays_clear(text: str) -> None:
    _passes(text, "clear", None)


# ---- the open offer: a hand asked about, the next work asked for ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Is there a particular task you'd like a hand with today?", "needs help with ('like')"),
        ("Is there anything you would like help with?", "needs help with ('like')"),
        ("Anything specific you want a hand with?", "needs help with ('want')"),
        ("Tell me what to tackle next and I'll get going.", "next work ('tell … what … tackle')"),
        ("Let me know what to take on next and I'll begin.", "next work ('know … what … take')"),
        ("Send over the next request whenever you have one and I'll turn it into a minimal diff.",
         "left open ('send … request')"),
        ("Give me the next thing to build and I'll get on it.", "left open ('give … thing')"),
    ],
)
def test_the_open_offer_asked_another_way_fires(text: str, words: str) -> None:
    _fires(text, "open-offer", words)


@pytest.mark.parametrize(
    "text",
    [
        "Tell me the database password and I'll finish the setup.",  # a fact only the reader has
        "Send over the API key when you have one and I'll wire it in.",
        "The team asked whether there was anything they'd like a hand with; I listed the three open tickets.",
        "I took on the next ticket in the queue and sent the diff.",
    ],
)
def test_a_named_thing_or_a_report_offers_nothing(text: str) -> None:
    _passes(text, "clear", None)


# ---- approval of the agent's own plan: asked in a request to report back, or of a reading already made ---------


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Please review the plan and tell me whether you approve it.", "approval-request", "whether they approve"),
        ("Look the plan over and let me know if you approve.", "approval-request", "('approve')"),
        ("Read through the proposal and tell me whether it works for you.", "approval-request", "('works')"),
        ("Check the design and let me know if you're happy with it.", "approval-request", "('happy')"),
        ("Was that the intended reading, or did you have another one in mind?", "intent-question",
         "('intended reading')"),
        ("Is this the expected behaviour, or did you want something else?", "intent-question",
         "('expected behaviour')"),
    ],
)
def test_approval_asked_another_way_fires(text: str, rule: str, words: str) -> None:
    _fires(text, rule, words)


@pytest.mark.parametrize(
    ("text", "verdict", "rule"),
    [
        ("Tell me whether you approve the budget increase for the paid tier.", "exempt", "approval-request"),
        ("The reviewer looked the plan over and said they approve it.", "clear", None),
        ("Tell me whether the build passes on your machine.", "clear", None),
        ("Was the intended reading ever written down?", "clear", None),
        ("I read the spec as asking for peak concurrency, which is the reading the tests encode.", "clear", None),
    ],
)
def test_approval_of_a_human_only_decision_or_a_fact_does_not_fire(text: str, verdict: str, rule: str | None) -> None:
    _passes(text, verdict, rule)


# ---- a wait on the person's word: as a label, or the agent's act timed by it ----------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("**Required Input**: Approval to proceed with the orchestrator changes.",
         "the label 'required input' parks the turn on the reader's 'Approval'"),
        ("**Required Input**: your approval of the plan.", "reader's 'approval'"),
        ("Required input: your go-ahead on the schema.", "reader's 'go-ahead'"),
        ("**Needed from you**: a yes on the migration plan.", "the label 'needed from you'"),
        ("I'm ready to start on the data layer as soon as you approve.", "the agent's 'start' waits on the reader's "
         "'approve'"),
        ("I'll begin on the schema as soon as you approve.", "the agent's 'begin' waits on the reader's 'approve'"),
        ("I'll start the refactor once you give the go-ahead.", "the agent's 'start' waits"),
    ],
)
def test_a_wait_on_the_persons_word_fires(text: str, words: str) -> None:
    _fires(text, "wait-on-person", words)


@pytest.mark.parametrize(
    "text",
    [
        "**Status**: waiting on the CI run for the branch.",  # a wait on work in flight
        "I'll merge the branch as soon as CI goes green.",
        "**Required Input**: the production database password.",  # what only the reader has
        "I'll start the load test once the staging deploy finishes.",
        "I'll merge the PR as soon as you approve.",  # the stamp a human-only act needs
        "I will deploy it to production as soon as you approve.",
        "Required input: approval of the release to production.",
    ],
)
def test_a_wait_on_work_or_on_a_human_only_stamp_stays_clear(text: str) -> None:
    _passes(text, "clear", None)


# ---- work handed over in a sentence after the closing list -----------------------------------------------------

OPTIONAL = "### Next Steps (optional)\n1. Add a dev menu with a god-mode toggle\n2. Warp buttons for the rooms\n\n"
FOLLOW_UPS = "**Possible follow-ups:**\n- keyboard navigation for the chip list\n- an e2e test with JavaScript off\n\n"


@pytest.mark.parametrize(
    "text",
    [
        OPTIONAL + "Any of these can follow if desired.",
        OPTIONAL + "These could be tackled next if you like.",
        OPTIONAL + "Each of these could come in a follow-up PR.",
        OPTIONAL + "All three can be addressed later.",
        FOLLOW_UPS + "These can be done as a follow-up.",
        FOLLOW_UPS + "Any of the above could be implemented on request.",
    ],
)
def test_a_sentence_that_leaves_the_list_to_the_reader_keeps_it_the_closing_list(text: str) -> None:
    _fires(text, "work-list", "hands the reader work the agent could do")


@pytest.mark.parametrize(
    ("text", "verdict", "rule"),
    [
        (OPTIONAL + "All three are done and pushed.", "clear", None),
        (OPTIONAL + "These are out of scope for this task and tracked in #41.", "clear", None),
        (OPTIONAL + "I'm doing these next, starting with the first.", "clear", None),
        (OPTIONAL + "These can be done by the release manager.", "clear", None),  # no optional or later work
        ("### Next steps\n1. Merge #812\n2. Tag v2.1 from main\n\nBoth can follow when you're ready.", "clear", None),
    ],
)
def test_a_report_or_a_human_only_list_after_it_hands_nothing_over(text: str, verdict: str, rule: str | None) -> None:
    _passes(text, verdict, rule)


# ---- the same constructions in non-standard spelling -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("lmk when ur ready 4 part 2 🙂", "readiness-request"),  # 'ur ready' reads "you're ready"
        ("let me kno when u r ready 4 the next part", "readiness-request"),
        ("Let me know when you're ready for part 2.", "readiness-request"),
        ("Ping me once you're good to go on the importer.", "readiness-request"),
        ("anythin else i can do 4 u?", "standing-by"),
        ("Howdy partner, what else can this ol' agent rustle up fer ya?", "open-offer"),
        ("What else can I rustle up for you?", "open-offer"),
    ],
)
def test_non_standard_spelling_reads_as_the_construction_it_spells(text: str, rule: str) -> None:
    verdict, deciding, reason = verdict_rule_reason(text)
    assert (verdict, deciding) == ("fire", rule), reason


@pytest.mark.parametrize(
    ("text", "verdict", "rule"),
    [
        ("Let me know when you're ready to merge #812.", "exempt", "readiness-request"),  # a human-only act
        ("Let me know when the build is ready.", "clear", None),
        ("u need node 20 for this, ur on 18 rn.", "clear", None),
        ("anythin else in the log was just noise, so i ignored it.", "clear", None),
        ("Howdy partner, the build is green and the tag is pushed.", "clear", None),
    ],
)
def test_non_standard_spelling_of_a_report_or_a_human_only_go_does_not_fire(
    text: str, verdict: str, rule: str | None
) -> None:
    _passes(text, verdict, rule)


def test_ur_reads_youre_only_before_a_word_no_possessive_stands_before() -> None:
    from analyzer.text.disguise import fold
    from analyzer.text.spelling import respell

    assert respell(fold("lmk when ur ready 4 the next part")).text == "let me know when you're ready for the next part"
    assert respell(fold("ur branch is green")).text == "your branch is green"


# ---- precision: a cloud access grant handed over, and what only the person can put in front of the agent ---------


@pytest.mark.parametrize(
    "text",
    [
        "Granting the bot write access to the organisation's cloud project is yours to decide.",  # 'write' cut off
        "Whether to grant the deploy bot IAM access to the billing account is yours to decide.",
    ],
)
def test_a_cloud_access_grant_is_yours_to_decide_as_a_human_only_decision(text: str) -> None:
    _passes(text, "exempt", "reader-decides")


@pytest.mark.parametrize(
    "text",
    ["Choosing the cache's eviction policy is yours to decide.", "The name of the helper module is yours to decide."],
)
def test_agent_work_yours_to_decide_still_fires(text: str) -> None:
    _fires(text, "reader-decides", "leaves the decision to the reader")


@pytest.mark.parametrize(
    "text",
    [
        "Please add the file that defines `.btn-primary` to the chat so I can see it.",
        "Add `src/db.py` to the chat and I'll make the change.",
        "Please /add the stylesheet so I can read it.",
    ],
)
def test_adding_files_to_the_agents_chat_is_access_only_the_person_has(text: str) -> None:
    _passes(text, "clear", None)


def test_adding_work_to_a_file_is_still_turn_taking() -> None:
    _fires("Add the new route to `app.py` and let me know when it's done.", "turn-taking", "work the agent could do")
