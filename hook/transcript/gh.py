"""What a `gh pr create` or `gh pr review` does, decided by gh's own flag rules (docs/DESIGN.md#material-artifact,
revision 3).

gh reads its flags with pflag: the last value of a flag wins (`--approve --approve=false` is no approval),
a bool flag takes `=false`, shorthands group, `--` ends the flags, and a flag gh does not declare is an
error. The flag tables are data (gh.toml, from gh's source). Whatever would make gh fail, or leaves a flag
to a word bash computes at run time, counts as nothing done: an artifact must be shown, never assumed.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from functools import cache

from lanegate_common.builtin_data import load_builtin
from lanegate_common.frozen import frozen

GH_FLAGS_PATH = os.path.join(os.path.dirname(__file__), "gh.toml")
# strconv.ParseBool, which pflag uses for a bool flag's value.
_TRUE = frozenset({"1", "t", "T", "TRUE", "true", "True"})
_FALSE = frozenset({"0", "f", "F", "FALSE", "false", "False"})
# A formal review (docs/DESIGN.md#material-artifact) and gh's word for each.
REVIEW_ACTIONS = ("approve", "request-changes")


@frozen
class FlagTable:
    """One command's flags: bool and value-taking, each long name with its shorthand."""

    bools: frozenset[str]
    values: frozenset[str]
    shorthands: Mapping[str, str]  # shorthand letter -> long name


@frozen
class Invocation:
    """The flags gh ends up with (long name -> last value) and the positional arguments."""

    flags: Mapping[str, str | bool]
    positionals: tuple[str, ...]

    def on(self, name: str) -> bool:
        return self.flags.get(name) is True


@cache
def flag_table(command: str) -> FlagTable:
    data = load_builtin(GH_FLAGS_PATH)[command]
    shorthands = {short: name for kind in ("bool", "value") for name, short in data[kind].items() if short}
    return FlagTable(frozenset(data["bool"]), frozenset(data["value"]), shorthands)


def invocation(command: str, args: Sequence[str | None]) -> Invocation | None:
    """How gh reads `args` (the words after `gh pr <command>`; None: a word bash computes), or None when
    gh would fail on them or a computed word could be a flag."""
    table = flag_table(command)
    flags: dict[str, str | bool] = {}
    positionals: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg is None:
            return None  # bash decides this word at run time: it may be any flag
        if arg == "--":
            rest = args[i:]
            if any(a is None for a in rest):
                return None
            positionals.extend(a for a in rest if a is not None)
            break
        if arg.startswith("--"):
            name, eq, value = arg[2:].partition("=")
            if name in table.bools:
                parsed = _bool(value) if eq else True
                if parsed is None:
                    return None
                flags[name] = parsed
            elif name in table.values:
                if not eq:
                    if i >= len(args):
                        return None  # "flag needs an argument"
                    value, i = args[i] or "", i + 1  # a computed value is still only this flag's value
                flags[name] = value
            else:
                return None  # unknown flag: gh exits with an error
        elif arg.startswith("-") and len(arg) > 1:
            shorts = arg[1:]
            while shorts:
                name = table.shorthands.get(shorts[0])
                if name is None:
                    return None
                if len(shorts) > 2 and shorts[1] == "=":
                    value, shorts = shorts[2:], ""
                    if name in table.bools:
                        parsed = _bool(value)
                        if parsed is None:
                            return None
                        flags[name] = parsed
                    else:
                        flags[name] = value
                elif name in table.bools:
                    flags[name], shorts = True, shorts[1:]
                elif len(shorts) > 1:
                    flags[name], shorts = shorts[1:], ""
                elif i < len(args):
                    flags[name], shorts, i = args[i] or "", "", i + 1
                else:
                    return None
        else:
            positionals.append(arg)
    return Invocation(flags, tuple(positionals))


def _bool(value: str) -> bool | None:
    return True if value in _TRUE else False if value in _FALSE else None


def creates_pr(args: Sequence[str | None]) -> bool:
    """Whether `gh pr create <args>` creates a pull request: gh accepts the flags, takes no positional
    argument, and neither --dry-run nor --web (a browser page) nor --help replaces the creation."""
    found = invocation("create", args)
    if found is None or found.positionals:
        return False
    return not (found.on("dry-run") or found.on("web") or found.on("help"))


def review_action(args: Sequence[str | None]) -> tuple[str, str | None] | None:
    """(action, selector) when `gh pr review <args>` submits an approval or a change request, as gh decides:
    exactly one of --approve, --request-changes, --comment; a change request with a body (from --body or
    --body-file, not both); at most one
    positional argument (required with --repo). None for a comment, an error or help."""
    found = invocation("review", args)
    if found is None or found.on("help") or len(found.positionals) > 1:
        return None
    if found.flags.get("repo") and not found.positionals:
        return None  # "argument required when using the --repo flag"
    chosen = [name for name in ("approve", "request-changes", "comment") if found.on(name)]
    if len(chosen) != 1 or chosen[0] not in REVIEW_ACTIONS:
        return None
    if "body" in found.flags and "body-file" in found.flags:
        return None  # "specify only one of `--body` or `--body-file`"
    has_body = bool(found.flags.get("body")) or bool(found.flags.get("body-file"))
    if chosen[0] == "request-changes" and not has_body:
        return None  # "body cannot be blank for request-changes review"
    return chosen[0], (found.positionals[0] if found.positionals else None)
