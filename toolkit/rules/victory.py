"""Victory: which side meets its condition, by control of places (all of them, or a count), and
with levels (decisive, marginal…) by places held or points, otherwise a draw."""

from __future__ import annotations

from toolkit.model.queries import location_features
from toolkit.model.rules import Rule, VictoryRule
from toolkit.rules.context import Situation
from toolkit.rules.describe import join_words, place_name, unless_note
from toolkit.rules.violations import Violation, violation


def check_victory(situation: Situation, rule: Rule) -> list[Violation]:
    """A finding when the rule's side controls enough of its places; nothing otherwise. A rule
    with levels always has a finding: the level reached, or a draw.

    A met victory condition is news for the players, not a fault: its severity is the rule's
    own ('info' unless the rule says otherwise).
    """
    if not isinstance(rule, VictoryRule):
        raise TypeError(f"rule {rule.id!r} is a {rule.kind} rule, not a victory rule")
    found: list[Violation] = []
    for side in _contenders(situation, rule):
        found.extend(_side_victory(situation, rule, side))
    return found


def _contenders(situation: Situation, rule: VictoryRule) -> list[str]:
    """The rule's side; for a rule that names none, every side of the game (whichever holds
    the places wins)."""
    return [rule.side] if rule.side is not None else [s.id for s in situation.game.sides]


def _side_victory(situation: Situation, rule: VictoryRule, side: str) -> list[Violation]:
    held = tuple(key for key in rule.control if _side_controlling(situation, key) == side)
    if rule.levels:
        return [_outcome(situation, rule, side, held)]
    if len(held) < rule.needed:
        return []
    game = situation.game
    places = join_words(place_name(game, key) for key in held)
    if rule.count is None:
        amount = "every place it names"
    else:
        amount = f"{len(held)} of the {len(rule.control)} places it names, {rule.count} needed"
    when = f"; it is checked {rule.check_at}" if rule.check_at else ""
    message = (
        f"Victory condition met for {game.side(side).name}: control of {amount} "
        f"({places}){when}{unless_note(rule.unless)}."
    )
    return [violation(rule, message, held)]


def victory_level(situation: Situation, rule: VictoryRule) -> str | None:
    """The name of the highest level a side of the rule reaches, or None (a draw, or not
    met)."""
    reached = []
    for side in _contenders(situation, rule):
        held = tuple(key for key in rule.control if _side_controlling(situation, key) == side)
        if not rule.levels:
            reached.append("victory" if len(held) >= rule.needed else None)
        else:
            reached.append(_level(rule, score(situation, rule, held)))
    names = [level.name for level in rule.levels] or ["victory"]
    return min((r for r in reached if r is not None), key=names.index, default=None)


def score(situation: Situation, rule: VictoryRule, held: tuple[str, ...]) -> float:
    """The side's score: the places held, or the sum of their ``points`` values (a location's
    own and its features')."""
    if rule.points is None:
        return float(len(held))
    total = 0.0
    for key in held:
        location = situation.location(key)
        total += location.values.get(rule.points, 0.0)
        total += sum(f.values.get(rule.points, 0.0) for f in location_features(situation.game, key))
    return total


def _level(rule: VictoryRule, value: float) -> str | None:
    return next((level.name for level in rule.levels if value >= level.at_least), None)


def _outcome(
    situation: Situation, rule: VictoryRule, side_id: str, held: tuple[str, ...]
) -> Violation:
    game = situation.game
    side = game.side(side_id).name
    value = score(situation, rule, held)
    unit = rule.points if rule.points is not None else "places"
    scored = f"{value:g} {unit}" + (
        f" ({join_words(place_name(game, k) for k in held)})" if held else ""
    )
    when = f"; it is checked {rule.check_at}" if rule.check_at else ""
    reached = _level(rule, value)
    if reached is None:
        lowest = rule.levels[-1]
        message = (
            f"A draw: {side} scores {scored}, short of a {lowest.name} victory "
            f"({lowest.at_least:g} {unit}){when}{unless_note(rule.unless)}."
        )
    else:
        message = (
            f"{reached.capitalize()} victory for {side}: {scored}, "
            f"{_needed(rule, reached, unit)}{when}{unless_note(rule.unless)}."
        )
    return violation(rule, message, held)


def _needed(rule: VictoryRule, name: str, unit: str) -> str:
    level = next(level for level in rule.levels if level.name == name)
    return f"{level.at_least:g} {unit} needed"


def _side_controlling(situation: Situation, key: str) -> str | None:
    """The side whose faction (or which side itself) controls a location."""
    controller = situation.controller(key)
    if controller is None:
        return None
    return situation.index.sides.get(controller, controller)
