"""The offer family's gates (docs/DESIGN.md#phrase-families revision 2): 'want me to', and a condition on the reader's
wish."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from analyzer.grammar.grants import blocked_run, granted_word, held_on_grant
from analyzer.grammar.judgement import Judgement, gated
from analyzer.grammar.persons_side import environment_word
from analyzer.grammar.register.clauses import across_semicolon, spelled
from analyzer.grammar.register.context import Context
from analyzer.grammar.registry import rule
from analyzer.grammar.work import work_of
from analyzer.lexicon import Lexicon
from analyzer.parse.tokens import SOURCE_KEY, SUBJECT_DEPS, WISH_COMPLEMENT_DEPS, bounds, predicate_subject, subject_of
from analyzer.terms import terms

if TYPE_CHECKING:
    from spacy.tokens import Token

AGENT_SUBJECTS = terms("register", "agent_subjects")
SPEECH_VERBS = terms("register", "speech_verbs")
_WISH_LEMMAS = terms("register", "wish_lemmas")
READER = terms("register", "reader")
TELLING = terms("wish-invitation", "telling")
SPECIFYING = terms("wish-invitation", "specifying")
NEXT_STEPS = terms("wish-invitation", "next_steps")
ASKING_ALONE = terms("wish-invitation", "alone")
WRAPPERS = terms("wish-invitation", "wrappers")
SAID = terms("wish-invitation", "said")
OFFER_MODALS = terms("wish-invitation", "offer_modals")
# r29c: the verbs of going on, and the words some of them need for it ('go ahead', 'move forward', 'keep going').
GOING_ON = terms("wish-invitation", "going_on")
# The verbs whose 'if' asks whether ('Please confirm if you would like to proceed', closing-question wish-request).
ASKED_WHETHER = terms("approval-asked", "report_verbs") | {"ask", "check", "wonder", "see"}
GOING_ON_WITH = {verb: terms("wish-invitation", f"{verb}_with") for verb in ("go", "move", "carry", "keep")}
# r38a: the pronouns that point back at what the clause offers ('if you'd like it there too').
POINTERS = terms("outcome-asked", "pointers") | terms("wish-invitation", "indefinite_pointers")
# r38a: new work offered in the passive (the bonus offer's word classes: 'that can be added').
PASSIVE_WORK = terms("bonus-offer", "passive_work")
PASSIVE_MODALS = terms("bonus-offer", "passive_modals")
# r39a: the verbs of running a thing again, which a run blocked where the agent runs hands to the person
RERUNNING = terms("reader-environment", "rerunning")
# r39d: the words of the agent's willingness that carry its act ('Happy to add …').
WILLING = terms("offers", "willing")



@rule("want-me-to")
def want_me_to(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """Each exclusion reads the wish word's own arcs: a relative or contact-relative clause on a noun, a reporting
    verb with a person as subject above or beside it, or a declarative with the reader as subject that asks nothing.
    """
    want = _wish_word(phrase)
    if want.dep_ in ("relcl", "acl") and want.head.pos_ in ("NOUN", "PROPN", "PRON"):
        return None
    if _contact_relative(want):
        return None
    if _reported(want):
        return None
    subject = subject_of(want)
    declarative = (
        want.dep_ == "ROOT"
        and subject is not None
        and subject.lower_ == "you"
        and not _asks(want)
        and not any(c.dep_ in ("mark", "aux") for c in want.children)
    )
    if declarative:
        return None
    if _run_handed_over(want):
        return None
    return gated(
        "fire", "want-me-to", "fires (want-me-to): 'want me to' proposes to act and waits for permission", _head(want)
    )


@rule("wish-condition")
def wish_condition(phrase: Sequence[Token], lexicon: Lexicon, context: Context) -> Judgement | None:
    """What the wish governs is read as the model attached it, stopped at a ';': a clause after one is another
    sentence's."""
    wish = _wish_word(phrase)
    main = _past_parenthesis(wish.head) if wish.head.i != wish.i else None
    wanted = [c for c in wish.children if c.dep_ in WISH_COMPLEMENT_DEPS and c.i > phrase[-1].i]
    wanted += [c for c in wish.children if _infinitive_read_as_preposition(c, phrase)]
    # 'If you'd like to reproduce it, run `make flaky`; I am on the tests': a clause after ';' is another one.
    agent_main = main is not None and _agent_subject(main) and not across_semicolon(wish, main)
    if main is not None and not _instructed(main) and not _named_doer(main) and main.i < wish.i and _points_back(
        wanted, wish
    ):
        wanted = []  # r38a: '…, if you'd like it there too.': the wish for what the clause offered is left open
    invitation = invited_to_ask(main, wish) if main is not None and not across_semicolon(wish, main) else None
    if invitation is not None and invitation.lemma_.lower() == "let" and wish.i > invitation.i:
        invitation = None  # 'Let me know your thoughts, or if you want changes': the 'let me know' closer's to judge
    if invitation is not None and wanted:
        # r29c: 'If you want details about any task, let me know the task ID.' — the reader told to ask the agent
        why = f"the wish governs an invitation to ask the agent ('{_invitation_text(invitation)}')"
        scope = frozenset(t.i for c in wanted for t in c.subtree if t.lower_ not in READER)
        work = work_of(wanted, lexicon, scope)
        if work.human_only:
            return gated("exempt", "wish-condition", f"exempt (wish-condition): '{spelled(phrase)}' — {why}, and what "
                         f"is wished is {work.describe()}", main.i, bounds(t for c in wanted for t in c.subtree),
                         work.domains)  # fmt: skip
        span = bounds(t for c in wanted for t in c.subtree)
        return gated("fire", "wish-condition", f"fires (wish-condition): '{spelled(phrase)}' — {why}; it "
                     f"{work.describe()}", main.i, span, work.domains)  # fmt: skip
    whether = main is not None and main.lemma_.lower() in ASKED_WHETHER and wish.i > main.i
    going_on = _going_on(wanted) if not whether else None
    if going_on is not None:  # not 'Please confirm if you would like to proceed': whether, the wish-request row's
        # r29c: 'Please add these files to the chat if you want to proceed with changes.' — the reader's wish to go on
        # is the condition of the agent's next work, whatever the reader is told to do for it
        what = [c for p in going_on.children if p.dep_ == "prep" and p.lower_ == "with" for c in p.children]
        why = f"the wish is to go on ('{going_on.text}'): the agent's next work waits on the reader"
        scope = frozenset(t.i for c in what for t in c.subtree)
        work = work_of(what, lexicon, scope) if what else None
        if work is not None and work.human_only:
            return gated("exempt", "wish-condition", f"exempt (wish-condition): '{spelled(phrase)}' — {why}, and it "
                         f"goes on with {work.describe()}", going_on.i, None, work.domains)  # fmt: skip
        return gated("fire", "wish-condition", f"fires (wish-condition): '{spelled(phrase)}' — {why}", going_on.i)
    passive = passive_offer(main) if wanted and main is not None and not agent_main else None
    if passive is not None:
        # r38a: 'If you want loadMore failures shown inline, that can be added.' — the agent's work offered in the
        # passive with no doer named: the doer left to the agent
        why = f"the wish governs new work offered in the passive ('{passive}'), the doer left to the agent"
        return gated("fire", "wish-condition", f"fires (wish-condition): '{spelled(phrase)}' — {why}", main.i)
    step = next_step(main) if wanted and main is not None and not agent_main else None
    if step is not None:
        # r38j: 'If you want full closure, the next step is to rerun the batch.' — the agent's next work said
        # impersonally, judged like attribution on the act
        noun, act = step
        why = f"the wish governs the next work named impersonally ('{noun.text} is to {act.text}')"
        scope = frozenset(t.i for t in act.subtree)
        work = work_of([act], lexicon, scope)
        verdict = "exempt" if work.human_only else "fire"
        joint = ", and it is" if work.human_only else "; it"
        return gated(verdict, "wish-condition", f"{verdict}{'s' if verdict == 'fire' else ''} (wish-condition): "
                     f"'{spelled(phrase)}' — {why}{joint} {work.describe()}", main.i, bounds(act.subtree),
                     work.domains)  # fmt: skip
    if wanted and not agent_main:
        return None  # a technical conditional: the wish names what it wants and the reader acts
    if main is not None and subject_of(main) is None and _grant_told(main):
        return None  # r38f: 'If you want that applied, switch to Agent mode and we can wire it': the person's grant
    if main is not None and held_on_grant(main) is not None:
        return None  # r38m: 'If you want, I can retry once you allow the escalated command': the person's grant first
    if main is not None and _run_handed_over(wish):
        return None  # r39a: 'If you'd like, enable the MCP server and I'll create the issues' after a blocked run
    shown = main.text if main is not None else phrase[-1].text
    why = f"the wish governs the agent's own '{shown}'" if agent_main else "the wish is left open, an offer to act"
    return gated(
        "fire", "wish-condition", f"fires (wish-condition): '{spelled(phrase)}' — {why}", main.i if main else None
    )


