"""What a caller of the analyzer uses (the Stop hook, `lanegate serve`, golden, replay): small, spaCy-free and
cheap to import, so a stop whose text holds no phrase pays for nothing else.

    vocabulary = Vocabulary.of(phrases, domain_words, agent_work, modes)   # the user's [lexicon] additions
    may_hold_phrase(text, vocabulary)   # False settles 'no phrase' from the phrases' forms, no lexicon built
    may_claim(text)                     # False settles 'no claim' from the closing part's words
    is_english(text)                    # False: the text shows another language (warning NOT_ENGLISH)
    may_ask(text)                       # False settles 'no closing question' from the closing part's sentences
    lexicon = lexicon_for(vocabulary)   # built once per vocabulary; lexicon.digest keys the warm parse server
    first_phrase(text, lexicon)         # the first phrase the analyzer would judge, or None
    analyze(text, vocabulary=vocabulary)   # or lexicon=lexicon: the Report (analyzer.analyze)

On the per-stop path (docs/INTERFACES.md): this module keeps to the fast path's imports.
"""

from __future__ import annotations

from functools import cache

from analyzer.lexicon import (
    NOT_ENGLISH,
    default_lexicon,
    default_phrase_forms,
    families,
    is_english,
    phrase_canonical,
    phrase_families,
)
from analyzer.text import SITES_PATH, sites
from analyzer.text.candidates import find_candidates, may_match_forms
from analyzer.text.closing import may_claim
from lanegate_common.derived import derived
from lanegate_common.frozen import frozen

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from analyzer.lexicon import Lexicon as Lexicon
    from analyzer.text.candidates import Candidate as Candidate

__all__ = [
    "BUILT_IN",
    "NOT_ENGLISH",
    "Vocabulary",
    "families",
    "find_candidates",
    "first_phrase",
    "is_english",
    "lexicon_for",
    "may_ask",
    "may_claim",
    "may_hold_phrase",
    "model_candidates",
    "phrase_families",
    "read_as_shown",
    "redefined_phrases",
]


@frozen
class Vocabulary:
    """What a user adds to the built-in lexicon (lanegate.toml's [lexicon], docs/DESIGN.md#configuration): extra
    phrases, words of the human-only domains, agent-work words and family modes. Hashable, so the lexicon built from it
    is built once (lexicon_for)."""

    phrases: tuple[tuple[str, str], ...] = ()  # (canonical as written, family)
    domain_words: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (domain, words)
    agent_work: tuple[str, ...] = ()
    modes: tuple[tuple[str, str], ...] = ()  # (family, "enforce" | "observe"), in the order they were set

    @classmethod
    def of(
        cls,
        phrases: Iterable[Mapping[str, str]] = (),
        domain_words: Mapping[str, Iterable[str]] | None = None,
        agent_work: Iterable[str] = (),
        modes: Iterable[tuple[str, str]] = (),
    ) -> Vocabulary:
        """From the shapes configuration reads: phrases as {"canonical", "family"} tables, domain words by domain."""
        return cls(
            phrases=tuple((str(p["canonical"]), str(p.get("family", "offer"))) for p in phrases),
            domain_words=tuple((name, tuple(words)) for name, words in (domain_words or {}).items()),
            agent_work=tuple(agent_work),
            modes=tuple(modes),
        )

    def __bool__(self) -> bool:
        return bool(self.phrases or self.domain_words or self.agent_work or self.modes)


BUILT_IN = Vocabulary()


def read_as_shown(text: str) -> str:
    """The text as a reader reads it (analyzer.text.disguise: format characters gone, look-alike letters as
    the Latin letters they stand for, markup read through), for comparing a name the agent wrote."""
    from analyzer.text.disguise import fold

    return fold(text).text


def redefined_phrases(vocabulary: Vocabulary) -> tuple[str, ...]:
    """The canonical forms of the vocabulary's phrases that are built in: the built-in entry is kept for them
    (a configured phrase never redefines a built-in one), and the caller names them."""
    known = set(default_phrase_forms())
    return tuple(c for c in _canonicals(vocabulary) if c in known)


def may_hold_phrase(text: str, vocabulary: Vocabulary = BUILT_IN) -> bool:
    """False only when no phrase of the built-in lexicon or of the vocabulary can be in `text`: most texts,
    settled from the phrases' forms without building the lexicon."""
    return may_match_forms(text, default_phrase_forms() + _canonicals(vocabulary))


def may_ask(text: str) -> bool:
    """False only when the closing part holds no sentence that may be a closing question (docs/DESIGN.md#phrase-families
    revision 3): most texts hold none of the characters every such sentence holds, and are settled without reading the
    closing part or importing analyzer.text.questions."""
    lowered = text.lower()
    if not any(cue in lowered for cue in _question_cues()):
        return False
    from analyzer.text.questions import question_sites

    return bool(question_sites(text))


@cache
def _question_cues() -> tuple[str, ...]:
    """What every site analyzer.text.questions finds holds (lower-cased): sites.toml's [cues], read without importing
    that module (a stop whose text holds none is settled here), and kept between processes (lanegate_common.derived)."""
    return derived("question-cues", (SITES_PATH,), _cues)


def _cues() -> tuple[str, ...]:
    return tuple(sites()["cues"]["substrings"])


@cache
def lexicon_for(vocabulary: Vocabulary = BUILT_IN) -> Lexicon:
    """The built-in lexicon with the vocabulary's additions and modes, built (and digested) once per process."""
    base = default_lexicon()
    if not vocabulary:
        return base
    known = set(default_phrase_forms())
    new = [{"canonical": c, "family": f} for c, f in vocabulary.phrases if _canonical(c) not in known]
    extended = base.extended(phrases=new, domain_words=dict(vocabulary.domain_words), agent_work=vocabulary.agent_work)
    if not vocabulary.modes:
        return extended
    enforce = [family for family, mode in vocabulary.modes if mode == "enforce"]
    observe = [family for family, mode in vocabulary.modes if mode == "observe"]
    return extended.with_modes(enforce=enforce, observe=observe)


def first_phrase(text: str, lexicon: Lexicon) -> Candidate | None:
    """The first phrase of `text` the analyzer would judge (disguise read through, carve-outs left out)."""
    found = find_candidates(text, lexicon, first=True)
    return found[0] if found else None


def model_candidates(configured: str | None = None) -> tuple[str, ...]:
    """The spaCy model names the analyzer tries, in order (docs/DESIGN.md#model), without importing spaCy."""
    from analyzer.parse.model import candidate_models

    return candidate_models(configured)


def _canonicals(vocabulary: Vocabulary) -> tuple[str, ...]:
    return tuple(_canonical(written) for written, _ in vocabulary.phrases)


def _canonical(written: str) -> str:
    return phrase_canonical({"canonical": written})
