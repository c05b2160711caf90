"""One check per rule kind, in a plain table."""

from __future__ import annotations

from collections.abc import Callable

from toolkit.model.rules import Rule
from toolkit.rules.context import Situation
from toolkit.rules.movement import check_movement
from toolkit.rules.supply import check_supply
from toolkit.rules.violations import Violation
from toolkit.rules.zoc import check_zoc

Check = Callable[[Situation, Rule], list[Violation]]
"""A check: every violation of one rule in a situation."""

CHECKS: dict[str, Check] = {
    "movement": check_movement,
    "zoc": check_zoc,
    "supply": check_supply,
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
        check = CHECKS.get(rule.kind)
        if check is not None:
            found.extend(check(situation, rule))
    return found
