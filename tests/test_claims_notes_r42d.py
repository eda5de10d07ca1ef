"""The agent's note-to-self before its tool call (r42d, docs/DESIGN.md#claims): a bare imperative, an imperative series
or a verbless noun phrase naming the agent's next act with no addressee claims when the sentence ends the message on
its colon with nothing shown after it, or when a word of sequence opens it; a need or a moment with the subject dropped
claims too. The reader addressed, a how-to shown, a label, and a usage note after reported work are no claim."""

from __future__ import annotations

import pytest

from analyzer import analyze
from hook.commands.analyze import hook_view
from hook.config import load_defaults, resolve_config

CLAIMS = [
    # an imperative ending the message on its colon (the stripped tool call)
    ("Rerun the parser suite with the new fixtures:", "note-to-self", ["'Rerun'", "ending the message on its colon"]),
    ("Both containers are healthy. Install the gems, migrate, seed, test:", "note-to-self",
     ["'Install'", "on its colon"]),
    ("Port the remaining handlers to the new router:", "note-to-self", ["'Port'"]),
    # after a word of sequence, with the colon or opening the message
    ("Now regenerate the protobuf stubs:", "note-to-self", ["'Now regenerate'", "no addressee"]),
    ("Next, rebuild the worker image and restart it:", "note-to-self", ["'Next, rebuild'"]),
    ("Now tighten the ACL check in `billing/guard.py` — only owners may refund. Admins keep read access.",
     "note-to-self", ["'Now tighten'", "opening with its word of sequence"]),
    # a verbless noun phrase or preposition after a word of sequence, leading into the stripped tool call
    ("Now the remaining webhook tests:", "note-to-self", ["'Now the remaining webhook tests'"]),
    ("The API side compiles. Now the settings page:", "note-to-self", ["'Now the settings page'"]),
    ("Now for the admin dashboard:", "note-to-self", ["'Now for the admin dashboard'"]),
    # the infinitive's 'to' after a word of sequence
    ("Now to hook the exporter into the scheduler:", "note-to-self", ["'Now to hook'"]),
    # a need, a duty or a moment with the subject dropped
    ("The cache volume still holds the old schema. Need to drop it:", "intention-verb",
     ["'Need to drop'", "subject left out"]),
    ("Need to pin the base image so the build is reproducible.", "intention-verb", ["'Need to pin'"]),
    ("Time to wire the exporter into the scheduler.", "intention-verb", ["'Time to wire'"]),
    ("Gotta fix the lint errors in the router:", "intention-verb", ["'Gotta fix'"]),
    # 'let me' with an 'if' clause after a verb of finding out: the question the act asks, no condition
    ("The counter jumps twice per request. Let me check if the middleware runs two times:", "let-me",
     ["'Let me check'"]),
    ("Let me test if the retry path is hit at all:", "let-me", ["'Let me test'"]),
    # looking is the act under 'let me' before the stripped tool call
    ("Let me see what the worker logs say:", "let-me", ["'Let me see'"]),
    ("Let's see if the worker restarts cleanly:", "let-me", ["'Let's see'"]),
    # the earlier rows the reading holds keep their names
    ("Onto the flaky snapshot tests next.", "verbless-next-step", ["where the agent goes now"]),
    ("Here's the corrected loader:", "presentative-pending", ["still to come"]),
]


@pytest.mark.parametrize(("text", "rule", "words"), CLAIMS)
def test_the_note_to_self_claims(text: str, rule: str, words: list[str]) -> None:
    claims = analyze(text).claims
    assert [(c.form, c.rule) for c in claims] == [("intention", rule)]
    reason = claims[0].reason
    assert reason.startswith(f"claim (intention, rule {rule}): ")
    for word in words:
        assert word in reason


NO_CLAIMS = [
    # a label before what it introduces, or ending the message
    "Next steps:",
    "Summary:",
    "Files changed:",
    "Summary:\n\n- the loader retries on 503\n- the cache is per host",
    # the reader addressed or asked
    "Please rebuild the image and verify:",
    "Now update your `.env` with the new key:",
    "Now you can rebuild the image:",
    "Need to restart your terminal for the new PATH to apply.",
    # a how-to shown to the reader, a label over what its colon leads into
    "Wrap the server start like this:",
    "To run it locally:",
    "Next, the numbers: 40 ms at p99, down from 95.",
    "The API side compiles. Next, the settings page.",
    # shown after the colon: the command or code is the reader's
    "Run the migration:\n\n```bash\nmake migrate\n```",
    # after reported work, the imperative is a usage note for the reader (advised-work judges it)
    "Done with the share sheet. Now open `build.gradle.kts` and bump `versionCode` to 58.",
    "The protobuf definitions are updated.\n\nNext, regenerate the stubs and commit the result.",
    "To regenerate the client later, run `make gen-client`.",
    # reports and plain states
    "Now the exporter runs every hour.",
    "Updated the fixtures and pinned the seed.",
    "Next I re-ran the migration against a copy of the data to time it.",
    # 'let me' over the reader's act or a wait-and-see remark is no act of looking
    "Let me know if you want the rest.",
    "Let's see how it goes over the weekend.",
    # a condition after a verb that is no inquiry still sets a later time
    "I'll rebase the branch if CI goes green.",
]


@pytest.mark.parametrize("text", NO_CLAIMS)
def test_not_a_note_to_self(text: str) -> None:
    assert analyze(text).claims == ()


def test_a_note_to_self_ending_the_turn_is_refused_by_row_u_not_as_handed_work() -> None:
    """The hook's side: the note is the unbacked claim of row U; no work-list finding reads it as work handed over."""
    report = analyze("The stack is healthy. Now rebuild and verify:")
    assert [f.rule for f in report.findings if f.verdict == "fire"] == []
    view = hook_view(report, resolve_config(load_defaults(), None, None, {"HOME": "/nonexistent-home"}))
    assert (view["refuses"], view["row"], view["tag"]) == (True, "U", "unbacked-claim")
    assert view["because"].startswith("claim (intention, rule note-to-self): the note-to-self 'Now rebuild'")
    assert "ending the message on its colon" in view["because"]


def test_asked_of_the_reader_it_stays_work_handed_over() -> None:
    report = analyze("The fix is in. Please rerun the suite and verify:")
    assert report.claims == ()
