"""Victory: which side meets its condition, by control of places (all of them, or a count)."""

from __future__ import annotations

from toolkit.model.rules import Rule, VictoryRule
from toolkit.rules.context import Situation
from toolkit.rules.describe import join_words, place_name, unless_note
from toolkit.rules.violations import Violation, violation


def check_victory(situation: Situation, rule: Rule) -> list[Violation]:
    """A finding when the rule's side controls enough of its places; nothing otherwise.

    A met victory condition is news for the players, not a fault: its severity is the rule's
    own ('info' unless the rule says otherwise).
    """
    if not isinstance(rule, VictoryRule):
        raise TypeError(f"rule {rule.id!r} is a {rule.kind} rule, not a victory rule")
    held = tuple(key for key in rule.control if _side_controlling(situation, key) == rule.side)
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
        f"Victory condition met for {game.side(rule.side).name}: control of {amount} "
        f"({places}){when}{unless_note(rule.unless)}."
    )
    return [violation(rule, message, held)]


def _side_controlling(situation: Situation, key: str) -> str | None:
    """The side whose faction (or which side itself) controls a location."""
    controller = situation.controller(key)
    if controller is None:
        return None
    return situation.index.sides.get(controller, controller)
