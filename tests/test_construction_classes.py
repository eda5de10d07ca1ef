"""The construction classes of SPEC revision 4 §7.4 that issue 28's phase 2 (r28a) adds: a wait on the person,
"your call" said another way, permission in every form, readiness with a subject, approval of the agent's own
plan, and the new human-only domains named near or away from the phrase.

Our own sentences, written for the classes (not taken from any corpus): for each class, sentences that must fire
and sentences that must not, varied in verb, subject, object, tense and word order.
"""

from __future__ import annotations

from analyzer.text.questions import QUESTION, question_sites

# ---- the sites, without spaCy ------------------------------------------------------------------------------


def test_an_emoji_or_emoticon_after_the_question_mark_keeps_the_question() -> None:
    for closing, question in [
        ("Does this split seem reasonable? 🙂", "Does this split seem reasonable?"),
        ("Sound good? 👍🏽", "Sound good?"),
        ("Thoughts? :)", "Thoughts?"),
        ("Good to go on the importer? 🚀🚀", "Good to go on the importer?"),
    ]:
        text = "The importer streams now; 214 tests pass.\n\n" + closing
        sites = question_sites(text)
        assert [(s.kind, s.sentence, text[s.start : s.end]) for s in sites] == [(QUESTION, question, question)]
    assert question_sites("Done.\n\nThe importer streams now 🚀") == ()
