"""The grammar as tables, bound to their code through one registry.

Every rule the analyzer applies is a row of grammar.toml, in a table of its kind: the phrase and relation
rules an attribution phrase walks, the offer and register gates a lexicon entry names, the claim
constructions and the rules that take a claim back, the modifiers and the misparse corrections. Each row
carries its English construction, its parse sketch and its should-fire / should-pass examples. The code
of a row is one function, bound to it by name with `@rule("choice-question")`; `grammar()` imports every
module of this package, reads the rows and checks that each row has its function and each function its
row, and that every lexicon phrase names a gate of a kind its family takes (a GrammarError naming the
file and the row otherwise). `table(kind)` gives a walked kind's rows in order, bound; `walk` tries them.

To add a rule: write its row where it belongs in its table, and its function with `@rule(name)`. To add
a kind: add it to KINDS, its table to grammar.toml, and the code that walks it.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any, TypeVar

from lanegate_common.builtin_data import load_builtin

if TYPE_CHECKING:  # a type only: judgement -> work -> senses binds its rules through this module
    from analyzer.grammar.judgement import Judgement

GRAMMAR_PATH = os.path.join(os.path.dirname(__file__), "grammar.toml")
# What a rule can decide: a finding's verdict, no finding (a carve-out, or not the register), or a claim.
YIELDS = ("fire", "exempt", "carved", "none", "claim")


@dataclass(frozen=True)
class Kind:
    """A kind of rule: its table in grammar.toml, what the table decides, and whether its rows are walked
    (tried in order, the first that applies deciding) or applied inside other rules."""

    name: str
    title: str
    walked: bool


KINDS: Mapping[str, Kind] = {
    kind.name: kind
    for kind in (
        Kind("phrase", "Phrase rules: is the phrase a hand-over at all, and what does it bind to?", walked=True),
        Kind("relation", "Relation rules: what does the governing predicate hand over?", walked=True),
        Kind(
            "offer-gate",
            "Offer gates: is an offer-shaped phrase that is conditional in plain English an offer?",
            walked=True,
        ),
        Kind(
            "register-gate",
            "Register gates: is the phrase of a register family in its register, and does it fire?",
            walked=True,
        ),
        Kind(
            "closing-question",
            "Closing questions: does a question of the closing part hand the turn back to the reader?",
            walked=True,
        ),
        Kind("claim", "Claim rules: which construction announces an action for now?", walked=True),
        Kind("not-claim", "Not a claim: what takes a claim construction back", walked=False),
        Kind(
            "closing",
            "The closing part: which trailing paragraphs are not content, and what is never the agent's sentence",
            walked=False,
        ),
        Kind("modifier", "Modifiers: applied by the rules to the relation or claim they found", walked=False),
        Kind(
            "correction",
            "Misparse corrections: where the small model's parse is known to go wrong, applied inside the rules",
            walked=False,
        ),
    )
}
# The kinds a lexicon entry's `gate` may name; a family says which of them judge its phrases.
GATE_KINDS = ("offer-gate", "register-gate")
# The kinds that judge a family found by grammar alone, with no lexicon phrase (SPEC §2.1 revision 3: the
# closing question): its [families] row names the kind in `judged_by`.
GRAMMAR_FAMILIES = ("closing-question",)
# What a family's `judged_by` may name.
JUDGES = ("offer", "phrase", *GATE_KINDS, *GRAMMAR_FAMILIES)


class GrammarError(LookupError):
    """The grammar's tables, its code and the lexicon do not agree: the message names the file and the row."""


@dataclass(frozen=True)
class RuleText:
    """A rule as the data describes it: its construction, its parse, and its should-fire/should-pass examples.

    `yields` are the outcomes the rule can decide. An example on the other side of a one-outcome rule is a
    near miss: the construction is almost there, and another rule decides it. A rule that `delegates`
    finds the governing predicate and lets that table's rules decide (and name the rule reported). `on`
    says what the examples of a modifier or correction are judged by: phrases or claims.
    """

    name: str
    kind: str
    construction: str
    parse: tuple[str, ...]
    reports: tuple[str, ...]
    yields: tuple[str, ...]
    fires: tuple[str, ...]
    passes: tuple[str, ...]
    delegates: str | None = None
    on: str = "phrases"

    def decides(self, outcome: str) -> bool:
        return outcome in self.yields


