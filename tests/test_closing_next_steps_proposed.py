"""The closing part that hands the next steps to the reader, read by the grammar of its lead-in and its items
(docs/DESIGN.md#construction-classes, r33c): a label of suggesting alone, a verb of proposing before the act's gerund,
an item under a bare '**Next**' that is itself a recommendation label, a statement about the rest or a note after
the list; and the lists that hand nothing over whatever lead-in word they hold — the reader's own ways, usage for later,
the agent's own lane, code that is the subject of its item, a lead-in word that is a finite verb. A message that opens
inside code has its first fence close the cut-off block."""

from __future__ import annotations

import pytest

from analyzer.api import may_ask
from analyzer.text.carveouts import build_views
from tests.judging import assert_judged, verdict_rule_reason

FIRES = [
    # a label of suggesting alone, opening the paragraph or a sentence of it
    ("Added a video ignore rule. Suggestion: run `git status --ignored` if you want to double-check the media.",
     "Suggestion"),
    ("The importer is done.\n\n**Suggestion:** add a retry around the upload so transient errors don't fail the batch.",
     "Suggestion"),
    ("Fixed the flaky test. Consider: 1) pinning the clock in the fixture; 2) adding a seed flag to the runner.",
     "Consider"),
    # a verb of proposing with no subject before the act's gerund
    ("No other files changed during this step. Suggest proceeding with executing the tasks.", "Suggest"),
    ("Added the three routes. Tests were not run; consider exercising the new routes (happy paths, rate limits).",
     "consider"),
    ("Schema drafted. Recommend running `/speckit.plan` next.", "Recommend"),
    # an item that is a recommendation label under a bare 'Next'
    ("Spec clarified.\n\n**Next**\n- Recommended command: `/speckit.plan`", "Next"),
    # a base verb the model made a subject before code
    ("Fixed the imports.\n\nNext step\n1) Run `npm run dev` again and confirm the warnings are gone.", "Next step"),
    # a statement about the rest ('else', 'other'), or a note, after the list
    ("Migrated the schema.\n\nNext step suggestions:\n1. Backfill the created_at column for legacy rows.\n2. Run "
     "`/tasks` once the backfill lands.\n\nEverything else is ready for review.", "Next step suggestions"),
    ("Config reviewed.\n\nRecommendations:\n1. Enable strict mode in tsconfig.\n2. Drop the unused polyfills.\n\n"
     "All other settings look fine.", "Recommendations"),
    ("Cache layer added.\n\nFollow-ups:\n1. Add eviction metrics\n2. Document the TTL setting\n\nNote: the old cache "
     "flag is still read for one release.", "Follow-ups"),
    ("Cache layer added.\n\nFollow-ups:\n1. Add eviction metrics\n2. Document the TTL setting\n\nNote: the setup "
     "script warned about two configs; we proceeded with the first.", "Follow-ups"),
]


@pytest.mark.parametrize(("text", "lead"), FIRES)
def test_next_steps_proposed_to_the_reader_fire(text: str, lead: str) -> None:
    assert may_ask(text)
    assert_judged(text, "fire", "work-list", ["closing list", lead, "work the agent could do"])


CARVED = [
    # the reader's own ways: the answer to a how-to question
    "You've got a few handy options:\n\n- `printenv` lists every variable exported in your shell.\n- `echo $NAME` "
    "shows one value.",
    # usage documentation for later
    "Deployed.\n\nTo run the application in the future, simply:\n1. Start the backend server: `node server.js`\n"
    "2. Open http://localhost:3000",
    # the agent's own lane
    "Ported the iOS screens.\n\nWhat's left on my side:\n- finishing the Android port (in progress)\n- the settings "
    "screen",
]


@pytest.mark.parametrize("text", CARVED)
def test_a_list_of_the_readers_own_ways_or_the_agents_lane_hands_nothing_over(text: str) -> None:
    assert may_ask(text)  # the list reaches the work-list row, which carves it: no finding at all
    assert verdict_rule_reason(text) == ("clear", None, "")


PASSES = [
    # an item whose code is the subject of a finite verb: a report of what remains or could not be done
    "Constitution written.\n\nManual follow-up flagged:\n1. `TODO(RATIFICATION_DATE)` remains because the adoption "
    "date is unknown.\n2. `.specify/templates/commands/*.md` could not be synced because that directory is missing.",
    # the agent's own queue named in an item
    "Merged the CSV export.\n\n### Remaining (tracked)\n- #412 Excel export — next on my lane after this PR",
    # a lead-in word that is the finite verb of a subject of its own
    "The fix is committed. Now all generated files follow the naming pattern:\n- Files with paths: "
    "`basename-hash.ext`\n- Content without paths: `results-hash`",
    # a statement pointing back at the items, or of one thing (the report the list belongs to), still takes the list
    "### Next Steps (optional)\n1. Add a dev menu\n2. Warp buttons for the rooms\n\nThese are tracked in #41.",
    "Updated the route.\n\n**Key choices:**\n- the embedded block keeps the POST body identical;\n- the scripts load "
    "only on the entry page.\n\nThe no-JS path still posts the same form fields, so the server tests pass.",
    # a note that is the agent's own next act takes the list
    "Cache layer added.\n\nFollow-ups:\n1. Add eviction metrics\n2. Document the TTL setting\n\nNote: I'll add both "
    "of these in the next PR.",
    # human-only acts proposed, and proposals that are the agent's own or reported
    "Spec drafted. Suggestion: merge PR #77 once the reviewers approve.",
    "Consider merging #812 once the reviewers approve.",
    "The reviewer suggested adding a cache; I added it in the second commit.",
    "I'd considered adding a cache, but the hit rate was too low to be worth it.",
    # one recommendation after a label stays the agent's verdict (r31b)
    "The hook is faster.\n\nRecommendation: ship the conservative version first and measure.",
    # code before a closing fence, then a statement
    "    cfg.retries = 3\n    return cfg\n```\n\nThe loader now reads the retries from the config.",
]


@pytest.mark.parametrize("text", PASSES)
def test_a_closing_part_that_hands_nothing_over_does_not_fire(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")  # no row finds anything to judge


def test_a_message_that_opens_inside_code_has_its_first_fence_close_the_block() -> None:
    text = "    return (<div>{emoji}</div>);\n}\n\nexport default Bubble;\n```\n\nWould you like me to add the tests?"
    regions = [r for r in build_views(text).regions if r.kind == "code-fence"]
    assert regions and regions[0].start == 0 and text[regions[0].end - 3 : regions[0].end] == "```"
    assert_judged(text, "fire", "offer", ["would you like me to"])
    # an even number of fences is a block opened and closed: the prose before the first fence is read as prose
    balanced = "Here is the change:\n```\nx = 1\n```\n\nThe loader reads it now."
    assert all(r.start > 0 for r in build_views(balanced).regions if r.kind == "code-fence")
