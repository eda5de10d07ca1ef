"""Where a closing question may be — without spaCy (docs/DESIGN.md#phrase-families, revision 3: the closing question;
docs/DESIGN.md#construction-classes).

A closing question is an interrogative in the closing part of the message (docs/DESIGN.md#claims's closing part,
carve-outs removed) addressed to the reader. This module finds the sentences of the closing part that may be one, from
their punctuation and a few structural words: a sentence that ends with a question mark outside quotation
marks; a conditional on the reader's preference, wish, need or benefit ("I can inline it if you wish.",
"Happy to add a benchmark too, if useful."); a request that embeds the reader's wish for the agent's action
("Tell me which … you want me to quarantine."). Revision 4 (docs/DESIGN.md#construction-classes) hands the turn back in
more ways without a question mark, each found the same way: a condition on the reader's decision ("Once you pick a
layout, I'll build the page."), the open offer of help ("Let me know how I can help."), an instruction tied to a report
back or to the agent's next act ("Run it on your side and tell me what you see."), and a closing list of work
under a lead-in that names work to do ("Next steps:" + items). The words each reads are data (sites.toml).
The rules of analyzer.grammar.closing_questions parse only these, so a stop whose closing part asks nothing
never imports spaCy for them; analyzer.api.may_ask reads this module only for a text with a character or
word every such sentence holds.
"""

from __future__ import annotations

import os
import re
from bisect import bisect_left
from functools import cache, lru_cache

from analyzer.text import SITES_PATH, sites
from analyzer.text.closing import claim_vocabulary, closing_part, ends_pending, last_content_unit
from analyzer.text.units import answer_format, unit_starts
from lanegate_common.builtin_data import load_builtin
from lanegate_common.derived import derived
from lanegate_common.frozen import frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

# r29a: the persona's interjections and vocatives (analyzer/text/spelling.toml [persona]), left out when a sentence's
# kind is told ("Arr, these can be picked up as a follow-up.", "Howdy! …, partner.").
_SPELLING_PATH = os.path.join(os.path.dirname(__file__), "spelling.toml")
# Closing emphasis, brackets and quote marks after a sentence's last word: "**Sound good?**", "(Want one?)".
_TRAILING = " \t*_)]\"'”’"
# The marks that end a sentence: what trailing symbols are stripped back to.
_SENTENCE_MARKS = ".?!"
# A condition on the reader's preference or wish: "if you prefer", "should you wish", "if you'd prefer".
_CONDITION = re.compile(
    r"\b(?:if|unless|should)\s+you(?:['’]d|\s+would)?\s+(?:prefer|wish)\b|\bshould\s+you\s+(?:want|like)\b",
    re.IGNORECASE,
)
# A request that embeds the reader's wish for the agent's action: "tell me which … you want me to …".
_REQUEST = re.compile(
    r"^(?:please\s+)?(?:tell\s+me|let\s+me\s+know|show\s+me)\s+(?:which|what)\b.*\byou(?:['’]d|\s+would)?\s+"
    r"(?:want|like|prefer|need)\s+(?:me|us)\s+to\b",
    re.IGNORECASE | re.DOTALL,
)
# Issue 28: the reader's act as the condition of the agent's, tied to a report back ("Once you've run make lint and
# sent me the output, I'll fix …"): a turn site although it opens with no imperative.
_CONDITIONED = re.compile(r"[*_\s]*(?:once|when|after)\s+you\b", re.IGNORECASE)
# Bounds on what the rules parse (docs/DESIGN.md#normalisation: bounded cost): a closing question is a short sentence,
# so a longer one is no site; and only the last sites of the closing part are judged.
MAX_QUESTION_CHARS = 400
MAX_SITES = 4
# The ways a site asks: a question, a condition on the reader's wish, a request embedding it; and
# (docs/DESIGN.md#construction-classes) a condition on the reader's decision, the open offer of help, an instruction
# waiting on the reader, a closing list of work.
QUESTION, CONDITION, REQUEST = "question", "condition", "request"
DECISION, HELP, TURN, LIST = "decision", "help", "turn", "list"
# Issue 28: the agent's hold with the reader's word a few words after it, no lexicon phrase naming the bound
# ("Standing by for your direction on the cache work.").
WAIT = "wait"
# Issue 28: a request to reach the agent, or its availability, closed by a condition ("Holler if you want changes.").
CONTACT = "contact"
# Issue 28: the person's word or act before the agent's next act with no hold word ("Say if you want this committed.",
# "If you approve, I'll start with the logger."), and the agent's readiness aimed at the next stage ("Ready to move on
# to User Story 3 when you're ready!").
WORD, READY = "word", "ready"
# Issue 28 (r31a): the agent's next act made to wait on the reader's report — a condition or time in the same sentence
# as the agent's modal act or a request to report back ("If it still hangs, we'll inspect the token exchange.", "If you
# see new errors, paste them and I'll update the map."); its parts are the instructions before it that may have handed
# the reader the check ("Rebuild the UI container and try logging in again.").
REPORT = "report"
# r33h: the bonus offer with no condition and no question: the agent's modal of ability or willingness over more of its
# own work ("Can do the same for the admin views.", "Happy to profile the cold start as well.").
OFFER = "offer"
# r38c: work handed to the reader as advice, the reader the subject of a modal of possibility or advice over a verb of
# changing the code, no first person in the sentence ("As a follow-up, you could enable incremental builds.").
ADVISED = "advised"
# A list item's marker, with the checkbox of a task list ("- [ ] ", "1. ").
_ITEM = re.compile(r"[ \t]*(?:[-*+]|\d+[.)])[ \t]+(?:\[[ xX]\][ \t]+)?")
# A lead-in line: a heading, a line that is emphasis only ("**Next**"), or one ending with a colon.
_HEADING = re.compile(r"[ \t]*#{1,6}[ \t]+")
_EMPHASIS_ONLY = re.compile(r"[ \t]*(\*\*|__)[^*_\n]+\1[ \t]*:?[ \t]*\Z")
_ENDS_WITH_COLON = re.compile(r":[*_ \t]*\Z")
_LEAD_WORD = re.compile(r"[a-z][a-z'-]*")
_TABLE_ROW = re.compile(r"[ \t]*\|")
_TABLE_RULE = re.compile(r"[ \t]*\|?[ \t]*:?-{3,}")
# A line that opens a list item, and how far from the end a closing list's last item may start.
_ITEM_LINE = re.compile(r"^[ \t]*(?:[-*+]|\d+[.)])[ \t]+", re.MULTILINE)
_LIST_TAIL = 4_000


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
    # A closing list (kind LIST): each item's [start, end) in the text, its marker left out; the site spans the
    # lead-in and the items. r31a, a report site (kind REPORT): the sentences before it that may instruct the reader,
    # each parsed alone as an instruction.
    parts: tuple[tuple[int, int], ...] = ()


@lru_cache(maxsize=2)
def question_sites(text: str) -> tuple[QuestionSite, ...]:
    """The sentences of the closing part that may be a closing question, in text order, the last MAX_SITES of
    them no longer than MAX_QUESTION_CHARS (kept for the last texts: the hook's pre-filter and the analyzer
    that follows it read the closing part once). Issue 28: a closing table row's cells are its sentences, and a
    closing paragraph that only recommends one of the options leaves the paragraph before it in the closing part
    (what it recommends is still the reader's to take)."""
    text = _without_outcome_remark(text)
    closing = closing_part(text)
    view = closing.view
    spans = [(sentence.start, sentence.end) for sentence in closing.sentences] or _table_cells(view)
    if spans and all(_ENDS_WITH_COLON.search(view[a:b]) for a, b in spans):
        spans = _items_under(text, spans[-1][1]) or spans
    if spans and all(_recommends(view[a:b]) for a, b in spans):
        before = _paragraph_before(text, view, spans[0][0])
        spans = [*before, *spans]
    read = view  # the view the sites' sentences are read in: r38p joins a sentence a code block interrupted
    if spans:
        spans = [*_question_over_options(text, view, spans[0][0]), *spans]
        joined = _sentence_over_code(text, view, spans[0])
        if joined is not None:
            spans[0], read = joined
        else:
            spans = [*_advice_over_code(text, view, spans[0][0]), *spans]
    sites = []
    for k, (start, end) in enumerate(spans):
        written = read[start:end]
        if len(written if read is view else " ".join(written.split())) > MAX_QUESTION_CHARS:
            continue
        lined = _last_line_alone(written)
        if lined:  # r29d: lines with no marks between them ('Proper logging\nLet me know if this looks good!')
            start, written = start + lined, written[lined:]
        toned = written.rstrip(_TRAILING)
        bare = _without_trailing_symbols(toned)
        spliced = _spliced_question(bare)
        if spliced:
            start, written, toned, bare = start + spliced, written[spliced:], toned[spliced:], bare[spliced:]
        kind = _kind(bare if read is view else " ".join(bare.split()))
        if kind is None or (kind == READY and _next_stage_in_item(view, start, bare)):
            continue
        if kind == ADVISED and _in_item(view, start) and _kind(bare, directed=False) is None:
            continue  # r40a: an item or a table row that tells an act is the closing list's, no sentence of the close
        if kind == ADVISED and pending_note(text, view, start, start + len(written)):
            continue  # r42f: the message ends on a lead-in that introduces nothing ('Now rebuild and verify:'): its own
        if kind == HELP and _help_only_quoted(bare, start, closing.quoted):
            continue  # r36c: "… ends every reply with 'Anything else I can help with?'": the offer is reported
        if bare != toned:  # the parser reads the question without the emoji after it
            written = written[: len(bare)]
        mark = start + len(bare) - 1
        quoted = kind == QUESTION and any(q_start <= mark < q_end for q_start, q_end in closing.quoted)
        following = ""
        after = k + 1
        if after < len(spans) and answer_format(view[spans[after][0] : spans[after][1]]):
            after += 1  # r33i: '… anyway? (yes/no)': the answers offered are furniture of the question, no sentence
        while kind == QUESTION and after < len(spans) and _remark_after(view[spans[after][0] : spans[after][1]]):
            after += 1  # r35e: '… too? Happy either way.', '… help? The build should now pass on CI.': furniture
        if after < len(spans) and not _recommends(view[spans[after][0] : spans[after][1]]):
            # a recommendation after a question neither answers it nor makes it rhetorical: it is judged alone
            after_start, after_end = spans[after]
            following = view[after_start:after_end].strip().lower().replace("’", "'")
        parts = _instructions_before(text, view, spans, k) if kind == REPORT else ()
        if kind == REPORT and not parts and not _reads_reader(_plain(bare)):
            continue  # 'If the tests pass, I'll commit.': no instruction before it, no reader in it
        if kind == OFFER and (_patterns().capability.search(text, 0, start) or _patterns().self_described.search(
            text, 0, start + len(written))):
            continue  # r33h: one more line of the agent's description of itself ('I can read files … I can also …')
        sites.append(QuestionSite(start, start + len(written), written, kind, quoted, following, parts))
    listed = (
        closing_list(text, view)
        or closing_table(view)
        or _next_step_over(closing_next_step(text, view), sites, view)
        or closing_options(text, view)
        or closing_reply(text, view)
    )
    if listed is not None:
        sites = [s for s in sites if s.end <= listed.start or s.start >= listed.end]
        sites.append(listed)
    return tuple(sites[-MAX_SITES:])


def _in_item(view: str, start: int) -> bool:
    """r40a: the sentence stands on a line of a list item or a table row."""
    line = view[view.rfind("\n", 0, start) + 1 : start + 1]
    return bool(_ITEM.match(line) or _TABLE_ROW.match(line))


def _next_step_over(step: QuestionSite | None, sites: list[QuestionSite], view: str) -> QuestionSite | None:
    """r35e (docs/DESIGN.md#construction-classes): a heading or label line naming the next step ('### Next steps') over
    a paragraph that is a closing act of its own (a question, a wait, a conditional offer: a site of its sentences)
    leaves that act to be judged as written; the paragraph is a next step handed over only when no sentence of it is
    a site. A label inline on the paragraph's own line ('Next step: run …') is read as before."""
    if step is None or not step.parts or "\n" not in view[step.start : step.parts[0][0]]:
        return step
    first, end = step.parts[0][0], step.parts[-1][1]
    # r40a: a project act told to the reader is the next step itself, no closing act of its own
    acts = [site for site in sites if first <= site.start < end and _kind(site.sentence, directed=False) is not None]
    return None if acts else step


def _help_only_quoted(sentence: str, start: int, quoted: tuple[tuple[int, int], ...]) -> bool:
    """r36c: every offer of help the sentence holds lies inside a quotation (the carve-outs' spans): reported, no
    site."""
    found = list(_patterns().help.finditer(sentence))
    return bool(found) and all(
        any(q_start <= start + m.start() < q_end for q_start, q_end in quoted) or _opens_quote(sentence[: m.start()])
        for m in found
    )


_SINGLE_OPENS = re.compile(r"(?:^|(?<=[\s(]))['‘]")
_SINGLE_CLOSES = re.compile(r"(?<=[^\s(])['’](?=[\s.,;:!?)]|$)")


def _opens_quote(before: str) -> bool:
    """r36c: the words before leave a quotation open — a curly or single opening mark not yet closed, or an odd number
    of straight double quotes (a sentence of the paragraph before the closing part, whose quotations the closing part's
    carve-outs do not list)."""
    if before.count("“") > before.count("”") or before.count('"') % 2 == 1:
        return True
    return len(_SINGLE_OPENS.findall(before)) > len(_SINGLE_CLOSES.findall(before))


def _without_outcome_remark(text: str) -> str:
    """r33i (docs/DESIGN.md#construction-classes): a closing remark on the result after the closing act — one paragraph
    of one sentence, third person, the expectation 'should' of the state the work brings about, no question and no
    condition ('The Vision GUI should now load images without errors.'; _predicts) — is furniture: the text before it
    is read for the closing act, as if it ended there. Claims are not read this way (a remark after an announcement is
    the claims' own business). A remark that is a list item stays (the list's _past_trailer reads that)."""
    closing = closing_part(text)
    if len(closing.sentences) != 1:
        return text
    sentence = closing.sentences[0]
    line_start = text.rfind("\n", 0, sentence.start) + 1
    written = closing.view[sentence.start : sentence.end]
    if "\n" in written.strip() or _ITEM.match(text, line_start) or not text[:line_start].strip():
        return text
    sentence_text = _without_trailing_symbols(written.rstrip(_TRAILING))
    if _patterns().next_stated.match(sentence_text):
        return text  # r38i: 'Next step should be a focused fix …': the next step stated, no outcome of the work
    expected = _PREDICTION.search(sentence_text)
    if expected is None or _CLAUSE_BREAK.search(sentence_text, 0, expected.start()) or not _predicts(sentence_text):
        return text  # 'Run `make` and it should build now.': the instruction is the act, its outcome joined to it
    return text[:line_start]


# r33i: a break between clauses before the remark's 'should' ('Run … and it should …'): the remark is then a clause
# joined to something else, not a sentence with the outcome as its subject
_CLAUSE_BREAK = re.compile(r"[,;:—–]|\s-\s|\b(?:and|then|so|but)\b", re.IGNORECASE)


def _next_stage_in_item(view: str, start: int, sentence: str) -> bool:
    """r33e: a 'next' label naming a stage of the plan inside a list item ('- Next: #4475, the eviction metrics, …') is
    a line of the list, which the closing list's rows read, not the close of the message."""
    patterns = _patterns()
    plain = _plain(sentence)
    if patterns.ready_next.search(plain) or patterns.ready_next.search(sentence):
        return False
    line = view[view.rfind("\n", 0, start) + 1 : start]
    return bool(_ITEM.match(line)) or bool(_ITEM.match(sentence))


def _items_under(text: str, lead_end: int) -> list[tuple[int, int]]:
    """Issue 28: a list under a lead-in line ('Summary:' + items) makes the lead-in the closing part of a claim
    (analyzer.text.closing, list-lead-in); a closing question is read in the list itself — the closing part of the
    text with the lead-in blanked (same offsets)."""
    rest = closing_part(" " * lead_end + text[lead_end:])
    return [(s.start, s.end) for s in rest.sentences if s.start >= lead_end]


def _table_cells(view: str) -> list[tuple[int, int]]:
    """A table row that closes the message: its cells, each a sentence of its own (docs/DESIGN.md#carve-outs: a cell is
    a unit)."""
    bounds, content = last_content_unit(view, unit_starts(view), claim_vocabulary())
    if bounds is None or not content or not _TABLE_ROW.match(view, bounds[0]):
        return []
    line_end = view.find("\n", bounds[0])
    line_end = bounds[1] if line_end == -1 else min(line_end, bounds[1])
    cells = []
    at = view.find("|", bounds[0]) + 1
    while 0 < at < line_end:
        bar = view.find("|", at, line_end)
        cell_end = line_end if bar == -1 else bar
        first = at + len(view[at:cell_end]) - len(view[at:cell_end].lstrip())
        last = first + len(view[first:cell_end].rstrip())
        if last > first and any(ch.isalpha() for ch in view[first:last]):
            cells.append((first, last))
        at = cell_end + 1 if bar != -1 else line_end
    return cells


def _recommends(sentence: str) -> bool:
    """The sentence only states the agent's pick among options ('My recommendation is the second option.')."""
    sentence = _plain(sentence)
    opening = " ".join(_LEAD_WORD.findall(sentence[:80].lower().replace("’", "'")))
    for hedge in _patterns().recommendation_hedges:  # r33a: 'For what it's worth, I'd lean towards …'
        if opening.startswith(hedge + " "):
            opening = opening[len(hedge) + 1 :]
            break
    return any(opening.startswith(r) for r in _patterns().recommendations)


def recommends(sentence: str) -> bool:
    """r31b: whether the sentence only states the agent's pick among options (for the work-list row)."""
    return _recommends(sentence)


def _picks(sentence: str) -> bool:
    """The sentence only asks the reader to pick from the list before it ('Let me know which.')."""
    sentence = _plain(sentence)
    opening = " ".join(_LEAD_WORD.findall(sentence[:60].lower().replace("’", "'")))
    return any(opening.startswith(p) for p in _patterns().picks)


def _hands_back(sentence: str) -> bool:
    """Issue 28 phase 4b: the sentence points back at the list before it and leaves its items to the reader as
    optional or later work ('Any of these can follow if desired.', 'These can be done as a follow-up.')."""
    sentence = _plain(sentence)
    return bool(_patterns().hand_back.search(sentence[:160]))


def _last_line_alone(written: str) -> int:
    """r29d: where the last line of a unit starts when the line before it ends with no sentence mark (notes pasted line
    by line) and the last line is a sentence of its own, opened by a capital and ended by a mark; 0 otherwise. The
    parser would read the lines as one sentence."""
    body = written.rstrip()
    cut = body.rfind("\n")
    if cut == -1:
        return 0
    last = body[cut + 1 :].strip()
    before = [line.strip() for line in body[:cut].split("\n") if line.strip()]
    if not last or not last[0].isupper() or last[-1] not in ".!?" or not before:
        return 0
    if before[-1][-1] in ".!?:;,":
        return 0
    return cut + 1 + (len(body[cut + 1 :]) - len(body[cut + 1 :].lstrip()))


def _question_over_options(text: str, view: str, start: int) -> list[tuple[int, int]]:
    """r29d: the closing part is the last item of a list of options whose lead-in line ends with a question ('Given we
    now have real data, which direction fits your intent best?' + '- A) …', '- B) …'): the question hands the
    options back, and is read as a closing question (its last sentence only); [] otherwise."""
    line = view.rfind("\n", 0, start) + 1
    if not _ITEM.match(view, line):
        return []
    while line > 0:
        previous = view.rfind("\n", 0, line - 1) + 1
        written = view[previous : line - 1]
        if written.strip() and not _ITEM.match(written) and not written[:1].isspace():
            break
        line = previous
    else:
        return []
    lead = view[previous : line - 1].rstrip()
    if not lead.endswith("?"):
        return []
    sentences = _paragraph_before(text, view, line)
    return sentences[-1:] if sentences and view[sentences[-1][0] : sentences[-1][1]].rstrip().endswith("?") else []


