"""What only the reader can grant or know (r38f, docs/DESIGN.md#construction-classes, the reader's environment decides a
hand-back): the agent's harness mode or permission ('switch to Agent mode'), the agent's chat context in a harness
where the person adds what the agent sees ('add these files to the chat'), and the person's own identity or account
data ('your GitHub noreply email'). A hand-back to one of these is the person's, as an act in the person's own
environment is (analyzer/grammar/closing_handovers.readers_environment reads both): the turn-taking, report and wish
rows read them here, so a module the hand-over rows import may read them too (no import of closing_handovers)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from analyzer.parse.tokens import SOURCE_KEY
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

HARNESS_MODES = terms("reader-environment", "harness_modes")
MODE_NOUNS = terms("reader-environment", "mode_nouns")
PERMISSIONS = terms("reader-environment", "permissions")
GRANTING = terms("reader-environment", "granting")
IDENTITY = terms("reader-environment", "identity")
THING_NAMES = terms("reader-environment", "thing_names")
CONTEXT_PLACES = terms("context-access", "places")
CONTEXT_ACTS = terms("context-access", "acts")
CONTEXT_PREPOSITIONS = terms("context-access", "prepositions")
READER_OWNERS = frozenset({"your", "ur"})
# How far back the chat context may be named: the characters before the site (an instruction and its list of files).
_BEFORE_CHARS = 600
_WORD = re.compile(r"[a-z][a-z'-]*")


def granted_word(tokens: Iterable[Token]) -> str | None:
    """Among the reader's words, what only the person can grant or knows: a mode of the agent's harness ('Agent mode',
    'plan mode': a mode noun named by a harness mode), a permission granted ('grant me write access'), or the person's
    own identity or account data ('your GitHub noreply email', 'your username'). The word, or None."""
    for token in tokens:
        lemma = token.lemma_.lower()
        if token.lower_ in MODE_NOUNS and any(
            c.dep_ in ("compound", "amod", "nmod") and c.lower_ in HARNESS_MODES for c in token.children
        ):
            return f"{next(c.text for c in token.children if c.lower_ in HARNESS_MODES)} {token.text}"
        if token.lower_ in PERMISSIONS and token.dep_ == "dobj" and token.head.lemma_.lower() in GRANTING:
            return token.text
        if (token.lower_ in IDENTITY or lemma in IDENTITY) and _persons_data(token):
            return token.text
    return None


def _persons_data(noun: Token) -> bool:
    """The noun is the person's own data: the reader's possessive on it ('your email', 'your work email', 'your GitHub
    username'); a name with a common noun naming a thing of the work it belongs to ('your branch name', 'your repo
    name': terms [reader-environment] thing_names) names that thing's, which the agent can read."""
    owned = any(c.dep_ == "poss" and c.lower_ in READER_OWNERS for c in noun.children)
    thing = noun.lower_ in THING_NAMES and any(
        c.dep_ == "compound" and c.tag_ in ("NN", "NNS") and c.lower_ not in IDENTITY for c in noun.children
    )
    return owned and not thing


def into_context(act: Token, doc: Doc, site_start: int) -> str | None:
    """The reader's act puts something in front of the agent — a verb of adding or handing (terms [context-access]
    acts) — and the agent's chat context is named as where it goes: after a preposition into it in the act's own
    words ('add the README to the chat'), or in the words just before the site ('Please add these files to the chat:
    … Once you add these files, I'll …'; 'I understand you've added the files to the chat … Please provide the full
    content of src/main.cpp'). Read from the words, bounded to the last characters before the site."""
    if act.lemma_.lower() not in CONTEXT_ACTS and act.lower_ not in CONTEXT_ACTS:
        return None
    source = doc.user_data.get(SOURCE_KEY)
    before = source[0][max(0, site_start - _BEFORE_CHARS) : site_start] if source is not None else ""
    words = [t.lower_ for t in act.subtree] + _WORD.findall(before.lower())
    return next((f"{w} the {p}" for w, d, p in zip(words, words[1:], words[2:], strict=False)
                 if w in CONTEXT_PREPOSITIONS and d in ("the", "this") and p in CONTEXT_PLACES), None)  # fmt: skip
