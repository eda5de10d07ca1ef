"""The hand-overs of docs/DESIGN.md#construction-classes judged at the closing sites
(analyzer/grammar/closing_offers.py, analyzer/grammar/closing_handovers.py): the bonus offer, the open offer of help,
the conditional offer on the reader's decision, turn-taking and the closing list of work — each construction on
hand-built parses pinned to the model's own parse of the same sentence, and on the model itself over sentences of our
own that vary the verb, the subject, the object, the tense and the word order (issue 28: classes, not instances)."""

from __future__ import annotations

import pytest

from analyzer import analyze
from analyzer.grammar.closing_handovers import turn_taking
from analyzer.grammar.closing_offers import bonus_offer, decision_offer, open_offer
from analyzer.grammar.closing_questions import Asked, question_vocabulary
from analyzer.lexicon import default_lexicon
from analyzer.parse.model import load_model
from analyzer.text.layout import instruction_case
from analyzer.text.questions import question_sites
from tests.docbuilder import parse

LEX = default_lexicon()

# The condition parsed as the root and the offer as its complement: the condition is found by its own words.
CONDITION_AS_ROOT = (
    "I could also tidy the imports, should that help.",
    """
    I I PRON PRP nsubj 3
    could could AUX MD aux 3
    also also ADV RB advmod 3
    tidy tidy VERB VB ccomp 9
    the the DET DT det 5
    imports import NOUN NNS dobj 3
    ~, , PUNCT , punct 3
    should should AUX MD aux 9
    that that PRON DT nsubj 9
    help help VERB VB ROOT -1
    ~. . PUNCT . punct 9
""",
)
# A human-only act offered on the same condition: exempt, judged like attribution.
HUMAN_ONLY_BONUS = (
    "Happy to cut the 2.1 release too, if useful.",
    """
    Happy happy ADJ JJ ROOT -1
    to to PART TO aux 2
    cut cut VERB VB xcomp 0
    the the DET DT det 5
    2.1 2.1 NUM CD nummod 5
    release release NOUN NN dobj 2
    too too ADV RB advmod 2
    ~, , PUNCT , punct 2
    if if SCONJ IN mark 9
    useful useful ADJ JJ advcl 2
    ~. . PUNCT . punct 0
""",
)
# The wh-word two arcs up from the verb: 'How -advmod-> else -advmod-> support'.
WH_THROUGH_ELSE = (
    "How else can I support you?",
    """
    How how SCONJ WRB advmod 1
    else else ADV RB advmod 4
    can can AUX MD aux 4
    I I PRON PRP nsubj 4
    support support VERB VB ROOT -1
    you you PRON PRP dobj 4
    ~? ? PUNCT . punct 4
""",
)
# The inverted condition read as a complement of the offer: 'choose -ccomp-> wire, Should -aux-> choose'.
INVERTED_DECISION = (
    "Should you choose the second option, I can wire it up.",
    """
    Should should AUX MD aux 2
    you you PRON PRP nsubj 2
    choose choose VERB VB ccomp 9
    the the DET DT det 5
    second second ADJ JJ amod 5
    option option NOUN NN dobj 2
    ~, , PUNCT , punct 9
    I I PRON PRP nsubj 9
    can can AUX MD aux 9
    wire wire VERB VB ROOT -1
    it it PRON PRP dobj 9
    up up ADP RP prt 9
    ~. . PUNCT . punct 9
""",
)
# An instruction, read in lower case, tied to a report back and to the agent's next act after a semicolon.
INSTRUCTION = (
    "Run the installer on your side and tell me when it's done; then I'll walk you through the next step.",
    """
    run run VERB VB ccomp 17
    the the DET DT det 2
    installer installer NOUN NN dobj 0
    on on ADP IN prep 0
    your your PRON PRP$ poss 5
    side side NOUN NN pobj 3
    and and CCONJ CC cc 0
    tell tell VERB VB conj 0
    me I PRON PRP dobj 7
    when when SCONJ WRB advmod 12
    it it PRON PRP nsubjpass 12
    ~'s be AUX VBZ auxpass 12
    done do VERB VBN advcl 7
    ~; ; PUNCT : punct 17
    then then ADV RB advmod 17
    I I PRON PRP nsubj 17
    ~'ll will AUX MD aux 17
    walk walk VERB VB ROOT -1
    you you PRON PRP dobj 17
    through through ADP IN prep 17
    the the DET DT det 22
    next next ADJ JJ amod 22
    step step NOUN NN pobj 19
    ~. . PUNCT . punct 17
""",
)
HAND_BUILT = [
    (CONDITION_AS_ROOT, bonus_offer, "fire", ("bonus-offer", "'tidy'", "should that help")),
    (HUMAN_ONLY_BONUS, bonus_offer, "exempt", ("bonus-offer", "'cut'", "human-only work (release)")),
    (WH_THROUGH_ELSE, open_offer, "fire", ("open-offer", "what the agent should do", "How … support")),
    (INVERTED_DECISION, decision_offer, "fire", ("decision-offer", "'wire'", "reader's decision ('choose')")),
    (INSTRUCTION, turn_taking, "fire", ("turn-taking", "'run …'", "the report back", "work the agent could do")),
]


