"""The grammar as tables, bound to their code through one registry, and run from it.

Every rule the analyzer applies is a row, in a table of its kind (analyzer.grammar.kinds): the phrase and
relation rules an attribution phrase walks, the gates a lexicon entry names, the closing questions, the
claim constructions and the rules that take a claim back, the closing part's rows, the modifiers and the
misparse corrections. A row's code is one function, bound to it by name with `@rule("choice-question")`.
`grammar()` imports every module of this package, reads the rows and checks, once, that each row has its
function and each function its row, that each function takes its site's signature, that each gate names its
fallback without a parse, and that every lexicon phrase names a gate of a kind its family takes: a
GrammarError naming the file and the row otherwise.

The rows run from here, in the data's order: `walk` tries a walked kind's table, `gate` gives the row a
lexicon entry names, and `apply` runs every row of a site, combined as the site says. The order of the rows
in the data is the order they run in.

The rows live in grammar.toml, except the closing part's ([[closing]]), which live in analyzer/claims.toml:
they run on the per-stop path, which reads that file's JSON twin and never imports this module.
"""

from __future__ import annotations

import inspect
import os
import tomllib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any, TypeVar

from analyzer.grammar.kinds import (
    GATE_KINDS,
    GATELESS,
    JUDGES,
    KINDS,
    SITES,
    YIELDS,
    LexicalFallback,
    signature_text,
)
from lanegate_common.builtin_data import load_builtin

if TYPE_CHECKING:  # a type only: judgement -> work -> senses binds its rules through this module
    from analyzer.grammar.judgement import Judgement

GRAMMAR_PATH = os.path.join(os.path.dirname(__file__), "grammar.toml")
CLAIMS_PATH = os.path.join(os.path.dirname(os.path.dirname(__file__)), "claims.toml")
# The kinds whose table lives outside grammar.toml, and the file that holds it.
ELSEWHERE = {"closing": CLAIMS_PATH}


class GrammarError(LookupError):
    """The grammar's tables, its code and the lexicon do not agree: the message names the file and the row."""


@dataclass(frozen=True)
class RuleText:
    """A rule as the data describes it: its construction, its parse, and its should-fire/should-pass examples.

    `yields` are the outcomes the rule can decide. An example on the other side of a one-outcome rule is a
    near miss: the construction is almost there, and another rule decides it. A rule that `delegates`
    finds the governing predicate and lets that table's rules decide (and name the rule reported). `on`
    says what the examples of a modifier or correction are judged by: phrases or claims. `at` is the site
    the row runs at (a walked or gate kind's rows run at the kind's own). A gate's `without_parse` names
    the fallback that reads it from the words alone when no model is available. `source` is the data file.
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
    at: str = ""
    without_parse: str | None = None
    source: str = ""

    @property
    def site(self) -> str:
        return self.at or self.kind

    def decides(self, outcome: str) -> bool:
        return outcome in self.yields


# Rows being traced (`traced`): each call of a row's function, its arguments and its result, in order; None
# when off.
_TRACE: list[Reached] | None = None


@dataclass(frozen=True)
class Reached:
    """One call of a row's function while tracing: the row, what it was given and what it returned."""

    name: str
    args: tuple[Any, ...]
    result: Any

    def applied(self, combine: str) -> bool:
        """Whether the row's result decided something at a site that combines rows this way (kinds.py): a
        chained row changed the value it was given, any other returned something (a gate's None included:
        the one row selected decides, None meaning not the register)."""
        if combine == "select":
            return True
        if combine == "chain":
            return self.result is not self.args[0]
        return not (self.result is None or self.result is False or (isinstance(self.result, list) and not self.result))


@dataclass(frozen=True)
class Rule:
    """One row of a table: the data's text and the function that applies the construction. Calling the rule
    calls the function: every row runs through here, so a trace sees each row reached."""

    text: RuleText
    applies: Callable[..., Any]

    @property
    def name(self) -> str:
        return self.text.name

    def __call__(self, *args: Any) -> Any:
        result = self.applies(*args)
        if _TRACE is not None:
            _TRACE.append(Reached(self.text.name, args, result))
        return result


F = TypeVar("F", bound=Callable[..., Any])
_FUNCTIONS: dict[str, Callable[..., Any]] = {}
_FALLBACKS: dict[str, Callable[..., Any]] = {}


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


def fallback(name: str) -> Callable[[F], F]:
    """Bind the decorated function as the lexical fallback `name` a gate row's `without_parse` may name."""

    def bind(function: F) -> F:
        _FALLBACKS[name] = function
        return function

    return bind


