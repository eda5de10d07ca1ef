"""The closing sites found without spaCy (analyzer.text.questions, docs/DESIGN.md#phrase-families revision 3 and
docs/DESIGN.md#construction-classes): which sentence of the closing part may hand the turn back, and how; what is no
site; every site holds a cue the cheap pre-filter reads (analyzer.api.may_ask)."""

from __future__ import annotations

import pytest

from analyzer.api import _question_cues, may_ask
from analyzer.text.questions import CONDITION, DECISION, HELP, LIST, QUESTION, REQUEST, TURN, WAIT, question_sites

SITES = [
    # a condition on the reader's wish, need or benefit, or an optional offer (the bonus offer)
    ("Happy to add a benchmark as well if that helps.", CONDITION),
    ("I could also tidy the imports, should that help.", CONDITION),
    ("Could also wire up the metrics endpoint if that's of interest.", CONDITION),
    ("Optionally, I can port the same fix to the 1.x branch.", CONDITION),
    ("I'm here if you need anything.", CONDITION),
    # a condition on the reader's decision, or a request for it
    ("Should you choose the second option, I can wire it up.", DECISION),
    ("I'll wire up the SDK once you choose a provider.", DECISION),
    ("Whichever you pick, I'll implement it right away.", DECISION),
    ("Tell me which approach you choose and I'll follow through.", DECISION),
    ("If you go with Redis, I'll add the client.", DECISION),
    # the open offer of help without a question mark
    ("Let me know how I can help.", HELP),
    ("Just tell me what you need.", HELP),
    ("Ready to assist.", HELP),
    # an instruction tied to a report back or to the agent's next act
    ("Run the installer on your side and tell me when it's done.", TURN),
    ("Please rebuild the image and report back with the logs.", TURN),
    ("Copy the config and restart; then I'll walk you through step 2.", TURN),
    # issue 28: the agent's hold with the reader's word a few words on, no lexicon phrase naming it
    ("Standing by for your direction on the cache work.", WAIT),
    ("The rename is parked on your thoughts about the API.", WAIT),
    ("Blocked on your feedback for the importer.", WAIT),
    # the forms of revision 3 stay as they were
    ("How can I help?", QUESTION),
    ("Tell me which of the flaky tests you want me to quarantine.", REQUEST),
]


@pytest.mark.parametrize(("text", "kind"), SITES)
def test_a_closing_sentence_that_may_hand_the_turn_back_is_a_site_of_its_kind(text: str, kind: str) -> None:
    sites = question_sites(text)
    assert [(s.kind, s.start, s.end, s.parts) for s in sites] == [(kind, 0, len(text), ())]


@pytest.mark.parametrize(
    "text",
    [
        "The cache helps if the dataset is large.",  # no condition on a benefit: its subject is a thing
        "I also added a benchmark while I was there.",
        "Once the CI run finishes, I'll open the PR.",  # the reader decides nothing
        "If the team picks Postgres, I'll write the migration.",
        "I ran the installer and checked the page; everything renders.",  # a report, no instruction
        "We confirmed the fix on staging.",  # a subject: no instruction
        "Parser lane next.",
    ],
)
def test_a_closing_sentence_that_hands_nothing_back_is_no_site(text: str) -> None:
    assert question_sites(text) == ()


LISTS = [
    ("Options:\n1. Cache the parsed config per process\n2. Cache it per request", "Options:",
     ["Cache the parsed config per process", "Cache it per request"]),
    ("**Next**\n1. Build real event registration.\n2. Create ticket records.", "Next",
     ["Build real event registration.", "Create ticket records."]),
    ("## Future improvements\n- Stream the export\n- Cache the thumbnails", "## Future improvements",
     ["Stream the export", "Cache the thumbnails"]),
    ("Status is green.\nThings left to do:\n- [ ] Error states\n\n- [ ] Loading skeletons", "Things left to do:",
     ["Error states", "Loading skeletons"]),
    ("Ideas for later:\n- Dark mode\n- Keyboard shortcuts\n\n```lane-state\n{}\n```", "Ideas for later:",
     ["Dark mode", "Keyboard shortcuts"]),
]


@pytest.mark.parametrize(("text", "lead", "items"), LISTS)
def test_a_closing_list_under_a_lead_in_naming_work_to_do_is_one_site(text: str, lead: str, items: list[str]) -> None:
    (site,) = question_sites(text)
    assert (site.kind, site.sentence.splitlines()[0].strip(), [text[a:b] for a, b in site.parts]) == (
        LIST, lead, items
    )


