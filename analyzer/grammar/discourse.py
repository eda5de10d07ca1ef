"""Carve-outs read from the parse: the phrase names a decision but hands nothing over (docs/DESIGN.md#carve-outs).

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
    """The compound arc, its head after the noun and made of letters: 'your call, graph it' is no compound."""
    if noun.dep_ == "compound" and noun.head.i > noun.i and noun.head.is_alpha:
        return carved("compound-noun", f"'{noun.text} {noun.head.text}' is another noun, not the phrase")
    return None


def moved_noun(noun: Token, lexicon: Lexicon) -> Judgement | None:
    """A preposition of motion (lexicon `motion_prepositions`) after the noun with a nominal object: 'your move to
    merge it' (to + a verb) is no destination."""
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
    """Three arcs, each a report: the phrase under a report preposition, the object of a report verb in a report
    form (or one of the past forms the tagger mistags), or the subject of a past verb. A detached phrase is a
    comment, never a report."""
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
    if noun.dep_ in ("nsubj", "nsubjpass") and head.tag_ == "VBD" and not _introduces(noun, head):
        return carved("report-of-decision", taken)
    return None


def _introduces(noun: Token, verb: Token) -> bool:
    """Issue 28 phase 6: 'Your call: split #140 into two PRs, or keep it as one.' — a colon or dash between the phrase
    and the verb sets the phrase off as the label of what follows; the model's past tag on the verb (split, put, cut
    read as VBD) reports nothing."""
    between = noun.doc[noun.i + 1 : verb.i]
    return any(t.text in (":", "—", "–", "--") for t in between)


def rule_citation(noun: Token, lexicon: Lexicon) -> Judgement | None:
    """The citing preposition must hang on the phrase or one of its ancestors, and its object name a rule (lexicon
    `rule_nouns`) or a section sign."""
    ancestors = {noun.i, *(a.i for a in noun.ancestors)}
    for token in noun.sent:
        if token.dep_ != "prep" or token.lower_ not in CITING_PREPOSITIONS or token.head.i not in ancestors:
            continue
        # a section sign cites a rule as its noun does: 'per §4.2, that's your call'
        if any(forms(t) & lexicon.rule_nouns or t.text.startswith("§") for t in token.subtree):
            cited = " ".join(t.text for t in token.subtree)
            return carved("rule-citation", f"'{cited}' cites the rule that assigns the decision")
    return None
