"""What the per-table grammar tests share (tests/test_grammar_<kind>.py): a kind's rows, how an example of each
kind is judged, and the checks every table gets.

An example is judged the way the analyzer judges it, under the registry's trace (registry.traced), so a test sees
not only the verdict but the rows the example reached and what each returned. Every table gets the same four
checks: its rows bound in the data's order, each function taking its site's signature; every example decided as
written (a near miss decided by another row); every example the row decides reaching that row's own function,
which decides it; every parse sketch holding in the model's parse of an example.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from analyzer import analyze
from analyzer.engine import Parses, judgement_of
from analyzer.grammar.claims import find_claims
from analyzer.grammar.closing_questions import judge_question, judged_part
from analyzer.grammar.judgement import Judgement
from analyzer.grammar.kinds import KINDS, SITES
from analyzer.grammar.registry import Reached, RuleText, check_signature, grammar, table, traced
from analyzer.lexicon import default_lexicon
from analyzer.parse.model import load_model
from analyzer.text.candidates import scan
from analyzer.text.carveouts import build_views
from analyzer.text.layout import instruction_case, ordinary_case
from analyzer.text.questions import TURN, QuestionSite, question_sites

if TYPE_CHECKING:
    from spacy.tokens import Doc

LEX = default_lexicon()
RULES = grammar().rows
# "child -dep-> head" in a rule's parse sketch; "word -ROOT" for the root.
ARC = re.compile(r"-([a-zA-Z:]+)->")
# The outcomes of a row on each side of its examples: `fires` holds what fires or claims, `passes` the rest.
SIDES = {"fires": ("fire", "claim"), "passes": ("exempt", "carved", "none", "backed")}


def rows(kind: str) -> list[RuleText]:
    return [r for r in RULES if r.kind == kind]


def examples(kind: str) -> list[tuple[RuleText, str, str]]:
    """(row, side, text) for every example of the kind's rows."""
    return [(r, side, text) for r in rows(kind) for side in ("fires", "passes") for text in getattr(r, side)]


def example_id(value: object) -> str:
    return getattr(value, "name", None) or str(value)[:40]


@dataclass(frozen=True)
class Judged:
    """An example as the analyzer judged it: its outcome (one of the rows' `yields`), the judgement of a phrase
    or question (None for claims, and when nothing was judged) and every row reached on the way."""

    outcome: str
    judgement: Judgement | None
    claims: tuple[object, ...]
    reached: tuple[Reached, ...]

    def applied(self, row: RuleText) -> list[Reached]:
        """The calls of the row's function whose result decided something at its site."""
        combine = SITES[row.site][1].combine
        return [r for r in self.reached if r.name == row.name and r.applied(combine)]


def judge(row: RuleText, text: str) -> Judged:
    """The example judged as the analyzer judges it for the row's kind: a claim row's (and a row that runs on
    claims) by find_claims, a closing question's by the closing-question table on the text's last question,
    any other by the judgement on the text's one candidate phrase."""
    with traced() as calls:
        if row.kind in ("claim", "not-claim", "closing") or row.on == "claims":
            found = find_claims(text)
            judged = Judged("claim" if found else "none", None, found, ())
        elif row.kind == "closing-question":
            decided = question_decided(text)
            outcome = "none" if decided is None or decided.verdict == "carved" else decided.verdict
            judged = Judged(outcome, decided, (), ())
        else:
            decided = phrase_decided(text)
            judged = Judged("none" if decided is None else decided.verdict, decided, (), ())
    return Judged(judged.outcome, judged.judgement, judged.claims, tuple(calls))


def decides(row: RuleText, judged: Judged) -> bool:
    """The row can decide what the example came to: a carve-out's 'carved' is the row's 'none' for a closing
    question, and no claim is the 'none' or the 'backed' of a claim table's row."""
    if judged.outcome == "none":
        return any(row.decides(o) for o in ("none", "carved", "backed"))
    return row.decides(judged.outcome)


def phrase_decided(text: str) -> Judgement | None:
    """The judgement on the one candidate phrase of `text`, carve-outs included (a report has none); None when
    a register gate finds the phrase is not its register."""
    views = build_views(text)
    candidates = scan(views, LEX)
    assert len(candidates) == 1, [c.text for c in candidates]
    judged = judgement_of(candidates[0], Parses(views, lexicon=LEX), LEX)
    return None if judged is None else judged[0]


def question_site(text: str) -> tuple[QuestionSite, Doc] | None:
    """The closing part's last question site of `text` and the parse the analyzer reads for it; None when the
    closing part asks nothing."""
    sites = question_sites(text)
    if not sites:
        return None
    start, end = judged_part(sites[-1])
    read = instruction_case if sites[-1].kind == TURN else ordinary_case
    return sites[-1], load_model()(read(text[start:end]))