@dataclass(frozen=True)
class Grammar:
    """The checked grammar: every row in its table's order, each row's function, the lexical fallbacks."""

    rows: tuple[RuleText, ...]
    functions: Mapping[str, Callable[..., Any]]
    fallbacks: Mapping[str, Callable[..., Any]]

    def of(self, kind: str) -> tuple[RuleText, ...]:
        return tuple(r for r in self.rows if r.kind == kind)

    def row(self, name: str) -> RuleText:
        return next(r for r in self.rows if r.name == name)


@cache
def rule_texts(path: str = GRAMMAR_PATH) -> tuple[RuleText, ...]:
    """Every row, each table in its order, the tables in KINDS order: grammar.toml's, and the tables that live
    elsewhere (ELSEWHERE). Reading the rows imports no rule code (`analyze --rules`); off the per-stop path, so
    grammar.toml is read with tomllib (it has no JSON twin)."""
    with open(path, "rb") as handle:
        data = tomllib.load(handle)
    rows = list(parse_rows(data, _shown(path)))
    for kind, where in ELSEWHERE.items():
        rows += parse_rows({kind: load_builtin(where).get(kind, ())}, _shown(where), kinds=[kind])
    order = list(KINDS)
    ordered = sorted(rows, key=lambda r: order.index(r.kind))  # stable: each table keeps the data's order
    _check_names(ordered, _shown(path))
    return tuple(ordered)


def parse_rows(data: Mapping[str, Any], source: str, kinds: Sequence[str] | None = None) -> tuple[RuleText, ...]:
    """The rows of a grammar document (by default grammar.toml's kinds: all but those living ELSEWHERE); a table
    KINDS does not know (or that lives in another file), a row without its fields, a site its kind has not, or
    a name used twice is an error."""
    allowed = [k for k in KINDS if k not in ELSEWHERE] if kinds is None else list(kinds)
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        if unknown[0] in ELSEWHERE:
            raise GrammarError(f"{source}: [[{unknown[0]}]] rows live in {_shown(ELSEWHERE[unknown[0]])}")
        raise GrammarError(f"{source}: [[{unknown[0]}]] is no kind of rule (kinds: {', '.join(KINDS)})")
    rows = []
    for kind in allowed:
        for raw in data.get(kind, ()):
            rows.append(_row(raw, kind, source))
    _check_names(rows, source)
    return tuple(rows)


def _row(raw: Mapping[str, Any], kind: str, source: str) -> RuleText:
    name = raw.get("name", "?")
    where = f"{source}: [[{kind}]] row {name!r}"
    try:
        text = RuleText(
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
            at=raw.get("at", ""),
            without_parse=raw.get("without_parse"),
            source=source,
        )
    except KeyError as missing:
        raise GrammarError(f"{where} has no {missing.args[0]}") from None
    bad = sorted(set(text.yields) - set(YIELDS))
    if bad:
        raise GrammarError(f"{where} yields {bad[0]!r}, not one of {', '.join(YIELDS)}")
    sites = [s.name for s in KINDS[kind].sites]
    if KINDS[kind].own_site and text.at:
        raise GrammarError(f"{where} names a site ({text.at!r}); a [[{kind}]] row runs at its own table")
    if not KINDS[kind].own_site and text.at not in sites:
        said = f"at {text.at!r} is no site" if text.at else "names no site (at)"
        raise GrammarError(f"{where} {said} of its kind: {', '.join(sites)}")
    if kind in GATE_KINDS and text.without_parse is None:
        raise GrammarError(f"{where} has no without_parse (how the gate reads without a parse)")
    if kind not in GATE_KINDS and text.without_parse is not None:
        raise GrammarError(f"{where} has a without_parse, which only a gate row has")
    return text


def _check_names(rows: Sequence[RuleText], source: str) -> None:
    names = [r.name for r in rows]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice is not None:
        raise GrammarError(f"{source}: the row name {twice!r} is used twice")


@cache
def grammar() -> Grammar:
    """The built-in grammar, checked against its code and against the built-in lexicon, once per process."""
    _import_rule_modules()
    rows = rule_texts()
    check(rows, _FUNCTIONS, _shown(GRAMMAR_PATH))
    check_fallbacks(rows, _FALLBACKS)
    from analyzer.lexicon import LEXICON_PATH

    check_lexicon(load_builtin(LEXICON_PATH), rows, _shown(LEXICON_PATH))
    return Grammar(rows, dict(_FUNCTIONS), dict(_FALLBACKS))


