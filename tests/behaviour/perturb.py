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
# Surface variation of the closing act itself, counted in real endings (unseen33, unseen33b, unseen31b; 626 endings,
# docs/FIELD.md session 9): inline code on the last line 268, a list item last 83, a code block in the last three
# paragraphs with prose after it 71, bold on the last line 66, a heading in the last four lines 48, an emoji on the
# last line 36, a label before the act ("Next:", "Next steps:") 28, a remark after the closing question on its line
# 10, a discourse marker opening the last paragraph 10.
LIST_BEFORE = "Done so far:\n\n1. Fixed the date parsing.\n2. Added two regression tests."
NEXT_HEADING = "### Next steps"
CODE_BEFORE = "The change:\n\n```python\nreturn cache.get(key, default)\n```"
SAME_LINE_REMARK = "Happy either way."
EMOJI_LINE = "Happy coding! 🚀"
DISCOURSE_MARKERS = ("OK so —", "Alright,")
# The reader in the third person: "you" with the verb it agrees with, then the rest (a closed class of the templates'
# verbs after a subject "you" that opens a clause; longer first; matched without case, the first letter kept).
THIRD_PERSON = (
    (r"\bdo you\b", "does the user"), (r"\bare you\b", "is the user"), (r"\bhave you\b", "has the user"),
    (r"\byou're\b", "the user is"), (r"\byou've\b", "the user has"), (r"\byou'd\b", "the user would"),
    (r"\byou'll\b", "the user will"), (r"\byou are\b", "the user is"), (r"\byou have\b", "the user has"),
    (r"\b(if|when|whenever|once|unless|until|whether|whatever|whichever|what|which|how|before|after) you "
     r"(?!(?:can|could|will|would|should|shall|may|might|must|did|had|were|ever|already|still|just)\b)([a-z]+?)(s|sh|ch|x)?\b",
     r"\1 the user \2\3{es}"),
    (r"\byours\b", "the user's"), (r"\byour\b", "the user's"), (r"\byourself\b", "themselves"),
    (r"\byou\b", "the user"),
)  # fmt: skip


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


def _sentences(line: str) -> tuple[str, str]:
    """A line split before its last sentence (a sentence ends in . ? or ! and a blank); ("", line) for one sentence."""
    cut = [m.end() for m in re.finditer(r"[.?!]\s+(?=\S)", line)]
    return (line[: cut[-1]], line[cut[-1] :]) if cut else ("", line)


def _marked(line: str) -> tuple[str, str]:
    """A line's list marker (with its blank) and its words."""
    match = re.match(r"^(\s*(?:[-*]|\d+\.)\s+)?(.*)$", line)
    assert match is not None
    return match.group(1) or "", match.group(2)


def bold_closing_sentence(text: str) -> str | None:
    """The last sentence in bold, the words before it on its line left plain (the real shape: '**Want me to …?**')."""

    def bold(words: str) -> str:
        before, last = _sentences(words)
        return f"{before}**{last}**" if last and "**" not in last else words

    return _changed(text, _last_line(text, bold) or text)


def _inline(text: str, mark: str) -> str | None:
    for word in TYPO_WORDS:
        match = re.search(rf"\b{word}\b", text)
        if match and "`" not in text and "*" not in text:
            return text[: match.start()] + f"{mark}{word}{mark}" + text[match.end() :]
    return None


def bold_object(text: str) -> str | None:
    """An agent-work noun of the act in bold ('Want me to add the **tests**?')."""
    return _inline(text, "**")


def code_object(text: str) -> str | None:
    """An agent-work noun of the act in inline code ('Want me to add the `tests`?')."""
    return _inline(text, "`")


def italic_closing(text: str) -> str | None:
    return _changed(text, _last_line(text, lambda words: f"_{words}_" if "_" not in words else words) or text)


def _act_paragraph(text: str) -> tuple[str, str, str]:
    """The text split around its closing paragraph: (before, closing, after), `after` being a sign-off paragraph
    ('Cheers,\nRowan') that follows it, or ''."""
    head, _, last = text.rpartition("\n\n")
    if head and re.fullmatch(r"\w+,\n\w+", last):
        before, _, closing = head.rpartition("\n\n")
        return before, closing, f"\n\n{last}"
    return head, last, ""


