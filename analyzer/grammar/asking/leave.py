"""Permission in every form (docs/DESIGN.md#construction-classes): a question whose leave predicate — a word that grants
leave ('okay', 'fine'), minding, a noun of leave ('objection', 'permission'), or 'may I' — governs the agent's own
act."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzer.grammar.closing_questions import Asked, _judged, _more_or_enough
from analyzer.grammar.judgement import Judgement, carved, gated, text_of
from analyzer.grammar.registry import rule
from analyzer.grammar.work import work_of_stretch
from analyzer.parse.tokens import SUBJECT_DEPS, bounds, hyphen_compound, is_copula, subject_of
from analyzer.terms import terms
from analyzer.text.questions import QUESTION

if TYPE_CHECKING:
    from spacy.tokens import Token

AGENT = terms("register", "agent_subjects")
ACCEPTABLE = terms("asking", "acceptable")
READINESS = terms("asking", "readiness")
LEAVE_NOUNS = terms("asking", "leave_nouns") | terms("leave-held", "nouns")
SIGNALS = terms("leave-held", "signals")
SIGNAL_COLOURS = terms("leave-held", "signal_colours")
LEAVE_ABOUT = terms("leave-held", "about")
LEAVE_LIKING = terms("leave-held", "liking")
MINDING = terms("asking", "minding")
DUTY_MODALS = terms("leave-held", "modals")
LEAVE_MODALS = terms("asking", "leave_modals") | DUTY_MODALS
ABILITY_MODALS = terms("asking", "ability_modals")
ABILITY_FACTS = terms("asking", "ability_facts")
PURPOSE_MARKS = terms("asking", "purpose_marks")
ASKING_VERBS = terms("asking", "asking_verbs")
LEAVE_SUBJECTS = terms("asking", "leave_subjects")
CONTENTED = terms("asking", "contented")
# The clauses under a leave word that hold the act: 'if I drop …' (advcl), 'to tidy …' (xcomp), 'to update …' (acl).
ACT_DEPS = frozenset({"advcl", "ccomp", "xcomp", "acl", "relcl", "pcomp"})


@rule("leave-question")
def leave_question(asked: Asked) -> Judgement | None:
    """The act is found under the leave word (or the copula or verb it hangs on) with the agent, or no one, as its
    subject; 'can I' asks leave only with a lead-in ('go ahead and …'): without one it asks what is possible."""
    if asked.site.kind != QUESTION or _more_or_enough(asked) is not None:
        return None  # r35c: 'Same treatment for the CLI, or is this fine as is?' is the choice about scope
    found = _leave_and_act(asked)
    if found is None:
        return None
    leave, act = found
    if any(m.dep_ == "mark" and m.lower_ == "that" for m in act.children):
        return carved("leave-question", f"'{leave.text}' is asked of a state ('{act.text}'), not of the agent's act")
    lemma = act.lemma_.lower()
    if lemma in asked.lexicon.fact_verbs or lemma in ASKING_VERBS:
        return carved("leave-question", f"'{act.text}' asks for information, not leave to act")
    left_out = {leave.i, *(c.i for c in act.children if _frame(c, act)), *_circumstances(act)}
    why = f"asks the reader's leave ('{leave.text}') for the agent's '{act.text}'"
    judged = _judged(asked, "leave-question", why, [act], exclude=frozenset(left_out))
    stretch = _stretch(act, left_out)
    if judged.verdict == "fire" and not {t.i for t in stretch} <= {t.i for t in act.subtree}:
        # The model hung words of the act on the clause above ('rotate the API token', 'token' read as a verb):
        # the act is what the agent wrote after it, to the question mark.
        work = work_of_stretch(stretch, asked.lexicon)
        if work.human_only:
            span = bounds(stretch)
            reason = f"exempt (leave-question): '{text_of(act, span)}' {why}, and that is {work.describe()}"
            return gated("exempt", "leave-question", reason, act.i, span, work.domains)
    return judged


def _stretch(act: Token, left_out: set[int]) -> list[Token]:
    """The words from the act to the end of its question, without what is left out and punctuation."""
    end = next((t.i for t in act.doc[act.i :] if t.text in ("?", ";")), len(act.doc))
    start = min(act.left_edge.i, act.i)  # 'force-push': the hyphen compound's first part
    return [t for t in act.doc[start:end] if t.i not in left_out and not t.is_punct]


def _leave_and_act(asked: Asked) -> tuple[Token, Token] | None:
    """The first leave word and the act it grants; 'can'/'could' only when no other leave word follows (r38e: 'Can I
    take the liberty of upgrading the runner?' asks by 'liberty')."""
    ability: tuple[Token, Token] | None = None
    for token in asked.tokens:
        word = (hyphen_compound(token) or token.lower_).lower()
        noun_of_leave = (word in LEAVE_NOUNS or _signal(token)) and token.pos_ in ("NOUN", "PROPN", "INTJ", "ADJ")
        if token.lower_ in ACCEPTABLE | CONTENTED:
            act = _granted_act(token, named_only=token.lower_ in READINESS | CONTENTED)
            if act is None and noun_of_leave and token.dep_ == "dobj":
                act = _act_of_holder(token)  # issue 28 phase 6: 'Have I got your OK to split the module?'
        elif token.lemma_.lower() in MINDING | LEAVE_LIKING and token.pos_ == "VERB":
            act = _granted_act(token, named_only=True)
        elif noun_of_leave:
            act = _granted_act(token, named_only=False) or _act_of_holder(token) or _leave_about(token)
        elif token.lower_ in ABILITY_MODALS and token.dep_ == "aux":
            act = _modal_act(token, asked)
            ability = ability or ((token, act) if act is not None else None)
            continue
        elif token.lower_ in LEAVE_MODALS and token.dep_ == "aux":
            act = _modal_act(token, asked)
        elif token.lower_ in DUTY_MODALS and subject_of(token) is not None and subject_of(token).lower_ in AGENT:
            # issue 28 phase 6: 'Reckon I ought to tackle the flaky tests next?' — the model made 'ought' the verb
            act = next((c for c in token.children if c.dep_ == "xcomp" and c.pos_ == "VERB"), None)
        else:
            continue
        if act is not None:
            return token, act
    return ability


def _granted_act(leave: Token, *, named_only: bool) -> Token | None:
    """The agent's own act under a leave word: 'Okay if I drop …' (if I), 'Is it fine for me to bump …' (for me to),
    'Would it be alright to tidy …' (to), 'Any objection to me rewriting …' (to me -ing), 'You good with me porting
    …?' (with me -ing). named_only: the agent must be named ('if I', 'for me', 'me -ing'), as a readiness word
    without it asks readiness ('Good to go?')."""
    holders = [leave]
    if leave.dep_ == "intj" and leave.head.i != leave.i:
        if _for_the_agent_to(leave.head, leave):
            return leave.head  # r28j: 'Alright for me to start on …?': the model made the act the root
        holders.append(leave.head)  # 'Okay if I merge #812 now that it's approved?': the model hung both on 'approved'
    if leave.dep_ in ("acomp", "attr", "amod", "oprd") and leave.head.i != leave.i:
        holder = leave.head
        subject = subject_of(holder) if is_copula(holder) else None
        if subject is not None and subject.lower_ not in LEAVE_SUBJECTS:
            return None  # 'Is the build okay to ship?': the fitness of a thing, a fact
        holders.append(holder)
        if leave.dep_ == "amod" and holder.dep_ in SUBJECT_DEPS and holder.lower_ in LEAVE_SUBJECTS and is_copula(
            holder.head
        ):
            holders.append(holder.head)  # r35c: 'is everyone happy for me to …?': the word read on its subject
    for holder in holders:
        marked = _marked_infinitive(holder, leave)
        if marked is not None and not named_only:
            return marked
        for clause in holder.children:
            if clause.dep_ in ACT_DEPS and clause.pos_ in ("VERB", "AUX"):
                subject = subject_of(clause)
                if subject is not None and subject.lower_ in AGENT:
                    return clause
                if subject is not None and any(m.lower_ == "that" and m.dep_ == "mark" for m in clause.children):
                    return clause  # 'Is it okay that the cache is cold …?': a state, carved by the rule
                if subject is None and not named_only and clause.i > leave.i:
                    return clause
            if clause.dep_ in ("prep", "dobj") and clause.i > leave.i:
                act = _agent_gerund(clause)
                if act is not None:
                    return act
                if not named_only:  # 'Any objections to merging #12?': the gerund after the preposition
                    act = next((c for c in clause.children if c.dep_ == "pcomp" and c.tag_ == "VBG"), None)
                    if act is not None:
                        return act
    return None


def _for_the_agent_to(verb: Token, leave: Token) -> bool:
    """r28j: 'Alright for me to start …?', 'Okay for us to move on …?': an infinitive after the leave word, marked
    'for' with the agent as its subject, on which the model hung the leave word."""
    subject = subject_of(verb)
    return (
        verb.i > leave.i
        and verb.pos_ in ("VERB", "AUX")
        and subject is not None
        and subject.lower_ in AGENT
        and any(c.dep_ == "mark" and c.lower_ == "for" for c in verb.children)
        and any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children)
    )


