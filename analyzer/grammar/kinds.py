"""The kinds of rule, and the sites where their rows run: a closed table, like spaCy's operator table.

A walked kind (phrase, relation, closing-question, claim) is one site, its own table: the rows are tried in
the data's order and the first that applies decides. A gate kind (offer-gate, register-gate) is one site
too, its row chosen by the lexicon entry's `gate`. The other kinds run inside other rules, so each of their
rows names, in `at`, the site it runs at: a named place in a rule, where every row of that site runs, in
the data's order, combined as the site says. Every site has one signature, a Protocol below; the registry
checks each row's function against it when the grammar loads (a GrammarError names the file and the row).

How a site combines its rows (`Site.combine`):
  walk    the first row that applies (returns something other than None) decides; its name joins the path
  select  the lexicon entry's `gate` names the one row that decides
  first   the first result other than None (None: no row applies)
  any     a veto: true when any row is (order only saves work)
  chain   each row takes the value the previous one returned (the first takes what the rule read)
  join    the rows' lists, concatenated
  segment (not-claim, at the segment) the first row that applies decides what the segment is: its `yields`
          "none" (it makes no claim) or "backed" (it reports the work done: the claims before it are backed)

This module imports no rule code (listing the rules, `analyze --rules`, reads it without spaCy); the types
the signatures name are the sites' own records, written here as the strings they are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from spacy.tokens import Token

    from analyzer.grammar.claims.records import Match, PredicateSite, Segment, SegmentSite
    from analyzer.grammar.closing_questions import Asked
    from analyzer.grammar.judgement import Judgement
    from analyzer.grammar.offer_gates import OfferSite
    from analyzer.grammar.phrase_rules import PhraseSite
    from analyzer.grammar.register.context import Context
    from analyzer.grammar.relation_rules import RelationSite
    from analyzer.lexicon import Lexicon
    from analyzer.text.carveouts import Views
    from analyzer.text.closing import ClaimVocabulary


# ---- the signatures: one per site ------------------------------------------------------------------------


class PhraseRule(Protocol):
    def __call__(self, site: PhraseSite) -> Judgement | None: ...


class RelationRule(Protocol):
    def __call__(self, site: RelationSite) -> Judgement | None: ...


class OfferGate(Protocol):
    def __call__(self, site: OfferSite) -> Judgement: ...


class RegisterGate(Protocol):
    def __call__(self, phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None: ...


class ClosingQuestionRule(Protocol):
    def __call__(self, asked: Asked) -> Judgement | None: ...


class ClaimRule(Protocol):
    def __call__(self, head: Token, segment: Segment, vocabulary: ClaimVocabulary) -> Match | None: ...


class SegmentRule(Protocol):
    def __call__(self, site: SegmentSite) -> bool: ...


class PredicateRule(Protocol):
    def __call__(self, site: PredicateSite) -> bool: ...


class ClaimFormRule(Protocol):
    def __call__(self, site: PredicateSite) -> Match | None: ...


class ViewRule(Protocol):
    def __call__(self, view: str) -> str: ...


class TrailingUnitRule(Protocol):
    # carved: the unit with every carve-out blanked (code, quotations, blockquotes), as the phrases are matched
    def __call__(self, unit: str, vocabulary: ClaimVocabulary, carved: str) -> bool: ...


class LeadInRule(Protocol):
    def __call__(
        self, view: str, starts: list[int], bounds: tuple[int, int], vocabulary: ClaimVocabulary
    ) -> tuple[int, int] | None: ...


class NegationRule(Protocol):
    def __call__(self, predicate: Token, complements: Iterable[Token], lexicon: Lexicon) -> Token | None: ...


class ContrastRule(Protocol):
    def __call__(self, cue: Token, head: Token, lexicon: Lexicon) -> bool: ...


class SenseRule(Protocol):
    def __call__(self, token: Token, domain: str, lexicon: Lexicon) -> bool: ...


class DomainWordRule(Protocol):
    def __call__(self, token: Token, lexicon: Lexicon, inside: frozenset[int]) -> str | None: ...


class SegmentCorrection(Protocol):
    def __call__(self, segment: Sequence[Token]) -> Sequence[Token]: ...


class MainClauseCorrection(Protocol):
    def __call__(self, top: Token, scope: frozenset[int]) -> tuple[Token, frozenset[int]] | None: ...


class TopicCorrection(Protocol):
    def __call__(self, segment: Sequence[Token]) -> list[Token]: ...


class NounCorrection(Protocol):
    def __call__(self, noun: Token) -> bool: ...


class CopulaCorrection(Protocol):
    def __call__(self, governor: Token) -> Token | None: ...


class GovernorCorrection(Protocol):
    def __call__(self, governor: Token) -> Token: ...


class AlternativesCorrection(Protocol):
    def __call__(self, pred: Token, scope: frozenset[int]) -> list[Token]: ...


class ObjectCorrection(Protocol):
    def __call__(self, objects: list[Token], lexicon: Lexicon, scope: frozenset[int]) -> list[Token]: ...


class LostAlternativeCorrection(Protocol):
    def __call__(self, noun: Token, roots: list[Token]) -> list[Token]: ...


class SubjectCorrection(Protocol):
    def __call__(self, cop: Token) -> list[Token]: ...


class HeadsCorrection(Protocol):
    def __call__(self, top: Token, vocabulary: ClaimVocabulary) -> list[Token]: ...


class LexicalFallback(Protocol):
    """A gate read from the words alone, for when no parse is available (docs/DESIGN.md#failure): the row's
    `without_parse`."""

    def __call__(
        self, gate: str, text: str, start: int, end: int, lexicon: Lexicon, views: Views
    ) -> Judgement | None: ...


# ---- the table -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Site:
    """A place where rows run: its name (a walked or gate kind's is the kind's), the signature of its rows,
    how it combines them, and what it is, in a line."""

    name: str
    signature: type
    combine: str
    about: str


@dataclass(frozen=True)
class Kind:
    """A kind of rule: its table in grammar.toml, what the table decides, whether its rows are walked (tried
    in order, the first that applies deciding) and the sites its rows run at."""

    name: str
    title: str
    walked: bool
    sites: tuple[Site, ...]

    @property
    def own_site(self) -> bool:
        """The kind is its one site (its rows name none): a walked or a gate kind."""
        return len(self.sites) == 1 and self.sites[0].name == self.name


def _own(name: str, signature: type, combine: str, about: str) -> tuple[Site, ...]:
    return (Site(name, signature, combine, about),)


KINDS: Mapping[str, Kind] = {
    kind.name: kind
    for kind in (
        Kind(
            "phrase",
            "Phrase rules: is the phrase a hand-over at all, and what does it bind to?",
            walked=True,
            sites=_own("phrase", PhraseRule, "walk", "an attribution phrase in its parsed sentence"),
        ),
        Kind(
            "relation",
            "Relation rules: what does the governing predicate hand over?",
            walked=True,
            sites=_own("relation", RelationRule, "walk", "the predicate a phrase rule found"),
        ),
        Kind(
            "offer-gate",
            "Offer gates: is an offer-shaped phrase that is conditional in plain English an offer?",
            walked=True,
            sites=_own("offer-gate", OfferGate, "select", "the offer phrase whose lexicon entry names the gate"),
        ),
        Kind(
            "register-gate",
            "Register gates: is the phrase of a register family in its register, and does it fire?",
            walked=True,
            sites=_own("register-gate", RegisterGate, "select", "the register phrase whose entry names the gate"),
        ),
        Kind(
            "closing-question",
            "Closing questions: does a question of the closing part hand the turn back to the reader?",
            walked=True,
            sites=_own("closing-question", ClosingQuestionRule, "walk", "a question of the closing part"),
        ),
        Kind(
            "claim",
            "Claim rules: which construction announces an action for now?",
            walked=True,
            sites=_own("claim", ClaimRule, "walk", "each predicate of a closing sentence's segment"),
        ),
        Kind(
            "not-claim",
            "Not a claim: what takes a claim construction back",
            walked=False,
            sites=(
                Site("segment", SegmentRule, "segment", "a segment of a closing sentence, before any construction"),
                Site("predicate", PredicateRule, "any", "the predicate a claim construction matched"),
            ),
        ),
        Kind(
            "closing",
            "The closing part: which trailing paragraphs are not content, and what is never the agent's sentence",
            walked=False,
            sites=(
                Site("view", ViewRule, "chain", "the text's parse view, before the closing part is found"),
                Site("trailing-unit", TrailingUnitRule, "any", "a trailing paragraph: not content, skipped"),
                Site("lead-in", LeadInRule, "first", "the closing unit: the lead-in of the list it closes"),
            ),
        ),
        Kind(
            "modifier",
            "Modifiers: applied by the rules to the relation or claim they found",
            walked=False,
            sites=(
                Site("claim-form", ClaimFormRule, "first", "a claim found: announced as a wait instead"),
                Site("relation-negation", NegationRule, "first", "the relation that would exempt: its negation"),
                Site("contrast", ContrastRule, "any", "a negation cue: set against the phrase, it cancels nothing"),
                Site("sense", SenseRule, "any", "a domain word: not in the domain's sense here"),
                Site("domain-word", DomainWordRule, "first", "a word with no domain of its own: its construction's"),
            ),
        ),
        Kind(
            "correction",
            "Misparse corrections: where the small model's parse is known to go wrong, applied inside the rules",
            walked=False,
            sites=(
                Site("detached-segment", SegmentCorrection, "chain", "what a detached phrase comments on"),
                Site("main-clause", MainClauseCorrection, "first", "the predicate heading that segment"),
                Site("fronted-topic", TopicCorrection, "join", "a detached phrase's segment: its fronted topic"),
                Site("copular-attribute", NounCorrection, "any", "the phrase's noun: what a copula says"),
                Site("governing-copula", CopulaCorrection, "first", "the word a phrase hangs on: its copula"),
                Site("governor", GovernorCorrection, "chain", "the word a phrase hangs on"),
                Site("alternatives", AlternativesCorrection, "join", "a predicate's alternatives"),
                Site("object", ObjectCorrection, "join", "a phrase's object: the words the parser cut off"),
                Site("lost-alternative", LostAlternativeCorrection, "join", "a phrase's object: a lost conjunct"),
                Site("clausal-subject", SubjectCorrection, "join", "a copula's subject clause"),
                Site("claim-heads", HeadsCorrection, "join", "a segment's predicates"),
            ),
        ),
    )
}
# The sites by name (each name is one site, whatever its kind).
SITES: Mapping[str, tuple[Kind, Site]] = {site.name: (kind, site) for kind in KINDS.values() for site in kind.sites}
# The kinds a lexicon entry's `gate` may name; a family says which of them judge its phrases.
GATE_KINDS = ("offer-gate", "register-gate")
# What judges a phrase without a gate: it fires as found (offer), or it walks the phrase table (phrase). A
# family's `judged_by` names exactly one of them when any of its phrases has no gate.
GATELESS = ("offer", "phrase")
# The kinds that judge a family found by grammar alone, with no lexicon phrase (docs/DESIGN.md#phrase-families
# revision 3: the closing question): its [families] row names the kind in `judged_by`.
GRAMMAR_FAMILIES = ("closing-question",)
# What a family's `judged_by` may name.
JUDGES = (*GATELESS, *GATE_KINDS, *GRAMMAR_FAMILIES)
# What a rule can decide: a finding's verdict, no finding (a carve-out, or not the register), a claim, or
# (a not-claim at the segment) that the claims before it are backed.
YIELDS = ("fire", "exempt", "carved", "none", "claim", "backed")


def signature_text(signature: type | Callable[..., object]) -> str:
    """A signature as the messages show it: `(site: PhraseSite) -> Judgement | None`."""
    import inspect

    call = signature.__call__ if isinstance(signature, type) else signature
    shown = inspect.signature(call)
    params = [p for p in shown.parameters.values() if p.name != "self"]
    return str(shown.replace(parameters=params)).replace("'", "")
