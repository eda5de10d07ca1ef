"""What only the reader can grant or know (r38f, docs/DESIGN.md#construction-classes, the reader's environment decides a
hand-back): the agent's harness mode or permission ('switch to Agent mode'), the agent's chat context in a harness
where the person adds what the agent sees ('add these files to the chat'), and the person's own identity or account
data ('your GitHub noreply email'). A hand-back to one of these is the person's, as an act in the person's own
environment is (analyzer/grammar/closing_handovers.readers_environment reads both): the turn-taking, report and wish
rows read them here, so a module the hand-over rows import may read them too (no import of closing_handovers)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from analyzer.parse.tokens import SOURCE_KEY, SUBJECT_DEPS
from analyzer.terms import terms
from analyzer.text import sites

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

HARNESS_MODES = terms("reader-environment", "harness_modes")
MODE_NOUNS = terms("reader-environment", "mode_nouns")
PERMISSIONS = terms("reader-environment", "permissions")
GRANTING = terms("reader-environment", "granting")
IDENTITY = terms("reader-environment", "identity")
THING_NAMES = terms("reader-environment", "thing_names")
APPROVING = terms("reader-environment", "approving")
APPROVED_RUNS = terms("reader-environment", "approved_runs")
ESCALATED = terms("reader-environment", "escalated")
HARNESS_RESOURCES = terms("reader-environment", "harness_resources")
GRANTED_STATES = terms("reader-environment", "granted_states")
CREDENTIALS = terms("reader-environment", "credentials")
KEY_NOUNS = terms("reader-environment", "key_nouns")
KEY_KINDS = terms("reader-environment", "key_kinds")
SUPPLYING = terms("reader-environment", "supplying")
SUPPLIED_WITH = terms("reader-environment", "supplied_with")
RIGHTS_NEEDING = terms("reader-environment", "rights_needing")
PRIVILEGED_ROLES = terms("reader-environment", "privileged_roles")
GRANT_MARKS = terms("reader-environment", "grant_marks")
ENVIRONMENT_FIXES = terms("reader-environment", "environment_fixes")
AUTH_CHECKS = terms("reader-environment", "auth_checks")
AUTH_PROMPTS = terms("reader-environment", "auth_prompts")
# r39a: the agent's own run held back where it runs, reported in the message (sites.toml [next-step] blocked, the cue
# the next-step sites read too: one class)
BLOCKED_RUNS = tuple(sites()["next-step"]["blocked"])
_BLOCKED_TOPIC = re.compile(rf"\b(?:{'|'.join(re.escape(w) for w in sites()['next-step']['blocked_topics'])})\b")
# r39rv: a quoted stretch or a code span on one line, read past by blocked_run (a message or a command named)
_QUOTED = re.compile(r"`[^`\n]*`|(?<!\w)'(?:[^'\n]|(?<=\w)'(?=\w))*'(?!\w)|\"[^\"\n]*\"|“[^”\n]*”|‘[^’\n]*’(?!\w)")
_FAILED = tuple(sites()["next-step"]["failed"])  # the run's failure reported ('failed', "couldn't")
# r39rv: the agent's change reported (blocked_run): the verbs of changing the code, after a subject or an adverb
_CHANGE_VERBS = frozenset(sites()["advised-work"]["verbs"])
_REPORT_OPENERS = frozenset(sites()["next-step"]["change_openers"])
_SENTENCE_BREAKS = ".!?\n"  # r39rv: where the sentence of a quoted stretch opens
_CLAUSE_BREAKS = ".;:!?,\n—()"  # r39rv: where the clause of a cue opens
READER_SIDES = terms("word-before-act", "reader_sides")
CONTEXT_PLACES = terms("context-access", "places")
CONTEXT_ACTS = terms("context-access", "acts")
CONTEXT_PREPOSITIONS = terms("context-access", "prepositions")
READER_OWNERS = terms("register", "reader_owners")
READER = terms("register", "reader")
AGENT_SUBJECTS = terms("register", "agent_subjects")
# How far back the chat context may be named: the characters before the site (an instruction and its list of files).
_BEFORE_CHARS = 600
# r39a: how far back a blocked run is looked for: the paragraph of the hand-over and the one before it
_BLOCKED_CHARS = 600
_WORD = re.compile(r"[a-z][a-z'-]*")


def granted_word(tokens: Iterable[Token]) -> str | None:
    """Among the reader's words, what only the person can grant or knows: a mode of the agent's harness ('Agent mode',
    'plan mode': a mode noun named by a harness mode), a permission granted ('grant me write access'), or the person's
    own identity or account data ('your GitHub noreply email', 'your username'). The word, or None."""
    for token in tokens:
        lemma = token.lemma_.lower()
        if token.lower_ in MODE_NOUNS and any(
            c.dep_ in ("compound", "amod", "nmod") and c.lower_ in HARNESS_MODES for c in token.children
        ):
            return f"{next(c.text for c in token.children if c.lower_ in HARNESS_MODES)} {token.text}"
        if token.lower_ in PERMISSIONS and token.dep_ == "dobj" and token.head.lemma_.lower() in GRANTING:
            return token.text
        if (token.dep_ == "dobj" and _sandbox_grant(token)) or _escalation_approved(token):
            return token.text
        if _credential(token) and _supplied(token):
            return token.text
        if _credential(token) and token.head.lower_ in SUPPLIED_WITH and _readers(token):
            return token.text  # r39k: 'populate `.env` with your Stripe test key', wherever 'with' hangs
        if _privileged_rights(token):
            return token.text
        if (token.lower_ in IDENTITY or lemma in IDENTITY) and _persons_data(token):
            return token.text
    return None


def _supplied(credential: Token) -> bool:
    """The credential is what a verb of supplying takes ('export a token'), or what it is supplied as or in ('export it
    as `SLACK_BOT_TOKEN`', r39i: the preposition's own verb)."""
    head = credential.head
    if credential.dep_ == "pobj" and head.lower_ in ("as", "in", "into", "to") and head.head.i != head.i:
        head = head.head
    return head.i != credential.i and head.lemma_.lower() in SUPPLYING


def _readers(noun: Token) -> bool:
    """The reader's possessive on the noun ('your Stripe test key')."""
    return any(c.dep_ == "poss" and c.lower_ in READER_OWNERS for c in noun.children)