def _infinitive_read_as_preposition(child: Token, phrase: Sequence[Token]) -> bool:
    """r38a: 'in `config.ts` if you want to tweak feel' — the model may read the infinitive's 'to' as a preposition
    and its verb as a noun; a 'to' with an object after the wish still names what the reader wants to do, so the wish
    is not left open ('… if you want to.' has no object: the open wish)."""
    return child.dep_ == "prep" and child.lower_ == "to" and child.i == phrase[-1].i + 1 and any(
        c.dep_ == "pobj" for c in child.children
    )


def _points_back(wanted: Sequence[Token], wish: Token) -> bool:
    """r38a: what is wished, after the clause it closes, is only a pronoun pointing back at what that clause offers
    ('…, if you'd like it there too', as the lexicon's 'if you want it'; r39g: or an indefinite pro-form, '… if you
    want one'), with no words of its own and nothing after
    the wish but adverbs ('there', 'too'): the wish names nothing new."""
    if len(wanted) != 1 or wanted[0].dep_ != "dobj" or wanted[0].lower_ not in POINTERS or list(wanted[0].children):
        return False
    return all(c.dep_ in ("advmod", "punct") for c in wish.children if c.i > wanted[0].i)


def _instructed(verb: Token) -> bool:
    """r39g: the clause the wish closes is an instruction to the reader — an imperative, a base verb heading its
    sentence or joined to one, with no subject and no auxiliary ('Grab a key from the vault if you want one'): a
    pointer wished after it is the reader's own use, not the agent's offer."""
    return (
        verb.tag_ == "VB"
        and verb.dep_ in ("ROOT", "conj")
        and subject_of(verb) is None
        and not any(c.dep_ in ("aux", "auxpass") for c in verb.children)
    )


