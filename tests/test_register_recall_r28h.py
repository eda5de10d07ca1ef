"""Issue 28 phase 6 (r28h): register constructions the families still missed (docs/DESIGN.md#construction-classes).

Each class is one construction, with a should-fire and a should-pass side: ownership handed over with 'yours' or 'in
your hands'; an instruction to choose freely ('Pick whichever suits you'); a contact request timed by the reader's
wish for the agent's work or by the reader's decision; approval asked as acceptability to the reader; turn-taking
that asks for what a run the agent could do produces; a fronted 'Your call:' before its options; the next piece of work
asked without a verb; a closing list of options with a recommendation after it; leave the agent holds or takes; the
bonus offer with the work as its subject; readiness asked of a named subject; the open offer in more shapes. A
human-only decision or act on the same construction is exempt or, where only the register reports, a plain statement.

Our own sentences: each case asserts the verdict, the deciding rule and the reason's key words.
"""

from __future__ import annotations

import pytest

from tests.judging import verdict_rule_reason

FIRES = [
    # ownership handed over without 'call'
    ("The index rebuild is yours.", "reader-decides", "subject 'The index rebuild' names no human-only decision"),
    ("I drafted the refactor plan for the loader. That decision is yours.", "reader-decides",
     "'is yours' leaves the decision to the reader"),
    ("I'll leave the naming in your hands.", "reader-decides", "object 'the naming' names work the agent owns"),
    ("Pick whichever suits you.", "reader-decides", "'Pick whichever' leaves the choice among the agent's options"),
    # standing by on the reader's wish or decision
    ("Ping me when you want the next batch converted.", "contact-closer",
     "when the reader wants the agent's next work ('want …')"),
    ("Pausing here — ping me when you've decided on the naming.", "contact-closer",
     "once the reader decides ('decided …'): it waits on the reader's word"),
    ("Let me know when you're ready for the next phase — the API layer.", "readiness-request",
     "asks the reader to say when they are ready"),
    ("Leaving the notebook as it is until you let me know which metric to optimise.", "wait-on-reader",
     "the agent's 'Leaving' waits on the reader's 'let', not on work in flight"),
    ("On hold until you've looked over the proposed schema.", "wait-on-reader",
     "the agent's 'hold' waits on the reader's 'looked', not on work in flight"),
    ("Here whenever you need me.", "contact-closer", "states the agent is 'Here' on the reader's next need"),
    ("The fix is in. Let me know how it goes!", "choice-question",
     "waits for the reader's report on how the agent's work turns out"),
    # approval of the agent's plan as acceptability to the reader
    ("Is splitting it this way alright by you?", "acceptable-to-reader",
     "asks whether the agent's plan is acceptable to the reader ('alright')"),
    ("Does the new naming scheme sit well with you?", "acceptable-to-reader", "('sit well')"),
    ("Does the proposed folder structure make sense to you?", "view-question",
     "asks whether the agent's plan makes sense to the reader"),
    # turn-taking for what the agent could produce
    ("Send me the output of `kubectl get pods` and I'll take it from there.", "turn-taking",
     "asks the reader for 'output', which the agent could produce itself"),
    ("Let me know when you've pulled the branch and I'll explain the next bit.", "turn-taking",
     "tells the reader to 'pulled …' and waits for it — work the agent could do"),
    ("| option | effort |\n|---|---|\n| Redis cache | 2h |\n| in-process LRU | 30m |\n\nPick one and I'll build it.",
     "turn-taking", "asks the reader to choose ('pick') and waits for it before the agent's 'build'"),
    ("Your turn: install the updated deps and confirm it imports cleanly. Then I'll wire up the entry point.",
     "turn-taking", "tells the reader to 'install …' and waits for the report back — work the agent could do"),
    # a fronted 'Your call:' labels its options
    ("Your call: split #140 into two PRs, or keep it as one.", "object-form",
     "object 'split #140 into two PRs, or keep it as one' names no human-only decision"),
    # the next piece of work without a verb
    ("Tests for the edge cases next?", "next-work-question",
     "offers 'Tests' as the agent's next piece of work ('next')"),
    ("Docs after that?", "next-work-question", "offers 'Docs' as the agent's next piece of work ('after')"),
    ("Three of the eight modules are typed. Keep going with the rest?", "going-on-question",
     "asks leave for the agent to go on ('Keep going')"),
    ("Move on to the exporter?", "going-on-question", "asks leave for the agent to go on ('Move on')"),
    # chat spellings of a question to the reader
    ("Whaddya think of this plan? 🤔", "view-question", "asks what the reader thinks ('think')"),
    ("Should the nightly report go to Slack or to email?", "should-choice",
     "asks the reader to choose between the agent's alternatives ('Should … or')"),
    ("More tests, or is this coverage enough?", "approval-question", "asks the reader's approval ('enough')"),
    # options closed by a recommendation
    ("There are a few ways to go from here:\n- A: cache the parsed config per process\n- B: cache it per request\n"
     "I'd lean toward B.", "work-list", "'a: cache the parsed config per process', 'b: cache it per request'"),
    # leave the agent holds or takes
    ("Do I have the green light to refactor the date-utils module?", "leave-question",
     "asks the reader's leave ('light') for the agent's 'refactor'"),
    ("Can I take the liberty of upgrading the test runner too?", "leave-question",
     "asks the reader's leave ('liberty') for the agent's 'upgrading'"),
    ("Would ye fancy me tidying the imports too?", "leave-question",
     "asks the reader's leave ('fancy') for the agent's 'tidying'"),
    ("Reckon I oughta tackle them flaky tests next, boss?", "leave-question",
     "asks the reader's leave ('ought') for the agent's 'tackle'"),
    ("Ahoy! What be ye wantin' me to work on, matey?", "want-me-to", "proposes to act and waits for permission"),
    # the bonus offer with the work as its subject
    ("An end-to-end test for the signup flow is easy to add too, if desired.", "bonus-offer",
     "offers the agent's 'test' on a condition only the reader settles ('if desired')"),
    ("I can also backport these fixes to the 2.x maintenance branch, if that's something you'd want.", "bonus-offer",
     "offers the agent's 'backport' on a condition only the reader settles"),
    ("If desired, next steps could include offline caching and push notifications for the app.", "bonus-offer",
     "lists work under 'steps' on a condition only the reader settles ('If desired')"),
    ("I could set up the same lint config in the `mobile/` package next — would that help?", "bonus-offer",
     "offers the agent's 'set' and asks whether it would help the reader"),
    # a count of tokens is no credential
    ("If you go for the larger context window, I can retrain with 4k tokens per sample.", "decision-offer",
     "makes the agent's 'retrain' wait on the reader's decision ('go')"),
    ("If you tell me which metrics matter most, I'll build the dashboard around them.", "decision-offer",
     "makes the agent's 'build' wait on the reader's decision ('tell')"),
    ("Remaining ideas for later, if you want them: lazy image loading, a service worker and route prefetching.",
     "bonus-offer", "lists work under 'ideas' on a condition only the reader settles ('if you want them')"),
    # readiness asked of a named subject
    ("Is the team ready for me to start the API versioning work?", "readiness-question",
     "asks whether the reader gives the go"),
    ("Are you set for the next phase, the offline sync?", "readiness-question", "asks whether the reader gives the go"),
    # the open offer
    ("Is there anything you'd like me to look at next?", "relative-offer",
     "offers the agent's 'look' inside a relative clause"),
    ("Anything in particular you'd like me to dig into?", "relative-offer",
     "offers the agent's 'dig' inside a relative clause"),
    ("What's first?", "open-request", "asks for the reader's next request"),
    ("Is there a particular part of the codebase you'd like help with?", "open-offer",
     "asks what the reader needs help with"),
    ("Drop me an issue whenever and I'll get going.", "open-offer",
     "tells the reader to hand the agent work whenever they like ('drop … issue')"),
    ("Workspace loaded. Which part of the app needs attention?", "open-request",
     "asks the reader which part the agent should take on next"),
]