def _asked(text: str, spec: str) -> Asked:
    (site,) = question_sites(text)
    return Asked(parse(spec), site, LEX, question_vocabulary())


@pytest.mark.parametrize(("case", "row", "verdict", "reason"), HAND_BUILT, ids=lambda v: getattr(v, "__name__", None))
def test_each_construction_on_its_hand_built_parse(case: tuple[str, str], row, verdict: str, reason: tuple) -> None:
    judged = row(_asked(*case))
    assert judged is not None
    assert (judged.verdict, [w for w in reason if w not in judged.reason]) == (verdict, [])


@pytest.mark.model
@pytest.mark.parametrize("case", [c for c, *_ in HAND_BUILT], ids=lambda c: c[0][:40])
def test_every_hand_built_parse_is_the_model_s(case: tuple[str, str]) -> None:
    text, spec = case
    (site,) = question_sites(text)
    read = instruction_case(text) if site.kind == "turn" else text
    model, built = load_model()(read), parse(spec)
    assert [(t.text, t.tag_, t.dep_, t.head.i) for t in model] == [(t.text, t.tag_, t.dep_, t.head.i) for t in built]


# Our own sentences per construction (beyond the corpus rows and the contract's examples): (text, verdict, rule).
FIRE, EXEMPT, CLEAR = "fire", "exempt", "clear"
SENTENCES = [
    # the bonus offer: the agent's act under a condition on the reader's benefit, wish or need, or optional
    ("I can also convert the remaining callbacks to async/await if that would help.", FIRE, "bonus-offer"),
    ("Could draft a short ADR for the caching decision too, if that's useful to you.", FIRE, "bonus-offer"),
    ("If you think it would help, I could add a fuzz target for the parser.", FIRE, "bonus-offer"),
    ("We can also add Windows to the CI matrix if that's of any use.", FIRE, "bonus-offer"),
    ("Should it be useful, I'll add a dry-run flag too.", FIRE, "bonus-offer"),
    ("Willing to backfill the missing docstrings too, if desired.", FIRE, "bonus-offer"),
    ("I can optionally add a CSV export.", FIRE, "bonus-offer"),
    ("If it helps the reviewer, the diff is split into three commits.", CLEAR, None),
    ("I added a short ADR for the caching decision, in case it is useful.", CLEAR, None),
    ("If it helps, run `make bench` to compare the numbers.", CLEAR, None),
    ("Should the nightly fail again, I'll roll it back if needed.", CLEAR, None),
    # an offer in passing while the agent goes on with its own work hands nothing back
    ("Happy to pair on the flaky test if useful; starting the cache fixes now.", CLEAR, None),
    ("Happy to add a benchmark if useful; nothing else is pending.", FIRE, "bonus-offer"),
    # the open offer of help, asked, stated or requested, also as a whole greeting
    ("What can I help you with today?", FIRE, "open-offer"),
    ("Is there anything else I can help you with?", FIRE, "standing-by"),
    ("What are we building today?", FIRE, "open-offer"),
    ("I'm available if you need anything else.", FIRE, "open-offer"),
    ("I'm around if you need me.", FIRE, "open-offer"),
    ("Hello! I'm the docs bot. How can I assist?", FIRE, "open-offer"),
    ("Hey! Ready to help. Just tell me what you need.", FIRE, "open-offer"),
    ("How can I help the tokenizer skip comments? A lookahead does it.", CLEAR, None),
    ("Support is available if you need anything outside business hours.", CLEAR, None),
    ('The bot now greets users with "How can I help?" only on a direct mention.', CLEAR, None),
    # the conditional offer on the reader's decision
    ("Once you've decided on the schema, I can write the migration.", FIRE, "decision-offer"),
    ("If you settle on gRPC, we'll generate the stubs.", FIRE, "decision-offer"),
    ("Whatever naming you choose, I'll apply it across the codebase.", FIRE, "decision-offer"),
    ("I'll wire up the SDK once you choose a provider.", FIRE, "decision-offer"),
    ("Tell me which approach you choose and I'll follow through.", FIRE, "decision-offer"),
    ("Once you've decided whether to publish 2.0 to PyPI, I'll update the changelog.", CLEAR, None),
    ("If you choose the dark theme, the settings page stores it in localStorage.", CLEAR, None),
    ("If the team picks Postgres, I'll write the migration.", CLEAR, None),
    # turn-taking: work the agent could do, handed to the reader with a report back or the agent's next act
    ("Please run the benchmark on your laptop and send me the numbers so I can compare.", FIRE, "turn-taking"),
    ("Reinstall the package, run the smoke test, and report back with any errors.", FIRE, "turn-taking"),
    ("Restart the dev server and tell me if the warning is gone; then I'll clean up the shim.", FIRE, "turn-taking"),
    ("Rotate the leaked token and tell me when it's done.", CLEAR, None),
    ("Answer these three questions and I'll implement the importer next.", CLEAR, None),
    ("Steer me toward the riskiest lane and I'll take it.", CLEAR, None),
    ("Run `make install` once; after that the hook is active.", CLEAR, None),
    # work handed over as a closing list
    ("### Follow-ups\n1. Add a regression test for the empty payload\n2. Document the new env var", FIRE, "work-list"),
    ("Potential improvements:\n* lazy-load the charts\n* compress the API responses", FIRE, "work-list"),
    ("**Next steps**\n- Wire the webhook handler\n- Add retries to the mailer", FIRE, "work-list"),
    ("Next steps for the release manager:\n1. Tag v3.0.0\n2. Publish to npm", CLEAR, None),
    ("Next steps (owner: @maria):\n- Review PR #77\n- Merge when green", CLEAR, None),
    ("What I changed:\n- Added pagination\n- Cached the aggregation", CLEAR, None),
    ("Pending:\n- CI is still running\n- The reviewer was pinged", CLEAR, None),
    ("Next steps:\n- I'll wire the webhook handler\n- I'll add retries to the mailer", CLEAR, None),
]


@pytest.mark.model
@pytest.mark.parametrize(("text", "verdict", "rule"), SENTENCES, ids=lambda v: str(v)[:50])
def test_each_construction_holds_beyond_the_examples_it_was_written_from(text: str, verdict: str, rule: str) -> None:
    report = analyze(text)
    deciding = report.firing or (report.findings[0] if report.findings else None)
    assert (report.verdict, deciding.rule if deciding else None) == (verdict, rule)
