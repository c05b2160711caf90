"""What a VASSAL 3.6/3.7 build file may hold: component classes, their attributes, and which
attributes name images or other files of the archive.

VASSAL builds each element by loading the class its tag names (a misspelt class is reported as
a bug and the component is lost) and hands each attribute to that class, which silently ignores
names it does not know. The tables follow VASSAL's own source (the ``release-3.7`` branch).
"""

from __future__ import annotations

GAME_MODULE = "VASSAL.build.GameModule"
LEGACY_GAME_MODULE = "VASSAL.launch.BasicModule"
MODULE_ROOTS = frozenset({GAME_MODULE, LEGACY_GAME_MODULE})
"""What a module's build file starts with (the second in modules older than VASSAL 3.2)."""
EXTENSION_ROOT = "VASSAL.build.module.ModuleExtension"
"""What an extension's build file starts with; each child adds components to the module."""

_M = "VASSAL.build.module."
_MAP = _M + "map."
_BOARD = _MAP + "boardPicker."
_GRID = _BOARD + "board."
_NUMBERING = _GRID + "mapgrid."
_WIDGET = "VASSAL.build.widget."

MAP = _M + "Map"
PRIVATE_MAP = _M + "PrivateMap"
PLAYER_HAND = _M + "PlayerHand"
MAP_CLASSES = frozenset({MAP, PRIVATE_MAP, PLAYER_HAND})
"""Components that are maps (their ``mapName`` is what saved games refer to)."""
BOARD_PICKER = _MAP + "BoardPicker"
BOARD = _BOARD + "Board"
HEX_GRID = _GRID + "HexGrid"
SQUARE_GRID = _GRID + "SquareGrid"
REGION_GRID = _GRID + "RegionGrid"
REGION = _GRID + "Region"
ZONED_GRID = _GRID + "ZonedGrid"
ZONE = _NUMBERING + "Zone"
HEX_NUMBERING = _NUMBERING + "HexGridNumbering"
SQUARE_NUMBERING = _NUMBERING + "SquareGridNumbering"
SETUP_STACK = _MAP + "SetupStack"
PIECE_SLOT = _WIDGET + "PieceSlot"
CARD_SLOT = _WIDGET + "CardSlot"
PROTOTYPE = _M + "PrototypeDefinition"
PREDEFINED_SETUP = _M + "PredefinedSetup"
HTML_CHART = _WIDGET + "HtmlChart"
DICE_BUTTON = _M + "DiceButton"
COMMAND_ENCODER = _M + "BasicCommandEncoder"
FLARE = _MAP + "Flare"
GLOBAL_MAP = _MAP + "GlobalMap"
NOTES_WINDOW = _M + "NotesWindow"
HELP_FILE = _M + "documentation.HelpFile"
BROWSER_PDF_FILE = _M + "documentation.BrowserPDFFile"

