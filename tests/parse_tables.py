"""The shape of a hand-built parse test as a table row (tests/docbuilder.py builds the parse): a case names what
it shows, the tree, the words the rule is given, and what the rule must return, field by field.

`expect` is exact: a Judgement (or any record) compared whole, a mapping of the fields compared one by one, or
None when the rule must find nothing; `reason_has` are pieces a reason must hold where the case pins no whole
reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


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
