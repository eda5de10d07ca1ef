"""What a tool call did, read from its name, input and result: PR fetches, PR creation, reviews.

Which calls ran a shell command is each harness's knowledge: its decoder names its shell tools (the
`shell_tools` of hook/harness/<name>/harness.toml), and the reader gives those calls their command line
(ToolCall.command, through shell_line). Shell commands are only read, never run, and read as bash reads
them (hook.transcript.bash, a maintained bash grammar) with gh's own flag rules (hook.transcript.gh). A
command counts as "standalone" when it is one simple command: no pipe, list, redirection, background job,
subshell or substitution, because any of those lets the command print text (such as a pull-request URL)
that the named program never produced.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from functools import lru_cache

from hook.transcript.records import LazyRegex, ToolCall

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

SHELLS = frozenset({"bash", "sh", "zsh", "/bin/bash", "/bin/sh", "/bin/zsh", "/usr/bin/bash"})
COMMAND_WRAPPERS = frozenset({"command", "env", "exec", "time", "nohup"})
SHELL_WHITESPACE = " \t\r\n"
_QUOTING = str.maketrans("", "", "'\"\\")
# fnmatch's special characters: a pattern without them matches only the name it spells.
WILDCARDS = frozenset("*?[")

# gh flags that take a value, so the value is not read as the PR selector.
GH_VALUE_FLAGS = frozenset(
    {"-R", "--repo", "--json", "-q", "--jq", "-t", "--template", "-i", "--interval",
     "-b", "--body", "-F", "--body-file"}
)
PR_FETCH_SUBCOMMANDS = frozenset({"view", "checks"})
PR_CREATE_SUBCOMMANDS = frozenset({"create", "new"})
# The events of a configured review tool's input that make a formal review (docs/DESIGN.md#material-artifact,
# revision 3): an approval or a change request; COMMENT (or a pending review, or no event) is not one.
REVIEW_EVENTS = frozenset({"APPROVE", "REQUEST_CHANGES"})
# The GitHub CLI: the word `gh` as the command, or one of these absolute paths (config gh_paths, which
# only the user file or the environment sets). `./gh`, `bin/gh` or `/tmp/x/gh` is whatever the agent
# put there.
DEFAULT_GH_PATHS = ("/usr/bin/gh", "/usr/local/bin/gh", "/opt/homebrew/bin/gh")

PR_URL = LazyRegex(r"https?://[A-Za-z0-9.-]+(?::\d+)?/[\w.-]+/[\w.-]+/pull/(\d{1,9})(?![\w-])")
PR_PATH = LazyRegex(r"/pulls?/(\d{1,9})(?!\d)")
API_PULLS = LazyRegex(r"(?:^|/)pulls/(\d{1,9})(?!\d)")
GRAPHQL_PR = LazyRegex(r"pullRequest\s*\(\s*number\s*:\s*(\d{1,9})")
PR_INPUT_KEY = LazyRegex(r"(?i)pull|number|url|^(?:pr|ref|id)$|^pr[_-]?(?:num|id)")


def shell_line(name: str, tool_input: Mapping[str, Any], shell_tools: Collection[str]) -> str | None:
    """The command line a call of one of the harness's shell tools ran (its input's `command`: a line, or
    the words of one), or None when the call is no shell command."""
    if name not in shell_tools:
        return None
    command = tool_input.get("command")
    if isinstance(command, str):
        return command
    if isinstance(command, list) and command and all(isinstance(part, str) for part in command):
        if len(command) == 3 and command[0] in SHELLS and command[1] in ("-c", "-lc", "-ic"):
            return command[2]
        import shlex

        return shlex.join(command)
    return None


def name_matches(name: str, patterns: Iterable[str]) -> bool:
    """Whether a tool name matches one of the fnmatch patterns (case-sensitive); a pattern without
    wildcards is compared as written, so a stop compiles no pattern for plain tool names."""
    plain, wild = _split_patterns(patterns if isinstance(patterns, tuple) else tuple(patterns))
    if name in plain:
        return True
    if wild:
        from fnmatch import fnmatchcase

        return any(fnmatchcase(name, pattern) for pattern in wild)
    return False


@lru_cache(maxsize=64)
def _split_patterns(patterns: tuple[str, ...]) -> tuple[frozenset[str], tuple[str, ...]]:
    """The plain names and the wildcard patterns of a pattern list, sorted out once per list (a stop
    asks about every tool call of the turn, against the same configured lists)."""
    plain = frozenset(p for p in patterns if WILDCARDS.isdisjoint(p))
    return plain, tuple(p for p in patterns if p not in plain)


def may_name(command: str, *words: str) -> bool:
    """False only when no word bash reads in the command holds `gh` and one of `words` (as parts of its
    words): with its quote and escape characters taken out, every static word bash reads is a piece of
    the command (an expansion has no static value; only ANSI-C `$'…'` spells a letter by number), so a
    substring test settles most of a turn's commands — `git commit -m 'fix'` too — before any parser."""
    if "$'" in command:  # ANSI-C quoting spells letters by number ($'\\x67h' is gh)
        return True
    if "'" in command or '"' in command or "\\" in command:  # quotes and escapes split a word, never spell one
        command = command.translate(_QUOTING)
    return "gh" in command and any(w in command for w in words)


