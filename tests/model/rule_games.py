"""The games the rule tests read, each loaded once per test run."""

from __future__ import annotations

import functools

from tests.conftest import FIXTURES, SOURCES
from toolkit.load import load_game
from toolkit.model import Game

GAMES = (
    "axis-allies-1914",
    "axis-allies-europe",
    "distant-foreign-fields",
    "europe-engulfed",
    "fatal-alliances",
)
FIXTURE_GAMES = ("minimal-hex", "minimal-square", "rules-hex")


@functools.cache
def game(name: str) -> Game:
    """A game of sources/ or of the test fixtures, failing with its diagnostics if it breaks."""
    folder = SOURCES / name if name in GAMES else FIXTURES / name
    result = load_game(folder)
    assert result.game is not None, result.report.format_text()
    return result.game


def fs(*items: str) -> frozenset[str]:
    """A frozenset, as selectors hold them."""
    return frozenset(items)