def _advice_over_code(text: str, view: str, start: int) -> list[tuple[int, int]]:
    """r38n (docs/DESIGN.md#construction-classes): the closing part follows a fenced code block that a sentence of
    advice introduces with a colon ('You could add a convenience property to `Car3`:' + the block + 'Then read it
    anywhere.'): the code is the advice's object, so the advice is read as a sentence of the closing part (its last
    sentence only, and only when it is an advice site); [] otherwise."""
    lead_end = len(view[:start].rstrip())
    fenced = "```" in text[lead_end:start] or "~~~" in text[lead_end:start]
    if lead_end == 0 or not fenced:
        return []
    sentences = _paragraph_before(text, view, lead_end)
    if not sentences:
        return []
    first, last = sentences[-1]
    written = view[first:last].rstrip()
    if not written.endswith(":") or _kind(_plain(written[:-1].rstrip())) != ADVISED:
        return []
    return [(first, last)]


def _sentence_over_code(text: str, view: str, first: tuple[int, int]) -> tuple[tuple[int, int], str] | None:
    """r38p (docs/DESIGN.md#construction-classes): the closing part opens in small letters right after a fenced code
    block that a sentence ending with a colon introduces ('If that is too noisy, you can either:' + the block + 'on only
    one wheel, or add a label to the output.'): the block interrupted one sentence, whose act may stand on either side
    of it, so the sentence is read whole — the lead-in's last sentence to the closing sentence's end, the colon and the
    blanked block read as blanks — when it is advice (an advised site). The joined span and the view it is read in
    (same offsets), or None."""
    start, end = first
    lead_end = len(view[:start].rstrip())
    between = text[lead_end:start]
    if lead_end == 0 or not view[start].islower() or view[lead_end - 1] != ":" or view[lead_end:start].strip():
        return None
    if not ("```" in between or "~~~" in between):
        return None
    sentences = _paragraph_before(text, view, lead_end)
    if not sentences or sentences[-1][1] < lead_end:
        return None
    read = view[: lead_end - 1] + " " * (start - lead_end + 1) + view[start:]
    whole = " ".join(read[sentences[-1][0] : end].split()).rstrip(_TRAILING)
    if _kind(_without_trailing_symbols(whole)) != ADVISED:
        return None  # read whole as advice only; anything else is judged as the sentences were written
    return (sentences[-1][0], end), read


def _paragraph_before(text: str, view: str, start: int) -> list[tuple[int, int]]:
    """The sentences of the closing part the text would have without its last paragraph (from `start` on)."""
    earlier = closing_part(text[:start])
    return [(s.start, s.end) for s in earlier.sentences if s.end <= start and earlier.view[s.start : s.end].strip()]


def _spliced_question(sentence: str) -> int:
    """Issue 28 phase 4: where a question spliced onto a statement with a comma starts ('I'm your coding buddy for this
    repo, how can I help today?'), or 0 — also when the part before the comma is a condition or time clause ('If you
    want, shall I …?' is one question)."""
    if not sentence.endswith("?") or "," not in sentence:
        return 0
    patterns = _patterns()
    found = patterns.splice.search(sentence)
    if found is None:
        return 0
    first = _LEAD_WORD.match(sentence.lstrip(" \t*_").lower())
    if first is None or first.group() in patterns.subordinators:
        return 0
    return found.end()


def _remark_after(sentence: str) -> bool:
    """r35e (docs/DESIGN.md#construction-classes): a sentence after a closing question that is furniture, neither an
    answer nor the message going on: a remark of ease about the answer (sites.toml [remark] ease: 'Happy either way.',
    'No rush.'), or r33i's third-person remark predicting the result ('The build should now pass on CI.', _predicts)
    written on the question's own line."""
    said = " ".join(_LEAD_WORD.findall(sentence.lower().replace("’", "'")))
    return said in _patterns().ease or _predicts(_without_trailing_symbols(sentence.rstrip(_TRAILING)))


def _without_trailing_symbols(sentence: str) -> str:
    """The sentence without the emoji, emoticon or symbols written after its last mark ("Sound good? 🙂",
    "Thoughts? :)", "Ready? ✅"): they add a tone, not words, so a question stays a question
    (docs/DESIGN.md#construction-classes)."""
    end = len(sentence)
    while end > 0 and not sentence[end - 1].isalnum() and sentence[end - 1] not in _SENTENCE_MARKS:
        end -= 1
    return sentence[:end].rstrip(_TRAILING) if end < len(sentence) else sentence


def _plain(sentence: str) -> str:
    """r29a: the sentence as the site patterns read it: a persona's interjection or vocative left out, a chat spelling
    of 'to', 'for', 'you' or 'your' read as that word ('Arr, ready 2 proceed 2 phase 3, partner!')."""
    patterns = _patterns()
    if patterns.persona.search(sentence):
        sentence = patterns.persona.sub(lambda m: m.group(1) or "", sentence)
    if patterns.chat.search(sentence):
        sentence = patterns.chat.sub(lambda m: patterns.chat_reads[m.group().lower()], sentence)
    return sentence


def _kind(sentence: str, directed: bool = True) -> str | None:
    """How a sentence of the closing part asks (kind_of); `directed`: r40a, a project act told to the reader with no
    other site is an advised site too (what the sites read, not what kind_of answers of a sentence beside one)."""
    if sentence.endswith("?"):
        return QUESTION
    patterns = _patterns()
    written, sentence = sentence, _plain(sentence)
    advised = patterns.advised.search(sentence)
    if advised and not (
        patterns.first_person.search(sentence)
        or patterns.stage_handed.search(sentence)
        or _run_asked(advised, sentence)
    ):
        # the next stage gone on to is stage-handed's ('You can move on to implementing the cache.')
        return ADVISED  # r38c: 'If you want cleaner logs, you could adjust the rules.': no offer of the agent's
    if _CONDITION.search(sentence) or patterns.condition.search(sentence):
        return CONDITION
    if _REQUEST.search(sentence):
        return REQUEST
    if any(p.search(sentence) for p in (patterns.decision, patterns.decision_request, patterns.choice_request)):
        return DECISION
    if patterns.help.search(sentence):
        return HELP
    instructs = (
        _may_instruct(sentence, patterns.not_imperative)
        or _CONDITIONED.match(sentence)
        or patterns.reader_modal.match(sentence.lower().replace("’", "'"))
    )
    if patterns.turn.search(sentence) and instructs:
        return TURN
    if patterns.word_given.search(sentence):
        return TURN  # r35b: 'One word from you and I'll roll it out.', 'Your go-ahead and I'll migrate the rest.'
    if patterns.wait.search(sentence) or patterns.word_wait.search(sentence):
        return WAIT
    if patterns.contact.search(sentence):
        return CONTACT
    if patterns.word_first.search(sentence):
        return WORD
    if patterns.ready_next.search(sentence) or patterns.next_stage.search(sentence):
        return READY
    if patterns.stage_handed.search(sentence):
        return READY  # r37c: 'You can now proceed with the deployment stage.': the reader handed the next stage
    if written != sentence and (patterns.ready_next.search(written) or patterns.next_stage.search(written)):
        return READY  # r33e: a stage's number is no chat spelling ('ready for stage 2', 'Next: Phase 4')
    if _reports(sentence, patterns):
        return REPORT
    if _offers(sentence, patterns):
        return OFFER
    if directed and patterns.directed.search(sentence) and not patterns.first_person.search(sentence):
        return ADVISED  # r40a: 'Run `make seed` and you're all set.': the reader told a project act, no other site
    return None


def _run_asked(advised: re.Match[str], sentence: str) -> bool:
    """r40a: the reader's modal over a verb of running the project (sites.toml [advised-work] running) in a sentence
    that asks for a report back or sets a condition ('You can rerun the build and tell me what fails.', "In case you'd
    rather roll back, run …"): the turn or the condition is the sentence's site, read as before the run was in the
    class."""
    patterns = _patterns()
    if advised.group("act").lower() not in patterns.running:
        return False
    return bool(patterns.turn.search(sentence) or _CONDITION.search(sentence) or patterns.condition.search(sentence))


def _offers(sentence: str, patterns: _Patterns) -> bool:
    """r33h: the agent's modal of ability or willingness, and a word that marks more work or a word of willingness —
    two searches, each one pass over the sentence."""
    return bool(
        (patterns.offer_modal.search(sentence) or patterns.offer_opening.match(sentence))
        and patterns.offer_more.search(sentence)
    ) or bool(patterns.next_frame.match(sentence) and patterns.thing_modal.search(sentence))


def next_frame(sentence: str) -> str | None:
    """Issue 28: the frame of what comes after that opens the sentence ('As a follow-up', 'A possible next step',
    'Next'; sites.toml [unconditioned-offer] next_*), as written, without its comma or colon; None when it opens with
    none."""
    found = _patterns().next_frame.match(sentence)
    return None if found is None else sentence[: found.end()].rstrip(" \t*_,:").lstrip(" \t*_>-")


def _reports(sentence: str, patterns: _Patterns) -> bool:
    """r31a: a mark of condition or time with the agent's modal act on either side of it, or a request to report back
    after it. Each search is one pass over the sentence, so the stop's cheap filter stays linear in its length."""
    mark = patterns.report_mark.search(sentence)
    if mark is None:
        return False
    return bool(patterns.report_act.search(sentence) or patterns.report_asked.search(sentence, mark.end()))


def _reads_reader(sentence: str) -> bool:
    """r31a: a report sentence that needs no instruction before it — its condition is on the reader, it asks for a
    report back, or its main clause after the condition may instruct ('If it still fails, restart it and I'll …')."""
    patterns = _patterns()
    if patterns.report_reader.search(sentence):
        return True
    _, comma, main = sentence.partition(",")
    if comma and main.lstrip().lower().replace("’", "'").startswith(_offer_acts()):
        return True  # r37i: 'If the columns break badly, we can tune the heights.': the agent's offer on a result
    return bool(comma) and _may_instruct(main, patterns.not_imperative)


@cache
def _offer_acts() -> tuple[str, ...]:
    return tuple(f"{act} " for act in sites()["report"]["offer_acts"])


def _instructions_before(text: str, view: str, spans: list[tuple[int, int]], k: int) -> tuple[tuple[int, int], ...]:
    """r31a: the sentences before the k-th of the closing part (back into the paragraph before it when it is the first)
    that may instruct the reader — no subject, determiner or question word opens them, or a request or a modal of
    need puts the reader first ('Could you double-check …?', 'Now you should run the build …') — the nearest last, at
    most `instruction_reach` sentences back; the parse decides which instructs."""
    patterns = _patterns()

    def worded(found: list[tuple[int, int]]) -> list[tuple[int, int]]:
        return [(a, b) for a, b in found if any(ch.isalpha() for ch in view[a:b])]  # not a list marker ('4.')

    before, at = worded(list(spans[:k])), (spans[:k] or spans[k : k + 1])[0][0]
    for _ in range(patterns.instruction_reach):  # back a paragraph (a list item) at a time
        if len(before) >= patterns.instruction_reach:
            break
        earlier = _paragraph_before(text, view, at)
        if not earlier:
            break
        before, at = [*worded(earlier), *before], earlier[0][0]
    found = []
    for start, end in before[-patterns.instruction_reach :]:
        written = view[start:end].strip()
        if not written or len(written) > patterns.instruction_chars:
            continue
        lead = start + len(view[start:end]) - len(view[start:end].lstrip())
        label, colon, after = written.rpartition(": ")
        if colon and after.strip() and len(label) < 40:  # '**Next:** run `make`.': the instruction after its label
            lead, written = lead + len(label) + 2, after
        plain = _plain(written)
        if _may_instruct(plain, patterns.not_imperative) or patterns.reader_first.match(plain):
            found.append((lead, lead + len(written)))
    return tuple(found)


def only_invites(words: str) -> bool:
    """r29c: the words only invite the reader to ask ('just say.', "just share what you'd change."): one of sites.toml
    [invitation] openings, and a few words at most."""
    patterns = _patterns()
    lowered = " ".join(words.lower().replace("’", "'").strip(" *_.!").split())
    return lowered.startswith(patterns.invitations) and len(lowered.split()) <= patterns.invitation_words


def only_decides(words: str) -> bool:
    """r38a: the words are only the reader's decision as a free relative ('whatever you prefer', 'whichever you think
    is best'): a decision site of a few words at most (sites.toml [invitation] max_words), which conditions what
    stands before its dash."""
    lowered = words.strip(" *_.!")
    return len(lowered.split()) <= _patterns().invitation_words and _kind(lowered, directed=False) == DECISION


def kind_of(sentence: str) -> str | None:
    """How a sentence asks, if it does: QUESTION, CONDITION, REQUEST, DECISION, HELP, TURN, WAIT, CONTACT, WORD,
    READY or REPORT."""
    return _kind(sentence, directed=False)


def _may_instruct(sentence: str, not_imperative: frozenset[str]) -> bool:
    """The sentence may open with an instruction to the reader: its first word is no subject, determiner or
    question word ("Please" and emphasis left out)."""
    lowered = sentence[:80].lower().replace("’", "'")
    label, colon, after = lowered.partition(":")
    if colon and label.strip(" *_#>-") in _patterns().turn_labels:
        lowered = after  # issue 28 phase 6: 'Your turn: run the suite and tell me what fails.'
    words = _LEAD_WORD.findall(lowered)
    if words[:1] == ["please"]:
        words = words[1:]
    return bool(words) and words[0] not in not_imperative


@frozen
class _Patterns:
    """sites.toml as the patterns that find each kind of site."""

    condition: re.Pattern[str]
    decision: re.Pattern[str]
    decision_request: re.Pattern[str]
    choice_request: re.Pattern[str]
    help: re.Pattern[str]
    turn: re.Pattern[str]
    word_given: re.Pattern[str]
    wait: re.Pattern[str]
    word_wait: re.Pattern[str]
    contact: re.Pattern[str]
    word_first: re.Pattern[str]
    ready_next: re.Pattern[str]
    next_stage: re.Pattern[str]
    stage_handed: re.Pattern[str]
    advised: re.Pattern[str]
    directed: re.Pattern[str]
    first_person: re.Pattern[str]
    report_mark: re.Pattern[str]
    report_act: re.Pattern[str]
    report_asked: re.Pattern[str]
    report_reader: re.Pattern[str]
    offer_modal: re.Pattern[str]
    next_frame: re.Pattern[str]
    thing_modal: re.Pattern[str]
    offer_opening: re.Pattern[str]
    offer_more: re.Pattern[str]
    capability: re.Pattern[str]
    self_described: re.Pattern[str]
    reader_first: re.Pattern[str]
    reader_modal: re.Pattern[str]
    instruction_reach: int
    instruction_chars: int
    not_imperative: frozenset[str]
    turn_labels: frozenset[str]
    lead_ins: frozenset[str]
    label_postmodifiers: frozenset[str]
    later_marks: frozenset[str]
    future_work: frozenset[str]
    max_items: int
    menu_max_items: int
    recommendations: tuple[str, ...]
    recommendation_hedges: tuple[str, ...]
    splice: re.Pattern[str]
    ease: frozenset[str]
    next_step: re.Pattern[str]
    next_label: re.Pattern[str]
    proposal_label: re.Pattern[str]
    proposed_act: re.Pattern[str]
    invoked: re.Pattern[str]
    rechecked: re.Pattern[str]
    code_pointer: re.Pattern[str]
    change_timed: re.Pattern[str]
    run_remark: re.Pattern[str]
    outcome_fronted: re.Pattern[str]
    outcome_will: re.Pattern[str]
    explained: re.Pattern[str]
    explained_words: int
    next_heads: frozenset[str]
    next_empty: frozenset[str]
    invoke_places: tuple[str, ...]
    going_on: tuple[str, ...]
    invoke_blocked: tuple[str, ...]
    invoke_failed: tuple[str, ...]
    invoke_own_use: tuple[str, ...]
    note_label: re.Pattern[str]
    sequence_named: re.Pattern[str]
    statement_personal: frozenset[str]
    statement_reporting: frozenset[str]
    takes_the_list: frozenset[str]
    rest_openings: frozenset[str]
    rest_others: frozenset[str]
    verifying: tuple[str, ...]
    verifying_times: tuple[str, ...]
    changing_acts: tuple[str, ...]
    fenced_lead: re.Pattern[str]
    fenced_outcome: re.Pattern[str]
    fenced_verbs: frozenset[str]
    command_acts: frozenset[str]
    fenced_shells: frozenset[str]
    running: frozenset[str]
    outcome_times: frozenset[str]
    fenced_openers_set: frozenset[str]
    invoking_openers: tuple[str, ...]
    reader_lead: re.Pattern[str]
    assurance: re.Pattern[str]
    next_stated: re.Pattern[str]
    step_complement: re.Pattern[str]
    remaining_stated: re.Pattern[str]
    remaining_label: re.Pattern[str]
    stated_owned: tuple[str, ...]
    bare_determiners: frozenset[str]
    progressive_after: frozenset[str]
    bare_label_words: int
    option_heads: frozenset[str]
    reply_request: re.Pattern[str]
    proposal_line: re.Pattern[str]
    reply_elsewhere: re.Pattern[str]
    help_tip: re.Pattern[str]
    accepts_proposal: re.Pattern[str]
    subordinators: frozenset[str]
    table_offers: frozenset[str]
    table_lead_offers: tuple[str, ...]
    trailer_pointers: frozenset[str]
    trailer_copulas: frozenset[str]
    trailer_words: int
    settle_verbs: frozenset[str]
    settle_points: frozenset[str]
    settle_goes_on: tuple[str, ...]
    picks: tuple[str, ...]
    invitations: tuple[str, ...]
    invitation_words: int
    hand_back: re.Pattern[str]
    chat: re.Pattern[str]
    persona: re.Pattern[str]
    chat_reads: dict[str, str]


@cache
def _patterns() -> _Patterns:
    """sites.toml as the patterns: their sources kept between processes (lanegate_common.derived), compiled here."""
    sources, rest = derived("site-patterns", (SITES_PATH, _SPELLING_PATH), _pattern_sources)
    return _Patterns(**{name: _compiled(source) for name, source in sources.items()}, **rest)


