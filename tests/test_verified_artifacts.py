"""Verified artifacts (docs/DESIGN.md#verified-artifacts): with `verify_artifacts = "gh"` in the user's config, the
forge — asked through the user's own `gh` — confirms, refutes or leaves unverified the artifact the transcript shows.

A stand-in `gh` at an absolute path answers from fixtures (answers.json beside it, by the PR it is asked
about) and logs every call; nothing reaches a network. Each stop is a real `lanegate hook` process.
"""

from __future__ import annotations

import json
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.seat import Seat, Stop
from tests.test_adversarial import NOW, PR_URL, pr_created, stop_payload

STAND_IN = f"""#!{sys.executable}
import json, os, sys, time
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "calls.log"), "a") as log:
    log.write(json.dumps({{"argv": sys.argv[1:], "env": sorted(os.environ), "cwd": os.getcwd()}}) + "\\n")
with open(os.path.join(here, "answers.json")) as fh:
    answers = json.load(fh)
answer = answers.get(sys.argv[3], answers.get("*", {{}}))
time.sleep(answer.get("sleep", 0))
sys.stdout.write(answer.get("out", ""))
sys.stderr.write(answer.get("err", ""))
sys.exit(answer.get("code", 0))
"""
CREATED = (NOW - timedelta(minutes=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
LONG_AGO = (NOW - timedelta(days=3)).strftime("%Y-%m-%dT%H:%M:%SZ")


def pull_request(state: str = "OPEN", created: str = CREATED, url: str = PR_URL, **extra: Any) -> dict[str, Any]:
    return {"out": json.dumps({"url": url, "number": int(url.rsplit("/", 1)[1]), "state": state,
                               "createdAt": created, "updatedAt": created, "reviews": [], **extra})}  # fmt: skip


class Forge:
    """The stand-in gh of one seat: its answers and the calls it received."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir()
        self.folder = folder
        self.gh = folder / "gh"
        self.gh.write_text(STAND_IN)
        self.gh.chmod(0o755)
        self.answers({"*": {"code": 1, "err": "no fixture\n"}})

    def answers(self, table: dict[str, dict[str, Any]]) -> None:
        (self.folder / "answers.json").write_text(json.dumps(table))

    @property
    def calls(self) -> list[dict[str, Any]]:
        log = self.folder / "calls.log"
        return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


@pytest.fixture
def seat(seat: Seat) -> Seat:
    return seat.as_claude()


@pytest.fixture
def forge(seat: Seat) -> Forge:
    forge = Forge(seat.root / "forge-bin")
    seat.user_config.write_text(f'verify_artifacts = "gh"\ngh_path = "{forge.gh}"\n')
    return forge


def remote(seat: Seat, url: str = "https://github.com/acme/parser.git", branch: str = "feat") -> None:
    git = seat.project / ".git"
    git.mkdir()
    (git / "config").write_text(f'[core]\n\tbare = false\n[remote "origin"]\n\turl = {url}\n')
    (git / "HEAD").write_text(f"ref: refs/heads/{branch}\n")


def created_stop(seat: Seat, **fields: Any) -> Stop:
    return seat.hook(stop_payload(seat, "Opened the PR for the parser lane.", commands=pr_created(), **fields))


def test_a_pull_request_the_forge_confirms_is_a_verified_material_allow(seat: Seat, forge: Forge) -> None:
    remote(seat)
    forge.answers({PR_URL: pull_request()})
    stop = created_stop(seat)
    assert (stop.line["class"], stop.line["tag"]) == ("MATERIAL-ALLOW", "material-artifact")
    assert stop.line["verified"] == [f"PR created: {PR_URL} (verified: PR #7 ({PR_URL}) is open, created {CREATED})"]
    assert stop.line["reason"].endswith(stop.line["verified"][0])
    (call,) = forge.calls
    assert call["argv"] == ["pr", "view", PR_URL, "--json", "url,number,state,createdAt,updatedAt,reviews"]
    assert call["cwd"] == "/"


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        ({"code": 1, "err": "GraphQL: Could not resolve to a PullRequest with the number of 7.\n"},
         "the forge has no such pull request (GraphQL: Could not resolve to a PullRequest with the number of 7.)"),
        (pull_request(state="CLOSED"), f"PR #7 ({PR_URL}) is closed, not open or merged"),
        (pull_request(created=LONG_AGO), f"PR #7 ({PR_URL}) was created {LONG_AGO} and last updated {LONG_AGO}, "
                                         "before this turn's prompt"),
        (pull_request(url="https://github.com/acme/parser/pull/8"),
         "the forge's pull request at that address is https://github.com/acme/parser/pull/8"),
    ],
    ids=["not found", "closed", "before the prompt", "another PR"],
)  # fmt: skip
def test_a_pull_request_the_forge_contradicts_is_no_artifact(seat: Seat, forge: Forge, answer: dict[str, Any],
                                                             said: str) -> None:  # fmt: skip
    """Revision 3: the URL a `gh pr create` result printed was the artifact, whatever the forge holds."""
    forge.answers({PR_URL: answer})
    stop = created_stop(seat)
    assert (stop.line["class"], stop.line["tag"]) == ("BLOCK", "artifact-refuted")
    assert f"(rule: artifact-refuted — the forge does not confirm the artifact the transcript shows: PR created: " \
           f"{PR_URL}: {said}" in stop.line["reason"]
    assert json.loads(stop.stdout) == {"decision": "block", "reason": stop.line["reason"]}
    assert f"artifact-refuted: PR created: {PR_URL}: {said}" in stop.line["warnings"][-1]
    assert "verified" not in stop.line


def test_a_pull_request_in_another_repository_than_the_sessions_is_refuted(seat: Seat, forge: Forge) -> None:
    remote(seat, "git@github.com:acme/other.git")
    forge.answers({PR_URL: pull_request()})
    stop = created_stop(seat)
    assert stop.line["tag"] == "artifact-refuted"
    assert f"PR #7 ({PR_URL}) is in github.com/acme/parser, not the session's repository (github.com/acme/other)" in (
        stop.line["reason"])


@pytest.mark.parametrize(
    ("answer", "said"),
    [({"sleep": 6, **pull_request()}, "gh gave no answer within the 2 s budget"),
     ({"code": 1, "err": "error connecting to api.github.com\ncheck your internet connection\n"},
      "gh exited 1: error connecting to api.github.com")],
    ids=["over budget", "unreachable"],
)  # fmt: skip
def test_a_forge_that_does_not_answer_leaves_the_transcript_evidence_standing(
    seat: Seat, forge: Forge, answer: dict[str, Any], said: str
) -> None:
    forge.answers({PR_URL: answer})
    started = time.monotonic()
    stop = created_stop(seat)
    assert time.monotonic() - started < 5.5  # the 2 s budget, not the stand-in's 6 s
    assert (stop.line["class"], stop.line["tag"]) == ("MATERIAL-ALLOW", "material-artifact")
    assert "artifact-unverified" in stop.line["warnings"]
    assert stop.line["reason"].endswith(f"PR created: {PR_URL} (unverified: {said})")
    assert stop.line["verified"] == []


def test_an_answer_is_cached_per_question_in_the_state_folder(seat: Seat, forge: Forge) -> None:
    forge.answers({PR_URL: pull_request()})
    assert created_stop(seat).line["class"] == "MATERIAL-ALLOW"
    again = created_stop(seat, session_id="5e55a000-0000-4000-8000-000000000002")
    assert (again.line["class"], len(forge.calls)) == ("MATERIAL-ALLOW", 1)
    assert [p.parent.name for p in seat.state.glob("forge/*.json")] == ["forge"]


def test_a_review_is_confirmed_by_its_event_after_the_prompt(seat: Seat, forge: Forge) -> None:
    remote(seat)
    review = {"state": "APPROVED", "submittedAt": CREATED, "author": {"login": "me"}}
    forge.answers({"12": pull_request(url="https://github.com/acme/parser/pull/12", reviews=[review])})
    stop = seat.hook(stop_payload(seat, "Approved #12.", commands=(("gh pr review 12 --approve", "✓ Approved"),)))
    assert (stop.line["class"], stop.line["tag"]) == ("MATERIAL-ALLOW", "material-artifact")
    (call,) = forge.calls
    assert call["argv"][2:] == ["12", "--json", "url,number,state,createdAt,updatedAt,reviews", "--repo", "acme/parser"]
    assert "has a APPROVED review submitted" in stop.line["verified"][0]


def test_a_review_the_forge_does_not_show_is_refuted(seat: Seat, forge: Forge) -> None:
    remote(seat)
    old = {"state": "APPROVED", "submittedAt": LONG_AGO}
    forge.answers({"feat": pull_request(url="https://github.com/acme/parser/pull/12", reviews=[old])})
    approved = (("gh pr review --approve", "✓ Approved"),)
    stop = seat.hook(stop_payload(seat, "Approved the branch's PR.", commands=approved))
    assert stop.line["tag"] == "artifact-refuted"
    assert "has no approved review submitted after this turn's prompt" in stop.line["reason"]
    assert forge.calls[0]["argv"][2] == "feat"  # the project's current branch


def test_gh_runs_with_the_users_login_and_nothing_of_the_projects_shell(seat: Seat, forge: Forge) -> None:
    forge.answers({PR_URL: pull_request()})
    env = seat.env(GH_TOKEN="user-token", BASH_ENV="/tmp/x", LD_PRELOAD="/tmp/y.so", PATH="/tmp/trap:/usr/bin:/bin")
    stop = seat.hook(stop_payload(seat, "Opened the PR.", commands=pr_created()), env=env)
    assert stop.line["class"] == "MATERIAL-ALLOW"
    (call,) = forge.calls
    assert {"BASH_ENV", "LD_PRELOAD"} & set(call["env"]) == set()
    assert "GH_TOKEN" in call["env"] and "GH_PROMPT_DISABLED" in call["env"]


def test_verification_is_off_by_default_and_the_forge_is_never_asked(seat: Seat) -> None:
    forge = Forge(seat.root / "forge-bin")
    stop = created_stop(seat)
    assert (stop.line["class"], "verified" in stop.line, forge.calls) == ("MATERIAL-ALLOW", False, [])


def test_a_project_cannot_turn_verification_off_or_name_its_own_gh(seat: Seat, forge: Forge) -> None:
    forge.answers({PR_URL: {"code": 1, "err": "GraphQL: Could not resolve to a PullRequest\n"}})
    own = seat.project / "gh"
    own.write_text("#!/bin/sh\necho '{}'\n")
    seat.project_config.write_text(f'verify_artifacts = "off"\ngh_path = "{own}"\n')
    stop = created_stop(seat)
    assert stop.line["tag"] == "artifact-refuted"
    assert "project lanegate.toml verify_artifacts ignored: only the user file may set it" in stop.line["warnings"]
    assert "project lanegate.toml gh_path ignored: only the user file may set it" in stop.line["warnings"]


def test_a_gh_path_inside_the_project_is_never_run(seat: Seat) -> None:
    own = seat.project / "tools" / "gh"
    own.parent.mkdir()
    own.write_text("#!/bin/sh\ntouch ran\n")
    own.chmod(0o755)
    seat.user_config.write_text(f'verify_artifacts = "gh"\ngh_path = "{own}"\n')
    stop = created_stop(seat)
    assert (stop.line["class"], "artifact-unverified" in stop.line["warnings"]) == ("MATERIAL-ALLOW", True)
    assert f"gh_path {own} is inside the project {seat.project}: a program the agent could write" in stop.line["reason"]
    assert not (seat.project / "tools" / "ran").exists()


def test_a_review_target_the_agent_shaped_to_break_the_asking_is_unverified(seat: Seat, forge: Forge) -> None:
    """A NUL in the PR selector cannot be passed to a program: the artifact is unverified, never an ERROR."""
    remote(seat)
    stop = seat.hook(stop_payload(seat, "Approved.", commands=(("gh pr review $'a\\x00b' --approve", "Approved"),)))
    assert stop.line["class"] != "ERROR"
    mcp = (("mcp__github__create_pull_request_review", {"owner": "acme", "repo": "parser", "pullNumber": "1\u0000",
                                                        "event": "APPROVE"}, "ok"),)  # fmt: skip
    stop = seat.hook(stop_payload(seat, "Approved.", tools=mcp, session_id="5e55a000-0000-4000-8000-000000000003"))
    assert (stop.line["class"], "artifact-unverified" in stop.line["warnings"]) == ("MATERIAL-ALLOW", True)


# ---- the decision table (pure): where the refuted artifact stands among the rows ---------------------


def test_a_refuted_artifact_is_an_l5_refusal_after_every_exit_and_before_the_lane_tags() -> None:
    from tests.test_decision import ACCEPTED, judged, shape, situation

    said = ("PR created: x: the forge has no such pull request",)
    assert shape(judged(situation(refuted=said, lane_outcome="valid"))) == ("block", "BLOCK", "artifact-refuted", "L5")
    refused = judged(situation(refuted=said))
    assert refused.because == f"the forge refuted the artifact: {said[0]}"
    assert f"(rule: artifact-refuted — the forge does not confirm the artifact the transcript shows: {said[0]})" in (
        refused.reason)
    # a confirmed artifact beside it, a clean terminal or the operator's turn still decide as before
    assert shape(judged(situation(refuted=said, material=ACCEPTED)))[2] == "material-artifact"
    assert shape(judged(situation(refuted=said, clean=ACCEPTED)))[2] == "clean-terminal"
    assert shape(judged(situation(refuted=said, operator_in_loop=True)))[2] == "operator-dialogue"
    assert shape(judged(situation("enforce", max_refusals=2, consecutive_refusals=2, refuted=said)))[2] == "ceiling"