def _marked_infinitive(holder: Token, leave: Token) -> Token | None:
    """'Is it fine for me to tag v2.1?': the model may tag the infinitive's verb a noun ('tag' as a compound); a
    word after the leave word that takes 'to' as its auxiliary is the act all the same."""
    for token in holder.doc[leave.i + 1 : holder.sent.end]:
        marker = next((c for c in token.children if c.dep_ == "aux" and c.lower_ == "to"), None)
        if marker is not None and token.pos_ in ("VERB", "AUX"):
            break  # 'Would it be alright to publish v1.3.0 to npm?': the act is the first infinitive, not 'to npm'
        if marker is not None:
            return token
    # 'Would it be alright to force-push over …?': the model read 'to' as a preposition and the verb as its bare noun
    after = holder.doc[leave.i + 1] if leave.i + 1 < len(holder.doc) else None
    if after is not None and after.lower_ == "to" and after.dep_ == "prep":
        bare = [g for g in after.children if g.dep_ == "pobj" and not any(c.dep_ == "det" for c in g.children)]
        if bare and hyphen_compound(bare[0]):
            return bare[0]
    return None


def _agent_gerund(node: Token) -> Token | None:
    """'with me porting the fix', 'to me rewriting the loader', 'me dropping the shim': the agent named before a
    gerund — the model hangs the gerund on the agent, on the preposition or on the clause above."""
    agent = node if node.lower_ in AGENT else next((c for c in node.children if c.lower_ in AGENT), None)
    if agent is None:
        # 'You good with me removing …?': the model made the agent the subject of the gerund after the preposition
        return next(
            (c for c in node.children if c.dep_ == "pcomp" and c.tag_ == "VBG" and _agent_subject(c)), None
        )
    near = [*agent.children, *node.children, *agent.head.children, *agent.head.head.children]
    after = [t for t in near if t.tag_ == "VBG" and t.i > agent.i]
    if after:
        return min(after, key=lambda t: t.i)
    following = agent.doc[agent.i + 1] if agent.i + 1 < len(agent.doc) else None
    return following if following is not None and following.tag_ == "VBG" else None