@dataclass(frozen=True)
class Rule:
    """One row of a table: the data's text and the function that applies the construction."""

    text: RuleText
    applies: Callable[..., Any]

    @property
    def name(self) -> str:
        return self.text.name


F = TypeVar("F", bound=Callable[..., Any])
_FUNCTIONS: dict[str, Callable[..., Any]] = {}


def rule(name: str) -> Callable[[F], F]:
    """Bind the decorated function to the grammar.toml row `name` (the function is returned unchanged)."""

    def bind(function: F) -> F:
        bound = _FUNCTIONS.get(name)
        if bound is not None and bound is not function:
            raise GrammarError(f"{_file_of(function)}: @rule({name!r}) on {function.__name__} is already bound to "
                               f"{bound.__name__} in {_file_of(bound)}")  # fmt: skip
        _FUNCTIONS[name] = function
        return function

    return bind


@dataclass(frozen=True)
class Grammar:
    """The checked grammar: every row in its table's order, and each row's function."""

    rows: tuple[RuleText, ...]
    functions: Mapping[str, Callable[..., Any]]

    def of(self, kind: str) -> tuple[RuleText, ...]:
        return tuple(r for r in self.rows if r.kind == kind)

    def row(self, name: str) -> RuleText:
        return next(r for r in self.rows if r.name == name)


@cache
def rule_texts(path: str = GRAMMAR_PATH) -> tuple[RuleText, ...]:
    """Every row of grammar.toml, each table in its order, the tables in KINDS order; reading the rows imports
    no rule code (`analyze --rules`). Off the per-stop path, so read with tomllib (no JSON twin)."""
    with open(path, "rb") as handle:
        return parse_rows(tomllib.load(handle), _shown(path))


def parse_rows(data: Mapping[str, Any], source: str) -> tuple[RuleText, ...]:
    """The rows of a grammar document; a table KINDS does not know, or a row without its fields, is an error."""
    unknown = sorted(set(data) - set(KINDS))
    if unknown:
        raise GrammarError(f"{source}: [[{unknown[0]}]] is no kind of rule (kinds: {', '.join(KINDS)})")
    rows = []
    for kind in KINDS:
        for raw in data.get(kind, ()):
            name = raw.get("name", "?")
            try:
                rows.append(
                    RuleText(
                        name=name,
                        kind=kind,
                        construction=" ".join(raw["construction"].split()),
                        parse=tuple(raw.get("parse", ())),
                        reports=tuple(raw.get("reports", () if "delegates" in raw else (name,))),
                        yields=tuple(raw["yields"]),
                        fires=tuple(raw.get("fires", ())),
                        passes=tuple(raw.get("passes", ())),
                        delegates=raw.get("delegates"),
                        on=raw.get("on", "phrases"),
                    )
                )
            except KeyError as missing:
                raise GrammarError(f"{source}: [[{kind}]] row {name!r} has no {missing.args[0]}") from None
            bad = sorted(set(rows[-1].yields) - set(YIELDS))
            if bad:
                allowed = ", ".join(YIELDS)
                raise GrammarError(f"{source}: [[{kind}]] row {name!r} yields {bad[0]!r}, not one of {allowed}")
    names = [r.name for r in rows]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice is not None:
        raise GrammarError(f"{source}: the row name {twice!r} is used twice")
    return tuple(rows)


@cache
def grammar() -> Grammar:
    """The built-in grammar, checked against its code and against the built-in lexicon, once per process."""
    _import_rule_modules()
    rows = rule_texts()
    check(rows, _FUNCTIONS, _shown(GRAMMAR_PATH))
    from analyzer.lexicon import LEXICON_PATH

    check_lexicon(load_builtin(LEXICON_PATH), rows, _shown(LEXICON_PATH))
    return Grammar(rows, dict(_FUNCTIONS))


