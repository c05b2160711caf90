"""Every game's module and scenarios load in real VASSAL with no problem, pieces where set up.

Each game is built once (``--only vmod``); VASSAL loads the module, starts a new game (the
first setup's at-start stacks), and loads every scenario save and predefined setup. Where each
piece lands, VASSAL names from its own grids and zones: it must be the place the setup names,
as our maps print it.
"""

from __future__ import annotations

import json
import zipfile
from collections import Counter
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, SOURCES, built_module, copy_fixture
from tests.vassal.engine import EngineReport, run_engine
from toolkit.build import build_game, selected_targets
from toolkit.load import load_game
from toolkit.load.module import game_from_module
from toolkit.model import Game
from toolkit.model.holdings import holdings_at_start
from toolkit.model.map import location_key
from toolkit.model.position import Position
from toolkit.model.versions import parse_semver
from toolkit.options import BuildOptions
from toolkit.render.artwork import draw_artwork
from toolkit.vassal.format.codec import safe_text
from toolkit.vassal.format.layout import Board, map_name, map_names
from toolkit.vassal.format.piles import pile_names
from toolkit.vassal.read.boards import module_boards
from toolkit.vassal.read.check import check_module
from toolkit.vassal.read.library import check_for_library
from toolkit.vassal.read.positions import position_from_stream
from toolkit.vassal.read.reader import open_archive, read_saved_game, read_xml
from toolkit.vassal.write.module import game_boards
from toolkit.workers import Workers

GAMES = [pytest.param(path, id=path.name) for path in sorted(SOURCES.iterdir()) if path.is_dir()]
GAMES += [
    pytest.param(FIXTURES / name, id=name)
    for name in ("minimal-hex", "minimal-square", "minimal-area", "cards-hex")
]


@pytest.fixture(scope="module", params=GAMES)
def built(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Game, Path]:
    """A game and the folder its module was built into (once per session)."""
    return built_module(Path(request.param), tmp_path_factory)


@pytest.fixture(scope="module")
def engine(built: tuple[Game, Path]) -> EngineReport:
    game, folder = built
    saves = sorted((folder / "scenarios").glob("*.vsav"))
    return run_engine(folder / f"{game.id}.vmod", *saves)


def expected_places(game: Game, setup_index: int) -> Counter[tuple[str, str]]:
    """(VASSAL map name, location name) of every piece a setup places: hexes by their label,
    spaces, boxes and cells by their name."""
    names = map_names(game)
    charts = {chart.id: safe_text(chart.title) for chart in game.charts}
    found: Counter[tuple[str, str]] = Counter()
    for piece in Position.from_setup(game, game.setups[setup_index]).pieces:
        if piece.location is None:
            continue
        location = game.locations[piece.location]
        board = names.get(location.map_id) or charts[location.map_id]
        place = (
            location.label
            if location.kind in ("hex", "square")
            else location.name or location.label
        )
        found[(board, place)] += 1
    return found + expected_holdings(game, setup_index, [*names.values(), *charts.values()])


def expected_holdings(game: Game, setup_index: int, boards: list[str]) -> Counter[tuple[str, str]]:
    """Where VASSAL finds the cards and cup counters a setup deals: in their piles' decks, in
    the hands (maps with no grid), and a sign above every pile."""
    piles = pile_names(game, boards)
    held = holdings_at_start(game, game.setups[setup_index])
    found: Counter[tuple[str, str]] = Counter()
    for deck in held.decks:
        groups = [("draw", deck.draw, None), ("discard", deck.discard, None)]
        groups += [("waiting", cards, joins) for joins, cards in deck.waiting]
        for kind, cards, joins in groups:
            pile = piles.pile(kind, deck.deck.id, joins)
            found[(piles.cards_map, f"deck {pile.name}")] += len(cards)
        if deck.hand and deck.deck.owner is not None:
            found[(piles.hands[deck.deck.owner], "offboard")] += len(deck.hand)
    for cup_id, counters in held.cups.items():
        found[(piles.cards_map, f"deck {piles.pile('cup', cup_id).name}")] += len(counters)
    if piles.piles:
        found[(piles.cards_map, "offboard")] += len(piles.piles)
    return +found


