"""What every part of buildFile.xml is written with: VASSAL's class-name prefixes, names as XML
can carry them, and the elements more than one part repeats (a piece slot, a global property).

Each element is a VASSAL class and each attribute is handed to that class's ``setAttribute``, so
every value passes through :func:`text` on its way in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree  # type: ignore[import-untyped]

from toolkit.vassal.format.traits import Trait, add_piece

M = "VASSAL.build.module."
MAP = M + "map."
BOARD = MAP + "boardPicker."
GRID = BOARD + "board."
WIDGET = "VASSAL.build.widget."

_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def text(value: str) -> str:
    """A name as XML can carry it: control characters (which XML forbids) become spaces."""
    if value.isprintable():  # no control character at all: most values, and at once
        return value
    return _XML_INVALID.sub(" ", value)


def attrs(**values: str) -> dict[str, str]:
    """Attributes with every value cleaned by :func:`text`."""
    return {name: text(value) for name, value in values.items()}


def xml_bool(value: bool) -> str:
    """A boolean as VASSAL's attributes spell it."""
    return "true" if value else "false"


@dataclass(frozen=True, slots=True)
class Slot:
    """A piece slot: a palette entry or a piece of an at-start stack."""

    name: str
    gpid: int
    traits: tuple[Trait, ...]
    size: tuple[int, int]


def piece_slot(parent: etree._Element, slot: Slot, kind: str = "PieceSlot") -> None:
    """A PieceSlot element holding one piece definition (``kind`` "CardSlot": a card's)."""
    width, height = slot.size
    element = etree.SubElement(
        parent,
        WIDGET + kind,
        # numbers need no cleaning: one of these per counter and per set-up piece
        {
            "entryName": text(slot.name),
            "gpid": str(slot.gpid),
            "width": str(width),
            "height": str(height),
        },
    )
    element.text = text(add_piece("null", slot.traits))


def global_property(parent: etree._Element, name: str, value: str) -> etree._Element:
    """A GlobalProperty element, a text property with an initial value."""
    return etree.SubElement(
        parent,
        M + "properties.GlobalProperty",
        attrs(
            name=name,
            initialValue=value,
            description="",
            isNumeric="false",
            min="0",
            max="100",
            wrap="false",
        ),
    )


def dice_button(
    parent: etree._Element, label: str, tooltip: str, dice: tuple[int, int], hotkey: str = ""
) -> etree._Element:
    """A DiceButton rolling ``dice`` (count, sides) and reporting each die in the chat, as
    VASSAL's own dice report them: the combat reads the roll from that line."""
    count, sides = dice
    return etree.SubElement(
        parent,
        M + "DiceButton",
        attrs(
            name=label,
            text=label,
            tooltip=tooltip,
            icon="",
            hotkey=hotkey,
            canDisable="false",
            propertyGate="",
            hideWhenDisabled="false",
            disabledIcon="",
            reportFormat="** $name$ = $result$ *** &lt;$PlayerName$&gt;",
            prompt="false",
            nDice=str(count),
            lockDice="false",
            nSides=str(sides),
            lockSides="false",
            plus="0",
            lockPlus="false",
            addToTotal="0",
            lockAdd="false",
            reportTotal="false",
            sortDice="false",
            keepDice="false",
            keepOption=">",
            keepCount="1",
        ),
    )
