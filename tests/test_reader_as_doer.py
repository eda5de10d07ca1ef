"""The reader as the doer of a project act at the close (docs/DESIGN.md#the-reader-as-doer, r40a): one reading for
the imperative ('Run `make seed` and you're all set.'), the reader's modal of need or advice ('You may need to clear
the build cache.') and the run under possibility done to the change ('You can now run the migration.'), over one class
of project acts (grammar/project_acts.py) that the closing list's steps read too. The exemptions are the only brakes:
human-only work, the person's environment, a run the sandbox blocked, a usage note, a how-to under possibility, the
agent's own next act, what only the reader gives first, a list item or a label of the agent's own plan."""

from __future__ import annotations

import pytest

from analyzer.grammar.project_acts import project_act
from analyzer.parse.model import load_model
from tests.judging import assert_judged, verdict_rule_reason

TOLD = [
    ("The seed script is updated. Run `make seed` and you're all set.", "Run"),
    ("The cache builder is in. Call `build_index()` to generate the cache.", "Call"),
    ("The job is queued. Wait for the export to finish, then run `bash scripts/train.sh` on the output.", "run"),
    ("The new panel is ready. Replace `OldPanel` with `NewPanel` in `app/main.py` to render the new layout.",
     "Replace"),
    ("The importer is fixed.\n\n**Bottom line**: just wait for the sync, then run `make import` and it is done.",
     "run"),
    ("The OpenAPI spec is updated. Now generate the client with `make client`.", "generate"),
    # an imperative of making sure or remembering carries the act
    ("The bundler config is fixed. Make sure to run `npm run build` before the release.", "run"),
    ("The lockfile changed. Remember to commit the lockfile with the fix.", "commit"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "act"), TOLD)
def test_an_imperative_of_a_project_act_fires(text: str, act: str) -> None:
    assert_judged(text, "fire", "advised-work", ["tells the reader to", f"'{act} …'", "work the agent could do"])


ADVISED = [
    ("The migration file is written. You can now run the migration.", "run"),
    ("I removed the old bundler config. You may need to clear the build cache.", "clear"),
    ("The fix is in. You should rerun the integration tests before the release.", "rerun"),
    ("The schema changed. You'll want to regenerate the client.", "regenerate"),
    ("The provider moved. You have to rerun `terraform plan` before the apply.", "rerun"),
    ("Both stray files are harmless. You can either commit them as a chore, or just discard them.", "commit"),
]


@pytest.mark.parametrize(("text", "act"), ADVISED)
def test_a_run_under_need_advice_or_on_the_change_fires(text: str, act: str) -> None:
    assert_judged(text, "fire", "advised-work", ["advises the reader to", f"'{act} …'", "work the agent could do"])


def test_the_steps_toward_finishing_are_project_acts() -> None:
    text = "To finish up, you'll need to:\n1. Run the migrations\n2. Restart the dev server\n3. Re-run the tests"
    assert_judged(text, "fire", "work-list", ["hands the reader work the agent could do", "run the migrations"])


PASSES = [
    # a how-to under possibility, even timed 'now'; 'be able to' is possibility whatever modal carries it
    "The endpoint is done. You can run the suite with `make test` as usual.",
    "The CLI is installed. You can now run `npm run build` to produce both bundles.",
    "The setup is complete. You should now be able to run the Vitest suite.",
    # a usage note framed as such
    "The endpoint is done. To use it, run `curl localhost:8080/items` from the repo.",
    "The `help` command lists both new subcommands. Type `/help` to see them.",
    # the agent's own next act; a label of its own plan
    "The feature is done. Next I'll run the full test suite.",
    "Plan: write the schema docs, then run the migration. Starting on the docs now.",
    # human-only work, the person's environment, a run the sandbox blocked
    "The fix is ready. Merge the PR to main when you're happy with it.",
    "I built the extension. Reload it in chrome://extensions and open the popup.",
    "The sandbox has no network, so `npm install` failed here. Please run `npm install` and the build will work.",
    # what only the reader gives first
    "Once you provide the connection string, you can run the migration right away.",
    # an edit with no thing of the project named: a chat answer's how-to
    "The docs are updated. Update your code as follows to adopt the new client.",
    # the person's own installation, a slash command of their session, things of their choosing
    "The mod is rebuilt. Please copy the `Flooring` folder to your game's `Mods` directory again.",
    "The key binding is removed. You can now run `/terminal-setup` again.",
    "The env file is ready. You should now be able to run any migration commands.",
    # a list item that describes, not tells
    "The exporters:\n- Cura: generate minimal profiles and bundle them\n- Prusa: generate full profiles",
]


@pytest.mark.parametrize("text", PASSES)
def test_the_exemptions_are_the_brakes(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize(
    ("sentence", "verb", "expected"),
    [
        ("Run the tests.", "Run", True),
        ("Call the helper.", "Call", True),
        ("Replace `A` with `B`.", "Replace", True),
        ("Delete the old migration files.", "Delete", True),
        ("Update your code as follows.", "Update", False),
        ("Open the dashboard.", "Open", False),
    ],
)
def test_the_project_act_is_one_class(sentence: str, verb: str, expected: bool) -> None:
    doc = load_model()(sentence)
    token = next(t for t in doc if t.text == verb)
    assert project_act(token, [t for t in doc if t.i > token.i]) is expected