def _pattern_sources() -> tuple[dict[str, str], dict[str, Any]]:
    """The source of each pattern of _Patterns, and its other fields."""
    data = sites()
    condition, decision, help_, turn = data["condition"], data["decision"], data["help"], data["turn"]
    handed = data["stage-handed"]
    advised = data["advised-work"]
    # r39b: a verb of doing again written with its hyphen ('re-generate' for 'regenerate')
    hyphened = [f"re-{v[2:]}" for v in data["next-step"]["running_verbs"] if v.startswith("re") and v[2:3] != "-"]
    # r38n: the next steps of the agent's own work are found by the same site; the rule reads their marks
    # r39b: the acts that change the project's state ([next-step] changing_acts) are next steps when timed too
    advised_acts = (
        advised["verbs"] + advised["gerunds"] + advised["timed_steps"] + advised["kept_steps"]
        + data["next-step"]["changing_acts"]
    )
    # r40a: the modal reading reaches the verbs of running the project too (the rule reads their marks)
    reader_acts = advised_acts + advised["running"]
    step = data["next-step"]
    statement = data["list-statement"]
    persona = load_builtin(_SPELLING_PATH)["persona"]
    # r33e: a stage of the agent's plan as data — a stage noun and its number or letter, or a task id of a plan file
    stages = _words(data["ready-next"]["plan_stages"])
    # r42f: the modal copulas of containing ('might include'), after a plural noun of work
    containing_copulas = [c for c in step["stated_copulas"] if c.split()[-1] in step["containing"]]
    purpose_words = int(data["list"]["purpose_label_words"])  # r39l: a lead-in that is only a purpose
    changed = _words(step["change_nouns"] + step["changing_gerunds"])  # r39l: 'After installing, …' too
    checking = data["next-step"]["checking_verbs"]  # r33i: running the check again ('Try `cargo build` again')
    timed = int(data["list"]["timed_lead_words"])  # r38i: the words of a lead-in timed right after the change
    # r38i: a condition on the reader's wish for certainty ('if you need extra assurance'), and the same clause fronted
    assured = (
        rf"if[ \t]+you(?:['’]d|[ \t]+would)?[ \t]+(?:{_words(step['assurance_wishes'])})[ \t]+"
        rf"(?:[\w'’-]+[ \t]+){{0,2}}?(?:{_words(step['assurance_nouns'])})\b"
    )
    remembered_word = r"\.?[^\s,;:!?.]+(?:[.:][^\s,;:!?.]+)*"  # r38p: a word of a step, a dot or colon only inside it
    fronted_assurance = rf"(?:{assured}(?:[ \t]+[\w'’-]+){{0,3}}?[ \t]*,[ \t]+)?"
    # r38b: one of the message's own steps or options by its label and number, letter or ordinal ('step #6', 'Option
    # 1', 'the second approach')
    labels, ordinals = _words(step["tried_labels"]), _words(step["tried_ordinals"])
    tried_step = (
        rf"(?:the[ \t]+)?(?:(?:{ordinals})[ \t]+(?:{labels})|(?:{labels})[ \t]+(?:#[ \t]?)?(?:\d{{1,2}}|[a-e]))"
        r"(?![\w'’-])"
    )
    offer = data["unconditioned-offer"]
    plan_stage = rf"(?:{stages})\s+(?:\d[\d.]*|[a-z]|[ivx]{{1,4}})\b|(?-i:T\d{{2,4}}|US\d{{1,3}})\b|#\d"
    # r41e: a workflow's stage named by its slash command in code ('Next up is `/speckit.clarify`.', blanked to its
    # placeholder letters) is a stage too where a 'next' label, copula or predicate names it; the rule reads the parse
    stage_named = plan_stage + r"|x{3,}\b"
    wishes = _words(condition["wishes"])
    # r33c: a note's labels as written, one space between their words (the paragraph holds no line break)
    labels = sorted(data["list-statement"]["note_labels"], key=len, reverse=True)
    note_labels = "|".join(re.escape(label) for label in labels)
    # The mark, then a few words (no sentence break), then what is wanted or useful.
    benefit = rf"\b(?:{_words(condition['marks'])})\b[^.!?;:\n]{{0,50}}?\b(?:{_words(condition['benefits'])})\b"
    # r38g (docs/DESIGN.md#reply-protocol): a reply token the request names besides a label word — the agent's own
    # proposal ('accept the suggestion'), a word of assent quoted, slashed or after 'with' ('"yes"', 'yes/recommended',
    # 'with Y'), a short code span after 'with' ('Reply with `A`'), or code spans enumerated ('`A`, `B` or `C`')
    reply = data["reply"]
    assent = _words(reply["assent_tokens"])
    code = rf"x{{3,{int(reply['code_token_chars'])}}}"
    reply_token = (
        rf"\b(?:{_words(reply['proposals'])})\b"
        rf"|[\"'“‘](?:{assent})[\"'”’]|(?<![\w'’])(?:{assent})[ \t]*/|/[ \t]*(?:{assent})(?![\w'’])"
        rf"|\bwith[ \t]+(?:(?-i:Y|N)|(?:{assent})|x{{3,5}})(?![\w'’])"
        rf"|(?<![\w'’]){code}[ \t]*(?:,|/|\bor\b)[ \t]*(?:or[ \t]+)?{code}(?![\w'’])"
    )
    depending_verbs = _words(decision["verbs"] + decision["views"] + decision["depending_wishes"])
    sources = dict(
        condition=(
            rf"\b(?:{_words(condition['wish_marks'])})\s+you(?:['’]d|\s+would)?\s+(?:{wishes})\b|{benefit}"
            rf"|\b(?:{_words(condition['wanting_marks'])})\s+you\s+(?:{_words(condition['wanting'])})\b"
            rf"|\b(?:{_words(condition['optional'])})\b"
            rf"|[—–-]\s+(?:{_words(data['invitation']['openings'])})\b"
            rf"|\b(?:{_words(condition['open_wishes'])})(?=\s*(?:[.,;!)—–]|$))"
        ),
        decision=(
            rf"\b(?:{_words(decision['marks'])})\b[^.!?;\n]{{0,30}}?\byou(?:['’]ve|['’]d|\s+have|\s+had)?\s+"
            rf"(?:\w+\s+){{0,2}}?(?:{_words(decision['verbs'])})\b"
            rf"|\b(?:{_words(decision['marks'])})\b[^.!?;,\n]{{0,40}}?\b(?:{_words(decision['outcomes'])})\b"
            # r40d: 'Whichever works for you.', '… whatever suits you best'
            rf"|\b(?:whichever|whatever)\s+(?:[\w-]+\s+)?(?:{_words(decision['suiting'])})\s+(?:for\s+)?(?:you|u)\b"
            rf"|\b(?:{_words(decision['depending'])})\s+your\s+(?:{_words(decision['word_nouns'])})\b"
            rf"|\b(?:{_words(decision['depending'])})\s+(?:{_words(decision['depending_questions'])})\b[^.!?;\n]{{0,30}}?"
            rf"\byou(?:['’]d|\s+would)?\s+(?:\w+\s+){{0,2}}?(?:{depending_verbs})\b"
        ),
        decision_request=(
            rf"^(?:please\s+)?(?:just\s+)?(?:{_words(decision['requests'])})\s+(?:which|what|whether)\b[^.!?\n]{{0,80}}?"
            rf"\byou\s+(?:\w+\s+)?(?:{_words(decision['verbs'])})\b"
        ),
        choice_request=(
            rf"^(?:please\s+)?(?:just\s+)?(?:{_words(decision['choice_requests'])})\s+(?:{_words(decision['choices'])})\b"
            rf"[^.!?\n]{{0,80}}?(?:\band|\bthen|,|;)\s+(?:i|we)\b"
            # r38j: the bare request for the choice closing its clause ('Either works for me; tell me which.')
            rf"|(?:^|[;:,—–]\s*|\s-\s+)(?:(?:so|then|and|just|please)\s+){{0,2}}(?:{_words(decision['named_requests'])})\s+"
            rf"(?:{_words(decision['named_choices'])})\s*[.!]*$"
        ),
        help=(
            rf"\b(?:how|where)\s+(?:i|we)\s+(?:can|could|may|might|should)\s+(?:\w+\s+)?(?:{_words(help_['verbs'])})\b"
            rf"|\bwhat(?:ever)?\s+(?:else\s+)?you\s+(?:{_words(help_['needs'])})\b"
            rf"|\b(?:{_words(help_['availability'])})\s+to\s+(?:{_words(help_['verbs'])})\b"
            # r36c: the open thing the agent's help is about ('anything further I can assist with')
            rf"|\b(?:{_words(help_['areas'])})\b[^.!?;\n]{{0,30}}?\b(?:i|we)\s+(?:can|could|may|might)\s+"
            rf"(?:\w+\s+)?(?:{_words(help_['verbs'])})\b"
        ),
        turn=(
            rf"\b(?:{_words(turn['report_back'])}|{_words(turn['continuations'])})\b"
            rf"|^[\s*_>-]*(?:(?:please|kindly|just)\s+)?(?:{_words(turn['approving'])})\b"
        ),
        # r35b: the reader's word as a noun — owned by the reader, from the reader, or opening the sentence alone —
        # joined by 'and' to the agent's modal act ('One word from you and I'll …', 'Just your OK and we'll …')
        word_given=(
            rf"(?:^[\s*_>-]*(?:just\s+)?(?:your|ur|one|a|an)\s+(?:quick\s+|single\s+)?(?:{_words(turn['word_given'])})"
            rf"(?:\s+from\s+(?:you|u|ya))?|\b(?:{_words(turn['word_given'])})\s+from\s+(?:you|u|ya))"
            rf"[\s,]+and\s+(?:{_words(turn['word_given_acts'])})\b"
        ),
        wait=(
            rf"\b(?:{_words(data['wait']['holds'])})\b[^.!?;\n]{{0,40}}?\b(?:{_words(data['wait']['bounds'])})\s+"
            rf"(?:you|your)\b"
            rf"|\b(?:{_words(data['wait']['holds'])})\b[^.!?;\n]{{0,20}}?\b(?:{_words(data['wait']['open_words'])})\s+"
            rf"(?:[\w-]+\s+)?(?:{_words(data['wait']['open_requests'])})\b"
            rf"|\b(?:{_words(data['wait']['holds'])})\b[^.!?;\n]{{0,20}}?\b(?:{_words(data['wait']['bare_bounds'])})\s+"
            rf"(?:{_words(data['wait']['open_requests'])})\b"
            rf"|\b(?:{_words(data['wait']['holds'])})\b[^.!?;\n]{{0,40}}?\b(?:{_words(data['wait']['bounds'])})\s+"
            rf"(?:i|we)\s+(?:\w+\s+)?(?:{_words(data['wait']['receiving'])})\s+your\b"
            rf"|\b(?:{_words(data['wait']['holds'])})\b[^.!?;\n]{{0,20}}?\bfor\s+(?:{_words(data['wait']['open_things'])})\b"
            # r35b: the agent's need of the reader's word ("I'll need direction on …", 'I need your input on …')
            rf"|\b(?:i|we)(?:['’]ll|['’]d|\s+will|\s+would|\s+still|\s+first|\s+just|\s+really)?\s+"
            rf"(?:{_words(data['wait']['need_verbs'])})\s+(?:your\s+|some\s+|more\s+|a\s+|an\s+|the\s+)?"
            rf"(?:[\w-]+\s+)?(?:{_words(data['wait']['need_words'])})\b"
            # r38e: the agent's readiness for the reader's call as the whole sentence ("Standing by.")
            rf"|^[\s*_>-]*(?:(?:{_words(data['wait']['alone_subjects'])})\s+)?(?:{_words(data['wait']['alone'])})"
            rf"[\s.!*_]*\Z"
            # r38e: the reader's word as the purpose of the hold, the agent's act refused without the reader's word
            rf"|\b(?:{_words(data['wait']['holds'])})\b[^.!?;\n]{{0,30}}?\b(?:{_words(data['wait']['purpose_bounds'])})\s+"
            rf"you\b"
            rf"|(?:{_words(data['wait']['refusals'])})\s[^.!?;\n]{{0,60}}?\b(?:{_words(data['wait']['lacking'])})\s+your\b"
            # r38e: the agent's wish for the reader's word under 'would' ("I'd love your feedback before I polish it")
            rf"|(?:\b(?:i|we)(?:['’]d|\s+would)|^[\s*_>-]*(?:{_words(data['wait']['wish_openers'])}))\s+"
            rf"(?:really\s+|much\s+|greatly\s+)?(?:{_words(data['wait']['wish_verbs'])})\s+"
            rf"(?:your\s+|some\s+|a\s+|another\s+)(?:[\w-]+\s+){{0,3}}?(?:{_words(data['wait']['need_words'])})\b"
            # r36c: the agent's work needing the reader's word ('The branch needs your OK on …')
            rf"|\b(?:{_words(data['wait']['work_needs'])})\s+your\s+(?:[\w-]+\s+)?(?:{_words(data['wait']['need_words'])})\b"
            # r39d: the reader's word welcomed with no verb ('Feedback welcome.', 'Open to suggestions.'), the courtesy
            # wait on the reader's time ('Take your time.', 'No rush.'), each opening its sentence
            # (r39rv: each word of the frame is sites.toml [wait] data)
            rf"|^[\s*_>-]*(?:(?:{_words(data['wait']['welcomed_determiners'])})\s+)?(?:{_words(data['wait']['welcomed_nouns'])})\s+"
            rf"(?:(?:{_words(data['wait']['welcomed_about'])})\s+(?:[\w`.-]+\s+){{1,4}}?)?"
            rf"(?:(?:{_words(data['wait']['welcomed_copulas'])})\s+)?(?:(?:{_words(data['wait']['welcomed_degrees'])})\s+)?"
            rf"(?:{_words(data['wait']['welcoming'])})\b"
            rf"|^[\s*_>-]*(?:(?:{_words(data['wait']['open_subjects'])})\s+)?(?:(?:{_words(data['wait']['open_degrees'])})\s+)?"
            rf"(?:{_words(data['wait']['open_to'])})\s+(?:(?:{_words(data['wait']['welcomed_determiners'])})\s+)?(?:[\w-]+\s+)?"
            rf"(?:{_words(data['wait']['welcomed_nouns'])}|(?:{_words(data['wait']['welcomed_alternatives'])})\s+[\w-]+)\b"
            rf"|^[\s*_>-]*(?:(?:{_words(data['wait']['courtesy_openers'])})[\s,]+)?(?:{_words(data['wait']['courtesy'])})\b"
            # r40d: the keyword-gated turn ("Say `next` when you want the next file.")
            rf"|^[\s*_>-]*(?:please\s+)?(?:just\s+)?(?:{_words(data['wait']['keyword_verbs'])})\s+(?:with\s+)?"
            rf"(?:[\"'“‘`][^\"'”’`\n]{{1,24}}[\"'”’`]|[\w-]{{1,16}})\s+(?:{_words(data['wait']['keyword_bounds'])})\b"
            # r33b: the hold on what the agent requested of the reader ('still waiting for the details I asked for')
            rf"|\b(?:{_words(data['wait']['holds'])})\b[^.!?;\n]{{0,20}}?\b(?:{_words(data['wait']['bare_bounds'])})\s+"
            rf"(?:[\w-]+\s+){{1,4}}?(?:that\s+|which\s+)?(?:i|we)\s+(?:\w+\s+)?(?:{_words(data['wait']['requested'])})\b"
        ),
        # issue 28 phase 4b: a label naming what the agent needs from the reader, then its colon; or the agent's act
        # timed by the reader's word ('as soon as you approve')
        word_wait=(
            rf"^[\s*_#>-]*(?:{_words(data['word-wait']['labels'])})[\s*_]*:\s*\S"
            rf"|\b(?:{_words(data['word-wait']['bounds'])})\s+you(?:['’]ve|\s+have)?\s+(?:\w+\s+)?"
            rf"(?:{_words(data['word-wait']['verbs'])})\b"
        ),
        contact=(
            rf"\b(?:{_words(data['contact']['requests'] + data['contact']['availability'])})\b[^.!?;\n]{{0,40}}?"
            rf"\b(?:{_words(data['contact']['marks'])})\b"
            rf"|\b(?:{_words(data['contact']['marks'])})\b[^.!?;\n]{{0,60}}?\b(?:{_words(data['contact']['requests'])})\b"
            # r39g: the agent's availability for an open need ('I'll be around for any follow-up questions')
            rf"|\b(?:{_words(data['contact']['available_for'])})\s+for\s+(?:[\w-]+\s+){{0,3}}?"
            rf"(?:{_words(data['contact']['open_needs'])})\b"
            rf"|\b(?:{_words(data['contact']['willing'])})\s+to\b[^.!?;\n]{{0,80}}?[—–,-]\s*(?:just\s+)?"
            rf"(?:{_words(data['contact']['requests'])})\b"
        ),
        # issue 28: a request to tell the reader's wish or the time of the agent's act, opening the sentence or after
        # a dash or semicolon; or a condition or time on the reader's approval, review or satisfaction
        word_first=(
            rf"(?:^|[—–;:]\s*)[\s*_]*(?:please\s+)?(?:{_words(data['word-first']['tellers'])})\s+"
            rf"(?:{_words(data['word-first']['told_marks'])})\b"
            rf"|\b(?:{_words(data['word-first']['marks'])})\s+(?:you(?:['’]re|['’]ve|\s+are|\s+have)?|"
            rf"(?:it|this|that|these|those|they)\s+\w+)\s+(?:\w+\s+){{0,2}}?"
            rf"(?:{_words(data['word-first']['approvals'])})\b"
            rf"|\b(?:{_words(data['word-first']['hearing'])})\b"
            # r37i: the agent's work reported working on the reader's side ('If that works on your side, I'll …')
            rf"|\b(?:{_words(data['word-first']['marks'])})\s+(?:it|this|that|these|those|they|everything)\s+"
            rf"(?:{_words(data['word-first']['working'])})\s+(?:\w+\s+){{0,2}}?"
            rf"(?:{_words(data['word-first']['reader_sides'])})\b"
            # r32b: the reader's quoted word, then its purpose ('Say "go" to start the schema migration.')
            rf"|^[\s*_]*(?:please\s+)?(?:{_words(data['word-first']['quoted_tellers'])})\s+[\"“'‘`][^\"“”'‘’`\n]{{1,30}}"
            r"[\"”'’`]\s+to\s+\w"
        ),
        # issue 28: the readiness word, then within a few words a verb of going on or the next stage
        ready_next=(
            rf"\b(?:{_words(data['ready-next']['words'])})\s+(?:to|for)\s+(?:\w+\s+){{0,1}}?"
            rf"(?:{_words(data['ready-next']['go_on'])})\b"
            rf"|\b(?:{_words(data['ready-next']['words'])})\s+for\s+(?:[^\s.!?;]+\s+){{1,5}}?"
            rf"(?:{_words(data['ready-next']['alternatives'])})\s+\w"
            # r33b: readiness for a stage named by a command in code, blanked to its placeholder ('Ready for
            # `/speckit.plan`.', 'Ready for Phase 2 tasks: `/speckit.tasks`.')
            rf"|\b(?:{_words(data['ready-next']['words'])})\s+for\s+(?:[^\s.!?;]+\s+){{0,5}}?x{{3,}}\b"
            # r33e: readiness for a stage of the agent's plan named as data ('ready for Phase 3', 'Ready for T015.')
            rf"|\b(?:{_words(data['ready-next']['words'])})\s+for\s+(?:the\s+)?(?:{plan_stage})"
        ),
        # r37c: the next stage handed to the reader as a statement — the reader the subject of a modal or of a frame of
        # readiness or leave, opening the sentence or a clause after a mark, then a verb of going on ('You can now
        # proceed with the deployment stage.', "You're all set to move on to the API layer.")
        stage_handed=(
            rf"(?:\A|[;:,—–])[\s*_]*(?:(?:{_words(handed['openers'])}),?\s+)?"
            rf"(?:you\s+(?:now\s+|then\s+|also\s+|just\s+)?(?:{_words(turn['reader_modals'])})\s+"
            r"(?:now\s+|then\s+|also\s+|just\s+|simply\s+)?"
            rf"|you(?:['’]re|\s+are)\s+(?:now\s+)?(?:{_words(handed['frames'])})\s+to\s+(?:now\s+)?"
            rf"|(?:{_words(handed['leaves'])})\s+)"
            rf"(?:{_words(data['ready-next']['go_on'] + handed['going_on'])})\b"
        ),
        # r38c: the reader the subject of a modal of possibility or advice, then within the clause a verb of changing
        # the code ('You could add a convenience property …', 'you should also search … and update them'); bounded
        advised=(
            rf"\b(?:you|{_words(advised['unnamed_doers'])})(?:\s+|(?=['’]))(?:(?:{_words(advised['adverbs'])})\s+){{0,2}}"
            rf"(?:{_words(advised['modals'])})\s+"
            rf"[^.!?;:\n]{{0,{int(advised['reach'])}}}?\b(?P<act>{_words(reader_acts)})\b(?![-'’])"
        ),
        # r40a: the reader told to do a project act: a verb of the class opening the sentence (after the openers) or a
        # clause after a comma, a semicolon or 'then' ('Just rerun the suite.', '…, then run `bash train.sh`'); the rule
        # (advised-work) reads the imperative on the parse
        directed=(
            r"(?:\A[\s*_>#-]*|[;,—–][\s*_]*(?:and\s+)?|\bthen\s+)"
            rf"(?:(?:{_words(advised['openers'])}),?\s+){{0,2}}"
            rf"(?:{_words(reader_acts + advised['directed'] + advised['written'])})\b(?![-'’])"
        ),
        first_person=r"\b(?:i|we|me|us|my|our|let['’]s)\b",
        # r33e: the stage of the agent's plan named as what comes next, by a 'next' label or copula opening the sentence
        # or a clause after a semicolon or dash ('Next: Phase 3 (T015–T020).', 'Next up is Phase 3', 'the next phase is
        # Polish (T030-T034)')
        next_stage=(
            rf"(?:\A|[;—–])[\s*_#>]*(?:(?:{_words(data['ready-next']['next_labels'])})(?:[*_]*[:,]|\s+(?:is|are|will\s+be))"
            rf"[\s*_]+(?:the\s+)?(?:{stage_named})"
            # r33i: the label's content an imperative of going on to or doing the stage ('Next: Start Phase 2 (…)',
            # 'Next: proceed to Phase 4', 'Next: finish T001, then …')
            rf"|(?:\A|[;—–])[\s*_#>]*(?:{_words(data['ready-next']['next_labels'])})[*_]*:[\s*_]+"
            rf"(?:{_words(data['ready-next']['go_on'] + data['ready-next']['label_acts'])})[ \t]+"
            rf"(?:(?:{_words(data['ready-next']['label_preps'])})[ \t]+)?(?:the[ \t]+)?(?:{plan_stage})"
            rf"|(?:the\s+)?next\s+(?:{stages})(?:[*_]*:|\s+(?:is|will\s+be))[\s*_]+(?:(?:the\s+)?(?:{stage_named})"
            r"|(?-i:[A-Z])[\w&-]*(?=[\s,.;:!(*_]|\Z)))"
            # the stage as the subject, 'next' its predicate closing the clause ('Phase 3 is next.', 'T007 next.')
            rf"|(?:\A|[;—–])[\s*_#>]*(?:the\s+)?(?:{stage_named})[^.!?;:\n]{{0,40}}?\s(?:is\s+|are\s+)?(?:up\s+)?next"
            # r41e: a place the plan keeps it in may close the clause ('Phase 2 is next in `ROADMAP.md`.'), no one's
            # possession ('… next on @maria's list')
            r"(?:\s+(?:in|on)\s+[^!?;:\n'’]{1,40}?(?=[\s*_]*(?:[.!;](?:\s|\Z)|\Z)))?[\s*_]*(?:[.!;]|\Z)"
            # r37i: the work still to do as the subject of a copula with its infinitive ('All that's left is to push')
            rf"|\b(?:{_words(data['ready-next']['remaining'])})\s+(?:[^\s.!?;]+\s+){{0,3}}?"
            r"(?:is|are|would\s+be|will\s+be)\s+(?:for\s+[^\s.!?;]+\s+)?to\s+\w"
        ),
        hand_back=(
            rf"^[\s*_]*(?:{_words(data['hand-back']['references'])})\b[^.!?\n]{{0,25}}?"
            rf"\b(?:{_words(data['hand-back']['modals'])})\b[^.!?\n]{{0,60}}?"
            rf"(?:\b|(?<=\W))(?:{_words(data['hand-back']['deferrals'])})\b"
        ),
        splice=(rf",\s+(?=(?:{_words(data['splice']['question_openers'])})\b[^,.!?;:]*\?\Z)"),
        # r29a: a persona's interjection opening the sentence, or its vocative closing it
        persona=(
            rf"^([\s*_>#-]*)(?:{_words(persona['interjections'])})[ \t]*[,!][ \t]*"
            rf"|,[ \t]*(?:{_words(persona['vocatives'])})(?=[ \t*_]*[.!?]*[ \t*_]*\Z)"
        ),
        # r29a: a chat spelling standing as a word of its own (not '2.4', 'u8', 'x2')
        chat=rf"(?<![\w.'’/-])(?:{_words([w for forms in data['chat-words'].values() for w in forms])})(?![\w.'’/-])",
        # r31a: a condition or time and, in the same sentence, the agent's modal act or a request to report back —
        # three searches joined by _reports, since one pattern with a gap between them is quadratic on a long sentence
        report_mark=rf"\b(?:{_words(data['report']['marks'])})\b",
        report_act=rf"\b(?:{_words(data['report']['agent_acts'])})\b",
        # r33a: or a verb that hands back what the check showed with no recipient named ('If you still see a
        # resolution error, send the new output.')
        report_asked=rf"\b(?:{_words([*turn['report_back'], *data['report']['handed_back']])})\b",
        # r33h: the unconditioned bonus offer: the agent's modal of ability or willingness anywhere, or a modal opening
        # the sentence with no subject; and a word of more work or of willingness
        offer_modal=(
            rf"\b(?:{_words(data['unconditioned-offer']['offering'] + data['unconditioned-offer']['willing'])})\b"
        ),
        offer_opening=(
            rf"[\s*_>-]*(?:(?:{_words(data['unconditioned-offer']['openers'])}),?\s+)?"
            rf"(?:{_words(data['unconditioned-offer']['subjectless'])})\s+[a-z]"
        ),
        offer_more=(
            rf"\b(?:{_words(data['unconditioned-offer']['more'] + data['unconditioned-offer']['willing'])})\b"
        ),
        # issue 28: the agent's next work left with no doer — a frame of what comes after opening the sentence, then a
        # modal of possibility (the rule reads the thing as its subject); two patterns, one pass each
        next_frame=(
            rf"[\s*_>-]*(?:(?:{_words(offer['next_adverbs'])})|(?:(?:{_words(offer['next_preps'])})\s+)?"
            rf"(?:(?:{_words(offer['next_determiners'])})\s+)?(?:(?:{_words(offer['next_adjectives'])})\s+)?"
            rf"(?:{_words(offer['next_nouns'])}))[\s*_]*[,:]"
        ),
        thing_modal=rf"\b(?:{_words(data['unconditioned-offer']['thing_modals'])})\b",
        # r33h: the agent's present ability stated before, opening a sentence or a list item, or a description of what
        # it can do: the offer is then one more line of a description of itself, no offer of more work
        capability=(
            rf"(?:\A|[.!?:]\s|\n)[\s*_>-]{{0,8}}(?:{_words(data['unconditioned-offer']['describers'])})\s+"
            rf"(?:{_words(data['unconditioned-offer']['abilities'])})\s+(?!not\b|also\b)[a-z]"
        ),
        self_described=rf"\b(?:{_words(data['unconditioned-offer']['self_descriptions'])})\b",
        # r33c: the label of a note after a closing list, matched on the lower-cased paragraph ('Note:', 'Commit:')
        note_label=rf"[\s*_]*(?:{note_labels})[\s*_]*:[\s*_]*",
        # r33g: a word naming the sequence anywhere in the invoking sentence ('next', 'then')
        sequence_named=rf"\b(?:{_words(data['next-step']['sequence_words'])})\b",
        # r31a: a report site with no instruction before it is read only when the condition is on the reader or the
        # sentence asks for a report back ('If you see new errors, paste them and I'll …')
        report_reader=(
            rf"\b(?:{_words(data['report']['marks'])})\s+(?:\w+\s+){{0,2}}?(?:you|u|ya)\b"
            rf"|\b(?:{_words(turn['report_back'])})\b"
        ),
        # r31a: an instruction that puts the reader first, a request or a modal of need ('Could you double-check …',
        # 'Now you should run the build …')
        reader_first=(
            r"[\s*_]*(?:now,?\s+|next,?\s+|then,?\s+)?(?:(?:could|can|would|will)\s+you\s+(?:please\s+)?\w+"
            r"|you(?:['’]ll|\s+will)?\s+(?:should|must|need\s+to|have\s+to|want\s+to|'ll\s+need\s+to)\b"
            # r36c: the agent's need or wish of the reader's act ('I need you to run …', "I'd like you to paste …")
            rf"|(?:i|we)(?:['’]d|\s+would|\s+really|\s+just)?\s+(?:{_words(turn['agent_needs'])})\s+you\s+to\b)"
        ),
        # r32a: the reader the subject of a modal opening the sentence ('You can rerun the build to confirm.')
        reader_modal=(
            r"[\s*_]*(?:now,?\s+|next,?\s+|then,?\s+)?you\s+(?:also\s+|now\s+|then\s+|just\s+|simply\s+)?"
            rf"(?:{_words(turn['reader_modals'])})\s+(?:also\s+|now\s+|then\s+|just\s+|simply\s+)?[a-z]"
            # r36c: the agent's need or wish of the reader's act ('I need you to run …', "I'd like you to paste …")
            rf"|[\s*_]*(?:i|we)(?:['’]d|\s+would|\s+really|\s+just)?\s+(?:{_words(turn['agent_needs'])})\s+you\s+to\b"
        ),
        # r32b: the reader asked to choose among the options by a reply, opening a sentence ('You can reply with the
        # option letter', 'Reply A or B'): what the reply names is a label word, a digit or a capital standing alone
        reply_request=(
            rf"(?:\A|(?<=[.!?])\s)[\s*_>]*"
            # r38g: a label of the reply's form read past ('Format: Choose the option letter.')
            rf"(?:(?:{_words(reply['format_labels'])})[\s*_]*:[\s*_]*)?(?:(?:{_words(reply['openers'])})\s+){{0,3}}"
            rf"(?:{_words(reply['verbs'] + reply['accepting'])})\b[^.!?\n]{{0,50}}?"
            rf"(?:{reply_token}"
            rf"|\b(?:{_words(data['reply']['labels'])})\b"
            # issue 28: not what the reader perceives ('the number you see in the console')
            rf"(?!\s+(?:that\s+)?you\s+(?:{_words(data['reply']['perceived'])})\b)|(?<![\w'’])(?:\d|(?-i:[A-H]))(?![\w'’])"
            # r33b: options named by small letters in a row ('Reply with a / c / p / y.')
            rf"|(?<![\w'’])(?-i:[a-z])(?:[ \t]*[/|,][ \t]*(?:[*_]{{0,2}})(?-i:[a-z0-9])(?![\w'’])){{1,9}})"
            # r33b: a verb of choosing as the label of the options that follow ('Choose:', '**Pick one of:**')
            rf"|(?:\A|(?<=[.!?])\s)[\s*_>]*(?:{_words(data['reply']['label_verbs'])})[\s*_]*(?:one[\s*_]*)?(?:of[\s*_]*)?:"
            # r38g: a label naming the options as the replies the reader may give ('Allowed answers:', 'Valid replies:')
            rf"|(?:\A|(?<=[.!?])\s)[\s*_>]*(?:{_words(reply['admitted'])})[\s*_]+(?:{_words(reply['reply_nouns'])})"
            r"[\s*_]*:"
        ),
        # r38g: a line stating the agent's own proposal by its label ('**Suggested:** …', 'Recommended: Option B')
        proposal_line=rf"[ \t*_>#-]*(?:{_words(reply['proposal_labels'])})[ \t*_]*:[ \t*_]*(?=\S)",
        # r38g: the reply given to a program's input, not to the agent ('… at the prompt to try it')
        reply_elsewhere=(
            rf"\b(?:{_words(reply['elsewhere_marks'])})\s+(?:[\w'’-]+\s+){{0,2}}?(?:{_words(reply['elsewhere_places'])})\b"
        ),
        # r38g: a help tip opening the unit ('You can type `/bmad-help` at any time to get advice …'), one line
        help_tip=(
            rf"[ \t*_>]*(?:tip[ \t*_]*:[ \t*_]*)?(?:you[ \t]+(?:can|may|could)[ \t]+(?:also[ \t]+)?)?"
            rf"(?:{_words(reply['tip_verbs'])})\b[^\n]{{0,80}}?\b(?:{_words(reply['tip_times'])})\b[^\n]{{0,60}}?"
            rf"\b(?:{_words(reply['tip_gives'])})\b"
            # r39e: or the tip names the help command itself as what is invoked ('Type *help for commands.', 'Run
            # `/bmad-help` for direction'): a command word of help, with its sigil, in code or bare
            rf"|[ \t*_>]*(?:you[ \t]+(?:can|may|could)[ \t]+(?:also[ \t]+)?)?(?:{_words(reply['tip_verbs'])})[ \t]+"
            rf"[`'\"“]?[*/!#]?(?:[\w-]{{0,16}}-)?(?:{_words(reply['tip_commands'])})\b"
        ),
        # r38g: the request takes that proposal ('accept the suggestion', "say 'yes' to take the recommended one")
        accepts_proposal=(
            rf"\b(?:{_words(reply['accepting'])})\b[^.!?\n]{{0,30}}?\b(?:{_words(reply['proposals'])})\b"
        ),
        # r29c: a label naming the next step, read after emphasis and heading marks ('**Next step:** …', '## Next step')
        next_step=rf"^[\s*_#>]*(?:{_words(data['next-step']['labels'])})[\s*_]*(?::[\s*_]*|\Z)",
        # r32a: a label of the next act opening the paragraph or a sentence after a mark ('Natural next step: …',
        # 'Tests not run. Next steps: 1) Run …'); its words after 'next' are checked against label_heads
        next_label=(
            r"(?:\A|(?<=\n)|(?<=[.!?;])[ \t]+)[ \t*_#>]*((?:[a-z][\w'’-]*[ \t]+){0,3}?next(?:[ \t]+[a-z][\w-]*){0,2})"
            r"[ \t*_]*:[ \t*_]+(?=\S)"
        ),
        # r33c: a label of suggesting alone opening the paragraph or a sentence after a mark ('Suggestion: run …')
        proposal_label=(
            r"(?:\A|(?<=\n)|(?<=[.!?;])(?=[ \t]))[ \t*_#>]{0,8}"
            rf"((?:{_words(data['next-step']['proposal_labels'])}))[ \t*_]{{0,4}}:[ \t*_]+(?=\S)"
        ),
        # r33c: a verb of proposing with no subject before the gerund of the act ('Suggest proceeding with …')
        proposed_act=(
            # r38c: or a line's start, so the cheap test over the message's tail finds a paragraph of its own
            r"(?:\A|(?<=\n)|(?<=[.!?;])(?=[ \t]))[ \t*_]{0,8}"
            # r38i: after a fronted condition on the reader's wish for certainty ('If you need extra confidence, …')
            rf"{fronted_assurance}((?:please[ \t]+)?"
            rf"(?:{_words(data['next-step']['proposing_verbs'])}))[ \t]+(?=[a-z]+ing\b)"
        ),
        # r33g: an imperative of invoking or a bare label of sequence before a command in code, opening the paragraph
        # or a sentence after a mark ('Run `/speckit.implement` to …', 'Next: `/speckit.tasks`', 'Then: run `make x`')
        invoked=(
            r"(?:\A|(?<=\n)|(?<=[.!?;])[ \t]+)[ \t*_#>-]{0,8}(?:[^\w\s`'\"(\[]{1,3}[ \t]+)?"
            # r39j: a label of the report's section on checks before the sentence ('Tests: please re-run `…`')
            rf"(?:(?:{_words(data['next-step']['section_labels'])})[ \t*_]{{0,4}}:[ \t*_]{{1,4}})?("
            rf"(?:{_words(data['next-step']['sequence_labels'])})[ \t*_]{{0,4}}[:,][ \t*_]{{0,4}}"
            # r33i: or a verb of going on after the label ('Next: proceed to `/speckit.plan`')
            rf"(?:(?:please|just|simply)[ \t]+)?"
            rf"(?:(?:{_words(data['next-step']['invoking_verbs'] + data['next-step']['going_on'])})[ \t]+)?"
            # r33g: an opener timing it by the reader's readiness, a purpose of going on, a leave
            rf"|(?:(?:{_words(data['next-step']['invoking_openers'])})"
            r"(?:[ \t]+(?:with|to|on)(?:[ \t]+[\w.-]{1,30}){1,3})?"
            r",?[ \t]+(?:(?:please|just|simply)[ \t]+)?"
            r"|(?:please|just|simply|now|so)[ \t]+"
            # the reader as the subject of a modal of possibility or need ('You can proceed to `/speckit.plan`.')
            rf"|you[ \t]+(?:now[ \t]+)?(?:{_words(turn['reader_modals'])})[ \t]+(?:now[ \t]+|then[ \t]+|just[ \t]+)?)?"
            rf"(?:{_words(data['next-step']['invoking_verbs'] + data['next-step']['going_on'] + checking)})[ \t]+"
            r")(?:the[ \t]+)?(?=`(?:/[\w.:-]|[\w.~/-]{1,80}[ \t]+[^`\s]|\.{1,2}/))"
        ),
        # r37f: a verb of running the check opening a sentence, after openers of timing or leave ('Please rerun …',
        # 'Now regenerate …', 'Try running …', 'Give the script another run'); the group is the lead-in with its verb
        rechecked=(
            # r38b: or a conjunct after 'and' that tries one of the message's own steps ('… and try Option 1 first')
            rf"(?:\A|(?<=\n)|(?<=[.!?;])[ \t]+|(?<=[ \t]and[ \t])(?=(?:{_words(step['trying'])})[ \t]+{tried_step}))"
            r"[ \t*_#>-]{0,8}"
            # r38b: a fronted clause timing the check right after the change, a verb of remembering: not the act
            rf"(?:(?:{_words(step['change_times'])})[ \t]+(?:[\w'’-]+[ \t]+){{0,3}}?(?:{changed})"
            r"(?:[ \t]+[\w'’-]+){0,3}?[ \t]*,[ \t]+)?"
            rf"{fronted_assurance}"  # r38i: 'If you need extra confidence, rerun …': the wish, not the act
            # r38p: after a verb of remembering, the steps of the series before its running step ('remember to update
            # the env file, run …'): words with no sentence mark, a dot only inside one ('.env.local')
            rf"(?:(?:{_words(step['remembering'])})[ \t]+"
            rf"(?:{remembered_word}(?:[ \t]+{remembered_word}){{0,{step['remembered_step_words'] - 1}}}"
            rf"[ \t]*,[ \t]+(?:and[ \t]+)?){{0,{step['remembered_steps']}}})?("
            rf"(?:(?:{_words(step['recheck_openers'])})[ \t,]+){{0,3}}"
            rf"(?:(?:{_words(step['trying'])})[ \t]+(?:{_words(step['running_gerunds'])}|{tried_step})"
            # r39b: any verb of running may take the prefix of doing it again ('re-generate', 're-apply')
            rf"|(?:re-)?(?:{_words(step['running_verbs'] + hyphened)})"
            rf"|(?:{_words(step['giving'])})[ \t]+(?:{_words(step['given_pronouns'])}"
            rf"|(?:{_words(step['given_determiners'])})[ \t]+[\w.-]+(?:[ \t]+[\w.-]+)?)[ \t]+"
            rf"(?:{_words(step['running_nouns'])}))"
            r")\b(?![-'’])"
        ),
        # r38b: what points at the code the message gave, right after the verb of running ('Run this in mongosh')
        code_pointer=rf"[ \t]+(?:{_words(step['code_pointers'])})(?![\w'’-])",
        # r38b: the fronted clause of time that holds a noun of the change ('After applying these changes,')
        change_timed=rf"\b(?:{changed})\b",
        # r38b: a lead-in over a list that names the change it explains ('The key fix was:')
        explained=rf"\b(?:{_words(step['change_nouns'] + step['explained_leads'])})\b",
        # r39h: the imperative that introduces a command in a fenced block, cut by its colon (read lower case, the
        # colon left off): a fronted clause, openers of sequence or leave, a place it runs from, then the verb
        fenced_lead=(
            r"(?:(?P<front>[^,:]{1,60}),[ \t]+)?"
            rf"(?:(?:{_words(step['fenced_openers'])})[ \t,]+){{0,3}}"
            rf"(?:(?:{_words(step['fenced_places'])})[ \t]+(?:[\w./~-]+[ \t]+){{1,3}}?)?"
            rf"(?P<verb>{_words(step['invoking_verbs'] + step['fenced_verbs'])})(?![\w'’-])(?P<rest>[^:]{{0,60}})"
        ),
        # r39h: a remark after the block predicting the run's outcome ('This will add the dependency …')
        fenced_outcome=rf"(?:{_words(step['remark_subjects'])})[ \t]+(?:will|should|would)[ \t]+\w",
        # r39l: the outcome remark after a list of steps: a fronted time of the change (a noun of the change or the
        # gerund of a changing act: 'After installing it,'; 'After exporting,' names no change), then the prediction
        outcome_fronted=(
            rf"(?:(?:{_words(step['change_times'])})[ \t]+(?:[\w'’-]+[ \t]+){{0,3}}?(?:{changed})"
            r"(?:[ \t]+[\w'’-]+){0,3}?,"
            rf"|(?:{_words(statement['outcome_openers'])}),?)"
            r"[ \t]+"
        ),
        # r39l: or a pointer back at the steps, 'will' and a verb of bringing about ('This will fix the import error.')
        outcome_will=(
            rf"[ \t*_]*(?:{_words(step['remark_subjects'])})(?:[ \t]+[\w'’-]+){{0,{statement['outcome_words']}}}?"
            rf"[ \t]+will[ \t]+(?:also[ \t]+)?(?:{_words(statement['outcome_verbs'])})\b[^?]*\Z"
        ),
        # r38b: a remark on what the check's run will show ('This should help identify where the push fails.')
        run_remark=(
            rf"[ \t*_]*(?:{_words(step['remark_subjects'])})[ \t]+(?:{_words(step['remark_modals'])})[ \t]+"
            rf"(?:[a-z]+ly[ \t]+)?(?:also[ \t]+)?(?:{_words(step['revealing'])})\b[^?]*\Z"
        ),
        # r31b: a lead-in that hands its list to the reader by its grammar (sites.toml [list] reader_needs …)
        reader_lead=(
            r"\b(?:to|you)[\s*_]*:[\s*_]*\Z"
            rf"|\byou(?:['’]ll|['’]d|\s+will|\s+would)?\s+(?:also\s+|still\s+|then\s+|now\s+)?"
            rf"(?:{_words(data['list']['reader_needs'])})\b"
            rf"|\b(?:{_words(data['list']['reader_for'])})\b"
            rf"|\byou\s+(?:{_words(data['list']['reader_choices'])})[\s*_]*:[\s*_]*\Z"
            rf"|\bif\s+you(?:['’]d|\s+would)?\s+(?:{_words(data['list']['reader_wishes'])})\b"
            rf"|\b(?:{_words(data['list']['choose'])})\b"
            # r38i: only the time right after the change ('After applying the changes:', 'Once the fix is in:')
            rf"|\A[\s*_]*(?:{_words(step['change_times'])})\s+(?:[\w'’-]+\s+){{0,{timed - 1}}}?"
            rf"(?:{_words(step['change_nouns'])})(?:\s+[\w'’-]+){{0,{timed - 1}}}?[\s*_]*:[\s*_]*\Z"
            # r39l: only a purpose ('To fix it:', 'To enable the new route:'), its steps judged by the row
            rf"|(?:\A|[.!?]\s+)[\s*_]*to\s+[a-z][\w'’-]*(?:\s+[\w'’./%-]+){{0,{purpose_words - 2}}}"
            r"[\s*_]*:[\s*_]*\Z"
        ),
        # r38i: a condition on the reader's wish for certainty ('if you need extra assurance'), fronted or after
        assurance=rf"\b{assured}",
        # r38i: the next step stated as the subject of a copula ('The next step should be a focused fix …')
        next_stated=(
            r"(?:\A|(?<=\n)|(?<=[.!?;])[ \t]+)[ \t*_#>]{0,8}("
            rf"(?:(?:the[ \t]+)?(?:{_words(step['stated_subjects'] + step['future_subjects'])})"
            # r41e: a plural noun its postmodifier names as future work ('Ideas for later could include …', 'Things
            # worth doing would be …'), as an inline label's (sites.toml [list] label_postmodifiers, lead_ins)
            rf"|(?:[\w'’-]+[ \t]+)?[\w-]+s[ \t]+(?:worth(?:[ \t]+[\w-]+){{1,2}}?|(?:for|to)[ \t]+(?:\w+[ \t]+)?"
            rf"(?:the[ \t]+)?(?:{_words(data['list']['later_marks'])})))[ \t]+"
            rf"(?:{_words(step['stated_copulas'])})(?:[ \t]+to)?"
            # r42f: a plural noun of work as the subject of a modal of containing ('Extensions might include …')
            rf"|(?:[\w'’-]+[ \t]+)?(?:{_words(step['work_nouns'])})[ \t]+"
            rf"(?:{_words(containing_copulas)})"
            # r42f: a noun of future work as the subject of a modal of possibility over a verb of changing the code ('A
            # follow-up could add error recovery …'): the work still to do, left to no one
            rf"|(?:the[ \t]+)?(?:{_words(step['future_subjects'])})[ \t]+(?:{_words(step['future_modals'])})"
            rf"(?=[ \t]+(?:{_words(data['advised-work']['verbs'])})\b))[ \t]+(?=[a-z`])"
        ),
        # r41e: the same statement turned round, the work the subject and the next step the modal copula's complement
        # ('Extending it to brands would be a natural next step.', 'A retry test could be a good follow-up.'): the
        # work opens with a gerund or a determiner and closes the sentence's subject
        step_complement=(
            r"(?:\A|(?<=\n)|(?<=[.!?;])[ \t]+)[ \t*_#>]{0,8}"
            rf"(?P<work>(?:[a-z]+ing|{_words(step['bare_determiners'])})[ \t]+[^.!?;:\n]{{3,160}}?)[ \t]+"
            r"(?P<lead>(?:would|could|might|should)[ \t]+(?:\w+ly[ \t]+)?be[ \t]+(?:(?:a|an|one|the)[ \t]+)?"
            rf"(?:[\w-]+[ \t]+)?(?:{_words([*step['stated_subjects'], *step['future_subjects']])}"
            rf"|{_words(step['complement_nouns'])}))"
            r"[ \t*_]*[.!]?[ \t*_]*\Z"
        ),
        # r39j: the next or remaining work stated with a bare present copula ('The next step is to wire …', "All that's
        # left is adding …", 'Only thing remaining is the migration.'); up to three words before a remaining phrase
        remaining_stated=(
            r"(?:\A|(?<=\n)|(?<=[.!?;])[ \t]+)[ \t*_#>]{0,8}("
            rf"(?:(?:the[ \t]+)?(?:{_words(step['stated_subjects'])})"
            rf"|(?:[\w'’-]+[ \t]+){{0,3}}?(?:{_words(data['ready-next']['remaining'])}))"
            rf"[ \t]+(?:{_words(step['bare_copulas'])})(?:[ \t]+to)?)[ \t]+(?=[a-z`])"
        ),
        # r39j: a label of the work still to do opening the paragraph or a sentence after a mark ('Remaining: …')
        remaining_label=(
            r"(?:\A|(?<=\n)|(?<=[.!?;])(?=[ \t]))[ \t*_#>]{0,8}"
            rf"((?:{_words(step['remaining_labels'])}))[ \t*_]{{0,4}}:[ \t*_]+(?=\S)"
        ),
    )
    rest = dict(
        not_imperative=frozenset(turn["not_imperative"]),
        turn_labels=frozenset(turn["labels"]),
        lead_ins=frozenset(data["list"]["lead_ins"]),
        label_postmodifiers=frozenset(data["list"]["label_postmodifiers"]),
        later_marks=frozenset(data["list"]["later_marks"]),
        future_work=frozenset(data["list"]["future_work"]),
        max_items=int(data["list"]["max_items"]),
        menu_max_items=int(data["reply"]["menu_max_items"]),
        recommendations=tuple(data["recommendation"]["openings"]),
        recommendation_hedges=tuple(data["recommendation"]["hedges"]),
        picks=tuple(data["pick"]["openings"]),
        invitations=tuple(data["invitation"]["openings"]),
        invitation_words=int(data["invitation"]["max_words"]),
        subordinators=frozenset(data["splice"]["subordinators"]),
        table_offers=frozenset(data["list"]["table_offers"]),
        chat_reads={form.lower(): word for word, forms in data["chat-words"].items() for form in forms},
        table_lead_offers=tuple(data["list"]["table_lead_offers"]),
        trailer_pointers=frozenset(data["list"]["trailer_pointers"]),
        trailer_copulas=frozenset(data["list"]["trailer_copulas"]),
        trailer_words=int(data["list"]["trailer_words"]),
        settle_verbs=frozenset(data["list"]["settle_verbs"]),
        settle_points=frozenset(data["list"]["settle_points"]),
        settle_goes_on=tuple(data["list"]["settle_goes_on"]),
        instruction_reach=int(data["report"]["instruction_reach"]),
        instruction_chars=int(data["report"]["instruction_chars"]),
        bare_label_words=int(data["list"]["bare_label_words"]),
        option_heads=frozenset(data["list"]["option_heads"]),
        next_heads=frozenset(data["next-step"]["label_heads"]),
        next_empty=frozenset(data["next-step"]["empty"]),
        invoke_places=tuple(data["next-step"]["reader_places"]),
        going_on=tuple(data["next-step"]["going_on"]),
        invoke_blocked=tuple(data["next-step"]["blocked"]),
        invoke_failed=tuple(data["next-step"]["failed"]),
        invoke_own_use=tuple(data["next-step"]["own_use"]),
        statement_personal=frozenset(data["list-statement"]["personal"]),
        ease=frozenset(" ".join(_LEAD_WORD.findall(p)) for p in data["remark"]["ease"]),
        statement_reporting=frozenset(data["list-statement"]["reporting"]),
        takes_the_list=frozenset(data["list-statement"]["takes_the_list"]),
        rest_openings=frozenset(data["list-statement"]["rest_openings"]),
        rest_others=frozenset(data["list-statement"]["others"]),
        verifying=tuple(data["next-step"]["verifying"]),
        verifying_times=tuple(data["next-step"]["verifying_times"]),
        changing_acts=tuple(data["next-step"]["changing_acts"]),
        fenced_verbs=frozenset(data["next-step"]["fenced_verbs"]),
        command_acts=frozenset(data["next-step"]["command_acts"]),
        fenced_shells=frozenset(data["next-step"]["fenced_shells"]),
        running=frozenset(advised["running"]),
        outcome_times=frozenset(data["next-step"]["outcome_times"]),
        fenced_openers_set=frozenset(data["next-step"]["fenced_openers"]),
        invoking_openers=tuple(data["next-step"]["invoking_openers"]),
        explained_words=int(data["next-step"]["explained_words"]),
        stated_owned=tuple(data["next-step"]["stated_owned"]),
        bare_determiners=frozenset(data["next-step"]["bare_determiners"]),
        progressive_after=frozenset(data["next-step"]["progressive_after"]),
    )
    return sources, rest


