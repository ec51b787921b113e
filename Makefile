# `make lab`: set everything up (first time) and open the notebooks in JupyterLab.
# `make test`: set everything up (first time) and run every test.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8888

.PHONY: lab play class test test-fast soak conformance-plan golden-views lint bench lessons notebooks worksheets teacher clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.notebooks: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[notebooks]"
	touch $@

$(VENV)/.test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@ $(VENV)/.notebooks

# The solved two-player Dragon Battle (see `lab` and `test`), with one thread of the linear
# algebra library: its small products gain nothing from a second thread, whose waiting kept the
# other core busy (112 s of CPU for a 79 s solve, against 79 s with one thread, one machine).
SOLVE_DUEL := OPENBLAS_NUM_THREADS=1 $(BIN)/python -m kaskaria.dragon_battle.duel --if-missing

# `make lab NOTEBOOK=play-heroes` (or de/play-heroes, any notebook's name) opens that notebook in
# Lab's single-document view (its /doc address): Lab keeps its side bar closed there, so a play
# notebook's table has the notebook's whole width (on a projector at 683 x 512 too).
# On a new machine the solved two-player Dragon Battle (the "hard" bot's table: about a minute of
# one core, then kept in ~/.cache/kaskaria) is made in the background while Lab starts, rather
# than at a bot's first move.
lab: $(VENV)/.notebooks
	$(SOLVE_DUEL) >/dev/null 2>&1 &
	$(BIN)/jupyter lab --notebook-dir=notebooks --port=$(PORT) $(if $(filter 0,$(shell id -u)),--allow-root,) \
		$(if $(NOTEBOOK),--LabApp.default_url=/doc/tree/$(NOTEBOOK).ipynb,)

# The children's apps in Voila (only the table, no code), at http://localhost:$(PLAY_PORT)/:
# `make play` is Dragon Battle; `make play APP=play-heroes` (or any notebooks/play-*.ipynb, or
# APP=de/play-dragon-battle for the German one) picks another. voila.json picks the app's page
# template (share/jupyter: Voila's own, minus the stylesheets it would fetch from the internet) and
# the extensions the page loads, and shuts down the kernel of a page closed 15 minutes ago (a page
# still open keeps its kernel). As root (a container) no browser can be opened: open the address
# it prints.
PLAY_PORT ?= 8866
APP ?= play-dragon-battle
play: $(VENV)/.notebooks
	JUPYTER_PATH=$(CURDIR)/share/jupyter $(BIN)/voila notebooks/$(APP).ipynb \
		--port=$(PLAY_PORT) $(if $(filter 0,$(shell id -u)),--no-browser,)

# The class server: every pupil plays on their own device (a browser is all they need). Binds to
# the school network and prints the address, the class code, the teacher key and a QR code.
# `make class CLASS_STORE=lesson.sqlite3` keeps the class in another file (default
# ~/.kaskaria/class.sqlite3); see the README's "A class plays together".
CLASS_PORT ?= 8765
class: $(VENV)/.notebooks
	$(BIN)/kaskaria-class --network --port=$(CLASS_PORT) $(if $(CLASS_STORE),--store=$(CLASS_STORE),)

# Every test: unit, scenarios, conformance, nbval on every notebook, and the browser tests
# (skipped when no Chromium is found, unless KASKARIA_REQUIRE_BROWSER=1). Two workers more than
# the cores: much of the suite waits (on a browser, a kernel, a bot's pace; 3 workers kept 2
# cores 134% busy): on 2 cores 3 workers ran it in 450 s against 631 s for 2, and later 4 workers
# in 504 s against 576 s for 3 (fresh clones of the same code back to back, one run each).
TEST_WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 2) + 2 )))
# The package is compiled to bytecode first: over a hundred processes of the suite (its workers,
# the notebooks' kernels, the servers) import it, and where Python is told not to write bytecode
# (PYTHONDONTWRITEBYTECODE) each would compile it again (about 0.3 s of a core each).
# The solved two-player Dragon Battle (about a minute of a core on a new machine, then read from
# ~/.cache/kaskaria) is made while the lint and the type check run, and on beside the first tests:
# the long computing tests, sent first, run meanwhile; every other test waits for its table
# (tests/conftest.py, KASKARIA_DUEL_SOLVER), as the lessons' answers, the bots and the notebooks'
# kernels ask for it. Before, the second core idled for most of the solve.
# Beside them too, one collection of the tests keeps pytest's rewritten test modules (their asserts
# made to explain a failure) in tests/__pycache__: each worker collects every test module, and
# rewriting them all took 17 of the 25 s of a core that a worker's collection cost. (A failure
# there is shown by the run itself.)
test: $(VENV)/.test
	$(SOLVE_DUEL) & solving=$$!; \
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest --collect-only -q -p no:cacheprovider tests \
		>/dev/null 2>&1 & collecting=$$!; \
	$(BIN)/ruff check kaskaria tests benchmarks notebooks && $(BIN)/mypy && \
	$(BIN)/python -m compileall -q kaskaria; checked=$$?; \
	wait $$collecting; \
	if [ $$checked -eq 0 ]; then \
		KASKARIA_DUEL_SOLVER=$$solving $(BIN)/python -m pytest -n $(TEST_WORKERS) --durations=15; \
		checked=$$?; \
	fi; \
	wait $$solving && exit $$checked

