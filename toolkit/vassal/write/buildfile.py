"""buildFile.xml: the module's component tree, every attribute written explicitly.

Each element is a VASSAL class and each attribute is handed to that class's ``setAttribute``;
VASSAL keeps its own defaults for anything missing, and some are not what a module wants (a hex
grid's numbering staggers by default), so nothing is left to them. Piece and prototype
definitions are element text with literal TABs. Only what VASSAL 3.6 knows is used.

This module writes the tree and its module-wide parts (credits, the Help menu's documents,
prototypes, the warnings switch, toolbar menus, palettes, dice, charts, turns, setups, notes);
each map window is written by :mod:`toolkit.vassal.write.mapwindow`, with the pieces both share
from :mod:`toolkit.vassal.write.elements`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lxml import etree  # type: ignore[import-untyped]

from toolkit.catalogue import Words, words
from toolkit.model import Game
from toolkit.vassal.format.codec import encode_list
from toolkit.vassal.format.layout import Board
from toolkit.vassal.format.traits import Trait, add_piece
from toolkit.vassal.write.cards import CardsParts, write_cards_windows
from toolkit.vassal.write.combat import ModuleCombat, write_combat
from toolkit.vassal.write.elements import (
    WIDGET,
    M,
    Slot,
    attrs,
    dice_button,
    global_property,
    piece_slot,
    text,
)
from toolkit.vassal.write.mapwindow import StartStack, map_window
from toolkit.vassal.write.warnings import SWITCH, ModuleWarnings

VASSAL_VERSION = "3.6.0"
"""The VASSAL version modules declare: 3.6 and 3.7 both open them."""


@dataclass(frozen=True, slots=True)
class Palette:
    """A palette tab: a faction (or the markers) with its counters grouped by class."""

    name: str
    groups: tuple[tuple[str, tuple[Slot, ...]], ...]


@dataclass(frozen=True, slots=True)
class HelpDocument:
    """A document the module carries, opened from VASSAL's Help menu: an HTML page in VASSAL's
    own help window, a PDF in the player's PDF viewer."""

    title: str
    """The menu item."""
    entry: str
    """Its name in the archive."""
    content: bytes

    @property
    def is_pdf(self) -> bool:
        """Whether it opens outside VASSAL, in a PDF viewer."""
        return self.entry.lower().endswith(".pdf")


@dataclass(frozen=True, slots=True)
class ModuleParts:
    """Everything the build file describes, ready to write."""

    game: Game
    boards: tuple[Board, ...]
    window_boards: frozenset[str]
    """Boards opened from the toolbar (every map after the first, and the charts with places)."""
    menus: tuple[tuple[str, tuple[str, ...]], ...]
    """Toolbar menus: (button text, the texts of the buttons it gathers)."""
    prototypes: tuple[tuple[str, tuple[Trait, ...]], ...]
    palettes: tuple[Palette, ...]
    stacks: tuple[tuple[str, tuple[StartStack, ...]], ...]
    """Board name → its at-start stacks."""
    charts: tuple[tuple[str, str], ...]
    """(chart title, image) of the charts shown in the charts window."""
    setups: tuple[tuple[str, str, str], ...]
    """(name, description, file) of each predefined setup."""
    next_gpid: int
    warnings: ModuleWarnings = ModuleWarnings()
    """The rules the module watches after every move (none: no switch, no map properties)."""
    documents: tuple[HelpDocument, ...] = ()
    """What the Help menu opens, in menu order."""
    cards: CardsParts | None = None
    """The decks, hands and cups (none: the game has none)."""
    combat: ModuleCombat | None = None
    """The combat the module resolves: its properties, dice and button (none: no combat)."""


def module_credits(game: Game) -> tuple[str, str]:
    """What VASSAL shows beside a module's name and version (its About window, and the module
    manager from VASSAL 3.7): the design credit and the publisher's. Neither starts with a
    digit: VASSAL's module manager would read it as part of the version number."""
    design = words(game.language)("module.credits.design", designer=game.designer)
    design = design if game.designer else ""
    year = f"{game.year} " if game.year else ""
    return design, f"© {year}{game.publisher}" if game.publisher else ""


