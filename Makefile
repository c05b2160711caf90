# Every target bootstraps .venv by itself, so a fresh clone needs only `make build` / `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
SOURCES := $(sort $(wildcard sources/*/game.json))
OUT ?= build

.PHONY: build test browser qpdf bench clean golden lint

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

# The catalogue page is judged in a real headless browser: Debian's chromium and its driver,
# installed here when missing and running as root (as CI does); otherwise those tests skip.
test: $(STAMP) browser qpdf
	$(BIN)/python -m pytest -q

browser:
	@if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing chromium and chromium-driver for the browser tests"; \
			export DEBIAN_FRONTEND=noninteractive; \
			apt-get install -y -q --no-install-recommends chromium chromium-driver >/dev/null \
			|| { apt-get update -q >/dev/null \
			     && apt-get install -y -q --no-install-recommends chromium chromium-driver >/dev/null; } \
			|| echo "could not install chromium; the browser tests will say so and skip"; \
		fi; \
	fi

# The kit's PDF structure is checked by qpdf, installed the same way; otherwise those tests skip.
qpdf:
	@if ! command -v qpdf >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing qpdf for the kit's PDF structure tests"; \
			export DEBIAN_FRONTEND=noninteractive; \
			apt-get install -y -q --no-install-recommends qpdf >/dev/null \
			|| { apt-get update -q >/dev/null \
			     && apt-get install -y -q --no-install-recommends qpdf >/dev/null; } \
			|| echo "could not install qpdf; the PDF structure tests will say so and skip"; \
		fi; \
	fi

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
