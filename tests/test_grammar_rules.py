"""The grammar table (analyzer/grammar.toml): its order binds the code, and every rule's examples behave.

As tests/test_lexicon_examples.py runs each lexicon phrase's examples, this runs each rule's: a rule
decides its own should-fire and should-pass examples (it is on the judgement's path and the finding
reports its rule), and a near miss on the side a rule cannot decide is decided by another rule.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from analyzer import analyze
from analyzer.engine import Parses, judgement_of
from analyzer.grammar.judgement import Judgement
from analyzer.grammar.offer_gates import GATE_RULES
from analyzer.grammar.phrase_rules import PHRASE_RULES
from analyzer.grammar.registry import LEVELS, Rule, RuleText, rule_texts, table, walk
from analyzer.grammar.relation_rules import RELATION_RULES
from analyzer.lexicon import default_lexicon
from analyzer.text.candidates import scan
from analyzer.text.carveouts import build_views

if TYPE_CHECKING:
    from spacy.tokens import Doc

REPO = Path(__file__).resolve().parents[1]
LEX = default_lexicon()
RULES = rule_texts()
WALKED = ("phrase", "relation", "gate")
EXAMPLES = [(r, side, text) for r in RULES for side in ("fires", "passes") for text in getattr(r, side)]
# "child -dep-> head" in a rule's parse sketch; "word -ROOT" for the root.
ARC = re.compile(r"-([a-zA-Z:]+)->")


def decided(text: str) -> Judgement:
    """The judgement on the one candidate phrase of `text`, carve-outs included (a report has none)."""
    views = build_views(text)
    candidates = scan(views, LEX)
    assert len(candidates) == 1, [c.text for c in candidates]
    judged = judgement_of(candidates[0], Parses(views, None, LEX), LEX)
    assert judged is not None
    return judged[0]


def parsed_doc(text: str) -> Doc:
    """The parse the analyzer reads for the phrase of `text`."""
    views = build_views(text)
    return Parses(views, None, LEX).around(scan(views, LEX)[0].start).doc


@pytest.mark.parametrize(
    ("level", "rules"), [("phrase", PHRASE_RULES), ("relation", RELATION_RULES), ("gate", GATE_RULES)]
)
def test_the_code_walks_each_table_in_the_data_order(level: str, rules: tuple[Rule, ...]) -> None:
    assert [r.name for r in rules] == [t.name for t in RULES if t.level == level]
    assert all(r.text.level == level for r in rules)


def test_the_tables_in_their_order() -> None:
    """The order is the contract: carve-outs first, then the object, then the predicate."""
    assert [r.name for r in PHRASE_RULES] == [
        "compound-noun", "report-of-decision", "rule-citation", "object-form", "attribute-ownership",
        "standalone", "detached-comment", "governing-predicate",
    ]  # fmt: skip
    assert [r.name for r in RELATION_RULES] == [
        "disclaimed-ownership", "copular-ownership", "pending-eligibility", "copular-status", "option-list",
        "reduced-report", "topic", "status-prose",
    ]  # fmt: skip


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)
def test_every_rule_has_its_construction_and_examples(rule: RuleText) -> None:
    assert len(rule.construction.split()) >= 8, rule.construction
    assert rule.yields and set(rule.yields) <= {"fire", "exempt", "carved"}
    assert rule.parse, f"{rule.name} has no parse sketch"
    if rule.level in WALKED:
        assert rule.fires and rule.passes, f"{rule.name} needs should-fire and should-pass examples"
    else:
        assert rule.fires or rule.passes, f"{rule.name} has no example"


def test_names_are_unique() -> None:
    names = [r.name for r in RULES]
    assert len(names) == len(set(names)), names


@pytest.mark.parametrize("rule", [r for r in RULES if r.level not in WALKED], ids=lambda r: r.name)
def test_every_modifier_and_misparse_correction_is_named_in_the_code(rule: RuleText) -> None:
    source = " ".join(" ".join(p.read_text(encoding="utf-8") for p in (REPO / "analyzer").rglob("*.py")).split())
    named = {"correction": f"correction `{rule.name}`", "modifier": f"`{rule.name}`:"}[rule.level]
    assert named in source


def test_a_table_must_match_the_data() -> None:
    with pytest.raises(LookupError, match="do not match"):
        table("relation", {"copular-ownership": lambda site: None})


def test_the_first_rule_that_applies_decides_and_the_path_records_it() -> None:
    text = RuleText("first", "phrase", "a rule that never applies", (), ("first",), ("fire",), (), ())
    decide = Judgement("exempt", "none", "second", "exempt (second): applies")
    rules = (Rule(text, lambda site: None), Rule(replace(text, name="second"), lambda site: decide))
    assert walk(rules, object()) == Judgement("exempt", "none", "second", "exempt (second): applies", path=("second",))
    with pytest.raises(LookupError, match="no rule"):
        walk(rules[:1], object())


@pytest.mark.model
@pytest.mark.parametrize(("rule", "side", "text"), EXAMPLES, ids=lambda v: getattr(v, "name", str(v)[:40]))
def test_every_rule_example_is_decided_as_written(rule: RuleText, side: str, text: str) -> None:
    judged = decided(text)
    fires = side == "fires"
    assert (judged.verdict == "fire") == fires, judged
    assert (analyze(text).verdict == "fire") == fires
    if rule.level not in WALKED:
        return
    if rule.decides(judged.verdict):
        assert rule.name in judged.path, judged.path
        if rule.delegates:
            after = judged.path[judged.path.index(rule.name) + 1]
            assert after in {r.name for r in RULES if r.level == rule.delegates}, judged.path
        elif judged.verdict != "carved":
            assert judged.rule in rule.reports, (judged.rule, rule.reports)
    else:
        assert rule.name not in judged.path, f"a near miss of {rule.name} was decided by it: {judged.path}"


@pytest.mark.model
@pytest.mark.parametrize("rule", [r for r in RULES if any(ARC.search(p) for p in r.parse)], ids=lambda r: r.name)
def test_every_parse_sketch_is_what_the_model_parses(rule: RuleText) -> None:
    """Each 'child -dep-> head' sketch holds in the model's parse of one of the rule's examples."""
    docs = [parsed_doc(t) for t in (*rule.fires, *rule.passes)]
    for sketch in rule.parse:
        arcs = _arcs(sketch)
        found = [d for d in docs if all(_has_arc(d, *arc) for arc in arcs)]
        assert arcs and found, f"{rule.name}: no example parses as {sketch!r}"


def _arcs(sketch: str) -> list[tuple[str, str, str]]:
    words = [w.strip(",;()") for w in sketch.split()]
    arcs = []
    for k, word in enumerate(words):
        m = ARC.fullmatch(word)
        if m and 0 < k < len(words) - 1:
            arcs.append((words[k - 1].lower(), m.group(1), words[k + 1].lower()))
        elif word == "-ROOT" and k > 0:
            arcs.append((words[k - 1].lower(), "ROOT", words[k - 1].lower()))
    return arcs


def _has_arc(doc: Doc, child: str, dep: str, head: str) -> bool:
    return any(t.lower_ == child and t.dep_ == dep and t.head.lower_ == head for t in doc)


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
    assert all(title in out for title in LEVELS.values())
    assert ' 1. compound-noun  (no finding: a carve-out)\n    The phrase\'s noun modifies another noun' in out
    assert '    fires   "Your call, graph it or not."  (near miss: another rule decides)' in out
    assert "(fire or exempt; reported as copular-ownership or status-prose)" in out


def test_analyze_rules_json_is_the_table() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "analyzer.cli", "--rules", "--json"], cwd=REPO, capture_output=True, timeout=120
    )
    assert done.returncode == 0
    tables = json.loads(done.stdout)["tables"]
    assert [t["level"] for t in tables] == list(LEVELS)
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
def test_every_judgement_names_the_table_rules_that_decided_it(text: str) -> None:
    """The path is the phrase rule then, when it delegates, the relation rule; the reported rule is one
    the deciding rule declares (what `analyze --rules` shows cannot lie)."""
    views = build_views(text)
    parses = Parses(views, None, LEX)
    by_name = {r.name: r for r in RULES}
    for candidate in scan(views, LEX):
        decided = judgement_of(candidate, parses, LEX)
        if decided is None or candidate.entry.family != "attribution":
            continue
        judged = decided[0]
        first, *rest = judged.path
        assert by_name[first].level == "phrase"
        # After the phrase rule: the relation rules it delegated to, or that a demonstrative's antecedent met.
        assert all(by_name[name].level == "relation" for name in rest), judged.path
        assert rest or not by_name[first].delegates, judged.path
        deciding = by_name[rest[0]] if by_name[first].delegates else by_name[first]
        assert judged.verdict in deciding.yields, (judged.path, judged.verdict)
        if judged.verdict != "carved":
            assert judged.rule in deciding.reports, (judged.path, judged.rule)
