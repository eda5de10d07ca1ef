"""r37h (docs/DESIGN.md#construction-classes, rule `open-fence-tail`): a fence that never closes does not switch the
analyzer off for the rest of the message. The run of prose lines that ends the message after it — paragraphs whose
lines are words, not code, the last a sentence ending in '?', '.', '!' or ':' — is what a reader reads as the agent's
own words: the block closes before it. Code after the fence (a comment, a string literal, a heredoc, a statement) keeps
the block running to the end and stays silent."""

from __future__ import annotations

import pytest

from analyzer.text.carveouts import build_views
from tests.judging import assert_judged, verdict_rule_reason

HELPER = "Here is the helper:\n\n```python\ndef retry(job):\n    return job.run()\n"


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        (HELPER + "\nWould you like me to add tests for it?", "offer", ["'would you like me to'"]),
        (HELPER + "Would you like me to add tests for it?", "offer", ["'would you like me to'"]),
        ("Fixed the loader.\n```ts\nexport const load = () => read(path);\n\nShould I also wire it into the CLI?",
         "permission-question", ["asks leave for", "wire it into the CLI"]),
        (HELPER + "\nThe retry helper is in place.\n\nWant me to add tests for it?", "want-me-to", ["'want me to'"]),
    ],
)  # fmt: skip
def test_a_question_after_an_unclosed_fence_is_read(text: str, rule: str, words: list[str]) -> None:
    assert_judged(text, "fire", rule, words)


@pytest.mark.parametrize(
    "text",
    [
        "```python\ndef retry(job):\n    # Would you like me to add tests?\n    return job.run()\n",
        "```python\ndef retry(job):\n    return job.run()\n# Would you like me to add tests?",
        "```python\nprint('Would you like me to add tests?')",
        'Here:\n```python\nprompt = "Would you like me to add tests?"',
        "```js\n// Shall I add tests for this?",
        "```bash\ncat <<EOF\nWould you like me to add tests?\nEOF",
        "```js\n/**\n * Would you like me to add tests?\n */",
        "```python\ndef ask():\n    Would you like me to add tests?",
        HELPER + "\nThe helper now retries three times.",
    ],
)
def test_code_after_an_unclosed_fence_stays_silent(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")


def test_the_block_closes_before_the_prose_tail() -> None:
    text = HELPER + "\nWould you like me to add tests for it?"
    fences = [r for r in build_views(text).regions if r.kind == "code-fence"]
    assert [(r.start, r.end) for r in fences] == [(len("Here is the helper:\n\n"), text.index("Would"))]


def test_a_lone_fence_with_only_prose_after_it_closes_a_block_cut_off_before_the_message() -> None:
    text = (
        "## Next steps\n1. Run the suite against Postgres\n2. Profile the export\n````\n\n"
        "The fixes are in. Would you like me to open the PR?"
    )
    fences = [r for r in build_views(text).regions if r.kind == "code-fence"]
    assert [(r.start, r.end) for r in fences] == [(0, text.index("````") + 4)]
    assert_judged(text, "fire", "offer", ["'would you like me to'"])
