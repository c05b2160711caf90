"""Stacking: how many pieces (or stacking points) one location may hold, and whether enemies may
share it."""

from __future__ import annotations

from toolkit.model.map import Location
from toolkit.model.position import Piece
from toolkit.model.rules import Rule, StackingBonus, StackingRule
from toolkit.rules.context import Situation
from toolkit.rules.describe import join_words, piece_names, place_name, plural, unless_note
from toolkit.rules.violations import Violation, violation


def check_stacking(situation: Situation, rule: Rule) -> list[Violation]:
    """Every location over its limit, and every location enemies share when they may not."""
    if not isinstance(rule, StackingRule):
        raise TypeError(f"rule {rule.id!r} is a {rule.kind} rule, not a stacking rule")
    found: list[Violation] = []
    for key in situation.occupied:
        location = situation.location(key)
        if not rule.where.matches(location, situation.index, situation.controller(key)):
            continue
        stack = _counted(situation, rule, situation.position.pieces_at(key))
        if not stack:
            continue
        if not rule.mixed_sides:
            found.extend(_enemies(situation, rule, location, stack))
        for group, pieces in _groups(situation, rule, stack).items():
            found.extend(_over_limit(situation, rule, location, group, pieces))
    return found


def _counted(situation: Situation, rule: StackingRule, pieces: tuple[Piece, ...]) -> list[Piece]:
    """The pieces of a stack the rule counts: selected, and not exempt."""
    index = situation.index
    return [
        piece
        for piece in pieces
        if rule.pieces.matches(situation.counter(piece), index, piece.owner)
        and not (
            rule.exempt is not None
            and rule.exempt.matches(situation.counter(piece), index, piece.owner)
        )
    ]


def _groups(situation: Situation, rule: StackingRule, stack: list[Piece]) -> dict[str, list[Piece]]:
    """The stack split as the rule counts it: all together, per side or per faction."""
    groups: dict[str, list[Piece]] = {}
    for piece in stack:
        if rule.per == "side":
            group = situation.side_of(piece) or ""
        elif rule.per == "faction":
            group = piece.owner or ""
        else:
            group = ""
        groups.setdefault(group, []).append(piece)
    return groups


def _enemies(
    situation: Situation, rule: StackingRule, location: Location, stack: list[Piece]
) -> list[Violation]:
    """Pieces of two sides in one location, where the rule does not allow it."""
    sides = {situation.side_of(piece) for piece in stack} - {None}
    if len(sides) < 2:
        return []
    names = join_words(sorted(situation.game.side(s).name for s in sides if s))
    message = (
        f"{place_name(situation.game, location.key)} holds pieces of {names} "
        f"({piece_names(situation.game, stack)}); enemy pieces may not share a location"
        f"{unless_note(rule.unless)}."
    )
    return [violation(rule, message, (location.key,), tuple(p.id for p in stack))]


def _over_limit(
    situation: Situation, rule: StackingRule, location: Location, group: str, pieces: list[Piece]
) -> list[Violation]:
    """The group over the limit at this location (its override's, or the rule's own)."""
    override = rule.override_at(location, situation.index, situation.controller(location.key))
    limit = rule.limit if override is None else override.limit
    if limit is None:
        return []
    bonus = rule.bonus if override is None else override.bonus or rule.bonus
    total, extra = _amount(situation, rule, pieces, bonus)
    if total - extra <= limit:
        return []
    unit = "stacking point" if rule.points else "piece"
    whose = _whose(situation, rule, group)
    allowed = plural(limit, unit) + (f" plus {plural(bonus.count, 'bonus piece')}" if bonus else "")
    message = (
        f"{place_name(situation.game, location.key)} holds {plural(total, unit)}{whose} "
        f"({piece_names(situation.game, pieces)}); at most {allowed} may stack there"
        f"{unless_note(rule.unless)}."
    )
    return [violation(rule, message, (location.key,), tuple(p.id for p in pieces))]


def _amount(
    situation: Situation, rule: StackingRule, pieces: list[Piece], bonus: StackingBonus | None
) -> tuple[float, float]:
    """What the pieces weigh (count or points), and how much of it the bonus lets on top."""
    weights = [_weight(situation, rule, piece) for piece in pieces]
    if bonus is None:
        return sum(weights), 0
    index = situation.index
    eligible = sorted(
        (
            weight
            for piece, weight in zip(pieces, weights, strict=True)
            if bonus.pieces.matches(situation.counter(piece), index, piece.owner)
        ),
        reverse=True,
    )
    return sum(weights), sum(eligible[: bonus.count])


def _weight(situation: Situation, rule: StackingRule, piece: Piece) -> float:
    """One piece's weight: 1, or its stacking points (a piece without the property weighs 1)."""
    if rule.points is None:
        return 1
    value = situation.counter(piece).properties.get(rule.points)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 1


def _whose(situation: Situation, rule: StackingRule, group: str) -> str:
    """' of the Allied Powers', ' of France' or '' (counted together)."""
    if not group:
        return ""
    if rule.per == "side":
        return f" of {situation.game.side(group).name}"
    return f" of {situation.game.faction(group).name}"
