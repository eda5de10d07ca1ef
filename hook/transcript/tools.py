"""What a tool call did, read from its name, input and result: PR fetches, PR creation, reviews.

Shell commands are only read, never run. A command counts as "standalone" when it is one simple
command: no pipe, list, redirection, background job, subshell or command substitution, because any of
those lets the command print text (such as a pull-request URL) that the named program never produced.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from functools import lru_cache

from hook.transcript.records import LazyRegex, ToolCall

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

# Tool names whose input["command"] is a shell command line, across the supported harnesses.
DEFAULT_SHELL_TOOLS: frozenset[str] = frozenset(
    {"Bash", "shell", "local_shell", "exec_command", "run_shell_command", "run_terminal_cmd"}
)
SHELLS = frozenset({"bash", "sh", "zsh", "/bin/bash", "/bin/sh", "/bin/zsh", "/usr/bin/bash"})
COMMAND_WRAPPERS = frozenset({"command", "env", "exec", "time", "nohup"})
OPERATOR_CHARS = frozenset("();<>|&")
SHLEX_WHITESPACE = " \t\r\n"  # what shlex.split separates words on
_SHLEX_SPACES = str.maketrans("\t\r\n", "   ")
# fnmatch's special characters: a pattern without them matches only the name it spells.
WILDCARDS = frozenset("*?[")

# gh flags that take a value, so the value is not read as the PR selector.
GH_VALUE_FLAGS = frozenset(
    {"-R", "--repo", "--json", "-q", "--jq", "-t", "--template", "-i", "--interval",
     "-b", "--body", "-F", "--body-file"}
)
PR_FETCH_SUBCOMMANDS = frozenset({"view", "checks"})
PR_CREATE_SUBCOMMANDS = frozenset({"create", "new"})
# A formal review approves or requests changes (SPEC §5.2); `--comment` is a comment, not a review.
REVIEW_ACTIONS = {
    "-a": "--approve", "--approve": "--approve",
    "-r": "--request-changes", "--request-changes": "--request-changes",
}
# The GitHub CLI: the word `gh` as the command, or one of these absolute paths (config gh_paths, which
# only the user file or the environment sets). `./gh`, `bin/gh` or `/tmp/x/gh` is whatever the agent
# put there.
DEFAULT_GH_PATHS = ("/usr/bin/gh", "/usr/local/bin/gh", "/opt/homebrew/bin/gh")

PR_URL = LazyRegex(r"https?://[A-Za-z0-9.-]+(?::\d+)?/[\w.-]+/[\w.-]+/pull/(\d{1,9})(?![\w-])")
PR_PATH = LazyRegex(r"/pulls?/(\d{1,9})(?!\d)")
API_PULLS = LazyRegex(r"(?:^|/)pulls/(\d{1,9})(?!\d)")
GRAPHQL_PR = LazyRegex(r"pullRequest\s*\(\s*number\s*:\s*(\d{1,9})")
PR_INPUT_KEY = LazyRegex(r"(?i)pull|number|url|^(?:pr|ref|id)$|^pr[_-]?(?:num|id)")


def shell_command(call: ToolCall, shell_tools: Collection[str] = DEFAULT_SHELL_TOOLS) -> str | None:
    """The command line a shell tool call ran, or None when the call is not a shell command."""
    if call.name not in shell_tools:
        return None
    command = call.input.get("command")
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
    """False only when no shlex reading of the command holds `gh` and one of `words` (as parts of its
    words): without quotes or escapes every word shlex reads is a piece of the command as written, so
    a substring test settles most of a turn's commands before any tokenizer runs."""
    if "'" in command or '"' in command or "\\" in command:  # shlex's quotes and escape
        return True
    return "gh" in command and any(w in command for w in words)


def is_standalone(command: str) -> bool:
    """True when the command line is one simple command (quotes respected, `\\` escapes honoured)."""
    quote: str | None = None
    i, text = 0, command.strip()
    while i < len(text):
        char = text[i]
        if quote == "'":
            if char == "'":
                quote = None
        elif quote == '"':
            if char == "\\":
                i += 2
                continue
            if char == '"':
                quote = None
            elif char == "`" or text.startswith("$(", i):
                return False
        else:
            if char == "\\":
                i += 2
                continue
            if char in "'\"":
                quote = char
            elif char in OPERATOR_CHARS or char in "`\n\r" or text.startswith("$(", i):
                return False
        i += 1
    return quote is None and bool(text)


