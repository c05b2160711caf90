"""Combat from the data: strengths, the modifiers that apply (each with its reason and rule
number), the column or the dice, and the result of a roll, as a game's combat rule says.

Pure functions over the model: a position, the attacking units and the defender's location in,
numbers and words out. The log checker compares a played combat with them, and a module can
mirror every step with VASSAL's own expressions, as the rules warnings do:

- a unit's strength or target is a counter value (a piece property); fractional multipliers
  scale to whole numbers, as stacking points do;
- a modifier's terms on the place are a list of location names (:func:`modifier_places`), its
  terms on units a piece property (their selector), its hexside a list of crossings;
- an odds step a:b is reached when b × attack ≥ a × defence, a comparison of sums;
- a results row is a range of rolls, a cell a code the rule explains.
"""

from __future__ import annotations

from toolkit.rules.combat.engagement import (
    SIDES,
    Applied,
    Engagement,
    applied_modifiers,
    combat_rule_at,
    crosses,
    describe_applied,
    engage,
    modified_units,
    modifier_places,
    other_side,
    value_of,
)
from toolkit.rules.combat.fire import FireGroup, FirePlan, fire_outcome, fire_plan
from toolkit.rules.combat.results import Outcome, SideResult, read_cell
from toolkit.rules.combat.table import Odds, table_odds, table_outcome, terrain_effects

__all__ = [
    "SIDES",
    "Applied",
    "Engagement",
    "FireGroup",
    "FirePlan",
    "Odds",
    "Outcome",
    "SideResult",
    "applied_modifiers",
    "combat_rule_at",
    "crosses",
    "describe_applied",
    "engage",
    "fire_outcome",
    "fire_plan",
    "modified_units",
    "modifier_places",
    "other_side",
    "read_cell",
    "table_odds",
    "table_outcome",
    "terrain_effects",
    "value_of",
]
