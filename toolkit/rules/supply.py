"""Supply: each unit traces a path, short enough, from a friendly source through open places.

Sources are locations (``sources``: cities, ports, home areas) and pieces (``source_pieces``:
HQs, depots) of the unit's side, or of its own faction (``own_sources``). A path steps from
neighbour to neighbour (across map links too); it may not cross a hexside or border of a
``blocked_by`` type, pass where ``through`` does not pick, or pass what ``enemy_blocks`` names
(enemy pieces, enemy zones of control unless a friendly piece is there, enemy territory). Sea
locations are passed only as a sea leg, from a port to a port, at most ``sea_legs`` times. Its
length is at most ``range`` (or ``range_by_weather``) steps.

One search per side (per faction with ``own_sources``) spreads from every source at once, so a
check costs time in proportion to the locations within range, however many units there are.
"""

from __future__ import annotations

import heapq
import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from toolkit.model.map import Location, LocationKey
from toolkit.model.position import Piece
from toolkit.model.queries import location_distance, location_features
from toolkit.model.rules import PropertyRef, Rule, SupplyRule
from toolkit.rules.context import Situation
from toolkit.rules.movement import number_of, weather_at
from toolkit.rules.violations import Violation, violation
from toolkit.rules.words import piece_words, place_words, unless_words
from toolkit.rules.zoc import (
    ZocMap,
    blocking_types,
    bridged,
    in_enemy_zone,
    neighbours,
    side_of,
    zoc_map,
    zoc_rules,
)

PORTS = frozenset({"port", "major-port"})
"""Feature types where a sea leg may start or end."""
ON_MAP = frozenset({"hex", "square", "land", "sea"})
"""Location kinds where a unit needs supply (not boxes, tracks or pools)."""


@dataclass(frozen=True, slots=True)
class _Group:
    """Units that share their sources and what blocks them: one side, maybe one faction."""

    side: str
    faction: str | None


def check_supply(situation: Situation, rule: Rule) -> list[Violation]:
    """One violation per location holding units of the rule that are out of supply."""
    if not isinstance(rule, SupplyRule):
        return []
    groups: dict[_Group, list[Piece]] = defaultdict(list)
    for piece in _units(situation, rule):
        side = side_of(situation, piece)
        if side is not None:
            groups[_Group(side, piece.owner if rule.own_sources else None)].append(piece)
    cut: dict[LocationKey, list[Piece]] = defaultdict(list)
    sourceless: set[LocationKey] = set()
    for group, pieces in groups.items():
        if not _sources(situation, rule, group.side, group.faction):
            sourceless.update(piece.location or "" for piece in pieces)
        if rule.range_measure == "distance":
            for piece in _beyond_distance(situation, rule, group, pieces):
                cut[piece.location or ""].append(piece)
            continue
        limits = [supply_range(situation, rule, piece) for piece in pieces]
        limit = None if None in limits else max((x for x in limits if x is not None), default=0)
        lengths = supply_lengths(situation, rule, group.side, group.faction, limit)
        for piece, reach in zip(pieces, limits, strict=True):
            length = lengths.get(piece.location or "")
            if length is None or (reach is not None and length > reach):
                cut[piece.location or ""].append(piece)
    return [
        _cut_off(situation, rule, key, pieces, key in sourceless) for key, pieces in cut.items()
    ]


def _beyond_distance(
    situation: Situation, rule: SupplyRule, group: _Group, pieces: list[Piece]
) -> list[Piece]:
    """The pieces no source reaches when the range is a distance: each source supplies the
    units its open paths reach (of any length) within its range of hexes on its own map."""
    tracer = _Tracer(situation, rule, group.side, group.faction)
    reach = [
        (source, tracer.spread([source], None))
        for source in dict.fromkeys(_sources(situation, rule, group.side, group.faction))
    ]
    return [
        piece
        for piece in pieces
        if not any(
            piece.location in paths
            and _within(
                situation, source, piece.location or "", supply_range(situation, rule, piece)
            )
            for source, paths in reach
        )
    ]


def _within(
    situation: Situation, source: LocationKey, key: LocationKey, limit: float | None
) -> bool:
    """True when ``key`` is at most ``limit`` hexes from ``source`` on the same map."""
    if limit is None:
        return True
    try:
        return location_distance(situation.game, source, key) <= limit
    except ValueError:
        return False  # another map, or places without a grid: no distance to count