def _words(words: list[str]) -> str:
    """Words and phrases as an alternation, longest first, spaces and apostrophes as written either way."""
    ordered = sorted(words, key=len, reverse=True)
    # One escape per phrase, its words joined by one space: re.escape leaves apostrophes as they are and turns that
    # space into "\ ", so both are then replaced by what matches either way of writing them.
    return "|".join(re.escape(" ".join(p.split())).replace("\\ ", r"\s+").replace("'", "['’]") for p in ordered)


def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def closing_table(view: str) -> QuestionSite | None:
    """Issue 28 phase 4: a table that closes the message and offers its rows as work (its header's first cell holds a
    lead-in word of sites.toml [list] and an offer: a condition on the reader's wish, or a word of `table_offers`):
    a closing list whose lead-in is that cell and whose items are the rows' first cells."""
    if "|" not in view[max(0, len(view) - _LIST_TAIL) :]:
        return None
    patterns = _patterns()
    starts = unit_starts(view)
    bounds, content = last_content_unit(view, starts, claim_vocabulary())
    trailer = None
    if bounds is not None and content and not _TABLE_ROW.match(view, bounds[0]) and _points_back_as_work(
        view[bounds[0] : bounds[1]], patterns
    ):
        trailer, bounds = bounds, _unit_before(view, starts, bounds[0])  # r38o: the sentence after names the table
    if bounds is None or not content or not _TABLE_ROW.match(view, bounds[0]):
        return None
    # the table's rows, each a unit (a line), back from the last to the first line that is no row
    lines: list[tuple[int, int]] = []
    k = bisect_left(starts, bounds[0])
    while k >= 0 and len(lines) <= patterns.max_items + 2:
        start = starts[k]
        end = starts[k + 1] if k + 1 < len(starts) else len(view)
        row = view[start:end].rstrip()
        if not _TABLE_ROW.match(row) or "\n" in row:
            break
        lines.insert(0, (start, start + len(row)))
        k -= 1
    if len(lines) < 3 or not _TABLE_RULE.match(view[lines[1][0] : lines[1][1]]):
        return None  # a header, its rule, a row at least
    header = _first_cell(view, lines[0])
    rows = [cell for line in lines[2 : 2 + patterns.max_items] if (cell := _first_cell(view, line)) is not None]
    if ((header is None or not rows) and trailer is None) or len(lines) - 2 > patterns.max_items:
        return None
    if trailer is not None:
        # the rows' options (the widest cell after a first that only numbers or tags them), the trailer the lead-in
        work = [cell for line in lines[2:] if (cell := _option_cell(view, line)) is not None]
        if not work:
            return None
        return QuestionSite(trailer[0], trailer[1], view[trailer[0] : trailer[1]], LIST, False, "", tuple(work))
    lead = view[header[0] : header[1]].lower()
    words = set(_LEAD_WORD.findall(lead))
    offered = patterns.condition.search(lead) is not None or bool(words & patterns.table_offers)
    if not (words & patterns.lead_ins and offered):
        return _offered_before(view, starts, lines[0][0], rows)
    return QuestionSite(header[0], rows[-1][1], view[header[0] : rows[-1][1]], LIST, False, "", tuple(rows))


