"""Movement: how far a piece may go, and the cheapest legal path there.

A movement rule gives an allowance (a number, a counter property, a map property), the cost to
enter each terrain, the extra cost to cross each hexside (or area border) type, the cost of a
step along a line (road, railway), what is prohibited, and where a move ends. The game's zoc
rules add their zones (:mod:`toolkit.rules.zoc`). :func:`reachable` answers "where can this
piece go" and :func:`path` "can it go from here to there"; both run one Dijkstra search bounded
by the allowance, so they cost time in proportion to the locations within reach.

A rule may also let a move go any distance along some lines (a railway: :func:`line_path`, a
search over the line's places alone) and buy a longer allowance with strength (a forced march:
:func:`forced_allowance`).

On a position alone a movement rule has nothing to judge (a piece's place is the entry rules'
business), so :func:`check_movement` reports nothing; moves are checked by
:func:`toolkit.rules.turn.check_moves`.
"""

from __future__ import annotations

import heapq
import math
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass

from toolkit.model.indexes import LinkEnd
from toolkit.model.map import LocationKey, location_key, parse_location_key
from toolkit.model.position import Piece, PieceId
from toolkit.model.queries import location_crossing, location_lines, location_links
from toolkit.model.rules import PROHIBITED, MovementRule, PropertyRef, Rule, UnlimitedAlong
from toolkit.rules.context import Situation
from toolkit.rules.violations import Violation
from toolkit.rules.zoc import (
    ZocMap,
    blocking_types,
    in_enemy_zone,
    neighbours,
    side_of,
    zoc_map,
    zoc_rules,
)

EPSILON = 1e-9
"""Costs are sums of halves and thirds: compare them with room for rounding."""

Path = tuple[float, tuple[LocationKey, ...]]
"""A path's total cost and its locations, start and goal included."""


def check_movement(situation: Situation, rule: Rule) -> list[Violation]:
    """Nothing: a movement rule limits moves, and a position shows none (see
    :func:`toolkit.rules.turn.check_moves`; where a piece may stand is an entry rule's)."""
    return []


def reachable(
    situation: Situation, rule: MovementRule, piece_id: PieceId, zoc: bool = True
) -> dict[LocationKey, float]:
    """Every location the piece can reach this move under ``rule``, with the cheapest cost
    (its own location at 0).

    :param zoc: respect the game's zones of control (False: terrain and hexsides only).
    :raises ValueError: no such piece, the piece is off the map, or its allowance is unknown.
    """
    costs, _ = _search(situation, rule, _on_map(situation, piece_id), None, zoc)
    return costs


def path(
    situation: Situation,
    rule: MovementRule,
    piece_id: PieceId,
    goal: LocationKey,
    zoc: bool = True,
    allowance: float | None = None,
) -> Path | None:
    """The cheapest legal path of the piece to ``goal`` within its allowance, or None.

    :param zoc: respect the game's zones of control (False: terrain and hexsides only).
    :param allowance: search up to this many points instead (``math.inf``: how much a move
        that is too long would cost).
    :raises ValueError: no such piece, the piece is off the map, or its allowance is unknown.
    """
    piece = _on_map(situation, piece_id)
    costs, came_from = _search(situation, rule, piece, goal, zoc, allowance)
    if goal not in costs:
        return None
    keys = [goal]
    while keys[-1] != piece.location:
        keys.append(came_from[keys[-1]])
    return costs[goal], tuple(reversed(keys))


def allowance_of(situation: Situation, rule: MovementRule, piece: Piece) -> float | None:
    """The piece's allowance under ``rule`` (None: the rule's property is not on the piece or
    its map), multiplied by nothing: weather acts on costs (``weather_costs``)."""
    if not isinstance(rule.allowance, PropertyRef):
        return float(rule.allowance)
    return _number(situation, rule.allowance, piece)


def step_cost(
    situation: Situation, rule: MovementRule, a: LocationKey, b: LocationKey
) -> float | None:
    """What one step from ``a`` to its neighbour ``b`` costs under ``rule`` before weather and
    zones of control; None when it is prohibited.

    Along a line of a type the rule prices, the step costs the cheaper of the line cost and the
    terrain cost; the line ignores terrain, and its hexside too (the road's bridge crosses the
    river) unless the rule says otherwise or the map has a ford there.
    Terrain the rule does not price costs 1; hexsides it does not price cost nothing.
    """
    line = _line_cost(situation, rule, a, b)
    terrain = _terrain_cost(situation, rule, b)
    side = _hexside_cost(situation, rule, a, b)
    across = None if terrain is None or side is None else terrain + side
    if line is None:
        return across
    ignores = rule.line_ignores_hexsides and not _forded(situation, a, b)
    line_step = line if ignores else (None if side is None else line + side)
    options = [cost for cost in (across, line_step) if cost is not None]
    return min(options) if options else None


