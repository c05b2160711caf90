"""Capacity: what transports and carriers hold, counted where cargo can only be aboard."""

from __future__ import annotations

from toolkit.model.position import Piece
from toolkit.model.rules import CapacityRule, LocationSelector, Rule
from toolkit.rules.context import Situation
from toolkit.rules.describe import piece_names, place_name, plural, unless_note
from toolkit.rules.violations import Violation, violation


def check_capacity(situation: Situation, rule: Rule) -> list[Violation]:
    """One violation per location and side whose cargo outweighs its carriers' capacity.

    Cargo is every piece the rule's ``cargo`` (and ``pieces``) selects at a location its
    ``where`` selects, carried by the carriers of its own side there (its own power's or an
    ally's); a location without a friendly carrier is not this rule's concern.
    """
    if not isinstance(rule, CapacityRule):
        raise TypeError(f"rule {rule.id!r} is a {rule.kind} rule, not a capacity rule")
    if rule.limit is None or rule.where == LocationSelector():
        return []  # unlimited, or no place where cargo is surely aboard (validation says so)
    found: list[Violation] = []
    for key in situation.occupied:
        location = situation.location(key)
        if not rule.where.matches(location, situation.index, situation.controller(key)):
            continue
        for side, (carriers, cargo) in _loads(situation, rule, key).items():
            weight = sum(_weight(situation, rule, piece) for piece in cargo)
            if carriers and weight > rule.limit * len(carriers):
                found.append(_report(situation, rule, key, side, carriers, cargo, weight))
    return found


def _loads(
    situation: Situation, rule: CapacityRule, key: str
) -> dict[str | None, tuple[list[Piece], list[Piece]]]:
    """Side → (its carriers, its cargo) at one location."""
    loads: dict[str | None, tuple[list[Piece], list[Piece]]] = {}
    index = situation.index
    for piece in situation.position.pieces_at(key):
        counter = situation.counter(piece)
        carriers, cargo = loads.setdefault(situation.side_of(piece), ([], []))
        if rule.carrier.matches(counter, index, piece.owner):
            carriers.append(piece)
        elif rule.cargo.matches(counter, index, piece.owner) and rule.pieces.matches(
            counter, index, piece.owner
        ):
            cargo.append(piece)
    return loads


def _weight(situation: Situation, rule: CapacityRule, piece: Piece) -> float:
    """One piece of cargo: 1, or its property ``points`` (1 when the counter has none)."""
    if rule.points is None:
        return 1
    value = situation.counter(piece).properties.get(rule.points)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 1


def _report(
    situation: Situation,
    rule: CapacityRule,
    key: str,
    side: str | None,
    carriers: list[Piece],
    cargo: list[Piece],
    weight: float,
) -> Violation:
    game = situation.game
    unit = "point" if rule.points else "piece"
    whose = f" ({game.side(side).name})" if side else ""
    capacity = (rule.limit or 0) * len(carriers)
    message = (
        f"In {place_name(game, key)}, {piece_names(game, cargo)} ({plural(weight, unit)}) "
        f"are aboard {piece_names(game, carriers)}{whose}, which can carry "
        f"{plural(capacity, unit)} in all{unless_note(rule.unless)}."
    )
    return violation(rule, message, (key,), tuple(p.id for p in [*carriers, *cargo]))