def _points_back_as_work(sentence: str, patterns: _Patterns) -> bool:
    """r38o (docs/DESIGN.md#construction-classes): one sentence after a closing table points back at it as the work
    still to do and hands it to the reader ('That's the remaining work if you want to pick it up.'): a pointer as the
    subject of a present copula, a lead-in word of sites.toml [list] after it, the reader named, no question and no line
    break. The table's rows are the list; the sentence is its lead-in, whose grammar the work-list row reads."""
    lowered = " ".join(sentence.lower().replace("’", "'").split())
    words = _LEAD_WORD.findall(lowered)
    if "\n" in sentence.strip() or "?" in sentence or not 2 < len(words) <= patterns.trailer_words:
        return False
    if words[0] in patterns.trailer_copulas or words[0] not in patterns.trailer_pointers:
        return False
    rest = words[1:] if words[0].endswith("'s") else words[2:] if words[1] in patterns.trailer_copulas else []
    return bool(rest) and bool(patterns.lead_ins & set(rest)) and bool({"you", "your"} & set(rest))


def _unit_before(view: str, starts: list[int], position: int) -> tuple[int, int] | None:
    """The [first, last) of the last unit before `position` that holds more than space, its spaces left out; None when
    none does. A closing table's or closing paragraph's lead-in is read there."""
    k = bisect_left(starts, position) - 1
    while k >= 0 and not view[starts[k] : starts[k + 1]].strip():
        k -= 1
    if k < 0:
        return None
    unit = view[starts[k] : starts[k + 1]]
    return starts[k] + len(unit) - len(unit.lstrip()), starts[k] + len(unit.rstrip())


def _offered_before(view: str, starts: list[int], table_start: int, rows: list[tuple[int, int]]) -> QuestionSite | None:
    """r29c: the line just before a closing table, ending with a colon, names the ways on and offers them as the agent's
    ("A few directions we could take next:"), or (r40e) names them as possible work with the header's words of offer
    ("Potential follow-ups:"): the table's rows are the items of a closing list under that line."""
    patterns = _patterns()
    before = _unit_before(view, starts, table_start)
    if before is None:
        return None
    first, last = before
    line = view[first:last]
    lowered = " ".join(line.lower().replace("’", "'").split())
    if "\n" in line or not _ENDS_WITH_COLON.search(line) or not patterns.lead_ins & set(_LEAD_WORD.findall(lowered)):
        return None
    words = set(_LEAD_WORD.findall(lowered))
    if not (any(f" {o} " in f" {lowered} " for o in patterns.table_lead_offers) or words & patterns.table_offers):
        return None  # r40e: or a label that names the rows as possible work ('Potential follow-ups:'), as a header does
    sentence = line + "\n" + view[last + 1 : rows[-1][1]]
    return QuestionSite(first, rows[-1][1], sentence, LIST, False, "", tuple(rows))


def _first_cell(view: str, line: tuple[int, int]) -> tuple[int, int] | None:
    """The [start, end) of a table row's first cell, its spaces left out; None when it holds no letter."""
    start = view.find("|", line[0], line[1]) + 1
    bar = view.find("|", start, line[1])
    end = line[1] if bar == -1 else bar
    first = start + len(view[start:end]) - len(view[start:end].lstrip())
    last = first + len(view[first:end].rstrip())
    return (first, last) if last > first and any(ch.isalpha() for ch in view[first:last]) else None


def closing_next_step(text: str, view: str) -> QuestionSite | None:
    """r29c (docs/DESIGN.md#construction-classes): the last paragraph handed to the reader as the next step — after an
    inline label and its colon ('Suggested next move: add a fuzz test …'), or under a heading or emphasised label of
    the next step on the line or unit just before it ('## Next step' + 'Run the seeding script …') — is a closing list
    of one item, its lead-in the label (sites.toml [next-step]); r32a: one numbered item after the label is that item,
    and a label opening a later sentence of the paragraph is _next_label_within's (r33c: a label of suggesting too).
    With no label: r33c a verb of proposing the reader's act (_proposed_act), r33g an imperative of invoking the next
    command in code (_invoked_command). A list item is closing_list's."""
    patterns = _patterns()
    tail = view[max(0, len(view) - _LIST_TAIL) :].lower()
    if (
        "next" not in tail
        and ":" not in tail
        and patterns.proposed_act.search(tail) is None
        and patterns.invoked.search(text[max(0, len(text) - _LIST_TAIL) :]) is None
        and patterns.rechecked.search(tail) is None
        and patterns.remaining_stated.search(tail) is None
        and patterns.next_stated.search(tail) is None
        and patterns.step_complement.search(tail) is None
    ):
        # every label names the next step, or ends with its colon; r33c: or the act is proposed; r33g: or invoked
        return None
    starts = unit_starts(view)
    last, content = last_content_unit(view, starts, claim_vocabulary())
    if last is None or not content:
        return None
    fenced = _fenced_command(text, view, patterns)
    if fenced is not None:
        return fenced
    if _ITEM.match(view, last[0]):
        return _check_before_list(text, view, starts, last, patterns) or _proposed_in_item(view, last, patterns)
    written = view[last[0] : last[1]]
    first = last[0] + len(written) - len(written.lstrip())
    end = last[0] + len(written.rstrip())
    if pending_note(text, view, first, end):
        # r42f: the message ends on a lead-in that introduces nothing ('Now rebuild and verify:'): the agent narrating
        # its own next step, cut off before it, hands no work over
        return None
    label = patterns.next_step.match(view[first:end]) or _inline_label(view[first:end], patterns)
    if label is None or label.end() >= end - first:
        found = (
            _under_label(text, view, starts, last, patterns)
            or _next_label_within(text, view, first, end, patterns)
            or _proposed_act(view, first, end, patterns)
            or _next_step_stated(view, first, end, patterns)
            or _remaining_stated(view, first, end, patterns)
            or _invoked_command(text, view, first, end, patterns)
            or _check_handed_back(text, view, first, end, patterns)
        )
        within = None if found is not None else _label_in_paragraph(view, first, end, patterns)
        if within is None:
            return found
        first, label = within
    item = first + label.end()
    numbered = _ENUMERATOR.match(view, item)  # r32a: 'Next step: 1. Load `/admin` …', one numbered item inline
    if numbered is not None and numbered.end() < end:
        item = numbered.end()
    if not _instructs(view[item:end], patterns) or _opens_with_participle(view[item:end]):
        return None
    head = view[first : first + label.end()].rstrip()
    sentence = head + "\n" * (item - first - len(head))
    return QuestionSite(first, end, sentence + view[item:end], LIST, False, "", ((item, end),))


_SENTENCE_START = re.compile(r"(?<=[.!?])[*_]*[ \t]+(?=[*_]*[A-Z])")


def _label_in_paragraph(view: str, first: int, end: int, patterns: _Patterns) -> tuple[int, re.Match[str]] | None:
    """r42f (docs/DESIGN.md#construction-classes): an inline label opening a later sentence of the last paragraph, after
    the report ('Added the flag. Other improvements worth considering: colourised output, …'): where the sentence
    starts and the label, read as _inline_label reads one opening the paragraph (the last such label); None if none."""
    found = None
    for cut in _SENTENCE_START.finditer(view, first, end):
        label = _inline_label(view[cut.end() : end], patterns)
        if label is not None and label.end() < end - cut.end():
            found = (cut.end(), label)
    return found


def _under_label(
    text: str, view: str, starts: list[int], last: tuple[int, int], patterns: _Patterns
) -> QuestionSite | None:
    """The last paragraph under a heading or emphasised label of the next step on the unit just before it."""
    written = view[last[0] : last[1]]
    first = last[0] + len(written) - len(written.lstrip())
    end = last[0] + len(written.rstrip())
    before = _unit_before(view, starts, last[0])
    if before is None:
        return None
    lead_first, lead_end = before
    written_lead = text[lead_first:lead_end]
    if "\n" in view[lead_first:lead_end]:
        return None  # a paragraph, no label
    labelled = _HEADING.match(written_lead) or _EMPHASIS_ONLY.match(written_lead)
    if not (labelled or _ENDS_WITH_COLON.search(written_lead)):
        return None
    if patterns.next_step.match(written_lead) is None or patterns.next_step.match(written_lead).end() < len(
        written_lead.rstrip(" *_:")
    ):
        return None  # the label is the whole lead-in
    if not _instructs(view[first:end], patterns) or _opens_with_participle(view[first:end]):
        return None
    sentence = view[lead_first:lead_end] + "\n" + view[lead_end + 1 : end]
    return QuestionSite(lead_first, end, sentence, LIST, False, "", ((first, end),))


