"""buildFile.xml: the module's component tree, every attribute written explicitly.

Each element is a VASSAL class and each attribute is handed to that class's ``setAttribute``;
VASSAL keeps its own defaults for anything missing, and some are not what a module wants (a hex
grid's numbering staggers by default), so nothing is left to them. Piece and prototype
definitions are element text with literal TABs. Only what VASSAL 3.6 knows is used.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from lxml import etree  # type: ignore[import-untyped]

from toolkit.model import Game
from toolkit.vassal.format.codec import encode_list
from toolkit.vassal.format.layout import Board
from toolkit.vassal.format.numbering import GridNumbering
from toolkit.vassal.format.traits import Trait, add_piece
from toolkit.vassal.write.warnings import MOVED_KEY, SWITCH, ModuleWarnings

VASSAL_VERSION = "3.6.0"
"""The VASSAL version modules declare: 3.6 and 3.7 both open them."""

M = "VASSAL.build.module."
MAP = M + "map."
BOARD = MAP + "boardPicker."
GRID = BOARD + "board."
WIDGET = "VASSAL.build.widget."

_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")

MAP_HELPERS = (
    "ForwardToKeyBuffer",
    "Scroller",
    "ForwardToChatter",
    "MenuDisplayer",
    "MapCenterer",
    "StackExpander",
    "PieceMover",
    "KeyBufferer",
    "ImageSaver",
    "CounterDetailViewer",
    "Zoomer",
    "HighlightLastMoved",
    "SelectionHighlighters",
)
"""What makes a map playable; VASSAL does not add these when it reads a map from XML."""


def text(value: str) -> str:
    """A name as XML can carry it: control characters (which XML forbids) become spaces."""
    if value.isprintable():  # no control character at all: most values, and at once
        return value
    return _XML_INVALID.sub(" ", value)


@dataclass(frozen=True, slots=True)
class Slot:
    """A piece slot: a palette entry or a piece of an at-start stack."""

    name: str
    gpid: int
    traits: tuple[Trait, ...]
    size: tuple[int, int]


@dataclass(frozen=True, slots=True)
class StartStack:
    """An at-start stack: pieces placed on a board when a new game starts."""

    name: str
    board: str
    at: tuple[int, int]
    slots: tuple[Slot, ...]


@dataclass(frozen=True, slots=True)
class Palette:
    """A palette tab: a faction (or the markers) with its counters grouped by class."""

    name: str
    groups: tuple[tuple[str, tuple[Slot, ...]], ...]


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


def build_file(parts: ModuleParts) -> bytes:
    """buildFile.xml as bytes (UTF-8), the same bytes for the same parts."""
    game = parts.game
    root = etree.Element(
        "VASSAL.build.GameModule",
        _attrs(
            name=game.title,
            version=game.version,
            VassalVersion=VASSAL_VERSION,
            description=game.description or game.title,
            nextPieceSlotId=str(parts.next_gpid),
            ModuleOther1="",
            ModuleOther2="",
        ),
    )
    etree.SubElement(root, M + "BasicCommandEncoder")
    etree.SubElement(root, M + "Documentation")
    roster = etree.SubElement(
        root,
        M + "PlayerRoster",
        _attrs(buttonText="Retire", buttonToolTip="Switch sides, become observer or give up"),
    )
    for side in game.sides:
        etree.SubElement(roster, "entry").text = text(side.name)
    etree.SubElement(
        root,
        M + "GlobalOptions",
        _attrs(
            autoReport="Always",
            nonOwnerUnmaskable="Never",
            promptString="Opponents can unmask pieces",
            playerIdFormat="$PlayerName$",
        ),
    )
    etree.SubElement(root, M + "Chatter")
    etree.SubElement(root, M + "KeyNamer")
    _prototypes(root, parts.prototypes)
    _warnings_switch(root, parts.warnings)
    stacks = dict(parts.stacks)
    for board in parts.boards:
        _map(
            root,
            board,
            board.name in parts.window_boards,
            stacks.get(board.name, ()),
            parts.warnings,
        )
    for text_, items in parts.menus:
        etree.SubElement(
            root,
            M + "ToolbarMenu",
            _attrs(
                description=text_,
                text=text_,
                tooltip=f"Open one of the {text_.lower()}",
                icon="",
                hotkey="",
                menuItems=_list(items),
            ),
        )
    _palettes(root, parts.palettes)
    _dice(root, game)
    _charts(root, parts.charts)
    _turns(root, game)
    for name, description, file in parts.setups:
        etree.SubElement(
            root,
            M + "PredefinedSetup",
            _attrs(name=name, description=description, isMenu="false", useFile="true", file=file),
        )
    _inventory(root)
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=False))


def _attrs(**values: str) -> dict[str, str]:
    return {name: text(value) for name, value in values.items()}


def _prototypes(root: etree._Element, prototypes: Sequence[tuple[str, tuple[Trait, ...]]]) -> None:
    container = etree.SubElement(root, M + "PrototypesContainer")
    for name, traits in prototypes:
        element = etree.SubElement(
            container, M + "PrototypeDefinition", _attrs(name=name, description="")
        )
        element.text = text(add_piece("null", traits))


def _slot(parent: etree._Element, slot: Slot) -> None:
    width, height = slot.size
    element = etree.SubElement(
        parent,
        WIDGET + "PieceSlot",
        # numbers need no cleaning: one of these per counter and per set-up piece
        {
            "entryName": text(slot.name),
            "gpid": str(slot.gpid),
            "width": str(width),
            "height": str(height),
        },
    )
    element.text = text(add_piece("null", slot.traits))


def _warnings_switch(root: etree._Element, warnings: ModuleWarnings) -> None:
    """The module's global properties: the warnings switch (with its toolbar button) and a 0
    for every property stacks are summed by, so a piece without one counts nothing."""
    if not warnings.enabled:
        return
    container = etree.SubElement(root, M + "properties.GlobalProperties")
    for name, value in warnings.module_properties:
        prop = _global_property(container, name, value)
        if name == SWITCH:
            prop.set("isNumeric", "true")
            prop.set("min", "0")
            prop.set("max", "1")
            prop.set("wrap", "true")
            prop.set("description", "Rules warnings (1 on, 0 off)")
            etree.SubElement(
                prop,
                M + "properties.ChangePropertyButton",
                _attrs(
                    text="Rules warnings",
                    tooltip="Turn the rules warnings in the chat log off or on",
                    icon="",
                    hotkey="",
                    reportFormat="Rules warnings: $newValue$ (1 on, 0 off)",
                    propChanger="I,1",
                ),
            )


def _global_property(parent: etree._Element, name: str, value: str) -> etree._Element:
    return etree.SubElement(
        parent,
        M + "properties.GlobalProperty",
        _attrs(
            name=name,
            initialValue=value,
            description="",
            isNumeric="false",
            min="0",
            max="100",
            wrap="false",
        ),
    )


def _map(
    root: etree._Element,
    board: Board,
    window: bool,
    stacks: Sequence[StartStack],
    warnings: ModuleWarnings,
) -> None:
    moved = "$pieceName$ moves $previousLocation$ -> $location$ *"
    element = etree.SubElement(
        root,
        M + "Map",
        _attrs(
            mapName=board.name,
            description="",
            markMoved="Never",
            markUnmovedText="",
            markUnmovedTooltip="",
            markUnmovedIcon="",
            markUnmovedHotkey="",
            markUnmovedReport="",
            edgeWidth="0",
            edgeHeight="0",
            backgroundcolor="255,255,255",
            allowMultiple="false",
            color="255,0,0",
            thickness="3",
            launch="true" if window else "false",
            buttonName=board.name,
            tooltip=f"Show or hide {board.name}",
            icon="",
            hotkey="",
            showKey="",
            hideKey="",
            onlyReportChangedLocation="false",
            moveWithinFormat=moved,
            moveToFormat=moved,
            createFormat="$pieceName$ created in $location$ *",
            changeFormat="$message$",
            moveKey=MOVED_KEY if warnings.enabled else "",
        ),
    )
    picker = etree.SubElement(
        element,
        MAP + "BoardPicker",
        _attrs(
            title="Choose Boards",
            addColumnText="Add column",
            addRowText="Add row",
            boardPrompt="Select board",
            slotHeight="125",
            slotWidth="350",
            slotScale="0.2",
            maxColumns="0",
        ),
    )
    board_element = etree.SubElement(
        picker,
        BOARD + "Board",
        _attrs(
            name=board.name,
            image=board.image,
            reversible="false",
            width=str(board.size[0]),
            height=str(board.size[1]),
            color="255,255,255",
        ),
    )
    _grid(board_element, board)
    etree.SubElement(
        element,
        MAP + "StackMetrics",
        _attrs(disabled="false", exSepX="6", exSepY="18", unexSepX="2", unexSepY="4"),
    )
    for helper in MAP_HELPERS:
        if helper == "Zoomer":
            etree.SubElement(element, MAP + helper, _zoom(board))
        else:
            etree.SubElement(element, MAP + helper)
    lists = warnings.map_properties.get(board.name, ())
    if lists:
        container = etree.SubElement(element, M + "properties.GlobalProperties")
        for name, value in lists:
            _global_property(container, name, value)
    for stack in stacks:
        stack_element = etree.SubElement(
            element,
            MAP + "SetupStack",
            _attrs(
                name=stack.name,
                owningBoard=board.name,
                useGridLocation="false",
                location="",
                x=str(stack.at[0]),
                y=str(stack.at[1]),
            ),
        )
        for slot in stack.slots:
            _slot(stack_element, slot)


ZOOM_LEVELS = (0.25, 0.333, 0.5, 0.75, 1.0, 1.5, 2.0)


def _zoom(board: Board) -> dict[str, str]:
    """Zoom levels, starting at half size on a big map (a whole front at a glance) and at
    full size on a small one; ``zoomStart`` counts from the most zoomed-in level, from 1."""
    start = 0.5 if max(board.size) > 2500 else 1.0
    return _attrs(
        zoomLevels=",".join(str(level) for level in ZOOM_LEVELS),
        zoomStart=str(len(ZOOM_LEVELS) - ZOOM_LEVELS.index(start)),
    )


def _grid(board_element: etree._Element, board: Board) -> None:
    """The board's grid: numbered, zoned around a background grid, or named points."""
    if not board.zones:
        _background(board_element, board)
        return
    zoned = etree.SubElement(board_element, GRID + "ZonedGrid")
    for zone in board.zones:
        path = ";".join(f"{x},{y}" for x, y in zone.path)
        etree.SubElement(
            zoned,
            GRID + "mapgrid.Zone",
            _attrs(
                name=zone.name,
                locationFormat="$name$",
                path=path,
                useParentGrid="false",
                useHighlight="false",
                highlightProperty="",
            ),
        )
    _background(zoned, board)