def check(rows: Sequence[RuleText], functions: Mapping[str, Callable[..., Any]], source: str) -> None:
    """Every row has its function, every function its row, and each function takes its site's signature
    (GrammarError naming the file and the row)."""
    for row in rows:
        if row.name not in functions:
            raise GrammarError(f"{row.source or source}: [[{row.kind}]] row {row.name!r} has no code: "
                               f"no function carries @rule({row.name!r})")  # fmt: skip
    named = {r.name for r in rows}
    for name, function in functions.items():
        if name not in named:
            raise GrammarError(f"{_file_of(function)}: @rule({name!r}) on {function.__name__} has no row in {source}")
    for row in rows:
        _, site = SITES[row.site]
        check_signature(functions[row.name], site.signature, f"[[{row.kind}]] row {row.name!r}", site.name)


def check_signature(function: Callable[..., Any], signature: type, what: str, site: str) -> None:
    """The function takes the parameters the site's Protocol names (names, kinds and annotations as written)
    and returns what it returns, or the same without None."""
    expected = inspect.signature(signature.__call__)  # type: ignore[operator]
    wanted = [p for p in expected.parameters.values() if p.name != "self"]
    found = inspect.signature(function)
    same = [(p.name, p.kind, p.annotation) for p in found.parameters.values()] == [
        (p.name, p.kind, p.annotation) for p in wanted
    ]
    returns = found.return_annotation
    narrower = expected.return_annotation in (returns, f"{returns} | None")
    if not (same and narrower):
        raise GrammarError(f"{_file_of(function)}: {what}: {function.__name__}{signature_text(function)} does not "
                           f"take the {site} signature {signature_text(signature)}")  # fmt: skip


def check_fallbacks(rows: Sequence[RuleText], fallbacks: Mapping[str, Callable[..., Any]]) -> None:
    """Every gate's `without_parse` names a fallback, which takes the fallback signature."""
    for row in rows:
        if row.without_parse is None:
            continue
        found = fallbacks.get(row.without_parse)
        what = f"[[{row.kind}]] row {row.name!r}"
        if found is None:
            raise GrammarError(f"{row.source}: {what}: without_parse {row.without_parse!r} is no fallback "
                               f"(fallbacks: {', '.join(sorted(fallbacks))})")  # fmt: skip
        check_signature(found, LexicalFallback, what, "without-parse")


def check_lexicon(data: Mapping[str, Any], rows: Sequence[RuleText], source: str) -> None:
    """Every lexicon phrase's gate is a gate row, of a kind its family is judged by (lexicon.toml's
    [families] `judged_by`: "offer" fires as found, "phrase" walks the phrase rules, or a gate kind), and a
    family whose phrases may lack a gate says which of "offer" and "phrase" judges them."""
    kinds = {r.name: r.kind for r in rows if r.kind in GATE_KINDS}
    families = data.get("families", {})
    for family, spec in families.items():
        judged_by = spec.get("judged_by", ())
        for judge in judged_by:
            if judge not in JUDGES:
                raise GrammarError(f"{source}: [families.{family}] judged_by {judge!r} is not "
                                   f"{', '.join(JUDGES[:-1])} or {JUDGES[-1]}")  # fmt: skip
        if set(GATELESS) <= set(judged_by):
            raise GrammarError(f"{source}: [families.{family}] judged_by names both {' and '.join(GATELESS)}: a "
                               "phrase without a gate would be judged two ways")  # fmt: skip
    for raw in data.get("phrase", ()):
        canonical, family, gate = raw.get("canonical"), raw.get("family", "offer"), raw.get("gate", "none")
        where = f"{source}: [[phrase]] {canonical!r} (family {family})"
        if family not in families:
            raise GrammarError(f"{where}: the family has no [families.{family}] row")
        judged_by = families[family].get("judged_by", ())
        if gate == "none":
            if not set(GATELESS) & set(judged_by):
                raise GrammarError(f"{where}: names no gate, and its family is judged by {', '.join(judged_by)}")
            continue
        if gate not in kinds:
            raise GrammarError(f"{where}: gate {gate!r} is no row of grammar.toml's "
                               f"[[{']] or [['.join(GATE_KINDS)}]] tables")  # fmt: skip
        if kinds[gate] not in judged_by:
            raise GrammarError(f"{where}: gate {gate!r} is a row of [[{kinds[gate]}]], and the family is judged "
                               f"by {', '.join(judged_by)}")  # fmt: skip


