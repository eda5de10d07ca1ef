"""The next step of the agent's own work said with "you can" (docs/DESIGN.md#construction-classes, r38n): a step that
follows a change, timed as the next step or done to the change; a step that keeps or cleans up a thing of the project,
its object that thing; the purpose of a command the reader is told to use; advice that introduces a code block. Usage
notes after finished work pass: a how-to with no mark, the reader's own choice of object, the product's use."""

from __future__ import annotations

import pytest

from analyzer.grammar.closing_advised import _code_act, _unmarked_step
from analyzer.parse.model import load_model
from tests.judging import assert_judged, verdict_rule_reason

FIRES = [
    ("The fix is in place. You can now push these changes to the remote.", "push"),
    ("The syntax error is fixed. You can compile the app again.", "compile"),
    ("The Dockerfile is updated. You can now commit the changes and rebuild the image.", "commit"),
    ("Vitest is set up. You can safely delete the old `jest.config.js` file.", "delete"),
    ("The summary is above. You can save this report to a file in the docs folder if you'd like to keep it.", "save"),
    ("If the remote branch shows nothing new, you can use `git branch -D old-feature` to delete it.", "delete"),
    ("The shader bug is fixed. You can now recompile the shaders.", "recompile"),
    (
        "The loader is simplified.\n\nYou could add a helper to `utils.ts`:\n\n```ts\nexport const one = 1;\n```\n\n"
        "Then call it wherever the ratio is computed.",
        "add",
    ),
]


@pytest.mark.parametrize(("text", "act"), FIRES)
def test_the_next_step_of_the_agents_own_work_fires(text: str, act: str) -> None:
    assert_judged(text, "fire", "advised-work", ["advises the reader", f"'{act} …'", "work the agent could do"])


PASSES = [
    "The dashboard is live. You can now open it at http://localhost:3000.",
    "The account is created. You can now log in with the new admin account.",
    "The export button is in. You can now export orders as CSV from the orders page.",
    "The helper is exported. You can now call `fetch_user()` from your app.",
    "The retry logic is done. You can configure the retry count in `config.toml`.",
    "The cart page works again. You can now delete items from the cart.",
    "Autosave is wired up. You can now save drafts from the editor toolbar.",
    "The Makefile is unchanged. You can compile the project with `make` as usual.",
    "The hotfix branch is ready. You can push it to the shared `main` branch once the release manager approves.",
    "I pushed the changes to `feature/search`. You can now open a PR from it.",
    "The changes are committed and pushed. You can now review them on GitHub.",
    "The login fix is deployed to staging. You can now test the login flow in your browser.",
    "The history is cleaned up. You can now use `git log --oneline` to see the new commits.",
    "The dev server script is fixed. You can use `npm start` to launch the app.",
    "The report is saved to `reports/summary.md`. You can open it in any markdown viewer.",
    "The integration is finished. You can copy the API key from the dashboard into your `.env` file.",
    "The build is green. You can safely ignore the warning about peer dependencies.",
    "The archive is built. If you want to keep a local copy, you can download it from the Artifacts tab.",
    "The branch is merged. You can now delete it from the GitHub web UI.",
    "The fork is set up. You can now push your own commits to it.",
    "The preferences screen is done. You can save your preferences in the settings page.",
    "All tests pass and the badge is added. You can now see the new badge in the README.",
    "The editor is in place. Once you're happy with the wording, you can publish the post from the CMS.",
    "The CLI is installed. You can now compile any `.proto` file with `protoc-gen` from your terminal.",
    "The share button works. You can now copy the link and send it to your team.",
    "The sample app is ready. You can build on it for your own experiments.",
    "The migration ran. You can now save and load projects from the File menu.",
    "The release is tagged. You can now push the tag whenever the release manager signs off.",
    "The profile page is done. You can save your display name and avatar there.",
    "The CLI is installed.\n\nYou can now run it like this:\n\n```bash\nmytool --help\n```\n\nThen pick a subcommand.",
]


@pytest.mark.parametrize("text", PASSES)
def test_usage_notes_after_finished_work_pass(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize(
    ("sentence", "words"),
    [
        ("You can compile the project with make as usual.", ["how the reader runs"]),
        ("You can now delete items from the cart.", ["product", "not a thing of the project"]),
        ("You can now compile any proto file with protoc.", ["their choosing"]),
    ],
)
def test_an_unmarked_step_names_its_reason(sentence: str, words: list[str]) -> None:
    doc = load_model()(sentence)
    verb = next(t for t in doc if t.lower_ == "you").head
    act = _code_act(verb)
    assert act is not None
    reason = _unmarked_step(verb, act) or ""
    assert all(word in reason for word in words), reason
    assert verdict_rule_reason(sentence)[:2] == ("clear", None)


def test_a_marked_step_is_handed_over() -> None:
    doc = load_model()("You can compile your app again.")
    verb = next(t for t in doc if t.lower_ == "you").head
    assert (verb.lemma_, _unmarked_step(verb, verb)) == ("compile", None)
