"""The deference step of a stop (docs/DESIGN.md#analyzer, docs/DESIGN.md#the-decision rows D and U): the final text
through the analyzer, with the user's extra phrases, only when a cheap scan found a phrase, a closing question or a
candidate claim.

spaCy loads only then, and not even then when a warm parse server answers; a stop without a phrase
imports none of the analyzer's parsing modules. What it finds stays typed from the analyzer to the audit
line: the analyzer's own frozen findings, the decision table's claim, and its warnings as a value.
"""

from __future__ import annotations

from collections.abc import Mapping

from hook.config import Config
from hook.deadline import DeadlineExceeded
from hook.decision import Trigger, UnbackedClaim
from lanegate_common.frozen import frozen, replace

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing on the per-stop path
if TYPE_CHECKING:
    from typing import Any

    from analyzer.api import Candidate, Lexicon, Vocabulary
    from analyzer.report import Finding, Report
    from warmparse.use import WarmUse


@frozen
class UnjudgedPhrase:
    """A phrase whose judgement ran past the hook's deadline: it fires (docs/DESIGN.md#failure). The audit line shows
    what is known of it, as it shows a finding."""

    phrase: str
    text: str
    family: str
    reason: str

    @property
    def fires(self) -> bool:
        return True

    def to_dict(self) -> dict[str, Any]:
        return {"phrase": self.phrase, "text": self.text, "verdict": "fire", "reason": self.reason}


@frozen
class DeferenceResult:
    """What the deference step found in the final text: the trigger of row D (an enforce-mode finding that
    fires), the finding the audit line shows, the observe-mode findings that fired (recorded, never refused
    on: docs/DESIGN.md#phrase-families, revision 2), the unbacked claim the message ends on (row U) and the step's
    warnings."""

    trigger: Trigger | None = None
    finding: Finding | UnjudgedPhrase | None = None
    observed: tuple[Finding | UnjudgedPhrase, ...] = ()
    claim: UnbackedClaim | None = None
    warnings: tuple[str, ...] = ()


# Nothing to judge or nothing found: what a stop without a phrase or a claim carries on.
NO_DEFERENCE = DeferenceResult()
# No model turn emits this much (128k output tokens is about half of it). Past it the deference lint
# reads the closing part only, so a 10 MB message costs the stop a second, not the harness's timeout.
MAX_JUDGED_CHARS = 1_000_000


def analyze_text(
    text: str,
    config: Config,
    *,
    claims: bool,
    warm: WarmUse | None = None,
    env: Mapping[str, str] | None = None,
) -> DeferenceResult:
    """Run the analyzer only when a cheap scan found a phrase, a closing question (docs/DESIGN.md#phrase-families
    revision 3) or a candidate claim: spaCy loads only then, and not even then when a warm parse server answers (its
    warnings say when it did not).

    claims: the closing part is read for a claim too (hook.decision.judged_rows): row U may refuse an action
    claim, and a wait is recorded in the audit line whatever decides the stop (docs/DESIGN.md#claims, revision 3).
    """
    from analyzer.api import NOT_ENGLISH, find_candidates, is_english, lexicon_for, may_hold_phrase

    warnings: list[str] = []
    if len(text) > MAX_JUDGED_CHARS:
        warnings.append(
            f"final text of {len(text)} characters: the deference lint read its last {MAX_JUDGED_CHARS} "
            "(finding offsets count from there)"
        )
        text = text[-MAX_JUDGED_CHARS:]
    if not is_english(text):
        warnings.append(NOT_ENGLISH)  # docs/DESIGN.md#phrase-families, docs/DESIGN.md#audit-log revision 3: the grammar
                                      # did not judge it
    vocabulary, redefined = _vocabulary(config)
    warnings += redefined
    # Most texts hold no phrase: settled from the phrases' forms, before the lexicon is built.
    lexicon = None
    candidates: tuple[Candidate, ...] = ()
    if may_hold_phrase(text, vocabulary):
        lexicon = lexicon_for(vocabulary)
        candidates = find_candidates(text, lexicon, first=True)
        if not candidates:
            lexicon = None
    if claims:
        from analyzer.api import may_claim

        claims = may_claim(text)
    if lexicon is None and not claims:
        from analyzer.api import may_ask

        # docs/DESIGN.md#phrase-families revision 3: a closing question holds no phrase; its sentence is found in the
        # closing part.
        if not may_ask(text):
            return DeferenceResult(warnings=tuple(warnings))
    from warmparse.route import analyze_text

    try:
        report, warm_warnings = analyze_text(
            text,
            lexicon or lexicon_for(vocabulary),
            model_name=config.spacy_model or None,
            model_errors="skip",
            warm=_warm_use(warm, config, env),
            options={"until_fire": True, "claims": claims},
        )
    except DeadlineExceeded:
        if not candidates:
            raise  # only a claim was being read: the deadline is the hook's own failure
        # docs/DESIGN.md#failure: the deadline is for the hook's own failures; reached while a phrase was being judged,
        # the phrase fires (an exemption must be shown) instead of the stop being allowed as an ERROR.
        entry = candidates[0].entry
        reason = f"fires: the judgement of '{entry.canonical}' exceeded its bound, so no exemption was shown"
        unjudged = UnjudgedPhrase(entry.canonical, candidates[0].text, entry.family, reason)
        if (lexicon or lexicon_for(vocabulary)).mode_of(entry.family) == "observe":
            return DeferenceResult(observed=(unjudged,), warnings=tuple(warnings))
        return DeferenceResult(Trigger(entry.canonical, reason), unjudged, warnings=tuple(warnings))
    warnings += [w for w in (*report.warnings, *warm_warnings) if w not in warnings]
    return replace(deference_of(report), warnings=tuple(warnings))


def deference_of(report: Report) -> DeferenceResult:
    """What rows D and U read of an analyzer report: the firing enforce-mode finding, the finding shown,
    the observe-mode findings and the claim the message ends on (also `analyze`'s view of the hook)."""
    firing = report.firing
    shown = firing or (report.findings[0] if report.findings else None)
    last = report.claims[-1] if report.claims else None
    claim = UnbackedClaim(last.text, last.form, last.reason) if last else None
    return DeferenceResult(Trigger(firing.phrase, firing.reason) if firing else None, shown, report.observed, claim)


def _warm_use(warm: WarmUse | None, config: Config, env: Mapping[str, str] | None) -> WarmUse | None:
    """The warm parse as this stop may use it: its socket folder from the stop's own environment and
    state folder unless the caller named one; None when the user turned it off."""
    if warm is None or not config.parse_server:
        return None
    folder = warm.folder
    if folder is None:
        from warmparse.place import folder_for

        folder = folder_for(env or {}, config.state_dir)
    return replace(warm, folder=folder, idle=config.parse_server_idle)


def stop_lexicon(config: Config) -> Lexicon:
    """The lexicon a stop under `config` judges with: the one `lanegate serve` starts a server for."""
    from analyzer.api import lexicon_for

    return lexicon_for(_vocabulary(config)[0])


def _vocabulary(config: Config) -> tuple[Vocabulary, list[str]]:
    """The configured [lexicon] additions, and a warning for each configured phrase that is built in (a
    configured phrase never redefines a built-in one)."""
    from analyzer.api import Vocabulary, redefined_phrases

    extras = config.lexicon
    vocabulary = Vocabulary.of(extras.phrases, extras.domain_words, extras.agent_work, extras.modes)
    warnings = [f"lexicon phrase {canonical!r} already built in: kept the built-in entry"
                for canonical in redefined_phrases(vocabulary)]  # fmt: skip
    return vocabulary, warnings
