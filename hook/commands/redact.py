"""What `lanegate golden add` takes out of a recorded turn before it becomes a golden case (docs/DESIGN.md#operators).

A golden case is committed with the project, so a turn recorded on someone's machine loses, in every string
of every record and in its final text: secrets of the shapes in redact.toml (keys, tokens, private keys,
credentials in URLs, values assigned to secret-named settings), the values of this environment's
secret-named variables, the value of a secret-named JSON key, and the home folder (the user's own and any
`/home/<name>` or `/Users/<name>`), which becomes `~`. Text that is neither keeps its bytes, so the hook
decides the case as it decided the stop.
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

DATA_PATH = os.path.join(os.path.dirname(__file__), "redact.toml")
# Any user's home folder, on Linux and macOS: the name after it says whose machine the turn ran on.
_HOMES = re.compile(r"(?<![\w.~-])/(?:home|Users)/[^/\s\"'`:;,)\]}]+")
# Text no TOML file can hold (lone surrogates) is replaced, like any undecodable byte.
_SURROGATES = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True)
class Rule:
    name: str
    pattern: re.Pattern[str]
    group: int


@cache
def _rules() -> tuple[tuple[Rule, ...], re.Pattern[str], frozenset[str], int]:
    with open(DATA_PATH, "rb") as fh:
        data = tomllib.load(fh)
    rules = tuple(Rule(s["name"], re.compile(s["pattern"]), int(s.get("group", 0))) for s in data["secret"])
    return rules, re.compile(data["secret_names"]), frozenset(data["shell_variables"]), int(data["min_value_chars"])


class Redactor:
    """Redacts strings and whole JSON values; `found` counts what it replaced, by kind."""

    def __init__(self, env: Mapping[str, str], home: str | None = None) -> None:
        rules, names, shell_variables, shortest = _rules()
        self.rules = rules
        self.names = names
        self.shortest = shortest
        self.found: dict[str, int] = {}
        home = home if home is not None else env.get("HOME") or os.path.expanduser("~")
        self.home = home.rstrip("/") if home and home.strip("/") else None
        # The values of this environment's secret-named variables, longest first (one may hold another).
        values = {v: k for k, v in env.items()
                  if names.search(k) and k not in shell_variables and len(v) >= shortest and not v.isspace()}
        self.env_values = sorted(values.items(), key=lambda kv: -len(kv[0]))

    def text(self, value: str) -> str:
        """One string with every secret and home folder replaced."""
        value = _SURROGATES.sub("\ufffd", value)
        for secret, name in self.env_values:
            if secret in value:
                value = self._count(value.replace(secret, f"[REDACTED:env {name}]"), "env", value.count(secret))
        for rule in self.rules:
            value = rule.pattern.sub(lambda m, rule=rule: self._replace(m, rule), value)
        if self.home and self.home in value:
            value = self._count(re.sub(re.escape(self.home) + r"(?=/|\b|$)", "~", value), "home", 1)
        return _HOMES.sub(lambda m: self._counted("~", "home"), value)

    def json(self, value: Any, key: str | None = None) -> Any:
        """A decoded JSON value with every string redacted; a secret-named key's string value goes whole."""
        if isinstance(value, str):
            if key is not None and self.names.search(key) and len(value) >= self.shortest:
                return self._counted(f"[REDACTED:{key}]", "key")
            return self.text(value)
        if isinstance(value, list):
            return [self.json(v) for v in value]
        if isinstance(value, dict):
            return {self.text(k): self.json(v, k) for k, v in value.items()}
        return value

    def _replace(self, match: re.Match[str], rule: Rule) -> str:
        self.found[rule.name] = self.found.get(rule.name, 0) + 1
        if not rule.group:
            return f"[REDACTED:{rule.name}]"
        whole, (start, end) = match.group(0), match.span(rule.group)
        offset = match.start()
        return whole[: start - offset] + f"[REDACTED:{rule.name}]" + whole[end - offset :]

    def _count(self, value: str, kind: str, times: int) -> str:
        self.found[kind] = self.found.get(kind, 0) + times
        return value

    def _counted(self, replacement: str, kind: str) -> str:
        self.found[kind] = self.found.get(kind, 0) + 1
        return replacement
