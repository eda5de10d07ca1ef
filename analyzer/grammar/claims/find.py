"""The claims that end a text (docs/DESIGN.md#claims): the closing part's candidate sentences parsed, cut into segments,
and each segment judged by the rows: the [[not-claim]] rows at `segment`, the [[claim]] table on its heads,
the [[not-claim]] rows at `predicate` and the [[modifier]] rows at `claim-form`.

Pure: text in, claims out. spaCy loads only when the closing part has a candidate sentence."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING

from analyzer.grammar.claims.records import Match, PredicateSite, Segment, SegmentSite
from analyzer.grammar.claims.segments import segments
from analyzer.grammar.claims.words import (
    carried,
    tops_of,
)
from analyzer.grammar.registry import apply, deciding, table
from analyzer.parse.model import ModelUse
from analyzer.report import Claim, Span, line_col
from analyzer.terms import terms
from analyzer.text.closing import (
    MAX_CLAIM_CHARS,
    ClaimVocabulary,
    Closing,
    claim_vocabulary,
    closing_part,
    dropped_g,
)
from analyzer.text.layout import ordinary_case
from analyzer.text.spelling import straight_apostrophes
from analyzer.text.units import Unit, compact_unit

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token



def find_claims(
    text: str,
    *,
    model_name: str | None = None,
    vocabulary: ClaimVocabulary | None = None,
    model: ModelUse | None = None,
) -> tuple[Claim, ...]:
    """The claims that end `text` unbacked. Parses only when the closing part has a candidate sentence, with
    `model` (an analysis passes its own, so its Report says whether it parsed) or else the model `model_name`."""
    vocabulary = vocabulary or claim_vocabulary()
    # r39f (docs/DESIGN.md#normalisation): read with every apostrophe inside a word as the ASCII one, as the phrase
    # judgement reads it ('Iʼll open the PR'); same length, so each claim still quotes `text` as written
    closing = closing_part(straight_apostrophes(text), vocabulary)
    if not closing.has_candidate:
        return ()
    first = next(k for k, s in enumerate(closing.sentences) if s.candidate)
    units = [_unit(closing, s.start, s.end, vocabulary) for s in closing.sentences[first:]]
    # A sentence in capitals is parsed in ordinary case (docs/DESIGN.md#decisive-relation typography; same length,
    # offsets hold).
    docs = list((model or ModelUse(model_name)).load().pipe(ordinary_case(unit.text) for unit in units))
    found: list[Claim] = []
    for sentence, unit, doc in zip(closing.sentences[first:], units, docs, strict=True):
        claimed = False
        for segment in segments(doc, vocabulary):
            segment = replace(segment, pending=sentence.pending, opens_message=sentence.opens_message)
            decided = deciding("segment", SegmentSite(segment, unit, closing.quoted, vocabulary))
            if decided is not None:
                if decided.decides("backed"):
                    found.clear()  # what was announced before is reported done
                    claimed = False
                continue
            if sentence.candidate and not claimed and (match := claim_in(segment, doc, vocabulary)) is not None:
                found.append(_claim(text, sentence.start, sentence.end, unit, match))
                claimed = True
    return tuple(found)


def claim_parse(text: str, claim: Claim, model_name: str | None = None) -> tuple[Unit, Doc]:
    """The claim's sentence parsed exactly as find_claims parsed it, for `analyze --tree/--html`."""
    vocabulary = claim_vocabulary()
    closing = closing_part(straight_apostrophes(text), vocabulary)
    sentence = next(s for s in closing.sentences if s.start == claim.start)
    unit = _unit(closing, sentence.start, sentence.end, vocabulary)
    return unit, ModelUse(model_name).load()(ordinary_case(unit.text))