def test_vassal_finds_no_problem(engine: EngineReport) -> None:
    assert engine.problems == []


def test_every_scenario_puts_each_piece_where_the_setup_says(
    built: tuple[Game, Path], engine: EngineReport
) -> None:
    game, _ = built
    for index, setup in enumerate(game.setups):
        expected = expected_places(game, index)
        assert engine.places(f"save {setup.id}.vsav") == expected, setup.id
        assert engine.places(f"setup {setup.name}") == expected, setup.id
    if game.setups:
        assert engine.places("new") == expected_places(game, 0)


REBUILT = {
    "distant-foreign-fields",
    "fatal-alliances",
    "minimal-hex",
    "minimal-square",
    "minimal-area",
    "cards-hex",
}
"""Games built a second time to compare bytes: between them every kind of module part (hex,
square and area maps, decks and hands, hidden stacks, cups, a French module with combat);
building the three other example games twice would test the same code again at a minute's
cost."""


def test_two_builds_give_the_same_module(built: tuple[Game, Path], tmp_path: Path) -> None:
    game, folder = built
    if game.id not in REBUILT:
        pytest.skip("its parts are rebuilt and compared in the games of REBUILT")
    again = build_game(game, tmp_path, selected_targets(["vmod"]), BuildOptions()).folder
    assert (again / f"{game.id}.vmod").read_bytes() == (folder / f"{game.id}.vmod").read_bytes()
    for save in (folder / "scenarios").glob("*.vsav"):
        assert (again / "scenarios" / save.name).read_bytes() == save.read_bytes()


