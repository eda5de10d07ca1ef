"""The plain-line reading of hook.transcript.bash against the grammar's: a line without quoting,
expansion or operators is read without importing tree-sitter, and must be read exactly as the grammar
(and bash) reads it."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import example, given, settings
from hypothesis import strategies as st

from hook.transcript import bash
from tests.examples import examples

PLAIN = "abcgh prvw0129_./:,@%+=-"  # @, % and a leading = are left to the grammar
lines = st.lists(st.text(alphabet=PLAIN, min_size=1, max_size=12), min_size=1, max_size=6).map(" ".join)


def _grammar(command: str) -> bash.Script | None:
    bash.parse.cache_clear()
    words = bash.plain_words
    try:
        bash.plain_words = lambda _command: None  # type: ignore[assignment]
        return bash.parse(command)
    finally:
        bash.plain_words = words  # type: ignore[assignment]
        bash.parse.cache_clear()


@settings(max_examples=examples(300), deadline=None)
@example("1+:")  # the grammar reads it as no command (hypothesis found it)
@example("- 1=")  # so does this one (hypothesis found it too)
@given(lines)
def test_a_plain_line_reads_as_the_grammar_reads_it(command: str) -> None:
    if bash.plain_words(command) is None:
        return
    assert bash.parse(command) == _grammar(command)


def test_plain_lines_and_the_ones_that_need_the_grammar() -> None:
    assert bash.plain_words("gh pr view 12 --json state") == ("gh", "pr", "view", "12", "--json", "state")
    assert bash.plain_words("  gh pr create --title=fix\t") == ("gh", "pr", "create", "--title=fix")
    for needs_grammar in ("A=1 gh pr create", "time gh pr create", "gh pr create # x", "gh pr create; echo",
                          "gh pr create $'x'", "gh 'pr' create", "gh pr create\necho", "gh pr create *",
                          "~/bin/gh pr create", "gh pr create {a,b}", "gh pr create \\\n --fill", "",
                          "1+: gh pr create", "- 1="):
        assert (needs_grammar, bash.plain_words(needs_grammar)) == (needs_grammar, None)


def test_reading_a_plain_gh_line_imports_no_tree_sitter() -> None:
    code = ("import sys; from hook.transcript.bash import parse; s = parse('gh pr view 12'); "
            "print(s.standalone, s.commands[0].words, 'tree_sitter' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "True ('gh', 'pr', 'view', '12') False"
