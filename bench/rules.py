"""A crowded position for the rules checker's bar: 2000 pieces on one map of a real game."""

from __future__ import annotations

import random

from toolkit.model import Game
from toolkit.model.position import Piece, Position, format_piece_id
from toolkit.rules.context import Situation
from toolkit.rules.registry import check_position

CLASSES = frozenset({"infantry", "cavalry", "armour", "mountain", "hq"})
"""Unit classes that move, exert zones and trace supply."""


def crowded_position(game: Game, map_id: str, count: int = 2000, seed: int = 1) -> Position:
    """``count`` units of every faction, each on a land hex of ``map_id`` drawn at random."""
    rng = random.Random(seed)
    land = [
        key
        for key, location in game.locations.items()
        if location.map_id == map_id and location.kind == "hex" and location.terrain != "sea"
    ]
    units = [c for c in game.counters if c.faction and c.class_ in CLASSES]
    numbers: dict[str, int] = {}
    pieces = []
    for _ in range(count):
        counter = rng.choice(units)
        numbers[counter.id] = numbers.get(counter.id, 0) + 1
        piece_id = format_piece_id(counter.id, numbers[counter.id])
        pieces.append(
            Piece(piece_id, counter.id, rng.choice(land), "front", counter.faction, counter.steps)
        )
    return Position(pieces=tuple(pieces))


def check_crowded(game: Game, position: Position) -> int:
    """Check every rule of the game on the position (zones and indexes built afresh)."""
    return len(check_position(Situation(game, position)))
