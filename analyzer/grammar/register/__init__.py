"""The register gates: the [[register-gate]] rows of grammar.toml, one module per construction family
(docs/DESIGN.md#phrase-families revision 2; issue 20's standing-by constructions), each gate chosen by the lexicon
entry's `gate`.

A gate reads the phrase's own sentence (and, for a question, the sentence after it: context.py) and returns a
Judgement, firing or exempt, or None when the construction is not the register at all: then no finding is
reported. The hook decides what a firing finding does from its family's mode.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from analyzer.grammar.judgement import Judgement
from analyzer.grammar.register.context import Context
from analyzer.grammar.registry import gate
from analyzer.lexicon import Lexicon

if TYPE_CHECKING:
    from spacy.tokens import Token


def register_judgement(name: str, phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Judge a register family's phrase by the register gate its lexicon entry names; None: not the register."""
    judged = gate(name)(phrase, lexicon, context)
    return None if judged is None else replace(judged, path=(name, *judged.path))
