"""Which MCP servers the project configures itself (docs/DESIGN.md#evidence): a review through one of them is no review.

A configured review tool (`review_tools`, e.g. `mcp__github__create_pull_request_review`) is a material
artifact when its call approves or requests changes. The server behind the name is whatever the harness
connected under that name, and a project can configure servers of its own (each harness names its files:
the `project_mcp` of hook/harness/<name>/harness.toml; a switch that approves every project server at once
changes nothing here). A server the judged agent can write answers "review submitted" for anything. So a
review tool counts only when its server's name is configured by no project file; the warning names the file.

A server's name is compared as the clients spell it inside tool names, not as the file writes it: Claude Code
(2.1.332, `normalizeMcpServerName` in its bundle) and Codex name a tool `mcp__<server>__<tool>` with every
character outside [A-Za-z0-9_-] turned to "_" (a project server "my.review" answers `mcp__my_review__…`);
Gemini CLI (0.61.0, `generateValidName`) names it `mcp_<server>_<tool>`, outside [A-Za-z0-9_.:-] turned to
"_", a name over 63 characters cut to its first and last 30 around "...". A review tool is the project's when
its name starts as a tool of a project server would under any of these spellings (case-insensitively).

Read only at a stop whose turn called a review tool, and then each of the harness's files once.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence

from hook.project_env import HARNESS_READS, decode_lenient, read_whole

# The formats of a harness's project MCP files (hook.harness.Facts.project_mcp): a JSON file whose
# `mcpServers` object names the servers (`.mcp.json`, a settings file), or a TOML file's `mcp_servers`.
MCP_JSON, MCP_TOML = "mcp-json", "mcp-toml"
# What a project file that cannot be read says about its servers: possibly any (fail closed).
UNREADABLE = "*"


def server_of(tool: str) -> str | None:
    """The MCP server a tool name calls: `mcp__<server>__<tool>`, or `<server>__<tool>` where a harness
    names MCP tools without the prefix; None for a built-in tool."""
    parts = tool.split("__")
    if len(parts) >= 3 and parts[0] == "mcp":
        return parts[1]
    if len(parts) >= 2 and parts[0]:
        return parts[0]
    return None


def project_servers(project_dir: str | None, files: Sequence[tuple[str, str]]) -> dict[str, str]:
    """{server name: the project file that configures it}; a file that exists but cannot be read yields
    UNREADABLE -> its path (it may configure any server: fail closed)."""
    if not project_dir:
        return {}
    found: dict[str, str] = {}
    for relative, kind in files:
        path = os.path.join(project_dir, relative)
        raw, problem = read_whole(path)
        if raw is None:
            if problem in HARNESS_READS:
                found.setdefault(UNREADABLE, path)
            continue
        names = _servers(raw, kind)
        if names is None:
            found.setdefault(UNREADABLE, path)
            continue
        for name in names:
            found.setdefault(name, path)
    return found


def _servers(raw: bytes, kind: str) -> list[str] | None:
    """The server names of one file, or None when it does not parse."""
    text = decode_lenient(raw)
    if not text.strip():
        return []
    try:
        if kind == MCP_TOML:
            import tomllib

            data = tomllib.loads(text)
            servers = data.get("mcp_servers") if isinstance(data, dict) else None
        else:
            data = json.loads(text)
            servers = data.get("mcpServers") if isinstance(data, dict) else None
    except (ValueError, RecursionError):
        return None
    return [str(name) for name in servers] if isinstance(servers, dict) else []


# What the clients put in place of a character a tool name may not hold (see the module docstring).
_CLAUDE_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")
_GEMINI_UNSAFE = re.compile(r"[^A-Za-z0-9_.:-]")
# Gemini CLI's cut of a long tool name: its first and last CUT_KEPT characters around "...".
CUT_MARK, CUT_KEPT = "...", 30


def tool_prefixes(server: str) -> tuple[str, ...]:
    """How a tool of `server` begins in each client's naming, lower-cased: `mcp__<server>__` as Claude Code
    and Codex spell it (and with runs of "_" collapsed, as Claude Code spells its connectors),
    `<server>__` where a harness names MCP tools without the prefix, `mcp_<server>_` as Gemini CLI does."""
    claude = _CLAUDE_UNSAFE.sub("_", server)
    collapsed = re.sub("_+", "_", claude).strip("_")
    gemini = _GEMINI_UNSAFE.sub("_", ("" if server.startswith("mcp_") else "mcp_") + server + "_")
    return tuple(dict.fromkeys(p.lower() for p in (f"mcp__{claude}__", f"mcp__{collapsed}__", f"{claude}__", gemini)))


def serves(server: str, tool: str) -> bool:
    """Whether `tool` may be a tool of the MCP server named `server`, in any client's naming."""
    name = tool.lower()
    prefixes = tool_prefixes(server)
    if any(name.startswith(prefix) for prefix in prefixes):
        return True
    head = name.split(CUT_MARK, 1)[0] if CUT_MARK in name else None  # a cut Gemini name: its first part
    return head is not None and len(head) == CUT_KEPT and any(p.startswith(head) or head.startswith(p)
                                                                   for p in prefixes)


def project_review(tool: str, servers: Mapping[str, str]) -> str | None:
    """Why a review through `tool` is no review (its server is the project's), or None."""
    for server, where in servers.items():
        if server != UNREADABLE and serves(server, tool):
            return (f"MCP server {server} (configured by {where}) is the project's: a review through {tool} is no "
                    "review")
    if UNREADABLE in servers:
        return (f"{servers[UNREADABLE]} cannot be read, so which MCP servers the project configures is not known: "
                f"a review through {tool} is no review")
    return None
