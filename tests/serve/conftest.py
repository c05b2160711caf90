"""Shared fixtures for the preview: river-crossing drawn once, and the headless browser."""

from __future__ import annotations

import pytest

from tests.browser import browser  # noqa: F401  (the fixture, for test_browser)
from tests.conftest import load_fixture
from toolkit.artwork import Artwork
from toolkit.model import Game
from toolkit.render.artwork import draw_artwork
from toolkit.workers import Workers


@pytest.fixture(scope="session")
def crossing() -> tuple[Game, Artwork]:
    """The river-crossing fixture and its drawings: a hex map with every kind of feature."""
    game = load_fixture("river-crossing")
    with Workers(game) as workers:
        return game, draw_artwork(game, workers)