def supply_range(situation: Situation, rule: SupplyRule, piece: Piece) -> float | None:
    """How many steps the piece's supply path may have (None: any number): the weather's
    range, else the rule's number, counter property or map property. A property the piece or
    its map lacks gives no limit."""
    weather = weather_at(situation, piece.location) if piece.location else None
    if weather is not None and weather in rule.range_by_weather:
        return float(rule.range_by_weather[weather])
    if isinstance(rule.range, PropertyRef):
        return number_of(situation, rule.range, piece)
    return None if rule.range is None else float(rule.range)


def supply_lengths(
    situation: Situation,
    rule: SupplyRule,
    side: str,
    faction: str | None = None,
    limit: float | None = None,
) -> dict[LocationKey, float]:
    """The length of the shortest open supply path from any source of ``side`` (of
    ``faction`` when given) to every location within ``limit`` steps."""
    tracer = _Tracer(situation, rule, side, faction)
    return tracer.spread(_sources(situation, rule, side, faction), limit)


# -- the units and their sources ----------------------------------------------------------------


def _units(situation: Situation, rule: SupplyRule) -> Iterable[Piece]:
    """The pieces the rule picks, on a map, in a location its ``where`` picks; sources
    themselves (an HQ) are in supply by being one."""
    game, index = situation.game, situation.index
    for piece in situation.position.pieces:
        key = piece.location
        if key is None or key not in game.locations or game.locations[key].kind not in ON_MAP:
            continue
        counter = situation.counter(piece)
        if not rule.pieces.matches(counter, index, piece.owner):
            continue
        if rule.source_pieces is not None and rule.source_pieces.matches(
            counter, index, piece.owner
        ):
            continue
        if rule.where.matches(game.locations[key], index, situation.position.controller(key)):
            yield piece


def _sources(
    situation: Situation, rule: SupplyRule, side: str, faction: str | None
) -> list[LocationKey]:
    """Where a group's supply paths start: friendly source locations and source pieces."""
    found: list[LocationKey] = []
    if rule.sources is not None:
        for key, location in situation.game.locations.items():
            controller = situation.position.controller(key)
            if rule.sources.matches(location, situation.index, controller) and _ours(
                situation, location, controller, side, faction
            ):
                found.append(key)
    for holder, where in rule.side_sources.items():
        if (
            holder == side
            or holder == faction
            or (faction is None and _side(situation, holder) == side)
        ):
            found.extend(
                key
                for key, location in situation.game.locations.items()
                if where.matches(location, situation.index, situation.position.controller(key))
            )
    if rule.source_pieces is not None:
        for piece in situation.position.pieces:
            if piece.location is None or piece.location not in situation.game.locations:
                continue
            if faction is not None and piece.owner != faction:
                continue
            if side_of(situation, piece) == side and rule.source_pieces.matches(
                situation.counter(piece), situation.index, piece.owner
            ):
                found.append(piece.location)
    return found


def _ours(
    situation: Situation,
    location: Location,
    controller: str | None,
    side: str,
    faction: str | None,
) -> bool:
    """True when the location belongs to the group: its controller (else its printed owners)
    is the faction, or a faction of the side."""
    if controller is not None:
        owners = [controller]
    else:
        features = location_features(situation.game, location.key)
        printed = [location.owner, *(feature.owner for feature in features)]
        owners = [owner for owner in printed if owner is not None]
    if faction is not None:
        return faction in owners
    return bool(owners) and all(_side(situation, owner) == side for owner in owners)


def _side(situation: Situation, holder: str) -> str | None:
    """The side of a controller, which may be a faction or a side."""
    return situation.index.sides.get(holder, holder)


# -- the search ---------------------------------------------------------------------------------


