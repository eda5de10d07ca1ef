"""The grammar's tables as a whole (analyzer/grammar/grammar.toml, analyzer/grammar/kinds.py): the kinds, the
order that is the contract, every row's construction and examples, the walk, and `analyze --rules`.

Each table's rows, examples, dispatch and parse sketches are tested in its own module, tests/test_grammar_<kind>.py
(tests/grammar_examples.py); the load-time check of the registry in tests/test_grammar_registry.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from analyzer.engine import Parses, judgement_of
from analyzer.grammar.judgement import Judgement
from analyzer.grammar.kinds import KINDS
from analyzer.grammar.registry import Rule, RuleText, grammar, table, walk
from analyzer.lexicon import default_lexicon
from analyzer.text.candidates import scan
from analyzer.text.carveouts import build_views

REPO = Path(__file__).resolve().parents[1]
LEX = default_lexicon()
RULES = grammar().rows
# The kinds whose rows decide a phrase on their own (walked in order, or chosen by the lexicon entry's gate).
WALKED = ("phrase", "relation", "offer-gate", "register-gate")
# The kinds whose examples are judged by the claims they hold.
CLAIM_KINDS = ("claim", "not-claim")


def test_the_tables_in_their_order() -> None:
    """The order is the contract: carve-outs first, then the object, then the predicate."""
    assert [r.name for r in table("phrase")] == [
        "compound-noun", "noun-of-motion", "report-of-decision", "rule-citation", "object-form", "attribute-ownership",
        "named-before", "bound-before", "label-topic", "standalone", "detached-comment", "governing-predicate",
    ]  # fmt: skip
    assert [r.name for r in table("relation")] == [
        "disclaimed-ownership", "copular-ownership", "pending-eligibility", "decision-named", "copular-status",
        "option-list", "reduced-report", "topic", "status-prose",
    ]  # fmt: skip
    assert [r.name for r in table("claim")] == [
        "let-me", "going-to", "off-to", "colloquial-future", "intention-verb", "first-person-future",
        "first-person-progressive", "subjectless-participle", "fronted-participle", "note-to-self",
    ]  # fmt: skip
    assert [r.name for r in table("closing")] == [
        "markup-comment", "hidden-html", "unseen-markup", "footnote-definition", "no-letter", "invisible-paragraph",
        "not-prose", "list-lead-in", "sign-off", "valediction", "labelled-artifact", "answer-format",
    ]  # fmt: skip


def test_every_kind_the_issue_names_is_a_table() -> None:
    """Phrase and relation rules, both gates, the claim and the non-claim rules, the closing part's rules
    (revision 3), modifiers and corrections."""
    assert list(KINDS) == [
        "phrase", "relation", "offer-gate", "register-gate", "closing-question", "claim", "not-claim", "closing",
        "modifier",
        "correction",
    ]  # fmt: skip
    assert {r.kind for r in RULES} == set(KINDS)
    assert [r.name for r in RULES if r.kind == "register-gate"] == [
        "want-me-to", "wish-condition", "choice-question", "permission-question", "standing-by", "reader-decides",
        "wait-on-reader", "available-for-more", "ready-for-next-request", "ready-when-needed", "ready-when-you-like",
        "once-you-provide", "waiting-for-go",
    ]  # fmt: skip


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)
def test_every_rule_has_its_construction_and_examples(rule: RuleText) -> None:
    assert len(rule.construction.split()) >= 8, rule.construction
    assert rule.yields and set(rule.yields) <= {"fire", "exempt", "carved", "none", "claim", "backed"}
    assert rule.parse, f"{rule.name} has no parse sketch"
    if rule.kind in (*WALKED, *CLAIM_KINDS):
        assert rule.fires and rule.passes, f"{rule.name} needs should-fire and should-pass examples"
    else:
        assert rule.fires or rule.passes, f"{rule.name} has no example"


def test_names_are_unique() -> None:
    names = [r.name for r in RULES]
    assert len(names) == len(set(names)), names


@pytest.mark.parametrize("rule", [r for r in RULES if r.kind in ("modifier", "correction")], ids=lambda r: r.name)
def test_every_modifier_and_misparse_correction_is_bound_to_its_function(rule: RuleText) -> None:
    """Bound through the registry, not found by a docstring: a function of the grammar carries @rule(name)."""
    function = grammar().functions[rule.name]
    assert function.__module__.startswith("analyzer.grammar."), (rule.name, function.__module__)


def test_the_first_rule_that_applies_decides_and_the_path_records_it() -> None:
    text = RuleText("first", "phrase", "a rule that never applies", (), ("first",), ("fire",), (), ())
    decide = Judgement("exempt", "none", "second", "exempt (second): applies")
    rules = (Rule(text, lambda site: None), Rule(replace(text, name="second"), lambda site: decide))
    assert walk(rules, object()) == Judgement("exempt", "none", "second", "exempt (second): applies", path=("second",))
    with pytest.raises(LookupError, match="no rule"):
        walk(rules[:1], object())


def test_analyze_rules_lists_every_rule_in_order_without_spacy() -> None:
    code = (
        "import sys\n"
        "from analyzer.cli import main\n"
        "code = main(['--rules'])\n"
        "assert 'spacy' not in sys.modules, 'spacy was imported'\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, timeout=120, text=True)
    assert (done.returncode, done.stderr) == (0, "")
    out = done.stdout
    positions = [out.index(f". {r.name}  (") for r in RULES]
    assert positions == sorted(positions)
    assert all(kind.title in out for kind in KINDS.values())
    assert ' 1. compound-noun  (no finding: a carve-out)\n    The phrase\'s noun modifies another noun' in out
    assert '    fires   "Your call, graph it or not."  (near miss: another rule decides)' in out
    assert "(fire or exempt; reported as copular-ownership or status-prose)" in out


def test_analyze_rules_json_is_the_table() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "analyzer.cli", "--rules", "--json"], cwd=REPO, capture_output=True, timeout=120
    )
    assert done.returncode == 0
    tables = json.loads(done.stdout)["tables"]
    assert [t["kind"] for t in tables] == list(KINDS)
    phrase = tables[0]["rules"][0]
    assert phrase == {
        "name": "compound-noun",
        "construction": RULES[0].construction,
        "parse": list(RULES[0].parse),
        "reports": ["compound-noun"],
        "yields": ["carved"],
        "delegates": None,
        "fires": list(RULES[0].fires),
        "passes": list(RULES[0].passes),
    }
    assert sum(len(t["rules"]) for t in tables) == len(RULES)


@pytest.mark.parametrize("extra", [["Your call."], ["--tree"], ["--file", "x.txt"]])
def test_analyze_rules_takes_no_text(extra: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "analyzer.cli", "--rules", *extra], cwd=REPO, capture_output=True, timeout=120, text=True
    )
    assert done.returncode == 2
    assert "--rules lists the grammar; it takes no TEXT, --file, --tree or --html" in done.stderr


# Word soup around the attribution phrases: whatever the parse, the judgement's bookkeeping holds.
SOUP = ["merge", "the", "lane", "or", "hold", ",", "not", "isn't", "is", "was", "yours", "that's", "—", ":", "I",
        "review", "on", "whether", "release", "it", "per", "gate", "eligible", "merge-eligible", "shipped"]
soup = st.tuples(
    st.lists(st.sampled_from(SOUP), max_size=5).map(" ".join),
    st.sampled_from(["your call", "your move", "Your call", "your steer on"]),
    st.lists(st.sampled_from(SOUP), max_size=4).map(" ".join),
).map(lambda parts: f"{parts[0]} {parts[1]} {parts[2]}.")


@pytest.mark.model
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(soup)
@example("isn't your call .")  # the copula without a subject: attribute-ownership reports status prose
@example(", the the , your call .")  # a detached comment on no clause: the next phrase row judges
def test_every_judgement_names_the_table_rules_that_decided_it(text: str) -> None:
    """The path is the phrase rule then, when it delegates, the relation rule; the reported rule is one
    the deciding rule declares (what `analyze --rules` shows cannot lie)."""
    views = build_views(text)
    parses = Parses(views, lexicon=LEX)
    by_name = {r.name: r for r in RULES}
    for candidate in scan(views, LEX):
        decided = judgement_of(candidate, parses, LEX)
        if decided is None or candidate.entry.family != "attribution":
            continue
        judged = decided[0]
        first, *rest = judged.path
        assert by_name[first].kind == "phrase"
        # After the phrase rule: the relation rules it delegated to, or that a demonstrative's antecedent met.
        assert all(by_name[name].kind == "relation" for name in rest), judged.path
        assert rest or not by_name[first].delegates, judged.path
        deciding = by_name[rest[0]] if by_name[first].delegates else by_name[first]
        assert judged.verdict in deciding.yields, (judged.path, judged.verdict)
        if judged.verdict != "carved":
            assert judged.rule in deciding.reports, (judged.path, judged.rule)