def build_file(parts: ModuleParts) -> bytes:
    """buildFile.xml as bytes (UTF-8), the same bytes for the same parts."""
    game = parts.game
    say = words(game.language)
    design, published = module_credits(game)
    root = etree.Element(
        "VASSAL.build.GameModule",
        attrs(
            name=game.title,
            version=game.version,
            VassalVersion=VASSAL_VERSION,
            description=game.description or game.title,
            nextPieceSlotId=str(parts.next_gpid),
            ModuleOther1=design,
            ModuleOther2=published,
        ),
    )
    etree.SubElement(root, M + "BasicCommandEncoder")
    _documentation(root, parts.documents)
    roster = etree.SubElement(
        root,
        M + "PlayerRoster",
        attrs(buttonText=say("module.roster.button"), buttonToolTip=say("module.roster.tooltip")),
    )
    for side in game.sides:
        etree.SubElement(roster, "entry").text = text(side.name)
    etree.SubElement(
        root,
        M + "GlobalOptions",
        attrs(
            autoReport="Always",
            nonOwnerUnmaskable="Never",
            promptString=say("module.options.unmask"),
            playerIdFormat="$PlayerName$",
        ),
    )
    etree.SubElement(root, M + "Chatter")
    etree.SubElement(root, M + "KeyNamer")
    _prototypes(root, parts.prototypes)
    _warnings_switch(root, parts.warnings, say)
    stacks = dict(parts.stacks)
    for board in parts.boards:
        map_window(
            root,
            board,
            board.name in parts.window_boards,
            stacks.get(board.name, ()),
            parts.warnings,
            say=say,
        )
    if parts.cards is not None:
        write_cards_windows(root, parts.cards, say)
    for text_, items in parts.menus:
        etree.SubElement(
            root,
            M + "ToolbarMenu",
            attrs(
                description=text_,
                text=text_,
                tooltip=say("module.menu.tooltip", menu=text_.lower()),
                icon="",
                hotkey="",
                menuItems=_list(items),
            ),
        )
    _palettes(root, parts.palettes, say)
    _dice(root, game, say)
    if parts.combat is not None:
        write_combat(root, parts.combat)
    _charts(root, parts.charts, say)
    _turns(root, game, say)
    for name, description, file in parts.setups:
        etree.SubElement(
            root,
            M + "PredefinedSetup",
            attrs(name=name, description=description, isMenu="false", useFile="true", file=file),
        )
    _inventory(root, say)
    _notes(root, say)
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False))


def _documentation(root: etree._Element, documents: Sequence[HelpDocument]) -> None:
    """The Help menu's items: each document the module carries."""
    documentation = etree.SubElement(root, M + "Documentation")
    for document in documents:
        if document.is_pdf:
            etree.SubElement(
                documentation,
                M + "documentation.BrowserPDFFile",
                attrs(title=document.title, pdfFile=document.entry),
            )
        else:
            etree.SubElement(
                documentation,
                M + "documentation.HelpFile",
                attrs(
                    title=document.title,
                    fileName=document.entry,
                    fileType="archive",
                    vassalDoc="false",
                ),
            )


def _notes(root: etree._Element, say: Words) -> None:
    """The notes window: scenario notes, public notes, private notes and secret notes (sealed
    until their writer reveals them), all kept in saved games."""
    etree.SubElement(
        root,
        M + "NotesWindow",
        attrs(
            buttonText=say("module.notes.button"),
            tooltip=say("module.notes.tooltip"),
            icon="",
            hotkey="",
            canDisable="false",
            propertyGate="",
            hideWhenDisabled="false",
            disabledIcon="",
            description="",
        ),
    )


def _prototypes(root: etree._Element, prototypes: Sequence[tuple[str, tuple[Trait, ...]]]) -> None:
    container = etree.SubElement(root, M + "PrototypesContainer")
    for name, traits in prototypes:
        element = etree.SubElement(
            container, M + "PrototypeDefinition", attrs(name=name, description="")
        )
        element.text = text(add_piece("null", traits))


def _warnings_switch(root: etree._Element, warnings: ModuleWarnings, say: Words) -> None:
    """The module's global properties: the warnings switch (with its toolbar button) and a 0
    for every property stacks are summed by, so a piece without one counts nothing."""
    if not warnings.enabled:
        return
    container = etree.SubElement(root, M + "properties.GlobalProperties")
    for name, value in warnings.module_properties:
        prop = global_property(container, name, value)
        if name == SWITCH:
            prop.set("isNumeric", "true")
            prop.set("min", "0")
            prop.set("max", "1")
            prop.set("wrap", "true")
            prop.set("description", say("module.warnings.description"))
            etree.SubElement(
                prop,
                M + "properties.ChangePropertyButton",
                attrs(
                    text=say("module.warnings.button"),
                    tooltip=say("module.warnings.tooltip"),
                    icon="",
                    hotkey="",
                    reportFormat=say("module.warnings.report"),
                    propChanger="I,1",
                ),
            )


