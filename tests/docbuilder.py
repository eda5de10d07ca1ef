"""Hand-built parses for unit tests of the grammar rules, so each rule is tested on a fixed tree."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc
    from spacy.vocab import Vocab


@cache
def _vocab() -> Vocab:
    """A blank English vocabulary: lexical attributes (lower, is_punct) without any trained model. spaCy is imported
    here, by the first test that builds a parse, not by collecting a module that can: a second of every worker's
    start in the inner loop."""
    import spacy

    return spacy.blank("en").vocab


def parse(spec: str) -> Doc:
    """Build a Doc from lines of `word lemma POS TAG dep head-index` (head -1 or own index = root).

    Punctuation that follows a word without a space is written with a leading `~` ("~," "~.").
    """
    words: list[str] = []
    spaces: list[bool] = []
    lemmas: list[str] = []
    pos: list[str] = []
    tags: list[str] = []
    deps: list[str] = []
    heads: list[int] = []
    rows = [line.split() for line in spec.strip().splitlines() if line.strip()]
    for k, (word, lemma, p, tag, dep, head) in enumerate(rows):
        attached = word.startswith("~")
        word = word.lstrip("~")
        if attached and spaces:
            spaces[-1] = False
        words.append(word)
        spaces.append(True)
        lemmas.append(lemma)
        pos.append(p)
        tags.append(tag)
        deps.append(dep)
        heads.append(k if int(head) < 0 else int(head))
    spaces[-1] = False
    from spacy.tokens import Doc

    return Doc(_vocab(), words=words, spaces=spaces, lemmas=lemmas, pos=pos, tags=tags, deps=deps, heads=heads)


def tokens(doc: Doc, *words: str) -> list:
    """The consecutive tokens spelling `words`, first occurrence."""
    n = len(words)
    for i in range(len(doc) - n + 1):
        if [t.lower_ for t in doc[i : i + n]] == [w.lower() for w in words]:
            return list(doc[i : i + n])
    raise AssertionError(f"{words} not in {doc.text!r}")