def _named_doer(verb: Token) -> bool:
    """The clause the wish closes is someone else's act: its subject, or the subject of the clause it completes, is a
    name or a noun ('Priya is happy to add the smoke test if you want one'), neither the agent nor a pro-form."""
    node = verb
    while node.dep_ in ("xcomp", "acomp") and node.head.i != node.i:
        node = node.head
    subject = subject_of(node)
    return subject is not None and subject.pos_ in ("PROPN", "NOUN")


def passive_offer(main: Token) -> str | None:
    """r38a: the clause the wish governs offers new work in the passive with no doer named — a verb of new work
    (terms [bonus-offer] passive_work) under a passive auxiliary and a modal of possibility (passive_modals), no 'by'
    agent: 'that can be added', 'it could be wired in'. The reader's own use in the passive ('the port can be changed
    in config.yaml') is no verb of new work. The words of the offer, or None."""
    if main.lemma_.lower() not in PASSIVE_WORK or main.tag_ != "VBN":
        return None
    if not any(c.dep_ == "auxpass" for c in main.children) or any(c.dep_ == "agent" for c in main.children):
        return None
    modal = next((c for c in main.children if c.dep_ == "aux" and c.lower_ in PASSIVE_MODALS), None)
    if modal is None:
        return None
    return " ".join(t.text for t in main.doc[modal.i : main.i + 1])