def test_the_archive_is_laid_out_as_vassal_expects(built: tuple[Game, Path]) -> None:
    game, folder = built
    with zipfile.ZipFile(folder / f"{game.id}.vmod") as archive:
        names = archive.namelist()
        assert names[:2] == ["buildFile.xml", "moduledata"]
        assert {info.date_time for info in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
        assert all(n.startswith("images/") for n in names if n.endswith(".png"))
        assert sorted(n for n in names if n.endswith(".vsav")) == sorted(
            f"{s.id}.vsav" for s in game.setups
        )


HOSTILE_NAME = "Alpha;Beta,Gamma/Delta\\Epsilon 'quoted' \"double\" <b>&amp; 第一軍\tTab"
TRAILING = "Ends with a backslash\\"
LEADING = "\\Starts with a backslash"


def test_hostile_names_reach_vassal_intact(tmp_path: Path) -> None:
    """Every delimiter of VASSAL's encodings, markup and CJK text arrive as written; a name
    ending in a backslash (which VASSAL's own encoder corrupts) gets one space after it; one
    starting with a backslash (a token VASSAL's encoder quotes, as ours does) is kept."""
    folder = copy_fixture("minimal-hex", tmp_path)
    units = folder / "counters" / "units.json"
    data = json.loads(units.read_text(encoding="utf-8"))
    data["counters"][0]["name"] = HOSTILE_NAME
    data["counters"][1]["name"] = TRAILING
    data["counters"][2]["name"] = LEADING
    units.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    result = load_game(folder)
    assert result.game is not None, result.report.format_text()
    out = build_game(result.game, tmp_path / "out", selected_targets(["vmod"]), BuildOptions())
    report = run_engine(out.folder / "minimal-hex.vmod", *(out.folder / "scenarios").glob("*.vsav"))
    assert report.problems == []
    names = {name for _, _, name in report.games["new"]}
    assert HOSTILE_NAME.replace("\t", " ") in {piece for _, piece in report.slots}
    assert {HOSTILE_NAME.replace("\t", " "), TRAILING + " ", LEADING} <= names
    assert LEADING in {piece for _, piece in report.slots}
    assert LEADING in {name for _, _, name in report.games["save meeting.vsav"]}


HOSTILE_MAP = "\\Russia 1941/42; <b>&amp;\tFront"
"""A map name with every delimiter, markup, and a leading backslash (which VASSAL's own board
choice cannot match unless the name is written with a space before it)."""
HOSTILE_CHARTS = ("hostile-track", "hostile-display")
"""Charts of the charts-hostile fixture whose titles ('/', ';', a TAB, markup) name boards."""


def hostile_boards_game(tmp_path: Path) -> Game:
    """The minimal hex game with its map, a track and a display named with every delimiter of
    VASSAL's encodings and markup, and a piece of its scenario on each of them."""
    folder = copy_fixture("minimal-hex", tmp_path)
    valley = folder / "maps" / "valley.json"
    data = json.loads(valley.read_text(encoding="utf-8"))
    data["name"] = HOSTILE_MAP
    valley.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    for chart in HOSTILE_CHARTS:
        source = FIXTURES / "charts-hostile" / "charts" / f"{chart}.json"
        (folder / "charts" / f"{chart}.json").write_bytes(source.read_bytes())
    meeting = folder / "setups" / "meeting.json"
    setup = json.loads(meeting.read_text(encoding="utf-8"))
    for placement in setup["placements"]:
        if placement["at"] == "valley:1005":
            placement["at"] = "hostile-display:two"
    setup["placements"].append({"at": "hostile-track:&amp;", "pieces": ["turn"]})
    meeting.write_text(json.dumps(setup, ensure_ascii=False), encoding="utf-8")
    result = load_game(folder)
    assert result.game is not None, result.report.format_text()
    return result.game


def test_hostile_map_and_board_names_keep_every_piece_on_its_board(tmp_path: Path) -> None:
    """A map's and boards' names with '/', ';', a TAB and markup reach VASSAL's board choice
    escaped: in a new game, the scenario's save and its predefined setup, VASSAL puts every
    piece on its map at its location, none off the board."""
    game = hostile_boards_game(tmp_path)
    out = build_game(game, tmp_path / "out", selected_targets(["vmod"]), BuildOptions())
    report = run_engine(out.folder / f"{game.id}.vmod", out.folder / "scenarios" / "meeting.vsav")
    assert report.problems == []
    expected = expected_places(game, 0)
    shown = {map_name(name) for name in (HOSTILE_MAP, *(c.title for c in game.charts))}
    assert {board for board, _ in expected} <= shown
    assert len({board for board, _ in expected}) == 3  # the map, the track and the display
    for loaded in ("new", "save meeting.vsav", "setup Meeting Engagement"):
        assert report.places(loaded) == expected, loaded
        assert all(location != "offboard" for _, location, _ in report.games[loaded]), loaded


def test_the_module_carries_the_game_itself(built: tuple[Game, Path]) -> None:
    """A checker can load the very game from the module, with nothing else at hand."""
    game, folder = built
    with game_from_module(folder / f"{game.id}.vmod") as result:
        carried = result.game
        assert carried is not None, result.report.format_text()
        assert carried.id == game.id
        assert [c.id for c in carried.counters] == [c.id for c in game.counters]
        assert [r.id for r in carried.rules] == [r.id for r in game.rules]
        assert dict(carried.sources) == dict(game.sources)


@pytest.mark.parametrize(
    ("entries", "says"),
    [
        ({"buildFile.xml": b"<x/>"}, "carries no game sources"),
        ({"game/../../evil.json": b"{}"}, "would leave the game folder"),
        ({"game/\\..\\evil.json": b"{}"}, "would leave the game folder"),
    ],
)
def test_a_hostile_module_is_one_clear_line(
    tmp_path: Path, entries: dict[str, bytes], says: str
) -> None:
    module = tmp_path / "hostile.vmod"
    with zipfile.ZipFile(module, "w") as archive:
        for name, content in entries.items():
            archive.writestr(name, content)
    with game_from_module(module) as result:
        assert result.game is None
        assert says in result.report.format_text()
    assert not (tmp_path.parent / "evil.json").exists()


def test_not_a_module_at_all(tmp_path: Path) -> None:
    junk = tmp_path / "junk.vmod"
    junk.write_bytes(b"\x00not a zip")
    with game_from_module(junk) as result:
        assert result.game is None
        assert "not a readable module archive" in result.report.format_text()


def test_our_own_validator_finds_nothing(built: tuple[Game, Path]) -> None:
    """toolkit vmod-check, the pure-Python judge, agrees with VASSAL on every game."""
    game, folder = built
    saves = sorted((folder / "scenarios").glob("*.vsav"))
    problems = check_module(folder / f"{game.id}.vmod", saves)
    assert [p.format() for p in problems] == []


def test_the_game_library_accepts_the_module_and_every_save(built: tuple[Game, Path]) -> None:
    """The VASSAL Game Library's upload checks pass for the module and each scenario's save,
    uploaded as the game's release."""
    game, folder = built
    files = sorted(path for path in folder.rglob("*") if path.is_file())
    saves = [path for path in files if path.suffix == ".vsav"]
    assert folder / f"{game.id}.vmod" in files and len(saves) == len(game.setups)
    refused = check_for_library(files, parse_semver(game.version))
    assert [d.format() for d in refused] == []


@pytest.fixture(scope="module")
def drawn_boards(built: tuple[Game, Path]) -> list[Board]:
    """The game's boards as the module writer lays them out from the drawn maps."""
    game, _ = built
    with Workers(game) as workers:
        places = draw_artwork(game, workers, counters=False)
    return game_boards(game, places, dpi=game.print.dpi)


def test_each_scenario_reads_back_as_its_setup(
    built: tuple[Game, Path], drawn_boards: list[Board]
) -> None:
    """A saved game read back gives the setup's position: same counters, places and faces."""
    game, folder = built
    boards = drawn_boards
    for setup in game.setups:
        with open_archive(folder / "scenarios" / f"{setup.id}.vsav") as archive:
            reading = position_from_stream(game, boards, read_saved_game(archive))
        assert reading.problems == ()
        expected = Counter(
            (p.counter, p.location, p.face)
            for p in Position.from_setup(game, setup).pieces
            if p.location is not None
        )
        read = Counter((p.counter, p.location, p.face) for p in reading.position.pieces)
        assert read == expected, setup.id


def _laid_out(board: Board) -> tuple[object, ...]:
    """What reading a save needs of a board, its image and the outlines aside (a nested
    space's square is as large as the module's pieces, which a map drawn alone lacks, so the
    zones, ordered smallest first, are compared as a set; the scenarios read back alike)."""
    zones = tuple(sorted((zone.name, zone.label) for zone in board.zones))
    return (board.map_id, board.name, board.size, board.numbering, zones, board.regions)


def test_the_boards_read_from_the_build_file_are_the_drawn_ones(
    built: tuple[Game, Path], drawn_boards: list[Board]
) -> None:
    """A log is read without drawing a map: the build file's boards have the same grids,
    zones and regions, every hex and square within two pixels of its drawn centre, and they
    read every scenario the same."""
    game, folder = built
    with open_archive(folder / f"{game.id}.vmod") as archive:
        read = module_boards(game, read_xml(archive.read("buildFile.xml"), "buildFile.xml"))
    assert [_laid_out(b) for b in read] == [_laid_out(b) for b in drawn_boards]
    for drawn, board in zip(drawn_boards, read, strict=True):
        assert board.centres.keys() == drawn.centres.keys(), board.name
        cells = [
            label
            for label in drawn.centres
            if game.locations[location_key(drawn.map_id, label)].kind in ("hex", "square")
        ]
        far = {
            label: (drawn.centres[label], board.centres[label])
            for label in cells
            if max(
                abs(a - b) for a, b in zip(drawn.centres[label], board.centres[label], strict=True)
            )
            > 2
        }
        assert far == {}, board.name
    for setup in game.setups:
        with open_archive(folder / "scenarios" / f"{setup.id}.vsav") as archive:
            stream = read_saved_game(archive)
        assert position_from_stream(game, read, stream) == position_from_stream(
            game, drawn_boards, stream
        )
