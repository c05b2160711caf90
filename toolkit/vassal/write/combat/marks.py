"""What a player marks and what every part of the module's combat shares: the properties the
combat reads and sets, the keys its steps send (keys no keyboard sends), the pieces of each side
of a marked combat as the defender picks them, and what a combat gives the module."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from toolkit.catalogue import DEFAULT_LANGUAGE, Words
from toolkit.model.counter import Counter
from toolkit.model.rules import CombatSide
from toolkit.rules.combat.engagement import printed_number
from toolkit.vassal.format.expressions import all_of, string_literal
from toolkit.vassal.format.layout import layer_faces
from toolkit.vassal.format.traits import CTRL_SHIFT, Trait, key

ROLE = "CombatRole"
"""The piece property a player sets: 'attacker', 'defender' or empty."""
UNIT = "CombatUnit"
"""1 on every counter the combat rule covers (0, the module's value, elsewhere)."""
PROTOTYPE = "Combat"
DICE_KEY = "61452,130"
"""Ctrl+F25: the dice button's hotkey, fired by the defender (no keyboard sends it)."""
RESOLVE_KEY = "61453,130"
"""Ctrl+F26: what the combat button sends to the marked defender."""
STEPS = tuple(f"{code},130" for code in range(61454, 61461))
"""What the defender does, in order: clear the origins, gather them from the attackers, write
the call and the account, roll the dice, write the result, clear every mark (keys no keyboard
sends)."""
GATED = ("reset", "gather", "call", "account", "result", "clear")
"""The steps of a combat a condition may hold back, in the order the defender takes them."""
GATE_CODE = 61462
"""The keys that pass a held-back step on: codes from here on (the dice loops start at
61470), with Ctrl."""
ROLL_KEY = STEPS[4]
"""What the defender sends itself to roll the combat dice button once."""
RESET_KEY = STEPS[0]
"""What the defender sends itself first: the combat's module properties back to nothing."""
APPEND_KEY = "61461,130"
"""What the defender sends each attacker: add your place to the origins, your side as the
attacker's."""
FROM = "CombatFrom"
"""The module's property gathering the attackers' places (', 0801, 0601')."""
BY = "CombatBy"
"""The module's property holding the attacking side's name."""
CLEAR_KEY = key("X", CTRL_SHIFT)
"""Out of combat: the menu command, and what the defender sends every marked piece once the
result is written."""
SEPARATOR = "|"
MAX_STRENGTH_SETS = 16
"""More sets of strength modifiers than this make too many properties: the rule is left out."""


def dice_name(say: Words) -> str:
    """The name of the combat dice button (its total is the property ``<name>_total``, read
    with ``GetProperty``); not the combat button's, which players press."""
    return say("module.combat.dice")


@dataclass(frozen=True)
class ModuleChoice:
    """A module property the players set from the toolbar (the weather of a zone), which the
    combat reads: the button picks one of ``values`` and the chat reports it."""

    name: str
    button: str
    tooltip: str
    prompt: str
    report: str
    """The chat line, VASSAL filling ``$newValue$``."""
    values: tuple[str, ...]


@dataclass(frozen=True)
class ModuleCombat:
    """What the module needs to resolve one combat rule: properties, traits and expressions."""

    rule_id: str
    scale: int
    """Strengths are whole numbers: the true strength × this."""
    dice: tuple[int, int]
    """(count, sides) of the combat dice button."""
    module_properties: tuple[tuple[str, str], ...]
    counter_traits: Mapping[str, tuple[Trait, ...]]
    """Counter id → the traits its pieces add (the combat prototype, its strengths)."""
    counter_properties: Mapping[str, Mapping[str, str]]
    """Counter id → property → a value or, for a Calculated Property, '{expression}'."""
    prototype: tuple[Trait, ...]
    expressions: Mapping[str, str] = field(default_factory=dict)
    """The defender's Calculated Properties: name → BeanShell expression."""
    messages: tuple[str, ...] = ()
    """What the defender writes: the call, the account, then (after the dice) the result."""
    language: str = DEFAULT_LANGUAGE
    """The language of the game, which the menu, the button and the chat speak."""
    choices: tuple[ModuleChoice, ...] = ()
    """Module properties the players set from the toolbar, each a property of
    ``module_properties``."""


def combat_condition(side: CombatSide) -> str:
    """The pieces of one side of the marked combat, as seen from the defender."""
    if side == "attacker":
        return all_of([f'{ROLE} == "attacker"', f"{UNIT} == 1"])
    same_place = 'LocationName.startsWith("$LocationName$")'
    same_length = 'LocationName.length() == "$LocationName$".length()'
    return all_of([f"{UNIT} == 1", same_place, same_length, 'Side == "$Side$"'])


AS_TEXT = "LocationName.length() > 0"
"""Makes VASSAL read the location name as text (a hex '0806' is not the number 806)."""


def picks(condition: str) -> str:
    """The condition ``Sum`` and ``Count`` pick pieces by: a BeanShell expression in braces
    (without them VASSAL would read an old-style 'name = value' match)."""
    return string_literal("{" + condition + "}")


def unit_faces(counter: Counter) -> list[object]:
    """The faces a unit may show, in the order of its layer's levels."""
    return list(layer_faces(counter)) or [counter.front]


def face_value(counter: Counter, face: object, name: str) -> Fraction:
    """A number the face prints (else the counter's property); 0 when it has none."""
    raw = getattr(face, "values", {}).get(name)
    if raw is None:
        raw = counter.properties.get(name)
    return printed_number(raw)
