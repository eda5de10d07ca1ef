"""Where a closing question may be — without spaCy (SPEC §2.1, revision 3: the closing question).

A closing question is an interrogative in the closing part of the message (§2.7's closing part, carve-outs
removed) addressed to the reader. This module finds the sentences of the closing part that may be one, from
their punctuation and a few structural words: a sentence that ends with a question mark outside quotation
marks; a conditional on the reader's preference or wish ("I can inline it if you wish."); a request that
embeds the reader's wish for the agent's action ("Tell me which … you want me to quarantine."). The rules
of analyzer.grammar.closing_questions parse only these, so a stop whose closing part asks nothing never
imports spaCy for them; analyzer.api.may_ask reads this module only for a text with a character or word
every such sentence holds.
"""

from __future__ import annotations

import re
from functools import lru_cache

from analyzer.text.closing import closing_part
from lanegate_common.frozen import frozen

# Closing emphasis, brackets and quote marks after a sentence's last word: "**Sound good?**", "(Want one?)".
_TRAILING = " \t*_)]\"'”’"
# The marks that end a sentence: what trailing symbols are stripped back to.
_SENTENCE_MARKS = ".?!"
# A condition on the reader's preference or wish: "if you prefer", "should you wish", "if you'd prefer".
_CONDITION = re.compile(r"\b(?:if|unless|should)\s+you(?:['’]d|\s+would)?\s+(?:prefer|wish)\b", re.IGNORECASE)
# A request that embeds the reader's wish for the agent's action: "tell me which … you want me to …".
_REQUEST = re.compile(
    r"^(?:please\s+)?(?:tell\s+me|let\s+me\s+know|show\s+me)\s+(?:which|what)\b.*\byou(?:['’]d|\s+would)?\s+"
    r"(?:want|like|prefer|need)\s+(?:me|us)\s+to\b",
    re.IGNORECASE | re.DOTALL,
)
# Bounds on what the rules parse (SPEC §2.6: bounded cost): a closing question is a short sentence, so a longer
# one is no site; and only the last sites of the closing part are judged.
MAX_QUESTION_CHARS = 400
MAX_SITES = 4
# The ways a site asks: a question, a condition on the reader's wish, a request embedding it.
QUESTION, CONDITION, REQUEST = "question", "condition", "request"


@frozen
class QuestionSite:
    """A sentence of the closing part that may be a closing question: [start, end) in the text, how it
    asks, whether its question mark stands inside quotation marks, and the agent's next sentence in the
    closing part (lower-cased, empty when the question ends the message): what answers it, if anything."""

    start: int
    end: int
    sentence: str  # as the parser reads it: carve-outs blanked (inline code as placeholder letters)
    kind: str
    quoted: bool
    following: str


@lru_cache(maxsize=2)
def question_sites(text: str) -> tuple[QuestionSite, ...]:
    """The sentences of the closing part that may be a closing question, in text order, the last MAX_SITES of
    them no longer than MAX_QUESTION_CHARS (kept for the last texts: the hook's pre-filter and the analyzer
    that follows it read the closing part once)."""
    closing = closing_part(text)
    view = closing.view
    sentences = closing.sentences
    sites = []
    for k, sentence in enumerate(sentences):
        written = view[sentence.start : sentence.end]
        if len(written) > MAX_QUESTION_CHARS:
            continue
        toned = written.rstrip(_TRAILING)
        bare = _without_trailing_symbols(toned)
        kind = _kind(bare)
        if kind is None:
            continue
        if bare != toned:  # the parser reads the question without the emoji after it
            written = written[: len(bare)]
        mark = sentence.start + len(bare) - 1
        quoted = kind == QUESTION and any(q_start <= mark < q_end for q_start, q_end in closing.quoted)
        following = ""
        if k + 1 < len(sentences):
            after = sentences[k + 1]
            following = view[after.start : after.end].strip().lower().replace("’", "'")
        sites.append(QuestionSite(sentence.start, sentence.start + len(written), written, kind, quoted, following))
    return tuple(sites[-MAX_SITES:])


def _without_trailing_symbols(sentence: str) -> str:
    """The sentence without the emoji, emoticon or symbols written after its last mark ("Sound good? 🙂",
    "Thoughts? :)", "Ready? ✅"): they add a tone, not words, so a question stays a question (SPEC §7.4)."""
    end = len(sentence)
    while end > 0 and not sentence[end - 1].isalnum() and sentence[end - 1] not in _SENTENCE_MARKS:
        end -= 1
    return sentence[:end].rstrip(_TRAILING) if end < len(sentence) else sentence


def _kind(sentence: str) -> str | None:
    if sentence.endswith("?"):
        return QUESTION
    if _CONDITION.search(sentence):
        return CONDITION
    if _REQUEST.search(sentence):
        return REQUEST
    return None
