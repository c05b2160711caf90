"""Questions about locations across the whole game: neighbours (through map links too), sides,
features, distance and shortest paths, all by location key.

Per-map answers come from the ``Map`` methods; this module adds what only the game knows: links
join a location of one map to one of another, and a key says which map to ask. Every call costs
O(neighbours) thanks to indexes built once (``Map``'s, and ``Game.link_index``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Mapping

from toolkit.model.game import Game
from toolkit.model.indexes import LinkEnd
from toolkit.model.map import (
    Crossing,
    Feature,
    Hexside,
    Line,
    LocationKey,
    Map,
    location_key,
    parse_location_key,
)

ADJACENT_LINKS: frozenset[str] = frozenset({"adjacent", "edge"})
"""Link types that make their two ends neighbours (rail exits and sea lanes do not)."""

StepTest = Callable[[LocationKey, LocationKey], bool]
"""May a piece step from the first location to the second (its neighbour)?"""


def location_links(game: Game, key: LocationKey) -> tuple[LinkEnd, ...]:
    """The links at a location, whichever map declared them.

    :raises KeyError: no such location.
    """
    _known(game, key)
    return game.link_index.get(key, ())


def location_neighbours(
    game: Game, key: LocationKey, link_types: Collection[str] = ADJACENT_LINKS
) -> tuple[LocationKey, ...]:
    """The keys adjacent to a location: its map's neighbours, then the far ends of its links of
    ``link_types`` (each key once).

    :raises KeyError: no such location.
    """
    the_map, label = _on_map(game, key)
    keys = [location_key(the_map.id, o) for o in the_map.neighbours(label)] if the_map else []
    keys += [end.to for end in location_links(game, key) if end.link.type in link_types]
    return tuple(dict.fromkeys(keys))


def location_adjacent(
    game: Game, a: LocationKey, b: LocationKey, link_types: Collection[str] = ADJACENT_LINKS
) -> bool:
    """True when ``b`` is one of ``a``'s neighbours (on its map or through a link).

    :raises KeyError: either location is unknown.
    """
    _known(game, b)
    return b in location_neighbours(game, a, link_types)


def location_hexsides(game: Game, a: LocationKey, b: LocationKey) -> tuple[Hexside, ...]:
    """Every hexside declared between two locations of one map (none across maps).

    :raises KeyError: either location is unknown.
    """
    map_a, label_a = _on_map(game, a)
    map_b, label_b = _on_map(game, b)
    if map_a is None or map_a is not map_b:
        return ()
    return map_a.hexsides_between(label_a, label_b)


def location_hexside(
    game: Game, a: LocationKey, b: LocationKey, type: str | None = None
) -> Hexside | None:
    """The first hexside between two locations (of ``type`` when given), or None.

    :raises KeyError: either location is unknown.
    """
    sides = location_hexsides(game, a, b)
    return next((s for s in sides if type is None or s.type == type), None)


def location_lines(game: Game, a: LocationKey, b: LocationKey) -> tuple[Line, ...]:
    """Every line running straight between two locations of one map (none across maps).

    :raises KeyError: either location is unknown.
    """
    map_a, label_a = _on_map(game, a)
    map_b, label_b = _on_map(game, b)
    if map_a is None or map_a is not map_b:
        return ()
    return map_a.lines_between(label_a, label_b)


def location_crossing(game: Game, a: LocationKey, b: LocationKey) -> Crossing | None:
    """The bridge or ford on the side between two locations of one map, or None.

    :raises KeyError: either location is unknown.
    """
    map_a, label_a = _on_map(game, a)
    map_b, label_b = _on_map(game, b)
    if map_a is None or map_a is not map_b:
        return None
    return map_a.crossing(label_a, label_b)


def location_border_type(game: Game, a: LocationKey, b: LocationKey) -> str | None:
    """The declared border type between two spaces of one area map, or None.

    :raises KeyError: either location is unknown.
    """
    map_a, label_a = _on_map(game, a)
    map_b, label_b = _on_map(game, b)
    if map_a is None or map_a is not map_b:
        return None
    return map_a.border_type(label_a, label_b)


def location_features(game: Game, key: LocationKey) -> tuple[Feature, ...]:
    """The features at a location (none on a display chart).

    :raises KeyError: no such location.
    """
    the_map, label = _on_map(game, key)
    return () if the_map is None else the_map.features_at(label)


def location_distance(game: Game, a: LocationKey, b: LocationKey) -> int:
    """Grid steps between two hexes (or squares) of one map.

    :raises KeyError: either location is unknown.
    :raises ValueError: different maps, or not hexes or squares.
    """
    map_a, label_a = _on_map(game, a)
    map_b, label_b = _on_map(game, b)
    if map_a is None or map_a is not map_b:
        raise ValueError(f"{a!r} and {b!r} are not on one map, so they have no grid distance")
    return map_a.distance(label_a, label_b)


def location_path(
    game: Game,
    start: LocationKey,
    goal: LocationKey,
    can_step: StepTest | None = None,
    link_types: Collection[str] = ADJACENT_LINKS,
) -> tuple[LocationKey, ...] | None:
    """A shortest path from ``start`` to ``goal`` (both included) through neighbours that
    ``can_step`` allows, or None when there is none. Steps all cost one (breadth first).

    :raises KeyError: either location is unknown.
    """
    _known(game, goal)
    came_from: dict[LocationKey, LocationKey | None] = {start: None}
    frontier = deque([start])
    while frontier:
        here = frontier.popleft()
        if here == goal:
            return _walk_back(came_from, goal)
        for other in location_neighbours(game, here, link_types):
            if other in came_from or (can_step is not None and not can_step(here, other)):
                continue
            came_from[other] = here
            frontier.append(other)
    return None


def _walk_back(
    came_from: Mapping[LocationKey, LocationKey | None], goal: LocationKey
) -> tuple[LocationKey, ...]:
    path: list[LocationKey] = []
    here: LocationKey | None = goal
    while here is not None:
        path.append(here)
        here = came_from[here]
    return tuple(reversed(path))


def _known(game: Game, key: LocationKey) -> None:
    if key not in game.locations:
        raise KeyError(f"no location {key!r}")


def _on_map(game: Game, key: LocationKey) -> tuple[Map | None, str]:
    """The map a key is on (None for a display chart's box or cell) and its label there."""
    _known(game, key)
    map_id, label = parse_location_key(key)
    return game.location_table.maps.get(map_id), label