def shlex_words(text: str, *, punctuation: bool = False) -> list[str]:
    """shlex's reading of a command line: posix words split on its whitespace, comments dropped, and with
    punctuation, runs of ();<>|& as tokens of their own. A line without quotes, escapes or # is read
    here directly; any other goes to shlex itself (imported then), which raises ValueError for
    unbalanced quotes."""
    if "'" in text or '"' in text or "\\" in text or "#" in text:
        import shlex

        lexer = shlex.shlex(text, posix=True, punctuation_chars=punctuation)
        lexer.whitespace_split = True
        return list(lexer)
    if not punctuation:
        return [word for word in text.translate(_SHLEX_SPACES).split(" ") if word]
    tokens: list[str] = []
    start = 0
    kind = None  # of the token being read: True punctuation, False word, None between tokens
    for index, char in enumerate(text):
        now = None if char in SHLEX_WHITESPACE else char in OPERATOR_CHARS
        if now != kind:
            if kind is not None:
                tokens.append(text[start:index])
            start, kind = index, now
    if kind is not None:
        tokens.append(text[start:])
    return tokens


def command_segments(command: str) -> list[list[str]]:
    """The simple commands of a command line, as word lists (a best-effort read for evidence)."""
    flat = command.replace("\\\n", " ").replace("\n", " ; ")
    try:
        tokens = shlex_words(flat, punctuation=True)
    except ValueError:  # unbalanced quotes: fall back to plain words
        tokens = flat.split()
    segments: list[list[str]] = [[]]
    for token in tokens:
        if token and set(token) <= OPERATOR_CHARS:
            segments.append([])
        else:
            segments[-1].append(token)
    return [s for s in segments if s]


def gh_args(words: list[str]) -> list[str] | None:
    """The arguments after `gh` when gh is the segment's command word (after VAR=x and wrappers)."""
    index = 0
    while index < len(words) and (words[index] in COMMAND_WRAPPERS or _assignment(words[index])):
        index += 1
    if index < len(words) and is_gh(words[index], DEFAULT_GH_PATHS):
        return words[index + 1 :]
    return None


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


def fetched_prs(
    call: ToolCall,
    pr_fetch_tools: Collection[str] = (),
    shell_tools: Collection[str] = DEFAULT_SHELL_TOOLS,
) -> frozenset[int]:
    """PR numbers this call fetched: gh pr view/checks N, gh api …/pulls/N, or a configured MCP tool."""
    if call.is_error:
        return frozenset()
    return fetch_targets(call, pr_fetch_tools, shell_tools)


def fetch_targets(
    call: ToolCall,
    pr_fetch_tools: Collection[str] = (),
    shell_tools: Collection[str] = DEFAULT_SHELL_TOOLS,
) -> frozenset[int]:
    """PR numbers this call fetches if it succeeds: fetched_prs without looking at its result."""
    if name_matches(call.name, pr_fetch_tools):
        return frozenset(_numbers_in_input(call.input))
    command = shell_command(call, shell_tools)
    # `pr view|checks` needs the word pr; `api …/pulls/N` and `pullRequest(number:` need "pull".
    if command is None or not may_name(command, "pr", "pull"):
        return frozenset()
    return command_fetches(command)


@lru_cache(maxsize=256)
def command_fetches(command: str) -> frozenset[int]:
    """PR numbers a command line fetches with gh (any segment): the tokenizing read behind fetch_targets.

    Cached: a stop reads each call for the lane-state gates and again for the checkpoint, and a turn
    that polls a PR runs the same command many times.
    """
    found: set[int] = set()
    for words in command_segments(command):
        args = gh_args(words)
        if not args:
            continue
        if args[0] == "pr" and len(args) > 1 and args[1] in PR_FETCH_SUBCOMMANDS:
            number = pr_selector(args[2:])
            if number is not None:
                found.add(number)
        elif args[0] == "api":
            for arg in args[1:]:
                found.update(int(n) for n in API_PULLS.findall(arg))
                found.update(int(n) for n in GRAPHQL_PR.findall(arg))
    return frozenset(found)


