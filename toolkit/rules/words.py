"""How checks name pieces and places in the sentences players read."""

from __future__ import annotations

from toolkit.model import Game
from toolkit.model.map import parse_location_key
from toolkit.model.position import Piece
from toolkit.model.rules import Rule


def piece_words(game: Game, piece: Piece) -> str:
    """'Blue 1st Infantry (bl-1-inf/1)': the counter's printed name and the piece's id."""
    return f"{game.counter(piece.counter).name} ({piece.id})"


def place_words(game: Game, key: str) -> str:
    """'Millbrook (The Valley 0304)', 'The Valley 0305', or an area's own name: 'Berlin'."""
    location = game.locations.get(key)
    if location is None:
        return key
    map_id, label = parse_location_key(key)
    where = f"{_map_name(game, map_id)} {label}"
    if location.kind in ("hex", "square"):
        return f"{location.name} ({where})" if location.name else where
    return location.name or where


def unless_words(rule: Rule) -> str:
    """' (Unless: …)' when the rule names a condition that lifts it, for a person to judge."""
    return f" (Unless: {rule.unless.rstrip('.')}.)" if rule.unless else ""


def _map_name(game: Game, map_id: str) -> str:
    for the_map in game.maps:
        if the_map.id == map_id:
            return the_map.name
    return next((chart.title for chart in game.charts if chart.id == map_id), map_id)
