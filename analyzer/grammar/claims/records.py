"""The records the claim rows read: a construction's match, a segment of a closing sentence, and the two
sites the [[not-claim]] and [[modifier]] rows run at (analyzer/grammar/kinds.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from analyzer.report import ClaimForm
from analyzer.text.closing import ClaimVocabulary
from analyzer.text.units import Unit

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token



@dataclass(frozen=True)
class Match:
    """What a construction rule found: its form and rule name, the verb that carries the action, and
    the words that make the construction (for the reason)."""

    form: ClaimForm
    rule: str
    predicate: Token
    construction: str


@dataclass(frozen=True)
class Segment:
    """The tokens of one segment of a sentence, its first word, the leading words skipped before it, and the
    words of the part before the break that opened it (none for the sentence's first). r42d: where its sentence
    stands in the message (analyzer.text.closing.Sentence): ending it on a colon with nothing shown after, or
    opening it."""

    tokens: tuple[Token, ...]
    opener: Token | None
    leading: tuple[Token, ...]
    before: tuple[Token, ...] = ()
    pending: bool = False
    opens_message: bool = False


@dataclass(frozen=True)
class SegmentSite:
    """A segment of a closing sentence as the [[not-claim]] rows at `segment` read it: its tokens, the
    sentence's parse unit (offsets into the text) and the closing part's quotations."""

    segment: Segment
    unit: Unit
    quoted: tuple[tuple[int, int], ...]
    vocabulary: ClaimVocabulary

    @property
    def doc(self) -> Doc:
        return self.segment.tokens[0].doc


@dataclass(frozen=True)
class PredicateSite:
    """What a claim construction matched, as the [[not-claim]] rows at `predicate` and the [[modifier]] rows
    at `claim-form` read it: the segment's head it matched at, the predicate that carries the action (a
    carrier verb's carried verb), the match and the segment."""

    head: Token
    predicate: Token
    match: Match
    segment: Segment
    vocabulary: ClaimVocabulary

    @property
    def doc(self) -> Doc:
        return self.head.doc
