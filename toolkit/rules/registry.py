"""One check per rule kind, in a plain table."""

from __future__ import annotations

from collections.abc import Callable

from toolkit.model.rules import Rule
from toolkit.rules.capacity import check_capacity
from toolkit.rules.context import Situation
from toolkit.rules.counter_mix import check_counter_mix
from toolkit.rules.entry import check_entry
from toolkit.rules.movement import check_movement
from toolkit.rules.placement import check_placement
from toolkit.rules.stacking import check_stacking
from toolkit.rules.supply import check_supply
from toolkit.rules.victory import check_victory
from toolkit.rules.violations import Violation
from toolkit.rules.zoc import check_zoc

Check = Callable[[Situation, Rule], list[Violation]]
"""A check: every violation of one rule in a situation."""

CHECKS: dict[str, Check] = {
    "stacking": check_stacking,
    "entry": check_entry,
    "movement": check_movement,
    "zoc": check_zoc,
    "supply": check_supply,
    "counter-mix": check_counter_mix,
    "placement": check_placement,
    "capacity": check_capacity,
    "victory": check_victory,
}
"""Rule kind → its check. Each kind's module is listed here once it exists."""


def check_position(situation: Situation) -> list[Violation]:
    """Every violation of every rule of the game that applies to this situation."""
    found: list[Violation] = []
    for rule in situation.game.rules:
        if rule.severity == "ignore":
            continue
        if situation.setup_id is not None and not rule.applies_in(situation.setup_id):
            continue
        if rule.when == "setup" and not situation.start:
            continue
        check = CHECKS.get(rule.kind)
        if check is not None:
            found.extend(check(situation, rule))
    return found