def _privileged_rights(noun: Token) -> bool:
    """r39k (docs/DESIGN.md#construction-classes): the act needs rights only the person holds — a permission noun
    (terms [reader-environment] permissions) needed ('it needs org-owner rights', 'requires admin access') and named
    by a privileged role (privileged_roles) among its modifiers or their hyphenated parts. 'It needs write access'
    names no role of the person's."""
    if noun.lower_ not in PERMISSIONS or noun.dep_ != "dobj" or noun.head.lemma_.lower() not in RIGHTS_NEEDING:
        return False
    denied = ("no", "not", "n't")
    if any(c.dep_ in ("det", "neg") and c.lower_ in denied for t in (noun, noun.head) for c in t.children):
        return False  # 'it needs no admin rights'
    modifiers = [t for t in noun.subtree if t.i < noun.i and t.dep_ in ("compound", "amod", "nmod", "npadvmod")]
    return any(t.lower_ in PRIVILEGED_ROLES for t in modifiers)


def _sandbox_grant(noun: Token) -> bool:
    """r38m: the object is what the agent's sandbox or approval policy holds back — a run the person approves in the
    harness's prompt ('allow the escalated `docker build` command', 'approve the escalation'; a run marked as outside
    the sandbox under any verb of approving), or a resource the harness lets the agent reach ('enable network
    access'). 'Approve the plan' approves the agent's work, no grant."""
    verb = noun.head.lemma_.lower()
    marked = any(c.dep_ == "amod" and c.lower_ in ESCALATED for c in noun.children)
    if verb in APPROVING and (noun.lower_ in APPROVED_RUNS or marked or _auth_check(noun)):
        return True
    return verb in GRANTING and noun.lower_ in HARNESS_RESOURCES


def _auth_check(noun: Token) -> bool:
    """r39a: the object approved names the person's own sign-in check ('the MFA prompt', 'the OAuth consent screen',
    'the sign-in'; terms [reader-environment] auth_checks), by its own word or a word before it; r39rv: a word before
    it only when the object is the check itself (auth_prompts) — 'approve the OAuth refactor', 'approve the login
    changes' approve the agent's work on the sign-in."""
    return noun.lower_ in AUTH_CHECKS or (
        noun.lower_ in AUTH_PROMPTS
        and any(c.dep_ in ("compound", "amod", "nmod") and c.lower_ in AUTH_CHECKS for c in noun.children)
    )


