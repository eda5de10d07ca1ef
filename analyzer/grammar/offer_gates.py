"""The offer gates: the [[offer-gate]] rows of grammar.toml, for the two offer-shaped phrases that are
conditional in plain English (docs/DESIGN.md#phrase-families). Each gate is chosen by the lexicon entry's `gate`; read
without a parse, its row's `without_parse` decides (analyzer.grammar.lexical)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from analyzer.grammar.judgement import Judgement, gated
from analyzer.grammar.register.offers import invited_to_ask, offered_by_agent
from analyzer.grammar.registry import gate, rule
from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import WANTED_DEPS, forms, subject_of
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token

# r38a: what may follow 'if you want it' and still leave 'it' closing the clause ('… if you want it too'), and the arcs
# of a state wanted of 'it' ('if you want it faster', 'if you want it verbose').
IT_CLOSERS = terms("wish-invitation", "it_closers")
STATE_DEPS = frozenset({"advmod", "acomp", "oprd"})


class OfferSite(NamedTuple):
    """An offer-shaped phrase in its parsed sentence: what a gate rule reads."""

    phrase: Sequence[Token]
    lexicon: Lexicon


def pass_gate(name: str, phrase: Sequence[Token], lexicon: Lexicon) -> Judgement:
    """Judge an offer phrase by the gate rule its lexicon entry names."""
    judged: Judgement = gate(name)(OfferSite(phrase, lexicon))
    return replace(judged, path=(name, *judged.path))


@rule("if-you-want-it")
def if_you_want_it(site: OfferSite) -> Judgement:
    """Read on the arcs of 'want': 'it' must be its object with no clause after it."""
    phrase = site.phrase
    want = next((t for t in phrase if t.lemma_.lower() == "want"), phrase[-2])
    it = phrase[-1]
    clausal = [c for c in want.children if c.dep_ in ("xcomp", "ccomp") and c.i > it.i]
    # r38a: 'If you want it faster, raise the worker count': a state wanted of 'it' said by an adverb or adjective
    clausal += [c for c in want.children if c.dep_ in STATE_DEPS and c.i > it.i and c.lower_ not in IT_CLOSERS]
    main = want.head if want.dep_ == "advcl" else None
    if (it.head.i != want.i or clausal) and main is not None:
        # r29c: 'If you want it gone, I can move the tests': the state wanted conditions the agent's offer, or an
        # invitation to ask it ('If you want it explained, just ask.') — no technical conditional
        invitation = invited_to_ask(main, want)
        if offered_by_agent(main) or invitation is not None:
            act = f"the agent's '{main.text}'"
            why = f"an invitation to ask the agent ('{invitation.text}')" if invitation is not None else act
            return gated(
                "fire", "if-you-want-it", f"fires: the reader's wish conditions {why} and waits for permission", main.i
            )
    if it.head.i != want.i or clausal:
        target = clausal[0] if clausal else it.head
        return gated(
            "exempt",
            "if-you-want-it",
            f"passes: 'it' is the subject of what follows ('{target.text}'), a technical conditional",
            target.i,
        )
    return gated(
        "fire",
        "if-you-want-it",
        "fires: 'if you want it' closes the clause that offers an action and waits for permission",
        want.head.i if want.head.i != want.i else None,
    )


@rule("unless-you-want")
def unless_you_want(site: OfferSite) -> Judgement:
    """Only words outside a definite noun phrase count as an alternative (_definite): 'the other format' names a
    thing."""
    phrase, lexicon = site
    want = next((t for t in phrase if t.lemma_.lower() == "want"), phrase[-1])
    wanted = [c for c in want.children if c.dep_ in WANTED_DEPS and c.i > want.i]
    if not wanted:
        return gated(
            "fire",
            "unless-you-want",
            "fires: 'unless you want' leaves what is wanted open, an offer of an alternative",
            want.head.i if want.head.i != want.i else None,
        )
    # 'the other format' is a definite thing wanted, a technical condition; 'something else' is open
    words = {name for c in wanted for t in c.subtree if not _definite(t) for name in forms(t)}
    alternatives = words & lexicon.indefinite_alternatives
    if alternatives:
        return gated(
            "fire",
            "unless-you-want",
            f"fires: what is wanted ('{sorted(alternatives)[0]}') is an indefinite alternative to the agent's plan",
            wanted[0].i,
        )
    shown = " ".join(t.text for t in wanted[0].subtree)
    return gated(
        "exempt",
        "unless-you-want",
        f"passes: what is wanted ('{shown}') is a technical condition, not an alternative to the agent's plan",
        wanted[0].i,
    )


@rule("rather-alternative")
def rather_alternative(site: OfferSite) -> Judgement:
    """r35b: the clause the condition hangs on is found from the verb 'rather' modifies (or the modal, when nothing
    follows 'rather'); the agent as its doer is any first-person word in it outside the condition ('the migration is
    something I can write next'), so only a thing as the subject with no agent anywhere is documentation."""
    phrase = site.phrase
    rather = next((t for t in phrase if t.lower_ == "rather"), phrase[-1])
    condition = rather.head if rather.dep_ == "advmod" else rather
    main = condition.head if condition.dep_ == "advcl" and condition.head.i != condition.i else None
    if main is None:
        return gated("fire", "rather-alternative", "fires: the offer 'if you'd rather' proposes to act and waits for "
                     "permission", None)  # fmt: skip
    inside = frozenset(t.i for t in condition.subtree)
    subject = next((c for c in main.children if c.dep_ in ("nsubj", "csubj")), None)
    agent = any(t.lower_ in AGENT_SELF for t in main.subtree if t.i not in inside)
    # the agent's clause the main clause is joined to ('I'm starting the docs lane, or the parser lane if you'd rather')
    joined = any(subject_of(a) is not None and subject_of(a).lower_ in AGENT_SELF for a in main.ancestors)
    # 'if you'd rather' closing its clause names no alternative of its own: the agent's act before it is the offer
    bare = condition.tag_ == "MD" or condition.i == rather.i
    if bare or joined or main.pos_ not in ("VERB", "AUX"):
        return gated("fire", "rather-alternative", f"fires: the reader's preference conditions the agent's "
                     f"'{main.text}' — an offer of an alternative that waits for permission", main.i)  # fmt: skip
    if subject is None or agent or subject.lower_ in AGENT_SELF or subject.lower_ in READER_WORDS:
        return gated("fire", "rather-alternative", f"fires: the reader's preference conditions the agent's "
                     f"'{main.text}' — an offer of an alternative that waits for permission", main.i)  # fmt: skip
    return gated("exempt", "rather-alternative", f"passes: the alternative is done by '{subject.text}', a thing, and "
                 f"the agent does nothing ('{main.text}'): documentation of an alternative, a technical conditional",
                 main.i)  # fmt: skip


AGENT_SELF = terms("parse", "agent_self")
READER_WORDS = terms("report-wait", "reader")
DEFINITE_DETERMINERS = terms("attribution", "definite_determiners")


def _definite(token: Token) -> bool:
    """An alternative word in a definite noun phrase: 'the other format', 'that different layout'."""
    noun = token.head if token.dep_ in ("amod", "det") else token
    return any(c.dep_ in ("det", "poss") and c.lower_ in DEFINITE_DETERMINERS for c in noun.children)
