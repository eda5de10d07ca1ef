"""The analyzer on the real parser: seed 003's examples pinned, and the independent docs/DESIGN.md#analyzer corpus."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from analyzer import analyze
from analyzer.report import Report

CORPUS_DIR = Path(__file__).parent / "corpus"
# Nine corpora written from docs/DESIGN.md#analyzer alone by authors who did not read the analyzer: short constructed
# sentences (a), realistic multi-paragraph terminals (b), minimal pairs in varied syntax (c), long
# terminals in the voice of the seed tickets' agents (d), terse chat-like endings with typographic
# variety: non-breaking spaces, CRLF, emoji, lists under "your call:" (e), coding-agent end-of-turn
# reports, questions, asides and near-misses (f), paraphrases of every docs/DESIGN.md#decisive-relation construction
# under parser stress, each with its minimal firing twin (g), and two mixes shaped like a held-back set (h, i; i was
# scored once, untouched, as a held-out estimate). Revision 2 (docs/DESIGN.md#phrase-families register families,
# docs/DESIGN.md#decisive-relation senses) changed the contract for 33 cases written under revision 1 ("Should I …?" was
# no phrase then): each carries its revision-1 label under "v1" and the reason under "relabelled"
# (tests/corpus/RELABELS.md). The tenth (j) is 305 full-length endings shaped by the field evidence of docs/FIELD.md,
# labelled from revision 2 before any run; its findings carry family and mode too. Its first run agreed on 290 of
# 305 (95.1%).
CORPORA = (
    "analyzer_corpus.jsonl",
    "analyzer_corpus_b.jsonl",
    "analyzer_corpus_c.jsonl",
    "analyzer_corpus_d.jsonl",
    "analyzer_corpus_e.jsonl",
    "analyzer_corpus_f.jsonl",
    "analyzer_corpus_g.jsonl",
    "analyzer_corpus_h.jsonl",
    "analyzer_corpus_i.jsonl",
    "analyzer_corpus_j.jsonl",
)
CORPUS = [
    json.loads(line)
    for name in CORPORA
    for line in (CORPUS_DIR / name).open(encoding="utf-8")
]

LIVE_0854Z = (
    "PR #15232: CI green (14/14), review APPROVED, merge-eligible. "
    "CI is green and the review is APPROVED — merge on the exception or ask for the stamp, your call."
)

# Seed 003, quoted sentence by sentence: (text, phrase, verdict, form).
SEED_003 = [
    (LIVE_0854Z, "your call", "exempt", "option-list"),
    ("Your call on the merge.", "your call", "exempt", "object"),
    ("The merge is yours, your call.", "your call", "exempt", "copular-ownership"),
    ("The merge is your decision — your call.", "your call", "exempt", "copular-ownership"),
    ("PR #15232 is merge-eligible, your call.", "your call", "exempt", "pending-eligibility"),
    ("You merged it yesterday, your call.", "your call", "fire", "none"),
    ("The merge landed either way, your call.", "your call", "fire", "none"),
    ("The merge isn't yours, your call.", "your call", "fire", "copular-ownership"),
    ("The merge isn’t yours, your call.", "your call", "fire", "copular-ownership"),
    ("The merge is yours though CI is not green, your call.", "your call", "exempt", "copular-ownership"),
    ("Your call on the lane.", "your call", "fire", "object"),
    ("Your call on the review.", "your call", "fire", "object"),
    ("Your call on the merge and the follow-up refactor.", "your call", "fire", "object"),
    ("Your steer on the architecture.", "your steer on", "fire", "object"),
    ("Would you like me to merge it?", "would you like me to", "fire", "none"),
]


@pytest.mark.parametrize(("text", "phrase", "verdict", "form"), SEED_003, ids=[s[0][:48] for s in SEED_003])
def test_seed_003_examples(text: str, phrase: str, verdict: str, form: str) -> None:
    report = analyze(text)
    assert [(f.phrase, f.verdict, f.form) for f in report.findings] == [(phrase, verdict, form)]


def test_live_0854z_terminal_is_pinned_with_its_attachment_and_domains() -> None:
    (finding,) = analyze(LIVE_0854Z).findings
    assert finding.attachment is not None
    assert finding.attachment.text == "merge on the exception or ask for the stamp"
    assert finding.domains == ("merge", "stamp")
    assert finding.reason == (
        "exempt (option-list): every alternative of the option list 'merge on the exception or ask for the "
        "stamp' is human-only work (merge, stamp)"
    )
    assert LIVE_0854Z[finding.start : finding.end] == "your call"


# Where the analyzer and an independent label still disagree, each with why it is left. Strict: a case
# that starts to agree fails here, so the entry is removed, never kept stale.
KNOWN_DISAGREEMENTS = {
    "h.term.hard-condition-option-01": "the small model misparses the condition 'once the docs PR lands', so "
    "the docs PR reads as work of the merge alternative (a well-parsed condition is skipped: is_condition)",
    "h.hard.option.condition-01": "the small model tags 'lands' a noun and hangs 'or hold' on it",
    "h.term.hard-paren-01": "an aside between the phrase and its object ('Your call (CI is green, nothing "
    "blocking) on the squash-merge') makes the aside's verb the governor; asides are left out only before the phrase",
    "h.hard.carve.mention-follower-01": "the second phrase of 'Your move is on the list, next to your steer on' "
    "has no mention cue or follower of its own",
}
# docs/DESIGN.md#construction-classes revision 4 makes "your call" said another way ('up to you', 'your decision',
# 'yours to …') a hand-over: rows of the test parts labelled when these were deliberately no phrases now get a finding.
# Their development-part twins are relabelled (tests/corpus/RELABELS.md); these are test-part rows, listed by id only
# (the rule writers do not read the test parts), for the relabel by the same rule when the test parts are scored.
REVISION_4_RELABELS_PENDING = (
    "d.nonlexicon.up-to-you-47", "d.nonlexicon.your-decision-46", "e.chat.up-to-you-whether-01",
    "e.none.decision-01", "f.q.up-to-you-04", "f.report.yours-to-merge-no-phrase-08", "g.near.clear-01",
    "g.near.clear-02", "g.near.clear-06", "g.near.clear-07",
)  # fmt: skip
KNOWN_DISAGREEMENTS |= {
    case_id: "docs/DESIGN.md#construction-classes revision 4: 'your call' said another way is now a phrase; a "
             "test-part row to relabel"
    for case_id in REVISION_4_RELABELS_PENDING
}


def _known(case: dict) -> list[pytest.MarkDecorator]:
    reason = KNOWN_DISAGREEMENTS.get(case["id"])
    return [pytest.mark.xfail(reason=reason, strict=True)] if reason else []


@pytest.mark.parametrize("case", [pytest.param(c, id=c["id"], marks=_known(c)) for c in CORPUS])
def test_independent_corpus(case: dict) -> None:
    report = analyze(case["text"])
    assert report.verdict in [case["verdict"], *case.get("also_accept", [])], report.to_dict()
    if report.verdict != case["verdict"]:
        return
    expected = [(f["phrase"], f["verdict"], f.get("form"), f.get("mode"), f.get("family")) for f in case["findings"]]
    got = [
        (f.phrase, f.verdict, f.form if e[2] else None, f.mode if e[3] else None, f.family if e[4] else None)
        for f, e in zip(report.findings, expected, strict=False)
    ]
    assert got == expected
    assert len(report.findings) == len(expected)


# The eleventh corpus (k): 302 real-shaped endings labelled from revision 3 before any run (tests/corpus/
# README.md). Its labels use the revision-3 modes (permission and standing-by enforce) and placeholders
# `<family:construction>` for constructions with no lexicon entry, so it is scored as scripts/score-corpus scores
# it, as a share: first run 170/302 (56.3%); with the closing question (docs/DESIGN.md#phrase-families
# revision 3), 232/302; with the modes and senses of revision 3 too, 287/302; with the standing-by constructions of
# issue 20 (available for more, ready when needed / when you like / for the next request, once you provide, waiting for
# your go), the or-if closer, the infinitive choice and the `state-choice` sense, 302/302. Raise the floor as rules
# land; never lower it.
CORPUS_K = [json.loads(line) for line in (CORPUS_DIR / "analyzer_corpus_k.jsonl").open(encoding="utf-8")]
K_AGREED_AT_LEAST = 302


def _placeholder(phrase: str) -> bool:
    return phrase.startswith("<") and phrase.endswith(">")


def _agrees(case: dict, report: Report) -> bool:
    """The report agrees with the label as test_independent_corpus scores it; a placeholder phrase matches any
    phrase and its family is not compared."""
    verdict = report.verdict
    if verdict not in [case["verdict"], *case.get("also_accept", [])]:
        return False
    if verdict != case["verdict"]:
        return True
    found = report.findings
    if len(found) != len(case["findings"]):
        return False
    for label, f in zip(case["findings"], found, strict=True):
        placeholder = _placeholder(label["phrase"])
        same = (placeholder or f.phrase == label["phrase"]) and f.verdict == label["verdict"]
        same = same and (label.get("form") is None or f.form == label["form"])
        same = same and ("mode" not in label or f.mode == label["mode"])
        if not same or (not placeholder and "family" in label and f.family != label["family"]):
            return False
    return True


def test_the_eleventh_corpus_agrees_at_its_measured_share() -> None:
    agreed = sum(_agrees(case, analyze(case["text"])) for case in CORPUS_K)
    assert (len(CORPUS_K), agreed >= K_AGREED_AT_LEAST) == (302, True), f"{agreed}/302 agree"


def test_known_disagreements_are_few_and_name_real_cases() -> None:
    ids = {c["id"] for c in CORPUS}
    assert set(KNOWN_DISAGREEMENTS) <= ids
    assert len(KNOWN_DISAGREEMENTS) / len(CORPUS) < 0.01  # agreement stays above 99%


# The twelfth corpus (l): 310 endings in the shapes of seven agent kinds, labelled from
# docs/DESIGN.md#construction-classes revision 4 before any run (tests/corpus/README.md). It is split by source
# (tests/corpus/split.toml): rules are written against its development part only, so only that part has a floor here —
# first run 95/180 (52.8%); with the rules of issue 28 for a wait on the person, "your call" said another way,
# permission, readiness, plan approval and the human-only domains named near or away from the phrase, 145/180; with
# the offers, closers, turn-taking, lists and references back of phase 3, 178/180. Raise it as rules land; never
# lower it. The test part is scored once, at the end (scripts/split-corpus score): 117/130 at 178/180 here.
L_DEV_AGREED_AT_LEAST = 178


def test_the_twelfth_corpus_development_part_agrees_at_its_measured_share() -> None:
    from corpus_split import load_split

    dev = load_split().rows("analyzer_corpus_l.jsonl", "dev")
    agreed = sum(_agrees(case, analyze(case["text"])) for case in dev)
    assert (len(dev), agreed >= L_DEV_AGREED_AT_LEAST) == (180, True), f"{agreed}/180 agree"


# The thirteenth corpus (m): 221 endings in the shapes of six agent kinds no earlier corpus followed (Aider histories,
# Antigravity and Windsurf Cascade exports, SWE-agent and OpenHands trajectories, an autonomous agent's documents),
# labelled from docs/DESIGN.md#construction-classes revision 4 and committed before any run (tests/corpus/README.md).
# Split by source (tests/corpus/split.toml): dev aider, antigravity, openhands, windsurf-cascade; test seeker-agent,
# swe-agent. Scored once, on main b988daa: dev 128/149 (85.9%), test 59/72 (81.9%). Both floors record that first run;
# rules are written against the development part only, and the test part's floor is never a target. Raise them as
# rules land; never lower them. Issue 28 phase 4b (branch r28f: the classes the development part showed) took dev to
# 144/149; the five left are r28e's classes (a human-only decision named away from the phrase, 'You good with me …',
# a permission question for a human-only act found twice).
M_DEV_AGREED_AT_LEAST = 144
M_TEST_AGREED_AT_LEAST = 59


@pytest.mark.parametrize(
    ("part", "rows", "floor"), [("dev", 149, M_DEV_AGREED_AT_LEAST), ("test", 72, M_TEST_AGREED_AT_LEAST)]
)
def test_the_thirteenth_corpus_agrees_at_its_measured_share_on_each_part(part: str, rows: int, floor: int) -> None:
    from corpus_split import load_split

    cases = load_split().rows("analyzer_corpus_m.jsonl", part)
    agreed = sum(_agrees(case, analyze(case["text"])) for case in cases)
    assert (len(cases), agreed >= floor) == (rows, True), f"{agreed}/{rows} agree on the {part} part"
