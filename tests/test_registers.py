"""The register-family gates of docs/DESIGN.md#phrase-families (revision 2): each rule on hand-built parses, then
model-backed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from analyzer import analyze
from analyzer.grammar.judgement import Judgement
from analyzer.grammar.register.choices import choice_question
from analyzer.grammar.register.context import Context, answered
from analyzer.grammar.register.offers import want_me_to, wish_condition
from analyzer.grammar.register.permission import permission_question
from analyzer.grammar.register.standing_by import standing_by
from analyzer.lexicon import default_lexicon
from tests.parse_tables import GateCase, case_id

if TYPE_CHECKING:
    pass

LEX = default_lexicon()
NO_ANSWER = Context("")

# "Renamed the file you want me to rename." — en_core_web_sm makes 'want' a ccomp, not a relcl.
CONTACT_RELATIVE = """
Renamed rename VERB VBD ROOT -1
the the DET DT det 2
file file NOUN NN dobj 0
you you PRON PRP nsubj 4
want want VERB VBP ccomp 0
me I PRON PRP nsubj 7
to to PART TO aux 7
rename rename VERB VB ccomp 4
~. . PUNCT . punct 0
"""

# "Want me to rebase the branch?"
WANT_ME_TO_QUESTION = """
Want want VERB VB ROOT -1
me I PRON PRP nsubj 3
to to PART TO aux 3
rebase rebase VERB VB xcomp 0
the the DET DT det 5
branch branch NOUN NN dobj 3
~? ? PUNCT . punct 0
"""

# "You want me to keep the parser lane."
DECLARED_WISH = """
You you PRON PRP nsubj 1
want want VERB VBP ROOT -1
me I PRON PRP nsubj 4
to to PART TO aux 4
keep keep VERB VB xcomp 1
the the DET DT det 7
parser parser NOUN NN compound 7
lane lane NOUN NN dobj 4
~. . PUNCT . punct 1
"""

# "If you want, I can rerun it."
WISH_AGENT = """
If if SCONJ IN mark 2
you you PRON PRP nsubj 2
want want VERB VBP advcl 6
~, , PUNCT , punct 6
I I PRON PRP nsubj 6
can can AUX MD aux 6
rerun rerun VERB VB ROOT -1
it it PRON PRP dobj 6
~. . PUNCT . punct 6
"""

# "Use verbose if you want more logs."
WISH_TECHNICAL = """
Use use VERB VB ROOT -1
verbose verbose ADJ JJ dobj 0
if if SCONJ IN mark 4
you you PRON PRP nsubj 4
want want VERB VBP advcl 0
more more ADJ JJR amod 6
logs log NOUN NNS dobj 4
~. . PUNCT . punct 0
"""

# "Would you like to merge it or hold?"
CHOICE_HUMAN = """
Would would AUX MD aux 2
you you PRON PRP nsubj 2
like like VERB VB ROOT -1
to to PART TO aux 4
merge merge VERB VB xcomp 2
it it PRON PRP dobj 4
or or CCONJ CC cc 4
hold hold VERB VB conj 4
~? ? PUNCT . punct 2
"""

# "Would you like to refactor the parser?"
CHOICE_AGENT = """
Would would AUX MD aux 2
you you PRON PRP nsubj 2
like like VERB VB ROOT -1
to to PART TO aux 4
refactor refactor VERB VB xcomp 2
the the DET DT det 6
parser parser NOUN NN dobj 4
~? ? PUNCT . punct 2
"""

# "Do you want the logs attached?"
CHOICE_PARTICIPLE = """
Do do AUX VBP aux 2
you you PRON PRP nsubj 2
want want VERB VB ROOT -1
the the DET DT det 4
logs log NOUN NNS nsubj 5
attached attach VERB VBN ccomp 2
~? ? PUNCT . punct 2
"""

# "Should I proceed?"
PERMISSION = """
Should should AUX MD aux 2
I I PRON PRP nsubj 2
proceed proceed VERB VB ROOT -1
~? ? PUNCT . punct 2
"""

# "Ready for Phase 4 whenever you want."
READY_WHENEVER = """
Ready ready ADJ JJ ROOT -1
for for ADP IN prep 0
Phase phase PROPN NNP pobj 1
4 4 NUM CD nummod 2
whenever whenever SCONJ WRB advmod 6
you you PRON PRP nsubj 6
want want VERB VBP advcl 0
~. . PUNCT . punct 0
"""

# "Tag the release whenever you want."
TAG_WHENEVER = """
Tag tag VERB VB ROOT -1
the the DET DT det 2
release release NOUN NN dobj 0
whenever whenever SCONJ WRB advmod 5
you you PRON PRP nsubj 5
want want VERB VBP advcl 0
~. . PUNCT . punct 0
"""

# "Happy to adjust — just let me know."
CLOSER = """
Happy happy ADJ JJ ROOT -1
to to PART TO aux 2
adjust adjust VERB VB xcomp 0
— — PUNCT : punct 0
just just ADV RB advmod 5
let let VERB VB parataxis 0
me I PRON PRP nsubj 7
know know VERB VB ccomp 5
~. . PUNCT . punct 0
"""

# "Let me know what CI says."
KNOW_A_FACT = """
Let let VERB VB ROOT -1
me I PRON PRP nsubj 2
know know VERB VB ccomp 0
what what PRON WP dobj 5
CI CI PROPN NNP nsubj 5
says say VERB VBZ ccomp 2
~. . PUNCT . punct 0
"""


PERMISSION_FIRES = "fires (permission-question): 'Should I' asks leave for 'proceed' and leaves it unanswered"
GATE_CASES = [
    GateCase("want me to fires on the elliptical question", want_me_to, WANT_ME_TO_QUESTION, ("want", "me", "to"),
             Judgement("fire", "none", "want-me-to",
                       "fires (want-me-to): 'want me to' proposes to act and waits for permission", None)),
    GateCase("want me to in a contact relative clause is no offer", want_me_to, CONTACT_RELATIVE,
             ("want", "me", "to"), None),
    GateCase("want me to declaring the reader's wish is no offer", want_me_to, DECLARED_WISH, ("want", "me", "to"),
             None),
    GateCase("a wish condition over the agent's action fires", wish_condition, WISH_AGENT, ("if", "you", "want"),
             {"verdict": "fire", "rule": "wish-condition", "governor": 6,
              "reason": "fires (wish-condition): 'If you want' — the wish governs the agent's own 'rerun'"}),
    GateCase("a wish condition in a technical conditional is no offer", wish_condition, WISH_TECHNICAL,
             ("if", "you", "want"), None),
    GateCase("a choice question over human-only work is exempt", choice_question, CHOICE_HUMAN,
             ("would", "you", "like"),
             {"verdict": "exempt", "attachment": (4, 7), "domains": ("merge",),
              "reason": "exempt (choice-question): the choice offered, 'merge it or hold', is human-only work "
                        "(merge)"}),
    GateCase("a choice question over agent work fires", choice_question, CHOICE_AGENT, ("would", "you", "like"),
             {"verdict": "fire", "reason": "fires (choice-question): the choice offered, 'refactor the parser', names "
                                           "work the agent owns ('refactor', 'parser')"}),
    GateCase("a choice question answered in the text is no register", choice_question, CHOICE_AGENT,
             ("would", "you", "like"), None, following="no — correctness first"),
    GateCase("a choice question with a participle complement offers what to do", choice_question, CHOICE_PARTICIPLE,
             ("do", "you", "want"), {"verdict": "fire", "governor": 5}, reason_has=("what to do ('attached')",)),
    GateCase("a choice question needs a question mark", choice_question,
             CHOICE_AGENT.replace("~? ? PUNCT . punct 2", "~. . PUNCT . punct 2"), ("would", "you", "like"), None),
    GateCase("a permission question left unanswered fires", permission_question, PERMISSION, ("should", "i"),
             {"verdict": "fire", "rule": "permission-question", "governor": 2, "reason": PERMISSION_FIRES}),
    GateCase("a permission question answered in the text is no register", permission_question, PERMISSION,
             ("should", "i"), None, following="yes — proceeding now"),
    GateCase("a permission question about a fact is no register", permission_question,
             PERMISSION.replace("proceed proceed", "expect expect"), ("should", "i"), None),
    GateCase("standing by fires on a wait", standing_by, READY_WHENEVER, ("whenever", "you", "want"),
             {"verdict": "fire", "rule": "standing-by", "governor": 0}),
    GateCase("standing by is no wait when it times a human-only act", standing_by, TAG_WHENEVER,
             ("whenever", "you", "want"), None),
    GateCase("a let-me-know closer fires", standing_by, CLOSER, ("let", "me", "know"),
             {"reason": "fires (standing-by): 'let me know' closes the message waiting for the reader's next request"}),
    GateCase("let me know asking for a fact is no closer", standing_by, KNOW_A_FACT, ("let", "me", "know"), None),
]  # fmt: skip


@pytest.mark.parametrize("case", GATE_CASES, ids=case_id)
def test_a_register_gate_on_a_hand_built_parse(case: GateCase) -> None:
    case.check()


@pytest.mark.parametrize(
    ("following", "verb", "expected"),
    [
        ("yes — doing it now", "refactor", True),
        ("no: it is the known dns timeout", "worry", True),
        ("starting it now regardless", "take", True),
        ("rebasing it now since main moved", "rebase", True),
        ("i'll wait for your answer", "proceed", False),
        ("happy to", "take", False),
        ("", "take", False),
    ],
)
def test_answered_in_text(following: str, verb: str, expected: bool) -> None:
    assert answered(Context(following), verb, LEX) is expected


# Model-backed: the families on the real parser, with phrase, family, mode and verdict exact.
MODEL_CASES = [
    ("If you'd like, I can write the migration guide next.", "if you'd like", "offer", "enforce", "fire"),
    (
        "Let me know if you'd like me to split the migration.",
        "let me know if you'd like me to",
        "offer",
        "enforce",
        "fire",
    ),
    ("How would you like to proceed?", "would you like", "choice", "enforce", "fire"),
    ("Would you like to merge it or hold for the stamp?", "would you like", "choice", "enforce", "exempt"),
    ("Do you want to cut the 2.1 release now?", "do you want", "choice", "enforce", "exempt"),
    ("Let me know which of squash or rebase you want for #812.", "let me know which", "choice", "enforce", "exempt"),
    # revision 3 (docs/DESIGN.md#phrase-families): permission and standing-by are enforce by default, and a permission
    # question is judged like attribution: leave for purely human-only work (merge now or wait) is exempt
    ("Shall I open the PR?", "shall i", "permission", "enforce", "fire"),
    ("Should I merge it or wait?", "should i", "permission", "enforce", "exempt"),
    ("Shall I merge it or fix the docs first?", "shall i", "permission", "enforce", "fire"),
    ("Should I go ahead and merge #812?", "should i", "permission", "enforce", "exempt"),
    ("Should we rotate the deploy token?", "should we", "permission", "enforce", "exempt"),
    ("OK to start?", "ok to", "permission", "enforce", "fire"),
    ("Phase 3 is planned — just say go.", "just say go", "standing-by", "enforce", "fire"),
    ("Ready for Phase 4 whenever you want.", "whenever you want", "standing-by", "enforce", "fire"),
    ("Anything else?", "anything else", "standing-by", "enforce", "fire"),
]


@pytest.mark.parametrize(
    ("text", "phrase", "family", "mode", "verdict"), MODEL_CASES, ids=[c[0][:40] for c in MODEL_CASES]
)
def test_families_on_the_model(text: str, phrase: str, family: str, mode: str, verdict: str) -> None:
    (finding,) = analyze(text).findings
    assert (finding.phrase, finding.family, finding.mode, finding.verdict) == (phrase, family, mode, verdict)


NOT_A_FINDING = [
    "Renamed the file you want me to rename; the imports follow.",
    "As you said, you want me to keep the parser lane, so it stays mine.",
    "If you would like to run it locally, use `make demo`.",
    "Do you want the fast path? No — correctness first, so I kept the slow one.",
    "Should I refactor this? Yes — doing it now.",
    "Should I expect the flake on CI too?",
    "Tag the release whenever you want; the notes are ready.",
    "Whenever you want the bench numbers, they're in `bench/`.",
]


@pytest.mark.parametrize("text", NOT_A_FINDING, ids=[t[:40] for t in NOT_A_FINDING])
def test_the_not_a_finding_cases_of_the_spec_yield_no_finding(text: str) -> None:
    report = analyze(text)
    assert (report.verdict, report.findings) == ("clear", ())


def test_permission_and_standing_by_are_enforce_by_default() -> None:
    """docs/DESIGN.md#phrase-families revision 3, modes from evidence: every family of the built-in lexicon enforces."""
    assert {family: LEX.mode_of(family) for family in LEX.families} == dict.fromkeys(
        ("offer", "attribution", "choice", "permission", "standing-by", "closing-question"), "enforce"
    )
    report = analyze("Tests pass. Shall I open the PR?")
    assert (report.firing.phrase if report.firing else None, report.observed) == ("shall i", ())


