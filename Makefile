# Every target bootstraps .venv by itself, so a fresh clone needs only `make build` / `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
SOURCES := $(sort $(wildcard sources/*/game.json))
OUT ?= build

.PHONY: build test bench clean golden lint

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

build: $(STAMP)
	@set -e; for game in $(SOURCES); do \
		dir=$$(dirname $$game); echo "toolkit build $$dir"; \
		$(BIN)/toolkit build $$dir -o $(OUT) -j 2; \
	done

test: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python -m bench

golden: $(STAMP)
	TOOLKIT_UPDATE_GOLDEN=1 $(BIN)/python -m pytest -q tests -k golden

lint: $(STAMP)
	$(BIN)/pip install --quiet -e '.[dev]'
	$(BIN)/ruff check toolkit bench tests
	$(BIN)/ruff format --check toolkit bench tests
	$(BIN)/mypy --strict toolkit

clean:
	rm -rf $(OUT) .pytest_cache
