# The two commands of the README: `make play` (the main job) and `make test` (every test).
# Both create .venv in the repository and install what they need into it.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
WEB := src/tabletop/web
WEB_STAMP := $(WEB)/node_modules/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: play test lint bench clean

$(STAMP): pyproject.toml constraints.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "tabletop needs Python 3.11 or newer (found $$($(PYTHON) --version))"; exit 1; }
	@$(PYTHON) -m venv $(VENV) 2>/dev/null || { \
		echo "python3-venv is missing; installing it with apt-get"; \
		apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null && $(PYTHON) -m venv $(VENV); }
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[dev]'
	@touch $(STAMP)

# the browser client's npm packages (three.js; axe-core for the accessibility tests), installed once; nothing is fetched at run time
$(WEB_STAMP): $(WEB)/package.json $(WEB)/package-lock.json
	cd $(WEB) && npm ci --no-audit --no-fund --loglevel=error
	@touch $(WEB_STAMP)

play: $(STAMP) $(WEB_STAMP)
	$(BIN)/tabletop serve --host $(HOST) --port $(PORT) --open

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

test: lint $(WEB_STAMP)
	@sh scripts/services.sh
	@sh scripts/browser.sh
	$(BIN)/pytest -n auto

# every benchmark to the console and benchmarks/REPORT.md (docs/benchmarks.md); e.g. ARGS=--quick
bench: $(STAMP)
	$(BIN)/python benchmarks/run.py $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