# The quick loop: engine and odds tests only, no notebooks, no browser, no long playouts.
test-fast: $(VENV)/.test
	$(BIN)/python -m pytest tests -p no:nbval -o addopts="" -m "not slow and not browser"

# The long soak, not part of `make test`: the conformance suite on 1,000 seeded games per player
# count and variant (and the other tests marked soak: the larger tournaments and samples of
# tests/tiers.py, the apps measured at every decision and played in German, the German play
# notebooks beside JupyterLab's file browser, the hidden-information state machines with new
# random examples), spread over the cores, keeping the browser tests' pictures in test-artifacts/
# (`make test` keeps only a failed test's). It also checks that tests/conformance_plan.json still
# lists what those games reach. Each soak repeats, longer, what a test of `make test` checks.
soak: $(VENV)/.test
	KASKARIA_SCREENSHOTS=1 $(BIN)/python -m pytest tests -p no:nbval -o addopts="-ra" --soak -m soak -n auto --durations=15

# Rewrite tests/conformance_plan.json (what the soak's games reach, and the few games that
# `make test` checks to reach it all) after a change to an engine's play: then review its diff.
conformance-plan: $(VENV)/.test
	$(BIN)/python tests/conformance.py

# Record the golden views again (tests/golden/) after an intended change of what screens receive:
# then review the diff and say in each changed file's header what changed and why.
golden-views: $(VENV)/.test
	$(BIN)/python tests/golden_views.py

lint: $(VENV)/.test
	$(BIN)/ruff check kaskaria tests benchmarks notebooks
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

$(VENV)/.bench: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[bench]"
	touch $@

bench: $(VENV)/.notebooks $(VENV)/.bench
	$(BIN)/python benchmarks/dragon_battle.py
	$(BIN)/python benchmarks/heroes.py
	$(BIN)/python benchmarks/dragons_gold.py
	$(BIN)/python benchmarks/bot_speed.py
	$(BIN)/python benchmarks/ladder.py
	$(BIN)/python benchmarks/import_time.py
	$(BIN)/python benchmarks/class_load.py
	$(BIN)/python benchmarks/class_bot_seat.py
	$(BIN)/python benchmarks/marking.py

# Every artefact of the lessons from their text (kaskaria/lessons/text/*.yaml, one file per notebook,
# English and German side by side): the pupils' notebooks in notebooks/ and notebooks/de/, run (their
# stored outputs are what nbval compares), the teacher editions, the worksheets, then the lesson
# audit. `make lessons LESSON=02-dragon-battle-odds` runs only that notebook (and any whose cells
# changed). The steps one at a time: `make notebooks`, `make teacher`, `make worksheets`.
LESSON ?=
lessons: $(VENV)/.notebooks
	$(BIN)/python tools/make_lessons.py $(LESSON)

# Re-execute the notebooks in place (their stored outputs are what nbval compares), and remake the
# teacher editions (their sections follow the notebooks' headings).
notebooks: $(VENV)/.notebooks
	$(BIN)/python tools/run_notebooks.py
	$(BIN)/python tools/make_teacher_editions.py

# The printable worksheets and answer keys (docs/worksheets/), made from the lessons' content.
worksheets: $(VENV)/.notebooks
	$(BIN)/python tools/make_worksheets.py

# The teacher editions (notebooks/teacher/, notebooks/de/teacher/): every answer, the timing and the
# discussion answers, made from the lesson plans; the pupils' notebooks hold no answer key.
teacher: $(VENV)/.notebooks
	$(BIN)/python tools/make_teacher_editions.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
