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
    # a plural noun of work as the subject of a modal of containing
    ("Search runs on SQLite FTS5. Extensions might include typo tolerance, stemming and snippets.",
     ["extensions might include", "typo tolerance"]),
    # a compound 'refresh-' is no reload of the person's browser
    ("The session store is in.\n\nFuture work could include refresh-token rotation and per-route scopes.",
     ["future work could include", "refresh-token rotation"]),
    # a purpose lead-in that names a percentage, over project steps
    ("Coverage of `billing/` is at 91%.\n\nTo get to 100%:\n- test the proration branch\n- test the refund path",
     ["to get to 100", "test the proration branch"]),
    # a noun of future work as the subject of a modal of possibility over a verb of changing the code
    ("The lexer handles every token now. A follow-up could add error recovery so one bad line does not stop the run.",
     ["a follow-up could", "add error recovery"]),
    # a prediction after the list ('should just pass') leaves the list the close
    ("The pin is bumped.\n\nHere's what's left for you:\n\n1. `uv lock`\n2. `uv sync`\n\nThe lock step will pick "
     "up the pin; the rest should just pass.", ["what's left for you", "`uv lock`"]),
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
    # the person's side: the browser's own page, its add-on reloaded however parsed
    ("The content script is patched.\n\nNext step: reload the unpacked extension in Chrome so the patch takes effect.",
     "human-only"),
    ("Options are saved per profile now.\n\nNext:\n1. Reload the extension in `chrome://extensions` and reopen the "
     "popup.", "human-only"),
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


@pytest.mark.parametrize(
    "text",
    [
        # a noun of future work judged, no work named
        "The lexer handles every token now. A follow-up could be useful later.",
        # the message ends on a lead-in that introduces nothing: the agent's own next step, cut off
        "The migration is written.\n\nNow rebuild and verify:",
        # with no modal, the nouns of work report what was done
        "Search runs on SQLite FTS5. Improvements include typo tolerance and stemming.",
        # a run handed over is the agent's even on a device, unless the reader owns it: 'your phone' is the person's
        "The widget is measured per column.\n\nNext steps: open the widget on your phone and check the spacing.",
    ],
)
def test_what_only_looks_like_next_work_passes(text: str) -> None:
    verdict, rule, reason = verdict_rule_reason(text)
    assert verdict != "fire", (rule, reason)


def test_a_run_on_a_device_is_still_handed_over() -> None:
    """A verb of running with no subject hands the run over: the device or emulator is where it goes."""
    text = ("The widget measures its rows.\n\nNext steps: run the widget on an emulator and capture a screenshot with "
            "`adb exec-out screencap -p`.")
    assert_judged(text, "fire", "work-list", ["run the widget on an emulator"])


def test_just_tell_me_after_the_list_keeps_it_the_close() -> None:
    """'Just tell me.' after the list asks which item: the list under the wish is still the close, the offer."""
    text = ("The API serves its schema.\n\nIf you want, next we can:\n\n- Add auth schemes\n- Add response examples\n\n"
            "Just tell me.")
    assert_judged(text, "fire", "wish-condition", ["if you want"])


def test_a_lead_in_over_a_code_block_still_hands_it_over() -> None:
    """Only a lead-in with nothing after it is the agent's own step cut off: one over a block of commands introduces
    them."""
    text = ("The stray edits are whitespace only.\n\nYou can either commit them, or just discard them:\n\n```bash\n"
            "git restore api/schema.prisma\n```")
    assert verdict_rule_reason(text)[0] == "fire"


def test_a_part_of_the_app_with_no_owner_is_product_work() -> None:
    """'in the UI' with no owner names the app being built: the item is product work, still handed over."""
    text = "Exports work.\n\nNext steps:\n- Let users pick the exported columns in the UI"
    assert_judged(text, "fire", "work-list", ["let users pick the exported columns in the ui"])