def is_standalone(command: str) -> bool:
    """True when bash runs the command line as one simple command and nothing else (comments aside)."""
    from hook.transcript.bash import parse

    script = parse(command)
    return script is not None and script.standalone


def gh_args(words: Sequence[str | None]) -> list[str | None] | None:
    """The arguments after `gh` when gh is the simple command's command word (after wrappers such as env)."""
    index = 0
    while index < len(words) and words[index] in COMMAND_WRAPPERS:
        index += 1
    word = words[index] if index < len(words) else None
    if word is not None and is_gh(word, DEFAULT_GH_PATHS):
        return list(words[index + 1 :])
    return None


def runs_bare_gh(command: str) -> bool:
    """Whether bash runs the word `gh` itself, found through PATH, in a PR command of this line
    (docs/DESIGN.md#evidence): which program that is depends on the shell's environment. A line bash cannot be read into
    commands counts as one (it shows nothing either way)."""
    if not may_name(command, "pr", "pull"):
        return False
    from hook.transcript.bash import parse

    script = parse(command)
    if script is None:
        return True
    for simple in script.commands:
        index = 0
        while index < len(simple.words) and simple.words[index] in COMMAND_WRAPPERS:
            index += 1
        if index < len(simple.words) and simple.words[index] == "gh":
            return True
    return False


def is_gh(word: str, gh_paths: Collection[str]) -> bool:
    """Whether a command word runs the GitHub CLI: exactly `gh`, or a listed absolute path."""
    return word == "gh" or word in gh_paths


def pr_number(text: str) -> int | None:
    """The number of "812" or "#812" (a fullmatch of `#?(\\d{1,9})`), read without a regex: \\d is a
    Unicode decimal digit, as str.isdecimal() tells, and int() reads every one."""
    digits = text[1:] if text[:1] == "#" else text
    return int(digits) if 0 < len(digits) <= 9 and digits.isdecimal() else None


def pr_selector(args: Iterable[str]) -> int | None:
    """The PR number a `gh pr <sub>` names as its first positional argument (number, #N or URL)."""
    skip = False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg.startswith("-"):
            skip = arg in GH_VALUE_FLAGS
            continue
        if (number := pr_number(arg)) is not None:
            return number
        if match := PR_URL.fullmatch(arg):
            return int(match.group(1))
        return None  # a branch name: not a number we can check against a ref
    return None


def fetched_prs(call: ToolCall, pr_fetch_tools: Collection[str] = ()) -> frozenset[int]:
    """PR numbers this call fetched: gh pr view/checks N, gh api …/pulls/N, or a configured MCP tool."""
    if call.is_error:
        return frozenset()
    return fetch_targets(call, pr_fetch_tools)


def fetch_targets(call: ToolCall, pr_fetch_tools: Collection[str] = ()) -> frozenset[int]:
    """PR numbers this call fetches if it succeeds: fetched_prs without looking at its result."""
    if name_matches(call.name, pr_fetch_tools):
        return frozenset(_numbers_in_input(call.input))
    command = call.command
    # `pr view|checks` needs the word pr; `api …/pulls/N` and `pullRequest(number:` need "pull".
    if command is None or not may_name(command, "pr", "pull"):
        return frozenset()
    return command_fetches(command)


@lru_cache(maxsize=256)
def command_fetches(command: str) -> frozenset[int]:
    """PR numbers a command line fetches with gh (any simple command in it, as bash reads the line): the
    parsing read behind fetch_targets.

    Cached: a stop reads each call for the lane-state gates and again for the checkpoint, and a turn
    that polls a PR runs the same command many times.
    """
    from hook.transcript.bash import parse

    script = parse(command)
    found: set[int] = set()
    for simple in script.commands if script is not None else ():
        args = gh_args(simple.words)
        if not args:
            continue
        words = [a for a in args if a is not None]
        if args[0] == "pr" and len(args) > 1 and args[1] in PR_FETCH_SUBCOMMANDS:
            number = pr_selector(words[2:])
            if number is not None:
                found.add(number)
        elif args[0] == "api":
            for arg in words[1:]:
                found.update(int(n) for n in API_PULLS.findall(arg))
                found.update(int(n) for n in GRAPHQL_PR.findall(arg))
    return frozenset(found)