def created_pr_url(
    call: ToolCall, shell_tools: Collection[str] = DEFAULT_SHELL_TOOLS, gh_paths: Collection[str] = DEFAULT_GH_PATHS
) -> str | None:
    """The PR URL a successful, standalone `gh pr create` printed, or None."""
    args = _standalone_gh(call, shell_tools, gh_paths)
    if not args or len(args) < 2 or args[0] != "pr" or args[1] not in PR_CREATE_SUBCOMMANDS:
        return None
    if "--dry-run" in args or call.is_error or call.result_text is None:
        return None
    urls = [m.group(0) for m in PR_URL.finditer(call.result_text)]
    return urls[-1] if urls else None


def submitted_review(
    call: ToolCall,
    review_tools: Collection[str],
    shell_tools: Collection[str] = DEFAULT_SHELL_TOOLS,
    gh_paths: Collection[str] = DEFAULT_GH_PATHS,
) -> str | None:
    """A short description of a formal review this call submitted, or None."""
    if call.is_error or call.result_text is None:
        return None
    if name_matches(call.name, review_tools):
        numbers = sorted(set(_numbers_in_input(call.input)))
        on = f" on PR {numbers[0]}" if len(numbers) == 1 else ""
        return f"review submitted: {call.name}{on}"
    args = _standalone_gh(call, shell_tools, gh_paths)
    if not args or len(args) < 2 or args[:2] != ["pr", "review"]:
        return None
    actions = [REVIEW_ACTIONS[a] for a in _flags(args[2:]) if a in REVIEW_ACTIONS]
    if not actions:
        return None
    number = pr_selector(args[2:])
    target = f"PR {number}" if number is not None else "the current branch's PR"
    return f"review submitted: gh pr review {actions[-1]} on {target}"


def _flags(args: list[str]) -> list[str]:
    """The flags among gh's arguments, the values of value-taking flags left out (`-b --approve` is a
    body that says --approve, not an approval)."""
    flags: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg.startswith("-"):
            flags.append(arg)
            skip = arg in GH_VALUE_FLAGS
    return flags


def _standalone_gh(call: ToolCall, shell_tools: Collection[str], gh_paths: Collection[str]) -> list[str] | None:
    command = shell_command(call, shell_tools)
    # Both callers need `gh pr …`: most commands are settled by a substring test, before any tokenizer.
    if command is None or not may_name(command, "pr"):
        return None
    return standalone_gh_args(command, gh_paths)


def standalone_gh_args(command: str, gh_paths: Collection[str] = DEFAULT_GH_PATHS) -> list[str] | None:
    """The words after gh when the command line is one standalone command of the GitHub CLI, else None."""
    words = _standalone_gh_words(command, tuple(gh_paths))
    return None if words is None else list(words)


@lru_cache(maxsize=256)
def _standalone_gh_words(command: str, gh_paths: tuple[str, ...]) -> tuple[str, ...] | None:
    """standalone_gh_args, cached (both artifact readers ask about every gh pr command of the turn)."""
    if not _may_start_with_gh(command) or not is_standalone(command):
        return None
    try:
        words = shlex_words(command)  # shlex.split(command, comments=True)
    except ValueError:
        return None
    if not words or not is_gh(words[0], gh_paths):
        return None
    return tuple(words[1:])


def _may_start_with_gh(command: str) -> bool:
    """False only when the first word is plainly not gh: without quotes, escapes or # it is what
    shlex would read, so most of a turn's commands skip the tokenizer (two per call otherwise)."""
    text = command.lstrip(SHLEX_WHITESPACE)
    head = text[: next((i for i, c in enumerate(text) if c in SHLEX_WHITESPACE), len(text))]
    return any(c in head for c in "'\"\\#") or head == "gh" or head.startswith("/")  # gh_paths are absolute


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


def _assignment(word: str) -> bool:
    name, sep, _ = word.partition("=")
    return bool(sep) and name.isidentifier()
