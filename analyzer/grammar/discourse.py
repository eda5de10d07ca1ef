"""Carve-outs read from the parse: the phrase names a decision but hands nothing over (SPEC §2.4).

A report of a decision the human already took, a citation of the rule that assigns it, or another noun
altogether ("your call graph") yields no finding.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.grammar.judgement import Judgement, carved, phrase_text
from analyzer.lexicon import Lexicon
from analyzer.parse.shapes import is_detached
from analyzer.parse.tokens import forms
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token


# Tags of a report verb that tell of a decision taken: "went with", "going with", "followed".
REPORT_TAGS = frozenset({"VBD", "VBN", "VBG", "JJ"})

CITING_PREPOSITIONS = terms("attribution", "citing_prepositions")


def other_noun(noun: Token) -> Judgement | None:
    """Rule `compound-noun`: "your call graph", "your move semantics" — the phrase's noun modifies another."""
    if noun.dep_ == "compound" and noun.head.i > noun.i and noun.head.is_alpha:
        return carved("compound-noun", f"'{noun.text} {noun.head.text}' is another noun, not the phrase")
    return None


def moved_noun(noun: Token, lexicon: Lexicon) -> Judgement | None:
    """Rule `noun-of-motion`: "finished your move to pnpm", "your move off Travis is done" — the phrase's noun
    has a preposition of motion with a nominal object (lexicon `motion_prepositions`): a noun phrase naming a
    move made, not a hand-over. 'Your move to merge it' (to + a verb) is no destination.

        move -dobj-> finished, to -prep-> move, pnpm -pobj-> to
    """
    for prep in noun.children:
        if prep.dep_ != "prep" or prep.i < noun.i or prep.lower_ not in lexicon.motion_prepositions:
            continue
        destination = next((c for c in prep.children if c.dep_ == "pobj" and c.pos_ in ("NOUN", "PROPN")), None)
        if destination is not None:
            return carved(
                "noun-of-motion",
                f"'{noun.text} {prep.text} {destination.text}' names a move made, a noun phrase, not a hand-over",
            )
    return None


def report_of_decision(noun: Token, phrase: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
    """Rule `report-of-decision`: a decision the human already took.

    "per your call, the parser stays"         call -pobj-> per
    "I went with your call on the lane"       call -pobj-> with -prep-> went (VBD/VBG, a report verb)
    "we followed your call"                   call -dobj-> followed (VBD, a report verb)
    "Took your call: parser lane first"       call -dobj-> Took (a past form, whatever its tag)
    "your call was right, the revert fixed it" call -nsubj-> was (VBD): the phrase is what happened
    """
    if is_detached(phrase):
        return None
    head = noun.head
    taken = f"'{phrase_text(phrase)}' reports a decision already taken"
    if noun.dep_ == "pobj" and head.lower_ in lexicon.report_prepositions:
        return carved("report-of-decision", f"'{head.text} {phrase_text(phrase)}' reports a decision already taken")
    verb = head.head if noun.dep_ == "pobj" else head if noun.dep_ == "dobj" else None
    if verb is not None and (
        (forms(verb) & lexicon.report_verbs and verb.tag_ in REPORT_TAGS) or verb.lower_ in lexicon.report_past_forms
    ):
        return carved("report-of-decision", f"'{verb.text} … {phrase_text(phrase)}' reports a decision already taken")
    if noun.dep_ in ("nsubj", "nsubjpass") and head.tag_ == "VBD":
        return carved("report-of-decision", taken)
    return None


def rule_citation(noun: Token, lexicon: Lexicon) -> Judgement | None:
    """Rule `rule-citation`: the sentence cites the rule that assigns the decision.

    "per the merge gate, that's your call"   per -prep-> 's (an ancestor of call), gate -pobj-> per
    """
    ancestors = {noun.i, *(a.i for a in noun.ancestors)}
    for token in noun.sent:
        if token.dep_ != "prep" or token.lower_ not in CITING_PREPOSITIONS or token.head.i not in ancestors:
            continue
        # a section sign cites a rule as its noun does: 'per §4.2, that's your call'
        if any(forms(t) & lexicon.rule_nouns or t.text.startswith("§") for t in token.subtree):
            cited = " ".join(t.text for t in token.subtree)
            return carved("rule-citation", f"'{cited}' cites the rule that assigns the decision")
    return None
