"""Unbacked imminent-action claims, judged by grammar on the parse (docs/DESIGN.md#claims): the [[claim]] and
[[not-claim]] rows of grammar.toml, and the [[modifier]] and [[correction]] rows that run inside them.

The idle-out seed 001 is about: the agent ends its turn announcing what it does now and stops, so it never
happens. A claim is a sentence of the closing part (analyzer.text.closing) whose main predicate is an action
the agent performs now or next. find.py runs the rows over the closing sentences; each construction family
has its module (participles.py, intentions.py), and so do the rows that take a claim back (segments.py,
not_claims.py) or announce it as a wait (waiting.py).
"""

from analyzer.grammar.claims.find import claim_parse, find_claims

__all__ = ["claim_parse", "find_claims"]
