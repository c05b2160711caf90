"""A map window in buildFile.xml: the Map with its one board, the board's grid, the helpers
that make it playable (a flare among them, and an overview window on a large map), its
rules-warning location lists, and its at-start stacks.

A board's grid is written with every attribute explicit: VASSAL's defaults are not what a module
wants (a hex grid's numbering staggers by default), so nothing is left to them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from lxml import etree  # type: ignore[import-untyped]

from toolkit.catalogue import ENGLISH, Words
from toolkit.vassal.format.layout import Board
from toolkit.vassal.format.numbering import GridNumbering
from toolkit.vassal.write.elements import (
    BOARD,
    GRID,
    MAP,
    M,
    Slot,
    attrs,
    global_property,
    piece_slot,
    text,
    xml_bool,
)
from toolkit.vassal.write.warnings import MOVED_KEY, ModuleWarnings

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
HAND_WITHOUT = frozenset({"StackExpander", "CounterDetailViewer"})
"""What a player hand leaves out, as VASSAL's own new hand does: its cards lie side by side."""


@dataclass(frozen=True, slots=True)
class StartStack:
    """An at-start stack: pieces placed on a board when a new game starts."""

    name: str
    board: str
    at: tuple[int, int]
    slots: tuple[Slot, ...]


def map_window(
    root: etree._Element,
    board: Board,
    window: bool,
    stacks: Sequence[StartStack],
    warnings: ModuleWarnings,
    hand_of: str | None = None,
    colour: str = "255,255,255",
    say: Words = ENGLISH,
) -> etree._Element:
    """The Map element of one board; ``window``: opened from the toolbar, not at start;
    ``hand_of``: a side's name, whose player hand (a map only that side sees) it is;
    ``colour``: the board's where it has no image."""
    moved = say("module.report.moves")
    hand = (
        {"side": text(hand_of), "visible": "false"} if hand_of is not None else {}
    )  # a hand's own attributes come first: VASSAL reads them before the map's
    element = etree.SubElement(
        root,
        M + ("Map" if hand_of is None else "PlayerHand"),
        hand
        | attrs(
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
            tooltip=say("module.map.show-or-hide", map=board.name),
            icon="",
            hotkey="",
            showKey="",
            hideKey="",
            onlyReportChangedLocation="false",
            moveWithinFormat=moved,
            moveToFormat=moved,
            createFormat=say("module.report.created"),
            changeFormat="$message$",
            moveKey=MOVED_KEY if warnings.enabled else "",
        ),
    )
    picker = etree.SubElement(
        element,
        MAP + "BoardPicker",
        attrs(
            title=say("module.boards.title"),
            addColumnText=say("module.boards.add-column"),
            addRowText=say("module.boards.add-row"),
            boardPrompt=say("module.boards.prompt"),
            slotHeight="125",
            slotWidth="350",
            slotScale="0.2",
            maxColumns="0",
        ),
    )
    board_element = etree.SubElement(
        picker,
        BOARD + "Board",
        attrs(
            name=board.name,
            image=board.image,
            reversible="false",
            width=str(board.size[0]),
            height=str(board.size[1]),
            color=colour,
        ),
    )
    _grid(board_element, board)
    if hand_of is None:  # a hand makes its own, which lays cards side by side
        etree.SubElement(
            element,
            MAP + "StackMetrics",
            attrs(disabled="false", exSepX="6", exSepY="18", unexSepX="2", unexSepY="4"),
        )
    for helper in MAP_HELPERS:
        if hand_of is not None and helper in HAND_WITHOUT:
            continue
        if helper == "Zoomer":
            etree.SubElement(element, MAP + helper, _zoom(board))
        else:
            etree.SubElement(element, MAP + helper)
    etree.SubElement(element, MAP + "Flare", flare(say))
    if is_large(board):
        etree.SubElement(element, MAP + "GlobalMap", _overview(board, say))
    lists = warnings.map_properties.get(board.name, ())
    if lists:
        container = etree.SubElement(element, M + "properties.GlobalProperties")
        for name, value in lists:
            global_property(container, name, value)
    for stack in stacks:
        stack_element = etree.SubElement(
            element,
            MAP + "SetupStack",
            attrs(
                name=stack.name,
                owningBoard=board.name,
                useGridLocation="false",
                location="",
                x=str(stack.at[0]),
                y=str(stack.at[1]),
            ),
        )
        for slot in stack.slots:
            piece_slot(stack_element, slot)
    return element


