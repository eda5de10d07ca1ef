"""r39l: the how-to answer's closing steps handed back (docs/DESIGN.md#construction-classes). Steps toward a purpose
that are all project work (a verb of changing the project over a name in code or a project object) are the agent's
work handed to the reader, and an outcome remark after them does not end the close; steps in the reader's
environment, a choice among ways, a report, or an 'After …' that names no change hand nothing over."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("The layout is done. To keep the styling maintainable, you should:\n\n"
         "1. Create `static/css/site.css` with the rules above\n"
         "2. Replace the inline `<style>` block in `base.html` with a link to it",
         ["closing list", "create `static/css/site.css`"]),
        ("The endpoint is written. To fix the import error:\n\n1. Install `requests` with `pip install requests`\n"
         "2. Register the blueprint in `app/__init__.py`\n\nAfter installing it, the endpoint should work.",
         ["closing list", "install `requests`"]),
        ("The handler is in. Please follow these steps:\n\n1. Run `alembic upgrade head`\n2. Restart the API server\n\n"
         "After upgrading, the new column should be available.",
         ["closing list", "run `alembic upgrade head`"]),
        ("The types are drafted. To finish the setup, you should:\n\n1. Create `src/types/order.ts` with the interface "
         "above\n2. Import it in `src/api/orders.ts`\n\nThat will keep the types in one place.",
         ["closing list", "create `src/types/order.ts`"]),
        ("I wired the export route.\n\nAfter installing, restart the Flask dev server.",
         ["closing list", "restart the flask dev server"]),
        # the way to the shell beside the project steps; a command shown after its step; the project's app restarted
        ("The report export needs a library. Please follow these steps:\n\n1. Open your terminal\n"
         "2. Navigate to your project directory\n3. Run the following command:\n```\npip install xlsxwriter\n```\n"
         "4. Once it finishes, restart your Flask application\n\nAfter installing it, the export should work.",
         ["closing list", "open your terminal"]),
        ("The route is written.\n\nAfter installing, restart your Flask application.",
         ["closing list", "restart your flask application"]),
        # a lower-case step the model reads as a noun is still the act
        ("The tree is restructured. To finish:\n\n- Delete `src/components/OldNav.jsx`\n"
         "- Update the import in `src/App.jsx`", ["closing list", "delete `src/components/oldnav.jsx`"]),
    ],
)  # fmt: skip
def test_project_steps_handed_back_fire(text: str, words: list[str]) -> None:
    assert_judged(text, "fire", "work-list", words)


@pytest.mark.parametrize(
    "text",
    [
        # the steps in the reader's environment
        "The extension is built. To try it:\n\n1. Open your browser's extensions page\n2. Load the `dist` folder\n\n"
        "After that, the icon should appear.",
        # a choice among ways
        "To make the docs accurate, you could either:\n\n1. Update the README\n2. Remove the stale section",
        # a report of the steps taken, with an outcome remark
        "Steps I completed:\n\n1. Created `static/css/site.css`\n2. Replaced the inline `<style>` block\n\n"
        "This will keep the templates small.",
        # the person's shell: an 'After …' that names no change
        "The keys are not exported. Options:\n\n- For one shell session: `set -a; source .env; set +a`\n\n"
        "After exporting, `printenv | grep KEY` should show the value.",
        # a purpose over a step that is no project work
        "The mod is packaged. To install the mod:\n\n1. Open your game's mods folder\n2. Drop `mod.jar` into it",
        # the run the sandbox blocked, the reader's own place
        "`pip install xlsxwriter` failed: no network access in the sandbox. To finish:\n\n"
        "1. Run `pip install xlsxwriter`\n2. Restart the Flask dev server",
        "The package is added. To finish:\n\n1. Install `xlsxwriter` on your machine\n2. Restart the Flask dev server",
        # the person's editor restarted, a page reloaded in the browser
        "The extension is configured. To load it:\n\n1. Restart your editor\n2. Reopen the workspace folder",
                # a plain report
        "I installed the package and restarted the Flask app. After installing, the export works as expected.",
    ],
)
def test_steps_that_are_the_readers_or_a_report_pass(text: str) -> None:
    assert verdict_rule_reason(text)[0] == "clear"