class _Tracer:
    """What blocks one group's supply paths, and the search that spreads from its sources."""

    def __init__(
        self, situation: Situation, rule: SupplyRule, side: str, faction: str | None
    ) -> None:
        self.situation, self.rule, self.side = situation, rule, side
        self.friendly: set[LocationKey] = set()
        self.enemy: set[LocationKey] = set()
        for piece in situation.position.pieces:
            other = side_of(situation, piece)
            if piece.location is not None and other is not None:
                (self.friendly if other == side else self.enemy).add(piece.location)
        self.zones: tuple[ZocMap, ...] = (
            tuple(zoc_map(situation, z) for z in zoc_rules(situation))
            if "zoc" in rule.enemy_blocks
            else ()
        )
        self.water = frozenset(t.id for t in situation.game.terrain if t.water)
        self._open: dict[LocationKey, bool] = {}

    def spread(self, sources: list[LocationKey], limit: float | None) -> dict[LocationKey, float]:
        """Dijkstra over (location, sea legs taken) from every open source at once."""
        bound = math.inf if limit is None else limit
        best: dict[tuple[LocationKey, int], float] = {}
        heap: list[tuple[float, LocationKey, int]] = []
        for key in dict.fromkeys(sources):
            if self.open(key) and not self.at_sea(key):
                best[(key, 0)] = 0.0
                heap.append((0.0, key, 0))
        heapq.heapify(heap)
        lengths: dict[LocationKey, float] = {}
        while heap:
            length, here, legs = heapq.heappop(heap)
            if length > best[(here, legs)]:
                continue
            lengths.setdefault(here, length)
            if not self.open(here):  # reached (a unit there may be cut off), not passed
                continue
            for there in neighbours(self.situation, here):
                taken = self.legs_after(here, there, legs)
                if taken is None or length + 1 > bound or not self.crosses(here, there):
                    continue
                if length + 1 < best.get((there, taken), math.inf):
                    best[(there, taken)] = length + 1
                    heapq.heappush(heap, (length + 1, there, taken))
        return lengths

    def open(self, key: LocationKey) -> bool:
        """True when a path may pass through ``key`` (or start there)."""
        found = self._open.get(key)
        if found is None:
            found = self._open[key] = self._passable(key)
        return found

    def _passable(self, key: LocationKey) -> bool:
        blocks = self.rule.enemy_blocks
        if "units" in blocks and key in self.enemy:
            return False
        if self.zones and not (self.rule.zoc_unless_friendly and key in self.friendly):
            if any(in_enemy_zone(zones, key, self.side) for zones in self.zones):
                return False
        controller = self.situation.position.controller(key)
        if "territory" in blocks and controller is not None:
            if _side(self.situation, controller) != self.side:
                return False
        through = self.rule.through
        return through is None or through.matches(
            self.situation.location(key), self.situation.index, controller
        )

    def crosses(self, a: LocationKey, b: LocationKey) -> bool:
        """True when no hexside or border of a blocking type lies between ``a`` and ``b``, or a
        bridge the rule's ``bridged_by`` names spans it."""
        if blocking_types(self.situation, a, b).isdisjoint(self.rule.blocked_by):
            return True
        return bridged(self.situation, a, b, self.rule.bridged_by)

    def at_sea(self, key: LocationKey) -> bool:
        """True for a sea area or a water hex."""
        location = self.situation.location(key)
        if location.kind == "sea":
            return True
        return location.terrain in self.water

    def legs_after(self, a: LocationKey, b: LocationKey, legs: int) -> int | None:
        """The sea legs taken after stepping from ``a`` to ``b``; None: not allowed (a leg
        starts and ends at a port, and there are at most ``sea_legs`` of them)."""
        sea_a, sea_b = self.at_sea(a), self.at_sea(b)
        if not sea_a and not sea_b:
            return legs
        if sea_a and sea_b:
            return legs
        port = a if sea_b else b
        if not self._port(port):
            return None
        if sea_b:  # leaving land: a new leg
            return legs + 1 if legs < self.rule.sea_legs else None
        return legs

    def _port(self, key: LocationKey) -> bool:
        return any(f.type in PORTS for f in location_features(self.situation.game, key))


def _cut_off(
    situation: Situation,
    rule: SupplyRule,
    key: LocationKey,
    pieces: list[Piece],
    sourceless: bool = False,
) -> Violation:
    names = [piece_words(situation.game, piece) for piece in pieces]
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    verb = "is" if len(names) == 1 else "are"
    why = "no friendly source within reach along an open path."
    if sourceless:
        why = (
            "its side has no supply source at all: a place listed under 'sources' supplies "
            "only the side that controls it (the setup's or position's control, else the owner "
            "the map prints); give that control, or list the side's own sources under "
            "'side_sources'."
        )
    message = (
        f"{who} at {place_words(situation.game, key)} {verb} out of supply: {why}"
        f"{unless_words(rule)}"
    )
    return violation(rule, message, (key,), tuple(piece.id for piece in pieces))