def _unit(closing: Closing, start: int, end: int, vocabulary: ClaimVocabulary) -> Unit:
    """The sentence as the parser reads it: compacted, bounded, with split prefixes joined to their
    participle ("Re-running" → "Rerunning"), and a map back to the original offsets."""
    # a sentence longer than the bound is read from its start only, so its cost is bounded too
    # (docs/DESIGN.md#normalisation)
    unit = compact_unit(closing.view, start, min(end, start + 4 * MAX_CLAIM_CHARS))
    text, offsets = _quotes_masked(unit.text, unit.offsets, closing.quoted), list(unit.offsets)
    for m in reversed(list(_prefix_pattern(vocabulary.joined_prefixes).finditer(text))):
        hyphen = m.end() - 1
        text = text[:hyphen] + text[hyphen + 1 :]
        del offsets[hyphen]
    # 'runnin the e2e suite now': a segment's opening participle with its g dropped is parsed with it (the added
    # letter maps to the word's last one)
    for m in reversed(list(_SEGMENT_OPENER.finditer(text))):
        if not dropped_g(m.group(1), vocabulary):
            continue
        end_of_word = m.end(1)
        if m.group(2):  # "fixin'": the apostrophe stands for the g
            text = text[:end_of_word] + "g" + text[end_of_word + 1 :]
        else:
            text = text[:end_of_word] + "g" + text[end_of_word:]
            offsets.insert(end_of_word, offsets[end_of_word - 1])
    text = _discourse_marker_blanked(text)
    text, offsets = _modals_spelled_out(text, offsets)
    text, offsets = _chat_time_spelled_out(text, offsets)
    text, offsets = _chat_particles_spelled_out(text, offsets)
    text, offsets = _contractions_spelled_out(text, offsets, vocabulary)
    return Unit(unit.start, unit.end, text[:MAX_CLAIM_CHARS], tuple(offsets[:MAX_CLAIM_CHARS]))


def _discourse_marker_blanked(text: str) -> str:
    """r35b (docs/DESIGN.md#claims): 'Howdy partner — going to regenerate the lockfile and push.', 'Hey there, going to
    rebase now.' — a leading greeting, interjection or vocative set off by a dash, comma, colon or exclamation mark
    (terms [claim-discourse], spelling.toml [persona]) is parsed as blanks, so the participle or 'going to' after it
    opens the sentence; same length, so offsets hold."""
    found = _discourse_marker().match(text)
    if found is None:
        return text
    return " " * found.end() + text[found.end() :]


@cache
def _discourse_marker() -> re.Pattern[str]:
    from analyzer.text.spelling import spelling

    table = spelling()
    interjections, persona_vocatives = table.interjections, table.vocatives

    def words(forms: frozenset[str]) -> str:
        return "|".join(re.escape(w).replace("\\ ", "[ \t]+") for w in sorted(forms, key=len, reverse=True))

    # one class of discourse markers (spelling.toml [discourse]), with the greetings only a claim's opening takes
    greetings = words(terms("claim-discourse", "greetings") | table.markers | frozenset(interjections))
    vocatives = words(terms("claim-discourse", "vocatives") | frozenset(persona_vocatives))
    return re.compile(
        rf"[\s*_>#]{{0,8}}(?:(?:{greetings})(?:[ \t]+(?:{vocatives}))?|(?:{vocatives}))[ \t]*(?:[—–,:!]|--?)[ \t]*"
        r"(?=[A-Za-z])",
        re.IGNORECASE,
    )


def _quotes_masked(text: str, offsets: tuple[int, ...], quoted: tuple[tuple[int, int], ...]) -> str:
    """r33d (docs/DESIGN.md#claims, quoted text is not the agent's): what a quotation holds is parsed as one placeholder
    word, as inline code is ('The modal's buttons are now "Shall I save?" / "Discard"': the quoted question is a
    label, no 'I' announcing an act); same length, so offsets hold."""
    if not quoted:
        return text
    chars = list(text)
    for k, at in enumerate(offsets[: len(chars)]):
        if any(start < at < end - 1 for start, end in quoted):
            chars[k] = "x"
    return "".join(chars)


def _modals_spelled_out(text: str, offsets: list[int]) -> tuple[str, list[int]]:
    """Issue 28 phase 4: 'switchin the project 2 the Pro plan wud remove the row limit.' — a modal in non-standard
    spelling (spelling.toml [words]: 'wud', 'shud', 'cud') is parsed spelled out, so the -ing word before it reads as
    its gerund subject, not as an announcement (the added letters map to the word's last one)."""
    if not any(ch in text for ch in "wsc"):
        return text, offsets
    return _spelled_out(text, offsets, _MODAL_FORMS)


