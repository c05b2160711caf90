"""The typed game model: immutable values and the queries the outputs ask of them.

The model never reads a file: :mod:`toolkit.load` turns a game folder into a :class:`Game`.
"""

from __future__ import annotations

from toolkit.model.game import Faction, Game, Side

__all__ = ["Faction", "Game", "Side"]