def weather_at(situation: Situation, key: LocationKey) -> str | None:
    """The weather at a location: the position's, or its map's or its weather zone's when the
    game has weather per map or per zone (a 'weather' global mapping map ids, or the places'
    ``weather_zone``, to weather: Europe Engulfed 1.1)."""
    if situation.position.weather is not None:
        return situation.position.weather
    by_map = situation.position.globals.get("weather")
    if isinstance(by_map, Mapping):
        found = by_map.get(parse_location_key(key)[0])
        if found is None:
            place = situation.game.locations.get(key)
            zone = place.properties.get("weather_zone") if place is not None else None
            found = by_map.get(zone) if isinstance(zone, str) else None
        return found if isinstance(found, str) else None
    return None


def number_of(situation: Situation, ref: PropertyRef, piece: Piece) -> float | None:
    """A number a rule reads from the game for a piece: its face's or counter's property, or
    the property of the map it is on; None when absent or not a number."""
    return _number(situation, ref, piece)


def forced_allowance(situation: Situation, rule: MovementRule, piece: Piece) -> float | None:
    """The piece's allowance on a forced march under ``rule``; None when the rule has none,
    it cannot be read, or the piece shows nothing to pay the march's loss with (an HQ has no
    strength points to lose)."""
    march = rule.forced_march
    if march is None:
        return None
    if march.loss and march.loss_property is not None:
        if _number(situation, PropertyRef(march.loss_property), piece) is None:
            return None
    if isinstance(march.allowance, PropertyRef):
        return _number(situation, march.allowance, piece)
    if march.allowance is not None:
        return float(march.allowance)
    base = allowance_of(situation, rule, piece)
    return None if base is None or march.factor is None else base * march.factor


def on_line(situation: Situation, along: UnlimitedAlong, key: LocationKey) -> bool:
    """True when a place lies on one of the lines, or at an end of one of the links, that
    ``along`` names: where a move along them may begin."""
    if key in _line_places(situation, along):
        return True
    return any(end.link.type in along.links for end in _links(situation, key))


def line_path(
    situation: Situation,
    rule: MovementRule,
    piece_id: PieceId,
    goal: LocationKey,
    first: bool = True,
    zoc: bool = True,
    control: bool = True,
) -> tuple[LocationKey, ...] | None:
    """The shortest way along the rule's unlimited lines from the piece's place to ``goal``
    (both included), or None: the piece stands on a line, every place entered is friendly
    (``control``), and enemy zones end the way as they end a move, neither at its start nor
    at its end where the rule says so (``zoc``).

    :param first: the piece's place is where its move began, so a link that takes turns to
        cross (a delay) may be taken from it: the piece waited there.
    :raises ValueError: no such piece, or the piece is off the map.
    """
    along = rule.unlimited_along
    piece = _on_map(situation, piece_id)
    start = piece.location or ""
    if along is None or not on_line(situation, along, start) or not on_line(situation, along, goal):
        return None
    zones = _zones(situation, piece) if zoc else _Zones((), (), ())
    side = side_of(situation, piece)
    if along.ends_outside_zoc and (_in_any(zones, start, side) or _in_any(zones, goal, side)):
        return None
    if any(in_enemy_zone(z, start, side) for z in zones.no_exit):
        return (start,) if goal == start else None
    friendly = control and along.friendly_control
    came_from: dict[LocationKey, LocationKey] = {start: start}
    queue = deque([start])
    while queue and goal not in came_from:
        here = queue.popleft()
        if here != start and _move_ends(situation, rule, zones, side, here):
            continue
        for there in _along(situation, along, here, first and here == start):
            if there in came_from or (friendly and not _friendly(situation, there, side)):
                continue
            came_from[there] = here
            queue.append(there)
    if goal not in came_from:
        return None
    keys = [goal]
    while keys[-1] != start:
        keys.append(came_from[keys[-1]])
    return tuple(reversed(keys))


