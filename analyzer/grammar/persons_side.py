"""The one reading of the person's side (docs/DESIGN.md#construction-classes, the person's side): where an act handed to
the reader is done — a place of the person's environment, a verb of the screen, the person's running app, their own
facts, or what only they can grant (grants.py). Every rule that hands work or a question to the reader consults
environment_word here; a leaf module (no closing_* imports), so the word-before-act, wish, reader's-word and approval
rows can call it as the hand-over rows do."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from analyzer.grammar.grants import READER_OWNERS, granted_word
from analyzer.parse.tokens import as_written, subject_of
from analyzer.terms import terms
from analyzer.text import sites

if TYPE_CHECKING:
    from spacy.tokens import Token

READERS = terms("register", "reader")
AGENT_SUBJECTS = terms("register", "agent_subjects")
OPENERS = terms("turn-taking", "openers")
ENVIRONMENT_PLACES = terms("reader-environment", "places")
SCREEN_VERBS = terms("reader-environment", "verbs")
RELOADS = terms("reader-environment", "reloads")
RELOADED = terms("reader-environment", "reloaded_things")
BROWSER_PAGES = tuple(terms("reader-environment", "browser_pages"))
ENVIRONMENT_PREPOSITIONS = terms("reader-environment", "prepositions")
VERIFYING_PURPOSES = terms("reader-environment", "verifying_purposes")
GOING_TO = terms("reader-environment", "going")
LOCAL_HOSTS = terms("reader-environment", "local_hosts")
HOSTED_DOMAINS = terms("reader-environment", "hosted_domains")
SOLE_MARKS = terms("reader-environment", "sole_marks")
USING = terms("reader-environment", "using")
CODE_TAKERS = terms("reader-environment", "code_takers")
APP_NOUNS = terms("reader-environment", "app_nouns")
APP_ACTS = terms("reader-environment", "app_acts")
CI_RUNS = terms("reader-environment", "ci_runs")
RERUNNING = terms("reader-environment", "rerunning")
PATH_ARROWS = terms("reader-environment", "path_arrows")
WH_DETERMINERS = terms("reader-environment", "wh_determiners")
EXPERIENCED = terms("reader-environment", "experienced")
RUNNING = frozenset(sites()["next-step"]["running_verbs"]) | frozenset(sites()["next-step"]["running_gerunds"])
_ROUTE = re.compile(r"^`?/[a-z]")


def agent_subject(verb: Token) -> bool:
    """The verb's subject, active or passive, is the agent ('I fixed …', 'we were blocked'): its clause is the
    agent's own, not what the message asks of the reader."""
    return any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in AGENT_SUBJECTS for c in verb.children)


def environment_word(tokens: Iterable[Token]) -> str | None:
    """Where the act is done, among the tokens: a place of the person's environment owned by the reader, after a
    preposition of place, or the object of a verb of going or opening (terms [reader-environment]); or a verb of the
    screen as the act — a verb, or the sentence's first word the model read as a noun ('Toggle the setting'). r38f: or
    what only the person can grant or knows (analyzer/grammar/grants.py: 'switch to Agent mode', 'your email')."""
    tokens = list(tokens)
    granted = granted_word(tokens)
    if granted is not None:
        return granted
    for token in tokens:
        if (token.lower_ in ENVIRONMENT_PLACES or token.lemma_.lower() in ENVIRONMENT_PLACES) and _where_done(token):
            return token.text
        if (_hosted_page(token) and _where_done(token)) or persons_fact(token) or _sole_reader(token) or (
            token.lower_.startswith(BROWSER_PAGES)
        ):
            return token.text
        opening = token.i == token.sent.start or token.doc[token.i - 1].lower_ in OPENERS
        if token.lemma_.lower() in SCREEN_VERBS and (token.pos_ == "VERB" or opening):
            return token.text
        if _reloaded(token, opening):
            return token.text
    return app_word(tokens)


