"""What the module's rules warnings raise in a position, worked out here as VASSAL would.

Every piece of a position is taken in turn as the one that has just moved; its warnings'
conditions are evaluated by :func:`toolkit.vassal.format.expressions.evaluate` on the
properties VASSAL would give it (its own, its map's, the module's) and the sums VASSAL would
make over its location. The tests hold the module's expressions to the rules engine this way,
and a real VASSAL, where one is at hand, to what they predict.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from toolkit.model import Game
from toolkit.model.position import Piece, Position
from toolkit.vassal.format.expressions import Scope, evaluate
from toolkit.vassal.format.layout import Board
from toolkit.vassal.write.boards import vassal_places
from toolkit.vassal.write.moves import MOVE_ASPECTS, RECORD
from toolkit.vassal.write.warnings import SWITCH, ModuleWarnings


@dataclass(frozen=True, slots=True)
class Raised:
    """A warning VASSAL would write after a piece moved where it stands."""

    rule_id: str
    aspect: str
    piece: str
    """The piece id ('<counter>/<n>')."""
    location: str
    """Its location key."""


def raised(
    game: Game,
    boards: Sequence[Board],
    warnings: ModuleWarnings,
    position: Position,
    switch: int = 1,
) -> list[Raised]:
    """Every warning the module's expressions raise when each piece of ``position`` is the one
    that has just moved, evaluated by :func:`toolkit.vassal.format.expressions.evaluate` on the same
    properties VASSAL would give it. Pieces off every board raise nothing, and neither do
    the warnings about a move (:func:`raised_by_move` judges those)."""
    where = vassal_places(game, boards)
    module = dict(warnings.module_properties) | {SWITCH: str(switch)}
    at: dict[tuple[str, str], list[Piece]] = {}
    for piece in position.pieces:
        spot = where.get(piece.location or "")
        if spot is not None:
            at.setdefault(spot, []).append(piece)
    found: list[Raised] = []
    for (board, name), pieces in at.items():
        keys = {p.id: warnings.key_for(game.counter(p.counter), p.owner) for p in pieces}
        place = _Place(warnings, module, board, name, tuple(pieces), keys)
        for piece in pieces:
            scope = Scope(partial(place.property, piece), place.total)
            for warning in warnings.warnings.get(keys[piece.id], ()):
                if warning.aspect in MOVE_ASPECTS:
                    continue
                if evaluate(warning.condition, scope) is True:
                    found.append(
                        Raised(warning.rule_id, warning.aspect, piece.id, piece.location or "")
                    )
    return found


@dataclass(frozen=True)
class _Place:
    """One location as VASSAL sees it: its board and name, and the pieces there."""

    warnings: ModuleWarnings
    module: Mapping[str, str]
    board: str
    name: str
    pieces: tuple[Piece, ...]
    keys: Mapping[str, str]
    """Piece id → its holder key."""

    @functools.cached_property
    def lists(self) -> dict[str, str]:
        return dict(self.warnings.map_properties.get(self.board, ()))

    def property(self, piece: Piece, name: str) -> str:
        """What VASSAL's getProperty gives on the piece: its own, else its map's, else the
        module's; LocationName and CurrentMap from where it is."""
        if name == "LocationName":
            return self.name
        if name == "CurrentMap":
            return self.board
        own = self.warnings.properties.get(self.keys[piece.id], {})
        if name in own:
            return own[name]
        if name in self.lists:
            return self.lists[name]
        return self.module.get(name, "")

    def total(self, name: str) -> int:
        """VASSAL's SumLocation: the integer values of a property over the pieces here."""
        value = 0
        for piece in self.pieces:
            text = self.property(piece, name)
            if text.lstrip("-").isdigit():
                value += int(text)
        return value


@dataclass(frozen=True, slots=True)
class Drag:
    """A piece dragged on a board, as its properties say after the drag."""

    piece: str
    """The piece id, in the position after the drag."""
    start: str
    """The location key it was dragged from."""
    record: str = ""
    """What its :data:`~toolkit.vassal.write.moves.RECORD` held before: the turn (and phase)
    of its previous drag, as the module stamps it ('T3', 'T3|Movement')."""


def raised_by_move(
    game: Game,
    boards: Sequence[Board],
    warnings: ModuleWarnings,
    after: Position,
    drag: Drag,
    turn: Mapping[str, str],
    switch: int = 1,
) -> list[Raised]:
    """Every warning about a move (:mod:`toolkit.vassal.write.moves`) the module raises when
    the piece of ``drag`` has just been dragged from its start to where ``after`` has it, the
    turn's properties (``Turn``, ``Phase``) as ``turn`` gives them; evaluated as
    :func:`raised` evaluates, each ``Count`` over the pieces of ``after``."""
    where = vassal_places(game, boards)
    spots = {board.name: board for board in boards}
    labels = {key: game.locations[key].label for key in where}
    module = dict(warnings.module_properties) | {SWITCH: str(switch)} | dict(turn)

    def properties(piece: Piece, extra: Mapping[str, str]) -> Callable[[str], str]:
        key = warnings.key_for(game.counter(piece.counter), piece.owner)
        board, name = where[piece.location or ""]
        x, y = spots[board].centres[labels[piece.location or ""]]
        own = dict(warnings.properties.get(key, {}))
        here = {"LocationName": name, "CurrentMap": board, "CurrentX": str(x), "CurrentY": str(y)}
        maps = dict(warnings.map_properties.get(board, ()))
        return lambda n: extra.get(n, here.get(n, own.get(n, maps.get(n, module.get(n, "")))))

    on_board = [p for p in after.pieces if (p.location or "") in where]
    others = [Scope(properties(p, {}), lambda _: 0) for p in on_board]
    moved = after.piece(drag.piece)
    board, name = where[drag.start]
    x, y = spots[board].centres[labels[drag.start]]
    old = {"OldLocationName": name, "OldMap": board, "OldX": str(x), "OldY": str(y)}
    scope = Scope(properties(moved, old | {RECORD: drag.record}), lambda _: 0, lambda: others)
    key = warnings.key_for(game.counter(moved.counter), moved.owner)
    return [
        Raised(w.rule_id, w.aspect, moved.id, moved.location or "")
        for w in warnings.warnings.get(key, ())
        if w.aspect in MOVE_ASPECTS and evaluate(w.condition, scope) is True
    ]
