"""The situation a check looks at: a game and a position, with the indexes every check shares.

Built once per check run, so each check costs time in proportion to the pieces and places it
looks at, never a scan of the whole game per piece.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from toolkit.model import Game
from toolkit.model.counter import Counter
from toolkit.model.map import Location
from toolkit.model.position import Piece, Position
from toolkit.model.rules import SelectorIndex


@dataclass(frozen=True)
class Situation:
    """A position of a game, ready to be checked."""

    game: Game
    position: Position
    setup_id: str | None = None
    """The scenario being played, if known (rules may apply to some setups only)."""
    start: bool = False
    """The position is the scenario's starting set-up: rules checked 'when: setup' apply."""

    @functools.cached_property
    def index(self) -> SelectorIndex:
        """What selectors look up (faction sides, features by place), built once."""
        return SelectorIndex.of(self.game)

    def counter(self, piece: Piece) -> Counter:
        """The counter a piece is a copy of."""
        return self.game.counter(piece.counter)

    def location(self, key: str) -> Location:
        """The location a key names."""
        return self.game.locations[key]

    def side_of(self, piece: Piece) -> str | None:
        """The side of the faction playing a piece (None for a piece of no faction)."""
        return self.index.sides.get(piece.owner or "")

    def controller(self, key: str) -> str | None:
        """The faction controlling a location in this position, as selectors match it."""
        return self.position.controller(key)

    def pieces_in_play(self) -> tuple[tuple[Piece, Location], ...]:
        """Every piece on a known location, with that location."""
        found = []
        for piece in self.position.pieces:
            location = self.game.locations.get(piece.location or "")
            if location is not None:
                found.append((piece, location))
        return tuple(found)

    @functools.cached_property
    def occupied(self) -> tuple[str, ...]:
        """Every location key with at least one piece, in position order."""
        seen: dict[str, None] = {}
        for piece in self.position.pieces:
            if piece.location is not None:
                seen.setdefault(piece.location, None)
        return tuple(seen)

    @functools.cached_property
    def memo(self) -> dict[tuple[str, str], Any]:
        """What checks build once and share, by (what, rule id): a rule's zones of control are
        worked out once however many pieces move or trace supply through them."""
        return {}