def _agent_subject(verb: Token) -> bool:
    return any(c.dep_ in SUBJECT_DEPS and c.lower_ in AGENT for c in verb.children)


def _signal(token: Token) -> bool:
    """Issue 28 phase 6: 'the green light': a signal noun is leave with its colour."""
    return token.lower_ in SIGNALS and any(c.dep_ == "amod" and c.lower_ in SIGNAL_COLOURS for c in token.children)


def _leave_about(noun: Token) -> Token | None:
    """Issue 28 phase 6: 'Do I have a green light on the parser rewrite?': with no act after it, the noun of leave
    held by the agent names what it is for in its 'on' or 'for'; that noun of work is the act."""
    holder = noun.head
    subject = subject_of(holder) if noun.dep_ == "dobj" else None
    if subject is None or subject.lower_ not in AGENT:
        return None
    return next((g for c in noun.children if c.dep_ == "prep" and c.lower_ in LEAVE_ABOUT
                 for g in c.children if g.dep_ == "pobj" and g.pos_ in ("NOUN", "PROPN")), None)  # fmt: skip


def _act_of_holder(noun: Token) -> Token | None:
    """'Do I have your go-ahead to refactor the store?': the act hangs on the verb that holds the noun of leave."""
    holder = noun.head
    # issue 28 phase 6: 'Do I have the green light to move the ETL jobs …?' — the model made the noun the subject of
    # the infinitive it licenses
    infinitive = holder.pos_ == "VERB" and any(c.dep_ == "aux" and c.lower_ == "to" for c in holder.children)
    if noun.dep_ == "nsubj" and holder.dep_ in ("ccomp", "xcomp") and holder.i > noun.i and infinitive:
        return holder
    if noun.dep_ not in ("dobj", "attr") or holder.i == noun.i:
        return None
    acts = [c for c in holder.children if c.dep_ in ("advcl", "xcomp") and c.pos_ == "VERB" and c.i > noun.i]
    return acts[0] if acts else None


