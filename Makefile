# Every target bootstraps .venv by itself, so a fresh clone needs only `make build` / `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
SOURCES := $(sort $(wildcard sources/*/game.json))
OUT ?= build

.PHONY: build test tools install bench clean golden lint

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

# The suite judges outputs with real tools: a headless browser (the catalogue and preview
# pages), qpdf, poppler and fontconfig (the kit's PDF), a JDK and Xvfb (the probes run in VASSAL,
# the screenshot command). As root with apt-get (as CI runs), whatever is missing is installed,
# waiting up to five minutes for another program's hold on the package manager; otherwise the
# tests that need a missing tool say so and skip, and with TOOLKIT_REQUIRE_TOOLS=1 (as CI runs)
# the suite stops at once. tests/conftest.py's REQUIRED_TOOLS lists the same commands.
# An entry may name a file instead of a command: the print-shop kit's CMYK profile (the build
# needs it too, for --kit print-shop), and Ghostscript renders the kit's separations. VASSAL
# runs on a Java with its X11 library (default-jre, not the headless one) and a system font.
TOOLS := chromium:chromium chromedriver:chromium-driver qpdf:qpdf pdftocairo:poppler-utils \
	pdffonts:poppler-utils pdftotext:poppler-utils pdftoppm:poppler-utils fc-list:fontconfig \
	javac:default-jdk-headless java:default-jre xvfb-run:xvfb xauth:xauth gs:ghostscript \
	/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:fonts-dejavu-core \
	/usr/share/color/icc/ghostscript/default_cmyk.icc:libgs-common
APT := apt-get -o DPkg::Lock::Timeout=300 -y -q --no-install-recommends
# apt-get update's lock on the package lists takes no timeout: it is tried again every
# APT_LOCK_PAUSE seconds, APT_LOCK_TRIES times (five minutes), while another program holds it.
APT_LOCK_TRIES ?= 60
APT_LOCK_PAUSE ?= 5

# Two workers, a test file each at a time: the suite's real-tool checks wait on Java, Chromium
# and Ghostscript as much as on Python, and a file keeps its module-scoped builds to itself.
test: $(STAMP) tools
	$(BIN)/python -m pytest -q -n 2 --dist loadfile

tools:
	@missing=""; for pair in $(TOOLS); do \
		need="$${pair%%:*}"; \
		case "$$need" in /*) test -e "$$need" ;; *) command -v "$$need" >/dev/null 2>&1 ;; esac \
		|| missing="$$missing $${pair#*:}"; \
	done; \
	missing=$$(printf '%s\n' $$missing | sort -u | xargs); \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing for the tests: $$missing"; \
			export DEBIAN_FRONTEND=noninteractive; \
			update() { tries=$(APT_LOCK_TRIES); \
				until said=$$($(APT) update 2>&1); do \
					case "$$said" in *"lock"*) ;; *) printf '%s\n' "$$said" >&2; return 1 ;; esac; \
					tries=$$((tries - 1)); [ $$tries -gt 0 ] || { printf '%s\n' "$$said" >&2; return 1; }; \
					sleep $(APT_LOCK_PAUSE); \
				done; }; \
			$(APT) install $$missing >/dev/null \
			|| { update && $(APT) install $$missing >/dev/null; } \
			|| echo "could not install $$missing; the tests that need them will say so"; \
		else \
			echo "missing for some tests: $$missing (install them, or the tests that need them skip)"; \
		fi; \
	fi

# The toolkit alone, for a designer: `.venv/bin/toolkit` (or activate .venv), no example built.
install: $(STAMP)
	@echo "installed: $(BIN)/toolkit (run '$(BIN)/toolkit --help', or 'source $(BIN)/activate')"

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
