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

from analyzer.grammar.judgement import Judgement
from analyzer.grammar.register.context import Context
from analyzer.lexicon import Lexicon, default_lexicon
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
