"""The grammar tables as `analyze --rules` shows them: every rule of every kind in order, its construction
and examples.

Reads the grammar's rows (analyzer.grammar.registry): listing the rules never imports spaCy.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from analyzer.explain.report_text import Palette
from analyzer.grammar.kinds import KINDS
from analyzer.grammar.registry import RuleText

INTRO = (
    "lanegate's grammar, in the order a phrase meets it. An offer phrase with a gate meets its gate rule; an "
    "attribution phrase walks the phrase rules, and the rules that find its governing predicate walk the "
    "relation rules. In each table the first rule that applies decides. The closing sentences of a message "
    "walk the claim rules."
)
# How each outcome a rule can decide is shown.
OUTCOMES = {"carved": "no finding: a carve-out", "none": "no finding or claim: not the register"}
NEAR_MISS = "near miss: another rule decides"
WIDTH = 100


def rules_text(rules: Sequence[RuleText], palette: Palette) -> str:
    """One block per table, one numbered entry per rule."""
    blocks = [textwrap.fill(INTRO, WIDTH)]
    for kind in KINDS.values():
        members = [r for r in rules if r.kind == kind.name]
        entries = [rule_block(k, r, palette) for k, r in enumerate(members, 1)]
        blocks.append("\n\n".join([palette.paint(kind.title, "strong"), *entries]))
    return "\n\n\n".join(blocks) + "\n"


def rule_block(number: int, rule: RuleText, palette: Palette) -> str:
    """A rule: its name and outcomes, its construction, then its parse and examples, labelled."""
    decides = " or ".join(OUTCOMES.get(y, y) for y in rule.yields)
    also = f"; reported as {' or '.join(rule.reports)}" if rule.reports not in ((), (rule.name,)) else ""
    if rule.delegates:
        also = f", by the {rule.delegates} rules"
    if rule.at:
        also += f"; runs at {rule.at}"
    head = f"{number:>2}. {palette.paint(rule.name, 'strong')}  ({decides}{also})"
    rows = [("parse", p) for p in rule.parse]
    rows += [("fires", _example(t, rule, "fire")) for t in rule.fires]
    rows += [("passes", _example(t, rule, "exempt")) for t in rule.passes]
    lines = [head, textwrap.fill(rule.construction, WIDTH, initial_indent="    ", subsequent_indent="    ")]
    lines += [f"    {palette.paint(label.ljust(6), 'dim')}  {value}" for label, value in rows]
    return "\n".join(lines)


def _example(text: str, rule: RuleText, side: str) -> str:
    """An example as written, marked when the rule does not decide it itself."""
    if side == "fire":
        decided = rule.decides("fire") or rule.decides("claim")
    else:
        decided = rule.decides("exempt") or rule.decides("carved") or rule.decides("none")
    shown = '"' + text.replace("\n", "\\n") + '"'
    return shown if decided else f"{shown}  ({NEAR_MISS})"


def rules_json(rules: Sequence[RuleText]) -> dict[str, Any]:
    """The same tables for machines: {"tables": [{"kind", "title", "rules": [...]}]}."""
    return {
        "tables": [
            {
                "kind": kind.name,
                "title": kind.title,
                "rules": [
                    {
                        "name": r.name,
                        "construction": r.construction,
                        "parse": list(r.parse),
                        "reports": list(r.reports),
                        "yields": list(r.yields),
                        "delegates": r.delegates,
                        "fires": list(r.fires),
                        "passes": list(r.passes),
                        **({"on": r.on} if r.on != "phrases" else {}),
                        **({"at": r.at} if r.at else {}),
                        **({"without_parse": r.without_parse} if r.without_parse else {}),
                    }
                    for r in rules
                    if r.kind == kind.name
                ],
            }
            for kind in KINDS.values()
        ]
    }