# ---- running the rows --------------------------------------------------------------------------------------


@cache
def table(kind: str) -> tuple[Rule, ...]:
    """A kind's rows, in the data's order, each bound to its function."""
    checked = grammar()
    return tuple(Rule(text, checked.functions[text.name]) for text in checked.of(kind))


@cache
def at(site: str) -> tuple[Rule, ...]:
    """The rows that run at a site, in the data's order, each bound to its function."""
    kind, _ = SITES[site]
    return tuple(r for r in table(kind.name) if r.text.site == site)


def gate(name: str) -> Rule:
    """The gate row a lexicon entry's `gate` names (an offer or register gate)."""
    return _gates()[name]


def gate_kind(name: str) -> str | None:
    """The kind of the gate row a lexicon entry's `gate` names (offer-gate or register-gate); None for "none"."""
    found = _gates().get(name)
    return found.text.kind if found is not None else None


@cache
def _gates() -> Mapping[str, Rule]:
    return {r.name: r for kind in GATE_KINDS for r in table(kind)}


def without_parse(name: str) -> Callable[..., Any]:
    """The lexical fallback of the gate row `name`: its `without_parse`, read from the words alone."""
    row = gate(name).text
    assert row.without_parse is not None  # every gate row names one (checked at load)
    return grammar().fallbacks[row.without_parse]


def walk(rules: Sequence[Rule], site: object) -> Judgement:
    """The first rule that applies decides; the judgement records the rules that decided it, outermost first."""
    for candidate in rules:
        judged = candidate(site)
        if judged is not None:
            return replace(judged, path=(candidate.name, *judged.path))
    raise LookupError(f"no rule of {[r.name for r in rules]} applied: the last rule of a table must always apply")


def apply(site: str, *args: Any) -> Any:
    """Run every row at `site` in the data's order, combined as the site says (kinds: first, any, chain, join)."""
    _, declared = SITES[site]
    combine = declared.combine
    if combine not in ("first", "any", "chain", "join"):
        raise GrammarError(f"the {site} site combines by {combine!r}: its own code runs it")
    rows = at(site)
    if combine == "first":
        for row in rows:
            result = row(*args)
            if result is not None:
                return result
        return None
    if combine == "any":
        return any(row(*args) for row in rows)
    if combine == "chain":
        value, *rest = args
        for row in rows:
            value = row(value, *rest)
        return value
    return [item for row in rows for item in row(*args)]


def deciding(site: str, *args: Any) -> RuleText | None:
    """The first row at `site` whose function holds (a site that combines by its rows' outcomes: its code reads
    the row's `yields`); None when no row does."""
    for row in at(site):
        if row(*args):
            return row.text
    return None


@contextmanager
def traced() -> Iterator[list[Reached]]:
    """Record every row reached while inside, in order. Tests use it to see that an example reaches its own
    row and that the row decides it, not only that the verdict is right."""
    global _TRACE
    from analyzer.text import closing

    calls: list[Reached] = []
    before, closing_before = _TRACE, closing.TRACE
    _TRACE = closing.TRACE = calls
    closing.REACHED = Reached
    try:
        yield calls
    finally:
        _TRACE, closing.TRACE = before, closing_before


def _import_rule_modules() -> None:
    """Every module of this package and its subpackages, and the closing part's rows on the per-stop path, so
    each @rule has run before the rows are checked."""
    root = os.path.dirname(__file__)
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(d for d in subfolders if os.path.exists(os.path.join(folder, d, "__init__.py")))
        relative = os.path.relpath(folder, root)
        package = ".".join([__package__, *([] if relative == "." else relative.split(os.sep))])
        for name in sorted(files):
            if name.endswith(".py") and name != "__init__.py":
                import_module(f"{package}.{name[:-3]}")
    from analyzer.text.closing import BOUND

    for name, function in BOUND.items():
        rule(name)(function)


def _file_of(function: Callable[..., Any]) -> str:
    import sys

    module = sys.modules.get(function.__module__)
    return _shown(getattr(module, "__file__", None) or function.__module__)


def _shown(path: str) -> str:
    """A path as the messages name it: from the analyzer package's folder (analyzer/grammar/grammar.toml)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    absolute = os.path.abspath(path)
    return os.path.relpath(absolute, root) if absolute.startswith(root + os.sep) else path