def blocked_run(doc: Doc, end: int) -> str | None:
    """r39a (docs/DESIGN.md#construction-classes, the reader's environment): the message reports, in the last
    characters up to `end` (an offset in the text as written), that the agent's own run was held back where it runs —
    the sandbox, the network, permissions, a daemon not running ('npm install failed here: no network in the
    sandbox'; sites.toml [next-step] blocked): a run then handed over is one the agent tried and could not do, the
    person's to run. The cue, or None."""
    source = doc.user_data.get(SOURCE_KEY)
    if source is None:
        return None
    text = source[0][max(0, end - _BLOCKED_CHARS) : end].lower().replace("\u2019", "'")
    text = _QUOTED.sub(lambda m: _named_only(m, text), text)
    for cue in BLOCKED_RUNS:
        at = text.find(cue)
        while at != -1:
            clause = text[max(text.rfind(mark, 0, at) for mark in _CLAUSE_BREAKS) + 1 : at]
            # r39rv: 'the crash when Docker isn't running', 'Added an escalated-permissions warning': the topic
            if _BLOCKED_TOPIC.search(clause) is None and not _change_reported(clause):
                return cue
            at = text.find(cue, at + 1)
    return None


def _change_reported(clause: str) -> bool:
    """r39rv: the clause opens with the agent's change reported in the past ('added an escalated-permissions warning',
    'I fixed the offline banner'; a verb of sites.toml [advised-work] verbs with its -ed): a cue in it names what the
    agent changed, not its run held back."""
    words = clause.split()
    while words and words[0] in _REPORT_OPENERS:
        words = words[1:]
    if not words or not words[0].endswith("ed"):
        return False
    word = words[0]
    stems = {word[:-1], word[:-2], word[:-3], word[:-3] + "y"}  # 'added', 'fixed', 'wrapped', 'modified'
    return bool(stems & _CHANGE_VERBS)


def _named_only(quoted: re.Match[str], text: str) -> str:
    """r39rv: a quoted stretch names a message or a command, blanked so its words cue no block ("fixed the 'Docker isn't
    running' message"), unless a failure of the run comes before it in its sentence ("`up` failed with 'permission
    denied'", "`npm test` failed: 'database unreachable'"): then it is what the run printed, kept."""
    sentence = text[max(text.rfind(mark, 0, quoted.start()) for mark in _SENTENCE_BREAKS) + 1 : quoted.start()]
    if any(word in sentence for word in _FAILED):
        return quoted.group()
    return " " * len(quoted.group())


def _escalation_approved(word: Token) -> bool:
    """r38m: a word marking a run as outside the sandbox ('escalated', 'elevated') in the words a verb of approving
    governs, however the model hung the command's name between them ('allow the elevated `docker compose up` run'):
    the nearest verb above it approves."""
    if word.lower_ not in ESCALATED or word.dep_ != "amod":
        return False
    head = word.head
    while head.pos_ not in ("VERB", "AUX") and head.head.i != head.i:
        head = head.head
    if head.dep_ in ("ccomp", "xcomp"):
        head = head.head  # 'allow the elevated `docker compose up` run': the name read as a clause under the verb
    return head.lemma_.lower() in APPROVING


def _credential(token: Token) -> bool:
    """r38m: a credential only the person holds — a noun of credentials ('a token', 'your credentials'), an environment
    variable named for one ('GITHUB_TOKEN', 'OPENAI_API_KEY': its last part after '_'), or a key of a credential's
    kind ('your SSH key', 'the API key')."""
    last = token.lower_.rsplit("_", 1)[-1]
    if token.lower_ in CREDENTIALS or ("_" in token.lower_ and (last in CREDENTIALS or last in KEY_NOUNS)):
        return True
    return token.lower_ in KEY_NOUNS and (
        any(c.dep_ in ("compound", "amod", "nmod") and c.lower_ in KEY_KINDS for c in token.children)
        or _readers(token)  # r39k: 'your Stripe test key': a key the reader owns is the reader's credential
    )


def waits_on_grant(act: Token) -> str | None:
    """r38m (docs/DESIGN.md#construction-classes, the person's grant): the agent's act is timed or conditioned by a
    clause ('once', 'when', 'as soon as', 'if'; terms [reader-environment] grant_marks) whose content is a grant only
    the person gives (grant_condition). The clause may hang on an adverb of the act ('as soon as'). The grant's word,
    or None."""
    for clause in act.subtree:
        if clause.dep_ != "advcl" or not any(c.dep_ == "mark" and c.lower_ in GRANT_MARKS for c in clause.children):
            continue
        head = clause.head
        while head.i != act.i and head.pos_ == "ADV" and head.head.i != head.i:
            head = head.head
        if head.i == act.i:
            found = grant_condition(clause)
            if found is not None:
                return found
    return None


