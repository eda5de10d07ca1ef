# Two entry points that work on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.deps-installed

.PHONY: demo test install lint bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check '.[test]'
	touch $(STAMP)

# Reinstall the package itself every time (fast, no deps) so console scripts run the current code.
install: $(STAMP)
	$(PY) -m pip install -q --disable-pip-version-check --no-deps --force-reinstall .

lint: install
	$(VENV)/bin/ruff check .

test: install lint
	$(PY) -m pytest
	$(VENV)/bin/lanegate golden --dir golden

demo: install
	$(PY) scripts/demo

bench: install
	$(PY) scripts/bench

clean:
	rm -rf $(VENV) build *.egg-info
