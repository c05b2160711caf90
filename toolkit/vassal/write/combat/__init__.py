"""Combat inside the module, from the game's combat rule: a player marks the attacking units
and one defending unit, presses the combat button, and the defender works the combat out with
VASSAL's own expressions and writes it in the chat log, with the rule numbers. It never moves
a piece.

The parts, each importing only those before it: :mod:`.marks` (what a player marks, the
properties and keys every part shares), :mod:`.chat` (what the chat says), :mod:`.declared`
(what a player declares), :mod:`.traits` (the pieces' traits and the combat prototype),
:mod:`.buttons` (the module's toolbar), :mod:`.odds` and :mod:`.table` (combat on a results
table), :mod:`.fire_sheet`, :mod:`.fire_terms`, :mod:`.fire_dice` and :mod:`.fire` (combat by
dice).
"""

from __future__ import annotations

from toolkit.vassal.write.combat.buttons import write_combat
from toolkit.vassal.write.combat.fire import module_fire
from toolkit.vassal.write.combat.marks import BY, FROM, ROLE, ModuleChoice, ModuleCombat, dice_name
from toolkit.vassal.write.combat.table import module_combat
from toolkit.vassal.write.combat.traits import with_combat

__all__ = [
    "BY",
    "FROM",
    "ROLE",
    "ModuleChoice",
    "ModuleCombat",
    "dice_name",
    "module_combat",
    "module_fire",
    "with_combat",
    "write_combat",
]