def test_a_permission_question_for_a_human_only_act_is_exempt_with_its_act_and_domain() -> None:
    """docs/DESIGN.md#phrase-families revision 3: 'Shall I merge it?' asks leave for a human-only act, judged like
    attribution."""
    (finding,) = analyze("CI is green on #812. Shall I merge it?").findings
    assert (finding.phrase, finding.verdict, finding.form, finding.domains, finding.rule) == (
        "shall i", "exempt", "none", ("merge",), "permission-question"
    )
    assert finding.attachment is not None and finding.attachment.text == "merge it"
    assert finding.reason == (
        "exempt (permission-question): 'Shall I' asks leave for 'merge it', human-only work (merge)"
    )


def test_observe_findings_make_the_verdict_fire_but_never_the_refusal() -> None:
    report = analyze("Tests pass. Shall I open the PR?", lexicon=LEX.with_modes(observe=["permission"]))
    assert report.verdict == "fire"
    assert report.firing is None
    assert [(f.phrase, f.mode) for f in report.observed] == [("shall i", "observe")]
    assert report.to_dict()["findings"][0]["mode"] == "observe"


def test_a_family_promoted_to_enforce_refuses() -> None:
    lexicon = LEX.with_modes(enforce=["permission"])
    report = analyze("Tests pass. Shall I open the PR?", lexicon=lexicon)
    assert report.firing is not None and report.firing.mode == "enforce"
    demoted = analyze("How would you like to proceed?", lexicon=LEX.with_modes(observe=["choice"]))
    assert (demoted.firing, [f.mode for f in demoted.observed]) == (None, ["observe"])


