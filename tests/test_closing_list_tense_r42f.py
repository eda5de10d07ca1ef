"""The closing list read by item tense and doer (r42f, docs/DESIGN.md#construction-classes): next work handed over under
a lead of work still to do, at any number of the label's noun and in a later sentence of the last paragraph; a report
when the items are artefacts glossed with what they now hold, runs the agent could not make where it runs, or acts on
the person's side read by the one person's-side reading."""

from __future__ import annotations

import pytest

from tests.grammar_examples import question_decided
from tests.judging import assert_judged, verdict_rule_reason

FIRES = [
    # a singular label of work still to do, the items an inline run of imperatives
    ("The importer streams rows now.\n\nRemaining work, as a follow-up: move the two cron scripts to Go and drop "
     "`cron.sh`.", ["remaining work, as a follow-up", "move the two cron scripts"]),
    # the agent's suggestion as the label: the items are still the reader's
    ("Rate limiting is live.\n\nFollow-ups I'd suggest: add jitter to the retry loop and log the limiter's rejections.",
     ["follow-ups i'd suggest", "add jitter"]),
    # a label opening a later sentence of the last paragraph, after the report
    ("Added the `--since` flag to `log`. Other improvements worth considering: pagination, a `--json` mode, and "
     "colour.",
     ["other improvements worth considering", "pagination"]),
    ("Every route has a schema in `api.yaml`. Nice-to-haves for later: sample bodies and a shared error type.",
     ["nice-to-haves for later", "sample bodies"]),
    # an item opening on a change of the code builds it into the place it names: still handed over
    ("The settings page loads.\n\nNext steps:\n- Add a dark mode toggle to the settings tab",
     ["next steps", "add a dark mode toggle"]),
]


@pytest.mark.parametrize(("text", "words"), FIRES)
def test_next_work_handed_over_fires(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "work-list", words)


CARVED = [
    # artefacts glossed with what they now hold: a report of files added
    ("Review fixes are in.\n\n### Test coverage improvements\n- **`tests/tags.spec.ts`** — New: create and delete "
     "cases for tags\n- **`tests/roles.spec.ts`** — Updated: admin-only routes return 403",
     "reports work done or a status"),
    ("Cleanup is finished.\n\nFollow-ups:\n- `docs/setup.md` — rewritten for the new installer\n- `Makefile` — "
     "added a `lint` target", "reports work done or a status"),
    # the person's side: the browser's own page, the app reloaded however parsed
    ("The content script is patched.\n\nNext step: reload the unpacked extension in Chrome so the patch takes effect.",
     "human-only"),
    ("Options are saved per profile now.\n\nNext:\n1. Reload the extension in `chrome://extensions` and reopen the "
     "popup.", "human-only"),
    ("The countdown is restored.\n\n**Next Steps**\n1. reload the app, start a round, and watch the timer tick down.",
     "human-only"),
]


@pytest.mark.parametrize(("text", "reason"), CARVED)
def test_reports_and_persons_side_pass(text: str, reason: str) -> None:
    assert verdict_rule_reason(text)[0] != "fire"
    decided = question_decided(text)
    assert decided is not None and (decided.verdict, decided.rule) == ("carved", "work-list"), decided
    assert reason in decided.reason, decided.reason


def test_runs_the_agent_could_not_make_pass() -> None:
    """Runs the agent says in the lead-in it could not make where it runs, each with its blocker: handed over with the
    reason (the message as written is read, so only the whole analysis sees the lead-in's cue)."""
    text = ("Manual checks remain.\n\nThese are the checks I could not run in this sandbox:\n1. **Run the e2e suite** "
            "— needs the compose stack and a real Postgres.")
    assert verdict_rule_reason(text) == ("clear", None, "")
    assert verdict_rule_reason(text.replace("I could not run in this sandbox", "left for you"))[0] == "fire"
