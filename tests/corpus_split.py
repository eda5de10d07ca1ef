"""Every field corpus split by source into a development and a test part (docs/DESIGN.md#construction-classes,
issue 28).

Rules are written against the development part only; the test part is scored once, at the end. A *source* is
what a row's shape came from, so that rows which share it never straddle the two parts:

* a row that records its `source` (corpora l and m: the agent kind whose endings its body follows) has that source;
* otherwise the source is a group of the corpus's own rows: rows whose ids share a stem (the id without its
  trailing number, with direction words such as `fire`, `exempt`, `clear`, `twin` dropped: `g.obj.fire-03` and
  `g.obj.exempt-03` are one construction and its twin), joined with rows whose distinct text (the paragraphs no
  other row of the corpus shares) is a near duplicate (difflib ratio >= 0.9 on the lower-cased words). The group
  is named by its smallest stem.

Sources are namespaced by corpus (`k:autonomous`, `l:codex-cli`). Both maps are data, frozen once written:
`tests/corpus/sources.json` (corpus -> row id -> source) and `tests/corpus/split.toml` (the seed, and corpus ->
source -> part). A first split of a corpus shuffles its sources with the seed and puts the first third (rounded
up) in the test part; a source added later draws its part from the seed and its own name, so adding rows never
moves a row that was already placed.
"""

from __future__ import annotations

import difflib
import json
import math
import random
import re
import tomllib
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CORPUS_DIR = Path(__file__).parent / "corpus"
SOURCES_FILE = CORPUS_DIR / "sources.json"
SPLIT_FILE = CORPUS_DIR / "split.toml"
ANALYZER_CORPORA = (
    "analyzer_corpus.jsonl",
    *(f"analyzer_corpus_{letter}.jsonl" for letter in "bcdefghijklm"),
)
CLAIMS_CORPORA = ("claims_corpus.jsonl", "claims_corpus_b.jsonl", "claims_corpus_c.jsonl", "claims_corpus_d.jsonl")
FIELD_CORPORA = (*ANALYZER_CORPORA, *CLAIMS_CORPORA)
PARTS = ("dev", "test")
TEST_SHARE = 1 / 3
NEAR_DUPLICATE = 0.9
# Words in an id that say which way a case goes, not which construction it is about.
DIRECTION_WORDS = frozenset({"fire", "fires", "exempt", "clear", "pass", "passes", "twin", "not", "none", "non-claim"})


Row = dict[str, Any]


def load_rows(name: str) -> list[Row]:
    """The rows of one corpus file, in file order."""
    with (CORPUS_DIR / name).open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def corpus_tag(name: str) -> str:
    """The short name sources are namespaced by: `a`…`m` for the analyzer corpora, `claims-a`…`claims-d`."""
    stem = name.removesuffix(".jsonl")
    letter = stem.rsplit("_", 1)[1] if stem.count("_") == 2 else "a"
    return f"claims-{letter}" if stem.startswith("claims") else letter


def id_stem(case_id: str) -> str:
    """The construction an id names: its trailing number and its direction words dropped."""
    bare = re.sub(r"[-._]?\d+$", "", case_id)
    segments = ("-".join(w for w in segment.split("-") if w not in DIRECTION_WORDS) for segment in bare.split("."))
    return ".".join(segment for segment in segments if segment) or bare


def _distinct_words(rows: Sequence[Row]) -> list[str]:
    """Each row's text without the paragraphs another row of the corpus shares (report bodies, trailing blocks)."""
    paragraphs = [[p.strip() for p in re.split(r"\n\s*\n", row["text"]) if p.strip()] for row in rows]
    seen: dict[str, int] = defaultdict(int)
    for own in paragraphs:
        for paragraph in set(own):
            seen[paragraph] += 1
    kept = [
        "\n\n".join(p for p in own if seen[p] < 2) or row["text"] for own, row in zip(paragraphs, rows, strict=True)
    ]
    return [" ".join(re.findall(r"\w+", text.lower())) for text in kept]


