"""The module's part of the combat: the properties every piece reads, the toolbar buttons that
set the players' choices, the combat dice and the combat button."""

from __future__ import annotations

from lxml import etree  # type: ignore[import-untyped]

from toolkit.catalogue import words
from toolkit.vassal.format.codec import encode
from toolkit.vassal.write.combat.marks import (
    DICE_KEY,
    RESOLVE_KEY,
    ROLE,
    ModuleChoice,
    ModuleCombat,
    dice_name,
)
from toolkit.vassal.write.elements import M, attrs, dice_button, global_property


def write_combat(root: etree._Element, combat: ModuleCombat) -> None:
    """The module's part: the properties every piece reads (0 for a unit property, the place
    and crossing lists), the combat dice and the combat button."""
    container = root.find(M + "properties.GlobalProperties")  # a module may have one only
    if container is None:
        container = etree.SubElement(root, M + "properties.GlobalProperties")
    choices = {choice.name: choice for choice in combat.choices}
    for name, value in combat.module_properties:
        prop = global_property(container, name, value)
        if name in choices:
            _choice_button(prop, choices[name])
    count, sides = combat.dice
    say = words(combat.language)
    dice, button = dice_name(say), say("module.combat.button")
    dice_button(root, dice, f"{dice}: {count}d{sides}", (count, sides), DICE_KEY)
    etree.SubElement(
        root,
        M + "GlobalKeyCommand",
        attrs(
            name=button,
            buttonText=button,
            tooltip=say("module.combat.tooltip"),
            icon="",
            buttonHotkey="",
            hotkey=RESOLVE_KEY,
            filter="{" + f'{ROLE} == "defender"' + "}",
            reportSingle="false",
            reportFormat="",
            deckCount="-1",
            singleMap="false",
        ),
    )


def _choice_button(prop: etree._Element, choice: ModuleChoice) -> None:
    """A toolbar button that sets the property to one of its values, picked from a list."""
    prop.set("description", choice.button)
    etree.SubElement(
        prop,
        M + "properties.ChangePropertyButton",
        attrs(
            text=choice.button,
            tooltip=choice.tooltip,
            icon="",
            hotkey="",
            reportFormat=choice.report,
            propChanger=encode(["E", choice.prompt, encode(choice.values, ",")], ","),
        ),
    )
