"""Advice whose options or object stand in a list or a code block (docs/DESIGN.md#construction-classes, r38p): a
sentence a fenced code block interrupts is read whole as advice; the reader's modal over 'either' cut off by the colon
hands a choice among the items; a verb of remembering over a series hands back the check from its running step on.
Neighbours pass: usage and the reader's own situation over a block, a choice under an event of the reader's use or
the reader's environment, set-up steps with no running step."""

from __future__ import annotations

import pytest

from analyzer.grammar.closing_handovers import _choice_among
from analyzer.parse.model import load_model
from analyzer.text.closing import closing_part
from analyzer.text.questions import ADVISED, LIST, _sentence_over_code, question_sites
from tests.judging import assert_judged, verdict_rule_reason

FENCE = "```"


def _block(lead: str, code: str, after: str) -> str:
    return f"The exporter writes one row per event.\n\n{lead}\n\n{FENCE}python\n{code}\n{FENCE}\n\n{after}"


CODE_FIRES = [
    (_block("If the file grows too fast, you could either:", "ROTATE_AT = 50_000", "in the exporter settings, or "
            "split the rows into one file per day."), "split"),
    (_block("You should also tighten the schema:", "schema.strict = True", "and drop the unused `legacy_id` column."),
     "tighten"),
    (_block("If you want quieter output, you might add:", "warnings.simplefilter('ignore')", "at the top of the "
            "exporter module."), "add"),
]


@pytest.mark.parametrize(("text", "act"), CODE_FIRES)
def test_a_sentence_a_code_block_interrupts_is_read_whole_as_advice(text: str, act: str) -> None:
    assert_judged(text, "fire", "advised-work", ["advises the reader", f"'{act} …'", "work the agent could do"])


CODE_PASSES = [
    _block("You can run the exporter with:", "python -m exporter", "from the repository root."),
    _block("If you need more columns, you could add:", "COLUMNS.append('region')", "with whatever names your "
           "reports use."),
    _block("The exporter now reads:", "rows = load(path)", "from the path in `EXPORT_DIR`."),
    _block("I've added the guard:", "if not rows: return", "at the top of `export()`."),
]


@pytest.mark.parametrize("text", CODE_PASSES)
def test_usage_situation_and_reports_over_a_code_block_pass(text: str) -> None:
    assert verdict_rule_reason(text)[0] != "fire"


def test_the_joined_sentence_spans_the_lead_and_the_closing_fragment() -> None:
    text = CODE_FIRES[0][0]
    view = closing_part(text).view
    first = text.index("in the exporter settings")
    joined = _sentence_over_code(text, view, (first, len(text)))
    assert joined is not None
    (start, end), read = joined
    assert (start, end) == (text.index("If the file"), len(text))
    assert len(read) == len(view) and ":" not in read[start:end] and "\n" not in read[start:end]
    assert [s.kind for s in question_sites(text)] == [ADVISED]


def test_a_new_sentence_after_the_block_is_not_joined() -> None:
    text = _block("You could add a flag:", "FAST = True", "Then read it in the exporter.")
    view = closing_part(text).view
    first = text.index("Then read")
    assert _sentence_over_code(text, view, (first, len(text))) is None


LIST_FIRES = [
    ("The cache layer is rewritten.\n\nYou can either:\n1. Drop the old `memo.py` module\n2. Move it under "
     "`archive/`", "drop the old `memo.py` module"),
    ("The new loader is live.\n\nIf there is still an old `loader.v1.ts` file in the tree, you can either:\n- delete "
     "it\n- rename it to `loader.old.ts`", "delete it"),
]


@pytest.mark.parametrize(("text", "item"), LIST_FIRES)
def test_a_choice_among_the_items_hands_them_over(text: str, item: str) -> None:
    assert_judged(text, "fire", "work-list", ["you can either", "hands the reader work", item])


LIST_PASSES = [
    "If you hit a lock timeout, you can either:\n1. Retry the job\n2. Raise the timeout in the job settings",
    "If you have Podman installed, you can either:\n- run the stack in containers\n- use the local dev server",
    "To try the demo, you can either:\n- open `demo.html`\n- serve the folder with `npx serve`",
    "You can either:\n1. Merge the PR yourself\n2. Ask a maintainer to merge it",
]


@pytest.mark.parametrize("text", LIST_PASSES)
def test_a_choice_under_an_event_or_the_readers_environment_passes(text: str) -> None:
    """The list is a site (the work-list row reads it) and is carved: a technical conditional, the reader's own
    purpose, or human-only items."""
    assert [s.kind for s in question_sites(text)] == [LIST]
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize(
    ("lead", "word"),
    [
        ("You can either:", "either"),
        ("If you have an old config file, you could either:", "either"),
        ("If you hit merge conflicts, you can either:", None),
        ("If you have Docker installed, you can either:", None),
        ("We can either:", None),
    ],
)
def test_the_choice_is_read_on_the_parse(lead: str, word: str | None) -> None:
    tokens = [t for t in load_model()(lead) if not t.is_space and not t.is_punct]
    found = _choice_among(tokens)
    assert (found.lower_ if found is not None else None) == word


REMEMBERED_FIRES = [
    ("The socket URL moved. After applying the fix, remember to update your `.env` with the new URL, run `npm run "
     "dev`, and check the console for the connection log.", "run `npm run dev`"),
    ("Once the changes are in, be sure to clear the build cache, rebuild the site, and check the home page.",
     "rebuild the site"),
]


@pytest.mark.parametrize(("text", "item"), REMEMBERED_FIRES)
def test_a_remembered_series_hands_back_its_running_step(text: str, item: str) -> None:
    assert_judged(text, "fire", "work-list", ["hands the reader work", item])
    sites = question_sites(text)
    assert sites[-1].kind == LIST and text[sites[-1].start :].startswith(item.split(" ")[0])


REMEMBERED_PASSES = [
    "After applying the fix, remember to update `.env.local` with your broker URL.",
    "Remember to keep the token secret, rotate it monthly, and never commit it.",
    "When you deploy to production, remember to set the secret in your dashboard, run the migrations there, and "
    "watch the error rate.",
]


@pytest.mark.parametrize("text", REMEMBERED_PASSES)
def test_a_series_with_no_running_step_or_no_change_passes(text: str) -> None:
    assert verdict_rule_reason(text)[0] != "fire"
