"""The behavioural suite's cases, expanded from tests/behaviour/templates.toml with its committed seed, and how a
case is judged (the method of CheckList, Ribeiro et al., 2020).

* MFT — minimum functionality: a template's text must get the template's label.
* INV — invariance: a meaning-preserving perturbation (tests/behaviour/perturb.py) of an MFT case must get the
  same outcome as the case it perturbs. For each capability and label, each perturbation is applied to the first
  MFT case (in template order) it changes.
* DIR — directional: one frame with an agent-work object fires and with a human-only object passes; the case
  holds when both do, in the direction named (`to-human`: from fire to pass; `to-agent`: back).

The outcome of a deference text is `fire` when the report fires (docs/DESIGN.md#analyze-cli verdict) and `pass`
otherwise; of a claim text, the form of the last claim the report holds, or `none`.
"""

from __future__ import annotations

import hashlib
import random
import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from behaviour.perturb import CLAIM_PERTURBATIONS, PERTURBATIONS

FOLDER = Path(__file__).parent
TEMPLATES = FOLDER / "templates.toml"
EXPECTED_FAILURES = FOLDER / "expected_failures.txt"
CLAIM_CAPABILITY = "claims"


@dataclass(frozen=True)
class Case:
    """One behavioural case. For INV `base` is the perturbed case's text; for DIR `pair` is the other side."""

    id: str
    kind: str  # "mft", "inv" or "dir"
    capability: str
    text: str
    label: str
    perturbation: str | None = None
    base: str | None = None
    pair: str | None = None
    pair_label: str | None = None


def _id(kind: str, capability: str, *parts: str) -> str:
    digest = hashlib.sha1("\x00".join(parts).encode("utf-8")).hexdigest()[:10]
    return f"{kind}.{capability}.{digest}"


def _slots(template: str) -> list[str]:
    return re.findall(r"\{(\w+)\}", template)


def _fill(template: str, slots: Mapping[str, Sequence[str]], rng: random.Random, fills: int) -> list[str]:
    """`fills` distinct texts of a template (one when it has no slot); aligned slots (act, act_ing, act_past) take
    the same index."""
    names = _slots(template)
    if not names:
        return [template]
    texts: list[str] = []
    for _ in range(fills * 4):
        index = rng.randrange(min(len(slots[name]) for name in names))
        text = template.format(**{name: slots[name][index] for name in names})
        if text not in texts:
            texts.append(text)
        if len(texts) == fills:
            break
    return texts


@cache
def _spec() -> dict[str, Any]:
    return tomllib.loads(TEMPLATES.read_text(encoding="utf-8"))


def mft_cases() -> list[Case]:
    spec = _spec()
    rng = random.Random(spec["seed"])
    cases = []
    for block in spec["mft"]:
        for template in block["templates"]:
            for text in _fill(template, spec["slots"], rng, block.get("fills", 2)):
                cases.append(Case(_id("mft", block["capability"], text, block["label"]), "mft", block["capability"],
                                  text, block["label"]))  # fmt: skip
    return cases


def inv_cases(mft: Sequence[Case]) -> list[Case]:
    cases = []
    bases: dict[tuple[str, str], list[Case]] = {}
    for case in mft:
        bases.setdefault((case.capability, case.label), []).append(case)
    for (capability, _), chosen in bases.items():
        names = CLAIM_PERTURBATIONS if capability == CLAIM_CAPABILITY else tuple(PERTURBATIONS)
        for name in names:
            for base in chosen:
                text = PERTURBATIONS[name](base.text)
                if text is not None and text != base.text:
                    cases.append(Case(_id("inv", capability, text, name), "inv", capability, text, base.label,
                                      perturbation=name, base=base.text))  # fmt: skip
                    break
    return cases


def dir_cases() -> list[Case]:
    spec = _spec()
    rng = random.Random(f"{spec['seed']}:dir")
    cases = []
    for block in spec["dir"]:
        agent, human = spec["slots"][block["agent"]], spec["slots"][block["human"]]
        for template in block["templates"]:
            for _ in range(block.get("fills", 3)):
                fire = _dir_fill(template, rng.choice(agent))
                passes = _dir_fill(template, rng.choice(human))
                capability = block["capability"]
                cases.append(Case(_id("dir", capability, "to-human", fire, passes), "dir", capability, passes, "pass",
                                  perturbation="to-human", pair=fire, pair_label="fire"))  # fmt: skip
                cases.append(Case(_id("dir", capability, "to-agent", passes, fire), "dir", capability, fire, "fire",
                                  perturbation="to-agent", pair=passes, pair_label="pass"))  # fmt: skip
    return cases


def _dir_fill(template: str, x: str) -> str:
    """A DIR frame filled: {x} as written, {X} with its first letter capitalised (a sentence, cell or item it opens)."""
    return template.format(x=x, X=x[:1].upper() + x[1:])


@cache
def all_cases() -> tuple[Case, ...]:
    mft = mft_cases()
    unique: dict[str, Case] = {}
    for case in (*mft, *inv_cases(mft), *dir_cases()):
        unique.setdefault(case.id, case)
    return tuple(unique.values())


@cache
def outcome(text: str, capability: str) -> str:
    """What the analyzer does with a text, in the label's terms."""
    from analyzer import analyze

    report = analyze(text)
    if capability == CLAIM_CAPABILITY:
        return report.claims[-1].form if report.claims else "none"
    return "fire" if report.verdict == "fire" else "pass"


def holds(case: Case) -> bool:
    """Whether the analyzer shows the behaviour the case asks for."""
    got = outcome(case.text, case.capability)
    if case.kind == "inv":
        assert case.base is not None
        return got == outcome(case.base, case.capability)
    if case.kind == "dir":
        assert case.pair is not None
        return got == case.label and outcome(case.pair, case.capability) == case.pair_label
    return got == case.label


def expected_failures() -> dict[str, str]:
    """Case id -> why, for today's known misses (strict: a case that starts to hold must leave the list)."""
    found = {}
    for line in EXPECTED_FAILURES.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            case_id, _, why = line.partition(" ")
            found[case_id] = why.strip()
    return found


def by_kind(cases: Sequence[Case]) -> Iterator[tuple[str, list[Case]]]:
    for kind in ("mft", "inv", "dir"):
        yield kind, [case for case in cases if case.kind == kind]
