"""Zones of control: which pieces exert one, into which neighbouring locations, and what stops it.

A zoc rule is read once per situation into a :data:`ZocMap` (location → the sides whose zone
covers it); movement (:mod:`toolkit.rules.movement`), supply (:mod:`toolkit.rules.supply`) and
move checks (:mod:`toolkit.rules.turn`) look zones up there. On a position alone a zone breaks
nothing, so :func:`check_zoc` reports nothing; a zone's effect is judged on a move.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from toolkit.model.map import LocationKey
from toolkit.model.position import Piece
from toolkit.model.queries import (
    location_border_type,
    location_crossing,
    location_hexsides,
    location_lines,
    location_neighbours,
)
from toolkit.model.rules import Rule, ZocRule
from toolkit.rules.context import Situation
from toolkit.rules.violations import Violation

SideId = str
ZocMap = Mapping[LocationKey, frozenset[SideId]]
"""Location key → the sides exerting a zone of control there (locations in no zone: absent)."""


def check_zoc(situation: Situation, rule: Rule) -> list[Violation]:
    """Nothing: a zone of control limits moves and supply lines, never where pieces stand.

    Its effects are checked on a move (:func:`toolkit.rules.turn.check_moves`) and on supply
    paths (:func:`toolkit.rules.supply.check_supply`).
    """
    return []


def zoc_map(situation: Situation, rule: ZocRule) -> ZocMap:
    """Where each side's zone of control lies under ``rule``, worked out once per situation.

    A piece the rule's ``exerted_by`` picks, standing in a location its ``where`` picks, exerts
    a zone in its own location and each neighbour (across map links too), except neighbours
    ``not_into`` picks and those behind a side of a ``blocked_by`` type (a river) that no line
    of a ``bridged_by`` type (a road's bridge, or any 'bridge') crosses.
    """
    found = situation.memo.get(("zoc", rule.id))
    if found is None:
        found = _build(situation, rule)
        situation.memo[("zoc", rule.id)] = found
    return found


def in_enemy_zone(zones: ZocMap, key: LocationKey, side: SideId | None) -> bool:
    """True when a side other than ``side`` exerts a zone at ``key``."""
    sides = zones.get(key)
    return bool(sides) and (side is None or any(other != side for other in sides or ()))


def side_of(situation: Situation, piece: Piece) -> SideId | None:
    """The side of the faction holding a piece (None: a piece of no faction)."""
    faction = piece.owner if piece.owner is not None else situation.counter(piece).faction
    return situation.index.sides.get(faction) if faction is not None else None


def zoc_rules(situation: Situation, piece: Piece | None = None) -> tuple[ZocRule, ...]:
    """The game's zoc rules in force in this situation; with a piece, those its ``pieces``
    selector subjects it to (whose zones it must respect)."""
    rules = []
    for rule in situation.game.rules:
        if not isinstance(rule, ZocRule) or rule.severity == "ignore":
            continue
        if situation.setup_id is not None and not rule.applies_in(situation.setup_id):
            continue
        if piece is not None and not rule.pieces.matches(
            situation.counter(piece), situation.index, piece.owner
        ):
            continue
        rules.append(rule)
    return tuple(rules)


def blocking_types(situation: Situation, a: LocationKey, b: LocationKey) -> frozenset[str]:
    """The hexside and border types between two neighbouring locations (asked once per pair
    and situation: searches ask again and again)."""
    known: dict[tuple[str, str], frozenset[str]] = situation.memo.setdefault(("sides", ""), {})
    found = known.get((a, b))
    if found is None:
        types = {side.type for side in location_hexsides(situation.game, a, b)}
        border = location_border_type(situation.game, a, b)
        found = known[(a, b)] = frozenset(types if border is None else types | {border})
    return found


def neighbours(situation: Situation, key: LocationKey) -> tuple[LocationKey, ...]:
    """A location's neighbours, across map links too (asked once per location and situation)."""
    known: dict[str, tuple[str, ...]] = situation.memo.setdefault(("neighbours", ""), {})
    found = known.get(key)
    if found is None:
        found = known[key] = location_neighbours(situation.game, key)
    return found


def zone_crosses(situation: Situation, rule: ZocRule, a: LocationKey, b: LocationKey) -> bool:
    """True when a zone exerted at ``a`` reaches its neighbour ``b`` under ``rule``."""
    if blocking_types(situation, a, b).isdisjoint(rule.blocked_by):
        return True
    return bridged(situation, a, b, rule.bridged_by)


def bridged(situation: Situation, a: LocationKey, b: LocationKey, by: frozenset[str]) -> bool:
    """True when a crossing ``by`` names spans the side between ``a`` and ``b``: 'bridge' names
    every bridge, a line type (road) the bridges that line crosses. A ford carries nothing; a
    line over a side that is not a crossing (a road through a pass) carries what it names."""
    if not by:
        return False
    crossing = location_crossing(situation.game, a, b)
    if crossing is not None:
        return crossing.type == "bridge" and ("bridge" in by or not by.isdisjoint(crossing.lines))
    return any(line.type in by for line in location_lines(situation.game, a, b))


def _build(situation: Situation, rule: ZocRule) -> ZocMap:
    zones: dict[LocationKey, set[SideId]] = {}
    game, index, position = situation.game, situation.index, situation.position
    for piece in position.pieces:
        here = piece.location
        if here is None or here not in game.locations:
            continue
        side = side_of(situation, piece)
        counter = situation.counter(piece)
        if side is None or not rule.exerted_by.matches(counter, index, piece.owner):
            continue
        if not rule.where.matches(game.locations[here], index, position.controller(here)):
            continue
        for there in (here, *neighbours(situation, here)):
            if there != here and not zone_crosses(situation, rule, here, there):
                continue
            target = game.locations[there]
            if rule.not_into is not None and rule.not_into.matches(
                target, index, position.controller(there)
            ):
                continue
            zones.setdefault(there, set()).add(side)
    return MappingProxyType({key: frozenset(sides) for key, sides in zones.items()})
