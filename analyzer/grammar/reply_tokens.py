"""r38g (docs/DESIGN.md#reply-protocol): the reply token — what a closing instruction tells the reader to answer the
message's own menu with: a menu code, an option's letter or number, a word of assent. Shared by the rows that read a
reply protocol on the parse: turn-taking ('Type `CR 3-5` and I'll run it') and word-before-act ('Confirm with `Y` to
lock this')."""

from __future__ import annotations

import re

from analyzer.parse.tokens import as_written
from analyzer.terms import terms
from analyzer.text import sites

TYPE_CHECKING = False
if TYPE_CHECKING:
    from spacy.tokens import Token

# The verbs of replying or choosing (lemmas) and the reply tokens written as words (terms.toml [reply-protocol]).
REPLYING = terms("reply-protocol", "verbs")
REPLY_TOKENS = terms("reply-protocol", "tokens")
# A reply token as written in code or quotes: a menu code (capitals, a letter or a number, and at most one short
# argument: '`CR 3-5`', '`B`', '`2`') or a word of assent; not a command of a program ('`npm test`', '`/login`').
# The words of assent are sites.toml [reply] assent_tokens, the list the site finder reads.
_ASSENT = "|".join(map(re.escape, sorted(sites()["reply"]["assent_tokens"], key=len, reverse=True)))
_WRITTEN_TOKEN = re.compile(
    r"[`'\"“‘]+(?:(?-i:[A-Z]{1,4})|[A-Za-z]|\d{1,2}|" + _ASSENT + r")(?:[ \t]+[\w.-]{1,8})?[`'\"”’]+\Z", re.IGNORECASE
)


def is_reply_token(token: Token) -> bool:
    """The token is a reply token: a word of the class, or a menu code or word of assent in code or quotes."""
    return token.lower_ in REPLY_TOKENS or _WRITTEN_TOKEN.match(as_written([token])) is not None


def reply_token_of(act: Token) -> Token | None:
    """The reply token a verb of replying or choosing names — its object, the object of its 'with', or (the model's
    misreading of 'Type `CR 3-5`') the placeholder it is a compound of; None for any other object ('Type `npm test`'
    names a program's command, no reply)."""
    if act.lemma_.lower() not in REPLYING and act.lower_ not in REPLYING:
        return None
    named = [c for c in act.children if c.dep_ in ("dobj", "attr", "oprd")]
    withs = [p for p in act.children if p.dep_ == "prep" and p.lower_ == "with"]
    named += [o for p in withs for o in p.children if o.dep_ == "pobj"]
    if act.dep_ == "compound":
        named.append(act.head)
    return next((token for token in named if is_reply_token(token)), None)
