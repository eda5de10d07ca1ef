"""`analyze`: the analyzer's debugging CLI (docs/DESIGN.md#analyze-cli) — a report, JSON, the parse listing, a displaCy
picture, and `--rules`, the grammar table with every rule's construction and examples.

Exit status: 0 nothing fires, 1 at least one finding fires, 2 usage or tool error (message on stderr).
Unbacked claims (docs/DESIGN.md#claims) are shown but never change the exit status.
The no-phrase path imports neither spaCy nor the grammar rules, so it answers in a few tens of ms.
The analyzer imports no caller: a caller may hand `main` another way to judge a text (a Parse, e.g. the
warm parse server: the `analyze` console script, hook/commands/analyze.py).
"""

from __future__ import annotations

import argparse
import codecs
import json
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn, Protocol, TextIO

from analyzer import analyze
from analyzer.api import NOT_ENGLISH, find_candidates, is_english, may_ask, may_claim
from analyzer.explain.page import html_page
from analyzer.explain.relations import relations
from analyzer.explain.report_text import Palette, hook_text, report_text
from analyzer.explain.tree import tree_text
from analyzer.parse.model import ModelUnavailable
from analyzer.report import Report
from lanegate_common.terminal import Styles

CLEAR, FIRES, ERROR = 0, 1, 2
PROG = "analyze"


class Parse(Protocol):
    """A way to judge a text with the built-in lexicon, as `analyze(text)` does: the same Report either way."""

    def __call__(self, text: str) -> Report: ...


class HookView(Protocol):
    """What the Stop hook would do with a report on an autonomous turn (docs/DESIGN.md#lanegate-cli, revision 3): a
    caller's view, since the analyzer imports no hook — the `analyze` console script passes hook.commands.analyze's."""

    def __call__(self, report: Report) -> Mapping[str, Any]: ...


class ToolError(Exception):
    """An input or output the CLI cannot use: exit 2 with the message on stderr."""


class UsageError(ToolError):
    """A command line that does not say what to read: exit 2 with the usage line."""


class _Parser(argparse.ArgumentParser):
    """argparse, minus its habit of calling sys.exit from inside `main`."""

    def error(self, message: str) -> NoReturn:
        """Raise instead of exiting, so `main` stays callable in-process and owns the exit status."""
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    """The command line of docs/DESIGN.md#analyze-cli."""
    parser = _Parser(
        prog=PROG,
        description="Find the deference register in TEXT and judge each phrase from its dependency parse.",
        epilog="exit status: 0 nothing fires, 1 at least one finding fires, 2 usage or tool error",
    )
    parser.add_argument("text", nargs="?", metavar="TEXT", help='the text to judge; "-" reads it from stdin')
    parser.add_argument("--file", metavar="PATH", help="read the text from a UTF-8 file")
    parser.add_argument("--json", action="store_true", help="print the machine-readable report: one JSON object")
    parser.add_argument(
        "--tree", action="store_true", help="also print the parse of each sentence holding a phrase or a claim"
    )
    parser.add_argument(
        "--html", metavar="OUT.html", help="write a displaCy picture of each phrase's and each claim's sentence"
    )
    parser.add_argument(
        "--rules", action="store_true", help="list the grammar's rules in order, with their constructions and examples"
    )
    return parser


