"""Modifiers a player declares for a combat (an ace, an exploitation, an assault): for the
whole combat with a toolbar button that sets a module property to 'declared', or for one unit
with a command of its menu. The combat applies a modifier to the units it is declared for (all
of them while its button says so), names it in the call with those units (as the log checker
reads declarations back) and sets everything back once the combat is over.

The engine gives a modifier declared without naming units to every unit of its side it picks,
and one declared for units to those only: so does the module. A declared modifier the module
cannot judge with the others is left to the players and ``toolkit check``."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from toolkit.catalogue import Words
from toolkit.model.rules import CombatModifier, CombatRule
from toolkit.vassal.format.expressions import string_literal
from toolkit.vassal.write.combat.chat import after_comma, chat_text
from toolkit.vassal.write.combat.marks import ModuleChoice, ModuleCombat

DECLARED = "CombatDeclared"
"""The module's property a declaration's button sets: ``CombatDeclared0``, ``…1``."""
FOR = "CombatFor"
"""A unit's property: ``ON`` when a player declared the modifier for it (``CombatFor0``, …),
else empty."""
ON = "on"
"""What a unit's property holds when it is declared for it (text: VASSAL reads '1' as a
number, which an empty value is not)."""
NAMES = "CombatForNames"
"""The module's property gathering the names of the units a modifier is declared for."""
ON_UNIT = "CombatOn"
"""A unit's Calculated Property: 1 when the modifier is declared for it, by its button or its
menu (``CombatOn0``, …); the conditions that pick units read it, short as it is."""
LISTED = "CombatDeclaredList"
"""The defender's property: ', ace (Panzer), exploitation', what the call names."""
GATHER_KEY = "62000,130"
"""What the defender sends the combat's units declared for something: add your name."""
UNDECLARE_KEY = "62001,130"
"""What the defender sends them once the combat is written: nothing declared any more."""
GROWTH = 8 / 5
"""The combat's traits with its declarations are at most this many times as long as without
(and :data:`ROOM` more): every unit of a saved game carries them all (the 1939 campaign of
Europe Engulfed holds 23 MB of them), and a declaration that multiplies the dice multiplies
the expressions that count them."""
ROOM = 4000
"""Characters any combat may add for its declarations, however short it is without them (a
button, a menu command and the call's list take about a thousand each)."""


@dataclass(frozen=True)
class Declarations:
    """The declared modifiers the module applies, and how it reads them."""

    modifiers: tuple[CombatModifier, ...] = ()
    holds: dict[int, str] = dataclasses.field(default_factory=dict)
    """Modifier (by id) → the condition a unit meets when it is declared for it."""
    expressions: dict[str, str] = dataclasses.field(default_factory=dict)
    """The units' Calculated Properties the conditions read (``ON_UNIT``)."""
    choices: tuple[ModuleChoice, ...] = ()
    """The toolbar buttons, one per modifier."""
    resets: tuple[tuple[str, str], ...] = ()
    """(property, value): the buttons' properties as the combat sets them back."""
    menus: tuple[tuple[str, str], ...] = ()
    """(unit property, menu command) of each modifier."""
    listed: str = ""
    """The expression listing the declarations (``LISTED``); empty without any."""


def declarable(
    rule: CombatRule, expressible: Callable[[CombatRule], bool]
) -> tuple[CombatModifier, ...]:
    """The rule's declared modifiers the module can judge with those it always applies, in the
    rule's order: each is kept when the rule, with it and those kept before applied always,
    is still ``expressible``."""
    kept: list[CombatModifier] = []
    for modifier in rule.modifiers:
        if not modifier.declared:
            continue
        trial = {id(m) for m in (*kept, modifier)}
        modifiers = tuple(
            dataclasses.replace(m, declared=False) if id(m) in trial else m for m in rule.modifiers
        )
        if expressible(dataclasses.replace(rule, modifiers=modifiers)):
            kept.append(modifier)
    return tuple(kept)


def with_declarations(
    candidates: Sequence[CombatModifier],
    write: Callable[[Sequence[CombatModifier]], ModuleCombat | None],
) -> ModuleCombat | None:
    """The combat ``write`` gives with as many of the ``candidates`` as fit, in their order:
    each is kept when the combat with it and those kept before is written, its traits within
    :data:`GROWTH` and :data:`ROOM` of the combat's without any; None when not even that one is
    written."""
    best = write(())
    if best is None:
        return None
    budget = GROWTH * _length(best) + ROOM
    kept: list[CombatModifier] = []
    for modifier in candidates:
        trial = write((*kept, modifier))
        if trial is not None and _length(trial) <= budget:
            kept.append(modifier)
            best = trial
    return best


def _length(combat: ModuleCombat) -> int:
    return sum(len(t.type) for t in combat.prototype)


def declarations(modifiers: Sequence[CombatModifier], say: Words) -> Declarations:
    """What the module adds for these declared modifiers: their buttons and menu commands,
    the condition a unit is declared for each, the list the call names them by."""
    if not modifiers:
        return Declarations()
    off, on = say("module.declare.off"), say("module.declare.on")
    holds, expressions, choices, resets, menus, listed = {}, {}, [], [], [], ['""']
    for n, m in enumerate(modifiers):
        name, unit, names = f"{DECLARED}{n}", f"{FOR}{n}", f"{NAMES}{n}"
        reason, cite = chat_text(m.text), chat_text(m.cite)
        whole = f"{name} == {string_literal(on)}"
        expressions[f"{ON_UNIT}{n}"] = f"If(({whole}) || ({unit} == {string_literal(ON)}), 1, 0)"
        holds[id(m)] = f"{ON_UNIT}{n} == 1"
        choices.append(
            ModuleChoice(
                name,
                m.text,
                say("module.declare.tooltip"),
                say("module.declare.prompt", reason=reason, cite=cite),
                say("module.declare.report", reason=reason, cite=cite),
                (off, on),
            )
        )
        resets.append((name, off))
        menus.append((unit, say("module.declare.unit", reason=m.text)))
        opened = string_literal(f", {reason} (")
        by_unit = f'If({names}.length() > 2, {opened} + {after_comma(names)} + ")", "")'
        listed.append(f"If({whole}, {string_literal(', ' + reason)}, {by_unit})")
    return Declarations(
        tuple(modifiers),
        holds,
        expressions,
        tuple(choices),
        tuple(resets),
        tuple(menus),
        " + ".join(listed),
    )


def initial_values(found: Declarations) -> dict[str, str]:
    """The module's properties of the declarations: each not declared, no unit named."""
    names = {f"{NAMES}{n}": "" for n in range(len(found.modifiers))}
    return dict(found.resets) | names