EXEMPT = [
    ("Tell me when you want v3.0 tagged.", "contact-closer", "human-only work (release)"),
    ("Is merging #812 today alright by you?", "acceptable-to-reader", "human-only work (merge)"),
    ("Your call: merge #140 now, or wait for the stamp.", "object-form", "human-only work (merge, stamp)"),
    ("The 2.4.0 release next?", "next-work-question", "human-only work (release)"),
    ("Do I have the green light to merge #812?", "leave-question", "human-only work (merge)"),
    ("Tagging 2.4.0 is easy to do too, if desired.", "bonus-offer", "human-only work (release)"),
    ("Proceed with the merge of #812?", "going-on-question", "human-only work (merge)"),
    ("I could cut the 2.1 release next — would that help?", "bonus-offer", "human-only work (release)"),
    ("Your call on rotating the 4 API tokens.", "object-form", "human-only work (credentials)"),
    ("Should #812 be squashed or rebased?", "should-choice", "human-only work (merge)"),
    ("Ought I to merge #812 now?", "leave-question", "human-only work (merge)"),
]

# A human-only decision where only the register reports, a fact, a thing that exists, a key only the reader has, a
# list of options already weighed: no finding.
CLEAR = [
    "The merge is yours.",
    "The merge isn't yours yet and the release isn't either.",
    "The production deploy of 2.8.0 is the last step. That decision is yours.",
    "The merge is in your hands.",
    "Pick whichever release date suits you for 3.0.",
    "Ping me once you've decided whether to merge #812.",
    "Does the test output make sense to you?",
    "Send me the staging API key and I'll finish the setup.",
    "Same error on the nightly next?",
    "Two options:\n1. publish 2.4.0 tonight\n2. hold the release until Monday\nI'd go with 2.",
    "Options considered:\n- retries on 503\n- a longer timeout",
    "The benchmark is easy to run locally, if useful: `make bench`.",
    "Is the staging cluster ready for the load test?",
    "Is this branch yours?",
    "Next steps, if desired: merge #812 and tag v2.1.",
    "Whaddya know, the flake was a clock skew all along.",
    "If you tell me what you saw, I can compare it with the logs.",
    "If you tell me which release to cut, I'll prepare the notes.",
    "Is the disk space enough for the nightly build?",
    "Let me know how the release goes on Monday.",
    "The on-call engineer is here if you need them.",
    "Let me know when you've merged #812 and I'll rebase the stack.",
    "Pick a release date and I'll prepare the notes.",
    "Your turn: log in to the AWS console and confirm the MFA prompt.",
    "Pick whichever theme suits you in the settings page.",
]


@pytest.mark.model
@pytest.mark.parametrize(("text", "rule", "words"), FIRES, ids=[c[0][:50] for c in FIRES])
def test_the_register_in_these_constructions_fires(text: str, rule: str, words: str) -> None:
    verdict, deciding, reason = verdict_rule_reason(text)
    assert (verdict, deciding) == ("fire", rule), reason
    assert words in reason, reason


@pytest.mark.model
@pytest.mark.parametrize(("text", "rule", "words"), EXEMPT, ids=[c[0][:50] for c in EXEMPT])
def test_the_same_construction_on_a_human_only_act_is_exempt(text: str, rule: str, words: str) -> None:
    verdict, deciding, reason = verdict_rule_reason(text)
    assert (verdict, deciding) == ("exempt", rule), reason
    assert words in reason, reason


@pytest.mark.model
@pytest.mark.parametrize("text", CLEAR, ids=[c[:50] for c in CLEAR])
def test_a_plain_statement_a_fact_or_a_key_stays_clear(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")