def unfriendly_on(situation: Situation, piece: Piece, keys: tuple[LocationKey, ...]) -> str | None:
    """The first place after the first of ``keys`` that is not under the piece's side's
    control, or None."""
    side = side_of(situation, piece)
    return next((key for key in keys[1:] if not _friendly(situation, key, side)), None)


def in_any_zone(situation: Situation, piece: Piece, key: LocationKey) -> bool:
    """True when an enemy zone of control the piece respects covers ``key``, whatever its
    effect."""
    return _in_any(_zones(situation, piece), key, side_of(situation, piece))


# -- lines ---------------------------------------------------------------------------------------


def _line_places(situation: Situation, along: UnlimitedAlong) -> frozenset[LocationKey]:
    """Every place one of the lines passes through, worked out once per situation."""
    memo_key = ("line-places", ",".join(sorted(along.lines)))
    found: frozenset[LocationKey] | None = situation.memo.get(memo_key)
    if found is None:
        found = frozenset(
            location_key(the_map.id, label)
            for the_map in situation.game.maps
            for line in the_map.lines
            if line.type in along.lines
            for label in line.path
        )
        situation.memo[memo_key] = found
    return found


def _along(
    situation: Situation, along: UnlimitedAlong, here: LocationKey, first: bool
) -> list[LocationKey]:
    """The places one step along the lines from ``here``: along a line of its map, across a
    map join where both ends lie on a line, or through a link of the types named (one that
    takes turns only from where the move began)."""
    places = _line_places(situation, along)
    found = []
    for there in neighbours(situation, here):
        lines = location_lines(situation.game, here, there)
        if any(line.type in along.lines for line in lines):
            found.append(there)
        elif _map_of(here) != _map_of(there) and here in places and there in places:
            found.append(there)
    for end in _links(situation, here):
        if end.link.type in along.links and (end.link.delay == 0 or first):
            found.append(end.to)
    return found


def _links(situation: Situation, key: LocationKey) -> tuple[LinkEnd, ...]:
    return location_links(situation.game, key) if key in situation.game.locations else ()


def _map_of(key: LocationKey) -> str:
    return parse_location_key(key)[0]


def _friendly(situation: Situation, key: LocationKey, side: str | None) -> bool:
    """True when the place is under the side's control: no enemy piece stands in it, and
    the position's control, where it says, gives it to the side (a faction of it)."""
    for other in situation.position.pieces_at(key):
        theirs = side_of(situation, other)
        if theirs is not None and theirs != side:
            return False
    controller = situation.position.controller(key)
    return controller is None or situation.index.sides.get(controller, controller) == side


def _in_any(zones: _Zones, key: LocationKey, side: str | None) -> bool:
    every = (*zones.stop, *zones.no_exit, *(z for z, _ in zones.cost))
    return any(in_enemy_zone(z, key, side) for z in every)


# -- the search --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Zones:
    """The enemy zones a moving piece must respect, by effect."""

    stop: tuple[ZocMap, ...]
    no_exit: tuple[ZocMap, ...]
    cost: tuple[tuple[ZocMap, float], ...]


def _search(
    situation: Situation,
    rule: MovementRule,
    piece: Piece,
    goal: LocationKey | None,
    zoc: bool,
    allowance: float | None = None,
) -> tuple[dict[LocationKey, float], dict[LocationKey, LocationKey]]:
    """Dijkstra from the piece's location, bounded by its allowance."""
    start = piece.location
    if start is None:
        raise ValueError(f"piece {piece.id!r} is not on the map, so it has nowhere to move from")
    budget = allowance if allowance is not None else allowance_of(situation, rule, piece)
    if budget is None:
        raise ValueError(_no_allowance(situation, rule, piece))
    factor = rule.weather_costs.get(weather_at(situation, start) or "", 1.0)
    zones = _zones(situation, piece) if zoc else _Zones((), (), ())
    side = side_of(situation, piece)
    costs: dict[LocationKey, float] = {start: 0.0}
    came_from: dict[LocationKey, LocationKey] = {}
    if any(in_enemy_zone(z, start, side) for z in zones.no_exit):
        return costs, came_from
    heap: list[tuple[float, LocationKey]] = [(0.0, start)]
    while heap:
        cost, here = heapq.heappop(heap)
        if cost > costs[here] + EPSILON:
            continue
        if here == goal:
            break
        if here != start and _move_ends(situation, rule, zones, side, here):
            continue
        for there in neighbours(situation, here):
            step = _step(situation, rule, here, there)
            if step is None:
                continue
            extra = sum(c for z, c in zones.cost if in_enemy_zone(z, there, side))
            total = cost + step * factor + extra
            if total <= budget + EPSILON and total < costs.get(there, math.inf) - EPSILON:
                costs[there] = total
                came_from[there] = here
                heapq.heappush(heap, (total, there))
    return costs, came_from