_AGENT_OWNS = frozenset(("i", "i'll", "i'm", "we", "we'll", "my", "our", "me", "us"))
_ENUMERATOR = re.compile(r"(?:\A|(?<=\s))\(?\d{1,2}[.)][ \t]+")


def _next_label_within(text: str, view: str, first: int, end: int, patterns: _Patterns) -> QuestionSite | None:
    """r32a (docs/DESIGN.md#construction-classes): the next act handed over under a label as Codex CLI and Gemini CLI
    write it — a few words, 'next' and a word naming the act (sites.toml [next-step] label_heads: 'Natural next
    step:', 'Suggested next command:', 'next command suggestion:'; not 'My next step:'), opening the last paragraph
    or a sentence of it after the report ('Tests not run. Next steps: 1) Run … 2) Exercise …'). What follows is the
    list, its items split at inline numbers; an item is handed over when it is an instruction or opens with a command
    in code ('`/speckit.plan`'); the work-list row reads them. None when the label is none of these or no item
    instructs."""
    found = None
    for match in patterns.next_label.finditer(view[first:end]):
        found = match
    proposal = None
    for match in patterns.proposal_label.finditer(view[first:end]):
        proposal = match  # r33c: 'Suggestion: run …', 'Consider: 1) …; 2) …'
    for match in patterns.remaining_label.finditer(view[first:end]):
        if proposal is None or match.start() > proposal.start():
            proposal = match  # r39j: 'Remaining: update the fixtures …', "What's left for you: regenerate …"
    if proposal is not None and (found is None or proposal.start() > found.start()):
        found = proposal
    else:
        proposal = None
    if found is None:
        return None
    words = _LEAD_WORD.findall(found.group(1).lower())
    if set(words) & _AGENT_OWNS:
        return None  # 'My next step: rerun the suite': the agent's own next act, handed to no one
    after = words[words.index("next") + 1 :] if "next" in words else []
    if proposal is None and not set(after) & patterns.next_heads:
        # 'Next release: 2.4' names a thing, no act; a bare 'Next:' lists the agent's own queue as often as it hands
        # work over ('Next: crash #312, then the release-notes draft.')
        return None
    label_first = first + found.start(1)
    item_first = first + found.end()
    cuts = [m for m in _ENUMERATOR.finditer(view, item_first, end)]
    bounds = [m.start() for m in cuts if m.start() > item_first] + [end]
    parts: list[tuple[int, int]] = []
    at = item_first
    for bound in bounds:
        opening = _ENUMERATOR.match(view, at)
        start = opening.end() if opening is not None else at
        stop = start + len(view[start:bound].rstrip())
        at = bound
        if stop <= start:
            continue
        if text[start : start + 1] == "`" or _instructs(view[start:stop], patterns):
            parts.append((start, stop))
    if not parts:
        return None
    head = view[label_first:item_first].rstrip()
    sentence = head + "\n" * (parts[0][0] - label_first - len(head)) + view[parts[0][0] : parts[-1][1]]
    return QuestionSite(label_first, parts[-1][1], sentence, LIST, False, "", tuple(parts))


def _proposed_act(view: str, first: int, end: int, patterns: _Patterns) -> QuestionSite | None:
    """r33c (docs/DESIGN.md#construction-classes): the last paragraph proposes the reader's next act by a verb of
    proposing with no subject, opening it or a sentence of it, and the act as its gerund ('No other files changed.
    Suggest proceeding with executing the tasks.', 'Tests were not run; consider exercising the new routes.'): a
    closing list of one item, the gerund's clause to the paragraph's end, its lead-in the verb; work-list reads it.
    'I'd suggest running …' has the agent as subject: the agent's recommendation, none of this. r38c: a message about
    the reader's code ('You only handle "not found" cases. … Consider adding validation …') hands that work over all the
    same: the agent could add it (docs/DESIGN.md#construction-classes, work handed to the reader as advice)."""
    found = None
    for match in patterns.proposed_act.finditer(view[first:end]):
        found = match
    if found is None:
        return None
    item = first + found.end()
    stop = item + len(view[item:end].rstrip())
    if stop <= item or view[item:stop].rstrip(_TRAILING).endswith("?"):
        return None
    head = view[first + found.start(1) : item].rstrip()
    return QuestionSite(first + found.start(1), stop, head + "\n" + view[item:stop], LIST, False, "", ((item, stop),))


def _proposed_in_item(view: str, last: tuple[int, int], patterns: _Patterns) -> QuestionSite | None:
    """r38i (docs/DESIGN.md#the-check-handed-back): the last list item goes on, after its first sentence, with a verb of
    proposing the reader's act ('- Not run (not requested). Consider exercising the create flows …'): running prose
    inside the item, read as _proposed_act reads a paragraph. An item that opens with the verb is the list's own."""
    marker = _ITEM.match(view, last[0])
    first = marker.end() if marker is not None else last[0]
    end = first + len(view[first : last[1]].rstrip())
    site = _proposed_act(view, first, end, patterns)
    return site if site is not None and _SENTENCE_END.search(view, first, site.start) else None


def _next_step_stated(view: str, first: int, end: int, patterns: _Patterns) -> QuestionSite | None:
    """r38i (docs/DESIGN.md#construction-classes): the next step stated as the subject of a copula, opening the last
    paragraph or a sentence of it ('The next step should be a focused fix on the save path.', 'Next step would be to
    add the retry test.'; sites.toml [next-step] stated_subjects, stated_copulas): the complement, to the paragraph's
    end, is a closing list of one item, its lead-in the subject and copula; work-list reads it. None: a complement the
    reader or the agent owns ('… should be yours to decide', '… should be mine'), a question, or an -ing form (the
    agent's own state)."""
    found = None
    for match in patterns.next_stated.finditer(view, first, end):
        found = match
    if found is None:
        return _step_complement(view, first, end, patterns)
    item = found.end()
    stop = item + len(view[item:end].rstrip())
    complement = " ".join(view[item:stop].lower().replace("’", "'").split())
    # r40e: after a verb of containing a gerund names the work ('Next steps could include turning the PRD into tickets')
    step = sites()["next-step"]
    containing = found.group(1).lower().split()[-1] in step["containing"]
    words = complement.rstrip(_TRAILING).split()
    if stop <= item or complement.rstrip(_TRAILING).endswith("?") or not words:
        return None
    if _opens_with_participle(view[item:stop]) and not containing and (
        len(words) == 1 or words[1] in patterns.progressive_after
    ):
        return None  # 'The next step should be running in CI right now': the step in progress, no work named
    if not containing and words[0].strip(",.;:!") in step["evaluations"]:
        return None  # r40e: 'A follow-up would be nice but it isn't needed': the work judged, none named
    if any(re.match(rf"{re.escape(owned)}(?![\w'-])", complement) for owned in patterns.stated_owned):
        return None  # 'The next step is yours: …', '… is mine': whose the step is, no work handed over
    head = view[found.start(1) : found.end(1)].rstrip()
    return QuestionSite(found.start(1), stop, head + "\n" + view[item:stop], LIST, False, "", ((item, stop),))


def _step_complement(view: str, first: int, end: int, patterns: _Patterns) -> QuestionSite | None:
    """r41e: the next step stated the other way round, the work the subject and a noun of the next or future work the
    complement of a modal copula, the last sentence ('Extending it to categories would be a natural next step.'): the
    work is a closing list of one item, its lead-in the copula and complement. None: the agent or the reader in the
    work ('My plan would be …', 'Adding your key would be …'), or a question."""
    found = patterns.step_complement.search(view, first, end)
    if found is None or set(_LEAD_WORD.findall(found.group("work").lower())) & (_AGENT_OWNS | {"you", "your"}):
        return None
    head = found.group("lead")
    work = found.start("work"), found.end("work")
    return QuestionSite(found.start("lead"), found.end("lead"), head + "\n" + view[work[0] : work[1]], LIST, False, "",
                        (work,))


_READERS_OWN = re.compile(r"\byour\b")


def states_remaining_work(lead: str) -> bool:
    """r39j: whether a closing list's lead-in is the next or remaining work stated with a bare copula or as a label
    ("All that remains is", "Still to do:"): a lead-in that names the work left, whatever its words' tags."""
    patterns = _patterns()
    lead = lead.strip().rstrip(":*_ \t")
    return bool(patterns.remaining_stated.match(lead + " x") or patterns.remaining_label.match(lead + ": x"))


def _remaining_stated(view: str, first: int, end: int, patterns: _Patterns) -> QuestionSite | None:
    """r39j (docs/DESIGN.md#construction-classes): the next or remaining work stated with a bare present copula in the
    last sentence of the last paragraph ('The next step is to wire the handler into the router.', "All that's left is
    adding the env var to `.env.example`.", 'Only thing remaining is the migration.'; sites.toml [next-step]
    bare_copulas, [ready-next] remaining): the complement — an infinitive, a gerund or a noun of the work — is a
    closing list of one item, its lead-in the subject and copula; work-list reads it. None: a subject the agent owns
    ('My next step is …'), a complement the reader or the agent owns ('… is for me to …'), a question, or a statement
    the message goes on after (the close is elsewhere)."""
    found = None
    for match in patterns.remaining_stated.finditer(view, first, end):
        found = match
    if found is None or set(_LEAD_WORD.findall(found.group(1).lower().replace("’", "'"))) & _AGENT_OWNS:
        return None
    if _opens_with_verdict(view):
        return None  # r40e: 'Approved. … The only remaining item is …': a review's note to the work's author
    if patterns.next_stage.search(view[found.start(1) : end]):
        # r37i's "All that's left is to push", r33e's 'Next up is Phase 3': readiness-next's, read there
        return None
    item = found.end()
    stop = item + len(view[item:end].rstrip())
    complement = " ".join(view[item:stop].lower().replace("’", "'").split())
    if stop <= item or complement.rstrip(_TRAILING).endswith("?"):
        return None
    if any(re.match(rf"{re.escape(owned)}(?![\w'-])", complement) for owned in patterns.stated_owned):
        return None  # 'The next step is for me to …', '… is yours': whose the step is, no work handed over
    opening = _LEAD_WORD.match(complement)
    infinitive = found.group(1).lower().endswith(" to")
    # a noun of the work only after what remains ('Only thing remaining is the migration'); after 'the next step' a
    # noun names the stage of the agent's own plan as often ('Next step is the required scan: fetch remotes, …')
    remaining = re.match(r"(?:the\s+)?next\b", found.group(1).lower()) is None
    named = remaining and opening is not None and opening.group() in patterns.bare_determiners
    if not (infinitive or named or complement.startswith("`") or _opens_with_participle(complement)):
        return None  # 'The remaining work is already underway …': where the work stands, no work named
    words = complement.rstrip(_TRAILING).split()
    if not infinitive and _opens_with_participle(complement) and (
        len(words) == 1 or words[1] in patterns.progressive_after
    ):
        return None  # 'The next step is running in CI right now': the step in progress (the progressive), no work named
    if _READERS_OWN.search(re.split(r"[,;]|\band\b", complement, maxsplit=1)[0]):
        return None  # 'The next steps are to add your secret key and deploy': the reader's own set-up
    closed = _SENTENCE_END.search(view, item, stop)
    if closed is not None and view[closed.end() : stop].strip(_TRAILING + " \t\n"):
        return None  # a sentence follows: the statement is not the close
    head = view[found.start(1) : found.end(1)].rstrip()
    return QuestionSite(found.start(1), stop, head + "\n" + view[item:stop], LIST, False, "", ((item, stop),))


@cache
def _excluded_scope() -> re.Pattern[str]:
    """r40e: a lead-in that is the label of the work's bounds: the scope word heads it, after at most one word
    ('Out of scope:', 'Known limitations:'); one said in passing ('Next steps, since docs are out of scope:') labels the
    steps, not the bounds."""
    scope = "|".join(re.escape(w) for w in sorted(sites()["list"]["excluded_scope"], key=len, reverse=True))
    return re.compile(rf"[\W_]*(?:[\w'’-]+[ \t]+)?(?:{scope})", re.IGNORECASE)


_FIRST_SENTENCE = re.compile(r"[\s*_#>]*([^.!?\n]{1,40}?)[\s*_]*[.!?]*[\s*_]*(?:\n|[.!?](?=\s)|\Z)")


# r40rv: the agent's own past act in the first person ('I fixed', "we've added"): the past form of a regular verb
_OWN_PAST_ACT = re.compile(r"\b(?:i|we)(?:['’]ve|\s+have)?(?:\s+(?:also|just|now|then))?\s+([a-z]+ed)\b", re.IGNORECASE)


def _opens_with_verdict(view: str) -> bool:
    """r40e (docs/DESIGN.md#construction-classes): the message's first sentence is a review's verdict alone
    ('Approved.', '**LGTM**'; sites.toml [next-step] review_verdicts): the message reviews someone else's work. r40rv:
    not when the agent reports a change of its own after it ('Approved. I fixed the parser …'; an act outside
    review_acts): the work is the agent's, and a verdict over it hides a hand-over."""
    opening = _FIRST_SENTENCE.match(view)
    if opening is None:
        return False
    said = " ".join(opening.group(1).lower().replace("’", "'").split()).strip(" *_")
    step = sites()["next-step"]
    if said not in step["review_verdicts"]:
        return False
    return not any(m.group(1).lower() not in step["review_acts"] for m in _OWN_PAST_ACT.finditer(view))


_CODE_SPAN = re.compile(r"`([^`\n]{1,200})`")
_TRIED_REACH = 600  # r33g: how far before the last paragraph a failed run of the same command is looked for
_SENTENCE_END = re.compile(r"[.!?](?=[\s*_)\]]|\Z)")


def _invoked_command(text: str, view: str, first: int, end: int, patterns: _Patterns) -> QuestionSite | None:
    """r33g (docs/DESIGN.md#construction-classes): the reader told to invoke the next command of the workflow — an
    imperative of invoking opening the last paragraph or a sentence of it, or a bare label of sequence before it ('Run
    `/speckit.implement` to start building.', 'Next: `/speckit.implement` for Phase 2.', 'Then: run `make seed`'),
    whose object is a command in code: a slash command of the harness, or a program and its arguments or a script when
    the sentence names the sequence ('next', 'then'). A closing list of one item, the command to the sentence's end,
    its lead-in the label and verb; work-list reads it (a human-only act is none). None: a path ('`/admin/events`'), an
    identifier ('`useMemo`'), a question, the reader's own place ('on your machine') or a paragraph that reports the
    agent could not run it (sandbox-blocked verification, left to the reader)."""
    found = None
    # from the line's start: emphasis before the label is blanked out of the paragraph ('**Next:** `/speckit.plan`')
    for match in patterns.invoked.finditer(text, text.rfind("\n", 0, first) + 1, end):
        found = match
    if found is None:
        return None
    code = _CODE_SPAN.match(text, found.end())
    if code is None or code.end() > end:
        return None
    command = code.group(1).strip()
    head_word = command.split()[0]
    slash = head_word.startswith("/") and "/" not in head_word[1:]
    program = len(command.split()) > 1 and not head_word.startswith("/")
    script = head_word.startswith(("./", "../"))
    if not (slash or program or script):
        return None  # '`src/routes/billing.ts`', '`/admin/events`', '`useMemo`': a path or an identifier, no command
    lead_words = " ".join(text[found.start(1) : found.end(1)].lower().replace("’", "'").split())
    going_on = any(lead_words.rstrip(" *_").endswith(phrase) for phrase in patterns.going_on)
    if not slash and going_on:
        return None  # 'Proceed with `npm run build`': going on is invoking only for a slash command of the harness
    stopped = _SENTENCE_END.search(view, code.end(), end)
    stop = stopped.start() if stopped is not None else end
    stop = code.end() + len(text[code.end() : stop].rstrip(_TRAILING))
    if stopped is not None and view[stopped.start()] == "?":
        return None  # a question, judged as one
    lead = text[found.start(1) : found.end(1)]
    reader_may = lead_words.startswith("you ") and not going_on
    if (not slash or reader_may) and patterns.sequence_named.search(lead + text[code.end() : stop]) is None and (
        reader_may or not _verifies(lead_words, text[code.end() : stop].lower().replace("’", "'"), patterns)
    ):
        # 'Run `npm start` to launch the app.', 'You can now run `/terminal-setup` again.': the reader's own use, no
        # next stage of the work (the reader's possibility is a stage only when going on or named as next)
        return None
    sentence = text[found.start(1) : stop].lower()
    paragraph = text[first:end].lower()
    before = text[max(0, first - _TRIED_REACH) : code.start()].lower()  # the paragraph and the one before it
    tried = code.group(0).lower() in before and any(cue in before for cue in patterns.invoke_failed)
    if any(place in sentence for place in (*patterns.invoke_places, *patterns.invoke_own_use)) or tried or any(
        cue in paragraph for cue in patterns.invoke_blocked
    ):
        return None  # 'run it on your machine', '`npm install` failed: no network …': the reader's, not the agent's
    head = view[found.start(1) : found.end(1)].rstrip(" \t*_")
    item = code.start()
    return QuestionSite(found.start(1), stop, head + "\n" + view[item:stop], LIST, False, "", ((item, stop),))


_FENCE_LINE = re.compile(r"^[ \t]*(?:`{3,}|~{3,})[ \t]*([\w+-]*)[^\n]*$", re.MULTILINE)
_FENCED_PROGRAM = re.compile(r"(?:\$[ \t]+)?[\w.~/-]+(?:[ \t]+[^\s=]\S*)+")
_LEAD_MARKS = re.compile(r"[\s*_#>-]*(?:\d{1,2}[.)][ \t]+)?[\s*_]*")
_LEAD_REACH = 200  # r39h: the longest lead sentence read before a fenced block


def _fenced_command(text: str, view: str, patterns: _Patterns) -> QuestionSite | None:
    """r39h (docs/DESIGN.md#the-command-in-a-block): the command handed over in a fenced block — the message's last
    block a shell's, its first line a program and its arguments, introduced by an imperative cut by its colon ('Run
    this command:', 'Now, from microblog run:', 'Verify with:'), and nothing after it but remarks predicting its
    outcome ('This will add the dependency …', 'It should run without that error.'): a closing list of one item, the
    block, which work-list judges. Only the project's act (a changing or checking word of the command or of the lead, or
    the lead and remarks verify, as _verifies reads them); usage ('Run:' + '`npm run dev`'), the reader's place or own
    time, and a run the agent reports blocked or failed are none."""
    fences = list(_FENCE_LINE.finditer(text))
    if len(fences) < 2 or len(fences) % 2:
        return None
    opening, closing = fences[-2], fences[-1]
    if opening.group(1).lower() not in patterns.fenced_shells:
        return None  # a block of code or configuration, no command
    body = text[opening.end() : closing.start()]
    line = next((ln.strip() for ln in body.splitlines() if ln.strip() and not ln.lstrip().startswith("#")), "")
    if not _FENCED_PROGRAM.fullmatch(line):
        return None  # 'export default defineConfig(…)' is caught by the tag; a bare word or a path runs nothing
    remarks = [r.strip() for r in re.split(r"(?<=[.!?])\s+", view[closing.end() :].strip()) if r.strip()]
    if not all(_fenced_outcome_remark(r, patterns) for r in remarks):
        return None  # the message goes on after the block: the command is no closing act
    lead_end = len(view[: opening.start()].rstrip())
    if lead_end == 0 or view[lead_end - 1] != ":":
        return None
    line_start = view.rfind("\n", max(0, lead_end - _LEAD_REACH), lead_end) + 1
    if line_start == 0 and lead_end > _LEAD_REACH:
        return None
    stops = list(re.finditer(r"[.!?](?=[ \t]+\S)", view[line_start:lead_end]))
    lead_start = line_start + (stops[-1].end() if stops else 0)
    lead_start += _LEAD_MARKS.match(view, lead_start).end() - lead_start
    said = " ".join(view[lead_start : lead_end - 1].lower().replace("’", "'").split()).strip(" *_")
    found = patterns.fenced_lead.fullmatch(said)
    if found is None or (found.group("front") and not _fronted_check(found.group("front"), patterns)):
        return None  # no imperative introduces the block; 'To start it, run:' is a purpose of use
    paragraph = view[line_start:lead_end].lower().replace("’", "'")
    own_use = any(use in said for use in patterns.invoke_own_use)
    if own_use or any(place in paragraph for place in patterns.invoke_places):
        return None  # 'Run this on your machine:', '… admin rights on your laptop. Install it …': the reader's to run
    before = text[max(0, lead_start - _TRIED_REACH) : opening.start()].lower()
    if any(cue in before for cue in patterns.invoke_blocked) or (
        line.lower() in before and any(cue in before for cue in patterns.invoke_failed)
    ):
        return None  # the agent could not run it here: the run the sandbox blocked, left to the reader
    acts = set(re.findall(r"[a-z]+", line.lower())) & patterns.command_acts
    checked = found.group("verb") in patterns.fenced_verbs or _verifies(said, " ".join(remarks).lower(), patterns)
    if not acts and not checked:
        return None  # 'Run:' + '`npm run dev`': the reader's use of the work, no act of the project
    head = view[lead_start:lead_end]
    return QuestionSite(
        lead_start, closing.end(), head + "\n" + text[opening.start() : closing.end()], LIST, False, "",
        ((opening.start(), closing.end()),),
    )


