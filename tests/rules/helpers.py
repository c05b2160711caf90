"""Positions written as data: piece id → location key, and the games the rule tests read."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tests.model.rule_games import game
from toolkit.model import Game
from toolkit.model.position import Piece, Position, parse_piece_id

CASES = Path(__file__).resolve().parent / "cases"

__all__ = ["CASES", "game", "position", "read_cases"]


def position(
    the_game: Game,
    where: Mapping[str, str | None],
    weather: str | None = None,
    control: Mapping[str, str] | None = None,
    owners: Mapping[str, str] | None = None,
) -> Position:
    """A position of full-strength pieces on their front, each where ``where`` puts it."""
    pieces = []
    for piece_id, key in where.items():
        counter = the_game.counter(parse_piece_id(piece_id)[0])
        owner = (owners or {}).get(piece_id, counter.faction)
        pieces.append(Piece(piece_id, counter.id, key, "front", owner, counter.steps))
    return Position(pieces=tuple(pieces), weather=weather, control=dict(control or {}))


def read_cases(kind: str) -> list[tuple[str, dict[str, Any]]]:
    """(name, case) of every case file of a kind, in name order."""
    return [
        (path.stem, json.loads(path.read_text(encoding="utf-8")))
        for path in sorted((CASES / kind).glob("*.json"))
    ]