KNOWN_CLASSES = MODULE_ROOTS | frozenset(
    {
        _M + name
        for name in (
            "BasicCommandEncoder BasicLogger ChartWindow Chatter ChessClockControl "
            "ConnectionWindow DiceButton DieManager DoActionButton Documentation EventLog "
            "ExtensionElement GameRefresher GameState GlobalKeyCommand GlobalOptions "
            "InternetDiceButton Inventory KeyNamer Map ModuleExtension MultiActionButton "
            "NotesWindow PieceWindow PlayerHand PlayerRoster "
            "PredefinedSetup PrivateMap PrototypeDefinition PrototypesContainer RandomTextButton "
            "SpecialDiceButton SpecialDie SpecialDieFace StartupGlobalKeyCommand ToolbarMenu "
            "chessclockcontrol.ChessClock "
            "documentation.AboutScreen documentation.BrowserHelpFile documentation.BrowserPDFFile "
            "documentation.HelpFile documentation.Tutorial "
            "folder.DeckSubFolder folder.GlobalPropertyFolder folder.MapSubFolder "
            "folder.ModuleSubFolder folder.PrototypeFolder "
            "gamepieceimage.ColorManager gamepieceimage.ColorSwatch gamepieceimage.FontManager "
            "gamepieceimage.FontStyle gamepieceimage.GamePieceImage "
            "gamepieceimage.GamePieceImageDefinitions gamepieceimage.GamePieceLayout "
            "gamepieceimage.GamePieceLayoutsContainer "
            "properties.BooleanScenarioProperty properties.ChangePropertyButton "
            "properties.GlobalProperties properties.GlobalProperty "
            "properties.GlobalTranslatableMessage properties.GlobalTranslatableMessages "
            "properties.ListScenarioProperty properties.NumberScenarioProperty "
            "properties.ScenarioPropertiesOptionTab properties.StringScenarioProperty "
            "properties.ZoneProperty "
            "turn.CounterTurnLevel turn.ListTurnLevel turn.TurnGlobalHotkey turn.TurnTracker"
        ).split()
    }
    | {
        _MAP + name
        for name in (
            "BoardPicker CounterDetailViewer DeckGlobalKeyCommand DrawPile Flare ForwardToChatter "
            "ForwardToKeyBuffer GlobalMap HandMetrics HidePiecesButton HighlightLastMoved "
            "ImageSaver KeyBufferer LOS_Thread LayerControl LayeredPieceCollection MapCenterer "
            "MapShader MassKeyCommand MenuDisplayer MoveCameraButton PieceMover PieceRecenterer "
            "Scroller SelectionHighlighter SelectionHighlighters SetupStack StackExpander "
            "StackMetrics TextSaver Zoomer deck.DeckSendKeyCommand deck.DeckSortKeyCommand "
            "boardPicker.Board boardPicker.board.HexGrid boardPicker.board.Region "
            "boardPicker.board.RegionGrid boardPicker.board.SquareGrid boardPicker.board.ZonedGrid "
            "boardPicker.board.mapgrid.HexGridNumbering "
            "boardPicker.board.mapgrid.SquareGridNumbering boardPicker.board.mapgrid.Zone "
            "boardPicker.board.mapgrid.ZoneHighlight "
            "boardPicker.board.mapgrid.ZonedGridHighlighter"
        ).split()
    }
    | {
        _WIDGET + name
        for name in (
            "BoxWidget CardSlot Chart HtmlChart ListWidget MapWidget PanelWidget PieceSlot "
            "TabWidget WidgetMap"
        ).split()
    }
    | {
        "VASSAL.preferences." + name
        for name in (
            "BooleanPreference DoublePreference EnumPreference IntegerPreference "
            "StringPreference TextPreference"
        ).split()
    }
    | {
        "VASSAL.i18n." + name
        for name in "Language Localization TranslatableMarker Translation VassalTranslation".split()
    }
)
"""Every component class a module's build file may name (VASSAL 3.7)."""

PLAIN_CHILDREN: dict[str, frozenset[str] | None] = {
    _M + "PlayerRoster": None,
    _M + "GlobalOptions": frozenset({"option"}),
    BOARD_PICKER: frozenset({"setup"}),
}
"""Components that read some child elements themselves (``None``: all of them), so those
children are data, not classes."""

_TOOLBAR = frozenset(
    {"name", "text", "tooltip", "icon", "hotkey"}
    | {"canDisable", "propertyGate", "hideWhenDisabled", "disabledIcon"}
)
_NUMBERING_ATTRIBUTES = frozenset(
    {"first", "sep", "hType", "hLeading", "hOff", "hDescend", "vType", "vLeading", "vOff"}
    | {"vDescend", "locationFormat", "visible", "fontSize", "color", "rotateText"}
    | {"hDrawOff", "vDrawOff"}
)
_GRID_ATTRIBUTES = frozenset(
    {"x0", "y0", "dx", "dy", "snapTo", "edgesLegal", "cornersLegal", "visible", "dotsVisible"}
    | {"color"}
)

