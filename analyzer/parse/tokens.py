"""Small, pure helpers over spaCy tokens that the grammar rules share."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token

# Dependencies that open a new proposition: a negation or a domain word down there belongs to it.
CLAUSAL_DEPS = frozenset({"advcl", "ccomp", "xcomp", "csubj", "csubjpass", "relcl", "acl", "parataxis", "conj"})
SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "csubj", "csubjpass", "expl"})
# Three sets of complements, each named for what it reads (and defined only here):
# what a copula says of its subject ("is yours", "is eligible"),
COPULA_COMPLEMENT_DEPS = frozenset({"attr", "acomp", "oprd"})
# what a wish or an offer states as wished ("want more logs", "like to run it"),
WISH_COMPLEMENT_DEPS = frozenset({"dobj", "xcomp", "ccomp", "attr", "oprd", "acomp"})
# and what the want of 'unless you want' takes after it ("unless you want something else", "… it otherwise").
WANTED_DEPS = frozenset({"dobj", "xcomp", "ccomp", "attr", "advmod", "npadvmod", "prep", "oprd"})
COPULA_LEMMAS = terms("parse", "copula_lemmas")
FRONTED_DEPS = frozenset({"prep", "advcl", "advmod", "npadvmod"})
CONCESSIVE_MARKS = terms("parse", "concessive_marks")
CONDITION_MARKS = terms("parse", "condition_marks")
FIRST_PERSON = terms("parse", "first_person")
AGENT_SELF = terms("parse", "agent_self")
DEMONSTRATIVES = terms("parse", "demonstratives")
_VERSION = re.compile(r"^v?\d+(?:\.\d+)+[\w.+-]*$", re.IGNORECASE)


# Doc.user_data key of (original text, offsets): where each character the parser read was written.
SOURCE_KEY = "lanegate.source"
# Doc.user_data key: the doc is a table row whose cells were read as its sentences (analyzer.text.layout).
ROW_KEY = "lanegate.row"
# Doc.user_data key: where, in the parsed text, the phrase's own sentence starts when the parse was widened to the
# sentence before it (analyzer.text.layout.named_before); the text's sentence boundary outranks the parser's.
SENTENCE_KEY = "lanegate.sentence"


def sentence_start(token: Token) -> int:
    """The index of the first token of `token`'s sentence: the parser's, unless the text's own boundary before the
    phrase's sentence falls inside it ('… as of 10:02Z. That's your call.' read as one sentence)."""
    start = token.sent.start
    boundary = token.doc.user_data.get(SENTENCE_KEY)
    if boundary is None or token.idx < boundary:
        return start
    first = next((t.i for t in token.doc if t.idx >= boundary), token.i)
    return max(start, first)


# Punctuation that ends a clause right after a word written without a space ('feat/export?').
_CLAUSE_ENDS = frozenset({".", ",", "?", "!", ";", ":", ")", "]", "'", '"'})
# A word inside inline code: letters and digits, hyphens inside.
_CODE_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

def as_written(tokens: Sequence[Token]) -> str:
    """The tokens as the author wrote them, for quoting in a reason: inline code instead of its
    placeholder, curly apostrophes kept. A joining word the list rule inserted (its characters stand
    on a line break) and a doc with no source (a hand-built parse) read as parsed."""
    if not tokens:
        return ""
    source = tokens[0].doc.user_data.get(SOURCE_KEY)
    parts: list[str] = []
    for token in tokens:
        text = token.text
        if source is not None:
            original, offsets = source
            written = "".join(original[offsets[token.idx + k]] for k in range(len(text)))
            text = text if "\n" in written else written
        parts.append(text + token.whitespace_)
    return "".join(parts).strip()


def written_stretch(token: Token) -> list[Token]:
    """The tokens written together with `token`, with no space between them ('feat/export', 'agent/retry-logic'); the
    punctuation that ends a clause after them is not part of it."""
    doc = token.doc
    start = token.i
    while start > 0 and not doc[start - 1].whitespace_:
        start -= 1
    end = token.i
    while end + 1 < len(doc) and not doc[end].whitespace_ and doc[end + 1].text not in _CLAUSE_ENDS:
        end += 1
    return list(doc[start : end + 1])


def in_path(token: Token) -> bool:
    """A word of a path written with slashes ('fix/login-redirect'): a name, not the word it spells."""
    return any(t.text == "/" for t in written_stretch(token)) and token.text != "/"


def code_words(token: Token) -> frozenset[str]:
    """The words inside a token that is inline code in the text ('`gcloud auth login`', '`roles/owner`'), lower-cased:
    the parse reads the span as one placeholder, a reader reads its words. Empty for any other token."""
    written = as_written([token])
    if not written.startswith("`"):
        return frozenset()
    return frozenset(_CODE_WORD.findall(written.lower()))


def forms(token: Token) -> frozenset[str]:
    """The lower-cased surface form and lemma, apostrophes folded."""
    return frozenset(
        {token.lower_.replace("’", "'"), token.lemma_.lower().replace("’", "'")}
    )


def hyphen_compound(token: Token) -> str | None:
    """'merge-eligible' from the tokens merge, -, eligible when `token` is the last part."""
    doc = token.doc
    i = token.i
    if i >= 2 and doc[i - 1].text == "-" and not doc[i - 1].whitespace_ and not doc[i - 2].whitespace_:
        return f"{doc[i - 2].lower_}-{token.lower_}"
    return None


def words_of(tokens: Iterable[Token]) -> list[tuple[Token, frozenset[str]]]:
    """Each token with every form the vocabulary may name it by: hyphen compounds and two-word terms
    ending at it ("production deploy") included."""
    out: list[tuple[Token, frozenset[str]]] = []
    for tok in tokens:
        names = set(forms(tok))
        compound = hyphen_compound(tok)
        if compound:
            names.add(compound)
        if tok.i > 0 and not tok.doc[tok.i - 1].is_punct:
            previous = tok.doc[tok.i - 1].lower_
            names.update(f"{previous} {name}" for name in forms(tok))
        # a term's first word with another modifier between ('the live Stripe keys': 'live keys')
        names.update(f"{m.lower_} {name}" for m in term_modifiers(tok) for name in forms(tok))
        out.append((tok, frozenset(names)))
    return out


def term_modifiers(token: Token) -> list[Token]:
    """The words before a noun that modify it inside its noun phrase: the first words its two-word terms may have."""
    return [c for c in token.children if c.dep_ in ("compound", "amod") and c.i < token.i - 1 and not c.is_punct]


def is_version(token: Token) -> bool:
    return bool(_VERSION.match(token.text))


def is_copula(token: Token) -> bool:
    return token.lemma_.lower() in COPULA_LEMMAS


def subject_of(token: Token) -> Token | None:
    return next((c for c in token.children if c.dep_ in SUBJECT_DEPS), None)


def predicate_subject(word: Token) -> Token | None:
    """The subject of a word, or of the copula it completes when it has none ('I'm open to …': open -acomp-> 'm)."""
    return subject_of(word) or (subject_of(word.head) if word.dep_ == "acomp" else None)


def conjuncts(root: Token, allowed: frozenset[int] | None = None) -> list[Token]:
    """The coordination headed by `root`: root and its conj descendants, in text order."""
    members = [root]
    stack = [root]
    while stack:
        head = stack.pop()
        for child in head.children:
            if child.dep_ == "conj" and (allowed is None or child.i in allowed):
                members.append(child)
                stack.append(child)
    return sorted(members, key=lambda t: t.i)


def own_tokens(part: Token, scope: frozenset[int] | None = None) -> list[Token]:
    """The part's subtree without its later conjuncts, conjunctions, punctuation and out-of-scope tokens."""
    skip: set[int] = set()
    for child in part.children:
        other_proposition = is_concessive(child) or is_condition(child, part) or is_fronted_adjunct(child, part)
        if child.dep_ in ("cc", "conj") or other_proposition:
            skip.update(t.i for t in child.subtree)
    return [
        t
        for t in part.subtree
        if t.i not in skip and not t.is_punct and not t.is_space and (scope is None or t.i in scope)
    ]