def _chat_time_spelled_out(text: str, offsets: list[int]) -> tuple[str, list[int]]:
    """r31d: 'kickin off the full regression suite rn' — an adverb of now in chat spelling (terms [claim-chat]
    now_forms; its reading is spelling.toml's [words]) is parsed spelled out, so the model does not hang it on the
    participle as an auxiliary (the added letters map to the word's last one)."""
    if not _CHAT_NOW.search(text):
        return text, offsets
    return _spelled_out(text, offsets, _CHAT_NOW)


def _chat_particles_spelled_out(text: str, offsets: list[int]) -> tuple[str, list[int]]:
    """r38f: 'rebuilding the docker img 2 pick up the new base' — the infinitive's 'to' (or 'for') written as a digit
    in chat spelling (terms [claim-chat] particle_forms) is parsed as its reading where spelling.toml's [[context]]
    reads it so (the verb after it, the word before it), so the model does not read a count ('2 pick-ups'); the added
    letters map to the digit."""
    from analyzer.text.spelling import context_reading_lowered

    lowered = text.lower().replace("’", "'")  # once: the forms are read in the text as written
    parts: list[str] = []
    mapped: list[int] = []
    done = 0
    for m in _CHAT_PARTICLES.finditer(text):
        reading = context_reading_lowered(lowered, m.start(), m.end())
        if reading is None:
            continue
        start, end = m.start(), m.end()
        parts += [text[done:start], reading]
        mapped += offsets[done:start] + offsets[start:end][: len(reading)]
        mapped += [offsets[end - 1]] * max(0, len(reading) - (end - start))
        done = end
    if not parts:
        return text, offsets
    parts.append(text[done:])
    return "".join(parts), mapped + offsets[done:]


def _spelled_out(text: str, offsets: list[int], forms: re.Pattern[str]) -> tuple[str, list[int]]:
    """Each match of `forms` replaced by its reading in spelling.toml [words], from the last so earlier offsets hold;
    a reading longer than its form maps its added letters to the form's last one."""
    from analyzer.text.spelling import spelling

    table = spelling()
    for m in reversed(list(forms.finditer(text))):
        reading = table.words.get(m.group().lower())
        if reading is None:
            continue
        start, end = m.start(), m.end()
        text = text[:start] + reading + text[end:]
        offsets[start:end] = offsets[start:end][: len(reading)] + [offsets[end - 1]] * max(
            0, len(reading) - (end - start)
        )
    return text, offsets


def _contractions_spelled_out(
    text: str, offsets: list[int], vocabulary: ClaimVocabulary
) -> tuple[str, list[int]]:
    """r28i: 'Im starting on the pagination bug next.', 'ill open the PR now' — a first-person contraction written
    without its apostrophe (claims.toml apostrophe_dropped) opening a segment is parsed as written with it (its
    reading is spelling.toml's: [words] 'im', the [[context]] 'ill' that opens a clause), so the parse sees the
    subject and the progressive or the future; the added apostrophe maps to the word's last letter."""
    if not vocabulary.apostrophe_dropped:
        return text, offsets
    from analyzer.text.spelling import spelling

    table = spelling()
    for m in reversed(list(_contraction_pattern(vocabulary.apostrophe_dropped).finditer(text))):
        word = m.group(1)
        reading = table.words.get(word.lower()) or next(
            (form.reads for form in table.context.get(word.lower(), ()) if form.opens), None
        )
        if reading is None:
            continue
        start, end = m.start(1), m.end(1)
        text = text[:start] + reading + text[end:]
        offsets[start:end] = offsets[start:end][: len(reading)] + [offsets[end - 1]] * max(
            0, len(reading) - (end - start)
        )
    return text, offsets


