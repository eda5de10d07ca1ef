"""The command handed over in a fenced block, and the person's own place and facts
(docs/DESIGN.md#the-command-in-a-block, r39h). An imperative of invoking, changing or checking cut by its colon
introduces the message's last code block, a shell's, whose first line is a program and its arguments, and nothing
after it but remarks predicting the outcome: the command is the project's act handed to the reader (work-list fires).
Usage, the agent's own report, a system's run, the reader's place or time and a blocked run are none. Beside it: the
check done in the person's environment before the agent's act, an item done where only the person is, a question about
what the reader observes or has, the visibility of a repository given by a copula, and a condition on the reader's care
over the agent's default."""

from __future__ import annotations

import pytest

from analyzer import analyze
from analyzer.grammar.registry import traced
from tests.judging import assert_judged, verdict_rule_reason

BLOCK = "```"

FIRES = [
    (f"The parser needed the YAML library. Run this command:\n\n{BLOCK}bash\npip install pyyaml\n{BLOCK}\n\n"
     "This will add the missing dependency and clear the import error.", "Run this command", "pip install pyyaml"),
    (f"I fixed the column type in the schema.\n\nNow, from the api folder run:\n\n{BLOCK}bash\n"
     f"npx knex migrate:latest\n{BLOCK}\n\nIt should apply without the type error.", "Now, from the api folder run",
     "npx knex migrate:latest"),
    (f"The stale fixtures are removed.\n\nVerify with:\n\n{BLOCK}\npytest tests/fixtures -q\n{BLOCK}", "Verify with",
     "pytest tests/fixtures -q"),
    (f"The alembic revision for the new column is written.\n\nApply the migration:\n\n{BLOCK}sh\nalembic upgrade head\n"
     f"{BLOCK}", "Apply the migration", "alembic upgrade head"),
    (f"The cache key now includes the tenant.\n\nTo check the fix, run:\n\n{BLOCK}bash\n"
     f"npm test -- cache.spec.ts\n{BLOCK}", "To check the fix, run", "npm test -- cache.spec.ts"),
]


@pytest.mark.parametrize(("text", "lead", "command"), FIRES)
def test_the_projects_command_in_a_block_fires(text: str, lead: str, command: str) -> None:
    assert_judged(text, "fire", "work-list", ["closing list", f"under '{lead}'", command, "work the agent could do"])


PASSES = [
    # usage of the work: a purpose of use, no act of the project named
    f"The app is ready. To start it, run:\n\n{BLOCK}bash\nnpm run dev\n{BLOCK}",
    f"The CLI is installed. Run:\n\n{BLOCK}bash\nreportgen --help\n{BLOCK}",
    # the agent's own report, a system's run
    f"I installed the dependency myself:\n\n{BLOCK}bash\npip install pyyaml\n{BLOCK}\n\n"
    "The parser now loads the file.",
    f"The docs job is fixed. The workflow will run:\n\n{BLOCK}bash\nmkdocs build --strict\n{BLOCK}",
    # the reader's place; a run the sandbox blocked
    f"The driver needs admin rights on your laptop. Run this:\n\n{BLOCK}\nmsiexec /i driver.msi\n{BLOCK}",
    f"The sandbox has no network access, so the install could not run. Run:\n\n{BLOCK}bash\n"
    f"pip install pyyaml\n{BLOCK}",
    # a block of code, no command; the message goes on after the block
    f"Use this config:\n\n{BLOCK}yaml\nport: 8080\n{BLOCK}",
    f"Run this command:\n\n{BLOCK}bash\npip install pyyaml\n{BLOCK}\n\n"
    "Then open the report page in your browser and look at the chart.",
]


@pytest.mark.parametrize("text", PASSES)
def test_usage_a_report_and_the_readers_place_find_no_command_handed_over(text: str) -> None:
    verdict, _, reason = verdict_rule_reason(text)
    assert verdict != "fire", reason


def test_a_check_in_the_persons_browser_before_the_agents_act_is_the_persons() -> None:
    text = ("If the error persists, check the browser Network tab for the failing call and paste it; I can then trace "
            "it.")
    assert verdict_rule_reason(text)[0] != "fire"
    # the same check on the agent's own run still fires
    assert_judged("If you see any new module errors, paste them and I'll update the import map.", "fire",
                  "report-before-act", ["paste", "update"])


def test_an_item_done_where_only_the_person_is_hands_nothing_over() -> None:
    text = "The launcher is built.\n\nTo open it:\n- Double-click the launcher icon on your desktop"
    assert verdict_rule_reason(text)[0] != "fire"
    # a place inside a clause under the item's verb names what the work is about
    assert_judged("Review done.\n\nNext steps: 1) Decide whether to add retry handling or warn in the UI.", "fire",
                  "work-list", ["closing list", "decide whether"])


@pytest.mark.parametrize("text", [
    'Where are you seeing "1.4.0" — on the store listing, the launcher, or somewhere else?',
    "Which browser are you using — Firefox or Safari?",
])
def test_alternatives_completing_a_question_about_what_the_reader_observes_are_the_persons_facts(text: str) -> None:
    with traced() as calls:
        verdict = analyze(text).verdict
    assert verdict == "clear"
    decided = [c.result for c in calls if c.name == "verbless-choice" and c.result is not None]
    assert [j.verdict for j in decided] == ["carved"]
    assert "what the reader observes" in decided[0].reason


def test_alternatives_the_agent_could_pick_still_fire() -> None:
    assert_judged("Which format should the export use — CSV or Parquet?", "fire", "verbless-choice",
                  ["choice between alternatives"])
    assert_judged("Should the new endpoint be public or private?", "fire", "should-choice", ["no human-only"])


def test_a_repositorys_visibility_given_by_a_copula_is_human_only() -> None:
    assert_judged("Should the new mirror repository be public or private?", "exempt", "should-choice",
                  ["human-only", "visibility"])


def test_a_condition_on_the_readers_care_over_the_agents_default_waits_on_no_check() -> None:
    text = "The config is ready. If you don't care about the port, I'll keep 8080."
    verdict, _, reason = verdict_rule_reason(text)
    assert verdict != "fire", reason
    assert_judged("If you run it with DEBUG=1 and share the output, I can pinpoint the plugin.", "fire",
                  "result-before-act", ["run"])