def group_sources(name: str, rows: Sequence[Row]) -> dict[str, str]:
    """Row id -> source for every row of one corpus, by the rule in this module's docstring."""
    tag = corpus_tag(name)
    if all("source" in row for row in rows):
        return {row["id"]: f"{tag}:{row['source']}" for row in rows}
    parent = list(range(len(rows)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def join(i: int, j: int) -> None:
        parent[root(i)] = root(j)

    first_of_stem: dict[str, int] = {}
    for i, row in enumerate(rows):
        join(i, first_of_stem.setdefault(id_stem(row["id"]), i))
    words = _distinct_words(rows)
    for i in range(len(rows)):
        matcher = difflib.SequenceMatcher(None, "", words[i], autojunk=False)
        for j in range(i + 1, len(rows)):
            if root(i) == root(j):
                continue
            matcher.set_seq1(words[j])
            near = matcher.real_quick_ratio() >= NEAR_DUPLICATE and matcher.quick_ratio() >= NEAR_DUPLICATE
            if near and matcher.ratio() >= NEAR_DUPLICATE:
                join(i, j)
    names: dict[int, str] = {}
    for i, row in enumerate(rows):
        stem = id_stem(row["id"])
        names[root(i)] = min(names.get(root(i), stem), stem)
    return {row["id"]: f"{tag}:{names[root(i)]}" for i, row in enumerate(rows)}


def first_split(name: str, sources: Iterable[str], seed: int) -> dict[str, str]:
    """Source -> part for a corpus split for the first time: a seeded shuffle, the first third (rounded up) test."""
    order = sorted(set(sources))
    random.Random(f"{seed}:{name}").shuffle(order)
    in_test = math.ceil(len(order) * TEST_SHARE)
    return {source: ("test" if k < in_test else "dev") for k, source in enumerate(order)}


def later_part(name: str, source: str, seed: int) -> str:
    """The part of a source added to a corpus that was already split: drawn from the seed and its own name."""
    return "test" if random.Random(f"{seed}:{name}:{source}").random() < TEST_SHARE else "dev"


@dataclass(frozen=True)
class Split:
    """The frozen maps: the seed, row id -> source per corpus, source -> part per corpus."""

    seed: int
    sources: Mapping[str, Mapping[str, str]]
    parts: Mapping[str, Mapping[str, str]]

    def part_of(self, name: str, row: Row) -> str:
        return self.parts[name][self.sources[name][row["id"]]]

    def rows(self, name: str, part: str | None = None) -> list[Row]:
        """The rows of a corpus, or of one of its parts, each with its `source` and `part` set."""
        placed = [
            {**row, "source": self.sources[name][row["id"]], "part": self.part_of(name, row)} for row in load_rows(name)
        ]
        return [row for row in placed if part is None or row["part"] == part]


SPLIT_HEADER = """\
# Every field corpus split by source into a development part and a test part (docs/DESIGN.md#construction-classes
# revision 4, issue 28). Rules are written against the development part only; the test part is scored once, at the end,
# and that figure is the one reported. Who writes rules reads the development rows only
# (`scripts/split-corpus export --part dev`).
#
# The source of each row is in sources.json (the rule: tests/corpus_split.py). A first split of a corpus shuffled
# its sources with this seed and put the first third (rounded up) in the test part; a source added later draws its
# part from the seed and its own name. Written by `scripts/split-corpus assign`; never edit a part by hand."""


def load_split(seed: int | None = None) -> Split:
    """The committed maps; `seed` starts them when there are none yet."""
    config = tomllib.loads(SPLIT_FILE.read_text(encoding="utf-8")) if SPLIT_FILE.exists() else {}
    sources = json.loads(SOURCES_FILE.read_text(encoding="utf-8")) if SOURCES_FILE.exists() else {}
    chosen = config.get("seed", seed)
    if chosen is None:
        raise FileNotFoundError(f"{SPLIT_FILE} is missing: run scripts/split-corpus assign --seed N")
    return Split(int(chosen), sources, config.get("parts", {}))


def assigned(split: Split) -> Split:
    """The split with every row of every field corpus placed: rows and sources already placed keep their place."""
    sources = {name: dict(split.sources.get(name, {})) for name in FIELD_CORPORA}
    parts = {name: dict(split.parts.get(name, {})) for name in FIELD_CORPORA}
    for name in FIELD_CORPORA:
        rows = load_rows(name)
        fresh = group_sources(name, rows)
        for row in rows:
            sources[name].setdefault(row["id"], fresh[row["id"]])
        known = set(sources[name].values())
        if not parts[name]:
            parts[name] = first_split(name, known, split.seed)
        for source in sorted(known - set(parts[name])):
            parts[name][source] = later_part(name, source, split.seed)
    return Split(split.seed, sources, parts)


def problems(split: Split) -> list[str]:
    """What is wrong with the committed maps: unplaced rows or sources, a test share under a third, a row whose
    recorded `source` disagrees with the map."""
    found = []
    for name in FIELD_CORPORA:
        rows = load_rows(name)
        placed = split.sources.get(name, {})
        parts = split.parts.get(name, {})
        missing = [row["id"] for row in rows if row["id"] not in placed]
        if missing:
            found.append(f"{name}: {len(missing)} rows have no source (first: {missing[0]})")
        unparted = sorted({placed[r["id"]] for r in rows if r["id"] in placed} - set(parts))
        if unparted:
            found.append(f"{name}: sources without a part: {', '.join(unparted)}")
        tag = corpus_tag(name)
        for row in rows:
            if "source" in row and placed.get(row["id"]) not in (None, f"{tag}:{row['source']}"):
                said = placed[row["id"]]
                found.append(f"{name}: {row['id']} records source {row['source']!r}, the map says {said!r}")
        used = {placed[r["id"]] for r in rows if r["id"] in placed}
        in_test = sum(parts.get(source) == "test" for source in used)
        if used and in_test < TEST_SHARE * len(used):
            found.append(f"{name}: {in_test} of {len(used)} sources in the test part, under a third")
    return found


def write_split(split: Split) -> None:
    """Write both maps: sources.json (sorted, one row a line) and split.toml (seed and parts)."""
    lines = ["{"]
    names = list(split.sources)
    for n, name in enumerate(names):
        lines.append(f"  {json.dumps(name)}: {{")
        entries = sorted(split.sources[name].items())
        for k, (case_id, source) in enumerate(entries):
            lines.append(f"    {json.dumps(case_id)}: {json.dumps(source)}{',' if k < len(entries) - 1 else ''}")
        lines.append("  }" + ("," if n < len(names) - 1 else ""))
    lines.append("}")
    SOURCES_FILE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    toml = [SPLIT_HEADER, "", f"seed = {split.seed}", ""]
    for name in split.parts:
        toml.append(f'[parts."{name}"]')
        toml += [f"{json.dumps(source)} = {json.dumps(part)}" for source, part in sorted(split.parts[name].items())]
        toml.append("")
    SPLIT_FILE.write_text("\n".join(toml), encoding="utf-8")
