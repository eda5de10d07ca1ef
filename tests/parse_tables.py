"""The shape of a hand-built parse test as a table row (tests/docbuilder.py builds the parse): a case names what
it shows, the tree, the words the rule is given, and what the rule must return, field by field.

`expect` is exact: a Judgement (or any record) compared whole, a mapping of the fields compared one by one, or
None when the rule must find nothing; `reason_has` are pieces a reason must hold where the case pins no whole
reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from analyzer.grammar.claims.find import claim_in
from analyzer.grammar.claims.records import Match, SegmentSite
from analyzer.grammar.claims.segments import segments
from analyzer.grammar.judgement import Judgement
from analyzer.grammar.register.context import Context
from analyzer.grammar.registry import deciding
from analyzer.lexicon import Lexicon, default_lexicon
from analyzer.text.closing import claim_vocabulary
from analyzer.text.units import Unit
from tests.docbuilder import parse, tokens

if TYPE_CHECKING:
    from spacy.tokens import Token


def check_result(result: Any, expect: Any, reason_has: Sequence[str] = ()) -> None:
    """`result` is what the case expects (see the module's docstring)."""
    if expect is None:
        assert result is None, result
        return
    assert result is not None
    if isinstance(expect, Mapping):
        assert {name: getattr(result, name) for name in expect} == dict(expect), result
    else:
        assert result == expect
    for piece in reason_has:
        assert piece in result.reason, (piece, result.reason)


def case_id(case: Any) -> str:
    return str(case.name)


@dataclass(frozen=True)
class GateCase:
    """A register gate on a hand-built parse: what it returns for the phrase, given the sentence that follows
    its question."""

    name: str
    gate: Callable[[Sequence[Token], Lexicon, Context], Judgement | None]
    tree: str
    phrase: tuple[str, ...]
    expect: Judgement | Mapping[str, Any] | None
    following: str = ""
    reason_has: tuple[str, ...] = ()

    def check(self) -> None:
        result = self.gate(tokens(parse(self.tree), *self.phrase), default_lexicon(), Context(self.following))
        check_result(result, self.expect, self.reason_has)


def claim_on(tree: str) -> Match | None:
    """The first claim any segment of a hand-built sentence makes: a segment the [[not-claim]] rows at
    `segment` decide (a label's, a question's) makes none."""
    doc = parse(tree)
    vocabulary = claim_vocabulary()
    unit = Unit(0, len(doc.text), doc.text, tuple(range(len(doc.text))))
    for segment in segments(doc, vocabulary):
        if deciding("segment", SegmentSite(segment, unit, (), vocabulary)) is None:
            match = claim_in(segment, doc, vocabulary)
            if match is not None:
                return match
    return None


@dataclass(frozen=True)
class ClaimCase:
    """A closing sentence on a hand-built parse: the claim it makes (form, rule, the predicate's word), or None,
    and the construction's words when the case pins them."""

    name: str
    tree: str
    expect: tuple[str, str, str] | None
    construction: str | None = None

    def check(self) -> None:
        match = claim_on(self.tree)
        if self.expect is None:
            assert match is None, match
            return
        assert match is not None
        assert (match.form, match.rule, match.predicate.text) == self.expect
        if self.construction is not None:
            assert match.construction == self.construction
