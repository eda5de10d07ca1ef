"""Senses, not strings (SPEC §2.2, revision 2): a domain word names the human-only decision only in the
right sense. Each rule is one English construction; work.py asks them before it counts a domain word.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import forms, hyphen_compound, is_version

if TYPE_CHECKING:
    from spacy.tokens import Token

# Dependencies of a word that modifies a noun inside its noun phrase.
MODIFIER_DEPS = frozenset({"compound", "nmod"})
# Endings of adjective forms of a domain word ('mergeable', 'merge-eligible', 'approved', 'signed').
ADJECTIVE_ENDINGS = ("able", "ible", "ed")
# A reference to a change: '#812', a commit sha, a version-like tag ('rc.3', 'v2.1').
_REFERENCE = re.compile(r"^(?:#\d+|[0-9a-f]{7,40}|\d+|(?=[\w.-]*\d)\w+(?:[.-]\w+)+)$", re.IGNORECASE)
# The merge domain's verbs whose object decides whether code is merged.
MERGE_VERBS = frozenset({"merge", "squash", "rebase", "squash-merge", "rebase-merge"})


def names_its_head(token: Token, domain: str, lexicon: Lexicon) -> bool:
    """Rule `modifier-names-head`: 'the merge conflict in go.sum', 'the release notes wording', 'the
    credential loader', 'the stamp component' — a domain word modifying a noun names that noun (agent
    work), not the decision. The head keeps the decision when it is itself a domain word ('the security
    stamp': stamp is the head) or an act of the domain ('the credential rotation', 'the release cut'),
    and a merge word keeps it on the code it merges ('squash-merge PR #15404').

        merge -compound-> conflict (NOUN, not a domain word)       the conflict is agent work
        merge - train -compound-> timeout ('merge-train timeout')  the hyphen compound modifies 'timeout'
    """
    head = _modified_noun(token)
    if head is None:
        return False
    names = forms(head) | {hyphen_compound(head) or ""}
    if any(lexicon.domain_of(n) for n in names if n) or names & (lexicon.acts_of(domain) | lexicon.actions_of(domain)):
        return False
    if domain == "merge" and names & lexicon.merge_objects:
        return False
    return not is_version(head)


def _modified_noun(token: Token) -> Token | None:
    """The noun a word modifies, through a hyphen compound ('merge-train timeout'), or None."""
    node = token
    doc = token.doc
    # 'merge-train': 'merge' and 'train' joined by a hyphen act as one modifier of what follows.
    if node.i + 2 < len(doc) and doc[node.i + 1].text == "-" and not doc[node.i].whitespace_:
        joined = doc[node.i + 2]
        if joined.head.i == node.i or node.head.i == joined.i:
            node = joined
    # The small model tags a noun modifier 'amod' at times ('the token bucket': token/JJ); an adjective form
    # of a domain ('mergeable', 'approved') stays an adjective.
    noun_like = node.dep_ in MODIFIER_DEPS or (node.dep_ == "amod" and not node.lower_.endswith(ADJECTIVE_ENDINGS))
    if not noun_like or node.head.i <= node.i or node.head.pos_ not in ("NOUN", "PROPN"):
        return None
    return node.head


def merges_other_than_code(token: Token, lexicon: Lexicon, inside: frozenset[int]) -> bool:
    """Rule `merge-of-code`: the merge gate merges code — a pull request, branch, commit, change set,
    '#N', or a pronoun standing for one. Merging anything else ('merging the two datasets', 'merge the
    milestones', 'squash the config files') is agent work.

        merging -dobj-> datasets (not a code word)      agent work
        merge -prep-> of -pobj-> entries                agent work
        merge -dobj-> PR / it / #812                    the human-only merge
    """
    if not forms(token) & MERGE_VERBS and (hyphen_compound(token) or "") not in MERGE_VERBS:
        return False
    merged = [c for c in token.children if c.dep_ in ("dobj", "nsubjpass")]
    if token.pos_ == "NOUN":
        merged = [
            g for c in token.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children if g.dep_ == "pobj"
        ]
    merged = [m for m in merged if m.i in inside]  # not the phrase the parser hung on it ('Squash, your move')
    return bool(merged) and not any(_is_code(m, lexicon) for m in merged)


def _is_code(thing: Token, lexicon: Lexicon) -> bool:
    """A code change or a word standing for one: the object itself, or a word inside its noun phrase
    ('the refactor PR', 'PR #12', '#812', 'them')."""
    if thing.like_num or is_version(thing) or _REFERENCE.match(thing.text):
        return True  # 'merge 812', 'rebase 3f9c2a1', 'rc.3': a reference names a change ('Q1' does not)
    words = [thing, *(c for c in thing.children if c.dep_ in ("compound", "nmod", "appos", "conj"))]
    return any(forms(word) & lexicon.merge_objects or word.text.startswith("#") for word in words)


def shared_object(part: Token, parts: list[Token], scope: frozenset[int] | None) -> list[Token]:
    """Rule `shared-object`: 'Creating and rotating the deploy keys is your call' — coordinated verbs
    share one object; a verb conjunct without an object of its own, joined to the next verb by nothing but
    a conjunction, is judged with the object of the next verb conjunct that has one.

        Creating -conj-> rotating -dobj-> keys      'Creating' is judged as 'Creating the deploy keys'
    """
    if part.pos_ not in ("VERB", "AUX") or any(
        c.dep_ in ("dobj", "pobj", "prep", "xcomp", "ccomp") for c in part.children
    ):
        return []
    for later in (p for p in parts if p.i > part.i and p.pos_ in ("VERB", "AUX")):
        between = part.doc[part.i + 1 : later.i]
        if not all(t.dep_ == "cc" or t.is_punct for t in between):
            return []  # 'Merge now or refactor the parser': two alternatives, each with its own words
        objects = [c for c in later.children if c.dep_ == "dobj"]
        if objects:
            return [t for o in objects for t in o.subtree if scope is None or t.i in scope]
    return []