@pytest.mark.parametrize(
    "text",
    [
        "Done:\n- Parser lane merged\n- Cache lane merged",  # the lead-in reports
        "Files changed:\n- src/a.ts\n- src/b.ts",
        "Verification:\n- pytest: 48 passed\n- ruff: clean",
        "Next steps:\n- one\n\nThe rest is done.",  # the list does not close the message
        "Options:\n" + "".join(f"- option {n}\n" for n in range(12)),  # longer than a choice: a report
        "- Stream the export\n- Cache the thumbnails",  # no lead-in
    ],
)
def test_a_list_that_is_a_report_or_does_not_close_the_message_is_no_list_site(text: str) -> None:
    assert [s.kind for s in question_sites(text)] == []


@pytest.mark.parametrize("text", [t for t, _ in SITES] + [t for t, _, _ in LISTS])
def test_every_site_holds_a_cue_of_the_cheap_pre_filter(text: str) -> None:
    lowered = text.lower()
    assert ([c for c in _question_cues() if c in lowered] != [], may_ask(text)) == (True, True)


# docs/DESIGN.md#normalisation (revision 3): finding the sites looks at the closing part only, and that linearly.
SITE_SHAPES = {
    "list items": "- a\n",
    "lead-ins": "Next steps:\n- a\n",
    "conditions": "if that helps ",
    "instructions": "Run it and tell me; ",
    "question marks": "?",
}


@pytest.mark.parametrize("shape", sorted(SITE_SHAPES))
def test_finding_the_sites_grows_linearly(shape: str) -> None:
    import time

    from tests.test_linear_cost import GROWTH, LIMIT, SMALL, repeat

    make = repeat(SITE_SHAPES[shape])

    def seconds(text: str, runs: int) -> float:
        best = float("inf")
        for _ in range(runs):
            question_sites.cache_clear()
            started = time.process_time()
            question_sites(text)
            best = min(best, time.process_time() - started)
        return best

    small, large = make(SMALL), make(SMALL * GROWTH)
    seconds(small, 1)
    ratio = seconds(large, 3) / max(seconds(small, 5), 1e-3)
    assert ratio < LIMIT, f"{shape}: {GROWTH}x the text cost {ratio:.1f}x the time"


def test_a_sign_off_after_a_closing_list_is_not_content() -> None:
    text = "Ideas for later:\n- Dark mode\n- Keyboard shortcuts\n\nCheers,\nRowan"
    (site,) = question_sites(text)
    assert (site.kind, [text[a:b] for a, b in site.parts]) == (LIST, ["Dark mode", "Keyboard shortcuts"])


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        # a closing table row: each cell is a sentence of its own
        ("| Status | Note |\n|---|---|\n| tests green | Happy to rerun the flaky suite too, if useful. |", [CONDITION]),
        ("| Item | Next |\n|---|---|\n| parser | How can I help? |", [QUESTION]),
        # a closing recommendation leaves the paragraph before it in the closing part
        ("Happy to rerun the flaky suite too, if useful.\n\nMy recommendation is the second option.", [CONDITION]),
        ("Should you choose the second option, I can wire it up.\n\nI'd go with the second.", [DECISION]),
        ("Options:\n1. Cache per process\n2. Cache per request\n\nMy recommendation is the second option.", [LIST]),
    ],
)
def test_a_table_cell_or_a_recommendation_after_the_site_leaves_it_a_site(text: str, kinds: list[str]) -> None:
    assert [s.kind for s in question_sites(text)] == kinds


def test_a_recommendation_after_a_question_neither_answers_it_nor_makes_it_rhetorical() -> None:
    (site,) = question_sites("How can I help?\n\nMy recommendation is the second option.")
    assert (site.kind, site.following) == (QUESTION, "")


@pytest.mark.parametrize(
    "text",
    [
        "Status is green.\n\nMy recommendation is to keep the cache.",  # nothing before it hands anything over
        "| Status | Note |\n|---|---|\n| tests green | all 48 pass |",
    ],
)
def test_a_recommendation_or_a_table_that_hands_nothing_over_is_no_site(text: str) -> None:
    assert question_sites(text) == ()


def test_no_cue_is_listed_twice_or_inside_another() -> None:
    """rv8: branches that each add cues at the list's end repeat one ('next:' twice) or add one that a shorter cue
    already lets through ('then `' beside 'then '): the longer one is dead data."""
    cues = _question_cues()
    assert len(cues) == len(set(cues))
    assert [(c, d) for c in cues for d in cues if c != d and d in c] == []
