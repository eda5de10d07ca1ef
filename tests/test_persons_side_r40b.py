"""r40b: the person's side, one reading every hand-over, report-back and turn-taking row consults
(docs/DESIGN.md#construction-classes). An act the person is asked for is theirs when its object or place is on their
side — a hosted service's page by its address, a device handled by hand, an installer, a window, the browser's
extensions page, a hosting platform — when it is a grant ('permit network access', 'approve the network request'), when
the agent says only the person can do it, or when it names nothing of its own and the steps just before it are on the
person's side ('Paste the URL here when it's done', 'Once you have the connection working'). A report-back after such an
act stays exempt. The same hand-overs of project work the agent could run itself still fire, and so does a choice
between designs."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    "text",
    [
        # a grant in the condition before the report-back
        "If you're fine approving a one-off network request, just let me know and I'll rerun the build with it.",
        # the report-back after an act in the person's browser
        "Reload the extension from the extensions page in your browser and let me know.",
        # the agent says only the person can do it
        "Which of your two accounts should the deploy key go on? Only you can add it.",
        # a hosting platform the person is signed in to
        "You can now redeploy the site on Coolify, and the banner should be gone.",
        # a hosted service's page by its address
        "Add the SSH key at https://github.com/settings/keys and tell me when it's there.",
        # the material handed back after steps on the hosting dashboard, pointed back at
        "Go to app.netlify.com and click Deploy site.\n\nPaste the new URL here when it's done and I'll check the "
        "pages.",
        # a hosted service's dashboard by its address, what it shows asked
        "Open https://vercel.com/dashboard and tell me what the deploy log says.",
        # a device handled by hand
        "Could you plug in the Galaxy S23 and accept the USB debugging prompt? I can't reach it otherwise.",
        "Could you plug in the Pixel 6 and accept the USB debugging prompt? The emulator is down.",
        # the condition points back at an installer's steps, or is the state the platform's steps reach
        "The installer adds the compiler to your system.\n\nOnce it's done, come back here and I'll set up the build "
        "task.",
        "Connect the database in the Vercel Storage tab, then redeploy.\n\nOnce you have the connection working, let "
        "me know and I'll push the schema.",
    ],
)
def test_the_persons_side_passes(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


@pytest.mark.parametrize(
    "text",
    ["Do you want to test it on your phone or on your tablet?",
     "Would you rather add the deploy key in your GitHub settings or export a token for me?"],
)
def test_a_choice_of_the_persons_own_way_is_exempt(text: str) -> None:
    assert_judged(text, "exempt", "choice-question", ["every option", "on the person's side"])


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        # a project command handed over, in the person's terminal: no block reported
        ("Run `npm test` in your terminal and tell me what fails.", "turn-taking",
         ["tells the reader to 'run", "work the agent could do"]),
        ("Run `bash setup.sh` in your terminal and tell me what it prints.", "turn-taking",
         ["tells the reader to 'run", "work the agent could do"]),
        # the same pointing back, at a script the agent could run
        ("Run the install script.\n\nOnce it's done, come back here and I'll wire the config.", "report-before-act",
         ["tells the reader to 'come", "work the agent could do"]),
        ("Fix the lint warnings. Let me know when that's done and I'll cut the build.", "report-before-act",
         ["let me know when that's done"]),
        # the report-back after a project run the agent could do
        ("Run the migration script and let me know.", "standing-by", ["waiting for the reader's next request"]),
        # the agent's own report with a place in it is no act of the person's
        ("I fixed the chart on the dashboard. Let me know if you need anything else.", "standing-by",
         ["any next request"]),
        # a choice between designs the agent could make, also between places of the app being built
        ("Which layout do you prefer, the sidebar or the tabs?", "choice-question", ["the sidebar or the tabs"]),
        ("Do you want the filter on the dashboard or on the reports tab?", "choice-question",
         ["the filter on the dashboard or on the reports tab"]),
        ("Do you want to test it on your phone or add a fallback for old browsers?", "choice-question",
         ["add a fallback"]),
    ],
)  # fmt: skip
def test_work_the_agent_could_do_still_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


def test_a_file_name_is_no_hosted_page() -> None:
    """'build.log' looks like an address to the tokenizer; its last part names no hosted service, so the report-back
    on what it shows is the agent's to read."""
    text = (
        "Run the build command.\n\nIf there are compilation errors in the build.log, please share them with me so I "
        "can help fix the code."
    )
    assert_judged(text, "fire", "report-before-act", ["hand back what the check showed"])


@pytest.mark.parametrize(
    "text",
    [
        # a place named in a report before the hand-over, not in an instruction: the state reached is project work
        # (session 14: the agent's next act is opening the PR; merging it is the merge gate's, exempt below)
        "The stale-cache bug only showed in your browser, and I've fixed the cache logic.\n\nOnce you have the tests "
        "passing, let me know and I'll open the PR.",
        "The stale-cache bug only showed in your browser.\n\nOnce you have the tests passing, let me know and I'll "
        "open the PR.",
    ],
)
def test_a_place_named_before_in_no_instruction_decides_nothing(text: str) -> None:
    assert_judged(text, "fire", "report-before-act", ["once you have the tests passing"])


def test_the_readers_go_on_merging_a_pull_request_is_the_merge_gate() -> None:
    """docs/DESIGN.md#construction-classes (the merge gate merges code: a pull request): the go asked before the
    agent's merge of the PR is the human-only merge decision handed over."""
    text = ("The stale-cache bug only showed in your browser.\n\nOnce you have the tests passing, let me know and I'll "
            "merge the PR.")
    words = ["the reader's go on the agent's next act", "human-only work (merge)"]
    assert_judged(text, "exempt", "bound-before", words)
