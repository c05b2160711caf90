"""The typed game model and the one loader that builds it from a game folder."""

from __future__ import annotations

from toolkit.model.game import Faction, Game, Side
from toolkit.model.loader import LoadResult, load_game

__all__ = ["Faction", "Game", "LoadResult", "Side", "load_game"]
