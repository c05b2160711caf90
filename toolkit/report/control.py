"""What a log's steps did besides moving pieces: the combats called in the chat, and the named
places that changed hands.

A log holds pieces, not who controls each place. A report reads control the way players do
at the table: a place is held by the side whose pieces last stood in it alone, starting from
who held it when the game began (the maps' printed owners and the setup's control, when the
log's setup is known) and from whoever stands alone in it when the log begins. A named place
(a city, a space: not a bare hex) changes hands when the other side's pieces come to stand in
it alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from toolkit.model import Game
from toolkit.model.map import LocationKey
from toolkit.model.position import Position
from toolkit.vassal.read.chat import parse_combat_call


def combats_called(chat: Sequence[str]) -> tuple[str, ...]:
    """Where each combat called in ``chat`` is fought, as the call names the place."""
    calls = (parse_combat_call(line) for line in chat)
    return tuple(call.at for call in calls if call is not None)


def named_places(game: Game) -> dict[LocationKey, str]:
    """The places on the game's maps a report names when they change hands: those with a
    name of their own (a city, a space), by key."""
    maps = {the_map.id for the_map in game.maps}
    return {
        key: location.name
        for key, location in game.locations.items()
        if location.map_id in maps and location.name and location.name != location.label
    }


def hands_changed(
    game: Game, positions: Sequence[Position], start: Mapping[LocationKey, str]
) -> list[tuple[str, ...]]:
    """For each position after the first, the named places whose holder changed since the one
    before, in the game's order of places; ``start``: who controls what as the game began
    (faction or side, by place)."""
    sides = {faction.id: faction.side for faction in game.factions}
    places = named_places(game)
    held = {key: sides.get(owner, owner) for key, owner in start.items() if key in places}
    if positions:
        held.update(_alone(positions[0], sides, places))
    order = {key: number for number, key in enumerate(places)}
    found: list[tuple[str, ...]] = []
    for position in positions[1:]:
        changed: list[LocationKey] = []
        for key, side in _alone(position, sides, places).items():
            if held.get(key, side) != side:
                changed.append(key)
            held[key] = side
        found.append(tuple(places[key] for key in sorted(changed, key=order.__getitem__)))
    return found


def _alone(
    position: Position, sides: Mapping[str, str], places: Mapping[LocationKey, str]
) -> dict[LocationKey, str]:
    """Each named place where the pieces of only one side stand (pieces of no side aside),
    and that side."""
    standing: dict[LocationKey, set[str]] = {}
    for piece in position.pieces:
        side = sides.get(piece.owner or "")
        where = piece.location
        if where is not None and where in places and side is not None:
            standing.setdefault(where, set()).add(side)
    return {key: next(iter(found)) for key, found in standing.items() if len(found) == 1}