def numbered_last_item(text: str) -> str | None:
    """The closing paragraph as the last item of a numbered list of work done."""
    head, last, after = _act_paragraph(text)
    if "\n" in last or last.lstrip().startswith(("|", "-", "*", "1.")):
        return None
    return f"{head}\n\n" * bool(head) + f"{LIST_BEFORE}\n3. {last}{after}"


def next_steps_heading(text: str) -> str | None:
    """The closing paragraph under a '### Next steps' heading, a status paragraph before."""
    head, last, after = _act_paragraph(text)
    return f"{head or STATUS_BEFORE}\n\n{NEXT_HEADING}\n\n{last}{after}"


def remark_same_line(text: str) -> str | None:
    """A remark that leaves the choice open, on the closing question's own line."""
    return f"{text} {SAME_LINE_REMARK}" if text.rstrip().endswith("?") else None


def label_before(text: str) -> str | None:
    """The closing paragraph opened by a 'Next:' label (a label in front of the act's own words)."""
    head, last, after = _act_paragraph(text)
    if "\n" in last:
        return None
    marker, words = _marked(last)
    if not words or words.startswith(("|", "Next")) or marker or ":" in " ".join(words.split()[:2]):
        return None  # a line that has a label of its own ('Pending: your word …') takes no second one
    return f"{head}\n\n" * bool(head) + f"Next: {words}{after}"


def code_block_before(text: str) -> str | None:
    """A code block between the status and the closing paragraph."""
    head, last, after = _act_paragraph(text)
    return f"{head}\n\n" * bool(head) + f"{CODE_BEFORE}\n\n{last}{after}"


def third_person_reader(text: str) -> str | None:
    """The reader named 'the user' (Codex's habit), the verb agreeing."""
    changed = text
    for pattern, replacement in THIRD_PERSON:
        changed = re.sub(pattern, lambda m, r=replacement: _same_case(m.group(0), _agreeing(m, r)), changed, flags=re.I)
    changed = re.sub(r"(^|[.?!]\s+|\n(?:[-*] |\d+\. )?)the user", lambda m: f"{m.group(1)}The user", changed)
    return _changed(text, changed)


def _agreeing(match: re.Match[str], replacement: str) -> str:
    """The replacement with the verb's third-person ending: -es after a sibilant ('finishes'), -s otherwise."""
    if "{es}" not in replacement:
        return match.expand(replacement)
    return match.expand(replacement.replace("{es}", "es" if match.group(3) else "s"))


def _same_case(found: str, replacement: str) -> str:
    return replacement[:1].upper() + replacement[1:] if found[:1].isupper() else replacement


def emoji_line_after(text: str) -> str | None:
    return f"{text}\n\n{EMOJI_LINE}"


def discourse_marker(text: str) -> str | None:
    """'OK so —' or 'Alright,' opening the last paragraph (which of the two by the text's length, for variety)."""
    marker = DISCOURSE_MARKERS[len(text) % len(DISCOURSE_MARKERS)]
    head, last, after = _act_paragraph(text)
    if last.lstrip().startswith(("|", "-", "*", "#", ">")) or re.match(r"\d+\.", last) or "\n" in last:
        return None
    first = last[:1].lower() if not re.match(r"I\b|I'|[A-Z]{2}", last) else last[:1]
    return f"{head}\n\n" * bool(head) + f"{marker} {first}{last[1:]}{after}"


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
    "bold-closing-sentence": bold_closing_sentence,
    "bold-object": bold_object,
    "code-object": code_object,
    "italic-closing": italic_closing,
    "numbered-last-item": numbered_last_item,
    "next-steps-heading": next_steps_heading,
    "remark-same-line": remark_same_line,
    "label-before": label_before,
    "code-block-before": code_block_before,
    "third-person-reader": third_person_reader,
    "emoji-line-after": emoji_line_after,
    "discourse-marker": discourse_marker,
}
# A claim is judged in the closing part (docs/DESIGN.md#claims): these keep it there, or skip only what the closing
# skips.
CLAIM_PERTURBATIONS = ("typo", "case", "emoji", "emphasis", "list", "status-before", "sign-off-after")
