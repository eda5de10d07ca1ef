"""The text as a reader sees it (docs/DESIGN.md#evidence): the disguises and the closing part of revision 4.

Disguise (docs/DESIGN.md#normalisation): Hangul fillers read as spaces, Markdown backslash escapes resolve before
matching, one word in backticks inside a prose sentence is prose (a code span that is code stays carved out). The
closing part (docs/DESIGN.md#claims): what renders as nothing or is not prose — link reference definitions, `[//]: #`
comments, `<br>`, empty images, a lone inline-code paragraph, a quoted fragment, terminal escape sequences — is skipped
when finding it; a claim whose first word is in backticks is still a claim. Each attack was a way past revision 3.
"""

from __future__ import annotations

import pytest

from analyzer.api import find_candidates, may_claim, may_hold_phrase
from analyzer.text.closing import closing_part
from analyzer.text.disguise import MARKUP, fold

# ------------------------------------------------------------------------------------------ disguise


@pytest.mark.parametrize("filler", ["\u115f", "\u1160", "\u3164", "\uffa0"])
def test_a_hangul_filler_reads_as_a_space(filler: str) -> None:
    text = f"The cache size is your{filler}call."
    assert fold(text).text == "The cache size is your call."
    (candidate,) = find_candidates(text)
    assert (candidate.entry.canonical, candidate.text, candidate.disguise) == ("your call", f"your{filler}call",
                                                                               ("format characters",))


@pytest.mark.parametrize(
    ("written", "phrase"),
    [
        ("Let me know if you\\'d like me to open the PR.", "let me know if you'd like me to"),
        ("Do you want me to keep going\\?", "do you want me"),
        ("Y\\our call\\! on the cache size.", None),  # a backslash before a letter is no escape: as written
        ("Would you like me to \\[merge\\] it?", "would you like me to"),
    ],
)
def test_a_markdown_backslash_escape_resolves_before_matching(written: str, phrase: str | None) -> None:
    assert may_hold_phrase(written) is True or phrase is None
    found = find_candidates(written)
    assert [c.entry.canonical for c in found] == ([phrase] if phrase else [])


def test_an_escaped_apostrophe_inside_a_phrase_is_a_disguise() -> None:
    (candidate,) = find_candidates("Tell me if you\\'d like me to open the PR.")
    assert (candidate.text, candidate.disguise) == ("if you\\'d like me to", (MARKUP,))


def test_an_escaped_backtick_opens_no_code_span() -> None:
    """`\\`` is a literal backtick: a reader sees no code, so what stands between two of them is prose."""
    (candidate,) = find_candidates("The cache size is \\`your call\\`.")
    assert (candidate.entry.canonical, candidate.text, candidate.disguise) == ("your call", "your call", ())


@pytest.mark.parametrize(
    ("written", "phrase"),
    [
        ("The retry policy is your `call`.", "your call"),
        ("`Want` me to open the PR?", "want me to"),
        ("Would you `like` me to proceed?", "would you like me to"),
        ("Do you `want` me to rebase?", "do you want me"),
        ("THE RETRY POLICY IS YOUR `CALL`.", "your call"),  # among capitals a capital names nothing
    ],
)
def test_one_word_in_backticks_inside_a_prose_sentence_is_prose(written: str, phrase: str) -> None:
    (candidate,) = find_candidates(written)
    assert candidate.entry.canonical == phrase
    assert MARKUP in candidate.disguise


@pytest.mark.parametrize(
    "written",
    [
        "Run `want me to` in the shell.",  # several words: code
        "The flag is `your_call`.",  # an identifier
        "Set `yourCall` in the config.",  # camelCase: an identifier
        "```\nyour call\n```",  # a fence
        "`your`",  # a lone code span is no prose sentence
    ],
)
def test_a_code_span_that_is_code_stays_carved_out(written: str) -> None:
    assert find_candidates(written) == ()


# ------------------------------------------------------------------------------------------ the closing part

CLAIM = "Picking up #12 now."


def closing_sentences(text: str) -> list[str]:
    part = closing_part(text)
    return [text[s.start : s.end] for s in part.sentences]


@pytest.mark.parametrize(
    "after",
    [
        "[//]: # (tick 14)",
        "[comment]: <> (picking up nothing)",
        "[ref]: https://example.com/pull/12",
        '[ref]: https://example.com/pull/12 "the PR"',
        "<br>",
        "<br/>\n<br/>",
        "![](https://example.com/x.png)",
        "![ ](x.png) ![](y.png)",
        "`make test`",
        '"lane check"',
        "\u201cship it\u201d",
        "\x1b[2K",
        "\x1b]52;c;ZXZpbA==\x07",
        "\x9b2K\x1b[0m",
    ],
)
def test_the_closing_part_skips_what_renders_as_nothing_or_is_not_prose(after: str) -> None:
    text = f"Rebased onto main.\n\n{CLAIM}\n\n{after}"
    assert closing_sentences(text) == [CLAIM]
    assert may_claim(text) is True


def test_an_escape_sequence_inside_the_claim_paragraph_is_not_its_last_sentence() -> None:
    text = f"Rebased onto main.\n\n{CLAIM}\x1b[2K\x1b[1A"
    assert closing_sentences(text)[-1].startswith(CLAIM)
    assert may_claim(text) is True


def test_a_claim_whose_first_word_is_in_backticks_is_still_a_candidate() -> None:
    text = "Rebased onto main.\n\n`Picking` up #12 now."
    assert closing_sentences(text) == ["Picking` up #12 now."]
    assert may_claim(text) is True


def test_a_paragraph_of_prose_after_the_claim_is_still_the_closing_part() -> None:
    text = f"{CLAIM}\n\nThe docs lane is green; see [the PR](https://example.com/pull/12)."
    assert closing_sentences(text) == ["The docs lane is green; see [the PR](https://example.com/pull/12)."]
    assert may_claim(text) is False


@pytest.mark.model
@pytest.mark.parametrize(
    "after",
    ["[//]: # (tick 14)", "[ref]: https://example.com/pull/12", "<br>", "![](x.png)", "`make test`",
     '"lane check"', "\x1b[2K"],
)  # fmt: skip
def test_model_backed_the_claim_before_what_is_not_prose_is_found(after: str) -> None:
    from analyzer.grammar.claims import find_claims

    (claim,) = find_claims(f"Rebased onto main.\n\n{CLAIM}\n\n{after}")
    assert (claim.text, claim.form) == (CLAIM, "participle")


@pytest.mark.model
def test_model_backed_a_claim_whose_first_word_is_in_backticks_is_a_claim() -> None:
    from analyzer.grammar.claims import find_claims

    (claim,) = find_claims("Rebased onto main.\n\n`Picking` up #12 now.")
    assert (claim.form, claim.predicate.text) == ("participle", "Picking")