def question_decided(text: str) -> Judgement | None:
    """The [[closing-question]] table's judgement on the last question of `text`'s closing part (None: no site);
    a closing list's items parsed apart, as the analyzer parses them."""
    found = question_site(text)
    if found is None:
        return None
    parts = [load_model()(instruction_case(text[a:b])) for a, b in found[0].parts]
    return judge_question(found[1], found[0], LEX, parts)


def parsed_doc(text: str, row: RuleText) -> Doc:
    """The parse the analyzer reads for the phrase of `text`, or for a claim row the sentence's own parse."""
    if row.kind in ("claim", "not-claim", "closing") or row.on == "claims":
        return load_model()(text)
    if row.kind == "closing-question":
        found = question_site(text)
        return found[1] if found is not None else load_model()(text)
    views = build_views(text)
    return Parses(views, lexicon=LEX).around(scan(views, LEX)[0].start).doc


# ---- the checks every table gets ---------------------------------------------------------------------------


def check_binding(kind: str) -> None:
    """The table's rows run in the data's order, each bound to a function that takes its site's signature."""
    bound = table(kind)
    assert [r.name for r in bound] == [t.name for t in rows(kind)]
    for row in bound:
        assert row.text.kind == kind and row.applies is grammar().functions[row.name]
        site = SITES[row.text.site][1]
        assert site.name in {s.name for s in KINDS[kind].sites}
        check_signature(row.applies, site.signature, f"[[{kind}]] row {row.name!r}", site.name)


def check_reaches_its_row(row: RuleText, side: str, text: str) -> Judged:
    """An example the row decides reaches the row's own function, and the function decides it; a near miss
    (an example on a side the row cannot decide) is decided by another row. Returns the judgement."""
    judged = judge(row, text)
    assert judged.outcome in SIDES[side], (side, judged.outcome)
    if decides(row, judged):
        reached = [r.name for r in judged.reached]
        assert judged.applied(row), f"{row.name} did not decide {text!r}: rows reached {reached}"
    return judged


def check_deference_example(row: RuleText, side: str, text: str) -> None:
    """A deference table's example (phrase, relation, register and offer gates): reaches its row, is decided as
    written by the whole analyzer, and the deciding row is on the judgement's path — followed by one of its
    delegate's rows, or reporting one of its rules; a near miss is decided by another row."""
    judged = check_reaches_its_row(row, side, text)
    fires = side == "fires"
    assert (analyze(text).verdict == "fire") == fires
    if judged.judgement is None:  # a register gate found the phrase is not its register
        assert row.kind == "register-gate" and row.decides("none"), row.name
        return
    path = judged.judgement.path
    assert (judged.judgement.verdict == "fire") == fires, judged.judgement
    if row.decides(judged.judgement.verdict):
        assert row.name in path, path
        if row.delegates:
            after = path[path.index(row.name) + 1]
            assert after in {r.name for r in rows(row.delegates)}, path
        elif judged.judgement.verdict != "carved":
            assert judged.judgement.rule in row.reports, (judged.judgement.rule, row.reports)
    else:
        assert row.name not in path, f"a near miss of {row.name} was decided by it: {path}"


def check_correction_example(row: RuleText, side: str, text: str) -> None:
    """A [[correction]] or [[modifier]] row's example: reaches its row and is decided as written — on a claim row,
    a claim found or not (and a modifier's named as its rule); on a deference row, the judgement and the whole
    analyzer's verdict."""
    judged = check_reaches_its_row(row, side, text)
    fires = side == "fires"
    if row.on == "claims":
        assert bool(judged.claims) == fires, judged.claims
        if fires and row.kind == "modifier":
            assert judged.claims[-1].rule == row.name, judged.claims
    else:
        assert (judged.judgement is not None and judged.judgement.verdict == "fire") == fires, judged.judgement
        assert (analyze(text).verdict == "fire") == fires


def check_sketch(row: RuleText) -> None:
    """Each 'child -dep-> head' sketch holds in the model's parse of one of the row's examples."""
    docs = [parsed_doc(t, row) for t in (*row.fires, *row.passes)]
    for sketch in row.parse:
        arcs = sketch_arcs(sketch)
        found = [d for d in docs if all(_has_arc(d, *arc) for arc in arcs)]
        assert arcs and found, f"{row.name}: no example parses as {sketch!r}"


def sketched(kind: str) -> list[RuleText]:
    """The kind's rows with a parse sketch of arcs (not a description of what is read without a parse)."""
    return [r for r in rows(kind) if any(ARC.search(p) for p in r.parse)]


def sketch_arcs(sketch: str) -> list[tuple[str, str, str]]:
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


def path_of(judged: Judged) -> Sequence[str]:
    return judged.judgement.path if judged.judgement is not None else ()