def _hosted_page(token: Token) -> bool:
    """r40b (docs/DESIGN.md#construction-classes, the person's side): the token is the address of a hosted service's
    page ('https://github.com/settings/keys', 'app.netlify.com'; terms [reader-environment] local_hosts): an account
    the person is signed in to. 'http://localhost:3000' is the agent's own app, which it can load."""
    if not token.like_url:
        return False
    schemed = "://" in token.lower_
    host = token.lower_.split("://", 1)[-1].split("/", 1)[0].rsplit(":", 1)[0]
    named = schemed or host.rsplit(".", 1)[-1] in HOSTED_DOMAINS
    return named and "." in host and host not in LOCAL_HOSTS and not host.startswith("127.")


def _sole_reader(token: Token) -> bool:
    """r40b: the agent says the act is the reader's alone — the reader as a subject marked by 'only' ('Only you can add
    it', 'only you have org access'; terms [reader-environment] sole_marks): the person's side by the agent's word."""
    return token.lower_ in READERS and token.dep_ in ("nsubj", "nsubjpass") and any(
        c.lower_ in SOLE_MARKS for c in token.children
    )


def persons_fact(noun: Token) -> bool:
    """r39i (docs/DESIGN.md#construction-classes, the person's own facts): the noun asks, under a wh-determiner, what
    only the person saw or used — a place of their environment ('which browser', 'what device'), or what the reader's
    verb of using or expecting takes (terms [reader-environment] experienced), in the question ('which file you load',
    'which account you signed in with') or in the condition of its sentence ('If you expected any, let me know which
    server'). 'which approach you prefer' asks for a choice."""
    if not any(c.dep_ == "det" and c.lower_ in WH_DETERMINERS for c in noun.children):
        return False
    if noun.lower_ in ENVIRONMENT_PLACES or noun.lemma_.lower() in ENVIRONMENT_PLACES:
        return True
    own = [v for v in (noun.head, *(c for c in noun.children if c.dep_ in ("relcl", "acl"))) if _reader_experiences(v)]
    if own:  # the question's own verb decides: 'which file you load', not 'which fix you prefer'
        return any(v.lemma_.lower() in EXPERIENCED for v in own)
    conditions = [t for t in noun.sent if t.dep_ == "advcl" and any(
        m.dep_ == "mark" and m.lower_ in ("if", "when") for m in t.children)]  # fmt: skip
    return any(v.lemma_.lower() in EXPERIENCED and _reader_experiences(v) for v in conditions)


def _reader_experiences(verb: Token) -> bool:
    """The reader is the verb's subject, active or passive ('you load', 'you get logged out')."""
    return any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ == "you" for c in verb.children)


def _where_done(place: Token) -> bool:
    """The place is where the act is done: the reader's own ('your browser'), after a preposition of place ('in the
    dashboard'), or what a verb of going, opening or restarting takes ('Open the console', 'Go to the Billing tab',
    'Restart the MCP server'); a place that names a thing's kind stands for the thing ('the MCP server')."""
    if place.dep_ == "compound" and place.head.i != place.i:
        place = place.head  # 'the MCP server', 'the browser console': the place names the thing's kind
    if any(c.dep_ == "poss" and c.lower_ in READER_OWNERS for c in place.children):
        return True
    head = place.head
    if place.dep_ == "pobj" and head.lower_ in ENVIRONMENT_PREPOSITIONS:
        return True
    if place.dep_ == "pobj" and head.dep_ in ("prep", "dative"):
        head = head.head  # 'Go to the Billing tab': the verb the preposition hangs on
    return place.dep_ in ("dobj", "pobj") and head.lemma_.lower() in GOING_TO


