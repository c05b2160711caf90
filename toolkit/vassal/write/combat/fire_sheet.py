"""What a dice combat's parts share: the names of its properties, the numbers a die hits on, and
the sheet the module's dice combat is written into (the module's and the pieces' properties,
the defender's expressions, the dice loops and what the chat says applies)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from toolkit.catalogue import Words, words
from toolkit.model import Game
from toolkit.model.counter import Counter
from toolkit.model.rules import (
    CombatFire,
    CombatModifier,
    CombatRule,
    CombatSide,
    PieceSelector,
    SelectorIndex,
)
from toolkit.vassal.write.combat.declared import Declarations
from toolkit.vassal.write.combat.marks import SEPARATOR, ModuleChoice

LETTER: dict[CombatSide, str] = {"attacker": "A", "defender": "D"}
"""How a side is named in the module's property names."""
TARGET = "CombatFire"
"""A unit's target as ``CombatFireA`` (attacking) or ``CombatFireD`` (defending)."""
STEP = "CombatStep"
"""A unit's steps, for dice per step."""
STAGE = "CombatStage"
"""The module's property: 1 between the defender's volley and the attacker's, when the
defender fires first (0 otherwise)."""
FIRST = "CombatFirst"
"""The defender's property: 1 when it fires first."""
HITS = "CombatHits"
"""The module's count of the hits a side scored so far: ``CombatHitsA``, ``CombatHitsD``."""
WEATHER = "CombatWeather"
"""The defender's property: the weather at its place, as the players set it."""
GROUP = "CombatGroup"
"""A unit's fire group (armour, infantry) as a number, for dice halved group by group."""
FIRST_CODE = 61470
"""The keys of the dice loops and counts: codes from here on, with Ctrl (none is a key)."""


def bucket(target: int, fire: CombatFire) -> int | None:
    """The number a die must make for a unit of this target, within the die's faces (a target
    of 7 on a d6 hits on anything); None when no roll can hit, and the unit rolls no die."""
    if fire.hit == "at-most":
        return None if target < 1 else min(target, fire.sides)
    return None if target > fire.sides else max(target, 1)


def dice_property(side: CombatSide, target: int) -> str:
    """The defender's property: how many dice the side rolls hitting on ``target``."""
    return f"CombatDice{LETTER[side]}{target}"


def scored_property(side: CombatSide) -> str:
    """The defender's property: the hits the side scores once hits are cancelled."""
    return f"CombatScored{LETTER[side]}"


@dataclass
class FireSheet:
    """A dice combat as the module writes it, filled in part by part."""

    game: Game
    rule: CombatRule
    fire: CombatFire
    names: dict[str, str]
    props: dict[str, str] = field(default_factory=dict)
    counters: dict[str, dict[str, str]] = field(default_factory=dict)
    exprs: dict[str, str] = field(default_factory=dict)
    rolled: list[tuple[CombatSide, int]] = field(default_factory=list)
    """(side, target) of each dice loop, in the order the dice are rolled."""
    applies: list[tuple[CombatModifier, str]] = field(default_factory=list)
    choices: list[ModuleChoice] = field(default_factory=list)
    declared: Declarations = field(default_factory=Declarations)
    """The declared modifiers the module applies while a player declares them."""

    @property
    def say(self) -> Words:
        return words(self.game.language)

    def selector(
        self,
        name: str,
        selector: PieceSelector | None,
        covered: Sequence[Counter],
        index: SelectorIndex,
    ) -> str:
        """The condition a unit meets when the selector picks it: the property ``name``, 1 on
        the counters it picks (0, the module's value, elsewhere)."""
        if selector is None:
            return "true"
        self.props[name] = "0"
        for counter in covered:
            if selector.matches(counter, index, counter.faction):
                self.counters.setdefault(counter.id, {})[name] = "1"
        return f"{name} == 1"

    def place_list(self, keys: frozenset[str]) -> str:
        names = sorted(self.names[k] for k in keys if k in self.names)
        return SEPARATOR + SEPARATOR.join(names) + SEPARATOR


def by_face(values: Sequence[int]) -> str:
    """A unit's number: the value, or '{expression}' choosing it by the face shown."""
    if len(set(values)) == 1:
        return str(values[0])
    expression = str(values[0])
    for level in range(len(values), 1, -1):
        expression = f"If(Face_Level == {level}, {values[level - 1]}, {expression})"
    return "{" + expression + "}"
