"""r38a: an offer of the agent's own work made conditional on the reader's wish, word, choice or preference, in the
shapes the first readings missed (docs/DESIGN.md#construction-classes): the agent as 'we' after an instruction to say
so, the work offered in the passive with no doer, the reader's word said with no recipient, the reader's judgement of
the best option, the agent's act depending on the reader's word, a decision after a dash, the reader's intent for the
agent's act, a wish for a pronoun pointing back, a pictograph ending the condition. And the neighbours that must pass:
the reader's wish for the reader's own act, a human-only decision, a hold on work in flight, a plain report."""

from __future__ import annotations

import pytest

from analyzer.text.questions import only_decides
from analyzer.text.units import sentence_spans
from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Tests pass. If you also want tabs on **See All**, say so and we can add `'SeeAll'` to that set.",
         "report-before-act", ["makes the agent's 'add' wait on the reader's wish", "said back ('say"]),
        ("If you want blur back, say so and we can layer it over a tint; right now the bar is opaque as you asked.",
         "wish-condition", ["the wish governs an invitation to ask the agent ('say')"]),
        ("If you want loadMore errors to show inline, that can be added without touching the list.",
         "wish-condition", ["new work offered in the passive ('can be added')", "the doer left to the agent"]),
        ("Would be no trouble to add the same check to the settings form, if you'd like it there too.",
         "wish-condition", ["the wish is left open"]),
        ("If you say which screen you want next, we can turn it into a plan.",
         "decision-offer", ["makes the agent's 'turn' wait on the reader's decision ('say')"]),
        ("Whichever test runner you think is best, I'll go with it.",
         "decision-offer", ["makes the agent's 'go' wait on the reader's decision ('think')"]),
        ("Depending on your preference for tabs or a stepper, I'll build the wizard one way or the other.",
         "decision-offer", ["makes the agent's 'build' depend on the reader's word ('your preference')"]),
        ("We can keep the vectors as float16 or float32 — whatever you prefer.",
         "decision-offer", ["makes the agent's 'keep' wait on the reader's decision ('prefer')"]),
        ("The notes file is empty. If you intend for me to add the list to it, please confirm that.",
         "report-before-act", ["makes the agent's 'add' wait on the reader's wish", "('confirm"]),
        ("Once you pick a colour scheme 🎨 I'll apply it to every chart.",
         "decision-offer", ["makes the agent's 'apply' wait on the reader's decision ('pick')"]),
        ("Should you wish to have a CSV export, that can be added next.",
         "conditional-preference", ["governing new work offered in the passive ('can be added')"]),
        ("I can re-run the benchmark if you want it too.",
         "if-you-want-it", ["'if you want it' closes the clause"]),
    ],
)  # fmt: skip
def test_a_condition_on_the_readers_wish_or_word_offers_the_agents_work(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize(
    "text",
    [
        "**Tuning** (in `config.ts` if you want to tweak feel):\n- `RAMP_MS = 300` — ramp time\n\nAim is unchanged.",
        "If you want the port changed, it can be changed in config.yaml.",
        "If you'd like it faster, set the worker count to 8.",
        "Depending on your network, the first install can take a few minutes.",
        "Whichever runner you think is best, install it globally.",
        "Store the vectors as float16 or float32 — whatever you prefer.",
        "If you intend to deploy tonight, please confirm that.",
        "Once CI is green I'll merge into my branch.",
        "The build is green and the migration ran on staging.",
        "If you prefer YAML, the format can be changed in config.yaml.",
    ],
)
def test_the_readers_own_act_or_a_report_is_no_offer(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Set the timeout to zero if you want it to fail fast.", ["('fail')", "a technical conditional"]),
        ("If you want it faster, raise the worker count in settings.py.", ["a technical conditional"]),
    ],
)  # fmt: skip
def test_the_readers_wish_on_how_it_behaves_is_an_exempt_technical_conditional(text: str, words: list[str]) -> None:
    assert_judged(text, "exempt", "if-you-want-it", words)


@pytest.mark.parametrize(
    "text",
    [
        "Once you approve the merge, I'll tag the release.",
        "If you intend for me to merge #88 into main, please confirm that.",
    ],
)
def test_a_condition_on_a_human_only_decision_passes(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


def test_a_decision_after_a_dash_is_read_with_the_offer_before_it() -> None:
    decided = [only_decides(words) for words in ("whatever you prefer.", "whichever you think is best", "say so")]
    assert decided == [True, True, False]


def test_e_g_ends_no_sentence() -> None:
    text = "If you say which one (e.g. “Liked” or “Trust”), we can plan it."
    assert sentence_spans(text, 0, len(text)) == [(0, len(text))]
