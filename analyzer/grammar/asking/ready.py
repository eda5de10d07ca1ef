"""Readiness of the reader asked as a request to report back (docs/DESIGN.md#construction-classes, issue 28 phase 4b):
'Let me know when you're ready for part 2.', 'Ping me once you're good to go on the importer.' — the readiness
question of a named subject, said as an instruction: the turn waits on the reader's go."""

from __future__ import annotations

from analyzer.grammar.closing_questions import Asked, _judged
from analyzer.grammar.judgement import Judgement
from analyzer.grammar.registry import rule
from analyzer.parse.tokens import subject_of
from analyzer.terms import terms
from analyzer.text.questions import CONTACT, REQUEST, TURN

REPORT_VERBS = terms("readiness-asked", "report_verbs")
MARKS = terms("readiness-asked", "marks")


@rule("readiness-request")
def readiness_request(asked: Asked) -> Judgement | None:
    """A readiness word ('ready', 'good', 'set') under a copula whose subject is the reader, in a clause of time
    ('when', 'once', 'as soon as') that a verb of reporting governs; what the reader is to be ready for is judged
    (ready to merge #812 is the go for a human-only act)."""
    if asked.site.kind not in (TURN, REQUEST, CONTACT):
        return None
    words = asked.words
    for ready in asked.tokens:
        if ready.lower_ not in words.readiness or ready.dep_ != "acomp":
            continue
        copula = ready.head
        subject = subject_of(copula)
        if subject is None or subject.lower_ not in words.reader:
            continue
        timed = any(c.lower_ in MARKS and c.dep_ in ("mark", "advmod") for c in copula.children)
        governor = copula.head.head if copula.head.lower_ == "soon" else copula.head
        if not timed and copula.head.lower_ != "soon":
            continue
        if copula.dep_ not in ("ccomp", "advcl") and copula.head.lower_ != "soon":
            continue
        # 'ping' read in lower case has no lemma of its own
        reports = governor.lemma_.lower() in REPORT_VERBS or governor.lower_ in REPORT_VERBS
        if not reports or governor.i == copula.i:
            continue
        ready_for = [c for c in ready.children if c.dep_ in ("xcomp", "prep")]
        return _judged(asked, "readiness-request", f"asks the reader to say when they are {ready.text} — the turn "
                       "waits on the reader's go", ready_for)  # fmt: skip
    return None