def app_in_use(token: Token) -> str | None:
    """r38k (docs/DESIGN.md#construction-classes, the person's running app): the token is the object of a verb of using
    or going (terms [reader-environment] using, going) that names the app in use — a route of it ('`/login`'), the app
    itself ('the application', 'the page'), or an act of using it on its data, a noun or a gerund ('the delete',
    'saving a strategy'); or a CI run of the person's platform rerun ('Re-run the workflows'); or a step of a settings
    path in the platform's UI ('Settings → Build'). The word, or None."""
    head = token.head
    lemma = token.lemma_.lower()
    used = head.i != token.i and head.lemma_.lower() in USING | GOING_TO
    if used and verifying_purpose(head):
        return None  # 'Load `/admin` in the browser to confirm the forms render': the agent's work verified
    before = token.doc[token.i - 1].lemma_.lower() if token.i > 0 else ""
    taker = (head.lemma_.lower() if used else before) in (USING | GOING_TO) - CODE_TAKERS
    if taker and _ROUTE.match(as_written([token]).lower()):
        # the model may read a route in code as anything, or its verb as a modifier ('try `/login` again', 'Open
        # `/dashboard` again'): the verb it hangs on or the word just before it
        return as_written([token])
    if used and token.dep_ in ("dobj", "xcomp", "pcomp"):
        if lemma in APP_NOUNS or token.lower_ in APP_NOUNS:
            return token.text
        if (lemma in APP_ACTS or token.lower_ in APP_ACTS) and token.tag_ in ("NN", "VBG") and not _given_input(token):
            return token.text
    if (token.lower_ in CI_RUNS or lemma in CI_RUNS) and token.dep_ == "dobj" and head.lemma_.lower() in RERUNNING:
        return token.text
    if token.text in PATH_ARROWS and 0 < token.i < len(token.doc) - 1:
        before, after = token.doc[token.i - 1], token.doc[token.i + 1]
        if before.text[:1].isupper() and after.text[:1].isupper() and before.is_alpha and after.is_alpha:
            return f"{before.text} {token.text} {after.text}"
    return None


def verifying_purpose(verb: Token) -> bool:
    """The reader's act on the app has an infinitive of verification as its purpose (terms [reader-environment]
    verifying_purposes): a check of the agent's own work handed over, not the person's use of the app."""
    return any(c.dep_ in ("advcl", "xcomp") and c.lemma_.lower() in VERIFYING_PURPOSES
               and any(a.dep_ == "aux" and a.lower_ == "to" for a in c.children) for c in verb.children)  # fmt: skip


def _given_input(act: Token) -> bool:
    """The act of using the app carries the test's own input ('Try the upload with a 50 MB file'): a case the agent
    designed, which it could run itself, not the person's use of the app."""
    return any(c.dep_ == "prep" and c.lower_ == "with" for c in [*act.children, *act.head.children])


def _reloaded(token: Token, opening: bool) -> bool:
    """r39a: a verb of reloading with no object of its own (terms [reader-environment] reloads: 'Please refresh and
    confirm the warning is gone'): the person's browser reloaded; 'refresh the cache' names what the agent could."""
    word = token.lower_ if token.lower_ in RELOADS else token.lemma_.lower()
    if word not in RELOADS or not (token.pos_ == "VERB" or opening):
        return False
    after = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
    if after is not None and after.text in ("-", "‑") and not after.whitespace_ and not token.whitespace_:
        return False  # r42f: 'refresh-token rotation': the word is part of a compound noun, no act of reloading
    # the opening word the model read as a noun ('Reload the landing page …') takes the words after it as its object
    bare = after is None or after.pos_ not in ("DET", "NOUN", "PROPN", "ADJ", "PRON", "NUM")
    if not _objected(token) and bare:
        return True
    # r42f: its object, however parsed, the first noun after it, is an add-on of the person's browser ('Reload the
    # unpacked extension'); 'refresh the cache' and 'reload the dashboard' name the agent's thing
    thing = next((t for t in token.doc[token.i + 1 : token.i + 5] if t.pos_ in ("NOUN", "PROPN")), None)
    return thing is not None and bool({thing.lower_, thing.lemma_.lower()} & RELOADED)


def _objected(verb: Token) -> bool:
    """The verb has an object of its own ('refresh the cache', 'reload the landing page')."""
    return any(c.dep_ in ("dobj", "dative", "attr", "nsubjpass") for c in verb.children)


def app_word(tokens: Sequence[Token]) -> str | None:
    """r38k: the person's running app used among the tokens (app_in_use), when they run nothing else the agent could
    run ('run `pnpm dev` and refresh the page' hands over the run). The word, or None."""
    used = {t.head.i: word for t in tokens if (word := app_in_use(t)) is not None}
    if not used or any(t.pos_ == "VERB" and t.lemma_.lower() in RUNNING and t.i not in used and subject_of(t) is None
                       for t in tokens):  # fmt: skip  # 'if you run into problems' is no run handed over
        return None
    return next(iter(used.values()))
