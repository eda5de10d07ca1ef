"""The offer family's gates (docs/DESIGN.md#phrase-families revision 2): 'want me to', and a condition on the reader's
wish."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.grammar.judgement import Judgement, gated
from analyzer.grammar.register.clauses import across_semicolon, spelled
from analyzer.grammar.register.context import Context
from analyzer.grammar.registry import rule
from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import SUBJECT_DEPS, WISH_COMPLEMENT_DEPS, subject_of
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token

AGENT_SUBJECTS = terms("register", "agent_subjects")
SPEECH_VERBS = terms("register", "speech_verbs")
_WISH_LEMMAS = terms("register", "wish_lemmas")



@rule("want-me-to")
def want_me_to(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Each exclusion reads the wish word's own arcs: a relative or contact-relative clause on a noun, a reporting
    verb with a person as subject above or beside it, or a declarative with the reader as subject that asks nothing.
    """
    want = _wish_word(phrase)
    if want.dep_ in ("relcl", "acl") and want.head.pos_ in ("NOUN", "PROPN", "PRON"):
        return None
    if _contact_relative(want):
        return None
    if _reported(want):
        return None
    subject = subject_of(want)
    declarative = (
        want.dep_ == "ROOT"
        and subject is not None
        and subject.lower_ == "you"
        and not _asks(want)
        and not any(c.dep_ in ("mark", "aux") for c in want.children)
    )
    if declarative:
        return None
    return gated(
        "fire", "want-me-to", "fires (want-me-to): 'want me to' proposes to act and waits for permission", _head(want)
    )


@rule("wish-condition")
def wish_condition(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """What the wish governs is read as the model attached it, stopped at a ';': a clause after one is another
    sentence's."""
    wish = _wish_word(phrase)
    main = wish.head if wish.head.i != wish.i else None
    wanted = [c for c in wish.children if c.dep_ in WISH_COMPLEMENT_DEPS and c.i > phrase[-1].i]
    # 'If you'd like to reproduce it, run `make flaky`; I am on the tests': a clause after ';' is another one.
    agent_main = main is not None and _agent_subject(main) and not across_semicolon(wish, main)
    if wanted and not agent_main:
        return None  # a technical conditional: the wish names what it wants and the reader acts
    shown = main.text if main is not None else phrase[-1].text
    why = f"the wish governs the agent's own '{shown}'" if agent_main else "the wish is left open, an offer to act"
    return gated(
        "fire", "wish-condition", f"fires (wish-condition): '{spelled(phrase)}' — {why}", main.i if main else None
    )


def _wish_word(phrase: Sequence[Token]) -> Token:
    return next((t for t in phrase if t.lemma_.lower() in _WISH_LEMMAS), phrase[-1])


def _contact_relative(want: Token) -> bool:
    """'the file you want me to rename': a relative clause without 'that' — the reader's wish follows a noun
    directly and its infinitive lacks the object the noun supplies (the model reads 'want' as a ccomp, not a relcl).
    """
    subject = subject_of(want)
    if subject is None or subject.lower_ != "you" or subject.i != want.i - 1 or subject.i == 0:
        return False
    noun = want.doc[subject.i - 1]
    if noun.pos_ not in ("NOUN", "PROPN") or noun.tag_ in ("WP", "WDT"):
        return False
    action = next((c for c in want.children if c.dep_ in ("xcomp", "ccomp") and c.i > want.i), None)
    return action is not None and not any(c.dep_ in ("dobj", "attr") for c in action.children)


def _reported(want: Token) -> bool:
    """'as you said, you want me to …' / 'you said you want me to …': a reporting verb with the reader
    as its subject governs the wish or is attached to it."""
    related = [*want.ancestors, *(c for c in want.children if c.dep_ in ("advcl", "parataxis"))]
    for verb in related:
        subject = subject_of(verb)
        if (
            verb.lemma_.lower() in SPEECH_VERBS
            and subject is not None
            and subject.lower_ in ("you", "he", "she", "they")
        ):
            return True
    return False


def _asks(want: Token) -> bool:
    """The wish is asked about: its sentence ends with a question mark."""
    for token in want.doc[want.i + 1 : want.sent.end]:
        if token.text in ("?",):
            return True
        if token.text in (".", "!", ";"):
            return False
    return False


def _agent_subject(verb: Token) -> bool:
    """The verb, or the verb it serves as an auxiliary complement of, has the agent as its subject."""
    for node in (verb, *(c for c in verb.children if c.dep_ in ("xcomp", "conj"))):
        subject = next((c for c in node.children if c.dep_ in SUBJECT_DEPS), None)
        if subject is not None and subject.lower_ in AGENT_SUBJECTS:
            return True
    return verb.lower_ in ("happy", "glad") or (verb.pos_ == "ADJ" and subject_of(verb) is None)


def _head(token: Token) -> int | None:
    return token.head.i if token.head.i != token.i else None