def flare(say: Words) -> dict[str, str]:
    """The flare: Alt-click on the map and a red circle pulses there on every player's screen,
    and the chat log says who pointed where (in the game's language). Alt is VASSAL's own
    default, so players who know other modules know it too (Ctrl-click and Shift-click already
    select pieces)."""
    return attrs(
        flareName="Flare",
        description="",
        flareKey="keyAlt",
        circleSize="100",
        circleColor="255,0,0",
        circleScale="true",
        flarePulses="6",
        flarePulsesPerSec="3",
        reportFormat=say("module.report.flare"),
    )


SCREEN = (1920, 1080)
"""A typical screen, in pixels (full HD)."""
OVERVIEW_BOX = (400, 300)
"""The most room an overview window takes in the corner of its map, in pixels."""


def is_large(board: Board) -> bool:
    """Whether a board needs an overview window: at 100 % it is wider and taller than a
    typical screen (:data:`SCREEN`), so the map window shows only a part of it at a time.
    A board larger one way only (a long track, a tall chart) scrolls one way and needs none."""
    width, height = board.size
    return width > SCREEN[0] and height > SCREEN[1]


def overview_scale(board: Board) -> float:
    """The overview's scale: the whole board fits :data:`OVERVIEW_BOX` (rounded down, so it
    never overflows it)."""
    width, height = board.size
    scale = min(OVERVIEW_BOX[0] / width, OVERVIEW_BOX[1] / height)
    return math.floor(scale * 10_000) / 10_000


def _overview(board: Board, say: Words) -> dict[str, str]:
    """The overview window (VASSAL's GlobalMap): the whole board small in a corner of its
    map, the part in view framed in red; a click there centres the map on it. Its toolbar
    button shows and hides it."""
    return attrs(
        tooltip=say("module.overview.tooltip"),
        buttonText=say("module.overview.button"),
        icon="",
        hotkey="",
        scale=repr(overview_scale(board)),
        color="255,0,0",
    )


ZOOM_LEVELS = (0.25, 0.333, 0.5, 0.75, 1.0, 1.5, 2.0)


def _zoom(board: Board) -> dict[str, str]:
    """Zoom levels, starting at half size on a big map (a whole front at a glance) and at
    full size on a small one; ``zoomStart`` counts from the most zoomed-in level, from 1."""
    start = 0.5 if max(board.size) > 2500 else 1.0
    return attrs(
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
            attrs(
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
            parent, GRID + "RegionGrid", attrs(snapto="true", visible="false", fontsize="9")
        )
        for region in board.regions:
            etree.SubElement(
                regions,
                GRID + "Region",
                attrs(name=region.name, originx=str(region.at[0]), originy=str(region.at[1])),
            )


def _numbered(parent: etree._Element, n: GridNumbering) -> None:
    common = attrs(
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
    numbering = attrs(
        first=n.first,
        sep=n.sep,
        hType=n.h_type,
        hLeading=str(n.h_leading),
        hOff=str(n.h_off),
        hDescend=xml_bool(n.h_descend),
        vType=n.v_type,
        vLeading=str(n.v_leading),
        vOff=str(n.v_off),
        vDescend=xml_bool(n.v_descend),
        locationFormat=n.location_format,
        visible="false",
        fontSize="9",
        color="0,0,0",
        rotateText="0",
        hDrawOff="0",
        vDrawOff="0",
    )
    if n.kind == "hex":
        grid = etree.SubElement(
            parent, GRID + "HexGrid", {"sideways": xml_bool(n.sideways), **common}
        )
        numbering["stagger"] = xml_bool(n.stagger)
        etree.SubElement(grid, GRID + "mapgrid.HexGridNumbering", numbering)
    else:
        grid = etree.SubElement(parent, GRID + "SquareGrid", {"range": "Metric", **common})
        etree.SubElement(grid, GRID + "mapgrid.SquareGridNumbering", numbering)