def held_on_grant(act: Token) -> str | None:
    """r38m: an offer or hand-back around the agent's act waits on the person's grant — the agent's act, or the one
    the reader's own alternative is joined to ('I can retry once network access is available, or if you want, you can
    run the push locally'), waits on a grant (waits_on_grant), and every other act of the agent's joined to it waits
    too or only helps the reader do their own ('or I can help you verify the env vars'). 'I can retry once you allow
    it, or I can add a retry loop' still offers the loop. The grant's word, or None."""
    head = act
    while head.dep_ == "conj" and head.head.i != head.i:
        head = head.head
    acts = [head, *(t for t in head.subtree if t.dep_ == "conj" and t.pos_ in ("VERB", "AUX"))]
    agents = [a for a in acts if _subject_in(a, AGENT_SUBJECTS)]
    if act not in agents and not _subject_in(act, READER):
        return None
    grants = {a.i: waits_on_grant(a) for a in agents}
    found = next((g for g in grants.values() if g is not None), None)
    if found is None or any(grants[a.i] is None and not _helps_reader(a) for a in agents):
        return None
    return found


def _subject_in(verb: Token, words: frozenset[str]) -> bool:
    subject = next((c for c in verb.children if c.dep_ in SUBJECT_DEPS), None)
    return subject is not None and subject.lower_ in words


def _helps_reader(verb: Token) -> bool:
    """The agent's act only helps the reader do the reader's own act ('I can help you verify the env vars')."""
    helped = [g for c in verb.children if c.dep_ in ("ccomp", "xcomp") for g in c.children] + list(verb.children)
    return verb.lemma_.lower() == "help" and any(c.dep_ in ("nsubj", "dobj") and c.lower_ in READER for c in helped)


def grant_condition(clause: Token) -> str | None:
    """r38m: the condition or time clause states a grant of the person's: the reader granting a run, a resource or a
    credential ('once you allow the escalated command', granted_word); a resource of the harness stated as granted
    ('once network access is available', 'when the network is enabled'; harness_resources, granted_states); or the
    person's own machine set right ('once the runner issue is resolved on your machine'; environment_fixes on a
    reader's side). The agent's work said to work there ('if it builds on your side') is the reader's report, none."""
    granted = granted_word(clause.subtree)
    if granted is not None:
        return granted
    subjects = [c for c in clause.children if c.dep_ in ("nsubj", "nsubjpass")]
    states = {clause.lower_, clause.lemma_.lower()}
    states |= {c.lower_ for c in clause.children if c.dep_ in ("acomp", "advmod")}
    resource = next((s for s in subjects if s.lower_ in HARNESS_RESOURCES), None)
    if resource is not None and states & GRANTED_STATES:
        return " ".join(t.text for t in resource.subtree)
    if clause.lemma_.lower() in ENVIRONMENT_FIXES:
        for prep in (c for c in clause.children if c.dep_ == "prep" and c.lower_ in ("on", "in")):
            side = next((o for o in prep.children if o.dep_ == "pobj" and o.lower_ in READER_SIDES), None)
            owner = (
                next((c for c in side.children if c.dep_ == "poss" and c.lower_ in READER_OWNERS), None)
                if (side is not None)
                else None
            )
            if owner is not None:
                return f"{prep.text} {owner.text} {side.text}"
    return None


def _persons_data(noun: Token) -> bool:
    """The noun is the person's own data: the reader's possessive on it ('your email', 'your work email', 'your GitHub
    username'); a name with a common noun naming a thing of the work it belongs to ('your branch name', 'your repo
    name': terms [reader-environment] thing_names) names that thing's, which the agent can read."""
    owned = any(c.dep_ == "poss" and c.lower_ in READER_OWNERS for c in noun.children)
    thing = noun.lower_ in THING_NAMES and any(
        c.dep_ == "compound" and c.tag_ in ("NN", "NNS") and c.lower_ not in IDENTITY for c in noun.children
    )
    return owned and not thing


def into_context(act: Token, doc: Doc, site_start: int) -> str | None:
    """The reader's act puts something in front of the agent — a verb of adding or handing (terms [context-access]
    acts) — and the agent's chat context is named as where it goes: after a preposition into it in the act's own
    words ('add the README to the chat'), or in the words just before the site ('Please add these files to the chat:
    … Once you add these files, I'll …'; 'I understand you've added the files to the chat … Please provide the full
    content of src/main.cpp'). Read from the words, bounded to the last characters before the site."""
    if act.lemma_.lower() not in CONTEXT_ACTS and act.lower_ not in CONTEXT_ACTS:
        return None
    source = doc.user_data.get(SOURCE_KEY)
    before = source[0][max(0, site_start - _BEFORE_CHARS) : site_start] if source is not None else ""
    words = [t.lower_ for t in act.subtree] + _WORD.findall(before.lower())
    return next((f"{w} {d} {p}" for w, d, p in zip(words, words[1:], words[2:], strict=False)
                 if w in CONTEXT_PREPOSITIONS and d in ("the", "this") and p in CONTEXT_PLACES), None)  # fmt: skip
