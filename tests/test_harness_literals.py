"""What a harness is lives in its folder (hook/harness/<name>/): no other code of lanegate spells it.

The rule, for every module and data file of the product (hook/, analyzer/, warmparse/, lanegate_common/)
outside the harness folders (hook/harness/__init__.py, the protocol and its registry, is outside too):

* no string literal or comment names a harness's folder (`.claude/`, `.gemini`, `.codex`, `.cursor`) or one
  of its variables (`CLAUDE_…`, `GEMINI_…`, `CODEX_…`, `CURSOR_…`): a path or a variable a harness reads or
  sets is in its harness.toml or settings.toml;
* no string literal is the name of a registered harness's shell tool (`Bash`, `shell`, `run_shell_command`,
  … — read from every harness's harness.toml, so a new harness's tools are covered the day it is added);
* no string literal is a registered harness's name, except in the registry itself (hook/harness/__init__.py:
  ADAPTERS and FALLBACK): a command that needs a harness asks the protocol.

What is shared, and so allowed anywhere: the walk's rules every harness is read by (`[WAKE]`,
`<hook_prompt`, `<turn_aborted`, the `system-reminder` tag and the handoff patterns:
docs/DESIGN.md#operator-or-autonomous), the file formats a harness may name (`settings-env`, `dotenv`, `json-lenient`,
`jsonc`), the shell itself (`bash`, `sh`: the language a command line is read in, not a tool), identifiers (an audit
export's `CURSOR_SUFFIX` is a cursor into a log) and dotted module paths (`hook.harness.claude`). Like tests/, scripts/
(the bench writes a stop of each harness) is not the product and not held to the rule.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from hook.harness import ADAPTERS, get_harness, harness_facts

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("hook", "analyzer", "warmparse", "lanegate_common")
HARNESS_FOLDERS = frozenset(ROOT / "hook" / "harness" / name for name in ADAPTERS)
REGISTRY = ROOT / "hook" / "harness" / "__init__.py"
FACT = re.compile(r"(?<![\w.])\.(?:claude|gemini|codex|cursor)\b|\b(?:CLAUDE|GEMINI|CODEX|CURSOR)_[A-Z]")
SHELL_TOOLS = frozenset().union(*(harness_facts(get_harness(name)).shell_tools for name in ADAPTERS))


def shared_files() -> list[Path]:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts or any(f in path.parents for f in HARNESS_FOLDERS):
                continue
            if path.suffix in (".py", ".toml", ".json"):
                found.append(path)
    return found


def spelled(path: Path, root: Path = ROOT) -> list[str]:
    """Every harness literal the file spells, as `file:line what`, in the order of the lines."""
    text = path.read_text(encoding="utf-8")
    name = path.relative_to(root)
    if path.suffix in (".toml", ".json"):
        lines = enumerate(text.splitlines(), 1)
        return [f"{name}:{n} {m.group(0)!r}" for n, line in lines for m in FACT.finditer(line)]
    hits = [(token.start[0], token.start[1], repr(m.group(0)))
            for token in tokenize.generate_tokens(io.StringIO(text).readline)
            if token.type in (tokenize.STRING, tokenize.COMMENT) for m in FACT.finditer(token.string)]
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        if node.value in SHELL_TOOLS:
            hits.append((node.lineno, node.col_offset, f"shell tool {node.value!r}"))
        if node.value in ADAPTERS and path != REGISTRY:
            hits.append((node.lineno, node.col_offset, f"harness name {node.value!r}"))
    return [f"{name}:{line} {what}" for line, _, what in sorted(hits)]


def test_no_code_outside_a_harness_folder_spells_a_harness() -> None:
    files = shared_files()
    assert len(files) > 100 and REGISTRY in files  # the scan sees the tree (and the protocol is held to it)
    assert [hit for path in files for hit in spelled(path)] == []


def test_the_rule_catches_each_kind_of_literal(tmp_path: Path) -> None:
    """The scan itself: a path, a variable, a shell tool and a harness name in a shared module are each found;
    the shared spellings are not."""
    module = tmp_path / "module.py"
    module.write_text(
        'SETTINGS = "~/.gemini/settings.json"  # read .cursor/hooks.json too\n'
        'PROJECT = env.get("CLAUDE_PROJECT_DIR")\n'
        'TOOLS = ("run_shell_command", "Bash")\n'
        'NAME = "codex"\n'
        'SHARED = ("[WAKE]", "<hook_prompt", "bash", "dotenv", "hook.harness.claude")\n'
        'CURSOR_SUFFIX = ".otlp-cursor"\n'
    )
    found = [hit.split(" ", 1)[1] for hit in spelled(module, tmp_path)]
    assert found == ["'.gemini'", "'.cursor'", "'CLAUDE_P'", "shell tool 'run_shell_command'", "shell tool 'Bash'",
                     "harness name 'codex'"]
