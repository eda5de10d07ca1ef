"""The `analyze` console script (docs/DESIGN.md#analyze-cli): analyzer.cli with the user's warm parse server
(docs/DESIGN.md#performance), and what the Stop hook would do with the text (docs/DESIGN.md#lanegate-cli, revision 3).

The analyzer imports no caller; here the product side hands its CLI a way to judge a text that asks the
user's running server first and parses in this process, silently, when none answers (`analyze` never
starts one). The folder and the on/off switch come from the user's own settings (hook.commands.serve).

It also hands the CLI the hook's view of the report: the configuration resolved as a stop resolves it (user
file, the current directory's lanegate.toml, environment), the lexicon of that configuration (its family
modes and extra phrases), and the pure decision table (hook.decision) run on an autonomous turn with that
report — so `analyze` says "refuses by row D", "refuses by row U" or "does not refuse", as the gate would.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from analyzer.report import Report
from hook.config import Config

if TYPE_CHECKING:
    from analyzer.api import Lexicon


def main(argv: Sequence[str] | None = None) -> int:
    from analyzer.cli import main as analyze_main
    from hook.config import load_config
    from hook.deference import stop_lexicon
    from lanegate_common import derived, patterns

    if argv is None:  # the console script, a process of its own (lanegate_common.patterns)
        patterns.use()
    config = load_config(os.environ, os.getcwd())
    lexicon = stop_lexicon(config)

    def parse(text: str) -> Report:
        return warm_parse(text, lexicon)

    def hook(report: Report) -> Mapping[str, Any]:
        return hook_view(report, config)

    code = analyze_main(argv, parse=parse, hook=hook)
    if argv is None:
        patterns.save()
        derived.save()
    return code


def warm_parse(text: str, lexicon: Lexicon | None = None) -> Report:
    """The Report for `text` under `lexicon` (default: the built-in one), from the user's warm parse server
    when one answers."""
    from analyzer.api import lexicon_for
    from hook.commands.serve import user_server
    from warmparse.route import analyze_text

    chosen = lexicon if lexicon is not None else lexicon_for()
    report, _ = analyze_text(text, chosen, model_name=None, model_errors="raise", warm=user_server(os.environ))
    return report  # type: ignore[no-any-return]


def hook_view(report: Report, config: Config) -> dict[str, Any]:
    """What the Stop hook would do with a final message judged as `report` on an autonomous turn under
    `config`: rows D and U of the decision table (docs/DESIGN.md#the-decision), run on that turn alone (no earlier
    refusals, no background task; a turn without tool calls, so unbacked_claims "no-tools" lets row U judge).

    `refuses` and `row` ("D", "U" or null), the audit `class` and `tag` of the refusal, `because` (the
    finding's or the claim's reason, or why neither row refuses) and the resolved `mode` and `policy`.
    """
    from hook.decision import Policy, Situation, decide, judged_rows
    from hook.deference import deference_of
    from hook.directives import load_directives

    seen = deference_of(report)
    policy = Policy(config.mode, config.deference, config.lane_continuation, config.max_refusals)
    claim = seen.claim if judged_rows(policy, False, config.unbacked_claims).claims else None
    directives, _ = load_directives(config.directives)
    decision = decide(Situation(policy=policy, operator_in_loop=False, trigger=seen.trigger, claim=claim), directives)
    view: dict[str, Any] = {"refuses": decision.row in ("D", "U"), "row": None, "class": None, "tag": None}
    if decision.row == "D" and seen.trigger is not None:
        view.update(row="D", because=seen.trigger.reason)
    elif decision.row == "U" and claim is not None:
        view.update(row="U", because=claim.reason)
    elif not config.deference:
        view["because"] = "the deference lint is off in the resolved policy (deference = off)"
    else:
        view["because"] = _why_not(report, config)
    if view["refuses"]:
        view.update({"class": decision.klass, "tag": decision.tag})
    view.update(mode=config.mode, policy=config.policy)
    return view


def _why_not(report: Report, config: Config) -> str:
    """Why neither row D nor row U refuses the text."""
    from analyzer.api import NOT_ENGLISH

    if NOT_ENGLISH in report.warnings and not report.findings:
        return "not judged: the text is not English"
    if report.observed:
        families = ", ".join(dict.fromkeys(f.family for f in report.observed))
        return f"no enforce-mode finding fires (observe mode in the resolved policy: {families})"
    if config.unbacked_claims == "off" and report.claims:
        return "no enforce-mode finding fires, and unbacked_claims is off in the resolved policy"
    return "no enforce-mode finding fires and no unbacked claim ends the text"


if __name__ == "__main__":
    sys.exit(main())
