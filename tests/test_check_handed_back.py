"""r38b: more shapes of the check handed back (docs/DESIGN.md#the-check-handed-back). A verb of running the check at
the close fires after a fronted clause timing it right after the change, after a verb of remembering, before a remark on
what its run will show, or over a list that only explains the change; 'try' before one of the message's own steps or
options fires, and so does a verb of running whose object points at the code the message gave. The person's own
environment, the reader's own place or time, the agent's own report and a usage note with the reader as subject of a
modal pass."""

from __future__ import annotations

import pytest

from tests.judging import assert_judged, verdict_rule_reason


@pytest.mark.parametrize(
    ("text", "item"),
    [
        # a fronted clause timing the check right after the change
        ("The decoder handles empty frames now.\n\nAfter applying these changes, rerun the unit tests.",
         "rerun the unit tests."),
        ("I moved the config lookup.\n\nOnce the fix is in, build the project again. It should compile now.",
         "build the project again."),
        # a verb of remembering before the check; the check's own words of a report ('changes') report nothing
        ("The alias is corrected.\n\nRemember to rebuild the bundle to see the changes.",
         "rebuild the bundle to see the changes."),
        ("The port is read from the env now.\n\nAfter the fix, make sure to run `npm run dev` again.",
         "run `npm run dev` again."),
        # a remark on what the run will show
        ("I added tracing to the uploader.\n\nTry running the upload again. That should show where it stalls.",
         "try running the upload again."),
        # one of the message's own steps or options tried
        ("Two likely causes: the cache or the proxy.\n\nTry step 2 first - bypass the proxy for localhost.",
         "try step 2 first - bypass the proxy for localhost."),
        ("Check that the import is there and try the second approach first.", "try the second approach first."),
        # the code the message gave, pointed at
        ("Here is the fix:\n\n```sql\nUPDATE jobs SET state = 'queued' WHERE state IS NULL;\n```\n\n"
         "Run this against the staging database.", "run this against the staging database."),
    ],
)  # fmt: skip
def test_a_check_handed_back_in_more_shapes_fires(text: str, item: str) -> None:
    assert_judged(text, "fire", "work-list", ["hands the reader work the agent could do", item])


def test_the_check_over_a_list_that_only_explains_the_change_fires() -> None:
    text = ("I rewrote the lock handling.\n\nNow try building again. The main change was:\n"
            "- the mutex is released before the await\n- the guard is dropped early")  # fmt: skip
    assert_judged(text, "fire", "work-list", ["'now try building again'"])


@pytest.mark.parametrize(
    "text",
    [
        # the person's own environment
        "Here is the snippet:\n\n```js\nsessionStorage.clear()\n```\n\nRun this in your browser console.",
        "The plugin is rebuilt.\n\nOnce the update is in, restart your editor so it loads.",
        "The banner is fixed.\n\nAfter applying the fix, open the site in your browser and look at the header.",
        # the reader's own place or time
        "Here is the installer:\n\n```bash\nbrew install jq\n```\n\nRun this on your machine.",
        "Here is the report command:\n\n```bash\n./bin/report --csv\n```\n\nRun this whenever you need fresh numbers.",
        # the agent's own report, the agent's own next act after the check, a usage note
        "After applying the fix, I reran the suite. All green.",
        "Now rerun the migration. I'll then regenerate the seed data.",
        "The build is green.\n\nYou can run `make demo` to see it in action.",
        # a remark with no check before it, code that was run and reported
        "I cleaned up the retry loop and the tests pass. This should help keep CI stable.",
        "Here is what I ran:\n\n```sql\nDELETE FROM sessions WHERE expired;\n```\n\nIt removed 40 rows.",
    ],
)  # fmt: skip
def test_near_misses_of_the_check_handed_back_pass(text: str) -> None:
    assert verdict_rule_reason(text) == ("clear", None, "")