@cache
def _contraction_pattern(forms: frozenset[str]) -> re.Pattern[str]:
    """The form opening the sentence, or a segment after ';', a dash, a comma or a sentence's end, before a word."""
    alternatives = "|".join(sorted(forms))
    leading = "|".join(sorted(CHAT_LEADING))
    # r31d: after an adverb of sequence opening the clause ('next ill wire up the webhook handler')
    return re.compile(rf"(?:^|[;—–,]\s*|[.!]\s+)(?:(?i:{leading})\s+)?((?i:{alternatives}))(?=\s+[A-Za-z])")


# r31d: adverbs of now in chat spelling the claim parse reads spelled out, and the adverbs of sequence a dropped
# apostrophe's contraction may follow at a clause's opening.
_CHAT_NOW = re.compile(r"\b(?:" + "|".join(sorted(terms("claim-chat", "now_forms"))) + r")\b", re.IGNORECASE)
CHAT_LEADING = terms("claim-chat", "leading")
# r38f: a particle written as a digit, standing alone between spaces ('img 2 pick up', not '2.5' or 'x2').
_PARTICLE_FORMS = "|".join(map(re.escape, sorted(terms("claim-chat", "particle_forms"))))
_CHAT_PARTICLES = re.compile(r"(?<![\w.])(?:" + _PARTICLE_FORMS + r")(?![\w.])")
# The modals the claim parse reads spelled out (their readings are spelling.toml [words]).
_MODAL_FORMS = re.compile(r"\b(?:wud|wld|shud|shld|cud|cld)\b", re.IGNORECASE)


# The first word of a sentence, of a segment after ';' or a dash, or of a clause after a comma ('on it, fixin the
# tests'), before a word (its object or a particle).
_SEGMENT_OPENER = re.compile(r"(?:^|[;—–,]\s*|\.\s+)([A-Za-z]{5,})(['’]?)(?=\s+[A-Za-z0-9])")


@cache
def _prefix_pattern(prefixes: frozenset[str]) -> re.Pattern[str]:
    alternatives = "|".join(sorted(prefixes))
    return re.compile(rf"\b(?:{alternatives})-(?=[a-z]+ing\b)", re.IGNORECASE)


def claim_in(segment: Segment, doc: Doc, vocabulary: ClaimVocabulary) -> Match | None:
    """The claim a segment makes, if any: the first [[claim]] row that matches one of its heads, unless a
    [[not-claim]] row at `predicate` takes it back; a [[modifier]] row at `claim-form` may announce it as a
    wait. (The rows at `segment` have judged the segment before: find_claims.)"""
    for head in heads_of(segment, vocabulary):
        for construction in table("claim"):
            match = construction(head, segment, vocabulary)
            if match is None:
                continue
            predicate = carried(match.predicate, vocabulary)
            site = PredicateSite(head, predicate, match, segment, vocabulary)
            if apply("predicate", site):
                return None
            waiting = apply("claim-form", site)
            return waiting if waiting is not None else Match(match.form, match.rule, predicate, match.construction)
    return None


def heads_of(segment: Segment, vocabulary: ClaimVocabulary) -> list[Token]:
    """The segment's own predicates: tokens whose head lies outside it (or the root), highest first, each
    followed by the predicates the [[correction]] rows at `claim-heads` find under it."""
    heads: list[Token] = []
    for top in tops_of(segment):
        heads.append(top)
        heads.extend(apply("claim-heads", top, vocabulary))
    return heads


def _claim(text: str, start: int, end: int, unit: Unit, match: Match) -> Claim:
    predicate = match.predicate
    p_start = unit.offsets[predicate.idx]
    p_end = unit.offsets[min(predicate.idx + len(predicate.text), len(unit.offsets)) - 1] + 1
    line, col = line_col(text, start)
    reason = (
        f"claim ({match.form}, rule {match.rule}): {match.construction} announces an action for now, "
        "and nothing after it in the message reports it done"
    )
    return Claim(
        text=text[start:end],
        start=start,
        end=end,
        line=line,
        col=col,
        form=match.form,
        reason=reason,
        rule=match.rule,
        predicate=Span(text[p_start:p_end], p_start, p_end),
    )
