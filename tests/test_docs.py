"""The documentation (docs/DESIGN.md#operators): a README whose first screen is the quick start, reference pages under
docs/ whose links resolve, and a design document whose anchors cover every section of the contract."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
DESIGN = (ROOT / "docs" / "DESIGN.md").read_text(encoding="utf-8")
# The numbered sections of the product contract the project was built from (revision 4).
CONTRACT = [
    "§1.1", "§1.2", "§1.3", "§1.4", "§2.1", "§2.2", "§2.3", "§2.4", "§2.5", "§2.6", "§2.7", "§3.1", "§3.2",
    "§3.3", "§3.4", "§4", "§5.1", "§5.2", "§5.3", "§5.4", "§5.5", "§5.6", "§5.7", "§5.8", "§5.9", "§6", "§7.1",
    "§7.2", "§7.3", "§7.4", "§7.5", "§7.6",
]  # fmt: skip
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
# A citation of the contract by section or revision: the code, data and pages cite docs/DESIGN.md#<anchor> instead.
NAME = "SPEC"  # the contract's file name, which no user has (the examples below use it, so this file cites nothing)
CITES_THE_CONTRACT = re.compile(r"\bSPEC\s+(?:§§?\d|rev(?:ision)?s?\b)")
NOT_THE_PROJECTS = {".git", "build", "dist", "__pycache__", ".pytest_cache", ".ruff_cache", ".hypothesis", "data",
                    "node_modules"}


def test_the_first_screen_is_the_quick_start_with_exactly_the_two_commands() -> None:
    first_screen = README.splitlines()[:24]
    start = first_screen.index("## Quick start")
    block = first_screen[first_screen.index("```sh", start) + 1 : first_screen.index("```", start + 2)]
    assert [line.split("#")[0].strip() for line in block] == ["make demo", "make test"]
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"(?m)^demo:", makefile) and re.search(r"(?m)^test:", makefile)
    assert README.index("## Use it with your agent") < README.index("## Documentation")


def test_the_readme_prose_carries_no_row_letters_or_ticket_numbers() -> None:
    prose = re.sub(r"```.*?```", "", README, flags=re.DOTALL)
    assert re.findall(r"\brows? [A-Z]\d?\b|\bL[1-5]\b|\bseeds? 00\d\b|SPEC §", prose) == []


def test_every_link_in_the_docs_resolves() -> None:
    missing = []
    for page in sorted((ROOT / "docs").glob("*.md")):
        prose = re.sub(r"`[^`]*`", "", re.sub(r"```.*?```|````.*?````", "", page.read_text(encoding="utf-8"),
                                                  flags=re.DOTALL))
        for target in LINK.findall(prose):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            path, _, anchor = target.partition("#")
            file = (page.parent / path).resolve() if path else page
            unanchored = anchor and file.name == "DESIGN.md" and f'<a id="{anchor}"></a>' not in DESIGN
            if not file.exists() or unanchored:
                missing.append(f"{page.name}: {target}")
    assert missing == []


def test_the_design_document_covers_every_section_of_the_contract_with_an_anchor_that_exists() -> None:
    table = DESIGN.split('<a id="spec-map"></a>', 1)[1]
    rows = dict(re.findall(r"^\| (§[\d.]+) [^|]*\| \[#([a-z-]+)\]\(#\2\) \|$", table, re.MULTILINE))
    assert list(rows) == CONTRACT
    anchors = set(re.findall(r'<a id="([a-z-]+)"></a>', DESIGN))
    assert sorted(set(rows.values()) - anchors) == []


@pytest.mark.parametrize("page", ["INSTALL", "AUTONOMOUS", "HOOK", "ANALYZER", "CONFIGURATION", "DIRECTIVES",
                                  "AUDIT", "GOLDEN", "WARM-PARSE", "THREAT-MODEL", "RELIABILITY", "SPEED",
                                  "TESTING", "HARNESSES", "DESIGN"])
def test_the_readme_points_at_every_reference_page(page: str) -> None:
    assert f"/docs/{page}.md)" in README


@pytest.mark.parametrize(("line", "cites"), [
    (f"# Row U ({NAME} §4), strictest first", True),
    (f"({NAME} revision 4 §7.4, issue 28)", True),
    (f"see {NAME} §§5.2–5.4", True),
    (f"the rules of {NAME} rev 3", True),
    ("# Row U (docs/DESIGN.md#the-decision), strictest first", False),
    (f'assert re.findall(r"seeds? 00\\d\\b|{NAME} §", prose) == []', False),
    (f"MAX_{NAME}_BYTES = 16 << 20", False),
])
def test_a_citation_of_the_contract_is_told_apart(line: str, cites: bool) -> None:
    assert bool(CITES_THE_CONTRACT.search(line)) is cites


def test_nothing_cites_the_contract_its_users_do_not_have() -> None:
    """Every file of the project cites the design document (docs/DESIGN.md#<anchor>), never the contract's sections
    or revisions."""
    citing = []
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = sorted(name for name in subfolders if name not in NOT_THE_PROJECTS
                               and not name.startswith(".venv") and not name.endswith(".egg-info"))
        for name in sorted(files):
            path = Path(folder, name)
            if path.suffix not in {".py", ".toml", ".md", ".json", ".jsonl", ".txt", ""}:
                continue
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
            citing += [f"{path.relative_to(ROOT)}:{number}" for number, line in enumerate(lines, 1)
                       if CITES_THE_CONTRACT.search(line)]
    assert citing == []