def _background(parent: etree._Element, board: Board) -> None:
    if board.numbering is not None:
        _numbered(parent, board.numbering)
    elif board.regions:
        regions = etree.SubElement(
            parent, GRID + "RegionGrid", _attrs(snapto="true", visible="false", fontsize="9")
        )
        for region in board.regions:
            etree.SubElement(
                regions,
                GRID + "Region",
                _attrs(name=region.name, originx=str(region.at[0]), originy=str(region.at[1])),
            )


def _numbered(parent: etree._Element, n: GridNumbering) -> None:
    common = _attrs(
        x0=str(n.x0),
        y0=str(n.y0),
        dx=repr(float(n.dx)),
        dy=repr(float(n.dy)),
        snapTo="true",
        edgesLegal="false",
        cornersLegal="false",
        visible="false",
        dotsVisible="false",
        color="0,0,0",
    )
    numbering = _attrs(
        first=n.first,
        sep=n.sep,
        hType=n.h_type,
        hLeading=str(n.h_leading),
        hOff=str(n.h_off),
        hDescend=_bool(n.h_descend),
        vType=n.v_type,
        vLeading=str(n.v_leading),
        vOff=str(n.v_off),
        vDescend=_bool(n.v_descend),
        locationFormat=n.location_format,
        visible="false",
        fontSize="9",
        color="0,0,0",
        rotateText="0",
        hDrawOff="0",
        vDrawOff="0",
    )
    if n.kind == "hex":
        grid = etree.SubElement(parent, GRID + "HexGrid", {"sideways": _bool(n.sideways), **common})
        numbering["stagger"] = _bool(n.stagger)
        etree.SubElement(grid, GRID + "mapgrid.HexGridNumbering", numbering)
    else:
        grid = etree.SubElement(parent, GRID + "SquareGrid", {"range": "Metric", **common})
        etree.SubElement(grid, GRID + "mapgrid.SquareGridNumbering", numbering)


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _palettes(root: etree._Element, palettes: Sequence[Palette]) -> None:
    window = etree.SubElement(
        root,
        M + "PieceWindow",
        _attrs(
            name="Counters",
            description="",
            hidden="false",
            text="Counters",
            tooltip="Show the counter mix",
            icon="",
            hotkey="",
            scale="1.0",
            defaultWidth="760",
        ),
    )
    tabs = etree.SubElement(
        window, WIDGET + "TabWidget", _attrs(entryName="Counters", description="")
    )
    for palette in palettes:
        # A tab per faction: rows of eight, class after class.
        panel = etree.SubElement(
            tabs,
            WIDGET + "PanelWidget",
            _attrs(
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
                _slot(panel, slot)


def _dice(root: etree._Element, game: Game) -> None:
    seen: set[str] = set()
    for die in game.dice:
        roll = f"{die.count}d{die.sides}"
        # The button says what is rolled; a long name (the game's own words) is its tooltip.
        label = die.name if die.name and len(die.name) <= 14 else roll
        if label in seen:
            label = f"{label} ({roll})" if label != roll else f"{roll} #{len(seen) + 1}"
        seen.add(label)
        etree.SubElement(
            root,
            M + "DiceButton",
            _attrs(
                name=label,
                text=label,
                tooltip=f"{die.name}: roll {roll}" if die.name else f"Roll {roll}",
                icon="",
                hotkey="",
                canDisable="false",
                propertyGate="",
                hideWhenDisabled="false",
                disabledIcon="",
                reportFormat="** $name$ = $result$ *** &lt;$PlayerName$&gt;",
                prompt="false",
                nDice=str(die.count),
                lockDice="false",
                nSides=str(die.sides),
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


def _charts(root: etree._Element, charts: Sequence[tuple[str, str]]) -> None:
    if not charts:
        return
    window = etree.SubElement(
        root,
        M + "ChartWindow",
        _attrs(
            name="Charts",
            description="",
            text="Charts",
            tooltip="Show the charts",
            icon="",
            hotkey="",
        ),
    )
    tabs = etree.SubElement(
        window, WIDGET + "TabWidget", _attrs(entryName="Charts", description="")
    )
    for title, image in charts:
        etree.SubElement(
            tabs, WIDGET + "Chart", _attrs(chartName=title, description="", fileName=image)
        )


def _turns(root: etree._Element, game: Game) -> None:
    turns = game.turns
    tracker = etree.SubElement(
        root,
        M + "turn.TurnTracker",
        _attrs(
            name="Turn",
            description="",
            buttonText="Turn",
            icon="",
            hotkey="",
            nexthotkey="",
            prevhotkey="",
            turnFormat="Turn $level1$ $level2$ $level3$ $level4$",
            reportFormat="* New turn: $newTurn$",
            tooltip="Turn tracker",
            lengthStyle="Maximum",
            length="-1",
        ),
    )
    if turns.labels:
        level = etree.SubElement(
            tracker,
            M + "turn.ListTurnLevel",
            _attrs(
                name="Turn",
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
            _attrs(
                name="Turn",
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
            _attrs(
                name="Phase",
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


def _inventory(root: etree._Element) -> None:
    etree.SubElement(
        root,
        M + "Inventory",
        _attrs(
            name="Units",
            text="Units",
            tooltip="Where every piece is, by side and faction",
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