def check(rows: Sequence[RuleText], functions: Mapping[str, Callable[..., Any]], source: str) -> None:
    """Every row has its function and every function its row (GrammarError naming the file and the row)."""
    for row in rows:
        if row.name not in functions:
            raise GrammarError(f"{source}: [[{row.kind}]] row {row.name!r} has no code: "
                               f"no function carries @rule({row.name!r})")  # fmt: skip
    named = {r.name for r in rows}
    for name, function in functions.items():
        if name not in named:
            raise GrammarError(f"{_file_of(function)}: @rule({name!r}) on {function.__name__} has no row in {source}")


def check_lexicon(data: Mapping[str, Any], rows: Sequence[RuleText], source: str) -> None:
    """Every lexicon phrase's gate is a gate row, of a kind its family is judged by (lexicon.toml's
    [families] `judged_by`: "offer" fires as found, "phrase" walks the phrase rules, or a gate kind)."""
    kinds = {r.name: r.kind for r in rows if r.kind in GATE_KINDS}
    families = data.get("families", {})
    for family, spec in families.items():
        for judge in spec.get("judged_by", ()):
            if judge not in JUDGES:
                raise GrammarError(f"{source}: [families.{family}] judged_by {judge!r} is not "
                                   f"{', '.join(JUDGES[:-1])} or {JUDGES[-1]}")  # fmt: skip
    for raw in data.get("phrase", ()):
        canonical, family, gate = raw.get("canonical"), raw.get("family", "offer"), raw.get("gate", "none")
        where = f"{source}: [[phrase]] {canonical!r} (family {family})"
        if family not in families:
            raise GrammarError(f"{where}: the family has no [families.{family}] row")
        judged_by = families[family].get("judged_by", ())
        if gate == "none":
            if not {"offer", "phrase"} & set(judged_by):
                raise GrammarError(f"{where}: names no gate, and its family is judged by {', '.join(judged_by)}")
            continue
        if gate not in kinds:
            raise GrammarError(f"{where}: gate {gate!r} is no row of grammar.toml's "
                               f"[[{']] or [['.join(GATE_KINDS)}]] tables")  # fmt: skip
        if kinds[gate] not in judged_by:
            raise GrammarError(f"{where}: gate {gate!r} is a row of [[{kinds[gate]}]], and the family is judged "
                               f"by {', '.join(judged_by)}")  # fmt: skip


@cache
def table(kind: str) -> tuple[Rule, ...]:
    """A kind's rows, in the data's order, each bound to its function."""
    checked = grammar()
    return tuple(Rule(text, checked.functions[text.name]) for text in checked.of(kind))


def gate_kind(gate: str) -> str | None:
    """The kind of the gate row a lexicon entry's `gate` names (offer-gate or register-gate); None for "none"."""
    return _gate_kinds().get(gate)


@cache
def _gate_kinds() -> Mapping[str, str]:
    return {r.name: r.kind for r in grammar().rows if r.kind in GATE_KINDS}


def walk(rules: Sequence[Rule], site: object) -> Judgement:
    """The first rule that applies decides; the judgement records the rules that decided it, outermost first."""
    for candidate in rules:
        judged = candidate.applies(site)
        if judged is not None:
            return replace(judged, path=(candidate.name, *judged.path))
    raise LookupError(f"no rule of {[r.name for r in rules]} applied: the last rule of a table must always apply")


def _import_rule_modules() -> None:
    """Every module of this package, so each @rule has run before the rows are checked."""
    for name in sorted(os.listdir(os.path.dirname(__file__))):
        if name.endswith(".py") and name != "__init__.py":
            import_module(f"{__package__}.{name[:-3]}")


def _file_of(function: Callable[..., Any]) -> str:
    import sys

    module = sys.modules.get(function.__module__)
    return _shown(getattr(module, "__file__", None) or function.__module__)


def _shown(path: str) -> str:
    """A path as the messages name it: from the analyzer package's folder (analyzer/grammar/grammar.toml)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    absolute = os.path.abspath(path)
    return os.path.relpath(absolute, root) if absolute.startswith(root + os.sep) else path
