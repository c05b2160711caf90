"""Modifiers a player declares for a combat (an ace, an exploitation, an assault): a toolbar
button for each sets a module property to 'declared'; the combat applies the modifier while it
is, names it in the call (as the log checker reads declarations back) and sets it back once
the combat is over.

A declaration is for the whole combat: the engine gives a modifier declared without naming
units to every unit of its side it picks, and so does the module. A declared modifier the
module cannot judge with the others is left to the players and ``toolkit check``."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from toolkit.catalogue import Words
from toolkit.model.rules import CombatModifier, CombatRule
from toolkit.vassal.format.expressions import string_literal
from toolkit.vassal.write.combat.chat import chat_text
from toolkit.vassal.write.combat.marks import ModuleChoice

DECLARED = "CombatDeclared"
"""The module's property a declaration's button sets: ``CombatDeclared0``, ``…1``."""
LISTED = "CombatDeclaredList"
"""The defender's property: ', ace, exploitation', the declarations the call names."""


@dataclass(frozen=True)
class Declarations:
    """The declared modifiers the module applies, and how it reads them."""

    modifiers: tuple[CombatModifier, ...] = ()
    holds: dict[int, str] = dataclasses.field(default_factory=dict)
    """Modifier (by id) → the condition that it is declared."""
    choices: tuple[ModuleChoice, ...] = ()
    """The toolbar buttons, one per modifier."""
    resets: tuple[tuple[str, str], ...] = ()
    """(property, value): what the combat sets back once it is over."""
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


def declarations(modifiers: Sequence[CombatModifier], say: Words) -> Declarations:
    """What the module adds for these declared modifiers: their properties' buttons, the
    condition each is declared, the list the call names them by."""
    if not modifiers:
        return Declarations()
    off, on = say("module.declare.off"), say("module.declare.on")
    holds, choices, resets, listed = {}, [], [], ['""']
    for n, m in enumerate(modifiers):
        name = f"{DECLARED}{n}"
        reason, cite = chat_text(m.text), chat_text(m.cite)
        holds[id(m)] = f"{name} == {string_literal(on)}"
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
        listed.append(f'If({holds[id(m)]}, {string_literal(", " + reason)}, "")')
    return Declarations(tuple(modifiers), holds, tuple(choices), tuple(resets), " + ".join(listed))


def initial_values(found: Declarations) -> dict[str, str]:
    """The module's properties of the declarations, each not declared."""
    return dict(found.resets)
