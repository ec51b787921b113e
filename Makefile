# `make lab`: set everything up (first time) and open the notebooks in JupyterLab.
# `make test`: set everything up (first time) and run every test.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8888

.PHONY: lab test test-fast lint bench notebooks clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.notebooks: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[notebooks]"
	touch $@

$(VENV)/.test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@ $(VENV)/.notebooks

lab: $(VENV)/.notebooks
	$(BIN)/jupyter lab --notebook-dir=notebooks --port=$(PORT) $(if $(filter 0,$(shell id -u)),--allow-root,)

# Every test: unit, scenarios, conformance, nbval on every notebook, and the browser tests
# (skipped when no Chromium is found, unless KASKARIA_REQUIRE_BROWSER=1).
test: $(VENV)/.test
	$(BIN)/ruff check kaskaria tests benchmarks notebooks
	$(BIN)/python -m pytest

# The quick loop: engine and odds tests only, no notebooks, no browser, no long playouts.
test-fast: $(VENV)/.test
	$(BIN)/python -m pytest tests -p no:nbval -o addopts="" -m "not slow and not browser"

lint: $(VENV)/.test
	$(BIN)/ruff check kaskaria tests benchmarks notebooks

bench: $(VENV)/.notebooks
	$(BIN)/python benchmarks/dragon_battle.py
	$(BIN)/python benchmarks/heroes.py

# Re-execute the notebooks in place (their stored outputs are what nbval compares).
notebooks: $(VENV)/.notebooks
	$(BIN)/python tools/run_notebooks.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
