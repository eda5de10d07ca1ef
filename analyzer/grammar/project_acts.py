"""The project act (docs/DESIGN.md#the-reader-as-doer, r40a): the one verb class of work the agent could do itself in
the project — running, building, installing, checking, calling its code, and changing or writing it — read by every
rule that asks whether the reader was handed such an act (advised-work's imperatives and modals, the closing list's
steps toward a purpose). One class, so a verb added here widens every reading at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.parse.tokens import as_written
from analyzer.terms import terms
from analyzer.text import sites

if TYPE_CHECKING:
    from spacy.tokens import Token

_ADVISED = sites()["advised-work"]
_STEP = sites()["next-step"]
# Acts that are the project's whatever their object: running and checking it, its next steps, calling its code.
RUNNING = frozenset(_ADVISED["running"]) | frozenset(_STEP["running_verbs"]) | frozenset(_ADVISED["directed"]) | (
    frozenset(_ADVISED["timed_steps"]) | frozenset(_STEP["changing_acts"]))
# Acts of changing or writing that are the project's only over a thing of it: a name in code or a project object.
CHANGING = (
    frozenset(_ADVISED["verbs"]) | frozenset(_ADVISED["kept_steps"]) | frozenset(_ADVISED["written"])
    | terms("work-list", "project_steps")
)
PROJECT_OBJECTS = terms("work-list", "project_objects") | terms("work-list", "project_files")


def project_act(verb: Token, after: list[Token]) -> bool:
    """The verb is a project act: one of running, checking or calling the project, or one of changing or writing it
    whose words after it (`after`) name a thing of the project in code ('Replace `OldPanel` with `NewPanel`') or whose
    object is a project object ('Delete the old migration files'). 'Update your code as follows' names neither: a
    how-to."""
    word = verb.lemma_.lower() if verb.pos_ in ("VERB", "AUX") else verb.lower_
    doc = verb.doc
    if word == "re" and verb.i + 2 < len(doc) and doc[verb.i + 1].text == "-":
        word = doc[verb.i + 2].lemma_.lower()  # 'Re-run the tests': the model cuts the prefix off the verb
    if word in RUNNING:
        return True
    if word not in CHANGING:
        return False
    # a project object counts as the act's own object or place ('Delete the old migration files'), not as a word
    # further on ('Drop this array into the response block')
    return any(as_written([t]).startswith("`") or (t.lemma_.lower() in PROJECT_OBJECTS and t.head.i == verb.i)
               for t in after)  # fmt: skip
