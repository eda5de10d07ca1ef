"""The reader as doer read as a class, not as rows (docs/DESIGN.md#the-reader-as-doer, r41a): the cue offers every
closing sentence that tells, advises or asks the reader a project act — a base form of the class, the reader with any
modal, a request by a modal before the reader, a question for a command's output, a fenced command that is the close —
and the reading with its brakes decides. Each pass below is a brake: the agent's own act, a how-to under 'can', a run
the agent said is out of its reach, the person's own side, an act whose subject is the agent."""

from __future__ import annotations

import pytest

from analyzer.text.closing import closing_part
from analyzer.text.questions import question_sites
from tests.judging import assert_judged, verdict_rule_reason

ASKED = [
    ("The docs target builds now.\n\nCould you run it and check for broken cross-references?", "'run …'"),
    ("I moved the cache warmup into a hook.\n\nCan you restart the worker with `bin/worker` and check its output "
     "for the old warning?", "'restart …'"),
    ("I reworked the lifetimes in `lexer.rs`.\n\nCould you check whether `cargo test` passes after the change?",
     "'check …'"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "act"), ASKED)
def test_a_request_of_a_project_act_fires(text: str, act: str) -> None:
    assert_judged(text, "fire", "advised-work", ["asks the reader to", act, "work the agent could do"])


OUTPUT = [
    ("The fixtures use aware datetimes now.\n\nWhat did `make check` print for you?", "`make check`"),
    ("The generated stubs are ignored now.\n\nWhat does `git status` show for you?", "`git status`"),
]


@pytest.mark.parametrize(("text", "command"), OUTPUT)
def test_a_question_for_a_commands_output_fires(text: str, command: str) -> None:
    assert_judged(text, "fire", "advised-work", ["asks the reader what", command, "printed"])


MODAL = [
    # a first person that only reports stays advice
    ("The settings loader moved to pydantic.\n\nYou'll want to regenerate the lockfile, since I added a dependency.",
     "'regenerate …'"),
    # 'could' suggests the run
    ("The bench fixtures are in `bench/`.\n\nYou could run `cargo bench` to compare the new lexer.", "'run …'"),
    # writing under need
    ("The CSV exporter is written.\n\nYou'll need to write the Parquet exporter the same way.", "'write …'"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "act"), MODAL)
def test_the_readers_modal_over_the_class_fires(text: str, act: str) -> None:
    assert_judged(text, "fire", "advised-work", ["advises the reader to", act])


TRIED = [
    ("The duration parser is wired in.\n\nTry it out: `python -m jobs --dry-run` should list the next runs.",
     "'Try …'"),
    ("The flake came from a port race; the bind retries now.\n\nPlease try `make smoke` one more time.", "'try …'"),
    ("The `--since` flag groups entries now.\n\nGive it a spin with `./bin/notes --since v1.2` and see how it reads.",
     "'Give …'"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "act"), TRIED)
def test_an_imperative_of_trying_the_work_fires(text: str, act: str) -> None:
    assert_judged(text, "fire", "advised-work", ["tells the reader to", act])


OPENED = [
    # a step timed after a state of the work, not a recurring event
    ("The release branch is rebased. Once the pipeline is green, push the branch.", "advised-work", "'push …'"),
    # the 'do' of a negated imperative that carries the act
    ("The formatter config changed. Don't forget to run `make fmt` before pushing.", "advised-work", "'run …'"),
    # the check handed back and the invoked command still decide these first (their narrow paths are left in place)
    ("The route is added.\n\nRestart the API server (`bin/api`) and the new `/exports` route should answer.",
     "work-list", "restart the api server"),
    ("The schema is applied. Next: run `make seed` to fill the tables.", "work-list", "`make seed`"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "rule", "words"), OPENED)
def test_a_sentence_opened_by_a_verb_of_the_class_fires(text: str, rule: str, words: str) -> None:
    said = "hands the reader work" if rule == "work-list" else "tells the reader to"
    assert_judged(text, "fire", rule, [words, said])


def test_a_fenced_command_that_closes_with_no_lead_fires() -> None:
    text = ("The demo data script now makes two teams.\n\n```sh\nnpm run db:seed\n```\n\n"
            "This will reset the local database and add both teams.")  # fmt: skip
    assert_judged(text, "fire", "work-list", ["db:seed"])


PASSES = [
    # a how-to under 'can'
    "The CLI is packaged. You can run the checks with `make check` whenever you like.",
    # a report whose opening word is a verb of the class by its form
    "The cache work is under way.\n\nFirst commit is up; the generation counter lands next.",
    # an act timed by a recurring event is the reader's upkeep
    "The version matrix is in `ci.yml`. When new LTS versions ship, update the matrix in `ci.yml`.",
    # a run the agent said is out of its reach here
    "The CPU path passes. The GPU tests can't run here, there is no CUDA device.\n\nRun `pytest -m gpu` on a GPU box.",
    "The hook blocked `git checkout` as a safety measure.\n\nCan you run `git checkout -- web/` manually?",
    # the person's own content, and an act whose subject is the agent
    "The tests call the live endpoint.\n\nCan you paste your weather API key, or put it in `.env`, so I can run them?",
    # a request that points back at a credential named before it
    "The seed step needs the stage cache password, which my vault role cannot read. Could you add it to `vault/cache`?",
    # a block of usage after a label
    "The tool is installed.\n\nUsage:\n\n```sh\nnotes build\n```\n\nThis will print the notes.",
    # a block alone answers, no close of the agent's work
    "```sh\nnpm run db:seed\n```\n\nThis will reset the local database.",
]  # fmt: skip


@pytest.mark.parametrize("text", PASSES)
def test_the_brakes_hold(text: str) -> None:
    verdict, rule, reason = verdict_rule_reason(text)
    assert verdict != "fire" and (rule is None or "fires" not in reason), (rule, reason)


def test_crlf_line_endings_read_as_lf() -> None:
    text = ("Fixed the import path.\n\n**Fixed:** changed it to:\n```python\nfrom app.core import Planner\n```\n\n"
            "The script should now work. You can run it with:\n```bash\npython3 scripts/plan.py\n```")  # fmt: skip
    crlf = text.replace("\n", "\r\n")
    lf_part, crlf_part = closing_part(text), closing_part(crlf)
    assert [crlf_part.view[s.start : s.end] for s in crlf_part.sentences] == [
        lf_part.view[s.start : s.end] for s in lf_part.sentences
    ]
    assert [s.sentence.split() for s in question_sites(crlf)] == [s.sentence.split() for s in question_sites(text)]
    assert verdict_rule_reason(crlf)[:2] == verdict_rule_reason(text)[:2]