def _palettes(root: etree._Element, palettes: Sequence[Palette], say: Words) -> None:
    window = etree.SubElement(
        root,
        M + "PieceWindow",
        attrs(
            name=say("module.counters.window"),
            description="",
            hidden="false",
            text=say("module.counters.window"),
            tooltip=say("module.counters.tooltip"),
            icon="",
            hotkey="",
            scale="1.0",
            defaultWidth="760",
        ),
    )
    tabs = etree.SubElement(
        window, WIDGET + "TabWidget", attrs(entryName=say("module.counters.window"), description="")
    )
    for palette in palettes:
        # A tab per faction: rows of eight, class after class.
        panel = etree.SubElement(
            tabs,
            WIDGET + "PanelWidget",
            attrs(
                entryName=palette.name,
                description="",
                fixed="true",
                nColumns="8",
                vert="false",
                scale="1.0",
            ),
        )
        for _group, slots in palette.groups:
            for slot in slots:
                piece_slot(panel, slot)


def _dice(root: etree._Element, game: Game, say: Words) -> None:
    seen: set[str] = set()
    for die in game.dice:
        roll = f"{die.count}d{die.sides}"
        # The button says what is rolled; a long name (the game's own words) is its tooltip.
        label = die.name if die.name and len(die.name) <= 14 else roll
        if label in seen:
            label = f"{label} ({roll})" if label != roll else f"{roll} #{len(seen) + 1}"
        seen.add(label)
        tooltip = (
            say("module.dice.named", name=die.name, roll=roll)
            if die.name
            else say("module.dice.roll", roll=roll)
        )
        dice_button(root, label, tooltip, (die.count, die.sides))


def _charts(root: etree._Element, charts: Sequence[tuple[str, str]], say: Words) -> None:
    if not charts:
        return
    window = etree.SubElement(
        root,
        M + "ChartWindow",
        attrs(
            name=say("module.charts.window"),
            description="",
            text=say("module.charts.window"),
            tooltip=say("module.charts.tooltip"),
            icon="",
            hotkey="",
        ),
    )
    tabs = etree.SubElement(
        window, WIDGET + "TabWidget", attrs(entryName=say("module.charts.window"), description="")
    )
    for title, image in charts:
        etree.SubElement(
            tabs, WIDGET + "Chart", attrs(chartName=title, description="", fileName=image)
        )


def _turns(root: etree._Element, game: Game, say: Words) -> None:
    turns = game.turns
    tracker = etree.SubElement(
        root,
        M + "turn.TurnTracker",
        attrs(
            name=say("module.turn.name"),
            description="",
            buttonText=say("module.turn.name"),
            icon="",
            hotkey="",
            nexthotkey="",
            prevhotkey="",
            turnFormat=say("module.turn.format"),
            reportFormat=say("module.turn.report"),
            tooltip=say("module.turn.tooltip"),
            lengthStyle="Maximum",
            length="-1",
        ),
    )
    if turns.labels:
        level = etree.SubElement(
            tracker,
            M + "turn.ListTurnLevel",
            attrs(
                name=say("module.turn.name"),
                property="Turn",
                turnFormat="$value$",
                list=_list(turns.labels),
                configList="false",
                configFirst="false",
                prompt="",
            ),
        )
    else:
        last = turns.last
        level = etree.SubElement(
            tracker,
            M + "turn.CounterTurnLevel",
            attrs(
                name=say("module.turn.name"),
                property="Turn",
                turnFormat="$value$",
                start=str(turns.first),
                incr="1",
                loop="true" if last is not None else "false",
                loopLimit=str(last if last is not None else -1),
            ),
        )
    if turns.phases:
        etree.SubElement(
            level,
            M + "turn.ListTurnLevel",
            attrs(
                name=say("module.turn.phase"),
                property="Phase",
                turnFormat="$value$",
                list=_list([phase.name for phase in turns.phases]),
                configList="false",
                configFirst="false",
                prompt="",
            ),
        )


def _list(values: Sequence[str]) -> str:
    return encode_list([text(v) for v in values])


def _inventory(root: etree._Element, say: Words) -> None:
    etree.SubElement(
        root,
        M + "Inventory",
        attrs(
            name=say("module.units.window"),
            text=say("module.units.window"),
            tooltip=say("module.units.tooltip"),
            icon="",
            hotkey="",
            include="",
            groupBy="SideName,FactionName,CurrentMap",
            nonLeafFormat="$PropertyValue$",
            foldersOnly="false",
            leafFormat="$PieceName$ ($LocationName$)",
            sortPieces="true",
            sortFormat="$PieceName$",
            sorting="alpha",
            centerOnPiece="true",
            forwardKeystroke="true",
            showMenu="true",
            drawPieces="false",
            zoomOn="false",
            pieceZoom="0.33",
            pieceZoom2="0.5",
            pieceZoom3="0.6",
            sides="",
            launchFunction="functionHide",
            refreshHotkey="",
        ),
    )