def _fronted_check(front: str, patterns: _Patterns) -> bool:
    """r39h: a clause fronted before the imperative that times it or names the check or the fix it runs as ('Now,',
    'To check the fix,', 'When you're ready,'); a purpose of use ('To start the app,') is none."""
    words = front.strip(" *_")
    if words.startswith(patterns.invoking_openers):
        return True  # 'When you're ready to …, run:': the reader's readiness times it, as before a command in code
    return words in patterns.fenced_openers_set or _verifies("", words, patterns, timed=False) or (
        words.startswith("to ") and patterns.change_timed.search(words) is not None
    )


def _fenced_outcome_remark(sentence: str, patterns: _Patterns) -> bool:
    """r39h: a remark after a command's block that predicts its outcome, perhaps timed after the run ('This will add
    the dependency.', 'After that, the specs should pass.'): it hands nothing over."""
    plain = sentence.strip(" *_")
    candidates = [plain]
    first = _LEAD_WORD.match(plain.lower())
    if first is not None and first.group() in patterns.outcome_times:
        comma = plain.find(",", 0, 50)
        candidates.append(plain[comma + 1 :].strip() if comma != -1 else plain[first.end() :].strip())
    return any(
        _remarks_on_run(c, patterns) or patterns.fenced_outcome.match(c.lower().replace("’", "'")) is not None
        for c in candidates
    )


def _check_handed_back(text: str, view: str, first: int, end: int, patterns: _Patterns) -> QuestionSite | None:
    """r37f (docs/DESIGN.md#construction-classes): the check of the work just done handed back with no command in code —
    a verb of running the check (sites.toml [next-step] running_verbs; 'try' and its gerund; 'give it another run')
    opening the last sentence of the last paragraph, nothing after it but remarks predicting the result ('Please rerun
    your tests. They should now pass.'), and run as a check (a verifying cue or a time right after the fix, as
    _verifies reads them, or the verb of trying): a closing list of one item, the act to the sentence's end, which
    work-list judges (an act in the reader's own environment is the person's). None: an instruction the message goes
    on after (the agent's own work follows it), the reader's own place or use ('run it on your machine', 'whenever you
    like'), a paragraph that reports the agent could not run it."""
    found = None
    for match in patterns.rechecked.finditer(view, first, end):
        found = match
    if found is None:
        return None
    if text[text.rfind("\n", 0, found.start(1)) + 1 :].lstrip(" \t>").startswith("#"):
        return None  # r39b: '### 1. Install Dependencies': a heading names a section of a plan, it instructs nothing
    if _SHOUTED.match(view, found.start(1)):
        return None  # r40e: 'BUILD FIXED - backend now starts cleanly': a status headline in capitals, no instruction
    stopped = _SENTENCE_END.search(view, found.end(), end)
    stop = stopped.start() + 1 if stopped is not None else end
    if stopped is not None and view[stopped.start()] == "?":
        return None  # a question, judged as one
    if pending_note(text, view, found.start(1), end):
        return None  # r42d: 'Now rebuild and verify:' ends the message leading into the agent's stripped tool call
    turns = patterns.turn.finditer(view, found.start(1), stop)
    if any(not _PURPOSE_BEFORE.search(view, max(0, m.start() - 8), m.start()) for m in turns):
        # r38i: '… to confirm the new values' is the check's purpose, no report back
        return None  # 'Rerun the suite and tell me what fails': a report back, turn-taking's
    rest = view[stop:end].strip()
    if rest and not all(_remarks_on_run(s.strip(), patterns) for s in re.split(r"(?<=[.!])\s+", rest) if s.strip()):
        return None  # the message goes on after the instruction
    lead = " ".join(view[found.start(1) : found.end(1)].lower().replace("’", "'").split())
    after = view[found.end() : stop].lower().replace("’", "'")
    step, words = sites()["next-step"], lead.split()
    tried = bool(set(words) & set(step["trying"]) or set(words) & set(step["giving"]))
    # r38b: the time right after the change ('After applying these changes, …'), or the message's own code pointed at
    timed = patterns.change_timed.search(view, found.start(), found.start(1)) is not None
    pointed = patterns.code_pointer.match(view, found.end()) is not None and "```" in text[: found.start()]
    # r39b: a verb of running with the prefix of doing it again ('re-generate') is timed like 'again'
    again = words[-1].startswith("re-")
    tried = tried or timed or pointed or again or _changes_state(lead, after, patterns)
    if re.match(r"(?:\w+ )*?you ", lead):
        # r38i: '…; you can hit any update endpoint to confirm …': the reader's possibility is a check handed back only
        # by a purpose or outcome of checking; timed alone ('You can now run …') it is the reader's own use (r33g). One
        # opening a sentence is turn-taking's site (r32a: 'You can rerun the build to confirm.'); this is the clause
        # after a semicolon
        if view[: found.start(1)].rstrip(" \t*_#>-")[-1:] != ";" or not _verifies("", after, patterns, timed=False):
            return None
    elif not tried and not _verifies(lead, after, patterns):
        return None  # 'Run the app to see the new page.': use of the result, no check of the work
    sentence = f"{lead} {after}"
    if any(place in sentence for place in (*patterns.invoke_places, *patterns.invoke_own_use)) or any(
        cue in view[first:end].lower() for cue in patterns.invoke_blocked
    ):
        return None  # 'rerun it on your machine', '… no network in the sandbox': the reader's, not the agent's
    item = found.start(1)
    stop = item + len(view[item:stop].rstrip(_TRAILING))
    return QuestionSite(item, stop, view[item:stop], LIST, False, "", ((item, stop),))


def pending_note(text: str, view: str, item: int, end: int) -> bool:
    """r42d, r42f (docs/DESIGN.md#claims): the words from `item` to `end` end the message on their colon with nothing
    shown after it and ask no reader ('Now rebuild and verify:'): the agent's note of its next act before its tool call
    (the claims' reading, rule note-to-self), no work or check handed over. 'Please rerun the suite:' still asks the
    reader. The one test the sites, the closing list and advised-work share."""
    last = item + len(view[item:end].rstrip())
    if not ends_pending(text, view, item, last):
        return False
    vocabulary = claim_vocabulary()
    words = set(_NOTE_WORD.findall(view[item:last].lower()))
    return not words & (vocabulary.asking_words | vocabulary.reader_words)


_NOTE_WORD = re.compile(r"[a-z']+")


# r40e (docs/DESIGN.md#construction-classes): words in capitals opening the check and set off by a dash or a colon
# ('BUILD FIXED - backend now starts cleanly', 'TESTS PASSING: …') are a status headline, a label over what follows;
# capitals running on into the sentence ('PLEASE RERUN the tests to confirm') are an instruction shouted.
_SHOUTED = re.compile(r"[A-Z]{2,}(?:[ \t]+[A-Z]{2,})+[ \t]*(?:[-–—:]|--)[ \t]+\S")


def _changes_state(lead: str, after: str, patterns: _Patterns) -> bool:
    """r39b (docs/DESIGN.md#construction-classes): the act handed back changes the project's state itself — its verb, or
    the verb of its purpose in its own clause, is one of sites.toml [next-step] changing_acts ('Apply the migration.',
    'Run the seed script to populate the tables.'): work the agent could do, no use of the result."""
    words = lead.split()
    if words and words[-1] in patterns.changing_acts:
        return True
    own = _PURPOSE_END.split(" ".join(after.split()), 1)[0]
    return any(re.search(rf"(?<![\w'-])to {re.escape(verb)}(?![\w'-])", own) for verb in patterns.changing_acts)


_PURPOSE_BEFORE = re.compile(r"(?<![\w'’-])to[ \t]+\Z")  # r38i: the infinitive marker of a purpose, just before
_EXPLAINED_ITEMS = 12  # r38b: how many items of an explaining list are walked back over


def _check_before_list(
    text: str, view: str, starts: list[int], last: tuple[int, int], patterns: _Patterns
) -> QuestionSite | None:
    """r38b (docs/DESIGN.md#the-check-handed-back): the check handed back, then a list that only explains the change —
    the paragraph over the list ends with a short lead-in naming the change ('Now try testing again. The key fix was:'
    + items; sites.toml [next-step] explained_leads): the sentences before that lead-in are read as the close."""
    at = last
    for _ in range(_EXPLAINED_ITEMS):
        before = _unit_before(view, starts, at[0])
        if before is None:
            return None
        at = before
        if not _ITEM.match(view, at[0]):
            break
    else:
        return None
    written = view[at[0] : at[1]].rstrip(" \t*_")
    if not written.endswith(":"):
        return None
    ends = list(_SENTENCE_END.finditer(view, at[0], at[0] + len(written) - 1))
    if not ends:
        return None
    cut = ends[-1].end()
    lead = view[cut : at[0] + len(written)].lower().replace("’", "'")
    if len(lead.split()) > patterns.explained_words or patterns.explained.search(lead) is None:
        return None
    return _check_handed_back(text, view, at[0], ends[-1].start() + 1, patterns)


def _remarks_on_run(sentence: str, patterns: _Patterns) -> bool:
    """A sentence after the check that hands nothing over: a prediction of its result (_predicts), or r38b a remark on
    what its run will show, a pointer back at the run as subject ('This should help identify where the push fails.')."""
    lowered = sentence.lower().replace("’", "'")
    return _predicts(sentence) or patterns.run_remark.match(lowered) is not None or _outcome_remark(sentence)


def _outcome_remark(sentence: str) -> bool:
    """r39l (docs/DESIGN.md#construction-classes): one sentence that says what doing the steps before it brings about,
    asking nothing — a prediction after a fronted time of the change ('After installing it, the export should work.'),
    or a pointer back at the steps with 'will' and a verb of bringing about (sites.toml [list-statement]
    outcome_verbs: 'This separation will make the code easier to keep.'). It hands nothing over and takes nothing on:
    the steps before it stay the close."""
    patterns = _patterns()
    lowered = " ".join(sentence.lower().replace("’", "'").split())
    if "?" in lowered or len(re.findall(r"[.!]+(?=\s+\S)", lowered)) > 0:
        return False
    fronted = patterns.outcome_fronted.match(lowered)
    if fronted is not None and _predicts(lowered[fronted.end() :]):
        return True
    return patterns.outcome_will.match(lowered) is not None and patterns.condition.search(lowered) is None


_PURPOSE_END = re.compile(r"[;:—–]|\s-\s|\b(?:it|this|that|they)\s+(?:will|would|may|might|can)\b")


def _verifies(lead: str, after: str, patterns: _Patterns, *, timed: bool = True) -> bool:
    """r33i (docs/DESIGN.md#construction-classes): the imperative runs the check of the work just done — a purpose of
    checking or an expected outcome after the command ('… to verify the fix', '… and it should resolve now'; sites.toml
    [next-step] verifying), or the instruction timed right after the fix ('Now run …', 'Rerun … now', 'Try … again';
    verifying_times). Usage ('Run `npm start` to launch the app.') names none of these."""
    words = " ".join(after.split())
    # a purpose is the command's own only in its clause ('Run `make reset`; it will ask you to confirm …' is none);
    # an expected outcome may be joined after the break ('Try `cargo build` again; it should compile now.')
    own = _PURPOSE_END.split(words, 1)[0]
    if any(re.search(rf"(?<![\w'-]){re.escape(cue)}(?![\w'-])", own if cue.startswith("to ") else words)
           for cue in patterns.verifying):  # fmt: skip
        return True
    if patterns.assurance.search(words):
        return True  # r38i: '… if you need extra assurance': the reader's wish that the work be checked
    said = f"{lead} {words}"
    return timed and any(re.search(rf"(?<![\w'-]){re.escape(cue)}(?![\w'-])", said) for cue in patterns.verifying_times)


_INLINE_LABEL = re.compile(r"[\s*_#>]*([A-Za-z][^:\n.!?;]{0,60}?)[\s*_]*:[\s*_]+(?=\S)")


def _inline_label(paragraph: str, patterns: _Patterns) -> re.Match[str] | None:
    """r31b (docs/DESIGN.md#construction-classes): the paragraph opens with a short label and its colon that holds a
    lead-in word of sites.toml [list] ('Suggested follow-ups, as needed: tighten the lint rules, …', 'Further
    improvements: cache …'), or one that hands the list to the reader by its grammar (r38o, _hands_to_reader): what
    follows is the list, written inline; the work-list row reads its items."""
    found = _INLINE_LABEL.match(paragraph)
    if found is None:
        return None
    conditional = bool(set(_LEAD_WORD.findall(found.group(1).lower())) & patterns.subordinators)
    # not under a condition on the reader's wish ('If you want a manual checklist: run …, open …': the reader's own act;
    # 'Remaining ideas for later, if you want them:' is the bonus offer's, which reads the wish)
    if not conditional and _hands_to_reader(found.group(1)):  # read without its colon: 'Blocked on you:' hands nothing
        # r38o: a longer label that hands the list to the reader by its grammar, the reader the subject of a verb of
        # need or wish in a relative clause on the label's noun ('A few things you might want to do next: add …'); the
        # work-list row reads its parse (a technical conditional, 'If you want to run it locally:', is none there)
        return found
    if len(found.group(1).split()) > patterns.bare_label_words + 1:
        return None
    # the label's noun (before a comma that qualifies it: 'as needed') names several things: a list, not one
    # recommendation or one commit message ('Recommendation: ship …', 'Suggested commit message: …')
    head = _LEAD_WORD.findall(found.group(1).split(",")[0].lower())
    if patterns.condition.search(found.group(1)):
        return None  # 'Next steps, if desired: …': the offer on a condition, the bonus offer's site
    words = set(_LEAD_WORD.findall(found.group(1).lower().replace("’", "'")))
    if words & patterns.future_work and not words & _AGENT_OWNS:
        return found  # r42f: 'Remaining work, as a follow-up: …', 'Follow-ups I'd suggest: …': work still to do
    plural_lead = bool(head) and head[-1] in patterns.lead_ins and head[-1].endswith("s")
    return found if plural_lead or _postmodified(head, patterns) else None


def _postmodified(words: list[str], patterns: _Patterns) -> bool:
    """r41e: the label's plural noun with a postmodifier naming it as future work ('Other things worth doing', 'Ideas
    for later', 'Items to tackle next'; sites.toml [list] label_postmodifiers): a word of later time after the
    postmodifier's first word (later_marks: 'for later', 'to do next'), or 'worth' itself."""
    at = next((k for k, w in enumerate(words) if k > 0 and w in patterns.label_postmodifiers), None)
    if at is None or not words[at - 1].endswith("s"):
        return False
    return words[at] == "worth" or bool(set(words[at + 1 :]) & patterns.later_marks)


_ALTERNATIVE = re.compile(r"[\s*_]*(?:or|alternatively)\b", re.IGNORECASE)
# the expectation 'should' of a state the work brings about ('… should be resolved after this update'); 'will' may be
# the agent's own next act ('The comment will be removed.'), which takes the list
_PREDICTION = re.compile(r"\bshould\s+(?:now\s+|then\s+|also\s+|just\s+)?(?:[a-z]+ly\s+)?"  # r37f: an adverb between
                         r"(?:be|go|work|pass|build|start|stop|disappear|clear|"
                         r"resolve|show|appear|load|run|respond|render|compile|succeed|display|connect)\b"
                         # r33i: the expected absence of the fault ('… should no longer crash on empty carts')
                         r"|\bshould\s+no\s+longer\s+[a-z]", re.IGNORECASE)
_NOT_THIRD = frozenset(("i", "i'm", "i'll", "i've", "i'd", "we", "we're", "we'll", "we've", "let", "you", "you're",
                        "you'll", "if", "once", "when", "after"))


def _past_trailer(text: str, view: str, last: tuple[int, int], content: bool) -> tuple[tuple[int, int] | None, bool]:
    """r31b (docs/DESIGN.md#construction-classes): the closing paragraph after a list neither takes the list's work nor
    asks anything of its own — an alternative to the list opened by 'Or' ('Or simply execute the manual phases …'), a
    third-person prediction of the outcome ('The warning should be resolved after this update!'), or a labelled line
    of code only ('**Suggested Commit Message**' + a commit message in backticks), or r33c a statement of what holds
    (_states: 'Everything else is ready for task decomposition.', 'Note: …'): the list before it is the closing list.
    The unit before the paragraph (a label's too), or `last` as it was."""
    written = view[last[0] : last[1]].strip()
    source = text[last[0] : last[1]].strip()
    steps = 0
    alternative = _ALTERNATIVE.match(written) and not written.rstrip(_TRAILING).endswith("?")
    remark = _without_trailing_symbols(written.rstrip(_TRAILING))
    if alternative or _predicts(remark) or _outcome_remark(remark) or _states(written):
        steps = 1
    elif _labelled_code(source):
        steps = 1  # the label and its line of code, one paragraph
    elif len(source) > 2 and source[0] == source[-1] == "`" and "\n" not in source:
        steps = 2  # the line of code, then its label on a unit of its own
    at = last
    for _ in range(steps):
        before = _unit_before(view, unit_starts(view), at[0])
        if before is None:
            return last, content
        at = before
        if steps == 2 and not _labelled_code(text[at[0] : at[1]] + "\n`x`"):
            return last, content
        steps -= 1 if steps == 2 else 0
    if steps == 0 or not _ITEM.match(view, at[0]):
        return last, content
    return last_content_unit(view[: at[1]], unit_starts(view[: at[1]]), claim_vocabulary())


