"""The deference lexicon, loaded from data and frozen.

Phrases, human-only domains and the vocabulary the grammar rules read all live in lexicon.toml so a
user can extend them without touching code; this module only gives them a typed, immutable shape.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from functools import cache
from types import MappingProxyType

from lanegate_common.builtin_data import load_builtin
from lanegate_common.derived import derived
from lanegate_common.frozen import cached_hash, field, frozen, replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any, Literal

    Mode = Literal["enforce", "observe"]

# A family is a name of lexicon.toml's [families] table (`families()`, the one list of them); a gate is
# "none" or the name of a row of grammar.toml's [[offer-gate]] or [[register-gate]] table.
Family = str
Gate = str
MODES = ("enforce", "observe")


# os.path rather than pathlib: this module is on the hook's per-stop path, where every import counts.
LEXICON_PATH = os.path.join(os.path.dirname(__file__), "lexicon.toml")


@frozen
class PhraseEntry:
    """One lexicon phrase with its family, its grammar gate and its own examples."""

    canonical: str
    family: Family
    gate: Gate = "none"
    fires: tuple[str, ...] = ()
    passes: tuple[str, ...] = ()
    # Added by configuration (Lexicon.extended): matched apart from the built-in phrases, never in their place.
    added: bool = False
    not_before: tuple[str, ...] = ()  # words that must not follow: a longer reading wins ("if you want me")
    # Phrases whose relation the match is when one follows it in its sentence ("The merge is yours, your call."): no
    # candidate of its own then.
    not_beside: tuple[str, ...] = ()
    # r37j: matched only as the whole of a table cell ("| Reformat under black | yours |"), where a bare word of
    # ownership is the row's hand-over; anywhere else it names an owner ("a friend of yours").
    in_cell: bool = False

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(normalize_word(w) for w in self.canonical.split())


@frozen
class Domain:
    """A human-only decision domain: its words, and verbs that count when aimed at a version."""

    name: str
    lemmas: frozenset[str]
    actions: frozenset[str] = frozenset()
    acts: frozenset[str] = frozenset()  # heads a domain word may modify and still name the decision
    # Revision 3 (docs/DESIGN.md#decisive-relation): modifiers that make a domain word another kind of thing ('design
    # tokens'),
    not_kinds: frozenset[str] = frozenset()
    # the construction 'VERB the OBJECT [STATE]' that names the decision without a domain word ('make the
    # repo public', 'rewrite the history'): a verb of `verbs`, an object of `objects`, a state of `states`
    # when the domain lists any,
    verbs: frozenset[str] = frozenset()
    objects: frozenset[str] = frozenset()
    states: frozenset[str] = frozenset()
    # and modifiers of a domain act's target that make it the agent's own ('force-push my branch').
    own_targets: frozenset[str] = frozenset()
    # When set, the own target counts only as the object of one of these prepositions: a merge into the agent's
    # own working branch is its work, a merge of its own PR is still the merge gate's
    # (docs/DESIGN.md#construction-classes).
    own_via: frozenset[str] = frozenset()
    # Revision 4 (docs/DESIGN.md#construction-classes): a vendor named by its proper name on one of `vendor_objects`
    # ('the Heroku plan', 'the Datadog seats') is a state of the construction, unless it is one of `not_vendors`, a tool
    # whose object is no account's ('the Terraform plan').
    vendor_objects: frozenset[str] = frozenset()
    not_vendors: frozenset[str] = frozenset()


@frozen
class Lexicon:
    phrases: tuple[PhraseEntry, ...]
    domains: tuple[Domain, ...]
    agent_work: frozenset[str]
    do_nothing: tuple[str, ...]
    ownership: tuple[str, ...]
    eligibility: frozenset[str]
    readiness: frozenset[str]
    negation: frozenset[str]
    contrast_owners: frozenset[str]
    indefinite_alternatives: frozenset[str]
    mention_cues: frozenset[str]
    mention_followers: tuple[str, ...]
    report_prepositions: frozenset[str]
    report_verbs: frozenset[str]
    report_past_forms: frozenset[str]
    rule_nouns: frozenset[str]
    modes: tuple[tuple[str, Mode], ...] = ()  # (family, mode) pairs: hashable, the lexicon is a cache key
    merge_objects: frozenset[str] = frozenset()
    disclaimers: tuple[str, ...] = ()
    citation_dates: frozenset[str] = frozenset()
    citation_places: frozenset[str] = frozenset()
    answer_words: tuple[str, ...] = ()
    proceed_markers: tuple[str, ...] = ()
    exists_markers: tuple[str, ...] = ()
    fact_verbs: frozenset[str] = frozenset()
    lead_ins: tuple[str, ...] = ()
    motion_prepositions: frozenset[str] = frozenset()
    closer_words: frozenset[str] = frozenset()
    request_verbs: frozenset[str] = frozenset()
    request_nouns: frozenset[str] = frozenset()
    open_modifiers: frozenset[str] = frozenset()
    go_nouns: frozenset[str] = frozenset()
    giving_verbs: frozenset[str] = frozenset()
    non_answers: tuple[str, ...] = ()
    rhetorical_verbs: frozenset[str] = frozenset()
    families: tuple[Family, ...] = ()  # the data's [families] names, in order
    # (family, judged_by) pairs: what judges each family's phrases (the grammar's tables, lexicon.toml)
    judges: tuple[tuple[Family, tuple[str, ...]], ...] = ()
    _index: Mapping[str, PhraseEntry] = field(default_factory=dict, compare=False, repr=False)

    __hash__ = cached_hash  # the key of every cached scan and pattern: hashed once, not at each call

    @property
    def digest(self) -> str:
        """A digest of everything this lexicon holds (the warm parse server's key): computed once, when the
        lexicon is built (parse_lexicon, extended, with_modes), or on first use for one built otherwise; kept
        on the instance, never a field, so a copy with other fields (replace) digests afresh."""
        found = self.__dict__.get("_digest")
        if found is None:
            found = self.__dict__["_digest"] = _content_digest(self)
        return found

    @property
    def own_target_words(self) -> frozenset[str]:
        """r33f: every domain's words that mark a target as the agent's own ('test', 'local', 'fixture'), once."""
        found = self.__dict__.get("_own_target_words")
        if found is None:
            found = self.__dict__["_own_target_words"] = frozenset().union(*(d.own_targets for d in self.domains))
        return found

    def entry(self, canonical: str) -> PhraseEntry:
        return self._index[canonical]

    def judged_by(self, family: str) -> tuple[str, ...]:
        """What judges the family's phrases: its `judged_by` in lexicon.toml's [families] (() when unnamed)."""
        return dict(self.judges).get(family, ())

    def mode_of(self, family: str) -> Mode:
        """The family's mode; a family the data does not name is enforced (an exemption is never assumed)."""
        return dict(self.modes).get(family, "enforce")

    def with_modes(self, enforce: Iterable[str] = (), observe: Iterable[str] = ()) -> Lexicon:
        """A copy with families promoted to enforce or demoted to observe (config [lexicon]); enforce wins."""
        modes: dict[str, Mode] = dict(self.modes)
        modes.update(dict.fromkeys(observe, "observe"))
        modes.update(dict.fromkeys(enforce, "enforce"))
        return _sealed(replace(self, modes=tuple(modes.items())))

    def acts_of(self, domain: str) -> frozenset[str]:
        return next((d.acts for d in self.domains if d.name == domain), frozenset())

    def actions_of(self, domain: str) -> frozenset[str]:
        return next((d.actions for d in self.domains if d.name == domain), frozenset())

    def domain_named(self, domain: str) -> Domain | None:
        """The domain called `domain`, if any."""
        return next((d for d in self.domains if d.name == domain), None)

    def domain_of(self, word: str) -> str | None:
        """The human-only domain a lemma or lower-cased form belongs to, if any."""
        w = word.lower()
        return next((d.name for d in self.domains if w in d.lemmas), None)

    def action_domain(self, verb: str) -> str | None:
        """The domain whose work a verb is when aimed at a version string ("ship v2.1"), if any."""
        v = verb.lower()
        return next((d.name for d in self.domains if v in d.actions), None)

    def extended(
        self,
        phrases: Iterable[Mapping[str, Any]] = (),
        domain_words: Mapping[str, Iterable[str]] | None = None,
        agent_work: Iterable[str] = (),
    ) -> Lexicon:
        """A copy with extra phrases, domain words and agent-work words (from lanegate.toml)."""
        index = dict(self._index)
        for raw in phrases:
            entry = replace(_phrase_from(raw, self.families), added=True)
            if entry.canonical not in index:  # a built-in phrase keeps its own entry
                index[entry.canonical] = entry
        domains = list(self.domains)
        for name, words in (domain_words or {}).items():
            extra = frozenset(normalize_word(w) for w in words)
            position = next((i for i, d in enumerate(domains) if d.name == name), None)
            if position is None:
                domains.append(Domain(name=name, lemmas=extra))
            else:
                domains[position] = replace(domains[position], lemmas=domains[position].lemmas | extra)
        return _sealed(
            replace(
                self,
                phrases=tuple(index.values()),
                domains=tuple(domains),
                agent_work=self.agent_work | {normalize_word(w) for w in agent_work},
                _index=MappingProxyType(index),
            )
        )


def normalize_word(word: str) -> str:
    """Lower-case and fold the typographic apostrophe, so ’ and ' are one character."""
    return word.strip().lower().replace("\u2019", "'").replace("\u2018", "'")


def phrase_canonical(raw: Mapping[str, Any]) -> str:
    """The canonical form of a phrase as written in the lexicon data: its words normalized."""
    return " ".join(normalize_word(w) for w in str(raw["canonical"]).split())


def _phrase_from(raw: Mapping[str, Any], known: tuple[str, ...]) -> PhraseEntry:
    family = raw.get("family", "offer")
    if family not in known:
        raise ValueError(f"lexicon phrase {raw.get('canonical')!r}: family must be one of {', '.join(known)}")
    canonical = phrase_canonical(raw)
    if not canonical:
        raise ValueError("lexicon phrase with an empty canonical form")
    return PhraseEntry(
        canonical=canonical,
        family=family,
        gate=raw.get("gate", "none"),
        fires=tuple(raw.get("fires", ())),
        passes=tuple(raw.get("passes", ())),
        not_before=tuple(normalize_word(w) for w in raw.get("not_before", ())),
        not_beside=tuple(raw.get("not_beside", ())),
        in_cell=bool(raw.get("in_cell", False)),
    )


def parse_lexicon(data: Mapping[str, Any]) -> Lexicon:
    """Build the frozen lexicon from the parsed TOML document."""
    vocab = data["vocabulary"]

    def words(key: str) -> frozenset[str]:
        return frozenset(normalize_word(w) for w in vocab[key])

    def phrases_of(key: str) -> tuple[str, ...]:
        return tuple(" ".join(normalize_word(w) for w in item.split()) for item in vocab[key])

    domains = tuple(
        Domain(
            name=name,
            lemmas=frozenset(normalize_word(w) for w in spec.get("lemmas", ())),
            actions=frozenset(normalize_word(w) for w in spec.get("actions", ())),
            acts=frozenset(normalize_word(w) for w in spec.get("acts", ())),
            not_kinds=frozenset(normalize_word(w) for w in spec.get("not_kinds", ())),
            verbs=frozenset(normalize_word(w) for w in spec.get("verbs", ())),
            objects=frozenset(normalize_word(w) for w in spec.get("objects", ())),
            states=frozenset(normalize_word(w) for w in spec.get("states", ())),
            own_targets=frozenset(normalize_word(w) for w in spec.get("own_targets", ())),
            own_via=frozenset(normalize_word(w) for w in spec.get("own_via", ())),
            vendor_objects=frozenset(normalize_word(w) for w in spec.get("vendor_objects", ())),
            not_vendors=frozenset(normalize_word(w) for w in spec.get("not_vendors", ())),
        )
        for name, spec in data["domains"].items()
    )
    known = tuple(data.get("families", {}))
    entries = [_phrase_from(p, known) for p in data["phrase"]]
    index = {e.canonical: e for e in entries}
    lexicon = Lexicon(
        phrases=tuple(index.values()),
        domains=domains,
        agent_work=words("agent_work"),
        do_nothing=phrases_of("do_nothing"),
        ownership=phrases_of("ownership"),
        eligibility=words("eligibility"),
        readiness=words("readiness"),
        negation=words("negation"),
        contrast_owners=words("contrast_owners"),
        indefinite_alternatives=words("indefinite_alternatives"),
        mention_cues=words("mention_cues"),
        mention_followers=phrases_of("mention_followers"),
        report_prepositions=words("report_prepositions"),
        report_verbs=words("report_verbs"),
        report_past_forms=words("report_past_forms"),
        rule_nouns=words("rule_nouns"),
        modes=tuple(_modes(data.get("families", {})).items()),
        families=known,
        judges=tuple((name, tuple(spec.get("judged_by", ()))) for name, spec in data.get("families", {}).items()),
        merge_objects=words("merge_objects"),
        disclaimers=phrases_of("disclaimers"),
        citation_dates=words("citation_dates"),
        citation_places=words("citation_places"),
        answer_words=phrases_of("answer_words"),
        proceed_markers=phrases_of("proceed_markers"),
        exists_markers=phrases_of("exists_markers"),
        fact_verbs=words("fact_verbs"),
        lead_ins=phrases_of("lead_ins"),
        motion_prepositions=words("motion_prepositions"),
        closer_words=words("closer_words"),
        request_verbs=words("request_verbs"),
        request_nouns=words("request_nouns"),
        open_modifiers=words("open_modifiers"),
        go_nouns=words("go_nouns"),
        giving_verbs=words("giving_verbs"),
        non_answers=phrases_of("non_answers"),
        rhetorical_verbs=words("rhetorical_verbs"),
        _index=MappingProxyType(index),
    )
    return _sealed(lexicon)


def _sealed(lexicon: Lexicon) -> Lexicon:
    """The lexicon with its digest computed, now that it is built."""
    _ = lexicon.digest
    return lexicon


def _content_digest(lexicon: Lexicon) -> str:
    """SHA-256 of the lexicon's compared fields as canonical JSON (sets sorted), so equal lexicons share it."""
    import json

    from lanegate_common.digest import sha256_hex

    text = json.dumps(_canonical(lexicon), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return sha256_hex(text.encode("ascii"))


def _canonical(value: Any) -> Any:
    fields = getattr(type(value), "__record_compared__", None)
    if fields is not None:
        return {name: _canonical(getattr(value, name)) for name in fields}
    if isinstance(value, (tuple, list)):
        return [_canonical(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_canonical(item) for item in value)
    if isinstance(value, Mapping):
        return {str(key): _canonical(item) for key, item in value.items()}
    return value if value is None or isinstance(value, (str, int, float, bool)) else repr(value)


def _modes(families: Mapping[str, Any]) -> dict[str, Mode]:
    """The [families] table: each family's mode, checked."""
    modes: dict[str, Mode] = {}
    for family, spec in families.items():
        mode = spec.get("mode") if isinstance(spec, Mapping) else None
        if mode not in MODES:
            raise ValueError(f"lexicon family {family!r}: mode must be one of {', '.join(MODES)}")
        modes[family] = mode
    return modes


@cache
def families() -> tuple[str, ...]:
    """The built-in families, in lexicon.toml's order, without building the lexicon (config checks a mode's
    family against them)."""
    return tuple(load_builtin(LEXICON_PATH)["families"])


@cache
def phrase_families() -> tuple[str, ...]:
    """The built-in families a phrase without a gate may belong to (a configured phrase has none): those whose
    `judged_by` says how such a phrase is judged, as found ("offer") or by the phrase table ("phrase")."""
    return tuple(
        name
        for name, spec in load_builtin(LEXICON_PATH)["families"].items()
        if {"offer", "phrase"} & set(spec.get("judged_by", ()))
    )


@cache
def default_lexicon() -> Lexicon:
    """The built-in lexicon, parsed once per process."""
    return parse_lexicon(load_builtin(LEXICON_PATH))


@cache
def default_phrase_forms() -> tuple[str, ...]:
    """The canonical forms of the built-in phrases, without building the lexicon: all the hook's
    candidate test needs at a stop whose text holds none (most of them). Kept between processes
    (lanegate_common.derived), so such a stop does not read lexicon.toml at all."""
    return derived("phrase-forms", (LEXICON_PATH,), _phrase_forms)


def _phrase_forms() -> tuple[str, ...]:
    return tuple(dict.fromkeys(phrase_canonical(raw) for raw in _builtin_data()["phrase"]))


@cache
def _builtin_data() -> Mapping[str, Any]:
    """lexicon.toml's data, read once for the per-stop path's two readers (the phrase forms, the language)."""
    return load_builtin(LEXICON_PATH)

# ---- Is the text English? (docs/DESIGN.md#phrase-families revision 3) ---------------------------------------
# The grammar and its model are English; a message in another language yields no finding from the families,
# and `analyze` and the audit line say so (warning NOT_ENGLISH) rather than pass it as a silent clear. Read
# from the words alone, so it runs on every stop without a parse: the last `sample_chars` characters of the
# text, fenced and inline code left out (identifiers are no language), and two tests from the [language] table
# — its letters are mostly not Latin (Cyrillic, CJK, Arabic …), or under `min_share` of its words are English
# function words and more are function words of another language written in Latin letters. A text of fewer
# than `min_words` words is too short to tell and counts as English, as does a terse English table (few
# function words of any language): "not judged" is said only of text that shows it. It lives here, beside the
# data it reads, because the per-stop path already imports this module.

NOT_ENGLISH = "not-english"  # the warning's name (docs/DESIGN.md#audit-log, revision 3)
_FENCE = re.compile(r"^[ \t]*(```|~~~).*?(?:^[ \t]*\1[^\n]*$|\Z)", re.MULTILINE | re.DOTALL)
_INLINE = re.compile(r"`[^`\n]*`")
_URL = re.compile(r"\bhttps?://\S+")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
# The end of the Latin blocks (Basic Latin up to Latin Extended-B): accented Latin letters are Latin.
_LATIN_END = 0x24F
# Letters that stand for `min_words` words in a script written without spaces.
_LETTERS_PER_WORD = 2


@cache
def _language() -> tuple[int, int, float, frozenset[str], frozenset[str]]:
    return derived("language", (LEXICON_PATH,), _language_table)


def _language_table() -> tuple[int, int, float, frozenset[str], frozenset[str]]:
    table = _builtin_data()["language"]
    english = frozenset(w.lower() for w in table["english_words"])
    other = frozenset(w.lower() for w in table["other_words"])
    return int(table["sample_chars"]), int(table["min_words"]), float(table["min_share"]), english, other


def is_english(text: str) -> bool:
    """False only when the text shows it is in another language (the comment above); linear in a bounded
    sample of the text."""
    sample_chars, min_words, min_share, english, other = _language()
    sample = text[-sample_chars:]
    sample = _URL.sub(" ", _INLINE.sub(" ", _FENCE.sub(" ", sample)))
    words = _WORD.findall(sample)
    # Letters, not words, for scripts written without spaces (CJK): a run of them is one 'word'.
    latin = sum(len(w) for w in words if ord(w[0]) <= _LATIN_END)
    other_script = sum(len(w) for w in words) - latin
    if other_script > latin and other_script >= _LETTERS_PER_WORD * min_words:
        return False
    if len(words) < min_words:
        return True
    lowered = [w.lower().replace("’", "'") for w in words]
    known = sum(1 for w in lowered if w in english)
    foreign = sum(1 for w in lowered if w in other)
    return known >= min_share * len(words) or foreign <= known