def is_concessive(clause: Token) -> bool:
    """'though the docs lane is still mine' / 'even if the release notes are not done': a concessive
    clause states another proposition.

        though -mark-> is                  a concessive subordinator
        if -mark-> done, even -advmod-> done   'even if' / 'even when'
    """
    if clause.dep_ != "advcl":
        return False
    marks = {c.lower_ for c in clause.children if c.dep_ == "mark"}
    even = any(c.dep_ == "advmod" and c.lower_ == "even" for c in clause.children)
    return bool(marks & CONCESSIVE_MARKS) or (even and bool(marks & {"if", "when"}))


def is_condition(clause: Token, part: Token) -> bool:
    """'Merge once the docs lane lands, or hold': a condition on an alternative, about something other
    than the agent, says when, not what: it is no work of the alternative. 'Merge after I rebase the
    parser lane' is the agent's own work and stays.

        lands -advcl-> Merge, once -mark-> lands, lane -nsubj-> lands (not I/we)
    """
    if clause.dep_ != "advcl" or clause.i < part.i:
        return False
    marks = {c.lower_ for c in clause.children if c.dep_ in ("mark", "advmod")}
    subject = next((c for c in clause.children if c.dep_ in SUBJECT_DEPS), None)
    agent = subject is not None and subject.lower_ in AGENT_SELF
    return bool(marks & CONDITION_MARKS) and subject is not None and not agent


def is_fronted_adjunct(child: Token, part: Token) -> bool:
    """'With the pins in place, merge or hold': a circumstance set off by a comma before its predicate
    is where the choice stands, not one of the alternatives."""
    if child.i > part.i or child.dep_ not in FRONTED_DEPS:
        return False
    between = child.doc[child.right_edge.i : part.i]  # the comma may hang inside the adjunct itself
    return any(t.text == "," for t in between)


def bounds(tokens: Iterable[Token]) -> tuple[int, int] | None:
    """First and last token index of a non-empty token set, punctuation trimmed from the ends."""
    toks = sorted((t for t in tokens if not t.is_space), key=lambda t: t.i)
    while toks and toks[0].is_punct:
        toks.pop(0)
    while toks and toks[-1].is_punct:
        toks.pop()
    if not toks:
        return None
    return toks[0].i, toks[-1].i


def tops(tokens: Sequence[Token]) -> list[Token]:
    """Tokens of a stretch whose head lies outside it: the stretch's own predicates or heads."""
    inside = {t.i for t in tokens}
    return [t for t in tokens if (t.head.i not in inside or t.head.i == t.i) and not t.is_punct and not t.is_space]
