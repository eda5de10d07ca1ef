"""How many examples a property test draws: all of them in a whole run, a share of them in the inner loop.

Hypothesis's `max_examples` written on a test wins over any profile, so a test writes its whole-run count as
`max_examples=examples(300)`: the count scaled by the loaded profile's share of Hypothesis's own default (100).
A whole run (`make test`, the `default` profile) draws every example; the inner loop (`pytest -m "not model"`)
loads the `inner-loop` profile (tests/conftest.py), which draws INNER_LOOP_SHARE of them and never fewer than
FLOOR. A test without a count of its own draws the profile's `max_examples` directly. Explicit `@example`s and the
failures Hypothesis saved in its database run whatever the count.
"""

from __future__ import annotations

import math

from hypothesis import settings

INNER_LOOP_PROFILE = "inner-loop"
INNER_LOOP_SHARE = 0.4
FLOOR = 10

settings.register_profile(INNER_LOOP_PROFILE, max_examples=round(INNER_LOOP_SHARE * 100))


def examples(whole_run: int) -> int:
    """`whole_run` examples in a whole run; the loaded profile's share of them otherwise, at least FLOOR (or all of
    them, when they are fewer)."""
    share = settings.default.max_examples / settings.get_profile("default").max_examples
    return whole_run if share >= 1 else min(whole_run, max(FLOOR, math.ceil(whole_run * share)))