def created_pr_url(call: ToolCall, gh_paths: Collection[str] = DEFAULT_GH_PATHS) -> str | None:
    """The PR URL a successful, standalone `gh pr create` printed, or None (gh's flags decide whether it
    created anything: --dry-run, --web or an error creates nothing)."""
    args = _standalone_gh(call, gh_paths)
    if not args or len(args) < 2 or args[0] != "pr" or args[1] not in PR_CREATE_SUBCOMMANDS:
        return None
    if call.is_error or call.result_text is None:
        return None
    from hook.transcript.gh import creates_pr

    if not creates_pr(args[2:]):
        return None
    urls = [m.group(0) for m in PR_URL.finditer(call.result_text)]
    return urls[-1] if urls else None


def submitted_review(
    call: ToolCall, review_tools: Collection[str], gh_paths: Collection[str] = DEFAULT_GH_PATHS
) -> str | None:
    """A short description of a formal review this call submitted, or None: a configured review tool whose
    input's event approves or requests changes, or a standalone `gh pr review` that does (gh's flags)."""
    if call.is_error or call.result_text is None:
        return None
    if name_matches(call.name, review_tools):
        event = call.input.get("event")
        if not isinstance(event, str) or event.strip().upper() not in REVIEW_EVENTS:
            return None  # a COMMENT, a pending review or no event: not a formal review
                         # (docs/DESIGN.md#material-artifact)
        numbers = sorted(set(_numbers_in_input(call.input)))
        on = f" on PR {numbers[0]}" if len(numbers) == 1 else ""
        return f"review submitted: {call.name}{on}"
    args = _standalone_gh(call, gh_paths)
    if not args or len(args) < 2 or args[:2] != ["pr", "review"]:
        return None
    from hook.transcript.gh import review_action

    action = review_action(args[2:])
    if action is None:
        return None
    flag, selector = action
    number = pr_selector([selector]) if selector is not None else None
    target = f"PR {number}" if number is not None else "the current branch's PR"
    return f"review submitted: gh pr review --{flag} on {target}"


def _standalone_gh(call: ToolCall, gh_paths: Collection[str]) -> list[str | None] | None:
    command = call.command
    # Both callers need `gh pr …`: most commands are settled by a substring test, before any parser.
    if command is None or not may_name(command, "pr"):
        return None
    return standalone_gh_args(command, gh_paths)


def standalone_gh_args(command: str, gh_paths: Collection[str] = DEFAULT_GH_PATHS) -> list[str | None] | None:
    """The words after gh when bash runs the command line as one standalone command of the GitHub CLI
    (None for a word bash computes), else None."""
    words = _standalone_gh_words(command, tuple(gh_paths))
    return None if words is None else list(words)


@lru_cache(maxsize=256)
def _standalone_gh_words(command: str, gh_paths: tuple[str, ...]) -> tuple[str | None, ...] | None:
    """standalone_gh_args, cached (both artifact readers ask about every gh pr command of the turn)."""
    if not _may_start_with_gh(command):
        return None
    from hook.transcript.bash import parse

    script = parse(command)
    if script is None or not script.standalone:
        return None
    words = script.commands[0].words
    if not words or words[0] is None or not is_gh(words[0], gh_paths):
        return None
    return words[1:]


def _may_start_with_gh(command: str) -> bool:
    """False only when the first word is plainly not gh: without quotes, escapes or # it is the word
    bash reads first, so most of a turn's commands skip the parser."""
    text = command.lstrip(SHELL_WHITESPACE)
    head = text[: next((i for i, c in enumerate(text) if c in SHELL_WHITESPACE), len(text))]
    return any(c in head for c in "'\"\\#$") or head == "gh" or head.startswith("/")  # gh_paths are absolute


def _numbers_in_input(value: Any, key: str = "", depth: int = 0) -> Iterable[int]:
    """PR numbers named in a tool input: values under PR-ish keys, and PR URLs anywhere."""
    if depth > 4:
        return
    if isinstance(value, Mapping):
        for k, v in value.items():
            yield from _numbers_in_input(v, str(k), depth + 1)
    elif isinstance(value, list | tuple):
        for item in value[:100]:
            yield from _numbers_in_input(item, key, depth + 1)
    elif isinstance(value, bool):
        return
    elif isinstance(value, int):
        if PR_INPUT_KEY.search(key):
            yield value
    elif isinstance(value, str):
        for match in PR_PATH.finditer(value):
            yield int(match.group(1))
        if PR_INPUT_KEY.search(key) and (number := pr_number(value.strip())) is not None:
            yield number