def _run_handed_over(wish: Token) -> bool:
    """r39a (docs/DESIGN.md#construction-classes, the reader's environment): the wish conditions the reader's own
    imperative (no subject of its own) — one that grants what only the person can ('If you want me to retry the fetch,
    enable network access and I'll re-run it'), or one after the message reported the agent's run blocked where it
    runs, the wish being for a run again ('… sandbox write restrictions. If you want me to run it here, say "retry with
    escalated permissions"'; analyzer/grammar/grants.blocked_run): the run is the person's to unblock, no offer."""
    main = wish.head
    if main.i == wish.i or subject_of(main) is not None or main.tag_ not in ("VB", "VBP"):
        return False
    if _grant_told(main):
        return True
    wished = [t for t in wish.subtree if t.pos_ == "VERB" and t.i != wish.i]
    if wished and not any(t.lemma_.lower() in RERUNNING for t in wished):
        return False  # 'If you want me to add tests, say so': no run the block held back
    end = main.sent.end_char
    source = main.doc.user_data.get(SOURCE_KEY)
    return blocked_run(main.doc, source[1][end - 1] + 1 if source is not None and end else end) is not None


def _grant_told(main: Token) -> bool:
    """r38f (docs/DESIGN.md#construction-classes): the clause the wish governs tells the reader, with no subject of its
    own, to grant what only the person can (analyzer/grammar/grants.py: the agent's harness mode or a permission; the
    person's own data) — its own words, the agent's act joined to it after 'and' left out: the wish conditions the
    person's act, the agent's act waits on it. r41d: an instruction (a bare base form, no auxiliary) is read by the
    one person's-side reading ('click Allow in the browser prompt'); a clause with its subject left out ('Would be no
    trouble to add it to the settings form') is the agent's offer, read for a grant only."""
    joined = {t.i for c in main.children if c.dep_ == "conj" for t in c.subtree}
    words = [t for t in main.subtree if t.i not in joined]
    told = main.tag_ == "VB" and not any(c.dep_ in ("aux", "auxpass") for c in main.children)
    return (environment_word(words) if told else granted_word(words)) is not None


def _going_on(wanted: Sequence[Token]) -> Token | None:
    """r29c: the wish is to go on — 'to proceed (with changes)', 'to continue with the migration', 'to go ahead', 'to
    move forward with option B' — with no act of the reader's own named after it ('to continue reading'). The verb of
    going on, or None."""
    for verb in (c for c in wanted if c.dep_ in ("xcomp", "ccomp") and c.pos_ in ("VERB", "AUX")):
        lemma = verb.lemma_.lower()
        if lemma not in GOING_ON:
            continue
        particles = {c.lower_ for c in verb.children if c.dep_ in ("prt", "advmod", "acomp", "xcomp")}
        if lemma in GOING_ON_WITH and not particles & GOING_ON_WITH[lemma]:
            continue  # 'to go home', 'to keep the default': no going on
        if any(c.dep_ in ("xcomp", "ccomp", "dobj") and c.lower_ not in ("going",) for c in verb.children):
            continue  # 'to continue reading': the reader's own act goes on
        return verb
    return None


