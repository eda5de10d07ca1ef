"""r41d: the person's side is one reading in a leaf module (analyzer/grammar/persons_side.py), and every rule that hands
work or a question to the reader consults it — now also the word-before-act, wish (want-me-to), reader's-word and
approval rows, which read only the person's grants before (docs/DESIGN.md#construction-classes). An act on the
person's screen or at a place of theirs waits on the person; a purpose clause's 'so I can' after the reader's act asks
no leave; ticking a box on an installer's screen is a screen act; a run the agent says it cannot
do here is the person's to run. 'On your side', 'on your end' name whose run it is,
not a place of the person's: a project command checked there is still the agent's to run."""

from __future__ import annotations

import pytest

from analyzer.grammar import closing_handovers, persons_side
from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    "text",
    [
        # word-before-act: the reader's word after an act in the person's own dashboard
        "Give me the go-ahead once you've toggled the flag in your dashboard and I'll ship it.",
        "Tell me when the flag is toggled in your dashboard and I'll ship the change.",
        # want-me-to: the wish conditions the reader's act on a screen
        "If you want me to retry, click Allow in the browser prompt and I'll rerun the upload.",
        # wait-on-reader: the reader's word is on an act in the person's editor
        "I'll hold the deploy until you tell me you've clicked Publish in the Webflow editor.",
        # approval-question: what is approved is on the person's screen
        "Do you approve the popup in your browser?",
        # leave-question: 'so I can' states what the reader's act lets the agent do
        "I only have a text description of the dialog.\n\nCan you drag the design export into the chat so I can "
        "match the spacing?",
        # turn-taking: an installer's box ticked on the person's screen
        "The native build needs the C++ toolchain, which I can't install from here.\n\nRun the Visual Studio "
        "installer and tick the C++ workload, then let me know and I'll retry the build.",
        # a run the agent says it cannot do where it runs, handed over (sites.toml [next-step] blocked)
        "The kernel is in and the CPU tests pass. The GPU tests can't run here: this box has no CUDA device.\n\nRun "
        "`pytest -m gpu` on a machine with a GPU to exercise the kernel.",
        "The package is built at `dist/app.dmg`. I cannot install macOS disk images in this container.\n\nInstall it "
        "on your Mac and check that the app opens.",
    ],
)
def test_an_act_on_the_persons_side_passes(text: str) -> None:
    assert verdict_rule_reason(text)[:2] == ("clear", None)


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        # 'on your side' / 'on your end' / 'for you' with a project command: the agent's own check
        ("The parser is tidied.\n\nCould you:\n- Run `cargo test` on your end to confirm it passes\n- Verify `cargo "
         "clippy --all-targets` is clean on your side", "work-list", ["`cargo clippy --all-targets` is clean on your "
                                                                      "side"]),
        ("Run `make test` on your end and tell me what fails so I can fix it.", "turn-taking",
         ["tells the reader to 'run", "work the agent could do"]),
        ("Could you run `cargo clippy` on your side and paste the warnings?", "turn-taking",
         ["tells the reader to 'run", "work the agent could do"]),
        ("Please run `make test` for you and paste what it prints so I can fix the rest.", "turn-taking",
         ["work the agent could do"]),
        ("Could you paste the output of `git status` on your end so I can check the ignores?", "turn-taking",
         ["'output'", "the agent could produce itself"]),
        ("Give me the go-ahead once you've run `make test` on your side and I'll ship it.", "word-before-act", []),
        ("If you want me to retry, run `npm test` on your side and I'll fix the rest.", "want-me-to",
         ["proposes to act"]),
        ("Do you approve the refactor on your end?", "approval-question", ["asks the reader to approve"]),
        # the same run handed over with no block reported
        ("The kernel is in and the CPU tests pass.\n\nRun `pytest -m gpu` to exercise the kernel and tell me what "
         "fails.", "turn-taking", ["work the agent could do"]),
        # the agent's own act in a purpose clause still asks leave when the reader is asked for nothing of theirs
        ("Could you add a retry so I can test it?", "turn-taking", ["tells the reader to 'add", "agent could do"]),
    ],
)  # fmt: skip
def test_a_project_command_on_your_side_still_fires(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


def test_the_reading_is_one_function_in_a_leaf_module() -> None:
    """The hand-over rows and the rows that could not import closing_handovers read the same function."""
    assert closing_handovers.environment_word is persons_side.environment_word
    assert not any(name.startswith("analyzer.grammar.closing") for name in _imports(persons_side))


def _imports(module: object) -> set[str]:
    """The modules a module's source imports from."""
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(module))  # type: ignore[arg-type]
    return {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
