"""Senses, not strings (docs/DESIGN.md#decisive-relation, revision 2): a domain word names the human-only decision only
in the right sense. Each rule is one English construction; work.py asks them before it counts a domain word.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import TYPE_CHECKING

from analyzer.grammar.reference import (
    antecedent_of,
    named_phrase,
    place_after,
    pointer_after,
    second_object,
    sentence_before,
    version_before,
)
from analyzer.grammar.registry import rule
from analyzer.lexicon import Domain, Lexicon
from analyzer.parse.tokens import (
    as_written,
    code_words,
    conjuncts,
    forms,
    hyphen_compound,
    is_version,
    subject_of,
    written_stretch,
)
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token

# Dependencies of a word that modifies a noun inside its noun phrase.
MODIFIER_DEPS = frozenset({"compound", "nmod"})
# Endings of adjective forms of a domain word ('mergeable', 'merge-eligible', 'approved', 'signed').
ADJECTIVE_ENDINGS = ("able", "ible", "ed")
# The extension that ends a file path ('config/prod.yaml'), which a branch name ('release/2.3') does not have.
_FILE_ENDING = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,4}$")
# A reference to a change: '#812', a commit sha, a version-like tag ('rc.3', 'v2.1').
_REFERENCE = re.compile(r"^(?:#\d+|[0-9a-f]{7,40}|\d+|(?=[\w.-]*\d)\w+(?:[.-]\w+)+)$", re.IGNORECASE)
MERGE_VERBS = terms("attribution", "merge_verbs")
APPROVAL_VERBS = terms("approval-senses", "verbs")
UNITS = terms("domain-senses", "units")
RATE_PREPOSITIONS = terms("domain-senses", "rate_prepositions")
LIMIT_WORDS = terms("domain-senses", "limit_words")
DATA_VERBS = terms("domain-senses", "data_verbs")
TIER_VERBS = terms("tiers-and-status-quo", "tier_verbs")
NOT_STATE_HEADS = terms("domain-senses", "not_state_heads")
DEFINITE = terms("domain-senses", "definite")
SHARED_BRANCHES = terms("domain-senses", "shared_branches")
# r38d: a thing others took a copy of is shared ('history everyone has pulled'): the domain state it stands for.
TAKING_VERBS = terms("shared-by-use", "taking_verbs")
AGENT_SUBJECTS = terms("shared-by-use", "agent_subjects")
SHARED_STATE = "shared"
REPLAYING_VERBS = terms("domain-senses", "replaying_verbs")
HEAD_OBJECT_DOMAINS = terms("domain-senses", "head_object_domains")
LOCATION_PREPOSITIONS = terms("production-place", "location_prepositions")
VARIABLE_DOMAINS = terms("domain-senses", "variable_domains")
AUDIENCE_DOMAINS = terms("domain-senses", "audience_domains")
AUDIENCE_NOUNS = terms("domain-senses", "audience_nouns")
AUDIENCE_QUANTIFIERS = terms("domain-senses", "audience_quantifiers")
AUDIENCE_WHOLE_NOUNS = terms("domain-senses", "audience_whole_nouns")
# An environment variable's name: upper-case words joined by underscores ('GITHUB_TOKEN').
_ENV_VARIABLE = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
TIER_PREPOSITIONS = terms("tiers-and-status-quo", "tier_prepositions")
# A numeral of magnitude: '4k', '128K', '2,000', '1M', '512' (three digits or more, or a k/m suffix).
_MAGNITUDE = re.compile(r"^(?:\d[\d,.]*[kKmM]|\d{3,}|\d{1,3}(?:,\d{3})+)$")


def names_its_head(token: Token, domain: str, lexicon: Lexicon) -> bool:
    """'the merge conflict in go.sum', 'the release notes wording', 'the credential loader': a domain word modifying
    a noun names that noun (agent work), not the decision. The head keeps the decision when it is itself a domain
    word ('the security stamp') or an act of the domain ('the credential rotation'), and a merge word keeps it on
    the code it merges ('squash-merge PR #15404')."""
    head = _modified_noun(token)
    if head is None:
        return False
    # 'the org's IAM admin group': the nouns the modifier's head modifies in turn are in the same name
    chain = [head]
    while (further := _modified_noun(chain[-1])) is not None and len(chain) < 4:
        chain.append(further)
    for noun in chain:
        names = forms(noun) | {hyphen_compound(noun) or ""}
        if any(lexicon.domain_of(n) for n in names if n) or names & (
            lexicon.acts_of(domain) | lexicon.actions_of(domain)
        ):
            return False
    names = forms(head) | {hyphen_compound(head) or ""}
    found = lexicon.domain_named(domain)
    if found is not None and names & found.objects and head.i > token.i and _acted_over(token, head):
        # r38d: 'a force-push over published history': the act the model hung on what it acts on, unless that is the
        # agent's own ('a force-push over my feature branch')
        return any(forms(m) & found.own_targets for m in (head, *_marks(head)))
    if domain == "merge" and (names & lexicon.merge_objects or _is_code(head, lexicon)):
        return False  # 'squash-merge PR #15404', 'merging `9b2e4d1`' (the model reads the ref as a noun head)
    return not is_version(head)


def _acted_over(token: Token, head: Token) -> bool:
    """r38d (docs/DESIGN.md#construction-classes): the model read a domain act written as a noun before its preposition
    ('a force-push over published history') as a modifier of the preposition's object: the preposition hangs on the
    act, right after it, so the noun is what the act is done over, not a thing the word names."""
    return any(c.pos_ == "ADP" and token.i < c.i < head.i for c in token.children)


def _modified_noun(token: Token) -> Token | None:
    """The noun a word modifies, through a hyphen compound ('merge-train timeout'), or None."""
    node = token
    doc = token.doc
    # 'merge-train': 'merge' and 'train' joined by a hyphen act as one modifier of what follows.
    if node.i + 2 < len(doc) and doc[node.i + 1].text == "-" and not doc[node.i].whitespace_:
        joined = doc[node.i + 2]
        if joined.head.i == node.i or node.head.i == joined.i:
            node = joined
    # The small model tags a noun modifier 'amod' at times ('the token bucket': token/JJ); an adjective form
    # of a domain ('mergeable', 'approved') stays an adjective.
    if node.dep_ == "amod" and node.tag_ == "VBG" and node.i == node.head.left_edge.i:
        return None  # 'Approving PR #902 is your call': a gerund the model read as the object's adjective
    run_on = next((c for c in node.children if c.i == node.i + 1 and c.dep_ == "appos" and c.pos_ in ("NOUN", "PROPN")),
                  None)  # fmt: skip
    if run_on is not None:
        return run_on  # r38d: 'the billing UI' read as an appositive with no comma: the word names the noun after it
    noun_like = node.dep_ in MODIFIER_DEPS or (node.dep_ == "amod" and not node.lower_.endswith(ADJECTIVE_ENDINGS))
    if not noun_like or node.head.i <= node.i or node.head.pos_ not in ("NOUN", "PROPN"):
        return _object_read_as_verb(node)
    return node.head


def _object_read_as_verb(node: Token) -> Token | None:
    """r33d (docs/DESIGN.md#decisive-relation, a domain word as a modifier names its head): 'Your call on the
    production deploy checklist wording.' — the model read the domain noun after a noun as a bare verb (deploy/VB) and
    the nouns after it as its object (checklist -compound-> wording -dobj-> deploy): with no auxiliary, subject of its
    own but the phrase, or determiner before its object, the word modifies the object's head, the noun it runs into."""
    doc = node.doc
    if node.tag_ != "VB" or node.i == 0 or doc[node.i - 1].pos_ not in ("NOUN", "PROPN"):
        return None
    if any(c.dep_ in ("aux", "mark", "neg") for c in node.children):
        return None
    objects = [c for c in node.children if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN")]
    if len(objects) != 1 or objects[0].left_edge.i != node.i + 1:
        return None
    run = doc[node.i + 1 : objects[0].i + 1]
    return objects[0] if all(t.pos_ in ("NOUN", "PROPN") for t in run) else None


def merges_other_than_code(token: Token, lexicon: Lexicon, inside: frozenset[int]) -> bool:
    """The merge gate merges code: a pull request, branch, commit, change set, '#N', or a pronoun standing for one
    (_is_code). Merging anything else ('merging the two datasets', 'squash the config files') is agent work."""
    if not forms(token) & MERGE_VERBS and (hyphen_compound(token) or "") not in MERGE_VERBS:
        return False
    merged = [c for c in token.children if c.dep_ in ("dobj", "nsubjpass")]
    if token.pos_ == "NOUN":
        merged = [
            g for c in token.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children if g.dep_ == "pobj"
        ]
    merged = [m for m in merged if m.i in inside]  # not the phrase the parser hung on it ('Squash, your move')
    return bool(merged) and not any(_is_code(m, lexicon) or _code_after(m, lexicon, inside) for m in merged)


def _code_after(thing: Token, lexicon: Lexicon, inside: frozenset[int]) -> bool:
    """r38d (docs/DESIGN.md#construction-classes): 'the merge of the session middleware PR' — the model cut the merged
    thing's noun phrase short; the nouns right after it in the stretch end the phrase, and a code word among them
    names a change."""
    doc = thing.doc
    k = thing.right_edge.i + 1
    while k in inside and doc[k].tag_.startswith("NN"):
        if forms(doc[k]) & lexicon.merge_objects:
            return True
        k += 1
    return False


def _is_code(thing: Token, lexicon: Lexicon) -> bool:
    """A code change or a word standing for one: the object itself, or a word inside its noun phrase
    ('the refactor PR', 'PR #12', '#812', 'them')."""
    if thing.pos_ == "PRON" and _stands_for_other_than_code(thing, lexicon):
        return False  # r29b: 'Both retry wrappers do the same thing. Whether to merge them …': what 'them' stands for
    if thing.like_num and not thing.is_alpha and not any(c.dep_ == "det" for c in thing.children):
        return True  # 'merge 812': a number names a change ('the two' does not: a count of things named before)
    if is_version(thing) or _REFERENCE.match(thing.text):
        return True  # 'merge 812', 'rebase 3f9c2a1', 'rc.3': a reference names a change ('Q1' does not)
    if as_written([thing]).startswith("`"):
        return True  # revision 3: 'merging `9b2e4d1`', 'merge `feat/export`': a ref written as inline code
    if _branch_path(thing):
        return True  # revision 4: 'merge feat/export into main': a branch named by its path, written bare
    words = [thing, *(c for c in thing.children if c.dep_ in ("compound", "nmod", "appos", "conj"))]
    return any(forms(word) & lexicon.merge_objects or word.text.startswith("#") for word in words)


def approves_other_than_a_change(token: Token, lexicon: Lexicon, inside: frozenset[int]) -> bool:
    """r29b (docs/DESIGN.md#construction-classes): the stamp approves a change — a pull request, a commit, a ref, or a
    pronoun standing for one (_is_code) — or a thing of another human-only domain; approving anything else ('the new
    colour palette', 'the wording') is a choice about the agent's own work."""
    if token.pos_ != "VERB" or not forms(token) & APPROVAL_VERBS:
        return False
    approved = [c for c in token.children if c.dep_ in ("dobj", "nsubjpass") and c.i in inside]
    if not approved:
        return False
    return not any(
        _is_code(thing, lexicon)
        or any(lexicon.domain_of(n) for t in thing.subtree if t.i in inside for n in forms(t))
        for thing in approved
    )


def _stands_for_other_than_code(pointer: Token, lexicon: Lexicon) -> bool:
    """r29b (docs/DESIGN.md#construction-classes): a pronoun merged stands for what the clause before names
    (reference.antecedent_of); it is other than code when that is a noun other than a change and neither its sentence
    nor the pronoun's sentence before it names a change ('#412', 'the PR', a version, a ref in inline code)."""
    named = antecedent_of(pointer)
    if named is None or named.pos_ not in ("NOUN", "PROPN") or _is_code(named, lexicon):
        return False
    around = [*named.sent, *(t for t in pointer.sent if t.i < pointer.i)]
    return not any(
        t.pos_ in ("NOUN", "PROPN", "NUM", "X", "SYM") and t.i != named.i and _is_code(t, lexicon) for t in around
    )


def _branch_path(thing: Token) -> bool:
    """'feat/export', 'agent/retry-logic', 'release/2.3': a word that ends a stretch written without spaces and joined
    by a slash is a branch path (the model splits it into a noun, a '/' and a noun, or reads it as one token); a file
    path ('config/prod.yaml') is not."""
    stretch = written_stretch(thing)
    written = "".join(t.text for t in stretch)
    return "/" in written and not _FILE_ENDING.search(written) and stretch[-1].i == thing.i


def shared_object(part: Token, parts: list[Token], scope: frozenset[int] | None) -> list[Token]:
    """'Creating and rotating the deploy keys is your call': a verb conjunct without an object of its own, joined to
    the next verb by nothing but a conjunction, is judged with the object of the next verb conjunct that has one."""
    if part.pos_ not in ("VERB", "AUX") or any(
        c.dep_ in ("dobj", "pobj", "prep", "xcomp", "ccomp") for c in part.children
    ):
        return []
    for later in (p for p in parts if p.i > part.i and p.pos_ in ("VERB", "AUX")):
        between = part.doc[part.i + 1 : later.i]
        if not all(t.dep_ == "cc" or t.is_punct for t in between):
            return []  # 'Merge now or refactor the parser': two alternatives, each with its own words
        objects = [c for c in later.children if c.dep_ == "dobj"]
        # r33f (docs/DESIGN.md#construction-classes): the place of the next verb is shared too ('drain and recreate the
        # node group in the production cluster')
        places = [c for c in later.children if c.dep_ == "prep" and c.lower_ in LOCATION_PREPOSITIONS]
        if objects:
            return [t for o in [*objects, *places] for t in o.subtree if scope is None or t.i in scope]
    return []


@rule("another-kind")
def another_kind(token: Token, domain: str, lexicon: Lexicon) -> bool:
    """Reads the word's own modifiers and the first part of a hyphen compound."""
    kinds = _domain(lexicon, domain).not_kinds
    if not kinds:
        return False
    modifiers = [c for c in token.children if c.dep_ in ("compound", "amod", "nmod", "poss") and c.i < token.i]
    # 'design-token': the hyphen compound's first part
    compound = hyphen_compound(token)
    named = {w for m in modifiers for w in (*forms(m), hyphen_compound(m) or "")}
    if compound:
        named.add(compound.split("-", 1)[0])
    return bool(named & kinds)


@rule("counted-unit")
def counted_unit(token: Token, domain: str, lexicon: Lexicon) -> bool:
    """Reads the word's own children and the word before it: the model hangs the numeral, the rate and the limit
    word on the unit ('4k -nummod-> tokens', 'per -prep-> tokens')."""
    if not forms(token) & UNITS:
        return False
    for child in token.children:
        if child.dep_ == "prep" and child.lower_ in RATE_PREPOSITIONS:
            return True  # 'tokens per sample'
        if child.dep_ in ("nummod", "compound", "amod", "quantmod") and (
            _MAGNITUDE.match(child.text) or child.lower_ in LIMIT_WORDS
        ):
            return True  # '4k tokens', 'max tokens'
    before = token.doc[token.i - 1] if token.i > 0 else None
    return before is not None and bool(_MAGNITUDE.match(before.text))


@rule("handled-as-data")
def handled_as_data(token: Token, domain: str, lexicon: Lexicon) -> bool:
    """The verb is the one the word is the object of, or the participle that modifies it ('the passwords hashed with
    argon2'); a verb joined to a domain act by 'and' shares that act's object and stays the act's."""
    if token.pos_ not in ("NOUN", "PROPN"):
        return False
    verbs = [c for c in token.children if c.dep_ == "acl" and c.pos_ == "VERB"]
    if token.dep_ in ("dobj", "nsubjpass") and token.head.pos_ in ("VERB", "AUX"):
        verbs.append(token.head)
    return any(forms(v) & DATA_VERBS for v in verbs)


@rule("version-named-before")
def version_named_before(token: Token, lexicon: Lexicon, inside: frozenset[int]) -> str | None:
    """The pointer is the verb's own object, or, for a verb with no object of its own joined by a conjunction to the
    next verb, that verb's ('Tagging and publishing it'): coordinated verbs share their object."""
    domain = lexicon.action_domain(token.lemma_) or lexicon.action_domain(token.lower_)
    if domain is None or token.pos_ not in ("VERB", "AUX", "NOUN"):
        return None
    verbs = [token, *[c for c in token.children if c.dep_ == "conj" and c.i > token.i][:1]]
    for verb in verbs:
        # the model may make the pointer right after the verb the copula's subject ('publishing it is your call')
        objects = [c for c in verb.children if c.dep_ in ("dobj", "nsubjpass")] or [
            p for p in [pointer_after(verb)] if p is not None
        ]
        if objects:
            break
    # `inside` is the site's signature; the pointer the model hung on the copula lies outside the act's own words
    for pointer in objects:
        version = version_before(pointer)
        subject = _subject_over(version) if version is not None else None
        if version is not None and (subject is None or not forms(subject) & lexicon.agent_work):
            return domain  # 'The 1.4.0 changelog is written. Publishing it …' publishes the changelog: no release
    return None


def _subject_over(word: Token) -> Token | None:
    """The subject of the clause a word stands in: the subject of the nearest verb above it."""
    node = word
    while node.pos_ not in ("VERB", "AUX") and node.head.i != node.i:
        node = node.head
    return subject_of(node)


@rule("named-again")
def named_again(token: Token, lexicon: Lexicon, inside: frozenset[int]) -> str | None:
    """Only a noun with a definite determiner and no other modifier ('the plan', 'that plan'), and only a term of two
    words in the sentence before whose last word is this noun ('the Pro plan'): the bare noun names it again."""
    if token.pos_ != "NOUN" or not any(c.dep_ == "det" and c.lower_ in DEFINITE for c in token.children):
        return None
    if any(c.dep_ in ("compound", "amod", "nmod", "poss", "nummod") for c in token.children):
        return None
    before = sentence_before(token)
    if before is None:
        return None
    for word in before:
        if word.i == 0 or word.lemma_.lower() != token.lemma_.lower():
            continue
        previous = word.doc[word.i - 1]
        domain = next((d for f in forms(word) if (d := lexicon.domain_of(f"{previous.lower_} {f}"))), None)
        if domain is not None:
            return domain
    return None


@rule("secret-variable")
def secret_variable(token: Token, lexicon: Lexicon, inside: frozenset[int]) -> str | None:
    """Only inline code written as an environment variable (upper case words joined by '_'): its last word, or its last
    two, a lemma of a domain listed in terms [domain-senses] variable_domains ('`GITHUB_TOKEN`', '`STRIPE_SECRET_KEY`');
    a name in another case ('`merge_sort`', '`token_count`') is code."""
    written = as_written([token]).strip()
    if not (written.startswith("`") and written.endswith("`")):
        return None
    name = written.strip("`")
    if not _ENV_VARIABLE.match(name):
        return None
    words = name.lower().split("_")
    for candidate in (" ".join(words[-2:]), words[-1]):
        domain = lexicon.domain_of(candidate)
        if domain in VARIABLE_DOMAINS:
            return domain
    return None


@rule("tier-named")
def tier_named(token: Token, lexicon: Lexicon, inside: frozenset[int]) -> str | None:
    """The tier is the object of the verb's preposition, written as a proper name with no determiner ('on Hobby',
    'to Pro'): a vendor's tier names itself so; 'move to the pro version' or 'stay on free memory' do not."""
    if token.pos_ not in ("VERB", "AUX") or not forms(token) & TIER_VERBS:
        return None
    for prep in (c for c in token.children if c.dep_ in ("prep", "dative") and c.lower_ in TIER_PREPOSITIONS):
        for tier in (g for g in prep.children if g.dep_ == "pobj"):
            # capitalised as written (a sentence in capitals is parsed in ordinary case: layout.ordinary_case)
            named = as_written([tier])[:1].isupper() and not any(c.dep_ in ("det", "poss") for c in tier.children)
            if not named or any(c.dep_ in ("compound", "amod", "nummod") for c in tier.children):
                continue
            for domain in lexicon.domains:
                if domain.states and forms(tier) & domain.states and forms(token) & domain.verbs:
                    return domain.name
    return None


@rule("domain-construction")
def construction_domain(token: Token, lexicon: Lexicon, inside: frozenset[int]) -> str | None:
    """Only verbs and nouns; the clause's own words (_own_words), since the model reads 'the repo public' as an
    adjective and a noun."""
    if token.pos_ not in ("VERB", "AUX", "NOUN"):
        return None
    # r28g: a command written as code acts as its verb ('running `terraform destroy` on the shared staging account')
    names = forms(token) | {hyphen_compound(token) or ""} | code_words(token)
    for domain in lexicon.domains:
        if not domain.verbs or not names & domain.verbs:
            continue
        # A word inside inline code counts as the reader reads it ('granting the bot `roles/owner`').
        words_of_clause = _own_words(token, inside)
        cut = cut_off_word(token, inside)
        if cut is not None:  # issue 28 phase 4b: 'Granting the bot write access …' (the model made 'write' a verb)
            words_of_clause += [
                t for c in cut.children if c.dep_ == "dobj" for t in c.subtree if t.i in inside or cut.i not in inside
            ]
        if token.dep_ == "acl" and token.tag_ == "VBN":
            # a participle that modifies the thing it acts on: 'the schema change applied to prod' (its object is the
            # noun it hangs on, with that noun's own modifiers)
            words_of_clause += [c for c in token.head.children if c.dep_ in ("compound", "amod")] + [token.head]
        if token.pos_ == "NOUN" and token.dep_ in ("dobj", "nsubjpass") and token.head.pos_ in ("VERB", "AUX"):
            # r36b (docs/DESIGN.md#construction-classes, the act named as a noun): 'leave the upload to PyPI to you' —
            # the model hung the noun's own 'to PyPI' on the verb above it; a phrase after the noun, in scope, is its
            words_of_clause += [
                t for c in token.head.children if c.dep_ == "prep" and c.i > token.i and c.i in inside
                for t in c.subtree if t.i in inside
            ]  # fmt: skip
        # r33f: a verb with no object of its own shares the next verb's ('drain and recreate the node group in …')
        words_of_clause += shared_object(token, [c for c in token.children if c.dep_ == "conj"], inside)
        # r29b: a word written with a hyphen reads as one word too ('the customer-facing cluster')
        own = [
            forms(t) | code_words(t) | {hyphen_compound(t) or "", _compound_name(t)}
            for t in words_of_clause
            if not _modifies_a_build(t)
        ]
        # r28i: an object word that only modifies another noun names that noun ('the admin styles', not an admin)
        objects = {
            k
            for k, words in enumerate(own)
            if (words & domain.objects and not _modifies_other(words_of_clause[k], token, domain))
            or (domain.name in AUDIENCE_DOMAINS and _whole_audience(words_of_clause[k], domain))
        }
        if not objects:
            continue
        # r28g: the state is another word than the object ('upgrade the Vercel team to Pro'; 'change the team's
        # config' names a team, no plan of it)
        if not domain.states or any(words & domain.states and objects - {k} for k, words in enumerate(own)):
            return domain.name
        if any(forms(t) & domain.states for t in _purpose_of(token, inside)):
            return domain.name
        if SHARED_STATE in domain.states and any(_taken_by_others(words_of_clause[k]) for k in objects):
            return domain.name
        if domain.vendor_objects and any(_names_vendor(t, domain) for t in words_of_clause):
            return domain.name
    return None


def _taken_by_others(thing: Token) -> bool:
    """r38d (docs/DESIGN.md#construction-classes): 'history everyone has pulled', 'the tags the team already fetched': a
    relative clause whose verb takes a copy of the thing (terms [shared-by-use] taking_verbs) and whose subject is not
    the agent says the thing is shared — the domain's 'shared' state, said as a clause."""
    return any(
        clause.dep_ == "relcl"
        and clause.lemma_.lower() in TAKING_VERBS
        and not any(c.dep_ == "neg" for c in clause.children)
        and any(c.dep_ == "nsubj" and c.lower_ not in AGENT_SUBJECTS for c in clause.children)
        for clause in thing.children
    )


def _compound_name(word: Token) -> str:
    """r35a: a place named by two words, the compound right before its head ('the App Store', 'Google Play', 'Docker
    Hub'), lower-cased as the domain's objects spell it; empty for a single word."""
    before = word.i - 1
    if before < 0 or word.doc[before].dep_ != "compound" or word.doc[before].head.i != word.i:
        return ""
    return f"{word.doc[before].lower_} {word.lower_}"


def _whole_audience(word: Token, domain: Domain) -> bool:
    """r33f (docs/DESIGN.md#construction-classes): 'ship it to all users', 'roll it out to every customer': the whole
    audience of a product (terms [domain-senses] audience_nouns under a quantifier of all) is where a production rollout
    lands; 'the users table', 'some users' name no rollout, nor 'all users in the staging environment' (the domain's own
    targets under it)."""
    quantified = bool(forms(word) & AUDIENCE_NOUNS) and any(
        c.dep_ in ("det", "predet", "amod") and c.lower_ in AUDIENCE_QUANTIFIERS for c in word.children
    )
    whole = quantified or bool(forms(word) & AUDIENCE_WHOLE_NOUNS)  # r35a: 'ship it to the fleet'
    return whole and not any(forms(t) & domain.own_targets for t in word.subtree)


def _modifies_other(word: Token, token: Token, domain: Domain) -> bool:
    """r28i: 'Giving the sidebar the admin styles': in a domain whose objects name the thing granted itself (terms
    [domain-senses] head_object_domains: a role, a group), a modifier of a noun that is neither one of the domain's
    objects nor the construction's own word names that noun's kind."""
    head = word.head
    return (
        domain.name in HEAD_OBJECT_DOMAINS
        and not forms(word) & domain.lemmas  # 'that IAM role': the domain's own word names it anywhere
        and word.dep_ in ("compound", "amod", "nmod")
        and head.pos_ in ("NOUN", "PROPN")
        and head.i != token.i
        and not forms(head) & domain.objects
    )


def _modifies_a_build(word: Token) -> bool:
    """r28i: 'the production build output', 'the prod bundle', 'live reload': a state word modifying a kind of build or
    setting (terms [domain-senses] not_state_heads) names that thing, not the production system."""
    return word.dep_ in ("compound", "amod", "nmod") and bool(forms(word.head) & NOT_STATE_HEADS)


def cut_off_word(verb: Token, inside: frozenset[int]) -> Token | None:
    """Issue 28 phase 4b: the word right after the verb's object that the model cut off the object and made a verb
    joined to this one ('Granting the bot write access to the cloud project': write -csubj-> is, Granting -csubj->
    write, access -dobj-> write) — the first part of the object's noun ('write access'), no act of its own: a base
    form with no subject or auxiliary of its own, followed by its own object."""
    objects = [c for c in verb.children if c.dep_ in ("dobj", "dative")]
    if not objects:
        return None
    end = max(t.i for o in objects for t in o.subtree)
    if end + 1 >= len(verb.doc):
        return None
    following = verb.doc[end + 1]
    # r28i: also a sibling under the verb's own head ('Do you want to grant the contractor read access …': read
    # -conj-> want), which a scope cut at the verb's own words leaves out; and a past tag on a word spelled as its
    # base form ('read')
    sibling = following.dep_ == "conj" and following.head.i == verb.head.i and verb.head.i != verb.i
    if end + 1 not in inside and not sibling:
        return None
    joined = following.i == verb.head.i or following.head.i == verb.i or sibling
    own = [c for c in following.children if c.dep_ in ("nsubj", "aux", "auxpass", "neg")]
    base = following.tag_ in ("VB", "VBP") or (
        following.tag_ in ("VBD", "VBN") and following.lower_ == following.lemma_.lower()
    )
    bare = base and not own
    followed = any(c.dep_ == "dobj" and c.i == following.i + 1 for c in following.children)
    return following if joined and bare and followed else None


def _purpose_of(verb: Token, inside: frozenset[int]) -> list[Token]:
    """'run it against the production sessions table to delete the stale rows': an act that is the purpose of another
    acts where that one does — the governing clause's words say where (its state)."""
    if verb.dep_ not in ("advcl", "xcomp") or not any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children):
        return []
    return [t for t in _own_words(verb.head, inside) if t.i not in {w.i for w in verb.subtree}]


def _bare_to(clause: Token) -> bool:
    return clause.dep_ == "advcl" and [c.lower_ for c in clause.children] == ["to"]


def _names_vendor(word: Token, domain: Domain) -> bool:
    """'the Heroku plan', 'the Sentry seats': a proper name modifying one of the domain's vendor objects names the
    vendor whose account it is ('the Terraform plan' names a tool: `not_vendors`; 'the GraphQL subscription' is no
    vendor object)."""
    # A proper name, or a capitalised word inside the sentence the model took for a common noun ('Sentry seats');
    # an acronym ('the QA plan') names no vendor.
    named = (word.pos_ == "PROPN" or (word.i > word.sent.start and word.text.istitle())) and not word.text.isupper()
    if not named or word.dep_ not in MODIFIER_DEPS | {"amod", "poss"} or forms(word) & domain.not_vendors:
        return False
    return bool(forms(word.head) & domain.vendor_objects)


@rule("command-words")
def command_domain(token: Token, lexicon: Lexicon, inside: frozenset[int]) -> str | None:
    """The parse reads inline code as one placeholder; a command in it ('`gcloud auth login`') is read by its words,
    as a reader reads them. One identifier ('`merge_sort`') is a name, not an act, and is left out."""
    written = as_written([token])
    if not written.startswith("`") or " " not in written.strip("` "):
        return None
    # r42c: a command's name and verb together name its act ('`terraform apply "tfplan"`': a domain's two-word term)
    said = written.lower().split()
    pairs = [f"{a.strip('`')} {b.strip('`')}" for a, b in pairwise(said)]
    return next((d for d in map(lexicon.domain_of, [*pairs, *sorted(code_words(token))]) if d), None)


@rule("state-choice")
def state_choice(token: Token, lexicon: Lexicon, inside: frozenset[int]) -> str | None:
    """Only an adjective heading a coordination with no verb anywhere under it. `inside` is the site's signature;
    the choice reads its own coordination."""
    if token.pos_ != "ADJ":
        return None
    head = token
    while head.dep_ == "conj" and head.head.i != head.i:
        head = head.head
    alternatives = conjuncts(head)
    if len(alternatives) < 2 or any(t.pos_ in ("VERB", "AUX") for t in head.subtree):
        return None
    objects = [
        g
        for c in head.children
        if c.dep_ == "prep" and c.lower_ in ("for", "of", "on")
        for g in c.children
        if g.dep_ == "pobj"
    ]
    for domain in lexicon.domains:
        if not domain.states or not domain.objects:
            continue
        if all(forms(a) & domain.states for a in alternatives) and any(forms(o) & domain.objects for o in objects):
            return domain.name
    return None


def _own_words(verb: Token, inside: frozenset[int]) -> list[Token]:
    """The verb's clause inside the scope, without the clauses coordinated with or subordinate to it."""
    words: list[Token] = []
    # 'Promoting build 512 to prod': the model may read 'to prod' as an infinitive (prod -advcl-> Promoting, to -aux->
    # prod); a bare word under 'to' alone is the verb's own words all the same
    stack = [c for c in verb.children if c.dep_ not in _OTHER_CLAUSE_DEPS or _bare_to(c)]
    misread = pointer_after(verb) or second_object(verb)
    if misread is not None and misread.i in inside:
        stack.append(misread)
    elif misread is not None and (named_misread := antecedent_of(misread)) is not None:
        # r29b: 'Destroying it is yours to approve' (it -nsubj-> is): the pointer lies outside the verb's own words,
        # what it stands for is still the verb's object
        words.extend(t for t in named_phrase(named_misread) if t.i in inside)
    place = place_after(verb) if verb.tag_ == "VBG" else None  # r29b: 'Flushing the cache there is your call'
    named_place = antecedent_of(place) if place is not None else None
    if named_place is not None:
        words.extend(t for t in named_phrase(named_place) if t.i in inside)
    while stack:
        node = stack.pop()
        if node.i in inside:
            words.append(node)
            named = antecedent_of(node)  # 'applying it': what 'it' stands for is the verb's object
            if named is not None:
                words.extend(t for t in named_phrase(named) if t.i in inside)
        stack.extend(c for c in node.children if c.dep_ not in _OTHER_CLAUSE_DEPS)
    return words


@rule("own-target")
def own_target(token: Token, domain: str, lexicon: Lexicon) -> bool:
    """The target is read on the act's object or the object of its preposition, whichever the model made it."""
    found = _domain(lexicon, domain)
    own, via = found.own_targets, found.own_via
    if not own:
        return False
    verb = token if token.pos_ in ("VERB", "AUX") or _nominal_act(token) else token.head
    targets = [] if via else [c for c in verb.children if c.dep_ in _OBJECT_DEPS]
    # The model may hang the target's preposition on the verb's object ('merge main into my branch': main/JJ
    # -acomp-> merge, into -prep-> main): a preposition of the object is the verb's.
    holders = [verb, *(c for c in verb.children if c.dep_ in _PREPOSITION_HOLDERS)]
    # r33d: 'Merging `feature/lexer-v2` into my working branch': the model made the act a compound of its code-span
    # object, so the object holds the act's preposition
    if verb.dep_ in ("compound", "amod") and verb.head.i > verb.i:
        holders.append(verb.head)
    targets += [
        g
        for holder in holders
        for c in holder.children
        if c.dep_ in ("prep", "dative") and (not via or c.lower_ in via)
        for g in c.children
        if g.dep_ == "pobj"
    ]
    # The target itself ('in the fixture') or a word that marks it ('my feature branch', 'the test user'), also
    # through a name the model made the head ('my working branch feat/export': my -poss-> feat -nmod-> export).
    marked = [t for t in targets if forms(t) & own or any(forms(m) & own for m in _marks(t))]
    return bool(marked) and not _in_production_place(targets, marked, found.states)


def _in_production_place(targets: list[Token], marked: list[Token], states: frozenset[str]) -> bool:
    """r28j: 'purging the test customers from the production database': the rows marked as the agent's kind sit in a
    place the domain's states name (production, prod, live), so they are production data; 'my local copy of the
    production table' is a copy made from it ('of' places nothing), and 'the test tenants from the local database'
    sit in the agent's own place."""
    return bool(states) and any(
        t.dep_ == "pobj"
        and t.head.lower_ in LOCATION_PREPOSITIONS
        and t not in marked
        and (forms(t) & states or any(forms(m) & states for m in _marks(t)))
        for t in targets
    )


def _marks(target: Token) -> list[Token]:
    """The words that modify a target inside its noun phrase, however deep the model nested them."""
    found: list[Token] = []
    stack = [c for c in target.children if c.dep_ in _MARK_DEPS]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(c for c in node.children if c.dep_ in _MARK_DEPS)
    return found


@rule("own-into-own")
def own_into_own(token: Token, domain: str, lexicon: Lexicon) -> bool:
    """Only a domain that names its own targets' prepositions (`own_via`: the merge); the merged things carry the own
    mark on themselves ('my two working branches', 'my local fixup commits') and the target is named but is no shared
    branch (terms [domain-senses] shared_branches: 'into one', 'into a scratch branch')."""
    found = _domain(lexicon, domain)
    if not found.own_via or not found.own_targets:
        return False
    verb = token if token.pos_ in ("VERB", "AUX") else token.head
    merged = [c for c in verb.children if c.dep_ in ("dobj", "nsubjpass")]
    if not merged or not all(forms(m) & found.own_targets or any(forms(k) & found.own_targets for k in _marks(m))
                             for m in merged):
        return False
    targets = [g for c in verb.children if c.dep_ in ("prep", "dative") and c.lower_ in found.own_via
               for g in c.children if g.dep_ == "pobj"]  # fmt: skip
    return bool(targets) and not any(
        forms(t) & SHARED_BRANCHES or any(forms(k) & SHARED_BRANCHES for k in _marks(t)) for t in targets
    )


@rule("own-rebased")
def own_rebased(token: Token, domain: str, lexicon: Lexicon) -> bool:
    """r32d: a verb that replays its object onto a base (terms [domain-senses] replaying_verbs: 'rebase my branch onto
    main') changes only what it moves: when every moved thing carries the agent's own mark ('my branch', 'my local
    commits') the act is the agent's work, whatever base it lands on; 'rebase-merge #88' moves a change into the
    shared branch and stays the merge gate's (no own mark on #88)."""
    found = _domain(lexicon, domain)
    if not found.own_targets:
        return False
    # r35a: the act named as a noun, what it moves after 'of' ('the rebase of my wip branch')
    nominal = token.pos_ == "NOUN" and bool(_of_holder(token))
    verb = token if token.pos_ in ("VERB", "AUX") or nominal else token.head
    if verb.lemma_.lower() not in REPLAYING_VERBS and verb.lower_ not in REPLAYING_VERBS:
        return False
    moved = [c for c in verb.children if c.dep_ in ("dobj", "nsubjpass")] or (_of_holder(verb) if nominal else [])

    # r35a: what is moved may be the history of the agent's own thing ('squash the commit history of my notes file')
    def marked(m: Token) -> bool:
        return bool(forms(m) & found.own_targets) or any(forms(k) & found.own_targets for k in _marks(m))

    return bool(moved) and all(marked(m) or any(marked(h) for h in _of_holder(m)) for m in moved)


def _nominal_act(token: Token) -> bool:
    """r35a: an act named as a noun with its target after it ('the force-push to my scratch branch'): the noun holds
    the target's preposition as a verb would."""
    return token.pos_ == "NOUN" and any(c.dep_ == "prep" and c.lower_ in ("to", "onto", "into") for c in token.children)


def _of_holder(thing: Token) -> list[Token]:
    """r35a: the holder named by 'of' after a thing ('the history of my notes file' -> 'file')."""
    return [g for c in thing.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children if g.dep_ == "pobj"]


# How a target is the object of a domain act: its direct object, or the object of its preposition.
_OBJECT_DEPS = frozenset({"dobj", "pobj", "nsubjpass", "obj", "dative"})
# Complements of a domain act that the model may hang the target's preposition on.
_PREPOSITION_HOLDERS = frozenset({"dobj", "acomp", "attr", "oprd", "advmod", "npadvmod", "dep"})
# How a word marks a target as the agent's own: 'my branch', 'the local database', 'the test user'.
_MARK_DEPS = frozenset({"poss", "compound", "amod", "nmod"})
# Clauses of their own below a verb: another alternative, a condition, a relative clause.
_OTHER_CLAUSE_DEPS = frozenset({"conj", "cc", "advcl", "relcl", "parataxis", "acl"})


def _domain(lexicon: Lexicon, name: str) -> Domain:
    found = lexicon.domain_named(name)
    return found if found is not None else Domain(name=name, lemmas=frozenset())



@rule("moved-out-of-another")
def moved_out_of_another(token: Token, domain: str, lexicon: Lexicon) -> bool:
    """The word is the object of a verb that another domain's act is made of, taking it out of that domain's object
    ('scrubbing the leaked key from the history': history's verb and object): what the act removes, whose decision is
    the act's, not the word's own domain."""
    if token.dep_ != "dobj":
        return False
    verb = token.head
    # the model hangs 'from' on the verb or on its object ('key -prep-> from')
    sources = [o for p in [*verb.children, *token.children] if p.dep_ == "prep" and p.lower_ == "from"
               for o in p.children if o.dep_ == "pobj"]  # fmt: skip
    return any(
        other.name != domain and forms(verb) & other.verbs and forms(source) & other.objects
        for other in lexicon.domains
        for source in sources
    )