def invited_to_ask(main: Token, condition: Token) -> Token | None:
    """r29c: the clause a condition on the reader's wish governs invites the reader to ask or tell the agent — an
    imperative (or 'you can …') of a verb of telling with the agent as object ('tell me which one'), 'let me know …',
    or asking with nothing after it but the agent ('just ask', 'ask away', 'say the word'), maybe wrapped ('feel free
    to ask'). The verb, or None: an instruction of the reader's own work ('see docs/design.md', 'ask Dana for access',
    'ask in #infra') invites nothing, a request to be contacted ('ping me …') is the contact closer's, and a wish hung
    after a bare verb of saying ('Say if you want this committed.') is what the reader is to say — the word-before-act
    row's request for the reader's word, not a condition."""
    verb = main
    if verb.lemma_.lower() in WRAPPERS:  # 'feel free to ask': free -acomp-> feel, ask -xcomp-> free
        inner = [c for t in (verb, *verb.children) for c in t.children if c.dep_ == "xcomp" and c.pos_ == "VERB"]
        if not inner:
            return None
        verb = inner[0]
    subject = subject_of(verb)
    lemma = verb.lemma_.lower()
    if subject is not None and subject.lower_ != "you" and not (lemma in SPECIFYING and subject.i > verb.i):
        return None
    objects = [c for c in verb.children if c.dep_ in ("dobj", "dative", "iobj")]
    to_agent = any(c.lower_ in AGENT_SUBJECTS for c in objects)
    if lemma == "let":
        known = [c for c in verb.children if c.dep_ in ("ccomp", "xcomp") and c.lemma_.lower() == "know"]
        told = any(subject_of(k) is not None and subject_of(k).lower_ in AGENT_SUBJECTS for k in known) or to_agent
        return verb if known and told else None
    if lemma in ASKING_ALONE:  # 'just ask', 'ask away', 'ask me'; not 'ask Dana', 'ask in #infra'
        if condition.i > verb.i:  # 'Say if you want this committed.': the wish is what is said (word-before-act's)
            return None
        bare = ("advmod", "prt", "aux", "neg", "punct", "advcl", "cc", "conj", "nsubj", "npadvmod", "intj")
        others = [c for c in verb.children
                  if c.dep_ not in bare and c.i != condition.i and c.lower_ not in AGENT_SUBJECTS | SAID
                  and not _beside_invitation(verb, c)]
        if not others:
            return verb
    if lemma in SPECIFYING and condition.i < verb.i and _specifies(verb):
        return verb
    return verb if lemma in TELLING and to_agent else None


def _past_parenthesis(main: Token) -> Token:
    """r38j: 'If you want a different scaffold (e.g., include icons), tell me the structure' — the model may make the
    verb inside a parenthesis after the wish the head of the sentence and the clause after it its conjunct; the clause
    the wish governs is the first verb after the parenthesis closes."""
    if not any(c.text == "(" and c.i < main.i for c in main.children):
        return main
    closing = next((t for t in main.subtree if t.text == ")" and t.i > main.i), None)  # hung on any word inside
    if closing is None:
        return main
    after = next((c for c in main.children if c.dep_ == "conj" and c.pos_ == "VERB" and c.i > closing.i), None)
    return after if after is not None else main


def _specifies(verb: Token) -> bool:
    """r38j: 'say the exact shape', 'describe the layout and I'll redo it' — the reader asked to specify what is
    wished, a noun as the object and no one else or nowhere else named: the agent, the only one addressed, is told. A
    recipient or a place ('describe it to Dana', 'describe it in the README') makes it the reader's own act."""
    if not any(c.dep_ in ("dobj", *SUBJECT_DEPS) and c.i > verb.i and c.pos_ in ("NOUN", "PROPN", "PRON")
               for c in verb.children):  # fmt: skip
        return False  # the model may read the object of an imperative 'say' as its subject: 'say the exact shape'

    others = [c for c in verb.children if c.dep_ in ("dative", "prep", "iobj")]
    return all(any(p.lower_ in AGENT_SUBJECTS for p in (c, *c.children)) for c in others)