KNOWN_ATTRIBUTES: dict[str, frozenset[str]] = {
    MAP: frozenset(
        {"mapName", "description", "markMoved", "markUnmovedText", "markUnmovedTooltip"}
        | {"markUnmovedIcon", "markUnmovedHotkey", "markUnmovedReport", "edge", "edgeWidth"}
        | {"edgeHeight", "backgroundcolor", "allowMultiple", "color", "thickness", "launch"}
        | {"suppressAuto", "buttonName", "tooltip", "icon", "hotkey", "showKey", "hideKey"}
        | {"onlyReportChangedLocation", "moveWithinFormat", "moveToFormat", "createFormat"}
        | {"changeFormat", "moveKey"}
    ),
    BOARD: frozenset({"name", "image", "reversible", "width", "height", "color"}),
    HEX_GRID: _GRID_ATTRIBUTES | {"sideways", "snapscale"},
    SQUARE_GRID: _GRID_ATTRIBUTES | {"range"},
    REGION_GRID: frozenset({"snapto", "visible", "fontsize"}),
    REGION: frozenset({"name", "originx", "originy"}),
    ZONE: frozenset(
        {"name", "path", "useParentGrid", "locationFormat", "useHighlight", "highlightProperty"}
    ),
    HEX_NUMBERING: _NUMBERING_ATTRIBUTES | {"stagger"},
    SQUARE_NUMBERING: _NUMBERING_ATTRIBUTES,
    SETUP_STACK: frozenset({"name", "owningBoard", "useGridLocation", "location", "x", "y"}),
    PIECE_SLOT: frozenset({"entryName", "gpid", "width", "height"}),
    PROTOTYPE: frozenset({"name", "description"}),
    PREDEFINED_SETUP: frozenset({"name", "description", "isMenu", "useFile", "file"}),
    DICE_BUTTON: _TOOLBAR
    | {"label", "reportFormat", "prompt", "nDice", "lockDice", "nSides", "lockSides", "plus"}
    | {"lockPlus", "addToTotal", "lockAdd", "reportTotal", "sortDice", "keepDice"}
    | {"keepOption", "keepCount"},
    FLARE: frozenset(
        {"flareName", "description", "flareKey", "circleSize", "circleColor", "circleScale"}
        | {"flarePulses", "flarePulsesPerSec", "reportFormat"}
    ),
    GLOBAL_MAP: frozenset({"tooltip", "buttonText", "icon", "hotkey", "scale", "color"}),
    # a toolbar item without a name, its text under the legacy key
    NOTES_WINDOW: frozenset({"buttonText", "tooltip", "icon", "hotkey", "canDisable"})
    | {"propertyGate", "hideWhenDisabled", "disabledIcon", "description"},
    HELP_FILE: frozenset({"title", "fileName", "vassalDoc", "image", "fileType"}),
    BROWSER_PDF_FILE: frozenset({"title", "pdfFile"}),
}
"""The attributes the best-known components read; any other is silently ignored by VASSAL."""

IMAGE_ATTRIBUTES: dict[str, frozenset[str]] = {
    BOARD: frozenset({"image"}),
    _WIDGET + "Chart": frozenset({"fileName"}),
    _M + "documentation.AboutScreen": frozenset({"fileName"}),
}
"""Attributes of particular components that name an image in ``images/``."""

ICON_ATTRIBUTES = frozenset({"icon", "disabledIcon", "buttonIcon", "markUnmovedIcon"})
"""Attributes that name an image on any component (toolbar buttons and the like)."""

FILE_ATTRIBUTES: dict[str, frozenset[str]] = {
    HTML_CHART: frozenset({"fileName"}),
    BROWSER_PDF_FILE: frozenset({"pdfFile"}),
    HELP_FILE: frozenset({"fileName"}),
}
"""Attributes that name another entry of the archive directly (not under ``images/``)."""

HELP_FILE_IN_ARCHIVE = "archive"
"""The ``fileType`` of a help file whose ``fileName`` is an entry of the archive (VASSAL's
default); the other two name a resource of VASSAL itself or a file of the player's disk."""
