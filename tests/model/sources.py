"""The real games in sources/, loaded once per test run for the model tests."""

from __future__ import annotations

import functools

from tests.conftest import SOURCES
from toolkit.load import load_game
from toolkit.model import Game


@functools.cache
def source_game(name: str) -> Game:
    """A game from sources/, failing the test with the diagnostics if it does not load."""
    result = load_game(SOURCES / name)
    assert result.game is not None, result.report.format_text()
    return result.game