def test_not_before_lets_the_longer_offer_win() -> None:
    report = analyze("If you want me to take the flaky-test lane instead, I can switch now.")
    assert [(f.phrase, f.family) for f in report.findings] == [("want me to", "offer")]


def test_without_a_model_the_question_gates_still_need_their_question_mark() -> None:
    from analyzer.grammar.registry import without_parse
    from analyzer.text.carveouts import build_views

    read = without_parse("permission-question")
    asked = read("permission-question", "Should I proceed?", 0, 8, LEX, build_views("Should I proceed?"))
    assert asked is not None and asked.reason.startswith("fires (permission-question, lexical fallback")
    text = "Should I proceed. Fine."
    assert read("permission-question", text, 0, 8, LEX, build_views(text)) is None


@pytest.mark.parametrize(
    ("following", "alternatives", "expected"),
    [
        ("for our payloads, yes — orjson", frozenset(), True),  # a fronted phrase, then the answer
        ("not needed: the entrypoint is a python script", frozenset(), True),
        ("it is — nothing execs into the container", frozenset(), True),  # an elliptical answer
        ("latency — the consumer is interactive", frozenset({"throughput", "latency"}), True),
        ("the --json output already carries the session ids", frozenset(), True),
        ("either way, ready when you are", frozenset(), False),  # proceeding needs the agent acting
        ("happy to, no rush, whenever you want", frozenset(), False),  # a reassurance answers nothing
        ("no rush", frozenset(), False),
    ],
)
def test_answered_in_text_shapes_of_the_tenth_corpus(
    following: str, alternatives: frozenset[str], expected: bool
) -> None:
    assert answered(Context(following), "", LEX, alternatives) is expected


@pytest.mark.parametrize(
    ("text", "verdict", "phrases"),
    [
        ("Do you want to know why the last page repeated? The cursor compared with the wrong operator.", "clear", []),
        ("Which do you prefer for #1187 — squash-merge or rebase-merge?", "exempt", ["do you prefer"]),
        ("Do you want to cut the 2.4 release now, or after the soak run?", "exempt", ["do you want"]),
        ("WOULD YOU LIKE TO KEEP THE REGEX PATH FOR ONE MORE RELEASE?", "fire", ["would you like"]),
        ("Let me know if you run into any issues with the new batching.", "fire", ["let me know"]),
        (
            "Which do you prefer — fixed windows or sentence boundaries? Either way, ready when you are.",
            "fire",
            ["do you prefer", "ready when you are"],
        ),
    ],
)
def test_register_shapes_of_the_tenth_corpus(text: str, verdict: str, phrases: list[str]) -> None:
    report = analyze(text)
    assert (report.verdict, [f.phrase for f in report.findings]) == (verdict, phrases)
