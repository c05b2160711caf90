"""Combat data the sources declare: terrain and hexside effects on a defender.

One reading for every reader: the terrain effects chart prints these effects, the checker and
the module's odds calculator apply them, so a chart cannot say one thing and the rules another.
"""

from __future__ import annotations

from collections.abc import Iterable

from toolkit.model.game import NO_EFFECT, CombatEffect, Game
from toolkit.model.map import LocationKey
from toolkit.model.queries import location_hexsides


def terrain_effect(game: Game, terrain_id: str | None) -> CombatEffect:
    """The effect of a terrain on a defender in it (none declared, or no terrain: no effect)."""
    for terrain in game.terrain:
        if terrain.id == terrain_id:
            return terrain.combat or NO_EFFECT
    return NO_EFFECT


def hexside_effect(game: Game, type_id: str) -> CombatEffect:
    """The effect of attacking across a hexside type (none declared: no effect)."""
    for kind in game.hexside_types:
        if kind.id == type_id:
            return kind.combat or NO_EFFECT
    return NO_EFFECT


def defence_effect(
    game: Game, defender: LocationKey, attackers: Iterable[LocationKey]
) -> CombatEffect:
    """Everything that helps the defender at ``defender`` against attacks from ``attackers``:
    its terrain, and each hexside type that lies between it and every attacking location (an
    attack partly across a river is not an attack across the river). Multipliers multiply and
    shifts add; the notes are joined.

    :raises KeyError: an unknown location.
    """
    effects = [terrain_effect(game, game.locations[defender].terrain)]
    sides: set[str] | None = None
    for attacker in attackers:
        here = {side.type for side in location_hexsides(game, attacker, defender)}
        sides = here if sides is None else sides & here
    effects += [hexside_effect(game, type_id) for type_id in sorted(sides or ())]
    return combine(effects)


def combine(effects: Iterable[CombatEffect]) -> CombatEffect:
    """Effects applied together: multipliers multiply, shifts add, notes are joined."""
    defence, shift, notes = 1.0, 0, []
    for effect in effects:
        defence *= effect.defence
        shift += effect.shift
        if effect.note:
            notes.append(effect.note)
    return CombatEffect(defence, shift, "; ".join(notes))
