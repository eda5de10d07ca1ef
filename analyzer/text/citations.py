"""A parenthetical citation of a decision already taken (docs/DESIGN.md#carve-outs, revision 2): "Kept the old schema
(your call, 3 March)", "(your call in #812)", "(your call on Tuesday's sync)". The parentheses hold the
phrase and what dates or places the decision — a report of a decision taken, not a hand-over."""

from __future__ import annotations

import re

from analyzer.lexicon import Lexicon

_WORD = re.compile(r"[\w'’:-]+")
# A ticket or change reference: '#812', 'PR #812', 'OPS-41'; an ISO date or a clock time.
_REFERENCE = re.compile(r"#\d+|\b[A-Z][A-Z0-9]+-\d+\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}:\d{2}Z?\b|\b\d{1,2}/\d{1,2}\b")
# Prepositions that place a cited decision: 'in the standup', 'on the thread', 'at the sync'.
_PLACING = frozenset({"in", "on", "at", "during", "from", "via", "per"})
# Prepositions that make a ticket the phrase's object, not where the decision was taken.
_OBJECT_PREPOSITIONS = frozenset({"on", "about", "for", "re", "regarding", "over", "concerning"})
# The most a citation's parentheses hold.
_MAX_INSIDE = 120


def dated_citation(view: str, start: int, end: int, lexicon: Lexicon) -> str | None:
    """The phrase sits in parentheses with a date, a ticket or the place the
    decision was taken, and nothing else that hands something over. Returns the reason, or None."""
    line_start = view.rfind("\n", 0, start) + 1
    line_end = view.find("\n", end)
    line_end = len(view) if line_end == -1 else line_end
    opening = view.rfind("(", line_start, start)
    closing = view.find(")", end, line_end)
    if opening == -1 or closing == -1 or ")" in view[opening:start] or "(" in view[end:closing]:
        return None
    inside = view[opening + 1 : start] + " " + view[end:closing]
    if len(inside) > _MAX_INSIDE or view[opening + 1 : start].strip(" ,;"):
        return None  # the phrase opens its parentheses: '(CI green, your call)' is a comment, not a citation
    words = [w.lower().replace("’", "'").removesuffix("'s") for w in _WORD.findall(inside)]
    dated = _cites_reference(inside) or any(w in lexicon.citation_dates for w in words)
    placed = any(w in lexicon.citation_places and k > 0 and _placed(words, k) for k, w in enumerate(words))
    if not dated and not placed:
        return None
    cited = view[opening : closing + 1].strip()
    return f"'{cited}' cites a decision already taken, with its date, ticket or place"


def _cites_reference(inside: str) -> bool:
    """A date, time or ticket that places the decision — not a ticket that is the phrase's object
    ('(your call on #812)' asks about #812)."""
    for match in _REFERENCE.finditer(inside):
        before = _WORD.findall(inside[: match.start()])
        if not before or before[-1].lower() not in _OBJECT_PREPOSITIONS:
            return True
    return False


def _placed(words: list[str], k: int) -> bool:
    """A place word with a placing preposition before it, at most two words back ('in the standup')."""
    return any(words[j] in _PLACING for j in range(max(0, k - 3), k))