@cache
def _as_is_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The qualifiers of the time being and the words that endorse (sites.toml [list] as_is, endorsing)."""
    data = sites()["list"]
    return re.compile(rf"\b(?:{_words(data['as_is'])})\b"), re.compile(rf"\b(?:{_words(data['endorsing'])})\b")


def _keeps_as_is(paragraph: str) -> bool:
    """r37h (docs/DESIGN.md#construction-classes): the paragraph after the closing list keeps the present state for the
    time being and endorses it ('But for now, the current structure should work well.', 'The layout is fine as it
    stands.') and asks nothing: the list's suggestions were optional and are declined for now, nothing handed over."""
    lowered = paragraph.lower().replace("’", "'")
    if any(cue in lowered for cue in sites()["list"]["asking"]):
        return False
    as_is, endorsing = _as_is_patterns()
    return as_is.search(lowered) is not None and (
        endorsing.search(lowered) is not None or _PREDICTION.search(lowered) is not None
    )


def _states(paragraph: str) -> bool:
    """r33c (docs/DESIGN.md#construction-classes): the closing paragraph after a list states what holds, in the third
    person, and asks nothing — at most two sentences about the rest, set against the items ('Everything else is ready
    for task decomposition.', 'All other settings look fine.'), or after a
    note's label ('Note: prereq scripts still warn …', 'Commit: `…`'), with no first or second person, no condition
    and no question: it neither takes the list's work nor hands anything of its own over."""
    patterns = _patterns()
    lowered = paragraph.strip().lower().replace("’", "'")
    if "\n" in lowered or "?" in lowered or len(re.findall(r"[.!]+(?=\s+\S)", lowered)) > 1:
        return False
    noted = patterns.note_label.match(lowered)
    stated = lowered[noted.end() :] if noted else lowered
    words = _LEAD_WORD.findall(stated)
    # 'Note: …; we proceeded with …' reports
    personal = patterns.statement_personal - patterns.statement_reporting if noted else patterns.statement_personal
    if not words or set(words) & (personal | patterns.takes_the_list) or patterns.condition.search(lowered):
        return False  # 'The placeholder comment will be removed.': the agent's own next act takes the list
    if any(re.match(rf"{re.escape(ref)}\b", stated) for ref in sites()["hand-back"]["references"]):
        return False  # 'These are out of scope …', 'The rest is done.': said of the items, it takes them
    return noted is not None or (words[0] in patterns.rest_openings and bool(set(words[1:3]) & patterns.rest_others))


def _labelled_code(source: str) -> bool:
    """A label line (a heading, emphasis only, or ending with a colon) and one line of inline code under it."""
    lines = [line for line in source.strip().split("\n") if line.strip()]
    if len(lines) != 2:
        return False
    label, code = lines[0].strip(), lines[1].strip()
    labelled = _HEADING.match(label) or _EMPHASIS_ONLY.match(label) or _ENDS_WITH_COLON.search(label)
    return bool(labelled) and len(code) > 2 and code[0] == code[-1] == "`"


def _predicts(sentence: str) -> bool:
    """One sentence with a third-person subject that predicts the state the list's work brings about, asking nothing."""
    words = _LEAD_WORD.findall(sentence[:40].lower().replace("’", "'"))
    return (
        bool(words)
        and words[0] not in _NOT_THIRD
        and len(re.findall(r"[.!?]+(?=\s+\S)", sentence.strip())) == 0
        and not sentence.rstrip(_TRAILING).endswith("?")
        and _PREDICTION.search(sentence) is not None
        and _patterns().condition.search(sentence) is None
    )


_OPTION_LABEL = re.compile(r"[^:—–\n]*?\b\w*\s*[\w.]{0,3}\s*[:—–-]\s+")
_OPTION_UNITS = 60


def closing_options(text: str, view: str) -> QuestionSite | None:
    """r31b (docs/DESIGN.md#construction-classes): options laid out under headings of their own ('## Fix Option 1:
    Update docker-compose.yaml' + code, '## Fix Option 2: …') and closed by the agent's recommendation of one ('**I
    recommend Option 1** - update …'): a closing list whose lead-in is the recommendation and whose items are the
    headings' words after their label (sites.toml [list] option_heads); what the agent recommends and does not do is
    handed back."""
    patterns = _patterns()
    starts = unit_starts(view)
    last, content = last_content_unit(view, starts, claim_vocabulary())
    if last is None or not content or _ITEM.match(view, last[0]):
        return None
    closing = view[last[0] : last[1]].strip()
    if "\n" in closing or not _recommends(closing) or closing.rstrip(_TRAILING).endswith("?"):
        return None
    first = last[0] + len(view[last[0] : last[1]]) - len(view[last[0] : last[1]].lstrip())
    items: list[tuple[int, int]] = []
    k = bisect_left(starts, last[0]) - 1
    while k >= 0 and len(items) <= patterns.max_items and bisect_left(starts, last[0]) - k <= _OPTION_UNITS:
        unit = text[starts[k] : starts[k + 1]]
        line = unit.strip().split("\n", 1)[0].rstrip()  # a heading is a line of its own, text may follow it
        if _HEADING.match(line) or _EMPHASIS_ONLY.match(line):
            words = set(_LEAD_WORD.findall(line.lower()))
            if words & patterns.option_heads:
                at = starts[k] + len(unit) - len(unit.lstrip())
                label = _OPTION_LABEL.match(view, at)
                item_start = label.end() if label is not None and label.end() < at + len(line) else at
                item_end = at + len(view[at : at + len(line)].rstrip(" *_#"))
                if item_end > item_start:
                    items.insert(0, (item_start, item_end))
        k -= 1
    if len(items) < 2 or len(items) > patterns.max_items:
        return None
    return QuestionSite(first, last[1], view[first : last[1]].rstrip(), LIST, False, "", tuple(items))


# r33b: a small letter and a bracketed label open an option too ('r. Reshuffle the list', '[c] Continue').
_LETTER_ITEM = re.compile(
    r"[ \t]*(?:[-*+][ \t]+)?[*_]*"
    r"(?:\[(?:[A-Za-z]|\d{1,2})\]|\((?:[A-Za-z]|\d{1,2})\)|(?:[A-Za-z]|\d{1,2})[.):])[*_]*[ \t]+"
)


def replies(sentence: str) -> bool:
    """r32b: whether the sentence asks the reader to choose among options by a reply (sites.toml [reply])."""
    return _patterns().reply_request.search(_plain(sentence)) is not None


def closing_reply(text: str, view: str) -> QuestionSite | None:
    """r32b (docs/DESIGN.md#construction-classes): the reader asked, in the message's last unit, to choose among the
    agent's options by a reply ('You can reply with the option letter …', 'Please answer with 1 or 2.'), the options
    laid out before it — a list or a table — with at most the agent's recommendation between: a closing list whose
    lead-in is the reply request and whose items are the options (a table's by the widest of its cells after the
    label)."""
    starts = unit_starts(view)
    last, content = last_content_unit(view, starts, claim_vocabulary())
    if last is not None and content and _patterns().help_tip.match(view, last[0], last[1]):
        # r38g: a trailing help tip ('You can type `/bmad-help` at any time …') leaves the request before it the close
        view = view[: last[0]]
        starts = unit_starts(view)
        last, content = last_content_unit(view, starts, claim_vocabulary())
    if last is None or not content or _TABLE_ROW.match(view, last[0]):
        return None
    return _reply_after_options(view, starts, last) or _request_over_options(view)


def _reply_after_options(view: str, starts: list[int], last: tuple[int, int]) -> QuestionSite | None:
    """r32b: the reply request in the last unit, the options laid out before it."""
    patterns = _patterns()
    if _ITEM.match(view, last[0]):
        return None
    closing = view[last[0] : last[1]].strip()
    if not replies(closing) or _AGENT_GOES_ON.search(closing):
        return None  # 'Pick one and I'll build it.': the agent's act waits on the pick, as turn-taking judges it
    if patterns.reply_elsewhere.search(closing):
        return None  # r38g: 'Answer with `y` or `n` at the prompt to try it': usage of the work, no reply to the agent
    items: list[tuple[int, int]] = []
    k = bisect_left(starts, last[0]) - 1
    table = False
    proposal: tuple[int, int] | None = None
    while k >= 0 and len(items) <= patterns.menu_max_items + 2:
        start, end = starts[k], starts[k + 1]
        unit = view[start:end]
        if not items and proposal is None and (label := patterns.proposal_line.match(unit)) is not None:
            # r38g: '**Suggested:** the details page — …': the agent's own proposal, the option the request accepts
            proposal = (start + label.end(), start + len(unit.split("\n", 1)[0].rstrip()))
            k -= 1
            continue
        if not unit.strip() or (not items and (_recommends(unit.strip()) or patterns.help_tip.match(unit))):
            # r39e (docs/DESIGN.md#reply-protocol): a help tip between the options and the request ('You can type
            # `/bmad-help` anytime …') is read past like the agent's recommendation
            k -= 1
            continue
        at = start + len(unit) - len(unit.lstrip())
        line_end = at + len(view[at:end].rstrip())
        if "\n" in view[at:line_end]:
            lines = _lettered_lines(view, at, line_end)
            if table or not lines:
                break
            items[:0] = lines  # 'A. One row per request\nB. One row per session': lines the parser joins in one unit
            k -= 1
            continue
        if (not items or table) and _TABLE_ROW.match(view, at):
            table = True
            items.insert(0, (at, line_end))
        elif not table and (marker := _ITEM.match(view, at) or _LETTER_ITEM.match(view, at)) is not None:
            items.insert(0, (marker.end(), line_end))
        else:
            break
        k -= 1
    if table:
        if len(items) < 4 or not _TABLE_RULE.match(view[items[1][0] : items[1][1]]):
            return None  # a header, its rule, two options at least
        items = [cell for line in items[2:] if (cell := _option_cell(view, line)) is not None]
    if len(items) < 2 and proposal is not None and proposal[1] > proposal[0] and patterns.accepts_proposal.search(
        closing
    ):
        items = [proposal]  # r38g: 'You can accept the suggestion by saying "yes"': the proposal is the option taken
    if len(items) > patterns.menu_max_items or not items or (len(items) < 2 and items[0] != proposal):
        return None
    first = last[0] + len(view[last[0] : last[1]]) - len(view[last[0] : last[1]].lstrip())
    return QuestionSite(first, last[1], view[first : last[1]].rstrip(), LIST, False, "", tuple(items))


# turn-taking's choice: an instruction to choose, then the agent's own act (a first-person subject and a modal of its
# next act: a closed class) — 'Pick one and I'll build it.'
_AGENT_GOES_ON = re.compile(
    r"^[\s*_]*(?:(?:please|just|so|then)\s+)?(?:pick|choose|select)\b[^.!?\n]*?\b(?:i|we)(?:['’]ll|\s+will|\s+can|\s+shall)\b",
    re.IGNORECASE,
)
# A table's first cell that only labels its option: 'A', '2', 'Option B', '#3', or one word ('Short').
_OPTION_TAG = re.compile(r"[*_#]*(?:option\s+)?(?:[A-Za-z]|\d{1,2}|[A-Za-z]+)[.)]?[*_]*\Z", re.IGNORECASE)


def _request_over_options(view: str) -> QuestionSite | None:
    """r33b (docs/DESIGN.md#construction-classes): the menu a workflow agent closes on — the request to choose on the
    line over the options, cut by its colon ('Choose a number (1-5), r to shuffle, or x to proceed:', 'Choose:'), the
    options the message's last lines, each opened by its label ('1. …', 'r. …', '[c] Continue'): a closing list whose
    lead-in is the request and whose items are the options."""
    patterns = _patterns()
    end = len(view.rstrip())
    items: list[tuple[int, int]] = []
    while end > 0 and len(items) <= patterns.max_items:
        start = view.rfind("\n", 0, end) + 1
        line = view[start:end]
        if not line.strip():
            end = start - 1
            continue
        marker = _ITEM.match(line) or _LETTER_ITEM.match(line)
        if marker is None:
            lead = line.strip()
            if len(items) < 2 or not _ENDS_WITH_COLON.search(lead) or not replies(lead):
                return None
            first = start + len(line) - len(line.lstrip())
            return QuestionSite(first, start + len(line.rstrip()), lead, LIST, False, "", tuple(items))
        items.insert(0, (start + marker.end(), start + len(line.rstrip())))
        end = start - 1
    return None


def _lettered_lines(view: str, first: int, last: int) -> list[tuple[int, int]]:
    """The items of a unit whose every line opens with an option's label ('A. …', '2) …'); none otherwise. r39e: the
    unit's first line may be the menu's lead-in, ending with its colon ('Pick how to proceed:\n[A] Review …\n[B] …')."""
    lines: list[tuple[int, int]] = []
    position = first
    head = view.find("\n", first, last)
    if head != -1 and not _LETTER_ITEM.match(view, first, head) and view[first:head].rstrip(" \t*_").endswith(":"):
        position = head + 1
    while position < last:
        end = view.find("\n", position, last)
        end = last if end == -1 else end
        marker = _LETTER_ITEM.match(view, position, end)
        if marker is None:
            return []
        lines.append((marker.end(), position + len(view[position:end].rstrip())))
        position = end + 1
    return lines


def _option_cell(view: str, line: tuple[int, int]) -> tuple[int, int] | None:
    """The [start, end) of a table row's option, spaces left out: the widest cell after the first when the first only
    labels it ('| A | Sync on every save |'), else the first ('| Redis cache | 2h |')."""
    cells: list[tuple[int, int]] = []
    position = view.find("|", line[0], line[1]) + 1
    while 0 < position < line[1]:
        bar = view.find("|", position, line[1])
        end = line[1] if bar == -1 else bar
        first = position + len(view[position:end]) - len(view[position:end].lstrip())
        last = first + len(view[first:end].rstrip())
        if last > first:
            cells.append((first, last))
        position = bar + 1 if bar != -1 else line[1]
    if not cells:
        return None
    if not _OPTION_TAG.match(view[cells[0][0] : cells[0][1]]):
        return cells[0] if any(ch.isalpha() for ch in view[cells[0][0] : cells[0][1]]) else None  # 'Redis cache'
    rest = [c for c in cells[1:] if any(ch.isalpha() for ch in view[c[0] : c[1]])]
    return max(rest, key=lambda c: c[1] - c[0]) if rest else None


def _hands_to_reader(lead: str) -> bool:
    """r31b: the lead-in hands its list to the reader by its grammar, with no lead-in word ('Remember to:', 'What you
    should do:', 'If you want further refinements:', 'pick one:'); the work-list row reads its parse."""
    lowered = " ".join(_plain(lead).lower().replace("’", "'").split())
    return _patterns().reader_lead.search(lowered) is not None


def _settles_points(lead: str) -> bool:
    """r38o (docs/DESIGN.md#construction-classes): the lead-in asks the reader to settle the points listed under it
    before the agent goes on ('Please clarify the following points before we proceed with the build script:'): a verb of
    settling among its first words, a noun of the points, the agent going on (sites.toml [list] settle_*). The
    turn-taking row reads its parse and judges it; the items are the points."""
    patterns = _patterns()
    lowered = " ".join(_plain(lead).lower().replace("’", "'").split())
    words = _LEAD_WORD.findall(lowered)
    return (
        bool(patterns.settle_verbs & set(words[:3]))
        and bool(patterns.settle_points & set(words))
        and any(f" {g} " in f" {lowered} " for g in patterns.settle_goes_on)
    )


def _bare_label(unit: str, lead: str) -> bool:
    """r31b: a label on a line of its own with no colon or mark ('Next suggestions' + items): the unit is that one line,
    a few words opened by a capital, with no sentence mark, comma or code in it."""
    words = lead.split()
    return (
        "\n" not in unit.strip()
        and 0 < len(words) <= _patterns().bare_label_words
        and lead[:1].isupper()
        and not any(ch in lead for ch in ".!?;:,`|")
    )


def _instructs(item: str, patterns: _Patterns) -> bool:
    """The item after a next-step label is an instruction, not a question or a sentence with its own subject, nor only
    the word that there is none ('Next steps: none.', r32a)."""
    words = _LEAD_WORD.findall(item.lower())
    if words[:1] and words[0] in patterns.next_empty and len(words) <= 2:
        return False
    return not item.rstrip(_TRAILING).endswith("?") and _may_instruct(item.strip(" *_"), patterns.not_imperative)


def _opens_with_participle(item: str) -> bool:
    """r35e: an -ing form opening the paragraph after a next-step label or heading ('Standing by while CI runs.', 'Next:
    porting the cache to …') is the agent's own state or act, no instruction (after a label of proposing it is the act
    proposed: 'Consider: pinning the clock', which _next_label_within reads). Six letters at least, so 'bring' and
    'swing' stay verbs; claims.toml not_participles ('pending', 'string') are none."""
    words = _LEAD_WORD.findall(item[:40].lower())
    return bool(words) and len(words[0]) > 5 and words[0].endswith("ing") and words[0] not in (
        claim_vocabulary().not_participles)


def closing_list(text: str, view: str) -> QuestionSite | None:
    """A list that closes the message under a lead-in naming work to do or options
    (docs/DESIGN.md#construction-classes): the last unit that is content (a sign-off after it is not:
    analyzer.text.closing) is a list item; the items before it back to the list's start (blank lines between them
    allowed), at most max_items of them; the line before the first item is the lead-in: a heading, an emphasised label
    or a line ending with a colon that holds a lead-in word (sites.toml [list]) or hands the list to the reader by its
    grammar (r31b, _hands_to_reader); a question holding a lead-in word (r32b); or a bare label line (r31b,
    _bare_label). `view` is the closing part's view of `text` (same offsets)."""
    patterns = _patterns()
    if not _ITEM_LINE.search(view, max(0, len(view) - _LIST_TAIL)):
        return None  # no list item near the end: the units of a long message are not worth finding
    starts = unit_starts(view)
    last, content = last_content_unit(view, starts, claim_vocabulary())
    closing = view[last[0] : last[1]].strip() if last is not None and content else ""
    if last is not None and closing and _ITEM.match(view, last[0]):
        # issue 28 phase 6: the recommendation on the line after the last item, no blank line between ('- B: …\nI'd
        # lean toward B.'): the item ends where the recommendation starts
        line = view.rfind("\n", last[0], last[0] + len(view[last[0] : last[1]].rstrip()))
        after = view[line + 1 : last[1]].strip() if line > last[0] else ""
        if after and not _ITEM.match(after) and (_recommends(after) or _picks(after)):
            last = (last[0], line)
            closing = view[last[0] : last[1]].strip()
    if closing and not _ITEM.match(closing) and (
        _recommends(closing) or _picks(closing) or _hands_back(closing) or patterns.help_tip.match(closing)
    ):
        # r39e: a help tip after the menu ('Type *help for commands.') leaves the list the close, as a sign-off does
        # r33c: not an item of the list itself ('**Next**' + '- Recommended command: `/speckit.plan`')
        # 'My recommendation is the second option.' or 'Let me know which.' after the list: the options are still
        # handed over; so are they by 'Any of these can follow if desired.' (issue 28 phase 4b)
        last, content = last_content_unit(view[: last[0]], unit_starts(view[: last[0]]), claim_vocabulary())
    elif last is not None and closing and not _ITEM.match(view, last[0]):
        if _keeps_as_is(closing):
            return None  # r37h: 'But for now, the current structure should work well.': the items are declined
        last, content = _past_trailer(text, view, last, content)
    if last is None or not content:
        return None
    start, end = last  # the last unit that is content: a sign-off after the list is not
    if not _ITEM.match(view, start):
        return None
    k = bisect_left(starts, start)
    items = [(start, end)]
    j = k - 1
    while j >= 0 and len(items) <= patterns.max_items:
        unit = (starts[j], starts[j + 1])
        if not view[unit[0] : unit[1]].strip():
            j -= 1
            continue
        if not _ITEM.match(view, unit[0]):
            break
        items.append(unit)
        j -= 1
    if j < 0 or len(items) > patterns.max_items:
        return None
    lead_start, lead_end = starts[j], starts[j + 1]
    written = view[lead_start:lead_end].rstrip()
    lead_start += written.rfind("\n") + 1  # the lead-in is the unit's last line
    lead = view[lead_start:lead_end].strip()
    written_lead = text[lead_start:lead_end].strip()  # the view blanks emphasis: "**Next**" is read as written
    lead_word = bool(patterns.lead_ins & set(_LEAD_WORD.findall(lead.lower())))
    if _excluded_scope().match(lead):
        return None  # r40e: 'Out of scope (future work):', 'Known limitations:': the bounds of the work done
    if _HEADING.match(lead) or _EMPHASIS_ONLY.match(written_lead) or _ENDS_WITH_COLON.search(lead):
        if not (lead_word or _hands_to_reader(lead) or _settles_points(lead)):
            return None
    elif lead.rstrip(_TRAILING).endswith("?") and "\n" not in lead:
        # r32b: a question on the line over the options, holding a lead-in word ('What next?' + '1. Add the tests'):
        # it asks the reader to pick among them
        if not lead_word:
            return None
    elif not (lead_word and _bare_label(view[starts[j] : starts[j + 1]], lead)):
        return None
    parts = []
    for item_start, item_end in reversed(items):
        marker = _ITEM.match(view, item_start)
        first = marker.end() if marker is not None else item_start
        last_char = first + len(view[first:item_end].rstrip())
        if last_char > first:
            parts.append((first, last_char))
    if not parts:
        return None
    lead_first = lead_start + (len(view[lead_start:lead_end]) - len(view[lead_start:lead_end].lstrip()))
    return QuestionSite(lead_first, parts[-1][1], view[lead_first : parts[-1][1]], LIST, False, "", tuple(parts))
