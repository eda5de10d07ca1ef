"""The bare request for the reader's choice (docs/DESIGN.md#construction-classes, r38j): 'Either works for me; tell me
which.', 'I'm happy either way on splitting the component — say which.'. The agent lays out its own options, says it
has no preference, and asks the reader to name one: the turn waits on a choice the agent could make. Judged like
attribution on the options the sentence names before the request: a choice between human-only acts ('merge now or
wait for Dana's review') is the reader's own."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from analyzer.grammar.closing_questions import Asked, _as_asked
from analyzer.grammar.judgement import Judgement, gated
from analyzer.grammar.registry import rule
from analyzer.grammar.work import work_of_stretch
from analyzer.parse.tokens import SOURCE_KEY
from analyzer.terms import terms
from analyzer.text.layout import sentence_case
from analyzer.text.questions import DECISION, TURN

if TYPE_CHECKING:
    from spacy.tokens import Token

REQUEST_VERBS = terms("named-choice", "request_verbs")
WISHED = terms("named-choice", "wished")
SET_ASIDE = terms("named-choice", "set_aside")
CHOOSING = terms("named-choice", "choosing")
PRO_FORMS = terms("named-choice", "pro_forms")
# Where a sentence ends inside a paragraph, for the sentence before the request.
PREVIOUS = re.compile(r"(?<=[.!?])\s+")


@rule("named-choice")
def named_choice(asked: Asked) -> Judgement | None:
    """The request closes the sentence: a verb of telling (say, tell me, let me know) whose object is 'which' with
    nothing after it but 'one' or the reader's wish ('which you prefer'). The options are the words before it."""
    if asked.site.kind == TURN:
        return _pick_request(asked)
    if asked.site.kind != DECISION:
        return None
    words = [t for t in asked.tokens if not t.is_punct]
    which = next((t for t in reversed(words) if t.lower_ == "which"), None)
    if which is None or any(t.i > which.i and t.lower_ not in WISHED for t in words):
        return None
    request = next((a for a in which.ancestors if a.lemma_.lower() in REQUEST_VERBS), None)
    if request is None:
        return None
    if request.head.lemma_.lower() in REQUEST_VERBS and request.head.i < request.i:
        request = request.head  # 'let me know which': the request opens at 'let'
    options = _options_before(asked, request)
    if options is None:
        return None
    shown = _as_asked(asked)
    why = "asks the reader to name one of the options set out before it"
    if not options:
        return gated("fire", "named-choice", f"fires (named-choice): '{shown}' {why}", request.i)
    work = work_of_stretch(options, asked.lexicon)
    if work.human_only:
        return gated("exempt", "named-choice", f"exempt (named-choice): '{shown}' {why}, and that is "
                     f"{work.describe()}", request.i, None, work.domains)  # fmt: skip
    return gated("fire", "named-choice", f"fires (named-choice): '{shown}' {why}; what it offers "
                 f"{work.describe()}", request.i, None, work.domains)  # fmt: skip


def _pick_request(asked: Asked) -> Judgement | None:
    """r40d: the whole sentence an imperative of choosing whose object is a pro-form of the options ('Pick one.',
    'Choose either.'), nothing else in it: the reader as chooser over the options just set out (a menu, a list, the
    sentence before). Judged on those options: a menu of human-only acts is the reader's own."""
    words = [t for t in asked.tokens if not t.is_punct and t.lower_ not in ("please", "just")]
    if len(words) > 3 or not words or words[0].lemma_.lower() not in CHOOSING:
        return None
    if not any(t.lower_ in PRO_FORMS for t in words[1:]) or any(t.lower_ in ("and", "then", "so") for t in words):
        return None
    source = asked.doc.user_data.get(SOURCE_KEY)
    written = source[0][: asked.site.start] if source else ""
    shown = _as_asked(asked)
    why = "asks the reader to pick one of the options set out before it"
    prefix = written[-600:].strip()
    if not prefix:
        return None  # nothing to choose from: no menu the agent could settle
    from analyzer.parse.model import load_model

    options = [t for t in load_model()(prefix) if not t.is_punct and not t.is_space and t.lower_ not in SET_ASIDE]
    work = work_of_stretch(options, asked.lexicon)
    if work.human_only:
        return gated("exempt", "named-choice", f"exempt (named-choice): '{shown}' {why}, and that is "
                     f"{work.describe()}", words[0].i, None, work.domains)  # fmt: skip
    return gated("fire", "named-choice", f"fires (named-choice): '{shown}' {why}; what it offers "
                 f"{work.describe()}", words[0].i, None, work.domains)  # fmt: skip


def _options_before(asked: Asked, first: Token) -> list[Token] | None:
    """The words of the options: those of the judged part before the request; when the part is the request alone,
    those of the sentence before it — the site's own words before a dash ('… either way on splitting it — say
    which.'), else the sentence before it in the same paragraph ('A lock or a queue both work. Say which.') — parsed
    once more for this shape only. None when the request opens its paragraph after a list or a break: what it asks to
    choose from is not the agent's options said with it ('Next steps for the release manager: 1. … Let me know
    which.'). Words of the agent's indifference and the persons are set aside."""
    before = [t for t in asked.tokens if t.i < first.i]
    if not before:
        source = asked.doc.user_data.get(SOURCE_KEY)
        offset = source[1][0] - asked.site.start if source and source[1] else 0
        prefix = asked.site.sentence[:offset].strip().rstrip(":—–-").strip()
        if not prefix and source:
            written = source[0][: asked.site.start].rstrip(" \t")
            if written.endswith("\n"):
                return None
            prefix = PREVIOUS.split(written.rsplit("\n", 1)[-1].strip())[-1]
        if not prefix:
            return []
        from analyzer.parse.model import load_model

        before = list(load_model()(sentence_case(prefix)))
    return [t for t in before if not t.is_punct and not t.is_space and t.lower_ not in SET_ASIDE]
