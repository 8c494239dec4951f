# The two commands of the README: `make play` (the main job) and `make test` (every test).
# Both create .venv in the repository; `make play` installs what playing needs (the core, the physics
# extra for Kubik's simulated throws and the compiled one for Cubulus's hard bot: no npm, no developer
# tools), `make test` everything, both with uv (installed into the venv first by its pip), pinned by
# constraints.txt.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PLAY_STAMP := $(VENV)/.installed-play
STAMP := $(VENV)/.installed
NPM_TOOLS := tests/web
WEB_STAMP := $(NPM_TOOLS)/node_modules/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: play test test-slow lint bench bench-publish clean

$(VENV)/bin/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "tabletop needs Python 3.11 or newer (found $$($(PYTHON) --version))"; exit 1; }
	@$(PYTHON) -m venv $(VENV) 2>/dev/null || { \
		echo "python3-venv is missing; installing it with apt-get"; \
		apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null && $(PYTHON) -m venv $(VENV); }

# the installer: uv (pinned, from the package index by the venv's own pip), which installs the same
# pinned packages as pip does in a fraction of the time. It compiles every module to bytecode as it
# installs (pip does so too; uv only when asked): where nothing may write __pycache__ later
# (PYTHONDONTWRITEBYTECODE, a read-only install), each process would otherwise parse the web and
# database stack from source at every start, seconds for a server or a bot worker
UV_INSTALL = $(BIN)/uv pip install -q --compile-bytecode --python $(BIN)/python -c constraints.txt
# and the Cubulus expert's searches and cribbage's kernel to machine code (Numba caches it), so no first move
# waits for it
COMPILE_SRC = $(BIN)/python -m compileall -q -j0 src/tabletop >/dev/null && $(BIN)/python -m tabletop.games.cubulus.compiled \
	&& $(BIN)/python -m tabletop.games.cribbage

$(BIN)/uv: constraints.txt | $(VENV)/bin/python
	$(BIN)/python -m pip install -q --disable-pip-version-check -c constraints.txt uv
	@touch $(BIN)/uv

# playing: the core, Kubik's physics and Cubulus's compiled searches (the hard bot), pinned; the browser
# client's three.js is in the package
$(PLAY_STAMP): pyproject.toml constraints.txt $(BIN)/uv
	$(UV_INSTALL) -e '.[physics,compiled,passkeys]'
	@$(COMPILE_SRC)
	@touch $(PLAY_STAMP)

# testing: every extra and the developer tools (.[dev] includes .[all])
$(STAMP): pyproject.toml constraints.txt $(BIN)/uv
	$(UV_INSTALL) -e '.[dev]'
	@# PyTorch for the learning-library examples (tests/interop/test_examples.py) only as a CPU wheel that
	@# pip's find-links has (never PyPI's Linux build: CUDA, several GB), then the sb3/rllib extras around it
	@if $(BIN)/python -m pip install -q --no-index --no-deps torch==2.13.0 2>/dev/null; then \
		$(UV_INSTALL) -e '.[dev,sb3,rllib]'; \
	else echo "no CPU wheel of torch 2.13.0 for pip --no-index: the SB3 and RLlib examples will skip"; fi
	@$(COMPILE_SRC)
	@touch $(STAMP) $(PLAY_STAMP)

# the browser tests' npm package (axe-core for the accessibility tests, TypeScript for the client's type
# check), installed once; the app itself needs no npm (three.js is vendored in src/tabletop/web/vendor/)
$(WEB_STAMP): $(NPM_TOOLS)/package.json $(NPM_TOOLS)/package-lock.json
	cd $(NPM_TOOLS) && npm ci --no-audit --no-fund --loglevel=error
	@touch $(WEB_STAMP)

play: $(PLAY_STAMP)
	$(BIN)/tabletop serve --host $(HOST) --port $(PORT) --open

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

# one test process a core (TEST_WORKERS=N chooses): two a core on a 2-core machine ran longer (22 min
# against 16) and timed out browser tests, the pages' 3D and pacing starving for CPU
TEST_WORKERS ?= auto

test: lint $(WEB_STAMP)
	@sh scripts/services.sh
	@sh scripts/browser.sh
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadgroup

# the slow tier too: the tests make test leaves out (fresh installs of the wheel with each extra, minutes)
test-slow: $(STAMP)
	@sh scripts/services.sh
	TABLETOP_SLOW=1 $(BIN)/pytest -n $(TEST_WORKERS) --dist loadgroup -m slow_tier

# every benchmark to the console and build/bench/REPORT.md (outside git; docs/benchmarks.md); e.g. ARGS=--quick
bench: $(STAMP)
	$(BIN)/python benchmarks/run.py $(ARGS)

# a full run into benchmarks/REPORT.md, the report the docs cite: run on purpose, committed with what it measured
bench-publish: $(STAMP)
	$(BIN)/python benchmarks/run.py --report benchmarks/REPORT.md

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
