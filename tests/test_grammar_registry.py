"""The grammar's registry (analyzer/grammar/registry.py): the load-time check between the tables, the code and
the lexicon. No model: every inconsistency is an error naming the file and the row, checked here word for word."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from analyzer.grammar import kinds
from analyzer.grammar.registry import (
    GRAMMAR_PATH,
    GrammarError,
    check,
    check_fallbacks,
    check_lexicon,
    check_signature,
    grammar,
    parse_rows,
    rule,
    rule_texts,
)
from analyzer.lexicon import LEXICON_PATH, Lexicon
from lanegate_common.builtin_data import load_builtin

if TYPE_CHECKING:
    from spacy.tokens import Token

    from analyzer.grammar.claims.records import SegmentSite
    from analyzer.grammar.judgement import Judgement
    from analyzer.grammar.phrase_rules import PhraseSite

REPO = Path(__file__).resolve().parents[1]
GRAMMAR = "analyzer/grammar/grammar.toml"
LEXICON = "analyzer/lexicon.toml"
ROWS = rule_texts()
FUNCTIONS = grammar().functions


def lexicon_data(**phrase: str) -> dict[str, Any]:
    """The built-in [families] table and one phrase."""
    return {"families": load_builtin(LEXICON_PATH)["families"], "phrase": [phrase]}


def test_the_built_in_grammar_binds_every_row_and_the_lexicon_agrees() -> None:
    assert sorted(FUNCTIONS) == sorted(r.name for r in ROWS)
    check(ROWS, FUNCTIONS, GRAMMAR)
    check_lexicon(load_builtin(LEXICON_PATH), ROWS, LEXICON)


def test_a_row_without_code_is_an_error_naming_the_file_and_the_row() -> None:
    functions = {name: f for name, f in FUNCTIONS.items() if name != "option-list"}
    with pytest.raises(GrammarError) as raised:
        check(ROWS, functions, GRAMMAR)
    assert str(raised.value) == (
        "analyzer/grammar/grammar.toml: [[relation]] row 'option-list' has no code: "
        "no function carries @rule('option-list')"
    )


def test_code_without_a_row_is_an_error_naming_the_file_and_the_function() -> None:
    rows = tuple(r for r in ROWS if r.name != "standalone")
    with pytest.raises(GrammarError) as raised:
        check(rows, FUNCTIONS, GRAMMAR)
    assert str(raised.value) == (
        "analyzer/grammar/phrase_rules.py: @rule('standalone') on nothing_named has no row in "
        "analyzer/grammar/grammar.toml"
    )


def test_a_lexicon_phrase_naming_an_unknown_gate_is_an_error() -> None:
    data = lexicon_data(canonical="if you fancy", family="offer", gate="if-you-fancy")
    with pytest.raises(GrammarError) as raised:
        check_lexicon(data, ROWS, LEXICON)
    assert str(raised.value) == (
        "analyzer/lexicon.toml: [[phrase]] 'if you fancy' (family offer): gate 'if-you-fancy' is no row of "
        "grammar.toml's [[offer-gate]] or [[register-gate]] tables"
    )


def test_a_non_offer_family_given_an_offer_gate_is_an_error() -> None:
    """Once silently judged by the attribution grammar."""
    data = lexicon_data(canonical="do you fancy", family="choice", gate="if-you-want-it")
    with pytest.raises(GrammarError) as raised:
        check_lexicon(data, ROWS, LEXICON)
    assert str(raised.value) == (
        "analyzer/lexicon.toml: [[phrase]] 'do you fancy' (family choice): gate 'if-you-want-it' is a row of "
        "[[offer-gate]], and the family is judged by register-gate"
    )


def test_a_gate_on_the_attribution_family_is_an_error() -> None:
    data = lexicon_data(canonical="your pick", family="attribution", gate="if-you-want-it")
    with pytest.raises(GrammarError) as raised:
        check_lexicon(data, ROWS, LEXICON)
    assert str(raised.value) == (
        "analyzer/lexicon.toml: [[phrase]] 'your pick' (family attribution): gate 'if-you-want-it' is a row "
        "of [[offer-gate]], and the family is judged by phrase, register-gate"
    )


def test_a_register_family_phrase_without_its_gate_is_an_error() -> None:
    data = lexicon_data(canonical="shall we", family="permission")
    with pytest.raises(GrammarError) as raised:
        check_lexicon(data, ROWS, LEXICON)
    assert str(raised.value) == (
        "analyzer/lexicon.toml: [[phrase]] 'shall we' (family permission): names no gate, and its family is "
        "judged by register-gate"
    )


def test_a_phrase_of_an_unknown_family_is_an_error() -> None:
    data = lexicon_data(canonical="your pick", family="picks")
    with pytest.raises(GrammarError) as raised:
        check_lexicon(data, ROWS, LEXICON)
    assert str(raised.value) == (
        "analyzer/lexicon.toml: [[phrase]] 'your pick' (family picks): the family has no [families.picks] row"
    )


def test_a_family_judged_by_an_unknown_table_is_an_error() -> None:
    data = {"families": {"picks": {"mode": "enforce", "judged_by": ["gate"]}}, "phrase": []}
    with pytest.raises(GrammarError) as raised:
        check_lexicon(data, ROWS, LEXICON)
    assert str(raised.value) == (
        "analyzer/lexicon.toml: [families.picks] judged_by 'gate' is not offer, phrase, offer-gate, register-gate or "
        "closing-question"
    )


def test_an_unknown_table_a_missing_field_a_bad_outcome_and_a_name_used_twice_are_errors() -> None:
    row = {"name": "x", "construction": "c", "yields": ["fire"]}
    cases: list[tuple[dict[str, Any], str]] = [
        ({"gate": [row]}, "g.toml: [[gate]] is no kind of rule (kinds: phrase, relation, offer-gate, register-gate, "
                          "closing-question, claim, not-claim, closing, modifier, correction)"),
        ({"phrase": [{"name": "x", "yields": ["fire"]}]}, "g.toml: [[phrase]] row 'x' has no construction"),
        ({"phrase": [{**row, "yields": ["maybe"]}]},
         "g.toml: [[phrase]] row 'x' yields 'maybe', not one of fire, exempt, carved, none, claim, backed"),
        ({"phrase": [row], "modifier": [{**row, "at": "sense"}]}, "g.toml: the row name 'x' is used twice"),
        ({"closing": [row]}, "g.toml: [[closing]] rows live in analyzer/claims.toml"),
    ]  # fmt: skip
    for data, message in cases:
        with pytest.raises(GrammarError) as raised:
            parse_rows(data, "g.toml")
        assert str(raised.value) == message


def test_a_row_names_a_site_of_its_kind_and_only_a_gate_names_its_fallback() -> None:
    row = {"name": "x", "construction": "c", "yields": ["fire"]}
    cases: list[tuple[dict[str, Any], str]] = [
        ({"modifier": [row]}, "g.toml: [[modifier]] row 'x' names no site (at) of its kind: claim-form, "
                              "relation-negation, contrast, sense, domain-word"),
        ({"correction": [{**row, "at": "sense"}]}, "g.toml: [[correction]] row 'x' at 'sense' is no site of its kind: "
         "detached-segment, main-clause, fronted-topic, copular-attribute, governing-copula, governor, alternatives, "
         "object, lost-alternative, clausal-subject, claim-heads"),
        ({"phrase": [{**row, "at": "governor"}]},
         "g.toml: [[phrase]] row 'x' names a site ('governor'); a [[phrase]] row runs at its own table"),
        ({"register-gate": [row]}, "g.toml: [[register-gate]] row 'x' has no without_parse (how the gate reads "
                                   "without a parse)"),
        ({"relation": [{**row, "without_parse": "as-found"}]},
         "g.toml: [[relation]] row 'x' has a without_parse, which only a gate row has"),
    ]  # fmt: skip
    for data, message in cases:
        with pytest.raises(GrammarError) as raised:
            parse_rows(data, "g.toml")
        assert str(raised.value) == message


def test_a_function_that_does_not_take_its_site_signature_is_an_error_naming_the_file_and_the_row() -> None:
    """Checked at load: one signature per site (analyzer/grammar/kinds.py), so a row cannot be reached with the
    wrong arguments."""

    def want_me_to(phrase: Sequence[Token], lexicon: Lexicon) -> Judgement | None:
        return None

    functions = {**FUNCTIONS, "want-me-to": want_me_to}
    with pytest.raises(GrammarError) as raised:
        check(ROWS, functions, GRAMMAR)
    assert str(raised.value) == (
        "tests/test_grammar_registry.py: [[register-gate]] row 'want-me-to': want_me_to(phrase: Sequence[Token], "
        "lexicon: Lexicon) -> Judgement | None does not take the register-gate signature (phrase: Sequence[Token], "
        "lexicon: Lexicon, context: Context) -> Judgement | None"
    )

    def idiom(site: SegmentSite) -> bool:
        return False

    with pytest.raises(GrammarError) as raised:
        check(ROWS, {**FUNCTIONS, "idiom": idiom}, GRAMMAR)
    assert str(raised.value) == (
        "tests/test_grammar_registry.py: [[not-claim]] row 'idiom': idiom(site: SegmentSite) -> bool does not take "
        "the predicate signature (site: PredicateSite) -> bool"
    )


def test_a_narrower_return_fits_and_a_wider_one_does_not() -> None:
    def governing_predicate(site: PhraseSite) -> Judgement:
        raise AssertionError("never called")

    check_signature(governing_predicate, kinds.PhraseRule, "[[phrase]] row 'governing-predicate'", "phrase")

    def first_conjunct(governor: Token) -> Token | None:
        return None

    with pytest.raises(GrammarError, match=r"does not take the governor signature \(governor: Token\) -> Token$"):
        check_signature(first_conjunct, kinds.GovernorCorrection, "[[correction]] row 'first-conjunct'", "governor")


def test_a_gate_whose_fallback_is_unknown_is_an_error() -> None:
    rows = tuple(replace(r, without_parse="guess") if r.name == "if-you-want-it" else r for r in ROWS)
    with pytest.raises(GrammarError) as raised:
        check_fallbacks(rows, grammar().fallbacks)
    assert str(raised.value) == (
        "analyzer/grammar/grammar.toml: [[offer-gate]] row 'if-you-want-it': without_parse 'guess' is no fallback "
        "(fallbacks: as-found, closes-clause, open-or-alternative, question, skipped)"
    )


def test_a_family_judged_both_as_found_and_by_the_phrase_table_is_an_error() -> None:
    data = {"families": {"mixed": {"mode": "enforce", "judged_by": ["offer", "phrase"]}}, "phrase": []}
    with pytest.raises(GrammarError) as raised:
        check_lexicon(data, ROWS, LEXICON)
    assert str(raised.value) == (
        "analyzer/lexicon.toml: [families.mixed] judged_by names both offer and phrase: a phrase without a gate "
        "would be judged two ways"
    )


def test_the_closing_rows_are_read_from_the_claims_file_and_bound_on_the_per_stop_path() -> None:
    closing = [r for r in ROWS if r.kind == "closing"]
    assert [(r.name, r.at, r.source) for r in closing] == [
        ("markup-comment", "view", "analyzer/claims.toml"),
        ("hidden-html", "view", "analyzer/claims.toml"),
        ("unseen-markup", "view", "analyzer/claims.toml"),
        ("footnote-definition", "trailing-unit", "analyzer/claims.toml"),
        ("no-letter", "trailing-unit", "analyzer/claims.toml"),
        ("invisible-paragraph", "trailing-unit", "analyzer/claims.toml"),
        ("not-prose", "trailing-unit", "analyzer/claims.toml"),
        ("list-lead-in", "lead-in", "analyzer/claims.toml"),
        ("sign-off", "trailing-unit", "analyzer/claims.toml"),
        ("valediction", "trailing-unit", "analyzer/claims.toml"),
        ("labelled-artifact", "trailing-unit", "analyzer/claims.toml"),
        ("answer-format", "trailing-unit", "analyzer/claims.toml"),
    ]
    assert all(FUNCTIONS[r.name].__module__ == "analyzer.text.closing" for r in closing)


def test_two_functions_for_one_row_is_an_error() -> None:
    first: Callable[[], None] = rule("a-test-only-rule")(lambda: None)
    with pytest.raises(GrammarError) as raised:
        rule("a-test-only-rule")(lambda: None)
    assert str(raised.value).endswith("@rule('a-test-only-rule') on <lambda> is already bound to <lambda> in "
                                      "tests/test_grammar_registry.py")  # fmt: skip
    assert first is not None


def test_the_grammar_file_read_is_the_built_in_one() -> None:
    assert Path(GRAMMAR_PATH).relative_to(REPO).as_posix() == GRAMMAR


def test_analyze_rules_names_a_broken_grammar_and_exits_2(tmp_path: Path) -> None:
    """A row without code found at load: `analyze --rules` says which, with no traceback."""
    code = (
        "import sys\n"
        "import analyzer.grammar.registry as registry\n"
        "rows = registry.rule_texts()\n"
        "extra = registry.RuleText('no-such-rule', 'relation', 'c', (), ('no-such-rule',), ('fire',), (), ())\n"
        "registry.rule_texts = lambda path=registry.GRAMMAR_PATH: (*rows, extra)\n"
        "from analyzer.cli import main\n"
        "sys.exit(main(['--rules']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "analyze: analyzer/grammar/grammar.toml: [[relation]] row 'no-such-rule' has no code: "
        "no function carries @rule('no-such-rule')\n"
    )


def test_a_site_runs_its_rows_in_the_data_order_combined_as_it_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """first: the first result other than None; any: a veto; chain: each row takes the value before; join: the
    rows' lists. Every call goes through the Rule, so a trace sees it."""
    from analyzer.grammar import registry

    def rows(*functions: Callable[..., Any]) -> tuple[registry.Rule, ...]:
        text = registry.RuleText("r", "correction", "c", (), ("r",), ("exempt",), (), ())
        return tuple(registry.Rule(replace(text, name=f"r{k}"), f) for k, f in enumerate(functions))

    sites = {
        "governing-copula": rows(lambda g: None, lambda g: g + 1, lambda g: g + 2),  # first
        "copular-attribute": rows(lambda n: False, lambda n: n > 0),  # any
        "governor": rows(lambda g: g * 10, lambda g: g + 1),  # chain
        "clausal-subject": rows(lambda c: [c], lambda c: [c, c]),  # join
    }
    monkeypatch.setattr(registry, "at", lambda site: sites[site])
    with registry.traced() as calls:
        assert registry.apply("governing-copula", 1) == 2
        assert registry.apply("copular-attribute", 3) is True
        assert registry.apply("governor", 2) == 21
        assert registry.apply("clausal-subject", 7) == [7, 7, 7]
    assert [(c.name, c.args, c.result) for c in calls] == [
        ("r0", (1,), None), ("r1", (1,), 2),
        ("r0", (3,), False), ("r1", (3,), True),
        ("r0", (2,), 20), ("r1", (20,), 21),
        ("r0", (7,), [7]), ("r1", (7,), [7, 7]),
    ]  # fmt: skip
    with pytest.raises(GrammarError, match="the phrase site combines by 'walk': its own code runs it"):
        registry.apply("phrase", object())