def next_step(main: Token) -> tuple[Token, Token] | None:
    """r38j: the clause the wish governs names the next work impersonally — a noun of a next step (terms
    [wish-invitation] next_steps) as the subject of 'be' with an infinitive ('the next step is to rerun the batch',
    'the best move would be to retry'), no doer named ('for you to run it', '… yourself' are the reader's). The noun
    and the act, or None."""
    if main.lemma_.lower() != "be":
        return None
    noun = next((c for c in main.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if noun is None or noun.lemma_.lower() not in NEXT_STEPS:
        return None
    act = next((c for c in main.children if c.dep_ in ("xcomp", "attr", "ccomp", "advcl") and c.pos_ == "VERB"
                and any(a.dep_ == "aux" and a.lower_ == "to" for a in c.children)), None)  # fmt: skip
    if act is None or any(c.dep_ in SUBJECT_DEPS for c in act.children):
        return None
    if any(t.lower_ in READER and (t.dep_ in SUBJECT_DEPS or t.lower_.endswith("self")) for t in act.subtree):
        return None  # '… is to raise the count yourself': the reader named as the doer
    return noun, act


def _beside_invitation(verb: Token, clause: Token) -> bool:
    """r38a: a clause the model hangs on the invitation that is not what the reader is to say — the agent's own act
    joined to it ('say so and we can layer blur …', read as a complement) or a clause after a ';' (another
    sentence's: '…; for Cursor, `.mdc` is the right shape')."""
    if across_semicolon(verb, clause):
        return True
    subject = subject_of(clause)
    return clause.dep_ in ("ccomp", "conj") and subject is not None and subject.lower_ in AGENT_SUBJECTS


def _invitation_text(verb: Token) -> str:
    """'let me know', 'tell me', 'just ask': the verb of the invitation with the agent it names."""
    if verb.lemma_.lower() == "let":
        return f"{verb.text} me know"
    agent = next((c for c in verb.children if c.lower_ in AGENT_SUBJECTS and c.i > verb.i), None)
    return f"{verb.text} {agent.text}" if agent is not None else verb.text


def offered_by_agent(main: Token) -> bool:
    """r29c: the main clause of a condition on the reader's wish is the agent's offer — the agent as subject with a
    modal of offering ('If you want it gone, I can move them'), or the agent's willingness ('happy to …'); not in
    reported speech ('You said that if you want it gone I can …')."""
    if _reported(main):
        return False
    subject = subject_of(main)
    modal = any(c.dep_ == "aux" and c.lower_.replace("’", "'") in OFFER_MODALS for c in main.children)
    return (subject is not None and subject.lower_ in AGENT_SUBJECTS and modal) or (
        main.lower_ in ("happy", "glad") and subject is None
    )


def _wish_word(phrase: Sequence[Token]) -> Token:
    return next((t for t in phrase if t.lemma_.lower() in _WISH_LEMMAS), phrase[-1])


def _contact_relative(want: Token) -> bool:
    """'the file you want me to rename': a relative clause without 'that' — the reader's wish follows a noun
    directly and its infinitive lacks the object the noun supplies (the model reads 'want' as a ccomp, not a relcl).
    """
    subject = subject_of(want)
    if subject is None or subject.lower_ != "you" or subject.i != want.i - 1 or subject.i == 0:
        return False
    noun = want.doc[subject.i - 1]
    if noun.pos_ not in ("NOUN", "PROPN") or noun.tag_ in ("WP", "WDT"):
        return False
    action = next((c for c in want.children if c.dep_ in ("xcomp", "ccomp") and c.i > want.i), None)
    return action is not None and not any(c.dep_ in ("dobj", "attr") for c in action.children)


def _reported(want: Token) -> bool:
    """'as you said, you want me to …' / 'you said you want me to …': a reporting verb with the reader
    as its subject governs the wish or is attached to it."""
    related = [*want.ancestors, *(c for c in want.children if c.dep_ in ("advcl", "parataxis"))]
    for verb in related:
        subject = subject_of(verb)
        if (
            verb.lemma_.lower() in SPEECH_VERBS
            and subject is not None
            and subject.lower_ in ("you", "he", "she", "they")
        ):
            return True
    return False


def _asks(want: Token) -> bool:
    """The wish is asked about: its sentence ends with a question mark."""
    for token in want.doc[want.i + 1 : want.sent.end]:
        if token.text in ("?",):
            return True
        if token.text in (".", "!", ";"):
            return False
    return False


def _agent_subject(verb: Token) -> bool:
    """The verb, or the verb it serves as an auxiliary complement of, has the agent as its subject."""
    for node in (verb, *(c for c in verb.children if c.dep_ in ("xcomp", "conj"))):
        subject = next((c for c in node.children if c.dep_ in SUBJECT_DEPS), None)
        if subject is not None and subject.lower_ in AGENT_SUBJECTS:
            return True
    if verb.lower_ in ("happy", "glad") or (verb.pos_ == "ADJ" and subject_of(verb) is None):
        return True
    # r39d: the act a word of willingness carries ('Happy to add a test as well if you want one'), its subject left
    # out or the agent
    willing = verb.head if verb.dep_ == "xcomp" else None
    if willing is None or willing.lower_ not in WILLING or willing.pos_ != "ADJ":
        return False
    subject = predicate_subject(willing)
    return subject is None or subject.lower_ in AGENT_SUBJECTS


def _head(token: Token) -> int | None:
    return token.head.i if token.head.i != token.i else None
