"""Readiness of the reader asked as a request to report back (docs/DESIGN.md#construction-classes, issue 28 phase 4b):
'Let me know when you're ready for part 2.', 'Ping me once you're good to go on the importer.' — the readiness
question of a named subject, said as an instruction: the turn waits on the reader's go."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.grammar.closing_questions import Asked, _judged
from analyzer.grammar.judgement import Judgement
from analyzer.grammar.registry import rule
from analyzer.parse.tokens import subject_of
from analyzer.terms import terms
from analyzer.text.questions import CONTACT, REQUEST, TURN, WAIT

if TYPE_CHECKING:
    from spacy.tokens import Token

REPORT_VERBS = terms("readiness-asked", "report_verbs")
MARKS = terms("readiness-asked", "marks")


@rule("readiness-request")
def readiness_request(asked: Asked) -> Judgement | None:
    """A readiness word ('ready', 'good', 'set') under a copula whose subject is the reader, in a clause of time
    ('when', 'once', 'as soon as') that a verb of reporting governs; what the reader is to be ready for is judged
    (ready to merge #812 is the go for a human-only act)."""
    if asked.site.kind not in (TURN, REQUEST, CONTACT, WAIT):  # r39d: a wait site ('No hurry — ping me when ready')
        return None
    words = asked.words
    for ready in asked.tokens:
        elided = _elided_readiness(ready, words.readiness)
        if elided is not None:  # r39d: 'Ping me when ready.'
            return _judged(asked, "readiness-request", f"asks the reader to say when (they are) {ready.text} — the "
                           "turn waits on the reader's go", elided)  # fmt: skip
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


def _elided_readiness(ready: Token, readiness: frozenset[str]) -> list[Token] | None:
    """r39d (docs/DESIGN.md#construction-classes): the elliptical clause of time with its subject and copula left out
    ('Ping me when ready.', 'Let me know once ready for part 2.'): the readiness word itself is the clause under a
    verb of reporting said to the reader (no subject of its own), its time mark its child; what the reader is to be
    ready for, or nothing."""
    if ready.lower_ not in readiness or ready.dep_ not in ("advcl", "ccomp", "oprd") or subject_of(ready) is not None:
        return None
    if not any(c.lower_ in MARKS and c.dep_ in ("mark", "advmod") for c in ready.children):
        return None
    governor = ready.head
    reports = governor.lemma_.lower() in REPORT_VERBS or governor.lower_ in REPORT_VERBS
    subject = subject_of(governor)  # 'let me know': the agent as the subject under 'let'
    let_me = subject is not None and subject.lower_ in ("me", "us") and governor.head.lemma_ == "let"
    if not reports or (subject is not None and not let_me):
        return None  # 'The build will ping me when ready' tells of a thing
    return [c for c in ready.children if c.dep_ in ("xcomp", "prep")]
