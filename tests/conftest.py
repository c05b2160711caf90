"""Shared fixtures: the fixture games, a loader helper and a CLI runner."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NoReturn

import pytest

from toolkit.load import load_game
from toolkit.model import Game
from toolkit.render.artwork import draw_artwork
from toolkit.vassal.format.layout import Board
from toolkit.vassal.write.module import game_boards
from toolkit.workers import Workers

REQUIRED_TOOLS = (
    "chromium",
    "chromedriver",
    "qpdf",
    "pdftocairo",
    "pdffonts",
    "pdftotext",
    "pdftoppm",
    "fc-list",
    "javac",
    "java",
    "xvfb-run",
    "xauth",
    "gs",
)
"""The programs the suite judges outputs with, which `make tools` installs (the Makefile's
TOOLS names each with its package); a test that needs one that is missing says so and skips,
unless TOOLKIT_REQUIRE_TOOLS=1 (as CI sets): then the suite stops at once, since a skip there
would pass in silence."""

REQUIRE_TOOLS = os.environ.get("TOOLKIT_REQUIRE_TOOLS") == "1"


def pytest_sessionstart(session: pytest.Session) -> None:
    """With TOOLKIT_REQUIRE_TOOLS=1, every tool the tests use must be here."""
    if not REQUIRE_TOOLS:
        return
    missing = [tool for tool in REQUIRED_TOOLS if shutil.which(tool) is None]
    if missing:
        pytest.exit(
            f"TOOLKIT_REQUIRE_TOOLS=1 but the tests' tools are missing: {', '.join(missing)} "
            "('make tools' installs them as root)",
            returncode=1,
        )


def tool_missing(reason: str) -> NoReturn:
    """A tool a test judges with is here but cannot run (a browser that does not start, an
    engine whose install failed): the test skips saying why, or with TOOLKIT_REQUIRE_TOOLS=1
    fails, since CI must not pass on a skip."""
    if REQUIRE_TOOLS:
        pytest.fail(f"TOOLKIT_REQUIRE_TOOLS=1: {reason}", pytrace=False)
    pytest.skip(reason)


TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
FIXTURES = TESTS / "fixtures"
SOURCES = ROOT / "sources"


def load_fixture(name: str) -> Game:
    """Load a fixture game, failing the test with the diagnostics if it does not load."""
    result = load_game(FIXTURES / name)
    assert result.game is not None, result.report.format_text()
    return result.game


def copy_fixture(name: str, destination: Path) -> Path:
    """A private copy of a fixture game whose $schema paths still resolve (they are not read)."""
    target = destination / name
    shutil.copytree(FIXTURES / name, target)
    return target


def run_cli(*args: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run the real command line in a subprocess, as a user would."""
    return subprocess.run(
        [sys.executable, "-m", "toolkit", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.fixture
def minimal_hex() -> Game:
    """The small hex game `toolkit new` writes."""
    return load_fixture("minimal-hex")


@pytest.fixture
def minimal_area() -> Game:
    """A small area-map game."""
    return load_fixture("minimal-area")


@pytest.fixture(scope="session")
def minimal_hex_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The minimal hex game's module and its scenario, as a player receives them (built once
    for every test of toolkit check on saves and logs)."""
    from toolkit.build import build_game, selected_targets
    from toolkit.options import BuildOptions

    out = tmp_path_factory.mktemp("minimal-hex-module")
    game = load_fixture("minimal-hex")
    return build_game(game, out, selected_targets(["vmod"]), BuildOptions()).folder


@pytest.fixture(scope="session")
def minimal_hex_board() -> Board:
    """The minimal hex game's board as the module has it (to find a hex's point on it)."""
    game = load_fixture("minimal-hex")
    with Workers(game) as workers:
        return game_boards(game, draw_artwork(game, workers, counters=False), dpi=150)[0]


_MODULES: dict[Path, tuple[Game, Path]] = {}


def built_module(source: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Game, Path]:
    """A game loaded from ``source`` and the folder its module and scenario saves were built
    into (``--only vmod -j 2``), built once per session: the module tests and the published
    examples read the same module, and each build of an example game takes seconds. Callers
    only read the folder."""
    if source not in _MODULES:
        from toolkit.build import build_game, selected_targets
        from toolkit.options import BuildOptions

        result = load_game(source)
        assert result.game is not None, result.report.format_text()
        out = tmp_path_factory.mktemp("vmod")
        summary = build_game(result.game, out, selected_targets(["vmod"]), BuildOptions(jobs=2))
        _MODULES[source] = (result.game, summary.folder)
    return _MODULES[source]
