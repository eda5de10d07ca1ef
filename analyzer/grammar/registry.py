"""The grammar as a table: ordered, named rules, each with its English construction and its own examples.

A rule is a function from what it reads (a relations.PhraseSite, a predicates.RelationSite, a
gates.OfferSite) to a Judgement, or None when its construction is not there. `walk` tries a table's
rules in order and the first that applies decides. The order, the constructions and the examples live
in grammar.toml; each rule is one named function in the module that walks its table (relations.py,
predicates.py, gates.py), over the construction helpers of discourse.py, objects.py, negation.py and
work.py. A name in the data without a function, or the reverse, fails at import.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Literal

from analyzer.grammar.judgement import Judgement
from lanegate_common.builtin_data import load_builtin

GRAMMAR_PATH = os.path.join(os.path.dirname(__file__), "grammar.toml")

# The tables, in the order a phrase meets them, and what each decides.
Level = Literal["phrase", "relation", "gate", "modifier", "correction"]
LEVELS: Mapping[Level, str] = {
    "phrase": "Phrase rules: is the phrase a hand-over at all, and what does it bind to?",
    "relation": "Relation rules: what does the governing predicate hand over?",
    "gate": "Gate rules: is an offer-shaped phrase that is conditional in plain English an offer?",
    "modifier": "Modifiers: applied by every rule that would exempt, to the relation it exempts by",
    "correction": "Misparse corrections: where the small model's parse is known to go wrong, applied inside the rules",
}
Outcome = Literal["fire", "exempt", "carved"]


@dataclass(frozen=True)
class RuleText:
    """A rule as the data describes it: its construction, its parse, and its should-fire/should-pass examples.

    `yields` are the outcomes the rule can decide. An example on the other side of a one-outcome rule is a
    near miss: the construction is almost there, and another rule decides it. A rule that `delegates`
    finds the governing predicate and lets that table's rules decide (and name the rule reported).
    """

    name: str
    level: Level
    construction: str
    parse: tuple[str, ...]
    reports: tuple[str, ...]
    yields: tuple[Outcome, ...]
    fires: tuple[str, ...]
    passes: tuple[str, ...]
    delegates: Level | None = None

    def decides(self, outcome: Outcome) -> bool:
        return outcome in self.yields


@dataclass(frozen=True)
class Rule:
    """One row of a table: the data's text and the function that applies the construction."""

    text: RuleText
    applies: Callable[..., Judgement | None]

    @property
    def name(self) -> str:
        return self.text.name


@cache
def rule_texts() -> tuple[RuleText, ...]:
    """Every rule of grammar.toml (read through its checked JSON copy, like the lexicon), each table in its order."""
    data = load_builtin(GRAMMAR_PATH)
    return tuple(
        RuleText(
            name=row["name"],
            level=level,
            construction=" ".join(row["construction"].split()),
            parse=tuple(row.get("parse", ())),
            reports=tuple(row.get("reports", () if "delegates" in row else (row["name"],))),
            yields=tuple(row["yields"]),
            fires=tuple(row.get("fires", ())),
            passes=tuple(row.get("passes", ())),
            delegates=row.get("delegates"),
        )
        for level in LEVELS
        for row in data[level]
    )


def table(level: Level, functions: Mapping[str, Callable[..., Judgement | None]]) -> tuple[Rule, ...]:
    """Bind the data's rules of one level, in the data's order, to their functions."""
    texts = [t for t in rule_texts() if t.level == level]
    named = [t.name for t in texts]
    if sorted(named) != sorted(functions):
        raise LookupError(f"grammar.toml's {level} rules {named} do not match the code's {sorted(functions)}")
    return tuple(Rule(t, functions[t.name]) for t in texts)


def walk(rules: Sequence[Rule], site: object) -> Judgement:
    """The first rule that applies decides; the judgement records the rules that decided it, outermost first."""
    for rule in rules:
        judged = rule.applies(site)
        if judged is not None:
            return replace(judged, path=(rule.name, *judged.path))
    raise LookupError(f"no rule of {[r.name for r in rules]} applied: the last rule of a table must always apply")
