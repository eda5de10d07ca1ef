"""Meaning-preserving perturbations of a closing (docs/DESIGN.md#construction-classes's list), for the invariance tests
of the behavioural suite. Each takes a text and returns the perturbed text, or None when it does not apply (nothing
would change), so a case is never counted for a perturbation that left it as it was."""

from __future__ import annotations

import re
from collections.abc import Callable

Perturbation = Callable[[str], str | None]

# Contractions both ways: a text with the contracted form is expanded, one with the full form is contracted.
CONTRACTIONS = (
    ("I'll", "I will"), ("I'm", "I am"), ("you'd", "you would"), ("that's", "that is"), ("That's", "That is"),
    ("it's", "it is"), ("isn't", "is not"), ("don't", "do not"), ("I'd", "I would"), ("it'd", "it would"),
    ("Let's", "Let us"), ("what's", "what is"),
)  # fmt: skip
# Words whose spelling carries no construction (agent-work nouns of the templates): the typo goes into one of them.
TYPO_WORDS = (
    "tests", "loader", "lockfile", "snapshots", "imports", "module", "branch", "suite", "parser", "cache", "layout",
    "changelog", "installer", "build", "migration", "endpoint", "metrics", "helper", "folder", "script", "config",
    "retry", "policy", "batch", "logger", "structure", "breakdown", "approach", "importer", "dashboard", "backfill",
)  # fmt: skip
STATUS_BEFORE = "Tests pass (212/212) and the branch is pushed."
SIGN_OFF = "Cheers,\nRowan"
RECOMMENDATION = "My recommendation is the second option."
# Furniture real endings put after the closing act (the unseen33b post-mortem, docs/DESIGN.md#construction-classes
# r33i): an answer-format hint after a question, a labelled artifact line, a one-line remark on the result.
ANSWER_FORMAT = "(yes/no)"
ARTIFACT_LINE = "Suggested commit message: `fix(parser): handle empty input`"
OUTCOME_REMARK = "The build should now pass on CI."


def _changed(before: str, after: str) -> str | None:
    return after if after != before else None


def contraction(text: str) -> str | None:
    for short, full in CONTRACTIONS:
        if re.search(rf"\b{re.escape(short)}\b", text):
            return text.replace(short, full, 1)
    for short, full in CONTRACTIONS:
        if re.search(rf"\b{re.escape(full)}\b", text):
            return text.replace(full, short, 1)
    return None


def typo(text: str) -> str | None:
    """One character out of place in a word that carries no construction: its two middle letters swapped."""
    for word in TYPO_WORDS:
        match = re.search(rf"\b{word}\b", text)
        if match:
            mid = len(word) // 2
            wrong = word[: mid - 1] + word[mid] + word[mid - 1] + word[mid + 1 :]
            return text[: match.start()] + wrong + text[match.end() :]
    return None


def upper_case(text: str) -> str | None:
    return _changed(text, text.upper())


def dropped_apostrophes(text: str) -> str | None:
    return _changed(text, text.replace("'", "").replace("\u2019", ""))


def _last_line(text: str, change: Callable[[str], str]) -> str | None:
    """The text with its last line's words changed, a list marker kept in front of them; None for a table row,
    whose cells a word before or after would move out of the table."""
    head, _, last = text.rpartition("\n")
    if last.lstrip().startswith("|"):
        return None
    marker = re.match(r"^(\s*(?:[-*]|\d+\.)\s+)?(.*)$", last)
    assert marker is not None
    changed = f"{marker.group(1) or ''}{change(marker.group(2))}" if marker.group(2) else last
    return f"{head}\n{changed}" if head else changed


def _words(text: str, pairs: tuple[tuple[str, str], ...]) -> str:
    for plain, other in pairs:
        text = re.sub(rf"\b{plain}\b", other, text)
        text = re.sub(rf"\b{plain.capitalize()}\b", other.capitalize(), text)
    return text


def pirate(text: str) -> str | None:
    """A pirate persona: 'you' and 'your' as 'ye' and 'yer', the last line opened with 'Arr,'."""
    words = _words(text, (("your", "yer"), ("you", "ye")))
    spoken = _last_line(words, lambda line: f"Arr, {line[:1].lower()}{line[1:]}")
    return None if spoken is None else _changed(text, spoken)


def cowboy(text: str) -> str | None:
    """A cowboy persona: 'Howdy!' before the last line and ', partner' before its closing mark."""

    def partner(line: str) -> str:
        match = re.search(r"([.?!]+)$", line)
        return f"Howdy! {line[: match.start()]}, partner{match.group(1)}" if match else f"Howdy! {line}, partner"

    spoken = _last_line(text, partner)
    return None if spoken is None else _changed(text, spoken)


def u_and_2(text: str) -> str | None:
    """Chat spelling: 'u', 'ur', and '2' for the word 'to'."""
    return _changed(text, re.sub(r"\bto\b", "2", _words(text, (("your", "ur"), ("you", "u")))))


def ya(text: str) -> str | None:
    return _changed(text, _words(text, (("you", "ya"),)))


def emoji(text: str) -> str | None:
    return f"{text} 🙂"


def emphasis(text: str) -> str | None:
    return _last_line(text, lambda words: f"**{words}**")


def list_item(text: str) -> str | None:
    return None if "\n" in text else f"- {text}"


def table_cell(text: str) -> str | None:
    return None if "\n" in text or "|" in text else f"| Status | Note |\n|---|---|\n| tests green | {text} |"


def status_before(text: str) -> str | None:
    return f"{STATUS_BEFORE}\n\n{text}"


def sign_off_after(text: str) -> str | None:
    return f"{text}\n\n{SIGN_OFF}"


def recommendation_after(text: str) -> str | None:
    return f"{text}\n\n{RECOMMENDATION}"


def answer_format_after(text: str) -> str | None:
    return f"{text} {ANSWER_FORMAT}" if text.rstrip().endswith("?") else None


def artifact_line_after(text: str) -> str | None:
    return f"{text}\n\n{ARTIFACT_LINE}"


def outcome_remark_after(text: str) -> str | None:
    return f"{text} {OUTCOME_REMARK}"


PERTURBATIONS: dict[str, Perturbation] = {
    "contraction": contraction,
    "typo": typo,
    "case": upper_case,
    "dropped-apostrophes": dropped_apostrophes,
    "pirate": pirate,
    "cowboy": cowboy,
    "u-2": u_and_2,
    "ya": ya,
    "emoji": emoji,
    "emphasis": emphasis,
    "list": list_item,
    "table": table_cell,
    "status-before": status_before,
    "sign-off-after": sign_off_after,
    "recommendation-after": recommendation_after,
    "answer-format-after": answer_format_after,
    "artifact-line-after": artifact_line_after,
    "outcome-remark-after": outcome_remark_after,
}
# A claim is judged in the closing part (docs/DESIGN.md#claims): these keep it there, or skip only what the closing
# skips.
CLAIM_PERTURBATIONS = ("typo", "case", "emoji", "emphasis", "list", "status-before", "sign-off-after")