def _step(situation: Situation, rule: MovementRule, a: LocationKey, b: LocationKey) -> float | None:
    """:func:`step_cost`, worked out once per rule, step and situation."""
    known: dict[tuple[str, str], float | None] = situation.memo.setdefault(("steps", rule.id), {})
    if (a, b) not in known:
        known[(a, b)] = step_cost(situation, rule, a, b)
    return known[(a, b)]


def _move_ends(
    situation: Situation, rule: MovementRule, zones: _Zones, side: str | None, key: LocationKey
) -> bool:
    """True when entering ``key`` ends the move: a 'stop_on_enter' place or an enemy zone
    whose effect stops or holds the piece."""
    if any(in_enemy_zone(z, key, side) for z in (*zones.stop, *zones.no_exit)):
        return True
    if rule.stop_on_enter is None:
        return False
    where = situation.location(key)
    return rule.stop_on_enter.matches(where, situation.index, situation.position.controller(key))


def _zones(situation: Situation, piece: Piece) -> _Zones:
    stop, no_exit, cost = [], [], []
    for zrule in zoc_rules(situation, piece):
        zones = zoc_map(situation, zrule)
        if zrule.effect == "stop":
            stop.append(zones)
        elif zrule.effect == "no-exit":
            no_exit.append(zones)
        else:
            cost.append((zones, zrule.cost))
    return _Zones(tuple(stop), tuple(no_exit), tuple(cost))


def _terrain_cost(situation: Situation, rule: MovementRule, key: LocationKey) -> float | None:
    terrain = situation.location(key).terrain
    cost = rule.costs.get(terrain, 1) if terrain is not None else 1
    return None if cost == PROHIBITED else float(cost)


def _hexside_cost(
    situation: Situation, rule: MovementRule, a: LocationKey, b: LocationKey
) -> float | None:
    if not rule.hexside_costs:
        return 0.0
    total = 0.0
    for kind in blocking_types(situation, a, b):
        cost = rule.hexside_costs.get(kind, 0)
        if cost == PROHIBITED:
            return None
        total += float(cost)
    return total


def _forded(situation: Situation, a: LocationKey, b: LocationKey) -> bool:
    """True when the line between ``a`` and ``b`` crosses its hexside by a ford, not a bridge."""
    crossing = location_crossing(situation.game, a, b)
    return crossing is not None and crossing.type == "ford"


def _line_cost(
    situation: Situation, rule: MovementRule, a: LocationKey, b: LocationKey
) -> float | None:
    if not rule.line_costs:
        return None
    priced = [
        rule.line_costs[line.type]
        for line in location_lines(situation.game, a, b)
        if line.type in rule.line_costs
    ]
    return float(min(priced)) if priced else None


# -- helpers -----------------------------------------------------------------------------------


def _on_map(situation: Situation, piece_id: PieceId) -> Piece:
    piece = situation.position.piece(piece_id)
    if piece.location is None or piece.location not in situation.game.locations:
        raise ValueError(f"piece {piece_id!r} is not on the map, so it has nowhere to move from")
    return piece


def _number(situation: Situation, ref: PropertyRef, piece: Piece) -> float | None:
    value: object = None
    if ref.property is not None:
        counter = situation.counter(piece)
        face_values = next((f.values for f in counter.faces if f.id == piece.face), {})
        value = face_values.get(ref.property, counter.properties.get(ref.property))
    elif ref.map_property is not None and piece.location is not None:
        the_map = situation.game.location_table.maps.get(parse_location_key(piece.location)[0])
        value = the_map.properties.get(ref.map_property) if the_map is not None else None
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _no_allowance(situation: Situation, rule: MovementRule, piece: Piece) -> str:
    ref = rule.allowance if isinstance(rule.allowance, PropertyRef) else PropertyRef()
    holder = f"property {ref.property!r}" if ref.property else f"map property {ref.map_property!r}"
    return (
        f"rule {rule.id!r} reads the allowance from the {holder}, which piece {piece.id!r}"
        " does not have"
    )
