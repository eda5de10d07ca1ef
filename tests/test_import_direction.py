"""Imports point one way: lanegate_common <- analyzer <- warmparse <- hook (issue 19).

An AST scan of every module of the four packages, module-level and function-level imports alike
(TYPE_CHECKING blocks included: a type is a dependency too). A lower package never imports a higher one,
and the hook reaches the analyzer only through its public surface. No model, no subprocess but one.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# Lowest first: a package may import its own modules and those of the packages before it.
LAYERS = ("lanegate_common", "analyzer", "warmparse", "hook")
# What the hook may import from the analyzer: the records, the callers' API and the CLI it wires.
PUBLIC_ANALYZER = ("analyzer", "analyzer.api", "analyzer.report", "analyzer.cli")


def modules() -> Iterator[tuple[str, Path]]:
    for package in LAYERS:
        for path in sorted((REPO / package).rglob("*.py")):
            parts = path.relative_to(REPO).with_suffix("").parts
            yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts), path


def imports(module: str, path: Path) -> Iterator[tuple[int, str]]:
    """(line, imported module) for every import statement anywhere in the module."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            yield node.lineno, target


def against_the_direction() -> list[str]:
    found = []
    for module, path in modules():
        layer = LAYERS.index(module.split(".")[0])
        for line, target in imports(module, path):
            top = target.split(".")[0]
            if top in LAYERS and LAYERS.index(top) > layer:
                found.append(f"{module} line {line} imports {target} ({top} is above {LAYERS[layer]})")
    return found


def test_no_module_imports_against_the_direction() -> None:
    assert against_the_direction() == []


def test_the_scan_sees_function_level_imports_and_names_module_line_and_target(tmp_path: Path) -> None:
    """The old cycle, re-created: warmparse reading hook.config inside a function is found and named."""
    source = "def present_server(env):\n    from hook.config import load_config\n    return load_config(env, None)\n"
    path = tmp_path / "route.py"
    path.write_text(source, encoding="utf-8")
    assert list(imports("warmparse.route", path)) == [(2, "hook.config")]
    relative = tmp_path / "x.py"
    relative.write_text("from . import sibling\nfrom ..api import may_claim\n", encoding="utf-8")
    assert list(imports("analyzer.text.x", relative)) == [(1, "analyzer.text"), (2, "analyzer.api")]


def test_a_wrong_way_import_is_reported_with_its_module_line_and_target(monkeypatch: pytest.MonkeyPatch) -> None:
    real = imports

    def with_one_more(module: str, path: Path) -> Iterator[tuple[int, str]]:
        yield from real(module, path)
        if module == "analyzer.cli":
            yield 131, "warmparse.route"

    monkeypatch.setattr(sys.modules[__name__], "imports", with_one_more)
    assert against_the_direction() == ["analyzer.cli line 131 imports warmparse.route (warmparse is above analyzer)"]


def test_the_hook_reaches_the_analyzer_only_through_its_public_surface() -> None:
    reached = [
        f"{module} line {line} imports {target}"
        for module, path in modules()
        if module.split(".")[0] == "hook"
        for line, target in imports(module, path)
        if target.split(".")[0] == "analyzer" and target not in PUBLIC_ANALYZER
    ]
    assert reached == []


def test_the_text_layer_never_imports_spacy() -> None:
    """analyzer/text/ is the per-stop path: importing every module of it (and the API over it) loads no spaCy."""
    names = ["analyzer.api", *(f"analyzer.text.{p.stem}" for p in sorted((REPO / "analyzer" / "text").glob("*.py")))]
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('spacy', 'thinc', 'analyzer'))\n"
        "print(' '.join(loaded))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    loaded = done.stdout.split()
    assert [m for m in loaded if not m.startswith("analyzer")] == []
    assert [m for m in loaded if m.split(".")[1:2] in (["grammar"], ["parse"], ["explain"])] == []