def _modal_act(modal: Token, asked: Asked) -> Token | None:
    """'May I proceed with the migration?': the modal's verb with the agent as its subject; 'Can I go ahead and
    refactor the loader?': with 'can' or 'could' only after a lead-in, and the act is the verb coordinated after it."""
    verb = modal.head
    subject = subject_of(verb)
    if subject is None or subject.lower_ not in AGENT or verb.pos_ not in ("VERB", "AUX"):
        return None
    if modal.lower_ in LEAVE_MODALS:
        return verb
    particles = [c.lower_ for c in verb.children if c.dep_ in ("advmod", "prt") and c.i > verb.i]
    lead_ins = asked.lexicon.lead_ins
    if " ".join([verb.lower_, *particles]) not in lead_ins and verb.lemma_.lower() not in lead_ins:
        return verb if _ability_asks_leave(modal, verb, asked) else None
    joined = [c for c in verb.children if c.dep_ == "conj" and c.pos_ == "VERB"]
    return joined[0] if joined else verb


def _ability_asks_leave(modal: Token, verb: Token, asked: Asked) -> bool:
    """r38e (docs/DESIGN.md#construction-classes): 'Can I add early stopping?', 'I could also hook it into background
    fetch?' — 'can'/'could' with the agent's work asks leave in a yes/no question; it asks what is possible with a
    wh-word ('How can I run it?'), a perfect ('Could I have broken it?'), a negation, or a verb of perceiving, knowing,
    getting or reaching ('Can I see the logs?', 'Can I get access to staging?')."""
    if verb.lemma_.lower() in ABILITY_FACTS or verb.pos_ != "VERB":
        return False
    if any(c.dep_ == "neg" or (c.dep_ == "aux" and c.lemma_ == "have") for c in verb.children):
        return False
    if any(t.tag_ in ("WDT", "WP", "WP$", "WRB") for t in asked.tokens if t.i < modal.i or t.head.i == verb.i):
        return False
    subject = subject_of(verb)
    if subject is not None and any(c.lower_ in PURPOSE_MARKS and c.i < subject.i for c in verb.children):
        return False  # r41d: '… into the chat so I can match it': the purpose of the reader's act, no leave asked
    if subject is not None and subject.i < modal.i:
        # the statement's order ('I could also hook it into background fetch?'): the question mark asks of it only when
        # it is the question's root and no clause of its own follows ('I could cut it next — would that help?' asks
        # the benefit)
        later = [c for c in verb.children if c.dep_ in ("parataxis", "ccomp", "conj", "advcl") and c.i > verb.i]
        return verb.i == asked.root.i and not any(subject_of(c) is not None for c in later)
    return True


def _frame(child: Token, act: Token) -> bool:
    """The act's own frame, left out of what is judged: its subject, auxiliaries and marker ('if I', 'for me to')."""
    return child.dep_ in (*SUBJECT_DEPS, "aux", "auxpass", "mark") or child.lower_ in AGENT


def _circumstances(act: Token) -> list[int]:
    """A clause after the act, opened by a subordinator, whose subject is not the agent ('… now that it's approved'):
    it says when or why, not what leave is asked for."""
    left = []
    for clause in act.children:
        if clause.dep_ not in ("advcl", "ccomp") or clause.i < act.i:
            continue
        subject = subject_of(clause)
        marked = any(c.dep_ == "mark" for c in clause.children)
        if marked and not (subject is not None and subject.lower_ in AGENT):
            left.extend(t.i for t in clause.subtree)
    return left
