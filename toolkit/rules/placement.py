"""Placement: where a setup may put pieces ('when: setup'), or where new pieces may arrive."""

from __future__ import annotations

from collections.abc import Iterable

from toolkit.model.position import Piece
from toolkit.model.rules import PlacementRule, Rule
from toolkit.rules.context import Situation
from toolkit.rules.describe import piece_names, place_name, unless_note
from toolkit.rules.violations import Violation, violation


def check_placement(situation: Situation, rule: Rule) -> list[Violation]:
    """One violation per location where the rule's pieces were put though they may not be.

    A 'when: setup' rule judges the pieces a scenario starts with; any other judges the pieces
    arriving (reinforcements and new builds) at the place the setup or position fixes for them.
    """
    if not isinstance(rule, PlacementRule):
        raise TypeError(f"rule {rule.id!r} is a {rule.kind} rule, not a placement rule")
    if rule.when == "setup":
        placed: Iterable[tuple[Piece, str]] = (
            (p, p.location) for p in situation.position.pieces if p.location is not None
        )
        verb = "set up"
    else:
        placed = ((a.piece, a.at) for a in situation.position.arrivals if a.at is not None)
        verb = "placed on arrival"
    misplaced: dict[str, list[Piece]] = {}
    for piece, key in placed:
        if _misplaced(situation, rule, piece, key):
            misplaced.setdefault(key, []).append(piece)
    return [_report(situation, rule, key, pieces, verb) for key, pieces in misplaced.items()]


def _misplaced(situation: Situation, rule: PlacementRule, piece: Piece, key: str) -> bool:
    """True when the rule covers this piece at this location and ``at`` does not allow it."""
    location = situation.game.locations.get(key)
    if location is None:
        return False
    index, controller = situation.index, situation.controller(key)
    return (
        rule.pieces.matches(situation.counter(piece), index, piece.owner)
        and rule.where.matches(location, index, controller)
        and not rule.at.matches(location, index, controller)
    )


def _report(
    situation: Situation, rule: PlacementRule, key: str, pieces: list[Piece], verb: str
) -> Violation:
    game = situation.game
    message = (
        f"{piece_names(game, pieces)} {verb} in {place_name(game, key)}, "
        f"which is not a place for {'it' if len(pieces) == 1 else 'them'}"
        f"{unless_note(rule.unless)}: {rule.text}"
    )
    return violation(rule, message, (key,), tuple(p.id for p in pieces))