def main(argv: Sequence[str] | None = None, *, parse: Parse | None = None, hook: HookView | None = None) -> int:
    """Run `analyze` and return its exit status (not raise it), so tests and callers can use it in-process.
    parse: how to judge a text for the plain report (default: analyze() in this process); hook: what the
    Stop hook would do with the report (shown last in the text report, `"hook"` in --json)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.json and args.tree:
            raise UsageError("--tree prints a text listing; it cannot be combined with --json")
        if args.rules:
            return list_rules(args)
        return run(args, parse, hook)
    except UsageError as exc:
        sys.stderr.write(f"{parser.format_usage()}{PROG}: error: {exc}\n")
    except (ToolError, ModelUnavailable) as exc:
        sys.stderr.write(f"{PROG}: {exc}\n")
    return ERROR


def run(args: argparse.Namespace, parse: Parse | None = None, hook: HookView | None = None) -> int:
    """Judge the text, build every output first, then emit: a failure never leaves half a report behind."""
    text, path = read_input(args)
    # The parse listing and the picture need the parse itself: only a plain report can come from elsewhere.
    report = judge(text, None if args.tree or args.html else parse)
    view = hook(report) if hook is not None else None
    drawn = (args.tree or args.html) and (report.findings or report.claims)
    rels = relations(text, report, path) if drawn else []
    if args.html:
        write_file(args.html, html_page(rels, report, text, path, view))
    if args.json:
        emit(json.dumps(report.to_dict() | ({"hook": dict(view)} if view is not None else {})) + "\n")
    else:
        styles = Styles()
        palette = EscapedPalette(use_color(sys.stdout, os.environ), styles)
        shown = report_text(report, path, palette, [tree_text(rel, palette) for rel in rels] if args.tree else ())
        # The report quotes the agent's text: shown escaped, never obeyed by the terminal (docs/DESIGN.md#evidence).
        emit(styles.finish(shown + (hook_text(view, palette) if view is not None else "")))
    if args.html:
        sys.stderr.write(f"{PROG}: wrote {args.html}\n")
    return FIRES if report.verdict == "fire" else CLEAR


def list_rules(args: argparse.Namespace) -> int:
    """Print the grammar table (text or JSON); it judges nothing, so it takes no text to judge."""
    if args.text is not None or args.file is not None or args.tree or args.html:
        raise UsageError("--rules lists the grammar; it takes no TEXT, --file, --tree or --html")
    from analyzer.explain.rules_text import rules_json, rules_text
    from analyzer.grammar.registry import GrammarError, grammar

    try:
        rules = grammar().rows
    except GrammarError as exc:
        raise ToolError(str(exc)) from exc
    if args.json:
        emit(json.dumps(rules_json(rules), ensure_ascii=False, indent=2) + "\n")
    else:
        emit(rules_text(rules, Palette(use_color(sys.stdout, os.environ))))
    return CLEAR


def judge(text: str, parse: Parse | None = None) -> Report:
    """The analyzer's report; a text without a candidate phrase, closing question or claim is clear without
    importing the grammar rules or spaCy. parse: the caller's way to judge it (the console script's takes the
    report from the user's warm parse server when one is running, docs/DESIGN.md#performance)."""
    if not find_candidates(text) and not may_ask(text) and not may_claim(text):
        return Report((), () if is_english(text) else (NOT_ENGLISH,))
    return analyze(text) if parse is None else parse(text)


def read_input(args: argparse.Namespace) -> tuple[str, str]:
    """The text and the name the report shows for it: the file path, `<stdin>` or `<text>`."""
    if args.file is not None:
        if args.text is not None:
            raise UsageError("give TEXT or --file PATH, not both")
        return decode(read_bytes(args.file), args.file), args.file
    if args.text is None:
        raise UsageError('no text to judge: give TEXT, "-" for stdin, or --file PATH')
    if args.text == "-":
        return decode(sys.stdin.buffer.read(), "<stdin>"), "<stdin>"
    return checked_argument(args.text), "<text>"


def read_bytes(path: str) -> bytes:
    """The file's bytes, or a one-line error naming the file and the reason."""
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError as exc:
        raise ToolError(f"cannot read {path}: {exc.strerror or exc}") from exc


def decode(data: bytes, source: str) -> str:
    """Strict UTF-8 (a leading BOM dropped): offsets in the report must point into the text the user gave."""
    skipped = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        return data[skipped:].decode("utf-8")
    except UnicodeDecodeError as exc:
        offset = skipped + exc.start
        raise ToolError(f"{source} is not valid UTF-8 (byte 0x{data[offset]:02x} at offset {offset})") from exc


def checked_argument(text: str) -> str:
    """Python smuggles undecodable argv bytes in as lone surrogates; name the problem instead of crashing later."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ToolError("the TEXT argument is not valid UTF-8") from exc
    return text


def write_file(path: str, content: str) -> None:
    """Write the picture; an unwritable path is a tool error, not a traceback."""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(content)
    except OSError as exc:
        raise ToolError(f"cannot write {path}: {exc.strerror or exc}") from exc


# How Palette.paint ends a coloured span (an SGR reset).
RESET = "\x1b[0m"


@dataclass(frozen=True)
class EscapedPalette(Palette):
    """The report's colours, marked so that they alone pass the escaping of the text they colour."""

    styles: Styles = field(default_factory=Styles)

    def paint(self, text: str, style: str) -> str:
        painted = super().paint(text, style)
        if painted == text:
            return text
        start, end = painted[: len(painted) - len(text) - len(RESET)], painted[len(painted) - len(RESET) :]
        return self.styles.mark(start) + text + self.styles.mark(end)


def use_color(stream: TextIO, env: Mapping[str, str]) -> bool:
    """Colour only for a person at a terminal, and never when NO_COLOR is set (https://no-color.org)."""
    return stream.isatty() and not env.get("NO_COLOR")


def emit(output: str) -> None:
    """Write to stdout; a reader that stops early (`analyze --tree … | head`) is not an error."""
    try:
        sys.stdout.write(output)
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
