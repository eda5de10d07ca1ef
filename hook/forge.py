"""Verified artifacts (docs/DESIGN.md#verified-artifacts): ask the forge, not the transcript, whether an artifact exists
as claimed.

The material-artifact exit reads a PR URL that a program printed: the text of a tool result, which the
judged agent can shape. With `verify_artifacts = "gh"` in the user's own config, each new artifact is looked
up through the GitHub CLI at the user's `gh_path` (an absolute path outside every project) with the user's
own login: the PR is open or merged in the session's repository and was created or updated after the turn's
prompt; the review exists with its event, submitted after that prompt. One `gh pr view --json` per
artifact, 2 s for all of them together, answers cached per question in the state folder.

A verdict is `confirmed`, `refuted` (the forge answered and the answer contradicts the claim: no artifact)
or `unverified` (no answer within the budget, gh failed, or nothing to ask with: the transcript evidence
stands and the stop carries the warning `artifact-unverified`). gh runs in a neutral folder with a small
environment: nothing of the project's shell (PATH, BASH_ENV, a project's GH_* values) reaches it.
Imported only when the user turned verification on and a stop found an artifact.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import signal
import stat
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from hook.exits import Artifact

CONFIRMED, REFUTED, UNVERIFIED = "confirmed", "refuted", "unverified"
UNVERIFIED_WARNING = "artifact-unverified"
BUDGET_SECONDS = 2.0
# A question answered this recently is not asked again (a chain of stops over one PR asks once).
CACHE_SECONDS = 600.0
CACHE_FOLDER = "forge"
# The forge's clock and this machine's may differ: a PR stamped this much before the prompt still counts.
CLOCK_SLACK = timedelta(minutes=2)
FIELDS = "url,number,state,createdAt,updatedAt,reviews"
LIVE_STATES = frozenset({"OPEN", "MERGED"})
REVIEW_STATE = {"APPROVE": "APPROVED", "REQUEST_CHANGES": "CHANGES_REQUESTED"}
# gh's own words for a pull request the forge does not have.
NOT_FOUND = ("could not resolve to a pullrequest", "no pull requests found", "http 404", "not found")
# The variables gh needs from the user's environment (their login, their proxy); nothing else passes.
PASSED = (
    "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "TZ", "GH_TOKEN", "GITHUB_TOKEN", "GH_ENTERPRISE_TOKEN",
    "GITHUB_ENTERPRISE_TOKEN", "GH_HOST", "GH_CONFIG_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
    "XDG_CACHE_HOME", "SSL_CERT_FILE", "SSL_CERT_DIR", "HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy",
    "NO_PROXY", "no_proxy",
)  # fmt: skip
QUIET = {"PATH": "/usr/bin:/bin", "GH_PROMPT_DISABLED": "1", "GH_NO_UPDATE_NOTIFIER": "1", "NO_COLOR": "1"}
_PR_URL = re.compile(r"https?://([A-Za-z0-9.-]+)(?::\d+)?/([\w.-]+)/([\w.-]+)/pull/(\d{1,9})/?")
_REMOTE = re.compile(r"(?:[a-z+]+://(?:[^@/]+@)?([^/:]+)(?::\d+)?/|[^@/]+@([^:/]+):)([\w.-]+)/([\w.-]+?)(?:\.git)?/?$")
MAX_ANSWER_BYTES = 1 << 20


@dataclass(frozen=True)
class Verdict:
    """What the forge said about one artifact, in words a person and the agent read."""

    status: str
    said: str


@dataclass(frozen=True)
class Session:
    """What the forge is asked against: the turn's prompt time and the session's repositories (host/owner/name
    of the project's git remotes, best first) and branch, as the project's git files say."""

    prompt_time: datetime | None
    repositories: tuple[str, ...] = ()
    branch: str | None = None


def verify(
    artifacts: Sequence[Artifact],
    *,
    gh_path: str | None,
    project_dir: str | None,
    state_dir: str,
    prompt_time: datetime | None,
    env: Mapping[str, str],
) -> tuple[Verdict, ...]:
    """One verdict per artifact, within BUDGET_SECONDS for all of them."""
    problem = unusable_gh(gh_path, project_dir)
    if problem is not None:
        return tuple(Verdict(UNVERIFIED, problem) for _ in artifacts)
    assert gh_path is not None
    session = Session(prompt_time, *session_repository(project_dir))
    deadline = time.monotonic() + BUDGET_SECONDS
    return tuple(_guarded(a, gh_path, session, state_dir, env, deadline) for a in artifacts)


def _guarded(
    artifact: Artifact, gh: str, session: Session, state_dir: str, env: Mapping[str, str], deadline: float
) -> Verdict:
    """The artifact's target is the agent's text (a NUL in a branch name, an odd URL): whatever it makes the
    asking fail with is an unverified artifact, never the hook's own error (docs/DESIGN.md#failure)."""
    try:
        return _verify_one(artifact, gh, session, state_dir, env, deadline)
    except (OSError, ValueError, TypeError, UnicodeError) as exc:
        return Verdict(UNVERIFIED, f"the forge could not be asked: {type(exc).__name__}: {exc}")


def unusable_gh(gh_path: str | None, project_dir: str | None) -> str | None:
    """Why gh_path cannot be asked (None when it can): unset, not absolute, not an executable file, or
    inside the project (a program the judged agent could have written)."""
    if not gh_path:
        return "verify_artifacts is gh but gh_path is not set in the user config"
    if not os.path.isabs(gh_path):
        return f"gh_path {gh_path!r} is not an absolute path"
    real = os.path.realpath(gh_path)
    if project_dir:
        project = os.path.realpath(project_dir)
        if real == project or real.startswith(project.rstrip(os.sep) + os.sep):
            return f"gh_path {gh_path} is inside the project {project_dir}: a program the agent could write"
    try:
        info = os.stat(real)
    except OSError as exc:
        return f"gh_path {gh_path}: {exc.strerror or exc}"
    if not stat.S_ISREG(info.st_mode) or not os.access(real, os.X_OK):
        return f"gh_path {gh_path} is not an executable file"
    return None


def _verify_one(
    artifact: Artifact, gh: str, session: Session, state_dir: str, env: Mapping[str, str], deadline: float
) -> Verdict:
    argv = question(artifact, gh, session)
    if isinstance(argv, str):
        return Verdict(UNVERIFIED, argv)
    answer = _cached(state_dir, argv)
    if answer is None:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return Verdict(UNVERIFIED, f"not asked: the {BUDGET_SECONDS:g} s budget of this stop was spent")
        answer = _ask(argv, env, remaining)
        if answer is None:
            return Verdict(UNVERIFIED, f"gh gave no answer within the {BUDGET_SECONDS:g} s budget")
        if answer[0] == 0 or _not_found(answer[2]):
            _keep(state_dir, argv, answer)
    return judge(artifact, session, *answer)


def question(artifact: Artifact, gh: str, session: Session) -> list[str] | str:
    """The gh command that asks about this artifact, or why none can be written."""
    target, repo = artifact.target, artifact.repo
    if target is None and artifact.kind == "review":
        target = session.branch
        if target is None:
            return "the review names no PR and the project's current branch is not known"
    if target is None:
        return "the artifact names no pull request"
    argv = [gh, "pr", "view", target, "--json", FIELDS]
    if _PR_URL.fullmatch(target) is None:
        repo = repo or (_owner_name(session.repositories[0]) if session.repositories else None)
        if repo is None:
            return f"which repository PR {target} is in is not known (no --repo, no git remote in the project)"
        argv += ["--repo", repo]
    return argv


def judge(artifact: Artifact, session: Session, code: int, out: str, err: str) -> Verdict:
    """The verdict on gh's answer (exit status, stdout, stderr)."""
    first = next((line.strip() for line in err.splitlines() if line.strip()), "")
    if code != 0:
        if _not_found(err):
            return Verdict(REFUTED, f"the forge has no such pull request ({first})")
        return Verdict(UNVERIFIED, f"gh exited {code}: {first or 'no message'}")
    try:
        pr = json.loads(out)
    except ValueError:
        return Verdict(UNVERIFIED, "gh's answer is not JSON")
    if not isinstance(pr, dict):
        return Verdict(UNVERIFIED, "gh's answer is not a pull request")
    url = str(pr.get("url", ""))
    where = _repository_of(url)
    shown = f"PR #{pr.get('number')} ({url})"
    if artifact.kind == "pull-request" and _normal_url(url) != _normal_url(artifact.target or ""):
        return Verdict(REFUTED, f"the forge's pull request at that address is {url or 'none'}")
    if session.repositories and where is not None and where not in session.repositories:
        ours = ", ".join(session.repositories)
        return Verdict(REFUTED, f"{shown} is in {where}, not the session's repository ({ours})")
    if artifact.kind == "review":
        return _judge_review(artifact, session, pr, shown)
    state = str(pr.get("state", "")).upper()
    if state not in LIVE_STATES:
        return Verdict(REFUTED, f"{shown} is {state.lower() or 'in no known state'}, not open or merged")
    stamps = [t for t in (_time(pr.get("createdAt")), _time(pr.get("updatedAt"))) if t is not None]
    if session.prompt_time is not None and not any(t >= session.prompt_time - CLOCK_SLACK for t in stamps):
        return Verdict(REFUTED, f"{shown} was created {pr.get('createdAt')} and last updated {pr.get('updatedAt')}, "
                                f"before this turn's prompt ({session.prompt_time.isoformat()})")  # fmt: skip
    return Verdict(CONFIRMED, f"{shown} is {state.lower()}, created {pr.get('createdAt')}")


def _judge_review(artifact: Artifact, session: Session, pr: Mapping[str, object], shown: str) -> Verdict:
    wanted = REVIEW_STATE.get(artifact.event or "")
    states = {wanted} if wanted else set(REVIEW_STATE.values())
    reviews = pr.get("reviews") if isinstance(pr.get("reviews"), list) else []
    for review in reversed(reviews):  # type: ignore[arg-type]
        if not isinstance(review, Mapping) or review.get("state") not in states:
            continue
        at = _time(review.get("submittedAt"))
        if session.prompt_time is None or (at is not None and at >= session.prompt_time - CLOCK_SLACK):
            when = review.get("submittedAt")
            return Verdict(CONFIRMED, f"{shown} has a {review.get('state')} review submitted {when}")
    kind = " or ".join(sorted(states)).lower().replace("_", " ")
    return Verdict(REFUTED, f"{shown} has no {kind} review submitted after this turn's prompt")


def _not_found(err: str) -> bool:
    lowered = err.lower()
    return any(words in lowered for words in NOT_FOUND)


def _time(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None


def _normal_url(url: str) -> str:
    match = _PR_URL.fullmatch(url.strip())
    return "/".join(g.lower() for g in match.groups()) if match else url.strip().lower()


def _repository_of(url: str) -> str | None:
    match = _PR_URL.fullmatch(url.strip())
    return "/".join(g.lower() for g in match.groups()[:3]) if match else None


def _owner_name(repository: str) -> str:
    """`--repo`'s HOST/OWNER/NAME (the host only when it is not github.com)."""
    host, _, rest = repository.partition("/")
    return rest if host == "github.com" else repository


# ---- gh, run and cached ----------------------------------------------------------------------------


def _ask(argv: list[str], env: Mapping[str, str], timeout: float) -> tuple[int, str, str] | None:
    """gh's exit status, stdout and stderr; None when it gave no answer in time (its process group is killed)."""
    environment = {name: env[name] for name in PASSED if name in env} | QUIET
    try:
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   env=environment, cwd="/", start_new_session=True)  # fmt: skip
    except (OSError, ValueError) as exc:  # ValueError: a NUL in an argument
        return 127, "", f"cannot run {argv[0]}: {getattr(exc, 'strerror', None) or exc}"
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        try:  # noqa: SIM105 - the group may be gone already
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            pass
        process.communicate()
        return None
    return process.returncode, out[:MAX_ANSWER_BYTES].decode("utf-8", "replace"), err[:4096].decode("utf-8", "replace")


def _cache_path(state_dir: str, argv: list[str]) -> str:
    digest = hashlib.sha256("\0".join(argv[1:]).encode("utf-8", "surrogatepass")).hexdigest()[:32]
    return os.path.join(state_dir, CACHE_FOLDER, f"{digest}.json")


def _cached(state_dir: str, argv: list[str]) -> tuple[int, str, str] | None:
    """A fresh answer to the same question, or None; a damaged or planted entry is no answer."""
    path = _cache_path(state_dir, argv)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        data = json.loads(os.read(fd, MAX_ANSWER_BYTES + 4096))
        if time.time() - float(data["at"]) > CACHE_SECONDS or data.get("argv") != argv[1:]:
            return None
        return int(data["code"]), str(data["out"]), str(data["err"])
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None
    finally:
        os.close(fd)


def _keep(state_dir: str, argv: list[str], answer: tuple[int, str, str]) -> None:
    """Keep an answer (best effort): a temp file created exclusively, renamed over the entry."""
    path = _cache_path(state_dir, argv)
    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump({"at": time.time(), "argv": argv[1:], "code": answer[0], "out": answer[1], "err": answer[2]}, fh)
        os.replace(tmp, path)
    except OSError:
        pass


# ---- the session's repository, from the project's git files -------------------------------------------


def session_repository(project_dir: str | None) -> tuple[tuple[str, ...], str | None]:
    """(host/owner/name of the project's remotes, in the order gh picks a base repository: upstream, github,
    origin, the rest; the checked-out branch). Empty and None when the project is no git checkout."""
    if not project_dir:
        return (), None
    git = os.path.join(project_dir, ".git")
    common = git
    if os.path.isfile(git):
        pointer = _read(git).strip()
        if not pointer.startswith("gitdir:"):
            return (), None
        git = os.path.join(project_dir, pointer.removeprefix("gitdir:").strip())
        shared = _read(os.path.join(git, "commondir")).strip()
        common = os.path.join(git, shared) if shared else git
    remotes: dict[str, str] = {}
    section = None
    for line in _read(os.path.join(common, "config")).splitlines():
        line = line.strip()
        if line.startswith("["):
            found = re.fullmatch(r'\[remote\s+"([^"]*)"\]', line)
            section = found.group(1) if found else None
        elif section is not None and (found := re.fullmatch(r"url\s*=\s*(\S+)", line)):
            repository = _remote_repository(found.group(1))
            if repository:
                remotes.setdefault(section, repository)
    order = sorted(remotes, key=lambda name: ({"upstream": 0, "github": 1, "origin": 2}.get(name, 3), name))
    head = _read(os.path.join(git, "HEAD")).strip()
    branch = head.removeprefix("ref: refs/heads/") if head.startswith("ref: refs/heads/") else None
    return tuple(dict.fromkeys(remotes[name] for name in order)), branch


def _remote_repository(url: str) -> str | None:
    match = _REMOTE.match(url)
    if match is None:
        return None
    host = match.group(1) or match.group(2)
    return f"{host}/{match.group(3)}/{match.group(4)}".lower()


def _read(path: str) -> str:
    """A regular file's text ("" when missing, special or unreadable), read whole."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError:
        return ""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return ""
        chunks = []
        while chunk := os.read(fd, 1 << 16):
            chunks.append(chunk)
        return b"".join(chunks).decode("utf-8", "replace")
    except OSError:
        return ""
    finally:
        os.close(fd)
