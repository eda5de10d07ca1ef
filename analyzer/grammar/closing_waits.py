"""A wait on the person written without a lexicon phrase (docs/DESIGN.md#construction-classes): the agent's hold bounded
by the reader's word where no 'your OK' or 'until you' names it — 'Standing by for your direction on the cache work.',
'Holding for your thoughts.' — a [[closing-question]] row walked over the wait sites analyzer.text.questions found (a
hold word, then the reader within a few words).

The construction is the wait-on-reader gate's (analyzer/grammar/register/reader_word.py): the reader's word found
on the reader's own arcs, the agent's hold or held-back act it bounds, both judged there (a wait on work in flight
or on a human-only act is a hold, no finding).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.grammar.closing_questions import AGENT_SUBJECTS, Asked, _as_asked, _label
from analyzer.grammar.judgement import Judgement, carved, gated
from analyzer.grammar.register.open_requests import left_open
from analyzer.grammar.register.reader_word import (
    ABOUT_DEPS,
    BOUNDS,
    READER,
    WORD_NOUNS,
    _human_only,
    _is_stamp,
    _stamp_target_in,
    _words_of,
    held_until,
    readers_word,
)
from analyzer.grammar.registry import rule
from analyzer.grammar.work import work_of, work_of_stretch
from analyzer.parse.tokens import SOURCE_KEY, SUBJECT_DEPS, forms, hyphen_compound, predicate_subject, subject_of
from analyzer.terms import terms
from analyzer.text import sites
from analyzer.text.questions import READY, TURN, WAIT

if TYPE_CHECKING:
    from collections.abc import Sequence

    from spacy.tokens import Token

# Issue 28 phase 4b: a status label that names what the agent needs from the reader (analyzer/text/sites.toml
# [word-wait]); "a yes" is the reader's word too.
WAIT_LABELS = frozenset(sites()["word-wait"]["labels"])
BARE_HOLD_LABELS = frozenset(sites()["word-wait"]["bare_hold_labels"])
ASSENT = frozenset({"yes", "go", "green light", "thumbs-up", "thumbs up"})
# r31c: the words that open the reader's choice as a label's value ('which of the two layouts …', 'whether to …').
CHOICE_WORDS = terms("waits", "choice_words")
# r40d: the verbs of a word said to the agent that gate the turn ('Say `next` when …').
KEYWORD_VERBS = frozenset(sites()["wait"]["keyword_verbs"])
# r33b: what the agent requested of the reader (_awaits_what_it_requested).
REQUESTED_THINGS = terms("waits", "requested_things")
REQUESTED_VERBS = terms("waits", "requested_verbs")
NEED_VERBS = terms("waits", "need_verbs")
# r35b: the agent's verbs of need whose object is the reader's word ("I'll need direction on …").
NEEDING = frozenset(sites()["wait"]["need_verbs"])
KNOWING_VERBS = terms("waits", "knowing_verbs")
# r36c: the verbs of the agent's work waiting on the reader's word ('The fixture cleanup waits on your sign-off.').
WORK_WAITS = terms("waits", "work_waits")
# r36c: the reader's next request named as a change or a question ('any further adjustments').
OPEN_CHANGES = terms("waits", "open_changes")
NEED_FILLERS = terms("waits", "need_fillers")
# r39d: the reader's word welcomed with no verb ('Feedback welcome.'), and the courtesy wait ('Take your time.').
WELCOMED_NOUNS = frozenset(sites()["wait"]["welcomed_nouns"])  # r39rv: one list, the site's and the rule's
WELCOMING = frozenset(sites()["wait"]["welcoming"])
OPEN_TO = terms("waits", "open_to")
HASTE = terms("waits", "haste")
TIME_NOUNS = terms("waits", "time_nouns")
CHANGE_REQUESTS = terms("waits", "change_requests")
# r39k: the other ways the reader's view is welcomed and the reader's time left to them ('open to alternative
# approaches', "I'd appreciate a second pair of eyes", 'At your convenience.', 'Whenever you have a moment.').
WELCOMED_ALTERNATIVES = frozenset(sites()["wait"]["welcomed_alternatives"])
WISHES = frozenset(sites()["wait"]["wish_verbs"])
LOOK_NOUNS = frozenset(sites()["wait"]["need_words"]) | WELCOMED_NOUNS
LOOK_HOLDERS = terms("waits", "look_holders")
CONVENIENCE_NOUNS = terms("waits", "convenience_nouns")
MOMENT_NOUNS = terms("waits", "moment_nouns")
MOMENT_VERBS = terms("waits", "moment_verbs")
MOMENT_MARKS = terms("waits", "moment_marks")
WRITTEN_PLACES = terms("waits", "written_places")
WRITTEN_THINGS = terms("waits", "written_things")


@rule("wait-on-person")
def wait_on_person(asked: Asked) -> Judgement | None:
    """Each mention of the reader is tried in turn: the first whose word bounds the agent's hold decides; a wait site
    where none does is no wait on the person (no finding)."""
    if asked.site.kind in (READY, TURN):
        # r35b: 'Set to start the iOS port whenever you give the go-ahead.', 'I'll wait for you to tell me when to
        # pull.': a readiness or an instruction site the rows before left, its act bounded by the reader's word
        return _bounded_by_word(asked) or _labelled_wait(asked)
    if asked.site.kind != WAIT:
        # r31c: a wait label read as another kind of site ('Blocked on you: which layout the page should use.' holds
        # 'should … use', a condition's words): the label decides
        return _labelled_wait(asked)
    for token in asked.tokens:
        if token.lower_ not in READER:
            continue
        word = readers_word([token])
        if word is not None and _needed(word) and not _need_names_what(word):
            # r36c: the need of the agent's work names what the word holds back by its subject
            judged = _work_waits_on_word(word, asked)
            if judged is not None:
                return judged
        if word is None or (_needed(word) and not _need_names_what(word)):
            continue
        # a phrase of the sentence that fired took the site away (analyzer.engine): one that did not reports nothing
        judged = held_until(word, asked.lexicon, "wait-on-person", _as_asked(asked), phrase_before=False)
        if judged is None:
            judged = _work_waits_on_word(word, asked)
        if judged is not None:
            return judged
    for token in asked.tokens:
        if _open_next_word(token, asked):
            judged = held_until(token, asked.lexicon, "wait-on-person", _as_asked(asked), phrase_before=False)
            if judged is None and token.dep_ in ("pobj", "pcomp") and left_open(token):
                judged = _open_request_held(token, asked)
            if judged is not None:
                return judged
    for token in asked.tokens:
        if _needed_word(token) and _need_names_what(token) and not _need_for_human_only(token, asked):
            judged = held_until(token, asked.lexicon, "wait-on-person", _as_asked(asked), phrase_before=False)
            if judged is not None:
                return judged
    for token in asked.tokens:
        if _awaits_what_it_requested(token):
            judged = held_until(token, asked.lexicon, "wait-on-person", _as_asked(asked), phrase_before=False)
            if judged is not None:
                return judged
    labelled = (_labelled_wait(asked) or _stands_by_alone(asked) or _word_welcomed(asked) or _look_wished(asked)
                or _courtesy_wait(asked) or _keyword_gate(asked))  # fmt: skip
    if labelled is not None:
        return labelled
    return carved(
        "wait-on-person",
        "no word of the reader's bounds a hold of the agent's own: a thing's wait, or a wait on a human-only act",
    )


def _alone_words() -> frozenset[str]:
    """The tokens of sites.toml [wait] alone and alone_subjects as the parser splits them ("i'm": 'i', "'m")."""
    found: set[str] = set()
    for phrase in (*sites()["wait"]["alone"], *sites()["wait"]["alone_subjects"]):
        for word in phrase.split():
            head, mark, rest = word.partition("'")
            found.update((head, mark + rest) if mark else (word,))
    return frozenset(found - {""})


ALONE_WORDS = _alone_words()


def _stands_by_alone(asked: Asked) -> Judgement | None:
    """r38e (docs/DESIGN.md#construction-classes): 'Standing by.', "I'm on standby.", 'At your service!' as the whole
    message — the agent's readiness for a call with no work reported and nothing it waits on named: the turn handed
    back to the reader, as the open offer is. After a report ('All 212 tests pass. Standing by.') it closes a status."""
    words = [t for t in asked.tokens if not t.is_punct]
    if asked.site.following or not words or any(t.lower_.replace("’", "'") not in ALONE_WORDS for t in words):
        return None
    source = asked.doc.user_data.get(SOURCE_KEY)
    if source is not None and source[0][: asked.site.start].strip():
        return None
    return gated(
        "fire",
        "wait-on-person",
        f"fires (wait-on-person): '{_as_asked(asked)}' is the whole message — the agent stands by with no work "
        "reported and nothing it waits on named: it waits on the reader's next word",
        words[0].i,
    )


def _word_welcomed(asked: Asked) -> Judgement | None:
    """r39d (docs/DESIGN.md#construction-classes): the reader's word welcomed with no verb of the agent's — a noun of
    the reader's view as the subject or the compound of a welcoming word ('Feedback welcome.', 'Thoughts appreciated on
    the schema.'), or after 'to' under an adjective of openness whose subject is the agent or left out ('Open to
    suggestions.', "I'm open to feedback on the layout."): the agent's wish for the reader's view, the verbless
    'I'd welcome your feedback'. What it is asked on, when human-only ('Feedback welcome on the release date'), is
    the person's own call."""
    for noun in asked.tokens:
        if noun.lower_ not in WELCOMED_NOUNS and not _alternative(noun):
            continue
        head = noun.head  # 'Feedback welcome': the noun under the welcoming word; 'Ideas welcome': the word under it
        if noun.dep_ == "nsubj" and head.lemma_ == "be":  # r39rv: 'Any feedback is most welcome', as the site reads it
            head = next((c for c in head.children if c.dep_ == "acomp" and c.lower_ in WELCOMING), head)
        if not (head.lower_ in WELCOMING and noun.dep_ in ("nsubj", "nsubjpass", "compound", "amod")):
            # r39rv: only a noun that is no subject or object of another verb ('Questions encouraged in the doc are
            # answered in FAQ.md' names questions)
            bare = noun.dep_ not in (*SUBJECT_DEPS, "dobj", "pobj", "attr")
            head = next((c for c in noun.children if c.lower_ in WELCOMING and c.dep_ in ("amod", "acl") and bare),
                        head)  # fmt: skip
        # r39rv: a welcoming word with an object of its own is a finite verb ('Comments welcome the change'), no wish
        welcomed = head.lower_ in WELCOMING and head.i > noun.i and not any(c.dep_ == "dobj" for c in head.children)
        opened = _opened_to(noun)
        if not welcomed and opened is None:
            continue
        predicate = head if welcomed else opened
        about = [c for t in (noun, predicate) for c in t.children if c.dep_ == "prep" and c.i > noun.i]
        copula = [c for c in predicate.head.children if c.dep_ == "prep"] if predicate.dep_ == "acomp" else []  # type: ignore[union-attr]
        place = next((c for c in (*about, *copula) if _written_place(c)), None)
        if place is not None:
            return carved("wait-on-person", f"'{noun.text} {predicate.text} {place.text} …' places the welcome in a "  # type: ignore[union-attr]
                          "written thing: prose the agent wrote there, no wish of its own")  # fmt: skip
        work = work_of(about, asked.lexicon) if about else None
        shown = f"{noun.text} {head.text}" if welcomed else f"{predicate.text} to {noun.text}"  # type: ignore[union-attr]
        if work is not None and work.human_only:
            return carved("wait-on-person", f"'{shown}' welcomes the reader's view on {work.describe()}: the "
                          "person's own call")  # fmt: skip
        return gated("fire", "wait-on-person", f"fires (wait-on-person): '{_as_asked(asked)}' welcomes the reader's "
                     f"'{noun.text}' ('{shown}') with no verb of the agent's: the turn waits on the reader's view",
                     predicate.i)  # type: ignore[union-attr]  # fmt: skip
    return None


def _written_place(prep: Token) -> bool:
    """r39k: 'in the new CONTRIBUTING.md', 'in the README': a preposition of place over a written thing (terms [waits]
    written_things) or a file name (an extension or a path)."""
    if prep.lower_ not in WRITTEN_PLACES:
        return False
    for thing in (g for g in prep.children if g.dep_ == "pobj"):
        words = [t for t in thing.subtree if t.i >= prep.i]
        if any(t.lower_ in WRITTEN_THINGS or _file_name(t.text) for t in words):
            return True
    return False


def _file_name(word: str) -> bool:
    """'CONTRIBUTING.md', 'docs/setup.txt': a word with a path or an extension of letters."""
    stem, dot, ext = word.strip("`").rpartition(".")
    return "/" in word or bool(dot and stem and ext.isalpha() and len(ext) <= 4)


def _alternative(noun: Token) -> bool:
    """r39k: a noun the reader's other way makes a view ('alternative approaches', 'other designs'), welcomed only
    after 'open to' (_opened_to): 'Other approaches are welcome' names no view of the reader's."""
    return noun.pos_ == "NOUN" and any(c.dep_ == "amod" and c.lower_ in WELCOMED_ALTERNATIVES for c in noun.children)


def _look_wished(asked: Asked) -> Judgement | None:
    """r39k (docs/DESIGN.md#construction-classes): the agent's wish under 'would' for a look or a view that no one owns
    ("I'd appreciate a second pair of eyes on the migration.", 'Would value another look at the schema.'): the
    polite need of the reader's review, read where no 'your' names the reader (readers_word reads those). Its subject
    is the agent or left out; what it is wished on, when human-only, is the person's own call."""
    for verb in asked.tokens:
        if verb.lemma_.lower() not in WISHES or not any(c.lower_ in ("would", "'d", "’d") for c in verb.children):
            continue
        subject = subject_of(verb)
        if subject is not None and subject.lower_ not in AGENT_SUBJECTS:
            continue
        wished = next((c for c in verb.children if c.dep_ == "dobj"), None)
        holder = wished
        if wished is not None and wished.lower_ in LOOK_HOLDERS:  # 'a second pair of eyes'
            wished = next((g for c in wished.children if c.lower_ == "of" for g in c.children if g.dep_ == "pobj"),
                          None)  # fmt: skip
        sources = [g for t in (verb, holder, wished) if t is not None for c in t.children
                   if c.dep_ == "prep" and c.lower_ in ("from", "by") for g in c.children]  # fmt: skip
        if any(g.lower_ not in READER for g in sources):  # 'a second pair of eyes from the security team'
            continue
        if wished is None or wished.lower_ not in LOOK_NOUNS or any(c.dep_ == "poss" for c in wished.children):
            continue
        about = [c for t in (verb, wished) for c in t.children if c.dep_ == "prep" and c.i > wished.i]
        work = work_of(about, asked.lexicon) if about else None
        if work is not None and work.human_only:
            return carved("wait-on-person", f"'{verb.text} … {wished.text}' wishes for the reader's view on "
                          f"{work.describe()}: the person's own call")  # fmt: skip
        return gated("fire", "wait-on-person", f"fires (wait-on-person): '{_as_asked(asked)}' wishes for the "
                     f"reader's '{wished.text}' ('{verb.text}'): the turn waits on the reader's look",
                     verb.i)  # fmt: skip
    return None


def _opened_to(noun: Token) -> Token | None:
    """r39d: the adjective of openness before 'to' and the noun ('Open to suggestions', 'open to any feedback'), read
    on the words in order — the model may take 'to feedback' for an infinitive — with the agent or nobody as its
    subject; None otherwise."""
    at = noun.i - 1
    while at > noun.sent.start and noun.doc[at].dep_ in ("det", "amod"):  # 'open to any early feedback'
        at -= 1
    if at <= noun.sent.start or noun.doc[at].lower_ != "to" or noun.doc[at - 1].lower_ not in OPEN_TO:
        return None
    adjective = noun.doc[at - 1]
    subject = predicate_subject(adjective)
    return adjective if subject is None or subject.lower_ in AGENT_SUBJECTS else None


def _keyword_gate(asked: Asked) -> Judgement | None:
    """r40d (docs/DESIGN.md#construction-classes): the keyword-gated turn — an imperative of saying a word to the agent
    (sites.toml [wait] keyword_verbs) bounded by the reader's own time or want ('Say `next` when you want the next
    file.') or by the agent's going on ('Say yes to continue.'): the turn waits on the reader's word. Judged on what the
    bound names: a human-only act released by the word hands nothing over."""
    root = asked.root
    first = next((t for t in asked.tokens if not t.is_punct and t.lower_ not in ("please", "just")), None)
    if first is None or root.i != first.i or root.lemma_.lower() not in KEYWORD_VERBS or subject_of(root) is not None:
        return None
    bound = next((c for c in root.children if _reader_bound(c) or _going_on(c)), None)
    if bound is None:
        return None
    work = work_of([bound], asked.lexicon, frozenset(t.i for t in bound.subtree if t.lower_ not in READER))
    why = f"makes the reader's word the gate of the turn ('{root.text} … {bound.text}'): it waits on the reader"
    if work.human_only:
        return gated("exempt", "wait-on-person", f"exempt (wait-on-person): '{_as_asked(asked)}' {why}, and that "
                     f"is {work.describe()}", root.i, None, work.domains)  # fmt: skip
    return gated("fire", "wait-on-person", f"fires (wait-on-person): '{_as_asked(asked)}' {why}", root.i)


def _reader_bound(clause: Token) -> bool:
    """A clause of time or condition whose subject is the reader ('when you want the next file')."""
    subject = subject_of(clause) if clause.dep_ == "advcl" else None
    return subject is not None and subject.lower_ in READER


def _going_on(clause: Token) -> bool:
    """An infinitive of purpose on the imperative ('to continue', 'to start the import'): what the word releases."""
    return clause.dep_ in ("xcomp", "advcl") and any(c.dep_ == "aux" and c.lower_ == "to" for c in clause.children)


def _courtesy_wait(asked: Asked) -> Judgement | None:
    """r39d (docs/DESIGN.md#construction-classes): the courtesy wait on the person's time — the imperative 'take' over
    the reader's own time ('Take your time.') or a haste noun under 'no' ('No rush.', 'No hurry on the review.') —
    closing the turn with nothing else in its sentence or after it: the turn waits on the reader's readiness. A wait
    on work in flight said beside it ('No rush — CI takes 10 min; I'll check back.') names another subject and is
    no courtesy to the person."""
    if asked.site.following.strip():
        return None
    courtesy = next((t for t in asked.tokens if _is_courtesy(t)), None)
    if courtesy is None:
        return None
    others = [t for t in asked.tokens if t.dep_ in ("nsubj", "nsubjpass", "expl") and t.lower_ not in READER
              and t.i != courtesy.i]  # fmt: skip
    if others or not _courtesy_alone(asked.tokens):
        return None
    why = "leaves the time to the reader as a courtesy and closes the turn: it waits on the reader's readiness"
    return gated("fire", "wait-on-person", f"fires (wait-on-person): '{_as_asked(asked)}' {why}", courtesy.i)


def _courtesy_alone(tokens: Sequence[Token]) -> bool:
    """r39rv: every part of the sentence between its dashes, colons and semicolons holds a courtesy ('Take your time —
    no rush.'); a part without one says something else ('No rush — your data syncs in the background', whatever the
    model made of its verb), so the sentence is no courtesy alone."""
    parts: list[list[Token]] = [[]]
    for token in tokens:
        if token.text in _PART_BREAKS:
            parts.append([])
        elif any(ch.isalnum() for ch in token.text):
            parts[-1].append(token)
    return all(any(_is_courtesy(t) for t in part) for part in parts if part)


_PART_BREAKS = frozenset({"—", "–", "--", "-", ";", ":"})


def _time_left(token: Token) -> bool:
    """'Take your time': the imperative 'take' with the reader's time as its object."""
    return token.lemma_.lower() == "take" and subject_of(token) is None and any(
        c.dep_ == "dobj" and c.lower_ in TIME_NOUNS for c in token.children
    )


def _is_courtesy(token: Token) -> bool:
    """Any of the courtesy's forms: the reader's time left, haste denied, the reader's spare time named alone."""
    return _time_left(token) or _haste_denied(token) or _convenience(token) or _spare_moment(token)


def _convenience(token: Token) -> bool:
    """r39k: 'At your convenience.': a noun of the reader's spare time owned by the reader under 'at'."""
    return (token.lower_ in CONVENIENCE_NOUNS and token.head.lower_ == "at"
            and any(c.dep_ == "poss" and c.lower_ in READER for c in token.children))  # fmt: skip


def _spare_moment(token: Token) -> bool:
    """r39k: 'Whenever you have a moment.': the reader has or gets a spare moment under 'when'/'whenever', the clause
    the sentence's root or under a courtesy ('When you get a chance, no rush.'); with a main clause of its own
    ('Whenever you have a moment, the dashboard shows it') it times something else."""
    if token.lemma_.lower() not in MOMENT_VERBS or not any(c.dep_ == "nsubj" and c.lower_ in READER
                                                           for c in token.children):  # fmt: skip
        return False
    if not any(c.lower_ in MOMENT_MARKS and c.dep_ in ("advmod", "mark") for c in token.children):
        return False
    if not any(c.dep_ == "dobj" and c.lower_ in MOMENT_NOUNS for c in token.children):
        return False
    return token.dep_ == "ROOT" or (token.dep_ == "advcl" and (_haste_denied(token.head) or _time_left(token.head)))


def _haste_denied(token: Token) -> bool:
    """'No rush', 'no hurry on the review': a noun of haste under 'no', not over a change request the person reviews
    ('No rush on the review of #15480.': the stamp, human-only; terms [waits] change_requests or a '#' number)."""
    return (
        token.lower_ in HASTE
        and any(c.dep_ == "det" and c.lower_ == "no" for c in token.children)
        and not any(_change_request(t) for t in token.subtree if t.i > token.i)
    )


def _change_request(token: Token) -> bool:
    """A change request named: a word of terms [waits] change_requests, or a '#' number ('#15480')."""
    if token.lower_ in CHANGE_REQUESTS:
        return True
    numbered = token.text[1:] if token.text.startswith("#") else ""
    return numbered.isdigit() or (token.text == "#" and token.i + 1 < len(token.doc) and token.nbor().like_num)


def _work_waits_on_word(word: Token, asked: Asked) -> Judgement | None:
    """r36c (docs/DESIGN.md#construction-classes): the agent's work as the subject that waits on or needs the reader's
    word ('The fixture cleanup waits on your sign-off.', 'The branch now needs your OK on the test naming before I
    continue.'): a present wait or need of a noun subject that names the agent's work (an act noun of terms
    [agent-work]) or whose clause holds back the agent's own next act ('before I continue'). A thing's own behaviour
    ('The installer waits for your confirmation.') names neither; a human-only subject or word ('The release needs
    your sign-off.') is its timing, no finding."""
    predicate = word.head.head if word.dep_ == "pobj" and word.head.lower_ in ("on", "for", "upon") else word.head
    if word.dep_ not in ("dobj", "pobj") or predicate.lemma_.lower() not in WORK_WAITS or predicate.tag_ not in (
        "VBZ", "VBP", "VBG"
    ):
        return None
    subject = subject_of(predicate)
    if subject is None or subject.pos_ not in ("NOUN", "PROPN") or subject.lower_ in AGENT_SUBJECTS:
        return None
    work = work_of([subject], asked.lexicon)
    own_act = any(
        c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in ("before", "until", "till") for m in c.children)
        and (s := subject_of(c)) is not None and s.lower_ in AGENT_SUBJECTS
        for c in predicate.children
    )
    if work.human_only or not (work.agent_words or own_act):
        return None
    about = [c for c in word.children if c.dep_ in ABOUT_DEPS and c.lower_ not in ("back", "from")]
    if _is_stamp(word, asked.lexicon):
        if _stamp_target_in(_words_of([subject, *about]), asked.lexicon):
            return None  # 'The merge of #412 waits on your approval': the human's stamp on a change under review
    elif about and _human_only(about, asked.lexicon):
        return None
    shown = hyphen_compound(word) or word.text
    return gated(
        "fire",
        "wait-on-person",
        f"fires (wait-on-person): '{_as_asked(asked)}' — the agent's work ('{subject.text}') waits on the reader's "
        f"'{shown}', not on work in flight",
        predicate.i,
    )


def _bounded_by_word(asked: Asked) -> Judgement | None:
    """r35b: the reader's word that bounds the agent's own act or readiness, on a site of another kind."""
    for token in asked.tokens:
        word = readers_word([token]) if token.lower_ in READER else None
        if word is not None:
            judged = held_until(word, asked.lexicon, "wait-on-person", _as_asked(asked), phrase_before=False)
            if judged is not None:
                return judged
    return None


def _labelled_wait(asked: Asked) -> Judgement | None:
    """Issue 28 phase 4b: a label that names the agent's need of the reader ('**Required Input**: Approval to proceed
    with the orchestrator changes.', 'Needed from you: a yes on the migration plan.') parks the turn on the reader's
    word its value names; what that word is about is judged (the go for a human-only act is a hold), and a value that
    is no word of the reader's (a password, a file) asks for what only the reader has."""
    label = " ".join(_label(asked).replace("*", " ").replace("_", " ").split())
    if label not in WAIT_LABELS:
        return _label_in_sentence(asked)
    word = next((t for t in asked.tokens if _word_noun(t) and t.dep_ in ("ROOT", "appos")), None)
    if word is None:
        return _choice_asked(asked.tokens, asked, label)
    owners = [c for c in word.children if c.dep_ == "poss"]
    if any(o.lower_ not in READER for o in owners) or (label in BARE_HOLD_LABELS and not owners):
        # r32c: 'Pending: Priya's decision on the naming' waits on someone else; 'Blocked: the upstream decision' on
        # no word of the reader's — a hold
        return None
    about = [c for c in word.children if c.dep_ in ABOUT_DEPS and c.lower_ not in ("back", "from")]
    if about and _human_only(about, asked.lexicon):
        return carved("wait-on-person", f"the label '{label}' waits on the reader's word for a human-only act")
    return gated(
        "fire",
        "wait-on-person",
        f"fires (wait-on-person): the label '{label}' parks the turn on the reader's "
        f"'{hyphen_compound(word) or word.text}', not on work in flight",
        word.i,
    )


def _open_next_word(token: Token, asked: Asked) -> bool:
    """r31c: 'Awaiting further instructions.', 'Standing by for the next task.' — the reader's next word or request
    left unowned: a noun of the reader's word or of a request (lexicon request_nouns, go_nouns) under a word that
    leaves it open (lexicon open_modifiers), owned by no one and from no one else ('the lead's next task', 'further
    input from the design team' are someone else's)."""
    names = forms(token) | {hyphen_compound(token) or ""}
    lexicon = asked.lexicon
    free = token.dep_ in ("pobj", "pcomp") and token.head.lower_ == "for" and left_open(token)
    if not free and not names & (WORD_NOUNS | lexicon.request_nouns | lexicon.go_nouns | OPEN_CHANGES):
        return False
    opened = any(c.dep_ in ("amod", "det", "advmod") and c.lower_ in lexicon.open_modifiers for c in token.children)
    # r32c: a bare plural leaves the next request just as open ('Standing by for orders.', 'Waiting for
    # instructions.'): no determiner, owner or other modifier, the object of the hold's preposition
    bare = token.tag_ == "NNS" and token.dep_ == "pobj" and not any(
        c.dep_ in ("det", "poss", "amod", "compound", "nummod") for c in token.children
    )
    if not (free or opened or bare):
        return False
    if any(c.dep_ == "poss" for c in token.children):
        return False  # 'your next task' is the reader's own, read on the reader's arcs above
    holders = [token, *token.ancestors][:3]  # the noun, its preposition, the hold
    sources = [g for h in holders for c in h.children if c.dep_ == "prep" and c.lower_ in ("from", "by")
               for g in c.children]  # fmt: skip
    if any(g.lower_ not in READER for g in sources):
        return False
    # 'The worker is idle, awaiting new tasks', 'The bot replied "awaiting further instructions"': the wait of a thing
    # or of someone else, whose clause holds the hold
    subjects = (subject_of(v) for v in token.ancestors)
    if any(s is not None and s.lower_ not in AGENT_SUBJECTS for s in subjects):
        return False
    # "I'm not ready for more tasks until the backfill lands": a hold denied, or bounded by work in flight
    return not any(
        c.dep_ == "neg" or (c.dep_ == "advcl" and any(m.lower_ in BOUNDS for m in c.children if m.dep_ == "mark"))
        for v in token.ancestors
        for c in v.children
    )


def _needed(word: Token) -> bool:
    """The reader's word as the object of the agent's verb of need ('I need your input …')."""
    return word.dep_ == "dobj" and word.head.lemma_.lower() in NEEDING


def _need_names_what(word: Token) -> bool:
    """r35b: the need names what the word is about or what it holds back — a phrase or clause after the noun or the
    verb of need ('on the cache layout', 'before I touch the parser', 'to go on'); a bare 'I need your steer.' states a
    need and holds back nothing named (a near miss the corpus keeps clear)."""
    after = [c for h in (word, word.head) for c in h.children if c.i > word.i and not c.is_punct]
    return any(c.dep_ in ("prep", "advcl", "xcomp", "ccomp", "acl", "relcl") for c in after)


def _need_for_human_only(token: Token, asked: Asked) -> bool:
    """r35b: what the need is for, hung on the verb of need by the model ('I'll need approval on #88 before merging.'):
    a change under review or a human-only act there makes the needed word the go for a human-only act, a hold."""
    after = [c for c in token.head.children if c.dep_ in ("prep", "advcl", "xcomp", "ccomp") and c.i > token.i]
    if not after:
        return False
    stamp = _is_stamp(token, asked.lexicon) and _stamp_target_in(_words_of(after), asked.lexicon)
    return stamp or _human_only(after, asked.lexicon)


def _needed_word(token: Token) -> bool:
    """r35b: "I'll need direction on what to include before making a commit." — a noun of the reader's word with no
    owner (or the reader as owner, read on the reader's arcs above), the object of the agent's verb of need (sites.toml
    [wait] need_verbs), asked of no one else ('confirmation from the vendor')."""
    holder = token.head
    if token.dep_ != "dobj" or holder.lemma_.lower() not in NEEDING or not forms(token) & WORD_NOUNS:
        return False
    if any(c.dep_ == "poss" for c in token.children):
        return False
    subject = subject_of(holder)
    if subject is None or subject.lower_ not in AGENT_SUBJECTS:
        return False
    sources = [g for h in (token, holder) for c in h.children if c.dep_ == "prep" and c.lower_ in ("from", "by")
               for g in c.children]  # fmt: skip
    return all(g.lower_ in READER for g in sources)


def _awaits_what_it_requested(token: Token) -> bool:
    """r33b: 'I am still waiting for the information I requested earlier' — the hold's 'for' or 'on' takes what the
    agent itself asked of the reader: a noun of the reader's word or of information (terms [waits] requested_things)
    with a relative clause whose subject is the agent and whose verb one of request (terms [waits] requested_verbs),
    asked of no one else ('the logs I requested from the vendor')."""
    if token.dep_ != "pobj" or token.head.lower_ not in ("for", "on") or token.head.head.i == token.head.i:
        return False
    if not forms(token) & (WORD_NOUNS | REQUESTED_THINGS) or any(c.dep_ == "poss" for c in token.children):
        return False
    for clause in (c for c in token.children if c.dep_ == "relcl" and c.lemma_.lower() in REQUESTED_VERBS):
        subject = subject_of(clause)
        sources = [g for c in clause.children if c.dep_ == "prep" and c.lower_ in ("from", "of") for g in c.children]
        if subject is not None and subject.lower_ in AGENT_SUBJECTS and all(g.lower_ in READER for g in sources):
            return True
    return False


def _open_request_held(token: Token, asked: Asked) -> Judgement | None:
    """r32c: the hold whose 'for' takes the reader's next request as a free relative ('Standing by for whatever you
    need.'): the hold is the agent's own (no subject or a first-person one); what is left open names no human-only
    act ('for whatever you decide about the release' times the reader's own act)."""
    hold = token.head.head
    subject = subject_of(hold)
    if subject is not None and subject.lower_ not in AGENT_SUBJECTS:
        return None
    if work_of_stretch(list(token.subtree), asked.lexicon).human_only:
        return carved("wait-on-person", "what the hold leaves open is the reader's human-only act")
    return gated(
        "fire",
        "wait-on-person",
        f"fires (wait-on-person): the agent's '{hold.text}' waits for the reader's next request left open "
        f"('{token.head.text} {' '.join(t.text for t in token.subtree)}'), not on work in flight",
        hold.i,
    )


def _label_in_sentence(asked: Asked) -> Judgement | None:
    """r31c: a wait site keeps its label in the sentence it parses ('Waiting on you: whether the retry cap should be 3
    or 5.'): the words before its first colon are the label, the words after it the value."""
    # r35b: or a dash set off by spaces ('Blocked on you — I need to know which …')
    colon = next((t for t in asked.tokens if t.text == ":" or (t.text in ("—", "–", "-") and _set_off(t))), None)
    if colon is None:
        return None
    label = " ".join(asked.doc[: colon.i].text.lower().replace("*", " ").replace("_", " ").split())
    if label not in WAIT_LABELS:
        return None
    return _choice_asked([t for t in asked.tokens if t.i > colon.i and t.text not in ("*", "_", "**")], asked, label)


def _set_off(dash: Token) -> bool:
    """A dash with a space on each side, between a label and its value (not a hyphen inside a word)."""
    return dash.i > 0 and bool(dash.doc[dash.i - 1].whitespace_) and bool(dash.whitespace_)


def _choice_asked(tokens: list[Token], asked: Asked, label: str) -> Judgement | None:
    """r31c: the label's value an embedded question of the reader's choice ('Blocked on you: which of the two layouts
    the settings page should use.'): a wh-word opens it; judged like attribution on what is chosen (a human-only choice
    is the reader's own: no finding)."""
    tokens = _past_need_to_know(tokens)
    if not tokens or tokens[0].lower_ not in CHOICE_WORDS:
        return None
    # 'whether we cut the 2.4.0 release today': the persons who choose are no work of the agent's
    content = [t for t in tokens if not t.is_punct and t.lower_ not in AGENT_SUBJECTS and t.lower_ not in READER]
    if work_of_stretch(content, asked.lexicon).human_only:
        return carved("wait-on-person", f"the label '{label}' waits on the reader's choice of a human-only act")
    return gated(
        "fire",
        "wait-on-person",
        f"fires (wait-on-person): the label '{label}' parks the turn on the reader's choice ('{tokens[0].text} …'), "
        "not on work in flight",
        tokens[0].i,
    )


def _past_need_to_know(tokens: list[Token]) -> list[Token]:
    """r35b: the label's value opened by the agent's need to learn the reader's choice ('I need to know whether …', 'I
    have to hear which …'; terms [waits] need_verbs, knowing_verbs): the words after it, from the choice word on. Any
    other opening is left as it is."""
    k, knowing = 0, False
    while k < len(tokens):
        token, lemma = tokens[k], tokens[k].lemma_.lower()
        skipped = token.lower_ in AGENT_SUBJECTS or token.tag_ == "MD" or token.lower_ in NEED_FILLERS
        if skipped or (lemma in NEED_VERBS and not knowing):
            k += 1
        elif lemma in KNOWING_VERBS and not knowing:
            knowing, k = True, k + 1
            if k < len(tokens) and tokens[k].lower_ == "out":
                k += 1  # 'find out'
        else:
            break
    return tokens[k:] if knowing else tokens


def _word_noun(token: Token) -> bool:
    names = forms(token) | {hyphen_compound(token) or ""}
    return bool(names & (WORD_NOUNS | ASSENT))
